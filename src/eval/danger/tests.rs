//! King-safety danger: exact feature counts on hand-made positions (with their colour mirrors), the
//! map, more attackers meaning more danger under the hand-set starting weights, and the evaluator
//! and its breakdown applying the map when the danger weights are not 0.

use super::super::hand::HAND;
use super::super::layout::*;
use super::super::tests::{counts, load, mirrored, nonzero, suite_positions};
use super::super::{Split, Weights, evaluate, evaluate_with, params::WEIGHTS, trace, trace_with};
use super::*;

/// Every danger group.
const DANGER_GROUPS: [usize; 8] = [
    DANGER_ATTACKERS,
    DANGER_ZONE_ATTACKS,
    DANGER_WEAK,
    DANGER_CHECKS,
    DANGER_NO_QUEEN,
    DANGER_SHELTER,
    DANGER_STORM,
    DANGER_CONSTANT,
];

/// The built-in weights with the hand-set danger weights.
fn with_danger() -> Weights {
    let mut w = WEIGHTS;
    w[DANGER..].copy_from_slice(&HAND[DANGER..]);
    w
}

/// Side `side`'s danger sum (White 0, Black 1) of `fen` under the hand-set danger weights.
fn hand_danger(fen: &str, side: usize) -> Split {
    let c = counts(&load(fen));
    (DANGER..TERMS)
        .fold(Split::default(), |s, t| Split { mg: s.mg + c[t][side] * HAND[t].0, eg: s.eg + c[t][side] * HAND[t].1 })
}

#[test]
fn queen_and_knight_against_the_castled_king() {
    // Black's danger zone: f8-h8, f7-h7 and f6-h6. The queen on h6 hits g7, h7, f6 and g6, the
    // knight on g5 f7 and h7. Weak: f7, g7, h7 (the king their only defender); f6 has the g7
    // pawn, g6 two pawns. Safe checks: Qxh7 (weak and attacked twice); Qxg7 is defended by the
    // king alone but attacked once only. White's king: no enemy piece, and no enemy queen.
    let fen = "6k1/5ppp/7Q/6N1/8/8/5PPP/6K1 w - - 0 1";
    let want = vec![
        (DANGER_ATTACKERS, [0, 1]),
        (DANGER_ATTACKERS + 3, [0, 1]),
        (DANGER_ZONE_ATTACKS, [0, 6]),
        (DANGER_WEAK, [0, 3]),
        (DANGER_CHECKS + 3, [0, 1]),
        (DANGER_NO_QUEEN, [1, 0]),
        (DANGER_CONSTANT, [1, 1]),
    ];
    assert_eq!(nonzero(fen, &DANGER_GROUPS), want);
}

#[test]
fn shelter_and_storm_file_by_file() {
    // White's king on g1: the f-pawn three ranks up (far), no g-pawn (missing), h2 sheltering;
    // Black's g4 storms unblocked, h3 is blocked by h2. Weak: f3 and h3 (Black's g4 hits them,
    // nothing of White's does) and g2 (the king alone). Black's king on a8 has no pawn on the a-
    // and b-files.
    let fen = "k7/8/8/8/5Pp1/7p/7P/6K1 w - - 0 1";
    let want = vec![
        (DANGER_WEAK, [3, 0]),
        (DANGER_NO_QUEEN, [1, 1]),
        (DANGER_SHELTER, [1, 2]),
        (DANGER_SHELTER + 1, [1, 0]),
        (DANGER_STORM, [1, 0]),
        (DANGER_STORM + 1, [1, 0]),
        (DANGER_CONSTANT, [1, 1]),
    ];
    assert_eq!(nonzero(fen, &DANGER_GROUPS), want);
}

#[test]
fn more_attackers_more_danger() {
    // The queen alone on the h7 diagonal; then the g5 knight; then the rook on the sixth rank.
    let queen = hand_danger("6k1/5ppp/8/8/8/3Q4/5PPP/6K1 w - - 0 1", 1);
    let two = hand_danger("6k1/5ppp/8/6N1/8/3Q4/5PPP/6K1 w - - 0 1", 1);
    let three = hand_danger("6k1/5ppp/R7/6N1/8/3Q4/5PPP/6K1 w - - 0 1", 1);
    assert!(queen.mg < two.mg && two.mg < three.mg, "{queen:?} {two:?} {three:?}");
    assert!(queen.eg < two.eg && two.eg < three.eg, "{queen:?} {two:?} {three:?}");
    assert!(penalty(two).mg < penalty(queen).mg && penalty(three).mg < penalty(two).mg);
    // The scale hand.rs states: the queen alone about a third of a pawn, with the knight about two.
    assert!((-60..=-10).contains(&penalty(queen).mg), "{:?}", penalty(queen));
    assert!((-250..=-150).contains(&penalty(two).mg), "{:?}", penalty(two));
    // No attacker, no queen: the danger is below 0 and costs nothing.
    let bare = hand_danger("6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", 1);
    assert!(bare.mg < 0 && bare.eg < 0, "{bare:?}");
    assert_eq!(penalty(bare), Split::default());
}

#[test]
fn the_map_is_a_square_and_a_line() {
    assert_eq!(penalty(Split { mg: 360, eg: 100 }), Split { mg: -360 * 360 / DIVISOR_MG, eg: -100 / DIVISOR_EG });
    assert_eq!(penalty(Split { mg: -50, eg: -1 }), Split::default());
    assert_eq!(penalty(Split { mg: 720, eg: 0 }), Split { mg: -720, eg: 0 });
}

#[test]
fn the_evaluator_applies_the_map() {
    let w = with_danger();
    let mut attacked = 0;
    for chess in suite_positions().into_iter().flat_map(|c| [mirrored(&c), c]) {
        let t = trace_with(&chess, &w);
        // The breakdown: each side's danger is the sum of its danger groups, its safety the map of
        // that; and it adds up to the evaluation with the same weights.
        for side in 0..2 {
            let sum =
                GROUPS.iter().enumerate().filter(|(_, g)| is_danger(g.start)).fold(Split::default(), |s, (g, _)| {
                    Split { mg: s.mg + t.groups[g][side].mg, eg: s.eg + t.groups[g][side].eg }
                });
            assert_eq!(t.danger[side], sum);
            assert_eq!(t.safety[side], penalty(sum));
            attacked += usize::from(t.safety[side].mg < -50);
        }
        assert_eq!(t.total, evaluate_with(&chess, &w));
        // And with the built-in (fitted) danger weights.
        let plain = trace(&chess);
        assert_eq!(plain.safety, [penalty(plain.danger[0]), penalty(plain.danger[1])]);
        assert_eq!(plain.total, evaluate(&chess));
    }
    assert!(attacked >= 50, "only {attacked} kings under attack");
}
