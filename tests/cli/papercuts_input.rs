//! Issue 45's paper cuts in reading input: f-puzzles keys that are drawings,
//! links written and read, the logic commands reading every form `solve`
//! reads, long JSON lines, and messages that name the real problem.

use ndoku::text::fpuzzles::{self, FpuzzlesError};
use ndoku::{Puzzle, Rules};

use crate::run::{ndoku, temp_file};

/// A 9×9 puzzle that singles and a hidden pair solve (ER 2.0).
const PUZZLE: &str =
    "..329..4.5....6......1...6......17388..9....6.....3...2....9.5.....2.4....4635...";

/// An f-puzzles grid of `n` rows of `n` empty cells.
fn empty_grid(n: usize) -> String {
    let row = format!("[{}]", vec!["{}"; n].join(","));
    format!("[{}]", vec![row; n].join(","))
}

/// f-puzzles JSON of PUZZLE, with `extra` (keys, each after a comma) added.
fn puzzle_json(extra: &str) -> String {
    let json = fpuzzles::to_json(&Puzzle::parse_classic(PUZZLE).unwrap());
    format!("{}{extra}}}", json.strip_suffix('}').unwrap())
}

/// The values of a solved `n`×`n` board with boxes of `b`×`b` (`n = b²`).
fn solved(b: usize) -> Vec<u16> {
    let n = b * b;
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((b * (r % b) + r / b + c) % n + 1) as u16
        })
        .collect()
}

// 1. `cage` is a drawing.

#[test]
fn a_drawn_cage_is_no_rule() {
    let lettered = format!(
        r#"{{"size":9,"grid":{},"cage":[{{"cells":["R1C1","R2C1"],"value":"A"}}]}}"#,
        empty_grid(9)
    );
    let read = fpuzzles::parse(&lettered).expect("a drawing is no error");
    assert_eq!(read.puzzle.rules(), &Rules::classic(9).unwrap());
    let run = ndoku(&["check"], format!("{lettered}\n").as_bytes());
    assert_eq!((run.code, run.stdout.as_str()), (0, "multiple\t9x9\t0\n"));
    // R1C4 must be 4: a killer cage of 3 on it makes the puzzle unsolvable,
    // a drawn cage labelled 3 changes nothing.
    let rows = ["123.", "3412", "2143", "4321"];
    let cells: Vec<u16> = rows
        .concat()
        .bytes()
        .map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') })
        .collect();
    let base = fpuzzles::to_json(&Puzzle::from_cells(Rules::classic(4).unwrap(), &cells).unwrap());
    let with = |key: &str| {
        format!(
            r#"{},"{key}":[{{"cells":["R1C4"],"value":"3"}}]}}"#,
            base.strip_suffix('}').unwrap()
        )
    };
    let input = format!("{}\n{}\n", with("cage"), with("killercage"));
    let run = ndoku(&["check"], input.as_bytes());
    assert_eq!(run.lines(), ["unique\t4x4\t15", "unsolvable\t4x4\t15"]);
    let run = ndoku(&["solve"], with("cage").as_bytes());
    assert_eq!(run.lines(), ["1234341221434321"]);
}

// 2. Keys that state no rule pass through, and `to_json` keeps them.

#[test]
fn keys_that_are_no_rules_pass_through_and_are_written_back() {
    let extra = r##","cage":[{"cells":["R1C1","R2C1"],"value":"5"}],"line":[{"lines":[["R1C1","R2C2"]],"outlineC":"#000000","width":0.5}],"rectangle":[{"cells":["R3C3"],"baseC":"#FFFFFF"}],"circle":[{"cells":["R4C4"]}],"text":[{"cells":["R5C5"],"value":"hi"}],"disabledlogic":["Tuples"],"truecandidatesoptions":["colored"],"highlightConflicts":true,"author":"someone","title":"with drawings""##;
    let solution = Puzzle::parse_classic(PUZZLE).unwrap().solve().unwrap();
    let values: Vec<String> = solution.cells().iter().map(u16::to_string).collect();
    let json = puzzle_json(&format!(r#"{extra},"solution":[{}]"#, values.join(",")));
    let read = fpuzzles::parse(&json).expect("drawings and settings are no rules");
    assert_eq!(read.puzzle, Puzzle::parse_classic(PUZZLE).unwrap());
    assert_eq!(read.solution.as_deref(), Some(solution.cells()));
    assert_eq!(read.title.as_deref(), Some("with drawings"));
    for key in [
        "cage",
        "line",
        "rectangle",
        "circle",
        "text",
        "disabledlogic",
        "truecandidatesoptions",
        "highlightConflicts",
        "author",
    ] {
        assert!(read.other.contains_key(key), "{key}");
    }
    // Written back, they read back the same: to_json and to_link.
    let written = read.to_json();
    assert!(
        written.contains(r#""disabledlogic":["Tuples"]"#),
        "{written}"
    );
    assert_eq!(fpuzzles::parse(&written).unwrap(), read);
    assert_eq!(fpuzzles::parse(&read.to_link()).unwrap(), read);
    // The CLI reads them as the plain puzzle.
    let run = ndoku(&["check"], format!("{json}\n").as_bytes());
    assert_eq!((run.code, run.lines()), (0, vec!["unique\t9x9\t25"]));
}

#[test]
fn keys_that_state_rules_ndoku_lacks_stay_unsupported() {
    for key in [
        "rowindexer",
        "columnindexer",
        "boxindexer",
        "diagonalsum",
        "someunknownrule",
    ] {
        let json = puzzle_json(&format!(r#","{key}":[{{"cells":["R1C1","R1C2"]}}]"#));
        assert_eq!(
            fpuzzles::parse(&json).unwrap_err(),
            FpuzzlesError::Unsupported(key.to_owned()),
            "{key}"
        );
    }
}

// 3 and 13. `rate`, `explain` and `hint` read what `solve` reads.

#[test]
fn logic_commands_read_links_load_strings_json_and_tokens() {
    let json = puzzle_json("");
    let link = fpuzzles::to_link(&Puzzle::parse_classic(PUZZLE).unwrap());
    let load = link.split_once("?load=").unwrap().1.to_owned();
    let variants = std::fs::read_to_string("puzzles/variants.jsonl").unwrap();
    let last = variants.lines().last().unwrap();
    assert!(last.starts_with("http"), "{last}");
    let input = format!("{PUZZLE}\n{json}\n{link}\n{load}\n");
    for (command, first) in [("rate", "2.0\tdirect hidden pair"), ("explain", "2.0")] {
        let run = ndoku(&[command], input.as_bytes());
        assert_eq!(run.code, 0, "{command}: {}", run.stderr);
        // `explain` prints a block a puzzle: its rating, then its steps.
        let heads: Vec<&str> = run
            .lines()
            .into_iter()
            .filter(|l| command == "rate" || (!l.is_empty() && !l.contains('\t')))
            .collect();
        assert_eq!(heads, [first; 4], "{command}");
    }
    let run = ndoku(&["rate"], format!("{last}\n").as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with(|c: char| c.is_ascii_digit()),
        "{}",
        run.stdout
    );
    // Tokens: 64×64's only format. One empty cell a row: singles solve it.
    let mut cells = solved(8);
    for r in 0..64 {
        cells[r * 64 + (r * 7) % 64] = 0;
    }
    let tokens: Vec<String> = cells.iter().map(u16::to_string).collect();
    let run = ndoku(&["rate"], format!("{}\n", tokens.join(" ")).as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("1."), "{}", run.stdout);
    // A grid over several lines, as `solve` reads it.
    let grid: String = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    let run = ndoku(&["rate"], grid.as_bytes());
    assert_eq!(run.lines(), ["2.0\tdirect hidden pair"], "{}", run.stderr);
}

#[test]
fn hint_reads_a_json_puzzle_with_spaces_before_the_grid() {
    let json = puzzle_json(r#","title":"a title with spaces""#);
    let run = ndoku(&["hint"], format!("{json} {PUZZLE}\n").as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("step\t"), "{}", run.stdout);
}

#[test]
fn logic_commands_answer_files_in_order_as_solve_does() {
    let one = temp_file("papercuts_input", "one.txt", format!("{PUZZLE}\n"));
    let one = one.to_str().unwrap();
    let bad = temp_file("papercuts_input", "bad.txt", b"1.3.\xff\n");
    let bad = bad.to_str().unwrap();
    for command in ["rate", "explain", "solve"] {
        // A missing file is named, the others answered, in order; status 2.
        let run = ndoku(&[command, one, "/nonexistent", one], b"");
        assert_eq!(run.code, 2, "{command}");
        let answers = match command {
            "explain" => run.lines().into_iter().filter(|l| *l == "2.0").count(),
            _ => run.lines().len(),
        };
        assert_eq!(answers, 2, "{command}: {}", run.stdout);
        assert!(
            run.stderr
                .contains("/nonexistent: no such file or directory"),
            "{command}: {}",
            run.stderr
        );
        // Bad UTF-8 is one invalid record, named by file and line; status 1.
        let run = ndoku(&[command, bad, one], b"");
        assert_eq!(run.code, 1, "{command}: {}", run.stderr);
        assert!(
            run.stdout.starts_with("invalid"),
            "{command}: {}",
            run.stdout
        );
        assert!(
            run.stderr.contains("bad.txt:1: invalid UTF-8 at byte 5"),
            "{command}: {}",
            run.stderr
        );
    }
    let run = ndoku(&["rate", one, "/nonexistent"], b"");
    assert_eq!(run.stdout, "2.0\tdirect hidden pair\n");
}

// 9. Links written.

#[test]
fn links_round_trip_and_generate_writes_them() {
    let mut rules = Rules::classic(9).unwrap().with_diagonal(true);
    rules = rules.with_cage(&[(0, 0), (0, 1)], Some(3)).unwrap();
    let puzzle = Puzzle::new(rules);
    let link = fpuzzles::to_link(&puzzle);
    assert!(
        link.starts_with("https://www.f-puzzles.com/?load=N4Ig"),
        "{link}"
    );
    assert_eq!(fpuzzles::parse(&link).unwrap().puzzle, puzzle);
    let run = ndoku(
        &[
            "generate",
            "--seed",
            "3",
            "--format",
            "fpuzzles-link",
            "--with-solution",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let line = run.lines()[0].to_owned();
    let read = fpuzzles::parse(&line).expect("the link reads back");
    let solution = read.solution.expect("with its solution");
    assert!(read.puzzle.rules().check(&solution).is_ok());
    let run = ndoku(&["check"], format!("{line}\n").as_bytes());
    assert!(run.stdout.starts_with("unique\t9x9\t"), "{}", run.stderr);
    let run = ndoku(
        &[
            "generate",
            "--seed",
            "3",
            "--jigsaw",
            "--format",
            "fpuzzles-link",
        ],
        b"",
    );
    let read = fpuzzles::parse(run.lines()[0]).expect("a jigsaw link reads back");
    assert!(read.puzzle.rules().geometry().box_shape().is_none());
}

#[test]
fn sudokupad_links_read_as_the_fpuzzles_json_they_carry() {
    let puzzle = Puzzle::parse_classic(PUZZLE).unwrap();
    let link = fpuzzles::to_link(&puzzle);
    let load = link.split_once("?load=").unwrap().1;
    for pad in [
        format!("https://sudokupad.app/fpuzzles{load}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{load}&setting-nogrid=1"),
        format!("https://sudokupad.app/fpuzzles{}", load.replace('+', "%2B")),
    ] {
        assert_eq!(fpuzzles::parse(&pad).unwrap().puzzle, puzzle, "{pad}");
        let run = ndoku(&["rate"], format!("{pad}\n").as_bytes());
        assert_eq!(run.lines(), ["2.0\tdirect hidden pair"], "{}", run.stderr);
    }
    let e = fpuzzles::parse("https://sudokupad.app/ctc1234").unwrap_err();
    let prefix = "ctc".to_owned();
    assert_eq!(e, FpuzzlesError::PadCompressed { prefix });
    // A payload that does not decompress is named as such, not read as cells.
    let run = ndoku(&["check"], b"https://sudokupad.app/fpuzzlesN4Igzg\n");
    assert_eq!(run.stdout, "invalid\n");
    assert!(run.stderr.contains("does not decompress"), "{}", run.stderr);
}

/// SudokuPad's own JSON of PUZZLE: its cells, its boxes as regions, and
/// `extra` keys (each after a comma).
fn puzzle_scl(extra: &str) -> String {
    let puzzle = Puzzle::parse_classic(PUZZLE).unwrap();
    let cells: Vec<String> = (0..9)
        .map(|r| {
            let row: Vec<String> = (0..9)
                .map(|c| match puzzle.get(r, c) {
                    Some(v) => format!("{{\"value\":{v}}}"),
                    None => "{}".to_owned(),
                })
                .collect();
            format!("[{}]", row.join(","))
        })
        .collect();
    let regions: Vec<String> = (0..9)
        .map(|b| {
            let cells: Vec<String> = (0..9)
                .map(|i| format!("[{},{}]", b / 3 * 3 + i / 3, b % 3 * 3 + i % 3))
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!(
        "{{\"cells\":[{}],\"regions\":[{}]{extra}}}",
        cells.join(","),
        regions.join(",")
    )
}

#[test]
fn sudokupad_scl_links_read_in_every_command() {
    let link = |scl: &str| {
        format!(
            "https://sudokupad.app/scl{}\n",
            lz_str::compress_to_base64(scl)
        )
    };
    let plain = link(&puzzle_scl(""));
    let bare = format!("ctc{}\n", lz_str::compress_to_base64(&puzzle_scl("")));
    for input in [&plain, &bare] {
        let run = ndoku(&["check"], input.as_bytes());
        assert_eq!(run.stdout, "unique\t9x9\t25\n", "{}", run.stderr);
        let run = ndoku(&["rate"], input.as_bytes());
        assert_eq!(run.lines(), ["2.0\tdirect hidden pair"], "{}", run.stderr);
        let run = ndoku(&["solve"], input.as_bytes());
        let solution = Puzzle::parse_classic(run.lines()[0]).expect("a solution line");
        assert!(solution.is_solved());
        let givens = Puzzle::parse_classic(PUZZLE).unwrap();
        assert!(
            (0..81).all(|i| givens.cells()[i] == 0 || givens.cells()[i] == solution.cells()[i])
        );
    }
    // A cage with a total is a killer cage: a wrong one makes it unsolvable.
    let cage = link(&puzzle_scl(
        r#","cages":[{"cells":[[0,0],[0,1]],"value":3}]"#,
    ));
    let run = ndoku(&["check"], cage.as_bytes());
    assert_eq!(run.stdout, "unsolvable\t9x9\t25\n", "{}", run.stderr);
    // A drawn line may be a thermometer: refused, and said so.
    let drawn = link(&puzzle_scl(
        r#","lines":[{"wayPoints":[[0.5,0.5],[2.5,2.5]]}]"#,
    ));
    let run = ndoku(&["check"], drawn.as_bytes());
    assert_eq!(run.stdout, "invalid\n");
    assert!(
        run.stderr.contains(
            "sudokupad payload draws 1 line; ndoku reads givens, regions and killer cages"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn disjoint_groups_are_written_as_their_key() {
    let rules = Rules::classic(9).unwrap().with_disjoint_groups().unwrap();
    let puzzle = Puzzle::new(rules);
    let json = fpuzzles::to_json(&puzzle);
    assert!(json.contains(r#""disjointgroups":true"#), "{json}");
    assert!(!json.contains("extraregion"), "{json}");
    assert_eq!(fpuzzles::parse(&json).unwrap().puzzle, puzzle);
}

// 14. What ndoku writes, ndoku reads: a 400×400 puzzle in JSON.

#[test]
fn a_400x400_json_line_is_read_whole() {
    let n = 400;
    let boxes: Vec<usize> = (0..n * n)
        .map(|i| (i / n / 20) * 20 + (i % n) / 20)
        .collect();
    // Regions (the boxes, written cell by cell) and every value given, with
    // the solution beside it: more than `generate --format json` writes.
    let rules = Rules::jigsaw(n, &boxes).unwrap();
    let mut read = fpuzzles::FPuzzle::new(Puzzle::from_cells(rules, &solved(20)).unwrap());
    read.solution = Some(solved(20));
    let json = read.to_json();
    assert!(json.len() > 16 * n * n, "{} bytes", json.len());
    assert_eq!(
        fpuzzles::parse(&json).unwrap().puzzle.cells(),
        read.puzzle.cells()
    );
    // A rule ndoku lacks at its end: the error names it, so the reader took
    // the line whole (checking the full board takes a minute in a debug build).
    let json = format!(
        r#"{},"columnindexer":[{{"cells":["R1C1","R1C2"]}}]}}"#,
        json.strip_suffix('}').unwrap()
    );
    let run = ndoku(&["check"], format!("{json}\n").as_bytes());
    assert_eq!(run.stdout, "invalid\n");
    assert!(
        run.stderr
            .contains(r#"unsupported constraint "columnindexer""#),
        "{}",
        run.stderr
    );
}

// 16. Messages that name the real problem.

#[test]
fn a_cell_named_row_0_is_off_the_board() {
    let json = puzzle_json(r#","killercage":[{"cells":["R0C0"],"value":"1"}]"#);
    let e = fpuzzles::parse(&json).unwrap_err().to_string();
    assert_eq!(e, "killercage 1 names cell R0C0, off the 9x9 board");
}

#[test]
fn a_token_too_large_is_named_as_written() {
    let line = "1 2 3 4 . . . . . . . . . . . 99999999999999999999\n";
    let run = ndoku(&["solve"], line.as_bytes());
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("value 99999999999999999999 at row 4, column 4 is too large"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("18446744073709551615"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_region_map_with_a_missing_line_says_so() {
    let path = temp_file("papercuts_input", "regions3.txt", "AABB\nAABB\nCCDD\n");
    let run = ndoku(&["generate", "--regions", path.to_str().unwrap()], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("a line is missing"), "{}", run.stderr);
    assert!(run.stderr.contains("row 4 is missing"), "{}", run.stderr);
}

#[test]
fn a_comment_may_follow_a_json_puzzle() {
    let json = puzzle_json(r##","title":"# not a comment { ""##);
    let run = ndoku(
        &["check"],
        format!("{json}  # a comment\n{json}#\n").as_bytes(),
    );
    assert_eq!(run.lines(), ["unique\t9x9\t25"; 2], "{}", run.stderr);
    // What follows a JSON puzzle and is no comment is still an error.
    let run = ndoku(&["check"], format!("{json} x\n").as_bytes());
    assert_eq!(run.code, 1);
}

#[test]
fn count_refuses_a_limit_of_zero() {
    let run = ndoku(&["count", "--limit", "0"], format!("{PUZZLE}\n").as_bytes());
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("at least 1"), "{}", run.stderr);
    assert_eq!(run.stdout, "");
}

#[test]
fn disjoint_groups_hold_on_regions_that_are_the_boxes() {
    let grid: Vec<String> = (0..9)
        .map(|r| {
            let cells: Vec<String> = (0..9)
                .map(|c| format!(r#"{{"region":{}}}"#, (r / 3) * 3 + c / 3))
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let json = format!(
        r#"{{"size":9,"grid":[{}],"disjointgroups":true}}"#,
        grid.join(",")
    );
    let read = fpuzzles::parse(&json).expect("regions that are the boxes take disjoint groups");
    let expected = Rules::classic(9).unwrap().with_disjoint_groups().unwrap();
    assert_eq!(read.puzzle.rules(), &expected);
}

#[test]
fn files_of_several_grids_read_back_one_puzzle_each() {
    for shape in [
        &["--size", "4"][..],
        &["--boxes", "2x3"],
        &[],
        &["--box", "4"],
    ] {
        let mut args = vec!["generate", "--count", "3", "--seed", "7"];
        args.extend_from_slice(shape);
        let lines = ndoku(&args, b"");
        assert_eq!(lines.code, 0, "{}", lines.stderr);
        args.extend_from_slice(&["--format", "grid"]);
        let grids = ndoku(&args, b"");
        assert_eq!(grids.code, 0, "{}", grids.stderr);
        // The grids, from a file and from stdin, answer as the lines do.
        let file = temp_file("several_grids", "grids.txt", &grids.stdout);
        let want = ndoku(&["solve"], lines.stdout.as_bytes());
        assert_eq!(want.lines().len(), 3, "{shape:?}: {}", want.stderr);
        let from_file = ndoku(&["solve", file.to_str().unwrap()], b"");
        assert_eq!(
            from_file.lines(),
            want.lines(),
            "{shape:?}: {}",
            from_file.stderr
        );
        let from_stdin = ndoku(&["solve"], grids.stdout.as_bytes());
        assert_eq!(
            from_stdin.lines(),
            want.lines(),
            "{shape:?}: {}",
            from_stdin.stderr
        );
    }
}
