//! Evaluator tests: colour symmetry over the bundled suites, the breakdown adds up, and hand-made
//! positions for the positional terms.

use super::layout::{self, GROUPS};
use super::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, EnPassantMode};

fn mirrored(chess: &Chess) -> Chess {
    let setup = chess.to_setup(EnPassantMode::Legal).into_mirrored();
    setup.position(CastlingMode::Standard).unwrap()
}

fn load(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

/// Index of the group starting at term `start`.
fn group(start: usize) -> usize {
    GROUPS.iter().position(|g| g.start == start).unwrap()
}

/// Every position of the bundled perft, mate and WAC suites (the FEN fields of each line).
fn suite_positions() -> Vec<Chess> {
    let files = [
        include_str!("../../tests/data/perft/standard.epd"),
        include_str!("../../tests/data/mate_in_1to4.epd"),
        include_str!("../../tests/data/wac40.epd"),
    ];
    let lines = files.iter().flat_map(|f| f.lines()).filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    lines
        .filter_map(|l| {
            let fen = l.split(';').next()?.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
            fen.parse::<Fen>().ok()?.into_position(CastlingMode::Standard).ok()
        })
        .collect()
}

#[test]
fn startpos_is_tempo_only() {
    assert_eq!(evaluate(&Chess::default()), Score::cp(TEMPO));
    assert_eq!(trace(&Chess::default()).phase, PHASE_TOTAL);
}

#[test]
fn colour_flip_is_symmetric_term_by_term() {
    let positions = suite_positions();
    assert!(positions.len() >= 400, "only {} positions", positions.len());
    for c in &positions {
        let m = mirrored(c);
        let fen = Fen::from_position(c, EnPassantMode::Legal);
        assert_eq!(evaluate(c), evaluate(&m), "{fen}");
        let (t, tm) = (trace(c), trace(&m));
        for (g, group) in GROUPS.iter().enumerate() {
            assert_eq!(t.groups[g][0], tm.groups[g][1], "{fen}: {}", group.name);
            assert_eq!(t.groups[g][1], tm.groups[g][0], "{fen}: {}", group.name);
        }
        assert_eq!(t.phase, tm.phase);
    }
}

#[test]
fn breakdown_adds_up_to_the_evaluation() {
    for c in suite_positions() {
        assert_eq!(trace(&c).total, evaluate(&c));
    }
}

#[test]
fn extra_queen_is_winning() {
    assert!(evaluate(&load("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")) > Score::cp(800));
    assert!(evaluate(&load("4k3/8/8/8/8/8/8/3QK3 b - - 0 1")) < Score::cp(-800));
}

#[test]
fn passed_pawn_on_the_sixth_beats_the_third() {
    let sixth = trace(&load("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1"));
    let third = trace(&load("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1"));
    let g = group(layout::PASSED);
    assert!(sixth.net(g).eg > third.net(g).eg, "{:?} vs {:?}", sixth.net(g), third.net(g));
    assert!(sixth.total > third.total);
    // A pawn with an enemy pawn ahead on the next file is not passed.
    assert_eq!(trace(&load("4k3/4p3/3P4/8/8/8/8/4K3 w - - 0 1")).groups[g][0], Split::default());
}

#[test]
fn isolated_and_doubled_pawns_are_penalised() {
    // White: a2, c2 isolated; Black: a7, b7 connected.
    let t = trace(&load("4k3/pp6/8/8/8/8/P1P5/4K3 w - - 0 1"));
    let g = group(layout::ISOLATED);
    assert!(t.groups[g][0].mg < 0 && t.groups[g][0].eg < 0);
    assert_eq!(t.groups[g][1], Split::default());
    let d = trace(&load("4k3/p1p5/8/8/8/2P5/2P5/4K3 w - - 0 1"));
    let g = group(layout::DOUBLED);
    assert!(d.groups[g][0].eg < 0);
    assert_eq!(d.groups[g][1], Split::default());
}

#[test]
fn open_king_file_costs() {
    // The same material; in the second, White's g-pawn has left the king's files (g2 to b3), and
    // in the third Black's g-pawn has gone too (g7 to b6).
    let closed = trace(&load("r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"));
    let semi = trace(&load("r5k1/5ppp/8/8/8/1P6/5P1P/R5K1 w - - 0 1"));
    let open = trace(&load("r5k1/5p1p/1p6/8/8/1P6/5P1P/R5K1 w - - 0 1"));
    let (o, s) = (group(layout::KING_OPEN_FILE), group(layout::KING_SEMI_OPEN_FILE));
    assert_eq!((closed.groups[o][0], closed.groups[s][0]), (Split::default(), Split::default()));
    assert!(semi.groups[s][0].mg < 0);
    assert!(open.groups[o][0].mg < 0);
}

#[test]
fn mobility_rewards_a_free_bishop() {
    let g = group(layout::MOBILITY_BISHOP);
    // Nine squares, a count common in play: the fitted weights of the rarest counts (a bishop
    // alone on an empty board has 13) rest on few positions and are not ordered reliably.
    let free = trace(&load("4k3/8/8/8/3B4/8/1P3P2/4K3 w - - 0 1"));
    let boxed = trace(&load("4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1"));
    assert!(free.groups[g][0].mg > boxed.groups[g][0].mg);
}

#[test]
fn attack_on_the_king_is_danger() {
    // Queen and knight bearing on the castled king against none.
    let quiet = trace(&load("6k1/5ppp/8/8/8/8/5PPP/3QN1K1 w - - 0 1"));
    let attack = trace(&load("6k1/5ppp/7Q/6N1/8/8/5PPP/6K1 w - - 0 1"));
    let g = group(layout::KING_DANGER);
    assert!(attack.groups[g][1].mg < quiet.groups[g][1].mg);
}

#[test]
fn mop_up_drives_the_lone_king_to_the_edge() {
    let edge = trace(&load("k7/8/8/8/3QK3/8/8/8 w - - 0 1"));
    let centre = trace(&load("8/8/8/4k3/8/8/8/3QK3 w - - 0 1"));
    assert!(edge.mopup > centre.mopup && centre.mopup > 0, "{} vs {}", edge.mopup, centre.mopup);
    // The colour mirror gets the same bonus for Black; the breakdown still adds up.
    let black = trace(&load("8/8/8/3qk3/8/8/8/K7 b - - 0 1"));
    assert_eq!(black.mopup, -edge.mopup);
    assert_eq!(black.total, edge.total);
    for fen in ["k7/8/8/8/3QK3/8/8/8 w - - 0 1", "8/8/8/3qk3/8/8/8/K7 b - - 0 1"] {
        assert_eq!(trace(&load(fen)).total, evaluate(&load(fen)));
    }
    // No bonus with pawns on the weak side.
    assert_eq!(trace(&load("k7/p7/8/8/3QK3/8/8/8 w - - 0 1")).mopup, 0);
}
