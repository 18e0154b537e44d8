//! Puzzle generation: random solved grids, unique and minimal puzzles with symmetric givens, levels, batches.

mod carve;
mod grade;
mod rated;
mod singles;
mod variant;

use std::fmt;
use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use thiserror::Error;

use crate::engine::Preset;
use crate::engine::classic::Solver;
use crate::engine::outcome::Outcome;
use crate::error::by_name;
use crate::logic;
use crate::model::board::Board;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::model::transform::Transform;
use crate::random::shuffle;

pub use crate::error::UnknownName;
pub use grade::{Difficulty, Grade, Level};
pub use rated::{RatingGoal, RatingRange, RatingRangeError};
pub use variant::{GeneratedPuzzle, VariantGenerator};

/// The pattern the givens of a generated puzzle keep: with each given, every
/// image of its cell under the symmetry is a given too.
///
/// For a cell at 0-based (`r`, `c`) of an `N`×`N` board:
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symmetry {
    /// No pattern.
    None,
    /// Half-turn rotation, as in most published puzzles: (`N-1-r`, `N-1-c`).
    #[default]
    Rotate180,
    /// Quarter-turn rotation: (`c`, `N-1-r`), and so the half turn too.
    Rotate90,
    /// Mirror in the horizontal midline (top and bottom swap): (`N-1-r`, `c`).
    Horizontal,
    /// Mirror in the vertical midline (left and right swap): (`r`, `N-1-c`).
    Vertical,
    /// Mirror in the main diagonal: (`c`, `r`).
    Diagonal,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 6] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Horizontal,
        Symmetry::Vertical,
        Symmetry::Diagonal,
    ];

    /// The cells (row-major indices) that a given at `cell` of an `n`×`n`
    /// board brings with it, `cell` first, without repeats.
    ///
    /// # Panics
    ///
    /// If `cell` is `n * n` or more.
    #[must_use]
    pub fn orbit(self, n: usize, cell: usize) -> Vec<usize> {
        assert!(cell < n * n, "cell {cell} is outside the {n}x{n} board");
        let (r, c) = (cell / n, cell % n);
        let m = n - 1;
        let images: &[(usize, usize)] = match self {
            Symmetry::None => &[(r, c)],
            Symmetry::Rotate180 => &[(r, c), (m - r, m - c)],
            Symmetry::Rotate90 => &[(r, c), (c, m - r), (m - r, m - c), (m - c, r)],
            Symmetry::Horizontal => &[(r, c), (m - r, c)],
            Symmetry::Vertical => &[(r, c), (r, m - c)],
            Symmetry::Diagonal => &[(r, c), (c, r)],
        };
        let mut out: Vec<usize> = Vec::with_capacity(4);
        for &(r, c) in images {
            if !out.contains(&(r * n + c)) {
                out.push(r * n + c);
            }
        }
        out
    }

    /// The orbits of an `n`×`n` board: a partition of its cells, each part
    /// ordered as [`Symmetry::orbit`] gives it, parts in order of their first cell.
    fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut out = Vec::new();
        for cell in 0..n * n {
            if !seen[cell] {
                let orbit = self.orbit(n, cell);
                for &i in &orbit {
                    seen[i] = true;
                }
                out.push(orbit);
            }
        }
        out
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
            Symmetry::Diagonal => "diagonal",
        })
    }
}

impl std::str::FromStr for Symmetry {
    type Err = UnknownName;

    /// Reads a symmetry by the name `Display` gives it, in any letter case.
    ///
    /// # Errors
    ///
    /// [`UnknownName`] for any other name, listing the names there are.
    ///
    /// ```
    /// use ndoku::Symmetry;
    ///
    /// assert_eq!("Rotate90".parse::<Symmetry>()?, Symmetry::Rotate90);
    /// assert!("spiral".parse::<Symmetry>().is_err());
    /// # Ok::<(), ndoku::generate::UnknownName>(())
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        by_name(s, "symmetry", &Symmetry::ALL)
    }
}

/// Why the generator could not make a puzzle as asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The target number of givens is more than the board has cells.
    #[error("a target of {target} givens is more than the {cells} cells of the board")]
    TargetTooLarge {
        /// The target asked for.
        target: usize,
        /// The cells of the board.
        cells: usize,
    },
    /// No attempt ended with exactly the target number of givens.
    #[error("no puzzle with {target} givens in {attempts} attempts, the fewest was {fewest}")]
    TargetNotReached {
        /// The target asked for.
        target: usize,
        /// Attempts made.
        attempts: u32,
        /// The fewest givens any attempt reached.
        fewest: usize,
    },
    /// No attempt made a puzzle of the level asked for.
    #[error("no {level} puzzle in {attempts} attempts")]
    LevelNotMet {
        /// The level asked for.
        level: Level,
        /// Attempts made.
        attempts: u32,
    },
    /// The engine could not complete a random start into a solved grid within
    /// its node budget, however often it tried.
    #[error("no solved grid in {attempts} attempts within the node budget")]
    NoGrid {
        /// Attempts made.
        attempts: u32,
    },
    /// No attempt made a puzzle that meets the rating goal
    /// ([`Generator::with_rating`], [`Generator::with_technique`]).
    #[error("no puzzle {goal} in {attempts} attempts")]
    RatingNotMet {
        /// What was asked for.
        goal: RatingGoal,
        /// Attempts made.
        attempts: u32,
    },
    /// The rules have a cage with a sum, which the variant generator does
    /// not support: the givens alone would not carry it.
    #[error("cages with sums are not supported by the generator")]
    SumsUnsupported,
    /// The rules admit no solved grid at all.
    #[error("the rules admit no solved grid")]
    Unsolvable,
}

/// A generated puzzle, with its solution and how hard it is.
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Generated<const BOX: usize> {
    /// The puzzle: it has exactly one solution.
    pub board: Board<BOX>,
    /// Its solution.
    pub solution: Board<BOX>,
    /// How hard it is to solve.
    pub difficulty: Difficulty,
    /// Whether it is proven minimal for its symmetry: removing any one orbit
    /// of givens (any one given, with [`Symmetry::None`]) leaves more than one
    /// solution. True only when every orbit left was shown to be needed by a
    /// search that finished: false when a target stopped the removals, with
    /// [`Generator::with_minimal`] off, when an easy or medium level kept
    /// givens that a minimal puzzle would not have ([`Generator::with_level`]),
    /// or when a uniqueness search ran out of its node budget
    /// ([`Generator::with_max_nodes`]) and the givens it was about were kept.
    pub minimal: bool,
    /// The index of the puzzle in its generator's sequence.
    pub index: u64,
    /// Attempts it took (more than one when a target or level was not met at first).
    pub attempts: u32,
}

/// Makes puzzles with exactly one solution, reproducibly from a seed.
///
/// Each puzzle starts from a random solved grid (random values in the
/// diagonal boxes, completed by the engine, then a random [`Transform`]).
/// Orbits of cells under the [`Symmetry`] are then emptied in random order,
/// and a removal is kept only while the puzzle stays unique. Since the
/// solution is known, that check is a search for a *different* solution: each
/// other value that fits an emptied cell is tried, and the puzzle stays unique
/// exactly when none of them completes. Each search has a node budget; one that
/// runs out keeps the givens it was about, so generation never hangs (on
/// 25×25 such orbits are tried again at the end with larger budgets, see
/// [`Generator::with_max_nodes`]).
///
/// The same seed and options give the same puzzles on every machine: the
/// random numbers come from ChaCha8 ([`rand_chacha`](https://docs.rs/rand_chacha)),
/// puzzle `i` from stream `i` of the seed, and nothing depends on the width of
/// `usize`, on hashing or on threads. That holds within one version of
/// ndoku: a change to the search can change the grids it fills and the
/// puzzles it carves.
///
/// ```
/// use ndoku::{Generator, Level, Symmetry};
///
/// let puzzle = Generator::<3>::new(42).with_symmetry(Symmetry::Rotate90).generate()?;
/// assert_eq!(puzzle.board.count_solutions(2), 1);
/// assert!(puzzle.board.is_completed_by(&puzzle.solution));
/// assert_eq!(puzzle, Generator::<3>::new(42).with_symmetry(Symmetry::Rotate90).generate()?);
///
/// let easy = Generator::<3>::new(7).with_level(Level::Easy).with_givens(30).generate()?;
/// assert!(easy.difficulty.singles_only() && easy.board.givens() == 30);
/// # Ok::<(), ndoku::GenerateError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Generator<const BOX: usize> {
    seed: u64,
    symmetry: Symmetry,
    target: Option<usize>,
    level: Option<Level>,
    minimal: bool,
    attempts: u32,
    max_nodes: u64,
    rating: RatingGoal,
}

/// How many of the `count` indices from `start` the sequence holds: it ends
/// at `u64::MAX`.
fn in_sequence(start: u64, count: usize) -> u64 {
    (u64::MAX - start).saturating_add(1).min(count as u64)
}

/// Default node budget of each uniqueness search, by box size.
///
/// Up to 16×16 a check almost never needs more, so puzzles come out proven
/// minimal. On 25×25 the checks start with a small budget and retry the
/// orbits they could not decide with ever larger ones up to this (see
/// [`first_max_nodes`]); the largest check of ten puzzles took about 10⁵
/// guesses, so they come out proven minimal too. From 36×36 up a search
/// that does not end quickly tends to run very long, so the budget is small:
/// the givens it was about are kept, and the puzzle is unique but may not be
/// minimal.
const fn default_max_nodes(boxw: usize) -> u64 {
    match boxw {
        2..=4 => 10_000,
        5 => 1_000_000,
        _ => 20,
    }
}

/// The node budget of the first pass of uniqueness checks, before the orbits
/// they left undecided are tried again with larger ones up to `max_nodes`.
/// On 25×25 most checks end within a few guesses, and an orbit that must stay
/// shows a second solution sooner once the others are gone; up to 16×16 one
/// pass with the whole budget decides nearly every orbit.
const fn first_max_nodes(boxw: usize, max_nodes: u64) -> u64 {
    if boxw == 5 && max_nodes > FIRST_NODES_25 {
        FIRST_NODES_25
    } else {
        max_nodes
    }
}

/// The first-pass budget on 25×25.
const FIRST_NODES_25: u64 = 20;

impl<const BOX: usize> Generator<BOX> {
    /// A generator with seed `seed` and the defaults: [`Symmetry::Rotate180`],
    /// minimal puzzles, no target number of givens, any level, at most 100
    /// attempts per puzzle.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        let _ = Board::<BOX>::N; // Rejects a BOX outside 2..=8 at compile time.
        Self {
            seed,
            symmetry: Symmetry::default(),
            target: None,
            level: None,
            minimal: true,
            attempts: 100,
            max_nodes: default_max_nodes(BOX),
            rating: RatingGoal::default(),
        }
    }

    /// The symmetry of the givens.
    #[must_use]
    pub fn with_symmetry(mut self, symmetry: Symmetry) -> Self {
        self.symmetry = symmetry;
        self
    }

    /// Stops removing givens when `target` are left. An attempt that cannot
    /// get down to exactly `target` while staying unique is retried (see
    /// [`Generator::with_attempts`]).
    #[must_use]
    pub fn with_givens(mut self, target: usize) -> Self {
        self.target = Some(target);
        self
    }

    /// Asks for puzzles of `level` (see [`Difficulty::level`]).
    ///
    /// Each attempt carves a grid as the other options say (minimal, by
    /// default). When that comes out harder than an easy or medium level,
    /// the same grid is carved again, a given leaving only while singles
    /// (easy) or the engine without a guess (medium) still solve the puzzle:
    /// unique, since every step is forced, and minimal for its level, but not
    /// reported minimal ([`Generated::minimal`]). From 16×16 up minimal puzzles
    /// are all but always hard, so easy and medium ones come this way, at
    /// once. A puzzle easier than the level asked for is retried, up to
    /// [`Generator::with_attempts`]: on 9×9 a medium puzzle takes a few
    /// attempts (over 200 puzzles, 4 on average with no symmetry, 11 with
    /// [`Symmetry::Rotate180`], and 38 with [`Symmetry::Rotate90`], up to 238,
    /// so the default 100 runs out for some), and on 4×4, where singles solve
    /// every puzzle the generator makes, medium and hard are never met.
    #[must_use]
    pub fn with_level(mut self, level: Level) -> Self {
        self.level = Some(level);
        self
    }

    /// Asks for puzzles whose rating on the Sudoku Explainer scale
    /// ([`Logic::rate`](crate::Logic::rate), uniqueness techniques on) is in
    /// `range`; puzzles the ladder cannot finish have no rating and never
    /// match.
    ///
    /// Each attempt carves a puzzle as the other options say and rates it;
    /// one out of range is retried, up to [`Generator::with_attempts`], and
    /// then [`GenerateError::RatingNotMet`] says so. How many attempts a
    /// range takes depends on how common it is among minimal puzzles. On
    /// 9×9 with [`Symmetry::Rotate180`], over seeds 0-99 (release build,
    /// one shared core), attempts on average (most) and time a puzzle:
    ///
    /// | ER range | attempts | most | time |
    /// |---|---|---|---|
    /// | 1.0-2.0 | 1.4 | 6 | 1.1 ms |
    /// | 2.0-2.9 | 4.5 | 19 | 1.4 ms |
    /// | 3.0-4.0 | 12.6 | 68 | 3.7 ms |
    /// | 4.2-4.4 (wings) | 24.9 | 144 | 5.9 ms |
    /// | 4.5-5.0 (uniqueness) | 106 | 536 | 29 ms |
    /// | 5.0-5.6 | 282 | 1,065 | 75 ms |
    ///
    /// So the default of 100 attempts is short for ranges from 4.5 up: ask
    /// for more with [`Generator::with_attempts`]. From 16×16 up, minimal
    /// puzzles nearly all need more than the ladder (39 of the first 40 of
    /// seed 1 on 16×16), and so do most medium ones: combine a low range
    /// with [`Level::Easy`], whose re-carving keeps singles enough.
    ///
    /// ```
    /// use ndoku::{Generator, Logic, Puzzle};
    /// use ndoku::generate::RatingRange;
    ///
    /// let range: RatingRange = "3.0-4.0".parse()?;
    /// let puzzle = Generator::<3>::new(5).with_rating(range).generate()?;
    /// let rating = Logic::new().assume_unique(true).rate(&Puzzle::from(&puzzle.board))?;
    /// assert!(rating.tenths().is_some_and(|t| range.contains(t)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_rating(mut self, range: RatingRange) -> Self {
        self.rating.range = Some(range);
        self
    }

    /// Asks for puzzles whose path of steps uses `technique` (any of its
    /// [`name`](logic::Technique::name)) and that the ladder solves, as
    /// HoDoKu's `/sc` does; uniqueness techniques are on, and the extras
    /// SE lacks when `technique` is one of them. Retried as
    /// [`Generator::with_rating`] is; measured the same way, attempts on
    /// average (most): skyscraper 14 (73), xy-wing 26 (111), x-wing 50
    /// (238), swordfish 216 (919).
    ///
    /// ```
    /// use ndoku::{Generator, Logic, Puzzle};
    /// use ndoku::logic::Technique;
    ///
    /// let generator = Generator::<3>::new(1).with_technique(Technique::XWing).with_attempts(1_000);
    /// let puzzle = generator.generate()?;
    /// let path = Logic::new().assume_unique(true).solve_path(&Puzzle::from(&puzzle.board))?;
    /// assert!(path.steps.iter().any(|s| s.technique == Technique::XWing));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_technique(mut self, technique: logic::Technique) -> Self {
        self.rating.technique = Some(technique);
        self
    }

    /// Whether to try every orbit of givens for removal, so that the puzzle is
    /// minimal (the default). With `false`, removal stops at the first orbit
    /// that cannot go: faster, and the puzzle keeps more givens.
    #[must_use]
    pub fn with_minimal(mut self, minimal: bool) -> Self {
        self.minimal = minimal;
        self
    }

    /// How many grids to try per puzzle before giving up on a target, a
    /// level or a rating goal (at least 1; default 100).
    #[must_use]
    pub fn with_attempts(mut self, attempts: u32) -> Self {
        self.attempts = attempts.max(1);
        self
    }

    /// The node budget (guesses) of each uniqueness check and of grading. A
    /// check that runs out keeps the givens it was about, so the puzzle stays
    /// unique but is not reported minimal ([`Generated::minimal`] is false). The
    /// default is 10,000 up to 16×16, 1,000,000 on 25×25 and 20 above, where a
    /// check that does not end quickly tends to run for very long.
    ///
    /// On 25×25, when minimal puzzles are asked for, a first pass checks every
    /// orbit with a budget of 20 (or `max_nodes`, if smaller) and passes after
    /// it retry the orbits left undecided with eight times the budget each,
    /// up to `max_nodes`: a larger budget costs time only on the checks that
    /// need it.
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = max_nodes;
        self
    }

    /// The first puzzle of the sequence: `self.nth(0)`.
    ///
    /// # Errors
    ///
    /// As [`Generator::nth`].
    pub fn generate(&self) -> Result<Generated<BOX>, GenerateError> {
        self.nth(0)
    }

    /// Puzzle `index` of this generator's sequence. It depends only on the
    /// seed, the options and `index`.
    ///
    /// # Errors
    ///
    /// [`GenerateError::TargetTooLarge`] for a target above the number of
    /// cells; [`GenerateError::TargetNotReached`] or
    /// [`GenerateError::LevelNotMet`] when no attempt met the target or the
    /// level; [`GenerateError::RatingNotMet`] when none met the rating goal; [`GenerateError::NoGrid`] when the engine could not complete a
    /// grid within its budget.
    pub fn nth(&self, index: u64) -> Result<Generated<BOX>, GenerateError> {
        Worker::new(self.max_nodes).puzzle(self, index)
    }

    /// Puzzles `start .. start + count` of the sequence, in order, one after
    /// another. The sequence ends at index `u64::MAX`: a batch that would run
    /// past it stops there, with fewer than `count` puzzles.
    #[must_use]
    pub fn batch(&self, start: u64, count: usize) -> Vec<Result<Generated<BOX>, GenerateError>> {
        let mut worker = Worker::new(self.max_nodes);
        (0..in_sequence(start, count))
            .map(|k| worker.puzzle(self, start + k))
            .collect()
    }

    /// The same puzzles as [`Generator::batch`], made on rayon's thread pool.
    #[cfg(feature = "rayon")]
    #[must_use]
    pub fn par_batch(
        &self,
        start: u64,
        count: usize,
    ) -> Vec<Result<Generated<BOX>, GenerateError>> {
        use rayon::prelude::*;
        (0..in_sequence(start, count))
            .into_par_iter()
            .map_init(
                || Worker::new(self.max_nodes),
                |worker, k| worker.puzzle(self, start + k),
            )
            .collect()
    }

    /// A random solved grid: the one puzzle `index` would start from.
    ///
    /// # Errors
    ///
    /// [`GenerateError::NoGrid`] when the engine could not complete a grid
    /// within its budget.
    pub fn grid(&self, index: u64) -> Result<Board<BOX>, GenerateError> {
        Worker::new(self.max_nodes).grid(&mut self.rng(index))
    }

    /// The random number stream of puzzle `index`.
    fn rng(&self, index: u64) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(index);
        rng
    }
}

/// Scratch for making puzzles: solvers reused from one puzzle to the next.
struct Worker<const BOX: usize> {
    /// Uniqueness checks and grading, with the node budget.
    check: Solver<BOX>,
    /// Completing grids, reseeded for each.
    fill: Solver<BOX>,
    /// Singles scratch.
    scratch: carve::Scratch<BOX>,
    /// Grading scratch.
    singles: singles::Singles,
    /// The classic rules of the size, shared by every puzzle rated, so
    /// that the logic's layout is built once.
    rules: Option<Arc<Rules>>,
}

/// Attempts at completing a random start into a grid.
const GRID_ATTEMPTS: u32 = 64;

/// The node budget of each attempt at completing a grid.
const GRID_NODES: u64 = 100_000;

impl<const BOX: usize> Worker<BOX> {
    fn new(max_nodes: u64) -> Self {
        Self {
            check: Solver::new()
                .with_max_nodes(max_nodes)
                .with_preset(Preset::Steady),
            fill: Solver::new()
                .with_max_nodes(GRID_NODES)
                .with_preset(Preset::Steady),
            scratch: carve::Scratch::new(),
            singles: singles::Singles::default(),
            rules: None,
        }
    }

    /// A random solved grid.
    fn grid(&mut self, rng: &mut ChaCha8Rng) -> Result<Board<BOX>, GenerateError> {
        let n = Board::<BOX>::N;
        for _ in 0..GRID_ATTEMPTS {
            // The diagonal boxes share no row or column: any values fit.
            let mut cells = vec![0u8; n * n];
            let mut values: Vec<u8> = (1..=n as u8).collect();
            for b in 0..BOX {
                shuffle(rng, &mut values);
                for (k, &v) in values.iter().enumerate() {
                    cells[(b * BOX + k / BOX) * n + b * BOX + k % BOX] = v;
                }
            }
            let start = Board::from_checked_cells(&cells);
            self.fill = std::mem::take(&mut self.fill).with_seed(rng.next_u64());
            if let Outcome::Solved(grid) = self.fill.solve(&start) {
                return Ok(Transform::random_with(rng).apply(&grid));
            }
        }
        Err(GenerateError::NoGrid {
            attempts: GRID_ATTEMPTS,
        })
    }

    /// Whether `board` (unique) meets `goal`.
    fn meets(&mut self, goal: &RatingGoal, board: &Board<BOX>) -> bool {
        let rules = self.rules.get_or_insert_with(|| {
            Arc::new(Rules::boxes(BOX, BOX).expect("every board size is a rules size"))
        });
        let cells: Vec<u16> = board.as_bytes().iter().map(|&v| u16::from(v)).collect();
        let puzzle =
            Puzzle::from_cells(Arc::clone(rules), &cells).expect("a board keeps the rules");
        goal.met_by(&puzzle)
    }

    /// Carves `solution` as `generator` says, keeping the puzzle at or below
    /// `ceiling` when there is one.
    fn carve(
        &mut self,
        generator: &Generator<BOX>,
        solution: &Board<BOX>,
        orbits: &[Vec<usize>],
        ceiling: Option<Level>,
    ) -> carve::Carved<BOX> {
        let plan = carve::Plan {
            target: generator.target.unwrap_or(0),
            minimal: generator.minimal,
            budgets: carve::Budgets {
                first: first_max_nodes(BOX, generator.max_nodes),
                max: generator.max_nodes,
            },
            ceiling,
        };
        carve::carve(&mut self.check, solution, orbits, plan, &mut self.scratch)
    }

    /// Puzzle `index` of `generator`.
    fn puzzle(
        &mut self,
        generator: &Generator<BOX>,
        index: u64,
    ) -> Result<Generated<BOX>, GenerateError> {
        let cells = Board::<BOX>::CELLS;
        if let Some(target) = generator.target.filter(|&t| t > cells) {
            return Err(GenerateError::TargetTooLarge { target, cells });
        }
        let mut rng = generator.rng(index);
        let mut orbits = generator.symmetry.orbits(Board::<BOX>::N);
        let mut fewest = usize::MAX;
        let mut reached = false;
        let mut level_met = false;
        for attempt in 1..=generator.attempts {
            let solution = self.grid(&mut rng)?;
            shuffle(&mut rng, &mut orbits);
            // First as the options say (minimal, by default); then, when that
            // comes out harder than an easy or medium level asked for, the
            // same grid again, removing givens only while it stays at or
            // below the level (see `carve::carve`): minimal puzzles from
            // 16×16 up are all but always hard.
            let ceiling = generator.level.filter(|&l| l != Level::Hard);
            for limit in std::iter::once(None).chain(ceiling.map(Some)) {
                let carved = self.carve(generator, &solution, &orbits, limit);
                let givens = carved.board.givens();
                fewest = fewest.min(givens);
                if generator.target.is_some_and(|t| t != givens) {
                    continue;
                }
                reached = true;
                let difficulty = Difficulty::of(
                    &carved.board,
                    &mut self.check,
                    self.scratch.tables(),
                    &mut self.singles,
                );
                match generator.level {
                    Some(level) if level == difficulty.level() => {}
                    Some(level) if level > difficulty.level() || limit.is_some() => break,
                    Some(_) => continue,
                    None => {}
                }
                level_met = true;
                if generator.rating.is_set() && !self.meets(&generator.rating, &carved.board) {
                    continue;
                }
                return Ok(Generated {
                    board: carved.board,
                    solution,
                    difficulty,
                    minimal: carved.minimal,
                    index,
                    attempts: attempt,
                });
            }
        }
        let attempts = generator.attempts;
        Err(match (generator.target, generator.level) {
            (Some(target), _) if !reached => GenerateError::TargetNotReached {
                target,
                attempts,
                fewest,
            },
            (_, Some(level)) if !level_met => GenerateError::LevelNotMet { level, attempts },
            _ if generator.rating.is_set() => GenerateError::RatingNotMet {
                goal: generator.rating,
                attempts,
            },
            _ => unreachable!("an attempt without target or level always succeeds"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::below;

    #[test]
    fn the_stream_is_fixed() {
        // Changing the RNG, its seeding or the sampling would change every
        // puzzle; this pins the first draws.
        let mut rng = Generator::<3>::new(1).rng(0);
        let draws: Vec<u32> = (0..6).map(|_| below(&mut rng, 1000)).collect();
        let again: Vec<u32> = {
            let mut rng = Generator::<3>::new(1).rng(0);
            (0..6).map(|_| below(&mut rng, 1000)).collect()
        };
        assert_eq!(draws, again);
        assert_eq!(draws, [549, 402, 984, 80, 211, 596]);
        let mut other = Generator::<3>::new(1).rng(1);
        let others: Vec<u32> = (0..6).map(|_| below(&mut other, 1000)).collect();
        assert_ne!(draws, others);
    }

    #[test]
    fn orbits_partition_the_board() {
        for n in [4, 9, 16, 25] {
            for s in Symmetry::ALL {
                let orbits = s.orbits(n);
                let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{s} on {n}");
                for o in &orbits {
                    for &c in o {
                        let mut again = s.orbit(n, c);
                        again.sort_unstable();
                        let mut mine = o.clone();
                        mine.sort_unstable();
                        assert_eq!(again, mine);
                    }
                }
            }
        }
    }

    #[test]
    fn target_too_large_is_an_error() {
        assert_eq!(
            Generator::<2>::new(0).with_givens(17).generate(),
            Err(GenerateError::TargetTooLarge {
                target: 17,
                cells: 16
            })
        );
    }
}
