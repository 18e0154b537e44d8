//! Propagation for rules known at run time: singles, hidden singles in houses, and the constraints that are not houses.
//!
//! A constraint that is not a house (a sum cage, and later a thermometer or
//! an arrow) is one module here behind [`Constraint`]: the cells it reads,
//! and what it removes when one of them changes. [`compile`] builds them
//! from the rules, beside the [`Model`] that watches their cells.

mod between;
mod bounds;
#[cfg(test)]
mod brute;
mod cage;
mod chain;
mod check;
mod combine;
mod compile;
#[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
mod counting;
mod domain;
mod linear;
mod lockout;
#[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
mod lunchbox;
mod pair;
mod quadruple;
mod sandwich;
mod skyscraper;
mod subsets;
mod sums;
mod xsum;

use between::Between;
use bounds::Bounds;
use cage::CageSum;
use chain::Chain;
use check::{LinearCheck, NamedCheck};
pub(crate) use compile::{compile, derived_sums};
#[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
use counting::{Circles, Counts, Pieces, Same};
use domain::Domain;
use linear::Linear;
use lockout::Lockout;
#[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
use lunchbox::Lunchbox;
use pair::{Pair, PairTable};
use quadruple::Quadruple;
use sandwich::Sandwich;
use skyscraper::Skyscraper;
use xsum::XSum;

use super::mask::Mask;
use super::model::Model;
use super::state::{Culprit, PAIRS, State};
use crate::engine::classic::state::Contradiction;

/// The constraints beyond houses of one set of rules: constraint `k` is
/// the `k` of [`Model::constraints_of`] and of the state's work queue.
pub(crate) type Constraints<M> = Vec<Box<dyn Constraint<M>>>;

/// A constraint beyond houses, run whenever one of its cells changes.
pub(crate) trait Constraint<M>: Send + Sync {
    /// The cells it reads.
    fn cells(&self) -> &[u32];

    /// The cells it constrains, for the search's first cell priorities: by
    /// default those it reads (a cage reads its house too, but holds only
    /// its own).
    fn own_cells(&self) -> &[u32] {
        self.cells()
    }

    /// Removes the candidates it rules out, through [`State::restrict`].
    ///
    /// # Errors
    ///
    /// A contradiction when its cells cannot keep it.
    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction>;
}

impl<M: Mask> State<M> {
    /// Makes every queued assignment, and runs the hidden-single checks,
    /// the constraints and the locked-candidate checks with work queued,
    /// until nothing changes or a contradiction shows. Cheapest first.
    pub(crate) fn propagate(
        &mut self,
        m: &Model<M>,
        constraints: &Constraints<M>,
    ) -> Result<(), Contradiction> {
        // A contradiction names its culprit (`State::culprit`) for the
        // search's failure weights; an assignment names its own.
        let house = |h: usize| Culprit::House(h as u32);
        loop {
            self.assign_queued(m)?;
            let (step, culprit) = if let Some((h, d)) = self.next_single() {
                (place_single(m, self, h, d), house(h))
            } else if let Some(h) = self.next_house() {
                (hidden_singles(m, self, h), house(h))
            } else if let Some(k) = self.next_constraint() {
                self.running(k);
                let step = constraints[k].propagate(m, self);
                (step, Culprit::Constraint(k as u32))
            } else if let Some(h) = self.next_locked() {
                (locked_candidates(m, self, h), house(h))
            } else if PAIRS && let Some(h) = self.next_pairs() {
                (subsets::pairs(m, self, m.house(h)), house(h))
            } else {
                return Ok(());
            };
            if step.is_err() {
                self.culprit = culprit;
                return step;
            }
        }
    }
}

/// Places each value that has one cell left in house `h`; fails when a
/// value has none. Every cell left with one candidate has been assigned
/// first (`State::assign_queued`), so the values assigned are those of
/// cells of their own.
fn hidden_singles<M: Mask>(m: &Model<M>, st: &mut State<M>, h: usize) -> Result<(), Contradiction> {
    let house = m.house(h);
    // Values in one cell, and in two or more.
    let (mut once, mut twice) = (M::EMPTY, M::EMPTY);
    for &c in house {
        let cand = st.cand(c as usize);
        twice |= once & cand;
        once |= cand;
    }
    if once != m.full {
        return Err(Contradiction);
    }
    let mut single = once & !twice & !st.placed_in(h);
    while !single.is_empty() {
        let bit = single.lowest();
        single = single.without_lowest();
        if let Some(&c) = house.iter().find(|&&c| st.cand(c as usize).meets(bit)) {
            st.restrict(m, c as usize, bit)?;
        }
    }
    Ok(())
}

/// Places value `d + 1` in its one place left in house `h` (on big boards,
/// where place counts find hidden singles).
fn place_single<M: Mask>(
    m: &Model<M>,
    st: &mut State<M>,
    h: usize,
    d: usize,
) -> Result<(), Contradiction> {
    let bit = M::bit(d);
    match m.house(h).iter().find(|&&c| st.cand(c as usize).meets(bit)) {
        Some(&c) => st.restrict(m, c as usize, bit),
        None => Err(Contradiction),
    }
}

/// Removes each value whose places in house `h` all lie where it meets
/// another house from the rest of that house (pointing and claiming).
fn locked_candidates<M: Mask>(
    m: &Model<M>,
    st: &mut State<M>,
    h: usize,
) -> Result<(), Contradiction> {
    for meet in m.meets(h) {
        let union = |cells: &[u32]| cells.iter().fold(M::EMPTY, |u, &c| u | st.cand(c as usize));
        let locked = union(meet.shared) & !union(meet.outside);
        if locked.is_empty() {
            continue;
        }
        for &c in meet.beyond {
            if st.cand(c as usize).meets(locked) {
                st.restrict(m, c as usize, !locked)?;
            }
        }
    }
    Ok(())
}
