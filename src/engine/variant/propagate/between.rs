//! Between lines: every cell of the line lies strictly between the values of its two end circles.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;

/// A between line: its first and last cells are the circles, and every
/// cell between them on the line holds a value strictly between theirs.
///
/// With `reach(lo)` the greatest, over the line's cells, of each cell's
/// least candidate above `lo`, circles `lo` and `hi` can stand while
/// `hi > reach(lo)`: every cell then has a value between. The circles keep
/// the values some such pair uses, and the cells the values above the
/// least and below the greatest circle of a pair that holds. That keeps
/// every value of a solution of the line.
pub(crate) struct Between {
    cells: Vec<u32>,
}

impl Between {
    /// The between line on `cells`, its ends the circles.
    pub(crate) fn new(cells: Vec<u32>) -> Self {
        Self { cells }
    }
}

impl<M: Mask> Constraint<M> for Between {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let len = self.cells.len();
        if len < 3 {
            return Ok(());
        }
        let n = m.n;
        let (a, b) = (self.cells[0] as usize, self.cells[len - 1] as usize);
        let line = &self.cells[1..len - 1];
        // `reach[lo]` for values lo in 0..=n (bit indices lo - 1): n + 1 where no value is above.
        let mut reach = vec![0usize; n + 1];
        for &c in line {
            let cand = st.cand(c as usize);
            for (lo, r) in reach.iter_mut().enumerate() {
                // The least value above lo: bits lo.. (values lo + 1..).
                let above = cand & !M::full(lo);
                let v = if above.is_empty() {
                    n + 1
                } else {
                    above.first() + 1
                };
                *r = (*r).max(v);
            }
        }
        let value = |bit: usize| bit + 1;
        let (da, db) = (st.cand(a), st.cand(b));
        let ends = |mine: M, other: M| {
            let (omin, omax) = (value(other.first()), value(other.last()));
            let mut keep = M::EMPTY;
            let mut c = mine;
            while !c.is_empty() {
                let x = value(c.first());
                c = c.without_lowest();
                // x low with the other's greatest, or high with the other's least.
                if omax > reach[x] || (omin < x && reach[omin] < x) {
                    keep |= M::bit(x - 1);
                }
            }
            keep
        };
        let (ka, kb) = (ends(da, db), ends(db, da));
        // The cells: above the low circle and below the high one of a pair that holds.
        let mut inside = M::EMPTY;
        for (low, high) in [(da, db), (db, da)] {
            let (lo, hi) = (value(low.first()), value(high.last()));
            if hi > reach[lo] && hi > lo + 1 {
                inside |= M::range(lo, hi - 2);
            }
        }
        st.restrict(m, a, ka)?;
        st.restrict(m, b, kb)?;
        for &c in line {
            st.restrict(m, c as usize, inside)?;
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

    fn holds(values: &[usize]) -> bool {
        let (x, y) = (values[0], values[values.len() - 1]);
        let (lo, hi) = (x.min(y), x.max(y));
        values[1..values.len() - 1]
            .iter()
            .all(|&v| lo < v && v < hi)
    }

    #[test]
    fn keeps_every_value_of_a_solution() {
        let m = model(6);
        let mut solvable = 0;
        for seed in 0..400 {
            let mut r = rng(seed);
            let k = 3 + below(&mut r, 3);
            let cells: Vec<u32> = (0..k as u32).map(|i| i * 7 % 36).collect();
            let doms: Vec<u64> = (0..k).map(|_| domain(&mut r, 6, 0, 2)).collect();
            solvable += usize::from(sound(&m, &Between::new(cells), &doms, holds));
        }
        assert!(solvable > 100, "only {solvable} cases had a solution");
    }

    #[test]
    fn fails_exactly_when_fixed_cells_break_it() {
        let m = model(6);
        exact_when_fixed(
            &m,
            &Between::new(vec![0, 7, 14, 21]),
            &[0b11_1111; 4],
            holds,
        );
    }
}
