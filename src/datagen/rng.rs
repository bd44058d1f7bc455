//! A small deterministic random number generator (SplitMix64) for openings: one stream per game,
//! derived from the run's seed and the game's index, so a game never depends on which thread plays it.

/// SplitMix64: 64 bits of state, good enough to pick random moves.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

/// The SplitMix64 output function: a bijective mix of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The generator of game `index` of a run seeded with `seed` (streams of different games do not overlap
    /// by a simple shift, unlike `seed + index`).
    pub fn for_game(seed: u64, index: u64) -> Self {
        Self(mix(seed ^ 0x5DEE_CE66_D1CE_4E5B) ^ mix(index.wrapping_add(0x9E37_79B9_7F4A_7C15)))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let a: Vec<u64> = (0..4).map(|_| SplitMix64::for_game(7, 3).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(SplitMix64::for_game(7, 3).next_u64(), SplitMix64::for_game(7, 4).next_u64());
        assert_ne!(SplitMix64::for_game(7, 3).next_u64(), SplitMix64::for_game(8, 3).next_u64());
        let mut r = SplitMix64::new(1);
        assert!((0..1000).all(|_| r.below(9) < 9));
        assert_eq!(r.below(0), 0);
    }
}
