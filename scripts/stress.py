#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Game stress test of a UCI engine: many short games in every mode a GUI uses, counting forfeits.

Each mode plays colour-swapped game pairs (openings as in ``match.py``, or Chess960 start
positions) between two processes of the engine, or the engine and ``--opponent``, driven over raw
stdin/stdout the way a GUI drives them (``uci_driver.py``); python-chess is used only for the rules.
The harness keeps the clocks (monotonic time, bestmove line time minus command time) and counts,
per mode:

- time losses: a ``bestmove`` later than the mover's clock (or ``movetime``) plus ``--timemargin``;
- illegal moves: a ``bestmove`` (or ``ponder`` move) that is not legal, ``bestmove (none)`` in a
  live position, or standard castling notation in Chess960 (king-takes-rook is required);
- crashes/hangs: the engine exits, or no ``bestmove`` (``readyok``) one second after the limit;
- doubled bestmoves: a ``bestmove`` no ``go`` asked for (seen before the next command or after
  the ``isready`` that ends every game);
- early bestmoves: a ``bestmove`` sent while pondering, before ``ponderhit`` or ``stop``.

A forfeit (any of these, by the tested engine) loses the game and makes the exit status 1.
"max overrun" is the largest (time used - limit) of a move of the tested engine: negative when every
move had time left.
Games end by the rules or by adjudication (both engines >= 1000 cp for 3 moves each; after move 40
within 10 cp for 8 moves each; ``--maxplies``).  Modes (default games in brackets)::

    sd1 [450]        1+0.01 sudden death, self-play
    sd2 [300]        2+0 sudden death, self-play
    sd2-debian [200] 2+0 against --opponent (default /usr/games/glaurung, Threads=1 OwnBook=false),
                     skipped when it is not installed; its own forfeits are reported, not counted
    mtg [150]        40 moves in 4 s, repeating (go wtime .. btime .. movestogo N)
    movetime [200]   go movetime 50
    ponder [150]     1+0.01, Ponder true: go ponder on the predicted move, then ponderhit, or stop
                     and a new go on a miss (concurrency 1)
    chess960 [200]   1+0.01 from random Chess960 start positions, UCI_Chess960 true
    multipv [150]    1+0.01, MultiPV 4
    hash1 [100]      1+0.01, Hash 1
    hash512 [100]    1+0.01, Hash 512
    threads2 [100]   1+0.01, Threads 2 (concurrency 1)

``--rss GAMES`` instead plays GAMES games in ONE engine process against itself (``ucinewgame``
between games, ``go nodes 500``), reading VmRSS from /proc every 100 games, to show that resident
memory stays at Hash plus a constant.  Examples (from the repository root)::

    scripts/stress.py --engine target/release/brudno --modes all --concurrency 2 --seed 1
    scripts/stress.py --engine target/release/brudno --modes sd1=40,ponder=10 --maxplies 120
    scripts/stress.py --engine target/release/brudno --rss 1000 --rss-hash 64
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import shlex
import shutil
import subprocess
import sys
import threading
import time
from typing import Dict, List, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import chess  # noqa: E402

import matchlib  # noqa: E402
import uci_driver  # noqa: E402
import workers  # noqa: E402
from uci_driver import Dead, Hung  # noqa: E402

GRACE = matchlib.HANG_GRACE_SECONDS  #: silence beyond limit + margin that counts as a hang
NODES_HANG = 10.0  #: a fixed-nodes search longer than this is a hang
FAULTS = ("time", "illegal", "crash", "doubled", "early")
FAULT_NAMES = {"time": "time losses", "illegal": "illegal", "crash": "crashes/hangs",
               "doubled": "doubled bestmoves", "early": "early bestmoves"}


@dataclasses.dataclass(frozen=True)
class Mode:
    name: str
    games: int  #: default number of games
    about: str
    base: float = 0.0  #: seconds per side (per period with mtg)
    inc: float = 0.0
    mtg: int = 0  #: moves per period; the clock gets base again after each period
    movetime: int = 0  #: ms
    nodes: int = 0
    options: Tuple[Tuple[str, str], ...] = ()
    opponent: bool = False
    ponder: bool = False
    chess960: bool = False
    solo: bool = False  #: two threads per game: concurrency 1

    @property
    def clocked(self) -> bool:
        return self.base > 0


FAST = dict(base=1.0, inc=0.01)
MODES = [
    Mode("sd1", 450, "1+0.01 sudden death, self-play", **FAST),
    Mode("sd2", 300, "2+0 sudden death, self-play", base=2.0),
    Mode("sd2-debian", 200, "2+0 sudden death against the opponent", base=2.0, opponent=True),
    Mode("mtg", 150, "40 moves in 4 s, repeating", base=4.0, mtg=40),
    Mode("movetime", 200, "go movetime 50", movetime=50),
    Mode("ponder", 150, "1+0.01, pondering", **FAST, options=(("Ponder", "true"),), ponder=True, solo=True),
    Mode("chess960", 200, "1+0.01, Chess960", **FAST, options=(("UCI_Chess960", "true"),), chess960=True),
    Mode("multipv", 150, "1+0.01, MultiPV 4", **FAST, options=(("MultiPV", "4"),)),
    Mode("hash1", 100, "1+0.01, Hash 1", **FAST, options=(("Hash", "1"),)),
    Mode("hash512", 100, "1+0.01, Hash 512", **FAST, options=(("Hash", "512"),)),
    Mode("threads2", 100, "1+0.01, Threads 2", **FAST, options=(("Threads", "2"),), solo=True),
]
MODE_BY_NAME = {m.name: m for m in MODES}


# ---------------------------------------------------------------------------
# a UCI process over raw pipes


class Uci(uci_driver.Engine):
    """An engine process that counts stray bestmoves and keeps the score of the current search."""

    def __init__(self, cmd: List[str], debug: bool = False):
        super().__init__(cmd, stderr=None if debug else subprocess.DEVNULL)
        self.strays = 0  #: bestmove lines nobody waited for
        self.score: Optional[int] = None  #: last (multipv 1) score of the current search, mover's view

    def passed(self, line: str) -> None:
        if line.startswith("bestmove"):
            self.strays += 1
        elif line.startswith("info") and " score " in line:
            tok = line.split()
            i = tok.index("score")
            if ("multipv" not in tok or tok[tok.index("multipv") + 1] == "1") and i + 2 < len(tok):
                kind, value = tok[i + 1], tok[i + 2]
                if kind == "cp" and value.lstrip("-").isdigit():
                    self.score = int(value)
                elif kind == "mate" and value.lstrip("-").isdigit():
                    self.score = (matchlib.MATE_CP - abs(int(value))) * (-1 if value.startswith("-") else 1)

    def rss_kb(self) -> int:
        with open(f"/proc/{self.p.pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


@dataclasses.dataclass
class Player:
    name: str
    cmd: List[str]
    options: List[Tuple[str, str]]
    tested: bool = True  #: its forfeits count (False for the opponent)


class Pool:
    """A worker's engine processes, kept between games and restarted after a fault."""

    def __init__(self, players: List[Player], debug: bool):
        self.players, self.debug = players, debug
        self.procs: Dict[int, Uci] = {}

    def get(self, slot: int) -> Uci:
        if slot not in self.procs:
            e = Uci(self.players[slot].cmd, self.debug)
            self.procs[slot] = e
            e.handshake(self.players[slot].options)
        return self.procs[slot]

    def discard(self, slot: int) -> None:
        e = self.procs.pop(slot, None)
        if e:
            e.close(kill=True)

    def close(self) -> None:
        for slot in list(self.procs):
            self.procs.pop(slot).close()


# ---------------------------------------------------------------------------
# one game


@dataclasses.dataclass
class Task:
    mode: Mode
    number: int
    white: int  #: slot of the white player (0 or 1; both 0 in one-process games)
    black: int
    fen: Optional[str]  #: None: the standard start position
    moves: List[chess.Move]
    chess960: bool = False


@dataclasses.dataclass
class Game:
    task: Task
    result: str = "*"
    reason: str = ""
    faults: List[Tuple[int, str, str]] = dataclasses.field(default_factory=list)  #: slot, kind, text
    plies: int = 0
    seconds: float = 0.0
    overrun: Optional[float] = None  #: max of (time used - limit), seconds


def ms(seconds: float) -> int:
    return int(max(0.0, seconds) * 1000)


def play_game(task: Task, pool: Pool, margin: float, adj: matchlib.Adjudication) -> Game:
    """Play one game as a GUI would; never raises for engine faults."""
    mode, g, started = task.mode, Game(task), time.monotonic()
    slots = {chess.WHITE: task.white, chess.BLACK: task.black}
    names = {c: pool.players[s].name for c, s in slots.items()}
    if task.chess960:
        board = chess.Board(task.fen, chess960=True)
    else:
        board = chess.Board(task.fen) if task.fen else chess.Board()
    root = "position startpos" if task.fen is None else f"position fen {task.fen}"
    for move in task.moves:
        board.push(move)
    clocks = {chess.WHITE: mode.base, chess.BLACK: mode.base}
    made = {chess.WHITE: 0, chess.BLACK: 0}
    pondering: Dict[chess.Color, Tuple[chess.Move, chess.Board]] = {}
    scores: List[Optional[int]] = []

    def fault(side: chess.Color, kind: str, text: str, discard: bool = True) -> None:
        g.faults.append((slots[side], kind, f"{names[side]} {text}"))
        if discard:
            pool.discard(slots[side])
            pondering.pop(side, None)
        if g.result == "*":
            g.result, g.reason = ("0-1" if side == chess.WHITE else "1-0"), f"{names[side]} {text}"

    def position(b: chess.Board) -> str:
        moves = " ".join(m.uci() for m in b.move_stack)
        return f"{root} moves {moves}" if moves else root

    def go(side: chess.Color, ponder: bool = False) -> str:
        if mode.nodes:
            return f"go nodes {mode.nodes}"
        cmd = "go ponder" if ponder else "go"
        if mode.movetime:
            return f"{cmd} movetime {mode.movetime}"
        cmd += f" wtime {ms(clocks[chess.WHITE])} btime {ms(clocks[chess.BLACK])}"
        if mode.inc:
            cmd += f" winc {ms(mode.inc)} binc {ms(mode.inc)}"
        if mode.mtg:
            cmd += f" movestogo {mode.mtg - made[side] % mode.mtg}"
        return cmd

    def legal(b: chess.Board, uci: str) -> Optional[chess.Move]:
        try:
            move = chess.Move.from_uci(uci)
        except ValueError:
            return None
        return move if move in b.legal_moves else None  # exact: king-takes-rook castling in 960

    def end_ponder(side: chess.Color) -> bool:
        """Stop a ponder search that will not be used; False after a fault."""
        _, ponder_board = pondering.pop(side)
        e = pool.procs[slots[side]]
        sent = e.send("stop")
        t, line = e.wait("bestmove", sent + margin + GRACE)
        if t < sent:
            fault(side, "early", "sent bestmove while pondering")
            return False
        tok = line.split()
        if len(tok) < 2 or not legal(ponder_board, tok[1]):
            fault(side, "illegal", f"illegal move after stop ({line})")
            return False
        return True

    try:
        for side in (chess.WHITE, chess.BLACK):
            try:
                e = pool.get(slots[side])
                before = e.strays
                e.drain()
                e.send("ucinewgame")
                e.sync()
                if e.strays > before:
                    fault(side, "doubled", "sent a bestmove nobody asked for")
            except (Dead, Hung, OSError) as err:
                fault(side, "crash", f"fails at the start of the game ({err})")
        while g.result == "*":
            outcome = board.outcome(claim_draw=True)
            if outcome is not None:
                g.result, g.reason = outcome.result(), outcome.termination.name.lower().replace("_", " ")
                break
            if g.plies >= adj.max_plies:
                g.result, g.reason = "1/2-1/2", "adjudication: max plies"
                break
            verdict = matchlib.adjudicate(scores, board, adj)
            if verdict:
                g.result, g.reason = verdict
                break
            side = board.turn
            e = pool.procs[slots[side]]
            limit = mode.movetime / 1000.0 if mode.movetime else clocks[side]
            ponder = pondering.get(side)
            if ponder and board.move_stack[-1] == ponder[0]:
                del pondering[side]
                hit = True
                t0 = e.send("ponderhit")
            else:
                hit = False
                if ponder and not end_ponder(side):
                    break
                before = e.strays
                e.drain()
                if e.strays > before:
                    fault(side, "doubled", "sent a bestmove nobody asked for")
                    break
                e.score = None
                e.send(position(board))
                t0 = e.send(go(side))
            deadline = t0 + (NODES_HANG if mode.nodes else max(0.0, limit) + margin + GRACE)
            try:
                t1, line = e.wait("bestmove", deadline)
            except Hung:
                fault(side, "crash", f"hangs (no bestmove {deadline - t0:.2f} s after {'ponderhit' if hit else 'go'})")
                break
            if hit and t1 < t0:
                fault(side, "early", "sent bestmove while pondering")
                break
            elapsed = t1 - t0
            if not mode.nodes:
                over = elapsed - limit
                if pool.players[slots[side]].tested:
                    g.overrun = over if g.overrun is None else max(g.overrun, over)
                if over > margin:
                    fault(side, "time", f"loses on time ({elapsed * 1000:.0f} ms, limit {limit * 1000:.0f} ms)",
                          discard=False)
                    break
            if mode.clocked:
                made[side] += 1
                clocks[side] += mode.inc - elapsed
                if mode.mtg and made[side] % mode.mtg == 0:
                    clocks[side] += mode.base
            tok = line.split()
            move = legal(board, tok[1]) if len(tok) > 1 else None
            if move is None:
                fault(side, "illegal", f"illegal move ({line})")
                break
            score = e.score
            scores.append(None if score is None else score if side == chess.WHITE else -score)
            board.push(move)
            g.plies += 1
            if len(tok) >= 4 and tok[2] == "ponder":
                guess = legal(board, tok[3])
                if guess is None:
                    fault(side, "illegal", f"illegal ponder move ({line})")
                    break
                if mode.ponder:
                    ponder_board = board.copy()
                    ponder_board.push(guess)
                    if not ponder_board.is_game_over():
                        e.score = None
                        e.send(position(ponder_board))
                        e.send(go(side, ponder=True))
                        pondering[side] = (guess, ponder_board)
    except Hung as err:
        fault(side, "crash", f"hangs ({err})")
    except Dead as err:
        fault(side, "crash", f"crashed ({err})")
    for side in (chess.WHITE, chess.BLACK):  # stop ponder searches; then nothing more may come
        try:
            if side in pondering:
                end_ponder(side)
            e = pool.procs.get(slots[side])
            if e is not None:
                before = e.strays
                e.sync()
                time.sleep(0.02)
                e.drain()
                if e.strays > before:
                    fault(side, "doubled", "sent a bestmove nobody asked for")
        except (Hung, Dead) as err:
            fault(side, "crash", f"fails after the game ({err})")
    g.seconds = time.monotonic() - started
    return g


# ---------------------------------------------------------------------------
# modes, scheduling, report


@dataclasses.dataclass
class Tally:
    games: int = 0
    results: Dict[str, int] = dataclasses.field(default_factory=lambda: {"1-0": 0, "1/2-1/2": 0, "0-1": 0})
    wdl: List[int] = dataclasses.field(default_factory=lambda: [0, 0, 0])  #: slot 0's view
    plies: int = 0
    seconds: float = 0.0
    faults: Dict[str, int] = dataclasses.field(default_factory=lambda: dict.fromkeys(FAULTS, 0))
    other: int = 0  #: forfeits of an untested opponent
    internal: int = 0  #: games lost to a harness error
    overrun: Optional[float] = None

    def add(self, g: Game, players: List[Player]) -> None:
        self.games += 1
        self.results[g.result] = self.results.get(g.result, 0) + 1
        if g.result == "1/2-1/2":
            self.wdl[1] += 1
        else:
            self.wdl[0 if (g.result == "1-0") == (g.task.white == 0) else 2] += 1
        self.plies += g.plies
        self.seconds += g.seconds
        for slot, kind, _ in g.faults:
            if players[slot].tested:
                self.faults[kind] += 1
            else:
                self.other += 1
        if g.overrun is not None:
            self.overrun = g.overrun if self.overrun is None else max(self.overrun, g.overrun)

    def merge(self, t: "Tally") -> None:
        self.games += t.games
        self.plies += t.plies
        self.seconds += t.seconds
        self.other += t.other
        self.internal += t.internal
        for k in FAULTS:
            self.faults[k] += t.faults[k]
        for k, v in t.results.items():
            self.results[k] = self.results.get(k, 0) + v
        if t.overrun is not None:
            self.overrun = t.overrun if self.overrun is None else max(self.overrun, t.overrun)

    @property
    def forfeits(self) -> int:
        return sum(self.faults.values())

    def line(self, name: str, wall: float, opponent: Optional[str] = None) -> str:
        r = self.results
        text = f"{name}: {self.games} games"
        if opponent:
            text += f", W/D/L {self.wdl[0]}/{self.wdl[1]}/{self.wdl[2]} vs {opponent}"
        text += f", 1-0 {r['1-0']} = {r['1/2-1/2']} 0-1 {r['0-1']}, {self.plies} plies, {wall:.0f} s"
        text += "; " + ", ".join(f"{FAULT_NAMES[k]} {v}" for k, v in self.faults.items())
        if self.overrun is not None:
            text += f"; max overrun {self.overrun * 1000:+.0f} ms"
        if opponent:
            text += f"; {opponent} forfeits {self.other}"
        if self.internal:
            text += f"; HARNESS ERRORS {self.internal}"
        return text


def make_tasks(mode: Mode, games: int, openings: List[matchlib.Opening], seed: int) -> List[Task]:
    rng = random.Random(f"{seed}:{mode.name}")
    order = list(openings)
    rng.shuffle(order)
    tasks = []
    for n in range(games):
        k = n // 2
        if mode.chess960:
            if n % 2 == 0:
                pos = rng.randrange(960)
            # X-FEN (KQkq) for even pairs, Shredder-FEN (HAha) for odd ones: GUIs send both
            fen, moves = chess.Board.from_chess960_pos(pos).fen(shredder=k % 2 == 1), []
        else:
            fen, moves = order[k % len(order)].fen, order[k % len(order)].moves
        white = 0 if n % 2 == 0 else 1
        tasks.append(Task(mode, n + 1, white, 1 - white, fen, list(moves), mode.chess960))
    return tasks


def play_or_restart(task: Task, pool: Pool, margin: float, adj: matchlib.Adjudication) -> Game:
    """:func:`play_game`; after a harness error the pool's engines are restarted."""
    try:
        return play_game(task, pool, margin, adj)
    except Exception:
        pool.close()
        raise


def run_mode(mode: Mode, games: int, players: List[Player], args, openings) -> Tally:
    tally = Tally()
    tasks = make_tasks(mode, games, openings, args.seed)
    adj = matchlib.Adjudication(resign_moves=3, resign_cp=1000, draw_movenumber=40, draw_moves=8, draw_cp=10,
                                max_plies=args.maxplies)
    margin = args.timemargin / 1000.0
    pool = workers.Workers(tasks, lambda: Pool(players, args.debug),
                           lambda task, engines: play_or_restart(task, engines, margin, adj),
                           1 if mode.solo else args.concurrency, name=mode.name)
    for g in pool.results():
        if isinstance(g, workers.Failure):
            print(f"internal error in {mode.name} game {g.task.number}: {g.error!r}", file=sys.stderr)
            tally.internal += 1
            continue
        tally.add(g, players)
        flag = "FORFEIT " if any(players[s].tested for s, _, _ in g.faults) else ""
        if g.faults or not args.quiet:
            w, b = players[g.task.white].name, players[g.task.black].name
            print(f"{flag}{mode.name} {g.task.number}/{len(tasks)}: {w} - {b} {g.result} ({g.reason}, "
                  f"{g.plies} plies, {g.seconds:.1f} s)", flush=True)
            for _, _, text in g.faults[1:]:
                print(f"  also: {text}", flush=True)
    return tally


def run_rss(args, openings) -> int:
    """``--rss``: one process, many games against itself, VmRSS every ``--rss-every`` games."""
    mode = Mode("rss", args.rss, f"go nodes {args.rss_nodes}", nodes=args.rss_nodes)
    player = Player("brudno", shlex.split(args.engine), [("Hash", str(args.rss_hash))] + args.option)
    pool = Pool([player], args.debug)
    adj = matchlib.Adjudication(resign_moves=3, resign_cp=1000, max_plies=args.maxplies)
    tally, samples, stop = Tally(), [], threading.Event()
    tasks = make_tasks(mode, args.rss, openings, args.seed)
    for task in tasks:
        task.white = task.black = 0

    def report(g) -> None:
        if isinstance(g, workers.Failure):
            raise g.error
        tally.add(g, [player])
        for _, _, text in g.faults:
            print(f"FORFEIT rss game {g.task.number}: {text}", flush=True)
        if 0 not in pool.procs:
            print("rss: the engine process was restarted; the samples no longer belong to one process")
            stop.set()
        elif g.task.number % args.rss_every == 0 or g.task.number == args.rss:
            samples.append((g.task.number, pool.procs[0].rss_kb()))
            print(f"rss: after {g.task.number} games: VmRSS {samples[-1][1] / 1024:.1f} MB", flush=True)

    try:
        pool.get(0)
        samples.append((0, pool.procs[0].rss_kb()))
        print(f"rss: Hash {args.rss_hash} MB, {args.rss} games at go nodes {args.rss_nodes}, one process "
              f"(pid {pool.procs[0].p.pid}); VmRSS after 0 games: {samples[0][1] / 1024:.1f} MB", flush=True)
        workers.play_queue(workers.task_queue(tasks), pool,
                           lambda task, engines: play_game(task, engines, args.timemargin / 1000.0, adj),
                           report, stop)
    except (Dead, Hung, OSError) as err:
        print(f"rss: engine failed: {err}", flush=True)
        return 1
    finally:
        pool.close()
    after = samples[1:] or samples
    first, last = after[0], after[-1]
    print(f"rss: Hash {args.rss_hash} MB: first {first[1] / 1024:.1f} MB (after {first[0]} games), "
          f"last {last[1] / 1024:.1f} MB (after {last[0]} games), max {max(s for _, s in after) / 1024:.1f} MB, "
          f"growth {(last[1] - first[1]) / 1024:+.1f} MB; {tally.games} games, {tally.plies} plies, "
          f"forfeits {tally.forfeits}")
    return 1 if tally.forfeits else 0


def parse_modes(text: str, games_per_mode: Optional[int]) -> List[Tuple[Mode, int]]:
    chosen = []
    for item in text.split(","):
        name, _, count = item.strip().partition("=")
        names = [m.name for m in MODES] if name == "all" else [name]
        for n in names:
            if n not in MODE_BY_NAME:
                raise ValueError(f"unknown mode {n!r} (modes: {', '.join(MODE_BY_NAME)})")
            mode = MODE_BY_NAME[n]
            games = int(count) if count else games_per_mode or mode.games
            if games < 1:
                raise ValueError(f"{n}: games must be positive")
            chosen.append((mode, games))
    return chosen


def parse_args(argv: Optional[List[str]] = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--engine", default=str(matchlib.DEFAULT_BINARY), help="engine command (default: %(default)s)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="UCI option for the tested engine in every mode (repeatable)")
    p.add_argument("--modes", default="all",
                   help="'all' or a comma list of modes, each optionally NAME=GAMES (default all)")
    p.add_argument("--games-per-mode", type=int, help="games for every mode without =GAMES (default: per mode)")
    p.add_argument("--concurrency", type=int, default=os.cpu_count() or 1,
                   help="games at once (ponder and threads2 always 1; default: CPUs)")
    p.add_argument("--seed", type=int, default=1, help="opening order and Chess960 positions")
    p.add_argument("--openings", default=str(matchlib.REPO_ROOT / "book" / "openings-moves.txt"),
                   help="openings file as for match.py (default: %(default)s)")
    p.add_argument("--opponent", default="/usr/games/glaurung", help="engine of sd2-debian (default: %(default)s)")
    p.add_argument("--opponent-option", action="append", metavar="NAME=VALUE",
                   help="option of the opponent (repeatable; default Threads=1 OwnBook=false)")
    p.add_argument("--timemargin", type=float, default=100.0, metavar="MS",
                   help="tolerated overrun of the clock or movetime (default 100 ms)")
    p.add_argument("--maxplies", type=int, default=250, help="draw after this many plies (default 250)")
    p.add_argument("--quiet", action="store_true", help="print only forfeits and summaries")
    p.add_argument("--rss", type=int, metavar="GAMES", help="memory test instead: GAMES games in one process")
    p.add_argument("--rss-hash", type=int, default=16, metavar="MB", help="Hash of the memory test (default 16)")
    p.add_argument("--rss-nodes", type=int, default=500, help="nodes per move of the memory test (default 500)")
    p.add_argument("--rss-every", type=int, default=100, help="games between VmRSS samples (default 100)")
    p.add_argument("--debug", action="store_true", help="show the engines' stderr")
    args = p.parse_args(argv)

    def pairs(items: List[str]) -> List[Tuple[str, str]]:
        out = []
        for item in items:
            name, sep, value = item.partition("=")
            if not sep:
                p.error(f"option {item!r} needs NAME=VALUE")
            out.append((name.strip(), value.strip()))
        return out

    args.option = pairs(args.option)
    args.opponent_option = pairs(args.opponent_option or ["Threads=1", "OwnBook=false"])
    try:
        args.chosen = parse_modes(args.modes, args.games_per_mode)
    except ValueError as err:
        p.error(str(err))
    if args.concurrency < 1 or args.maxplies < 1 or (args.rss is not None and args.rss < 1):
        p.error("--concurrency, --maxplies and --rss must be positive")
    return args


def run(args: argparse.Namespace) -> Tuple[int, Dict[str, Tally]]:
    """Play the chosen modes; (exit status, tally per mode)."""
    openings = matchlib.load_openings(args.openings)
    if not shlex.split(args.engine) or not shutil.which(shlex.split(args.engine)[0]):
        raise ValueError(f"engine {args.engine!r} not found (build it: cargo build --release)")
    if args.rss:
        return run_rss(args, openings), {}
    engine = shlex.split(args.engine)
    tallies: Dict[str, Tally] = {}
    lines, total, started = [], Tally(), time.monotonic()
    print(f"engine {args.engine}, margin {args.timemargin:g} ms, max plies {args.maxplies}, seed {args.seed}, "
          f"openings {args.openings}", flush=True)
    for mode, games in args.chosen:
        options = list(mode.options) + [o for o in args.option if o[0] not in dict(mode.options)]
        players = [Player("A", engine, options), Player("B", engine, options)]
        opponent = None
        if mode.opponent:
            opp = shlex.split(args.opponent)
            if not opp or not shutil.which(opp[0]):
                line = f"{mode.name}: skipped ({args.opponent} is not installed)"
                print(line, flush=True)
                lines.append(line)
                continue
            opponent = os.path.basename(opp[0])
            players[1] = Player(opponent, opp, args.opponent_option, tested=False)
        print(f"{mode.name}: {games} games, {mode.about}, concurrency {1 if mode.solo else args.concurrency}",
              flush=True)
        t = time.monotonic()
        tally = run_mode(mode, games, players, args, openings)
        tallies[mode.name] = tally
        total.merge(tally)
        line = tally.line(mode.name, time.monotonic() - t, opponent)
        print(line, flush=True)
        lines.append(line)
    print("\nsummary")
    for line in lines:
        print(line)
    print(total.line("total", time.monotonic() - started) + f"; forfeits {total.forfeits}", flush=True)
    return (1 if total.forfeits else 2 if total.internal else 0), tallies


def main(argv: Optional[List[str]] = None) -> int:
    args = parse_args(argv)
    try:
        return run(args)[0]
    except (OSError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
