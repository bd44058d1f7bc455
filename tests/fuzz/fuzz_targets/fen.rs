//! Any text as a FEN, read in standard or Chess960 mode (the first byte's low bit): reading never
//! panics, and a position that loads writes a FEN that loads back to the same position; its legal
//! moves each round-trip through UCI notation, the incrementally updated Zobrist key after each equals
//! the key computed from scratch, `gives_check` tells the truth, perft 2 agrees with playing the moves
//! out, and the evaluation runs. Read leniently (`read_fen`), what loads writes a FEN that reads back
//! to the same position with nothing left to drop.

#![no_main]

use brudno::position::{Position, zobrist};
use brudno::uci::format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else { return };
    let chess960 = flags & 1 == 1;
    let text = String::from_utf8_lossy(rest);
    if let Ok(read) = Position::read_fen(&text, chess960) {
        let fen = read.position.fen();
        let again = Position::read_fen(&fen, chess960).unwrap_or_else(|e| panic!("{text:?} -> {fen} does not read: {e}"));
        assert!(again.mends.is_empty(), "{text:?} -> {fen}: {:?}", again.mends);
        assert_eq!(again.position.fen(), fen, "{text:?}");
        assert_eq!(again.position.key(), read.position.key(), "{text:?}");
    }
    let Ok(pos) = Position::from_fen(&text, chess960) else { return };
    let fen = pos.fen();
    let again = Position::from_fen(&fen, chess960).unwrap_or_else(|e| panic!("{text:?} -> {fen} does not load: {e}"));
    assert_eq!(again.fen(), fen, "{text:?}");
    assert_eq!(again.key(), pos.key(), "{text:?}");
    assert_eq!(pos.key(), zobrist(pos.chess()), "{text:?}");

    let moves = pos.legal_moves();
    let mut leaves = 0;
    for &m in &moves {
        let uci = pos.uci(m);
        assert_eq!(pos.parse_move(&uci).ok(), Some(m), "{fen}: {uci}");
        let mut after = pos.clone();
        after.make(m);
        assert_eq!(after.key(), zobrist(after.chess()), "{fen}: key after {uci}");
        assert_eq!(pos.gives_check(m), after.in_check(), "{fen}: gives_check {uci}");
        leaves += after.legal_moves().len() as u64;
        after.unmake();
        assert_eq!(after.fen(), fen);
    }
    assert_eq!(brudno::perft::perft(pos.chess(), 2), leaves, "{fen}");
    let _ = brudno::eval::evaluate(pos.chess());
    let _ = format::eval_text(&brudno::eval::trace(pos.chess()));
});
