//! Search counters for `brudno stats` and `bench --stats`: quiescence nodes, transposition-table
//! hits and cutoffs, beta cutoffs by move-ordering stage, null-move and late-move-reduction outcomes,
//! aspiration re-searches.
//!
//! They are plain integers in the per-thread `Worker`, bumped unconditionally: an add to a cache line
//! the search already holds costs less than the branch that would skip it (the same-run bench
//! comparison is quoted in the commit that added them). Knows nothing of text.

use super::picker::Stage;
use std::ops::{Add, Sub};

/// Counts of search events, cumulative over one search (a snapshot is kept after each depth).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Quiescence nodes (included in the search's node count).
    pub qnodes: u64,
    /// Main-search transposition-table probes.
    pub tt_probes: u64,
    /// Probes that found an entry of this position.
    pub tt_hits: u64,
    /// Hits whose stored bound settled the node without a search.
    pub tt_cutoffs: u64,
    /// Beta cutoffs in the main search by the ordering stage of the move that made them.
    pub cutoffs: [u64; Stage::ALL.len()],
    /// Beta cutoffs made by the first move searched.
    pub first_move_cutoffs: u64,
    /// Null-move searches tried.
    pub null_tries: u64,
    /// Null-move searches that failed high (the node was cut).
    pub null_cutoffs: u64,
    /// Reduced late-move searches.
    pub lmr_searches: u64,
    /// Reduced searches that beat alpha and had to be searched again at full depth.
    pub lmr_researches: u64,
    /// Root searches repeated with a wider window after failing outside the aspiration window.
    pub aspiration_researches: u64,
}

impl Counters {
    /// A main-search table probe.
    #[inline]
    pub fn tt_probe(&mut self, hit: bool) {
        self.tt_probes += 1;
        self.tt_hits += u64::from(hit);
    }

    /// A beta cutoff by a move of `stage`, the `number`-th searched at its node (1-based).
    #[inline]
    pub fn cutoff(&mut self, stage: Stage, number: usize) {
        self.cutoffs[stage as usize] += 1;
        self.first_move_cutoffs += u64::from(number == 1);
    }

    /// A null-move search, and whether it cut the node.
    #[inline]
    pub fn null_move(&mut self, cut: bool) {
        self.null_tries += 1;
        self.null_cutoffs += u64::from(cut);
    }

    /// A reduced late-move search, and whether it needed a full-depth re-search.
    #[inline]
    pub fn reduced(&mut self, researched: bool) {
        self.lmr_searches += 1;
        self.lmr_researches += u64::from(researched);
    }

    /// All beta cutoffs of the main search.
    pub fn total_cutoffs(&self) -> u64 {
        self.cutoffs.iter().sum()
    }

    fn zip(self, o: Self, f: impl Fn(u64, u64) -> u64) -> Self {
        let mut cutoffs = self.cutoffs;
        for (c, &d) in cutoffs.iter_mut().zip(&o.cutoffs) {
            *c = f(*c, d);
        }
        Self {
            qnodes: f(self.qnodes, o.qnodes),
            tt_probes: f(self.tt_probes, o.tt_probes),
            tt_hits: f(self.tt_hits, o.tt_hits),
            tt_cutoffs: f(self.tt_cutoffs, o.tt_cutoffs),
            cutoffs,
            first_move_cutoffs: f(self.first_move_cutoffs, o.first_move_cutoffs),
            null_tries: f(self.null_tries, o.null_tries),
            null_cutoffs: f(self.null_cutoffs, o.null_cutoffs),
            lmr_searches: f(self.lmr_searches, o.lmr_searches),
            lmr_researches: f(self.lmr_researches, o.lmr_researches),
            aspiration_researches: f(self.aspiration_researches, o.aspiration_researches),
        }
    }
}

/// Field by field: totals over several searches.
impl Add for Counters {
    type Output = Counters;
    fn add(self, o: Counters) -> Counters {
        self.zip(o, |a, b| a + b)
    }
}

/// Field by field: one depth's share of two cumulative snapshots.
impl Sub for Counters {
    type Output = Counters;
    fn sub(self, o: Counters) -> Counters {
        self.zip(o, u64::saturating_sub)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_and_sub_are_field_by_field() {
        let mut a = Counters::default();
        a.tt_probe(true);
        a.tt_probe(false);
        a.cutoff(Stage::Killer, 1);
        a.cutoff(Stage::Quiet, 4);
        a.null_move(true);
        a.reduced(false);
        let b = a + a;
        assert_eq!(b.tt_probes, 4);
        assert_eq!(b.tt_hits, 2);
        assert_eq!(b.cutoffs[Stage::Killer as usize], 2);
        assert_eq!(b.total_cutoffs(), 4);
        assert_eq!(b.first_move_cutoffs, 2);
        assert_eq!(b - a, a);
        assert_eq!(a - b, Counters::default());
    }

    #[test]
    fn a_search_counts_consistently() {
        use crate::position::Position;
        use crate::search::limits::Limits;
        use crate::search::{SearchJob, Worker};
        use crate::tt::Tt;
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3";
        let pos = Position::from_fen(fen, false).unwrap();
        let limits = Limits { depth: Some(8), ..Limits::default() };
        let job = SearchJob::standalone(pos, limits, Tt::new(4).unwrap());
        let outcome = Worker::silent().run(&job);
        assert_eq!(outcome.depth_counters.len(), outcome.depth_nodes.len());
        let c = *outcome.depth_counters.last().unwrap();
        // A search to a fixed depth ends with its last depth: the final counts are that depth's.
        assert_eq!(c, outcome.counters);
        assert!(c.first_move_cutoffs > 0 && c.first_move_cutoffs <= c.total_cutoffs());
        assert!(c.qnodes > 0 && c.qnodes < outcome.nodes);
        assert!(c.tt_cutoffs > 0 && c.tt_cutoffs <= c.tt_hits && c.tt_hits <= c.tt_probes);
        assert!(c.null_cutoffs > 0 && c.null_cutoffs <= c.null_tries);
        assert!(c.lmr_researches > 0 && c.lmr_researches <= c.lmr_searches);
        assert!(c.cutoffs[Stage::GoodCapture as usize] > 0 && c.cutoffs[Stage::Killer as usize] > 0);
        for w in outcome.depth_counters.windows(2) {
            assert_eq!(w[1] - w[0] + w[0], w[1], "snapshots are cumulative");
        }
    }
}
