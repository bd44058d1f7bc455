//! Text out: turns typed [`Reply`]s (the protocol's answers and the engine's events) into protocol
//! lines. The only place moves become strings (notes and errors are worded by `text`).

use super::Reply;
use super::options::{Kind, OPTIONS};
use crate::bench::{self, BenchLine, Quality};
use crate::engine::Event;
use crate::eval::scale::{Case, SCALE_DRAW, SCALE_NORMAL, Scale};
use crate::eval::{Split, Trace, layout::GROUPS, pst::PHASE_TOTAL};
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

/// The evaluation breakdown: every term group for each side (middlegame and endgame, each side from
/// its own point of view), the net White-view sum, then the endgame scale factor, the mop-up bonus,
/// phase, tempo and the final score.
pub fn eval_lines(t: &Trace) -> Vec<String> {
    let mut v = vec![
        format!("{:<27} {:>13} {:>13} {:>13}", "Term", "White", "Black", "Net"),
        format!("{:<27} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}", "", "MG", "EG", "MG", "EG", "MG", "EG"),
    ];
    let mut net = Split::default();
    for (g, group) in GROUPS.iter().enumerate() {
        let [w, b] = t.groups[g];
        let n = t.net(g);
        net.mg += n.mg;
        net.eg += n.eg;
        v.push(format!("{:<27} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}", group.name, w.mg, w.eg, b.mg, b.eg, n.mg, n.eg));
    }
    v.push(format!("{:<27} {:>34} {:>6}", "Total", net.mg, net.eg));
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
