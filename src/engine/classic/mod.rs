//! The classic engine: boards of BOX×BOX boxes up to 64×64, behind the typed [`Solver<BOX>`](Solver).
//!
//! `Solver<3>` runs the 9×9 engine (`engine::nine`); every size can run the
//! general one, which keeps every candidate mask in a `u64`, whatever the size:
//! narrower masks saved nothing (see docs/decisions/0005-candidate-mask-width.md).

mod bits;
mod branch;
mod config;
mod frame;
mod probe;
mod propagate;
mod search;
pub(crate) mod state;
mod tables;
mod trail;

use std::time::Duration;

use super::nine;
use super::outcome::{Count, Outcome, Stop};
use crate::engine::limits::{Limits, Meter};
use crate::engine::noise::Noise;
use crate::engine::stats::Stats;
use crate::model::board::Board;
use config::Config;
pub(crate) use config::Preset;
use search::{General, Search};

/// A reusable solver for boards of one size.
///
/// It owns its scratch space (candidate masks, the undo trail, the frame stack),
/// so solving a batch with one `Solver` allocates nothing per puzzle.
///
/// # How it searches
///
/// Each frame of an explicit stack (a `Vec`, not the call stack: a 64×64
/// search can be thousands of decisions deep) is one decision. A step either
/// tries the top frame's next choice and propagates until nothing changes, or,
/// when the frame has no choice left, pops it and goes back to the frame
/// below. A choice that fails is also ruled out for the rest of its frame, so
/// later choices see what the failure proved; counting is the same loop, going
/// on after each solution as if it had failed.
///
/// There are two engines ([`Engine`]), both of that shape:
///
/// - **9×9**: one 27-bit word per digit and band; table lookups give hidden
///   singles and locked candidates in rows, columns and boxes at once, and
///   bit-sliced counts give naked singles. A frame saves the 128-byte grid.
/// - **General** (every size): candidate masks per cell and per house-digit,
///   with every change on a trail, so stepping back undoes exactly what the
///   frame did. Propagation runs naked and hidden singles and, by size,
///   locked candidates, naked and hidden pairs and all-different filtering
///   of each house. Before branching it probes two-way choices (a cell with
///   two candidates, a digit with two places in a house; on some sizes only
///   the most promising) both ways, rules out what fails and keeps what both
///   ways eliminate; it then branches on the probed pair that reached
///   furthest, or else on the cell or house-digit with the fewest choices.
///   On most sizes a search for one solution that runs long restarts from
///   the root with new tie-breaks (see [`Solver::with_seed`]).
///
/// Which rules, probes, branch order and restarts each size uses is tabled
/// in the repository's `docs/decisions/0002-general-engine-settings.md`.
///
/// ```
/// use ndoku::{Board9, Outcome};
/// use ndoku::engine::classic::Solver;
///
/// let puzzle: Board9 =
///     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
/// let mut solver = Solver::new();
/// let Outcome::Solved(solution) = solver.solve(&puzzle) else { panic!("it has a solution") };
/// assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
/// println!("{solution} after {} guesses", solver.stats().guesses);
/// # Ok::<(), ndoku::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver<const BOX: usize> {
    max_nodes: u64,
    time_limit: Option<Duration>,
    engine: Engine,
    seed: Option<u64>,
    /// Whether the seed also shuffles the order values are tried in
    /// ([`Solver::with_seed`]) or only breaks ties ([`Solver::with_tie_seed`]).
    shuffle_values: bool,
    stats: Stats,
    /// Scratch for the 9×9 engine (an empty stack until first used).
    nine: nine::Nine,
    /// Scratch for the general engine, built on first use.
    general: Option<Box<General>>,
    /// Values to try first, one per cell (0: none), in the general engine.
    hint: Vec<u8>,
    /// The general engine's preset (see [`Solver::with_preset`]).
    preset: Preset,
}

/// Which search a [`Solver`] runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The fastest engine for the board size: a specialised one for 9×9, the
    /// general one otherwise.
    #[default]
    Auto,
    /// The general engine, for every size: per-cell and per-house-digit candidate
    /// masks with an undo trail.
    General,
}

impl<const BOX: usize> Solver<BOX> {
    /// A solver with no node budget and no time limit.
    #[must_use]
    pub fn new() -> Self {
        let _ = Board::<BOX>::N; // Rejects a BOX outside 2..=8 at compile time.
        Self {
            max_nodes: u64::MAX,
            time_limit: None,
            engine: Engine::Auto,
            seed: None,
            shuffle_values: false,
            stats: Stats::default(),
            nine: nine::Nine::default(),
            general: None,
            hint: Vec::new(),
            preset: Preset::Fastest,
        }
    }

    /// Sets the general engine's preset: [`Preset::Fastest`] by default.
    pub(crate) fn with_preset(mut self, preset: Preset) -> Self {
        self.preset = preset;
        self
    }

    /// Makes the general engine try, at each branch point, the choice that
    /// agrees with `hint` (a value per cell, row-major; 0 for none) first, so
    /// that solutions close to `hint` are found early. An empty `hint` clears
    /// it. The 9×9 engine ignores it.
    pub(crate) fn set_hint(&mut self, hint: &[u8]) {
        self.hint.clear();
        self.hint.extend_from_slice(hint);
    }

    /// Sets the node budget: each search stops with [`Outcome::GaveUp`] or
    /// [`Count::GaveUp`] once it has tried `max_nodes` choices. There is no
    /// budget by default.
    ///
    /// Set one wherever the input is not trusted: some boards are hard for
    /// any solver. A random solved 36×36 grid with about half its cells
    /// blanked sits at the hardness peak of such puzzles, where a search can
    /// run for tens of thousands of guesses without finding a solution.
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = max_nodes;
        self
    }

    /// Sets a time limit: each search stops with [`Outcome::GaveUp`] or
    /// [`Count::GaveUp`] once it has run for `limit`. There is none by
    /// default; `None` clears it.
    ///
    /// The clock is read between guesses, every few of them, so a search
    /// may run a little past the limit: by a few microseconds on 9×9, and
    /// on big boards by the time a handful of guesses take (each can take
    /// milliseconds at the hardness peak). A search that needs no guess
    /// ends whatever the limit; under a zero limit, one that needs a guess
    /// gives up before it. Unlike the node budget
    /// ([`Solver::with_max_nodes`]), which stops every run at the same
    /// point, where a time limit stops depends on the machine and its load;
    /// the two can be set together, and the first reached stops the search.
    ///
    /// ```
    /// use std::time::Duration;
    /// use ndoku::{Board9, Outcome};
    /// use ndoku::engine::classic::Solver;
    ///
    /// let puzzle: Board9 =
    ///     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
    /// let mut solver = Solver::new().with_time_limit(Some(Duration::from_secs(1)));
    /// assert!(matches!(solver.solve(&puzzle), Outcome::Solved(_)));
    /// assert_eq!(solver.time_limit(), Some(Duration::from_secs(1)));
    /// # Ok::<(), ndoku::ParseError>(())
    /// ```
    #[must_use]
    pub fn with_time_limit(mut self, limit: Option<Duration>) -> Self {
        self.time_limit = limit;
        self
    }

    /// Randomises tie-breaks between equally good branch points, and the order
    /// in which values are tried, from `seed`.
    ///
    /// Without a seed the general engine (16×16 and up) still breaks ties from
    /// a fixed seed, because always starting from the first cell walks some
    /// sparse boards into a hopeless corner; and when it looks for one solution
    /// (except on 16×16 and 25×25) it restarts a
    /// search that runs long, a run's share of guesses following the Luby
    /// sequence so the search stays complete. Results are the same on every
    /// run either way. Search times on big boards are heavy-tailed, and a
    /// different seed is a different draw; a given seed also shuffles the
    /// order values are tried in (without one, only a sparse board's later
    /// runs do; [`Solver::with_tie_seed`] draws the tie-breaks alone).
    /// Counting more than one solution never restarts, except on a sparse
    /// 16×16 or 25×25 board (200 or 350 or more open cells once the givens
    /// have propagated) and on every 36×36 and 49×49 board, which restart
    /// until they have found their first solution.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self.shuffle_values = true;
        self
    }

    /// Randomises only the tie-breaks between equally good branch points,
    /// from `seed`, and keeps the engine's own order of values: a different
    /// draw of the same search, where [`Solver::with_seed`] also shuffles the
    /// values. The later of the two calls wins. The 9×9 engine ignores both.
    ///
    /// On hard 16×16 and 25×25 puzzles the engine tries first the side of a
    /// two-way choice whose lookahead reached further, and shuffling that
    /// order can cost far more guesses than any tie-break. So this is the
    /// seed for running several searches of one board side by side (as a
    /// portfolio: the first to finish wins), and for measuring how much a
    /// search's time owes to its tie-breaks.
    ///
    /// ```
    /// use ndoku::{Board, Outcome};
    /// use ndoku::engine::classic::Solver;
    ///
    /// // The first puzzle of the crate's `puzzles/16x16.txt`.
    /// let puzzle: Board<4> = concat!(
    ///     "....F.D94.B.E1..CB.63E51F.D92...153.46..8.A........G.2.......C.4",
    ///     "AE....6.7...F5.95...782...EA..6.D6C4.....FG..B...2789F.5.4.D3AE1",
    ///     "4..B..93G..F.8.2...D2.18E..3B4763...6.742A18..CG.......F.B74....",
    ///     "6.B..9.ED..G1.3.EF59B786....CG4...A1D..G.7869E.5.4......5.F.76..",
    /// )
    /// .parse()?;
    /// for seed in 1..=3 {
    ///     let mut solver = Solver::new().with_tie_seed(seed);
    ///     let Outcome::Solved(solution) = solver.solve(&puzzle) else { panic!("it has a solution") };
    ///     assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
    /// }
    /// # Ok::<(), ndoku::ParseError>(())
    /// ```
    #[must_use]
    pub fn with_tie_seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self.shuffle_values = false;
        self
    }

    /// Sets the node budget, time limit and seed at once, as the
    /// `with_` methods do one by one ([`Limits`]).
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.set_limits(&limits);
        self
    }

    /// [`Solver::with_limits`] in place, keeping the scratch space.
    pub(crate) fn set_limits(&mut self, limits: &Limits) {
        self.max_nodes = limits.max_nodes().unwrap_or(u64::MAX);
        self.time_limit = limits.time_limit();
        self.seed = limits.seed();
        self.shuffle_values = limits.seed().is_some();
    }

    /// Chooses the engine. [`Engine::Auto`], the default, picks the fastest for
    /// the size; the others exist to compare engines and to test one against another.
    #[must_use]
    pub fn with_engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// The node budget.
    #[must_use]
    pub fn max_nodes(&self) -> u64 {
        self.max_nodes
    }

    /// The time limit, if there is one.
    #[must_use]
    pub fn time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// The limits of one search starting now, reading the clock every
    /// `every` guesses when there is a time limit.
    fn limits(&self, every: u64) -> Meter {
        Meter::new(self.max_nodes, self.time_limit, every)
    }

    /// Counters from the last search.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Finds a solution of `board`, or shows there is none.
    pub fn solve(&mut self, board: &Board<BOX>) -> Outcome<Board<BOX>> {
        match self.count_and_solve(board, 1) {
            (Count::GaveUp(_), _) => Outcome::GaveUp,
            (_, Some(solution)) => Outcome::Solved(solution),
            (_, None) => Outcome::Unsolvable,
        }
    }

    /// Counts the solutions of `board`, stopping once it has found `limit`.
    pub fn count(&mut self, board: &Board<BOX>, limit: usize) -> Count {
        // No solution is kept, so the engine need not write one out.
        self.count_with(board, None, limit, false, |_| true)
    }

    /// Shows `visit` each solution of `board`, in the order the search finds
    /// them, until it has shown `limit`, `visit` returns false, or the budget
    /// or time limit runs out. Returns the count, as [`Solver::count`] does
    /// (solutions shown, and whether the search went through).
    ///
    /// ```
    /// use ndoku::{Board4, Count};
    /// use ndoku::engine::classic::Solver;
    ///
    /// let puzzle: Board4 = "12..34..........".parse()?;
    /// let mut seen = Vec::new();
    /// let count = Solver::new().each_solution(&puzzle, 100, |solution| {
    ///     assert!(solution.is_solved() && puzzle.is_completed_by(solution));
    ///     seen.push(solution.clone());
    ///     true
    /// });
    /// assert_eq!(count, Count::Exact(seen.len()));
    /// # Ok::<(), ndoku::ParseError>(())
    /// ```
    pub fn each_solution(
        &mut self,
        board: &Board<BOX>,
        limit: usize,
        mut visit: impl FnMut(&Board<BOX>) -> bool,
    ) -> Count {
        self.count_with(board, None, limit, true, |value| {
            visit(&Board::from_checked_cells(value))
        })
    }

    /// Up to `limit` solutions of `board`, in the order the search finds them
    /// (fewer when it has fewer, or when the budget or time limit ran out:
    /// [`Solver::each_solution`] tells those apart).
    ///
    /// ```
    /// use ndoku::Board4;
    /// use ndoku::engine::classic::Solver;
    ///
    /// let solutions = Solver::new().solutions(&Board4::new(), 5);
    /// assert_eq!(solutions.len(), 5);
    /// assert!(solutions.iter().all(|s| s.is_solved()));
    /// ```
    #[must_use]
    pub fn solutions(&mut self, board: &Board<BOX>, limit: usize) -> Vec<Board<BOX>> {
        let mut all = Vec::new();
        let _ = self.each_solution(board, limit, |s| {
            all.push(s.clone());
            true
        });
        all
    }

    /// Counts the solutions of `board` up to `limit`, as [`Solver::count`] does,
    /// and keeps the first one found: one search answers "is it unique, and
    /// what is the solution" (`limit` 2).
    ///
    /// ```
    /// use ndoku::{Board9, Count};
    /// use ndoku::engine::classic::Solver;
    ///
    /// let puzzle: Board9 =
    ///     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
    /// let (count, first) = Solver::new().count_and_solve(&puzzle, 2);
    /// assert_eq!(count, Count::Exact(1));
    /// assert!(first.is_some_and(|s| puzzle.is_completed_by(&s)));
    /// # Ok::<(), ndoku::ParseError>(())
    /// ```
    pub fn count_and_solve(
        &mut self,
        board: &Board<BOX>,
        limit: usize,
    ) -> (Count, Option<Board<BOX>>) {
        let mut first = None;
        let count = self.count_with(board, None, limit, true, |value| {
            first.get_or_insert_with(|| Board::from_checked_cells(value));
            true
        });
        (count, first)
    }

    /// The count behind [`Solver::count`], [`Solver::each_solution`] and
    /// [`Solver::count_and_solve`]: searches until `limit` solutions, or
    /// until `on_solution` (shown each one's values when `values`, else
    /// perhaps an empty slice) says stop, or the budget runs out.
    /// With `allowed`, cell `c` may hold value `v` only where bit `v - 1` of
    /// `allowed[c]` is set: a pencilmark grid (a given outside its cell's
    /// set leaves no solution).
    pub(crate) fn count_with(
        &mut self,
        board: &Board<BOX>,
        allowed: Option<&[u64]>,
        limit: usize,
        values: bool,
        mut on_solution: impl FnMut(&[u8]) -> bool,
    ) -> Count {
        if limit == 0 {
            self.stats = Stats::default();
            return Count::AtLeast(0);
        }
        let mut found = 0usize;
        let stop = self.search(board, allowed, limit == 1, values, |value| {
            found += 1;
            on_solution(value) && found < limit
        });
        stop.count(found)
    }

    /// The loop: choose a branch, try its next choice and propagate, step back
    /// when a frame runs out. `on_solution` sees each solution (one value byte
    /// per cell; without `values`, an engine may pass an empty slice instead)
    /// and says whether to go on.
    fn search(
        &mut self,
        board: &Board<BOX>,
        allowed: Option<&[u64]>,
        first_only: bool,
        values: bool,
        mut on_solution: impl FnMut(&[u8]) -> bool,
    ) -> Stop {
        if BOX == 3 && self.engine == Engine::Auto {
            self.stats = Stats::default();
            let mut limits = self.limits(NINE_CLOCK_EVERY);
            let words = allowed.map(nine::allowed_words);
            return self.nine.search(
                board.as_bytes(),
                words.as_ref(),
                &mut limits,
                &mut self.stats,
                values,
                &mut on_solution,
            );
        }
        self.search_general(board, allowed, first_only, on_solution)
    }

    /// The general engine's loop. With `restarts`, used only when the caller
    /// stops at the first solution, a run that exceeds its share of guesses
    /// starts over from the root with fresh random tie-breaks; the shares follow
    /// the Luby sequence, which grows without bound, so a run eventually
    /// finishes and the search stays complete.
    fn search_general(
        &mut self,
        board: &Board<BOX>,
        allowed: Option<&[u64]>,
        first_only: bool,
        mut on_solution: impl FnMut(&[u8]) -> bool,
    ) -> Stop {
        let limits = self.limits(GENERAL_CLOCK_EVERY);
        let general = self
            .general
            .get_or_insert_with(|| Box::new(General::new(BOX)));
        let config = Config::new(self.preset, BOX, first_only);
        general.prepare(board.as_bytes(), &config);
        if MARKS
            && let Some(allowed) = allowed
            && general.restrict(allowed).is_err()
        {
            self.stats = Stats::default();
            return Stop::Exhausted;
        }
        // Ties start from a pseudo-random place even without a seed: starting
        // every scan at cell 0 walks some sparse boards into a hopeless corner.
        // See docs/decisions/0006-solver-docs-and-search-design.md.
        let noise = (BOX >= 4 || self.seed.is_some())
            .then(|| Noise::new(self.seed.unwrap_or(DEFAULT_SEED)));
        self.stats = Stats::default();
        let search = Search::new(
            general,
            &mut self.stats,
            config,
            noise,
            self.shuffle_values,
            &self.hint,
            limits,
        );
        let stop = search.run(&mut on_solution);
        self.stats.propagations = general.assignments();
        stop
    }
}

/// Whether the general engine takes cells' candidate sets: not in the
/// compact WebAssembly build, whose front solver sends them to the run-time
/// engine.
const MARKS: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// Guesses between reads of the clock in the 9×9 engine, when a search has
/// a time limit: a guess there takes about half a microsecond.
const NINE_CLOCK_EVERY: u64 = 64;

/// The same in the general engine, whose guesses take from a few
/// microseconds (16×16) to milliseconds (hard 25×25 and bigger boards).
const GENERAL_CLOCK_EVERY: u64 = 4;

/// The seed of the search noise when the caller gives none, so that results
/// are the same on every run.
const DEFAULT_SEED: u64 = 0x6e64_6f6b_7573_6565;

impl<const BOX: usize> Default for Solver<BOX> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const BOX: usize> Board<BOX> {
    /// The first solution the default [`Solver`] finds, or `None` when there is none.
    ///
    /// It has no budget: for puzzles from untrusted sources, use
    /// [`Solver::with_max_nodes`] or [`Solver::with_time_limit`] and handle
    /// [`Outcome::GaveUp`].
    #[must_use]
    pub fn solve(&self) -> Option<Board<BOX>> {
        with_cached_solver(|s: &mut Solver<BOX>| s.solve(self).solution())
    }

    /// Up to `limit` solutions, in the order the default [`Solver`] finds them
    /// (see [`Solver::solutions`]). It has no budget.
    #[must_use]
    pub fn solutions(&self, limit: usize) -> Vec<Board<BOX>> {
        with_cached_solver(|s: &mut Solver<BOX>| s.solutions(self, limit))
    }

    /// Counts solutions, stopping once it has found `limit`: `count_solutions(2)`
    /// is 1 exactly when the puzzle is unique.
    ///
    /// It has no budget, so a large `limit` on a board with few givens can run for
    /// a very long time (the empty 9×9 board has about 6.7×10²¹ solutions). To bound
    /// the work, use [`Solver::with_max_nodes`] or [`Solver::with_time_limit`] and
    /// [`Solver::count`], which return [`Count::GaveUp`] when the limit is reached.
    #[must_use]
    pub fn count_solutions(&self, limit: usize) -> usize {
        with_cached_solver(|s: &mut Solver<BOX>| s.count(self, limit).found())
    }
}

/// Runs `f` with this thread's cached solver for boards of `BOX`, so that the
/// [`Board`] shortcuts allocate nothing per call after the first.
fn with_cached_solver<const BOX: usize, R>(f: impl FnOnce(&mut Solver<BOX>) -> R) -> R {
    use std::any::Any;
    use std::cell::RefCell;
    thread_local! {
        static SOLVERS: RefCell<[Option<Box<dyn Any>>; 9]> = RefCell::new(Default::default());
    }
    SOLVERS.with(|cell| {
        // A nested call (none exists today) gets a fresh solver rather than a panic.
        let Ok(mut slots) = cell.try_borrow_mut() else {
            return f(&mut Solver::new());
        };
        let solver = slots[BOX]
            .get_or_insert_with(|| Box::new(Solver::<BOX>::new()))
            .downcast_mut::<Solver<BOX>>()
            .expect("slot BOX holds a Solver<BOX>");
        f(solver)
    })
}
