//! The search engines: the 9×9 engine, the classic engine for square boxes, and the run-time engine for any rules.
//!
//! All three are explicit-stack iterative backtrackers and share how a search
//! is bounded ([`limits`](self)), counted ([`Stats`]) and ends ([`Outcome`],
//! [`Count`]).

pub(crate) mod classic;
mod limits;
mod nine;
mod noise;
pub(crate) mod outcome;
mod stats;
pub(crate) mod variant;

pub(crate) use classic::Preset;
pub use classic::{Engine, Solver};
pub use stats::Stats;
pub use variant::VariantSolver;
