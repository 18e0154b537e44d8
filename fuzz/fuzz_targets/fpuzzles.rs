#![no_main]
//! Fuzzes the f-puzzles reader, `ndoku::text::fpuzzles::parse`, on any text (JSON, links, load strings): an error must read well, and a puzzle it reads must search on a small budget to solutions that keep its rules and givens.

use libfuzzer_sys::fuzz_target;
use ndoku::text::fpuzzles::{self, FPuzzle};
use ndoku::{Count, Puzzle, Outcome<Puzzle>};
use ndoku::engine::variant::VariantSolver;
use ndoku_fuzz::text;

/// Guesses each search may make: enough to solve most small puzzles, few
/// enough to keep the fuzzer fast on big empty boards.
const BUDGET: u64 = 1_000;

fuzz_target!(|data: &[u8]| {
    let s = text(data);
    match fpuzzles::parse(&s) {
        Ok(read) => check_read(&read),
        Err(e) => {
            let message = e.to_string();
            let first = message.chars().next().expect("an empty error message");
            assert!(!first.is_uppercase(), "upper case first: {message:?}");
            assert!(!message.ends_with('.'), "trailing period: {message:?}");
            assert!(!message.contains('\n'), "more than one line: {message:?}");
        }
    }
});

/// A puzzle read: givens that keep the rules, searches that do not panic,
/// and any solution full, keeping the rules and the givens.
fn check_read(read: &FPuzzle) {
    let puzzle = &read.puzzle;
    let rules = puzzle.rules();
    assert!(rules.check(puzzle.cells()).is_ok(), "givens break a rule");
    if let Some(solution) = &read.solution {
        assert_eq!(solution.len(), puzzle.cells().len(), "solution length");
    }
    let check = |s: &Puzzle| {
        assert!(s.cells().iter().all(|&v| v != 0), "not full: {s}");
        assert!(rules.check(s.cells()).is_ok(), "breaks a rule: {s}");
        assert!(puzzle.is_completed_by(s), "not a solution: {s}");
    };
    let mut solver = VariantSolver::new().with_max_nodes(BUDGET);
    let outcome = solver.solve(puzzle);
    if let Outcome::Solved(s) = &outcome {
        check(s);
    }
    let (count, first) = solver.count_and_solve(puzzle, 2);
    if let Some(s) = &first {
        check(s);
    }
    assert_eq!(first.is_some(), count.found() > 0, "{count:?}");
    match (&outcome, count) {
        (Outcome::Solved(_), Count::Exact(0))
        | (Outcome::Unsolvable, Count::Exact(1..) | Count::AtLeast(_)) => {
            panic!("solve gave {outcome:?}, count gave {count:?}")
        }
        _ => {}
    }
    // What `to_json` writes reads back, with the same givens, and rules the
    // solution found still keeps.
    let json = fpuzzles::to_json(puzzle);
    let again = fpuzzles::parse(&json).unwrap_or_else(|e| panic!("to_json unreadable: {e}"));
    assert_eq!(again.puzzle.cells(), puzzle.cells(), "to_json givens");
    if let Some(s) = &first {
        assert!(
            again.puzzle.rules().check(s.cells()).is_ok(),
            "to_json lost a rule"
        );
    }
}
