//! Pawn structure, the terms that depend on the pawns alone (so the [`super::PawnCache`] keeps
//! them): isolated, doubled, backward, supported and phalanx pawns, candidate passers, and passed
//! pawns by rank and protected. The passers' other terms are in [`super::passers`].

use super::Sink;
use super::context::Context;
use super::layout::*;
use super::masks::{adjacent_files, attack_span, front_span, passed_span};
use shakmaty::attacks::pawn_attacks;
use shakmaty::{Bitboard, Color};

/// Adds both sides' pawn-structure terms; returns the passed pawns indexed by `Color as usize`.
pub(super) fn structures<S: Sink>(ctx: &Context, s: &mut S) -> [Bitboard; 2] {
    let mut passed = [Bitboard::EMPTY; 2];
    for c in Color::ALL {
        passed[c as usize] = structure(ctx, c, s);
    }
    passed
}

/// Adds the pawn-structure terms of side `c` (those that depend on the pawns alone) and returns its
/// passed pawns.
fn structure<S: Sink>(ctx: &Context, c: Color, s: &mut S) -> Bitboard {
    let us = ctx.pawns[c as usize];
    let them = ctx.pawns[!c as usize];
    let forward = if c == Color::White { 8 } else { -8 };
    let mut passed = Bitboard::EMPTY;
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
            passed.add(sq);
            s.add(c, PASSED + r, 1);
            if supported {
                s.add(c, PASSED_PROTECTED, 1);
            }
        } else if front_span(c, sq).is_disjoint(us | them) {
            // Open ahead, and the enemy pawns that guard its path no more than our pawns that can
            // come up beside it to help it through.
            let sentries = (attack_span(c, sq) & them).count();
            let helpers = (adjacent & !attack_span(c, sq) & us).count();
            if helpers >= sentries {
                s.add(c, CANDIDATE + r, 1);
            }
        }
    }
    passed
}
