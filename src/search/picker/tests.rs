//! The staged picker hands out every legal move exactly once, in stage order, whatever the TT move,
//! killers and counter-move: over the perft suites and positions along random games from them.

use super::*;
use crate::position::Position;
use crate::rng::Rng;
use crate::search::history::{NO_CONTINUATIONS, PieceTo};
use crate::search::see::see_ge;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, EnPassantMode, Position as _, Role, Square};

/// The suites' positions and positions along two random games of up to 40 plies from each.
fn positions() -> Vec<Chess> {
    let suites = [
        (include_str!("../../../tests/data/perft/standard.epd"), CastlingMode::Standard, 1),
        (include_str!("../../../tests/data/perft/tricky.epd"), CastlingMode::Standard, 1),
        (include_str!("../../../tests/data/perft/chess960.epd"), CastlingMode::Chess960, 16),
        (include_str!("../../../tests/data/perft/chess960_tricky.epd"), CastlingMode::Chess960, 1),
    ];
    let mut rng = Rng::new(27);
    let mut out = Vec::new();
    for (text, mode, every) in suites {
        for line in text.lines().step_by(every) {
            let fen = line.split(';').next().unwrap_or("").trim();
            let Ok(parsed) = fen.parse::<Fen>() else { continue };
            let Ok(chess) = parsed.into_position::<Chess>(mode) else { continue };
            out.push(chess.clone());
            for _ in 0..2 {
                let mut c: Chess = chess.clone();
                for _ in 0..40 {
                    let moves = c.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    c.play_unchecked(moves[rng.below(moves.len())]);
                    out.push(c.clone());
                }
            }
        }
    }
    out
}

/// Where a stage comes in the hand-out.
fn rank(stage: Stage) -> usize {
    Stage::ALL.iter().position(|&s| s == stage).unwrap_or(usize::MAX)
}

/// A move as text, for sorting and messages.
fn key(m: &Move) -> String {
    format!("{m:?}")
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(key);
    moves
}

/// A quiet move made up from squares: legal in some positions, not in others.
fn some_quiet(rng: &mut Rng) -> Move {
    let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
    let from = Square::new(rng.below(64) as u32);
    Move::Normal {
        role: roles[rng.below(6)],
        from,
        capture: None,
        to: Square::new(rng.below(64) as u32),
        promotion: None,
    }
}

#[test]
fn every_legal_move_is_handed_out_once_in_stage_order() {
    let all = positions();
    assert!(all.len() > 15_000, "{}", all.len());
    let mut rng = Rng::new(7);
    let mut history = History::default();
    let prev = Move::Normal { role: Role::Knight, from: Square::B8, capture: None, to: Square::C6, promotion: None };
    let (mut tt_firsts, mut killers_out, mut counters_out, mut bad_out, mut in_check) = (0, 0, 0, 0, 0);
    let mut last_moves: Vec<Move> = Vec::new();
    for chess in &all {
        let legal: Vec<Move> = chess.legal_moves().into_iter().collect();
        let quiets: Vec<Move> = legal.iter().copied().filter(|&m| !is_tactical(m)).collect();
        let pick_of = |rng: &mut Rng, v: &[Move]| (!v.is_empty()).then(|| v[rng.below(v.len())]);
        let turn = chess.turn();
        in_check += usize::from(chess.is_check());
        for case in 0..4 {
            // TT move: none, legal, random bits (mostly illegal), or a move of another position.
            let tt = match case {
                0 => PackedMove::NONE,
                1 => pick_of(&mut rng, &legal).map_or(PackedMove::NONE, PackedMove::new),
                2 => PackedMove(rng.next_u64() as u16),
                _ => pick_of(&mut rng, &last_moves).map_or(PackedMove::NONE, PackedMove::new),
            };
            let tt_legal = legal.iter().copied().find(|&m| !tt.is_none() && PackedMove::new(m) == tt);
            // Killers and counter-move: legal quiets here, captures here, or made-up quiets.
            let candidate = |rng: &mut Rng| match rng.below(4) {
                0 => pick_of(rng, &quiets),
                1 => pick_of(rng, &legal),
                2 => Some(some_quiet(rng)),
                _ => None,
            };
            let killers = [candidate(&mut rng), candidate(&mut rng)];
            let counter = candidate(&mut rng).filter(|&m| !is_tactical(m));
            if let Some(c) = counter {
                // Also moves the butterfly and continuation scores about, so quiets order differently.
                let tried: Vec<Option<Move>> = quiets.iter().take(3).map(|&m| Some(m)).collect();
                history.reward(turn, c, &tried, 6, Some(prev), &NO_CONTINUATIONS);
            }
            let cont = last_moves.first().map(|&m| PieceTo::new(!turn, m));
            let conts = [cont, None, None];
            let mut picker = Picker::main(chess, chess.is_check(), tt, killers, Some(prev), conts);
            let order: Vec<(Move, Stage)> = std::iter::from_fn(|| picker.pick(chess, &history)).collect();
            let fen = Fen::from_position(chess, EnPassantMode::Legal);
            let moves: Vec<Move> = order.iter().map(|o| o.0).collect();
            assert_eq!(sorted(moves.clone()), sorted(legal.clone()), "{fen} tt {tt:?} killers {killers:?}");
            assert_eq!(picker.handed_out(), legal.len());
            if let Some(t) = tt_legal {
                assert_eq!(order[0], (t, Stage::Tt), "{fen}");
                tt_firsts += 1;
            }
            assert!(order.iter().skip(1).all(|o| o.1 != Stage::Tt), "{fen}: {order:?}");
            assert!(order.windows(2).all(|w| rank(w[0].1) <= rank(w[1].1)), "{fen}: {order:?}");
            for &(m, stage) in &order {
                let good = !is_under_promotion(m) && see_ge(chess, m, 0);
                match stage {
                    Stage::Tt => {}
                    Stage::GoodCapture => assert!(is_tactical(m) && good, "{fen} {m:?}"),
                    Stage::BadCapture => assert!(is_tactical(m) && !good, "{fen} {m:?}"),
                    Stage::Killer => assert!(!is_tactical(m) && killers.contains(&Some(m)), "{fen} {m:?}"),
                    Stage::Counter => assert!(!is_tactical(m) && history.counter(Some(prev)) == Some(m)),
                    Stage::Quiet => assert!(!is_tactical(m), "{fen} {m:?}"),
                }
                killers_out += usize::from(stage == Stage::Killer);
                counters_out += usize::from(stage == Stage::Counter);
                bad_out += usize::from(stage == Stage::BadCapture);
            }
            // The legal killers and counter-move not handed out earlier come in their stages.
            for k in killers.iter().flatten().filter(|&&k| !is_tactical(k) && legal.contains(&k)) {
                let stage = order.iter().find(|o| o.0 == *k).map(|o| o.1);
                assert!(matches!(stage, Some(Stage::Tt | Stage::Killer)), "{fen} {k:?} {stage:?}");
            }
            // Quiets by their history at the time, highest first.
            let scores: Vec<i32> =
                order.iter().filter(|o| o.1 == Stage::Quiet).map(|o| history.quiet(turn, o.0, &conts)).collect();
            assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{fen}: {scores:?}");
        }
        last_moves = legal;
    }
    let counts = [in_check, tt_firsts, killers_out, counters_out, bad_out];
    assert!(counts.iter().all(|&n| n > 500), "{counts:?}");
}

#[test]
fn quiescence_hands_out_the_noisy_moves_or_every_evasion_once() {
    let mut rng = Rng::new(11);
    let history = History::default();
    let (mut tt_firsts, mut tt_left_out) = (0, 0);
    for chess in positions() {
        let legal: Vec<Move> = chess.legal_moves().into_iter().collect();
        let want: Vec<Move> = legal.iter().copied().filter(|&m| chess.is_check() || is_noisy(m)).collect();
        let tt = if legal.is_empty() { PackedMove::NONE } else { PackedMove::new(legal[rng.below(legal.len())]) };
        let mut picker = Picker::quiescence(&chess, chess.is_check(), tt);
        let order: Vec<(Move, Stage)> = std::iter::from_fn(|| picker.pick(&chess, &history)).collect();
        let moves: Vec<Move> = order.iter().map(|o| o.0).collect();
        let fen = Fen::from_position(&chess, EnPassantMode::Legal);
        assert_eq!(sorted(moves.clone()), sorted(want.clone()), "{fen}");
        match legal.iter().find(|&&m| PackedMove::new(m) == tt) {
            Some(&t) if want.contains(&t) => {
                assert_eq!(order[0], (t, Stage::Tt), "{fen}");
                tt_firsts += 1;
            }
            _ => tt_left_out += 1,
        }
        // Tactical moves first (in check, before the quiet evasions).
        let tactical: Vec<bool> = order.iter().skip_while(|o| o.1 == Stage::Tt).map(|o| is_tactical(o.0)).collect();
        assert!(tactical.windows(2).all(|w| w[0] >= w[1]), "{fen}: {order:?}");
    }
    assert!(tt_firsts > 1_000 && tt_left_out > 1_000, "{tt_firsts} {tt_left_out}");
}

#[test]
fn skipping_quiets_still_hands_out_the_losing_captures() {
    // Kiwipete's Qxf6 gives the queen for a knight; in the second the queen's captures of defended
    // pawns lose it.
    let history = History::default();
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/2p1p3/3p4/1p1Q4/8/8/8/4K3 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen, false).unwrap();
        let chess = pos.chess().clone();
        let legal = chess.legal_moves();
        let mut picker = Picker::main(&chess, false, PackedMove::NONE, [None; 2], None, NO_CONTINUATIONS);
        let mut order = Vec::new();
        while let Some((m, stage)) = picker.pick(&chess, &history) {
            order.push((m, stage));
            if stage == Stage::Quiet {
                picker.skip_quiets();
            }
        }
        let quiets = order.iter().filter(|o| o.1 == Stage::Quiet).count();
        assert_eq!(quiets, 1, "{fen}: {order:?}");
        let tactical = legal.iter().filter(|&&m| is_tactical(m)).count();
        assert_eq!(order.len(), tactical + 1, "{fen}: {order:?}");
        assert!(order.iter().any(|o| o.1 == Stage::BadCapture), "{fen}: {order:?}");
    }
}

#[test]
fn good_captures_come_most_valuable_victim_first() {
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false).unwrap();
    let chess = pos.chess().clone();
    let mut picker = Picker::main(
        &chess,
        false,
        PackedMove::new(pos.parse_move("e2a6").unwrap()),
        [None; 2],
        None,
        NO_CONTINUATIONS,
    );
    let history = History::default();
    let order: Vec<(Move, Stage)> = std::iter::from_fn(|| picker.pick(&chess, &history)).collect();
    let good: Vec<i32> = order.iter().filter(|o| o.1 == Stage::GoodCapture).map(|o| mvv_lva(o.0)).collect();
    assert!(good.len() >= 2 && good.windows(2).all(|w| w[0] >= w[1]), "{good:?}");
    assert_eq!(order[0].1, Stage::Tt);
}
