//! End-to-end tests of the `ndoku` binary on f-puzzles input mixed with
//! classic lines: JSON, links and bare load strings beside classic puzzles,
//! and f-puzzles lines that are broken, unsupported or impossible. Every
//! puzzle gets one output line, in input order; every bad line gets an
//! `invalid` and a message naming its line; every printed solution is checked
//! against the puzzle's rules, read back here with `ndoku::text::fpuzzles`.
//!
//! The puzzles are small ones written for this test (4×4 and 6×6), each
//! checked when it was made to have the count it is listed with.

use ndoku::text::fpuzzles;
use ndoku::{AnyBoard, Puzzle};

use crate::run;
use run::{Run, ndoku};

/// The f-puzzles JSON of an `n`×`n` puzzle: `givens` in the line format
/// (`.` for empty), `regions` (one digit a cell) for a jigsaw, and `extra`
/// keys after the grid (`"diagonal+":true`).
fn json(n: usize, givens: &str, regions: Option<&str>, extra: &str) -> String {
    let givens: Vec<char> = givens.chars().collect();
    let regions: Option<Vec<char>> = regions.map(|r| r.chars().collect());
    assert_eq!(givens.len(), n * n);
    let rows: Vec<String> = (0..n)
        .map(|r| {
            let cells: Vec<String> = (0..n)
                .map(|c| {
                    let i = r * n + c;
                    let mut fields = Vec::new();
                    if let Some(v) = givens[i].to_digit(10) {
                        fields.push(format!(r#""value":{v},"given":true"#));
                    }
                    if let Some(k) = regions.as_ref().and_then(|m| m[i].to_digit(10)) {
                        fields.push(format!(r#""region":{k}"#));
                    }
                    format!("{{{}}}", fields.join(","))
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!(r#"{{"size":{n},"grid":[{}]{extra}}}"#, rows.join(","))
}

/// Cages of two cells stacked in a column, as `(row, col, sum)` of the top
/// cell (1-based), in f-puzzles' `killercage` form.
fn dominoes(cages: &[(usize, usize, u32)]) -> String {
    let cages: Vec<String> = cages
        .iter()
        .map(|&(r, c, sum)| {
            format!(
                r#"{{"cells":["R{r}C{c}","R{}C{c}"],"value":"{sum}"}}"#,
                r + 1
            )
        })
        .collect();
    format!(r#","killercage":[{}]"#, cages.join(","))
}

/// What a line should give.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    /// No output: a blank or comment line.
    Nothing,
    /// This many solutions (1: unique); solve prints one of them.
    Solutions(usize),
    /// No solution.
    Unsolvable,
    /// `invalid`, with this part of the message.
    Invalid(&'static str),
}

/// How a line is read back here: a classic puzzle or an f-puzzles one.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Classic,
    Fpuzzles,
}

/// The mixed input: (line, how to read it, what it gives).
fn mixed() -> Vec<(String, Kind, Expect)> {
    use Expect::*;
    use Kind::*;
    let x = r#","diagonal+":true,"diagonal-":true"#;
    // 4×4 X-Sudoku, unique; its title holds a `#`, which is no comment in JSON.
    let x4 = json(
        4,
        "....1......44.3.",
        None,
        &format!(r##"{x},"title":"X # one","author":"#me""##),
    );
    // 6×6 killer: nine domino cages down the columns and four givens, unique.
    let cages = [
        (1, 1, 7),
        (1, 2, 6),
        (1, 3, 8),
        (1, 4, 7),
        (1, 5, 6),
        (1, 6, 8),
        (3, 1, 6),
        (3, 2, 8),
        (3, 3, 7),
        (3, 4, 7),
        (3, 5, 6),
        (3, 6, 8),
        (5, 1, 8),
        (5, 2, 7),
        (5, 3, 6),
        (5, 4, 7),
        (5, 5, 9),
        (5, 6, 5),
    ];
    let killer = json(
        6,
        "...........316......4..............4",
        None,
        &dominoes(&cages),
    );
    // 4×4 jigsaw, unique, as a link.
    let jigsaw = json(4, "1...3.......2.3.", Some("0001201122312333"), "");
    let link = format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(&*jigsaw)
    );
    // 6×6 with disjoint groups and the anti-diagonal, unique, as a bare load string.
    let groups = json(
        6,
        "...............21....3.........65...",
        None,
        r#","disjointgroups":true,"diagonal+":true"#,
    );
    let load = lz_str::compress_to_base64(&*groups);
    // An empty 4×4 X-Sudoku: 48 solutions.
    let empty_x = json(4, &".".repeat(16), None, &format!(r##"{x},"title":"#48""##));
    // Givens that break no rule, and no solution: 1 at R1C2 and R3C4 leave
    // no place for 1 on the main diagonal.
    let stuck = json(4, ".1.........1....", None, x);
    vec![
        (
            "# classic and f-puzzles puzzles, mixed".into(),
            Classic,
            Nothing,
        ),
        (
            "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63.."
                .into(),
            Classic,
            Solutions(1),
        ),
        (x4, Fpuzzles, Solutions(1)),
        (
            "...4....2...3..1  # a classic 4x4".into(),
            Classic,
            Solutions(1),
        ),
        ("".into(), Classic, Nothing),
        (killer, Fpuzzles, Solutions(1)),
        (link, Fpuzzles, Solutions(1)),
        (format!("  {load}"), Fpuzzles, Solutions(1)),
        (
            r#"{"size":4,"grid":[[{},{}"#.into(),
            Fpuzzles,
            Invalid("invalid JSON: EOF while parsing"),
        ),
        (
            json(
                4,
                &".".repeat(16),
                None,
                r#","columnindexer":[{"cells":["R1C1","R1C2"]}]"#,
            ),
            Fpuzzles,
            Invalid(r#"unsupported constraint "columnindexer""#),
        ),
        (
            json(
                4,
                &".".repeat(16),
                None,
                r#","killercage":[{"cells":["R1C1","R1C2"],"value":"9"}]"#,
            ),
            Fpuzzles,
            Invalid("cage 1 of 2 cells cannot sum to 9: different values there sum to 3 to 7"),
        ),
        // 288 grids, one in 12 with 1 and 3 there.
        ("1.3.............".into(), Classic, Solutions(24)),
        (empty_x, Fpuzzles, Solutions(48)),
        (stuck, Fpuzzles, Unsolvable),
        (
            "https://www.f-puzzles.com/?load=N4IgzgLgTg".into(),
            Fpuzzles,
            Invalid("the f-puzzles link does not decompress"),
        ),
    ]
}

/// The entries that give output, with their 1-based line numbers.
fn puzzles(entries: &[(String, Kind, Expect)]) -> Vec<(usize, &str, Kind, Expect)> {
    entries
        .iter()
        .enumerate()
        .filter(|(_, (_, _, e))| *e != Expect::Nothing)
        .map(|(i, (line, kind, e))| (i + 1, line.as_str(), *kind, *e))
        .collect()
}

/// The mixed input in a file, and the file's name as messages give it.
fn mixed_file(name: &str) -> (Vec<(String, Kind, Expect)>, String) {
    let entries = mixed();
    let text: String = entries.iter().map(|(l, _, _)| format!("{l}\n")).collect();
    let path = run::temp_file("cli_variants", name, &text);
    (entries, path.to_str().expect("UTF-8 path").to_owned())
}

/// Values printed for a variant: one symbol a cell (`1`-`9`, `A`-`Z`...) or,
/// with spaces, numbers.
fn values(printed: &str) -> Vec<u16> {
    if printed.contains(' ') {
        return printed
            .split_whitespace()
            .map(|t| t.parse().expect("a number"))
            .collect();
    }
    printed
        .chars()
        .map(|ch| match ch {
            '1'..='9' => u16::from(ch as u8 - b'0'),
            'A'..='Z' => u16::from(ch as u8 - b'A' + 10),
            _ => panic!("not a value: {ch:?} in {printed}"),
        })
        .collect()
}

/// Checks that `printed` solves the puzzle on `line`: read back with the
/// library, full, every rule kept (`Rules::check`), every given kept.
fn assert_solves(line: &str, kind: Kind, printed: &str) {
    match kind {
        Kind::Classic => {
            let puzzle: AnyBoard = line.split('#').next().unwrap().parse().unwrap();
            let solved = AnyBoard::parse_line(printed)
                .unwrap_or_else(|e| panic!("{printed:?} is not a board: {e}"));
            assert!(solved.is_solved(), "not full: {printed}");
            assert!(puzzle.is_completed_by(&solved), "givens lost: {printed}");
        }
        Kind::Fpuzzles => {
            let puzzle = fpuzzles::parse(line).expect("the puzzle reads").puzzle;
            let cells = values(printed);
            let rules = puzzle.rules();
            assert_eq!(cells.len(), puzzle.cells().len(), "{printed}");
            assert!(cells.iter().all(|&v| v != 0), "not full: {printed}");
            if let Err(e) = rules.check(&cells) {
                panic!("{printed} breaks a rule of {line}: {e}");
            }
            let solution = Puzzle::from_cells(rules.clone(), &cells).unwrap();
            assert!(puzzle.is_completed_by(&solution), "givens lost: {printed}");
        }
    }
}

/// Checks the messages of a run over the mixed input: one per invalid line,
/// in order, each `error: NAME:LINE: ` and the problem; and exit 1.
fn assert_messages(run: &Run, name: &str, entries: &[(String, Kind, Expect)]) {
    let wanted: Vec<(String, &str)> = puzzles(entries)
        .into_iter()
        .filter_map(|(line_no, _, _, e)| match e {
            Expect::Invalid(m) => Some((format!("error: {name}:{line_no}: "), m)),
            _ => None,
        })
        .collect();
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(errors.len(), wanted.len(), "stderr: {}", run.stderr);
    for (got, (prefix, message)) in errors.iter().zip(&wanted) {
        assert!(
            got.starts_with(prefix),
            "{got:?} should start with {prefix:?}"
        );
        assert!(got.contains(message), "{got:?} should say {message:?}");
    }
    assert_eq!(run.code, 1, "an invalid line: exit 1");
}

#[test]
fn solve_answers_each_line_in_order() {
    let (entries, name) = mixed_file("solve.txt");
    for threads in ["1", "2"] {
        let run = ndoku(&["solve", "--threads", threads, &name], b"");
        let out: Vec<&str> = run.stdout.lines().collect();
        let puzzles = puzzles(&entries);
        assert_eq!(out.len(), puzzles.len(), "stdout: {}", run.stdout);
        for ((line_no, line, kind, expect), got) in puzzles.iter().zip(&out) {
            match expect {
                Expect::Solutions(_) => assert_solves(line, *kind, got),
                Expect::Unsolvable => assert_eq!(*got, "unsolvable", "line {line_no}"),
                Expect::Invalid(_) => assert_eq!(*got, "invalid", "line {line_no}"),
                Expect::Nothing => unreachable!(),
            }
        }
        assert_messages(&run, &name, &entries);
    }
}

#[test]
fn solve_unique_says_multiple() {
    let (entries, name) = mixed_file("unique.txt");
    let run = ndoku(&["solve", "--unique", &name], b"");
    let out: Vec<&str> = run.stdout.lines().collect();
    let puzzles = puzzles(&entries);
    assert_eq!(out.len(), puzzles.len(), "stdout: {}", run.stdout);
    for ((_, line, kind, expect), got) in puzzles.iter().zip(&out) {
        match expect {
            Expect::Solutions(1) => assert_solves(line, *kind, got),
            Expect::Solutions(_) => assert_eq!(*got, "multiple"),
            Expect::Unsolvable => assert_eq!(*got, "unsolvable"),
            _ => assert_eq!(*got, "invalid"),
        }
    }
    assert_messages(&run, &name, &entries);
}

#[test]
fn solve_prints_tokens() {
    let (entries, name) = mixed_file("tokens.txt");
    let run = ndoku(&["solve", "--format", "tokens", &name], b"");
    let out: Vec<&str> = run.stdout.lines().collect();
    let puzzles = puzzles(&entries);
    assert_eq!(out.len(), puzzles.len(), "stdout: {}", run.stdout);
    for ((line_no, line, kind, expect), got) in puzzles.iter().zip(&out) {
        if let Expect::Solutions(_) = expect {
            let tokens: Vec<&str> = got.split(' ').collect();
            let n = if *kind == Kind::Fpuzzles {
                fpuzzles::parse(line).unwrap().puzzle.size()
            } else {
                line.split('#')
                    .next()
                    .unwrap()
                    .parse::<AnyBoard>()
                    .unwrap()
                    .size()
            };
            assert_eq!(tokens.len(), n * n, "line {line_no}: {got}");
            if *kind == Kind::Fpuzzles {
                assert_solves(line, *kind, got);
            } else {
                let puzzle: AnyBoard = line.split('#').next().unwrap().parse().unwrap();
                let solved = AnyBoard::parse_line(got).expect("tokens read as a board");
                assert!(
                    solved.is_solved() && puzzle.is_completed_by(&solved),
                    "{got}"
                );
            }
        } else {
            assert!(!got.contains(' '), "line {line_no}: {got}");
        }
    }
    assert_messages(&run, &name, &entries);
}

#[test]
fn count_counts_each_line() {
    let (entries, name) = mixed_file("count.txt");
    let run = ndoku(&["count", &name], b"");
    let want: Vec<String> = puzzles(&entries)
        .iter()
        .map(|(_, _, _, e)| match e {
            Expect::Solutions(k) => k.to_string(),
            Expect::Unsolvable => "0".into(),
            _ => "invalid".into(),
        })
        .collect();
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), want);
    assert_messages(&run, &name, &entries);
    // With a limit below the count: `>LIMIT`.
    let run = ndoku(&["count", "--limit", "5", &name], b"");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines.contains(&">5"), "{}", run.stdout);
}

#[test]
fn check_names_size_and_givens() {
    let (entries, name) = mixed_file("check.txt");
    let run = ndoku(&["check", &name], b"");
    let out: Vec<&str> = run.stdout.lines().collect();
    let puzzles = puzzles(&entries);
    assert_eq!(out.len(), puzzles.len(), "stdout: {}", run.stdout);
    for ((_, line, kind, expect), got) in puzzles.iter().zip(&out) {
        let word = match expect {
            Expect::Solutions(1) => "unique",
            Expect::Solutions(_) => "multiple",
            Expect::Unsolvable => "unsolvable",
            _ => {
                assert_eq!(*got, "invalid");
                continue;
            }
        };
        let (n, givens) = match kind {
            Kind::Fpuzzles => {
                let p = fpuzzles::parse(line).unwrap().puzzle;
                (p.size(), p.givens())
            }
            Kind::Classic => {
                let p: AnyBoard = line.split('#').next().unwrap().parse().unwrap();
                (p.size(), p.givens())
            }
        };
        assert_eq!(*got, format!("{word}\t{n}x{n}\t{givens}"));
    }
    assert_messages(&run, &name, &entries);
}

#[test]
fn a_hash_in_json_is_no_comment() {
    // The title's `#` would cut the line short if read as a comment, and the
    // rest (`"}` and the grid after it) would be lost.
    let line = json(
        4,
        "....1......44.3.",
        None,
        r##","title":"# first","diagonal+":true,"diagonal-":true,"author":"a#b""##,
    );
    let run = ndoku(&["solve"], line.as_bytes());
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_solves(&line, Kind::Fpuzzles, run.stdout.trim_end());
    // Indented, and with the `#` first in the object.
    let first = format!("   {{\"ruleset\":\"#\",{}", &line[1..]);
    let run = ndoku(&["check"], first.as_bytes());
    assert_eq!((run.code, run.stdout.as_str()), (0, "unique\t4x4\t4\n"));
}

#[test]
fn only_good_lines_exit_0() {
    let good: String = mixed()
        .into_iter()
        .filter(|(_, _, e)| !matches!(e, Expect::Invalid(_)))
        .map(|(l, _, _)| l + "\n")
        .collect();
    let run = ndoku(&["check"], good.as_bytes());
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
}

/// A 25×25 line that starts as a bare load string does (`N4Ig`) is still a
/// classic puzzle when it does not decompress; a real load string beside
/// it is still read as f-puzzles.
#[test]
fn a_classic_line_that_starts_like_a_load_string_is_classic() {
    let classic = format!("N4Ig{}", ".".repeat(25 * 25 - 4));
    let run = ndoku(&["solve"], format!("{classic}\n").as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let solution = run.stdout.trim();
    assert_eq!(solution.len(), 625);
    assert!(
        solution.to_ascii_uppercase().starts_with("N4IG"),
        "{solution}"
    );
    let board: ndoku::AnyBoard = solution.parse().expect("a 25x25 board");
    assert!(board.is_solved());
}
