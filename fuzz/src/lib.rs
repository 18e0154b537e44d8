//! What the fuzz targets share: choosing a board size from a byte, and the invariants they assert.
//!
//! The checks here do not trust the library: a board's houses, a solution's
//! completeness and the place an error names are all recomputed from raw cells.

use std::borrow::Cow;

use ndoku::{AnyBoard, Board, BoardError, Count, ParseError};

/// Runs `$body` with `$box` bound to a `const` box size from 2 to 8, picked by
/// the byte `$selector` (its value modulo 7), so one target covers every size.
#[macro_export]
macro_rules! with_box {
    ($selector:expr, $box:ident => $body:expr) => {
        match $selector % 7 {
            0 => $crate::with_box!(@ 2, $box => $body),
            1 => $crate::with_box!(@ 3, $box => $body),
            2 => $crate::with_box!(@ 4, $box => $body),
            3 => $crate::with_box!(@ 5, $box => $body),
            4 => $crate::with_box!(@ 6, $box => $body),
            5 => $crate::with_box!(@ 7, $box => $body),
            _ => $crate::with_box!(@ 8, $box => $body),
        }
    };
    (@ $value:literal, $box:ident => $body:expr) => {{
        const $box: usize = $value;
        $body
    }};
}

/// The input as text: invalid UTF-8 becomes U+FFFD, which the parsers must
/// reject like any other stray character.
pub fn text(bytes: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// Checks a board from raw cells: `N * N` of them, each `0..=N`, and no value
/// twice in a row, column or box.
pub fn check_board<const BOX: usize>(board: &Board<BOX>) {
    let n = BOX * BOX;
    let cells = board.as_bytes();
    assert_eq!(cells.len(), n * n, "cell count of {board:?}");
    assert!(
        cells.iter().all(|&v| usize::from(v) <= n),
        "value out of range in {board:?}"
    );
    assert_eq!(
        board.givens(),
        cells.iter().filter(|&&v| v != 0).count(),
        "givens of {board:?}"
    );
    for house in houses(BOX) {
        let mut seen = 0u128;
        for &i in &house {
            let v = cells[i];
            if v != 0 {
                assert_eq!(seen & (1 << v), 0, "{v} twice in one house of {board:?}");
                seen |= 1 << v;
            }
        }
    }
}

/// Checks that `solution` solves `puzzle`: every cell filled, every house holds
/// `1..=N` once each, and every given of the puzzle kept.
pub fn check_solution<const BOX: usize>(puzzle: &Board<BOX>, solution: &Board<BOX>) {
    check_board(solution);
    let (p, s) = (puzzle.as_bytes(), solution.as_bytes());
    assert!(s.iter().all(|&v| v != 0), "{solution:?} has an empty cell");
    assert!(
        p.iter().zip(s).all(|(&a, &b)| a == 0 || a == b),
        "{solution:?} drops a given of {puzzle:?}"
    );
    assert!(
        solution.is_solved(),
        "is_solved() is false for {solution:?}"
    );
    assert!(
        puzzle.is_completed_by(solution),
        "is_completed_by() is false for {solution:?}"
    );
}

/// The cell indices of every row, column and box of a board with boxes of
/// `boxw` × `boxw` cells.
fn houses(boxw: usize) -> Vec<Vec<usize>> {
    let n = boxw * boxw;
    let rows = (0..n).map(|r| (0..n).map(|c| r * n + c).collect());
    let cols = (0..n).map(|c| (0..n).map(|r| r * n + c).collect());
    let boxes = (0..n).map(|b| {
        let (r0, c0) = (b / boxw * boxw, b % boxw * boxw);
        (0..n)
            .map(|k| (r0 + k / boxw) * n + c0 + k % boxw)
            .collect()
    });
    rows.chain(cols).chain(boxes).collect()
}

/// Checks that every format a board prints in reads back as the same board,
/// through each parser that reads it, for `Board<BOX>` and [`AnyBoard`].
pub fn check_round_trips<const BOX: usize>(board: &Board<BOX>)
where
    AnyBoard: From<Board<BOX>>,
{
    check_board(board);
    let line = board.to_string();
    let grid = format!("{board:#}");
    let tokens = board.to_tokens();
    let back = |what: &str, parsed: Result<Board<BOX>, ParseError>| match parsed {
        Ok(b) => assert_eq!(&b, board, "{what} read back differently"),
        Err(e) => panic!("{what} of {board:?} does not read back: {e}"),
    };
    back("{} by FromStr", line.parse());
    back("{:#} by FromStr", grid.parse());
    back("{:#} by from_grid", Board::from_grid(&grid));
    back("to_tokens by FromStr", tokens.parse());
    back("to_tokens by from_tokens", Board::from_tokens(&tokens));
    if BOX < 8 {
        back("{} by from_line", Board::from_line(&line));
    }
    if BOX == 4 {
        let hex: String = board
            .as_bytes()
            .iter()
            .map(|&v| match v {
                0 => '.',
                v => char::from_digit(u32::from(v - 1), 16).map_or('?', |c| c.to_ascii_uppercase()),
            })
            .collect();
        let any = AnyBoard::from(board.clone());
        assert_eq!(any.to_hex().as_deref(), Some(&*hex), "to_hex of {board:?}");
        let parsed = AnyBoard::parse_hex(&hex);
        assert_eq!(parsed.as_ref(), Ok(&any), "parse_hex of {hex}");
    }
    check_any_round_trips(&AnyBoard::from(board.clone()));
}

/// Checks that every format an [`AnyBoard`] prints in reads back as the same
/// board through [`AnyBoard`]'s parsers.
pub fn check_any_round_trips(board: &AnyBoard) {
    let line = board.to_string();
    let grid = format!("{board:#}");
    let tokens = board.to_tokens();
    let back = |what: &str, parsed: Result<AnyBoard, ParseError>| match parsed {
        Ok(b) => assert_eq!(&b, board, "{what} read back differently"),
        Err(e) => panic!("{what} of {board:?} does not read back: {e}"),
    };
    back("{} by parse_line", AnyBoard::parse_line(&line));
    back("{} by FromStr", line.parse());
    back("{:#} by parse_grid", AnyBoard::parse_grid(&grid));
    back("{:#} by FromStr", grid.parse());
    back("to_tokens by parse_line", AnyBoard::parse_line(&tokens));
    back("to_tokens by parse_grid", AnyBoard::parse_grid(&tokens));
    assert_eq!(board.size(), board.box_size() * board.box_size());
    assert_eq!(board.as_bytes().len(), board.size() * board.size());
    assert_eq!(
        board.to_hex().is_some(),
        board.size() == 16,
        "to_hex is for 16×16 only"
    );
}

/// Checks a parse result for a board of side `n` (`None` when the size was
/// read from the text): a board is checked and round-tripped by `on_board`, an
/// error must print and name a place inside the board.
pub fn check_parsed<T>(
    result: &Result<T, ParseError>,
    n: Option<usize>,
    on_board: impl FnOnce(&T),
) {
    match result {
        Ok(board) => on_board(board),
        Err(e) => check_error(e, n),
    }
}

/// Checks that `e` prints a short message and that the places and sizes it
/// names make sense; with `n`, that they lie on a board of side `n`.
pub fn check_error(e: &ParseError, n: Option<usize>) {
    let message = e.to_string();
    assert!(
        !message.is_empty() && message.len() < 400,
        "message: {message}"
    );
    let on_board = |row: usize, col: usize| n.is_none_or(|n| row < n && col < n);
    match e {
        ParseError::WrongCellCount {
            expected,
            found,
            size,
        } => {
            assert_eq!(*expected, size * size, "{e:?}");
            assert_ne!(expected, found, "{e:?}");
            assert!(n.is_none_or(|n| n == *size), "{e:?} on side {n:?}");
        }
        ParseError::NoSizeFits {
            found,
            smaller,
            larger,
        } => {
            // Only where the size comes from the text, and around the count.
            assert!(n.is_none(), "{e:?} on side {n:?}");
            assert!(smaller.is_none_or(|s| s * s < *found), "{e:?}");
            assert!(larger.is_none_or(|l| l * l > *found), "{e:?}");
            assert!(smaller.is_some() || larger.is_some(), "{e:?}");
        }
        ParseError::TrailingChar { size, .. } => {
            assert!(n.is_none_or(|n| n == *size), "{e:?} on side {n:?}");
        }
        ParseError::WrongRowLength {
            row,
            expected,
            found,
        } => {
            assert_ne!(expected, found, "{e:?}");
            assert!(n.is_none_or(|n| n == *expected && *row <= n), "{e:?}");
        }
        ParseError::InvalidChar { row, col, .. } => assert!(on_board(*row, *col), "{e:?}"),
        ParseError::InvalidToken { token, row, col } => {
            assert!(on_board(*row, *col), "{e:?}");
            assert!(token.chars().count() <= 16, "{e:?}");
        }
        ParseError::Board(board) => check_board_error(board, n),
        ParseError::Empty => {}
        other => panic!("a ParseError the fuzz checks do not know: {other:?}"),
    }
}

/// Checks the places and values a [`BoardError`] from parsing names.
fn check_board_error(e: &BoardError, n: Option<usize>) {
    let on_board = |row: usize, col: usize| n.is_none_or(|n| row < n && col < n);
    match e {
        BoardError::ValueOutOfRange {
            value,
            row,
            col,
            size,
        } => {
            assert!(value > size || *value == 0, "{e:?}");
            assert!(
                on_board(*row, *col) && n.is_none_or(|n| n == *size),
                "{e:?}"
            );
        }
        BoardError::Conflict {
            row,
            col,
            other_row,
            other_col,
            ..
        } => {
            assert!(
                on_board(*row, *col) && on_board(*other_row, *other_col),
                "{e:?}"
            );
            assert_ne!((row, col), (other_row, other_col), "{e:?}");
        }
        other => panic!("parsing gave {other:?}"),
    }
}

/// Checks that two parsers that both read the same text read the same board.
pub fn check_agree<T: PartialEq + std::fmt::Debug>(
    what: &str,
    a: &Result<T, ParseError>,
    b: &Result<T, ParseError>,
) {
    if let (Ok(a), Ok(b)) = (a, b) {
        assert_eq!(a, b, "{what} read the same text differently");
    }
}

/// Checks a count against its limit: exact counts stay below it, a reached
/// limit is the limit, and a search that gave up found fewer.
pub fn check_count(count: Count, limit: usize) {
    match count {
        Count::Exact(k) => assert!(k < limit, "{count:?} at limit {limit}"),
        Count::AtLeast(k) => assert_eq!(k, limit, "{count:?} at limit {limit}"),
        Count::GaveUp(k) => assert!(k < limit, "{count:?} at limit {limit}"),
        other => panic!("a Count the fuzz checks do not know: {other:?}"),
    }
}

/// Checks that two counts of the same board at the same limit agree wherever
/// both are definite, and that neither contradicts what the other found.
pub fn check_counts_agree(what: &str, a: Count, b: Count) {
    let definite = |c: Count| !matches!(c, Count::GaveUp(_));
    if definite(a) && definite(b) {
        assert_eq!(a, b, "{what}: counts disagree");
    }
    // Whatever a search found exists: an exact count is never below it.
    if let Count::Exact(k) = a {
        assert!(b.found() <= k, "{what}: {a:?} but the other found {b:?}");
    }
    if let Count::Exact(k) = b {
        assert!(a.found() <= k, "{what}: {b:?} but the other found {a:?}");
    }
}

/// The single-character alphabets, as the line and grid formats ([`Standard`](Alphabet::Standard))
/// and the hex format ([`Hex`](Alphabet::Hex)) document them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alphabet {
    /// `1`-`9`, `A`-`Z` for 10-35, `a`-`z` for 36-61 (either case while N ≤ 35);
    /// `.`, `_` and `0` are empty.
    Standard,
    /// `0`-`9` and `A`-`F` (either case) for 1-16; `.` is empty.
    Hex,
}

/// White space and box rules (`|`, `+`, `-` and the box-drawing characters
/// U+2500 to U+257F): characters that hold no cell.
fn is_layout(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '+' | '-' | '\u{2500}'..='\u{257F}')
}

/// The value `c` stands for on a board of side `n` (`0` for empty), or `None`
/// when it is no symbol of that board.
fn symbol(c: char, n: usize, alphabet: Alphabet) -> Option<u8> {
    let value = match (alphabet, c) {
        (Alphabet::Standard, '.' | '_' | '0') | (Alphabet::Hex, '.') => 0,
        (Alphabet::Standard, '1'..='9') => c as u8 - b'0',
        (Alphabet::Standard, 'A'..='Z') => c as u8 - b'A' + 10,
        (Alphabet::Standard, 'a'..='z') if n <= 35 => c as u8 - b'a' + 10,
        (Alphabet::Standard, 'a'..='z') => c as u8 - b'a' + 36,
        (Alphabet::Hex, c) => c.to_digit(16)? as u8 + 1,
        _ => return None,
    };
    (usize::from(value) <= n).then_some(value)
}

/// A model of the single-character formats, written from their docs: the
/// cells of `s` on a board of side `n`, or `None` when the text is not one.
/// Layout is skipped; cells on several lines must come N to a line.
pub fn model_chars(s: &str, n: usize, alphabet: Alphabet) -> Option<Vec<u8>> {
    let mut cells = Vec::new();
    let mut rows = Vec::new();
    for line in s.split('\n') {
        let before = cells.len();
        for c in line.chars().filter(|&c| !is_layout(c)) {
            cells.push(symbol(c, n, alphabet)?);
        }
        if cells.len() > before {
            // `+` and `-` are box rules only on lines without cells.
            if line.contains(['+', '-']) {
                return None;
            }
            rows.push(cells.len() - before);
        }
    }
    // Several lines, one of them a whole row, make a grid of such rows.
    let grid_ok = rows.len() <= 1 || !rows.contains(&n) || rows.iter().all(|&k| k == n);
    (grid_ok && cells.len() == n * n).then_some(cells)
}

/// A model of the token format, written from its docs: the cells of `s` on a
/// board of side `n`, or `None` when the text is not one.
pub fn model_tokens(s: &str, n: usize) -> Option<Vec<u8>> {
    // Tokens on several lines, one of them a whole row, are a grid: each
    // line with tokens is a row of N.
    let rows: Vec<usize> = s
        .lines()
        .map(|line| tokens(line).count())
        .filter(|&k| k > 0)
        .collect();
    if rows.len() > 1 && rows.contains(&n) && rows.iter().any(|&k| k != n) {
        return None;
    }
    let mut cells = Vec::new();
    for token in tokens(s) {
        let value = match token {
            "." | "_" => 0,
            t if t.bytes().all(|b| b.is_ascii_digit()) => {
                let digits = t.trim_start_matches('0');
                match digits.len() {
                    0 => 0,
                    1..=2 => digits.parse::<u8>().ok()?,
                    _ => return None,
                }
            }
            _ => return None,
        };
        if usize::from(value) > n {
            return None;
        }
        cells.push(value);
    }
    (cells.len() == n * n).then_some(cells)
}

/// The tokens of `s`: separated by white space or commas, box rules left out.
fn tokens(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty() && !t.chars().all(is_layout))
}

/// Whether `Board::from_grid` reads `s` as tokens on a board of side `n`, as
/// its docs say: commas; or a number of two or more digits and either N×N
/// tokens, or (from 16×16 up) fewer than two characters a token and not N×N
/// characters; or 64×64.
pub fn grid_is_tokens(s: &str, n: usize) -> bool {
    let count = tokens(s).count();
    let wide = tokens(s).any(|t| t.len() > 1 && t.bytes().all(|b| b.is_ascii_digit()));
    let chars = s.chars().filter(|&c| !is_layout(c)).count();
    s.contains(',')
        || n == 64
        || (wide && (count == n * n || (n >= 10 && chars != n * n && chars < 2 * count)))
}

/// Checks a parser against a model: it reads a board exactly when the model
/// finds the cells and they hold no conflict, and then the model's cells.
pub fn check_model<const BOX: usize>(
    what: &str,
    parsed: &Result<Board<BOX>, ParseError>,
    model: Option<Vec<u8>>,
) {
    let expected = model.filter(|cells| conflict_free(BOX, cells));
    let got = parsed.as_ref().ok().map(|b| b.as_bytes().to_vec());
    assert_eq!(got, expected, "{what} and its model differ ({parsed:?})");
}

/// Whether no house of a board with `boxw`-wide boxes holds a value twice.
fn conflict_free(boxw: usize, cells: &[u8]) -> bool {
    houses(boxw).iter().all(|house| {
        let mut seen = 0u128;
        house.iter().all(|&i| {
            let bit = 1u128 << cells[i];
            let fresh = cells[i] == 0 || seen & bit == 0;
            seen |= bit;
            fresh
        })
    })
}
