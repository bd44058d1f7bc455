//! Bitboard masks the pawn and piece terms share, built at compile time.

use shakmaty::{Bitboard, Color, Square};

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The file of square index `sq` and its neighbours.
const fn files_around(sq: usize) -> u64 {
    let f = sq % 8;
    let mut m = FILE_A << f;
    if f > 0 {
        m |= FILE_A << (f - 1);
    }
    if f < 7 {
        m |= FILE_A << (f + 1);
    }
    m
}

/// Squares strictly ahead of `sq` (towards the colour's promotion rank), all files.
const fn ahead(white: bool, sq: usize) -> u64 {
    let r = sq / 8;
    if white {
        if r == 7 { 0 } else { u64::MAX << ((r + 1) * 8) }
    } else if r == 0 {
        0
    } else {
        u64::MAX >> ((8 - r) * 8)
    }
}

const fn build(kind: u8) -> [[u64; 64]; 2] {
    let mut t = [[0; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 64 {
            let front = ahead(c == 0, sq);
            let file = FILE_A << (sq % 8);
            t[c][sq] = match kind {
                0 => front & files_around(sq),
                1 => front & file,
                _ => front & files_around(sq) & !file,
            };
            sq += 1;
        }
        c += 1;
    }
    t
}

/// Squares ahead on the pawn's file and both neighbours: no enemy pawn there means passed.
static PASSED_SPAN: [[u64; 64]; 2] = build(0);
/// Squares ahead on the pawn's own file.
static FRONT_SPAN: [[u64; 64]; 2] = build(1);
/// Squares ahead on the neighbouring files: where enemy pawns could attack from.
static ATTACK_SPAN: [[u64; 64]; 2] = build(2);

/// Rank `r` (0..8) as a mask; empty off the board.
const fn rank_mask(r: i32) -> u64 {
    if r >= 0 && r < 8 { 0xFF << (8 * r) } else { 0 }
}

const fn build_danger_zones() -> [[u64; 64]; 2] {
    let mut t = [[0; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let r = (sq / 8) as i32;
        let files = files_around(sq);
        let around = files & (rank_mask(r - 1) | rank_mask(r) | rank_mask(r + 1));
        t[0][sq] = around | (files & rank_mask(r + 2));
        t[1][sq] = around | (files & rank_mask(r - 2));
        sq += 1;
    }
    t
}

/// The king's danger zones (see [`danger_zone`]).
static DANGER_ZONE: [[u64; 64]; 2] = build_danger_zones();

/// Index of a colour in the tables (White 0).
const fn ci(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Squares that must be free of enemy pawns for a pawn of `c` on `sq` to be passed.
pub fn passed_span(c: Color, sq: Square) -> Bitboard {
    Bitboard(PASSED_SPAN[ci(c)][sq as usize])
}

/// Squares in front of `sq` on its file, from `c`'s side.
pub fn front_span(c: Color, sq: Square) -> Bitboard {
    Bitboard(FRONT_SPAN[ci(c)][sq as usize])
}

/// The danger zone of a king of `c` on `sq`: the king's square and its neighbours, and the three
/// squares two ranks ahead of it (on its file and the neighbouring ones), from `c`'s side.
pub fn danger_zone(c: Color, sq: Square) -> Bitboard {
    Bitboard(DANGER_ZONE[ci(c)][sq as usize])
}

/// Squares ahead of `sq` on the neighbouring files, from `c`'s side.
pub fn attack_span(c: Color, sq: Square) -> Bitboard {
    Bitboard(ATTACK_SPAN[ci(c)][sq as usize])
}

/// The files (bit `f` for file `f`) holding a square of `bb`.
#[inline]
pub fn files_of(bb: Bitboard) -> u32 {
    let mut x = bb.0;
    x |= x >> 32;
    x |= x >> 16;
    x |= x >> 8;
    (x & 0xFF) as u32
}

/// The file of `sq` and its neighbours.
pub fn files_around_sq(sq: Square) -> Bitboard {
    Bitboard(files_around(sq as usize))
}

/// The neighbouring files of `sq`, its own excluded.
pub fn adjacent_files(sq: Square) -> Bitboard {
    Bitboard(files_around(sq as usize) & !(FILE_A << (sq as usize % 8)))
}

/// Squares attacked by the pawns `pawns` of colour `c`.
pub fn pawn_attacks(c: Color, pawns: Bitboard) -> Bitboard {
    let not_a = Bitboard(!FILE_A);
    let not_h = Bitboard(!(FILE_A << 7));
    match c {
        Color::White => (pawns & not_a).shift(7) | (pawns & not_h).shift(9),
        Color::Black => (pawns & not_a).shift(-9) | (pawns & not_h).shift(-7),
    }
}

/// Squares attacked by two of the pawns `pawns` of colour `c` (one from each side).
pub fn pawn_double_attacks(c: Color, pawns: Bitboard) -> Bitboard {
    let not_a = Bitboard(!FILE_A);
    let not_h = Bitboard(!(FILE_A << 7));
    match c {
        Color::White => (pawns & not_a).shift(7) & (pawns & not_h).shift(9),
        Color::Black => (pawns & not_a).shift(-9) & (pawns & not_h).shift(-7),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans() {
        assert_eq!(
            passed_span(Color::White, Square::E4),
            Bitboard::from_file(shakmaty::File::D)
                .with(Bitboard::from_file(shakmaty::File::E))
                .with(Bitboard::from_file(shakmaty::File::F))
                & Bitboard(u64::MAX << 32)
        );
        assert_eq!(front_span(Color::Black, Square::A3), Bitboard::from_square(Square::A2).with(Square::A1));
        assert_eq!(attack_span(Color::White, Square::H6), Bitboard::from_square(Square::G7).with(Square::G8));
        let pawns = Bitboard::from_square(Square::A2).with(Square::H7);
        assert_eq!(pawn_attacks(Color::White, pawns), Bitboard::from_square(Square::B3).with(Square::G8));
        assert_eq!(pawn_attacks(Color::Black, pawns), Bitboard::from_square(Square::G6).with(Square::B1));
        // c3 and e3 both hit d4; b3 and c3 overlap nowhere.
        let pawns = Bitboard::from_square(Square::C3).with(Square::E3).with(Square::B3);
        assert_eq!(pawn_double_attacks(Color::White, pawns), Bitboard::from_square(Square::D4));
        assert_eq!(pawn_double_attacks(Color::Black, pawns), Bitboard::from_square(Square::D2));
        // g1: f1-h2 and f3-h3; a black king on h8: g8-h7 and g6-h6.
        let squares = |s: &[Square]| s.iter().fold(Bitboard::EMPTY, |b, &q| b.with(q));
        use Square::*;
        assert_eq!(danger_zone(Color::White, G1), squares(&[F1, G1, H1, F2, G2, H2, F3, G3, H3]));
        assert_eq!(danger_zone(Color::Black, H8), squares(&[G8, H8, G7, H7, G6, H6]));
        assert_eq!(danger_zone(Color::White, E8), squares(&[D8, E8, F8, D7, E7, F7]));
        assert_eq!(danger_zone(Color::White, D4).count(), 12);
    }
}
