//! The `Debug Log File` option (Stockfish's name): a copy of the session in a file. Every line the
//! run loop reads is appended as `>> line`, every line it writes as `<< line` (Stockfish's marks), in
//! the order they were read and written. The run loop owns the one [`DebugLog`]; the engine knows
//! nothing of it.
//!
//! The file is opened for appending, so earlier sessions stay; each line is written whole as soon as
//! it is read or written (no buffer to lose if the process dies). A failed write is ignored, as a
//! failed write to stdout is: the session goes on.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::PathBuf;

/// Where the session is copied to, if anywhere.
#[derive(Debug, Default)]
pub struct DebugLog {
    file: Option<File>,
}

/// A log file that could not be opened (worded in `text.rs`).
#[derive(Debug)]
pub struct LogError {
    /// The path asked for.
    pub path: PathBuf,
    /// Why it could not be opened.
    pub error: io::Error,
}

impl DebugLog {
    /// Starts copying the session to `path`, appending (an empty path: stops). The file in use
    /// until now is closed either way; if `path` cannot be opened, nothing is logged.
    pub fn set(&mut self, path: &str) -> Result<(), LogError> {
        self.file = None;
        if path.is_empty() {
            return Ok(());
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|error| LogError { path: PathBuf::from(path), error })?;
        self.file = Some(file);
        Ok(())
    }

    /// Whether lines are being copied.
    pub fn is_on(&self) -> bool {
        self.file.is_some()
    }

    /// Copies a line read from the GUI.
    pub fn read(&mut self, line: &str) {
        self.append(">> ", line);
    }

    /// Copies a line written to the GUI.
    pub fn wrote(&mut self, line: &str) {
        self.append("<< ", line);
    }

    fn append(&mut self, mark: &str, line: &str) {
        if let Some(file) = &mut self.file {
            // One write per line, so that lines stay whole should several engines share a file.
            let _ = file.write_all(format!("{mark}{line}\n").as_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_appended_with_their_direction_until_stopped() {
        let path = std::env::temp_dir().join(format!("brudno-debug-log-unit-{}.log", std::process::id()));
        std::fs::write(&path, "earlier\n").unwrap();
        let mut log = DebugLog::default();
        log.read("not logged: no file yet");
        log.set(path.to_str().unwrap()).unwrap();
        assert!(log.is_on());
        log.read("isready");
        log.wrote("readyok");
        log.set("").unwrap();
        assert!(!log.is_on());
        log.wrote("not logged: stopped");
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(text, "earlier\n>> isready\n<< readyok\n");
    }

    #[test]
    fn a_path_that_cannot_be_opened_logs_nothing() {
        let mut log = DebugLog::default();
        let dir = std::env::temp_dir();
        // A directory cannot be opened for appending.
        let err = log.set(dir.to_str().unwrap()).unwrap_err();
        assert_eq!(err.path, dir);
        assert!(!log.is_on());
    }
}
