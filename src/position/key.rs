//! The Zobrist key of the position after a move, from the key before it: the pieces that moved, the
//! side to move, the castling rights that went and the legal en-passant squares of both positions
//! (Polyglot's convention, as `shakmaty`'s `zobrist_hash` with `EnPassantMode::Legal`). Every kind of
//! move is updated here; `shakmaty`'s own update gives up on king moves, castling, double pushes,
//! moves touching a castling rook and positions with an en-passant square.

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, Move, Piece, Position as _, Role, Square};

/// The key of `after`, the position `before` (whose key is `key`) becomes by playing `m`; `None`
/// for a move standard chess does not have (a drop).
#[inline]
pub(super) fn after_move(before: &Chess, after: &Chess, key: u64, m: Move) -> Option<u64> {
    let us = before.turn();
    let piece = |sq: Square, role: Role, color: Color| Zobrist64::zobrist_for_piece(sq, Piece { color, role }).0;
    let mut k = key ^ Zobrist64::zobrist_for_white_turn().0;
    match m {
        Move::Normal { role, from, capture, to, promotion } => {
            k ^= piece(from, role, us) ^ piece(to, promotion.unwrap_or(role), us);
            if let Some(victim) = capture {
                k ^= piece(to, victim, !us);
            }
        }
        Move::EnPassant { from, to } => {
            let taken = Square::from_coords(to.file(), from.rank());
            k ^= piece(from, Role::Pawn, us) ^ piece(to, Role::Pawn, us) ^ piece(taken, Role::Pawn, !us);
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            let rank = king.rank();
            k ^= piece(king, Role::King, us) ^ piece(Square::from_coords(side.king_to_file(), rank), Role::King, us);
            k ^= piece(rook, Role::Rook, us) ^ piece(Square::from_coords(side.rook_to_file(), rank), Role::Rook, us);
        }
        Move::Put { .. } => return None,
    }
    let (was, now) = (before.castles(), after.castles());
    if was.castling_rights() != now.castling_rights() {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if was.has(color, side) != now.has(color, side) {
                    k ^= Zobrist64::zobrist_for_castling_right(color, side).0;
                }
            }
        }
    }
    for sq in [before.ep_square(EnPassantMode::Legal), after.ep_square(EnPassantMode::Legal)].into_iter().flatten() {
        k ^= Zobrist64::zobrist_for_en_passant_file(sq.file()).0;
    }
    Some(k)
}
