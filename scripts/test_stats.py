# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests for scripts/stats.py (standard library only).

Run from the repository root with
``python3 -m unittest discover -s scripts -p 'test_*.py'``.

The LLR is checked against an independent computation: for trinomial data the
constrained likelihood has one free parameter (the draw rate) once the
constraint is solved in closed form, so the maximum likelihood can be found
by a plain one-dimensional search, without the Lagrange machinery used in
stats.py.
"""

import math
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import stats  # noqa: E402


def _max_1d(f, lo, hi, iterations=200):
    """Maximise a unimodal function on [lo, hi] by golden-section search."""
    g = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = lo, hi
    c, d = b - g * (b - a), a + g * (b - a)
    for _ in range(iterations):
        if f(c) > f(d):
            b = d
        else:
            a = c
        c, d = b - g * (b - a), a + g * (b - a)
    return f((a + b) / 2.0)


def _trinomial_loglik(counts, w, d, l):
    n_l, n_d, n_w = counts
    return n_l * math.log(l) + n_d * math.log(d) + n_w * math.log(w)


def _brute_llr_trinomial(counts, elo0, elo1, model):
    """Independent LLR for (L, D, W) counts without zero entries.

    With draw rate d and delta = w - l, the mean score is 1/2 + delta/2 and
    the variance is (1 - d - delta**2) / 4.  The logistic constraint fixes
    delta = 2 s - 1; the t-value constraint (mu - 1/2) / sigma = t gives
    delta = t * sqrt((1 - d) / (1 + t**2)).  Then maximise over d.
    """

    def best(elo):
        if model == "logistic":
            delta_of = lambda d: 2.0 * stats.elo_to_score(elo) - 1.0  # noqa: E731
        else:
            t = elo / (800.0 / math.log(10.0))
            delta_of = lambda d: t * math.sqrt((1.0 - d) / (1.0 + t * t))  # noqa: E731

        def loglik(d):
            delta = delta_of(d)
            w, l = (1.0 - d + delta) / 2.0, (1.0 - d - delta) / 2.0
            if min(w, l) <= 0.0:
                return -math.inf
            return _trinomial_loglik(counts, w, d, l)

        return _max_1d(loglik, 1e-9, 1.0 - 1e-9)

    return best(elo1) - best(elo0)


class EloTest(unittest.TestCase):
    def test_score_to_elo(self):
        self.assertEqual(stats.score_to_elo(0.5), 0.0)
        self.assertAlmostEqual(stats.score_to_elo(0.75), 400 * math.log10(3), places=9)
        self.assertAlmostEqual(stats.score_to_elo(0.75), 190.85, places=2)
        self.assertAlmostEqual(stats.score_to_elo(0.25), -190.85, places=2)
        self.assertEqual(stats.score_to_elo(1.0), math.inf)
        self.assertEqual(stats.score_to_elo(0.0), -math.inf)

    def test_round_trip(self):
        for elo in (-300, -35.5, 0, 12, 250):
            self.assertAlmostEqual(stats.score_to_elo(stats.elo_to_score(elo)), elo, places=9)

    def test_error_bars_trinomial(self):
        # 30 W, 20 D, 10 L: score 2/3, per-game variance 5/36.
        est = stats.estimate((10, 20, 30))
        self.assertEqual(est.games, 60)
        self.assertAlmostEqual(est.score, 2 / 3)
        self.assertAlmostEqual(est.elo, 120.412, places=3)
        se = math.sqrt(5 / 36 / 60)
        z = 1.959964
        lo = -400 * math.log10(1 / (2 / 3 - z * se) - 1)
        hi = -400 * math.log10(1 / (2 / 3 + z * se) - 1)
        self.assertAlmostEqual(est.elo_error, (hi - lo) / 2, places=3)
        self.assertAlmostEqual(est.elo_error, 75.26, places=2)
        # nElo: t-value 1/6 / sqrt(5/36) times 800/ln 10
        self.assertAlmostEqual(est.nelo, (1 / 6) / math.sqrt(5 / 36) * 800 / math.log(10), places=6)

    def test_error_bars_pentanomial(self):
        # 10 pairs each of WL (1 point) and WW: pair means 1/2 and 1
        est = stats.estimate((0, 0, 10, 0, 10))
        self.assertEqual(est.games, 40)
        self.assertAlmostEqual(est.score, 0.75)
        # pair-score variance = 1/16, 20 pairs
        se = math.sqrt(1 / 16 / 20)
        hi = stats.score_to_elo(0.75 + 1.959964 * se)
        lo = stats.score_to_elo(0.75 - 1.959964 * se)
        self.assertAlmostEqual(est.elo_error, (hi - lo) / 2, places=3)

    def test_pairing_shrinks_error_when_pairs_are_correlated(self):
        # Same games (20 W, 20 L) as trinomial and as 20 WL pairs: every pair
        # scores exactly 1/2, so the pentanomial variance is 0.
        tri = stats.estimate((20, 0, 20))
        penta = stats.estimate((0, 0, 20, 0, 0))
        self.assertGreater(tri.elo_error, 100)
        self.assertEqual(penta.elo_error, 0.0)

    def test_empty(self):
        self.assertIsNone(stats.estimate((0, 0, 0)))
        self.assertEqual(stats.llr((0, 0, 0), 0, 5), 0.0)


class LlrTest(unittest.TestCase):
    def test_bounds(self):
        lo, hi = stats.sprt_bounds(0.05, 0.05)
        self.assertAlmostEqual(hi, math.log(19), places=12)
        self.assertAlmostEqual(lo, -math.log(19), places=12)
        self.assertAlmostEqual(hi, 2.944, places=3)

    def test_trinomial_logistic_matches_brute_force(self):
        for counts, e0, e1 in [((80, 200, 120), 0, 5), ((130, 90, 110), -10, 10),
                               ((3, 5, 9), 0, 50)]:
            expected = _brute_llr_trinomial(counts, e0, e1, "logistic")
            self.assertAlmostEqual(stats.llr(counts, e0, e1, "logistic"), expected, places=5)

    def test_trinomial_normalized_matches_brute_force(self):
        for counts, e0, e1 in [((80, 200, 120), 0, 2), ((130, 90, 110), 0, 5),
                               ((3, 5, 9), -5, 20), ((400, 150, 450), 0, 10)]:
            expected = _brute_llr_trinomial(counts, e0, e1, "normalized")
            self.assertAlmostEqual(stats.llr(counts, e0, e1, "normalized"), expected, places=5)

    def test_hand_computed_value(self):
        # (80, 200, 120): mean 0.55, variance 0.1225; the Gaussian (second
        # order) approximation of the LLR in score space gives
        # N (s1 - s0)(2 mu - s0 - s1) / (2 var) with s = 1/2 + t sigma.
        n, mu, var = 400, 0.55, 0.1225
        t1 = 2 / (800 / math.log(10))
        s0, s1 = 0.5, 0.5 + t1 * math.sqrt(var)
        approx = n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)
        self.assertAlmostEqual(approx, 0.3223, places=3)
        self.assertAlmostEqual(stats.llr((80, 200, 120), 0, 2), approx, delta=0.01)

    def test_pentanomial_close_to_gaussian_approximation(self):
        counts = (30, 260, 520, 300, 40)
        n, pdf = stats.results_pdf(counts)
        mu, var = stats.mean_var(pdf)
        t0, t1 = 0.0, 5 / (800 / math.log(10)) * math.sqrt(2)
        s0, s1 = 0.5 + t0 * math.sqrt(var), 0.5 + t1 * math.sqrt(var)
        approx = n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)
        exact = stats.llr(counts, 0, 5)
        self.assertGreater(exact, 0)
        self.assertAlmostEqual(exact, approx, delta=0.03 * abs(approx))

    def test_mle_satisfies_constraints(self):
        _, pdf = stats.results_pdf((5, 20, 50, 22, 5))
        p = stats.mle_tvalue(pdf, 0.1)
        mu, var = stats.mean_var(p)
        self.assertAlmostEqual(sum(q for _, q in p), 1.0, places=9)
        self.assertAlmostEqual((mu - 0.5) / math.sqrt(var), 0.1, places=7)
        p = stats.mle_mean(pdf, 0.53)
        self.assertAlmostEqual(stats.mean_var(p)[0], 0.53, places=9)

    def test_many_wins_accepts_h1(self):
        # a +130 Elo result over 300 games against nElo bounds [0, 10]
        state = stats.sprt((50, 90, 160), 0, 10)
        self.assertGreater(state.llr, state.upper)
        self.assertEqual(state.decision, "H1")
        state = stats.sprt((0, 5, 25, 50, 45), 0, 10)
        self.assertEqual(state.decision, "H1")
        # the logistic model with wide bounds decides quickly too
        self.assertEqual(stats.sprt((5, 30, 65), 0, 50, model="logistic").decision, "H1")

    def test_balanced_results_reject(self):
        # results at elo0 favour H0: LLR negative, and with enough games H0 is accepted
        self.assertLess(stats.llr((300, 400, 300), 0, 5), 0)
        self.assertLess(stats.llr((30, 200, 400, 200, 30), 0, 5), 0)
        self.assertEqual(stats.sprt((3000, 4000, 3000), 0, 10).decision, "H0")
        self.assertIsNone(stats.sprt((10, 10, 10), 0, 10).decision)

    def test_monotone_in_wins(self):
        previous = -math.inf
        for wins in range(90, 131, 5):
            value = stats.llr((100, 200, wins), 0, 5)
            self.assertGreater(value, previous)
            previous = value

    def test_antisymmetric(self):
        # swapping the hypotheses negates the LLR
        counts = (12, 40, 70, 45, 13)
        self.assertAlmostEqual(stats.llr(counts, 0, 5), -stats.llr(counts, 5, 0), places=9)

    def test_pair_index(self):
        self.assertEqual(stats.pair_index(0, 0), 0)
        self.assertEqual(stats.pair_index(1, 0), 2)
        self.assertEqual(stats.pair_index(0.5, 0.5), 2)
        self.assertEqual(stats.pair_index(1, 0.5), 3)
        self.assertEqual(stats.pair_index(1, 1), 4)


if __name__ == "__main__":
    unittest.main()
