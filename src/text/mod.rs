//! Puzzles as text: telling formats apart, reading and printing boards, f-puzzles JSON, ISS text and serde.
//!
//! [`read`] reads any of them, telling the format from the text.

pub(crate) mod any;
pub(crate) mod format;
#[cfg(feature = "fpuzzles")]
pub mod fpuzzles;
pub mod iss;
mod iss_constraints;
mod layout;
mod reader;
#[cfg(feature = "serde")]
mod serde_impl;
pub mod sniff;
pub use any::AnyBoard;
pub use reader::{ReadError, TextFormat, read};
