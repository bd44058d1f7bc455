# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests for scripts/strength_fit.py: the rating against fixed opponents and the line fit."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import strength_fit as sf  # noqa: E402


class StrengthFit(unittest.TestCase):
    def test_even_score_is_the_opponents_rating(self):
        self.assertAlmostEqual(sf.rating([sf.parse("2000:1800:5:10:5")]), 1800.0, places=3)

    def test_two_opponents(self):
        # 75% against 1500 and 25% against 1700: symmetric around 1600.
        rs = [sf.parse("2000:1500:15:0:5"), sf.parse("2000:1700:5:0:15")]
        self.assertAlmostEqual(sf.rating(rs), 1600.0, places=3)
        # 75% is +190.8 Elo in the logistic model.
        self.assertAlmostEqual(sf.rating([sf.parse("1:1500:3:0:1")]), 1500 + 190.85, places=1)

    def test_perfect_scores_have_no_rating(self):
        self.assertIsNone(sf.rating([sf.parse("1:1500:10:0:0")]))
        self.assertIsNone(sf.rating([sf.parse("1:1500:0:0:10")]))

    def test_line(self):
        x0, a, slope = sf.fit([(1000, 1500, 40), (2000, 2000, 40), (3000, 2500, 40)])
        self.assertAlmostEqual(x0, 2000)
        self.assertAlmostEqual(a, 2000)
        self.assertAlmostEqual(slope, 0.5)


if __name__ == "__main__":
    unittest.main()
