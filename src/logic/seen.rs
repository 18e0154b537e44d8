//! What one climb of the ladder has seen, for later rungs on the same grid.
//!
//! A direct rung (direct pointing and claiming, direct hidden pair and
//! triple) looks at every set its plain rung would, and steps only on
//! those that also leave a single. When it finds none, it has already
//! met the plain rung's first set: it keeps it here, and the plain rung,
//! higher on the same climb, takes it without a second scan.

/// A value locked from one house into where it meets another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Locked {
    pub(crate) value: u16,
    pub(crate) src: usize,
    pub(crate) dst: usize,
    pub(crate) intersection: usize,
}

/// A hidden set: its house, its values and its places there, as masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HiddenSet {
    pub(crate) house: usize,
    pub(crate) values: u64,
    pub(crate) places: u64,
}

/// The first set of each plain rung, once a direct rung has looked at
/// them all (`None` until then; `Some(None)` when there is none).
#[derive(Clone, Debug, Default)]
pub(crate) struct Seen {
    pub(crate) locked: Option<Option<Locked>>,
    /// Hidden pairs (`[0]`) and triples (`[1]`).
    pub(crate) hidden: [Option<Option<HiddenSet>>; 2],
}
