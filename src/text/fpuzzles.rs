//! f-puzzles JSON and links: variant puzzles as the variant community exchanges them.
//!
//! An f-puzzles puzzle is a JSON object: `size`; `grid`, rows of cells
//! `{"value": 5, "given": true, "region": 0}`; and one key a constraint. A
//! link (`https://www.f-puzzles.com/?load=...`) or its bare `load` string is
//! that JSON compressed with lz-string, in base64. [`parse`] reads all three.
//!
//! ```
//! use ndoku::text::fpuzzles;
//!
//! let json = r#"{"size":4,"grid":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
//!     "diagonal-":true}"#;
//! let read = fpuzzles::parse(json)?;
//! assert_eq!(read.puzzle.get(0, 0), Some(1));
//! let solution = read.puzzle.solve().expect("it has solutions");
//! assert!(solution.is_solved());
//! // What `to_json` writes reads back the same.
//! let again = fpuzzles::parse(&fpuzzles::to_json(&read.puzzle))?;
//! assert_eq!(again.puzzle, read.puzzle);
//! # Ok::<(), fpuzzles::FpuzzlesError>(())
//! ```
//!
//! Read: `size`; `grid` with `value`, `given` and `region`; `diagonal+`
//! and `diagonal-`; `extraregion`; `killercage`; `antiknight`, `antiking`
//! and `disjointgroups`; `solution`; and the variant vocabulary
//! ([`Constraint`](crate::Constraint), with an example of each):
//! `arrow`, `thermometer`, `palindrome`, `betweenline`, `lockout`,
//! `difference`, `ratio`, `xv`, `negative`, `nonconsecutive`,
//! `littlekillersum`, `sandwichsum`, `odd`, `even`, `minimum`, `maximum`,
//! `quadruple`, `clone`, the keys Rangsk's solver adds (`renban`,
//! `whispers`, `regionsumline`, `entropicline`, `modularline`,
//! `zipperline`, `doublearrow`, `slowthermometer`, `xsum`, `skyscraper`),
//! and ndoku's own for rules f-puzzles has no key for (`greaterthan`
//! `{cells}`, `sum` `{cells, value}`, `relation` `{cells, pairs}`, `candidates`
//! `{cell, values}`). Outside
//! clues stand on row or column 0 or N+1 (`R0C3`). `nonconsecutive` with
//! white dots given is their negative rule. Titles, authors, rule text, drawings
//! that change nothing (`cage`, f-puzzles' cosmetic outline, `text`, `line`,
//! `rectangle`, `circle`) and tool settings (`disabledlogic`,
//! `truecandidatesoptions`, `highlightConflicts`, colours) are kept aside in
//! [`FPuzzle::other`], and [`FPuzzle::to_json`] writes them back. Any other
//! key is an error that names it (`unsupported constraint "columnindexer"`):
//! passing a rule over would answer a different puzzle.
//!
//! A SudokuPad link that carries an f-puzzles puzzle
//! (`https://sudokupad.app/fpuzzles...`) reads as the JSON it carries, and
//! [`to_link`] writes an f-puzzles link. A SudokuPad link or payload in its
//! own format (`scl...`, `ctc...`) reads for its givens, regions and killer
//! cages; one that draws lines, arrows, overlays or cages without a total
//! is refused, since SudokuPad cannot tell a thermometer from a drawn line
//! (see [`parse`]).

mod lz;
mod pad;
mod plain;
mod vocab;

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

use crate::error::Violation;
use crate::error::{House, RulesError};
use crate::model::puzzle::Puzzle;
use crate::model::rules::{ChessRule, Rules};

/// Keys that change nothing about the puzzle's answer: its name and rule
/// text, drawings (`cage` is f-puzzles' cosmetic outline: only `killercage`
/// is a killer cage) and the settings of the tools that wrote it. They are
/// kept and written back; compared in lower case.
const COSMETIC: &[&str] = &[
    "title",
    "author",
    "ruleset",
    "text",
    "line",
    "rectangle",
    "circle",
    "cage",
    "disabledlogic",
    "rating",
    "truecandidatesoptions",
    "highlightconflicts",
    "colors",
    "colours",
    "cellcolors",
    "cellcolours",
    "version",
];

/// The prefix of an f-puzzles link before its `load` string.
const LINK: &str = "f-puzzles.com/?load=";

/// Where an f-puzzles link starts, as [`to_link`] writes it.
const LINK_START: &str = "https://www.f-puzzles.com/?load=";

/// The most extra regions read. Each one added copies the houses before it,
/// so their cost grows with the square of their number: a line of 30,000
/// (under a megabyte) took half a minute. Puzzles use a handful.
const MAX_EXTRA_REGIONS: usize = 1000;

/// A puzzle read from f-puzzles JSON, with what came beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FPuzzle {
    /// The rules and givens.
    pub puzzle: Puzzle,
    /// The `solution` field, when there is one: values row by row.
    pub solution: Option<Vec<u16>>,
    /// The `title` field, when there is one.
    pub title: Option<String>,
    /// The other keys that state no rule, kept as they were read, by key:
    /// drawings (`cage`, `line`, `text`, ...), the author and rule text, and
    /// tool settings (`disabledlogic`, ...). [`FPuzzle::to_json`] writes
    /// them back.
    pub other: BTreeMap<String, Value>,
}

impl FPuzzle {
    /// A puzzle with nothing beside its rules and givens.
    #[must_use]
    pub fn new(puzzle: Puzzle) -> Self {
        Self {
            puzzle,
            solution: None,
            title: None,
            other: BTreeMap::new(),
        }
    }

    /// The f-puzzles JSON of the puzzle, with its title, solution and the
    /// keys kept beside it ([`FPuzzle::other`]): what [`parse`] reads back
    /// as this same value.
    ///
    /// ```
    /// use ndoku::text::fpuzzles;
    ///
    /// let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
    ///     "cage":[{"cells":["R1C1","R2C1"],"value":"A"}],"disabledlogic":["Tuples"]}"#;
    /// let read = fpuzzles::parse(json)?;
    /// assert!(read.other.contains_key("cage"));
    /// assert_eq!(fpuzzles::parse(&read.to_json())?, read);
    /// # Ok::<(), fpuzzles::FpuzzlesError>(())
    /// ```
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut out = to_map(&self.puzzle);
        for (key, value) in &self.other {
            out.entry(key.clone()).or_insert_with(|| value.clone());
        }
        if let Some(title) = &self.title {
            out.insert("title".into(), json!(title));
        }
        if let Some(solution) = &self.solution {
            out.insert("solution".into(), json!(solution));
        }
        Value::Object(out).to_string()
    }

    /// An f-puzzles link to the puzzle, as [`FPuzzle::to_json`] writes it.
    #[must_use]
    pub fn to_link(&self) -> String {
        link_of(&self.to_json())
    }
}

/// Text that is not an f-puzzles puzzle ndoku can solve, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FpuzzlesError {
    /// Not JSON, or JSON cut short.
    #[error("invalid JSON: {0}")]
    Json(String),
    /// A link or `load` string that does not decompress to text.
    #[error("the f-puzzles link does not decompress")]
    Link,
    /// A link or payload that would decompress to more than `limit`
    /// characters: refused before it is decompressed.
    #[error("the link decompresses to more than {limit} characters")]
    TooLong {
        /// The most characters a link may decompress to.
        limit: usize,
    },
    /// A field the puzzle needs is missing.
    #[error("missing field {0:?}")]
    Missing(&'static str),
    /// A field of the wrong type.
    #[error("{field} should be {expected}")]
    WrongType {
        /// Where: `size`, `grid row 3`, `killercage 2 value`.
        field: String,
        /// What it should be: `a number`, `a list`.
        expected: &'static str,
    },
    /// A grid whose rows or cells do not match `size`.
    #[error("{what} has {found} entries, expected {expected}")]
    Shape {
        /// `grid`, `grid row 3`, `solution`.
        what: String,
        /// Entries found.
        found: usize,
        /// Entries expected.
        expected: usize,
    },
    /// A cell reference that is not of the form `R1C1`.
    #[error("{what} names cell {found:?}, which is not of the form R1C1")]
    CellName {
        /// `killercage 2`, `extraregion 1`.
        what: String,
        /// The text found.
        found: String,
    },
    /// A cell reference of the form `R1C1` whose row or column is off the
    /// board: 0, or past its side.
    #[error("{what} names cell {found}, off the {size}x{size} board")]
    OffBoard {
        /// `killercage 2`, `extraregion 1`.
        what: String,
        /// The name as written.
        found: String,
        /// The side of the board.
        size: usize,
    },
    /// A SudokuPad link that carries no puzzle.
    #[error("the SudokuPad link carries no puzzle")]
    SudokuPad,
    /// A SudokuPad link that names a puzzle kept on SudokuPad's server
    /// rather than carrying it.
    #[error(
        "the SudokuPad link names puzzle {0:?}, kept on SudokuPad's server; ndoku reads links \
         that carry the puzzle (`scl`, `ctc` or `fpuzzles` payloads)"
    )]
    PadRemote(String),
    /// A SudokuPad payload in a format ndoku does not read (`scf`).
    #[error("the SudokuPad payload is in the {0:?} format, which ndoku does not read")]
    PadFormat(String),
    /// An `scl` or `ctc` payload, read only with the `sudokupad` feature
    /// (off in the WebAssembly build, for size).
    #[error(
        "this build of ndoku does not read SudokuPad's `scl` and `ctc` payloads (the `sudokupad` feature)"
    )]
    PadFeature,
    /// An `scl` or `ctc` payload that does not decompress to text.
    #[error("the SudokuPad `{prefix}` payload does not decompress")]
    PadCompressed {
        /// `scl` or `ctc`.
        prefix: String,
    },
    /// An `scl` or `ctc` payload that is neither JSON nor SudokuPad's
    /// zipped JSON.
    #[error("the SudokuPad payload is not JSON, plain or zipped: expected {expected} at byte {at}")]
    PadZipped {
        /// What was expected: `a value`, `` `,` or `]` ``.
        expected: &'static str,
        /// The byte of the decompressed text where it was expected.
        at: usize,
    },
    /// An `scl` or `ctc` payload that draws what may be a rule (lines,
    /// arrows, overlays, cages without a total) or holds keys ndoku does
    /// not read: SudokuPad cannot tell a thermometer from a drawn line.
    #[error(
        "sudokupad payload {found}; ndoku reads givens, regions and killer cages from it; \
         export it as f-puzzles"
    )]
    PadDrawings {
        /// What it holds: `draws 3 lines and 1 arrow`, `holds "foglight"`.
        found: String,
    },
    /// A given out of range.
    #[error("value {value} at R{}C{} is out of range 1..={size}", .row + 1, .col + 1)]
    Value {
        /// The value found.
        value: i64,
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The side of the board.
        size: usize,
    },
    /// A constraint ndoku does not support.
    #[error("unsupported constraint {0:?}")]
    Unsupported(String),
    /// A list longer than ndoku reads.
    #[error("{what} has {found} entries, more than the {max} ndoku reads")]
    TooMany {
        /// The field: `extraregion`.
        what: &'static str,
        /// Entries found.
        found: usize,
        /// The most read.
        max: usize,
    },
    /// Rules that cannot hold: a region of the wrong size, a cage off the board.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Givens that break a rule.
    #[error("the givens break a rule: {0}")]
    Givens(Violation),
}

/// Reads an f-puzzles puzzle: its JSON, a link, or a link's bare `load`
/// string; or a SudokuPad link or payload (`fpuzzles…`, and SudokuPad's own
/// `scl…` and `ctc…`, read for their givens, regions and killer cages).
///
/// ```
/// use ndoku::text::fpuzzles::{self, FpuzzlesError};
///
/// // SudokuPad's own JSON, compressed as its links carry it: a 4×4 with
/// // two givens, its boxes as regions, and a killer cage.
/// let scl = r#"{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":3}]],
///   "regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],
///              [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],
///   "cages":[{"cells":[[0,1],[0,2]],"value":5},{"value":"title: Tiny"}]}"#;
/// let link = format!("https://sudokupad.app/scl{}", lz_str::compress_to_base64(scl));
/// # #[cfg(feature = "sudokupad")] {
/// let read = fpuzzles::parse(&link)?;
/// assert_eq!(read.puzzle.get(0, 0), Some(1));
/// assert_eq!(read.puzzle.rules().cages()[0].sum(), Some(5));
/// assert_eq!(read.title.as_deref(), Some("Tiny"));
/// // A drawn line may be a thermometer: refused, not passed over.
/// let drawn = scl.replace(r#""cages""#, r#""lines":[{"wayPoints":[[0.5,0.5],[1.5,1.5]]}],"cages""#);
/// let e = fpuzzles::parse(&format!("ctc{}", lz_str::compress_to_base64(&drawn))).unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "sudokupad payload draws 1 line; ndoku reads givens, regions and killer cages from it; \
///      export it as f-puzzles"
/// );
/// # }
/// // Without the `sudokupad` feature (the WebAssembly build) an `scl` or
/// // `ctc` payload is refused: `FpuzzlesError::PadFeature`.
/// # #[cfg(not(feature = "sudokupad"))]
/// # assert_eq!(fpuzzles::parse(&link), Err(FpuzzlesError::PadFeature));
/// # Ok::<(), FpuzzlesError>(())
/// ```
///
/// # Errors
///
/// An [`FpuzzlesError`] naming what is wrong and where.
pub fn parse(text: &str) -> Result<FPuzzle, FpuzzlesError> {
    let text = text.trim();
    if text.starts_with('{') {
        return from_json(text);
    }
    if let Some(i) = text.find(LINK) {
        return from_load(&text[i + LINK.len()..]);
    }
    if crate::text::sniff::is_sudokupad(text) {
        return pad::read(text);
    }
    from_load(text)
}

/// Reads an f-puzzles `load` string, as a link carries it.
fn from_load(load: &str) -> Result<FPuzzle, FpuzzlesError> {
    // Links carry the string as a query value: its `+` may come as `%2B`, or as a space.
    let load = load
        .split('&')
        .next()
        .unwrap_or("")
        .replace("%2B", "+")
        .replace(' ', "+");
    let json = lz::decompress_base64(&load)?
        .filter(|s| s.trim_start().starts_with('{'))
        .ok_or(FpuzzlesError::Link)?;
    from_json(json.trim())
}

/// Whether `text` looks like f-puzzles input rather than a classic puzzle:
/// JSON, a link (f-puzzles or SudokuPad), a bare `load` string (which
/// starts `N4Ig`, the base64 of lz-string's start of `{"`), or a bare
/// SudokuPad payload (`fpuzzles…`, `scl…`, `ctc…`).
#[must_use]
pub fn looks_like(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('{')
        || t.contains(LINK)
        || t.starts_with("N4Ig")
        || crate::text::sniff::is_sudokupad(t.trim_end())
}

/// The f-puzzles link of `puzzle`: `https://www.f-puzzles.com/?load=` and
/// its [`to_json`] compressed with lz-string, in base64, which [`parse`]
/// reads back.
///
/// ```
/// use ndoku::Puzzle;
/// use ndoku::text::fpuzzles;
///
/// let puzzle = Puzzle::parse_classic("1...............")?;
/// let link = fpuzzles::to_link(&puzzle);
/// assert!(link.starts_with("https://www.f-puzzles.com/?load=N4Ig"));
/// assert_eq!(fpuzzles::parse(&link)?.puzzle, puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn to_link(puzzle: &Puzzle) -> String {
    link_of(&to_json(puzzle))
}

/// The f-puzzles link of `json`.
fn link_of(json: &str) -> String {
    format!("{LINK_START}{}", lz_str::compress_to_base64(json))
}

/// The f-puzzles JSON of `puzzle`: its size, givens and rules (regions,
/// diagonals, extra regions, disjoint groups, chess rules, cages).
/// f-puzzles has no values from 0: a puzzle read with them (ISS's `~0-8`,
/// [`Puzzle::first_value`]) is written with the values the solver holds,
/// each one more, its sums as they were lowered: the same puzzle, its
/// values renamed 1 to N.
#[must_use]
pub fn to_json(puzzle: &Puzzle) -> String {
    Value::Object(to_map(puzzle)).to_string()
}

/// The keys of [`to_json`].
fn to_map(puzzle: &Puzzle) -> Map<String, Value> {
    let rules = puzzle.rules();
    let n = rules.size();
    let name = |c: u32| format!("R{}C{}", c as usize / n + 1, c as usize % n + 1);
    let g = rules.geometry();
    // f-puzzles draws boxes of one shape for each size ([`Rules::classic`]):
    // any other layout, boxes of another shape too, goes as regions.
    let drawn = Rules::classic(n)
        .ok()
        .and_then(|r| r.geometry().box_shape());
    let irregular = g.box_shape().is_none() || g.box_shape() != drawn;
    let region_of = g.region_map();
    let grid: Vec<Vec<Value>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let mut cell = Map::new();
                    if let Some(v) = puzzle.get(r, c) {
                        cell.insert("value".into(), json!(v));
                        cell.insert("given".into(), json!(true));
                    }
                    if irregular {
                        cell.insert("region".into(), json!(region_of[r * n + c]));
                    }
                    Value::Object(cell)
                })
                .collect()
        })
        .collect();
    let mut out = Map::new();
    out.insert("size".into(), json!(n));
    out.insert("grid".into(), json!(grid));
    let main: Vec<u32> = (0..n).map(|i| (i * n + i) as u32).collect();
    let anti: Vec<u32> = (0..n).map(|i| ((n - 1 - i) * n + i) as u32).collect();
    // Disjoint groups go as `disjointgroups`, when all of them are there.
    let groups = g
        .box_shape()
        .map(|_| disjoint_groups(rules))
        .unwrap_or_default();
    let extras = || g.houses().iter().filter(|h| h.kind() == House::Extra);
    let disjoint = !groups.is_empty()
        && groups
            .iter()
            .all(|group| extras().any(|h| h.cells() == group.as_slice()));
    if disjoint {
        out.insert("disjointgroups".into(), json!(true));
    }
    let mut extra = Vec::new();
    for h in g
        .houses()
        .iter()
        .filter(|h| matches!(h.kind(), House::Extra | House::Diagonal))
    {
        match h.kind() {
            House::Extra
                if disjoint && groups.iter().any(|group| h.cells() == group.as_slice()) => {}
            House::Diagonal if h.cells() == main => _ = out.insert("diagonal-".into(), json!(true)),
            House::Diagonal if h.cells() == anti => _ = out.insert("diagonal+".into(), json!(true)),
            _ => extra
                .push(json!({ "cells": h.cells().iter().map(|&c| name(c)).collect::<Vec<_>>() })),
        }
    }
    if !extra.is_empty() {
        out.insert("extraregion".into(), json!(extra));
    }
    for rule in rules.chess() {
        let key = match rule {
            ChessRule::AntiKnight => "antiknight",
            ChessRule::AntiKing => "antiking",
        };
        out.insert(key.into(), json!(true));
    }
    let cages: Vec<Value> = rules
        .cages()
        .iter()
        .map(|cage| {
            let cells: Vec<String> = cage.cells().iter().map(|&c| name(c)).collect();
            match cage.sum() {
                Some(s) => json!({ "cells": cells, "value": s.to_string() }),
                None => json!({ "cells": cells }),
            }
        })
        .collect();
    if !cages.is_empty() {
        out.insert("killercage".into(), json!(cages));
    }
    vocab::write(rules, &mut out);
    out
}

/// The cells of each disjoint group of `rules`' boxes, as
/// [`Rules::with_disjoint_groups`] makes them; none without boxes.
fn disjoint_groups(rules: &Rules) -> Vec<Vec<u32>> {
    let layout = Rules::from_geometry(rules.geometry().clone());
    let base = layout.geometry().houses().len();
    layout.with_disjoint_groups().map_or_else(
        |_| Vec::new(),
        |r| {
            let houses = &r.geometry().houses()[base..];
            houses.iter().map(|h| h.cells().to_vec()).collect()
        },
    )
}

/// One cell of the grid: the fields that matter, each kept as JSON to be
/// checked with its place named; the others (colours, pencil marks) are
/// passed over.
#[derive(Default, serde::Deserialize)]
struct Cell {
    value: Option<Value>,
    given: Option<Value>,
    region: Option<Value>,
}

/// The top level of an f-puzzles object, read in one pass: the grid into
/// its cells, every other field as JSON (the last of a repeated key).
struct Top {
    grid: Option<Vec<Vec<Cell>>>,
    fields: BTreeMap<String, Value>,
}

impl<'de> serde::Deserialize<'de> for Top {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = Top;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an f-puzzles object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Top, A::Error> {
                let mut top = Top {
                    grid: None,
                    fields: BTreeMap::new(),
                };
                while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                    if key == "grid" {
                        top.grid = Some(map.next_value()?);
                    } else {
                        top.fields.insert(key.into_owned(), map.next_value()?);
                    }
                }
                Ok(top)
            }
        }
        deserializer.deserialize_map(Fields)
    }
}

/// Whether grids of plain cells are read by hand ([`plain`]): for batches,
/// so not in the `compact` WebAssembly build, which reads a puzzle at a
/// time and has a size limit.
const PLAIN: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// Reads f-puzzles JSON: a grid of plain cells by hand, else in one pass
/// when it is well formed, else again field by field, to name what is wrong.
fn from_json(text: &str) -> Result<FPuzzle, FpuzzlesError> {
    match PLAIN.then(|| from_plain(text)).flatten() {
        Some(read) => Ok(read),
        None => from_json_in_full(text),
    }
}

/// Reads f-puzzles JSON through serde: every key, and what is wrong named.
fn from_json_in_full(text: &str) -> Result<FPuzzle, FpuzzlesError> {
    if let Ok(Top {
        grid: Some(grid),
        fields,
    }) = serde_json::from_str::<Top>(text)
    {
        return build(grid, fields);
    }
    let json = |e: serde_json::Error| FpuzzlesError::Json(e.to_string());
    // The top level by key, each value kept as its text, read one by one.
    let obj: BTreeMap<String, &RawValue> = match serde_json::from_str(text) {
        Ok(obj) => obj,
        Err(e) if e.is_data() => return Err(wrong("the puzzle", "an object")),
        Err(e) => return Err(json(e)),
    };
    let mut fields = BTreeMap::new();
    for (key, raw) in &obj {
        if key != "grid" {
            fields.insert(key.clone(), serde_json::from_str(raw.get()).map_err(json)?);
        }
    }
    let n = size(&fields)?;
    let grid = obj.get("grid").ok_or(FpuzzlesError::Missing("grid"))?;
    let grid = read_grid(grid.get(), n)?;
    build(grid, fields)
}

/// A line whose grid [`plain`] reads, or `None` for the full reader,
/// which also names what is wrong. The rest is [`build`]'s own code.
fn from_plain(text: &str) -> Option<FPuzzle> {
    let plain::Plain {
        n,
        givens,
        regions,
        fields,
    } = plain::read(text)?;
    // As `Top` keeps them: the last of a repeated key.
    let mut by_key = BTreeMap::new();
    for (key, value) in fields {
        // Lists of numbers (solutions) by hand: the same values serde reads.
        let value = match plain::uints(value) {
            Some(list) => Value::Array(list.into_iter().map(Value::from).collect()),
            None => serde_json::from_str(value).ok()?,
        };
        by_key.insert(key.to_owned(), value);
    }
    let rules = match regions {
        Some(map) => Some(crate::text::layout::from_regions(n, &map).ok()?),
        None => None,
    };
    finish(n, rules, || Ok(givens), &by_key).ok()
}

/// The `size` field: a board side ndoku supports.
fn size(fields: &BTreeMap<String, Value>) -> Result<usize, FpuzzlesError> {
    let size = fields.get("size").ok_or(FpuzzlesError::Missing("size"))?;
    let n = size
        .as_u64()
        .filter(|&n| n >= 1)
        .ok_or_else(|| wrong("size", "a whole number from 1"))? as usize;
    if n > crate::model::geometry::MAX_SIZE {
        let max = crate::model::geometry::MAX_SIZE;
        return Err(RulesError::UnsupportedSize { size: n, max }.into());
    }
    Ok(n)
}

/// The puzzle from its grid and its other fields.
fn build(grid: Vec<Vec<Cell>>, fields: BTreeMap<String, Value>) -> Result<FPuzzle, FpuzzlesError> {
    let n = size(&fields)?;
    check_shape(&grid, n)?;
    let rules = layout(n, &grid)?;
    finish(n, rules, || givens(&grid, n), &fields)
}

/// The puzzle from its layout (`None` for boxes as f-puzzles draws them),
/// its givens, read after the rules so that a rule's error comes first,
/// and its fields besides the grid.
fn finish(
    n: usize,
    mut rules: Option<Rules>,
    givens: impl FnOnce() -> Result<Vec<u16>, FpuzzlesError>,
    fields: &BTreeMap<String, Value>,
) -> Result<FPuzzle, FpuzzlesError> {
    let white_dots = vocab::has_white_dots(fields);
    let mut other = BTreeMap::new();
    for (key, value) in fields {
        if matches!(key.as_str(), "size" | "title" | "solution") {
            continue;
        }
        if COSMETIC.contains(&key.to_ascii_lowercase().as_str()) {
            other.insert(key.clone(), value.clone());
        } else {
            let base = match rules {
                Some(rules) => rules,
                None => Rules::classic(n)?,
            };
            rules = Some(add_constraint(base, key, value, white_dots)?);
        }
    }
    let rules = match rules {
        Some(rules) => Arc::new(rules),
        None => Rules::classic_shared(n)?,
    };
    let givens = givens()?;
    let puzzle = Puzzle::from_cells(rules, &givens).map_err(FpuzzlesError::Givens)?;
    let solution = fields
        .get("solution")
        .map(|s| read_solution(s, n))
        .transpose()?;
    let title = match fields.get("title") {
        Some(Value::String(t)) => Some(t.clone()),
        // A title that is no text is kept as it was.
        Some(t) => {
            other.insert("title".into(), t.clone());
            None
        }
        None => None,
    };
    Ok(FPuzzle {
        puzzle,
        solution,
        title,
        other,
    })
}

/// The grid's rows of cells, or what is wrong with them.
fn read_grid(text: &str, n: usize) -> Result<Vec<Vec<Cell>>, FpuzzlesError> {
    let grid: Vec<Vec<Cell>> = match serde_json::from_str(text) {
        Ok(grid) => grid,
        Err(e) => return Err(grid_error(text).unwrap_or(FpuzzlesError::Json(e.to_string()))),
    };
    check_shape(&grid, n)?;
    Ok(grid)
}

/// Checks that the grid is N rows of N cells.
fn check_shape(grid: &[Vec<Cell>], n: usize) -> Result<(), FpuzzlesError> {
    if grid.len() != n {
        return Err(shape("grid".into(), grid.len(), n));
    }
    if let Some((r, row)) = grid.iter().enumerate().find(|(_, row)| row.len() != n) {
        return Err(shape(format!("grid row {}", r + 1), row.len(), n));
    }
    Ok(())
}

/// What is wrong with a grid that is not rows of cell objects, named by place.
fn grid_error(text: &str) -> Option<FpuzzlesError> {
    let grid: Value = serde_json::from_str(text).ok()?;
    let Some(rows) = grid.as_array() else {
        return Some(wrong("grid", "a list of rows"));
    };
    for (r, row) in rows.iter().enumerate() {
        let Some(cells) = row.as_array() else {
            return Some(wrong(&format!("grid row {}", r + 1), "a list of cells"));
        };
        if let Some(c) = cells.iter().position(|cell| !cell.is_object()) {
            return Some(wrong(&format!("cell R{}C{}", r + 1, c + 1), "an object"));
        }
    }
    None
}

/// The regions the cells name, or `None` for boxes as f-puzzles draws them
/// ([`Rules::classic`]), which every plain puzzle of a size shares.
fn layout(n: usize, grid: &[Vec<Cell>]) -> Result<Option<Rules>, FpuzzlesError> {
    let region = |r: usize, c: usize| grid[r][c].region.as_ref().filter(|v| !v.is_null());
    if (0..n * n).all(|i| region(i / n, i % n).is_none()) {
        return Ok(None);
    }
    let mut map = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            let v = region(r, c).ok_or(RulesError::NoRegion { row: r, col: c })?;
            let place = || format!("cell R{}C{} region", r + 1, c + 1);
            let k = v
                .as_u64()
                .ok_or_else(|| wrong(&place(), "a whole number"))?;
            map.push(k as usize);
        }
    }
    // Regions that are the boxes of some shape are boxes: disjoint groups,
    // which need boxes, hold on them.
    Ok(Some(crate::text::layout::from_regions(n, &map)?))
}

/// The givens: cells with a `value` that are given (`given` true, or absent).
fn givens(grid: &[Vec<Cell>], n: usize) -> Result<Vec<u16>, FpuzzlesError> {
    let mut out = vec![0u16; n * n];
    for (r, row) in grid.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let Some(v) = cell.value.as_ref().filter(|v| !v.is_null()) else {
                continue;
            };
            if cell.given.as_ref().and_then(Value::as_bool) == Some(false) {
                continue;
            }
            let place = || format!("cell R{}C{} value", r + 1, c + 1);
            let value = v
                .as_i64()
                .ok_or_else(|| wrong(&place(), "a whole number"))?;
            if !(1..=n as i64).contains(&value) {
                return Err(FpuzzlesError::Value {
                    value,
                    row: r,
                    col: c,
                    size: n,
                });
            }
            out[r * n + c] = value as u16;
        }
    }
    Ok(out)
}

/// Adds the constraint under `key`, or says it is not supported.
fn add_constraint(
    rules: Rules,
    key: &str,
    value: &Value,
    white_dots: bool,
) -> Result<Rules, FpuzzlesError> {
    // An absent rule written out: `false`, `null`, or an empty list.
    let off = matches!(value, Value::Bool(false) | Value::Null)
        || value.as_array().is_some_and(Vec::is_empty);
    if off {
        return Ok(rules);
    }
    let flag = || value.as_bool().ok_or_else(|| wrong(key, "true or false"));
    Ok(match key {
        "diagonal+" => {
            flag()?;
            rules.with_diagonal(true)
        }
        "diagonal-" => {
            flag()?;
            rules.with_diagonal(false)
        }
        "antiknight" => {
            flag()?;
            rules.with_chess(ChessRule::AntiKnight)
        }
        "antiking" => {
            flag()?;
            rules.with_chess(ChessRule::AntiKing)
        }
        "disjointgroups" => {
            flag()?;
            rules.with_disjoint_groups()?
        }
        "extraregion" => {
            let items = list(key, value)?;
            if items.len() > MAX_EXTRA_REGIONS {
                return Err(FpuzzlesError::TooMany {
                    what: "extraregion",
                    found: items.len(),
                    max: MAX_EXTRA_REGIONS,
                });
            }
            let mut rules = rules;
            for (i, item) in items.iter().enumerate() {
                let what = format!("extraregion {}", i + 1);
                let cells = cells(&what, item, rules.size())?;
                rules = rules.with_region(&cells)?;
            }
            rules
        }
        "killercage" => {
            let mut rules = rules;
            for (i, item) in list(key, value)?.iter().enumerate() {
                let what = format!("{key} {}", i + 1);
                let sum = cage_sum(&what, item)?;
                let cells = cells(&what, item, rules.size())?;
                rules = rules.with_cage(&cells, sum)?;
            }
            rules
        }
        _ if vocab::KEYS.contains(&key) => vocab::read(rules, key, value, white_dots)?,
        _ => return Err(FpuzzlesError::Unsupported(key.to_owned())),
    })
}

/// A list field's items.
fn list<'a>(key: &str, value: &'a Value) -> Result<&'a Vec<Value>, FpuzzlesError> {
    value.as_array().ok_or_else(|| wrong(key, "a list"))
}

/// The `cells` of a cage or region on a board of side `n`, as (row,
/// column); cells past the board's side are kept for the rules to name.
fn cells(what: &str, item: &Value, n: usize) -> Result<Vec<(usize, usize)>, FpuzzlesError> {
    let list = item
        .get("cells")
        .and_then(Value::as_array)
        .ok_or_else(|| wrong(&format!("{what} cells"), "a list of cell names"))?;
    list.iter()
        .map(|v| {
            let name = v.as_str().unwrap_or_default();
            match cell_name(name) {
                Some(Some(cell)) => Ok(cell),
                Some(None) => Err(FpuzzlesError::OffBoard {
                    what: what.to_owned(),
                    found: name.to_owned(),
                    size: n,
                }),
                None => Err(FpuzzlesError::CellName {
                    what: what.to_owned(),
                    found: if v.is_string() {
                        name.to_owned()
                    } else {
                        v.to_string()
                    },
                }),
            }
        })
        .collect()
}

/// `R3C4` as (2, 3); `Some(None)` for a name of that form whose row or
/// column is no place on any board (0, or too large a number); `None` for
/// a name of another form.
fn cell_name(name: &str) -> Option<Option<(usize, usize)>> {
    let rest = name.strip_prefix(['R', 'r'])?;
    let (row, col) = rest.split_once(['C', 'c'])?;
    let number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !number(row) || !number(col) {
        return None;
    }
    let place = |t: &str| t.parse::<usize>().ok().and_then(|k| k.checked_sub(1));
    Some(place(row).zip(place(col)))
}

/// A cage's sum: its `value`, a number or the text of one; none when absent or empty.
fn cage_sum(what: &str, item: &Value) -> Result<Option<u64>, FpuzzlesError> {
    let bad = || wrong(&format!("{what} value"), "a whole number");
    match item.get("value") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s.trim().parse().map(Some).map_err(|_| bad()),
        Some(v) => v.as_u64().map(Some).ok_or_else(bad),
    }
}

/// The `solution` field: N² values.
fn read_solution(value: &Value, n: usize) -> Result<Vec<u16>, FpuzzlesError> {
    let list = value
        .as_array()
        .ok_or_else(|| wrong("solution", "a list of values"))?;
    if list.len() != n * n {
        return Err(shape("solution".into(), list.len(), n * n));
    }
    let mut out = Vec::with_capacity(list.len());
    for v in list {
        let v = v.as_u64().filter(|&v| (1..=n as u64).contains(&v));
        out.push(v.ok_or_else(|| wrong("solution", "a list of values in range"))? as u16);
    }
    Ok(out)
}

fn wrong(field: &str, expected: &'static str) -> FpuzzlesError {
    FpuzzlesError::WrongType {
        field: field.to_owned(),
        expected,
    }
}

fn shape(what: String, found: usize, expected: usize) -> FpuzzlesError {
    FpuzzlesError::Shape {
        what,
        found,
        expected,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_path_reads_as_the_full_reader_does() {
        let row = |cells: &str| format!("[{cells}]");
        let empty = row("{},{},{},{}");
        for first in [
            r#"{"value":1,"given":true},{"value":2,"given":false},{},{"value":4}"#,
            r#"{ "value" : 1 , "centerPencilMarks":[2,3] },{},{"candidates":[]},{"cornerPencilMarks":[1]}"#,
        ] {
            let text = format!(
                r#"{{"grid":[{},{empty},{empty},{empty}], "size":4}}"#,
                row(first)
            );
            let plain = super::from_plain(&text).expect("a plain grid");
            let full = super::from_json_in_full(&text).expect("valid f-puzzles");
            assert_eq!(plain.puzzle, full.puzzle, "{text}");
            assert_eq!(
                (plain.title, plain.solution, plain.other),
                (full.title, full.solution, full.other)
            );
        }
        // As f-puzzles writes them, no spaces; and givens that repeat, in a
        // row, a column or a box, which the full reader names.
        let given = |v: u16| format!(r#"{{"value":{v},"given":true}}"#);
        for (a, b) in [(0, 1), (0, 4), (0, 5), (0, 15), (2, 3)] {
            for (va, vb) in [(1, 1), (1, 2)] {
                let mut cells = vec!["{}".to_owned(); 16];
                (cells[a], cells[b]) = (given(va), given(vb));
                let rows: Vec<String> = cells.chunks(4).map(|r| row(&r.join(","))).collect();
                let text = format!(r#"{{"size":4,"grid":[{}]}}"#, rows.join(","));
                assert_eq!(from_json(&text), from_json_in_full(&text), "{text}");
                let box_of = |c: usize| (c / 8, c % 4 / 2);
                let shared = a / 4 == b / 4 || a % 4 == b % 4 || box_of(a) == box_of(b);
                let breaks = shared && va == vb;
                assert_eq!(from_json(&text).is_err(), breaks, "{text}");
                assert_eq!(super::from_plain(&text).is_some(), !breaks, "{text}");
            }
        }
    }

    /// A line of the shapes the plain path reads, each part drawn: its
    /// keys in any order, regions (boxes under any names, a jigsaw, a
    /// broken map, or a cell in none), givens, a title, a solution with or without a flaw,
    /// either diagonal on or off, and another key or none.
    fn plain_shapes() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let n = prop_oneof![Just((2usize, 2usize)), Just((2, 3)), Just((3, 3))];
        n.prop_flat_map(|(h, w)| {
            let n = h * w;
            (
                Just((h, w)),
                0..5usize,
                proptest::collection::vec((0..n * n, 1..=n as u16), 0..6),
                proptest::option::of("[a-z #é\"\\\\]{0,8}"),
                proptest::option::of((
                    proptest::collection::vec(1..=n as u16, n * n),
                    0..4usize,
                    0..n * n,
                )),
                [
                    proptest::option::of(any::<bool>()),
                    proptest::option::of(any::<bool>()),
                ],
                (any::<u64>(), any::<bool>(), 0..6usize),
            )
        })
        .prop_map(
            |((h, w), layout, givens, title, solution, diagonals, (order, spaced, extra))| {
                use crate::model::geometry::Geometry;
                let n = h * w;
                let mut regions: Vec<usize> = Geometry::boxes(h, w)
                    .region_map()
                    .into_iter()
                    .map(|b| 7 * (n - b))
                    .collect();
                match layout {
                    // Two cells of the first two boxes traded: a jigsaw.
                    1 => regions.swap(w - 1, w),
                    // A cell moved to another region: sizes break.
                    2 => regions[0] = regions[n * n - 1],
                    _ => {}
                }
                let mut values = vec![0u16; n * n];
                givens.iter().for_each(|&(c, v)| values[c] = v);
                let cells: Vec<String> = (0..n * n)
                    .map(|c| {
                        let mut keys = Vec::new();
                        if values[c] > 0 {
                            keys.push(format!(r#""value":{},"given":true"#, values[c]));
                        }
                        // Layout 4 leaves the first cell in no region.
                        if layout > 0 && (layout, c) != (4, 0) {
                            keys.push(format!(r#""region":{}"#, regions[c]));
                        }
                        format!("{{{}}}", keys.join(","))
                    })
                    .collect();
                let rows: Vec<String> = cells
                    .chunks(n)
                    .map(|r| format!("[{}]", r.join(",")))
                    .collect();
                let mut keys = vec![
                    format!(r#""size":{n}"#),
                    format!(r#""grid":[{}]"#, rows.join(",")),
                ];
                if let Some(t) = title {
                    keys.push(format!(r#""title":{}"#, serde_json::to_string(&t).unwrap()));
                }
                if let Some((mut s, flaw, at)) = solution {
                    // A solution in range, or one flaw: a 0, a value past N, one short.
                    match flaw {
                        1 => s[at] = 0,
                        2 => s[at] = n as u16 + 1,
                        3 => drop(s.pop()),
                        _ => {}
                    }
                    keys.push(format!(r#""solution":{s:?}"#).replace(' ', ""));
                }
                for (on, key) in diagonals.into_iter().zip(["diagonal+", "diagonal-"]) {
                    if let Some(on) = on {
                        keys.push(format!(r#""{key}":{on}"#));
                    }
                }
                // One more key: a rule, a drawing, a repeat, a broken cage.
                keys.extend(
                    match extra {
                        1 => Some(r#""antiknight":true"#),
                        2 => Some(r#""killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]"#),
                        3 => Some(r#""text":[{"cells":["R1C1"],"value":"a,\"]}[{"}]"#),
                        4 => Some(r#""title":7"#),
                        5 => Some(r#""killercage":[{"cells":["R9C9"],"value":"3"}]"#),
                        _ => None,
                    }
                    .map(str::to_owned),
                );
                // Rotate the keys by the drawn order.
                let k = keys.len();
                keys.rotate_left((order % k as u64) as usize);
                let sep = if spaced { ", " } else { "," };
                format!("{{{}}}", keys.join(sep))
            },
        )
    }

    proptest::proptest! {
        #[test]
        fn the_plain_path_reads_jigsaws_titles_and_solutions_as_in_full(text in plain_shapes()) {
            let full = from_json_in_full(&text);
            proptest::prop_assert_eq!(&from_json(&text), &full, "{}", text);
            // The plain path takes every valid line of these shapes.
            if full.is_ok() {
                proptest::prop_assert!(from_plain(&text).is_some(), "{}", text);
            }
        }
    }

    const EMPTY4: &str =
        r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;

    fn with(extra: &str) -> String {
        format!("{EMPTY4}{extra}}}")
    }

    #[test]
    fn links_and_load_strings_read_as_their_json() {
        let json = with("");
        let load = lz_str::compress_to_base64(&json);
        let direct = parse(&json).unwrap();
        assert_eq!(parse(&load).unwrap(), direct);
        let link = format!("https://www.f-puzzles.com/?load={load}");
        assert_eq!(parse(&link).unwrap(), direct);
        assert!(looks_like(&load) && looks_like(&link));
        assert_eq!(
            parse("https://www.f-puzzles.com/?load=N4Igzg").unwrap_err(),
            FpuzzlesError::Link
        );
    }

    #[test]
    fn errors_name_the_place() {
        let cases = [
            (r#"{"size":4,"grid":[["#.to_owned(), "invalid JSON"),
            (r#"{"grid":[]}"#.to_owned(), "missing field \"size\""),
            (r#"{"size":"9"}"#.to_owned(), "size should be a whole number from 1"),
            (with(r#","killercage":[{"cells":["R5C1"],"value":"3"}]"#), "cage 1 names cell R5C1, off the 4x4 board"),
            (with(r#","killercage":[{"cells":["R1C1","R1C1"],"value":"3"}]"#), "cage 1 names cell R1C1 twice"),
            (with(r#","killercage":[{"cells":["R1C1","R1C2"],"value":"9"}]"#), "cannot sum to 9"),
            (with(r#","killercage":[{"cells":["X1"],"value":"3"}]"#), "killercage 1 names cell \"X1\""),
            (with(r#","columnindexer":[{"cells":["R1C1"]}]"#), "unsupported constraint \"columnindexer\""),
            (with(r#","thermometer":[{"lines":[["R1C1","R1C2","R1C1"]]}]"#), "thermometer 1 passes through R1C1 twice"),
            (with(r#","littlekillersum":[{"cell":"R2C2","direction":"DR","value":"5"}]"#), "little killer 1 has its clue at R2C2, not outside the 4x4 board"),
            (with(r#","arrow":[{"cells":[],"lines":[["R1C1","R1C2"]]}]"#), "arrow 1 has no circle"),
            (with(r#","quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[7]}]"#), "quadruple 1 lists value 7, out of 1 to 4"),
            (with(r#","antiknight":"yes""#), "antiknight should be true or false"),
            (r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#.to_owned(), "grid has 3 entries, expected 4"),
            (r#"{"size":4,"grid":[[{"value":5},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#.to_owned(), "value 5 at R1C1 is out of range"),
            (r#"{"size":4,"grid":[[{"value":1},{"value":1},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#.to_owned(), "the givens break a rule"),
        ];
        for (text, expected) in cases {
            let err = parse(&text).unwrap_err().to_string();
            assert!(err.contains(expected), "{text}: {err}");
        }
    }

    #[test]
    fn boxes_f_puzzles_does_not_draw_go_as_regions() {
        // The regions of a layout's boxes or regions, sorted.
        let regions = |r: &Rules| {
            let houses = r.geometry().houses().iter();
            let mut out: Vec<Vec<u32>> = houses
                .filter(|h| {
                    matches!(
                        h.kind(),
                        crate::model::House::Box | crate::model::House::Region
                    )
                })
                .map(|h| h.cells().to_vec())
                .collect();
            out.sort();
            out
        };
        let tall = Rules::boxes(3, 2).unwrap();
        let json = to_json(&Puzzle::new(tall.clone()));
        assert!(json.contains("region"), "{json}");
        assert_eq!(
            regions(parse(&json).unwrap().puzzle.rules()),
            regions(&tall)
        );
        let drawn = to_json(&Puzzle::new(Rules::boxes(2, 3).unwrap()));
        assert!(!drawn.contains("region"), "{drawn}");
    }

    #[test]
    fn jigsaw_regions_are_checked() {
        let cell = |k: usize| format!(r#"{{"region":{k}}}"#);
        let row = |ks: [usize; 4]| format!("[{}]", ks.map(cell).join(","));
        let grid =
            |rows: [[usize; 4]; 4]| format!(r#"{{"size":4,"grid":[{}]}}"#, rows.map(row).join(","));
        let ok = grid([[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 3, 2, 3]]);
        assert!(parse(&ok).is_ok());
        let bad = grid([[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 3, 3, 3]]);
        assert_eq!(
            parse(&bad).unwrap_err().to_string(),
            "region 2 has 3 cells, expected 4"
        );
        let missing = ok.replacen(r#"{"region":3}"#, "{}", 1);
        assert_eq!(
            parse(&missing).unwrap_err().to_string(),
            "cell R3C3 is in no region"
        );
    }
}
