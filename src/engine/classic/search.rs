//! The general engine's search loop: descend to a branch point, try its next choice, back up, restart.
//!
//! The loop keeps its own stack of [`Frame`]s instead of recursing: a 64×64
//! search can be thousands of decisions deep, deeper than a thread's stack
//! should be asked to go, and an explicit stack lets the loop stop on a
//! budget, go on after a solution to count more, and start over from the
//! root without unwinding anything.

use super::branch::{charge, choose, choose_weighted, open_band};
use super::config::{Config, RunUnit, Side, ValueOrder};
use super::frame::{Branch, Frame, NONE};
use super::probe::{ProbeScratch, probe};
use super::state::{Contradiction, State};
use super::tables::Tables;
use crate::engine::limits::Meter;
use crate::engine::noise::{Noise, nth_bit};
use crate::engine::outcome::Stop;
use crate::engine::stats::Stats;

/// The general engine's scratch: lookup tables, candidate state and trail, frames.
#[derive(Clone, Debug)]
pub(super) struct General {
    tables: Tables,
    state: State,
    frames: Vec<Frame>,
    /// Probing scratch.
    probe: ProbeScratch,
    /// Failures charged to each house in this search (from 49×49 up).
    weights: Vec<u32>,
}

impl General {
    /// Sets the state to `board`'s givens (not yet propagated) and the
    /// scratch to `config`, for a new search.
    pub(super) fn new(boxw: usize) -> Self {
        let tables = Tables::new(boxw);
        let state = State::new(&tables);
        Self {
            tables,
            state,
            frames: Vec::new(),
            probe: ProbeScratch::default(),
            weights: Vec::new(),
        }
    }

    /// Sets the state to `givens` (not yet propagated) and the scratch to
    /// `config`, for a new search.
    pub(super) fn prepare(&mut self, givens: &[u8], config: &Config) {
        self.frames.clear();
        self.state.reset(&self.tables, givens);
        set_inference(&mut self.state, &mut self.probe, config);
        self.probe.forget(&self.tables);
        if config.branching.weights_from_run.is_some() {
            self.weights.clear();
            self.weights.resize(3 * self.tables.n, 0);
        }
    }

    /// Takes from each cell `c` of the state just [`General::prepare`]d the
    /// values not in `allowed[c]` (bit `v - 1` for value `v`): a pencilmark
    /// grid's candidates, kept below the root like the givens. `Err` when a
    /// cell is left with none.
    pub(super) fn restrict(&mut self, allowed: &[u64]) -> Result<(), Contradiction> {
        for (cell, &a) in allowed
            .iter()
            .enumerate()
            .take(self.tables.n * self.tables.n)
        {
            let mut out = self.state.cand(cell) & !a;
            while out != 0 {
                let d = out.trailing_zeros() as usize;
                out &= out - 1;
                self.state.eliminate(&self.tables, cell, d)?;
            }
        }
        Ok(())
    }

    /// The values of the cells: a solution once a search has found one.
    pub(super) fn assignments(&self) -> u64 {
        self.state.assignments()
    }
}

/// Sets the inference `config` chooses, which [`Config::strengthened`]
/// may change mid-search: the propagation rules, and how probes propagate
/// and measure their reach.
fn set_inference(st: &mut State, probe: &mut ProbeScratch, config: &Config) {
    st.set_rules(config.rules());
    probe.reach_in_pairs = config.probing.full;
    probe.full = config.probing.full;
    probe.limit = config.probing.limit;
}

/// The `i`-th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, …
fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// One search of the general engine: the solver's scratch, borrowed for the
/// search, and the counters of the current run.
pub(super) struct Search<'a> {
    g: &'a Tables,
    st: &'a mut State,
    frames: &'a mut Vec<Frame>,
    probing: &'a mut ProbeScratch,
    /// Failures charged to each house (with `Branching::weights_from_run`).
    weights: &'a mut Vec<u32>,
    stats: &'a mut Stats,
    config: Config,
    /// Breaks ties between branch points, and with `shuffle_values` orders values.
    noise: Option<Noise>,
    shuffle_values: bool,
    /// A value per cell to try first (0: none), or empty.
    hint: &'a [u8],
    /// The node budget and deadline.
    limits: Meter,
    /// The trail mark of the root, once the givens have propagated.
    root: usize,
    /// The current run, from 1; each restart starts the next.
    run: u64,
    /// Guesses in this run.
    run_guesses: u64,
    /// Failed guesses since this run's last partial restart.
    run_failures: u64,
    /// Failed guesses in this run, partial restarts or not.
    run_failures_all: u64,
    /// Whether a failure has been charged to a house yet.
    charged: bool,
    /// Whether this search restarts, as long as it has found no solution,
    /// even where the config has no restarts: a sparse board (see
    /// `Restarts::unsolved_from_open`).
    restart_unsolved: bool,
}

impl<'a> Search<'a> {
    /// A search of the board `general` was reset to, with `config`.
    pub(super) fn new(
        general: &'a mut General,
        stats: &'a mut Stats,
        config: Config,
        noise: Option<Noise>,
        shuffle_values: bool,
        hint: &'a [u8],
        limits: Meter,
    ) -> Self {
        Self {
            g: &general.tables,
            st: &mut general.state,
            frames: &mut general.frames,
            probing: &mut general.probe,
            weights: &mut general.weights,
            stats,
            config,
            noise,
            shuffle_values,
            hint,
            limits,
            root: 0,
            run: 1,
            run_guesses: 0,
            run_failures: 0,
            run_failures_all: 0,
            charged: false,
            restart_unsolved: false,
        }
    }

    /// Propagates the givens, then descends and advances until the search
    /// is exhausted, `on_solution` says it has enough, or the budget runs out.
    pub(super) fn run(mut self, on_solution: &mut impl FnMut(&[u8]) -> bool) -> Stop {
        if self.st.propagate(self.g).is_err() {
            return Stop::Exhausted;
        }
        self.root = self.st.mark();
        let open = self.st.values().iter().filter(|&&v| v == 0).count();
        self.restart_unsolved = self
            .config
            .restarts
            .unsolved_from_open
            .is_some_and(|k| open >= k);
        loop {
            if self.descend() {
                self.stats.solutions += 1;
                if !on_solution(self.st.values()) {
                    return Stop::Enough;
                }
            }
            if let Err(stop) = self.advance() {
                return stop;
            }
        }
    }

    /// Looks ahead from the current node (probing, where the config says),
    /// then pushes a frame for its best branch point. Returns whether the
    /// node is a solution instead; when lookahead proves it dead, it pushes
    /// nothing and the caller advances past the choice that led here.
    fn descend(&mut self) -> bool {
        self.probing.band = self.open_band();
        let probed = if self.run >= self.config.probing.from_run {
            let root = self.frames.is_empty();
            probe(self.g, self.st, self.probing, self.noise.as_mut(), root)
        } else {
            Ok(None)
        };
        match probed {
            Err(_) => false,
            Ok(_) if self.st.open() == 0 => true,
            Ok(best) => {
                self.push_branch(best);
                false
            }
        }
    }

    /// Pushes a frame for the pair probing found best, or else for the cell or
    /// house-digit with the fewest choices (weighed by failures, once some are
    /// charged, where the config says).
    fn push_branch(&mut self, probed: Option<Branch>) {
        let branching = self.config.branching;
        let weigh = self.charged && branching.weights_from_run.is_some_and(|r| self.run >= r);
        let max_places = branching.max_places;
        let branch = match probed {
            Some(best) => best,
            None => {
                // Probing may have filled the band it started in.
                let band = self.open_band();
                // Until a failure is charged, the plain choice is the same
                // and, stopping at the first two-way cell, cheaper; but it
                // looks at the whole board, and a banded search only at its
                // band's cells.
                if weigh || band.is_some() {
                    choose_weighted(
                        self.g,
                        self.st,
                        max_places,
                        self.weights,
                        self.noise.as_mut(),
                        band,
                    )
                } else {
                    choose(self.g, self.st, max_places, self.noise.as_mut())
                }
            }
        };
        let remaining = match branch {
            Branch::Cell(c) => self.st.cand(c as usize),
            Branch::Place { house, digit } => {
                self.st.places(house as usize * self.g.n + digit as usize)
            }
        };
        let mut frame = Frame::new(branch, remaining, self.st.mark());
        if probed.is_some() {
            match branching.probed_side {
                Side::Lower => {}
                Side::Wider => frame.first = self.probing.wider,
                Side::Narrower => frame.first = self.probing.narrower,
            }
        }
        self.frames.push(frame);
    }

    /// With a banded search (see `Branching::banded`), the band it settles now:
    /// the topmost with an open cell.
    fn open_band(&self) -> Option<usize> {
        self.config
            .branching
            .banded
            .then(|| open_band(self.g, self.st))
            .flatten()
    }

    /// Moves on to the next node: the top frame's next choice that propagates
    /// cleanly, backing up through frames that have none left, or the root of
    /// a new run. `Err` when the search is over.
    fn advance(&mut self) -> Result<(), Stop> {
        loop {
            if self.restart_due() {
                return self.restart();
            }
            if self.partial_restart_due() && self.back_up_part() {
                return Ok(());
            }
            let Some(top) = self.frames.len().checked_sub(1) else {
                return Err(Stop::Exhausted);
            };
            if !self.close_current(top) {
                self.backtrack();
                continue;
            }
            let live = self.frames[top].live(self.g, self.st);
            if live == 0 {
                self.backtrack();
                continue;
            }
            if self.limits.reached(self.stats.guesses) {
                return Err(Stop::Budget);
            }
            if self.try_next(top, live) {
                return Ok(());
            }
            self.record_failure();
        }
    }

    /// Undoes everything under the frame at `top`, and rules out the choice
    /// it explored last, for the rest of the frame, so that later choices
    /// see what that subtree proved. False when ruling it out is itself a
    /// contradiction: the frame is dead.
    fn close_current(&mut self, top: usize) -> bool {
        let frame = &mut self.frames[top];
        self.st.undo(self.g, frame.mark);
        if frame.current == NONE {
            return true;
        }
        let (cell, d) = frame.assignment(self.g, frame.current as usize);
        frame.current = NONE;
        if self.st.rule_out(self.g, cell, d).is_err() {
            if self.config.branching.weights_from_run.is_some() {
                charge(self.g, self.weights, self.st.conflict());
                self.charged = true;
            }
            return false;
        }
        frame.mark = self.st.mark();
        true
    }

    /// Tries the next choice of the frame at `top` among `live`, and
    /// propagates it. Returns whether it propagated cleanly.
    fn try_next(&mut self, top: usize, live: u64) -> bool {
        self.stats.guesses += 1;
        self.run_guesses += 1;
        let k = self.pick(top, live);
        let frame = &mut self.frames[top];
        frame.remaining &= !(1u64 << k);
        frame.current = k as u8;
        let (cell, d) = frame.assignment(self.g, k);
        self.st.queue(cell, d);
        self.st.propagate(self.g).is_ok()
    }

    /// Which of the `live` choices of the frame at `top` to try next: the
    /// hinted one, a random one with a seed or in a sparse board's later
    /// runs, the frame's preferred first one, the least constraining one, or
    /// else the lowest.
    fn pick(&mut self, top: usize, live: u64) -> usize {
        let frame = &self.frames[top];
        let hinted = (!self.hint.is_empty())
            .then(|| frame.hinted(self.g, self.hint, live))
            .flatten();
        // A sparse board's later runs order values at random too (see
        // `Restarts::unsolved_from_open`), up to 36×36 (`Restarts::shuffle_later_runs`).
        let shuffle = self.shuffle_values
            || self.restart_unsolved && self.run > 1 && self.config.restarts.shuffle_later_runs;
        match (hinted, self.noise.as_mut().filter(|_| shuffle)) {
            (Some(k), _) => k,
            (None, Some(noise)) => nth_bit(live, noise.below(live.count_ones())),
            (None, None) if frame.first != NONE && live >> frame.first & 1 == 1 => {
                frame.first as usize
            }
            (None, None) if self.config.branching.order != ValueOrder::Lowest => {
                let places = self.config.branching.order == ValueOrder::LeastConstrainingPlaces
                    && self.run > 1;
                frame.least_constraining(self.g, self.st, live, places)
            }
            (None, None) => live.trailing_zeros() as usize,
        }
    }

    /// Pops the top frame: it has no choice left.
    fn backtrack(&mut self) {
        self.stats.backtracks += 1;
        self.frames.pop();
    }

    /// Counts a guess that failed to propagate, charging the failure to its
    /// houses where the config weighs them.
    fn record_failure(&mut self) {
        if self.config.branching.weights_from_run.is_some() {
            charge(self.g, self.weights, self.st.conflict());
            self.charged = true;
            self.run_failures += 1;
        }
        self.run_failures_all += 1;
    }

    /// Whether this run has used up its share: a Luby-sequence multiple of
    /// failures (sparse-board runs) or of guesses. Only searches that
    /// restart have shares.
    fn restart_due(&self) -> bool {
        let r = &self.config.restarts;
        (r.first_solution || self.restart_unsolved && self.stats.solutions == 0)
            && match r.unit {
                RunUnit::Failures(unit) => self.run_failures_all >= unit * luby(self.run),
                RunUnit::Guesses(unit) => self.run_guesses >= unit * luby(self.run),
            }
    }

    /// Starts the next run from the root, with the noise where the last run
    /// left it, so with new tie-breaks. The shares grow without bound, so
    /// some run finishes and the search stays complete.
    fn restart(&mut self) -> Result<(), Stop> {
        self.frames.clear();
        self.st.undo(self.g, self.root);
        self.stats.restarts += 1;
        self.run += 1;
        self.run_guesses = 0;
        self.run_failures = 0;
        self.run_failures_all = 0;
        if Some(self.run) == self.config.inference.stronger_from_run {
            self.strengthen();
        }
        Ok(())
    }

    /// Switches a search that has run long to the stronger, dearer inference
    /// of `Inference::stronger_from_run`. Every rule is sound whenever it starts, so
    /// the root need not be propagated again.
    fn strengthen(&mut self) {
        self.config = self.config.strengthened();
        set_inference(self.st, self.probing, &self.config);
    }

    /// Whether a weighted run has failed often enough since its last partial
    /// restart to go back up part of its depth. Runs of more than four units
    /// have none, so that plain runs still grow without bound and the search
    /// stays complete.
    fn partial_restart_due(&self) -> bool {
        self.config
            .restarts
            .partial_after
            .is_some_and(|k| self.run_failures >= k)
            && luby(self.run) <= 4
    }

    /// Goes back to the state in which the frame at three quarters of the
    /// depth was pushed, under the same choices above it, to descend afresh
    /// from there. False when the stack is too shallow to do so.
    fn back_up_part(&mut self) -> bool {
        self.run_failures = 0;
        let keep = self.frames.len() * 3 / 4;
        if keep == 0 {
            return false;
        }
        self.st.undo(self.g, self.frames[keep].mark);
        self.frames.truncate(keep);
        true
    }
}
