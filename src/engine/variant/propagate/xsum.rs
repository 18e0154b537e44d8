//! X-sums: the first X cells from a side of a row or column sum to the clue, X being the first cell's value.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;

/// An X-sum on a line of cells read from the clue's side (a row or a
/// column, whose values differ): with X the first cell's value, the first
/// X cells sum to `sum`.
///
/// Each X the first cell allows, that the line is long enough for and
/// whose cells' least and greatest sums (and those of X different values)
/// reach the clue, keeps X in the first cell, the values the others'
/// bounds leave in the next X - 1, and every value past them.
pub(crate) struct XSum {
    cells: Vec<u32>,
    sum: u64,
}

impl XSum {
    /// The X-sum `sum` on `cells`, from the clue's side.
    pub(crate) fn new(cells: Vec<u32>, sum: u64) -> Self {
        Self { cells, sum }
    }
}

impl<M: Mask> Constraint<M> for XSum {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let (n, len, s) = (m.n as u64, self.cells.len(), self.sum);
        let cand: Vec<M> = self.cells.iter().map(|&c| st.cand(c as usize)).collect();
        let (mut lo, mut hi) = (vec![0u64; len + 1], vec![0u64; len + 1]);
        for (i, c) in cand.iter().enumerate() {
            lo[i + 1] = lo[i] + c.first() as u64 + 1;
            hi[i + 1] = hi[i] + c.last() as u64 + 1;
        }
        let mut keep = vec![M::EMPTY; len];
        // Cells from `free` on lie past every X that holds.
        let mut free = len;
        let mut xs = cand[0];
        while !xs.is_empty() {
            let bit = xs.lowest();
            xs = xs.without_lowest();
            let x = bit.first() + 1;
            let x64 = x as u64;
            if x > len {
                break;
            }
            // The others sum to `rest`: within their bounds, and x different values' sum within theirs.
            let (least, most) = (lo[x] - lo[1], hi[x] - hi[1]);
            let (dl, dh) = (x64 * (x64 + 1) / 2, x64 * (2 * n - x64 + 1) / 2);
            if s < dl || s > dh || s < x64 || s - x64 < least || s - x64 > most {
                continue;
            }
            let rest = s - x64;
            keep[0] |= bit;
            free = free.min(x);
            for i in 1..x {
                let c = cand[i];
                let (ci, ch) = (c.first() as u64 + 1, c.last() as u64 + 1);
                let from = rest.saturating_sub(most - ch).max(1);
                let to = rest - (least - ci);
                if from <= to {
                    keep[i] |= c & M::range(from as usize - 1, (to as usize - 1).min(m.n - 1));
                }
            }
        }
        if keep[0].is_empty() {
            return Err(Contradiction);
        }
        for (i, &c) in self.cells.iter().enumerate() {
            let k = if i >= free { cand[i] } else { keep[i] };
            st.restrict(m, c as usize, k)?;
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

    /// Whether `values` differ and their first X sum to `sum`.
    fn holds(sum: u64, values: &[usize]) -> bool {
        let x = values[0];
        distinct(values)
            && x <= values.len()
            && values[..x].iter().map(|&v| v as u64).sum::<u64>() == sum
    }

    #[test]
    fn keeps_every_value_of_a_solution() {
        let m = model(6);
        let mut solvable = 0;
        for seed in 0..300 {
            let mut r = rng(seed);
            let mut row: Vec<usize> = (1..=6).collect();
            shuffle(&mut r, &mut row);
            let sum: u64 = row[..row[0]].iter().map(|&v| v as u64).sum();
            let sum = if seed % 5 == 0 { sum + 2 } else { sum };
            // Read from the right half the time: a column's cells in any order.
            let cells: Vec<u32> = if seed % 2 == 0 {
                (0..6).collect()
            } else {
                (0..6).rev().map(|c| c * 6).collect()
            };
            let con = XSum::new(cells, sum);
            let doms: Vec<u64> = row.iter().map(|&v| domain(&mut r, 6, v, 3)).collect();
            solvable += usize::from(sound(&m, &con, &doms, |v| holds(sum, v)));
        }
        assert!(solvable > 100, "only {solvable} cases had a solution");
    }

    #[test]
    fn fails_exactly_when_fixed_cells_break_it() {
        let m = model(4);
        for sum in 0..12 {
            let con = XSum::new(vec![3, 2, 1, 0], sum);
            exact_on_rows(&m, &con, 4, |v| holds(sum, v));
        }
    }
}
