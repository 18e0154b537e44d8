//! The search engines: the 9×9 engine, the classic engine for square boxes, and the run-time engine for any rules.
//!
//! [`Solver`] is the front: it sends each puzzle to the fastest engine that
//! can take it ([`Route`]). The engines stay public for those who want one:
//! [`classic::Solver`] (typed boards with square boxes, the 9×9 engine
//! inside) and [`variant::VariantSolver`] (any rules). All three are
//! explicit-stack iterative backtrackers and share how a search is bounded
//! ([`Limits`]), counted ([`Stats`]) and ends ([`Outcome`], [`Count`]).

pub mod classic;
mod limits;
mod nine;
mod noise;
pub(crate) mod outcome;
mod reference;
mod solver;
mod stats;
pub mod variant;

pub(crate) use classic::Preset;
pub use limits::Limits;
pub use outcome::{Count, Outcome};
pub use reference::Reference;
pub use solver::{LineAnswer, Route, Solvable, Solver};
pub use stats::Stats;
