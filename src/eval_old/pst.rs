//! Layout and fixed constants of the evaluation, and the hand-set tables the tuner starts from.
//!
//! Tables are written as a board is seen from White's side (rank 8 on the first row), so White's
//! square `sq` reads entry `sq ^ 56` and Black's square reads entry `sq` (the vertical mirror).
//! The evaluator uses the fitted values in [`super::params`] (written by `brudno tune fit`); the
//! hand-set [`MATERIAL`] and [`PST`] here are only the tuner's `--init hand` starting point.

/// Hand-set material (middlegame, endgame) indexed by `Role as usize - 1`: pawn, knight, bishop, rook, queen, king.
pub const MATERIAL: [(i32, i32); 6] = [(88, 118), (325, 300), (340, 320), (470, 530), (1000, 970), (0, 0)];

/// Game-phase weight of each role; the full phase (all pieces on the board) is [`PHASE_TOTAL`].
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Phase of the starting position.
pub const PHASE_TOTAL: i32 = 24;

/// Bonus for having the move (fixed: not tuned).
pub const TEMPO: i32 = 12;

/// One piece-square table, in the layout described above.
pub type Table = [i32; 64];

#[rustfmt::skip]
const PAWN_MG: Table = [
      0,   0,   0,   0,   0,   0,   0,   0,
     60,  60,  60,  60,  60,  60,  60,  60,
     12,  15,  22,  30,  30,  22,  15,  12,
      2,   5,  10,  22,  22,  10,   5,   2,
     -2,   0,   6,  18,  18,   4,   0,  -2,
      0,   2,   0,   4,   4,  -4,   4,   2,
      0,   4,   4, -14, -14,   8,   8,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const PAWN_EG: Table = [
      0,   0,   0,   0,   0,   0,   0,   0,
    110, 105, 100,  95,  95, 100, 105, 110,
     60,  58,  52,  46,  46,  52,  58,  60,
     28,  26,  22,  18,  18,  22,  26,  28,
     10,   8,   5,   2,   2,   5,   8,  10,
      0,   0,  -2,  -4,  -4,  -2,   0,   0,
      0,   0,   0,  -4,  -4,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const KNIGHT_MG: Table = [
    -60, -30, -20, -15, -15, -20, -30, -60,
    -30, -15,   5,  10,  10,   5, -15, -30,
    -15,  10,  20,  25,  25,  20,  10, -15,
    -10,   5,  18,  25,  25,  18,   5, -10,
    -12,   2,  12,  16,  16,  12,   2, -12,
    -18,   0,  10,   8,   8,  10,   0, -18,
    -25, -15,  -2,   4,   4,  -2, -15, -25,
    -45, -22, -22, -18, -18, -22, -22, -45,
];
#[rustfmt::skip]
const KNIGHT_EG: Table = [
    -40, -25, -15, -10, -10, -15, -25, -40,
    -25, -10,   0,   5,   5,   0, -10, -25,
    -15,   0,  10,  15,  15,  10,   0, -15,
    -10,   5,  15,  20,  20,  15,   5, -10,
    -10,   5,  15,  20,  20,  15,   5, -10,
    -15,   0,  10,  15,  15,  10,   0, -15,
    -25, -10,   0,   5,   5,   0, -10, -25,
    -40, -25, -15, -10, -10, -15, -25, -40,
];
#[rustfmt::skip]
const BISHOP_MG: Table = [
    -15, -10, -10, -10, -10, -10, -10, -15,
    -10,   0,   0,   0,   0,   0,   0, -10,
     -8,   4,   8,  10,  10,   8,   4,  -8,
     -6,   8,   8,  14,  14,   8,   8,  -6,
     -6,   4,  12,  14,  14,  12,   4,  -6,
     -4,  10,  10,  10,  10,  10,  10,  -4,
     -6,  12,   6,   6,   6,   6,  12,  -6,
    -15, -10, -14, -10, -10, -14, -10, -15,
];
#[rustfmt::skip]
const BISHOP_EG: Table = [
    -15, -10,  -8,  -6,  -6,  -8, -10, -15,
    -10,  -4,   0,   2,   2,   0,  -4, -10,
     -8,   0,   4,   6,   6,   4,   0,  -8,
     -6,   2,   6,  10,  10,   6,   2,  -6,
     -6,   2,   6,  10,  10,   6,   2,  -6,
     -8,   0,   4,   6,   6,   4,   0,  -8,
    -10,  -4,   0,   2,   2,   0,  -4, -10,
    -15, -10,  -8,  -6,  -6,  -8, -10, -15,
];
#[rustfmt::skip]
const ROOK_MG: Table = [
      8,  10,  12,  14,  14,  12,  10,   8,
     20,  24,  26,  28,  28,  26,  24,  20,
      0,   4,   6,   8,   8,   6,   4,   0,
     -6,  -2,   0,   2,   2,   0,  -2,  -6,
    -10,  -6,  -4,   0,   0,  -4,  -6, -10,
    -12,  -6,  -4,  -2,  -2,  -4,  -6, -12,
    -14,  -8,  -4,  -2,  -2,  -4,  -8, -18,
     -6,  -4,   2,   8,   8,   4,  -8,  -6,
];
#[rustfmt::skip]
const ROOK_EG: Table = [
     10,  10,  10,  10,  10,  10,  10,  10,
     12,  12,  12,  12,  12,  12,  12,  12,
      6,   6,   6,   6,   6,   6,   6,   6,
      4,   4,   4,   4,   4,   4,   4,   4,
      0,   0,   0,   0,   0,   0,   0,   0,
     -2,  -2,  -2,  -2,  -2,  -2,  -2,  -2,
     -4,  -4,  -4,  -4,  -4,  -4,  -4,  -4,
     -6,  -4,  -2,   0,   0,  -2,  -4,  -6,
];
#[rustfmt::skip]
const QUEEN_MG: Table = [
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,  -5,   0,   0,   0,   0,  -5, -10,
    -10,   0,   5,   5,   5,   5,   0, -10,
     -5,   0,   5,   6,   6,   5,   0,  -5,
     -5,   0,   5,   6,   6,   5,   0,  -5,
    -10,   2,   5,   5,   5,   5,   2, -10,
    -10,   0,   4,   2,   2,   0,   0, -10,
    -20, -10, -10,   0,  -4, -10, -10, -20,
];
#[rustfmt::skip]
const QUEEN_EG: Table = [
    -20, -10,  -8,  -5,  -5,  -8, -10, -20,
    -10,   0,   5,   8,   8,   5,   0, -10,
     -8,   5,  10,  14,  14,  10,   5,  -8,
     -5,   8,  14,  18,  18,  14,   8,  -5,
     -5,   8,  14,  18,  18,  14,   8,  -5,
     -8,   5,  10,  14,  14,  10,   5,  -8,
    -10,   0,   5,   8,   8,   5,   0, -10,
    -20, -10,  -8,  -5,  -5,  -8, -10, -20,
];
#[rustfmt::skip]
const KING_MG: Table = [
    -40, -40, -45, -50, -50, -45, -40, -40,
    -40, -40, -45, -50, -50, -45, -40, -40,
    -35, -40, -45, -50, -50, -45, -40, -35,
    -30, -35, -40, -45, -45, -40, -35, -30,
    -25, -30, -35, -40, -40, -35, -30, -25,
    -15, -20, -25, -30, -30, -25, -20, -15,
     10,  10,  -8, -20, -20, -12,  12,  12,
     15,  30,  10, -15,   0, -10,  32,  18,
];
#[rustfmt::skip]
const KING_EG: Table = [
    -50, -30, -25, -20, -20, -25, -30, -50,
    -25,  -5,   0,   5,   5,   0,  -5, -25,
    -20,   5,  15,  20,  20,  15,   5, -20,
    -18,   8,  20,  28,  28,  20,   8, -18,
    -20,   5,  18,  25,  25,  18,   5, -20,
    -22,  -2,  10,  15,  15,  10,  -2, -22,
    -30, -12,  -2,   4,   4,  -2, -12, -30,
    -50, -35, -25, -20, -20, -25, -35, -50,
];

/// Hand-set piece-square values (middlegame, endgame) indexed by role - 1, in the layout described above.
pub const PST: [(Table, Table); 6] = [
    (PAWN_MG, PAWN_EG),
    (KNIGHT_MG, KNIGHT_EG),
    (BISHOP_MG, BISHOP_EG),
    (ROOK_MG, ROOK_EG),
    (QUEEN_MG, QUEEN_EG),
    (KING_MG, KING_EG),
];
