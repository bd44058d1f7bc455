//! EPD test suites (e.g. Win At Chess): each position is searched for a fixed time and counts as
//! solved when the best move is one of its `bm` moves (and none of its `am` moves), or, for `dm N`,
//! when the search reports mate in N. Positions run in parallel, each with its own table.

use crate::position::Position;
use crate::search::limits::Limits;
use crate::search::{SearchJob, Worker};
use crate::tt::Tt;
use shakmaty::san::SanPlus;
use shakmaty::{Move, Position as _};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// One EPD record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdEntry {
    /// Full FEN (clocks added).
    pub fen: String,
    /// `id`, or the line number.
    pub id: String,
    /// Best moves (SAN, as written).
    pub best: Vec<String>,
    /// Moves to avoid.
    pub avoid: Vec<String>,
    /// Mate in N expected.
    pub mate: Option<i32>,
}

/// Parses `FEN4 op args; op args; ...` lines; blank lines and `#` comments are skipped.
pub fn parse(text: &str) -> Vec<EpdEntry> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        if fields.len() < 4 {
            continue;
        }
        let mut e = EpdEntry {
            fen: format!("{} 0 1", fields[..4].join(" ")),
            id: format!("line {}", n + 1),
            best: vec![],
            avoid: vec![],
            mate: None,
        };
        for op in fields.get(4).unwrap_or(&"").split(';') {
            let mut words = op.split_whitespace();
            match words.next() {
                Some("bm") => e.best = words.map(String::from).collect(),
                Some("am") => e.avoid = words.map(String::from).collect(),
                Some("dm") => e.mate = words.next().and_then(|w| w.parse().ok()),
                Some("id") => e.id = words.collect::<Vec<_>>().join(" ").trim_matches('"').to_string(),
                _ => {}
            }
        }
        out.push(e);
    }
    out
}

fn san_moves(pos: &Position, sans: &[String]) -> Vec<Move> {
    sans.iter().filter_map(|s| s.parse::<SanPlus>().ok()).filter_map(|s| s.san.to_move(pos.chess()).ok()).collect()
}

/// Result of one position.
#[derive(Clone, Debug)]
pub struct EpdResult {
    /// Index in the suite.
    pub index: usize,
    /// The entry's id.
    pub id: String,
    /// Whether it was solved.
    pub solved: bool,
    /// What the engine played, UCI.
    pub played: String,
    /// Nodes searched.
    pub nodes: u64,
}

/// Searches every entry within `limits` (a `dm` entry adds its mate limit) with `hash_mb` tables on `threads` threads; `each` sees results in
/// completion order.
pub fn run(
    entries: &[EpdEntry],
    limits: &Limits,
    hash_mb: usize,
    threads: usize,
    mut each: impl FnMut(&EpdResult),
) -> usize {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let mut solved = 0;
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || {
                let mut worker = Worker::new(Box::new(|_| {}));
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(e) = entries.get(i) else { break };
                    let _ = tx.send(solve(&mut worker, i, e, limits, hash_mb));
                }
            });
        }
        drop(tx);
        for r in rx {
            solved += usize::from(r.solved);
            each(&r);
        }
    });
    solved
}

fn solve(worker: &mut Worker, index: usize, e: &EpdEntry, limits: &Limits, hash_mb: usize) -> EpdResult {
    let fail = |played: &str| EpdResult { index, id: e.id.clone(), solved: false, played: played.into(), nodes: 0 };
    let Ok(pos) = Position::from_fen(&e.fen, false) else { return fail("bad FEN") };
    let Ok(tt) = Tt::new(hash_mb) else { return fail("no memory") };
    worker.clear();
    let limits = Limits { mate: e.mate.map(|m| m.unsigned_abs()), ..limits.clone() };
    let job = SearchJob::standalone(pos.clone(), limits, tt);
    let o = worker.run(&job);
    let played = o.best.map_or_else(|| "0000".into(), |m| pos.uci(m));
    let best = san_moves(&pos, &e.best);
    let avoid = san_moves(&pos, &e.avoid);
    let solved = match (o.best, e.mate) {
        (_, Some(n)) => o.score.mate_moves() == Some(n),
        (Some(m), None) => (best.is_empty() || best.contains(&m)) && !avoid.contains(&m) && pos.chess().is_legal(m),
        (None, None) => false,
    };
    EpdResult { index, id: e.id.clone(), solved, played, nodes: o.nodes }
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
        let pos = Position::from_fen(&e[0].fen, false).unwrap();
        assert_eq!(san_moves(&pos, &e[0].best).len(), 1);
    }
}
