//! The Polyglot book: the reader against known answers from the shared books (see
//! `tests/data/SOURCES.md`), the UCI options (`OwnBook`, `BookFile`, `BookDepth`, `BookBestMove`),
//! the built-in book (`OwnBook` alone; a `BookFile` in its place) and what it plays, errors for
//! missing and corrupt files, and the `brudno book` command.

mod common;

use brudno::book::{BUILT_IN, Book};
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

/// Replies to 1.e4 that are defences with a name and a literature.
const DEFENCES_TO_E4: &[&str] = &["c7c5", "e7e5", "e7e6", "c7c6", "g8f6", "d7d5", "d7d6", "g7g6", "b8c6"];

/// The note of the built-in book being read.
fn built_in_note() -> String {
    format!("info string book built-in: {} entries", BUILT_IN.len() / 16)
}

/// The move of a `bestmove` line.
fn best_of(line: &str) -> &str {
    line.strip_prefix("bestmove ").and_then(|r| r.split_whitespace().next()).unwrap_or("")
}

#[test]
fn own_book_alone_plays_the_built_in_book() {
    let book = Book::built_in().expect("the built-in book loads");
    let start: Vec<String> = book_moves(&book, None, &[]).into_iter().map(|(m, _)| m).collect();
    let mut e = engine();
    assert_eq!(e.ask("setoption name OwnBook value true"), [built_in_note()]);
    e.ask("position startpos");
    for _ in 0..8 {
        e.send("go wtime 60000 btime 60000");
        let (lines, best) = e.read_until_bestmove();
        let mv = best_of(&best);
        assert!(start.iter().any(|m| m == mv), "{best} is not a book move of the start position: {start:?}");
        let weight = format!("info string book move {mv} weight ");
        assert!(lines.iter().any(|l| l.starts_with(&weight)), "{lines:?}");
        assert!(lines.iter().all(|l| !l.starts_with("info depth") && !l.contains("error")), "{lines:?}");
    }
    // Black's answer to 1.e4 is a defence, from the book.
    e.ask("position startpos moves e2e4");
    for _ in 0..4 {
        e.send("go wtime 60000 btime 60000");
        let (lines, best) = e.read_until_bestmove();
        assert!(DEFENCES_TO_E4.contains(&best_of(&best)), "{best}");
        assert!(lines.iter().any(|l| l.starts_with("info string book move ")), "{lines:?}");
    }
}

#[test]
fn the_built_in_book_starts_as_people_play() {
    assert_eq!(BUILT_IN, std::fs::read("book/brudno.bin").expect("book/brudno.bin").as_slice());
    let book = Book::built_in().expect("the built-in book loads");
    let start = book_moves(&book, None, &[]);
    let mut first: Vec<&str> = start.iter().map(|(m, _)| m.as_str()).collect();
    first.sort_unstable();
    assert_eq!(first, ["c2c4", "d2d4", "e2e4", "g1f3"], "{start:?}");
    let weight = |mv: &str| start.iter().find(|(m, _)| m == mv).map_or(0, |&(_, w)| u32::from(w));
    let total: u32 = start.iter().map(|&(_, w)| u32::from(w)).sum();
    assert!(2 * (weight("e2e4") + weight("d2d4")) > total, "e4 and d4 carry less than half: {start:?}");
    // Every reply to 1.e4 is a known defence, and the heaviest is one of the main four.
    let replies = book_moves(&book, None, &["e2e4"]);
    assert!(replies.len() >= 3, "{replies:?}");
    assert!(replies.iter().all(|(m, _)| DEFENCES_TO_E4.contains(&m.as_str())), "{replies:?}");
    let heaviest = replies.iter().max_by_key(|&&(_, w)| w).map(|(m, _)| m.as_str());
    assert!(matches!(heaviest, Some("c7c5" | "e7e5" | "e7e6" | "c7c6")), "{replies:?}");
    // And to 1.d4, the two main defences are there.
    let replies = book_moves(&book, None, &["d2d4"]);
    for main in ["g8f6", "d7d5"] {
        assert!(replies.iter().any(|(m, _)| m == main), "{main} missing after 1.d4: {replies:?}");
    }
}

#[test]
fn a_book_file_overrides_the_built_in_book() {
    let built_in = Book::built_in().expect("the built-in book loads");
    let mut e = engine();
    assert_eq!(e.ask("setoption name OwnBook value true"), [built_in_note()]);
    // The extract's start position has e2e4, d2d4 and c2c4 of weight 1; the built-in book weighs
    // each of its moves more.
    assert!(book_moves(&built_in, None, &[]).iter().all(|&(_, w)| w > 1));
    let lines = e.ask(&format!("setoption name BookFile value {EXTRACT}"));
    assert_eq!(lines, [format!("info string book {EXTRACT}: 20 entries")]);
    e.ask("position startpos");
    for _ in 0..4 {
        e.send("go wtime 60000 btime 60000");
        let (lines, best) = e.read_until_bestmove();
        let mv = best_of(&best);
        assert!(["e2e4", "d2d4", "c2c4"].contains(&mv), "{best}");
        assert!(lines.contains(&format!("info string book move {mv} weight 1")), "{lines:?}");
    }
    // Emptying BookFile brings the built-in book back.
    assert_eq!(e.ask("setoption name BookFile value <empty>"), [built_in_note()]);
    e.send("go wtime 60000 btime 60000");
    let (lines, best) = e.read_until_bestmove();
    let mv = best_of(&best);
    let (_, w) = book_moves(&built_in, None, &[]).into_iter().find(|(m, _)| m == mv).expect("a built-in move");
    assert!(lines.contains(&format!("info string book move {mv} weight {w}")), "{lines:?}");
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

    // The other order: a file named while the book is off is read (and found missing) when it is
    // switched on, and the built-in book does not stand in for it.
    let mut e2 = engine();
    assert!(e2.ask("setoption name BookFile value no/such/book.bin").is_empty());
    let lines = e2.ask("setoption name OwnBook value true");
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    assert!(lines[0].contains("cannot read book no/such/book.bin") && lines[0].ends_with("playing without a book"));
    e2.ask("position startpos");
    e2.send("go depth 3");
    let (lines, _) = e2.read_until_bestmove();
    assert!(lines.iter().any(|l| l.starts_with("info depth 3")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("book move")), "{lines:?}");

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

    // Without --file: the built-in book.
    let out = run_cli(&["book"], PROMPT);
    assert!(out.status.is_some_and(|s| s.success()), "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.starts_with(&format!("Book: built-in ({} entries)\n", BUILT_IN.len() / 16)), "{}", out.stdout);
    assert!(out.stdout.lines().any(|l| l.starts_with("e2e4 ")), "{}", out.stdout);

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
    // book/brudno.bin (the built-in book), made by scripts/make_book.py: a few thousand entries, all
    // legal, and following its heaviest moves from the start position stays in the book for several plies.
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
