//! ndoku's errors as Python exceptions: a failure kept as data off the GIL, raised as `ndoku.*Error`.

use std::fmt;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyType;

/// The Python exception class a failure is raised as (defined in
/// `ndoku/_errors.py`, so that a class can derive from both `NdokuError` and
/// `ValueError`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `ParseError(NdokuError, ValueError)`: text that does not read.
    Parse,
    /// `RulesError(NdokuError, ValueError)`: rules that cannot hold, givens that break one.
    Rules,
    /// `GameError(NdokuError, ValueError)`: a move a game cannot take.
    Game,
    /// `LogicError(NdokuError)`: logic cannot work on the puzzle.
    Logic,
    /// `GenerateError(NdokuError)`: no puzzle as asked.
    Generate,
    /// `GaveUpError(NdokuError)`: a budget ran out.
    GaveUp,
}

impl Kind {
    /// The class's name in `ndoku._errors`.
    fn class(self) -> &'static str {
        match self {
            Kind::Parse => "ParseError",
            Kind::Rules => "RulesError",
            Kind::Game => "GameError",
            Kind::Logic => "LogicError",
            Kind::Generate => "GenerateError",
            Kind::GaveUp => "GaveUpError",
        }
    }
}

/// A failure with ndoku's message, made without the GIL (in a batch's
/// worker threads) and raised, or returned in a batch's results, with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The exception class.
    pub kind: Kind,
    /// ndoku's message.
    pub message: String,
}

impl Failure {
    /// A failure of `kind` saying `message`.
    pub fn new(kind: Kind, message: impl fmt::Display) -> Self {
        Self {
            kind,
            message: message.to_string(),
        }
    }

    /// The exception, as a Python error.
    pub fn into_err(self, py: Python<'_>) -> PyErr {
        let class = py
            .import("ndoku._errors")
            .and_then(|m| m.getattr(self.kind.class()));
        match class.map(|c| c.cast_into::<PyType>()) {
            Ok(Ok(class)) => PyErr::from_type(class, self.message),
            _ => PyRuntimeError::new_err(self.message),
        }
    }

    /// The exception object itself, for a batch's results.
    pub fn into_object(self, py: Python<'_>) -> Py<PyAny> {
        self.into_err(py).into_value(py).into_any()
    }
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> Self {
        Python::attach(|py| failure.into_err(py))
    }
}

/// `impl From<$error> for Failure` as `$kind`.
macro_rules! failures {
    ($($error:ty => $kind:ident),* $(,)?) => {
        $(impl From<$error> for Failure {
            fn from(e: $error) -> Self {
                Failure::new(Kind::$kind, e)
            }
        })*
    };
}

failures! {
    ndoku::ParseError => Parse,
    ndoku::text::fpuzzles::FpuzzlesError => Parse,
    ndoku::generate::UnknownName => Parse,
    ndoku::generate::RatingRangeError => Parse,
    ndoku::RulesError => Rules,
    ndoku::BoardError => Rules,
    ndoku::Violation => Rules,
    ndoku::model::GameError => Game,
    ndoku::logic::LogicError => Logic,
    ndoku::GenerateError => Generate,
}
