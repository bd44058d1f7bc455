//! `brudno tree`'s tracer against brute force: the traced plain alpha–beta search counts the same nodes
//! as the search itself, finds the minimax value, returns a correct fail-soft bound at every node, and
//! every move it drew as cut off could not have changed the result (each is searched in full here).

use brudno::eval::evaluate;
use brudno::position::Position;
use brudno::score::{Ply, Score};
use brudno::stats::trace::{Node, Trace};
use shakmaty::{Chess, Move, Position as _};

/// Minimax under the plain configuration's rules: static evaluation at the horizon, a draw by
/// insufficient material below the root, mate scored by distance from the root.
fn minimax(chess: &Chess, depth: i32, ply: Ply) -> Score {
    if depth <= 0 {
        return evaluate(chess);
    }
    if ply > Ply::ROOT && chess.is_insufficient_material() {
        return Score::DRAW;
    }
    let moves = chess.legal_moves();
    if moves.is_empty() {
        return if chess.is_check() { Score::mated_in(ply) } else { Score::DRAW };
    }
    moves.iter().map(|&m| -minimax(&play(chess, m), depth - 1, ply + 1)).max().unwrap_or(Score::DRAW)
}

fn play(chess: &Chess, m: Move) -> Chess {
    let mut next = chess.clone();
    next.play_unchecked(m);
    next
}

fn trace(fen: &str, depth: i32) -> Trace {
    let pos = Position::from_fen(fen, false).unwrap();
    brudno::stats::trace::trace(&pos, depth)
}

/// Checks node `n` (reached as `chess`) and everything below it; returns how many cut-off moves it saw.
fn check(t: &Trace, n: usize, chess: &Chess) -> usize {
    let node: &Node = &t.nodes[n];
    let exact = minimax(chess, node.depth, node.ply);
    let v = node.value;
    if v <= node.alpha {
        assert!(exact <= v, "fail-low must be an upper bound: node {n} {node:?}, minimax {exact:?}");
    } else if v >= node.beta {
        assert!(exact >= v, "fail-high must be a lower bound: node {n} {node:?}, minimax {exact:?}");
    } else {
        assert_eq!(exact, v, "an exact value must be the minimax value: node {n} {node:?}");
    }
    let mut cut_off = node.pruned.len();
    if !node.pruned.is_empty() {
        // The unsearched moves searched in full: the node still fails high, so its parent's choice,
        // and with it the root value, would stand whatever they hold.
        assert!(v >= node.beta, "only a beta cutoff leaves moves unsearched: {node:?}");
        let full =
            node.pruned.iter().map(|&m| -minimax(&play(chess, m), node.depth - 1, node.ply + 1)).fold(v, Score::max);
        assert!(full >= node.beta, "a cut-off move would have changed the result: {node:?}, full {full:?}");
        let mut all: Vec<Move> = node.children.iter().filter_map(|&c| t.nodes[c].mv).collect();
        all.extend(&node.pruned);
        assert_eq!(all.len(), chess.legal_moves().len(), "searched and cut-off moves are the legal moves");
    } else if !node.children.is_empty() {
        // No cutoff: every legal move was searched (an ALL or PV node leaves nothing out).
        assert_eq!(
            node.children.len(),
            chess.legal_moves().len(),
            "a node without a cutoff searches every move: {node:?}"
        );
    }
    for &c in &node.children {
        let mv = t.nodes[c].mv.expect("the plain search makes no null move");
        cut_off += check(t, c, &play(chess, mv));
    }
    cut_off
}

#[test]
fn traced_alpha_beta_is_minimax_and_its_cutoffs_are_sound() {
    let cases = [
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", 4),
        ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3", 3),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
        ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 3),
        ("8/3k4/3p4/8/3P4/3K4/8/8 w - - 0 1", 4),
    ];
    for (fen, depth) in cases {
        let t = trace(fen, depth);
        assert_eq!(t.nodes.len() as u64, t.searched, "{fen}: the tracer and the search count the same nodes");
        let root = Position::from_fen(fen, false).unwrap().chess().clone();
        assert_eq!(t.value(), minimax(&root, depth, Ply::ROOT), "{fen} depth {depth}");
        let cut_off = check(&t, 0, &root);
        assert!(cut_off > 0, "{fen}: alpha-beta cut something off");
    }
}

#[test]
fn the_mate_in_one_is_found_and_the_pv_follows_it() {
    let t = trace("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 2);
    assert_eq!(t.value(), Score::mate_in(Ply::new(1)));
    let pv = t.pv();
    assert_eq!(pv.len(), 2, "the mate ends the line");
    assert_eq!(t.nodes[pv[1]].value, Score::mated_in(Ply::new(1)));
}
