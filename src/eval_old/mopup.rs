//! Mop-up: in a bare-king ending (one side has only its king, the other a rook's worth of pieces or
//! more), the stronger side gains for driving the lone king to the edge and bringing its own king
//! near. The fitted tables barely see such positions (self-play games are adjudicated long before),
//! so without this term the search finds the win but not the way to mate.

use shakmaty::{Board, Color, Role, Square};

/// Bonus per step of the lone king away from the centre (Manhattan distance, 0..=6).
const EDGE: i32 = 20;
/// Bonus per step the kings are closer than the farthest (Chebyshev distance, 1..=7).
const CLOSE: i32 = 8;
/// Non-pawn material, in pawns, that counts as enough to mate (a rook).
const ENOUGH: i32 = 5;

fn centre_distance(sq: Square) -> i32 {
    let (f, r) = (i32::from(u8::from(sq.file())), i32::from(u8::from(sq.rank())));
    (2 * f - 7).abs() / 2 + (2 * r - 7).abs() / 2
}

fn pieces_value(board: &Board, c: Color) -> i32 {
    let own = board.by_color(c);
    [(Role::Knight, 3), (Role::Bishop, 3), (Role::Rook, 5), (Role::Queen, 9)]
        .into_iter()
        .map(|(r, v)| v * (board.by_role(r) & own).count() as i32)
        .sum()
}

/// The mop-up bonus from White's view (0 outside bare-king endings).
pub fn white_bonus(board: &Board) -> i32 {
    for strong in Color::ALL {
        let weak = !strong;
        let bare = board.by_color(weak) == board.by_role(Role::King) & board.by_color(weak);
        if !bare || pieces_value(board, strong) < ENOUGH {
            continue;
        }
        let (Some(sk), Some(wk)) = (board.king_of(strong), board.king_of(weak)) else { return 0 };
        let bonus = EDGE * centre_distance(wk) + CLOSE * (7 - sk.distance(wk) as i32);
        return if strong == Color::White { bonus } else { -bonus };
    }
    0
}
