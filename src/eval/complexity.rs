//! Complexity: how hard the position is to win, as a correction of the endgame half's size (the
//! idea of Ethereal's complexity term). A few counts of the whole position ([`super::layout`]'s
//! `COMPLEXITY` group: pawns on the board, pawns on both wings, a pawn ending, a constant) are
//! weighted by their endgame weights into a sum `c`; the endgame half `eg` becomes
//! `eg + sign(eg) * max(c, -|eg|)`: a negative `c` pulls it toward zero (never past it, so the side
//! ahead stays ahead), a positive one pushes it away. Few pawns, all on one wing, are simple and
//! drawish; many pawns on both wings leave winning chances.
//!
//! Not linear in the weights: the sinks apply [`adjust`], and the tuner follows it through the
//! chain rule ([`crate::tune::features`]). The endgame scale factor ([`super::scale`]) is read
//! from the sum before this correction.

use super::Sink;
use super::layout::COMPLEXITY;
use shakmaty::{Bitboard, Board};

/// The complexity counts, in the order of the `COMPLEXITY` group.
pub(super) fn eval<S: Sink>(board: &Board, s: &mut S) {
    let pawns = board.pawns();
    s.complexity(COMPLEXITY, pawns.count() as i32);
    let both_wings = (pawns & Bitboard::WEST).any() && (pawns & Bitboard::EAST).any();
    s.complexity(COMPLEXITY + 1, i32::from(both_wings));
    let pawn_ending = (board.occupied() & !pawns & !board.kings()).is_empty();
    s.complexity(COMPLEXITY + 2, i32::from(pawn_ending));
    s.complexity(COMPLEXITY + 3, 1);
}

/// The endgame half `eg` (White's view) corrected by the complexity sum `c`:
/// `eg + sign(eg) * max(c, -|eg|)`. Its sign never flips; a balanced half (0) stays 0.
#[inline]
pub fn adjust(eg: i32, c: i32) -> i32 {
    eg + eg.signum() * c.max(-eg.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjust_pulls_toward_zero_without_crossing() {
        assert_eq!(adjust(100, -30), 70);
        assert_eq!(adjust(-100, -30), -70);
        assert_eq!(adjust(100, -300), 0);
        assert_eq!(adjust(-100, -300), 0);
        assert_eq!(adjust(100, 25), 125);
        assert_eq!(adjust(-100, 25), -125);
        assert_eq!(adjust(0, 50), 0);
        assert_eq!(adjust(0, -50), 0);
        for eg in -300..=300 {
            for c in [-400, -120, -1, 0, 1, 90] {
                let a = adjust(eg, c);
                assert!(a * eg >= 0, "{eg} {c}: {a}");
                assert_eq!(adjust(-eg, c), -a, "colour symmetry at {eg} {c}");
            }
        }
    }
}
