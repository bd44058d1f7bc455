# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests for scripts/branching.py: reading `brudno stats` output and the growth rate."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import branching  # noqa: E402

SAMPLE = """Position r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9
Engine search (iterative deepening, TT, pruning, quiescence):
depth       nodes qnode%    EBF  TThit%  TTcut%   1st%  null% LMRre%  asp
       (nodes: this depth's; qnode%: quiescence share; TT: of main-search probes; 1st%: beta cutoffs
    1          49   98.0      -     0.0     0.0      -      -      -    0
    2         487   92.8   9.94    20.0     0.0   73.3      -      -    0
    3        1948   75.7   0.87    70.9     1.9   94.6      -      -    0

Beta cutoffs by move-ordering stage (share of the depth's cutoffs):
depth    cutoffs        TT good-cap   killer  counter    quiet  bad-cap
    1          0        -%       -%       -%       -%       -%       -%
    2         30      6.7%    63.3%    23.3%     0.0%     6.7%     0.0%
"""


class Branching(unittest.TestCase):
    def test_reads_the_engine_table_only(self):
        # The cutoff table below has the same shape and must not overwrite the node counts.
        self.assertEqual(branching.iteration_nodes(SAMPLE), {1: 49, 2: 487, 3: 1948})

    def test_growth_rate(self):
        self.assertAlmostEqual(branching.branching({1: 100, 3: 400}, 1, 3), 2.0)
        self.assertAlmostEqual(branching.branching(branching.iteration_nodes(SAMPLE), 1, 2), 487 / 49)


if __name__ == "__main__":
    unittest.main()
