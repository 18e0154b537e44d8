//! ndoku solves N×N Sudoku and its variants: the classic 9×9 in microseconds,
//! 16×16, 25×25 and on up to 400×400, and run-time rules (boxes of R×C cells,
//! jigsaw, X, Windoku, extra regions, anti-knight and anti-king, killer cages,
//! and the modern variant vocabulary of [`model::Constraint`]: arrows,
//! thermometers, Kropki dots, XV, little killers, sandwiches, lines and more).
//!
//! ```
//! use ndoku::{Count, Outcome, Puzzle, Solver};
//!
//! let puzzle: Puzzle =
//!     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
//! let mut solver = Solver::new().with_max_nodes(1_000_000);
//! match solver.solve(&puzzle) {
//!     Outcome::Solved(solution) => {
//!         assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
//!         println!("{solution:#}"); // a grid; `{solution}` is one line
//!     }
//!     Outcome::Unsolvable => println!("no solution"),
//!     _ => println!("gave up: over the node budget"),
//! }
//! assert_eq!(solver.count(&puzzle, 2), Count::Exact(1)); // unique
//! # Ok::<(), ndoku::ParseError>(())
//! ```
//!
//! # One way in for each concept
//!
//! - **A puzzle** is a [`Puzzle`]: [`Rules`] (any size, any rules) and a value
//!   or nothing in each cell. `str::parse` reads classic line, grid and token
//!   text of any size; [`text::fpuzzles`] reads and writes f-puzzles JSON and links
//!   (feature `fpuzzles`), [`text::iss`] the Interactive Sudoku Solver's
//!   text, and [`text::read`] takes any of them. The typed, const-generic [`Board<BOX>`](Board)
//!   ([`Board9`], [`Board16`], …) is one conversion away:
//!   `Board9::try_from(&puzzle)` and `Puzzle::from(&board)`.
//! - **The solver** is [`Solver`]. It sends each puzzle to the fastest engine
//!   that can take it: the 9×9 engine for classic 9×9, the classic engine for
//!   square boxes up to 64×64, the run-time engine for everything else
//!   ([`engine::Route`]). It takes a `Puzzle`, a `Board<BOX>` or an
//!   [`AnyBoard`], and answers in the same type.
//! - **The answer** is an [`Outcome<T>`](Outcome) (solved, unsolvable, or
//!   gave up) or a [`Count`]; every search runs under the same [`Limits`]: a
//!   node budget, a time limit and a seed.
//! - **Human-style logic** is [`Logic`]: Sudoku Explainer's ladder of
//!   techniques on any rules, each [`Step`] explained, [`Hint`]s for a
//!   [`Game`] in progress, and [`Rating`]s on SE's scale. A `Game` keeps a
//!   player's entries, pencil marks (any size) and undo; its hints come in
//!   three [`HintLevel`]s: where to look, which technique, the move
//!   (`examples/game.rs`).
//! - **Generation** is [`Generator`] (typed classic boards) and
//!   [`generate::VariantGenerator`] (any rules), by [`Symmetry`], [`Level`]
//!   or SE rating.
//! - **Analysis** ([`Analysis`]): true candidates and solutions per candidate.
//!
//! The engines stay public in their own modules for those who want one:
//! [`engine::classic::Solver`] and [`engine::variant::VariantSolver`], with
//! [`engine::Reference`], the plain backtracker they are tested against.
//!
//! | module | what is in it |
//! |---|---|
//! | [`model`] | the puzzle as data: [`Rules`], [`model::Geometry`], houses, cages, [`Board`], [`Puzzle`], [`Game`], [`model::Transform`] |
//! | [`text`] | formats: [`text::sniff`], [`text::fpuzzles`], serde |
//! | [`engine`] | [`Solver`], the three engines, [`Limits`], [`engine::Stats`], [`Outcome`], [`Count`] |
//! | [`logic`] | steps, hints, ratings, [`logic::Technique`], [`logic::Candidates`] |
//! | [`generate`] | [`Generator`], [`generate::VariantGenerator`], levels, grades and rating goals |
//! | [`analysis`] | [`Analysis`], [`analysis::TrueCandidates`], [`analysis::CandidateCounts`] |
//!
//! # Limits
//!
//! A search has no limit unless you give it one. For puzzles from outside, set
//! a node budget or a time limit: when one runs out the answer says so
//! ([`Outcome::GaveUp`], [`Count::GaveUp`]) instead of being wrong.
//!
//! ```
//! use ndoku::{Board9, Count, Solver};
//!
//! let mut solver = Solver::new().with_max_nodes(1_000);
//! // The empty 9×9 has about 6.7×10²¹ solutions: the budget stops the count.
//! let count = solver.count(&Board9::new(), usize::MAX);
//! assert!(matches!(count, Count::GaveUp(n) if n > 0));
//! assert!(solver.stats().guesses <= 1_000);
//! ```
//!
//! # Variant rules
//!
//! Each rule works alone and with any other, and each is checked as it is
//! added. A puzzle whose rules go beyond a classic board goes to the run-time
//! engine:
//!
//! ```
//! use ndoku::model::ChessRule;
//! use ndoku::{Count, Puzzle, Rules, Solver};
//!
//! // A 6×6 jigsaw with anti-king and a killer cage of two cells summing to 11.
//! let map = [
//!     0, 0, 0, 1, 1, 1,
//!     0, 0, 2, 2, 1, 1,
//!     0, 2, 2, 2, 2, 1,
//!     4, 4, 5, 5, 3, 3,
//!     4, 4, 5, 5, 3, 3,
//!     4, 4, 5, 5, 3, 3,
//! ];
//! let rules = Rules::jigsaw(6, &map)?
//!     .with_chess(ChessRule::AntiKing)
//!     .with_cage(&[(5, 4), (5, 5)], Some(11))?;
//! let mut puzzle = Puzzle::new(rules);
//! puzzle.set(0, 0, 1)?;
//! let (count, first) = Solver::new().with_max_nodes(100_000).count_and_solve(&puzzle, 2);
//! assert_eq!(count, Count::AtLeast(2)); // far from unique: one given
//! assert!(puzzle.is_completed_by(&first.expect("a count of two comes with a solution")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Human-style logic and ratings
//!
//! ```
//! use ndoku::{Logic, Puzzle};
//!
//! let puzzle: Puzzle =
//!     "700306001008000900320000074000060000050020040000908000246000397903000802000000000".parse()?;
//! let rating = Logic::new().assume_unique(true).rate(&puzzle)?;
//! assert_eq!(rating.to_string(), "3.2 x-wing"); // as Sudoku Explainer rates it
//!
//! // A game names its cells with `model::Cell`, as steps and hints do.
//! use ndoku::model::Cell;
//! use ndoku::{Game, Hint, HintLevel};
//!
//! let mut game = Game::new(puzzle);
//! game.enter("R1C2".parse()?, 7)?; // R1C1 holds 7: a conflict, and a mistake
//! assert_eq!(game.conflicts(), [(Cell::new(0, 0), Cell::new(0, 1))]);
//! let hint = Logic::new().hint(&game)?;
//! assert_eq!(hint.describe(HintLevel::Move), "1 wrong entry: R1C2");
//! game.undo();
//! if let Hint::Step(step) = Logic::new().hint(&game)? {
//!     let houses: Vec<String> = step.highlight.houses().map(|h| h.to_string()).collect();
//!     println!("{} in {}", step.technique, houses.join(", "));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Generating puzzles
//!
//! ```
//! use ndoku::{Generator, Solver, Symmetry};
//!
//! let made = Generator::<3>::new(7).with_symmetry(Symmetry::Rotate180).generate()?;
//! assert_eq!(Solver::new().count(&made.board, 2), ndoku::Count::Exact(1));
//! println!("{}\t{}\t{:?}", made.board, made.solution, made.difficulty.level());
//! # Ok::<(), ndoku::GenerateError>(())
//! ```
//!
//! # Errors
//!
//! [`ParseError`], [`BoardError`], [`RulesError`] and [`Violation`] name what
//! is wrong and where, 1-based and in lower case:
//!
//! ```
//! let err = "12x4............".parse::<ndoku::Board4>().unwrap_err();
//! assert_eq!(err.to_string(), "invalid character 'x' at row 1, column 3");
//! ```
//!
//! # Features
//!
//! - `fpuzzles`: [`text::fpuzzles`], f-puzzles JSON and links (serde_json, lz-str).
//! - `serde`: `Serialize` and `Deserialize` for boards, puzzles, rules,
//!   outcomes, counts and limits; see the repository's `docs/formats.md`.
//! - `rayon`: `Generator::par_batch`.
//! - `cli`: the `ndoku` command-line tool; the library needs none of its
//!   dependencies.
#![deny(missing_docs)]
#![forbid(unsafe_code)]
// What a pure method returns is all it does: dropping it is a mistake.
#![warn(clippy::must_use_candidate, clippy::return_self_not_must_use)]

pub mod analysis;

pub mod engine;
mod error;
pub mod generate;
pub mod logic;
pub mod model;
mod random;
mod sort;
pub mod text;

pub use analysis::Analysis;
pub use engine::{Count, Limits, Outcome, Solver};
pub use error::{BoardError, ParseError, RulesError, Violation};
pub use generate::{GenerateError, Generated, Generator, Level, Symmetry};
pub use logic::{Hint, HintLevel, Logic, Rating, Step};
pub use model::{
    Board, Board4, Board9, Board16, Board25, Board36, Board49, Board64, Constraint, Game, Puzzle,
    Rules,
};
pub use text::AnyBoard;
