//! One name for a cell: row and column from 0, its row-major index, and its R1C1 name.

use std::fmt;
use std::str::FromStr;

/// A cell of an N×N board: its row and column from 0.
///
/// The API names every cell with it: [`Game`](crate::Game)'s moves,
/// [`Step`](crate::Step)'s placements, eliminations and highlight, and
/// [`Hint::Mistakes`](crate::Hint::Mistakes). It converts to and from
/// (row, column) pairs from 0 with [`From`], row-major
/// indices `row * N + column` (the engines' grids and
/// [`Constraint`](crate::Constraint)s) with [`Cell::from_index`] and
/// [`Cell::index`], and the "R1C1" names of steps' words, their serde form
/// and the command line (rows and columns from 1) with
/// [`Display`](fmt::Display) and [`FromStr`].
///
/// ```
/// use ndoku::model::Cell;
///
/// let cell = Cell::from_index(13, 9);
/// assert_eq!((cell.row, cell.col), (1, 4));
/// assert_eq!(cell.to_string(), "R2C5");
/// assert_eq!("r2c5".parse::<Cell>()?, cell);
/// assert_eq!(cell.index(9), 13);
/// assert_eq!(Cell::from((1, 4)), cell);
/// assert!("R0C1".parse::<Cell>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature a cell is its name, `"R2C5"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub col: usize,
}

impl Cell {
    /// The cell at `row`, `col` (from 0).
    #[must_use]
    pub fn new(row: usize, col: usize) -> Self {
        Self { row, col }
    }

    /// The cell of row-major `index` on a board of side `size`.
    ///
    /// # Panics
    ///
    /// If `size` is 0.
    #[must_use]
    pub fn from_index(index: usize, size: usize) -> Self {
        Self {
            row: index / size,
            col: index % size,
        }
    }

    /// Its row-major index on a board of side `size`: `row * size + col`.
    #[must_use]
    pub fn index(self, size: usize) -> usize {
        self.row * size + self.col
    }

    /// Whether the cell lies on a board of side `size`.
    #[must_use]
    pub fn is_on(self, size: usize) -> bool {
        self.row < size && self.col < size
    }
}

impl From<(usize, usize)> for Cell {
    /// The cell at (row, column) from 0.
    fn from((row, col): (usize, usize)) -> Self {
        Self { row, col }
    }
}

impl From<Cell> for (usize, usize) {
    /// (row, column) from 0.
    fn from(cell: Cell) -> Self {
        (cell.row, cell.col)
    }
}

impl fmt::Display for Cell {
    /// "R2C5": row and column from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("R")?;
        write_next(f, self.row)?;
        f.write_str("C")?;
        write_next(f, self.col)
    }
}

/// `v + 1`, even past `usize::MAX`: a cell far off any board names itself
/// too, without 128-bit formatting in the WebAssembly module.
fn write_next(f: &mut fmt::Formatter<'_>, v: usize) -> fmt::Result {
    match v.checked_add(1) {
        Some(next) => write!(f, "{next}"),
        // `usize::MAX` ends in 5 on every width: adding 1 carries no further.
        None => write!(f, "{}{}", v / 10, v % 10 + 1),
    }
}

/// A cell name that is no "R1C1".
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("invalid cell name {name:?}: expected R<row>C<column>, from 1, such as R2C5")]
#[non_exhaustive]
pub struct CellNameError {
    /// The name as written.
    pub name: String,
}

impl FromStr for Cell {
    type Err = CellNameError;

    /// "R2C5" (either case, rows and columns from 1).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || CellNameError {
            name: s.to_string(),
        };
        let upper = s.trim().to_ascii_uppercase();
        let rest = upper.strip_prefix('R').ok_or_else(err)?;
        let (row, col) = rest.split_once('C').ok_or_else(err)?;
        let number = |t: &str| {
            t.parse::<usize>()
                .ok()
                .filter(|&v| v >= 1 && t.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(err)
        };
        Ok(Self {
            row: number(row)? - 1,
            col: number(col)? - 1,
        })
    }
}

/// `Serialize` as its [`Display`](fmt::Display) text and `Deserialize`
/// with its [`FromStr`], for the values the API names by text (`"R2C5"`,
/// `"box 3"`).
#[cfg(feature = "serde")]
macro_rules! serde_by_name {
    ($type:ty) => {
        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let name = <String as serde::Deserialize>::deserialize(deserializer)?;
                name.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
#[cfg(feature = "serde")]
pub(crate) use serde_by_name;

#[cfg(feature = "serde")]
serde_by_name!(Cell);
