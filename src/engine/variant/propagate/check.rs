//! The fallback for rules the engine does not propagate yet: a weighted sum kept within its bounds, a named rule checked on its placed cells.

use std::sync::Arc;

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;
use crate::model::rules::Rules;

/// `Σ weights[i]·value(cells[i]) == total`, failing once the cells'
/// candidates cannot reach the total; it removes nothing.
pub(crate) struct LinearCheck {
    cells: Vec<u32>,
    weights: Vec<i64>,
    total: i64,
}

impl LinearCheck {
    /// The sum over `cells` with `weights`.
    pub(crate) fn new(cells: Vec<u32>, weights: Vec<i64>, total: i64) -> Self {
        Self {
            cells,
            weights,
            total,
        }
    }
}

impl<M: Mask> Constraint<M> for LinearCheck {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, _: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let (mut lo, mut hi) = (0i128, 0i128);
        for (&c, &w) in self.cells.iter().zip(&self.weights) {
            let cand = st.cand(c as usize);
            let (a, b) = (
                i128::from(w) * (cand.first() as i128 + 1),
                i128::from(w) * (cand.last() as i128 + 1),
            );
            lo += a.min(b);
            hi += a.max(b);
        }
        if (lo..=hi).contains(&i128::from(self.total)) {
            Ok(())
        } else {
            Err(Contradiction)
        }
    }
}

/// Constraint `index` of the rules, checked as [`Rules::check`] checks it
/// on the values placed among its cells; it removes nothing.
pub(crate) struct NamedCheck {
    rules: Arc<Rules>,
    index: usize,
    cells: Vec<u32>,
}

impl NamedCheck {
    /// Constraint `index` of `rules`.
    pub(crate) fn new(rules: Arc<Rules>, index: usize) -> Self {
        let cells = rules.constraints()[index].cells(rules.size());
        Self {
            rules,
            index,
            cells,
        }
    }
}

impl<M: Mask> Constraint<M> for NamedCheck {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, _: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let n = self.rules.size();
        let placed = |c: u32| st.cand(c as usize).is_single();
        // Big boards: only once every cell is placed, to spare the grid.
        if n > 36 && !self.cells.iter().all(|&c| placed(c)) {
            return Ok(());
        }
        let mut grid = vec![0u16; n * n];
        for &c in &self.cells {
            let cand = st.cand(c as usize);
            if cand.is_single() {
                grid[c as usize] = cand.first() as u16 + 1;
            }
        }
        let constraint = &self.rules.constraints()[self.index];
        match self.rules.broken(self.index, constraint, &grid) {
            Some(_) => Err(Contradiction),
            None => Ok(()),
        }
    }
}
