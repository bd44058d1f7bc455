//! `Score`: centipawns from the side to move's point of view, with mate scores encoded as distance
//! from the root (`MATE - ply`). Also the `Depth` and `Ply` aliases. Knows nothing of boards or search.

use std::ops::{Add, Neg, Sub};

/// Search depth in plies (may go negative inside the search after reductions).
pub type Depth = i32;
/// Distance from the search root in plies.
pub type Ply = usize;
/// Deepest ply the search ever reaches; arrays indexed by ply have this many slots (plus a margin).
pub const MAX_PLY: Ply = 128;

/// A search score in centipawns, or a mate score.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// A draw.
    pub const DRAW: Score = Score(0);
    /// Mate at the root (never reached: a mate is at least one ply away).
    pub const MATE: Score = Score(31_000);
    /// Larger than any real score: the initial alpha-beta window.
    pub const INFINITE: Score = Score(32_000);
    /// Scores at least this large (in absolute value) are mates.
    pub const MATE_BOUND: Score = Score(31_000 - MAX_PLY as i32 * 2);

    /// The score of giving mate `ply` plies from the root.
    pub const fn mate_in(ply: Ply) -> Score {
        Score(Self::MATE.0 - ply as i32)
    }

    /// The score of being mated `ply` plies from the root.
    pub const fn mated_in(ply: Ply) -> Score {
        Score(-Self::MATE.0 + ply as i32)
    }

    /// Whether this is a mate score (for either side).
    pub const fn is_mate(self) -> bool {
        self.0.abs() >= Self::MATE_BOUND.0
    }

    /// Mate in moves as UCI reports it: positive when the side to move mates, negative when it is mated.
    pub const fn mate_moves(self) -> Option<i32> {
        if !self.is_mate() {
            None
        } else if self.0 > 0 {
            Some((Self::MATE.0 - self.0 + 1) / 2)
        } else {
            Some(-(Self::MATE.0 + self.0) / 2)
        }
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Add<i32> for Score {
    type Output = Score;
    fn add(self, rhs: i32) -> Score {
        Score(self.0 + rhs)
    }
}

impl Sub<i32> for Score {
    type Output = Score;
    fn sub(self, rhs: i32) -> Score {
        Score(self.0 - rhs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_moves() {
        assert_eq!(Score::mate_in(1).mate_moves(), Some(1));
        assert_eq!(Score::mate_in(3).mate_moves(), Some(2));
        assert_eq!(Score::mated_in(0).mate_moves(), Some(0));
        assert_eq!(Score::mated_in(2).mate_moves(), Some(-1));
        assert_eq!(Score::mated_in(4).mate_moves(), Some(-2));
        assert_eq!(Score(250).mate_moves(), None);
        assert!(Score::mated_in(MAX_PLY).is_mate());
    }
}
