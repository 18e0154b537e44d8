//! Sums over cells that need not differ: each cell kept within what the others' least and greatest values leave it.

use super::Constraint;
use crate::engine::state::Contradiction;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;

/// A sum over cells whose values may repeat, by bounds: a cell's value lies
/// between the sum less the others' greatest values and the sum less their
/// least.
pub(crate) struct Bounds {
    cells: Vec<u32>,
    sum: u64,
}

impl Bounds {
    /// The sum `sum` over `cells`.
    pub(crate) fn new(cells: Vec<u32>, sum: u64) -> Self {
        Self { cells, sum }
    }
}

impl Constraint for Bounds {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model, st: &mut State) -> Result<(), Contradiction> {
        let value = |bit: u32| u64::from(bit) + 1;
        let (mut low, mut high) = (0u64, 0u64);
        for &c in &self.cells {
            let cand = st.cand(c as usize);
            low += value(cand.trailing_zeros());
            high += value(63 - cand.leading_zeros());
        }
        if self.sum < low || self.sum > high {
            return Err(Contradiction);
        }
        for &c in &self.cells {
            let cand = st.cand(c as usize);
            let (lo, hi) = (
                value(cand.trailing_zeros()),
                value(63 - cand.leading_zeros()),
            );
            // This cell's value lies in [sum - (high - hi), sum - (low - lo)].
            let least = self.sum.saturating_sub(high - hi);
            let most = self.sum - (low - lo);
            let keep = range_mask(least, most);
            st.restrict(m, c as usize, keep)?;
        }
        Ok(())
    }
}

/// The mask of values `least..=most` (bit `v - 1` for value `v`), clipped to 1..=64.
fn range_mask(least: u64, most: u64) -> u64 {
    let least = least.max(1);
    if most < least {
        return 0;
    }
    let upto = |v: u64| if v >= 64 { u64::MAX } else { (1u64 << v) - 1 };
    upto(most) & !upto(least - 1)
}
