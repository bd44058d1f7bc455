//! The real binary over stdin/stdout: the UCI handshake, searches under every kind of limit, the
//! protocol's concurrency rules (`isready` and `stop` during a search, pondering, exactly one
//! `bestmove` per `go`), resilience to bad input, Chess960 castling notation, and the command line.
//!
//! Waits have generous upper bounds that only guard against hangs; nothing here measures speed.

mod common;

use common::{
    Engine, PROMPT, SEARCH, STARTPOS, UciScore, assert_bestmove_legal, assert_pvs_legal, infos, move_mates_within,
    parse_bestmove, play_line, position, run_cli, untimed,
};
use shakmaty::Position as _;
use std::time::{Duration, Instant};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const MIDDLEGAME: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

/// A fresh engine after the `uci` handshake.
fn engine() -> Engine {
    let mut e = Engine::spawn();
    e.handshake();
    e
}

/// Asserts that nothing among `lines` is a `bestmove` (used after a `bestmove` to prove it was the only one).
fn assert_no_bestmove(lines: &[String], context: &str) {
    let extra: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert!(extra.is_empty(), "{context}: unexpected bestmove line(s): {extra:?}");
}

/// Reads the bestmove, then proves with `isready` that no second one follows.
fn one_bestmove(e: &mut Engine) -> (Vec<String>, String) {
    let (lines, best) = e.read_until_bestmove();
    let after = e.sync();
    assert_no_bestmove(&after, "after the bestmove");
    (lines, best)
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("info string error")).collect()
}

/// Sends `cmd` and asserts it produces exactly one error line and nothing else.
fn expect_error(e: &mut Engine, cmd: &str) -> String {
    let lines = e.ask(cmd);
    assert_eq!(lines.len(), 1, "'{cmd}' should print one error line, got {lines:?}");
    assert!(lines[0].starts_with("info string error: "), "'{cmd}' printed {lines:?}");
    lines[0].clone()
}

/// Sends `cmd` and asserts it prints nothing.
fn expect_silence(e: &mut Engine, cmd: &str) {
    let lines = e.ask(cmd);
    assert!(lines.is_empty(), "'{cmd}' should print nothing, got {lines:?}");
}

// ---------------------------------------------------------------------------------------------
// Handshake
// ---------------------------------------------------------------------------------------------

#[test]
fn handshake_lists_identity_and_options() {
    let mut e = Engine::spawn();
    let lines = e.handshake();
    assert!(
        lines.first().is_some_and(|l| l == &format!("id name Brudno {}", brudno::version())),
        "first line should be 'id name Brudno <version>': {lines:?}"
    );
    assert!(brudno::version().starts_with(env!("CARGO_PKG_VERSION")));
    let rev = env!("BRUDNO_GIT_REV");
    assert!(rev.is_empty() || brudno::version().ends_with(&format!("({rev})")), "{}", brudno::version());
    assert!(lines.iter().any(|l| l.starts_with("id author ") && l.len() > "id author ".len()), "{lines:?}");
    let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option ")).collect();
    for expected in [
        "option name Hash type spin default 16 min 1 max 65536",
        "option name Threads type spin default 1 min 1 max 256",
        "option name Move Overhead type spin default 30 min 0 max 5000",
        "option name nodestime type spin default 0 min 0 max 100000",
        "option name Clear Hash type button",
        "option name Ponder type check default false",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name UCI_Chess960 type check default false",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1800 min 1350 max 2850",
        "option name Skill Level type spin default 20 min 0 max 20",
    ] {
        assert!(options.iter().any(|l| *l == expected), "missing '{expected}' in:\n{}", lines.join("\n"));
    }
    // Nothing but id and option lines before uciok.
    assert!(lines.iter().all(|l| l.starts_with("id ") || l.starts_with("option name ")), "{lines:?}");
    assert!(e.sync().is_empty());
    // A second `uci` is answered the same way.
    assert_eq!(e.handshake(), lines);
}

#[test]
fn isready_answers_before_anything_else() {
    let mut e = Engine::spawn();
    assert!(e.sync().is_empty(), "isready alone prints only readyok");
    assert!(e.sync().is_empty());
}

// ---------------------------------------------------------------------------------------------
// Searching
// ---------------------------------------------------------------------------------------------

#[test]
fn depth_search_after_moves() {
    let mut e = engine();
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 5");
    let (lines, best) = one_bestmove(&mut e);
    let pos = position(None, &["e2e4", "e7e5"], false);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);
    let its = infos(&lines);
    assert!(!its.is_empty(), "no info lines: {lines:?}");
    for it in &its {
        assert!(it.depth.is_some() && it.score.is_some() && it.nodes.is_some(), "{it:?}");
        assert!(it.nps.is_some() && it.time.is_some() && it.seldepth.is_some(), "{it:?}");
    }
    let depths: Vec<u32> = its.iter().map(|i| i.depth.unwrap()).collect();
    assert_eq!(depths.first(), Some(&1));
    assert_eq!(depths.last(), Some(&5));
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "depths go back: {depths:?}");
    let nodes: Vec<u64> = its.iter().map(|i| i.nodes.unwrap()).collect();
    assert!(nodes.windows(2).all(|w| w[0] <= w[1]), "node counts go back: {nodes:?}");
    // The bestmove is the first move of the last exact line.
    let last = its.iter().rev().find(|i| i.bound.is_none()).unwrap();
    assert_eq!(parse_bestmove(&best).0, last.pv[0]);
}

#[test]
fn depth_limit_is_the_last_depth() {
    let mut e = engine();
    e.send(&format!("position fen {KIWIPETE}"));
    e.send("go depth 3");
    let (lines, best) = one_bestmove(&mut e);
    let pos = position(Some(KIWIPETE), &[], false);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);
    assert_eq!(infos(&lines).last().and_then(|i| i.depth), Some(3), "{lines:?}");
    // Depth 0 is clamped to 1: still a legal move.
    e.send("go depth 0");
    let (_, best) = one_bestmove(&mut e);
    assert_bestmove_legal(&pos, &best);
}

#[test]
fn node_limit_is_respected() {
    let mut e = engine();
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go nodes 5000");
    let (lines, best) = one_bestmove(&mut e);
    let pos = position(Some(MIDDLEGAME), &[], false);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);
    let its = infos(&lines);
    assert!(!its.is_empty());
    for it in &its {
        assert!(it.nodes.unwrap() <= 5000, "info reports more nodes than allowed: {it:?}");
    }
    // No node budget is too small to give a legal move, searched to depth 1 and reported.
    for n in [0, 1, 50] {
        e.send(&format!("go nodes {n}"));
        let (lines, best) = one_bestmove(&mut e);
        assert_bestmove_legal(&pos, &best);
        assert!(infos(&lines).iter().any(|it| it.depth == Some(1)), "go nodes {n}: {lines:?}");
    }
}

/// The last `info` line with a pv among `lines`.
fn last_info(lines: &[String]) -> common::Info {
    infos(lines).pop().unwrap_or_else(|| panic!("no info line: {lines:?}"))
}

#[test]
fn a_search_cut_inside_an_iteration_ends_with_the_line_of_the_move_played() {
    // One thread counts its nodes exactly: a budget of N ends the search at N nodes, inside an
    // iteration, and the last line says so, with the move played and its score.
    let mut e = engine();
    e.send(&format!("position fen {MIDDLEGAME}"));
    let pos = position(Some(MIDDLEGAME), &[], false);
    let (mut deeper, mut repeated) = (0, 0);
    // Budgets a few hundred nodes apart, so that both kinds of cut below are likely to occur after a
    // change of the tree's shape (at 1500-node steps ProbCut's tree gave no cut with a deeper line).
    for n in (1..=120).map(|i| i * 250) {
        e.send("ucinewgame");
        e.send(&format!("go nodes {n}"));
        let (lines, best) = one_bestmove(&mut e);
        assert_pvs_legal(&pos, &lines);
        let last = last_info(&lines);
        assert_eq!(
            last.pv[0],
            parse_bestmove(&best).0,
            "go nodes {n}: the last line is not the move played: {lines:?}"
        );
        assert_eq!(last.nodes, Some(n), "go nodes {n}: the last line does not count the whole search: {lines:?}");
        assert!(last.score.is_some() && last.bound.is_none() && last.multipv == Some(1), "go nodes {n}: {lines:?}");
        // The deepest completed iteration: its exact lines (a bound is an aspiration failure).
        let its = infos(&lines);
        let before = &its[..its.len() - 1];
        let completed = before.iter().filter(|i| i.bound.is_none()).filter_map(|i| i.depth).max().unwrap_or(0);
        let depth = last.depth.unwrap_or(0);
        if depth == completed + 1 {
            // The best move so far was searched in full at the interrupted depth: that depth's line.
            deeper += 1;
        } else {
            // Otherwise the last completed depth's line again, with the final count.
            assert_eq!(depth, completed, "go nodes {n}: {lines:?}");
            let previous = before.iter().rev().find(|i| i.bound.is_none()).expect("a completed line");
            assert_eq!((&last.pv, last.score), (&previous.pv, previous.score), "go nodes {n}: {lines:?}");
            repeated += 1;
        }
    }
    // Both kinds of cut happen among these budgets.
    assert!(deeper > 0 && repeated > 0, "{deeper} cut with a deeper line, {repeated} with the last one repeated");

    // `stop` in an infinite search: a last line comes after the stop, for the move played.
    e.send("go infinite");
    e.expect_line(|l| l.starts_with("info depth 6"), PROMPT);
    assert_no_bestmove(&e.sync(), "go infinite");
    e.send("stop");
    // What came after `readyok`: the lines of iterations that ended meanwhile, if any, and the last.
    let (lines, best) = e.read_until_bestmove_within(Duration::from_secs(15));
    assert_pvs_legal(&pos, &lines);
    assert_eq!(last_info(&lines).pv[0], parse_bestmove(&best).0, "{lines:?}");
    // `stop` at once: the first depth is still completed and reported.
    for _ in 0..20 {
        e.send("go infinite");
        e.send("stop");
        let (lines, best) = one_bestmove(&mut e);
        let last = last_info(&lines);
        assert!(last.depth.is_some_and(|d| d >= 1), "{lines:?}");
        assert_eq!(last.pv[0], parse_bestmove(&best).0, "{lines:?}");
    }
}

#[test]
fn movetime_search_ends_by_itself() {
    let mut e = engine();
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go movetime 300");
    let (lines, best) = e.read_until_bestmove_within(Duration::from_secs(10));
    let pos = position(Some(MIDDLEGAME), &[], false);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);
    assert_no_bestmove(&e.sync(), "after movetime");
}

#[test]
fn clock_searches_end_by_themselves() {
    let mut e = engine();
    let pos = position(Some(MIDDLEGAME), &[], false);
    e.send(&format!("position fen {MIDDLEGAME}"));
    for go in [
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go wtime 5000 btime 5000 movestogo 1",
        "go wtime 0 btime 0",
        "go wtime -100 btime -100",
        "go wtime 200 btime 90000 winc 0 binc 0 movestogo 40",
    ] {
        e.send(go);
        let (lines, best) = e.read_until_bestmove_within(Duration::from_secs(20));
        assert_bestmove_legal(&pos, &best);
        assert_pvs_legal(&pos, &lines);
        assert_no_bestmove(&e.sync(), go);
    }
}

/// The node counts of the last `info` line of two clocked moves under `nodestime 100` in one game,
/// the second `go` giving the engine 1 ms: the node clock opened by the first `go` is what counts.
fn node_clock_game() -> (u64, u64) {
    let mut e = engine();
    e.send("setoption name nodestime value 100");
    e.send("ucinewgame");
    e.send(&format!("position fen {MIDDLEGAME}"));
    let mut nodes = Vec::new();
    for go in ["go wtime 10000 btime 10000 winc 100 binc 100", "go wtime 1 btime 10000 winc 100 binc 100"] {
        e.send(go);
        let (lines, best) = one_bestmove(&mut e);
        assert_bestmove_legal(&position(Some(MIDDLEGAME), &[], false), &best);
        nodes.push(infos(&lines).last().and_then(|it| it.nodes).unwrap_or(0));
    }
    (nodes[0], nodes[1])
}

#[test]
fn nodestime_counts_the_clock_in_nodes() {
    let (first, second) = node_clock_game();
    // 10 s at 100 nodes/ms is 1 000 000 nodes: the plan's base is 10 000/25 + 0.75 * 100 = 475 ms,
    // the hard limit three times that, 142 500 nodes (checked every 1024 nodes).
    assert!(first > 0 && first <= 142_500 + 1024, "first move searched {first} nodes");
    // The GUI's 1 ms is not our clock: the game's node account (1 000 000 - first + 10 000) is.
    assert!(second > 10_000, "second move searched only {second} nodes");
    // Nothing depends on the machine's speed: the same game searches the same nodes again.
    assert_eq!(node_clock_game(), (first, second));
}

#[test]
fn a_missing_own_clock_answers_without_stop() {
    // Only the opponent's clock: no time for us, so the engine answers by itself (no `stop` is sent;
    // the wait only guards against a hang).
    let mut e = engine();
    let pos = position(Some(MIDDLEGAME), &[], false);
    e.send(&format!("position fen {MIDDLEGAME}"));
    for go in ["go btime 1000 binc 100", "go btime 100000", "go btime 5000 movestogo 10 winc 50"] {
        e.send(go);
        let (lines, best) = e.read_until_bestmove_within(SEARCH);
        assert_bestmove_legal(&pos, &best);
        assert_pvs_legal(&pos, &lines);
        assert!(errors(&lines).is_empty(), "{go}: {lines:?}");
        assert_no_bestmove(&e.sync(), go);
    }
    // The same with Black to move and only White's clock.
    e.send("position startpos moves e2e4");
    e.send("go wtime 60000 winc 1000");
    let (_, best) = e.read_until_bestmove_within(SEARCH);
    assert_bestmove_legal(&position(None, &["e2e4"], false), &best);
    assert_no_bestmove(&e.sync(), "only White's clock");
    // Another limit given with it still applies in full.
    e.send("go btime 1000 depth 4");
    let (lines, best) = one_bestmove(&mut e);
    assert_bestmove_legal(&position(None, &["e2e4"], false), &best);
    assert_eq!(infos(&lines).last().and_then(|i| i.depth), Some(4), "{lines:?}");
}

/// The node count of a fixed-depth search of 1.e4 e5 (deterministic with one thread).
fn nodes_to_depth_9(e: &mut Engine) -> u64 {
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 9");
    let (lines, _) = one_bestmove(e);
    infos(&lines).iter().rev().find_map(|i| i.nodes).expect("an info line with nodes")
}

#[test]
fn clear_hash_and_ucinewgame_forget_the_table_and_the_histories() {
    let mut e = engine();
    let fresh = nodes_to_depth_9(&mut e);
    // Searched again with what the first search left behind (table, killers, history), it differs.
    let warm = nodes_to_depth_9(&mut e);
    assert_ne!(warm, fresh);
    // After Clear Hash (as after ucinewgame) the search is the fresh one exactly: a cleared table alone
    // with the old histories would give another count.
    expect_silence(&mut e, "setoption name Clear Hash");
    assert_eq!(nodes_to_depth_9(&mut e), fresh);
    let _ = nodes_to_depth_9(&mut e);
    expect_silence(&mut e, "ucinewgame");
    assert_eq!(nodes_to_depth_9(&mut e), fresh);
}

#[test]
fn self_play_game_on_a_short_clock() {
    // The engine plays both sides of a game in one process; the test keeps the clocks with the wall
    // time (no assertion on them, only on legality and progress).
    let mut e = engine();
    e.send("ucinewgame");
    let mut moves: Vec<String> = Vec::new();
    let mut clocks = [2000i64, 2000i64];
    for ply in 0..40 {
        let pos = play_line(&position(None, &[], false), &moves).unwrap();
        if pos.chess().is_game_over() {
            break;
        }
        let cmd = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        e.send(&cmd);
        let start = Instant::now();
        e.send(&format!("go wtime {} btime {} winc 0 binc 0", clocks[0].max(0), clocks[1].max(0)));
        let (lines, best) = e.read_until_bestmove_within(Duration::from_secs(20));
        clocks[ply % 2] -= start.elapsed().as_millis() as i64;
        let mv = assert_bestmove_legal(&pos, &best);
        assert_pvs_legal(&pos, &lines);
        assert_ne!(mv, "0000", "a move exists in {}", pos.fen());
        moves.push(mv);
    }
    assert!(moves.len() >= 10, "the game ended after {} plies: {moves:?}", moves.len());
    assert_no_bestmove(&e.sync(), "after the game");
}

#[test]
fn infinite_search_answers_isready_and_stops() {
    let mut e = engine();
    e.send(&format!("position fen {KIWIPETE}"));
    e.send("go infinite");
    // Let it produce at least one iteration, then check it still answers.
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    let during = e.sync();
    assert_no_bestmove(&during, "an infinite search must not end by itself");
    e.send("stop");
    let (lines, best) = e.read_until_bestmove_within(Duration::from_secs(15));
    let pos = position(Some(KIWIPETE), &[], false);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);
    assert_no_bestmove(&e.sync(), "after stop");
    // A second stop with nothing running prints nothing.
    expect_silence(&mut e, "stop");
}

#[test]
fn infinite_search_holds_its_bestmove_even_when_done() {
    // A position with a single legal move and a tiny depth cap finishes at once, but in `go infinite`
    // the bestmove must wait for `stop`.
    let mut e = engine();
    let fen = "2R5/k7/8/8/8/8/1r6/r6K w - - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go infinite depth 2");
    e.expect_line(|l| l.starts_with("info depth 2"), PROMPT);
    let held = e.sync();
    assert_no_bestmove(&held, "go infinite must hold the bestmove until stop");
    e.send("stop");
    let (_, best) = e.read_until_bestmove_within(Duration::from_secs(10));
    assert_eq!(parse_bestmove(&best).0, "c8c1");
}

#[test]
fn new_commands_end_a_running_search_with_one_bestmove() {
    // `go` during a search, and `position` during a search: each `go` gets exactly one bestmove.
    let mut e = engine();
    e.send("position startpos");
    e.send("go infinite");
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    e.send("go depth 2");
    let (_, first) = e.read_until_bestmove();
    assert_bestmove_legal(&position(None, &[], false), &first);
    let (_, second) = one_bestmove(&mut e);
    assert_bestmove_legal(&position(None, &[], false), &second);

    e.send("go infinite");
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    e.send("position startpos moves d2d4");
    let (_, third) = one_bestmove(&mut e);
    // That bestmove belongs to the search from the start position.
    assert_bestmove_legal(&position(None, &[], false), &third);
    assert_eq!(e.fen(), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
}

#[test]
fn mate_search_finds_mate_in_two() {
    let entry = common::mate_suite().into_iter().find(|m| m.moves == 2).unwrap();
    let mut e = engine();
    e.send(&format!("position fen {}", entry.fen));
    e.send("go mate 2");
    let (lines, best) = e.read_until_bestmove_within(Duration::from_secs(20));
    let pos = position(Some(&entry.fen), &[], false);
    let mv = assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);
    let last = infos(&lines).into_iter().rev().find(|i| i.bound.is_none()).expect("an exact info line");
    assert_eq!(last.score, Some(UciScore::Mate(2)), "{}: {lines:?}", entry.id);
    assert!(move_mates_within(&pos, &mv, 2), "{}: {mv} does not force mate in 2", entry.id);
}

#[test]
fn mated_side_reports_negative_mate() {
    // White's only move, Rc1 (blocking the check), is met by Rxc1#: `score mate -1`.
    let fen = "2R5/k7/8/8/8/8/1r6/r6K w - - 0 1";
    let mut e = engine();
    e.send(&format!("position fen {fen}"));
    e.send("go depth 4");
    let (lines, best) = one_bestmove(&mut e);
    assert_eq!(parse_bestmove(&best).0, "c8c1");
    let last = infos(&lines).into_iter().last().unwrap();
    assert_eq!(last.score, Some(UciScore::Mate(-1)), "{lines:?}");
}

#[test]
fn show_wdl_adds_outcome_chances() {
    let mut e = engine();
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let (lines, _) = one_bestmove(&mut e);
    assert!(lines.iter().all(|l| !l.contains(" wdl ")), "{lines:?}");
    expect_silence(&mut e, "setoption name UCI_ShowWDL value true");
    e.send("go depth 3");
    let (lines, _) = one_bestmove(&mut e);
    let info = lines.iter().rfind(|l| l.starts_with("info depth")).expect("an info line");
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "wdl").expect("wdl after the score");
    assert_eq!(words[at - 3], "score", "{info}");
    let wdl: Vec<u32> = words[at + 1..at + 4].iter().map(|w| w.parse().unwrap()).collect();
    assert_eq!(wdl.iter().sum::<u32>(), 1000, "{info}");
    assert!(wdl[1] > 0 && wdl[0] < 1000 && wdl[2] < 1000, "{info}");
    // A mate score is a certain outcome.
    e.send("position fen 2R5/k7/8/8/8/8/1r6/r6K w - - 0 1");
    e.send("go depth 4");
    let (lines, _) = one_bestmove(&mut e);
    let info = lines.iter().rfind(|l| l.starts_with("info depth")).unwrap();
    assert!(info.contains("score mate -1 wdl 0 0 1000"), "{info}");
}

#[test]
fn limited_strength_plays_legal_moves_on_a_small_budget_and_takes_a_mate() {
    let mut e = engine();
    expect_silence(&mut e, "setoption name UCI_LimitStrength value true");
    expect_silence(&mut e, "setoption name UCI_Elo value 1350");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go wtime 10000 btime 10000");
    let (lines, best) = one_bestmove(&mut e);
    assert_bestmove_legal(&position(None, &["e2e4", "e7e5"], false), &best);
    // The level's node budget, not the clock, ends the search.
    let budget = brudno::search::strength::Strength::from_elo(1350).map(|s| s.nodes()).unwrap();
    let nodes: Vec<u64> = lines.iter().filter_map(|l| word_after(l, "nodes")).collect();
    assert!(nodes.last().is_some_and(|&n| n <= budget + 100), "{budget} {lines:?}");
    // Several lines are weighed; a mate in one is always played.
    assert!(lines.iter().any(|l| l.contains(" multipv 4 ")), "{lines:?}");
    for _ in 0..5 {
        e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        e.send("go depth 3");
        let (_, best) = one_bestmove(&mut e);
        assert_eq!(best.split_whitespace().nth(1), Some("a1a8"), "{best}");
    }
    // Off again: full strength, one line.
    expect_silence(&mut e, "setoption name UCI_LimitStrength value false");
    e.send("go depth 3");
    let (lines, _) = one_bestmove(&mut e);
    assert!(lines.iter().all(|l| !l.contains(" multipv 2 ")), "{lines:?}");
}

/// The strength level of the next search as `debug on`'s limits note shows it (`-`: full strength).
fn level_shown(e: &mut Engine) -> String {
    expect_silence(e, "debug on");
    e.send("go depth 1");
    let (lines, _) = one_bestmove(e);
    expect_silence(e, "debug off");
    let note = lines.iter().find(|l| l.starts_with("info string limits: ")).expect("the limits note");
    note.split(" strength ").nth(1).and_then(|rest| rest.split(" nodestime ").next()).unwrap_or_default().to_string()
}

#[test]
fn skill_level_and_uci_elo_make_one_ladder_up_to_full_strength() {
    let mut e = engine();
    // By default: Skill Level 20, UCI_LimitStrength off: full strength.
    assert_eq!(level_shown(&mut e), "-");
    // Skill Level 0 is the ladder's foot, 19 its last step below full strength.
    for (skill, shown) in [(0, "1350 Elo"), (10, "1883 Elo"), (19, "2362 Elo"), (20, "-")] {
        expect_silence(&mut e, &format!("setoption name Skill Level value {skill}"));
        assert_eq!(level_shown(&mut e), shown, "Skill Level {skill}");
    }
    // With UCI_LimitStrength on, UCI_Elo governs whatever the skill; from the ceiling up it is full strength.
    expect_silence(&mut e, "setoption name Skill Level value 0");
    expect_silence(&mut e, "setoption name UCI_LimitStrength value true");
    for (elo, shown) in [(1350, "1350 Elo"), (2415, "2415 Elo"), (2416, "-"), (2850, "-")] {
        expect_silence(&mut e, &format!("setoption name UCI_Elo value {elo}"));
        assert_eq!(level_shown(&mut e), shown, "UCI_Elo {elo}");
    }
    // Values outside the ranges are refused and change nothing.
    for bad in ["UCI_Elo value 1349", "UCI_Elo value 2851", "Skill Level value 21", "Skill Level value -1"] {
        let error = expect_error(&mut e, &format!("setoption name {bad}"));
        assert!(error.contains("is outside"), "{error}");
    }
    assert_eq!(level_shown(&mut e), "-");
}

#[test]
fn the_lowest_and_highest_levels_play_legal_moves() {
    let pos = position(Some(MIDDLEGAME), &[], false);
    // Skill Level 0: a small budget, four lines to choose among, on a clock.
    let mut e = engine();
    expect_silence(&mut e, "setoption name Skill Level value 0");
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go wtime 3000 btime 3000");
    let (lines, best) = one_bestmove(&mut e);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);
    assert!(lines.iter().any(|l| l.contains(" multipv 4 ")), "{lines:?}");
    // UCI_Elo 2850: full strength, one line.
    let mut e = engine();
    expect_silence(&mut e, "setoption name UCI_LimitStrength value true");
    expect_silence(&mut e, "setoption name UCI_Elo value 2850");
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go wtime 3000 btime 3000");
    let (lines, best) = one_bestmove(&mut e);
    assert_bestmove_legal(&pos, &best);
    assert!(lines.iter().all(|l| !l.contains(" multipv 2 ")), "{lines:?}");
}

#[test]
fn a_top_level_whose_budget_is_not_reached_searches_as_full_strength() {
    // A level that always plays its best line searches that one line; while its budget (about
    // 486 000 nodes at UCI_Elo 2300, 591 000 at Skill Level 19) is not reached, it is the
    // full-strength search, line for line and node for node.
    let search = |setup: &[&str]| {
        let mut e = engine();
        for cmd in setup {
            expect_silence(&mut e, cmd);
        }
        e.send(&format!("position fen {MIDDLEGAME}"));
        e.send("go depth 5");
        let (lines, best) = one_bestmove(&mut e);
        (untimed(&lines), best)
    };
    let full = search(&[]);
    assert!(full.0.last().is_some_and(|l| l.starts_with("info depth 5 ")), "{full:?}");
    let elo = search(&["setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 2300"]);
    assert_eq!(elo, full);
    assert_eq!(search(&["setoption name Skill Level value 19"]), full);
}

#[test]
fn a_limited_level_takes_its_time_and_answers_stop_at_once() {
    let pos = position(None, &[], false);
    let mut e = engine();
    expect_silence(&mut e, "setoption name Skill Level value 0");
    expect_silence(&mut e, "position startpos");
    // A clock of a day: the level's share of it is hours, which only `stop` can cut short within
    // the wait for the bestmove.
    let go = "go wtime 86400000 btime 86400000";
    e.send(go);
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    e.send("stop");
    let (_, best) = one_bestmove(&mut e);
    assert_bestmove_legal(&pos, &best);
    // Left alone, the level has long spent its node budget (about 1 700 nodes) but still takes its
    // time: no bestmove yet, until `stop`.
    e.send(go);
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    std::thread::sleep(Duration::from_millis(500));
    assert_no_bestmove(&e.sync(), "a level on a long clock answers at its share of the clock");
    e.send("stop");
    let (_, best) = one_bestmove(&mut e);
    assert_bestmove_legal(&pos, &best);
    // Never a wait where a bound other than the clock ends the search, for a forced move, or after
    // `ponderhit` when pondering: each answers without `stop` (the wait would last hours).
    for go in ["go wtime 86400000 btime 86400000 depth 3", "go wtime 86400000 btime 86400000 nodes 3000"] {
        e.send(go);
        let (_, best) = one_bestmove(&mut e);
        assert_bestmove_legal(&pos, &best);
    }
    let check = "4k3/8/8/8/8/8/3q4/K7 w - - 0 1";
    e.send(&format!("position fen {check}"));
    e.send(go);
    let (_, best) = one_bestmove(&mut e);
    assert_eq!(parse_bestmove(&best).0, "a1b1");
    e.send("position startpos");
    e.send(&format!("go ponder {}", go.trim_start_matches("go ")));
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    std::thread::sleep(Duration::from_millis(500));
    assert_no_bestmove(&e.sync(), "a pondering level holds its bestmove until ponderhit");
    e.send("ponderhit");
    let (_, best) = one_bestmove(&mut e);
    assert_bestmove_legal(&pos, &best);
}

fn word_after(line: &str, key: &str) -> Option<u64> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.iter().position(|w| *w == key).and_then(|i| words.get(i + 1)).and_then(|w| w.parse().ok())
}

#[test]
fn no_legal_move_gives_null_bestmove() {
    let mut e = engine();
    // Mated, then stalemated: the one `info` line says which, as Stockfish's does.
    for (fen, score) in [("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "mate 0"), ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "cp 0")] {
        e.send(&format!("position fen {fen}"));
        for go in ["go depth 3", "go movetime 100", "go wtime 1000 btime 1000", "go nodes 100"] {
            e.send(go);
            let (lines, best) = one_bestmove(&mut e);
            assert_eq!(best, "bestmove 0000", "{fen} {go}: {lines:?}");
            let info: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
            assert_eq!(info.len(), 1, "{fen} {go}: {lines:?}");
            assert!(info[0].starts_with("info depth 0 ") && info[0].contains(&format!(" score {score} ")), "{info:?}");
            assert!(!info[0].contains(" pv"), "no move, no pv: {info:?}");
        }
        // Infinite: held until stop, then 0000.
        e.send("go infinite");
        assert_no_bestmove(&e.sync(), "infinite with no legal move");
        e.send("stop");
        let (_, best) = e.read_until_bestmove();
        assert_eq!(best, "bestmove 0000");
    }
}

#[test]
fn searchmoves_and_multipv() {
    let mut e = engine();
    e.send("position startpos");
    e.send("go depth 4 searchmoves a2a3");
    let (lines, best) = one_bestmove(&mut e);
    assert_eq!(parse_bestmove(&best).0, "a2a3");
    assert!(infos(&lines).iter().all(|i| i.pv[0] == "a2a3"), "{lines:?}");
    // A bad searchmoves entry is reported and ignored.
    e.send("go depth 3 searchmoves e2e5 g1f3");
    let (lines, best) = one_bestmove(&mut e);
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    assert_eq!(parse_bestmove(&best).0, "g1f3");

    expect_silence(&mut e, "setoption name MultiPV value 3");
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go depth 5");
    let (lines, best) = one_bestmove(&mut e);
    let pos = position(Some(MIDDLEGAME), &[], false);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);
    let its = infos(&lines);
    let mut firsts = Vec::new();
    for k in 1..=3 {
        let line = its
            .iter()
            .rev()
            .find(|i| i.depth == Some(5) && i.multipv == Some(k) && i.bound.is_none())
            .unwrap_or_else(|| panic!("no exact multipv {k} line at depth 5: {lines:?}"));
        firsts.push(line.pv[0].clone());
    }
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{firsts:?}");
    assert_eq!(parse_bestmove(&best).0, firsts[0]);
}

// ---------------------------------------------------------------------------------------------
// Pondering
// ---------------------------------------------------------------------------------------------

#[test]
fn ponderhit_releases_the_bestmove() {
    let mut e = engine();
    expect_silence(&mut e, "setoption name Ponder value true");
    e.send("position startpos moves e2e4");
    e.send("go ponder wtime 2000 btime 2000");
    // However long the engine has pondered, it must not move before ponderhit.
    let deadline = Instant::now() + Duration::from_millis(300);
    while let Some(l) = e.next_line(deadline.saturating_duration_since(Instant::now())) {
        assert!(!l.starts_with("bestmove"), "bestmove while pondering: {l}\n{}", e.transcript());
    }
    assert_no_bestmove(&e.sync(), "while pondering");
    e.send("ponderhit");
    let (lines, best) = e.read_until_bestmove_within(Duration::from_secs(20));
    let pos = position(None, &["e2e4"], false);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);
    assert_no_bestmove(&e.sync(), "after ponderhit");
    // A ponderhit with nothing to hit prints nothing.
    expect_silence(&mut e, "ponderhit");
}

#[test]
fn ponder_then_stop_gives_one_bestmove() {
    let mut e = engine();
    e.send("position startpos moves e2e4");
    e.send("go ponder wtime 2000 btime 2000");
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    e.send("stop");
    let (_, best) = e.read_until_bestmove_within(Duration::from_secs(15));
    assert_bestmove_legal(&position(None, &["e2e4"], false), &best);
    assert_no_bestmove(&e.sync(), "after stop");
}

// ---------------------------------------------------------------------------------------------
// Bad input
// ---------------------------------------------------------------------------------------------

#[test]
fn unknown_and_empty_lines() {
    let mut e = engine();
    let err = expect_error(&mut e, "xyzzy");
    assert!(err.contains("xyzzy"), "{err}");
    expect_silence(&mut e, "");
    expect_silence(&mut e, "   \t  ");
    // Windows line ends and tabs between words are fine.
    e.send_raw(b"isready\r\n");
    assert!(e.collect_until(|l| l == "readyok", PROMPT, "readyok").len() == 1);
    e.send("go\tdepth\t2");
    let (_, best) = one_bestmove(&mut e);
    assert_bestmove_legal(&position(None, &[], false), &best);
    for bad in ["debug maybe", "bench z", "go perft x", "go perft"] {
        expect_error(&mut e, bad);
    }
}

// Unusable positions (no position is kept) and mended FENs: tests/position.rs.

#[test]
fn setoption_errors_and_case() {
    let mut e = engine();
    for bad in [
        "setoption name Nope value 1",
        "setoption name Hash value 0",
        "setoption name Hash value 65537",
        "setoption name Hash value abc",
        "setoption name Hash",
        "setoption name Threads value 0",
        "setoption name MultiPV value 0",
        "setoption name Ponder value maybe",
        "setoption name UCI_Chess960 value 1",
        "setoption",
        "setoption name",
        "setoption value 3",
    ] {
        expect_error(&mut e, bad);
    }
    // Names are case-insensitive; buttons take no value.
    for ok in [
        "setoption name hash value 32",
        "setoption name HASH value 1",
        "setoption name Clear Hash",
        "setoption name clear hash",
        "setoption name move overhead value 100",
        "setoption name Ponder value TRUE",
        "setoption name multipv value 1",
        "ucinewgame",
    ] {
        expect_silence(&mut e, ok);
    }
    // More than one thread is accepted without an error.
    let lines = e.ask("setoption name Threads value 2");
    assert!(errors(&lines).is_empty(), "{lines:?}");
    // The engine still searches after all that (with a 1 MB table).
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go depth 4");
    let (lines, best) = one_bestmove(&mut e);
    let pos = position(Some(MIDDLEGAME), &[], false);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);
}

#[test]
fn debug_log_file_holds_every_line_in_and_out() {
    // A path with spaces, in the temporary directory; a line from an earlier session is kept.
    let path = std::env::temp_dir().join(format!("brudno debug log {}.txt", std::process::id()));
    std::fs::write(&path, "earlier session\n").expect("writing the log file");
    let mut e = engine();
    expect_silence(&mut e, &format!("setoption name Debug Log File value {}", path.display()));
    // What the engine printed from here on, as the GUI read it.
    let mut printed = Vec::new();
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let (lines, best) = e.read_until_bestmove();
    printed.extend(lines);
    printed.push(best.clone());
    let board = e.ask("d");
    // Empty (Stockfish's `<empty>`) stops the copy: the next lines are not logged.
    expect_silence(&mut e, "setoption name Debug Log File value <empty>");
    e.send("go depth 1");
    e.read_until_bestmove();
    let text = std::fs::read_to_string(&path).expect("reading the log file");
    let _ = std::fs::remove_file(&path);

    let mut expected = vec!["earlier session".to_string(), ">> isready".into(), "<< readyok".into()];
    expected.push(">> position startpos moves e2e4".into());
    expected.push(">> go depth 3".into());
    expected.extend(printed.iter().map(|l| format!("<< {l}")));
    expected.push(">> d".into());
    expected.extend(board.iter().map(|l| format!("<< {l}")));
    expected.extend([">> isready".to_string(), "<< readyok".into()]);
    expected.push(">> setoption name Debug Log File value <empty>".into());
    let logged: Vec<&str> = text.lines().collect();
    assert_eq!(logged, expected, "the log file:\n{text}");
    assert!(logged.contains(&format!("<< {best}").as_str()) && best.starts_with("bestmove "), "{text}");
    assert!(logged.iter().any(|l| l.starts_with("<< info depth 3 ")), "{text}");

    // A path that cannot be opened (a directory) is one error line; the engine goes on, logging nothing.
    let dir = std::env::temp_dir();
    let error = expect_error(&mut e, &format!("setoption name Debug Log File value {}", dir.display()));
    assert!(error.starts_with("info string error: Debug Log File: cannot open "), "{error}");
    e.send("go depth 2");
    let (_, best) = one_bestmove(&mut e);
    assert_bestmove_legal(&position(None, &["e2e4"], false), &best);
}

#[test]
fn bad_go_reports_and_still_moves() {
    // Every `go` ends with exactly one legal bestmove: each word that cannot be read gives one error line
    // naming it, and the search runs with the rest. No `stop` is sent.
    let mut e = engine();
    let start = position(None, &[], false);
    for (go, bad_words, depth) in [
        ("go depth 3 sideways", vec!["sideways"], Some(3)),
        ("go sideways depth 2", vec!["sideways"], Some(2)),
        ("go nodes abc depth 2", vec!["abc"], Some(2)),
        ("go depth -3 depth 2", vec!["-3"], Some(2)),
        ("go depth movetime 200", vec!["depth"], None),
        ("go wtime 1000 btime 1000 byoyomi 500", vec!["byoyomi", "500"], None),
        ("go depth abc", vec!["abc"], None),
        ("go sideways", vec!["sideways"], None),
        ("go depth", vec!["depth"], None),
        ("go nodes x", vec!["x"], None),
        ("go wtime 99999999999999999999999", vec!["99999999999999999999999"], None),
    ] {
        e.send(go);
        let (lines, best) = e.read_until_bestmove_within(SEARCH);
        assert_bestmove_legal(&start, &best);
        assert_pvs_legal(&start, &lines);
        let errs = errors(&lines);
        assert_eq!(errs.len(), bad_words.len(), "{go}: {lines:?}");
        for (err, word) in errs.iter().zip(&bad_words) {
            assert!(err.contains(word), "{go}: '{err}' does not name '{word}'");
        }
        if let Some(d) = depth {
            assert_eq!(infos(&lines).last().and_then(|i| i.depth), Some(d), "{go}: {lines:?}");
        }
        assert_no_bestmove(&e.sync(), go);
    }
    // A line of garbage gives a bounded number of error lines and one bestmove.
    e.send(&format!("go {}", "junk ".repeat(5000)));
    let (lines, best) = e.read_until_bestmove_within(SEARCH);
    assert_bestmove_legal(&start, &best);
    let errs = errors(&lines);
    assert!((1..=8).contains(&errs.len()) && errs.last().unwrap().contains("more"), "{errs:?}");
    assert_no_bestmove(&e.sync(), "garbage go");
    // Infinite with a bad word is still infinite: the bestmove waits for stop.
    e.send("go infinite sideways");
    e.expect_line(|l| l.starts_with("info string error") && l.contains("sideways"), PROMPT);
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    assert_no_bestmove(&e.sync(), "go infinite with a bad word");
    e.send("stop");
    let (_, best) = e.read_until_bestmove();
    assert_bestmove_legal(&start, &best);
    assert_no_bestmove(&e.sync(), "after stop");
}

#[test]
fn non_utf8_and_huge_lines() {
    let mut e = engine();
    e.send_raw(b"\xff\xfe\n");
    let lines = e.sync();
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    e.send_raw(b"go \xff depth 2\n");
    let (lines, best) = one_bestmove(&mut e);
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    assert_bestmove_legal(&position(None, &[], false), &best);
    assert_eq!(infos(&lines).last().and_then(|i| i.depth), Some(2), "{lines:?}");

    let huge = "x".repeat(100_000);
    let lines = e.ask(&huge);
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    assert!(lines[0].len() < 200, "the error echoes the whole line ({} bytes)", lines[0].len());

    // A 100 kB `position` line: 10,000 knight moves back and forth.
    let dance = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(2500).join(" ");
    expect_silence(&mut e, &format!("position startpos moves {dance}"));
    assert_eq!(e.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 10000 5001");
    e.send("go depth 3");
    let (_, best) = one_bestmove(&mut e);
    assert_bestmove_legal(&position(None, &[], false), &best);
}

#[test]
fn end_of_input_exits_cleanly() {
    let mut e = engine();
    e.send("position startpos moves e2e4");
    e.sync();
    e.close_stdin();
    let status = e.wait_exit(Duration::from_secs(10)).expect("the engine did not exit within 10 s of end of input");
    assert!(status.success(), "exit status {status:?}");
}

#[test]
fn quit_during_a_search_exits_cleanly() {
    let mut e = engine();
    e.send("go infinite");
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    e.send("quit");
    let status = e.wait_exit(Duration::from_secs(10)).expect("the engine did not exit within 10 s of quit");
    assert!(status.success(), "exit status {status:?}");
}

#[test]
fn end_of_input_during_a_search_exits() {
    let mut e = engine();
    e.send("go infinite");
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    e.close_stdin();
    let status = e.wait_exit(Duration::from_secs(10)).expect("the engine did not exit within 10 s of end of input");
    assert!(status.success(), "exit status {status:?}");
}

#[test]
fn end_of_input_after_go_still_answers() {
    let mut e = engine();
    e.send("go depth 3");
    e.close_stdin();
    let (_, best) = e.read_until_bestmove_within(Duration::from_secs(10));
    assert_bestmove_legal(&position(None, &[], false), &best);
}

// ---------------------------------------------------------------------------------------------
// Faults: lost input, quit at odd moments, no position, a table that cannot be had
// ---------------------------------------------------------------------------------------------

/// After the process has exited: every line it printed that was not read yet.
fn rest_of_output(e: &mut Engine) -> Vec<String> {
    let mut rest = Vec::new();
    while let Some(line) = e.next_line(PROMPT) {
        rest.push(line);
    }
    rest
}

#[test]
fn end_of_input_during_a_timed_search_answers_then_exits() {
    let mut e = engine();
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go movetime 300");
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    e.close_stdin();
    let status = e.wait_exit(SEARCH).expect("the engine did not exit after end of input");
    assert!(status.success(), "exit status {status:?}");
    let rest = rest_of_output(&mut e);
    let best: Vec<&String> = rest.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 1, "{rest:?}");
    assert_bestmove_legal(&position(Some(MIDDLEGAME), &[], false), best[0]);
}

#[test]
fn end_of_input_stops_a_search_that_only_stop_would_end() {
    // Found while writing the state-machine property test: a bare `go`, or `go mate N` in a position
    // with no such mate, then end of input, searched on for ever and the process never exited.
    for go in ["go", "go mate 2", "go searchmoves e2e4 d2d4"] {
        let mut e = engine();
        e.send(go);
        e.expect_line(|l| l.starts_with("info depth"), PROMPT);
        e.close_stdin();
        let status = e.wait_exit(Duration::from_secs(10)).expect("the engine did not exit after end of input");
        assert!(status.success(), "{go}: exit status {status:?}");
        let rest = rest_of_output(&mut e);
        let best: Vec<&String> = rest.iter().filter(|l| l.starts_with("bestmove")).collect();
        assert_eq!(best.len(), 1, "{go}: {rest:?}");
        assert_bestmove_legal(&position(None, &[], false), best[0]);
    }
}

#[test]
fn end_of_input_while_pondering_exits() {
    let mut e = engine();
    e.send("position startpos moves e2e4");
    e.send("go ponder wtime 60000 btime 60000");
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    e.close_stdin();
    let status = e.wait_exit(Duration::from_secs(10)).expect("the engine did not exit after end of input");
    assert!(status.success(), "exit status {status:?}");
    let rest = rest_of_output(&mut e);
    assert!(rest.iter().filter(|l| l.starts_with("bestmove")).count() <= 1, "{rest:?}");
}

#[test]
fn quit_while_pondering_exits_cleanly() {
    let mut e = engine();
    expect_silence(&mut e, "setoption name Ponder value true");
    e.send("position startpos moves e2e4");
    e.send("go ponder wtime 60000 btime 60000");
    e.expect_line(|l| l.starts_with("info depth"), PROMPT);
    e.send("quit");
    let status = e.wait_exit(Duration::from_secs(10)).expect("the engine did not exit within 10 s of quit");
    assert!(status.success(), "exit status {status:?}");
    let rest = rest_of_output(&mut e);
    let best: Vec<&String> = rest.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert!(best.len() <= 1, "{rest:?}");
    if let Some(b) = best.first() {
        assert_bestmove_legal(&position(None, &["e2e4"], false), b);
    }
    // Quit with a held bestmove (the ponder search has ended by itself) exits too.
    let mut e = engine();
    e.send("position fen 2R5/k7/8/8/8/8/1r6/r6K w - - 0 1");
    e.send("go ponder depth 2");
    e.expect_line(|l| l.starts_with("info depth 2"), PROMPT);
    assert_no_bestmove(&e.sync(), "held while pondering");
    e.send("quit");
    let status = e.wait_exit(Duration::from_secs(10)).expect("the engine did not exit within 10 s of quit");
    assert!(status.success(), "exit status {status:?}");
}

#[test]
fn go_before_any_position_searches_the_start_position() {
    let start = position(None, &[], false);
    for go in ["go depth 3", "go nodes 2000", "go movetime 100", "go wtime 1000 btime 1000", "go btime 1000"] {
        // Not even the `uci` handshake first.
        let mut e = Engine::spawn();
        e.send(go);
        let (lines, best) = e.read_until_bestmove_within(SEARCH);
        assert_bestmove_legal(&start, &best);
        assert_pvs_legal(&start, &lines);
        assert_no_bestmove(&e.sync(), go);
        assert_eq!(e.fen(), STARTPOS);
    }
}

/// Whether this machine certainly refuses a 64 GB allocation (Linux heuristic overcommit with less
/// memory and swap than that); only then does the test ask for one, as elsewhere it might succeed.
fn refuses_64_gb() -> bool {
    let overcommit = std::fs::read_to_string("/proc/sys/vm/overcommit_memory").unwrap_or_default();
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let kb = |field: &str| -> Option<u64> {
        meminfo.lines().find_map(|l| l.strip_prefix(field)).and_then(|r| r.split_whitespace().next()?.parse().ok())
    };
    match (overcommit.trim(), kb("MemTotal:"), kb("SwapTotal:")) {
        ("0", Some(mem), Some(swap)) => mem + swap < 48 << 20,
        _ => false,
    }
}

#[test]
fn a_hash_that_cannot_be_had_keeps_the_old_table() {
    let mut e = engine();
    expect_silence(&mut e, "setoption name Hash value 1");
    for bad in [
        "setoption name Hash value 65537",
        "setoption name Hash value 99999999999999999999999",
        "setoption name Hash value -1",
        "setoption name Hash value 1e9",
    ] {
        expect_error(&mut e, bad);
    }
    if refuses_64_gb() {
        let err = expect_error(&mut e, "setoption name Hash value 65536");
        assert!(err.contains("could not allocate") && err.ends_with("keeping 1 MB"), "{err}");
    }
    // The engine goes on with the table it had.
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go depth 4");
    let (lines, best) = one_bestmove(&mut e);
    let pos = position(Some(MIDDLEGAME), &[], false);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);
}

// ---------------------------------------------------------------------------------------------
// Display, perft, bench, Chess960
// ---------------------------------------------------------------------------------------------

#[test]
fn display_and_eval_commands() {
    let mut e = engine();
    let lines = e.ask("d");
    assert!(lines.iter().any(|l| l == &format!("Fen: {STARTPOS}")), "{lines:?}");
    assert!(lines.iter().any(|l| l == "Key: 463B96181691FC9C"), "Polyglot key of the start position: {lines:?}");
    assert!(lines.iter().any(|l| l.starts_with(" | r | n | b | q | k | b | n | r | 8")), "{lines:?}");
    e.send("position fen 4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    let lines = e.ask("d");
    assert!(lines.iter().any(|l| l == "Checkers: a1"), "{lines:?}");
    let lines = e.ask("eval");
    assert!(lines.iter().any(|l| l.starts_with("Final evaluation: ")), "{lines:?}");
}

#[test]
fn go_perft_from_startpos() {
    let mut e = engine();
    e.send("position startpos");
    e.send("go perft 3");
    let lines = e.collect_until(|l| l.starts_with("Nodes searched:"), PROMPT, "perft total");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    let divide: Vec<&String> = lines.iter().filter(|l| l.contains(": ")).filter(|l| !l.starts_with("Nodes")).collect();
    assert_eq!(divide.len(), 20, "{lines:?}");
    let sum: u64 = divide.iter().map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 8902);
    assert!(divide.iter().any(|l| *l == "e2e4: 600"), "{divide:?}");
    assert_no_bestmove(&e.sync(), "perft");
}

#[test]
fn bench_command_prints_a_total() {
    let mut e = engine();
    e.send("bench 4");
    let line = e.expect_line(|l| l.starts_with("Bench:"), Duration::from_secs(30));
    let w: Vec<&str> = line.split(' ').collect();
    assert!(
        w.len() == 5
            && w[1].parse::<u64>().is_ok_and(|n| n > 0)
            && w[2] == "nodes"
            && w[3].parse::<u64>().is_ok()
            && w[4] == "nps",
        "bad bench line: {line}"
    );
    assert!(e.sync().is_empty());
}

#[test]
fn chess960_castling_is_king_takes_rook() {
    let mut e = engine();
    expect_silence(&mut e, "setoption name UCI_Chess960 value true");
    // King b1, rooks a1 and h1, nothing between: both castlings are legal.
    let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go perft 1");
    let lines = e.collect_until(|l| l.starts_with("Nodes searched:"), PROMPT, "perft total");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 24");
    for castle in ["b1h1: 1", "b1a1: 1", "b1c1: 1"] {
        assert!(lines.iter().any(|l| l == castle), "missing '{castle}': {lines:?}");
    }
    expect_silence(&mut e, &format!("position fen {fen} moves b1a1"));
    assert_eq!(e.fen(), "rk5r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1");
    expect_silence(&mut e, &format!("position fen {fen} moves b1h1"));
    assert_eq!(e.fen(), "rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1");

    // King on g1 castling with the h1 rook: the king stays, the rook goes to f1.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P1R2/NPP1P1PP/BQ1BN1KR w Hhf - 2 9";
    e.send(&format!("position fen {fen}"));
    e.send("go perft 1");
    let lines = e.collect_until(|l| l.starts_with("Nodes searched:"), PROMPT, "perft total");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 25");
    assert!(lines.iter().any(|l| l == "g1h1: 1"), "{lines:?}");
    expect_silence(&mut e, &format!("position fen {fen} moves g1h1"));
    let after = e.fen();
    assert!(after.starts_with("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P1R2/NPP1P1PP/BQ1BNRK1 b "), "{after}");

    // The standard start position in Chess960 mode castles as e1h1.
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    e.send("go perft 1");
    let lines = e.collect_until(|l| l.starts_with("Nodes searched:"), PROMPT, "perft total");
    assert!(lines.iter().any(|l| l == "e1h1: 1"), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("e1g1")), "{lines:?}");
    expect_silence(&mut e, "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1");
    let castled = e.fen();
    assert!(castled.starts_with("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b "), "{castled}");

    // The search's moves use the same notation and are legal.
    e.send(&format!("position fen {fen}"));
    e.send("go depth 4");
    let (lines, best) = one_bestmove(&mut e);
    let pos = position(Some(fen), &[], true);
    assert_bestmove_legal(&pos, &best);
    assert_pvs_legal(&pos, &lines);

    // Back in standard mode the same game castles as e1g1.
    expect_silence(&mut e, "setoption name UCI_Chess960 value false");
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    e.send("go perft 1");
    let lines = e.collect_until(|l| l.starts_with("Nodes searched:"), PROMPT, "perft total");
    assert!(lines.iter().any(|l| l == "e1g1: 1"), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("e1h1")), "{lines:?}");
    expect_silence(&mut e, "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
    assert_eq!(e.fen(), castled);
}

// ---------------------------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------------------------

const CLI: Duration = Duration::from_secs(30);

#[test]
fn cli_version_and_help() {
    let out = run_cli(&["--version"], CLI);
    assert!(out.status.is_some_and(|s| s.success()), "{}", out.stderr);
    assert_eq!(out.stdout.trim(), format!("brudno {}", brudno::version()));
    let out = run_cli(&["--help"], CLI);
    assert!(out.status.is_some_and(|s| s.success()), "{}", out.stderr);
    for word in ["Usage", "perft", "bench", "eval", "UCI"] {
        assert!(out.stdout.contains(word), "--help lacks '{word}':\n{}", out.stdout);
    }
    let out = run_cli(&["frobnicate"], CLI);
    assert!(out.status.is_some_and(|s| !s.success()), "an unknown subcommand must fail");
}

/// The arguments and options of one `--help` text, each with the default clap shows for it, if any.
fn help_entries(help: &str) -> Vec<(String, Option<String>)> {
    let mut entries: Vec<(String, String)> = Vec::new();
    let mut open = false;
    for line in help.lines() {
        let indent = line.len() - line.trim_start().len();
        let text = line.trim_start();
        if text.is_empty() {
            // Long help puts blank lines inside an entry.
        } else if indent == 0 {
            // A section heading or the usage line.
            open = false;
        } else if indent <= 6 && text.starts_with(['-', '[', '<']) {
            let words: Vec<&str> = text.split_whitespace().collect();
            // `-h, --help`: the long name.
            let short = words[0].len() == 3 && words[0].ends_with(',');
            let name = if short { words.get(1).unwrap_or(&words[0]) } else { &words[0] };
            entries.push((name.to_string(), text.to_string()));
            open = true;
        } else if open && let Some(last) = entries.last_mut() {
            last.1.push(' ');
            last.1.push_str(text);
        }
    }
    entries
        .into_iter()
        .map(|(name, text)| {
            let default = text.split("[default: ").nth(1).and_then(|d| d.split(']').next()).map(str::to_string);
            (name, default)
        })
        .collect()
}

/// An argument or option, and the default its help shows.
type Shown = (&'static str, Option<&'static str>);

#[test]
fn cli_help_shows_every_default() {
    // Every argument and option of every subcommand, with the default its help must show (`None`:
    // it has none to show — a flag, a value it requires, or one whose absence it explains in words).
    // An option added later fails here until it is listed.
    let commands: &[(&[&str], &[Shown])] = &[
        (&[], &[("--help", None), ("--version", None)]),
        (
            &["perft"],
            &[
                ("[DEPTH]", Some("5")),
                ("--fen", None),
                ("--divide", None),
                ("--chess960", None),
                ("--suite", None),
                ("--depth", None),
                ("--help", None),
            ],
        ),
        (&["bench"], &[("[DEPTH]", Some("13")), ("--stats", None), ("--help", None)]),
        (
            &["epd"],
            &[
                ("<FILE>", None),
                ("--movetime", Some("1000")),
                ("--depth", None),
                ("--threads", Some("1")),
                ("--hash", Some("16")),
                ("--help", None),
            ],
        ),
        (
            &["stats"],
            &[("--fen", None), ("--epd", None), ("--depth", Some("10")), ("--tree-depth", Some("4")), ("--help", None)],
        ),
        (
            &["tree"],
            &[("--fen", None), ("--depth", Some("3")), ("--format", Some("svg")), ("--out", None), ("--help", None)],
        ),
        (&["eval"], &[("--fen", None), ("--help", None)]),
        (
            &["datagen"],
            &[
                ("--out", None),
                ("--games", None),
                ("--threads", Some("1")),
                ("--nodes", Some("5000")),
                ("--per-game", Some("50")),
                ("--seed", None),
                ("--openings", None),
                ("--help", None),
            ],
        ),
        (&["book"], &[("--fen", None), ("--file", Some("the built-in book")), ("--help", None)]),
        (&["spsa"], &[("--help", None)]),
        (&["tune"], &[("--help", None)]),
        (&["tune", "extract"], &[("--pgn", None), ("--out", None), ("--skip-plies", Some("8")), ("--help", None)]),
        (
            &["tune", "fit"],
            &[
                ("--data", None),
                ("--lambda", Some("1")),
                ("--out", None),
                ("--init", Some("hand")),
                ("--k", None),
                ("--epochs", Some("300")),
                ("--lr", Some("1")),
                ("--threads", Some("2")),
                ("--holdout", Some("0.1")),
                ("--reg", Some("0.001")),
                ("--mirror-files", None),
                ("--smooth", Some("0")),
                ("--smooth-buckets", Some("0")),
                ("--freeze-tables", None),
                ("--early-stop", None),
                ("--note", None),
                ("--check", Some("50")),
                ("--drop", None),
                ("--help", None),
            ],
        ),
        (
            &["tune", "wdl"],
            &[
                ("--pgn", None),
                ("--data", None),
                ("--holdout-every", Some("5")),
                ("--fold", None),
                ("--cv", None),
                ("--degree", Some("3")),
                ("--per-game", None),
                ("--skip-plies", Some("0")),
                ("--iterations", Some("2000")),
                ("--help", None),
            ],
        ),
    ];
    for (words, expected) in commands {
        let mut args = words.to_vec();
        args.push("--help");
        let out = run_cli(&args, CLI);
        assert!(out.status.is_some_and(|s| s.success()), "brudno {words:?} --help: {}", out.stderr);
        let found = help_entries(&out.stdout);
        let expected: Vec<(String, Option<String>)> =
            expected.iter().map(|(n, d)| (n.to_string(), d.map(str::to_string))).collect();
        assert_eq!(found, expected, "brudno {} --help:\n{}", words.join(" "), out.stdout);
    }
    // The default depth of perft is the one it searches.
    let out = run_cli(&["perft"], CLI);
    assert!(out.stdout.lines().any(|l| l == "Nodes: 4865609"), "{}", out.stdout);
    let out = run_cli(&["perft", "--depth", "2"], CLI);
    assert!(out.stdout.lines().any(|l| l == "Nodes: 400"), "{}", out.stdout);
}

#[test]
fn cli_perft() {
    let out = run_cli(&["perft", "4"], CLI);
    assert!(out.status.is_some_and(|s| s.success()), "{}", out.stderr);
    assert!(out.stdout.lines().any(|l| l == "Nodes: 197281"), "{}", out.stdout);

    let out = run_cli(&["perft", "2", "--divide"], CLI);
    assert!(out.status.is_some_and(|s| s.success()), "{}", out.stderr);
    let divide: Vec<&str> = out.stdout.lines().filter(|l| l.len() == "a2a3: 20".len() && l.contains(": ")).collect();
    assert_eq!(divide.len(), 20, "{}", out.stdout);
    assert!(divide.iter().all(|l| l.ends_with(": 20")), "{}", out.stdout);
    assert!(out.stdout.lines().any(|l| l == "Nodes: 400"), "{}", out.stdout);

    let out = run_cli(&["perft", "3", "--fen", KIWIPETE], CLI);
    assert!(out.stdout.lines().any(|l| l == "Nodes: 97862"), "{}", out.stdout);
    let out = run_cli(&["perft", "1", "--chess960", "--fen", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"], CLI);
    assert!(out.stdout.lines().any(|l| l == "Nodes: 24"), "{}", out.stdout);

    let out = run_cli(&["perft", "2", "--fen", "not a fen"], CLI);
    assert!(out.status.is_some_and(|s| !s.success()), "a bad FEN must fail");
    assert!(out.stderr.contains("error"), "{}", out.stderr);
}

#[test]
fn cli_perft_suite_reports_mismatches() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let good = dir.join(format!("brudno-suite-good-{}.epd", std::process::id()));
    let bad = dir.join(format!("brudno-suite-bad-{}.epd", std::process::id()));
    std::fs::write(&good, format!("# comment\n{STARTPOS} ;D1 20 ;D2 400 ;D3 8902\n\n{KIWIPETE} ;D1 48 ;D2 2039\n"))
        .unwrap();
    std::fs::write(&bad, format!("{STARTPOS} ;D1 20 ;D2 400\n{KIWIPETE} ;D1 48 ;D2 2040\n")).unwrap();

    let out = run_cli(&["perft", "--suite", good.to_str().unwrap()], CLI);
    assert!(out.status.is_some_and(|s| s.success()), "{}\n{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("PASS") && !out.stdout.contains("MISMATCH"), "{}", out.stdout);

    let out = run_cli(&["perft", "--suite", bad.to_str().unwrap()], CLI);
    assert!(out.status.is_some_and(|s| !s.success()), "a wrong count must fail:\n{}", out.stdout);
    let mismatches: Vec<&str> = out.stdout.lines().filter(|l| l.starts_with("MISMATCH")).collect();
    assert_eq!(mismatches.len(), 1, "{}", out.stdout);
    assert!(
        mismatches[0].contains(KIWIPETE) && mismatches[0].contains("2040") && mismatches[0].contains("2039"),
        "{}",
        mismatches[0]
    );

    // --depth caps the suite: the wrong depth-2 count is then not checked.
    let out = run_cli(&["perft", "--suite", bad.to_str().unwrap(), "--depth", "1"], CLI);
    assert!(out.status.is_some_and(|s| s.success()), "{}", out.stdout);

    let out = run_cli(&["perft", "--suite", dir.join("no-such-file.epd").to_str().unwrap()], CLI);
    assert!(out.status.is_some_and(|s| !s.success()));
    let _ = std::fs::remove_file(good);
    let _ = std::fs::remove_file(bad);
}

#[test]
fn cli_bench_is_deterministic() {
    let total = |out: &common::CliOutput| -> u64 {
        assert!(out.status.is_some_and(|s| s.success()), "{}", out.stderr);
        let last = out.stdout.lines().last().unwrap_or_default().to_string();
        let w: Vec<&str> = last.split(' ').collect();
        assert!(w.len() == 5 && w[0] == "Bench:" && w[2] == "nodes" && w[4] == "nps", "bad last line: {last}");
        w[1].parse().unwrap()
    };
    // Depth 0 (or past 64) is a usage error, not a quiet depth 1.
    for bad in ["0", "65"] {
        let out = run_cli(&["bench", bad], CLI);
        assert!(out.status.is_some_and(|s| !s.success()), "bench {bad}: {}", out.stdout);
        assert!(out.stderr.contains("invalid value"), "bench {bad}: {}", out.stderr);
    }
    let a = run_cli(&["bench", "3"], CLI);
    let b = run_cli(&["bench", "3"], CLI);
    let (na, nb) = (total(&a), total(&b));
    assert!(na > 0);
    assert_eq!(na, nb, "bench 3 node counts differ");
    // The per-position lines (`i/N  nodes  best move  FEN`) are identical too.
    let per_position = |s: &str| {
        s.lines()
            .filter(|l| {
                l.trim_start()
                    .split(' ')
                    .next()
                    .is_some_and(|w| w.contains('/') && w.split('/').all(|n| n.parse::<u32>().is_ok()))
            })
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(per_position(&a.stdout), per_position(&b.stdout));
    assert_eq!(per_position(&a.stdout).len(), brudno::bench::POSITIONS.len(), "{}", a.stdout);
    // The UCI `bench` command agrees with the command line.
    let mut e = engine();
    e.send("bench 3");
    let line = e.expect_line(|l| l.starts_with("Bench:"), Duration::from_secs(30));
    assert_eq!(line.split(' ').nth(1).unwrap().parse::<u64>().unwrap(), na);
}

#[test]
fn cli_eval() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let out = run_cli(&["eval", "--fen", fen], CLI);
    assert!(out.status.is_some_and(|s| s.success()), "{}", out.stderr);
    for term in [
        "Material",
        "Piece-square",
        "Passed pawn",
        "King danger",
        "Total",
        "Scale factor",
        "Mop-up",
        "Phase",
        "Final evaluation: ",
    ] {
        assert!(out.stdout.lines().any(|l| l.starts_with(term)), "no '{term}' line:\n{}", out.stdout);
    }
    let final_eval = |s: &str| -> i32 {
        s.lines()
            .find_map(|l| l.strip_prefix("Final evaluation: "))
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no final evaluation in:\n{s}"))
    };
    // The colour-mirrored position, with the other side to move, evaluates the same.
    let mirrored = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3";
    let m = run_cli(&["eval", "--fen", mirrored], CLI);
    assert_eq!(final_eval(&out.stdout), final_eval(&m.stdout), "evaluation is not colour-symmetric");
    // The UCI `eval` command agrees.
    let mut e = engine();
    e.send(&format!("position fen {fen}"));
    let lines = e.ask("eval");
    assert_eq!(final_eval(&lines.join("\n")), final_eval(&out.stdout));

    let out = run_cli(&["eval", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"], CLI);
    assert!(out.status.is_some_and(|s| !s.success()), "a kingless FEN must fail");
}

#[test]
fn eval_prints_every_term_group_and_the_king_safety() {
    use brudno::eval::layout::{GROUPS, is_complexity, is_danger};
    // A queen and knight against the castled black king.
    let fen = "6k1/5ppp/7Q/6N1/8/8/5PPP/6K1 b - - 0 1";
    let out = run_cli(&["eval", "--fen", fen], CLI);
    assert!(out.status.is_some_and(|s| s.success()), "{}", out.stderr);
    let mut e = engine();
    e.send(&format!("position fen {fen}"));
    let uci = e.ask("eval");
    for lines in [out.stdout.lines().map(String::from).collect::<Vec<_>>(), uci] {
        let numbers = |name: &str| -> Vec<i32> {
            let line = lines
                .iter()
                .find(|l| l.starts_with(&format!("{name} ")))
                .unwrap_or_else(|| panic!("no {name}: {lines:?}"));
            line[name.len()..].split_whitespace().map(|n| n.parse().unwrap()).collect()
        };
        // Every linear group: White MG EG, Black MG EG, net MG EG; the danger groups under the
        // danger sum: White MG EG, Black MG EG.
        for g in GROUPS.iter().filter(|g| !is_complexity(g.start)) {
            let (name, n) = if is_danger(g.start) { (format!("  {}", g.name), 4) } else { (g.name.to_string(), 6) };
            assert_eq!(numbers(&name).len(), n, "{name}");
        }
        // The fitted danger weights: Black's king is attacked (its danger sum is above 0), White's is
        // not (below 0, no penalty); each side's penalty is the map of its sum.
        let danger = numbers("Danger sum (before the map)");
        let safety = numbers("King safety (danger map)");
        assert!(danger[0] < 0 && danger[2] > 0 && danger[3] > 0, "{danger:?}");
        let black = brudno::eval::danger::penalty(brudno::eval::Split { mg: danger[2], eg: danger[3] });
        assert_eq!(&safety[..4], &[0, 0, black.mg, black.eg], "{danger:?}");
        assert!(black.mg < 0 && black.eg < 0, "{black:?}");
        assert!(numbers("  Danger attackers")[2] > 0);
        // The complexity group is one line under the total: the endgame half before and after it.
        let eg = numbers("Total")[1];
        let complexity = lines.iter().find(|l| l.starts_with("Complexity ")).expect("a complexity line");
        let (c, after) = complexity
            .strip_prefix("Complexity ")
            .and_then(|r| r.split_once(&format!(" (EG): the endgame half {eg} -> ")))
            .unwrap_or_else(|| panic!("{complexity}"));
        let (c, after): (i32, i32) = (c.parse().unwrap(), after.parse().unwrap());
        assert_eq!(after, brudno::eval::complexity::adjust(eg, c), "{complexity}");
        let map = "King safety map: -max(danger, 0)^2 / 720 (MG), -max(danger, 0) / 20 (EG), per side";
        assert!(lines.iter().any(|l| l == map), "{lines:?}");
    }
}

/// Writes `lines` to a positions file in the temporary folder (named after `name` and this process)
/// and returns its path.
fn positions_file(name: &str, lines: &[&str]) -> String {
    let data = std::env::temp_dir().join(format!("brudno-fit-{name}-{}.txt", std::process::id()));
    std::fs::write(&data, lines.join("\n")).expect("write positions");
    data.to_str().expect("utf-8 path").to_string()
}

#[test]
fn tune_fit_starts_the_danger_weights_away_from_zero() {
    // Four positions with made-up results (a smoke fit, not data): `--init material` has no danger
    // weights, so it takes the hand-set ones; `--init hand` has them already, and so has `--init
    // current` since the refit of #28.
    let lines = [
        "6k1/5ppp/7Q/6N1/8/8/5PPP/6K1 b - - 0 1 | 1-0",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1 | 1-0",
        "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1 | 1/2-1/2",
        "4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1 | 1-0",
    ];
    let data = positions_file("danger", &lines);
    let seeded = "king-safety danger weights all 0: starting them from the hand-set values";
    for (init, seeds) in [("current", false), ("material", true), ("hand", false)] {
        let args =
            ["tune", "fit", "--data", &data, "--init", init, "--epochs", "2", "--threads", "1", "--holdout", "0"];
        let out = run_cli(&args, CLI);
        assert!(out.status.is_some_and(|s| s.success()), "{init}: {}", out.stderr);
        assert_eq!(out.stdout.lines().any(|l| l == seeded), seeds, "{init}: {}", out.stdout);
    }
    let _ = std::fs::remove_file(&data);
}

#[test]
fn tune_fit_with_a_blend_also_scores_the_held_out_positions_against_their_results() {
    // Scored lines (datagen's format), the last half held out. With `--lambda 0.5` the target mixes
    // result and search score; the error against the results alone is printed beside it (and is
    // the larger here: the scores say the opposite of two results). With `--lambda 1` the two are
    // one and the same, so it is not printed.
    let lines = [
        "6k1/5ppp/7Q/6N1/8/8/5PPP/6K1 b - - 0 1 | 900 | 1.0",
        "4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1 | 300 | 1.0",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1 | 400 | 0.0",
        "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1 | 300 | 0.0",
    ];
    let data = positions_file("blend", &lines);
    for (lambda, shown) in [("0.5", true), ("1", false)] {
        let args =
            ["tune", "fit", "--data", &data, "--epochs", "2", "--check", "1", "--threads", "1", "--holdout", "0.5"];
        let out = run_cli(&[&args[..], &["--lambda", lambda]].concat(), CLI);
        assert!(out.status.is_some_and(|s| s.success()), "{lambda}: {}", out.stderr);
        let fitted = out.stdout.lines().find(|l| l.starts_with("fitted (rounded)")).expect("a fitted line");
        assert_eq!(fitted.contains("(against the results "), shown, "{lambda}: {fitted}");
        if shown {
            let number = |after: &str| -> f64 {
                let rest = &fitted[fitted.find(after).expect(after) + after.len()..];
                rest.split([' ', ')', ';']).next().unwrap().parse().unwrap()
            };
            assert!(number("(against the results ") > number(" validation "), "{fitted}");
        }
    }
    let _ = std::fs::remove_file(&data);
}

#[test]
fn eval_prints_the_endgame_scale_factor() {
    // The middle game: no scaling.
    let out = run_cli(&["eval"], CLI);
    assert!(out.stdout.lines().any(|l| l == "Scale factor: 128/128 (normal)"), "{}", out.stdout);
    // KBP v KB with opposite-coloured bishops.
    let out = run_cli(&["eval", "--fen", "8/4k3/7b/8/2P5/3B4/8/4K3 w - - 0 1"], CLI);
    assert!(out.stdout.lines().any(|l| l == "Scale factor: 16/128 (opposite-coloured bishops)"), "{}", out.stdout);
    // UCI `eval`: two knights against a bare king are a draw, scored exactly 0.
    let mut e = engine();
    e.send("position fen 4k3/8/8/8/8/8/8/1NN1K3 b - - 0 1");
    let lines = e.ask("eval");
    let want = "Scale factor: 0/128 (two knights against a bare king): a draw";
    assert!(lines.iter().any(|l| l == want), "{lines:?}");
    assert!(lines.iter().any(|l| l == "Final evaluation: 0 (side to move)"), "{lines:?}");
}

#[test]
fn a_nearly_empty_clock_still_reports_a_searched_line() {
    // fastchess `--compliance` sends `go wtime 100` and wants an `info` line with a score before
    // `bestmove`. With 1 ms (less than Move Overhead) the clock has run out before the search
    // starts, as it also has when the search thread is scheduled late on a loaded machine: depth 1
    // is still completed and reported.
    let mut e = engine();
    e.send("position fen 3r2k1/p5n1/1pq1p2p/2p3p1/2P1P1n1/1P1P2pP/PN1Q2K1/5R2 w - - 0 27");
    for go in ["go wtime 1", "go wtime 1 btime 1", "go wtime 1 winc 1 btime 1 binc 1", "go movetime 1"] {
        e.send(go);
        let (lines, best) = one_bestmove(&mut e);
        let info = infos(&lines);
        let last = info.last().unwrap_or_else(|| panic!("{go}: no info line before {best}: {lines:?}"));
        assert!(last.depth.is_some_and(|d| d >= 1) && last.score.is_some(), "{go}: {lines:?}");
        assert_eq!(parse_bestmove(&best).0, last.pv[0], "{go}: bestmove is the reported line's move");
    }
}

#[test]
fn a_cli_tool_whose_reader_goes_away_ends_without_a_panic() {
    // `brudno perft 6 --divide | head -1`: the reader takes one line and closes the pipe.
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(common::BIN)
        .args(["perft", "6", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run brudno perft");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut first).expect("a line");
    assert!(first.starts_with("a2a3: "), "{first}");
    // The reader is dropped here: the next lines go to a closed pipe.
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(out.status.code(), Some(101), "a panic's exit code");
}
