//! The tracing hook behind `brudno tree`: every call of the real `negamax` passes through
//! [`Worker::negamax`] here, which, when a [`Tracer`] is installed, records the node's move, window,
//! depth and returned value, and after a beta cutoff the legal moves that were never searched.
//!
//! Tracing runs the search in its *plain* configuration ([`Worker::trace`]): one fixed-depth search
//! with the full window, no transposition-table cutoffs or TT move, no null move, futility, late-move
//! pruning or reductions, no extensions, no principal-variation null windows, and the static
//! evaluation at the horizon instead of quiescence. What remains is textbook fail-soft alpha–beta in
//! the engine's own move order (MVV-LVA and SEE, killers, history), whose value is exactly the minimax
//! value of the tree, and whose every node is counted by the search itself. Without a tracer the hook
//! is one predictable branch per node. Knows nothing of text or drawing.

use super::frame;
use super::worker::Worker;
use crate::eval::evaluate;
use crate::position::Position;
use crate::score::{Depth, Ply, Score};
use crate::tt::Tt;
use shakmaty::Move;
use std::sync::Arc;

/// One traced node of the searched tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move that led here (`None` at the root, or for a null move).
    pub mv: Option<Move>,
    /// Distance from the root.
    pub ply: Ply,
    /// Remaining depth it was searched with.
    pub depth: Depth,
    /// Lower end of the window, side to move's view.
    pub alpha: Score,
    /// Upper end of the window, side to move's view.
    pub beta: Score,
    /// Value returned, side to move's view (fail-soft: may lie outside the window).
    pub value: Score,
    /// Indices of the searched children in [`Trace::nodes`], in search order.
    pub children: Vec<usize>,
    /// Legal moves left unsearched because a child failed high (a beta cutoff), in no special order.
    pub pruned: Vec<Move>,
}

impl Node {
    /// Failed high: the value reached beta, the node was cut (a CUT node of the literature).
    pub fn fail_high(&self) -> bool {
        self.value >= self.beta
    }

    /// Failed low: no move reached alpha, every move was searched (an ALL node).
    pub fn fail_low(&self) -> bool {
        self.value <= self.alpha
    }
}

/// Records the nodes of a search as a tree (node 0 is the root).
#[derive(Clone, Debug, Default)]
pub struct Tracer {
    nodes: Vec<Node>,
    open: Vec<usize>,
}

/// A traced search.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The root position.
    pub root: Position,
    /// Depth searched.
    pub depth: Depth,
    /// Every node entered, in order; node 0 is the root.
    pub nodes: Vec<Node>,
    /// The search's own node count for the same run.
    pub searched: u64,
}

impl Trace {
    /// The root's value.
    pub fn value(&self) -> Score {
        self.nodes.first().map_or(Score::DRAW, |n| n.value)
    }

    /// The principal variation: from the root, the child whose value decided each PV node.
    pub fn pv(&self) -> Vec<usize> {
        let mut line = vec![0];
        let mut at = 0;
        while let Some(&next) = self.nodes[at].children.iter().find(|&&c| -self.nodes[c].value == self.nodes[at].value)
        {
            line.push(next);
            at = next;
        }
        line
    }
}

impl Worker {
    /// The search entry every recursive call goes through: straight to the real node search, or,
    /// with a tracer installed, through [`Worker::traced`].
    #[inline(always)]
    pub(super) fn negamax(&mut self, alpha: Score, beta: Score, depth: Depth, ply: Ply, cut: bool) -> Score {
        if self.tracer.is_none() {
            return self.negamax_node(alpha, beta, depth, ply, cut);
        }
        self.traced(alpha, beta, depth, ply, cut)
    }

    #[cold]
    #[inline(never)]
    fn traced(&mut self, alpha: Score, beta: Score, depth: Depth, ply: Ply, cut: bool) -> Score {
        let mv = if ply == Ply::ROOT { None } else { self.stack[ply - 1].mv };
        if let Some(t) = self.tracer.as_mut() {
            let index = t.nodes.len();
            if let Some(&parent) = t.open.last() {
                t.nodes[parent].children.push(index);
            }
            let node = Node { mv, ply, depth, alpha, beta, value: alpha, children: Vec::new(), pruned: Vec::new() };
            t.nodes.push(node);
            t.open.push(index);
        }
        let value = self.negamax_node(alpha, beta, depth, ply, cut);
        if let Some(t) = self.tracer.as_mut()
            && let Some(index) = t.open.pop()
        {
            // Moves are left unsearched only by a cutoff, which needs a searched child.
            let cut = value >= beta && !t.nodes[index].children.is_empty();
            let legal = if cut { self.pos.legal_moves() } else { Default::default() };
            let searched: Vec<Option<Move>> = t.nodes[index].children.iter().map(|&c| t.nodes[c].mv).collect();
            let pruned = legal.into_iter().filter(|m| !searched.contains(&Some(*m))).collect();
            let node = &mut t.nodes[index];
            node.value = value;
            node.pruned = pruned;
        }
        value
    }

    /// The horizon of the plain configuration: the static evaluation, counted as a node.
    pub(super) fn plain_leaf(&mut self, ply: Ply) -> Score {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        evaluate(self.pos.chess())
    }

    /// Searches `pos` to `depth` once in the plain configuration (see the module header) and returns
    /// the traced tree. The worker's histories are used and updated as in any search.
    pub fn trace(&mut self, pos: &Position, depth: Depth) -> Trace {
        self.pos = pos.clone();
        // The root first: `trim_history` cuts only at the root, keeping what repetitions can reach.
        self.pos.set_root();
        self.pos.trim_history();
        self.tt = Arc::new(Tt::new(1).unwrap_or_else(|_| unreachable!("1 MB always allocates")));
        frame::clear_killers(&mut self.stack);
        self.root_moves = self.pos.legal_moves().into_iter().collect();
        self.nodes = 0;
        self.stopped = false;
        self.plain = true;
        self.tracer = Some(Box::default());
        self.negamax(-Score::INFINITE, Score::INFINITE, depth, Ply::ROOT, false);
        self.plain = false;
        let nodes = self.tracer.take().map_or_else(Vec::new, |t| t.nodes);
        Trace { root: pos.clone(), depth, nodes, searched: self.nodes }
    }
}
