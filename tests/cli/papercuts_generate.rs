//! Issue 45's papercuts in generation, board formats and tiny boards: a
//! variant printed in a format that cannot carry its rules is refused, what
//! `generate` and `solve` print of every size reads back as the same puzzle,
//! a 1×1 board is solved at once, and a size that cannot be carved in time
//! is refused at once.
#![cfg(feature = "cli")]

use std::io::Read as _;
use std::time::{Duration, Instant};

use ndoku::engine::Reference;
use ndoku::engine::variant::VariantSolver;
use ndoku::generate::VariantGenerator;
use ndoku::{Count, Outcome, Puzzle, Rules};

use crate::run::{Run, spawn, temp_file};

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
fn one_by_one(value: u16) -> Puzzle {
    Puzzle::from_cells(Rules::classic(1).unwrap(), &[value]).unwrap()
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
            Outcome::Solved(s) if s.cells() == [1]
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

// ---- Defect 4: formats that cannot carry a variant's rules ----

#[test]
fn a_format_without_rules_is_refused_for_variants_and_names_what_is_lost() {
    let cases: [(&[&str], &str); 7] = [
        (&["--jigsaw"], "irregular regions"),
        (&["--diagonals"], "diagonals"),
        (&["--box", "2", "--windows"], "windows"),
        (
            &["--anti-knight", "--anti-king"],
            "anti-knight (--anti-knight) and anti-king",
        ),
        (&["--boxes", "3x2"], "boxes of 3x2"),
        (&["--size", "7"], "a 7x7 board, which has no boxes"),
        (&["--boxes", "2x3", "--disjoint-groups"], "disjoint groups"),
    ];
    for (rules, lost) in cases {
        for format in ["line", "grid", "tokens"] {
            let args = [&["generate", "--seed", "1", "--format", format], rules].concat();
            let run = ndoku_within(&args, b"", SECONDS_10);
            assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
            assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
            let said = &run.stderr;
            assert!(
                said.contains(&format!("--format {format} cannot carry")),
                "{said}"
            );
            assert!(said.contains(lost), "{args:?}: {said}");
            assert!(said.contains("--format json"), "{said}");
        }
    }
}

#[test]
fn the_trial_jigsaw_line_is_refused_and_json_checks_unique() {
    let run = ndoku_within(
        &["generate", "--jigsaw", "--format", "line", "--seed", "1"],
        b"",
        SECONDS_10,
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("irregular regions"), "{}", run.stderr);
    // The default for variants: f-puzzles JSON, which keeps the regions.
    let made = ndoku_within(&["generate", "--jigsaw", "--seed", "1"], b"", SECONDS_10);
    assert!(made.stdout.starts_with('{'), "{}", made.stdout);
    let check = ndoku_within(&["check"], made.stdout.as_bytes(), SECONDS_10);
    assert!(
        check.stdout.starts_with("unique\t9x9\t"),
        "{}",
        check.stdout
    );
}

#[test]
fn classic_rules_of_any_boxed_size_keep_their_cell_formats() {
    for rules in [&["--boxes", "2x3"][..], &["--size", "12"], &["--size", "9"]] {
        for format in ["line", "grid", "tokens"] {
            let args = [&["generate", "--seed", "2", "--format", format], rules].concat();
            let run = ndoku_within(&args, b"", SECONDS_10);
            assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
            let check = ndoku_within(&["check"], run.stdout.as_bytes(), SECONDS_10);
            assert!(
                check.stdout.starts_with("unique\t"),
                "{args:?}: {}{}",
                check.stdout,
                check.stderr
            );
        }
    }
}

// ---- Defect 5: what ndoku prints, ndoku reads ----

/// Generates one easy puzzle of side `n` (`--size N`), printed in `format`.
fn generate_easy(n: usize, format: &str, seed: &str) -> String {
    let size = n.to_string();
    let args = [
        "generate", "--size", &size, "--level", "easy", "--seed", seed, "--format", format,
    ];
    let run = ndoku_within(&args, b"", Duration::from_secs(120));
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    run.stdout
}

/// The sides the round trips cover: square and rectangular boxes, small and
/// past 64.
const SIZES: [usize; 12] = [4, 6, 8, 9, 10, 12, 15, 16, 25, 36, 64, 81];

#[test]
fn every_format_generate_prints_reads_back_as_the_same_puzzle() {
    for n in SIZES {
        let dir = format!("papercuts-{n}");
        let mut first: Option<Puzzle> = None;
        for format in ["line", "grid", "tokens"] {
            let text = generate_easy(n, format, "5");
            // The library reads what the CLI printed, and every format
            // holds the same puzzle (the same seed).
            let read: Puzzle = text
                .trim_end()
                .parse()
                .unwrap_or_else(|e| panic!("{n}x{n} {format}: {e}\n{text}"));
            assert_eq!(read.rules(), &Rules::classic(n).unwrap());
            let puzzle = first.get_or_insert_with(|| read.clone());
            assert_eq!(&read, puzzle, "{n}x{n} {format}");
            // The CLI reads it as one puzzle, the same.
            let file = temp_file(&dir, &format!("{format}.txt"), &text);
            let path = file.to_str().unwrap();
            let minute = Duration::from_secs(60);
            let check = ndoku_within(&["check", path], b"", minute);
            let expected = format!("unique\t{n}x{n}\t{}\n", puzzle.givens());
            assert_eq!(check.stdout, expected, "{n}x{n} {format}: {}", check.stderr);
            if format == "grid" {
                let piped = ndoku_within(&["check"], text.as_bytes(), minute);
                let said = &piped.stderr;
                assert_eq!(piped.stdout, expected, "{n}x{n} grid on stdin: {said}");
                // Solving it keeps the givens: the same puzzle was read.
                let solved = ndoku_within(&["solve", path], b"", minute);
                let solution: Puzzle = solved.stdout.trim_end().parse().unwrap();
                assert!(puzzle.is_completed_by(&solution), "{n}x{n} grid");
            }
        }
    }
}

#[test]
fn the_trial_six_by_six_grid_reads_as_one_puzzle() {
    let made = ndoku_within(
        &[
            "generate", "--boxes", "2x3", "--format", "grid", "--seed", "1",
        ],
        b"",
        SECONDS_10,
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    assert!(
        made.stdout.contains(" | ") && made.stdout.contains("-+-"),
        "{}",
        made.stdout
    );
    let file = temp_file("papercuts", "g6.txt", &made.stdout);
    let solved = ndoku_within(&["solve", file.to_str().unwrap()], b"", SECONDS_10);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    assert_eq!(solved.stdout.lines().count(), 1, "{}", solved.stdout);
    let solution: Puzzle = solved.stdout.trim_end().parse().unwrap();
    let puzzle: Puzzle = made.stdout.parse().unwrap();
    assert!(puzzle.is_completed_by(&solution));
}

#[test]
fn solve_prints_grids_with_box_rules_that_read_back() {
    for n in [6, 12, 10, 20] {
        let line = generate_easy(n, "line", "3");
        let run = ndoku_within(&["solve", "--format", "grid"], line.as_bytes(), SECONDS_10);
        assert_eq!(run.code, 0, "{n}: {}", run.stderr);
        let (h, w) = Rules::classic(n).unwrap().geometry().box_shape().unwrap();
        let rows: Vec<&str> = run.stdout.lines().collect();
        // N rows, a rule line between bands, and a blank line.
        assert_eq!(rows.len(), n + n / h - 1 + 1, "{n}: {}", run.stdout);
        assert_eq!(rows[0].matches('|').count(), n / w - 1, "{}", rows[0]);
        assert!(rows[h].contains("-+-"), "{}", rows[h]);
        let solution: Puzzle = run.stdout.parse().unwrap();
        let puzzle: Puzzle = line.trim_end().parse().unwrap();
        assert!(puzzle.is_completed_by(&solution), "{n}");
        // The grid it printed is read back as one puzzle.
        let again = ndoku_within(&["check"], run.stdout.as_bytes(), SECONDS_10);
        assert!(
            again.stdout.starts_with(&format!("unique\t{n}x{n}\t")),
            "{}",
            again.stdout
        );
    }
}

#[test]
fn files_of_six_and_eight_by_eight_lines_are_puzzles_not_a_grid() {
    for boxes in ["2x3", "2x4"] {
        let made = ndoku_within(
            &[
                "generate", "--boxes", boxes, "--count", "3", "--seed", "1", "--format", "line",
            ],
            b"",
            SECONDS_10,
        );
        assert_eq!(made.code, 0, "{}", made.stderr);
        let file = temp_file("papercuts", &format!("lines{boxes}.txt"), &made.stdout);
        let checked = ndoku_within(&["check", file.to_str().unwrap()], b"", SECONDS_10);
        assert_eq!(checked.code, 0, "{boxes}: {}", checked.stderr);
        assert_eq!(
            checked.stdout.lines().count(),
            3,
            "{boxes}: {}",
            checked.stdout
        );
        assert!(
            checked.stdout.lines().all(|l| l.starts_with("unique")),
            "{}",
            checked.stdout
        );
    }
}

// ---- Defect 15 and the sizes the CLI accepts ----

#[test]
fn big_boards_without_easy_are_refused_at_once() {
    let cases: [&[&str]; 8] = [
        &["--size", "65"],
        &["--size", "81"],
        &["--size", "400"],
        &["--size", "21"],
        &["--size", "29"],
        &["--size", "25"],
        &["--boxes", "4x6"],
        &["--jigsaw", "--size", "15"],
    ];
    for args in cases {
        let args = [&["generate", "--seed", "1"], args].concat();
        let run = ndoku_within(&args, b"", SECONDS_10);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stdout.is_empty());
        assert!(
            run.stderr.contains("--level easy"),
            "{args:?}: {}",
            run.stderr
        );
    }
    // Square boxes have the classic generator.
    let run = ndoku_within(&["generate", "--size", "25"], b"", SECONDS_10);
    assert!(run.stderr.contains("--box 5"), "{}", run.stderr);
    let run = ndoku_within(&["generate", "--jigsaw", "--size", "15"], b"", SECONDS_10);
    assert!(run.stderr.contains("irregular regions"), "{}", run.stderr);
}

#[test]
fn small_sizes_are_made_by_search_and_check_unique() {
    for n in 1..=12 {
        for jigsaw in [&[][..], &["--jigsaw"]] {
            let size = n.to_string();
            let args = [&["generate", "--size", &size, "--seed", "3"], jigsaw].concat();
            let made = ndoku_within(&args, b"", Duration::from_secs(60));
            assert_eq!(made.code, 0, "{args:?}: {}", made.stderr);
            let check = ndoku_within(&["check"], made.stdout.as_bytes(), SECONDS_10);
            let unique = format!("unique\t{n}x{n}\t");
            assert!(
                check.stdout.starts_with(&unique),
                "{args:?}: {}",
                check.stdout
            );
        }
    }
}
