//! Text in: a pure parser from one input line to a typed [`Command`]. No engine state, no I/O.

pub use crate::engine::{Go, ParseError};
use std::fmt;

/// Most problems one `go` line records in [`Go::skipped`]; the rest are counted in one
/// [`ParseError::More`].
pub const MAX_SKIPPED: usize = 8;

/// One input line, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`
    Uci,
    /// `debug on|off`
    Debug(bool),
    /// `isready`
    IsReady,
    /// `setoption name <name> [value <value>]`
    SetOption {
        /// Option name, words joined by single spaces.
        name: String,
        /// Value, if given.
        value: Option<String>,
    },
    /// `ucinewgame`
    UciNewGame,
    /// `position startpos|fen <fen> [moves ...]`
    Position {
        /// `None` for the start position.
        fen: Option<String>,
        /// Moves to play from it (UCI notation, checked by the engine).
        moves: Vec<String>,
    },
    /// A `position` line that could not be read. It is still a `position`: the engine drops the
    /// position it had, which is not the one the GUI meant.
    BadPosition(ParseError),
    /// `go ...`
    Go(Go),
    /// `go perft <depth>`
    Perft(u32),
    /// `stop`
    Stop,
    /// `ponderhit`
    PonderHit,
    /// `quit`
    Quit,
    /// `d`: show the board.
    Display,
    /// `eval`: show the static evaluation.
    Eval,
    /// `bench [depth]`
    Bench(Option<u32>),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(f, "empty line"),
            Self::Unknown(c) => write!(f, "unknown command '{c}'"),
            Self::Missing(what) => write!(f, "missing {what}"),
            Self::BadNumber { what, text } if text.is_empty() => write!(f, "missing number for {what}"),
            Self::BadNumber { what, text } => write!(f, "bad number '{text}' for {what}"),
            Self::Unexpected(t) => write!(f, "unexpected '{t}'"),
            Self::More(n) => write!(f, "{n} more bad word(s)"),
        }
    }
}

impl std::error::Error for ParseError {}

/// Longest token echoed back in an error message.
const ECHO_MAX: usize = 40;

fn echo(s: &str) -> String {
    if s.len() <= ECHO_MAX {
        return s.to_string();
    }
    let mut end = ECHO_MAX;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

fn number<T: std::str::FromStr>(what: &str, text: Option<&str>) -> Result<T, ParseError> {
    let text = text.ok_or_else(|| ParseError::BadNumber { what: what.to_string(), text: String::new() })?;
    text.parse().map_err(|_| ParseError::BadNumber { what: what.to_string(), text: echo(text) })
}

/// A time in ms; negative values (some GUIs send them when a flag falls) read as zero.
fn millis(what: &str, text: Option<&str>) -> Result<u64, ParseError> {
    let v: i64 = number(what, text)?;
    Ok(v.max(0) as u64)
}

/// Parses one line.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let mut words = line.split_whitespace();
    let Some(head) = words.next() else { return Err(ParseError::Empty) };
    let rest: Vec<&str> = words.collect();
    match head {
        "uci" => Ok(Command::Uci),
        "isready" => Ok(Command::IsReady),
        "ucinewgame" => Ok(Command::UciNewGame),
        "stop" => Ok(Command::Stop),
        "ponderhit" => Ok(Command::PonderHit),
        "quit" => Ok(Command::Quit),
        "d" => Ok(Command::Display),
        "eval" => Ok(Command::Eval),
        "debug" => match rest.first() {
            Some(&"on") => Ok(Command::Debug(true)),
            Some(&"off") => Ok(Command::Debug(false)),
            Some(other) => Err(ParseError::Unexpected(echo(other))),
            None => Err(ParseError::Missing("on or off")),
        },
        "bench" => match rest.first() {
            None => Ok(Command::Bench(None)),
            Some(d) => Ok(Command::Bench(Some(number("bench depth", Some(d))?))),
        },
        "setoption" => parse_setoption(&rest),
        "position" => Ok(parse_position(&rest).unwrap_or_else(Command::BadPosition)),
        "go" => parse_go(&rest),
        other => Err(ParseError::Unknown(echo(other))),
    }
}

fn parse_setoption(rest: &[&str]) -> Result<Command, ParseError> {
    match rest.first() {
        Some(&"name") => {}
        Some(other) => return Err(ParseError::Unexpected(echo(other))),
        None => return Err(ParseError::Missing("option name")),
    }
    let body = &rest[1..];
    let split = body.iter().position(|w| *w == "value");
    let (name, value) = match split {
        Some(i) => (&body[..i], Some(body[i + 1..].join(" "))),
        None => (body, None),
    };
    if name.is_empty() {
        return Err(ParseError::Missing("option name"));
    }
    Ok(Command::SetOption { name: name.join(" "), value })
}

fn parse_position(rest: &[&str]) -> Result<Command, ParseError> {
    let moves_at = rest.iter().position(|w| *w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&rest[..i], rest[i + 1..].iter().map(|s| s.to_string()).collect()),
        None => (rest, Vec::new()),
    };
    match setup.first() {
        Some(&"startpos") => match setup.get(1) {
            None => Ok(Command::Position { fen: None, moves }),
            Some(extra) => Err(ParseError::Unexpected(echo(extra))),
        },
        Some(&"fen") if setup.len() > 1 => Ok(Command::Position { fen: Some(setup[1..].join(" ")), moves }),
        Some(&"fen") => Err(ParseError::Missing("FEN")),
        Some(other) => Err(ParseError::Unexpected(echo(other))),
        None => Err(ParseError::Missing("startpos or fen")),
    }
}

const GO_WORDS: [&str; 13] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// Whether a `go` keyword takes a value.
fn takes_value(word: &str) -> bool {
    !matches!(word, "infinite" | "ponder" | "searchmoves")
}

/// Reads a `go` line leniently: each unknown word, and each keyword whose value is missing or bad, is
/// recorded in [`Go::skipped`] and passed over. A keyword never serves as another's value, so in
/// `go depth movetime 100` only `depth` is skipped. Only `go perft` with a bad depth is an error (it is
/// no search and has no `bestmove`).
fn parse_go(rest: &[&str]) -> Result<Command, ParseError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < rest.len() {
        let word = rest[i];
        i += 1;
        let known = GO_WORDS.contains(&word);
        let arg = match rest.get(i) {
            Some(a) if known && takes_value(word) && !GO_WORDS.contains(a) => {
                i += 1;
                Some(*a)
            }
            _ => None,
        };
        let read = match word {
            "wtime" => millis(word, arg).map(|v| go.wtime = Some(v)),
            "btime" => millis(word, arg).map(|v| go.btime = Some(v)),
            "winc" => millis(word, arg).map(|v| go.winc = Some(v)),
            "binc" => millis(word, arg).map(|v| go.binc = Some(v)),
            "movetime" => millis(word, arg).map(|v| go.movetime = Some(v)),
            "movestogo" => number(word, arg).map(|v| go.movestogo = Some(v)),
            "depth" => number(word, arg).map(|v| go.depth = Some(v)),
            "nodes" => number(word, arg).map(|v| go.nodes = Some(v)),
            "mate" => number(word, arg).map(|v| go.mate = Some(v)),
            "perft" => return number(word, arg).map(Command::Perft),
            "infinite" => {
                go.infinite = true;
                Ok(())
            }
            "ponder" => {
                go.ponder = true;
                Ok(())
            }
            "searchmoves" => {
                while i < rest.len() && !GO_WORDS.contains(&rest[i]) {
                    go.searchmoves.push(rest[i].to_string());
                    i += 1;
                }
                Ok(())
            }
            other => Err(ParseError::Unexpected(echo(other))),
        };
        if let Err(e) = read {
            go.skipped.push(e);
        }
    }
    if go.skipped.len() > MAX_SKIPPED {
        let more = go.skipped.len() - (MAX_SKIPPED - 1);
        go.skipped.truncate(MAX_SKIPPED - 1);
        go.skipped.push(ParseError::More(more));
    }
    Ok(Command::Go(go))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_commands() {
        assert_eq!(parse("uci"), Ok(Command::Uci));
        assert_eq!(parse("  isready  "), Ok(Command::IsReady));
        assert_eq!(parse("ucinewgame"), Ok(Command::UciNewGame));
        assert_eq!(parse("stop"), Ok(Command::Stop));
        assert_eq!(parse("ponderhit"), Ok(Command::PonderHit));
        assert_eq!(parse("quit"), Ok(Command::Quit));
        assert_eq!(parse("d"), Ok(Command::Display));
        assert_eq!(parse("eval"), Ok(Command::Eval));
        assert_eq!(parse("debug on"), Ok(Command::Debug(true)));
        assert_eq!(parse("debug off"), Ok(Command::Debug(false)));
        assert_eq!(parse("bench"), Ok(Command::Bench(None)));
        assert_eq!(parse("bench 5"), Ok(Command::Bench(Some(5))));
    }

    #[test]
    fn setoption() {
        assert_eq!(
            parse("setoption name Move Overhead value 50"),
            Ok(Command::SetOption { name: "Move Overhead".into(), value: Some("50".into()) })
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Command::SetOption { name: "Clear Hash".into(), value: None })
        );
        assert_eq!(
            parse("setoption name SyzygyPath value /a b/c"),
            Ok(Command::SetOption { name: "SyzygyPath".into(), value: Some("/a b/c".into()) })
        );
        assert_eq!(parse("setoption"), Err(ParseError::Missing("option name")));
        assert_eq!(parse("setoption name"), Err(ParseError::Missing("option name")));
        assert_eq!(parse("setoption value 3"), Err(ParseError::Unexpected("value".into())));
    }

    #[test]
    fn position() {
        assert_eq!(parse("position startpos"), Ok(Command::Position { fen: None, moves: vec![] }));
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(Command::Position { fen: None, moves: vec!["e2e4".into(), "e7e5".into()] })
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2"),
            Ok(Command::Position { fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()), moves: vec!["a1a2".into()] })
        );
        let bad = |e| Ok(Command::BadPosition(e));
        assert_eq!(parse("position"), bad(ParseError::Missing("startpos or fen")));
        assert_eq!(parse("position fen"), bad(ParseError::Missing("FEN")));
        assert_eq!(parse("position fen moves e2e4"), bad(ParseError::Missing("FEN")));
        assert_eq!(parse("position startpos e2e4"), bad(ParseError::Unexpected("e2e4".into())));
        assert_eq!(parse("position somewhere"), bad(ParseError::Unexpected("somewhere".into())));
    }

    #[test]
    fn go() {
        let Ok(Command::Go(g)) = parse("go wtime 1000 btime -5 winc 10 binc 20 movestogo 7") else { panic!() };
        assert_eq!((g.wtime, g.btime, g.winc, g.binc, g.movestogo), (Some(1000), Some(0), Some(10), Some(20), Some(7)));
        let Ok(Command::Go(g)) = parse("go depth 6 nodes 1000 mate 3 movetime 500") else { panic!() };
        assert_eq!((g.depth, g.nodes, g.mate, g.movetime), (Some(6), Some(1000), Some(3), Some(500)));
        let Ok(Command::Go(g)) = parse("go infinite searchmoves e2e4 d2d4 ponder") else { panic!() };
        assert!(g.infinite && g.ponder);
        assert_eq!(g.searchmoves, vec!["e2e4".to_string(), "d2d4".to_string()]);
        assert_eq!(parse("go"), Ok(Command::Go(Go::default())));
        assert_eq!(parse("go perft 3"), Ok(Command::Perft(3)));
    }

    /// Parses a `go` line, which is never refused.
    fn go_of(line: &str) -> Go {
        match parse(line) {
            Ok(Command::Go(g)) => g,
            other => panic!("{line}: {other:?}"),
        }
    }

    fn bad(what: &str, text: &str) -> ParseError {
        ParseError::BadNumber { what: what.into(), text: text.into() }
    }

    #[test]
    fn go_skips_what_it_cannot_read() {
        let g = go_of("go depth abc");
        assert_eq!((g.depth, g.skipped), (None, vec![bad("depth", "abc")]));
        let g = go_of("go depth -1 nodes 500");
        assert_eq!((g.depth, g.nodes, g.skipped), (None, Some(500), vec![bad("depth", "-1")]));
        let g = go_of("go nodes");
        assert_eq!(g.skipped, vec![bad("nodes", "")]);
        assert_eq!(g.skipped[0].to_string(), "missing number for nodes");
        let g = go_of("go wtime 99999999999999999999999 btime 1000");
        assert_eq!((g.wtime, g.btime, g.skipped), (None, Some(1000), vec![bad("wtime", "99999999999999999999999")]));
        // An unknown word is skipped alone; what follows is still read.
        let g = go_of("go sideways depth 4 frobnicate");
        assert_eq!(g.depth, Some(4));
        assert_eq!(
            g.skipped,
            vec![ParseError::Unexpected("sideways".into()), ParseError::Unexpected("frobnicate".into())]
        );
        // A keyword is never taken as the value of the one before it.
        let g = go_of("go depth movetime 100");
        assert_eq!((g.depth, g.movetime, g.skipped), (None, Some(100), vec![bad("depth", "")]));
        let g = go_of("go wtime infinite");
        assert!(g.infinite && g.wtime.is_none() && g.skipped.len() == 1);
        // An unknown extension with a value: both words are skipped, the rest is kept.
        let g = go_of("go wtime 1000 btime 1000 byoyomi 500 winc 10");
        assert_eq!((g.wtime, g.btime, g.winc), (Some(1000), Some(1000), Some(10)));
        assert_eq!(g.skipped, vec![ParseError::Unexpected("byoyomi".into()), ParseError::Unexpected("500".into())]);
        // A line of garbage: a bounded number of reports.
        let g = go_of(&format!("go {}", "x ".repeat(10_000)));
        assert_eq!(g.skipped.len(), MAX_SKIPPED);
        assert_eq!(g.skipped.last(), Some(&ParseError::More(10_000 - (MAX_SKIPPED - 1))));
        let g = go_of(&format!("go {}", "x ".repeat(MAX_SKIPPED)));
        assert_eq!(g.skipped, vec![ParseError::Unexpected("x".into()); MAX_SKIPPED]);
    }

    #[test]
    fn bad_input() {
        assert_eq!(parse(""), Err(ParseError::Empty));
        assert_eq!(parse(" \t "), Err(ParseError::Empty));
        assert_eq!(parse("xyzzy"), Err(ParseError::Unknown("xyzzy".into())));
        assert!(matches!(parse("go perft x"), Err(ParseError::BadNumber { .. })));
        assert!(matches!(parse("go perft"), Err(ParseError::BadNumber { .. })));
        assert_eq!(parse("debug maybe"), Err(ParseError::Unexpected("maybe".into())));
        assert!(matches!(parse("bench z"), Err(ParseError::BadNumber { .. })));
        let long = "x".repeat(100_000);
        let Err(ParseError::Unknown(e)) = parse(&long) else { panic!() };
        assert!(e.len() < 50);
        let lossy = String::from_utf8_lossy(b"go \xff\xfe depth 3");
        let Ok(Command::Go(g)) = parse(&lossy) else { panic!() };
        assert_eq!((g.depth, g.skipped.len()), (Some(3), 1));
        assert!(parse("\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}").is_err());
    }
}
