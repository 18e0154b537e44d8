//! `Puzzle` and `Game` for Python, and the one function that reads any puzzle text.

use ndoku::model::Cell;
use ndoku::text::{ReadError, fpuzzles};
use ndoku::{Board, Game, Puzzle, Rules};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::error::{Failure, Kind};
use crate::logic::{PyHint, PyLogic};

/// Reads a puzzle from any text ndoku reads ([`ndoku::text::read`]):
/// f-puzzles JSON, an f-puzzles or SudokuPad link or a bare `load` string,
/// ISS constraint text or a link, a killer code; else a classic puzzle of
/// any size as a line, a grid or tokens.
///
/// # Errors
///
/// A `ParseError` failure with ndoku's message, or a `RulesError` one for
/// givens that break a rule.
pub fn read_puzzle(text: &str) -> Result<Puzzle, Failure> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let puzzle = ndoku::text::read(text).map_err(|e| match e {
        ReadError::Classic(ndoku::ParseError::Violation(v)) => Failure::from(v),
        ReadError::Classic(e) => Failure::from(e),
        ReadError::Fpuzzles(e) => Failure::from(e),
        e => Failure::new(Kind::Parse, e),
    })?;
    Ok(shared(puzzle))
}

/// `puzzle`, under ndoku's one shared copy of the classic rules of its
/// size when it has square boxes (4x4 to 64x64): those rules build their
/// peer tables once, not once a puzzle, which made a rating of a 9x9 line
/// read on its own rules take 1.7 ms rather than 1.0 ms. Values from 0
/// stay so.
fn shared(puzzle: Puzzle) -> Puzzle {
    let from_zero = puzzle.first_value() == 0;
    /// The puzzle through the typed board of box side `$b`, if it is one.
    macro_rules! through {
        ($($b:literal),*) => {
            $(if let Ok(board) = Board::<$b>::try_from(&puzzle) {
                return Puzzle::from(&board).with_values_from_zero(from_zero);
            })*
        };
    }
    through!(2, 3, 4, 5, 6, 7, 8);
    puzzle
}

/// The puzzle `obj` stands for: a `Puzzle`, or text [`read_puzzle`] reads.
pub fn puzzle_arg(obj: &Bound<'_, PyAny>) -> PyResult<Puzzle> {
    if let Ok(p) = obj.cast::<PyPuzzle>() {
        return Ok(p.get().inner.clone());
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(read_puzzle(&text.to_cow()?)?);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "expected a Puzzle or puzzle text (str), got {}",
        obj.get_type().name()?
    )))
}

/// Checks that (`row`, `col`) is on a board of side `n`.
fn on_board(n: usize, row: usize, col: usize) -> Result<(), Failure> {
    if row >= n || col >= n {
        return Err(Failure::new(
            Kind::Game,
            format!("cell ({row}, {col}) is off the {n}x{n} board (rows and columns count from 0)"),
        ));
    }
    Ok(())
}

/// A puzzle: its rules (any size from 1x1 to 400x400, boxes, jigsaw
/// regions, diagonals, extra regions, anti-knight and anti-king, killer
/// cages) and a value or nothing in each cell.
///
/// `Puzzle(text)` reads a classic line (`.` or `0` for empty), a grid or
/// tokens of any size, f-puzzles JSON, an f-puzzles or SudokuPad link, or a
/// bare `load` string. Puzzles are immutable: `with_value` returns a new one.
/// Rows, columns and values count as Sudoku does in text (R1C1), but
/// indices passed to methods count from 0.
#[pyclass(name = "Puzzle", module = "ndoku", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyPuzzle {
    pub inner: Puzzle,
}

impl PyPuzzle {
    /// Wraps a puzzle.
    pub fn of(inner: Puzzle) -> Self {
        Self { inner }
    }
}

#[pymethods]
impl PyPuzzle {
    /// Reads a puzzle from text in any format ndoku reads.
    #[new]
    fn new(text: String) -> PyResult<Self> {
        Ok(Self::of(read_puzzle(&text)?))
    }

    /// An empty classic puzzle of side `size` (boxes as ndoku draws them:
    /// 3x3 for 9, 2x3 for 6, 3x4 for 12), or of boxes of `boxes` = (rows,
    /// columns).
    #[staticmethod]
    #[pyo3(signature = (size = 9, boxes = None))]
    fn empty(size: usize, boxes: Option<(usize, usize)>) -> PyResult<Self> {
        let rules = match boxes {
            Some((r, c)) => Rules::boxes(r, c).map_err(Failure::from)?,
            None => Rules::classic(size).map_err(Failure::from)?,
        };
        Ok(Self::of(Puzzle::new(rules)))
    }

    /// A classic puzzle of the values `cells` (row by row, 0 for empty);
    /// its side is the square root of their number.
    #[staticmethod]
    fn from_cells(cells: Vec<u16>) -> PyResult<Self> {
        let n = (1..=400).find(|n| n * n >= cells.len()).unwrap_or(0);
        if n * n != cells.len() {
            return Err(Failure::new(
                Kind::Parse,
                format!("{} cells is no square number of cells", cells.len()),
            )
            .into());
        }
        let rules = Rules::classic(n).map_err(Failure::from)?;
        Ok(Self::of(
            Puzzle::from_cells(rules, &cells).map_err(Failure::from)?,
        ))
    }

    /// A puzzle under these rules with the values `cells` (row by row, 0
    /// for empty): a solution, or a player's grid, to compare with this one.
    fn with_cells(&self, cells: Vec<u16>) -> PyResult<Self> {
        let rules = std::sync::Arc::new(self.inner.rules().clone());
        let puzzle = Puzzle::from_cells(rules, &cells).map_err(Failure::from)?;
        Ok(Self::of(
            puzzle.with_values_from_zero(self.inner.first_value() == 0),
        ))
    }

    /// This puzzle with `value` (0 to empty it) at `row`, `col` (from 0).
    fn with_value(&self, row: usize, col: usize, value: u16) -> PyResult<Self> {
        on_board(self.inner.size(), row, col)?;
        let mut inner = self.inner.clone();
        inner.set(row, col, value).map_err(Failure::from)?;
        Ok(Self::of(inner))
    }

    /// The side of the board: 9 for 9x9.
    #[getter]
    fn size(&self) -> usize {
        self.inner.size()
    }

    /// The values, row by row, 0 for an empty cell.
    #[getter]
    fn cells(&self) -> Vec<u16> {
        self.inner.cells().to_vec()
    }

    /// 1, or 0 for a puzzle whose values start at 0 (ISS's `~0-8`): how
    /// its text writes values. `cells`, `get` and steps hold them from 1.
    #[getter]
    fn first_value(&self) -> u16 {
        self.inner.first_value()
    }

    /// How many cells hold a value.
    #[getter]
    fn givens(&self) -> usize {
        self.inner.givens()
    }

    /// The shape of the boxes, (rows, columns), or None for irregular regions.
    #[getter]
    fn box_shape(&self) -> Option<(usize, usize)> {
        self.inner.rules().geometry().box_shape()
    }

    /// Whether the rules are classic: rows, columns and regions, nothing more.
    #[getter]
    fn is_classic(&self) -> bool {
        self.inner.rules().is_plain()
    }

    /// The value at `row`, `col` (from 0), or None for an empty cell.
    fn get(&self, row: usize, col: usize) -> PyResult<Option<u16>> {
        on_board(self.inner.size(), row, col)?;
        Ok(self.inner.get(row, col))
    }

    /// Whether every cell is filled and every rule kept.
    fn is_solved(&self) -> bool {
        self.inner.is_solved()
    }

    /// Whether `solution` is a solution of this puzzle: solved under the
    /// same rules, and keeping every given.
    fn is_completed_by(&self, solution: &PyPuzzle) -> bool {
        self.inner.is_completed_by(&solution.inner)
    }

    /// One line: `.` for empty, `1`-`9`, `A`-`Z`, `a`-`z` for values up to
    /// 61; past 61, numbers separated by spaces.
    fn to_line(&self) -> String {
        self.inner.to_string()
    }

    /// A row a line, with box rules where there are boxes.
    fn to_grid(&self) -> String {
        format!("{:#}", self.inner)
    }

    /// Numbers separated by spaces, `0` for empty, a row a line.
    fn to_tokens(&self) -> String {
        self.inner.to_tokens()
    }

    /// f-puzzles JSON of the puzzle: size, givens and rules.
    fn to_fpuzzles(&self) -> String {
        fpuzzles::to_json(&self.inner)
    }

    /// An f-puzzles link to the puzzle.
    fn to_fpuzzles_link(&self) -> String {
        fpuzzles::to_link(&self.inner)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        let n = self.inner.size();
        if n <= 9 && self.inner.rules().is_plain() {
            format!("Puzzle({:?})", self.inner.to_string())
        } else {
            let rules = if self.inner.rules().is_plain() {
                ""
            } else {
                " variant"
            };
            format!("<Puzzle {n}x{n}{rules}, {} givens>", self.inner.givens())
        }
    }
}

/// A game in progress: a puzzle with a player's entries and pencil marks,
/// which can be undone, and hints for it (`hint()`).
#[pyclass(name = "Game", module = "ndoku")]
pub struct PyGame {
    pub inner: Game,
}

#[pymethods]
impl PyGame {
    /// A game of `puzzle` (a `Puzzle` or text) with no entries and every
    /// candidate marked; or with the pencil marks of `candidates`, a line of
    /// N characters a cell (on 9x9, Sukaku Explainer's 729 characters).
    #[new]
    #[pyo3(signature = (puzzle, candidates = None))]
    fn new(puzzle: &Bound<'_, PyAny>, candidates: Option<String>) -> PyResult<Self> {
        let puzzle = puzzle_arg(puzzle)?;
        let inner = match candidates {
            Some(line) => Game::from_candidate_line(puzzle, &line).map_err(Failure::from)?,
            None => Game::new(puzzle),
        };
        Ok(Self { inner })
    }

    /// The puzzle: its rules and givens.
    #[getter]
    fn puzzle(&self) -> PyPuzzle {
        PyPuzzle::of(self.inner.puzzle().clone())
    }

    /// The grid as it stands: givens and entries, row by row, 0 for empty.
    #[getter]
    fn grid(&self) -> Vec<u16> {
        self.inner.grid()
    }

    /// The value at `row`, `col` (from 0): a given or an entry, or None.
    fn value(&self, row: usize, col: usize) -> PyResult<Option<u16>> {
        on_board(self.inner.puzzle().size(), row, col)?;
        Ok(self.inner.value(Cell::new(row, col)))
    }

    /// Whether the cell at `row`, `col` (from 0) is a given.
    fn is_given(&self, row: usize, col: usize) -> PyResult<bool> {
        on_board(self.inner.puzzle().size(), row, col)?;
        Ok(self.inner.is_given(Cell::new(row, col)))
    }

    /// Writes `value` at `row`, `col` (from 0), or erases it with 0.
    /// Entries that break a rule are kept: `conflicts()` shows them.
    fn enter(&mut self, row: usize, col: usize, value: u16) -> PyResult<()> {
        Ok(self
            .inner
            .enter(Cell::new(row, col), value)
            .map_err(Failure::from)?)
    }

    /// The pencil marks of the cell at `row`, `col` (a filled cell's is its value).
    fn candidates(&self, row: usize, col: usize) -> PyResult<Vec<u16>> {
        on_board(self.inner.puzzle().size(), row, col)?;
        Ok(self.inner.candidates(Cell::new(row, col)).iter().collect())
    }

    /// Sets the pencil marks of the empty cell at `row`, `col`.
    fn set_candidates(&mut self, row: usize, col: usize, values: Vec<u16>) -> PyResult<()> {
        Ok(self
            .inner
            .set_candidates(Cell::new(row, col), &values)
            .map_err(Failure::from)?)
    }

    /// Undoes the last entry or change of marks; False when there is none.
    fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// Pairs of cells, ((row, col), (row, col)), that break a rule together.
    fn conflicts(&self) -> Vec<((usize, usize), (usize, usize))> {
        self.inner
            .conflicts()
            .into_iter()
            .map(|(a, b)| (a.into(), b.into()))
            .collect()
    }

    /// The pencil marks as one line: N characters a cell up to 9x9, a token
    /// a cell joined by `/` on larger boards.
    fn candidate_line(&self) -> String {
        self.inner.to_candidate_line()
    }

    /// What the player should look at next: their mistakes first, then the
    /// next step of human-style logic. `logic` chooses the ladder (default
    /// `Logic()`). Runs without the GIL.
    #[pyo3(signature = (logic = None))]
    fn hint(&self, py: Python<'_>, logic: Option<PyLogic>) -> PyResult<PyHint> {
        let logic = logic.unwrap_or_default().inner;
        let game = &self.inner;
        let hint = py.detach(|| logic.hint(game)).map_err(Failure::from)?;
        Ok(PyHint::of(hint))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        let n = self.inner.puzzle().size();
        let filled = self.inner.grid().iter().filter(|&&v| v != 0).count();
        format!("<Game {n}x{n}, {filled} of {} cells filled>", n * n)
    }
}
