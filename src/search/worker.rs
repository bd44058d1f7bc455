//! The `Worker`: per-thread search state and the iterative-deepening driver with aspiration windows,
//! MultiPV, and the stop/time/node checks. Of an aborted iteration only a new best root move searched
//! in full is kept, and the line of the move played is handed back for a last report
//! ([`Outcome::final_line`]). Under lazy SMP (see `smp.rs`) a worker has a seat (`seat.rs`): it
//! publishes its counts there, a helper skips some depths, and the main thread's reports and node
//! limit count every thread. What lives for one search is in `info.rs`. A strength level whose node
//! budget ran out early sleeps until its share of the clock has passed, or `stop`.

use super::correction::CorrectionHistory;
use super::counters::Counters;
use super::eval_cache::EvalCache;
use super::frame::{self, Frame};
use super::history::History;
use super::info::SearchInfo;
use super::limits::TimeManager;
use super::lmr::LmrTable;
use super::params::{ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW, CHECK_EVERY, CURRMOVE_DELAY};
use super::seat::Seat;
use super::{Iteration, Outcome, Report, SearchJob};
use crate::eval::PawnCache;
use crate::position::Position;
use crate::rng::Rng;
use crate::score::{Depth, MAX_PLY, Ply, Score};
use crate::tt::{Bound, PackedMove};
use shakmaty::Move;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How one aspiration search of a root line ended.
enum Line {
    /// Completed: score and PV.
    Done(Score, Vec<Move>),
    /// Stopped; the score and PV of a root move searched in full that raised alpha before the stop,
    /// if any.
    Aborted(Option<(Score, Vec<Move>)>),
}

/// Sends reports somewhere (a channel, or nowhere for bench).
pub type Reporter = Box<dyn FnMut(Report) + Send>;

/// A search thread: what lives for the thread (the position walked, the move-ordering histories,
/// the stack of per-ply frames, the reduction table and where reports go), the event counts of the
/// running search, and the rest of that search's state ([`SearchInfo`], made afresh per search).
pub struct Worker {
    pub(super) pos: Position,
    pub(super) history: History,
    /// Per-ply state along the current path, its killers and PV lines included (see `frame.rs`).
    pub(super) stack: Vec<Frame>,
    pub(super) lmr: LmrTable,
    /// Pawn-structure terms of formations seen before (the evaluation's own cache).
    pub(super) pawn_cache: PawnCache,
    /// Static evaluations of positions seen before, by key.
    pub(super) eval_cache: EvalCache,
    /// How far searches have found the static evaluation off, by pawn structure (`correction.rs`).
    pub(super) correction: CorrectionHistory,
    reporter: Reporter,
    pub(super) nodes: u64,
    pub(super) seldepth: Ply,
    pub(super) stopped: bool,
    /// Search event counts for `brudno stats` (always on: see `counters.rs`).
    pub(super) counters: Counters,
    /// The running search's state.
    pub(super) info: SearchInfo,
}

impl Worker {
    /// A fresh worker reporting to `reporter`.
    pub fn new(reporter: Reporter) -> Self {
        Self {
            pos: Position::default(),
            history: History::default(),
            stack: vec![Frame::default(); MAX_PLY + 8],
            lmr: LmrTable::new(),
            pawn_cache: PawnCache::default(),
            eval_cache: EvalCache::default(),
            correction: CorrectionHistory::default(),
            reporter,
            nodes: 0,
            seldepth: Ply::ROOT,
            stopped: false,
            counters: Counters::default(),
            info: SearchInfo::idle(),
        }
    }

    /// A fresh worker whose reports go nowhere (bench, EPD suites, statistics, helper threads, tests):
    /// its searches are read from the [`Outcome`] that `run` returns.
    pub fn silent() -> Self {
        Self::new(Box::new(|_| {}))
    }

    /// Forgets histories and killers (new game).
    pub fn clear(&mut self) {
        self.history.clear();
        self.correction.clear();
        frame::clear_killers(&mut self.stack);
    }

    /// Time on our clock: zero while pondering, counted from `ponderhit` after one; under
    /// `nodestime`, the nodes of the search read as milliseconds.
    fn clock_elapsed(&self) -> Option<Duration> {
        // Acquire pairs with the Release store at `ponderhit`: the time read below is the hit's.
        if self.info.shared.pondering.load(Ordering::Acquire) {
            return None;
        }
        if let Some(npms) = self.info.nodestime {
            return Some(Duration::from_nanos(self.totals().0.saturating_mul(1_000_000) / npms));
        }
        let hit = Duration::from_millis(self.info.shared.ponderhit_ms.load(Ordering::Relaxed));
        Some(self.info.start.elapsed().saturating_sub(hit))
    }

    /// Called at every node: node limit (exact for one thread), and every `CHECK_EVERY` nodes the
    /// stop flag, the clock and the exchange of node counts with the other threads.
    #[inline]
    pub(super) fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        // The node budget, like the clock and `stop`, lets the main thread finish depth 1: every search
        // reports a line and a score. (Helpers, which report nothing and may skip depth 1, stop at once.)
        let may_stop = self.info.iterated || self.info.seat.as_ref().is_some_and(Seat::is_helper);
        if may_stop && self.nodes + self.info.other_nodes >= self.info.node_limit {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CHECK_EVERY) {
            // Every thread weighs the node budget against everyone's counts: were the helpers to
            // count only their own, a main thread starved of CPU would let them run far past it.
            if let Some(seat) = &self.info.seat {
                seat.publish(self.nodes, self.info.tb.hits);
                self.info.other_nodes = seat.others().0;
            }
            // Depth 1 takes well under a millisecond: finishing it even past the limit (when the
            // thread was not scheduled in time, or the clock held almost nothing) costs no game.
            let out_of_time =
                self.info.iterated && matches!((self.info.hard, self.clock_elapsed()), (Some(h), Some(e)) if e >= h);
            self.stopped = (may_stop && self.info.shared.stopped()) || out_of_time;
        }
        self.stopped
    }

    fn report(&mut self, r: Report) {
        (self.reporter)(r);
    }

    /// Nodes and tablebase hits of the whole search: this thread's, plus what the others published.
    fn totals(&self) -> (u64, u64) {
        let (nodes, tbhits) = self.info.seat.as_ref().map_or((0, 0), Seat::others);
        (self.nodes + nodes, self.info.tb.hits + tbhits)
    }

    /// Runs a whole search alone and returns its outcome (the caller announces it).
    pub fn run(&mut self, job: &SearchJob) -> Outcome {
        self.run_seated(job, None)
    }

    /// Runs a whole search from `seat` among the threads of a pool (`None`: alone).
    pub(super) fn run_seated(&mut self, job: &SearchJob, seat: Option<Seat>) -> Outcome {
        self.pos = job.pos.clone();
        // The root first: `trim_history` cuts only at the root, keeping what repetitions can reach.
        self.pos.set_root();
        self.pos.trim_history();
        self.info = SearchInfo::for_job(job, seat);
        self.lmr.refresh();
        // In a pool the table was aged once for all threads (`Pool::start`).
        if self.info.seat.is_none() {
            self.info.tt.new_search();
        }
        frame::clear_killers(&mut self.stack);
        self.nodes = 0;
        self.counters = Counters::default();
        self.stopped = false;
        // A strength level sees less (a node budget) and weighs a few lines to choose from.
        let strength = job.limits.strength;
        if let Some(s) = strength {
            self.info.node_limit = self.info.node_limit.min(s.nodes());
        }
        let tm = TimeManager::new(&job.limits, job.overhead);
        self.info.hard = tm.hard;
        // Iterations in a row that kept the best move (time management).
        let mut stability = 0usize;

        let legal: Vec<Move> = self.pos.legal_moves().into_iter().collect();
        let mut root: Vec<Move> = if job.limits.searchmoves.is_empty() {
            legal.clone()
        } else {
            legal.iter().copied().filter(|m| job.limits.searchmoves.contains(m)).collect()
        };
        if root.is_empty() {
            root = legal.clone();
        }
        let root = self.setup_tablebases(job, root);
        let Some(&first) = root.first() else {
            // No legal move: the game is over. Say how (mated or stalemate) at depth 0, as Stockfish does.
            let score = if self.pos.in_check() { Score::mated_in(Ply::ROOT) } else { Score::DRAW };
            self.report_line(0, 1, score, None, Vec::new());
            return Outcome { score, ..Outcome::default() };
        };
        let max_depth = job.limits.depth.unwrap_or(MAX_PLY as Depth - 1).clamp(1, MAX_PLY as Depth - 1);
        let wanted = strength.map_or(job.multipv, |s| job.multipv.max(s.lines()));
        let multipv = wanted.clamp(1, root.len());
        let mut lines: Vec<(Score, Vec<Move>)> = vec![(Score::DRAW, vec![first])];
        let mut outcome = Outcome { best: Some(first), ..Outcome::default() };
        // The line of the move played, when the last one reported is not it: depth, score, PV.
        let mut final_line: Option<(Depth, Score, Vec<Move>)> = None;

        for depth in 1..=max_depth {
            if self.info.seat.as_ref().is_some_and(|seat| !seat.searches(depth)) {
                continue;
            }
            let mut this_depth: Vec<(Score, Vec<Move>)> = Vec::new();
            let mut partial = None;
            for index in 0..multipv {
                let prev = lines.get(index).map_or(Score::DRAW, |l| l.0);
                self.info.root_moves =
                    root.iter().copied().filter(|m| !this_depth.iter().any(|(_, pv)| pv[0] == *m)).collect();
                let prev_pv = lines.get(index).map_or_else(Vec::new, |l| l.1.clone());
                match self.aspiration(depth, prev, &prev_pv, index + 1) {
                    Line::Done(score, pv) => this_depth.push((score, pv)),
                    Line::Aborted(line) => {
                        partial = line.filter(|_| index == 0);
                        break;
                    }
                }
            }
            if self.stopped && (this_depth.is_empty() || depth > 1) {
                // Cut inside the iteration. A root move searched in full at this depth that beat the
                // previous best is better informed than the last completed iteration: play it. Either
                // way the move played gets a last line, as Stockfish gives one: this depth with the
                // move's score, or the last completed depth's line (the best move had not been
                // searched again yet).
                let line = match partial {
                    Some((score, pv)) => Some((depth, score, pv)),
                    None => (outcome.depth > 0).then(|| (outcome.depth, lines[0].0, lines[0].1.clone())),
                };
                if let Some((_, _, pv)) = &line {
                    outcome.best = pv.first().copied();
                    outcome.ponder = pv.get(1).copied();
                }
                final_line = line;
                break;
            }
            lines = this_depth;
            // Line k is searched without lines 1..k's moves and the search is not exact, so a later
            // line can score above an earlier one: sort them (stably) and show them again in order,
            // so that line 1 is the move played and the next iteration's windows start from it.
            if lines.windows(2).any(|w| w[0].0 < w[1].0) {
                lines.sort_by_key(|l| std::cmp::Reverse(l.0));
                for (index, (score, pv)) in lines.clone().into_iter().enumerate() {
                    self.report_line(depth, index + 1, score, None, pv);
                }
            }
            self.info.iterated = true;
            let best = lines[0].1.first().copied();
            stability = if best == outcome.best && depth > 1 { stability + 1 } else { 0 };
            outcome.best = best;
            outcome.ponder = lines[0].1.get(1).copied();
            outcome.score = lines[0].0;
            outcome.depth = depth;
            outcome.depth_nodes.push(self.nodes);
            outcome.depth_counters.push(self.counters);
            let mate_done =
                job.limits.mate.is_some_and(|n| outcome.score.mate_moves().is_some_and(|m| m > 0 && m <= n as i32));
            let soft = tm.soft.map(|s| tm.scaled(s, stability, self.best_move_share(best)));
            let soft_done = matches!((soft, self.clock_elapsed()), (Some(s), Some(e)) if e >= s);
            let forced = root.len() == 1 && job.limits.is_timed() && !job.limits.ponder;
            if self.stopped || mate_done || soft_done || forced {
                break;
            }
        }
        if let Some(s) = strength
            && outcome.depth > 0
        {
            let firsts: Vec<(Score, Move)> = lines.iter().map(|(score, pv)| (*score, pv[0])).collect();
            let seed = self.pos.key() ^ job.start.elapsed().as_nanos() as u64 ^ self.nodes;
            let chosen = s.choose(&firsts, Rng::xorshift(seed).next_f64());
            if chosen != outcome.best
                && let Some((score, pv)) = lines.iter().find(|(_, pv)| Some(pv[0]) == chosen)
            {
                outcome.best = chosen;
                outcome.ponder = pv.get(1).copied();
                // The level plays another line than the last one shown: show it last.
                final_line = Some((outcome.depth, *score, pv.clone()));
            }
        }
        if outcome.ponder.is_none() {
            outcome.ponder = outcome.best.and_then(|b| self.ponder_from_tt(b));
        }
        // A level that spent its node budget early takes a natural share of its clock before it
        // answers, asleep: `stop` wakes it at once (see `TimeManager::linger`).
        if let Some(linger) = tm.linger
            && self.totals().0 >= self.info.node_limit
            && let Some(elapsed) = self.clock_elapsed()
        {
            self.info.shared.wait_for_stop(linger.saturating_sub(elapsed));
        }
        // The final counts, for the search thread to add up once every thread has stopped.
        if let Some(seat) = &self.info.seat {
            seat.publish(self.nodes, self.info.tb.hits);
        }
        outcome.nodes = self.totals().0;
        outcome.counters = self.counters;
        outcome.final_line = final_line.map(|(depth, score, pv)| Box::new(self.iteration(depth, 1, score, None, pv)));
        outcome
    }

    /// The share of this search's root nodes spent below `best` (1 when nothing was counted).
    fn best_move_share(&self, best: Option<Move>) -> f64 {
        let total: u64 = self.info.root_nodes.iter().map(|r| r.1).sum();
        let on_best = self.info.root_nodes.iter().find(|r| Some(r.0) == best).map_or(0, |r| r.1);
        if total == 0 { 1.0 } else { on_best as f64 / total as f64 }
    }

    /// Searches one line at `depth` with a window around `prev`, widening on failure. A fail-low is
    /// reported as an upper bound with `prev_pv` (the root PV is empty then).
    fn aspiration(&mut self, depth: Depth, prev: Score, prev_pv: &[Move], multipv: usize) -> Line {
        let mut delta = ASPIRATION_WINDOW.get();
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && !prev.is_mate() {
            ((prev - delta).max(-Score::INFINITE), (prev + delta).min(Score::INFINITE))
        } else {
            (-Score::INFINITE, Score::INFINITE)
        };
        loop {
            self.seldepth = Ply::ROOT;
            let score = self.negamax(alpha, beta, depth, Ply::ROOT, false);
            let pv = self.stack[0].pv.to_vec();
            if self.stopped && depth > 1 {
                // A root PV exists only if a move was searched in full and raised alpha before the stop.
                return Line::Aborted((!pv.is_empty()).then_some((self.info.root_best, pv)));
            }
            let bound = if score <= alpha && score > -Score::INFINITE && !self.stopped {
                Some(Bound::Upper)
            } else if score >= beta && !self.stopped {
                Some(Bound::Lower)
            } else {
                None
            };
            if !pv.is_empty() {
                self.report_line(depth, multipv, score, bound, pv.clone());
            } else if bound == Some(Bound::Upper) && !prev_pv.is_empty() {
                self.report_line(depth, multipv, score, bound, prev_pv.to_vec());
            }
            match bound {
                Some(Bound::Upper) => {
                    beta = Score::cp((alpha.raw() + beta.raw()) / 2);
                    alpha = (score - delta).max(-Score::INFINITE);
                }
                Some(Bound::Lower) => beta = (score + delta).min(Score::INFINITE),
                _ => return if pv.is_empty() { Line::Aborted(None) } else { Line::Done(score, pv) },
            }
            self.counters.aspiration_researches += 1;
            delta *= 2;
        }
    }

    fn report_line(&mut self, depth: Depth, multipv: usize, score: Score, bound: Option<Bound>, pv: Vec<Move>) {
        let it = self.iteration(depth, multipv, score, bound, pv);
        self.report(Report::Iteration(it));
    }

    /// A line to report, with the search's counts so far.
    fn iteration(
        &mut self,
        depth: Depth,
        multipv: usize,
        score: Score,
        bound: Option<Bound>,
        pv: Vec<Move>,
    ) -> Iteration {
        // At a root the tables know, their verdict is shown unless the search has found a mate.
        let (score, bound, table_root) = match self.info.tb.root_score {
            Some(tb) if !score.is_mate() => (tb, None, true),
            _ => (score, bound, false),
        };
        let proven = self.proven(score, bound, &pv, table_root);
        let (nodes, tbhits) = self.totals();
        Iteration {
            depth,
            seldepth: self.seldepth.index().max(depth as usize),
            multipv,
            score,
            bound,
            nodes,
            time: self.info.start.elapsed(),
            hashfull: self.info.tt.hashfull(),
            tbhits,
            pv,
            proven,
        }
    }

    /// Adds `nodes` to the count of root move `mv`.
    pub(super) fn count_root_nodes(&mut self, mv: Move, nodes: u64) {
        match self.info.root_nodes.iter_mut().find(|r| r.0 == mv) {
            Some(r) => r.1 += nodes,
            None => self.info.root_nodes.push((mv, nodes)),
        }
    }

    /// Reports the root move being searched, once the search has run [`CURRMOVE_DELAY`].
    pub(super) fn report_currmove(&mut self, depth: Depth, mv: Move, number: usize) {
        if self.info.start.elapsed() > CURRMOVE_DELAY {
            self.report(Report::CurrMove { depth, mv, number });
        }
    }

    /// The TT's move after `best`, if it is legal there.
    fn ponder_from_tt(&mut self, best: Move) -> Option<Move> {
        self.pos.make(best);
        let reply = self.info.tt.probe(self.pos.key(), Ply::ROOT).and_then(|hit| {
            self.pos.legal_moves().into_iter().find(|&m| PackedMove::new(m) == hit.mv && !hit.mv.is_none())
        });
        self.pos.unmake();
        reply
    }
}
