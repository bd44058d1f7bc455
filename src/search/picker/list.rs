//! The picker's move buffer: moves with their ordering scores, handed out by selection (one scan
//! finds the best of a range), so a cutoff on an early move never pays for sorting the rest.

use arrayvec::ArrayVec;
use shakmaty::Move;

/// A move and its ordering score.
#[derive(Copy, Clone, Debug)]
pub struct Scored {
    /// The move.
    pub m: Move,
    /// Its ordering score (higher first).
    pub score: i32,
}

/// Up to 256 scored moves (a position has at most 218 legal moves).
#[derive(Default)]
pub struct ScoredMoves(ArrayVec<Scored, 256>);

impl ScoredMoves {
    /// Number of moves held.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move, score: i32) {
        self.0.push(Scored { m, score });
    }

    /// The entry at `i`.
    #[inline]
    pub fn get(&self, i: usize) -> Scored {
        self.0[i]
    }

    /// Overwrites the entry at `i`.
    #[inline]
    pub fn set(&mut self, i: usize, m: Move, score: i32) {
        self.0[i] = Scored { m, score };
    }

    /// Drops every entry from `len` on.
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    /// Exchanges two entries.
    #[inline]
    pub fn swap(&mut self, i: usize, j: usize) {
        self.0.swap(i, j);
    }

    /// Moves the best-scored entry of `from..to` (the first of equals) to `from` and returns its move.
    #[inline]
    pub fn select(&mut self, from: usize, to: usize) -> Move {
        let range = &mut self.0[from..to];
        let (mut best, mut best_score) = (0, range[0].score);
        for (i, s) in range.iter().enumerate().skip(1) {
            if s.score > best_score {
                (best, best_score) = (i, s.score);
            }
        }
        range.swap(0, best);
        range[0].m
    }
}
