//! Text in: a pure parser from one input line to a typed [`Command`]. No engine state, no I/O.

use std::fmt;

/// A `go` command's parameters, as sent (times in milliseconds; negative times read as zero).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// White's clock.
    pub wtime: Option<u64>,
    /// Black's clock.
    pub btime: Option<u64>,
    /// White's increment.
    pub winc: Option<u64>,
    /// Black's increment.
    pub binc: Option<u64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Depth limit.
    pub depth: Option<u32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Fixed time per move.
    pub movetime: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder mode.
    pub ponder: bool,
    /// Restrict the root to these moves (UCI notation, checked by the engine).
    pub searchmoves: Vec<String>,
}

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

/// Why a line was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing but whitespace (ignored silently).
    Empty,
    /// The first word is no command.
    Unknown(String),
    /// A required part is missing.
    Missing(&'static str),
    /// A value is not a number in range.
    BadNumber {
        /// Which parameter.
        what: String,
        /// What was sent.
        text: String,
    },
    /// A word that does not belong.
    Unexpected(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(f, "empty line"),
            Self::Unknown(c) => write!(f, "unknown command '{c}'"),
            Self::Missing(what) => write!(f, "missing {what}"),
            Self::BadNumber { what, text } => write!(f, "bad number '{text}' for {what}"),
            Self::Unexpected(t) => write!(f, "unexpected '{t}'"),
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
        "position" => parse_position(&rest),
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

fn parse_go(rest: &[&str]) -> Result<Command, ParseError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < rest.len() {
        let word = rest[i];
        let arg = rest.get(i + 1).copied();
        i += 2;
        match word {
            "wtime" => go.wtime = Some(millis(word, arg)?),
            "btime" => go.btime = Some(millis(word, arg)?),
            "winc" => go.winc = Some(millis(word, arg)?),
            "binc" => go.binc = Some(millis(word, arg)?),
            "movetime" => go.movetime = Some(millis(word, arg)?),
            "movestogo" => go.movestogo = Some(number(word, arg)?),
            "depth" => go.depth = Some(number(word, arg)?),
            "nodes" => go.nodes = Some(number(word, arg)?),
            "mate" => go.mate = Some(number(word, arg)?),
            "perft" => return Ok(Command::Perft(number(word, arg)?)),
            "infinite" => {
                go.infinite = true;
                i -= 1;
            }
            "ponder" => {
                go.ponder = true;
                i -= 1;
            }
            "searchmoves" => {
                i -= 1;
                while i < rest.len() && !GO_WORDS.contains(&rest[i]) {
                    go.searchmoves.push(rest[i].to_string());
                    i += 1;
                }
            }
            other => return Err(ParseError::Unexpected(echo(other))),
        }
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
        assert_eq!(parse("position"), Err(ParseError::Missing("startpos or fen")));
        assert_eq!(parse("position fen"), Err(ParseError::Missing("FEN")));
        assert_eq!(parse("position fen moves e2e4"), Err(ParseError::Missing("FEN")));
        assert_eq!(parse("position startpos e2e4"), Err(ParseError::Unexpected("e2e4".into())));
        assert_eq!(parse("position somewhere"), Err(ParseError::Unexpected("somewhere".into())));
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

    #[test]
    fn bad_input() {
        assert_eq!(parse(""), Err(ParseError::Empty));
        assert_eq!(parse(" \t "), Err(ParseError::Empty));
        assert_eq!(parse("xyzzy"), Err(ParseError::Unknown("xyzzy".into())));
        assert!(matches!(parse("go depth abc"), Err(ParseError::BadNumber { .. })));
        assert!(matches!(parse("go depth -1"), Err(ParseError::BadNumber { .. })));
        assert!(matches!(parse("go nodes"), Err(ParseError::BadNumber { .. })));
        assert!(matches!(parse("go wtime 99999999999999999999999"), Err(ParseError::BadNumber { .. })));
        assert!(matches!(parse("go perft x"), Err(ParseError::BadNumber { .. })));
        assert_eq!(parse("go sideways"), Err(ParseError::Unexpected("sideways".into())));
        assert_eq!(parse("debug maybe"), Err(ParseError::Unexpected("maybe".into())));
        assert!(matches!(parse("bench z"), Err(ParseError::BadNumber { .. })));
        let long = "x".repeat(100_000);
        let Err(ParseError::Unknown(e)) = parse(&long) else { panic!() };
        assert!(e.len() < 50);
        let lossy = String::from_utf8_lossy(b"go \xff\xfe depth 3");
        assert!(parse(&lossy).is_err());
        assert!(parse("\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}\u{00e9}").is_err());
    }
}
