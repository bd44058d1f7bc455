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

/// Squares ahead of `sq` on the neighbouring files, from `c`'s side.
pub fn attack_span(c: Color, sq: Square) -> Bitboard {
    Bitboard(ATTACK_SPAN[ci(c)][sq as usize])
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
    }
}
