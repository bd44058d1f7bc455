//! `position` over the real binary: what a FEN says that the position cannot have (castling rights,
//! an en-passant square) is dropped with a note, and a `position` that cannot be used at all leaves
//! the engine with no position, so that a `go` answers `bestmove 0000` with an error instead of a
//! move for some other position; the next usable `position` brings one back.

mod common;

use common::{Engine, PROMPT, STARTPOS, assert_bestmove_legal, position};

const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

/// A fresh engine after the `uci` handshake.
fn engine() -> Engine {
    let mut e = Engine::spawn();
    e.handshake();
    e
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("info string error: ")).collect()
}

fn notes(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("info string ") && !l.starts_with("info string error")).collect()
}

/// Sends `go depth <d>`; returns the lines before the bestmove and the bestmove line, having proved
/// with `isready` that no second bestmove follows.
fn go(e: &mut Engine, depth: u32) -> (Vec<String>, String) {
    e.send(&format!("go depth {depth}"));
    let (lines, best) = e.read_until_bestmove();
    let after = e.sync();
    assert!(after.iter().all(|l| !l.starts_with("bestmove")), "a second bestmove: {after:?}");
    (lines, best)
}

/// The engine has no position: `go` says why and answers `bestmove 0000` with nothing searched, and
/// `d`, `eval` and `go perft` each give one error line. `why` is part of every error.
fn assert_no_position(e: &mut Engine, why: &str) {
    let (lines, best) = go(e, 3);
    assert_eq!(best, "bestmove 0000", "{lines:?}");
    assert_eq!(lines.len(), 1, "only the error before the bestmove: {lines:?}");
    assert!(lines[0].starts_with("info string error: no position to search: ") && lines[0].contains(why), "{lines:?}");
    for cmd in ["d", "eval", "go perft 2"] {
        let lines = e.ask(cmd);
        assert_eq!(errors(&lines).len(), 1, "'{cmd}' with no position: {lines:?}");
        assert_eq!(lines.len(), 1, "'{cmd}' with no position: {lines:?}");
        assert!(lines[0].contains(why), "'{cmd}': {lines:?}");
    }
}

/// `position startpos` after an unusable position brings a position back, and a search from it.
fn assert_startpos_restores(e: &mut Engine) {
    let lines = e.ask("position startpos");
    assert!(lines.is_empty(), "{lines:?}");
    assert_eq!(e.fen(), STARTPOS);
    let (lines, best) = go(e, 3);
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_bestmove_legal(&position(None, &[], false), &best);
}

#[test]
fn stale_castling_rights_are_dropped_with_a_note() {
    let mut e = engine();
    let stale = "4k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1";
    let lines = e.ask(&format!("position fen {stale}"));
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_eq!(
        lines,
        vec!["info string fen: dropped castling rights Kkq (no king and rook on their squares for them), kept Q"]
    );
    let mended = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    assert_eq!(e.fen(), mended);
    // The search is from the mended position (the bug: a start-position move such as d2d4).
    let (lines, best) = go(&mut e, 4);
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_bestmove_legal(&position(Some(mended), &[], false), &best);
    // The right that holds is kept and can be used.
    e.send(&format!("position fen {stale} moves e1c1"));
    assert_eq!(e.fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // In a standard game a king off e1 has no rights, though Chess960 would allow them here: none is
    // kept, and no castling move (king takes rook) is generated.
    let moved = "4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1";
    let lines = e.ask(&format!("position fen {moved}"));
    assert_eq!(notes(&lines).len(), 1, "{lines:?}");
    assert!(notes(&lines)[0].contains("dropped castling rights KQ ") && notes(&lines)[0].ends_with("kept -"));
    assert_eq!(e.fen(), "4k3/8/8/8/8/8/8/R2K3R w - - 0 1");
    let perft = e.ask("go perft 1");
    assert!(perft.iter().all(|l| !l.starts_with("d1h1") && !l.starts_with("d1a1")), "{perft:?}");
    assert_eq!(perft.last().map(String::as_str), Some("Nodes searched: 24"), "{perft:?}");
    // With UCI_Chess960 on, the same rights are right as written.
    assert!(e.ask("setoption name UCI_Chess960 value true").is_empty());
    assert!(e.ask(&format!("position fen {moved}")).is_empty());
    let perft = e.ask("go perft 1");
    assert!(perft.iter().any(|l| l == "d1h1: 1") && perft.iter().any(|l| l == "d1a1: 1"), "{perft:?}");
}

#[test]
fn a_bad_en_passant_square_is_dropped_with_a_note() {
    let mut e = engine();
    // With White to move an en-passant square is on the sixth rank, never e3; with Black to move, e3
    // needs a white pawn on e4 that has just made a double step.
    for (fen, mended) in [
        ("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        ),
    ] {
        let lines = e.ask(&format!("position fen {fen}"));
        assert!(errors(&lines).is_empty(), "{fen}: {lines:?}");
        assert_eq!(notes(&lines).len(), 1, "{fen}: {lines:?}");
        assert!(notes(&lines)[0].starts_with("info string fen: dropped en-passant square e3"), "{lines:?}");
        assert_eq!(e.fen(), mended);
        let (lines, best) = go(&mut e, 3);
        assert!(errors(&lines).is_empty(), "{lines:?}");
        assert_bestmove_legal(&position(Some(mended), &[], false), &best);
    }
    // A real double step that no pawn can capture is no fault: no note; it plays no part.
    let lines = e.ask(&format!("position fen {AFTER_E4}").replace(" - 0 1", " e3 0 1"));
    assert!(lines.is_empty(), "{lines:?}");
    assert_eq!(e.fen(), AFTER_E4);
    // One that can be captured is kept.
    let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert!(e.ask(&format!("position fen {ep} moves e5f6")).is_empty());
    assert_eq!(e.fen(), "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
}

#[test]
fn an_unusable_fen_leaves_no_position() {
    let mut e = engine();
    for (bad, why) in [
        ("position fen not a fen at all", "invalid FEN"),
        ("position fen 8/8/8/8/8/8/8/8 w - - 0 1", "empty board"),
        ("position fen 8/8/8/3Q4/8/8/8/8 w - - 0 1", "missing king"),
        ("position fen k7/8/8/8/8/8/8/K6K w - - 0 1", "too many kings"),
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "invalid FEN"),
        ("position fen 4k3/8/8/8/8/8/8/4K2R b K - 0 1 trailing", "invalid FEN"),
        // The side not to move in check, and stale castling rights beside it: only the check is named.
        ("position fen 4k3/4Q3/8/8/8/8/8/R3K3 w KQkq - 0 1", "opposite check"),
        // Lines the parser cannot read are positions that cannot be used too.
        ("position fen", "missing FEN"),
        ("position", "missing startpos or fen"),
        ("position fen moves e2e4", "missing FEN"),
        ("position somewhere", "unexpected 'somewhere'"),
        ("position startpos e2e4", "unexpected 'e2e4'"),
    ] {
        assert!(e.ask("position startpos moves e2e4").is_empty());
        let lines = e.ask(bad);
        assert_eq!(lines.len(), 1, "'{bad}' should give one line: {lines:?}");
        assert!(lines[0].starts_with("info string error: ") && lines[0].contains(why), "'{bad}': {lines:?}");
        assert_no_position(&mut e, why);
    }
    assert_startpos_restores(&mut e);
}

#[test]
fn an_illegal_move_leaves_no_position() {
    let mut e = engine();
    let promote = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
    for (bad, why) in [
        // Stockfish would stop at the first bad move and search after e2e4; that is not the game the
        // GUI sent, so there is no position.
        ("position startpos moves e2e4 e2e4".to_string(), "illegal move 'e2e4' (move 2)"),
        ("position startpos moves e2e4 zz9 e7e5".to_string(), "malformed move 'zz9' (move 2)"),
        ("position startpos moves zz9".to_string(), "malformed move 'zz9' (move 1)"),
        // Promotion letters: a king, on a non-promotion move, missing.
        (format!("position fen {promote} moves a7a8k"), "(move 1)"),
        (format!("position fen {promote} moves a1a2q"), "(move 1)"),
        (format!("position fen {promote} moves a7a8"), "illegal move 'a7a8' (move 1)"),
        // Castling through an attacked square.
        ("position fen r3k2r/8/8/8/8/8/8/R3K1rR w KQkq - 0 1 moves e1g1".to_string(), "illegal move 'e1g1'"),
    ] {
        assert!(e.ask("position startpos moves e2e4").is_empty());
        assert_eq!(e.fen(), AFTER_E4);
        let lines = e.ask(&bad);
        assert_eq!(lines.len(), 1, "'{bad}' should give one line: {lines:?}");
        assert!(lines[0].starts_with("info string error: ") && lines[0].contains(why), "'{bad}': {lines:?}");
        assert_no_position(&mut e, why);
    }
    // Legal lines are still played whole.
    assert!(e.ask(&format!("position fen {promote} moves a7a8n")).is_empty());
    assert_eq!(e.fen(), "N7/7k/8/8/8/8/8/K7 b - - 0 1");
    assert!(e.ask("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8").is_empty());
    assert_eq!(e.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn with_no_position_infinite_and_ponder_still_wait() {
    let mut e = engine();
    e.ask("position startpos moves e2e4 e2e4");
    // `go infinite`: the error at once, the bestmove only at `stop`.
    let lines = e.ask("go infinite");
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    assert_eq!(lines.len(), 1, "no bestmove before stop: {lines:?}");
    e.send("stop");
    let (lines, best) = e.read_until_bestmove_within(PROMPT);
    assert!(lines.is_empty() && best == "bestmove 0000", "{lines:?} {best}");
    // `go ponder`: the bestmove at `ponderhit`.
    let lines = e.ask("go ponder wtime 1000 btime 1000");
    assert!(lines.iter().all(|l| !l.starts_with("bestmove")), "{lines:?}");
    e.send("ponderhit");
    let (_, best) = e.read_until_bestmove_within(PROMPT);
    assert_eq!(best, "bestmove 0000");
    assert!(e.sync().is_empty());
}

#[test]
fn ucinewgame_then_go_searches_and_brings_no_position_back() {
    let mut e = engine();
    // A fresh engine has the start position, `ucinewgame` or not.
    assert!(e.ask("ucinewgame").is_empty());
    let (lines, best) = go(&mut e, 3);
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_bestmove_legal(&position(None, &[], false), &best);
    // `ucinewgame` clears what searches learnt, not the position: after an unusable one, still none.
    e.ask("position fen garbage");
    assert!(e.ask("ucinewgame").is_empty());
    assert_no_position(&mut e, "invalid FEN");
    assert_startpos_restores(&mut e);
}
