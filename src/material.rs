//! The classical piece values in pawns, 1/3/3/5/9: the rough count of material that the rules of
//! thumb outside the tuned evaluation share — the WDL model's material axis ([`crate::wdl`], fitted
//! by `tune::wdl`) and mop-up's "enough to mate" (`eval::mopup`). The evaluation's own material
//! weights are tuned (`eval::params`) and are not these.

use shakmaty::{Bitboard, Board, Role};

/// A piece's classical value in pawns; the king's is 0 (it is never counted).
pub const fn value(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The classical value of the pieces of `board` that stand on `squares`.
pub fn on(board: &Board, squares: Bitboard) -> u32 {
    Role::ALL.into_iter().map(|role| value(role) * (board.by_role(role) & squares).count() as u32).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Color, Position};

    #[test]
    fn the_start_position_has_39_a_side() {
        let board = Chess::default().board().clone();
        assert_eq!(on(&board, board.occupied()), 78);
        assert_eq!(on(&board, board.by_color(Color::White)), 39);
        assert_eq!(on(&board, board.by_color(Color::Black) & !board.pawns()), 31);
    }
}
