//! What a search returns: a solution, a proof there is none, a count, or word that the budget ran out.

use crate::board::Board;

/// The result of looking for one solution.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome<const BOX: usize> {
    /// A solution: a full board that keeps every given of the puzzle.
    Solved(Board<BOX>),
    /// The whole search space was explored: the puzzle has no solution.
    Unsolvable,
    /// The node budget ran out before a solution was found or ruled out.
    GaveUp,
}

impl<const BOX: usize> Outcome<BOX> {
    /// The solution, if one was found.
    pub fn solution(self) -> Option<Board<BOX>> {
        match self {
            Outcome::Solved(b) => Some(b),
            _ => None,
        }
    }

    /// Whether the search stopped on its budget rather than on an answer.
    pub fn gave_up(&self) -> bool {
        matches!(self, Outcome::GaveUp)
    }
}

/// The result of counting solutions up to a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Count {
    /// The whole search space was explored: exactly this many solutions (fewer
    /// than the limit).
    Exact(usize),
    /// The search stopped on reaching the limit: at least this many (the limit).
    AtLeast(usize),
    /// The node budget ran out after finding this many; there may be more.
    GaveUp(usize),
}

impl Count {
    /// The number of solutions found, whatever stopped the search.
    pub fn found(self) -> usize {
        match self {
            Count::Exact(n) | Count::AtLeast(n) | Count::GaveUp(n) => n,
        }
    }

    /// Whether the count is final: the whole space was explored or the limit reached.
    pub fn is_complete(self) -> bool {
        !matches!(self, Count::GaveUp(_))
    }
}
