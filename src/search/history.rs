//! Quiet-move ordering memory kept between searches: a butterfly history (side, from, to) with
//! gravity, and counter-moves (the reply that refuted the previous move). The killers, which belong
//! to one search's plies, live in the search stack (`frame.rs`).

use super::params::{HISTORY_BONUS_LINEAR, HISTORY_BONUS_MAX, HISTORY_BONUS_QUADRATIC, HISTORY_MAX};
use crate::position;
use crate::score::Depth;
use shakmaty::{Color, Move};

/// Origin and target square indices of a move, castling as king-takes-rook (a drop: its square twice).
fn squares(m: Move) -> (usize, usize) {
    let (from, to) = position::squares(m).unwrap_or((m.to(), m.to()));
    (from as usize, to as usize)
}

/// Butterfly history and counter-moves.
pub struct History {
    butterfly: Vec<i32>,
    counters: Vec<Option<Move>>,
}

impl Default for History {
    fn default() -> Self {
        Self { butterfly: vec![0; 2 * 64 * 64], counters: vec![None; 64 * 64] }
    }
}

fn bi(color: Color, m: Move) -> usize {
    let (from, to) = squares(m);
    (color as usize) * 4096 + from * 64 + to
}

/// Bonus for a quiet move that caused a cutoff at `depth`.
pub fn bonus(depth: Depth) -> i32 {
    (depth * depth * HISTORY_BONUS_QUADRATIC.get() + depth * HISTORY_BONUS_LINEAR.get()).min(HISTORY_BONUS_MAX.get())
}

impl History {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// History score of a quiet move.
    pub fn score(&self, color: Color, m: Move) -> i32 {
        self.butterfly[bi(color, m)]
    }

    /// The remembered reply to `prev`.
    pub fn counter(&self, prev: Option<Move>) -> Option<Move> {
        prev.and_then(|p| {
            let (f, t) = squares(p);
            self.counters[f * 64 + t]
        })
    }

    fn nudge(&mut self, color: Color, m: Move, delta: i32) {
        let h = &mut self.butterfly[bi(color, m)];
        // Gravity: the closer to the cap, the smaller the step, so scores stay bounded and recent.
        *h += delta - *h * delta.abs() / HISTORY_MAX;
    }

    /// Records a quiet cutoff move (in the history, and as the counter to `prev`) and penalises the
    /// quiets tried before it.
    pub fn reward(&mut self, color: Color, best: Move, tried: &[Option<Move>], depth: Depth, prev: Option<Move>) {
        let b = bonus(depth);
        self.nudge(color, best, b);
        for &m in tried.iter().flatten() {
            if m != best {
                self.nudge(color, m, -b);
            }
        }
        if let Some(p) = prev {
            let (f, t) = squares(p);
            self.counters[f * 64 + t] = Some(best);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Role, Square};

    #[test]
    fn history_is_bounded_and_counters_remembered() {
        let mut h = History::default();
        let a = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
        let b = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
        for _ in 0..1000 {
            h.reward(Color::White, a, &[Some(b), Some(a)], 20, None);
        }
        assert!(h.score(Color::White, a) <= HISTORY_MAX && h.score(Color::White, a) > HISTORY_MAX / 2);
        assert!(h.score(Color::White, b) >= -HISTORY_MAX && h.score(Color::White, b) < -HISTORY_MAX / 2);
        assert_eq!(h.score(Color::Black, a), 0);
        h.reward(Color::White, b, &[], 1, Some(a));
        assert_eq!(h.counter(Some(a)), Some(b));
    }
}
