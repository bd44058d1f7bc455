#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Protocol latencies of a UCI engine, measured over stdin/stdout (standard library only).

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
import select
import statistics
import subprocess
import sys
import time
from typing import List


class Engine:
    def __init__(self, cmd: List[str]):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line: str) -> None:
        assert self.p.stdin
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix: str) -> str:
        return self.lines_until(prefix)[-1]

    def lines_until(self, prefix: str) -> List[str]:
        """Every line up to and including the first that starts with `prefix`."""
        assert self.p.stdout
        seen = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"engine closed its output while waiting for {prefix!r}")
            seen.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return seen

    def close(self) -> None:
        self.send("quit")
        self.p.wait(timeout=10)


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
        t = time.perf_counter()
        e = Engine([args.engine])
        e.send("uci")
        e.until("uciok")
        startups.append(ms(time.perf_counter() - t))
        e.close()
    print(summary("start-up to uciok", startups), flush=True)

    e = Engine([args.engine])
    e.send("uci")
    e.until("uciok")
    e.send("setoption name Move Overhead value 0")
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6")
    ready, stop = [], []
    for _ in range(args.trials):
        e.send("go infinite")
        time.sleep(rng.uniform(0.005, 0.2))
        t = time.perf_counter()
        e.send("isready")
        e.until("readyok")
        ready.append(ms(time.perf_counter() - t))
        time.sleep(rng.uniform(0.005, 0.2))
        t = time.perf_counter()
        e.send("stop")
        e.until("bestmove")
        stop.append(ms(time.perf_counter() - t))
    print(summary("isready -> readyok during a search", ready), flush=True)
    print(summary("stop -> bestmove", stop), flush=True)

    over = []
    for _ in range(max(1, args.trials // 5)):
        t = time.perf_counter()
        e.send(f"go movetime {args.movetime}")
        e.until("bestmove")
        over.append(ms(time.perf_counter() - t) - args.movetime)
    print(summary(f"go movetime {args.movetime}: time beyond the limit", over), flush=True)

    t = time.perf_counter()
    for _ in range(args.pairs):
        e.send("go infinite")
        e.send("stop")
    e.send("isready")
    # readyok may come before the last bestmove (the search thread answers the last stop), so
    # read on for a while after it: a doubled bestmove would show up then too.
    # Raw reads from the descriptor, so select() sees everything not yet consumed.
    bestmoves, deadline, pending = 0, None, b""
    assert e.p.stdout
    fd = e.p.stdout.fileno()
    while deadline is None or time.perf_counter() < deadline:
        timeout = 30.0 if deadline is None else max(0.0, deadline - time.perf_counter())
        if not select.select([fd], [], [], timeout)[0]:
            break
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        *lines, pending = (pending + chunk).split(b"\n")
        for line in lines:
            if line.startswith(b"bestmove"):
                bestmoves += 1
            if line.startswith(b"readyok"):
                deadline = time.perf_counter() + 2.0
    print(f"rapid go/stop pairs: {args.pairs} sent, {bestmoves} bestmove lines "
          f"({time.perf_counter() - t:.1f} s)", flush=True)
    e.close()
    return 0 if bestmoves == args.pairs else 1


if __name__ == "__main__":
    sys.exit(main())
