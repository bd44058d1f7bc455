//! Games to training positions: every quiet position of every finished game, labelled with the
//! game's result from White's view, one `FEN | result` line each.
//!
//! Dropped: games without a chess result (unfinished, or ended by an engine fault such as a crash
//! or time loss), the first plies of each game (book and near-book positions), positions in check
//! or not quiet (see [`super::quiet`]), positions with no legal move or insufficient material, and
//! repeats of a position already written with the same result.

use super::pgn::Game;
use super::quiet::is_quiet;
use crate::position::zobrist;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};
use std::collections::HashSet;
use std::fmt;

/// Counts from an extraction run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games read.
    pub games: usize,
    /// Games used (finished with a chess result).
    pub used_games: usize,
    /// Positions looked at in the used games.
    pub positions: usize,
    /// Dropped as among the first plies.
    pub early: usize,
    /// Dropped: in check.
    pub in_check: usize,
    /// Dropped: a capture sequence changes the score.
    pub not_quiet: usize,
    /// Dropped: game over or insufficient material.
    pub terminal: usize,
    /// Dropped: already written with the same result.
    pub duplicates: usize,
    /// Written.
    pub written: usize,
    /// Written positions by label: White wins, draws, Black wins.
    pub labels: [usize; 3],
    /// Games that stopped early on an unreadable move (their positions up to it are kept).
    pub bad_moves: usize,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games read, {} used; {} positions: {} early, {} in check, {} not quiet, {} terminal, {} duplicates; \
             {} written (white wins {}, draws {}, black wins {}); {} games with an unreadable move",
            self.games,
            self.used_games,
            self.positions,
            self.early,
            self.in_check,
            self.not_quiet,
            self.terminal,
            self.duplicates,
            self.written,
            self.labels[0],
            self.labels[1],
            self.labels[2],
            self.bad_moves
        )
    }
}

/// Result of a game from White's view, or `None` when the game has no chess result.
pub fn game_result(game: &Game) -> Option<f32> {
    let result = match game.tag("Result")? {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        _ => return None,
    };
    // Faults recorded by scripts/matchlib.py: the result says nothing about the position.
    let termination = game.tag("Termination").unwrap_or("").to_ascii_lowercase();
    let faults = ["on time", "crash", "illegal", "disconnect", "hang", "failed to start"];
    if faults.iter().any(|f| termination.contains(f)) {
        return None;
    }
    Some(result)
}

/// Formats a label as written in the positions file.
pub fn label(result: f32) -> &'static str {
    if result >= 0.75 {
        "1.0"
    } else if result <= 0.25 {
        "0.0"
    } else {
        "0.5"
    }
}

/// Appends the training lines of `game` to `out`, skipping its first `skip_plies` positions.
pub fn extract_game(game: &Game, skip_plies: usize, seen: &mut HashSet<(u64, u8)>, out: &mut String, s: &mut Stats) {
    s.games += 1;
    let Some(result) = game_result(game) else { return };
    let start = match game.tag("FEN") {
        Some(fen) => match fen.parse::<Fen>().ok().and_then(|f| f.into_position(CastlingMode::Standard).ok()) {
            Some(c) => c,
            None => return,
        },
        None => Chess::default(),
    };
    s.used_games += 1;
    let mut chess: Chess = start;
    let total = game.moves.len();
    for ply in 0..=total {
        s.positions += 1;
        if ply < skip_plies {
            s.early += 1;
        } else if chess.is_check() {
            s.in_check += 1;
        } else if chess.is_insufficient_material() || chess.legal_moves().is_empty() {
            s.terminal += 1;
        } else if !is_quiet(&chess) {
            s.not_quiet += 1;
        } else if !seen.insert((zobrist(&chess), (result * 2.0) as u8)) {
            s.duplicates += 1;
        } else {
            s.written += 1;
            s.labels[if result > 0.75 {
                0
            } else if result < 0.25 {
                2
            } else {
                1
            }] += 1;
            out.push_str(&Fen::from_position(&chess, EnPassantMode::Legal).to_string());
            out.push_str(" | ");
            out.push_str(label(result));
            out.push('\n');
        }
        if ply == total {
            break;
        }
        let token = game.moves[ply].trim_end_matches(['!', '?']);
        let mv = token.parse::<SanPlus>().ok().and_then(|san| san.san.to_move(&chess).ok());
        match mv {
            Some(m) => chess.play_unchecked(m),
            None => {
                s.bad_moves += 1;
                return;
            }
        }
    }
}

/// Extracts the training lines of all games of a PGN text.
pub fn extract(pgn: &str, skip_plies: usize, seen: &mut HashSet<(u64, u8)>, out: &mut String, s: &mut Stats) {
    for game in super::pgn::read_games(pgn) {
        extract_game(&game, skip_plies, seen, out, s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_quiet_positions_of_finished_games() {
        let pgn = "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Result \"1-0\"]\n[Termination \"b loses on time\"]\n\n1. e4 1-0\n";
        let (mut seen, mut out, mut s) = (HashSet::new(), String::new(), Stats::default());
        extract(pgn, 1, &mut seen, &mut out, &mut s);
        assert_eq!((s.games, s.used_games, s.positions, s.early), (2, 1, 5, 1));
        // The final position is mate (in check); the others are quiet.
        assert_eq!((s.in_check, s.written), (1, 3));
        assert!(out.lines().all(|l| l.ends_with(" | 0.0")), "{out}");
        assert!(out.starts_with("rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1 | 0.0\n"), "{out}");
        // The same game again adds only duplicates.
        extract(pgn, 1, &mut seen, &mut out, &mut s);
        assert_eq!((s.written, s.duplicates), (3, 3));
    }
}
