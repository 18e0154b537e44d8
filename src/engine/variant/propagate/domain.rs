//! Cells kept to a set of values: odd and even cells.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;

/// A cell that holds one of a set of values.
pub(crate) struct Domain<M> {
    cell: [u32; 1],
    values: M,
}

impl<M: Mask> Domain<M> {
    /// `cell` kept to `values` (each 1 to N).
    pub(crate) fn new(cell: u32, values: &[u16]) -> Self {
        let values = values
            .iter()
            .filter(|&&v| v >= 1 && usize::from(v) <= M::BITS)
            .fold(M::EMPTY, |m, &v| m | M::bit(usize::from(v) - 1));
        Self {
            cell: [cell],
            values,
        }
    }
}

impl<M: Mask> Constraint<M> for Domain<M> {
    fn cells(&self) -> &[u32] {
        &self.cell
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        st.restrict(m, self.cell[0] as usize, self.values)
    }
}
