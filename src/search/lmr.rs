//! The late-move-reduction table: the base reduction, in whole plies, for a move searched at a given
//! depth as the given move number, `LMR_BASE + ln(depth) * ln(move number) / LMR_DIVISOR`. Built once
//! per thread; the adjustments for the move and the node are made where it is read (`negamax.rs`).

use super::params::{LMR_BASE, LMR_DIVISOR};
use crate::score::Depth;

/// Depths and move numbers the table covers; larger ones read the last entry.
const SIZE: usize = 64;

/// Base late-move reductions by depth and move number.
pub(super) struct LmrTable(Vec<[u8; SIZE]>);

impl LmrTable {
    /// Computes the table.
    pub(super) fn new() -> Self {
        let rows = (0..SIZE)
            .map(|d| {
                let mut row = [0u8; SIZE];
                for (m, r) in row.iter_mut().enumerate().skip(1) {
                    if d > 0 {
                        *r = (LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as u8;
                    }
                }
                row
            })
            .collect();
        Self(rows)
    }

    /// The base reduction at `depth` for the `number`-th move searched (1-based).
    #[inline]
    pub(super) fn base(&self, depth: Depth, number: usize) -> Depth {
        Depth::from(self.0[(depth.max(0) as usize).min(SIZE - 1)][number.min(SIZE - 1)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number_and_saturate() {
        let t = LmrTable::new();
        assert_eq!(t.base(1, 1), 0);
        assert!(t.base(10, 20) > t.base(4, 4));
        assert!((2..63).all(|d| t.base(d + 1, 10) >= t.base(d, 10)));
        assert!((2..63).all(|n| t.base(10, n + 1) >= t.base(10, n)));
        assert_eq!(t.base(200, 500), t.base(63, 63));
    }
}
