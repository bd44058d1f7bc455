//! A chess position as a [`Game`] for the reference trees: leaves valued by the static evaluation
//! (no quiescence), mates and stalemates by the rules, moves in the engine's own order (the move
//! picker with empty histories) or in a seeded random order.

use super::trees::Game;
use crate::eval::evaluate;
use crate::rng::Rng;
use crate::score::Score;
use crate::search::history::{History, NO_CONTINUATIONS};
use crate::search::picker::Picker;
use crate::tt::PackedMove;
use shakmaty::{Chess, Move, Position};

/// Move order for the reference searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The engine's picker (captures by MVV-LVA and SEE, then quiets), no TT move or history.
    Engine,
    /// Shuffled by a seeded generator.
    Random(u64),
}

/// A position being walked by the reference searches.
pub struct ChessGame {
    stack: Vec<Chess>,
    order: Order,
    rng: Rng,
    /// Always empty: the picker's order without anything learned.
    history: History,
}

impl ChessGame {
    /// Starts at `root`.
    pub fn new(root: Chess, order: Order) -> Self {
        let rng = match order {
            Order::Random(seed) => Rng::xorshift(seed | 1),
            Order::Engine => Rng::xorshift(1),
        };
        Self { stack: vec![root], order, rng, history: History::default() }
    }

    fn top(&self) -> &Chess {
        self.stack.last().expect("the root is never popped")
    }
}

impl Game for ChessGame {
    type Move = Move;

    fn moves(&mut self) -> Vec<Move> {
        let chess = self.top().clone();
        match self.order {
            Order::Engine => {
                let mut picker =
                    Picker::main(&chess, chess.is_check(), PackedMove::NONE, [None; 2], None, NO_CONTINUATIONS);
                std::iter::from_fn(|| picker.pick(&chess, &self.history).map(|(m, _)| m)).collect()
            }
            Order::Random(_) => {
                let mut v: Vec<Move> = chess.legal_moves().into_iter().collect();
                for i in (1..v.len()).rev() {
                    let j = (self.rng.next_u64() % (i as u64 + 1)) as usize;
                    v.swap(i, j);
                }
                v
            }
        }
    }

    fn make(&mut self, m: Move) {
        let mut next = self.top().clone();
        next.play_unchecked(m);
        self.stack.push(next);
    }

    fn unmake(&mut self) {
        self.stack.pop();
    }

    fn value(&mut self, terminal: bool) -> i32 {
        let chess = self.top();
        if terminal {
            // Mated, or stalemate; the mate score is shortened by depth elsewhere, a constant will do here.
            return if chess.is_check() { -Score::MATE_BOUND.raw() } else { 0 };
        }
        evaluate(chess).raw()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::trees::{alpha_beta, tree_counts};
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn minimax_leaves_are_perft_and_alpha_beta_finds_the_minimax_value() {
        let start = Chess::default();
        let c = tree_counts(&mut ChessGame::new(start.clone(), Order::Engine), 3);
        assert_eq!(c.minimax, 8902);
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
        ] {
            let root = pos(fen);
            for depth in 1..=3 {
                let c = tree_counts(&mut ChessGame::new(root.clone(), Order::Engine), depth);
                for order in [Order::Engine, Order::Random(7)] {
                    let (v, leaves) = alpha_beta(&mut ChessGame::new(root.clone(), order), depth);
                    assert_eq!(v, c.value, "{fen} depth {depth} {order:?}");
                    assert!(
                        c.minimal <= leaves && leaves <= c.minimax,
                        "{fen} {depth}: {} {leaves} {}",
                        c.minimal,
                        c.minimax
                    );
                }
            }
        }
        // Back-rank mate in one: the minimax value is the mate bound.
        let mate = tree_counts(&mut ChessGame::new(pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), Order::Engine), 2);
        assert_eq!(mate.value, Score::MATE_BOUND.raw());
    }
}
