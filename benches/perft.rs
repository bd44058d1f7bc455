//! perft speed: the library's `perft` against the plainest bulk-counting loop over shakmaty, so that any
//! overhead the library adds over the move generator shows up as a ratio between the two.
//!
//! `cargo bench --bench perft`

#![allow(missing_docs)] // criterion_group! generates an undocumented public function.

use brudno::perft::perft;
use brudno::position::Position;
use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use shakmaty::{Chess, Position as _};
use std::hint::black_box;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Reference loop: shakmaty alone, leaves counted from the move list one ply above them.
fn bare_shakmaty(chess: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = chess.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut leaves = 0;
    for m in moves {
        let mut next = chess.clone();
        next.play_unchecked(m);
        leaves += bare_shakmaty(&next, depth - 1);
    }
    leaves
}

/// Benchmarks both counters on one position and depth, after checking that they agree with `expected`.
fn pair(c: &mut Criterion, name: &str, chess: &Chess, depth: u32, expected: u64) {
    assert_eq!(perft(chess, depth), expected, "{name}: brudno perft");
    assert_eq!(bare_shakmaty(chess, depth), expected, "{name}: bare shakmaty perft");

    let mut group = c.benchmark_group(name);
    group.sample_size(10).sampling_mode(SamplingMode::Flat).throughput(Throughput::Elements(expected));
    group.bench_with_input(BenchmarkId::new("brudno", depth), chess, |b, chess| {
        b.iter(|| perft(black_box(chess), black_box(depth)))
    });
    group.bench_with_input(BenchmarkId::new("shakmaty", depth), chess, |b, chess| {
        b.iter(|| bare_shakmaty(black_box(chess), black_box(depth)))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let start = Position::default();
    pair(c, "perft_startpos", start.chess(), 6, 119_060_324);
    let kiwipete = Position::from_fen(KIWIPETE, false).expect("Kiwipete loads");
    pair(c, "perft_kiwipete", kiwipete.chess(), 5, 193_690_690);
}

criterion_group!(perft_benches, benches);
criterion_main!(perft_benches);
