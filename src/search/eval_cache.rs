//! The evaluation cache: per search thread, the static evaluations of recently evaluated positions,
//! by Zobrist key. The search meets the same leaves again (a quiescence node that stands pat leaves
//! nothing in the transposition table), and a hit costs one load instead of a full evaluation.
//!
//! An entry keeps the whole 64-bit key, and the key covers everything the evaluation reads (the
//! board and the side to move), so a hit gives the evaluation of the position asked for.

use crate::score::Score;

/// Number of entries (a power of two); 16 bytes each.
const ENTRIES: usize = 1 << 14;

#[derive(Copy, Clone, Default)]
struct Entry {
    key: u64,
    eval: i32,
    used: bool,
}

/// A direct-mapped table of static evaluations.
pub struct EvalCache {
    entries: Box<[Entry]>,
}

impl Default for EvalCache {
    fn default() -> Self {
        Self { entries: vec![Entry::default(); ENTRIES].into_boxed_slice() }
    }
}

impl EvalCache {
    /// The evaluation of the position with key `key`, computed by `compute` when it is not cached.
    #[inline]
    pub fn get(&mut self, key: u64, compute: impl FnOnce() -> Score) -> Score {
        let slot = &mut self.entries[(key as usize) & (ENTRIES - 1)];
        if slot.used && slot.key == key {
            return Score::cp(slot.eval);
        }
        let eval = compute();
        *slot = Entry { key, eval: eval.raw(), used: true };
        eval
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_is_the_key_asked_for() {
        let mut cache = EvalCache::default();
        let mut computed = 0;
        let mut get = |cache: &mut EvalCache, key: u64, eval: i32| {
            cache.get(key, || {
                computed += 1;
                Score::cp(eval)
            })
        };
        assert_eq!(get(&mut cache, 7, 31), Score::cp(31));
        // The same key is read back without evaluating.
        assert_eq!(get(&mut cache, 7, 99), Score::cp(31));
        // Another key in the same slot is evaluated and replaces it; key 0 is not taken for the
        // empty slot's.
        let other = 7 + ENTRIES as u64;
        assert_eq!(get(&mut cache, other, -5), Score::cp(-5));
        assert_eq!(get(&mut cache, 7, 12), Score::cp(12));
        assert_eq!(get(&mut cache, 0, 4), Score::cp(4));
        assert_eq!(computed, 4);
    }
}
