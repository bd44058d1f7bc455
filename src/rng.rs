//! The project's one random number generator: small, fast, deterministic for a seed, not
//! cryptographic. It runs one of two algorithms, chosen by its constructor, so that every seeded
//! sequence stays what it was when each user had a generator of its own:
//! - SplitMix64 ([`Rng::new`], [`Rng::for_game`]): `datagen`'s random openings (one stream per game,
//!   from the run's seed and the game's index, so a game never depends on which thread plays it)
//!   and the opening book's weighted draw;
//! - xorshift64* ([`Rng::xorshift`]): the strength limiter's move choice and the random move order
//!   of `stats` (whose reference-tree counts README.md quotes).

/// A seeded generator of random numbers.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    algorithm: Algorithm,
}

/// How the state steps and becomes output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Algorithm {
    /// A Weyl sequence through a bijective mix: any state works.
    SplitMix64,
    /// Marsaglia's xorshift with a multiplying output: the state must never be zero.
    XorShift64Star,
}

/// The SplitMix64 output function: a bijective mix of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A SplitMix64 generator starting from `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed, algorithm: Algorithm::SplitMix64 }
    }

    /// The SplitMix64 generator of game `index` of a run seeded with `seed` (streams of different
    /// games do not overlap by a simple shift, unlike `seed + index`).
    pub fn for_game(seed: u64, index: u64) -> Self {
        Self::new(mix(seed ^ 0x5DEE_CE66_D1CE_4E5B) ^ mix(index.wrapping_add(0x9E37_79B9_7F4A_7C15)))
    }

    /// An xorshift64* generator starting from `seed` (zero, a state xorshift never leaves, is
    /// replaced by 1).
    pub fn xorshift(seed: u64) -> Self {
        Self { state: seed.max(1), algorithm: Algorithm::XorShift64Star }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        match self.algorithm {
            Algorithm::SplitMix64 => {
                self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                mix(self.state)
            }
            Algorithm::XorShift64Star => {
                self.state ^= self.state >> 12;
                self.state ^= self.state << 25;
                self.state ^= self.state >> 27;
                self.state.wrapping_mul(0x2545_F491_4F6C_DD1D)
            }
        }
    }

    /// A number in `0..n` (0 when `n` is 0), from the high bits.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Uniform in `0.0..1.0` (the top 53 bits).
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let a: Vec<u64> = (0..4).map(|_| Rng::for_game(7, 3).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(Rng::for_game(7, 3).next_u64(), Rng::for_game(7, 4).next_u64());
        assert_ne!(Rng::for_game(7, 3).next_u64(), Rng::for_game(8, 3).next_u64());
        for mut r in [Rng::new(1), Rng::xorshift(1)] {
            assert!((0..1000).all(|_| r.below(9) < 9));
            assert_eq!(r.below(0), 0);
        }
    }

    #[test]
    fn both_algorithms_keep_their_sequences() {
        // Pinned, so that seeded results (a datagen file, the stats counts) never change by accident:
        // SplitMix64 from 0, and xorshift64* (shifts 12, 25, 27) from 0, read as 1.
        let mut s = Rng::new(0);
        assert_eq!(s.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(s.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        let mut x = Rng::xorshift(0);
        assert_eq!(x.next_u64(), 0x47E4_CE4B_896C_DD1D);
        assert_eq!(x.next_u64(), 0xABCF_A6A8_E079_651D);
    }

    #[test]
    fn floats_are_uniform_enough() {
        for mut r in [Rng::new(0), Rng::xorshift(0)] {
            let xs: Vec<f64> = (0..10_000).map(|_| r.next_f64()).collect();
            assert!(xs.iter().all(|&x| (0.0..1.0).contains(&x)));
            let mean = xs.iter().sum::<f64>() / xs.len() as f64;
            assert!((mean - 0.5).abs() < 0.02, "{mean}");
        }
    }
}
