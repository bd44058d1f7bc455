//! Every option the engine announces, through the real binary: each is set to its default and to
//! another value in a fresh engine, no error line is printed, and where the value shows it is read
//! back — in `debug on`'s notes (`info string limits: ...`, `info string search: hash 16 MB ...`), in
//! a short search's lines, in `go perft`'s castling notation, in the book's and the tablebases' notes,
//! in the debug log file.
//! The options come from the `uci` answer, so an option added later is tested too (a text option
//! needs a test value here).

mod common;

use common::{Engine, infos};

/// Polyglot book and tablebase directory of the repository, used as non-default text values.
const BOOK: &str = "book/brudno.bin";
const TABLES: &str = "tests/data/syzygy";
/// Entries of the built-in book (book/brudno.bin as compiled in).
const BUILT_IN_ENTRIES: usize = brudno::book::BUILT_IN.len() / 16;
/// The start position at move 9 (game ply 16): in the book, but only while `BookDepth` exceeds 16.
const STARTPOS_PLY_16: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 9";

/// The debug log file of this test run (in the temporary directory), used as a non-default text value.
fn log_file() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("brudno-options-{}.log", std::process::id()))
}

/// An option as the engine announces it.
#[derive(Debug)]
struct Announced {
    name: String,
    kind: String,
    default: Option<String>,
    max: Option<i64>,
}

/// The `option name ... type ...` lines of the `uci` answer.
fn announced(lines: &[String]) -> Vec<Announced> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("option name "))
        .map(|rest| {
            let (name, spec) = rest.split_once(" type ").unwrap_or_else(|| panic!("no type in '{rest}'"));
            let words: Vec<&str> = spec.split_whitespace().collect();
            let after = |key: &str| words.iter().position(|w| *w == key).and_then(|i| words.get(i + 1)).copied();
            Announced {
                name: name.to_string(),
                kind: words[0].to_string(),
                default: after("default").map(str::to_string),
                max: after("max").and_then(|m| m.parse().ok()),
            }
        })
        .collect()
}

/// A value other than the default (`None` for a button, which takes none).
fn other_value(o: &Announced) -> Option<String> {
    let default = o.default.as_deref().unwrap_or("");
    match o.kind.as_str() {
        "button" => None,
        "check" => Some((default != "true").to_string()),
        "spin" => {
            let d: i64 = default.parse().unwrap_or_else(|_| panic!("{o:?}: default is no number"));
            Some(if o.max.is_some_and(|max| d < max) { d + 1 } else { d - 1 }.to_string())
        }
        "string" => Some(
            match o.name.as_str() {
                "BookFile" => BOOK,
                "SyzygyPath" => TABLES,
                "Debug Log File" => return Some(log_file().display().to_string()),
                other => panic!("no test value for the text option '{other}': add one in other_value"),
            }
            .to_string(),
        ),
        other => panic!("{o:?}: unknown option type '{other}'"),
    }
}

/// Sends `cmd` and returns every line it printed.
fn ask(e: &mut Engine, said: &mut Vec<String>, cmd: &str) -> Vec<String> {
    let lines = e.ask(cmd);
    said.extend(lines.iter().cloned());
    lines
}

/// Sends `go ...` and returns its lines through the bestmove.
fn search(e: &mut Engine, said: &mut Vec<String>, go: &str) -> Vec<String> {
    e.send(go);
    let (mut lines, best) = e.read_until_bestmove();
    lines.push(best);
    said.extend(lines.iter().cloned());
    lines
}

/// The `info string <what>: ...` note among `lines`.
fn note<'a>(lines: &'a [String], what: &str) -> &'a str {
    let prefix = format!("info string {what}: ");
    lines.iter().find(|l| l.starts_with(&prefix)).unwrap_or_else(|| panic!("no '{prefix}' line in {lines:?}"))
}

/// Whether a `info string book move` line is among `lines`.
fn book_move(lines: &[String]) -> bool {
    lines.iter().any(|l| l.starts_with("info string book move "))
}

/// Sets option `o` to `value` (pressed, for a button) in a fresh engine, after whatever makes its
/// effect show, reads the effect back where it shows, and returns every line printed after `uci`.
fn set_and_observe(o: &Announced, value: Option<&str>) -> Vec<String> {
    let mut e = Engine::spawn();
    e.handshake();
    let mut said = Vec::new();
    let name = o.name.as_str();
    let before: &[&str] = match name {
        "UCI_Elo" => &["setoption name UCI_LimitStrength value true"],
        "BookFile" | "BookDepth" | "BookBestMove" => &["setoption name OwnBook value true"],
        "SyzygyProbeDepth" | "SyzygyProbeLimit" | "Syzygy50MoveRule" => {
            &["setoption name SyzygyPath value tests/data/syzygy"]
        }
        _ => &[],
    };
    if name == "Debug Log File" {
        let _ = std::fs::remove_file(log_file());
    }
    for cmd in before.iter().chain(&["debug on"]) {
        ask(&mut e, &mut said, cmd);
    }
    let set = match value {
        Some(v) => ask(&mut e, &mut said, &format!("setoption name {name} value {v}")),
        None => ask(&mut e, &mut said, &format!("setoption name {name}")),
    };
    assert!(set.iter().all(|l| l.starts_with("info string ")), "setoption {name}: {set:?}");
    let v = value.unwrap_or("");
    let on = v == "true";
    match name {
        "Hash" => assert!(note(&search(&mut e, &mut said, "go depth 1"), "search").contains(&format!("hash {v} MB "))),
        "Threads" => {
            assert!(note(&search(&mut e, &mut said, "go depth 1"), "search").contains(&format!(" threads {v} ")))
        }
        "Move Overhead" => {
            assert!(note(&search(&mut e, &mut said, "go depth 1"), "search").ends_with(&format!(" overhead {v} ms")))
        }
        "nodestime" => {
            let lines = search(&mut e, &mut said, "go wtime 1000 btime 1000");
            let want = if v == "0" { "nodestime -".to_string() } else { format!("nodestime {v} nodes/ms") };
            assert!(note(&lines, "limits").ends_with(&want), "{lines:?}");
        }
        "MultiPV" => {
            let lines = search(&mut e, &mut said, "go depth 2");
            let lines_at_2 = infos(&lines).iter().filter(|i| i.depth == Some(2)).filter_map(|i| i.multipv).max();
            assert_eq!(lines_at_2.map(|n| n.to_string()).as_deref(), Some(v), "{lines:?}");
        }
        "UCI_Chess960" => {
            ask(&mut e, &mut said, "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
            let perft = ask(&mut e, &mut said, "go perft 1");
            let castle = if on { "e1h1: 1" } else { "e1g1: 1" };
            assert!(perft.iter().any(|l| l == castle), "{perft:?}");
        }
        "UCI_ShowWDL" => {
            let lines = search(&mut e, &mut said, "go depth 2");
            assert_eq!(lines.iter().any(|l| l.starts_with("info depth") && l.contains(" wdl ")), on, "{lines:?}");
        }
        "UCI_LimitStrength" => {
            let lines = search(&mut e, &mut said, "go depth 1");
            assert_eq!(note(&lines, "limits").contains("strength -"), !on, "{lines:?}");
        }
        "UCI_Elo" => {
            let lines = search(&mut e, &mut said, "go depth 1");
            assert!(note(&lines, "limits").contains(&format!("strength {v} Elo")), "{lines:?}");
        }
        // 20 is full strength; below, a level on UCI_Elo's ladder (UCI_LimitStrength is off).
        "Skill Level" => {
            let lines = search(&mut e, &mut said, "go depth 1");
            let skill: i64 = v.parse().expect("a number");
            let want = match skill {
                20 => "strength -".to_string(),
                s => format!("strength {} Elo", brudno::search::strength::skill_elo(s)),
            };
            assert!(note(&lines, "limits").contains(&want), "{want}: {lines:?}");
        }
        // OwnBook alone reads the built-in book; with OwnBook on (set before), BookFile's default keeps
        // the built-in book (nothing new is read) and a file is read in its place.
        "OwnBook" => {
            assert_eq!(set.iter().any(|l| l == &format!("info string book built-in: {BUILT_IN_ENTRIES} entries")), on);
            assert_eq!(book_move(&search(&mut e, &mut said, "go depth 2")), on);
        }
        "BookFile" => {
            assert_eq!(set.iter().any(|l| l.starts_with(&format!("info string book {BOOK}: "))), v == BOOK, "{set:?}");
            assert!(book_move(&search(&mut e, &mut said, "go depth 2")));
        }
        "BookDepth" => {
            ask(&mut e, &mut said, &format!("position fen {STARTPOS_PLY_16}"));
            let deeper = v.parse::<u32>().is_ok_and(|d| d > 16);
            assert_eq!(book_move(&search(&mut e, &mut said, "go depth 2")), deeper);
        }
        "BookBestMove" => assert!(book_move(&search(&mut e, &mut said, "go depth 2"))),
        "SyzygyPath" => {
            assert_eq!(set.iter().any(|l| l.starts_with("info string Syzygy: 12 table files")), v == TABLES, "{set:?}");
        }
        "Debug Log File" => {
            let lines = search(&mut e, &mut said, "go depth 1");
            let logged = std::fs::read_to_string(log_file()).unwrap_or_default();
            let _ = std::fs::remove_file(log_file());
            let best = lines.last().expect("the bestmove line");
            assert_eq!(logged.lines().any(|l| l == format!("<< {best}")), v != "<empty>", "{v}: {logged}");
        }
        // No effect to read back (Clear Hash, Ponder, the tablebase probe settings): the engine
        // accepts the value and still searches.
        _ => {
            search(&mut e, &mut said, "go depth 2");
        }
    }
    said
}

#[test]
fn every_option_takes_its_default_and_another_value_without_error() {
    let mut e = Engine::spawn();
    let options = announced(&e.handshake());
    for name in ["Hash", "Threads", "MultiPV", "UCI_ShowWDL", "nodestime", "SyzygyPath", "OwnBook", "BookFile"] {
        assert!(options.iter().any(|o| o.name == name), "'{name}' is not announced: {options:?}");
    }
    for o in &options {
        let values = match o.kind.as_str() {
            "button" => vec![None],
            _ => vec![o.default.clone(), other_value(o)],
        };
        for value in values {
            let said = set_and_observe(o, value.as_deref());
            let errors: Vec<&String> = said.iter().filter(|l| l.starts_with("info string error")).collect();
            assert!(errors.is_empty(), "{} = {value:?}: {errors:?}", o.name);
        }
    }
}
