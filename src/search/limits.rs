//! What a `go` asks for ([`Limits`]) and how long to think ([`TimeManager`]): a soft limit (do not start
//! another iteration) and a hard limit (abort mid-iteration). Pondering time is not counted: the clock
//! starts again at `ponderhit`. Under `nodestime` the same plan is read in nodes (see [`Limits::nodestime`]).
//! A strength level that spent its node budget early lingers until a share of the soft limit has
//! passed ([`TimeManager::linger`]).

use super::params::{
    TM_HARD_SCALE, TM_INC_SHARE, TM_LAST_MOVE_CAP, TM_LEVEL_SHARE, TM_MAX_MOVES_TO_GO, TM_MOVE_CAP, TM_NODE_SHARE_BASE,
    TM_NODE_SHARE_SCALE, TM_SOFT_SCALE, TM_STABILITY, TM_SUDDEN_DEATH_MOVES,
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
    /// The clock counts nodes, this many per millisecond (`nodestime`): time spent is the nodes
    /// searched, so a loaded machine cannot change how much a move is searched.
    pub nodestime: Option<u64>,
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
    /// Whether the soft limit follows the search (a clock), or is fixed (`movetime`, none).
    pub adaptive: bool,
    /// A strength level whose node budget ran out before this much time passed on its clock waits
    /// until it has (`None`: answer at once). Only a level on a real clock (`wtime`/`btime` or
    /// `movetime`) lingers: never full strength, `go infinite`, `go ponder`, `go nodes`, `go depth`,
    /// `go mate` or a `nodestime` clock (which counts nodes, not waiting).
    pub linger: Option<Duration>,
}

impl TimeManager {
    /// Plans the time for one move. `overhead` is the GUI/transport latency to keep in reserve.
    pub fn new(limits: &Limits, overhead: Duration) -> Self {
        let mut tm = Self::plan(limits, overhead);
        let lingers = limits.strength.is_some() && limits.is_timed() && !limits.ponder && limits.nodestime.is_none();
        tm.linger = tm.soft.filter(|_| lingers).map(|soft| soft.mul_f64(TM_LEVEL_SHARE));
        tm
    }

    /// The soft and hard limits.
    fn plan(limits: &Limits, overhead: Duration) -> Self {
        let none = Self { soft: None, hard: None, adaptive: false, linger: None };
        if limits.infinite {
            return none;
        }
        if let Some(mt) = limits.movetime {
            let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
            return Self { soft: Some(t), hard: Some(t), ..none };
        }
        let Some(clock) = limits.clock else {
            return none;
        };
        let avail = clock.time.saturating_sub(overhead).max(Duration::from_millis(1));
        let mtg = clock.movestogo.unwrap_or(TM_SUDDEN_DEATH_MOVES).clamp(1, TM_MAX_MOVES_TO_GO);
        // The most one move may take: nearly all of it before a time control, else a fraction.
        let cap = if mtg == 1 { avail.mul_f64(TM_LAST_MOVE_CAP) } else { avail.mul_f64(TM_MOVE_CAP) };
        let base = avail / mtg + clock.inc.mul_f64(TM_INC_SHARE);
        let soft = base.mul_f64(TM_SOFT_SCALE).min(cap);
        let hard = base.mul_f64(TM_HARD_SCALE).min(cap);
        Self { soft: Some(soft), hard: Some(hard), adaptive: true, linger: None }
    }

    /// The soft limit `soft` for the position as the search sees it: longer while the best move
    /// keeps changing (`stability` iterations in a row kept it) and while it takes a small share of
    /// the nodes (`best_share`: the others are close), shorter when it is settled; never past the
    /// hard limit. A fixed `movetime` is not scaled.
    pub fn scaled(&self, soft: Duration, stability: usize, best_share: f64) -> Duration {
        if !self.adaptive {
            return soft;
        }
        let by_stability = TM_STABILITY[stability.min(TM_STABILITY.len() - 1)];
        let by_share = (TM_NODE_SHARE_BASE - best_share.clamp(0.0, 1.0)) * TM_NODE_SHARE_SCALE;
        let scaled = soft.mul_f64(by_stability * by_share);
        self.hard.map_or(scaled, |h| scaled.min(h))
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
    fn the_soft_limit_follows_the_search_within_the_hard_one() {
        let tm = TimeManager::new(&clock(60_000, 600, None), Duration::from_millis(30));
        let (soft, hard) = (tm.soft.unwrap(), tm.hard.unwrap());
        let settled = tm.scaled(soft, 10, 0.95);
        let changing = tm.scaled(soft, 0, 0.3);
        assert!(settled < soft && soft < changing && changing <= hard, "{settled:?} {soft:?} {changing:?} {hard:?}");
        // More stability or a larger share never lengthens the move.
        for s in 0..6 {
            assert!(tm.scaled(soft, s + 1, 0.5) <= tm.scaled(soft, s, 0.5));
            assert!(tm.scaled(soft, s, 0.6) <= tm.scaled(soft, s, 0.5));
        }
        assert_eq!(tm.scaled(Duration::from_secs(100), 0, 0.0), hard);
        let fixed = Limits { movetime: Some(Duration::from_millis(500)), ..Limits::default() };
        let tm = TimeManager::new(&fixed, Duration::ZERO);
        assert_eq!(tm.scaled(tm.soft.unwrap(), 0, 0.0), Duration::from_millis(500));
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
    fn only_a_level_on_a_clock_lingers() {
        let overhead = Duration::from_millis(30);
        let level = Strength::from_elo(1500);
        let on_clock = Limits { strength: level, ..clock(60_000, 600, None) };
        let tm = TimeManager::new(&on_clock, overhead);
        let (linger, soft) = (tm.linger.unwrap(), tm.soft.unwrap());
        assert!(Duration::ZERO < linger && linger < soft, "{linger:?} {soft:?}");
        let movetime = Limits { strength: level, movetime: Some(Duration::from_secs(2)), ..Limits::default() };
        let tm = TimeManager::new(&movetime, overhead);
        assert!(tm.linger.is_some_and(|l| Duration::ZERO < l && l < tm.soft.unwrap()), "{tm:?}");
        // The same plan otherwise.
        let full = TimeManager::new(&clock(60_000, 600, None), overhead);
        assert_eq!(TimeManager { linger: None, ..TimeManager::new(&on_clock, overhead) }, full);
        // Never: at full strength, without a clock, or where the GUI or a bound other than time ends it.
        assert_eq!(full.linger, None);
        assert_eq!(
            TimeManager::new(&Limits { strength: Strength::from_elo(2850), ..clock(60_000, 0, None) }, overhead).linger,
            None
        );
        for no_wait in [
            Limits { strength: level, ..Limits::default() },
            Limits { infinite: true, ..on_clock.clone() },
            Limits { ponder: true, ..on_clock.clone() },
            Limits { nodes: Some(5000), ..on_clock.clone() },
            Limits { depth: Some(5), ..movetime.clone() },
            Limits { mate: Some(2), ..on_clock.clone() },
            Limits { nodestime: Some(100), ..on_clock.clone() },
        ] {
            assert_eq!(TimeManager::new(&no_wait, overhead).linger, None, "{no_wait:?}");
        }
    }

    #[test]
    fn movetime_and_infinite() {
        let l = Limits { movetime: Some(Duration::from_millis(500)), ..Limits::default() };
        assert_eq!(TimeManager::new(&l, Duration::from_millis(30)).hard, Some(Duration::from_millis(470)));
        let inf = Limits { infinite: true, ..clock(1000, 0, None) };
        assert_eq!(TimeManager::new(&inf, Duration::ZERO).hard, None);
    }
}
