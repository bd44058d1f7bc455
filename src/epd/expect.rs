//! What a record expects, read against its position: `bm` and `am` moves in SAN or in UCI notation,
//! and `dm`; then whether a search's answer meets it.

use super::{EpdEntry, EpdError};
use crate::position::Position;
use crate::score::Score;
use shakmaty::Move;
use shakmaty::san::SanPlus;

/// A record's operations as legal moves of its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expect {
    /// One of these must be played (any move when empty).
    pub best: Vec<Move>,
    /// None of these may be played.
    pub avoid: Vec<Move>,
    /// The search must report mate in this many moves.
    pub mate: Option<i32>,
}

/// A legal move of `pos` written in SAN (`Nf3`, `Qxh7+`, `O-O`) or in UCI notation (`g1f3`).
pub fn read_move(pos: &Position, text: &str) -> Option<Move> {
    let san = text.parse::<SanPlus>().ok().and_then(|s| s.san.to_move(pos.chess()).ok());
    san.or_else(|| pos.parse_move(text).ok())
}

/// Reads each move of one operation; names the first that is not a legal move here.
fn read_all(pos: &Position, code: &'static str, texts: &[String]) -> Result<Vec<Move>, EpdError> {
    texts.iter().map(|t| read_move(pos, t).ok_or_else(|| EpdError::NotLegal(code, t.clone()))).collect()
}

impl Expect {
    /// What `entry` expects in `pos`: `Ok(None)` when it has nothing to test (no `bm`, `am` or `dm`),
    /// `Err` naming the first operation that cannot be read.
    pub fn read(pos: &Position, entry: &EpdEntry) -> Result<Option<Self>, EpdError> {
        if let Some(what) = entry.unreadable.first() {
            return Err(what.clone());
        }
        if entry.best.is_empty() && entry.avoid.is_empty() && entry.mate.is_none() {
            return Ok(None);
        }
        let best = read_all(pos, "bm", &entry.best)?;
        let avoid = read_all(pos, "am", &entry.avoid)?;
        Ok(Some(Self { best, avoid, mate: entry.mate }))
    }

    /// Whether a search that played `played` with score `score` meets every expectation.
    pub fn met(&self, played: Option<Move>, score: Score) -> bool {
        let mate = self.mate.is_none_or(|n| score.mate_moves() == Some(n));
        let moves = match played {
            Some(m) => (self.best.is_empty() || self.best.contains(&m)) && !self.avoid.contains(&m),
            None => self.best.is_empty() && self.avoid.is_empty(),
        };
        mate && moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::epd::parse;

    #[test]
    fn san_and_uci_read_the_same_move() {
        let pos = Position::default();
        for (a, b) in [("Nf3", "g1f3"), ("e4", "e2e4"), ("Na3", "b1a3")] {
            assert_eq!(read_move(&pos, a), read_move(&pos, b), "{a} {b}");
            assert!(read_move(&pos, a).is_some(), "{a}");
        }
        let castle = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false).unwrap_or_default();
        assert!(read_move(&castle, "O-O").is_some());
        assert_eq!(read_move(&castle, "O-O"), read_move(&castle, "e1g1"));
        for bad in ["e5", "e2e5", "Zz9", "Nxf3", ""] {
            assert_eq!(read_move(&pos, bad), None, "{bad}");
        }
    }

    #[test]
    fn unreadable_and_empty_records() {
        let pos = Position::default();
        let read = |line: &str| Expect::read(&pos, &parse(line)[0]);
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        assert_eq!(read(&format!("{start} bm e2e5;")), Err(EpdError::NotLegal("bm", "e2e5".into())));
        assert_eq!(read(&format!("{start} bm e4; am Ke2")), Err(EpdError::NotLegal("am", "Ke2".into())));
        assert_eq!(read(&format!("{start} dm two;")), Err(EpdError::BadMate("two".into())));
        assert_eq!(read(&format!("{start} id \"x\";")), Ok(None));
        let e = read(&format!("{start} bm b1a3 Nf3; am d4")).ok().flatten().unwrap_or_else(|| panic!("readable"));
        assert_eq!((e.best.len(), e.avoid.len()), (2, 1));
        let nf3 = read_move(&pos, "Nf3");
        assert!(e.met(nf3, Score::cp(0)));
        assert!(!e.met(read_move(&pos, "d4"), Score::cp(0)));
        assert!(!e.met(read_move(&pos, "e4"), Score::cp(0)));
        assert!(!e.met(None, Score::cp(0)));
    }
}
