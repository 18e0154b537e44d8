//! Bounding the work of a search with a node budget or a time limit, and
//! handling the answer "gave up". Puzzles from untrusted sources can be made
//! slow to solve (or, with few givens, have astronomically many solutions to
//! count); a budget turns that into a result instead of a hang. A node budget
//! stops every run at the same point; a time limit bounds the wait, wherever
//! that falls on the machine at hand.
//!
//! ```text
//! cargo run --example budget
//! ```

use std::time::Duration;

use ndoku::{Board9, Count, Outcome, Solver};

/// Solves with at most `max_nodes` guesses, and says what happened.
fn describe_solve(puzzle: &Board9, max_nodes: u64) -> String {
    let mut solver = Solver::new().with_max_nodes(max_nodes);
    match solver.solve(puzzle) {
        Outcome::Solved(solution) => format!("solved: {solution}"),
        Outcome::Unsolvable => "no solution".to_string(),
        Outcome::GaveUp => match solver.stats().guesses {
            1 => "gave up after 1 guess".to_string(),
            n => format!("gave up after {n} guesses"),
        },
        // `Outcome` is non-exhaustive: later versions may add variants.
        other => format!("{other:?}"),
    }
}

/// Counts all the solutions, as far as `max_nodes` guesses allow.
fn count_all(puzzle: &Board9, max_nodes: u64) -> Count {
    // `usize::MAX` as the limit means "all of them": only the budget stops it.
    Solver::new()
        .with_max_nodes(max_nodes)
        .count(puzzle, usize::MAX)
}

/// Counts all the solutions, as far as `limit` of searching allows.
fn count_all_within(puzzle: &Board9, limit: Duration) -> Count {
    Solver::new()
        .with_time_limit(Some(limit))
        .count(puzzle, usize::MAX)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // "AI Escargot", a puzzle made to be hard: this engine needs a few guesses
    // to solve it, and a couple of dozen to show the solution is unique.
    let puzzle: Board9 =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
            .parse()?;
    println!("budget 1: {}", describe_solve(&puzzle, 1));
    println!("budget 1000000: {}", describe_solve(&puzzle, 1_000_000));

    // The empty 9×9 has about 6.7×10²¹ solutions: counting them all would never
    // end, so the budget stops it and says how many it had found by then.
    match count_all(&Board9::new(), 10_000) {
        Count::GaveUp(found) => println!("empty board: gave up with {found} solutions found"),
        Count::Exact(n) => println!("empty board: exactly {n} solutions"),
        other => println!("empty board: {other:?}"),
    }
    // The same, stopped by the clock: how far it gets depends on the machine.
    if let Count::GaveUp(found) = count_all_within(&Board9::new(), Duration::from_millis(20)) {
        println!("empty board, 20 ms: gave up with {found} solutions found");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_the_empty_board_stops_at_the_budget() {
        let count = count_all(&Board9::new(), 10_000);
        assert!(matches!(count, Count::GaveUp(n) if n > 0), "{count:?}");
        assert!(!count.is_complete());
    }

    #[test]
    fn a_tight_budget_gives_up_and_a_loose_one_solves() {
        // Few givens: propagation alone cannot finish, so the search must guess.
        let mut board = Board9::new();
        board.set(0, 0, 1).unwrap();
        assert_eq!(describe_solve(&board, 0), "gave up after 0 guesses");
        assert_eq!(describe_solve(&board, 1), "gave up after 1 guess");
        assert!(describe_solve(&board, 1_000).starts_with("solved: 1"));
    }

    #[test]
    fn counting_the_empty_board_stops_at_the_time_limit() {
        // The first solution takes about half a millisecond; a stalled
        // machine gets a longer limit rather than a failure.
        let mut limit = Duration::from_millis(20);
        loop {
            let count = count_all_within(&Board9::new(), limit);
            assert!(matches!(count, Count::GaveUp(_)), "{count:?}");
            if count.found() > 0 || limit >= Duration::from_secs(5) {
                assert!(count.found() > 0, "no solution in {limit:?}");
                break;
            }
            limit *= 2;
        }
    }

    #[test]
    fn main_runs() {
        main().unwrap();
    }
}
