//! Threat counts on hand-made positions (each checked against its colour mirror by [`nonzero`]).

use super::super::layout::*;
use super::super::tests::nonzero;

/// The groups added for the threats.
const NEW: [usize; 4] = [WEAK_PAWN, PUSH_THREAT, QUEEN_ATTACKED, OVERLOADED];

#[test]
fn a_safe_push_forks_two_knights() {
    // d3-d4 would hit c5 and e5: d4 is empty and nothing attacks it. The knights attack the
    // undefended d3 pawn: a weak pawn for Black.
    let fen = "4k3/8/8/2n1n3/8/3P4/8/4K3 w - - 0 1";
    assert_eq!(nonzero(fen, &NEW), vec![(WEAK_PAWN, [0, 1]), (PUSH_THREAT, [2, 0])]);
    // The rook on d8 attacks d4 and nothing defends it: not safe...
    let fen = "3rk3/8/8/2n1n3/8/3P4/8/4K3 w - - 0 1";
    assert_eq!(nonzero(fen, &NEW), vec![(WEAK_PAWN, [0, 1])]);
    // ...until the knight on f3 defends it.
    let fen = "3rk3/8/8/2n1n3/8/3P1N2/8/4K3 w - - 0 1";
    assert_eq!(nonzero(fen, &NEW), vec![(WEAK_PAWN, [0, 1]), (PUSH_THREAT, [2, 0])]);
    // An enemy pawn attacking d4 makes any push there unsafe, defended or not (e5 is a pawn now).
    let fen = "4k3/8/8/2n1p3/8/3P1N2/8/4K3 w - - 0 1";
    assert_eq!(nonzero(fen, &[PUSH_THREAT]), vec![]);
    // A blocked pawn does not push.
    assert_eq!(nonzero("4k3/8/8/2n1n3/3b4/3P4/8/4K3 w - - 0 1", &[PUSH_THREAT]), vec![]);
    // d3-d4 would hit c5, but the b4 pawn attacks it already; without b4 it counts.
    assert_eq!(nonzero("4k3/8/8/2n5/1P6/3P4/8/4K3 w - - 0 1", &[PUSH_THREAT]), vec![]);
    assert_eq!(nonzero("4k3/8/8/2n5/8/3P4/8/4K3 w - - 0 1", &[PUSH_THREAT]), vec![(PUSH_THREAT, [1, 0])]);
}

#[test]
fn weak_pawns_are_attacked_and_undefended() {
    assert_eq!(nonzero("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", &NEW), vec![(WEAK_PAWN, [1, 0])]);
    // e6 defends d5.
    assert_eq!(nonzero("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", &NEW), vec![]);
}

#[test]
fn the_queen_counts_each_lesser_attacker() {
    // The queen on d5: the c4 pawn, the knights on e3 and f4, the bishop on g2, the rook on d1.
    let fen = "7k/8/8/3q4/2P2N2/4N3/6B1/3RK3 w - - 0 1";
    let want = vec![
        (QUEEN_ATTACKED, [1, 0]),
        (QUEEN_ATTACKED + 1, [2, 0]),
        (QUEEN_ATTACKED + 2, [1, 0]),
        (QUEEN_ATTACKED + 3, [1, 0]),
    ];
    assert_eq!(nonzero(fen, &[QUEEN_ATTACKED]), want);
    // A queen does not count as a lesser attacker; a bishop behind the pawn does not see through it.
    let fen = "7k/8/8/3q4/2P5/1B6/8/3QK3 w - - 0 1";
    assert_eq!(nonzero(fen, &[QUEEN_ATTACKED]), vec![(QUEEN_ATTACKED, [1, 0])]);
}

#[test]
fn one_defender_of_two_attacked_pieces_is_overloaded() {
    // The queen on d7 alone holds the knights on c6 (attacked by the a4 bishop) and e6 (by the rook).
    let fen = "7k/3q4/2n1n3/8/B7/8/8/4R1K1 w - - 0 1";
    assert_eq!(nonzero(fen, &[OVERLOADED]), vec![(OVERLOADED, [1, 0])]);
    // A second attacker on c6 (the b4 knight), or a second defender of e6 (the f7 pawn): no.
    assert_eq!(nonzero("7k/3q4/2n1n3/8/BN6/8/8/4R1K1 w - - 0 1", &[OVERLOADED]), vec![]);
    assert_eq!(nonzero("7k/3q1p2/2n1n3/8/B7/8/8/4R1K1 w - - 0 1", &[OVERLOADED]), vec![]);
}
