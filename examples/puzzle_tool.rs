//! What a puzzle app does with a puzzle a player typed in: check that it has
//! exactly one solution, count the solutions of a puzzle that has several, and
//! reveal one cell (its value, taken from the solution). This is not a hint
//! with a reason: ndoku has no human-style logic yet.
//!
//! ```text
//! cargo run --example puzzle_tool
//! ```

use ndoku::{Board9, Count, Solver};

/// A puzzle with one solution.
const UNIQUE: &str =
    "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..";

/// What a puzzle is, for a player.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    /// Exactly one solution: a proper puzzle.
    Unique(Board9),
    /// Two solutions or more: some cell can be filled either way.
    Several,
    /// No solution at all.
    NoSolution,
}

/// One search answers both "is it unique?" and "what is the solution?":
/// `count_and_solve` with limit 2 stops at the second solution.
fn check(solver: &mut Solver, puzzle: &Board9) -> Verdict {
    match solver.count_and_solve(puzzle, 2) {
        (Count::Exact(1), Some(solution)) => Verdict::Unique(solution),
        (Count::Exact(0), _) => Verdict::NoSolution,
        // `AtLeast(2)`; `GaveUp` cannot happen: this solver has no budget.
        _ => Verdict::Several,
    }
}

/// The first empty cell revealed, as (row, column, value), 0-based.
fn reveal(puzzle: &Board9, solution: &Board9) -> Option<(usize, usize, u8)> {
    let index = puzzle.iter().position(|cell| cell.is_none())?;
    let value = solution.get_index(index)?;
    Some((index / 9, index % 9, value))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut solver = Solver::new();
    let puzzle: Board9 = UNIQUE.parse()?;
    match check(&mut solver, &puzzle) {
        Verdict::Unique(solution) => {
            println!("unique puzzle, {} givens", puzzle.givens());
            if let Some((row, col, value)) = reveal(&puzzle, &solution) {
                // People count rows and columns from 1.
                println!("revealed: row {}, column {} is {value}", row + 1, col + 1);
            }
        }
        other => println!("not a proper puzzle: {other:?}"),
    }

    // Take away givens, and the puzzle is no longer unique: count how many
    // solutions it has, up to a limit so that the count stays quick.
    let mut loose = puzzle.clone();
    for col in 0..9 {
        loose.clear(0, col)?;
        loose.clear(1, col)?;
    }
    println!(
        "with rows 1 and 2 emptied: {:?}",
        check(&mut solver, &loose)
    );
    match solver.count(&loose, 1_000) {
        Count::Exact(n) => println!("it has exactly {n} solutions"),
        Count::AtLeast(n) => println!("it has at least {n} solutions"),
        other => println!("count stopped early: {other:?}"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_puzzle_reveals_a_correct_cell() {
        let puzzle: Board9 = UNIQUE.parse().unwrap();
        let Verdict::Unique(solution) = check(&mut Solver::new(), &puzzle) else {
            panic!("the puzzle is unique");
        };
        assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
        // The first empty cell is row 1, column 3, and the solution has 6 there.
        assert_eq!(reveal(&puzzle, &solution), Some((0, 2, 6)));
        let mut revealed = puzzle.clone();
        revealed.set(0, 2, 6).unwrap();
        assert!(revealed.is_completed_by(&solution));
        assert_eq!(reveal(&solution, &solution), None);
    }

    #[test]
    fn several_and_none_are_told_apart() {
        let mut solver = Solver::new();
        assert_eq!(check(&mut solver, &Board9::new()), Verdict::Several);
        let none: Board9 =
            "3.65.84..52........87....31..3....2.9..8....5.5....6..13....25........74..52.63.."
                .parse()
                .unwrap();
        assert_eq!(check(&mut solver, &none), Verdict::NoSolution);
        // Rows 1 and 2 emptied: the empty cells of two rows of one band.
        let mut loose: Board9 = UNIQUE.parse().unwrap();
        for col in 0..9 {
            loose.clear(0, col).unwrap();
            loose.clear(1, col).unwrap();
        }
        let count = solver.count(&loose, 1_000);
        assert!(matches!(count, Count::Exact(n) if n >= 2), "{count:?}");
        // The plain backtracker of the crate agrees.
        assert_eq!(count, ndoku::engine::Reference::new().count(&loose, 1_000));
    }

    #[test]
    fn main_runs() {
        main().unwrap();
    }
}
