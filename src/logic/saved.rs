//! A [`Step`] as serde writes it (feature `serde`): its fields and its explanation as text.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::step::{Highlight, Step, Technique};

/// A step's public fields and its words, written out.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename = "Step")]
struct StepData {
    technique: Technique,
    placements: Vec<(usize, u16)>,
    eliminations: Vec<(usize, u16)>,
    highlight: Highlight,
    explanation: String,
}

impl From<Step> for StepData {
    fn from(step: Step) -> Self {
        Self {
            explanation: step.explanation().into_owned(),
            technique: step.technique,
            placements: step.placements,
            eliminations: step.eliminations,
            highlight: step.highlight,
        }
    }
}

impl From<StepData> for Step {
    fn from(data: StepData) -> Self {
        let mut step = Step::new(data.technique, data.explanation);
        step.placements = data.placements;
        step.eliminations = data.eliminations;
        step.highlight = data.highlight;
        step
    }
}

impl Serialize for Step {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        StepData::from(self.clone()).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        StepData::deserialize(deserializer).map(Step::from)
    }
}
