//! What lives for one search, apart from the thread's own memory (`worker.rs`): the table and stop
//! flags the job brought, the root moves and where their nodes went, the tablebases, the thread's
//! seat among the others, and the limits read as a node budget and a clock. Made afresh by
//! `Worker::run` for every search.

use super::seat::Seat;
use super::{SearchJob, Shared};
use crate::score::Score;
use crate::syzygy::Syzygy;
use crate::tt::Tt;
use shakmaty::Move;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The tablebases of one search.
#[derive(Default)]
pub(super) struct TbState {
    /// The tables, if any.
    pub syzygy: Option<Syzygy>,
    /// The most pieces probed in the search (0: no probes).
    pub cardinality: usize,
    /// Probes that answered.
    pub hits: u64,
    /// The root's score by the tables, when they know the root.
    pub root_score: Option<Score>,
}

/// One search's state (see the module header).
pub(super) struct SearchInfo {
    /// The transposition table of the search.
    pub tt: Arc<Tt>,
    /// Stop and ponder flags.
    pub shared: Arc<Shared>,
    /// Root moves still searchable this iteration (MultiPV removes the lines already reported).
    pub root_moves: Vec<Move>,
    /// Nodes this thread spent below each root move (for time management).
    pub root_nodes: Vec<(Move, u64)>,
    /// The score of the root move that last raised alpha in the running root search, whose line is
    /// the root frame's PV: the best so far, shown when the search is cut before the iteration ends.
    pub root_best: Score,
    /// Tablebases.
    pub tb: TbState,
    /// This thread's place among the threads of the search (`None`: searching alone, as in bench).
    pub seat: Option<Seat>,
    /// Nodes of the other threads as last read (0 alone); counts towards the node limit.
    pub other_nodes: u64,
    /// Node budget of the whole search.
    pub node_limit: u64,
    /// Nodes per millisecond when the clock counts nodes (`nodestime`).
    pub nodestime: Option<u64>,
    /// Abort the search past this time on our clock.
    pub hard: Option<Duration>,
    /// Whether an iteration has completed: until then neither the clock, the node limit nor `stop`
    /// ends the main thread's search, so every `go` reports a searched line and its score (depth 1
    /// takes well under a millisecond). Helpers, which report nothing, stop at once.
    pub iterated: bool,
    /// When `go` arrived.
    pub start: Instant,
}

impl SearchInfo {
    /// No search: a placeholder table of one bucket (each search brings its own).
    pub fn idle() -> Self {
        Self::new(Arc::new(Tt::new(0).unwrap_or_else(|_| unreachable!("one bucket always allocates"))), None)
    }

    /// The state at the start of `job` (the time plan and tablebases are filled in by the worker).
    pub fn for_job(job: &SearchJob, seat: Option<Seat>) -> Self {
        let mut info = Self::new(job.tt.clone(), seat);
        info.shared = job.shared.clone();
        info.start = job.start;
        info.node_limit = job.limits.nodes.unwrap_or(u64::MAX);
        info.nodestime = job.limits.nodestime.filter(|&n| n > 0);
        info
    }

    fn new(tt: Arc<Tt>, seat: Option<Seat>) -> Self {
        SearchInfo {
            tt,
            shared: Arc::new(Shared::default()),
            root_moves: Vec::new(),
            root_nodes: Vec::new(),
            root_best: -Score::INFINITE,
            tb: TbState::default(),
            seat,
            other_nodes: 0,
            node_limit: u64::MAX,
            nodestime: None,
            hard: None,
            iterated: false,
            start: Instant::now(),
        }
    }
}
