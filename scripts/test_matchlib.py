# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests of the match harness (scripts/matchlib.py) with scripted fake engines.

The fake engine (scripts/fake_engine.py) is a tiny UCI engine; its mode
makes it misbehave on purpose (crash, illegal move, overstep the clock,
hang) or report fixed scores for the adjudication rules.  Skipped when
python-chess is not installed.
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fake_engine  # noqa: E402

try:
    import chess  # noqa: F401

    import matchlib
    HAVE_CHESS = True
except ImportError:
    HAVE_CHESS = False


@unittest.skipUnless(HAVE_CHESS, "python-chess is not installed (pip install chess)")
class HarnessTest(unittest.TestCase):
    def spec(self, mode, arg=0, name=None):
        return matchlib.EngineSpec(fake_engine.command(mode, arg), name or mode)

    def play(self, white, black, tc=None, adj=None, games=1):
        specs = [white, black]
        tc = tc or matchlib.TimeControl.parse(tc="5+0")
        adj = adj or matchlib.Adjudication(max_plies=40)
        tasks = matchlib.schedule(2, games, None)
        results = []
        matchlib.run_games(tasks, specs, tc, adj, 1, lambda r: results.append(r) and False)
        return results

    def board_for(self, results, specs_names=("A", "B")):
        board = matchlib.Scoreboard(*specs_names)
        for r in results:
            board.add(r)
        return board

    def test_crash_loses(self):
        (res,) = self.play(self.spec("normal"), self.spec("crash"))
        self.assertEqual(res.result, "1-0")
        self.assertEqual(res.fault, matchlib.FAULT_CRASH)
        self.assertEqual(res.fault_engine, 1)
        board = self.board_for([res], ("normal", "crash"))
        self.assertEqual(board.faults["crash"].crash, 1)
        self.assertEqual(board.faults["normal"].crash, 0)

    def test_illegal_move_loses(self):
        (res,) = self.play(self.spec("illegal"), self.spec("normal"))
        self.assertEqual(res.result, "0-1")
        self.assertEqual(res.fault, matchlib.FAULT_ILLEGAL)
        self.assertEqual(res.fault_engine, 0)

    def test_overstepping_the_clock_loses(self):
        (res,) = self.play(self.spec("normal"), self.spec("slow", 0.4), tc=matchlib.TimeControl.parse(tc="1+0"))
        self.assertEqual(res.result, "1-0")
        self.assertEqual(res.fault, matchlib.FAULT_TIME)

    def test_hanging_engine_is_killed_and_replaced(self):
        # two games: the hung engine is killed in game 1 and restarted for game 2
        results = self.play(self.spec("hang"), self.spec("normal"),
                            tc=matchlib.TimeControl.parse(tc="0.5+0"), games=2)
        self.assertEqual(len(results), 2)
        for res in results:
            self.assertEqual(res.fault, matchlib.FAULT_TIME)
            self.assertLess(res.seconds, 10)
        self.assertEqual(results[0].result, "0-1")
        self.assertEqual(results[1].result, "1-0")  # the hanging engine had black

    def test_resign_adjudication(self):
        adj = matchlib.Adjudication(resign_moves=3, resign_cp=600, max_plies=100)
        (res,) = self.play(self.spec("score", 900, "a"), self.spec("score", 900, "b"), adj=adj)
        self.assertEqual((res.result, res.reason), ("1-0", "adjudication: resign"))
        self.assertEqual(res.plies, 6)

    def test_draw_adjudication_and_max_moves(self):
        adj = matchlib.Adjudication(draw_movenumber=5, draw_moves=2, draw_cp=10, max_plies=100)
        (res,) = self.play(self.spec("score", 0, "a"), self.spec("score", 0, "b"), adj=adj)
        self.assertEqual((res.result, res.reason), ("1/2-1/2", "adjudication: draw"))
        self.assertEqual(res.plies, 10)  # after move 5 = once move 6 is due
        (res,) = self.play(self.spec("score", 0, "a"), self.spec("score", 0, "b"),
                           adj=matchlib.Adjudication(max_plies=12))
        self.assertEqual((res.result, res.reason, res.plies), ("1/2-1/2", "adjudication: max moves", 12))


@unittest.skipUnless(HAVE_CHESS, "python-chess is not installed (pip install chess)")
class OpeningsAndScheduleTest(unittest.TestCase):
    def test_parse_lines(self):
        fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        self.assertEqual(matchlib.parse_opening_line(fen).fen, fen)
        epd = matchlib.parse_opening_line("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - hmvc 0; fmvn 2;")
        self.assertEqual(epd.fen, fen)
        for line in ("e2e4 e7e5", "1. e4 e5", "e4 e5"):
            opening = matchlib.parse_opening_line(line)
            self.assertIsNone(opening.fen)
            self.assertEqual(opening.board().fen(), fen)
            self.assertFalse(opening.needs_setboard)
        self.assertIsNone(matchlib.parse_opening_line("# comment"))
        with self.assertRaises(ValueError):
            matchlib.parse_opening_line("not an opening")

    def test_schedule_pairs(self):
        openings = [matchlib.parse_opening_line(m) for m in ("e4", "d4", "c4", "Nf3")]
        tasks = matchlib.schedule(3, 4, openings, seed=7)
        self.assertEqual(len(tasks), 8)
        self.assertEqual([t.number for t in tasks], list(range(1, 9)))
        by_pair = {}
        for t in tasks:
            by_pair.setdefault(t.pair, []).append(t)
        for pair in by_pair.values():
            a, b = pair
            self.assertIs(a.opening, b.opening)
            self.assertEqual((a.white, a.black), (b.black, b.white))
            self.assertEqual(a.white, 0)
        self.assertEqual({t.opponent for t in tasks}, {1, 2})
        # deterministic for a seed
        again = matchlib.schedule(3, 4, openings, seed=7)
        self.assertEqual([t.opening for t in tasks], [t.opening for t in again])
        # odd game count: the last pair is incomplete
        self.assertEqual(len(matchlib.schedule(2, 3, openings)), 3)

    def test_engine_args(self):
        raw, rest = matchlib.split_engine_args(
            ["--engine", "gnuchess --uci", "--name", "g", "--option", "Hash=16",
             "--games", "4", "--engine=fairymax", "--proto", "xboard", "--startpos-only"])
        self.assertEqual(rest, ["--games", "4"])
        specs = matchlib.engine_specs(raw)
        self.assertEqual(specs[0].cmd, ["gnuchess", "--uci"])
        self.assertEqual(specs[0].options, {"Hash": "16"})
        self.assertEqual((specs[1].proto, specs[1].startpos_only), ("xboard", True))


if __name__ == "__main__":
    unittest.main()
