//! Reading a FEN: strictly ([`Position::from_fen`]), or leniently as python-chess does
//! ([`Position::read_fen`]): castling rights the position cannot have and an en-passant square no
//! double pawn step can have produced are dropped — by shakmaty's own
//! `PositionError::ignore_invalid_castling_rights` / `ignore_invalid_ep_square` — and each drop is
//! described; anything else wrong (no king, the side not to move in check, ...) refuses the FEN.
//!
//! An en-passant square that a double step did produce but no pawn can capture on is kept as
//! shakmaty keeps it: it plays no part, since moves, keys and written FENs see only legal ones.

use super::{Position, PositionError};
use shakmaty::fen::Fen;
use shakmaty::{Bitboard, CastlingMode, Chess, EnPassantMode, Position as _, PositionErrorKinds, Square};
use std::fmt;

/// Something a FEN said that the position cannot have, dropped while reading it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mend {
    /// Castling rights with no king and rook on their squares for them.
    Castling {
        /// The letters dropped, as written in the FEN.
        dropped: String,
        /// The rights kept, as a FEN writes them (`-` for none).
        kept: String,
    },
    /// An en-passant square no double pawn step can just have crossed.
    EnPassant(Square),
}

impl fmt::Display for Mend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Castling { dropped, kept } => {
                write!(f, "dropped castling rights {dropped} (no king and rook on their squares for them), kept {kept}")
            }
            Self::EnPassant(sq) => {
                write!(f, "dropped en-passant square {sq} (no pawn can just have made a double step across it)")
            }
        }
    }
}

/// A position read from a FEN, with what had to be dropped to read it.
#[derive(Clone, Debug)]
pub struct Mended {
    /// The position.
    pub position: Position,
    /// What was dropped, empty when the FEN was right as written.
    pub mends: Vec<Mend>,
}

/// The FEN's fields, split as shakmaty splits them.
fn fields(text: &str) -> Vec<&str> {
    text.split([' ', '_']).filter(|s| !s.is_empty()).collect()
}

/// Sets up `fen` in `mode`. Checks no game could have produced (several checkers, or one the last move
/// cannot explain) are accepted, as other engines do: the move generator handles them. With `mend`,
/// castling rights and en-passant squares that cannot be are dropped too. Returns the position and
/// every fault found; on failure, the faults that could not be passed over.
fn build(fen: &Fen, mode: CastlingMode, mend: bool) -> Result<(Chess, PositionErrorKinds), String> {
    match fen.clone().into_position::<Chess>(mode) {
        Ok(chess) => Ok((chess, PositionErrorKinds::empty())),
        Err(e) => {
            let kinds = e.kinds();
            let mut result = e.ignore_impossible_check();
            if mend {
                result = match result {
                    Err(e) => e.ignore_invalid_castling_rights(),
                    done => done,
                };
                result = match result {
                    Err(e) => e.ignore_invalid_ep_square(),
                    done => done,
                };
            }
            result.map(|chess| (chess, kinds)).map_err(|e| e.to_string())
        }
    }
}

/// The castling letters of the FEN text that the position does not keep. Each letter is located on
/// the board by shakmaty's FEN reader (`K` is the outermost rook on the king's side, and so on).
fn dropped_letters(text: &str, kept: Bitboard) -> String {
    let f = fields(text.trim());
    let (Some(board), Some(rights)) = (f.first(), f.get(2)) else { return String::new() };
    let mut dropped = String::new();
    for c in rights.chars().filter(|c| *c != '-') {
        let square = Fen::from_ascii(format!("{board} w {c}").as_bytes()).map(|one| one.as_setup().castling_rights);
        if square.is_ok_and(|sq| !kept.is_superset(sq)) && !dropped.contains(c) {
            dropped.push(c);
        }
    }
    if dropped.is_empty() { rights.to_string() } else { dropped }
}

/// What was dropped from `fen` (read from `text`) to give `chess`, the faults found being `kinds`.
fn mends(text: &str, fen: &Fen, chess: &Chess, kinds: PositionErrorKinds) -> Vec<Mend> {
    let mut out = Vec::new();
    if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
        let written = Fen::from_position(chess, EnPassantMode::Legal).to_string();
        let kept = fields(&written).get(2).map_or_else(|| "-".to_string(), |s| s.to_string());
        out.push(Mend::Castling { dropped: dropped_letters(text, chess.castles().castling_rights()), kept });
    }
    if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE)
        && let Some(sq) = fen.as_setup().ep_square
    {
        out.push(Mend::EnPassant(sq));
    }
    out
}

/// Castling notations to try, the requested one first: a FEN that needs Chess960 rights (e.g.
/// Shredder letters) is read in Chess960 mode even when it was not asked for.
fn modes(chess960: bool) -> &'static [CastlingMode] {
    if chess960 { &[CastlingMode::Chess960] } else { &[CastlingMode::Standard, CastlingMode::Chess960] }
}

fn parse(text: &str) -> Result<Fen, PositionError> {
    text.trim().parse().map_err(|e| PositionError::BadFen(format!("{e}")))
}

impl Position {
    /// Parses a FEN (standard, Shredder-FEN or X-FEN castling) that must be right as written. With
    /// `chess960` set, castling rights are read with Chess960 semantics; otherwise a FEN that needs
    /// them is still accepted in Chess960 mode as a fallback.
    pub fn from_fen(text: &str, chess960: bool) -> Result<Self, PositionError> {
        let fen = parse(text)?;
        let mut first_error = String::new();
        for (i, &mode) in modes(chess960).iter().enumerate() {
            match build(&fen, mode, false) {
                Ok((chess, _)) => return Ok(Self::from_chess(chess, mode)),
                Err(e) if i == 0 => first_error = e,
                Err(_) => {}
            }
        }
        Err(PositionError::Illegal(first_error))
    }

    /// Reads a FEN for a game whose rules are known: castling rights by Chess960 rules if `chess960`,
    /// else by standard rules only (no Chess960 fallback: a king off its square has no rights in a
    /// standard game). Castling rights and an en-passant square that cannot be are dropped, each
    /// described by a [`Mend`].
    pub fn read_fen(text: &str, chess960: bool) -> Result<Mended, PositionError> {
        let fen = parse(text)?;
        let mode = CastlingMode::from_chess960(chess960);
        let (chess, kinds) = build(&fen, mode, true).map_err(PositionError::Illegal)?;
        let mends = mends(text, &fen, &chess, kinds);
        Ok(Mended { position: Self::from_chess(chess, mode), mends })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(fen: &str) -> Mended {
        Position::read_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    #[test]
    fn stale_castling_rights_are_dropped_and_named() {
        let m = read("4k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1");
        assert_eq!(m.position.fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
        assert_eq!(m.mends, vec![Mend::Castling { dropped: "Kkq".into(), kept: "Q".into() }]);
        assert_eq!(m.position.mode(), CastlingMode::Standard);
        let none = read("4k3/8/8/8/8/8/8/4K3 b KQkq - 0 1");
        assert_eq!(none.mends, vec![Mend::Castling { dropped: "KQkq".into(), kept: "-".into() }]);
        assert!(none.mends[0].to_string().contains("KQkq"));
    }

    #[test]
    fn a_bad_en_passant_square_is_dropped() {
        // Wrong rank for the side to move, and no pawn that could have made the double step.
        for fen in ["4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "4k3/8/8/8/8/8/8/4K3 b - e3 0 1"] {
            let m = read(fen);
            assert_eq!(m.mends, vec![Mend::EnPassant(Square::E3)], "{fen}");
            assert!(m.position.fen().contains(" - - "), "{fen}");
        }
        // A real double step nobody can capture: kept silently, and not written.
        let m = read("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
        assert!(m.mends.is_empty());
        assert_eq!(m.position.fen(), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    }

    #[test]
    fn castling_rights_follow_the_rules_asked_for() {
        let m = read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert!(m.mends.is_empty());
        // Rights only Chess960 allows: kept in Chess960 mode, dropped in a standard game.
        let fen = "1r2k1r1/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
        let x = Position::read_fen(fen, true).unwrap_or_else(|e| panic!("{e}"));
        assert!(x.mends.is_empty());
        assert_eq!(x.position.mode(), CastlingMode::Chess960);
        let s = read(fen);
        assert_eq!(s.mends, vec![Mend::Castling { dropped: "KQkq".into(), kept: "-".into() }]);
        assert_eq!(s.position.mode(), CastlingMode::Standard);
        // `from_fen` still falls back to Chess960 for such a FEN.
        assert_eq!(Position::from_fen(fen, false).map(|p| p.mode()), Ok(CastlingMode::Chess960));
    }

    #[test]
    fn what_cannot_be_mended_is_refused() {
        for fen in
            ["4k3/4Q3/8/8/8/8/8/4K3 w KQkq - 0 1", "8/8/8/8/8/8/8/R3K3 w Q - 0 1", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"]
        {
            assert!(Position::read_fen(fen, false).is_err(), "{fen}");
        }
        let Err(PositionError::Illegal(e)) = Position::read_fen("4k3/4Q3/8/8/8/8/8/R3K3 w KQkq - 0 1", false) else {
            panic!("the side not to move in check")
        };
        assert!(e.contains("opposite check") && !e.contains("castling"), "{e}");
    }
}
