# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests for scripts/ablate.py: zeroing named groups of a params.rs text."""

import os
import sys
import unittest
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ablate  # noqa: E402

SAMPLE = """//! Evaluation weights (header; not a group).
pub const WEIGHTS: [(i32, i32); TERMS] = [
    // Material
    (  76, 122), ( 319, 303),
    // Outpost
    (  21,  -4), ( -30,   8),
    // Danger constant
    ( -50, 124),
];
"""


class Zeroed(unittest.TestCase):
    def test_only_the_named_groups_are_zeroed(self):
        out = ablate.zeroed(SAMPLE, ["Outpost", "Danger constant"])
        self.assertIn("(  76, 122), ( 319, 303),", out)
        self.assertIn("    // Outpost\n    (0, 0), (0, 0),\n", out)
        self.assertIn("    // Danger constant\n    (0, 0),\n", out)
        self.assertEqual(out.count("\n"), SAMPLE.count("\n"))

    def test_an_unknown_group_is_refused(self):
        with self.assertRaises(SystemExit):
            ablate.zeroed(SAMPLE, ["Outposts"])

    def test_every_family_names_groups_of_the_real_params(self):
        params = (Path(ablate.ROOT) / "src" / "eval" / "params.rs").read_text()
        for name, groups in ablate.FAMILIES.items():
            out = ablate.zeroed(params, groups)
            self.assertNotEqual(out, params, name)


if __name__ == "__main__":
    unittest.main()
