//! The engine's option values before any is set: the one definition that both the engine's
//! initial state and the option table announced to the GUI (`uci/options.rs`) read. The book's and
//! the tablebases' defaults are kept by their own modules (`book`, `syzygy`), the strength level's
//! by `search::strength`.

/// Transposition table size in MB.
pub const HASH_MB: usize = 16;
/// Search threads.
pub const THREADS: usize = 1;
/// Time kept in reserve per move for the GUI and transport, in ms.
pub const MOVE_OVERHEAD_MS: u64 = 30;
/// Nodes per millisecond of a node-counted clock (`nodestime`); 0 counts real time.
pub const NODES_TIME: u64 = 0;
/// Lines searched and reported.
pub const MULTI_PV: usize = 1;
/// Chess960 castling notation.
pub const CHESS960: bool = false;
/// Win/draw/loss estimates in `info` lines.
pub const SHOW_WDL: bool = false;
/// Play at a limited strength.
pub const LIMIT_STRENGTH: bool = false;
/// Pondering allowed (the engine needs no setup for it; the GUI decides when to ponder).
pub const PONDER: bool = false;
