//! Search noise: a small seeded generator that breaks ties and shuffles values.

/// The position of the `n`-th (from 0) set bit of `bits`.
pub(super) fn nth_bit(mut bits: u64, n: u32) -> usize {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as usize
}

/// Search noise: SplitMix64, used only to break ties and order values. It
/// needs to be fast and reproducible, not statistically strong.
#[derive(Clone, Debug)]
pub(crate) struct Noise(u64);

impl Noise {
    pub(super) fn new(seed: u64) -> Self {
        Self(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        (((self.next() >> 32) * u64::from(n)) >> 32) as u32
    }
}
