//! Property tests (proptest), in-process through the library: the UCI line parser and FEN parsing
//! never panic on any text; `position ... moves` with random legal and illegal moves plays every move,
//! or leaves the engine with no position at the first bad one; and random command sequences driven into the engine state machine
//! (position, go with random limits, stop, ponderhit, setoption, ucinewgame, isready, quit, end of
//! input) never panic or hang and answer every `go` with exactly one legal `bestmove`.
//!
//! Case counts are small so that `cargo test --release` stays quick; `PROPTEST_CASES=N` runs more.
//! Each sequence runs on its own thread under a generous deadline, so a hang fails instead of blocking.

use brudno::engine::{Engine, Event, Flow, Request};
use brudno::position::Position;
use brudno::uci::command::{self, Command, MAX_SKIPPED};
use brudno::uci::{self, Reply};
use proptest::prelude::*;
use proptest::sample::select;
use shakmaty::{CastlingMode, Chess, Move, Position as _};
use std::collections::VecDeque;
use std::sync::mpsc;
use std::time::Duration;

// The Chess960 start positions there are for the fuzz targets only.
#[allow(dead_code)]
#[path = "common/inputs.rs"]
mod inputs;
use inputs::{FENS, short_errors};

/// Cases per property: `PROPTEST_CASES` if set, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn config(default: u32) -> ProptestConfig {
    ProptestConfig { cases: cases(default), failure_persistence: None, ..ProptestConfig::default() }
}

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Words the parser knows, and some it must cope with.
const WORDS: &[&str] = &[
    "uci",
    "isready",
    "go",
    "position",
    "startpos",
    "fen",
    "moves",
    "setoption",
    "name",
    "value",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "stop",
    "ponderhit",
    "quit",
    "debug",
    "on",
    "off",
    "bench",
    "e2e4",
    "e7e8q",
    "Hash",
    "Clear",
    "Threads",
    "-1",
    "0",
    "18446744073709551616",
    "-9223372036854775809",
    "\u{fffd}",
    "d",
    "eval",
    "ucinewgame",
    "",
];

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => select(WORDS).prop_map(str::to_string),
        2 => any::<i64>().prop_map(|n| n.to_string()),
        1 => any::<u128>().prop_map(|n| n.to_string()),
        2 => "\\PC{0,12}",
    ]
}

/// A line of known and unknown words with any separators.
fn word_line() -> impl Strategy<Value = String> {
    (prop::collection::vec(token(), 0..14), select(&[" ", "  ", "\t", " \t "][..])).prop_map(|(v, sep)| v.join(sep))
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn uci_parser_never_panics_on_any_text(line in "\\PC{0,80}") {
        let r = command::parse(&line);
        prop_assert!(short_errors(&r), "{r:?}");
    }

    #[test]
    fn uci_parser_never_panics_on_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
        let line = String::from_utf8_lossy(&bytes);
        let r = command::parse(&line);
        prop_assert!(short_errors(&r), "{r:?}");
    }

    #[test]
    fn a_go_line_is_never_refused(line in word_line()) {
        let r = command::parse(&line);
        prop_assert!(short_errors(&r), "{r:?}");
        let go = format!("go {line}");
        let words: Vec<&str> = go.split_whitespace().collect();
        match command::parse(&go) {
            Ok(Command::Go(g)) => {
                prop_assert!(!words.contains(&"perft"), "{go}");
                prop_assert!(g.skipped.len() <= MAX_SKIPPED);
            }
            Ok(Command::Perft(_)) | Err(_) => prop_assert!(words.contains(&"perft"), "{go}"),
            Ok(other) => prop_assert!(false, "{go} parsed as {other:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------------------------

const FEN_CHARS: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '/',
    ' ', 'w', '-', 'A', 'H', 'a', 'h', 'e', 'c', 'x', '\u{e9}',
];

/// A known FEN with a few characters replaced, deleted or inserted.
fn mutated_fen() -> impl Strategy<Value = String> {
    let edit = (0usize..3, any::<prop::sample::Index>(), select(FEN_CHARS));
    (select(FENS), prop::collection::vec(edit, 0..5)).prop_map(|(fen, edits)| {
        let mut chars: Vec<char> = fen.chars().collect();
        for (kind, at, c) in edits {
            let i = at.index(chars.len() + 1);
            match kind {
                0 if i < chars.len() => chars[i] = c,
                1 if i < chars.len() => {
                    chars.remove(i);
                }
                _ => chars.insert(i, c),
            }
        }
        chars.into_iter().collect()
    })
}

/// A FEN that loads gives a position whose own FEN loads to the same, and whose moves can be generated.
/// Read leniently, one that loads writes a FEN that reads back the same with nothing left to drop, and
/// one right as written in the mode asked for reads as `from_fen` reads it.
fn check_fen(text: &str, chess960: bool) -> Result<(), TestCaseError> {
    if let Ok(read) = Position::read_fen(text, chess960) {
        let fen = read.position.fen();
        let again = Position::read_fen(&fen, chess960);
        prop_assert!(again.as_ref().is_ok_and(|a| a.mends.is_empty()), "{text} -> {fen}: {:?}", again);
        prop_assert_eq!(again.map(|a| a.position.key()).ok(), Some(read.position.key()));
    }
    if let Ok(pos) = Position::from_fen(text, chess960)
        && pos.mode() == CastlingMode::from_chess960(chess960)
    {
        let read = Position::read_fen(text, chess960);
        prop_assert!(read.as_ref().is_ok_and(|r| r.mends.is_empty() && r.position.fen() == pos.fen()), "{read:?}");
    }
    if let Ok(pos) = Position::from_fen(text, chess960) {
        let fen = pos.fen();
        let again = Position::from_fen(&fen, chess960);
        prop_assert!(again.is_ok(), "{text} -> {fen} does not load: {:?}", again.err());
        prop_assert_eq!(again.map(|p| p.fen()).unwrap_or_default(), fen.clone());
        let moves = pos.legal_moves();
        prop_assert_eq!(
            brudno::perft::perft(pos.chess(), 2),
            moves
                .iter()
                .map(|&m| {
                    let mut c = pos.chess().clone();
                    c.play_unchecked(m);
                    c.legal_moves().len() as u64
                })
                .sum::<u64>()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn fen_parsing_never_panics_on_any_text(text in "\\PC{0,90}", chess960 in any::<bool>()) {
        check_fen(&text, chess960)?;
    }

    #[test]
    fn fen_parsing_never_panics_on_near_misses(text in mutated_fen(), chess960 in any::<bool>()) {
        check_fen(&text, chess960)?;
    }
}

// ---------------------------------------------------------------------------------------------
// position ... moves
// ---------------------------------------------------------------------------------------------

/// One move of a random `moves` list.
#[derive(Clone, Debug)]
enum MoveGen {
    /// The n-th legal move (mod their number) of the position reached.
    Legal(prop::sample::Index),
    /// From and to squares and a promotion letter: mostly illegal, sometimes legal.
    Squares(u8, u8, Option<char>),
    /// Garbage.
    Junk(String),
}

fn move_gen() -> impl Strategy<Value = MoveGen> {
    prop_oneof![
        30 => any::<prop::sample::Index>().prop_map(MoveGen::Legal),
        1 => (0u8..64, 0u8..64, prop::option::of(select(&['q', 'r', 'b', 'n', 'k', 'p'][..])))
            .prop_map(|(f, t, p)| MoveGen::Squares(f, t, p)),
        1 => "[a-i0-9qrbnkx]{0,6}".prop_map(MoveGen::Junk),
    ]
}

fn square_name(i: u8) -> String {
    format!("{}{}", (b'a' + i % 8) as char, (b'1' + i / 8) as char)
}

/// The moves' text, and the position after the moves before the first that is not legal (the engine's
/// expected state) with whether there was such a move. Legality here is membership in shakmaty's legal
/// move list written in standard notation; a text that is legal only in Chess960 notation (king takes
/// rook) is replaced by garbage, as either reading would be defensible.
fn play_out(start: &Chess, gens: &[MoveGen]) -> (Vec<String>, Chess, bool) {
    let mut pos = start.clone();
    let mut texts = Vec::new();
    let mut bad = false;
    for g in gens {
        let legal = pos.legal_moves();
        let standard: Vec<String> = legal.iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect();
        let chess960: Vec<String> = legal.iter().map(|m| m.to_uci(CastlingMode::Chess960).to_string()).collect();
        let mut text = match g {
            MoveGen::Legal(_) if legal.is_empty() => "0000".to_string(),
            MoveGen::Legal(i) => standard[i.index(standard.len())].clone(),
            MoveGen::Squares(f, t, p) => {
                format!("{}{}{}", square_name(*f), square_name(*t), p.map(String::from).unwrap_or_default())
            }
            MoveGen::Junk(s) if s.is_empty() => "x".to_string(),
            MoveGen::Junk(s) => s.clone(),
        };
        if chess960.contains(&text) && !standard.contains(&text) {
            text = "zz".to_string();
        }
        if !bad {
            match standard.iter().position(|s| *s == text) {
                Some(k) => pos.play_unchecked(legal[k]),
                None => bad = true,
            }
        }
        texts.push(text);
    }
    (texts, pos, bad)
}

/// Runs one command line the way the UCI loop does, collecting the replies.
fn run_line(engine: &mut Engine, line: &str, out: &mut Vec<Reply>) -> Flow {
    match command::parse(line) {
        Ok(cmd) => uci::dispatch(engine, cmd, &mut |r| out.push(r)),
        Err(command::ParseError::Empty) => Flow::Continue,
        Err(e) => {
            out.push(Reply::Error(e.to_string()));
            Flow::Continue
        }
    }
}

/// The engine's current position, from the `d` command; `None` when it has none.
fn engine_position(engine: &mut Engine) -> Option<Position> {
    let mut out = Vec::new();
    engine.handle(Request::Display, &mut |r| out.push(r));
    match out.pop() {
        Some(Event::Board(pos, _)) => Some(*pos),
        Some(Event::Error(_)) if out.is_empty() => None,
        other => panic!("d answered {other:?}"),
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn position_moves_are_played_whole_or_leave_no_position(
        base in select(FENS),
        gens in prop::collection::vec(move_gen(), 0..700),
    ) {
        let start = Position::from_fen(base, false).expect("a test FEN");
        let (texts, expected, bad) = play_out(start.chess(), &gens);
        let setup = if base == STARTPOS { "startpos".to_string() } else { format!("fen {base}") };
        let line = format!("position {setup} moves {}", texts.join(" "));
        let mut engine = Engine::new();
        let mut out = Vec::new();
        run_line(&mut engine, &line, &mut out);
        let errors = out.iter().filter(|r| matches!(r, Reply::Error(_) | Reply::Event(Event::Error(_)))).count();
        prop_assert_eq!(errors, usize::from(bad), "{:?}", out);
        prop_assert_eq!(out.len(), errors, "{:?}", out);
        let got = engine_position(&mut engine);
        let want = Position::from_chess(expected, CastlingMode::Standard);
        match &got {
            Some(got) => {
                prop_assert!(!bad);
                prop_assert_eq!(got.fen(), want.fen());
                prop_assert_eq!(got.key(), want.key());
            }
            None => prop_assert!(bad),
        }
        // A short search gives a legal move (or none when there is none), or none with no position.
        run_line(&mut engine, "go depth 1", &mut out);
        engine.end_of_input(&mut |e| out.push(Reply::Event(e)));
        let best: Vec<Option<Move>> = out.iter().filter_map(|r| match r {
            Reply::Event(Event::BestMove(o, _)) => Some(o.best),
            _ => None,
        }).collect();
        prop_assert_eq!(best.len(), 1);
        match best[0] {
            Some(m) => prop_assert!(!bad && want.chess().is_legal(m)),
            None => prop_assert!(bad || want.legal_moves().is_empty()),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The engine state machine
// ---------------------------------------------------------------------------------------------

/// A `go` with random small limits (each ends quickly, or is ended by a later command).
fn go_line() -> impl Strategy<Value = String> {
    let limit = prop_oneof![
        4 => (1u32..=3).prop_map(|d| format!("depth {d}")),
        3 => (0u64..3000).prop_map(|n| format!("nodes {n}")),
        3 => (0u64..15).prop_map(|t| format!("movetime {t}")),
        3 => (0u64..300, 0u64..300, 0u64..20, 0u64..20, prop::option::of(1u32..5)).prop_map(|(w, b, wi, bi, mtg)| {
            let mtg = mtg.map(|m| format!(" movestogo {m}")).unwrap_or_default();
            format!("wtime {w} btime {b} winc {wi} binc {bi}{mtg}")
        }),
        1 => (0u64..5000).prop_map(|t| format!("btime {t}")),
        1 => (0u64..5000).prop_map(|t| format!("wtime {t}")),
        1 => Just("infinite".to_string()),
        1 => (1u32..=2).prop_map(|m| format!("mate {m}")),
        1 => Just(String::new()),
        1 => Just("searchmoves e2e4 a7a8q".to_string()),
    ];
    let extra = prop_oneof![6 => Just(""), 1 => Just(" sideways"), 1 => Just(" depth x")];
    (limit, prop::bool::weighted(0.2), extra).prop_map(|(l, ponder, extra)| {
        let ponder = if ponder { " ponder" } else { "" };
        format!("go {l}{ponder}{extra}")
    })
}

fn position_line() -> impl Strategy<Value = String> {
    (select(FENS), prop::collection::vec(any::<prop::sample::Index>(), 0..8), prop::bool::weighted(0.1)).prop_map(
        |(fen, picks, junk)| {
            let gens: Vec<MoveGen> = picks.into_iter().map(MoveGen::Legal).collect();
            let start = Position::from_fen(fen, false).expect("a test FEN");
            let (mut texts, _, _) = play_out(start.chess(), &gens);
            texts.retain(|t| t != "0000");
            if junk {
                texts.push("e9e9".to_string());
            }
            let setup = if fen == STARTPOS { "startpos".to_string() } else { format!("fen {fen}") };
            if texts.is_empty() {
                format!("position {setup}")
            } else {
                format!("position {setup} moves {}", texts.join(" "))
            }
        },
    )
}

/// One step of a session.
#[derive(Clone, Debug)]
enum Step {
    /// A command line.
    Line(String),
    /// Let the search thread run for this many microseconds, handling its reports.
    Pause(u64),
}

fn step() -> impl Strategy<Value = Step> {
    let line = prop_oneof![
        6 => go_line(),
        4 => position_line(),
        3 => Just("stop".to_string()),
        2 => Just("ponderhit".to_string()),
        2 => Just("isready".to_string()),
        1 => Just("ucinewgame".to_string()),
        1 => (1u32..=4).prop_map(|n| format!("setoption name Hash value {n}")),
        1 => Just("setoption name Clear Hash".to_string()),
        1 => (1u32..=3).prop_map(|n| format!("setoption name MultiPV value {n}")),
        1 => (0u32..=60).prop_map(|n| format!("setoption name Move Overhead value {n}")),
        1 => select(&["true", "false"][..]).prop_map(|v| format!("setoption name UCI_Chess960 value {v}")),
        1 => select(&["true", "false"][..]).prop_map(|v| format!("setoption name Ponder value {v}")),
        1 => Just("setoption name Threads value 2".to_string()),
        1 => Just("debug on".to_string()),
        1 => Just("go perft 2".to_string()),
    ];
    prop_oneof![8 => line.prop_map(Step::Line), 2 => (0u64..3000).prop_map(Step::Pause)]
}

/// How a session ends.
#[derive(Clone, Copy, Debug)]
enum End {
    /// `quit`.
    Quit,
    /// End of input.
    InputClosed,
    /// The engine is dropped as it is (a library user going away).
    Drop,
}

/// What the checker keeps: the position of each `go` not yet answered (`None` when the engine had
/// none), oldest first.
#[derive(Default)]
struct Checker {
    pending: VecDeque<Option<Position>>,
    gos: usize,
    bestmoves: usize,
    readyok: usize,
    isready: usize,
}

impl Checker {
    /// Checks responses in order: every info belongs to an unanswered `go` and is legal there, every
    /// bestmove answers the oldest unanswered `go` with a legal move (`0000` only when there is none,
    /// or no position).
    fn check(&mut self, out: &mut Vec<Reply>) -> Result<(), String> {
        for r in out.drain(..) {
            match r {
                Reply::Event(Event::BestMove(o, _)) => {
                    let pos = self.pending.pop_front().ok_or("a bestmove with no go")?;
                    self.bestmoves += 1;
                    let Some(pos) = pos else {
                        if o.best.is_some() {
                            return Err(format!("bestmove {:?} with no position", o.best));
                        }
                        continue;
                    };
                    match o.best {
                        Some(m) if pos.chess().is_legal(m) => {
                            if let Some(p) = o.ponder {
                                let mut after = pos.chess().clone();
                                after.play_unchecked(m);
                                if !after.is_legal(p) {
                                    return Err(format!("illegal ponder move {p:?} in {}", pos.fen()));
                                }
                            }
                        }
                        Some(m) => return Err(format!("illegal bestmove {m:?} in {}", pos.fen())),
                        None if pos.legal_moves().is_empty() => {}
                        None => return Err(format!("bestmove 0000 with legal moves in {}", pos.fen())),
                    }
                }
                Reply::Event(Event::Info(it, _, _)) => {
                    let pos = self.pending.front().ok_or("an info line with no go")?;
                    let pos = pos.as_ref().ok_or("an info line with no position")?;
                    let mut c = pos.chess().clone();
                    for &m in &it.pv {
                        if !c.is_legal(m) {
                            return Err(format!("illegal pv {:?} in {}", it.pv, pos.fen()));
                        }
                        c.play_unchecked(m);
                    }
                }
                Reply::Event(Event::CurrMove(_, m, _, _)) => {
                    let pos = self.pending.front().ok_or("a currmove with no go")?;
                    let pos = pos.as_ref().ok_or("a currmove with no position")?;
                    if !pos.chess().is_legal(m) {
                        return Err(format!("illegal currmove {m:?} in {}", pos.fen()));
                    }
                }
                Reply::ReadyOk => self.readyok += 1,
                _ => {}
            }
        }
        Ok(())
    }
}

/// Plays one session; `Err` says what went wrong.
fn session(steps: Vec<Step>, end: End) -> Result<(usize, usize), String> {
    let mut engine = Engine::new();
    let reports = engine.reports().clone();
    let mut checker = Checker::default();
    let mut out = Vec::new();
    let mut quit = false;
    for step in steps {
        match step {
            Step::Line(line) => {
                if line.starts_with("go") && !line.contains("perft") {
                    let pos = engine_position(&mut engine);
                    // The previous search's bestmove comes first: the new go is queued behind it (with no
                    // position, its own bestmove may follow at once).
                    checker.pending.push_back(pos);
                    run_line(&mut engine, &line, &mut out);
                    checker.check(&mut out)?;
                    checker.gos += 1;
                } else {
                    checker.isready += usize::from(line == "isready");
                    run_line(&mut engine, &line, &mut out);
                }
            }
            Step::Pause(us) => {
                let deadline = std::time::Instant::now() + Duration::from_micros(us);
                while let Ok(r) = reports.recv_deadline(deadline) {
                    engine.on_report(r, &mut |x| out.push(Reply::Event(x)));
                }
            }
        }
        while let Ok(r) = reports.try_recv() {
            engine.on_report(r, &mut |x| out.push(Reply::Event(x)));
        }
        checker.check(&mut out)?;
    }
    match end {
        End::Quit => quit = run_line(&mut engine, "quit", &mut out) == Flow::Quit,
        End::InputClosed => engine.end_of_input(&mut |x| out.push(Reply::Event(x))),
        End::Drop => {}
    }
    checker.check(&mut out)?;
    if checker.readyok != checker.isready {
        return Err(format!("{} isready, {} readyok", checker.isready, checker.readyok));
    }
    match end {
        End::Quit if !quit => return Err("quit did not end the session".into()),
        End::Quit | End::InputClosed if checker.bestmoves != checker.gos => {
            return Err(format!("{} go, {} bestmove", checker.gos, checker.bestmoves));
        }
        _ => {}
    }
    let answered = checker.bestmoves;
    drop(engine);
    Ok((checker.gos, answered))
}

/// Runs a session on its own thread; a session that does not finish within a minute is a hang.
fn session_with_deadline(steps: Vec<Step>, end: End) -> Result<(usize, usize), String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(session(steps, end));
    });
    match rx.recv_timeout(Duration::from_secs(60)) {
        Ok(r) => r,
        Err(mpsc::RecvTimeoutError::Timeout) => Err("hang: the session did not finish within 60 s".into()),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err("the session panicked".into()),
    }
}

fn end() -> impl Strategy<Value = End> {
    prop_oneof![Just(End::Quit), Just(End::InputClosed), Just(End::Drop)]
}

proptest! {
    #![proptest_config(config(120))]

    #[test]
    fn random_sessions_answer_every_go_once(steps in prop::collection::vec(step(), 1..24), end in end()) {
        let r = session_with_deadline(steps, end);
        prop_assert!(r.is_ok(), "{}", r.err().unwrap_or_default());
    }
}

/// Regressions found by the properties above, kept as plain tests.
mod regressions {
    use super::*;

    /// Dropping an engine in the middle of a search that only `stop` would end must not hang.
    #[test]
    fn dropping_the_engine_during_an_endless_search() {
        for go in ["go infinite", "go", "go mate 2", "go ponder wtime 1000 btime 1000"] {
            let steps = vec![Step::Line(go.into()), Step::Pause(2000)];
            let r = session_with_deadline(steps, End::Drop);
            assert!(r.is_ok(), "{go}: {r:?}");
        }
    }

    /// End of input after a search that only `stop` would end stops it and answers it.
    #[test]
    fn end_of_input_during_an_endless_search() {
        for go in ["go", "go mate 2", "go searchmoves e2e4", "go infinite", "go ponder btime 100"] {
            let steps = vec![Step::Line(go.into()), Step::Pause(1000)];
            assert_eq!(session_with_deadline(steps, End::InputClosed), Ok((1, 1)), "{go}");
        }
    }
}
