//! Generation by rating: a range on the Sudoku Explainer scale and a technique the path must use.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::error::{UnknownName, by_name};
use crate::logic::{Logic, Technique};
use crate::model::puzzle::Puzzle;

/// A range of ratings on the Sudoku Explainer scale (ER), both ends
/// included, in tenths: 3.0-4.0 is `RatingRange::tenths(30, 40)`.
///
/// It reads from text as `3.0-4.0`, or `3.2` for one rating:
///
/// ```
/// use ndoku::generate::RatingRange;
///
/// let range: RatingRange = "3.0-4.0".parse()?;
/// assert_eq!(range, RatingRange::tenths(30, 40));
/// assert!(range.contains(32) && !range.contains(42));
/// assert_eq!(range.to_string(), "3.0-4.0");
/// assert!("4.0-3.0".parse::<RatingRange>().is_err());
/// # Ok::<(), ndoku::generate::RatingRangeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RatingRange {
    min: u16,
    max: u16,
}

/// Why text is not a [`RatingRange`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum RatingRangeError {
    /// The text is not a rating such as `3.2` or a range such as `3.0-4.0`.
    #[error("expected a rating such as 3.2 or a range such as 3.0-4.0, found {text:?}")]
    Syntax {
        /// The text given.
        text: String,
    },
    /// The range runs backwards.
    #[error("the range {text:?} runs backwards")]
    Backwards {
        /// The text given.
        text: String,
    },
}

impl RatingRange {
    /// The ratings from `min` to `max` tenths, both included (`max` is at
    /// least `min`).
    #[must_use]
    pub fn tenths(min: u16, max: u16) -> Self {
        Self {
            min,
            max: max.max(min),
        }
    }

    /// The lowest rating, in tenths.
    #[must_use]
    pub fn min(&self) -> u16 {
        self.min
    }

    /// The highest rating, in tenths.
    #[must_use]
    pub fn max(&self) -> u16 {
        self.max
    }

    /// Whether a rating of `tenths` is in the range.
    #[must_use]
    pub fn contains(&self, tenths: u16) -> bool {
        (self.min..=self.max).contains(&tenths)
    }
}

/// The ratings in both `a` and `b` (either, when the other is `None`); a
/// range no rating reaches (from `u16::MAX`) when they do not overlap.
pub(crate) fn both(a: Option<RatingRange>, b: Option<RatingRange>) -> Option<RatingRange> {
    match (a, b) {
        (Some(a), Some(b)) => {
            let (min, max) = (a.min().max(b.min()), a.max().min(b.max()));
            Some(if min <= max {
                RatingRange::tenths(min, max)
            } else {
                RatingRange::tenths(u16::MAX, u16::MAX)
            })
        }
        (a, b) => a.or(b),
    }
}

/// Reads `3.2` (or `3`) as 32 tenths.
fn parse_tenths(text: &str) -> Option<u16> {
    let (whole, tenth) = text.trim().split_once('.').unwrap_or((text.trim(), "0"));
    if whole.is_empty() || tenth.len() != 1 {
        return None;
    }
    let whole: u16 = whole.parse().ok()?;
    let tenth: u16 = tenth.parse().ok()?;
    whole.checked_mul(10)?.checked_add(tenth)
}

impl FromStr for RatingRange {
    type Err = RatingRangeError;

    /// Reads `3.0-4.0`, or `3.2` for that one rating.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax = || RatingRangeError::Syntax {
            text: text.to_owned(),
        };
        let (lo, hi) = text.split_once('-').unwrap_or((text, text));
        let (min, max) = (
            parse_tenths(lo).ok_or_else(syntax)?,
            parse_tenths(hi).ok_or_else(syntax)?,
        );
        if min > max {
            return Err(RatingRangeError::Backwards {
                text: text.to_owned(),
            });
        }
        Ok(Self { min, max })
    }
}

impl fmt::Display for RatingRange {
    /// `3.0-4.0`, or `3.2` when both ends are the same.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |t: u16| format!("{}.{}", t / 10, t % 10);
        if self.min == self.max {
            f.write_str(&show(self.min))
        } else {
            write!(f, "{}-{}", show(self.min), show(self.max))
        }
    }
}

/// One technique of each name, in the ladder's order: what
/// [`Technique`]'s `FromStr` reads.
const NAMED: [Technique; 71] = [
    Technique::FullHouse,
    Technique::HiddenSingleBox,
    Technique::DirectPointing,
    Technique::DirectClaiming,
    Technique::DirectHiddenPair,
    Technique::NakedSingle,
    Technique::DirectHiddenTriple,
    Technique::Pointing,
    Technique::Claiming,
    Technique::NakedPair,
    Technique::XWing,
    Technique::HiddenPair,
    Technique::NakedTriple,
    Technique::Swordfish,
    Technique::HiddenTriple,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::GroupedTwoLinks,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::UniqueLoop {
        kind: 1,
        cells: 4,
        values: 0,
        hidden: false,
    },
    Technique::UniqueLoop {
        kind: 1,
        cells: 6,
        values: 0,
        hidden: false,
    },
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::StrongLinks {
        links: 3,
        boxed: false,
        crossed: false,
        grouped: false,
        ring: false,
    },
    Technique::StrongLinks {
        links: 3,
        boxed: false,
        crossed: true,
        grouped: false,
        ring: false,
    },
    Technique::StrongLinks {
        links: 3,
        boxed: true,
        crossed: false,
        grouped: false,
        ring: false,
    },
    Technique::StrongLinks {
        links: 3,
        boxed: false,
        crossed: false,
        grouped: true,
        ring: false,
    },
    Technique::StrongLinks {
        links: 3,
        boxed: false,
        crossed: false,
        grouped: false,
        ring: true,
    },
    Technique::BugPlusOne,
    Technique::BugType2,
    Technique::BugType3 { values: 2 },
    Technique::BugType4,
    Technique::StrongLinks {
        links: 4,
        boxed: false,
        crossed: false,
        grouped: false,
        ring: false,
    },
    Technique::StrongLinks {
        links: 4,
        boxed: true,
        crossed: false,
        grouped: false,
        ring: false,
    },
    Technique::StrongLinks {
        links: 4,
        boxed: false,
        crossed: false,
        grouped: true,
        ring: false,
    },
    Technique::StrongLinks {
        links: 4,
        boxed: false,
        crossed: false,
        grouped: false,
        ring: true,
    },
    Technique::StrongLinks {
        links: 5,
        boxed: false,
        crossed: false,
        grouped: false,
        ring: false,
    },
    Technique::StrongLinks {
        links: 5,
        boxed: true,
        crossed: false,
        grouped: false,
        ring: false,
    },
    Technique::StrongLinks {
        links: 5,
        boxed: false,
        crossed: false,
        grouped: true,
        ring: false,
    },
    Technique::StrongLinks {
        links: 5,
        boxed: false,
        crossed: false,
        grouped: false,
        ring: true,
    },
    Technique::StrongLinks {
        links: 6,
        boxed: false,
        crossed: false,
        grouped: false,
        ring: false,
    },
    Technique::StrongLinks {
        links: 6,
        boxed: true,
        crossed: false,
        grouped: false,
        ring: false,
    },
    Technique::StrongLinks {
        links: 6,
        boxed: false,
        crossed: false,
        grouped: true,
        ring: false,
    },
    Technique::StrongLinks {
        links: 6,
        boxed: false,
        crossed: false,
        grouped: false,
        ring: true,
    },
    Technique::WxyzWing {
        largest: 3,
        double: false,
    },
    Technique::VwxyzWing {
        largest: 3,
        double: false,
    },
    Technique::AlignedPairExclusion,
    Technique::UvwxyzWing {
        largest: 3,
        double: false,
    },
    Technique::TuvwxyzWing {
        largest: 3,
        double: false,
    },
    Technique::AlsXz {
        cells: 4,
        double: false,
    },
    Technique::WWing,
    Technique::FinnedXWing,
    Technique::FinnedSwordfish,
    Technique::FinnedJellyfish,
    Technique::XCycle { nodes: 0 },
    Technique::YCycle { nodes: 0 },
    Technique::XyCycle { nodes: 0 },
    Technique::ForcingXChain { nodes: 0 },
    Technique::ForcingChain { nodes: 0 },
    Technique::AlignedTripletExclusion,
    Technique::NishioForcingChain { nodes: 0 },
    Technique::CellForcingChains { nodes: 0 },
    Technique::RegionForcingChains { nodes: 0 },
    Technique::ContradictionForcingChain { nodes: 0 },
    Technique::DoubleForcingChain { nodes: 0 },
    Technique::DynamicCellForcingChains { nodes: 0 },
    Technique::DynamicRegionForcingChains { nodes: 0 },
];

impl FromStr for Technique {
    type Err = UnknownName;

    /// Reads a technique by [`Technique::name`], in any letter case: one of
    /// that name ("hidden single" is the one in a box, "unique rectangle"
    /// one of type 1).
    ///
    /// # Errors
    ///
    /// [`UnknownName`] for any other name, listing the names there are.
    ///
    /// ```
    /// use ndoku::logic::Technique;
    ///
    /// assert_eq!("X-Wing".parse::<Technique>()?, Technique::XWing);
    /// let err = "x-chain".parse::<Technique>().unwrap_err();
    /// assert!(err.to_string().contains("swordfish"));
    /// # Ok::<(), ndoku::generate::UnknownName>(())
    /// ```
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        by_name(name, "technique", &NAMED)
    }
}

/// What a puzzle generated by rating must meet: a rating range, a
/// technique its path uses, or both (see [`Generator::with_rating`](crate::Generator::with_rating)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RatingGoal {
    /// The range its SE rating must fall in.
    pub range: Option<RatingRange>,
    /// A technique its path must use: any technique of the same
    /// [`Technique::name`].
    pub technique: Option<Technique>,
}

impl RatingGoal {
    /// Whether anything is asked for.
    pub(crate) fn is_set(&self) -> bool {
        self.range.is_some() || self.technique.is_some()
    }

    /// Whether `puzzle`, known to have one solution, meets the goal: the
    /// ladder solves it, within the range, using the technique. A
    /// technique SE lacks is looked for on the path with the extras on.
    pub(crate) fn met_by(&self, puzzle: &Puzzle) -> bool {
        let logic = Logic::new().assume_unique(true);
        if let Some(range) = self.range {
            let tenths = logic.rate(puzzle).ok().and_then(|r| r.tenths());
            if !tenths.is_some_and(|t| range.contains(t)) {
                return false;
            }
        }
        if let Some(want) = self.technique {
            let logic = logic.with_extras(!want.is_rated());
            let uses = |p: &crate::logic::Path| {
                p.solved && p.steps.iter().any(|s| s.technique.name() == want.name())
            };
            if !logic.solve_path(puzzle).is_ok_and(|p| uses(&p)) {
                return false;
            }
        }
        true
    }
}

impl fmt::Display for RatingGoal {
    /// "rated 3.0-4.0", "that needs x-wing", or both.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.range, self.technique) {
            (Some(r), Some(t)) => write!(f, "rated {r} that needs {t}"),
            (Some(r), None) => write!(f, "rated {r}"),
            (None, Some(t)) => write!(f, "that needs {t}"),
            (None, None) => f.write_str("of any rating"),
        }
    }
}
