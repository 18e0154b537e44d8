//! ndoku for Python: the module `ndoku._ndoku`, its shortcuts and its batch calls on every core.
//!
//! The classes wrap ndoku's front door: `Puzzle` (rules and givens),
//! `Solver` (with `Outcome` and `Count`), `Logic` (with `Rating`, `Step`,
//! `Hint`), `Game` and `Generator`. Text is read by one function,
//! [`puzzle::read_puzzle`]. Errors are Python exceptions defined in
//! `ndoku/_errors.py` ([`error::Failure`]). Long calls run without the GIL;
//! the `*_many` calls run on rayon's threads, one solver a thread, and
//! answer each line in place, a bad one with its exception object.
#![deny(missing_docs)]

mod error;
mod generator;
mod logic;
mod puzzle;
mod solver;

use ndoku::{Puzzle, Solver};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use rayon::prelude::*;

use crate::error::Failure;
use crate::generator::{PyGenerated, PyGenerator};
use crate::logic::{PyHint, PyLogic, PyRating, PyStep, rate_puzzle, rate_solver};
use crate::puzzle::{PyGame, PyPuzzle, puzzle_arg, read_puzzle};
use crate::solver::{PyCount, PyOutcome, PySolver, count_found, limits, solution_line};

/// Reads `text` (any format ndoku reads) into a `Puzzle`.
#[pyfunction]
fn read(text: String) -> PyResult<PyPuzzle> {
    Ok(PyPuzzle::of(read_puzzle(&text)?))
}

/// The solution of `puzzle` (a `Puzzle` or text in any format) as one
/// line, or None when it has none. Raises `ParseError` for text that does
/// not read and `GaveUpError` when a budget given runs out.
#[pyfunction]
#[pyo3(signature = (puzzle, *, max_nodes = None, time_limit = None, seed = None))]
fn solve(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    seed: Option<u64>,
) -> PyResult<Option<String>> {
    let puzzle = puzzle_arg(puzzle)?;
    let mut solver = Solver::new().with_limits(limits(max_nodes, time_limit, seed)?);
    Ok(py.detach(|| solution_line(&mut solver, &puzzle))?)
}

/// How many solutions `puzzle` has, counted up to `limit`: a result equal
/// to `limit` means that many or more (2 for "not unique"). Raises
/// `GaveUpError` when a budget given runs out.
#[pyfunction]
#[pyo3(signature = (puzzle, limit = 2, *, max_nodes = None, time_limit = None, seed = None))]
fn count(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    limit: usize,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    seed: Option<u64>,
) -> PyResult<usize> {
    let puzzle = puzzle_arg(puzzle)?;
    let mut solver = Solver::new().with_limits(limits(max_nodes, time_limit, seed)?);
    Ok(py.detach(|| count_found(&mut solver, &puzzle, limit))?)
}

/// The rating of `puzzle` on the Sudoku Explainer scale, as `ndoku rate`
/// gives it: a puzzle with one solution is rated with uniqueness
/// techniques; one with several or none has status "multiple" or
/// "unsolvable". Raises `LogicError` for boards over 64x64.
#[pyfunction]
fn rate(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<PyRating> {
    let puzzle = puzzle_arg(puzzle)?;
    Ok(py.detach(|| rate_puzzle(&mut rate_solver(), &puzzle))?)
}

/// A puzzle with one solution: `Generator(size, seed=seed, **options).generate()`.
/// Without a seed, one is taken from the clock.
#[pyfunction]
#[pyo3(signature = (size = 9, *, seed = None, **options))]
fn generate<'py>(
    py: Python<'py>,
    size: usize,
    seed: Option<u64>,
    options: Option<&Bound<'py, pyo3::types::PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let kwargs = pyo3::types::PyDict::new(py);
    if let Some(options) = options {
        kwargs.update(options.as_mapping())?;
    }
    kwargs.set_item("seed", seed)?;
    let class = py.get_type::<PyGenerator>();
    let generator = class.call((size,), Some(&kwargs))?;
    generator.call_method0("generate")
}

/// A puzzle of a batch: text, read on a worker thread, or a `Puzzle`.
enum Item {
    Text(String),
    Puzzle(Puzzle),
}

impl Item {
    /// The puzzle.
    fn read(&self) -> Result<std::borrow::Cow<'_, Puzzle>, Failure> {
        match self {
            Item::Text(text) => read_puzzle(text).map(std::borrow::Cow::Owned),
            Item::Puzzle(p) => Ok(std::borrow::Cow::Borrowed(p)),
        }
    }
}

/// The items of a batch: each a str or a `Puzzle`.
fn items(puzzles: &Bound<'_, PyAny>) -> PyResult<Vec<Item>> {
    if puzzles.is_instance_of::<PyString>() {
        return Err(PyValueError::new_err(
            "a batch takes a list of puzzles, not one string: split the text into lines first",
        ));
    }
    puzzles
        .try_iter()?
        .map(|p| {
            let p = p?;
            if let Ok(text) = p.cast::<PyString>() {
                Ok(Item::Text(text.to_cow()?.into_owned()))
            } else {
                puzzle_arg(&p).map(Item::Puzzle)
            }
        })
        .collect()
}

/// `work` on every item with a solver of its own a thread, made by
/// `solver`, on `threads` threads (None or 0: every core; 1: this thread
/// alone), in input order.
fn run<T: Send>(
    items: &[Item],
    threads: Option<usize>,
    solver: impl Fn() -> Solver + Sync + Send,
    work: impl Fn(&mut Solver, &Item) -> Result<T, Failure> + Sync + Send,
) -> PyResult<Vec<Result<T, Failure>>> {
    match threads {
        Some(1) => {
            let mut s = solver();
            Ok(items.iter().map(|item| work(&mut s, item)).collect())
        }
        Some(k) if k > 1 => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(k)
                .build()
                .map_err(|e| PyValueError::new_err(format!("no pool of {k} threads: {e}")))?;
            Ok(pool.install(|| {
                items
                    .par_iter()
                    .map_init(&solver, |s, item| work(s, item))
                    .collect()
            }))
        }
        _ => Ok(items
            .par_iter()
            .map_init(&solver, |s, item| work(s, item))
            .collect()),
    }
}

/// `work` on each of `puzzles` (a Python list of lines or `Puzzle`s), run
/// by [`run`] without the GIL; each answer as a Python object made by
/// `ok`, or its exception object.
fn batch<T: Send>(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
    solver: impl Fn() -> Solver + Sync + Send,
    work: impl Fn(&mut Solver, &Puzzle) -> Result<T, Failure> + Sync + Send,
    ok: impl Fn(Python<'_>, T) -> PyResult<Py<PyAny>>,
) -> PyResult<Vec<Py<PyAny>>> {
    let items = items(puzzles)?;
    let results = py.detach(|| run(&items, threads, solver, |s, item| work(s, &*item.read()?)))?;
    results
        .into_iter()
        .map(|r| match r {
            Ok(v) => ok(py, v),
            Err(f) => Ok(f.into_object(py)),
        })
        .collect()
}

/// `solve` on each puzzle of `puzzles` (a list of lines or `Puzzle`s), on
/// every core (or `threads`), with one solver a thread. The results are
/// aligned with the input: a solution line, None for a puzzle without
/// one, or the exception object (`ParseError`, `GaveUpError`, ...) for a
/// puzzle that could not be answered; the batch itself never fails on one.
#[pyfunction]
#[pyo3(signature = (puzzles, *, max_nodes = None, time_limit = None, seed = None, threads = None))]
fn solve_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    seed: Option<u64>,
    threads: Option<usize>,
) -> PyResult<Vec<Py<PyAny>>> {
    let limits = limits(max_nodes, time_limit, seed)?;
    let solver = || Solver::new().with_limits(limits);
    batch(py, puzzles, threads, solver, solution_line, |py, line| {
        Ok(line.into_pyobject(py)?.into_any().unbind())
    })
}

/// `count` on each puzzle of `puzzles`, as `solve_many` runs `solve`: an
/// int (`limit` meaning that many or more) or an exception object each.
#[pyfunction]
#[pyo3(signature = (puzzles, limit = 2, *, max_nodes = None, time_limit = None, seed = None, threads = None))]
fn count_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: usize,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    seed: Option<u64>,
    threads: Option<usize>,
) -> PyResult<Vec<Py<PyAny>>> {
    let limits = limits(max_nodes, time_limit, seed)?;
    let solver = || Solver::new().with_limits(limits);
    let work = |s: &mut Solver, p: &Puzzle| count_found(s, p, limit);
    batch(py, puzzles, threads, solver, work, |py, k| {
        Ok(k.into_pyobject(py)?.into_any().unbind())
    })
}

/// `rate` on each puzzle of `puzzles`, as `solve_many` runs `solve`: a
/// `Rating` or an exception object each.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads = None))]
fn rate_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
) -> PyResult<Vec<Py<PyAny>>> {
    batch(py, puzzles, threads, rate_solver, rate_puzzle, |py, r| {
        Ok(Py::new(py, r)?.into_any())
    })
}

/// The module `ndoku._ndoku`, which `ndoku/__init__.py` re-exports.
#[pymodule]
fn _ndoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<PyPuzzle>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PySolver>()?;
    m.add_class::<PyOutcome>()?;
    m.add_class::<PyCount>()?;
    m.add_class::<PyLogic>()?;
    m.add_class::<PyRating>()?;
    m.add_class::<PyStep>()?;
    m.add_class::<PyHint>()?;
    m.add_class::<PyGenerator>()?;
    m.add_class::<PyGenerated>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(count_many, m)?)?;
    m.add_function(wrap_pyfunction!(rate_many, m)?)?;
    Ok(())
}
