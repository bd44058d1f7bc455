#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""SPSA tuning of Brudno's search parameters on this machine, in OpenBench's form (#27).

The parameters and their ranges come from the engine: ``brudno spsa`` prints them as OpenBench's SPSA
input (``name, int, value, min, max, c_end, r_end``, from ``src/search/params.rs``), and a build with
``--features tune`` takes each as a UCI spin option of its name.  Each iteration k (0-based, of N)
draws a sign delta_i = +-1 per parameter, plays game pairs (each opening of the book with both
colours) between the engine set to theta+ = theta + c_k delta and the same engine set to
theta- = theta - c_k delta, and moves theta by r_k c_k (W - L) delta, W - L being theta+'s wins
minus its losses (its points minus theta-'s).  As OpenBench computes them, per parameter:

    c_k = c / (k + 1)^gamma                  c = c_end N^gamma                 (c_k = c_end at the end)
    a_k = a / (k + 1 + A)^alpha              a = r_end c_end^2 (A + N)^alpha   (a_k = r_end c_end^2 at the end)
    r_k = a_k / c_k^2                        (the learning rate, r_end at the end)

with alpha 0.602, gamma 0.101 and A = 10% of N; c_k is at least 0.5 (an integer parameter must
move), theta+- are rounded at random (floor(x + u), u uniform, so their mean is x) and clamped to
[min, max], and theta is clamped after each step.  The signs and roundings of iteration k come from
a generator seeded by (seed, k) alone, and the book is shuffled by the seed, so a run that stops
and resumes plays what one uninterrupted run would have.

Commands::

    spsa.py new NAME --engine CMD --params FILE|- --iterations N --pairs-per-iteration P
                [--tc 8+0.08] [--book book/openings.epd] [--only NAME,NAME] [--seed 1] [--hash 16]
    spsa.py run NAME [--concurrency 2] [--minutes M] [--max-iterations K] [--pgn FILE]
    spsa.py status [NAME] [--as-params]
    spsa.py plan NAME [--draw-rate D]   # what the run can detect: its noise against its drift

Every command takes ``--state-dir`` (default ``scripts/spsa/``); a tuning's state is one small JSON
file there, ``NAME.json``, written after every finished game pair, and committed like the SPRT
ledger.  A run ends after N iterations, ``--minutes`` or ``--max-iterations``, or on SIGINT /
SIGTERM: the games in progress are finished and counted, and ``run NAME`` later plays the rest of
an iteration that was cut short.  Adjudication as ``sprt.py``'s.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import fcntl
import hashlib
import json
import math
import os
import random
import shlex
import shutil
import signal
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import sprt  # noqa: E402  (its adjudication settings; standard library only)

REPO_ROOT = Path(__file__).resolve().parent.parent
STATE_DIR = Path(__file__).resolve().parent / "spsa"
#: OpenBench's defaults (Spall's): a_k and c_k decay exponents, A as a share of the iterations
ALPHA, GAMMA, A_RATIO = 0.602, 0.101, 0.1
#: c_k of an integer parameter never falls below this (theta+ and theta- must differ)
MIN_C = 0.5
FORMAT = 1


# ---------------------------------------------------------------------------
# parameters and the schedule


@dataclasses.dataclass
class Param:
    """One tuned parameter: its range, OpenBench's c_end and r_end, and its value now (a float)."""

    name: str
    start: int
    min: int
    max: int
    c_end: float
    r_end: float
    value: float

    def clamp(self, x: float) -> float:
        return min(max(x, self.min), self.max)

    def rounded(self) -> int:
        return int(math.floor(self.value + 0.5))


def parse_params(text: str) -> List[Param]:
    """The parameters of ``brudno spsa``'s output (OpenBench's input lines); blank lines and ``#``
    comments are skipped.  Raises ValueError naming the line for anything else."""
    params: List[Param] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = [f.strip() for f in line.split(",")]
        try:
            if len(fields) != 7:
                raise ValueError(f"{len(fields)} fields, not 7 (name, int, value, min, max, c_end, r_end)")
            name, kind = fields[0], fields[1]
            if kind != "int":
                raise ValueError(f"type {kind!r}: Brudno's parameters are int")
            value, low, high = int(fields[2]), int(fields[3]), int(fields[4])
            c_end, r_end = float(fields[5]), float(fields[6])
            if not name or any(ch.isspace() for ch in name):
                raise ValueError(f"bad name {name!r}")
            if not low <= value <= high or low == high:
                raise ValueError(f"value {value} outside {low}..{high}, or an empty range")
            if not (c_end > 0 and r_end > 0):
                raise ValueError("c_end and r_end must be positive")
            if any(p.name == name for p in params):
                raise ValueError(f"{name} twice")
        except ValueError as err:
            raise ValueError(f"line {number}: {err}: {line.strip()!r}") from None
        params.append(Param(name, value, low, high, c_end, r_end, float(value)))
    if not params:
        raise ValueError("no parameters")
    return params


def c_k(p: Param, k: int, iterations: int, gamma: float = GAMMA) -> float:
    """The perturbation of iteration k (0-based) of ``iterations``: c_end at the last one."""
    c = p.c_end * iterations**gamma
    return max(c / (k + 1) ** gamma, MIN_C)


def a_k(p: Param, k: int, iterations: int, alpha: float = ALPHA, a_ratio: float = A_RATIO) -> float:
    """The gain of iteration k (0-based): r_end * c_end^2 at the last one."""
    big_a = a_ratio * iterations
    a = p.r_end * p.c_end**2 * (big_a + iterations) ** alpha
    return a / (k + 1 + big_a) ** alpha


def r_k(p: Param, k: int, iterations: int, alpha: float = ALPHA, gamma: float = GAMMA,
        a_ratio: float = A_RATIO) -> float:
    """The learning rate of iteration k: a_k / c_k^2 (r_end at the last one)."""
    return a_k(p, k, iterations, alpha, a_ratio) / c_k(p, k, iterations, gamma) ** 2


def perturb(params: Sequence[Param], seed: int, k: int, iterations: int,
            gamma: float = GAMMA) -> Tuple[List[int], List[int], List[int]]:
    """The signs, theta+ and theta- of iteration k: from a generator seeded by (seed, k) only."""
    rng = random.Random(f"spsa:{seed}:{k}")
    deltas, plus, minus = [], [], []
    for p in params:
        delta = 1 if rng.random() < 0.5 else -1
        u = rng.random()  # one draw rounds both sides, as OpenBench does
        step = delta * c_k(p, k, iterations, gamma)
        deltas.append(delta)
        plus.append(int(p.clamp(math.floor(p.value + step + u))))
        minus.append(int(p.clamp(math.floor(p.value - step + u))))
    return deltas, plus, minus


def step_k(p: Param, k: int, iterations: int, alpha: float = ALPHA, gamma: float = GAMMA,
           a_ratio: float = A_RATIO) -> float:
    """How far one net win moves theta in iteration k: r_k c_k."""
    return r_k(p, k, iterations, alpha, gamma, a_ratio) * c_k(p, k, iterations, gamma)


def update(params: Sequence[Param], deltas: Sequence[int], k: int, iterations: int, wins: int, losses: int,
           alpha: float = ALPHA, gamma: float = GAMMA, a_ratio: float = A_RATIO) -> None:
    """theta += r_k c_k (W - L) delta, clamped (W, L: theta+'s wins and losses in iteration k)."""
    for p, delta in zip(params, deltas):
        step = step_k(p, k, iterations, alpha, gamma, a_ratio)
        p.value = p.clamp(p.value + step * (wins - losses) * delta)


#: the expected W - L of one game per Elo by which theta+ beats theta- (small gaps: ln 10 / 800)
WL_PER_ELO = math.log(10) / 800


def reach(p: Param, iterations: int, pairs: int, draw_rate: float, alpha: float = ALPHA,
          gamma: float = GAMMA, a_ratio: float = A_RATIO) -> Tuple[float, float, float]:
    """What a whole run can move one parameter: the standard deviation of its end value from noise
    alone (theta+ and theta- equally strong; W - L of an iteration has variance 2 pairs (1 - draws)),
    its drift when theta+ beats theta- by 1 Elo in every iteration, and the Elo gap that every
    iteration needs for the drift to be twice the noise.  The last does not depend on c_end or
    r_end, only on the number of games and the schedule's shape."""
    steps = [step_k(p, k, iterations, alpha, gamma, a_ratio) for k in range(iterations)]
    noise = math.sqrt(sum(g * g for g in steps) * 2 * pairs * (1 - draw_rate))
    drift = sum(steps) * 2 * pairs * WL_PER_ELO
    return noise, drift, 2 * noise / drift


# ---------------------------------------------------------------------------
# the state file


@dataclasses.dataclass
class State:
    """A tuning: its settings, the parameters now, and how far it has gone."""

    name: str
    engine: str  #: command line of the tune build (a path inside the repository is kept relative)
    engine_sha256: str
    tc: str
    book: str
    hash: int
    seed: int
    iterations: int
    pairs_per_iteration: int
    params: List[Param]
    alpha: float = ALPHA
    gamma: float = GAMMA
    a_ratio: float = A_RATIO
    iteration: int = 0  #: iterations finished (the next one is this, 0-based)
    games: int = 0  #: games of finished pairs, the unfinished iteration's included
    wdl: List[int] = dataclasses.field(default_factory=lambda: [0, 0, 0])  #: theta+'s, all games
    faults: Dict[str, int] = dataclasses.field(default_factory=lambda: {"time": 0, "illegal": 0, "crash": 0})
    hours: float = 0.0
    #: the unfinished iteration (number ``iteration``): its finished pairs and theta+'s W/D/L in them
    pending: Optional[Dict[str, list]] = None
    format: int = FORMAT
    created: str = ""
    updated: str = ""

    def pending_pairs(self) -> List[int]:
        return list(self.pending["pairs"]) if self.pending else []

    def pending_wdl(self) -> List[int]:
        return list(self.pending["wdl"]) if self.pending else [0, 0, 0]

    def rates(self, p: Param, k: int) -> Tuple[float, float]:
        """c_k and r_k of parameter p at iteration k."""
        return (c_k(p, k, self.iterations, self.gamma),
                r_k(p, k, self.iterations, self.alpha, self.gamma, self.a_ratio))


def state_path(state_dir: Path, name: str) -> Path:
    if not name or "/" in name or name.startswith("."):
        raise SystemExit(f"bad tuning name {name!r}")
    return Path(state_dir) / f"{name}.json"


def save_state(state: State, path: Path) -> None:
    """Writes the state atomically (a kill mid-write leaves the previous one)."""
    state.updated = datetime.datetime.now().isoformat(timespec="seconds")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(dataclasses.asdict(state), indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def load_state(path: Path) -> State:
    if not path.exists():
        raise SystemExit(f"no tuning at {path}")
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise SystemExit(f"{path}: state format {data.get('format')}, this script reads {FORMAT}")
    data["params"] = [Param(**p) for p in data["params"]]
    return State(**data)


# ---------------------------------------------------------------------------
# engine and book


def portable(path: str) -> str:
    """A path as stored: relative to the repository when inside it, else absolute."""
    full = Path(path).resolve()
    try:
        return str(full.relative_to(REPO_ROOT))
    except ValueError:
        return str(full)


def located(path: str) -> Path:
    """A stored path on this machine (a relative one is the repository's)."""
    return Path(path) if Path(path).is_absolute() else REPO_ROOT / path


def engine_command(engine: str) -> List[str]:
    """The stored engine command line, its program found (a path, or a name on PATH)."""
    cmd = shlex.split(engine)
    if not cmd:
        raise SystemExit("empty engine command")
    if os.sep in cmd[0] or not shutil.which(cmd[0]):
        cmd[0] = str(located(cmd[0]))
    else:
        cmd[0] = shutil.which(cmd[0]) or cmd[0]
    return cmd


def stored_engine(engine: str) -> str:
    """The engine command line as given (relative to the current directory) in its stored form."""
    cmd = shlex.split(engine)
    if cmd and (os.sep in cmd[0] or not shutil.which(cmd[0])):
        if not Path(cmd[0]).exists():
            raise SystemExit(f"no engine at {cmd[0]}")
        cmd[0] = portable(cmd[0])
    return shlex.join(cmd)


def sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def engine_options(cmd: List[str]) -> dict:
    """The options the engine announces (python-chess's ``Option`` by name)."""
    import matchlib

    engine = matchlib.launch(matchlib.EngineSpec(cmd))
    try:
        return dict(engine.options)
    finally:
        matchlib.close_engine(engine)


def check_options(params: Sequence[Param], options: dict) -> List[str]:
    """Why the engine cannot be tuned with these parameters (empty: it can)."""
    problems = []
    missing = [p.name for p in params if p.name not in options]
    if missing:
        problems.append(f"no option {', '.join(missing)} (a build with --features tune has one per parameter)")
    for p in params:
        option = options.get(p.name)
        if option is not None and (option.type != "spin" or (option.min, option.max) != (p.min, p.max)):
            problems.append(f"option {p.name} is {option.type} {option.min}..{option.max}, "
                            f"the parameter {p.min}..{p.max}")
    return problems


def book_order(openings: list, seed: int) -> list:
    """The book in the order a tuning plays it (shuffled by the seed)."""
    order = list(openings)
    random.Random(seed).shuffle(order)
    return order


def iteration_openings(order: list, k: int, pairs: int) -> list:
    """The openings of iteration k's pairs: the next ``pairs`` of the order, round and round."""
    return [order[(k * pairs + j) % len(order)] for j in range(pairs)]


# ---------------------------------------------------------------------------
# output


def moved_most(state: State, count: int = 3) -> str:
    """The parameters furthest from their start, in units of their c_end."""
    ranked = sorted(state.params, key=lambda p: -abs(p.value - p.start) / p.c_end)[:count]
    return ", ".join(f"{p.name} {p.start} -> {p.value:.2f}" for p in ranked)


def describe(state: State) -> str:
    w, d, l = state.wdl
    faults = ", ".join(f"{n} {state.faults.get(n, 0)}" for n in ("time", "illegal", "crash"))
    text = (f"{state.name}: iteration {state.iteration}/{state.iterations}, {state.games} games "
            f"(theta+ +{w} ={d} -{l}), faults: {faults}, {state.hours:.2f} h | {len(state.params)} parameters, "
            f"{state.pairs_per_iteration} pairs per iteration, {state.tc}, {state.book}, seed {state.seed} | "
            f"{state.engine}")
    if state.pending:
        text += (f"\n  iteration {state.iteration + 1} unfinished: {len(state.pending['pairs'])} of "
                 f"{state.pairs_per_iteration} pairs played")
    return text


def table(state: State) -> str:
    k = min(state.iteration, state.iterations - 1)
    width = max(len(p.name) for p in state.params)
    lines = [f"  {'name':<{width}}  start     now  (int)  change  min..max      c_k      r_k"]
    for p in state.params:
        c, r = state.rates(p, k)
        lines.append(f"  {p.name:<{width}}  {p.start:5d} {p.value:7.2f}  {p.rounded():5d} {p.value - p.start:+7.2f}"
                     f"  {f'{p.min}..{p.max}':<11} {c:7.2f} {r:8.5f}")
    return "\n".join(lines)


def params_lines(state: State) -> str:
    """The values now, as lines of ``tunables!`` in ``src/search/params.rs``."""
    return "\n".join(f"    {p.name} = {p.rounded()}, {p.min}..={p.max}, step {p.c_end:g};" for p in state.params)


# ---------------------------------------------------------------------------
# commands


def cmd_new(args: argparse.Namespace) -> int:
    path = state_path(args.state_dir, args.name)
    if path.exists():
        raise SystemExit(f"a tuning named {args.name!r} exists already ({path})")
    text = sys.stdin.read() if args.params == "-" else Path(args.params).read_text(encoding="utf-8")
    try:
        params = parse_params(text)
    except ValueError as err:
        raise SystemExit(f"{args.params}: {err}")
    if args.only:
        wanted = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = sorted(set(wanted) - {p.name for p in params})
        if unknown:
            raise SystemExit(f"--only: no parameter {', '.join(unknown)}")
        params = [p for p in params if p.name in wanted]
    if args.iterations < 1 or args.pairs_per_iteration < 1:
        raise SystemExit("--iterations and --pairs-per-iteration must be at least 1")
    if not Path(args.book).exists():
        raise SystemExit(f"no book {args.book}")
    engine = stored_engine(args.engine)
    cmd = engine_command(engine)
    options = engine_options(cmd)
    problems = check_options(params, options)
    if problems:
        raise SystemExit(f"{engine}: " + "; ".join(problems))
    for p in params:
        if options[p.name].default != p.start:
            print(f"note: {p.name} starts at {p.start}, the engine's default is {options[p.name].default}")
    import matchlib

    try:  # fail early on a bad clock or book
        matchlib.TimeControl.parse(args.tc)
        matchlib.load_openings(args.book)
    except ValueError as err:
        raise SystemExit(str(err)) from None
    state = State(name=args.name, engine=engine, engine_sha256=sha256(cmd[0]), tc=args.tc, book=portable(args.book),
                  hash=args.hash, seed=args.seed, iterations=args.iterations,
                  pairs_per_iteration=args.pairs_per_iteration, params=params,
                  created=datetime.datetime.now().isoformat(timespec="seconds"))
    save_state(state, path)
    print(describe(state))
    print(table(state))
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    if args.name:
        paths = [state_path(args.state_dir, args.name)]
    else:
        paths = sorted(Path(args.state_dir).glob("*.json"))
    for path in paths:
        state = load_state(path)
        if args.as_params:
            print(params_lines(state))
        else:
            print(describe(state))
            print(table(state))
    return 0


def cmd_plan(args: argparse.Namespace) -> int:
    state = load_state(state_path(args.state_dir, args.name))
    draws = args.draw_rate
    if draws is None:
        draws = state.wdl[1] / state.games if state.games >= 100 else 0.5
    print(f"{state.name}: {state.iterations} iterations of {state.pairs_per_iteration} pair(s), "
          f"{2 * state.iterations * state.pairs_per_iteration} games, draw rate {draws:.2f}")
    print(f"{'parameter':<24}{'start':>8}{'c_end':>8}{'noise sd':>10}{'drift/Elo':>11}{'Elo needed':>12}")
    for p in state.params:
        noise, drift, needed = reach(p, state.iterations, state.pairs_per_iteration, draws,
                                     state.alpha, state.gamma, state.a_ratio)
        print(f"{p.name:<24}{p.start:>8}{p.c_end:>8g}{noise:>10.2f}{drift:>11.2f}{needed:>12.1f}")
    print("noise sd: the end value's spread with theta+ and theta- equally strong; drift/Elo: its move when "
          "theta+ beats theta- by 1 Elo in every iteration; Elo needed: the gap for a drift of twice the noise")
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    import matchlib  # needs python-chess

    path = state_path(args.state_dir, args.name)
    load_state(path)  # exists?
    with open(path.with_suffix(".lock"), "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise SystemExit(f"{args.name} is being run already") from None
        return run_locked(args, path)


def run_locked(args: argparse.Namespace, path: Path) -> int:
    import matchlib

    state = load_state(path)  # read under the lock
    if args.engine:
        state.engine = stored_engine(args.engine)
    cmd = engine_command(state.engine)
    digest = sha256(cmd[0])
    if digest != state.engine_sha256:
        if not args.engine:
            raise SystemExit(f"{cmd[0]} is not the binary this tuning started with (sha256 differs): "
                             f"rebuild that one, or give --engine to carry on with this one")
        state.engine_sha256 = digest
    options = engine_options(cmd)
    problems = check_options(state.params, options)
    if problems:
        raise SystemExit(f"{state.engine}: " + "; ".join(problems))
    fixed = {name: value for name, value in (("Hash", str(state.hash)), ("Threads", "1")) if name in options}
    tc = matchlib.TimeControl.parse(state.tc, margin_ms=args.timemargin)
    resign_moves, resign_cp = sprt.RESIGN
    draw_movenumber, draw_moves, draw_cp = sprt.DRAW
    adj = matchlib.Adjudication(resign_moves=resign_moves, resign_cp=resign_cp, draw_movenumber=draw_movenumber,
                                draw_moves=draw_moves, draw_cp=draw_cp)
    order = book_order(matchlib.load_openings(str(located(state.book))), state.seed)
    pgn = open(args.pgn, "a", encoding="utf-8") if args.pgn else None
    started = time.monotonic()
    hours_before = state.hours
    deadline = started + 60 * args.minutes if args.minutes is not None else None
    flags = {"stop": False, "games": False, "busy": False}
    print(("resuming " if state.iteration or state.pending else "starting ") + describe(state), flush=True)

    def terminate(_signum, _frame):
        flags["stop"] = True
        # Inside the games (and not in the middle of counting one) matchlib stops dispatching and
        # finishes the games in progress; elsewhere the flag ends the run at the next check.
        if flags["games"] and not flags["busy"]:
            raise KeyboardInterrupt

    def out_of_time() -> bool:
        return flags["stop"] or (deadline is not None and time.monotonic() > deadline)

    # A run started in the background (`nohup ... &`) inherits SIGINT ignored: both are taken here.
    previous = {sig: signal.signal(sig, terminate) for sig in (signal.SIGTERM, signal.SIGINT)}
    done_now = 0
    try:
        while state.iteration < state.iterations:
            if out_of_time() or (args.max_iterations is not None and done_now >= args.max_iterations):
                break
            if not play_iteration(state, path, cmd, fixed, order, tc, adj, args.concurrency, pgn, flags,
                                  out_of_time, lambda: hours_before + (time.monotonic() - started) / 3600):
                break
            done_now += 1
    finally:
        if pgn:
            pgn.close()
        state.hours = hours_before + (time.monotonic() - started) / 3600
        save_state(state, path)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    print(describe(state))
    print(table(state))
    return 0


def play_iteration(state: State, path: Path, cmd: List[str], fixed: Dict[str, str], order: list,
                   tc, adj, concurrency: int, pgn, flags: dict, out_of_time, hours) -> bool:
    """Plays iteration ``state.iteration`` (what is left of it) and updates theta when it is whole.

    Saves the state after every finished pair.  False when it was cut short (a stop, the time limit,
    or a harness error); its finished pairs are kept in ``state.pending`` for the next run."""
    import matchlib

    k, pairs = state.iteration, state.pairs_per_iteration
    deltas, plus, minus = perturb(state.params, state.seed, k, state.iterations, state.gamma)
    specs = []
    for name, values in (("theta+", plus), ("theta-", minus)):
        options = dict(fixed, **{p.name: str(v) for p, v in zip(state.params, values)})
        specs.append(matchlib.EngineSpec(cmd, name=name, options=options))
    if state.pending is None:
        state.pending = {"pairs": [], "wdl": [0, 0, 0]}
    # Any fixed order of the iteration's openings will do; the seed k keeps it the same on a resume.
    tasks = [t for t in matchlib.schedule(2, 2 * pairs, iteration_openings(order, k, pairs), seed=k)
             if t.pair not in state.pending["pairs"]]
    halves: Dict[int, float] = {}

    def on_result(res) -> bool:
        flags["busy"] = True
        try:
            if res.fault:
                state.faults[res.fault] = state.faults.get(res.fault, 0) + 1
            if pgn:
                print(res.pgn, file=pgn, end="\n\n")
                pgn.flush()
            score = res.score_for(0)  # theta+ is engine 0
            first = halves.pop(res.task.pair, None)
            if first is None:
                halves[res.task.pair] = score
                return out_of_time()
            # Counted by whole pairs only: a pair cut off by a stop is played again on resume.
            for points in (first, score):
                index = 0 if points == 1 else 1 if points == 0.5 else 2
                state.pending["wdl"][index] += 1
                state.wdl[index] += 1
            state.pending["pairs"].append(res.task.pair)
            state.games += 2
            state.hours = hours()
            save_state(state, path)
            return out_of_time()
        finally:
            flags["busy"] = False

    flags["games"] = True
    try:
        matchlib.run_games(tasks, specs, tc, adj, concurrency, on_result, event=f"SPSA {state.name} iteration {k + 1}")
    except KeyboardInterrupt:
        print("aborted: games in progress are lost", file=sys.stderr)
        flags["stop"] = True
    finally:
        flags["games"] = False
    if len(state.pending["pairs"]) < pairs:
        if not flags["stop"] and not out_of_time():
            print(f"iteration {k + 1}: a game failed in the harness; stopping", file=sys.stderr)
        save_state(state, path)
        return False
    w, d, l = state.pending["wdl"]
    update(state.params, deltas, k, state.iterations, w, l, state.alpha, state.gamma, state.a_ratio)
    state.iteration += 1
    state.pending = None
    state.hours = hours()
    save_state(state, path)
    print(f"iteration {k + 1}/{state.iterations}: theta+ W/D/L {w}/{d}/{l} | moved most: {moved_most(state)}",
          flush=True)
    return True


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--state-dir", type=Path, default=STATE_DIR, help="where tunings are kept (default scripts/spsa)")
    sub = p.add_subparsers(dest="command", required=True)
    new = sub.add_parser("new", help="start a tuning from `brudno spsa`'s parameters")
    new.add_argument("name")
    new.add_argument("--engine", required=True, help="the build with --features tune (a command line)")
    new.add_argument("--params", required=True, help="`brudno spsa` output: a file, or - for stdin")
    new.add_argument("--iterations", type=int, required=True)
    new.add_argument("--pairs-per-iteration", type=int, required=True)
    new.add_argument("--tc", default="8+0.08", help="base+increment in seconds (default 8+0.08)")
    new.add_argument("--book", default="book/openings.epd")
    new.add_argument("--only", help="tune only these parameters (comma-separated names)")
    new.add_argument("--seed", type=int, default=1)
    new.add_argument("--hash", type=int, default=16)
    run = sub.add_parser("run", help="play (or resume) a tuning")
    run.add_argument("name")
    run.add_argument("--concurrency", type=int, default=os.cpu_count() or 1)
    run.add_argument("--minutes", type=float, help="start no new game after this long")
    run.add_argument("--max-iterations", type=int, help="finish at most this many iterations in this run")
    run.add_argument("--timemargin", type=float, default=100.0, help="tolerated clock overrun, ms")
    run.add_argument("--pgn", help="append the games to this file (keep it out of git)")
    run.add_argument("--engine", help="carry on with this binary (a rebuilt tune build)")
    status = sub.add_parser("status", help="values now against the start")
    status.add_argument("name", nargs="?")
    status.add_argument("--as-params", action="store_true",
                        help="print the values as tunables! lines of src/search/params.rs")
    plan = sub.add_parser("plan", help="what a tuning can detect: its noise against its drift")
    plan.add_argument("name")
    plan.add_argument("--draw-rate", type=float,
                      help="fraction of drawn games (default: the run's own after 100 games, else 0.5)")
    # --state-dir is accepted after the command too
    for parser in (new, run, status, plan):
        parser.add_argument("--state-dir", type=Path, default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    return {"new": cmd_new, "run": cmd_run, "status": cmd_status, "plan": cmd_plan}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
