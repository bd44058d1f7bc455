//! Inputs shared by the property tests (`tests/props.rs`) and the fuzz targets (`tests/fuzz`): the
//! positions sessions start from, and the check that every parse error stays short. Included by path
//! (`#[path]`), so it depends on nothing but the library.

use brudno::uci::command::{self, Command, MAX_SKIPPED};

/// Positions to start from: ordinary, castling and en passant, promotion, checks (one impossible in a
/// real game), a single legal move, mate and stalemate (no legal move), and bare kings.
pub const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/P6k/8/8/8/8/6p1/K7 w - - 0 1",
    "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
    "4k3/8/8/1b6/8/8/4r3/4K3 w - - 0 1",
    "2R5/k7/8/8/8/8/1r6/r6K w - - 0 1",
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// Chess960 castling (Shredder-FEN and X-FEN rights): a king that may castle without moving, and
/// rooks inside the corners. Outside Chess960 mode such a castling move has no UCI text of its own,
/// so only the fuzz targets, which check the engine against itself, start from these.
pub const FENS_960: &[&str] =
    &["bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "1r2k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1"];

/// Whether an error message is short (bad words are echoed shortened).
pub fn short_errors(result: &Result<Command, command::ParseError>) -> bool {
    match result {
        Ok(Command::Go(g)) => g.skipped.len() <= MAX_SKIPPED && g.skipped.iter().all(|e| e.to_string().len() <= 100),
        Ok(Command::BadPosition(e)) | Err(e) => e.to_string().len() <= 100,
        Ok(_) => true,
    }
}
