//! Renban lines: their cells hold different values that make a run of consecutive values, in any order.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;

/// A renban line of k cells: k different values, consecutive once sorted.
///
/// A run of k values stays possible while every cell has a candidate in it
/// and every value of it has a cell (k cells, k values: each is used); the
/// cells keep their candidates in some run still possible. A value placed
/// leaves the other cells, and a value every possible run holds goes to
/// its one cell left.
pub(crate) struct Renban {
    cells: Vec<u32>,
}

impl Renban {
    /// The renban line on `cells`.
    pub(crate) fn new(cells: Vec<u32>) -> Self {
        Self { cells }
    }
}

impl<M: Mask> Constraint<M> for Renban {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let k = self.cells.len();
        if k == 0 {
            return Ok(());
        }
        if k > m.n {
            return Err(Contradiction);
        }
        // Values placed leave the other cells (they need not be peers).
        for (i, &a) in self.cells.iter().enumerate() {
            let cand = st.cand(a as usize);
            if cand.is_single() {
                for (j, &b) in self.cells.iter().enumerate() {
                    if j != i {
                        st.restrict(m, b as usize, !cand)?;
                    }
                }
            }
        }
        let cand: Vec<M> = self.cells.iter().map(|&c| st.cand(c as usize)).collect();
        let union = cand.iter().fold(M::EMPTY, |u, &c| u | c);
        let (mut allowed, mut required) = (M::EMPTY, !M::EMPTY);
        for low in 0..=m.n - k {
            let run = M::range(low, low + k - 1);
            if union & run != run || !cand.iter().all(|c| c.meets(run)) {
                continue;
            }
            allowed |= run;
            required &= run;
        }
        if allowed.is_empty() {
            return Err(Contradiction);
        }
        for &c in &self.cells {
            st.restrict(m, c as usize, allowed)?;
        }
        let mut need = required;
        while !need.is_empty() {
            let bit = need.lowest();
            need = need.without_lowest();
            let mut places = self
                .cells
                .iter()
                .filter(|&&c| st.cand(c as usize).meets(bit));
            match (places.next(), places.next()) {
                (None, _) => return Err(Contradiction),
                (Some(&c), None) => st.restrict(m, c as usize, bit)?,
                _ => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::propagate::brute::{
        below, distinct, domain, exact_when_fixed, model, rng, sound,
    };

    fn holds(values: &[usize]) -> bool {
        let (lo, hi) = (values.iter().min().unwrap(), values.iter().max().unwrap());
        distinct(values) && hi - lo + 1 == values.len()
    }

    #[test]
    fn keeps_every_value_of_a_solution() {
        // Cells across boxes and rows, so that they need not be peers.
        let m = model(6);
        let mut solvable = 0;
        for seed in 0..300 {
            let mut r = rng(seed);
            let k = 1 + below(&mut r, 4);
            let low = 1 + below(&mut r, 7 - k);
            let cells: Vec<u32> = [0, 7, 14, 21][..k].to_vec();
            let doms: Vec<u64> = (0..k)
                .map(|i| domain(&mut r, 6, low + (i * 5 + seed as usize) % k, 3))
                .collect();
            let con = Renban::new(cells);
            solvable += usize::from(sound(&m, &con, &doms, holds));
        }
        assert!(solvable > 100, "only {solvable} cases had a solution");
    }

    #[test]
    fn fails_exactly_when_fixed_cells_break_it() {
        let m = model(6);
        exact_when_fixed(&m, &Renban::new(vec![0, 7, 14]), &[0b11_1111; 3], holds);
    }
}
