//! The search: typed reports out, no text. [`SearchThread`] owns a [`Worker`] on its own thread, takes
//! jobs over a channel and sends [`Report`]s back; [`Shared`] carries the atomics the UCI side flips
//! (`stop`, `ponderhit`), and wakes a strength level waiting out its share of the clock at `stop`. With `Threads` above 1 the search thread also drives a pool of helper
//! threads (lazy SMP, `smp.rs`) and answers only once they have all stopped. Nothing here prints.

mod correction;
pub mod counters;
mod eval_cache;
mod frame;
pub mod history;
mod info;
pub mod limits;
mod lmr;
mod negamax;
pub mod params;
pub mod picker;
mod proven;
mod seat;
pub mod see;
mod smp;
pub mod strength;
mod tb;
pub mod worker;

use crate::position::Position;
use crate::score::{Depth, Score};
use crate::syzygy::Syzygy;
use crate::tt::{Bound, Tt};
use crossbeam_channel::{Receiver, Sender, bounded, unbounded};
use limits::Limits;
pub use proven::Proven;
use shakmaty::Move;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
pub use worker::Worker;

/// Stack size of every thread that runs a search (the recursion keeps a frame per ply).
pub const SEARCH_STACK_BYTES: usize = 64 << 20;

/// Flags shared between the UCI thread and the search thread.
#[derive(Debug, Default)]
pub struct Shared {
    /// Set to end the search as soon as possible (by [`Shared::request_stop`], which also wakes a
    /// search waiting in [`Shared::wait_for_stop`]).
    stop: AtomicBool,
    /// True while pondering: no time limit applies.
    pub pondering: AtomicBool,
    /// Milliseconds from the job's start to `ponderhit` (our clock starts then).
    pub ponderhit_ms: AtomicU64,
    /// Taken around the stop's notification, so a waiter cannot miss it between its look at the
    /// flag and its sleep.
    waiting: Mutex<()>,
    /// Notified at `stop`.
    stopping: Condvar,
}

impl Shared {
    /// Whether a stop was requested.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Asks the search to end as soon as possible, and wakes it if it is waiting.
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Release);
        // The waiter holds the lock from its look at the flag until it sleeps: once we have the
        // lock, it is asleep (and woken below) or has not looked yet (and will see the flag).
        drop(self.waiting.lock().unwrap_or_else(PoisonError::into_inner));
        self.stopping.notify_all();
    }

    /// Sleeps until a stop is requested or `timeout` passes, without spinning; whether a stop was
    /// requested.
    pub fn wait_for_stop(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        let mut guard = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
        while !self.stop.load(Ordering::Acquire) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            guard = self.stopping.wait_timeout(guard, left).unwrap_or_else(PoisonError::into_inner).0;
        }
        true
    }
}

/// One search to run.
#[derive(Clone)]
pub struct SearchJob {
    /// Root position with its game history.
    pub pos: Position,
    /// What `go` asked for.
    pub limits: Limits,
    /// Time kept in reserve for transport (Move Overhead).
    pub overhead: Duration,
    /// When `go` arrived.
    pub start: Instant,
    /// Number of principal variations to report.
    pub multipv: usize,
    /// The transposition table to use.
    pub tt: Arc<Tt>,
    /// Stop and ponder flags.
    pub shared: Arc<Shared>,
    /// Endgame tablebases, if any.
    pub syzygy: Option<Syzygy>,
}

impl SearchJob {
    /// A job for a synchronous search outside the UCI loop (bench, EPD suites, tests): one line,
    /// no overhead, its own stop flags, started now.
    pub fn standalone(pos: Position, limits: Limits, tt: impl Into<Arc<Tt>>) -> Self {
        SearchJob {
            pos,
            limits,
            overhead: Duration::ZERO,
            start: Instant::now(),
            multipv: 1,
            tt: tt.into(),
            shared: Arc::new(Shared::default()),
            syzygy: None,
        }
    }
}

/// One completed (or failed-high/low) iteration for one principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// Nominal depth.
    pub depth: Depth,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// 1-based index of the line (MultiPV).
    pub multipv: usize,
    /// Score from the root side's view.
    pub score: Score,
    /// `Some` when the iteration failed outside the aspiration window.
    pub bound: Option<Bound>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since `go`.
    pub time: Duration,
    /// TT fill in permille.
    pub hashfull: u32,
    /// Tablebase probes that gave a result.
    pub tbhits: u64,
    /// The principal variation, legal from the root.
    pub pv: Vec<Move>,
    /// The line's result when the search has settled it (a mate, the tables, a draw by rule).
    pub proven: Option<Proven>,
}

/// What the search tells the UCI side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// An iteration result.
    Iteration(Iteration),
    /// The root move being searched now.
    CurrMove {
        /// Nominal depth.
        depth: Depth,
        /// The move.
        mv: Move,
        /// 1-based position in the root move order.
        number: usize,
    },
    /// The search is over.
    Finished(Outcome),
}

/// The end of a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Move to play (`None` when there is no legal move, or no position to search).
    pub best: Option<Move>,
    /// Expected reply.
    pub ponder: Option<Move>,
    /// Score of the best move.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Deepest completed depth.
    pub depth: Depth,
    /// Nodes searched when each depth completed (index 0 = depth 1), for the branching factor.
    pub depth_nodes: Vec<u64>,
    /// Search counters at the end (the main thread's; beta cutoffs and first-move cutoffs among them).
    pub counters: counters::Counters,
    /// Search counters when each depth completed (cumulative, index 0 = depth 1).
    pub depth_counters: Vec<counters::Counters>,
    /// The line of the move played (as `multipv 1`), when the last line reported is not its line: the
    /// search was cut inside an iteration (the line is that depth's if the move was searched there,
    /// else the last completed depth's), or a strength level chose another line. Its counts are the
    /// worker's when it returned; the search thread reports it with the whole search's.
    pub final_line: Option<Box<Iteration>>,
}

enum Msg {
    Go(Box<SearchJob>),
    Clear,
    /// Resize the pool to this many threads in all; the number running is sent back.
    Threads(usize, Sender<usize>),
    Quit,
}

/// The search thread: one persistent [`Worker`], so histories survive between moves, and the
/// helper threads it starts and stops with each search.
pub struct SearchThread {
    tx: Sender<Msg>,
    handle: Option<JoinHandle<()>>,
}

impl SearchThread {
    /// Starts the thread; its reports arrive on the returned receiver.
    pub fn spawn() -> (SearchThread, Receiver<Report>) {
        let (tx, rx) = unbounded::<Msg>();
        let (report_tx, report_rx) = unbounded();
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let sink = report_tx.clone();
                let mut worker = Worker::new(Box::new(move |r| {
                    let _ = sink.send(r);
                }));
                let mut pool = smp::Pool::new();
                for msg in rx {
                    match msg {
                        Msg::Go(job) => {
                            let seat = pool.start(&job);
                            let tallies = seat.clone();
                            let mut outcome =
                                match catch_unwind(AssertUnwindSafe(|| worker.run_seated(&job, Some(seat)))) {
                                    Ok(o) => o,
                                    Err(_) => {
                                        log::error!("search panicked; playing the first legal move");
                                        let best = job.pos.legal_moves().first().copied();
                                        Outcome { best, ..Outcome::default() }
                                    }
                                };
                            log::debug!("main search over {:?} after go", job.start.elapsed());
                            // No helper searches on once the move is out.
                            pool.finish();
                            // Every thread has stopped and published its last counts: the whole search's.
                            let (nodes, tbhits) = tallies.total();
                            outcome.nodes = outcome.nodes.max(nodes);
                            if let Some(mut line) = outcome.final_line.take() {
                                line.nodes = outcome.nodes;
                                line.tbhits = line.tbhits.max(tbhits);
                                line.time = job.start.elapsed();
                                let _ = report_tx.send(Report::Iteration(*line));
                            }
                            let _ = report_tx.send(Report::Finished(outcome));
                        }
                        Msg::Clear => {
                            worker.clear();
                            pool.clear();
                        }
                        Msg::Threads(n, ack) => {
                            let _ = ack.send(pool.resize(n));
                        }
                        Msg::Quit => break,
                    }
                }
            })
            .expect("spawning the search thread");
        (SearchThread { tx, handle: Some(handle) }, report_rx)
    }

    /// Starts a search; a `Report::Finished` always follows.
    pub fn go(&self, job: SearchJob) {
        let _ = self.tx.send(Msg::Go(Box::new(job)));
    }

    /// Forgets histories and killers of every thread (new game). Queued behind any running search.
    pub fn clear(&self) {
        let _ = self.tx.send(Msg::Clear);
    }

    /// Sets the number of search threads (1 = the main thread alone), waiting until they are
    /// started or ended; returns how many there are (fewer if the system refused a thread). Call
    /// it between searches: it waits behind a running one.
    pub fn set_threads(&self, threads: usize) -> usize {
        let (ack, done) = bounded(1);
        if self.tx.send(Msg::Threads(threads, ack)).is_err() {
            return 1;
        }
        done.recv().unwrap_or(1)
    }
}

impl Drop for SearchThread {
    fn drop(&mut self) {
        let _ = self.tx.send(Msg::Quit);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_wakes_a_waiting_search() {
        let shared = Arc::new(Shared::default());
        assert!(!shared.wait_for_stop(Duration::ZERO), "no stop asked for: the wait runs out");
        let waiter = shared.clone();
        // Only the stop ends this wait in time: were it missed, the wait would run out, false.
        let handle = std::thread::spawn(move || waiter.wait_for_stop(Duration::from_secs(120)));
        shared.request_stop();
        assert!(handle.join().unwrap());
        assert!(shared.stopped() && shared.wait_for_stop(Duration::from_secs(120)));
    }
}
