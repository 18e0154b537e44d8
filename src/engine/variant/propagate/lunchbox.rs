//! Lunchboxes on any line: the values some placing of the least and greatest (the bread) and a set of values between them summing to the clue allow.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;

/// The largest board whose value sets are listed (2^N sets looked at once
/// per lunchbox); past it a lunchbox is checked placed.
const MAX_VALUES: usize = 16;

/// A lunchbox: the line's values differ (pairs say so beside it) and those
/// strictly between its least and its greatest sum to `sum`.
///
/// For each two places of the bread, each set of different values of the
/// right size and sum that the cells between can take (each cell meeting
/// it, their candidates covering it), and each pair of bread values below
/// and above the set that the two places allow, with enough values between
/// the bread left for the cells outside: each cell keeps what that gives
/// it (the bread its value, the cells between the set's, those outside the
/// values between the bread the set leaves).
pub(crate) struct Lunchbox {
    cells: Vec<u32>,
    /// `combos[k]`: the sets of `k` values of 1..=N summing to the clue,
    /// bit `i` value `i + 1`.
    combos: Vec<Vec<u64>>,
}

impl Lunchbox {
    /// The lunchbox `sum` on `cells` (in order along the line) on a board
    /// of side `n`; `None` past [`MAX_VALUES`] or for a line shorter than 2.
    pub(crate) fn new(cells: Vec<u32>, sum: u64, n: usize) -> Option<Self> {
        if n > MAX_VALUES || cells.len() < 2 {
            return None;
        }
        let most = (cells.len() - 2).min(n);
        let mut combos = vec![Vec::new(); most + 1];
        for set in 0u64..1 << n {
            let k = set.count_ones() as usize;
            let total: u64 = (0..n)
                .filter(|i| set >> i & 1 == 1)
                .map(|i| i as u64 + 1)
                .sum();
            if k <= most && total == sum {
                combos[k].push(set);
            }
        }
        Some(Self { cells, combos })
    }
}

/// The values strictly between bits `lo` and `hi` (`lo < hi`).
fn between(lo: usize, hi: usize) -> u64 {
    ((1u64 << hi) - 1) & !((1u64 << (lo + 1)) - 1)
}

impl<M: Mask> Constraint<M> for Lunchbox {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let len = self.cells.len();
        let w: Vec<u64> = self
            .cells
            .iter()
            .map(|&c| st.cand(c as usize).word(0))
            .collect();
        let mut keep = vec![0u64; len];
        for p in 0..len {
            for q in p + 1..len {
                let k = q - p - 1;
                let Some(combos) = self.combos.get(k) else {
                    break;
                };
                let inner = &w[p + 1..q];
                let inner_union = inner.iter().fold(0, |u, &x| u | x);
                let outer = || w[..p].iter().chain(&w[q + 1..]);
                let outer_union = outer().fold(0, |u, &x| u | x);
                let outer_len = len - k - 2;
                for &c in combos {
                    if c & !inner_union != 0 || inner.iter().any(|&x| x & c == 0) {
                        continue;
                    }
                    let (mut fits, mut found) = (false, 0);
                    for a in bits(w[p] & !c) {
                        for b in bits(w[q] & !c) {
                            let (lo, hi) = (a.min(b), a.max(b));
                            if lo == hi {
                                continue;
                            }
                            let free = between(lo, hi) & !c;
                            // The set lies between the bread; the cells outside
                            // take different values of `free`.
                            if c & !between(lo, hi) != 0
                                || (outer_union & free).count_ones() < outer_len as u32
                                || outer().any(|&x| x & free == 0)
                            {
                                continue;
                            }
                            keep[p] |= 1 << a;
                            keep[q] |= 1 << b;
                            (fits, found) = (true, found | free);
                        }
                    }
                    if fits {
                        for x in &mut keep[p + 1..q] {
                            *x |= c;
                        }
                        for i in (0..p).chain(q + 1..len) {
                            keep[i] |= found;
                        }
                    }
                }
            }
        }
        for (&c, &k) in self.cells.iter().zip(&keep) {
            st.restrict(m, c as usize, M::EMPTY.with_word(0, k))?;
        }
        Ok(())
    }
}

/// The indices of the bits of `x`, lowest first.
fn bits(mut x: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros() as usize;
            x &= x - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::Lunchbox;
    use crate::engine::variant::propagate::brute::{
        below, domain, exact_when_fixed, model, rng, sound,
    };

    /// Whether `values` keep a lunchbox of `sum`: they differ, and those
    /// strictly between the least and the greatest sum to it.
    fn keeps(values: &[usize], sum: u64) -> bool {
        let mut seen = values.to_vec();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != values.len() {
            return false;
        }
        let lo = values.iter().position(|&x| x == seen[0]).unwrap();
        let hi = values
            .iter()
            .position(|&x| Some(&x) == seen.last())
            .unwrap();
        let inner = &values[lo.min(hi) + 1..lo.max(hi)];
        inner.iter().map(|&x| x as u64).sum::<u64>() == sum
    }

    /// Planted lines of 2 to 6 different values on boards of 4 to 9: the
    /// lunchbox they keep loses no value some filling of the domains
    /// (each holding the planted value) allows, and fails exactly the
    /// fillings that break it.
    #[test]
    fn keeps_every_supported_value_of_planted_lines() {
        let mut r = rng(41);
        for n in 4..=9 {
            let m = model(n);
            for _ in 0..120 {
                let len = 2 + below(&mut r, (n - 1).min(5));
                let mut values: Vec<usize> = (1..=n).collect();
                for i in 0..len {
                    let j = i + below(&mut r, n - i);
                    values.swap(i, j);
                }
                values.truncate(len);
                let lo = (0..len).min_by_key(|&i| values[i]).unwrap();
                let hi = (0..len).max_by_key(|&i| values[i]).unwrap();
                let sum = values[lo.min(hi) + 1..lo.max(hi)].iter().sum::<usize>() as u64;
                // Cells of the first row, in random order along the line.
                let mut cells: Vec<u32> = (0..n as u32).collect();
                for i in 0..len {
                    let j = i + below(&mut r, n - i);
                    cells.swap(i, j);
                }
                cells.truncate(len);
                let con = Lunchbox::new(cells, sum, n).unwrap();
                let doms: Vec<u64> = values.iter().map(|&v| domain(&mut r, n, v, 2)).collect();
                assert!(sound(&m, &con, &doms, |a| keeps(a, sum)), "{values:?}");
                let small: Vec<u64> = values.iter().map(|&v| domain(&mut r, n, v, 4)).collect();
                exact_when_fixed(&m, &con, &small, |a| keeps(a, sum));
            }
        }
    }
}
