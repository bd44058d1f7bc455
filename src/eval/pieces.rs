//! Piece activity: mobility by safe squares, the bishop pair, rooks on open and semi-open files,
//! outposts, minors behind a pawn, a bishop's blocked pawns of its colour and its long diagonal.
//! Records each piece's attacks, its attack units on the enemy king zone and its attacks on the
//! enemy danger zone in the [`Context`] for the passer, threat and king-safety terms.

use super::Sink;
use super::context::Context;
use super::layout::*;
use super::masks::attack_span;
use shakmaty::attacks::{attacks, bishop_attacks};
use shakmaty::{Bitboard, Board, Color, Role};

/// Attack units a piece brings to the enemy king zone, by `Role as usize` (0 unused): the weight of
/// the attacker, to which each zone square it hits adds one.
pub(super) const ATTACK_WEIGHT: [i32; 7] = [0, 0, 2, 2, 3, 5, 0];

/// The a1-h8 and h1-a8 diagonals.
const LONG_DIAGONALS: Bitboard = Bitboard(0x8040_2010_0804_0201 | 0x0102_0408_1020_4080);
/// d4, e4, d5, e5.
const CENTRE: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// Adds the piece terms of side `c`.
pub(super) fn eval<S: Sink>(board: &Board, ctx: &mut Context, c: Color, s: &mut S) {
    let (ci, ei) = (c as usize, !c as usize);
    let own = board.by_color(c);
    // Safe squares: not our own pieces, not attacked by an enemy pawn.
    let area = !own & !ctx.pawn_attacks[ei];
    let (enemy_zone, danger_zone) = (ctx.zone[ei], ctx.danger_zone[ei]);
    // Our pawns that an enemy pawn blocks, and the squares right behind any pawn (from our side).
    let (rammed, behind_pawn) = if c == Color::White {
        (ctx.pawns[ci] & ctx.pawns[ei].shift(-8), board.pawns().shift(-8))
    } else {
        (ctx.pawns[ci] & ctx.pawns[ei].shift(8), board.pawns().shift(8))
    };
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
                // The king zone lies inside the danger zone.
                let hits = wide & enemy_zone;
                if hits.any() {
                    ctx.units[ci] += ATTACK_WEIGHT[role as usize] + hits.count() as i32;
                }
            }
            match role {
                Role::Knight | Role::Bishop => {
                    let bishop = usize::from(role == Role::Bishop);
                    if behind_pawn.contains(sq) {
                        s.add(c, MINOR_BEHIND_PAWN + bishop, 1);
                    }
                    if role == Role::Bishop {
                        let colour = if Bitboard::DARK_SQUARES.contains(sq) {
                            Bitboard::DARK_SQUARES
                        } else {
                            Bitboard::LIGHT_SQUARES
                        };
                        s.add_squares(c, BISHOP_RAMMED, rammed & colour);
                        if (LONG_DIAGONALS & !CENTRE).contains(sq)
                            && (bishop_attacks(sq, board.pawns()) & CENTRE).more_than_one()
                        {
                            s.add(c, BISHOP_LONG_DIAGONAL, 1);
                        }
                    }
                    let rank = c.relative_rank(sq.rank()) as usize;
                    if (3..=5).contains(&rank)
                        && ctx.pawn_attacks[ci].contains(sq)
                        && attack_span(c, sq).is_disjoint(ctx.pawns[ei])
                    {
                        s.add(c, OUTPOST + bishop, 1);
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
