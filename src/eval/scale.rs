//! Endgame scaling: the factor, out of [`SCALE_NORMAL`], by which the endgame half of the evaluation
//! is multiplied before tapering, read from the material on the board, so that endings the stronger
//! side can hardly win score toward a draw. A factor of [`SCALE_DRAW`] makes the whole evaluation
//! the draw score (the middlegame half, the tempo and the mop-up bonus too).
//!
//! The stronger side is the one the endgame sum favours. When that sum is 0 neither side is
//! stronger, and the larger of the two sides' factors is taken (the endgame half is 0 either way;
//! what matters is that the position is a draw only if neither side can win), which keeps the
//! evaluation colour-symmetric. Every case is a few popcounts; no allocation.

use crate::material;
use shakmaty::{Bitboard, Board, Color, Role};

/// The endgame half at full value: the factor is out of this.
pub const SCALE_NORMAL: i32 = 128;
/// The stronger side cannot win (no pawns and at most a minor, or two knights against a bare king).
pub const SCALE_DRAW: i32 = 0;
/// Opposite-coloured bishops and pawns only, the stronger side at most a pawn ahead: the defender's
/// bishop stops the pawn on squares the other bishop cannot contest.
pub const OCB_BISHOPS: i32 = 16;
/// Opposite-coloured bishops and pawns only: added per pawn of lead beyond the first (capped at
/// [`SCALE_NORMAL`]), as two passers far apart can overload the defending bishop.
pub const OCB_BISHOPS_PER_PAWN: i32 = 48;
/// Opposite-coloured bishops and a knight each: the knights can attack the blockade, so less drawish.
pub const OCB_KNIGHTS: i32 = 104;
/// Opposite-coloured bishops and a rook each: the rooks add winning chances, the bishops still pull to a draw.
pub const OCB_ROOKS: i32 = 96;
/// A lone queen (no pawns) against two or more minors and rooks: often a fortress, or a long win.
pub const LONE_QUEEN: i32 = 80;
/// No pawns, at most a minor ahead, against at most a minor (KR v KB, KR v KN, KBN v KB): book draws.
pub const NO_PAWNS_VS_MINOR: i32 = 8;
/// No pawns, at most a minor ahead, against more (KRB v KR, KRN v KR): mostly drawn.
pub const NO_PAWNS_VS_MORE: i32 = 24;
/// Rook ending, the stronger side's few pawns all on one wing: the factor is this base plus
/// [`ROOK_ENDING_PER_PAWN`] per pawn of the stronger side (80, 96, 112); the defender's rook and king hold one wing.
pub const ROOK_ENDING_BASE: i32 = 64;
/// The rook ending's factor per pawn of the stronger side: each extra pawn brings the win nearer.
pub const ROOK_ENDING_PER_PAWN: i32 = 16;
/// The most pawns the stronger side may have for the rook-ending case (from four on, normal).
pub const ROOK_ENDING_MAX_PAWNS: usize = 3;

/// Which case of the scaling applies.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Case {
    /// None: the endgame half counts in full.
    #[default]
    Normal,
    /// Opposite-coloured bishops, no other pieces (the factor grows with the stronger side's pawn lead).
    OppositeBishops,
    /// Opposite-coloured bishops and one knight each.
    OppositeBishopsKnights,
    /// Opposite-coloured bishops and one rook each.
    OppositeBishopsRooks,
    /// The stronger side has a queen alone (no pawns) against two or more minors and rooks.
    LoneQueen,
    /// The stronger side has no pawns and at most a minor piece.
    CannotWin,
    /// Two knights against a bare king.
    TwoKnights,
    /// No pawns for the stronger side, at most a minor ahead, against at most a minor.
    NoPawnsVsMinor,
    /// No pawns for the stronger side, at most a minor ahead, against more.
    NoPawnsVsMore,
    /// A rook each, no other pieces, the stronger side's 1 to 3 pawns all on one wing.
    RookEnding,
}

/// The scale factor and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Scale {
    /// The endgame half is multiplied by `factor / SCALE_NORMAL`.
    pub factor: i32,
    /// The case that gave it.
    pub case: Case,
}

impl Default for Scale {
    fn default() -> Self {
        Self { factor: SCALE_NORMAL, case: Case::Normal }
    }
}

impl Scale {
    const fn new(factor: i32, case: Case) -> Self {
        Self { factor, case }
    }
}

/// The scale of `board`, whose White-view endgame sum is `white_eg`.
#[inline]
pub fn of(board: &Board, white_eg: i32) -> Scale {
    match white_eg.signum() {
        1 => for_side(board, Color::White),
        -1 => for_side(board, Color::Black),
        _ => {
            let (w, b) = (for_side(board, Color::White), for_side(board, Color::Black));
            if b.factor > w.factor { b } else { w }
        }
    }
}

/// The pieces other than pawns and the king, in pawns (1/3/3/5/9).
fn pieces_value(board: &Board, side: Bitboard) -> i32 {
    material::on(board, side & !board.pawns()) as i32
}

/// The scale with `strong` as the stronger side.
#[inline]
fn for_side(board: &Board, strong: Color) -> Scale {
    let (s, w) = (board.by_color(strong), board.by_color(!strong));
    let (white, black) = (board.white(), board.black());
    let pawns = board.pawns();
    let (knights, bishops) = (board.by_role(Role::Knight), board.by_role(Role::Bishop));
    let (rooks, queens) = (board.by_role(Role::Rook), board.by_role(Role::Queen));
    let one_each = |bb: Bitboard| (bb & white).count() == 1 && (bb & black).count() == 1;

    if (s & pawns).is_empty() {
        let minors_and_rooks = knights | bishops | rooks;
        let lone_queen = (s & queens).count() == 1 && (s & minors_and_rooks).is_empty();
        if lone_queen && (w & queens).is_empty() && (w & minors_and_rooks).more_than_one() {
            return Scale::new(LONE_QUEEN, Case::LoneQueen);
        }
        let (strong_value, weak_value) = (pieces_value(board, s), pieces_value(board, w));
        let minor = material::value(Role::Knight) as i32;
        if strong_value - weak_value <= minor {
            return if strong_value < material::value(Role::Rook) as i32 {
                Scale::new(SCALE_DRAW, Case::CannotWin)
            } else if weak_value <= minor {
                Scale::new(NO_PAWNS_VS_MINOR, Case::NoPawnsVsMinor)
            } else {
                Scale::new(NO_PAWNS_VS_MORE, Case::NoPawnsVsMore)
            };
        }
        let bare = w.count() == 1;
        if bare && (s & knights).count() == 2 && s.count() == 3 {
            return Scale::new(SCALE_DRAW, Case::TwoKnights);
        }
    }

    if one_each(bishops) && (bishops & Bitboard::LIGHT_SQUARES).count() == 1 {
        if (knights | rooks | queens).is_empty() {
            let lead = (s & pawns).count() as i32 - (w & pawns).count() as i32;
            let factor = OCB_BISHOPS + OCB_BISHOPS_PER_PAWN * (lead - 1).max(0);
            return Scale::new(factor.min(SCALE_NORMAL), Case::OppositeBishops);
        }
        if (rooks | queens).is_empty() && one_each(knights) {
            return Scale::new(OCB_KNIGHTS, Case::OppositeBishopsKnights);
        }
        if (knights | queens).is_empty() && one_each(rooks) {
            return Scale::new(OCB_ROOKS, Case::OppositeBishopsRooks);
        }
    }

    if (knights | bishops | queens).is_empty() && one_each(rooks) {
        let n = (s & pawns).count();
        let one_wing = (s & pawns & Bitboard::WEST).is_empty() || (s & pawns & Bitboard::EAST).is_empty();
        if (1..=ROOK_ENDING_MAX_PAWNS).contains(&n) && one_wing {
            return Scale::new(ROOK_ENDING_BASE + ROOK_ENDING_PER_PAWN * n as i32, Case::RookEnding);
        }
    }

    Scale::default()
}

#[cfg(test)]
pub(crate) mod tests;
