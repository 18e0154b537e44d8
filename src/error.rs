//! The error types: what can be wrong with a board, and with text that should describe one.
//!
//! Row and column fields are 0-based, like [`Board::get`](crate::Board::get); the messages
//! print them 1-based, as people count.

use thiserror::Error;

/// The kind of a house: a row, a column or a box. Kinds of region come next
/// (jigsaw regions, diagonals), hence `non_exhaustive`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum House {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
    /// An irregular region of a jigsaw layout.
    Region,
    /// One of the two main diagonals (X-Sudoku).
    Diagonal,
    /// An extra region: a Windoku window, a disjoint group, or any list of
    /// cells whose values differ.
    Extra,
}

impl std::fmt::Display for House {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            House::Row => "row",
            House::Column => "column",
            House::Box => "box",
            House::Region => "region",
            House::Diagonal => "diagonal",
            House::Extra => "extra region",
        })
    }
}

/// An operation on a [`Board`](crate::Board) that would break a rule or leave the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A slice of cells of the wrong length for the board size
    /// ([`Board::from_cells`](crate::Board::from_cells)).
    #[error("expected {expected} cells for a {size}x{size} board, found {found}")]
    WrongCellCount {
        /// Cells a board of this size has.
        expected: usize,
        /// Cells given.
        found: usize,
        /// The side of the board.
        size: usize,
    },
    /// A cell position outside the board.
    #[error("cell at row {}, column {} is outside the {size}x{size} board", .row + 1, .col + 1)]
    OutOfBounds {
        /// 0-based row asked for.
        row: usize,
        /// 0-based column asked for.
        col: usize,
        /// The side of the board.
        size: usize,
    },
    /// A value outside `1..=size`.
    #[error("value {value} at row {}, column {} is out of range 1..={size}", .row + 1, .col + 1)]
    ValueOutOfRange {
        /// The value given.
        value: usize,
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The side of the board, which is also the largest value.
        size: usize,
    },
    /// The same value twice in one house.
    #[error(
        "value {value} at row {}, column {} conflicts with the same value at row {}, column {} in one {house}",
        .row + 1, .col + 1, .other_row + 1, .other_col + 1
    )]
    Conflict {
        /// The repeated value.
        value: usize,
        /// 0-based row of the cell being set.
        row: usize,
        /// 0-based column of the cell being set.
        col: usize,
        /// 0-based row of the cell that already holds the value.
        other_row: usize,
        /// 0-based column of the cell that already holds the value.
        other_col: usize,
        /// The house the two cells share.
        house: House,
    },
    /// A [`Puzzle`](crate::Puzzle) whose rules are more than a classic
    /// board's rows, columns and square boxes, converted to a `Board`.
    #[error("a {size}x{size} puzzle {rules} is not a classic board with square boxes")]
    NotClassic {
        /// The side of the puzzle.
        size: usize,
        /// What its rules have beyond a classic board, such as
        /// `with boxes of 2x3` or `with extra rules`.
        rules: String,
    },
}

/// Text that does not describe a valid board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The text holds the wrong number of cells for the board size.
    #[error("expected {expected} cells for a {size}x{size} board, found {found}")]
    WrongCellCount {
        /// Cells a board of this size has.
        expected: usize,
        /// Cells found in the text.
        found: usize,
        /// The side of the board.
        size: usize,
    },
    /// A grid row with the wrong number of cells.
    #[error("row {} has {found} cells, expected {expected}", .row + 1)]
    WrongRowLength {
        /// 0-based row.
        row: usize,
        /// Cells the row should have.
        expected: usize,
        /// Cells found in the row.
        found: usize,
    },
    /// A character that is neither a value of this board size nor an empty-cell
    /// marker (a symbol of a larger board, such as `G` on a 9×9, counts as invalid).
    /// On one line its place comes from the cells before it; in a grid (cells
    /// on several lines, at least one of them a whole row), from the text line
    /// it is on and the cells before it there, so a short or long row above
    /// does not shift it (past the end of
    /// a row, or below the last, the count of cells places it). Either way
    /// the place is on the board.
    #[error("invalid character {ch:?} at row {}, column {}", .row + 1, .col + 1)]
    InvalidChar {
        /// The character found.
        ch: char,
        /// 0-based row of the cell it stands in.
        row: usize,
        /// 0-based column of the cell it stands in.
        col: usize,
    },
    /// A token (token format) that is not a number or an empty marker. It is
    /// placed as [`ParseError::InvalidChar`] places a character: by its row and
    /// place there in a grid (tokens on several lines, at least one of them a
    /// whole row).
    #[error("invalid token {token:?} at row {}, column {}", .row + 1, .col + 1)]
    InvalidToken {
        /// The token found (cut to 16 characters).
        token: String,
        /// 0-based row of the cell it stands in.
        row: usize,
        /// 0-based column of the cell it stands in.
        col: usize,
    },
    /// A token (token format) that is a number too large for any value, kept
    /// as written: `99999999999999999999`. It is placed as
    /// [`ParseError::InvalidToken`] is.
    #[error("value {token} at row {}, column {} is too large: values run 1..={size}", .row + 1, .col + 1)]
    TooLarge {
        /// The token as written (cut to 32 characters).
        token: String,
        /// 0-based row of the cell it stands in.
        row: usize,
        /// 0-based column of the cell it stands in.
        col: usize,
        /// The side of the board, which is also the largest value.
        size: usize,
    },
    /// On one line, past the board's last cell, a character that is no value
    /// of this size (the `x` of 81 cells and an `x`): it is named rather than
    /// counted as an 82nd cell.
    #[error("invalid character {ch:?} after the {} cells of a {size}x{size} board", .size * .size)]
    TrailingChar {
        /// The character found.
        ch: char,
        /// The side of the board.
        size: usize,
    },
    /// Text of a size not known beforehand ([`AnyBoard`](crate::AnyBoard))
    /// whose number of cells fits no board: it names the sizes nearest it,
    /// the largest below and the smallest above (one of them at either end).
    #[error("{found} cells fit no board: the nearest {}", nearest_sizes(*.smaller, *.larger))]
    NoSizeFits {
        /// Cells found in the text.
        found: usize,
        /// The side of the largest board with fewer cells, if any.
        smaller: Option<usize>,
        /// The side of the smallest board with more cells, if any.
        larger: Option<usize>,
    },
    /// The text holds no cells at all.
    #[error("no cells found")]
    Empty,
    /// The text could be read, but its givens break a rule.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// Text of a size not known beforehand
    /// ([`Puzzle`](crate::Puzzle)'s parser) whose cells make a board of a
    /// side no rules support: N×N cells for an N over 400, or a grid whose
    /// first row is that wide.
    #[error("a {size}x{size} board is not supported: sizes run from 1 to {max}")]
    UnsupportedSize {
        /// The side the text's cells make.
        size: usize,
        /// The largest side supported.
        max: usize,
    },
    /// The text could be read, but its givens break one of the
    /// [`Rules`](crate::Rules) it was read under
    /// ([`Puzzle`](crate::Puzzle)'s parser).
    #[error(transparent)]
    Violation(#[from] Violation),
}

/// `is 4x4 (16 cells)`, or `are 4x4 (16 cells) and 9x9 (81 cells)`.
fn nearest_sizes(smaller: Option<usize>, larger: Option<usize>) -> String {
    let name = |n: usize| format!("{n}x{n} ({} cells)", n * n);
    match (smaller, larger) {
        (Some(a), Some(b)) => format!("are {} and {}", name(a), name(b)),
        (Some(n), None) | (None, Some(n)) => format!("is {}", name(n)),
        (None, None) => "is none".to_owned(),
    }
}

impl ParseError {
    /// The 0-based row the error is in, where it names one: a bad character
    /// or token, a row of the wrong length, a value out of range, or the cell
    /// that repeats a value. A reader of grid files maps it to a line of the
    /// file.
    ///
    /// ```
    /// use ndoku::Board4;
    ///
    /// let e = "1 2 3 4\n. . . .\n. x . .\n. . . .".parse::<Board4>().unwrap_err();
    /// assert_eq!(e.row(), Some(2));
    /// assert_eq!("1234".parse::<Board4>().unwrap_err().row(), None);
    /// ```
    #[must_use]
    pub fn row(&self) -> Option<usize> {
        match self {
            ParseError::WrongRowLength { row, .. }
            | ParseError::InvalidChar { row, .. }
            | ParseError::InvalidToken { row, .. }
            | ParseError::TooLarge { row, .. }
            | ParseError::Board(
                BoardError::ValueOutOfRange { row, .. }
                | BoardError::Conflict { row, .. }
                | BoardError::OutOfBounds { row, .. },
            ) => Some(*row),
            ParseError::Violation(Violation::Repeat { second, .. }) => Some(second.0),
            _ => None,
        }
    }
}

/// A name that is none of a setting's names, such as `"spiral"` for a
/// [`Symmetry`](crate::Symmetry) or `"tricky"` for a [`Level`](crate::Level).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("unknown {what} {found:?}, expected one of: {}", .expected.join(", "))]
#[non_exhaustive]
pub struct UnknownName {
    /// What was being named (`"level"`, `"symmetry"`).
    pub what: &'static str,
    /// The name given.
    pub found: String,
    /// The names there are.
    pub expected: Vec<String>,
}

/// The value among `values` whose `Display` name is `name`, ignoring ASCII
/// case, or the error naming `what` and the names there are.
pub(crate) fn by_name<T: Copy + std::fmt::Display>(
    name: &str,
    what: &'static str,
    values: &[T],
) -> Result<T, UnknownName> {
    values
        .iter()
        .copied()
        .find(|v| v.to_string().eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| UnknownName {
            what,
            found: name.to_owned(),
            expected: values.iter().map(ToString::to_string).collect(),
        })
}

/// A set of rules that cannot hold: a region of the wrong size, a cell off
/// the board, a cage no digits can fill.
///
/// Cells are named as f-puzzles names them, `R1C1` for the top left.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A board side ndoku does not support (1 to 400).
    #[error("a {size}x{size} board is not supported: sizes run from 1 to {max}")]
    UnsupportedSize {
        /// The side asked for.
        size: usize,
        /// The largest side supported.
        max: usize,
    },
    /// Boxes whose sides do not multiply to the board's side.
    #[error("boxes of {rows}x{cols} do not tile a {size}x{size} board")]
    BoxShape {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
        /// The side of the board.
        size: usize,
    },
    /// A region map of the wrong length.
    #[error("a region map for a {size}x{size} board needs {} cells, found {found}", .size * .size)]
    RegionMapLength {
        /// The side of the board.
        size: usize,
        /// Entries in the map.
        found: usize,
    },
    /// A region that does not hold exactly N cells.
    #[error("region {region} has {found} cells, expected {size}")]
    RegionSize {
        /// The region, as the caller numbered it.
        region: usize,
        /// Cells found in it.
        found: usize,
        /// The side of the board, the cells a region must have.
        size: usize,
    },
    /// A cell that no region holds.
    #[error("cell R{}C{} is in no region", .row + 1, .col + 1)]
    NoRegion {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// A cell of a cage or region outside the board.
    #[error("{what} names cell R{}C{}, off the {size}x{size} board", .row + 1, .col + 1)]
    OffBoard {
        /// What named it: `cage 3`, `extra region 1`.
        what: String,
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The side of the board.
        size: usize,
    },
    /// A cage or region that names one cell twice.
    #[error("{what} names cell R{}C{} twice", .row + 1, .col + 1)]
    RepeatedCell {
        /// What named it: `cage 3`, `extra region 1`.
        what: String,
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// A cage or region with more cells than there are values, so that its
    /// values cannot all differ, or with no cells.
    #[error(
        "{what} has {found} cells, but its values must differ and a board of {size}x{size} has {size} values"
    )]
    TooManyCells {
        /// What it is: `cage 3`, `extra region 1`.
        what: String,
        /// Cells it has.
        found: usize,
        /// The side of the board.
        size: usize,
    },
    /// A cage with no cells.
    #[error("{what} has no cells")]
    NoCells {
        /// What it is: `cage 3`, `extra region 1`.
        what: String,
    },
    /// A cage sum that different values in its cells cannot reach.
    #[error(
        "{what} of {cells} cells cannot sum to {sum}: different values there sum to {min} to {max}"
    )]
    UnreachableSum {
        /// The cage: `cage 3`.
        what: String,
        /// Cells in the cage.
        cells: usize,
        /// The sum asked for.
        sum: u64,
        /// The least sum its cells can hold.
        min: u64,
        /// The greatest sum its cells can hold.
        max: u64,
    },
    /// A rule that needs boxes (Windoku windows, disjoint groups) on a
    /// layout without them, or with boxes it does not fit.
    #[error("{rule} needs {needs}")]
    NeedsBoxes {
        /// The rule: `windows`, `disjoint groups`.
        rule: &'static str,
        /// What it needs: `square boxes`.
        needs: &'static str,
    },
    /// A [`Constraint`](crate::Constraint) that cannot stand on the board:
    /// a cell off it, a line through one cell twice, an arrow without a
    /// circle, a clue that is not outside, a value out of range.
    #[error("{what} {problem}")]
    Constraint {
        /// The constraint, numbered among those of its kind: `thermometer 2`.
        what: String,
        /// What is wrong: `passes through R1C1 twice`.
        problem: String,
    },
}

/// A rule a grid breaks: two cells that must differ and do not, or a cage
/// whose values miss its sum.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum Violation {
    /// Two cells that must differ hold the same value.
    #[error("value {value} at R{}C{} repeats at R{}C{}: {why}", .first.0 + 1, .first.1 + 1, .second.0 + 1, .second.1 + 1)]
    Repeat {
        /// The repeated value.
        value: u16,
        /// The first cell, (row, column), 0-based.
        first: (usize, usize),
        /// The second cell.
        second: (usize, usize),
        /// The rule they share: `one column`, `cage 3`, `anti-knight`.
        why: String,
    },
    /// A full cage whose values do not add up to its sum.
    #[error("cage {cage} sums to {found}, expected {sum}")]
    Sum {
        /// The cage, 1-based in the order of [`Rules::cages`](crate::Rules::cages).
        cage: usize,
        /// Its sum.
        sum: u64,
        /// What its values add up to.
        found: u64,
    },
    /// A [`Constraint`](crate::Constraint) the grid breaks.
    #[error("{what} {broken}")]
    Constraint {
        /// The constraint, numbered among those of its kind: `thermometer 2`.
        what: String,
        /// How it is broken: `does not increase at R1C3`.
        broken: String,
        /// The cells that break it, (row, column), 0-based.
        cells: Vec<(usize, usize)>,
    },
    /// A grid of the wrong length, or with a value out of range.
    #[error("expected {expected} values of 0 to {size}, found {found}")]
    Shape {
        /// Values a grid needs.
        expected: usize,
        /// Values given, or the bad value's index.
        found: usize,
        /// The side of the board.
        size: usize,
    },
}
