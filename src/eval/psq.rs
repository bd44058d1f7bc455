//! The material and piece-square sum: the part of the evaluation that changes only where pieces
//! move, so a position keeps it from move to move ([`after`]) instead of summing the board at every
//! evaluation. The values are the fitted weights' `Material` and `Piece-square` entries, so the sum
//! is exactly what [`super::features`] reports for those groups.

use super::Split;
use super::layout::{MATERIAL, PST};
use super::params::WEIGHTS;
use shakmaty::{Board, CastlingSide, Color, Move, Piece, Role, Square};

/// Material plus piece-square value of each piece on each square, White's view (Black's pieces
/// negative), indexed `[Color as usize][Role as usize - 1][square]`.
type Table = [[[Split; 64]; 6]; 2];

const TABLE: Table = table();

/// The piece-square term of a piece of `color` and role index `r` (`Role as usize - 1`) on square
/// index `sq`: the tables read from White's side, rank 8 first, so White's square `sq` is entry
/// `sq ^ 56` and Black's is entry `sq` (the vertical mirror).
#[inline(always)]
pub(super) const fn pst_term(color: Color, r: usize, sq: usize) -> usize {
    PST + r * 64 + if matches!(color, Color::White) { sq ^ 56 } else { sq }
}

const fn table() -> Table {
    let mut t = [[[Split { mg: 0, eg: 0 }; 64]; 6]; 2];
    let mut r = 0;
    while r < 6 {
        let mut sq = 0;
        while sq < 64 {
            let (white, black) = (pst_term(Color::White, r, sq), pst_term(Color::Black, r, sq));
            let m = WEIGHTS[MATERIAL + r];
            // `Color::Black as usize` is 0.
            t[1][r][sq] = Split { mg: m.0 + WEIGHTS[white].0, eg: m.1 + WEIGHTS[white].1 };
            t[0][r][sq] = Split { mg: -(m.0 + WEIGHTS[black].0), eg: -(m.1 + WEIGHTS[black].1) };
            sq += 1;
        }
        r += 1;
    }
    t
}

/// The value of `piece` on `sq`, White's view.
#[inline(always)]
pub fn value(piece: Piece, sq: Square) -> Split {
    TABLE[piece.color as usize][piece.role as usize - 1][sq as usize]
}

/// The sum over every piece of `board`, from scratch.
pub fn of_board(board: &Board) -> Split {
    let mut sum = Split::default();
    for (sq, piece) in board {
        let v = value(piece, sq);
        sum.mg += v.mg;
        sum.eg += v.eg;
    }
    sum
}

/// The sum after `us` plays the legal move `m`, from the sum `psq` before it.
#[inline]
pub fn after(psq: Split, us: Color, m: Move) -> Split {
    let mut sum = psq;
    let mut put = |piece: Piece, sq: Square, sign: i32| {
        let v = value(piece, sq);
        sum.mg += sign * v.mg;
        sum.eg += sign * v.eg;
    };
    match m {
        Move::Normal { role, from, capture, to, promotion } => {
            put(role.of(us), from, -1);
            put(promotion.unwrap_or(role).of(us), to, 1);
            if let Some(captured) = capture {
                put(captured.of(!us), to, -1);
            }
        }
        Move::EnPassant { from, to } => {
            put(Role::Pawn.of(us), from, -1);
            put(Role::Pawn.of(us), to, 1);
            put(Role::Pawn.of(!us), Square::from_coords(to.file(), from.rank()), -1);
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            put(Role::King.of(us), king, -1);
            put(Role::Rook.of(us), rook, -1);
            put(Role::King.of(us), side.king_to(us), 1);
            put(Role::Rook.of(us), side.rook_to(us), 1);
        }
        Move::Put { role, to } => put(role.of(us), to, 1),
    }
    sum
}
