//! Threats: what side `c` attacks of the enemy's. Enemy pieces attacked by lesser pieces (by victim
//! role) and hanging pieces; safe pawn pushes that would attack a piece; weak pawns (attacked and
//! not defended); the enemy queen attacked by lesser pieces (counted per attacker, by its role);
//! overloaded defenders. Reads both sides' attack maps, so it runs after the piece terms of both.

use super::Sink;
use super::context::Context;
use super::layout::*;
use super::masks;
use shakmaty::attacks::{bishop_attacks, knight_attacks, pawn_attacks, rook_attacks};
use shakmaty::{Bitboard, Board, Color, Role};

/// Adds the threats side `c` makes.
pub(super) fn eval<S: Sink>(board: &Board, ctx: &Context, c: Color, s: &mut S) {
    let (ci, ei) = (c as usize, !c as usize);
    let enemy = board.by_color(!c);
    let att = &ctx.attacks[ci];
    let minor = att[Role::Knight as usize - 1] | att[Role::Bishop as usize - 1];
    let rook = att[Role::Rook as usize - 1];
    let by_pawn = ctx.pawn_attacks[ci] & !board.pawns();
    if (enemy & (by_pawn | minor | rook)).any() {
        for victim in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let v = victim as usize - 1;
            let targets = enemy & board.by_role(victim);
            s.add_squares(c, THREAT_BY_PAWN + v, targets & by_pawn);
            s.add_squares(c, THREAT_BY_MINOR + v, targets & minor);
            s.add_squares(c, THREAT_BY_ROOK + v, targets & rook);
        }
    }
    let pieces = enemy & !board.pawns() & !board.kings();
    // Attacked and not defended: pieces hang, pawns are weak.
    let loose = enemy & ctx.all[ci] & !ctx.all[ei];
    s.add_squares(c, HANGING, loose & pieces);
    s.add_squares(c, WEAK_PAWN, loose & board.pawns());
    push_threats(board, ctx, c, pieces, s);
    queen_attackers(board, ctx, c, s);
    overloaded(board, ctx, c, pieces, s);
}

/// Enemy `pieces` (not pawns or kings) that one of our pawns would attack after a safe one-square
/// push: onto an empty square that no enemy pawn attacks and that we defend or the enemy does not
/// attack. Pieces a pawn already attacks are left out.
fn push_threats<S: Sink>(board: &Board, ctx: &Context, c: Color, pieces: Bitboard, s: &mut S) {
    let (ci, ei) = (c as usize, !c as usize);
    let forward = if c == Color::White { 8 } else { -8 };
    let pushed = ctx.pawns[ci].shift(forward) & !board.occupied();
    let safe = pushed & !ctx.pawn_attacks[ei] & (ctx.all[ci] | !ctx.all[ei]);
    let hit = masks::pawn_attacks(c, safe) & pieces & !ctx.pawn_attacks[ci];
    s.add_squares(c, PUSH_THREAT, hit);
}

/// The enemy queens' attackers among our pawns, knights, bishops and rooks, counted per attacker.
fn queen_attackers<S: Sink>(board: &Board, ctx: &Context, c: Color, s: &mut S) {
    let own = board.by_color(c);
    for q in board.queens() & board.by_color(!c) & ctx.all[c as usize] {
        let by = |role: Role| board.by_role(role) & own;
        s.add_squares(c, QUEEN_ATTACKED, pawn_attacks(!c, q) & by(Role::Pawn));
        s.add_squares(c, QUEEN_ATTACKED + 1, knight_attacks(q) & by(Role::Knight));
        s.add_squares(c, QUEEN_ATTACKED + 2, bishop_attacks(q, ctx.occupied) & by(Role::Bishop));
        s.add_squares(c, QUEEN_ATTACKED + 3, rook_attacks(q, ctx.occupied) & by(Role::Rook));
    }
}

/// Enemy defenders that are the one defender of two or more enemy `pieces` we attack exactly once
/// (a piece defended once and attacked once is held by its defender alone: taking on one square
/// overloads it on the other).
fn overloaded<S: Sink>(board: &Board, ctx: &Context, c: Color, pieces: Bitboard, s: &mut S) {
    let (ci, ei) = (c as usize, !c as usize);
    let held = pieces & ctx.all[ci] & !ctx.two[ci] & ctx.all[ei] & !ctx.two[ei];
    if !held.more_than_one() {
        return;
    }
    let (mut once, mut twice) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for sq in held {
        let defenders = board.attacks_to(sq, !c, ctx.occupied);
        twice |= once & defenders;
        once |= defenders;
    }
    s.add_squares(c, OVERLOADED, twice);
}

#[cfg(test)]
mod tests;
