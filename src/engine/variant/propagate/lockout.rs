//! Lockout lines: the end circles differ by at least a given amount, and no cell of the line lies between them, inclusive.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;

/// A lockout line: its first and last cells are the circles, whose values
/// differ by at least `gap`, and every cell between them on the line holds
/// a value below both circles or above both.
///
/// For a low circle `lo`, the high circle may go up to `most(lo)`, one
/// below the least greatest candidate of the cells with none below `lo`.
/// The circles keep the values of the pairs `lo + gap ≤ hi ≤ most(lo)`
/// their candidates allow, and the cells the values below the greatest
/// such `lo` or above the least such `hi`: every value of a solution.
pub(crate) struct Lockout {
    cells: Vec<u32>,
    gap: usize,
}

impl Lockout {
    /// The lockout line on `cells`, its ends the circles, which differ by at least `gap`.
    pub(crate) fn new(cells: Vec<u32>, gap: usize) -> Self {
        Self { cells, gap }
    }
}

impl<M: Mask> Constraint<M> for Lockout {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let len = self.cells.len();
        if len < 2 {
            return Ok(());
        }
        let n = m.n;
        let (a, b) = (self.cells[0] as usize, self.cells[len - 1] as usize);
        let line = &self.cells[1..len - 1];
        // `most[lo]` for values lo in 1..=n.
        let mut most = vec![n; n + 1];
        for &c in line {
            let cand = st.cand(c as usize);
            let (least, greatest) = (cand.first() + 1, cand.last() + 1);
            for m in &mut most[1..=least.min(n)] {
                *m = (*m).min(greatest - 1);
            }
        }
        let (da, db) = (st.cand(a), st.cand(b));
        // keep[0] for the first circle, keep[1] for the last.
        let mut keep = [M::EMPTY; 2];
        // The greatest low circle and the least high circle of a pair that holds.
        let (mut top_lo, mut least_hi) = (0usize, n + 1);
        for (low, high, l) in [(da, db, 0), (db, da, 1)] {
            let mut c = low;
            while !c.is_empty() {
                let lo = c.first() + 1;
                c = c.without_lowest();
                if lo + self.gap > most[lo] {
                    continue;
                }
                // High circles lo + gap..=most(lo), as bits.
                let his = high & M::range(lo + self.gap - 1, most[lo] - 1);
                if his.is_empty() {
                    continue;
                }
                keep[l] |= M::bit(lo - 1);
                keep[1 - l] |= his;
                top_lo = top_lo.max(lo);
                least_hi = least_hi.min(his.first() + 1);
            }
        }
        let [ka, kb] = keep;
        if ka.is_empty() {
            return Err(Contradiction);
        }
        st.restrict(m, a, ka)?;
        st.restrict(m, b, kb)?;
        // Values below top_lo or above least_hi.
        let below = if top_lo > 1 {
            M::range(0, top_lo - 2)
        } else {
            M::EMPTY
        };
        let above = M::range(least_hi, n - 1);
        for &c in line {
            st.restrict(m, c as usize, below | above)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::propagate::brute::{
        below, domain, exact_when_fixed, model, rng, sound,
    };

    fn holds(gap: usize, values: &[usize]) -> bool {
        let (x, y) = (values[0], values[values.len() - 1]);
        let (lo, hi) = (x.min(y), x.max(y));
        hi - lo >= gap
            && values[1..values.len() - 1]
                .iter()
                .all(|&v| v < lo || v > hi)
    }

    #[test]
    fn keeps_every_value_of_a_solution() {
        let m = model(6);
        let mut solvable = 0;
        for seed in 0..400 {
            let mut r = rng(seed);
            let k = 2 + below(&mut r, 4);
            let gap = 1 + below(&mut r, 3);
            let cells: Vec<u32> = (0..k as u32).map(|i| i * 7 % 36).collect();
            let doms: Vec<u64> = (0..k).map(|_| domain(&mut r, 6, 0, 2)).collect();
            solvable += usize::from(sound(&m, &Lockout::new(cells, gap), &doms, |v| {
                holds(gap, v)
            }));
        }
        assert!(solvable > 100, "only {solvable} cases had a solution");
    }

    #[test]
    fn fails_exactly_when_fixed_cells_break_it() {
        let m = model(6);
        for gap in 1..4 {
            let con = Lockout::new(vec![0, 7, 14, 21], gap);
            exact_when_fixed(&m, &con, &[0b11_1111; 4], |v| holds(gap, v));
        }
    }
}
