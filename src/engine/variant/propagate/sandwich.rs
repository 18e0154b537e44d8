//! Sandwiches: the cells between the 1 and the N of a row or column sum to the clue.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;

/// The largest board whose cells between the ends are bounded one by one
/// for each placing (N³ steps); past it they keep every value but 1 and N.
const MAX_BOUNDED: usize = 64;

/// A sandwich sum on a line of cells (a row or a column, whose values
/// differ): the line holds one 1 and one N, and the cells strictly between
/// them sum to `sum` (0 when they touch).
///
/// Each placing of the 1 and the N that the candidates allow, and that the
/// cells between can fill (each with a value other than 1 and N, their
/// least and greatest sums around the clue, and as many different values
/// as there are cells), keeps the 1 and the N where it puts them, the
/// values of the cells between that the others' bounds leave, and every
/// value but 1 and N outside.
pub(crate) struct Sandwich {
    cells: Vec<u32>,
    sum: u64,
    /// On a line of at most [`MAX_COMBOS`] cells: `combos[k]`, the sets of
    /// `k` values of 2..=N-1 (N the line's length) that sum to `sum`, as
    /// masks; else empty.
    combos: Vec<Vec<u64>>,
}

/// The longest line whose fillings between the ends are listed by their
/// sets of values (2^(N-2) sets looked at once), as the Interactive Sudoku
/// Solver's sandwiches do: not in the compact WebAssembly build, for its
/// size limit (as `search::HOUSES`).
const MAX_COMBOS: usize = if cfg!(all(feature = "compact", target_arch = "wasm32")) {
    0
} else {
    16
};

impl Sandwich {
    /// The sandwich `sum` on `cells`, in order along the line.
    pub(crate) fn new(cells: Vec<u32>, sum: u64) -> Self {
        let n = cells.len();
        let mut combos = Vec::new();
        if (3..=MAX_COMBOS).contains(&n) {
            combos = vec![Vec::new(); n - 1];
            for set in 0u64..1 << (n - 2) {
                // Bit i of `set`: value i + 2; as a mask, bit i + 1.
                let total: u64 = (0..n - 2)
                    .filter(|i| set >> i & 1 == 1)
                    .map(|i| i as u64 + 2)
                    .sum();
                if total == sum {
                    combos[set.count_ones() as usize].push(set << 1);
                }
            }
        }
        Self { cells, sum, combos }
    }
}

impl<M: Mask> Constraint<M> for Sandwich {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let (n, len) = (m.n, self.cells.len());
        if n < 2 {
            return Err(Contradiction);
        }
        let (one, top) = (M::bit(0), M::bit(n - 1));
        let cand: Vec<M> = self.cells.iter().map(|&c| st.cand(c as usize)).collect();
        let inner: Vec<M> = cand.iter().map(|&c| c & !(one | top)).collect();
        // Prefix sums of the inner least and greatest values, and of the
        // cells with no inner value.
        let (mut lo, mut hi, mut blocked) = (
            vec![0u64; len + 1],
            vec![0u64; len + 1],
            vec![0usize; len + 1],
        );
        for (i, &c) in inner.iter().enumerate() {
            let empty = c.is_empty();
            lo[i + 1] = lo[i] + if empty { 0 } else { c.first() as u64 + 1 };
            hi[i + 1] = hi[i] + if empty { 0 } else { c.last() as u64 + 1 };
            blocked[i + 1] = blocked[i] + usize::from(empty);
        }
        let s = self.sum;
        let mut keep = vec![M::EMPTY; len];
        // `outside[i]`: cell `i` lies outside some placing that holds.
        let mut outside = vec![0i32; len + 1];
        // `between[i]`, on big boards: cell `i` lies between the ends of one.
        let mut between = vec![0i32; len + 1];
        let mut any = false;
        for p in 0..len {
            if !cand[p].meets(one) {
                continue;
            }
            for q in 0..len {
                if q == p || !cand[q].meets(top) {
                    continue;
                }
                let (a, b) = (p.min(q), p.max(q));
                let k = (b - a - 1) as u64;
                // Every other cell needs a value other than 1 and N.
                let others_blocked = blocked[len]
                    - usize::from(inner[p].is_empty())
                    - usize::from(inner[q].is_empty());
                if others_blocked > 0 {
                    continue;
                }
                let (least, most) = (lo[b] - lo[a + 1], hi[b] - hi[a + 1]);
                // k different values of 2..=N-1.
                let n64 = n as u64;
                if k + 2 > n64 {
                    continue;
                }
                let (dl, dh) = (k * (k + 3) / 2, k * (2 * n64 - 1 - k) / 2);
                if s < least.max(dl) || s > most.min(dh) {
                    continue;
                }
                if MAX_COMBOS > 0 && !self.combos.is_empty() && n == len {
                    // By the sets of values between: each must lie in the
                    // cells between, and leave enough values outside.
                    let word = |from: usize, to: usize| {
                        inner[from..to].iter().fold(0, |u, c| u | c.word(0))
                    };
                    let (within, out) = (word(a + 1, b), word(0, a) | word(b + 1, len));
                    let outer_cells = (len - (b - a) - 1) as u32;
                    let (mut ins, mut outs, mut found) = (0u64, 0u64, false);
                    for &set in &self.combos[k as usize] {
                        if set & !within == 0 && (out & !set).count_ones() >= outer_cells {
                            (ins, outs, found) = (ins | set, outs | !set, true);
                        }
                    }
                    if !found {
                        continue;
                    }
                    any = true;
                    keep[p] |= one;
                    keep[q] |= top;
                    for (i, kept) in keep.iter_mut().enumerate() {
                        let allowed = if (a + 1..b).contains(&i) { ins } else { outs };
                        if i != p && i != q {
                            *kept |= inner[i] & M::EMPTY.with_word(0, allowed);
                        }
                    }
                    continue;
                }
                any = true;
                keep[p] |= one;
                keep[q] |= top;
                outside[0] += 1;
                outside[a] -= 1;
                outside[b + 1] += 1;
                outside[len] -= 1;
                if n > MAX_BOUNDED {
                    // Big boards: the cells between keep every inner value.
                    between[a + 1] += 1;
                    between[b] -= 1;
                    continue;
                }
                for i in a + 1..b {
                    let c = inner[i];
                    let (ci, ch) = (c.first() as u64 + 1, c.last() as u64 + 1);
                    // This cell within [s - (most - ch), s - (least - ci)].
                    let from = s.saturating_sub(most - ch).max(2);
                    let to = s.saturating_sub(least - ci);
                    if from <= to {
                        keep[i] |= c & M::range(from as usize - 1, (to as usize - 1).min(n - 1));
                    }
                }
            }
        }
        if !any {
            return Err(Contradiction);
        }
        let (mut depth, mut inside) = (0, 0);
        for i in 0..len {
            depth += outside[i];
            inside += between[i];
            if depth > 0 || inside > 0 {
                keep[i] |= inner[i];
            }
            st.restrict(m, self.cells[i] as usize, keep[i])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::propagate::brute::{
        distinct, domain, exact_on_rows, model, rng, sound,
    };
    use crate::random::shuffle;

    /// Whether `values` differ and hold one 1 and one `n`, with `sum` between them.
    fn holds(n: usize, sum: u64, values: &[usize]) -> bool {
        if !distinct(values) {
            return false;
        }
        let at = |v: usize| -> Option<usize> {
            let mut places = values.iter().enumerate().filter(|e| *e.1 == v).map(|e| e.0);
            let first = places.next()?;
            places.next().is_none().then_some(first)
        };
        let (Some(p), Some(q)) = (at(1), at(n)) else {
            return false;
        };
        let between = &values[p.min(q) + 1..p.max(q)];
        between.iter().map(|&v| v as u64).sum::<u64>() == sum
    }

    #[test]
    fn keeps_every_value_of_a_solution() {
        let m = model(6);
        let con_cells: Vec<u32> = (0..6).collect();
        let mut solvable = 0;
        for seed in 0..300 {
            let mut r = rng(seed);
            let mut row: Vec<usize> = (1..=6).collect();
            shuffle(&mut r, &mut row);
            let (p, q) = (
                row.iter().position(|&v| v == 1).unwrap(),
                row.iter().position(|&v| v == 6).unwrap(),
            );
            let sum: u64 = row[p.min(q) + 1..p.max(q)].iter().map(|&v| v as u64).sum();
            let sum = if seed % 5 == 0 { sum + 1 } else { sum };
            let con = Sandwich::new(con_cells.clone(), sum);
            let doms: Vec<u64> = row.iter().map(|&v| domain(&mut r, 6, v, 3)).collect();
            solvable += usize::from(sound(&m, &con, &doms, |v| holds(6, sum, v)));
        }
        assert!(solvable > 100, "only {solvable} cases had a solution");
    }

    #[test]
    fn fails_exactly_when_fixed_cells_break_it() {
        let m = model(4);
        // Rows whose values differ, as a row's do.
        for sum in 0..6 {
            let con = Sandwich::new(vec![0, 1, 2, 3], sum);
            exact_on_rows(&m, &con, 4, |v| holds(4, sum, v));
        }
    }

    #[test]
    fn a_clue_of_the_whole_middle_puts_the_ends_outside() {
        // 4×4: 2 + 3 = 5 between means 1 and 4 at the two ends.
        let m = model(4);
        let con = Sandwich::new(vec![0, 1, 2, 3], 5);
        let kept =
            crate::engine::variant::propagate::brute::propagated(&m, &con, &[0b1111; 4]).unwrap();
        assert_eq!(kept, vec![0b1001, 0b0110, 0b0110, 0b1001]);
    }

    /// Planted rows of 9 and their sandwiches: the sets of values between
    /// keep every value of some filling (so the planted row's), and prune
    /// more than the bounds alone.
    #[test]
    fn sets_between_keep_a_planted_row() {
        use crate::engine::variant::propagate::brute::propagated;
        let m = model(9);
        let cells: Vec<u32> = (0..9).collect();
        let (mut solvable, mut more) = (0, 0);
        for seed in 0..120 {
            let mut r = rng(seed + 6_000_000);
            let mut row: Vec<usize> = (1..=9).collect();
            shuffle(&mut r, &mut row);
            let (p, q) = (
                row.iter().position(|&v| v == 1).unwrap(),
                row.iter().position(|&v| v == 9).unwrap(),
            );
            let sum: u64 = row[p.min(q) + 1..p.max(q)].iter().map(|&v| v as u64).sum();
            let con = Sandwich::new(cells.clone(), sum);
            let doms: Vec<u64> = row.iter().map(|&v| domain(&mut r, 9, v, 3)).collect();
            solvable += usize::from(sound(&m, &con, &doms, |v| holds(9, sum, v)));
            let bounds = Sandwich {
                combos: Vec::new(),
                ..Sandwich::new(cells.clone(), sum)
            };
            more += usize::from(propagated(&m, &con, &doms) != propagated(&m, &bounds, &doms));
        }
        assert_eq!(solvable, 120);
        assert!(more > 10, "the sets pruned more in only {more} cases");
    }
}
