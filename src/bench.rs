//! `bench`: a fixed set of positions searched to a fixed depth, one thread, one 16 MB table emptied
//! before each position. The total node count is the search's signature: it must be the same on
//! every run and machine.
//! Results are typed (the positions are standard chess); `uci::format` words them.

use crate::position::Position;
use crate::search::counters::Counters;
use crate::search::limits::Limits;
use crate::search::{SearchJob, Worker};
use crate::tt::Tt;
use shakmaty::Move;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Depth searched when none is given.
pub const DEFAULT_DEPTH: i32 = 13;

/// Openings, middlegames (many from Win At Chess), endgames and tactical positions.
pub const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
    "rnbqkb1r/ppp1pppp/3p1n2/8/3P4/P7/1PP1PPPP/RNBQKBNR w KQkq - 0 3",
    "rnbqkbnr/1ppp1ppp/p3p3/8/Q1P5/8/PP1PPPPP/RNB1KBNR w KQkq - 0 3",
    "r1bqkbnr/pp1ppppp/2n5/2p5/8/1P2P3/P1PP1PPP/RNBQKBNR w KQkq - 0 3",
    "rnb1kbnr/pp1ppppp/1qp5/8/7P/2P5/PP1PPPP1/RNBQKBNR w KQkq - 0 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "r3nrk1/2p2p1p/p1p1b1p1/2NpPq2/3R4/P1N1Q3/1PP2PPP/4R1K1 w - - 0 1",
    "r2q3k/p2P3p/1p3p2/3QP1r1/8/B7/P5PP/2R3K1 w - - 0 1",
    "r1brnbk1/ppq2pp1/4p2p/4N3/3P4/P1PB1Q2/3B1PPP/R3R1K1 w - - 0 1",
    "3rr1k1/ppqbRppp/2p5/8/3Q1n2/2P3N1/PPB2PPP/3R2K1 w - - 0 1",
    "6k1/2pb1r1p/3p1PpQ/p1nPp3/1q2P3/2N2P2/PrB5/2K3RR w - - 0 1",
    "6k1/1b2rp2/1p4p1/3P4/PQ4P1/2N2q2/5P2/3R2K1 b - - 0 1",
    "5b2/pp2r1pk/2pp1pRp/4rP1N/2P1P3/1P4QP/P3q1P1/5R1K w - - 0 1",
    "5rk1/2p4p/2p4r/3P4/4p1b1/1Q2NqPp/PP3P1K/R4R2 b - - 0 1",
    "1r2k1r1/5p2/b3p3/1p2b1B1/3p3P/3B4/PP2KP2/2R3R1 w - - 0 1",
    "r4rk1/5ppp/p3q1n1/2p2NQ1/4n3/P3P3/1B3PPP/1R3RK1 w - - 0 1",
    "r1bqk2r/pp3ppp/5n2/8/1b1npB2/2N5/PP1Q2PP/1K2RBNR w kq - 0 1",
    "1r3r1k/3p4/1p1Nn1R1/4Pp1q/pP3P1p/P7/5Q1P/6RK w - - 0 1",
    "rnbqr2k/pppp1Qpp/8/b2NN3/2B1n3/8/PPPP1PPP/R1B1K2R w KQ - 0 1",
    "3q1rk1/4bp1p/1n2P2Q/3p1p2/6r1/Pp2R2N/1B4PP/7K w - - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/3P4/2P1PN2/PP1N1PPP/R1BQKB1R b KQkq - 0 5",
    "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
    "2kr3r/pp1q1ppp/5n2/1Nb5/2Pp1B2/7Q/P4PPP/1R3RK1 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/3k4/3p4/8/3P4/3K4/8/8 w - - 0 1",
    "8/8/8/5k2/3p4/8/4P3/4K3 w - - 0 1",
    "k7/8/7p/8/8/6P1/8/K7 b - - 0 1",
    "8/8/1p2k3/p1p5/P1P5/1P2K3/8/8 w - - 0 1",
    "4k3/8/4K3/2N5/3N4/4B3/8/8 b - - 0 1",
    "8/2p5/6p1/6Pp/2PN4/6pP/6P1/5KBk w - - 0 1",
    "3R4/8/8/2p3K1/2p5/5B2/R1pPNB2/1b1k4 w - - 0 1",
    "8/3R2pp/1p2K3/1rp1p3/1bp5/4B1NN/6Pk/1n3B2 b - - 0 1",
    "5N2/1K1kpP2/2p3N1/2pnR3/8/8/1p6/r7 b - - 0 1",
    "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1",
    "8/8/4k3/8/2R5/8/4K3/8 w - - 0 1",
    "2r5/3rk3/8/8/8/8/3RK3/2R5 w - - 0 1",
    "6r1/5k2/8/8/8/8/2Q5/4K3 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1",
    "8/8/8/8/8/5k2/6q1/7K w - - 0 1",
];

/// One bench position's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchLine {
    /// The position.
    pub fen: &'static str,
    /// Nodes searched.
    pub nodes: u64,
    /// Best move found (`None`: the position has no legal move).
    pub best: Option<Move>,
    /// Nodes when each depth completed.
    pub depth_nodes: Vec<u64>,
    /// Beta cutoffs and first-move cutoffs.
    pub cutoffs: (u64, u64),
    /// Search counters when each depth completed.
    pub depth_counters: Vec<Counters>,
}

/// Runs the bench, calling `each` after each position; returns total nodes and elapsed time.
pub fn run(depth: i32, mut each: impl FnMut(usize, &BenchLine)) -> (u64, Duration) {
    let start = Instant::now();
    let mut total = 0;
    // One table and one worker, emptied before each position: each search starts as a fresh one.
    let Ok(tt) = Tt::new(16).map(Arc::new) else { return (0, start.elapsed()) };
    let mut worker = Worker::silent();
    for (i, fen) in POSITIONS.iter().enumerate() {
        let Ok(pos) = Position::from_fen(fen, false) else { continue };
        tt.clear();
        worker.clear();
        let job = SearchJob::standalone(pos, Limits { depth: Some(depth), ..Limits::default() }, Arc::clone(&tt));
        let outcome = worker.run(&job);
        total += outcome.nodes;
        let line = BenchLine {
            fen,
            nodes: outcome.nodes,
            best: outcome.best,
            depth_nodes: outcome.depth_nodes,
            cutoffs: (outcome.counters.total_cutoffs(), outcome.counters.first_move_cutoffs),
            depth_counters: outcome.depth_counters,
        };
        each(i, &line);
    }
    (total, start.elapsed())
}

/// Nodes per second, guarding against a zero duration.
pub fn nps(nodes: u64, elapsed: Duration) -> u64 {
    (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64
}

/// Search-quality figures over a bench run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Quality {
    /// Mean of nodes(d) / nodes(d-1) over the last three completed depths of each position.
    pub branching: f64,
    /// Share of beta cutoffs made by the first move searched.
    pub first_move_cutoffs: f64,
}

/// Computes [`Quality`] from bench lines.
pub fn quality(lines: &[BenchLine]) -> Quality {
    let mut ratios = Vec::new();
    let (mut cuts, mut first) = (0u64, 0u64);
    for l in lines {
        cuts += l.cutoffs.0;
        first += l.cutoffs.1;
        let n = &l.depth_nodes;
        for w in n.windows(2).skip(n.len().saturating_sub(4)) {
            if w[0] > 100 {
                ratios.push(w[1] as f64 / w[0] as f64);
            }
        }
    }
    let branching = if ratios.is_empty() { 0.0 } else { ratios.iter().sum::<f64>() / ratios.len() as f64 };
    Quality { branching, first_move_cutoffs: if cuts == 0 { 0.0 } else { first as f64 / cuts as f64 } }
}
