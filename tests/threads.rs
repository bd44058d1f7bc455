//! Lazy SMP over the real binary: with `Threads` above 1 every kind of `go` (depth, movetime,
//! infinite + `stop`, pondering + `ponderhit`, nodes) still ends with exactly one legal `bestmove`,
//! the `info` node counts stay sane, the helpers keep `go nodes` and a strength level searches as
//! with one thread, the pool can be resized between searches, and positions with one legal move, a
//! mate to find or no move at all work with several threads.
//!
//! Searches are short (a few hundred milliseconds or shallow depths) so the file runs in seconds;
//! waits only guard against hangs and nothing here measures speed.

mod common;

use common::{
    Engine, PROMPT, UciScore, assert_bestmove_legal, assert_pvs_legal, infos, move_mates_within, parse_bestmove,
    position, untimed,
};
use std::time::{Duration, Instant};

const MIDDLEGAME: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

/// A fresh engine after the handshake, with `threads` search threads.
fn engine(threads: usize) -> Engine {
    let mut e = Engine::spawn();
    e.handshake();
    let lines = e.ask(&format!("setoption name Threads value {threads}"));
    assert!(lines.is_empty(), "Threads {threads} should print nothing: {lines:?}");
    e
}

/// Reads through the bestmove, checks it and the PVs are legal in `fen` and that no second bestmove
/// follows; returns the lines before it and the move.
fn one_legal_bestmove(e: &mut Engine, fen: &str, within: Duration) -> (Vec<String>, String) {
    let (lines, best) = e.read_until_bestmove_within(within);
    let pos = position(Some(fen), &[], false);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);
    let after = e.sync();
    assert!(after.iter().all(|l| !l.starts_with("bestmove")), "a second bestmove: {after:?}");
    (lines, parse_bestmove(&best).0)
}

/// The node counts of the `info` lines: present, positive, never going back.
fn sane_nodes(lines: &[String]) -> Vec<u64> {
    let nodes: Vec<u64> = infos(lines).iter().map(|i| i.nodes.expect("nodes in every info line")).collect();
    assert!(!nodes.is_empty(), "no info line: {lines:?}");
    assert!(nodes[0] > 0, "{nodes:?}");
    assert!(nodes.windows(2).all(|w| w[0] <= w[1]), "node counts go back: {nodes:?}");
    nodes
}

#[test]
fn two_threads_depth_movetime_and_infinite() {
    let mut e = engine(2);
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go depth 8");
    let (lines, _) = one_legal_bestmove(&mut e, MIDDLEGAME, Duration::from_secs(20));
    sane_nodes(&lines);
    assert_eq!(infos(&lines).last().and_then(|i| i.depth), Some(8), "{lines:?}");

    let started = Instant::now();
    e.send("go movetime 300");
    let (lines, _) = one_legal_bestmove(&mut e, MIDDLEGAME, Duration::from_secs(10));
    sane_nodes(&lines);
    // Generous: the helpers must not keep the answer waiting long past the budget.
    assert!(started.elapsed() < Duration::from_secs(5), "movetime 300 took {:?}", started.elapsed());

    e.send("go infinite");
    let mut lines = e.collect_until(|l| l.starts_with("info depth 3"), PROMPT, "depth 3");
    let during = e.sync();
    assert!(during.iter().all(|l| !l.starts_with("bestmove")), "infinite ended by itself: {during:?}");
    lines.extend(during);
    e.send("stop");
    let (after, _) = one_legal_bestmove(&mut e, MIDDLEGAME, Duration::from_secs(10));
    lines.extend(after);
    sane_nodes(&lines);
}

#[test]
fn helpers_keep_the_node_budget() {
    // The last line counts every thread's nodes once all have stopped: the whole search. Each thread
    // publishes its count every 1024 nodes (CHECK_EVERY) and stops when everyone's published count
    // reaches the budget, so the whole count ends at the budget or a little over: here at most two
    // batches per helper (README: about one, measured).
    for threads in [2u64, 4] {
        let mut e = engine(threads as usize);
        e.send(&format!("position fen {MIDDLEGAME}"));
        for budget in [30_000u64, 100_000] {
            for _ in 0..5 {
                e.send(&format!("go nodes {budget}"));
                let (lines, best) = one_legal_bestmove(&mut e, MIDDLEGAME, Duration::from_secs(20));
                let nodes = sane_nodes(&lines);
                let last = *nodes.last().unwrap_or(&0);
                let over = 2 * 1024 * (threads - 1);
                assert!(
                    (budget..=budget + over).contains(&last),
                    "Threads {threads}: {last} nodes for a {budget}-node budget: {lines:?}"
                );
                assert_eq!(infos(&lines).last().map(|i| i.pv[0].clone()), Some(best), "{lines:?}");
            }
        }
        for n in [0, 1, 50] {
            e.send(&format!("go nodes {n}"));
            one_legal_bestmove(&mut e, MIDDLEGAME, Duration::from_secs(10));
        }
    }
}

/// The `info` lines of a strength-limited search in a fresh engine with `threads` threads, without
/// their times (`time`, `nps`), and the last line apart (the level's random choice may differ).
fn strength_limited_lines(threads: usize, elo: u32, go: &str) -> (Vec<String>, String) {
    let mut e = engine(threads);
    assert!(e.ask("setoption name UCI_LimitStrength value true").is_empty());
    assert!(e.ask(&format!("setoption name UCI_Elo value {elo}")).is_empty());
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send(go);
    let (lines, _) = one_legal_bestmove(&mut e, MIDDLEGAME, Duration::from_secs(20));
    let mut kept = untimed(&lines);
    let last = kept.pop().expect("info lines");
    let nodes = last.split_whitespace().skip_while(|w| *w != "nodes").nth(1).unwrap_or("").to_string();
    (kept, nodes)
}

#[test]
fn a_strength_level_searches_the_same_with_helpers() {
    // A level is a node budget and a choice among its lines, calibrated with one thread: with more
    // threads the main thread searches it alone, line for line and node for node the same search.
    for (elo, go) in [(1350, "go wtime 10000 btime 10000"), (1900, "go movetime 1000"), (1800, "go nodes 5000")] {
        let (one, one_nodes) = strength_limited_lines(1, elo, go);
        let (two, two_nodes) = strength_limited_lines(2, elo, go);
        assert!(one.iter().any(|l| l.contains(" multipv 4 ")), "{one:?}");
        assert_eq!(one, two, "UCI_Elo {elo}, {go}: one thread against two");
        assert_eq!(one_nodes, two_nodes, "UCI_Elo {elo}, {go}");
    }
}

#[test]
fn two_threads_ponderhit_and_ponder_stop() {
    let mut e = engine(2);
    e.send("setoption name Ponder value true");
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    e.send(&format!("position fen {after_e4}"));
    e.send("go ponder wtime 1000 btime 1000");
    let deadline = Instant::now() + Duration::from_millis(300);
    let mut lines = Vec::new();
    while let Some(l) = e.next_line(deadline.saturating_duration_since(Instant::now())) {
        assert!(!l.starts_with("bestmove"), "bestmove while pondering: {l}");
        lines.push(l);
    }
    e.send("ponderhit");
    let (after, _) = one_legal_bestmove(&mut e, after_e4, Duration::from_secs(15));
    lines.extend(after);
    sane_nodes(&lines);

    e.send("go ponder wtime 1000 btime 1000");
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    e.send("stop");
    one_legal_bestmove(&mut e, after_e4, Duration::from_secs(10));
}

#[test]
fn threads_can_change_between_searches() {
    let mut e = engine(1);
    e.send(&format!("position fen {MIDDLEGAME}"));
    for threads in [3, 1, 2, 4, 2, 1] {
        let lines = e.ask(&format!("setoption name Threads value {threads}"));
        assert!(lines.is_empty(), "Threads {threads}: {lines:?}");
        e.send("go depth 6");
        let (lines, _) = one_legal_bestmove(&mut e, MIDDLEGAME, Duration::from_secs(20));
        sane_nodes(&lines);
    }
    // A new game and a cleared table reach every thread; the engine still searches after them.
    let lines = e.ask("setoption name Threads value 2");
    assert!(lines.is_empty(), "{lines:?}");
    assert!(e.ask("ucinewgame").is_empty());
    assert!(e.ask("setoption name Clear Hash").is_empty());
    // An option set while a search runs ends that search first, with one bestmove.
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go infinite");
    e.expect_line(|l| l.starts_with("info depth 2"), PROMPT);
    e.send("setoption name Threads value 3");
    one_legal_bestmove(&mut e, MIDDLEGAME, Duration::from_secs(10));
    e.send("go movetime 100");
    one_legal_bestmove(&mut e, MIDDLEGAME, Duration::from_secs(10));
}

#[test]
fn four_threads_forced_move_mate_and_no_move() {
    let mut e = engine(4);
    // One legal move: a timed search answers at once with it.
    let single = "2R5/k7/8/8/8/8/1r6/r6K w - - 0 1";
    e.send(&format!("position fen {single}"));
    e.send("go wtime 10000 btime 10000");
    let (_, best) = one_legal_bestmove(&mut e, single, Duration::from_secs(10));
    assert_eq!(best, "c8c1");
    e.send("go depth 6");
    let (_, best) = one_legal_bestmove(&mut e, single, Duration::from_secs(10));
    assert_eq!(best, "c8c1");

    // A mate in two from the suite, found and reported as such.
    let entry = common::mate_suite().into_iter().find(|m| m.moves == 2).expect("a mate in 2 in the suite");
    let mate2 = entry.fen.as_str();
    e.send(&format!("position fen {mate2}"));
    e.send("go mate 2");
    let (lines, best) = one_legal_bestmove(&mut e, mate2, Duration::from_secs(20));
    assert!(move_mates_within(&position(Some(mate2), &[], false), &best, 2), "{best} does not mate: {lines:?}");
    let last = infos(&lines).into_iter().rev().find(|i| i.bound.is_none()).expect("an exact info line");
    assert_eq!(last.score, Some(UciScore::Mate(2)), "{}: {lines:?}", entry.id);

    // Checkmated and stalemated sides have no move to play, with or without helpers.
    for fen in ["7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"] {
        e.send(&format!("position fen {fen}"));
        for go in ["go depth 4", "go movetime 50"] {
            e.send(go);
            let (_, best) = one_legal_bestmove(&mut e, fen, Duration::from_secs(10));
            assert_eq!(best, "0000", "{fen} {go}");
        }
    }
}

#[test]
fn quit_during_a_four_thread_search_exits_cleanly() {
    let mut e = engine(4);
    e.send("go infinite");
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    e.send("quit");
    let status = e.wait_exit(Duration::from_secs(10)).expect("the engine did not exit within 10 s of quit");
    assert!(status.success(), "exit status {status:?}");
}
