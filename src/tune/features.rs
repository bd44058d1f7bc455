//! The evaluation as a function of its weights, and the sparse features of a position.
//!
//! Every evaluation term is tapered: term `t` of [`crate::eval::layout`] has a middlegame parameter
//! `2t` and an endgame parameter `2t + 1`. A position's White-view evaluation is
//! `offset + rho * (L_mg + P_mg) + (1 - rho) * scale * X(L_eg + P_eg)` with `rho = phase / PHASE_TOTAL`,
//! `scale` the endgame scale factor over `SCALE_NORMAL` ([`crate::eval::scale`]), and:
//! - `L` the linear part, the sum over linear terms of `count * weight`, `count` the White count
//!   minus the Black count of the term;
//! - `P` the king safety ([`crate::eval::danger`]): each side's danger `D` is the sum over the danger
//!   features of that side's `count * weight`, mapped to `-max(D_mg, 0)^2 / DIVISOR_MG` and
//!   `-max(D_eg, 0) / DIVISOR_EG`; `P` is White's mapped value minus Black's. Not linear: the fit's
//!   gradient goes through the map by the chain rule ([`danger_map`]);
//! - `X` the complexity correction ([`crate::eval::complexity`]) of the endgame sum `E`:
//!   `X(E) = E + sign(E) * max(C, -|E|)`, `C` the sum over the complexity counts of `count * weight_eg`;
//!   also followed by the chain rule ([`complexity_map`]).
//!
//! The counts come from the evaluator's own term code ([`crate::eval::features`]), so the model is
//! the evaluator (up to the engine's rounding to whole centipawns).
//!
//! The scale is taken as given per position: it is computed once, with the weights the engine is
//! built with deciding which side is stronger (the sign of the endgame sum), and a fit does not move
//! it. A position the scale calls a draw has the constant value 0 (no terms, no offset).

use crate::eval::danger::{self, DIVISOR_EG, DIVISOR_MG};
use crate::eval::layout::{self, MATERIAL, PST, TERMS as LAYOUT_TERMS};
use crate::eval::pst::{PHASE_TOTAL, TEMPO};
use crate::eval::scale::{self, SCALE_DRAW, SCALE_NORMAL};
use crate::eval::{Sink, Split, hand::HAND, params::WEIGHTS};
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

    /// These values with the danger weights taken from [`crate::eval::hand`] if they are all 0, and
    /// whether they were: with no danger anywhere the map's gradient is 0 and a fit could not move
    /// them. The hand-set danger weights are starting values only.
    pub fn with_danger_start(mut self) -> (Self, bool) {
        let danger = layout::DANGER..TERMS;
        let zero = self.weights[danger.clone()].iter().all(|&w| w == (0, 0));
        if zero {
            self.weights[danger.clone()].copy_from_slice(&HAND[danger]);
        }
        (self, zero)
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
    /// Nonzero `(term, White count minus Black count)` pairs of the linear terms.
    pub terms: Vec<(u16, i8)>,
    /// Nonzero `(term, count)` pairs of the danger features, White's then Black's.
    pub danger: [Vec<(u16, i8)>; 2],
    /// Nonzero `(term, count)` pairs of the complexity counts (of the whole position).
    pub complexity: Vec<(u16, i8)>,
}

impl Features {
    /// Features with linear terms only.
    pub fn linear(rho: f32, offset: f32, scale: f32, terms: Vec<(u16, i8)>) -> Self {
        Self { rho, offset, scale, terms, danger: [Vec::new(), Vec::new()], complexity: Vec::new() }
    }
}

/// Collects White-minus-Black counts per linear term, each side's danger feature counts and the
/// complexity counts.
struct Counter {
    linear: Vec<i32>,
    /// Danger counts, White's then Black's.
    danger: [Vec<i32>; 2],
    complexity: Vec<i32>,
}

impl Sink for Counter {
    fn add(&mut self, color: Color, term: usize, count: i32) {
        self.linear[term] += if color == Color::White { count } else { -count };
    }

    fn danger(&mut self, color: Color, term: usize, count: i32) {
        self.danger[usize::from(color == Color::Black)][term] += count;
    }

    fn complexity(&mut self, term: usize, count: i32) {
        self.complexity[term] += count;
    }
}

/// The nonzero entries of `counts`, clamped to the stored range.
fn sparse(counts: &[i32]) -> Vec<(u16, i8)> {
    counts.iter().enumerate().filter(|(_, c)| **c != 0).map(|(t, c)| (t as u16, (*c).clamp(-128, 127) as i8)).collect()
}

/// The king-safety map of a danger sum `(mg, eg)`, and its derivatives: the penalty
/// `(-max(mg, 0)^2 / DIVISOR_MG, -max(eg, 0) / DIVISOR_EG)`, then `(d penalty_mg / d mg, d penalty_eg / d eg)`.
pub fn danger_map(mg: f64, eg: f64) -> ((f64, f64), (f64, f64)) {
    let (m, e) = (mg.max(0.0), eg.max(0.0));
    let (dm, de) = (f64::from(DIVISOR_MG), f64::from(DIVISOR_EG));
    ((-m * m / dm, -e / de), (-2.0 * m / dm, if eg > 0.0 { -1.0 / de } else { 0.0 }))
}

/// The complexity correction of an endgame sum `eg` by a complexity sum `c` (as
/// [`crate::eval::complexity::adjust`]) and its derivatives: `eg + sign(eg) * max(c, -|eg|)`, then
/// `(d / d eg, d / d c)`. Where `c` would cross zero the result is 0 and flat in both.
pub fn complexity_map(eg: f64, c: f64) -> (f64, (f64, f64)) {
    // `f64::signum` gives 1 for 0: a balanced endgame half is not moved.
    let sign = if eg == 0.0 { 0.0 } else { eg.signum() };
    if c >= -eg.abs() { (eg + sign * c, (1.0, sign)) } else { (0.0, (0.0, 0.0)) }
}

/// The features of `chess`, from the evaluator's own term code.
pub fn features(chess: &Chess) -> Features {
    let mut counts =
        Counter { linear: vec![0; TERMS], danger: [vec![0; TERMS], vec![0; TERMS]], complexity: vec![0; TERMS] };
    let phase = crate::eval::features(chess, &mut counts);
    // The scale reads the White-view endgame sum under the built-in weights, as the engine does
    // (before the complexity correction).
    let dot = |c: &[i32]| {
        c.iter()
            .zip(WEIGHTS.iter())
            .fold(Split::default(), |s, (c, w)| Split { mg: s.mg + c * w.0, eg: s.eg + c * w.1 })
    };
    let [w, b] = counts.danger.each_ref().map(|d| danger::penalty(dot(d)));
    let white_eg = dot(&counts.linear).eg + w.eg - b.eg;
    let factor = scale::of(chess.board(), white_eg).factor;
    if factor == SCALE_DRAW {
        return Features::linear(0.0, 0.0, 0.0, Vec::new());
    }
    let tempo = if chess.turn() == Color::White { TEMPO } else { -TEMPO };
    let scale = factor as f32 / SCALE_NORMAL as f32;
    Features {
        rho: phase as f32 / PHASE_TOTAL as f32,
        offset: tempo as f32,
        scale,
        terms: sparse(&counts.linear),
        danger: counts.danger.each_ref().map(|d| sparse(d)),
        complexity: sparse(&counts.complexity),
    }
}

/// The weighted sums `(mg, eg)` of sparse counts under parameters `theta`.
pub fn weighted(counts: &[(u16, i8)], theta: &[f64]) -> (f64, f64) {
    counts.iter().fold((0.0, 0.0), |(mg, eg), &(t, c)| {
        let t = 2 * t as usize;
        (mg + f64::from(c) * theta[t], eg + f64::from(c) * theta[t + 1])
    })
}

/// The White-view evaluation of features under parameters `theta` (the model of the module
/// documentation).
pub fn model_eval(f: &Features, theta: &[f64]) -> f64 {
    let (rho, eg_part) = (f64::from(f.rho), (1.0 - f64::from(f.rho)) * f64::from(f.scale));
    let (mut mg, mut eg) = weighted(&f.terms, theta);
    for (side, sign) in [(0, 1.0), (1, -1.0)] {
        let (d_mg, d_eg) = weighted(&f.danger[side], theta);
        let ((p_mg, p_eg), _) = danger_map(d_mg, d_eg);
        mg += sign * p_mg;
        eg += sign * p_eg;
    }
    let (eg, _) = complexity_map(eg, weighted(&f.complexity, theta).1);
    f64::from(f.offset) + rho * mg + eg_part * eg
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
            let white = model_eval(&f, &theta);
            let stm = crate::eval::evaluate(&chess).raw() as f64;
            let stm_linear = if chess.turn() == Color::White { white } else { -white };
            // The engine rounds each side's king-safety penalty and the tapered sum to whole centipawns.
            assert!((stm - stm_linear).abs() < 3.0, "{fen}: {stm} vs {stm_linear}");
        }
        assert!(partly >= 20 && drawn >= 8, "{partly} scaled, {drawn} drawn");
    }

    #[test]
    fn model_with_danger_matches_the_evaluator() {
        // The built-in weights, whose danger and complexity weights are fitted (not 0): the evaluator
        // and the model on the features give the same evaluation, the danger map and the complexity
        // correction included.
        let params = EvalParams::current();
        assert!(params.weights[layout::DANGER..].iter().any(|&w| w != (0, 0)));
        let complexity = layout::COMPLEXITY..layout::COMPLEXITY + layout::COMPLEXITY_TERMS;
        assert!(params.weights[complexity].iter().any(|&(_, eg)| eg != 0));
        let weights: crate::eval::Weights = params.weights.clone().try_into().unwrap();
        let theta = params.to_vec();
        let mut no_danger = theta.clone();
        no_danger[2 * layout::DANGER..].iter_mut().for_each(|w| *w = 0.0);
        let (mut compared, mut attacked) = (0, 0);
        for chess in crate::eval::tests::suite_positions() {
            // The scale is fixed by the built-in weights in the features, by the given ones in the
            // evaluator: compare where it does not depend on the weights.
            let board = chess.board();
            if scale::of(board, 1).factor != SCALE_NORMAL || scale::of(board, -1).factor != SCALE_NORMAL {
                continue;
            }
            let f = features(&chess);
            let white = model_eval(&f, &theta);
            let stm_model = if chess.turn() == Color::White { white } else { -white };
            let stm = crate::eval::evaluate_with(&chess, &weights).raw() as f64;
            // The engine rounds each side's penalty and the tapered sum to whole centipawns.
            assert!((stm - stm_model).abs() < 3.0, "{:?}: {stm} vs {stm_model}", board);
            compared += 1;
            attacked += usize::from((white - model_eval(&f, &no_danger)).abs() > 20.0);
        }
        assert!(compared >= 300 && attacked >= 100, "{compared} compared, {attacked} with danger");
    }

    #[test]
    fn danger_weights_start_away_from_zero() {
        // Danger weights that are all 0 start from the hand-set ones...
        let mut zeroed = EvalParams::current();
        zeroed.weights[layout::DANGER..].iter_mut().for_each(|w| *w = (0, 0));
        let (started, seeded) = zeroed.with_danger_start();
        assert!(seeded);
        assert_eq!(started.weights[..layout::DANGER], WEIGHTS[..layout::DANGER]);
        assert_eq!(started.weights[layout::DANGER..], HAND[layout::DANGER..]);
        assert!(HAND[layout::DANGER..].iter().any(|&w| w != (0, 0)));
        // ...and values that are not all 0 (the fitted ones, the hand-set ones) are kept.
        for params in [EvalParams::current(), EvalParams::hand()] {
            let (kept, seeded) = params.clone().with_danger_start();
            assert!(!seeded);
            assert_eq!(kept, params);
        }
    }

    #[test]
    fn vector_round_trip() {
        let p = EvalParams::hand();
        assert_eq!(EvalParams::from_vec(&p.to_vec()), p);
    }
}
