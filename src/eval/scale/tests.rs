//! Endgame scaling tests: each case on a hand-made position with its factor, the draws that must be
//! exactly 0, the scaled scores against their unscaled neighbours, and colour symmetry.

use super::super::tests::{load, mirrored};
use super::*;
use crate::eval::layout::GROUPS;
use crate::eval::pst::PHASE_TOTAL;
use crate::eval::{evaluate, trace};
use crate::score::Score;
use shakmaty::Position;

/// Hand-made positions, White the stronger side, with the factor and case each must give.
const CASES: [(&str, i32, Case); 26] = [
    // KBP v KB, opposite bishops (d3 light, h6 dark): at most a pawn ahead.
    ("8/4k3/7b/8/2P5/3B4/8/4K3 w - - 0 1", OCB_BISHOPS, Case::OppositeBishops),
    // Two, three and four pawns ahead.
    ("8/4k3/7b/8/2P5/3B4/6P1/4K3 w - - 0 1", OCB_BISHOPS + OCB_BISHOPS_PER_PAWN, Case::OppositeBishops),
    ("8/4k3/7b/8/2P5/3B4/P5P1/4K3 w - - 0 1", OCB_BISHOPS + 2 * OCB_BISHOPS_PER_PAWN, Case::OppositeBishops),
    ("8/4k3/7b/8/2P5/3B4/P5PP/4K3 w - - 0 1", SCALE_NORMAL, Case::OppositeBishops),
    ("8/4k3/2n4b/8/2P5/3B4/4N3/4K3 w - - 0 1", OCB_KNIGHTS, Case::OppositeBishopsKnights),
    ("1r6/4k3/7b/8/2P5/3B4/8/R3K3 w - - 0 1", OCB_ROOKS, Case::OppositeBishopsRooks),
    // Opposite bishops with a knight on one side only, or with queens: no case.
    ("8/4k3/7b/8/2P5/3B4/4N3/4K3 w - - 0 1", SCALE_NORMAL, Case::Normal),
    ("1q6/4k3/7b/8/2P5/3B4/8/Q3K3 w - - 0 1", SCALE_NORMAL, Case::Normal),
    ("4k3/8/4bn2/8/8/8/8/3QK3 w - - 0 1", LONE_QUEEN, Case::LoneQueen),
    ("4k3/8/4nn2/8/8/8/8/3QK3 w - - 0 1", LONE_QUEEN, Case::LoneQueen),
    // The queen with a pawn is not alone.
    ("4k3/8/4bn2/8/8/8/P7/3QK3 w - - 0 1", SCALE_NORMAL, Case::Normal),
    ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", SCALE_DRAW, Case::CannotWin),
    // Opposite bishops without pawns: no pawns and a minor comes first.
    ("4k3/8/7b/8/8/3B4/8/4K3 w - - 0 1", SCALE_DRAW, Case::CannotWin),
    ("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", SCALE_DRAW, Case::CannotWin),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", SCALE_DRAW, Case::CannotWin),
    ("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", SCALE_DRAW, Case::TwoKnights),
    // Two knights against a pawn can win: no case.
    ("4k3/4p3/8/8/8/8/8/1NN1K3 w - - 0 1", SCALE_NORMAL, Case::Normal),
    ("4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1", NO_PAWNS_VS_MINOR, Case::NoPawnsVsMinor),
    ("4k3/8/8/3b4/8/8/8/1NB1K3 w - - 0 1", NO_PAWNS_VS_MINOR, Case::NoPawnsVsMinor),
    ("1r2k3/8/8/8/8/8/8/R1B1K3 w - - 0 1", NO_PAWNS_VS_MORE, Case::NoPawnsVsMore),
    // A queen against a rook is more than a minor ahead: no case.
    ("4k3/8/8/8/8/8/r7/3QK3 w - - 0 1", SCALE_NORMAL, Case::Normal),
    ("1r2k3/8/8/8/8/8/6P1/R5K1 w - - 0 1", ROOK_ENDING_BASE + ROOK_ENDING_PER_PAWN, Case::RookEnding),
    ("1r2k3/8/8/8/8/8/5PP1/R5K1 w - - 0 1", ROOK_ENDING_BASE + 2 * ROOK_ENDING_PER_PAWN, Case::RookEnding),
    ("1r2k3/6pp/8/8/8/8/5PPP/R5K1 w - - 0 1", ROOK_ENDING_BASE + 3 * ROOK_ENDING_PER_PAWN, Case::RookEnding),
    // Four pawns, or pawns on both wings: no case.
    ("1r2k3/5ppp/8/8/8/8/4PPPP/R5K1 w - - 0 1", SCALE_NORMAL, Case::Normal),
    ("1r2k3/8/8/8/8/8/P5P1/R5K1 w - - 0 1", SCALE_NORMAL, Case::Normal),
];

/// The hand-made positions of the scaling cases, for other tests.
pub(crate) fn case_fens() -> impl Iterator<Item = &'static str> {
    CASES.iter().map(|c| c.0)
}

#[test]
fn every_case_gives_its_factor() {
    for (fen, factor, case) in CASES {
        let want = Scale { factor, case };
        for (side, chess) in [("", load(fen)), (" (mirrored)", mirrored(&load(fen)))] {
            let t = trace(&chess);
            assert_eq!(t.scale, want, "{fen}{side}");
            assert_eq!(t.total, evaluate(&chess), "{fen}{side}");
        }
    }
    const { assert!(OCB_BISHOPS + 3 * OCB_BISHOPS_PER_PAWN > SCALE_NORMAL, "the four-pawn lead tests the cap") };
}

#[test]
fn positions_that_cannot_be_won_are_exactly_a_draw() {
    for fen in ["4k3/8/8/8/8/8/8/1NN1K3", "4k3/8/8/8/8/8/8/1N2K3", "4k3/8/8/8/8/8/8/2B1K3", "1n2k3/8/8/8/8/8/8/1N2K3"] {
        for turn in ["w", "b"] {
            let chess = load(&format!("{fen} {turn} - - 0 1"));
            assert_eq!(evaluate(&chess), Score::DRAW, "{fen} {turn}");
            assert_eq!(evaluate(&mirrored(&chess)), Score::DRAW, "{fen} {turn} mirrored");
        }
    }
    // Two knights have a rook's worth of material: the mop-up bonus is there, and the draw overrides it.
    assert!(trace(&load("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1")).mopup > 0);
}

#[test]
fn opposite_bishops_pull_kbp_v_kb_to_a_draw() {
    let opposite = evaluate(&load("8/4k3/7b/8/2P5/3B4/8/4K3 w - - 0 1"));
    let same = evaluate(&load("8/4k3/8/7b/2P5/3B4/8/4K3 w - - 0 1"));
    assert!(opposite.raw().abs() < 40, "{opposite:?}");
    assert!(2 * opposite.raw() < same.raw(), "{opposite:?} vs {same:?}");
    assert!(opposite > Score::DRAW, "still the better side");
}

#[test]
fn a_one_pawn_rook_ending_scores_less_than_three_pawns_against_two() {
    let one = evaluate(&load("1r2k3/8/8/8/8/8/6P1/R5K1 w - - 0 1"));
    let three = evaluate(&load("1r2k3/6pp/8/8/8/8/5PPP/R5K1 w - - 0 1"));
    assert!(Score::DRAW < one && one < three, "{one:?} vs {three:?}");
}

#[test]
fn scaling_is_colour_symmetric() {
    for fen in case_fens() {
        for turn in ["w", "b"] {
            let fen = fen.replace(" w ", &format!(" {turn} "));
            let chess = load(&fen);
            assert_eq!(evaluate(&chess), evaluate(&mirrored(&chess)), "{fen}");
        }
    }
}

#[test]
fn the_stronger_side_is_the_one_the_endgame_sum_favours() {
    let board = |fen: &str| load(fen).board().clone();
    // KR v KB: the rook side has a case; were the bishop side stronger, it could not win.
    let rb = board("4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1");
    assert_eq!(of(&rb, 1).case, Case::NoPawnsVsMinor);
    assert_eq!(of(&rb, -1).case, Case::CannotWin);
    // With the sum 0 neither side is stronger: a draw only if neither side can win.
    let kpk = board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(of(&kpk, -1).factor, SCALE_DRAW);
    assert_eq!(of(&kpk, 0), Scale::default());
    assert_eq!(of(&board("1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1"), 0).factor, SCALE_DRAW);
}

#[test]
fn the_scale_applies_to_the_endgame_half_only() {
    // White's view by hand: the middlegame sum and the scaled endgame sum tapered, one rounding.
    for fen in case_fens() {
        let chess = load(fen);
        let t = trace(&chess);
        if t.scale.factor == SCALE_DRAW {
            continue;
        }
        // The linear groups, each side's king-safety penalty, the complexity on the endgame half.
        let [w, b] = t.safety;
        let (mut mg, mut eg) = (w.mg - b.mg, w.eg - b.eg);
        for g in (0..t.groups.len()).filter(|&g| !crate::eval::layout::is_danger(GROUPS[g].start)) {
            mg += t.net(g).mg;
            eg += t.net(g).eg;
        }
        let eg = crate::eval::complexity::adjust(eg, t.complexity);
        let (p, f) = (t.phase, t.scale.factor);
        let white = (mg * p * SCALE_NORMAL + eg * f * (PHASE_TOTAL - p)) / (PHASE_TOTAL * SCALE_NORMAL) + t.mopup;
        let stm = if chess.turn().is_white() { white } else { -white };
        assert_eq!(t.total, Score::cp(stm + t.tempo), "{fen}");
    }
}
