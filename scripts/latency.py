#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Protocol latencies of a UCI engine, measured over stdin/stdout with ``uci_driver.py`` (standard
library only).

- start-up: process start to ``uciok``;
- ``isready`` -> ``readyok`` and ``stop`` -> ``bestmove``, each sent at a random moment of a
  ``go infinite`` search (uniform in 5..200 ms after ``go``);
- time beyond the limit: ``go movetime M`` -> ``bestmove`` minus M (with ``Move Overhead`` 0);
- rapid pairs: ``go infinite`` immediately followed by ``stop``, many times, then ``isready``:
  exactly one ``bestmove`` per ``go`` must come back, none lost and none doubled.

Prints median and max of each. Example:
``scripts/latency.py target/release/brudno --trials 1000 --pairs 10000``
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from typing import List

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from uci_driver import Dead, Engine  # noqa: E402


def ms(seconds: float) -> float:
    return seconds * 1000.0


def summary(name: str, values: List[float]) -> str:
    return f"{name}: n={len(values)} median {statistics.median(values):.2f} ms, max {max(values):.2f} ms"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("engine")
    ap.add_argument("--trials", type=int, default=1000)
    ap.add_argument("--pairs", type=int, default=10000)
    ap.add_argument("--movetime", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    startups = []
    for _ in range(20):
        t = time.monotonic()
        e = Engine([args.engine])
        e.send("uci")
        startups.append(ms(e.wait("uciok")[0] - t))
        e.close()
    print(summary("start-up to uciok", startups), flush=True)

    e = Engine([args.engine])
    e.handshake([("Move Overhead", "0")])
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6")
    ready, stop = [], []
    for _ in range(args.trials):
        e.send("go infinite")
        time.sleep(rng.uniform(0.005, 0.2))
        sent = e.send("isready")
        ready.append(ms(e.wait("readyok")[0] - sent))
        time.sleep(rng.uniform(0.005, 0.2))
        sent = e.send("stop")
        stop.append(ms(e.wait("bestmove")[0] - sent))
    print(summary("isready -> readyok during a search", ready), flush=True)
    print(summary("stop -> bestmove", stop), flush=True)

    over = []
    for _ in range(max(1, args.trials // 5)):
        sent = e.send(f"go movetime {args.movetime}")
        over.append(ms(e.wait("bestmove")[0] - sent) - args.movetime)
    print(summary(f"go movetime {args.movetime}: time beyond the limit", over), flush=True)

    t = time.monotonic()
    for _ in range(args.pairs):
        e.send("go infinite")
        e.send("stop")
    e.send("isready")
    # readyok may come before the last bestmove (the search thread answers the last stop), so
    # read on for a while after it: a doubled bestmove would show up then too.  Until readyok,
    # 30 s of silence end the count.
    bestmoves, deadline = 0, None
    while True:
        try:
            got = e.read(time.monotonic() + 30.0 if deadline is None else deadline)
        except Dead:
            break
        if got is None:
            break
        bestmoves += got[1].startswith("bestmove")
        if deadline is None and got[1].startswith("readyok"):
            deadline = time.monotonic() + 2.0
    print(f"rapid go/stop pairs: {args.pairs} sent, {bestmoves} bestmove lines "
          f"({time.monotonic() - t:.1f} s)", flush=True)
    e.close()
    return 0 if bestmoves == args.pairs else 1


if __name__ == "__main__":
    sys.exit(main())
