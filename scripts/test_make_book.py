# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests for scripts/make_book.py: the tree of named lines, the candidates, the weights and the
Polyglot packing of moves (python-chess only; no engine)."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import chess  # noqa: E402

import make_book  # noqa: E402

TSV = """eco\tname\tpgn
B00\tKing's Pawn\t1. e4
C20\tKing's Pawn Game\t1. e4 e5
C44\tKing's Knight\t1. e4 e5 2. Nf3 Nc6
C46\tThree Knights\t1. e4 e5 2. Nf3 Nc6 3. Nc3
B20\tSicilian\t1. e4 c5
A40\tQueen's Pawn\t1. d4
A00\tVan't Kruijs\t1. e3
C40\tKnight transposed\t1. Nf3 Nc6 2. e4 e5 3. Bb5
"""


class MakeBookTest(unittest.TestCase):
    def setUp(self):
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False, encoding="utf-8") as f:
            f.write(TSV)
        self.tree = make_book.read_openings(f.name)
        os.unlink(f.name)

    def test_tree_counts_lines_and_merges_transpositions(self):
        start = self.tree[chess.Board().epd()]
        self.assertEqual(dict(start), {"e2e4": 5, "d2d4": 1, "e2e3": 1, "g1f3": 1})
        board = chess.Board()
        for m in ["e2e4", "e7e5", "g1f3", "b8c6"]:
            board.push_uci(m)
        # Reached by 1.e4 e5 2.Nf3 Nc6 and by 1.Nf3 Nc6 2.e4 e5: one position, and each line goes on.
        self.assertEqual(dict(self.tree[board.epd()]), {"b1c3": 1, "f1b5": 1})

    def test_candidates_need_their_share_of_the_lines(self):
        board = chess.Board()
        self.assertEqual(make_book.candidates(self.tree, board, 0.0), ["e2e4", "d2d4", "e2e3", "g1f3"])
        self.assertEqual(make_book.candidates(self.tree, board, 0.2), ["e2e4"])
        board.push_uci("h2h3")
        self.assertEqual(make_book.candidates(self.tree, board, 0.0), [])

    def test_weights(self):
        self.assertEqual(make_book.weight(0, 10, 10, 20, 0.5), 100)
        self.assertEqual(make_book.weight(20, 10, 10, 20, 0.5), 50)
        self.assertEqual(make_book.weight(0, 1, 4, 20, 0.5), 50)
        self.assertEqual(make_book.weight(0, 1, 4, 20, 0.0), 100)
        self.assertEqual(make_book.weight(400, 1, 1000, 20, 0.5), 1)

    def test_encode_castling_king_takes_rook_and_promotion(self):
        board = chess.Board("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
        self.assertEqual(make_book.encode(board, chess.Move.from_uci("e1g1")), 263)
        self.assertEqual(make_book.encode(board, chess.Move.from_uci("e1c1")), 256)
        self.assertEqual(make_book.encode(board, chess.Move.from_uci("b7a8n")), (1 << 12) | (49 << 6) | 56)


if __name__ == "__main__":
    unittest.main()
