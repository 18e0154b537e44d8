//! Makes and solves a 100×100 puzzle (boxes of 10×10) with the run-time
//! rules: `Rules::classic(n)` takes any side up to 400, and `VariantSolver`
//! solves and counts it. The puzzle comes from `VariantGenerator` at the
//! easy level, which singles solve.
//!
//! ```text
//! cargo run --release --example huge_boards
//! ```

use std::time::Instant;

use ndoku::engine::variant::VariantSolver;
use ndoku::generate::VariantGenerator;
use ndoku::{Count, Level, Rules};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rules = Rules::classic(100)?;
    let start = Instant::now();
    let made = VariantGenerator::new(rules, 2026)
        .with_level(Level::Easy)
        .generate()?;
    let n = made.puzzle.size();
    println!(
        "made a {n}x{n} puzzle with {} givens of {} in {:.2?}",
        made.puzzle.givens(),
        n * n,
        start.elapsed()
    );
    // Above 61 values a board prints as numbers; `{:#}` prints a row a line.
    let first_row: Vec<String> = made.puzzle.cells()[..12]
        .iter()
        .map(u16::to_string)
        .collect();
    println!("its first row begins {} ...", first_row.join(" "));

    let start = Instant::now();
    let mut solver = VariantSolver::new();
    let (count, solution) = solver.count_and_solve(&made.puzzle, 2);
    let solution = solution.ok_or("a generated puzzle has a solution")?;
    assert!(made.puzzle.is_completed_by(&solution));
    assert_eq!(count, Count::Exact(1));
    println!(
        "solved and proven unique in {:.2?}, {} guesses",
        start.elapsed(),
        solver.stats().guesses
    );
    Ok(())
}
