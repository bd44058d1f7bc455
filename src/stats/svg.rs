//! A [`Drawing`] as a standalone SVG file, written by hand: a title and legend, then one rounded box
//! per item and a line from each box to its parent. Colours: green exact (PV) values, red fail-highs
//! (CUT nodes), blue fail-lows (ALL nodes), grey dashed moves that a cutoff left unsearched.

use super::drawing::{Drawing, Kind};
use std::fmt::Write as _;

const SLOT: f64 = 86.0;
const ROW: f64 = 84.0;
const BOX_W: f64 = 78.0;
const BOX_H: f64 = 46.0;
const LINE_H: f64 = 13.0;
const TOP: f64 = 78.0;
const MARGIN: f64 = 12.0;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn colour(kind: Kind) -> &'static str {
    match kind {
        Kind::Exact => "#2e7d32",
        Kind::FailHigh => "#c62828",
        Kind::FailLow => "#1565c0",
        Kind::Pruned => "#9e9e9e",
    }
}

/// Height of a box: three lines for a searched node, a list for the unsearched moves.
fn box_height(kind: Kind, lines: usize) -> f64 {
    if kind == Kind::Pruned { 5.0 + LINE_H * lines as f64 } else { BOX_H }
}

/// Centre x and top y of a box.
fn place(x: f64, row: usize) -> (f64, f64) {
    (MARGIN + x * SLOT + SLOT / 2.0, TOP + row as f64 * ROW)
}

/// The SVG text of `d`.
pub fn svg(d: &Drawing) -> String {
    let width = (MARGIN * 2.0 + d.slots.max(8) as f64 * SLOT).ceil();
    let bottom = d.items.iter().map(|i| place(i.x, i.row).1 + box_height(i.kind, i.lines.len())).fold(TOP, f64::max);
    let height = (bottom + MARGIN).ceil();
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(s, r#"<text x="{MARGIN}" y="22" font-size="14" font-weight="bold">{}</text>"#, esc(&d.title));
    let legend = [
        (Kind::Exact, "exact value inside [α, β] (PV node)"),
        (Kind::FailHigh, "fail-high, value ≥ β (CUT node)"),
        (Kind::FailLow, "fail-low, value ≤ α (ALL node)"),
        (Kind::Pruned, "moves never searched, spared by the β-cutoff above"),
    ];
    for (i, (kind, text)) in legend.iter().enumerate() {
        let x = MARGIN + i as f64 * 280.0;
        let dash = if *kind == Kind::Pruned { r#" stroke-dasharray="3,2""# } else { "" };
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="34" width="14" height="12" rx="3" fill="white" stroke="{}" stroke-width="2"{dash}/><text x="{}" y="45" font-size="12">{}</text>"#,
            colour(*kind),
            x + 20.0,
            esc(text)
        );
    }
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="64" font-size="11" fill="#555">Each box: move (SAN), window [α, β] and returned value, both from the side to move's view (negamax); bold: the principal variation.</text>"##
    );
    for item in &d.items {
        if let Some(p) = item.parent {
            let parent = &d.items[p];
            let (x1, y1) = place(parent.x, parent.row);
            let (x2, y2) = place(item.x, item.row);
            let style = if item.kind == Kind::Pruned {
                r##"stroke="#bdbdbd" stroke-dasharray="3,2""##
            } else if item.pv {
                r#"stroke="black" stroke-width="2.5""#
            } else {
                r##"stroke="#757575""##
            };
            let _ = writeln!(s, r#"<line x1="{x1}" y1="{}" x2="{x2}" y2="{y2}" {style}/>"#, y1 + BOX_H);
        }
    }
    for item in &d.items {
        let (cx, y) = place(item.x, item.row);
        let c = colour(item.kind);
        let pruned = item.kind == Kind::Pruned;
        let h = box_height(item.kind, item.lines.len());
        let (fill, dash) = if pruned { ("#f5f5f5", r#" stroke-dasharray="3,2""#) } else { ("white", "") };
        let width = if item.pv { 3.0 } else { 1.5 };
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{y}" width="{BOX_W}" height="{h}" rx="5" fill="{fill}" stroke="{c}" stroke-width="{width}"{dash}/>"#,
            cx - BOX_W / 2.0
        );
        for (i, line) in item.lines.iter().enumerate() {
            let (size, weight, tone) = match (i, pruned) {
                (_, true) => (11, "normal", "#9e9e9e"),
                (0, false) => (12, if item.pv { "bold" } else { "normal" }, "black"),
                _ => (11, "normal", if i == 2 { c } else { "#424242" }),
            };
            let step = if pruned { LINE_H } else { 14.0 };
            let _ = writeln!(
                s,
                r#"<text x="{cx}" y="{}" font-size="{size}" font-weight="{weight}" fill="{tone}" text-anchor="middle">{}</text>"#,
                y + 13.0 + step * i as f64,
                esc(line)
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::stats::drawing::draw;

    #[test]
    fn one_rect_per_box_and_balanced_markup() {
        let pos = Position::from_fen("8/3k4/3p4/8/3P4/3K4/8/8 w - - 0 1", false).unwrap();
        let d = draw(&crate::stats::trace::trace(&pos, 2));
        let text = svg(&d);
        assert!(text.starts_with("<svg ") && text.ends_with("</svg>\n"));
        // Background, four legend swatches, then the boxes.
        assert_eq!(text.matches("<rect ").count(), 1 + 4 + d.items.len());
        assert_eq!(text.matches("<line ").count(), d.items.len() - 1);
        assert_eq!(text.matches("<text").count(), text.matches("</text>").count());
        assert_eq!(esc("a<b&\"c\">"), "a&lt;b&amp;&quot;c&quot;&gt;");
    }
}
