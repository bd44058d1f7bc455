//! King safety of one side: the enemy's attack units on the king zone (a one-hot table, so the
//! tuner can fit any non-linear danger curve), safe checking squares, the pawn shield, open files at
//! the king and the enemy pawn storm.

use super::Sink;
use super::context::Context;
use super::layout::*;
use super::masks::files_around_sq;
use shakmaty::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, Color, Role};

/// Adds the king-safety terms of side `c` (penalties to `c` in the tuned weights).
pub(super) fn eval<S: Sink>(board: &Board, ctx: &Context, c: Color, s: &mut S) {
    let (ci, ei) = (c as usize, !c as usize);
    let k = ctx.king[ci];
    let units = ctx.units[ei].clamp(0, KING_DANGER_MAX);
    s.add(c, KING_DANGER + units as usize, 1);

    // Checking squares the enemy can reach that we do not defend and the enemy does not occupy.
    let safe = !ctx.all[ci] & !board.by_color(!c);
    let enemy = &ctx.attacks[ei];
    let diagonal = bishop_attacks(k, ctx.occupied);
    let straight = rook_attacks(k, ctx.occupied);
    let checks = [
        knight_attacks(k) & enemy[Role::Knight as usize - 1],
        diagonal & enemy[Role::Bishop as usize - 1],
        straight & enemy[Role::Rook as usize - 1],
        (diagonal | straight) & enemy[Role::Queen as usize - 1],
    ];
    for (i, squares) in checks.into_iter().enumerate() {
        s.add(c, SAFE_CHECK + i, (squares & safe).count() as i32);
    }

    let files = files_around_sq(k);
    let (own, theirs) = (ctx.pawns[ci], ctx.pawns[ei]);
    let forward = if c == Color::White { 1 } else { -1 };
    for (i, ahead) in [1, 2].into_iter().enumerate() {
        if let Some(rank) = k.rank().offset(forward * ahead) {
            s.add(c, SHIELD + i, (own & files & Bitboard::from_rank(rank)).count() as i32);
        }
    }
    for file in [k.file().offset(-1), Some(k.file()), k.file().offset(1)].into_iter().flatten() {
        let mask = Bitboard::from_file(file);
        if mask.is_disjoint(own) {
            s.add(c, if mask.is_disjoint(theirs) { KING_OPEN_FILE } else { KING_SEMI_OPEN_FILE }, 1);
        }
    }
    for sq in theirs & files {
        s.add(c, STORM + c.relative_rank(sq.rank()) as usize, 1);
    }
}

/// Highest bucket of the king-danger table.
const KING_DANGER_MAX: i32 = (SAFE_CHECK - KING_DANGER - 1) as i32;
