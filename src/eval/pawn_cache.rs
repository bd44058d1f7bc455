//! The pawn cache: per search thread, the pawn-structure terms of recently seen pawn formations
//! (they depend on the pawns alone, and a search meets the same formations again and again), and in
//! a second table the kings' cover ([`super::king::cover`]) of recently seen formations with the
//! kings' squares (it depends on the pawns and those squares alone).
//!
//! An entry keeps both sides' pawn bitboards (and the kings' squares), not a hash of them, so a hit
//! is always the formation (and the kings) asked for: the cached evaluation is exactly the uncached
//! one.

use super::Split;
use shakmaty::{Bitboard, Square};

/// Number of formation entries (a power of two); 40 bytes each.
const ENTRIES: usize = 1 << 13;
/// Number of cover entries (a power of two); 32 bytes each.
const COVER_ENTRIES: usize = 1 << 13;

/// Kings' squares that no position has: a cover entry holding them is empty.
const NO_KINGS: [u8; 2] = [u8::MAX; 2];

/// The pawn-structure sum of one formation (White minus Black) and its passed pawns per side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PawnEntry {
    pawns: [Bitboard; 2],
    /// Pawn-structure terms, White minus Black.
    pub split: Split,
    /// Passed pawns per side (`Color as usize`).
    pub passed: [Bitboard; 2],
}

/// The kings' cover (White minus Black) of one formation with the kings on `kings`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct CoverEntry {
    pawns: [Bitboard; 2],
    kings: [u8; 2],
    cover: Split,
}

/// Direct-mapped tables of pawn formations and of formations with kings.
pub struct PawnCache {
    entries: Box<[PawnEntry]>,
    covers: Box<[CoverEntry]>,
}

impl Default for PawnCache {
    fn default() -> Self {
        // The empty formation is a valid pawn entry (no pawns: no terms, no passers); no cover entry
        // is valid until written.
        let empty = CoverEntry { pawns: [Bitboard::EMPTY; 2], kings: NO_KINGS, cover: Split::default() };
        Self {
            entries: vec![PawnEntry::default(); ENTRIES].into_boxed_slice(),
            covers: vec![empty; COVER_ENTRIES].into_boxed_slice(),
        }
    }
}

/// A hash of a formation: the two sides' pawns in the caller's order (this cache passes them by
/// `Color as usize`, Black's first; the correction history, `search/correction.rs`, White's first).
pub fn formation_hash(pawns: [Bitboard; 2]) -> u64 {
    pawns[0].0.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ pawns[1].0.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29)
}

/// The slot of hash `h` in a table of `entries` (a power of two).
fn slot(h: u64, entries: usize) -> usize {
    (h.wrapping_mul(0x1656_67B1_9E37_79F9) >> (64 - entries.trailing_zeros())) as usize
}

/// The cover table's slot of `pawns` with the kings on `kings`.
fn cover_slot(pawns: [Bitboard; 2], kings: [u8; 2]) -> usize {
    let k = (u64::from(kings[0]) << 6 | u64::from(kings[1])).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    slot(formation_hash(pawns) ^ k, COVER_ENTRIES)
}

impl PawnCache {
    /// The entry of `pawns` (per side), computed by `compute` when it is not cached.
    #[inline]
    pub fn get(&mut self, pawns: [Bitboard; 2], compute: impl FnOnce() -> (Split, [Bitboard; 2])) -> PawnEntry {
        let slot = &mut self.entries[slot(formation_hash(pawns), ENTRIES)];
        if slot.pawns != pawns {
            let (split, passed) = compute();
            *slot = PawnEntry { pawns, split, passed };
        }
        *slot
    }

    /// The kings' cover of `pawns` with the kings on `kings`, computed by `compute` when it is not
    /// cached.
    #[inline]
    pub fn cover(&mut self, pawns: [Bitboard; 2], kings: [Square; 2], compute: impl FnOnce() -> Split) -> Split {
        let kings = kings.map(u8::from);
        let slot = &mut self.covers[cover_slot(pawns, kings)];
        if slot.pawns != pawns || slot.kings != kings {
            *slot = CoverEntry { pawns, kings, cover: compute() };
        }
        slot.cover
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two keys of one formation with other kings that share a cover slot.
    fn colliding_kings() -> ([Bitboard; 2], [Square; 2], [Square; 2]) {
        for sq in Square::ALL.into_iter().filter(|&s| (8..56).contains(&usize::from(s))) {
            let pawns = [Bitboard::from_square(sq), Bitboard::EMPTY];
            let first = [Square::A1, Square::H8];
            let at = cover_slot(pawns, first.map(u8::from));
            for (w, b) in Square::ALL.into_iter().flat_map(|w| Square::ALL.into_iter().map(move |b| (w, b))) {
                if [w, b] != first && cover_slot(pawns, [w, b].map(u8::from)) == at {
                    return (pawns, first, [w, b]);
                }
            }
        }
        unreachable!("no two king placements share a slot")
    }

    #[test]
    fn a_cover_answers_only_for_the_kings_it_stored() {
        let mut cache = PawnCache::default();
        let (pawns, first, second) = colliding_kings();
        let one = Split { mg: 1, eg: 1 };
        let two = Split { mg: 2, eg: 2 };
        assert_eq!(cache.cover(pawns, first, || one), one);
        assert_eq!(cache.cover(pawns, first, || unreachable!("cached")), one);
        // The same slot and formation, other kings: computed anew, then cached in place.
        assert_eq!(cache.cover(pawns, second, || two), two);
        assert_eq!(cache.cover(pawns, second, || unreachable!("cached")), two);
        assert_eq!(cache.cover(pawns, first, || one), one);
    }

    #[test]
    fn a_cover_answers_only_for_the_formation_it_stored() {
        let mut cache = PawnCache::default();
        let kings = [Square::G1, Square::G8];
        let a = [Bitboard::from_square(Square::F2), Bitboard::EMPTY];
        let at = cover_slot(a, kings.map(u8::from));
        let b = (0..u64::MAX)
            .map(|i| [Bitboard(i << 8 & 0x00FF_FFFF_FFFF_FF00), Bitboard::EMPTY])
            .find(|&b| b != a && cover_slot(b, kings.map(u8::from)) == at)
            .expect("a formation in the same slot");
        let one = Split { mg: 1, eg: 1 };
        let two = Split { mg: 2, eg: 2 };
        assert_eq!(cache.cover(a, kings, || one), one);
        assert_eq!(cache.cover(b, kings, || two), two);
        assert_eq!(cache.cover(a, kings, || one), one);
    }
}
