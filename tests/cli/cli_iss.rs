//! End-to-end tests of the `ndoku` binary on the Interactive Sudoku Solver's
//! text mixed with other lines: constraint text, page links and killer
//! codes beside classic lines and f-puzzles JSON, bad and unsupported ISS
//! lines among them, `--format iss` on the way out, and (ignored, for CI)
//! ISS's own collections checked against ISS's answers.
//!
//! Every printed solution is checked against the puzzle as read here with
//! `ndoku::text::iss`: it keeps the givens and every rule.

use std::path::Path;
use std::process::Command;

use ndoku::Puzzle;
use ndoku::text::iss;

use crate::run::ndoku;

/// A killer code of nine cages, one a row, each summing to 45.
fn rows_killer() -> String {
    ">>>>>>>>j".repeat(9)
}

/// The mixed input, and what each line should give in `check`.
fn mixed() -> Vec<(String, &'static str)> {
    let classic4 = format!("1{}", ".".repeat(15));
    let fp = r#"{"size":4,"grid":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal+":true}"#;
    vec![
        (
            ".Shape~4x4.Thermo~R1C1~R1C2~R1C3~R1C4.~R2C1_3".into(),
            "multiple",
        ),
        (classic4, "multiple"),
        ("# a comment".into(), ""),
        (fp.into(), "multiple"),
        (rows_killer(), "multiple"),
        (
            "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Shape%7E4x4.Diagonal%7E1.%7ER1C1_1"
                .into(),
            "multiple",
        ),
        (".Shape~4x4.NFA~abc~R1C1".into(), "invalid"),
        (".Shape~4x4.Cage~3~R1C1~R9C9".into(), "invalid"),
        (
            ".Shape~4x4.Cage~3~R1C1~R1C2.~R1C1_2".into(),
            "unique-or-more",
        ),
        (format!("^{}", &rows_killer()[1..]), "invalid"),
    ]
}

#[test]
fn iss_lines_mix_with_classic_and_f_puzzles_and_bad_lines_stay_alone() {
    let lines = mixed();
    let input: String = lines.iter().map(|(l, _)| format!("{l}\n")).collect();
    let run = ndoku(&["check", "-j1", "-"], input.as_bytes());
    let expected: Vec<&str> = lines
        .iter()
        .map(|(_, e)| *e)
        .filter(|e| !e.is_empty())
        .collect();
    let got = run.lines();
    assert_eq!(got.len(), expected.len(), "{}", run.stdout);
    for (g, e) in got.iter().zip(&expected) {
        match *e {
            "unique-or-more" => {
                assert!(g.starts_with("unique") || g.starts_with("multiple"), "{g}")
            }
            e => assert!(g.starts_with(e), "{g} should be {e}"),
        }
    }
    // Each bad line is named with its line and what is wrong.
    for (line, message) in [
        (7, "unsupported constraint \"NFA\" at column 11"),
        (8, "Cage at column 11 names cell R9C9, off the 4x4 board"),
        (10, "killer code: the arrow points off the board at R1C1"),
    ] {
        let want = format!("<stdin>:{line}: {message}");
        assert!(run.stderr.contains(&want), "{want} in {}", run.stderr);
    }
}

#[test]
fn solutions_of_iss_lines_keep_every_rule_in_each_output_format() {
    let lines: Vec<String> = mixed()
        .into_iter()
        .filter(|(_, e)| !matches!(*e, "" | "invalid"))
        .map(|(l, _)| l)
        .filter(|l| iss::looks_like(l))
        .collect();
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    for format in ["line", "iss"] {
        let run = ndoku(&["solve", "--format", format, "-"], input.as_bytes());
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(run.lines().len(), lines.len(), "{}", run.stdout);
        for (text, out) in lines.iter().zip(run.lines()) {
            let puzzle = iss::parse(text).unwrap();
            let solution = match format {
                "iss" => iss::parse(out).unwrap_or_else(|e| panic!("{out}: {e}")),
                _ => {
                    let cells: Vec<u16> = out
                        .chars()
                        .map(|c| c.to_digit(10).unwrap_or(0) as u16)
                        .collect();
                    Puzzle::from_cells(puzzle.rules().clone(), &cells).unwrap()
                }
            };
            assert!(solution.is_solved(), "{text}: {out}");
            assert!(
                puzzle
                    .cells()
                    .iter()
                    .zip(solution.cells())
                    .all(|(&a, &b)| a == 0 || a == b)
            );
            assert_eq!(solution.rules(), puzzle.rules(), "{text}: {out}");
        }
    }
}

#[test]
fn generated_iss_text_reads_back_as_the_puzzle_it_states() {
    let run = ndoku(
        &[
            "generate",
            "--size",
            "6",
            "--diagonals",
            "--count",
            "2",
            "--seed",
            "5",
            "--format",
            "iss",
            "--with-solution",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.lines().len(), 2);
    for line in run.lines() {
        let (puzzle, solution) = line.split_once('\t').expect("puzzle, tab, solution");
        let (puzzle, solution) = (iss::parse(puzzle).unwrap(), iss::parse(solution).unwrap());
        assert_eq!(puzzle.size(), 6);
        assert!(puzzle.is_completed_by(&solution), "{line}");
        let check = ndoku(
            &["check", "-"],
            format!("{}\n", iss::to_text(&puzzle).unwrap()).as_bytes(),
        );
        assert!(check.stdout.starts_with("unique\t6x6"), "{}", check.stdout);
    }
}

/// Where `.ci/run` and developers keep ISS's runner: `../shared` beside the checkout.
fn anchor() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench/iss-anchor")
}

/// ISS's collections, read and solved by ndoku: on every puzzle whose types
/// ndoku supports, the solution equals ISS's and uniqueness agrees with
/// ISS's. Runs `benches/iss/suite --check`, which needs ISS's runner and
/// Node.js; skipped (with a message) only when the runner is absent.
#[test]
#[ignore = "needs ../shared/bench/iss-anchor and Node.js: run by .ci/run"]
fn iss_collections_agree_with_iss() {
    if !anchor().join("run").exists() {
        eprintln!("skipped: {} is absent", anchor().display());
        return;
    }
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/iss/suite");
    let out = Command::new("python3")
        .arg(&suite)
        .arg("--check")
        .env("NDOKU", env!("CARGO_BIN_EXE_ndoku"))
        .env("ISS_ANCHOR", anchor())
        .output()
        .expect("python3 runs the suite");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("agree"), "{stdout}");
}

#[test]
fn each_bad_iss_constraint_gets_one_error_naming_it_and_the_rest_is_answered() {
    let cases = [
        (".Arrow~R1C1", "Arrow at column 1: arrow 1 has no line"),
        (
            ".Thermo~R1C1~R2C2~R1C1",
            "Thermo at column 1: thermometer 1 passes through R1C1 twice",
        ),
        (
            ".Quad~R1C1~10",
            "Quad at column 1: quadruple 1 lists value 10, out of 1 to 9",
        ),
        (
            ".LittleKiller~10~R5C5",
            "\"R5C5\" should be a cell on the edge",
        ),
        (
            ".Sandwich~10~R0",
            "\"R0\" should be a row or column such as R3 or C4",
        ),
        (".Foo~1", "unknown constraint type \"Foo\" at column 1"),
        (
            ".Shape~9x9~0-9",
            "unsupported shape \"9x9~0-9\" at column 1",
        ),
    ];
    let mut input = String::new();
    for (text, _) in &cases {
        input.push_str(text);
        input.push_str("\n.~R1C1_1\n");
    }
    let run = ndoku(&["check", "-"], input.as_bytes());
    let lines = run.lines();
    assert_eq!(lines.len(), 2 * cases.len(), "{}", run.stdout);
    for (k, (_, message)) in cases.iter().enumerate() {
        assert_eq!(lines[2 * k], "invalid");
        assert!(
            lines[2 * k + 1].starts_with("multiple\t9x9\t1"),
            "{}",
            lines[2 * k + 1]
        );
        let want = format!("<stdin>:{}: ", 2 * k + 1);
        let line = run
            .stderr
            .lines()
            .find(|l| l.contains(&want))
            .expect("its error");
        assert!(line.contains(message), "{line} should say {message}");
    }
}
