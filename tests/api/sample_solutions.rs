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

/// The variant samples, `variants.jsonl` and the gallery of one puzzle per
/// kind of constraint: each reads, is unique, solves to its line of the
/// solutions file, and between them they hold every kind the issue names.
#[cfg(feature = "fpuzzles")]
#[test]
fn variant_samples_are_unique_and_cover_every_kind() {
    use ndoku::text::fpuzzles;
    use ndoku::{Count, Puzzle};
    use std::collections::BTreeSet;

    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let mut solver = Solver::new().with_max_nodes(10_000_000);
    let mut kinds = BTreeSet::new();
    for name in ["variants", "gallery"] {
        let puzzles = std::fs::read_to_string(dir.join(format!("{name}.jsonl"))).unwrap();
        let answers = std::fs::read_to_string(dir.join(format!("{name}.solutions.txt"))).unwrap();
        let (puzzles, answers) = (lines(&puzzles), lines(&answers));
        assert_eq!(
            puzzles.len(),
            answers.len(),
            "{name}: one answer per puzzle"
        );
        for (i, (p, a)) in puzzles.iter().zip(&answers).enumerate() {
            let read = fpuzzles::parse(p).unwrap_or_else(|e| panic!("{name} {}: {e}", i + 1));
            let puzzle = read.puzzle;
            if p.starts_with('{') {
                // Written back as read.
                let again = fpuzzles::parse(&fpuzzles::to_json(&puzzle)).unwrap();
                assert_eq!(again.puzzle, puzzle, "{name} {}", i + 1);
            }
            assert_eq!(
                solver.count(&puzzle, 2),
                Count::Exact(1),
                "{name} {}",
                i + 1
            );
            let Outcome::Solved(found) = solver.solve(&puzzle) else {
                panic!("{name} {}: not solved", i + 1)
            };
            let answer = Puzzle::from_cells(puzzle.rules().clone(), &line_values(a))
                .unwrap_or_else(|e| panic!("{name} {}: the answer breaks a rule: {e}", i + 1));
            assert!(
                answer.is_solved() && puzzle.is_completed_by(&answer),
                "{name} {}",
                i + 1
            );
            assert_eq!(found, answer, "{name} {}", i + 1);
            kinds.extend(puzzle.rules().constraints().iter().map(|c| c.kind()));
            if puzzle.rules().cages().iter().any(|c| c.sum().is_some()) {
                kinds.insert("killer cage");
            }
        }
    }
    for kind in [
        "killer cage",
        "white dot",
        "black dot",
        "X",
        "V",
        "greater-than",
        "thermometer",
        "arrow",
        "double arrow",
        "little killer",
        "sandwich",
        "x-sum",
        "skyscraper",
        "odd cell",
        "even cell",
        "minimum",
        "maximum",
        "renban",
        "whisper",
        "palindrome",
        "between line",
        "region-sum line",
        "zipper line",
        "entropic line",
        "modular line",
        "lockout line",
        "quadruple",
        "clone",
        "sum",
        "nonconsecutive",
        "negative white dots",
        "negative black dots",
        "negative XV",
    ] {
        assert!(
            kinds.contains(kind),
            "no sample puzzle has a {kind}: {kinds:?}"
        );
    }
}

/// The values of a solution line, one digit a cell.
#[cfg(feature = "fpuzzles")]
fn line_values(line: &str) -> Vec<u16> {
    line.bytes().map(|b| u16::from(b - b'0')).collect()
}
