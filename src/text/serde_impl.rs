//! `Serialize` and `Deserialize` for boards, rules and variant puzzles (feature `serde`).
//!
//! Rules ([`Rules`]) are a record of their parts: size, boxes or regions,
//! the houses added after the layout's own, chess rules and cages; a
//! [`Puzzle`] is its rules and its cells. Both are checked on the way in,
//! as building them is.
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

use crate::error::{House, ParseError, RulesError};
use crate::model::board::Board;
use crate::model::constraint::Constraint;
use crate::model::puzzle::Puzzle;
use crate::model::rules::{Cage, ChessRule, Rules};
use crate::text::any::AnyBoard;

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

/// The parts of [`Rules`], as serde writes them.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename = "Rules")]
struct RulesData {
    size: usize,
    /// Boxes of rows×columns, or none for regions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    boxes: Option<(usize, usize)>,
    /// The region of each cell, row-major, for irregular layouts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    regions: Option<Vec<usize>>,
    /// Houses after the layout's own: (kind, cells).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    houses: Vec<(HouseKind, Vec<u32>)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    chess: Vec<ChessName>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    cages: Vec<Cage>,
    /// The constraints beyond houses and cages, in the order added.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    constraints: Vec<Constraint>,
}

/// The kinds of house that come after a layout's own.
#[derive(Clone, Copy, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum HouseKind {
    Diagonal,
    Extra,
}

/// The chess rules, by name.
#[derive(Clone, Copy, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum ChessName {
    AntiKnight,
    AntiKing,
}

impl Serialize for Rules {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let g = self.geometry();
        let n = self.size();
        let regions = g.box_shape().is_none().then(|| g.region_map());
        // Rows, columns, then N boxes or regions: the layout's own houses.
        let layout = 3 * n;
        let houses = g.houses()[layout..]
            .iter()
            .map(|h| {
                let kind = if h.kind() == House::Diagonal {
                    HouseKind::Diagonal
                } else {
                    HouseKind::Extra
                };
                (kind, h.cells().to_vec())
            })
            .collect();
        let chess = self
            .chess()
            .iter()
            .map(|r| match r {
                ChessRule::AntiKnight => ChessName::AntiKnight,
                ChessRule::AntiKing => ChessName::AntiKing,
            })
            .collect();
        RulesData {
            size: n,
            boxes: g.box_shape(),
            regions,
            houses,
            chess,
            cages: self.cages().to_vec(),
            constraints: self.constraints().to_vec(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Rules {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = RulesData::deserialize(deserializer)?;
        rules_of(data).map_err(de::Error::custom)
    }
}

/// Builds rules from their parts, checking each as the builders do.
fn rules_of(data: RulesData) -> Result<Rules, RulesError> {
    let n = data.size;
    let mut rules = match (data.boxes, data.regions) {
        (_, Some(map)) => Rules::jigsaw(n, &map)?,
        (Some((r, c)), None) if r.saturating_mul(c) == n => Rules::boxes(r, c)?,
        (Some((rows, cols)), None) => {
            return Err(RulesError::BoxShape {
                rows,
                cols,
                size: n,
            });
        }
        (None, None) => Rules::classic(n)?,
    };
    let at = |cells: &[u32]| -> Vec<(usize, usize)> {
        cells
            .iter()
            .map(|&c| (c as usize / n.max(1), c as usize % n.max(1)))
            .collect()
    };
    for (kind, cells) in &data.houses {
        rules = match kind {
            HouseKind::Diagonal => rules.with_house(House::Diagonal, "diagonal", &at(cells))?,
            HouseKind::Extra => rules.with_region(&at(cells))?,
        };
    }
    for rule in data.chess {
        rules = rules.with_chess(match rule {
            ChessName::AntiKnight => ChessRule::AntiKnight,
            ChessName::AntiKing => ChessRule::AntiKing,
        });
    }
    for cage in &data.cages {
        rules = rules.with_cage(&at(cage.cells()), cage.sum())?;
    }
    for constraint in data.constraints {
        rules = rules.with_constraint(constraint)?;
    }
    Ok(rules)
}

/// A [`Puzzle`] as serde writes it: its rules and its cells.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename = "Puzzle")]
struct VariantData {
    rules: Rules,
    cells: Vec<u16>,
    /// Whether values are written from 0 ([`Puzzle::first_value`]); left
    /// out when they are not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    from_zero: bool,
}

impl Serialize for Puzzle {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        VariantData {
            rules: self.rules().clone(),
            cells: self.cells().to_vec(),
            from_zero: self.first_value() == 0,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Puzzle {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = VariantData::deserialize(deserializer)?;
        Puzzle::from_cells(data.rules, &data.cells)
            .map(|p| p.with_values_from_zero(data.from_zero))
            .map_err(de::Error::custom)
    }
}
