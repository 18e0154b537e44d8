//! `Serialize` and `Deserialize` for [`Board`] and [`AnyBoard`] (feature `serde`).
//!
//! In human-readable formats (JSON, TOML, YAML, …) a board is a string: the line
//! format that `{}` prints, which is the token format on 64×64. In binary formats
//! (bincode, CBOR, postcard, …) it is its cells as bytes in row-major order, `0`
//! for empty and `1..=N` for a value, as [`Board::as_bytes`] gives them.
//!
//! Deserializing accepts either form in any format (a string is read with
//! [`FromStr`](std::str::FromStr), so the grid and token formats work too; bytes
//! may also come as a sequence of numbers), and checks the board as parsing
//! does: text that is no board of the size, or givens that conflict, are a
//! deserialization error whose message is the [`ParseError`]'s.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::any::AnyBoard;
use crate::board::Board;
use crate::error::ParseError;

/// The most cells any board has (64×64): a longer sequence is refused as soon
/// as it gets that long, so hostile input cannot make it allocate more.
const MAX_CELLS: usize = 64 * 64;

/// A board type that comes from text or from raw cells.
trait FromTextOrCells: Sized {
    /// What the visitor expects, for serde's error messages.
    fn expecting(f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn from_text(s: &str) -> Result<Self, ParseError>;
    fn from_raw_cells(cells: &[u8]) -> Result<Self, ParseError>;
}

impl<const BOX: usize> FromTextOrCells for Board<BOX> {
    fn expecting(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = Self::N;
        write!(
            f,
            "a {n}x{n} sudoku board as text or as {} cell bytes",
            Self::CELLS
        )
    }

    fn from_text(s: &str) -> Result<Self, ParseError> {
        s.parse()
    }

    fn from_raw_cells(cells: &[u8]) -> Result<Self, ParseError> {
        if cells.len() != Self::CELLS {
            return Err(ParseError::WrongCellCount {
                expected: Self::CELLS,
                found: cells.len(),
                size: Self::N,
            });
        }
        Ok(Self::from_cells(cells)?)
    }
}

impl FromTextOrCells for AnyBoard {
    fn expecting(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sudoku board (4x4 to 64x64) as text or as cell bytes")
    }

    fn from_text(s: &str) -> Result<Self, ParseError> {
        s.parse()
    }

    fn from_raw_cells(cells: &[u8]) -> Result<Self, ParseError> {
        match cells.len() {
            16 => Board::<2>::from_raw_cells(cells).map(AnyBoard::from),
            81 => Board::<3>::from_raw_cells(cells).map(AnyBoard::from),
            256 => Board::<4>::from_raw_cells(cells).map(AnyBoard::from),
            625 => Board::<5>::from_raw_cells(cells).map(AnyBoard::from),
            1296 => Board::<6>::from_raw_cells(cells).map(AnyBoard::from),
            2401 => Board::<7>::from_raw_cells(cells).map(AnyBoard::from),
            4096 => Board::<8>::from_raw_cells(cells).map(AnyBoard::from),
            0 => Err(ParseError::Empty),
            found => {
                // Name the size whose cell count is nearest, as parsing does.
                let size = AnyBoard::SIZES
                    .into_iter()
                    .min_by_key(|&n| (n * n).abs_diff(found))
                    .unwrap_or(4);
                Err(ParseError::WrongCellCount {
                    expected: size * size,
                    found,
                    size,
                })
            }
        }
    }
}

/// Accepts a string, bytes or a sequence of bytes.
struct BoardVisitor<T>(PhantomData<T>);

impl<'de, T: FromTextOrCells> Visitor<'de> for BoardVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        T::expecting(f)
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        T::from_text(s).map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, cells: &[u8]) -> Result<T, E> {
        T::from_raw_cells(cells).map_err(E::custom)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
        let mut cells = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(MAX_CELLS));
        while let Some(cell) = seq.next_element::<u8>()? {
            if cells.len() == MAX_CELLS {
                return Err(de::Error::invalid_length(MAX_CELLS + 1, &self));
            }
            cells.push(cell);
        }
        T::from_raw_cells(&cells).map_err(de::Error::custom)
    }
}

fn deserialize_board<'de, D: Deserializer<'de>, T: FromTextOrCells>(d: D) -> Result<T, D::Error> {
    let visitor = BoardVisitor(PhantomData);
    // Human-readable formats describe themselves (JSON, TOML, YAML): let the
    // data say whether it is a string or an array of cells.
    if d.is_human_readable() {
        d.deserialize_any(visitor)
    } else {
        d.deserialize_bytes(visitor)
    }
}

/// The line string in human-readable formats, the cell bytes otherwise.
impl<const BOX: usize> Serialize for Board<BOX> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.collect_str(self)
        } else {
            s.serialize_bytes(self.as_bytes())
        }
    }
}

/// From a string in any of the formats [`FromStr`](std::str::FromStr) reads,
/// or from cell bytes; checked as parsing checks.
impl<'de, const BOX: usize> Deserialize<'de> for Board<BOX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize_board(d)
    }
}

/// As [`Board`]'s: the string, or the cell bytes, whose count gives the size.
impl Serialize for AnyBoard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.collect_str(self)
        } else {
            s.serialize_bytes(self.as_bytes())
        }
    }
}

/// As [`Board`]'s, the size read from the number of cells.
impl<'de> Deserialize<'de> for AnyBoard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize_board(d)
    }
}
