# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared engine-match machinery for Brudno's testing scripts.

Used by ``match.py`` (head-to-head, gauntlet, SPRT), ``sprt.py``, ``ladder.py``
(strength ladder against the Debian engines) and ``make_openings.py`` (engine
launching); ``stress.py`` takes its adjudication (:func:`adjudicate`).  Built on
python-chess's synchronous engine API (:class:`chess.engine.SimpleEngine`);
every concurrent game runs in its own worker thread (``workers.py``), which
keeps its own engine processes alive between games.

Rules enforced here, independently of what the engines believe:

* The harness keeps the clocks: the wall time of every engine move is
  measured and subtracted, the increment added.  An engine that exceeds its
  clock by more than the time margin loses on time (a draw if the opponent
  cannot mate).  A hung engine is killed once its clock plus the margin
  plus one second has run out.
* An illegal or missing move, an engine crash, a failure to start or a
  broken pipe loses the game.  These faults are counted per engine.
* Draws by the rules (stalemate, insufficient material, threefold
  repetition, fifty moves) are claimed for the engines, and optional
  resign / draw / maximum-length adjudication ends hopeless games early.
* Engines that cannot start from a FEN (XBoard engines without ``setboard``,
  or engines marked ``startpos_only``) play FEN openings from the start
  position instead; openings given as move lists are played to them move by
  move, which works for every engine.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import logging
import os
import random
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import chess
import chess.engine
import chess.pgn

import stats
import workers
from refbuild import REPO_ROOT, build_ref

DEFAULT_BINARY = REPO_ROOT / "target" / "release" / "brudno"

#: a move limited by nodes or depth that takes longer than this is a hang
FIXED_LIMIT_HANG_SECONDS = 120.0
#: extra time beyond clock + margin before a silent engine is killed
HANG_GRACE_SECONDS = 1.0
#: mate scores are mapped to this many centipawns
MATE_CP = 100_000

LOG = logging.getLogger("brudno.match")


# ---------------------------------------------------------------------------
# configuration


@dataclasses.dataclass
class EngineSpec:
    """How to start and configure one engine."""

    cmd: List[str]
    name: Optional[str] = None  #: display name (default: the engine's id name)
    proto: str = "uci"  #: "uci" or "xboard"
    options: Dict[str, str] = dataclasses.field(default_factory=dict)
    startpos_only: bool = False  #: cannot be given a FEN (detected for xboard)

    def describe(self) -> str:
        return shlex.join(self.cmd)


@dataclasses.dataclass
class TimeControl:
    """Clock (base + increment, seconds) or a fixed node / depth limit."""

    base: Optional[float] = None
    inc: float = 0.0
    nodes: Optional[int] = None
    depth: Optional[int] = None
    margin: float = 0.1  #: tolerated clock overrun, seconds

    @classmethod
    def parse(cls, tc: Optional[str] = None, nodes: Optional[int] = None,
              depth: Optional[int] = None, margin_ms: float = 100.0) -> "TimeControl":
        """From ``"base+inc"`` (seconds) or nodes / depth; exactly one is needed."""
        if sum(x is not None for x in (tc, nodes, depth)) != 1:
            raise ValueError("give exactly one of --tc, --nodes, --depth")
        margin = margin_ms / 1000.0
        if tc is not None:
            base_s, _, inc_s = tc.partition("+")
            base, inc = float(base_s), float(inc_s or 0.0)
            if base <= 0 or inc < 0:
                raise ValueError(f"bad time control {tc!r}")
            return cls(base=base, inc=inc, margin=margin)
        return cls(nodes=nodes, depth=depth, margin=margin)

    @property
    def clocked(self) -> bool:
        return self.base is not None

    def pgn_tag(self) -> str:
        """PGN ``TimeControl`` tag value."""
        if self.clocked:
            return f"{self.base:g}+{self.inc:g}"
        return "-"

    def describe(self) -> str:
        if self.clocked:
            return f"tc {self.base:g}+{self.inc:g}s"
        return f"nodes {self.nodes}" if self.nodes is not None else f"depth {self.depth}"


@dataclasses.dataclass
class Adjudication:
    """Early ending of decided or dead-drawn games (None disables a rule)."""

    resign_moves: Optional[int] = None
    resign_cp: int = 0
    draw_movenumber: Optional[int] = None
    draw_moves: int = 0
    draw_cp: int = 0
    max_plies: int = 400


@dataclasses.dataclass
class Opening:
    """Start of a game: a FEN (None = standard start) plus moves from it."""

    fen: Optional[str] = None
    moves: List[chess.Move] = dataclasses.field(default_factory=list)

    def board(self) -> chess.Board:
        board = chess.Board(self.fen) if self.fen else chess.Board()
        for move in self.moves:
            board.push(move)
        return board

    @property
    def needs_setboard(self) -> bool:
        return self.fen is not None and self.fen != chess.STARTING_FEN


def parse_opening_line(line: str) -> Optional[Opening]:
    """Parse one line of an openings file; None for blank lines and comments.

    Accepted forms: a full FEN (6 fields); an EPD line (4 fields, optional
    operations such as ``hmvc``/``fmvn``); or a move list from the start
    position in UCI or SAN, move numbers allowed (``e2e4 e7e5 g1f3`` or
    ``1. e4 e5 2. Nf3``).
    """
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    tokens = line.split()
    # move list?
    board = chess.Board()
    moves: List[chess.Move] = []
    try:
        for tok in tokens:
            if tok.rstrip(".").isdigit() and tok.endswith("."):
                continue
            try:
                move = board.parse_uci(tok)
            except ValueError:
                move = board.parse_san(tok)
            board.push(move)
            moves.append(move)
        return Opening(None, moves)
    except ValueError:
        pass
    if len(tokens) >= 6 and tokens[4].isdigit() and tokens[5].isdigit():
        return Opening(chess.Board(" ".join(tokens[:6])).fen())
    board, _ops = chess.Board.from_epd(line)
    return Opening(board.fen())


def load_openings(path: str) -> List[Opening]:
    """All openings of a file (see :func:`parse_opening_line`)."""
    openings = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            try:
                opening = parse_opening_line(line)
            except ValueError as err:
                raise ValueError(f"{path}:{number}: {err}") from None
            if opening is not None:
                openings.append(opening)
    if not openings:
        raise ValueError(f"{path}: no openings")
    return openings


# ---------------------------------------------------------------------------
# engines


class _Features(dict):
    """XBoard feature table that remembers, but does not enforce, ``setboard``.

    python-chess refuses XBoard engines that declare ``setboard=0`` (Fairy-Max
    does).  Such engines can still play games from the start position, which
    python-chess sends without ``setboard``; the harness never gives them a
    FEN (see :attr:`EngineSpec.startpos_only`).
    """

    def __init__(self) -> None:
        super().__init__(setboard=1)
        self.setboard_declared = 0

    def __setitem__(self, key, value) -> None:
        if key == "setboard":
            self.setboard_declared = value
            value = 1
        super().__setitem__(key, value)


class LenientXBoardProtocol(chess.engine.XBoardProtocol):
    """XBoard protocol that accepts engines without ``setboard``."""

    def __init__(self) -> None:
        super().__init__()
        self.features = _Features()

    @property
    def can_setboard(self) -> bool:
        return bool(self.features.setboard_declared)


def launch(spec: EngineSpec, debug: bool = False) -> chess.engine.SimpleEngine:
    """Start an engine and apply its options (unknown options are skipped)."""
    protocol = LenientXBoardProtocol if spec.proto == "xboard" else chess.engine.UciProtocol
    stderr = None if debug else subprocess.DEVNULL
    # own process group: Ctrl-C in the terminal must not kill the engines of
    # the games that are being finished
    engine = chess.engine.SimpleEngine.popen(protocol, spec.cmd, timeout=30.0, setpgrp=True, stderr=stderr)
    try:
        available = engine.options
        config = {}
        for name, value in spec.options.items():
            if name not in available:
                LOG.warning("%s: no option %r, skipped", spec.name or spec.describe(), name)
                continue
            config[name] = value
        if config:
            engine.configure(config)
        if spec.proto == "xboard" and not engine.protocol.can_setboard:
            spec.startpos_only = True
    except BaseException:
        engine.close()
        raise
    return engine


def close_engine(engine: Optional[chess.engine.SimpleEngine], polite: bool = True) -> None:
    """Stop an engine: ``quit`` first if ``polite``, then close the transport.

    Closing the transport kills a process that is still running, so an
    engine in an unknown state (crashed, hung) is stopped with polite=False
    without waiting for it.
    """
    if engine is None:
        return
    if polite:
        try:
            engine.quit()
        except Exception:  # noqa: BLE001 - dead or hung engines are expected here
            pass
    engine.close()


def probe(specs: Sequence[EngineSpec], debug: bool = False) -> None:
    """Start each engine once: fail early, fill in names, detect startpos_only.

    Duplicate names get a ``#2``, ``#3``... suffix.
    """
    seen: Dict[str, int] = {}
    for spec in specs:
        try:
            engine = launch(spec, debug)
        except Exception as err:  # noqa: BLE001
            raise RuntimeError(f"cannot start {spec.describe()}: {err}") from err
        try:
            if not spec.name:
                spec.name = engine.id.get("name") or Path(spec.cmd[0]).name
        finally:
            close_engine(engine)
        base = spec.name
        seen[base] = seen.get(base, 0) + 1
        if seen[base] > 1:
            spec.name = f"{base}#{seen[base]}"


def play_move(engine: chess.engine.SimpleEngine, board: chess.Board, limit: chess.engine.Limit,
              game_token: object, timeout: float) -> chess.engine.PlayResult:
    """``engine.play`` with a hard timeout (SimpleEngine has none for clocks)."""
    coro = asyncio.wait_for(
        engine.protocol.play(board, limit, game=game_token, info=chess.engine.INFO_SCORE), timeout)
    future = asyncio.run_coroutine_threadsafe(coro, engine.protocol.loop)
    return future.result()


class EngineSet:
    """The running engine processes of one worker thread, started on demand."""

    def __init__(self, specs: Sequence[EngineSpec], debug: bool = False):
        self.specs = specs
        self.debug = debug
        self.engines: Dict[int, chess.engine.SimpleEngine] = {}

    def get(self, index: int) -> chess.engine.SimpleEngine:
        engine = self.engines.get(index)
        if engine is None:
            engine = launch(self.specs[index], self.debug)
            self.engines[index] = engine
        return engine

    def discard(self, index: int) -> None:
        """Kill an engine whose state is unknown (crash, hang, protocol error)."""
        close_engine(self.engines.pop(index, None), polite=False)

    def close(self) -> None:
        """Quit all engines."""
        while self.engines:
            close_engine(self.engines.popitem()[1])


# ---------------------------------------------------------------------------
# one game

FAULT_TIME, FAULT_ILLEGAL, FAULT_CRASH = "time", "illegal", "crash"

_TERMINATION_NAMES = {
    chess.Termination.CHECKMATE: "checkmate",
    chess.Termination.STALEMATE: "stalemate",
    chess.Termination.INSUFFICIENT_MATERIAL: "insufficient material",
    chess.Termination.SEVENTYFIVE_MOVES: "fifty-move rule",
    chess.Termination.FIFTY_MOVES: "fifty-move rule",
    chess.Termination.FIVEFOLD_REPETITION: "threefold repetition",
    chess.Termination.THREEFOLD_REPETITION: "threefold repetition",
}


@dataclasses.dataclass
class GameTask:
    """One scheduled game; games 2k and 2k+1 of a pair share an opening."""

    number: int  #: 1-based game number
    pair: int  #: game-pair id
    white: int  #: engine index
    black: int
    opening: Opening
    opponent: int  #: index of the non-reference engine (key for the scoreboard)


@dataclasses.dataclass
class GameResult:
    task: GameTask
    white: str
    black: str
    result: str  #: "1-0", "0-1" or "1/2-1/2"
    reason: str
    fault: Optional[str] = None  #: FAULT_* of the engine that forfeited
    fault_engine: Optional[int] = None
    plies: int = 0
    seconds: float = 0.0
    pgn: Optional[chess.pgn.Game] = None

    def score_for(self, engine_index: int) -> float:
        """Points (0, 0.5, 1) of an engine that took part."""
        if self.result == "1/2-1/2":
            return 0.5
        white_won = self.result == "1-0"
        return 1.0 if white_won == (engine_index == self.task.white) else 0.0


def _format_comment(score: Optional[int], depth: Optional[int], seconds: float) -> str:
    if score is None:
        text = "n/a"
    elif abs(score) >= MATE_CP // 2:
        plies = MATE_CP - abs(score)
        text = f"{'+' if score > 0 else '-'}M{(plies + 1) // 2}"
    else:
        text = f"{score / 100:+.2f}"
    if depth is not None:
        text += f"/{depth}"
    return f"{text} {seconds:.3f}s"


def adjudicate(scores: List[Optional[int]], board: chess.Board, adj: Adjudication) -> Optional[Tuple[str, str]]:
    """Resign or draw adjudication: result and reason from the white-POV scores of the engine
    moves so far (None where a move had no score), or None while the game goes on."""
    if adj.resign_moves:
        window = scores[-2 * adj.resign_moves:]
        if len(window) == 2 * adj.resign_moves and all(s is not None for s in window):
            if all(s >= adj.resign_cp for s in window):
                return "1-0", "adjudication: resign"
            if all(s <= -adj.resign_cp for s in window):
                return "0-1", "adjudication: resign"
    if adj.draw_movenumber is not None and adj.draw_moves and board.fullmove_number > adj.draw_movenumber:
        window = scores[-2 * adj.draw_moves:]
        if len(window) == 2 * adj.draw_moves and all(s is not None and abs(s) <= adj.draw_cp for s in window):
            return "1/2-1/2", "adjudication: draw"
    return None


def play_game(task: GameTask, specs: Sequence[EngineSpec], engines: EngineSet, tc: TimeControl,
              adj: Adjudication, event: str = "Brudno match") -> GameResult:
    """Play one game to the end and return its result (never raises for engine faults)."""
    started = time.monotonic()
    indices = {chess.WHITE: task.white, chess.BLACK: task.black}
    names = {c: specs[i].name or specs[i].describe() for c, i in indices.items()}
    opening = task.opening
    if opening.needs_setboard and any(specs[i].startpos_only for i in indices.values()):
        opening = Opening()  # documented fallback: start position
    board = opening.board()

    game = chess.pgn.Game()
    if opening.fen:
        game.setup(chess.Board(opening.fen))
    node: chess.pgn.GameNode = game
    for move in opening.moves:
        node = node.add_variation(move)
    if opening.moves:
        node.comment = "book"

    clocks = {chess.WHITE: tc.base or 0.0, chess.BLACK: tc.base or 0.0}
    scores: List[Optional[int]] = []  # white POV, one per engine move
    token = object()  # new game for the engines (ucinewgame / new)
    result = reason = None
    fault = fault_side = None

    def forfeit(side: chess.Color, kind: str, text: str) -> None:
        nonlocal result, reason, fault, fault_side
        fault, fault_side = kind, side
        reason = text
        if kind == FAULT_TIME and board.has_insufficient_material(not side):
            result = "1/2-1/2"
            reason += " (opponent cannot mate)"
        else:
            result = "0-1" if side == chess.WHITE else "1-0"

    # start both engines (a failure to start is a crash of that engine)
    for side in (chess.WHITE, chess.BLACK):
        try:
            engines.get(indices[side])
        except Exception as err:  # noqa: BLE001
            engines.discard(indices[side])
            forfeit(side, FAULT_CRASH, f"{names[side]} failed to start: {type(err).__name__} {err}".strip())
            break

    plies = 0
    while result is None:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            result = outcome.result()
            reason = _TERMINATION_NAMES.get(outcome.termination, outcome.termination.name.lower())
            break
        if plies >= adj.max_plies:
            result, reason = "1/2-1/2", "adjudication: max moves"
            break
        verdict = adjudicate(scores, board, adj)
        if verdict:
            result, reason = verdict
            break

        side = board.turn
        index = indices[side]
        engine = engines.get(index)
        if tc.clocked:
            limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                       white_inc=tc.inc, black_inc=tc.inc, clock_id=token)
            timeout = clocks[side] + tc.margin + HANG_GRACE_SECONDS
        else:
            limit = chess.engine.Limit(nodes=tc.nodes, depth=tc.depth)
            timeout = FIXED_LIMIT_HANG_SECONDS
        t0 = time.monotonic()
        try:
            played = play_move(engine, board, limit, token, timeout)
        except chess.engine.EngineTerminatedError:
            engines.discard(index)
            forfeit(side, FAULT_CRASH, f"{names[side]} crashed")
            break
        except (asyncio.TimeoutError, TimeoutError):
            engines.discard(index)
            forfeit(side, FAULT_TIME if tc.clocked else FAULT_CRASH,
                    f"{names[side]} loses on time" if tc.clocked else f"{names[side]} hangs")
            break
        except chess.engine.EngineError as err:
            engines.discard(index)
            forfeit(side, FAULT_ILLEGAL, f"{names[side]} illegal move ({err})")
            break
        except Exception as err:  # noqa: BLE001 - broken pipe and the like
            engines.discard(index)
            forfeit(side, FAULT_CRASH, f"{names[side]} disconnects ({type(err).__name__})")
            break
        elapsed = time.monotonic() - t0

        if tc.clocked:
            if elapsed > clocks[side] + tc.margin:
                forfeit(side, FAULT_TIME, f"{names[side]} loses on time")
                break
            clocks[side] += tc.inc - elapsed
        if played.resigned:
            result = "0-1" if side == chess.WHITE else "1-0"
            reason = f"{names[side]} resigns"
            break
        move = played.move
        if not move or move not in board.legal_moves:
            forfeit(side, FAULT_ILLEGAL, f"{names[side]} illegal move ({move})")
            break

        pov = played.info.get("score")
        score = pov.white().score(mate_score=MATE_CP) if pov is not None else None
        scores.append(score)
        board.push(move)
        plies += 1
        node = node.add_variation(move)
        mover_score = None if score is None else (score if side == chess.WHITE else -score)
        node.comment = _format_comment(mover_score, played.info.get("depth"), elapsed)

    now = datetime.datetime.now()
    game.headers["Event"] = event
    game.headers["Site"] = os.uname().nodename
    game.headers["Date"] = now.strftime("%Y.%m.%d")
    game.headers["Round"] = str(task.number)
    game.headers["White"] = names[chess.WHITE]
    game.headers["Black"] = names[chess.BLACK]
    game.headers["Result"] = result
    game.headers["TimeControl"] = tc.pgn_tag()
    game.headers["Termination"] = reason
    game.headers["PlyCount"] = str(len(board.move_stack))
    return GameResult(task, names[chess.WHITE], names[chess.BLACK], result, reason,
                      fault, indices[fault_side] if fault_side is not None else None,
                      plies, time.monotonic() - started, game)


# ---------------------------------------------------------------------------
# scheduling


def schedule(n_engines: int, games: int, openings: Optional[Sequence[Opening]],
             seed: Optional[int] = None) -> List[GameTask]:
    """Game-pair schedule: engine 0 against each other engine, ``games`` each.

    Each opening is played twice with colours swapped (engine 0 has white in
    the first game of a pair).  The opening order is shuffled with ``seed``
    and repeated when more pairs than openings are needed; without openings
    every game starts from the initial position.  Opponents alternate pair by
    pair, so an interrupted gauntlet has a similar number of games for each.
    """
    order = list(openings) if openings else [Opening()]
    random.Random(seed).shuffle(order)
    pairs_per_opponent = (games + 1) // 2
    tasks: List[GameTask] = []
    number = 0
    pair = 0
    for k in range(pairs_per_opponent):
        opening = order[k % len(order)]
        for opponent in range(1, n_engines):
            for game_in_pair in range(2):
                if 2 * k + game_in_pair >= games:
                    break
                number += 1
                white, black = (0, opponent) if game_in_pair == 0 else (opponent, 0)
                tasks.append(GameTask(number, pair, white, black, opening, opponent))
            pair += 1
    return tasks


def run_games(tasks: Sequence[GameTask], specs: Sequence[EngineSpec], tc: TimeControl,
              adj: Adjudication, concurrency: int, on_result: Callable[[GameResult], bool],
              event: str = "Brudno match", debug: bool = False) -> None:
    """Play the tasks on ``concurrency`` worker threads.

    ``on_result`` is called in the calling thread, in completion order; when
    it returns True no further game is started (games already running are
    finished and reported).  Ctrl-C stops dispatching as well.
    """
    pool = workers.Workers(list(tasks), lambda: EngineSet(specs, debug),
                           lambda task, engines: play_game(task, specs, engines, tc, adj, event), concurrency)
    try:
        for item in pool.results():
            if isinstance(item, workers.Failure):
                print(f"internal error in a game: {item.error!r}", file=sys.stderr)
            elif on_result(item):
                pool.stop.set()
    except KeyboardInterrupt:
        pool.stop.set()
        print("\ninterrupted: finishing the games in progress (Ctrl-C again to abort)", file=sys.stderr)
        try:
            for item in pool.results():
                if isinstance(item, GameResult):
                    on_result(item)
        except KeyboardInterrupt:
            pool.close_engines()
            raise


# ---------------------------------------------------------------------------
# results


@dataclasses.dataclass
class Faults:
    time: int = 0
    illegal: int = 0
    crash: int = 0

    def add(self, kind: str) -> None:
        setattr(self, kind, getattr(self, kind) + 1)

    def __str__(self) -> str:
        return f"time losses {self.time}, illegal moves {self.illegal}, crashes {self.crash}"


class Scoreboard:
    """Running results of engine 0 against one opponent (W/D/L from engine 0)."""

    def __init__(self, reference: str, opponent: str):
        self.reference = reference
        self.opponent = opponent
        self.wins = self.draws = self.losses = 0
        self.penta = [0, 0, 0, 0, 0]
        self._half_pairs: Dict[int, float] = {}
        self.faults = {reference: Faults(), opponent: Faults()}
        self.plies = 0
        self.seconds = 0.0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def trinomial(self) -> Tuple[int, int, int]:
        return self.losses, self.draws, self.wins

    @property
    def paired(self) -> bool:
        """True when every finished game belongs to a finished pair."""
        return not self._half_pairs and self.games > 0

    def add(self, res: GameResult, reference_index: int = 0) -> None:
        score = res.score_for(reference_index)
        if score == 1.0:
            self.wins += 1
        elif score == 0.0:
            self.losses += 1
        else:
            self.draws += 1
        first = self._half_pairs.pop(res.task.pair, None)
        if first is None:
            self._half_pairs[res.task.pair] = score
        else:
            self.penta[stats.pair_index(first, score)] += 1
        if res.fault:
            name = res.white if res.fault_engine == res.task.white else res.black
            self.faults[name].add(res.fault)
        self.plies += res.plies
        self.seconds += res.seconds

    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def estimate(self) -> Optional[stats.Estimate]:
        """Pentanomial estimate when all games are paired, else trinomial."""
        return stats.estimate(self.penta if self.paired else self.trinomial)

    def running_line(self) -> str:
        return f"W/D/L {self.wins}/{self.draws}/{self.losses} score {100 * self.score():.1f}%"

    def summary(self) -> str:
        """Multi-line final report."""
        lines = [f"{self.reference} vs {self.opponent}: {self.games} games, "
                 f"W/D/L {self.wins}/{self.draws}/{self.losses}, score {100 * self.score():.1f}%"]
        est = self.estimate()
        if est is not None:
            model = "pentanomial" if self.paired else "trinomial"
            lines.append(f"  Elo {stats.format_elo(est.elo, est.elo_error)} (95%, {model}), "
                         f"nElo {stats.format_elo(est.nelo, est.nelo_error)}, LOS {100 * est.los:.1f}%")
        if any(self.penta):
            lines.append(f"  pairs (0, 0.5, 1, 1.5, 2 points): {self.penta}")
        for name, faults in self.faults.items():
            lines.append(f"  {name}: {faults}")
        return "\n".join(lines)


def progress_line(res: GameResult, total: int, board: Scoreboard) -> str:
    """One line per finished game."""
    return (f"game {res.task.number}/{total}: {res.white} - {res.black} {res.result} "
            f"({res.reason}, {res.plies} plies, {res.seconds:.1f}s) | "
            f"{board.reference} vs {board.opponent}: {board.running_line()}")


# ---------------------------------------------------------------------------
# command line helpers


ENGINE_FLAGS = {"--name", "--proto", "--option", "--startpos-only"}


def split_engine_args(argv: Sequence[str]) -> Tuple[List[dict], List[str]]:
    """Separate per-engine arguments from the rest of the command line.

    ``--engine CMD`` and ``--engine-ref REV`` start a new engine; the
    following ``--name N``, ``--proto P``, ``--option Name=Value`` and
    ``--startpos-only`` belong to it.  Returns raw engine dictionaries (keys
    cmd or ref, name, proto, options, startpos_only) and the other arguments.
    """
    engines: List[dict] = []
    rest: List[str] = []
    args = []
    for arg in argv:  # accept --flag=value
        if arg.startswith("--") and "=" in arg and arg.split("=", 1)[0] in ENGINE_FLAGS | {"--engine", "--engine-ref"}:
            args.extend(arg.split("=", 1))
        else:
            args.append(arg)
    i = 0

    def value() -> str:
        nonlocal i
        if i + 1 >= len(args):
            raise SystemExit(f"error: {args[i]} needs a value")
        i += 1
        return args[i]

    while i < len(args):
        arg = args[i]
        if arg in ("--engine", "--engine-ref"):
            key = "cmd" if arg == "--engine" else "ref"
            engines.append({key: value(), "name": None, "proto": "uci", "options": {}, "startpos_only": False})
        elif arg in ENGINE_FLAGS:
            if not engines:
                raise SystemExit(f"error: {arg} must follow an --engine")
            if arg == "--startpos-only":
                engines[-1]["startpos_only"] = True
            elif arg == "--option":
                name, sep, val = value().partition("=")
                if not sep:
                    raise SystemExit("error: --option needs Name=Value")
                engines[-1]["options"][name.strip()] = val.strip()
            elif arg == "--proto":
                proto = value()
                if proto not in ("uci", "xboard"):
                    raise SystemExit("error: --proto must be uci or xboard")
                engines[-1]["proto"] = proto
            else:
                engines[-1]["name"] = value()
        else:
            rest.append(arg)
        i += 1
    return engines, rest


def engine_specs(raw: Sequence[dict], bin_name: str = "brudno") -> List[EngineSpec]:
    """EngineSpecs from :func:`split_engine_args` output; builds ``--engine-ref`` revisions."""
    specs = []
    for item in raw:
        if "ref" in item:
            cmd = [str(build_ref(item["ref"], bin_name=bin_name))]
            name = item["name"] or f"{bin_name}@{item['ref']}"
        else:
            cmd = shlex.split(item["cmd"])
            name = item["name"]
        specs.append(EngineSpec(cmd, name, item["proto"], dict(item["options"]), item["startpos_only"]))
    return specs


def configure_logging(debug: bool) -> None:
    """python-chess warnings (e.g. odd xboard output) only with --debug."""
    logging.basicConfig(level=logging.DEBUG if debug else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    if not debug:
        logging.getLogger("chess.engine").setLevel(logging.ERROR)
