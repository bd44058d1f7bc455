//! Text out: turns typed [`Reply`]s (the protocol's answers and the engine's events) into protocol
//! lines. The only place moves become strings (notes and errors are worded by `text`).

use super::Reply;
use super::options::{Kind, OPTIONS};
use crate::bench::{self, BenchLine, Quality};
use crate::engine::Event;
use crate::eval::complexity;
use crate::eval::danger::{DIVISOR_EG, DIVISOR_MG};
use crate::eval::layout::{GROUPS, is_complexity, is_danger};
use crate::eval::scale::{Case, SCALE_DRAW, SCALE_NORMAL, Scale};
use crate::eval::{Split, Trace, pst::PHASE_TOTAL};
use crate::score::Score;
use crate::search::Iteration;
use crate::tt::Bound;
use crate::wdl::Wdl;
use shakmaty::{CastlingMode, Chess, Move, Position as _, Square};
use std::fmt::Write as _;
use std::time::Duration;

/// A move in UCI notation for the castling mode in use.
pub fn uci_move(m: Move, mode: CastlingMode) -> String {
    m.to_uci(mode).to_string()
}

/// A move in UCI notation, or the null move `0000` for none.
pub fn move_or_null(m: Option<Move>, mode: CastlingMode) -> String {
    m.map_or_else(|| "0000".to_string(), |m| uci_move(m, mode))
}

/// `cp N` or `mate N`.
pub fn score(s: Score) -> String {
    match s.mate_moves() {
        Some(n) => format!("mate {n}"),
        None => format!("cp {}", s.raw()),
    }
}

/// The `info` line of an iteration.
pub fn info(it: &Iteration, mode: CastlingMode, wdl: Option<Wdl>) -> String {
    let bound = match it.bound {
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
        _ => "",
    };
    let ms = it.time.as_millis().max(1) as u64;
    let nps = it.nodes.saturating_mul(1000) / ms;
    let wdl = wdl.map_or(String::new(), |w| format!(" wdl {} {} {}", w.win, w.draw, w.loss));
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}{wdl}{bound} nodes {} nps {nps} hashfull {} tbhits {} time {}",
        it.depth,
        it.seldepth,
        it.multipv,
        score(it.score),
        it.nodes,
        it.hashfull,
        it.tbhits,
        it.time.as_millis()
    );
    if !it.pv.is_empty() {
        line.push_str(" pv");
    }
    for &m in &it.pv {
        line.push(' ');
        line.push_str(&uci_move(m, mode));
    }
    line
}

/// The `uci` answer's line for a spin option.
fn spin_option(name: &str, default: i64, min: i64, max: i64) -> String {
    format!("option name {name} type spin default {default} min {min} max {max}")
}

/// All the lines one reply makes.
pub fn lines(r: &Reply) -> Vec<String> {
    match r {
        Reply::Identify => {
            let mut v =
                vec![format!("id name Brudno {}", crate::version()), "id author the Brudno developers".to_string()];
            v.extend(OPTIONS.iter().map(|o| match o.kind {
                Kind::Spin { default, min, max, .. } => spin_option(o.name, default, min, max),
                Kind::Check { default, .. } => format!("option name {} type check default {default}", o.name),
                Kind::Button { .. } => format!("option name {} type button", o.name),
                Kind::Str { default, .. } => format!("option name {} type string default {default}", o.name),
            }));
            #[cfg(feature = "tune")]
            v.extend(
                crate::search::params::TUNABLES
                    .iter()
                    .map(|t| spin_option(t.name, i64::from(t.get()), i64::from(t.min), i64::from(t.max))),
            );
            v
        }
        Reply::UciOk => vec!["uciok".into()],
        Reply::ReadyOk => vec!["readyok".into()],
        Reply::Error(s) => vec![error(s)],
        Reply::Event(e) => event_lines(e),
        // An instruction to the output, not a line.
        Reply::DebugLog(_) => Vec::new(),
    }
}

/// `info string error: ...`
fn error(s: &str) -> String {
    format!("info string error: {s}")
}

/// All the lines one engine event makes.
pub fn event_lines(e: &Event) -> Vec<String> {
    match e {
        Event::Info(it, mode, wdl) => vec![info(it, *mode, *wdl)],
        Event::CurrMove(depth, m, n, mode) => {
            vec![format!("info depth {depth} currmove {} currmovenumber {n}", uci_move(*m, *mode))]
        }
        Event::BestMove(o, mode) => {
            let best = move_or_null(o.best, *mode);
            match o.ponder {
                Some(p) if o.best.is_some() => vec![format!("bestmove {best} ponder {}", uci_move(p, *mode))],
                _ => vec![format!("bestmove {best}")],
            }
        }
        Event::BookMove(bm, mode) => {
            vec![format!("info string book move {} weight {}", uci_move(bm.mv, *mode), bm.weight)]
        }
        Event::Note(note) => vec![format!("info string {note}")],
        Event::Error(e) => vec![error(&e.to_string())],
        Event::Board(pos, trace) => {
            let mut v = board(pos.chess());
            v.push(String::new());
            v.push(format!("Fen: {}", pos.fen()));
            v.push(format!("Key: {:016X}", pos.key()));
            let checkers: Vec<String> = pos.chess().checkers().into_iter().map(|s| s.to_string()).collect();
            v.push(format!("Checkers: {}", checkers.join(" ")));
            if let Some(t) = trace {
                v.push(format!("Eval: {} (side to move)", t.total.raw()));
            }
            v
        }
        Event::Eval(t) => eval_lines(t),
        Event::Perft(divide, mode) => {
            let mut v: Vec<String> = divide.iter().map(|(m, n)| format!("{}: {n}", uci_move(*m, *mode))).collect();
            v.push(String::new());
            v.push(format!("Nodes searched: {}", divide.iter().map(|(_, n)| n).sum::<u64>()));
            v
        }
        Event::BenchLine(i, l) => vec![bench_line(*i, l)],
        Event::BenchDone(nodes, t) => vec![bench_done(*nodes, *t)],
    }
}

/// An ASCII board, rank 8 first.
fn board(chess: &Chess) -> Vec<String> {
    let sep = " +---+---+---+---+---+---+---+---+".to_string();
    let mut v = vec![sep.clone()];
    for rank in (0..8).rev() {
        let mut row = String::from(" |");
        for file in 0..8 {
            let sq = Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
            let c = chess.board().piece_at(sq).map_or(' ', |p| p.char());
            let _ = write!(row, " {c} |");
        }
        let _ = write!(row, " {}", rank + 1);
        v.push(row);
        v.push(sep.clone());
    }
    v.push("   a   b   c   d   e   f   g   h".into());
    v
}

/// Why the endgame half is scaled, in words.
fn scale_case(case: Case) -> &'static str {
    match case {
        Case::Normal => "normal",
        Case::OppositeBishops => "opposite-coloured bishops",
        Case::OppositeBishopsKnights => "opposite-coloured bishops and a knight each",
        Case::OppositeBishopsRooks => "opposite-coloured bishops and a rook each",
        Case::LoneQueen => "a lone queen against pieces",
        Case::CannotWin => "the stronger side has no pawns and at most a minor piece",
        Case::TwoKnights => "two knights against a bare king",
        Case::NoPawnsVsMinor => "no pawns, at most a minor ahead, against at most a minor",
        Case::NoPawnsVsMore => "no pawns, at most a minor ahead",
        Case::RookEnding => "rook ending, the stronger side's pawns few and on one wing",
    }
}

/// The scale factor line of `eval`: `Scale factor: 16/128 (opposite-coloured bishops)`.
fn scale_line(s: Scale) -> String {
    let draw = if s.factor == SCALE_DRAW { ": a draw" } else { "" };
    format!("Scale factor: {}/{SCALE_NORMAL} ({}){draw}", s.factor, scale_case(s.case))
}

/// The evaluation breakdown: every linear term group for each side (middlegame and endgame, each
/// side from its own point of view), the king-safety penalty (the map of each side's danger sum),
/// the net White-view sum and its endgame half corrected by the complexity; then each side's danger sum and its groups (danger units, not score),
/// the endgame scale factor, the mop-up bonus, phase, tempo and the final score.
pub fn eval_lines(t: &Trace) -> Vec<String> {
    let row = |name: &str, w: Split, b: Split, n: Split| {
        format!("{name:<27} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}", w.mg, w.eg, b.mg, b.eg, n.mg, n.eg)
    };
    let mut v = vec![
        format!("{:<27} {:>13} {:>13} {:>13}", "Term", "White", "Black", "Net"),
        format!("{:<27} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}", "", "MG", "EG", "MG", "EG", "MG", "EG"),
    ];
    let mut net = Split::default();
    let mut add = |n: Split| {
        net.mg += n.mg;
        net.eg += n.eg;
    };
    let danger: Vec<usize> = (0..GROUPS.len()).filter(|&g| is_danger(GROUPS[g].start)).collect();
    let linear = |g: &usize| !danger.contains(g) && !is_complexity(GROUPS[*g].start);
    for (g, group) in GROUPS.iter().enumerate().filter(|(g, _)| linear(g)) {
        let [w, b] = t.groups[g];
        add(t.net(g));
        v.push(row(group.name, w, b, t.net(g)));
    }
    let [w, b] = t.safety;
    let safety = Split { mg: w.mg - b.mg, eg: w.eg - b.eg };
    add(safety);
    v.push(row("King safety (danger map)", w, b, safety));
    v.push(format!("{:<27} {:>34} {:>6}", "Total", net.mg, net.eg));
    v.push(format!(
        "Complexity {} (EG): the endgame half {} -> {}",
        t.complexity,
        net.eg,
        complexity::adjust(net.eg, t.complexity)
    ));
    let [w, b] = t.danger;
    v.push(format!("{:<27} {:>6} {:>6} {:>6} {:>6}", "Danger sum (before the map)", w.mg, w.eg, b.mg, b.eg));
    for g in danger {
        let [w, b] = t.groups[g];
        v.push(format!("  {:<25} {:>6} {:>6} {:>6} {:>6}", GROUPS[g].name, w.mg, w.eg, b.mg, b.eg));
    }
    v.push(format!(
        "King safety map: -max(danger, 0)^2 / {DIVISOR_MG} (MG), -max(danger, 0) / {DIVISOR_EG} (EG), per side"
    ));
    v.push(scale_line(t.scale));
    v.push(format!("Mop-up (bare king, White's view, untapered) {}", t.mopup));
    v.push(format!("Phase {} / {PHASE_TOTAL}, tempo {}", t.phase, t.tempo));
    v.push(format!("Final evaluation: {} (side to move)", t.total.raw()));
    v
}

/// The `brudno eval` text of an evaluation breakdown.
pub fn eval_text(t: &Trace) -> String {
    eval_lines(t).join("\n")
}

/// One bench position's line (the bench positions are standard chess).
pub fn bench_line(i: usize, l: &BenchLine) -> String {
    let best = move_or_null(l.best, CastlingMode::Standard);
    format!("{:>2}/{} {:>10} nodes  best {best:<6} {}", i + 1, bench::POSITIONS.len(), l.nodes, l.fen)
}

/// The search-quality line after a bench.
pub fn bench_quality(q: &Quality) -> String {
    format!(
        "Branching factor {:.2} (last 3 depths), first-move cutoffs {:.1}%",
        q.branching,
        q.first_move_cutoffs * 100.0
    )
}

/// The bench signature line (what OpenBench reads).
pub fn bench_done(nodes: u64, t: Duration) -> String {
    format!("Bench: {nodes} nodes {} nps", bench::nps(nodes, t))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::danger::penalty;
    use crate::eval::{hand::HAND, layout::DANGER, params::WEIGHTS, trace_with};
    use shakmaty::fen::Fen;

    /// The numbers of the line of `lines` that starts with `name` (and a space).
    fn numbers(lines: &[String], name: &str) -> Vec<i32> {
        let line = lines.iter().find(|l| l.starts_with(&format!("{name} "))).unwrap_or_else(|| panic!("no {name}"));
        line[name.len()..].split_whitespace().map(|n| n.parse().unwrap()).collect()
    }

    #[test]
    fn eval_shows_the_danger_sums_and_their_map() {
        // The built-in weights with the hand-set danger weights, on a queen and knight against the
        // castled black king.
        let mut weights = WEIGHTS;
        weights[DANGER..].copy_from_slice(&HAND[DANGER..]);
        let chess: Chess = "6k1/5ppp/7Q/6N1/8/8/5PPP/6K1 b - - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let t = trace_with(&chess, &weights);
        let lines = eval_lines(&t);
        let [w, b] = t.danger;
        assert!(b.mg > 300 && w.mg < 0, "{:?}", t.danger);
        assert_eq!(numbers(&lines, "Danger sum (before the map)"), vec![w.mg, w.eg, b.mg, b.eg]);
        let (pw, pb) = (penalty(w), penalty(b));
        assert_eq!(pw, Split::default());
        let safety = numbers(&lines, "King safety (danger map)");
        assert_eq!(safety, vec![0, 0, pb.mg, pb.eg, -pb.mg, -pb.eg]);
        assert!(pb.mg < -100, "{pb:?}");
        // Each danger group shows its part of the sum; the total counts the map, not the sums.
        let mut parts = [0; 4];
        for g in GROUPS.iter().filter(|g| is_danger(g.start)) {
            let n = numbers(&lines, &format!("  {}", g.name));
            parts.iter_mut().zip(n).for_each(|(p, x)| *p += x);
        }
        assert_eq!(parts, [w.mg, w.eg, b.mg, b.eg]);
        let linear: i32 =
            GROUPS.iter().enumerate().filter(|(_, g)| !is_danger(g.start)).map(|(g, _)| t.net(g).mg).sum();
        assert_eq!(numbers(&lines, "Total")[0], linear - pb.mg);
    }

    #[test]
    fn eval_shows_the_complexity_and_what_it_does() {
        // The hand-set complexity weights, on a rook ending with three pawns on one wing.
        use crate::eval::complexity::adjust;
        use crate::eval::layout::{COMPLEXITY, COMPLEXITY_TERMS};
        let mut weights = WEIGHTS;
        let complexity = COMPLEXITY..COMPLEXITY + COMPLEXITY_TERMS;
        weights[complexity.clone()].copy_from_slice(&HAND[complexity]);
        let chess: Chess =
            "8/5pk1/8/8/8/6P1/5PK1/R7 w - - 0 1".parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        let t = trace_with(&chess, &weights);
        // Three pawns, not on both wings, not a pawn ending, the constant.
        let want = 3 * HAND[COMPLEXITY].1 + HAND[COMPLEXITY + 3].1;
        assert!(want < 0, "{want}");
        assert_eq!(t.complexity, want);
        let lines = eval_lines(&t);
        let eg = numbers(&lines, "Total")[1];
        assert!(eg > 200, "{eg}");
        let line = lines.iter().find(|l| l.starts_with("Complexity ")).expect("a complexity line");
        assert_eq!(*line, format!("Complexity {want} (EG): the endgame half {eg} -> {}", adjust(eg, want)));
        assert_eq!(adjust(eg, want), eg + want);
        // The group is shown on that line only, not as a row of zeros.
        assert_eq!(lines.iter().filter(|l| l.starts_with("Complexity")).count(), 1);
    }
}
