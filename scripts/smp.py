# SPDX-License-Identifier: GPL-3.0-or-later
"""Lazy SMP scaling: nodes per second and time to a fixed depth with 1, 2, ... threads.

For each position it starts the engine over UCI with ``Threads`` T and ``Hash`` H, sends
``ucinewgame`` and ``go depth D`` and reads the last ``info`` line before ``bestmove``: its ``nodes``
(summed over threads by the engine) and the wall time to ``bestmove`` measured here. It prints one
row per position and thread count, then per thread count the summed nodes per second and the
geometric mean of time to depth relative to the first thread count (the speed-up). Times depend on
the machine and its load: run it alone, and compare only figures from one run.

    python3 scripts/smp.py --engine target/release/brudno --threads 1 2 --depth 16

Standard library only.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
import time
from typing import Dict, List, NamedTuple, Optional, Sequence

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from uci_driver import Engine  # noqa: E402

# Middlegames from the bench set (src/bench.rs): positions with a real search tree at depth 14-18.
POSITIONS = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "r3nrk1/2p2p1p/p1p1b1p1/2NpPq2/3R4/P1N1Q3/1PP2PPP/4R1K1 w - - 0 1",
    "r1brnbk1/ppq2pp1/4p2p/4N3/3P4/P1PB1Q2/3B1PPP/R3R1K1 w - - 0 1",
    "3rr1k1/ppqbRppp/2p5/8/3Q1n2/2P3N1/PPB2PPP/3R2K1 w - - 0 1",
    "6k1/1b2rp2/1p4p1/3P4/PQ4P1/2N2q2/5P2/3R2K1 b - - 0 1",
    "r4rk1/5ppp/p3q1n1/2p2NQ1/4n3/P3P3/1B3PPP/1R3RK1 w - - 0 1",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/3P4/2P1PN2/PP1N1PPP/R1BQKB1R b KQkq - 0 5",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/1p2k3/p1p5/P1P5/1P2K3/8/8 w - - 0 1",
]

NODES = re.compile(r"\bnodes (\d+)")


class Run(NamedTuple):
    fen: str
    threads: int
    nodes: int
    seconds: float


def last_nodes(lines: Sequence[str]) -> Optional[int]:
    """The node count of the last `info` line that carries one."""
    for line in reversed(lines):
        if line.startswith("info "):
            m = NODES.search(line)
            if m:
                return int(m.group(1))
    return None


def search(engine: str, fen: str, threads: int, depth: int, hash_mb: int) -> Run:
    """One fresh engine process, one `go depth` from `fen`; the wall time is to `bestmove`."""
    e = Engine([engine])
    e.handshake([("Threads", str(threads)), ("Hash", str(hash_mb))])
    e.send("ucinewgame")
    e.send(f"position fen {fen}")
    e.sync()
    start = time.perf_counter()
    e.send(f"go depth {depth}")
    lines = e.lines_until("bestmove")
    seconds = time.perf_counter() - start
    e.close()
    nodes = last_nodes(lines)
    if nodes is None:
        raise RuntimeError(f"no node count for {fen}")
    return Run(fen, threads, nodes, seconds)


def geomean(xs: Sequence[float]) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def summary(runs: Sequence[Run]) -> Dict[int, Dict[str, float]]:
    """Per thread count: summed nps and the geometric-mean speed-up of time to depth against the
    smallest thread count (the same positions)."""
    by_threads: Dict[int, Dict[str, Run]] = {}
    for r in runs:
        by_threads.setdefault(r.threads, {})[r.fen] = r
    base_threads = min(by_threads)
    base = by_threads[base_threads]
    out: Dict[int, Dict[str, float]] = {}
    for t, rs in sorted(by_threads.items()):
        nodes = sum(r.nodes for r in rs.values())
        seconds = sum(r.seconds for r in rs.values())
        speedups = [base[f].seconds / r.seconds for f, r in rs.items() if f in base]
        out[t] = {
            "nodes": nodes,
            "seconds": seconds,
            "nps": nodes / seconds if seconds > 0 else 0.0,
            "speedup": geomean(speedups),
        }
    return out


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--engine", default="target/release/brudno")
    p.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    p.add_argument("--depth", type=int, default=16)
    p.add_argument("--hash", type=int, default=64)
    p.add_argument("--fen", action="append", help="a position (repeatable; default: 12 bench positions)")
    args = p.parse_args(argv)
    fens = args.fen or POSITIONS
    runs = []
    for fen in fens:
        for t in args.threads:
            r = search(args.engine, fen, t, args.depth, args.hash)
            runs.append(r)
            print(f"{t:>2} threads {r.nodes:>11} nodes {r.seconds:8.3f} s  {fen}", flush=True)
    print()
    print("threads       nodes   seconds         nps  time-to-depth speed-up")
    for t, s in summary(runs).items():
        print(f"{t:>7} {s['nodes']:>11.0f} {s['seconds']:9.2f} {s['nps']:>11.0f}  {s['speedup']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
