//! Move ordering, staged: each kind of move is generated and scored only when the search asks for
//! one past the kinds before it, so a cutoff early in the node spares the rest of the work.
//!
//! Main search: the TT move (checked for legality, before anything is generated); captures and
//! queen promotions (generated then), most valuable victim then capture history, those that lose
//! material by SEE put aside as they come up; the two killers and the counter-move (each checked
//! for legality); the quiet moves (generated then), by butterfly plus continuation history as it is
//! at that moment; last the captures put aside and the under-promotions. In check, the evasions are
//! generated at once, and split between the capture and the quiet stages.
//!
//! Quiescence: the TT move when quiescence would search it, then captures and queen promotions
//! (all evasions in check: tactical ones first, quiet ones by butterfly history), no exchange
//! classed (quiescence prunes by SEE itself).
//!
//! Each legal move is handed out once: the ones handed out ahead of their stage (TT move, killers,
//! counter-move) are left out when their stage is generated.

mod generate;
mod list;
mod score;
#[cfg(test)]
mod tests;

use super::history::{Continuations, History, NO_CONTINUATIONS};
use super::see::see_ge;
use crate::position::is_legal;
use crate::tt::PackedMove;
use arrayvec::ArrayVec;
use list::ScoredMoves;
use score::{is_noisy, is_under_promotion};
pub use score::{is_tactical, mvv_lva};
use shakmaty::{Chess, Move};

/// The ordering stage a move was handed out in: what pruning rules and the search counters read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The TT move.
    Tt,
    /// A capture or promotion that does not lose material (in quiescence: any tactical move).
    GoodCapture,
    /// One of the ply's two killers.
    Killer,
    /// The counter-move to the previous move.
    Counter,
    /// Another quiet move, in history order (in quiescence: a quiet evasion).
    Quiet,
    /// A capture losing material, or an under-promotion.
    BadCapture,
}

impl Stage {
    /// Every stage in picking order (`stage as usize` indexes this).
    pub const ALL: [Stage; 6] =
        [Stage::Tt, Stage::GoodCapture, Stage::Killer, Stage::Counter, Stage::Quiet, Stage::BadCapture];
}

/// Where a picker is in its hand-out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Step {
    Tt,
    GenerateNoisy,
    Noisy,
    Killer1,
    Killer2,
    Counter,
    GenerateQuiets,
    Quiets,
    Bad,
    Done,
}

/// A staged move picker for one node.
///
/// The buffer holds, in order: the losing captures put aside (`..bad`), moves already handed out,
/// the moves of the current stage still to hand out (`cur..end`), and in check the quiet evasions
/// waiting for their stage (`end..quiet_end`).
pub struct Picker {
    step: Step,
    /// Main search (else quiescence).
    main: bool,
    in_check: bool,
    tt: Option<Move>,
    killers: [Option<Move>; 2],
    prev: Option<Move>,
    conts: Continuations,
    /// Moves handed out ahead of their stage's generation, left out of it.
    early: ArrayVec<Move, 4>,
    moves: ScoredMoves,
    cur: usize,
    end: usize,
    bad: usize,
    bad_next: usize,
    quiet_end: usize,
    skip_quiets: bool,
    handed_out: usize,
}

impl Picker {
    fn with(main: bool, in_check: bool, tt: Option<Move>) -> Self {
        Self {
            step: Step::Tt,
            main,
            in_check,
            tt,
            killers: [None; 2],
            prev: None,
            conts: NO_CONTINUATIONS,
            early: ArrayVec::new(),
            moves: ScoredMoves::default(),
            cur: 0,
            end: 0,
            bad: 0,
            bad_next: 0,
            quiet_end: 0,
            skip_quiets: false,
            handed_out: 0,
        }
    }

    /// A main-search picker for `chess` (`in_check` says whether it is check) with the stored `tt`
    /// move, the `killers` of its ply, after the move `prev` (for its counter-move) and the moves
    /// `conts` before it (`CONTINUATION_PLIES`).
    pub fn main(
        chess: &Chess,
        in_check: bool,
        tt: PackedMove,
        killers: [Option<Move>; 2],
        prev: Option<Move>,
        conts: Continuations,
    ) -> Self {
        let tt = tt.unpack(chess).filter(|&m| is_legal(chess, m, in_check));
        Self { killers, prev, conts, ..Self::with(true, in_check, tt) }
    }

    /// A quiescence picker for `chess` (`in_check` says whether it is check): captures and queen
    /// promotions (every evasion in check), the stored `tt` move first when it is one of them.
    pub fn quiescence(chess: &Chess, in_check: bool, tt: PackedMove) -> Self {
        let tt = tt.unpack(chess).filter(|&m| (in_check || is_noisy(m)) && is_legal(chess, m, in_check));
        Self::with(false, in_check, tt)
    }

    /// How many moves have been handed out (none at all: the position has no legal move, or in
    /// quiescence out of check, no capture or queen promotion).
    pub fn handed_out(&self) -> usize {
        self.handed_out
    }

    /// Hands out no more killers, counter-move or quiet moves (the search would prune them all).
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// The next move of `chess` (the position the picker was made for) and its stage; `history`
    /// scores the moves of each stage when it is generated.
    pub fn pick(&mut self, chess: &Chess, history: &History) -> Option<(Move, Stage)> {
        let picked = self.next(chess, history);
        self.handed_out += usize::from(picked.is_some());
        picked
    }

    fn next(&mut self, chess: &Chess, history: &History) -> Option<(Move, Stage)> {
        loop {
            match self.step {
                Step::Tt => {
                    self.step = Step::GenerateNoisy;
                    if let Some(m) = self.tt {
                        self.early.push(m);
                        return Some((m, Stage::Tt));
                    }
                }
                Step::GenerateNoisy => {
                    self.generate_noisy(chess, history);
                    self.step = Step::Noisy;
                }
                Step::Noisy => {
                    if let Some(picked) = self.next_noisy(chess) {
                        return Some(picked);
                    }
                    self.step = if self.main { Step::Killer1 } else { Step::Done };
                }
                Step::Killer1 | Step::Killer2 | Step::Counter | Step::GenerateQuiets if self.skip_quiets => {
                    self.step = Step::Bad;
                }
                Step::Killer1 => {
                    self.step = Step::Killer2;
                    if let Some(m) = self.early_quiet(chess, self.killers[0]) {
                        return Some((m, Stage::Killer));
                    }
                }
                Step::Killer2 => {
                    self.step = Step::Counter;
                    if let Some(m) = self.early_quiet(chess, self.killers[1]) {
                        return Some((m, Stage::Killer));
                    }
                }
                Step::Counter => {
                    self.step = Step::GenerateQuiets;
                    if let Some(m) = self.early_quiet(chess, history.counter(self.prev)) {
                        return Some((m, Stage::Counter));
                    }
                }
                Step::GenerateQuiets => {
                    self.generate_quiets(chess, history);
                    self.step = Step::Quiets;
                }
                Step::Quiets => {
                    if self.cur < self.end && !self.skip_quiets {
                        self.cur += 1;
                        return Some((self.moves.select(self.cur - 1, self.end), Stage::Quiet));
                    }
                    self.step = Step::Bad;
                }
                Step::Bad => {
                    if self.bad_next < self.bad {
                        self.bad_next += 1;
                        return Some((self.moves.select(self.bad_next - 1, self.bad), Stage::BadCapture));
                    }
                    self.step = Step::Done;
                }
                Step::Done => return None,
            }
        }
    }

    /// A killer or counter-move `m`, if it is a legal quiet move not handed out yet (in check: one
    /// of the quiet evasions waiting for their stage).
    fn early_quiet(&mut self, chess: &Chess, m: Option<Move>) -> Option<Move> {
        let m = m.filter(|&m| !is_tactical(m) && !self.early.contains(&m))?;
        let legal = if self.in_check {
            (self.end..self.quiet_end).any(|i| self.moves.get(i).m == m)
        } else {
            is_legal(chess, m, false)
        };
        legal.then(|| {
            self.early.push(m);
            m
        })
    }

    /// The best remaining move of the tactical stage. In the main search a capture that loses
    /// material by SEE, or an under-promotion, is put aside for the last stage instead.
    fn next_noisy(&mut self, chess: &Chess) -> Option<(Move, Stage)> {
        while self.cur < self.end {
            let m = self.moves.select(self.cur, self.end);
            self.cur += 1;
            if !self.main {
                return Some((m, if is_tactical(m) { Stage::GoodCapture } else { Stage::Quiet }));
            }
            if !is_under_promotion(m) && see_ge(chess, m, 0) {
                return Some((m, Stage::GoodCapture));
            }
            self.moves.swap(self.bad, self.cur - 1);
            self.bad += 1;
        }
        None
    }
}
