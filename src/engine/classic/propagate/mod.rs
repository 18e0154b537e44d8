//! Propagation: the rules that remove candidates, and the loop that runs them to a fixpoint.
//!
//! Each rule is a module behind [`Rule`]: it reads the state and removes
//! what it proves through [`State::eliminate_with`], which queues the
//! singles and the other rules' checks that follow. A new kind of
//! constraint (a sum cage, say) is one more module, one more worklist and
//! one more line in [`State::propagate`]'s loop.

mod alldiff;
mod intersections;
mod pairs;
mod singles;

use super::bits::two_bits;
use super::config::Rules;
use super::state::{Contradiction, State};
use super::tables::Tables;
use alldiff::AllDifferent;
use intersections::Intersections;
use pairs::{HiddenPair, NakedPair};
use singles::Singles;

/// A propagation rule, applied to one item of its worklist: a house-digit,
/// a cell or a house, as the rule defines.
pub(super) trait Rule {
    /// Removes what the rule proves about `item`, with the rules fixed at
    /// compile time when `FIXED` (see [`Rules::HARD25`]).
    ///
    /// # Errors
    ///
    /// A contradiction when some cell or house-digit runs out of choices.
    fn apply<const FIXED: bool>(
        g: &Tables,
        st: &mut State,
        item: usize,
    ) -> Result<(), Contradiction>;
}

impl State {
    /// Makes every queued assignment, and runs every rule switched on, until
    /// nothing changes or a contradiction shows.
    pub(super) fn propagate(&mut self, g: &Tables) -> Result<(), Contradiction> {
        if self.active_rules::<false>() == Rules::HARD25 {
            self.propagate_with::<true>(g)
        } else {
            self.propagate_with::<false>(g)
        }
    }

    /// Rules digit `d` out of `cell` for good, as a choice proven wrong, and
    /// propagates what follows.
    pub(super) fn rule_out(
        &mut self,
        g: &Tables,
        cell: usize,
        d: usize,
    ) -> Result<(), Contradiction> {
        self.eliminate(g, cell, d)?;
        self.propagate(g)
    }

    /// [`State::propagate`], with the rules fixed at compile time when
    /// `FIXED`. Singles first, then the house-digit checks, then naked
    /// pairs, then all-different filtering: the cheapest rule with work
    /// left goes next.
    fn propagate_with<const FIXED: bool>(&mut self, g: &Tables) -> Result<(), Contradiction> {
        let rules = self.active_rules::<FIXED>();
        loop {
            Singles::apply::<FIXED>(g, self, 0)?;
            if let Some(slot) = self.next_changed() {
                if rules.locked {
                    Intersections::apply::<FIXED>(g, self, slot)?;
                }
                if rules.pairs && two_bits(self.places(slot)) {
                    HiddenPair::apply::<FIXED>(g, self, slot)?;
                }
                continue;
            }
            if let Some(cell) = self.next_bivalue() {
                NakedPair::apply::<FIXED>(g, self, cell)?;
                continue;
            }
            let Some(h) = self.next_house() else {
                return Ok(());
            };
            AllDifferent::apply::<FIXED>(g, self, h)?;
        }
    }
}
