//! The traced search behind `brudno tree`: textbook fail-soft alpha–beta to a fixed depth with the
//! full window, recording every node's move, window, depth and returned value, and after a beta
//! cutoff the legal moves that were never searched.
//!
//! It walks the tree in the engine's own move order (the search's picker: MVV-LVA and SEE, killers,
//! counter-move and history, updated at cutoffs as the search updates them) but with none of the
//! search's table, pruning, reductions, extensions or quiescence: the static evaluation at the
//! horizon, draws by the rules and mates by distance from the root. Its value is exactly the minimax
//! value of the tree, so the drawing shows alpha–beta itself. It is its own small search, apart from
//! the engine's (which carries no tracing branches). Knows nothing of text or drawing.

use crate::eval::evaluate;
use crate::position::Position;
use crate::score::{Depth, MAX_PLY, Ply, Score};
use crate::search::history::{History, NO_CONTINUATIONS};
use crate::search::picker::{Picker, is_tactical};
use crate::tt::PackedMove;
use shakmaty::Move;

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

/// Searches `pos` to `depth` with plain alpha–beta (see the module header) and returns the tree.
pub fn trace(pos: &Position, depth: Depth) -> Trace {
    let mut root = pos.clone();
    // The root first: `trim_history` cuts only at the root, keeping what repetitions can reach.
    root.set_root();
    root.trim_history();
    let mut t = Tracer {
        pos: root,
        history: History::default(),
        killers: vec![[None; 2]; MAX_PLY + 1],
        nodes: Vec::new(),
        searched: 0,
    };
    t.search(-Score::INFINITE, Score::INFINITE, depth, Ply::ROOT, None);
    Trace { root: pos.clone(), depth, nodes: t.nodes, searched: t.searched }
}

/// The traced search's state: the position walked, the move-ordering memory, and the tree so far.
struct Tracer {
    pos: Position,
    history: History,
    killers: Vec<[Option<Move>; 2]>,
    nodes: Vec<Node>,
    /// Nodes entered, counted by the search (the tree must hold exactly these).
    searched: u64,
}

impl Tracer {
    /// Records a node below `parent` (the index of its parent node, `None` at the root), searches it
    /// and fills in its value and the moves a cutoff left unsearched.
    fn search(&mut self, alpha: Score, beta: Score, depth: Depth, ply: Ply, parent: Option<(usize, Move)>) -> Score {
        let index = self.nodes.len();
        if let Some((p, _)) = parent {
            self.nodes[p].children.push(index);
        }
        let mv = parent.map(|(_, m)| m);
        self.nodes.push(Node { mv, ply, depth, alpha, beta, value: alpha, children: Vec::new(), pruned: Vec::new() });
        self.searched += 1;
        let value = self.value(alpha, beta, depth, ply, index);
        // Moves are left unsearched only by a cutoff, which needs a searched child.
        let pruned = if value >= beta && !self.nodes[index].children.is_empty() {
            let searched: Vec<Option<Move>> = self.nodes[index].children.iter().map(|&c| self.nodes[c].mv).collect();
            self.pos.legal_moves().into_iter().filter(|m| !searched.contains(&Some(*m))).collect()
        } else {
            Vec::new()
        };
        let node = &mut self.nodes[index];
        node.value = value;
        node.pruned = pruned;
        value
    }

    /// The value of node `index`: static at the horizon, by the rules at the end of the game,
    /// otherwise the best of its children's.
    fn value(&mut self, mut alpha: Score, mut beta: Score, depth: Depth, ply: Ply, index: usize) -> Score {
        if depth <= 0 {
            return evaluate(self.pos.chess());
        }
        if ply > Ply::ROOT {
            if self.pos.is_repetition() || self.pos.is_fifty_move_draw() || self.pos.is_insufficient_material() {
                return Score::DRAW;
            }
            if ply >= Ply::new(MAX_PLY - 1) {
                return evaluate(self.pos.chess());
            }
            // Mate distance: a mate found nearer the root cannot be beaten.
            alpha = alpha.max(Score::mated_in(ply));
            beta = beta.min(Score::mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        if self.pos.legal_moves().is_empty() {
            return if self.pos.in_check() { Score::mated_in(ply) } else { Score::DRAW };
        }
        let prev = self.nodes[index].mv;
        let killers = self.killers[ply.index()];
        let mut picker =
            Picker::main(self.pos.chess(), self.pos.in_check(), PackedMove::NONE, killers, prev, NO_CONTINUATIONS);
        let turn = self.pos.turn();
        let mut best = -Score::INFINITE;
        let mut quiets: Vec<Option<Move>> = Vec::new();
        while let Some((m, _)) = picker.pick(self.pos.chess(), &self.history) {
            let quiet = !is_tactical(m);
            if quiet {
                quiets.push(Some(m));
            }
            self.pos.make(m);
            let score = -self.search(-beta, -alpha, depth - 1, ply + 1, Some((index, m)));
            self.pos.unmake();
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if score >= beta {
                    if quiet {
                        let k = &mut self.killers[ply.index()];
                        if k[0] != Some(m) {
                            k[1] = k[0];
                            k[0] = Some(m);
                        }
                        self.history.reward(turn, m, &quiets, depth, prev, &NO_CONTINUATIONS);
                    }
                    break;
                }
            }
        }
        best
    }
}
