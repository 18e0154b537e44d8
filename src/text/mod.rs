//! Puzzles as text: telling formats apart, reading and printing boards, f-puzzles JSON and serde.

pub(crate) mod any;
pub(crate) mod format;
#[cfg(feature = "fpuzzles")]
pub mod fpuzzles;
pub mod iss;
mod layout;
#[cfg(feature = "serde")]
mod serde_impl;
pub mod sniff;
pub use any::AnyBoard;
