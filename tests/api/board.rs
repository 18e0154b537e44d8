//! The board API and the text formats: building, changing, parsing, printing and
//! every kind of error.

use crate::common;

use common::*;
use ndoku::model::House;
use ndoku::{Board, Board4, Board9, Board16, Board25, Board36, Board64, BoardError, ParseError};

const TUTORIAL: &str =
    "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..";

/// A given in text: (row, column, symbol).
type Given = (usize, usize, char);

/// A 9×9 line with `v` at the given cells and every other cell empty.
fn line9(cells: &[Given]) -> String {
    let mut s: Vec<char> = vec!['.'; 81];
    for &(r, c, v) in cells {
        s[r * 9 + c] = v;
    }
    s.into_iter().collect()
}

#[test]
fn new_board_is_empty() {
    fn check<const BOX: usize>() {
        let b = Board::<BOX>::new();
        let n = Board::<BOX>::N;
        assert_eq!(n, BOX * BOX);
        assert_eq!(Board::<BOX>::CELLS, n * n);
        assert_eq!(b.givens(), 0);
        assert!(!b.is_solved());
        assert_eq!(b, Board::<BOX>::default());
        assert!(b.iter().all(|v| v.is_none()));
        assert!(b.as_bytes().iter().all(|&v| v == 0));
        assert_eq!(b.get(n - 1, n - 1), None);
        assert_eq!(b.get_index(n * n - 1), None);
        assert_eq!(cells_of(&b), vec![0; n * n]);
        // Every board completes the empty one... and the empty one is completed by all.
        let grid = Board::<BOX>::from_cells(&pattern_grid(BOX)).unwrap();
        assert!(b.is_completed_by(&grid));
        assert!(!grid.is_completed_by(&b));
        assert!(grid.is_solved());
    }
    for_each_box!(check);
}

#[test]
fn set_get_clear_round_trip_at_the_corners() {
    fn check<const BOX: usize>() {
        let n = Board::<BOX>::N;
        let mut b = Board::<BOX>::new();
        let top = n as u8;
        for (r, c, v) in [
            (0, 0, 1u8),
            (0, n - 1, 2),
            (n - 1, 0, 3),
            (n - 1, n - 1, top),
        ] {
            b.set(r, c, v).unwrap();
            assert_eq!(b.get(r, c), Some(v));
            assert_eq!(b.get_index(r * n + c), Some(v));
        }
        assert_eq!(b.givens(), 4);
        // Replacing a value with itself or another allowed one is fine.
        b.set(0, 0, 1).unwrap();
        b.set(0, 0, 4).unwrap();
        assert_eq!(b.get(0, 0), Some(4));
        assert_eq!(b.clear(0, 0), Ok(Some(4)));
        assert_eq!(b.clear(0, 0), Ok(None));
        assert_eq!(b.get(0, 0), None);
        assert_eq!(b.givens(), 3);
        assert_eq!(partial_errors(BOX, b.as_bytes()), None);
        let copy = Board::<BOX>::from_cells(b.as_bytes()).unwrap();
        assert_eq!(copy, b);
    }
    for_each_box!(check);
}

#[test]
fn set_rejects_bad_positions_and_values_and_leaves_the_board_alone() {
    let mut b: Board9 = TUTORIAL.parse().unwrap();
    let before = b.clone();
    assert_eq!(
        b.set(9, 0, 1),
        Err(BoardError::OutOfBounds {
            row: 9,
            col: 0,
            size: 9
        })
    );
    assert_eq!(
        b.set(0, 9, 1),
        Err(BoardError::OutOfBounds {
            row: 0,
            col: 9,
            size: 9
        })
    );
    assert_eq!(
        b.set(usize::MAX, usize::MAX, 1),
        Err(BoardError::OutOfBounds {
            row: usize::MAX,
            col: usize::MAX,
            size: 9
        })
    );
    assert_eq!(
        b.clear(9, 9),
        Err(BoardError::OutOfBounds {
            row: 9,
            col: 9,
            size: 9
        })
    );
    assert_eq!(
        b.set(0, 2, 10),
        Err(BoardError::ValueOutOfRange {
            value: 10,
            row: 0,
            col: 2,
            size: 9
        })
    );
    assert_eq!(
        b.set(8, 8, 0),
        Err(BoardError::ValueOutOfRange {
            value: 0,
            row: 8,
            col: 8,
            size: 9
        })
    );
    assert_eq!(
        b.set(0, 2, 255),
        Err(BoardError::ValueOutOfRange {
            value: 255,
            row: 0,
            col: 2,
            size: 9
        })
    );
    // 3 stands at (0, 0): conflict in the row.
    assert!(matches!(b.set(0, 2, 3), Err(BoardError::Conflict { .. })));
    assert_eq!(b, before, "a failed set changed the board");
    // 64x64 takes 64 but not 65.
    let mut big = Board64::new();
    big.set(63, 63, 64).unwrap();
    assert!(matches!(
        big.set(0, 0, 65),
        Err(BoardError::ValueOutOfRange { value: 65, .. })
    ));
}

#[test]
fn set_names_both_cells_of_a_conflict_in_each_house() {
    let mut b = Board9::new();
    b.set(8, 0, 5).unwrap(); // bottom-left corner
    b.set(0, 8, 6).unwrap(); // top-right corner
    b.set(8, 8, 7).unwrap(); // bottom-right corner
    b.set(0, 0, 9).unwrap(); // top-left corner
    // Row: same value at the other end of the bottom row.
    assert_eq!(
        b.set(8, 7, 5),
        Err(BoardError::Conflict {
            value: 5,
            row: 8,
            col: 7,
            other_row: 8,
            other_col: 0,
            house: House::Row
        })
    );
    // Column: the last column, from the bottom to the top.
    assert_eq!(
        b.set(8 - 1, 8, 6),
        Err(BoardError::Conflict {
            value: 6,
            row: 7,
            col: 8,
            other_row: 0,
            other_col: 8,
            house: House::Column
        })
    );
    // Box only: bottom-right box, different row and column.
    assert_eq!(
        b.set(6, 6, 7),
        Err(BoardError::Conflict {
            value: 7,
            row: 6,
            col: 6,
            other_row: 8,
            other_col: 8,
            house: House::Box
        })
    );
    // Box only: top-left box.
    assert_eq!(
        b.set(2, 1, 9),
        Err(BoardError::Conflict {
            value: 9,
            row: 2,
            col: 1,
            other_row: 0,
            other_col: 0,
            house: House::Box
        })
    );
    let msg = b.set(6, 6, 7).unwrap_err().to_string();
    assert!(
        msg.contains("row 7, column 7") && msg.contains("row 9, column 9"),
        "{msg}"
    );
    assert!(msg.contains("box") && msg.contains('7'), "{msg}");
    check_message(&msg);
}

#[test]
fn parse_names_both_cells_of_conflicting_givens() {
    // In text, the later cell (row-major) is the one reported, with the earlier
    // one as the other cell.
    let cases: [(&[Given], BoardError); 4] = [
        (
            &[(8, 0, '4'), (8, 8, '4')],
            BoardError::Conflict {
                value: 4,
                row: 8,
                col: 8,
                other_row: 8,
                other_col: 0,
                house: House::Row,
            },
        ),
        (
            &[(0, 8, '2'), (8, 8, '2')],
            BoardError::Conflict {
                value: 2,
                row: 8,
                col: 8,
                other_row: 0,
                other_col: 8,
                house: House::Column,
            },
        ),
        (
            &[(0, 0, '9'), (2, 2, '9')],
            BoardError::Conflict {
                value: 9,
                row: 2,
                col: 2,
                other_row: 0,
                other_col: 0,
                house: House::Box,
            },
        ),
        (
            &[(6, 8, '1'), (8, 6, '1')],
            BoardError::Conflict {
                value: 1,
                row: 8,
                col: 6,
                other_row: 6,
                other_col: 8,
                house: House::Box,
            },
        ),
    ];
    for (cells, want) in cases {
        let text = line9(cells);
        let err = text.parse::<Board9>().unwrap_err();
        assert_eq!(err, ParseError::Board(want.clone()), "{text}");
        assert_eq!(Board9::from_line(&text).unwrap_err(), err);
        // The same board as a grid and as tokens reports the same conflict.
        let grid: String = text
            .as_bytes()
            .chunks(9)
            .map(|r| std::str::from_utf8(r).unwrap().to_owned() + "\n")
            .collect();
        assert_eq!(Board9::from_grid(&grid).unwrap_err(), err);
        let tokens: Vec<String> = text
            .chars()
            .map(|c| if c == '.' { "0".into() } else { c.to_string() })
            .collect();
        assert_eq!(Board9::from_tokens(&tokens.join(" ")).unwrap_err(), err);
        // And from raw cells.
        let raw: Vec<u8> = text
            .chars()
            .map(|c| c.to_digit(10).unwrap_or(0) as u8)
            .collect();
        assert_eq!(Board9::from_cells(&raw).unwrap_err(), want);
        let msg = err.to_string();
        check_message(&msg);
        let BoardError::Conflict {
            row,
            col,
            other_row,
            other_col,
            ..
        } = want
        else {
            unreachable!()
        };
        assert!(
            msg.contains(&format!("row {}, column {}", row + 1, col + 1))
                && msg.contains(&format!("row {}, column {}", other_row + 1, other_col + 1)),
            "{msg}"
        );
    }
}

#[test]
fn conflicts_on_big_boards_are_found_at_the_far_corner() {
    let n = 25;
    let mut cells = vec![0u8; n * n];
    cells[n * n - 1] = 25;
    cells[(n - 5) * n + (n - 5)] = 25;
    assert_eq!(
        Board25::from_cells(&cells),
        Err(BoardError::Conflict {
            value: 25,
            row: 24,
            col: 24,
            other_row: 20,
            other_col: 20,
            house: House::Box
        })
    );
    let mut big = Board64::new();
    big.set(0, 63, 64).unwrap();
    assert_eq!(
        big.set(63, 63, 64),
        Err(BoardError::Conflict {
            value: 64,
            row: 63,
            col: 63,
            other_row: 0,
            other_col: 63,
            house: House::Column
        })
    );
}

#[test]
fn from_cells_checks_length_and_range() {
    for found in [0, 15, 17] {
        let err = Board4::from_cells(&vec![0; found]).unwrap_err();
        assert_eq!(
            err,
            BoardError::WrongCellCount {
                expected: 16,
                found,
                size: 4
            }
        );
        assert_eq!(
            err.to_string(),
            format!("expected 16 cells for a 4x4 board, found {found}")
        );
        check_message(&err.to_string());
    }
    let mut cells = [0u8; 16];
    cells[15] = 5;
    assert_eq!(
        Board4::from_cells(&cells),
        Err(BoardError::ValueOutOfRange {
            value: 5,
            row: 3,
            col: 3,
            size: 4
        })
    );
    let mut cells = vec![0u8; 81];
    cells[9] = 200;
    assert_eq!(
        Board9::from_cells(&cells),
        Err(BoardError::ValueOutOfRange {
            value: 200,
            row: 1,
            col: 0,
            size: 9
        })
    );
}

#[test]
fn wrong_cell_count_in_each_format() {
    let short = &TUTORIAL[..80];
    let want = ParseError::WrongCellCount {
        expected: 81,
        found: 80,
        size: 9,
    };
    assert_eq!(short.parse::<Board9>().unwrap_err(), want);
    assert_eq!(Board9::from_line(short).unwrap_err(), want);
    let long = format!("{TUTORIAL}1");
    let want_long = ParseError::WrongCellCount {
        expected: 81,
        found: 82,
        size: 9,
    };
    assert_eq!(long.parse::<Board9>().unwrap_err(), want_long);
    assert_eq!(Board9::from_line(&long).unwrap_err(), want_long);
    // Tokens.
    assert_eq!(
        Board4::from_tokens(&"0 ".repeat(15)).unwrap_err(),
        ParseError::WrongCellCount {
            expected: 16,
            found: 15,
            size: 4
        }
    );
    assert_eq!(
        Board4::from_tokens(
            &"1,"
                .repeat(0)
                .chars()
                .chain("0 ".repeat(17).chars())
                .collect::<String>()
        )
        .unwrap_err(),
        ParseError::WrongCellCount {
            expected: 16,
            found: 17,
            size: 4
        }
    );
    // Hex.
    assert_eq!(
        Board16::from_hex(&".".repeat(255)).unwrap_err(),
        ParseError::WrongCellCount {
            expected: 256,
            found: 255,
            size: 16
        }
    );
    // A 9x9 line is not a 4x4 or 16x16 board.
    assert!(matches!(
        TUTORIAL.parse::<Board16>(),
        Err(ParseError::WrongCellCount {
            expected: 256,
            found: 81,
            size: 16
        })
    ));
    let msg = want.to_string();
    check_message(&msg);
    assert!(
        msg.contains("81") && msg.contains("80") && msg.contains("9x9"),
        "{msg}"
    );
}

/// `text` must fail to parse as a `Board<BOX>`, naming `ch` at (`row`, `col`).
#[track_caller]
fn assert_invalid_char<const BOX: usize>(text: &str, ch: char, row: usize, col: usize) {
    let want = ParseError::InvalidChar { ch, row, col };
    assert_eq!(text.parse::<Board<BOX>>().unwrap_err(), want, "{text}");
    assert_eq!(Board::<BOX>::from_line(text).unwrap_err(), want, "{text}");
}

#[test]
fn invalid_char_names_its_cell() {
    // At the first cell, the last cell, and the start of a later row.
    for (i, ch) in [
        (0usize, 'x'),
        (80, '?'),
        (27, 'G'),
        (40, 'é'),
        (44, '日'),
        (8, '🦀'),
    ] {
        let mut chars: Vec<char> = TUTORIAL.chars().collect();
        chars[i] = ch;
        let text: String = chars.into_iter().collect();
        let want = ParseError::InvalidChar {
            ch,
            row: i / 9,
            col: i % 9,
        };
        assert_eq!(text.parse::<Board9>().unwrap_err(), want, "{text}");
        assert_eq!(Board9::from_line(&text).unwrap_err(), want);
        let msg = want.to_string();
        check_message(&msg);
        assert!(
            msg.contains(&format!("row {}, column {}", i / 9 + 1, i % 9 + 1)),
            "{msg}"
        );
    }
    // In a grid, the position counts cells, not characters.
    let grid = "1 2 | . .\n. . | . .\n------+----\n. . | . .\n. . | . z\n";
    assert_eq!(
        Board4::from_grid(grid).unwrap_err(),
        ParseError::InvalidChar {
            ch: 'z',
            row: 3,
            col: 3
        }
    );
    // A symbol of a larger board is invalid: 5 on 4x4, A on 9x9, H (either
    // case) on 16x16, Q on 25x25.
    assert_invalid_char::<2>(&format!("5{}", ".".repeat(15)), '5', 0, 0);
    assert_invalid_char::<3>(&format!("{}A", ".".repeat(80)), 'A', 8, 8);
    assert_invalid_char::<4>(&format!("{}h", ".".repeat(255)), 'h', 15, 15);
    assert_invalid_char::<5>(&format!("Q{}", ".".repeat(624)), 'Q', 0, 0);
    // On 36x36, 'a' is 36 and 'b' would be 37.
    assert_eq!(
        format!("a{}", ".".repeat(1295))
            .parse::<Board36>()
            .unwrap()
            .get(0, 0),
        Some(36)
    );
    assert_invalid_char::<6>(&format!("b{}", ".".repeat(1295)), 'b', 0, 0);
    // Hex rejects the standard alphabet's empty markers other than '.'.
    assert!(matches!(
        Board16::from_hex(&format!("_{}", ".".repeat(255))),
        Err(ParseError::InvalidChar {
            ch: '_',
            row: 0,
            col: 0
        })
    ));
}

#[test]
fn tokens_report_bad_tokens_and_out_of_range_values() {
    let mut toks = vec!["0"; 16];
    toks[15] = "5";
    assert_eq!(
        Board4::from_tokens(&toks.join(" ")).unwrap_err(),
        ParseError::Board(BoardError::ValueOutOfRange {
            value: 5,
            row: 3,
            col: 3,
            size: 4
        })
    );
    toks[15] = "0";
    toks[6] = "17";
    assert_eq!(
        Board4::from_tokens(&toks.join(",")).unwrap_err(),
        ParseError::Board(BoardError::ValueOutOfRange {
            value: 17,
            row: 1,
            col: 2,
            size: 4
        })
    );
    let mut big = vec!["0"; 4096];
    big[4095] = "65";
    let err = Board64::from_tokens(&big.join(" ")).unwrap_err();
    assert_eq!(
        err,
        ParseError::Board(BoardError::ValueOutOfRange {
            value: 65,
            row: 63,
            col: 63,
            size: 64
        })
    );
    check_message(&err.to_string());
    assert!(err.to_string().contains("65"), "{err}");
    // FromStr picks tokens for 64x64.
    assert_eq!(big.join(" ").parse::<Board64>().unwrap_err(), err);

    toks[6] = "x1";
    let err = Board4::from_tokens(&toks.join(" ")).unwrap_err();
    assert_eq!(
        err,
        ParseError::InvalidToken {
            token: "x1".into(),
            row: 1,
            col: 2
        }
    );
    check_message(&err.to_string());
    toks[6] = "-3";
    assert!(matches!(
        Board4::from_tokens(&toks.join(" ")),
        Err(ParseError::InvalidToken { row: 1, col: 2, .. })
    ));
    toks[6] = "2.5";
    assert!(matches!(
        Board4::from_tokens(&toks.join(" ")),
        Err(ParseError::InvalidToken { row: 1, col: 2, .. })
    ));
    // A very long token is cut in the error.
    let long = "y".repeat(1000);
    toks[6] = &long;
    match Board4::from_tokens(&toks.join(" ")) {
        Err(ParseError::InvalidToken {
            token,
            row: 1,
            col: 2,
        }) => {
            assert!(token.chars().count() <= 16, "{token}")
        }
        other => panic!("{other:?}"),
    }
    // Leading zeros are fine; a huge number is out of range, not a panic.
    toks[6] = "0004";
    assert_eq!(
        Board4::from_tokens(&toks.join(" ")).unwrap().get(1, 2),
        Some(4)
    );
    toks[6] = "99999999999999999999999999999";
    let err = Board4::from_tokens(&toks.join(" ")).unwrap_err();
    assert!(
        matches!(&err, ParseError::TooLarge { row: 1, col: 2, token, .. } if token == toks[6]),
        "{err:?}"
    );
}

/// An out-of-range token should be reported with the value that was written.
#[test]
fn out_of_range_token_reports_the_value_written() {
    let mut toks = vec!["0"; 16];
    toks[3] = "1000";
    assert_eq!(
        Board4::from_tokens(&toks.join(" ")).unwrap_err(),
        ParseError::Board(BoardError::ValueOutOfRange {
            value: 1000,
            row: 0,
            col: 3,
            size: 4
        })
    );
}

#[test]
fn wrong_row_length_in_a_grid() {
    // Last row short.
    let grid = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2\n";
    let err = Board4::from_grid(grid).unwrap_err();
    assert_eq!(
        err,
        ParseError::WrongRowLength {
            row: 3,
            expected: 4,
            found: 3
        }
    );
    assert_eq!(grid.parse::<Board4>().unwrap_err(), err);
    check_message(&err.to_string());
    assert!(err.to_string().contains("row 4"), "{err}");
    // First row long.
    let grid = "1 2 3 4 .\n. . . .\n. . . .\n. . . .\n";
    assert_eq!(
        Board4::from_grid(grid).unwrap_err(),
        ParseError::WrongRowLength {
            row: 0,
            expected: 4,
            found: 5
        }
    );
    // A 9x9 grid with one short middle row (the board's text printed, then cut).
    let b: Board9 = TUTORIAL.parse().unwrap();
    let mut lines: Vec<String> = format!("{b:#}").lines().map(String::from).collect();
    let k = lines
        .iter()
        .position(|l| l.starts_with('.') || l.starts_with(char::is_numeric))
        .unwrap()
        + 4;
    let len = lines[k].len();
    lines[k].truncate(len - 2);
    let err = Board9::from_grid(&lines.join("\n")).unwrap_err();
    assert!(
        matches!(
            err,
            ParseError::WrongRowLength {
                expected: 9,
                found: 8,
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn a_bad_character_in_a_grid_is_placed_by_its_own_row() {
    // Row 1 one cell short, and an `x` in row 4, column 4: a count of cells
    // would put it at column 3; the grid's rows put it where it is.
    let rows = [
        "........",
        ".........",
        ".........",
        "...x.....",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];
    let grid = rows.join("\n");
    let want = ParseError::InvalidChar {
        ch: 'x',
        row: 3,
        col: 3,
    };
    assert_eq!(Board9::from_grid(&grid).unwrap_err(), want);
    assert_eq!(grid.parse::<Board9>().unwrap_err(), want);
    assert_eq!(ndoku::AnyBoard::parse_grid(&grid).unwrap_err(), want);
    assert!(want.to_string().contains("row 4, column 4"), "{want}");
    // On one line, the place is the cell count's, as before.
    let line = format!("{}x{}", ".".repeat(40), ".".repeat(40));
    assert_eq!(
        Board9::from_line(&line).unwrap_err(),
        ParseError::InvalidChar {
            ch: 'x',
            row: 4,
            col: 4
        }
    );
}

/// The rows of `board` in the token format, values separated by `sep`.
fn token_rows<const BOX: usize>(board: &Board<BOX>, sep: &str) -> Vec<String> {
    let n = BOX * BOX;
    let row = |r| (0..n).map(move |c| board.get(r, c).unwrap_or(0).to_string());
    (0..n)
        .map(|r| row(r).collect::<Vec<_>>().join(sep))
        .collect()
}

#[test]
fn token_grids_check_their_rows_and_place_bad_tokens_by_row() {
    // A 16×16 token grid (values past 9 make it tokens), one row with a
    // value dropped and a later row with one added: 256 tokens in all, but
    // not a grid. Every token parser names the short row.
    let mut board = Board16::new();
    board.set(0, 0, 16).unwrap();
    board.set(1, 1, 12).unwrap();
    let rows = token_rows(&board, " ");
    let mut broken = rows.clone();
    broken[2] = broken[2][2..].to_string();
    broken[5].push_str(" 0");
    let grid = broken.join("\n");
    let want = ParseError::WrongRowLength {
        row: 2,
        expected: 16,
        found: 15,
    };
    assert_eq!(Board16::from_tokens(&grid).unwrap_err(), want);
    assert_eq!(Board16::from_grid(&grid).unwrap_err(), want);
    assert_eq!(grid.parse::<Board16>().unwrap_err(), want);
    assert_eq!(ndoku::AnyBoard::parse_grid(&grid).unwrap_err(), want);
    assert_eq!(Board16::from_grid(&rows.join("\n")).unwrap(), board);
    // With commas, and on 64×64, whose grids are always tokens.
    assert_eq!(
        Board16::from_grid(&grid.replace(' ', ",")).unwrap_err(),
        want
    );
    let big: Vec<String> = (0..64)
        .map(|r| vec!["0"; if r == 1 { 63 } else { 64 }].join(" "))
        .collect();
    assert_eq!(
        ndoku::Board64::from_grid(&big.join("\n")).unwrap_err(),
        ParseError::WrongRowLength {
            row: 1,
            expected: 64,
            found: 63
        }
    );
    // A bad token is placed by its own row, as a bad character is: the
    // short row above it does not shift it.
    let mut bad = broken.clone();
    bad[5] = rows[5].clone();
    let mut row9: Vec<&str> = rows[9].split(' ').collect();
    row9[7] = "x";
    bad[9] = row9.join(" ");
    let grid = bad.join("\n");
    let want = ParseError::InvalidToken {
        token: "x".into(),
        row: 9,
        col: 7,
    };
    assert_eq!(Board16::from_tokens(&grid).unwrap_err(), want);
    assert_eq!(grid.parse::<Board16>().unwrap_err(), want);
    assert_eq!(ndoku::AnyBoard::parse_grid(&grid).unwrap_err(), want);
    // So is a value out of range.
    let grid = grid.replace(" x ", " 17 ");
    assert!(matches!(
        Board16::from_tokens(&grid).unwrap_err(),
        ParseError::Board(BoardError::ValueOutOfRange {
            value: 17,
            row: 9,
            col: 7,
            size: 16
        })
    ));
    // A 9×9 grid of comma rows reads as FromStr reads it.
    let nine: Board9 = TUTORIAL.parse().unwrap();
    let commas = token_rows(&nine, ",");
    assert_eq!(Board9::from_grid(&commas.join("\n")).unwrap(), nine);
}

#[test]
fn text_wrapped_at_another_width_is_one_run_of_cells() {
    // A 9×9 line of tokens folded at 80 columns (40 tokens to a line): no
    // line is a row, so it is no grid, and reads as the one line did.
    let nine: Board9 = TUTORIAL.parse().unwrap();
    let tokens = nine.to_tokens();
    let folded: Vec<&str> = (0..tokens.len())
        .step_by(80)
        .map(|i| tokens[i..(i + 80).min(tokens.len())].trim())
        .collect();
    let folded = folded.join("\n");
    assert!(folded.lines().count() == 3, "{folded}");
    assert_eq!(Board9::from_tokens(&folded).unwrap(), nine);
    assert_eq!(folded.parse::<Board9>().unwrap(), nine);
    let commas = folded.replace(' ', ", ");
    assert_eq!(
        ndoku::AnyBoard::parse_line(&commas).unwrap(),
        nine.clone().into()
    );
    // Characters likewise.
    let chars = format!("{}\n{}", &TUTORIAL[..40], &TUTORIAL[40..]);
    assert_eq!(Board9::from_grid(&chars).unwrap(), nine);
    // One whole row among them makes a grid: then every row must be whole.
    let rows = format!(
        "{}\n{}\n{}",
        &TUTORIAL[..9],
        &TUTORIAL[9..40],
        &TUTORIAL[40..]
    );
    assert_eq!(
        Board9::from_grid(&rows).unwrap_err(),
        ParseError::WrongRowLength {
            row: 1,
            expected: 9,
            found: 31
        }
    );
    // A 4×4 grid grouped by boxes, one row short: on 9×9 and smaller a number
    // of two digits is no value, so these are characters, and the row is named.
    assert_eq!(
        Board4::from_grid("12 34\n34 12\n21 4\n43 21").unwrap_err(),
        ParseError::WrongRowLength {
            row: 2,
            expected: 4,
            found: 3
        }
    );
}

#[test]
fn rule_characters_beside_cells_are_invalid() {
    // `-` and `+` are box rules on lines of their own; beside cells they
    // are not skipped: `-1` is no value.
    let spaced = "0 0 0 0 0 -1 0 0 0 0 0 0 0 0 0 0";
    let want = ParseError::InvalidChar {
        ch: '-',
        row: 1,
        col: 1,
    };
    assert_eq!(spaced.parse::<Board4>().unwrap_err(), want);
    assert_eq!(ndoku::AnyBoard::parse_line(spaced).unwrap_err(), want);
    assert_eq!(
        "0 0 0 0 0 +1 0 0 0 0 0 0 0 0 0 0"
            .parse::<Board4>()
            .unwrap_err(),
        ParseError::InvalidChar {
            ch: '+',
            row: 1,
            col: 1
        }
    );
    // Past the last cell, as anything there, it makes the text too long.
    assert_eq!(
        "1234341221434321-".parse::<Board4>().unwrap_err(),
        ParseError::WrongCellCount {
            expected: 16,
            found: 17,
            size: 4
        }
    );
    // In a grid row, by its row and place; an invalid character after it on
    // the same line comes second, one before it first.
    let grid = "1 2 | 3 4\n. . | - .\n----+----\n. . | . .\n. . | . 1";
    assert_eq!(
        Board4::from_grid(grid).unwrap_err(),
        ParseError::InvalidChar {
            ch: '-',
            row: 1,
            col: 2
        }
    );
    assert_eq!(
        Board4::from_grid(&grid.replace(". . | - .", ". . | -x.")).unwrap_err(),
        ParseError::InvalidChar {
            ch: '-',
            row: 1,
            col: 2
        }
    );
    assert_eq!(
        Board4::from_grid(&grid.replace(". . | - .", ". x | - .")).unwrap_err(),
        ParseError::InvalidChar {
            ch: 'x',
            row: 1,
            col: 1
        }
    );
    // Rule lines, and what `{:#}` prints on every size with characters,
    // still read.
    assert_eq!(
        Board4::from_grid(&grid.replace("| - .", "| . ."))
            .unwrap()
            .givens(),
        5
    );
    let nine: Board9 = TUTORIAL.parse().unwrap();
    assert_eq!(format!("{nine:#}").parse::<Board9>().unwrap(), nine);
    let mut big = Board36::new();
    big.set(35, 0, 36).unwrap();
    assert_eq!(format!("{big:#}").parse::<Board36>().unwrap(), big);
}

#[test]
fn a_grid_whose_cells_fit_no_size_is_sized_by_its_rows() {
    // Nine rows, the first one cell short: 80 cells fit no board, but the
    // nine rows say 9×9, so the error names the row.
    let mut rows = vec!["........"];
    rows.extend(["........."; 8]);
    let grid = rows.join("\n");
    let want = ParseError::WrongRowLength {
        row: 0,
        expected: 9,
        found: 8,
    };
    assert_eq!(ndoku::AnyBoard::parse_grid(&grid).unwrap_err(), want);
    assert_eq!(Board9::from_grid(&grid).unwrap_err(), want);
}

#[test]
fn text_that_fits_no_size_names_what_no_board_reads() {
    use ndoku::AnyBoard;
    // A grid in a border of `*` (as some programs save puzzles): 85 cells fit
    // no size, and the `*` is what is wrong, placed as on the nearest size.
    let mut rows = vec!["*-----------*".to_string()];
    for r in 0..9 {
        rows.push(format!("|{}|", &TUTORIAL[r * 9..r * 9 + 9]));
    }
    rows.push("*-----------*".to_string());
    let want = ParseError::InvalidChar {
        ch: '*',
        row: 0,
        col: 0,
    };
    assert_eq!(AnyBoard::parse_grid(&rows.join("\n")).unwrap_err(), want);
    assert_eq!(rows.join("\n").parse::<AnyBoard>().unwrap_err(), want);
    // On one line, by the count of cells before it; a token, likewise.
    let line = format!("{}?{}", &TUTORIAL[..40], &TUTORIAL[40..]);
    assert_eq!(
        AnyBoard::parse_line(&line).unwrap_err(),
        ParseError::InvalidChar {
            ch: '?',
            row: 4,
            col: 4
        }
    );
    let tokens = format!("0,x{}", ",0".repeat(80));
    assert!(matches!(
        AnyBoard::parse_line(&tokens).unwrap_err(),
        ParseError::InvalidToken { row: 0, col: 1, .. }
    ));
    // Past the last cell of the nearest size, on one line, a character no
    // value of that size is named, a symbol of other sizes or not.
    for junk in ['G', 'x', '?'] {
        let line = format!("{TUTORIAL}{junk}");
        assert_eq!(
            AnyBoard::parse_line(&line).unwrap_err(),
            ParseError::TrailingChar { ch: junk, size: 9 }
        );
    }
    // A value of that size there makes 82 cells, which fit no board.
    let line = format!("{TUTORIAL}7");
    assert_eq!(
        AnyBoard::parse_line(&line).unwrap_err(),
        ParseError::NoSizeFits {
            found: 82,
            smaller: Some(9),
            larger: Some(16)
        }
    );
}

#[test]
fn empty_input_is_reported_as_empty() {
    for text in ["", " ", "\n\n", " | + - \n---+---\n", "\t"] {
        assert_eq!(
            text.parse::<Board4>().unwrap_err(),
            ParseError::Empty,
            "{text:?}"
        );
        assert_eq!(
            text.parse::<Board9>().unwrap_err(),
            ParseError::Empty,
            "{text:?}"
        );
        assert_eq!(Board9::from_line(text).unwrap_err(), ParseError::Empty);
        assert_eq!(Board9::from_grid(text).unwrap_err(), ParseError::Empty);
        assert_eq!(Board16::from_hex(text).unwrap_err(), ParseError::Empty);
    }
    let msg = ParseError::Empty.to_string();
    check_message(&msg);
}

/// Empty text holds no cells whatever the size or parser: `ParseError::Empty`
/// ("the text holds no cells at all"), not a cell count of zero.
#[test]
fn empty_input_is_empty_for_tokens_and_big_boards() {
    assert_eq!("".parse::<Board64>().unwrap_err(), ParseError::Empty);
    assert_eq!(Board64::from_grid("").unwrap_err(), ParseError::Empty);
    assert_eq!(Board9::from_tokens("").unwrap_err(), ParseError::Empty);
    assert_eq!(Board9::from_tokens(" , \n").unwrap_err(), ParseError::Empty);
}

#[test]
fn all_error_messages_are_lowercase_without_trailing_period() {
    let errors: Vec<String> = vec![
        ParseError::WrongCellCount {
            expected: 81,
            found: 3,
            size: 9,
        }
        .to_string(),
        ParseError::WrongRowLength {
            row: 0,
            expected: 9,
            found: 3,
        }
        .to_string(),
        ParseError::InvalidChar {
            ch: 'x',
            row: 0,
            col: 0,
        }
        .to_string(),
        ParseError::InvalidChar {
            ch: '.',
            row: 0,
            col: 0,
        }
        .to_string(),
        ParseError::InvalidToken {
            token: "x.".into(),
            row: 0,
            col: 0,
        }
        .to_string(),
        ParseError::Empty.to_string(),
        ParseError::Board(BoardError::OutOfBounds {
            row: 9,
            col: 0,
            size: 9,
        })
        .to_string(),
        BoardError::OutOfBounds {
            row: 9,
            col: 0,
            size: 9,
        }
        .to_string(),
        BoardError::ValueOutOfRange {
            value: 10,
            row: 0,
            col: 0,
            size: 9,
        }
        .to_string(),
        BoardError::Conflict {
            value: 1,
            row: 0,
            col: 0,
            other_row: 0,
            other_col: 1,
            house: House::Row,
        }
        .to_string(),
    ];
    for msg in &errors {
        check_message(msg);
    }
    // 1-based positions in messages, 0-based in fields.
    assert_eq!(
        BoardError::OutOfBounds {
            row: 9,
            col: 0,
            size: 9
        }
        .to_string(),
        "cell at row 10, column 1 is outside the 9x9 board"
    );
    assert_eq!(
        ParseError::WrongRowLength {
            row: 0,
            expected: 9,
            found: 3
        }
        .to_string(),
        "row 1 has 3 cells, expected 9"
    );
    // A board error inside a parse error reads the same.
    let inner = BoardError::ValueOutOfRange {
        value: 10,
        row: 0,
        col: 0,
        size: 9,
    };
    assert_eq!(
        ParseError::Board(inner.clone()).to_string(),
        inner.to_string()
    );
    assert_eq!(ParseError::from(inner.clone()), ParseError::Board(inner));
    // The houses print lowercase.
    assert_eq!(House::Row.to_string(), "row");
    assert_eq!(House::Column.to_string(), "column");
    assert_eq!(House::Box.to_string(), "box");
    // Errors are std errors.
    let e: Box<dyn std::error::Error> = Box::new(ParseError::Empty);
    check_message(&e.to_string());
}

#[test]
fn formats_read_the_same_board() {
    let b: Board9 = TUTORIAL.parse().unwrap();
    assert_eq!(b.to_string(), TUTORIAL);
    assert_eq!(Board9::from_line(TUTORIAL).unwrap(), b);
    assert_eq!(TUTORIAL.replace('.', "0").parse::<Board9>().unwrap(), b);
    assert_eq!(TUTORIAL.replace('.', "_").parse::<Board9>().unwrap(), b);
    let grid = format!("{b:#}");
    assert_eq!(grid.lines().count(), 9 + 2, "9 rows and 2 rules:\n{grid}");
    assert_eq!(Board9::from_grid(&grid).unwrap(), b);
    assert_eq!(grid.parse::<Board9>().unwrap(), b);
    // Windows line ends and surrounding blank lines.
    let crlf = format!("\r\n{}\r\n\r\n", grid.replace('\n', "\r\n"));
    assert_eq!(crlf.parse::<Board9>().unwrap(), b);
    assert_eq!(Board9::from_tokens(&b.to_tokens()).unwrap(), b);
    assert_eq!(
        b.to_tokens().replace(' ', ",").parse::<Board9>().unwrap(),
        b
    );
    assert_eq!(b.to_tokens().split(' ').count(), 81);
    // Tokens with '.' for empty, one row per line, with box rules.
    let rows: Vec<String> = (0..9)
        .map(|r| {
            (0..9)
                .map(|c| b.get(r, c).map_or(".".to_string(), |v| v.to_string()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let text = rows.join("\n| + -\n");
    assert_eq!(Board9::from_tokens(&text).unwrap(), b);
    // Debug names the size and shows the line.
    let dbg = format!("{b:?}");
    assert!(dbg.contains("Board<3>") && dbg.contains(TUTORIAL), "{dbg}");
}

#[test]
fn lower_and_upper_case_letters_agree_up_to_35() {
    let mut rng = Rng::new(3);
    let b = random_solved::<5>(&mut rng);
    let line = b.to_string();
    assert!(line.chars().any(|c| c.is_ascii_uppercase()));
    assert_eq!(line.to_lowercase().parse::<Board25>().unwrap(), b);
    assert_eq!(Board25::from_line(&line.to_lowercase()).unwrap(), b);
}

#[test]
fn hex_format() {
    let mut rng = Rng::new(4);
    let b = blank(&random_solved::<4>(&mut rng), 100, &mut rng);
    let hex = b.to_hex();
    assert_eq!(hex.chars().count(), 256);
    assert!(hex.chars().all(|c| c == '.' || c.is_ascii_hexdigit()));
    assert!(!hex.chars().any(|c| c.is_ascii_lowercase()));
    assert_eq!(Board16::from_hex(&hex).unwrap(), b);
    assert_eq!(Board16::from_hex(&hex.to_lowercase()).unwrap(), b);
    // Value v is hex digit v-1.
    for (i, c) in hex.chars().enumerate() {
        let want = b
            .get_index(i)
            .map(|v| char::from_digit(u32::from(v) - 1, 16).unwrap());
        assert_eq!(
            want.map(|c| c.to_ascii_uppercase()),
            (c != '.').then_some(c)
        );
    }
    // Hex text in a grid layout.
    let grid: String = hex
        .as_bytes()
        .chunks(16)
        .map(|r| {
            let s = std::str::from_utf8(r).unwrap();
            format!(
                "{} | {} | {} | {}\n",
                &s[..4],
                &s[4..8],
                &s[8..12],
                &s[12..]
            )
        })
        .collect();
    assert_eq!(Board16::from_hex(&grid).unwrap(), b);
}

/// Built transforms do what the board methods of the same name do, and a
/// chain of transforms maps a board as its links do in turn, on 9×9 and 16×16.
#[test]
fn transforms_build_and_chain_as_board_methods_do() {
    use ndoku::model::Transform;
    fn check<const BOX: usize>(board: &Board<BOX>) {
        let n = BOX * BOX;
        let rev: Vec<usize> = (0..BOX).rev().collect();
        let map: Vec<u8> = (1..=n as u8).rev().collect();
        let pairs = [
            (
                Transform::<BOX>::relabeling(&map).unwrap(),
                board.relabel(&map).unwrap(),
            ),
            (
                Transform::band_order(&rev).unwrap(),
                board.permute_bands(&rev).unwrap(),
            ),
            (
                Transform::row_order(1, &rev).unwrap(),
                board.permute_rows(1, &rev).unwrap(),
            ),
            (
                Transform::stack_order(&rev).unwrap(),
                board.permute_stacks(&rev).unwrap(),
            ),
            (
                Transform::column_order(0, &rev).unwrap(),
                board.permute_columns(0, &rev).unwrap(),
            ),
            (Transform::transposition(), board.transpose()),
        ];
        for (t, expected) in &pairs {
            assert_eq!(&t.apply(board), expected);
            assert_eq!(&t.inverse().apply(expected), board);
        }
        for seed in 0..20 {
            let (a, b) = (
                Transform::<BOX>::random(seed),
                Transform::<BOX>::random(seed + 100),
            );
            let chained = a.then(&b);
            assert_eq!(
                chained.apply(board),
                b.apply(&a.apply(board)),
                "seed {seed}"
            );
            assert_eq!(chained.then(&chained.inverse()), Transform::identity());
            for (t, _) in &pairs {
                assert_eq!(a.then(t).apply(board), t.apply(&a.apply(board)));
            }
        }
        assert!(Transform::<BOX>::band_order(&[0; BOX]).is_err());
        assert!(Transform::<BOX>::row_order(BOX, &rev).is_err());
        assert!(Transform::<BOX>::relabeling(&[1; 3]).is_err());
    }
    let nine: Board9 = generated_9x9();
    check(&nine);
    let sixteen = ndoku::Generator::<4>::new(1).grid(0).unwrap();
    check(&sixteen);
}

fn generated_9x9() -> Board9 {
    ndoku::Generator::<3>::new(2).generate().unwrap().board
}
