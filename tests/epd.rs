//! `brudno epd` through the real binary, on small EPD files written to the temporary folder: `bm` and
//! `am` moves are read in SAN and in UCI notation; a move not played is a FAIL that shows what was
//! expected; an operation that cannot be read is an error line and not solved; a record with nothing
//! to test is skipped and said to be; with several threads, results print in input order.

mod common;

use common::{CliOutput, position, run_cli};
use std::time::Duration;

/// Upper bound for a small suite at a small depth (guards against hangs only).
const RUN: Duration = Duration::from_secs(120);

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
/// White mates with Ra8 (a1a8), the only mate.
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - -";
const MIDDLEGAME: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - -";

/// Writes `records` (one per line) to a temporary EPD file named after `name`, runs
/// `brudno epd FILE --depth <depth>` with `args`, and returns the output lines; asserts success.
fn epd(name: &str, records: &[String], depth: u32, args: &[&str]) -> Vec<String> {
    let path = std::env::temp_dir().join(format!("brudno-epd-{}-{name}.epd", std::process::id()));
    std::fs::write(&path, records.join("\n") + "\n").unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
    let file = path.to_string_lossy().into_owned();
    let depth = depth.to_string();
    let mut all = vec!["epd", file.as_str(), "--depth", depth.as_str(), "--hash", "1"];
    all.extend_from_slice(args);
    let CliOutput { status, stdout, stderr } = run_cli(&all, RUN);
    let _ = std::fs::remove_file(&path);
    assert!(status.is_some_and(|s| s.success()), "epd {args:?} failed:\n{stdout}\n{stderr}");
    stdout.lines().map(str::to_string).collect()
}

fn record(fen: &str, ops: &str, id: &str) -> String {
    format!("{fen} {ops} id \"{id}\";")
}

/// The words of the line for record `id` (its second word).
fn line_of<'a>(lines: &'a [String], id: &str) -> Vec<&'a str> {
    let found: Vec<&String> = lines.iter().filter(|l| l.split_whitespace().nth(1) == Some(id)).collect();
    assert_eq!(found.len(), 1, "one line for '{id}': {lines:?}");
    found[0].split_whitespace().collect()
}

fn word_after<'a>(words: &[&'a str], key: &str) -> &'a str {
    let i = words.iter().position(|w| *w == key).unwrap_or_else(|| panic!("no '{key}' in {words:?}"));
    words.get(i + 1).copied().unwrap_or_else(|| panic!("nothing after '{key}' in {words:?}"))
}

#[test]
fn a_uci_bm_not_played_fails_and_shows_what_was_expected() {
    // The reported bug: `bm b1a3` could not be read, was dropped, and the record counted as solved.
    let lines = epd("uci-bm", &[record(START, "bm b1a3;", "knight")], 3, &[]);
    assert_eq!(lines.len(), 2, "{lines:?}");
    let words = line_of(&lines, "knight");
    assert_eq!(words[0], "FAIL", "{lines:?}");
    let played = word_after(&words, "played");
    assert_ne!(played, "b1a3", "the depth-3 move from the start is not Na3: {lines:?}");
    common::assert_bestmove_legal(&position(None, &[], false), &format!("bestmove {played}"));
    assert_eq!(word_after(&words, "expected"), "bm", "{lines:?}");
    assert!(lines[0].contains("expected bm b1a3 (score cp "), "{lines:?}");
    assert_eq!(lines[1], "Solved 0/1 at depth 3 per position");
}

#[test]
fn bm_and_am_in_san_or_uci_and_dm() {
    let records = [
        record(BACK_RANK, "bm Ra8#;", "san"),
        record(BACK_RANK, "bm a1a8;", "uci"),
        record(BACK_RANK, "bm Kf1 Ra8+;", "either"),
        record(BACK_RANK, "am Ra8;", "avoid"),
        record(BACK_RANK, "am g1f1; bm h2h3;", "both"),
        record(BACK_RANK, "dm 1;", "mate"),
        record(START, "bm O-O;", "castle"),
    ];
    let lines = epd("ops", &records, 3, &[]);
    for id in ["san", "uci", "either", "mate"] {
        let words = line_of(&lines, id);
        assert_eq!((words[0], word_after(&words, "played")), ("ok", "a1a8"), "{id}: {lines:?}");
    }
    // The mate is the move to avoid: a FAIL naming it, with the score found.
    let avoid = line_of(&lines, "avoid");
    assert_eq!(avoid[0], "FAIL");
    assert!(avoid.join(" ").contains("played a1a8 expected am Ra8 (score mate 1)"), "{avoid:?}");
    let both = line_of(&lines, "both").join(" ");
    assert!(both.starts_with("FAIL ") && both.contains("expected bm h2h3; am g1f1"), "{both}");
    // Castling is not legal at the start: the operation cannot be read.
    assert_eq!(line_of(&lines, "castle")[0], "ERROR");
    assert_eq!(lines.last().map(String::as_str), Some("Solved 4/7 at depth 3 per position; 1 unreadable (not solved)"));
}

#[test]
fn unreadable_records_are_errors_and_not_solved() {
    let records = [
        (record(START, "bm Zz9;", "nonsense"), "bm 'Zz9' is not a legal move here"),
        (record(START, "bm e2e5;", "illegal-uci"), "bm 'e2e5' is not a legal move here"),
        (record(START, "bm e4; am Ke2;", "illegal-am"), "am 'Ke2' is not a legal move here"),
        (record(BACK_RANK, "dm x;", "dm-word"), "dm 'x' is not a number"),
        (record(BACK_RANK, "bm;", "no-move"), "bm with no move"),
        (record("8/8/8/8/8/8/8/8 w - -", "bm Ke2;", "no-kings"), "impossible position"),
        (record("not a fen", "bm e4;", "no-fen"), "invalid FEN"),
    ];
    let lines = epd("unreadable", &records.iter().map(|(r, _)| r.clone()).collect::<Vec<_>>(), 2, &[]);
    assert_eq!(lines.len(), records.len() + 1, "{lines:?}");
    for ((_, why), line) in records.iter().zip(&lines) {
        assert!(line.starts_with("ERROR ") && line.contains(why), "'{why}' in {line}");
        assert!(!line.contains("played"), "an unreadable record is not searched: {line}");
    }
    assert_eq!(lines.last().map(String::as_str), Some("Solved 0/7 at depth 2 per position; 7 unreadable (not solved)"));
}

#[test]
fn records_with_nothing_to_test_are_skipped() {
    let records =
        [record(START, "c0 \"no test here\";", "empty"), record(BACK_RANK, "bm Ra8;", "mate"), START.to_string()];
    let lines = epd("skipped", &records, 2, &[]);
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["skip", "empty", "no", "bm,", "am", "or", "dm"]);
    assert_eq!(line_of(&lines, "mate")[0], "ok");
    assert!(lines[2].starts_with("skip  line 3 "), "a record without id is named by its line: {lines:?}");
    assert_eq!(lines[3], "Solved 1/1 at depth 2 per position; 2 skipped (no bm, am or dm)");
}

#[test]
fn with_threads_results_print_in_input_order() {
    // A slow record first, quick ones after: on two threads the quick ones finish first.
    let mut records = vec![record(MIDDLEGAME, "am a1a2;", "r00")];
    for i in 1..12 {
        let (fen, ops) = if i % 3 == 0 { (START, "bm Zz9;") } else { (BACK_RANK, "bm Ra8#;") };
        records.push(record(fen, ops, &format!("r{i:02}")));
    }
    for threads in ["1", "2"] {
        let lines = epd(&format!("order{threads}"), &records, 9, &["--threads", threads]);
        let ids: Vec<&str> = lines.iter().filter_map(|l| l.split_whitespace().nth(1)).take(records.len()).collect();
        let want: Vec<String> = (0..12).map(|i| format!("r{i:02}")).collect();
        assert_eq!(ids, want, "threads {threads}: {lines:?}");
        assert!(
            lines[12].starts_with("Solved ") && lines[12].contains("/12 at depth 9 per position; 3 unreadable"),
            "{lines:?}"
        );
    }
}
