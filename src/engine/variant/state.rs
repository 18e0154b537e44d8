//! The run-time engine's search state: a candidate mask per cell, and the only ways to change it (restrict, assign, undo).

use super::model::Model;
use crate::engine::state::Contradiction;

/// Marks a trail entry as an assignment rather than a change of mask.
const ASSIGNED: u32 = 1 << 31;

/// Candidates and assignments, changed only through [`State::restrict`] and
/// [`State::assign`], each of which records what it changed on the trail.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// `cand[c]`: bit `d` set while value `d + 1` may still stand in cell `c`.
    cand: Vec<u64>,
    /// `done[c]`: whether cell `c` has been assigned (its value removed from its peers).
    done: Vec<bool>,
    /// Every change since the search began, newest last: (cell, the mask
    /// before), or (cell | `ASSIGNED`, 0).
    trail: Vec<(u32, u64)>,
    /// Cells left with one candidate and not yet assigned.
    queue: Vec<u32>,
    /// Houses whose cells changed since their last hidden-single check.
    houses: Dirty,
    /// Constraints whose cells changed since they last ran.
    constraints: Dirty,
    /// Houses checked for hidden singles since their last check for locked
    /// candidates: the dearer check waits until the cheaper ones are done.
    locked: Dirty,
    /// Cells still open.
    open: usize,
    /// Assignments made, for statistics.
    pub(super) assignments: u64,
}

impl State {
    pub(super) fn new(m: &Model) -> Self {
        Self {
            cand: vec![0; m.cells],
            done: vec![false; m.cells],
            trail: Vec::with_capacity(m.cells * 4),
            queue: Vec::with_capacity(m.cells),
            houses: Dirty::new(m.house_count()),
            constraints: Dirty::new(m.constraints.len()),
            locked: Dirty::new(m.house_count()),
            open: m.cells,
            assignments: 0,
        }
    }

    /// Fits the buffers to model `m`, keeping what they have allocated.
    pub(super) fn fit(&mut self, m: &Model) {
        self.cand.resize(m.cells, 0);
        self.done.resize(m.cells, false);
        self.houses = Dirty::new(m.house_count());
        self.constraints = Dirty::new(m.constraints.len());
        self.locked = Dirty::new(m.house_count());
        self.trail.clear();
        self.queue.clear();
    }

    /// Starts over from `givens` (one value a cell, 0 for empty): every
    /// candidate open, the givens and every constraint queued.
    pub(super) fn reset(&mut self, m: &Model, givens: &[u16]) -> Result<(), Contradiction> {
        self.cand.fill(m.full);
        self.done.fill(false);
        self.trail.clear();
        self.queue.clear();
        self.houses.clear();
        self.constraints.clear();
        self.locked.clear();
        self.open = m.cells;
        self.assignments = 0;
        for k in 0..m.constraints.len() {
            self.constraints.push(k);
        }
        for (c, &v) in givens.iter().enumerate() {
            if v != 0 {
                self.restrict(m, c, 1 << (v - 1))?;
            }
        }
        Ok(())
    }

    /// The candidates of `cell`.
    #[inline(always)]
    pub(crate) fn cand(&self, cell: usize) -> u64 {
        self.cand[cell]
    }

    /// Whether `cell` has been assigned.
    #[inline(always)]
    pub(crate) fn is_done(&self, cell: usize) -> bool {
        self.done[cell]
    }

    /// Cells still open.
    pub(super) fn open(&self) -> usize {
        self.open
    }

    /// The trail's length: a mark to undo back to.
    pub(super) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Undoes every change made since `mark`, newest first, and drops pending work.
    pub(super) fn undo(&mut self, mark: usize) {
        for &(cell, old) in self.trail[mark..].iter().rev() {
            if cell & ASSIGNED != 0 {
                self.done[(cell & !ASSIGNED) as usize] = false;
                self.open += 1;
            } else {
                self.cand[cell as usize] = old;
            }
        }
        self.trail.truncate(mark);
        self.queue.clear();
        self.houses.clear();
        self.constraints.clear();
        self.locked.clear();
    }

    /// Keeps only the candidates of `cell` in `keep`, queueing what follows:
    /// the cell's assignment when one is left, and every check that reads it.
    ///
    /// # Errors
    ///
    /// A contradiction when no candidate is left.
    #[inline]
    pub(crate) fn restrict(
        &mut self,
        m: &Model,
        cell: usize,
        keep: u64,
    ) -> Result<(), Contradiction> {
        let old = self.cand[cell];
        let new = old & keep;
        if new == old {
            return Ok(());
        }
        if new == 0 {
            return Err(Contradiction);
        }
        self.trail.push((cell as u32, old));
        self.cand[cell] = new;
        if new & (new - 1) == 0 {
            self.queue.push(cell as u32);
        }
        for &h in m.houses_of(cell) {
            self.houses.push(h as usize);
        }
        for &k in m.constraints_of(cell) {
            self.constraints.push(k as usize);
        }
        Ok(())
    }

    /// Assigns `cell` its one candidate and removes it from the cell's peers.
    fn assign(&mut self, m: &Model, cell: usize) -> Result<(), Contradiction> {
        let bit = self.cand[cell];
        self.done[cell] = true;
        self.open -= 1;
        self.assignments += 1;
        self.trail.push((cell as u32 | ASSIGNED, 0));
        for &p in m.peers(cell) {
            // Most peers lack the value: test before the call.
            if self.cand[p as usize] & bit != 0 {
                self.restrict(m, p as usize, !bit)?;
            }
        }
        Ok(())
    }

    /// Makes every queued assignment.
    pub(super) fn assign_queued(&mut self, m: &Model) -> Result<(), Contradiction> {
        while let Some(cell) = self.queue.pop() {
            let cell = cell as usize;
            if !self.done[cell] {
                self.assign(m, cell)?;
            }
        }
        Ok(())
    }

    /// The next house to check for hidden singles; it is queued for locked
    /// candidates in turn.
    pub(super) fn next_house(&mut self) -> Option<usize> {
        let h = self.houses.pop()?;
        self.locked.push(h);
        Some(h)
    }

    /// The next house to check for locked candidates.
    pub(super) fn next_locked(&mut self) -> Option<usize> {
        self.locked.pop()
    }

    /// The next constraint to run.
    pub(super) fn next_constraint(&mut self) -> Option<usize> {
        self.constraints.pop()
    }
}

/// A set of indices with work queued, as bits: queueing one is an OR, and
/// the lowest comes out first.
#[derive(Clone, Debug)]
struct Dirty {
    words: Vec<u64>,
    /// No word below this one has a bit set.
    low: usize,
}

impl Dirty {
    /// An empty set for indices `0..len`.
    fn new(len: usize) -> Self {
        let words = vec![0; len.div_ceil(64)];
        let low = words.len();
        Self { words, low }
    }

    /// Queues `i`.
    #[inline(always)]
    fn push(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
        self.low = self.low.min(i / 64);
    }

    /// Takes the lowest index queued.
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        while let Some(&word) = self.words.get(self.low) {
            if word != 0 {
                self.words[self.low] = word & (word - 1);
                return Some(self.low * 64 + word.trailing_zeros() as usize);
            }
            self.low += 1;
        }
        None
    }

    /// Drops every queued index.
    fn clear(&mut self) {
        let len = self.words.len();
        self.words[self.low.min(len)..].fill(0);
        self.low = len;
    }
}
