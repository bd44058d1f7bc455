//! What the engine tells the user besides its results: notes and errors, typed, with their data. The
//! engine words none of them; the front end does (`uci::text`).

use super::ParseError;
use crate::book::{self, BookError};
use crate::position::{Mend, PositionError};
use crate::search::limits::Limits;
use crate::syzygy::{self, TablesError};
use crate::tt::TtAllocError;
use shakmaty::CastlingMode;
use std::time::Duration;

/// Something worth knowing; nothing went wrong.
#[derive(Clone, Debug)]
pub enum Note {
    /// The FEN said something the position cannot have; it was dropped.
    FenMended(Mend),
    /// The opening book was read.
    Book(book::Loaded),
    /// Tablebases were found.
    Tables(syzygy::Found),
    /// With debug on: the limits of the search about to start (its moves in this notation).
    Limits(Box<Limits>, CastlingMode),
    /// With debug on: what else the search about to start runs with.
    Search {
        /// The table's size in MB.
        hash_mb: usize,
        /// Search threads.
        threads: usize,
        /// Lines searched.
        multipv: usize,
        /// Time kept in reserve on the clock (none when the clock counts nodes).
        overhead: Duration,
    },
}

/// Something went wrong; the engine goes on.
#[derive(Clone, Debug)]
pub enum Error {
    /// A request needs a position and there is none.
    NoPosition(Unusable),
    /// A `go` with no position to search: it is answered with no move.
    NoPositionToSearch(Unusable),
    /// The position asked for cannot be used: the engine is left with none.
    PositionDropped(Unusable),
    /// A part of a `go` the front end could not read; the search runs without it.
    Skipped(ParseError),
    /// A move to restrict the root to is no legal move; the search runs without it.
    SearchMove(PositionError),
    /// Fewer search threads could start than were asked for.
    Threads {
        /// Threads running now.
        started: usize,
        /// Threads asked for.
        asked: usize,
    },
    /// The table could not be resized; the old one is kept.
    Hash {
        /// What failed.
        error: TtAllocError,
        /// The size of the table kept, in MB.
        kept_mb: usize,
    },
    /// The book could not be read; play goes on without one.
    Book(BookError),
    /// A tablebase directory or file could not be used.
    Tables(TablesError),
}

/// Why a position could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unusable {
    /// The front end could not read the request.
    Unreadable(ParseError),
    /// The FEN cannot be read or mended.
    Fen(PositionError),
    /// A move of the list is not legal where it is played.
    Move {
        /// What is wrong with it.
        error: PositionError,
        /// Its place in the list, from 1.
        number: usize,
    },
}
