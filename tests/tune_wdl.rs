//! `brudno tune wdl --pgn` through the real binary, on ten games of the project's own 8+0.08
//! matches (`tests/data/wdl-games.pgn`): the scored moves it reads (counted independently with
//! python-chess when the file was made: 1222, per game 164 131 98 55 114 121 122 76 137 204), the
//! split by game pairs, the degree it keeps, and a calibration table over the held-out positions.

mod common;

use common::{CliOutput, run_cli};
use std::time::Duration;

const GAMES: &str = "tests/data/wdl-games.pgn";
const RUN: Duration = Duration::from_secs(120);

fn tune(args: &[&str]) -> CliOutput {
    let all = [&["tune", "wdl", "--pgn", GAMES, "--iterations", "300"][..], args].concat();
    let r = run_cli(&all, RUN);
    assert!(r.status.is_some_and(|s| s.success()), "tune wdl {args:?} failed:\n{}\n{}", r.stdout, r.stderr);
    r
}

/// The `all` rows of the calibration table: (positions, games, observed, predicted W/D/L %).
fn all_rows(out: &str) -> Vec<(usize, usize, Vec<f64>, Vec<f64>)> {
    out.lines()
        .map(|l| l.split_whitespace().collect::<Vec<&str>>())
        .filter(|w| w.len() == 10 && w[0].contains("..") && w[1] == "all")
        .map(|w| {
            let pct = |from: usize| w[from..from + 3].iter().map(|x| x.parse().unwrap()).collect();
            (w[2].parse().unwrap(), w[3].parse().unwrap(), pct(4), pct(7))
        })
        .collect()
}

#[test]
fn fits_scored_games_and_calibrates_on_held_out_pairs() {
    let r = tune(&["--degree", "1"]);
    let out = &r.stdout;
    assert!(out.contains("degree 1, every position the same"), "{out}");
    assert!(out.contains("10 games read, 10 with a result; 1222 scored moves kept"), "{out}");
    // Pairs 0-3 train, pair 4 (games 9 and 10) is held out.
    assert!(out.contains("training: 8 games, 881 positions; held out: 2 games, 341 positions"), "{out}");
    let model = out.lines().find(|l| l.starts_with("pub const MODEL")).expect("the coefficients");
    assert_eq!(model.matches(", 0.0").count(), 4, "degree 1 keeps a2, a3, b2, b3 at 0: {model}");
    assert!(out.contains("calibration on the held-out positions"), "{out}");
    let rows = all_rows(out);
    assert_eq!(rows.iter().map(|r| r.0).sum::<usize>(), 341, "{out}");
    for (positions, games, observed, predicted) in &rows {
        assert!(*positions > 0 && (1..=2).contains(games), "{out}");
        for shares in [observed, predicted] {
            assert!((shares.iter().sum::<f64>() - 100.0).abs() < 0.25, "{shares:?} in {out}");
        }
    }
}

#[test]
fn without_a_holdout_the_table_is_of_the_training_positions() {
    let r = tune(&["--holdout-every", "0", "--degree", "0"]);
    let out = &r.stdout;
    assert!(out.contains("training: 10 games, 1222 positions; held out: 0 games, 0 positions"), "{out}");
    assert!(out.contains("calibration on the training positions"), "{out}");
    assert_eq!(all_rows(out).iter().map(|r| r.0).sum::<usize>(), 1222, "{out}");
    let model = out.lines().find(|l| l.starts_with("pub const MODEL")).expect("the coefficients");
    assert_eq!(model.matches(", 0.0").count(), 6, "degree 0: {model}");
}

#[test]
fn cross_validation_scores_every_degree_on_every_fold() {
    let r = tune(&["--cv", "--per-game"]);
    let out = &r.stdout;
    assert!(out.contains("5-fold cross-validation by pairs of games, fits weighing every game the same"), "{out}");
    for degree in 0..=3 {
        let line = out.lines().find(|l| l.starts_with(&format!("degree {degree}: "))).expect("a line per degree");
        let nums: Vec<f64> =
            line.split_whitespace().skip(2).map(|w| w.trim_matches(['(', ')']).parse().unwrap()).collect();
        assert_eq!(nums.len(), 4, "{line}");
        assert!(nums.iter().all(|&x| x > 0.0 && x.is_finite()), "{line}");
    }
    // The built-in model's figures do not depend on the degree.
    let bracketed =
        |l: &str| l.split('(').skip(1).map(|p| p.split(')').next().unwrap().to_string()).collect::<Vec<_>>();
    let built: Vec<Vec<String>> = out.lines().filter(|l| l.starts_with("degree")).map(bracketed).collect();
    assert!(built.windows(2).all(|w| w[0] == w[1]) && built[0].len() == 2, "{out}");
    assert!(!out.contains("pub const MODEL"), "{out}");
}

#[test]
fn bad_input_fails_cleanly() {
    for args in [
        &["tune", "wdl"][..],
        &["tune", "wdl", "--pgn", "tests/data/no-such.pgn"],
        &["tune", "wdl", "--pgn", "Cargo.toml"],
    ] {
        let r = run_cli(args, RUN);
        assert!(r.status.is_some_and(|s| !s.success()), "{args:?} succeeded:\n{}", r.stdout);
        assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
    }
}
