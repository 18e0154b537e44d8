//! ndoku solves N×N Sudoku: the classic 9×9, 16×16, 25×25 and on up to 400×400.
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
//!   budget and a time limit, statistics ([`Stats`]), [`Solver::solve`], [`Solver::count`] and
//!   [`Solver::count_and_solve`]. [`Board::solve`] and [`Board::count_solutions`]
//!   are shortcuts to it.
//! - [`Outcome`] and [`Count`] say how a search ended, including
//!   [`Outcome::GaveUp`] and [`Count::GaveUp`] when a budget or time limit ran out.
//! - [`AnyBoard`], [`Solver`] and [`Outcome<AnyBoard>`] do the same for boards whose
//!   size is only known from the input, such as lines of a puzzle file.
//! - [`ParseError`] and [`BoardError`] say what is wrong with text or a board,
//!   and where.
//! - [`Rules`] are variant rules as data: boxes of R×C cells, jigsaw regions,
//!   diagonals, windows, disjoint groups, extra regions, anti-knight and
//!   anti-king, killer cages; [`Puzzle`] is a puzzle under them and
//!   [`VariantSolver`] solves, counts and lists its solutions (see
//!   [Variant rules](#variant-rules)). With the `fpuzzles` feature,
//!   [`text::fpuzzles`] reads and writes the variant community's JSON and links.
//! - [`Logic`] finds human-style steps on a [`Candidates`] grid and rates
//!   puzzles on the Sudoku Explainer scale (see
//!   [Human-style logic](#human-style-logic)).
//! - [`Analysis`] gives a puzzle's [`TrueCandidates`] (the values some
//!   solution has in each cell) and [`CandidateCounts`] (solutions per
//!   candidate, up to a limit), within budgets (see
//!   [Analysis and generation by rating](#analysis-and-generation-by-rating)).
//! - [`Reference`] is the plain iterative backtracker of the puzzle literature,
//!   kept as the oracle the fast engine is tested against.
//! - [`Generator<BOX>`](Generator) makes puzzles with exactly one solution,
//!   minimal and symmetric by default, reproducibly from a seed, each with its
//!   solution and a [`Difficulty`]; [`Transform`] and the `Board` methods
//!   [`relabel`](Board::relabel), [`permute_rows`](Board::permute_rows) and
//!   [`transpose`](Board::transpose) (among others) make equivalent boards.
//!
//! The `examples/` directory of the repository shows each in a short program
//! (`cargo run --example NAME`): `solve_9x9`, `big_boards` (16×16 and 25×25),
//! `puzzle_tool` (uniqueness, counting, revealing a cell), `budget`, `batch` (one solver
//! for a file of puzzles), `generate` (times puzzles made from a seed),
//! `variants` (rules as data) and `huge_boards` (a 100×100 puzzle made and solved).
//!
//! # Sizes
//!
//! `BOX` runs from 2 to 8:
//!
//! | type | `BOX` | board | cells | values in the line format |
//! |---|---|---|---|---|
//! | [`Board4`]  | 2 | 4×4   | 16    | `1`-`4` |
//! | [`Board9`]  | 3 | 9×9   | 81    | `1`-`9` |
//! | [`Board16`] | 4 | 16×16 | 256   | `1`-`9`, `A`-`G` |
//! | [`Board25`] | 5 | 25×25 | 625   | `1`-`9`, `A`-`P` |
//! | [`Board36`] | 6 | 36×36 | 1,296 | `1`-`9`, `A`-`Z`, `a` |
//! | [`Board49`] | 7 | 49×49 | 2,401 | `1`-`9`, `A`-`Z`, `a`-`n` |
//! | [`Board64`] | 8 | 64×64 | 4,096 | none: the token format |
//!
//! Any other `BOX` fails to compile:
//!
//! ```compile_fail
//! let board = ndoku::Board::<9>::new(); // 81×81 is not supported
//! ```
//!
//! Every size has the same API. 9×9 has an engine of its own and solves in
//! microseconds; the larger the board, the more a search can cost, and from
//! 36×36 up a puzzle with few givens can take a search a long time: see
//! [Budgets](#budgets).
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
//!   Classic boards of any side up to 400×400 (past 64×64 too, with boxes of
//!   h×w as [`Rules::classic`] makes them) read into a [`Puzzle`] from tokens
//!   or grids with box rules: [`Puzzle::parse_classic`], [`Puzzle::parse_with`].
//! - **Hex** (16×16 only): `0`-`F` for 1-16, `.` for empty. See
//!   [`Board::from_hex`] and [`Board::to_hex`].
//!
//! [`FromStr`](std::str::FromStr) reads line, grid and token text, and what
//! `Display` prints reads back the same. Errors name what is wrong and where:
//!
//! ```
//! use ndoku::{Board4, ParseError};
//!
//! let board: Board4 = "1 2 | . .\n. . | . .\n----+----\n. . | . .\n. . | . 1".parse()?;
//! assert_eq!(board.to_string(), "12.............1");
//! assert_eq!(format!("{board:#}").parse::<Board4>()?, board);
//! assert_eq!(board.to_tokens().parse::<Board4>()?, board);
//!
//! let err = "12x4............".parse::<Board4>().unwrap_err();
//! assert_eq!(err, ParseError::InvalidChar { ch: 'x', row: 0, col: 2 });
//! assert_eq!(err.to_string(), "invalid character 'x' at row 1, column 3");
//! # Ok::<(), ParseError>(())
//! ```
//!
//! A parser reads one puzzle: a file of puzzles, with its comments and blank
//! lines, is for the caller to split (as the `batch` example does).
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
//! # Counting and uniqueness
//!
//! A proper puzzle has exactly one solution. [`Solver::count`] counts solutions
//! up to a limit, and a limit of 2 is all it takes to tell: [`Count::Exact`]`(1)`
//! is unique, [`Count::AtLeast`]`(2)` is not, [`Count::Exact`]`(0)` has no
//! solution. [`Solver::count_and_solve`] does the same search and also keeps
//! the first solution, so one search answers "is it unique, and what is the
//! solution?":
//!
//! ```
//! use ndoku::{Board9, Count, Solver};
//!
//! let puzzle: Board9 =
//!     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
//! let mut solver = Solver::new();
//! let (count, solution) = solver.count_and_solve(&puzzle, 2);
//! assert_eq!(count, Count::Exact(1));
//! let solution = solution.expect("a count of 1 comes with its solution");
//! // Reveal a cell: the value of the first empty one in the solution.
//! let first_empty = puzzle.iter().position(|cell| cell.is_none()).unwrap();
//! assert_eq!(solution.get_index(first_empty), Some(6));
//! // Without its first row, the puzzle has more than one solution.
//! let mut loose = puzzle.clone();
//! for col in 0..9 {
//!     loose.clear(0, col)?;
//! }
//! assert!(matches!(solver.count(&loose, 2), Count::AtLeast(2)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Board::count_solutions`] is the shortcut: `count_solutions(2) == 1` means
//! unique.
//!
//! # Budgets
//!
//! A search has no budget unless you give it one. That is right for puzzles you
//! made or trust, but a puzzle from outside can be hard on purpose, and a board
//! with few givens has astronomically many solutions to count (the empty 9×9
//! has about 6.7×10²¹). [`Solver::with_max_nodes`] bounds the number of guesses
//! a search may make; when they run out, the result says so instead of giving a
//! wrong answer: [`Outcome::GaveUp`] from [`Solver::solve`], and
//! [`Count::GaveUp`]`(found)` from [`Solver::count`] and
//! [`Solver::count_and_solve`], with the number of solutions found by then.
//! [`Solver::stats`] tells how many guesses the last search made, never more
//! than the budget. [`Solver::with_max_nodes`] sets the same budget for
//! every size.
//!
//! So counting every solution of the empty 9×9, `count(&empty, usize::MAX)`,
//! stops at the caller's budget:
//!
//! ```
//! use ndoku::{Board9, Count, Outcome, Solver};
//!
//! let mut solver = Solver::<3>::new().with_max_nodes(1_000);
//! let count = solver.count(&Board9::new(), usize::MAX);
//! assert!(matches!(count, Count::GaveUp(n) if n > 0));
//! assert!(solver.stats().guesses <= 1_000);
//!
//! // A board with one given cannot be solved without guessing.
//! let mut board = Board9::new();
//! board.set(4, 4, 5)?;
//! let outcome = Solver::new().with_max_nodes(0).solve(&board);
//! assert_eq!(outcome, Outcome::GaveUp);
//! # Ok::<(), ndoku::BoardError>(())
//! ```
//!
//! The budget counts guesses, not time; each guess costs more on a larger
//! board. Where time is what matters (a server answering within a second, an
//! editor that must stay responsive), [`Solver::with_time_limit`] stops a
//! search once it has run for a given [`Duration`](std::time::Duration), with
//! the same `GaveUp` results; unlike the budget, where it stops depends on the
//! machine. Both can be set, and the first reached stops the search. The
//! [`Board::solve`] and [`Board::count_solutions`] shortcuts have neither.
//!
//! # Variant rules
//!
//! A [`Rules`] value holds a layout (rows, columns, and boxes or irregular
//! regions, with any extra houses) and the constraints that are not houses.
//! Each rule works alone and with any other, and each is checked as it is
//! added:
//!
//! ```
//! use ndoku::{Count, Rules, Puzzle};
//! use ndoku::model::ChessRule;
//! use ndoku::engine::variant::VariantSolver;
//!
//! // A 6×6 jigsaw whose regions are given as a map, with anti-king and a
//! // killer cage of two cells summing to 11.
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
//! let mut solver = VariantSolver::new().with_max_nodes(100_000);
//! let (count, first) = solver.count_and_solve(&puzzle, 2);
//! assert_eq!(count, Count::AtLeast(2)); // far from unique: one given
//! let solution = first.expect("a count of two comes with a solution");
//! assert!(puzzle.is_completed_by(&solution));
//! println!("{solution:#}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Board<BOX>`](Board) and [`Solver<BOX>`](Solver) stay the typed API for
//! classic boards, with their own, faster engines; [`VariantSolver`] is the
//! run-time engine for everything else. With the `fpuzzles` feature,
//! [`text::fpuzzles::parse`] reads f-puzzles JSON, an `https://www.f-puzzles.com/?load=`
//! link, its bare `load` string, or a SudokuPad link that carries one, keeps
//! the keys that state no rule (drawings, tool settings) for
//! [`text::fpuzzles::FPuzzle::to_json`] to write back, and names any constraint it
//! does not support rather than pass it over; [`text::fpuzzles::to_json`] and
//! [`text::fpuzzles::to_link`] write them.
//!
//! # Human-style logic
//!
//! [`Logic`] walks Sudoku Explainer's technique ladder on any [`Rules`] up to
//! 64×64: singles, intersections, subsets, fish, two-link chains, wings,
//! (when the caller says the puzzle is unique) unique rectangles, loops and
//! BUG+1, then SE's chains: bidirectional cycles, forcing X-chains and
//! chains, nishio, cell and region forcing chains, and dynamic forcing
//! chains. Each [`Step`] carries its [`logic::Technique`], placements,
//! eliminations, what to highlight, and a line of plain English; a
//! [`Rating`] is the difficulty of the hardest step on SE's scale, or says
//! that the ladder got stuck.
//!
//! ```
//! use ndoku::{Logic, Rules, Puzzle};
//! use ndoku::logic::Candidates;
//!
//! // Two solutions: a solved grid with a deadly rectangle emptied.
//! let two = "310578402520134708487629531263415987974863125851792643138947256692351874745286319";
//! let hard = "700306001008000900320000074000060000050020040000908000246000397903000802000000000";
//! let cells = |s: &str| s.bytes().map(|b| u16::from(b - b'0')).collect::<Vec<u16>>();
//! let puzzle = Puzzle::from_cells(Rules::classic(9)?, &cells(hard))?;
//! let logic = Logic::new().assume_unique(true);
//! let rating = logic.rate(&puzzle)?;
//! assert_eq!(rating.er, Some(3.2)); // an X-Wing, as SE rates it
//! assert_eq!(rating.to_string(), "3.2 x-wing");
//!
//! let step = logic.next_step(&Candidates::from_variant(&puzzle)?).expect("a first step");
//! println!("{step}"); // "hidden single: 8 in box 3 has one place, R1C8"
//!
//! // Where no step of the ladder applies, no number is invented.
//! let stuck = Puzzle::from_cells(Rules::classic(9)?, &cells(two))?;
//! assert!(Logic::new().rate(&stuck)?.er.is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Analysis and generation by rating
//!
//! [`Analysis`] answers what tools ask of a puzzle beyond its solution:
//! which values each cell can still hold in some solution (true
//! candidates), and how many solutions have each one, up to a limit. Its
//! searches have a node budget and the analysis a time limit; what a
//! search gave up on is reported undecided, never guessed.
//! [`Generator::with_rating`] and [`Generator::with_technique`] (and the
//! same on [`VariantGenerator`]) keep generating until a puzzle rates in
//! an SE range or needs a technique, within the attempts allowed.
//!
//! ```
//! use ndoku::{Analysis, Count, Generator, Logic, Puzzle};
//! use ndoku::generate::RatingRange;
//!
//! let range: RatingRange = "3.0-4.0".parse()?;
//! let made = Generator::<3>::new(2).with_rating(range).generate()?;
//! let puzzle = Puzzle::from(&made.board);
//! let rating = Logic::new().assume_unique(true).rate(&puzzle)?;
//! assert!(range.contains(rating.tenths().expect("rated")));
//!
//! // Clear a given: the cell's true candidates are the values some
//! // solution puts there, the solution's among them.
//! let (row, col) = (0..81).map(|i| (i / 9, i % 9)).find(|&(r, c)| made.board.get(r, c).is_some()).unwrap();
//! let mut loose = puzzle.clone();
//! loose.set(row, col, 0)?;
//! let analysis = Analysis::new().with_max_nodes(100_000);
//! let truth = analysis.true_candidates(&loose);
//! let answer = u16::from(made.solution.get(row, col).unwrap());
//! assert!(truth.is_complete() && truth.get(row, col).contains(&answer));
//! let counts = analysis.candidate_counts(&loose, 100);
//! assert!(matches!(counts.get(row, col, answer), Count::Exact(n) | Count::AtLeast(n) if n >= 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! - `serde`: [`Serialize`](https://docs.rs/serde/1/serde/trait.Serialize.html)
//!   and `Deserialize` for [`Board`] and [`AnyBoard`]. In human-readable
//!   formats such as JSON a board is its line string (`{}`; tokens on 64×64),
//!   in binary formats its cells as bytes. Deserializing checks the board as
//!   parsing does, and bad data is an error that carries the [`ParseError`]
//!   message:
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! let board: ndoku::Board4 = serde_json::from_str(r#""1.3..4..........""#)?;
//! assert_eq!(board.givens(), 3);
//! assert_eq!(serde_json::to_string(&board)?, r#""1.3..4..........""#);
//! let err = serde_json::from_str::<ndoku::Board4>(r#""11..............""#).unwrap_err();
//! assert!(err.to_string().contains("conflicts"));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - `fpuzzles`: [`text::fpuzzles`], reading and writing f-puzzles JSON and links
//!   (serde_json, lz-str).
//! - `cli`: the `ndoku` command-line tool (see the README); the library needs
//!   none of its dependencies.
#![deny(missing_docs)]
// What a pure method returns is all it does: dropping it is a mistake.
#![warn(clippy::must_use_candidate, clippy::return_self_not_must_use)]

pub mod analysis;
mod any;
pub mod engine;
mod error;
pub mod generate;
pub mod logic;
pub mod model;
mod random;
pub mod text;

pub use analysis::Analysis;
pub use any::AnyBoard;
pub use engine::{Count, Limits, Outcome, Solver};
pub use error::{BoardError, ParseError, RulesError, Violation};
pub use generate::{GenerateError, Generated, Generator, Level, Symmetry};
pub use logic::{Hint, Logic, Rating, Step};
pub use model::{
    Board, Board4, Board9, Board16, Board25, Board36, Board49, Board64, Game, Puzzle, Rules,
};
