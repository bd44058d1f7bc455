# SPDX-License-Identifier: GPL-3.0-or-later
"""The scripted fake UCI engine of the harness tests (``test_matchlib.py``, ``test_stress.py``).

Run as ``fake_engine.py MODE [ARG]`` (:func:`command` builds that line).  It plays the first legal
move in UCI order, with a ``ponder`` move, after an ``info depth 1 score cp`` line that puts White
at ARG centipawns (default 0) whoever moves, and ponders when told to.  From its third search on,
MODE makes it misbehave on purpose:

* ``crash`` exits; ``hang`` never answers; ``slow`` sleeps its own clock (0 without one) plus
  ARG seconds before answering; ``illegal`` answers a well-formed illegal move;
* ``doubled`` sends its ``bestmove`` twice (in one write); ``early`` answers ``go ponder`` at once;
* ``miss`` (from the first search) predicts a reply that the first-move player never makes;
* ``wait`` behaves but sleeps ARG seconds before each ``bestmove`` it sends (after ``go``, and
  after ``ponderhit`` or ``stop`` of a ponder search), scoring 0: the opponent of ``early``, whose
  early answer to ``go ponder`` is then surely in before the harness sends ``ponderhit``.

Any other MODE (``ok``, ``normal``, ``score``...) behaves.  Needs python-chess.

``--spins FILE`` (``test_spsa.py``) announces a UCI spin option for each line of FILE, text in the form of
``brudno spsa`` (``name, int, value, min, max, c_end, r_end``), and the score line then gives the mover
ARG centipawns per unit its options are set above their defaults (summed), so the engine set higher
"wins" by adjudication; ``--log FILE`` appends each ``setoption`` line it gets to FILE, after its pid.
"""

import os
import sys
import time
from typing import List, Optional

ILLEGAL_CANDIDATES = ("e1e8", "a1h8", "h1a8")  #: one of them is not legal in any position of a test


def command(mode: str, arg: float = 0, spins: Optional[str] = None, log: Optional[str] = None) -> List[str]:
    """The command line of a fake engine in ``mode``."""
    extra = (["--spins", spins] if spins else []) + (["--log", log] if log else [])
    return [sys.executable, os.path.abspath(__file__), mode, str(arg)] + extra


def main(mode: str, arg: float, spins: Optional[str] = None, log: Optional[str] = None) -> None:
    import chess  # here: importing this module for command() needs no python-chess

    board, searches, pondering = chess.Board(), 0, None
    # name -> [default, min, max]; the values set, from the defaults
    declared = {}
    if spins:
        with open(spins, encoding="utf-8") as f:
            for line in filter(str.strip, f):
                name, _kind, value, low, high = [field.strip() for field in line.split(",")][:5]
                declared[name] = [int(value), int(low), int(high)]
    values = {name: d[0] for name, d in declared.items()}

    def say(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def send_bestmove(text: str) -> None:
        """A bestmove line (or two): ``wait`` sleeps ARG seconds first, whatever the search."""
        if mode == "wait":
            time.sleep(arg)
        say(text)

    def answer() -> str:
        move = sorted(board.legal_moves, key=lambda m: m.uci())[0]
        if declared:
            cp = arg * sum(values[n] - d[0] for n, d in declared.items())
        else:
            cp = 0 if mode == "wait" else arg if board.turn else -arg
        say(f"info depth 1 score cp {int(cp)} nodes 1 pv {move.uci()}")
        board.push(move)
        replies = sorted(board.legal_moves, key=lambda m: m.uci())
        board.pop()
        if searches >= 3 and mode == "illegal":
            move = next(m for m in map(chess.Move.from_uci, ILLEGAL_CANDIDATES) if m not in board.legal_moves)
        text = "bestmove " + move.uci()
        if replies:
            text += " ponder " + (replies[-1] if mode == "miss" and len(replies) > 1 else replies[0]).uci()
        return text

    for line in sys.stdin:
        tok = line.split()
        if not tok:
            continue
        if tok[0] == "uci":
            say("id name Fake-" + mode)
            for name, (value, low, high) in declared.items():
                say(f"option name {name} type spin default {value} min {low} max {high}")
            say("uciok")
        elif tok[0] == "isready":
            say("readyok")
        elif tok[0] == "quit":
            break
        elif tok[0] == "setoption" and len(tok) == 5 and tok[3] == "value" and tok[2] in declared:
            values[tok[2]] = int(tok[4])
            if log:
                with open(log, "a", encoding="utf-8") as f:
                    f.write(f"{os.getpid()} {line.strip()}\n")
        elif tok[0] == "position":
            fen, _, moves = line.split(None, 1)[1].partition(" moves ")
            fen = fen.strip()
            board = chess.Board() if fen == "startpos" else chess.Board(fen[4:].strip())
            for m in moves.split():
                board.push_uci(m)
        elif tok[0] in ("ponderhit", "stop") and pondering:
            send_bestmove(pondering)
            pondering = None
        elif tok[0] == "go":
            searches += 1
            text = answer()
            if "ponder" in tok:
                if mode == "early" and searches >= 3:
                    say(text)
                else:
                    pondering = text
                continue
            if searches >= 3:
                if mode == "crash":
                    sys.exit(3)
                if mode == "hang":
                    time.sleep(3600)
                if mode == "slow":
                    clock = "wtime" if board.turn else "btime"
                    time.sleep((int(tok[tok.index(clock) + 1]) / 1000.0 if clock in tok else 0.0) + arg)
                if mode == "doubled":
                    text += "\n" + text  # one write: the copy is there before the next command
            send_bestmove(text)


if __name__ == "__main__":
    flags = dict(zip(sys.argv[3::2], sys.argv[4::2]))
    main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 0.0, flags.get("--spins"), flags.get("--log"))
