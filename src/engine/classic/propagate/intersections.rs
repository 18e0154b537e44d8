//! Locked candidates: a digit confined to where two houses meet leaves the rest of the other house.

use super::Rule;
use crate::engine::classic::state::{Contradiction, State};
use crate::engine::classic::tables::Tables;

/// Where a digit's places in one house all lie in the house's intersection
/// with another house, removes the digit from the rest of that other house
/// (pointing and claiming).
pub(super) struct Intersections;

impl Rule for Intersections {
    #[inline(always)]
    fn apply<const FIXED: bool>(
        g: &Tables,
        st: &mut State,
        slot: usize,
    ) -> Result<(), Contradiction> {
        let (n, w) = (g.n, g.boxw);
        let (h, d) = g.split(slot);
        let m = st.places(slot);
        if m & m.wrapping_sub(1) == 0 {
            return Ok(()); // placed, or about to be: singles cover it
        }
        // Positions by box row and column come from tables, not divisions
        // by the box width (`quot`, `rem`, `segment`, `stripe`).
        let p = m.trailing_zeros() as usize;
        // (house to clear, positions in it to keep)
        let target = if h < 2 * n {
            // A row or column: are its places inside one box?
            if m & !g.segment[p] != 0 {
                return Ok(());
            }
            let k = usize::from(g.quot[p]);
            let line = if h < n { h } else { h - n };
            let (lq, lr) = (usize::from(g.quot[line]), usize::from(g.rem[line]));
            if h < n {
                // Row `line`, box (line / w, k): keep the box's row `line % w`.
                (2 * n + lq * w + k, g.segment[lr * w])
            } else {
                // Column `line`, box (k, line / w): keep the box's column `line % w`.
                (2 * n + k * w + lq, g.stripe[lr])
            }
        } else {
            let b = h - 2 * n;
            let (bq, br) = (usize::from(g.quot[b]), usize::from(g.rem[b]));
            if m & !g.segment[p] == 0 {
                // Inside the box's row p / w: clear the rest of that row.
                (bq * w + usize::from(g.quot[p]), g.segment[br * w])
            } else if m & !g.stripe[p] == 0 {
                // Inside the box's column p % w: clear the rest of that column.
                (n + br * w + usize::from(g.rem[p]), g.segment[bq * w])
            } else {
                return Ok(());
            }
        };
        let (house, keep) = target;
        let mut rest = st.places(house * n + d) & !keep;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            st.eliminate_with::<FIXED>(g, g.house_cells[house * n + p] as usize, d)?;
        }
        Ok(())
    }
}
