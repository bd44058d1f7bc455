//! Lazy SMP: helper threads that search the same root as the main thread, sharing only the
//! transposition table. Each helper owns a persistent [`Worker`] (its own histories and killers),
//! lives from one `Threads` setting to the next, and never reports: the main thread alone manages
//! time, ends the search and announces the move (a helper that reaches the node budget stops its own
//! search early and waits). Helpers differ from the main thread by the
//! depths they search (see [`helper_searches`]) and by the timing of their TT writes.
//!
//! Concurrency truth: each thread publishes its node and tablebase-hit counts every `CHECK_EVERY`
//! nodes into its own cache line ([`Tally`]) with `Relaxed` stores; every thread sums the others'
//! with `Relaxed` loads at the same moments, so totals lag by at most a batch per thread and never go
//! back within a search, and a node budget is kept within a batch per thread whoever gets the CPU.
//! Stopping goes through a per-search [`Shared`] flag the main thread sets once its own search is
//! over; it then blocks on each helper's `done` channel, so no helper searches after `bestmove`.
//! Nothing here locks or spins.

use super::params::HELPER_MAX_RUN;
use super::worker::Worker;
use super::{SearchJob, Shared};
use crate::score::Depth;
use crate::search::limits::Limits;
use crossbeam_channel::{Receiver, Sender, bounded, unbounded};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::Instant;

/// One thread's published counts, alone on a cache line so that publishing does not slow the others.
#[derive(Debug, Default)]
#[repr(align(64))]
pub(super) struct Tally {
    nodes: AtomicU64,
    tbhits: AtomicU64,
}

/// A worker's place among the threads of one search: where it publishes its counts, and (for the
/// main thread) where it reads everyone else's.
#[derive(Clone, Debug)]
pub(super) struct Seat {
    /// 0 for the main thread, 1.. for helpers.
    index: usize,
    tallies: Arc<[Tally]>,
}

impl Seat {
    /// The thread's index: 0 for the main thread.
    pub(super) fn index(&self) -> usize {
        self.index
    }

    /// Publishes this thread's counts so far in the search.
    pub(super) fn publish(&self, nodes: u64, tbhits: u64) {
        let t = &self.tallies[self.index];
        t.nodes.store(nodes, Ordering::Relaxed);
        t.tbhits.store(tbhits, Ordering::Relaxed);
    }

    /// Nodes and tablebase hits last published by the other threads of the search.
    pub(super) fn others(&self) -> (u64, u64) {
        self.tallies
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != self.index)
            .fold((0, 0), |(n, h), (_, t)| (n + t.nodes.load(Ordering::Relaxed), h + t.tbhits.load(Ordering::Relaxed)))
    }
}

/// Whether helper `index` (1-based) searches `depth`. Each helper alternates runs of searched and
/// skipped depths; the run grows with the logarithm of the index (capped at `HELPER_MAX_RUN`) and
/// starts at an offset that depends on the index, so that with several helpers most depths near the
/// main thread's are being searched by someone, and the TT receives deeper entries early. Helper 1
/// searches the odd depths.
pub(super) fn helper_searches(index: usize, depth: Depth) -> bool {
    if index == 0 {
        return true;
    }
    let run = (1 + index.ilog2()).min(HELPER_MAX_RUN) as usize;
    let phase = index % (2 * run);
    let depth = depth.max(0) as usize;
    ((depth + phase) / run).is_multiple_of(2)
}

enum HelperMsg {
    Go(Box<SearchJob>, Seat),
    Clear,
    Quit,
}

/// One helper thread: its inbox, and the channel on which it says a search is over.
struct Helper {
    tx: Sender<HelperMsg>,
    done: Receiver<()>,
    handle: Option<JoinHandle<()>>,
}

impl Helper {
    fn spawn(index: usize) -> std::io::Result<Helper> {
        let (tx, rx) = unbounded::<HelperMsg>();
        let (done_tx, done) = bounded::<()>(1);
        let handle =
            std::thread::Builder::new().name(format!("helper-{index}")).stack_size(64 << 20).spawn(move || {
                let mut worker = Worker::new(Box::new(|_| {}));
                for msg in rx {
                    match msg {
                        HelperMsg::Go(job, seat) => {
                            worker.seat = Some(seat);
                            if catch_unwind(AssertUnwindSafe(|| worker.run(&job))).is_err() {
                                log::error!("helper {index} panicked; the main thread's search goes on");
                            }
                            let _ = done_tx.send(());
                        }
                        HelperMsg::Clear => worker.clear(),
                        HelperMsg::Quit => break,
                    }
                }
            })?;
        Ok(Helper { tx, done, handle: Some(handle) })
    }
}

impl Drop for Helper {
    fn drop(&mut self) {
        let _ = self.tx.send(HelperMsg::Quit);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// The helper threads of the main search thread, and the stop flag of the search they are running.
pub(super) struct Pool {
    helpers: Vec<Helper>,
    /// Set by [`Pool::finish`]; fresh for every search.
    stop: Arc<Shared>,
    /// Helpers that took the current search and have not yet said they are done.
    running: usize,
}

impl Pool {
    /// No helpers: one thread in all.
    pub(super) fn new() -> Self {
        Pool { helpers: Vec::new(), stop: Arc::new(Shared::default()), running: 0 }
    }

    /// Makes the pool `threads` threads in all (main included, at least 1); returns how many there
    /// are, fewer if the system refused a thread. Call only between searches. Surviving helpers
    /// keep their histories.
    pub(super) fn resize(&mut self, threads: usize) -> usize {
        let want = threads.max(1) - 1;
        self.helpers.truncate(want);
        while self.helpers.len() < want {
            match Helper::spawn(self.helpers.len() + 1) {
                Ok(h) => self.helpers.push(h),
                Err(e) => {
                    log::error!("could not start helper thread {}: {e}", self.helpers.len() + 1);
                    break;
                }
            }
        }
        1 + self.helpers.len()
    }

    /// Forgets every helper's histories (queued behind nothing: the pool is idle).
    pub(super) fn clear(&self) {
        for h in &self.helpers {
            let _ = h.tx.send(HelperMsg::Clear);
        }
    }

    /// Starts the helpers on `job` and returns the main thread's seat. The table is aged once here,
    /// for every thread of the search.
    pub(super) fn start(&mut self, job: &SearchJob) -> Seat {
        job.tt.new_search();
        let tallies: Arc<[Tally]> = (0..=self.helpers.len()).map(|_| Tally::default()).collect();
        self.stop = Arc::new(Shared::default());
        let helper_job = SearchJob {
            limits: Limits { infinite: true, searchmoves: job.limits.searchmoves.clone(), ..Limits::default() },
            multipv: 1,
            shared: self.stop.clone(),
            ..job.clone()
        };
        self.running = 0;
        for (i, h) in self.helpers.iter().enumerate() {
            let seat = Seat { index: i + 1, tallies: tallies.clone() };
            if h.tx.send(HelperMsg::Go(Box::new(helper_job.clone()), seat)).is_ok() {
                self.running += 1;
            }
        }
        Seat { index: 0, tallies }
    }

    /// Stops the helpers and blocks until each has finished its search.
    pub(super) fn finish(&mut self) {
        let since = Instant::now();
        self.stop.stop.store(true, Ordering::Relaxed);
        for h in self.helpers.iter().take(self.running) {
            // An error means the helper is gone: nothing left to wait for.
            let _ = h.done.recv();
        }
        if self.running > 0 {
            log::debug!("{} helpers stopped in {:?}", self.running, since.elapsed());
        }
        self.running = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_cover_the_depths_the_main_thread_searches() {
        assert!((1..40).all(|d| helper_searches(0, d)));
        // Helper 1 takes the odd depths.
        assert!((1..40).all(|d| helper_searches(1, d) == (d % 2 == 1)));
        for index in 1..256 {
            // Every helper searches at least one depth in every few, and skips some.
            let searched: Vec<bool> = (1..60).map(|d| helper_searches(index, d)).collect();
            assert!(searched.iter().any(|&s| s) && searched.iter().any(|&s| !s), "helper {index}");
            let longest_gap = searched.split(|&s| s).map(<[bool]>::len).max().unwrap_or(0);
            assert!(longest_gap <= HELPER_MAX_RUN as usize, "helper {index}: gap {longest_gap}");
        }
    }

    #[test]
    fn seats_publish_and_sum_the_others() {
        let tallies: Arc<[Tally]> = (0..3).map(|_| Tally::default()).collect();
        let seats: Vec<Seat> = (0..3).map(|index| Seat { index, tallies: tallies.clone() }).collect();
        seats[1].publish(1000, 2);
        seats[2].publish(500, 1);
        seats[0].publish(7, 0);
        assert_eq!(seats[0].others(), (1500, 3));
        assert_eq!(seats[1].others(), (507, 1));
    }

    #[test]
    fn a_helper_keeps_the_node_budget_when_the_main_thread_lags() {
        use crate::position::Position;
        use crate::search::params::CHECK_EVERY;
        use crate::tt::Tt;
        // The main thread published 29 000 nodes and then got no CPU: the helper alone must stop
        // about 1 000 nodes later, not at 30 000 of its own.
        let tallies: Arc<[Tally]> = (0..2).map(|_| Tally::default()).collect();
        Seat { index: 0, tallies: tallies.clone() }.publish(29_000, 0);
        let mut helper = Worker::new(Box::new(|_| {}));
        helper.seat = Some(Seat { index: 1, tallies });
        let limits = Limits { nodes: Some(30_000), ..Limits::default() };
        let job = SearchJob::standalone(Position::default(), limits, Tt::new(1).unwrap());
        let outcome = helper.run(&job);
        assert!(outcome.nodes >= 30_000 && outcome.nodes <= 30_000 + CHECK_EVERY, "{}", outcome.nodes);
    }
}
