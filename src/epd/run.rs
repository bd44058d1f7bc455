//! Running a suite: records searched on several threads, each with its own table, and their results
//! handed on in input order.

use super::{EpdEntry, EpdError, Expect};
use crate::position::Position;
use crate::score::Score;
use crate::search::limits::Limits;
use crate::search::{SearchJob, Worker};
use crate::tt::Tt;
use shakmaty::Move;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// How a record came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The search met every expectation.
    Solved,
    /// It did not.
    Failed,
    /// The record could not be used (its FEN, or an operation, could not be read): not solved.
    Error(EpdError),
    /// The record has nothing to test (no `bm`, `am` or `dm`): not searched, not counted.
    Skipped,
}

/// Result of one record.
#[derive(Clone, Debug)]
pub struct EpdResult {
    /// Index in the suite.
    pub index: usize,
    /// The entry's id.
    pub id: String,
    /// How it came out.
    pub verdict: Verdict,
    /// What the engine played (`None`: no move, or not searched).
    pub played: Option<Move>,
    /// The search's score.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
}

/// Counts over a suite.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Records solved.
    pub solved: usize,
    /// Records searched and not solved.
    pub failed: usize,
    /// Records that could not be used.
    pub errors: usize,
    /// Records with nothing to test.
    pub skipped: usize,
}

impl Summary {
    /// Records that count: all but the skipped ones.
    pub fn counted(&self) -> usize {
        self.solved + self.failed + self.errors
    }

    fn add(&mut self, v: &Verdict) {
        match v {
            Verdict::Solved => self.solved += 1,
            Verdict::Failed => self.failed += 1,
            Verdict::Error(_) => self.errors += 1,
            Verdict::Skipped => self.skipped += 1,
        }
    }
}

/// Searches every entry within `limits` (a `dm` entry adds its mate limit) with `hash_mb` tables on
/// `threads` threads; `each` sees the results in input order, each as soon as those before it are in.
pub fn run(
    entries: &[EpdEntry],
    limits: &Limits,
    hash_mb: usize,
    threads: usize,
    mut each: impl FnMut(&EpdResult),
) -> Summary {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let mut summary = Summary::default();
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || {
                let mut worker = Worker::silent();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(e) = entries.get(i) else { break };
                    let _ = tx.send(solve(&mut worker, i, e, limits, hash_mb));
                }
            });
        }
        drop(tx);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for r in rx {
            waiting.insert(r.index, r);
            while let Some(r) = waiting.remove(&due) {
                summary.add(&r.verdict);
                each(&r);
                due += 1;
            }
        }
    });
    summary
}

fn solve(worker: &mut Worker, index: usize, e: &EpdEntry, limits: &Limits, hash_mb: usize) -> EpdResult {
    let result = |verdict| EpdResult { index, id: e.id.clone(), verdict, played: None, score: Score::cp(0), nodes: 0 };
    let pos = match Position::from_fen(&e.fen, false) {
        Ok(pos) => pos,
        Err(err) => return result(Verdict::Error(EpdError::Fen(err))),
    };
    let expect = match Expect::read(&pos, e) {
        Ok(Some(expect)) => expect,
        Ok(None) => return result(Verdict::Skipped),
        Err(err) => return result(Verdict::Error(err)),
    };
    let Ok(tt) = Tt::new(hash_mb) else { return result(Verdict::Error(EpdError::NoMemory)) };
    worker.clear();
    let limits = Limits { mate: expect.mate.map(|m| m.unsigned_abs()), ..limits.clone() };
    let job = SearchJob::standalone(pos, limits, tt);
    let o = worker.run(&job);
    let verdict = if expect.met(o.best, o.score) { Verdict::Solved } else { Verdict::Failed };
    EpdResult { index, id: e.id.clone(), verdict, played: o.best, score: o.score, nodes: o.nodes }
}
