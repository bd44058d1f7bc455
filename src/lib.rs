//! Brudno, a UCI chess engine: iterative-deepening negamax alpha-beta over `shakmaty`.
//!
//! Data flows one way: stdin → [`uci`] parse → [`engine`] → [`search`] → typed reports → [`uci`] format → stdout.

pub mod bench;
pub mod book;
pub mod datagen;
pub mod engine;
pub mod epd;
pub mod eval;
pub mod perft;
pub mod position;
pub mod score;
pub mod search;
pub mod syzygy;
pub mod tt;
pub mod tune;
pub mod uci;
