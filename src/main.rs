//! The `brudno` binary: command-line parsing only. No subcommand runs the UCI protocol on stdin/stdout.

use brudno::search::limits::Limits;
use brudno::uci;
use brudno::{bench, epd, perft, position::Position};
use clap::builder::ArgPredicate;
use clap::{Parser, Subcommand};
use shakmaty::CastlingMode;
use std::process::ExitCode;
use std::time::Instant;

/// `brudno perft`'s depth when none is given (and no suite), as clap reads it.
const DEFAULT_PERFT_DEPTH: &str = "5";

#[derive(Parser)]
#[command(
    name = "brudno",
    version = brudno::version(),
    about = "Brudno, a UCI chess engine. With no subcommand, speaks UCI on stdin/stdout."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Count leaf nodes of the move tree (move generator check).
    Perft {
        /// Depth in plies (with --suite: the maximum depth, all depths in the file when not given).
        #[arg(
            default_value = DEFAULT_PERFT_DEPTH,
            default_value_ifs = [("suite", ArgPredicate::IsPresent, None), ("max_depth", ArgPredicate::IsPresent, None)]
        )]
        depth: Option<u32>,
        /// Position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Read castling rights with Chess960 rules.
        #[arg(long)]
        chess960: bool,
        /// Run a suite file of `FEN ;D1 n ;D2 n ...` lines.
        #[arg(long)]
        suite: Option<String>,
        /// Maximum depth for --suite (default: all depths in the file).
        #[arg(long = "depth")]
        max_depth: Option<u32>,
    },
    /// Search the fixed bench positions; the last line is `Bench: <nodes> nodes <nps> nps`.
    Bench {
        /// Depth per position (1 to 64).
        #[arg(default_value_t = bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(i32).range(1..=64))]
        depth: i32,
        /// Also print the search counters per depth, summed over the positions (see `stats`).
        #[arg(long)]
        stats: bool,
    },
    /// Run an EPD test suite (bm/am/dm) at a fixed time per position.
    Epd {
        /// The EPD file.
        file: String,
        /// Milliseconds per position.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// Search each position to this depth instead of for a time (deterministic).
        #[arg(long)]
        depth: Option<i32>,
        /// Positions searched in parallel.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Hash per position in MB.
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Search statistics of a position beside plain minimax, plain alpha-beta and the Knuth-Moore minimal tree.
    Stats {
        /// Position (default: the start position).
        #[arg(long, conflicts_with = "epd")]
        fen: Option<String>,
        /// An EPD file: a report for each of its positions.
        #[arg(long)]
        epd: Option<String>,
        /// Depth of the engine's search.
        #[arg(long, default_value_t = 10)]
        depth: i32,
        /// Depth of the reference trees (minimax grows as the branching factor to this power).
        #[arg(long, default_value_t = 4)]
        tree_depth: u32,
    },
    /// Draw the tree a plain alpha-beta search in the engine's move order visits, with its cutoffs.
    Tree {
        /// Position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Depth, 2 to 4.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(i32).range(2..=4))]
        depth: i32,
        /// Output format.
        #[arg(long, value_enum, default_value_t = TreeFormat::Svg)]
        format: TreeFormat,
        /// Output file (default: standard output).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Print the static evaluation and its breakdown.
    Eval {
        /// Position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Self-play training data: `FEN | score | result` lines appended to a file.
    Datagen {
        /// Output file (appended to).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Games to play.
        #[arg(long)]
        games: u64,
        /// Games played in parallel, one per thread.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Node budget per move.
        #[arg(long, default_value_t = brudno::datagen::DEFAULT_NODES)]
        nodes: u64,
        /// Positions kept per game at most, drawn at random, each resolved to the quiet position its quiescence line ends in.
        #[arg(long, default_value_t = brudno::datagen::game::DEFAULT_PER_GAME)]
        per_game: usize,
        /// Seed of the random openings (default: from the clock, printed on stderr).
        #[arg(long)]
        seed: Option<u64>,
        /// EPD file of starting positions, each followed by 2-4 random plies (default: 8-9 random plies
        /// from the start position).
        #[arg(long)]
        openings: Option<std::path::PathBuf>,
    },
    /// Print a position's entries in a Polyglot opening book, with weights and shares.
    Book {
        /// Position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// A book file (a relative path is looked up in the working directory, then beside the
        /// executable) [default: the built-in book]
        #[arg(long)]
        file: Option<String>,
    },
    /// Print the search parameters as an SPSA input (OpenBench's format: name, int, value, min, max,
    /// c_end, r_end). A build with `--features tune` takes each as a UCI option of its name.
    Spsa,
    /// Texel tuning of the evaluation: extract training positions from games, fit the parameters.
    Tune {
        #[command(subcommand)]
        cmd: brudno::tune::TuneCmd,
    },
}

/// Output formats of `brudno tree`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum TreeFormat {
    /// Scalable vector graphics, laid out by Brudno.
    Svg,
    /// Graphviz DOT, laid out by Graphviz.
    Dot,
}

/// A command-line tool whose reader has gone (`brudno perft 6 --divide | head -1`) ends quietly, as
/// Unix tools do, instead of panicking at the next line it prints: SIGPIPE gets its default action
/// back (Rust's runtime ignores it). UCI mode keeps it ignored and ends its loop on the write error.
#[cfg(unix)]
fn default_sigpipe() {
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: signal(2) with SIG_DFL only restores the default disposition; no handler code runs.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    #[cfg(unix)]
    if cli.command.is_some() {
        default_sigpipe();
    }
    match cli.command {
        None => {
            brudno::uci::run();
            ExitCode::SUCCESS
        }
        Some(Cmd::Perft { depth, fen, divide, chess960, suite, max_depth }) => match suite {
            Some(file) => run_suite(&file, max_depth.or(depth), chess960),
            None => {
                let depth = depth.or(max_depth).unwrap_or_else(|| unreachable!("clap gives the default depth"));
                run_perft(depth, fen.as_deref(), divide, chess960)
            }
        },
        Some(Cmd::Bench { depth, stats }) => {
            run_bench(depth, stats);
            ExitCode::SUCCESS
        }
        Some(Cmd::Epd { file, movetime, depth, threads, hash }) => run_epd(&file, movetime, depth, threads, hash),
        Some(Cmd::Eval { fen }) => match load(fen.as_deref(), false) {
            Some(pos) => {
                println!("{}", uci::format::eval_text(&brudno::eval::trace(pos.chess())));
                ExitCode::SUCCESS
            }
            None => ExitCode::FAILURE,
        },
        Some(Cmd::Stats { fen, epd, depth, tree_depth }) => {
            run_stats(fen.as_deref(), epd.as_deref(), depth, tree_depth)
        }
        Some(Cmd::Tree { fen, depth, format, out }) => run_tree(fen.as_deref(), depth, format, out),
        Some(Cmd::Tune { cmd }) => run_tune(cmd),
        Some(Cmd::Spsa) => {
            for t in brudno::search::params::TUNABLES {
                println!("{}", t.spsa_line());
            }
            ExitCode::SUCCESS
        }
        Some(Cmd::Book { fen, file }) => {
            let Some(pos) = load(fen.as_deref(), false) else { return ExitCode::FAILURE };
            let book = match &file {
                Some(file) => brudno::book::Book::open(&brudno::book::resolve(file)),
                None => brudno::book::Book::built_in(),
            };
            match book {
                Ok(book) => {
                    print_book(&book, &pos);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Cmd::Datagen { out, games, threads, nodes, per_game, seed, openings }) => {
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
            });
            match brudno::datagen::run(&brudno::datagen::Options {
                out,
                games,
                threads,
                nodes,
                per_game,
                seed,
                openings,
            }) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

fn load(fen: Option<&str>, chess960: bool) -> Option<Position> {
    match fen.map_or_else(|| Ok(Position::default()), |f| Position::from_fen(f, chess960)) {
        Ok(p) => Some(p),
        Err(e) => {
            eprintln!("error: {e}");
            None
        }
    }
}

/// `brudno bench`: each position's line as it finishes, the search-quality line, with `stats` the
/// search counters summed over the positions depth by depth, then the signature line.
fn run_bench(depth: i32, stats: bool) {
    let mut all = Vec::new();
    let (nodes, t) = bench::run(depth, |i, l| {
        println!("{}", uci::format::bench_line(i, l));
        all.push(l.clone());
    });
    println!("{}", uci::format::bench_quality(&bench::quality(&all)));
    if stats {
        let (nodes, counters) =
            brudno::stats::counters::sum_by_depth(all.iter().map(|l| (&l.depth_nodes[..], &l.depth_counters[..])));
        println!("Search counters over all positions, per depth:");
        brudno::stats::counters::table(&nodes, &counters).iter().for_each(|l| println!("{l}"));
    }
    println!("{}", uci::format::bench_done(nodes, t));
}

fn run_perft(depth: u32, fen: Option<&str>, divide: bool, chess960: bool) -> ExitCode {
    let Some(pos) = load(fen, chess960) else { return ExitCode::FAILURE };
    let start = Instant::now();
    let nodes = if divide {
        let lines = perft::divide(&pos, depth);
        for (m, n) in &lines {
            println!("{}: {n}", pos.uci(*m));
        }
        println!();
        lines.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft(pos.chess(), depth)
    };
    let t = start.elapsed();
    println!("Nodes: {nodes}");
    println!("Time: {} ms", t.as_millis());
    println!("NPS: {}", bench::nps(nodes, t));
    ExitCode::SUCCESS
}

fn run_suite(file: &str, max_depth: Option<u32>, chess960: bool) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let entries = match perft::parse_suite(&text) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let mut checks = 0;
    let mut nodes = 0;
    let bad = perft::run_suite(&entries, max_depth.unwrap_or(u32::MAX), chess960, |_, _, _, found| {
        checks += 1;
        nodes += found;
    });
    for m in &bad {
        let found = m.found.map_or_else(|| "unloadable FEN".to_string(), |n| n.to_string());
        println!("MISMATCH {} depth {}: expected {}, found {found}", m.fen, m.depth, m.expected);
    }
    let t = start.elapsed();
    println!(
        "{}: {} positions, {checks} checks, {} mismatches, {nodes} nodes in {} ms ({} nps)",
        if bad.is_empty() { "PASS" } else { "FAIL" },
        entries.len(),
        bad.len(),
        t.as_millis(),
        bench::nps(nodes, t)
    );
    if bad.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn run_epd(file: &str, movetime: u64, depth: Option<i32>, threads: usize, hash: usize) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let entries = epd::parse(&text);
    let limits = match depth {
        Some(d) => Limits { depth: Some(d.clamp(1, 127)), ..Limits::default() },
        None => Limits { movetime: Some(std::time::Duration::from_millis(movetime)), ..Limits::default() },
    };
    let summary = epd::run(&entries, &limits, hash.clamp(1, 4096), threads.clamp(1, 64), |r| {
        println!("{}", epd_line(r, &entries[r.index]));
    });
    let budget = depth.map_or_else(|| format!("{movetime} ms"), |d| format!("depth {d}"));
    let mut line = format!("Solved {}/{} at {budget} per position", summary.solved, summary.counted());
    if summary.errors > 0 {
        line += &format!("; {} unreadable (not solved)", summary.errors);
    }
    if summary.skipped > 0 {
        line += &format!("; {} skipped (no bm, am or dm)", summary.skipped);
    }
    println!("{line}");
    ExitCode::SUCCESS
}

/// One record's line: `ok`, `FAIL` with what was expected and the score, `ERROR` with what could not
/// be read, or `skip`. The records are standard chess.
fn epd_line(r: &epd::EpdResult, e: &epd::EpdEntry) -> String {
    let played = uci::format::move_or_null(r.played, CastlingMode::Standard);
    match &r.verdict {
        epd::Verdict::Solved => format!("ok    {:<12} played {played:<6} nodes {}", r.id, r.nodes),
        epd::Verdict::Failed => {
            let mut expected = Vec::new();
            for (code, moves) in [("bm", &e.best), ("am", &e.avoid)] {
                if !moves.is_empty() {
                    expected.push(format!("{code} {}", moves.join(" ")));
                }
            }
            expected.extend(e.mate.map(|n| format!("dm {n}")));
            let score = uci::format::score(r.score);
            let expected = expected.join("; ");
            format!("FAIL  {:<12} played {played:<6} expected {expected} (score {score}) nodes {}", r.id, r.nodes)
        }
        epd::Verdict::Error(why) => format!("ERROR {:<12} {}", r.id, epd_error(why)),
        epd::Verdict::Skipped => format!("skip  {:<12} no bm, am or dm", r.id),
    }
}

/// Why an EPD record cannot be used, in words.
fn epd_error(e: &epd::EpdError) -> String {
    match e {
        epd::EpdError::NoMove(code) => format!("{code} with no move"),
        epd::EpdError::BadMate(text) => format!("dm '{text}' is not a number"),
        epd::EpdError::NotLegal(code, text) => format!("{code} '{text}' is not a legal move here (SAN or UCI)"),
        epd::EpdError::Fen(e) => e.to_string(),
        epd::EpdError::NoMemory => "no memory for the table".to_string(),
    }
}

/// `brudno book`: the book and the position's key, then each entry with its weight and share of the
/// position's total weight, heaviest first, and how many stored entries are not legal moves here.
fn print_book(book: &brudno::book::Book, pos: &Position) {
    println!("Book: {} ({} entries)", book.source(), book.len());
    println!("Key: {:016x}", pos.key());
    let mut moves = book.moves(pos);
    let stored = book.entries(pos.key()).len();
    if moves.is_empty() {
        println!("No book moves for this position.");
    } else {
        moves.sort_by_key(|m| std::cmp::Reverse(m.weight));
        let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
        println!("{:<7} {:>6} {:>7}", "move", "weight", "share");
        for m in &moves {
            let share = if total == 0 { 0.0 } else { 100.0 * f64::from(m.weight) / total as f64 };
            println!("{:<7} {:>6} {share:>6.2}%", pos.uci(m.mv), m.weight);
        }
    }
    if stored > moves.len() {
        println!("({} stored entries are not legal moves here and are ignored)", stored - moves.len());
    }
}

fn run_stats(fen: Option<&str>, epd_file: Option<&str>, depth: i32, tree_depth: u32) -> ExitCode {
    let fens: Vec<String> = match epd_file {
        Some(file) => match std::fs::read_to_string(file) {
            Ok(text) => epd::parse(&text).into_iter().map(|e| e.fen).collect(),
            Err(e) => {
                eprintln!("error: cannot read {file}: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => vec![fen.map_or_else(|| Position::default().fen(), str::to_string)],
    };
    for (i, fen) in fens.iter().enumerate() {
        let Some(pos) = load(Some(fen), false) else { return ExitCode::FAILURE };
        match brudno::stats::report::measure(&pos, depth.clamp(1, 64), tree_depth.clamp(1, 6)) {
            Ok(report) => print!("{}{report}", if i > 0 { "\n" } else { "" }),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

fn run_tree(fen: Option<&str>, depth: i32, format: TreeFormat, out: Option<std::path::PathBuf>) -> ExitCode {
    let Some(pos) = load(fen, false) else { return ExitCode::FAILURE };
    let trace = brudno::stats::trace::trace(&pos, depth);
    let drawing = brudno::stats::drawing::draw(&trace);
    eprintln!("{}", drawing.title);
    let text = match format {
        TreeFormat::Svg => brudno::stats::svg::svg(&drawing),
        TreeFormat::Dot => brudno::stats::dot::dot(&drawing),
    };
    match out {
        None => print!("{text}"),
        Some(path) => {
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

fn run_tune(cmd: brudno::tune::TuneCmd) -> ExitCode {
    match brudno::tune::run(cmd) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
