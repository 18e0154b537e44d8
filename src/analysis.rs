//! Analysis for tools: the true candidates of a puzzle and each candidate's solution count, within budgets.

use std::time::Duration;

use web_time::Instant;

use crate::engine::Solver;
use crate::engine::outcome::Count;
use crate::engine::outcome::Outcome;
use crate::model::puzzle::Puzzle;

/// Finds the true candidates of a puzzle (the values some solution has in
/// a cell) and counts the solutions of each candidate, on any [`Rules`](crate::Rules).
///
/// | option | default | what it does |
/// |---|---|---|
/// | [`with_max_nodes`](Analysis::with_max_nodes) | none | the node budget (guesses) of each search |
/// | [`with_time_limit`](Analysis::with_time_limit) | none | the time the whole analysis may take |
///
/// When a search gives up, the candidates it was about are reported as
/// undecided ([`TrueCandidates::undecided`], [`Count::GaveUp`]): never a
/// wrong answer. A classic [`Board`](crate::Board) is analysed as
/// `Puzzle::from(&board)`.
///
/// Cost, by `tools/src/bin/analysis_times.rs` (release, one shared core, budget
/// 100,000): true candidates of a unique minimal puzzle take 0.07 ms on
/// 9×9 and 3.6 ms on 16×16; with four givens removed (222 and 757 true
/// candidates), 1.1 ms and 141 ms. Counts to 10 take 0.02 ms and 3.8 ms
/// on the unique ones, 11 ms and 1.3 s on the loose ones, where each
/// candidate needs a count of its own. Results hold a status or count for
/// each cell and value, N³ of them: fine to 64×64, large far past it.
///
/// ```
/// use ndoku::{Analysis, Board9, Count, Puzzle};
///
/// let board: Board9 =
///     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
/// let mut loose = board.clone();
/// loose.clear(0, 0)?;
/// loose.clear(0, 1)?;
/// let analysis = Analysis::new().with_max_nodes(10_000);
/// let truth = analysis.true_candidates(&Puzzle::from(&loose));
/// assert!(truth.is_complete());
/// assert_eq!(truth.get(0, 0), [3]); // the puzzle is still unique
///
/// let counts = analysis.candidate_counts(&Puzzle::from(&Board9::new()), 2);
/// assert_eq!(counts.get(0, 0, 5), Count::AtLeast(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Analysis {
    max_nodes: Option<u64>,
    time_limit: Option<Duration>,
}

/// How many solutions [`Analysis::true_candidates`] lists before it tests
/// candidates one by one.
const FIRST_SOLUTIONS: usize = 64;

/// What is known of one candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Status {
    /// Not looked at yet; undecided if it stays so.
    Open,
    /// In some solution.
    Yes,
    /// In no solution.
    No,
    /// A search about it gave up.
    Undecided,
}

/// The true candidates of a puzzle: for each cell, the values it holds in
/// at least one solution, and the candidates a search gave up on.
///
/// A puzzle with one solution has its solution's value as the one true
/// candidate of each cell; one with no solution has none.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TrueCandidates {
    size: usize,
    /// Cell `c`, value `v`: index `c * size + v - 1`.
    status: Vec<Status>,
}

/// How many solutions of a puzzle have each value in each cell, counted up
/// to a limit, as [`Count`] says: [`Count::Exact`], [`Count::AtLeast`] the
/// limit, or [`Count::GaveUp`] with the solutions found when a budget ran out.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CandidateCounts {
    size: usize,
    limit: usize,
    total: Count,
    /// Cell `c`, value `v`: index `c * size + v - 1`.
    counts: Vec<Count>,
}

impl Analysis {
    /// No node budget and no time limit.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The node budget (guesses) of each search; a search that runs out
    /// leaves its candidates undecided.
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = Some(max_nodes);
        self
    }

    /// The time the whole analysis may take, or no limit with `None`; the
    /// candidates left when it runs out are undecided.
    #[must_use]
    pub fn with_time_limit(mut self, limit: Option<Duration>) -> Self {
        self.time_limit = limit;
        self
    }

    /// The searches of one analysis: the solver and the deadline.
    fn run(&self) -> Run {
        let mut solver = Solver::new();
        if let Some(nodes) = self.max_nodes {
            solver = solver.with_max_nodes(nodes);
        }
        Run {
            solver,
            deadline: self.time_limit.map(|t| Instant::now() + t),
        }
    }

    /// The true candidates of `puzzle`.
    ///
    /// One search lists the puzzle's solutions up to 64: when that is all
    /// of them (a unique puzzle, one with none), what they hold is the
    /// answer. Otherwise each candidate that no solution found so far has
    /// is placed and searched for, each solution found adding all its
    /// values: one search per candidate not in the solutions found on the
    /// way.
    #[must_use]
    pub fn true_candidates(&self, puzzle: &Puzzle) -> TrueCandidates {
        let n = puzzle.size();
        let mut run = self.run();
        let mut truth = TrueCandidates {
            size: n,
            status: vec![Status::Open; n * n * n],
        };
        let mut found = 0;
        let first = run.each(puzzle, |values| {
            truth.mark(values);
            found += 1;
            found < FIRST_SOLUTIONS
        });
        if let Count::Exact(_) = first {
            // Every solution was seen: what they hold is all there is.
            for status in &mut truth.status {
                if *status == Status::Open {
                    *status = Status::No;
                }
            }
            return truth;
        }
        for (cell, &given) in puzzle.cells().iter().enumerate() {
            for v in 1..=n as u16 {
                let at = cell * n + usize::from(v) - 1;
                if truth.status[at] != Status::Open {
                    continue;
                }
                if given != 0 {
                    // A given's own value is true once any solution is found.
                    truth.status[at] = if given == v {
                        Status::Undecided
                    } else {
                        Status::No
                    };
                    continue;
                }
                let mut placed = puzzle.clone();
                if placed.set(cell / n, cell % n, v).is_err() {
                    truth.status[at] = Status::No;
                    continue;
                }
                truth.status[at] = match run.solve(&placed) {
                    Outcome::Solved(s) => {
                        truth.mark(s.cells());
                        Status::Yes
                    }
                    Outcome::Unsolvable => Status::No,
                    _ => Status::Undecided,
                };
            }
        }
        if truth.status.contains(&Status::Yes) {
            // A solution keeps every given.
            for (cell, &given) in puzzle.cells().iter().enumerate() {
                if given != 0 {
                    truth.status[cell * n + usize::from(given) - 1] = Status::Yes;
                }
            }
        }
        truth
    }

    /// For each cell and value, how many solutions of `puzzle` have that
    /// value there, counted up to `limit` (at least 1).
    ///
    /// One search counts the puzzle's solutions up to `limit`, tallying
    /// their values; when it explores them all, every count is exact.
    /// Otherwise each candidate whose tally is under the limit is placed and
    /// counted by a search of its own.
    #[must_use]
    pub fn candidate_counts(&self, puzzle: &Puzzle, limit: usize) -> CandidateCounts {
        let n = puzzle.size();
        let limit = limit.max(1);
        let mut run = self.run();
        let mut tally = vec![0usize; n * n * n];
        let mut found = 0;
        let total = run.each(puzzle, |values| {
            for (cell, &v) in values.iter().enumerate() {
                tally[cell * n + usize::from(v) - 1] += 1;
            }
            found += 1;
            found < limit
        });
        let mut counts: Vec<Count> = tally.iter().map(|&t| Count::Exact(t)).collect();
        if matches!(total, Count::Exact(_)) {
            return CandidateCounts {
                size: n,
                limit,
                total,
                counts,
            };
        }
        for (cell, &given) in puzzle.cells().iter().enumerate() {
            for v in 1..=n as u16 {
                let at = cell * n + usize::from(v) - 1;
                counts[at] = if given != 0 {
                    if given == v { total } else { Count::Exact(0) }
                } else if tally[at] >= limit {
                    Count::AtLeast(limit)
                } else {
                    let mut placed = puzzle.clone();
                    if placed.set(cell / n, cell % n, v).is_err() {
                        Count::Exact(0)
                    } else {
                        match run.count(&placed, limit) {
                            // Solutions found before the budget ran out count too.
                            Count::GaveUp(k) => Count::GaveUp(k.max(tally[at])),
                            count => count,
                        }
                    }
                };
            }
        }
        CandidateCounts {
            size: n,
            limit,
            total,
            counts,
        }
    }
}

/// One analysis's searches: a solver, and the deadline they share.
struct Run {
    solver: Solver,
    deadline: Option<Instant>,
}

impl Run {
    /// Gives the solver the time left; `false` when none is.
    fn arm(&mut self) -> bool {
        let Some(deadline) = self.deadline else {
            return true;
        };
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        let solver = std::mem::take(&mut self.solver);
        self.solver = solver.with_time_limit(Some(left));
        true
    }

    fn solve(&mut self, puzzle: &Puzzle) -> Outcome<Puzzle> {
        if self.arm() {
            self.solver.solve(puzzle)
        } else {
            Outcome::GaveUp
        }
    }

    fn count(&mut self, puzzle: &Puzzle, limit: usize) -> Count {
        if self.arm() {
            self.solver.count(puzzle, limit)
        } else {
            Count::GaveUp(0)
        }
    }

    /// Shows each solution's values to `visit` while it returns `true`.
    fn each(&mut self, puzzle: &Puzzle, mut visit: impl FnMut(&[u16]) -> bool) -> Count {
        if self.arm() {
            self.solver.each_solution(puzzle, |s| visit(s.cells()))
        } else {
            Count::GaveUp(0)
        }
    }
}

impl TrueCandidates {
    /// Marks every value of a solution as true.
    fn mark(&mut self, solution: &[u16]) {
        for (cell, &v) in solution.iter().enumerate() {
            self.status[cell * self.size + usize::from(v) - 1] = Status::Yes;
        }
    }

    fn values(&self, row: usize, col: usize, want: Status) -> Vec<u16> {
        let n = self.size;
        if row >= n || col >= n {
            return Vec::new();
        }
        let at = (row * n + col) * n;
        (1..=n as u16)
            .filter(|&v| self.status[at + usize::from(v) - 1] == want)
            .collect()
    }

    /// N, the side of the board.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The values of the cell at `row`, `col` (0-based) that some solution
    /// has, in increasing order; empty off the board.
    #[must_use]
    pub fn get(&self, row: usize, col: usize) -> Vec<u16> {
        self.values(row, col, Status::Yes)
    }

    /// The values of the cell at `row`, `col` that a search gave up on: they
    /// may or may not be true.
    #[must_use]
    pub fn undecided_at(&self, row: usize, col: usize) -> Vec<u16> {
        self.values(row, col, Status::Undecided)
    }

    /// Whether some solution has `value` at `row`, `col`.
    #[must_use]
    pub fn contains(&self, row: usize, col: usize, value: u16) -> bool {
        let n = self.size;
        row < n
            && col < n
            && (1..=n).contains(&usize::from(value))
            && self.status[(row * n + col) * n + usize::from(value) - 1] == Status::Yes
    }

    /// Every undecided candidate as (row, column, value), in row-major order.
    #[must_use]
    pub fn undecided(&self) -> Vec<(usize, usize, u16)> {
        let n = self.size;
        (0..n * n * n)
            .filter(|&i| self.status[i] == Status::Undecided)
            .map(|i| (i / n / n, i / n % n, (i % n) as u16 + 1))
            .collect()
    }

    /// Whether every candidate is decided: no search gave up.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        !self.status.contains(&Status::Undecided)
    }

    /// Whether the puzzle has a solution: `Some(true)` when one was found,
    /// `Some(false)` when there is none, `None` when the searches gave up.
    #[must_use]
    pub fn has_solution(&self) -> Option<bool> {
        if self.status.contains(&Status::Yes) {
            Some(true)
        } else {
            self.is_complete().then_some(false)
        }
    }
}

impl CandidateCounts {
    /// N, the side of the board.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The limit the counts went up to.
    #[must_use]
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The puzzle's own count of solutions, up to the limit.
    pub fn total(&self) -> Count {
        self.total
    }

    /// How many solutions have `value` at `row`, `col` (0-based), up to the
    /// limit; `Count::Exact(0)` off the board or for a value out of range.
    pub fn get(&self, row: usize, col: usize, value: u16) -> Count {
        let n = self.size;
        if row < n && col < n && (1..=n).contains(&usize::from(value)) {
            self.counts[(row * n + col) * n + usize::from(value) - 1]
        } else {
            Count::Exact(0)
        }
    }

    /// Whether every candidate's count is final: none gave up.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.counts.iter().all(|c| c.is_complete())
    }
}
