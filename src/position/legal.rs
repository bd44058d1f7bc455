//! Whether one move is legal, without generating the position's moves: what move ordering asks of
//! a TT move, a killer or a counter-move, which may come from another position. A normal move out
//! of check is settled by looking at the board (the piece is there, the target is free or holds
//! what the move says it captures, the piece reaches it, and the king is not left to a slider);
//! castling, en passant and any move in check are left to shakmaty's check.

use shakmaty::attacks::{self, ray};
use shakmaty::{Bitboard, Chess, Move, Position as _, Rank, Role};

/// Whether `m` is a legal move of `chess`; `in_check` must say whether the side to move is in check.
pub fn is_legal(chess: &Chess, m: Move, in_check: bool) -> bool {
    let Move::Normal { role, from, capture, to, promotion } = m else { return chess.is_legal(m) };
    if in_check {
        return chess.is_legal(m);
    }
    let board = chess.board();
    let turn = chess.turn();
    if board.piece_at(from) != Some(role.of(turn))
        || board.by_color(turn).contains(to)
        || board.role_at(to) != capture
        || capture == Some(Role::King)
    {
        return false;
    }
    let occupied = board.occupied();
    let reaches = match role {
        Role::Pawn => {
            let promotes = Bitboard::BACKRANKS.contains(to);
            let up = if turn.is_white() { 8 } else { -8 };
            let step = from.offset(up);
            let push = || {
                step == Some(to)
                    || (from.rank() == turn.relative_rank(Rank::Second)
                        && step.is_some_and(|s| !occupied.contains(s) && s.offset(up) == Some(to)))
            };
            promotes == promotion.is_some()
                && !matches!(promotion, Some(Role::Pawn | Role::King))
                && if capture.is_some() { attacks::pawn_attacks(turn, from).contains(to) } else { push() }
        }
        _ => promotion.is_none() && attacks::attacks(from, role.of(turn), occupied).contains(to),
    };
    if !reaches {
        return false;
    }
    let Some(king) = board.king_of(turn) else { return false };
    if role == Role::King {
        // Not in check, so no slider sees the king's square: only the target matters.
        return board.attacks_to(to, !turn, occupied).is_empty();
    }
    // Not in check before, so only a slider the move uncovers can check after it.
    if ray(king, from).is_empty() {
        return true;
    }
    let after = (occupied ^ Bitboard::from(from)) | Bitboard::from(to);
    (board.attacks_to(king, !turn, after) & !Bitboard::from(to)).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use shakmaty::Square;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode};

    /// A made-up square.
    fn square(i: u64) -> Square {
        Square::new((i % 64) as u32)
    }

    /// Every legal move is legal; moves made up from squares, roles and captures, and the moves of
    /// the previous position, are legal exactly when shakmaty says so.
    #[test]
    fn agrees_with_shakmaty() {
        let mut rng = Rng::new(3);
        let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
        let (mut positions, mut legal_made_up, mut checked) = (0, 0, 0);
        let mut previous: Vec<Move> = Vec::new();
        let text =
            [include_str!("../../tests/data/perft/standard.epd"), include_str!("../../tests/data/perft/tricky.epd")];
        for line in text.iter().flat_map(|t| t.lines()) {
            let fen = line.split(';').next().unwrap_or("").trim();
            let Ok(parsed) = fen.parse::<Fen>() else { continue };
            let Ok(start) = parsed.into_position::<Chess>(CastlingMode::Standard) else { continue };
            let mut chess = start.clone();
            for _ in 0..60 {
                let legal = chess.legal_moves();
                if legal.is_empty() {
                    break;
                }
                positions += 1;
                let in_check = chess.is_check();
                let fen = Fen::from_position(&chess, EnPassantMode::Legal);
                for &m in &legal {
                    assert!(is_legal(&chess, m, in_check), "{fen} {m:?}");
                }
                let made_up = (0..200).map(|_| {
                    let from = square(rng.next_u64());
                    let to = if rng.below(2) == 0 {
                        square(rng.next_u64())
                    } else {
                        // Near the origin, where pawns and kings go.
                        Square::new(
                            (from as i32 + [-17, -16, -9, -8, -7, 7, 8, 9, 16, 17][rng.below(10)]).rem_euclid(64)
                                as u32,
                        )
                    };
                    let capture = if rng.below(2) == 0 { chess.board().role_at(to) } else { None };
                    let promotion = [None, None, Some(Role::Queen), Some(Role::Knight), Some(Role::King)][rng.below(5)];
                    let role = chess.board().role_at(from).filter(|_| rng.below(8) != 0).unwrap_or(roles[rng.below(6)]);
                    Move::Normal { role, from, capture, to, promotion }
                });
                for m in made_up.chain(previous.iter().copied()) {
                    let want = chess.is_legal(m);
                    assert_eq!(is_legal(&chess, m, in_check), want, "{fen} {m:?}");
                    legal_made_up += usize::from(want);
                    checked += 1;
                }
                previous = legal.iter().copied().collect();
                chess.play_unchecked(legal[rng.below(legal.len())]);
            }
        }
        assert!(positions > 5000 && legal_made_up > 2000, "{positions} {legal_made_up} of {checked}");
    }
}
