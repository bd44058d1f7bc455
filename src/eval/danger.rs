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
use super::{Sink, Split};
use shakmaty::{Bitboard, Board, Color, Role};

/// The middlegame penalty is `max(danger, 0)^2 / DIVISOR_MG`.
pub const DIVISOR_MG: i32 = 720;
/// The endgame penalty is `max(danger, 0) / DIVISOR_EG`.
pub const DIVISOR_EG: i32 = 20;
/// Storm pawns count when at most this many ranks ahead of the king.
const STORM_RANKS: u32 = 3;
/// A shelter pawn this many ranks or more ahead of the king counts as far.
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
    for (r, &n) in ctx.attackers[ei].iter().enumerate() {
        s.danger(c, DANGER_ATTACKERS + r, n);
    }
    s.danger(c, DANGER_ZONE_ATTACKS, ctx.zone_attacks[ei]);
    let ours = &ctx.attacks[ci];
    let weak =
        ctx.all[ei] & !ctx.two[ci] & (!ctx.all[ci] | ours[Role::Queen as usize - 1] | ours[Role::King as usize - 1]);
    s.danger(c, DANGER_WEAK, (weak & ctx.danger_zone[ci]).count() as i32);
    // Check squares the checker's side does not occupy, and that we do not defend, or that are
    // weak and attacked twice.
    let safe = !board.by_color(!c) & (!ctx.all[ci] | (weak & ctx.two[ei]));
    for (i, squares) in checks.iter().enumerate() {
        s.danger(c, DANGER_CHECKS + i, (*squares & safe).count() as i32);
    }
    s.danger(c, DANGER_NO_QUEEN, i32::from((board.queens() & board.by_color(!c)).is_empty()));
    shelter_and_storm(ctx, c, s);
    s.danger(c, DANGER_CONSTANT, 1);
}

/// The shelter and storm summaries of side `c`'s king, file by file over the king's file and its
/// neighbours, from the nearest pawn of each side level with or ahead of the king.
fn shelter_and_storm<S: Sink>(ctx: &Context, c: Color, s: &mut S) {
    let k = ctx.king[c as usize];
    let rank = u32::from(k.rank());
    let ahead = Bitboard(if c == Color::White { u64::MAX << (8 * rank) } else { u64::MAX >> (8 * (7 - rank)) });
    let nearest = |bb: Bitboard| if c == Color::White { bb.first() } else { bb.last() };
    let (mut missing, mut far, mut storm, mut blocked) = (0, 0, 0, 0);
    for file in [k.file().offset(-1), Some(k.file()), k.file().offset(1)].into_iter().flatten() {
        let mask = Bitboard::from_file(file) & ahead;
        let ours = nearest(ctx.pawns[c as usize] & mask).map(|p| p.rank().distance(k.rank()));
        let theirs = nearest(ctx.pawns[!c as usize] & mask).map(|p| p.rank().distance(k.rank()));
        match ours {
            None => missing += 1,
            Some(d) if d >= SHELTER_FAR => far += 1,
            Some(_) => {}
        }
        if let Some(t) = theirs.filter(|&t| t <= STORM_RANKS) {
            // Blocked: our pawn stands right in front of it.
            if ours.is_some_and(|o| o + 1 == t) {
                blocked += 1;
            } else {
                storm += 1;
            }
        }
    }
    s.danger(c, DANGER_SHELTER, missing);
    s.danger(c, DANGER_SHELTER + 1, far);
    s.danger(c, DANGER_STORM, storm);
    s.danger(c, DANGER_STORM + 1, blocked);
}

#[cfg(test)]
mod tests;
