//! A [`Step`] and its [`Highlight`] as serde writes them (feature `serde`): cells and houses by name, the explanation as text.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::step::{Highlight, Step, Technique};
use crate::model::{Cell, HouseName};

/// A highlight written out: its board's side, cells and houses by name.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename = "Highlight")]
struct HighlightData {
    size: usize,
    cells: Vec<String>,
    houses: Vec<HouseName>,
    candidates: Vec<(String, u16)>,
}

/// A step's fields and its words, written out; its cells lie on its
/// highlight's board.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename = "Step")]
struct StepData {
    technique: Technique,
    placements: Vec<(String, u16)>,
    eliminations: Vec<(String, u16)>,
    highlight: HighlightData,
    explanation: String,
}

/// (cell name, value) pairs of (cell, value) ones.
fn named(pairs: impl Iterator<Item = (Cell, u16)>) -> Vec<(String, u16)> {
    pairs.map(|(c, v)| (c.to_string(), v)).collect()
}

/// The row-major index of the cell `name` on a board of `side`.
fn index<E: serde::de::Error>(name: &str, side: usize) -> Result<usize, E> {
    let cell: Cell = name.parse().map_err(E::custom)?;
    if cell.is_on(side) {
        Ok(cell.index(side))
    } else {
        Err(E::custom(format_args!(
            "cell {cell} is off the {side}×{side} board"
        )))
    }
}

/// Row-major (cell, value) pairs of named ones on a board of `side`.
fn indexed<E: serde::de::Error>(
    pairs: &[(String, u16)],
    side: usize,
) -> Result<Vec<(usize, u16)>, E> {
    pairs
        .iter()
        .map(|(name, v)| Ok((index(name, side)?, *v)))
        .collect()
}

impl From<&Highlight> for HighlightData {
    fn from(h: &Highlight) -> Self {
        Self {
            size: h.size(),
            cells: h.cells().map(|c| c.to_string()).collect(),
            houses: h.houses.clone(),
            candidates: named(h.candidates()),
        }
    }
}

impl HighlightData {
    fn into_highlight<E: serde::de::Error>(self) -> Result<Highlight, E> {
        let side = self.size;
        Ok(Highlight {
            side,
            cells: self
                .cells
                .iter()
                .map(|name| index(name, side))
                .collect::<Result<_, E>>()?,
            houses: self.houses,
            candidates: indexed(&self.candidates, side)?,
        })
    }
}

impl Serialize for Highlight {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        HighlightData::from(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Highlight {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        HighlightData::deserialize(deserializer)?.into_highlight()
    }
}

impl Serialize for Step {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        StepData {
            technique: self.technique,
            placements: named(self.placements()),
            eliminations: named(self.eliminations()),
            highlight: HighlightData::from(&self.highlight),
            explanation: self.explanation().into_owned(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = StepData::deserialize(deserializer)?;
        let side = data.highlight.size;
        let mut step = Step::new(data.technique, data.explanation);
        step.placements = indexed(&data.placements, side)?;
        step.eliminations = indexed(&data.eliminations, side)?;
        step.highlight = data.highlight.into_highlight()?;
        Ok(step)
    }
}
