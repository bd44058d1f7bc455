//! Helpers shared by the fuzz targets: running a UCI line the way the UCI loop does, and checking
//! what a session answers (the same checks as `tests/props.rs`).

use brudno::engine::{Engine, Event, Flow, Request};
use brudno::position::Position;
use brudno::uci::command::{self, Command, MAX_SKIPPED};
use brudno::uci::{self, Reply, format};
use shakmaty::Position as _;
use std::collections::VecDeque;

/// Positions to start from: ordinary, castling and en passant, promotion, checks (one impossible in a
/// real game), a single legal move, mate and stalemate, bare kings, and Chess960 castling.
pub const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/P6k/8/8/8/8/6p1/K7 w - - 0 1",
    "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
    "4k3/8/8/1b6/8/8/4r3/4K3 w - - 0 1",
    "2R5/k7/8/8/8/8/1r6/r6K w - - 0 1",
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1r2k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
];

/// Whether an error message is short (bad words are echoed shortened).
pub fn short_errors(result: &Result<Command, command::ParseError>) -> bool {
    match result {
        Ok(Command::Go(g)) => g.skipped.len() <= MAX_SKIPPED && g.skipped.iter().all(|e| e.to_string().len() <= 100),
        Ok(_) => true,
        Err(e) => e.to_string().len() <= 100,
    }
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

/// The engine's current position, from the `d` command.
pub fn engine_position(engine: &mut Engine) -> Position {
    let mut out = Vec::new();
    engine.handle(Request::Display, &mut |r| out.push(r));
    match out.pop() {
        Some(Event::Board(pos, _)) => *pos,
        other => panic!("d answered {other:?}"),
    }
}

/// What a session has been told: the position of each `go` not yet answered, oldest first.
#[derive(Default)]
pub struct Checker {
    /// Positions of the `go`s not yet answered.
    pub pending: VecDeque<Position>,
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
    /// bestmove answers the oldest unanswered `go` with a legal move (`0000` only when there is none)
    /// and a legal ponder move. Panics (a fuzz finding) on the first that is wrong.
    pub fn check(&mut self, out: &mut Vec<Reply>) {
        for r in out.drain(..) {
            let _ = format::lines(&r);
            match r {
                Reply::Event(Event::BestMove(o, _)) => {
                    let pos = self.pending.pop_front().expect("a bestmove with no go");
                    self.bestmoves += 1;
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
                    let mut c = pos.chess().clone();
                    for &m in &it.pv {
                        assert!(c.is_legal(m), "illegal pv {:?} in {}", it.pv, pos.fen());
                        c.play_unchecked(m);
                    }
                }
                Reply::Event(Event::CurrMove(_, m, _, _)) => {
                    let pos = self.pending.front().expect("a currmove with no go");
                    assert!(pos.chess().is_legal(m), "illegal currmove {m:?} in {}", pos.fen());
                }
                Reply::ReadyOk => self.readyok += 1,
                _ => {}
            }
        }
    }
}
