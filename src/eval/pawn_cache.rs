//! The pawn cache: per search thread, the pawn-structure terms of recently seen pawn formations
//! (they depend on the pawns alone, and a search meets the same formations again and again).
//!
//! An entry keeps both sides' pawn bitboards, not a hash of them, so a hit is always the formation
//! asked for: the cached evaluation is exactly the uncached one.

use super::Split;
use shakmaty::Bitboard;

/// Number of entries (a power of two); 40 bytes each.
const ENTRIES: usize = 1 << 13;

/// The pawn-structure sum of one formation (White minus Black) and its passed pawns per side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PawnEntry {
    pawns: [Bitboard; 2],
    /// Pawn-structure terms, White minus Black.
    pub split: Split,
    /// Passed pawns per side (`Color as usize`).
    pub passed: [Bitboard; 2],
}

/// A direct-mapped table of pawn formations.
pub struct PawnCache {
    entries: Box<[PawnEntry]>,
}

impl Default for PawnCache {
    fn default() -> Self {
        // The empty formation is a valid entry (no pawns: no terms, no passers).
        Self { entries: vec![PawnEntry::default(); ENTRIES].into_boxed_slice() }
    }
}

/// The slot of a formation.
fn index(pawns: [Bitboard; 2]) -> usize {
    let h = (pawns[0].0.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ pawns[1].0.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
        .rotate_left(29);
    (h.wrapping_mul(0x1656_67B1_9E37_79F9) >> (64 - ENTRIES.trailing_zeros())) as usize
}

impl PawnCache {
    /// The entry of `pawns` (per side), computed by `compute` when it is not cached.
    #[inline]
    pub fn get(&mut self, pawns: [Bitboard; 2], compute: impl FnOnce() -> (Split, [Bitboard; 2])) -> PawnEntry {
        let slot = &mut self.entries[index(pawns)];
        if slot.pawns != pawns {
            let (split, passed) = compute();
            *slot = PawnEntry { pawns, split, passed };
        }
        *slot
    }
}
