//! Solves a 16×16 and a 25×25 puzzle. The boards have the same API as the 9×9
//! one; only the box size in the type changes: `Board<4>` is 16×16, `Board<5>`
//! is 25×25 (aliases `Board16` and `Board25`).
//!
//! ```text
//! cargo run --example big_boards
//! ```

use ndoku::{Board, Board16, Board25, Outcome, Solver};

/// The first puzzle of a file from `puzzles/`: a puzzle per line, `#` comments.
fn first_puzzle(file: &str) -> &str {
    file.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
        .expect("the file holds a puzzle")
}

/// Parses, solves and prints one puzzle of any size. Returns the solution.
fn solve_and_print<const BOX: usize>(
    text: &str,
) -> Result<Option<Board<BOX>>, Box<dyn std::error::Error>> {
    let puzzle: Board<BOX> = text.parse()?;
    let n = Board::<BOX>::N;
    println!("{n}x{n}, {} givens:\n{puzzle:#}", puzzle.givens());
    let mut solver = Solver::new();
    match solver.solve(&puzzle) {
        Outcome::Solved(solution) => {
            println!(
                "solved after {} guesses:\n{solution:#}",
                solver.stats().guesses
            );
            Ok(Some(solution))
        }
        _ => {
            println!("no solution");
            Ok(None)
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // On 16×16, values run 1-9 then A-G; on 25×25, 1-9 then A-P.
    let sixteen = first_puzzle(include_str!("../puzzles/16x16.txt"));
    let _: Option<Board16> = solve_and_print(sixteen)?;
    let twenty_five = first_puzzle(include_str!("../puzzles/25x25.txt"));
    let _: Option<Board25> = solve_and_print(twenty_five)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<const BOX: usize>(file: &str) {
        let text = first_puzzle(file);
        let puzzle: Board<BOX> = text.parse().unwrap();
        let solution = solve_and_print::<BOX>(text)
            .unwrap()
            .expect("the sample puzzles have solutions");
        assert!(solution.is_solved());
        assert!(puzzle.is_completed_by(&solution));
        assert!(puzzle.givens() < solution.givens());
    }

    #[test]
    fn solves_sixteen_by_sixteen() {
        check::<4>(include_str!("../puzzles/16x16.txt"));
    }

    #[test]
    fn solves_twenty_five_by_twenty_five() {
        check::<5>(include_str!("../puzzles/25x25.txt"));
    }

    #[test]
    fn a_nine_by_nine_line_is_not_a_sixteen_by_sixteen() {
        let nine = "1".repeat(81);
        assert!(solve_and_print::<4>(&nine).is_err());
    }
}
