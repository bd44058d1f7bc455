#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generate a balanced opening set: short random lines from the start position.

Each candidate line has a random length (``--min-plies``..``--max-plies``).
At every ply the engine is asked for its ``--multipv`` best moves at
``--choice-depth`` and one of the moves scoring within ``--margin`` cp of the
best is chosen at random, so the lines are varied but sensible (an engine
without MultiPV gets uniformly random legal moves instead).  The final
position is searched to ``--depth`` and kept only if the score is within
``--max-cp`` of equality and not a mate; positions are de-duplicated by their
EPD (placement, side, castling, en passant), transpositions included.

The output has one full FEN per line.  ``--moves-out`` also writes each line
as UCI moves from the start position, in the same order, for engines that
cannot set up a FEN (match.py reads both formats).

Deterministic for a given ``--seed`` and engine: line i uses its own random
generator seeded with (seed, i), the engine's hash is cleared before each
line (``ucinewgame``) and lines are accepted in index order, so the result
does not depend on ``--concurrency``.  Use a single-threaded engine.

Example (takes a while; run it in the background)::

    nohup scripts/make_openings.py --count 3000 --seed 1 --out book/openings.epd \\
        --moves-out book/openings-moves.txt > /tmp/openings.log 2>&1 &
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import random
import shlex
import sys
import threading
import time
from typing import List, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import chess  # noqa: E402
import chess.engine  # noqa: E402

import matchlib  # noqa: E402
import uci_driver  # noqa: E402

STOCKFISH = "/usr/games/stockfish"

Line = Tuple[str, List[chess.Move], int]  # fen, moves, final score (white POV, cp)


def default_engine() -> str:
    """The Brudno binary if it is a working UCI engine, else Debian's Stockfish."""
    brudno = str(matchlib.DEFAULT_BINARY)
    if os.access(brudno, os.X_OK) and uci_driver.speaks_uci([brudno]):
        return brudno
    return STOCKFISH


def load_prefixes(path: str) -> List[List[chess.Move]]:
    """Move lists to start candidate lines from: one per line, UCI moves or SAN with move numbers
    (lichess's named-opening TSV files work as they are: their third column is the PGN)."""
    prefixes = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            text = raw.rstrip("\n").split("\t")[-1].strip()
            if not text or text == "pgn" or text.startswith("#"):
                continue
            opening = matchlib.parse_opening_line(text)
            if opening is not None and not opening.fen and opening.moves:
                prefixes.append(list(opening.moves))
    if not prefixes:
        raise SystemExit(f"no move lists in {path}")
    return prefixes


class Generator:
    """Builds candidate lines with one engine per worker thread."""

    def __init__(self, args: argparse.Namespace, spec: matchlib.EngineSpec):
        self.args = args
        self.spec = spec
        self.local = threading.local()
        self.engines: List[chess.engine.SimpleEngine] = []
        self.lock = threading.Lock()
        self.prefixes = load_prefixes(args.prefixes) if args.prefixes else []

    def engine(self) -> chess.engine.SimpleEngine:
        engine = getattr(self.local, "engine", None)
        if engine is None:
            engine = matchlib.launch(self.spec)
            self.local.engine = engine
            self.local.multipv = self.args.multipv > 1 and "MultiPV" in engine.options
            with self.lock:
                self.engines.append(engine)
        return engine

    def close(self) -> None:
        for engine in self.engines:
            matchlib.close_engine(engine)

    def candidates(self, engine: chess.engine.SimpleEngine, board: chess.Board, token: object) -> List[chess.Move]:
        """Moves within the margin of the best, or all legal moves without MultiPV."""
        if not self.local.multipv:
            return list(board.legal_moves)
        infos = engine.analyse(board, chess.engine.Limit(depth=self.args.choice_depth),
                               multipv=min(self.args.multipv, board.legal_moves.count()), game=token)
        scored = [(info["score"].pov(board.turn).score(mate_score=matchlib.MATE_CP), info["pv"][0])
                  for info in infos if info.get("pv") and "score" in info]
        if not scored:
            return list(board.legal_moves)
        best = max(score for score, _ in scored)
        return [move for score, move in scored if score >= best - self.args.margin]

    def line(self, index: int) -> Optional[Line]:
        """Candidate line number ``index``, or None if rejected."""
        args = self.args
        rng = random.Random(f"{args.seed}:{index}")
        engine = self.engine()
        token = object()  # ucinewgame: clear the hash for reproducibility
        board = chess.Board()
        if self.prefixes:
            for move in rng.choice(self.prefixes):
                board.push(move)
        for _ in range(rng.randint(args.min_plies, args.max_plies)):
            if board.is_game_over():
                return None
            moves = sorted(self.candidates(engine, board, token), key=lambda m: m.uci())
            board.push(rng.choice(moves))
        if board.is_game_over():
            return None
        info = engine.analyse(board, chess.engine.Limit(depth=args.depth), game=token)
        score = info.get("score")
        if score is None or score.is_mate():
            return None
        cp = score.white().score()
        if not args.min_cp <= abs(cp) <= args.max_cp:
            return None
        return board.fen(), list(board.move_stack), cp


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--engine", help=f"UCI engine command (default: Brudno if it works, else {STOCKFISH})")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="engine option")
    p.add_argument("--count", type=int, default=3000, help="positions to produce (default 3000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--min-plies", type=int, default=6)
    p.add_argument("--max-plies", type=int, default=8)
    p.add_argument("--depth", type=int, default=8, help="depth of the final check (default 8)")
    p.add_argument("--max-cp", type=int, default=50, help="keep |score| <= this (default 50)")
    p.add_argument("--min-cp", type=int, default=0,
                   help="keep |score| >= this (default 0; 70 with --max-cp 130 makes an unbalanced set)")
    p.add_argument("--prefixes", help="start each line from a random move list of this file "
                   "(one per line; lichess chess-openings TSV works), then add the random plies")
    p.add_argument("--choice-depth", type=int, default=6, help="depth of the move choice search")
    p.add_argument("--multipv", type=int, default=6, help="candidate moves per ply (1: random legal)")
    p.add_argument("--margin", type=int, default=60, help="candidates within this many cp of the best")
    p.add_argument("--concurrency", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", default="-", help="FEN output file (default stdout)")
    p.add_argument("--moves-out", help="also write the lines as UCI moves")
    args = p.parse_args()
    if not 0 <= args.min_plies <= args.max_plies:
        p.error("need 0 <= --min-plies <= --max-plies")
    if not 0 <= args.min_cp <= args.max_cp:
        p.error("need 0 <= --min-cp <= --max-cp")

    matchlib.configure_logging(False)
    options = dict(item.split("=", 1) for item in args.option)
    options.setdefault("Threads", "1")
    spec = matchlib.EngineSpec(shlex.split(args.engine or default_engine()), options=options)
    generator = Generator(args, spec)
    started = time.monotonic()
    seen = set()
    accepted: List[Line] = []
    tried = 0
    print(f"engine: {spec.describe()}, depth {args.depth}, {args.min_cp} <= |score| <= {args.max_cp} cp, "
          f"{args.min_plies}-{args.max_plies} plies, multipv {args.multipv} margin {args.margin} cp "
          f"at depth {args.choice_depth}, seed {args.seed}", file=sys.stderr)
    batch = 64
    try:
        with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
            while len(accepted) < args.count:
                results = pool.map(generator.line, range(tried, tried + batch))
                for line in results:  # in index order: deterministic
                    tried += 1
                    if line is None or len(accepted) >= args.count:
                        continue
                    key = chess.Board(line[0]).epd()
                    if key not in seen:
                        seen.add(key)
                        accepted.append(line)
                elapsed = time.monotonic() - started
                print(f"{len(accepted)}/{args.count} positions from {tried} lines, {elapsed:.0f}s",
                      file=sys.stderr, flush=True)
    finally:
        generator.close()

    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    with out if out is not sys.stdout else open(os.devnull, "w"):
        for fen, _, _ in accepted:
            out.write(fen + "\n")
    if args.moves_out:
        with open(args.moves_out, "w", encoding="utf-8") as f:
            for _, moves, _ in accepted:
                f.write(" ".join(m.uci() for m in moves) + "\n")
    elapsed = time.monotonic() - started
    scores = [cp for _, _, cp in accepted]
    print(f"done: {len(accepted)} positions from {tried} lines in {elapsed:.0f}s; "
          f"mean score {sum(scores) / max(1, len(scores)):+.1f} cp (white POV)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
