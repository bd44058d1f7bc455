//! Search checks through the library: mates found at their exact distance, draws by repetition,
//! positions with no or one legal move, exact node and depth limits, determinism, legal PVs in every
//! report, MultiPV and `searchmoves`.
//!
//! Each search runs synchronously on its own thread with a large stack (as the engine's search
//! thread does), with a fresh transposition table.

mod common;

use brudno::position::Position;
use brudno::score::{Ply, Score};
use brudno::search::limits::Limits;
use brudno::search::{Iteration, Outcome, Report, SearchJob, Shared, Worker};
use brudno::tt::{Bound, Tt};
use common::{MateEntry, forces_mate_within, mate_suite, move_mates_within, position};
use shakmaty::{Move, Position as _};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const MIDDLEGAME: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Runs one search to completion and returns its outcome and every report it made.
fn search_with(pos: &Position, limits: Limits, multipv: usize) -> (Outcome, Vec<Report>) {
    search_late(pos, limits, multipv, Duration::ZERO)
}

/// As `search_with`, for a search thread that starts `late` after `go` arrived.
fn search_late(pos: &Position, limits: Limits, multipv: usize, late: Duration) -> (Outcome, Vec<Report>) {
    let pos = pos.clone();
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let reports = Arc::new(Mutex::new(Vec::new()));
            let sink = reports.clone();
            let mut worker = Worker::new(Box::new(move |r| sink.lock().unwrap().push(r)));
            let job = SearchJob {
                pos,
                limits,
                overhead: Duration::ZERO,
                start: Instant::now().checked_sub(late).expect("a start in the past"),
                multipv,
                tt: Arc::new(Tt::new(16).expect("16 MB table")),
                shared: Arc::new(Shared::default()),
                syzygy: None,
            };
            let outcome = worker.run(&job);
            drop(worker);
            let reports = std::mem::take(&mut *reports.lock().unwrap());
            (outcome, reports)
        })
        .expect("spawning a search thread")
        .join()
        .expect("the search panicked")
}

fn search(pos: &Position, limits: Limits) -> (Outcome, Vec<Report>) {
    search_with(pos, limits, 1)
}

fn depth(d: i32) -> Limits {
    Limits { depth: Some(d), ..Limits::default() }
}

fn iterations(reports: &[Report]) -> Vec<&Iteration> {
    reports
        .iter()
        .filter_map(|r| match r {
            Report::Iteration(it) => Some(it),
            _ => None,
        })
        .collect()
}

fn uci(pos: &Position, m: Option<Move>) -> String {
    m.map_or_else(|| "none".to_string(), |m| pos.uci(m))
}

fn line_text(pos: &Position, pv: &[Move]) -> String {
    pv.iter().map(|&m| pos.uci(m)).collect::<Vec<_>>().join(" ")
}

/// Checks that `pv` is a legal sequence from `pos`; returns the position at its end.
fn play_pv(pos: &Position, pv: &[Move]) -> Result<Position, String> {
    let mut p = pos.clone();
    for (i, &m) in pv.iter().enumerate() {
        if !p.chess().is_legal(m) {
            return Err(format!("move {} ({:?}) of the pv is illegal in {}", i + 1, m, p.fen()));
        }
        p.make(m);
    }
    Ok(p)
}

// ---------------------------------------------------------------------------------------------
// Mates
// ---------------------------------------------------------------------------------------------

/// How deep and how long a mate search may go.
#[derive(Clone, Copy)]
struct MateBudget {
    depth: i32,
    nodes: u64,
}

/// Searches a mate-suite entry with `go mate N` semantics within `budget`. Returns `Err` with a
/// description when the result is wrong in itself (a mate shorter than the shortest one, an
/// illegal move or line, a full-length mating line that does not mate, a first move that does not
/// keep a mate in one or two), and `Ok(reported mate length)` otherwise.
fn mate_search(e: &MateEntry, budget: MateBudget) -> Result<Option<i32>, String> {
    let pos = Position::from_fen(&e.fen, false).unwrap_or_else(|err| panic!("{} does not load: {err}", e.id));
    let n = e.moves as i32;
    let limits =
        Limits { mate: Some(e.moves), depth: Some(budget.depth), nodes: Some(budget.nodes), ..Limits::default() };
    let (out, reports) = search(&pos, limits);
    let best = uci(&pos, out.best);
    let fail = |why: String| Err(format!("{} ({}, dm {n}): {why}; best {best}, score {:?}", e.id, e.fen, out.score));
    let Some(m) = out.best else { return fail("no best move".into()) };
    if !pos.chess().is_legal(m) {
        return fail("best move is illegal".into());
    }
    let mate = out.score.mate_moves();
    match mate {
        Some(k) if k <= 0 => return fail(format!("claims to be mated (mate {k})")),
        Some(k) if k < n => return fail(format!("claims mate in {k}, shorter than the shortest mate")),
        _ => {}
    }
    // A claimed mate in one or two is checked by brute force.
    if matches!(mate, Some(1 | 2)) && !move_mates_within(&pos, &best, mate.unwrap() as u32) {
        return fail(format!("{best} does not force mate in {}", mate.unwrap()));
    }
    // The last exact line starts with the best move, is legal, and a full-length mating line mates.
    let its = iterations(&reports);
    let Some(last) = its.iter().rev().find(|it| it.bound.is_none()) else {
        return fail("no exact iteration reported".into());
    };
    // The best move starts the last exact line, unless the budget ran out in a deeper iteration after
    // another root move had been searched in full there and beaten it (that move is then played).
    if last.pv.first() != Some(&m) && out.nodes < budget.nodes {
        return fail(format!("last pv {} does not start with the best move", line_text(&pos, &last.pv)));
    }
    let end = match play_pv(&pos, &last.pv) {
        Ok(end) => end,
        Err(why) => return fail(why),
    };
    if let Some(k) = mate
        && last.pv.len() == 2 * k as usize - 1
        && !end.chess().is_checkmate()
    {
        return fail(format!("mating line {} does not end in mate", line_text(&pos, &last.pv)));
    }
    Ok(mate)
}

/// Runs `mate_search` over `entries`; fails on any wrong result, and, when `exact`, on any entry
/// whose mate was not found at exactly its length.
fn check_mates(entries: &[MateEntry], budget: MateBudget, exact: bool) {
    assert!(!entries.is_empty());
    let mut failures = Vec::new();
    for e in entries {
        match mate_search(e, budget) {
            Err(why) => failures.push(why),
            Ok(found) if exact && found != Some(e.moves as i32) => failures.push(format!(
                "{} ({}, dm {}): mate not found within depth {} / {} nodes (reported {found:?})",
                e.id, e.fen, e.moves, budget.depth, budget.nodes
            )),
            Ok(_) => {}
        }
    }
    assert!(failures.is_empty(), "{} of {} mates failed:\n{}", failures.len(), entries.len(), failures.join("\n"));
}

fn suite_part(moves: impl Fn(u32) -> bool) -> Vec<MateEntry> {
    mate_suite().into_iter().filter(|e| moves(e.moves)).collect()
}

#[test]
fn mate_suite_is_as_documented() {
    let suite = mate_suite();
    let count = |n| suite.iter().filter(|e| e.moves == n).count();
    assert_eq!((count(1), count(2), count(3), count(4)), (8, 212, 14, 47));
    // Spot-check the data against brute force (cheap for mates in one and two).
    for e in suite.iter().filter(|e| e.moves <= 2).step_by(9) {
        let pos = Position::from_fen(&e.fen, false).unwrap();
        assert!(forces_mate_within(pos.chess(), e.moves), "{}: no mate in {}", e.id, e.moves);
        if e.moves == 2 {
            assert!(!forces_mate_within(pos.chess(), 1), "{}: already a mate in 1", e.id);
        }
    }
}

#[test]
fn mates_in_one() {
    let entries = suite_part(|n| n == 1);
    check_mates(&entries, MateBudget { depth: 3, nodes: 1_000_000 }, true);
    // And the move found gives checkmate on the board.
    for e in &entries {
        let pos = Position::from_fen(&e.fen, false).unwrap();
        let (out, _) = search(&pos, depth(3));
        let mut after = pos.clone();
        after.make(out.best.expect("a best move"));
        assert!(after.chess().is_checkmate(), "{}: {} does not mate", e.id, uci(&pos, out.best));
        assert_eq!(out.score, Score::mate_in(Ply::new(1)), "{}", e.id);
    }
}

#[test]
fn mates_in_two() {
    // Every mate in two is found, at its exact length, given enough depth.
    check_mates(&suite_part(|n| n == 2), MateBudget { depth: 30, nodes: 20_000_000 }, true);
}

#[test]
fn mates_in_two_at_nominal_depth() {
    // A mate in two is three plies. Quiet checks are pruned by late-move and SEE pruning at low
    // depth (kept because games said so: #27); with the staged picker's order this hides 10 of these
    // mates at depth 6, 4 at depth 8 and 3 at depth 9 (mate2.069, .093, .187). The null move's eval
    // term hides mate2.204 (a quiet rook move, Rf6) at depth 10 too; depth 11 finds every one.
    check_mates(&suite_part(|n| n == 2), MateBudget { depth: 11, nodes: 20_000_000 }, true);
}

#[test]
fn mates_in_three_and_four_are_sound() {
    // Every position, on a small budget: whatever the search reports must be right (never a mate
    // shorter than the shortest, legal lines, full-length mating lines that mate).
    check_mates(&suite_part(|n| n >= 3), MateBudget { depth: 30, nodes: 80_000 }, false);
}

#[test]
#[ignore = "known weakness: 3 of 61 composed mates in 4 (mate4.019, .023, .027: quiet key moves) are not found at depth 24 / 20M nodes; slow (~35 s)"]
fn mates_in_three_and_four_exact() {
    check_mates(&suite_part(|n| n >= 3), MateBudget { depth: 24, nodes: 20_000_000 }, true);
}

#[test]
fn mated_side_sees_its_fate() {
    // After the mating side's first move of a mate in 2, the defender is mated in 1 whatever it does.
    let e = mate_suite().into_iter().find(|e| e.moves == 2).unwrap();
    let pos = Position::from_fen(&e.fen, false).unwrap();
    let (out, _) = search(&pos, depth(6));
    let mut after = pos.clone();
    after.make(out.best.unwrap());
    let (reply, _) = search(&after, depth(6));
    assert_eq!(reply.score.mate_moves(), Some(-1), "{}: defender's score {:?}", e.id, reply.score);
    assert!(reply.best.is_some_and(|m| after.chess().is_legal(m)));
}

// ---------------------------------------------------------------------------------------------
// Draws, no legal move, one legal move
// ---------------------------------------------------------------------------------------------

#[test]
fn perpetual_check_is_a_draw() {
    // White has only a queen against queen and two rooks, and Black threatens mate on the first
    // rank; Qe8+ Kh7 Qh5+ Kg8 Qe8+ repeats, and Black cannot escape the checks.
    let pos = position(Some("6k1/6p1/8/8/4Q3/rr6/q5PP/7K w - - 0 1"), &[], false);
    assert!(
        brudno::eval::evaluate(pos.chess()) < Score::cp(-500),
        "the test needs White to be clearly lost on material"
    );
    let (out, _) = search(&pos, depth(10));
    assert_eq!(out.score, Score::DRAW, "best {}", uci(&pos, out.best));
    let best = uci(&pos, out.best);
    assert!(["e4e8", "e4a8"].contains(&best.as_str()), "expected a checking move, got {best}");
    // And from the other side: Black, to move after the check, cannot do better than a draw.
    let mut after = pos.clone();
    after.make(pos.parse_move("e4e8").unwrap());
    let (black, _) = search(&after, depth(10));
    assert_eq!(black.score, Score::DRAW);
    assert_eq!(uci(&after, black.best), "g8h7", "the only legal move");
}

#[test]
fn threefold_repetition_in_the_game_history_is_a_draw() {
    // Black, a rook down and facing Ra8#, shuffled Kg8-h8 while White shuffled Ra1-a2. Playing Kh8
    // now makes that position occur for the third time: a draw, which is Black's best result.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1";
    let fresh = position(Some(fen), &[], false);
    let (lost, _) = search(&fresh, depth(8));
    assert!(lost.score < Score::cp(-300), "without the history Black is lost: {:?}", lost.score);
    let history = ["g8h8", "a1a2", "h8g8", "a2a1", "g8h8", "a1a2", "h8g8", "a2a1"];
    let repeated = position(Some(fen), &history, false);
    assert_eq!(repeated.fen(), fresh.fen().replace(" 0 1", " 8 5"));
    let (out, _) = search(&repeated, depth(8));
    assert_eq!(out.score, Score::DRAW, "best {}", uci(&repeated, out.best));
    assert_eq!(uci(&repeated, out.best), "g8h8");
    // One earlier occurrence is not enough: after only one shuffle the draw is not yet available.
    let once = position(Some(fen), &history[..4], false);
    let (out, _) = search(&once, depth(8));
    assert!(
        out.score < Score::cp(-300),
        "a single repetition before the root is no draw: {:?} {}",
        out.score,
        uci(&once, out.best)
    );
}

#[test]
fn stalemated_root_has_no_move() {
    let pos = position(Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), &[], false);
    assert!(pos.legal_moves().is_empty() && !pos.in_check());
    let (out, reports) = search(&pos, depth(5));
    assert_eq!(out.best, None);
    assert_eq!(out.ponder, None);
    // One line says how the game ended: depth 0, a draw, no moves.
    let its = iterations(&reports);
    assert!(matches!(its.as_slice(), [it] if it.depth == 0 && it.score == Score::DRAW && it.pv.is_empty()), "{its:?}");
    assert_eq!(out.score, Score::DRAW);
}

#[test]
fn checkmated_root_has_no_move() {
    let pos = position(Some("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), &[], false);
    assert!(pos.chess().is_checkmate());
    let (out, reports) = search(&pos, depth(5));
    assert_eq!(out.best, None);
    assert_eq!(out.ponder, None);
    // One line says how the game ended: depth 0, mated now (`score mate 0`), no moves.
    let mated = Score::mated_in(Ply::ROOT);
    let its = iterations(&reports);
    assert!(matches!(its.as_slice(), [it] if it.depth == 0 && it.score == mated && it.pv.is_empty()), "{its:?}");
    assert_eq!(out.score, mated);
}

#[test]
fn single_legal_move_is_played() {
    let pos = position(Some("2R5/k7/8/8/8/8/1r6/r6K w - - 0 1"), &[], false);
    assert_eq!(pos.legal_moves().len(), 1);
    let (out, _) = search(&pos, depth(6));
    assert_eq!(uci(&pos, out.best), "c8c1");
    assert_eq!(out.score.mate_moves(), Some(-1), "Rxc1 mates: {:?}", out.score);
    // With a clock the engine moves at once instead of searching deep.
    let clock = Limits {
        clock: Some(brudno::search::limits::Clock {
            time: Duration::from_secs(60),
            inc: Duration::ZERO,
            movestogo: None,
        }),
        ..Limits::default()
    };
    let (timed, _) = search(&pos, clock);
    assert_eq!(uci(&pos, timed.best), "c8c1");
    assert_eq!(timed.depth, 1, "a forced move is played after the first iteration");
}

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

#[test]
fn node_limit_is_exact() {
    for fen in [MIDDLEGAME, KIWIPETE] {
        let pos = position(Some(fen), &[], false);
        for n in [1000u64, 12345] {
            let (out, reports) = search(&pos, Limits { nodes: Some(n), ..Limits::default() });
            assert_eq!(out.nodes, n, "{fen}: go nodes {n}");
            assert!(out.best.is_some_and(|m| pos.chess().is_legal(m)));
            for it in iterations(&reports) {
                assert!(it.nodes <= n, "an iteration reports {} nodes > {n}", it.nodes);
            }
        }
    }
}

#[test]
fn tiny_node_limits_still_give_a_legal_move() {
    let pos = position(Some(MIDDLEGAME), &[], false);
    // A budget below depth 1's size lets depth 1 finish (as the clock does) and stops there.
    let (depth_one, _) = search(&pos, Limits { depth: Some(1), ..Limits::default() });
    for n in [1u64, 2, 10] {
        let (out, reports) = search(&pos, Limits { nodes: Some(n), ..Limits::default() });
        assert!(out.best.is_some_and(|m| pos.chess().is_legal(m)), "go nodes {n}: {:?}", out.best);
        assert_eq!(out.depth, 1, "go nodes {n}");
        assert!(iterations(&reports).iter().any(|it| it.depth == 1), "go nodes {n}: depth 1 is reported");
        assert!(out.nodes <= depth_one.nodes.max(n), "go nodes {n}: searched {}", out.nodes);
    }
}

#[test]
fn depth_limit_is_reached_exactly() {
    for fen in [common::STARTPOS, MIDDLEGAME, KIWIPETE] {
        let pos = position(Some(fen), &[], false);
        for d in [1, 4, 7] {
            let (out, reports) = search(&pos, depth(d));
            assert_eq!(out.depth, d, "{fen}");
            let its = iterations(&reports);
            assert_eq!(its.last().map(|it| it.depth), Some(d), "{fen}");
            assert_eq!(its.first().map(|it| it.depth), Some(1), "{fen}: iterative deepening starts at 1");
            assert!(its.windows(2).all(|w| w[0].depth <= w[1].depth), "depths never go back");
        }
    }
}

#[test]
fn stop_flag_ends_an_unbounded_search() {
    let pos = position(Some(MIDDLEGAME), &[], false);
    let shared = Arc::new(Shared::default());
    let flag = shared.clone();
    let handle = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let mut worker = Worker::silent();
            let job = SearchJob {
                pos,
                limits: Limits { infinite: true, ..Limits::default() },
                overhead: Duration::ZERO,
                start: Instant::now(),
                multipv: 1,
                tt: Arc::new(Tt::new(4).unwrap()),
                shared,
                syzygy: None,
            };
            worker.run(&job)
        })
        .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    flag.request_stop();
    let deadline = Instant::now() + Duration::from_secs(15);
    while !handle.is_finished() {
        assert!(Instant::now() < deadline, "the search did not stop within 15 s of the stop flag");
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = handle.join().unwrap();
    let root = position(Some(MIDDLEGAME), &[], false);
    assert!(out.best.is_some_and(|m| root.chess().is_legal(m)));
    assert!(out.depth >= 1);
}

// ---------------------------------------------------------------------------------------------
// Determinism and reports
// ---------------------------------------------------------------------------------------------

#[test]
fn bench_is_deterministic() {
    let run = || {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || {
                let mut lines = Vec::new();
                let (nodes, _) = brudno::bench::run(5, |i, l| lines.push((i, l.nodes, l.best)));
                tx.send((nodes, lines)).unwrap();
            })
            .unwrap()
            .join()
            .unwrap();
        rx.recv().unwrap()
    };
    let (a, la) = run();
    let (b, lb) = run();
    assert!(a > 0);
    assert_eq!(a, b, "bench node count differs between runs");
    assert_eq!(la, lb, "per-position results differ between runs");
    assert_eq!(la.len(), brudno::bench::POSITIONS.len());
    assert_eq!(a, la.iter().map(|l| l.1).sum::<u64>());
}

#[test]
fn same_search_twice_gives_same_result() {
    let pos = position(Some(KIWIPETE), &[], false);
    let (a, ra) = search(&pos, depth(8));
    let (b, rb) = search(&pos, depth(8));
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    let strip = |r: &[Report]| {
        iterations(r).into_iter().map(|it| (it.depth, it.score, it.nodes, it.pv.clone())).collect::<Vec<_>>()
    };
    assert_eq!(strip(&ra), strip(&rb));
}

#[test]
fn every_reported_pv_is_legal() {
    let positions = [
        (common::STARTPOS, 9),
        (MIDDLEGAME, 8),
        (KIWIPETE, 8),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 12),
        ("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 7),
        ("4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", 10),
    ];
    for (fen, d) in positions {
        let pos = position(Some(fen), &[], false);
        let (out, reports) = search(&pos, depth(d));
        let its = iterations(&reports);
        assert!(!its.is_empty(), "{fen}: no iteration reported");
        for it in &its {
            assert!(!it.pv.is_empty(), "{fen}: empty pv at depth {}", it.depth);
            if let Err(e) = play_pv(&pos, &it.pv) {
                panic!("{fen} depth {}: {e}", it.depth);
            }
            assert_eq!(it.multipv, 1);
            assert!(it.seldepth >= it.depth as usize, "{fen}: seldepth {} < depth {}", it.seldepth, it.depth);
        }
        let last_exact = its.iter().rev().find(|it| it.bound.is_none()).expect("an exact iteration");
        assert_eq!(out.best, last_exact.pv.first().copied(), "{fen}: best move is the pv's first move");
        assert_eq!(out.score, last_exact.score, "{fen}: outcome score is the last exact score");
        if let Some(p) = out.ponder {
            let mut after = pos.clone();
            after.make(out.best.unwrap());
            assert!(after.chess().is_legal(p), "{fen}: ponder move illegal");
        }
    }
}

#[test]
fn multipv_reports_distinct_lines() {
    // Openings from book/openings.epd where, at these depths, a later line once scored above an
    // earlier one (line k is searched without lines 1..k's moves, and the search is not exact).
    let cases = [
        (common::STARTPOS, 6),
        (MIDDLEGAME, 6),
        ("rnbqkbnr/pp3ppp/2p5/3pp3/2P5/2N5/PP1PPPPP/R1BQKBNR w KQkq - 0 4", 7),
        ("rnb1kbnr/pp1p1ppp/5q2/2p1p2Q/4P3/2P5/PP1P1PPP/RNB1KBNR w KQkq - 2 4", 5),
        ("rnbqkb1r/pp2ppp1/2p2n1p/3p4/2PP4/2N2P2/PP2P1PP/R1BQKBNR w KQkq - 0 5", 7),
    ];
    for (fen, d) in cases {
        let pos = position(Some(fen), &[], false);
        let (out, reports) = search_with(&pos, depth(d), 3);
        let its = iterations(&reports);
        for it in &its {
            assert!((1..=3).contains(&it.multipv));
            play_pv(&pos, &it.pv).unwrap_or_else(|e| panic!("{fen}: {e}"));
        }
        // The last exact report of each line at the final depth.
        let mut lines = Vec::new();
        for k in 1..=3 {
            let it = its
                .iter()
                .rev()
                .find(|it| it.depth == d && it.multipv == k && it.bound.is_none())
                .unwrap_or_else(|| panic!("{fen}: no exact line {k} at depth {d}"));
            lines.push(*it);
        }
        let firsts: Vec<Move> = lines.iter().map(|it| it.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{fen}: {firsts:?}");
        let scores: Vec<_> = lines.iter().map(|it| it.score).collect();
        assert!(scores[0] >= scores[1] && scores[1] >= scores[2], "{fen}: lines out of order: {scores:?}");
        assert_eq!(out.best, Some(firsts[0]));
    }
}

#[test]
fn multipv_larger_than_the_move_count() {
    // Only one legal move: asking for five lines gives one.
    let pos = position(Some("2R5/k7/8/8/8/8/1r6/r6K w - - 0 1"), &[], false);
    let (out, reports) = search_with(&pos, depth(4), 5);
    assert_eq!(uci(&pos, out.best), "c8c1");
    assert!(iterations(&reports).iter().all(|it| it.multipv == 1));
}

#[test]
fn searchmoves_restricts_the_root() {
    let pos = position(None, &[], false);
    for only in ["a2a3", "g1h3", "h2h4"] {
        let m = pos.parse_move(only).unwrap();
        let limits = Limits { searchmoves: vec![m], ..depth(6) };
        let (out, reports) = search(&pos, limits);
        assert_eq!(uci(&pos, out.best), only);
        assert!(iterations(&reports).iter().all(|it| it.pv[0] == m), "a pv starts with another move");
    }
    // Two allowed moves: the best is one of them.
    let allowed: Vec<Move> = ["b1a3", "g1h3"].iter().map(|s| pos.parse_move(s).unwrap()).collect();
    let (out, _) = search(&pos, Limits { searchmoves: allowed.clone(), ..depth(6) });
    assert!(out.best.is_some_and(|m| allowed.contains(&m)), "{}", uci(&pos, out.best));
}

#[test]
fn mate_limit_stops_at_the_mate() {
    // A mate in 2 with `mate 2` and no depth limit: the search ends by itself once it is found.
    let e = mate_suite().into_iter().find(|e| e.moves == 2).unwrap();
    let pos = Position::from_fen(&e.fen, false).unwrap();
    // The depth and node caps only guard against a hang: the mate rule must end the search first.
    let limits = Limits { mate: Some(2), depth: Some(60), nodes: Some(5_000_000), ..Limits::default() };
    let (out, reports) = search(&pos, limits);
    assert_eq!(out.score.mate_moves(), Some(2));
    let first =
        iterations(&reports).iter().find(|it| it.score.mate_moves() == Some(2) && it.bound.is_none()).unwrap().depth;
    assert_eq!(out.depth, first, "the search went on after the first exact mate in 2 (depth {first})");
    assert!(out.nodes < 5_000_000);
}

#[test]
fn root_fail_lows_are_reported_with_the_previous_pv() {
    // Tactical positions whose score drops as the search deepens: some iteration fails low at the
    // root. Each such fail-low is reported as an upper bound with a legal PV (the old one).
    let mut upper = 0;
    for line in include_str!("data/wac40.epd").lines().take(20) {
        let fen: String = line.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
        let pos = Position::from_fen(&fen, false).unwrap();
        let (_, reports) = search(&pos, depth(7));
        for it in iterations(&reports) {
            assert!(!it.pv.is_empty(), "{fen}: an iteration without a PV");
            play_pv(&pos, &it.pv).unwrap();
            upper += usize::from(it.bound == Some(Bound::Upper));
        }
    }
    assert!(upper > 0, "no root fail-low was reported");
}

#[test]
fn a_search_started_after_its_time_ran_out_still_completes_depth_1() {
    // A search thread scheduled late on a loaded machine finds its clock already spent: it still
    // searches and reports depth 1, so the GUI gets a scored line and a searched move (fastchess
    // `--compliance` asks for an info line with a score after `go wtime 100`).
    let pos = position(Some(MIDDLEGAME), &[], false);
    let limits = Limits { movetime: Some(Duration::from_millis(50)), ..Limits::default() };
    let (outcome, reports) = search_late(&pos, limits, 1, Duration::from_secs(1));
    let its = iterations(&reports);
    let first = its.first().expect("an iteration reported");
    assert_eq!(first.depth, 1);
    assert_eq!(outcome.depth, 1, "nothing deeper once the clock is spent");
    assert_eq!(outcome.best, first.pv.first().copied());
}
