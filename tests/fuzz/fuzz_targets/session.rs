//! Whole UCI sessions decoded from the fuzz input (with `arbitrary`) and driven into a fresh engine
//! the way the UCI loop drives it: random interleavings of `position`, `go` with small random limits
//! (depth 1-3, a few thousand nodes, a few ms, short clocks, `infinite`, `ponder`, `mate`,
//! `searchmoves`, unknown words), `stop`, `ponderhit`, `setoption`, `ucinewgame`, `isready`, `debug`,
//! `go perft` and pauses that let the search run, ended by `quit`, end of input or dropping the
//! engine. Every reply is checked as it comes: each `info` and `bestmove` legal in the position of
//! the `go` it answers, each `go` answered by exactly one `bestmove` (in order) and each `isready` by
//! one `readyok`. A session that hangs is reported by libFuzzer's `-timeout`.

#![no_main]

use arbitrary::Arbitrary;
use brudno::position::Position;
use brudno::uci::Reply;
use brudno_fuzz::{Checker, engine_position, fen_at, run_line};
use libfuzzer_sys::fuzz_target;
use std::time::{Duration, Instant};

/// A limit for `go`, each ending quickly on its own or ended by a later command.
#[derive(Arbitrary, Debug)]
enum Limit {
    Depth(u8),
    Nodes(u16),
    MoveTime(u8),
    Clock { w: u16, b: u16, winc: u8, binc: u8, movestogo: Option<u8> },
    BTime(u16),
    WTime(u16),
    Infinite,
    Mate(bool),
    Bare,
    SearchMoves(Vec<u8>),
}

#[derive(Arbitrary, Debug)]
enum Extra {
    None,
    Unknown,
    BadNumber,
    Negative,
}

#[derive(Arbitrary, Debug)]
enum Setting {
    Hash(u8),
    ClearHash,
    MultiPv(u8),
    MoveOverhead(u8),
    Chess960(bool),
    Ponder(bool),
    Threads(bool),
    ShowWdl(bool),
    LimitStrength(bool),
    Elo(u16),
    SkillLevel(u8),
    /// A name and value that are most likely refused.
    Other(String, Option<String>),
}

#[derive(Arbitrary, Debug)]
enum Step {
    Go {
        limit: Limit,
        ponder: bool,
        extra: Extra,
    },
    Position {
        base: u8,
        moves: Vec<u8>,
        junk: bool,
    },
    Stop,
    PonderHit,
    IsReady,
    NewGame,
    SetOption(Setting),
    Debug(bool),
    Perft(bool),
    /// Let the search run this many microseconds (mod 3000), handling its reports.
    Pause(u16),
}

#[derive(Arbitrary, Debug)]
enum End {
    Quit,
    InputClosed,
    Drop,
}

#[derive(Arbitrary, Debug)]
struct Session {
    steps: Vec<Step>,
    end: End,
}

/// The first `n` moves chosen by `picks` from a known position, in standard notation.
fn moves_from(fen: &str, picks: &[u8]) -> Vec<String> {
    let mut pos = Position::from_fen(fen, false).expect("a known FEN");
    let mut texts = Vec::new();
    for &p in picks.iter().take(12) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(p) % legal.len()];
        texts.push(pos.uci(m));
        pos.make(m);
    }
    texts
}

fn go_line(limit: &Limit, ponder: bool, extra: &Extra, pos: Option<&Position>) -> String {
    let limit = match limit {
        Limit::Depth(d) => format!("depth {}", d % 3 + 1),
        Limit::Nodes(n) => format!("nodes {}", n % 3000),
        Limit::MoveTime(t) => format!("movetime {}", t % 15),
        Limit::Clock { w, b, winc, binc, movestogo } => {
            let mtg = movestogo.map(|m| format!(" movestogo {}", m % 5 + 1)).unwrap_or_default();
            format!("wtime {} btime {} winc {} binc {}{mtg}", w % 300, b % 300, winc % 20, binc % 20)
        }
        Limit::BTime(t) => format!("btime {}", t % 2000),
        Limit::WTime(t) => format!("wtime {}", t % 2000),
        Limit::Infinite => "infinite".to_string(),
        Limit::Mate(two) => format!("mate {}", 1 + u8::from(*two)),
        Limit::Bare => String::new(),
        Limit::SearchMoves(picks) => {
            let legal = pos.map(Position::legal_moves).unwrap_or_default();
            let words: Vec<String> = picks
                .iter()
                .take(6)
                .map(|&p| match (pos, legal.len()) {
                    (Some(pos), n) if n > 0 && p < 0xF0 => pos.uci(legal[usize::from(p) % n]),
                    (_, 0) => "e2e4".to_string(),
                    _ => "a7a8q".to_string(),
                })
                .collect();
            format!("searchmoves {}", words.join(" "))
        }
    };
    let ponder = if ponder { " ponder" } else { "" };
    let extra = match extra {
        Extra::None => "",
        Extra::Unknown => " sideways",
        Extra::BadNumber => " depth x",
        Extra::Negative => " movetime -5",
    };
    format!("go {limit}{ponder}{extra}")
}

fn option_line(s: &Setting) -> Option<String> {
    Some(match s {
        Setting::Hash(n) => format!("setoption name Hash value {}", n % 4 + 1),
        Setting::ClearHash => "setoption name Clear Hash".to_string(),
        Setting::MultiPv(n) => format!("setoption name MultiPV value {}", n % 3 + 1),
        Setting::MoveOverhead(n) => format!("setoption name Move Overhead value {}", n % 61),
        Setting::Chess960(on) => format!("setoption name UCI_Chess960 value {on}"),
        Setting::Ponder(on) => format!("setoption name Ponder value {on}"),
        Setting::Threads(two) => format!("setoption name Threads value {}", 1 + u8::from(*two)),
        Setting::ShowWdl(on) => format!("setoption name UCI_ShowWDL value {on}"),
        Setting::LimitStrength(on) => format!("setoption name UCI_LimitStrength value {on}"),
        Setting::Elo(e) => format!("setoption name UCI_Elo value {}", 1000 + e % 2000),
        Setting::SkillLevel(n) => format!("setoption name Skill Level value {}", i16::from(*n % 25) - 2),
        Setting::Other(name, value) => {
            // Options that name files, size the table or start threads are left to the cases above.
            let lower = name.to_ascii_lowercase();
            if ["path", "file", "book", "hash", "thread", "multipv"].iter().any(|w| lower.contains(w)) {
                return None;
            }
            match value {
                Some(v) => format!("setoption name {name} value {v}"),
                None => format!("setoption name {name}"),
            }
        }
    })
}

fuzz_target!(|session: Session| {
    let mut engine = brudno::engine::Engine::new();
    let reports = engine.reports().clone();
    let mut checker = Checker::default();
    let mut out = Vec::new();
    for step in session.steps.iter().take(32) {
        let line = match step {
            Step::Go { limit, ponder, extra } => {
                let pos = engine_position(&mut engine);
                let line = go_line(limit, *ponder, extra, pos.as_ref());
                // The previous search's bestmove comes first: the new go is queued behind it (with no
                // position, its own bestmove may follow at once).
                checker.pending.push_back(pos);
                run_line(&mut engine, &line, &mut out);
                checker.check(&mut out);
                checker.gos += 1;
                None
            }
            Step::Position { base, moves, junk } => {
                let fen = fen_at(usize::from(*base));
                let mut texts = moves_from(fen, moves);
                if *junk {
                    texts.push("e9e9".to_string());
                }
                let setup = if *base == 0 { "startpos".to_string() } else { format!("fen {fen}") };
                Some(if texts.is_empty() {
                    format!("position {setup}")
                } else {
                    format!("position {setup} moves {}", texts.join(" "))
                })
            }
            Step::Stop => Some("stop".to_string()),
            Step::PonderHit => Some("ponderhit".to_string()),
            Step::IsReady => {
                checker.isready += 1;
                Some("isready".to_string())
            }
            Step::NewGame => Some("ucinewgame".to_string()),
            Step::SetOption(s) => option_line(s),
            Step::Debug(on) => Some(format!("debug {}", if *on { "on" } else { "off" })),
            Step::Perft(two) => Some(format!("go perft {}", 1 + u8::from(*two))),
            Step::Pause(us) => {
                let deadline = Instant::now() + Duration::from_micros(u64::from(us % 3000));
                while let Ok(r) = reports.recv_deadline(deadline) {
                    engine.on_report(r, &mut |x| out.push(Reply::Event(x)));
                }
                None
            }
        };
        if let Some(line) = line {
            run_line(&mut engine, &line, &mut out);
        }
        while let Ok(r) = reports.try_recv() {
            engine.on_report(r, &mut |x| out.push(Reply::Event(x)));
        }
        checker.check(&mut out);
    }
    match session.end {
        End::Quit => assert_eq!(run_line(&mut engine, "quit", &mut out), brudno::engine::Flow::Quit),
        End::InputClosed => engine.end_of_input(&mut |x| out.push(Reply::Event(x))),
        End::Drop => {}
    }
    checker.check(&mut out);
    assert_eq!(checker.readyok, checker.isready, "isready and readyok");
    if !matches!(session.end, End::Drop) {
        assert_eq!(checker.bestmoves, checker.gos, "{} go, {} bestmove", checker.gos, checker.bestmoves);
    }
    drop(engine);
});
