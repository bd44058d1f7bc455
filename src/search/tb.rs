//! The search's use of the Syzygy tablebases: ranking the root moves by DTZ before the search (only
//! moves that keep the tables' result are searched), and the WDL probe at interior nodes that ends a
//! node by bound as Stockfish does (a win is a lower bound, a loss an upper bound, a draw exact).

use super::SearchJob;
use super::worker::Worker;
use crate::score::{Depth, MAX_PLY, Ply, Score};
use crate::tt::{Bound, PackedMove};
use shakmaty::Move;

/// A tablebase result is stored this much deeper than the node it settled: it is exact for any
/// depth, so it should outlive searched entries of the position (Stockfish stores it at depth + 6).
const TB_STORE_EXTRA_DEPTH: Depth = 6;

/// What a WDL probe tells a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TbProbe {
    /// The node's score: return it.
    Cutoff(Score),
    /// A win not good enough to cut: the node scores at least this.
    Floor(Score),
    /// A loss not bad enough to cut: the node scores at most this.
    Cap(Score),
}

impl Worker {
    /// Takes the job's tablebase settings and narrows `root` to the moves the tables approve, if the
    /// root is in the tables. With DTZ ranking, or when the root is not won, the search then needs no
    /// probes of its own (as in Stockfish).
    pub(super) fn setup_tablebases(&mut self, job: &SearchJob, root: Vec<Move>) -> Vec<Move> {
        self.info.tb.hits = 0;
        self.info.tb.root_score = None;
        self.info.tb.syzygy = job.syzygy.clone();
        let Some(tb) = self.info.tb.syzygy.clone() else {
            self.info.tb.cardinality = 0;
            return root;
        };
        self.info.tb.cardinality = tb.cardinality();
        let Some(ranking) = tb.rank_root(&mut self.pos, &root) else { return root };
        self.info.tb.hits += root.len() as u64;
        if ranking.dtz || ranking.score <= Score::DRAW {
            self.info.tb.cardinality = 0;
        }
        self.info.tb.root_score = Some(ranking.score);
        if ranking.moves.is_empty() { root } else { ranking.moves }
    }

    /// Probes the WDL tables at a non-root node: the score ends the node if its bound settles it
    /// within `(alpha, beta)` (it is then stored in the transposition table); otherwise a win is a
    /// floor and a loss a cap for the node's result.
    pub(super) fn tablebase_probe(
        &mut self,
        key: u64,
        depth: Depth,
        ply: Ply,
        alpha: Score,
        beta: Score,
    ) -> Option<TbProbe> {
        let tb = self.info.tb.syzygy.as_ref()?;
        if !tb.should_probe(self.pos.chess(), depth, self.info.tb.cardinality) {
            return None;
        }
        let wdl = tb.probe_wdl(self.pos.chess())?;
        self.info.tb.hits += 1;
        let (score, bound) = tb.wdl_score(wdl, ply);
        if !bound.settles(score, alpha, beta) {
            return Some(if bound == Bound::Lower { TbProbe::Floor(score) } else { TbProbe::Cap(score) });
        }
        let eval = self.static_eval();
        let depth = (depth + TB_STORE_EXTRA_DEPTH).min(MAX_PLY as Depth - 1);
        self.info.tt.store(key, ply, PackedMove::NONE, score, eval, depth, bound);
        Some(TbProbe::Cutoff(score))
    }
}
