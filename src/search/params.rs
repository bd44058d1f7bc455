//! Every search tunable, named, in one place. Margins are in centipawns, depths in plies. (The
//! transposition table's replacement weights live with the table, in `tt.rs`.)

use std::time::Duration;

/// One search parameter that a `tune` build can change at run time (see [`tunables!`]).
#[derive(Debug)]
pub struct Tunable {
    /// Its name, as in this file (the UCI option of a `tune` build, the SPSA input's name).
    pub name: &'static str,
    /// The value the engine is built with.
    pub default: i32,
    /// Smallest value worth trying.
    pub min: i32,
    /// Largest value worth trying.
    pub max: i32,
    /// SPSA's perturbation at the end of a run (OpenBench's `c_end`).
    pub step: i32,
    #[cfg(feature = "tune")]
    value: std::sync::atomic::AtomicI32,
}

impl Tunable {
    const fn new(name: &'static str, default: i32, min: i32, max: i32, step: i32) -> Self {
        Self {
            name,
            default,
            min,
            max,
            step,
            #[cfg(feature = "tune")]
            value: std::sync::atomic::AtomicI32::new(default),
        }
    }

    /// The value in force: the built-in one (a constant the compiler folds), or in a `tune` build
    /// the one last set.
    #[inline(always)]
    pub fn get(&self) -> i32 {
        #[cfg(feature = "tune")]
        return self.value.load(std::sync::atomic::Ordering::Relaxed);
        #[cfg(not(feature = "tune"))]
        self.default
    }

    /// Sets the value in force (a `tune` build only; the caller keeps it in `min..=max`).
    #[cfg(feature = "tune")]
    pub fn set(&self, value: i32) {
        self.value.store(value, std::sync::atomic::Ordering::Relaxed);
    }

    /// Its line of an SPSA input in OpenBench's format: `name, int, value, min, max, c_end, r_end`.
    pub fn spsa_line(&self) -> String {
        format!("{}, int, {}, {}, {}, {}, {}", self.name, self.default, self.min, self.max, self.step, SPSA_R_END)
    }
}

/// OpenBench's `r_end` (the learning rate at the end of an SPSA run) for every parameter.
pub const SPSA_R_END: f64 = 0.002;

/// Declares each parameter once, with its value, the range worth trying and an SPSA step. The
/// default build makes each a constant `Tunable` whose `get()` is the value (the same code as a plain
/// constant); a build with `--features tune` makes each a static whose value a UCI option of its
/// name sets (the one process-wide mutable state, and only in that build). [`TUNABLES`] lists them.
macro_rules! tunables {
    ($($(#[doc = $doc:literal])* $name:ident = $value:literal, $min:literal..=$max:literal, step $step:literal;)*) => {
        $(
            $(#[doc = $doc])*
            #[cfg(not(feature = "tune"))]
            pub const $name: Tunable = Tunable::new(stringify!($name), $value, $min, $max, $step);
            $(#[doc = $doc])*
            #[cfg(feature = "tune")]
            pub static $name: Tunable = Tunable::new(stringify!($name), $value, $min, $max, $step);
        )*
        /// Every tunable parameter, in declaration order.
        pub static TUNABLES: &[&Tunable] = &[$(&$name),*];
    };
}

tunables! {
    /// Half-width of the first aspiration window around the previous iteration's score.
    ASPIRATION_WINDOW = 25, 5..=100, step 5;
    /// Reverse futility: deepest depth it applies at, and margin per ply.
    RFP_MAX_DEPTH = 7, 3..=12, step 1;
    /// Reverse futility margin per ply of depth.
    RFP_MARGIN = 75, 20..=200, step 10;
    /// Razoring: deepest depth at which a node far below alpha asks quiescence whether it fails low.
    RAZOR_MAX_DEPTH = 3, 1..=6, step 1;
    /// Razoring: the margin below alpha is `RAZOR_BASE + RAZOR_MARGIN * depth^2`.
    RAZOR_BASE = 350, 100..=700, step 30;
    /// Razoring margin per squared ply of depth.
    RAZOR_MARGIN = 250, 100..=500, step 25;
    /// Null move: minimum depth, base reduction and extra reduction per this many plies of depth.
    NMP_MIN_DEPTH = 3, 1..=6, step 1;
    /// Null move base reduction.
    NMP_BASE_REDUCTION = 3, 1..=6, step 1;
    /// Null move reduction grows by one every this many plies.
    NMP_DEPTH_DIVISOR = 4, 2..=8, step 1;
    /// Null move reduction grows by one per this much evaluation above beta (centipawns), by at most
    /// `NMP_EVAL_MAX` plies.
    NMP_EVAL_DIVISOR = 200, 50..=400, step 20;
    /// Singular extensions: minimum depth, how much shallower the stored TT result may be, the margin
    /// below the TT score per ply of depth, the further margin for a double extension, and the most
    /// double extensions on one path.
    SE_MIN_DEPTH = 7, 4..=12, step 1;
    /// How much shallower than the node the TT entry may be.
    SE_TT_DEPTH_SLACK = 3, 1..=6, step 1;
    /// Singular margin per ply of depth (centipawns).
    SE_MARGIN_PER_DEPTH = 2, 1..=8, step 1;
    /// A move this far below the singular bound is extended twice.
    SE_DOUBLE_MARGIN = 20, 0..=60, step 5;
    /// Internal iterative reduction: minimum depth at which a node without a TT move is searched one ply shallower.
    IIR_MIN_DEPTH = 4, 2..=8, step 1;
    /// Late move pruning: deepest depth, and quiet moves allowed = `LMP_BASE + depth * depth`, half
    /// that when the position is not improving.
    LMP_MAX_DEPTH = 8, 1..=12, step 1;
    /// Late move pruning base move count.
    LMP_BASE = 3, 1..=10, step 1;
    /// History pruning: quiets whose history is below `-HP_MARGIN * depth` are skipped up to this depth.
    HP_MAX_DEPTH = 3, 1..=6, step 1;
    /// History pruning margin per ply of depth (history units; the bound is 16384 per table).
    HP_MARGIN = 3000, 500..=8000, step 250;
    /// Futility pruning of quiet moves: deepest depth, base margin and margin per ply.
    FP_MAX_DEPTH = 5, 1..=10, step 1;
    /// Futility base margin.
    FP_BASE = 80, 0..=250, step 15;
    /// Futility margin per ply.
    FP_PER_DEPTH = 90, 20..=200, step 10;
    /// SEE pruning at shallow depth: captures losing more than this per ply are skipped; quiets losing
    /// more than `SEE_QUIET_MARGIN` per ply too.
    SEE_CAPTURE_MARGIN = 100, 20..=200, step 10;
    /// SEE threshold per ply for quiet moves.
    SEE_QUIET_MARGIN = 60, 10..=150, step 8;
    /// Deepest depth SEE pruning applies at.
    SEE_MAX_DEPTH = 6, 1..=10, step 1;
    /// Late move reductions: minimum depth and minimum move number (1-based) before reducing.
    LMR_MIN_DEPTH = 3, 1..=6, step 1;
    /// Late move reductions shrink by one per this much history score (grow for negative history).
    LMR_HISTORY_DIVISOR = 8192, 2048..=32768, step 1024;
    /// LMR table: `base + ln(depth) * ln(moves) / divisor` plies, truncated to whole plies; the base
    /// in hundredths of a ply.
    LMR_BASE = 75, 0..=200, step 10;
    /// LMR table divisor, in hundredths.
    LMR_DIVISOR = 225, 120..=400, step 15;
    /// History bonus for a cutoff at depth `d`: `HISTORY_BONUS_QUADRATIC * d * d + HISTORY_BONUS_LINEAR * d`,
    /// at most `HISTORY_BONUS_MAX` (the same amount is the malus of the quiets tried before it).
    HISTORY_BONUS_QUADRATIC = 8, 0..=32, step 2;
    /// History bonus per ply of depth (see [`HISTORY_BONUS_QUADRATIC`]).
    HISTORY_BONUS_LINEAR = 32, 0..=128, step 8;
    /// Largest history bonus for one cutoff.
    HISTORY_BONUS_MAX = 1600, 400..=4000, step 200;
    /// Correction history: the largest correction of the static evaluation (centipawns).
    CORRECTION_MAX = 32, 8..=256, step 4;
    /// Correction history: an update at depth `d` moves the entry `min(d + 1, this) / 256` of the way
    /// to the error it saw.
    CORRECTION_WEIGHT_MAX = 16, 4..=64, step 2;
    /// ProbCut applies from this depth on.
    PROBCUT_MIN_DEPTH = 5, 3..=10, step 1;
    /// ProbCut: how far above beta (centipawns) a capture's reduced search must hold.
    PROBCUT_MARGIN = 200, 50..=400, step 15;
    /// Quiescence delta pruning: a capture whose gain plus this cannot reach alpha is skipped.
    DELTA_MARGIN = 200, 50..=500, step 25;
}

/// No transposition-table cutoff once the halfmove clock reaches this (the fifty-move rule draws at 100).
pub const TT_CUTOFF_MAX_HALFMOVES: u32 = 90;

/// Depth from which aspiration windows are used (shallower iterations search the full window).
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// The null move's search keeps at least this depth (a search that drops straight into quiescence
/// cannot see a quiet mating threat).
pub const NMP_MIN_CHILD_DEPTH: i32 = 1;

/// Most plies the evaluation above beta adds to the null move reduction (`NMP_EVAL_DIVISOR`).
pub const NMP_EVAL_MAX: i32 = 3;

/// The singular search (without the TT move) is `(depth - 1) / SE_DEPTH_DIVISOR` deep.
pub const SE_DEPTH_DIVISOR: i32 = 2;
/// Most double extensions on one path from the root.
pub const SE_MAX_DOUBLES: u8 = 6;

/// ProbCut's reduced search is this many plies shallower than the node (besides the move's own ply).
pub const PROBCUT_REDUCTION: i32 = 3;

/// LMR applies from this move number on.
pub const LMR_MIN_MOVE: usize = 3;

/// Most plies the history term adds to or takes off a reduction.
pub const LMR_HISTORY_MAX: i32 = 2;

/// Capture history counts in capture ordering divided by this (a victim step is 16 per centipawn).
pub const CAPTURE_HISTORY_DIVISOR: i32 = 4;

/// History bonus cap (the gravity formula keeps scores in `-HISTORY_MAX..=HISTORY_MAX`).
pub const HISTORY_MAX: i32 = 16_384;

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
/// Time management: a strength level whose node budget is spent early waits until this share of
/// the soft limit (before scaling) has passed on its clock, so it takes a natural share of its time
/// instead of answering at once (`stop` ends the wait). A full-strength move, whose last iteration
/// ends past the scaled soft limit, usually takes longer (about 1.7× the soft limit on average in
/// four 12-ply self-play games at 30+0.3 with python-chess, where a level took 0.9×).
pub const TM_LEVEL_SHARE: f64 = 0.9;

/// Lazy SMP: a helper thread searches runs of consecutive depths and skips as many between them;
/// the run grows with the logarithm of the helper's index up to this many depths.
pub const HELPER_MAX_RUN: u32 = 4;
