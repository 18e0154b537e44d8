//! Generating puzzles under run-time rules: random solved grids, carved while unique, and random jigsaw layouts.

use crate::sort::SmallSort;
use std::collections::VecDeque;
use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use crate::engine::Solver;
use crate::engine::outcome::Count;
use crate::engine::outcome::Outcome;
use crate::engine::variant::VariantSolver;
use crate::model::geometry::Geometry;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::random::{below, shuffle};

use super::derive::Derived;
use super::{GenerateError, Level, RatingGoal, RatingRange, Symmetry, in_sequence};

/// A puzzle made by [`VariantGenerator`], with its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GeneratedPuzzle {
    /// The puzzle: it has exactly one solution under its rules.
    pub puzzle: Puzzle,
    /// Its solution, under the same rules.
    pub solution: Puzzle,
    /// Whether it is proven minimal for its symmetry: removing any one orbit
    /// of givens (any one given, with [`Symmetry::None`]) leaves more than one
    /// solution. False with [`VariantGenerator::with_minimal`] off, or when a
    /// uniqueness search ran out of its node budget
    /// ([`VariantGenerator::with_max_nodes`]) and the givens it was about
    /// were kept.
    pub minimal: bool,
    /// The index of the puzzle in its generator's sequence.
    pub index: u64,
    /// Grids it took: more than one when the engine gave up on completing a
    /// grid within its budget, or a random layout had no solution.
    pub attempts: u32,
}

/// Makes puzzles with exactly one solution under any [`Rules`] without
/// sums, reproducibly from a seed: boxes of any shape, jigsaw layouts given
/// or made at random ([`VariantGenerator::with_random_regions`]), diagonals,
/// windows, disjoint groups, extra regions, chess rules and cages without
/// sums.
///
/// Each puzzle starts from a random solved grid: the empty puzzle solved by
/// a [`VariantSolver`] that tries values in a seeded order, under a node
/// budget (a search that gives up is retried with another draw). Orbits of
/// cells under the [`Symmetry`] are then emptied in random order, and a
/// removal is kept only while [`VariantSolver::count`] to 2 still finds
/// exactly one solution. By default every orbit is tried, so the puzzle is
/// minimal: no orbit of givens left (no single given, with
/// [`Symmetry::None`]) can go.
///
/// Killer cages with sums are not supported: the givens alone would not
/// tell a solver the sums, and carving would have to keep them
/// ([`GenerateError::SumsUnsupported`]). Cages without sums are fine.
///
/// Like [`Generator`](crate::Generator), puzzle `i` comes from stream `i` of
/// the seed's ChaCha8 generator: it depends only on the seed, the rules, the
/// options and `i`, not on the platform, the other puzzles or threads.
///
/// ```
/// use ndoku::{Count, Rules, Symmetry};
/// use ndoku::generate::VariantGenerator;
/// use ndoku::engine::variant::VariantSolver;
///
/// // X-Sudoku on 6×6 with boxes of 2×3.
/// let rules = Rules::boxes(2, 3)?.with_diagonals();
/// let made = VariantGenerator::new(rules, 42).with_symmetry(Symmetry::None).generate()?;
/// assert_eq!(VariantSolver::new().count(&made.puzzle, 2), Count::Exact(1));
/// assert!(made.puzzle.is_completed_by(&made.solution));
/// assert!(made.minimal);
///
/// // A 9×9 jigsaw on a random layout of its own.
/// let jigsaw = VariantGenerator::new(Rules::classic(9)?, 7).with_random_regions().generate()?;
/// assert_eq!(jigsaw.puzzle.count_solutions(2), 1);
/// assert!(jigsaw.puzzle.rules().geometry().box_shape().is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantGenerator {
    rules: Arc<Rules>,
    seed: u64,
    symmetry: Symmetry,
    minimal: bool,
    random_regions: bool,
    attempts: u32,
    max_nodes: u64,
    level: Option<Level>,
    rating: RatingGoal,
    killer: bool,
    derived: Derived,
}

/// The sizes a killer cage is drawn with, each as likely as its repeats
/// make it; a cell left with no free neighbour joins a cage beside it, or
/// stays a cage of one.
const CAGE_SIZES: [usize; 8] = [2, 2, 3, 3, 3, 4, 4, 5];

/// The most cells a killer cage grows to, a cell that joins it included.
const MAX_CAGE: usize = 5;

/// The default node budget of each uniqueness check.
const CHECK_NODES: u64 = 100_000;

/// The node budget of the first attempt at completing a grid.
const GRID_NODES: u64 = 500;

/// The most the node budget of an attempt at completing a grid grows to.
const MAX_GRID_NODES: u64 = 100_000;

/// The node budget of attempt `attempt` (from 1) at completing a grid: it
/// doubles from [`GRID_NODES`] with each attempt, up to [`MAX_GRID_NODES`].
/// A seeded search of an empty grid mostly ends within a few dozen
/// guesses, but now and then wanders into a dead end that takes thousands
/// (a 9×9 jigsaw: a median of 64, one in six over 3,000): starting afresh
/// from another draw with a small budget gets there sooner, and wastes
/// little on a random layout that has no solution at all.
fn grid_nodes(attempt: u32) -> u64 {
    GRID_NODES
        .saturating_mul(1 << attempt.saturating_sub(1).min(20))
        .min(MAX_GRID_NODES)
}

/// Attempts at a random jigsaw layout with a solution, for
/// [`VariantGenerator::random_regions`].
const LAYOUT_ATTEMPTS: u32 = 1_000;

impl VariantGenerator {
    /// A generator of puzzles under `rules` with seed `seed` and the
    /// defaults: [`Symmetry::Rotate180`], minimal puzzles, at most 64 grids
    /// per puzzle, 100,000 guesses per uniqueness check.
    #[must_use]
    pub fn new(rules: impl Into<Arc<Rules>>, seed: u64) -> Self {
        Self {
            rules: rules.into(),
            seed,
            symmetry: Symmetry::default(),
            minimal: true,
            random_regions: false,
            attempts: 64,
            max_nodes: CHECK_NODES,
            level: None,
            rating: RatingGoal::default(),
            killer: false,
            derived: Derived::default(),
        }
    }

    /// Makes killer puzzles: each solved grid gets a random partition into
    /// cages of connected cells (side to side) with different values,
    /// mostly of 2 to 5 cells, each with the sum of its values; givens are
    /// then carved while the puzzle stays unique. When the cages alone make
    /// the solution unique, the puzzle has no givens at all; else it keeps
    /// those it needs (minimal, with the defaults).
    ///
    /// The cages come on top of the rules' own (which must have no sums,
    /// see [`GenerateError::SumsUnsupported`]). The logic has steps for
    /// cage sums, so killers can be asked for by rating
    /// ([`VariantGenerator::with_rating`]) or by level, which is then the
    /// level's band of SE ratings ([`Level::band`]) on any size.
    ///
    /// ```
    /// use ndoku::{Count, Rules};
    /// use ndoku::generate::VariantGenerator;
    /// use ndoku::engine::variant::VariantSolver;
    ///
    /// let made = VariantGenerator::new(Rules::classic(6)?, 3).with_killer_cages().generate()?;
    /// let cages = made.puzzle.rules().cages();
    /// assert!(!cages.is_empty() && cages.iter().all(|c| c.sum().is_some()));
    /// assert_eq!(VariantSolver::new().count(&made.puzzle, 2), Count::Exact(1));
    /// assert!(made.puzzle.rules().check(made.solution.cells()).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_killer_cages(mut self) -> Self {
        self.killer = true;
        self
    }

    /// Makes Kropki puzzles with all dots given: each solved grid gets a
    /// white dot between every two orthogonal neighbours that differ by 1,
    /// a black dot between every two where one is twice the other (a white
    /// one for 1 and 2), and the negative rules of both
    /// ([`Constraint::Negative`](crate::Constraint::Negative)); givens are
    /// then carved while the puzzle stays unique (none at all when the dots
    /// alone make it so).
    ///
    /// ```
    /// use ndoku::{Count, Rules, Symmetry};
    /// use ndoku::generate::VariantGenerator;
    /// use ndoku::engine::variant::VariantSolver;
    ///
    /// let g = VariantGenerator::new(Rules::classic(6)?, 1).with_kropki_dots();
    /// let made = g.with_symmetry(Symmetry::None).generate()?;
    /// assert!(made.puzzle.rules().constraints().len() > 2);
    /// assert_eq!(VariantSolver::new().count(&made.puzzle, 2), Count::Exact(1));
    /// assert!(made.puzzle.rules().check(made.solution.cells()).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_kropki_dots(mut self) -> Self {
        self.derived.kropki = true;
        self
    }

    /// Makes XV puzzles with all X and V given: an X between every two
    /// orthogonal neighbours of each solved grid that sum to 10, a V where
    /// they sum to 5, and the negative rule; then carved as
    /// [`VariantGenerator::with_kropki_dots`] is.
    #[must_use]
    pub fn with_xv(mut self) -> Self {
        self.derived.xv = true;
        self
    }

    /// Draws `count` thermometers on each solved grid, each a path of 3 to 6
    /// cells (side to side or diagonal) along which the grid's values
    /// increase, on cells no other thermometer or arrow uses; then carves
    /// givens while the puzzle stays unique. A thermometer that finds no
    /// room after 200 tries is left out.
    #[must_use]
    pub fn with_thermometers(mut self, count: usize) -> Self {
        self.derived.thermometers = count;
        self
    }

    /// Draws `count` arrows on each solved grid: a circle of one cell of
    /// value 3 or more, and a line of 2 to 6 cells from beside it (side to
    /// side or diagonal) whose values sum to the circle's, on cells no
    /// other arrow or thermometer uses; then carves givens while the puzzle
    /// stays unique. An arrow that finds no room after 200 tries is left out.
    #[must_use]
    pub fn with_arrows(mut self, count: usize) -> Self {
        self.derived.arrows = count;
        self
    }

    /// The symmetry of the givens.
    #[must_use]
    pub fn with_symmetry(mut self, symmetry: Symmetry) -> Self {
        self.symmetry = symmetry;
        self
    }

    /// Whether to try every orbit of givens for removal, so that the puzzle
    /// is minimal (the default). With `false`, removal stops at the first
    /// orbit that cannot go: faster, and the puzzle keeps more givens.
    #[must_use]
    pub fn with_minimal(mut self, minimal: bool) -> Self {
        self.minimal = minimal;
        self
    }

    /// Gives each puzzle a random jigsaw layout of its own, drawn from its
    /// stream as [`VariantGenerator::random_regions`] draws one, in place
    /// of the rules' boxes or regions. The rules' other houses (diagonals,
    /// extra regions), chess rules and cages stay. A layout under which the
    /// rules have no solution, or no grid within the budget, is drawn again.
    #[must_use]
    pub fn with_random_regions(mut self) -> Self {
        self.random_regions = true;
        self
    }

    /// How many grids (and layouts, with random regions) to try per puzzle
    /// before giving up with [`GenerateError::NoGrid`] (at least 1; default 64).
    #[must_use]
    pub fn with_attempts(mut self, attempts: u32) -> Self {
        self.attempts = attempts.max(1);
        self
    }

    /// The node budget (guesses) of each uniqueness check (default
    /// 100,000). A check that runs out keeps the givens it was about, so
    /// the puzzle stays unique but is not reported minimal
    /// ([`GeneratedPuzzle::minimal`]).
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = max_nodes;
        self
    }

    /// Asks for puzzles of `level`. [`Level::Easy`] carves by singles: a
    /// given goes only while its value is a naked or hidden single of the
    /// givens left, so singles alone solve the puzzle (unique, since every
    /// step is forced; not reported minimal). It checks each given in time
    /// proportional to N, not with a search, and so is the way to generate
    /// past 64×64, where a uniqueness search per given would take minutes.
    /// There, on boxes alone, the grid is the engine's solution of the empty
    /// board shuffled by value, band, row, stack and column, then mixed by
    /// 0.1·N² random swaps of cycles between two rows of a band or two
    /// columns of a stack, so it is not one of the few pattern grids.
    /// The other levels carve as without a level (unique and minimal) and
    /// are their band of SE ratings ([`Level::band`]), met as
    /// [`VariantGenerator::with_rating`] meets a range: on jigsaws,
    /// diagonals, windows and the other house rules too (up to 64×64, where
    /// the logic works).
    ///
    /// With rules drawn from each grid (killer cages, dots, XV,
    /// thermometers, arrows), every level, easy too, is its band of SE
    /// ratings on any size.
    #[must_use]
    pub fn with_level(mut self, level: Level) -> Self {
        self.level = Some(level);
        self
    }

    /// Asks for puzzles whose SE rating is in `range`, as
    /// [`Generator::with_rating`](crate::Generator::with_rating) does: each
    /// puzzle carved is rated on its rules, and one out of range takes
    /// another grid, up to [`VariantGenerator::with_attempts`] grids, then
    /// [`GenerateError::RatingNotMet`]. The logic works up to 64×64.
    /// With rules drawn from each grid, a puzzle too hard (or past the
    /// ladder) first gets orbits of givens back, in the carving's order,
    /// until the ladder rates it at most the top of the range; it is then
    /// not reported minimal.
    ///
    /// ```
    /// use ndoku::{Logic, Rules};
    /// use ndoku::generate::{RatingRange, VariantGenerator};
    ///
    /// let range = RatingRange::tenths(10, 23); // singles
    /// let rules = Rules::classic(6)?.with_diagonals(); // a 6×6 X-Sudoku
    /// let made = VariantGenerator::new(rules, 3).with_rating(range).with_attempts(200).generate()?;
    /// let rating = Logic::new().assume_unique(true).rate(&made.puzzle)?;
    /// assert!(rating.tenths().is_some_and(|t| range.contains(t)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_rating(mut self, range: RatingRange) -> Self {
        self.rating.range = Some(range);
        self
    }

    /// Asks for puzzles whose path uses `technique`, as
    /// [`Generator::with_technique`](crate::Generator::with_technique) does.
    #[must_use]
    pub fn with_technique(mut self, technique: crate::logic::Technique) -> Self {
        self.rating.technique = Some(technique);
        self
    }

    /// The rules of the puzzles (before any random layout).
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The first puzzle of the sequence: `self.nth(0)`.
    ///
    /// # Errors
    ///
    /// As [`VariantGenerator::nth`].
    pub fn generate(&self) -> Result<GeneratedPuzzle, GenerateError> {
        self.nth(0)
    }

    /// Puzzle `index` of this generator's sequence. It depends only on the
    /// seed, the rules, the options and `index`.
    ///
    /// # Errors
    ///
    /// [`GenerateError::SumsUnsupported`] for rules with a cage that has a
    /// sum; [`GenerateError::Unsolvable`] when the rules (with their own
    /// layout) admit no solved grid; [`GenerateError::NoGrid`] when no
    /// attempt completed a grid within the node budget.
    pub fn nth(&self, index: u64) -> Result<GeneratedPuzzle, GenerateError> {
        Worker::default().puzzle(self, index)
    }

    /// Puzzles `start .. start + count` of the sequence, in order, one after
    /// another. The sequence ends at index `u64::MAX`: a batch that would run
    /// past it stops there, with fewer than `count` puzzles.
    #[must_use]
    pub fn batch(&self, start: u64, count: usize) -> Vec<Result<GeneratedPuzzle, GenerateError>> {
        let mut worker = Worker::default();
        (0..in_sequence(start, count))
            .map(|k| worker.puzzle(self, start + k))
            .collect()
    }

    /// The same puzzles as [`VariantGenerator::batch`], made on rayon's thread pool.
    #[cfg(feature = "rayon")]
    #[must_use]
    pub fn par_batch(
        &self,
        start: u64,
        count: usize,
    ) -> Vec<Result<GeneratedPuzzle, GenerateError>> {
        use rayon::prelude::*;
        (0..in_sequence(start, count))
            .into_par_iter()
            .map_init(Worker::default, |worker, k| worker.puzzle(self, start + k))
            .collect()
    }

    /// A random jigsaw layout of an `n`×`n` board: `n` connected regions
    /// (cells joined side to side) of `n` cells each, as a map of region
    /// numbers `0..n`, `map[row * n + col]`, that [`Rules::jigsaw`] takes.
    /// The same `n` and `seed` give the same layout. The layout has a
    /// solution: the layout is reshuffled until a seeded search completes a
    /// grid under rows, columns and regions within a budget (for `n` up to
    /// 16 that takes a few milliseconds at most; should a thousand layouts all
    /// fail, which only very large boards could, the boxes of
    /// [`Rules::classic`] are returned).
    ///
    /// The layout starts as those boxes (rows, for a prime `n`), and cells
    /// on the border of two regions are swapped between them at random,
    /// each swap kept only when both regions stay connected.
    ///
    /// ```
    /// use ndoku::Rules;
    /// use ndoku::generate::VariantGenerator;
    ///
    /// let map = VariantGenerator::random_regions(9, 1);
    /// assert_eq!(map, VariantGenerator::random_regions(9, 1));
    /// let rules = Rules::jigsaw(9, &map)?;
    /// let made = VariantGenerator::new(rules, 1).generate()?;
    /// assert_eq!(made.puzzle.count_solutions(2), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    ///
    /// If `n` is 0 or over 400.
    #[must_use]
    pub fn random_regions(n: usize, seed: u64) -> Vec<usize> {
        let plain = Rules::classic(n).expect("a size from 1 to 400");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut solver = VariantSolver::new();
        for attempt in 1..=LAYOUT_ATTEMPTS {
            let map = layout(&mut rng, n);
            let rules = Rules::jigsaw(n, &map).expect("n regions of n cells");
            solver = solver
                .with_max_nodes(grid_nodes(attempt))
                .with_seed(rng.next_u64());
            if let Outcome::Solved(_) = solver.solve(&Puzzle::new(rules)) {
                return map;
            }
        }
        let map = plain.geometry().region_map();
        debug_assert!(Rules::jigsaw(n, &map).is_ok());
        map
    }

    /// Not part of the stable API (for `tools/bench_huge` and the tests):
    /// the solved grid an easy puzzle of plain `rules` past 64×64 starts
    /// from, with `moves` chain swaps in place of the generator's 0.1·N².
    /// With those, it is the solution of puzzle 0 of seed `seed`, when its
    /// first grid is carved. `None` when the rules have no boxes or
    /// something besides them.
    #[doc(hidden)]
    #[must_use]
    pub fn start_grid(rules: &Rules, seed: u64, moves: usize) -> Option<Puzzle> {
        if !rules.is_plain() {
            return None;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        big_grid(Arc::new(rules.clone()), &mut rng, moves)
    }

    /// Not part of the stable API (for `tools/bench_huge` and the tests):
    /// how many pairs of cells two lines of one band or stack of `grid`
    /// (under boxes) could trade, the smallest unavoidable sets: about half
    /// a pair per two lines on random grids. On shuffled pattern grids it
    /// is 0 where no two lines of a band or stack are half a cycle apart
    /// (81×81, 90×90, 225×225), so there a count above 0 shows a grid is
    /// off the pattern family; elsewhere such lines trade every cell in
    /// pairs (N²/4 on 100×100, 144×144 and 400×400). 0 for rules without
    /// boxes.
    #[doc(hidden)]
    #[must_use]
    pub fn swappable_pairs(grid: &Puzzle) -> usize {
        let Some((h, w)) = grid.rules().geometry().box_shape() else {
            return 0;
        };
        let (n, cells) = (grid.size(), grid.cells());
        let mut at = vec![0usize; n + 1];
        let mut found = 0;
        for (by_rows, each) in [(true, h), (false, w)] {
            let cell = |line: usize, i: usize| if by_rows { line * n + i } else { i * n + line };
            for a in 0..n {
                for i in 0..n {
                    at[usize::from(cells[cell(a, i)])] = i;
                }
                for b in a + 1..(a / each + 1) * each {
                    // Places `i < j` where `b` holds what `a` has at `j`, and the other way round.
                    found += (0..n)
                        .filter(|&i| {
                            let j = at[usize::from(cells[cell(b, i)])];
                            j > i && cells[cell(b, j)] == cells[cell(a, i)]
                        })
                        .count();
                }
            }
        }
        found
    }

    /// Whether each grid gets rules drawn from it: killer cages, dots,
    /// lines.
    fn drawn(&self) -> bool {
        self.killer || self.derived.is_set()
    }

    /// What each puzzle must meet: the rating goal, and with rules drawn
    /// from the grid, a level's band of ratings.
    fn goal(&self) -> RatingGoal {
        // Easy on house rules alone carves by singles, which meets its band.
        let band = self
            .level
            .filter(|&l| self.drawn() || l != Level::Easy)
            .map(Level::band);
        RatingGoal {
            range: super::rated::both(self.rating.range, band),
            technique: self.rating.technique,
        }
    }

    /// The random number stream of puzzle `index`.
    fn rng(&self, index: u64) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(index);
        rng
    }
}

/// Solvers reused from one puzzle to the next.
#[derive(Default)]
struct Worker {
    /// Completing grids, reseeded for each.
    fill: VariantSolver,
    /// Uniqueness checks, through the front solver: the fastest engine for the rules.
    check: Solver,
    /// The node budget `check` has, once set.
    budget: Option<u64>,
}

impl Worker {
    /// Puzzle `index` of `generator`.
    fn puzzle(
        &mut self,
        generator: &VariantGenerator,
        index: u64,
    ) -> Result<GeneratedPuzzle, GenerateError> {
        if generator.rules.cages().iter().any(|c| c.sum().is_some()) {
            return Err(GenerateError::SumsUnsupported);
        }
        let mut rng = generator.rng(index);
        let n = generator.rules.size();
        let mut orbits = generator.symmetry.orbits(n);
        let mut rated_out = false;
        let goal = generator.goal();
        if goal.range.is_some_and(|r| r.min() == u16::MAX) {
            // A range and a level's band that do not overlap.
            return Err(GenerateError::RatingNotMet { goal, attempts: 0 });
        }
        for attempt in 1..=generator.attempts {
            let rules = if generator.random_regions {
                let regions = Geometry::from_regions(n, &layout(&mut rng, n));
                let regions = regions.expect("n regions of n cells");
                Arc::new(generator.rules.on_layout(regions))
            } else {
                Arc::clone(&generator.rules)
            };
            let boxes = rules.geometry().box_shape().is_some();
            let outcome = if n > 64 && rules.is_plain() && boxes {
                // A seeded search of a big empty board runs into dead ends;
                // the engine's own order does not, and its solution,
                // shuffled and mixed, is a random grid of the layout.
                big_grid(rules, &mut rng, mix_moves(n)).map_or(Outcome::Unsolvable, Outcome::Solved)
            } else {
                self.fill = std::mem::take(&mut self.fill)
                    .with_max_nodes(grid_nodes(attempt))
                    .with_seed(rng.next_u64());
                self.fill.solve(&Puzzle::new(rules))
            };
            let mut solution = match outcome {
                Outcome::Solved(grid) => grid,
                Outcome::Unsolvable if !generator.random_regions => {
                    return Err(GenerateError::Unsolvable);
                }
                _ => continue,
            };
            if generator.killer {
                solution = with_cages(&solution, &mut rng);
            }
            if generator.derived.is_set() {
                solution = generator.derived.apply(&solution, &mut rng);
            }
            shuffle(&mut rng, &mut orbits);
            let drawn = generator.drawn();
            let (mut puzzle, mut minimal) = if generator.level == Some(Level::Easy) && !drawn {
                (carve_by_singles(&solution, &orbits), false)
            } else if drawn && self.unique(generator, &solution.with_values(vec![0; n * n])) {
                // The cages or marks alone make it unique: no givens at all.
                (solution.with_values(vec![0; n * n]), true)
            } else {
                self.carve(generator, &solution, &orbits)
            };
            if goal.is_set() && !goal.met_by(&puzzle) {
                // Too hard, or past the ladder: give givens back.
                match goal
                    .range
                    .and_then(|r| restored(&puzzle, &solution, r, &orbits))
                {
                    Some(easier) if goal.met_by(&easier) => (puzzle, minimal) = (easier, false),
                    _ => {
                        rated_out = true;
                        continue;
                    }
                }
            }
            return Ok(GeneratedPuzzle {
                puzzle,
                solution,
                minimal,
                index,
                attempts: attempt,
            });
        }
        let attempts = generator.attempts;
        Err(if rated_out {
            GenerateError::RatingNotMet { goal, attempts }
        } else {
            GenerateError::NoGrid { attempts }
        })
    }

    /// Sets the node budget of the uniqueness checks to `generator`'s.
    fn budget(&mut self, generator: &VariantGenerator) {
        if self.budget != Some(generator.max_nodes) {
            self.check = std::mem::take(&mut self.check).with_max_nodes(generator.max_nodes);
            self.budget = Some(generator.max_nodes);
        }
    }

    /// Whether `puzzle` has one solution, shown within the node budget.
    fn unique(&mut self, generator: &VariantGenerator, puzzle: &Puzzle) -> bool {
        self.budget(generator);
        self.check.count(puzzle, 2) == Count::Exact(1)
    }

    /// Empties the `orbits` of `solution` in the order given, keeping each
    /// removal that leaves the puzzle unique; without `minimal`, stops at
    /// the first orbit that must stay. Returns the puzzle and whether every
    /// orbit left was shown to be needed.
    fn carve(
        &mut self,
        generator: &VariantGenerator,
        solution: &Puzzle,
        orbits: &[Vec<usize>],
    ) -> (Puzzle, bool) {
        self.budget(generator);
        let mut cells = solution.cells().to_vec();
        let mut proven = generator.minimal;
        for orbit in orbits {
            for &c in orbit {
                cells[c] = 0;
            }
            match self.check.count(&solution.with_values(cells.clone()), 2) {
                Count::Exact(1) => continue,
                Count::GaveUp(_) => proven = false,
                _ => {}
            }
            for &c in orbit {
                cells[c] = solution.cells()[c];
            }
            if !generator.minimal {
                break;
            }
        }
        (solution.with_values(cells), proven)
    }
}

/// `puzzle`, unique and rated above `range` or past the ladder, with the
/// empty `orbits` of `solution` given back one by one, in order, until the
/// ladder rates it at most the top of `range`; `None` when it is rated below
/// the range already, or when every orbit back does not bring it down.
/// Givens only added keep it unique.
fn restored(
    puzzle: &Puzzle,
    solution: &Puzzle,
    range: RatingRange,
    orbits: &[Vec<usize>],
) -> Option<Puzzle> {
    // Below the uniqueness techniques the rungs past the top are left out.
    let logic = super::carve::rating_logic(Some(range.max()));
    let rate = |p: &Puzzle| logic.rate(p).ok().and_then(|r| r.tenths());
    if rate(puzzle).is_some_and(|t| t < range.min()) {
        return None;
    }
    let mut cells = puzzle.cells().to_vec();
    let empty: Vec<&Vec<usize>> = orbits.iter().filter(|o| cells[o[0]] == 0).collect();
    for orbit in empty {
        for &c in orbit {
            cells[c] = solution.cells()[c];
        }
        let fuller = solution.with_values(cells.clone());
        if rate(&fuller).is_some_and(|t| t <= range.max()) {
            return Some(fuller);
        }
    }
    None
}

/// `solution` under its rules and killer cages drawn from `rng`: a
/// partition of the board into connected cages of different values, each
/// with the sum of its values (see [`VariantGenerator::with_killer_cages`]).
fn with_cages(solution: &Puzzle, rng: &mut ChaCha8Rng) -> Puzzle {
    let n = solution.size();
    let values = solution.cells();
    let free = usize::MAX;
    let mut cage_of = vec![free; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..n * n).collect();
    shuffle(rng, &mut order);
    // Whether cell `x` may join `cage`: no value twice.
    let fits = |cage: &[usize], x: usize| cage.iter().all(|&c| values[c] != values[x]);
    for &start in &order {
        if cage_of[start] != free {
            continue;
        }
        let size = CAGE_SIZES[below(rng, CAGE_SIZES.len() as u32) as usize];
        let mut cage = vec![start];
        cage_of[start] = cages.len();
        while cage.len() < size {
            let options: Vec<usize> = cage
                .iter()
                .flat_map(|&c| neighbours(n, c))
                .filter(|&x| cage_of[x] == free && fits(&cage, x))
                .collect();
            if options.is_empty() {
                break;
            }
            let x = options[below(rng, options.len() as u32) as usize];
            cage_of[x] = cages.len();
            cage.push(x);
        }
        cages.push(cage);
    }
    // A cell left alone joins the smallest cage beside it that takes it.
    for k in 0..cages.len() {
        if cages[k].len() != 1 {
            continue;
        }
        let c = cages[k][0];
        let best = neighbours(n, c)
            .into_iter()
            .map(|x| cage_of[x])
            .filter(|&j| j != k && cages[j].len() < MAX_CAGE && fits(&cages[j], c))
            .min_by_key(|&j| (cages[j].len(), j));
        if let Some(j) = best {
            cages[k].clear();
            cages[j].push(c);
            cage_of[c] = j;
        }
    }
    let mut rules = solution.rules().clone();
    let mut cages: Vec<Vec<usize>> = cages.into_iter().filter(|c| !c.is_empty()).collect();
    for cage in &mut cages {
        cage.sort_small();
    }
    cages.sort_small();
    for cage in cages {
        let sum = cage.iter().map(|&c| u64::from(values[c])).sum();
        let cells: Vec<(usize, usize)> = cage.iter().map(|&c| (c / n, c % n)).collect();
        rules = rules
            .with_cage(&cells, Some(sum))
            .expect("a cage of different values on the board has a reachable sum");
    }
    Puzzle::from_cells(Arc::new(rules), values).expect("the solution keeps its own cages")
}

/// The chain swaps [`mixed`] makes in a grid of side `n` past 64×64:
/// 0.1·N², after which the count of [`VariantGenerator::swappable_pairs`]
/// stops growing (docs/decisions/0019).
fn mix_moves(n: usize) -> usize {
    n * n / 10
}

/// The engine's solution of the empty board of `rules` (boxes alone),
/// [`shuffled`], then [`mixed`] by `moves` chain swaps, all drawn from
/// `rng`; `None` if the rules have no boxes or no solution.
fn big_grid(rules: Arc<Rules>, rng: &mut ChaCha8Rng, moves: usize) -> Option<Puzzle> {
    rules.geometry().box_shape()?;
    let grid = VariantSolver::new().solve(&Puzzle::new(rules)).solution()?;
    Some(mixed(shuffled(&grid, rng), moves, rng))
}

/// `grid` (under rules of boxes alone) with its values relabelled, its
/// bands and the rows in each, and its stacks and the columns in each, put
/// in an order drawn from `rng`: another solution of the same rules.
fn shuffled(grid: &Puzzle, rng: &mut ChaCha8Rng) -> Puzzle {
    let n = grid.size();
    let (h, w) = grid.rules().geometry().box_shape().expect("rules of boxes");
    let mut permutation = |k: usize| {
        let mut p: Vec<usize> = (0..k).collect();
        shuffle(rng, &mut p);
        p
    };
    let values = permutation(n);
    let mut lines = |each: usize| -> Vec<usize> {
        let groups = permutation(n / each);
        let mut out = Vec::with_capacity(n);
        for g in groups {
            out.extend(permutation(each).into_iter().map(|i| g * each + i));
        }
        out
    };
    let (rows, cols) = (lines(h), lines(w));
    let cells = (0..n * n)
        .map(|c| {
            let v = grid.cells()[rows[c / n] * n + cols[c % n]];
            values[usize::from(v) - 1] as u16 + 1
        })
        .collect();
    grid.with_values(cells)
}

/// `grid` (under rules of boxes alone) after `moves` random chain swaps:
/// two rows of a band (or two columns of a stack) trade the cells of one
/// closed cycle, the places where each holds what the other has, so every
/// row, column and box stays a permutation. A shuffled pattern grid is
/// one of a small, regular family (each line a shift of the others, under
/// the relabelling); these swaps take it to a grid whose lines look random.
fn mixed(grid: Puzzle, moves: usize, rng: &mut ChaCha8Rng) -> Puzzle {
    let n = grid.size();
    let (h, w) = grid.rules().geometry().box_shape().expect("rules of boxes");
    if h < 2 && w < 2 {
        return grid;
    }
    let mut cells = grid.cells().to_vec();
    // `at[v]`: where value `v` sits in line `a`.
    let mut at = vec![0usize; n + 1];
    for _ in 0..moves {
        let by_rows = w < 2 || (h >= 2 && below(rng, 2) == 0);
        let each = if by_rows { h } else { w };
        // Two lines `a` and `b` of one band (of rows) or stack (of columns).
        let first = below(rng, (n / each) as u32) as usize * each;
        let a = first + below(rng, each as u32) as usize;
        let b = first + (a - first + 1 + below(rng, each as u32 - 1) as usize) % each;
        let cell = |line: usize, i: usize| if by_rows { line * n + i } else { i * n + line };
        for i in 0..n {
            at[usize::from(cells[cell(a, i)])] = i;
        }
        // From a random place, follow what `b` holds to where `a` holds it,
        // trading as it goes, until the cycle closes.
        let start = below(rng, n as u32) as usize;
        let mut i = start;
        loop {
            let next = at[usize::from(cells[cell(b, i)])];
            cells.swap(cell(a, i), cell(b, i));
            i = next;
            if i == start {
                break;
            }
        }
    }
    grid.with_values(cells)
}

/// Empties the `orbits` of `solution` in the order given, each cell only
/// while its value is a naked or hidden single of the givens left (in the
/// rules' houses of N cells): singles solve the puzzle from there, first
/// the cell, then all a fuller puzzle's singles did. An orbit goes whole
/// or not at all.
fn carve_by_singles(solution: &Puzzle, orbits: &[Vec<usize>]) -> Puzzle {
    let n = solution.size();
    let houses: Vec<&[u32]> = solution
        .rules()
        .geometry()
        .houses()
        .iter()
        .map(|h| h.cells())
        .filter(|cells| cells.len() == n)
        .collect();
    let mut houses_of = vec![smallvec::SmallVec::<[u32; 4]>::new(); n * n];
    for (h, cells) in houses.iter().enumerate() {
        cells
            .iter()
            .for_each(|&c| houses_of[c as usize].push(h as u32));
    }
    // `given[h * words..]`: the values given in house `h`, as bits.
    let words = n.div_ceil(64);
    let mut given = vec![0u64; houses.len() * words];
    let mut cells = solution.cells().to_vec();
    let flip = |given: &mut [u64], c: usize, v: u16| {
        let d = usize::from(v) - 1;
        for &h in &houses_of[c] {
            given[h as usize * words + d / 64] ^= 1 << (d % 64);
        }
    };
    for (c, &v) in cells.iter().enumerate() {
        flip(&mut given, c, v);
    }
    // Whether value `d` is given in a house of cell `c`.
    let sees = |given: &[u64], c: usize, d: usize| {
        houses_of[c]
            .iter()
            .any(|&h| given[h as usize * words + d / 64] >> (d % 64) & 1 != 0)
    };
    let forced = |given: &[u64], cells: &[u16], c: usize| {
        let d = usize::from(solution.cells()[c]) - 1;
        let naked = (0..n).all(|e| e == d || sees(given, c, e));
        naked
            || houses_of[c].iter().any(|&h| {
                houses[h as usize].iter().all(|&o| {
                    o as usize == c || cells[o as usize] != 0 || sees(given, o as usize, d)
                })
            })
    };
    for orbit in orbits {
        let mut gone = Vec::with_capacity(orbit.len());
        for &c in orbit {
            if cells[c] == 0 {
                continue;
            }
            flip(&mut given, c, cells[c]);
            cells[c] = 0;
            gone.push(c);
            if !forced(&given, &cells, c) {
                for &c in &gone {
                    cells[c] = solution.cells()[c];
                    flip(&mut given, c, cells[c]);
                }
                break;
            }
        }
    }
    solution.with_values(cells)
}

/// A random layout of `n` connected regions of `n` cells, not checked for
/// solutions: the boxes of [`Rules::classic`], then random swaps of cells
/// between neighbouring regions that keep both connected.
fn layout(rng: &mut ChaCha8Rng, n: usize) -> Vec<usize> {
    let mut map = Rules::classic(n)
        .expect("a size from 1 to 64")
        .geometry()
        .region_map();
    if n < 3 {
        // Every layout of 1 or 2 cells a region is rows or columns.
        return map;
    }
    let mut cells_of: Vec<Vec<usize>> = vec![Vec::with_capacity(n); n];
    for (c, &r) in map.iter().enumerate() {
        cells_of[r].push(c);
    }
    let cells = (n * n) as u32;
    let (wanted, tries) = (4 * n * n, 40 * n * n);
    let mut swaps = 0;
    let mut seen = vec![false; n * n];
    let mut queue = VecDeque::with_capacity(n);
    for _ in 0..tries {
        if swaps == wanted {
            break;
        }
        // A cell `a` of region A beside a cell of region B...
        let a = below(rng, cells) as usize;
        let near = neighbours(n, a);
        let x = near[below(rng, near.len() as u32) as usize];
        let (ra, rb) = (map[a], map[x]);
        if ra == rb {
            continue;
        }
        // ...and a cell `b` of B beside A, other than `x` (which would
        // leave `a` cut off from B).
        let borders: Vec<usize> = cells_of[rb]
            .iter()
            .copied()
            .filter(|&b| b != x && neighbours(n, b).iter().any(|&y| map[y] == ra && y != a))
            .collect();
        if borders.is_empty() {
            continue;
        }
        let b = borders[below(rng, borders.len() as u32) as usize];
        (map[a], map[b]) = (rb, ra);
        if connected(n, &map, ra, b, &mut seen, &mut queue)
            && connected(n, &map, rb, a, &mut seen, &mut queue)
        {
            swaps += 1;
            let ia = cells_of[ra]
                .iter()
                .position(|&c| c == a)
                .expect("a is in A");
            cells_of[ra][ia] = b;
            let ib = cells_of[rb]
                .iter()
                .position(|&c| c == b)
                .expect("b is in B");
            cells_of[rb][ib] = a;
        } else {
            (map[a], map[b]) = (ra, rb);
        }
    }
    map
}

/// The cells beside `cell`, side to side.
fn neighbours(n: usize, cell: usize) -> smallvec::SmallVec<[usize; 4]> {
    let (r, c) = (cell / n, cell % n);
    let mut out = smallvec::SmallVec::new();
    if r > 0 {
        out.push(cell - n);
    }
    if r + 1 < n {
        out.push(cell + n);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < n {
        out.push(cell + 1);
    }
    out
}

/// Whether region `region` of `map`, which holds `start`, is connected:
/// all `n` of its cells reached from `start`.
fn connected(
    n: usize,
    map: &[usize],
    region: usize,
    start: usize,
    seen: &mut [bool],
    queue: &mut VecDeque<usize>,
) -> bool {
    let mut reached = Vec::with_capacity(n);
    queue.clear();
    queue.push_back(start);
    seen[start] = true;
    while let Some(c) = queue.pop_front() {
        reached.push(c);
        for y in neighbours(n, c) {
            if map[y] == region && !seen[y] {
                seen[y] = true;
                queue.push_back(y);
            }
        }
    }
    for &c in &reached {
        seen[c] = false;
    }
    reached.len() == n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rules::ChessRule;

    /// Checks what every generated puzzle must be: unique, kept by its
    /// solution, the solution under the rules, symmetric, and minimal.
    fn check(made: &GeneratedPuzzle, symmetry: Symmetry) {
        let (p, s) = (&made.puzzle, &made.solution);
        let n = p.size();
        let mut solver = VariantSolver::new();
        assert_eq!(solver.count(p, 2), Count::Exact(1), "{p}");
        assert!(p.is_completed_by(s));
        assert!(s.is_solved());
        assert!(p.rules().check(s.cells()).is_ok());
        for (c, &v) in p.cells().iter().enumerate() {
            for i in symmetry.orbit(n, c) {
                assert_eq!(v == 0, p.cells()[i] == 0, "symmetry at {c}");
            }
        }
        assert!(made.minimal);
        for orbit in symmetry.orbits(n) {
            if p.cells()[orbit[0]] == 0 {
                continue;
            }
            let mut cells = p.cells().to_vec();
            orbit.iter().for_each(|&c| cells[c] = 0);
            let fewer = Puzzle::from_cells(p.rules().clone(), &cells).unwrap();
            assert_eq!(solver.count(&fewer, 2), Count::AtLeast(2), "{orbit:?}");
        }
    }

    #[test]
    fn x_sudoku_and_windoku_are_unique_minimal_and_symmetric() {
        let cases = [
            (Rules::boxes(2, 3).unwrap().with_diagonals(), Symmetry::None),
            (
                Rules::classic(9).unwrap().with_diagonals(),
                Symmetry::Rotate180,
            ),
            (
                Rules::classic(9).unwrap().with_windows().unwrap(),
                Symmetry::Rotate90,
            ),
            (
                Rules::classic(9).unwrap().with_chess(ChessRule::AntiKnight),
                Symmetry::Diagonal,
            ),
            (
                Rules::boxes(2, 4).unwrap().with_disjoint_groups().unwrap(),
                Symmetry::Vertical,
            ),
        ];
        for (rules, symmetry) in cases {
            for seed in 0..3 {
                let g = VariantGenerator::new(rules.clone(), seed).with_symmetry(symmetry);
                let made = g.generate().unwrap();
                check(&made, symmetry);
                assert_eq!(
                    made,
                    g.generate().unwrap(),
                    "the same seed, the same puzzle"
                );
            }
        }
    }

    #[test]
    fn jigsaws_given_or_random_are_unique_and_minimal() {
        let map = VariantGenerator::random_regions(8, 3);
        let given = Rules::jigsaw(8, &map).unwrap();
        let made = VariantGenerator::new(given.clone(), 5).generate().unwrap();
        assert_eq!(made.puzzle.rules(), &given);
        check(&made, Symmetry::Rotate180);
        let random = VariantGenerator::new(Rules::classic(6).unwrap().with_diagonals(), 5)
            .with_random_regions()
            .with_symmetry(Symmetry::None);
        let (a, b) = (random.nth(0).unwrap(), random.nth(1).unwrap());
        check(&a, Symmetry::None);
        check(&b, Symmetry::None);
        assert_ne!(a.puzzle.rules(), b.puzzle.rules(), "a layout per puzzle");
        let houses = a.puzzle.rules().geometry().houses();
        assert_eq!(houses.len(), 3 * 6 + 2, "the diagonals stay");
        let plain = VariantGenerator::new(Rules::classic(9).unwrap(), 8).with_random_regions();
        check(&plain.generate().unwrap(), Symmetry::Rotate180);
        assert_eq!(random.batch(0, 2), [Ok(a), Ok(b)]);
    }

    #[test]
    fn puzzles_do_not_depend_on_each_other() {
        let g = VariantGenerator::new(Rules::boxes(2, 3).unwrap().with_diagonals(), 11);
        let batch = g.batch(3, 3);
        for (k, made) in batch.into_iter().enumerate() {
            let made = made.unwrap();
            assert_eq!(made.index, 3 + k as u64);
            assert_eq!(made, g.nth(3 + k as u64).unwrap());
        }
        assert_ne!(g.nth(0).unwrap(), g.nth(1).unwrap());
        let other = VariantGenerator::new(Rules::boxes(2, 3).unwrap().with_diagonals(), 12);
        assert_ne!(g.nth(0).unwrap(), other.nth(0).unwrap());
    }

    #[test]
    fn without_minimal_removal_stops_early() {
        let rules = Rules::classic(9).unwrap().with_diagonals();
        let g = VariantGenerator::new(rules, 1).with_minimal(false);
        let made = g.generate().unwrap();
        assert!(!made.minimal);
        assert_eq!(made.puzzle.count_solutions(2), 1);
        let minimal = g.with_minimal(true).generate().unwrap();
        assert!(made.puzzle.givens() >= minimal.puzzle.givens());
    }

    #[test]
    fn sums_are_an_error_and_cages_without_them_are_not() {
        let rules = Rules::boxes(2, 2)
            .unwrap()
            .with_cage(&[(0, 0), (0, 1)], Some(3))
            .unwrap();
        let err = VariantGenerator::new(rules, 0).generate().unwrap_err();
        assert_eq!(err, GenerateError::SumsUnsupported);
        assert!(err.to_string().contains("sums"), "{err}");
        let rules = Rules::boxes(2, 3)
            .unwrap()
            .with_cage(&[(0, 0), (1, 1), (2, 2)], None)
            .unwrap();
        check(
            &VariantGenerator::new(rules, 0).generate().unwrap(),
            Symmetry::Rotate180,
        );
    }

    #[test]
    fn rules_without_a_grid_are_an_error() {
        // A 4×4 with both diagonals and anti-king has no solution.
        let rules = Rules::classic(4)
            .unwrap()
            .with_diagonals()
            .with_chess(ChessRule::AntiKing);
        assert_eq!(Puzzle::new(rules.clone()).solve(), None);
        let err = VariantGenerator::new(rules, 0).generate().unwrap_err();
        assert_eq!(err, GenerateError::Unsolvable);
    }

    #[test]
    fn swappable_pairs_are_counted_in_bands_and_stacks() {
        // Rows 0 and 1 trade columns 0 and 2, or 1 and 3; likewise rows 2
        // and 3, columns 0 and 1, and columns 2 and 3: eight pairs.
        let cells = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let grid = Puzzle::from_cells(Rules::classic(4).unwrap(), &cells).unwrap();
        assert_eq!(VariantGenerator::swappable_pairs(&grid), 8);
        // A 9×9 pattern grid: two lines of a band are a third of a cycle apart.
        let pattern: Vec<u16> = (0..81)
            .map(|c| ((3 * (c / 9 % 3) + c / 27 + c % 9) % 9 + 1) as u16)
            .collect();
        let grid = Puzzle::from_cells(Rules::classic(9).unwrap(), &pattern).unwrap();
        assert_eq!(VariantGenerator::swappable_pairs(&grid), 0);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let out = mixed(grid.clone(), 30, &mut rng);
        assert!(out.rules().check(out.cells()).is_ok());
        assert!(VariantGenerator::swappable_pairs(&out) > 0, "{out}");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(mixed(grid, 30, &mut rng), out, "the same draws");
    }

    #[test]
    fn random_layouts_are_connected_and_solvable() {
        // A seeded search of an empty jigsaw now and then wanders long:
        // restarts from other seeds find a grid sooner.
        let solvable = |rules: Rules| {
            let empty = Puzzle::new(rules);
            (0..100).any(|seed| {
                let mut solver = VariantSolver::new().with_seed(seed).with_max_nodes(2_000);
                solver.solve(&empty).solution().is_some()
            })
        };
        for n in [4, 5, 6, 7, 8, 9] {
            for seed in 0..20 {
                let map = VariantGenerator::random_regions(n, seed);
                assert_eq!(map, VariantGenerator::random_regions(n, seed));
                let rules = Rules::jigsaw(n, &map).unwrap();
                let mut seen = vec![false; n * n];
                let mut queue = VecDeque::new();
                for r in 0..n {
                    let start = map.iter().position(|&x| x == r).unwrap();
                    assert!(connected(n, &map, r, start, &mut seen, &mut queue));
                }
                assert!(solvable(rules), "{n} {seed}");
            }
        }
        // The layouts are mixed: not the boxes they start from.
        let boxes = Rules::classic(9).unwrap().geometry().region_map();
        assert!((0..10).all(|s| VariantGenerator::random_regions(9, s) != boxes));
    }
}
