//! Variant rules at run time: an X-Sudoku on a 6×6 board with boxes of 2×3,
//! a killer made from one of its grids, and the same killer read back from
//! the f-puzzles JSON the variant community exchanges.
//!
//! ```text
//! cargo run --example variants --features fpuzzles
//! ```

use ndoku::engine::variant::VariantSolver;
use ndoku::text::fpuzzles;
use ndoku::{Count, Puzzle, Rules};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Rules are data: boxes of 2×3, and both main diagonals as houses.
    let x = Rules::boxes(2, 3)?.with_diagonals();
    let mut solver = VariantSolver::new().with_max_nodes(100_000);
    let grid = solver
        .solve(&Puzzle::new(x.clone()))
        .solution()
        .ok_or("an empty X-Sudoku has a grid")?;
    println!("an X-Sudoku grid:\n{grid:#}\n");

    // A killer on the same rules: cages of two cells side by side, each
    // summing to what the grid holds there, and no givens.
    let mut killer = x;
    for row in 0..6 {
        for col in (0..6).step_by(2) {
            let sum = grid.cells()[row * 6 + col] + grid.cells()[row * 6 + col + 1];
            killer = killer.with_cage(&[(row, col), (row, col + 1)], Some(u64::from(sum)))?;
        }
    }
    let puzzle = Puzzle::new(killer);
    let (count, first) = solver.count_and_solve(&puzzle, 2);
    let first = first.ok_or("the grid itself solves it")?;
    assert!(puzzle.is_completed_by(&first));
    match count {
        Count::Exact(1) => println!("the killer is unique: {first}"),
        Count::AtLeast(_) => println!("the killer has more than one solution, {first} among them"),
        other => println!("the killer: {other}"),
    }

    // As f-puzzles JSON, and back.
    let json = fpuzzles::to_json(&puzzle);
    let read = fpuzzles::parse(&json)?;
    assert_eq!(read.puzzle, puzzle);
    println!(
        "as f-puzzles JSON: {} bytes, read back the same",
        json.len()
    );

    // Bad input is an error that names the place.
    let err = Rules::boxes(2, 3)?
        .with_cage(&[(0, 0), (0, 6)], Some(3))
        .unwrap_err();
    println!("a cage off the board: {err}");
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {
        super::main().expect("the example runs");
    }
}
