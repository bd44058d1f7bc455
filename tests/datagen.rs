//! `brudno datagen` through the real binary: the same seed gives the same file (whatever the thread
//! count), every line is a legal quiet position (its quiescence score is its static evaluation) with an
//! integer score and a result label, `--per-game` caps the positions of each game, a run appends to an
//! existing file, openings from an EPD file work, and bad arguments fail cleanly.
//!
//! Runs are tiny (a few games at a few hundred nodes per move) to keep the suite fast.

mod common;

use common::{CliOutput, run_cli};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Upper bound for a tiny run (guards against hangs only).
const RUN: Duration = Duration::from_secs(120);

/// A fresh path in the system's temporary folder, unique to this test process and `name`.
fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("brudno-datagen-{}-{name}.txt", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// Runs `datagen` writing to `out` with the given extra arguments; asserts it exits successfully.
fn datagen(out: &Path, args: &[&str]) -> CliOutput {
    let out_s = out.to_string_lossy().into_owned();
    let mut all = vec!["datagen", "--out", &out_s];
    all.extend_from_slice(args);
    let r = run_cli(&all, RUN);
    assert!(r.status.is_some_and(|s| s.success()), "datagen {args:?} failed:\n{}", r.stderr);
    r
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("reading {}: {e}", p.display()))
}

/// Checks one `FEN | score | result` line: a legal position not in check, an integer score short of a
/// mate score, a result label. Returns the result label.
fn check_line(line: &str) -> &str {
    let parts: Vec<&str> = line.split(" | ").collect();
    assert_eq!(parts.len(), 3, "not 'FEN | score | result': {line}");
    let fen: Fen = parts[0].parse().unwrap_or_else(|e| panic!("bad FEN in {line}: {e}"));
    let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap_or_else(|e| panic!("illegal FEN in {line}: {e}"));
    assert!(!pos.is_check(), "position in check recorded: {line}");
    assert!(brudno::tune::quiet::is_quiet(&pos), "position not quiet recorded: {line}");
    assert!(!pos.legal_moves().is_empty(), "position with no legal move recorded: {line}");
    let score: i32 = parts[1].parse().unwrap_or_else(|_| panic!("score not an integer: {line}"));
    assert!(score.abs() < 30_000, "mate score recorded: {line}");
    assert!(["1.0", "0.5", "0.0"].contains(&parts[2]), "bad result: {line}");
    parts[2]
}

#[test]
fn same_seed_same_file_and_every_line_is_valid() {
    let (a, b, c) = (temp("seed-a"), temp("seed-b"), temp("seed-c"));
    let args = ["--games", "4", "--nodes", "400", "--seed", "11"];
    let run = datagen(&a, &[&args[..], &["--threads", "2"]].concat());
    datagen(&b, &[&args[..], &["--threads", "2"]].concat());
    datagen(&c, &[&args[..], &["--threads", "1"]].concat());
    let (ta, tb, tc) = (read(&a), read(&b), read(&c));
    assert!(ta.lines().count() >= 20, "too few positions from 4 games:\n{ta}");
    assert_eq!(ta, tb, "two runs with the same seed differ");
    assert_eq!(ta, tc, "the thread count changed the games");
    let labels: Vec<&str> = ta.lines().map(check_line).collect();
    // A game's lines are consecutive and share one result: with 4 games at most 4 runs of labels.
    assert!(labels.windows(2).filter(|w| w[0] != w[1]).count() <= 3, "results interleaved:\n{ta}");
    assert!(run.stderr.contains("games 4/4"), "no final progress line:\n{}", run.stderr);
    let other = temp("seed-d");
    datagen(&other, &["--games", "4", "--nodes", "400", "--seed", "12"]);
    assert_ne!(read(&other), ta, "a different seed gave the same games");
    for p in [a, b, c, other] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn per_game_caps_each_games_positions() {
    let (all, few) = (temp("share-all"), temp("share-few"));
    datagen(&all, &["--games", "3", "--nodes", "300", "--seed", "7"]);
    datagen(&few, &["--games", "3", "--nodes", "300", "--seed", "7", "--per-game", "4"]);
    let (all_text, few_text) = (read(&all), read(&few));
    assert!(all_text.lines().count() > 12, "the test needs games of more than 4 positions:\n{all_text}");
    let n = few_text.lines().count();
    assert!((3..=12).contains(&n), "{n} positions from 3 games at 4 a game:\n{few_text}");
    // Each kept line is one of the full run's lines (the same games), in the same order.
    let mut rest = all_text.lines();
    for line in few_text.lines() {
        check_line(line);
        assert!(rest.any(|l| l == line), "{line} is not among the full run's lines, in order");
    }
    for p in [all, few] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn a_run_appends_to_an_existing_file() {
    let (both, first, second) = (temp("app-both"), temp("app-1"), temp("app-2"));
    datagen(&first, &["--games", "2", "--nodes", "300", "--seed", "3"]);
    datagen(&second, &["--games", "2", "--nodes", "300", "--seed", "4"]);
    datagen(&both, &["--games", "2", "--nodes", "300", "--seed", "3"]);
    datagen(&both, &["--games", "2", "--nodes", "300", "--seed", "4"]);
    assert!(!read(&first).is_empty());
    assert_eq!(read(&both), read(&first) + &read(&second));
    for p in [both, first, second] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn openings_from_an_epd_file() {
    let out = temp("book");
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/book/openings.epd");
    datagen(&out, &["--games", "2", "--nodes", "300", "--seed", "5", "--openings", book]);
    let text = read(&out);
    assert!(text.lines().count() >= 10, "too few positions from 2 games:\n{text}");
    text.lines().for_each(|l| {
        check_line(l);
    });
    let _ = std::fs::remove_file(out);
}

#[test]
fn bad_arguments_fail_without_panicking() {
    let out = temp("bad");
    let out_s = out.to_string_lossy().into_owned();
    for args in [
        vec!["datagen", "--out", &out_s, "--games", "1", "--openings", "/nonexistent/book.epd"],
        vec!["datagen", "--out", "/nonexistent/dir/out.txt", "--games", "1"],
        vec!["datagen", "--out", &out_s],
    ] {
        let r = run_cli(&args, RUN);
        assert!(r.status.is_some_and(|s| !s.success()), "{args:?} succeeded");
        assert!(!r.stderr.contains("panicked"), "{args:?} panicked:\n{}", r.stderr);
    }
    let _ = std::fs::remove_file(out);
}
