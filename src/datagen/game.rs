//! One self-play game for `datagen`: a random opening checked by a short search, then moves by a fixed
//! node budget until a rule ends the game or adjudication does. Returns the recorded positions with the
//! search's scores; the result is attached by the caller's writer.
//!
//! Of the positions a game offers, at most a fixed number are kept, drawn at random (neighbouring
//! positions of one game say nearly the same thing), and each is resolved to the quiet position at the
//! end of its quiescence principal variation ([`crate::tune::quiet::resolve`]) before it is written.

use crate::position::Position;
use crate::rng::Rng;
use crate::score::Score;
use crate::search::limits::Limits;
use crate::search::{Outcome, SearchJob, Shared, Worker};
use crate::tt::Tt;
use crate::tune::quiet::resolve;
use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode, Position as _};
use std::sync::Arc;
use std::time::Instant;

/// An opening is dropped when the search scores it beyond this (centipawns, either side).
pub const OPENING_MAX_CP: i32 = 300;
/// A side ahead by at least this much (or with a mate score) ...
pub const WIN_CP: i32 = 2000;
/// ... for this many consecutive plies wins.
pub const WIN_PLIES: u32 = 4;
/// After this many plies of the game, ...
pub const DRAW_AFTER_PLIES: u32 = 80;
/// ... scores within this many centipawns ...
pub const DRAW_CP: i32 = 10;
/// ... for this many consecutive plies draw.
pub const DRAW_PLIES: u32 = 10;
/// A game this long (plies after the opening) is a draw.
pub const MAX_PLIES: u32 = 400;
/// Positions kept per game when none is given.
pub const DEFAULT_PER_GAME: usize = 50;
/// Openings tried before a game is given up (only an opening book of lopsided positions gets there).
const OPENING_TRIES: u32 = 1000;

/// How a game ended, from White's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// White won.
    WhiteWin,
    /// Draw.
    Draw,
    /// Black won.
    BlackWin,
}

impl GameResult {
    /// The result as a training label: 1.0, 0.5 or 0.0.
    pub fn label(self) -> &'static str {
        match self {
            Self::WhiteWin => "1.0",
            Self::Draw => "0.5",
            Self::BlackWin => "0.0",
        }
    }

    fn win_for(color: Color) -> Self {
        if color == Color::White { Self::WhiteWin } else { Self::BlackWin }
    }
}

/// A recorded position: its FEN and the search score in centipawns from White's view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position.
    pub fen: String,
    /// Score from White's view.
    pub score: i32,
}

/// A finished game. `result` is `None` when no acceptable opening was found (nothing recorded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The recorded positions, in game order.
    pub samples: Vec<Sample>,
    /// The result.
    pub result: Option<GameResult>,
}

impl Game {
    /// The game's lines, `FEN | score | result`, each ending in a newline.
    pub fn text(&self) -> String {
        let Some(result) = self.result else { return String::new() };
        let mut s = String::with_capacity(self.samples.len() * 72);
        for p in &self.samples {
            s.push_str(&format!("{} | {} | {}\n", p.fen, p.score, result.label()));
        }
        s
    }
}

/// A thread's search machinery: one worker and one table, both cleared before each game.
pub struct Player {
    worker: Worker,
    tt: Arc<Tt>,
    shared: Arc<Shared>,
    nodes: u64,
    per_game: usize,
}

impl Player {
    /// A player searching `nodes` nodes per move with a table of `hash_mb` megabytes, keeping at most
    /// `per_game` positions of each game.
    pub fn new(nodes: u64, hash_mb: usize, per_game: usize) -> Result<Self, String> {
        let tt = Tt::new(hash_mb).map_err(|e| e.to_string())?;
        Ok(Self {
            worker: Worker::silent(),
            tt: Arc::new(tt),
            shared: Arc::new(Shared::default()),
            nodes: nodes.max(1),
            per_game,
        })
    }

    /// Forgets everything learnt: the next search is as from a fresh process.
    fn reset(&mut self) {
        self.worker.clear();
        self.tt.clear();
    }

    fn search(&mut self, pos: &Position) -> Outcome {
        let job = SearchJob {
            pos: pos.clone(),
            limits: Limits { nodes: Some(self.nodes), ..Limits::default() },
            overhead: std::time::Duration::ZERO,
            start: Instant::now(),
            multipv: 1,
            tt: self.tt.clone(),
            shared: self.shared.clone(),
            syzygy: None,
        };
        self.worker.run(&job)
    }

    /// Plays game number `index` of a run seeded with `seed`, starting from `book` positions if any.
    pub fn play(&mut self, seed: u64, index: u64, book: &[Position]) -> Game {
        let mut rng = Rng::for_game(seed, index);
        let Some(mut pos) = self.opening(&mut rng, book) else { return Game { samples: Vec::new(), result: None } };
        self.reset();
        let mut offered: Vec<(Chess, i32)> = Vec::new();
        let (mut win_side, mut win_run, mut draw_run) = (Color::White, 0u32, 0u32);
        let mut plies = 0u32;
        let result = loop {
            if let Some(r) = rule_result(&pos) {
                break r;
            }
            if plies >= MAX_PLIES {
                break GameResult::Draw;
            }
            let out = self.search(&pos);
            let Some(best) = out.best else { break GameResult::Draw };
            let white = white_view(&pos, out.score);
            if !pos.in_check() && !best.is_capture() && !best.is_promotion() && !out.score.is_mate() {
                offered.push((pos.chess().clone(), white.raw()));
            }
            if white.is_mate() || white.raw().abs() >= WIN_CP {
                let side = if white.raw() > 0 { Color::White } else { Color::Black };
                win_run = if side == win_side { win_run + 1 } else { 1 };
                win_side = side;
            } else {
                win_run = 0;
            }
            if win_run >= WIN_PLIES {
                break GameResult::win_for(win_side);
            }
            draw_run = if plies >= DRAW_AFTER_PLIES && white.raw().abs() <= DRAW_CP { draw_run + 1 } else { 0 };
            if draw_run >= DRAW_PLIES {
                break GameResult::Draw;
            }
            pos.make(best);
            pos.set_root();
            pos.trim_history();
            plies += 1;
        };
        Game { samples: keep(offered, self.per_game, &mut rng), result: Some(result) }
    }

    /// A random opening the search finds playable: 8-9 random plies from the start position, or 2-4
    /// from a random book position. `None` if none was found in many tries.
    fn opening(&mut self, rng: &mut Rng, book: &[Position]) -> Option<Position> {
        for _ in 0..OPENING_TRIES {
            let (mut pos, plies) = if book.is_empty() {
                (Position::default(), 8 + rng.below(2))
            } else {
                (book[rng.below(book.len())].clone(), 2 + rng.below(3))
            };
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.make(moves[rng.below(moves.len())]);
                pos.set_root();
            }
            if pos.legal_moves().is_empty() || rule_result(&pos).is_some() {
                continue;
            }
            self.reset();
            let s = self.search(&pos).score;
            if !s.is_mate() && s.raw().abs() <= OPENING_MAX_CP {
                pos.trim_history();
                return Some(pos);
            }
        }
        None
    }
}

/// At most `n` of a game's `offered` positions, drawn at random and kept in game order, each resolved
/// to a quiet position (dropped if that is in check or has no legal move: a capture line can end in
/// stalemate, which the evaluation does not score).
fn keep(mut offered: Vec<(Chess, i32)>, n: usize, rng: &mut Rng) -> Vec<Sample> {
    let mut chosen: Vec<usize> = (0..offered.len()).collect();
    if chosen.len() > n {
        // Partial Fisher-Yates: the first `n` entries become a uniform random choice.
        for i in 0..n {
            let j = i + rng.below(chosen.len() - i);
            chosen.swap(i, j);
        }
        chosen.truncate(n);
        chosen.sort_unstable();
    }
    chosen
        .into_iter()
        .filter_map(|i| {
            let (chess, score) = std::mem::take(&mut offered[i]);
            let quiet = resolve(&chess);
            (!quiet.is_check() && !quiet.legal_moves().is_empty())
                .then(|| Sample { fen: Fen::from_position(&quiet, EnPassantMode::Legal).to_string(), score })
        })
        .collect()
}

/// The result if the rules end the game here: mate, stalemate, threefold repetition, fifty moves,
/// insufficient material. `pos`'s root must be its current position.
fn rule_result(pos: &Position) -> Option<GameResult> {
    if pos.legal_moves().is_empty() {
        return Some(if pos.in_check() { GameResult::win_for(!pos.turn()) } else { GameResult::Draw });
    }
    let drawn = pos.is_repetition() || pos.is_fifty_move_draw() || pos.is_insufficient_material();
    drawn.then_some(GameResult::Draw)
}

/// A side-to-move score seen from White.
fn white_view(pos: &Position, s: Score) -> Score {
    if pos.turn() == Color::White { s } else { -s }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, false).unwrap()
    }

    #[test]
    fn rules_end_games() {
        // Fool's mate: White is mated.
        let mated = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert_eq!(rule_result(&mated), Some(GameResult::BlackWin));
        assert_eq!(rule_result(&pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")), Some(GameResult::Draw));
        assert_eq!(rule_result(&pos("8/8/4k3/8/8/3KB3/8/8 w - - 0 1")), Some(GameResult::Draw));
        assert_eq!(rule_result(&pos("8/8/4k3/8/8/3K4/8/R7 w - - 99 80")), None);
        assert_eq!(rule_result(&pos("8/8/4k3/8/8/3K4/8/R7 w - - 100 80")), Some(GameResult::Draw));
        let mut rep = Position::default();
        for _ in 0..2 {
            for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                assert_eq!(rule_result(&rep), None);
                let mv = rep.parse_move(m).unwrap();
                rep.make(mv);
                rep.set_root();
            }
        }
        assert_eq!(rule_result(&rep), Some(GameResult::Draw), "threefold");
    }

    #[test]
    fn a_game_records_quiet_positions_with_one_result() {
        let mut p = Player::new(300, 1, DEFAULT_PER_GAME).unwrap();
        let g = p.play(9, 0, &[]);
        assert!(g.result.is_some());
        assert!(!g.samples.is_empty());
        let text = g.text();
        assert_eq!(text.lines().count(), g.samples.len());
        let label = g.result.unwrap().label();
        for (line, s) in text.lines().zip(&g.samples) {
            assert_eq!(line, format!("{} | {} | {label}", s.fen, s.score));
            assert!(!pos(&s.fen).in_check(), "{line}");
            assert!(crate::tune::quiet::is_quiet(pos(&s.fen).chess()), "{line}");
        }
        assert_eq!(p.play(9, 0, &[]), g, "same seed and index, same game");
    }

    #[test]
    fn a_game_keeps_at_most_its_share() {
        let all = Player::new(300, 1, usize::MAX).unwrap().play(9, 0, &[]);
        assert!(all.samples.len() > 8, "the test needs a game of more than 8 positions");
        let some = Player::new(300, 1, 8).unwrap().play(9, 0, &[]);
        assert_eq!(some.result, all.result, "the share drawn does not change the game");
        assert!((1..=8).contains(&some.samples.len()), "{} positions kept", some.samples.len());
        // Drawn from the game's own positions, in game order.
        let mut rest = all.samples.iter();
        for s in &some.samples {
            assert!(rest.any(|a| a == s), "{s:?} is not one of the game's positions, in order");
        }
    }
}
