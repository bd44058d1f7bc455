//! Every search tunable, named, in one place. Margins are in centipawns, depths in plies. (The
//! transposition table's replacement weights live with the table, in `tt.rs`.)

use std::time::Duration;

/// No transposition-table cutoff once the halfmove clock reaches this (the fifty-move rule draws at 100).
pub const TT_CUTOFF_MAX_HALFMOVES: u32 = 90;

/// Half-width of the first aspiration window around the previous iteration's score.
pub const ASPIRATION_WINDOW: i32 = 25;
/// Depth from which aspiration windows are used (shallower iterations search the full window).
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// Reverse futility: deepest depth it applies at, and margin per ply.
pub const RFP_MAX_DEPTH: i32 = 7;
/// Reverse futility margin per ply of depth.
pub const RFP_MARGIN: i32 = 75;

/// Null move: minimum depth, base reduction and extra reduction per this many plies of depth.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Null move base reduction.
pub const NMP_BASE_REDUCTION: i32 = 3;
/// Null move reduction grows by one every this many plies.
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// The null move's search keeps at least this depth (a search that drops straight into quiescence
/// cannot see a quiet mating threat).
pub const NMP_MIN_CHILD_DEPTH: i32 = 1;

/// Singular extensions: minimum depth, how much shallower the stored TT result may be, the margin
/// below the TT score per ply of depth, the further margin for a double extension, and the most
/// double extensions on one path.
pub const SE_MIN_DEPTH: i32 = 7;
/// How much shallower than the node the TT entry may be.
pub const SE_TT_DEPTH_SLACK: i32 = 3;
/// Singular margin per ply of depth (centipawns).
pub const SE_MARGIN_PER_DEPTH: i32 = 2;
/// A move this far below the singular bound is extended twice.
pub const SE_DOUBLE_MARGIN: i32 = 20;
/// The singular search (without the TT move) is `(depth - 1) / SE_DEPTH_DIVISOR` deep.
pub const SE_DEPTH_DIVISOR: i32 = 2;
/// Most double extensions on one path from the root.
pub const SE_MAX_DOUBLES: u8 = 6;

/// Internal iterative reduction: minimum depth at which a node without a TT move is searched one ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Late move pruning: deepest depth, and quiet moves allowed = `LMP_BASE + depth * depth`, half
/// that when the position is not improving.
pub const LMP_MAX_DEPTH: i32 = 8;
/// Late move pruning base move count.
pub const LMP_BASE: usize = 3;

/// Futility pruning of quiet moves: deepest depth, base margin and margin per ply.
pub const FP_MAX_DEPTH: i32 = 5;
/// Futility base margin.
pub const FP_BASE: i32 = 80;
/// Futility margin per ply.
pub const FP_PER_DEPTH: i32 = 90;

/// SEE pruning at shallow depth: captures losing more than this per ply are skipped; quiets losing
/// more than `SEE_QUIET_MARGIN` per ply too.
pub const SEE_CAPTURE_MARGIN: i32 = 100;
/// SEE threshold per ply for quiet moves.
pub const SEE_QUIET_MARGIN: i32 = 60;
/// Deepest depth SEE pruning applies at.
pub const SEE_MAX_DEPTH: i32 = 6;

/// Late move reductions: minimum depth and minimum move number (1-based) before reducing.
pub const LMR_MIN_DEPTH: i32 = 3;
/// LMR applies from this move number on.
pub const LMR_MIN_MOVE: usize = 3;
/// LMR table: `base + ln(depth) * ln(moves) / divisor` plies, truncated to whole plies.
pub const LMR_BASE: f64 = 0.75;
/// LMR divisor.
pub const LMR_DIVISOR: f64 = 2.25;

/// Late move reductions shrink by one per this much quiet history score (butterfly plus
/// continuations; grow for negative history), by at most `LMR_HISTORY_MAX` plies either way.
pub const LMR_HISTORY_DIVISOR: i32 = 8192;
/// Most plies the history term adds to or takes off a reduction.
pub const LMR_HISTORY_MAX: i32 = 2;

/// Capture history counts in capture ordering divided by this (a victim step is 16 per centipawn).
pub const CAPTURE_HISTORY_DIVISOR: i32 = 4;

/// History bonus cap (the gravity formula keeps scores in `-HISTORY_MAX..=HISTORY_MAX`).
pub const HISTORY_MAX: i32 = 16_384;
/// History bonus for a cutoff at depth `d`: `HISTORY_BONUS_QUADRATIC * d * d + HISTORY_BONUS_LINEAR * d`,
/// at most `HISTORY_BONUS_MAX` (the same amount is the malus of the quiets tried before it).
pub const HISTORY_BONUS_QUADRATIC: i32 = 8;
/// History bonus per ply of depth (see [`HISTORY_BONUS_QUADRATIC`]).
pub const HISTORY_BONUS_LINEAR: i32 = 32;
/// Largest history bonus for one cutoff.
pub const HISTORY_BONUS_MAX: i32 = 1600;

/// Quiescence delta pruning: a capture whose gain plus this cannot reach alpha is skipped.
pub const DELTA_MARGIN: i32 = 200;

/// Piece values for move ordering and SEE, indexed by `Role as usize` (0 unused), king counted high.
pub const SEE_VALUE: [i32; 7] = [0, 100, 320, 330, 500, 950, 20_000];

/// Nodes between checks of the stop flag and the clock.
pub const CHECK_EVERY: u64 = 1024;

/// `info currmove` lines start once a search has run this long (to keep short searches' output short).
pub const CURRMOVE_DELAY: Duration = Duration::from_secs(3);

/// Time management: moves left assumed when the clock has no `movestogo` (sudden death).
pub const TM_SUDDEN_DEATH_MOVES: u32 = 25;
/// Time management: `movestogo` is read as at most this many moves (and at least one).
pub const TM_MAX_MOVES_TO_GO: u32 = 50;
/// Time management: the most one move may take of the time left (after the move overhead) when
/// the time control is reached after it (`movestogo 1`).
pub const TM_LAST_MOVE_CAP: f64 = 0.75;
/// Time management: the most one move may take of the time left otherwise.
pub const TM_MOVE_CAP: f64 = 0.45;
/// Time management: share of the increment added to the per-move base (time left / moves to go).
pub const TM_INC_SHARE: f64 = 0.75;
/// Time management: the soft limit (start no new iteration after it), as a multiple of the base,
/// before it is scaled by the best move's stability and node share.
pub const TM_SOFT_SCALE: f64 = 0.5;
/// Time management: soft-limit factor by how many iterations in a row kept the best move (the last
/// entry for that many or more).
pub const TM_STABILITY: [f64; 5] = [1.8, 1.35, 1.1, 0.9, 0.8];
/// Time management: soft-limit factor `(TM_NODE_SHARE_BASE - share) * TM_NODE_SHARE_SCALE`, where
/// `share` is the part of the root nodes spent below the best move (a clear best move takes most).
pub const TM_NODE_SHARE_BASE: f64 = 1.5;
/// See [`TM_NODE_SHARE_BASE`].
pub const TM_NODE_SHARE_SCALE: f64 = 1.4;
/// Time management: the hard limit (abort the iteration), as a multiple of the base.
pub const TM_HARD_SCALE: f64 = 3.0;

/// Lazy SMP: a helper thread searches runs of consecutive depths and skips as many between them;
/// the run grows with the logarithm of the helper's index up to this many depths.
pub const HELPER_MAX_RUN: u32 = 4;
