//! Static exchange evaluation: does a move win at least `threshold` centipawns once every piece
//! bearing on its target square has captured there, least valuable first? Pins are ignored.

use super::params::SEE_VALUE;
use crate::position::squares;
use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use shakmaty::{Bitboard, Chess, Color, Move, Position, Role};

/// A piece's value for move ordering, delta pruning and exchanges.
pub fn value(role: Role) -> i32 {
    SEE_VALUE[role as usize]
}

/// The value of what a move captures (en passant: a pawn; no capture: 0).
pub fn captured_value(m: Move) -> i32 {
    match m {
        Move::EnPassant { .. } => value(Role::Pawn),
        _ => m.capture().map_or(0, value),
    }
}

/// What a move's promotion adds: the new piece less the pawn (0 without one).
pub fn promotion_gain(m: Move) -> i32 {
    m.promotion().map_or(0, |p| value(p) - value(Role::Pawn))
}

/// Whether `m` gains at least `threshold` by static exchange.
pub fn see_ge(chess: &Chess, m: Move, threshold: i32) -> bool {
    // Castling never captures and lands the king on a safe square; drops do not occur.
    let Some((from, to)) = squares(m).filter(|_| !m.is_castle()) else { return threshold <= 0 };
    let board = chess.board();
    let mut swap = captured_value(m) + promotion_gain(m) - threshold;
    if swap < 0 {
        return false;
    }
    let moved = m.promotion().unwrap_or(m.role());
    swap = value(moved) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = board.occupied() ^ Bitboard::from(from) ^ Bitboard::from(to);
    if let Move::EnPassant { from, to } = m {
        occupied ^= Bitboard::from(shakmaty::Square::from_coords(to.file(), from.rank()));
    }
    let diag = board.bishops() | board.queens();
    let straight = board.rooks() | board.queens();
    let mut attackers = (rook_attacks(to, occupied) & straight)
        | (bishop_attacks(to, occupied) & diag)
        | (knight_attacks(to) & board.knights())
        | (king_attacks(to) & board.kings())
        | (pawn_attacks(Color::Black, to) & board.pawns() & board.white())
        | (pawn_attacks(Color::White, to) & board.pawns() & board.black());
    let mut stm = !chess.turn();
    let mut res = true;
    loop {
        attackers &= occupied;
        let mine = attackers & board.by_color(stm);
        if mine.is_empty() {
            break;
        }
        let role = Role::ALL.into_iter().find(|&r| (mine & board.by_role(r)).any()).unwrap_or(Role::King);
        stm = !stm;
        res = !res;
        if role == Role::King {
            // The king may only take last: if the other side still attacks, the capture is illegal.
            if (attackers & board.by_color(stm)).any() {
                res = !res;
            }
            break;
        }
        swap = value(role) - swap;
        if swap < i32::from(res) {
            break;
        }
        if let Some(sq) = (mine & board.by_role(role)).first() {
            occupied ^= Bitboard::from(sq);
        }
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occupied) & diag;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occupied) & straight;
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position as Pos;

    fn check(fen: &str, mv: &str, threshold: i32) -> bool {
        let p = Pos::from_fen(fen, false).unwrap();
        see_ge(p.chess(), p.parse_move(mv).unwrap(), threshold)
    }

    #[test]
    fn exchanges() {
        // Pawn takes undefended knight: +320.
        assert!(check("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320));
        assert!(!check("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 321));
        // Queen takes a pawn defended by a pawn: loses.
        assert!(!check("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", 0));
        // Rook takes rook, defended by rook, with our second rook behind (x-ray): even trade.
        assert!(check("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 0));
        // Quiet move to an attacked square loses the piece.
        assert!(!check("4k3/8/8/4p3/8/8/8/3QK3 w - - 0 1", "d1d4", 0));
        assert!(check("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d4", 0));
    }
}
