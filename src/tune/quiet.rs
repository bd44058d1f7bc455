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
    for m in tactical_moves(chess) {
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

/// The captures (and queen promotions) quiescence searches in `chess`, best first.
fn tactical_moves(chess: &Chess) -> Vec<Move> {
    let mut moves: Vec<Move> = chess.capture_moves().into_iter().collect();
    moves.extend(chess.promotion_moves().into_iter().filter(|m| !m.is_capture() && m.promotion() == Some(Role::Queen)));
    moves.retain(|m| m.promotion().is_none_or(|r| r == Role::Queen));
    moves.sort_unstable_by_key(|m| -order(m));
    moves
}

/// Longest principal variation [`resolve`] follows (a capture sequence is far shorter).
const MAX_RESOLVE_PLIES: usize = 32;

/// The quiet position at the end of `chess`'s quiescence principal variation: while some capture
/// line beats the static evaluation, play the capture quiescence rates best (the first of equals in
/// its order) and look again. A quiet position comes back as it is. Positions in check along the way
/// are treated like any other (the capture-only search does not see check): callers that need a
/// position out of check test the result.
pub fn resolve(chess: &Chess) -> Chess {
    let mut pos = chess.clone();
    for _ in 0..MAX_RESOLVE_PLIES {
        let stand = evaluate(&pos).raw();
        let (mut best, mut best_move) = (stand, None);
        for m in tactical_moves(&pos) {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let score = -qsearch(&next, i32::MIN + 1, -best);
            if score > best {
                (best, best_move) = (score, Some(m));
            }
        }
        let Some(m) = best_move else { break };
        pos.play_unchecked(m);
    }
    pos
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
    fn resolve_plays_out_the_winning_capture_line() {
        // White takes the hanging queen; then Black has nothing to take back.
        let after = resolve(&load("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1"));
        assert_eq!(
            Fen::from_position(&after, shakmaty::EnPassantMode::Legal).to_string(),
            "4k3/8/8/3R4/8/8/8/4K3 b - - 0 1"
        );
        assert!(is_quiet(&after));
        // A line of two captures: Rxd5 exd5 wins the queen for the rook.
        let after = resolve(&load("4k3/8/4p3/3q4/8/8/3R4/4K3 w - - 0 1"));
        assert_eq!(
            Fen::from_position(&after, shakmaty::EnPassantMode::Legal).to_string(),
            "4k3/8/8/3p4/8/8/8/4K3 w - - 0 2"
        );
    }

    #[test]
    fn resolve_keeps_quiet_positions() {
        for fen in ["4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"] {
            let chess = load(fen);
            assert_eq!(resolve(&chess), chess, "{fen}");
        }
    }

    #[test]
    fn defended_pawn_is_no_gain() {
        // Qxd5 exd5 loses the queen: quiet.
        assert!(is_quiet(&load("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1")));
    }
}
