# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests of the README table update in scripts/ladder.py (no games played)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

try:
    import ladder
    HAVE_CHESS = True
except ImportError:  # ladder needs python-chess through matchlib
    HAVE_CHESS = False


def row(name, games="40"):
    return [name, games, "10/20/10", "50.0%", "+0.0 ± 80.0", "0/0", "10+0.1", "2024-01-01", "brudno 0.1.0", "123"]


@unittest.skipUnless(HAVE_CHESS, "python-chess is not installed (pip install chess)")
class ReadmeTableTest(unittest.TestCase):
    README = "# Brudno\n\n## Strength\n\n<!-- ladder:begin -->\nold text\n<!-- ladder:end -->\n\n## Other\nkeep me\n"

    def test_no_markers(self):
        self.assertIsNone(ladder.update_section("# README without markers\n", {"x": row("x")}, []))

    def test_insert_and_merge(self):
        order = ["fairymax", "gnuchess", "toga2"]
        first = ladder.update_section(self.README, {"toga2": row("toga2")}, order)
        self.assertTrue(first.startswith("# Brudno\n\n## Strength\n\n<!-- ladder:begin -->\n"))
        self.assertTrue(first.endswith("<!-- ladder:end -->\n\n## Other\nkeep me\n"))
        self.assertNotIn("old text", first)
        # a later run for other opponents keeps toga2 and orders the rows
        second = ladder.update_section(first, {"fairymax": row("fairymax"), "toga2": row("toga2", "80")}, order)
        rows = ladder.parse_rows(second)
        self.assertEqual(list(rows), ["fairymax", "toga2"])
        self.assertEqual(rows["toga2"][1], "80")
        self.assertEqual(len(rows["fairymax"]), len(ladder.COLUMNS))
        # idempotent
        self.assertEqual(ladder.update_section(second, {}, order), second)


if __name__ == "__main__":
    unittest.main()
