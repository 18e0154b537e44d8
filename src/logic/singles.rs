//! Singles: full house, hidden single (box first, then lines and other houses) and naked single.

use super::grid::{Candidates, bit, values_of};
use super::step::{Step, Technique};

/// The last empty cell of a house; else a value with one place in a box,
/// then in a column, a row or another house: SE's order.
pub(crate) fn hidden_single(g: &Candidates) -> Option<Step> {
    let layout = &g.layout;
    // Boxes, columns, rows, then the rest, as SE looks.
    let order = &layout.order_full;
    let empty = |h: usize| g.empty_count(h);
    let full_house = order
        .iter()
        .filter(|&&h| empty(h) == 1)
        .find_map(|&h| single_in(g, h, Technique::FullHouse));
    let in_box = || {
        order
            .iter()
            .filter(|&&h| empty(h) > 1 && layout.houses[h].is_box())
            .find_map(|&h| single_in(g, h, Technique::HiddenSingleBox))
    };
    let elsewhere = || {
        order
            .iter()
            .filter(|&&h| empty(h) > 1 && !layout.houses[h].is_box())
            .find_map(|&h| single_in(g, h, Technique::HiddenSingleLine))
    };
    full_house.or_else(in_box).or_else(elsewhere)
}

/// A value with one place in house `h`: the one empty cell of a full
/// house, or one of several.
fn single_in(g: &Candidates, h: usize, technique: Technique) -> Option<Step> {
    let house = &g.layout.houses[h];
    let (v, places) = g
        .house_places(h)
        .iter()
        .enumerate()
        .find(|(_, p)| p.count_ones() == 1)?;
    let v = v as u16 + 1;
    let cell = house.cells[places.trailing_zeros() as usize] as usize;
    Some(Step::single(
        technique,
        Some((h, house.name())),
        g.cell_name(cell),
        v,
    ))
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
