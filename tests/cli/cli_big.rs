//! The `ndoku` binary on boards larger than 64×64: a grid of N lines of N
//! cells (tokens or boxed text) is one puzzle for every N up to 400, solved
//! by the run-time engine under the classic rules of its size; a larger N is
//! one error naming the size. The slow cases (hkociemba's 400×400 puzzles,
//! boards with half their cells empty) are `_in_full` tests, run in release
//! by `.ci/run`.

use std::path::Path;

use ndoku::{Puzzle, Rules};

use crate::big;
use crate::run;
use big::{blanked, boxed, pattern, tokens};
use run::{Run, ndoku};

const NINE: &str =
    "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..";

/// Runs `ndoku ARGS FILE` on a file holding `content`.
fn on_file(args: &[&str], name: &str, content: &str) -> Run {
    let path = run::temp_file("cli_big", name, content);
    let mut args = args.to_vec();
    args.push(path.to_str().expect("UTF-8 path"));
    ndoku(&args, b"")
}

/// Asserts that `run` answered one `invalid` puzzle, exit status 1, with an
/// error that ends in `tail`.
fn assert_invalid(run: &Run, tail: &str) {
    assert_eq!((run.code, run.stdout.as_str()), (1, "invalid\n"));
    assert!(run.stderr.ends_with(tail), "{}", run.stderr);
}

/// Asserts that `printed` is a solution of `puzzle`: tokens of a full grid
/// of its size that keep every given and every rule ([`Rules::check`]).
fn assert_solves(puzzle: &Puzzle, printed: &str) {
    let solution: Puzzle = printed
        .parse()
        .unwrap_or_else(|e| panic!("not a board ({e}): {:.80}", printed));
    assert_eq!(solution.size(), puzzle.size());
    assert_eq!(puzzle.rules().check(solution.cells()), Ok(()));
    assert!(solution.cells().iter().all(|&v| v != 0), "not full");
    assert!(puzzle.is_completed_by(&solution), "givens lost");
}

/// The puzzle of boxes `h`×`w` with `kept` percent of a solution kept.
fn puzzle(h: usize, w: usize, kept: u64, seed: u64) -> Puzzle {
    let cells = blanked(&pattern(h, w), kept, seed);
    Puzzle::from_cells(Rules::classic(h * w).unwrap(), &cells).unwrap()
}

/// `solve`, `count --limit 1` and `check` of `text` in a file: one line
/// each, a solution, and a count and a verdict that agree (`1` and
/// `unique`, or `>1` and `multiple`: a pattern grid with cells blanked need
/// not be unique), with the size and the givens. Returns the verdict.
fn answers_once(puzzle: &Puzzle, name: &str, text: &str) -> &'static str {
    let n = puzzle.size();
    let run = on_file(&["solve", "-j2"], name, text);
    assert_eq!(
        (run.code, run.lines().len()),
        (0, 1),
        "{name}: {}",
        run.stderr
    );
    assert_solves(puzzle, run.lines()[0]);
    let run = on_file(&["count", "--limit", "1"], name, text);
    let verdict = match (run.code, run.stdout.as_str()) {
        (0, "1\n") => "unique",
        (0, ">1\n") => "multiple",
        _ => panic!("{name}: count printed {:?}: {}", run.stdout, run.stderr),
    };
    let run = on_file(&["check"], name, text);
    let expected = format!("{verdict}\t{n}x{n}\t{}\n", puzzle.givens());
    assert_eq!((run.code, run.stdout), (0, expected), "{name}");
    verdict
}

#[test]
fn a_grid_of_n_lines_is_one_puzzle_with_square_or_rectangular_boxes() {
    // Most cells kept, so that a debug build solves them at once.
    for (h, w, seed) in [(9, 9, 1), (9, 10, 2)] {
        let (p, n) = (puzzle(h, w, 95, seed), h * w);
        let texts = [
            ("rows", tokens(p.cells(), n, " ", true)),
            ("commas", tokens(p.cells(), n, ", ", true)),
            ("boxed", boxed(p.cells(), h, w)),
        ];
        for (kind, text) in texts {
            let name = format!("{kind}{n}.txt");
            assert_eq!(answers_once(&p, &name, &text), "unique", "{name}");
        }
    }
    let wide = puzzle(9, 10, 95, 2);
    // The grid format prints rows of tokens, a rule line between bands of
    // nine rows, and a blank line.
    let run = on_file(
        &["solve", "--format", "grid"],
        "grid90.txt",
        &boxed(wide.cells(), 9, 10),
    );
    assert_eq!(run.lines().len(), 90 + 9 + 1, "{}", run.stderr);
    assert_solves(&wide, &run.stdout);
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn half_empty_big_grids_are_solved_in_full() {
    for (h, w, kept) in [(9, 9, 50), (10, 10, 50), (9, 10, 55), (11, 12, 60)] {
        let p = puzzle(h, w, kept, 7);
        answers_once(&p, "half.txt", &boxed(p.cells(), h, w));
    }
}

/// A 400×400 board in tokens on one line, spaced so that it takes 1.2 MB,
/// past the 1 MiB limit lines once had.
fn line_400(kept: u64) -> (Puzzle, String) {
    let p = puzzle(20, 20, kept, 11);
    let line = tokens(p.cells(), 400, "  ,  ", false);
    assert!(line.len() > 1 << 20);
    (p, line)
}

/// A line of tokens for a whole board is read, however long: a bad token in
/// its last cell is named by row and column (a debug build would take half a
/// minute to check the board itself: that is the `_in_full` twin's).
#[test]
fn a_line_of_tokens_for_a_whole_400x400_board_is_read() {
    let (_, line) = line_400(100);
    let bad = format!("{}x\n", line.trim_end().trim_end_matches(char::is_numeric));
    let run = on_file(&["check"], "bad400.txt", &bad);
    assert_invalid(&run, ":1: invalid token \"x\" at row 400, column 400\n");
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn a_line_of_tokens_for_a_whole_400x400_board_is_solved_in_full() {
    let (full, line) = line_400(100);
    let run = on_file(&["check"], "line400.txt", &line);
    let expected = format!("unique\t400x400\t{}\n", full.givens());
    assert_eq!(run.stdout, expected, "{}", run.stderr);
    let (p, line) = line_400(65);
    answers_once(&p, "line400.txt", &line);
}

/// Squares of whole-puzzle lines, once misread: 81 lines of 81 `.` in a
/// file were 81 puzzles, or one error; 81×81 and 256×256 grids with values
/// were one error each. Each is one puzzle now.
#[test]
fn the_old_misreads_are_one_puzzle_each() {
    let dots = format!("{}\n", ".".repeat(81)).repeat(81);
    // Two givens that repeat in a column: one invalid puzzle, whose error
    // names the rule and the line of the second.
    let mut clash = dots.clone().into_bytes();
    clash[3] = b'7';
    clash[80 * 82 + 3] = b'7';
    let run = on_file(
        &["solve"],
        "clash81.txt",
        std::str::from_utf8(&clash).unwrap(),
    );
    assert_invalid(&run, ":81: value 7 at R1C4 repeats at R81C4: one column\n");
    let full = puzzle(9, 9, 100, 0);
    let run = on_file(
        &["check"],
        "values81.txt",
        &tokens(full.cells(), 81, " ", true),
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "unique\t81x81\t6561\n")
    );
    let nearly = puzzle(9, 9, 90, 3);
    let rows = tokens(nearly.cells(), 81, " ", true);
    answers_once(&nearly, "nearly81.txt", &rows);
}

/// The slow half of the misreads: an empty 81×81 of `.` solved, and a
/// 256×256 grid with values (a square of 256 whole 16×16 lines) checked.
#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn the_old_misreads_are_one_puzzle_each_in_full() {
    let dots = format!("{}\n", ".".repeat(81)).repeat(81);
    let run = on_file(&["solve"], "dots81.txt", &dots);
    assert_eq!(run.lines().len(), 1, "{}", run.stderr);
    assert_solves(&Puzzle::new(Rules::classic(81).unwrap()), run.lines()[0]);
    let p = puzzle(16, 16, 90, 5);
    answers_once(&p, "values256.txt", &tokens(p.cells(), 256, " ", true));
}

#[test]
fn an_unsupported_size_is_one_error_naming_it() {
    for n in [401, 500] {
        let grid = format!("{}\n", vec!["."; n].join(" ")).repeat(n);
        let run = on_file(&["solve", "-j2"], "huge.txt", &format!("{grid}{NINE}\n"));
        assert_eq!(run.lines().len(), 2, "{}", run.stdout);
        assert_eq!(run.lines()[0], "invalid");
        assert_eq!(run.lines()[1].len(), 81);
        assert!(
            run.stderr.ends_with(&format!(
                ":1: a {n}x{n} grid: ndoku solves boards up to 400x400\n"
            )),
            "{}",
            run.stderr
        );
        assert_eq!(run.code, 1);
    }
    let line = vec!["."; 401 * 401].join(" ");
    let run = on_file(&["count"], "line401.txt", &line);
    let message = ":1: a 401x401 board is not supported: sizes run from 1 to 400\n";
    assert_invalid(&run, message);
}

/// A 100×100 grid with box rules and a bad token on its 13th row, then
/// notes (skipped) and a 9×9 puzzle (read on its own), on standard input
/// and in a file, on one thread or two: two answers, in order.
#[test]
fn a_bad_token_names_its_line_and_column() {
    let cells = blanked(&pattern(10, 10), 60, 9);
    let mut lines: Vec<String> = boxed(&cells, 10, 10).lines().map(str::to_owned).collect();
    // Row 13 is line 15 of the grid, under a rule above each band of ten.
    let row = &mut lines[14];
    let first = row.find(|c: char| c.is_ascii_digit() || c == '.').unwrap();
    let end = first + row[first..].find(' ').unwrap();
    row.replace_range(first..end, "7b");
    let grid = lines.join("\n") + "\n";
    let input = format!("# a 100x100 puzzle\n{grid}116 givens, 457 candidates.\nminimal\n{NINE}\n");
    for threads in ["-j1", "-j2"] {
        let run = ndoku(&["solve", threads], input.as_bytes());
        assert_eq!(run.lines().len(), 2, "{}", run.stdout);
        assert_eq!(run.lines()[0], "invalid");
        assert_eq!(run.lines()[1].len(), 81);
        assert_eq!(
            run.stderr,
            "error: <stdin>:16: invalid token \"7b\" at row 13, column 1\n"
        );
        let file = on_file(&["solve", threads], "bad100.txt", &input);
        assert_eq!(file.stdout, run.stdout);
        assert!(file.stderr.ends_with(&run.stderr[14..]), "{}", file.stderr);
    }
    // Three rows of such a grid and nothing else: too few cells.
    let three: String = grid
        .lines()
        .skip(1)
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    let run = ndoku(&["check"], three.as_bytes());
    assert_eq!(run.stdout, "invalid\n");
    assert_eq!(
        run.stderr,
        "error: <stdin>:1: expected 10000 cells for a 100x100 board, found 300\n"
    );
}

/// On standard input lines are answered as they come: 81 lines of 81 `.`
/// there are 81 empty 9×9 puzzles, as before; a grid whose rows have more
/// than 64 numbers, or box rules, is one puzzle there too.
#[test]
fn standard_input_keeps_lines_and_reads_wide_grids() {
    let dots = format!("{}\n", ".".repeat(81)).repeat(81);
    let run = ndoku(&["count", "--limit", "1"], dots.as_bytes());
    assert_eq!(run.stdout, ">1\n".repeat(81));
    let p = puzzle(10, 10, 95, 4);
    let run = ndoku(&["solve"], boxed(p.cells(), 10, 10).as_bytes());
    assert_eq!(run.lines().len(), 1, "{}", run.stderr);
    assert_solves(&p, run.lines()[0]);
}

/// hkociemba's two 400×400 puzzles, with the notes their files end with:
/// one answer each, every given kept, every rule kept.
#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn kociembas_400x400_files_are_solved_in_full() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/400x400");
    for name in ["kociemba_singles_1.txt", "kociemba_singles_2.txt"] {
        let path = dir.join(name);
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("notice: {} not found; skipping", path.display());
            return;
        };
        let grid: Vec<&str> = text.lines().filter(|l| l.contains(['|', '+'])).collect();
        let puzzle: Puzzle = grid.join("\n").parse().unwrap();
        let file = path.to_str().unwrap();
        let run = ndoku(&["solve", file], b"");
        assert_eq!(
            (run.code, run.lines().len()),
            (0, 1),
            "{name}: {}",
            run.stderr
        );
        assert_solves(&puzzle, run.lines()[0]);
        let run = ndoku(&["check", file], b"");
        let expected = format!("unique\t400x400\t{}\n", puzzle.givens());
        assert_eq!(run.stdout, expected, "{name}");
    }
}

/// The same files read, without solving: a bad token on line 7 of a copy is
/// named by that line, and the row and column it stands in.
#[test]
fn kociembas_boxed_text_is_read_as_one_grid() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/400x400/kociemba_singles_1.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("notice: {} not found; skipping", path.display());
        return;
    };
    let mut lines: Vec<&str> = text.lines().collect();
    let bad = lines[6].replacen(" 103 ", " x03 ", 1);
    assert_ne!(bad, lines[6]);
    lines[6] = &bad;
    let run = on_file(&["solve"], "kociemba_bad.txt", &lines.join("\n"));
    assert_invalid(&run, ":7: invalid token \"x03\" at row 6, column 3\n");
}

/// Two easy 81×81 puzzles from seed 9, with their solutions.
const GENERATE_81: [&str; 10] = [
    "generate",
    "--size",
    "81",
    "--level",
    "easy",
    "--count",
    "2",
    "--seed",
    "9",
    "--with-solution",
];

#[test]
fn easy_big_puzzles_are_generated_one_a_line_and_read_back() {
    let made = ndoku(&GENERATE_81, b"");
    assert_eq!(made.code, 0, "{}", made.stderr);
    let lines = made.lines();
    assert_eq!(lines.len(), 2);
    let mut puzzles = String::new();
    for line in &lines {
        let (puzzle, solution) = line.split_once('\t').expect("puzzle, tab, solution");
        let puzzle: Puzzle = puzzle.parse().expect("a puzzle in tokens");
        assert_eq!(puzzle.size(), 81);
        assert_solves(&puzzle, solution);
        puzzles.push_str(&format!("{}\n", puzzle));
    }
    // Two whole 81×81 puzzles, a line each, are two puzzles, each unique.
    let checked = on_file(&["check"], "generated81.txt", &puzzles);
    assert_eq!(checked.code, 0, "{}", checked.stderr);
    let verdicts: Vec<&str> = checked
        .lines()
        .iter()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(verdicts, ["unique", "unique"]);
    let again = ndoku(&[&GENERATE_81[..], &["-j1"]].concat(), b"");
    assert_eq!(
        again.stdout, made.stdout,
        "the same seed, the same puzzles, whatever -j"
    );
}
