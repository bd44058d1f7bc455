//! Playing strength levels (`UCI_LimitStrength`, `UCI_Elo`): a weaker engine that still plays like
//! a player, not like a random mover. Two knobs, both from the Elo asked for:
//! - a node budget per move, so the weaker engine sees less deep (its errors are the horizon errors
//!   a weaker player makes);
//! - a choice among the best few root lines, each weighted by how much it loses against the best
//!   (`exp(-loss / temperature)`), with a cap on the loss, so a weak level sometimes prefers a
//!   plausible second-best move and never throws a piece away on purpose.
//!
//! The mapping from Elo to these knobs is calibrated against the Debian engines (see README.md).

use crate::score::Score;
use shakmaty::Move;

/// Lowest Elo offered (Stockfish's lowest level: the calibration has nothing weaker to measure by).
pub const MIN_ELO: i64 = 1350;
/// Highest Elo offered: about where the family meets full strength at 10+0.1.
pub const MAX_ELO: i64 = 2200;
/// Elo announced as the option's default.
pub const DEFAULT_ELO: i64 = 1800;
/// Root lines weighed when choosing a move.
pub const LINES: usize = 4;

// The levels form one family indexed by a "rung": a node budget that doubles every
// `NODES_DOUBLING_RUNGS` and a temperature that falls linearly to zero at `TEMPERATURE_ZERO_RUNG`.
// A level's rung comes from a straight line fitted to matches of rungs against Stockfish 15.1 at
// the same and nearby `UCI_Elo` levels (`scripts/calibrate-strength.sh`, `scripts/strength_fit.py`,
// 10+0.1; README.md has the table): rungs 1635, 2227 and 2885 played like Stockfish's 1413, 1804
// and 2141 (build 12fde3a, 40 games each).

/// A point of the fitted line: the rung that plays like Stockfish at `ANCHOR_ELO`.
const ANCHOR_ELO: f64 = 1786.0;
/// The rung at `ANCHOR_ELO`.
const ANCHOR_RUNG: f64 = 2249.0;
/// Stockfish Elo gained per rung (the fitted slope).
const ELO_PER_RUNG: f64 = 0.582;
/// Nodes per move at rung 1000.
const NODES_AT_RUNG_1000: f64 = 300.0;
/// Rungs per doubling of the node budget.
const NODES_DOUBLING_RUNGS: f64 = 200.0;
/// Temperature (centipawns) at rung 1000.
const TEMPERATURE_AT_RUNG_1000: f64 = 120.0;
/// Rung from which the best line is always played.
const TEMPERATURE_ZERO_RUNG: f64 = 2600.0;
/// A move losing more than this many temperatures against the best is never chosen.
const MAX_LOSS_IN_TEMPERATURES: f64 = 2.5;

/// A strength level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    elo: i64,
}

impl Strength {
    /// The level for `elo`, clamped to the offered range.
    pub fn new(elo: i64) -> Self {
        Self { elo: elo.clamp(MIN_ELO, MAX_ELO) }
    }

    /// The Elo of this level.
    pub fn elo(self) -> i64 {
        self.elo
    }

    /// Where this level sits in the family of knobs.
    fn rung(self) -> f64 {
        ANCHOR_RUNG + (self.elo as f64 - ANCHOR_ELO) / ELO_PER_RUNG
    }

    /// Nodes per move.
    pub fn nodes(self) -> u64 {
        let doublings = (self.rung() - 1000.0) / NODES_DOUBLING_RUNGS;
        (NODES_AT_RUNG_1000 * doublings.exp2()) as u64
    }

    /// Weighting temperature in centipawns (zero at the strong levels: always the best line).
    fn temperature(self) -> f64 {
        let share = (TEMPERATURE_ZERO_RUNG - self.rung()) / (TEMPERATURE_ZERO_RUNG - 1000.0);
        TEMPERATURE_AT_RUNG_1000 * share.max(0.0)
    }

    /// Chooses among root lines `(score, first move)`, best first, with `random` uniform in
    /// `0.0..1.0`. Mates are never given up: when the best line mates, it is played.
    pub fn choose(self, lines: &[(Score, Move)], random: f64) -> Option<Move> {
        let &(best, best_move) = lines.first()?;
        let t = self.temperature();
        if t <= 0.0 || best.is_mate() {
            return Some(best_move);
        }
        let weights: Vec<(f64, Move)> = lines
            .iter()
            .filter(|(s, _)| !s.is_mate())
            .map(|&(s, m)| (f64::from((best - s).max(0)), m))
            .filter(|&(loss, _)| loss <= MAX_LOSS_IN_TEMPERATURES * t)
            .map(|(loss, m)| ((-loss / t).exp(), m))
            .collect();
        let total: f64 = weights.iter().map(|w| w.0).sum();
        let mut target = random.clamp(0.0, 1.0) * total;
        for &(w, m) in &weights {
            if target < w {
                return Some(m);
            }
            target -= w;
        }
        Some(best_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::score::Ply;
    use shakmaty::{Role, Square};

    fn mv(from: Square, to: Square) -> Move {
        Move::Normal { role: Role::Knight, from, capture: None, to, promotion: None }
    }

    #[test]
    fn budgets_grow_with_elo() {
        assert_eq!(Strength::new(0).elo(), MIN_ELO);
        assert_eq!(Strength::new(9999).elo(), MAX_ELO);
        // 400 Elo are 687 rungs, 3.44 doublings of the budget.
        let low = Strength::new(MIN_ELO).nodes();
        assert_eq!(Strength::new(MIN_ELO + 400).nodes() * 10 / low, 108);
        assert!(Strength::new(2000).nodes() < Strength::new(2200).nodes());
    }

    #[test]
    fn choices_follow_the_losses() {
        let (a, b, c) = (mv(Square::G1, Square::F3), mv(Square::B1, Square::C3), mv(Square::G1, Square::H3));
        let lines = [(Score::cp(50), a), (Score::cp(30), b), (Score::cp(-400), c)];
        let weak = Strength::new(MIN_ELO);
        let mut rng = Rng::xorshift(7);
        let mut counts = [0; 3];
        for _ in 0..2000 {
            match weak.choose(&lines, rng.next_f64()) {
                Some(m) if m == a => counts[0] += 1,
                Some(m) if m == b => counts[1] += 1,
                _ => counts[2] += 1,
            }
        }
        // The 20 cp worse move is played often but less than the best; the blunder never.
        assert!(counts[0] > counts[1] && counts[1] > 500, "{counts:?}");
        assert_eq!(counts[2], 0);
        // The top level always plays the best line; a mate is never given up.
        assert_eq!(Strength::new(MAX_ELO).choose(&lines, 0.99), Some(a));
        let mating = [(Score::mate_in(Ply::new(3)), c), (Score::cp(900), a)];
        assert_eq!(weak.choose(&mating, 0.99), Some(c));
        assert_eq!(weak.choose(&[], 0.5), None);
    }
}
