//! The puzzle as data: geometry, rules, boards, puzzles under rules, games in progress and transforms.
//!
//! Nothing here knows about solving. The types a newcomer needs first
//! ([`Puzzle`], [`Rules`], [`Board`]) are also at the crate root.

pub(crate) mod board;
pub(crate) mod constraint;
pub(crate) mod game;
pub(crate) mod geometry;
pub(crate) mod lower;
pub(crate) mod puzzle;
pub(crate) mod rules;
pub(crate) mod transform;
pub(crate) mod verify;

pub use crate::error::House;
pub use board::{Board, Board4, Board9, Board16, Board25, Board36, Board49, Board64};
pub use constraint::{Constraint, Diagonal, NegativeRule, Outside};
pub use game::{Game, GameError};
pub use geometry::{Geometry, HouseCells, Intersection, Membership};
pub use puzzle::Puzzle;
pub use rules::{Cage, ChessRule, Rules};
pub use transform::{Transform, TransformError};
