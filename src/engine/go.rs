//! A `go`, resolved and started: its limits for the side to move (an empty clock where the sender
//! meant a bound that nothing else would keep), the node-counted clock of `nodestime`, a book move
//! instead of a search, and the answer when there is no position.

use super::{Engine, Error, Event, Go, Note, State, Unusable};
use crate::search::limits::{Clock, Limits};
use crate::search::strength::Strength;
use crate::search::{Outcome, SearchJob, Shared};
use shakmaty::{Color, Move};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Under `nodestime`, our clock in nodes over one game, as Stockfish keeps it: the GUI's time sets it
/// at the game's first timed `go`; then each search takes its nodes off and adds the increment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct NodeClock {
    /// Nodes left on our clock (`None` until the game's first timed `go`).
    left: Option<u64>,
    /// The increment in nodes, added when the running search ends (`None`: no search on this clock).
    pending_inc: Option<u64>,
}

impl NodeClock {
    /// At the end of a search: if it ran on this clock, takes its `nodes` off and adds the increment.
    pub(super) fn settle(&mut self, nodes: u64) {
        if let Some(inc) = self.pending_inc.take() {
            self.left = Some((self.left.unwrap_or(0) + inc).saturating_sub(nodes));
        }
    }
}

impl Engine {
    /// Starts a search for `go`, after reporting what of it was skipped; answers at once from the
    /// book, or with no move when there is no position.
    pub(super) fn go(&mut self, go: &Go, out: &mut impl FnMut(Event)) {
        for e in &go.skipped {
            out(Event::Error(Error::Skipped(e.clone())));
        }
        let pos = match &self.pos {
            Ok(pos) => pos.clone(),
            Err(why) => {
                let why = why.clone();
                return self.answer_without_position(go, why, out);
            }
        };
        let mut searchmoves = Vec::new();
        for text in &go.searchmoves {
            match pos.parse_move(text) {
                Ok(m) => searchmoves.push(m),
                Err(e) => out(Event::Error(Error::SearchMove(e))),
            }
        }
        let mut limits = limits(go, pos.turn(), searchmoves);
        limits.strength = Strength::from_options(self.options.limit_strength, self.options.elo, self.options.skill);
        let mut overhead = self.options.overhead;
        if self.options.nodestime > 0
            && let Some(clock) = limits.clock.as_mut()
        {
            // The clock is read in nodes: the GUI's time opens the game's account, ours runs it.
            let npms = self.options.nodestime;
            let left = *self.node_clock.left.get_or_insert(clock.time.as_millis() as u64 * npms);
            clock.time = Duration::from_nanos(left.saturating_mul(1_000_000) / npms);
            self.node_clock.pending_inc = Some(clock.inc.as_millis() as u64 * npms);
            limits.nodestime = Some(npms);
            overhead = Duration::ZERO;
        }
        if self.debug {
            out(Event::Note(Note::Limits(Box::new(limits.clone()), pos.mode())));
            let (hash_mb, threads, multipv) = (self.tt.size_mb(), self.options.threads, self.options.multipv);
            out(Event::Note(Note::Search { hash_mb, threads, multipv, overhead }));
        }
        // A book move answers at once, except where the GUI waits for `stop` or restricts the root.
        if !go.infinite
            && !go.ponder
            && go.searchmoves.is_empty()
            && go.mate.is_none()
            && let Some(bm) = self.book.choose(&pos)
        {
            out(Event::BookMove(bm, self.mode()));
            out(Event::BestMove(Outcome { best: Some(bm.mv), ..Outcome::default() }, self.mode()));
            return;
        }
        let start = Instant::now();
        self.shared = Arc::new(Shared::default());
        self.shared.pondering.store(go.ponder, Ordering::Relaxed);
        self.state = State::Searching { hold: go.infinite || go.ponder, endless: !limits.ends_by_itself(), start };
        self.thread.go(SearchJob {
            pos,
            limits,
            overhead,
            start,
            multipv: self.options.multipv,
            tt: self.tt.clone(),
            shared: self.shared.clone(),
            syzygy: self.syzygy.config(),
        });
    }

    /// A `go` with no position: says why and answers with no move — at once, or, in `go infinite`
    /// and `go ponder`, at `stop` or `ponderhit` as any such search does.
    fn answer_without_position(&mut self, go: &Go, why: Unusable, out: &mut impl FnMut(Event)) {
        out(Event::Error(Error::NoPositionToSearch(why)));
        if go.infinite || go.ponder {
            self.shared = Arc::new(Shared::default());
            self.shared.pondering.store(go.ponder, Ordering::Relaxed);
            self.state = State::Holding(Outcome::default());
        } else {
            out(Event::BestMove(Outcome::default(), self.mode()));
        }
    }
}

/// Resolves a `go` to the side to move. A search that nothing would end but `stop` although the GUI
/// meant to bound it (the opponent's clock was given but not ours, or a word was skipped) gets an
/// empty clock: it answers at once (depth 1 at least) instead of leaving the GUI waiting. A bare `go`
/// still searches until `stop`.
fn limits(go: &Go, us: Color, searchmoves: Vec<Move>) -> Limits {
    let (time, inc, their_time) = match us {
        Color::White => (go.wtime, go.winc, go.btime),
        Color::Black => (go.btime, go.binc, go.wtime),
    };
    let bounded = go.infinite || go.movetime.is_some() || go.depth.is_some() || go.nodes.is_some() || go.mate.is_some();
    let meant_a_bound = their_time.is_some() || !go.skipped.is_empty();
    let time = match time {
        None if !bounded && meant_a_bound => Some(0),
        t => t,
    };
    Limits {
        depth: go.depth.map(|d| d.clamp(1, 127) as i32),
        nodes: go.nodes,
        mate: go.mate,
        movetime: go.movetime.map(Duration::from_millis),
        clock: time.map(|t| Clock {
            time: Duration::from_millis(t),
            inc: Duration::from_millis(inc.unwrap_or(0)),
            movestogo: go.movestogo,
        }),
        infinite: go.infinite,
        ponder: go.ponder,
        searchmoves,
        strength: None,
        nodestime: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ParseError;

    fn clock_ms(l: &Limits) -> Option<u64> {
        l.clock.map(|c| c.time.as_millis() as u64)
    }
    #[test]
    fn a_missing_own_clock_is_no_time() {
        let only_black = Go { btime: Some(1000), binc: Some(100), ..Go::default() };
        assert_eq!(clock_ms(&limits(&only_black, Color::White, vec![])), Some(0));
        assert_eq!(clock_ms(&limits(&only_black, Color::Black, vec![])), Some(1000));
        let only_white = Go { wtime: Some(500), ..Go::default() };
        assert_eq!(clock_ms(&limits(&only_white, Color::Black, vec![])), Some(0));
        // Another bound ends the search: no clock is invented.
        for other in [
            Go { depth: Some(3), ..only_black.clone() },
            Go { nodes: Some(10), ..only_black.clone() },
            Go { movetime: Some(10), ..only_black.clone() },
            Go { mate: Some(2), ..only_black.clone() },
            Go { infinite: true, ..only_black.clone() },
        ] {
            assert_eq!(clock_ms(&limits(&other, Color::White, vec![])), None, "{other:?}");
        }
        // A bare `go` searches until `stop`.
        assert_eq!(limits(&Go::default(), Color::White, vec![]).clock, None);
    }

    #[test]
    fn a_skipped_word_with_nothing_left_is_no_time() {
        let skipped = Go { skipped: vec![ParseError::Unexpected("sideways".into())], ..Go::default() };
        assert_eq!(clock_ms(&limits(&skipped, Color::White, vec![])), Some(0));
        let with_depth = Go { depth: Some(2), ..skipped.clone() };
        assert_eq!(limits(&with_depth, Color::White, vec![]).clock, None);
        let with_ponder = Go { ponder: true, ..skipped };
        let l = limits(&with_ponder, Color::Black, vec![]);
        assert!(l.ponder && clock_ms(&l) == Some(0));
    }
}
