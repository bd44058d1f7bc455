//! Evaluator tests: colour symmetry over the bundled suites, the breakdown adds up, and hand-made
//! positions for the positional terms.

use super::layout::{self, GROUPS};
use super::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, EnPassantMode};

pub(super) fn mirrored(chess: &Chess) -> Chess {
    let setup = chess.to_setup(EnPassantMode::Legal).into_mirrored();
    setup.position(CastlingMode::Standard).unwrap()
}

pub(super) fn load(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

/// Records every feature count per term and side (White 0, Black 1).
pub(super) struct Recorder(pub Vec<[i32; 2]>);

impl Sink for Recorder {
    fn add(&mut self, color: Color, term: usize, count: i32) {
        assert!(!layout::is_danger(term), "danger feature {term} reported as linear");
        self.0[term][usize::from(color == Color::Black)] += count;
    }

    fn danger(&mut self, color: Color, term: usize, count: i32) {
        assert!(layout::is_danger(term), "linear term {term} reported as danger");
        self.0[term][usize::from(color == Color::Black)] += count;
    }

    /// A count of the whole position: recorded for both sides alike.
    fn complexity(&mut self, term: usize, count: i32) {
        assert!(layout::is_complexity(term), "term {term} reported as complexity");
        self.0[term][0] += count;
        self.0[term][1] += count;
    }
}

/// Every feature count of `chess`, per term and side (White 0, Black 1).
pub(super) fn counts(chess: &Chess) -> Vec<[i32; 2]> {
    let mut r = Recorder(vec![[0; 2]; layout::TERMS]);
    features(chess, &mut r);
    r.0
}

/// The nonzero counts of `fen` within the groups starting at `starts`, as `(term, [White, Black])`,
/// after checking that the colour mirror has them with the sides swapped.
pub(super) fn nonzero(fen: &str, starts: &[usize]) -> Vec<(usize, [i32; 2])> {
    let chess = load(fen);
    let (c, m) = (counts(&chess), counts(&mirrored(&chess)));
    let mut out = Vec::new();
    for &start in starts {
        let g = &GROUPS[group(start)];
        for t in g.start..g.start + g.len {
            assert_eq!(c[t], [m[t][1], m[t][0]], "{fen}: {} bucket {} not mirrored", g.name, t - g.start);
            if c[t] != [0, 0] {
                out.push((t, c[t]));
            }
        }
    }
    out
}

/// Index of the group starting at term `start`.
pub(super) fn group(start: usize) -> usize {
    GROUPS.iter().position(|g| g.start == start).unwrap()
}

/// Every position of the bundled perft, mate and WAC suites (the FEN fields of each line).
pub(crate) fn suite_positions() -> Vec<Chess> {
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
        assert_eq!(t.scale.factor, tm.scale.factor, "{fen}");
    }
}

#[test]
fn colour_flip_mirrors_every_feature_count() {
    // Term by term, weight or not: the terms at weight 0 (waiting for a fit) are checked too.
    for c in suite_positions() {
        let (a, b) = (counts(&c), counts(&mirrored(&c)));
        for t in 0..layout::TERMS {
            let fen = Fen::from_position(&c, EnPassantMode::Legal);
            assert_eq!(a[t], [b[t][1], b[t][0]], "{fen}: {} term {t}", GROUPS[layout::group_of(t)].name);
        }
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
    // The black king on h8 is outside the square of the d6 pawn (a win) and inside that of the d3
    // pawn (a draw): the total follows the passed-pawn terms.
    let sixth = trace(&load("7k/8/3P4/8/8/8/8/4K3 w - - 0 1"));
    let third = trace(&load("7k/8/8/8/8/3P4/8/4K3 w - - 0 1"));
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
    // Black's king safety: the one-hot danger table and the non-linear danger map together (since
    // the refit on 15 M positions the map carries the danger and the table is nearly flat).
    let g = group(layout::KING_DANGER);
    let black = |t: &Trace| t.groups[g][1].mg + t.safety[1].mg;
    assert!(black(&attack) < black(&quiet) - 50, "{} vs {}", black(&attack), black(&quiet));
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

#[test]
fn the_pawn_cache_gives_the_evaluation_it_caches() {
    // One cache across every suite position, their mirrors and the positions after each legal move,
    // visited twice: the first pass fills it (with collisions between formations), the second reads it.
    let mut positions = Vec::new();
    for chess in suite_positions() {
        for m in chess.legal_moves() {
            let mut after = chess.clone();
            after.play_unchecked(m);
            positions.push(after);
        }
        positions.push(mirrored(&chess));
        positions.push(chess);
    }
    let mut cache = PawnCache::default();
    for pass in 0..2 {
        for chess in &positions {
            assert_eq!(
                evaluate_cached(chess, psq::of_board(chess.board()), &mut cache),
                evaluate(chess),
                "pass {pass}: {}",
                Fen::from_position(chess, EnPassantMode::Legal)
            );
        }
    }
}

/// White's share of every passed-pawn group, middlegame and endgame.
fn white_passer_terms(fen: &str) -> Split {
    let t = trace(&load(fen));
    let starts = [
        layout::PASSED,
        layout::PASSED_FREE,
        layout::PASSED_OWN_KING,
        layout::PASSED_ENEMY_KING,
        layout::PASSED_ADVANCE,
        layout::PASSED_SAFE_PATH,
        layout::PASSED_ROOK_BEHIND,
        layout::PASSED_UNSTOPPABLE,
    ];
    starts
        .iter()
        .map(|&s| t.groups[group(s)][0])
        .fold(Split::default(), |a, b| Split { mg: a.mg + b.mg, eg: a.eg + b.eg })
}

#[test]
fn a_passer_that_can_advance_scores_more_than_a_blocked_one() {
    // With the committed weights: the d5 passer with d6 free against the same pawn blocked by the
    // knight (the knight on h8 instead in the first: same material, same kings).
    let free = white_passer_terms("4k2n/8/8/3P4/8/8/8/4K3 w - - 0 1");
    let blocked = white_passer_terms("4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1");
    assert!(free.eg > blocked.eg, "free {free:?} blocked {blocked:?}");
    assert!(free.mg + free.eg > blocked.mg + blocked.eg, "free {free:?} blocked {blocked:?}");
}

/// Black's king safety under the committed weights: the danger map's penalty and the linear king
/// groups (the one-hot king-danger table and safe checks), middlegame.
fn black_king_safety_mg(fen: &str) -> i32 {
    let t = trace(&load(fen));
    t.safety[1].mg + t.groups[group(layout::KING_DANGER)][1].mg + t.groups[group(layout::SAFE_CHECK)][1].mg
}

#[test]
fn a_queen_and_two_attackers_are_worse_for_the_king_than_a_queen_and_one() {
    // The d3 queen on the h7 diagonal with the g5 knight; then the a6 rook joins on the sixth rank.
    let one = black_king_safety_mg("6k1/5ppp/8/6N1/8/3Q4/5PPP/6K1 w - - 0 1");
    let two = black_king_safety_mg("6k1/5ppp/R7/6N1/8/3Q4/5PPP/6K1 w - - 0 1");
    let none = black_king_safety_mg("6k1/5ppp/8/8/8/8/5PPP/3QN1K1 w - - 0 1");
    assert!(two < one && one < none, "two attackers {two}, one {one}, none {none}");
}

#[test]
fn king_defenders_and_the_distance_to_the_pawns() {
    // White king g1 with f2 g2 h2 and the f3 knight in its zone (a fourth defender); Black's king
    // a8 alone, with pawns only on the f..h files: five files away.
    let got = nonzero("k7/8/8/8/8/5N2/5PPP/6K1 w - - 0 1", &[layout::KING_DEFENDERS, layout::KING_PAWN_DISTANCE]);
    let d = layout::KING_DEFENDERS;
    let p = layout::KING_PAWN_DISTANCE;
    assert_eq!(got, vec![(d, [0, 1]), (d + 4, [1, 0]), (p, [1, 0]), (p + 5, [0, 1])]);
    // No pawns: no distance term.
    assert!(nonzero("k7/8/8/8/8/5N2/8/6K1 w - - 0 1", &[p]).is_empty());
}

#[test]
fn minors_behind_pawns_rammed_pawns_and_the_long_diagonal() {
    // White: knight c3 behind the c4 pawn; bishop b2 on the long diagonal, seeing d4 and e5 when only
    // pawns block (the knight does not count). Black: bishop c8 with nothing in front of it.
    let fen = "2b1k3/8/4p3/4P3/2P5/2N5/1B6/4K3 w - - 0 1";
    let got = nonzero(fen, &[layout::MINOR_BEHIND_PAWN, layout::BISHOP_RAMMED, layout::BISHOP_LONG_DIAGONAL]);
    let (m, r, l) = (layout::MINOR_BEHIND_PAWN, layout::BISHOP_RAMMED, layout::BISHOP_LONG_DIAGONAL);
    // e5 is dark; the b2 bishop is dark: one rammed pawn of its colour. Black's e6 pawn (light) is
    // rammed too, and the c8 bishop is light.
    assert_eq!(got, vec![(m, [1, 0]), (r, [1, 1]), (l, [1, 0])]);
    // A pawn in the way: the bishop on b2 sees c3, not the centre.
    let blocked = nonzero("4k3/8/8/8/8/2P5/1B6/4K3 w - - 0 1", &[l]);
    assert!(blocked.is_empty(), "{blocked:?}");
}
