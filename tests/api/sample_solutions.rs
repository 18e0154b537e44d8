//! The sample puzzles in `puzzles/` and their `.solutions.txt` files agree line for line.

use ndoku::{AnyBoard, Outcome, Solver};

/// Non-blank, non-comment lines of a file.
fn lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

#[test]
fn every_sample_has_its_solution_and_it_checks_out() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let mut solver = Solver::new();
    let mut checked = 0;
    for size in ["4x4", "9x9", "16x16", "25x25"] {
        let puzzles = std::fs::read_to_string(dir.join(format!("{size}.txt"))).unwrap();
        let answers = std::fs::read_to_string(dir.join(format!("{size}.solutions.txt"))).unwrap();
        let (puzzles, answers) = (lines(&puzzles), lines(&answers));
        assert_eq!(
            puzzles.len(),
            answers.len(),
            "{size}: one answer per puzzle"
        );
        assert!(!puzzles.is_empty(), "{size}: no sample puzzles");
        for (p, a) in puzzles.iter().zip(&answers) {
            let puzzle = AnyBoard::parse_line(p).unwrap();
            assert_eq!(puzzle.size() * puzzle.size(), p.len(), "{size}: {p}");
            let outcome = solver.solve(&puzzle);
            if *a == "unsolvable" {
                assert!(
                    matches!(outcome, Outcome::Unsolvable),
                    "{size}: {p} should have no solution"
                );
                continue;
            }
            let answer = AnyBoard::parse_line(a).unwrap();
            assert!(answer.is_solved(), "{size}: answer {a} is not a full grid");
            assert!(
                puzzle.is_completed_by(&answer),
                "{size}: answer {a} drops a given of {p}"
            );
            // Unique, so the solver's solution is the file's.
            assert_eq!(
                solver.count(&puzzle, 2).found(),
                1,
                "{size}: {p} should be unique"
            );
            match outcome {
                Outcome::Solved(found) => assert_eq!(found, answer, "{size}: {p}"),
                other => panic!("{size}: {p} gave {other:?}"),
            }
            checked += 1;
        }
    }
    assert!(checked >= 4, "only {checked} samples checked");
}
