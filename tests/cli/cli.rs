//! End-to-end tests of the `ndoku` binary: output alignment, messages, exit codes, formats, threads.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use ndoku::{AnyBoard, Board, Board4, Board9, Board16};

use crate::run;
use run::{Run, ndoku, spawn};

/// A fresh file under the target's temp directory with `content`.
fn temp_file(name: &str, content: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, content).expect("temp file");
    path
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// Asserts that `solution` is a full board of `puzzle`'s size keeping its givens.
fn assert_solves(puzzle: &AnyBoard, solution: &str) {
    let solved = AnyBoard::parse_line(solution)
        .or_else(|_| AnyBoard::parse_grid(solution))
        .unwrap_or_else(|e| panic!("{solution:?} is not a board: {e}"));
    assert!(solved.is_solved(), "not full: {solution}");
    assert!(puzzle.is_completed_by(&solved), "givens lost: {solution}");
}

const NINE: &str =
    "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..";
const NO_SOLUTION: &str =
    "3.65.84..52........87....31..3....2.9..8....5.5....6..13....25........74..52.63..";
/// A 4×4 puzzle with several solutions.
const FOUR_MANY: &str = "1.3.............";
/// A 4×4 puzzle with one solution.
const FOUR_ONE: &str = "...4....2...3..1";

/// What a line of the mixed file should give.
#[derive(Clone, Copy, Debug)]
enum Expect {
    /// No output (blank or comment).
    Nothing,
    /// A solution (with several solutions, any; `multiple` with `--unique`).
    Solution { unique: bool },
    /// No solution.
    Unsolvable,
    /// Invalid, with this part of the message.
    Invalid(&'static str),
}

/// A 16×16 puzzle with its first row given.
fn sixteen() -> String {
    let mut line = String::from("123456789ABCDEFG");
    line.push_str(&".".repeat(240));
    line
}

/// The mixed input: good lines of several sizes, blank and comment lines, bad
/// characters, wrong lengths, conflicts, unsolvable and multi-solution puzzles.
fn mixed() -> Vec<(String, Expect)> {
    let lower = sixteen().to_lowercase();
    let tokens = FOUR_ONE
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0).to_string())
        .collect::<Vec<_>>()
        .join(",");
    vec![
        ("# mixed sizes and faults".into(), Expect::Nothing),
        (NINE.into(), Expect::Solution { unique: true }),
        ("".into(), Expect::Nothing),
        (NO_SOLUTION.into(), Expect::Unsolvable),
        (FOUR_MANY.into(), Expect::Solution { unique: false }),
        ("   ".into(), Expect::Nothing),
        (
            format!("x{}", &NINE[1..]),
            Expect::Invalid("invalid character 'x' at row 1, column 1"),
        ),
        (
            NINE[..80].into(),
            Expect::Invalid(
                "80 cells fit no board: the nearest are 4x4 (16 cells) and 9x9 (81 cells)",
            ),
        ),
        (
            "11..............".into(),
            Expect::Invalid("conflicts with the same value"),
        ),
        (sixteen(), Expect::Solution { unique: false }),
        ("  # an indented comment".into(), Expect::Nothing),
        (lower, Expect::Solution { unique: false }),
        (tokens, Expect::Solution { unique: true }),
        (
            "G...............".into(),
            Expect::Invalid("invalid character 'G'"),
        ),
        (FOUR_ONE.into(), Expect::Solution { unique: true }),
    ]
}

/// The mixed input as file text, and the 1-based line of each entry.
fn mixed_text(entries: &[(String, Expect)]) -> String {
    entries
        .iter()
        .map(|(line, _)| format!("{line}\n"))
        .collect()
}

/// Checks a `solve` run over the mixed input: one aligned line per puzzle, and
/// one message per invalid line naming `name:LINE`.
fn check_mixed_solve(run: &Run, name: &str, unique: bool) {
    let entries = mixed();
    let puzzles: Vec<(usize, &String, Expect)> = entries
        .iter()
        .enumerate()
        .filter(|(_, (_, e))| !matches!(e, Expect::Nothing))
        .map(|(i, (line, e))| (i + 1, line, *e))
        .collect();
    let out = run.lines();
    assert_eq!(out.len(), puzzles.len(), "stdout: {}", run.stdout);
    let mut messages = Vec::new();
    for ((line_no, text, expect), got) in puzzles.iter().zip(&out) {
        match expect {
            Expect::Solution { unique: false } if unique => assert_eq!(*got, "multiple"),
            Expect::Solution { .. } => assert_solves(&text.parse().unwrap(), got),
            Expect::Unsolvable => assert_eq!(*got, "unsolvable"),
            Expect::Invalid(message) => {
                assert_eq!(*got, "invalid");
                messages.push((format!("error: {name}:{line_no}: "), *message));
            }
            Expect::Nothing => unreachable!(),
        }
    }
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(errors.len(), messages.len(), "stderr: {}", run.stderr);
    for (line, (prefix, message)) in errors.iter().zip(&messages) {
        assert!(
            line.starts_with(prefix),
            "{line:?} should start with {prefix:?}"
        );
        assert!(line.contains(message), "{line:?} should say {message:?}");
    }
    assert_eq!(run.code, 1);
}

#[test]
fn mixed_file_gives_aligned_lines_messages_and_exit_1() {
    let path = temp_file("mixed.txt", mixed_text(&mixed()).as_bytes());
    let run = ndoku(&["solve", path_str(&path)], b"");
    check_mixed_solve(&run, path_str(&path), false);
    // Solutions come back in the input's notation: lower case for lower case.
    let lines = run.lines();
    assert_eq!(lines[7], lines[6].to_lowercase());
    assert!(lines[6].contains('G'));
    assert!(
        lines[8].contains(' '),
        "tokens in, tokens out: {}",
        lines[8]
    );
}

#[test]
fn single_digit_tokens_come_back_as_tokens() {
    // `generate --format tokens` prints 4×4 and 9×9 boards as one-digit
    // numbers; solving that output keeps the notation, one line a puzzle.
    for boxw in ["2", "3"] {
        let made = ndoku(
            &[
                "generate", "--box", boxw, "--count", "3", "--seed", "4", "--format", "tokens",
            ],
            b"",
        );
        assert_eq!(made.code, 0, "{}", made.stderr);
        let run = ndoku(&["solve", "-"], made.stdout.as_bytes());
        assert_eq!(run.code, 0, "{}", run.stderr);
        let puzzles = made.lines();
        let solved = run.lines();
        assert_eq!(solved.len(), puzzles.len());
        for (puzzle, line) in puzzles.iter().zip(&solved) {
            let n = if boxw == "2" { 4 } else { 9 };
            assert_eq!(
                line.split(' ').count(),
                n * n,
                "tokens in, tokens out: {line}"
            );
            let puzzle = AnyBoard::parse_line(puzzle).expect("a puzzle");
            assert_solves(&puzzle, line);
        }
    }
}

#[test]
fn unique_prints_multiple() {
    let path = temp_file("mixed-unique.txt", mixed_text(&mixed()).as_bytes());
    let run = ndoku(&["solve", "--unique", path_str(&path)], b"");
    check_mixed_solve(&run, path_str(&path), true);
}

#[test]
fn stdin_is_read_and_named() {
    let text = mixed_text(&mixed());
    let run = ndoku(&["solve"], text.as_bytes());
    check_mixed_solve(&run, "<stdin>", false);
    let dash = ndoku(&["solve", "-", "--threads", "1"], text.as_bytes());
    check_mixed_solve(&dash, "<stdin>", false);
}

#[test]
fn threads_give_identical_output_across_chunks() {
    // Enough lines to span several chunks, with faults spread through them.
    let mut text = String::new();
    let four: Board4 = FOUR_ONE.parse().unwrap();
    for i in 0..20_000 {
        match i % 997 {
            0 => text.push_str("bad line\n"),
            1 => text.push_str(&format!("{NINE}\n")),
            2 => text.push_str(&format!("{NO_SOLUTION}\n")),
            3 => text.push_str("# comment\n"),
            _ => text.push_str(&format!("{four}\n")),
        }
    }
    let path = temp_file("many.txt", text.as_bytes());
    let one = ndoku(&["solve", "--threads", "1", path_str(&path)], b"");
    let two = ndoku(&["solve", "--threads", "2", path_str(&path)], b"");
    let all = ndoku(&["solve", path_str(&path)], b"");
    assert_eq!(one.code, 1);
    assert_eq!(one.lines().len(), 20_000 - 21);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stderr, two.stderr);
    assert_eq!(one.stdout, all.stdout);
    assert_eq!(one.stderr.lines().count(), 21);
    assert!(
        one.stderr
            .starts_with(&format!("error: {}:1: ", path_str(&path)))
    );
    assert!(
        one.stderr
            .contains(&format!("error: {}:19941: ", path_str(&path)))
    );
    for (got, want) in one
        .lines()
        .iter()
        .zip(text.lines().filter(|l| !l.starts_with('#')))
    {
        match want {
            "bad line" => assert_eq!(*got, "invalid"),
            NO_SOLUTION => assert_eq!(*got, "unsolvable"),
            puzzle => assert_solves(&puzzle.parse().unwrap(), got),
        }
    }
    let check1 = ndoku(&["check", "-j", "1", path_str(&path)], b"");
    let check2 = ndoku(&["check", "-j", "2", path_str(&path)], b"");
    assert_eq!(check1.stdout, check2.stdout);
}

#[test]
fn sample_puzzles_solve_with_exit_0_and_match_their_solutions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for size in ["4x4", "9x9", "16x16", "25x25"] {
        let file = root.join(format!("puzzles/{size}.txt"));
        let run = ndoku(&["solve", path_str(&file)], b"");
        assert_eq!(run.code, 0, "{size}: {}", run.stderr);
        assert_eq!(run.stderr, "");
        let text = std::fs::read_to_string(&file).unwrap();
        let puzzles: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(run.lines().len(), puzzles.len());
        for (puzzle, got) in puzzles.iter().zip(run.lines()) {
            match got {
                "unsolvable" => assert_eq!(*puzzle, NO_SOLUTION),
                _ => assert_solves(&puzzle.parse().unwrap(), got),
            }
        }
        let solutions = std::fs::read_to_string(root.join(format!("puzzles/{size}.solutions.txt")));
        assert_eq!(run.stdout, solutions.unwrap());
        let check = ndoku(&["check", path_str(&file)], b"");
        let n = &size[..size.find('x').unwrap()];
        for (line, puzzle) in check.lines().iter().zip(&puzzles) {
            let board: AnyBoard = puzzle.parse().unwrap();
            let want = if *puzzle == NO_SOLUTION {
                "unsolvable"
            } else {
                "unique"
            };
            assert_eq!(*line, format!("{want}\t{n}x{n}\t{}", board.givens()));
        }
    }
}

#[test]
fn unreadable_files_exit_2_and_the_rest_is_still_solved() {
    let good = temp_file("good.txt", format!("{NINE}\n").as_bytes());
    let binary = temp_file("binary.bin", b"\x7fELF\x02\x01\x01\x00\x00\x00");
    let dir = good.parent().unwrap();
    let run = ndoku(
        &[
            "solve",
            "nope.txt",
            path_str(&good),
            path_str(dir),
            path_str(&binary),
        ],
        b"",
    );
    assert_eq!(run.code, 2);
    assert_eq!(run.lines().len(), 1);
    assert_solves(&NINE.parse().unwrap(), run.lines()[0]);
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        errors,
        [
            "error: nope.txt: no such file or directory".to_string(),
            format!("error: {}: is a directory", path_str(dir)),
            format!(
                "error: {}: not a text file (it holds NUL bytes)",
                path_str(&binary)
            ),
        ]
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(ndoku(&["solve", "--no-such-flag"], b"").code, 2);
    assert_eq!(ndoku(&["frobnicate"], b"").code, 2);
    assert_eq!(ndoku(&["solve", "--format", "poster"], b"").code, 2);
    assert_eq!(ndoku(&["count", "--limit", "-3"], b"").code, 2);
    assert_eq!(ndoku(&["check", "--threads", "100000"], b"").code, 2);
    assert_eq!(ndoku(&["--help"], b"").code, 0);
}

#[test]
fn a_grid_file_is_one_puzzle() {
    let nine: Board9 = NINE.parse().unwrap();
    let grid = format!("# a puzzle typed as a grid\n\n{nine:#}\n");
    let path = temp_file("grid.txt", grid.as_bytes());
    let run = ndoku(&["solve", path_str(&path)], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.lines().len(), 1);
    assert_solves(&nine.clone().into(), run.lines()[0]);
    // A 16×16 grid with box rules, and a plain spaced 9×9 grid without them.
    let sixteen: Board16 = sixteen().parse().unwrap();
    let run = ndoku(&["solve"], format!("{sixteen:#}").as_bytes());
    assert_eq!(run.lines().len(), 1, "{}", run.stderr);
    assert_solves(&sixteen.into(), run.lines()[0]);
    let plain: String = format!("{nine:#}").replace(['|', '-', '+'], "");
    let run = ndoku(&["check"], plain.as_bytes());
    assert_eq!(run.stdout, format!("unique\t9x9\t{}\n", nine.givens()));
    // A grid with a short row is one invalid puzzle, named at the row's line.
    let mut rows: Vec<String> = format!("{nine:#}").lines().map(String::from).collect();
    let short = rows[2].len() - 2;
    rows[2].truncate(short);
    let broken = rows.join("\n");
    let run = ndoku(&["solve"], format!("#\n{broken}").as_bytes());
    assert_eq!(run.stdout, "invalid\n");
    assert_eq!(
        run.stderr,
        "error: <stdin>:4: row 3 has 8 cells, expected 9\n"
    );
    assert_eq!(run.code, 1);
    // A typo in the first or second row still leaves two rows of a width,
    // so the grid is one puzzle whose error names the row. The first row
    // only in a file: on stdin, a first line that is no row is answered at
    // once, as a line, without waiting for the next.
    let grid: Vec<String> = format!("{nine:#}").lines().map(String::from).collect();
    for (row, found) in [(0, 8), (1, 10)] {
        let mut rows = grid.clone();
        if found < 9 {
            rows[row].pop();
        } else {
            rows[row].push('.');
        }
        let text = rows.join("\n");
        let expected = format!("row {} has {found} cells, expected 9\n", row + 1);
        let path = temp_file("typo.txt", text.as_bytes());
        let run = ndoku(&["solve", path_str(&path)], b"");
        assert_eq!(run.stdout, "invalid\n");
        assert_eq!(
            run.stderr,
            format!("error: {}:{}: {expected}", path_str(&path), row + 1)
        );
        if row == 1 {
            let run = ndoku(&["solve"], text.as_bytes());
            assert_eq!(run.stderr, format!("error: <stdin>:2: {expected}"));
        }
    }
    // A whole puzzle on a line, its rows apart, is a puzzle, not a grid row
    // of nine, however many groups of nine it has.
    let grouped = |line: &str| {
        let rows: Vec<&str> = (0..9).map(|r| &line[r * 9..r * 9 + 9]).collect();
        rows.join(" ")
    };
    let text = format!("{}\n{}\n", grouped(NINE), grouped(NO_SOLUTION));
    let path = temp_file("grouped.txt", text.as_bytes());
    let run = ndoku(&["check", path_str(&path)], b"");
    assert_eq!(run.lines()[0], format!("unique\t9x9\t{}", nine.givens()));
    assert_eq!(run.lines()[1].split('\t').next(), Some("unsolvable"));
    assert_eq!(run.lines().len(), 2, "{}", run.stderr);
    // A 16×16 grid in numbers without box rules: sixteen numbers make a 4×4
    // puzzle too, but values past 4 make them a row, and once the grid is
    // found, so is a row of empty cells. 4×4 puzzles as tokens stay one a
    // line.
    let first = include_str!("../../puzzles/16x16.txt")
        .lines()
        .find(|l| !l.starts_with('#') && !l.is_empty())
        .unwrap();
    let mut board: Board16 = first.parse().unwrap();
    for c in 0..16 {
        board.clear(9, c).unwrap();
    }
    let tokens = board.to_tokens();
    let tokens: Vec<&str> = tokens.split(' ').collect();
    let rows: Vec<String> = tokens.chunks(16).map(|row| row.join(" ")).collect();
    let run = ndoku(&["solve"], rows.join("\n").as_bytes());
    assert_eq!(run.lines().len(), 1, "{}", run.stderr);
    assert_solves(&board.into(), run.lines()[0]);
    let four: Board4 = FOUR_ONE.parse().unwrap();
    // 4×4 lines of digits are puzzles, not rows of a 16×16 grid: a run of
    // digits is no number past 4. So are the 4×4 sample solutions.
    let run = ndoku(&["check"], b"0300002000021000\n1234341221434321\n");
    assert_eq!(
        run.lines()[0].split('\t').next(),
        Some("unique"),
        "{}",
        run.stderr
    );
    assert_eq!(run.lines().len(), 2);
    let samples = include_str!("../../puzzles/4x4.solutions.txt");
    let run = ndoku(&["check"], samples.as_bytes());
    assert_eq!(run.lines().len(), samples.lines().count(), "{}", run.stderr);
    assert!(run.lines().iter().all(|l| l.starts_with("unique\t4x4")));
    // (Spaced out twice: an empty word is no value past 4.)
    let spaced = four.to_tokens().replace(' ', "  ");
    let run = ndoku(
        &["check"],
        format!("{spaced}\n{spaced}\n{spaced}\n").as_bytes(),
    );
    assert_eq!(run.lines().len(), 3, "{}", run.stderr);
    // Two short lines first, then whole puzzles: a file of puzzles after all.
    let run = ndoku(
        &["solve"],
        format!("123456789\n.........\n{NINE}\n").as_bytes(),
    );
    assert_eq!(run.lines()[..2], ["invalid", "invalid"]);
    assert_solves(&nine.into(), run.lines()[2]);
    assert!(
        run.stderr
            .starts_with("error: <stdin>:1: 9 cells fit no board")
    );
    assert!(
        run.stderr
            .contains("error: <stdin>:2: 9 cells fit no board")
    );
}

#[test]
fn count_prints_exact_counts_up_to_the_limit() {
    let empty4 = ".".repeat(16);
    let input = format!("{FOUR_MANY}\n{FOUR_ONE}\n{NO_SOLUTION}\n{empty4}\nxx\n");
    let run = ndoku(&["count", "--limit", "5"], input.as_bytes());
    let four: Board4 = FOUR_MANY.parse().unwrap();
    let many = four.count_solutions(1000);
    assert!(many > 5);
    assert_eq!(run.lines(), [">5", "1", "0", ">5", "invalid"]);
    assert_eq!(run.code, 1);
    let run = ndoku(&["count"], input.as_bytes());
    let total = Board4::new().count_solutions(1000);
    assert_eq!(
        run.lines(),
        [
            many.to_string(),
            "1".into(),
            "0".into(),
            total.to_string(),
            "invalid".into()
        ]
    );
    let run = ndoku(
        &["count", "--limit", &many.to_string()],
        FOUR_MANY.as_bytes(),
    );
    assert_eq!(run.stdout, format!("{many}\n"));
    let run = ndoku(
        &["count", "--limit", &(many - 1).to_string()],
        FOUR_MANY.as_bytes(),
    );
    assert_eq!(run.stdout, format!(">{}\n", many - 1));
}

#[test]
fn check_names_size_and_givens() {
    let text = mixed_text(&mixed());
    let run = ndoku(&["check"], text.as_bytes());
    let entries = mixed();
    let puzzles = mixed_entries_with_output(&entries);
    assert_eq!(run.lines().len(), puzzles.len());
    for ((line, expect), got) in puzzles.iter().zip(run.lines()) {
        let word = match expect {
            Expect::Solution { unique: true } => "unique",
            Expect::Solution { unique: false } => "multiple",
            Expect::Unsolvable => "unsolvable",
            _ => {
                assert_eq!(got, "invalid");
                continue;
            }
        };
        let board: AnyBoard = line.parse().unwrap();
        let n = board.size();
        assert_eq!(got, format!("{word}\t{n}x{n}\t{}", board.givens()));
    }
    assert_eq!(run.code, 1);
}

fn mixed_entries_with_output(entries: &[(String, Expect)]) -> Vec<&(String, Expect)> {
    entries
        .iter()
        .filter(|(_, e)| !matches!(e, Expect::Nothing))
        .collect()
}

#[test]
fn a_budget_gives_up_and_never_answers_wrongly() {
    let empty9 = ".".repeat(81);
    let input = format!("{empty9}\n{FOUR_ONE}\n");
    let run = ndoku(&["solve", "--max-nodes", "0"], input.as_bytes());
    assert_eq!(run.lines()[0], "gave-up");
    assert_solves(&FOUR_ONE.parse().unwrap(), run.lines()[1]);
    assert_eq!(run.code, 0);
    let run = ndoku(&["check", "--max-nodes", "0"], input.as_bytes());
    assert_eq!(run.lines()[0], "gave-up\t9x9\t0");
    let run = ndoku(&["count", "--max-nodes", "5"], input.as_bytes());
    assert_eq!(run.lines(), ["gave-up", "1"]);
    // A 64×64 token line gives up quickly, or is solved right.
    let mut cells = vec!["0".to_string(); 4096];
    cells[0] = "64".into();
    let line = cells.join(" ");
    let run = ndoku(&["solve", "--max-nodes", "200"], line.as_bytes());
    match run.lines()[..] {
        ["gave-up"] => {}
        [solution] => assert_solves(&line.parse().unwrap(), solution),
        _ => panic!("one line expected: {}", run.stdout),
    }
}

#[test]
fn a_time_limit_gives_up_and_keeps_lines_aligned() {
    // Under a zero limit a puzzle that needs a guess gives up; one that
    // singles solve, a bad line and the rest still get their own lines.
    let empty9 = ".".repeat(81);
    let input = format!("{empty9}\n{NINE}\nnot a puzzle\n{empty9}\n");
    let run = ndoku(&["solve", "--time-limit", "0"], input.as_bytes());
    let lines = run.lines();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    assert_eq!(lines[0], "gave-up");
    assert_solves(&NINE.parse().unwrap(), lines[1]);
    assert!(lines[2].starts_with("invalid"), "{}", lines[2]);
    assert_eq!(lines[3], "gave-up");
    assert_eq!(run.code, 1, "a bad line: exit 1");
    // Counting every solution of the empty board never ends; the limit
    // stops it, and a generous limit leaves other answers alone.
    let run = ndoku(
        &["count", "--limit", "1000000000", "--time-limit", "0.2"],
        empty9.as_bytes(),
    );
    assert_eq!(run.lines(), ["gave-up"]);
    let run = ndoku(&["check", "--time-limit", "600"], NINE.as_bytes());
    assert_eq!(
        run.lines(),
        ["unique\t9x9\t".to_string() + &NINE.parse::<AnyBoard>().unwrap().givens().to_string()]
    );
    // What is not a number of seconds, zero or more, is a usage error.
    for bad in ["-1", "abc", "nan", "inf", "", "1e20"] {
        let run = ndoku(&["solve", &format!("--time-limit={bad}")], NINE.as_bytes());
        assert_eq!(run.code, 2, "--time-limit={bad}");
        assert!(run.stderr.contains("--time-limit"), "{}", run.stderr);
        // A limit too long to hold is said to be too long, not negative.
        let why = match bad {
            "-1" | "nan" => "zero or more seconds",
            "inf" | "1e20" => "too long",
            _ => "a number of seconds",
        };
        assert!(run.stderr.contains(why), "{bad}: {}", run.stderr);
    }
}

#[test]
fn a_hash_starts_a_comment_to_the_end_of_the_line() {
    // Puzzle collections often rate or name a puzzle after it on its line.
    let input = format!("{NINE} # rating 7.2\n# a comment line\n{NO_SOLUTION}#source\n");
    let run = ndoku(&["check"], input.as_bytes());
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(run.lines().len(), 2);
    assert!(run.lines()[0].starts_with("unique\t9x9"));
    assert!(run.lines()[1].starts_with("unsolvable\t9x9"));
    // What comes before the `#` must still be a whole puzzle.
    let run = ndoku(&["check"], format!("{}x # note\n", &NINE[..80]).as_bytes());
    assert_eq!(run.lines(), ["invalid"]);
    assert!(
        run.stderr.contains(":1: invalid character 'x'"),
        "{}",
        run.stderr
    );
}

#[test]
fn formats_grid_tokens_and_hex() {
    let run = ndoku(&["solve", "--format", "grid"], NINE.as_bytes());
    let grid = run.stdout.trim_end();
    assert!(grid.contains("-+-") && grid.lines().count() == 11);
    assert_solves(&NINE.parse().unwrap(), grid);
    let run = ndoku(&["solve", "--format", "tokens"], FOUR_ONE.as_bytes());
    let solution = Board4::from_tokens(run.stdout.trim()).expect("tokens");
    assert_solves(&FOUR_ONE.parse().unwrap(), &solution.to_string());
    // Hex in, hex out; the same puzzle in the standard alphabet has the same answer.
    let standard: Board16 = sixteen().parse().unwrap();
    let hex = standard.to_hex();
    let run = ndoku(&["solve", "--hex"], hex.as_bytes());
    let solved = Board16::from_hex(run.stdout.trim()).expect("hex output");
    assert!(solved.is_solved() && standard.is_completed_by(&solved));
    let run = ndoku(&["solve", "--hex", "--format", "grid"], hex.as_bytes());
    assert_eq!(Board::<4>::from_hex(&run.stdout).unwrap(), solved);
    // Lower-case hex in, lower-case hex out, in line and grid format.
    let lower = hex.to_ascii_lowercase();
    let run = ndoku(&["solve", "--hex"], lower.as_bytes());
    assert_eq!(run.stdout.trim(), solved.to_hex().to_ascii_lowercase());
    let run = ndoku(&["solve", "--hex", "--format", "grid"], lower.as_bytes());
    assert!(
        !run.stdout.contains(|c: char| c.is_ascii_uppercase()),
        "{}",
        run.stdout
    );
    assert_eq!(Board::<4>::from_hex(&run.stdout).unwrap(), solved);
    // Without --hex, hex that reads as letters too is refused, not solved
    // as another puzzle; with a G it can only be ndoku's letters.
    for text in [&hex, &lower] {
        let run = ndoku(&["solve"], text.as_bytes());
        assert_eq!((run.stdout.as_str(), run.code), ("invalid\n", 1));
        assert!(run.stderr.contains("pass --hex"), "{}", run.stderr);
    }
    let run = ndoku(&["check"], sixteen().replacen('.', "0", 1).as_bytes());
    assert!(run.stdout.starts_with("unique\t16x16") || run.stdout.starts_with("multiple\t16x16"));
    let run = ndoku(&["solve", "--hex"], NINE.as_bytes());
    assert_eq!((run.stdout.as_str(), run.code), ("invalid\n", 1));
    assert!(run.stderr.contains("expected 256 cells"), "{}", run.stderr);
    // In grid format every answer is a block ending in a blank line, words
    // as well as solutions, so that the output splits into one per puzzle.
    let empty = ".".repeat(16);
    let puzzles = format!(
        "{NINE}\n{NINE}x\n{empty}\n11..............\n{}\n",
        ".".repeat(81)
    );
    let run = ndoku(
        &["solve", "--unique", "--format", "grid", "--max-nodes", "0"],
        puzzles.as_bytes(),
    );
    let blocks: Vec<&str> = run.stdout.split_terminator("\n\n").collect();
    assert_eq!(blocks.len(), 5, "{}", run.stdout);
    assert_solves(&NINE.parse().unwrap(), blocks[0]);
    assert_eq!(blocks[1..], ["invalid", "gave-up", "invalid", "gave-up"]);
    let run = ndoku(&["solve", "--unique", "--format", "grid"], empty.as_bytes());
    assert_eq!(run.stdout, "multiple\n\n");
}

#[test]
fn odd_input_never_panics() {
    // Empty input, a huge line, invalid UTF-8, a lone box rule, CRLF line ends.
    let run = ndoku(&["solve"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (0, ""));
    let huge = ".".repeat(3 << 20);
    let run = ndoku(&["solve"], format!("{huge}\n{FOUR_ONE}\n").as_bytes());
    assert_eq!(run.lines()[0], "invalid");
    assert_solves(&FOUR_ONE.parse().unwrap(), run.lines()[1]);
    assert!(
        run.stderr
            .starts_with("error: <stdin>:1: line is longer than")
    );
    let run = ndoku(&["solve"], b"1.3.\xff\xfe..........\n-----+-----\r\n");
    assert_eq!(run.lines(), ["invalid", "invalid"]);
    assert!(run.stderr.contains("<stdin>:1: invalid UTF-8 at byte 5"));
    assert!(run.stderr.contains("<stdin>:2: no cells found"));
    let run = ndoku(&["solve"], format!("\u{feff}{FOUR_ONE}\r\n").as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// A fixed-seed generator for the random-bytes test.
fn random_bytes(seed: u64, len: usize, alphabet: &[u8]) -> Vec<u8> {
    let mut state = seed;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            alphabet[(state % alphabet.len() as u64) as usize]
        })
        .collect()
}

#[test]
fn random_bytes_never_panic() {
    let all: Vec<u8> = (0..=255).collect();
    let text = b"123456789ABCDEFGabcdefg.0_ \t,|+-#\n\n\n\xff";
    for seed in 1..=12u64 {
        let alphabet: &[u8] = if seed % 2 == 0 { &all } else { text };
        let bytes = random_bytes(seed * 0x9E37_79B9, 20_000, alphabet);
        for command in ["solve", "count", "check"] {
            let run = ndoku(&[command, "--max-nodes", "1000"], &bytes);
            assert!(
                matches!(run.code, 0 | 1),
                "exit {}: {}",
                run.code,
                run.stderr
            );
            // One output line per line that holds anything but a comment, or
            // fewer when lines were read as grids, each of several rows.
            let content = bytes
                .split(|&b| b == b'\n')
                .filter(|l| !l.trim_ascii().is_empty() && l.trim_ascii()[0] != b'#')
                .count();
            assert!((1..=content).contains(&run.lines().len()));
            assert_eq!(
                run.stderr.lines().count(),
                run.stdout.matches("invalid").count()
            );
        }
        // As a file, bytes with NUL in them are not text (exit 2), and no panic.
        let path = temp_file(&format!("random-{seed}.bin"), &bytes);
        let run = ndoku(&["solve", path_str(&path)], b"");
        assert!(matches!(run.code, 0..=2), "exit {}", run.code);
    }
}

#[test]
fn stats_summarise_on_stderr() {
    let text = mixed_text(&mixed());
    let run = ndoku(&["solve", "--stats", "--quiet"], text.as_bytes());
    let puzzles = mixed_entries_with_output(&mixed()).len();
    let invalid = run.stdout.matches("invalid").count();
    assert!(
        run.stderr.contains(&format!("puzzles     {puzzles}\n")),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains(&format!("invalid     {invalid}\n")));
    assert!(run.stderr.contains("unsolvable  1\n"));
    assert!(
        run.stderr
            .contains(&format!("solved      {}\n", puzzles - invalid - 1))
    );
    for key in ["wall time", "puzzles/s", "guesses"] {
        assert!(run.stderr.contains(key), "{key}: {}", run.stderr);
    }
}

#[test]
fn a_grid_drawn_with_box_drawing_characters_is_one_puzzle() {
    let puzzle: Board9 = NINE.parse().unwrap();
    let mut grid = String::from("┌───────┬───────┬───────┐\n");
    for r in 0..9 {
        if r == 3 || r == 6 {
            grid.push_str("├───────┼───────┼───────┤\n");
        }
        let cells: Vec<String> = (0..9)
            .map(|c| puzzle.get(r, c).map_or(".".into(), |v| v.to_string()))
            .collect();
        let stacks: Vec<String> = cells.chunks(3).map(|s| s.join(" ")).collect();
        grid.push_str(&format!("│ {} │\n", stacks.join(" │ ")));
    }
    grid.push_str("└───────┴───────┴───────┘\n");
    let path = temp_file("drawn.txt", grid.as_bytes());
    let run = ndoku(&["solve", path_str(&path)], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_solves(&NINE.parse().unwrap(), run.stdout.trim());
}

/// `/dev/zero`, as a file and on stdin, is no text: it ends with exit 2 and
/// the not-text error, after the puzzles before it on stdin are answered.
#[cfg(unix)]
#[test]
fn an_endless_stream_without_line_breaks_ends() {
    let finish = |mut child: std::process::Child| {
        // Not a speed check: a regression would read forever; give it long.
        let deadline = Instant::now() + Duration::from_secs(120);
        while child.try_wait().unwrap().is_none() {
            if Instant::now() > deadline {
                child.kill().unwrap();
                panic!("ndoku still reading an endless stream after 120 s");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        child.wait_with_output().unwrap()
    };
    let mut child = spawn(&["solve", "/dev/zero"]);
    drop(child.stdin.take());
    let out = finish(child);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/dev/zero: not a text file"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_ndoku"))
        .arg("solve")
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdin.take());
    let out = finish(child);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("<stdin>: not a text file"));
}

#[test]
fn a_reader_that_stops_early_keeps_the_invalid_status() {
    // `ndoku solve FILE | head -1`: the pipe closes after the first answer,
    // `invalid`; the exit status still says a line was invalid.
    let mut text = format!("{NINE}x\n");
    text.push_str(&format!("{}\n", ".".repeat(81)).repeat(100_000));
    let path = temp_file("stops-early.txt", text.as_bytes());
    let mut child = spawn(&["solve", "--max-nodes", "0", path_str(&path)]);
    drop(child.stdin.take());
    let mut first = String::new();
    let mut stdout = std::io::BufReader::new(child.stdout.take().expect("stdout is piped"));
    std::io::BufRead::read_line(&mut stdout, &mut first).unwrap();
    assert_eq!(first, "invalid\n");
    drop(stdout);
    let status = child.wait().expect("ndoku ends");
    assert_eq!(status.code(), Some(1));
}

#[test]
fn a_puzzle_piped_in_is_answered_before_the_next_arrives() {
    use std::io::{BufRead, BufReader};
    let mut child = spawn(&["solve"]);
    let mut input = child.stdin.take().expect("stdin is piped");
    let output = child.stdout.take().expect("stdout is piped");
    let (send, receive) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            if send.send(line.expect("UTF-8 output")).is_err() {
                break;
            }
        }
    });
    // Each answer must come while stdin is still open; a minute is a generous
    // bound for a hang, not a speed test.
    let wait = std::time::Duration::from_secs(60);
    for puzzle in [FOUR_ONE, NINE, FOUR_MANY] {
        writeln!(input, "{puzzle}").expect("the binary reads");
        input.flush().expect("the binary reads");
        let answer = receive
            .recv_timeout(wait)
            .expect("an answer before more input");
        assert_solves(&puzzle.parse().unwrap(), &answer);
    }
    drop(input);
    assert!(child.wait().expect("it ends").success());
    reader.join().expect("the reader ends");
}

/// Runs `ndoku ARGS > stdout-file` under `script`, which gives it a terminal
/// for stderr, with three puzzles piped in over about 1.5 seconds: past the
/// second after which a run shows its progress bar. Returns what the terminal
/// showed.
fn on_terminal(args: &str) -> String {
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let out = temp_file(&format!("progress-{}.out", args.len()), b"");
    let command = format!(
        "(echo {puzzle}; sleep 1.2; echo {puzzle}; sleep 0.3; echo {puzzle}) | {} {args} > {}",
        env!("CARGO_BIN_EXE_ndoku"),
        out.display()
    );
    // `script` (util-linux, in every Debian) runs the command on a fresh pseudo-terminal.
    let output = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .expect("`script` from util-linux is installed, to give the binary a terminal");
    assert!(output.status.success(), "{output:?}");
    let lines = std::fs::read_to_string(&out).expect("stdout file");
    assert_eq!(
        lines.lines().count(),
        3,
        "three answers on stdout: {lines:?}"
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn progress_shows_on_a_terminal_for_long_runs_and_quiet_hides_it() {
    let shown = on_terminal("solve");
    assert!(
        shown.contains("puzzles,") && shown.contains("/s"),
        "no progress bar on the terminal: {shown:?}"
    );
    let hidden = on_terminal("solve --quiet");
    assert!(!hidden.contains("puzzles"), "--quiet showed: {hidden:?}");
}

/// An error in a grid names the line of the row it is in, past comment,
/// blank and rule lines.
#[test]
fn a_grid_error_names_the_line_of_its_row() {
    let nine: Board9 = NINE.parse().unwrap();
    let mut lines: Vec<String> = format!("{nine:#}").lines().map(String::from).collect();
    // Row 6 (0-based 5) of the grid is text line 7 (0-based 6), below a rule.
    let bad = lines[6].replacen('.', "x", 1);
    lines[6] = bad;
    lines.insert(3, String::new());
    let text = format!("# comment\n{}\n", lines.join("\n"));
    let path = temp_file("typo-below.txt", text.as_bytes());
    let run = ndoku(&["solve", path_str(&path)], b"");
    assert_eq!(run.stdout, "invalid\n");
    // Line 1 the comment, 2-4 rows 1-3, 5 blank, 6 a rule, 7-9 rows 4-6.
    assert!(
        run.stderr.starts_with(&format!(
            "error: {}:9: invalid character 'x' at row 6,",
            path_str(&path)
        )),
        "{}",
        run.stderr
    );
    // A bad character past the end of a long row is placed by the count of
    // cells, on the next row: its line is not that row's, so the grid's
    // first line is named.
    let mut rows: Vec<String> = NINE
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    rows[2].push('x');
    let path = temp_file("long-row.txt", rows.join("\n").as_bytes());
    let run = ndoku(&["solve", path_str(&path)], b"");
    let first_line = format!(
        "error: {}:1: invalid character 'x' at row 4,",
        path_str(&path)
    );
    assert!(run.stderr.starts_with(&first_line), "{}", run.stderr);
}

/// A full disk is a write failure: exit 2 and a message, not exit 0 with
/// the answers gone. `/dev/null`, opened write-only by the shell or
/// read-write (as Python's `subprocess.DEVNULL` and `1<>` open it), is
/// still a place to write.
#[cfg(unix)]
#[test]
fn a_full_disk_fails_and_dev_null_does_not() {
    let run = |redirect: &str| {
        Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" solve puzzles/9x9.txt {redirect}"))
            .arg(env!("CARGO_BIN_EXE_ndoku"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("sh runs")
    };
    assert_eq!(run("> /dev/null").status.code(), Some(0));
    assert_eq!(run("1<> /dev/null").status.code(), Some(0));
    let full = run("> /dev/full");
    assert_eq!(full.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&full.stderr).contains("cannot write output"));
}

/// A file of 81 real 9×9 puzzles, which repeat values, or of 80 lines of
/// 81 `.`, is that many puzzles, not the rows of one 81×81 board (those are
/// in `cli_big.rs`).
#[test]
fn lines_of_81_cells_are_puzzles_unless_they_make_a_square() {
    // Real puzzles, 81 of them, and 80 empty lines: lines as before.
    let puzzles = format!("{NINE}\n").repeat(81);
    let path = temp_file("nine81.txt", puzzles.as_bytes());
    let run = ndoku(&["solve", path_str(&path)], b"");
    assert_eq!((run.code, run.stdout.lines().count()), (0, 81));
    let path = temp_file(
        "empty80.txt",
        format!("{}\n", ".".repeat(81)).repeat(80).as_bytes(),
    );
    let run = ndoku(&["count", "--limit", "1", path_str(&path)], b"");
    assert_eq!(run.stdout, ">1\n".repeat(80));
}

/// A line of N×N cells for a side with no typed board (6×6 in boxes of
/// 2×3, 8×8, 10×10 and 12×12) is one puzzle of the run-time model: it is
/// solved, counted, checked and rated, aligned with 9×9 lines beside it, and
/// a repeated value is an error that names it.
#[test]
fn lines_of_sides_with_rectangular_boxes_are_puzzles() {
    use ndoku::{Puzzle, Rules};
    // The pattern grid of boxes h×w, with every third cell blanked.
    let puzzle = |h: usize, w: usize| {
        let n = h * w;
        let digit = |v: usize| {
            char::from_digit(v as u32 + 1, 36)
                .unwrap()
                .to_ascii_uppercase()
        };
        (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                let v = (w * (r % h) + r / h + c) % n;
                if i % 3 == 1 { '.' } else { digit(v) }
            })
            .collect::<String>()
    };
    let lines = [
        puzzle(2, 3),
        NINE.to_owned(),
        puzzle(2, 4),
        puzzle(2, 5),
        puzzle(3, 4),
    ];
    let bad = format!("11{}", &lines[0][2..]);
    let text = format!("{}\n{bad}\n", lines.join("\n"));
    let path = temp_file("rectangular.txt", text.as_bytes());
    let run = ndoku(&["solve", "-j2", path_str(&path)], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let out = run.lines();
    assert_eq!(out.len(), 6, "{}", run.stdout);
    for (line, printed) in lines.iter().zip(&out) {
        let puzzle: Puzzle = line.parse().expect("a puzzle");
        let solution: Puzzle = printed.parse().expect("a solution");
        let rules = Rules::classic(puzzle.size()).unwrap();
        assert_eq!(rules.check(solution.cells()), Ok(()), "{printed}");
        assert!(puzzle.is_completed_by(&solution), "givens lost: {printed}");
    }
    assert_eq!(out[5], "invalid");
    assert!(
        run.stderr.contains(":6: value 1 at R1C1 repeats at R1C2"),
        "{}",
        run.stderr
    );
    let run = ndoku(&["check", path_str(&path)], b"");
    let checked = run.lines();
    assert!(
        ["unique\t6x6\t24", "multiple\t6x6\t24"].contains(&checked[0]),
        "{}",
        run.stdout
    );
    assert_eq!(checked[3], "unique\t10x10\t67");
    let run = ndoku(&["rate", path_str(&path)], b"");
    let rated = run.lines();
    assert_eq!(rated.len(), 6, "{}", run.stdout);
    assert!(!rated[0].starts_with("invalid"), "{}", run.stdout);
    assert!(
        rated[3].starts_with(|c: char| c.is_ascii_digit()),
        "{}",
        run.stdout
    );
    assert!(rated[5].starts_with("invalid"), "{}", rated[5]);
}
