//! What a search returns: a solution, a proof there is none, a count, or word that the budget or time limit ran out.

use std::fmt;

use crate::model::puzzle::Puzzle;

/// The result of looking for one solution: the one outcome type of every
/// solver, whatever it solves. `T` is what a solution is: a [`Puzzle`] from
/// [`Solver::solve`](crate::Solver::solve) on a puzzle, a
/// [`Board<BOX>`](crate::Board) on a typed board.
///
/// ```
/// use ndoku::{Board4, Outcome, Solver};
///
/// let puzzle: Board4 = "1.3..4..........".parse()?;
/// match Solver::new().with_max_nodes(1_000).solve(&puzzle) {
///     Outcome::Solved(solution) => assert!(puzzle.is_completed_by(&solution)),
///     Outcome::Unsolvable => println!("no solution"),
///     Outcome::GaveUp => println!("over the node budget"),
///     // The enum is non-exhaustive: later versions may say more.
///     _ => println!("something else"),
/// }
/// # Ok::<(), ndoku::ParseError>(())
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[must_use = "a search's outcome says whether it solved the puzzle, found none, or gave up"]
pub enum Outcome<T> {
    /// A solution: every cell filled, every rule and every given kept.
    Solved(T),
    /// The whole search space was explored: the puzzle has no solution.
    Unsolvable,
    /// The node budget or the time limit ran out before a solution was found
    /// or ruled out.
    GaveUp,
}

impl<T> Outcome<T> {
    /// The solution, if one was found.
    #[must_use]
    pub fn solution(self) -> Option<T> {
        match self {
            Outcome::Solved(b) => Some(b),
            _ => None,
        }
    }

    /// Whether the search stopped on its budget or time limit rather than on
    /// an answer.
    #[must_use]
    pub fn gave_up(&self) -> bool {
        matches!(self, Outcome::GaveUp)
    }

    /// Whether the search proved there is no solution.
    #[must_use]
    pub fn is_unsolvable(&self) -> bool {
        matches!(self, Outcome::Unsolvable)
    }

    /// The same outcome with the solution mapped by `f`, such as a typed
    /// board's solution turned into a [`Puzzle`].
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U> {
        match self {
            Outcome::Solved(t) => Outcome::Solved(f(t)),
            Outcome::Unsolvable => Outcome::Unsolvable,
            Outcome::GaveUp => Outcome::GaveUp,
        }
    }
}

impl<T: fmt::Display> fmt::Display for Outcome<T> {
    /// The solution as `{}` prints a board (`{:#}`: as a grid), or
    /// `unsolvable`, or `gave-up`: the words `ndoku solve` prints.
    ///
    /// ```
    /// use ndoku::{Board4, Solver};
    ///
    /// let puzzle: Board4 = "1.3..4..........".parse()?;
    /// let outcome = Solver::new().solve(&puzzle);
    /// assert_eq!(outcome.to_string().len(), 16);
    /// let none = Solver::new().with_max_nodes(0).solve(&Board4::new());
    /// assert_eq!(none.to_string(), "gave-up");
    /// # Ok::<(), ndoku::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Solved(b) => fmt::Display::fmt(b, f),
            Outcome::Unsolvable => f.write_str("unsolvable"),
            Outcome::GaveUp => f.write_str("gave-up"),
        }
    }
}

/// The result of counting solutions up to a limit.
///
/// ```
/// use ndoku::{Board4, Count, Solver};
///
/// let mut solver = Solver::new();
/// assert_eq!(solver.count(&Board4::new(), 1_000), Count::Exact(288)); // all of them
/// assert_eq!(solver.count(&Board4::new(), 2), Count::AtLeast(2)); // not unique
/// let tight = solver.clone().with_max_nodes(0).count(&Board4::new(), 1_000);
/// assert_eq!(tight, Count::GaveUp(0)); // the budget ran out first
/// assert!(!tight.is_complete());
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[must_use = "a count may have stopped at its limit or given up"]
pub enum Count {
    /// The whole search space was explored: exactly this many solutions (fewer
    /// than the limit).
    Exact(usize),
    /// The search stopped on reaching the limit: at least this many (the limit).
    AtLeast(usize),
    /// The node budget or the time limit ran out after finding this many;
    /// there may be more.
    GaveUp(usize),
}

impl Count {
    /// The number of solutions found, whatever stopped the search.
    #[must_use]
    pub fn found(self) -> usize {
        match self {
            Count::Exact(n) | Count::AtLeast(n) | Count::GaveUp(n) => n,
        }
    }

    /// Whether the count is final: the whole space was explored or the limit reached.
    #[must_use]
    pub fn is_complete(self) -> bool {
        !matches!(self, Count::GaveUp(_))
    }
}

impl fmt::Display for Count {
    /// `3`, `at least 2`, or `gave up after 0`.
    ///
    /// ```
    /// use ndoku::Count;
    ///
    /// assert_eq!(Count::Exact(3).to_string(), "3");
    /// assert_eq!(Count::AtLeast(2).to_string(), "at least 2");
    /// assert_eq!(Count::GaveUp(0).to_string(), "gave up after 0");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Exact(n) => write!(f, "{n}"),
            Count::AtLeast(n) => write!(f, "at least {n}"),
            Count::GaveUp(n) => write!(f, "gave up after {n}"),
        }
    }
}

/// Why a search loop stopped; both engines end in one of these, and turn it into
/// an [`Outcome`] or a [`Count`] the same way.
pub(crate) enum Stop {
    /// The whole search space was explored.
    Exhausted,
    /// The caller asked for no more solutions.
    Enough,
    /// The budget ran out.
    Budget,
}

impl Stop {
    /// The count, given the solutions found before stopping.
    pub(crate) fn count(self, found: usize) -> Count {
        match self {
            Stop::Exhausted => Count::Exact(found),
            Stop::Enough => Count::AtLeast(found),
            Stop::Budget => Count::GaveUp(found),
        }
    }

    /// The outcome of a search for one solution of `puzzle`, given the
    /// values of the one it recorded.
    pub(crate) fn variant_outcome(
        self,
        puzzle: &Puzzle,
        first: Option<Vec<u16>>,
    ) -> Outcome<Puzzle> {
        self.outcome(first.map(|values| puzzle.with_values(values)))
    }

    /// The outcome of a search for one solution, given the one it recorded.
    pub(crate) fn outcome<T>(self, first: Option<T>) -> Outcome<T> {
        match self {
            Stop::Enough => Outcome::Solved(first.expect("a solution was recorded")),
            Stop::Exhausted => Outcome::Unsolvable,
            Stop::Budget => Outcome::GaveUp,
        }
    }
}

/// A contradiction found by propagation: some cell or house-value has no
/// candidate left. Every engine's propagation ends in `Ok` or this.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;
