//! The transposition table: a shared, lockless hash table of search results, sized in megabytes.
//!
//! Layout: a power-free array of 64-byte buckets (index = `key * len >> 64`), each with four entries of
//! two `AtomicU64` words: `check = key ^ data` and `data`. `data` packs (low bit first):
//!
//! | bits  | field                                   |
//! |-------|-----------------------------------------|
//! | 0-15  | move ([`PackedMove`], 0 = none)         |
//! | 16-31 | score (i16, mate scores node-relative)  |
//! | 32-47 | static eval (i16)                       |
//! | 48-55 | depth (u8, 0 for quiescence entries)    |
//! | 56-57 | bound (0 none, 1 upper, 2 lower, 3 exact)|
//! | 58-63 | age (generation of the search, mod 64)  |
//!
//! Concurrency truth: words are read and written with `Relaxed` ordering and no lock. Two writers can
//! interleave and a reader can see `check` of one write with `data` of another; then `check ^ data` is
//! not the key and the entry reads as a miss. A full 64-bit key is verified, so a false hit needs a
//! 64-bit collision. Every move taken from the table is still checked for legality by the caller.
//!
//! Mate scores are stored relative to the node (distance to mate from the node, not from the root)
//! and converted back on probe: that conversion lives here and nowhere else.

use crate::position::squares;
use crate::score::{Depth, Ply, Score};
use shakmaty::{Chess, Move, Position as _, Role, Square};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

mod pages;
use pages::{Pages, Zeroable};

/// Replacement: an entry loses this many plies of depth for each search generation it is old, when
/// the victim in a full bucket is chosen (the lowest `depth - TT_AGE_WEIGHT * age` goes).
pub const TT_AGE_WEIGHT: i32 = 8;
/// Replacement: a non-exact result does not overwrite the same position's entry from this search
/// when that entry is more than this many plies deeper.
pub const TT_KEEP_DEEPER_MARGIN: i32 = 3;

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// True value ≤ score (fail low).
    Upper = 1,
    /// True value ≥ score (fail high).
    Lower = 2,
    /// The exact value.
    Exact = 3,
}

impl Bound {
    /// Whether a score of this kind settles a search in the window `(alpha, beta)`: an exact score
    /// always, a lower bound at or above beta, an upper bound at or below alpha.
    #[inline]
    pub fn settles(self, score: Score, alpha: Score, beta: Score) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// A move in 16 bits: from (6) | to (6) | promotion role (3). Castling is king-takes-rook. 0 = none.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PackedMove(pub u16);

impl PackedMove {
    /// No move.
    pub const NONE: PackedMove = PackedMove(0);

    /// Packs a move.
    pub fn new(m: Move) -> Self {
        let Some((from, to)) = squares(m) else { return Self::NONE };
        let promo = m.promotion().map_or(0, |r| r as u16);
        PackedMove(from as u16 | (to as u16) << 6 | promo << 12)
    }

    /// Whether a move is not set.
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The move of `chess` that packs to this, read off the board: the piece on the origin square
    /// (one of the side to move's), castling when a king takes its own rook, en passant when a pawn
    /// moves aside to an empty square. Not checked for legality: a stored move may come from another
    /// position (a key collision, or a racing write), so the caller checks it.
    pub fn unpack(self, chess: &Chess) -> Option<Move> {
        if self.is_none() {
            return None;
        }
        let from = Square::new(u32::from(self.0 & 63));
        let to = Square::new(u32::from((self.0 >> 6) & 63));
        let promotion = match self.0 >> 12 {
            0 => None,
            r @ 2..=5 => Role::try_from(r as u8).ok(),
            _ => return None,
        };
        let board = chess.board();
        let us = board.by_color(chess.turn());
        let role = board.role_at(from).filter(|_| us.contains(from))?;
        Some(if role == Role::King && (board.rooks() & us).contains(to) {
            Move::Castle { king: from, rook: to }
        } else if role == Role::Pawn && from.file() != to.file() && !board.occupied().contains(to) {
            Move::EnPassant { from, to }
        } else {
            Move::Normal { role, from, capture: board.role_at(to), to, promotion }
        })
    }
}

/// A successful probe, with the score already converted to be relative to the root.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TtHit {
    /// Best or refuting move found (may be none).
    pub mv: PackedMove,
    /// Score, mate distance relative to the probing ply.
    pub score: Score,
    /// Static evaluation of the position.
    pub eval: Score,
    /// Depth the score was searched to.
    pub depth: Depth,
    /// Kind of bound.
    pub bound: Bound,
}

impl TtHit {
    /// Whether the stored score settles a search in the window `(alpha, beta)` ([`Bound::settles`]).
    pub fn settles(&self, alpha: Score, beta: Score) -> bool {
        self.bound.settles(self.score, alpha, beta)
    }
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    entries: [Entry; 4],
}

const _: () = assert!(size_of::<Bucket>() == 64);

// SAFETY: a bucket is eight `AtomicU64`s; all zero is a bucket of empty entries.
unsafe impl Zeroable for Bucket {}

/// Allocating the table failed (the size was too large for this machine).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TtAllocError(pub usize);

impl std::fmt::Display for TtAllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "could not allocate a {} MB hash table", self.0)
    }
}

/// The shared transposition table. All methods take `&self`; share it with `Arc`.
pub struct Tt {
    buckets: Pages<Bucket>,
    age: AtomicU8,
}

/// Converts a root-relative score to a node-relative one for storing.
fn to_tt(score: Score, ply: Ply) -> i16 {
    let s = if score >= Score::MATE_BOUND {
        score + ply
    } else if score <= -Score::MATE_BOUND {
        score - ply
    } else {
        score
    };
    s.raw() as i16
}

/// Converts a stored node-relative score back to root-relative at `ply`.
fn from_tt(stored: i16, ply: Ply) -> Score {
    let s = Score::cp(i32::from(stored));
    if s >= Score::MATE_BOUND {
        s - ply
    } else if s <= -Score::MATE_BOUND {
        s + ply
    } else {
        s
    }
}

impl Tt {
    /// A cleared table of `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Result<Tt, TtAllocError> {
        let len = (mb.saturating_mul(1 << 20) / size_of::<Bucket>()).max(1);
        let buckets = Pages::zeroed(len).ok_or(TtAllocError(mb))?;
        Ok(Tt { buckets, age: AtomicU8::new(0) })
    }

    /// Size in megabytes.
    pub fn size_mb(&self) -> usize {
        (self.buckets.len() * size_of::<Bucket>()) >> 20
    }

    /// Empties every entry.
    pub fn clear(&self) {
        for b in self.buckets.iter() {
            for e in &b.entries {
                e.check.store(0, Relaxed);
                e.data.store(0, Relaxed);
            }
        }
        self.age.store(0, Relaxed);
    }

    /// Starts a new search generation: older entries become preferred victims.
    pub fn new_search(&self) {
        self.age.store((self.age.load(Relaxed) + 1) & 63, Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Asks the CPU to start loading the bucket of `key`, so a probe soon after finds it in cache.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let ptr: *const Bucket = self.bucket(key);
            // SAFETY: SSE is part of the x86_64 baseline, and a prefetch is only a hint that never
            // faults or reads memory architecturally, whatever the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks up `key`; `ply` is the probing node's distance from the root.
    pub fn probe(&self, key: u64, ply: Ply) -> Option<TtHit> {
        for e in &self.bucket(key).entries {
            let data = e.data.load(Relaxed);
            if e.check.load(Relaxed) ^ data == key {
                let bound = match (data >> 56) & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    3 => Bound::Exact,
                    _ => continue,
                };
                return Some(TtHit {
                    mv: PackedMove(data as u16),
                    score: from_tt((data >> 16) as u16 as i16, ply),
                    eval: Score::cp(i32::from((data >> 32) as u16 as i16)),
                    depth: Depth::from((data >> 48) as u8),
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result. Replaces the entry of the same key, else the shallowest, oldest one.
    #[allow(clippy::too_many_arguments)]
    pub fn store(&self, key: u64, ply: Ply, mv: PackedMove, score: Score, eval: Score, depth: Depth, bound: Bound) {
        let age = u64::from(self.age.load(Relaxed));
        let bucket = self.bucket(key);
        let mut victim = &bucket.entries[0];
        let mut worst = i32::MAX;
        for e in &bucket.entries {
            let data = e.data.load(Relaxed);
            if e.check.load(Relaxed) ^ data == key {
                victim = e;
                break;
            }
            let stored_depth = ((data >> 48) & 0xff) as i32;
            let stored_age = (data >> 58) & 63;
            let age_gap = ((age + 64 - stored_age) & 63) as i32;
            let empty = (data >> 56) & 3 == 0;
            let value = if empty { i32::MIN + 1 } else { stored_depth - TT_AGE_WEIGHT * age_gap };
            if value < worst {
                worst = value;
                victim = e;
            }
        }
        let old = victim.data.load(Relaxed);
        let same = victim.check.load(Relaxed) ^ old == key;
        // Keep the old move when the new result has none for the same position.
        let mv = if mv.is_none() && same { PackedMove(old as u16) } else { mv };
        // A bound (not exact) does not overwrite this search's entry of the same position when that
        // entry is more than `TT_KEEP_DEEPER_MARGIN` plies deeper, whatever the entry's own bound.
        if same
            && bound != Bound::Exact
            && ((old >> 48) & 0xff) as i32 > depth + TT_KEEP_DEEPER_MARGIN
            && (old >> 58) & 63 == age
        {
            return;
        }
        let data = u64::from(mv.0)
            | u64::from(to_tt(score, ply) as u16) << 16
            | u64::from(eval.raw().clamp(-32_000, 32_000) as i16 as u16) << 32
            | (depth.clamp(0, 255) as u64) << 48
            | (bound as u64) << 56
            | age << 58;
        victim.check.store(key ^ data, Relaxed);
        victim.data.store(data, Relaxed);
    }

    /// Permille of sampled entries written by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = u64::from(self.age.load(Relaxed));
        let sample = self.buckets.iter().take(250).flat_map(|b| &b.entries);
        let mut total = 0u32;
        let mut used = 0u32;
        for e in sample {
            let data = e.data.load(Relaxed);
            total += 1;
            if (data >> 56) & 3 != 0 && (data >> 58) & 63 == age {
                used += 1;
            }
        }
        (used * 1000).checked_div(total).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Role, Square};

    #[test]
    fn bounds_settle_only_their_side_of_the_window() {
        let (alpha, beta) = (Score::cp(-10), Score::cp(10));
        for s in [-11, -10, 0, 10, 11] {
            assert!(Bound::Exact.settles(Score::cp(s), alpha, beta));
            assert_eq!(Bound::Lower.settles(Score::cp(s), alpha, beta), s >= 10, "{s}");
            assert_eq!(Bound::Upper.settles(Score::cp(s), alpha, beta), s <= -10, "{s}");
        }
    }

    #[test]
    fn mate_scores_round_trip_through_the_table() {
        // Worked example: at ply 5 the search finds "mate in 3 plies from here" = MATE - 8 from the root.
        // Stored node-relative as MATE - 3; probed again at ply 2 it must read MATE - 5.
        let tt = Tt::new(1).unwrap();
        let key = 0x1234_5678_9abc_def1;
        tt.store(key, Ply::new(5), PackedMove::NONE, Score::mate_in(Ply::new(8)), Score::cp(10), 4, Bound::Exact);
        let hit = tt.probe(key, Ply::new(5)).unwrap();
        assert_eq!(hit.score, Score::mate_in(Ply::new(8)));
        assert_eq!(tt.probe(key, Ply::new(2)).unwrap().score, Score::mate_in(Ply::new(5)));
        tt.store(key, Ply::new(7), PackedMove::NONE, Score::mated_in(Ply::new(9)), Score::cp(-3), 4, Bound::Exact);
        assert_eq!(tt.probe(key, Ply::new(7)).unwrap().score, Score::mated_in(Ply::new(9)));
        assert_eq!(tt.probe(key, Ply::new(3)).unwrap().score, Score::mated_in(Ply::new(5)));
        for s in [-500, 0, 1, 777] {
            tt.store(key, Ply::new(9), PackedMove::NONE, Score::cp(s), Score::cp(0), 1, Bound::Lower);
            assert_eq!(tt.probe(key, Ply::new(1)).unwrap().score, Score::cp(s));
        }
    }

    #[test]
    fn fields_round_trip_and_misses() {
        let tt = Tt::new(1).unwrap();
        let m = Move::Normal {
            role: Role::Pawn,
            from: Square::A7,
            capture: None,
            to: Square::A8,
            promotion: Some(Role::Queen),
        };
        let pm = PackedMove::new(m);
        // Origin, target and promotion each tell packed moves apart.
        let knight = Move::Normal {
            role: Role::Pawn,
            from: Square::A7,
            capture: None,
            to: Square::A8,
            promotion: Some(Role::Knight),
        };
        let other = Move::Normal {
            role: Role::Pawn,
            from: Square::B7,
            capture: None,
            to: Square::B8,
            promotion: Some(Role::Queen),
        };
        assert!(!pm.is_none());
        assert_ne!(pm, PackedMove::new(knight));
        assert_ne!(pm, PackedMove::new(other));
        tt.store(42, Ply::ROOT, pm, Score::cp(-123), Score::cp(55), 17, Bound::Upper);
        let hit = tt.probe(42, Ply::ROOT).unwrap();
        assert_eq!(hit, TtHit { mv: pm, score: Score::cp(-123), eval: Score::cp(55), depth: 17, bound: Bound::Upper });
        assert!(tt.probe(43, Ply::ROOT).is_none());
        tt.clear();
        assert!(tt.probe(42, Ply::ROOT).is_none());
    }

    #[test]
    fn hashfull_counts_current_generation() {
        let tt = Tt::new(1).unwrap();
        assert_eq!(tt.hashfull(), 0);
        for k in 0..100_000u64 {
            tt.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                Ply::ROOT,
                PackedMove::NONE,
                Score::cp(0),
                Score::cp(0),
                1,
                Bound::Exact,
            );
        }
        assert!(tt.hashfull() > 900);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }
}
