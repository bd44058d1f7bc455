//! The late-move-reduction table: the base reduction, in whole plies, for a move searched at a given
//! depth as the given move number, `LMR_BASE + ln(depth) * ln(move number) / LMR_DIVISOR` (both in
//! hundredths). Built once per thread, and again at a search's start if a `tune` build's options
//! changed them; the adjustments for the move and the node are made where it is read (`negamax.rs`).

use super::params::{LMR_BASE, LMR_DIVISOR};
use crate::score::Depth;

/// Depths and move numbers the table covers; larger ones read the last entry.
const SIZE: usize = 64;

/// Base late-move reductions by depth and move number, and the parameters they were computed from.
pub(super) struct LmrTable {
    rows: Vec<[u8; SIZE]>,
    built_for: (i32, i32),
}

impl LmrTable {
    /// Computes the table.
    pub(super) fn new() -> Self {
        let (base, divisor) = (LMR_BASE.get(), LMR_DIVISOR.get());
        let (b, q) = (f64::from(base) / 100.0, f64::from(divisor) / 100.0);
        let rows = (0..SIZE)
            .map(|d| {
                let mut row = [0u8; SIZE];
                for (m, r) in row.iter_mut().enumerate().skip(1) {
                    if d > 0 {
                        *r = (b + (d as f64).ln() * (m as f64).ln() / q) as u8;
                    }
                }
                row
            })
            .collect();
        Self { rows, built_for: (base, divisor) }
    }

    /// Rebuilds the table if the parameters in force are not those it was built from (only a `tune`
    /// build can change them).
    pub(super) fn refresh(&mut self) {
        if self.built_for != (LMR_BASE.get(), LMR_DIVISOR.get()) {
            *self = Self::new();
        }
    }

    /// The base reduction at `depth` for the `number`-th move searched (1-based).
    #[inline]
    pub(super) fn base(&self, depth: Depth, number: usize) -> Depth {
        Depth::from(self.rows[(depth.max(0) as usize).min(SIZE - 1)][number.min(SIZE - 1)])
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
