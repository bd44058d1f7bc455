//! Move-ordering memory kept between searches, all with gravity (scores stay bounded and recent):
//! - butterfly history of quiet moves by (side, from, to);
//! - continuation history of quiet moves by (piece, to) of the move one, two and four plies earlier
//!   and (piece, to) of this one: how well this reply has done after that move;
//! - capture history by (piece, to, captured role);
//! - counter-moves (the quiet reply that last refuted a move).
//!
//! The killers, which belong to one search's plies, live in the search stack (`frame.rs`).

use super::params::{HISTORY_BONUS_LINEAR, HISTORY_BONUS_MAX, HISTORY_BONUS_QUADRATIC, HISTORY_MAX};
use crate::position;
use crate::score::Depth;
use shakmaty::{Color, Move, Role};

/// Origin and target square indices of a move, castling as king-takes-rook (a drop: its square twice).
fn squares(m: Move) -> (usize, usize) {
    let (from, to) = position::squares(m).unwrap_or((m.to(), m.to()));
    (from as usize, to as usize)
}

/// The piece a move moved (colour and role) and its target square: what continuation and capture
/// histories are indexed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    /// Number of distinct values.
    const COUNT: usize = 2 * 6 * 64;

    /// The move `m` made by `color`.
    pub fn new(color: Color, m: Move) -> Self {
        Self::at(color, m.role(), squares(m).1)
    }

    /// A piece of `color` and `role` moving to the square of index `to`.
    #[inline]
    fn at(color: Color, role: Role, to: usize) -> Self {
        let piece = color as usize * 6 + (role as usize - 1);
        Self((piece * 64 + to) as u16)
    }

    fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// How many plies before a node the moves of its continuation histories were made.
pub const CONTINUATION_PLIES: [usize; 3] = [1, 2, 4];

/// The moves `CONTINUATION_PLIES` before a node (none after a null move or before the root).
pub type Continuations = [Option<PieceTo>; CONTINUATION_PLIES.len()];

/// No earlier moves (searches that keep no continuation history, tests).
pub const NO_CONTINUATIONS: Continuations = [None; CONTINUATION_PLIES.len()];

/// Butterfly, continuation and capture histories, and counter-moves.
pub struct History {
    butterfly: Vec<i16>,
    continuation: Vec<i16>,
    capture: Vec<i16>,
    counters: Vec<Option<Move>>,
}

impl Default for History {
    fn default() -> Self {
        Self {
            butterfly: vec![0; 2 * 64 * 64],
            continuation: vec![0; PieceTo::COUNT * PieceTo::COUNT],
            capture: vec![0; PieceTo::COUNT * 6],
            counters: vec![None; 64 * 64],
        }
    }
}

fn bi(color: Color, m: Move) -> usize {
    let (from, to) = squares(m);
    (color as usize) * 4096 + from * 64 + to
}

fn ci(before: PieceTo, now: PieceTo) -> usize {
    before.index() * PieceTo::COUNT + now.index()
}

/// Index of a capture (or promotion) in the capture history; en passant takes a pawn, a promotion
/// without capture counts as taking a pawn's place (role index 0).
fn capture_index(color: Color, m: Move) -> usize {
    let (role, to, captured) = match m {
        Move::Normal { role, to, capture, .. } => (role, to as usize, capture.map_or(0, |r| r as usize - 1)),
        Move::EnPassant { to, .. } => (Role::Pawn, to as usize, Role::Pawn as usize - 1),
        _ => (m.role(), squares(m).1, 0),
    };
    PieceTo::at(color, role, to).index() * 6 + captured
}

/// Bonus for a move that caused a cutoff at `depth` (and malus for those tried before it).
pub fn bonus(depth: Depth) -> i32 {
    (depth * depth * HISTORY_BONUS_QUADRATIC.get() + depth * HISTORY_BONUS_LINEAR.get()).min(HISTORY_BONUS_MAX.get())
}

/// Gravity: the closer to the cap, the smaller the step. A step of at most `HISTORY_MAX` keeps the
/// score within `-HISTORY_MAX..=HISTORY_MAX`, so scores are kept as `i16` (half the cache lines).
fn nudge(h: &mut i16, delta: i32) {
    let now = i32::from(*h);
    *h = (now + delta - now * delta.abs() / HISTORY_MAX).clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

impl History {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// Butterfly history score of a quiet move.
    pub fn score(&self, color: Color, m: Move) -> i32 {
        i32::from(self.butterfly[bi(color, m)])
    }

    /// Ordering score of a quiet move: butterfly plus the continuation histories.
    #[inline]
    pub fn quiet(&self, color: Color, m: Move, conts: &Continuations) -> i32 {
        let (role, from, to) = match m {
            Move::Normal { role, from, to, .. } => (role, from as usize, to as usize),
            _ => {
                let (from, to) = squares(m);
                (m.role(), from, to)
            }
        };
        let now = PieceTo::at(color, role, to);
        let mut score = i32::from(self.butterfly[(color as usize) * 4096 + from * 64 + to]);
        for c in conts.iter().flatten() {
            score += i32::from(self.continuation[ci(*c, now)]);
        }
        score
    }

    /// Capture history score of a capture or promotion.
    pub fn capture(&self, color: Color, m: Move) -> i32 {
        i32::from(self.capture[capture_index(color, m)])
    }

    /// The remembered reply to `prev`.
    pub fn counter(&self, prev: Option<Move>) -> Option<Move> {
        prev.and_then(|p| {
            let (f, t) = squares(p);
            self.counters[f * 64 + t]
        })
    }

    fn nudge_quiet(&mut self, color: Color, m: Move, conts: &Continuations, delta: i32) {
        nudge(&mut self.butterfly[bi(color, m)], delta);
        let now = PieceTo::new(color, m);
        for &c in conts.iter().flatten() {
            nudge(&mut self.continuation[ci(c, now)], delta);
        }
    }

    /// Records a quiet cutoff move (in the histories, and as the counter to `prev`) and penalises
    /// the quiets tried before it.
    pub fn reward(
        &mut self,
        color: Color,
        best: Move,
        tried: &[Option<Move>],
        depth: Depth,
        prev: Option<Move>,
        conts: &Continuations,
    ) {
        let b = bonus(depth);
        self.nudge_quiet(color, best, conts, b);
        for &m in tried.iter().flatten() {
            if m != best {
                self.nudge_quiet(color, m, conts, -b);
            }
        }
        if let Some(p) = prev {
            let (f, t) = squares(p);
            self.counters[f * 64 + t] = Some(best);
        }
    }

    /// After a cutoff: rewards the capture that made it (`best`, if it was one) and penalises the
    /// captures tried before it.
    pub fn reward_captures(&mut self, color: Color, best: Option<Move>, tried: &[Option<Move>], depth: Depth) {
        let b = bonus(depth);
        if let Some(m) = best {
            nudge(&mut self.capture[capture_index(color, m)], b);
        }
        for &m in tried.iter().flatten() {
            if Some(m) != best {
                nudge(&mut self.capture[capture_index(color, m)], -b);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    fn quiet(role: Role, from: Square, to: Square) -> Move {
        Move::Normal { role, from, capture: None, to, promotion: None }
    }

    #[test]
    fn history_is_bounded_and_counters_remembered() {
        let mut h = History::default();
        let a = quiet(Role::Knight, Square::G1, Square::F3);
        let b = quiet(Role::Pawn, Square::E2, Square::E4);
        for _ in 0..1000 {
            h.reward(Color::White, a, &[Some(b), Some(a)], 20, None, &NO_CONTINUATIONS);
        }
        assert!(h.score(Color::White, a) <= HISTORY_MAX && h.score(Color::White, a) > HISTORY_MAX / 2);
        assert!(h.score(Color::White, b) >= -HISTORY_MAX && h.score(Color::White, b) < -HISTORY_MAX / 2);
        assert_eq!(h.score(Color::Black, a), 0);
        h.reward(Color::White, b, &[], 1, Some(a), &NO_CONTINUATIONS);
        assert_eq!(h.counter(Some(a)), Some(b));
    }

    #[test]
    fn continuation_history_follows_the_earlier_moves() {
        let mut h = History::default();
        let e5 = PieceTo::new(Color::Black, quiet(Role::Pawn, Square::E7, Square::E5));
        let c5 = PieceTo::new(Color::Black, quiet(Role::Pawn, Square::C7, Square::C5));
        let nf3 = quiet(Role::Knight, Square::G1, Square::F3);
        let nc3 = quiet(Role::Knight, Square::B1, Square::C3);
        h.reward(Color::White, nf3, &[Some(nc3)], 8, None, &[Some(e5), None, None]);
        // After 1...e5 the reply is remembered on top of the butterfly score; after 1...c5 it is not.
        let butterfly = h.score(Color::White, nf3);
        assert!(butterfly > 0);
        assert_eq!(h.quiet(Color::White, nf3, &[Some(e5), None, None]), 2 * butterfly);
        assert_eq!(h.quiet(Color::White, nf3, &[Some(c5), None, None]), butterfly);
        assert!(
            h.quiet(Color::White, nc3, &[Some(e5), None, None]) < h.quiet(Color::White, nc3, &[Some(c5), None, None])
        );
    }

    #[test]
    fn capture_history_rewards_the_cutoff_and_penalises_the_captures_before_it() {
        let mut h = History::default();
        let take = |role, from, to, capture| Move::Normal { role, from, capture: Some(capture), to, promotion: None };
        let good = take(Role::Knight, Square::F3, Square::E5, Role::Pawn);
        let bad = take(Role::Queen, Square::D1, Square::D7, Role::Pawn);
        for _ in 0..1000 {
            h.reward_captures(Color::White, Some(good), &[Some(bad), Some(good)], 10);
        }
        assert!(h.capture(Color::White, good) > HISTORY_MAX / 2 && h.capture(Color::White, good) <= HISTORY_MAX);
        assert!(h.capture(Color::White, bad) < -HISTORY_MAX / 2 && h.capture(Color::White, bad) >= -HISTORY_MAX);
        assert_eq!(h.capture(Color::Black, good), 0);
    }
}
