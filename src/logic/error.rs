//! What logic refuses: boards it cannot hold, grids that contradict themselves, steps that do not fit.

use crate::error::Violation;

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
    #[error("R{}C{} has no candidate left", .row + 1, .col + 1)]
    NoCandidates {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// Two filled cells that must differ hold the same value.
    #[error("R{}C{} and R{}C{} hold the same value", .first.0 + 1, .first.1 + 1, .second.0 + 1, .second.1 + 1)]
    Conflict {
        /// The first cell, 0-based (row, column).
        first: (usize, usize),
        /// The second cell, 0-based (row, column).
        second: (usize, usize),
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
