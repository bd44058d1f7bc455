//! Lazy SMP: helper threads that search the same root as the main thread, sharing only the
//! transposition table. Each helper owns a persistent [`Worker`] (its own histories and killers),
//! lives from one `Threads` setting to the next, and never reports: the main thread alone manages
//! time, ends the search and announces the move (a helper that reaches the node budget stops its own
//! search early and waits). Helpers differ from the main thread by the
//! depths they search (see [`Seat::searches`]) and by the timing of their TT writes.
//!
//! Concurrency truth: each thread publishes its counts into its [`Seat`] (`seat.rs`) and every
//! thread weighs the node budget against all of them, so it is kept within a batch per thread
//! whoever gets the CPU.
//! Stopping goes through a per-search [`Shared`] flag the main thread sets once its own search is
//! over; it then blocks on each helper's `done` channel, so no helper searches after `bestmove`.
//! Nothing here locks or spins.

use super::seat::Seat;
use super::worker::Worker;
use super::{SEARCH_STACK_BYTES, SearchJob, Shared};
use crate::search::limits::Limits;
use crossbeam_channel::{Receiver, Sender, bounded, unbounded};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;
use std::time::Instant;

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
        let handle = std::thread::Builder::new().name(format!("helper-{index}")).stack_size(SEARCH_STACK_BYTES).spawn(
            move || {
                let mut worker = Worker::silent();
                for msg in rx {
                    match msg {
                        HelperMsg::Go(job, seat) => {
                            if catch_unwind(AssertUnwindSafe(|| worker.run_seated(&job, Some(seat)))).is_err() {
                                log::error!("helper {index} panicked; the main thread's search goes on");
                            }
                            let _ = done_tx.send(());
                        }
                        HelperMsg::Clear => worker.clear(),
                        HelperMsg::Quit => break,
                    }
                }
            },
        )?;
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
        let mut seats = Seat::table(1 + self.helpers.len()).into_iter();
        let main = seats.next().unwrap_or_else(|| unreachable!("a table has a seat per thread"));
        self.stop = Arc::new(Shared::default());
        let helper_job = SearchJob {
            limits: Limits { infinite: true, searchmoves: job.limits.searchmoves.clone(), ..Limits::default() },
            multipv: 1,
            shared: self.stop.clone(),
            ..job.clone()
        };
        self.running = 0;
        for (h, seat) in self.helpers.iter().zip(seats) {
            if h.tx.send(HelperMsg::Go(Box::new(helper_job.clone()), seat)).is_ok() {
                self.running += 1;
            }
        }
        main
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
    fn a_helper_keeps_the_node_budget_when_the_main_thread_lags() {
        use crate::position::Position;
        use crate::search::params::CHECK_EVERY;
        use crate::tt::Tt;
        // The main thread published 29 000 nodes and then got no CPU: the helper alone must stop
        // about 1 000 nodes later, not at 30 000 of its own.
        let mut seats = Seat::table(2);
        seats[0].publish(29_000, 0);
        let limits = Limits { nodes: Some(30_000), ..Limits::default() };
        let job = SearchJob::standalone(Position::default(), limits, Tt::new(1).unwrap());
        let outcome = Worker::silent().run_seated(&job, Some(seats.remove(1)));
        assert!(outcome.nodes >= 30_000 && outcome.nodes <= 30_000 + CHECK_EVERY, "{}", outcome.nodes);
    }
}
