//! The UCI front end: the only code that reads stdin or writes stdout.
//!
//! A reader thread turns stdin into lines (lossy UTF-8, any length; EOF ends the session); the
//! main thread parses each into a [`command::Command`], hands it to the [`Engine`], and prints every
//! [`Response`] through [`format`], flushing per line. Search reports arrive on their own channel,
//! so `isready` and `stop` are answered while a search runs.

pub mod command;
pub mod format;
pub mod options;

use crate::engine::{Engine, Flow, Response};
use crossbeam_channel::{select, unbounded};
use std::io::{BufRead, Write};

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
    let mut emit = |r: Response| {
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        for line in format::lines(&r) {
            log::debug!(">> {line}");
            let _ = writeln!(out, "{line}");
        }
        let _ = out.flush();
    };
    loop {
        select! {
            recv(line_rx) -> msg => {
                let Ok(line) = msg else {
                    engine.end_of_input(&mut emit);
                    break;
                };
                let line = line.trim_end_matches(['\n', '\r']);
                log::debug!("<< {line}");
                match command::parse(line) {
                    Ok(cmd) => {
                        if engine.handle(cmd, &mut emit) == Flow::Quit {
                            break;
                        }
                    }
                    Err(command::ParseError::Empty) => {}
                    Err(e) => emit(Response::Error(e.to_string())),
                }
            }
            recv(reports) -> msg => {
                if let Ok(r) = msg {
                    engine.on_report(r, &mut emit);
                }
            }
        }
    }
}
