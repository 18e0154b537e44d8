//! The puzzle as data: geometry, rules, boards, puzzles under rules, games in progress and transforms.
//!
//! Nothing here knows about solving.

pub(crate) mod board;
pub(crate) mod game;
pub(crate) mod geometry;
pub(crate) mod rules;
pub(crate) mod transform;
pub(crate) mod variant;
