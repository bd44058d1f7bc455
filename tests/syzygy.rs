//! Syzygy tablebases over UCI, with the 3–4-piece tables in `tests/data/syzygy` (see
//! `tests/data/SOURCES.md`): wins kept and converted to mate, draws held and scored as draws, the
//! root moves filtered by DTZ, probes inside the search, and bad paths reported without a crash.
//! Every move is checked against the tables themselves (read with `shakmaty-syzygy`).
//!
//! The hold/keep positions were chosen because the engine without tables plays a wrong move in them
//! at the same depth (a pawn push that draws, a king move that loses).

mod common;

use common::{Engine, UciScore, assert_bestmove_legal, infos, parse_bestmove, position};
use shakmaty::{Chess, Position as _};
use shakmaty_syzygy::{Tablebase, Wdl};

const TABLES: &str = "tests/data/syzygy";

fn tables() -> Tablebase<Chess> {
    let mut tb = Tablebase::new();
    tb.add_directory(TABLES).expect("the test tables load");
    tb
}

/// The WDL value, for the side to move, of the position after `mv` is played at `fen` — from the
/// mover's view (so `Wdl::Win` means the move keeps a win).
fn wdl_after(tb: &Tablebase<Chess>, fen: &str, mv: &str) -> Wdl {
    let pos = position(Some(fen), &[mv], false);
    if pos.chess().is_checkmate() {
        return Wdl::Win;
    }
    -tb.probe_wdl_after_zeroing(pos.chess()).expect("probe")
}

fn engine_with_tables() -> Engine {
    let mut e = Engine::spawn();
    e.handshake();
    let lines = e.ask(&format!("setoption name SyzygyPath value {TABLES}"));
    assert!(lines.iter().any(|l| l.starts_with("info string Syzygy: 12 table files, up to 4 pieces")), "{lines:?}");
    e
}

/// Searches `fen` to `depth`; returns the bestmove and the last info line's score and tbhits.
fn search(e: &mut Engine, fen: &str, depth: u32) -> (String, UciScore, u64) {
    e.ask(&format!("position fen {fen}"));
    e.send(&format!("go depth {depth}"));
    let (lines, best) = e.read_until_bestmove();
    let best = assert_bestmove_legal(&position(Some(fen), &[], false), &best);
    let last = infos(&lines).pop().expect("an info line");
    let tbhits = lines
        .iter()
        .rev()
        .find_map(|l| l.split_whitespace().skip_while(|w| *w != "tbhits").nth(1).map(|n| n.parse().unwrap()))
        .expect("tbhits in info");
    (best, last.score.expect("a score"), tbhits)
}

#[test]
fn kpvk_draws_are_held() {
    let tb = tables();
    let mut e = engine_with_tables();
    for fen in ["8/8/4k3/1K6/P7/8/8/8 b - - 0 1", "8/8/5k2/8/8/8/4PK2/8 b - - 0 1", "8/8/2k5/8/8/8/3PK3/8 b - - 0 1"] {
        let (best, score, tbhits) = search(&mut e, fen, 6);
        assert_eq!(wdl_after(&tb, fen, &best), Wdl::Draw, "{fen}: {best} loses");
        assert_eq!(score, UciScore::Cp(0), "{fen}");
        assert!(tbhits > 0, "{fen}");
    }
}

#[test]
fn root_moves_keep_the_dtz_win() {
    let tb = tables();
    let mut e = engine_with_tables();
    for fen in ["4K3/8/8/8/3k4/7P/8/8 w - - 0 1", "8/2k5/8/8/5P2/3K4/8/8 w - - 0 1", "8/2k5/8/8/6P1/8/3K4/8 w - - 0 1"]
    {
        let (best, score, _) = search(&mut e, fen, 6);
        assert_eq!(wdl_after(&tb, fen, &best), Wdl::Win, "{fen}: {best} throws the win away");
        assert!(
            matches!(score, UciScore::Cp(cp) if cp > 20_000) || matches!(score, UciScore::Mate(m) if m > 0),
            "{fen}: {score:?}"
        );
    }
}

#[test]
fn krvkr_is_a_draw() {
    let mut e = engine_with_tables();
    let (_, score, tbhits) = search(&mut e, "4k3/8/8/8/8/8/1r6/4K2R w - - 0 1", 8);
    assert_eq!(score, UciScore::Cp(0));
    assert!(tbhits > 0);
}

/// Plays `fen` out with the engine on both sides; returns the moves, failing if the winner ever
/// lets the win go or the game is not mate within `max_plies`.
fn play_out(e: &mut Engine, tb: &Tablebase<Chess>, fen: &str, max_plies: usize) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    loop {
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        let pos = position(Some(fen), &refs, false);
        if pos.chess().is_checkmate() {
            return moves;
        }
        assert!(moves.len() < max_plies, "{fen}: no mate after {moves:?}");
        let winner_to_move = moves.len().is_multiple_of(2);
        e.ask(&format!("position fen {fen} moves {}", moves.join(" ")));
        e.send("go depth 8");
        let (_, line) = e.read_until_bestmove();
        let best = assert_bestmove_legal(&pos, &line);
        if winner_to_move {
            let mut after = pos.chess().clone();
            after.play_unchecked(pos.parse_move(&best).unwrap());
            if !after.is_checkmate() {
                let wdl = tb.probe_wdl(&after).expect("probe");
                assert_eq!(wdl.unambiguous(), Some(Wdl::Loss), "{fen}: {best} after {moves:?} lets the win go");
            }
        }
        moves.push(parse_bestmove(&line).0);
    }
}

#[test]
fn kqvk_and_krvk_are_won_and_mated() {
    let tb = tables();
    let mut e = engine_with_tables();
    play_out(&mut e, &tb, "8/8/8/4k3/8/8/8/3QK3 w - - 0 1", 60);
    play_out(&mut e, &tb, "8/8/8/3k4/8/8/8/R3K3 w - - 0 1", 80);
}

#[test]
fn the_search_probes_after_captures() {
    // KQvKP has no table here, so the root is not ranked; capturing the pawn reaches KQvK, which
    // the search's WDL probe scores as a tablebase win.
    let mut e = engine_with_tables();
    let fen = "8/8/8/4k3/8/8/3p4/3QK3 w - - 0 1";
    let (_, score, tbhits) = search(&mut e, fen, 6);
    assert!(matches!(score, UciScore::Cp(cp) if cp > 20_000), "{score:?}");
    assert!(tbhits > 0);
    // With SyzygyProbeLimit 0 nothing is probed.
    e.ask("setoption name SyzygyProbeLimit value 0");
    let (_, score, tbhits) = search(&mut e, fen, 6);
    assert_eq!(tbhits, 0);
    assert!(matches!(score, UciScore::Cp(cp) if cp < 20_000), "{score:?}");
}

#[test]
fn bad_paths_are_errors_and_play_goes_on() {
    let mut e = Engine::spawn();
    let lines = e.handshake();
    for want in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
        "option name Syzygy50MoveRule type check default true",
    ] {
        assert!(lines.iter().any(|l| l == want), "missing '{want}'");
    }
    let lines = e.ask("setoption name SyzygyPath value /no/such/dir");
    assert!(!lines.is_empty() && lines.iter().all(|l| l.starts_with("info string error: SyzygyPath")), "{lines:?}");
    // A file is not a directory.
    let lines = e.ask("setoption name SyzygyPath value Cargo.toml");
    assert!(lines.iter().any(|l| l.starts_with("info string error:")), "{lines:?}");
    // One bad directory among good ones: the good tables are used, the bad one reported.
    let lines = e.ask(&format!("setoption name SyzygyPath value /no/such/dir:{TABLES}"));
    assert_eq!(lines.iter().filter(|l| l.starts_with("info string error:")).count(), 1, "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("12 table files")), "{lines:?}");
    assert!(e.ask("setoption name SyzygyPath value <empty>").is_empty());
    let (best, _, tbhits) = search(&mut e, "8/8/8/4k3/8/8/8/3QK3 w - - 0 1", 5);
    assert_eq!(tbhits, 0);
    assert!(!best.is_empty());
}

#[test]
fn corrupt_tables_are_reported_and_skipped() {
    // Good KQvK tables beside a KRvK WDL table with a plausible size but a wrong header, and a
    // truncated KRvK DTZ table: both reported by name, the KQvK tables used, KRvK searched without
    // tables.
    let dir = std::env::temp_dir().join(format!("brudno-syzygy-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["KQvK.rtbw", "KQvK.rtbz"] {
        std::fs::copy(format!("{TABLES}/{f}"), dir.join(f)).unwrap();
    }
    std::fs::write(dir.join("KRvK.rtbw"), [0u8; 80]).unwrap();
    std::fs::write(dir.join("KRvK.rtbz"), [0xd7, 0x66]).unwrap();
    let mut e = Engine::spawn();
    e.handshake();
    let lines = e.ask(&format!("setoption name SyzygyPath value {}", dir.display()));
    let errors: Vec<_> = lines.iter().filter(|l| l.starts_with("info string error: SyzygyPath")).collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    assert!(
        errors.iter().any(|l| l.contains("KRvK.rtbw")) && errors.iter().any(|l| l.contains("KRvK.rtbz")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.starts_with("info string Syzygy: 2 table files, up to 3 pieces")), "{lines:?}");
    let (_, score, tbhits) = search(&mut e, "8/8/8/4k3/8/8/8/3QK3 w - - 0 1", 5);
    assert!(
        tbhits > 0 && matches!(score, UciScore::Cp(cp) if cp > 10_000) || matches!(score, UciScore::Mate(_)),
        "{score:?}"
    );
    let (best, _, tbhits) = search(&mut e, "8/8/8/4k3/8/8/8/3RK3 w - - 0 1", 5);
    assert_eq!(tbhits, 0);
    assert!(!best.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}
