#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Play engine matches: head-to-head, gauntlet, or an SPRT.

Examples (from the repository root)::

    # quick check, two games at 2000 nodes per move
    scripts/match.py --engine target/release/brudno --engine target/release/brudno \\
        --nodes 2000 --games 2

    # current tree against the previous commit, SPRT with nElo bounds [0, 5]
    scripts/match.py --engine target/release/brudno --name new --engine-ref HEAD~1 \\
        --tc 10+0.1 --openings book/openings.epd --games 20000 --sprt 0 5 --pgn sprt.pgn

    # gauntlet: the first engine against each of the others
    scripts/match.py --engine target/release/brudno \\
        --engine /usr/games/stockfish --option UCI_LimitStrength=true --option UCI_Elo=1500 \\
        --engine /usr/games/fairymax --proto xboard --tc 10+0.1 --games 40

Per-engine arguments follow their ``--engine CMD`` (or ``--engine-ref REV``):
``--name``, ``--proto uci|xboard``, ``--option Name=Value`` (repeatable) and
``--startpos-only``.  ``CMD`` may contain arguments (``"gnuchess --uci"``).

``--games`` counts games per opponent.  Each opening is played twice with
colours swapped; XBoard engines without ``setboard`` get FEN openings from
the start position instead (move-list openings work for them), and
``--openings`` may be omitted altogether (every game from the start position).

Rules, clocks and adjudication are described in ``matchlib``; statistics in
``stats``.  Exit status: 0, or 1 for a usage or start-up error.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import matchlib  # noqa: E402
import stats  # noqa: E402


def parse_args(argv):
    raw_engines, rest = matchlib.split_engine_args(argv)
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        usage="%(prog)s --engine CMD [engine args] --engine CMD [engine args] ... [options]",
        epilog="Engine arguments (after each --engine CMD / --engine-ref REV): "
               "--name N, --proto uci|xboard, --option Name=Value, --startpos-only.")
    limit = p.add_argument_group("limits")
    limit.add_argument("--tc", help="time control base+inc in seconds, e.g. 10+0.1")
    limit.add_argument("--nodes", type=int, help="fixed nodes per move")
    limit.add_argument("--depth", type=int, help="fixed depth per move")
    limit.add_argument("--timemargin", type=float, default=100.0, metavar="MS",
                       help="tolerated clock overrun before a time loss (default 100 ms)")
    p.add_argument("--games", type=int, default=100, help="games per opponent (default 100)")
    p.add_argument("--concurrency", type=int, default=os.cpu_count() or 1,
                   help="games played at once (default: number of CPUs)")
    p.add_argument("--openings", help="EPD/FEN or move-list file; each opening is played twice")
    p.add_argument("--seed", type=int, default=None, help="seed for the opening order")
    p.add_argument("--pgn", help="append the games to this PGN file")
    p.add_argument("--event", default="Brudno match", help="PGN Event tag")
    adj = p.add_argument_group("adjudication")
    adj.add_argument("--resign", nargs=2, type=int, metavar=("MOVES", "SCORE_CP"),
                     help="win when both engines agree on |score| >= SCORE_CP for MOVES moves each")
    adj.add_argument("--draw", nargs=3, type=int, metavar=("MOVENUMBER", "MOVES", "SCORE_CP"),
                     help="draw after move MOVENUMBER when both |score| <= SCORE_CP for MOVES moves each")
    adj.add_argument("--maxmoves", type=int, default=400, metavar="PLIES",
                     help="draw after this many engine plies (default 400)")
    sprt = p.add_argument_group("SPRT (exactly two engines)")
    sprt.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"),
                      help="sequential test of H0: elo=ELO0 against H1: elo=ELO1; stops at a bound")
    sprt.add_argument("--alpha", type=float, default=0.05)
    sprt.add_argument("--beta", type=float, default=0.05)
    sprt.add_argument("--elo-model", choices=("normalized", "logistic"), default="normalized",
                      help="unit of ELO0/ELO1 (default normalized, as fishtest)")
    p.add_argument("--bin", default="brudno", help="cargo binary built for --engine-ref (default brudno)")
    p.add_argument("--debug", action="store_true", help="show engine stderr and python-chess logs")
    args = p.parse_args(rest)
    if len(raw_engines) < 2:
        p.error("give at least two engines (--engine CMD or --engine-ref REV)")
    if args.sprt and len(raw_engines) != 2:
        p.error("--sprt needs exactly two engines")
    try:
        args.timecontrol = matchlib.TimeControl.parse(args.tc, args.nodes, args.depth, args.timemargin)
    except ValueError as err:
        p.error(str(err))
    if args.games < 1 or args.concurrency < 1:
        p.error("--games and --concurrency must be positive")
    args.raw_engines = raw_engines
    return args


def main(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    matchlib.configure_logging(args.debug)
    try:
        specs = matchlib.engine_specs(args.raw_engines, bin_name=args.bin)
        matchlib.probe(specs, args.debug)
        openings = matchlib.load_openings(args.openings) if args.openings else None
    except Exception as err:  # noqa: BLE001 - report start-up problems plainly
        print(f"error: {err}", file=sys.stderr)
        return 1

    adjudication = matchlib.Adjudication(max_plies=args.maxmoves)
    if args.resign:
        adjudication.resign_moves, adjudication.resign_cp = args.resign
    if args.draw:
        adjudication.draw_movenumber, adjudication.draw_moves, adjudication.draw_cp = args.draw

    tasks = matchlib.schedule(len(specs), args.games, openings, args.seed)
    boards = {i: matchlib.Scoreboard(specs[0].name, specs[i].name) for i in range(1, len(specs))}
    for spec in specs:
        fallback = " (FEN openings from the start position)" if spec.startpos_only and openings else ""
        print(f"engine {spec.name}: {spec.describe()} [{spec.proto}]{fallback}")
    print(f"{len(tasks)} games, {args.timecontrol.describe()}, concurrency {args.concurrency}, "
          f"openings: {args.openings or 'start position'}")

    pgn_file = open(args.pgn, "a", encoding="utf-8") if args.pgn else None
    decision = None
    sprt_state = None

    def on_result(res: matchlib.GameResult) -> bool:
        nonlocal decision, sprt_state
        board = boards[res.task.opponent]
        board.add(res)
        if pgn_file:
            print(res.pgn, file=pgn_file, end="\n\n")
            pgn_file.flush()
        line = matchlib.progress_line(res, len(tasks), board)
        if args.sprt:
            sprt_state = stats.sprt(board.penta, args.sprt[0], args.sprt[1], args.alpha, args.beta,
                                    args.elo_model)
            line += f" | LLR {sprt_state.llr:.2f} ({sprt_state.lower:.2f}, {sprt_state.upper:.2f})"
            if decision is None and sprt_state.decision:
                decision = sprt_state.decision
                line += f" -> {decision} accepted, stopping"
        print(line, flush=True)
        return decision is not None

    started = time.monotonic()
    try:
        matchlib.run_games(tasks, specs, args.timecontrol, adjudication, args.concurrency,
                           on_result, args.event, args.debug)
    except KeyboardInterrupt:
        print("aborted", file=sys.stderr)
    finally:
        if pgn_file:
            pgn_file.close()
    wall = time.monotonic() - started

    print()
    played = sum(b.games for b in boards.values())
    for board in boards.values():
        print(board.summary())
    if args.sprt:
        state = stats.sprt(boards[1].penta, args.sprt[0], args.sprt[1], args.alpha, args.beta, args.elo_model)
        unit = "nElo" if args.elo_model == "normalized" else "Elo"
        verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "no decision"}[decision or state.decision]
        print(f"SPRT [{args.sprt[0]:g}, {args.sprt[1]:g}] {unit}, alpha {args.alpha:g}, beta {args.beta:g}: "
              f"LLR {state.llr:.2f} ({state.lower:.2f}, {state.upper:.2f}) on {sum(boards[1].penta)} pairs: "
              f"{verdict}")
    if played:
        print(f"wall time {wall:.1f}s for {played} games ({wall / played:.2f}s per game, "
              f"concurrency {args.concurrency})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
