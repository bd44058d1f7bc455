//! The Polyglot book: the reader against known answers from the shared books (see
//! `tests/data/SOURCES.md`), the UCI options (`OwnBook`, `BookFile`, `BookDepth`, `BookBestMove`),
//! errors for missing and corrupt files, and the `brudno book` command.

mod common;

use brudno::book::Book;
use common::{Engine, PROMPT, assert_bestmove_legal, position, run_cli};
use std::path::Path;

const EXTRACT: &str = "tests/data/books/performance-extract.bin";
const LASKER: &str = "tests/data/books/lasker-trap.bin";
const CASTLING: &str = "r1bqr1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ1NPPP/R3K2R w KQ - 5 10";
const LASKER_FEN: &str = "rnbqk1nr/ppp2ppp/8/4P3/1BP5/8/PP2KpPP/RN1Q1BNR b kq - 1 7";

/// The legal book moves of a position as (UCI move, weight), in file order.
fn book_moves(book: &Book, fen: Option<&str>, moves: &[&str]) -> Vec<(String, u16)> {
    let pos = position(fen, moves, false);
    book.moves(&pos).iter().map(|m| (pos.uci(m.mv), m.weight)).collect()
}

fn owned(v: &[(&str, u16)]) -> Vec<(String, u16)> {
    v.iter().map(|&(m, w)| (m.to_string(), w)).collect()
}

#[test]
fn reader_gives_the_known_answers() {
    let book = Book::open(Path::new(EXTRACT)).expect("the extract loads");
    assert_eq!(book.len(), 20);
    assert_eq!(book_moves(&book, None, &[]), owned(&[("e2e4", 1), ("d2d4", 1), ("c2c4", 1)]));
    assert_eq!(book_moves(&book, None, &["e2e4", "c7c5"]), owned(&[("g1f3", 306), ("b1c3", 12), ("c2c3", 10)]));
    // Castling is stored king-takes-rook and must come back as the castling move.
    let pos = position(Some(CASTLING), &[], false);
    assert_eq!(pos.key(), 0x551c7ab33a908d3e);
    let raw: Vec<(u16, u16)> = book.entries(pos.key()).iter().map(|e| (e.raw, e.weight)).collect();
    assert_eq!(raw, [(263, 159), (256, 18), (983, 16)]);
    assert_eq!(book_moves(&book, Some(CASTLING), &[]), owned(&[("e1g1", 159), ("e1c1", 18), ("h2h3", 16)]));
    // In Chess960 notation the same castling move is written king-takes-rook.
    let p960 = position(Some(CASTLING), &[], true);
    assert_eq!(p960.uci(book.moves(&p960)[0].mv), "e1h1");
    assert_eq!(p960.key(), pos.key());
    // A position the book does not know.
    assert!(book_moves(&book, None, &["g2g3"]).is_empty());

    let lasker = Book::open(Path::new(LASKER)).expect("lasker-trap loads");
    assert_eq!(lasker.len(), 7);
    let pos = position(Some(LASKER_FEN), &[], false);
    assert_eq!(pos.key(), 0x5028f645a2af84bc);
    let raw: Vec<(u16, u16)> = lasker.entries(pos.key()).iter().map(|e| (e.raw, e.weight)).collect();
    assert_eq!(raw, [(4934, 2)]);
    assert_eq!(book_moves(&lasker, Some(LASKER_FEN), &[]), owned(&[("f2g1n", 2)]));
}

#[test]
fn best_move_and_weighted_choice() {
    let book = Book::open(Path::new(EXTRACT)).unwrap();
    let pos = position(None, &["e2e4", "c7c5"], false);
    assert_eq!(book.pick(&pos, true, 12345).map(|m| pos.uci(m.mv)), Some("g1f3".into()));
    // Weights 306, 12, 10: draws below 306 give g1f3, then 12 of b1c3, then 10 of c2c3.
    let pick = |r: u64| pos.uci(book.pick(&pos, false, r).unwrap().mv);
    assert_eq!(pick(0), "g1f3");
    assert_eq!(pick(305), "g1f3");
    assert_eq!(pick(306), "b1c3");
    assert_eq!(pick(317), "b1c3");
    assert_eq!(pick(318), "c2c3");
    assert_eq!(pick(327), "c2c3");
    assert_eq!(pick(328), "g1f3");
}

fn engine() -> Engine {
    let mut e = Engine::spawn();
    e.handshake();
    e
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("info string error")).collect()
}

#[test]
fn options_are_announced() {
    let mut e = Engine::spawn();
    let lines = e.handshake();
    for want in [
        "option name OwnBook type check default false",
        "option name BookFile type string default <empty>",
        "option name BookDepth type spin default 16 min 1 max 1000",
        "option name BookBestMove type check default false",
    ] {
        assert!(lines.iter().any(|l| l == want), "missing '{want}' in {lines:?}");
    }
}

#[test]
fn plays_book_moves_over_uci() {
    let mut e = engine();
    // The file alone does nothing: OwnBook is off by default, so the engine searches.
    assert!(e.ask(&format!("setoption name BookFile value {EXTRACT}")).is_empty());
    e.ask("position startpos moves e2e4 c7c5");
    e.send("go depth 3");
    let (lines, _) = e.read_until_bestmove();
    assert!(lines.iter().any(|l| l.starts_with("info depth 3")), "no search without OwnBook: {lines:?}");

    let lines = e.ask("setoption name OwnBook value true");
    assert!(lines.iter().any(|l| l.contains("20 entries")), "{lines:?}");
    e.ask("setoption name BookBestMove value true");
    e.send("go depth 20");
    let (lines, best) = e.read_until_bestmove();
    assert_eq!(best, "bestmove g1f3");
    assert!(lines.iter().any(|l| l == "info string book move g1f3 weight 306"), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("info depth")), "a book move needs no search: {lines:?}");

    // Weighted choice: every move it plays from the start position is one of the book's.
    e.ask("setoption name BookBestMove value false");
    e.ask("position startpos");
    for _ in 0..6 {
        e.send("go depth 20");
        let (_, best) = e.read_until_bestmove();
        assert!(["bestmove e2e4", "bestmove d2d4", "bestmove c2c4"].contains(&best.as_str()), "{best}");
    }

    // Castling comes out in the GUI's notation.
    e.ask(&format!("position fen {CASTLING}"));
    e.ask("setoption name BookBestMove value true");
    e.ask("setoption name BookDepth value 1000");
    e.send("go wtime 1000 btime 1000");
    assert_eq!(e.read_until_bestmove().1, "bestmove e1g1");

    // Past BookDepth the engine searches: after 1.e4 c5 two plies are played.
    e.ask("setoption name BookDepth value 2");
    e.ask("position startpos moves e2e4 c7c5");
    e.send("go depth 3");
    let (lines, best) = e.read_until_bestmove();
    assert!(lines.iter().any(|l| l.starts_with("info depth 3")), "{lines:?}");
    assert_bestmove_legal(&position(None, &["e2e4", "c7c5"], false), &best);
    // `go infinite` always searches (its bestmove waits for stop).
    e.ask("setoption name BookDepth value 16");
    e.send("go infinite");
    e.expect_line(|l| l.starts_with("info depth 2"), PROMPT);
    e.send("stop");
    let (lines, _) = e.read_until_bestmove();
    assert!(!lines.iter().any(|l| l.contains("book move")), "{lines:?}");
}

#[test]
fn missing_or_corrupt_books_are_errors_and_play_goes_on() {
    let dir = std::env::temp_dir().join(format!("brudno-book-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let corrupt = dir.join("corrupt.bin");
    std::fs::write(&corrupt, [0u8; 17]).unwrap();

    let mut e = engine();
    e.ask("setoption name OwnBook value true");
    let lines = e.ask("setoption name BookFile value no/such/book.bin");
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    assert!(lines[0].contains("no/such/book.bin"), "{lines:?}");
    e.ask("position startpos");
    e.send("go depth 3");
    let (lines, best) = e.read_until_bestmove();
    assert!(lines.iter().any(|l| l.starts_with("info depth 3")), "{lines:?}");
    assert_bestmove_legal(&position(None, &[], false), &best);

    let lines = e.ask(&format!("setoption name BookFile value {}", corrupt.display()));
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    assert!(lines[0].contains("not a Polyglot book"), "{lines:?}");
    e.send("go depth 2");
    let (_, best) = e.read_until_bestmove();
    assert_bestmove_legal(&position(None, &[], false), &best);

    // A good file afterwards is used again.
    let lines = e.ask(&format!("setoption name BookFile value {EXTRACT}"));
    assert!(errors(&lines).is_empty(), "{lines:?}");
    e.send("go depth 20");
    let (lines, _) = e.read_until_bestmove();
    assert!(lines.iter().any(|l| l.contains("book move")), "{lines:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn book_command_prints_entries_with_shares() {
    let out = run_cli(&["book", "--file", EXTRACT, "--fen", CASTLING], PROMPT);
    assert!(out.status.is_some_and(|s| s.success()), "{}{}", out.stdout, out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(lines.contains(&"Key: 551c7ab33a908d3e"), "{}", out.stdout);
    let rows: Vec<Vec<&str>> =
        lines.iter().skip_while(|l| !l.starts_with("move")).skip(1).map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(rows, [["e1g1", "159", "82.38%"], ["e1c1", "18", "9.33%"], ["h2h3", "16", "8.29%"]]);

    let out = run_cli(&["book", "--file", LASKER, "--fen", LASKER_FEN], PROMPT);
    assert!(
        out.stdout.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["f2g1n", "2", "100.00%"]),
        "{}",
        out.stdout
    );

    let out = run_cli(&["book", "--file", "no/such/book.bin"], PROMPT);
    assert!(out.status.is_some_and(|s| !s.success()));
    assert!(out.stderr.contains("cannot read book"), "{}", out.stderr);
}

#[test]
fn a_relative_book_path_is_found_beside_the_executable() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let exe_dir = Path::new(common::BIN).parent().expect("the binary's directory").to_path_buf();
    let name = format!("brudno-test-book-{}.bin", std::process::id());
    std::fs::copy(EXTRACT, exe_dir.join(&name)).expect("copying the book beside the binary");
    // Start from an empty working directory so the file cannot be found there.
    let cwd = std::env::temp_dir().join(format!("brudno-book-cwd-{}", std::process::id()));
    std::fs::create_dir_all(&cwd).unwrap();
    let mut child = Command::new(common::BIN)
        .current_dir(&cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting brudno");
    let script = format!(
        "setoption name BookFile value {name}\nsetoption name OwnBook value true\n\
         setoption name BookBestMove value true\nposition startpos moves e2e4 c7c5\ngo depth 20\nquit\n"
    );
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let mut out = String::new();
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    let _ = child.wait();
    let _ = std::fs::remove_file(exe_dir.join(&name));
    let _ = std::fs::remove_dir_all(&cwd);
    assert!(out.lines().any(|l| l == "bestmove g1f3"), "{out}");
    assert!(!out.contains("error"), "{out}");
}

#[test]
fn the_project_book_is_sound() {
    // book/brudno.bin, made by scripts/make_book.py: a few thousand entries, all legal, and following
    // its heaviest moves from the start position stays in the book for several plies.
    let book = Book::open(Path::new("book/brudno.bin")).expect("book/brudno.bin loads");
    assert!(book.len() >= 2000, "{} entries", book.len());
    let mut pos = position(None, &[], false);
    for ply in 0..6 {
        let stored = book.entries(pos.key()).len();
        let legal = book.moves(&pos);
        assert!(stored > 0 && legal.len() == stored, "ply {ply}: {stored} stored, {} legal", legal.len());
        let best = book.pick(&pos, true, 0).expect("a book move");
        pos.make(best.mv);
    }
}
