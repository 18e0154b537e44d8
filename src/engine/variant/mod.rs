//! The run-time engine: solving, counting and enumerating puzzles whose rules ([`Rules`]) are known only at run time.

mod learn;
mod mask;
mod model;
mod probe;
mod propagate;
mod search;
mod state;

use std::sync::Arc;
use std::time::Duration;

use mask::{Mask, Wide};
use model::Model;
use propagate::Constraints;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use search::{Frame, Learned, Search};
use state::State;

use super::limits::{Limits, Meter};
use super::stats::Stats;
use crate::engine::outcome::{Count, Outcome, Stop};
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;

/// Guesses between looks at the clock under a time limit.
const CLOCK_EVERY: u64 = 256;

/// The engine for [`Puzzle`] puzzles: any [`Rules`], with what [`Solver`](crate::Solver)
/// has for classic boards (a node budget, a time limit, statistics, reusable
/// scratch space).
///
/// It compiles a puzzle's rules once and keeps them while the next puzzle
/// has the same rules. Its search is the same shape as the classic
/// engines': candidate masks with an undo trail, propagation to a fixpoint
/// (naked and hidden singles, cage combinations, and sums the rule of 45
/// derives from the cages), and an explicit stack of decisions on the cell
/// with the fewest candidates for the failures charged to it, restarting
/// while no solution is found (record 0028).
///
/// ```
/// use ndoku::{Count, Rules, Puzzle};
/// use ndoku::engine::variant::VariantSolver;
///
/// let rules = Rules::boxes(2, 3)?.with_diagonals();
/// let puzzle = Puzzle::from_cells(rules, &[0; 36])?;
/// let mut solver = VariantSolver::new();
/// let solution = solver.solve(&puzzle).solution().expect("an empty X-Sudoku has solutions");
/// assert!(solution.is_solved());
/// assert!(matches!(solver.count(&puzzle, 2), Count::AtLeast(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct VariantSolver {
    seed: Option<u64>,
    max_nodes: Option<u64>,
    time_limit: Option<Duration>,
    stats: Stats,
    scratch: Scratch,
}

/// The compiled rules and the search state for them, in the one mask
/// width the last puzzle's size needed.
///
/// Each width is a copy of the whole engine in the binary; the `compact`
/// feature keeps two (up to 64 values, and the widest) for WebAssembly.
#[derive(Default)]
struct Scratch {
    /// Up to 64 values.
    narrow: Option<Compiled<u64>>,
    /// Up to 128 values.
    #[cfg(not(feature = "compact"))]
    w2: Option<Compiled<Wide<2>>>,
    /// Up to 256 values.
    #[cfg(not(feature = "compact"))]
    w4: Option<Compiled<Wide<4>>>,
    /// Up to 448 values.
    w7: Option<Compiled<Wide<7>>>,
}

impl Scratch {
    /// Drops every width but the one `size` values need, so that memory
    /// follows the board.
    fn keep_only(&mut self, size: usize) {
        if size > 64 {
            self.narrow = None;
        }
        #[cfg(not(feature = "compact"))]
        {
            if !(65..=128).contains(&size) {
                self.w2 = None;
            }
            if !(129..=256).contains(&size) {
                self.w4 = None;
            }
            if size <= 256 {
                self.w7 = None;
            }
        }
        #[cfg(feature = "compact")]
        if size <= 64 {
            self.w7 = None;
        }
    }
}

/// Rules compiled for masks of type `M`, and the search state for them.
struct Compiled<M> {
    rules: Arc<Rules>,
    model: Model<M>,
    /// The constraints beyond houses, which `model` watches.
    constraints: Constraints<M>,
    state: State<M>,
    frames: Vec<Frame<M>>,
}

impl std::fmt::Debug for VariantSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VariantSolver")
            .field("max_nodes", &self.max_nodes)
            .field("time_limit", &self.time_limit)
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl Clone for VariantSolver {
    /// The same settings, with fresh scratch space.
    fn clone(&self) -> Self {
        Self {
            seed: self.seed,
            max_nodes: self.max_nodes,
            time_limit: self.time_limit,
            stats: self.stats,
            scratch: Scratch::default(),
        }
    }
}

impl VariantSolver {
    /// A solver with no node budget and no time limit.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The same solver, giving up after `max_nodes` guesses (see [`Solver::with_max_nodes`](crate::Solver::with_max_nodes)).
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = Some(max_nodes);
        self
    }

    /// The same solver, giving up once a search has run for `limit`, or never with `None`.
    #[must_use]
    pub fn with_time_limit(mut self, limit: Option<Duration>) -> Self {
        self.time_limit = limit;
        self
    }

    /// The same solver, trying values at each decision in an order drawn
    /// from `seed` rather than lowest first: each search from the same seed
    /// takes the same path, and an empty puzzle's first solution is a random
    /// grid under the rules.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// Sets the node budget, time limit and seed at once ([`Limits`]).
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.set_limits(&limits);
        self
    }

    /// [`VariantSolver::with_limits`] in place, keeping what was compiled.
    pub(crate) fn set_limits(&mut self, limits: &Limits) {
        self.max_nodes = limits.max_nodes();
        self.time_limit = limits.time_limit();
        self.seed = limits.seed();
    }

    /// Counters from the last search.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The first solution found, or why there is none.
    pub fn solve(&mut self, puzzle: &Puzzle) -> Outcome<Puzzle> {
        let mut first = None;
        let stop = self.search(puzzle, |values| {
            first = Some(values.to_vec());
            false
        });
        stop.variant_outcome(puzzle, first)
    }

    /// Counts solutions up to `limit` (2 tells whether a puzzle is unique).
    pub fn count(&mut self, puzzle: &Puzzle, limit: usize) -> Count {
        self.count_and_solve(puzzle, limit).0
    }

    /// [`VariantSolver::count`], keeping the first solution found.
    pub fn count_and_solve(&mut self, puzzle: &Puzzle, limit: usize) -> (Count, Option<Puzzle>) {
        if limit == 0 {
            self.stats = Stats::default();
            return (Count::AtLeast(0), None);
        }
        let (mut found, mut first) = (0usize, None);
        let stop = self.search(puzzle, |values| {
            found += 1;
            if first.is_none() {
                first = Some(values.to_vec());
            }
            found < limit
        });
        (stop.count(found), first.map(|v| puzzle.with_values(v)))
    }

    /// Shows each solution to `visit`, in the engine's order, while it
    /// returns `true`; returns how the search ended, as a count of the
    /// solutions shown.
    pub fn each_solution(
        &mut self,
        puzzle: &Puzzle,
        mut visit: impl FnMut(&Puzzle) -> bool,
    ) -> Count {
        let mut found = 0;
        let stop = self.search(puzzle, |values| {
            found += 1;
            visit(&puzzle.with_values(values.to_vec()))
        });
        stop.count(found)
    }

    /// Up to `limit` solutions, in the engine's order.
    pub fn solutions(&mut self, puzzle: &Puzzle, limit: usize) -> Vec<Puzzle> {
        let mut out = Vec::new();
        if limit > 0 {
            let _ = self.each_solution(puzzle, |s| {
                out.push(s.clone());
                out.len() < limit
            });
        }
        out
    }

    /// Runs one search, showing each solution's values to `on_solution`,
    /// which says whether to go on.
    fn search(&mut self, puzzle: &Puzzle, on_solution: impl FnMut(&[u16]) -> bool) -> Stop {
        self.stats = Stats::default();
        let run = Run {
            limits: Meter::new(
                self.max_nodes.unwrap_or(u64::MAX),
                self.time_limit,
                CLOCK_EVERY,
            ),
            rng: self.seed.map(ChaCha8Rng::seed_from_u64),
            stats: &mut self.stats,
        };
        let s = &mut self.scratch;
        s.keep_only(puzzle.size());
        match puzzle.size() {
            ..=64 => run.on(&mut s.narrow, puzzle, on_solution),
            #[cfg(not(feature = "compact"))]
            65..=128 => run.on(&mut s.w2, puzzle, on_solution),
            #[cfg(not(feature = "compact"))]
            129..=256 => run.on(&mut s.w4, puzzle, on_solution),
            _ => run.on(&mut s.w7, puzzle, on_solution),
        }
    }
}

/// What one search needs beside the compiled rules.
struct Run<'a> {
    limits: Meter,
    rng: Option<ChaCha8Rng>,
    stats: &'a mut Stats,
}

impl Run<'_> {
    /// Searches `puzzle` with the rules compiled in `slot` (compiling them
    /// first when they are other rules), showing each solution's values to
    /// `on_solution`.
    fn on<M: Mask>(
        self,
        slot: &mut Option<Compiled<M>>,
        puzzle: &Puzzle,
        mut on_solution: impl FnMut(&[u16]) -> bool,
    ) -> Stop {
        let rules = puzzle.shared_rules();
        let compiled = match slot {
            Some(s) if Arc::ptr_eq(&s.rules, rules) || s.rules.is_built_as(rules) => s,
            Some(s) => {
                // Other rules: compile them, and fit the state's buffers to them.
                (s.model, s.constraints) = propagate::compile(rules);
                s.state.fit(&s.model);
                s.rules = Arc::clone(rules);
                s
            }
            None => {
                let (model, constraints) = propagate::compile(rules);
                let state = State::new(&model);
                slot.insert(Compiled {
                    rules: Arc::clone(rules),
                    model,
                    constraints,
                    state,
                    frames: Vec::new(),
                })
            }
        };
        let mut values = vec![0u16; compiled.model.cells];
        let mut search = Search {
            m: &compiled.model,
            constraints: &compiled.constraints,
            st: &mut compiled.state,
            frames: &mut compiled.frames,
            limits: self.limits,
            stats: self.stats,
            rng: self.rng,
            learned: {
                let weighted = !compiled.constraints.is_empty();
                let mut learned = Learned::new(compiled.model.cells, weighted);
                learned.prime(&compiled.model, &compiled.constraints);
                learned.with_rules(Arc::clone(&compiled.rules))
            },
        };
        let stop = search.run(puzzle.cells(), |st| {
            for (c, v) in values.iter_mut().enumerate() {
                *v = st.cand(c).first() as u16 + 1;
            }
            on_solution(&values)
        });
        self.stats.propagations = compiled.state.assignments;
        stop
    }
}
