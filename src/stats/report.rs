//! One `brudno stats` report: the engine's iterations on a position (nodes, effective branching
//! factor, and the search counters of [`super::counters`]) beside the reference trees of
//! [`super::trees`] at a small depth.

use super::chess::{ChessGame, Order};
use super::counters::table;
use super::trees::{alpha_beta, tree_counts};
use crate::position::Position;
use crate::search::counters::Counters;
use crate::search::limits::Limits;
use crate::search::{SearchJob, Worker};
use crate::tt::Tt;
use std::fmt;

/// What `brudno stats` measured on one position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// The position.
    pub fen: String,
    /// Nodes of the engine's search after each completed depth (cumulative).
    pub depth_nodes: Vec<u64>,
    /// Beta cutoffs and those made by the first move searched.
    pub cutoffs: (u64, u64),
    /// Search counters after each completed depth (cumulative).
    pub depth_counters: Vec<Counters>,
    /// Depth of the reference trees.
    pub tree_depth: u32,
    /// Minimax leaves.
    pub minimax: u64,
    /// Plain alpha–beta leaves in a random order, and in the engine's order.
    pub alpha_beta: (u64, u64),
    /// Knuth–Moore minimal-tree leaves of the same tree.
    pub minimal: u64,
}

/// Searches `pos` to `depth` with the engine and counts the reference trees to `tree_depth`.
pub fn measure(pos: &Position, depth: i32, tree_depth: u32) -> Result<Report, String> {
    let tt = Tt::new(16).map_err(|e| e.to_string())?;
    let mut worker = Worker::silent();
    let job = SearchJob::standalone(pos.clone(), Limits { depth: Some(depth), ..Limits::default() }, tt);
    let outcome = worker.run(&job);
    let root = pos.chess().clone();
    let counts = tree_counts(&mut ChessGame::new(root.clone(), Order::Engine), tree_depth);
    let (_, random) = alpha_beta(&mut ChessGame::new(root.clone(), Order::Random(1)), tree_depth);
    let (_, engine) = alpha_beta(&mut ChessGame::new(root, Order::Engine), tree_depth);
    Ok(Report {
        fen: pos.fen(),
        depth_nodes: outcome.depth_nodes,
        cutoffs: (outcome.counters.total_cutoffs(), outcome.counters.first_move_cutoffs),
        depth_counters: outcome.depth_counters,
        tree_depth,
        minimax: counts.minimax,
        alpha_beta: (random, engine),
        minimal: counts.minimal,
    })
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Position {}", self.fen)?;
        writeln!(f, "Engine search (iterative deepening, TT, pruning, quiescence):")?;
        for line in table(&self.depth_nodes, &self.depth_counters) {
            writeln!(f, "{line}")?;
        }
        let (cuts, first) = self.cutoffs;
        let total = self.depth_nodes.last().copied().unwrap_or(0);
        writeln!(
            f,
            "total {total} nodes; beta cutoffs {cuts}, by the first move {:.1}%",
            100.0 * first as f64 / cuts.max(1) as f64
        )?;
        writeln!(f)?;
        writeln!(f, "Reference trees at depth {} (leaves; static evaluation at the leaves):", self.tree_depth)?;
        let ratio = |n: u64| n as f64 / self.minimal.max(1) as f64;
        for (name, n) in [
            ("minimax (every leaf)", self.minimax),
            ("alpha-beta, random move order", self.alpha_beta.0),
            ("alpha-beta, the engine's move order", self.alpha_beta.1),
            ("Knuth-Moore minimal tree", self.minimal),
        ] {
            writeln!(f, "  {name:<38} {n:>12}  {:>8.2} x minimal", ratio(n))?;
        }
        Ok(())
    }
}
