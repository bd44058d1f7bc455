# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests of sprt.py's ledger: round trip, verdicts from the counts, resumption state (no engines)."""

import os
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import sprt  # noqa: E402


def row(name="t", penta="0,0,0,0,0", wdl="0-0-0", bounds="0,5", status="running"):
    return {"name": name, "status": status, "dev": "dev@0123456789ab", "base": "main@ba9876543210",
            "dev_bench": "7000000", "base_bench": "11357137", "tc": "8+0.08", "nodestime": "0",
            "book": "book/unbalanced.epd", "bounds": bounds, "seed": "1", "hash": "16", "next_pair": "17",
            "penta": penta, "wdl": wdl, "time_losses": "0/1", "hours": "0.25", "note": "a note"}


class LedgerTest(unittest.TestCase):
    def test_round_trip_keeps_every_field(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "ledger.tsv"
            rows = [row("a"), row("b", penta="1,2,3,4,5", wdl="20-10-5")]
            for r in rows:
                sprt.summarise(r)
            sprt.write_ledger(rows, path)
            back = sprt.read_ledger(path)
            self.assertEqual(back, rows)
            self.assertEqual(sprt.penta_of(back[1]), [1, 2, 3, 4, 5])
            self.assertEqual(sprt.wdl_of(back[1]), [20, 10, 5])
            self.assertEqual(back[1]["next_pair"], "17")

    def test_a_clear_gain_accepts_h1_and_a_clear_loss_h0(self):
        win = row(penta="4,40,120,120,60", wdl="300-200-188")
        sprt.summarise(win)
        self.assertEqual(win["status"], "H1")
        self.assertTrue(sprt.verdict(win).startswith("H1 after 688 games"))
        loss = row(penta="60,120,120,40,4", wdl="188-200-300")
        sprt.summarise(loss)
        self.assertEqual(loss["status"], "H0")

    def test_a_run_rewrites_only_its_own_line(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "ledger.tsv"
            sprt.write_ledger([row("a"), row("b")], path)
            # Run "a" holds its row from the start; "c" is added meanwhile by another command.
            mine = sprt.read_ledger(path)[0]
            sprt.update_ledger(row("c"), path)
            mine["penta"] = "0,0,1,0,0"
            sprt.update_ledger(mine, path)
            back = sprt.read_ledger(path)
            self.assertEqual([r["name"] for r in back], ["a", "b", "c"])
            self.assertEqual(back[0]["penta"], "0,0,1,0,0")

    def test_too_few_games_stay_undecided(self):
        r = row(penta="1,3,5,3,1", wdl="10-6-10")
        sprt.summarise(r)
        self.assertEqual(r["status"], "running")
        self.assertEqual(sprt.verdict(r), "undecided after 26 games")
        self.assertIn("LLR", sprt.describe(r))

    def test_the_projection_is_what_scaled_counts_would_decide(self):
        r = row(penta="10,50,80,55,12", wdl="200-150-180", bounds="-5,0")
        sprt.summarise(r)
        self.assertEqual(r["status"], "running")
        text = sprt.projection(r)
        self.assertTrue(text.startswith("if its estimate holds, H1 after about "), text)
        more = int(text.split("about ")[1].split()[0])
        k = (sum(sprt.penta_of(r)) + more / 2) / sum(sprt.penta_of(r))
        scaled = [c * k for c in sprt.penta_of(r)]
        state = sprt.stats.sprt(scaled, -5, 0, sprt.ALPHA, sprt.BETA, "normalized")
        self.assertAlmostEqual(state.llr, state.upper, delta=0.02)
        self.assertEqual(sprt.projection(row(penta="1,3,5,3,1")), "")  # too few pairs
        decided = row(penta="4,40,120,120,60")
        sprt.summarise(decided)
        self.assertEqual(sprt.projection(decided), "")

    def test_a_stopped_test_keeps_its_status(self):
        r = row(penta="2,20,60,60,30", status="stopped")
        sprt.summarise(r)
        self.assertEqual(r["status"], "stopped")

    def test_a_stop_during_a_run_is_kept_and_ends_the_run(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "ledger.tsv"
            sprt.write_ledger([row("a")], path)
            mine = sprt.read_ledger(path)[0]
            stopped = dict(mine, status="stopped")
            sprt.update_ledger(stopped, path)
            mine["penta"] = "0,0,1,0,0"
            sprt.update_ledger(mine, path)
            self.assertEqual(mine["status"], "stopped")
            back = sprt.read_ledger(path)[0]
            self.assertEqual((back["status"], back["penta"]), ("stopped", "0,0,1,0,0"))

    def test_resume_reopens_a_stopped_test_only(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "ledger.tsv"
            sprt.write_ledger([row("a", status="stopped", penta="1,3,5,3,1")], path)
            back = dict(sprt.read_ledger(path)[0], status="running")
            sprt.update_ledger(back, path)  # a plain write keeps the mark
            self.assertEqual(sprt.read_ledger(path)[0]["status"], "stopped")
            sprt.update_ledger(dict(back, status="running"), path, restart=True)
            self.assertEqual(sprt.read_ledger(path)[0]["status"], "running")
            self.assertEqual(sprt.read_ledger(path)[0]["penta"], "1,3,5,3,1")

    def test_the_committed_ledger_reads(self):
        for r in sprt.read_ledger():
            self.assertEqual(len(sprt.penta_of(r)), 5)
            self.assertIn(r["status"], ("running", "H0", "H1", "stopped"))
            # Whole pairs only: every pair is two games.
            self.assertEqual(sum(sprt.wdl_of(r)), 2 * sum(sprt.penta_of(r)), r["name"])


if __name__ == "__main__":
    unittest.main()
