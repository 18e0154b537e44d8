//! Where a search must stop: its node budget and its deadline, checked without reading the clock at every guess.

use std::time::Duration;

use web_time::Instant;

/// Where one search must stop: its node budget and its deadline.
///
/// The search compares its guess count with one number, [`Meter::next`],
/// before each guess, so that a search without a time limit pays no more
/// for one than for the budget alone; with a deadline, `next` comes every
/// few guesses, and only then is the clock read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Meter {
    max_nodes: u64,
    deadline: Option<Instant>,
    every: u64,
    /// The guess count at which to look again.
    next: u64,
}

impl Meter {
    /// The limits of a search starting now. With a deadline the first guess
    /// is a checkpoint, so that a zero limit stops a search at its first
    /// guess. A limit too far ahead for the clock to hold is no limit.
    pub(crate) fn new(max_nodes: u64, time_limit: Option<Duration>, every: u64) -> Self {
        let deadline = time_limit.and_then(|t| Instant::now().checked_add(t));
        Self {
            max_nodes,
            deadline,
            every: every.max(1),
            next: if deadline.is_some() { 0 } else { max_nodes },
        }
    }

    /// Whether the search, having made `guesses` guesses, must stop before
    /// the next one.
    #[inline(always)]
    pub(crate) fn reached(&mut self, guesses: u64) -> bool {
        guesses == self.next && self.check(guesses)
    }

    /// This meter with its budget cut to `cap` guesses, for a first phase
    /// of a search (see [`Meter::resumed`]).
    pub(crate) fn capped(mut self, cap: u64) -> Self {
        self.max_nodes = self.max_nodes.min(cap);
        self.next = self.next.min(cap);
        self
    }

    /// This meter (as it was before [`Meter::capped`]) for a search that
    /// goes on from `guesses`: its next checkpoint is no earlier.
    pub(crate) fn resumed(mut self, guesses: u64) -> Self {
        self.next = self.next.max(guesses);
        self
    }

    /// [`Meter::reached`] at a checkpoint: the budget is spent, or the
    /// deadline passed; else the next checkpoint is set, `every` guesses on
    /// or at the budget. Without a deadline the only checkpoint is the
    /// budget, so a search that goes on past one has a deadline.
    #[cold]
    #[inline(never)]
    fn check(&mut self, guesses: u64) -> bool {
        if guesses >= self.max_nodes || self.deadline.is_some_and(|d| Instant::now() >= d) {
            return true;
        }
        self.next = guesses.saturating_add(self.every).min(self.max_nodes);
        false
    }
}

/// How far a search may go, the same for every solver: a node budget (the
/// guesses it may make), a time limit, and a seed for its tie-breaks and
/// value order. The default has none of them: an unbounded, reproducible
/// search.
///
/// ```
/// use std::time::Duration;
/// use ndoku::{Limits, Solver};
///
/// let limits = Limits::new().with_max_nodes(10_000).with_time_limit(Some(Duration::from_secs(1)));
/// let solver = Solver::new().with_limits(limits);
/// assert_eq!(solver.limits().max_nodes(), Some(10_000));
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Limits {
    max_nodes: Option<u64>,
    time_limit: Option<Duration>,
    seed: Option<u64>,
}

impl Limits {
    /// No budget, no time limit, no seed.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            max_nodes: None,
            time_limit: None,
            seed: None,
        }
    }

    /// Bounds the guesses a search may make; past them it gives up
    /// ([`Outcome::GaveUp`](crate::Outcome::GaveUp),
    /// [`Count::GaveUp`](crate::Count::GaveUp)).
    #[must_use]
    pub const fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = Some(max_nodes);
        self
    }

    /// Stops a search once it has run for `limit` (`None`: no limit), with
    /// the same `GaveUp` results as the budget. Where it stops depends on
    /// the machine.
    #[must_use]
    pub const fn with_time_limit(mut self, limit: Option<Duration>) -> Self {
        self.time_limit = limit;
        self
    }

    /// Seeds the search's tie-breaks and value order: another seed may find
    /// another solution first, and takes another path to it.
    #[must_use]
    pub const fn with_seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// The node budget, if there is one.
    #[must_use]
    pub const fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The time limit, if there is one.
    #[must_use]
    pub const fn time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// The seed, if there is one.
    #[must_use]
    pub const fn seed(&self) -> Option<u64> {
        self.seed
    }
}
