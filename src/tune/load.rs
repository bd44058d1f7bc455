//! Reading a positions file into a [`Dataset`]: `FEN | result` lines (from `tune extract`) or
//! `FEN | score | result` lines (from `brudno datagen` and the public trainers' text format), parsed
//! on several threads. Lines that cannot be read are skipped and counted, not fatal: a file that a
//! killed generator left with a torn last line still loads.

use super::features::features;
use super::fit::Dataset;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use std::thread;

/// One position as read from a line.
#[derive(Clone, Debug)]
pub struct Line {
    /// The position.
    pub chess: Chess,
    /// Search score in centipawns from White's view, when the line has one.
    pub score: Option<f32>,
    /// Game result from White's view: 1, 0.5 or 0.
    pub result: f32,
}

/// What loading found.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The positions, in file order.
    pub data: Dataset,
    /// Lines skipped because they could not be read.
    pub skipped: usize,
    /// The first skipped line, with its number and why.
    pub first_bad: Option<String>,
}

/// Reads a game result: `1.0`, `0.5`, `0.0` (any number in 0..=1), or `1-0`, `1/2-1/2`, `0-1`.
fn parse_result(s: &str) -> Option<f32> {
    match s {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => s.parse::<f32>().ok().filter(|r| (0.0..=1.0).contains(r)),
    }
}

/// Parses one non-empty, non-comment line.
pub fn parse_line(line: &str) -> Result<Line, &'static str> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let (fen, score, result) = match fields[..] {
        [fen, result] => (fen, None, result),
        [fen, score, result] => (fen, Some(score), result),
        _ => return Err("expected `FEN | result` or `FEN | score | result`"),
    };
    let result = parse_result(result).ok_or("bad result")?;
    let score = match score {
        None => None,
        Some(s) => Some(s.parse::<f32>().ok().filter(|s| s.is_finite()).ok_or("bad score")?),
    };
    let chess = fen.parse::<Fen>().ok().and_then(|f| f.into_position(CastlingMode::Standard).ok()).ok_or("bad FEN")?;
    Ok(Line { chess, score, result })
}

fn load_chunk(lines: &[(usize, &str)]) -> Loaded {
    let mut out = Loaded { data: Dataset::new(), ..Loaded::default() };
    for &(n, line) in lines {
        match parse_line(line) {
            Ok(l) => out.data.push_scored(&features(&l.chess), l.result, l.score),
            Err(why) => {
                out.skipped += 1;
                out.first_bad.get_or_insert_with(|| format!("line {}: {why}: {line}", n + 1));
            }
        }
    }
    out
}

/// Reads every position of `text` (blank lines and `#` comments ignored) on `threads` threads.
pub fn load(text: &str, threads: usize) -> Loaded {
    let lines: Vec<(usize, &str)> =
        text.lines().map(str::trim).enumerate().filter(|(_, l)| !l.is_empty() && !l.starts_with('#')).collect();
    let chunk = lines.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<Loaded> = thread::scope(|s| {
        let handles: Vec<_> = lines.chunks(chunk).map(|c| s.spawn(move || load_chunk(c))).collect();
        handles.into_iter().map(|h| h.join().expect("loader thread panicked")).collect()
    });
    let mut all = Loaded { data: Dataset::new(), ..Loaded::default() };
    for part in parts {
        all.data.append(&part.data);
        all.skipped += part.skipped;
        if all.first_bad.is_none() {
            all.first_bad = part.first_bad;
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_line_formats_and_bad_lines() {
        let text = "\
# a comment
4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1 | 1.0
4k3/8/8/8/8/8/PPP5/4K3 b - - 0 1 | 312 | 1/2-1/2

not a line
4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1 | x | 0.0
4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1 | 2.0
4k3/8/8/8/8/8/9/4K3 w - - 0 1 | 0.0
4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1 | -40 | 0-1
4k3/8/8/8/8/8/PPP5/4K3 w - - 0";
        for threads in [1, 3, 16] {
            let l = load(text, threads);
            assert_eq!(l.data.len(), 3, "threads {threads}");
            assert_eq!(l.data.scored(), 2);
            assert_eq!(l.skipped, 5);
            assert!(l.first_bad.as_deref().unwrap().starts_with("line 5: expected"), "{:?}", l.first_bad);
        }
        let line = parse_line("4k3/8/8/8/8/8/PPP5/4K3 b - - 0 1 | 312 | 0.5").unwrap();
        assert_eq!((line.score, line.result), (Some(312.0), 0.5));
        assert_eq!(parse_line("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1 | inf | 1").err(), Some("bad score"));
    }
}
