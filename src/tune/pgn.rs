//! A minimal PGN reader: tag pairs and main-line SAN tokens, enough for the games `scripts/match.py`
//! writes (comments, variations, NAGs and move numbers are skipped).

/// One game: its tags and the SAN of its main line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Main-line moves in SAN, annotations included (`e4`, `Nf3+`, `exd8=Q#`).
    pub moves: Vec<String>,
}

impl Game {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name.to_string(), rest.replace("\\\"", "\"").replace("\\\\", "\\")))
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Movetext state carried across lines.
#[derive(Default)]
struct Movetext {
    comment: bool,
    variation: usize,
    token: String,
}

impl Movetext {
    fn flush(&mut self, game: &mut Game) {
        let token = std::mem::take(&mut self.token);
        if token.is_empty() || token.starts_with('$') || RESULTS.contains(&token.as_str()) {
            return;
        }
        // Move numbers: `12.`, `12...`, or glued to the move as in `12.e4`.
        let san = token.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
        if !san.is_empty() {
            game.moves.push(san.to_string());
        }
    }

    fn feed(&mut self, line: &str, game: &mut Game) {
        for c in line.chars() {
            if self.comment {
                if c == '}' {
                    self.comment = false;
                }
                continue;
            }
            match c {
                '{' => {
                    self.flush(game);
                    self.comment = true;
                }
                '(' => {
                    self.flush(game);
                    self.variation += 1;
                }
                ')' => {
                    self.flush(game);
                    self.variation = self.variation.saturating_sub(1);
                }
                ';' => break,
                c if c.is_whitespace() => self.flush(game),
                c if self.variation == 0 => self.token.push(c),
                _ => {}
            }
        }
        self.flush(game);
    }
}

/// All games of a PGN text.
pub fn read_games(text: &str) -> Vec<Game> {
    let mut games = Vec::new();
    let mut game = Game::default();
    let mut text_state = Movetext::default();
    let mut in_moves = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if !text_state.comment && trimmed.starts_with('[') {
            if in_moves {
                games.push(std::mem::take(&mut game));
                text_state = Movetext::default();
                in_moves = false;
            }
            if let Some(tag) = parse_tag(trimmed) {
                game.tags.push(tag);
            }
            continue;
        }
        if trimmed.is_empty() && !text_state.comment {
            continue;
        }
        if !game.tags.is_empty() || in_moves || !trimmed.is_empty() {
            in_moves = true;
            text_state.feed(line, &mut game);
        }
    }
    if in_moves || !game.tags.is_empty() {
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
        assert_eq!(games[1].moves, ["d4", "d5"]);
        assert_eq!(games[1].tag("FEN"), None);
    }
}
