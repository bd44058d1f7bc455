//! The engine: owns the game position, the options, the transposition table and the search thread,
//! and turns typed [`Request`]s into typed [`Event`]s. It knows no protocol: it neither reads nor
//! makes text; a front end (`uci/`) parses requests and formats events.
//!
//! Requests that change what a search depends on (position, option, new game, go, bench, perft)
//! first stop any running search and wait for its best move, so every search ends with exactly one
//! [`Event::BestMove`]. A best move found while pondering or in an infinite search is held until
//! stop or ponderhit, as UCI requires; nothing spins while it waits.
//!
//! A position that cannot be used (a FEN that cannot be read or mended, a move that is not legal)
//! leaves the engine with none: a search then answers with no move and says why, never with a move
//! of an older position.

pub mod defaults;
pub mod event;
pub mod note;
pub mod request;

pub use event::Event;
pub use note::{Error, Note, Unusable};
pub use request::{Go, ParseError, Request, Setting};

use crate::bench;
use crate::book::{self, BookError, BookOptions};
use crate::eval;
use crate::position::Position;
use crate::search::limits::{Clock, Limits};
use crate::search::strength::{self, Strength};
use crate::search::{Outcome, Report, SearchJob, SearchThread, Shared};
use crate::syzygy::SyzygyOptions;
use crate::tt::Tt;
use crate::wdl;
use crossbeam_channel::Receiver;
use shakmaty::{CastlingMode, Color, Move, Position as _};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// A game's history (positions kept for repetition checks) longer than this is trimmed, as moves are
/// played from a `position` line, to what the fifty-move rule still lets matter: a long game's
/// `position ... moves` stays cheap to replay and to clone for each search.
const TRIM_HISTORY_AT: usize = 512;

/// Whether the loop goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading commands.
    Continue,
    /// Exit.
    Quit,
}

#[derive(Debug, PartialEq, Eq)]
enum State {
    Idle,
    /// A search runs; `hold` keeps its bestmove back (infinite or pondering); `endless` when no limit
    /// of its own (depth, nodes, time) would end it, only `stop`.
    Searching {
        hold: bool,
        endless: bool,
        start: Instant,
    },
    /// The search ended while its bestmove must be held.
    Holding(Outcome),
}

/// Option values in force.
#[derive(Clone, Debug)]
struct Options {
    threads: usize,
    overhead: Duration,
    /// Nodes per millisecond of a node-counted clock (0: real time).
    nodestime: u64,
    multipv: usize,
    chess960: bool,
    show_wdl: bool,
    /// The strength level in force (`UCI_LimitStrength` on), and the `UCI_Elo` value either way.
    limit_strength: bool,
    elo: i64,
}

/// The engine state behind the UCI loop.
pub struct Engine {
    /// The position searched from, or why there is none: a `Request::Position` that could not be
    /// used leaves none, so that no search answers for a position other than the one asked for.
    pos: Result<Position, Unusable>,
    options: Options,
    tt: Arc<Tt>,
    shared: Arc<Shared>,
    thread: SearchThread,
    reports: Receiver<Report>,
    state: State,
    debug: bool,
    book: BookOptions,
    syzygy: SyzygyOptions,
    node_clock: NodeClock,
}

/// Under `nodestime`, our clock in nodes over one game, as Stockfish keeps it: the GUI's time sets it
/// at the game's first timed `go`; then each search takes its nodes off and adds the increment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct NodeClock {
    /// Nodes left on our clock (`None` until the game's first timed `go`).
    left: Option<u64>,
    /// The increment in nodes, added when the running search ends (`None`: no search on this clock).
    pending_inc: Option<u64>,
}

impl NodeClock {
    /// At the end of a search on this clock: takes its `nodes` off and adds the increment. Returns
    /// whether there was such a search (then the report is handled again, with the clock settled).
    fn settle(&mut self, nodes: u64) -> bool {
        let Some(inc) = self.pending_inc.take() else { return false };
        self.left = Some((self.left.unwrap_or(0) + inc).saturating_sub(nodes));
        true
    }
}

/// An engine dropped mid-search (a library user going away) stops its search first, so that the
/// search thread, joined when the engine's fields drop, ends instead of running for ever.
impl Drop for Engine {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Release);
        self.shared.pondering.store(false, Ordering::Release);
    }
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine at the start position with default options.
    pub fn new() -> Self {
        let (thread, reports) = SearchThread::spawn();
        let tt = Tt::new(defaults::HASH_MB)
            .or_else(|_| Tt::new(1))
            .unwrap_or_else(|_| unreachable!("1 MB always allocates"));
        Self {
            pos: Ok(Position::default()),
            options: Options {
                threads: defaults::THREADS,
                overhead: Duration::from_millis(defaults::MOVE_OVERHEAD_MS),
                nodestime: defaults::NODES_TIME,
                multipv: defaults::MULTI_PV,
                chess960: defaults::CHESS960,
                show_wdl: defaults::SHOW_WDL,
                limit_strength: defaults::LIMIT_STRENGTH,
                elo: strength::DEFAULT_ELO,
            },
            tt: Arc::new(tt),
            shared: Arc::new(Shared::default()),
            thread,
            reports,
            state: State::Idle,
            debug: false,
            book: BookOptions::default(),
            syzygy: SyzygyOptions::default(),
            node_clock: NodeClock::default(),
        }
    }

    /// The channel the search thread reports on; the loop selects on it.
    pub fn reports(&self) -> &Receiver<Report> {
        &self.reports
    }

    fn mode(&self) -> CastlingMode {
        self.pos.as_ref().map_or(CastlingMode::from_chess960(self.options.chess960), Position::mode)
    }

    /// The position, or an error event saying why there is none.
    fn position(&self, out: &mut impl FnMut(Event)) -> Option<&Position> {
        match &self.pos {
            Ok(pos) => Some(pos),
            Err(why) => {
                out(Event::Error(Error::NoPosition(why.clone())));
                None
            }
        }
    }

    /// Handles one request.
    pub fn handle(&mut self, request: Request, out: &mut impl FnMut(Event)) -> Flow {
        match request {
            Request::Debug(on) => self.debug = on,
            Request::Configure(setting) => {
                self.wait_idle(out);
                self.set_option(setting, out);
            }
            Request::NewGame => {
                self.wait_idle(out);
                self.tt.clear();
                self.thread.clear();
                self.node_clock = NodeClock::default();
            }
            Request::Position { fen, moves } => {
                self.wait_idle(out);
                self.set_position(fen.as_deref(), &moves, out);
            }
            Request::BadPosition(why) => {
                self.wait_idle(out);
                self.no_position(Unusable::Unreadable(why), out);
            }
            Request::Go(go) => {
                self.wait_idle(out);
                self.go(&go, out);
            }
            Request::Perft(depth) => {
                self.wait_idle(out);
                if let Some(pos) = self.position(out) {
                    let divide = crate::perft::divide(pos, depth.clamp(1, 12));
                    out(Event::Perft(divide, self.mode()));
                }
            }
            Request::Stop => self.stop(out),
            Request::PonderHit => self.ponderhit(out),
            Request::Quit => {
                self.wait_idle(out);
                return Flow::Quit;
            }
            Request::Display => {
                if let Some(pos) = self.position(out) {
                    let trace = Box::new(eval::trace(pos.chess()));
                    out(Event::Board(Box::new(pos.clone()), Some(trace)));
                }
            }
            Request::Eval => {
                if let Some(pos) = self.position(out) {
                    out(Event::Eval(Box::new(eval::trace(pos.chess()))));
                }
            }
            Request::Bench(depth) => {
                self.wait_idle(out);
                let depth = depth.map_or(bench::DEFAULT_DEPTH, |d| d.clamp(1, 64) as i32);
                let (nodes, t) = bench::run(depth, |i, line| out(Event::BenchLine(i, line.clone())));
                out(Event::BenchDone(nodes, t));
            }
        }
        Flow::Continue
    }

    /// Handles a report from the search thread.
    pub fn on_report(&mut self, report: Report, out: &mut impl FnMut(Event)) {
        let mode = self.mode();
        match report {
            Report::Iteration(it) => {
                let wdl = match &self.pos {
                    Ok(pos) if self.options.show_wdl => Some(wdl::of_score(it.score, pos.chess().board())),
                    _ => None,
                };
                out(Event::Info(it, mode, wdl))
            }
            Report::CurrMove { depth, mv, number } => out(Event::CurrMove(depth, mv, number, mode)),
            Report::Finished(outcome) => match self.state {
                _ if self.node_clock.settle(outcome.nodes) => self.on_report(Report::Finished(outcome), out),
                State::Searching { hold: true, .. } if !self.shared.stopped() => self.state = State::Holding(outcome),
                _ => {
                    self.state = State::Idle;
                    out(Event::BestMove(outcome, mode));
                }
            },
        }
    }

    fn stop(&mut self, out: &mut impl FnMut(Event)) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.shared.pondering.store(false, Ordering::Relaxed);
        match std::mem::replace(&mut self.state, State::Idle) {
            State::Holding(outcome) => out(Event::BestMove(outcome, self.mode())),
            State::Searching { start, endless, .. } => self.state = State::Searching { hold: false, endless, start },
            State::Idle => {}
        }
    }

    fn ponderhit(&mut self, out: &mut impl FnMut(Event)) {
        if !self.shared.pondering.load(Ordering::Relaxed) {
            return;
        }
        match std::mem::replace(&mut self.state, State::Idle) {
            State::Searching { start, endless, .. } => {
                // Release: a worker that sees `pondering == false` (Acquire) also sees the ponderhit time.
                self.shared.ponderhit_ms.store(start.elapsed().as_millis() as u64, Ordering::Relaxed);
                self.shared.pondering.store(false, Ordering::Release);
                self.state = State::Searching { hold: false, endless, start };
            }
            State::Holding(outcome) => {
                self.shared.pondering.store(false, Ordering::Relaxed);
                out(Event::BestMove(outcome, self.mode()));
            }
            State::Idle => {}
        }
    }

    /// End of input: a search with a limit of its own (depth, nodes, time) runs to its end and
    /// answers, so `echo "go depth 10" | brudno` prints its result; one that only `stop` would end
    /// (`go infinite`, pondering, a bare `go`, `go mate N` alone) is stopped. Then the session ends.
    pub fn end_of_input(&mut self, out: &mut impl FnMut(Event)) {
        if matches!(
            self.state,
            State::Searching { hold: true, .. } | State::Searching { endless: true, .. } | State::Holding(_)
        ) {
            self.stop(out);
        }
        self.drain(out);
    }

    /// Stops any search and blocks until its best move is out (passing on what arrives meanwhile).
    /// A front end calls it before reporting a request it refused, so that the report comes where
    /// the request's own answer would have come.
    pub fn wait_idle(&mut self, out: &mut impl FnMut(Event)) {
        if self.state == State::Idle {
            return;
        }
        self.stop(out);
        self.drain(out);
    }

    /// Blocks until the running search has announced its bestmove.
    fn drain(&mut self, out: &mut impl FnMut(Event)) {
        while self.state != State::Idle {
            match self.reports.recv() {
                Ok(r) => self.on_report(r, out),
                Err(_) => self.state = State::Idle,
            }
        }
    }

    fn set_option(&mut self, setting: Setting, out: &mut impl FnMut(Event)) {
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

    /// Sets up a position, saying what its FEN had to drop. One that cannot be used at all (a FEN
    /// that cannot be read or mended, a move that is not legal) leaves the engine with none.
    fn set_position(&mut self, fen: Option<&str>, moves: &[String], out: &mut impl FnMut(Event)) {
        match self.load(fen, moves, out) {
            Ok(pos) => self.pos = Ok(pos),
            Err(why) => self.no_position(why, out),
        }
    }

    /// Forgets the position: until the next one, a search answers with no move.
    fn no_position(&mut self, why: Unusable, out: &mut impl FnMut(Event)) {
        out(Event::Error(Error::PositionDropped(why.clone())));
        self.pos = Err(why);
    }

    /// The position a FEN (the start position if none) and moves from it give, or why there is none.
    fn load(&self, fen: Option<&str>, moves: &[String], out: &mut impl FnMut(Event)) -> Result<Position, Unusable> {
        let chess960 = self.options.chess960;
        let mut pos = match fen {
            None => Position::from_chess(shakmaty::Chess::default(), CastlingMode::from_chess960(chess960)),
            Some(f) => {
                let read = Position::read_fen(f, chess960).map_err(Unusable::Fen)?;
                read.mends.into_iter().for_each(|m| out(Event::Note(Note::FenMended(m))));
                read.position
            }
        };
        for (i, text) in moves.iter().enumerate() {
            let m = pos.parse_move(text).map_err(|error| Unusable::Move { error, number: i + 1 })?;
            pos.make(m);
            if pos.history_len() > TRIM_HISTORY_AT {
                pos.set_root();
                pos.trim_history();
            }
        }
        Ok(pos)
    }

    fn go(&mut self, go: &Go, out: &mut impl FnMut(Event)) {
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
        limits.strength = self.options.limit_strength.then(|| Strength::new(self.options.elo));
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

/// Reports the outcome of a book option: a note on a book just read, or the error (play goes on
/// without a book).
fn report_book(result: Result<Option<book::Loaded>, BookError>, out: &mut impl FnMut(Event)) {
    match result {
        Ok(Some(loaded)) => out(Event::Note(Note::Book(loaded))),
        Ok(None) => {}
        Err(e) => out(Event::Error(Error::Book(e))),
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

    fn clock_ms(l: &Limits) -> Option<u64> {
        l.clock.map(|c| c.time.as_millis() as u64)
    }

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
