//! A thread's seat in one lazy-SMP search: where it publishes its node and tablebase-hit counts, how
//! it reads the others', and which depths it searches. A leaf module: the worker and the pool both
//! use it, and it uses neither.
//!
//! Each thread publishes every `CHECK_EVERY` nodes into its own cache line ([`Tally`]) with `Relaxed`
//! stores; every thread sums the others' with `Relaxed` loads at the same moments, so totals lag by
//! at most a batch per thread and never go back within a search.

use super::params::HELPER_MAX_RUN;
use crate::score::Depth;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

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
    /// The seats of one search of `threads` threads (index 0 is the main thread's), sharing one
    /// table of tallies.
    pub(super) fn table(threads: usize) -> Vec<Seat> {
        let tallies: Arc<[Tally]> = (0..threads.max(1)).map(|_| Tally::default()).collect();
        (0..threads.max(1)).map(|index| Seat { index, tallies: tallies.clone() }).collect()
    }

    /// Whether this is a helper thread's seat (not the main thread's).
    pub(super) fn is_helper(&self) -> bool {
        self.index != 0
    }

    /// Publishes this thread's counts so far in the search.
    pub(super) fn publish(&self, nodes: u64, tbhits: u64) {
        let t = &self.tallies[self.index];
        t.nodes.store(nodes, Ordering::Relaxed);
        t.tbhits.store(tbhits, Ordering::Relaxed);
    }

    /// Whether this thread searches `depth` (see [`helper_searches`]).
    pub(super) fn searches(&self, depth: Depth) -> bool {
        helper_searches(self.index, depth)
    }

    /// Nodes and tablebase hits last published by every thread of the search, this one's included.
    pub(super) fn total(&self) -> (u64, u64) {
        let (nodes, tbhits) = self.others();
        let own = &self.tallies[self.index];
        (nodes + own.nodes.load(Ordering::Relaxed), tbhits + own.tbhits.load(Ordering::Relaxed))
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
fn helper_searches(index: usize, depth: Depth) -> bool {
    if index == 0 {
        return true;
    }
    let run = (1 + index.ilog2()).min(HELPER_MAX_RUN) as usize;
    let phase = index % (2 * run);
    let depth = depth.max(0) as usize;
    ((depth + phase) / run).is_multiple_of(2)
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
        let seats = Seat::table(3);
        seats[1].publish(1000, 2);
        seats[2].publish(500, 1);
        seats[0].publish(7, 0);
        assert_eq!(seats[0].others(), (1500, 3));
        assert_eq!(seats[1].others(), (507, 1));
        assert_eq!(seats[2].total(), (1507, 3));
    }
}
