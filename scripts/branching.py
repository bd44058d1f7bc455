# SPDX-License-Identifier: GPL-3.0-or-later
"""Effective branching factor of the search between two depths on middlegame positions.

For each position it runs ``brudno stats --fen F --depth HI --tree-depth 1`` and reads the node
count of each iteration; the branching factor from LO to HI is ``(nodes[HI] / nodes[LO]) ** (1 /
(HI - LO))``.  It prints one line per position, the geometric mean and the rate of the summed counts.  Node counts are
deterministic, so the figure does not depend on machine load.

    python3 scripts/branching.py --engine target/release/brudno            # depth 10 -> 14
    python3 scripts/branching.py --engine BIN --lo 8 --hi 12 --fen "FEN" --fen "FEN"

Standard library only.
"""

from __future__ import annotations

import argparse
import math
import re
import subprocess
import sys
from typing import Dict, List

# Quiet middlegames with no forced line: three of the bench set (src/bench.rs) and three main-line
# openings (Queen's Gambit Declined, Sicilian Scheveningen, Ruy Lopez Closed).
POSITIONS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1brnbk1/ppq2pp1/4p2p/4N3/3P4/P1PB1Q2/3B1PPP/R3R1K1 w - - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9",
    "r1b1kb1r/1pqp1ppp/p1n1pn2/8/3NP3/2N1B3/PPP1BPPP/R2QK2R w KQkq - 4 8",
    "r2qr1k1/1b1nbppp/p2p1n2/1p2p3/3PP3/1BP2N1P/PP1N1PP1/R1BQR1K1 w - - 0 13",
]

ROW = re.compile(r"^\s+(\d+)\s+(\d+)\s")


def iteration_nodes(text: str) -> Dict[int, int]:
    """The per-depth node counts of the engine table in `brudno stats` output."""
    nodes: Dict[int, int] = {}
    for line in text.splitlines():
        if line.startswith("Beta cutoffs"):
            break
        m = ROW.match(line)
        if m:
            nodes[int(m.group(1))] = int(m.group(2))
    return nodes


def branching(nodes: Dict[int, int], lo: int, hi: int) -> float:
    """Geometric mean growth of the node count per depth from `lo` to `hi`."""
    return (nodes[hi] / nodes[lo]) ** (1.0 / (hi - lo))


def main(argv: List[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--engine", default="target/release/brudno")
    p.add_argument("--lo", type=int, default=10)
    p.add_argument("--hi", type=int, default=14)
    p.add_argument("--fen", action="append", help="a position (repeatable; default: six bench middlegames)")
    args = p.parse_args(argv)
    if not 1 <= args.lo < args.hi:
        p.error("need 1 <= lo < hi")
    logs = []
    pooled = [0, 0]
    for fen in args.fen or POSITIONS:
        cmd = [args.engine, "stats", "--fen", fen, "--depth", str(args.hi), "--tree-depth", "1"]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        nodes = iteration_nodes(out)
        if args.lo not in nodes or args.hi not in nodes:
            print(f"error: no depth {args.lo} or {args.hi} in the output for {fen}", file=sys.stderr)
            return 1
        b = branching(nodes, args.lo, args.hi)
        logs.append(math.log(b))
        pooled[0] += nodes[args.lo]
        pooled[1] += nodes[args.hi]
        print(f"{b:5.2f}  {nodes[args.lo]:>10} -> {nodes[args.hi]:>11}  {fen}", flush=True)
    print(f"branching factor {args.lo} -> {args.hi}: {math.exp(sum(logs) / len(logs)):.2f} "
          f"(geometric mean of {len(logs)} positions); "
          f"{(pooled[1] / pooled[0]) ** (1.0 / (args.hi - args.lo)):.2f} from the summed node counts")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
