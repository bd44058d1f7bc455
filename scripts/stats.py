# SPDX-License-Identifier: GPL-3.0-or-later
"""Match statistics for engine testing: Elo estimates and the SPRT.

Pure Python (standard library only), so it can be unit-tested and imported
without python-chess.

Conventions
-----------
* A *trinomial* result is ``(losses, draws, wins)`` counted in games, seen
  from the first engine ("engine under test").
* A *pentanomial* result is the count of game pairs (same opening, colours
  swapped) by pair score: ``(0, 0.5, 1, 1.5, 2)`` points, i.e. the tuple
  ``(LL, LD+DL, LW+DD+WL, DW+WD, WW)``.
* Scores are normalised to [0, 1]: a game scores 0, 1/2 or 1, a pair scores
  0, 1/4, 1/2, 3/4 or 1 (the mean of its two games).

Elo models
----------
* *Logistic* Elo: ``score = 1 / (1 + 10 ** (-elo / 400))``.
* *Normalized* Elo (nElo, as used by fishtest): the t-value of the score,
  ``(mu - 1/2) / sigma_game``, scaled by ``800 / ln 10``.  ``sigma_game`` is
  the standard deviation of one game's score; with pentanomial data it is
  ``sqrt(2)`` times the standard deviation of a pair's mean score, so that
  the correlation inside a pair is accounted for.

SPRT
----
The generalised sequential probability ratio test: for each hypothesis the
outcome probabilities are replaced by their maximum-likelihood estimate under
the constraint "Elo == elo_k" (expectation constraint for logistic Elo,
t-value constraint for normalized Elo), and the LLR is
``N * sum_i phat_i * log(p1_i / p0_i)``.  The constrained maximum-likelihood
distributions have the form ``p_i = phat_i / (1 + x * h_i)`` (a Lagrange
multiplier argument); ``x`` is found by bisection and, for the t-value
constraint, ``h`` depends on the mean and deviation of ``p`` itself, so the
solution is iterated to a fixed point.  Empty outcome classes get a tiny
pseudo-count so that the estimate exists from the very first results.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

#: normalized Elo per unit of t-value
NELO_PER_T = 800.0 / math.log(10.0)

#: pseudo-count given to outcome classes that have not occurred yet
_PSEUDO_COUNT = 1e-3

Pdf = List[Tuple[float, float]]  # [(score value, probability), ...]


# ---------------------------------------------------------------------------
# Elo <-> score


def elo_to_score(elo: float) -> float:
    """Expected score of a player ``elo`` logistic Elo points stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def score_to_elo(score: float) -> float:
    """Logistic Elo difference for an expected score; +-inf at 1 and 0."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def _phi(x: float) -> float:
    """Standard normal cumulative distribution."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def _phi_inv(p: float) -> float:
    """Inverse of :func:`_phi` by bisection (only needed for a few values)."""
    lo, hi = -40.0, 40.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if _phi(mid) < p:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


# ---------------------------------------------------------------------------
# distributions


def results_pdf(results: Sequence[float], pseudo: float = 0.0) -> Tuple[float, Pdf]:
    """Turn counts (trinomial or pentanomial) into ``(N, pdf)``.

    The values are spaced evenly on [0, 1].  ``pseudo`` replaces zero counts
    (regularisation for the SPRT).
    """
    if len(results) not in (3, 5):
        raise ValueError("results must have 3 (L, D, W) or 5 (pair) entries")
    counts = [float(c) if c > 0 else pseudo for c in results]
    total = sum(counts)
    if total <= 0:
        raise ValueError("no results")
    k = len(counts) - 1
    return total, [(i / k, c / total) for i, c in enumerate(counts)]


def mean_var(pdf: Pdf) -> Tuple[float, float]:
    """Mean and variance of a discrete distribution."""
    mu = sum(p * a for a, p in pdf)
    var = sum(p * (a - mu) ** 2 for a, p in pdf)
    return mu, var


# ---------------------------------------------------------------------------
# estimates


@dataclass
class Estimate:
    """Point estimate and 95 % interval of a match result."""

    games: int
    score: float  #: mean score per game in [0, 1]
    elo: float  #: logistic Elo
    elo_error: float  #: half width of the 95 % interval (logistic Elo)
    nelo: float  #: normalized Elo
    nelo_error: float  #: half width of the 95 % interval (normalized Elo)
    los: float  #: likelihood of superiority, P(true score > 1/2)


def estimate(results: Sequence[int], confidence: float = 0.95) -> Optional[Estimate]:
    """Elo estimate with error bars from trinomial or pentanomial counts.

    The score variance is the empirical per-game variance (trinomial) or the
    per-pair variance (pentanomial), so the error bars of paired games take
    the correlation of the two games of a pair into account.  Returns None
    when there are no results.
    """
    if sum(results) == 0:
        return None
    n, pdf = results_pdf(results)
    mu, var = mean_var(pdf)
    paired = len(results) == 5
    games = int(round(2 * n if paired else n))
    z = _phi_inv(0.5 + confidence / 2.0)
    se = math.sqrt(var / n)  # standard error of the mean score
    elo = score_to_elo(mu)
    lo, hi = score_to_elo(mu - z * se), score_to_elo(mu + z * se)
    elo_error = (hi - lo) / 2.0
    sigma_game = math.sqrt(2.0 * var) if paired else math.sqrt(var)
    if sigma_game > 0:
        nelo = (mu - 0.5) / sigma_game * NELO_PER_T
        nelo_error = z * NELO_PER_T / math.sqrt(games)
        los = _phi((mu - 0.5) / se)
    else:  # every game (pair) ended the same way
        nelo = math.copysign(math.inf, mu - 0.5) if mu != 0.5 else 0.0
        nelo_error = math.inf
        los = 1.0 if mu > 0.5 else 0.0 if mu < 0.5 else 0.5
    return Estimate(games, mu, elo, elo_error, nelo, nelo_error, los)


# ---------------------------------------------------------------------------
# constrained maximum likelihood


def _solve_multiplier(pdf: Pdf, h: Sequence[float]) -> float:
    """Find x with ``sum_i p_i h_i / (1 + x h_i) = 0`` and all ``1 + x h_i > 0``.

    The left-hand side decreases strictly in x, so bisection on the open
    interval where every denominator is positive finds the unique root.  The
    ``h`` must take both signs (guaranteed when the constraint lies strictly
    inside the range of the outcome values).
    """
    hmax, hmin = max(h), min(h)
    if not (hmin < 0.0 < hmax):
        raise ValueError("constraint outside the range of the outcomes")
    lo, hi = -1.0 / hmax, -1.0 / hmin
    width = hi - lo
    lo, hi = lo + 1e-12 * width, hi - 1e-12 * width

    def f(x: float) -> float:
        return sum(p * hi_ / (1.0 + x * hi_) for (_, p), hi_ in zip(pdf, h))

    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if f(mid) > 0.0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-15 * max(1.0, abs(mid)):
            break
    return 0.5 * (lo + hi)


def mle_mean(pdf: Pdf, s: float) -> Pdf:
    """Most likely distribution on the same outcomes with mean ``s``."""
    h = [a - s for a, _ in pdf]
    x = _solve_multiplier(pdf, h)
    return [(a, p / (1.0 + x * hi)) for (a, p), hi in zip(pdf, h)]


def mle_tvalue(pdf: Pdf, t: float, ref: float = 0.5) -> Pdf:
    """Most likely distribution on the same outcomes with ``(mu - ref) / sigma == t``.

    Stationarity of the Lagrangian gives ``p_i = phat_i / (1 + x h_i)`` with
    ``h_i = (a_i - ref) - t/2 * ((a_i - mu)**2 / sigma + sigma)`` where mu and
    sigma belong to p; iterate from the uniform distribution until p stops
    changing.
    """
    cur: Pdf = [(a, 1.0 / len(pdf)) for a, _ in pdf]
    for _ in range(100):
        mu, var = mean_var(cur)
        sigma = math.sqrt(var)
        h = [(a - ref) - 0.5 * t * ((a - mu) ** 2 / sigma + sigma) for a, _ in pdf]
        x = _solve_multiplier(pdf, h)
        nxt = [(a, p / (1.0 + x * hi)) for (a, p), hi in zip(pdf, h)]
        change = max(abs(p - q) for (_, p), (_, q) in zip(cur, nxt))
        cur = nxt
        if change < 1e-12:
            break
    return cur


# ---------------------------------------------------------------------------
# SPRT


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> Tuple[float, float]:
    """Lower (accept H0) and upper (accept H1) LLR bounds."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def llr(results: Sequence[float], elo0: float, elo1: float, model: str = "normalized") -> float:
    """Generalised log-likelihood ratio of H1 (Elo = elo1) against H0 (elo0).

    ``results`` are trinomial ``(L, D, W)`` game counts or pentanomial pair
    counts.  ``model`` is ``"normalized"`` (elo0/elo1 in nElo, fishtest's
    default) or ``"logistic"``.  Returns 0.0 before any result.
    """
    if sum(results) == 0:
        return 0.0
    n, pdf = results_pdf(results, pseudo=_PSEUDO_COUNT)
    if model == "logistic":
        p0, p1 = (mle_mean(pdf, elo_to_score(e)) for e in (elo0, elo1))
    elif model == "normalized":
        scale = math.sqrt(2.0) if len(results) == 5 else 1.0  # t per pair vs per game
        p0, p1 = (mle_tvalue(pdf, e / NELO_PER_T * scale) for e in (elo0, elo1))
    else:
        raise ValueError(f"unknown Elo model {model!r}")
    return n * sum(p * (math.log(q1) - math.log(q0)) for (_, p), (_, q0), (_, q1) in zip(pdf, p0, p1))


@dataclass
class SprtState:
    """Result of an SPRT evaluation."""

    llr: float
    lower: float
    upper: float

    @property
    def decision(self) -> Optional[str]:
        """'H1' (accept elo1), 'H0' (accept elo0) or None (continue)."""
        if self.llr >= self.upper:
            return "H1"
        if self.llr <= self.lower:
            return "H0"
        return None


def sprt(results: Sequence[float], elo0: float, elo1: float, alpha: float = 0.05,
         beta: float = 0.05, model: str = "normalized") -> SprtState:
    """LLR with its bounds and decision."""
    lower, upper = sprt_bounds(alpha, beta)
    return SprtState(llr(results, elo0, elo1, model), lower, upper)


# ---------------------------------------------------------------------------
# bookkeeping


def pair_index(score_a: float, score_b: float) -> int:
    """Index in the pentanomial tuple of a pair with game scores a and b."""
    return int(round(2 * (score_a + score_b)))


def format_elo(value: float, error: float) -> str:
    """``"+12.3 +- 4.5"`` with infinities shown as ``inf``."""
    def f(x: float, sign: bool) -> str:
        if math.isinf(x) or math.isnan(x):
            return ("+" if x > 0 and sign else "-" if x < 0 else "") + "inf"
        x = round(x, 1) + 0.0  # no "-0.0"
        return f"{x:+.1f}" if sign else f"{x:.1f}"
    return f"{f(value, True)} +- {f(error, False)}"
