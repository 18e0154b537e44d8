//! The undo log: every change to the candidate masks, newest last, so that a search steps back exactly.

/// Marks an entry as an assignment rather than an elimination.
const ASSIGNED: u32 = 1 << 31;

/// One change on the trail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Change {
    /// A cell took a value.
    Assigned(usize),
    /// A digit left a cell's candidates (and its places in the cell's houses).
    Eliminated(usize, usize),
}

/// The changes since the search began, newest last; a length is a mark to
/// undo back to.
#[derive(Clone, Debug, Default)]
pub(super) struct Trail(Vec<u32>);

impl Trail {
    /// An empty trail with room for `capacity` changes.
    pub(super) fn with_capacity(capacity: usize) -> Self {
        Self(Vec::with_capacity(capacity))
    }

    /// Notes that `cell` took a value.
    #[inline(always)]
    pub(super) fn assigned(&mut self, cell: usize) {
        self.0.push(cell as u32 | ASSIGNED);
    }

    /// Notes that digit `d` left `cell`.
    #[inline(always)]
    pub(super) fn eliminated(&mut self, cell: usize, d: usize) {
        self.0.push((cell as u32) << 6 | d as u32);
    }

    /// The number of changes: a mark to undo back to.
    #[inline(always)]
    pub(super) fn len(&self) -> usize {
        self.0.len()
    }

    /// The changes made since `mark`, oldest first, as raw entries to [`Trail::decode`].
    #[inline(always)]
    pub(super) fn since(&self, mark: usize) -> &[u32] {
        &self.0[mark.min(self.0.len())..]
    }

    /// The change an entry of [`Trail::since`] stands for.
    #[inline(always)]
    pub(super) fn decode(entry: u32) -> Change {
        if entry & ASSIGNED != 0 {
            Change::Assigned((entry & !ASSIGNED) as usize)
        } else {
            Change::Eliminated((entry >> 6) as usize, (entry & 63) as usize)
        }
    }

    /// The change at position `i` (below [`Trail::len`]).
    #[inline(always)]
    pub(super) fn change(&self, i: usize) -> Change {
        Self::decode(self.0[i])
    }

    /// Drops the changes made since `mark` (the caller has undone them).
    #[inline(always)]
    pub(super) fn truncate(&mut self, mark: usize) {
        self.0.truncate(mark);
    }

    /// Drops every change.
    pub(super) fn clear(&mut self) {
        self.0.clear();
    }
}
