//! The per-ply state of the search: a worker's stack holds one [`Frame`] for each ply of the current
//! path, and a frame owns everything the search keeps about its ply — the static evaluation, the move
//! made from it (or a null move), the move a singular-extension search leaves out, the count of double
//! extensions above it, the ply's two killer moves and its principal-variation line.
//!
//! Killers are forgotten at the start of each search ([`clear_killers`]: they belong to the plies of
//! another tree). The PV lines form a triangular table: each ply's line is its best move followed by
//! the line of the ply below ([`update_pv`]), so the root's line is always legal from the root. The
//! other fields are written on the way down before they are read.

use super::history::PieceTo;
use crate::score::{MAX_PLY, Ply, Score};
use arrayvec::ArrayVec;
use shakmaty::Move;
use std::ops::{Index, IndexMut};

/// A principal-variation line. A line starting at ply `p` has at most `MAX_PLY - 1 - p` moves: no node
/// at ply `MAX_PLY - 1` or deeper searches a move.
pub(super) type PvLine = ArrayVec<Move, MAX_PLY>;

/// Per-ply search state along the current path.
#[derive(Clone, Debug, Default)]
pub(super) struct Frame {
    /// Static evaluation (`None` in check).
    pub eval: Option<Score>,
    /// Move made from this ply (`None` for a null move or not yet).
    pub mv: Option<Move>,
    /// The piece and target square of that move, for the continuation histories below it.
    pub moved: Option<PieceTo>,
    /// Whether the move made from this ply was a null move.
    pub null: bool,
    /// The move a singular-extension search at this ply leaves out (the TT move under test).
    pub excluded: Option<Move>,
    /// Double extensions on the path from the root to this ply (bounded, so the tree stays finite).
    pub doubles: u8,
    /// The two quiet moves that last caused a cutoff at this ply in this search, newest first.
    pub killers: [Option<Move>; 2],
    /// The best line found below this ply (emptied on entering a node here).
    pub pv: PvLine,
}

impl Frame {
    /// Records a quiet move that caused a cutoff here: it becomes the first killer, and the old first
    /// killer the second, unless the move already was the first.
    pub fn add_killer(&mut self, best: Move) {
        let k = &mut self.killers;
        if k[0] != Some(best) {
            k[1] = k[0];
            k[0] = Some(best);
        }
    }
}

/// The stack is indexed by ply: `stack[ply]` is the frame of the node `ply` plies from the root.
impl Index<Ply> for [Frame] {
    type Output = Frame;
    fn index(&self, ply: Ply) -> &Frame {
        &self[ply.index()]
    }
}

impl IndexMut<Ply> for [Frame] {
    fn index_mut(&mut self, ply: Ply) -> &mut Frame {
        &mut self[ply.index()]
    }
}

impl Index<Ply> for Vec<Frame> {
    type Output = Frame;
    fn index(&self, ply: Ply) -> &Frame {
        &self[ply.index()]
    }
}

impl IndexMut<Ply> for Vec<Frame> {
    fn index_mut(&mut self, ply: Ply) -> &mut Frame {
        &mut self[ply.index()]
    }
}

/// Forgets the killers of every ply (a new search).
pub(super) fn clear_killers(stack: &mut [Frame]) {
    stack.iter_mut().for_each(|f| f.killers = [None; 2]);
}

/// Sets the line at `ply` to `m` followed by the line of `ply + 1`.
pub(super) fn update_pv(stack: &mut [Frame], ply: Ply, m: Move) {
    let (head, tail) = stack.split_at_mut(ply.index() + 1);
    let line = &mut head[ply].pv;
    line.clear();
    line.push(m);
    line.try_extend_from_slice(&tail[0].pv)
        .unwrap_or_else(|_| unreachable!("a line from ply p has at most MAX_PLY - 1 - p moves"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Role, Square};

    fn quiet(from: Square, to: Square) -> Move {
        Move::Normal { role: Role::Knight, from, capture: None, to, promotion: None }
    }

    #[test]
    fn killers_shift_and_clear() {
        let (a, b) = (quiet(Square::G1, Square::F3), quiet(Square::B1, Square::C3));
        let mut stack = vec![Frame::default(); 4];
        stack[3].add_killer(a);
        stack[3].add_killer(a);
        assert_eq!(stack[3].killers, [Some(a), None]);
        stack[3].add_killer(b);
        assert_eq!(stack[3].killers, [Some(b), Some(a)]);
        clear_killers(&mut stack);
        assert_eq!(stack[3].killers, [None; 2]);
    }

    #[test]
    fn pv_is_the_move_then_the_line_below() {
        let (a, b, c) = (quiet(Square::G1, Square::F3), quiet(Square::G8, Square::F6), quiet(Square::B1, Square::C3));
        let mut stack = vec![Frame::default(); 4];
        update_pv(&mut stack, Ply::new(2), c);
        update_pv(&mut stack, Ply::new(1), b);
        update_pv(&mut stack, Ply::ROOT, a);
        assert_eq!(stack[0].pv.as_slice(), [a, b, c]);
        stack[2].pv.clear();
        update_pv(&mut stack, Ply::new(1), c);
        assert_eq!(stack[1].pv.as_slice(), [c]);
    }
}
