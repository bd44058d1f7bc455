//! The evaluation as a linear function of its parameters, and the sparse features of a position.
//!
//! Every evaluation term is tapered: a term `t` has a middlegame parameter `2t` and an endgame
//! parameter `2t + 1`. A position's White-view evaluation is
//! `offset + sum over terms of count * (rho * mg + (1 - rho) * eg)` with `rho = phase / PHASE_TOTAL`
//! and `count` the number of White pieces minus Black pieces the term applies to. The terms are
//! material per role (king included for a uniform layout, its count is always 0) and one per
//! piece-square table entry, in the table layout of [`crate::eval::pst`].

use crate::eval::pst::{PHASE_TOTAL, PHASE_WEIGHT, TEMPO, Table};
use shakmaty::{Chess, Color, Position, Role};

/// Number of roles (pawn to king).
pub const ROLES: usize = 6;
/// Number of tapered terms.
pub const TERMS: usize = ROLES + ROLES * 64;
/// Number of parameters (a middlegame and an endgame value per term).
pub const PARAMS: usize = 2 * TERMS;

/// The material term of role index `r` (`Role as usize - 1`).
pub const fn material_term(r: usize) -> usize {
    r
}

/// The piece-square term of role index `r` and table entry `i`.
pub const fn pst_term(r: usize, i: usize) -> usize {
    ROLES + r * 64 + i
}

/// Material and piece-square values in integer form, as [`crate::eval::params`] holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// Material (middlegame, endgame) per role.
    pub material: [(i32, i32); ROLES],
    /// Piece-square tables (middlegame, endgame) per role.
    pub pst: [(Table, Table); ROLES],
}

impl EvalParams {
    /// The values the engine is built with.
    pub fn current() -> Self {
        Self { material: crate::eval::params::MATERIAL, pst: crate::eval::params::PST }
    }

    /// The hand-set values of [`crate::eval::pst`].
    pub fn hand() -> Self {
        Self { material: crate::eval::pst::MATERIAL, pst: crate::eval::pst::PST }
    }

    /// Plain material (100, 300, 300, 500, 900) and all-zero tables: tuning from scratch.
    pub fn material_only() -> Self {
        let m = [100, 300, 300, 500, 900, 0];
        Self { material: m.map(|v| (v, v)), pst: [([0; 64], [0; 64]); ROLES] }
    }

    /// The flat parameter vector (see the module documentation for the layout).
    pub fn to_vec(&self) -> Vec<f64> {
        let mut v = vec![0.0; PARAMS];
        for r in 0..ROLES {
            let t = material_term(r);
            v[2 * t] = f64::from(self.material[r].0);
            v[2 * t + 1] = f64::from(self.material[r].1);
            for i in 0..64 {
                let t = pst_term(r, i);
                v[2 * t] = f64::from(self.pst[r].0[i]);
                v[2 * t + 1] = f64::from(self.pst[r].1[i]);
            }
        }
        v
    }

    /// From a flat parameter vector, rounding to whole centipawns.
    pub fn from_vec(v: &[f64]) -> Self {
        assert_eq!(v.len(), PARAMS);
        let round = |x: f64| x.round() as i32;
        let mut p = Self { material: [(0, 0); ROLES], pst: [([0; 64], [0; 64]); ROLES] };
        for r in 0..ROLES {
            let t = material_term(r);
            p.material[r] = (round(v[2 * t]), round(v[2 * t + 1]));
            for i in 0..64 {
                let t = pst_term(r, i);
                p.pst[r].0[i] = round(v[2 * t]);
                p.pst[r].1[i] = round(v[2 * t + 1]);
            }
        }
        p
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

/// The features of `chess`, mirroring [`crate::eval::trace`] term by term.
pub fn features(chess: &Chess) -> Features {
    let board = chess.board();
    let mut counts = [0i8; TERMS];
    let mut phase = 0;
    for role in Role::ALL {
        let r = role as usize - 1;
        for color in Color::ALL {
            let (sign, flip) = if color == Color::White { (1, 56) } else { (-1, 0) };
            for sq in board.by_role(role) & board.by_color(color) {
                counts[material_term(r)] += sign;
                counts[pst_term(r, sq as usize ^ flip)] += sign;
                phase += PHASE_WEIGHT[r];
            }
        }
    }
    let phase = phase.min(PHASE_TOTAL);
    let terms = counts.iter().enumerate().filter(|(_, c)| **c != 0).map(|(t, c)| (t as u16, *c)).collect();
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
            let stm = crate::eval::evaluate(&chess).0 as f64;
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
