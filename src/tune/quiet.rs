//! The quiet-position filter: a small capture-only quiescence search over [`crate::eval::evaluate`].
//!
//! A position is quiet when no sequence of captures (and queen promotions) raises the side to move's
//! score above its static evaluation, i.e. the quiescence score equals the static evaluation. Plain
//! alpha-beta with stand pat and most-valuable-victim ordering, no pruning, so the answer depends
//! on the evaluation only (not on search heuristics).

use crate::eval::evaluate;
use shakmaty::{Chess, Move, Position, Role};

/// Ordering value of a capture: most valuable victim first, then least valuable attacker.
fn order(m: &Move) -> i32 {
    let victim = m.capture().map_or(0, |r| r as i32);
    let promo = m.promotion().map_or(0, |r| r as i32);
    16 * (victim + promo) - m.role() as i32
}

/// Capture-only quiescence score of `chess` within `(alpha, beta)`, side to move's view.
pub fn qsearch(chess: &Chess, mut alpha: i32, beta: i32) -> i32 {
    let stand = evaluate(chess).raw();
    if stand >= beta {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut best = stand;
    let mut moves = chess.capture_moves();
    moves.extend(chess.promotion_moves().into_iter().filter(|m| !m.is_capture() && m.promotion() == Some(Role::Queen)));
    moves.retain(|m| m.promotion().is_none_or(|r| r == Role::Queen));
    moves.sort_unstable_by_key(|m| -order(m));
    for m in moves {
        let mut next = chess.clone();
        next.play_unchecked(m);
        let score = -qsearch(&next, -beta, -alpha);
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// Whether the static evaluation of `chess` equals its quiescence score. Positions in check are
/// never quiet (stand pat is not allowed there).
pub fn is_quiet(chess: &Chess) -> bool {
    if chess.is_check() {
        return false;
    }
    let stand = evaluate(chess).raw();
    // Null window just above stand pat: the search fails low exactly when no capture line beats it.
    qsearch(chess, stand, stand + 1) <= stand
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn load(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn hanging_piece_is_not_quiet() {
        // White to move can take an undefended queen.
        assert!(!is_quiet(&load("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1")));
        // Black to move can take an undefended rook on a2.
        assert!(!is_quiet(&load("4k3/8/8/3q4/8/8/R7/4K3 b - - 0 1")));
    }

    #[test]
    fn start_position_is_quiet_and_check_is_not() {
        assert!(is_quiet(&Chess::default()));
        assert!(!is_quiet(&load("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")));
    }

    #[test]
    fn defended_pawn_is_no_gain() {
        // Qxd5 exd5 loses the queen: quiet.
        assert!(is_quiet(&load("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1")));
    }
}
