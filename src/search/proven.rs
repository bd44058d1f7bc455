//! What a reported line's result is known to be, beyond a heuristic score ([`Proven`]): a mate, a
//! tablebase verdict (the tables' ranking of the root, or a tablebase score the search reached),
//! or a line that ends in a draw the rules or the tables settle (repetition, fifty moves,
//! insufficient material, stalemate, a table's draw). Read once per reported line from its score,
//! bound and principal variation; nothing in the search's tree walk depends on it. The UCI side
//! shows a proven result as a certain win, draw or loss instead of the outcome model's estimate.

use super::worker::Worker;
use crate::score::{MAX_PLY, Ply, Score};
use crate::syzygy::TB_WIN;
use crate::tt::Bound;
use shakmaty::{Move, Position as _};

/// A result the search has settled for a line, from the view of the side to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proven {
    /// The side to move wins (a mate, or a tablebase win).
    Win,
    /// A draw: by rule at the end of the line, or by the tables.
    Draw,
    /// The side to move loses.
    Loss,
}

/// Whether a score is a tablebase win's (`TB_WIN - ply` for a ply of the search), not a mate's.
fn is_table_win(score: Score) -> bool {
    !score.is_mate() && score >= TB_WIN - Ply::new(MAX_PLY)
}

/// What a score alone proves: a mate or a tablebase result, unless the bound leaves it open (a win
/// that is only an upper bound, a loss that is only a lower bound).
pub fn by_score(score: Score, bound: Option<Bound>) -> Option<Proven> {
    let win = score.mate_moves().is_some_and(|n| n > 0) || is_table_win(score);
    let loss = score.mate_moves().is_some_and(|n| n <= 0) || is_table_win(-score);
    if win && bound != Some(Bound::Upper) {
        Some(Proven::Win)
    } else if loss && bound != Some(Bound::Lower) {
        Some(Proven::Loss)
    } else {
        None
    }
}

/// The result of the tables' ranking of the root (`Syzygy::rank_root`): a win scores [`TB_WIN`],
/// a draw 0, and a win or loss that the fifty-move rule turns into a draw one centipawn.
pub fn by_root_table(score: Score) -> Proven {
    match score.raw() {
        s if s > 1 => Proven::Win,
        s if s < -1 => Proven::Loss,
        _ => Proven::Draw,
    }
}

impl Worker {
    /// What is proven about a line reported at the root with this score, bound and PV. `table_root`:
    /// the score is the tables' verdict on the root (see `report_line`).
    pub(super) fn proven(
        &mut self,
        score: Score,
        bound: Option<Bound>,
        pv: &[Move],
        table_root: bool,
    ) -> Option<Proven> {
        if table_root && !score.is_mate() {
            return Some(by_root_table(score));
        }
        if let Some(p) = by_score(score, bound) {
            return Some(p);
        }
        if bound.is_some() || score.raw().abs() > 1 {
            return None;
        }
        // A draw score is proven when the line ends where the search scored a draw without
        // evaluating: the score is that draw's, carried up the line unchanged.
        for &m in pv {
            self.pos.make(m);
        }
        let leaf = self.draw_here();
        for _ in pv {
            self.pos.unmake();
        }
        let at_root = |s: Score| if pv.len().is_multiple_of(2) { s } else { -s };
        leaf.filter(|&s| at_root(s) == score).map(|_| Proven::Draw)
    }

    /// The score of the current position if the rules or the tables make it a draw (from its side
    /// to move's view: 0, or one centipawn either way for a table result the fifty-move rule draws).
    fn draw_here(&self) -> Option<Score> {
        let pos = &self.pos;
        // The stalemate test, which generates moves, is asked last.
        let stalemate = || !pos.in_check() && pos.legal_moves().is_empty();
        if pos.is_repetition() || pos.is_fifty_move_draw() || pos.is_insufficient_material() || stalemate() {
            return Some(Score::DRAW);
        }
        let tb = self.info.tb.syzygy.as_ref()?;
        let chess = pos.chess();
        if chess.board().occupied().count() > tb.cardinality() || chess.castles().any() {
            return None;
        }
        // A draw after a zeroing move stays a draw however many moves have passed since one.
        let (score, bound) = tb.wdl_score(tb.probe_wdl(chess)?, Ply::ROOT);
        (bound == Bound::Exact).then_some(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_and_table_scores_are_proven_unless_the_bound_leaves_them_open() {
        let mate = Score::mate_in(Ply::new(5));
        assert_eq!(by_score(mate, None), Some(Proven::Win));
        assert_eq!(by_score(mate, Some(Bound::Lower)), Some(Proven::Win));
        assert_eq!(by_score(mate, Some(Bound::Upper)), None);
        assert_eq!(by_score(-mate, None), Some(Proven::Loss));
        assert_eq!(by_score(-mate, Some(Bound::Lower)), None);
        assert_eq!(by_score(Score::mated_in(Ply::ROOT), None), Some(Proven::Loss));
        let table = TB_WIN - Ply::new(7);
        assert_eq!(by_score(table, None), Some(Proven::Win));
        assert_eq!(by_score(-table, Some(Bound::Upper)), Some(Proven::Loss));
        for cp in [0, 1, -1, 150, -2500, 20_000] {
            assert_eq!(by_score(Score::cp(cp), None), None, "{cp}");
        }
    }

    #[test]
    fn the_root_tables_verdict() {
        assert_eq!(by_root_table(TB_WIN), Proven::Win);
        assert_eq!(by_root_table(-TB_WIN), Proven::Loss);
        for cp in [-1, 0, 1] {
            assert_eq!(by_root_table(Score::cp(cp)), Proven::Draw);
        }
    }
}
