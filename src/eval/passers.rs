//! Passed pawns beyond their structure: what the pieces around a passer (found by [`super::pawns`])
//! make of it. A free or safely advancing stop square, a safe path to promotion, the kings'
//! distances to the stop square, a rook behind the passer, and in pawn endings the square rule.
//! Reads the attack maps, so it runs once both sides' pieces are in the [`Context`].

use super::Sink;
use super::context::Context;
use super::layout::*;
use super::masks::front_span;
use shakmaty::attacks::rook_attacks;
use shakmaty::{Bitboard, Board, Color, Square};

/// Adds the terms of side `c`'s `passed` pawns that depend on more than the pawns.
pub(super) fn eval<S: Sink>(board: &Board, ctx: &Context, c: Color, passed: Bitboard, s: &mut S) {
    let (ci, ei) = (c as usize, !c as usize);
    let forward = if c == Color::White { 8 } else { -8 };
    let enemy = board.by_color(!c);
    let rooks = board.rooks() & board.by_color(c);
    // Only kings and pawns on the board: the square rule decides races.
    let pawn_ending = (board.occupied() & !board.pawns() & !board.kings()).is_empty();
    for sq in passed {
        let r = c.relative_rank(sq.rank()) as usize;
        let Some(stop) = sq.offset(forward) else { continue };
        if !ctx.occupied.contains(stop) {
            s.add(c, PASSED_FREE + r, 1);
            if !ctx.all[ei].contains(stop) || ctx.all[ci].contains(stop) {
                s.add(c, PASSED_ADVANCE + r, 1);
            }
        }
        s.add(c, PASSED_OWN_KING + r, ctx.king[ci].distance(stop) as i32);
        s.add(c, PASSED_ENEMY_KING + r, ctx.king[ei].distance(stop) as i32);
        let path = front_span(c, sq);
        if path.is_disjoint(enemy) && path.is_disjoint(ctx.all[ei]) {
            s.add(c, PASSED_SAFE_PATH + r, 1);
        }
        // The first piece behind the pawn on its file is one of our rooks.
        if (rook_attacks(sq, ctx.occupied) & front_span(!c, sq)).intersects(rooks) {
            s.add(c, PASSED_ROOK_BEHIND, 1);
        }
        if pawn_ending && path.is_disjoint(ctx.occupied) && outside_square(ctx, c, sq, r) {
            s.add(c, PASSED_UNSTOPPABLE, 1);
        }
    }
}

/// Whether the enemy king cannot catch side `c`'s pawn on `sq` (relative rank index `r`) on its
/// own: it needs more moves to reach the promotion square than the pawn needs to promote, counting
/// one move less when the enemy is to move. From the second rank the pawn's first move is a double step.
fn outside_square(ctx: &Context, c: Color, sq: Square, r: usize) -> bool {
    let promotion = Square::from_coords(sq.file(), c.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First));
    let pawn_moves = (7 - r).min(5) as i32;
    let tempo = i32::from(ctx.turn != c);
    ctx.king[!c as usize].distance(promotion) as i32 - tempo > pawn_moves
}

#[cfg(test)]
mod tests;
