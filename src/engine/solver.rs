//! The front solver: one [`Solver`] for every puzzle, which sends each to the fastest engine that can take it.

use std::any::Any;
use std::time::Duration;

use super::classic;
use super::limits::Limits;
use super::outcome::{Count, Outcome};
use super::stats::Stats;
use super::variant::VariantSolver;
use crate::error::ParseError;
use crate::model::board::Board;
use crate::model::constraint::Constraint;
use crate::model::puzzle::Puzzle;
use crate::text::any::AnyBoard;
use crate::text::any::each_board;

/// The engine a puzzle goes to ([`Solver::route`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Route {
    /// The 9×9 engine: classic 9×9 boards, with or without cells' candidate
    /// sets ([`Constraint::Candidates`](crate::Constraint::Candidates), a
    /// pencilmark grid), which it starts from.
    Nine,
    /// The classic engine ([`classic::Solver`](crate::engine::classic::Solver)):
    /// the other classic boards with square boxes, 4×4 to 64×64, with or
    /// without cells' candidate sets.
    Classic,
    /// The run-time engine ([`VariantSolver`](crate::engine::variant::VariantSolver)):
    /// every other size and every other rule.
    Variant,
}

/// The solver: finds a solution, proves there is none, counts solutions up
/// to a limit or lists them, for every puzzle ndoku reads, within the
/// [`Limits`] it is given.
///
/// It sends each puzzle to the fastest engine that can take it ([`Route`]):
/// a classic 9×9 to the 9×9 engine, the other classic boards with square
/// boxes up to 64×64 to the classic engine (either with cells' candidate
/// sets too: a pencilmark grid), and everything else (boxes of
/// R×C cells, jigsaws, extra houses, chess rules, cages, boards past 64×64)
/// to the run-time engine. Each engine keeps its scratch space between
/// searches, so a batch of puzzles through one `Solver` allocates nothing
/// per puzzle once each engine it needs is built. Use one per thread.
///
/// It takes a [`Puzzle`] (any rules, any size) and answers with a `Puzzle`;
/// it also takes a typed [`Board<BOX>`](Board) or an [`AnyBoard`] and answers
/// in the same type.
///
/// ```
/// use ndoku::{Count, Outcome, Puzzle, Solver};
///
/// let puzzle: Puzzle =
///     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
/// let mut solver = Solver::new().with_max_nodes(100_000);
/// match solver.solve(&puzzle) {
///     Outcome::Solved(solution) => assert!(puzzle.is_completed_by(&solution)),
///     Outcome::Unsolvable => println!("no solution"),
///     _ => println!("gave up: over the node budget"),
/// }
/// assert_eq!(solver.count(&puzzle, 2), Count::Exact(1)); // unique
///
/// // A typed board answers with a typed board.
/// let board = ndoku::Board9::try_from(&puzzle)?;
/// let solution: ndoku::Board9 = solver.solve(&board).solution().expect("solvable");
/// assert!(board.is_completed_by(&solution));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Solver {
    limits: Limits,
    stats: Stats,
    engines: Engines,
}

impl Clone for Solver {
    /// The same limits, with no engine built yet: engines hold only scratch
    /// space, which the clone builds again as it needs it.
    fn clone(&self) -> Self {
        Self {
            limits: self.limits,
            stats: self.stats,
            engines: Engines::default(),
        }
    }
}

/// The engines a [`Solver`] has built so far: a classic engine per box side
/// (`classic[BOX]` holds a `classic::Solver<BOX>`) and one run-time engine,
/// each made when the first puzzle that needs it comes.
#[derive(Default)]
struct Engines {
    classic: [Option<Box<dyn Any + Send + Sync>>; 9],
    variant: Option<Box<VariantSolver>>,
}

impl std::fmt::Debug for Engines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let built: Vec<usize> = (0..9).filter(|&b| self.classic[b].is_some()).collect();
        f.debug_struct("Engines")
            .field("classic_boxes", &built)
            .field("variant", &self.variant.is_some())
            .finish()
    }
}

impl Solver {
    /// A solver with no node budget, no time limit and no seed.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the node budget, time limit and seed at once.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Bounds the guesses each search may make ([`Limits::with_max_nodes`]):
    /// past them it answers [`Outcome::GaveUp`] or [`Count::GaveUp`].
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.limits = self.limits.with_max_nodes(max_nodes);
        self
    }

    /// Stops each search once it has run for `limit`
    /// ([`Limits::with_time_limit`]).
    #[must_use]
    pub fn with_time_limit(mut self, limit: Option<Duration>) -> Self {
        self.limits = self.limits.with_time_limit(limit);
        self
    }

    /// Seeds each search's tie-breaks and value order ([`Limits::with_seed`]).
    /// The 9×9 engine has no randomness and ignores it.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.limits = self.limits.with_seed(seed);
        self
    }

    /// Changes the limits of the searches to come, keeping the engines
    /// built so far and what they compiled.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The limits each search runs under.
    #[must_use]
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Counters from the last search: guesses, propagations and the like.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The engine `puzzle` goes to.
    ///
    /// ```
    /// use ndoku::{Constraint, Puzzle, Rules, Solver};
    /// use ndoku::engine::Route;
    ///
    /// assert_eq!(Solver::route(&Puzzle::new(Rules::classic(9)?)), Route::Nine);
    /// assert_eq!(Solver::route(&Puzzle::new(Rules::classic(16)?)), Route::Classic);
    /// assert_eq!(Solver::route(&Puzzle::new(Rules::classic(6)?)), Route::Variant); // boxes of 2×3
    /// assert_eq!(Solver::route(&Puzzle::new(Rules::classic(9)?.with_diagonals())), Route::Variant);
    /// // A cell's candidates (a pencil mark) keep the classic engines.
    /// let marked = Rules::classic(9)?.with_constraint(Constraint::Candidates { cell: 0, values: vec![1, 2] })?;
    /// assert_eq!(Solver::route(&Puzzle::new(marked)), Route::Nine);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn route<P: Solvable>(puzzle: &P) -> Route {
        puzzle.route()
    }

    /// Finds a solution of `puzzle`, or shows there is none, or gives up
    /// at the limits.
    pub fn solve<P: Solvable>(&mut self, puzzle: &P) -> Outcome<P> {
        puzzle.solve_in(self)
    }

    /// Counts the solutions of `puzzle`, stopping once it has found `limit`:
    /// [`Count::Exact`]`(1)` from `count(puzzle, 2)` means unique. A limit
    /// of 0 searches nothing and answers [`Count::AtLeast`]`(0)`.
    pub fn count<P: Solvable>(&mut self, puzzle: &P, limit: usize) -> Count {
        puzzle.count_in(self, limit)
    }

    /// Counts the solutions of `puzzle` up to `limit` and keeps the first
    /// one found, in one search: "is it unique, and what is the solution?"
    pub fn count_and_solve<P: Solvable>(&mut self, puzzle: &P, limit: usize) -> (Count, Option<P>) {
        puzzle.count_and_solve_in(self, limit)
    }

    /// Calls `visit` with each solution of `puzzle` until it returns
    /// `false`, the search space runs out, or the limits are reached; the
    /// count says which.
    pub fn each_solution<P: Solvable>(
        &mut self,
        puzzle: &P,
        mut visit: impl FnMut(&P) -> bool,
    ) -> Count {
        puzzle.each_solution_in(self, &mut visit)
    }

    /// Up to `limit` solutions of `puzzle`, in the order the engine finds
    /// them: fewer when there are no more or the limits were reached.
    pub fn solutions<P: Solvable>(&mut self, puzzle: &P, limit: usize) -> Vec<P> {
        let mut out = Vec::new();
        if limit > 0 {
            let _ = self.each_solution(puzzle, |s| {
                out.push(s.clone());
                out.len() < limit
            });
        }
        out
    }

    /// Runs `f` with the run-time engine under this solver's limits, and
    /// then keeps its statistics.
    fn with_variant<R>(&mut self, f: impl FnOnce(&mut VariantSolver) -> R) -> R {
        let engine = self.engines.variant.get_or_insert_with(Box::default);
        engine.set_limits(&self.limits);
        let out = f(engine);
        self.stats = engine.stats();
        out
    }
}

/// What a [`Solver`] takes: a [`Puzzle`], a typed [`Board<BOX>`](Board), or an
/// [`AnyBoard`]. Sealed: its methods are the solver's own.
pub trait Solvable: Clone + sealed::Sealed {
    #[doc(hidden)]
    fn route(&self) -> Route;
    #[doc(hidden)]
    fn solve_in(&self, solver: &mut Solver) -> Outcome<Self>;
    #[doc(hidden)]
    fn count_in(&self, solver: &mut Solver, limit: usize) -> Count;
    #[doc(hidden)]
    fn count_and_solve_in(&self, solver: &mut Solver, limit: usize) -> (Count, Option<Self>);
    #[doc(hidden)]
    fn each_solution_in(&self, solver: &mut Solver, visit: &mut dyn FnMut(&Self) -> bool) -> Count;
}

mod sealed {
    pub trait Sealed {}
    impl<const BOX: usize> Sealed for crate::Board<BOX> {}
    impl Sealed for crate::Puzzle {}
    impl Sealed for crate::text::any::AnyBoard {}
}

impl Solver {
    /// Runs `f` with the classic engine for boxes of `BOX` under this
    /// solver's limits, and then keeps its statistics.
    fn with_classic<const BOX: usize, R>(
        &mut self,
        f: impl FnOnce(&mut classic::Solver<BOX>) -> R,
    ) -> R {
        let engine = self.engines.classic[BOX]
            .get_or_insert_with(|| Box::new(classic::Solver::<BOX>::new()))
            .downcast_mut::<classic::Solver<BOX>>()
            .expect("classic[BOX] holds a classic::Solver<BOX>");
        engine.set_limits(&self.limits);
        let out = f(engine);
        self.stats = engine.stats();
        out
    }
}

impl<const BOX: usize> Solvable for Board<BOX> {
    fn route(&self) -> Route {
        if BOX == 3 {
            Route::Nine
        } else {
            Route::Classic
        }
    }
    fn solve_in(&self, solver: &mut Solver) -> Outcome<Self> {
        solver.with_classic(|e| e.solve(self))
    }
    fn count_in(&self, solver: &mut Solver, limit: usize) -> Count {
        solver.with_classic(|e| e.count(self, limit))
    }
    fn count_and_solve_in(&self, solver: &mut Solver, limit: usize) -> (Count, Option<Self>) {
        solver.with_classic(|e| e.count_and_solve(self, limit))
    }
    fn each_solution_in(&self, solver: &mut Solver, visit: &mut dyn FnMut(&Self) -> bool) -> Count {
        solver.with_classic(|e| e.each_solution(self, usize::MAX, |s| visit(s)))
    }
}

/// Whether the classic engines take cells' candidate sets
/// ([`Constraint::Candidates`]): not in the `compact` WebAssembly build,
/// which sends such puzzles to the run-time engine.
const CANDIDATES: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// The box side and each cell's candidates (bit `v - 1` for value `v`) when
/// `puzzle` has the classic rules of square boxes of 2×2 to 8×8 plus cells'
/// candidate sets and nothing else: what the classic engines take beside
/// the givens. Several sets on one cell keep the values common to them.
fn candidate_box(puzzle: &Puzzle) -> Option<(usize, Vec<u64>)> {
    if !CANDIDATES {
        return None;
    }
    let rules = puzzle.rules();
    let n = rules.size();
    let constraints = rules.constraints();
    let marks_only = !constraints.is_empty()
        && constraints
            .iter()
            .all(|c| matches!(c, Constraint::Candidates { .. }));
    let plain = rules.chess().is_empty()
        && rules.cages().is_empty()
        && rules.geometry().houses().len() == 3 * n;
    let side = match rules.geometry().box_shape() {
        Some((h, w)) if h == w && (2..=8).contains(&h) => h,
        _ => return None,
    };
    if !(marks_only && plain) {
        return None;
    }
    let mut allowed = vec![u64::MAX >> (64 - n); n * n];
    for c in constraints {
        if let Constraint::Candidates { cell, values } = c {
            let set = values
                .iter()
                .filter(|&&v| (1..=n).contains(&usize::from(v)))
                .fold(0u64, |m, &v| m | 1 << (v - 1));
            if let Some(a) = allowed.get_mut(*cell as usize) {
                *a &= set;
            }
        }
    }
    Some((side, allowed))
}

/// Runs `$on_board` with `$b`, the puzzle as a typed board, when it is a
/// classic board with square boxes; `$on_marked` with `$b` and `$allowed`
/// (see [`candidate_box`]) when it is one with cells' candidate sets too;
/// and `$on_variant` otherwise.
macro_rules! route_puzzle {
    ($puzzle:expr, |$b:ident| $on_board:expr, |$m:ident, $allowed:ident| $on_marked:expr, $on_variant:expr) => {
        match $puzzle.classic_box() {
            Some(2) => {
                let $b = Board::<2>::from_checked_cells(&$puzzle.cell_bytes());
                $on_board
            }
            Some(3) => {
                let $b = Board::<3>::from_checked_cells(&$puzzle.cell_bytes());
                $on_board
            }
            Some(4) => {
                let $b = Board::<4>::from_checked_cells(&$puzzle.cell_bytes());
                $on_board
            }
            Some(5) => {
                let $b = Board::<5>::from_checked_cells(&$puzzle.cell_bytes());
                $on_board
            }
            Some(6) => {
                let $b = Board::<6>::from_checked_cells(&$puzzle.cell_bytes());
                $on_board
            }
            Some(7) => {
                let $b = Board::<7>::from_checked_cells(&$puzzle.cell_bytes());
                $on_board
            }
            Some(8) => {
                let $b = Board::<8>::from_checked_cells(&$puzzle.cell_bytes());
                $on_board
            }
            _ => match if CANDIDATES {
                candidate_box(&$puzzle)
            } else {
                None
            } {
                Some((2, $allowed)) => {
                    let $m = Board::<2>::from_checked_cells(&$puzzle.cell_bytes());
                    $on_marked
                }
                Some((3, $allowed)) => {
                    let $m = Board::<3>::from_checked_cells(&$puzzle.cell_bytes());
                    $on_marked
                }
                Some((4, $allowed)) => {
                    let $m = Board::<4>::from_checked_cells(&$puzzle.cell_bytes());
                    $on_marked
                }
                Some((5, $allowed)) => {
                    let $m = Board::<5>::from_checked_cells(&$puzzle.cell_bytes());
                    $on_marked
                }
                Some((6, $allowed)) => {
                    let $m = Board::<6>::from_checked_cells(&$puzzle.cell_bytes());
                    $on_marked
                }
                Some((7, $allowed)) => {
                    let $m = Board::<7>::from_checked_cells(&$puzzle.cell_bytes());
                    $on_marked
                }
                Some((8, $allowed)) => {
                    let $m = Board::<8>::from_checked_cells(&$puzzle.cell_bytes());
                    $on_marked
                }
                _ => $on_variant,
            },
        }
    };
}

/// [`Solvable`]'s calls for a board with cells' candidate sets (`allowed`,
/// as [`candidate_box`] gives them), through the classic engines.
fn marked_count<const BOX: usize>(
    solver: &mut Solver,
    board: &Board<BOX>,
    allowed: &[u64],
    limit: usize,
    values: bool,
    on_solution: impl FnMut(&[u8]) -> bool,
) -> Count {
    solver.with_classic(|e: &mut classic::Solver<BOX>| {
        e.count_with(board, Some(allowed), limit, values, on_solution)
    })
}

/// [`marked_count`] showing `visit` each solution, as a puzzle of
/// `puzzle`'s rules, until it says stop.
fn marked_each<const BOX: usize>(
    solver: &mut Solver,
    puzzle: &Puzzle,
    board: &Board<BOX>,
    allowed: &[u64],
    visit: &mut dyn FnMut(&Puzzle) -> bool,
) -> Count {
    marked_count(solver, board, allowed, usize::MAX, true, |v| {
        visit(&puzzle.with_board(&Board::<BOX>::from_checked_cells(v)))
    })
}

/// [`marked_count`] up to `limit`, keeping the first solution, as a puzzle
/// of `puzzle`'s rules.
fn marked_count_and_solve<const BOX: usize>(
    solver: &mut Solver,
    puzzle: &Puzzle,
    board: &Board<BOX>,
    allowed: &[u64],
    limit: usize,
) -> (Count, Option<Puzzle>) {
    let mut first = None;
    let count = marked_count(solver, board, allowed, limit, true, |v| {
        first.get_or_insert_with(|| puzzle.with_board(&Board::<BOX>::from_checked_cells(v)));
        true
    });
    (count, first)
}

impl Solvable for Puzzle {
    fn route(&self) -> Route {
        match self
            .classic_box()
            .or_else(|| candidate_box(self).map(|(side, _)| side))
        {
            Some(3) => Route::Nine,
            Some(_) => Route::Classic,
            None => Route::Variant,
        }
    }

    fn solve_in(&self, solver: &mut Solver) -> Outcome<Self> {
        route_puzzle!(
            self,
            |b| b.solve_in(solver).map(|s| self.with_board(&s)),
            |m, allowed| match marked_count_and_solve(solver, self, &m, &allowed, 1) {
                (Count::GaveUp(_), _) => Outcome::GaveUp,
                (_, Some(solution)) => Outcome::Solved(solution),
                (_, None) => Outcome::Unsolvable,
            },
            solver.with_variant(|e| e.solve(self))
        )
    }

    fn count_in(&self, solver: &mut Solver, limit: usize) -> Count {
        route_puzzle!(
            self,
            |b| b.count_in(solver, limit),
            |m, allowed| marked_count(solver, &m, &allowed, limit, false, |_| true),
            solver.with_variant(|e| e.count(self, limit))
        )
    }

    fn count_and_solve_in(&self, solver: &mut Solver, limit: usize) -> (Count, Option<Self>) {
        route_puzzle!(
            self,
            |b| {
                let (count, first) = b.count_and_solve_in(solver, limit);
                (count, first.map(|s| self.with_board(&s)))
            },
            |m, allowed| marked_count_and_solve(solver, self, &m, &allowed, limit),
            solver.with_variant(|e| e.count_and_solve(self, limit))
        )
    }

    fn each_solution_in(&self, solver: &mut Solver, visit: &mut dyn FnMut(&Self) -> bool) -> Count {
        route_puzzle!(
            self,
            |b| b.each_solution_in(solver, &mut |s| visit(&self.with_board(s))),
            |m, allowed| marked_each(solver, self, &m, &allowed, visit),
            solver.with_variant(|e| e.each_solution(self, |s| visit(s)))
        )
    }
}

impl Solvable for AnyBoard {
    fn route(&self) -> Route {
        each_board!(self, b => b.route())
    }

    fn solve_in(&self, solver: &mut Solver) -> Outcome<Self> {
        each_board!(self, b => b.solve_in(solver).map(AnyBoard::from))
    }

    fn count_in(&self, solver: &mut Solver, limit: usize) -> Count {
        each_board!(self, b => b.count_in(solver, limit))
    }

    fn count_and_solve_in(&self, solver: &mut Solver, limit: usize) -> (Count, Option<Self>) {
        each_board!(self, b => {
            let (count, first) = b.count_and_solve_in(solver, limit);
            (count, first.map(AnyBoard::from))
        })
    }

    fn each_solution_in(&self, solver: &mut Solver, visit: &mut dyn FnMut(&Self) -> bool) -> Count {
        each_board!(self, b => b.each_solution_in(solver, &mut |s| visit(
            &AnyBoard::from(s.clone())
        )))
    }
}

impl Puzzle {
    /// The first solution, if any, from a [`Solver`] with no limits: for
    /// puzzles from outside, give a solver [`Limits`] and handle
    /// [`Outcome::GaveUp`].
    #[must_use]
    pub fn solve(&self) -> Option<Puzzle> {
        Solver::new().solve(self).solution()
    }

    /// The number of solutions, counted up to `limit` with no limits on the
    /// search: `count_solutions(2) == 1` means unique.
    #[must_use]
    pub fn count_solutions(&self, limit: usize) -> usize {
        Solver::new().count(self, limit).found()
    }
}

/// A puzzle read from one line and searched, as [`Solver::count_line`]
/// returns it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LineAnswer {
    /// The puzzle, as [`AnyBoard::parse_line`] reads the line.
    pub puzzle: AnyBoard,
    /// Its solutions, counted up to the limit.
    pub count: Count,
    /// The first solution found, if any.
    pub first: Option<AnyBoard>,
}

impl Solver {
    /// Reads one puzzle from `line`, as [`AnyBoard::parse_line`] does, and
    /// counts its solutions up to `limit`, keeping the first, as
    /// [`Solver::count_and_solve`] does: one call a line for batches.
    ///
    /// It gives what those two calls give, a little faster: the search meets
    /// conflicting givens anyway (they leave it no solution), so a plain line
    /// is checked for conflicts only when the search finds no solution.
    /// `limit` 1 gives [`Solver::solve`]'s answer.
    ///
    /// ```
    /// use ndoku::{Count, ParseError, Solver};
    ///
    /// let mut solver = Solver::new();
    /// let answer = solver.count_line("1.3..4..........", 2)?;
    /// assert_eq!(answer.count, Count::AtLeast(2));
    /// assert!(answer.first.is_some_and(|s| answer.puzzle.is_completed_by(&s)));
    /// let conflict = solver.count_line("11..............", 2);
    /// assert!(matches!(conflict, Err(ParseError::Board(_))));
    /// # Ok::<(), ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The errors of [`AnyBoard::parse_line`] for `line`, the same ones for the
    /// same lines.
    pub fn count_line(&mut self, line: &str, limit: usize) -> Result<LineAnswer, ParseError> {
        let (puzzle, unchecked) = match AnyBoard::plain_line_unchecked(line) {
            Some(puzzle) => (puzzle, true),
            None => (AnyBoard::parse_line(line)?, false),
        };
        let (count, first) = self.count_and_solve(&puzzle, limit);
        if unchecked && first.is_none() {
            // A solution keeps the givens, so only a puzzle without one can
            // hold a conflict.
            puzzle.check_conflicts()?;
        }
        Ok(LineAnswer {
            puzzle,
            count,
            first,
        })
    }
}
