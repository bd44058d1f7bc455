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
//!
//! Here: the engine's state, the requests' dispatch, the search's life (stop, ponderhit, held best
//! moves) and setting up positions; `go` resolves and starts a search, `configure` applies options,
//! `note` types what the engine says besides results.

mod configure;
pub mod defaults;
pub mod event;
mod go;
pub mod note;
pub mod request;

pub use event::Event;
pub use note::{Error, Note, Unusable};
pub use request::{Go, ParseError, Request, Setting};

use crate::bench;
use crate::book::BookOptions;
use crate::eval;
use crate::position::Position;
use crate::search::strength;
use crate::search::{Outcome, Report, SearchThread, Shared};
use crate::syzygy::SyzygyOptions;
use crate::tt::Tt;
use crate::wdl;
use crossbeam_channel::Receiver;
use go::NodeClock;
use shakmaty::{CastlingMode, Position as _};
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
    /// `UCI_LimitStrength`, `UCI_Elo` and `Skill Level`, made a level by `Strength::from_options`.
    limit_strength: bool,
    elo: i64,
    skill: i64,
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

/// An engine dropped mid-search (a library user going away) stops its search first, so that the
/// search thread, joined when the engine's fields drop, ends instead of running for ever.
impl Drop for Engine {
    fn drop(&mut self) {
        self.shared.request_stop();
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
                skill: strength::MAX_SKILL,
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
                    Ok(pos) if self.options.show_wdl => Some(wdl::of_line(&it, pos.chess().board())),
                    _ => None,
                };
                out(Event::Info(it, mode, wdl))
            }
            Report::CurrMove { depth, mv, number } => out(Event::CurrMove(depth, mv, number, mode)),
            Report::Finished(outcome) => {
                self.node_clock.settle(outcome.nodes);
                match self.state {
                    State::Searching { hold: true, .. } if !self.shared.stopped() => {
                        self.state = State::Holding(outcome)
                    }
                    _ => {
                        self.state = State::Idle;
                        out(Event::BestMove(outcome, mode));
                    }
                }
            }
        }
    }

    fn stop(&mut self, out: &mut impl FnMut(Event)) {
        self.shared.request_stop();
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
}
