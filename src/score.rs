//! `Score`: centipawns from the side to move's point of view, with mate scores encoded as distance
//! from the root (`MATE - ply`). Built with `Score::cp`, read with `raw`; moved by `i32` margins
//! (`score + 50`, `score - margin`), and two scores differ by an `i32` (`beta - alpha`). Sums of
//! evaluation terms stay in `i32` and become a `Score` once. Also `Ply`, the distance from the root
//! (it indexes the search's per-ply stack and shifts mate scores), and the `Depth` alias (plain
//! `i32`: depth mixes freely with reductions and margins). Knows nothing of boards or search.

use std::ops::{Add, Neg, Sub};

/// Search depth in plies (may go negative inside the search after reductions).
pub type Depth = i32;
/// Deepest ply the search ever reaches; arrays indexed by ply have this many slots (plus a margin).
pub const MAX_PLY: usize = 128;

/// Distance from the search root in plies. It indexes the search's per-ply stack (see `frame.rs`),
/// moves by whole plies (`ply + 1`, `ply - 1`), and shifts a mate score (`Score::MATE - ply`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ply(usize);

impl Ply {
    /// The root of the search.
    pub const ROOT: Ply = Ply(0);

    /// The ply `n` plies from the root.
    pub const fn new(n: usize) -> Ply {
        Ply(n)
    }

    /// The distance from the root, for indexing and counting.
    pub const fn index(self) -> usize {
        self.0
    }

    /// The ply `n` plies nearer the root, if there is one.
    pub const fn checked_sub(self, n: usize) -> Option<Ply> {
        match self.0.checked_sub(n) {
            Some(p) => Some(Ply(p)),
            None => None,
        }
    }
}

impl Add<usize> for Ply {
    type Output = Ply;
    fn add(self, rhs: usize) -> Ply {
        Ply(self.0 + rhs)
    }
}

impl Sub<usize> for Ply {
    type Output = Ply;
    fn sub(self, rhs: usize) -> Ply {
        Ply(self.0 - rhs)
    }
}

/// A search score in centipawns, or a mate score. Ordered as its centipawns.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

impl Score {
    /// A score of `cp` centipawns (or, beyond `MATE_BOUND`, the mate encoding of that value).
    pub const fn cp(cp: i32) -> Score {
        Score(cp)
    }

    /// The value as an `i32`: centipawns, or the mate encoding for mate scores.
    pub const fn raw(self) -> i32 {
        self.0
    }

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
        Score(Self::MATE.0 - ply.0 as i32)
    }

    /// The score of being mated `ply` plies from the root.
    pub const fn mated_in(ply: Ply) -> Score {
        Score(-Self::MATE.0 + ply.0 as i32)
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

/// A score plus a distance in plies: how a mate score moves between root and node (see `tt.rs`).
impl Add<Ply> for Score {
    type Output = Score;
    fn add(self, rhs: Ply) -> Score {
        Score(self.0 + rhs.0 as i32)
    }
}

/// A score minus a distance in plies: `Score::MATE - ply` is mate at `ply`.
impl Sub<Ply> for Score {
    type Output = Score;
    fn sub(self, rhs: Ply) -> Score {
        Score(self.0 - rhs.0 as i32)
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

/// The difference of two scores, in centipawns (`beta - alpha`).
impl Sub for Score {
    type Output = i32;
    fn sub(self, rhs: Score) -> i32 {
        self.0 - rhs.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_moves() {
        assert_eq!(Score::mate_in(Ply::new(1)).mate_moves(), Some(1));
        assert_eq!(Score::mate_in(Ply::new(3)).mate_moves(), Some(2));
        assert_eq!(Score::mated_in(Ply::new(0)).mate_moves(), Some(0));
        assert_eq!(Score::mated_in(Ply::new(2)).mate_moves(), Some(-1));
        assert_eq!(Score::mated_in(Ply::new(4)).mate_moves(), Some(-2));
        assert_eq!(Score::cp(250).mate_moves(), None);
        assert!(Score::mated_in(Ply::new(MAX_PLY)).is_mate());
    }
}
