#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""SPRT tests that reach a verdict over several days of work: a ledger of runs that carry over.

Every test is one line of ``scripts/ledger.tsv`` (committed): the two builds by commit, their
bench signatures, the time control (a real clock, or one counted in nodes with ``nodestime``),
the opening book, the bounds, the pentanomial pair counts so far, W/D/L, Elo, LLR and the status
(``running``, ``H1``, ``H0``, or ``stopped`` by hand).  A run can be interrupted at any time
(Ctrl-C, ``kill -INT``, ``kill -TERM``, or ``--minutes``/``--games`` reached): the games in
progress are finished, the ledger is written after every finished pair, and ``run NAME`` later
continues with the next opening of the same shuffled order, on binaries rebuilt from the same
commits.

Commands::

    sprt.py new NAME --dev REV --base REV [--tc 8+0.08] [--nodestime N] [--book FILE]
                     [--bounds ELO0 ELO1] [--seed S] [--hash MB] [--note TEXT]
    sprt.py run NAME [--minutes M] [--games N] [--concurrency 2] [--pgn FILE]
    sprt.py status [NAME]
    sprt.py stop NAME            # marks a test abandoned (it keeps its counts)
    sprt.py resume NAME          # marks a stopped test running again; `run` then carries on

Statistics are ``stats.py``'s: pentanomial (game pairs with colours swapped), the normalized Elo
model of fishtest and OpenBench, alpha = beta = 0.05.  A test is reported as H1, H0 or
"undecided after N games" -- never as "no gain" before H0.
"""

from __future__ import annotations

import argparse
import datetime
import fcntl
import filecmp
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import stats  # noqa: E402

LEDGER = Path(__file__).resolve().parent / "ledger.tsv"
COLUMNS = ["name", "status", "dev", "base", "dev_bench", "base_bench", "tc", "nodestime", "book", "bounds",
           "seed", "hash", "next_pair", "penta", "wdl", "elo", "llr", "time_losses", "hours", "updated", "note"]
ALPHA = BETA = 0.05
#: resign after 3 moves each at 1000 cp or more; draw from move 40 after 8 moves each within 10 cp
RESIGN = (3, 1000)
DRAW = (40, 8, 10)


# ---------------------------------------------------------------------------
# the ledger


def read_ledger(path: Path = LEDGER) -> List[Dict[str, str]]:
    """Every test of the ledger, in file order."""
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if fields[0] == "name":
            continue
        rows.append(dict(zip(COLUMNS, fields + [""] * (len(COLUMNS) - len(fields)))))
    return rows


def write_ledger(rows: List[Dict[str, str]], path: Path = LEDGER) -> None:
    """Rewrites the ledger atomically (a kill mid-write leaves the old one)."""
    text = "# Brudno SPRT ledger: one test per line (scripts/sprt.py, scripts/README.md)\n"
    text += "\t".join(COLUMNS) + "\n"
    text += "".join("\t".join(row.get(c, "").replace("\t", " ") for c in COLUMNS) + "\n" for row in rows)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def update_ledger(row: Dict[str, str], path: Path = LEDGER, restart: bool = False) -> None:
    """Writes one test's line back, keeping the others as they are on disk now (several runs may
    share the ledger: each rewrites only its own line, under a lock). A test marked stopped on disk
    stays stopped, and `row` learns it, unless `restart` (the `resume` command) says otherwise."""
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        rows = read_ledger(path)
        for i, other in enumerate(rows):
            if other["name"] == row["name"]:
                # `stop` while a run goes on wins: the run's row takes the mark and the run ends.
                if other["status"] == "stopped" and row["status"] == "running" and not restart:
                    row["status"] = "stopped"
                rows[i] = row
                break
        else:
            rows.append(row)
        write_ledger(rows, path)


def find(rows: List[Dict[str, str]], name: str) -> Dict[str, str]:
    for row in rows:
        if row["name"] == name:
            return row
    raise SystemExit(f"no test named {name!r} in {LEDGER}")


def penta_of(row: Dict[str, str]) -> List[int]:
    return [int(x) for x in row["penta"].split(",")] if row.get("penta") else [0] * 5


def wdl_of(row: Dict[str, str]) -> List[int]:
    return [int(x) for x in row["wdl"].split("-")] if row.get("wdl") else [0, 0, 0]


def bounds_of(row: Dict[str, str]) -> List[float]:
    return [float(x) for x in row["bounds"].split(",")]


def summarise(row: Dict[str, str]) -> None:
    """Fills Elo, LLR and (for a running test) the status from the counts."""
    penta = penta_of(row)
    elo0, elo1 = bounds_of(row)
    state = stats.sprt(penta, elo0, elo1, ALPHA, BETA, "normalized")
    est = stats.estimate(penta) if sum(penta) else None
    row["llr"] = f"{state.llr:.2f} ({state.lower:.2f}, {state.upper:.2f})"
    row["elo"] = (f"{stats.format_elo(est.elo, est.elo_error)} nElo {stats.format_elo(est.nelo, est.nelo_error)}"
                  if est else "")
    if row["status"] == "running" and state.decision:
        row["status"] = state.decision
    row["updated"] = datetime.date.today().isoformat()


def verdict(row: Dict[str, str]) -> str:
    """The test's result in words: H1, H0, or undecided after N games."""
    games = sum(wdl_of(row))
    if row["status"] in ("H1", "H0"):
        return f"{row['status']} after {games} games"
    return f"undecided after {games} games"


def projection(row: Dict[str, str], min_pairs: int = 50) -> str:
    """How many more games the test needs if its estimate holds: the normalized LLR is the number of
    pairs times a function of their distribution, so pentanomial counts scaled by k scale it by k.
    Empty for a decided test, one under ``min_pairs`` pairs, or one whose LLR is 0."""
    penta = penta_of(row)
    pairs = sum(penta)
    if row["status"] in ("H1", "H0") or pairs < min_pairs:
        return ""
    elo0, elo1 = bounds_of(row)
    state = stats.sprt(penta, elo0, elo1, ALPHA, BETA, "normalized")
    if state.llr == 0:
        return ""
    bound, verdict_ = (state.upper, "H1") if state.llr > 0 else (state.lower, "H0")
    more = round(pairs * (bound / state.llr - 1))
    return f"if its estimate holds, {verdict_} after about {2 * more} more games"


def describe(row: Dict[str, str]) -> str:
    w, d, l = wdl_of(row)
    clock = row["tc"] + (f" at nodestime {row['nodestime']}" if row["nodestime"] not in ("", "0") else "")
    return (f"{row['name']}: {verdict(row)} | {row['dev']} (bench {row['dev_bench']}) vs {row['base']} "
            f"(bench {row['base_bench']}) | {clock}, {row['book']}, [{row['bounds']}] nElo | "
            f"+{w} ={d} -{l}, pairs {row['penta']}, Elo {row['elo']}, LLR {row['llr']} | "
            f"time losses dev/base {row['time_losses']}, {row['hours']} h")


# ---------------------------------------------------------------------------
# builds


def bench_signature(binary: Path) -> str:
    """The node count of ``binary bench``'s last line."""
    out = subprocess.run([str(binary), "bench"], capture_output=True, text=True, check=True).stdout
    last = out.strip().splitlines()[-1]
    return last.split()[1]


def build(label: str) -> Path:
    """The binary of ``label`` (``branch@sha`` or a revision), built and cached by commit."""
    import refbuild
    rev = label.split("@")[-1]
    return refbuild.build_ref(rev, quiet=True)


def label(rev: str) -> str:
    """``rev@sha12`` for the ledger (the commit is what a resumed run rebuilds)."""
    import refbuild
    return f"{rev}@{refbuild.resolve(rev)[:12]}"


# ---------------------------------------------------------------------------
# commands


def cmd_new(args: argparse.Namespace) -> int:
    rows = read_ledger()
    if any(r["name"] == args.name for r in rows):
        raise SystemExit(f"a test named {args.name!r} exists already")
    dev, base = label(args.dev), label(args.base)
    if dev != base and filecmp.cmp(build(dev), build(base), shallow=False):
        raise SystemExit(f"{dev} and {base} built to the same binary: a stale build cache?")
    row = {
        "name": args.name, "status": "running", "dev": dev, "base": base,
        "dev_bench": bench_signature(build(dev)), "base_bench": bench_signature(build(base)),
        "tc": args.tc, "nodestime": str(args.nodestime), "book": args.book,
        "bounds": f"{args.bounds[0]:g},{args.bounds[1]:g}", "seed": str(args.seed), "hash": str(args.hash),
        "next_pair": "0", "penta": "0,0,0,0,0", "wdl": "0-0-0", "time_losses": "0/0", "hours": "0.00",
        "note": args.note or "",
    }
    summarise(row)
    update_ledger(row)
    print(describe(row))
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    rows = read_ledger()
    for row in rows if not args.name else [find(rows, args.name)]:
        ahead = projection(row)
        print(describe(row) + (f" | {ahead}" if ahead else ""))
    return 0


def mark(name: str, before: str, after: str) -> int:
    """Sets test `name`'s status from `before` to `after` (any other status stays) and prints it."""
    rows = read_ledger()
    row = find(rows, name)
    if row["status"] == before:
        row["status"] = after
        summarise(row)  # a reopened test whose counts are past a bound is decided now
    update_ledger(row, restart=after == "running")
    print(describe(row))
    return 0


def cmd_resume(args: argparse.Namespace) -> int:
    return mark(args.name, "stopped", "running")


def cmd_stop(args: argparse.Namespace) -> int:
    return mark(args.name, "running", "stopped")


def cmd_run(args: argparse.Namespace) -> int:
    import matchlib  # needs python-chess

    rows = read_ledger()
    row = find(rows, args.name)
    if row["status"] != "running":
        print(describe(row))
        return 0
    binaries = {"dev": build(row["dev"]), "base": build(row["base"])}
    for who in ("dev", "base"):
        got = bench_signature(binaries[who])
        if got != row[f"{who}_bench"]:
            raise SystemExit(f"{who} build {row[who]} benches {got}, the ledger says {row[who + '_bench']}")
    options = {"Hash": row["hash"], "Threads": "1"}
    nodestime = int(row["nodestime"] or 0)
    if nodestime:
        options["nodestime"] = str(nodestime)
    specs = [matchlib.EngineSpec([str(binaries["dev"])], name="dev", options=dict(options)),
             matchlib.EngineSpec([str(binaries["base"])], name="base", options=dict(options))]
    # Under nodestime the engines' clocks are counted in nodes; the wall clock only catches hangs.
    margin_ms = 30_000.0 if nodestime else args.timemargin
    tc = matchlib.TimeControl.parse(row["tc"], margin_ms=margin_ms)
    adj = matchlib.Adjudication(resign_moves=RESIGN[0], resign_cp=RESIGN[1], draw_movenumber=DRAW[0],
                                draw_moves=DRAW[1], draw_cp=DRAW[2])
    openings = matchlib.load_openings(row["book"])
    first = int(row["next_pair"])
    pairs = args.games // 2 if args.games else 100_000
    tasks = matchlib.schedule(2, 2 * (first + pairs), openings, int(row["seed"]))[2 * first:]

    penta, wdl = penta_of(row), wdl_of(row)
    losses = [int(x) for x in row["time_losses"].split("/")]
    hours = float(row["hours"] or 0)
    half: Dict[int, float] = {}
    started = time.monotonic()
    deadline = started + 60 * args.minutes if args.minutes else None
    pgn = open(args.pgn, "a", encoding="utf-8") if args.pgn else None
    state = {"next": first}
    print(f"resuming {describe(row)}" if first else f"starting {describe(row)}", flush=True)

    def on_result(res: "matchlib.GameResult") -> bool:
        score = res.score_for(0)
        if res.fault == matchlib.FAULT_TIME:
            losses[res.fault_engine] += 1
        state["next"] = max(state["next"], res.task.pair + 1)
        if pgn:
            print(res.pgn, file=pgn, end="\n\n")
            pgn.flush()
        other = half.pop(res.task.pair, None)
        if other is None:
            half[res.task.pair] = score
            return False
        # Counted by whole pairs only (a pair cut off by a stop is dropped): W/D/L is 2 x pairs.
        for points in (other, score):
            wdl[0 if points == 1 else 1 if points == 0.5 else 2] += 1
        penta[stats.pair_index(other, score)] += 1
        row.update(penta=",".join(map(str, penta)), wdl="-".join(map(str, wdl)),
                   time_losses="/".join(map(str, losses)), next_pair=str(state["next"]),
                   hours=f"{hours + (time.monotonic() - started) / 3600:.2f}")
        summarise(row)
        update_ledger(row)
        print(f"pair {res.task.pair}: {describe(row)}", flush=True)
        return row["status"] != "running" or (deadline is not None and time.monotonic() > deadline)

    def terminate(_signum, _frame):
        raise KeyboardInterrupt

    # A run started in the background (`nohup ... &`) inherits SIGINT ignored, so both signals are
    # taken here explicitly: either one finishes the games in progress and writes the ledger.
    signal.signal(signal.SIGTERM, terminate)
    signal.signal(signal.SIGINT, terminate)
    try:
        matchlib.run_games(tasks, specs, tc, adj, args.concurrency, on_result, event=f"SPRT {row['name']}")
    except KeyboardInterrupt:
        print("aborted: games in progress are lost", file=sys.stderr)
    finally:
        if pgn:
            pgn.close()
    # Unfinished pairs are dropped; the next run starts after the last opening handed out.
    row["next_pair"] = str(state["next"])
    summarise(row)
    update_ledger(row)
    print(describe(row))
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    new = sub.add_parser("new", help="add a test to the ledger (builds both sides, records their benches)")
    new.add_argument("name")
    new.add_argument("--dev", required=True, help="revision under test (branch, tag, commit)")
    new.add_argument("--base", required=True, help="revision it is measured against")
    new.add_argument("--tc", default="8+0.08", help="base+increment in seconds (default 8+0.08)")
    new.add_argument("--nodestime", type=int, default=0, help="count the clock in nodes: this many per ms")
    new.add_argument("--book", default="book/openings.epd")
    new.add_argument("--bounds", type=float, nargs=2, default=[-5.0, 0.0], metavar=("ELO0", "ELO1"),
                     help="nElo bounds: [0, 5] for a new idea, [-5, 0] (default) for an established one")
    new.add_argument("--seed", type=int, default=1)
    new.add_argument("--hash", type=int, default=16)
    new.add_argument("--note")
    run = sub.add_parser("run", help="play (or resume) a test until a verdict or a limit")
    run.add_argument("name")
    run.add_argument("--minutes", type=float, help="start no new game after this long")
    run.add_argument("--games", type=int, help="play at most this many games in this run")
    run.add_argument("--concurrency", type=int, default=os.cpu_count() or 1)
    run.add_argument("--timemargin", type=float, default=100.0, help="tolerated clock overrun, ms")
    run.add_argument("--pgn", help="append the games to this file (keep it out of git)")
    status = sub.add_parser("status", help="show the ledger")
    status.add_argument("name", nargs="?")
    stop = sub.add_parser("stop", help="mark a test as stopped by hand")
    stop.add_argument("name")
    resume = sub.add_parser("resume", help="mark a stopped test running again (its counts carry on)")
    resume.add_argument("name")
    args = p.parse_args(argv)
    commands = {"new": cmd_new, "run": cmd_run, "status": cmd_status, "stop": cmd_stop, "resume": cmd_resume}
    return commands[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
