//! Issue 45's papercuts in generation, board formats and tiny boards: a
//! variant printed in a format that cannot carry its rules is refused, what
//! `generate` and `solve` print of every size reads back as the same puzzle,
//! a 1×1 board is solved at once, and a size that cannot be carved in time
//! is refused at once.

use std::io::Read as _;
use std::time::{Duration, Instant};

use ndoku::{Count, Reference, Rules, Variant, VariantGenerator, VariantOutcome, VariantSolver};

mod run;
use run::{Run, spawn, temp_file};

/// Runs `ndoku ARGS` on `stdin` and fails if it has not ended within
/// `limit` (killing it, so that a hang or a runaway allocation ends the
/// test rather than the machine).
fn ndoku_within(args: &[&str], stdin: &[u8], limit: Duration) -> Run {
    let mut child = spawn(args);
    {
        use std::io::Write as _;
        let mut input = child.stdin.take().expect("stdin is piped");
        let _ = input.write_all(stdin);
    }
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited on") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("ndoku {args:?} ran past {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (mut stdout, mut stderr) = (String::new(), String::new());
    let _ = child
        .stdout
        .take()
        .expect("piped")
        .read_to_string(&mut stdout);
    let _ = child
        .stderr
        .take()
        .expect("piped")
        .read_to_string(&mut stderr);
    assert!(!stderr.contains("panicked"), "panic: {stderr}");
    Run {
        code: status.code().expect("it exits, not killed by a signal"),
        stdout,
        stderr,
    }
}

const SECONDS_10: Duration = Duration::from_secs(10);

// ---- Defect 11: a 1×1 board ----

/// The 1×1 board, filled with its one value or empty.
fn one_by_one(value: u16) -> Variant {
    Variant::from_cells(Rules::classic(1).unwrap(), &[value]).unwrap()
}

#[test]
fn a_one_by_one_board_is_solved_and_counted_once() {
    for value in [0, 1] {
        let puzzle = one_by_one(value);
        // A budget, so that a search that chooses the same cell forever
        // gives up rather than growing without bound.
        let mut solver = VariantSolver::new().with_max_nodes(10);
        assert_eq!(solver.count(&puzzle, 2), Count::Exact(1), "value {value}");
        let solved = solver.solve(&puzzle).solution().expect("one solution");
        assert_eq!(solved.cells(), &[1]);
        assert!(puzzle.is_completed_by(&solved));
        assert_eq!(solver.solutions(&puzzle, 5).len(), 1);
        let reference = Reference::new().with_max_steps(10);
        assert_eq!(reference.count_variant(&puzzle, 2), Count::Exact(1));
        assert!(matches!(
            reference.solve_variant(&puzzle),
            VariantOutcome::Solved(s) if s.cells() == [1]
        ));
    }
}

#[test]
fn a_one_by_one_board_is_generated_with_or_without_a_jigsaw() {
    let plain = VariantGenerator::new(Rules::classic(1).unwrap(), 1)
        .with_attempts(2)
        .generate()
        .expect("a 1x1 puzzle");
    assert_eq!(plain.solution.cells(), &[1]);
    let jigsaw = VariantGenerator::new(Rules::classic(1).unwrap(), 1)
        .with_random_regions()
        .with_attempts(2)
        .generate()
        .expect("a 1x1 jigsaw");
    assert_eq!(jigsaw.solution.cells(), &[1]);
    assert_eq!(VariantGenerator::random_regions(1, 3), [0]);
}

#[test]
fn the_cli_answers_a_one_by_one_board_at_once() {
    for grid in [r#"[[{"value":1}]]"#, "[[{}]]"] {
        let json = format!(r#"{{"size":1,"grid":{grid}}}"#);
        let input = json.as_bytes();
        let count = ndoku_within(&["count"], input, SECONDS_10);
        assert_eq!(
            (count.code, count.stdout.as_str()),
            (0, "1\n"),
            "{json}: {}",
            count.stderr
        );
        let budget = ndoku_within(&["count", "--max-nodes", "10"], input, SECONDS_10);
        assert_eq!(budget.stdout, "1\n", "{json}");
        let solve = ndoku_within(&["solve"], input, SECONDS_10);
        assert_eq!((solve.code, solve.stdout.as_str()), (0, "1\n"), "{json}");
        let check = ndoku_within(&["check"], input, SECONDS_10);
        assert!(
            check.stdout.starts_with("unique\t1x1\t"),
            "{json}: {}",
            check.stdout
        );
    }
    for jigsaw in [&["--jigsaw"][..], &[]] {
        let args = [&["generate", "--size", "1", "--seed", "1"], jigsaw].concat();
        let made = ndoku_within(&args, b"", SECONDS_10);
        assert_eq!(made.code, 0, "{args:?}: {}", made.stderr);
        let check = ndoku_within(&["check"], made.stdout.as_bytes(), SECONDS_10);
        assert!(
            check.stdout.starts_with("unique\t1x1\t"),
            "{}",
            check.stdout
        );
    }
}
