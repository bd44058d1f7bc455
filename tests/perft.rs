//! Move-generator checks: runs the perft suites in `tests/data/perft/` through the library.
//!
//! Depths are capped so that the whole file takes a few seconds on a 2-core machine with the test
//! profile (opt-level 3). The deeper counts are checked by the `#[ignore]`d tests:
//! `cargo test --release --test perft -- --ignored`.

use brudno::perft::{Mismatch, SuiteEntry, divide, parse_suite, perft, run_suite};
use brudno::position::Position;
use std::time::Instant;

const STANDARD: &str = include_str!("data/perft/standard.epd");
const TRICKY: &str = include_str!("data/perft/tricky.epd");
const CHESS960: &str = include_str!("data/perft/chess960.epd");
const CHESS960_TRICKY: &str = include_str!("data/perft/chess960_tricky.epd");
const MATES: &str = include_str!("data/mate_in_1to4.epd");
const WAC40: &str = include_str!("data/wac40.epd");

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Parses a bundled suite, failing the test on a malformed line.
fn suite(name: &str, text: &str) -> Vec<SuiteEntry> {
    parse_suite(text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Keeps only the count at `depth` (the shallower ones are checked by the other tests).
fn only_depth(mut e: SuiteEntry, depth: u32) -> SuiteEntry {
    e.counts.retain(|&(d, _)| d == depth);
    e
}

/// One line per mismatch, for the failure message.
fn describe(mismatches: &[Mismatch]) -> String {
    mismatches
        .iter()
        .map(|m| match m.found {
            Some(n) => format!("  D{} expected {} found {}: {}", m.depth, m.expected, n, m.fen),
            None => format!("  FEN did not load: {}", m.fen),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `entries` to `max_depth`, prints a summary and fails on any mismatch.
fn check(name: &str, entries: &[SuiteEntry], max_depth: u32, chess960: bool) {
    let start = Instant::now();
    let (mut checks, mut nodes) = (0u64, 0u64);
    let bad = run_suite(entries, max_depth, chess960, |_, _, _, found| {
        checks += 1;
        nodes += found;
    });
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name}: {} positions, {checks} checks to D{max_depth}, {nodes} leaves, {secs:.2} s ({:.1} M leaves/s)",
        entries.len(),
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    assert!(checks > 0, "{name}: nothing was checked");
    assert!(bad.is_empty(), "{name}: {} mismatches\n{}", bad.len(), describe(&bad));
}

#[test]
fn standard_suite_to_depth_5() {
    let entries = suite("standard", STANDARD);
    assert_eq!(entries.len(), 128);
    check("standard", &entries, 5, false);
}

#[test]
fn standard_suite_in_chess960_mode_to_depth_4() {
    // A GUI in Chess960 mode may send ordinary positions: `KQkq` then means the outermost rooks, which
    // are the standard ones, and castling gives the same counts.
    check("standard (chess960 mode)", &suite("standard", STANDARD), 4, true);
}

#[test]
fn tricky_suite_to_depth_5() {
    // Every count in the file except the `prison` line's D32, which `prison_depth_32` covers.
    let entries = suite("tricky", TRICKY);
    assert_eq!(entries.len(), 18);
    check("tricky", &entries, 5, false);
}

#[test]
fn prison_depth_32() {
    // Only one legal move at every ply, so this deep count is cheap (a single line of 32 plies).
    let prison: Vec<SuiteEntry> =
        suite("tricky", TRICKY).into_iter().filter(|e| e.counts.iter().any(|&(d, _)| d == 32)).collect();
    assert_eq!(prison.len(), 1, "the tricky suite should have exactly one D32 line");
    check("prison", &prison, 32, false);
}

#[test]
fn chess960_suite_to_depth_4() {
    let entries = suite("chess960", CHESS960);
    assert_eq!(entries.len(), 960);
    check("chess960", &entries, 4, true);
}

#[test]
fn chess960_first_30_at_depth_5() {
    let first: Vec<SuiteEntry> = suite("chess960", CHESS960).into_iter().take(30).map(|e| only_depth(e, 5)).collect();
    check("chess960 first 30 (D5 only)", &first, 5, true);
}

#[test]
fn chess960_tricky_suite_to_depth_5() {
    let entries = suite("chess960_tricky", CHESS960_TRICKY);
    assert_eq!(entries.len(), 8);
    check("chess960_tricky", &entries, 5, true);
}

#[test]
fn startpos_depth_6() {
    let pos = Position::from_fen(STARTPOS, false).unwrap();
    assert_eq!(perft(pos.chess(), 6), 119_060_324);
    assert_eq!(perft(Position::default().chess(), 5), 4_865_609);
}

#[test]
fn kiwipete_depth_5_and_divide() {
    let pos = Position::from_fen(KIWIPETE, false).unwrap();
    assert_eq!(perft(pos.chess(), 5), 193_690_690);
    let d = divide(&pos, 4);
    assert_eq!(d.len(), 48);
    assert_eq!(d.iter().map(|&(_, n)| n).sum::<u64>(), 4_085_603);
}

/// Deep run of the standard suite (about 4.4 G leaves, tens of seconds): `cargo test --release --test perft -- --ignored`.
#[test]
#[ignore = "slow; run with --ignored"]
fn standard_suite_depth_6() {
    let entries: Vec<SuiteEntry> = suite("standard", STANDARD).into_iter().map(|e| only_depth(e, 6)).collect();
    check("standard (D6 only)", &entries, 6, false);
}

/// Deep run of the Chess960 suite (about 17 G leaves, a minute or more): `cargo test --release --test perft -- --ignored`.
#[test]
#[ignore = "slow; run with --ignored"]
fn chess960_suite_depth_5() {
    let entries: Vec<SuiteEntry> = suite("chess960", CHESS960).into_iter().map(|e| only_depth(e, 5)).collect();
    check("chess960 (D5 only)", &entries, 5, true);
}

#[test]
fn every_fen_loads() {
    // Depth 0 runs no perft: run_suite then reports only FENs that fail to load (found = None).
    for (name, text, chess960) in [
        ("standard", STANDARD, false),
        ("tricky", TRICKY, false),
        ("chess960", CHESS960, true),
        ("chess960_tricky", CHESS960_TRICKY, true),
    ] {
        let entries = suite(name, text);
        assert_eq!(entries.len(), text.lines().count(), "{name}: every line should be an entry");
        for e in &entries {
            assert!(!e.counts.is_empty(), "{name}: no counts for {}", e.fen);
        }
        let bad = run_suite(&entries, 0, chess960, |_, _, _, _| panic!("depth 0 should run nothing"));
        assert!(bad.is_empty(), "{name}: {} FENs did not load\n{}", bad.len(), describe(&bad));
    }
}

#[test]
fn corrupted_count_is_detected() {
    let good = SuiteEntry { fen: STARTPOS.to_string(), counts: vec![(1, 20), (2, 400), (3, 8902)] };
    assert!(run_suite(std::slice::from_ref(&good), 3, false, |_, _, _, _| {}).is_empty());

    let mut wrong = good.clone();
    wrong.counts[2].1 = 8903;
    let bad = run_suite(&[wrong], 3, false, |_, _, _, _| {});
    assert_eq!(bad, vec![Mismatch { fen: STARTPOS.to_string(), depth: 3, expected: 8903, found: Some(8902) }]);

    // A count beyond the depth cap is not checked, so it cannot be reported.
    let mut deep = good.clone();
    deep.counts.push((4, 1));
    assert!(run_suite(&[deep], 3, false, |_, _, _, _| {}).is_empty());
}

#[test]
fn unloadable_fen_is_reported() {
    let broken = SuiteEntry { fen: "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1".to_string(), counts: vec![(1, 20)] };
    let bad = run_suite(&[broken], 0, false, |_, _, _, _| {});
    assert_eq!(bad.len(), 1);
    assert_eq!(bad[0].found, None);
}

#[test]
fn bundled_epd_positions_load() {
    // The first four fields of each EPD line are the position; the rest are opcodes.
    for (name, text, lines) in [("mate_in_1to4", MATES, 281), ("wac40", WAC40, 40)] {
        assert_eq!(text.lines().count(), lines, "{name}: line count");
        for line in text.lines() {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            let fen = format!("{} 0 1", fields.join(" "));
            assert!(Position::from_fen(&fen, false).is_ok(), "{name}: bad position in '{line}'");
        }
    }
}
