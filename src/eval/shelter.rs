//! The king's pawn cover as tables, the idea of Ethereal's shelter and storm: for each of the three
//! files at the king (its own and its neighbours), how far ahead the nearest own pawn stands and how
//! far the nearest enemy pawn, by file (mirrored to the queen's side: a file and its mirror share a
//! weight) and by whether it is the king's own file; an enemy pawn that our pawn stops right in front
//! of it counts apart (blocked). The linear shield and storm groups of [`super::king`] count pawns;
//! these tables let the fit say which holes hurt where.

use super::Sink;
use super::context::Context;
use super::layout::*;
use shakmaty::{Bitboard, Color, File, Square};

/// Rank distance bucket meaning "no such pawn on the file within three ranks of the king" (farther
/// ones are rare and say little about the king's cover).
const NONE: usize = 4;
/// Distance buckets per file: 0..=3, then [`NONE`].
pub(super) const BUCKETS: usize = NONE + 1;

/// The nearest pawn of `pawns` to the king on `c`'s side of it, as a rank distance (0 level with the
/// king, at most 3), or [`NONE`].
fn nearest(c: Color, king: Square, pawns: Bitboard) -> usize {
    let ahead = pawns & forward_ranks(c, king);
    let nearest = if c == Color::White { ahead.first() } else { ahead.last() };
    nearest.map_or(NONE, |sq| (u32::from(sq.rank()).abs_diff(u32::from(king.rank()))).min(NONE as u32) as usize)
}

/// The ranks of the king's and those ahead of it, from `c`'s side.
fn forward_ranks(c: Color, king: Square) -> Bitboard {
    let r = u32::from(king.rank());
    Bitboard(if c == Color::White { u64::MAX << (8 * r) } else { u64::MAX >> (8 * (7 - r)) })
}

/// A file's index in the tables: a..d as 0..3, e..h mirrored onto d..a.
fn mirrored(file: File) -> usize {
    let f = usize::from(file);
    f.min(7 - f)
}

/// Adds the shelter and storm table terms of side `c`'s king.
pub(super) fn eval<S: Sink>(ctx: &Context, c: Color, s: &mut S) {
    let (ci, ei) = (c as usize, !c as usize);
    let king = ctx.king[ci];
    let kf = king.file();
    for file in [kf.offset(-1), Some(kf), kf.offset(1)].into_iter().flatten() {
        let mask = Bitboard::from_file(file);
        let own_file = usize::from(file == kf);
        let ours = nearest(c, king, ctx.pawns[ci] & mask);
        let theirs = nearest(c, king, ctx.pawns[ei] & mask);
        let column = mirrored(file);
        s.add(c, KING_SHELTER + (own_file * 4 + column) * BUCKETS + ours, 1);
        let blocked = usize::from(ours != NONE && ours + 1 == theirs);
        s.add(c, KING_STORM + (blocked * 4 + column) * BUCKETS + theirs, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::nonzero;

    /// The (White, Black) bucket of a table term as (own file, mirrored file, distance).
    fn at(start: usize, t: usize) -> (usize, usize, usize) {
        let i = t - start;
        (i / (4 * BUCKETS), i / BUCKETS % 4, i % BUCKETS)
    }

    #[test]
    fn the_tables_read_the_pawns_in_front_of_the_king() {
        // White king g1 with f2, g3 and no h-pawn; Black's h-pawn on h4 and g-pawn on g4, stopped by
        // g3. Black king g8 with f7 g7 h7 against no White pawns there.
        let fen = "6k1/5ppp/8/8/6pp/6P1/5P2/6K1 w - - 0 1";
        let got = nonzero(fen, &[KING_SHELTER]);
        let white: Vec<_> = got.iter().filter(|(_, n)| n[0] != 0).map(|&(t, _)| at(KING_SHELTER, t)).collect();
        // f-file (mirrored 2) pawn 1 rank ahead; g-file (king's own, mirrored 1) 2 ahead; h (0) none.
        assert_eq!(white, vec![(0, 0, NONE), (0, 2, 1), (1, 1, 2)]);
        let storm = nonzero(fen, &[KING_STORM]);
        let white: Vec<_> = storm.iter().filter(|(_, n)| n[0] != 0).map(|&(t, _)| at(KING_STORM, t)).collect();
        // h4 three ranks ahead, unblocked; f7 six ahead (as none); g4 three ahead and blocked by g3.
        assert_eq!(white, vec![(0, 0, 3), (0, 2, NONE), (1, 1, 3)]);
        // Black: its three pawns one rank ahead, no White pawns on those files ahead of it.
        let black: Vec<_> = got.iter().filter(|(_, n)| n[1] != 0).map(|&(t, _)| at(KING_SHELTER, t)).collect();
        assert_eq!(black, vec![(0, 0, 1), (0, 2, 1), (1, 1, 1)]);
    }

    #[test]
    fn an_edge_king_has_two_files() {
        let got = nonzero("7k/8/8/8/8/8/8/K7 w - - 0 1", &[KING_SHELTER, KING_STORM]);
        assert!(got.iter().all(|(_, n)| n[0] <= 1), "{got:?}");
        assert_eq!(got.iter().map(|(_, n)| n[0]).sum::<i32>(), 4, "{got:?}");
    }
}
