//! The UCI front end: the only code that reads stdin or writes stdout, and the only code that knows
//! the protocol's words.
//!
//! A reader thread turns stdin into lines (lossy UTF-8, any length; EOF ends the session); the
//! main thread parses each into a [`command::Command`], answers the protocol's own commands (`uci`,
//! `isready`) itself, translates the rest into engine [`Request`]s ([`dispatch`]), and prints every
//! [`Reply`] through [`format`] (notes and errors worded by [`text`]), flushing per line. Search
//! reports arrive on their own channel, so `isready` and `stop` are answered while a search runs.
//! With `Debug Log File` set, the loop also copies every line it reads and writes to that file
//! ([`debug_log`]).

pub mod command;
pub mod debug_log;
pub mod format;
pub mod options;
pub mod text;

use crate::engine::{Engine, Event, Flow, Request};
use command::Command;
use crossbeam_channel::{select, unbounded};
use debug_log::DebugLog;
use options::Change;
use std::io::{BufRead, Write};

/// Something to tell the GUI: the protocol's own answers, or an engine event.
#[derive(Clone, Debug)]
pub enum Reply {
    /// `id` lines and the option list.
    Identify,
    /// `uciok`
    UciOk,
    /// `readyok`
    ReadyOk,
    /// `info string error: ...` for a line that was not understood.
    Error(String),
    /// What the engine reported.
    Event(Event),
    /// Copy the session to this file from now on (`Debug Log File`; empty: stop). Not a line for
    /// the GUI: the run loop's output keeps the log.
    DebugLog(String),
}

/// Handles one parsed command: answers `uci` and `isready` here, turns the rest into an engine
/// request. A refused `setoption` is reported once the engine is idle, where its answer would be;
/// `Debug Log File` is the front end's own and goes to the output as [`Reply::DebugLog`], once the
/// engine is idle too, as every option is set.
pub fn dispatch(engine: &mut Engine, cmd: Command, out: &mut impl FnMut(Reply)) -> Flow {
    let request = match cmd {
        Command::Uci => {
            out(Reply::Identify);
            out(Reply::UciOk);
            return Flow::Continue;
        }
        Command::IsReady => {
            out(Reply::ReadyOk);
            return Flow::Continue;
        }
        Command::SetOption { name, value } => match options::parse_setting(&name, value.as_deref()) {
            Ok(Change::Engine(setting)) => Request::Configure(setting),
            Ok(Change::DebugLogFile(path)) => {
                engine.wait_idle(&mut |e| out(Reply::Event(e)));
                out(Reply::DebugLog(path));
                return Flow::Continue;
            }
            Err(e) => {
                engine.wait_idle(&mut |e| out(Reply::Event(e)));
                out(Reply::Error(e.to_string()));
                return Flow::Continue;
            }
        },
        Command::Debug(on) => Request::Debug(on),
        Command::UciNewGame => Request::NewGame,
        Command::Position { fen, moves } => Request::Position { fen, moves },
        Command::BadPosition(e) => Request::BadPosition(e),
        Command::Go(go) => Request::Go(go),
        Command::Perft(depth) => Request::Perft(depth),
        Command::Stop => Request::Stop,
        Command::PonderHit => Request::PonderHit,
        Command::Quit => Request::Quit,
        Command::Display => Request::Display,
        Command::Eval => Request::Eval,
        Command::Bench(depth) => Request::Bench(depth),
    };
    engine.handle(request, &mut |e| out(Reply::Event(e)))
}

/// Runs the protocol on stdin/stdout until `quit` or end of input.
pub fn run() {
    let (line_tx, line_rx) = unbounded::<String>();
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut lock = stdin.lock();
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match lock.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        if line_tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
            // Dropping the sender tells the loop that input ended.
        })
        .ok();

    let mut engine = Engine::new();
    let reports = engine.reports().clone();
    let mut log = DebugLog::default();
    loop {
        select! {
            recv(line_rx) -> msg => {
                let Ok(line) = msg else {
                    engine.end_of_input(&mut |e| emit(&mut log, Reply::Event(e)));
                    break;
                };
                let line = line.trim_end_matches(['\n', '\r']);
                log::debug!(">> {line}");
                log.read(line);
                let mut emit = |r: Reply| emit(&mut log, r);
                match command::parse(line) {
                    Ok(cmd) => {
                        if dispatch(&mut engine, cmd, &mut emit) == Flow::Quit {
                            break;
                        }
                    }
                    Err(command::ParseError::Empty) => {}
                    Err(e) => emit(Reply::Error(e.to_string())),
                }
            }
            recv(reports) -> msg => {
                if let Ok(r) = msg {
                    engine.on_report(r, &mut |e| emit(&mut log, Reply::Event(e)));
                }
            }
        }
    }
}

/// Writes a reply's lines to stdout (flushed) and to the debug log, or sets the log.
fn emit(log: &mut DebugLog, r: Reply) {
    if let Reply::DebugLog(path) = &r {
        if let Err(e) = log.set(path) {
            emit(log, Reply::Error(e.to_string()));
        }
        return;
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in format::lines(&r) {
        log::debug!("<< {line}");
        log.wrote(&line);
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
}
