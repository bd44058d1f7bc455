# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests of spsa.py: OpenBench's schedule (a_k, c_k, r_k from c_end and r_end), reading `brudno spsa`,
rounding and clamping of theta+-, the update, the state file and resumption; and short runs against
the fake engine (fake_engine.py with spin options) that check the options each side was given and
that theta moved towards the side that won.  The runs are skipped without python-chess."""

import contextlib
import io
import json
import os
import re
import shlex
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fake_engine  # noqa: E402
import spsa  # noqa: E402

try:
    import chess  # noqa: F401

    HAVE_CHESS = True
except ImportError:
    HAVE_CHESS = False

#: three lines of `brudno spsa` (commit 3ef5405)
SPSA_TEXT = """ASPIRATION_WINDOW, int, 25, 5, 100, 5, 0.002
RFP_MARGIN, int, 75, 20, 200, 10, 0.002
LMR_HISTORY_DIVISOR, int, 8192, 2048, 32768, 1024, 0.002
"""


def param(value=75.0, low=20, high=200, c_end=10.0, r_end=0.002, start=75):
    return spsa.Param("RFP_MARGIN", start, low, high, c_end, r_end, value)


class ScheduleTest(unittest.TestCase):
    def test_the_last_iteration_has_c_end_and_r_end(self):
        p = param()
        for n in (1, 2, 100, 5000):
            self.assertAlmostEqual(spsa.c_k(p, n - 1, n), 10.0)
            self.assertAlmostEqual(spsa.a_k(p, n - 1, n), 0.002 * 10.0**2)
            self.assertAlmostEqual(spsa.r_k(p, n - 1, n), 0.002)

    def test_the_first_iteration_by_hand(self):
        # N = 100, A = 10: c_0 = 10 * 100^0.101 = 10 e^(0.101 ln 100) = 15.9221;
        # a_0 = 0.2 * ((10 + 100) / (10 + 1))^0.602 = 0.2 * 10^0.602 = 0.79989; r_0 = a_0 / c_0^2.
        p = param()
        self.assertAlmostEqual(spsa.c_k(p, 0, 100), 15.9221, places=4)
        self.assertAlmostEqual(spsa.a_k(p, 0, 100), 0.79989, places=5)
        self.assertAlmostEqual(spsa.r_k(p, 0, 100), 0.79989 / 15.9221**2, places=7)
        # and k = 49: c = 10 (100 / 50)^0.101, a = 0.2 (110 / 60)^0.602
        self.assertAlmostEqual(spsa.c_k(p, 49, 100), 10 * 2**0.101)
        self.assertAlmostEqual(spsa.a_k(p, 49, 100), 0.2 * (110 / 60) ** 0.602)

    def test_gains_shrink_as_iterations_go(self):
        p = param()
        cs = [spsa.c_k(p, k, 1000) for k in range(1000)]
        as_ = [spsa.a_k(p, k, 1000) for k in range(1000)]
        self.assertTrue(all(x > y for x, y in zip(cs, cs[1:])))
        self.assertTrue(all(x > y for x, y in zip(as_, as_[1:])))

    def test_an_integer_parameter_always_moves(self):
        p = param(c_end=0.2)
        self.assertEqual(spsa.c_k(p, 99, 100), 0.5)
        self.assertGreater(spsa.c_k(p, 0, 10**9), 0.5)  # 0.2 * 10^(9 * 0.101) = 1.63


class ReachTest(unittest.TestCase):
    def test_noise_and_drift_follow_the_steps(self):
        p = param()
        steps = [spsa.r_k(p, k, 50) * spsa.c_k(p, k, 50) for k in range(50)]
        noise, drift, needed = spsa.reach(p, 50, 2, 0.5)
        self.assertAlmostEqual(noise, (sum(g * g for g in steps) * 2 * 2 * 0.5) ** 0.5)
        self.assertAlmostEqual(drift, sum(steps) * 2 * 2 * spsa.WL_PER_ELO)
        self.assertAlmostEqual(needed, 2 * noise / drift)

    def test_the_elo_needed_depends_on_the_games_not_on_c_end_or_r_end(self):
        base = spsa.reach(param(), 1000, 1, 0.45)[2]
        self.assertAlmostEqual(spsa.reach(param(c_end=40.0, r_end=0.01), 1000, 1, 0.45)[2], base)
        # four times the pairs: half the gap
        self.assertAlmostEqual(spsa.reach(param(), 1000, 4, 0.45)[2], base / 2)
        # tune1's shape (1000 iterations of one pair): about 12 Elo in every iteration
        self.assertTrue(11 < base < 13, base)


class ParseTest(unittest.TestCase):
    def test_brudno_spsa_lines(self):
        params = spsa.parse_params("# from brudno spsa\n\n" + SPSA_TEXT)
        self.assertEqual([p.name for p in params], ["ASPIRATION_WINDOW", "RFP_MARGIN", "LMR_HISTORY_DIVISOR"])
        last = params[2]
        self.assertEqual((last.start, last.min, last.max, last.c_end, last.r_end), (8192, 2048, 32768, 1024.0, 0.002))
        self.assertEqual(last.value, 8192.0)
        self.assertIsInstance(last.value, float)

    def test_bad_lines_are_named(self):
        for text, why in (("X, int, 5, 1, 10, 1", "6 fields"), ("X, float, 5, 1, 10, 1, 0.002", "int"),
                          ("X, int, 11, 1, 10, 1, 0.002", "outside"), ("X, int, 5, 1, 10, 0, 0.002", "positive"),
                          ("X, int, 5, 1, 10, 1, 0.002\nX, int, 5, 1, 10, 1, 0.002", "twice"),
                          ("X, int, five, 1, 10, 1, 0.002", "five"), ("", "no parameters")):
            with self.assertRaises(ValueError) as ctx:
                spsa.parse_params(text)
            self.assertIn(why, str(ctx.exception))
        with self.assertRaisesRegex(ValueError, "line 3"):
            spsa.parse_params("A, int, 1, 0, 2, 1, 0.002\n\nB, int, 3, 0, 2, 1, 0.002")

    def test_as_params_reproduces_the_declarations_of_params_rs(self):
        # Every tunables! line of src/search/params.rs, read back as parameters at their values, is
        # printed exactly as it stands: the output pastes over those lines.
        source = (Path(spsa.REPO_ROOT) / "src" / "search" / "params.rs").read_text(encoding="utf-8")
        pattern = re.compile(r"^    ([A-Z_0-9]+) = (-?\d+), (-?\d+)\.\.=(-?\d+), step (\d+);$", re.M)
        found = pattern.findall(source)
        self.assertGreaterEqual(len(found), 20)
        text = "".join(f"{n}, int, {v}, {lo}, {hi}, {c}, 0.002\n" for n, v, lo, hi, c in found)
        state = state_of(spsa.parse_params(text))
        self.assertEqual(spsa.params_lines(state).splitlines(), [m.group(0) for m in pattern.finditer(source)])
        state.params[0].value = state.params[0].start + 2.6
        self.assertTrue(spsa.params_lines(state).startswith(f"    {found[0][0]} = {int(found[0][1]) + 3}, "))


class PerturbAndUpdateTest(unittest.TestCase):
    def test_theta_plus_and_minus_are_rounded_without_bias(self):
        # N = 1: c_0 = c_end = 1.3.  theta = 10.3, so theta + c = 11.6 is played as 11 or 12, 11.6 on average.
        p = param(value=10.3, low=0, high=20, c_end=1.3, start=10)
        ups = []
        for seed in range(4000):
            (delta,), (plus,), (minus,) = spsa.perturb([p], seed, 0, 1)
            high, low = (plus, minus) if delta == 1 else (minus, plus)
            self.assertIn(high, (11, 12))
            self.assertIn(low, (9, 10))  # 10.3 - 1.3 = 9.0 (in floating point, a hair either side)
            ups.append(high)
        self.assertAlmostEqual(sum(ups) / len(ups), 11.6, delta=0.05)
        self.assertTrue(any(d == 1 for d in (spsa.perturb([p], s, 0, 1)[0][0] for s in range(10))))
        self.assertTrue(any(d == -1 for d in (spsa.perturb([p], s, 0, 1)[0][0] for s in range(10))))

    def test_theta_plus_and_minus_stay_in_range(self):
        for value, edge in ((20.0, 20), (0.0, 0)):
            p = param(value=value, low=0, high=20, c_end=3, start=int(value))
            for seed in range(50):
                _, (plus,), (minus,) = spsa.perturb([p], seed, 0, 1)
                self.assertIn(edge, (plus, minus))
                self.assertTrue(0 <= plus <= 20 and 0 <= minus <= 20)
                self.assertEqual(abs(plus - minus), 3)  # the other side is 3 away, rounded down

    def test_the_draws_depend_on_seed_and_iteration_only(self):
        params = spsa.parse_params(SPSA_TEXT)
        self.assertEqual(spsa.perturb(params, 7, 3, 10), spsa.perturb(params, 7, 3, 10))
        draws = {str(spsa.perturb(params, seed, k, 10)) for seed in (1, 2) for k in range(5)}
        self.assertEqual(len(draws), 10)

    def test_the_update_moves_towards_the_winner_and_is_clamped(self):
        # N = 1: r_0 c_0 = r_end c_end = 0.002 * 10 = 0.02 a point of W - L.
        up, down = param(), param()
        spsa.update([up, down], [1, -1], 0, 1, wins=5, losses=2)
        self.assertAlmostEqual(up.value, 75.06)
        self.assertAlmostEqual(down.value, 74.94)
        edge = param(value=199.99)
        spsa.update([edge], [1], 0, 1, wins=10, losses=0)
        self.assertEqual(edge.value, 200)
        spsa.update([edge], [1], 0, 1, wins=3, losses=3)
        self.assertEqual(edge.value, 200)


def state_of(params, **kw):
    fields = dict(name="t", engine="target/release/brudno", engine_sha256="0" * 64, tc="8+0.08",
                  book="book/openings.epd", hash=16, seed=1, iterations=10, pairs_per_iteration=2, params=params)
    fields.update(kw)
    return spsa.State(**fields)


class StateTest(unittest.TestCase):
    def test_round_trip_keeps_every_field(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "t.json"
            state = state_of(spsa.parse_params(SPSA_TEXT), iteration=3, games=14, wdl=[4, 6, 4],
                             pending={"pairs": [1], "wdl": [1, 1, 0]}, hours=0.25)
            state.params[1].value = 76.123456789
            spsa.save_state(state, path)
            back = spsa.load_state(path)
            self.assertEqual(back, state)
            self.assertEqual(back.params[1].value, 76.123456789)
            self.assertEqual(json.loads(path.read_text())["iteration"], 3)
            self.assertFalse(path.with_suffix(".tmp").exists())

    def test_status_shows_values_against_the_start(self):
        with tempfile.TemporaryDirectory() as d:
            state = state_of(spsa.parse_params(SPSA_TEXT), iteration=4, games=16, wdl=[5, 6, 5],
                             pending={"pairs": [0], "wdl": [1, 1, 0]})
            state.params[1].value = 77.4
            spsa.save_state(state, Path(d) / "t.json")
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                spsa.main(["--state-dir", d, "status", "t"])
            text = out.getvalue()
            self.assertIn("iteration 4/10, 16 games (theta+ +5 =6 -5)", text)
            self.assertIn("iteration 5 unfinished: 1 of 2 pairs played", text)
            self.assertRegex(text, r"RFP_MARGIN +75 +77\.40 +77 +\+2\.40")
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                spsa.main(["status", "t", "--as-params", "--state-dir", d])
            self.assertIn("    RFP_MARGIN = 77, 20..=200, step 10;\n", out.getvalue())


@unittest.skipUnless(HAVE_CHESS, "python-chess is not installed (pip install chess)")
class RunTest(unittest.TestCase):
    """Runs against the fake engine: its options are two parameters, its score (mover's view) 1000 cp per
    unit its RFP_MARGIN is set above 75, so the side set higher wins every game by resign adjudication."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        d = Path(self.dir.name)
        self.spins, self.log, self.book = d / "spins.txt", d / "setoption.log", d / "book.txt"
        self.spins.write_text("RFP_MARGIN, int, 75, 20, 200, 10, 0.002\nFP_BASE, int, 80, 0, 250, 15, 0.002\n")
        self.book.write_text("e2e4 e7e5\nd2d4 d7d5\nc2c4 c7c5\ng1f3 g8f6\n")
        self.engine = shlex.join(fake_engine.command("score", 1000, str(self.spins), str(self.log)))

    def tearDown(self):
        self.dir.cleanup()

    def spsa(self, *argv):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            spsa.main(["--state-dir", self.dir.name] + list(argv))
        return out.getvalue()

    def new(self, *extra):
        return self.spsa("new", "t", "--engine", self.engine, "--params", str(self.spins), "--tc", "5+0",
                         "--book", str(self.book), "--only", "RFP_MARGIN", *extra)

    def state(self):
        return spsa.load_state(Path(self.dir.name) / "t.json")

    def logged(self):
        """RFP_MARGIN values set, one per engine process (in start order)."""
        if not self.log.exists():
            return []
        lines = [line.split() for line in self.log.read_text().splitlines()]
        self.assertTrue(all(tok[1:4] == ["setoption", "name", "RFP_MARGIN"] for tok in lines), lines)
        self.assertEqual(len({tok[0] for tok in lines}), len(lines), "one setoption per process")
        return [int(tok[5]) for tok in lines]

    def test_two_iterations_of_one_pair_play_the_perturbed_values_and_move_theta(self):
        self.new("--iterations", "2", "--pairs-per-iteration", "1", "--seed", "5")
        start = self.state()
        self.assertEqual((start.iteration, start.games, [p.name for p in start.params]), (0, 0, ["RFP_MARGIN"]))
        self.assertEqual(self.logged(), [])  # the probe sets nothing
        p = start.params[0]
        theta, wdl = 75.0, [0, 0, 0]
        for k in range(2):
            before = self.state()
            _, plus, minus = spsa.perturb(before.params, 5, k, 2)
            out = self.spsa("run", "t", "--concurrency", "1", "--max-iterations", "1")
            after = self.state()
            self.assertEqual((after.iteration, after.games, after.pending), (k + 1, 2 * (k + 1), None))
            # Each iteration started one theta+ and one theta- process, set as perturb() says.
            self.assertEqual(sorted(self.logged()[2 * k:]), sorted(plus + minus))
            self.assertNotEqual(plus, minus)
            # The side set higher won both games; whichever sign was drawn, theta rises by 2 r_k c_k.
            wdl[0 if plus[0] > minus[0] else 2] += 2
            self.assertEqual(after.wdl, wdl)
            theta += 2 * spsa.r_k(p, k, 2) * spsa.c_k(p, k, 2)
            self.assertAlmostEqual(after.params[0].value, theta)
            self.assertIn(f"iteration {k + 1}/2: theta+ W/D/L", out)
        self.assertGreater(self.state().params[0].value, 75.0)
        # Finished: another run plays nothing.
        self.spsa("run", "t", "--concurrency", "1")
        self.assertEqual((self.state().games, len(self.logged())), (4, 4))

    def test_a_cut_iteration_resumes_with_its_missing_pairs(self):
        self.new("--iterations", "1", "--pairs-per-iteration", "2")
        state = self.state()
        # As if a run had stopped after pair 0 of iteration 1 (drawn twice) and saved.
        state.pending = {"pairs": [0], "wdl": [0, 2, 0]}
        state.games, state.wdl = 2, [0, 2, 0]
        spsa.save_state(state, Path(self.dir.name) / "t.json")
        self.spsa("run", "t", "--concurrency", "2")
        after = self.state()
        self.assertEqual((after.iteration, after.pending, after.games), (1, None, 4))  # pair 1 only
        _, plus, minus = spsa.perturb(state.params, 1, 0, 1)
        wins, losses = (2, 0) if plus[0] > minus[0] else (0, 2)
        self.assertEqual(after.wdl, [wins, 2, losses])
        # N = 1: the step is r_end c_end (W - L) delta, and W - L takes the pending pair's draws in.
        self.assertAlmostEqual(after.params[0].value, 75.0 + 0.002 * 10 * 2)

    def test_an_engine_without_the_options_is_refused(self):
        plain = shlex.join(fake_engine.command("score", 0))
        with self.assertRaisesRegex(SystemExit, r"no option RFP_MARGIN, FP_BASE \(a build with --features tune"):
            self.spsa("new", "t", "--engine", plain, "--params", str(self.spins), "--iterations", "2",
                      "--pairs-per-iteration", "1", "--book", str(self.book))
        self.assertFalse((Path(self.dir.name) / "t.json").exists())

    def test_another_binary_is_refused_unless_given(self):
        self.new("--iterations", "1", "--pairs-per-iteration", "1")
        state = self.state()
        state.engine_sha256 = "0" * 64
        spsa.save_state(state, Path(self.dir.name) / "t.json")
        with self.assertRaisesRegex(SystemExit, "sha256 differs"):
            self.spsa("run", "t")
        self.assertEqual(self.state().games, 0)
        self.spsa("run", "t", "--engine", self.engine, "--concurrency", "1")
        self.assertEqual((self.state().games, self.state().engine_sha256 != "0" * 64), (2, True))


if __name__ == "__main__":
    unittest.main()
