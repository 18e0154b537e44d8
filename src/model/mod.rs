//! The puzzle as data: geometry, rules, boards, puzzles under rules, games in progress and transforms.
//!
//! Nothing here knows about solving. The types a newcomer needs first
//! ([`Puzzle`], [`Rules`], [`Board`]) are also at the crate root.
//!
//! Beyond houses, chess rules and cages, [`Rules::with_constraint`] takes
//! the variant vocabulary as [`Constraint`]s (each listed, with its rule and
//! an f-puzzles example, in [`Constraint`]'s docs):
//!
//! | Family | Constraints | The engine holds them as |
//! |---|---|---|
//! | pairs | [`Relation`](Constraint::Relation), Kropki dots ([`Difference`](Constraint::Difference), [`Ratio`](Constraint::Ratio)), [`Xv`](Constraint::Xv), [`GreaterThan`](Constraint::GreaterThan), [`Minimum`](Constraint::Minimum), [`Maximum`](Constraint::Maximum) | tables of supports |
//! | lines of pairs | [`Thermometer`](Constraint::Thermometer), [`Whisper`](Constraint::Whisper), [`Palindrome`](Constraint::Palindrome), [`Renban`](Constraint::Renban), [`Entropic`](Constraint::Entropic), [`Modular`](Constraint::Modular), [`Clones`](Constraint::Clones) | chains and pair tables |
//! | sums | [`Arrow`](Constraint::Arrow), [`DoubleArrow`](Constraint::DoubleArrow), [`LittleKiller`](Constraint::LittleKiller), [`Sum`](Constraint::Sum), [`Zipper`](Constraint::Zipper), [`RegionSumLine`](Constraint::RegionSumLine) | weighted sums |
//! | n-ary | [`Sandwich`](Constraint::Sandwich), [`XSum`](Constraint::XSum), [`Skyscraper`](Constraint::Skyscraper), [`Between`](Constraint::Between), [`Lockout`](Constraint::Lockout), [`Quadruple`](Constraint::Quadruple), [`SumLine`](Constraint::SumLine), [`Lunchbox`](Constraint::Lunchbox), [`CountingCircles`](Constraint::CountingCircles), [`LookAndSay`](Constraint::LookAndSay), [`SameValues`](Constraint::SameValues) | their own rules |
//! | indexing | [`Indexing`](Constraint::Indexing) | a pair table from each indexing cell to each cell of its row or column |
//! | cells | [`Odd`](Constraint::Odd), [`Even`](Constraint::Even), [`Candidates`](Constraint::Candidates) | domains |
//! | global | [`Nonconsecutive`](Constraint::Nonconsecutive), [`Negative`](Constraint::Negative) (white, black, XV) | a pair on each orthogonal pair |

pub(crate) mod board;
pub(crate) mod cell;
pub(crate) mod constraint;
pub(crate) mod counting;
pub(crate) mod game;
pub(crate) mod geometry;
pub(crate) mod lower;
pub(crate) mod puzzle;
pub(crate) mod rules;
pub(crate) mod transform;
pub(crate) mod values;
pub(crate) mod verify;

pub use crate::error::House;
pub use board::{Board, Board4, Board9, Board16, Board25, Board36, Board49, Board64};
pub use cell::{Cell, CellNameError};
pub use constraint::{Constraint, Diagonal, NegativeRule, Outside};
pub use game::{Game, GameError};
pub use geometry::{Geometry, HouseCells, HouseName, HouseNameError, Intersection, Membership};
pub use puzzle::Puzzle;
pub use rules::{Cage, ChessRule, Rules};
pub use transform::{Transform, TransformError};
pub use values::{Values, ValuesIter};
