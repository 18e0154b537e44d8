//! `Solver` with its budgets for Python, and the `Outcome` and `Count` it answers with.

use std::time::Duration;

use ndoku::{Count, Limits, Outcome, Puzzle, Solver};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::error::{Failure, Kind};
use crate::puzzle::{PyPuzzle, puzzle_arg};

/// The limits of a search from Python's arguments: a node budget, a time
/// limit in seconds, a seed.
pub fn limits(
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    seed: Option<u64>,
) -> PyResult<Limits> {
    let mut limits = Limits::new();
    if let Some(nodes) = max_nodes {
        limits = limits.with_max_nodes(nodes);
    }
    if let Some(seconds) = time_limit {
        let limit = Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!(
                "time_limit is {seconds}: it should be a number of seconds, 0 or more"
            ))
        })?;
        limits = limits.with_time_limit(Some(limit));
    }
    if let Some(seed) = seed {
        limits = limits.with_seed(seed);
    }
    Ok(limits)
}

/// The failure of a search that gave up.
pub fn gave_up(found: Option<usize>) -> Failure {
    let found = match found {
        Some(k) => format!(
            " after finding {k} solution{}",
            if k == 1 { "" } else { "s" }
        ),
        None => String::new(),
    };
    Failure::new(
        Kind::GaveUp,
        format!("the search gave up{found}: the node budget or the time limit ran out"),
    )
}

/// The solution line of `puzzle`, None when it has none.
///
/// # Errors
///
/// A `GaveUpError` failure when the budget ran out.
pub fn solution_line(solver: &mut Solver, puzzle: &Puzzle) -> Result<Option<String>, Failure> {
    match solver.solve(puzzle) {
        Outcome::Solved(solution) => Ok(Some(solution.to_string())),
        Outcome::Unsolvable => Ok(None),
        _ => Err(gave_up(None)),
    }
}

/// How many solutions `puzzle` has, up to `limit` (`limit` meaning that
/// many or more).
///
/// # Errors
///
/// A `GaveUpError` failure when the budget ran out.
pub fn count_found(solver: &mut Solver, puzzle: &Puzzle, limit: usize) -> Result<usize, Failure> {
    match solver.count(puzzle, limit) {
        Count::Exact(k) | Count::AtLeast(k) => Ok(k),
        c => Err(gave_up(Some(c.found()))),
    }
}

/// The solver: it sends each puzzle to ndoku's fastest engine for it (the
/// 9x9 engine, the classic engine for square boxes up to 64x64, the
/// run-time engine for everything else) under its limits: `max_nodes`
/// bounds the guesses, `time_limit` the seconds, and `seed` picks the
/// search's tie-breaks. A search that runs out answers `gave_up`, never a
/// wrong answer. Searches run without the GIL.
#[pyclass(name = "Solver", module = "ndoku")]
#[derive(Clone)]
pub struct PySolver {
    inner: Solver,
}

#[pymethods]
impl PySolver {
    /// A solver with these limits (none by default).
    #[new]
    #[pyo3(signature = (*, max_nodes = None, time_limit = None, seed = None))]
    fn new(max_nodes: Option<u64>, time_limit: Option<f64>, seed: Option<u64>) -> PyResult<Self> {
        Ok(Self {
            inner: Solver::new().with_limits(limits(max_nodes, time_limit, seed)?),
        })
    }

    /// The node budget, or None.
    #[getter]
    fn max_nodes(&self) -> Option<u64> {
        self.inner.limits().max_nodes()
    }

    /// The time limit in seconds, or None.
    #[getter]
    fn time_limit(&self) -> Option<f64> {
        self.inner.limits().time_limit().map(|d| d.as_secs_f64())
    }

    /// The seed, or None.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.inner.limits().seed()
    }

    /// Solves `puzzle` (a `Puzzle` or text).
    fn solve(&mut self, py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<PyOutcome> {
        let puzzle = puzzle_arg(puzzle)?;
        let solver = &mut self.inner;
        let outcome = py.detach(|| solver.solve(&puzzle));
        Ok(match outcome {
            Outcome::Solved(solution) => PyOutcome {
                status: "solved",
                solution: Some(PyPuzzle::of(solution)),
            },
            Outcome::Unsolvable => PyOutcome {
                status: "unsolvable",
                solution: None,
            },
            _ => PyOutcome {
                status: "gave_up",
                solution: None,
            },
        })
    }

    /// Counts the solutions of `puzzle` (a `Puzzle` or text) up to `limit`.
    #[pyo3(signature = (puzzle, limit = 2))]
    fn count(
        &mut self,
        py: Python<'_>,
        puzzle: &Bound<'_, PyAny>,
        limit: usize,
    ) -> PyResult<PyCount> {
        let puzzle = puzzle_arg(puzzle)?;
        let solver = &mut self.inner;
        Ok(PyCount(py.detach(|| solver.count(&puzzle, limit))))
    }

    /// Up to `limit` solutions of `puzzle` (a `Puzzle` or text), fewer when
    /// it has fewer or the budget runs out.
    #[pyo3(signature = (puzzle, limit = 10))]
    fn solutions(
        &mut self,
        py: Python<'_>,
        puzzle: &Bound<'_, PyAny>,
        limit: usize,
    ) -> PyResult<Vec<PyPuzzle>> {
        let puzzle = puzzle_arg(puzzle)?;
        let solver = &mut self.inner;
        let found = py.detach(|| solver.solutions(&puzzle, limit));
        Ok(found.into_iter().map(PyPuzzle::of).collect())
    }

    /// What the last search did: `guesses`, `backtracks`, `propagations`,
    /// `solutions` and `restarts`.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.inner.stats();
        let dict = PyDict::new(py);
        dict.set_item("guesses", s.guesses)?;
        dict.set_item("backtracks", s.backtracks)?;
        dict.set_item("propagations", s.propagations)?;
        dict.set_item("solutions", s.solutions)?;
        dict.set_item("restarts", s.restarts)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        let l = self.inner.limits();
        format!(
            "Solver(max_nodes={}, time_limit={}, seed={})",
            opt(l.max_nodes()),
            opt(l.time_limit().map(|d| d.as_secs_f64())),
            opt(l.seed())
        )
    }
}

/// `value` as Python writes it, `None` for none.
fn opt<T: std::fmt::Display>(value: Option<T>) -> String {
    value.map_or_else(|| "None".to_string(), |v| v.to_string())
}

/// What a search found: `status` is `"solved"` (with `solution`),
/// `"unsolvable"` (no solution exists) or `"gave_up"` (the budget ran
/// out). True when solved.
#[pyclass(name = "Outcome", module = "ndoku", frozen)]
pub struct PyOutcome {
    /// "solved", "unsolvable" or "gave_up".
    #[pyo3(get)]
    status: &'static str,
    /// The solution, when solved.
    #[pyo3(get)]
    solution: Option<PyPuzzle>,
}

#[pymethods]
impl PyOutcome {
    /// Whether a solution was found.
    #[getter]
    fn solved(&self) -> bool {
        self.status == "solved"
    }

    /// Whether the search proved there is no solution.
    #[getter]
    fn unsolvable(&self) -> bool {
        self.status == "unsolvable"
    }

    /// Whether the budget ran out first.
    #[getter]
    fn gave_up(&self) -> bool {
        self.status == "gave_up"
    }

    fn __bool__(&self) -> bool {
        self.solved()
    }

    fn __repr__(&self) -> String {
        match &self.solution {
            Some(s) => format!("<Outcome solved: {}>", s.inner),
            None => format!("<Outcome {}>", self.status),
        }
    }
}

/// A count of solutions: `kind` is `"exact"` (the whole search space was
/// explored: exactly `found`), `"at_least"` (the count reached its limit)
/// or `"gave_up"` (the budget ran out after `found`). `int(count)` is
/// `found`; a count equals an int when it is exact or at least that.
#[pyclass(name = "Count", module = "ndoku", frozen)]
pub struct PyCount(pub Count);

#[pymethods]
impl PyCount {
    /// "exact", "at_least" or "gave_up".
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            Count::Exact(_) => "exact",
            Count::AtLeast(_) => "at_least",
            _ => "gave_up",
        }
    }

    /// The number of solutions found.
    #[getter]
    fn found(&self) -> usize {
        self.0.found()
    }

    /// Whether the search finished (exact, or at its limit).
    #[getter]
    fn is_complete(&self) -> bool {
        self.0.is_complete()
    }

    /// Whether the puzzle has exactly one solution.
    #[getter]
    fn is_unique(&self) -> bool {
        self.0 == Count::Exact(1)
    }

    fn __int__(&self) -> usize {
        self.0.found()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.cast::<PyCount>() {
            return other.get().0 == self.0;
        }
        match other.extract::<usize>() {
            Ok(k) => self.0.is_complete() && self.0.found() == k,
            Err(_) => false,
        }
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Count {} {}>", self.kind(), self.0.found())
    }
}
