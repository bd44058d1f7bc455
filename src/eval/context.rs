//! What the evaluation terms share: pawns, kings, king zones and attack maps of both sides.
//!
//! Filled in two passes: [`Context::new`] sets what depends on pawns and kings only; the piece terms
//! then add each piece's attacks ([`Context::add_attacks`]) and the attack units on the enemy king
//! zone, which the passer, threat and king-safety terms read afterwards. Arrays are indexed by
//! `Color as usize`.

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
    /// The side to move.
    pub turn: Color,
    /// The danger zone of each side's king ([`masks::danger_zone`]).
    pub danger_zone: [Bitboard; 2],
    /// Pieces each side has attacking the enemy's danger zone, by role (knight, bishop, rook, queen).
    pub attackers: [[i32; 4]; 2],
    /// Each side's attacks on the enemy's danger zone: zone squares per piece, summed.
    pub zone_attacks: [i32; 2],
    /// Squares attacked per side and role (`Role as usize - 1`), filled by the piece terms.
    pub attacks: [[Bitboard; 6]; 2],
    /// Every square each side attacks (complete once the piece terms ran).
    pub all: [Bitboard; 2],
    /// Squares each side attacks at least twice (two pawns, or two pieces, or a pawn and a piece).
    pub two: [Bitboard; 2],
}

impl Context {
    /// Pawn and king facts of `board`, `turn` to move; piece attacks still empty.
    pub fn new(board: &Board, turn: Color) -> Self {
        let mut pawns = [Bitboard::EMPTY; 2];
        let mut king = [Square::E1; 2];
        let mut pawn_attacks = [Bitboard::EMPTY; 2];
        let mut attacks = [[Bitboard::EMPTY; 6]; 2];
        let (mut all, mut two) = ([Bitboard::EMPTY; 2], [Bitboard::EMPTY; 2]);
        for c in Color::ALL {
            let i = c as usize;
            pawns[i] = board.pawns() & board.by_color(c);
            king[i] = board.king_of(c).unwrap_or(Square::E1);
            pawn_attacks[i] = masks::pawn_attacks(c, pawns[i]);
            let around = king_attacks(king[i]);
            attacks[i][Role::Pawn as usize - 1] = pawn_attacks[i];
            attacks[i][Role::King as usize - 1] = around;
            all[i] = pawn_attacks[i] | around;
            two[i] = masks::pawn_double_attacks(c, pawns[i]) | (pawn_attacks[i] & around);
        }
        Self {
            occupied: board.occupied(),
            pawns,
            pawn_attacks,
            king,
            turn,
            danger_zone: [masks::danger_zone(Color::Black, king[0]), masks::danger_zone(Color::White, king[1])],
            attackers: [[0; 4]; 2],
            zone_attacks: [0; 2],
            attacks,
            all,
            two,
        }
    }

    /// Records the attacks `att` of one piece of side `c` and role `role`.
    #[inline(always)]
    pub fn add_attacks(&mut self, c: Color, role: Role, att: Bitboard) {
        let i = c as usize;
        self.attacks[i][role as usize - 1] |= att;
        self.two[i] |= self.all[i] & att;
        self.all[i] |= att;
    }
}
