//! The reference engine: the plain iterative backtracker of the puzzle literature, kept as the oracle for tests.

use crate::board::Board;
use crate::geometry::Geometry;
use crate::outcome::{Count, Outcome, Stop};

/// The plain iterative backtracker, as the puzzle literature describes it:
///
/// 1. List the empty cells in row-major order.
/// 2. At the current empty cell, advance its value to the next one that keeps its
///    row, column and box free of repeats.
/// 3. If no value is left, clear the cell and step back to the previous empty cell,
///    then continue at step 2 there.
/// 4. Stepping back past the first empty cell means there is no (further) solution.
/// 5. Moving forward past the last empty cell means the board is solved.
///
/// It keeps its place in an index into the list of empty cells instead of
/// recursing, so nothing can overflow the call stack even on a 64×64 board.
/// Counting is the same loop: after a solution it steps back as if it had failed.
///
/// It is slow on hard puzzles by design: it is the simple, obviously correct
/// engine that the fast [`Solver`](crate::Solver) is tested against. Every advance
/// or step back is one step; [`Reference::with_max_steps`] bounds them.
///
/// ```
/// use ndoku::{Board4, Count, Outcome, Reference};
///
/// let empty = Board4::new();
/// assert_eq!(Reference::new().count(&empty, usize::MAX), Count::Exact(288));
/// let tight = Reference::new().with_max_steps(5);
/// assert_eq!(tight.solve(&empty), Outcome::GaveUp);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reference {
    max_steps: u64,
}

impl Reference {
    /// A reference engine with no step budget.
    #[must_use]
    pub fn new() -> Self {
        Self {
            max_steps: u64::MAX,
        }
    }

    /// The same engine, stopping with [`Outcome::GaveUp`] or [`Count::GaveUp`]
    /// after `max_steps` steps.
    #[must_use]
    pub fn with_max_steps(self, max_steps: u64) -> Self {
        Self { max_steps }
    }

    /// The first solution in the engine's order, or why there is none.
    pub fn solve<const BOX: usize>(&self, board: &Board<BOX>) -> Outcome<BOX> {
        let mut first = None;
        let stop = self.search(board, |cells| {
            first = Some(Board::from_checked_cells(cells));
            false
        });
        stop.outcome(first)
    }

    /// Counts solutions, stopping once it has found `limit` of them.
    pub fn count<const BOX: usize>(&self, board: &Board<BOX>, limit: usize) -> Count {
        let mut found = 0usize;
        if limit == 0 {
            return Count::AtLeast(0);
        }
        let stop = self.search(board, |_| {
            found += 1;
            found < limit
        });
        stop.count(found)
    }

    /// The loop. `on_solution` sees each solution's cells and says whether to go on.
    fn search<const BOX: usize>(
        &self,
        board: &Board<BOX>,
        mut on_solution: impl FnMut(&[u8]) -> bool,
    ) -> Stop {
        let n = Board::<BOX>::N;
        let mut cells = board.as_bytes().to_vec();
        let empties: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == 0).collect();
        let geometry = Geometry::square(BOX);
        let mut k = 0usize; // Index into `empties` of the current cell.
        let mut steps = 0u64;
        loop {
            if k == empties.len() {
                if !on_solution(&cells) {
                    return Stop::Enough;
                }
                // Go on as if the last cell had failed.
                match k.checked_sub(1) {
                    Some(prev) => k = prev,
                    None => return Stop::Exhausted,
                }
            }
            if steps == self.max_steps {
                return Stop::Budget;
            }
            steps += 1;
            let cell = empties[k];
            let next =
                (cells[cell] as usize + 1..=n).find(|&v| fits(geometry, &cells, cell, v as u8));
            match next {
                Some(v) => {
                    cells[cell] = v as u8;
                    k += 1;
                }
                None => {
                    cells[cell] = 0;
                    match k.checked_sub(1) {
                        Some(prev) => k = prev,
                        None => return Stop::Exhausted,
                    }
                }
            }
        }
    }
}

impl Default for Reference {
    fn default() -> Self {
        Self::new()
    }
}

/// Whether `value` may stand at `cell`: none of its peers holds it.
fn fits(geometry: &Geometry, cells: &[u8], cell: usize, value: u8) -> bool {
    geometry
        .peers(cell)
        .iter()
        .all(|&p| cells[p as usize] != value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board4, Board9};

    #[test]
    fn empty_four_by_four_has_288_solutions() {
        assert_eq!(
            Reference::new().count(&Board4::new(), 1000),
            Count::Exact(288)
        );
        assert_eq!(
            Reference::new().count(&Board4::new(), 10),
            Count::AtLeast(10)
        );
    }

    #[test]
    fn tutorial_puzzles() {
        let good: Board9 =
            "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63.."
                .parse()
                .unwrap();
        let sol = Reference::new().solve(&good).solution().unwrap();
        assert!(sol.is_solved() && good.is_completed_by(&sol));
        assert_eq!(Reference::new().count(&good, 2), Count::Exact(1));
        let bad: Board9 =
            "3.65.84..52........87....31..3....2.9..8....5.5....6..13....25........74..52.63.."
                .parse()
                .unwrap();
        assert_eq!(Reference::new().solve(&bad), Outcome::Unsolvable);
    }

    #[test]
    fn full_board_counts_once() {
        let sol = Reference::new().solve(&Board4::new()).solution().unwrap();
        assert_eq!(Reference::new().count(&sol, 5), Count::Exact(1));
        assert_eq!(Reference::new().solve(&sol), Outcome::Solved(sol.clone()));
    }

    #[test]
    fn budget_gives_up() {
        let r = Reference::new().with_max_steps(10);
        assert_eq!(r.count(&Board9::new(), usize::MAX), Count::GaveUp(0));
    }
}
