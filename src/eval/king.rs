//! King safety of one side: the enemy's attack units on the king zone (a one-hot table, so the
//! tuner can fit any non-linear danger curve), safe checking squares, the non-linear danger sum of
//! [`danger`], which shares the checking squares, and the king's defenders ([`eval`]); and the
//! king's cover, which depends on the pawns and the king's square alone ([`cover`]): the pawn
//! shield, open files at the king, the enemy pawn storm, the shelter and storm tables of
//! [`shelter`], and how far the king is from the nearest pawn's file.

use super::Sink;
use super::context::Context;
use super::danger;
use super::layout::*;
use super::masks::{files_around_sq, files_of};
use super::shelter;
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
    for (i, squares) in checks.iter().enumerate() {
        s.add_squares(c, SAFE_CHECK + i, *squares & safe);
    }
    danger::eval(board, ctx, c, &checks, s);

    let defenders = (board.pawns() | board.knights() | board.bishops()) & board.by_color(c) & ctx.danger_zone[ci];
    s.add(c, KING_DEFENDERS + defenders.count().min(6), 1);
}

/// Adds side `c`'s king cover, the king-safety terms that depend on the pawns and the king's square
/// alone (so [`super::PawnCache`] can keep them): the pawn shield, open files at the king, the enemy
/// pawn storm, the shelter and storm tables of [`shelter`], and how far the king is from the nearest
/// pawn's file.
pub(super) fn cover<S: Sink>(ctx: &Context, c: Color, s: &mut S) {
    let (ci, ei) = (c as usize, !c as usize);
    let k = ctx.king[ci];
    let files = files_around_sq(k);
    let (own, theirs) = (ctx.pawns[ci], ctx.pawns[ei]);
    let forward = if c == Color::White { 1 } else { -1 };
    for (i, ahead) in [1, 2].into_iter().enumerate() {
        if let Some(rank) = k.rank().offset(forward * ahead) {
            s.add_squares(c, SHIELD + i, own & files & Bitboard::from_rank(rank));
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
    shelter::eval(ctx, c, s);

    let pawns = ctx.pawns[0] | ctx.pawns[1];
    if pawns.any() {
        let kf = u32::from(k.file());
        let (mut files, mut distance) = (files_of(pawns), 7);
        while files != 0 {
            distance = distance.min(files.trailing_zeros().abs_diff(kf));
            files &= files - 1;
        }
        s.add(c, KING_PAWN_DISTANCE + distance as usize, 1);
    }
}

/// Highest bucket of the king-danger table.
const KING_DANGER_MAX: i32 = (SAFE_CHECK - KING_DANGER - 1) as i32;
