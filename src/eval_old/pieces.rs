//! Piece activity: mobility by safe squares, the bishop pair, rooks on open and semi-open files,
//! outposts. Records each piece's attacks and its attack units on the enemy king zone in the
//! [`Context`] for the threat and king-safety terms.

use super::Sink;
use super::context::Context;
use super::layout::*;
use super::masks::attack_span;
use shakmaty::attacks::attacks;
use shakmaty::{Bitboard, Board, Color, Role};

/// Attack units a piece brings to the enemy king zone, by `Role as usize` (0 unused): the weight of
/// the attacker, to which each zone square it hits adds one.
pub(super) const ATTACK_WEIGHT: [i32; 7] = [0, 0, 2, 2, 3, 5, 0];

/// Adds the piece terms of side `c`.
pub(super) fn eval<S: Sink>(board: &Board, ctx: &mut Context, c: Color, s: &mut S) {
    let (ci, ei) = (c as usize, !c as usize);
    let own = board.by_color(c);
    // Safe squares: not our own pieces, not attacked by an enemy pawn.
    let area = !own & !ctx.pawn_attacks[ei];
    let enemy_zone = ctx.zone[ei];
    for (role, mobility) in [
        (Role::Knight, MOBILITY_KNIGHT),
        (Role::Bishop, MOBILITY_BISHOP),
        (Role::Rook, MOBILITY_ROOK),
        (Role::Queen, MOBILITY_QUEEN),
    ] {
        for sq in board.by_role(role) & own {
            let att = attacks(sq, role.of(c), ctx.occupied);
            s.add(c, mobility + (att & area).count(), 1);
            ctx.attacks[ci][role as usize - 1] |= att;
            let hits = att & enemy_zone;
            if hits.any() {
                ctx.units[ci] += ATTACK_WEIGHT[role as usize] + hits.count() as i32;
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

/// Adds the threats side `c` makes: enemy pieces attacked by lesser pieces, and hanging pieces.
/// Reads the attack maps of both sides, so it runs after [`eval`] for both.
pub(super) fn threats<S: Sink>(board: &Board, ctx: &Context, c: Color, s: &mut S) {
    let ci = c as usize;
    let enemy = board.by_color(!c);
    let att = &ctx.attacks[ci];
    let minor = att[Role::Knight as usize - 1] | att[Role::Bishop as usize - 1];
    let rook = att[Role::Rook as usize - 1];
    for victim in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let v = victim as usize - 1;
        let targets = enemy & board.by_role(victim);
        if targets.is_empty() {
            continue;
        }
        if victim != Role::Pawn {
            s.add(c, THREAT_BY_PAWN + v, (targets & ctx.pawn_attacks[ci]).count() as i32);
        }
        s.add(c, THREAT_BY_MINOR + v, (targets & minor).count() as i32);
        s.add(c, THREAT_BY_ROOK + v, (targets & rook).count() as i32);
    }
    let pieces = enemy & !board.pawns() & !board.kings();
    let hanging = pieces & ctx.all[c as usize] & !ctx.all[!c as usize];
    s.add(c, HANGING, hanging.count() as i32);
}
