# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests for scripts/smp.py: reading the node count and summing the runs."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import smp  # noqa: E402


class Smp(unittest.TestCase):
    def test_last_info_line_with_nodes_wins(self):
        lines = [
            "info depth 1 seldepth 1 score cp 20 nodes 21 nps 21000 time 1 pv e2e4",
            "info depth 2 seldepth 3 score cp 12 nodes 118 nps 59000 time 2 pv e2e4 e7e5",
            "info string helpers stopped",
            "bestmove e2e4 ponder e7e5",
        ]
        self.assertEqual(smp.last_nodes(lines), 118)
        self.assertIsNone(smp.last_nodes(["bestmove e2e4"]))

    def test_summary_against_the_smallest_thread_count(self):
        runs = [
            smp.Run("a", 1, 1000, 4.0),
            smp.Run("a", 2, 1800, 2.0),
            smp.Run("b", 1, 500, 1.0),
            smp.Run("b", 2, 900, 1.0),
        ]
        s = smp.summary(runs)
        self.assertAlmostEqual(s[1]["speedup"], 1.0)
        # Speed-ups 2.0 and 1.0: their geometric mean.
        self.assertAlmostEqual(s[2]["speedup"], 2.0**0.5)
        self.assertAlmostEqual(s[1]["nps"], 1500 / 5.0)
        self.assertAlmostEqual(s[2]["nps"], 2700 / 3.0)


if __name__ == "__main__":
    unittest.main()
