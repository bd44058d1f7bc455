//! The search parameters declared once in `src/search/params.rs` (`tunables!`): `brudno spsa` prints
//! them as OpenBench's SPSA input, the default build announces none of them as options, and a build
//! with `--features tune` takes each as a UCI spin option that changes the search
//! (`cargo test --release --features tune --test tune`, which `.ci/run` runs too).

mod common;

#[cfg(feature = "tune")]
use common::infos;
use common::{Engine, PROMPT, run_cli};

/// One parsed line of `brudno spsa`: name, value, min, max, c_end, r_end.
struct Line {
    name: String,
    value: i64,
    min: i64,
    max: i64,
    step: i64,
    r_end: f64,
}

fn spsa() -> Vec<Line> {
    let out = run_cli(&["spsa"], PROMPT);
    assert!(out.status.is_some_and(|s| s.success()), "{}", out.stderr);
    out.stdout
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(", ").collect();
            assert_eq!(f.len(), 7, "{l}");
            assert_eq!(f[1], "int", "{l}");
            let n = |i: usize| f[i].parse::<i64>().unwrap_or_else(|_| panic!("field {i} of {l}"));
            Line {
                name: f[0].to_string(),
                value: n(2),
                min: n(3),
                max: n(4),
                step: n(5),
                r_end: f[6].parse().expect(l),
            }
        })
        .collect()
}

#[test]
fn spsa_lists_every_search_parameter_with_a_range_around_its_value() {
    let lines = spsa();
    let source = include_str!("../src/search/params.rs");
    assert!(lines.len() >= 20, "{} parameters", lines.len());
    let mut names: Vec<&str> = lines.iter().map(|l| l.name.as_str()).collect();
    for l in &lines {
        assert!(l.min <= l.value && l.value <= l.max, "{} = {} outside {}..={}", l.name, l.value, l.min, l.max);
        assert!(l.step > 0 && l.step <= l.max - l.min, "{}: step {}", l.name, l.step);
        assert!(l.r_end > 0.0 && l.r_end < 1.0);
        // Each is declared in params.rs with exactly this value and range.
        let decl = format!("    {} = {}, {}..={}, step {};", l.name, l.value, l.min, l.max, l.step);
        assert!(source.contains(&decl), "params.rs has no line '{decl}'");
    }
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), lines.len(), "a name twice");
    for name in ["RFP_MARGIN", "LMR_HISTORY_DIVISOR", "DELTA_MARGIN", "ASPIRATION_WINDOW"] {
        assert!(names.contains(&name), "{name} missing");
    }
}

/// Node count of `go depth 9` from the start position in a fresh engine after `setup` commands.
#[cfg(feature = "tune")]
fn nodes_at_depth_9(setup: &[String]) -> u64 {
    let mut e = Engine::spawn();
    e.handshake();
    for line in setup {
        let out = e.ask(line);
        assert!(out.iter().all(|l| !l.contains("error")), "{line}: {out:?}");
    }
    e.send("position startpos");
    e.send("go depth 9");
    let (lines, _) = e.read_until_bestmove();
    infos(&lines).last().and_then(|i| i.nodes).expect("a final info line with nodes")
}

#[cfg(not(feature = "tune"))]
#[test]
fn the_default_build_has_no_parameter_options() {
    let mut e = Engine::spawn();
    let announced = e.handshake().join("\n");
    for l in spsa() {
        assert!(!announced.contains(&format!("option name {} ", l.name)), "{} announced", l.name);
        let out = e.ask(&format!("setoption name {} value {}", l.name, l.value));
        assert!(out.iter().any(|o| o.starts_with("info string error: no such option")), "{}: {out:?}", l.name);
    }
}

#[cfg(feature = "tune")]
#[test]
fn a_tune_build_takes_each_parameter_as_an_option_that_changes_the_search() {
    let mut e = Engine::spawn();
    let announced = e.handshake();
    for l in spsa() {
        let want = format!("option name {} type spin default {} min {} max {}", l.name, l.value, l.min, l.max);
        assert!(announced.contains(&want), "no '{want}'");
        let out = e.ask(&format!("setoption name {} value {}", l.name, l.max + 1));
        assert!(out.iter().any(|o| o.starts_with("info string error:") && o.contains("outside")), "{out:?}");
    }
    let plain = nodes_at_depth_9(&[]);
    assert_eq!(nodes_at_depth_9(&["setoption name RFP_MARGIN value 75".into()]), plain, "the default is the build's");
    let wider =
        nodes_at_depth_9(&["setoption name RFP_MARGIN value 200".into(), "setoption name FP_BASE value 250".into()]);
    assert_ne!(wider, plain, "the margins changed nothing");
    // The LMR table is built when the engine starts; a new divisor set afterwards must reach it.
    let gentler = nodes_at_depth_9(&["setoption name LMR_DIVISOR value 400".into()]);
    assert_ne!(gentler, plain, "the LMR table was not rebuilt for the new divisor");
}
