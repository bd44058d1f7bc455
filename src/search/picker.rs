//! Move ordering: scores every legal move once, then hands them out best first by selection, so a
//! cutoff on an early move never pays for sorting the rest.
//!
//! Order: TT move; winning and equal captures and queen promotions (most valuable victim, then
//! capture history); killers; counter-move; quiets by butterfly and continuation history; losing
//! captures (by SEE) and under-promotions last.
//!
//! Lazy SEE: captures are first scored as good by MVV-LVA alone; a capture's exchange is resolved
//! only when it is about to be handed out, and one that loses material drops to the losing
//! captures there. The order is the one of resolving every exchange up front (the dropped capture
//! goes back to its slot before the next selection), but a cutoff spares the later captures' SEE.

use super::history::{Continuations, History};
use super::params::CAPTURE_HISTORY_DIVISOR;
use super::see::{captured_value, see_ge, value};
use crate::tt::PackedMove;
use arrayvec::ArrayVec;
use shakmaty::{Chess, Move, MoveList, Position, Role};

const TT_MOVE: i32 = 8_000_000;
const GOOD_CAPTURE: i32 = 4_000_000;
const KILLER_1: i32 = 2_000_000;
const KILLER_2: i32 = 1_900_000;
const COUNTER: i32 = 1_800_000;
const BAD_CAPTURE: i32 = -4_000_000;

/// The ordering stage a move was handed out in: what pruning rules and the search counters read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The TT move.
    Tt,
    /// A capture or promotion that does not lose material.
    GoodCapture,
    /// One of the ply's two killers.
    Killer,
    /// The counter-move to the previous move.
    Counter,
    /// Another quiet move, in history order.
    Quiet,
    /// A capture losing material, or an under-promotion.
    BadCapture,
}

impl Stage {
    /// Every stage in picking order (`stage as usize` indexes this).
    pub const ALL: [Stage; 6] =
        [Stage::Tt, Stage::GoodCapture, Stage::Killer, Stage::Counter, Stage::Quiet, Stage::BadCapture];
}

/// Most valuable victim, least valuable attacker.
fn mvv_lva(m: Move) -> i32 {
    let victim = captured_value(m);
    let promo = m.promotion().map_or(0, value);
    (victim + promo) * 16 - m.role() as i32
}

/// Room below a capture's score in its band for a negative capture history.
const CAPTURE_FLOOR: i32 = 1 << 14;

/// A capture's or promotion's score within its band: most valuable victim first, then (within
/// about one step of victim value) what its capture history says.
fn capture_score(history: &History, turn: shakmaty::Color, m: Move) -> i32 {
    CAPTURE_FLOOR + mvv_lva(m) + history.capture(turn, m) / CAPTURE_HISTORY_DIVISOR
}

/// Whether a move is tactical (capture or promotion) rather than quiet.
pub fn is_tactical(m: Move) -> bool {
    m.is_capture() || m.is_promotion()
}

/// A scored move list handed out best first.
pub struct Picker {
    moves: MoveList,
    scores: ArrayVec<i32, 256>,
    next: usize,
    /// Whether moves in the good-capture band still need their exchange resolved (main search).
    lazy_see: bool,
}

impl Picker {
    /// Orders all `moves` for a main-search node with the `killers` of its ply, after the move `prev`
    /// (and the moves `conts` one and two plies back).
    pub fn new(
        chess: &Chess,
        moves: MoveList,
        tt_move: PackedMove,
        history: &History,
        killers: [Option<Move>; 2],
        prev: Option<Move>,
        conts: &Continuations,
    ) -> Self {
        let mut scores = ArrayVec::new();
        let counter = history.counter(prev);
        let turn = chess.turn();
        for &m in &moves {
            scores.push(if !tt_move.is_none() && PackedMove::new(m) == tt_move {
                TT_MOVE
            } else if is_tactical(m) {
                let under = m.promotion().is_some_and(|r| r != Role::Queen);
                // A queen promotion or capture is good until its exchange says otherwise (in `pick`).
                let score = capture_score(history, turn, m);
                if under { BAD_CAPTURE + score } else { GOOD_CAPTURE + score }
            } else if killers[0] == Some(m) {
                KILLER_1
            } else if killers[1] == Some(m) {
                KILLER_2
            } else if counter == Some(m) {
                COUNTER
            } else {
                history.quiet(turn, m, conts)
            });
        }
        Self { moves, scores, next: 0, lazy_see: true }
    }

    /// Orders captures and promotions for quiescence as the main search does (all moves when `moves`
    /// are evasions: quiets by butterfly history).
    pub fn new_quiet_free(moves: MoveList, history: &History, turn: shakmaty::Color) -> Self {
        let scores =
            moves
                .iter()
                .map(|&m| {
                    if is_tactical(m) { GOOD_CAPTURE + capture_score(history, turn, m) } else { history.score(turn, m) }
                })
                .collect();
        Self { moves, scores, next: 0, lazy_see: false }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are no moves at all.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The best remaining move of `chess` (the position the picker was made for) and its stage.
    pub fn pick(&mut self, chess: &Chess) -> Option<(Move, Stage)> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let best = loop {
            let mut best = self.next;
            for i in self.next + 1..n {
                if self.scores[i] > self.scores[best] {
                    best = i;
                }
            }
            let s = self.scores[best];
            if !self.lazy_see || !(GOOD_CAPTURE..TT_MOVE).contains(&s) || see_ge(chess, self.moves[best], 0) {
                break best;
            }
            // A losing capture: to its band, in its slot, and select again.
            self.scores[best] = s - GOOD_CAPTURE + BAD_CAPTURE;
        };
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let (m, s) = (self.moves[self.next], self.scores[self.next]);
        self.next += 1;
        Some((m, stage_of(s)))
    }
}

/// The stage a score belongs to (each stage has its own band of scores).
fn stage_of(score: i32) -> Stage {
    match score {
        s if s >= TT_MOVE => Stage::Tt,
        s if s >= GOOD_CAPTURE => Stage::GoodCapture,
        KILLER_1 | KILLER_2 => Stage::Killer,
        COUNTER => Stage::Counter,
        s if s < BAD_CAPTURE / 2 => Stage::BadCapture,
        _ => Stage::Quiet,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use shakmaty::Position as _;

    /// The picker's whole hand-out for `fen` with `tt` as the TT move (UCI), and the position.
    fn hand_out(fen: &str, tt: Option<&str>) -> (Chess, Vec<(Move, Stage)>) {
        let pos = Position::from_fen(fen, false).unwrap();
        let chess = pos.chess().clone();
        let tt = tt.map_or(PackedMove::NONE, |uci| PackedMove::new(pos.parse_move(uci).unwrap()));
        let mut picker = Picker::new(&chess, chess.legal_moves(), tt, &History::default(), [None; 2], None, &[None; 2]);
        (chess.clone(), std::iter::from_fn(|| picker.pick(&chess)).collect())
    }

    #[test]
    fn captures_are_classed_by_their_exchange_when_handed_out() {
        // Kiwipete and a position where the queen's captures of defended pawns lose material.
        let cases = [
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Some("e2a6")),
            ("4k3/2p1p3/3p4/1p1Q4/8/8/8/4K3 w - - 0 1", None),
            ("n1r1k3/1P6/8/8/8/8/2p5/3RK1N1 b - - 0 1", None),
        ];
        for (fen, tt) in cases {
            let (chess, order) = hand_out(fen, tt);
            assert_eq!(order.len(), chess.legal_moves().len(), "{fen}");
            let rank = |k: Stage| match k {
                Stage::Tt => 0,
                Stage::GoodCapture => 1,
                Stage::Killer | Stage::Counter | Stage::Quiet => 2,
                Stage::BadCapture => 3,
            };
            assert!(order.windows(2).all(|w| rank(w[0].1) <= rank(w[1].1)), "{fen}: {order:?}");
            for &(m, kind) in &order {
                let under = m.promotion().is_some_and(|r| r != Role::Queen);
                let expected = match (is_tactical(m), under || !see_ge(&chess, m, 0)) {
                    _ if tt.is_some() && kind == Stage::Tt => Stage::Tt,
                    (false, _) => Stage::Quiet,
                    (true, false) => Stage::GoodCapture,
                    (true, true) => Stage::BadCapture,
                };
                assert_eq!(kind, expected, "{fen}: {m:?}");
            }
            // Good captures come out most valuable victim first.
            let good: Vec<i32> = order.iter().filter(|o| o.1 == Stage::GoodCapture).map(|o| mvv_lva(o.0)).collect();
            assert!(good.windows(2).all(|w| w[0] >= w[1]), "{fen}: {good:?}");
        }
        let (_, order) = hand_out("4k3/2p1p3/3p4/1p1Q4/8/8/8/4K3 w - - 0 1", None);
        assert!(order.iter().any(|o| o.1 == Stage::BadCapture), "Qxd6 loses the queen to a pawn");
    }
}
