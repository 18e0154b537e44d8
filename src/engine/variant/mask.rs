//! Candidate masks for the run-time engine: one `u64` up to 64 values, a few words past that.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of values `1..=N` as bits (bit `v - 1` for value `v`). The engine
/// is generic over it so that boards up to 64×64 keep their one-word masks
/// and bigger boards pay for the words they need, and no more.
pub(crate) trait Mask:
    Copy
    + Eq
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The most values it holds.
    const BITS: usize;
    /// Its 64-bit words.
    const WORDS: usize;
    /// Whether the board is big enough that the search keeps cells in
    /// buckets by candidate count rather than scanning them for the fewest.
    const BUCKETS: bool;
    /// No values.
    const EMPTY: Self;

    /// Values `1..=n`.
    fn full(n: usize) -> Self;
    /// The value with bit `i` (value `i + 1`) alone.
    fn bit(i: usize) -> Self;
    /// Whether it holds no value.
    fn is_empty(self) -> bool;
    /// Whether it holds exactly one value (false when empty).
    fn is_single(self) -> bool;
    /// How many values it holds.
    fn count(self) -> u32;
    /// The lowest bit's index (the least value less one); undefined when empty.
    fn first(self) -> usize;
    /// The highest bit's index (the greatest value less one); undefined when empty.
    fn last(self) -> usize;
    /// The lowest value alone.
    fn lowest(self) -> Self;
    /// Without its lowest value.
    fn without_lowest(self) -> Self;
    /// Values `least..=most` (bit indices), empty when `most < least`.
    fn range(least: usize, most: usize) -> Self;

    /// Whether it holds bit `i` (value `i + 1`).
    fn has(self, i: usize) -> bool;
    /// Word `i` (bits `64 * i..64 * (i + 1)`).
    fn word(self, i: usize) -> u64;
    /// The same with word `i` set to `w`.
    fn with_word(self, i: usize, w: u64) -> Self;

    /// Whether it shares a value with `other`.
    #[inline(always)]
    fn meets(self, other: Self) -> bool {
        !(self & other).is_empty()
    }

    /// The `k`th lowest value alone (`k` below its count).
    fn nth(self, k: u32) -> Self {
        let mut m = self;
        for _ in 0..k {
            m = m.without_lowest();
        }
        m.lowest()
    }

    /// Its bits' indices, lowest first.
    #[cfg(test)]
    fn ones(self) -> impl Iterator<Item = usize> {
        let mut m = self;
        std::iter::from_fn(move || {
            if m.is_empty() {
                return None;
            }
            let i = m.first();
            m = m.without_lowest();
            Some(i)
        })
    }
}

impl Mask for u64 {
    const BITS: usize = 64;
    const WORDS: usize = 1;
    const BUCKETS: bool = false;
    const EMPTY: Self = 0;

    #[inline(always)]
    fn full(n: usize) -> Self {
        if n >= 64 { u64::MAX } else { (1 << n) - 1 }
    }

    #[inline(always)]
    fn bit(i: usize) -> Self {
        1 << i
    }

    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self >> i & 1 != 0
    }

    #[inline(always)]
    fn word(self, _: usize) -> u64 {
        self
    }

    #[inline(always)]
    fn with_word(self, _: usize, w: u64) -> Self {
        w
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }

    #[inline(always)]
    fn is_single(self) -> bool {
        self != 0 && self & (self - 1) == 0
    }

    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }

    #[inline(always)]
    fn first(self) -> usize {
        self.trailing_zeros() as usize
    }

    #[inline(always)]
    fn last(self) -> usize {
        63 - self.leading_zeros() as usize
    }

    #[inline(always)]
    fn lowest(self) -> Self {
        self & self.wrapping_neg()
    }

    #[inline(always)]
    fn without_lowest(self) -> Self {
        self & self.wrapping_sub(1)
    }

    fn range(least: usize, most: usize) -> Self {
        if most < least || least >= 64 {
            return 0;
        }
        Self::full(most + 1) & !Self::full(least)
    }
}

/// A mask of `W` words, for boards of more than 64 values.
#[derive(Clone, Copy, Eq, Debug)]
pub(crate) struct Wide<const W: usize>([u64; W]);

impl<const W: usize> PartialEq for Wide<W> {
    /// Word by word, without the call to `memcmp` an array's `==` makes.
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).fold(0, |d, (a, b)| d | (a ^ b)) == 0
    }
}

impl<const W: usize> BitAnd for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn bitand(mut self, rhs: Self) -> Self {
        self &= rhs;
        self
    }
}

impl<const W: usize> BitOr for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn bitor(mut self, rhs: Self) -> Self {
        self |= rhs;
        self
    }
}

impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Self(self.0.map(|w| !w))
    }
}

impl<const W: usize> BitAndAssign for Wide<W> {
    #[inline(always)]
    fn bitand_assign(&mut self, rhs: Self) {
        self.0.iter_mut().zip(rhs.0).for_each(|(a, b)| *a &= b);
    }
}

impl<const W: usize> BitOrAssign for Wide<W> {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: Self) {
        self.0.iter_mut().zip(rhs.0).for_each(|(a, b)| *a |= b);
    }
}

impl<const W: usize> Mask for Wide<W> {
    const BITS: usize = 64 * W;
    const WORDS: usize = W;
    const BUCKETS: bool = true;
    const EMPTY: Self = Self([0; W]);

    fn full(n: usize) -> Self {
        if n == 0 {
            Self::EMPTY
        } else {
            Self::range(0, n - 1)
        }
    }

    #[inline(always)]
    fn bit(i: usize) -> Self {
        let mut m = Self::EMPTY;
        m.0[i / 64] = 1 << (i % 64);
        m
    }

    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    #[inline(always)]
    fn word(self, i: usize) -> u64 {
        self.0[i]
    }

    #[inline(always)]
    fn with_word(mut self, i: usize, w: u64) -> Self {
        self.0[i] = w;
        self
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0.iter().fold(0, |any, &w| any | w) == 0
    }

    #[inline(always)]
    fn is_single(self) -> bool {
        self.count() == 1
    }

    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline(always)]
    fn first(self) -> usize {
        let i = self.0.iter().position(|&w| w != 0).unwrap_or(W - 1);
        i * 64 + self.0[i].trailing_zeros() as usize
    }

    #[inline(always)]
    fn last(self) -> usize {
        let i = self.0.iter().rposition(|&w| w != 0).unwrap_or(0);
        i * 64 + 63 - self.0[i].leading_zeros() as usize
    }

    #[inline(always)]
    fn lowest(self) -> Self {
        if self.is_empty() {
            return self;
        }
        Self::bit(self.first())
    }

    #[inline(always)]
    fn without_lowest(self) -> Self {
        let mut m = self;
        if let Some(w) = m.0.iter_mut().find(|w| **w != 0) {
            *w &= *w - 1;
        }
        m
    }

    fn range(least: usize, most: usize) -> Self {
        let mut m = Self::EMPTY;
        for (i, w) in m.0.iter_mut().enumerate() {
            let (lo, hi) = (i * 64, i * 64 + 63);
            if most < lo || least > hi || most < least {
                continue;
            }
            let a = least.max(lo) - lo;
            let b = most.min(hi) - lo;
            *w = u64::range(a, b);
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A wide mask and the same set as a list of indices.
    fn wide(bits: &[usize]) -> Wide<3> {
        bits.iter().fold(Wide::EMPTY, |m, &i| m | Wide::bit(i))
    }

    proptest! {
        #[test]
        fn wide_masks_agree_with_sets(
            a in prop::collection::btree_set(0usize..192, 0..20),
            b in prop::collection::btree_set(0usize..192, 0..20),
            lo in 0usize..192, hi in 0usize..192,
        ) {
            let (ma, mb) = (wide(&a.iter().copied().collect::<Vec<_>>()), wide(&b.iter().copied().collect::<Vec<_>>()));
            prop_assert_eq!(ma.ones().collect::<Vec<_>>(), a.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!((ma & mb).ones().collect::<Vec<_>>(), a.intersection(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!((ma | mb).count() as usize, a.union(&b).count());
            prop_assert_eq!(ma.is_empty(), a.is_empty());
            prop_assert_eq!(ma.is_single(), a.len() == 1);
            if let (Some(&f), Some(&l)) = (a.first(), a.last()) {
                prop_assert_eq!(ma.first(), f);
                prop_assert_eq!(ma.last(), l);
                prop_assert_eq!(ma.lowest(), Wide::bit(f));
                prop_assert_eq!(ma.without_lowest().count() as usize, a.len() - 1);
                let k = (lo % a.len()) as u32;
                prop_assert_eq!(ma.nth(k), Wide::bit(*a.iter().nth(k as usize).unwrap()));
            }
            let range: Vec<usize> = (lo..=hi).collect();
            prop_assert_eq!(Wide::<3>::range(lo, hi).ones().collect::<Vec<_>>(), range);
            prop_assert_eq!(Wide::<3>::full(hi).count() as usize, hi);
            prop_assert_eq!((!ma & Wide::full(192)).count() as usize, 192 - a.len());
        }

        #[test]
        fn one_word_ranges_are_the_values_between(lo in 0usize..70, hi in 0usize..70) {
            let want: Vec<usize> = (lo..=hi.min(63)).collect();
            prop_assert_eq!(u64::range(lo, hi).ones().collect::<Vec<_>>(), want);
        }
    }
}
