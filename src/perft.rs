//! perft: counts the leaf nodes of the legal move tree, the move generator's correctness check.
//!
//! Bulk counting: at the last ply the number of legal moves is the count, so leaves are never made.
//! Also runs perft suites (`FEN ;D1 n ;D2 n ...`). Knows nothing of UCI or the search.

use crate::position::Position;
use shakmaty::{Chess, Move, Position as _};
use std::fmt;

/// Leaf nodes at `depth` below `chess`.
pub fn perft(chess: &Chess, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => chess.legal_moves().len() as u64,
        _ => {
            let mut total = 0;
            for m in chess.legal_moves() {
                let mut child = chess.clone();
                child.play_unchecked(m);
                total += perft(&child, depth - 1);
            }
            total
        }
    }
}

/// Per-root-move counts, in move generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let chess = pos.chess();
    chess
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = chess.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

/// One line of a perft suite.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuiteEntry {
    /// The position.
    pub fen: String,
    /// `(depth, expected leaf count)` pairs.
    pub counts: Vec<(u32, u64)>,
}

/// A malformed suite line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuiteError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.what)
    }
}

/// Parses a suite: one `FEN ;D1 n ;D2 n ...` per line; blank lines and `#` comments are skipped.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteEntry>, SuiteError> {
    let mut entries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |what: String| SuiteError { line: i + 1, what };
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let mut counts = Vec::new();
        for p in parts {
            let mut f = p.split_whitespace();
            let (Some(d), Some(n)) = (f.next(), f.next()) else {
                return Err(err(format!("bad field '{p}'")));
            };
            let depth =
                d.strip_prefix('D').and_then(|d| d.parse().ok()).ok_or_else(|| err(format!("bad depth '{d}'")))?;
            let nodes = n.parse().map_err(|_| err(format!("bad count '{n}'")))?;
            counts.push((depth, nodes));
        }
        entries.push(SuiteEntry { fen, counts });
    }
    Ok(entries)
}

/// A count that did not match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The position.
    pub fen: String,
    /// Depth searched.
    pub depth: u32,
    /// Count from the suite.
    pub expected: u64,
    /// Count found (`None` if the FEN did not load).
    pub found: Option<u64>,
}

/// Runs every entry up to `max_depth`; `report` sees each check as it completes.
pub fn run_suite(
    entries: &[SuiteEntry],
    max_depth: u32,
    chess960: bool,
    mut report: impl FnMut(&SuiteEntry, u32, u64, u64),
) -> Vec<Mismatch> {
    let mut bad = Vec::new();
    for e in entries {
        let pos = match Position::from_fen(&e.fen, chess960) {
            Ok(p) => p,
            Err(_) => {
                if let Some(&(depth, expected)) = e.counts.first() {
                    bad.push(Mismatch { fen: e.fen.clone(), depth, expected, found: None });
                }
                continue;
            }
        };
        for &(depth, expected) in e.counts.iter().filter(|(d, _)| *d <= max_depth) {
            let found = perft(pos.chess(), depth);
            report(e, depth, expected, found);
            if found != expected {
                bad.push(Mismatch { fen: e.fen.clone(), depth, expected, found: Some(found) });
            }
        }
    }
    bad
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_shallow() {
        let pos = Position::default();
        assert_eq!(perft(pos.chess(), 0), 1);
        assert_eq!(perft(pos.chess(), 3), 8902);
        let d = divide(&pos, 2);
        assert_eq!(d.len(), 20);
        assert!(d.iter().all(|&(_, n)| n == 20));
    }

    #[test]
    fn suite_parsing() {
        let s = parse_suite("# c\n\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9\n").unwrap();
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].counts, vec![(1, 3), (2, 9)]);
        assert!(parse_suite("x ;E1 3").is_err());
        assert!(parse_suite("x ;D1 z").is_err());
    }
}
