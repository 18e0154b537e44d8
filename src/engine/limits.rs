//! Where a search must stop: its node budget and its deadline, checked without reading the clock at every guess.

use std::time::Duration;

use web_time::Instant;

/// Where one search must stop: its node budget and its deadline.
///
/// The search compares its guess count with one number, [`Limits::next`],
/// before each guess, so that a search without a time limit pays no more
/// for one than for the budget alone; with a deadline, `next` comes every
/// few guesses, and only then is the clock read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    max_nodes: u64,
    deadline: Option<Instant>,
    every: u64,
    /// The guess count at which to look again.
    next: u64,
}

impl Limits {
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

    /// [`Limits::reached`] at a checkpoint: the budget is spent, or the
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
