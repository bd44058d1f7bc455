//! Brudno, a UCI chess engine: iterative-deepening negamax alpha-beta over `shakmaty`.
//!
//! Data flows one way: stdin → [`uci`] parse → [`engine`] → [`search`] → typed reports → [`uci`] format → stdout.

/// The version: the crate's, followed by the git revision when built from a checkout (`0.1.0 (1a2b3c4d)`).
pub fn version() -> &'static str {
    const REV: &str = env!("BRUDNO_GIT_REV");
    const PLAIN: &str = env!("CARGO_PKG_VERSION");
    if REV.is_empty() {
        PLAIN
    } else {
        // Built once; a `&'static str` for clap and the UCI identification.
        static FULL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        FULL.get_or_init(|| format!("{PLAIN} ({REV})"))
    }
}

pub mod bench;
pub mod book;
pub mod datagen;
pub mod engine;
pub mod epd;
pub mod eval;
pub mod eval_old;
pub mod material;
pub mod perft;
pub mod position;
pub mod rng;
pub mod score;
pub mod search;
pub mod stats;
pub mod syzygy;
pub mod tt;
pub mod tune;
pub mod uci;
pub mod wdl;
