//! The evaluation as a linear function of its weights, and the sparse features of a position.
//!
//! Every evaluation term is tapered: term `t` of [`crate::eval::layout`] has a middlegame parameter
//! `2t` and an endgame parameter `2t + 1`. A position's White-view evaluation is
//! `offset + sum over terms of count * (rho * mg + (1 - rho) * scale * eg)` with
//! `rho = phase / PHASE_TOTAL`, `scale` the endgame scale factor over `SCALE_NORMAL`
//! ([`crate::eval::scale`]) and `count` the White count minus the Black count of the term. The counts
//! come from the evaluator's own term code ([`crate::eval::features`]), so the model is the evaluator.
//!
//! The scale is taken as given per position: it is computed once, with the weights the engine is
//! built with deciding which side is stronger (the sign of the endgame sum), and a fit does not move
//! it. A position the scale calls a draw has the constant value 0 (no terms, no offset).

use crate::eval::layout::{MATERIAL, PST, TERMS as LAYOUT_TERMS};
use crate::eval::pst::{PHASE_TOTAL, TEMPO};
use crate::eval::scale::{self, SCALE_DRAW, SCALE_NORMAL};
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
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    /// Middlegame weight `phase / PHASE_TOTAL`.
    pub rho: f32,
    /// The fixed (untuned) part of the White-view evaluation: the tempo bonus.
    pub offset: f32,
    /// The endgame half's scale, `factor / SCALE_NORMAL` (see [`crate::eval::scale`]).
    pub scale: f32,
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
    let white_eg: i32 = counts.0.iter().zip(WEIGHTS.iter()).map(|(c, w)| c * w.1).sum();
    let factor = scale::of(chess.board(), white_eg).factor;
    if factor == SCALE_DRAW {
        return Features { rho: 0.0, offset: 0.0, scale: 0.0, terms: Vec::new() };
    }
    let tempo = if chess.turn() == Color::White { TEMPO } else { -TEMPO };
    let scale = factor as f32 / SCALE_NORMAL as f32;
    Features { rho: phase as f32 / PHASE_TOTAL as f32, offset: tempo as f32, scale, terms }
}

/// The White-view evaluation of features under parameters `theta`.
pub fn linear_eval(f: &Features, theta: &[f64]) -> f64 {
    let (rho, eg) = (f64::from(f.rho), (1.0 - f64::from(f.rho)) * f64::from(f.scale));
    let sum: f64 = f
        .terms
        .iter()
        .map(|&(t, c)| f64::from(c) * (rho * theta[2 * t as usize] + eg * theta[2 * t as usize + 1]))
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
        let wac = include_str!("../../tests/data/wac40.epd").lines();
        let wac = wac.map(|line| line.split_whitespace().take(4).collect::<Vec<_>>().join(" "));
        // The endgame-scaling cases, with either side to move: the scale is part of the model.
        let scaled = crate::eval::scale::tests::case_fens().flat_map(|f| [f.to_string(), f.replace(" w ", " b ")]);
        let (mut partly, mut drawn) = (0, 0);
        for fen in wac.chain(scaled) {
            let chess: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            let f = features(&chess);
            partly += usize::from(f.scale > 0.0 && f.scale < 1.0);
            drawn += usize::from(f.scale == 0.0);
            let white = linear_eval(&f, &theta);
            let stm = crate::eval::evaluate(&chess).raw() as f64;
            let stm_linear = if chess.turn() == Color::White { white } else { -white };
            // The engine rounds the tapered sum to whole centipawns.
            assert!((stm - stm_linear).abs() < 1.0, "{fen}: {stm} vs {stm_linear}");
        }
        assert!(partly >= 20 && drawn >= 8, "{partly} scaled, {drawn} drawn");
    }

    #[test]
    fn vector_round_trip() {
        let p = EvalParams::hand();
        assert_eq!(EvalParams::from_vec(&p.to_vec()), p);
    }
}
