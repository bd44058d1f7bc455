# SPDX-License-Identifier: GPL-3.0-or-later
"""Fits the `UCI_Elo` calibration: which Stockfish level each strength rung plays like, and the line.

Each argument is one match of Brudno at a rung against Stockfish 15.1 at a `UCI_Elo`, as
``RUNG:STOCKFISH_ELO:W:D:L`` (Brudno's wins, draws, losses). For each rung it finds the rating X
at which the logistic model expects exactly the points scored against all its opponents together
(the maximum-likelihood rating against fixed opponents), then fits ``X = a + slope * (rung - r0)``
by least squares weighted by games. `src/search/strength.rs` takes the line's anchor and slope.

    python3 scripts/strength_fit.py 1635:1700:10:5:5 1635:1500:15:3:2 2227:2100:8:6:6

Standard library only.
"""

from __future__ import annotations

import os
import sys
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import stats  # noqa: E402


class Result(NamedTuple):
    rung: float
    opponent: float
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws


def parse(arg: str) -> Result:
    rung, opp, w, d, l = arg.split(":")
    return Result(float(rung), float(opp), int(w), int(d), int(l))


def expected(x: float, opponent: float) -> float:
    return stats.elo_to_score(x - opponent)


def rating(results: Sequence[Result]) -> Optional[float]:
    """The rating whose expected points against these opponents equal the points scored; `None`
    when the score is 0% or 100% (no finite rating)."""
    games = sum(r.games for r in results)
    points = sum(r.points for r in results)
    if games == 0 or points <= 0 or points >= games:
        return None
    lo, hi = -2000.0, 6000.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if sum(r.games * expected(mid, r.opponent) for r in results) < points:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def fit(points: Sequence[Tuple[float, float, int]]) -> Tuple[float, float, float]:
    """Weighted least squares of ``y = a + slope * (x - x0)`` over ``(x, y, weight)``, with x0 the
    weighted mean of x; returns ``(x0, a, slope)``."""
    w = sum(p[2] for p in points)
    x0 = sum(p[0] * p[2] for p in points) / w
    y0 = sum(p[1] * p[2] for p in points) / w
    sxx = sum(p[2] * (p[0] - x0) ** 2 for p in points)
    sxy = sum(p[2] * (p[0] - x0) * (p[1] - y0) for p in points)
    return x0, y0, sxy / sxx


def main(argv: List[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    by_rung: Dict[float, List[Result]] = {}
    for a in argv:
        r = parse(a)
        by_rung.setdefault(r.rung, []).append(r)
    rows = []
    for rung, rs in sorted(by_rung.items()):
        x = rating(rs)
        games = sum(r.games for r in rs)
        opps = ", ".join(f"{r.opponent:.0f}: +{r.wins} ={r.draws} -{r.losses}" for r in rs)
        print(f"rung {rung:.0f}: {opps} -> plays like {'-' if x is None else f'{x:.0f}'} ({games} games)")
        if x is not None:
            rows.append((rung, x, games))
    if len(rows) >= 2:
        x0, a, slope = fit(rows)
        print(f"fit: Stockfish Elo = {a:.0f} + {slope:.3f} * (rung - {x0:.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
