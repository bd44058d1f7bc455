#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Strength ladder: a gauntlet of Brudno against the Debian chess engines.

Plays Brudno (1 thread, ``--hash`` MB) against each chosen opponent at
``--tc`` (default 10+0.1), ``--games`` games each (default 40), both colours
per opening, then writes the results into the "Strength" section of
README.md between the markers ``<!-- ladder:begin -->`` and
``<!-- ladder:end -->``.  Rows of opponents that were not played this time
are kept, so the ladder can be updated one opponent at a time.  Without the
markers (or with ``--no-readme``) the table is printed instead.

The opponents (``--list`` shows them) are Debian packages in /usr/games:
fairymax, hoichess, phalanx (XBoard), gnuchess (``gnuchess --uci``),
glaurung, toga2, ethereal-chess and Stockfish limited to ``UCI_Elo`` levels
(``--stockfish-elo``, default 1350,1600,1900,2200).  Opening books are turned
off where the engine allows it.  Fair warning: a full ladder (11 opponents
x 40 games at 10+0.1) takes a few hours on two cores.

Example: ``scripts/ladder.py --opponents fairymax,stockfish-1350 --games 40``
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import matchlib  # noqa: E402
import stats  # noqa: E402

BEGIN, END = "<!-- ladder:begin -->", "<!-- ladder:end -->"
GAMES = "/usr/games"
COLUMNS = ["Opponent", "Games", "W/D/L", "Score", "Elo diff (95%)", "Time losses (Brudno/opp.)",
           "TC", "Date", "Version", "Bench"]


def opponents(hash_mb: int, stockfish_elos: Sequence[int]) -> Dict[str, matchlib.EngineSpec]:
    """The ladder's opponents by name, roughly from weakest to strongest."""
    def uci(cmd: str, name: str, **options: object) -> matchlib.EngineSpec:
        opts = {"Hash": str(hash_mb), **{k: str(v) for k, v in options.items()}}
        return matchlib.EngineSpec(cmd.split(), name, "uci", opts)

    ladder = {
        # Fairy-Max cannot set up a FEN: it plays FEN openings from the start
        # position (move-list openings reach it normally).
        "fairymax": matchlib.EngineSpec([f"{GAMES}/fairymax"], "fairymax", "xboard",
                                        {"memory": str(hash_mb)}, startpos_only=True),
        "hoichess": matchlib.EngineSpec([f"{GAMES}/hoichess"], "hoichess", "xboard"),
        "phalanx": matchlib.EngineSpec([f"{GAMES}/phalanx", "-b-"], "phalanx", "xboard",
                                       {"memory": str(hash_mb)}),
        "gnuchess": uci(f"{GAMES}/gnuchess --uci", "gnuchess", OwnBook="false"),
        "glaurung": uci(f"{GAMES}/glaurung", "glaurung", Threads=1, OwnBook="false"),
        "toga2": uci(f"{GAMES}/toga2", "toga2", OwnBook="false"),
        "ethereal": uci(f"{GAMES}/ethereal-chess", "ethereal", Threads=1),
    }
    for elo in stockfish_elos:
        # Stockfish's default Move Overhead (10 ms) lost games on time on a loaded 2-core machine.
        ladder[f"stockfish-{elo}"] = uci(f"{GAMES}/stockfish", f"stockfish-{elo}", Threads=1,
                                         UCI_LimitStrength="true", UCI_Elo=elo, **{"Move Overhead": 50})
    order = ["fairymax", "hoichess", "phalanx", "gnuchess"]
    order += [f"stockfish-{e}" for e in sorted(stockfish_elos) if e < 1800]
    order += ["glaurung", "toga2"]
    order += [f"stockfish-{e}" for e in sorted(stockfish_elos) if e >= 1800]
    order += ["ethereal"]
    return {name: ladder[name] for name in order}


def engine_identity(binary: str) -> Dict[str, str]:
    """``--version`` output and the bench signature (node count) of Brudno."""
    def run(arg: str, timeout: float) -> str:
        try:
            return subprocess.run([binary, arg], capture_output=True, text=True, timeout=timeout).stdout
        except (OSError, subprocess.TimeoutExpired):
            return ""

    version = run("--version", 10).strip().splitlines()
    bench_lines = [line for line in run("bench", 600).splitlines() if line.strip()]
    match = re.search(r"Bench:\s*(\d+)\s*nodes", bench_lines[-1]) if bench_lines else None
    return {"version": version[0] if version else "unknown",
            "bench": match.group(1) if match else "unknown"}


def table_row(board: matchlib.Scoreboard, tc: str, identity: Dict[str, str], date: str) -> List[str]:
    est = board.estimate()
    elo = stats.format_elo(est.elo, est.elo_error).replace("+-", "±") if est else "-"
    time_losses = f"{board.faults[board.reference].time}/{board.faults[board.opponent].time}"
    return [board.opponent, str(board.games), f"{board.wins}/{board.draws}/{board.losses}",
            f"{100 * board.score():.1f}%", elo, time_losses, tc, date, identity["version"], identity["bench"]]


def parse_rows(section: str) -> Dict[str, List[str]]:
    """Existing table rows of a ladder section, keyed by opponent."""
    rows = {}
    for line in section.splitlines():
        line = line.strip()
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0] in ("Opponent", "") or set(cells[0]) <= set("-: "):
            continue
        rows[cells[0]] = cells
    return rows


def render(rows: Dict[str, List[str]], order: Sequence[str]) -> str:
    """Markdown table, opponents in ladder order, unknown ones after."""
    names = [n for n in order if n in rows] + sorted(n for n in rows if n not in order)
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "|".join("---" for _ in COLUMNS) + "|"]
    lines += ["| " + " | ".join(rows[n]) + " |" for n in names]
    return "\n".join(lines)


def update_section(text: str, new_rows: Dict[str, List[str]], order: Sequence[str]) -> Optional[str]:
    """README text with the ladder table merged in, or None without markers.

    Only the text between the markers changes.
    """
    begin, end = text.find(BEGIN), text.find(END)
    if begin < 0 or end < begin:
        return None
    inside = text[begin + len(BEGIN):end]
    rows = parse_rows(inside)
    rows.update(new_rows)
    note = ("Gauntlet results of `scripts/ladder.py` (Elo diff is Brudno minus the opponent, "
            "Bench is the node count of `brudno bench`).")
    return text[:begin + len(BEGIN)] + "\n" + note + "\n\n" + render(rows, order) + "\n" + text[end:]


def append_history(path: str, boards: Sequence[matchlib.Scoreboard], tc: str, identity: Dict[str, str],
                   date: str) -> None:
    """Appends one CSV row per played opponent to the ladder's history (header written if new)."""
    new = not os.path.exists(path)
    with open(path, "a", encoding="utf-8", newline="") as f:
        if new:
            f.write("date,version,bench,opponent,games,wins,draws,losses,tc,note\n")
        for b in boards:
            version = identity["version"].replace("brudno ", "").replace(",", " ")
            f.write(f"{date},{version},{identity['bench']},{b.opponent},{b.games},{b.wins},{b.draws},"
                    f"{b.losses},{tc},scripts/ladder.py\n")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--engine", default=str(matchlib.DEFAULT_BINARY), help="Brudno binary")
    p.add_argument("--opponents", default="all", help="comma-separated names (see --list) or 'all'")
    p.add_argument("--list", action="store_true", help="list the opponents and exit")
    p.add_argument("--games", type=int, default=40, help="games per opponent (default 40)")
    p.add_argument("--tc", default="10+0.1", help="time control (default 10+0.1)")
    p.add_argument("--timemargin", type=float, default=100.0, metavar="MS")
    p.add_argument("--hash", type=int, default=32, help="hash MB for every engine (default 32)")
    p.add_argument("--stockfish-elo", default="1350,1600,1900,2200",
                   help="UCI_Elo levels of the Stockfish opponents")
    p.add_argument("--concurrency", type=int, default=os.cpu_count() or 1)
    default_book = Path(matchlib.REPO_ROOT, "book", "openings-moves.txt")
    if not default_book.exists():
        default_book = Path(matchlib.REPO_ROOT, "book", "openings.epd")
    p.add_argument("--openings", default=str(default_book) if default_book.exists() else None,
                   help="openings file (default book/openings-moves.txt: works for every engine)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--pgn", help="append the games to this PGN file")
    p.add_argument("--readme", default=str(matchlib.REPO_ROOT / "README.md"))
    p.add_argument("--no-readme", action="store_true", help="only print the table")
    p.add_argument("--history", default=str(Path(__file__).with_name("ladder-history.csv")),
                   help="CSV the results are appended to (plotted by scripts/ladder_plot.py)")
    p.add_argument("--debug", action="store_true")
    args = p.parse_args()

    elos = [int(e) for e in args.stockfish_elo.split(",") if e.strip()]
    ladder = opponents(args.hash, elos)
    if args.list:
        for name, spec in ladder.items():
            print(f"{name:16} {spec.proto:6} {spec.describe()}  {spec.options}")
        return 0
    chosen = list(ladder) if args.opponents == "all" else [n.strip() for n in args.opponents.split(",")]
    unknown = [n for n in chosen if n not in ladder]
    if unknown:
        p.error(f"unknown opponents {unknown}; see --list")
    matchlib.configure_logging(args.debug)

    brudno = matchlib.EngineSpec([args.engine], "Brudno", "uci", {"Threads": "1", "Hash": str(args.hash)})
    specs = [brudno] + [ladder[n] for n in chosen]
    try:
        identity = engine_identity(args.engine)
        matchlib.probe(specs, args.debug)
        openings = matchlib.load_openings(args.openings) if args.openings else None
        tc = matchlib.TimeControl.parse(tc=args.tc, margin_ms=args.timemargin)
    except Exception as err:  # noqa: BLE001
        print(f"error: {err}", file=sys.stderr)
        return 1
    # the scoreboards are keyed by ladder names, whatever the engines call themselves
    for name, spec in zip(chosen, specs[1:]):
        spec.name = name
    adjudication = matchlib.Adjudication(resign_moves=3, resign_cp=1000, draw_movenumber=40,
                                         draw_moves=8, draw_cp=10, max_plies=400)
    tasks = matchlib.schedule(len(specs), args.games, openings, args.seed)
    boards = {i: matchlib.Scoreboard(brudno.name, specs[i].name) for i in range(1, len(specs))}
    print(f"{identity['version']}, bench {identity['bench']}: {len(tasks)} games at {args.tc} "
          f"against {', '.join(chosen)}; openings {args.openings or 'start position'}", flush=True)
    pgn_file = open(args.pgn, "a", encoding="utf-8") if args.pgn else None

    def on_result(res: matchlib.GameResult) -> bool:
        board = boards[res.task.opponent]
        board.add(res)
        if pgn_file:
            print(res.pgn, file=pgn_file, end="\n\n")
            pgn_file.flush()
        print(matchlib.progress_line(res, len(tasks), board), flush=True)
        return False

    started = time.monotonic()
    try:
        matchlib.run_games(tasks, specs, tc, adjudication, args.concurrency, on_result,
                           "Brudno ladder", args.debug)
    except KeyboardInterrupt:
        print("aborted: the README is not updated", file=sys.stderr)
        return 130
    finally:
        if pgn_file:
            pgn_file.close()
    print(f"\nwall time {time.monotonic() - started:.0f}s")
    for board in boards.values():
        print(board.summary())

    date = datetime.date.today().isoformat()
    rows = {b.opponent: table_row(b, args.tc, identity, date) for b in boards.values() if b.games}
    append_history(args.history, [b for b in boards.values() if b.games], args.tc, identity, date)
    text = None
    if not args.no_readme and os.path.exists(args.readme):
        with open(args.readme, encoding="utf-8") as f:
            text = update_section(f.read(), rows, list(ladder))
    if text is None:
        why = "--no-readme" if args.no_readme else f"no {BEGIN} ... {END} markers in {args.readme}"
        print(f"\n({why}: table not written)\n")
        print(render(rows, list(ladder)))
    else:
        with open(args.readme, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"\nupdated the ladder table in {args.readme}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
