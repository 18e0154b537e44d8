//! End-to-end tests of the `ndoku` binary, one test binary: each module was
//! once a file of its own under `tests/`. They run the binary cargo built
//! beside them (`CARGO_BIN_EXE_ndoku`), so they need the `cli` feature.

#[path = "../api/big.rs"]
mod big;
mod run;

mod cli;
mod cli_big;
mod cli_generate;
mod cli_generate_rated;
mod cli_generate_variants;
mod cli_iss;
mod cli_logic;
mod cli_variants;
mod hints;
mod papercuts_generate;
mod papercuts_input;
mod papercuts_logic;
