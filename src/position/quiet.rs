//! Move generation for the quiet stage of move ordering: the legal moves of a position not in
//! check that neither capture nor promote (pushes, piece moves to empty squares, king steps,
//! castling), without generating the captures. With [`super::noisy`]'s captures and queen
//! promotions and the under-promotions beside those, they make up every legal move.

use super::noisy::pin_blockers;
use shakmaty::attacks::{self, aligned};
use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, MoveList, Position as _, Role, Square};

/// Appends the legal quiet moves of `chess` (which must not be in check) to `moves`.
pub fn quiet_moves(chess: &Chess, moves: &mut MoveList) {
    debug_assert!(!chess.is_check());
    let board = chess.board();
    let turn = chess.turn();
    let us = board.by_color(turn);
    let empty = !board.occupied();
    let Some(king) = board.king_of(turn) else { return };
    let blockers = pin_blockers(chess, king);
    let legal = |from: Square, to: Square| !blockers.contains(from) || aligned(from, to, king);

    let pawns = board.pawns() & us;
    let up = if turn == Color::White { 8 } else { -8 };
    let single = pawns.shift(up) & empty;
    let start = if turn == Color::White {
        Bitboard::from_rank(shakmaty::Rank::Fourth)
    } else {
        Bitboard::from_rank(shakmaty::Rank::Fifth)
    };
    for to in single & !Bitboard::BACKRANKS {
        let from = Square::new((to as i32 - up) as u32);
        if legal(from, to) {
            moves.push(Move::Normal { role: Role::Pawn, from, capture: None, to, promotion: None });
        }
    }
    for to in single.shift(up) & empty & start {
        let from = Square::new((to as i32 - 2 * up) as u32);
        if legal(from, to) {
            moves.push(Move::Normal { role: Role::Pawn, from, capture: None, to, promotion: None });
        }
    }
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for from in board.by_role(role) & us {
            for to in attacks::attacks(from, role.of(turn), board.occupied()) & empty {
                if legal(from, to) {
                    moves.push(Move::Normal { role, from, capture: None, to, promotion: None });
                }
            }
        }
    }
    // Not in check, so no slider sees the king: a step to an empty square nobody attacks is legal.
    for to in attacks::king_attacks(king) & empty {
        if board.attacks_to(to, !turn, board.occupied()).is_empty() {
            moves.push(Move::Normal { role: Role::King, from: king, capture: None, to, promotion: None });
        }
    }
    // Castling only where the right is kept and nothing stands between king and rook.
    let castles = chess.castles();
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        if castles.rook(turn, side).is_some() && (castles.path(turn, side) & board.occupied()).is_empty() {
            moves.extend(chess.castling_moves(side));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::noisy::noisy_moves;
    use super::super::samples::with_children;
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode};

    /// The suite's positions (standard and Chess960) and every position one move after them, out
    /// of check.
    fn positions() -> Vec<Chess> {
        let suites = [
            (include_str!("../../tests/data/perft/standard.epd"), CastlingMode::Standard),
            (include_str!("../../tests/data/perft/chess960.epd"), CastlingMode::Chess960),
            (include_str!("../../tests/data/perft/chess960_tricky.epd"), CastlingMode::Chess960),
            (include_str!("../../tests/data/perft/tricky.epd"), CastlingMode::Standard),
            (include_str!("../../tests/data/mate_in_1to4.epd"), CastlingMode::Standard),
        ];
        let extra = [
            "4k3/8/8/8/8/8/3p4/2N2K2 b - - 0 1",    // promotion, capture-promotion
            "4k3/4r3/8/8/8/4B3/8/4K3 w - - 0 1",    // pinned bishop
            "4k3/8/8/8/8/8/8/r3K2R w K - 0 1",      // castling through nothing, rook on the rank
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", // both castlings
            "4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1",    // pinned pawn may push along the pin
            "4k3/8/8/8/7b/8/5P2/4K3 w - - 0 1",     // pinned pawn may not push
        ];
        // The extra positions under each suite's castling mode, so Chess960 castling sees them too.
        suites.iter().flat_map(|&(text, mode)| with_children(text.lines().chain(extra), mode)).collect()
    }

    #[test]
    fn quiet_and_noisy_moves_and_under_promotions_are_the_legal_moves() {
        let all = positions();
        assert!(all.len() > 3000, "{}", all.len());
        let (mut castles, mut pinned_pushes) = (0, 0);
        for chess in &all {
            let mut want: Vec<Move> =
                chess.legal_moves().into_iter().filter(|m| !m.is_capture() && !m.is_promotion()).collect();
            let mut got = MoveList::new();
            quiet_moves(chess, &mut got);
            let fen = Fen::from_position(chess, EnPassantMode::Legal);
            let mut got: Vec<Move> = got.into_iter().collect();
            let key = |m: &Move| format!("{m:?}");
            want.sort_by_key(key);
            got.sort_by_key(key);
            assert_eq!(got, want, "{fen}");
            castles += got.iter().filter(|m| m.is_castle()).count();
            let blockers = chess.board().king_of(chess.turn()).map_or(Bitboard::EMPTY, |k| pin_blockers(chess, k));
            pinned_pushes +=
                got.iter().filter(|m| m.role() == Role::Pawn && m.from().is_some_and(|f| blockers.contains(f))).count();
            // Nothing is left out: quiets, captures and queen promotions, and under-promotions.
            let mut noisy = MoveList::new();
            noisy_moves(chess, &mut noisy);
            let under = chess
                .legal_moves()
                .into_iter()
                .filter(|m| m.promotion().is_some_and(|r| r != Role::Queen) && !m.is_capture())
                .count();
            assert_eq!(got.len() + noisy.len() + under, chess.legal_moves().len(), "{fen}");
        }
        assert!(castles > 100, "{castles}");
        assert!(pinned_pushes >= 1, "{pinned_pushes}");
    }
}
