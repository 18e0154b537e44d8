//! ndoku solves N×N Sudoku: the classic 9×9, 16×16, 25×25 and on up to 64×64.
//!
//! ```
//! use ndoku::Board9;
//!
//! let puzzle: Board9 =
//!     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
//! let solution = puzzle.solve().expect("this puzzle has a solution");
//! assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
//! assert_eq!(puzzle.count_solutions(2), 1); // unique
//! println!("{solution}");   // one line
//! println!("{solution:#}"); // a grid with box rules
//! # Ok::<(), ndoku::ParseError>(())
//! ```
//!
//! # Overview
//!
//! - [`Board<BOX>`](Board) is a board with boxes of `BOX`×`BOX` cells, `N = BOX*BOX`
//!   on a side: [`Board4`], [`Board9`], [`Board16`], [`Board25`], [`Board36`],
//!   [`Board49`], [`Board64`]. It never holds a repeated value in a house; building
//!   or changing one checks that and returns a [`BoardError`]. It knows nothing of
//!   solving.
//! - [`Solver<BOX>`](Solver) is the fast engine: reusable scratch space, a node
//!   budget, statistics, [`Solver::solve`] and [`Solver::count`].
//!   [`Board::solve`] and [`Board::count_solutions`] are shortcuts to it.
//! - [`Reference`] is the plain iterative backtracker of the puzzle literature,
//!   kept as the oracle the fast engine is tested against.
//! - [`Outcome`] and [`Count`] say how a search ended, including
//!   [`Outcome::GaveUp`] when a budget ran out.
//! - [`Generator<BOX>`](Generator) makes puzzles with exactly one solution,
//!   minimal and symmetric by default, reproducibly from a seed, each with its
//!   solution and a [`Difficulty`]; [`Transform`] and the `Board` methods
//!   [`relabel`](Board::relabel), [`permute_rows`](Board::permute_rows) and
//!   [`transpose`](Board::transpose) (among others) make equivalent boards.
//!
//! # Sizes
//!
//! `BOX` runs from 2 to 8. Any other value fails to compile:
//!
//! ```compile_fail
//! let board = ndoku::Board::<9>::new(); // 81×81 is not supported
//! ```
//!
//! # Formats
//!
//! - **Line**: all cells on one line, row-major. Values are `1`-`9`, then `A`=10 …
//!   `Z`=35 (either case up to 35×35), then `a`-`z` for 36-61 on larger boards;
//!   `.`, `_` and `0` are empty. `{}` prints it.
//! - **Grid**: N rows with any spacing and optional `|`, `+`, `-` box rules.
//!   `{:#}` prints it.
//! - **Tokens**: numbers separated by white space or commas, `0` or `.` for
//!   empty; every size, including 64×64, where `{}` prints it since single
//!   characters run out. See [`Board::from_tokens`] and [`Board::to_tokens`].
//! - **Hex** (16×16 only): `0`-`F` for 1-16, `.` for empty. See
//!   [`Board::from_hex`] and [`Board::to_hex`].
//!
//! [`FromStr`](std::str::FromStr) reads line, grid and token text. Errors name
//! what is wrong and where:
//!
//! ```
//! use ndoku::{Board4, ParseError};
//!
//! let err = "12x4............".parse::<Board4>().unwrap_err();
//! assert_eq!(err, ParseError::InvalidChar { ch: 'x', row: 0, col: 2 });
//! assert_eq!(err.to_string(), "invalid character 'x' at row 1, column 3");
//! ```
//!
//! # Generating puzzles
//!
//! ```
//! use ndoku::{Generator, Symmetry};
//!
//! let puzzle = Generator::<3>::new(7).with_symmetry(Symmetry::Rotate180).generate()?;
//! assert_eq!(puzzle.board.count_solutions(2), 1);
//! println!("{}\t{}\t{:?}", puzzle.board, puzzle.solution, puzzle.difficulty.level());
//! # Ok::<(), ndoku::GenerateError>(())
//! ```
//!
//! # Counting, uniqueness and budgets
//!
//! `count_solutions(2) == 1` means a puzzle is unique. Searches have no budget
//! unless you give one; [`Solver::with_max_nodes`] bounds the number of guesses,
//! and the result then says [`Outcome::GaveUp`] or [`Count::GaveUp`] rather than
//! a wrong answer:
//!
//! ```
//! use ndoku::{Board9, Count, Solver};
//!
//! let mut solver = Solver::<3>::new().with_max_nodes(1_000);
//! let count = solver.count(&Board9::new(), usize::MAX);
//! assert!(matches!(count, Count::GaveUp(n) if n > 0));
//! ```
#![deny(missing_docs)]

mod any;
mod board;
mod engine;
mod error;
mod format;
mod generate;
mod outcome;
mod reference;
mod transform;

pub use any::{AnyBoard, AnyOutcome, AnySolver};
pub use board::{Board, Board4, Board9, Board16, Board25, Board36, Board49, Board64};
pub use engine::{Engine, Solver, Stats};
pub use error::{BoardError, House, ParseError};
pub use generate::{Difficulty, GenerateError, Generator, Level, Puzzle, Symmetry, Technique};
pub use outcome::{Count, Outcome};
pub use reference::Reference;
pub use transform::{Transform, TransformError};
