//! Slice sorts: the standard library's, or small ones in the compact build.
//!
//! The standard sorts are fast but each instance is several kilobytes of
//! WebAssembly; the compact build (the npm package) sorts by a heapsort and,
//! where order must be stable, an insertion sort, one instance per element
//! type (record 0026).

use std::cmp::Ordering;

/// Whether to use the small sorts.
const SMALL: bool = cfg!(all(feature = "compact", target_arch = "wasm32"));

/// Sorts whose code stays small in the compact build; elsewhere they are
/// the standard library's.
pub(crate) trait SmallSort<T> {
    /// `sort_unstable`.
    fn sort_small(&mut self)
    where
        T: Ord;
    /// `sort_unstable_by`.
    fn sort_small_by(&mut self, compare: impl FnMut(&T, &T) -> Ordering);
    /// `sort_unstable_by_key`.
    fn sort_small_by_key<K: Ord>(&mut self, key: impl FnMut(&T) -> K);
    /// `sort_by_key`: elements with equal keys keep their order.
    fn sort_stable_by_key<K: Ord>(&mut self, key: impl FnMut(&T) -> K);
}

impl<T> SmallSort<T> for [T] {
    fn sort_small(&mut self)
    where
        T: Ord,
    {
        if SMALL {
            heapsort(self, &mut |a, b| a < b);
        } else {
            self.sort_unstable();
        }
    }

    fn sort_small_by(&mut self, mut compare: impl FnMut(&T, &T) -> Ordering) {
        if SMALL {
            heapsort(self, &mut |a, b| compare(a, b) == Ordering::Less);
        } else {
            self.sort_unstable_by(compare);
        }
    }

    fn sort_small_by_key<K: Ord>(&mut self, mut key: impl FnMut(&T) -> K) {
        if SMALL {
            heapsort(self, &mut |a, b| key(a) < key(b));
        } else {
            self.sort_unstable_by_key(key);
        }
    }

    fn sort_stable_by_key<K: Ord>(&mut self, mut key: impl FnMut(&T) -> K) {
        if SMALL {
            insertion_sort(self, &mut |a, b| key(a) < key(b));
        } else {
            self.sort_by_key(key);
        }
    }
}

/// Sorts `v` by `less` in O(n log n), not stably.
#[inline(never)]
fn heapsort<T>(v: &mut [T], less: &mut dyn FnMut(&T, &T) -> bool) {
    // Sift `v[node]` down within `v[..end]`, a max-heap below it.
    let mut sift = |v: &mut [T], mut node: usize, end: usize| loop {
        let mut child = 2 * node + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && less(&v[child], &v[child + 1]) {
            child += 1;
        }
        if !less(&v[node], &v[child]) {
            return;
        }
        v.swap(node, child);
        node = child;
    };
    let n = v.len();
    for node in (0..n / 2).rev() {
        sift(v, node, n);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift(v, 0, end);
    }
}

/// Sorts `v` by `less` stably, in O(n²): for the short lists that need it.
#[inline(never)]
fn insertion_sort<T>(v: &mut [T], less: &mut dyn FnMut(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn heapsort_sorts_as_the_standard_sort(mut v in proptest::collection::vec(0u8..20, 0..200)) {
            let mut want = v.clone();
            want.sort_unstable();
            heapsort(&mut v, &mut |a, b| a < b);
            prop_assert_eq!(v, want);
        }

        #[test]
        fn insertion_sort_is_stable(mut v in proptest::collection::vec((0u8..6, 0u16..1000), 0..100)) {
            let mut want = v.clone();
            want.sort_by_key(|p| p.0);
            insertion_sort(&mut v, &mut |a, b| a.0 < b.0);
            prop_assert_eq!(v, want);
        }
    }

    #[test]
    fn the_trait_sorts_in_either_build() {
        let mut v = vec![(2, 'b'), (1, 'x'), (2, 'a'), (0, 'z')];
        v.sort_stable_by_key(|p| p.0);
        assert_eq!(v, [(0, 'z'), (1, 'x'), (2, 'b'), (2, 'a')]);
        v.sort_small_by(|a, b| b.cmp(a));
        assert_eq!(v, [(2, 'b'), (2, 'a'), (1, 'x'), (0, 'z')]);
        v.sort_small_by_key(|p| p.1);
        assert_eq!(v, [(2, 'a'), (2, 'b'), (1, 'x'), (0, 'z')]);
        v.sort_small();
        assert_eq!(v, [(0, 'z'), (1, 'x'), (2, 'a'), (2, 'b')]);
    }
}
