//! The static evaluator, from the side to move's view: tapered material and piece-square tables at
//! its heart, with pawn structure, passed pawns, piece activity, threats and king safety around them.
//!
//! Every term is linear in its weights: the term code ([`pawns`], [`pieces`], [`king`]) reports
//! feature counts per side to a [`Sink`], and the sink decides what to do with them: [`evaluate`]
//! sums the weights of [`params::WEIGHTS`], [`trace`] keeps the sum per group and side for `eval`,
//! and the tuner collects the counts themselves. One code path serves all three, so the tuned model
//! is exactly the evaluator. No allocation on the [`evaluate`] path.

mod context;
pub mod hand;
mod king;
pub mod layout;
mod masks;
mod mopup;
pub mod params;
mod pawns;
mod pieces;
pub mod pst;

use crate::score::Score;
use context::Context;
use layout::{GROUPS, MATERIAL, PST};
use params::WEIGHTS;
use pst::{PHASE_TOTAL, PHASE_WEIGHT, TEMPO};
use shakmaty::{Chess, Color, Position, Role};

/// Receives the evaluation's features: `count` occurrences of term `term` for side `color`.
pub trait Sink {
    /// Records `count` times term `term` for `color`.
    fn add(&mut self, color: Color, term: usize, count: i32);
}

/// Middlegame and endgame halves of a term.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    /// Middlegame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
}

/// The evaluation taken apart, for `eval` output and tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// Per group of [`layout::GROUPS`], the weighted sum for White and for Black (each from its own side).
    pub groups: Vec<[Split; 2]>,
    /// Game phase, `PHASE_TOTAL` (opening) down to 0 (bare kings and pawns).
    pub phase: i32,
    /// Tempo bonus given to the side to move.
    pub tempo: i32,
    /// Mop-up bonus of a bare-king ending, White's view (0 otherwise; see [`mopup`]).
    pub mopup: i32,
    /// The final score, side to move's view.
    pub total: Score,
}

impl Trace {
    /// Group `g` as White minus Black.
    pub fn net(&self, g: usize) -> Split {
        let [w, b] = self.groups[g];
        Split { mg: w.mg - b.mg, eg: w.eg - b.eg }
    }
}

/// Sums weights, White minus Black.
#[derive(Default)]
struct Scorer(Split);

impl Sink for Scorer {
    #[inline(always)]
    fn add(&mut self, color: Color, term: usize, count: i32) {
        let (mg, eg) = WEIGHTS[term];
        let n = if color == Color::White { count } else { -count };
        self.0.mg += n * mg;
        self.0.eg += n * eg;
    }
}

/// Sums weights per group and side.
struct Tracer(Vec<[Split; 2]>);

impl Sink for Tracer {
    fn add(&mut self, color: Color, term: usize, count: i32) {
        let (mg, eg) = WEIGHTS[term];
        let s = &mut self.0[layout::group_of(term)][usize::from(color == Color::Black)];
        s.mg += count * mg;
        s.eg += count * eg;
    }
}

/// Reports every feature of `chess` to `sink` and returns the game phase (`0..=PHASE_TOTAL`).
pub fn features<S: Sink>(chess: &Chess, sink: &mut S) -> i32 {
    let board = chess.board();
    let mut phase = 0;
    for role in Role::ALL {
        let r = role as usize - 1;
        for color in Color::ALL {
            let flip = if color == Color::White { 56 } else { 0 };
            for sq in board.by_role(role) & board.by_color(color) {
                sink.add(color, MATERIAL + r, 1);
                sink.add(color, PST + r * 64 + (sq as usize ^ flip), 1);
                phase += PHASE_WEIGHT[r];
            }
        }
    }
    let mut ctx = Context::new(board);
    for c in Color::ALL {
        pawns::eval(&ctx, c, sink);
        pieces::eval(board, &mut ctx, c, sink);
    }
    ctx.close_attacks();
    for c in Color::ALL {
        pieces::threats(board, &ctx, c, sink);
        king::eval(board, &ctx, c, sink);
    }
    phase.min(PHASE_TOTAL)
}

/// Blends a middlegame and endgame value by phase.
fn taper(s: Split, phase: i32) -> i32 {
    (s.mg * phase + s.eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL
}

/// The side-to-move score of a White-view sum plus the White-view mop-up bonus.
fn finish(chess: &Chess, white: Split, phase: i32, mopup: i32) -> Score {
    let white = taper(white, phase) + mopup;
    let stm = if chess.turn() == Color::White { white } else { -white };
    Score::cp(stm + TEMPO)
}

/// The evaluation with its breakdown.
pub fn trace(chess: &Chess) -> Trace {
    let mut t = Tracer(vec![[Split::default(); 2]; GROUPS.len()]);
    let phase = features(chess, &mut t);
    let mopup = mopup::white_bonus(chess.board());
    let mut trace = Trace { groups: t.0, phase, tempo: TEMPO, mopup, total: Score::DRAW };
    let mut white = Split::default();
    for g in 0..GROUPS.len() {
        let n = trace.net(g);
        white.mg += n.mg;
        white.eg += n.eg;
    }
    trace.total = finish(chess, white, phase, mopup);
    trace
}

/// Static evaluation in centipawns from the side to move's point of view.
#[inline]
pub fn evaluate(chess: &Chess) -> Score {
    let mut s = Scorer::default();
    let phase = features(chess, &mut s);
    finish(chess, s.0, phase, mopup::white_bonus(chess.board()))
}

#[cfg(test)]
mod tests;
