//! Passed-pawn and candidate-passer counts on hand-made positions (each checked against its colour
//! mirror by [`nonzero`]).

use super::super::layout::*;
use super::super::tests::nonzero;

/// The groups added for the passers (the older ones are checked elsewhere).
const NEW: [usize; 5] = [PASSED_ADVANCE, PASSED_SAFE_PATH, PASSED_ROOK_BEHIND, PASSED_UNSTOPPABLE, CANDIDATE];

#[test]
fn a_free_passer_advances_but_its_path_is_guarded() {
    // d5 (relative rank index 4): d6 free and unattacked; the black king guards d7 and d8.
    let fen = "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1";
    assert_eq!(nonzero(fen, &NEW), vec![(PASSED_ADVANCE + 4, [1, 0])]);
    let all = nonzero(fen, &[PASSED, PASSED_FREE, PASSED_OWN_KING, PASSED_ENEMY_KING]);
    // Kings' distances to d6: e1 five, e8 two.
    let want = vec![
        (PASSED + 4, [1, 0]),
        (PASSED_FREE + 4, [1, 0]),
        (PASSED_OWN_KING + 4, [5, 0]),
        (PASSED_ENEMY_KING + 4, [2, 0]),
    ];
    assert_eq!(all, want);
}

#[test]
fn an_attacked_stop_square_needs_a_defender() {
    // d6 passer, stop square d7 attacked by the rook on h7: free but not safe...
    let fen = "8/7r/3P4/8/8/8/8/k3K3 w - - 0 1";
    assert_eq!(nonzero(fen, &[PASSED_FREE, PASSED_ADVANCE, PASSED_SAFE_PATH]), vec![(PASSED_FREE + 5, [1, 0])]);
    // ...until the king on e6 defends it; the path stays attacked.
    let fen = "8/7r/3PK3/8/8/8/8/k7 w - - 0 1";
    assert_eq!(nonzero(fen, &[PASSED_ADVANCE, PASSED_SAFE_PATH]), vec![(PASSED_ADVANCE + 5, [1, 0])]);
    // A blocked passer cannot advance, defended or not.
    let fen = "8/3n3r/3PK3/8/8/8/8/k7 w - - 0 1";
    assert_eq!(nonzero(fen, &[PASSED_FREE, PASSED_ADVANCE, PASSED_SAFE_PATH]), vec![]);
}

#[test]
fn a_safe_path_and_the_square_rule() {
    // Pawn ending, a5 against the king on e5: nothing guards a6-a8; with White to move the king
    // is outside the square (four moves to a8 against three)...
    let fen = "8/8/8/P3k3/8/8/8/6K1 w - - 0 1";
    let want = vec![(PASSED_ADVANCE + 4, [1, 0]), (PASSED_SAFE_PATH + 4, [1, 0]), (PASSED_UNSTOPPABLE, [1, 0])];
    assert_eq!(nonzero(fen, &NEW), want);
    // ...with Black to move it steps in.
    let fen = "8/8/8/P3k3/8/8/8/6K1 b - - 0 1";
    assert_eq!(nonzero(fen, &NEW), want[..2].to_vec());
    // From the second rank the pawn needs five moves (a double step first): f6 is five from a8,
    // inside with White to move, but g6 (six) is outside.
    assert_eq!(nonzero("8/8/5k2/8/8/8/P7/7K w - - 0 1", &[PASSED_UNSTOPPABLE]), vec![]);
    assert_eq!(nonzero("8/8/6k1/8/8/8/P7/7K w - - 0 1", &[PASSED_UNSTOPPABLE]), vec![(PASSED_UNSTOPPABLE, [1, 0])]);
    // Not a pawn ending (a black knight far away): no square rule.
    assert_eq!(nonzero("n7/8/8/P3k3/8/8/8/6K1 w - - 0 1", &[PASSED_UNSTOPPABLE]), vec![]);
    // Its own king in the way: the path is not free.
    assert_eq!(nonzero("8/8/K7/P7/8/8/4k3/8 w - - 0 1", &[PASSED_UNSTOPPABLE]), vec![]);
    assert_eq!(nonzero("8/8/1K6/P7/8/8/4k3/8 w - - 0 1", &[PASSED_UNSTOPPABLE]), vec![(PASSED_UNSTOPPABLE, [1, 0])]);
}

#[test]
fn a_rook_behind_the_passer() {
    let behind = vec![(PASSED_ROOK_BEHIND, [1, 0])];
    assert_eq!(nonzero("4k3/8/3P4/8/8/8/8/3RK3 w - - 0 1", &[PASSED_ROOK_BEHIND]), behind);
    // A bishop between them, or the rook in front: no.
    assert_eq!(nonzero("4k3/8/3P4/8/3B4/8/8/3RK3 w - - 0 1", &[PASSED_ROOK_BEHIND]), vec![]);
    assert_eq!(nonzero("3R4/7k/3P4/8/8/8/8/4K3 w - - 0 1", &[PASSED_ROOK_BEHIND]), vec![]);
    // An enemy rook behind it is not ours.
    assert_eq!(nonzero("4k3/8/3P4/8/8/8/8/3rK3 w - - 0 1", &[PASSED_ROOK_BEHIND]), vec![]);
}

#[test]
fn candidate_passers() {
    // b5 faces one guard (a7) with one helper (a4): a candidate on the fifth (index 4). a4 is
    // blocked by a7 on its file, a7 by a4.
    assert_eq!(nonzero("4k3/p7/8/1P6/P7/8/8/4K3 w - - 0 1", &[CANDIDATE, PASSED]), vec![(CANDIDATE + 4, [1, 0])]);
    // Two guards (a7, c7) against one helper: not a candidate, and neither black pawn is one.
    assert_eq!(nonzero("4k3/p1p5/8/1P6/P7/8/8/4K3 w - - 0 1", &[CANDIDATE, PASSED]), vec![]);
    // A pawn level beside it helps as well: b5 and c5, each with one guard (a7, d7) and the other
    // as helper, are both candidates; a7 and d7 have a guard each and no helper.
    let want = vec![(CANDIDATE + 4, [2, 0])];
    assert_eq!(nonzero("4k3/p2p4/8/1PP5/8/8/8/4K3 w - - 0 1", &[CANDIDATE, PASSED]), want);
}
