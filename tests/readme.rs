//! README.md's CLI reference is the binary's own help: each `brudno ... --help` output appears in it
//! verbatim (regenerate with `scripts/cli-reference.sh`).
//! Its opening-book example is the binary's `brudno book` output, and its note gives the built-in
//! book's entries. README's account of how the evaluation's weights were made is the one
//! `src/eval/params.rs` records, and `scripts/tune-data` agrees.

use std::process::Command;

#[test]
fn readme_cli_reference_matches_the_help() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    let commands: [&[&str]; 14] = [
        &[],
        &["perft"],
        &["bench"],
        &["epd"],
        &["stats"],
        &["tree"],
        &["eval"],
        &["datagen"],
        &["book"],
        &["spsa"],
        &["tune"],
        &["tune", "extract"],
        &["tune", "fit"],
        &["tune", "wdl"],
    ];
    for words in commands {
        let out = Command::new(env!("CARGO_BIN_EXE_brudno")).args(words).arg("--help").output().expect("run brudno");
        assert!(out.status.success(), "brudno {words:?} --help failed");
        let help = String::from_utf8(out.stdout).expect("utf-8 help");
        let block = format!("```text\n{help}```");
        assert!(
            readme.contains(&block),
            "README.md's help of `brudno {}` is stale: run scripts/cli-reference.sh",
            words.join(" ")
        );
    }
}

#[test]
fn readme_shows_the_built_in_book_as_it_is() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    let out = Command::new(env!("CARGO_BIN_EXE_brudno")).arg("book").output().expect("run brudno book");
    assert!(out.status.success());
    let shown = format!("```text\n$ brudno book\n{}```", String::from_utf8(out.stdout).expect("utf-8"));
    assert!(readme.contains(&shown), "README.md's `brudno book` example is stale; it is now:\n{shown}");
    let note = format!("`info string book built-in: {} entries`", brudno::book::BUILT_IN.len() / 16);
    assert!(readme.contains(&note), "README.md does not give the built-in book's note {note}");
}

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The first word of `text`, without trailing punctuation or quotes.
fn first_word(text: &str) -> &str {
    text.split_whitespace().next().unwrap_or("").trim_end_matches([',', '.', '`', ')'])
}

/// The word after `key` in `text`.
fn after<'a>(text: &'a str, key: &str) -> &'a str {
    first_word(text.split(key).nth(1).unwrap_or_else(|| panic!("no '{key}' in: {text}")))
}

#[test]
fn readme_and_tune_data_tell_how_the_committed_weights_were_made() {
    // `brudno tune fit` writes its data and fit into the header of the file it generates.
    let params = read("src/eval/params.rs");
    let header: Vec<&str> = params.lines().filter_map(|l| l.strip_prefix("//!")).map(str::trim).collect();
    let header = header.join(" ");
    let readme = read("README.md");
    let section = readme.split("### How the weights were made").nth(1).expect("README: How the weights were made");
    let section = section.split("\n### ").next().unwrap_or(section);
    let fit = section.lines().skip_while(|l| !l.starts_with("brudno tune fit")).take(2).collect::<Vec<_>>().join(" ");
    // The fit README gives is the one recorded: start, target, epochs, step and L2.
    assert_eq!(after(&fit, "--init "), after(&header, "start `--init "), "{fit}\n{header}");
    assert_eq!(after(&fit, "--lambda "), after(&header, "lambda "), "{fit}\n{header}");
    let epochs = header.split(" Adam epochs").next().and_then(|h| h.split_whitespace().last()).unwrap_or("");
    assert_eq!(after(&fit, "--epochs "), epochs, "{fit}\n{header}");
    assert_eq!(after(&fit, "--lr "), after(&header, "step "), "{fit}\n{header}");
    assert_eq!(after(&fit, "--reg "), after(&header, "L2 "), "{fit}\n{header}");
    // And so is the data: each datagen run, and the number of positions.
    let seeds: Vec<&str> = header.split("--seed ").skip(1).map(first_word).collect();
    assert!(!seeds.is_empty(), "{header}");
    for seed in seeds {
        let run = header.split("brudno datagen").find(|r| r.contains(&format!("--seed {seed}"))).unwrap_or("");
        let line = section.lines().find(|l| l.contains(&format!("--seed {seed}"))).unwrap_or_else(|| panic!("{seed}"));
        for key in ["--games ", "--threads ", "--nodes "] {
            assert_eq!(after(line, key), after(run, key), "{key}in {line}");
        }
    }
    let positions = after(&header, "Fit: ");
    assert!(positions.parse::<u64>().is_ok(), "{header}");
    let spaced = positions.as_bytes().rchunks(3).rev().map(|c| std::str::from_utf8(c).unwrap()).collect::<Vec<_>>();
    assert!(section.contains(&format!("on {} self-play positions", spaced.join(" "))), "{positions}");
    // scripts/tune-data made only the first fit, and says so: the committed one is README's.
    let script = read("scripts/tune-data");
    assert!(
        script.contains(&format!("--init {}", after(&fit, "--init "))) && script.contains("How the weights were made")
    );
    assert!(script.contains(&spaced.join(" ")), "scripts/tune-data does not give the committed fit's data");
}
