//! The outcome chances behind `UCI_ShowWDL`: certain for a result the search has proved
//! ([`Proven`]: a mate, the tables, a draw by rule), and otherwise the score-to-outcome model, how
//! often a position that Brudno scores `s` centipawns ends in a win, a draw or a loss, by the
//! material left on the board.
//!
//! As in Stockfish, `P(win) = 1 / (1 + exp((a - s) / b))` and `P(loss) = 1 / (1 + exp((a + s) / b))`,
//! with `a` (the score of an even chance to win) and `b` (how fast the chance grows) polynomials of
//! degree up to 3 in `m = material / 58` (material counted 1/3/3/5/9 by [`crate::material`],
//! clamped to 17..=78). The coefficients are fitted by `brudno tune wdl` to the engine's own games at
//! 8+0.08 (the fit is quadratic: 240 games support no more; README.md has the data and calibration).

use crate::search::{Iteration, Proven};
use shakmaty::Board;

/// Coefficients of the model: `a(m)` and `b(m)`, lowest power first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    /// Score (cp) with an even chance to win, as a polynomial in `m` (lowest power first).
    pub a: [f64; 4],
    /// Spread (cp), as a polynomial in `m`.
    pub b: [f64; 4],
}

/// Win, draw and loss chances in per mille; they sum to 1000.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Wins per mille.
    pub win: u32,
    /// Draws per mille.
    pub draw: u32,
    /// Losses per mille.
    pub loss: u32,
}

/// The fitted model (see the module documentation; the fit's data and figures are in README.md).
pub const MODEL: WdlModel = WdlModel { a: [373.69, -583.57, 286.18, 0.0], b: [105.94, -124.89, 86.28, 0.0] };

/// Material on the board counted 1/3/3/5/9 ([`crate::material`]) for both sides.
pub fn material(board: &Board) -> u32 {
    crate::material::on(board, board.occupied())
}

impl WdlModel {
    /// `a` and `b` at this much material.
    pub fn params(&self, material: u32) -> (f64, f64) {
        let m = f64::from(material.clamp(17, 78)) / 58.0;
        let poly = |c: &[f64; 4]| ((c[3] * m + c[2]) * m + c[1]) * m + c[0];
        (poly(&self.a), poly(&self.b).max(1.0))
    }

    /// Win and loss probabilities of a score (cp, side to move's view).
    pub fn probabilities(&self, score: f64, material: u32) -> (f64, f64) {
        let (a, b) = self.params(material);
        let win = 1.0 / (1.0 + ((a - score) / b).exp());
        let loss = 1.0 / (1.0 + ((a + score) / b).exp());
        (win, loss)
    }

    /// Per-mille outcome chances of a score (cp, side to move's view). An estimate is never
    /// certain: no outcome reaches 1000 (that is kept for results the search has proved).
    pub fn wdl(&self, score: f64, material: u32) -> Wdl {
        let (w, l) = self.probabilities(score, material);
        let win = (w * 1000.0).round().clamp(0.0, 999.0) as u32;
        let loss = ((l * 1000.0).round().clamp(0.0, 999.0) as u32).min(1000 - win);
        Wdl { win, draw: 1000 - win - loss, loss }
    }
}

impl Wdl {
    /// The certain outcome of a proven result.
    pub const fn certain(p: Proven) -> Wdl {
        match p {
            Proven::Win => Wdl { win: 1000, draw: 0, loss: 0 },
            Proven::Draw => Wdl { win: 0, draw: 1000, loss: 0 },
            Proven::Loss => Wdl { win: 0, draw: 0, loss: 1000 },
        }
    }
}

/// The outcome chances shown for a reported line at the root position `board`: certain when the
/// search has proved the result (a mate, the tables, a draw by rule), else the model's estimate.
pub fn of_line(it: &Iteration, board: &Board) -> Wdl {
    match it.proven {
        Some(p) => Wdl::certain(p),
        None => MODEL.wdl(f64::from(it.score.raw()), material(board)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    #[test]
    fn start_position_material_and_symmetry() {
        assert_eq!(material(Chess::default().board()), 78);
        for m in [17, 30, 50, 78] {
            let even = MODEL.wdl(0.0, m);
            assert_eq!(even.win, even.loss, "material {m}");
            for s in [-800.0, -150.0, 20.0, 300.0] {
                let x = MODEL.wdl(s, m);
                let y = MODEL.wdl(-s, m);
                assert_eq!(x.win + x.draw + x.loss, 1000);
                assert!(x.win.abs_diff(y.loss) <= 1 && x.loss.abs_diff(y.win) <= 1, "{s} {m}: {x:?} {y:?}");
            }
        }
    }

    #[test]
    fn more_score_more_wins() {
        for m in [20, 60, 78] {
            let mut last = MODEL.wdl(-1000.0, m);
            for s in (-950..=1000).step_by(50) {
                let w = MODEL.wdl(f64::from(s), m);
                assert!(w.win >= last.win && w.loss <= last.loss, "{s} {m}");
                last = w;
            }
            assert!(MODEL.wdl(1000.0, m).win > 900 && MODEL.wdl(-1000.0, m).loss > 900);
        }
    }

    #[test]
    fn draws_are_likeliest_at_an_even_score_and_the_start_is_draw_heavy() {
        for m in [17, 30, 50, 78] {
            let mut last = MODEL.wdl(0.0, m);
            for s in (25..=1000).step_by(25) {
                let w = MODEL.wdl(f64::from(s), m);
                assert!(w.draw <= last.draw, "{s} {m}: {w:?} after {last:?}");
                last = w;
            }
        }
        // The fitted games: at full material a small edge is mostly a draw (the 5000-node fit
        // before it gave 345/358/297 at +24).
        let start = MODEL.wdl(24.0, 78);
        assert!(start.draw > 450 && start.win > start.loss, "{start:?}");
    }

    #[test]
    fn an_estimate_is_never_certain_a_proof_is() {
        for m in [0, 17, 40, 78, 100] {
            for s in [-30_000.0, -3000.0, -900.0, 0.0, 900.0, 3000.0, 30_000.0] {
                let w = MODEL.wdl(s, m);
                assert_eq!(w.win + w.draw + w.loss, 1000);
                assert!(w.win < 1000 && w.draw < 1000 && w.loss < 1000, "{s} {m}: {w:?}");
            }
        }
        assert_eq!(Wdl::certain(Proven::Win), Wdl { win: 1000, draw: 0, loss: 0 });
        assert_eq!(Wdl::certain(Proven::Draw), Wdl { win: 0, draw: 1000, loss: 0 });
        assert_eq!(Wdl::certain(Proven::Loss), Wdl { win: 0, draw: 0, loss: 1000 });
    }
}
