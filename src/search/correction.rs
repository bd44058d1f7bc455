//! Correction history: how far searches have found the static evaluation off, by side to move and
//! pawn structure. The evaluator misjudges some formations the same way wherever they occur (a
//! blocked centre, a weak pawn it does not see); the searches below such a position learn it. The
//! correction is added to the static evaluation that pruning, reductions and `improving` read; the
//! table is per thread and kept between searches (cleared by a new game, like the histories).

use super::params::{CORRECTION_MAX, CORRECTION_WEIGHT_MAX};
use crate::eval::formation_hash;
use crate::score::{Depth, Score};
use shakmaty::{Board, Color};

/// Entries per side (a power of two).
const SIZE: usize = 16_384;
/// Entries hold centipawns times this, so that small steps accumulate.
const GRAIN: i32 = 256;
/// An update moves an entry `weight / WEIGHT_SCALE` of the way to the error just seen.
const WEIGHT_SCALE: i32 = 256;

/// Index of the pawn formation of `board` (the pawn cache's hash, given White's pawns first).
fn pawn_index(board: &Board) -> usize {
    let h = formation_hash([board.pawns() & board.white(), board.pawns() & board.black()]);
    (h >> (64 - SIZE.trailing_zeros())) as usize
}

/// The correction table of one search thread.
pub struct CorrectionHistory {
    pawn: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        Self { pawn: vec![0; 2 * SIZE] }
    }
}

impl CorrectionHistory {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.pawn.fill(0);
    }

    fn slot(board: &Board, turn: Color) -> usize {
        turn as usize * SIZE + pawn_index(board)
    }

    /// `raw` (the side to move's static evaluation) corrected, kept clear of the mate range.
    pub fn corrected(&self, board: &Board, turn: Color, raw: Score) -> Score {
        let c = self.pawn[Self::slot(board, turn)] / GRAIN;
        let bound = Score::MATE_BOUND.raw() - 1;
        Score::cp((raw.raw() + c).clamp(-bound, bound))
    }

    /// Learns from a search of `depth` that found `best` where the corrected evaluation said
    /// `corrected`: the entry moves toward the error by a weight growing with depth.
    pub fn update(&mut self, board: &Board, turn: Color, depth: Depth, best: Score, corrected: Score) {
        let error = (best.raw() - corrected.raw()) * GRAIN;
        let weight = (depth + 1).min(CORRECTION_WEIGHT_MAX.get());
        let entry = &mut self.pawn[Self::slot(board, turn)];
        let limit = CORRECTION_MAX.get() * GRAIN;
        *entry = (*entry + error * weight / WEIGHT_SCALE).clamp(-limit, limit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    fn board(fen: &str) -> Board {
        let pos: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        pos.board().clone()
    }

    #[test]
    fn corrections_follow_the_pawns_and_the_side_and_stay_bounded() {
        let a = board("r3k3/pp3ppp/8/8/8/8/PP3PPP/4K2R w - - 0 1");
        // Same pawns, other pieces: the same entry.
        let a2 = board("4k3/pp3ppp/8/3n4/8/2N5/PP3PPP/4K3 w - - 0 1");
        let b = board("r3k3/pp3ppp/8/8/8/8/PP2P1PP/4K2R w - - 0 1");
        let mut h = CorrectionHistory::default();
        let raw = Score::cp(30);
        assert_eq!(h.corrected(&a, Color::White, raw), raw);
        // Searches keep finding the position 25 cp better than it looks.
        for _ in 0..200 {
            let now = h.corrected(&a, Color::White, raw);
            h.update(&a, Color::White, 10, Score::cp(55), now);
        }
        let learned = h.corrected(&a, Color::White, raw).raw();
        assert!((50..=55).contains(&learned), "{learned}");
        assert_eq!(h.corrected(&a2, Color::White, raw).raw(), learned);
        assert_eq!(h.corrected(&a, Color::Black, raw), raw);
        assert_eq!(h.corrected(&b, Color::White, raw), raw);
        // Deeper searches weigh more; huge errors are capped.
        let mut shallow = CorrectionHistory::default();
        let mut deep = CorrectionHistory::default();
        shallow.update(&b, Color::White, 1, Score::cp(200), raw);
        deep.update(&b, Color::White, 12, Score::cp(200), raw);
        assert!(deep.corrected(&b, Color::White, raw) > shallow.corrected(&b, Color::White, raw));
        for _ in 0..500 {
            let now = h.corrected(&b, Color::Black, raw);
            h.update(&b, Color::Black, 20, Score::cp(-3000), now);
        }
        assert_eq!(h.corrected(&b, Color::Black, raw).raw(), raw.raw() - CORRECTION_MAX.get());
        h.clear();
        assert_eq!(h.corrected(&a, Color::White, raw), raw);
    }

    #[test]
    fn a_search_learns_corrections_and_the_table_keeps_the_raw_evaluation() {
        use crate::position::Position as Root;
        use crate::score::Ply;
        use crate::search::limits::Limits;
        use crate::search::{SearchJob, Worker};
        use crate::tt::Tt;
        use std::sync::Arc;

        // A quiet middlegame: most of the tree keeps the root's pawns.
        let root = Root::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8", false).unwrap();
        let tt = Arc::new(Tt::new(16).unwrap());
        let mut worker = Worker::silent();
        let job = SearchJob::standalone(root.clone(), Limits { depth: Some(8), ..Limits::default() }, Arc::clone(&tt));
        worker.run(&job);
        let raw = crate::eval::evaluate(root.chess());
        let c = root.chess();
        let corrected = worker.correction.corrected(c.board(), c.turn(), raw);
        assert_ne!(corrected, raw, "the searches below the root taught its pawn structure a correction");
        let hit = tt.probe(root.key(), Ply::ROOT).expect("the root's entry");
        assert_eq!(hit.eval, raw, "the table stores the evaluation before correction");
    }
}
