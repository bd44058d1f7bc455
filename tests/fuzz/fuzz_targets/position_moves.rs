//! A `position ... moves ...` line built from the fuzz input, applied to the engine: the engine ends
//! up exactly at the position after all the moves, with a note for each thing its FEN had to drop,
//! or, at a FEN that does not load or a move that is not legal, with no position and exactly one
//! error; a `go depth 1` from there answers with one legal `bestmove` (`0000` with no position).
//!
//! Input: byte 0 holds flags (bit 0: `UCI_Chess960` on; bit 1: the FEN is the input text up to the
//! first newline, else byte 1 picks a known position); then one step per byte: below 0xF0 the n-th
//! legal move (mod their number), 0xF0..=0xF7 a move from two squares (the next two bytes) with an
//! optional promotion letter, 0xF8 and above a word of up to 7 characters from the next bytes.
//!
//! One engine serves every run (a fresh one allocates its 16 MB hash table each time): each run
//! first sets the option and the start position, so only the hash table carries over.

#![no_main]

use brudno::engine::{Engine, Event};
use brudno::position::Position;
use brudno::uci::Reply;
use brudno_fuzz::{Checker, engine_position, fen_at, run_line};
use libfuzzer_sys::fuzz_target;
use shakmaty::CastlingMode;
use std::cell::RefCell;

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new());
}

const JUNK: &[u8] = b"abcdefghi0123456789qrbnkpx-";

fn square_name(i: u8) -> String {
    format!("{}{}", (b'a' + i % 8) as char, (b'1' + (i / 8) % 8) as char)
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, mut rest)) = data.split_first() else { return };
    let chess960 = flags & 1 == 1;
    let fen_words: Option<Vec<String>> = if flags & 2 == 2 {
        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let text = String::from_utf8_lossy(&rest[..end]).into_owned();
        rest = rest.get(end + 1..).unwrap_or_default();
        // `moves` would end the FEN early: the engine would read a different line than meant here.
        let words: Vec<String> = text.split_whitespace().filter(|w| *w != "moves").map(str::to_string).collect();
        if words.is_empty() {
            return;
        }
        Some(words)
    } else {
        let Some((&pick, r)) = rest.split_first() else { return };
        rest = r;
        Some(fen_at(usize::from(pick)).split(' ').map(str::to_string).collect()).filter(|_| pick != 0)
    };
    let startpos = Position::from_chess(shakmaty::Chess::default(), CastlingMode::from_chess960(chess960));
    let (setup, base, notes) = match &fen_words {
        None => ("startpos".to_string(), Some(startpos.clone()), 0),
        Some(w) => {
            let fen = w.join(" ");
            match Position::read_fen(&fen, chess960) {
                Ok(read) => (format!("fen {fen}"), Some(read.position), read.mends.len()),
                Err(_) => (format!("fen {fen}"), None, 0),
            }
        }
    };

    // The moves' text, and the expected position: legality is membership in shakmaty's legal move
    // list written in the position's notation; a text legal only in the other notation (king to g1 in
    // Chess960, king takes rook otherwise) is replaced by a bad word, as either reading is defensible.
    let mut texts = Vec::new();
    let mut expected = base.clone().unwrap_or(startpos.clone());
    let mut bad = base.is_none();
    let mut i = 0;
    while i < rest.len() && texts.len() < 2000 {
        let b = rest[i];
        i += 1;
        let legal = expected.legal_moves();
        let mode = expected.mode();
        let other = if mode == CastlingMode::Chess960 { CastlingMode::Standard } else { CastlingMode::Chess960 };
        let ours: Vec<String> = legal.iter().map(|m| m.to_uci(mode).to_string()).collect();
        let theirs: Vec<String> = legal.iter().map(|m| m.to_uci(other).to_string()).collect();
        let mut text = match b {
            0..0xF0 if legal.is_empty() || bad => "0000".to_string(),
            0..0xF0 => ours[usize::from(b) % ours.len()].clone(),
            0xF0..0xF8 => {
                let (f, t) = (rest.get(i).copied().unwrap_or(0), rest.get(i + 1).copied().unwrap_or(0));
                i += 2;
                let promo = ["", "q", "r", "b", "n", "k", "p", "x"][usize::from(b & 7)];
                format!("{}{}{promo}", square_name(f % 64), square_name(t % 64))
            }
            _ => {
                let n = usize::from(b & 7).max(1);
                let word: String =
                    rest.iter().skip(i).take(n).map(|&c| JUNK[usize::from(c) % JUNK.len()] as char).collect();
                i += n;
                if word.is_empty() { "x".to_string() } else { word }
            }
        };
        if theirs.contains(&text) && !ours.contains(&text) {
            text = "zz".to_string();
        }
        if !bad {
            match ours.iter().position(|s| *s == text) {
                Some(k) => {
                    expected.make(legal[k]);
                    if expected.history_len() > 512 {
                        expected.set_root();
                        expected.trim_history();
                    }
                }
                None => bad = true,
            }
        }
        texts.push(text);
    }
    let line = if texts.is_empty() {
        format!("position {setup}")
    } else {
        format!("position {setup} moves {}", texts.join(" "))
    };

    ENGINE.with_borrow_mut(|engine| {
        let mut out = Vec::new();
        run_line(engine, &format!("setoption name UCI_Chess960 value {chess960}"), &mut out);
        run_line(engine, "position startpos", &mut out);
        assert!(out.is_empty(), "{out:?}");
        run_line(engine, &line, &mut out);
        let errors = out.iter().filter(|r| matches!(r, Reply::Error(_) | Reply::Event(Event::Error(_)))).count();
        assert_eq!(errors, usize::from(bad), "{line}: {out:?}");
        let said = out.iter().filter(|r| matches!(r, Reply::Event(Event::Note(_)))).count();
        assert_eq!(said, notes, "{line}: {out:?}");
        assert_eq!(out.len(), errors + said, "{line}: {out:?}");
        out.clear();
        let got = engine_position(engine);
        match &got {
            Some(got) => {
                assert!(!bad, "{line}: a position after an error");
                assert_eq!(got.fen(), expected.fen(), "{line}");
                assert_eq!(got.key(), expected.key(), "{line}");
                assert_eq!(got.mode(), expected.mode(), "{line}");
            }
            None => assert!(bad, "{line}: no position"),
        }

        let mut checker = Checker::default();
        checker.pending.push_back(got);
        run_line(engine, "go depth 1", &mut out);
        engine.end_of_input(&mut |e| out.push(Reply::Event(e)));
        checker.check(&mut out);
        assert!(checker.pending.is_empty(), "{line}: no bestmove");
    });
});
