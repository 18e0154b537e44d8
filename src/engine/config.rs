//! How the general engine searches: named strategies, and the presets that pick them for each board size.

/// Which rules propagation runs, and how it queues their checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Locked candidates (pointing and claiming).
    pub locked: bool,
    /// Naked and hidden pairs.
    pub pairs: bool,
    /// Queue a house-digit check only where it can act: the same fixpoint, less work.
    pub lazy: bool,
    /// Count the cells and house-digits left with two choices (a probe's reach).
    pub count_pairs: bool,
    /// Full all-different filtering of each house.
    pub alldiff: bool,
    /// Houses with more open cells than this are left to the other rules by the filter.
    pub alldiff_max: usize,
}

impl Default for Rules {
    /// Singles alone.
    fn default() -> Self {
        Self {
            locked: false,
            pairs: false,
            lazy: false,
            count_pairs: false,
            alldiff: false,
            alldiff_max: 64,
        }
    }
}

impl Rules {
    /// The 25×25 search and its probes: locked candidates and pairs, queued
    /// lazily, pairs counted, no all-different filter. Propagation with
    /// these has its own compiled copy, the rules as constants (see
    /// docs/decisions/0003-general-engine-hot-paths.md).
    pub(crate) const HARD25: Self = Self {
        locked: true,
        pairs: true,
        lazy: true,
        count_pairs: true,
        alldiff: false,
        alldiff_max: 64,
    };
}
