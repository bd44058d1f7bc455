//! The `brudno tune wdl` command: reads scored engine games ([`super::scored`]) or a datagen file,
//! holds out every Nth pair of games, fits the model ([`super::wdl`]) to the rest, and prints the
//! likelihood of the held-out games under the fit and under the model built in, the coefficients,
//! and the calibration table; or, with `--cv`, the held-out likelihood of every degree over every
//! fold, to choose the degree the games support.

use super::wdl::{self, Sample};
use super::{pgn, scored};
use crate::wdl::{MODEL, WdlModel};
use clap::Args;
use std::ops::RangeInclusive;
use std::time::Instant;

/// Scores beyond this (cp) say little about the outcome and are left out of the fit.
const MAX_SCORE: f64 = 3000.0;

/// Score buckets of the calibration table (cp, White's view; the last one ends at `MAX_SCORE`).
const BUCKETS: [i32; 10] = [-3000, -300, -150, -75, -25, 25, 75, 150, 300, 3001];

/// Arguments of `tune wdl`.
#[derive(Debug, Args)]
pub struct WdlArgs {
    /// PGN files of engine games whose moves carry their scores as comments (`{+0.35/14 0.210s}`:
    /// the mover's view, as scripts/matchlib.py writes; `{book}` moves and mate scores are skipped).
    #[arg(long, num_args = 1.., required_unless_present = "data")]
    pub pgn: Vec<String>,
    /// Instead: positions file written by `brudno datagen` (all of it used for the fit).
    #[arg(long, conflicts_with = "pgn")]
    pub data: Option<String>,
    /// Every Nth pair of PGN games (a pair plays one opening with both colours) is held out of the
    /// fit for the calibration table; 0 holds none out.
    #[arg(long, default_value_t = 5)]
    pub holdout_every: usize,
    /// Which pairs are held out: those whose number modulo --holdout-every is this (default: the
    /// last, --holdout-every − 1).
    #[arg(long)]
    pub fold: Option<usize>,
    /// Cross-validation instead of one fit: for each degree 0 to 3, the held-out likelihood of every
    /// fold in turn.
    #[arg(long)]
    pub cv: bool,
    /// Degree of the polynomials a(m) and b(m) in the material, 0 to 3 (fewer games, lower degree).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub degree: u8,
    /// Every game weighs the same in the fit, whatever its length (its positions share one game's
    /// weight); without it every position weighs the same.
    #[arg(long)]
    pub per_game: bool,
    /// PGN plies skipped at the start of each game (from its starting position).
    #[arg(long, default_value_t = 0)]
    pub skip_plies: usize,
    /// Adam iterations.
    #[arg(long, default_value_t = 2000)]
    pub iterations: usize,
}

/// The positions, one list per game (one list of everything for a datagen file), and whether they
/// are grouped by game.
fn read(args: &WdlArgs) -> Result<(Vec<Vec<Sample>>, bool), String> {
    if let Some(path) = &args.data {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let data = wdl::samples(&text, MAX_SCORE);
        if data.is_empty() {
            return Err(format!("{path}: no `FEN | score | result` lines"));
        }
        println!("{path}: {} positions", data.len());
        return Ok((vec![data], false));
    }
    let mut stats = scored::Stats::default();
    let mut games = Vec::new();
    for file in &args.pgn {
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        for game in pgn::read_games(&text) {
            games.push(scored::game_samples(&game, args.skip_plies, MAX_SCORE, &mut stats));
        }
    }
    println!("{stats}");
    games.retain(|g| !g.is_empty());
    if games.is_empty() {
        return Err("no scored positions in the PGN files".into());
    }
    Ok((games, true))
}

/// Training and held-out games: the pairs (games 2k and 2k+1) whose number k is `fold` modulo
/// `every` are held out (none when `every` is 0).
fn split(games: &[Vec<Sample>], every: usize, fold: usize) -> (Vec<Vec<Sample>>, Vec<Vec<Sample>>) {
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (i, game) in games.iter().enumerate() {
        if every > 0 && (i / 2) % every == fold { held.push(game.clone()) } else { train.push(game.clone()) }
    }
    (train, held)
}

fn flat(games: &[Vec<Sample>]) -> Vec<Sample> {
    games.iter().flatten().copied().collect()
}

/// Mean negative log-likelihood of held-out games under `model`: per position, and per game (every
/// game weighing the same).
fn held_nll(model: &WdlModel, held: &[Vec<Sample>]) -> (f64, f64) {
    let mut by_game = held.to_vec();
    wdl::per_game(&mut by_game);
    (wdl::mean_nll(model, &flat(held)), wdl::mean_nll(model, &flat(&by_game)))
}

/// Fits `train` (reweighted per game when asked).
fn fit(args: &WdlArgs, mut train: Vec<Vec<Sample>>, degree: usize) -> (WdlModel, f64) {
    if args.per_game {
        wdl::per_game(&mut train);
    }
    wdl::fit(&flat(&train), args.iterations, degree)
}

/// Runs `tune wdl`.
pub fn run(args: &WdlArgs) -> Result<(), String> {
    let t0 = Instant::now();
    let (games, by_game) = read(args)?;
    let every = if by_game { args.holdout_every } else { 0 };
    let fold = args.fold.unwrap_or(every.saturating_sub(1));
    if every > 0 && fold >= every {
        return Err(format!("--fold {fold} is not below --holdout-every {every}"));
    }
    if args.cv {
        return cross_validate(args, &games, every);
    }
    let (train, held) = split(&games, every, fold);
    let (train_n, held_n) = (flat(&train).len(), flat(&held).len());
    if by_game {
        println!(
            "training: {} games, {train_n} positions; held out: {} games, {held_n} positions",
            train.len(),
            held.len()
        );
    } else {
        println!("training: {train_n} positions (not grouped by game); held out: none");
    }
    let degree = usize::from(args.degree);
    let (model, nll) = fit(args, train.clone(), degree);
    let weighting = if args.per_game && by_game { "every game the same" } else { "every position the same" };
    println!("degree {degree}, {weighting}, {} iterations, {:.1}s", args.iterations, t0.elapsed().as_secs_f64());
    println!("mean negative log-likelihood: training {nll:.5}");
    if !held.is_empty() {
        let ((fit_pos, fit_game), (built_pos, built_game)) = (held_nll(&model, &held), held_nll(&MODEL, &held));
        println!(
            "held out, per position: this fit {fit_pos:.5}, the model built in (src/wdl.rs) {built_pos:.5}; \
             per game: {fit_game:.5} and {built_game:.5}"
        );
    }
    print_model(&model);
    let (table, name) = if held.is_empty() { (&train, "training") } else { (&held, "held-out") };
    print_calibration(&model, table, name, by_game);
    Ok(())
}

/// For each degree, the mean over the folds of the held-out likelihood, against the built-in model's.
fn cross_validate(args: &WdlArgs, games: &[Vec<Sample>], every: usize) -> Result<(), String> {
    if every < 2 {
        return Err("--cv needs --holdout-every of at least 2 (and PGN games)".into());
    }
    let weighting = if args.per_game { "every game the same" } else { "every position the same" };
    println!("{every}-fold cross-validation by pairs of games, fits weighing {weighting}");
    println!(
        "mean held-out negative log-likelihood: degree, per position, per game (the built-in model's in brackets)"
    );
    let folds: Vec<_> = (0..every).map(|f| split(games, every, f)).collect();
    let mean = |xs: &[(f64, f64)]| {
        let n = xs.len() as f64;
        (xs.iter().map(|x| x.0).sum::<f64>() / n, xs.iter().map(|x| x.1).sum::<f64>() / n)
    };
    let built: Vec<(f64, f64)> = folds.iter().map(|(_, held)| held_nll(&MODEL, held)).collect();
    let (bp, bg) = mean(&built);
    for degree in 0..=3 {
        let scores: Vec<(f64, f64)> =
            folds.iter().map(|(train, held)| held_nll(&fit(args, train.clone(), degree).0, held)).collect();
        let (p, g) = mean(&scores);
        println!("degree {degree}: {p:.5} ({bp:.5})  {g:.5} ({bg:.5})");
    }
    Ok(())
}

fn print_model(model: &WdlModel) {
    let round = |c: [f64; 4]| c.map(|x| (x * 100.0).round() / 100.0);
    println!("pub const MODEL: WdlModel = WdlModel {{ a: {:?}, b: {:?} }};", round(model.a), round(model.b));
    for m in [20, 30, 40, 50, 60, 70, 78] {
        let (a, b) = model.params(m);
        println!("material {m:>2}: a {a:7.1}  b {b:6.1}");
    }
    let shown: Vec<String> = [0, 25, 50, 100, 200]
        .iter()
        .map(|&cp| {
            let w = model.wdl(f64::from(cp), 78);
            format!("{cp} cp {}/{}/{}", w.win, w.draw, w.loss)
        })
        .collect();
    println!("full material (78), side to move: {}", shown.join(", "));
}

fn print_calibration(model: &WdlModel, table: &[Vec<Sample>], name: &str, by_game: bool) {
    let classes: [(&str, RangeInclusive<u32>); 4] =
        [("all", 0..=200), ("60-78", 60..=200), ("30-59", 30..=59), ("0-29", 0..=29)];
    println!("calibration on the {name} positions:");
    println!("score (cp, White's view)  material  positions  games  observed W D L %   model W D L %");
    for (class, range) in classes {
        for w in BUCKETS.windows(2) {
            let row = wdl::calibration(model, table, f64::from(w[0])..f64::from(w[1]), range.clone());
            if row.positions == 0 {
                continue;
            }
            let pct = |x: [f64; 3]| format!("{:5.1} {:5.1} {:5.1}", 100.0 * x[0], 100.0 * x[1], 100.0 * x[2]);
            let games = if by_game { row.games.to_string() } else { "-".into() };
            let score = format!("{}..{}", w[0], w[1].min(3000));
            println!(
                "{score:>24}  {class:>8}  {:>9}  {games:>5}  {}  {}",
                row.positions,
                pct(row.observed),
                pct(row.predicted)
            );
        }
    }
}
