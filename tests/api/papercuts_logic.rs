//! Issue 45's papercuts in human-style logic, hints and search limits: stuck and multiple ratings said plainly, hints on puzzles with several solutions, cage sums the ladder has no step for, and a clock that works in WebAssembly.

use ndoku::model::Cell;
use ndoku::{Game, Hint, Logic, Puzzle, Rules};

/// A solved grid with a deadly rectangle emptied (R1C3, R1C8, R2C3, R2C8):
/// two solutions, which swap 6 and 9 in those cells.
const TWO: &str =
    "310578402520134708487629531263415987974863125851792643138947256692351874745286319";

fn cells(line: &str) -> Vec<u16> {
    line.bytes().map(|b| u16::from(b - b'0')).collect()
}

fn two_solutions() -> Puzzle {
    Puzzle::from_cells(Rules::classic(9).unwrap(), &cells(TWO)).unwrap()
}

/// A 9×9 killer with no givens: three cages of two cells, summing to 3, 17 and 10.
fn killer_without_givens() -> Puzzle {
    let rules = Rules::classic(9)
        .unwrap()
        .with_cage(&[(0, 0), (0, 1)], Some(3))
        .unwrap()
        .with_cage(&[(4, 4), (4, 5)], Some(17))
        .unwrap()
        .with_cage(&[(8, 7), (8, 8)], Some(10))
        .unwrap();
    Puzzle::new(rules)
}

/// The 4×4 grid of issue 45 (rows `123.` `3412` `2143` `4321`) with a
/// one-cell cage on R1C4 summing to `sum`: 3 breaks the grid, 4 keeps it.
fn one_cell_cage(sum: u64) -> Puzzle {
    let rules = Rules::classic(4)
        .unwrap()
        .with_cage(&[(0, 3)], Some(sum))
        .unwrap();
    Puzzle::from_cells(rules, &cells("1230341221434321")).unwrap()
}

// Defect 6: a rating that gets nowhere says so plainly.

#[test]
fn a_stuck_rating_says_stuck_not_solved() {
    let rating = Logic::new().rate(&killer_without_givens()).unwrap();
    // The cage steps take the three cages as far as they go (1+2, 8+9 and
    // the pairs of 10), then no step applies: the puzzle has many solutions.
    assert!(!rating.solved && rating.er.is_none() && rating.steps > 0);
    let text = rating.to_string();
    assert!(!text.contains("solved"), "{text}");
    assert!(
        text.starts_with("stuck: no step of the ladder applies after"),
        "{text}"
    );
    // The ladder reasons about cage sums now, and claims no gap.
    assert!(
        rating.unreasoned.is_empty() && !text.contains("cage sums"),
        "{text}"
    );
}

#[test]
fn a_stuck_rating_names_its_steps_and_hardest_technique() {
    // Two solutions, and R9C9 empty too: one single, then stuck.
    let line = format!("{}0", &TWO[..80]);
    let puzzle = Puzzle::from_cells(Rules::classic(9).unwrap(), &cells(&line)).unwrap();
    let rating = Logic::new().rate(&puzzle).unwrap();
    assert!(!rating.solved && rating.er.is_none() && !rating.limited);
    assert_eq!(rating.steps, 1);
    let hardest = rating.hardest.expect("one step");
    assert_eq!(
        rating.to_string(),
        format!(
            "stuck: no step of the ladder applies after 1 step (hardest {:.1} {})",
            hardest.difficulty(),
            hardest.name()
        )
    );
}

#[test]
fn a_rating_cut_short_by_the_step_limit_says_so() {
    let line = "700306001008000900320000074000060000050020040000908000246000397903000802000000000";
    let puzzle = Puzzle::from_cells(Rules::classic(9).unwrap(), &cells(line)).unwrap();
    let rating = Logic::new().with_max_steps(3).rate(&puzzle).unwrap();
    assert_eq!(rating.steps, 3);
    assert!(!rating.solved);
    let text = rating.to_string();
    assert!(
        text.contains("step limit") && !text.contains("no step"),
        "{text}"
    );
}

// Defect 7: on a puzzle with two solutions, entries of either are no mistakes.

/// The hint for a game of `puzzle` with `entries`, as (row, column, value).
fn hint_after(puzzle: &Puzzle, entries: &[(usize, usize, u16)]) -> Hint {
    let mut game = Game::new(puzzle.clone());
    for &(r, c, v) in entries {
        game.enter(Cell::new(r, c), v).unwrap();
    }
    Logic::new().hint(&game).unwrap()
}

/// Mistaken entries at `cells`, and no marks.
fn mistakes(cells: &[(usize, usize)]) -> Hint {
    Hint::Mistakes {
        entries: cells.iter().map(|&p| Cell::from(p)).collect(),
        marks: vec![],
    }
}

#[test]
fn hints_do_not_call_the_other_solutions_entries_mistakes() {
    let puzzle = two_solutions();
    let solution = puzzle.solve().unwrap();
    // The other solution swaps 6 and 9 at R1C3 and R1C8.
    let other = |c: usize| 15 - solution.cells()[c];
    let hint = hint_after(&puzzle, &[(0, 2, other(2)), (0, 7, other(7))]);
    assert!(!matches!(hint, Hint::Mistakes { .. }), "{hint:?}");
    assert_eq!(hint, Hint::NotUnique);
    // The entries are those of a solution indeed.
    let mut kept = puzzle.cells().to_vec();
    kept[2] = other(2);
    kept[7] = other(7);
    let kept = Puzzle::from_cells(puzzle.rules().clone(), &kept).unwrap();
    assert!(kept.solve().is_some());
}

#[test]
fn hints_on_several_solutions_still_find_entries_no_solution_keeps() {
    let puzzle = two_solutions();
    let solution = puzzle.solve().unwrap();
    let other = |c: usize| 15 - solution.cells()[c];
    // R1C3 from one solution and R2C8 from the other: each is kept by a
    // solution, but none keeps both, so the later one is the mistake.
    let mixed = [(0, 2, solution.cells()[2]), (1, 7, other(16))];
    assert_eq!(hint_after(&puzzle, &mixed), mistakes(&[(1, 7)]));
    // A value no solution has at all (1 is in row 2).
    let wrong = [(1, 2, 1), (0, 2, other(2))];
    assert_eq!(hint_after(&puzzle, &wrong), mistakes(&[(1, 2)]));
    // Every cell filled with one solution: solved.
    let full: Vec<_> = [2, 7, 11, 16].map(|c| (c / 9, c % 9, other(c))).into();
    assert_eq!(hint_after(&puzzle, &full), Hint::Solved);
}

// Defect 12: logic never claims a grid that breaks a rule it has no step for.

#[test]
fn logic_does_not_solve_a_killer_against_its_cage_sum() {
    let puzzle = one_cell_cage(3);
    assert!(puzzle.solve().is_none(), "the cage of 3 leaves no solution");
    let logic = Logic::new();
    let path = logic.solve_path(&puzzle);
    assert!(!matches!(&path, Ok(p) if p.solved), "{path:?}");
    if let Ok(p) = &path {
        assert!(puzzle.rules().check(p.grid.values()).is_ok(), "{path:?}");
    }
    let rating = logic.rate(&puzzle);
    assert!(!matches!(&rating, Ok(r) if r.solved), "{rating:?}");
    let err = path.unwrap_err();
    assert!(
        matches!(err, ndoku::logic::LogicError::BreaksRule { .. }),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(
        text.contains("cage 1 sums to 4, expected 3") && text.contains("no solution"),
        "{text}"
    );
    assert_eq!(rating.unwrap_err(), err);
}

#[test]
fn logic_solves_a_killer_whose_grid_keeps_the_sums_and_says_what_it_ignored() {
    let puzzle = one_cell_cage(4);
    let path = Logic::new().solve_path(&puzzle).unwrap();
    assert!(path.solved);
    assert_eq!(path.grid.values()[3], 4);
    assert!(puzzle.rules().check(path.grid.values()).is_ok());
    assert_eq!(path.unreasoned.cage_sums, 0);
    let rating = Logic::new().rate(&puzzle).unwrap();
    assert!(rating.solved && rating.er == Some(1.0));
    assert!(rating.unreasoned.is_empty());
    // Classic rules: nothing ignored.
    let classic = Logic::new().rate(&two_solutions()).unwrap();
    assert!(classic.unreasoned.is_empty());
}

// Defect 8: the library reads the clock through `web_time`, which works
// on wasm32-unknown-unknown (std's `Instant::now` traps there).

#[test]
fn the_library_never_reads_std_instant() {
    fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.ends_with("bin") {
                continue; // the CLI runs natively only
            }
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (i, line) in text.lines().enumerate() {
                    if line.contains("std::time") && line.contains("Instant") {
                        found.push(format!("{}:{}: {line}", path.display(), i + 1));
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
    );
    assert!(found.is_empty(), "{found:#?}");
}
