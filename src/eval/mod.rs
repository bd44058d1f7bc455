//! The static evaluator, from the side to move's view: tapered material and piece-square tables at
//! its heart, with pawn structure, passed pawns, piece activity, threats and king safety around them.
//!
//! The term code ([`pawns`], [`passers`], [`pieces`], [`threats`], [`king`]) reports feature counts
//! per side to a [`Sink`], and the sink decides what to do with them: [`evaluate`] sums the weights
//! of [`params::WEIGHTS`], [`trace`] keeps the sum per group and side for `eval`, and the tuner
//! collects the counts themselves. One code path serves all three, so the tuned model is exactly the
//! evaluator. No allocation on the [`evaluate`] path.
//!
//! Every term is linear in its weights but one: king safety's danger ([`danger`]). Its features are
//! reported apart ([`Sink::danger`]); each side's danger is their weighted sum, and the sink maps it
//! to a penalty ([`danger::penalty`], quadratic in the middlegame, linear in the endgame).
//!
//! The complexity ([`complexity`]) is not linear either: a sum over a few counts of the whole
//! position ([`Sink::complexity`]) that moves the endgame half toward zero, never past it.
//!
//! Outside the weights: the endgame half is scaled toward a draw in endings that are hard to win
//! ([`scale`], a factor per position that the tuner takes as given), and a mop-up bonus helps the
//! search mate a bare king ([`mopup`]).

pub mod complexity;
mod context;
pub mod danger;
pub mod hand;
mod king;
pub mod layout;
mod masks;
mod mopup;
pub mod params;
mod passers;
mod pawn_cache;
mod pawns;
mod pieces;
pub mod psq;
pub mod pst;
pub mod scale;
mod shelter;
mod threats;

use crate::score::Score;
use context::Context;
use layout::{GROUPS, MATERIAL, TERMS};
use params::WEIGHTS;
pub use pawn_cache::{PawnCache, formation_hash};
use pst::{PHASE_TOTAL, PHASE_WEIGHT, TEMPO};
use scale::{SCALE_DRAW, SCALE_NORMAL, Scale};
use shakmaty::{Bitboard, Board, Chess, Color, Position, Role};

/// Receives the evaluation's features: `count` occurrences of term `term` for side `color`.
pub trait Sink {
    /// Records `count` times the linear term `term` for `color`.
    fn add(&mut self, color: Color, term: usize, count: i32);
    /// Records `count` times the danger feature `term` ([`layout::is_danger`]) of `color`'s king:
    /// it adds to `color`'s danger sum, which [`danger::penalty`] maps to score.
    fn danger(&mut self, color: Color, term: usize, count: i32);
    /// Records `count` times the complexity count `term` (the `COMPLEXITY` group: counts of the
    /// whole position, not of a side): it adds to the complexity sum that [`complexity::adjust`]
    /// applies to the endgame half.
    fn complexity(&mut self, term: usize, count: i32);

    /// Records the number of squares of `bb` as the linear term `term` for `color`: nothing for an
    /// empty set (a count of 0 adds nothing, and most of these sets are empty).
    #[inline(always)]
    fn add_squares(&mut self, color: Color, term: usize, bb: Bitboard) {
        if bb.any() {
            self.add(color, term, bb.count() as i32);
        }
    }

    /// Records the number of squares of `bb` as the danger feature `term` of `color`'s king
    /// (nothing for an empty set).
    #[inline(always)]
    fn danger_squares(&mut self, color: Color, term: usize, bb: Bitboard) {
        if bb.any() {
            self.danger(color, term, bb.count() as i32);
        }
    }
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
    /// Per group of [`layout::GROUPS`], the weighted sum for White and for Black (each from its own
    /// side); for a danger group, its part of the side's danger sum (danger, not score).
    pub groups: Vec<[Split; 2]>,
    /// Each side's danger sum (White, Black), before the map.
    pub danger: [Split; 2],
    /// Each side's king-safety penalty, the map of its danger sum (White, Black; each from its own side).
    pub safety: [Split; 2],
    /// The complexity sum (endgame weights), applied to the White-view endgame half by
    /// [`complexity::adjust`].
    pub complexity: i32,
    /// Game phase, `PHASE_TOTAL` (opening) down to 0 (bare kings and pawns).
    pub phase: i32,
    /// Tempo bonus given to the side to move.
    pub tempo: i32,
    /// Mop-up bonus of a bare-king ending, White's view (0 otherwise; see [`mopup`]).
    pub mopup: i32,
    /// The endgame scale factor and its case (see [`scale`]).
    pub scale: Scale,
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

/// Every weight, indexed as in [`layout`].
pub(crate) type Weights = [(i32, i32); TERMS];

/// Sums weights: the linear terms White minus Black, the danger per side, the complexity.
struct Scorer<'w> {
    weights: &'w Weights,
    linear: Split,
    /// Danger sums, indexed by `Color as usize`.
    danger: [Split; 2],
    /// The complexity sum (endgame weights only).
    complexity: i32,
}

impl<'w> Scorer<'w> {
    fn new(weights: &'w Weights) -> Self {
        Self { weights, linear: Split::default(), danger: [Split::default(); 2], complexity: 0 }
    }

    /// The White-view sum: the linear terms and each side's king-safety penalty.
    #[inline(always)]
    fn total(&self) -> Split {
        let (w, b) = (danger::penalty(self.danger[1]), danger::penalty(self.danger[0]));
        Split { mg: self.linear.mg + w.mg - b.mg, eg: self.linear.eg + w.eg - b.eg }
    }
}

impl Sink for Scorer<'_> {
    #[inline(always)]
    fn add(&mut self, color: Color, term: usize, count: i32) {
        let (mg, eg) = self.weights[term];
        let n = if color == Color::White { count } else { -count };
        self.linear.mg += n * mg;
        self.linear.eg += n * eg;
    }

    #[inline(always)]
    fn danger(&mut self, color: Color, term: usize, count: i32) {
        let (mg, eg) = self.weights[term];
        let d = &mut self.danger[color as usize];
        d.mg += count * mg;
        d.eg += count * eg;
    }

    #[inline(always)]
    fn complexity(&mut self, term: usize, count: i32) {
        self.complexity += count * self.weights[term].1;
    }
}

/// Sums weights per group and side, the danger per side (White 0, Black 1) and the complexity.
struct Tracer<'w> {
    weights: &'w Weights,
    groups: Vec<[Split; 2]>,
    danger: [Split; 2],
    complexity: i32,
}

impl Tracer<'_> {
    fn put(&mut self, color: Color, term: usize, count: i32) -> Split {
        let (mg, eg) = self.weights[term];
        let s = &mut self.groups[layout::group_of(term)][usize::from(color == Color::Black)];
        s.mg += count * mg;
        s.eg += count * eg;
        Split { mg: count * mg, eg: count * eg }
    }
}

impl Sink for Tracer<'_> {
    fn add(&mut self, color: Color, term: usize, count: i32) {
        self.put(color, term, count);
    }

    fn danger(&mut self, color: Color, term: usize, count: i32) {
        let v = self.put(color, term, count);
        let d = &mut self.danger[usize::from(color == Color::Black)];
        d.mg += v.mg;
        d.eg += v.eg;
    }

    fn complexity(&mut self, term: usize, count: i32) {
        self.complexity += count * self.weights[term].1;
    }
}

/// Reports every feature of `chess` to `sink` and returns the game phase (`0..=PHASE_TOTAL`).
pub fn features<S: Sink>(chess: &Chess, sink: &mut S) -> i32 {
    features_with(chess, sink, |ctx, sink| {
        let passed = pawns::structures(ctx, sink);
        for c in Color::ALL {
            king::cover(ctx, c, sink);
        }
        passed
    })
}

/// [`features`], with the pawn-structure terms and the kings' cover ([`king::cover`]) added by
/// `structure`, which returns each side's passed pawns (computed, or taken from a [`PawnCache`]).
#[inline(always)]
fn features_with<S: Sink>(
    chess: &Chess,
    sink: &mut S,
    structure: impl FnOnce(&Context, &mut S) -> [Bitboard; 2],
) -> i32 {
    let board = chess.board();
    for role in Role::ALL {
        let r = role as usize - 1;
        for color in Color::ALL {
            for sq in board.by_role(role) & board.by_color(color) {
                sink.add(color, MATERIAL + r, 1);
                sink.add(color, psq::pst_term(color, r, sq as usize), 1);
            }
        }
    }
    positional(chess, sink, structure)
}

/// The game phase of `board` (`0..=PHASE_TOTAL`).
#[inline(always)]
fn phase(board: &Board) -> i32 {
    let phase: i32 = Role::ALL.iter().map(|&r| PHASE_WEIGHT[r as usize - 1] * board.by_role(r).count() as i32).sum();
    phase.min(PHASE_TOTAL)
}

/// [`features_with`] without the material and piece-square terms (which [`psq`] sums).
#[inline(always)]
fn positional<S: Sink>(chess: &Chess, sink: &mut S, structure: impl FnOnce(&Context, &mut S) -> [Bitboard; 2]) -> i32 {
    let board = chess.board();
    let mut ctx = Context::new(board, chess.turn());
    let passed = structure(&ctx, sink);
    for c in Color::ALL {
        pieces::eval(board, &mut ctx, c, sink);
    }
    for c in Color::ALL {
        passers::eval(board, &ctx, c, passed[c as usize], sink);
        threats::eval(board, &ctx, c, sink);
        king::eval(board, &ctx, c, sink);
    }
    complexity::eval(board, sink);
    phase(board)
}

/// Blends a middlegame and endgame value by phase, the endgame value scaled by `factor / SCALE_NORMAL`
/// (one rounding, toward zero).
fn taper(s: Split, phase: i32, factor: i32) -> i32 {
    (s.mg * phase * SCALE_NORMAL + s.eg * factor * (PHASE_TOTAL - phase)) / (PHASE_TOTAL * SCALE_NORMAL)
}

/// The side-to-move score of a White-view sum, its endgame half corrected by the complexity sum,
/// plus the White-view mop-up bonus; and the scale applied (read from the uncorrected sum): the
/// draw score when the scale says the position cannot be won.
#[inline(always)]
fn finish(chess: &Chess, white: Split, complexity: i32, phase: i32, mopup: i32) -> (Score, Scale) {
    let scale = scale::of(chess.board(), white.eg);
    if scale.factor == SCALE_DRAW {
        return (Score::DRAW, scale);
    }
    let white = Split { mg: white.mg, eg: complexity::adjust(white.eg, complexity) };
    let white = taper(white, phase, scale.factor) + mopup;
    let stm = if chess.turn() == Color::White { white } else { -white };
    (Score::cp(stm + TEMPO), scale)
}

/// The evaluation with its breakdown.
pub fn trace(chess: &Chess) -> Trace {
    trace_with(chess, &WEIGHTS)
}

/// [`trace`] with the weights `weights` in place of [`params::WEIGHTS`].
pub(crate) fn trace_with(chess: &Chess, weights: &Weights) -> Trace {
    let mut t = Tracer {
        weights,
        groups: vec![[Split::default(); 2]; GROUPS.len()],
        danger: [Split::default(); 2],
        complexity: 0,
    };
    let phase = features(chess, &mut t);
    let mopup = mopup::white_bonus(chess.board());
    let mut trace = Trace {
        groups: t.groups,
        danger: t.danger,
        safety: t.danger.map(danger::penalty),
        complexity: t.complexity,
        phase,
        tempo: TEMPO,
        mopup,
        scale: Scale::default(),
        total: Score::DRAW,
    };
    let [w, b] = trace.safety;
    let mut white = Split { mg: w.mg - b.mg, eg: w.eg - b.eg };
    for (g, group) in GROUPS.iter().enumerate() {
        if !layout::is_danger(group.start) {
            let n = trace.net(g);
            white.mg += n.mg;
            white.eg += n.eg;
        }
    }
    (trace.total, trace.scale) = finish(chess, white, trace.complexity, phase, mopup);
    trace
}

/// Static evaluation in centipawns from the side to move's point of view.
#[inline]
pub fn evaluate(chess: &Chess) -> Score {
    evaluate_with(chess, &WEIGHTS)
}

/// [`evaluate`] with the weights `weights` in place of [`params::WEIGHTS`] (the tuner's tests drive
/// the evaluator with weights of their own).
#[inline(always)]
pub(crate) fn evaluate_with(chess: &Chess, weights: &Weights) -> Score {
    let mut s = Scorer::new(weights);
    let phase = features(chess, &mut s);
    finish(chess, s.total(), s.complexity, phase, mopup::white_bonus(chess.board())).0
}

/// [`evaluate`], with the material and piece-square sum given (`psq`, [`psq::of_board`] of the
/// board, which a position keeps incrementally) and the pawn-structure terms and the kings' cover
/// taken from `cache` when it holds the formation (and, for the cover, the kings' squares): the
/// result is the same, the search's evaluation.
#[inline]
pub fn evaluate_cached(chess: &Chess, psq: Split, cache: &mut PawnCache) -> Score {
    let mut s = Scorer::new(&WEIGHTS);
    s.linear = psq;
    let phase = positional(chess, &mut s, |ctx, s| {
        let entry = cache.get(ctx.pawns, || {
            let mut sum = Scorer::new(&WEIGHTS);
            let passed = pawns::structures(ctx, &mut sum);
            (sum.linear, passed)
        });
        let cover = cache.cover(ctx.pawns, ctx.king, || {
            let mut sum = Scorer::new(&WEIGHTS);
            for c in Color::ALL {
                king::cover(ctx, c, &mut sum);
            }
            sum.linear
        });
        s.linear.mg += entry.split.mg + cover.mg;
        s.linear.eg += entry.split.eg + cover.eg;
        entry.passed
    });
    finish(chess, s.total(), s.complexity, phase, mopup::white_bonus(chess.board())).0
}

#[cfg(test)]
pub(crate) mod tests;
