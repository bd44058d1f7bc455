//! Test positions for the move generators' tests: suite lines (FEN or EPD) expanded with every
//! position one legal move after them, out of check.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};

/// Each readable line's position (its first four FEN fields) and its children, out of check;
/// unreadable or illegal lines are skipped.
pub(super) fn with_children<'a>(lines: impl Iterator<Item = &'a str>, mode: CastlingMode) -> Vec<Chess> {
    let mut out = Vec::new();
    for line in lines {
        let fen: String = line.split(';').next().unwrap_or("").split_whitespace().take(4).collect::<Vec<_>>().join(" ");
        let Ok(parsed) = fen.parse::<Fen>() else { continue };
        let Ok(chess) = parsed.into_position::<Chess>(mode) else { continue };
        for m in chess.legal_moves() {
            let mut after = chess.clone();
            after.play_unchecked(m);
            out.push(after);
        }
        out.push(chess);
    }
    out.retain(|c| !c.is_check());
    out
}
