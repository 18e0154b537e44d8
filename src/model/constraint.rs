//! The variant vocabulary as data: arrows, thermometers, dots, lines, outside clues, and their checks.
//!
//! A [`Constraint`] keeps the named form a puzzle states (a thermometer, a
//! Kropki dot, a little killer), so that a format can write it back as it
//! was read. Each one is checked on full and partial grids, and the engines
//! lower it into a few general forms ([`Lowered`]): a relation between two
//! cells, a weighted sum, a restricted domain, or the named n-ary rule.
//!
//! Cells are row-major `u32` indices (`row * N + col`), as in
//! [`Cage`](crate::model::Cage). Clues outside the grid are named by an
//! [`Outside`] cell, 0-based with -1 and N for the rows and columns around
//! the grid (f-puzzles' R0 and R10 on 9×9). [`Constraint`]'s docs list
//! every one with its rule and an f-puzzles example.

use crate::sort::SmallSort;
use std::sync::Arc;

/// A cell on or around the grid, 0-based: rows and columns run from -1
/// (above or left of the grid) to N (below or right of it). Outside clues
/// (little killers, sandwiches, X-sums, skyscrapers) stand on one.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Outside {
    /// The row, -1 to N.
    pub row: i32,
    /// The column, -1 to N.
    pub col: i32,
}

/// A diagonal direction, which a little killer's sum runs along.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Diagonal {
    /// Up and to the left (f-puzzles `UL`).
    UpLeft,
    /// Up and to the right (`UR`).
    UpRight,
    /// Down and to the left (`DL`).
    DownLeft,
    /// Down and to the right (`DR`).
    DownRight,
}

impl Diagonal {
    /// The (row, column) step.
    #[must_use]
    pub fn step(self) -> (i32, i32) {
        match self {
            Diagonal::UpLeft => (-1, -1),
            Diagonal::UpRight => (-1, 1),
            Diagonal::DownLeft => (1, -1),
            Diagonal::DownRight => (1, 1),
        }
    }
}

/// Which dots or letters a [`Constraint::Negative`] rule says are all given.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum NegativeRule {
    /// All white Kropki dots are given: orthogonal neighbours without a
    /// Kropki dot are not consecutive.
    White,
    /// All black Kropki dots are given: orthogonal neighbours without a
    /// Kropki dot are not one twice the other (f-puzzles `"ratio"`).
    Black,
    /// All X and V are given: orthogonal neighbours without one do not sum
    /// to 5 or 10 (f-puzzles `"xv"`).
    Xv,
}

/// A rule beyond houses and cages, in the form a puzzle states it. Add one
/// with [`Rules::with_constraint`](crate::Rules::with_constraint), which
/// checks it against the board. Cells are row-major indices; clues outside
/// the grid stand on an [`Outside`] cell. Each works on any board size and
/// layout (an X on 4×4 still asks for a sum of 10, which no two values
/// reach).
///
/// | Constraint | Rule | f-puzzles |
/// |---|---|---|
/// | [`Relation`](Constraint::Relation) | the two cells hold one of the listed pairs | — |
/// | [`Difference`](Constraint::Difference) | the two cells differ by the value (white Kropki dot: 1) | `"difference": [{"cells": ["R1C1","R1C2"]}]` |
/// | [`Ratio`](Constraint::Ratio) | one cell is the value times the other (black dot: 2) | `"ratio": [{"cells": ["R1C1","R1C2"]}]` |
/// | [`Xv`](Constraint::Xv) | the two cells sum to the value (X 10, V 5) | `"xv": [{"cells": ["R1C1","R1C2"], "value": "X"}]` |
/// | [`GreaterThan`](Constraint::GreaterThan) | the first cell is greater than the second | — |
/// | [`Thermometer`](Constraint::Thermometer) | values increase from the bulb (slow: never decrease) | `"thermometer": [{"lines": [["R1C1","R1C2"]]}]` |
/// | [`Arrow`](Constraint::Arrow) | the line sums to the circle (a pill reads as a number) | `"arrow": [{"cells": ["R1C1"], "lines": [["R1C1","R2C2"]]}]` |
/// | [`DoubleArrow`](Constraint::DoubleArrow) | the line between two circles sums to their sum | `"doublearrow": [{"lines": [["R1C1","R1C2","R1C3"]]}]` |
/// | [`LittleKiller`](Constraint::LittleKiller) | the diagonal from an outside clue sums to it | `"littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "12"}]` |
/// | [`Sandwich`](Constraint::Sandwich) | the values between 1 and N in a row or column sum to the clue | `"sandwichsum": [{"cell": "R0C1", "value": "10"}]` |
/// | [`XSum`](Constraint::XSum) | the first X cells from the clue sum to it, X the first value | `"xsum": [{"cell": "R0C1", "value": "15"}]` |
/// | [`Skyscraper`](Constraint::Skyscraper) | the clue counts the values seen from it (each greater than all before) | `"skyscraper": [{"cell": "R0C1", "value": "3"}]` |
/// | [`Odd`](Constraint::Odd), [`Even`](Constraint::Even) | the cell is odd (even) | `"odd": [{"cell": "R1C1"}]` |
/// | [`Candidates`](Constraint::Candidates) | the cell holds one of the listed values (a pencil mark) | `"candidates": [{"cell": "R1C1", "values": [1,2]}]` |
/// | [`Minimum`](Constraint::Minimum), [`Maximum`](Constraint::Maximum) | the cell is below (above) its orthogonal neighbours | `"minimum": [{"cell": "R1C1"}]` |
/// | [`Renban`](Constraint::Renban) | the line holds different consecutive values in any order | `"renban": [{"lines": [["R1C1","R1C2"]]}]` |
/// | [`Whisper`](Constraint::Whisper) | neighbours on the line differ by at least the value (German: 5) | `"whispers": [{"lines": [["R1C1","R1C2"]]}]` |
/// | [`Palindrome`](Constraint::Palindrome) | the line reads the same both ways | `"palindrome": [{"lines": [["R1C1","R1C2"]]}]` |
/// | [`Between`](Constraint::Between) | the line's values lie strictly between its ends' | `"betweenline": [{"lines": [["R1C1","R1C2","R1C3"]]}]` |
/// | [`RegionSumLine`](Constraint::RegionSumLine) | the line's pieces in each box have one sum | `"regionsumline": [{"lines": [["R1C3","R1C4"]]}]` |
/// | [`Zipper`](Constraint::Zipper) | cells as far from the middle sum to the middle (or to one sum) | `"zipperline": [{"lines": [["R1C1","R1C2","R1C3"]]}]` |
/// | [`Entropic`](Constraint::Entropic) | any three cells in a row on the line hold a low, a middle and a high value | `"entropicline": [{"lines": [["R1C1","R1C2","R1C3"]]}]` |
/// | [`Modular`](Constraint::Modular) | any M cells in a row on the line differ modulo M (default 3) | `"modularline": [{"lines": [["R1C1","R1C2","R1C3"]]}]` |
/// | [`Lockout`](Constraint::Lockout) | the ends differ by at least the value, and no cell between holds a value between them | `"lockout": [{"lines": [["R1C1","R1C2","R1C3"]]}]` |
/// | [`Quadruple`](Constraint::Quadruple) | the four cells around a corner hold the listed values | `"quadruple": [{"cells": ["R1C1","R1C2","R2C1","R2C2"], "values": [1,2]}]` |
/// | [`Clones`](Constraint::Clones) | two groups of cells hold the same values, cell by cell | `"clone": [{"cells": ["R1C1"], "cloneCells": ["R9C9"]}]` |
/// | [`Sum`](Constraint::Sum) | the cells sum to the value; values may repeat | — |
/// | [`SumLine`](Constraint::SumLine) | the line splits into pieces that each sum to the value | `"sumline": [{"lines": [["R1C1","R1C2"]], "value": "10"}]` |
/// | [`Lunchbox`](Constraint::Lunchbox) | different values; those between the least and the greatest sum to the value | `"lunchbox": [{"cells": ["R1C1","R1C2"], "value": "5"}]` |
/// | [`Indexing`](Constraint::Indexing) | a cell's value says where in its row (column) its column's (row's) number is | `"indexing": [{"cells": ["R1C1"], "rows": false}]` |
/// | [`CountingCircles`](Constraint::CountingCircles) | each value in the circles is in that many of them | `"countingcircles": [{"cells": ["R1C1","R1C2"]}]` |
/// | [`LookAndSay`](Constraint::LookAndSay) | the cells hold each listed value the listed number of times | `"lookandsay": [{"cells": ["R1C1"], "counts": [[3, 1]]}]` |
/// | [`SameValues`](Constraint::SameValues) | the cells, cut in order into sets of one size, hold the same values in each set | `"samevalues": [{"cells": ["R1C1","R9C9"], "sets": 2}]` |
/// | [`Nonconsecutive`](Constraint::Nonconsecutive) | orthogonal neighbours are not consecutive | `"nonconsecutive": true` |
/// | [`Negative`](Constraint::Negative) | orthogonal neighbours without a dot (or X, V) are not what the dot would say | `"negative": ["ratio", "xv"]` |
///
/// ```
/// use ndoku::{Constraint, Rules};
///
/// // A thermometer up from the bottom left of a 4×4, and a white dot.
/// let rules = Rules::classic(4)?
///     .with_constraint(Constraint::Thermometer { cells: vec![12, 8], slow: false })?
///     .with_constraint(Constraint::kropki_white(0, 1))?;
/// assert!(rules.check(&[3, 4, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0]).is_ok());
/// let err = rules.check(&[0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]).unwrap_err();
/// assert_eq!(err.to_string(), "thermometer 1 does not increase at R3C1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Constraint {
    /// The two cells hold one of the listed (first, second) value pairs: a
    /// rule between two cells that has no name.
    Relation {
        /// The two cells.
        cells: [u32; 2],
        /// The value pairs allowed, each value 1 to N.
        pairs: Vec<(u16, u16)>,
    },
    /// The two cells differ by exactly `value`: a white Kropki dot when 1.
    Difference {
        /// Two orthogonally adjacent cells.
        cells: [u32; 2],
        /// The difference, 1 or more.
        value: u16,
    },
    /// One cell holds `value` times the other: a black Kropki dot when 2.
    Ratio {
        /// Two orthogonally adjacent cells.
        cells: [u32; 2],
        /// The ratio, 1 or more.
        value: u16,
    },
    /// The two cells sum to `sum`: an X when 10, a V when 5.
    Xv {
        /// Two orthogonally adjacent cells.
        cells: [u32; 2],
        /// The sum.
        sum: u16,
    },
    /// The first cell holds a greater value than the second.
    GreaterThan {
        /// The greater cell, then the smaller.
        cells: [u32; 2],
    },
    /// Values increase along the cells from the bulb (the first); on a slow
    /// thermometer they may also stay the same.
    Thermometer {
        /// Bulb first, each cell once.
        cells: Vec<u32>,
        /// Whether neighbours may be equal.
        slow: bool,
    },
    /// The line's values sum to the circle's; a circle of several cells (a
    /// pill) reads as a number, its first cell the highest digit:
    /// `Σ circle[i]·10^(k-1-i)`.
    Arrow {
        /// The circle or pill, one cell or more.
        circle: Vec<u32>,
        /// The line, one cell or more.
        line: Vec<u32>,
    },
    /// The two ends of a line sum to the sum of the cells between them.
    DoubleArrow {
        /// The line, ends included, three cells or more.
        cells: Vec<u32>,
    },
    /// The cells on the diagonal from an outside clue sum to `sum`; values
    /// may repeat.
    LittleKiller {
        /// The clue, outside the grid, diagonally next to the first cell.
        clue: Outside,
        /// Where the diagonal runs from the clue.
        direction: Diagonal,
        /// The sum.
        sum: u64,
    },
    /// The values between 1 and N in the clue's row or column sum to `sum`.
    Sandwich {
        /// The clue, outside the grid at the end of a row or column.
        clue: Outside,
        /// The sum.
        sum: u64,
    },
    /// The first X cells of the row or column, seen from the clue, sum to
    /// `sum`, where X is the value in the first of them.
    XSum {
        /// The clue, outside the grid at the end of a row or column.
        clue: Outside,
        /// The sum.
        sum: u64,
    },
    /// Seen from the clue, `count` values of the row or column are greater
    /// than every value before them (taller buildings hide shorter ones).
    Skyscraper {
        /// The clue, outside the grid at the end of a row or column.
        clue: Outside,
        /// How many are seen.
        count: u16,
    },
    /// The cell holds an odd value.
    Odd {
        /// The cell.
        cell: u32,
    },
    /// The cell holds an even value.
    Even {
        /// The cell.
        cell: u32,
    },
    /// The cell holds one of the listed values: its pencil marks, as
    /// ISS's pencilmark grids and its givens of several values state them.
    Candidates {
        /// The cell.
        cell: u32,
        /// The values it may hold, each 1 to N, at least one.
        values: Vec<u16>,
    },
    /// The cell holds a value below each of its orthogonal neighbours'.
    Minimum {
        /// The cell.
        cell: u32,
    },
    /// The cell holds a value above each of its orthogonal neighbours'.
    Maximum {
        /// The cell.
        cell: u32,
    },
    /// The line holds different values that form a run of consecutive
    /// values, in any order.
    Renban {
        /// The line, each cell once.
        cells: Vec<u32>,
    },
    /// Neighbours on the line differ by at least `difference` (German
    /// whispers on 9×9: 5; Dutch: 4).
    Whisper {
        /// The line, each cell once.
        cells: Vec<u32>,
        /// The least difference.
        difference: u16,
    },
    /// The line reads the same from either end.
    Palindrome {
        /// The line, each cell once.
        cells: Vec<u32>,
    },
    /// The values between the ends of the line lie strictly between the
    /// ends' values.
    Between {
        /// The line, ends included, each cell once.
        cells: Vec<u32>,
    },
    /// The line's pieces in each box (region on a jigsaw) sum to one and
    /// the same value; a line that enters a box twice has two pieces there.
    RegionSumLine {
        /// The line, each cell once.
        cells: Vec<u32>,
    },
    /// Cells as far from the line's middle sum to the middle cell (odd
    /// length), or all such pairs share one sum (even length).
    Zipper {
        /// The line, each cell once.
        cells: Vec<u32>,
    },
    /// Any three cells in a row on the line hold one low, one middle and
    /// one high value (on 9×9: 1-3, 4-6, 7-9; on N×N, value v is in third
    /// ⌊3(v-1)/N⌋).
    Entropic {
        /// The line, each cell once.
        cells: Vec<u32>,
    },
    /// Any `modulus` cells in a row on the line differ modulo `modulus`.
    Modular {
        /// The line, each cell once.
        cells: Vec<u32>,
        /// The modulus, 1 or more (f-puzzles: 3).
        modulus: u16,
    },
    /// The ends of the line differ by at least `difference`, and no cell
    /// between them holds a value from one end's to the other's.
    Lockout {
        /// The line, ends included, each cell once.
        cells: Vec<u32>,
        /// The ends' least difference (9×9: 4).
        difference: u16,
    },
    /// The four cells around a corner hold every listed value (a value
    /// listed twice, twice).
    Quadruple {
        /// Four cells forming a 2×2 square.
        cells: Vec<u32>,
        /// One to four values, each 1 to N.
        values: Vec<u16>,
    },
    /// Each cell of `cells` holds the value of the cell at the same place in
    /// `copies`.
    Clones {
        /// The first group.
        cells: Vec<u32>,
        /// The second, as long.
        copies: Vec<u32>,
    },
    /// The cells sum to `sum`; values may repeat (ISS `Sum`; a killer cage
    /// whose values must differ is a [`Cage`](crate::model::Cage)).
    Sum {
        /// The cells, each once.
        cells: Vec<u32>,
        /// The sum.
        sum: u64,
    },
    /// The line splits into pieces of consecutive cells that each sum to
    /// `sum`; on a loop a piece may run on from the last cell to the first
    /// (ISS `SumLine`).
    SumLine {
        /// The line, each cell once.
        cells: Vec<u32>,
        /// Each piece's sum, 1 or more.
        sum: u64,
        /// Whether the line closes into a loop.
        is_loop: bool,
    },
    /// The cells hold different values, and those between the cell of the
    /// least value and the cell of the greatest sum to `sum` (ISS
    /// `Lunchbox`).
    Lunchbox {
        /// The cells in order, two or more, each once.
        cells: Vec<u32>,
        /// The sum between.
        sum: u64,
    },
    /// Each cell's value `v` says where its column's number is in its row:
    /// cell `(r, c)` holding `v` puts `c + 1` at `(r, v - 1)`; by rows,
    /// `r + 1` at `(v - 1, c)` (ISS `Indexing~C` and `~R`).
    Indexing {
        /// The indexing cells, each once.
        cells: Vec<u32>,
        /// Whether the value indexes the column (`R`) rather than the row.
        by_rows: bool,
    },
    /// Each value in the circles is held by exactly that many of them (ISS
    /// `CountingCircles`).
    CountingCircles {
        /// The circles, each once.
        cells: Vec<u32>,
    },
    /// The cells hold each listed value exactly as many times as listed
    /// (ISS `LookAndSay`: a clue of 1223 is one 2 and two 3s).
    LookAndSay {
        /// The cells, each once.
        cells: Vec<u32>,
        /// (count, value) pairs in the clue's order; each value 1 to N, once.
        counts: Vec<(u16, u16)>,
    },
    /// The cells, cut in order into `sets` sets of the same size, hold the
    /// same values in every set, a value as many times in each (ISS
    /// `SameValues`; sets of one cell hold one value).
    SameValues {
        /// The cells, set after set, each once.
        cells: Vec<u32>,
        /// How many sets, 2 or more, dividing the number of cells.
        sets: u16,
    },
    /// No two orthogonal neighbours hold consecutive values.
    Nonconsecutive,
    /// A negative rule: every dot (or X and V) of one kind is given, so
    /// orthogonal neighbours without one do not keep it.
    Negative {
        /// Which dots or letters.
        rule: NegativeRule,
    },
}

impl Constraint {
    /// A white Kropki dot: the two cells hold consecutive values.
    #[must_use]
    pub fn kropki_white(a: u32, b: u32) -> Self {
        Constraint::Difference {
            cells: [a, b],
            value: 1,
        }
    }

    /// A black Kropki dot: one cell holds twice the other.
    #[must_use]
    pub fn kropki_black(a: u32, b: u32) -> Self {
        Constraint::Ratio {
            cells: [a, b],
            value: 2,
        }
    }

    /// An X: the two cells sum to 10.
    #[must_use]
    pub fn x(a: u32, b: u32) -> Self {
        Constraint::Xv {
            cells: [a, b],
            sum: 10,
        }
    }

    /// A V: the two cells sum to 5.
    #[must_use]
    pub fn v(a: u32, b: u32) -> Self {
        Constraint::Xv {
            cells: [a, b],
            sum: 5,
        }
    }

    /// `a` holds a greater value than `b`.
    #[must_use]
    pub fn greater_than(a: u32, b: u32) -> Self {
        Constraint::GreaterThan { cells: [a, b] }
    }

    /// A German whisper on a board of side `n`: neighbours differ by at
    /// least ⌈n/2⌉ (5 on 9×9).
    #[must_use]
    pub fn german_whisper(n: usize, cells: Vec<u32>) -> Self {
        Constraint::Whisper {
            cells,
            difference: n.div_ceil(2) as u16,
        }
    }

    /// A lockout line on a board of side `n`, with the ends' least
    /// difference f-puzzles uses: 4 on 9×9, ⌈(n-1)/2⌉ elsewhere.
    #[must_use]
    pub fn lockout(n: usize, cells: Vec<u32>) -> Self {
        Constraint::Lockout {
            cells,
            difference: (n.saturating_sub(1)).div_ceil(2) as u16,
        }
    }

    /// What kind of constraint this is, as messages name it:
    /// `thermometer`, `little killer`, `white dot`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Constraint::Relation { .. } => "relation",
            Constraint::Difference { value: 1, .. } => "white dot",
            Constraint::Difference { .. } => "difference dot",
            Constraint::Ratio { value: 2, .. } => "black dot",
            Constraint::Ratio { .. } => "ratio dot",
            Constraint::Xv { sum: 10, .. } => "X",
            Constraint::Xv { sum: 5, .. } => "V",
            Constraint::Xv { .. } => "pair sum",
            Constraint::GreaterThan { .. } => "greater-than",
            Constraint::Thermometer { slow: false, .. } => "thermometer",
            Constraint::Thermometer { slow: true, .. } => "slow thermometer",
            Constraint::Arrow { .. } => "arrow",
            Constraint::DoubleArrow { .. } => "double arrow",
            Constraint::LittleKiller { .. } => "little killer",
            Constraint::Sandwich { .. } => "sandwich",
            Constraint::XSum { .. } => "x-sum",
            Constraint::Skyscraper { .. } => "skyscraper",
            Constraint::Odd { .. } => "odd cell",
            Constraint::Even { .. } => "even cell",
            Constraint::Candidates { .. } => "candidates",
            Constraint::Minimum { .. } => "minimum",
            Constraint::Maximum { .. } => "maximum",
            Constraint::Renban { .. } => "renban",
            Constraint::Whisper { .. } => "whisper",
            Constraint::Palindrome { .. } => "palindrome",
            Constraint::Between { .. } => "between line",
            Constraint::RegionSumLine { .. } => "region-sum line",
            Constraint::Zipper { .. } => "zipper line",
            Constraint::Entropic { .. } => "entropic line",
            Constraint::Modular { .. } => "modular line",
            Constraint::Lockout { .. } => "lockout line",
            Constraint::Quadruple { .. } => "quadruple",
            Constraint::Clones { .. } => "clone",
            Constraint::Sum { .. } => "sum",
            Constraint::SumLine { .. } => "sum line",
            Constraint::Lunchbox { .. } => "lunchbox",
            Constraint::Indexing { by_rows: false, .. } => "column indexing",
            Constraint::Indexing { by_rows: true, .. } => "row indexing",
            Constraint::CountingCircles { .. } => "counting circles",
            Constraint::LookAndSay { .. } => "look-and-say",
            Constraint::SameValues { .. } => "same values",
            Constraint::Nonconsecutive => "nonconsecutive",
            Constraint::Negative {
                rule: NegativeRule::White,
            } => "negative white dots",
            Constraint::Negative {
                rule: NegativeRule::Black,
            } => "negative black dots",
            Constraint::Negative {
                rule: NegativeRule::Xv,
            } => "negative XV",
        }
    }

    /// The cells of the grid whose values it reads, in its order: for an
    /// outside clue, the row, column or diagonal it sums; for a minimum or
    /// maximum, the cell and then its orthogonal neighbours; for a global
    /// rule, none (it reads every cell).
    #[must_use]
    pub fn cells(&self, n: usize) -> Vec<u32> {
        match self {
            Constraint::Relation { cells, .. }
            | Constraint::Difference { cells, .. }
            | Constraint::Ratio { cells, .. }
            | Constraint::Xv { cells, .. }
            | Constraint::GreaterThan { cells } => cells.to_vec(),
            Constraint::Thermometer { cells, .. }
            | Constraint::DoubleArrow { cells }
            | Constraint::Renban { cells }
            | Constraint::Whisper { cells, .. }
            | Constraint::Palindrome { cells }
            | Constraint::Between { cells }
            | Constraint::RegionSumLine { cells }
            | Constraint::Zipper { cells }
            | Constraint::Entropic { cells }
            | Constraint::Modular { cells, .. }
            | Constraint::Lockout { cells, .. }
            | Constraint::Quadruple { cells, .. }
            | Constraint::Sum { cells, .. }
            | Constraint::SumLine { cells, .. }
            | Constraint::Lunchbox { cells, .. }
            | Constraint::CountingCircles { cells }
            | Constraint::LookAndSay { cells, .. }
            | Constraint::SameValues { cells, .. } => cells.clone(),
            Constraint::Indexing { cells, by_rows } => {
                let mut out = cells.clone();
                for &c in cells {
                    out.extend(indexed_line(n, c, *by_rows).filter(|&x| x != c));
                }
                out.sort_small();
                out.dedup();
                out
            }
            Constraint::Arrow { circle, line } => circle.iter().chain(line).copied().collect(),
            Constraint::Clones { cells, copies } => cells.iter().chain(copies).copied().collect(),
            Constraint::LittleKiller {
                clue, direction, ..
            } => diagonal(n, *clue, *direction),
            Constraint::Sandwich { clue, .. }
            | Constraint::XSum { clue, .. }
            | Constraint::Skyscraper { clue, .. } => outside_line(n, *clue).unwrap_or_default(),
            Constraint::Odd { cell }
            | Constraint::Even { cell }
            | Constraint::Candidates { cell, .. } => vec![*cell],
            Constraint::Minimum { cell } | Constraint::Maximum { cell } => {
                let mut cells = vec![*cell];
                cells.extend(neighbours(n, *cell));
                cells
            }
            Constraint::Nonconsecutive | Constraint::Negative { .. } => Vec::new(),
        }
    }
}

/// The cells an indexing cell `c` points into, in order: its row (its
/// column when `by_rows`).
pub(crate) fn indexed_line(n: usize, c: u32, by_rows: bool) -> impl Iterator<Item = u32> {
    let (r, col) = (c as usize / n, c as usize % n);
    (0..n).map(move |k| if by_rows { k * n + col } else { r * n + k } as u32)
}

/// The number an indexing cell `c` stands for: its column's, or its row's
/// when `by_rows`, from 1.
pub(crate) fn indexing_number(n: usize, c: u32, by_rows: bool) -> u16 {
    let line = if by_rows {
        c as usize / n
    } else {
        c as usize % n
    };
    line as u16 + 1
}

/// The orthogonal neighbours of `c`.
pub(crate) fn neighbours(n: usize, c: u32) -> impl Iterator<Item = u32> {
    let c = c as usize;
    let (r, col) = (c / n, c % n);
    let up = (r > 0).then(|| c - n);
    let down = (r + 1 < n).then_some(c + n);
    let left = (col > 0).then(|| c - 1);
    let right = (col + 1 < n).then_some(c + 1);
    [up, down, left, right]
        .into_iter()
        .flatten()
        .map(|c| c as u32)
}

impl Constraint {
    /// A sum rule as `Σ weights[i]·value(cells[i]) == total`: an arrow
    /// (the line less the circle, read as a number, is 0), a double arrow
    /// (the line less its ends), a little killer or a sum. `None` for the
    /// others.
    pub(crate) fn linear(&self, n: usize) -> Option<(Vec<u32>, Vec<i64>, i64)> {
        match self {
            Constraint::Arrow { circle, line } => {
                let k = circle.len() as u32;
                let mut cells = circle.clone();
                cells.extend(line);
                let mut weights: Vec<i64> =
                    (0..k).map(|i| -(10i64.saturating_pow(k - 1 - i))).collect();
                weights.extend(line.iter().map(|_| 1));
                Some((cells, weights, 0))
            }
            Constraint::DoubleArrow { cells } => {
                let last = cells.len() - 1;
                let weights = (0..cells.len())
                    .map(|i| if i == 0 || i == last { -1 } else { 1 })
                    .collect();
                Some((cells.clone(), weights, 0))
            }
            Constraint::LittleKiller { sum, .. } | Constraint::Sum { sum, .. } => {
                let cells = self.cells(n);
                let weights = vec![1; cells.len()];
                Some((cells, weights, i64::try_from(*sum).unwrap_or(i64::MAX)))
            }
            _ => None,
        }
    }
}

/// The cells on the diagonal from `clue` in `direction`, nearest first.
#[must_use]
pub(crate) fn diagonal(n: usize, clue: Outside, direction: Diagonal) -> Vec<u32> {
    let (dr, dc) = direction.step();
    let n = n as i32;
    let (mut r, mut c) = (clue.row + dr, clue.col + dc);
    let mut out = Vec::new();
    while (0..n).contains(&r) && (0..n).contains(&c) {
        out.push((r * n + c) as u32);
        (r, c) = (r + dr, c + dc);
    }
    out
}

/// The row or column seen from `clue`, nearest first: `None` unless the
/// clue stands at the end of one.
#[must_use]
pub(crate) fn outside_line(n: usize, clue: Outside) -> Option<Vec<u32>> {
    let m = n as i32;
    let inside = |x: i32| (0..m).contains(&x);
    let (r, c) = (clue.row, clue.col);
    let cells: Vec<u32> = if inside(c) && (r == -1 || r == m) {
        let rows: Box<dyn Iterator<Item = i32>> = if r == -1 {
            Box::new(0..m)
        } else {
            Box::new((0..m).rev())
        };
        rows.map(|r| (r * m + c) as u32).collect()
    } else if inside(r) && (c == -1 || c == m) {
        let cols: Box<dyn Iterator<Item = i32>> = if c == -1 {
            Box::new(0..m)
        } else {
            Box::new((0..m).rev())
        };
        cols.map(|c| (r * m + c) as u32).collect()
    } else {
        return None;
    };
    Some(cells)
}

/// A rule between two values, which the engines hold as a table: for each
/// value of the first cell, the values of the second it allows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum PairRule {
    /// One of the listed (first, second) pairs.
    Table(Arc<Vec<(u16, u16)>>),
    /// `|a - b| == k`.
    Difference(u16),
    /// `a == k·b` or `b == k·a`.
    Ratio(u16),
    /// `a + b == s`.
    Sum(u16),
    /// `a > b`.
    Greater,
    /// `a == b`.
    Equal,
    /// `|a - b| >= d`.
    Apart(u16),
    /// `a != b` and `|a - b| < k`: two cells of a renban of k cells.
    Within(u16),
    /// `a mod m != b mod m`.
    ModDiffer(u16),
    /// `a mod m == b mod m`.
    ModEqual(u16),
    /// Values in different thirds of 1..=N (entropic lines).
    ThirdDiffer,
    /// Values in the same third of 1..=N: cells three apart on an entropic
    /// line, since the three cells between them and either hold one of each.
    ThirdEqual,
    /// Neither `|a - b| == 1` (with `white`) nor one twice the other (with
    /// `black`), nor a sum of 5 or 10 (with `xv`): a pair without a dot
    /// under the negative rules.
    Not {
        /// Not consecutive.
        white: bool,
        /// Not one twice the other.
        black: bool,
        /// Not summing to 5 or 10.
        xv: bool,
    },
}

impl PairRule {
    /// Whether values `a` (first cell) and `b` (second) keep it, on a board
    /// of side `n`.
    pub(crate) fn allows(&self, n: usize, a: u16, b: u16) -> bool {
        let (x, y) = (u32::from(a), u32::from(b));
        match self {
            PairRule::Table(pairs) => pairs.binary_search(&(a, b)).is_ok(),
            PairRule::Difference(k) => x.abs_diff(y) == u32::from(*k),
            PairRule::Ratio(k) => x == u32::from(*k) * y || y == u32::from(*k) * x,
            PairRule::Sum(s) => x + y == u32::from(*s),
            PairRule::Greater => x > y,
            PairRule::Equal => x == y,
            PairRule::Apart(d) => x.abs_diff(y) >= u32::from(*d),
            PairRule::Within(k) => x != y && x.abs_diff(y) < u32::from(*k),
            PairRule::ModDiffer(m) => x % u32::from(*m) != y % u32::from(*m),
            PairRule::ModEqual(m) => x % u32::from(*m) == y % u32::from(*m),
            PairRule::ThirdDiffer => third(n, a) != third(n, b),
            PairRule::ThirdEqual => third(n, a) == third(n, b),
            PairRule::Not { white, black, xv } => {
                !(*white && x.abs_diff(y) == 1
                    || *black && (x == 2 * y || y == 2 * x)
                    || *xv && (x + y == 5 || x + y == 10))
            }
        }
    }
}

/// Which third of 1..=`n` value `v` lies in: 0, 1 or 2.
pub(crate) fn third(n: usize, v: u16) -> usize {
    3 * (usize::from(v) - 1) / n.max(1)
}

/// A constraint in one of the general forms the engines know.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Lowered {
    /// The cell holds one of `values`.
    Domain {
        /// The cell.
        cell: u32,
        /// The values allowed, increasing.
        values: Vec<u16>,
    },
    /// A rule between the values of two cells.
    Pair {
        /// The two cells, in the rule's order.
        cells: [u32; 2],
        /// The rule.
        rule: PairRule,
    },
    /// Values that increase along the cells (never decrease, when `slow`).
    Chain {
        /// The cells, lowest first.
        cells: Vec<u32>,
        /// Whether neighbours may be equal.
        slow: bool,
    },
    /// `Σ weights[i]·value(cells[i]) == total`; a cell may appear once.
    Linear {
        /// The cells, each once.
        cells: Vec<u32>,
        /// Their weights, none zero.
        weights: Vec<i64>,
        /// The total.
        total: i64,
    },
    /// A constraint that lowers to no general form (or not wholly): the
    /// named rule, constraint `index` of [`Rules::constraints`](crate::Rules::constraints).
    Named {
        /// Its index.
        index: usize,
    },
}
