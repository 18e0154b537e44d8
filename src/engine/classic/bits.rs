//! Bit tricks and small sets the engine leans on: bitset words, two-bit tests, worklists.

/// The lowest set bit of `bits` whose index `keep` accepts.
#[inline(always)]
pub(super) fn first_bit(mut bits: u64, mut keep: impl FnMut(usize) -> bool) -> Option<usize> {
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        if keep(i) {
            return Some(i);
        }
        bits &= bits - 1;
    }
    None
}

/// Whether `x` has exactly two bits set, without a popcount (not a baseline
/// x86-64 instruction, and this runs on every elimination). With its lowest
/// bit cleared, `x` leaves one bit exactly when that bit is above all of
/// the ones it less one sets: a comparison rather than a second test and
/// branch (see docs/decisions/0003-general-engine-hot-paths.md).
pub(super) fn two_bits(x: u64) -> bool {
    let rest = x & x.wrapping_sub(1);
    let below = rest.wrapping_sub(1);
    below < rest ^ below
}

/// Sets bit `i` of the bitset `words` to `on`.
#[inline(always)]
pub(super) fn set_bit(words: &mut [u64], i: usize, on: bool) {
    let (w, b) = (i / 64, i % 64);
    words[w] = words[w] & !(1 << b) | u64::from(on) << b;
}

/// Sets bit `i` of the bitset `words` to whether `masks[i]` has two bits.
pub(super) fn rebuild_bits(words: &mut [u64], masks: &[u64]) {
    for (word, chunk) in words.iter_mut().zip(masks.chunks(64)) {
        *word = chunk
            .iter()
            .enumerate()
            .fold(0, |w, (i, &m)| w | u64::from(two_bits(m)) << i);
    }
}

/// The indices of the set bits of the bitset `words`, lowest first.
pub(super) fn set_bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    word_bits(words.iter().copied().enumerate())
}

/// The indices of the set bits of (word index, word) pairs, in their order.
pub(super) fn word_bits(words: impl Iterator<Item = (usize, u64)>) -> impl Iterator<Item = usize> {
    words.flat_map(|(w, mut bits)| {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                w * 64 + i
            })
        })
    })
}

/// Indices waiting for a check, each queued at most once until it is taken.
/// Its items are a plain `Vec`, as are the trail, the queue and `bivalue`:
/// hand-rolled stacks cost more (docs/decisions/0003-general-engine-hot-paths.md).
#[derive(Clone, Debug)]
pub(super) struct Worklist {
    items: Vec<u32>,
    /// `queued[i]`: whether `i` is in `items`.
    queued: Vec<bool>,
}

impl Worklist {
    /// An empty worklist for indices `0..len`.
    pub(super) fn new(len: usize) -> Self {
        Self {
            items: Vec::with_capacity(len),
            queued: vec![false; len],
        }
    }

    /// Queues `i`, unless it is queued already.
    pub(super) fn push(&mut self, i: usize) {
        if !self.queued[i] {
            self.queued[i] = true;
            self.items.push(i as u32);
        }
    }

    /// Takes the index queued last.
    pub(super) fn pop(&mut self) -> Option<usize> {
        let i = self.items.pop()? as usize;
        self.queued[i] = false;
        Some(i)
    }

    /// Drops every queued index.
    pub(super) fn clear(&mut self) {
        for &i in &self.items {
            self.queued[i as usize] = false;
        }
        self.items.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_bits_is_a_popcount_of_two() {
        let mut xs: Vec<u64> = (0..1 << 16).collect();
        for i in 0..64 {
            for j in 0..64 {
                xs.extend([
                    1u64 << i | 1 << j,
                    u64::MAX >> i,
                    (1u64 << i | 1 << j) | 1 << 63,
                ]);
            }
        }
        for x in xs {
            assert_eq!(two_bits(x), x.count_ones() == 2, "{x:#x}");
        }
    }
}
