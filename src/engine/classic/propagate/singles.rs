//! Naked and hidden singles: the assignments eliminations queue, made one by one.
//!
//! Finding singles is part of every elimination ([`State::eliminate_with`]
//! queues a cell left with one candidate, or a house-digit left with one
//! place); this rule makes the queued assignments.

use super::Rule;
use crate::engine::classic::state::{Contradiction, State};
use crate::engine::classic::tables::Tables;

/// Makes the queued assignments; its item is unused (the queue is its worklist).
pub(super) struct Singles;

impl Rule for Singles {
    #[inline(always)]
    fn apply<const FIXED: bool>(g: &Tables, st: &mut State, _: usize) -> Result<(), Contradiction> {
        while let Some((cell, d)) = st.next_queued() {
            match st.value(cell) {
                0 if st.cand(cell) & (1 << d) != 0 => st.assign::<FIXED>(g, cell, d)?,
                v if usize::from(v) == d + 1 => {}
                _ => return Err(st.fail_at(3 * g.n + cell)),
            }
        }
        Ok(())
    }
}
