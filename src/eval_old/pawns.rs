//! Pawn structure and passed pawns: isolated, doubled, backward, supported and phalanx pawns; passed
//! pawns by rank, free to advance, protected, and the kings' distances to their stop squares.

use super::Sink;
use super::context::Context;
use super::layout::*;
use super::masks::{adjacent_files, attack_span, front_span, passed_span};
use shakmaty::attacks::pawn_attacks;
use shakmaty::{Bitboard, Color};

/// Adds the pawn terms of side `c`.
pub(super) fn eval<S: Sink>(ctx: &Context, c: Color, s: &mut S) {
    let us = ctx.pawns[c as usize];
    let them = ctx.pawns[!c as usize];
    let forward = if c == Color::White { 8 } else { -8 };
    for sq in us {
        let r = c.relative_rank(sq.rank()) as usize;
        let adjacent = adjacent_files(sq);
        // Our pawns that defend `sq` stand where an enemy pawn on `sq` would attack.
        let supported = pawn_attacks(!c, sq).intersects(us);
        if adjacent.is_disjoint(us) {
            s.add(c, ISOLATED, 1);
        } else if (adjacent & !attack_span(c, sq)).is_disjoint(us)
            && sq.offset(forward).is_some_and(|stop| ctx.pawn_attacks[!c as usize].contains(stop))
        {
            // No neighbour level or behind can come to its support, and an enemy pawn stops it.
            s.add(c, BACKWARD, 1);
        }
        if front_span(c, sq).intersects(us) {
            s.add(c, DOUBLED, 1);
        }
        if supported {
            s.add(c, SUPPORTED + r, 1);
        }
        if (adjacent & Bitboard::from_rank(sq.rank())).intersects(us) {
            s.add(c, PHALANX + r, 1);
        }
        if passed_span(c, sq).is_disjoint(them) {
            s.add(c, PASSED + r, 1);
            if supported {
                s.add(c, PASSED_PROTECTED, 1);
            }
            if let Some(stop) = sq.offset(forward) {
                if !ctx.occupied.contains(stop) {
                    s.add(c, PASSED_FREE + r, 1);
                }
                s.add(c, PASSED_OWN_KING + r, ctx.king[c as usize].distance(stop) as i32);
                s.add(c, PASSED_ENEMY_KING + r, ctx.king[!c as usize].distance(stop) as i32);
            }
        }
    }
}
