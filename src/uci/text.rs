//! The words of what the engine and its parts report besides results: `Display` for the typed notes
//! and errors ([`Note`], [`Error`], [`Unusable`]), for a book's source and errors, for the
//! tablebases' errors, and for a `Debug Log File` that cannot be opened. Only here do they become
//! sentences; `format` puts them in `info string` lines, and the command line prints a book and its
//! errors with the same words.

use super::debug_log::LogError;
use super::format::uci_move;
use crate::book::{BookError, Source};
use crate::engine::{Error, Note, Unusable};
use crate::search::limits::Limits;
use crate::syzygy::TablesError;
use shakmaty::CastlingMode;
use std::fmt::{self, Display};
use std::time::Duration;

impl Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::FenMended(mend) => write!(f, "fen: {mend}"),
            Self::Book(book) => write!(f, "book {}: {} entries", book.source, book.entries),
            Self::Tables(found) => write!(f, "Syzygy: {} table files, up to {} pieces", found.files, found.max_pieces),
            Self::Limits(limits, mode) => write!(f, "limits: {}", limits_text(limits, *mode)),
            Self::Search { hash_mb, threads, multipv, overhead } => write!(
                f,
                "search: hash {hash_mb} MB threads {threads} multipv {multipv} overhead {} ms",
                overhead.as_millis()
            ),
        }
    }
}

/// Every limit of a search, `-` where there is none:
/// `depth 5 nodes - mate - movetime 1000 ms clock - infinite no ponder no searchmoves - strength - nodestime -`.
fn limits_text(l: &Limits, mode: CastlingMode) -> String {
    fn or_dash(v: Option<impl Display>) -> String {
        v.map_or_else(|| "-".to_string(), |v| v.to_string())
    }
    let ms = |d: Duration| format!("{} ms", d.as_millis());
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let clock = l.clock.map(|c| format!("{} inc {} movestogo {}", ms(c.time), ms(c.inc), or_dash(c.movestogo)));
    let moves: Vec<String> = l.searchmoves.iter().map(|&m| uci_move(m, mode)).collect();
    format!(
        "depth {} nodes {} mate {} movetime {} clock {} infinite {} ponder {} searchmoves {} strength {} nodestime {}",
        or_dash(l.depth),
        or_dash(l.nodes),
        or_dash(l.mate),
        or_dash(l.movetime.map(ms)),
        or_dash(clock),
        yes_no(l.infinite),
        yes_no(l.ponder),
        if moves.is_empty() { "-".to_string() } else { moves.join(" ") },
        or_dash(l.strength.map(|s| format!("{} Elo", s.elo()))),
        or_dash(l.nodestime.map(|n| format!("{n} nodes/ms"))),
    )
}

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoPosition(why) => write!(f, "no position: {why}"),
            Self::NoPositionToSearch(why) => write!(f, "no position to search: {why}"),
            Self::PositionDropped(why) => write!(f, "{why}; no position set"),
            Self::Skipped(e) => write!(f, "go: {e}; skipped"),
            Self::SearchMove(e) => write!(f, "searchmoves: {e}, ignored"),
            Self::Threads { started, asked } => write!(f, "could start only {started} of {asked} threads"),
            Self::Hash { error, kept_mb } => write!(f, "{error}; keeping {kept_mb} MB"),
            Self::Book(e) => write!(f, "{e}; playing without a book"),
            Self::Tables(e) => write!(f, "{e}"),
        }
    }
}

impl Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable(e) => write!(f, "position: {e}"),
            Self::Fen(e) => write!(f, "{e}"),
            Self::Move { error, number } => write!(f, "{error} (move {number})"),
        }
    }
}

impl Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(path, e) => write!(f, "cannot read book {}: {e}", path.display()),
            Self::Corrupt { book, len } => {
                write!(f, "book {book} is not a Polyglot book: {len} bytes is not a positive multiple of 16")
            }
        }
    }
}

impl Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BuiltIn => write!(f, "built-in"),
            Self::File(path) => write!(f, "{}", path.display()),
        }
    }
}

impl Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Debug Log File: cannot open '{}': {}; not logging", self.path.display(), self.error)
    }
}

impl Display for TablesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Directory(dir, e) => write!(f, "SyzygyPath: cannot read tables in '{dir}': {e}"),
            Self::BadHeader(path) => {
                write!(f, "SyzygyPath: skipped '{}': not a Syzygy table (bad header)", path.display())
            }
            Self::Skipped(path, e) => write!(f, "SyzygyPath: skipped '{}': {e}", path.display()),
            Self::NoneFound(paths) => write!(f, "SyzygyPath: no tablebase files found in '{paths}'"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::search::limits::Clock;
    use crate::search::strength::Strength;

    #[test]
    fn limits_read_as_words_not_as_a_struct() {
        let none = Limits::default();
        assert_eq!(
            Note::Limits(Box::new(none), CastlingMode::Standard).to_string(),
            "limits: depth - nodes - mate - movetime - clock - infinite no ponder no searchmoves - strength - nodestime -"
        );
        let pos = Position::default();
        let some = Limits {
            depth: Some(5),
            nodes: Some(1000),
            movetime: Some(Duration::from_millis(250)),
            clock: Some(Clock { time: Duration::from_secs(60), inc: Duration::from_millis(500), movestogo: Some(20) }),
            ponder: true,
            searchmoves: vec![pos.parse_move("e2e4").unwrap(), pos.parse_move("g1f3").unwrap()],
            strength: Strength::from_elo(1500),
            nodestime: Some(100),
            ..Limits::default()
        };
        assert_eq!(
            Note::Limits(Box::new(some), CastlingMode::Standard).to_string(),
            "limits: depth 5 nodes 1000 mate - movetime 250 ms clock 60000 ms inc 500 ms movestogo 20 infinite no \
             ponder yes searchmoves e2e4 g1f3 strength 1500 Elo nodestime 100 nodes/ms"
        );
    }
}
