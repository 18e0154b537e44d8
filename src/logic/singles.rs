//! Singles: full house, hidden single (box first, then lines and other houses) and naked single.

use super::grid::{Candidates, bit, values_of};
use super::step::{Step, Technique};

/// A single as found, before it is written up as a [`Step`]: a rating
/// places most of its path's singles straight from this.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Single {
    pub(crate) technique: Technique,
    /// The house a full house or hidden single lies in.
    pub(crate) house: Option<usize>,
    pub(crate) cell: usize,
    pub(crate) value: u16,
}

impl Single {
    /// The single as a step, with its highlight and words.
    pub(crate) fn step(self, g: &Candidates) -> Step {
        let house = self.house.map(|h| g.layout.houses[h].name());
        g.finish(Step::single(
            self.technique,
            house,
            g.cell_name(self.cell),
            self.value,
        ))
    }
}

/// The last empty cell of a house; else a value with one place in a box,
/// then in a column, a row or another house: SE's order.
pub(crate) fn hidden_single(g: &Candidates) -> Option<Step> {
    find_hidden_single(g).map(|s| s.step(g))
}

/// [`hidden_single`], as found.
pub(crate) fn find_hidden_single(g: &Candidates) -> Option<Single> {
    let layout = &g.layout;
    // Boxes, columns, rows, then the rest, as SE looks.
    let order = &layout.order_full;
    let find = |technique: Technique, wanted: &dyn Fn(usize) -> bool| {
        order
            .iter()
            .filter(|&&h| wanted(h))
            .find_map(|&h| single_in(g, h, technique))
    };
    let empty = |h: usize| g.empty_count(h);
    find(Technique::FullHouse, &|h| empty(h) == 1)
        .or_else(|| {
            find(Technique::HiddenSingleBox, &|h| {
                empty(h) > 1 && layout.houses[h].is_box()
            })
        })
        .or_else(|| {
            find(Technique::HiddenSingleLine, &|h| {
                empty(h) > 1 && !layout.houses[h].is_box()
            })
        })
}

/// A value with one place in house `h`: the one empty cell of a full
/// house, or one of several.
fn single_in(g: &Candidates, h: usize, technique: Technique) -> Option<Single> {
    let once = g.with_places(h, 1);
    if once == 0 {
        return None;
    }
    let v = once.trailing_zeros() as u16 + 1;
    let at = g.positions(h, v).trailing_zeros() as usize;
    Some(Single {
        technique,
        house: Some(h),
        cell: g.layout.houses[h].cells[at] as usize,
        value: v,
    })
}

/// An empty cell with one candidate.
pub(crate) fn naked_single(g: &Candidates) -> Option<Step> {
    (0..g.masks.len()).find_map(|cell| {
        let mask = g.masks[cell];
        (g.values[cell] == 0 && mask.count_ones() == 1).then(|| {
            let v = values_of(mask).next().unwrap_or(1);
            debug_assert_eq!(bit(v), mask);
            Step::single(Technique::NakedSingle, None, g.cell_name(cell), v)
        })
    })
}
