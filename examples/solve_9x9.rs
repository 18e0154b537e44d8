//! Solves a 9×9 puzzle written as one line of text, and prints the solution as a
//! line and as a grid.
//!
//! ```text
//! cargo run --example solve_9x9
//! ```

use ndoku::{Board9, Outcome, Solver};

/// A classic tutorial puzzle: `.` marks an empty cell, rows follow one another.
const PUZZLE: &str =
    "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..";

/// Parses and solves `text`; `None` when the puzzle has no solution.
fn solve(text: &str) -> Result<Option<Board9>, Box<dyn std::error::Error>> {
    // `parse` reads the line format (and the grid and token formats too). A bad
    // character, a wrong length or two equal givens in a house is a `ParseError`
    // that says where the problem is.
    let puzzle: Board9 = text.parse()?;
    // A `Solver` has no node budget unless given one; a 9×9 never needs one.
    match Solver::new().solve(&puzzle) {
        Outcome::Solved(solution) => Ok(Some(solution)),
        // `Outcome` is non-exhaustive: `Unsolvable`, or `GaveUp` with a budget.
        _ => Ok(None),
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Some(solution) = solve(PUZZLE)? else {
        println!("no solution");
        return Ok(());
    };
    println!("{solution}"); // The line format: 81 characters.
    println!();
    print!("{solution:#}"); // A grid with box rules.
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_the_puzzle_and_keeps_its_givens() {
        let puzzle: Board9 = PUZZLE.parse().unwrap();
        let solution = solve(PUZZLE).unwrap().expect("the puzzle has a solution");
        assert!(solution.is_solved());
        assert!(puzzle.is_completed_by(&solution));
        assert_eq!(
            solution.to_string(),
            "316578492529134768487629531263415987974863125851792643138947256692351874745286319"
        );
    }

    #[test]
    fn reports_bad_text_and_unsolvable_puzzles() {
        assert!(solve("12x").is_err());
        let no_solution =
            "3.65.84..52........87....31..3....2.9..8....5.5....6..13....25........74..52.63..";
        assert!(solve(no_solution).unwrap().is_none());
    }

    #[test]
    fn main_runs() {
        main().unwrap();
    }
}
