//! Human-style logic for Python: `Logic`, and the `Rating`, `Step` and `Hint` it answers with.

use ndoku::logic::{HintLevel, Step};
use ndoku::model::Cell;
use ndoku::{Count, Hint, Logic, Puzzle, Rating, Solver};
use pyo3::prelude::*;

use crate::error::Failure;
use crate::puzzle::{PyGame, puzzle_arg};

/// The node budget of the search that tells whether a puzzle to rate has
/// one solution, as `ndoku rate` counts them.
const RATE_NODES: u64 = 1_000_000;

/// The ladder of Sudoku Explainer's techniques, on any rules up to 64x64:
/// ratings on SE's scale, paths of explained steps, and hints for games.
///
/// `assume_unique` allows uniqueness techniques (SE assumes it), `extras`
/// techniques SE lacks (never in a rating), and `max_steps` bounds a path.
#[pyclass(name = "Logic", module = "ndoku", frozen, from_py_object)]
#[derive(Clone, Copy, Default)]
pub struct PyLogic {
    pub inner: Logic,
}

#[pymethods]
impl PyLogic {
    /// A ladder with these options.
    #[new]
    #[pyo3(signature = (*, assume_unique = false, extras = false, max_steps = 100_000))]
    fn new(assume_unique: bool, extras: bool, max_steps: usize) -> Self {
        Self {
            inner: Logic::new()
                .assume_unique(assume_unique)
                .with_extras(extras)
                .with_max_steps(max_steps),
        }
    }

    /// The rating of `puzzle` (a `Puzzle` or text) on SE's scale: the
    /// hardest step of its path. Unlike `ndoku.rate`, it does not first
    /// check that the puzzle has one solution. Runs without the GIL.
    fn rate(&self, py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<PyRating> {
        let puzzle = puzzle_arg(puzzle)?;
        let logic = self.inner;
        let rating = py.detach(|| logic.rate(&puzzle)).map_err(Failure::from)?;
        Ok(PyRating::of(&rating, None))
    }

    /// The steps of human-style logic from `puzzle` (a `Puzzle` or text)
    /// until it is solved or the ladder is stuck. Runs without the GIL.
    fn steps(&self, py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Vec<PyStep>> {
        let puzzle = puzzle_arg(puzzle)?;
        let logic = self.inner;
        let path = py
            .detach(|| logic.solve_path(&puzzle))
            .map_err(Failure::from)?;
        Ok(path.steps.iter().map(PyStep::of).collect())
    }

    /// A hint for `game`: its mistakes, else the next step.
    fn hint(&self, py: Python<'_>, game: PyRef<'_, PyGame>) -> PyResult<PyHint> {
        let logic = self.inner;
        let game = &game.inner;
        let hint = py.detach(|| logic.hint(game)).map_err(Failure::from)?;
        Ok(PyHint::of(hint))
    }

    fn __repr__(&self) -> String {
        format!("{:?}", self.inner)
    }
}

/// Rates `puzzle` as `ndoku rate` does: it counts solutions first (a
/// budget of a million guesses), rates a puzzle with one under uniqueness
/// techniques, and answers `multiple` or `unsolvable` for the others.
///
/// # Errors
///
/// A `LogicError` failure for a board over 64x64.
pub fn rate_puzzle(solver: &mut Solver, puzzle: &Puzzle) -> Result<PyRating, Failure> {
    let count = solver.count(puzzle, 2);
    let unique = match count {
        Count::Exact(0) => return Ok(PyRating::verdict("unsolvable")),
        Count::Exact(1) => true,
        Count::Exact(_) | Count::AtLeast(_) => return Ok(PyRating::verdict("multiple")),
        _ => false,
    };
    let rating = Logic::new().assume_unique(unique).rate(puzzle)?;
    Ok(PyRating::of(&rating, Some(unique)))
}

/// A solver for [`rate_puzzle`].
pub fn rate_solver() -> Solver {
    Solver::new().with_max_nodes(RATE_NODES)
}

/// A puzzle's rating on the Sudoku Explainer scale.
///
/// `status` is `"solved"` (the ladder solves it: `er` is its ER),
/// `"stuck"` (no step applies), `"limited"` (the step limit was reached),
/// or, from `ndoku.rate`, `"multiple"` or `"unsolvable"` for a puzzle
/// without exactly one solution.
#[pyclass(name = "Rating", module = "ndoku", frozen)]
#[derive(Clone)]
pub struct PyRating {
    /// What the rating says, as above.
    #[pyo3(get)]
    status: &'static str,
    /// The ER, the difficulty of the hardest step, when the ladder solves
    /// the puzzle.
    #[pyo3(get)]
    er: Option<f32>,
    /// The name of the hardest technique used, solved or not.
    #[pyo3(get)]
    hardest: Option<&'static str>,
    /// How many steps the path took.
    #[pyo3(get)]
    steps: usize,
    /// Whether uniqueness techniques were allowed (the puzzle was shown to
    /// have one solution); None from `Logic.rate`, which does not check.
    #[pyo3(get)]
    unique: Option<bool>,
    /// The words of the rating: "3.2 x-wing", "stuck: no step of the
    /// ladder applies after 12 steps (hardest 3.6 naked triple)", "multiple".
    text: String,
}

impl PyRating {
    /// The rating of a path.
    pub fn of(rating: &Rating, unique: Option<bool>) -> Self {
        let status = if rating.solved {
            "solved"
        } else if rating.limited {
            "limited"
        } else {
            "stuck"
        };
        Self {
            status,
            er: rating.er,
            hardest: rating.hardest.map(|t| t.name()),
            steps: rating.steps,
            unique,
            text: rating.to_string(),
        }
    }

    /// The rating of a puzzle that is not rated: `multiple` or `unsolvable`.
    fn verdict(status: &'static str) -> Self {
        Self {
            status,
            er: None,
            hardest: None,
            steps: 0,
            unique: Some(false),
            text: status.to_string(),
        }
    }

    /// The line `ndoku rate` prints (without its newline).
    pub fn line(&self) -> String {
        match (self.status, self.er) {
            ("solved", Some(er)) => format!("{er:.1}\t{}", self.hardest.unwrap_or("none")),
            ("multiple" | "unsolvable", _) => self.text.clone(),
            _ => self.text.replacen(": ", "\t", 1),
        }
    }
}

#[pymethods]
impl PyRating {
    /// Whether the ladder solved the puzzle.
    #[getter]
    fn solved(&self) -> bool {
        self.status == "solved"
    }

    /// The ER in tenths (45 for 4.5), when the ladder solved the puzzle.
    #[getter]
    fn tenths(&self) -> Option<u16> {
        self.er.map(|er| (er * 10.0).round() as u16)
    }

    /// The line `ndoku rate` prints for the puzzle: "3.2\tx-wing",
    /// "stuck\t...", "multiple" or "unsolvable".
    #[getter(line)]
    fn py_line(&self) -> String {
        self.line()
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Rating {}>", self.text)
    }
}

/// One step of human-style logic: a technique, the values it places, the
/// candidates it removes, the pattern that justifies it, and a line that
/// says why. Cells are (row, column) from 0; values 1 to N, as
/// `Puzzle.cells` holds them, whatever the puzzle's first value: its text
/// shows value `v` as `v - 1 + first_value`.
#[pyclass(name = "Step", module = "ndoku", frozen)]
#[derive(Clone)]
pub struct PyStep {
    /// The technique's name, as SE names it: "hidden single", "x-wing".
    #[pyo3(get)]
    technique: &'static str,
    /// The step's difficulty on SE's scale.
    #[pyo3(get)]
    difficulty: f32,
    /// One line of plain English: "hidden single: 7 in box 5 has one place, R4C6".
    #[pyo3(get)]
    explanation: String,
    /// The values it places, as (row, column, value).
    #[pyo3(get)]
    placements: Vec<(usize, usize, u16)>,
    /// The candidates it removes, as (row, column, value).
    #[pyo3(get)]
    eliminations: Vec<(usize, usize, u16)>,
    /// The cells of the pattern, as (row, column).
    #[pyo3(get)]
    cells: Vec<(usize, usize)>,
    /// The candidates of the pattern, as (row, column, value).
    #[pyo3(get)]
    candidates: Vec<(usize, usize, u16)>,
    /// The houses of the pattern, by name: "row 5", "box 3", "diagonal ↘".
    #[pyo3(get)]
    houses: Vec<String>,
    /// How the puzzle writes its values: 1, or 0 for a puzzle whose values
    /// start at 0 (ISS's `.Shape~9x9~0-8`); the explanation writes the
    /// value `v` of `placements`, `eliminations` and `candidates` as
    /// `v - 1 + first_value`.
    #[pyo3(get)]
    first_value: u16,
}

impl PyStep {
    /// The step as Python reads it.
    pub fn of(step: &Step) -> Self {
        let at = |(cell, v): (Cell, u16)| (cell.row, cell.col, v);
        Self {
            technique: step.technique.name(),
            difficulty: step.difficulty(),
            explanation: step.explanation().into_owned(),
            placements: step.placements().map(at).collect(),
            eliminations: step.eliminations().map(at).collect(),
            cells: step.highlight.cells().map(Into::into).collect(),
            candidates: step.highlight.candidates().map(at).collect(),
            houses: step.highlight.houses().map(|h| h.to_string()).collect(),
            first_value: step.first_value(),
        }
    }
}

#[pymethods]
impl PyStep {
    fn __str__(&self) -> String {
        self.explanation.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Step {:.1} {}>", self.difficulty, self.explanation)
    }
}

/// What a player should look at next in a game.
///
/// `kind` is `"mistakes"` (`entries` holds wrong entries, `marks` empty
/// cells whose pencil marks lack the solution's value, as (row, column)),
/// `"step"` (`step` is the next step), `"solved"`, `"stuck"` (the ladder
/// has no step), or `"not_unique"` (several solutions keep every entry).
#[pyclass(name = "Hint", module = "ndoku", frozen)]
pub struct PyHint {
    /// What kind of hint, as above.
    #[pyo3(get)]
    kind: &'static str,
    /// Wrong entries, as (row, column).
    #[pyo3(get)]
    entries: Vec<(usize, usize)>,
    /// Empty cells whose marks lack the solution's value, as (row, column).
    #[pyo3(get)]
    marks: Vec<(usize, usize)>,
    /// The next step, for a `"step"` hint.
    #[pyo3(get)]
    step: Option<PyStep>,
    /// The hint in words at levels 1 (where), 2 (technique) and 3 (move).
    levels: [String; 3],
}

impl PyHint {
    /// The hint as Python reads it.
    pub fn of(hint: Hint) -> Self {
        let levels = [HintLevel::Where, HintLevel::Technique, HintLevel::Move]
            .map(|level| hint.describe(level));
        let mut out = Self {
            kind: "stuck",
            entries: Vec::new(),
            marks: Vec::new(),
            step: None,
            levels,
        };
        match hint {
            Hint::Mistakes { entries, marks } => {
                out.kind = "mistakes";
                out.entries = entries.into_iter().map(Into::into).collect();
                out.marks = marks.into_iter().map(Into::into).collect();
            }
            Hint::Step(step) => {
                out.kind = "step";
                out.step = Some(PyStep::of(&step));
            }
            Hint::Solved => out.kind = "solved",
            Hint::NotUnique => out.kind = "not_unique",
            _ => {}
        }
        out
    }
}

#[pymethods]
impl PyHint {
    /// The hint as a person reads it, step by step as HoDoKu and SE give
    /// hints: level 1 says where to look, 2 which technique, 3 the move.
    #[pyo3(signature = (level = 3))]
    fn describe(&self, level: u8) -> PyResult<String> {
        match level {
            1..=3 => Ok(self.levels[usize::from(level) - 1].clone()),
            _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
                "hint level {level} should be 1 (where), 2 (technique) or 3 (move)"
            ))),
        }
    }

    fn __str__(&self) -> String {
        let names = |cells: &[(usize, usize)]| -> String {
            let names: Vec<String> = cells
                .iter()
                .map(|(r, c)| format!("R{}C{}", r + 1, c + 1))
                .collect();
            names.join(" ")
        };
        match (&self.step, self.kind) {
            (Some(step), _) => step.explanation.clone(),
            (None, "mistakes") if !self.entries.is_empty() => {
                format!("mistakes: {}", names(&self.entries))
            }
            (None, "mistakes") => {
                format!("marks lack the solution's value: {}", names(&self.marks))
            }
            (None, kind) => kind.replace('_', " "),
        }
    }

    fn __repr__(&self) -> String {
        format!("<Hint {}: {}>", self.kind, self.__str__())
    }
}
