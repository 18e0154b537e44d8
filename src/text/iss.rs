//! The Interactive Sudoku Solver's text: its constraint strings, page links and killer codes, read and written.
//!
//! The Interactive Sudoku Solver (ISS) states a puzzle as a string of
//! constraints, each a `.`, a type and its arguments after `~`:
//! `.Shape~6x6.Cage~10~R1C1~R1C2.AntiKnight.~R1C1_5~R2C3_1`. The type
//! `Shape` sets the grid (`9x9` unless stated); the empty type holds givens
//! (`R1C1_5`: 5 in the top left cell). Cells are named `R{row}C{col}`, from
//! 1, rows and columns past 9 as the letters `a` to `g` (`RaCg` is row 10,
//! column 16). White space is ignored, lines that start with `#` are
//! comments, and parts split by a blank line are read one by one and
//! merged, as ISS reads them. ISS's page shares a puzzle as a link with
//! that text in its `q` parameter
//! (`https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Cage~3~R1C1~R1C2`);
//! [`parse`] reads the link as its text.
//!
//! ```
//! use ndoku::text::iss;
//!
//! let puzzle = iss::parse(".Shape~4x4.Diagonal~1.Cage~3~R1C1~R1C2.~R4C4_4")?;
//! assert_eq!((puzzle.size(), puzzle.get(3, 3)), (4, Some(4)));
//! let text = iss::to_text(&puzzle)?;
//! assert_eq!(iss::parse(&text)?, puzzle); // what is written reads back the same
//! # Ok::<(), iss::IssError>(())
//! ```
//!
//! Two more forms ISS reads are read here: its short killer code, 81
//! characters that give each 9×9 cell either an arrow to the next cell of
//! its cage (`<`, `>`, `^`, `v`, and `` ` ``, `'`, `,`, `.` diagonally) or
//! the cage's sum (`0`-`9`, `A`-`Z` for 10-35, `a`-`j` for 36-45), as ISS's
//! TAREK_ALL collection is written; and SudoCue's long killer format
//! (`3x3::k:` and 81 numbers, each a cage's sum times 256 plus its number;
//! `3x3:d:k:` adds both diagonals). A section that is a classic puzzle line
//! or grid gives the givens, as in ISS.
//!
//! Read: `Shape` (N×N grids, values 1 to N or 0 to N-1), givens (a list of every odd
//! or every even value: an odd or even cell), `Jigsaw`, `NoBoxes`,
//! `RegionSize` (when it is N), `Diagonal`, `Windoku`, `DisjointSets`,
//! `AntiKnight`, `AntiKing`, `AllDifferent`, `Cage` (a sum of 0 or none is
//! no sum), `And` outside an `Or`, `Replicate` outside an `Or` (copied out
//! when read, written back so), and the variant types of
//! [`Constraint`]: `Thermo`, `Arrow`, `PillArrow`,
//! `DoubleArrow`, `WhiteDot`, `BlackDot`, `X`, `V`, `GreaterThan`,
//! `StrictKropki`, `StrictXV`, `AntiConsecutive`, `LittleKiller`,
//! `Sandwich`, `XSum`, `Skyscraper`, `Renban`, `Whisper`, `Palindrome`,
//! `Between`, `RegionSumLine`, `Zipper`, `Entropic`, `Modular`, `Lockout`,
//! `Quad`, `Sum`, `SumLine`, `Lunchbox`, `Indexing`, `CountingCircles`,
//! `LookAndSay` and `SameValues`. A type ISS has and ndoku does not
//! is an [`IssError::Unsupported`] that names it and its place
//! (`unsupported constraint "NFA" at column 12`): passing a rule over
//! would answer a different puzzle.
//!
//! Values from 0 (`.Shape~9x9~0-8`): the solver holds 1 to N, a value u as
//! u + 1, and the puzzle writes its values from 0 ([`Puzzle::first_value`]):
//! its solutions print 0 to N-1 and [`to_text`] writes `~0-8` back. Each
//! constraint is read in the form that keeps its 0-based meaning (a cage of
//! k cells summing to S holds S + k; `docs/formats.md` lists them); one with no
//! exact form is an [`IssError::UnsupportedFromZero`] that names it
//! (`unsupported constraint "Sandwich" with values from 0 at column 16`).
//!
//! ```
//! use ndoku::text::iss;
//!
//! // Values 0 to 3; a cage of two cells summing to 1 holds 0 and 1.
//! let puzzle = iss::parse(".Shape~4x4~0-3.Cage~1~R1C1~R1C2.~R1C1_1~R2C1_3")?;
//! let solution = puzzle.solve().expect("a solution");
//! assert!(solution.to_string().starts_with("10"));
//! assert!(iss::to_text(&puzzle)?.starts_with(".Shape~4x4~0-3.Cage~1~R1C1~R1C2"));
//! # Ok::<(), iss::IssError>(())
//! ```

use std::sync::Arc;

use crate::error::{House, RulesError, Violation};
use crate::model::constraint::{Constraint, NegativeRule};
use crate::model::puzzle::Puzzle;
use crate::model::rules::{ChessRule, Rules};
use crate::text::iss_constraints::{self, Problem, cell_id, parse_cell};

/// The largest side an ISS grid has: 16.
pub const MAX_SIZE: usize = 16;

/// Where ISS's page lives; [`to_link`] puts the text after it.
const PAGE: &str = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=";

/// Every constraint type ISS has, to tell one ndoku lacks
/// ([`IssError::Unsupported`]) from a word that is no type at all
/// ([`IssError::Unknown`]).
const TYPES: &[&str] = &[
    "Container",
    "Or",
    "And",
    "Replicate",
    "End",
    "Jigsaw",
    "Thermo",
    "Whisper",
    "Renban",
    "Modular",
    "Entropic",
    "RegionSumLine",
    "Between",
    "Lockout",
    "Palindrome",
    "Zipper",
    "SumLine",
    "Regex",
    "NFA",
    "NoBoxes",
    "ChaosConstruction",
    "ChaosArrow",
    "ChaosCount",
    "RegionSize",
    "RegionSameValues",
    "StrictKropki",
    "StrictXV",
    "Shape",
    "Windoku",
    "DisjointSets",
    "AntiKnight",
    "Doppelganger",
    "AntiKing",
    "AntiTaxicab",
    "AntiConsecutive",
    "GlobalEntropy",
    "GlobalMod",
    "FullRankTies",
    "DutchFlatmates",
    "Diagonal",
    "WhiteDot",
    "BlackDot",
    "GreaterThan",
    "X",
    "ValueIndexing",
    "V",
    "Arrow",
    "DoubleArrow",
    "PillArrow",
    "Cage",
    "RellikCage",
    "EqualityCage",
    "Sum",
    "LittleKiller",
    "XSum",
    "Sandwich",
    "Lunchbox",
    "Skyscraper",
    "HiddenSkyscraper",
    "NumberedRoom",
    "FullRank",
    "AllDifferent",
    "ContainAtLeast",
    "ContainExact",
    "LookAndSay",
    "ConnectedValues",
    "SameValues",
    "EqualSum",
    "Quad",
    "Binary",
    "BinaryX",
    "Pair",
    "PairX",
    "Indexing",
    "CountingCircles",
    "CountDistinct",
    "Given",
    "SearchPriority",
    "Var",
];

/// A place in the text: its line and column, both from 1, counted in
/// characters. In a link, the place in the text the link carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 1 {
            write!(f, "column {}", self.column)
        } else {
            write!(f, "line {}, column {}", self.line, self.column)
        }
    }
}

/// Text that is not an ISS puzzle ndoku can solve, or a puzzle ISS text
/// cannot state, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IssError {
    /// No constraint and no puzzle at all.
    #[error("no constraints: the text is empty")]
    Empty,
    /// A constraint type ISS has and ndoku does not.
    #[error("unsupported constraint {name:?} at {at}")]
    Unsupported {
        /// The type as written: `NFA`, `Or`.
        name: String,
        /// Where it starts (its `.`).
        at: Place,
    },
    /// A constraint type ndoku reads with values from 1 whose meaning with
    /// values from 0 has no exact form in ndoku's rules (an arrow of
    /// several line cells, a sandwich).
    #[error("unsupported constraint {name:?} with values from 0 at {at}")]
    UnsupportedFromZero {
        /// The type as written: `Arrow`, `Sandwich`.
        name: String,
        /// Where it starts (its `.`).
        at: Place,
    },
    /// A type ISS does not have either.
    #[error("unknown constraint type {name:?} at {at}")]
    Unknown {
        /// The word as written.
        name: String,
        /// Where it starts (its `.`).
        at: Place,
    },
    /// A grid ndoku does not hold: not square, or values other than 1 to N
    /// or 0 to N-1.
    #[error(
        "unsupported shape {spec:?} at {at}: ndoku holds N×N grids with values 1 to N or 0 to N-1"
    )]
    UnsupportedShape {
        /// The shape as written: `6x9`, `7x7~9`.
        spec: String,
        /// Where the `Shape` starts.
        at: Place,
    },
    /// An argument of the wrong form: a cell name, a sum, a direction.
    #[error("{constraint} at {at}: {found:?} should be {expected}")]
    Argument {
        /// The constraint type: `Cage`, `Diagonal`, or `Given` for givens.
        constraint: String,
        /// Where the constraint starts.
        at: Place,
        /// The argument as written.
        found: String,
        /// What it should be: `a cell such as R1C1`, `1 or -1`.
        expected: &'static str,
    },
    /// A cell name off the board.
    #[error("{constraint} at {at} names cell {found}, off the {size}x{size} board")]
    OffBoard {
        /// The constraint type.
        constraint: String,
        /// Where the constraint starts.
        at: Place,
        /// The cell as written.
        found: String,
        /// The side of the board.
        size: usize,
    },
    /// Text that is none of the forms ISS reads: no `.` to start its first
    /// constraint, and no killer code or puzzle line either.
    #[error("{found:?} at {at} is no ISS constraint: constraints start with \".\"")]
    NoDot {
        /// The start of the text, up to 20 characters.
        found: String,
        /// Where it is.
        at: Place,
    },
    /// An `.End` with no `.Or` or `.And` open, or one of those never closed.
    #[error("{what} at {at}")]
    Nesting {
        /// `.End closes nothing`, `.Or is never closed by .End`.
        what: &'static str,
        /// Where.
        at: Place,
    },
    /// A killer code whose arrows do not make cages.
    #[error("killer code: {problem} at R{}C{}", .row + 1, .col + 1)]
    KillerCode {
        /// What is wrong: `the arrow points off the board`, `the arrows go round in a loop`.
        problem: &'static str,
        /// 0-based row of the cell.
        row: usize,
        /// 0-based column of the cell.
        col: usize,
    },
    /// A cell given two different values.
    #[error("cell R{}C{} is given both {first} and {second}", .row + 1, .col + 1)]
    GivenTwice {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The first value.
        first: u16,
        /// The other value.
        second: u16,
    },
    /// Rules that cannot hold, from the constraint at a place: a region of
    /// the wrong size, a cage no values can fill.
    #[error("{constraint} at {at}: {source}")]
    Rules {
        /// The constraint type.
        constraint: String,
        /// Where it starts.
        at: Place,
        /// What is wrong.
        source: RulesError,
    },
    /// A puzzle line or grid in the text that does not read.
    #[error("the puzzle at {at} does not read: {source}")]
    Classic {
        /// Where its section starts.
        at: Place,
        /// What is wrong.
        source: crate::error::ParseError,
    },
    /// Givens that break a rule.
    #[error("the givens break a rule: {0}")]
    Givens(Violation),
    /// A constraint of the puzzle that ISS has no type for.
    #[error("ISS has no constraint for a {what}")]
    Unwritable {
        /// The constraint's kind: `slow thermometer`.
        what: &'static str,
    },
    /// A puzzle too large for ISS, which holds grids up to 16×16.
    #[error("ISS holds grids up to 16x16, not {size}x{size}")]
    TooLarge {
        /// The side of the board.
        size: usize,
    },
}

/// One constraint as written: its type, its arguments, and where it starts.
#[derive(Clone, Debug)]
struct Item {
    name: String,
    args: Vec<String>,
    at: Place,
    /// Givens from a puzzle line or pencilmark grid, whose values run from 1.
    from_line: bool,
    /// A `Replicate`'s constraints, up to its `.End`.
    children: Vec<Item>,
    /// Why a `Replicate` could not be copied out, told when it is reached.
    deferred: Option<IssError>,
}

impl Item {
    fn new(name: &str, args: Vec<String>, at: Place) -> Self {
        Self {
            name: name.to_owned(),
            args,
            at,
            from_line: false,
            children: Vec::new(),
            deferred: None,
        }
    }

    fn argument(&self, found: &str, expected: &'static str) -> IssError {
        IssError::Argument {
            constraint: self.display_name().to_owned(),
            at: self.at,
            found: found.to_owned(),
            expected,
        }
    }

    fn unsupported(&self) -> IssError {
        IssError::Unsupported {
            name: self.display_name().to_owned(),
            at: self.at,
        }
    }

    fn unsupported_from_zero(&self) -> IssError {
        IssError::UnsupportedFromZero {
            name: self.display_name().to_owned(),
            at: self.at,
        }
    }

    /// The type as messages name it: `Given` for the empty type.
    fn display_name(&self) -> &str {
        if self.name.is_empty() {
            "Given"
        } else {
            &self.name
        }
    }
}

/// Whether `text` looks like ISS input rather than a classic puzzle or
/// f-puzzles: constraint text (a `.` then a type, or any `~`), a link with
/// a `q` parameter, a short killer code, SudoCue's long killer format, or a
/// pencilmark grid of a side up to 9 with each cell's values in their places
/// (`12.......` a cell). A classic line that starts with an empty cell
/// (`.3.4…`) is not taken.
///
/// ```
/// use ndoku::text::iss;
///
/// assert!(iss::looks_like(".Cage~3~R1C1~R1C2"));
/// assert!(iss::looks_like(".AntiKnight"));
/// assert!(!iss::looks_like(".2.4...."));
/// assert!(iss::looks_like(&format!("5<<{}", "^".repeat(78))));
/// assert!(iss::looks_like(&"1.3456789".repeat(81)));
/// assert!(iss::looks_like(&".2.456789".repeat(81)));
/// assert!(!iss::looks_like(&"3.1456789".repeat(81)));
/// ```
#[must_use]
pub fn looks_like(text: &str) -> bool {
    let t = text.trim_start();
    if t.starts_with("http") {
        return query(t).is_some();
    }
    if is_pencilmark_line(t.trim_end()) {
        return true;
    }
    if let Some(rest) = t.strip_prefix('.') {
        if t.contains('~') {
            return true;
        }
        let word: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        return word.len() > 1 && TYPES.contains(&word.as_str());
    }
    t.starts_with("3x3:") || is_killer_code(t.trim_end())
}

/// Whether `text` is a short killer code: 81 characters of cage sums and
/// arrows, with at least one arrow (a classic line has none).
#[must_use]
pub fn is_killer_code(text: &str) -> bool {
    text.len() == 81
        && text.bytes().any(|b| b"<v>^`',".contains(&b))
        && text.bytes().all(|b| {
            b.is_ascii_digit() || b.is_ascii_uppercase() || b"abcdefghij<v>^`',.".contains(&b)
        })
}

/// The text of a link's `q` parameter, decoded; `None` when it has none.
fn query(link: &str) -> Option<String> {
    let at = link.find("?q=").or_else(|| link.find("&q="))? + 3;
    let raw = &link[at..];
    let raw = &raw[..raw.find(['&', '#']).unwrap_or(raw.len())];
    Some(percent_decode(raw))
}

/// `%XX` escapes decoded, and `+` as a space, as a query value is written.
fn percent_decode(raw: &str) -> String {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads ISS text: constraint text, a page link, a short killer code, or
/// SudoCue's long killer format.
///
/// # Errors
///
/// An [`IssError`] naming what is wrong and where: a type ndoku does not
/// support, an argument of the wrong form, rules that cannot hold, givens
/// that break them.
pub fn parse(text: &str) -> Result<Puzzle, IssError> {
    let trimmed = text.trim();
    let decoded;
    let text = if trimmed.starts_with("http") {
        decoded = query(trimmed).ok_or(IssError::NoDot {
            found: trimmed.chars().take(20).collect(),
            at: Place { line: 1, column: 1 },
        })?;
        decoded.as_str()
    } else {
        text
    };
    let items = items(text)?;
    if items.is_empty() {
        return Err(IssError::Empty);
    }
    build(&items)
}

/// A puzzle's ISS text: its shape (unless 9×9), layout, extra houses,
/// chess rules, cages and givens, which [`parse`] reads back as the same
/// puzzle. ISS names its layouts alike whatever the order of cells, so a
/// jigsaw reads back with its regions in ISS's order. A puzzle with values
/// from 0 ([`Puzzle::first_value`]) is written with them: `.Shape~9x9~0-8`,
/// givens and sums in 0-based terms.
///
/// # Errors
///
/// [`IssError::TooLarge`] for a board past 16×16, which ISS cannot hold;
/// [`IssError::Unwritable`] for a constraint ISS has no type for (with
/// values from 0, one whose 0-based meaning no type states).
pub fn to_text(puzzle: &Puzzle) -> Result<String, IssError> {
    let rules = puzzle.rules();
    let n = rules.size();
    if n > MAX_SIZE {
        return Err(IssError::TooLarge { size: n });
    }
    let zero = puzzle.first_value() == 0;
    // The solver's value v is written as v - shift.
    let shift = u64::from(zero);
    let mut out = String::new();
    if zero {
        out.push_str(&format!(".Shape~{n}x{n}~0-{}", n - 1));
    } else if n != 9 {
        out.push_str(&format!(".Shape~{n}x{n}"));
    }
    let g = rules.geometry();
    let default = Rules::classic(n).ok();
    let default_shape = default.as_ref().and_then(|r| r.geometry().box_shape());
    let mut skip: Vec<Vec<u32>> = Vec::new();
    match g.box_shape() {
        shape if shape == default_shape => {}
        Some((1, w)) if w == n => out.push_str(".NoBoxes"),
        _ => {
            out.push_str(".NoBoxes.Jigsaw~");
            let map = g.region_map();
            // Regions numbered as they first appear, as ISS writes them.
            let mut names: Vec<usize> = Vec::new();
            for &r in &map {
                let k = names.iter().position(|&x| x == r).unwrap_or_else(|| {
                    names.push(r);
                    names.len() - 1
                });
                out.push(char::from_digit(k as u32, 36).unwrap_or('?'));
            }
        }
    }
    // Windows and disjoint groups go by name when all of theirs are there.
    let extras: Vec<&[u32]> = g
        .houses()
        .iter()
        .filter(|h| h.kind() == House::Extra)
        .map(|h| h.cells())
        .collect();
    let layout = || Rules::from_geometry(g.clone());
    let base = g.houses().len();
    for (name, set) in [
        ("Windoku", layout().with_windows().ok()),
        ("DisjointSets", layout().with_disjoint_groups().ok()),
    ] {
        let Some(set) = set else { continue };
        let houses: Vec<Vec<u32>> = set.geometry().houses()[base..]
            .iter()
            .map(|h| h.cells().to_vec())
            .collect();
        if !houses.is_empty() && houses.iter().all(|h| extras.contains(&h.as_slice())) {
            out.push('.');
            out.push_str(name);
            skip.extend(houses);
        }
    }
    let main: Vec<u32> = (0..n).map(|i| (i * n + i) as u32).collect();
    let anti: Vec<u32> = (0..n).map(|i| ((n - 1 - i) * n + i) as u32).collect();
    for h in g.houses() {
        match h.kind() {
            House::Diagonal if h.cells() == main => out.push_str(".Diagonal~-1"),
            House::Diagonal if h.cells() == anti => out.push_str(".Diagonal~1"),
            House::Diagonal | House::Extra => {
                if let Some(i) = skip.iter().position(|s| s.as_slice() == h.cells()) {
                    skip.swap_remove(i);
                    continue;
                }
                out.push_str(".AllDifferent");
                for &c in h.cells() {
                    out.push('~');
                    out.push_str(&cell_id(c as usize, n));
                }
            }
            _ => {}
        }
    }
    for rule in rules.chess() {
        out.push_str(match rule {
            ChessRule::AntiKnight => ".AntiKnight",
            ChessRule::AntiKing => ".AntiKing",
        });
    }
    for cage in rules.cages() {
        out.push_str(".Cage~");
        if let Some(sum) = cage.sum() {
            let k = cage.cells().len() as u64;
            // A 0-based sum of 0 would read back as no sum.
            match sum.checked_sub(shift * k).filter(|&s| s > 0) {
                Some(s) => out.push_str(&s.to_string()),
                None => {
                    return Err(IssError::Unwritable {
                        what: "cage summing to 0",
                    });
                }
            }
        }
        for &c in cage.cells() {
            out.push('~');
            out.push_str(&cell_id(c as usize, n));
        }
    }
    let negative = |rule| rules.constraints().contains(&Constraint::Negative { rule });
    let kropki = negative(NegativeRule::White) && negative(NegativeRule::Black);
    if kropki && !zero {
        out.push_str(".StrictKropki");
    }
    // With values from 0, negative rules are tables on every unmarked
    // pair: written once, by name.
    let strict = |xv| iss_constraints::strict_pairs(n, xv);
    let (mut strict_kropki, mut strict_xv) = (false, false);
    for c in rules.constraints() {
        if kropki
            && !zero
            && matches!(c, Constraint::Negative { rule } if rule != &NegativeRule::Xv)
        {
            continue;
        }
        if zero && let Constraint::Relation { pairs, .. } = c {
            let seen = if *pairs == strict(false) {
                Some((&mut strict_kropki, ".StrictKropki"))
            } else if *pairs == strict(true) {
                Some((&mut strict_xv, ".StrictXV"))
            } else {
                None
            };
            if let Some((seen, name)) = seen {
                if !*seen {
                    out.push_str(name);
                    *seen = true;
                }
                continue;
            }
        }
        if zero
            && let Constraint::RegionSumLine { cells } = c
            && !even_pieces(cells, rules)
        {
            return Err(IssError::Unwritable {
                what: "region-sum line of pieces of several lengths with values from 0",
            });
        }
        out.push_str(
            &iss_constraints::write(c, n, zero).map_err(|what| IssError::Unwritable { what })?,
        );
    }
    let givens: Vec<String> = (0..n * n)
        .filter_map(|i| {
            let v = puzzle.cells()[i];
            (v != 0).then(|| format!("{}_{}", cell_id(i, n), u64::from(v) - shift))
        })
        .collect();
    if !givens.is_empty() {
        out.push_str(".~");
        out.push_str(&givens.join("~"));
    }
    if out.is_empty() {
        out.push('.');
    }
    Ok(out)
}

/// A link to ISS's page with the puzzle's [`to_text`], which [`parse`]
/// reads back.
///
/// ```
/// use ndoku::{Puzzle, text::iss};
///
/// let puzzle = Puzzle::parse_classic("1...............")?;
/// let link = iss::to_link(&puzzle)?;
/// assert!(link.starts_with("https://sigh.github.io/Interactive-Sudoku-Solver/?q="));
/// assert_eq!(iss::parse(&link)?, puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`to_text`].
pub fn to_link(puzzle: &Puzzle) -> Result<String, IssError> {
    let text = to_text(puzzle)?;
    let mut out = String::from(PAGE);
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"._-".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    Ok(out)
}

/// The constraints of the text, sections read one by one, `.End` matched
/// to its `.Or` or `.And`, `And` outside an `Or` read as its parts.
fn items(text: &str) -> Result<Vec<Item>, IssError> {
    let mut out = Vec::new();
    for section in sections(text) {
        let Some(&(_, start)) = section.first() else {
            continue;
        };
        let flat: String = section.iter().map(|&(c, _)| c).collect();
        // A section that starts with `.` is constraints, unless it is a
        // puzzle line that starts with an empty cell, as in ISS.
        let line = flat.len() >= 16 && flat.len().isqrt().pow(2) == flat.len();
        if is_pencilmarks(&flat) {
            out.extend(pencilmarks(&flat, start));
        } else if flat.starts_with('.') && (looks_like(&flat) || !line) {
            dot_items(&section, &mut out)?;
        } else if is_killer_code(&flat) {
            out.extend(killer_code(&flat, start)?);
        } else if flat.starts_with("3x3:") {
            out.extend(long_killer(&flat, start)?);
        } else {
            out.extend(classic(text, &section, start)?);
        }
    }
    Ok(out)
}

/// A pencilmark grid as ISS reads it: its shape, and each cell's values
/// (the digits of its N characters) as a given, but where it has all N.
fn pencilmarks(flat: &str, at: Place) -> Vec<Item> {
    let n = (1..=MAX_SIZE)
        .find(|&n| n * n * n == flat.len())
        .unwrap_or(0);
    let mut givens = Vec::new();
    for (i, marks) in flat.as_bytes().chunks(n.max(1)).enumerate() {
        let values: Vec<String> = marks
            .iter()
            .filter(|&&b| b != b'.')
            .map(|&b| char::from(b).to_string())
            .collect();
        if values.len() < n {
            givens.push(format!("{}_{}", cell_id(i, n), values.join("_")));
        }
    }
    let mut givens = Item::new("", givens, at);
    givens.from_line = true;
    vec![Item::new("Shape", vec![format!("{n}x{n}")], at), givens]
}

/// Whether a line is a pencilmark grid of a side up to 9 as ISS and Sukaku
/// Explainer write it, each cell's values in their places (`1.3......`),
/// told from a classic line of as many cells (729 is also 27×27).
fn is_pencilmark_line(text: &str) -> bool {
    let Some(n) = (2..=9).find(|&n| n * n * n == text.len()) else {
        return false;
    };
    text.as_bytes().chunks(n).all(|cell| {
        cell.iter()
            .enumerate()
            .all(|(k, &b)| b == b'.' || b == b'1' + k as u8)
    })
}

/// Whether a section is ISS's pencilmark format: N³ digits and dots, a
/// candidate list per cell, for N up to 16. As in ISS, a length that is
/// also a puzzle line's (64: 8×8) is a puzzle line.
fn is_pencilmarks(flat: &str) -> bool {
    let len = flat.len();
    (2..=MAX_SIZE).any(|n| len == n * n * n)
        && !(1..=MAX_SIZE).any(|n| len == n * n)
        && flat.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

/// The sections of the text: runs of lines split by blank lines, comment
/// lines (`#` first) left out, each as its characters other than white
/// space, with their places.
fn sections(text: &str) -> Vec<Vec<(char, Place)>> {
    let mut out = vec![Vec::new()];
    for (l, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            if out.last().is_some_and(|s: &Vec<_>| !s.is_empty()) {
                out.push(Vec::new());
            }
            continue;
        }
        let last = out.last_mut().expect("one section at least");
        for (k, c) in line.chars().enumerate() {
            if !c.is_whitespace() {
                last.push((
                    c,
                    Place {
                        line: l + 1,
                        column: k + 1,
                    },
                ));
            }
        }
    }
    out.retain(|s| !s.is_empty());
    out
}

/// The constraints of a section of dot text.
fn dot_items(section: &[(char, Place)], out: &mut Vec<Item>) -> Result<(), IssError> {
    // Open composites: whether each is an `Or` (whose parts are
    // alternatives), and where it starts; an open `Replicate` gathers what
    // follows as its children.
    let mut open: Vec<(bool, Place)> = Vec::new();
    let mut replicates: Vec<(usize, Item)> = Vec::new();
    let place =
        |item: Item, out: &mut Vec<Item>, replicates: &mut Vec<(usize, Item)>| match replicates
            .last_mut()
        {
            Some((_, r)) => r.children.push(item),
            None => out.push(item),
        };
    let starts: Vec<usize> = section
        .iter()
        .enumerate()
        .filter(|(_, (c, _))| *c == '.')
        .map(|(i, _)| i)
        .collect();
    for (k, &s) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(section.len());
        let at = section[s].1;
        let body: String = section[s + 1..end].iter().map(|&(c, _)| c).collect();
        let mut parts = body.split('~');
        let name = parts.next().unwrap_or_default();
        let args: Vec<String> = parts.map(str::to_owned).collect();
        match name {
            "End" => {
                if open.pop().is_none() {
                    return Err(IssError::Nesting {
                        what: ".End closes nothing",
                        at,
                    });
                }
                if replicates
                    .last()
                    .is_some_and(|&(depth, _)| depth == open.len())
                {
                    let (_, item) = replicates.pop().expect("an open replicate");
                    place(item, out, &mut replicates);
                }
            }
            "And" if open.iter().all(|&(or, _)| !or) => open.push((false, at)),
            "Replicate" if open.iter().all(|&(or, _)| !or) => {
                replicates.push((open.len(), Item::new(name, args, at)));
                open.push((false, at));
            }
            "Or" | "And" | "Replicate" => {
                return Err(Item::new(name, args, at).unsupported());
            }
            _ => place(Item::new(name, args, at), out, &mut replicates),
        }
    }
    if let Some(&(_, at)) = open.last() {
        let replicate = replicates
            .last()
            .is_some_and(|&(depth, _)| depth + 1 == open.len());
        let what = if replicate {
            ".Replicate is never closed by .End"
        } else {
            ".And is never closed by .End"
        };
        return Err(IssError::Nesting { what, at });
    }
    Ok(())
}

/// The cages of a short killer code, as `Cage` constraints.
fn killer_code(code: &str, at: Place) -> Result<Vec<Item>, IssError> {
    let code = code.as_bytes();
    let next = |i: usize| -> Result<Option<usize>, IssError> {
        let (r, c) = ((i / 9) as isize, (i % 9) as isize);
        let (dr, dc) = match code[i] {
            b'v' => (1, 0),
            b'^' => (-1, 0),
            b'<' => (0, -1),
            b'>' => (0, 1),
            b'`' => (-1, -1),
            b'\'' => (-1, 1),
            b',' => (1, -1),
            b'.' => (1, 1),
            _ => return Ok(None),
        };
        let (rr, cc) = (r + dr, c + dc);
        if !(0..9).contains(&rr) || !(0..9).contains(&cc) {
            return Err(IssError::KillerCode {
                problem: "the arrow points off the board",
                row: i / 9,
                col: i % 9,
            });
        }
        Ok(Some((rr * 9 + cc) as usize))
    };
    // Each cell's cage: the cell its arrows lead to.
    let mut root = vec![0usize; 81];
    for (i, slot) in root.iter_mut().enumerate() {
        let (mut cell, mut steps) = (i, 0);
        while let Some(to) = next(cell)? {
            cell = to;
            steps += 1;
            if steps > 81 {
                return Err(IssError::KillerCode {
                    problem: "the arrows go round in a loop",
                    row: i / 9,
                    col: i % 9,
                });
            }
        }
        *slot = cell;
    }
    let mut out: Vec<(usize, Item)> = Vec::new();
    for (i, &r) in root.iter().enumerate() {
        let sum = match code[r] {
            b @ b'0'..=b'9' => u64::from(b - b'0'),
            b @ b'A'..=b'Z' => u64::from(b - b'A') + 10,
            b @ b'a'..=b'j' => u64::from(b - b'a') + 36,
            _ => continue,
        };
        let cell = cell_id(i, 9);
        match out.iter_mut().find(|(k, _)| *k == r) {
            Some((_, item)) => item.args.push(cell),
            None => out.push((r, Item::new("Cage", vec![sum.to_string(), cell], at))),
        }
    }
    Ok(out.into_iter().map(|(_, item)| item).collect())
}

/// The constraints of SudoCue's long killer format: `3x3:` (`d` for both
/// diagonals) `:k:` and 81 numbers, each a cage's sum × 256 plus its
/// number (a sum of 0: no cage).
fn long_killer(text: &str, at: Place) -> Result<Vec<Item>, IssError> {
    let parts: Vec<&str> = text.split(':').collect();
    let bad = |found: &str, expected| IssError::Argument {
        constraint: "long killer format".into(),
        at,
        found: found.chars().take(20).collect(),
        expected,
    };
    if parts.len() < 84 || parts[2] != "k" || parts[84..].iter().any(|p| !p.is_empty()) {
        return Err(bad(text, "3x3::k: and 81 numbers, each ended by `:`"));
    }
    let mut out = Vec::new();
    if parts[1] == "d" {
        out.push(Item::new("Diagonal", vec!["1".into()], at));
        out.push(Item::new("Diagonal", vec!["-1".into()], at));
    }
    let mut cages: Vec<(u64, Item)> = Vec::new();
    for (i, part) in parts[3..84].iter().enumerate() {
        let v: u64 = part.parse().map_err(|_| bad(part, "a whole number"))?;
        let (id, sum) = (v % 256, v / 256);
        if sum == 0 {
            continue;
        }
        let cell = cell_id(i, 9);
        match cages.iter_mut().find(|(k, _)| *k == id) {
            Some((_, item)) => item.args.push(cell),
            None => cages.push((id, Item::new("Cage", vec![sum.to_string(), cell], at))),
        }
    }
    out.extend(cages.into_iter().map(|(_, item)| item));
    Ok(out)
}

/// The givens of a section that is a classic puzzle, with its shape.
fn classic(text: &str, section: &[(char, Place)], at: Place) -> Result<Vec<Item>, IssError> {
    // The section's own lines, as written (a grid keeps its rows).
    let (first, last) = (at.line, section.last().map_or(at.line, |&(_, p)| p.line));
    let lines: Vec<&str> = text
        .lines()
        .skip(first - 1)
        .take(last + 1 - first)
        .filter(|l| !l.starts_with('#'))
        .collect();
    let source = lines.join("\n");
    let flat: String = section.iter().map(|&(c, _)| c).collect();
    if !flat
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '=' | '.'))
    {
        return Err(IssError::NoDot {
            found: flat.chars().take(20).collect(),
            at,
        });
    }
    let source = source.trim().strip_prefix('=').unwrap_or(source.trim());
    let puzzle =
        Puzzle::parse_classic(source).map_err(|source| IssError::Classic { at, source })?;
    let n = puzzle.size();
    let mut out = vec![Item::new("Shape", vec![format!("{n}x{n}")], at)];
    let givens: Vec<String> = (0..n * n)
        .filter(|&i| puzzle.cells()[i] != 0)
        .map(|i| format!("{}_{}", cell_id(i, n), puzzle.cells()[i]))
        .collect();
    let mut givens = Item::new("", givens, at);
    givens.from_line = true;
    out.push(givens);
    Ok(out)
}

/// The side of the grid, the first `Shape`'s (9 without one), and whether
/// its values run from 0 (`~0-8`).
fn shape(items: &[Item]) -> Result<(usize, bool), IssError> {
    let Some(item) = items.iter().find(|i| i.name == "Shape") else {
        return Ok((9, false));
    };
    let spec = item.args.join("~");
    let unsupported = || IssError::UnsupportedShape {
        spec: spec.clone(),
        at: item.at,
    };
    let dims = item.args.first().map_or("", String::as_str);
    let (rows, cols) = dims
        .split_once('x')
        .ok_or_else(|| item.argument(dims, "rows x columns, such as 6x6"))?;
    let number = |t: &str| {
        t.parse::<usize>()
            .ok()
            .filter(|k| (1..=MAX_SIZE).contains(k))
    };
    let (Some(rows), Some(cols)) = (number(rows), number(cols)) else {
        return Err(item.argument(dims, "rows x columns from 1 to 16, such as 6x6"));
    };
    if rows != cols {
        return Err(unsupported());
    }
    let n = rows;
    let zero = match item.args.get(1).map(String::as_str) {
        None | Some("") => false,
        Some(range) if range == n.to_string() || range == format!("1-{n}") => false,
        Some(range) if range == format!("0-{}", n - 1) => true,
        Some(_) => return Err(unsupported()),
    };
    match item.args.get(2).map(String::as_str) {
        None | Some("Sudoku") => Ok((n, zero)),
        Some(_) => Err(unsupported()),
    }
}

/// The items with each `Replicate` copied out: its children once for each
/// target cell, shifted so that its origin (`R1C1` unless given) lands on
/// the target, as ISS expands it. Targets are a bitset in ISS's base 64
/// (bit i: the cell i places past the origin, row by row). One that cannot
/// be copied out (a variable cell, a cell shifted off the board) stays, its
/// error told when it is reached.
fn replicated(items: &[Item], n: usize) -> Vec<Item> {
    let mut out = Vec::new();
    for item in items {
        if item.name != "Replicate" {
            out.push(item.clone());
            continue;
        }
        let children = replicated(&item.children, n);
        match replicate(item, &children, n) {
            Ok(copies) => out.extend(copies),
            Err(e) => {
                let mut kept = item.clone();
                kept.deferred = Some(e);
                out.push(kept);
            }
        }
    }
    out
}

/// The copies of a `Replicate`'s `children` (already copied out) onto its targets.
fn replicate(item: &Item, children: &[Item], n: usize) -> Result<Vec<Item>, IssError> {
    const DIGITS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let origin = item.args.get(1).map_or("R1C1", String::as_str);
    let origin = match parse_cell(origin) {
        Some(Some((r, c))) if r < n && c < n => r * n + c,
        Some(_) => return Err(item.argument(origin, "a cell on the board")),
        None => return Err(item.unsupported()),
    };
    let bits = item.args.first().map_or("", String::as_str);
    let mut targets = Vec::new();
    for (k, b) in bits.bytes().enumerate() {
        let word = DIGITS
            .iter()
            .position(|&d| d == b)
            .ok_or_else(|| item.argument(bits, "a target bitset in ISS's base 64"))?;
        targets.extend(
            (0..6)
                .filter(|i| word >> i & 1 == 1)
                .map(|i| origin + 6 * k + i),
        );
    }
    let (or, oc) = ((origin / n) as i64, (origin % n) as i64);
    let mut out = Vec::new();
    for &t in &targets {
        if t >= n * n {
            return Err(item.argument(bits, "targets on the board"));
        }
        let (dr, dc) = ((t / n) as i64 - or, (t % n) as i64 - oc);
        for child in children {
            let mut copy = child.clone();
            for arg in &mut copy.args {
                // A cell, or a given's cell before its `_`.
                let (head, tail) = arg
                    .split_once('_')
                    .map_or((arg.as_str(), ""), |(h, _)| (h, &arg[h.len()..]));
                let Some(Some((r, c))) = parse_cell(head) else {
                    continue;
                };
                let (r, c) = (r as i64 + dr, c as i64 + dc);
                if !(0..n as i64).contains(&r) || !(0..n as i64).contains(&c) {
                    return Err(item.argument(head, "a cell that stays on the board when copied"));
                }
                *arg = format!("{}{tail}", cell_id(r as usize * n + c as usize, n));
            }
            out.push(copy);
        }
    }
    Ok(out)
}

/// The rules and givens the constraints state.
fn build(items: &[Item]) -> Result<Puzzle, IssError> {
    let (n, zero) = shape(items)?;
    let expanded = replicated(items, n);
    let items = expanded.as_slice();
    let rules_error = |item: &Item| {
        let name = item.display_name().to_owned();
        let at = item.at;
        move |source: RulesError| IssError::Rules {
            constraint: name,
            at,
            source,
        }
    };
    // A side with no boxes in ISS (a prime: ndoku's boxes of 1×N are its
    // rows) takes a jigsaw as its layout, NoBoxes or not: rules that go by
    // boxes (region-sum lines) go by its regions, as in ISS.
    let boxless = Rules::classic(n)
        .ok()
        .and_then(|r| r.geometry().box_shape())
        .is_some_and(|(h, _)| h == 1);
    let no_boxes = boxless || items.iter().any(|i| i.name == "NoBoxes");
    let mut jigsaw: Option<&Item> = None;
    for item in items {
        match item.name.as_str() {
            "RegionSize" => {
                let size = item.args.first().map_or("", String::as_str);
                if size.parse::<usize>().ok() != Some(n) {
                    return Err(item.unsupported());
                }
            }
            "Jigsaw" => jigsaw = Some(item),
            _ => {}
        }
    }
    let mut rules = match (jigsaw.map(|j| jigsaw_map(j, n)).transpose()?, no_boxes) {
        (Some(Some(map)), true) => crate::text::layout::from_regions(n, &map)
            .map_err(rules_error(jigsaw.expect("read")))?,
        (None | Some(None), true) => Rules::boxes(1, n).map_err(rules_error(&items[0]))?,
        (map, false) => {
            let mut rules = Rules::classic(n).map_err(rules_error(&items[0]))?;
            if let (Some(map), Some(item)) = (map.flatten(), jigsaw) {
                for region in 0..n {
                    let cells: Vec<(usize, usize)> = (0..n * n)
                        .filter(|&i| map[i] == region)
                        .map(|i| (i / n, i % n))
                        .collect();
                    rules = rules.with_region(&cells).map_err(rules_error(item))?;
                }
            }
            rules
        }
    };
    let mut givens = vec![0u16; n * n];
    for item in items {
        let cells = || cells(item, &item.args, n);
        rules = match item.name.as_str() {
            "Shape" | "NoBoxes" | "RegionSize" | "Jigsaw" => rules,
            "" | "Given" => {
                if zero && item.from_line {
                    return Err(IssError::UnsupportedFromZero {
                        name: "puzzle line".into(),
                        at: item.at,
                    });
                }
                for arg in &item.args {
                    let (cell, value) = match given(item, arg, n, zero)? {
                        Given::One(cell, value) => (cell, value),
                        Given::Constraint(c) => {
                            rules = rules.with_constraint(c).map_err(rules_error(item))?;
                            continue;
                        }
                    };
                    let old = givens[cell];
                    if old != 0 && old != value {
                        return Err(IssError::GivenTwice {
                            row: cell / n,
                            col: cell % n,
                            first: old,
                            second: value,
                        });
                    }
                    givens[cell] = value;
                }
                rules
            }
            "Cage" => {
                let sum = item.args.first().map_or("", String::as_str);
                let sum = match sum.trim() {
                    "" => None,
                    s => match s.parse::<u64>() {
                        Ok(0) => None,
                        Ok(s) => Some(s),
                        Err(_) => return Err(item.argument(sum, "a whole number")),
                    },
                };
                let cells = self::cells(item, item.args.get(1..).unwrap_or_default(), n)?;
                // With values from 0, k cells sum to k more (0 is still no sum, as in ISS).
                let sum = sum.map(|s| s + u64::from(zero) * cells.len() as u64);
                rules.with_cage(&cells, sum).map_err(rules_error(item))?
            }
            "AllDifferent" => rules.with_region(&cells()?).map_err(rules_error(item))?,
            "Diagonal" => match item.args.first().map(String::as_str) {
                Some("1") => rules.with_diagonal(true),
                Some("-1") => rules.with_diagonal(false),
                found => return Err(item.argument(found.unwrap_or_default(), "1 or -1")),
            },
            // With values from 0, negative rules are tables on the pairs
            // left unmarked, added once every mark is read.
            "StrictKropki" | "StrictXV" if zero => rules,
            "Windoku" => rules.with_windows().map_err(rules_error(item))?,
            "DisjointSets" => rules.with_disjoint_groups().map_err(rules_error(item))?,
            "Replicate" => return Err(item.deferred.clone().unwrap_or_else(|| item.unsupported())),
            "AntiKnight" => rules.with_chess(ChessRule::AntiKnight),
            "AntiKing" => rules.with_chess(ChessRule::AntiKing),
            name if TYPES.contains(&name) => {
                let args = iss_constraints::Args {
                    name,
                    args: &item.args,
                };
                let Some(list) =
                    iss_constraints::read(&args, n, zero).map_err(|p| problem(item, p, n))?
                else {
                    return Err(item.unsupported());
                };
                for c in list {
                    if zero
                        && let Constraint::RegionSumLine { cells } = &c
                        && !even_pieces(cells, &rules)
                    {
                        return Err(item.unsupported_from_zero());
                    }
                    rules = rules.with_constraint(c).map_err(rules_error(item))?;
                }
                rules
            }
            name => {
                return Err(IssError::Unknown {
                    name: name.to_owned(),
                    at: item.at,
                });
            }
        };
    }
    for xv in [false, true] {
        let name = if xv { "StrictXV" } else { "StrictKropki" };
        if let (true, Some(item)) = (zero, items.iter().find(|i| i.name == name)) {
            rules = strict_from_zero(rules, xv).map_err(rules_error(item))?;
        }
    }
    let rules = if rules.is_plain()
        && rules == *Rules::classic_shared(n).map_err(rules_error(&items[0]))?
    {
        Rules::classic_shared(n).map_err(rules_error(&items[0]))?
    } else {
        Arc::new(rules)
    };
    Puzzle::from_cells(rules, &givens)
        .map(|p| p.with_values_from_zero(zero))
        .map_err(IssError::Givens)
}

/// `rules` with ISS's `StrictKropki` (`xv` false) or `StrictXV` with
/// values from 0: each pair of orthogonal neighbours without a mark of the
/// kind holds a pair of [`iss_constraints::strict_pairs`].
fn strict_from_zero(rules: Rules, xv: bool) -> Result<Rules, RulesError> {
    let n = rules.size();
    let marked: Vec<[u32; 2]> = rules
        .constraints()
        .iter()
        .filter_map(|c| iss_constraints::marks(c, n, xv))
        .collect();
    let pairs = iss_constraints::strict_pairs(n, xv);
    let mut rules = rules;
    for a in 0..(n * n) as u32 {
        for b in [a + 1, a + n as u32] {
            let beside = b < (n * n) as u32 && (b != a + 1 || !(b as usize).is_multiple_of(n));
            if beside && !marked.contains(&[a, b]) && !marked.contains(&[b, a]) {
                rules = rules.with_constraint(Constraint::Relation {
                    cells: [a, b],
                    pairs: pairs.clone(),
                })?;
            }
        }
    }
    Ok(rules)
}

/// Whether each piece of a region-sum line (a run of its cells in one
/// region) has as many cells as the others: then with values from 0 each
/// piece sums to its 1-based sum less that one length, and equal sums stay
/// equal.
fn even_pieces(cells: &[u32], rules: &Rules) -> bool {
    let map = rules.geometry().region_map();
    let mut lengths = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        let region = map[c as usize];
        match i.checked_sub(1).map(|p| map[cells[p] as usize]) {
            Some(r) if r == region => *lengths.last_mut().expect("a piece") += 1,
            _ => lengths.push(1),
        }
    }
    lengths.windows(2).all(|w| w[0] == w[1])
}

/// The region of each cell of a `Jigsaw` layout, numbered from 0 in order
/// of first appearance; `None` when every cell is in one region.
fn jigsaw_map(item: &Item, n: usize) -> Result<Option<Vec<usize>>, IssError> {
    let layout = match item.args.as_slice() {
        [layout] | [_, layout] => layout,
        _ => return Err(item.argument(&item.args.join("~"), "one layout of N×N characters")),
    };
    if layout.chars().count() != n * n {
        return Err(item.argument(layout, "a layout of one character a cell"));
    }
    let mut names: Vec<char> = Vec::new();
    let map: Vec<usize> = layout
        .chars()
        .map(|c| {
            names.iter().position(|&x| x == c).unwrap_or_else(|| {
                names.push(c);
                names.len() - 1
            })
        })
        .collect();
    Ok((names.len() > 1).then_some(map))
}

/// What a given states: a value, or a constraint on the cell's candidates.
enum Given {
    /// The cell (an index) holds the value.
    One(usize, u16),
    /// The cell's candidates: an odd or even cell, from a list of every
    /// odd or even value, else a list of candidates.
    Constraint(Constraint),
}

/// A given: `R1C1_5`, a value; `R1C1_1_3_5_7_9`, the cell's candidates.
/// With values from 0 (`zero`), each is held as one more.
fn given(item: &Item, arg: &str, n: usize, zero: bool) -> Result<Given, IssError> {
    let mut parts = arg.split('_');
    let name = parts.next().unwrap_or_default();
    let (row, col) = cell(item, name, n)?;
    let first = u16::from(!zero);
    let values: Vec<u16> = parts
        .map(|v| {
            v.parse::<u16>()
                .ok()
                .filter(|&v| (first..first + n as u16).contains(&v))
                .map(|v| v + u16::from(zero))
                .ok_or_else(|| {
                    item.argument(
                        arg,
                        if zero {
                            "a cell and values from 0 to N-1, such as R1C1_5"
                        } else {
                            "a cell and values from 1 to N, such as R1C1_5"
                        },
                    )
                })
        })
        .collect::<Result<_, _>>()?;
    let index = row * n + col;
    match values.as_slice() {
        [v] => Ok(Given::One(index, *v)),
        [] => Err(item.argument(arg, "a cell and at least one value, such as R1C1_5")),
        _ => Ok(Given::Constraint(iss_constraints::candidates(
            index as u32,
            &values,
            n,
        ))),
    }
}

/// A [`Problem`] of the constraint `item` as an [`IssError`].
fn problem(item: &Item, problem: Problem, n: usize) -> IssError {
    match problem {
        Problem::Argument(found, expected) => item.argument(&found, expected),
        Problem::Cell(found, true) => IssError::OffBoard {
            constraint: item.display_name().to_owned(),
            at: item.at,
            found,
            size: n,
        },
        Problem::Cell(found, false) => item.argument(&found, "a cell such as R1C1"),
        Problem::FromZero => item.unsupported_from_zero(),
    }
}

/// The cells named by `args`, as (row, column).
fn cells(item: &Item, args: &[String], n: usize) -> Result<Vec<(usize, usize)>, IssError> {
    args.iter().map(|a| cell(item, a, n)).collect()
}

/// One cell name as (row, column), checked against the board.
fn cell(item: &Item, name: &str, n: usize) -> Result<(usize, usize), IssError> {
    match parse_cell(name) {
        Some(Some((r, c))) if r < n && c < n => Ok((r, c)),
        Some(_) => Err(IssError::OffBoard {
            constraint: item.display_name().to_owned(),
            at: item.at,
            found: name.to_owned(),
            size: n,
        }),
        None => Err(item.argument(name, "a cell such as R1C1")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text → puzzle → text → puzzle: the two puzzles are equal, and the
    /// text written the second time is the first's.
    fn round_trip(text: &str) -> Puzzle {
        let puzzle = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let written = to_text(&puzzle).unwrap();
        let again = parse(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(again, puzzle, "{text} -> {written}");
        assert_eq!(to_text(&again).unwrap(), written);
        puzzle
    }

    #[test]
    fn every_supported_type_round_trips() {
        let p = round_trip(
            ".Shape~4x4.Diagonal~1.Diagonal~-1.Cage~3~R1C1~R1C2.Cage~~R3C3~R4C4.~R4C4_4",
        );
        assert_eq!(p.rules().cages().len(), 2);
        assert_eq!(p.rules().cages()[1].sum(), None);
        let p = round_trip(".AntiKnight.AntiKing.Windoku.DisjointSets.AllDifferent~R1C1~R5C5~R9C9");
        assert_eq!(p.rules().chess().len(), 2);
        assert_eq!(p.rules().geometry().houses().len(), 27 + 4 + 9 + 1);
        let p = round_trip(".Shape~16x16.~RgCg_16~RaC1_10~RcCc_12~R12C11_3");
        assert_eq!((p.get(15, 15), p.get(9, 0)), (Some(16), Some(10)));
        assert_eq!((p.get(11, 11), p.get(11, 10)), (Some(12), Some(3)));
        let jigsaw = ".Shape~4x4.NoBoxes.Jigsaw~0011001122332233";
        let p = round_trip(jigsaw);
        assert!(p.rules().geometry().box_shape().is_some()); // those regions are 2×2 boxes
        let p = round_trip(".Shape~4x4.NoBoxes.Jigsaw~0001021122312333");
        assert!(p.rules().geometry().box_shape().is_none());
        round_trip(".Shape~6x6.NoBoxes");
        round_trip(".Shape~7x7.~R7C7_7");
        round_trip(".");
    }

    #[test]
    fn every_variant_type_round_trips() {
        let text = [
            ".Thermo~R1C1~R1C2~R1C3",
            ".Arrow~R2C1~R2C2~R2C3",
            ".PillArrow~2~R3C2~R3C1~R4C1~R5C1~R6C1",
            ".DoubleArrow~R9C1~R9C2~R9C3~R9C4",
            ".WhiteDot~R4C4~R4C5.BlackDot~R5C4~R5C5.X~R6C4~R6C5.V~R7C4~R7C5",
            ".GreaterThan~R8C4~R8C5",
            ".StrictKropki.StrictXV.AntiConsecutive",
            ".LittleKiller~20~R2C1.LittleKiller~15~R1C9.LittleKiller~12~R5C9.LittleKiller~9~R9C5",
            ".Sandwich~10~R2.Sandwich~0~C3",
            ".XSum~R4~15~.XSum~C5~~20.Skyscraper~R6~3~4",
            ".Renban~R1C5~R1C6.Whisper~5~R2C5~R2C6.Palindrome~R3C5~R3C6",
            ".Between~R4C7~R4C8~R4C9.RegionSumLine~R5C6~R5C7.Zipper~R6C6~R6C7~R6C8",
            ".Entropic~R7C6~R7C7~R7C8.Modular~3~R8C6~R8C7~R8C8.Lockout~4~R9C6~R9C7~R9C8",
            ".Quad~R1C7~1~2.Sum~30~R5C1~R6C2~R7C3~R8C4",
            ".~R1C9_1_3_5_7_9~R2C9_2_4_6_8~R3C9_5_2",
        ]
        .concat();
        let p = round_trip(&text);
        assert_eq!(p.rules().constraints().len(), 37);
        assert_eq!(
            p.rules().constraints()[36],
            Constraint::Candidates {
                cell: 26,
                values: vec![2, 5]
            }
        );
        // A German whisper without its difference takes 5.
        let german = parse(".Whisper~R1C1~R1C2").unwrap();
        assert_eq!(german, parse(".Whisper~5~R1C1~R1C2").unwrap());
        // A dot over three cells is a dot between each adjacent pair.
        let dots = parse(".WhiteDot~R1C1~R1C2~R2C2").unwrap();
        assert_eq!(dots.rules().constraints().len(), 2);
        let slow = Rules::classic(4)
            .unwrap()
            .with_constraint(Constraint::Thermometer {
                cells: vec![0, 1],
                slow: true,
            })
            .unwrap();
        assert_eq!(
            to_text(&Puzzle::new(slow)).unwrap_err().to_string(),
            "ISS has no constraint for a slow thermometer"
        );
        let err = parse(".LittleKiller~10~R5C5").unwrap_err().to_string();
        assert!(err.contains("should be a cell on the edge"), "{err}");
        let err = parse(".Thermo~R1C1~R1C1").unwrap_err().to_string();
        assert!(
            err.starts_with("Thermo at column 1: thermometer 1"),
            "{err}"
        );
    }

    #[test]
    fn links_and_whitespace_read_as_the_text() {
        let text = ".Cage~10~R1C1~R1C2.Diagonal~1";
        let link = to_link(&parse(text).unwrap()).unwrap();
        assert_eq!(parse(&link).unwrap(), parse(text).unwrap());
        let spaced = "# a comment\n  .Cage~10~R1C1\n ~R1C2\n\n.Diagonal~1\n";
        assert_eq!(parse(spaced).unwrap(), parse(text).unwrap());
        let plus = "https://x/?q=.Cage%7E10%7ER1C1%7ER1C2+.Diagonal~1&mode=all";
        assert_eq!(parse(plus).unwrap(), parse(text).unwrap());
    }

    #[test]
    fn killer_codes_read_as_cages() {
        // Each row one cage of nine cells summing to 45, its sum at the right.
        let code = "<<<<<<<<j".repeat(9).replace("<<<<<<<<j", ">>>>>>>>j");
        assert!(is_killer_code(&code) && looks_like(&code));
        let p = parse(&code).unwrap();
        assert_eq!(p.rules().cages().len(), 9);
        assert!(
            p.rules()
                .cages()
                .iter()
                .all(|c| c.sum() == Some(45) && c.cells().len() == 9)
        );
        let classic = "1".repeat(81);
        assert!(!is_killer_code(&classic));
        let off = format!("^{}", "5".repeat(80));
        assert_eq!(
            parse(&off).unwrap_err().to_string(),
            "killer code: the arrow points off the board at R1C1"
        );
        let looped = format!("><{}", "5".repeat(79));
        assert!(parse(&looped).unwrap_err().to_string().contains("loop"));
    }

    #[test]
    fn long_killer_format_reads() {
        // Cage 1: R1C1 and R1C2 summing to 3; the rest in no cage; diagonals.
        let mut parts = vec!["3x3".to_owned(), "d".into(), "k".into()];
        parts.extend(["769".to_owned(), "769".into()]);
        parts.extend((2..81).map(|i| i.to_string()));
        let text = parts.join(":") + ":";
        let p = parse(&text).unwrap();
        assert_eq!(p.rules().cages().len(), 1);
        assert_eq!(p.rules().cages()[0].sum(), Some(3));
        assert_eq!(p.rules().geometry().houses().len(), 29);
    }

    #[test]
    fn errors_name_the_constraint_and_place() {
        let cases = [
            (
                ".Cage~3~R1C1~R1C2.NFA~x~R1C1",
                "unsupported constraint \"NFA\" at column 18",
            ),
            (".Foo~1", "unknown constraint type \"Foo\" at column 1"),
            (
                ".Or.Cage~3~R1C1~R1C2.End",
                "unsupported constraint \"Or\" at column 1",
            ),
            (".Shape~6x9", "unsupported shape \"6x9\" at column 1"),
            (".Shape~9x9~0-9", "unsupported shape \"9x9~0-9\""),
            (
                ".Cage~3~R1C1~Q",
                "Cage at column 1: \"Q\" should be a cell such as R1C1",
            ),
            (
                ".Cage~3~R1C1~RaC1",
                "Cage at column 1 names cell RaC1, off the 9x9 board",
            ),
            (".Cage~x~R1C1", "\"x\" should be a whole number"),
            (
                ".Cage~50~R1C1~R1C2",
                "Cage at column 1: cage 1 of 2 cells cannot sum to 50",
            ),
            (".Diagonal~2", "\"2\" should be 1 or -1"),
            (".~R1C1_10", "Given at column 1: \"R1C1_10\" should be"),
            (
                ".~R1C1_1_",
                "Given at column 1: \"R1C1_1_\" should be a cell and values from 1 to N",
            ),
            (".~R1C1_1~R1C2_1", "the givens break a rule"),
            (".~R1C1_1.~R1C1_2", "cell R1C1 is given both 1 and 2"),
            (".End", ".End closes nothing at column 1"),
            (".And.AntiKing", ".And is never closed by .End"),
            (
                "\n\n  .Cage~3~R1C1~R1C2\n  .RellikCage~5~R1C1~R1C2",
                "unsupported constraint \"RellikCage\" at line 4, column 3",
            ),
            (
                "hello",
                "the puzzle at column 1 does not read: 5 cells fit no board",
            ),
            ("{x}", "\"{x}\" at column 1 is no ISS constraint"),
            ("", "no constraints"),
            (
                &format!("{}{}", ".".repeat(9), "123456789".repeat(80)),
                "Given at column 1: \"R1C1_\" should be a cell and values from 1 to N",
            ),
            (
                ".Shape~6x6.Windoku",
                "Windoku at column 11: windows needs square boxes",
            ),
        ];
        for (text, expected) in cases {
            let err = parse(text).unwrap_err().to_string();
            assert!(err.contains(expected), "{text}: {err}");
        }
        let big = Puzzle::new(Rules::classic(25).unwrap());
        assert_eq!(to_text(&big).unwrap_err(), IssError::TooLarge { size: 25 });
    }

    #[test]
    fn pencilmarks_read_as_candidates() {
        let line =
            "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..";
        let solution =
            "316578492529134768487629531263415987974863125851792643138947256692351874745286319";
        // A given stands alone; an empty cell keeps its value and the next
        // one up, but for the first row, which keeps all nine.
        let mut marks = String::new();
        for (i, (g, s)) in line.bytes().zip(solution.bytes()).enumerate() {
            let (s, next) = (s - b'0', (s - b'0') % 9 + 1);
            for v in 1..=9u8 {
                let kept = if g != b'.' {
                    v == g - b'0'
                } else {
                    i < 9 || v == s || v == next
                };
                marks.push(if kept { char::from(b'0' + v) } else { '.' });
            }
        }
        let p = parse(&marks).unwrap();
        let empty = line.bytes().filter(|&b| b == b'.').count();
        let first_row = line[..9].bytes().filter(|&b| b == b'.').count();
        assert_eq!(p.rules().constraints().len(), empty - first_row);
        assert!(p.rules().check(&values(solution)).is_ok());
        let (count, found) = crate::Solver::new().count_and_solve(&p, 2);
        assert_eq!(count, crate::Count::Exact(1));
        assert_eq!(found.unwrap().cells(), values(solution));
        // Written back as givens of several values, it reads the same.
        round_trip(&marks);
        // With the givens as two candidates too, every solution keeps the
        // marks, and the planted one is among them.
        let loose: String = marks
            .as_bytes()
            .chunks(9)
            .zip(solution.bytes())
            .map(|(cell, s)| {
                let (s, next) = (s - b'0', (s - b'0') % 9 + 1);
                let kept =
                    |v: u8| cell.iter().filter(|&&b| b != b'.').count() > 1 || v == s || v == next;
                (1..=9u8)
                    .map(|v| if kept(v) { char::from(b'0' + v) } else { '.' })
                    .collect::<String>()
            })
            .collect();
        let p = parse(&loose).unwrap();
        let all = crate::Solver::new().solutions(&p, 50);
        assert!(all.iter().any(|s| s.cells() == values(solution)));
        for s in &all {
            assert!(p.rules().check(s.cells()).is_ok());
            for (c, &v) in s.cells().iter().enumerate() {
                assert_eq!(loose.as_bytes()[c * 9 + usize::from(v) - 1], b'0' + v as u8);
            }
        }
    }

    /// A puzzle line's values.
    fn values(line: &str) -> Vec<u16> {
        line.bytes().map(|b| u16::from(b - b'0')).collect()
    }

    #[test]
    fn a_jigsaw_on_a_side_without_boxes_is_the_layout() {
        // 5×5 has no boxes: the jigsaw's regions are the layout, NoBoxes or not.
        let text = ".Shape~5x5.Jigsaw~0123412340234013401240123";
        let p = parse(text).unwrap();
        assert!(p.rules().geometry().box_shape().is_none());
        assert_eq!(p, parse(&format!("{text}.NoBoxes")).unwrap());
    }

    #[test]
    fn and_outside_or_is_its_parts() {
        let and = parse(".And.AntiKing.Cage~3~R1C1~R1C2.End").unwrap();
        assert_eq!(and, parse(".AntiKing.Cage~3~R1C1~R1C2").unwrap());
    }

    #[test]
    fn classic_sections_give_givens() {
        let line = format!("1{}", ".".repeat(80));
        let p = parse(&line).unwrap();
        assert_eq!(p.get(0, 0), Some(1));
        let mixed = format!("{line}\n\n.AntiKnight");
        assert_eq!(
            parse(&mixed).unwrap().rules().chess(),
            [ChessRule::AntiKnight]
        );
        assert!(!looks_like(&line));
    }
}
