//! Sums over cells that need not differ: each cell kept within what the others' least and greatest values leave it.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
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

impl<M: Mask> Constraint<M> for Bounds {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let value = |bit: usize| bit as u64 + 1;
        let (mut low, mut high) = (0u64, 0u64);
        for &c in &self.cells {
            let cand = st.cand(c as usize);
            low += value(cand.first());
            high += value(cand.last());
        }
        if self.sum < low || self.sum > high {
            return Err(Contradiction);
        }
        for &c in &self.cells {
            let cand = st.cand(c as usize);
            let (lo, hi) = (value(cand.first()), value(cand.last()));
            // This cell's value lies in [sum - (high - hi), sum - (low - lo)].
            let least = self.sum.saturating_sub(high - hi).max(1);
            let most = self.sum - (low - lo);
            let keep = if most < least {
                M::EMPTY
            } else {
                let bit = |v: u64| usize::try_from(v - 1).unwrap_or(usize::MAX).min(M::BITS);
                M::range(bit(least), bit(most))
            };
            st.restrict(m, c as usize, keep)?;
        }
        Ok(())
    }
}
