//! The run-time engine's search: an explicit stack of decisions, each advanced to its next candidate or undone.

use super::mask::Mask;
use super::model::Model;
use super::propagate::Constraints;
use super::state::State;
use crate::engine::limits::Meter;
use crate::engine::outcome::Stop;
use crate::engine::stats::Stats;
use crate::random;
use rand_chacha::ChaCha8Rng;

/// One decision: a cell, the candidates not yet tried there, and the trail
/// length to undo to before trying the next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame<M> {
    cell: u32,
    left: M,
    mark: usize,
}

/// One search over a model. It keeps its decisions on its own stack rather
/// than recursing, so that a board of thousands of open cells cannot
/// overflow the call stack, and so that a step back is an undo to a mark.
pub(crate) struct Search<'a, M> {
    pub m: &'a Model<M>,
    /// The constraints beyond houses the model watches.
    pub constraints: &'a Constraints<M>,
    pub st: &'a mut State<M>,
    pub frames: &'a mut Vec<Frame<M>>,
    pub limits: Meter,
    pub stats: &'a mut Stats,
    /// With a seed, the order values are tried in is drawn from it; else lowest first.
    pub rng: Option<ChaCha8Rng>,
    /// `failures[c]`: values that failed at cell `c` in this search, which
    /// make it likelier to be chosen again (fail first).
    pub failures: Vec<u32>,
}

impl<M: Mask> Search<'_, M> {
    /// Runs from `givens`, showing each solution to `on_solution` (the
    /// state, every cell with one candidate), which says whether to go on.
    pub(crate) fn run(
        &mut self,
        givens: &[u16],
        mut on_solution: impl FnMut(&State<M>) -> bool,
    ) -> Stop {
        self.frames.clear();
        if self
            .st
            .reset(self.m, givens)
            .and_then(|()| self.st.propagate(self.m, self.constraints))
            .is_err()
        {
            return Stop::Exhausted;
        }
        loop {
            // Descend: a solution, or one more decision.
            match self.pick() {
                None => {
                    self.stats.solutions += 1;
                    if !on_solution(self.st) {
                        return Stop::Enough;
                    }
                }
                Some(cell) => self.frames.push(Frame {
                    cell: cell as u32,
                    left: self.st.cand(cell),
                    mark: self.st.mark(),
                }),
            }
            if let Some(stop) = self.advance() {
                return stop;
            }
        }
    }

    /// Moves the newest decision to its next candidate that propagates
    /// without contradiction, stepping back past decisions with none left.
    /// `None` once a candidate holds; else why the search stops.
    fn advance(&mut self) -> Option<Stop> {
        let (m, constraints) = (self.m, self.constraints);
        loop {
            let Some(f) = self.frames.last_mut() else {
                return Some(Stop::Exhausted);
            };
            self.st.undo(m, f.mark);
            let left = f.left & self.st.cand(f.cell as usize);
            if left.is_empty() {
                self.frames.pop();
                self.stats.backtracks += 1;
                continue;
            }
            if self.limits.reached(self.stats.guesses) {
                return Some(Stop::Budget);
            }
            self.stats.guesses += 1;
            let cell = f.cell as usize;
            let bit = match &mut self.rng {
                Some(rng) => left.nth(random::below(rng, left.count())),
                None => match self.m.pattern.get(cell) {
                    Some(&v) if left.meets(M::bit(usize::from(v))) => M::bit(usize::from(v)),
                    _ => left.lowest(),
                },
            };
            let f = self.frames.last_mut().expect("the decision at hand");
            f.left = left & !bit;
            if self
                .st
                .restrict(m, cell, bit)
                .and_then(|()| self.st.propagate(m, constraints))
                .is_ok()
            {
                return None;
            }
            // The value failed here: rule it out for the candidates left, and
            // keep what follows under the decision's new mark.
            self.stats.backtracks += 1;
            self.failures[cell] = self.failures[cell].saturating_add(1);
            let f = self.frames.last_mut().expect("the decision just tried");
            self.st.undo(m, f.mark);
            if self
                .st
                .restrict(m, cell, !bit)
                .and_then(|()| self.st.propagate(m, constraints))
                .is_ok()
            {
                f.mark = self.st.mark();
            } else {
                self.frames.pop();
            }
        }
    }

    /// The open cell with the fewest candidates, or `None` when every cell is placed.
    fn pick(&self) -> Option<usize> {
        if self.st.open() == 0 {
            return None;
        }
        if M::BUCKETS {
            return self.st.fewest();
        }
        // Fewest candidates, ties to the cell with the most failures; two
        // candidates and no failures is as good as it gets.
        let mut best = (u32::MAX, 0u32, 0);
        for cell in 0..self.m.cells {
            if self.st.is_done(cell) {
                continue;
            }
            let (k, fails) = (self.st.cand(cell).count(), self.failures[cell]);
            if k < best.0 || (k == best.0 && fails > best.1) {
                best = (k, fails, cell);
            }
        }
        Some(best.2)
    }
}
