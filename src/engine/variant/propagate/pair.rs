//! Relations between two cells, held as tables of supports: each value of one cell keeps the values of the other it allows.

use std::sync::Arc;

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;
use crate::model::constraint::PairRule;

/// For each value of the first cell, the values of the second it allows,
/// and the other way round: bit `i` of `forward[a]` says value `a + 1`
/// of the first cell goes with value `i + 1` of the second.
pub(crate) struct PairTable<M> {
    forward: Vec<M>,
    backward: Vec<M>,
}

impl<M: Mask> PairTable<M> {
    /// The table of `rule` on a board of side `n`.
    pub(crate) fn new(n: usize, rule: &PairRule) -> Self {
        let (mut forward, mut backward) = (vec![M::EMPTY; n], vec![M::EMPTY; n]);
        for (a, fwd) in forward.iter_mut().enumerate() {
            for (b, bwd) in backward.iter_mut().enumerate() {
                if rule.allows(n, a as u16 + 1, b as u16 + 1) {
                    *fwd |= M::bit(b);
                    *bwd |= M::bit(a);
                }
            }
        }
        Self { forward, backward }
    }
}

/// A relation between two cells, made arc consistent: each value left in
/// one cell has a value the relation allows with it left in the other.
pub(crate) struct Pair<M> {
    cells: [u32; 2],
    table: Arc<PairTable<M>>,
}

impl<M> Pair<M> {
    /// The relation of `table` between `cells`, in its order.
    pub(crate) fn new(cells: [u32; 2], table: Arc<PairTable<M>>) -> Self {
        Self { cells, table }
    }
}

/// The union of `table[i]` over the values `i` of `cand`.
fn supports<M: Mask>(table: &[M], cand: M) -> M {
    let (mut out, mut rest) = (M::EMPTY, cand);
    while !rest.is_empty() {
        let i = rest.first();
        rest = rest.without_lowest();
        if let Some(&s) = table.get(i) {
            out |= s;
        }
    }
    out
}

impl<M: Mask> Constraint<M> for Pair<M> {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let [a, b] = self.cells.map(|c| c as usize);
        let keep_b = supports(&self.table.forward, st.cand(a));
        st.restrict(m, b, keep_b)?;
        let keep_a = supports(&self.table.backward, st.cand(b));
        st.restrict(m, a, keep_a)
    }
}
