//! Shared helpers for the integration tests: a handle on a running `brudno` process that speaks UCI
//! over pipes, parsers for its `info` lines, and legality checks done with the library's own
//! position layer (which rests on shakmaty's move generator).
//!
//! Every wait has a generous upper bound so that a hung engine fails the test with the output seen
//! so far instead of hanging the suite. No test asserts how fast anything is.

#![allow(dead_code)]

use brudno::position::Position;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// Path of the engine binary built by Cargo for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_brudno");

/// The standard start position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Upper bound for anything the engine should answer at once (guards against hangs only).
pub const PROMPT: Duration = Duration::from_secs(15);

/// Upper bound for a short search to end (depth ≤ 8, small node or time budgets).
pub const SEARCH: Duration = Duration::from_secs(20);

/// A running engine process. Lines from its stdout arrive on a channel filled by a reader thread.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
    /// Every line read so far, for failure messages.
    transcript: Vec<String>,
}

impl Engine {
    /// Starts `brudno` with no arguments (UCI mode).
    pub fn spawn() -> Self {
        Self::spawn_with(&[])
    }

    /// Starts `brudno` with the given arguments.
    pub fn spawn_with(args: &[&str]) -> Self {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("starting the brudno binary");
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Self { child, stdin, rx, transcript: Vec::new() }
    }

    /// The lines read so far, one per line, for failure messages.
    pub fn transcript(&self) -> String {
        self.transcript.join("\n")
    }

    /// Sends one command line (a newline is added).
    pub fn send(&mut self, line: &str) {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.send_raw(&bytes);
    }

    /// Writes raw bytes to the engine's stdin.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin already closed");
        stdin.write_all(bytes).and_then(|_| stdin.flush()).expect("writing to the engine");
    }

    /// Closes stdin (the engine sees end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Next line within `timeout`, or `None` (timeout or the engine closed stdout).
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.rx.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `pred`; returns all of them, the matching one last.
    /// Fails the test, showing everything read, if none arrives within `timeout`.
    pub fn collect_until(&mut self, pred: impl Fn(&str) -> bool, timeout: Duration, what: &str) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    let done = pred(&line);
                    got.push(line);
                    if done {
                        return got;
                    }
                }
                Err(e) => {
                    let why = match e {
                        RecvTimeoutError::Timeout => format!("no {what} within {timeout:?}"),
                        RecvTimeoutError::Disconnected => format!("engine closed its output before {what}"),
                    };
                    panic!(
                        "{why}; lines read since the request:\n{}\n--- whole transcript:\n{}",
                        got.join("\n"),
                        self.transcript()
                    );
                }
            }
        }
    }

    /// Reads until a line satisfies `pred` and returns that line.
    pub fn expect_line(&mut self, pred: impl Fn(&str) -> bool, timeout: Duration) -> String {
        self.collect_until(pred, timeout, "expected line").pop().expect("at least the matching line")
    }

    /// Reads until a `bestmove` line: returns the lines before it and the bestmove line.
    pub fn read_until_bestmove(&mut self) -> (Vec<String>, String) {
        self.read_until_bestmove_within(SEARCH)
    }

    /// As [`Engine::read_until_bestmove`], with a given upper bound.
    pub fn read_until_bestmove_within(&mut self, timeout: Duration) -> (Vec<String>, String) {
        let mut lines = self.collect_until(|l| l.starts_with("bestmove"), timeout, "bestmove");
        let best = lines.pop().expect("the bestmove line");
        (lines, best)
    }

    /// Sends `isready` and returns every line that came before `readyok` (which proves the process
    /// is alive and has handled all earlier commands).
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.collect_until(|l| l == "readyok", PROMPT, "readyok");
        lines.pop();
        lines
    }

    /// Sends a command and returns what it printed, up to the `readyok` of a following `isready`.
    pub fn ask(&mut self, cmd: &str) -> Vec<String> {
        self.send(cmd);
        self.sync()
    }

    /// The `Fen:` line of the `d` display.
    pub fn fen(&mut self) -> String {
        let lines = self.ask("d");
        lines
            .iter()
            .find_map(|l| l.strip_prefix("Fen: "))
            .unwrap_or_else(|| panic!("no 'Fen:' line in the output of 'd':\n{}", lines.join("\n")))
            .to_string()
    }

    /// Sends `uci` and reads through `uciok`; returns the lines before it.
    pub fn handshake(&mut self) -> Vec<String> {
        self.send("uci");
        let mut lines = self.collect_until(|l| l == "uciok", PROMPT, "uciok");
        lines.pop();
        lines
    }

    /// Waits for the process to exit, killing it after `timeout`; `None` if it had to be killed.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return None;
            }
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(Some(_)) = self.child.try_wait() {
            return;
        }
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = stdin.write_all(b"quit\n");
            let _ = stdin.flush();
        }
        self.stdin = None;
        let _ = self.wait_exit(Duration::from_secs(3));
    }
}

/// Output of a finished command-line run.
pub struct CliOutput {
    /// Exit status (`None` if it had to be killed at the timeout).
    pub status: Option<ExitStatus>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Runs `brudno` with `args` and no input, killing it after `timeout`.
pub fn run_cli(args: &[&str], timeout: Duration) -> CliOutput {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting the brudno binary");
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let out_t = thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        String::from_utf8_lossy(&s).into_owned()
    });
    let err_t = thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        String::from_utf8_lossy(&s).into_owned()
    });
    let deadline = Instant::now() + timeout;
    let status = loop {
        if let Ok(Some(st)) = child.try_wait() {
            break Some(st);
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        thread::sleep(Duration::from_millis(20));
    };
    CliOutput { status, stdout: out_t.join().unwrap_or_default(), stderr: err_t.join().unwrap_or_default() }
}

// ---------------------------------------------------------------------------------------------
// Parsing engine output
// ---------------------------------------------------------------------------------------------

/// A score as printed in an `info` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciScore {
    /// `score cp N`
    Cp(i32),
    /// `score mate N`
    Mate(i32),
}

/// The fields of an `info depth ...` line with a PV.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub multipv: Option<u32>,
    pub score: Option<UciScore>,
    pub bound: Option<String>,
    /// `wdl W D L` (with `UCI_ShowWDL`).
    pub wdl: Option<[u32; 3]>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub hashfull: Option<u32>,
    pub time: Option<u64>,
    pub pv: Vec<String>,
}

fn num<T: std::str::FromStr>(words: &[&str], i: usize, line: &str) -> T {
    words.get(i + 1).and_then(|w| w.parse().ok()).unwrap_or_else(|| panic!("no number after '{}' in: {line}", words[i]))
}

/// Parses an `info` line; `None` for anything that is not an `info` line with a `pv`.
pub fn parse_info(line: &str) -> Option<Info> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") || !words.contains(&"pv") {
        return None;
    }
    let mut info = Info::default();
    let mut i = 1;
    while i < words.len() {
        match words[i] {
            "depth" => info.depth = Some(num(&words, i, line)),
            "seldepth" => info.seldepth = Some(num(&words, i, line)),
            "multipv" => info.multipv = Some(num(&words, i, line)),
            "nodes" => info.nodes = Some(num(&words, i, line)),
            "nps" => info.nps = Some(num(&words, i, line)),
            "hashfull" => info.hashfull = Some(num(&words, i, line)),
            "time" => info.time = Some(num(&words, i, line)),
            "score" => {
                let kind = words.get(i + 1).copied();
                let v: i32 = num(&words, i + 1, line);
                info.score = Some(match kind {
                    Some("cp") => UciScore::Cp(v),
                    Some("mate") => UciScore::Mate(v),
                    _ => panic!("bad score in: {line}"),
                });
                i += 1;
                if let Some(b @ ("lowerbound" | "upperbound")) = words.get(i + 2).copied() {
                    info.bound = Some(b.to_string());
                    i += 1;
                }
            }
            "wdl" => {
                let w: Vec<u32> = (1..=3).map(|k| num(&words, i + k - 1, line)).collect();
                info.wdl = Some([w[0], w[1], w[2]]);
                if let Some(b @ ("lowerbound" | "upperbound")) = words.get(i + 4).copied() {
                    info.bound = Some(b.to_string());
                    i += 1;
                }
                i += 4;
                continue;
            }
            "pv" => {
                info.pv = words[i + 1..].iter().map(|s| s.to_string()).collect();
                break;
            }
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    Some(info)
}

/// The `info` lines with a PV among `lines`, parsed.
pub fn infos(lines: &[String]) -> Vec<Info> {
    lines.iter().filter_map(|l| parse_info(l)).collect()
}

/// The `info depth` lines without their times (`time`, `nps`), which alone differ between two runs
/// of the same search.
pub fn untimed(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let mut kept = Vec::new();
            let mut i = 0;
            while i < words.len() {
                if matches!(words[i], "time" | "nps") {
                    i += 2;
                } else {
                    kept.push(words[i]);
                    i += 1;
                }
            }
            kept.join(" ")
        })
        .collect()
}

/// The move of a `bestmove` line (`"0000"` when there is none) and its ponder move, if any.
pub fn parse_bestmove(line: &str) -> (String, Option<String>) {
    let w: Vec<&str> = line.split_whitespace().collect();
    assert!(w.len() == 2 || (w.len() == 4 && w[2] == "ponder"), "malformed bestmove line: {line}");
    assert_eq!(w[0], "bestmove", "not a bestmove line: {line}");
    (w[1].to_string(), w.get(3).map(|s| s.to_string()))
}

// ---------------------------------------------------------------------------------------------
// Legality, with the library's position layer
// ---------------------------------------------------------------------------------------------

/// A position from a FEN (`None`: the start position) and moves in UCI notation, all required legal.
pub fn position(fen: Option<&str>, moves: &[&str], chess960: bool) -> Position {
    let mut pos = match fen {
        None => Position::from_chess(Chess::default(), CastlingMode::from_chess960(chess960)),
        Some(f) => Position::from_fen(f, chess960).unwrap_or_else(|e| panic!("test FEN {f} does not load: {e}")),
    };
    for m in moves {
        let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("test move {m} refused: {e}"));
        pos.make(mv);
    }
    pos
}

/// Checks that `moves` can be played one after the other from `pos`; returns the final position.
pub fn play_line(pos: &Position, moves: &[String]) -> Result<Position, String> {
    let mut p = pos.clone();
    for (i, m) in moves.iter().enumerate() {
        match p.parse_move(m) {
            Ok(mv) => p.make(mv),
            Err(e) => return Err(format!("move {} '{m}' of {moves:?} not legal in {}: {e}", i + 1, p.fen())),
        }
    }
    Ok(p)
}

/// Asserts a `bestmove` line is legal in `pos` (or `0000` exactly when there is no legal move), that
/// its ponder move is legal after it, and returns the move text.
pub fn assert_bestmove_legal(pos: &Position, line: &str) -> String {
    let (best, ponder) = parse_bestmove(line);
    if pos.legal_moves().is_empty() {
        assert_eq!(best, "0000", "no legal move in {} but got: {line}", pos.fen());
        assert!(ponder.is_none(), "ponder move without a best move: {line}");
        return best;
    }
    let mut line_moves = vec![best.clone()];
    line_moves.extend(ponder);
    if let Err(e) = play_line(pos, &line_moves) {
        panic!("illegal bestmove line '{line}': {e}");
    }
    best
}

/// Asserts every PV among the `info` lines is a legal sequence from `pos`.
pub fn assert_pvs_legal(pos: &Position, lines: &[String]) {
    for l in lines {
        if let Some(info) = parse_info(l) {
            assert!(!info.pv.is_empty(), "empty pv in: {l}");
            if let Err(e) = play_line(pos, &info.pv) {
                panic!("illegal pv in '{l}': {e}");
            }
        }
    }
}

/// Whether the side to move is checkmated.
pub fn is_checkmate(pos: &Position) -> bool {
    pos.chess().is_checkmate()
}

/// Brute force: whether the side to move can force mate in at most `n` moves (n ≤ 2 is cheap).
pub fn forces_mate_within(chess: &Chess, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    chess.legal_moves().into_iter().any(|m| {
        let mut after = chess.clone();
        after.play_unchecked(m);
        if after.is_checkmate() {
            return true;
        }
        if n == 1 || after.legal_moves().is_empty() {
            return false;
        }
        after.legal_moves().into_iter().all(|r| {
            let mut reply = after.clone();
            reply.play_unchecked(r);
            forces_mate_within(&reply, n - 1)
        })
    })
}

/// Whether after the first move `mv` the side that played it mates by force within `n - 1` more moves.
pub fn move_mates_within(pos: &Position, mv: &str, n: u32) -> bool {
    let Ok(p) = play_line(pos, &[mv.to_string()]) else { return false };
    let after = p.chess();
    if after.is_checkmate() {
        return true;
    }
    if n <= 1 || after.legal_moves().is_empty() {
        return false;
    }
    after.legal_moves().into_iter().all(|r| {
        let mut reply = after.clone();
        reply.play_unchecked(r);
        forces_mate_within(&reply, n - 1)
    })
}

// ---------------------------------------------------------------------------------------------
// Test data
// ---------------------------------------------------------------------------------------------

/// One entry of `tests/data/mate_in_1to4.epd`.
#[derive(Clone, Debug)]
pub struct MateEntry {
    /// Full six-field FEN.
    pub fen: String,
    /// Mate in this many moves.
    pub moves: u32,
    /// The `id` field.
    pub id: String,
}

/// Parses the mate suite (`FEN4 dm N; id "...";`), adding ` 0 1` to the four-field FENs.
pub fn mate_suite() -> Vec<MateEntry> {
    let text = include_str!("../data/mate_in_1to4.epd");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            assert!(words.len() >= 6 && words[4] == "dm", "unexpected mate suite line: {l}");
            let fen = format!("{} 0 1", words[..4].join(" "));
            let moves = words[5].trim_end_matches(';').parse().unwrap_or_else(|_| panic!("bad dm in: {l}"));
            let id = l.split("id").nth(1).unwrap_or("").trim().trim_matches(|c| c == '"' || c == ';').to_string();
            MateEntry { fen, moves, id }
        })
        .collect()
}
