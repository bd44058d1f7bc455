//! Non-linear king safety: one danger sum per side, linear in its own weights, mapped to a penalty
//! for the king's side that grows with the square of the danger in the middlegame and linearly in
//! the endgame (the shape of Ethereal's king safety).
//!
//! The features (the `DANGER_*` groups of [`super::layout`], reported through [`Sink::danger`] for
//! the side whose king is in danger): enemy pieces attacking the danger zone by role (the king's
//! square and neighbours and the three squares two ranks ahead, [`super::masks::danger_zone`]),
//! their attacks on the zone, weak zone squares (attacked by the enemy, defended at most once and
//! then by our king or queen), safe checks by role, the enemy having no queen, pawn shelter and
//! storm summaries, and a constant. A side's danger is the weighted sum, middlegame and endgame
//! apart; [`penalty`] maps it to score. The sinks apply the map, and the tuner follows it through
//! the chain rule ([`crate::tune::features`]).

use super::context::Context;
use super::layout::*;
use super::masks::{self, files_of};
use super::{Sink, Split};
use shakmaty::{Bitboard, Board, Color, Role};

/// The middlegame penalty is `max(danger, 0)^2 / DIVISOR_MG`.
pub const DIVISOR_MG: i32 = 720;
/// The endgame penalty is `max(danger, 0) / DIVISOR_EG`.
pub const DIVISOR_EG: i32 = 20;
/// Storm pawns count when at most this many ranks ahead of the king.
const STORM_RANKS: u32 = 3;
/// A shelter pawn this many ranks or more ahead of the king counts as far (when no nearer one).
const SHELTER_FAR: u32 = 3;

/// The penalty (zero or negative, for the king's side) of a side's danger sum, in centipawns.
#[inline]
pub fn penalty(danger: Split) -> Split {
    let mg = i64::from(danger.mg.max(0));
    Split { mg: -((mg * mg / i64::from(DIVISOR_MG)) as i32), eg: -(danger.eg.max(0) / DIVISOR_EG) }
}

/// Adds the danger features of side `c`'s king. `checks` holds, by checking role (knight, bishop,
/// rook, queen), the squares from which an enemy piece of that role that can go there would check.
pub(super) fn eval<S: Sink>(board: &Board, ctx: &Context, c: Color, checks: &[Bitboard; 4], s: &mut S) {
    let (ci, ei) = (c as usize, !c as usize);
    // Most counts are 0: only the others are reported.
    if ctx.zone_attacks[ei] != 0 {
        for (r, &n) in ctx.attackers[ei].iter().enumerate() {
            if n != 0 {
                s.danger(c, DANGER_ATTACKERS + r, n);
            }
        }
        s.danger(c, DANGER_ZONE_ATTACKS, ctx.zone_attacks[ei]);
    }
    let ours = &ctx.attacks[ci];
    let weak =
        ctx.all[ei] & !ctx.two[ci] & (!ctx.all[ci] | ours[Role::Queen as usize - 1] | ours[Role::King as usize - 1]);
    s.danger_squares(c, DANGER_WEAK, weak & ctx.danger_zone[ci]);
    // Check squares the checker's side does not occupy, and that we do not defend, or that are
    // weak and attacked twice.
    let safe = !board.by_color(!c) & (!ctx.all[ci] | (weak & ctx.two[ei]));
    for (i, squares) in checks.iter().enumerate() {
        s.danger_squares(c, DANGER_CHECKS + i, *squares & safe);
    }
    if (board.queens() & board.by_color(!c)).is_empty() {
        s.danger(c, DANGER_NO_QUEEN, 1);
    }
    s.danger(c, DANGER_CONSTANT, 1);
    shelter_and_storm(ctx, c, s);
}

/// The shelter and storm summaries of side `c`'s king, over the king's file and its neighbours,
/// from the pawns level with or ahead of the king: files with no pawn of ours there, files whose
/// nearest is [`SHELTER_FAR`] ranks ahead or more; files with an enemy pawn at most [`STORM_RANKS`]
/// ahead, unblocked, then blocked (our pawn right in front of it).
fn shelter_and_storm<S: Sink>(ctx: &Context, c: Color, s: &mut S) {
    let k = ctx.king[c as usize];
    let files = masks::files_around_sq(k);
    let (ours, theirs) = (ctx.pawns[c as usize] & files, ctx.pawns[!c as usize] & files);
    // Ranks from the king's to `n` ahead of it.
    let ahead = |n: u32| {
        let r = u32::from(k.rank());
        let (lo, hi) = if c == Color::White { (r, (r + n).min(7)) } else { (r.saturating_sub(n), r) };
        Bitboard((u64::MAX << (8 * lo)) & (u64::MAX >> (8 * (7 - hi))))
    };
    let mut put = |term: usize, n: u32| {
        if n != 0 {
            s.danger(c, term, n as i32);
        }
    };
    let sheltered = files_of(ours & ahead(7));
    let near = files_of(ours & ahead(SHELTER_FAR - 1));
    put(DANGER_SHELTER, (files_of(files) & !sheltered).count_ones());
    put(DANGER_SHELTER + 1, (sheltered & !near).count_ones());
    let storm = theirs & ahead(STORM_RANKS);
    if storm.any() {
        let front = if c == Color::White { storm.shift(-8) } else { storm.shift(8) };
        let blocked = files_of(front & ours);
        put(DANGER_STORM, (files_of(storm) & !blocked).count_ones());
        put(DANGER_STORM + 1, blocked.count_ones());
    }
}

#[cfg(test)]
mod tests;
