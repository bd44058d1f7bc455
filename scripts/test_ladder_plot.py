# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests of scripts/ladder_plot.py: Elo intervals and the SVG drawn from a history file."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ladder_plot  # noqa: E402


class LadderPlotTest(unittest.TestCase):
    def test_elo_with_error(self):
        elo, err = ladder_plot.elo_with_error(10, 20, 10)
        self.assertAlmostEqual(elo, 0.0, places=6)
        self.assertTrue(50 < err < 120, err)
        elo, _ = ladder_plot.elo_with_error(30, 0, 10)  # 75%: +190.8
        self.assertAlmostEqual(elo, 190.85, places=1)
        elo, _ = ladder_plot.elo_with_error(40, 0, 0)  # a clean sweep stays finite
        self.assertTrue(400 < elo < 1000, elo)

    def test_svg_has_a_point_per_result_and_a_legend(self):
        rows = ["date,version,bench,opponent,games,wins,draws,losses,tc,note",
                "2026-01-01,v1,1,glaurung,40,7,5,28,10+0.1,x",
                "2026-01-02,v2,2,glaurung,40,20,7,13,10+0.1,x",
                "2026-01-02,v2,2,phalanx,40,18,10,12,10+0.1,x"]
        with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
            f.write("\n".join(rows) + "\n")
        try:
            points = ladder_plot.read_history(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual([p.opponent for p in points], ["glaurung", "glaurung", "phalanx"])
        out = ladder_plot.svg(points)
        self.assertTrue(out.startswith("<svg") and out.rstrip().endswith("</svg>"))
        self.assertEqual(out.count("<title>"), 3)
        self.assertEqual(out.count("<polyline"), 1)  # only glaurung has two versions
        self.assertIn(">phalanx</text>", out)
        self.assertIn(">v2</text>", out)


if __name__ == "__main__":
    unittest.main()
