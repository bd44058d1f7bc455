//! Ordering scores of captures and promotions (quiets are scored by their history, `history.rs`).

use super::super::history::History;
use super::super::params::CAPTURE_HISTORY_DIVISOR;
use super::super::see::{captured_value, value};
use shakmaty::{Color, Move, Role};

/// Whether a move is tactical (capture or promotion) rather than quiet.
pub fn is_tactical(m: Move) -> bool {
    m.is_capture() || m.is_promotion()
}

/// Whether a move promotes to something other than a queen (ordered with the losing captures).
pub fn is_under_promotion(m: Move) -> bool {
    m.promotion().is_some_and(|r| r != Role::Queen)
}

/// Whether quiescence searches a move out of check: a capture or a queen promotion.
pub fn is_noisy(m: Move) -> bool {
    m.is_capture() || m.promotion() == Some(Role::Queen)
}

/// Most valuable victim, least valuable attacker.
pub fn mvv_lva(m: Move) -> i32 {
    let victim = captured_value(m);
    let promo = m.promotion().map_or(0, value);
    (victim + promo) * 16 - m.role() as i32
}

/// Room below a capture's score for a negative capture history.
const CAPTURE_FLOOR: i32 = 1 << 14;

/// Above every history score: tactical evasions before quiet ones in quiescence.
pub const ABOVE_QUIETS: i32 = 4_000_000;

/// A capture's or promotion's score: most valuable victim first, then (within about one step of
/// victim value) what its capture history says. Always positive.
pub fn capture_score(history: &History, turn: Color, m: Move) -> i32 {
    CAPTURE_FLOOR + mvv_lva(m) + history.capture(turn, m) / CAPTURE_HISTORY_DIVISOR
}
