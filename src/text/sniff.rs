//! Telling text formats apart from the text alone: characters or tokens, a whole puzzle or one row of a grid.
//!
//! Every reader of puzzle text asks these questions: [`Board`](crate::Board)'s
//! and [`AnyBoard`](crate::AnyBoard)'s parsers, and a reader of puzzle files
//! such as the `ndoku` command line, which must tell a file of one-line
//! puzzles from a single puzzle laid out as a grid. The answers live here
//! alone, so that they agree.
//!
//! ```
//! use ndoku::text::sniff::LineShape;
//!
//! let row = LineShape::of("5 3 . | . 7 . | . . .");
//! assert_eq!(row.row_width(), Some(9));
//! let line = LineShape::of(&"4.".repeat(8));
//! assert!(line.is_whole() && line.row_width().is_none()); // a 4×4 puzzle
//! ```

use crate::model::board::SIDES;

/// Whether `c` is white space or a box-rule character, which hold no cell:
/// `|`, `+` and `-`, and the box-drawing characters (`│ ─ ┼ ┌ ╬` and the rest
/// of U+2500 to U+257F) that grids drawn for people use.
pub(crate) const fn is_layout(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '+' | '-') || is_box_drawing(c)
}

/// Whether `c` is one of the box-drawing characters, U+2500 to U+257F.
const fn is_box_drawing(c: char) -> bool {
    matches!(c, '\u{2500}'..='\u{257F}')
}

/// The words of `text`: white space and commas separate them, and words made
/// only of box-rule characters (`|`, `+`, `-`) are dropped. In the token
/// format each word is one cell.
///
/// ```
/// let words: Vec<&str> = ndoku::text::sniff::words("1, 2 | 3\n+--+\n4").collect();
/// assert_eq!(words, ["1", "2", "3", "4"]);
/// ```
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty() && !w.chars().all(is_layout))
}

/// The characters of `text` that stand for cells: all but white space and
/// box rules.
///
/// ```
/// let cells: String = ndoku::text::sniff::cells("5 3 . │ . 7 .").collect();
/// assert_eq!(cells, "53..7.");
/// ```
pub fn cells(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars().filter(|&c| !is_layout(c))
}

/// The hosts of SudokuPad links.
pub(crate) const SUDOKUPAD_HOSTS: &[&str] = &["sudokupad.app", "crackingthecryptic.com"];

/// SudokuPad's payload prefixes, longest first where one starts another:
/// `fpuzzles` (or `fpuz`) before an f-puzzles `load` string, `scl` and `ctc`
/// before its own format, `scf` before another.
pub(crate) const SUDOKUPAD_PREFIXES: &[&str] = &["fpuzzles", "fpuz", "scl", "ctc", "scf"];

/// Whether `text` (trimmed) is a SudokuPad link (`https://sudokupad.app/…`)
/// or a bare SudokuPad payload: a prefix (`scl`, `ctc`, `fpuzzles`, …) and
/// at least four characters of base64 or of a link, with no white space.
/// No classic puzzle starts so: `s` and `t` are no cells, and a line of
/// cells has no `c` before them.
pub(crate) fn is_sudokupad(text: &str) -> bool {
    let link = (text.starts_with("http") || SUDOKUPAD_HOSTS.iter().any(|h| text.starts_with(h)))
        && SUDOKUPAD_HOSTS.iter().any(|h| text.contains(h));
    let bare = SUDOKUPAD_PREFIXES.iter().any(|p| {
        text.strip_prefix(p).is_some_and(|rest| {
            rest.len() >= 4
                && rest
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+/=%-_.~".contains(&b))
        })
    });
    link || bare
}

/// Whether the standard single-character alphabet has a symbol for every
/// value of a board of side `n` (it does up to 61; 64×64 needs tokens).
pub(crate) const fn has_single_chars(n: usize) -> bool {
    n <= 61
}

/// Whether character text of a 16×16 board reads as hex (`0`-`F` for 1-16)
/// as well as in ndoku's letters (`1`-`9`, `A`-`G`, `0` empty): it holds a
/// `0`, which is empty in one and the value 1 in the other, and no `G`,
/// which hex lacks. Read either way it is a different puzzle, so a reader
/// that was not told which should ask rather than guess. Hex without a `0`
/// (no given of value 1) cannot be told from letters, and reads as letters.
///
/// ```
/// let hex = "0123456789ABCDEF".repeat(15) + &".".repeat(16);
/// assert!(ndoku::text::sniff::could_be_hex(&hex));
/// let letters = "123456789ABCDEFG".repeat(15) + &".".repeat(16);
/// assert!(!ndoku::text::sniff::could_be_hex(&letters));
/// ```
#[must_use]
pub fn could_be_hex(text: &str) -> bool {
    text.len() >= 16 * 16
        && text.contains('0')
        && !text.contains(['G', 'g', ','])
        && cells(text).count() == 16 * 16
}

/// Whether some board side has `k` cells.
fn is_board(k: usize) -> bool {
    SIDES.iter().any(|&n| n * n == k)
}

/// The most cells a row of a board up to 64×64 has.
const MAX_ROW: usize = SIDES[SIDES.len() - 1];

/// Whether a board of side `n` up to 64 has boxes, and so is read from
/// lines and grids of its cells: `n` is composite (4, 6, 8, 9, 10, 12, …).
/// A prime side has rows for boxes, and a line of 7 or 25 cells is rather a
/// row of a grid or a typo.
fn is_row_side(n: usize) -> bool {
    n <= MAX_ROW && (2..n).any(|d| n.is_multiple_of(d))
}

/// Whether `k` cells make a board of a side [`is_row_side`] takes: N² for
/// N in 4, 6, 8, 9, 10, 12 … 64.
fn is_boxed_square(k: usize) -> bool {
    let n = k.isqrt();
    n * n == k && is_row_side(n)
}

/// Whether `k` cells make a board past 64×64 that the run-time model
/// holds (to 400×400): a line of that many numbers is a whole puzzle.
fn is_big_board(k: usize) -> bool {
    let n = k.isqrt();
    n * n == k && (65..=crate::model::rules::Rules::MAX_SIZE).contains(&n)
}

/// Whether a word is all digits.
fn is_number(w: &str) -> bool {
    w.bytes().all(|b| b.is_ascii_digit())
}

/// How a text lays out its cells, as far as choosing a size goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    /// One character per cell (line and grid formats).
    Chars,
    /// Numbers separated by white space or commas.
    Tokens,
}

/// The layout of `s`, of a size not yet known, and how many cells it holds
/// in that layout.
///
/// Text is in the token format when it holds a comma, or when its words
/// include a number of two or more digits and their count is that of a
/// board, or the count of characters is not (a solved 9×9 line is one long
/// run of digits, not a token; a row of 400 numbers is 400 tokens).
pub(crate) fn measure(s: &str) -> (Layout, usize) {
    let Some(words) = WordStats::of(s) else {
        return (Layout::Chars, s.len());
    };
    let chars = cells(s).count();
    if s.contains(',') || (words.wide && (is_board(words.count) || !is_board(chars))) {
        return (Layout::Tokens, words.count);
    }
    (Layout::Chars, chars)
}

/// What choosing between characters and tokens needs to know of a text's words.
struct WordStats {
    /// How many there are.
    count: usize,
    /// Whether one is a number of two or more digits.
    wide: bool,
    /// The largest number among them (`usize::MAX` past a million).
    largest: usize,
}

impl WordStats {
    /// The words of `s`, or `None` for a plain line of cells (no white
    /// space, commas or box rules), the common case, told in one quick pass.
    fn of(s: &str) -> Option<Self> {
        let plain = |b: u8| b.is_ascii_graphic() && !matches!(b, b',' | b'|' | b'+' | b'-');
        if s.bytes().all(plain) {
            return None;
        }
        let mut stats = Self {
            count: 0,
            wide: false,
            largest: 0,
        };
        for word in words(s) {
            stats.count += 1;
            if is_number(word) {
                stats.wide |= word.len() > 1;
                let digits = word.trim_start_matches('0');
                let value = if digits.len() > 6 {
                    usize::MAX
                } else {
                    digits.parse().unwrap_or(0)
                };
                stats.largest = stats.largest.max(value);
            }
        }
        Some(stats)
    }
}

/// The layout of `s` for a board of any side up to 400, where every square
/// count of cells is a board, and how many cells it holds in that layout.
///
/// Text is in the token format when it holds a comma, or when its words
/// include a number of two or more digits and its count of words is a square
/// whose side no number exceeds (or its count of characters is no square
/// either). Else it is in characters: the nine lines of `{:#}` for a 9×9
/// board are nine numbers of nine digits, but 81 characters.
pub(crate) fn measure_any(s: &str) -> (Layout, usize) {
    let Some(words) = WordStats::of(s) else {
        return (Layout::Chars, s.len());
    };
    if s.contains(',') {
        return (Layout::Tokens, words.count);
    }
    let chars = cells(s).count();
    let tokens_fit = side_of(words.count).is_some_and(|n| words.largest <= n);
    if words.wide && (tokens_fit || side_of(chars).is_none()) {
        return (Layout::Tokens, words.count);
    }
    (Layout::Chars, chars)
}

/// The side N of a board of `cells` cells, when `cells` is a square N².
pub(crate) fn side_of(cells: usize) -> Option<usize> {
    let n = cells.isqrt();
    (n * n == cells && n > 0).then_some(n)
}

/// The number of cells `text` holds as [`Puzzle`](crate::Puzzle)'s parser
/// reads a classic board of a size not given: characters, or tokens (numbers
/// separated by white space or commas) where the text is in that format.
/// Box rules and white space hold no cell.
///
/// ```
/// assert_eq!(ndoku::text::sniff::cell_count("1 2 | . 4\n. . | . ."), 8);
/// assert_eq!(ndoku::text::sniff::cell_count("12, 0, 7"), 3);
/// assert_eq!(ndoku::text::sniff::cell_count(&"53..7....".repeat(9)), 81);
/// ```
#[must_use]
pub fn cell_count(text: &str) -> usize {
    measure_any(text).1
}

/// Whether text for a board of side `n`, which may be past 64, reads as
/// tokens: as [`reads_as_tokens`] says up to 61, where single characters
/// run out; past it always, unless the text is `n`×`n` single characters
/// and not as many words (a grid of `.` without spaces).
pub(crate) fn reads_as_tokens_any(s: &str, n: usize) -> bool {
    if has_single_chars(n) {
        return reads_as_tokens(s, n);
    }
    s.contains(',') || !(cells(s).count() == n * n && words(s).count() != n * n)
}

/// Whether text for a board of side `n` reads as tokens, by the rule
/// [`Board::from_grid`](crate::Board::from_grid) documents. Fewer than two
/// characters a token is what numbers of at most two digits give: a solved
/// 9×9 line is one run of digits, and a 4×4 grouped by boxes (`12 34`) two
/// digits a word, both characters.
pub(crate) fn reads_as_tokens(s: &str, n: usize) -> bool {
    if s.contains(',') || !has_single_chars(n) {
        return true;
    }
    let mut count = 0usize;
    let mut wide = false;
    for t in words(s) {
        count += 1;
        wide |= t.len() > 1 && is_number(t);
    }
    if !wide || count == n * n {
        return wide;
    }
    let chars = cells(s).count();
    // Past 9×9 a value can take two digits; up to it, a number of two is
    // no value, so a text short of N×N tokens reads as characters.
    n >= 10 && chars != n * n && chars < 2 * count
}

/// How one line of a puzzle file reads: whether it holds a whole puzzle, or
/// the cells of one row of a grid, and of which board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineShape {
    /// Single-character cells: all but white space and box rules.
    chars: usize,
    /// Words (see [`words`]).
    words: usize,
    /// Whether every word could be one cell: a number or a single character.
    words_are_cells: bool,
    /// Whether the line holds `|` box rules (or box-drawing characters).
    ruled: bool,
    /// Whether the line holds a comma, which separates tokens.
    commas: bool,
    /// The largest value among its characters (a letter is 10 or more).
    char_max: usize,
    /// The largest number among its words (saturating).
    word_max: u64,
}

impl LineShape {
    /// Reads the shape of `line`.
    #[must_use]
    pub fn of(line: &str) -> Self {
        let chars = cells(line).count();
        let words = words(line).count();
        let words_are_cells = self::words(line).all(|w| w.chars().nth(1).is_none() || is_number(w));
        let ruled = line.contains(|c| c == '|' || is_box_drawing(c));
        // A letter is a value past 9, whatever the alphabet.
        let char_max = cells(line)
            .map(|c| match c {
                '0'..='9' => c as usize - '0' as usize,
                c if c.is_ascii_alphabetic() => 10,
                _ => 0,
            })
            .max()
            .unwrap_or(0);
        let word_max = self::words(line)
            .filter(|w| is_number(w))
            .map(|w| w.parse::<u64>().unwrap_or(u64::MAX))
            .max()
            .unwrap_or(0);
        Self {
            chars,
            words,
            words_are_cells,
            ruled,
            commas: line.contains(','),
            char_max,
            word_max,
        }
    }

    /// Whether the line's `k` = N² cells (N a side up to 64 with boxes) could
    /// be a whole N×N puzzle rather than a row of a board of side `k`: it
    /// has no `|` box rules, and no value past N, neither as a character
    /// nor, where the `k` cells are words, as a number (a run of digits such
    /// as `0300002000021000` is sixteen cells, not one number).
    fn could_be_whole(&self, k: usize) -> bool {
        let n = k.isqrt();
        is_boxed_square(k)
            && !self.ruled
            && self.char_max <= n
            && !(self.words == k && self.word_max > n as u64)
    }

    /// Whether the line holds any cell (not only white space and box rules).
    #[must_use]
    pub fn has_cells(&self) -> bool {
        self.chars > 0
    }

    /// The number of words on the line (see [`words`]).
    #[must_use]
    pub fn words(&self) -> usize {
        self.words
    }

    /// Whether the line holds the cells of a whole board, in characters or in words.
    #[must_use]
    pub fn is_whole(&self) -> bool {
        // N×N characters for any side N up to 64 with boxes (6×6, 8×8,
        // 12×12 as well as the square-box sizes), unless the line has more
        // words than a row of such a board: then it is a row of a larger one.
        let boxed = is_boxed_square(self.chars) && self.words <= MAX_ROW;
        is_board(self.chars) || boxed || is_board(self.words) || is_big_board(self.words)
    }

    /// The counts of cells the line may hold: its characters, and its words
    /// when each could be one cell (nine groups of nine symbols are a whole
    /// 9×9 puzzle, not nine cells).
    ///
    /// A line of tokens (commas, or numbers of two or more digits whose
    /// count is a row's, or whose characters' is not) holds its words
    /// alone: a row of a 16×16 grid in numbers holds some 20 to 30 digits,
    /// as many as a row of a 20×20 or 24×24 board has cells.
    fn cell_counts(&self) -> impl Iterator<Item = usize> {
        let tokens = self.words_are_cells
            && (self.commas
                || (self.word_max >= 10 && (is_row_side(self.words) || !is_row_side(self.chars))));
        [
            (!tokens).then_some(self.chars),
            self.words_are_cells.then_some(self.words),
        ]
        .into_iter()
        .flatten()
    }

    /// The side N of the board the line is one row of, counted in
    /// characters or in words: any side up to 64 that has boxes, square
    /// (9, 16, 25) or not (6, 8, 10, 12). Sixteen cells make a whole 4×4
    /// puzzle as well as a row of a 16×16 board, and so do 36 (6×6 and
    /// 36×36) and 64 (8×8 and 64×64): such a line counts as a row only when
    /// it has `|` box rules, as `{:#}` prints them, or a value past the
    /// smaller board's side (see [`LineShape::fits_row`] for the rest of
    /// such a grid).
    #[must_use]
    pub fn row_width(&self) -> Option<usize> {
        self.cell_counts()
            .find(|&k| is_row_side(k) && !self.could_be_whole(k))
    }

    /// Whether the line can be a row of a grid found to be `width` wide: a
    /// line of that width, or, in a 16×16, 36×36 or 64×64 grid, as many
    /// cells that could also make a 4×4, 6×6 or 8×8 puzzle (a row of empty
    /// cells and small values).
    #[must_use]
    pub fn fits_row(&self, width: usize) -> bool {
        self.row_width() == Some(width)
            || (is_row_side(width)
                && is_boxed_square(width)
                && self.cell_counts().any(|k| k == width))
    }

    /// The number of words on a line that holds more of them than a row of
    /// any supported board, and is not a whole puzzle either: a row of a
    /// larger board, such as a 400×400 grid written in numbers.
    #[must_use]
    pub fn too_wide(&self) -> Option<usize> {
        let max = SIDES[SIDES.len() - 1];
        (self.words > max && !self.is_whole()).then_some(self.words)
    }
}
