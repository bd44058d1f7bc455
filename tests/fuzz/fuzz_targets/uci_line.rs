//! Any bytes as one UCI input line (lossy UTF-8, as the UCI loop reads stdin): the parser never
//! panics, its error messages stay short, a `go` line is never refused (unless it is `go perft` with
//! a bad depth), and a `setoption` is either a setting or an error message, never a panic.

#![no_main]

use brudno::uci::command::{self, Command};
use brudno::uci::{Reply, format, options};
use brudno_fuzz::short_errors;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let line = text.trim_end_matches(['\n', '\r']);
    let parsed = command::parse(line);
    assert!(short_errors(&parsed), "{parsed:?}");
    match parsed {
        Ok(Command::SetOption { name, value }) => {
            if let Err(e) = options::parse_setting(&name, value.as_deref()) {
                let _ = format::lines(&Reply::Error(e.to_string()));
            }
        }
        Ok(_) => {}
        Err(e) => {
            let _ = format::lines(&Reply::Error(e.to_string()));
        }
    }
    // The same words after `go`: a search is always answered.
    let go = format!("go {line}");
    let perft = go.split_whitespace().any(|w| w == "perft");
    match command::parse(&go) {
        Ok(Command::Go(g)) => assert!(!perft && g.skipped.len() <= command::MAX_SKIPPED, "{go:?}"),
        Ok(Command::Perft(_)) | Err(_) => assert!(perft, "{go:?} refused"),
        Ok(other) => panic!("{go:?} parsed as {other:?}"),
    }
});
