//! Human-style logic: the technique ladder, the next step, the path of steps, and the rating on the Sudoku Explainer scale.
//!
//! The ladder is Sudoku Explainer's (SE, "serate", default settings): at
//! each point the first technique of the ladder that makes progress gives
//! the step, and a puzzle's rating (ER) is the difficulty of the hardest
//! step of its path. Every technique works on the run-time geometry: any
//! size up to 64×64, jigsaw regions, diagonals and extra regions; cages
//! and chess rules add peers.

mod aic;
mod aligned;
mod between;
mod beyond;
mod big_wings;
mod cages;
mod chains;
mod error;
mod fish;
mod forcing;
mod grid;
mod intersections;
mod lines;
mod links;
mod nudge;
mod pairs;
mod renban;
mod sandwich;
#[cfg(feature = "serde")]
mod saved;
mod seen;
mod singles;
mod step;
mod subsets;
mod sums;
mod unique;
mod whispers;
mod wings;

use std::fmt;

pub use error::LogicError;
pub use grid::{Candidates, MAX_SIZE};
pub use nudge::HintLevel;
pub use step::{Highlight, Step, Technique};

use crate::engine::{Count, Solver};
use crate::model::Cell;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use seen::Seen;

/// One rung of the ladder: a finder, and whether it needs uniqueness or is
/// an extra SE lacks.
struct Rung {
    find: Find,
    unique: bool,
    extra: bool,
}

/// A rung's finder: on the grid alone, or also on what the climb has seen.
#[derive(Clone, Copy)]
enum Find {
    Alone(fn(&Candidates) -> Option<Step>),
    Shared(fn(&Candidates, &mut Seen) -> Option<Step>),
}

impl Find {
    fn run(self, grid: &Candidates, seen: &mut Seen) -> Option<Step> {
        match self {
            Find::Alone(find) => find(grid),
            Find::Shared(find) => find(grid, seen),
        }
        .map(|step| grid.finish(step))
    }
}

const fn rung(find: fn(&Candidates) -> Option<Step>) -> Rung {
    Rung {
        find: Find::Alone(find),
        unique: false,
        extra: false,
    }
}

/// A rung that reads or leaves what the climb has seen.
const fn shared(find: fn(&Candidates, &mut Seen) -> Option<Step>) -> Rung {
    Rung {
        find: Find::Shared(find),
        unique: false,
        extra: false,
    }
}

/// A rung of a technique SE lacks.
const fn extra(find: fn(&Candidates) -> Option<Step>) -> Rung {
    Rung {
        find: Find::Alone(find),
        unique: false,
        extra: true,
    }
}

/// A step of a climb as it was taken: a hidden single, placed without a
/// [`Step`], or any other step.
enum Taken {
    Single(singles::Single),
    Step(Step),
}

/// SE's ladder in SE's order, with the extras (finned fish, W-Wing) after
/// the wings and after Jellyfish, and ALS-XZ after the big wings.
const LADDER: &[Rung] = &[
    // First: a climb tries it on its own, then the rungs after it.
    rung(singles::hidden_single),
    rung(pairs::domains),
    rung(|g| cages::combinations(g, true)),
    rung(pairs::chains),
    shared(|g, seen| intersections::locking_seen(g, true, seen)),
    rung(between::betweens),
    rung(between::lockouts),
    rung(lines::sums),
    shared(|g, seen| subsets::hidden_seen(g, 2, true, seen)),
    rung(pairs::pairs),
    rung(renban::renbans),
    rung(sandwich::sandwiches),
    rung(singles::naked_single),
    rung(|g| cages::combinations(g, false)),
    shared(|g, seen| subsets::hidden_seen(g, 3, true, seen)),
    rung(whispers::whispers),
    shared(|g, seen| intersections::locking_seen(g, false, seen)),
    rung(cages::pointing),
    rung(cages::claiming),
    rung(|g| cages::innies_outies(g, 1, 1)),
    rung(|g| subsets::naked(g, 2)),
    rung(|g| cages::innies_outies(g, 2, 2)),
    rung(|g| fish::fish(g, 2, false)),
    rung(|g| cages::innies_outies(g, 3, usize::MAX)),
    shared(|g, seen| subsets::hidden_seen(g, 2, false, seen)),
    rung(|g| subsets::naked(g, 3)),
    rung(|g| fish::fish(g, 3, false)),
    shared(|g, seen| subsets::hidden_seen(g, 3, false, seen)),
    rung(links::two_links),
    rung(|g| wings::xy_wing(g, false)),
    rung(|g| wings::xy_wing(g, true)),
    extra(|g| fish::fish(g, 2, true)),
    extra(|g| fish::fish(g, 3, true)),
    extra(wings::w_wing),
    Rung {
        find: Find::Alone(unique::unique_loop),
        unique: true,
        extra: false,
    },
    rung(|g| subsets::naked(g, 4)),
    rung(|g| fish::fish(g, 4, false)),
    extra(|g| fish::fish(g, 4, true)),
    rung(|g| subsets::hidden(g, 4, false)),
    rung(aic::constraint_chains),
    rung(|g| links::link_chains(g, 3)),
    rung(|g| big_wings::wing(g, 3)),
    Rung {
        find: Find::Alone(unique::bug),
        unique: true,
        extra: false,
    },
    rung(|g| links::link_chains(g, 4)),
    rung(|g| big_wings::wing(g, 4)),
    rung(aligned::pair),
    rung(|g| links::link_chains(g, 5)),
    rung(|g| big_wings::wing(g, 5)),
    extra(big_wings::als_xz),
    rung(|g| links::link_chains(g, 6)),
    rung(chains::cycles_and_chains),
    // SE tries TUVWXYZ-Wing and aligned triplets among its chaining
    // techniques, after the first.
    rung(|g| big_wings::wing(g, 6)),
    rung(aligned::triplet),
    rung(forcing::nishio_chains),
    rung(forcing::multiple_chains),
    rung(forcing::dynamic_chains),
];

/// The step finder and rater: the ladder, and which of its rungs to use.
///
/// | option | default | what it does |
/// |---|---|---|
/// | [`assume_unique`](Logic::assume_unique) | `false` | use unique rectangles and loops and BUG, sound only when the puzzle has one solution |
/// | [`with_extras`](Logic::with_extras) | `false` | also use techniques SE lacks (finned and sashimi fish, W-Wing, ALS-XZ) in [`next_step`](Logic::next_step) and [`solve_path`](Logic::solve_path); [`rate`](Logic::rate) never does |
/// | [`with_max_steps`](Logic::with_max_steps) | 100,000 | stop a path after this many steps |
///
/// ```
/// use ndoku::{Logic, Rules, Puzzle};
///
/// let line = "100800570000009210090040000300900050007000300020006008000020040071400000064007003";
/// let cells: Vec<u16> = line.bytes().map(|b| u16::from(b - b'0')).collect();
/// let puzzle = Puzzle::from_cells(Rules::classic(9)?, &cells)?;
/// let logic = Logic::new();
/// let path = logic.solve_path(&puzzle)?;
/// assert!(path.solved);
/// let hardest = path.steps.iter().map(|s| s.technique.tenths()).max();
/// assert_eq!(hardest, Some(20)); // a direct hidden pair, SE 2.0
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Logic {
    unique: bool,
    extras: bool,
    max_steps: usize,
    /// How many rungs of the ladder it climbs: all, but for the generator
    /// ([`Logic::below_uniqueness`]).
    rungs: usize,
}

/// The first rung of a uniqueness technique: every rung before it rates
/// below 4.5.
const UNIQUENESS_RUNG: usize = {
    let mut i = 0;
    while !LADDER[i].unique {
        i += 1;
    }
    i
};

impl Default for Logic {
    fn default() -> Self {
        Self::new()
    }
}

/// A path of steps from a puzzle, as far as the ladder goes.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The grid after the last step.
    pub grid: Candidates,
    /// Whether the steps solve the puzzle.
    pub solved: bool,
    /// The puzzle's rules the ladder has no step for, which the path was
    /// checked against instead.
    pub unreasoned: Unreasoned,
}

/// The rules of a puzzle the ladder has no step for.
///
/// The ladder reasons about houses, chess moves and what cells must
/// differ; about killer cages' sums (cage combinations, cage pointing and
/// claiming, innies and outies) for cages of up to 16 cells; and about the
/// [`Constraint`](crate::Constraint)s that come down to rules between two
/// cells, thermometers, odd or even cells (Kropki dots, X and V,
/// greater-than signs, negative rules, whispers, renbans, palindromes…),
/// sums along lines (arrows and pills, double arrows, little killers,
/// sums, region-sum and zipper lines), sandwiches, and renban, whisper,
/// between and lockout lines as wholes. Not yet about other outside clues
/// (X-sums, skyscrapers) or quadruples. A path or a rating on a puzzle with such rules
/// checks every grid it reaches against all the rules: it never claims a
/// grid that breaks one ([`LogicError::BreaksRule`] says the puzzle has no
/// solution), but it may get stuck where only those rules decide, and then
/// says so.
///
/// ```
/// use ndoku::{Constraint, Logic, Puzzle, Rules};
///
/// // A 4×4 killer the cage steps reason about, with a quadruple they do not.
/// let quad = Constraint::Quadruple { cells: vec![0, 1, 4, 5], values: vec![1] };
/// let rules = Rules::classic(4)?.with_cage(&[(0, 0), (0, 1)], Some(3))?;
/// assert!(Logic::new().rate(&Puzzle::new(rules.clone()))?.unreasoned.is_empty());
/// let rating = Logic::new().rate(&Puzzle::new(rules.with_constraint(quad)?))?;
/// assert_eq!(rating.unreasoned.constraints, 1);
/// assert!(rating.to_string().ends_with("; it has no step for constraints (1)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Unreasoned {
    /// How many cages have a sum the ladder does not reason about: those of
    /// more than 16 cells.
    pub cage_sums: usize,
    /// How many [`Constraint`](crate::Constraint)s the ladder has no step
    /// for (X-sums, skyscrapers, quadruples): it
    /// reasons only about the cells they make differ.
    pub constraints: usize,
}

impl Unreasoned {
    /// What the ladder has no step for in `rules`.
    #[must_use]
    pub fn of(rules: &Rules) -> Self {
        Self {
            cage_sums: rules
                .cages()
                .iter()
                .filter(|c| c.sum().is_some() && c.cells().len() > sums::MAX_CAGE_CELLS)
                .count(),
            constraints: beyond::unreasoned(rules),
        }
    }

    /// Whether the ladder reasons about every rule.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cage_sums == 0 && self.constraints == 0
    }
}

impl fmt::Display for Unreasoned {
    /// "cage sums (3 cages)", "constraints (2)", both joined by "and", or
    /// "nothing".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sums = match self.cage_sums {
            0 => None,
            1 => Some("cage sums (1 cage)".to_owned()),
            k => Some(format!("cage sums ({k} cages)")),
        };
        let constraints =
            (self.constraints > 0).then(|| format!("constraints ({})", self.constraints));
        match (sums, constraints) {
            (None, None) => f.write_str("nothing"),
            (Some(a), None) | (None, Some(a)) => f.write_str(&a),
            (Some(a), Some(b)) => write!(f, "{a} and {b}"),
        }
    }
}

/// What a player should look at next in a game: their mistakes first,
/// then the next step.
///
/// With the `serde` feature a hint is tagged by its kind in snake case,
/// cells by name: `{"mistakes":{"entries":["R1C3"],"marks":[]}}`,
/// `{"step":{…}}`, `"solved"`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Hint {
    /// Entries no solution keeps, and (on a puzzle with one solution) empty
    /// cells whose pencil marks leave out the solution's value, in cell
    /// order. See [`Logic::hint`].
    Mistakes {
        /// Wrong entries: on a puzzle with one solution, those that differ
        /// from it.
        entries: Vec<Cell>,
        /// Empty cells whose marks lack the solution's value.
        marks: Vec<Cell>,
    },
    /// The next step from the player's grid and marks.
    Step(Step),
    /// Every cell is filled, and right.
    Solved,
    /// No mistake, and the ladder has no step: the game needs techniques
    /// past it.
    Stuck,
    /// The puzzle has several solutions and some solution keeps every
    /// entry: no entry is a mistake, and no step can lead to one solution.
    NotUnique,
}

/// A puzzle's rating on the Sudoku Explainer scale.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Rating {
    /// The ER: the difficulty of the hardest step, when the ladder solves
    /// the puzzle; `None` when it stops short: no step applies (the puzzle
    /// needs techniques past the ladder, has several solutions, or needs
    /// cage sums, see [`Rating::unreasoned`]) or the step limit was reached.
    pub er: Option<f32>,
    /// The hardest technique used, stuck or not; `None` for a puzzle with
    /// no empty cell.
    pub hardest: Option<Technique>,
    /// Whether the ladder solved the puzzle.
    pub solved: bool,
    /// How many steps the path took.
    pub steps: usize,
    /// Whether the path stopped at the step limit
    /// ([`Logic::with_max_steps`]) rather than where no step applies.
    pub limited: bool,
    /// The puzzle's rules the ladder has no step for (cage sums), which
    /// every grid of the path was checked against.
    pub unreasoned: Unreasoned,
}

impl Rating {
    /// The ER in tenths (45 for 4.5), when the ladder solved the puzzle.
    #[must_use]
    pub fn tenths(&self) -> Option<u16> {
        self.solved
            .then(|| self.hardest.map_or(0, Technique::tenths))
    }
}

impl fmt::Display for Rating {
    /// "4.2 xy-wing" for a solved puzzle ("0.0 solved" with no empty cell);
    /// else what stopped the path, how far it went and its hardest step:
    /// "stuck: no step of the ladder applies after 12 steps (hardest 3.6
    /// naked triple)", or "stopped: the step limit was reached after …".
    /// A path stuck on a puzzle with cage sums adds "; it has no step for
    /// cage sums (3 cages)". A puzzle with several solutions is always
    /// stuck: no sound step can choose between them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.solved {
            return match self.hardest {
                Some(t) => write!(f, "{:.1} {}", t.difficulty(), t.name()),
                None => f.write_str("0.0 solved"),
            };
        }
        let steps = match self.steps {
            1 => "1 step".to_string(),
            k => format!("{k} steps"),
        };
        if self.limited {
            write!(f, "stopped: the step limit was reached after {steps}")?;
        } else {
            write!(f, "stuck: no step of the ladder applies after {steps}")?;
        }
        if let Some(t) = self.hardest {
            write!(f, " (hardest {:.1} {})", t.difficulty(), t.name())?;
        }
        if !self.limited && !self.unreasoned.is_empty() {
            write!(f, "; it has no step for {}", self.unreasoned)?;
        }
        Ok(())
    }
}

impl Logic {
    /// The ladder without uniqueness techniques or extras.
    #[must_use]
    pub fn new() -> Self {
        Self {
            unique: false,
            extras: false,
            max_steps: 100_000,
            rungs: LADDER.len(),
        }
    }

    /// This logic on the rungs of the ladder before its first uniqueness
    /// technique (not part of the API: for the generator's steering). Every
    /// technique there rates below 4.5, so a puzzle this ladder solves has
    /// the path, and the rating, of the whole ladder, found without the
    /// costly rungs past them; one it does not rates 4.5 or more.
    pub(crate) fn below_uniqueness(mut self) -> Self {
        self.rungs = UNIQUENESS_RUNG;
        self
    }

    /// Whether the puzzle is known to have one solution, which allows unique
    /// rectangles, loops and BUG (default `false`). SE assumes it.
    #[must_use]
    pub fn assume_unique(mut self, yes: bool) -> Self {
        self.unique = yes;
        self
    }

    /// Whether steps may use techniques SE lacks (default `false`). A
    /// rating never does, so that it stays on SE's scale.
    #[must_use]
    pub fn with_extras(mut self, yes: bool) -> Self {
        self.extras = yes;
        self
    }

    /// The most steps a path takes before it stops (default 100,000).
    #[must_use]
    pub fn with_max_steps(mut self, steps: usize) -> Self {
        self.max_steps = steps;
        self
    }

    /// The next step: the first rung of the ladder that makes progress,
    /// or `None` when the grid is solved or the ladder is stuck.
    #[must_use]
    pub fn next_step(&self, grid: &Candidates) -> Option<Step> {
        self.step_from(grid, self.extras, 0)
    }

    /// The first step of the ladder's rungs from `first` on.
    fn step_from(&self, grid: &Candidates, extras: bool, first: usize) -> Option<Step> {
        let mut seen = Seen::default();
        LADDER[first.min(self.rungs)..self.rungs]
            .iter()
            .filter(|r| (self.unique || !r.unique) && (extras || !r.extra))
            .find_map(|r| r.find.run(grid, &mut seen))
    }

    /// The path of steps from `puzzle`'s candidates until it is solved or
    /// the ladder is stuck.
    ///
    /// # Errors
    ///
    /// As [`Candidates::from_variant`]; [`LogicError::NoCandidates`]
    /// when a step empties a cell, which only a puzzle without solutions,
    /// or one with several under [`Logic::assume_unique`], can cause; and
    /// [`LogicError::BreaksRule`] when the steps reach a grid that breaks a
    /// rule the ladder has no step for (a cage's sum): a puzzle without
    /// solutions. See [`Unreasoned`].
    pub fn solve_path(&self, puzzle: &Puzzle) -> Result<Path, LogicError> {
        let mut grid = Candidates::from_variant(puzzle)?;
        let mut steps = Vec::new();
        self.climb(&mut grid, puzzle.rules(), self.extras, |grid, taken| {
            steps.push(match taken {
                Taken::Single(single) => single.step(grid),
                Taken::Step(step) => step,
            });
        })?;
        let solved = grid.is_solved();
        Ok(Path {
            steps,
            grid,
            solved,
            unreasoned: Unreasoned::of(puzzle.rules()),
        })
    }

    /// Plays the ladder's steps on `grid` until it is solved, the ladder is
    /// stuck or the step limit is reached, handing each to `take`; whether
    /// it stopped at the limit. On rules the ladder has no step for, each
    /// grid is checked against `rules`.
    fn climb(
        &self,
        grid: &mut Candidates,
        rules: &Rules,
        extras: bool,
        mut take: impl FnMut(&Candidates, Taken),
    ) -> Result<bool, LogicError> {
        let check = !rules.cages().is_empty() || !rules.constraints().is_empty();
        let mut steps = 0;
        while !grid.is_solved() {
            if steps == self.max_steps {
                return Ok(true);
            }
            // Most steps are hidden singles, the first rung: they are placed
            // without writing up a step, which `take` may do.
            if let Some(single) = singles::find_hidden_single(grid) {
                grid.place_single(single.cell, single.value)?;
                take(grid, Taken::Single(single));
            } else {
                let Some(step) = self.step_from(grid, extras, 1) else {
                    break;
                };
                grid.apply(&step)?;
                take(grid, Taken::Step(step));
            }
            if check {
                rules
                    .check(grid.values())
                    .map_err(|violation| LogicError::BreaksRule { violation })?;
            }
            steps += 1;
        }
        Ok(false)
    }

    /// A hint for `game`: its mistakes against the puzzle's solutions, else
    /// the next step from its entries and marks. Uniqueness steps are used
    /// when the puzzle has one solution, whatever [`Logic::assume_unique`]
    /// says.
    ///
    /// On a puzzle with one solution, the mistakes are the entries that
    /// differ from it and the empty cells whose pencil marks lack its value.
    /// On a puzzle with several, an entry is a mistake when no solution
    /// keeps it with the givens and the entries before it (row by row); marks
    /// are not judged, and when no entry is a mistake the hint is
    /// [`Hint::NotUnique`] (or [`Hint::Solved`] for a full grid).
    ///
    /// # Errors
    ///
    /// [`LogicError::NoSolution`] when the puzzle has none (or the search
    /// gave up), and as [`Candidates::from_game`].
    pub fn hint(&self, game: &crate::Game) -> Result<Hint, LogicError> {
        let puzzle = game.puzzle();
        let n = puzzle.size();
        let (count, solution) = hint_solver().count_and_solve(puzzle, 2);
        let solution = solution.ok_or(LogicError::NoSolution)?;
        let unique = count == Count::Exact(1);
        let (entries, marks) = if unique {
            let marks = (0..n * n)
                .map(|c| Cell::from_index(c, n))
                .filter(|&cell| {
                    game.value(cell).is_none()
                        && !game
                            .candidates(cell)
                            .contains(solution.cells()[cell.index(n)])
                })
                .collect();
            (game.mistakes(&solution), marks)
        } else {
            (unkept_entries(game), Vec::new())
        };
        if !entries.is_empty() || !marks.is_empty() {
            return Ok(Hint::Mistakes { entries, marks });
        }
        let grid = Candidates::from_game(game)?;
        if grid.is_solved() {
            return Ok(Hint::Solved);
        }
        if count.found() > 1 {
            return Ok(Hint::NotUnique);
        }
        let logic = Logic { unique, ..*self };
        Ok(logic.next_step(&grid).map_or(Hint::Stuck, Hint::Step))
    }

    /// The rating of `puzzle` on SE's scale: the hardest step of its path
    /// on SE's ladder (never the extras).
    ///
    /// # Errors
    ///
    /// As [`Logic::solve_path`].
    pub fn rate(&self, puzzle: &Puzzle) -> Result<Rating, LogicError> {
        let mut grid = Candidates::from_variant(puzzle)?;
        // The climb's steps, kept only as the hardest and their count.
        let mut hardest: Option<Technique> = None;
        let mut steps = 0;
        let limited = self.climb(&mut grid, puzzle.rules(), false, |_, taken| {
            let technique = match taken {
                Taken::Single(single) => single.technique,
                Taken::Step(step) => step.technique,
            };
            // The first of the hardest steps, as SE names it.
            if hardest.is_none_or(|b| b.tenths() < technique.tenths()) {
                hardest = Some(technique);
            }
            steps += 1;
        })?;
        let solved = grid.is_solved();
        Ok(Rating {
            er: solved.then(|| hardest.map_or(0.0, Technique::difficulty)),
            hardest,
            solved,
            steps,
            limited,
            unreasoned: Unreasoned::of(puzzle.rules()),
        })
    }
}

/// The search a hint judges a game with.
fn hint_solver() -> Solver {
    Solver::new().with_max_nodes(1_000_000)
}

/// The entries of `game` that no solution keeps with the givens and the
/// entries before them, row by row; an entry the search gives up on is
/// kept. One search when some solution keeps them all.
fn unkept_entries(game: &crate::Game) -> Vec<Cell> {
    let puzzle = game.puzzle();
    let n = puzzle.size();
    let rules = puzzle.shared_rules();
    let kept_by_some = |cells: &[u16]| {
        Puzzle::from_cells(std::sync::Arc::clone(rules), cells)
            .is_ok_and(|p| hint_solver().count(&p, 1) != Count::Exact(0))
    };
    let grid = game.grid();
    if kept_by_some(&grid) {
        return Vec::new();
    }
    let givens = puzzle.cells();
    let mut kept = givens.to_vec();
    let mut unkept = Vec::new();
    for c in (0..n * n).filter(|&c| givens[c] == 0 && grid[c] != 0) {
        kept[c] = grid[c];
        if !kept_by_some(&kept) {
            kept[c] = 0;
            unkept.push(Cell::from_index(c, n));
        }
    }
    unkept
}

#[cfg(test)]
mod tests;
