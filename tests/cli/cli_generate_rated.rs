//! End-to-end tests of `ndoku generate --rating` and `--technique`: the puzzles rate as asked by the library, are unique, and bad or unmet goals are errors.

use crate::run;

use ndoku::engine::variant::VariantSolver;
use ndoku::generate::RatingRange;
use ndoku::logic::Technique;
use ndoku::{Count, Logic, Puzzle, Rules};

/// Runs `ndoku` with the words of `command` as its arguments.
fn ndoku(command: &str) -> run::Run {
    run::ndoku(&command.split_whitespace().collect::<Vec<_>>(), b"")
}

/// A printed line as a puzzle under `rules`, checked to have one solution.
fn unique(rules: &Rules, line: &str) -> Puzzle {
    let cells: Vec<u16> = line
        .bytes()
        .map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') })
        .collect();
    let puzzle = Puzzle::from_cells(rules.clone(), &cells).expect("a valid puzzle");
    assert_eq!(
        VariantSolver::new().count(&puzzle, 2),
        Count::Exact(1),
        "{line}"
    );
    puzzle
}

fn logic() -> Logic {
    Logic::new().assume_unique(true)
}

/// Checks that `run` printed `count` puzzles, each unique under `rules`
/// and rated in `range` by the library.
fn rated_in(run: &run::Run, rules: &Rules, count: usize, range: RatingRange) {
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.lines().len(), count);
    for line in run.lines() {
        let rating = logic().rate(&unique(rules, line)).unwrap();
        assert!(
            rating.tenths().is_some_and(|t| range.contains(t)),
            "{line}: {rating}"
        );
    }
}

#[test]
fn rated_puzzles_rate_in_range_and_do_not_depend_on_threads() {
    let command = "generate --rating 3.0-4.0 --count 6 --seed 7";
    let run = ndoku(command);
    assert_eq!(run.stderr, "");
    rated_in(
        &run,
        &Rules::classic(9).unwrap(),
        6,
        RatingRange::tenths(30, 40),
    );
    let one_thread = ndoku(&format!("{command} -j 1"));
    assert_eq!(one_thread.stdout, run.stdout);
}

#[test]
fn technique_puzzles_use_it() {
    let run = ndoku("generate --technique X-Wing --count 3 --seed 2 --attempts 2000");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rules = Rules::classic(9).unwrap();
    for line in run.lines() {
        let path = logic().solve_path(&unique(&rules, line)).unwrap();
        assert!(path.solved, "{line}");
        assert!(
            path.steps.iter().any(|s| s.technique == Technique::XWing),
            "{line}"
        );
    }
}

#[test]
fn variant_puzzles_take_a_rating_too() {
    // f-puzzles JSON, the format that carries the diagonals (a line cannot).
    let run = ndoku("generate --diagonals --rating 1.0-2.3 --count 2 --seed 4 --attempts 500");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.lines().len(), 2);
    let rules = Rules::classic(9).unwrap().with_diagonals();
    let range = RatingRange::tenths(10, 23);
    for line in run.lines() {
        let puzzle = ndoku::text::fpuzzles::parse(line)
            .expect("f-puzzles JSON")
            .puzzle;
        assert_eq!(puzzle.rules(), &rules, "{line}");
        assert_eq!(
            VariantSolver::new().count(&puzzle, 2),
            Count::Exact(1),
            "{line}"
        );
        let rating = logic().rate(&puzzle).unwrap();
        assert!(
            rating.tenths().is_some_and(|t| range.contains(t)),
            "{line}: {rating}"
        );
    }
}

#[test]
fn an_unknown_technique_lists_the_names() {
    let run = ndoku("generate --technique x-chain");
    assert_ne!(run.code, 0);
    assert!(
        run.stderr.contains("unknown technique \"x-chain\""),
        "{}",
        run.stderr
    );
    for name in ["x-wing", "swordfish", "xy-wing", "unique rectangle"] {
        assert!(run.stderr.contains(name), "{name}: {}", run.stderr);
    }
    assert_eq!(run.stdout, "");
}

#[test]
fn a_bad_range_is_an_error() {
    for bad in ["4.0-3.0", "three", "3.0-"] {
        let run = ndoku(&format!("generate --rating {bad}"));
        assert_ne!(run.code, 0, "{bad}");
        assert!(run.stderr.contains("--rating"), "{bad}: {}", run.stderr);
    }
}

#[test]
fn an_unmet_rating_fails_each_puzzle_clearly() {
    let run = ndoku("generate --rating 9.0-9.9 --attempts 2 --count 2 --seed 1");
    assert_eq!(run.code, 1);
    assert_eq!(run.lines(), ["failed", "failed"]);
    let want = "error: puzzle 1: no puzzle rated 9.0-9.9 in 2 attempts";
    assert!(run.stderr.contains(want), "{}", run.stderr);
}

#[test]
fn levels_are_bands_and_print_their_rating() {
    let rules = Rules::classic(9).unwrap();
    for (level, range) in [("easy", (10, 15)), ("medium", (16, 25)), ("hard", (26, 60))] {
        let command = format!("generate --level {level} --count 2 --seed 3");
        let range = RatingRange::tenths(range.0, range.1);
        rated_in(&ndoku(&command), &rules, 2, range);
        let run = ndoku(&format!("{command} --with-rating"));
        assert_eq!(run.code, 0, "{}", run.stderr);
        for line in run.lines() {
            let (puzzle, er) = line.split_once('\t').expect("a tab before the rating");
            let rating = logic().rate(&unique(&rules, puzzle)).unwrap();
            let t = rating.tenths().unwrap();
            assert_eq!(er, format!("{}.{}", t / 10, t % 10), "{line}");
        }
    }
    // Past 9×9 a level is the engine's grade, and the rating is printed too.
    let run = ndoku("generate --box 2 --level easy --seed 1 --with-rating --format json");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("\"rating\":1."), "{}", run.stdout);
    let back = run::ndoku(&["check"], run.stdout.as_bytes());
    assert!(
        back.stdout.starts_with("unique"),
        "{}{}",
        back.stdout,
        back.stderr
    );
}
