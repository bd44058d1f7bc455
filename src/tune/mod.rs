//! `brudno tune`: Texel tuning of the evaluation from the engine's own games.
//!
//! The pipeline:
//! 1. positions: `brudno datagen` writes `FEN | score | result` lines from self-play inside the
//!    binary ([`crate::datagen`]); or, older and slower, `scripts/tune-data` plays PGN games with
//!    `scripts/match.py` and `brudno tune extract` keeps their quiet positions ([`extract`]);
//! 2. `brudno tune fit` reads either format ([`load`]), fits `K`, then every evaluation weight by
//!    Adam ([`fit`]) towards the game result blended with the search score (`--lambda`), and writes
//!    the Rust source of `src/eval/params.rs` ([`write`]).
//!
//! With the data this machine can afford (thousands of fast games, not millions) the fit needs
//! regularisation: unregularised, the training error keeps falling while the error on held-out games
//! rises within tens of epochs, and a fit from material only shrunk towards empty tables predicts
//! results as well as the hand-set tables yet plays far worse. The default is therefore to start from
//! the hand-set tables of [`crate::eval::pst`] with an L2 pull towards them (`--reg`).

pub mod extract;
pub mod features;
pub mod fit;
pub mod load;
pub mod pgn;
pub mod quiet;
pub mod scored;
pub mod wdl;
pub mod wdl_cmd;
pub mod write;

use crate::eval::layout::GROUPS;
use clap::{Args, Subcommand, ValueEnum};
use features::EvalParams;
use std::collections::HashSet;
use std::time::Instant;

/// Values the fit starts from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Init {
    /// The values the engine is built with (`src/eval/params.rs`).
    Current,
    /// The hand-set values: the material and tables of `src/eval/pst.rs`, the rest of `src/eval/hand.rs`.
    Hand,
    /// Material 100/300/300/500/900 and empty tables: tuning from scratch.
    Material,
}

/// The `tune` subcommands.
#[derive(Debug, Subcommand)]
pub enum TuneCmd {
    /// Write the quiet positions of PGN games as `FEN | result` lines (result from White's view).
    Extract {
        /// PGN files.
        #[arg(long, required = true, num_args = 1..)]
        pgn: Vec<String>,
        /// Output file.
        #[arg(long)]
        out: String,
        /// Positions skipped at the start of each game (from its starting position).
        #[arg(long, default_value_t = 8)]
        skip_plies: usize,
    },
    /// Fit the evaluation to the positions and write `src/eval/params.rs`.
    Fit(FitArgs),
    /// Fit the score-to-outcome model of `UCI_ShowWDL` (`src/wdl.rs`) to scored engine games or
    /// `FEN | score | result` lines, and print its calibration.
    Wdl(wdl_cmd::WdlArgs),
}

/// Arguments of `tune fit`.
#[derive(Debug, Args)]
pub struct FitArgs {
    /// Positions file: `FEN | result` lines (`tune extract`) or `FEN | score | result` lines (`datagen`).
    #[arg(long)]
    pub data: String,
    /// Weight of the game result in the target; the rest is the expected score of the search score
    /// (`lambda * result + (1 - lambda) * sigmoid(K * score)`). Lines without a score use the result.
    #[arg(long, default_value_t = 1.0)]
    pub lambda: f64,
    /// Rust source file to write (nothing is written without it).
    #[arg(long)]
    pub out: Option<String>,
    /// Starting values.
    #[arg(long, value_enum, default_value_t = Init::Hand)]
    pub init: Init,
    /// Fixed K (default: fitted to the starting values).
    #[arg(long)]
    pub k: Option<f64>,
    /// Adam epochs.
    #[arg(long, default_value_t = 300)]
    pub epochs: usize,
    /// Adam step size in centipawns (decays to a tenth).
    #[arg(long, default_value_t = 1.0)]
    pub lr: f64,
    /// Threads for the gradient.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Fraction of positions (the end of the file, whole games) held out for validation.
    #[arg(long, default_value_t = 0.1)]
    pub holdout: f64,
    /// L2 penalty pulling values towards the start: `reg * sum(((value - start) / 100)^2)`. Some is
    /// needed on a few thousand games (on 6000, unregularised fits of material and tables overfit);
    /// the committed weights, fitted to 15 million `datagen` positions, used 0.
    #[arg(long, default_value_t = 0.001)]
    pub reg: f64,
    /// Tie the piece-square tables to be symmetric across the d/e line.
    #[arg(long)]
    pub mirror_files: bool,
    /// Smoothness penalty on the changes of adjacent table entries: `smooth * sum(((a - b) / 100)^2)`.
    #[arg(long, default_value_t = 0.0)]
    pub smooth: f64,
    /// Curvature penalty on the values of each three neighbouring mobility and king-danger buckets:
    /// `smooth_buckets * sum(((a - 2b + c) / 100)^2)`, a prior that decides the rarely reached ones
    /// (the loss is a mean squared error near 0.1: useful values are about 0.0001 to 0.01).
    #[arg(long, default_value_t = 0.0)]
    pub smooth_buckets: f64,
    /// Fit material only; the piece-square tables keep their starting values.
    #[arg(long)]
    pub freeze_tables: bool,
    /// Keep the values of the epoch with the lowest validation error (checked every `--check` epochs).
    #[arg(long)]
    pub early_stop: bool,
    /// A line for the documentation of the written file (e.g. where the data came from); repeatable.
    #[arg(long)]
    pub note: Vec<String>,
    /// Epochs between progress lines and validation checks.
    #[arg(long, default_value_t = 50)]
    pub check: usize,
    /// Hold a group of terms at 0 (its name as `brudno eval` prints it, e.g. "Pawn storm"): fitting
    /// without it shows what the group is worth in validation error. Repeatable.
    #[arg(long)]
    pub drop: Vec<String>,
}

/// The bit mask of the groups named in `names` (case-insensitive), or an error naming the valid ones.
fn group_mask(names: &[String]) -> Result<u64, String> {
    let mut mask = 0u64;
    for name in names {
        let g = GROUPS.iter().position(|g| g.name.eq_ignore_ascii_case(name.trim())).ok_or_else(|| {
            let all: Vec<&str> = GROUPS.iter().map(|g| g.name).collect();
            format!("no term group {name:?}; the groups: {}", all.join(", "))
        })?;
        mask |= 1 << g;
    }
    Ok(mask)
}

/// Runs a `tune` subcommand.
pub fn run(cmd: TuneCmd) -> Result<(), String> {
    match cmd {
        TuneCmd::Extract { pgn, out, skip_plies } => run_extract(&pgn, &out, skip_plies),
        TuneCmd::Fit(args) => run_fit(&args),
        TuneCmd::Wdl(args) => wdl_cmd::run(&args),
    }
}

fn run_extract(pgns: &[String], out: &str, skip_plies: usize) -> Result<(), String> {
    let start = Instant::now();
    let mut seen = HashSet::new();
    let mut text = String::new();
    let mut stats = extract::Stats::default();
    for file in pgns {
        let pgn = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        extract::extract(&pgn, skip_plies, &mut seen, &mut text, &mut stats);
    }
    std::fs::write(out, text).map_err(|e| format!("cannot write {out}: {e}"))?;
    println!("{stats}");
    println!("wrote {} positions to {out} in {:.1}s", stats.written, start.elapsed().as_secs_f64());
    Ok(())
}

fn run_fit(args: &FitArgs) -> Result<(), String> {
    let path = &args.data;
    let init = args.init;
    let cfg = fit::AdamConfig {
        epochs: args.epochs,
        lr: args.lr,
        threads: args.threads,
        reg: args.reg,
        mirror_files: args.mirror_files,
        smooth: args.smooth,
        smooth_buckets: args.smooth_buckets,
        freeze_tables: args.freeze_tables,
        dropped: group_mask(&args.drop)?,
    };
    let t0 = Instant::now();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let loaded = load::load(&text, args.threads.max(1));
    drop(text);
    if let Some(bad) = &loaded.first_bad {
        println!("skipped {} unreadable lines; the first: {bad}", loaded.skipped);
    }
    let all = loaded.data;
    let n_valid = ((all.len() as f64) * args.holdout.clamp(0.0, 0.9)) as usize;
    let mut train = all.slice(0..all.len() - n_valid);
    let mut valid = all.slice(all.len() - n_valid..all.len());
    println!(
        "{} positions ({} with a search score; {} training, {} validation) loaded in {:.1}s",
        all.len(),
        all.scored(),
        train.len(),
        valid.len(),
        t0.elapsed().as_secs_f64()
    );
    if train.is_empty() {
        return Err("no training positions".into());
    }
    let (start, seeded) = match init {
        Init::Current => EvalParams::current(),
        Init::Hand => EvalParams::hand(),
        Init::Material => EvalParams::material_only(),
    }
    .with_danger_start();
    if seeded {
        println!("king-safety danger weights all 0: starting them from the hand-set values");
    }
    let mut theta = start.to_vec();
    let threads = cfg.threads;
    let k = args.k.unwrap_or_else(|| fit::fit_k(&train, &theta, threads));
    // With a blended target, the held-out positions are also scored against their game results
    // alone: the one error that compares fits made with different blends.
    let results = (args.lambda < 1.0 && !valid.is_empty()).then(|| valid.clone());
    let on_results = |theta: &[f64]| results.as_ref().map(|r| fit::mse(r, theta, k, threads));
    let against = |e: Option<f64>| e.map(|e| format!(" (against the results {e:.6})")).unwrap_or_default();
    if args.lambda < 1.0 {
        train.blend(k, args.lambda.clamp(0.0, 1.0));
        valid.blend(k, args.lambda.clamp(0.0, 1.0));
    }
    let before = (fit::mse(&train, &theta, k, threads), fit::mse(&valid, &theta, k, threads));
    let before_results = on_results(&theta);
    println!(
        "K = {k:.4}; start ({init:?}) MSE training {:.6} validation {:.6}{}",
        before.0,
        before.1,
        against(before_results)
    );
    let t1 = Instant::now();
    let every = args.check.max(1);
    let mut best = (before.1, 0, theta.clone());
    fit::adam(&train, &mut theta, k, cfg, |epoch, theta, loss| {
        if epoch % every == 0 || epoch == cfg.epochs {
            let v = fit::mse(&valid, theta, k, threads);
            if v < best.0 {
                best = (v, epoch, theta.to_vec());
            }
            println!(
                "epoch {epoch:>5}  MSE training {loss:.6} validation {v:.6}{}  {:.1}s",
                against(on_results(theta)),
                t1.elapsed().as_secs_f64()
            );
        }
    });
    let mut stopped = cfg.epochs;
    if args.early_stop && !valid.is_empty() {
        println!("early stop: keeping epoch {} (validation {:.6})", best.1, best.0);
        (theta, stopped) = (best.2, best.1);
    }
    fit::normalize(&mut theta);
    let fitted = EvalParams::from_vec(&theta);
    let rounded = fitted.to_vec();
    let after = (fit::mse(&train, &rounded, k, threads), fit::mse(&valid, &rounded, k, threads));
    let after_results = on_results(&rounded);
    println!(
        "fitted (rounded) MSE training {:.6} validation {:.6}{}; {} epochs in {:.1}s",
        after.0,
        after.1,
        against(after_results),
        cfg.epochs,
        t1.elapsed().as_secs_f64()
    );
    println!("material {:?}", &fitted.weights[..6]);
    if let Some(out) = &args.out {
        let mut notes = args.note.clone();
        notes.push(format!(
            "Fit: {} positions ({} for training), K = {k:.4}, start `--init {}`, lambda {}, {} of {} Adam \
             epochs, step {}, L2 {}, smoothness {}, bucket smoothness {}{}{}.",
            all.len(),
            train.len(),
            format!("{init:?}").to_lowercase(),
            args.lambda,
            stopped,
            cfg.epochs,
            cfg.lr,
            cfg.reg,
            cfg.smooth,
            cfg.smooth_buckets,
            if cfg.mirror_files { ", files mirrored" } else { "" },
            if cfg.freeze_tables { ", tables frozen" } else { "" }
        ));
        notes.push(format!(
            "MSE training {:.6} -> {:.6}, validation {:.6} -> {:.6}.",
            before.0, after.0, before.1, after.1
        ));
        if let (Some(b), Some(a)) = (before_results, after_results) {
            notes.push(format!("Validation against the game results alone: {b:.6} -> {a:.6}."));
        }
        std::fs::write(out, write::to_source(&fitted, &notes)).map_err(|e| format!("cannot write {out}: {e}"))?;
        println!("wrote {out}");
    }
    Ok(())
}
