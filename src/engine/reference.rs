//! The reference engine: the plain iterative backtracker of the puzzle literature, kept as the oracle for tests.

use crate::engine::outcome::{Count, Outcome, Stop};
use crate::model::board::Board;
use crate::model::geometry::Geometry;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;

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
/// use ndoku::{Board4, Count, Outcome};
/// use ndoku::engine::Reference;
///
/// let empty = Board4::new();
/// assert_eq!(Reference::new().count(&empty, usize::MAX), Count::Exact(288));
/// let tight = Reference::new().with_max_steps(5);
/// assert_eq!(tight.solve(&empty), Outcome::GaveUp);
/// ```
///
/// [`Reference::count_variant`] and [`Reference::solve_variant`] run the same
/// loop on a [`Puzzle`], under any [`Rules`]: there, "keeps the rules" is the
/// small check described at [`Reference::count_variant`], written here apart
/// from [`Rules::check`] and from the run-time engine.
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
    pub fn solve<const BOX: usize>(&self, board: &Board<BOX>) -> Outcome<Board<BOX>> {
        let mut first = None;
        let stop = self.search(board, |cells| {
            first = Some(Board::from_checked_cells(&narrow(cells)));
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

    /// The first solution of a puzzle under any [`Rules`], in the engine's
    /// order, or why there is none; see [`Reference::count_variant`].
    ///
    /// ```
    /// use ndoku::{Outcome, Puzzle, Rules};
    /// use ndoku::engine::Reference;
    ///
    /// // 4×4 with a cage of two cells summing to 7 in the top row: 3 and 4.
    /// let rules = Rules::classic(4)?.with_cage(&[(0, 0), (0, 1)], Some(7))?;
    /// let puzzle = Puzzle::new(rules);
    /// let solution = Reference::new().solve_variant(&puzzle).solution().unwrap();
    /// assert!(puzzle.is_completed_by(&solution));
    /// assert_eq!(&solution.cells()[..2], [3, 4]);
    /// let tight = Reference::new().with_max_steps(3);
    /// assert_eq!(tight.solve_variant(&puzzle), Outcome::GaveUp);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_variant(&self, puzzle: &Puzzle) -> Outcome<Puzzle> {
        let mut first = None;
        let stop = self.search_variant(puzzle, |cells| {
            first = Some(cells.to_vec());
            false
        });
        stop.variant_outcome(puzzle, first)
    }

    /// Counts the solutions of a puzzle under any [`Rules`], stopping once
    /// it has found `limit` of them.
    ///
    /// It is the loop of [`Reference`] on the puzzle's empty cells in
    /// row-major order. A value fits at a cell when:
    ///
    /// - no cell that must differ from it holds the value: a cell of one of
    ///   its houses ([`Geometry::houses_of`]: rows, columns, boxes or
    ///   regions, diagonals, windows, extra regions), of one of its cages,
    ///   or a chess move away ([`Rules::chess_pairs`]);
    /// - each [`Constraint`](crate::Constraint) that reads the cell is not
    ///   broken, as [`Rules::check`] says of the grid with the value there
    ///   (on a partial grid, it reports only what the empty cells cannot
    ///   mend; on a full one, whatever breaks the rule);
    /// - and, for each cage with a sum that holds the cell, the values the
    ///   cage holds with this one, plus the least (and the greatest) sum of
    ///   different values not yet in the cage that its other empty cells
    ///   could take, can still reach the sum. With no empty cell left, that
    ///   is the sum itself.
    ///
    /// ```
    /// use ndoku::{Count, Rules, Puzzle};
    /// use ndoku::engine::Reference;
    ///
    /// let r = Reference::new();
    /// // The 288 grids of 4×4; 48 of them keep both diagonals as well.
    /// let classic = Puzzle::new(Rules::classic(4)?);
    /// assert_eq!(r.count_variant(&classic, usize::MAX), Count::Exact(288));
    /// let x = Puzzle::new(Rules::classic(4)?.with_diagonals());
    /// assert_eq!(r.count_variant(&x, usize::MAX), Count::Exact(48));
    /// assert_eq!(r.count_variant(&x, 3), Count::AtLeast(3));
    /// assert_eq!(r.with_max_steps(10).count_variant(&x, 3), Count::GaveUp(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_variant(&self, puzzle: &Puzzle, limit: usize) -> Count {
        if limit == 0 {
            return Count::AtLeast(0);
        }
        let mut found = 0usize;
        let stop = self.search_variant(puzzle, |_| {
            found += 1;
            found < limit
        });
        stop.count(found)
    }

    /// The loop for a [`Puzzle`]: [`Reference::backtrack`] with
    /// [`VariantCheck::fits`] as the test of a value.
    fn search_variant(&self, puzzle: &Puzzle, mut on_solution: impl FnMut(&[u16]) -> bool) -> Stop {
        let check = VariantCheck::new(puzzle.rules());
        let fits = |cells: &[u16], cell, v| check.fits(cells, cell, v);
        self.backtrack(puzzle.cells().to_vec(), puzzle.size(), fits, |cells| {
            debug_assert!(puzzle.rules().check(cells).is_ok());
            on_solution(cells)
        })
    }

    /// The loop for a board: [`Reference::backtrack`] with its houses.
    fn search<const BOX: usize>(
        &self,
        board: &Board<BOX>,
        on_solution: impl FnMut(&[u16]) -> bool,
    ) -> Stop {
        let geometry = Geometry::square(BOX);
        let fits = |cells: &[u16], cell, v| fits(geometry, cells, cell, v);
        self.backtrack(
            board.as_bytes().iter().map(|&v| u16::from(v)).collect(),
            Board::<BOX>::N,
            fits,
            on_solution,
        )
    }

    /// The loop, over `cells` with values `1..=n`, `fits` saying whether a
    /// value may stand in a cell. `on_solution` sees each solution's cells
    /// and says whether to go on.
    fn backtrack(
        &self,
        mut cells: Vec<u16>,
        n: usize,
        fits: impl Fn(&[u16], usize, u16) -> bool,
        mut on_solution: impl FnMut(&[u16]) -> bool,
    ) -> Stop {
        let empties: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == 0).collect();
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
            let next = (cells[cell] as usize + 1..=n).find(|&v| fits(&cells, cell, v as u16));
            match next {
                Some(v) => {
                    cells[cell] = v as u16;
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

/// Values of a board of at most 64 values, one byte each.
fn narrow(cells: &[u16]) -> Vec<u8> {
    cells.iter().map(|&v| v as u8).collect()
}

/// Whether `value` may stand at `cell`: none of its peers holds it.
fn fits(geometry: &Geometry, cells: &[u16], cell: usize, value: u16) -> bool {
    geometry
        .peers(cell)
        .iter()
        .all(|&p| cells[p as usize] != value)
}

/// The test of a value under [`Rules`], kept plain: for each cell, the
/// cells that must differ from it, and the cages with a sum that hold it.
struct VariantCheck {
    /// N, the largest value.
    n: usize,
    /// `differ[c]`: every cell sharing a house or a cage with `c`, or a chess
    /// move away from it (with repeats; `c` itself left out).
    differ: Vec<Vec<usize>>,
    /// `sums[c]`: (cells, sum) of each cage with a sum holding `c`.
    sums: Vec<Vec<(Vec<usize>, u64)>>,
    /// The rules, when they hold constraints beyond houses and cages.
    rules: Option<Rules>,
    /// `named[c]`: the constraints that read `c` (the global ones read every cell).
    named: Vec<Vec<usize>>,
}

impl VariantCheck {
    fn new(rules: &Rules) -> Self {
        let n = rules.size();
        let geometry = rules.geometry();
        let mut differ: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        let mut sums: Vec<Vec<(Vec<usize>, u64)>> = vec![Vec::new(); n * n];
        for (cell, list) in differ.iter_mut().enumerate() {
            for m in geometry.houses_of(cell) {
                let house = geometry.house(m.house as usize).cells();
                list.extend(house.iter().map(|&c| c as usize));
            }
        }
        for cage in rules.cages() {
            let cells: Vec<usize> = cage.cells().iter().map(|&c| c as usize).collect();
            for &c in &cells {
                differ[c].extend(&cells);
                if let Some(sum) = cage.sum() {
                    sums[c].push((cells.clone(), sum));
                }
            }
        }
        for (a, b) in rules.chess_pairs() {
            differ[a as usize].push(b as usize);
            differ[b as usize].push(a as usize);
        }
        for (cell, list) in differ.iter_mut().enumerate() {
            list.retain(|&c| c != cell);
        }
        let mut named: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for (i, c) in rules.constraints().iter().enumerate() {
            let cells = c.cells(n);
            if cells.is_empty() {
                named.iter_mut().for_each(|list| list.push(i));
            }
            for c in cells {
                named[c as usize].push(i);
            }
        }
        let rules = (!rules.constraints().is_empty()).then(|| rules.clone());
        Self {
            n,
            differ,
            sums,
            rules,
            named,
        }
    }

    /// Whether `value` may stand at the empty `cell` of `cells`.
    fn fits(&self, cells: &[u16], cell: usize, value: u16) -> bool {
        if self.differ[cell].iter().any(|&c| cells[c] == value) {
            return false;
        }
        if let Some(rules) = &self.rules {
            // The grid with `value` at `cell`, checked against the
            // constraints that read it.
            let mut grid = cells.to_vec();
            grid[cell] = value;
            let constraints = rules.constraints();
            let broken = |&i: &usize| rules.broken(i, &constraints[i], &grid).is_some();
            if self.named[cell].iter().any(broken) {
                return false;
            }
        }
        self.sums[cell].iter().all(|(cage, sum)| {
            // The cage as it would be with `value` at `cell`.
            let at = |c: usize| if c == cell { value } else { cells[c] };
            let used: Vec<u64> = cage
                .iter()
                .map(|&c| u64::from(at(c)))
                .filter(|&v| v != 0)
                .collect();
            let empty = cage.len() - used.len();
            let free: Vec<u64> = (1..=self.n as u64).filter(|v| !used.contains(v)).collect();
            let have: u64 = used.iter().sum();
            // `free` is increasing: its first `empty` values are the least.
            let least: u64 = free.iter().take(empty).sum();
            let most: u64 = free.iter().rev().take(empty).sum();
            have + least <= *sum && *sum <= have + most
        })
    }
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

    /// Every Latin square of side N (rows and columns hold each value once,
    /// which every [`Rules`] asks), filtered by [`Rules::check`] and the
    /// givens: a count with no pruning by the rules to get wrong.
    fn brute_count(rules: &Rules, givens: &[u16]) -> usize {
        let n = rules.size();
        let perms: Vec<Vec<u16>> = (0..n).fold(vec![Vec::new()], |acc, _| {
            acc.into_iter()
                .flat_map(|p: Vec<u16>| {
                    (1..=n as u16)
                        .filter(|v| !p.contains(v))
                        .map(|v| [p.clone(), vec![v]].concat())
                        .collect::<Vec<_>>()
                })
                .collect()
        });
        let mut squares: Vec<Vec<u16>> = vec![Vec::new()];
        for _ in 0..n {
            squares = squares
                .into_iter()
                .flat_map(|grid| {
                    let rows = grid.len() / n;
                    perms
                        .iter()
                        .filter(|p| (0..n).all(|c| (0..rows).all(|r| grid[r * n + c] != p[c])))
                        .map(|p| [grid.clone(), p.clone()].concat())
                        .collect::<Vec<_>>()
                })
                .collect();
        }
        squares
            .iter()
            .filter(|g| givens.iter().zip(g.iter()).all(|(&a, &b)| a == 0 || a == b))
            .filter(|g| rules.check(g).is_ok())
            .count()
    }

    #[test]
    fn variant_counts_match_brute_force() {
        use crate::model::rules::ChessRule;
        let jigsaw = [0, 0, 1, 1, 0, 2, 1, 1, 0, 2, 3, 3, 2, 2, 3, 3];
        let sets = [
            Rules::classic(4).unwrap(),
            Rules::classic(4).unwrap().with_diagonals(),
            Rules::classic(4).unwrap().with_diagonal(true),
            Rules::jigsaw(4, &jigsaw).unwrap(),
            Rules::jigsaw(4, &jigsaw)
                .unwrap()
                .with_chess(ChessRule::AntiKnight),
            Rules::classic(4).unwrap().with_chess(ChessRule::AntiKing),
            Rules::classic(4)
                .unwrap()
                .with_cage(&[(0, 0), (1, 1)], Some(5))
                .unwrap()
                .with_cage(&[(2, 1), (2, 2), (3, 2)], Some(6))
                .unwrap(),
            Rules::jigsaw(4, &jigsaw)
                .unwrap()
                .with_cage(&[(0, 3), (1, 3), (3, 0)], None)
                .unwrap()
                .with_region(&[(0, 1), (1, 3), (2, 0), (3, 2)])
                .unwrap(),
            Rules::classic(3).unwrap(),
            Rules::classic(3)
                .unwrap()
                .with_cage(&[(0, 0), (0, 1)], Some(4))
                .unwrap()
                .with_cage(&[(1, 1), (2, 1)], Some(5))
                .unwrap(),
        ];
        for rules in sets {
            let n = rules.size();
            let empty = vec![0u16; n * n];
            let mut givens = empty.clone();
            givens[n + 1] = 2;
            for cells in [empty, givens] {
                let Ok(puzzle) = Puzzle::from_cells(rules.clone(), &cells) else {
                    continue;
                };
                let expected = brute_count(&rules, &cells);
                assert_eq!(
                    Reference::new().count_variant(&puzzle, usize::MAX),
                    Count::Exact(expected),
                    "{rules:?} {cells:?}"
                );
            }
        }
    }

    #[test]
    fn plain_rules_count_as_the_classic_loop() {
        let puzzles = [
            "1...",
            "..3.4...2.......",
            "1.3..4..........",
            "12..34..21......",
        ];
        for text in puzzles.iter().filter(|t| t.len() == 16) {
            let board: Board4 = text.parse().unwrap();
            let variant = Puzzle::from(&board);
            for limit in [1, 2, 5, usize::MAX] {
                let r = Reference::new();
                assert_eq!(r.count_variant(&variant, limit), r.count(&board, limit));
            }
            let a = Reference::new().solve_variant(&variant).solution().unwrap();
            let b = Reference::new().solve(&board).solution().unwrap();
            assert_eq!(a, Puzzle::from(&b));
        }
    }

    #[test]
    fn variant_budget_and_unsolvable() {
        let rules = Rules::classic(4).unwrap();
        let empty = Puzzle::new(rules.clone());
        let tight = Reference::new().with_max_steps(10);
        assert_eq!(tight.count_variant(&empty, usize::MAX), Count::GaveUp(0));
        assert_eq!(tight.solve_variant(&empty), Outcome::GaveUp);
        assert_eq!(Reference::new().count_variant(&empty, 0), Count::AtLeast(0));
        // R1C1 sees 1, 2, 3 and 4 without any repeat among the givens.
        let mut cells = [0u16; 16];
        (cells[1], cells[2], cells[4], cells[8]) = (1, 2, 3, 4);
        let stuck = Puzzle::from_cells(rules, &cells).unwrap();
        assert_eq!(Reference::new().solve_variant(&stuck), Outcome::Unsolvable);
        assert_eq!(Reference::new().count_variant(&stuck, 3), Count::Exact(0));
    }

    #[test]
    fn budget_gives_up() {
        let r = Reference::new().with_max_steps(10);
        assert_eq!(r.count(&Board9::new(), usize::MAX), Count::GaveUp(0));
    }
}
