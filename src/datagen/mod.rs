//! `brudno datagen`: self-play training data made inside the binary, no UCI processes.
//!
//! Each thread plays one game at a time with its own search worker and its own small table, both
//! cleared before every game, and moves by a fixed node budget (never by time). A game's opening
//! comes from a random stream seeded by (seed, game index), so every game — and with games written
//! in index order, the whole file — depends only on the seed, not on threads or timing.
//!
//! Output: one line per recorded position, `FEN | score | result`, the score in centipawns from
//! White's view as the search saw it and the result 1.0/0.5/0.0 from White's view. Positions in check,
//! positions whose best move is a capture or a promotion, positions with a mate score and the random
//! opening plies are not recorded; of the rest, at most `per_game` are drawn at random, each written
//! as the quiet position its quiescence line ends in (see [`game`]). The file is opened in append
//! mode and a game's lines are written when it (and every game before it) has ended, so an
//! interrupted run loses only games in flight.

pub mod game;

use crate::position::Position;
use game::{Game, GameResult, Player};
use std::collections::BTreeMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Table size of each thread in megabytes.
pub const HASH_MB: usize = 8;
/// Nodes per move when none is given.
pub const DEFAULT_NODES: u64 = 5000;
/// Seconds between progress lines.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// What a `datagen` run is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    /// Output file (appended to).
    pub out: PathBuf,
    /// Games to play.
    pub games: u64,
    /// Games played at once, one per thread.
    pub threads: usize,
    /// Node budget per move.
    pub nodes: u64,
    /// Positions kept per game at most (drawn at random).
    pub per_game: usize,
    /// Seed of the openings.
    pub seed: u64,
    /// EPD/FEN file of starting positions (default: the start position).
    pub openings: Option<PathBuf>,
}

/// Totals of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Games written.
    pub games: u64,
    /// Positions written.
    pub positions: u64,
    /// White wins, draws, Black wins.
    pub wdl: [u64; 3],
}

impl Totals {
    fn add(&mut self, g: &Game) {
        let Some(r) = g.result else { return };
        self.games += 1;
        self.positions += g.samples.len() as u64;
        self.wdl[match r {
            GameResult::WhiteWin => 0,
            GameResult::Draw => 1,
            GameResult::BlackWin => 2,
        }] += 1;
    }

    fn line(&self, total: u64, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64().max(1e-3);
        format!(
            "games {}/{total}  positions {}  {:.0} positions/s  W/D/L {}/{}/{}  {:.0} s",
            self.games,
            self.positions,
            self.positions as f64 / secs,
            self.wdl[0],
            self.wdl[1],
            self.wdl[2],
            secs
        )
    }
}

/// Reads the opening positions of an EPD or FEN file (one a line; the move counters are kept when present).
fn load_book(path: &Path) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let book: Vec<Position> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let full = (w.len() >= 6).then(|| Position::from_fen(&w[..6].join(" "), false).ok()).flatten();
            full.or_else(|| {
                (w.len() >= 4).then(|| Position::from_fen(&format!("{} 0 1", w[..4].join(" ")), false).ok())?
            })
        })
        .collect();
    if book.is_empty() {
        return Err(format!("{}: no usable position", path.display()));
    }
    Ok(book)
}

/// Plays the games and appends them to the output file, printing progress on stderr.
pub fn run(opts: &Options) -> Result<Totals, String> {
    let book = match &opts.openings {
        Some(p) => load_book(p)?,
        None => Vec::new(),
    };
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&opts.out)
        .map_err(|e| format!("cannot open {}: {e}", opts.out.display()))?;
    let threads = opts.threads.clamp(1, 256);
    // Fail before starting if the tables cannot be had.
    let players =
        (0..threads).map(|_| Player::new(opts.nodes, HASH_MB, opts.per_game)).collect::<Result<Vec<_>, _>>()?;
    eprintln!(
        "datagen: {} games, {threads} {}, {} nodes per move, seed {}, appending to {}",
        opts.games,
        if threads == 1 { "thread" } else { "threads" },
        opts.nodes,
        opts.seed,
        opts.out.display()
    );
    let next = AtomicU64::new(0);
    let (tx, rx) = mpsc::channel::<(u64, Game)>();
    let start = Instant::now();
    let mut totals = Totals::default();
    let mut write_error = None;
    std::thread::scope(|s| {
        for mut player in players {
            let tx = tx.clone();
            let (next, book, seed, games) = (&next, &book, opts.seed, opts.games);
            let spawned = std::thread::Builder::new()
                .name("datagen".into())
                .stack_size(crate::search::SEARCH_STACK_BYTES)
                .spawn_scoped(s, move || {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games {
                            break;
                        }
                        // A search that panics loses its game, not the run (SearchThread does the same per move).
                        let game = catch_unwind(AssertUnwindSafe(|| player.play(seed, i, book))).unwrap_or_else(|_| {
                            log::error!("datagen: game {i} panicked; skipped");
                            Game { samples: Vec::new(), result: None }
                        });
                        if tx.send((i, game)).is_err() {
                            break;
                        }
                    }
                });
            if let Err(e) = spawned {
                eprintln!("datagen: cannot start a thread: {e}");
            }
        }
        drop(tx);
        let mut pending: BTreeMap<u64, Game> = BTreeMap::new();
        let mut turn = 0u64;
        let mut last = Instant::now();
        loop {
            match rx.recv_timeout(PROGRESS_EVERY) {
                Ok((i, g)) => {
                    pending.insert(i, g);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            while let Some(g) = pending.remove(&turn) {
                if write_error.is_none()
                    && let Err(e) = file.write_all(g.text().as_bytes())
                {
                    write_error = Some(format!("cannot write {}: {e}", opts.out.display()));
                    next.store(opts.games, Ordering::Relaxed);
                }
                totals.add(&g);
                turn += 1;
            }
            if last.elapsed() >= PROGRESS_EVERY {
                eprintln!("{}", totals.line(opts.games, start.elapsed()));
                last = Instant::now();
            }
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    eprintln!("{}", totals.line(opts.games, start.elapsed()));
    Ok(totals)
}
