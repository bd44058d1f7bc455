//! The static evaluator: tapered material and piece-square tables, from the side to move's view.
//!
//! Computed from scratch from the bitboards with no allocation (at most 32 table lookups). Knows nothing
//! of search. The values are fitted to game results by `brudno tune` and live in [`params`]; the
//! layout, phase weights and tempo are in [`pst`].

pub mod params;
pub mod pst;

use crate::score::Score;
use params::{MATERIAL, PST};
use pst::{PHASE_TOTAL, PHASE_WEIGHT, TEMPO};
use shakmaty::{Chess, Color, Position, Role};

/// Middlegame and endgame halves of a term, White minus Black.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    /// Middlegame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
}

/// The evaluation taken apart, for `eval` output and tests.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// Material, White minus Black.
    pub material: Split,
    /// Piece-square values, White minus Black.
    pub pst: Split,
    /// Game phase, `PHASE_TOTAL` (opening) down to 0 (bare kings and pawns).
    pub phase: i32,
    /// Tempo bonus given to the side to move.
    pub tempo: i32,
    /// The final score, side to move's view.
    pub total: Score,
}

/// Blends a middlegame and endgame value by phase.
fn taper(s: Split, phase: i32) -> i32 {
    (s.mg * phase + s.eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL
}

/// The evaluation with its breakdown.
pub fn trace(chess: &Chess) -> Trace {
    let board = chess.board();
    let mut t = Trace::default();
    let mut phase = 0;
    for role in Role::ALL {
        let r = role as usize - 1;
        let (mat_mg, mat_eg) = MATERIAL[r];
        let (tab_mg, tab_eg) = &PST[r];
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            let flip = if color == Color::White { 56 } else { 0 };
            for sq in board.by_role(role) & board.by_color(color) {
                let i = sq as usize ^ flip;
                t.material.mg += sign * mat_mg;
                t.material.eg += sign * mat_eg;
                t.pst.mg += sign * tab_mg[i];
                t.pst.eg += sign * tab_eg[i];
                phase += PHASE_WEIGHT[r];
            }
        }
    }
    t.phase = phase.min(PHASE_TOTAL);
    t.tempo = TEMPO;
    let white = taper(Split { mg: t.material.mg + t.pst.mg, eg: t.material.eg + t.pst.eg }, t.phase);
    let stm = if chess.turn() == Color::White { white } else { -white };
    t.total = Score(stm + TEMPO);
    t
}

/// Static evaluation in centipawns from the side to move's point of view.
#[inline]
pub fn evaluate(chess: &Chess) -> Score {
    trace(chess).total
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode};

    fn mirrored(chess: &Chess) -> Chess {
        let setup = chess.to_setup(EnPassantMode::Legal).into_mirrored();
        setup.position(CastlingMode::Standard).unwrap()
    }

    fn load(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn startpos_is_tempo_only() {
        assert_eq!(evaluate(&Chess::default()), Score(TEMPO));
        assert_eq!(trace(&Chess::default()).phase, PHASE_TOTAL);
    }

    /// Every position of the bundled perft, mate and WAC suites (the FEN fields of each line).
    fn suite_positions() -> Vec<Chess> {
        let files = [
            include_str!("../../tests/data/perft/standard.epd"),
            include_str!("../../tests/data/mate_in_1to4.epd"),
            include_str!("../../tests/data/wac40.epd"),
        ];
        let lines = files.iter().flat_map(|f| f.lines()).filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        lines
            .filter_map(|l| {
                let fen = l.split(';').next()?.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
                fen.parse::<Fen>().ok()?.into_position(CastlingMode::Standard).ok()
            })
            .collect()
    }

    #[test]
    fn colour_flip_is_symmetric() {
        let positions = suite_positions();
        assert!(positions.len() >= 400, "only {} positions", positions.len());
        for c in &positions {
            let m = mirrored(c);
            assert_eq!(evaluate(c), evaluate(&m), "{}", Fen::from_position(c, EnPassantMode::Legal));
            let (t, tm) = (trace(c), trace(&m));
            assert_eq!((t.material.mg, t.pst.eg, t.phase), (-tm.material.mg, -tm.pst.eg, tm.phase));
        }
    }

    #[test]
    fn extra_queen_is_winning() {
        let c = load("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!(evaluate(&c).0 > 800);
        let b = load("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(evaluate(&b).0 < -800);
    }
}
