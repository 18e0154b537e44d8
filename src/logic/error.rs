//! What logic refuses: boards it cannot hold, grids that contradict themselves, steps that do not fit.

use crate::error::Violation;
use crate::model::Cell;

/// Why a grid could not be built or a step could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum LogicError {
    /// A board over 64×64: candidates are bits of a `u64`.
    #[error("a {size}x{size} board is too large for logic: at most 64x64")]
    TooLarge {
        /// The side of the board.
        size: usize,
    },
    /// An empty cell no value fits.
    #[error("{cell} has no candidate left")]
    NoCandidates {
        /// The cell.
        cell: Cell,
    },
    /// Two filled cells that must differ hold the same value.
    #[error("{first} and {second} hold the same value")]
    Conflict {
        /// The first cell.
        first: Cell,
        /// The second cell.
        second: Cell,
    },
    /// A puzzle without a solution (or one the search gave up on), which
    /// a hint cannot judge mistakes against.
    #[error("the puzzle has no solution to check a game against")]
    NoSolution,
    /// A grid the ladder's steps reached that breaks a rule (a cage's sum,
    /// a constraint). Its steps are sound, so no solution has that grid's
    /// values: the puzzle has none.
    #[error("the puzzle has no solution: the ladder reaches a grid where {violation}")]
    BreaksRule {
        /// The rule the grid breaks.
        violation: Violation,
    },
    /// A step that names a cell off the board, a value out of range, or a
    /// filled cell.
    #[error("a step names value {value} at cell {cell}, which this grid cannot take")]
    BadStep {
        /// The cell, row-major.
        cell: usize,
        /// The value.
        value: u16,
    },
}
