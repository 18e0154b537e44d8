//! A puzzle under rules known at run time: the rules, shared, and a value or nothing in each cell.

use std::fmt;
use std::sync::Arc;

use crate::error::BoardError;
use crate::error::Violation;
use crate::model::board::Board;
use crate::model::rules::Rules;

/// A puzzle under any [`Rules`]: the rules (shared, cheap to clone) and a
/// value or nothing in each cell. Like [`Board`](crate::Board), it never
/// holds values that break a rule; [`VariantSolver`](crate::engine::variant::VariantSolver) solves it.
/// A classic board of any side up to 400 reads from text with
/// [`Puzzle::parse_classic`] (or `str::parse`), any rules' board with
/// [`Puzzle::parse_with`].
///
/// ```
/// use ndoku::{Rules, Puzzle};
///
/// let rules = Rules::classic(6)?.with_diagonals();
/// let mut puzzle = Puzzle::new(rules);
/// puzzle.set(0, 0, 1)?;
/// assert!(puzzle.set(1, 1, 1).is_err()); // same box and diagonal
/// let solution = puzzle.solve().expect("it has solutions");
/// assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
/// assert_eq!(solution.to_string().len(), 36);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    rules: Arc<Rules>,
    cells: Vec<u16>,
    /// Whether values are written from 0 (0 to N-1), as ISS's `~0-8`
    /// states them; the solver holds 1 to N either way.
    from_zero: bool,
}

impl Puzzle {
    /// An empty puzzle under `rules`.
    #[must_use]
    pub fn new(rules: impl Into<Arc<Rules>>) -> Self {
        let rules = rules.into();
        let cells = vec![0; rules.size() * rules.size()];
        Self {
            rules,
            cells,
            from_zero: false,
        }
    }

    /// A puzzle under `rules` with `cells`, one value a cell in row-major
    /// order (0 for empty).
    ///
    /// # Errors
    ///
    /// [`Violation::Shape`] for the wrong number of cells or a value out of
    /// range, or the first rule the values break.
    pub fn from_cells(rules: impl Into<Arc<Rules>>, cells: &[u16]) -> Result<Self, Violation> {
        Self::from_vec(rules.into(), cells.to_vec())
    }

    /// [`Puzzle::from_cells`] on cells the caller owns, which it keeps.
    pub(crate) fn from_vec(rules: Arc<Rules>, cells: Vec<u16>) -> Result<Self, Violation> {
        rules.check(&cells)?;
        Ok(Self {
            rules,
            cells,
            from_zero: false,
        })
    }

    /// The same rules with other values, checked by the caller (a solution).
    pub(crate) fn with_values(&self, cells: Vec<u16>) -> Self {
        debug_assert!(self.rules.check(&cells).is_ok());
        Self {
            rules: Arc::clone(&self.rules),
            cells,
            from_zero: self.from_zero,
        }
    }

    /// The value a cell holding the solver's 1 is written as: 1, or 0 for
    /// a puzzle whose values run from 0 to N-1 (ISS's `.Shape~9x9~0-8`).
    /// The solver, [`Puzzle::cells`] and [`Puzzle::get`] hold 1 to N either
    /// way; the writers (`Display`, [`Puzzle::to_tokens`], ISS text) show
    /// each value less this difference.
    ///
    /// ```
    /// use ndoku::text::iss;
    ///
    /// let puzzle = iss::parse(".Shape~4x4~0-3.~R1C1_0")?;
    /// assert_eq!((puzzle.first_value(), puzzle.get(0, 0)), (0, Some(1)));
    /// assert_eq!(puzzle.to_string(), "0...............");
    /// # Ok::<(), iss::IssError>(())
    /// ```
    #[must_use]
    pub fn first_value(&self) -> u16 {
        u16::from(!self.from_zero)
    }

    /// The same puzzle, written with values from 0 when `from_zero` (see
    /// [`Puzzle::first_value`]). Only how values are written changes: rules
    /// whose meaning depends on the values (sums) keep the totals they hold.
    #[must_use]
    pub fn with_values_from_zero(mut self, from_zero: bool) -> Self {
        self.from_zero = from_zero;
        self
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The rules, shared.
    pub(crate) fn shared_rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// N, the side of the board.
    #[must_use]
    pub fn size(&self) -> usize {
        self.rules.size()
    }

    /// The values, one a cell in row-major order, 0 for empty.
    #[must_use]
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The value at `row`, `col` (0-based), if any; `None` off the board too.
    #[must_use]
    pub fn get(&self, row: usize, col: usize) -> Option<u16> {
        let n = self.size();
        (row < n && col < n)
            .then(|| self.cells[row * n + col])
            .filter(|&v| v != 0)
    }

    /// Sets the cell at `row`, `col` (0-based) to `value`, or clears it with 0.
    ///
    /// # Errors
    ///
    /// [`Violation::Shape`] for a cell off the board or a value out of
    /// range; the rule the value would break, and the cell unchanged.
    pub fn set(&mut self, row: usize, col: usize, value: u16) -> Result<(), Violation> {
        let n = self.size();
        if row >= n || col >= n || usize::from(value) > n {
            return Err(Violation::Shape {
                expected: n * n,
                found: row.saturating_mul(n).saturating_add(col),
                size: n,
            });
        }
        let old = std::mem::replace(&mut self.cells[row * n + col], value);
        if let Err(e) = self.rules.check(&self.cells) {
            self.cells[row * n + col] = old;
            return Err(e);
        }
        Ok(())
    }

    /// The number of filled cells.
    #[must_use]
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled (and so, as a `Puzzle` keeps its rules, solved).
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|&v| v != 0) && self.rules.check(&self.cells).is_ok()
    }

    /// Whether `other` is a solution of this puzzle: the same rules, solved,
    /// and keeping every value filled here.
    #[must_use]
    pub fn is_completed_by(&self, other: &Puzzle) -> bool {
        *self.rules == *other.rules
            && other.is_solved()
            && self
                .cells
                .iter()
                .zip(&other.cells)
                .all(|(&a, &b)| a == 0 || a == b)
    }

    /// The values as numbers separated by spaces, `0` for empty, one board
    /// row a line; with values from 0 ([`Puzzle::first_value`]), 0 to N-1
    /// and `.` for empty.
    #[must_use]
    pub fn to_tokens(&self) -> String {
        let n = self.size();
        let token = |&v: &u16| match (self.from_zero, v) {
            (true, 0) => ".".to_owned(),
            (true, v) => (v - 1).to_string(),
            (false, v) => v.to_string(),
        };
        self.cells
            .chunks(n)
            .map(|row| row.iter().map(token).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Puzzle {
    /// The box side when these are classic rules with square boxes of 2×2
    /// to 8×8 (4×4 to 64×64): the puzzle then fits a [`Board`] of that `BOX`.
    #[must_use]
    pub(crate) fn classic_box(&self) -> Option<usize> {
        match self.rules.geometry().box_shape() {
            Some((h, w)) if h == w && (2..=8).contains(&h) && self.rules.is_plain() => Some(h),
            _ => None,
        }
    }

    /// The cells as bytes, for a typed board: only for [`Puzzle::classic_box`]
    /// puzzles, whose values fit a byte.
    pub(crate) fn cell_bytes(&self) -> smallvec::SmallVec<[u8; 81]> {
        self.cells.iter().map(|&v| v as u8).collect()
    }

    /// A puzzle under these rules with the cells of `board`, a board of the
    /// same size (a solution found for this puzzle by a classic engine).
    pub(crate) fn with_board<const BOX: usize>(&self, board: &Board<BOX>) -> Self {
        debug_assert_eq!(board.as_bytes().len(), self.cells.len());
        self.with_values(board.as_bytes().iter().map(|&v| u16::from(v)).collect())
    }
}

impl<const BOX: usize> TryFrom<&Puzzle> for Board<BOX> {
    type Error = BoardError;

    /// The puzzle as a typed board, when it is a classic board of this
    /// size: rows, columns and boxes of `BOX`×`BOX`, nothing more.
    ///
    /// # Errors
    ///
    /// [`BoardError::WrongCellCount`] for a puzzle of another size, and
    /// [`BoardError::NotClassic`] for one with other boxes or more rules.
    fn try_from(puzzle: &Puzzle) -> Result<Self, BoardError> {
        let size = puzzle.size();
        if size != Board::<BOX>::N {
            return Err(BoardError::WrongCellCount {
                expected: Board::<BOX>::CELLS,
                found: puzzle.cells.len(),
                size: Board::<BOX>::N,
            });
        }
        if puzzle.classic_box() != Some(BOX) {
            let rules = match puzzle.rules.geometry().box_shape() {
                Some((h, w)) if h != w => format!("with boxes of {h}x{w}"),
                None => "with irregular regions".to_string(),
                Some(_) => "with extra rules".to_string(),
            };
            return Err(BoardError::NotClassic { size, rules });
        }
        Ok(Board::from_checked_cells(&puzzle.cell_bytes()))
    }
}

impl<const BOX: usize> TryFrom<Puzzle> for Board<BOX> {
    type Error = BoardError;

    /// As for `&Puzzle`.
    fn try_from(puzzle: Puzzle) -> Result<Self, BoardError> {
        Board::try_from(&puzzle)
    }
}

impl<const BOX: usize> From<Board<BOX>> for Puzzle {
    /// As for `&Board`.
    fn from(board: Board<BOX>) -> Self {
        Puzzle::from(&board)
    }
}

impl<const BOX: usize> From<&Board<BOX>> for Puzzle {
    /// The board under the classic rules of its size (boxes of BOX×BOX).
    fn from(board: &Board<BOX>) -> Self {
        // Rules::classic of N = BOX² has boxes of BOX×BOX; every board of a
        // size shares them.
        let rules =
            Rules::classic_shared(BOX * BOX).expect("every board size is a supported rules size");
        let cells = board.as_bytes().iter().map(|&v| u16::from(v)).collect();
        Self {
            rules,
            cells,
            from_zero: false,
        }
    }
}

impl fmt::Display for Puzzle {
    /// One line, `.` for empty and `1`-`9`, `A`-`Z`, `a`-`z` for values (up
    /// to 61); above 61, numbers separated by spaces, `0` for empty.
    ///
    /// `{:#}` prints a row a line. Under boxes of R×C cells (R and C from 2),
    /// as [`Board`]'s `{:#}` prints them, the cells are separated by spaces,
    /// the boxes by `|`, and the bands by rule lines of `-` and `+`, numbers
    /// right-aligned and `.` for empty above 61; other layouts (a jigsaw, or
    /// a prime side, whose boxes are rows) print rows as `{}` prints the board.
    /// [`Puzzle::parse_classic`] reads either back. With values from 0
    /// ([`Puzzle::first_value`]) a value shows as `0`-`9`, `A`-`Z` (up to
    /// 36 values: on 16×16, hex, as `--hex` reads it), above 36 as tokens,
    /// and [`Puzzle::parse_classic_from_zero`] reads it back (`0` a value).
    ///
    /// ```
    /// use ndoku::{Puzzle, Rules};
    ///
    /// let mut cells = [0; 36];
    /// cells[..6].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
    /// let six = Puzzle::from_cells(Rules::boxes(2, 3)?, &cells)?;
    /// assert_eq!(format!("{six:#}").lines().next(), Some("1 2 3 | 4 5 6"));
    /// assert_eq!(format!("{six:#}").parse::<Puzzle>()?, six);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        let boxes = self
            .rules
            .geometry()
            .box_shape()
            .filter(|&(h, w)| h > 1 && w > 1);
        if let (true, Some((h, w))) = (f.alternate(), boxes) {
            return self.fmt_boxed(f, h, w);
        }
        if n > self.max_symbol() {
            let text = self.to_tokens();
            return f.write_str(&if f.alternate() {
                text
            } else {
                text.replace('\n', " ")
            });
        }
        // One buffer, written once: a batch prints a puzzle a line.
        let symbols = self.cells.iter().map(|&v| self.symbol(v));
        let line: Vec<u8> = if f.alternate() {
            let mut line = Vec::with_capacity(self.cells.len() + n);
            for (i, s) in symbols.enumerate() {
                if i > 0 && i % n == 0 {
                    line.push(b'\n');
                }
                line.push(s);
            }
            line
        } else {
            symbols.collect()
        };
        f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?)
    }
}

/// `SYMBOLS[v]`: the character of value `v` (0 for empty) on a board of at
/// most 61 values (above 61, values print as tokens).
const SYMBOLS: &[u8; 62] = b".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// `FROM_ZERO[v]`: the character of value `v` written from 0 (`0` for the
/// solver's 1), for boards of at most 36 values.
const FROM_ZERO: &[u8; 37] = b".0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

impl Puzzle {
    /// The grid `{:#}` prints under boxes of `h`×`w` cells: cells separated
    /// by spaces (right-aligned numbers above 61 values), `|` between
    /// boxes, and rule lines between bands.
    fn fmt_boxed(&self, f: &mut fmt::Formatter<'_>, h: usize, w: usize) -> fmt::Result {
        let n = self.size();
        let width = if n > self.max_symbol() {
            n.to_string().len()
        } else {
            1
        };
        let segment = "-".repeat(w * (width + 1) - 1);
        let rule = vec![segment; n / w].join("-+-");
        for (r, row) in self.cells.chunks(n).enumerate() {
            if r > 0 {
                f.write_str("\n")?;
                if r % h == 0 {
                    writeln!(f, "{rule}")?;
                }
            }
            for (c, &v) in row.iter().enumerate() {
                match c {
                    0 => {}
                    c if c % w == 0 => f.write_str(" | ")?,
                    _ => f.write_str(" ")?,
                }
                match (width, v) {
                    (1, v) => write!(f, "{}", char::from(self.symbol(v)))?,
                    (_, 0) => write!(f, "{:>width$}", ".")?,
                    (_, v) => write!(f, "{:>width$}", v - 1 + self.first_value())?,
                }
            }
        }
        Ok(())
    }

    /// The most values single characters write: 61, or 36 from 0.
    fn max_symbol(&self) -> usize {
        if self.from_zero { 36 } else { 61 }
    }

    /// The character of value `v` (0 for empty), on a board of at most
    /// [`Puzzle::max_symbol`] values.
    fn symbol(&self, v: u16) -> u8 {
        if self.from_zero {
            FROM_ZERO[usize::from(v)]
        } else {
            SYMBOLS[usize::from(v)]
        }
    }
}
