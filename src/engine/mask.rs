//! Candidate masks: a set of digits of a cell, or of positions of a digit in a house, one bit each.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl};

/// An unsigned integer used as a bit set: `u16` up to 16×16, `u32` for
/// 25×25, `u64` from 36×36 up.
pub(crate) trait Mask:
    Copy
    + Debug
    + Default
    + Eq
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
    + Shl<usize, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// Every bit set.
    const ALL: Self;
    /// `{i}`.
    fn bit(i: usize) -> Self;
    /// `{0, 1, …, n - 1}`, for `n` up to the width.
    fn ones(n: usize) -> Self;
    /// The number of members.
    fn count(self) -> u32;
    /// The smallest member (the width when empty).
    fn lowest(self) -> usize;
    /// The largest member (of a non-empty set).
    fn highest(self) -> usize;
    /// The set without its smallest member.
    fn without_lowest(self) -> Self;
}

macro_rules! mask {
    ($($t:ty),*) => {$(
        impl Mask for $t {
            const ZERO: Self = 0;
            const ALL: Self = <$t>::MAX;
            #[inline]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline]
            fn ones(n: usize) -> Self {
                if n >= <$t>::BITS as usize { <$t>::MAX } else { (1 << n) - 1 }
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn highest(self) -> usize {
                (<$t>::BITS - 1 - self.leading_zeros()) as usize
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    )*};
}

mask!(u16, u32, u64);
