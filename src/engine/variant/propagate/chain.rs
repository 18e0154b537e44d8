//! Thermometers: values that increase (or never decrease) along a chain of cells, kept within the bounds their places leave.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;

/// Values increasing along `cells` (never decreasing, when `slow`): each
/// cell's least value is above the one before's, its greatest below the
/// one after's, so a cell k places from the bulb holds at least k + 1.
pub(crate) struct Chain {
    cells: Vec<u32>,
    slow: bool,
}

impl Chain {
    /// The chain along `cells`, lowest first.
    pub(crate) fn new(cells: Vec<u32>, slow: bool) -> Self {
        Self { cells, slow }
    }
}

impl<M: Mask> Constraint<M> for Chain {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let step = usize::from(!self.slow);
        // Bit indices: the least each cell may hold, going up the chain.
        let mut least = 0usize;
        for (i, &c) in self.cells.iter().enumerate() {
            let floor = if i == 0 { 0 } else { least + step };
            if floor >= M::BITS {
                return Err(Contradiction);
            }
            st.restrict(m, c as usize, M::range(floor, M::BITS - 1))?;
            least = st.cand(c as usize).first();
        }
        let mut most = usize::MAX;
        for (i, &c) in self.cells.iter().enumerate().rev() {
            let ceiling = if i + 1 == self.cells.len() {
                M::BITS - 1
            } else {
                most.checked_sub(step).ok_or(Contradiction)?
            };
            st.restrict(m, c as usize, M::range(0, ceiling))?;
            most = st.cand(c as usize).last().min(ceiling);
        }
        Ok(())
    }
}
