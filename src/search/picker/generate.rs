//! Generating and scoring a stage's moves, when the picker reaches the stage: the tactical moves
//! (in check, every evasion, the quiet ones kept aside for their own stage), then the quiet moves.

use super::super::history::History;
use super::Picker;
use super::list::ScoredMoves;
use super::score::{ABOVE_QUIETS, capture_score, is_tactical};
use crate::position::{noisy_moves, quiet_moves};
use shakmaty::{Bitboard, Chess, Move, MoveList, Position as _, Role};

impl Picker {
    /// Generates and scores the stage's tactical moves (in check: all evasions, the quiet ones kept
    /// for their stage in the main search).
    #[inline(never)]
    pub(super) fn generate_noisy(&mut self, chess: &Chess, history: &History) {
        let turn = chess.turn();
        let tt = self.tt;
        let add = |moves: &mut ScoredMoves, m: Move| {
            if tt != Some(m) {
                moves.push(m, capture_score(history, turn, m));
            }
        };
        if self.in_check {
            let all = chess.legal_moves();
            for &m in all.iter().filter(|&&m| is_tactical(m)) {
                add(&mut self.moves, m);
            }
            if self.main {
                self.end = self.moves.len();
            }
            for &m in all.iter().filter(|&&m| !is_tactical(m) && tt != Some(m)) {
                // Quiescence's quiet evasions come after its tactical ones, by butterfly history.
                let score = if self.main { 0 } else { history.score(turn, m) - ABOVE_QUIETS };
                self.moves.push(m, score);
            }
            self.quiet_end = self.moves.len();
            if !self.main {
                self.end = self.quiet_end;
            }
            return;
        }
        let mut noisy = MoveList::new();
        noisy_moves(chess, &mut noisy);
        for &m in &noisy {
            add(&mut self.moves, m);
        }
        if self.main {
            // The pushes that under-promote, beside the queen's.
            for &m in noisy.iter().filter(|m| m.promotion() == Some(Role::Queen) && !m.is_capture()) {
                if let Move::Normal { role, from, capture, to, .. } = m {
                    for promotion in [Role::Rook, Role::Bishop, Role::Knight] {
                        add(&mut self.moves, Move::Normal { role, from, capture, to, promotion: Some(promotion) });
                    }
                }
            }
        }
        self.end = self.moves.len();
        self.quiet_end = self.end;
    }

    /// Generates (in check: takes the evasions kept) and scores the quiet moves not handed out yet.
    #[inline(never)]
    pub(super) fn generate_quiets(&mut self, chess: &Chess, history: &History) {
        let turn = chess.turn();
        let conts = self.conts;
        // Most moves go elsewhere than every early one: one bit test tells.
        let early_to: Bitboard = self.early.iter().map(|m| m.to()).collect();
        let early = |m: Move| early_to.contains(m.to()) && self.early.contains(&m);
        if self.in_check {
            let mut kept = self.end;
            for i in self.end..self.quiet_end {
                let m = self.moves.get(i).m;
                if !early(m) {
                    self.moves.set(kept, m, history.quiet(turn, m, &conts));
                    kept += 1;
                }
            }
            self.moves.truncate(kept);
        } else {
            let mut quiets = MoveList::new();
            quiet_moves(chess, &mut quiets);
            for &m in &quiets {
                if !early(m) {
                    self.moves.push(m, history.quiet(turn, m, &conts));
                }
            }
        }
        self.end = self.moves.len();
    }
}
