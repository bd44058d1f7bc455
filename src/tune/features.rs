//! The evaluation as a linear function of its weights, and the sparse features of a position.
//!
//! Every evaluation term is tapered: term `t` of [`crate::eval::layout`] has a middlegame parameter
//! `2t` and an endgame parameter `2t + 1`. A position's White-view evaluation is
//! `offset + sum over terms of count * (rho * mg + (1 - rho) * eg)` with `rho = phase / PHASE_TOTAL`
//! and `count` the White count minus the Black count of the term. The counts come from the
//! evaluator's own term code ([`crate::eval::features`]), so the model is the evaluator.

use crate::eval::layout::{MATERIAL, PST, TERMS as LAYOUT_TERMS};
use crate::eval::pst::{PHASE_TOTAL, TEMPO};
use crate::eval::{Sink, hand::HAND, params::WEIGHTS};
use shakmaty::{Chess, Color, Position};

/// Number of roles (pawn to king).
pub const ROLES: usize = 6;
/// Number of tapered terms.
pub const TERMS: usize = LAYOUT_TERMS;
/// Number of parameters (a middlegame and an endgame value per term).
pub const PARAMS: usize = 2 * TERMS;

/// The material term of role index `r` (`Role as usize - 1`).
pub const fn material_term(r: usize) -> usize {
    MATERIAL + r
}

/// The piece-square term of role index `r` and table entry `i`.
pub const fn pst_term(r: usize, i: usize) -> usize {
    PST + r * 64 + i
}

/// Every weight in integer form, as [`crate::eval::params`] holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// `(mg, eg)` per term, indexed as in [`crate::eval::layout`].
    pub weights: Vec<(i32, i32)>,
}

impl EvalParams {
    /// The values the engine is built with.
    pub fn current() -> Self {
        Self { weights: WEIGHTS.to_vec() }
    }

    /// The hand-set values of [`crate::eval::hand`].
    pub fn hand() -> Self {
        Self { weights: HAND.to_vec() }
    }

    /// Plain material (100, 300, 300, 500, 900) and every other weight 0: tuning from scratch.
    pub fn material_only() -> Self {
        let mut weights = vec![(0, 0); TERMS];
        for (r, v) in [100, 300, 300, 500, 900].into_iter().enumerate() {
            weights[material_term(r)] = (v, v);
        }
        Self { weights }
    }

    /// The flat parameter vector (see the module documentation for the layout).
    pub fn to_vec(&self) -> Vec<f64> {
        self.weights.iter().flat_map(|&(mg, eg)| [f64::from(mg), f64::from(eg)]).collect()
    }

    /// From a flat parameter vector, rounding to whole centipawns.
    pub fn from_vec(v: &[f64]) -> Self {
        assert_eq!(v.len(), PARAMS);
        let round = |x: f64| x.round() as i32;
        Self { weights: v.chunks(2).map(|p| (round(p[0]), round(p[1]))).collect() }
    }
}

/// The features of one position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Features {
    /// Middlegame weight `phase / PHASE_TOTAL`.
    pub rho: f32,
    /// The fixed (untuned) part of the White-view evaluation: the tempo bonus.
    pub offset: f32,
    /// Nonzero `(term, White count minus Black count)` pairs.
    pub terms: Vec<(u16, i8)>,
}

/// Collects White-minus-Black counts per term.
struct Counter(Vec<i32>);

impl Sink for Counter {
    fn add(&mut self, color: Color, term: usize, count: i32) {
        self.0[term] += if color == Color::White { count } else { -count };
    }
}

/// The features of `chess`, from the evaluator's own term code.
pub fn features(chess: &Chess) -> Features {
    let mut counts = Counter(vec![0; TERMS]);
    let phase = crate::eval::features(chess, &mut counts);
    let terms = counts
        .0
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != 0)
        .map(|(t, c)| (t as u16, (*c).clamp(-128, 127) as i8))
        .collect();
    let tempo = if chess.turn() == Color::White { TEMPO } else { -TEMPO };
    Features { rho: phase as f32 / PHASE_TOTAL as f32, offset: tempo as f32, terms }
}

/// The White-view evaluation of features under parameters `theta`.
pub fn linear_eval(f: &Features, theta: &[f64]) -> f64 {
    let rho = f64::from(f.rho);
    let sum: f64 = f
        .terms
        .iter()
        .map(|&(t, c)| f64::from(c) * (rho * theta[2 * t as usize] + (1.0 - rho) * theta[2 * t as usize + 1]))
        .sum();
    f64::from(f.offset) + sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    #[test]
    fn linear_model_matches_the_evaluator() {
        let theta = EvalParams::current().to_vec();
        for line in include_str!("../../tests/data/wac40.epd").lines() {
            let fen: String = line.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
            let chess: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            let white = linear_eval(&features(&chess), &theta);
            let stm = crate::eval::evaluate(&chess).raw() as f64;
            let stm_linear = if chess.turn() == Color::White { white } else { -white };
            // The engine rounds the tapered sum to whole centipawns.
            assert!((stm - stm_linear).abs() < 1.0, "{fen}: {stm} vs {stm_linear}");
        }
    }

    #[test]
    fn vector_round_trip() {
        let p = EvalParams::hand();
        assert_eq!(EvalParams::from_vec(&p.to_vec()), p);
    }
}
