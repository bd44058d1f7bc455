//! What a `go` asks for ([`Limits`]) and how long to think ([`TimeManager`]): a soft limit (do not start
//! another iteration) and a hard limit (abort mid-iteration). Pondering time is not counted: the clock
//! starts again at `ponderhit`.

use super::params::{
    TM_HARD_SCALE, TM_INC_SHARE, TM_LAST_MOVE_CAP, TM_MAX_MOVES_TO_GO, TM_MOVE_CAP, TM_SOFT_SCALE,
    TM_SUDDEN_DEATH_MOVES,
};
use super::strength::Strength;
use crate::score::Depth;
use shakmaty::Move;
use std::time::Duration;

/// The side to move's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Increment per move.
    pub inc: Duration,
    /// Moves to the next time control, if any.
    pub movestogo: Option<u32>,
}

/// Limits of one search, already resolved to the side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth.
    pub depth: Option<Depth>,
    /// Exact node budget.
    pub nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Clock of the side to move.
    pub clock: Option<Clock>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Pondering: search until `ponderhit` or `stop`, then obey the other limits.
    pub ponder: bool,
    /// Restrict the root to these moves (empty: all).
    pub searchmoves: Vec<Move>,
    /// Play at a strength level (`UCI_LimitStrength`).
    pub strength: Option<Strength>,
}

impl Limits {
    /// Whether the search may stop on its own by time (and so may move at once with one legal move).
    pub fn is_timed(&self) -> bool {
        !self.infinite && self.depth.is_none() && self.nodes.is_none() && self.mate.is_none()
    }

    /// Whether a limit of its own (depth, nodes, a time) ends the search, once any pondering is over;
    /// otherwise only `stop` does (`infinite`, a bare `go`, or `mate` alone).
    pub fn ends_by_itself(&self) -> bool {
        !self.infinite
            && (self.depth.is_some() || self.nodes.is_some() || self.movetime.is_some() || self.clock.is_some())
    }
}

/// Deadlines measured from the moment thinking on our clock starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeManager {
    /// Do not start a new iteration after this.
    pub soft: Option<Duration>,
    /// Abort the search after this.
    pub hard: Option<Duration>,
}

impl TimeManager {
    /// Plans the time for one move. `overhead` is the GUI/transport latency to keep in reserve.
    pub fn new(limits: &Limits, overhead: Duration) -> Self {
        if limits.infinite {
            return Self { soft: None, hard: None };
        }
        if let Some(mt) = limits.movetime {
            let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
            return Self { soft: Some(t), hard: Some(t) };
        }
        let Some(clock) = limits.clock else {
            return Self { soft: None, hard: None };
        };
        let avail = clock.time.saturating_sub(overhead).max(Duration::from_millis(1));
        let mtg = clock.movestogo.unwrap_or(TM_SUDDEN_DEATH_MOVES).clamp(1, TM_MAX_MOVES_TO_GO);
        // The most one move may take: nearly all of it before a time control, else a fraction.
        let cap = if mtg == 1 { avail.mul_f64(TM_LAST_MOVE_CAP) } else { avail.mul_f64(TM_MOVE_CAP) };
        let base = avail / mtg + clock.inc.mul_f64(TM_INC_SHARE);
        let soft = base.mul_f64(TM_SOFT_SCALE).min(cap);
        let hard = base.mul_f64(TM_HARD_SCALE).min(cap);
        Self { soft: Some(soft), hard: Some(hard) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock { time: Duration::from_millis(ms), inc: Duration::from_millis(inc), movestogo: mtg }),
            ..Limits::default()
        }
    }

    #[test]
    fn never_plans_beyond_the_clock() {
        let overhead = Duration::from_millis(30);
        for (ms, inc, mtg) in [(1000, 10, None), (50, 0, None), (5000, 0, Some(40)), (130, 0, Some(1)), (10, 0, None)] {
            let tm = TimeManager::new(&clock(ms, inc, mtg), overhead);
            let hard = tm.hard.unwrap();
            assert!(tm.soft.unwrap() <= hard);
            assert!(hard <= Duration::from_millis(ms.saturating_sub(30).max(1)), "{ms}+{inc}/{mtg:?}: {hard:?}");
        }
    }

    #[test]
    fn what_ends_a_search_by_itself() {
        assert!(!Limits::default().ends_by_itself());
        assert!(!Limits { mate: Some(2), ..Limits::default() }.ends_by_itself());
        assert!(!Limits { infinite: true, depth: Some(3), ..Limits::default() }.ends_by_itself());
        assert!(Limits { depth: Some(3), ..Limits::default() }.ends_by_itself());
        assert!(Limits { nodes: Some(3), mate: Some(1), ..Limits::default() }.ends_by_itself());
        assert!(Limits { movetime: Some(Duration::from_millis(5)), ..Limits::default() }.ends_by_itself());
        assert!(clock(0, 0, None).ends_by_itself());
    }

    #[test]
    fn movetime_and_infinite() {
        let l = Limits { movetime: Some(Duration::from_millis(500)), ..Limits::default() };
        assert_eq!(TimeManager::new(&l, Duration::from_millis(30)).hard, Some(Duration::from_millis(470)));
        let inf = Limits { infinite: true, ..clock(1000, 0, None) };
        assert_eq!(TimeManager::new(&inf, Duration::ZERO).hard, None);
    }
}
