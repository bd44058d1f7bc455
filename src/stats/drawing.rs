//! `brudno tree`'s picture, before it is written as SVG or DOT: a box per traced node (its move in
//! SAN, the window it was searched with, the value it returned) and, beneath a beta cutoff, one grey
//! box listing the moves it left unsearched. A simple layered layout places them: one row per ply,
//! leaves and grey lists in search order one slot apart, each parent centred over its children. A
//! grey list may run down past its row: nothing else lives in its slot below it.

use crate::score::Score;
use crate::stats::trace::Trace;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position as _};

/// How a box is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The value fell strictly inside the window: an exact value (PV node).
    Exact,
    /// Failed high: value ≥ beta (a CUT node; its remaining moves were cut off).
    FailHigh,
    /// Failed low: value ≤ alpha (an ALL node: every move searched, none reached alpha).
    FailLow,
    /// The moves never searched, spared by their parent's cutoff.
    Pruned,
}

/// One box of the picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// Text lines: the move, the window and the value; for a grey box, the unsearched moves.
    pub lines: Vec<String>,
    /// How it is drawn.
    pub kind: Kind,
    /// The box above it.
    pub parent: Option<usize>,
    /// Horizontal position in leaf slots.
    pub x: f64,
    /// Row (the ply).
    pub row: usize,
    /// On the principal variation (drawn bold, with its edge).
    pub pv: bool,
}

/// The whole picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    /// Title line: position, depth, value and counts.
    pub title: String,
    /// Boxes, root first.
    pub items: Vec<Item>,
    /// Number of leaf slots (the width).
    pub slots: usize,
    /// Number of rows.
    pub rows: usize,
}

/// A score as a reader of the picture wants it: centipawns, `#n` for mates, `∞` for the open window.
pub fn score_text(s: Score) -> String {
    if s >= Score::INFINITE {
        "∞".into()
    } else if s <= -Score::INFINITE {
        "−∞".into()
    } else if let Some(m) = s.mate_moves() {
        if m > 0 { format!("#{m}") } else { format!("−#{}", -m) }
    } else if s.raw() < 0 {
        format!("−{}", -s.raw())
    } else {
        s.raw().to_string()
    }
}

fn san(chess: &Chess, m: Move) -> String {
    SanPlus::from_move(chess.clone(), m).to_string()
}

/// Unsearched moves listed per line of a grey box.
pub const MOVES_PER_LINE: usize = 2;

struct Builder<'a> {
    trace: &'a Trace,
    pv: Vec<usize>,
    items: Vec<Item>,
    next_slot: usize,
}

impl Builder<'_> {
    /// Adds node `n` (reached in `chess`, its move given in SAN) and everything below it; returns its box.
    fn add(&mut self, n: usize, chess: &Chess, label: String, parent: Option<usize>) -> usize {
        let node = &self.trace.nodes[n];
        let kind = if node.fail_high() {
            Kind::FailHigh
        } else if node.fail_low() {
            Kind::FailLow
        } else {
            Kind::Exact
        };
        let lines = vec![
            label,
            format!("[{}, {}]", score_text(node.alpha), score_text(node.beta)),
            format!("{}{}", score_text(node.value), if node.pruned.is_empty() { "" } else { " β-cut" }),
        ];
        let me = self.items.len();
        let pv = self.pv.contains(&n);
        self.items.push(Item { lines, kind, parent, x: 0.0, row: node.ply.index(), pv });
        let mut xs = Vec::new();
        for &c in &node.children {
            let child = &self.trace.nodes[c];
            let (label, next) = match child.mv {
                Some(m) => {
                    let mut next = chess.clone();
                    next.play_unchecked(m);
                    (san(chess, m), next)
                }
                None => ("null".to_string(), chess.clone()),
            };
            let b = self.add(c, &next, label, Some(me));
            xs.push(self.items[b].x);
        }
        if !node.pruned.is_empty() {
            let moves: Vec<String> = node.pruned.iter().map(|&m| san(chess, m)).collect();
            let lines = moves.chunks(MOVES_PER_LINE).map(|c| c.join(" ")).collect();
            let x = self.next_slot as f64;
            xs.push(x);
            self.items.push(Item {
                lines,
                kind: Kind::Pruned,
                parent: Some(me),
                x,
                row: node.ply.index() + 1,
                pv: false,
            });
            self.next_slot += 1;
        }
        self.items[me].x = match (xs.first(), xs.last()) {
            (Some(a), Some(b)) => (a + b) / 2.0,
            _ => {
                self.next_slot += 1;
                (self.next_slot - 1) as f64
            }
        };
        me
    }
}

/// Lays out a traced search.
pub fn draw(trace: &Trace) -> Drawing {
    let mut b = Builder { trace, pv: trace.pv(), items: Vec::new(), next_slot: 0 };
    if !trace.nodes.is_empty() {
        b.add(0, trace.root.chess(), "root".into(), None);
    }
    let pruned: usize = trace.nodes.iter().map(|n| n.pruned.len()).sum();
    let rows = b.items.iter().map(|i| i.row + 1).max().unwrap_or(0);
    let title = format!(
        "{} — plain alpha–beta to depth {}: value {}, {} nodes searched, {} moves cut off",
        trace.root.fen(),
        trace.depth,
        score_text(trace.value()),
        trace.nodes.len(),
        pruned
    );
    Drawing { title, items: b.items, slots: b.next_slot, rows }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::score::Ply;

    #[test]
    fn every_node_and_pruned_move_gets_one_box_under_its_parent() {
        let pos = Position::from_fen("8/3k4/3p4/8/3P4/3K4/8/8 w - - 0 1", false).unwrap();
        let trace = crate::stats::trace::trace(&pos, 3);
        let d = draw(&trace);
        let pruned: usize = trace.nodes.iter().map(|n| n.pruned.len()).sum();
        let cuts = trace.nodes.iter().filter(|n| !n.pruned.is_empty()).count();
        assert_eq!(d.items.len(), trace.nodes.len() + cuts);
        let grey = d.items.iter().filter(|i| i.kind == Kind::Pruned);
        assert_eq!(grey.flat_map(|i| i.lines.iter().flat_map(|l| l.split(' '))).count(), pruned);
        assert!(pruned > 0, "a depth-3 alpha-beta search cuts something off");
        assert_eq!(d.rows, 4);
        for i in &d.items {
            if let Some(p) = i.parent {
                assert_eq!(d.items[p].row + 1, i.row);
            }
        }
        assert_eq!(d.items.iter().filter(|i| i.pv).count(), trace.pv().len());
        assert_eq!(score_text(Score::INFINITE), "∞");
        assert_eq!(score_text(Score::mate_in(Ply::new(3))), "#2");
        assert_eq!(score_text(Score::cp(-35)), "−35");
    }
}
