#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Build Brudno's Polyglot opening book from the named openings people play, weighted by its analysis.

The candidates come from data: ``--openings`` (lichess-org/chess-openings, CC0: ECO code, name and
the moves of 3807 named lines) is read into a tree of positions (transpositions merged).  At a
position, a move of these lines is a candidate if at least ``--min-share`` of the named lines
that go on from the position go on with it (1.e4 carries 53% of the lines at the start, 1.Nf3 3%,
1.e3 0.2%): the main lines and their peers, not every curiosity that has a name.  The positions
reached by candidate moves are visited, breadth first, while shallower than ``--plies``.

The weights come from Brudno's analysis: each position is searched to a fixed depth (``--depth``,
``--root-depth`` for the first ``--root-plies`` plies; hash cleared first) once with one line for
finding the best move over all legal moves, then with ``searchmoves`` the candidates and that move
and MultiPV one line each (so the scores compared come from one search).  A candidate within
``--margin`` cp of the best is kept, the others are left out of the book; a position whose
candidates all fall outside the margin has no entries (the engine searches there).  A kept move
weighs ``round(100 * 2^(-loss / --half-life) * (lines / most)^--popularity)``: halved by each
``--half-life`` cp it loses to the best, and, between moves the analysis rates alike, more for the
move more named lines go on with (``lines``; ``most``: the most-followed candidate's).  With the
default exponent 0.5, 1.e4 (2020 lines) weighs 1.25 times 1.d4 (1287 lines) when both score the
same; ``--popularity 0`` weighs by the analysis alone.

Deterministic for a given engine binary.  Results are appended to ``--cache`` (one JSON line per
position), so an interrupted run resumes where it stopped.  The file is written with
python-chess's Polyglot keys, castling king-takes-rook, entries sorted by key (heaviest first
within a key), then read back with python-chess's reader to check every entry.  The figures
(positions, entries, CPU time of the engine) are printed at the end.

The built-in book (book/brudno.bin) was made with::

    nice -n 10 scripts/make_book.py --engine target/release/brudno --out book/brudno.bin \\
        --cache /tmp/book-cache.jsonl
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import struct
import sys
import time

import chess
import chess.engine
import chess.polyglot

MATE = 100000


def encode(board: chess.Board, move: chess.Move) -> int:
    """Polyglot packing of a move; castling as king-takes-rook."""
    to = move.to_square
    if board.is_castling(move):
        rank = chess.square_rank(move.from_square)
        to = chess.square(7 if chess.square_file(move.to_square) > chess.square_file(move.from_square) else 0, rank)
    promo = {None: 0, chess.KNIGHT: 1, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 4}[move.promotion]
    return (promo << 12) | (move.from_square << 6) | to


def read_openings(path: str) -> dict[str, collections.Counter]:
    """For each position (FEN without move counters) on a named line: how many lines go on with each move."""
    tree: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        pgn_col = header.index("pgn")
        for row in f:
            board = chess.Board()
            for tok in row.rstrip("\n").split("\t")[pgn_col].split():
                if tok.endswith("."):
                    continue
                move = board.parse_san(tok)
                tree[board.epd()][move.uci()] += 1
                board.push(move)
    return tree


def candidates(tree, board: chess.Board, min_share: float) -> list[str]:
    """The moves of the named lines at this position that carry at least `min_share` of them."""
    counts = tree.get(board.epd())
    if not counts:
        return []
    total = sum(counts.values())
    return sorted((m for m, n in counts.items() if n >= min_share * total), key=lambda m: (-counts[m], m))


def weight(loss: int, lines: int, most: int, half_life: float, popularity: float) -> int:
    """A kept move's weight: 100 for the best move that most lines follow, halved per `half_life` cp
    lost, times (lines / most)^popularity; at least 1."""
    return max(1, round(100 * 2 ** (-loss / half_life) * (lines / most) ** popularity))


def score(info, turn) -> int | None:
    if "score" not in info:
        return None
    return info["score"].pov(turn).score(mate_score=MATE)


def analyse(engine, board: chess.Board, cands: list[str], depth: int) -> dict:
    """Each candidate's score and the best move's (side to move's view), from one MultiPV search.

    A first search with one line finds the best move over all legal moves; the second searches the
    candidates and that move (``searchmoves``), one line each, so all scores compared come from the
    same search."""
    engine.configure({"Clear Hash": None})
    top = engine.analyse(board, chess.engine.Limit(depth=depth))
    best_move = top["pv"][0].uci() if top.get("pv") else None
    moves = [chess.Move.from_uci(m) for m in cands + ([best_move] if best_move and best_move not in cands else [])]
    lines = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=len(moves), root_moves=moves)
    scores = {}
    for info in lines:
        if info.get("pv") and score(info, board.turn) is not None:
            scores[info["pv"][0].uci()] = score(info, board.turn)
    return {"best_move": best_move, "scores": scores, "depth": depth}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default="target/release/brudno", help="UCI engine with MultiPV and searchmoves")
    p.add_argument("--openings", default="book/lichess-openings.tsv", help="named lines (lichess TSV: eco, name, pgn)")
    p.add_argument("--out", default="book/brudno.bin")
    p.add_argument("--cache", help="JSON lines of analysed positions, read and appended (resume)")
    p.add_argument("--plies", type=int, default=14, help="book positions are shallower than this")
    p.add_argument("--min-share", type=float, default=0.02, help="a candidate carries this share of the named lines")
    p.add_argument("--depth", type=int, default=12, help="search depth")
    p.add_argument("--root-depth", type=int, default=16, help="search depth of the first --root-plies plies")
    p.add_argument("--root-plies", type=int, default=2)
    p.add_argument("--margin", type=int, default=40, help="keep candidates within this many cp of the best")
    p.add_argument("--half-life", type=float, default=20, help="cp of loss that halve a move's weight")
    p.add_argument("--popularity", type=float, default=0.5, help="exponent of the share of named lines in a weight")
    p.add_argument("--hash", type=int, default=64)
    p.add_argument("--limit", type=int, default=0, help="stop after analysing this many positions (timing)")
    args = p.parse_args()

    tree = read_openings(args.openings)
    cache: dict[str, dict] = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                cache[r["epd"]] = r
    cache_out = open(args.cache, "a", encoding="utf-8") if args.cache else None

    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Hash": args.hash})
    start = time.time()
    visited: set[str] = set()
    results: list[tuple[chess.Board, list[str], dict]] = []
    frontier = [chess.Board()]
    analysed = 0
    for ply in range(args.plies):
        following = []
        for board in frontier:
            epd = board.epd()
            if epd in visited:
                continue
            visited.add(epd)
            cands = candidates(tree, board, args.min_share)
            if not cands:
                continue
            depth = args.root_depth if ply < args.root_plies else args.depth
            r = cache.get(epd)
            if r is None or r["depth"] != depth or set(r["candidates"]) != set(cands):
                if args.limit and analysed >= args.limit:
                    continue
                r = analyse(engine, board, cands, depth)
                r.update(epd=epd, candidates=cands)
                analysed += 1
                if cache_out:
                    cache_out.write(json.dumps(r) + "\n")
                    cache_out.flush()
                if analysed % 100 == 0:
                    print(f"ply {ply}: {analysed} analysed, {time.time() - start:.0f} s", file=sys.stderr)
            results.append((board, cands, r))
            for m in cands:
                child = board.copy(stack=False)
                child.push_uci(m)
                following.append(child)
        frontier = following
    engine.quit()
    wall = time.time() - start
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)

    entries: dict[int, list[tuple[int, int]]] = {}
    kept_moves: dict[int, tuple[chess.Board, list[str]]] = {}
    outside = 0
    for board, cands, r in results:
        scored = [(m, r["scores"][m]) for m in cands if m in r["scores"]]
        if not scored:
            continue
        best = max(r["scores"].values())
        kept = [(m, best - s) for m, s in scored if best - s <= args.margin]
        outside += len(scored) - len(kept)
        if not kept:
            continue
        key = chess.polyglot.zobrist_hash(board)
        lines = tree[board.epd()]
        most = max(lines[m] for m in cands)
        entries[key] = [(encode(board, chess.Move.from_uci(m)),
                         weight(loss, lines[m], most, args.half_life, args.popularity)) for m, loss in kept]
        kept_moves[key] = (board, [m for m, _ in kept])

    rows = sorted((k, -w, mv) for k, v in entries.items() for mv, w in v)
    with open(args.out, "wb") as f:
        for k, neg_w, mv in rows:
            f.write(struct.pack(">QHHI", k, mv, -neg_w, 0))
    # Read back with python-chess: each position must give exactly the moves kept.
    with chess.polyglot.open_reader(args.out) as reader:
        for key, (board, want) in kept_moves.items():
            got = sorted(e.move.uci() for e in reader.find_all(board))
            if got != sorted(want):
                print(f"read-back mismatch at {board.fen()}: {got} != {want}", file=sys.stderr)
                return 1
    by_ply = collections.Counter(b.ply() for b, _, _ in results)
    print(f"positions on the named lines with candidates: {len(results)} (by ply: {dict(sorted(by_ply.items()))}); "
          f"analysed this run: {analysed}; candidates left out by the margin: {outside}", file=sys.stderr)
    print(f"wrote {len(rows)} entries for {len(entries)} positions ({os.path.getsize(args.out)} bytes) to {args.out}; "
          f"wall {wall:.0f} s, engine CPU {cpu.ru_utime + cpu.ru_stime:.0f} s this run; "
          "read back with python-chess: all entries match", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
