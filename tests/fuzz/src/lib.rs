//! Helpers shared by the fuzz targets: running a UCI line the way the UCI loop does, and checking
//! what a session answers (the same checks as `tests/props.rs`).

use brudno::engine::{Engine, Event, Flow, Request};
use brudno::position::Position;
use brudno::uci::command;
use brudno::uci::{self, Reply, format};
use shakmaty::Position as _;
use std::collections::VecDeque;

#[path = "../../common/inputs.rs"]
mod inputs;
pub use inputs::short_errors;
use inputs::{FENS, FENS_960};

/// The `i`-th start position (modulo their number), of the standard and the Chess960 ones.
pub fn fen_at(i: usize) -> &'static str {
    let i = i % (FENS.len() + FENS_960.len());
    FENS.get(i).copied().unwrap_or_else(|| FENS_960[i - FENS.len()])
}

/// Runs one command line the way the UCI loop does, collecting the replies; formats each reply too
/// (the text a GUI would read).
pub fn run_line(engine: &mut Engine, line: &str, out: &mut Vec<Reply>) -> Flow {
    match command::parse(line) {
        Ok(cmd) => uci::dispatch(engine, cmd, &mut |r| {
            let _ = format::lines(&r);
            out.push(r)
        }),
        Err(command::ParseError::Empty) => Flow::Continue,
        Err(e) => {
            out.push(Reply::Error(e.to_string()));
            Flow::Continue
        }
    }
}

/// The engine's current position, from the `d` command; `None` when it has none.
pub fn engine_position(engine: &mut Engine) -> Option<Position> {
    let mut out = Vec::new();
    engine.handle(Request::Display, &mut |r| out.push(r));
    match out.pop() {
        Some(Event::Board(pos, _)) => Some(*pos),
        Some(Event::Error(_)) if out.is_empty() => None,
        other => panic!("d answered {other:?}"),
    }
}

/// What a session has been told: the position of each `go` not yet answered, oldest first.
#[derive(Default)]
pub struct Checker {
    /// Positions of the `go`s not yet answered (`None` when the engine had none).
    pub pending: VecDeque<Option<Position>>,
    /// `go`s sent.
    pub gos: usize,
    /// `bestmove`s received.
    pub bestmoves: usize,
    /// `readyok`s received.
    pub readyok: usize,
    /// `isready`s sent.
    pub isready: usize,
}

impl Checker {
    /// Checks replies in order: every info belongs to an unanswered `go` and is legal there, every
    /// bestmove answers the oldest unanswered `go` with a legal move (`0000` only when there is none,
    /// or no position) and a legal ponder move. Panics (a fuzz finding) on the first that is wrong.
    pub fn check(&mut self, out: &mut Vec<Reply>) {
        for r in out.drain(..) {
            let _ = format::lines(&r);
            match r {
                Reply::Event(Event::BestMove(o, _)) => {
                    let pos = self.pending.pop_front().expect("a bestmove with no go");
                    self.bestmoves += 1;
                    let Some(pos) = pos else {
                        assert!(o.best.is_none(), "bestmove {:?} with no position", o.best);
                        continue;
                    };
                    match o.best {
                        Some(m) if pos.chess().is_legal(m) => {
                            if let Some(p) = o.ponder {
                                let mut after = pos.chess().clone();
                                after.play_unchecked(m);
                                assert!(after.is_legal(p), "illegal ponder move {p:?} in {}", pos.fen());
                            }
                        }
                        Some(m) => panic!("illegal bestmove {m:?} in {}", pos.fen()),
                        None => {
                            assert!(pos.legal_moves().is_empty(), "bestmove 0000 with legal moves in {}", pos.fen())
                        }
                    }
                }
                Reply::Event(Event::Info(it, _, _)) => {
                    let pos = self.pending.front().expect("an info line with no go");
                    let pos = pos.as_ref().expect("an info line with no position");
                    let mut c = pos.chess().clone();
                    for &m in &it.pv {
                        assert!(c.is_legal(m), "illegal pv {:?} in {}", it.pv, pos.fen());
                        c.play_unchecked(m);
                    }
                }
                Reply::Event(Event::CurrMove(_, m, _, _)) => {
                    let pos = self.pending.front().expect("a currmove with no go");
                    let pos = pos.as_ref().expect("a currmove with no position");
                    assert!(pos.chess().is_legal(m), "illegal currmove {m:?} in {}", pos.fen());
                }
                Reply::ReadyOk => self.readyok += 1,
                _ => {}
            }
        }
    }
}
