//! Seeded randomness that is the same on every platform: uniform draws and shuffles.

use rand_core::Rng;

/// A uniform number in `0..n` (`n` > 0), by Lemire's multiply-and-reject
/// method on 32-bit draws, so that it is the same on every platform.
pub(crate) fn below(rng: &mut impl Rng, n: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let floor = n.wrapping_neg() % n;
        while (m as u32) < floor {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// Shuffles `items` uniformly (Fisher–Yates with [`below`]).
pub(crate) fn shuffle<T>(rng: &mut impl Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, (i + 1) as u32) as usize;
        items.swap(i, j);
    }
}
