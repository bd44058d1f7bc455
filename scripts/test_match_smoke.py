# SPDX-License-Identifier: GPL-3.0-or-later
"""Smoke test of scripts/match.py: two short games of Brudno against itself.

Skipped when python-chess is not installed or target/release/brudno is
missing or does not answer the UCI handshake yet.  Set BRUDNO_SMOKE_ENGINE
to test the harness with another UCI engine (e.g. /usr/games/stockfish), and
BRUDNO_SMOKE_STRICT=1 to fail instead of skipping when the binary is not a
working UCI engine.
"""

import os
import re
import subprocess
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import uci_driver  # noqa: E402

ENGINE = Path(os.environ.get("BRUDNO_SMOKE_ENGINE") or HERE.parent / "target" / "release" / "brudno")

try:
    import chess.engine  # noqa: F401
    HAVE_CHESS = True
except ImportError:
    HAVE_CHESS = False


@unittest.skipUnless(HAVE_CHESS, "python-chess is not installed (pip install chess)")
@unittest.skipUnless(ENGINE.is_file(), f"{ENGINE} not built (cargo build --release)")
class MatchSmokeTest(unittest.TestCase):
    def test_two_games(self):
        if not uci_driver.speaks_uci([str(ENGINE)]):
            if os.environ.get("BRUDNO_SMOKE_STRICT"):
                self.fail(f"{ENGINE} does not answer 'uci' with 'uciok'")
            self.skipTest(f"{ENGINE} does not speak UCI yet")
        cmd = [sys.executable, str(HERE / "match.py"),
               "--engine", str(ENGINE), "--name", "A",
               "--engine", str(ENGINE), "--name", "B",
               "--depth", "2", "--games", "2", "--concurrency", "2", "--maxmoves", "200"]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        finished = [line for line in proc.stdout.splitlines() if line.startswith("game ")]
        self.assertEqual(len(finished), 2, proc.stdout)
        match = re.search(r"A vs B: (\d+) games, W/D/L (\d+)/(\d+)/(\d+)", proc.stdout)
        self.assertIsNotNone(match, proc.stdout)
        games, wins, draws, losses = map(int, match.groups())
        self.assertEqual(games, 2)
        self.assertEqual(wins + draws + losses, 2)
        # a healthy engine neither crashes nor plays illegal moves at depth 2
        self.assertNotIn("crashed", proc.stdout)
        self.assertNotIn("illegal move (", proc.stdout)


if __name__ == "__main__":
    unittest.main()
