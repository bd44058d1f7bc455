//! Scored positions of engine games, for the WDL fit (`brudno tune wdl --pgn`): the position each
//! engine move was searched from, with the score its comment gives (`{+0.35/14 0.210s}`: the
//! mover's view in pawns, then depth and time, as `scripts/matchlib.py` writes), the material on
//! the board and the game's result. Book moves (`{book}`), mate scores (`+M5`), moves without a
//! score (`n/a`), scores beyond a bound, the first plies of a game if asked, and games without a
//! chess result (unfinished, or ended by an engine fault: see [`super::extract::game_result`])
//! give none.

use super::extract::game_result;
use super::pgn::Game;
use super::wdl::Sample;
use crate::wdl::material;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Color, Position};
use std::fmt;

/// What reading the games found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games read.
    pub games: usize,
    /// Games with a chess result (the others give no positions).
    pub used_games: usize,
    /// Dropped: book moves.
    pub book: usize,
    /// Dropped: mate scores.
    pub mates: usize,
    /// Dropped: moves without a score (`n/a`, or no comment).
    pub unscored: usize,
    /// Dropped: among the first plies asked to be skipped.
    pub early: usize,
    /// Dropped: scores beyond the bound.
    pub beyond: usize,
    /// Kept.
    pub kept: usize,
    /// Games that stopped early on an unreadable move or start position (what came before is kept).
    pub bad: usize,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games read, {} with a result; {} scored moves kept; dropped: {} book, {} mate scores, \
             {} without a score, {} early, {} beyond the score bound; {} games with an unreadable move",
            self.games,
            self.used_games,
            self.kept,
            self.book,
            self.mates,
            self.unscored,
            self.early,
            self.beyond,
            self.bad
        )
    }
}

/// What a move's comment says about its score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Comment {
    /// A centipawn score from the mover's view.
    Score(f64),
    /// A book move.
    Book,
    /// A mate score.
    Mate,
    /// No score.
    None,
}

/// Reads a move's comment: `+0.35/14 0.210s` is 35 cp for the mover, `book` a book move, `+M5/19`
/// a mate score; anything else (`n/a`, no comment) has no score.
pub fn read_comment(comment: Option<&str>) -> Comment {
    let Some(first) = comment.and_then(|c| c.split_whitespace().next()) else { return Comment::None };
    if first == "book" {
        return Comment::Book;
    }
    let score = first.split('/').next().unwrap_or("");
    if score.trim_start_matches(['+', '-']).starts_with('M') {
        return Comment::Mate;
    }
    match score.parse::<f64>() {
        Ok(pawns) if pawns.is_finite() => Comment::Score((pawns * 100.0).round()),
        _ => Comment::None,
    }
}

/// The samples of one game: for each engine move with a score within `max_score`, the material of
/// the position it was searched from, its score turned to White's view and the game's result; the
/// first `skip_plies` plies of the game (from its starting position) are skipped.
pub fn game_samples(game: &Game, skip_plies: usize, max_score: f64, stats: &mut Stats) -> Vec<Sample> {
    stats.games += 1;
    let Some(result) = game_result(game) else { return Vec::new() };
    let start = match game.tag("FEN") {
        Some(fen) => fen.parse::<Fen>().ok().and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok()),
        None => Some(Chess::default()),
    };
    let Some(mut chess) = start else {
        stats.bad += 1;
        return Vec::new();
    };
    stats.used_games += 1;
    let mut out = Vec::new();
    for (ply, san) in game.moves.iter().enumerate() {
        match read_comment(game.comments.get(ply).and_then(Option::as_deref)) {
            Comment::Book => stats.book += 1,
            Comment::Mate => stats.mates += 1,
            Comment::None => stats.unscored += 1,
            Comment::Score(_) if ply < skip_plies => stats.early += 1,
            Comment::Score(s) if s.abs() > max_score => stats.beyond += 1,
            Comment::Score(s) => {
                stats.kept += 1;
                let white = if chess.turn() == Color::White { s } else { -s };
                out.push(Sample::new(material(chess.board()), white, f64::from(result)));
            }
        }
        let mv = san.trim_end_matches(['!', '?']).parse::<SanPlus>().ok().and_then(|s| s.san.to_move(&chess).ok());
        match mv {
            Some(m) => chess.play_unchecked(m),
            None => {
                stats.bad += 1;
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::pgn::read_games;

    #[test]
    fn reads_the_comments_matchlib_writes() {
        assert_eq!(read_comment(Some("+0.35/14 0.210s")), Comment::Score(35.0));
        assert_eq!(read_comment(Some("-1.07/9 0.050s")), Comment::Score(-107.0));
        assert_eq!(read_comment(Some("+0.00/15 0.116s")), Comment::Score(0.0));
        assert_eq!(read_comment(Some("book")), Comment::Book);
        assert_eq!(read_comment(Some("+M10/19 0.462s")), Comment::Mate);
        assert_eq!(read_comment(Some("-M1/127 0.009s")), Comment::Mate);
        assert_eq!(read_comment(Some("n/a 0.100s")), Comment::None);
        assert_eq!(read_comment(None), Comment::None);
    }

    #[test]
    fn scored_positions_of_a_game() {
        // From the start: two book moves, then White (+0.50, 78 points), Black (-0.20 for Black:
        // +20 for White), a mate score, a score beyond the bound and a move without one.
        let pgn = "[Result \"0-1\"]\n\n1. e4 {book} e5 {book} 2. Nf3 {+0.50/12 0.2s} Nc6 {-0.20/12 0.2s} \
                   3. Bc4 {+M3/9 0.1s} Nf6 {+40.00/9 0.1s} 4. Ng5 {n/a 0.1s} 0-1\n\n\
                   [Result \"*\"]\n\n1. d4 {+0.10/5 0.1s} *\n\n\
                   [Result \"1-0\"]\n[Termination \"black loses on time\"]\n\n1. d4 {+0.10/5 0.1s} 1-0\n";
        let mut stats = Stats::default();
        let games = read_games(pgn);
        let samples: Vec<Sample> = games.iter().flat_map(|g| game_samples(g, 0, 3000.0, &mut stats)).collect();
        assert_eq!(samples, [Sample::new(78, 50.0, 0.0), Sample::new(78, 20.0, 0.0)]);
        assert_eq!((stats.games, stats.used_games, stats.book, stats.mates, stats.beyond), (3, 1, 2, 1, 1));
        assert_eq!((stats.unscored, stats.kept, stats.bad), (1, 2, 0));
        // Skipping the first three plies leaves Black's move.
        let mut stats = Stats::default();
        let late = game_samples(&games[0], 3, 3000.0, &mut stats);
        assert_eq!((late.len(), late[0].score, stats.early), (1, 20.0, 1));
    }

    #[test]
    fn material_is_counted_from_the_position_the_move_was_searched_from() {
        // After 1. e4 d5 2. exd5 Black has lost a pawn: its reply is searched at 77 points.
        let pgn =
            "[Result \"1/2-1/2\"]\n\n1. e4 {+0.1/5 0s} d5 {-0.1/5 0s} 2. exd5 {+0.9/5 0s} Qxd5 {-0.2/5 0s} 1/2-1/2\n";
        let samples = game_samples(&read_games(pgn)[0], 0, 3000.0, &mut Stats::default());
        let material: Vec<u32> = samples.iter().map(|s| s.material).collect();
        assert_eq!(material, [78, 78, 78, 77]);
        assert!(samples.iter().all(|s| s.result == 0.5));
        assert_eq!(samples[3].score, 20.0);
    }
}
