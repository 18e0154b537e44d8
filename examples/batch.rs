//! Solves a file of puzzles with one reused `Solver`: its scratch space is
//! allocated once, so the batch allocates nothing per puzzle. `stats()` after
//! each search tells how hard the puzzle was (guesses made).
//!
//! ```text
//! cargo run --example batch
//! ```

use ndoku::{Board9, Outcome, Solver};

/// The sample 9×9 puzzles, one per line, with `#` comment lines.
const FILE: &str = include_str!("../puzzles/9x9.txt");

/// One line of the report.
#[derive(Debug)]
struct Row {
    /// 1-based line number in the file.
    line: usize,
    /// What happened: a solution, or why not.
    result: Result<Outcome<Board9>, ndoku::ParseError>,
    /// Guesses the search made (0 when parsing failed).
    guesses: u64,
}

/// Solves every puzzle of `text` with the one `solver`.
fn solve_all(solver: &mut Solver, text: &str) -> Vec<Row> {
    let puzzles = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'));
    puzzles
        .map(|(i, line)| {
            // A bad line is reported in its row; it does not stop the batch.
            let result = line.parse::<Board9>().map(|puzzle| solver.solve(&puzzle));
            let guesses = if result.is_ok() {
                solver.stats().guesses
            } else {
                0
            };
            Row {
                line: i + 1,
                result,
                guesses,
            }
        })
        .collect()
}

fn main() {
    // Budgets, engine and seed are set once, on the solver, for the whole batch.
    let mut solver = Solver::new().with_max_nodes(1_000_000);
    for row in solve_all(&mut solver, FILE) {
        let what = match &row.result {
            Ok(Outcome::Solved(solution)) => solution.to_string(),
            Ok(Outcome::Unsolvable) => "no solution".to_string(),
            Ok(other) => format!("{other:?}"),
            Err(error) => format!("error: {error}"),
        };
        println!("line {:>2}: {what} ({} guesses)", row.line, row.guesses);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_of_the_file_gets_a_row() {
        let rows = solve_all(&mut Solver::new(), FILE);
        let puzzles: Vec<&str> = FILE.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(rows.len(), puzzles.len());
        for (row, text) in rows.iter().zip(puzzles) {
            let puzzle: Board9 = text.parse().unwrap();
            match &row.result {
                Ok(Outcome::Solved(s)) => assert!(s.is_solved() && puzzle.is_completed_by(s)),
                // The plain backtracker of the crate confirms "no solution".
                Ok(Outcome::Unsolvable) => {
                    assert_eq!(
                        ndoku::engine::Reference::new().solve(&puzzle),
                        Outcome::Unsolvable
                    )
                }
                other => panic!("line {}: {other:?}", row.line),
            }
        }
    }

    #[test]
    fn bad_lines_are_reported_and_the_batch_goes_on() {
        let text = "# two puzzles and a bad line\n\
                    31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..\n\
                    not a puzzle\n\
                    .................................................................................\n";
        let rows = solve_all(&mut Solver::new(), text);
        assert_eq!(rows.len(), 3);
        assert!(matches!(rows[0].result, Ok(Outcome::Solved(_))));
        assert!(rows[1].result.is_err());
        assert_eq!((rows[1].line, rows[1].guesses), (3, 0));
        assert!(matches!(rows[2].result, Ok(Outcome::Solved(_))));
        assert!(rows[2].guesses > 0, "an empty board needs guesses");
    }

    #[test]
    fn main_runs() {
        main();
    }
}
