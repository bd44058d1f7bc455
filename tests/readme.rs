//! README.md's CLI reference is the binary's own help: each `brudno ... --help` output appears in it
//! verbatim (regenerate with `scripts/cli-reference.sh`).
//! Its opening-book example is the binary's `brudno book` output, and its note gives the built-in
//! book's entries.

use std::process::Command;

#[test]
fn readme_cli_reference_matches_the_help() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    let commands: [&[&str]; 13] = [
        &[],
        &["perft"],
        &["bench"],
        &["epd"],
        &["stats"],
        &["tree"],
        &["eval"],
        &["datagen"],
        &["book"],
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
