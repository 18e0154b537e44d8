//! One decision of the search: where it branches, what is left to try there, and where its trail begins.

use super::state::State;
use super::tables::Tables;
/// Where a frame branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Branch {
    /// Try each candidate digit of one cell.
    Cell(u16),
    /// Try each remaining place of one digit in one house.
    Place {
        /// The house: rows `0..n`, columns `n..2n`, boxes `2n..3n`.
        house: u16,
        /// The digit, 0-based.
        digit: u8,
    },
}

/// No choice is being explored under the frame yet.
pub(crate) const NONE: u8 = u8::MAX;

/// One decision: a branch point, the choices left there, the choice being
/// explored, and the trail length to undo to before trying another.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub branch: Branch,
    /// Choices not yet tried: digits of a cell, or positions of a house.
    pub remaining: u64,
    /// The choice whose subtree is being explored, or [`NONE`].
    pub current: u8,
    /// The choice to try first, when the caller set one, or [`NONE`].
    pub first: u8,
    /// The trail length this frame's choices start from.
    pub mark: usize,
}

impl Frame {
    pub fn new(branch: Branch, remaining: u64, mark: usize) -> Self {
        Self {
            branch,
            remaining,
            current: NONE,
            first: NONE,
            mark,
        }
    }

    /// The (cell, digit) assignment that choice `k` of this frame stands for.
    pub fn assignment(&self, g: &Tables, k: usize) -> (usize, usize) {
        match self.branch {
            Branch::Cell(cell) => (cell as usize, k),
            Branch::Place { house, digit } => (
                g.house_cells[house as usize * g.n + k] as usize,
                digit as usize,
            ),
        }
    }

    /// The choices still possible in `state`: untried ones that propagation has
    /// not ruled out since.
    pub fn live(&self, g: &Tables, state: &State) -> u64 {
        match self.branch {
            Branch::Cell(cell) => self.remaining & state.cand(cell as usize),
            Branch::Place { house, digit } => {
                self.remaining & state.places(house as usize * g.n + digit as usize)
            }
        }
    }
}
