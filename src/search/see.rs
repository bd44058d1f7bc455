//! Static exchange evaluation: does a move win at least `threshold` centipawns once every piece
//! bearing on its target square has captured there, least valuable first? Pins are ignored.

use super::params::SEE_VALUE;
use shakmaty::attacks::{bishop_attacks, rook_attacks};
use shakmaty::{Bitboard, Chess, Color, Move, Position, Role};

fn value(role: Role) -> i32 {
    SEE_VALUE[role as usize]
}

/// Whether `m` gains at least `threshold` by static exchange.
pub fn see_ge(chess: &Chess, m: Move, threshold: i32) -> bool {
    let (from, to) = match m {
        Move::Normal { from, to, .. } | Move::EnPassant { from, to } => (from, to),
        _ => return threshold <= 0,
    };
    let board = chess.board();
    let captured = match m {
        Move::EnPassant { .. } => value(Role::Pawn),
        _ => m.capture().map_or(0, value),
    };
    let promo_gain = m.promotion().map_or(0, |p| value(p) - value(Role::Pawn));
    let mut swap = captured + promo_gain - threshold;
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
    let mut attackers = board.attacks_to(to, Color::White, occupied) | board.attacks_to(to, Color::Black, occupied);
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
