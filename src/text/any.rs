//! Boards of any supported size, the size read from the text: [`AnyBoard`], [`Solver`] and [`Outcome<AnyBoard>`].

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::model::board::{Board, SIDES};
use crate::text::format;
use crate::text::sniff::{Layout, measure};

/// A board of any supported size, 4×4 to 64×64, for code that learns the size
/// from its input, such as a tool that reads puzzle files.
///
/// Parsing picks the size from the number of cells in the text: 16 cells make a
/// 4×4 board, 81 a 9×9, 256 a 16×16, and so on up to 4,096 for 64×64.
///
/// ```
/// use ndoku::{AnyBoard, Solver};
///
/// let puzzle: AnyBoard =
///     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
/// assert_eq!(puzzle.size(), 9);
/// let mut solver = Solver::new();
/// let solution = solver.solve(&puzzle).solution().expect("it has a solution");
/// assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
/// // Back to a board of its size, once the size is known.
/// let nine = ndoku::Board9::try_from(solution).expect("a 9×9 board");
/// assert!(nine.is_solved());
/// # Ok::<(), ndoku::ParseError>(())
/// ```
///
/// `Board::<BOX>::try_from(any)` gives the board inside when it has that
/// size, and the `AnyBoard` back when not.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyBoard {
    /// A 4×4 board.
    B2(Board<2>),
    /// A 9×9 board.
    B3(Board<3>),
    /// A 16×16 board.
    B4(Board<4>),
    /// A 25×25 board.
    B5(Board<5>),
    /// A 36×36 board.
    B6(Board<6>),
    /// A 49×49 board.
    B7(Board<7>),
    /// A 64×64 board.
    B8(Board<8>),
}

/// Runs `$body` with `$b` bound to the board inside `$board`, whatever its size.
macro_rules! each_board {
    ($board:expr, $b:ident => $body:expr) => {
        match $board {
            AnyBoard::B2($b) => $body,
            AnyBoard::B3($b) => $body,
            AnyBoard::B4($b) => $body,
            AnyBoard::B5($b) => $body,
            AnyBoard::B6($b) => $body,
            AnyBoard::B7($b) => $body,
            AnyBoard::B8($b) => $body,
        }
    };
}
pub(crate) use each_board;

/// Runs `$body` with `$box` as a `const` for the box size whose board side is
/// `$n`, or evaluates `$other` when no size has that side.
macro_rules! each_box {
    ($n:expr, $box:ident => $body:expr, _ => $other:expr) => {
        match $n {
            4 => each_box!(@ 2, $box => $body),
            9 => each_box!(@ 3, $box => $body),
            16 => each_box!(@ 4, $box => $body),
            25 => each_box!(@ 5, $box => $body),
            36 => each_box!(@ 6, $box => $body),
            49 => each_box!(@ 7, $box => $body),
            64 => each_box!(@ 8, $box => $body),
            _ => $other,
        }
    };
    (@ $value:literal, $box:ident => $body:expr) => {{
        const $box: usize = $value;
        $body
    }};
}

macro_rules! impl_from_board {
    ($($box:literal => $variant:ident),*) => {$(
        impl From<Board<$box>> for AnyBoard {
            fn from(board: Board<$box>) -> Self {
                AnyBoard::$variant(board)
            }
        }

        /// The board inside, when it has this size; else the board back, as
        /// `[T; N]::try_from(Vec<T>)` gives back the `Vec`.
        impl TryFrom<AnyBoard> for Board<$box> {
            type Error = AnyBoard;

            fn try_from(any: AnyBoard) -> Result<Self, AnyBoard> {
                match any {
                    AnyBoard::$variant(board) => Ok(board),
                    other => Err(other),
                }
            }
        }
    )*};
}

impl_from_board!(2 => B2, 3 => B3, 4 => B4, 5 => B5, 6 => B6, 7 => B7, 8 => B8);

/// Whether `c` stands for a value or an empty cell on some board size.
fn is_symbol(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_')
}

/// The board side whose cell count is nearest to `cells` (the smaller on a tie).
fn nearest_size(cells: usize) -> usize {
    AnyBoard::SIZES
        .into_iter()
        .min_by_key(|&n| (n * n).abs_diff(cells))
        .expect("there are sizes")
}

/// The error for text whose cell count fits no board size: the sizes on
/// either side of it.
fn no_size_fits(found: usize) -> ParseError {
    if found == 0 {
        return ParseError::Empty;
    }
    ParseError::NoSizeFits {
        found,
        smaller: AnyBoard::SIZES.into_iter().rev().find(|&n| n * n < found),
        larger: AnyBoard::SIZES.into_iter().find(|&n| n * n > found),
    }
}

impl AnyBoard {
    /// The board sides supported, smallest first: 4, 9, 16, 25, 36, 49 and 64.
    pub const SIZES: [usize; 7] = SIDES;

    /// Reads one puzzle written on one line: the line format (one character per
    /// cell, as [`Board::from_line`] reads it) or the token format (numbers
    /// separated by white space or commas, as [`Board::from_tokens`] reads it,
    /// chosen when the text holds commas or numbers of two or more digits).
    ///
    /// The size comes from the number of cells. Line breaks, if any, are read as
    /// in [`AnyBoard::parse_grid`].
    ///
    /// ```
    /// use ndoku::AnyBoard;
    ///
    /// let four = AnyBoard::parse_line("1.3..4..........")?;
    /// assert_eq!((four.size(), four.givens()), (4, 3));
    /// let tokens = AnyBoard::parse_line(&format!("16,{}", "0,".repeat(255)))?;
    /// assert_eq!(tokens.size(), 16);
    /// # Ok::<(), ndoku::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseError::NoSizeFits`] when the number of cells fits no size,
    /// naming the sizes on either side, unless, read as the nearest size, the
    /// text holds before its last cell a character that no board
    /// size reads (such as `*`) or a token that is no number: then
    /// [`ParseError::InvalidChar`] or [`ParseError::InvalidToken`] names it
    /// where that size places it (characters aside when that size is 64×64,
    /// which has none), and [`ParseError::TrailingChar`] names a character
    /// past its last cell on one line that is no value of it (81 cells and
    /// an `x`); [`ParseError::Empty`] when
    /// there are no cells; otherwise the errors of [`Board::from_line`] and
    /// [`Board::from_tokens`] for the chosen size.
    pub fn parse_line(s: &str) -> Result<Self, ParseError> {
        Self::parse_as(s, false)
    }

    /// Reads one puzzle written over several lines: the grid format, N rows of N
    /// cells with any spacing and optional `|`, `+` and `-` box rules, as `{:#}`
    /// prints it; rows of numbers (tokens) work too, as 64×64 grids need.
    ///
    /// ```
    /// use ndoku::AnyBoard;
    ///
    /// let board = AnyBoard::parse_grid("1 2 | 3 4\n. . | . .\n----+----\n. . | . .\n. . | . 1\n")?;
    /// assert_eq!((board.size(), board.givens()), (4, 5));
    /// assert_eq!(AnyBoard::parse_grid(&format!("{board:#}"))?, board);
    /// # Ok::<(), ndoku::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`AnyBoard::parse_line`]; a row with the wrong number of cells is
    /// [`ParseError::WrongRowLength`].
    pub fn parse_grid(s: &str) -> Result<Self, ParseError> {
        Self::parse_as(s, true)
    }

    /// Reads a 16×16 puzzle in hex: `0`-`9` and `A`-`F` (either case) are the
    /// values 1-16 and `.` is empty, as [`Board::from_hex`] reads it.
    ///
    /// ```
    /// use ndoku::AnyBoard;
    ///
    /// let board = AnyBoard::parse_hex(&format!("0F{}", ".".repeat(254)))?;
    /// assert_eq!((board.size(), board.givens()), (16, 2));
    /// assert_eq!(board.to_hex().as_deref(), Some(&*format!("0F{}", ".".repeat(254))));
    /// # Ok::<(), ndoku::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Board::from_hex`]: a text that is not 256 cells of hex is
    /// [`ParseError::WrongCellCount`], [`ParseError::InvalidChar`] or
    /// [`ParseError::Empty`], and givens that conflict are [`ParseError::Board`].
    pub fn parse_hex(s: &str) -> Result<Self, ParseError> {
        Board::<4>::from_hex(s).map(AnyBoard::B4)
    }

    /// The fast path of [`AnyBoard::parse_line`], one line of N×N plain
    /// symbols, without the conflict check: see
    /// [`Board::from_mapped_unchecked`] for what the caller owes.
    pub(crate) fn plain_line_unchecked(s: &str) -> Option<Self> {
        let size = Self::SIZES.into_iter().find(|&n| n * n == s.len())?;
        each_box!(size, BOX =>
            format::plain_line_unchecked::<BOX>(s.as_bytes()).map(AnyBoard::from),
            _ => None)
    }

    /// The first conflict among the givens, as parsing reports it.
    pub(crate) fn check_conflicts(&self) -> Result<(), ParseError> {
        each_board!(self, b => b.check_conflicts()).map_err(ParseError::from)
    }

    fn parse_as(s: &str, grid: bool) -> Result<Self, ParseError> {
        // The commonest input, one line of plain symbols, needs no measuring:
        // its length is its cell count.
        if !grid
            && let Some(size) = Self::SIZES.into_iter().find(|&n| n * n == s.len())
            && let Some(board) = each_box!(size, BOX =>
                format::plain_line::<BOX>(s.as_bytes()).map(|b| b.map(AnyBoard::from)),
                _ => None)
        {
            return board.map_err(ParseError::from);
        }
        let (layout, cells) = measure(s);
        let size = Self::SIZES.into_iter().find(|&n| n * n == cells);
        // A grid whose cells don't add up takes its size from its first row, or
        // else from its number of rows, so that the error names the row that
        // is off.
        let first_row = || {
            let row = s.lines().map(|line| measure(line).1).find(|&k| k > 0)?;
            Self::SIZES.into_iter().find(|&n| n == row)
        };
        let row_count = || {
            let rows = s.lines().filter(|line| measure(line).1 > 0).count();
            Self::SIZES.into_iter().find(|&n| n == rows)
        };
        let by_layout = || first_row().or_else(row_count);
        let parse = |size: usize| {
            each_box!(size, BOX => {
                let board = match (layout, grid) {
                    (Layout::Tokens, _) => Board::<BOX>::from_tokens(s),
                    (Layout::Chars, true) => Board::<BOX>::from_grid(s),
                    (Layout::Chars, false) => Board::<BOX>::from_line(s),
                };
                Some(board.map(AnyBoard::from))
            }, _ => None)
        };
        let Some(size) = size.or_else(|| grid.then(by_layout).flatten()) else {
            // Text that fits no size and holds something no board reads (a
            // border of `*`, a comment, box art) gets that named, where the
            // nearest size places it, rather than a count that includes it
            // (not where that is 64×64, whose boards have no characters).
            let near = nearest_size(cells);
            let near = (layout == Layout::Tokens || near < 64)
                .then(|| parse(near).and_then(Result::err))
                .flatten();
            return Err(match near {
                Some(
                    e @ (ParseError::InvalidToken { .. }
                    | ParseError::TooLarge { .. }
                    | ParseError::TrailingChar { .. }),
                ) => e,
                Some(e @ ParseError::InvalidChar { ch, .. }) if !is_symbol(ch) => e,
                _ => no_size_fits(cells),
            });
        };
        parse(size).unwrap_or_else(|| Err(no_size_fits(cells)))
    }

    /// An empty board with `size` rows, or `None` when no board has that side.
    #[must_use]
    pub fn empty(size: usize) -> Option<Self> {
        each_box!(size, BOX => Some(Board::<BOX>::new().into()), _ => None)
    }

    /// The side of the board, N: 4, 9, 16, 25, 36, 49 or 64.
    #[must_use]
    pub fn size(&self) -> usize {
        self.box_size() * self.box_size()
    }

    /// The side of a box, which is the square root of [`AnyBoard::size`]: 2 to 8.
    #[must_use]
    pub fn box_size(&self) -> usize {
        match self {
            AnyBoard::B2(_) => 2,
            AnyBoard::B3(_) => 3,
            AnyBoard::B4(_) => 4,
            AnyBoard::B5(_) => 5,
            AnyBoard::B6(_) => 6,
            AnyBoard::B7(_) => 7,
            AnyBoard::B8(_) => 8,
        }
    }

    /// The number of filled cells.
    #[must_use]
    pub fn givens(&self) -> usize {
        each_board!(self, b => b.givens())
    }

    /// Whether every cell is filled (and so, as boards hold no conflict, solved).
    #[must_use]
    pub fn is_solved(&self) -> bool {
        each_board!(self, b => b.is_solved())
    }

    /// Whether `other` has the same size and keeps every given of `self`.
    #[must_use]
    pub fn is_completed_by(&self, other: &AnyBoard) -> bool {
        match (self, other) {
            (AnyBoard::B2(a), AnyBoard::B2(b)) => a.is_completed_by(b),
            (AnyBoard::B3(a), AnyBoard::B3(b)) => a.is_completed_by(b),
            (AnyBoard::B4(a), AnyBoard::B4(b)) => a.is_completed_by(b),
            (AnyBoard::B5(a), AnyBoard::B5(b)) => a.is_completed_by(b),
            (AnyBoard::B6(a), AnyBoard::B6(b)) => a.is_completed_by(b),
            (AnyBoard::B7(a), AnyBoard::B7(b)) => a.is_completed_by(b),
            (AnyBoard::B8(a), AnyBoard::B8(b)) => a.is_completed_by(b),
            _ => false,
        }
    }

    /// The cells as raw bytes in row-major order: `0` for empty, `1..=N` for a value.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        each_board!(self, b => b.as_bytes())
    }

    /// The token format on one line, as [`Board::to_tokens`] prints it.
    #[must_use]
    pub fn to_tokens(&self) -> String {
        each_board!(self, b => b.to_tokens())
    }

    /// The board in hex, as [`Board::to_hex`] prints it, when it is a 16×16 one.
    #[must_use]
    pub fn to_hex(&self) -> Option<String> {
        match self {
            AnyBoard::B4(b) => Some(b.to_hex()),
            _ => None,
        }
    }
}

impl FromStr for AnyBoard {
    type Err = ParseError;

    /// Reads a puzzle of any size in the line, grid or token format, as
    /// [`AnyBoard::parse_grid`] does.
    ///
    /// # Errors
    ///
    /// Those of [`AnyBoard::parse_grid`].
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Self::parse_grid(s)
    }
}

impl fmt::Display for AnyBoard {
    /// As [`Board`]'s: `{}` prints the line format (tokens on 64×64), `{:#}` a grid.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each_board!(self, b => fmt::Display::fmt(b, f))
    }
}

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

/// The examples of docs/formats.md, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/formats.md")]
struct FormatsDoctests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board4, Board9, Board16, Board64, BoardError};
    use crate::{Count, Outcome, Solver};
    use std::time::Duration;

    const NINE: &str =
        "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..";
    const NO_SOLUTION: &str =
        "3.65.84..52........87....31..3....2.9..8....5.5....6..13....25........74..52.63..";

    /// A board of every size with its first row filled 1..=N: easy to solve.
    fn first_rows() -> Vec<AnyBoard> {
        AnyBoard::SIZES
            .into_iter()
            .map(|n| {
                let mut tokens: Vec<String> = (1..=n).map(|v| v.to_string()).collect();
                tokens.resize(n * n, "0".into());
                AnyBoard::parse_line(&tokens.join(" ")).unwrap()
            })
            .collect()
    }

    #[test]
    fn size_comes_from_the_cell_count() {
        for (board, n) in first_rows().iter().zip(AnyBoard::SIZES) {
            assert_eq!(board.size(), n);
            assert_eq!(board.box_size() * board.box_size(), n);
            assert_eq!(board.givens(), n);
            assert_eq!(board.as_bytes().len(), n * n);
            // Display round-trips through both parsers.
            assert_eq!(&AnyBoard::parse_line(&board.to_string()).unwrap(), board);
            assert_eq!(&AnyBoard::parse_grid(&format!("{board:#}")).unwrap(), board);
            assert_eq!(&board.to_tokens().parse::<AnyBoard>().unwrap(), board);
            assert_eq!(AnyBoard::empty(n).unwrap().size(), n);
        }
        assert_eq!(AnyBoard::empty(10), None);
        // Back to a sized board: the board inside, or the AnyBoard back.
        for board in first_rows() {
            let nine = Board9::try_from(board.clone());
            match board.size() {
                9 => assert_eq!(AnyBoard::from(nine.unwrap()), board),
                _ => assert_eq!(nine.unwrap_err(), board),
            }
            let big = Board64::try_from(board.clone());
            assert_eq!(big.is_ok(), board.size() == 64);
        }
        let nine = AnyBoard::parse_line(NINE).unwrap();
        assert_eq!(nine, AnyBoard::B3(NINE.parse::<Board9>().unwrap()));
        assert_eq!(nine.to_string(), NINE);
        assert_eq!(nine.to_hex(), None);
    }

    #[test]
    fn a_solved_line_is_characters_not_one_token() {
        let solved = Board9::new().solve().unwrap().to_string();
        let board = AnyBoard::parse_line(&solved).unwrap();
        assert!(board.is_solved());
        assert_eq!(board.size(), 9);
    }

    #[test]
    fn wrong_counts_name_the_nearest_size() {
        let fits_none = |found, smaller, larger| ParseError::NoSizeFits {
            found,
            smaller,
            larger,
        };
        let e = AnyBoard::parse_line(&NINE[..80]).unwrap_err();
        assert_eq!(e, fits_none(80, Some(4), Some(9)));
        assert_eq!(
            e.to_string(),
            "80 cells fit no board: the nearest are 4x4 (16 cells) and 9x9 (81 cells)"
        );
        let e = AnyBoard::parse_line(&".".repeat(20)).unwrap_err();
        assert_eq!(e, fits_none(20, Some(4), Some(9)));
        let e = AnyBoard::parse_line(&".".repeat(1_000_000)).unwrap_err();
        assert_eq!(e, fits_none(1_000_000, Some(64), None));
        assert!(e.to_string().ends_with("the nearest is 64x64 (4096 cells)"));
        let e = AnyBoard::parse_line(&"10 ".repeat(400)).unwrap_err();
        assert_eq!(e, fits_none(400, Some(16), Some(25)));
        let e = AnyBoard::parse_line("1,2,3").unwrap_err();
        assert_eq!(e, fits_none(3, None, Some(4)));
        let e = AnyBoard::parse_line("53 7 6 195 98").unwrap_err();
        assert_eq!(
            e.to_string(),
            "5 cells fit no board: the nearest is 4x4 (16 cells)"
        );
        assert_eq!(AnyBoard::parse_line("").unwrap_err(), ParseError::Empty);
        assert_eq!(
            AnyBoard::parse_line(" | -+ ").unwrap_err(),
            ParseError::Empty
        );
    }

    #[test]
    fn errors_of_the_chosen_size_come_through() {
        let e = AnyBoard::parse_line("11..............").unwrap_err();
        assert!(matches!(
            e,
            ParseError::Board(BoardError::Conflict { value: 1, .. })
        ));
        let e = AnyBoard::parse_line("1x..............").unwrap_err();
        assert_eq!(
            e,
            ParseError::InvalidChar {
                ch: 'x',
                row: 0,
                col: 1
            }
        );
        // A symbol of a larger board is invalid on the size the count chose.
        let e = AnyBoard::parse_line("5...............").unwrap_err();
        assert!(matches!(e, ParseError::InvalidChar { ch: '5', .. }));
        let e = AnyBoard::parse_line(&format!("17,{}", "0,".repeat(255))).unwrap_err();
        assert!(matches!(
            e,
            ParseError::Board(BoardError::ValueOutOfRange { value: 17, .. })
        ));
        let e = AnyBoard::parse_grid("1 2 3 4\n. . .\n. . . . .\n. . . .\n").unwrap_err();
        assert!(matches!(e, ParseError::WrongRowLength { row: 1, .. }));
        // Rows that don't add up to a board: the first row sets the size.
        let e = AnyBoard::parse_grid("1 2 3 4\n. . . .\n. . .\n. . . .\n").unwrap_err();
        assert_eq!(
            e,
            ParseError::WrongRowLength {
                row: 2,
                expected: 4,
                found: 3
            }
        );
        let e = AnyBoard::parse_line("1 2 3 4\n. . . .\n. . .\n. . . .\n").unwrap_err();
        assert!(matches!(e, ParseError::NoSizeFits { found: 15, .. }));
    }

    #[test]
    fn hex_reads_sixteen_by_sixteen_only() {
        let mut text = String::from("0123456789ABCDEF");
        text.push_str(&".".repeat(240));
        let board = AnyBoard::parse_hex(&text).unwrap();
        assert_eq!(board.size(), 16);
        assert_eq!(board.to_hex().unwrap(), text);
        assert_eq!(board.as_bytes()[..16], (1..=16).collect::<Vec<u8>>()[..]);
        assert!(AnyBoard::parse_hex(NINE).is_err());
        let b16: Board16 = Board16::from_hex(&text).unwrap();
        assert_eq!(AnyBoard::from(b16), board);
    }

    #[test]
    fn the_solver_solves_every_size_and_reuses_itself() {
        // The engine does not (yet) solve near-empty 49×49 and 64×64 boards
        // quickly, so those get a budget: a solution, if any, must be right.
        let mut solver = Solver::new().with_max_nodes(20_000);
        for _ in 0..2 {
            for puzzle in first_rows() {
                let outcome = solver.solve(&puzzle);
                if puzzle.size() > 36 && outcome.gave_up() {
                    continue;
                }
                let Outcome::Solved(solution) = outcome else {
                    panic!("{}x{} has a solution", puzzle.size(), puzzle.size());
                };
                assert!(solution.is_solved());
                assert!(puzzle.is_completed_by(&solution));
                assert!(!solution.is_completed_by(&puzzle));
                assert_eq!(solver.stats().solutions, 1);
            }
        }
        let four = AnyBoard::from(Board4::new());
        assert!(!four.is_completed_by(&AnyBoard::from(Board64::new())));
    }

    #[test]
    fn counts_and_outcomes_match_the_sized_solver() {
        let mut solver = Solver::new();
        let nine = AnyBoard::parse_line(NINE).unwrap();
        assert_eq!(solver.count(&nine, 2), Count::Exact(1));
        let none = AnyBoard::parse_line(NO_SOLUTION).unwrap();
        assert_eq!(solver.solve(&none), Outcome::Unsolvable);
        assert_eq!(solver.count(&none, 2), Count::Exact(0));
        let empty = AnyBoard::empty(4).unwrap();
        assert_eq!(solver.count(&empty, 1000), Count::Exact(288));
        assert_eq!(solver.stats().solutions, 288);
        assert_eq!(
            solver.count(&empty, 1000),
            crate::engine::classic::Solver::<2>::new().count(&Board4::new(), 1000)
        );
    }

    #[test]
    fn the_budget_holds_for_every_size() {
        let mut solver = Solver::new().with_max_nodes(10);
        assert_eq!(solver.limits().max_nodes(), Some(10));
        let empty = AnyBoard::empty(9).unwrap();
        assert!(matches!(solver.count(&empty, usize::MAX), Count::GaveUp(_)));
        assert!(solver.stats().guesses <= 10);
        let big = AnyBoard::parse_line(NO_SOLUTION).unwrap();
        let outcome = Solver::new().with_max_nodes(0).solve(&big);
        assert!(outcome.gave_up() || outcome == Outcome::Unsolvable);
    }

    #[test]
    fn the_time_limit_holds_for_every_size_beside_the_budget() {
        let limit = Some(Duration::ZERO);
        let mut solver = Solver::new().with_time_limit(limit).with_max_nodes(7);
        assert_eq!(
            (solver.limits().time_limit(), solver.limits().max_nodes()),
            (limit, Some(7))
        );
        let solver2 = Solver::new().with_max_nodes(7).with_time_limit(limit);
        assert_eq!(
            (solver2.limits().time_limit(), solver2.limits().max_nodes()),
            (limit, Some(7))
        );
        // The empty boards need guesses: a zero limit stops them before the first.
        for size in [4, 9, 16, 25] {
            let empty = AnyBoard::empty(size).unwrap();
            assert!(solver.solve(&empty).gave_up(), "{size}");
            assert_eq!(solver.stats().guesses, 0, "{size}");
            assert_eq!(solver.count(&empty, 2), Count::GaveUp(0), "{size}");
        }
        // Cleared, the limit no longer applies, and the budget still does.
        let mut solver = solver.with_time_limit(None);
        assert_eq!(solver.limits().max_nodes(), Some(7));
        let empty = AnyBoard::empty(9).unwrap();
        assert!(matches!(solver.count(&empty, usize::MAX), Count::GaveUp(_)));
        assert_eq!(solver.stats().guesses, 7);
    }
}
