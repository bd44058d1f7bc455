//! Playing strength levels (`UCI_LimitStrength`, `UCI_Elo`): a weaker engine that still plays like
//! a player, not like a random mover. Two knobs, both from the Elo asked for:
//! - a node budget per move, so the weaker engine sees less deep (its errors are the horizon errors
//!   a weaker player makes);
//! - a choice among the best few root lines, each weighted by how much it loses against the best
//!   (`exp(-loss / temperature)`), with a cap on the loss, so a weak level sometimes prefers a
//!   plausible second-best move and never throws a piece away on purpose.
//!
//! The mapping from Elo to these knobs is calibrated against Stockfish 15.1's `UCI_Elo` levels (see
//! README.md). A level at or above the engine's own measured strength ([`FULL_STRENGTH_ELO`]) is
//! full strength: no level plays stronger than the engine. `Skill Level` (0–20) is a second name for
//! the same ladder ([`skill_elo`]); [`Strength::from_options`] is the one place the options become a
//! level.

use crate::score::Score;
use shakmaty::Move;

/// Lowest Elo offered (Stockfish's lowest level: the calibration has nothing weaker to measure by).
pub const MIN_ELO: i64 = 1350;
/// Highest Elo offered (Stockfish's highest level); everything from [`FULL_STRENGTH_ELO`] up is
/// full strength.
pub const MAX_ELO: i64 = 2850;
/// The Elo from which a level is full strength (no limit): Brudno at full strength on Stockfish
/// 15.1's `UCI_Elo` scale at 10+0.1. Source: README.md's calibration, full strength (build fdb4ef5)
/// against Stockfish 15.1 at `UCI_Elo` 2400 (+11 =19 −20) and 2600 (+8 =21 −21), 100 games: the
/// rating at which the logistic model expects the points it scored is 2416.
pub const FULL_STRENGTH_ELO: i64 = 2416;
/// Elo announced as the option's default.
pub const DEFAULT_ELO: i64 = 1800;
/// Root lines weighed when choosing a move (levels whose temperature is above zero).
pub const LINES: usize = 4;
/// Lowest `Skill Level`: [`MIN_ELO`].
pub const MIN_SKILL: i64 = 0;
/// Highest `Skill Level`, its default: full strength ([`FULL_STRENGTH_ELO`]).
pub const MAX_SKILL: i64 = 20;

// The levels form one family indexed by a "rung": a node budget that doubles every
// `NODES_DOUBLING_RUNGS` and a temperature that falls linearly to zero at `TEMPERATURE_ZERO_RUNG`.
// A level's rung comes from a straight line fitted to matches of rungs against Stockfish 15.1
// (`scripts/calibrate-strength.sh`, `scripts/strength_fit.py`, 10+0.1, 100 games a match; README.md
// has the table): rungs 1586, 2273, 2960 and 3276 played like Stockfish's 1340, 1863, 2256 and 2368
// (build fdb4ef5, bench 7150406).

/// A point of the fitted line: the rung that plays like Stockfish at `ANCHOR_ELO`.
const ANCHOR_ELO: f64 = 2039.0;
/// The rung at `ANCHOR_ELO`.
const ANCHOR_RUNG: f64 = 2674.0;
/// Stockfish Elo gained per rung (the fitted slope).
const ELO_PER_RUNG: f64 = 0.599;
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

/// The Elo of `Skill Level` `skill` (clamped to 0–20): a straight line from [`MIN_ELO`] at 0 to
/// [`FULL_STRENGTH_ELO`] at 20, about 53 Elo a step (19 is 2362; 20, full strength, has no limit).
pub fn skill_elo(skill: i64) -> i64 {
    let skill = skill.clamp(MIN_SKILL, MAX_SKILL);
    MIN_ELO + (FULL_STRENGTH_ELO - MIN_ELO) * (skill - MIN_SKILL) / (MAX_SKILL - MIN_SKILL)
}

/// A strength level below full strength (full strength is no level: `None` where one is optional).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    elo: i64,
}

impl Strength {
    /// The level for `elo` (below [`MIN_ELO`]: that), or `None` from [`FULL_STRENGTH_ELO`] up: full
    /// strength, no limit.
    pub fn from_elo(elo: i64) -> Option<Self> {
        (elo < FULL_STRENGTH_ELO).then(|| Self { elo: elo.max(MIN_ELO) })
    }

    /// The level of `Skill Level` `skill` (see [`skill_elo`]); `None` at 20, full strength.
    pub fn from_skill(skill: i64) -> Option<Self> {
        Self::from_elo(skill_elo(skill))
    }

    /// The level the options ask for, as in Stockfish: with `UCI_LimitStrength` on, `UCI_Elo`
    /// (`elo`) governs; otherwise a `Skill Level` below 20 limits; `None` is full strength.
    pub fn from_options(limit_strength: bool, elo: i64, skill: i64) -> Option<Self> {
        if limit_strength { Self::from_elo(elo) } else { Self::from_skill(skill) }
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

    /// Root lines to search: [`LINES`] to choose among, or one where the temperature is zero and the
    /// best line is always played (more would spend the node budget on lines never played).
    pub fn lines(self) -> usize {
        if self.temperature() > 0.0 { LINES } else { 1 }
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

    fn level(elo: i64) -> Strength {
        Strength::from_elo(elo).unwrap_or_else(|| panic!("{elo} is full strength"))
    }

    #[test]
    fn budgets_grow_with_elo_up_to_full_strength() {
        assert_eq!(level(0).elo(), MIN_ELO);
        // 400 Elo are 668 rungs, 3.34 doublings of the budget.
        let low = level(MIN_ELO).nodes();
        assert_eq!(level(MIN_ELO + 400).nodes() * 10 / low, 101);
        for elo in MIN_ELO..FULL_STRENGTH_ELO - 1 {
            assert!(level(elo).nodes() < level(elo + 1).nodes(), "{elo}");
            assert!(level(elo).lines() >= level(elo + 1).lines(), "{elo}");
        }
        // The ceiling, Stockfish's top level and anything above are full strength: no limit.
        for elo in [FULL_STRENGTH_ELO, FULL_STRENGTH_ELO + 1, MAX_ELO, 9999] {
            assert_eq!(Strength::from_elo(elo), None, "{elo}");
        }
        // The top level below it has a budget of about 870 000 nodes (rung 3302).
        assert_eq!(level(FULL_STRENGTH_ELO - 1).nodes() / 10_000, 87);
    }

    #[test]
    fn levels_that_always_play_the_best_line_search_one() {
        // The temperature reaches zero at rung 2600, UCI_Elo 1995 by the fitted line.
        assert_eq!(level(MIN_ELO).lines(), LINES);
        assert_eq!(level(1994).lines(), LINES);
        assert_eq!(level(1995).lines(), 1);
        assert_eq!(level(FULL_STRENGTH_ELO - 1).lines(), 1);
        for elo in MIN_ELO..FULL_STRENGTH_ELO {
            assert_eq!(level(elo).lines() == 1, level(elo).temperature() == 0.0, "{elo}");
        }
    }

    #[test]
    fn skill_levels_are_the_same_ladder() {
        assert_eq!(skill_elo(0), MIN_ELO);
        assert_eq!(skill_elo(10), 1883);
        assert_eq!(skill_elo(19), 2362);
        assert_eq!(skill_elo(20), FULL_STRENGTH_ELO);
        assert_eq!((skill_elo(-5), skill_elo(99)), (MIN_ELO, FULL_STRENGTH_ELO));
        for s in MIN_SKILL..MAX_SKILL {
            assert!(skill_elo(s) < skill_elo(s + 1));
            assert_eq!(Strength::from_skill(s), Strength::from_elo(skill_elo(s)));
        }
        assert_eq!(Strength::from_skill(MAX_SKILL), None);
        // UCI_LimitStrength on: UCI_Elo governs, whatever the skill; off: the skill does.
        assert_eq!(Strength::from_options(true, 1500, 0), Strength::from_elo(1500));
        assert_eq!(Strength::from_options(true, MAX_ELO, 0), None);
        assert_eq!(Strength::from_options(false, 1500, 20), None);
        assert_eq!(Strength::from_options(false, 1500, 5), Strength::from_elo(skill_elo(5)));
    }

    #[test]
    fn choices_follow_the_losses() {
        let (a, b, c) = (mv(Square::G1, Square::F3), mv(Square::B1, Square::C3), mv(Square::G1, Square::H3));
        let lines = [(Score::cp(50), a), (Score::cp(30), b), (Score::cp(-400), c)];
        let weak = level(MIN_ELO);
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
        assert_eq!(level(FULL_STRENGTH_ELO - 1).choose(&lines, 0.99), Some(a));
        let mating = [(Score::mate_in(Ply::new(3)), c), (Score::cp(900), a)];
        assert_eq!(weak.choose(&mating, 0.99), Some(c));
        assert_eq!(weak.choose(&[], 0.5), None);
    }
}
