//! The position layer: a thin wrapper over `shakmaty::Chess` that adds what a search needs and shakmaty
//! does not keep — the Polyglot-compatible Zobrist key, kept incrementally, and the key history of the
//! game and of the search path for repetition detection.
//!
//! Make/unmake is by copy: [`Position::make`] pushes a new [`State`] computed from the top one and
//! [`Position::unmake`] pops it, so unmaking can never go wrong. This module knows nothing of search or UCI.

mod fen;
mod key;
mod legal;
mod noisy;
mod quiet;
#[cfg(test)]
mod samples;

pub use fen::{Mend, Mended};
pub use legal::is_legal;
pub use noisy::noisy_moves;
pub use quiet::quiet_moves;

use crate::eval::{Split, psq};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, EnPassantMode, Move, MoveList, Piece, Position as _, Square, attacks,
};

/// One ply of history: the board after a move and its Zobrist key.
#[derive(Clone, Debug)]
struct State {
    chess: Chess,
    key: u64,
    /// The material and piece-square sum of `chess` ([`psq`]), kept incrementally.
    psq: Split,
    /// Plies since the last null move (or since the first position): a repetition scan stops there,
    /// since positions before a pass cannot recur through legal play from after it.
    since_null: u16,
}

/// Why a FEN or a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// The text is not a FEN.
    BadFen(String),
    /// The FEN parses but describes an impossible position.
    Illegal(String),
    /// A move string is not UCI notation.
    BadMove(String),
    /// A move is well-formed but not legal here.
    IllegalMove(String),
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::BadFen(e) => write!(f, "invalid FEN: {e}"),
            Self::Illegal(e) => write!(f, "impossible position: {e}"),
            Self::BadMove(m) => write!(f, "malformed move '{m}'"),
            Self::IllegalMove(m) => write!(f, "illegal move '{m}'"),
        }
    }
}

impl std::error::Error for PositionError {}

/// A game position with its history. `Clone` is cheap enough to hand one to each search thread.
#[derive(Clone, Debug)]
pub struct Position {
    stack: Vec<State>,
    mode: CastlingMode,
    /// Index in `stack` of the search root: repetitions of positions after it count at once.
    root: usize,
}

/// Origin and target squares of a move, castling as king-takes-rook; none for a drop.
pub fn squares(m: Move) -> Option<(Square, Square)> {
    match m {
        Move::Normal { from, to, .. } | Move::EnPassant { from, to } => Some((from, to)),
        Move::Castle { king, rook } => Some((king, rook)),
        Move::Put { .. } => None,
    }
}

/// Polyglot-compatible key of a position computed from scratch.
pub fn zobrist(chess: &Chess) -> u64 {
    chess.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

impl Default for Position {
    fn default() -> Self {
        Self::from_chess(Chess::default(), CastlingMode::Standard)
    }
}

impl Position {
    /// A position with no history.
    pub fn from_chess(chess: Chess, mode: CastlingMode) -> Self {
        let key = zobrist(&chess);
        let psq = psq::of_board(chess.board());
        Self { stack: vec![State { chess, key, psq, since_null: u16::MAX }], mode, root: 0 }
    }

    /// The current board.
    #[inline]
    pub fn chess(&self) -> &Chess {
        &self.top().chess
    }

    /// The board before the last move (the current board at the first position of the history).
    #[inline]
    pub fn previous(&self) -> &Chess {
        &self.stack[self.stack.len().saturating_sub(2)].chess
    }

    #[inline]
    fn top(&self) -> &State {
        // The stack is never empty: it is created with one state and `unmake` keeps the first.
        &self.stack[self.stack.len() - 1]
    }

    /// The Zobrist key of the current board (Polyglot-compatible).
    #[inline]
    pub fn key(&self) -> u64 {
        self.top().key
    }

    /// The material and piece-square sum of the current board (see [`psq`]).
    #[inline]
    pub fn psq(&self) -> Split {
        self.top().psq
    }

    /// Castling notation in use.
    pub fn mode(&self) -> CastlingMode {
        self.mode
    }

    /// Side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.chess().turn()
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.chess().is_check()
    }

    /// All legal moves.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        self.chess().legal_moves()
    }

    /// The legal captures and queen promotions, in the full list's order; not to be asked in check.
    #[inline]
    pub fn noisy_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        noisy::noisy_moves(self.chess(), &mut moves);
        moves
    }

    /// Whether there is a legal move; not to be asked in check.
    #[inline]
    pub fn has_legal_move(&self) -> bool {
        noisy::has_legal_move(self.chess())
    }

    /// Plays a legal move.
    #[inline]
    pub fn make(&mut self, m: Move) {
        let top = self.top();
        let mut chess = top.chess.clone();
        chess.play_unchecked(m);
        let key = key::after_move(&top.chess, &chess, top.key, m).unwrap_or_else(|| zobrist(&chess));
        debug_assert_eq!(key, zobrist(&chess));
        let psq = psq::after(top.psq, top.chess.turn(), m);
        debug_assert_eq!(psq, psq::of_board(chess.board()));
        let since_null = top.since_null.saturating_add(1);
        self.stack.push(State { chess, key, psq, since_null });
    }

    /// Takes back the last move (or null move).
    #[inline]
    pub fn unmake(&mut self) {
        debug_assert!(self.stack.len() > 1);
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    /// Whether `m` (legal) checks the opponent. Exact for normal moves; castling and en passant are
    /// answered by playing them on a copy, as they are rare.
    pub fn gives_check(&self, m: Move) -> bool {
        let chess = self.chess();
        let Move::Normal { role, from, to, promotion, .. } = m else {
            let mut c = chess.clone();
            c.play_unchecked(m);
            return c.is_check();
        };
        let board = chess.board();
        let us = chess.turn();
        let Some(king) = board.king_of(!us) else { return false };
        let occupied = (board.occupied() ^ Bitboard::from(from)) | Bitboard::from(to);
        let piece = Piece { color: us, role: promotion.unwrap_or(role) };
        let direct = attacks::attacks(to, piece, occupied).contains(king);
        // Discovered: one of our other pieces sees the king once `from` is vacated. The mover still
        // stands on `from` in `board`, so it is masked out.
        let discovered = (board.attacks_to(king, us, occupied) & !Bitboard::from(from)).any();
        direct || discovered
    }

    /// Passes the turn. Returns false (and changes nothing) if that is impossible, i.e. in check.
    pub fn make_null(&mut self) -> bool {
        match self.chess().clone().swap_turn() {
            Ok(chess) => {
                // Incremental: the side to move flips and a legal en-passant square goes.
                let mut key = self.key() ^ Zobrist64::zobrist_for_white_turn().0;
                if let Some(sq) = self.chess().ep_square(EnPassantMode::Legal) {
                    key ^= Zobrist64::zobrist_for_en_passant_file(sq.file()).0;
                }
                debug_assert_eq!(key, zobrist(&chess));
                let psq = self.top().psq;
                self.stack.push(State { chess, key, psq, since_null: 0 });
                true
            }
            Err(_) => false,
        }
    }

    /// Parses a UCI move and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, PositionError> {
        let uci: UciMove = text.parse().map_err(|_| PositionError::BadMove(text.to_string()))?;
        let m = uci.to_move(self.chess()).map_err(|_| PositionError::IllegalMove(text.to_string()))?;
        if self.chess().is_legal(m) { Ok(m) } else { Err(PositionError::IllegalMove(text.to_string())) }
    }

    /// A move in UCI notation for the current castling mode.
    pub fn uci(&self, m: Move) -> String {
        m.to_uci(self.mode).to_string()
    }

    /// The current board as FEN (castling in the notation of the mode).
    pub fn fen(&self) -> String {
        Fen::from_position(self.chess(), EnPassantMode::Legal).to_string()
    }

    /// Marks the current position as the search root.
    pub fn set_root(&mut self) {
        self.root = self.stack.len() - 1;
    }

    /// Number of positions in the history, the current one included.
    pub fn history_len(&self) -> usize {
        self.stack.len()
    }

    /// Drops history older than what the fifty-move rule lets matter, keeping games of any length cheap.
    pub fn trim_history(&mut self) {
        let keep = self.chess().halfmoves() as usize + 1;
        if self.stack.len() > keep && self.root == self.stack.len() - 1 {
            let cut = self.stack.len() - keep;
            self.stack.drain(..cut);
            self.root = self.stack.len() - 1;
        }
    }

    /// Whether the current position is a draw by repetition for the search: it repeats a position of
    /// the search path (once is enough — the side that could avoid it would have), or it occurred twice
    /// before in the game (threefold).
    pub fn is_repetition(&self) -> bool {
        let n = self.stack.len() - 1;
        let key = self.stack[n].key;
        let reach = (self.chess().halfmoves() as usize).min(n).min(usize::from(self.top().since_null));
        let mut seen = 0;
        let mut back = 4;
        while back <= reach {
            let i = n - back;
            if self.stack[i].key == key {
                if i >= self.root {
                    return true;
                }
                seen += 1;
                if seen >= 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    /// Draw by the fifty-move rule (a mate on the hundredth half-move still wins, so checkmate first).
    pub fn is_fifty_move_draw(&self) -> bool {
        self.chess().halfmoves() >= 100 && !(self.in_check() && self.legal_moves().is_empty())
    }

    /// Neither side can ever mate.
    pub fn is_insufficient_material(&self) -> bool {
        self.chess().is_insufficient_material()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_key_is_polyglot() {
        assert_eq!(Position::default().key(), 0x463b96181691fc9c);
    }

    #[test]
    fn incremental_key_matches_scratch_along_a_game() {
        let mut pos = Position::default();
        for mv in ["e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "e8f7", "g1f3", "g8f6", "f1c4", "b8c6", "e1g1"] {
            let m = pos.parse_move(mv).unwrap();
            pos.make(m);
            assert_eq!(pos.key(), zobrist(pos.chess()), "after {mv}");
        }
        // Polyglot reference key after e2e4 d7d5 e4e5 f7f5 (en passant possible).
        let mut p = Position::default();
        for mv in ["e2e4", "d7d5", "e4e5", "f7f5"] {
            let m = p.parse_move(mv).unwrap();
            p.make(m);
        }
        assert_eq!(p.key(), 0x22a48b5a8e47ff78);
        // The null move's key is kept incrementally too (turn and en-passant file): after the
        // double step above (capture e5f6 possible) and in a quiet position.
        for mut q in [p, Position::default()] {
            let before = q.key();
            assert!(q.make_null());
            assert_eq!(q.key(), zobrist(q.chess()));
            assert_ne!(q.key(), before);
            q.unmake();
            assert_eq!(q.key(), before);
        }
    }

    #[test]
    fn repetition_scan_stops_at_a_null_move() {
        // A halfmove clock high enough that only the null move bounds the scan.
        let mut pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 10 6", false).unwrap();
        pos.set_root();
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            let mv = pos.parse_move(m).unwrap();
            pos.make(mv);
        }
        // Back at the start position: a repetition of the root.
        assert!(pos.is_repetition());
        pos.unmake();
        // Black to move with the knight on f6; pass twice, then return the knight: the position before
        // the passes recurs only through the passes, which is not a repetition.
        assert!(pos.make_null());
        assert!(pos.make_null());
        let mv = pos.parse_move("f6g8").unwrap();
        pos.make(mv);
        assert!(!pos.is_repetition());
    }

    #[test]
    fn unmake_and_null_restore_key() {
        let mut pos = Position::default();
        let k = pos.key();
        let m = pos.parse_move("g1f3").unwrap();
        pos.make(m);
        pos.unmake();
        assert_eq!(pos.key(), k);
        assert!(pos.make_null());
        assert_ne!(pos.key(), k);
        assert_eq!(pos.turn(), Color::Black);
        pos.unmake();
        assert_eq!(pos.key(), k);
    }

    #[test]
    fn repetition_in_search_path_and_threefold() {
        let mut pos = Position::default();
        pos.set_root();
        for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            assert!(!pos.is_repetition());
            let m = pos.parse_move(mv).unwrap();
            pos.make(m);
        }
        assert!(pos.is_repetition());
        // Before the root a single earlier occurrence is not enough.
        pos.set_root();
        let mut game = Position::default();
        for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            let m = game.parse_move(mv).unwrap();
            game.make(m);
        }
        game.set_root();
        assert!(!game.is_repetition());
        for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            let m = game.parse_move(mv).unwrap();
            game.make(m);
        }
        game.set_root();
        assert!(game.is_repetition());
    }

    #[test]
    fn gives_check_matches_playing_the_move() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k3/8/8/3B4/8/8/3R4/3QK3 w - - 0 1",
            "4k3/4r3/8/8/8/4B3/8/4K3 b - - 0 1",
            "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
        ] {
            let pos = Position::from_fen(fen, false).unwrap();
            for m in pos.legal_moves() {
                let mut c = pos.chess().clone();
                c.play_unchecked(m);
                assert_eq!(pos.gives_check(m), c.is_check(), "{fen} {m:?}");
            }
        }
    }

    #[test]
    fn bad_fens_are_errors() {
        for fen in [
            "",
            "garbage",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "k7/8/8/8/8/8/8/K6K w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        ] {
            assert!(Position::from_fen(fen, false).is_err(), "{fen}");
        }
    }

    /// Walks every line `depth` plies deep (null moves too), checking the incrementally kept
    /// material and piece-square sum and Zobrist key against their from-scratch values.
    fn check_incremental(pos: &mut Position, depth: u32) -> u64 {
        assert_eq!(pos.psq(), psq::of_board(pos.chess().board()), "{}", pos.fen());
        assert_eq!(pos.key(), zobrist(pos.chess()), "{}", pos.fen());
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for m in pos.legal_moves() {
            pos.make(m);
            n += check_incremental(pos, depth - 1);
            pos.unmake();
        }
        if pos.make_null() {
            n += check_incremental(pos, depth - 1);
            pos.unmake();
        }
        n
    }

    #[test]
    fn incremental_psq_and_key_match_scratch_through_every_move_kind() {
        // Castling both ways (standard and Chess960, rook and king crossing), en passant (legal and
        // not), promotions with and without capture, rooks captured on their castling squares, and
        // null moves, three plies deep.
        for (fen, chess960) in [
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false),
            ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false),
            ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false),
            ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true),
            ("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", true),
            // c2-c4 gives Black an en-passant square whose capture would expose its king on the
            // fourth rank: not a legal one, so not in the key.
            ("8/8/8/8/kp5R/8/2P5/4K3 w - - 0 1", false),
        ] {
            let mut pos = Position::from_fen(fen, chess960).unwrap();
            assert!(check_incremental(&mut pos, 3) > 1000, "{fen}");
        }
    }

    #[test]
    fn shredder_and_xfen_castling() {
        let p = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true).unwrap();
        assert_eq!(p.legal_moves().len(), 21);
        let x = Position::from_fen("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", true).unwrap();
        assert_eq!(x.legal_moves().len(), 23);
    }
}
