#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Plot of Brudno's strength against the Debian ladder over versions, as an SVG.

Reads ``scripts/ladder-history.csv`` (one row per gauntlet result: date, version, bench, opponent,
games, wins, draws, losses, tc, note; ``scripts/ladder.py`` appends its results there) and draws
the Elo difference (Brudno minus the opponent, with a 95% interval) per opponent across versions, in
the order they first appear in the file. No third-party packages.

Example: ``scripts/ladder_plot.py`` (writes ``scripts/ladder-history.svg``)
"""

from __future__ import annotations

import argparse
import csv
import math
import os
from typing import Dict, List, NamedTuple, Sequence

HERE = os.path.dirname(os.path.abspath(__file__))
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]


class Point(NamedTuple):
    version: str
    opponent: str
    elo: float
    error: float
    games: int


def elo_with_error(wins: int, draws: int, losses: int) -> tuple:
    """Logistic Elo difference and its 95% half-interval (trinomial, clamped away from 0 and 100%)."""
    n = wins + draws + losses
    score = (wins + 0.5 * draws) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n / n
    s = min(max(score, 0.5 / n), 1 - 0.5 / n)

    def elo(p: float) -> float:
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / p - 1)

    half = 1.96 * math.sqrt(var)
    return elo(s), (elo(min(s + half, 1 - 1e-6)) - elo(max(s - half, 1e-6))) / 2


def read_history(path: str) -> List[Point]:
    points = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            w, d, l = int(row["wins"]), int(row["draws"]), int(row["losses"])
            e, err = elo_with_error(w, d, l)
            points.append(Point(row["version"], row["opponent"], e, err, w + d + l))
    return points


def svg(points: Sequence[Point], width: int = 720, height: int = 360) -> str:
    versions: List[str] = []
    for p in points:
        if p.version not in versions:
            versions.append(p.version)
    opponents: List[str] = []
    for p in points:
        if p.opponent not in opponents:
            opponents.append(p.opponent)
    lo = min(-400.0, min(p.elo - p.error for p in points))
    hi = max(400.0, max(p.elo + p.error for p in points))
    left, right, top, bottom = 60, 170, 20, 60
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(version: str) -> float:
        i = versions.index(version)
        return left + (plot_w * (i + 0.5) / len(versions))

    def y(elo: float) -> float:
        return top + plot_h * (hi - elo) / (hi - lo)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    for tick in range(int(math.ceil(lo / 200)) * 200, int(hi) + 1, 200):
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
                   f'stroke="{"#888" if tick == 0 else "#ddd"}"/>')
        out.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:+d}</text>')
    out.append(f'<text x="14" y="{top + plot_h / 2:.0f}" transform="rotate(-90 14 {top + plot_h / 2:.0f})" '
               f'text-anchor="middle">Elo, Brudno minus opponent</text>')
    for v in versions:
        out.append(f'<text x="{x(v):.1f}" y="{top + plot_h + 18}" text-anchor="middle">{v}</text>')
    by_opponent: Dict[str, List[Point]] = {o: [p for p in points if p.opponent == o] for o in opponents}
    for i, (name, pts) in enumerate(by_opponent.items()):
        colour = COLOURS[i % len(COLOURS)]
        shift = (i - (len(opponents) - 1) / 2) * 6
        if len(pts) > 1:
            path = " ".join(f"{x(p.version) + shift:.1f},{y(p.elo):.1f}" for p in pts)
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.5"/>')
        for p in pts:
            cx = x(p.version) + shift
            out.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(p.elo + p.error):.1f}" '
                       f'y2="{y(p.elo - p.error):.1f}" stroke="{colour}"/>')
            out.append(f'<circle cx="{cx:.1f}" cy="{y(p.elo):.1f}" r="3.5" fill="{colour}">'
                       f'<title>{name}, {p.version}: {p.elo:+.0f} ± {p.error:.0f} ({p.games} games)</title>'
                       f'</circle>')
        ly = top + 14 + 16 * i
        out.append(f'<circle cx="{left + plot_w + 16}" cy="{ly - 4}" r="4" fill="{colour}"/>')
        out.append(f'<text x="{left + plot_w + 26}" y="{ly}">{name}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--history", default=os.path.join(HERE, "ladder-history.csv"))
    p.add_argument("--out", default=os.path.join(HERE, "ladder-history.svg"))
    args = p.parse_args()
    points = read_history(args.history)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(svg(points))
    print(f"{len(points)} results -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
