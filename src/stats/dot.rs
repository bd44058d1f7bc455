//! A [`Drawing`] as Graphviz DOT (`dot -Tsvg`), for readers who prefer Graphviz's layout: the same
//! boxes, colours and labels as the SVG writer, positions left to Graphviz.

use super::drawing::{Drawing, Kind};
use std::fmt::Write as _;

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The DOT text of `d`.
pub fn dot(d: &Drawing) -> String {
    let mut s = String::from("digraph search {\n");
    let _ = writeln!(s, "  label=\"{}\"; labelloc=t; ordering=out;", esc(&d.title));
    let _ = writeln!(s, "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];");
    for (i, item) in d.items.iter().enumerate() {
        let label = item.lines.iter().map(|l| esc(l)).collect::<Vec<_>>().join("\\n");
        let style = match item.kind {
            Kind::Exact => "color=\"#2e7d32\"",
            Kind::FailHigh => "color=\"#c62828\"",
            Kind::FailLow => "color=\"#1565c0\"",
            Kind::Pruned => "color=\"#9e9e9e\", fontcolor=\"#9e9e9e\", style=\"rounded,dashed\"",
        };
        let bold = if item.pv { ", penwidth=3" } else { "" };
        let _ = writeln!(s, "  n{i} [label=\"{label}\", {style}{bold}];");
        if let Some(p) = item.parent {
            let edge = match (item.kind, item.pv) {
                (Kind::Pruned, _) => " [style=dashed, color=\"#bdbdbd\"]",
                (_, true) => " [penwidth=2.5]",
                _ => "",
            };
            let _ = writeln!(s, "  n{p} -> n{i}{edge};");
        }
    }
    s.push_str("}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::stats::drawing::draw;

    #[test]
    fn one_node_statement_per_box_and_one_edge_per_child() {
        let pos = Position::from_fen("8/3k4/3p4/8/3P4/3K4/8/8 w - - 0 1", false).unwrap();
        let d = draw(&crate::stats::trace::trace(&pos, 2));
        let text = dot(&d);
        assert!(text.starts_with("digraph search {") && text.ends_with("}\n"));
        assert_eq!(text.matches(" -> ").count(), d.items.len() - 1);
        assert_eq!(text.matches("[label=").count(), d.items.len());
        assert_eq!(text.matches("dashed\"]").count(), d.items.iter().filter(|i| i.kind == Kind::Pruned).count());
    }
}
