//! PGN games as tag pairs, main-line SAN and the comment after each main-line move, read with the
//! `pgn-reader` crate (variations and NAGs are skipped).

use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use std::ops::ControlFlow;

/// One game: its tags and the SAN of its main line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Main-line moves in SAN, annotations included (`e4`, `Nf3+`, `exd8=Q#`).
    pub moves: Vec<String>,
    /// The comment after each main-line move, trimmed (`None` where there is none), in step with
    /// `moves`; several comments after one move are joined by a space.
    pub comments: Vec<Option<String>>,
}

impl Game {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Collects tags and main-line SAN; variations are skipped by the reader.
struct Collector;

impl Visitor for Collector {
    type Tags = Vec<(String, String)>;
    type Movetext = Game;
    type Output = Game;

    fn begin_tags(&mut self) -> ControlFlow<Game, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Game> {
        tags.push((String::from_utf8_lossy(name).into_owned(), value.decode_utf8_lossy().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Game, Game> {
        ControlFlow::Continue(Game { tags, moves: Vec::new(), comments: Vec::new() })
    }

    fn san(&mut self, game: &mut Game, san: SanPlus) -> ControlFlow<Game> {
        game.moves.push(san.to_string());
        game.comments.push(None);
        ControlFlow::Continue(())
    }

    fn comment(&mut self, game: &mut Game, comment: RawComment<'_>) -> ControlFlow<Game> {
        let text = String::from_utf8_lossy(comment.as_bytes());
        if let Some(slot) = game.comments.last_mut() {
            *slot = Some(match slot.take() {
                Some(before) => format!("{before} {}", text.trim()),
                None => text.trim().to_string(),
            });
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _game: &mut Game) -> ControlFlow<Game, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, game: Game) -> Game {
        game
    }
}

/// All games of a PGN text (reading stops at the first I/O error, which an in-memory text cannot have).
pub fn read_games(text: &str) -> Vec<Game> {
    let mut reader = Reader::new(text.as_bytes());
    let mut games = Vec::new();
    while let Ok(Some(game)) = reader.read_game(&mut Collector) {
        games.push(game);
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    const PGN: &str = r#"[Event "Brudno match"]
[White "a"]
[Black "b"]
[Result "1-0"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
[Termination "checkmate"]

1. e4 { +0.20/5 0.010s } 1... e5 { -0.15/5
0.012s } 2. Qh5 $2 (2. Nf3 Nc6) 2... Nc6 3. Bc4 Nf6 ; a blunder
4. Qxf7# 1-0

[Event "Brudno match"]
[Result "1/2-1/2"]

1.d4 d5 1/2-1/2
"#;

    #[test]
    fn reads_tags_and_main_line() {
        let games = read_games(PGN);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Result"), Some("1-0"));
        assert_eq!(games[0].tag("Termination"), Some("checkmate"));
        assert_eq!(games[0].moves, ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
        assert_eq!(games[0].comments[..3], [Some("+0.20/5 0.010s".into()), Some("-0.15/5\n0.012s".into()), None]);
        assert_eq!(games[0].comments.len(), games[0].moves.len());
        assert_eq!(games[1].moves, ["d4", "d5"]);
        assert_eq!(games[1].tag("FEN"), None);
    }
}
