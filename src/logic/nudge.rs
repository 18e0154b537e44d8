//! Progressive hints, as HoDoKu and Sudoku Explainer give them: where to look, then which technique, then the move.

use crate::sort::SmallSort;
use std::fmt::Write as _;

use crate::model::Cell;

use super::Hint;
use super::step::{CellName, Step};

/// How much a hint says, from a nudge to the whole move.
///
/// ```
/// use ndoku::{Game, Hint, HintLevel, Logic, Puzzle, Rules};
///
/// let cells = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0];
/// let game = Game::new(Puzzle::from_cells(Rules::classic(4)?, &cells)?);
/// let hint = Logic::new().hint(&game)?;
/// assert_eq!(hint.describe(HintLevel::Where), "look at box 4");
/// assert_eq!(hint.describe(HintLevel::Technique), "a full house in box 4");
/// assert_eq!(
///     hint.describe(HintLevel::Move),
///     "full house: R4C4 is the last empty cell of box 4, 1"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum HintLevel {
    /// Where to look: the houses of the step, or its cells when it names
    /// no house; for mistakes, that there are some.
    Where = 1,
    /// Which technique, and where.
    Technique = 2,
    /// The whole move: the step's explanation, or the cells of the mistakes.
    #[default]
    Move = 3,
}

impl HintLevel {
    /// The level numbered 1 (where), 2 (technique) or 3 (move).
    #[must_use]
    pub fn from_number(level: u8) -> Option<Self> {
        match level {
            1 => Some(Self::Where),
            2 => Some(Self::Technique),
            3 => Some(Self::Move),
            _ => None,
        }
    }
}

impl Step {
    /// Where to look for this step: the houses of its pattern by name
    /// ("box 3 and row 5"), or its cells ("R4C6") when it names no house.
    #[must_use]
    pub fn location(&self) -> String {
        let n = self.highlight.side;
        let names: Vec<String> = if self.highlight.houses.is_empty() {
            let mut cells = self.highlight.cells.clone();
            if cells.is_empty() {
                cells.extend(self.placements.iter().map(|&(c, _)| c));
                cells.extend(self.eliminations.iter().map(|&(c, _)| c));
            }
            cells.sort_small();
            cells.dedup();
            cells
                .into_iter()
                .map(|cell| CellName { cell, side: n }.to_string())
                .collect()
        } else {
            let mut houses = self.highlight.houses.clone();
            houses.dedup();
            houses.into_iter().map(|h| h.to_string()).collect()
        };
        join(&names)
    }

    /// This step as a hint of `level`: "look at box 3", "a hidden single
    /// in box 3", or the explanation.
    #[must_use]
    pub fn describe(&self, level: HintLevel) -> String {
        let place = self.location();
        let at = if self.highlight.houses.is_empty() {
            "at"
        } else {
            "in"
        };
        match level {
            HintLevel::Where => format!("look at {place}"),
            HintLevel::Technique => {
                let name = self.technique.name();
                let article = match name.as_bytes()[0] {
                    b'a' | b'e' | b'i' | b'o' | b'u' | b'x' => "an",
                    b'0'..=b'9' => "",
                    _ => "a",
                };
                let article = if article.is_empty() {
                    String::new()
                } else {
                    format!("{article} ")
                };
                format!("{article}{name} {at} {place}")
            }
            HintLevel::Move => self.explanation().into_owned(),
        }
    }
}

impl Hint {
    /// The cells this hint points to: the mistakes (wrong entries, then
    /// cells whose marks lack their value), or a step's highlighted cells
    /// (else those it fills or clears), in cell order; none for the others.
    #[must_use]
    pub fn cells(&self) -> Vec<Cell> {
        let mut cells: Vec<Cell> = match self {
            Hint::Mistakes { entries, marks } => {
                return entries.iter().chain(marks).copied().collect();
            }
            Hint::Step(step) if !step.highlight.cells.is_empty() => {
                step.highlight.cells().collect()
            }
            Hint::Step(step) => step
                .placements()
                .chain(step.eliminations())
                .map(|(c, _)| c)
                .collect(),
            _ => Vec::new(),
        };
        cells.sort_small();
        cells.dedup();
        cells
    }

    /// This hint as a person reads it at `level`: for a step,
    /// [`Step::describe`]; for mistakes, that there are some, then how many,
    /// then the cells.
    #[must_use]
    pub fn describe(&self, level: HintLevel) -> String {
        let cells = |cells: &[Cell]| -> String {
            let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
            join(&names)
        };
        let count = |k: usize, one: &str, many: &str| {
            if k == 1 {
                format!("1 {one}")
            } else {
                format!("{k} {many}")
            }
        };
        match self {
            Hint::Step(step) => step.describe(level),
            Hint::Mistakes { entries, marks } => {
                let mut out = String::new();
                let parts = [
                    (
                        entries,
                        "wrong entry",
                        "wrong entries",
                        "some entries are wrong",
                    ),
                    (
                        marks,
                        "cell whose pencil marks lack its value",
                        "cells whose pencil marks lack their value",
                        "some pencil marks leave out a cell's value",
                    ),
                ];
                for (list, one, many, vague) in parts {
                    if list.is_empty() {
                        continue;
                    }
                    if !out.is_empty() {
                        out.push_str("; ");
                    }
                    let _ = match level {
                        HintLevel::Where => write!(out, "{vague}"),
                        HintLevel::Technique => write!(out, "{}", count(list.len(), one, many)),
                        HintLevel::Move => {
                            write!(out, "{}: {}", count(list.len(), one, many), cells(list))
                        }
                    };
                }
                out
            }
            Hint::Solved => "solved".to_string(),
            Hint::Stuck => "stuck: no step of the ladder applies".to_string(),
            Hint::NotUnique => "the puzzle has several solutions".to_string(),
        }
    }
}

/// "a", "a and b", "a, b and c".
fn join(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
