//! Text formats: parsing and printing boards as lines, grids, tokens and hex.

use std::fmt::{self, Write as _};
use std::str::FromStr;
use std::sync::Arc;

use crate::error::{BoardError, ParseError};
use crate::model::board::{Board, NO_CELL};
use crate::model::geometry::MAX_SIZE;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::text::sniff::{
    Layout, has_single_chars, is_layout, measure_any, reads_as_tokens, reads_as_tokens_any,
    side_of, words,
};

/// How single characters map to values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Alphabet {
    /// `1`-`9`, `A`-`Z` for 10-35, `a`-`z` for 36-61 (case-insensitive while N ≤ 35);
    /// `.`, `_` and `0` are empty.
    Standard,
    /// `0`-`9` and `A`-`F` (either case) for 1-16; only `.` is empty.
    Hex,
    /// Values from 0 ([`Puzzle::first_value`]): `0`-`9`, then `A`-`Z`
    /// (either case) for 1-36; `.` and `_` are empty.
    FromZero,
}

/// What one character of the text stands for.
enum Symbol {
    /// An empty cell.
    Empty,
    /// A value, 1-based (it may still exceed the board's size, and is then invalid).
    Value(u32),
    /// Layout: white space and box rules, which carry no cell.
    Layout,
    /// Anything else.
    Invalid,
}

impl Alphabet {
    const fn decode(self, ch: char, n: usize) -> Symbol {
        if is_layout(ch) {
            return Symbol::Layout;
        }
        match (self, ch) {
            (Alphabet::Standard, '.' | '_' | '0') | (Alphabet::Hex, '.') => Symbol::Empty,
            (Alphabet::Standard, '1'..='9') => Symbol::Value(ch as u32 - '0' as u32),
            (Alphabet::Standard, 'A'..='Z') => Symbol::Value(ch as u32 - 'A' as u32 + 10),
            (Alphabet::Standard, 'a'..='z') if n <= 35 => {
                Symbol::Value(ch as u32 - 'a' as u32 + 10)
            }
            (Alphabet::Standard, 'a'..='z') => Symbol::Value(ch as u32 - 'a' as u32 + 36),
            (Alphabet::Hex, '0'..='9') => Symbol::Value(ch as u32 - '0' as u32 + 1),
            (Alphabet::Hex, 'A'..='F') => Symbol::Value(ch as u32 - 'A' as u32 + 11),
            (Alphabet::Hex, 'a'..='f') => Symbol::Value(ch as u32 - 'a' as u32 + 11),
            (Alphabet::FromZero, '.' | '_') => Symbol::Empty,
            (Alphabet::FromZero, '0'..='9') => Symbol::Value(ch as u32 - '0' as u32 + 1),
            (Alphabet::FromZero, 'A'..='Z') => Symbol::Value(ch as u32 - 'A' as u32 + 11),
            (Alphabet::FromZero, 'a'..='z') => Symbol::Value(ch as u32 - 'a' as u32 + 11),
            _ => Symbol::Invalid,
        }
    }

    /// The character for `value` (1-based), or `None` where this alphabet has none.
    fn encode(self, value: u8) -> Option<char> {
        let v = u32::from(value);
        match (self, v) {
            (Alphabet::Standard, 1..=9) => char::from_digit(v, 10),
            (Alphabet::Standard, 10..=35) => char::from_u32('A' as u32 + v - 10),
            (Alphabet::Standard, 36..=61) => char::from_u32('a' as u32 + v - 36),
            (Alphabet::Hex, 1..=16) => char::from_digit(v - 1, 16).map(|c| c.to_ascii_uppercase()),
            _ => None,
        }
    }
}

impl<const BOX: usize> Board<BOX> {
    /// Parses the line format: the N×N cells in row-major order on one line.
    ///
    /// Values are `1`-`9`, then `A`=10 … `Z`=35 (either case while N ≤ 35), then
    /// `a`-`z` for 36-61 on 36×36 and larger boards; `.`, `_` and `0` are empty.
    /// Cells on several lines, at least one of them a row of N, are a grid, whose
    /// every row must hold N; a line wrapped at another width is one run.
    /// White space and the box-rule character `|` are skipped, and so are `+`
    /// and `-` on lines without cells (rule lines such as `------+------`), so
    /// this also reads the grid format; on a line with cells, `+` and `-` are
    /// invalid characters. For 64×64 boards use [`Board::from_tokens`].
    ///
    /// # Errors
    ///
    /// [`ParseError::InvalidChar`] for a character that is not a symbol,
    /// [`ParseError::TrailingChar`] for one past the last cell of a single
    /// line, [`ParseError::WrongCellCount`] or [`ParseError::WrongRowLength`] for the wrong
    /// number of cells, [`ParseError::Empty`] for text with no cells at all (empty,
    /// or only white space and box rules), and [`ParseError::Board`] for a value out
    /// of range or givens that conflict.
    pub fn from_line(s: &str) -> Result<Self, ParseError> {
        parse_chars(s, Alphabet::Standard)
    }

    /// Parses the grid format: N rows of N cells, with any spacing and optional
    /// `|`, `+` and `-` box rules, as people type and print puzzles. Lines with no
    /// cells (rules, blank lines) are skipped. It reads what `{:#}` prints.
    /// Rows of tokens (numbers separated by white space or commas, as
    /// [`Board::from_tokens`] reads them) work too. Text is read as tokens when
    /// it holds commas; or when it holds a number of two or more digits and
    /// either N×N tokens, or (from 16×16 up, where values take two digits)
    /// fewer than two characters a token and not N×N cells as characters (so
    /// a token grid with a short row is still tokens, while rows of unspaced
    /// digits such as `534678912` are characters); and always on 64×64, whose
    /// values have no single characters.
    ///
    /// # Errors
    ///
    /// As [`Board::from_line`], or [`Board::from_tokens`] for tokens; a row with
    /// the wrong number of cells is [`ParseError::WrongRowLength`].
    pub fn from_grid(s: &str) -> Result<Self, ParseError> {
        if reads_as_tokens(s, Self::N) {
            Self::from_tokens(s)
        } else {
            parse_chars(s, Alphabet::Standard)
        }
    }

    /// Parses the token format: N×N integers separated by white space or commas,
    /// with `0`, `.` or `_` for empty. It works for every size, including 64×64.
    /// Tokens made only of `|`, `+` and `-` are box rules and are skipped. Tokens
    /// on several lines, at least one of them a row of N, are a grid, each line
    /// that holds any one row of N; wrapped at another width, they are one run.
    ///
    /// # Errors
    ///
    /// [`ParseError::InvalidToken`] for a token that is not a number,
    /// [`ParseError::WrongRowLength`] for a grid row of the wrong length,
    /// [`ParseError::WrongCellCount`] for the wrong number of tokens,
    /// [`ParseError::Empty`] for text with no tokens, and [`ParseError::Board`] for
    /// a value out of range or givens that conflict.
    pub fn from_tokens(s: &str) -> Result<Self, ParseError> {
        let cells = read_tokens(s, Self::N, false)?;
        // Every value is at most N, and N is at most 64.
        let bytes: Vec<u8> = cells.iter().map(|&v| v as u8).collect();
        Ok(Self::from_cells(&bytes)?)
    }

    /// Prints the token format on one line: values as decimal numbers separated by
    /// spaces, `0` for empty. [`Board::from_tokens`] reads it back.
    #[must_use]
    pub fn to_tokens(&self) -> String {
        let mut out = String::with_capacity(Self::CELLS * 3);
        for (i, v) in self.as_bytes().iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&v.to_string());
        }
        out
    }
}

impl Board<4> {
    /// Parses a 16×16 board written in hex: `0`-`9` and `A`-`F` (either case) are the
    /// values 1-16, so `0` is a value and `.` is the only empty marker. White space
    /// and box rules are skipped, as in [`Board::from_grid`].
    ///
    /// # Errors
    ///
    /// As [`Board::from_line`].
    pub fn from_hex(s: &str) -> Result<Self, ParseError> {
        parse_chars(s, Alphabet::Hex)
    }

    /// Prints the board on one line in hex (`0`-`F` for 1-16, `.` for empty), as
    /// [`Board::from_hex`] reads it.
    #[must_use]
    pub fn to_hex(&self) -> String {
        self.as_bytes()
            .iter()
            .map(|&v| Alphabet::Hex.encode(v).unwrap_or('.'))
            .collect()
    }
}

impl Puzzle {
    /// Reads a puzzle under `rules` from text, in any of the formats
    /// [`Board::from_grid`] reads: the line format (single characters, up to
    /// 61 values), a grid of rows with optional `|`, `+` and `-` box rules,
    /// or tokens (numbers separated by white space or commas, `0`, `.` or `_`
    /// for empty), the whole board on one line or a row a line. Past 61×61
    /// the cells are tokens, as boxed text such as hkociemba's 400×400
    /// puzzles writes them, unless the text is exactly N×N characters and
    /// not as many words (a grid of `.`, whose cells are all empty).
    ///
    /// ```
    /// use ndoku::{Rules, Puzzle};
    ///
    /// let rules = Rules::classic(6)?;
    /// let puzzle = Puzzle::parse_with(rules, "1 2 3 | 4 5 6\n. . . | . . .\n------+------\n. . . | . . .\n. . . | . . .\n------+------\n. . . | . . .\n. . . | . . 1")?;
    /// assert_eq!((puzzle.size(), puzzle.givens()), (6, 7));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Board::from_grid`]: [`ParseError::InvalidChar`] or
    /// [`ParseError::InvalidToken`] naming the row and column of a bad cell,
    /// [`ParseError::WrongRowLength`], [`ParseError::WrongCellCount`],
    /// [`ParseError::Empty`], [`ParseError::Board`] for a value out of range;
    /// and [`ParseError::Violation`] for givens that break a rule.
    pub fn parse_with(rules: impl Into<Arc<Rules>>, s: &str) -> Result<Self, ParseError> {
        let rules = rules.into();
        let layout = if reads_as_tokens_any(s, rules.size()) {
            Layout::Tokens
        } else {
            Layout::Chars
        };
        Self::parse_as(rules, s, layout, false)
    }

    /// Reads a classic puzzle of any side N from 1 to 400, under
    /// [`Rules::classic`]`(N)` (boxes of h×w, h the largest divisor of N not
    /// above √N), N taken from the number of cells: N×N characters or
    /// tokens, in any format [`Puzzle::parse_with`] reads. What `{}` and
    /// `{:#}` print reads back the same. [`FromStr`] does the same.
    ///
    /// Text is read as tokens when it holds commas, or numbers of two or
    /// more digits and a square number of words, none of them past its
    /// side (else its characters, if they make a square).
    ///
    /// ```
    /// use ndoku::Puzzle;
    ///
    /// // A 90×90 board (boxes of 9×10) as tokens, a row a line.
    /// let rows: Vec<String> = (0..90).map(|r| {
    ///     (0..90).map(|c| if r == c { ((r % 9) * 10 + r / 9 + 1).to_string() } else { ".".into() })
    ///         .collect::<Vec<_>>().join(" ")
    /// }).collect();
    /// let puzzle = Puzzle::parse_classic(&rows.join("\n"))?;
    /// assert_eq!((puzzle.size(), puzzle.givens()), (90, 90));
    /// assert_eq!(puzzle.rules().geometry().box_shape(), Some((9, 10)));
    /// assert_eq!(puzzle.to_string().parse::<Puzzle>()?, puzzle);
    /// # Ok::<(), ndoku::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseError::NoSizeFits`] when the number of cells is no square (a
    /// grid takes its size from its first row instead, or else its count of
    /// rows, so that the error names what is off), naming the squares on
    /// either side; [`ParseError::UnsupportedSize`] for a side over 400; else
    /// those of [`Puzzle::parse_with`].
    pub fn parse_classic(s: &str) -> Result<Self, ParseError> {
        Self::parse_classic_in(s, false)
    }

    /// Reads a classic puzzle whose values run from 0 to N-1, as a puzzle
    /// with [`Puzzle::first_value`] 0 prints itself (`{}`, `{:#}` and
    /// [`Puzzle::to_tokens`]): single characters `0`-`9`, then `A`-`Z`
    /// (either case) up to 36 values, `.` or `_` for empty; or tokens
    /// `0` to N-1 and `.` for empty. [`Puzzle::parse_classic`] reads `0`
    /// as empty, as most sudoku lines write it, so a solution printed from
    /// 0 reads back only here (or as ISS text, [`crate::text::iss`]).
    ///
    /// ```
    /// use ndoku::Puzzle;
    /// use ndoku::text::iss;
    ///
    /// let puzzle = iss::parse(".Shape~4x4~0-3.~R1C1_0~R2C3_0")?;
    /// let solution = puzzle.solve().expect("a solution");
    /// let line = solution.to_string(); // "0123..." in the puzzle's values
    /// let back = Puzzle::parse_classic_from_zero(&line)?;
    /// assert_eq!((back.first_value(), back.cells()), (0, solution.cells()));
    /// assert_eq!(back.to_string(), line);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Those of [`Puzzle::parse_classic`]; a character or token past N-1
    /// is out of range.
    pub fn parse_classic_from_zero(s: &str) -> Result<Self, ParseError> {
        Self::parse_classic_in(s, true).map(|p| p.with_values_from_zero(true))
    }

    /// [`Puzzle::parse_classic`], with values from 0 when `zero`.
    fn parse_classic_in(s: &str, zero: bool) -> Result<Self, ParseError> {
        let (layout, count) = measure_any(s);
        if count == 0 {
            return Err(ParseError::Empty);
        }
        let count_in = |line: &str| match layout {
            Layout::Tokens => words(line).count(),
            Layout::Chars => crate::text::sniff::cells(line).count(),
        };
        // A grid whose cells don't add up takes its side from its first
        // row, or else from its number of rows, so that the error names the
        // row that is off.
        let by_rows = || {
            let mut rows = s.lines().map(count_in).filter(|&k| k > 0);
            let first = rows.next()?;
            let more = 1 + rows.count();
            (more > 1).then_some(if first > 1 { first } else { more })
        };
        let Some(n) = side_of(count).or_else(by_rows) else {
            let below = count.isqrt();
            return Err(ParseError::NoSizeFits {
                found: count,
                smaller: Some(below.min(MAX_SIZE)).filter(|&n| n > 0),
                larger: Some(below + 1).filter(|&n| n <= MAX_SIZE),
            });
        };
        // The shared rules of the size, so that every puzzle read shares
        // one copy and the engines' tables built from it.
        let rules = Rules::classic_shared(n).map_err(|_| ParseError::UnsupportedSize {
            size: n,
            max: MAX_SIZE,
        })?;
        Self::parse_as(rules, s, layout, zero)
    }

    /// Reads the cells of `s` in `layout`, values from 0 when `zero`, and
    /// checks them against `rules`.
    fn parse_as(
        rules: Arc<Rules>,
        s: &str,
        layout: Layout,
        zero: bool,
    ) -> Result<Self, ParseError> {
        let n = rules.size();
        let alphabet = if zero {
            Alphabet::FromZero
        } else {
            Alphabet::Standard
        };
        let cells = match layout {
            Layout::Tokens => read_tokens(s, n, zero)?,
            Layout::Chars => read_chars(s, n, alphabet)?,
        };
        Ok(Self::from_cells(rules, &cells)?)
    }
}

impl FromStr for Puzzle {
    type Err = ParseError;

    /// Reads a classic puzzle of any side from 1 to 400, as
    /// [`Puzzle::parse_classic`] does.
    ///
    /// # Errors
    ///
    /// Those of [`Puzzle::parse_classic`].
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Self::parse_classic(s)
    }
}

/// Byte to cell value for [`Alphabet::Standard`] on a board of side `n`, as
/// its `decode` reads each ASCII character: `0` empty, `1..=n` a value,
/// [`NO_CELL`] otherwise.
const fn plain_table(n: usize) -> [u8; 256] {
    let mut t = [NO_CELL; 256];
    let mut b = 0u8;
    while b < 128 {
        t[b as usize] = match Alphabet::Standard.decode(b as char, n) {
            Symbol::Empty => 0,
            Symbol::Value(v) if v as usize <= n => v as u8,
            _ => NO_CELL,
        };
        b += 1;
    }
    t
}

/// The standard table for 9×9, for tests of readers that skip it.
#[cfg(test)]
pub(crate) fn plain_table_9() -> [u8; 256] {
    plain_table(9)
}

/// The fast path for the commonest input, a line of exactly N×N plain symbols:
/// one table lookup a byte, with the conflict check in the same pass. `None`
/// sends anything else (white space, rules, stray characters) to the general
/// reader, which names what is wrong.
pub(crate) fn plain_line<const BOX: usize>(bytes: &[u8]) -> Option<Result<Board<BOX>, BoardError>> {
    Board::from_mapped(bytes, const { &plain_table(Board::<BOX>::N) })
}

/// [`plain_line`] without the conflict check, for a caller that checks
/// ([`Board::from_mapped_unchecked`]).
pub(crate) fn plain_line_unchecked<const BOX: usize>(bytes: &[u8]) -> Option<Board<BOX>> {
    Board::from_mapped_unchecked(bytes, const { &plain_table(Board::<BOX>::N) })
}

/// Reads single-character cells, skipping white space and box rules, and checks
/// the layout: N×N cells in all, and N per line when they make a grid (see
/// [`Rows::is_grid`]).
/// `-` and `+` are box rules only on lines without cells: beside cells (as in
/// `-1`) they are invalid characters, not something to skip.
fn parse_chars<const BOX: usize>(s: &str, alphabet: Alphabet) -> Result<Board<BOX>, ParseError> {
    if alphabet == Alphabet::Standard
        && let Some(board) = plain_line::<BOX>(s.as_bytes())
    {
        return board.map_err(ParseError::from);
    }
    let cells = read_chars(s, Board::<BOX>::N, alphabet)?;
    // Every value is at most N, and N is at most 64.
    let bytes: Vec<u8> = cells.iter().map(|&v| v as u8).collect();
    Ok(Board::from_cells(&bytes)?)
}

/// The cells of a board of side `n` in single characters, 0 for empty, with
/// the layout checked as [`parse_chars`] says; the givens are not checked
/// against each other.
fn read_chars(s: &str, n: usize, alphabet: Alphabet) -> Result<Vec<u16>, ParseError> {
    let total = n * n;
    let mut cells = Vec::with_capacity(total);
    let mut rows = Rows::new(n);
    // The first invalid character: the character, the cells before it, and
    // its line (among those with cells) and place there.
    let mut invalid: Option<(char, usize, usize, usize)> = None;
    // The first character past the last cell that is no value of this size.
    let mut trailing: Option<char> = None;
    for line in s.lines() {
        let mut in_line = 0usize;
        // The line's first `-` or `+` on the board, invalid if the line has cells.
        let mut rule: Option<(char, usize, usize)> = None;
        for ch in line.chars() {
            // A symbol of a larger board (`G` on a 9×9) is as invalid here as `?`.
            // Past 64×64 letters are no values: single characters there are
            // only `.`, `_`, `0` and the digits that read the same as tokens.
            let symbol = match alphabet.decode(ch, n) {
                Symbol::Value(_) if n > 64 && ch.is_ascii_alphabetic() => Symbol::Invalid,
                symbol => symbol,
            };
            let value = match symbol {
                Symbol::Layout => {
                    if matches!(ch, '-' | '+') {
                        rule.get_or_insert((ch, rows.cells, in_line));
                    }
                    continue;
                }
                Symbol::Empty => 0,
                Symbol::Value(v) if v as usize <= n => v as u16,
                // Past the last cell, anything counts toward the wrong-length
                // error; on a single line, a character no value of this size
                // is named instead (see below).
                Symbol::Value(_) | Symbol::Invalid if rows.cells >= total => {
                    trailing.get_or_insert(ch);
                    0
                }
                Symbol::Value(_) | Symbol::Invalid => {
                    invalid.get_or_insert((ch, rows.cells, rows.lines(), in_line));
                    0
                }
            };
            if rows.cells < total {
                cells.push(value);
            }
            rows.cells += 1;
            in_line += 1;
        }
        // A rule character beside cells comes before any invalid character
        // after it on the same line; past the last cell it counts toward the
        // wrong-length error, as anything there does.
        match rule.filter(|_| in_line > 0) {
            Some((_, before, _)) if before >= total => rows.cells += 1,
            Some((ch, before, place)) => {
                let later =
                    |&(_, _, l, p): &(char, usize, usize, usize)| l == rows.lines() && p >= place;
                if invalid.as_ref().is_none_or(later) {
                    invalid = Some((ch, before, rows.lines(), place));
                }
            }
            None => {}
        }
        rows.end_line(in_line);
    }
    if let Some((ch, before, line, place)) = invalid {
        let (row, col) = rows.place(before, line, place);
        return Err(ParseError::InvalidChar { ch, row, col });
    }
    if let Some(ch) = trailing.filter(|_| rows.lines() <= 1) {
        return Err(ParseError::TrailingChar { ch, size: n });
    }
    rows.check(total)?;
    Ok(cells)
}

/// Why a token is no cell: not a number, or a number past the board's values.
enum BadToken {
    /// Not a number nor an empty marker (cut to 16 characters).
    NotANumber(String),
    /// A number past the largest value.
    OutOfRange(usize),
    /// A number too large for a `usize`, as written (cut to 32 characters).
    TooLarge(String),
}

/// The cells of a board of side `n` in the token format, 0 for empty, with
/// the layout checked as [`Board::from_tokens`] says; the givens are not
/// checked against each other.
fn read_tokens(s: &str, n: usize, zero: bool) -> Result<Vec<u16>, ParseError> {
    let total = n * n;
    let mut cells = Vec::with_capacity(total);
    let mut rows = Rows::new(n);
    // The first bad token, the cells before it, its line and its place there.
    let mut bad: Option<(BadToken, usize, usize, usize)> = None;
    for line in s.lines() {
        let mut in_line = 0usize;
        for token in words(line) {
            // Past the last cell, tokens are counted without being read.
            if rows.cells < total {
                let value = token_value(token, n, zero).unwrap_or_else(|why| {
                    bad.get_or_insert((why, rows.cells, rows.lines(), in_line));
                    0
                });
                cells.push(value);
            }
            rows.cells += 1;
            in_line += 1;
        }
        rows.end_line(in_line);
    }
    if let Some((why, before, line, place)) = bad {
        let (row, col) = rows.place(before, line, place);
        return Err(match why {
            BadToken::NotANumber(token) => ParseError::InvalidToken { token, row, col },
            BadToken::OutOfRange(value) => BoardError::ValueOutOfRange {
                value,
                row,
                col,
                size: n,
            }
            .into(),
            BadToken::TooLarge(token) => ParseError::TooLarge {
                token,
                row,
                col,
                size: n,
            },
        });
    }
    rows.check(total)?;
    Ok(cells)
}

/// The value of one token on a board of side `n` (0 for empty).
fn token_value(token: &str, n: usize, zero: bool) -> Result<u16, BadToken> {
    match token {
        "." | "_" => Ok(0),
        t if t.bytes().all(|b| b.is_ascii_digit()) => {
            // All digits: empty after trimming zeros means 0; a number too
            // big for usize is named as written.
            let t = t.trim_start_matches('0');
            let v: usize = if t.is_empty() {
                0
            } else {
                t.parse()
                    .map_err(|_| BadToken::TooLarge(t.chars().take(32).collect()))?
            };
            // Values from 0: 0 is a value, held as 1.
            let held = v.saturating_add(usize::from(zero));
            if held > n {
                return Err(BadToken::OutOfRange(v));
            }
            // At most n, which is at most 400.
            Ok(held as u16)
        }
        t => Err(BadToken::NotANumber(t.chars().take(16).collect())),
    }
}

/// The layout a parse has seen, in characters or tokens: the cells in all,
/// and the cells on each text line that holds any, to name a short or long row
/// and to place a bad cell in a grid by its own row.
struct Rows {
    /// The board's side.
    n: usize,
    /// Cells read so far.
    cells: usize,
    /// Cells per line that holds any: the first n + 1 such lines (more make
    /// a grid too long however many).
    counts: Vec<usize>,
    /// Lines that held cells.
    lines: usize,
    /// Lines that held exactly n cells.
    full: usize,
}

impl Rows {
    fn new(n: usize) -> Self {
        Self {
            n,
            cells: 0,
            counts: Vec::new(),
            lines: 0,
            full: 0,
        }
    }

    /// How many lines with cells have ended (the index of the current one).
    fn lines(&self) -> usize {
        self.lines
    }

    /// Ends a text line that held `cells` cells.
    fn end_line(&mut self, cells: usize) {
        if cells > 0 {
            self.lines += 1;
            self.full += usize::from(cells == self.n);
            if self.counts.len() <= self.n {
                self.counts.push(cells);
            }
        }
    }

    /// Whether the cells make a grid: they are on several lines, one of them
    /// at least a row of n. Text wrapped at another width (a long line folded
    /// at 80 columns) has no such line and is no grid: only its count of
    /// cells matters.
    fn is_grid(&self) -> bool {
        self.lines > 1 && self.full > 0
    }

    /// The row and column of a bad cell, with `before` cells before it in
    /// all, and `place` before it on the `line`th line with cells. In a grid
    /// the cell is named by its row and place there, which a short or long
    /// row above would shift in a count of cells. Past the end of a row, or
    /// below the last row, it has no place on the board: then, as outside a
    /// grid, the count of cells places it.
    fn place(&self, before: usize, line: usize, place: usize) -> (usize, usize) {
        let n = self.n;
        if self.is_grid() && line < n && place < n {
            (line, place)
        } else {
            (before / n, before % n)
        }
    }

    /// Checks the layout once every cell is read: some cells, every row of a
    /// grid full, and `total` cells in all.
    fn check(&self, total: usize) -> Result<(), ParseError> {
        let n = self.n;
        if self.cells == 0 {
            return Err(ParseError::Empty);
        }
        if self.is_grid()
            && let Some(row) = self.counts.iter().position(|&k| k != n)
        {
            return Err(ParseError::WrongRowLength {
                row,
                expected: n,
                found: self.counts[row],
            });
        }
        if self.cells != total {
            return Err(ParseError::WrongCellCount {
                expected: total,
                found: self.cells,
                size: n,
            });
        }
        Ok(())
    }
}

impl<const BOX: usize> FromStr for Board<BOX> {
    type Err = ParseError;

    /// Reads the line format or the grid format, or the token format where the text
    /// holds commas or multi-digit numbers (as 64×64 boards print), as
    /// [`Board::from_grid`] does.
    ///
    /// # Errors
    ///
    /// Those of [`Board::from_grid`].
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Self::from_grid(s)
    }
}

impl<const BOX: usize> fmt::Display for Board<BOX> {
    /// `{}` prints the line format (the token format on 64×64, where single
    /// characters run out); `{:#}` prints a grid with box rules.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = Self::N;
        let chars = has_single_chars(n);
        // One cell, without allocating: a symbol, or a number right-aligned in two.
        let cell = |f: &mut fmt::Formatter<'_>, v: u8| -> fmt::Result {
            match (chars, v) {
                (true, 0) => f.write_char('.'),
                (true, v) => f.write_char(Alphabet::Standard.encode(v).unwrap_or('?')),
                (false, 0) => f.write_str(" ."),
                (false, v) => write!(f, "{v:>2}"),
            }
        };
        let cells = self.as_bytes();
        if !f.alternate() {
            if chars {
                return cells.iter().try_for_each(|&v| cell(f, v));
            }
            return f.write_str(&self.to_tokens());
        }
        let width = if chars { 1 } else { 2 };
        let segment = "-".repeat(BOX * (width + 1) - 1);
        let rule = vec![segment; BOX].join("-+-");
        for r in 0..n {
            if r > 0 && r % BOX == 0 {
                writeln!(f, "{rule}")?;
            }
            for (c, &v) in cells[r * n..(r + 1) * n].iter().enumerate() {
                match c {
                    0 => {}
                    c if c % BOX == 0 => f.write_str(" | ")?,
                    _ => f.write_char(' ')?,
                }
                cell(f, v)?;
            }
            f.write_char('\n')?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board4, Board9, Board16, Board25, Board36, Board64};

    const NINE: &str =
        "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..";

    #[test]
    fn line_and_grid_read_the_same_board() {
        let b: Board9 = NINE.parse().unwrap();
        assert_eq!(b.get(0, 0), Some(3));
        assert_eq!(b.get(0, 2), None);
        let grid = format!("{b:#}");
        assert!(grid.contains("-+-"));
        assert_eq!(Board9::from_grid(&grid).unwrap(), b);
        assert_eq!(grid.parse::<Board9>().unwrap(), b);
        assert_eq!(b.to_string(), NINE);
    }

    #[test]
    fn grids_drawn_with_box_drawing_characters_read() {
        let b: Board9 = NINE.parse().unwrap();
        // The `{:#}` grid redrawn with box-drawing characters, a border too.
        let drawn: String = format!("{b:#}")
            .lines()
            .map(|l| {
                let l = l.replace('|', "│").replace('+', "┼").replace('-', "─");
                format!("│ {l} │\n")
            })
            .collect();
        let framed = format!("┌{}┐\n{drawn}└{}┘", "─".repeat(23), "─".repeat(23));
        assert_eq!(Board9::from_grid(&framed).unwrap(), b);
        assert_eq!(
            crate::AnyBoard::parse_grid(&framed).unwrap().as_bytes(),
            b.as_bytes()
        );
        // Beside cells they are skipped, as `|` is.
        assert_eq!(NINE.replacen('.', "│.", 5).parse::<Board9>().unwrap(), b);
    }

    #[test]
    fn zero_and_underscore_are_empty() {
        let b: Board4 = "1_3.0000000000_.".parse().unwrap();
        assert_eq!(b.givens(), 2);
    }

    #[test]
    fn letters_are_case_insensitive_up_to_35() {
        let mut upper = String::from("G");
        upper.push_str(&".".repeat(255));
        let lower = upper.to_lowercase();
        assert_eq!(
            upper.parse::<Board16>().unwrap(),
            lower.parse::<Board16>().unwrap()
        );
        assert_eq!(upper.parse::<Board16>().unwrap().get(0, 0), Some(16));
        let mut p = String::from("P");
        p.push_str(&".".repeat(624));
        assert_eq!(p.parse::<Board25>().unwrap().get(0, 0), Some(25));
        // On 36×36, lower case is 36 and up.
        let mut a = String::from("a");
        a.push_str(&".".repeat(36 * 36 - 1));
        assert_eq!(a.parse::<Board36>().unwrap().get(0, 0), Some(36));
    }

    #[test]
    fn errors_name_the_place() {
        let mut s = NINE.to_string();
        s.replace_range(10..11, "x");
        let e = s.parse::<Board9>().unwrap_err();
        assert_eq!(
            e,
            ParseError::InvalidChar {
                ch: 'x',
                row: 1,
                col: 1
            }
        );
        assert_eq!(e.to_string(), "invalid character 'x' at row 2, column 2");
        let e = NINE[..80].parse::<Board9>().unwrap_err();
        assert!(matches!(
            e,
            ParseError::WrongCellCount {
                expected: 81,
                found: 80,
                size: 9
            }
        ));
        let e = "...5............".parse::<Board4>().unwrap_err();
        assert_eq!(
            e,
            ParseError::InvalidChar {
                ch: '5',
                row: 0,
                col: 3
            }
        );
        let e = "11..............".parse::<Board4>().unwrap_err();
        assert!(matches!(
            e,
            ParseError::Board(BoardError::Conflict { value: 1, .. })
        ));
        assert_eq!("".parse::<Board4>().unwrap_err(), ParseError::Empty);
    }

    #[test]
    fn junk_past_the_last_cell_is_named_on_a_line() {
        // A character no value of the size, past the last cell of a line, is
        // named; a value there, or a box rule, makes the line too long.
        let e = "1234341221434321x".parse::<Board4>().unwrap_err();
        assert_eq!(e, ParseError::TrailingChar { ch: 'x', size: 4 });
        assert_eq!(
            e.to_string(),
            "invalid character 'x' after the 16 cells of a 4x4 board"
        );
        for long in ["12343412214343211", "1234341221434321-"] {
            let e = long.parse::<Board4>().unwrap_err();
            assert!(
                matches!(e, ParseError::WrongCellCount { found: 17, .. }),
                "{long}: {e}"
            );
        }
    }

    #[test]
    fn grid_rows_of_wrong_length_are_named() {
        let e = "1 2 3 4\n. . .\n. . . .\n. . . .\n."
            .parse::<Board4>()
            .unwrap_err();
        assert_eq!(
            e,
            ParseError::WrongRowLength {
                row: 1,
                expected: 4,
                found: 3
            }
        );
    }

    #[test]
    fn tokens_round_trip_on_every_size() {
        let b: Board9 = NINE.parse().unwrap();
        assert_eq!(Board9::from_tokens(&b.to_tokens()).unwrap(), b);
        let commas = b.to_tokens().replace(' ', ",");
        assert_eq!(commas.parse::<Board9>().unwrap(), b);
        let mut big = Board64::new();
        big.set(63, 63, 64).unwrap();
        big.set(0, 0, 62).unwrap();
        let line = big.to_string();
        assert_eq!(line.parse::<Board64>().unwrap(), big);
        assert_eq!(format!("{big:#}").parse::<Board64>().unwrap(), big);
        let e = Board9::from_tokens("x").unwrap_err();
        assert!(matches!(e, ParseError::InvalidToken { .. }));
        let e = Board4::from_tokens(&"17 ".repeat(16)).unwrap_err();
        assert!(matches!(
            e,
            ParseError::Board(BoardError::ValueOutOfRange { value: 17, .. })
        ));
    }

    #[test]
    fn hex_uses_zero_as_a_value() {
        let mut s = String::from("0F");
        s.push_str(&".".repeat(254));
        let b = Board16::from_hex(&s).unwrap();
        assert_eq!(b.get(0, 0), Some(1));
        assert_eq!(b.get(0, 1), Some(16));
        assert_eq!(b.to_hex(), s);
        // In the standard alphabet the same text has an empty first cell and F = 15.
        let std: Board16 = s.parse().unwrap();
        assert_eq!(std.get(0, 0), None);
        assert_eq!(std.get(0, 1), Some(15));
        assert!(matches!(
            Board16::from_hex(&s.replace("0F", "G.")),
            Err(ParseError::InvalidChar { ch: 'G', .. })
        ));
    }
}
