//! Piece activity: mobility by safe squares, the bishop pair, rooks on open and semi-open files,
//! outposts. Records each piece's attacks and its attacks on the enemy danger zone in the
//! [`Context`] for the passer, threat and king-safety terms.

use super::Sink;
use super::context::Context;
use super::layout::*;
use super::masks::attack_span;
use shakmaty::attacks::attacks;
use shakmaty::{Bitboard, Board, Color, Role};

/// Adds the piece terms of side `c`.
pub(super) fn eval<S: Sink>(board: &Board, ctx: &mut Context, c: Color, s: &mut S) {
    let (ci, ei) = (c as usize, !c as usize);
    let own = board.by_color(c);
    // Safe squares: not our own pieces, not attacked by an enemy pawn.
    let area = !own & !ctx.pawn_attacks[ei];
    let danger_zone = ctx.danger_zone[ei];
    for (role, mobility) in [
        (Role::Knight, MOBILITY_KNIGHT),
        (Role::Bishop, MOBILITY_BISHOP),
        (Role::Rook, MOBILITY_ROOK),
        (Role::Queen, MOBILITY_QUEEN),
    ] {
        for sq in board.by_role(role) & own {
            let att = attacks(sq, role.of(c), ctx.occupied);
            s.add(c, mobility + (att & area).count(), 1);
            ctx.add_attacks(c, role, att);
            let wide = att & danger_zone;
            if wide.any() {
                ctx.attackers[ci][role as usize - 2] += 1;
                ctx.zone_attacks[ci] += wide.count() as i32;
            }
            match role {
                Role::Knight | Role::Bishop => {
                    let rank = c.relative_rank(sq.rank()) as usize;
                    if (3..=5).contains(&rank)
                        && ctx.pawn_attacks[ci].contains(sq)
                        && attack_span(c, sq).is_disjoint(ctx.pawns[ei])
                    {
                        s.add(c, OUTPOST + usize::from(role == Role::Bishop), 1);
                    }
                }
                Role::Rook => {
                    let file = Bitboard::from_file(sq.file());
                    if file.is_disjoint(ctx.pawns[ci]) {
                        let term = if file.is_disjoint(ctx.pawns[ei]) { ROOK_OPEN } else { ROOK_SEMI_OPEN };
                        s.add(c, term, 1);
                    }
                }
                _ => {}
            }
        }
    }
    if (board.bishops() & own).more_than_one() {
        s.add(c, BISHOP_PAIR, 1);
    }
}
