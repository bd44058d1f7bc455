//! Move generation for quiescence and the move picker's capture stage: the legal captures and
//! queen promotions of a position that is not in check, without generating the quiet moves, and a
//! cheap test for whether any legal move exists (a stalemate), which quiescence needs when there is
//! no capture.
//!
//! The captures come out in the order shakmaty's full generator lists them (en passant; pawn
//! captures towards one side, then the other; pushes that promote; knights, bishops, rooks,
//! queens; the king), the order the picker breaks ties of score in.

use shakmaty::attacks::{self, aligned, between};
use shakmaty::{Bitboard, Chess, Color, Move, MoveList, Position as _, Role, Square};

/// Pieces of either colour that alone stand between `king` and an enemy slider aiming at it.
pub(super) fn pin_blockers(chess: &Chess, king: Square) -> Bitboard {
    let board = chess.board();
    let them = board.by_color(!chess.turn());
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens());
    let mut blockers = Bitboard::EMPTY;
    for sniper in snipers & them {
        let b = between(king, sniper) & board.occupied();
        if !b.more_than_one() {
            blockers |= b;
        }
    }
    blockers
}

/// Appends the legal captures (under-promotions among them) and queen promotions of `chess`, which
/// must not be in check, to `moves`.
pub fn noisy_moves(chess: &Chess, moves: &mut MoveList) {
    debug_assert!(!chess.is_check());
    let board = chess.board();
    let turn = chess.turn();
    let them = board.by_color(!turn);
    let occupied = board.occupied();
    if chess.maybe_ep_square().is_some() {
        moves.extend(chess.en_passant_moves());
    }
    let Some(king) = board.king_of(turn) else { return };
    let blockers = pin_blockers(chess, king);
    let legal = |from: Square, to: Square| !blockers.contains(from) || aligned(from, to, king);
    let push = |moves: &mut MoveList, role: Role, from: Square, to: Square, promotion: Option<Role>| {
        if legal(from, to) {
            moves.push(Move::Normal { role, from, capture: board.role_at(to), to, promotion });
        }
    };

    let pawns = board.pawns() & board.by_color(turn);
    let (west, east, up) = match turn {
        Color::White => (7, 9, 8),
        Color::Black => (-9, -7, -8),
    };
    let file_a = Bitboard::from_file(shakmaty::File::A);
    let file_h = Bitboard::from_file(shakmaty::File::H);
    for (offset, edge) in [(west, file_a), (east, file_h)] {
        let targets = (pawns & !edge).shift(offset) & them;
        for to in targets & !Bitboard::BACKRANKS {
            push(moves, Role::Pawn, Square::new((to as i32 - offset) as u32), to, None);
        }
        for to in targets & Bitboard::BACKRANKS {
            // Every capture counts, under-promotions included.
            for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                push(moves, Role::Pawn, Square::new((to as i32 - offset) as u32), to, Some(promotion));
            }
        }
    }
    for to in pawns.shift(up) & !occupied & Bitboard::BACKRANKS {
        push(moves, Role::Pawn, Square::new((to as i32 - up) as u32), to, Some(Role::Queen));
    }
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for from in board.by_role(role) & board.by_color(turn) {
            for to in attacks::attacks(from, role.of(turn), occupied) & them {
                push(moves, role, from, to, None);
            }
        }
    }
    for to in attacks::king_attacks(king) & them {
        if board.attacks_to(to, !turn, occupied).is_empty() {
            moves.push(Move::Normal { role: Role::King, from: king, capture: board.role_at(to), to, promotion: None });
        }
    }
}

/// Whether `chess`, not in check, has a legal move. Most positions show one at a glance (a piece
/// that is not pinned and can step somewhere, a king step to a safe square, a free pawn push);
/// the rest are settled by generating every move.
pub fn has_legal_move(chess: &Chess) -> bool {
    debug_assert!(!chess.is_check());
    let board = chess.board();
    let turn = chess.turn();
    let us = board.by_color(turn);
    let occupied = board.occupied();
    let Some(king) = board.king_of(turn) else { return !chess.legal_moves().is_empty() };
    // Not in check, so no slider sees the king: a king step to a square nobody attacks is legal.
    if (attacks::king_attacks(king) & !us).into_iter().any(|to| board.attacks_to(to, !turn, occupied).is_empty()) {
        return true;
    }
    let pinned = pin_blockers(chess, king);
    let free = us & !board.kings() & !board.pawns() & !pinned;
    if free
        .into_iter()
        .any(|from| board.piece_at(from).is_some_and(|p| (attacks::attacks(from, p, occupied) & !us).any()))
    {
        return true;
    }
    let up = if turn == Color::White { 8 } else { -8 };
    let pushers = (board.pawns() & us & !pinned).shift(up) & !occupied;
    pushers.any() || !chess.legal_moves().is_empty()
}

#[cfg(test)]
mod tests {
    use super::super::samples::with_children;
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode};

    /// Suite positions and every position one move after them, out of check.
    fn positions() -> Vec<Chess> {
        let text = [
            include_str!("../../tests/data/perft/standard.epd"),
            include_str!("../../tests/data/mate_in_1to4.epd"),
            include_str!("../../tests/data/wac40.epd"),
        ];
        let extra = [
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",    // stalemate
            "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", // en passant
            "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", // en passant exposing the king
            "4k3/8/8/8/8/8/3p4/2N2K2 b - - 0 1", // promotion, capture-promotion
            "4k3/4r3/8/8/8/4B3/8/4K3 w - - 0 1", // pinned bishop
            "1k6/8/8/8/8/8/p1K5/8 w - - 0 1",    // king capture of a pawn
            "5bk1/8/8/8/8/8/6PP/6NK w - - 0 1",  // pinned pawn, no legal move but one
        ];
        with_children(text.iter().flat_map(|t| t.lines()).chain(extra), CastlingMode::Standard)
    }

    #[test]
    fn noisy_moves_are_the_full_lists_captures_and_queen_promotions_in_order() {
        let all = positions();
        assert!(all.len() > 3000, "{}", all.len());
        let mut stalemates = 0;
        for chess in &all {
            let mut want = chess.legal_moves();
            let any = !want.is_empty();
            want.retain(|m| m.is_capture() || m.promotion() == Some(Role::Queen));
            let fen = Fen::from_position(chess, EnPassantMode::Legal);
            let mut got = MoveList::new();
            noisy_moves(chess, &mut got);
            assert_eq!(got, want, "{fen}");
            assert_eq!(has_legal_move(chess), any, "{fen}");
            stalemates += usize::from(!any);
        }
        assert!(stalemates >= 1);
    }
}
