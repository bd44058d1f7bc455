//! Lazy SMP: helper threads that search the same root as the main thread, sharing only the
//! transposition table. Each helper owns a persistent [`Worker`] (its own histories and killers),
//! lives from one `Threads` setting to the next, and never reports: the main thread alone manages
//! time, ends the search and announces the move (a helper that reaches the node budget stops its own
//! search early and waits). Helpers differ from the main thread by the depths they search (see
//! [`Seat::searches`]) and by the timing of their TT writes. What a helper is given to search is
//! [`helper_job`]'s: a strength-limited search has no helpers.
//!
//! Concurrency truth: each thread publishes its counts into its [`Seat`] (`seat.rs`) every
//! `CHECK_EVERY` nodes and when its search ends, and every thread weighs the node budget against all
//! of them, so the whole search's count ends within about a batch per helper of the budget, whoever
//! gets the CPU.
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
    /// for every thread of the search. A strength-limited search is the main thread's alone (see
    /// [`helper_job`]).
    pub(super) fn start(&mut self, job: &SearchJob) -> Seat {
        job.tt.new_search();
        self.stop = Arc::new(Shared::default());
        let helper_job = helper_job(job, &self.stop);
        let helpers = if helper_job.is_some() { self.helpers.len() } else { 0 };
        let mut seats = Seat::table(1 + helpers).into_iter();
        let main = seats.next().unwrap_or_else(|| unreachable!("a table has a seat per thread"));
        self.running = 0;
        if let Some(helper_job) = helper_job {
            for (h, seat) in self.helpers.iter().zip(seats) {
                if h.tx.send(HelperMsg::Go(Box::new(helper_job.clone()), seat)).is_ok() {
                    self.running += 1;
                }
            }
        }
        main
    }

    /// Stops the helpers and blocks until each has finished its search.
    pub(super) fn finish(&mut self) {
        let since = Instant::now();
        self.stop.request_stop();
        for h in self.helpers.iter().take(self.running) {
            // An error means the helper is gone: nothing left to wait for.
            let _ = h.done.recv();
        }
        if self.running > 0 {
            log::debug!("{} helpers stopped in {:?}", self.running, since.elapsed());
        }
        self.running = 0;
    }

    /// Blocks until each helper has ended its search by itself (no stop), or `timeout` passes;
    /// whether they all ended.
    #[cfg(test)]
    fn wait_helpers(&mut self, timeout: std::time::Duration) -> bool {
        let ended = self.helpers.iter().take(self.running).all(|h| h.done.recv_timeout(timeout).is_ok());
        self.running = 0;
        ended
    }
}

/// What the helpers search for `job`, stopped by `stop` (the pool's flag, set when the main thread is
/// done); `None` when the main thread searches alone.
///
/// A helper searches the same root and moves (`searchmoves`) as the main thread, one line, with no
/// clock (the main thread keeps time and stops it) but with the job's node budget, which it weighs
/// against every thread's count as the main thread does: it stops by itself when the budget is
/// spent, whether or not the main thread gets the CPU to notice. A strength level is a node budget
/// and a choice among a few lines, calibrated with one thread (`strength.rs`): helpers would take
/// part of that budget, leaving the main thread, which chooses the move, fewer nodes than the level
/// was calibrated with. So the main thread searches alone, and a level searches the same whatever
/// `Threads` is.
fn helper_job(job: &SearchJob, stop: &Arc<Shared>) -> Option<SearchJob> {
    if job.limits.strength.is_some() {
        return None;
    }
    let limits = Limits {
        infinite: true,
        nodes: job.limits.nodes,
        searchmoves: job.limits.searchmoves.clone(),
        ..Limits::default()
    };
    Some(SearchJob { limits, multipv: 1, shared: stop.clone(), ..job.clone() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::search::params::CHECK_EVERY;
    use crate::search::strength::Strength;
    use crate::tt::Tt;
    use std::time::Duration;

    fn job(limits: Limits) -> SearchJob {
        SearchJob::standalone(Position::default(), limits, Tt::new(1).unwrap())
    }

    #[test]
    fn helpers_keep_the_node_budget_when_the_main_thread_gets_no_cpu() {
        // The jobs the pool gives its helpers: with the main thread not searching at all, the two
        // helpers alone stop by themselves once everyone's count reaches the budget.
        let mut pool = Pool::new();
        assert_eq!(pool.resize(3), 3);
        let main = pool.start(&job(Limits { nodes: Some(30_000), ..Limits::default() }));
        assert_eq!(pool.running, 2);
        assert!(pool.wait_helpers(Duration::from_secs(60)), "a helper searched on past the node budget");
        let (nodes, _) = main.total();
        assert!((30_000..=30_000 + 2 * 2 * CHECK_EVERY).contains(&nodes), "{nodes}");
    }

    #[test]
    fn the_main_thread_and_helpers_share_the_node_budget() {
        let mut pool = Pool::new();
        assert_eq!(pool.resize(2), 2);
        let job = job(Limits { nodes: Some(50_000), ..Limits::default() });
        let seat = pool.start(&job);
        let main = seat.clone();
        let outcome = Worker::silent().run_seated(&job, Some(seat));
        pool.finish();
        let (nodes, _) = main.total();
        assert!(outcome.best.is_some());
        assert!((50_000..=50_000 + 2 * CHECK_EVERY).contains(&nodes), "{nodes}");
    }

    #[test]
    fn a_strength_level_searches_without_helpers() {
        let mut pool = Pool::new();
        assert_eq!(pool.resize(4), 4);
        let limits = Limits { strength: Strength::from_elo(1500), ..Limits::default() };
        let main = pool.start(&job(limits));
        assert_eq!(pool.running, 0);
        // One seat: the main thread's count is the search's.
        main.publish(123, 0);
        assert_eq!(main.total(), (123, 0));
        pool.finish();
        // The next search without a level has its helpers again.
        pool.start(&job(Limits { depth: Some(3), ..Limits::default() }));
        assert_eq!(pool.running, 3);
        pool.finish();
    }
}
