//! Classic boards past 64×64 in the run-time model, as text: [`Puzzle`]
//! reads them from tokens and boxed text, names what is wrong, and prints
//! them back; hkociemba's two 400×400 puzzles (in `../shared/data`) read.
//! Solving them is `big_boards.rs`'s.

use crate::big;
use crate::common;

use big::{blanked, boxed, pattern, tokens};
use ndoku::{ParseError, Puzzle, Rules};
use proptest::prelude::*;

/// Every text of one board reads to the same puzzle, with the classic rules
/// of its size, and what `{}` and `{:#}` print reads back.
fn reads_in_every_format(h: usize, w: usize, kept: u64, seed: u64) {
    let n = h * w;
    let cells = blanked(&pattern(h, w), kept, seed);
    let expected = Puzzle::from_cells(Rules::classic(n).unwrap(), &cells).unwrap();
    assert_eq!(expected.rules().geometry().box_shape(), Some((h, w)));
    let texts = [
        ("one line", tokens(&cells, n, " ", false)),
        ("rows", tokens(&cells, n, " ", true)),
        ("commas", tokens(&cells, n, ",", true)),
        ("boxed", boxed(&cells, h, w)),
        ("display", expected.to_string()),
        ("alternate", format!("{expected:#}")),
    ];
    for (what, text) in texts {
        let read = Puzzle::parse_classic(&text).unwrap_or_else(|e| panic!("{n}x{n} {what}: {e}"));
        assert_eq!(read, expected, "{n}x{n} {what}");
        assert_eq!(text.parse::<Puzzle>().unwrap(), expected, "{what}");
        let with = Puzzle::parse_with(Rules::classic(n).unwrap(), &text).unwrap();
        assert_eq!(with, expected, "{n}x{n} {what}, rules given");
    }
}

#[test]
fn square_boxes_read_from_tokens_and_boxed_text() {
    reads_in_every_format(9, 9, 50, 1);
    reads_in_every_format(10, 10, 45, 2);
}

#[test]
fn rectangular_boxes_read_from_tokens_and_boxed_text() {
    reads_in_every_format(9, 10, 50, 3);
    reads_in_every_format(11, 12, 60, 4);
}

#[test]
fn a_grid_of_dots_is_an_empty_board() {
    let dots = format!("{}\n", ".".repeat(81)).repeat(81);
    let empty = Puzzle::parse_classic(&dots).unwrap();
    assert_eq!((empty.size(), empty.givens()), (81, 0));
    let spaced = format!("{}\n", vec!["."; 100].join(" ")).repeat(100);
    assert_eq!(Puzzle::parse_classic(&spaced).unwrap().size(), 100);
}

#[test]
fn small_boards_read_as_before() {
    let nine = "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..";
    let v: Puzzle = nine.parse().unwrap();
    assert_eq!((v.size(), v.givens()), (9, 44));
    assert_eq!(v.to_string(), nine);
    // The rows of a 9×9, one run of nine digits each: characters, not
    // nine numbers.
    let grid = format!(
        "{:#}",
        Puzzle::from_cells(Rules::classic(9).unwrap(), &pattern(3, 3)).unwrap()
    );
    assert_eq!(Puzzle::parse_classic(&grid).unwrap().givens(), 81);
    // A 6×6 board has boxes of 2×3.
    let six: Puzzle = "1.....".repeat(6).replacen('1', ".", 5).parse().unwrap();
    assert_eq!(six.rules().geometry().box_shape(), Some((2, 3)));
}

#[test]
fn errors_name_what_and_where() {
    let n = 90;
    let cells = blanked(&pattern(9, 10), 50, 5);
    // A bad token on row 8, column 13, in rows and in boxed text.
    let mut bad = cells.clone();
    bad[7 * n + 12] = 0;
    for text in [tokens(&bad, n, " ", true), boxed(&bad, 9, 10)] {
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let row = lines
            .iter()
            .position(|l| l.contains(|c: char| c.is_ascii_digit() || c == '.'))
            .unwrap()
            + 7;
        let col = 12;
        let line = &mut lines[row];
        let mut words: Vec<String> = line.split(' ').map(str::to_owned).collect();
        // The 13th cell of the line: words that are cells, skipping rules.
        let at = words
            .iter()
            .enumerate()
            .filter(|(_, w)| !w.is_empty() && *w != "|")
            .nth(col)
            .unwrap()
            .0;
        words[at] = "x7".into();
        *line = words.join(" ");
        let e = Puzzle::parse_classic(&lines.join("\n")).unwrap_err();
        assert_eq!(
            e,
            ParseError::InvalidToken {
                token: "x7".into(),
                row: 7,
                col: 12
            }
        );
        assert_eq!(e.to_string(), "invalid token \"x7\" at row 8, column 13");
    }
    // A value past 90.
    let mut over = cells.clone();
    over[3] = 0;
    let text = tokens(&over, n, " ", false).replacen(". ", "91 ", 1);
    let e = Puzzle::parse_classic(&text).unwrap_err();
    assert!(
        e.to_string().starts_with("value 91 at row 1, column")
            && e.to_string().ends_with("out of range 1..=90"),
        "{e}"
    );
    // A row one cell short names the row.
    let mut rows: Vec<String> = tokens(&cells, n, " ", true)
        .lines()
        .map(str::to_owned)
        .collect();
    rows[40] = rows[40].rsplit_once(' ').unwrap().0.to_owned();
    let e = Puzzle::parse_classic(&rows.join("\n")).unwrap_err();
    assert_eq!(
        e,
        ParseError::WrongRowLength {
            row: 40,
            expected: 90,
            found: 89
        }
    );
    // Givens that repeat a value in a column.
    let mut twice = vec![0u16; n * n];
    twice[3] = 17;
    twice[80 * n + 3] = 17;
    let e = Puzzle::parse_classic(&tokens(&twice, n, " ", true)).unwrap_err();
    assert!(matches!(e, ParseError::Violation(_)), "{e}");
    assert_eq!(e.row(), Some(80));
    assert!(e.to_string().contains("R1C4 repeats at R81C4"), "{e}");
}

#[test]
fn an_unsupported_size_is_named() {
    for n in [401, 500] {
        let text = format!("{}\n", vec!["."; n].join(" ")).repeat(n);
        let e = Puzzle::parse_classic(&text).unwrap_err();
        assert_eq!(e, ParseError::UnsupportedSize { size: n, max: 400 });
        assert_eq!(
            e.to_string(),
            format!("a {n}x{n} board is not supported: sizes run from 1 to 400")
        );
    }
    // A count of cells that is no square names the squares around it.
    let e = Puzzle::parse_classic(&vec!["."; 8000].join(" ")).unwrap_err();
    assert_eq!(
        e,
        ParseError::NoSizeFits {
            found: 8000,
            smaller: Some(89),
            larger: Some(90)
        }
    );
    assert_eq!(
        Puzzle::parse_classic(" | \n+--+\n").unwrap_err(),
        ParseError::Empty
    );
}

/// hkociemba's boxed text, without the two lines of notes after the grid
/// (the number of givens, and what the puzzle is minimal for): its puzzle,
/// and the givens its note counts.
fn kociemba(name: &str) -> Option<(Puzzle, usize)> {
    let path = common::shared_data_dir()?.join("400x400").join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("notice: {} not found; skipping", path.display());
        return None;
    };
    let (grid, notes): (Vec<&str>, Vec<&str>) = text
        .lines()
        .partition(|l| l.trim_start().starts_with(['|', '+']) || l.trim().is_empty());
    let count = notes
        .iter()
        .find_map(|l| l.split_once(" givens"))
        .and_then(|(n, _)| n.trim().parse().ok())
        .expect("a note counts the givens");
    let puzzle = Puzzle::parse_classic(&grid.join("\n")).unwrap_or_else(|e| panic!("{name}: {e}"));
    Some((puzzle, count))
}

#[test]
fn kociembas_400x400_boxed_text_reads() {
    for name in ["kociemba_singles_1.txt", "kociemba_singles_2.txt"] {
        let Some((puzzle, givens)) = kociemba(name) else {
            return;
        };
        assert_eq!(puzzle.size(), 400, "{name}");
        assert_eq!(puzzle.rules().geometry().box_shape(), Some((20, 20)));
        assert_eq!(puzzle.givens(), givens, "{name}");
        // Printed as tokens, a row a line or all on one, it reads back.
        assert_eq!(format!("{puzzle:#}").parse::<Puzzle>().unwrap(), puzzle);
        assert_eq!(puzzle.to_string().parse::<Puzzle>().unwrap(), puzzle);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Parse, print, parse: what `{}`, `{:#}` and `to_tokens` print of a
    /// classic board of any side reads back as the same board.
    #[test]
    fn printed_boards_read_back(
        shape in prop::sample::select(vec![(1, 1), (1, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5), (7, 8), (8, 8), (8, 9), (9, 9), (9, 10)]),
        kept in 0u64..=100,
        seed in any::<u64>(),
    ) {
        let (h, w) = shape;
        let n = h * w;
        let cells = blanked(&pattern(h, w), kept, seed);
        let board = Puzzle::from_cells(Rules::classic(n).unwrap(), &cells).unwrap();
        for text in [board.to_string(), format!("{board:#}"), board.to_tokens()] {
            let read: Puzzle = text.parse().map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
            prop_assert_eq!(&read, &board);
            prop_assert_eq!(read.to_string(), board.to_string());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any text of cells, box rules, separators and junk: `parse_classic`
    /// never panics; what it reads has the classic rules of its size, and
    /// prints back to itself.
    #[test]
    fn any_text_reads_or_names_an_error(text in "[0-9.,_ |+\nxA-]{0,200}") {
        if let Ok(v) = Puzzle::parse_classic(&text) {
            prop_assert_eq!(v.rules(), &Rules::classic(v.size()).unwrap());
            prop_assert_eq!(v.to_string().parse::<Puzzle>().unwrap(), v.clone());
            prop_assert_eq!(Puzzle::parse_with(Rules::classic(v.size()).unwrap(), &text).unwrap(), v);
        }
    }
}
