//! Reference trees for `brudno stats`: how many leaves plain minimax and plain alpha–beta visit at a
//! fixed depth, and the size of the Knuth–Moore minimal tree of the same game tree, so the engine's
//! own search can be compared with the optimum.
//!
//! Everything is generic over [`Game`], so the same code counts a chess position's tree and a
//! synthetic uniform tree on which the Knuth–Moore formula `b^⌈d/2⌉ + b^⌊d/2⌋ − 1` is exact.
//!
//! Knuth and Moore (1975): with perfect move ordering alpha–beta visits a minimal tree in which the
//! first child of a PV node is a PV node and the others are CUT nodes, a CUT node searches only its
//! refutation (an ALL node), and an ALL node searches every child (each a CUT node). Counted here
//! from the real tree: the refutation and the PV move are the children with the best minimax value.

/// A two-player zero-sum game tree, values from the side to move's view (negamax convention).
pub trait Game {
    /// A move.
    type Move: Copy;
    /// The moves of the current node, in the order the caller wants them tried.
    fn moves(&mut self) -> Vec<Self::Move>;
    /// Plays a move.
    fn make(&mut self, m: Self::Move);
    /// Takes back the last move.
    fn unmake(&mut self);
    /// The value of the current node when the search stops here, side to move's view: `terminal` when
    /// it has no move (mate or stalemate in chess), else the static value at the depth limit.
    fn value(&mut self, terminal: bool) -> i32;
}

/// Leaf counts of one game tree to a fixed depth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeCounts {
    /// Minimax value of the root.
    pub value: i32,
    /// Leaves of the full tree (what minimax visits).
    pub minimax: u64,
    /// Leaves of the Knuth–Moore minimal tree (the root is a PV node).
    pub minimal: u64,
}

/// Per-node counts of the minimal tree for each node type.
#[derive(Clone, Copy)]
struct Node {
    value: i32,
    minimax: u64,
    pv: u64,
    cut: u64,
    all: u64,
}

fn count<G: Game>(g: &mut G, depth: u32) -> Node {
    let moves = if depth == 0 { Vec::new() } else { g.moves() };
    if moves.is_empty() {
        let value = g.value(depth > 0);
        return Node { value, minimax: 1, pv: 1, cut: 1, all: 1 };
    }
    let mut children = Vec::with_capacity(moves.len());
    for m in moves {
        g.make(m);
        children.push(count(g, depth - 1));
        g.unmake();
    }
    // The best child for the side to move: highest negated value; among equals the smallest ALL tree.
    let best = (0..children.len())
        .max_by(|&a, &b| {
            let (x, y) = (&children[a], &children[b]);
            (-x.value).cmp(&-y.value).then(y.all.cmp(&x.all))
        })
        .unwrap_or(0);
    let cuts: u64 = children.iter().map(|c| c.cut).sum();
    Node {
        value: -children[best].value,
        minimax: children.iter().map(|c| c.minimax).sum(),
        pv: children[best].pv + cuts - children[best].cut,
        cut: children[best].all,
        all: cuts,
    }
}

/// Minimax value, minimax leaves and minimal-tree leaves of `g` to `depth` plies.
pub fn tree_counts<G: Game>(g: &mut G, depth: u32) -> TreeCounts {
    let n = count(g, depth);
    TreeCounts { value: n.value, minimax: n.minimax, minimal: n.pv }
}

/// Plain fail-hard alpha–beta (no table, no pruning beyond alpha–beta) in the game's own move order:
/// the root value and the number of leaves visited.
pub fn alpha_beta<G: Game>(g: &mut G, depth: u32) -> (i32, u64) {
    fn search<G: Game>(g: &mut G, depth: u32, mut alpha: i32, beta: i32, leaves: &mut u64) -> i32 {
        let moves = if depth == 0 { Vec::new() } else { g.moves() };
        if moves.is_empty() {
            *leaves += 1;
            return g.value(depth > 0).clamp(alpha, beta);
        }
        for m in moves {
            g.make(m);
            let v = -search(g, depth - 1, -beta, -alpha, leaves);
            g.unmake();
            if v >= beta {
                return beta;
            }
            alpha = alpha.max(v);
        }
        alpha
    }
    let mut leaves = 0;
    let v = search(g, depth, -i32::MAX, i32::MAX, &mut leaves);
    (v, leaves)
}

/// The Knuth–Moore minimal leaf count of a uniform tree of width `b` and depth `d`.
pub fn knuth_moore(b: u64, d: u32) -> u64 {
    b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A uniform tree with pseudo-random leaf values; moves are child indices.
    struct Uniform {
        width: u32,
        path: Vec<u32>,
        /// Reverse the move order (to make ordering worse or better).
        reverse: bool,
    }

    impl Game for Uniform {
        type Move = u32;
        fn moves(&mut self) -> Vec<u32> {
            let mut v: Vec<u32> = (0..self.width).collect();
            if self.reverse {
                v.reverse();
            }
            v
        }
        fn make(&mut self, m: u32) {
            self.path.push(m);
        }
        fn unmake(&mut self) {
            self.path.pop();
        }
        fn value(&mut self, _: bool) -> i32 {
            let mut h: u64 = 0x9E37_79B9_7F4A_7C15;
            for &p in &self.path {
                h = (h ^ u64::from(p)).wrapping_mul(0x100_0000_01B3).rotate_left(17);
            }
            let v = (h % 2001) as i32 - 1000;
            // Leaf values are from the view of the side to move at the leaf.
            if self.path.len().is_multiple_of(2) { v } else { -v }
        }
    }

    #[test]
    fn minimal_tree_of_a_uniform_tree_is_the_formula() {
        for (b, d) in [(2, 1), (3, 2), (4, 3), (5, 4), (3, 5), (2, 6)] {
            let mut g = Uniform { width: b, path: Vec::new(), reverse: false };
            let c = tree_counts(&mut g, d);
            assert_eq!(c.minimax, u64::from(b).pow(d), "b {b} d {d}");
            assert_eq!(c.minimal, knuth_moore(u64::from(b), d), "b {b} d {d}");
        }
    }

    #[test]
    fn alpha_beta_value_is_minimax_and_visits_between_minimal_and_full() {
        for (b, d) in [(3, 3), (4, 4), (5, 3), (3, 6)] {
            for reverse in [false, true] {
                let mut g = Uniform { width: b, path: Vec::new(), reverse };
                let c = tree_counts(&mut g, d);
                let (v, leaves) = alpha_beta(&mut g, d);
                assert_eq!(v, c.value, "b {b} d {d}");
                assert!(c.minimal <= leaves && leaves <= c.minimax, "{} <= {leaves} <= {}", c.minimal, c.minimax);
            }
        }
    }
}
