//! The library's integration tests, one test binary: each module was once a
//! file of its own under `tests/`. One binary links once rather than once
//! per file, which is most of the time a build of the tests takes.
//!
//! The `#[ignore]`d tests (the slow sets and the `..._in_full` twins) run in
//! release under `.ci/run`: `cargo test --profile ci --features cli --test api
//! -- --ignored`.
//!
//! proptest keeps the failures it has seen in `tests/proptest-regressions/`,
//! one `MODULE.txt` each: its default place for a module of a test binary
//! with a `main.rs` (a sibling of the binary's directory).

mod architecture;
mod big;
#[macro_use]
mod common;

mod analysis;
mod big_boards;
mod big_formats;
mod board;
mod branching;
mod candidates_classic;
mod differential;
#[cfg(feature = "fpuzzles")]
mod fpuzzles_hostile;
mod front_door;
mod game;
mod generate;
mod generate_drawn;
mod generate_killer;
mod generate_rated;
mod hostile;
mod iss_from_zero;
mod iss_more_types;
mod learning;
mod learning_cages;
mod logic;
#[cfg(feature = "fpuzzles")]
mod logic_cages;
mod logic_from_zero;
mod logic_iss;
mod logic_lines;
mod logic_pairs;
mod papercuts_logic;
mod props;
mod same_values;
mod sample_solutions;
#[cfg(feature = "serde")]
mod serde;
mod shared_data;
mod solve;
#[cfg(feature = "sudokupad")]
mod sudokupad;
mod values;
mod variants;
mod vocab;
mod vocab_sums;
