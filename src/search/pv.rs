//! The triangular principal-variation table: each ply's best line is its move followed by the line of
//! the ply below, so the root line is always a sequence of legal moves from the root.

use crate::score::{MAX_PLY, Ply};
use shakmaty::Move;

/// Best line found below each ply of the current path.
pub struct PvTable {
    lines: Vec<Vec<Move>>,
}

impl Default for PvTable {
    fn default() -> Self {
        Self { lines: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(MAX_PLY)).collect() }
    }
}

impl PvTable {
    /// Empties the line at `ply` (on entering a node).
    pub fn clear(&mut self, ply: Ply) {
        self.lines[ply].clear();
    }

    /// Sets the line at `ply` to `m` followed by the line of `ply + 1`.
    pub fn update(&mut self, ply: Ply, m: Move) {
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// The line at `ply`.
    pub fn line(&self, ply: Ply) -> &[Move] {
        &self.lines[ply]
    }
}
