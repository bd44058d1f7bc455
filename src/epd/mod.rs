//! EPD test suites (e.g. Win At Chess): each record is searched for a fixed time or depth and counts
//! as solved when the best move is one of its `bm` moves and none of its `am` moves, and, for `dm N`,
//! when the search reports mate in N. `bm` and `am` moves may be written in SAN or in UCI notation.
//! A record with an operation that cannot be read is an error and one with none of `bm`, `am`, `dm`
//! is skipped: neither counts as solved. Records run in parallel, each with its own table; results
//! come back in input order, typed (moves, and why a record cannot be used): the command line words
//! them.

mod expect;
mod run;

pub use expect::{Expect, read_move};
pub use run::{EpdResult, Summary, Verdict, run};

use crate::position::PositionError;

/// Why a record cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EpdError {
    /// A `bm` or `am` operation (this one) with no move.
    NoMove(&'static str),
    /// A `dm` operation whose argument (as written) is not a number.
    BadMate(String),
    /// A move of a `bm` or `am` operation (this one) that is no legal move of the position in SAN or
    /// in UCI notation (as written).
    NotLegal(&'static str, String),
    /// The FEN cannot be set up.
    Fen(PositionError),
    /// No memory for the record's table.
    NoMemory,
}

/// One EPD record, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdEntry {
    /// Full FEN (clocks added).
    pub fen: String,
    /// `id`, or the line number.
    pub id: String,
    /// Best moves, as written (SAN or UCI).
    pub best: Vec<String>,
    /// Moves to avoid, as written.
    pub avoid: Vec<String>,
    /// Mate in N expected.
    pub mate: Option<i32>,
    /// Operations that could not be read (a `bm` with no move, a `dm` that is not a number).
    pub unreadable: Vec<EpdError>,
}

/// Splits off the first `n` whitespace-separated words; returns them and the rest of the line.
fn split_words(line: &str, n: usize) -> (Vec<&str>, &str) {
    let mut words = Vec::new();
    let mut rest = line.trim_start();
    while words.len() < n && !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        words.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    (words, rest)
}

/// Splits operations at the semicolons outside quoted strings.
fn operations(text: &str) -> Vec<&str> {
    let mut ops = Vec::new();
    let (mut start, mut quoted) = (0, false);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => {
                ops.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    ops.push(&text[start..]);
    ops.into_iter().map(str::trim).filter(|op| !op.is_empty()).collect()
}

/// Parses `FEN4 op args; op args; ...` lines; blank lines and `#` comments are skipped. A line with
/// fewer than four fields is kept as a record: its FEN will not load, which is reported.
pub fn parse(text: &str) -> Vec<EpdEntry> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fields, rest) = split_words(line, 4);
        let mut e = EpdEntry {
            fen: format!("{} 0 1", fields.join(" ")),
            id: format!("line {}", n + 1),
            best: vec![],
            avoid: vec![],
            mate: None,
            unreadable: vec![],
        };
        for op in operations(rest) {
            let (head, args) = split_words(op, 1);
            let words: Vec<String> = args.split_whitespace().map(String::from).collect();
            match head.first().copied() {
                Some("bm") if words.is_empty() => e.unreadable.push(EpdError::NoMove("bm")),
                Some("am") if words.is_empty() => e.unreadable.push(EpdError::NoMove("am")),
                Some("bm") => e.best.extend(words),
                Some("am") => e.avoid.extend(words),
                Some("dm") => match args.trim().parse() {
                    Ok(n) => e.mate = Some(n),
                    Err(_) => e.unreadable.push(EpdError::BadMate(args.trim().to_string())),
                },
                Some("id") => e.id = args.trim().trim_matches('"').to_string(),
                _ => {}
            }
        }
        out.push(e);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ops() {
        let e = parse(
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n\n8/8/8/8/8/8/8/K6k w - - dm 1;",
        );
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].best, vec!["Qg6".to_string()]);
        assert_eq!(e[0].id, "WAC.001");
        assert_eq!(e[1].mate, Some(1));
        assert!(e[0].unreadable.is_empty() && e[1].unreadable.is_empty());
    }

    #[test]
    fn quoted_semicolons_extra_spaces_and_bad_operations() {
        let e = parse("4k3/8/8/8/8/8/8/4K2R   w  K  -  id \"a; b\";  c0 \"x;y\"; bm  Kf1 e1g1 ;am Rh8+\n");
        assert_eq!(e[0].fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert_eq!(e[0].id, "a; b");
        assert_eq!(e[0].best, vec!["Kf1".to_string(), "e1g1".to_string()]);
        assert_eq!(e[0].avoid, vec!["Rh8+".to_string()]);
        let bad = parse("4k3/8/8/8/8/8/8/4K2R w K - dm x; bm;\n8/8 w\n");
        assert_eq!(bad[0].unreadable, vec![EpdError::BadMate("x".into()), EpdError::NoMove("bm")]);
        assert_eq!(bad.len(), 2, "a short line is a record (whose FEN does not load)");
    }
}
