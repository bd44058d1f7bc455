#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Build Brudno's own Polyglot opening book from its MultiPV analysis.

Best-first over the opening tree: the position most likely to be reached by
following the book (the product of the shares of the book moves leading to it)
is analysed next, until ``--positions`` positions are done.  Each position is
searched to ``--depth`` with ``--multipv`` lines; the moves within ``--margin``
cp of the best become its entries, weighted ``100 * 2^(-loss/10)`` (the best
move 100, one 10 cp worse 50, 20 cp worse 25), and the positions they lead to join the queue while fewer
than ``--plies`` plies deep.  A line whose best score leaves ``--max-cp`` of
equality (either way) is not extended.

Deterministic for a given engine binary: the hash is cleared before every
position and the searches are to a fixed depth.  The file is written with
python-chess's Polyglot keys, castling king-takes-rook, entries sorted by key
(heaviest first within a key), then read back with python-chess's reader to
check that every entry is a legal move.

The shipped book was made with::

    scripts/make_book.py --engine target/release/brudno --out book/brudno.bin \\
        --positions 1200 --depth 9 --multipv 4 --margin 30 --plies 12
"""

from __future__ import annotations

import argparse
import heapq
import struct
import sys
import time

import chess
import chess.engine
import chess.polyglot


def encode(board: chess.Board, move: chess.Move) -> int:
    """Polyglot packing of a move; castling as king-takes-rook."""
    to = move.to_square
    if board.is_castling(move):
        rank = chess.square_rank(move.from_square)
        to = chess.square(7 if chess.square_file(move.to_square) > chess.square_file(move.from_square) else 0, rank)
    promo = {None: 0, chess.KNIGHT: 1, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 4}[move.promotion]
    return (promo << 12) | (move.from_square << 6) | to


def analyse(engine: chess.engine.SimpleEngine, board: chess.Board, args) -> list[tuple[chess.Move, int]]:
    """The candidate moves of a position with their scores (side to move's view), best first."""
    engine.configure({"Clear Hash": None})
    lines = engine.analyse(board, chess.engine.Limit(depth=args.depth), multipv=min(args.multipv, board.legal_moves.count()))
    out = []
    for info in lines:
        if "pv" not in info or not info["pv"]:
            continue
        out.append((info["pv"][0], info["score"].pov(board.turn).score(mate_score=100000)))
    out.sort(key=lambda x: -x[1])
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default="target/release/brudno", help="UCI engine with MultiPV")
    p.add_argument("--out", default="book/brudno.bin")
    p.add_argument("--positions", type=int, default=1200, help="positions to analyse")
    p.add_argument("--depth", type=int, default=9)
    p.add_argument("--multipv", type=int, default=4)
    p.add_argument("--margin", type=int, default=30, help="moves within this many cp of the best")
    p.add_argument("--plies", type=int, default=12, help="deepest ply of a book position")
    p.add_argument("--max-cp", type=int, default=150, help="do not extend lines beyond this score")
    args = p.parse_args()

    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    entries: dict[int, list[tuple[int, int]]] = {}
    moves: dict[int, tuple[str, list[chess.Move]]] = {}
    seen: set[int] = set()
    counter = 0
    # (negative probability, tie-break, FEN, ply)
    queue = [(-1.0, counter, chess.Board().fen(), 0)]
    done = 0
    start = time.time()
    while queue and done < args.positions:
        neg_p, _, fen, ply = heapq.heappop(queue)
        board = chess.Board(fen)
        key = chess.polyglot.zobrist_hash(board)
        if key in seen:
            continue
        seen.add(key)
        cands = analyse(engine, board, args)
        done += 1
        if not cands:
            continue
        best = cands[0][1]
        kept = [(m, max(1, round(100 * 2 ** (-(best - s) / 10)))) for m, s in cands if best - s <= args.margin]
        entries[key] = [(encode(board, m), w) for m, w in kept]
        moves[key] = (fen, [m for m, _ in kept])
        total = sum(w for _, w in kept)
        if ply + 1 < args.plies and abs(best) <= args.max_cp:
            for m, w in kept:
                board.push(m)
                counter += 1
                heapq.heappush(queue, (neg_p * w / total, counter, board.fen(), ply + 1))
                board.pop()
        if done % 100 == 0:
            print(f"{done} positions, {sum(len(v) for v in entries.values())} entries, {time.time() - start:.0f} s",
                  file=sys.stderr)
    engine.quit()

    rows = sorted((k, -w, mv) for k, v in entries.items() for mv, w in v)
    with open(args.out, "wb") as f:
        for k, neg_w, mv in rows:
            f.write(struct.pack(">QHHI", k, mv, -neg_w, 0))
    # Read back with python-chess: each position must give exactly the moves analysed.
    with chess.polyglot.open_reader(args.out) as reader:
        for key, (fen, want) in moves.items():
            got = [e.move for e in reader.find_all(chess.Board(fen))]
            if sorted(m.uci() for m in got) != sorted(m.uci() for m in want):
                print(f"read-back mismatch at {fen}: {got} != {want}", file=sys.stderr)
                return 1
    print(f"wrote {len(rows)} entries for {len(entries)} positions to {args.out} in {time.time() - start:.0f} s; "
          "read back with python-chess: all entries match", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
