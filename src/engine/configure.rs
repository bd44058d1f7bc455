//! Applying an option: each [`Setting`] changes the engine's state, and what could not be done (a
//! table that cannot be allocated, threads that cannot start, a book or tables that cannot be read)
//! is reported; the engine goes on with what it had.

use super::go::NodeClock;
use super::{Engine, Error, Event, Note, Setting};
use crate::book::{self, BookError};
use crate::position::Position;
use crate::tt::Tt;
use std::sync::Arc;
use std::time::Duration;

impl Engine {
    /// Applies one setting (the engine is idle: no search runs).
    pub(super) fn set_option(&mut self, setting: Setting, out: &mut impl FnMut(Event)) {
        match setting {
            Setting::Hash(mb) => self.resize_tt(mb, out),
            // As Stockfish's: the table and every thread's histories, so the next search is a fresh one.
            Setting::ClearHash => {
                self.tt.clear();
                self.thread.clear();
            }
            Setting::Threads(n) => {
                // Idle here (`wait_idle` above): helpers start or end between searches.
                self.options.threads = self.thread.set_threads(n);
                if self.options.threads < n {
                    out(Event::Error(Error::Threads { started: self.options.threads, asked: n }));
                }
            }
            Setting::MoveOverhead(ms) => self.options.overhead = Duration::from_millis(ms),
            Setting::NodesTime(n) => {
                self.options.nodestime = n;
                self.node_clock = NodeClock::default();
            }
            Setting::Ponder(_) => {}
            Setting::MultiPv(n) => self.options.multipv = n,
            Setting::ShowWdl(on) => self.options.show_wdl = on,
            Setting::LimitStrength(on) => self.options.limit_strength = on,
            Setting::Elo(elo) => self.options.elo = elo,
            Setting::SkillLevel(skill) => self.options.skill = skill,
            Setting::Chess960(on) => {
                self.options.chess960 = on;
                // The board is read again under the new rules, which drop the castling rights they do not
                // allow; silently, as the GUI sends its next position under the new rules anyway.
                if let Ok(pos) = &self.pos
                    && let Ok(read) = Position::read_fen(&pos.fen(), on)
                {
                    self.pos = Ok(read.position);
                }
            }
            Setting::OwnBook(on) => report_book(self.book.set_enabled(on), out),
            Setting::BookFile(file) => report_book(self.book.set_file(&file), out),
            Setting::BookDepth(plies) => self.book.depth = plies,
            Setting::BookBestMove(on) => self.book.best = on,
            Setting::SyzygyPath(path) => {
                let (found, errors) = self.syzygy.set_path(&path);
                found.into_iter().for_each(|f| out(Event::Note(Note::Tables(f))));
                errors.into_iter().for_each(|e| out(Event::Error(Error::Tables(e))));
            }
            Setting::SyzygyProbeDepth(d) => self.syzygy.probe_depth = d,
            Setting::SyzygyProbeLimit(n) => self.syzygy.probe_limit = n,
            Setting::Syzygy50MoveRule(on) => self.syzygy.rule50 = on,
            #[cfg(feature = "tune")]
            Setting::Tunable(index, value) => crate::search::params::TUNABLES[index].set(value),
        }
    }

    /// Replaces the table by one of `mb` MB; if that cannot be allocated (the allocation is fallible,
    /// never an abort), says so and keeps the old one.
    fn resize_tt(&mut self, mb: usize, out: &mut impl FnMut(Event)) {
        match Tt::new(mb) {
            // The engine lets go of the old table here, but it is freed only when the search threads
            // let go too: each keeps the table of its last search until the next `go` brings this one,
            // so until then both tables are allocated.
            Ok(tt) => self.tt = Arc::new(tt),
            Err(error) => out(Event::Error(Error::Hash { error, kept_mb: self.tt.size_mb() })),
        }
    }
}

/// Reports the outcome of a book option: a note on a book just read, or the error (play goes on
/// without a book).
fn report_book(result: Result<Option<book::Loaded>, BookError>, out: &mut impl FnMut(Event)) {
    match result {
        Ok(Some(loaded)) => out(Event::Note(Note::Book(loaded))),
        Ok(None) => {}
        Err(e) => out(Event::Error(Error::Book(e))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Go, Request};

    #[test]
    fn a_table_that_cannot_be_allocated_keeps_the_old_one() {
        let mut engine = Engine::new();
        let mut said = Vec::new();
        engine.resize_tt(2, &mut |r| said.push(r));
        assert!(said.is_empty(), "{said:?}");
        assert_eq!(engine.tt.size_mb(), 2);
        // More than the address space: the reservation fails instead of aborting the process.
        engine.resize_tt(usize::MAX, &mut |r| said.push(r));
        assert!(matches!(said.as_slice(), [Event::Error(Error::Hash { kept_mb: 2, .. })]), "{said:?}");
        assert_eq!(engine.tt.size_mb(), 2);
        // The engine still searches with the kept table.
        said.clear();
        engine.handle(Request::Go(Go { depth: Some(2), ..Go::default() }), &mut |r| said.push(r));
        engine.end_of_input(&mut |r| said.push(r));
        let best: Vec<&Event> = said.iter().filter(|r| matches!(r, Event::BestMove(..))).collect();
        assert!(matches!(best.as_slice(), [Event::BestMove(o, _)] if o.best.is_some()), "{said:?}");
    }
}
