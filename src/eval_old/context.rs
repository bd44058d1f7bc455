//! What the evaluation terms share: pawns, kings, king zones and attack maps of both sides.
//!
//! Filled in two passes: [`Context::new`] sets what depends on pawns and kings only; the piece terms
//! then add each piece's attacks ([`Context::attacks`]) and the attack units on the enemy king zone,
//! which the threat and king-safety terms read afterwards ([`Context::close_attacks`] joins them first). Arrays are indexed by `Color as usize`.

use super::masks;
use shakmaty::attacks::king_attacks;
use shakmaty::{Bitboard, Board, Color, Role, Square};

/// Shared evaluation state of one position.
pub(super) struct Context {
    /// All occupied squares.
    pub occupied: Bitboard,
    /// Pawns per side.
    pub pawns: [Bitboard; 2],
    /// Squares attacked by each side's pawns.
    pub pawn_attacks: [Bitboard; 2],
    /// King square per side.
    pub king: [Square; 2],
    /// The king and the squares around it, per side.
    pub zone: [Bitboard; 2],
    /// Squares attacked per side and role (`Role as usize - 1`), filled by the piece terms.
    pub attacks: [[Bitboard; 6]; 2],
    /// Attack units each side has against the other's king zone, filled by the piece terms.
    pub units: [i32; 2],
    /// Every square each side attacks, set by [`Context::close_attacks`] once the piece terms ran.
    pub all: [Bitboard; 2],
}

impl Context {
    /// Pawn and king facts of `board`; piece attacks still empty.
    pub fn new(board: &Board) -> Self {
        let mut pawns = [Bitboard::EMPTY; 2];
        let mut king = [Square::E1; 2];
        let mut pawn_attacks = [Bitboard::EMPTY; 2];
        let mut attacks = [[Bitboard::EMPTY; 6]; 2];
        for c in Color::ALL {
            let i = c as usize;
            pawns[i] = board.pawns() & board.by_color(c);
            king[i] = board.king_of(c).unwrap_or(Square::E1);
            pawn_attacks[i] = masks::pawn_attacks(c, pawns[i]);
            attacks[i][Role::Pawn as usize - 1] = pawn_attacks[i];
            attacks[i][Role::King as usize - 1] = king_attacks(king[i]);
        }
        Self {
            occupied: board.occupied(),
            pawns,
            pawn_attacks,
            king,
            zone: king.map(|k| king_attacks(k).with(k)),
            attacks,
            units: [0; 2],
            all: [Bitboard::EMPTY; 2],
        }
    }

    /// Fills [`Context::all`] from the per-role attack maps.
    pub fn close_attacks(&mut self) {
        for c in 0..2 {
            self.all[c] = self.attacks[c].iter().fold(Bitboard::EMPTY, |a, &b| a | b);
        }
    }
}
