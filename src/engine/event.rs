//! What the engine tells its front end: typed events with no protocol words in them. The UCI front
//! end turns them into text (`uci::format`); protocol acknowledgements are its own business.

use super::note::{Error, Note};
use crate::bench::BenchLine;
use crate::book::BookMove;
use crate::eval::Trace;
use crate::position::Position;
use crate::search::{Iteration, Outcome};
use crate::wdl::Wdl;
use shakmaty::{CastlingMode, Move};
use std::time::Duration;

/// Something the engine reports.
#[derive(Clone, Debug)]
pub enum Event {
    /// A finished iteration (one line of it with MultiPV), and its win/draw/loss estimate when shown.
    Info(Iteration, CastlingMode, Option<Wdl>),
    /// The root move now searched: depth, move, its number in the move list.
    CurrMove(i32, Move, usize, CastlingMode),
    /// The answer to a search.
    BestMove(Outcome, CastlingMode),
    /// The opening book answers instead of a search: the move it plays, with its weight (the
    /// `BestMove` follows).
    BookMove(BookMove, CastlingMode),
    /// A note for the user.
    Note(Note),
    /// Something went wrong; the engine goes on.
    Error(Error),
    /// The position, with its evaluation breakdown.
    Board(Box<Position>, Option<Box<Trace>>),
    /// The evaluation breakdown.
    Eval(Box<Trace>),
    /// Perft counts per root move.
    Perft(Vec<(Move, u64)>, CastlingMode),
    /// One bench position done.
    BenchLine(usize, BenchLine),
    /// The bench total: nodes and time.
    BenchDone(u64, Duration),
}
