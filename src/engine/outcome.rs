//! What a search returns: a solution, a proof there is none, a count, or word that the budget or time limit ran out.

use std::fmt;

use crate::model::board::Board;
use crate::model::variant::{Variant, VariantOutcome};

/// The result of looking for one solution.
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
pub enum Outcome<const BOX: usize> {
    /// A solution: a full board that keeps every given of the puzzle.
    Solved(Board<BOX>),
    /// The whole search space was explored: the puzzle has no solution.
    Unsolvable,
    /// The node budget or the time limit ran out before a solution was found
    /// or ruled out.
    GaveUp,
}

impl<const BOX: usize> Outcome<BOX> {
    /// The solution, if one was found.
    #[must_use]
    pub fn solution(self) -> Option<Board<BOX>> {
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
}

impl<const BOX: usize> fmt::Display for Outcome<BOX> {
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
/// let mut solver = Solver::<2>::new();
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
        puzzle: &Variant,
        first: Option<Vec<u16>>,
    ) -> VariantOutcome {
        match self {
            Stop::Enough => {
                VariantOutcome::Solved(puzzle.with_values(first.expect("a solution was recorded")))
            }
            Stop::Exhausted => VariantOutcome::Unsolvable,
            Stop::Budget => VariantOutcome::GaveUp,
        }
    }

    /// The outcome of a search for one solution, given the one it recorded.
    pub(crate) fn outcome<const BOX: usize>(self, first: Option<Board<BOX>>) -> Outcome<BOX> {
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
