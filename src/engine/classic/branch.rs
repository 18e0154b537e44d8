//! Where to branch: the cell or house-digit with the fewest choices, weighed by failures, and the order to try its values.

use super::bits::two_bits;
use super::frame::{Branch, Frame};
use super::state::State;
use super::tables::Tables;
use crate::engine::noise::Noise;
use crate::model::board::zero_bytes;

impl Frame {
    /// Of the choices in `live`, the one that takes the fewest candidates from
    /// other cells: for a cell, the digit with the fewest other places in the
    /// cell's three houses (ties to the lowest digit); for a house-digit, the
    /// first place, or with `places`, the place whose cell has the fewest
    /// other candidates plus other places of the digit in the cell's two
    /// other houses (ties to the first place).
    pub fn least_constraining(&self, g: &Tables, state: &State, live: u64, places: bool) -> usize {
        let cell = match self.branch {
            Branch::Cell(cell) => cell,
            Branch::Place { house, digit } if places => {
                return least_constraining_place(g, state, house, digit, live);
            }
            Branch::Place { .. } => return live.trailing_zeros() as usize,
        };
        let houses = &g.cell_houses[cell as usize];
        let mut best = (u32::MAX, 0usize);
        let mut bits = live;
        while bits != 0 {
            let d = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let others: u32 = houses
                .iter()
                .map(|&(_, _, h)| state.places(h as usize * g.n + d).count_ones())
                .sum();
            if others < best.0 {
                best = (others, d);
            }
        }
        best.1
    }

    /// The choice of `live` that agrees with `hint` (a value per cell, 0 for
    /// none), if there is one.
    pub fn hinted(&self, g: &Tables, hint: &[u8], live: u64) -> Option<usize> {
        match self.branch {
            Branch::Cell(cell) => {
                let d = usize::from(hint[cell as usize]).checked_sub(1)?;
                (live >> d & 1 == 1).then_some(d)
            }
            Branch::Place { house, digit } => {
                let cells = &g.house_cells[house as usize * g.n..][..g.n];
                (0..g.n).find(|&k| {
                    live >> k & 1 == 1
                        && usize::from(hint[cells[k] as usize]) == usize::from(digit) + 1
                })
            }
        }
    }
}

/// Of the places in `live` of digit `digit` in house `house`, the one that
/// takes the fewest candidates from other cells: the place whose cell has the
/// fewest candidates plus places of the digit in the cell's two other houses
/// (ties to the first place). Each of those, but for the cell's own digit
/// and place, is a candidate the assignment removes; the digit's other
/// places in `house` go whichever place is taken.
fn least_constraining_place(g: &Tables, state: &State, house: u16, digit: u8, live: u64) -> usize {
    let mut best = (u32::MAX, 0usize);
    let mut bits = live;
    while bits != 0 {
        let p = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let cell = g.house_cells[house as usize * g.n + p] as usize;
        let others: u32 = state.cand(cell).count_ones()
            + g.cell_houses[cell]
                .iter()
                .filter(|&&(_, _, h)| u16::from(h) != house)
                .map(|&(_, _, h)| state.places(h as usize * g.n + digit as usize).count_ones())
                .sum::<u32>();
        if others < best.0 {
            best = (others, p);
        }
    }
    best.1
}

/// Picks where to branch: the open cell with the fewest candidates (MRV), or,
/// when strictly fewer, the house-digit with the fewest places, if that is at
/// most `max_places`. Ties go to the first in row-major order from a starting
/// cell, which is cell 0, or a random one when there is `noise`. The state
/// must be at a fixpoint of propagation (no open cell with one candidate).
pub(crate) fn choose(
    g: &Tables,
    state: &mut State,
    max_places: u32,
    noise: Option<&mut Noise>,
) -> Branch {
    let cells = g.n * g.n;
    let start = noise.map_or(0, |r| r.below(cells as u32) as usize);
    // Two choices are the fewest an open cell or a house-digit has at a
    // fixpoint: the first two-way cell from `start` is what a scan of every
    // cell would stop at, and failing one, the first two-place house-digit
    // is what a scan of every house-digit would. The two-way sets find
    // them without either scan.
    state.sync_twos(g);
    if let Some(cell) = state.first_two_way_cell(start) {
        return Branch::Cell(cell as u16);
    }
    if max_places >= 2
        && let Some(slot) = state.two_way_slots().next()
    {
        return place_branch(g, slot);
    }
    let mut best = u32::MAX;
    let mut branch = Branch::Cell(0);
    for cell in (start..cells).chain(0..start) {
        if state.value(cell) != 0 {
            continue;
        }
        let k = state.cand(cell).count_ones();
        if k < best {
            best = k;
            branch = Branch::Cell(cell as u16);
        }
    }
    if max_places >= 3 {
        for (slot, &p) in state.all_places().iter().enumerate() {
            if let Some(k) = branch_places(p, max_places)
                && k < best
            {
                best = k;
                branch = place_branch(g, slot);
            }
        }
    }
    branch
}

/// The branch on the places of house-digit `slot`.
pub(super) fn place_branch(g: &Tables, slot: usize) -> Branch {
    let (house, digit) = g.split(slot);
    Branch::Place {
        house: house as u16,
        digit: digit as u8,
    }
}

/// The places of house-digit mask `p` when a branch may take it, from two
/// to `max_places`. Where only two may count (36×36 up) a test for two bits
/// answers without a popcount, which runs on every house-digit of each
/// branch choice (see docs/decisions/0007-branch-point-scans.md).
fn branch_places(p: u64, max_places: u32) -> Option<u32> {
    if max_places < 2 {
        None
    } else if two_bits(p) {
        Some(2)
    } else if max_places == 2 {
        None
    } else {
        let k = p.count_ones();
        (3..=max_places).contains(&k).then_some(k)
    }
}

/// The band (a row of boxes, from 0 at the top) of the first open cell in
/// row-major order, or `None` when every cell is filled: where a banded
/// search (see `Branching::banded`) branches next.
pub(crate) fn open_band(g: &Tables, state: &State) -> Option<usize> {
    // Eight cells a step, testing a word for a zero byte (see
    // docs/decisions/0007-branch-point-scans.md). The test is exact, so its
    // lowest byte is the first open cell of the word.
    let words = state.values().chunks_exact(8);
    let tail = words.remainder();
    let first = words
        .map(|w| zero_bytes(u64::from_le_bytes(w.try_into().expect("eight bytes"))))
        .enumerate()
        .find(|&(_, zeros)| zeros != 0)
        .map(|(k, zeros)| 8 * k + zeros.trailing_zeros() as usize / 8)
        .or_else(|| {
            let at = tail.iter().position(|&v| v == 0)?;
            Some(state.values().len() - tail.len() + at)
        })?;
    Some(first / (g.n * g.boxw))
}

/// Whether `branch` lies in band `band`: its cell, or both remaining places
/// of its house-digit.
pub(super) fn in_band(g: &Tables, state: &State, branch: Branch, band: usize) -> bool {
    match branch {
        Branch::Cell(cell) => usize::from(cell) / (g.n * g.boxw) == band,
        Branch::Place { house, digit } => {
            let slot = usize::from(house) * g.n + usize::from(digit);
            slot_in_band(g, slot, state.places(slot), band)
        }
    }
}

/// Whether every place in `places` of house-digit `slot` lies in band
/// `band`: a row's or a box's when the house does, a column's when each
/// place (a row) does.
fn slot_in_band(g: &Tables, slot: usize, places: u64, band: usize) -> bool {
    let (house, _) = g.split(slot);
    let n = g.n;
    if house < n {
        house / g.boxw == band
    } else if house < 2 * n {
        let rows = ((1u64 << g.boxw) - 1) << (band * g.boxw);
        places & !rows == 0
    } else {
        (house - 2 * n) / g.boxw == band
    }
}

/// [`choose`] weighted by failures (dom/wdeg): the open cell with the fewest
/// candidates for its weight, one plus the failures charged to its three
/// houses, or a house-digit with at most `max_places` places for the weight
/// of its house, when that is strictly better. With no failures charged yet
/// it picks what [`choose`] picks.
///
/// With `band`, only the cells of that band (see [`open_band`]) and the
/// house-digits with both places in it count; a banded search branches on
/// house-digits of two places only (`max_places` 2).
pub(crate) fn choose_weighted(
    g: &Tables,
    state: &mut State,
    max_places: u32,
    weights: &[u32],
    noise: Option<&mut Noise>,
    band: Option<usize>,
) -> Branch {
    debug_assert!(band.is_none() || max_places == 2);
    let cells = match band {
        Some(b) => b * g.n * g.boxw..(b + 1) * g.n * g.boxw,
        None => 0..g.n * g.n,
    };
    let start = cells.start + noise.map_or(0, |r| r.below(cells.len() as u32) as usize);
    // The best ratio so far, candidates over weight: (k, w). It starts above
    // any count of candidates or places (at most 64), small enough that the
    // cross products below cannot overflow (weights are at most 3 × u32::MAX).
    let mut best = (65u64, 1u64);
    let mut branch = Branch::Cell(0);
    let mut consider_cell = |cell: usize| {
        if state.value(cell) != 0 {
            return;
        }
        let w = 1 + g.cell_houses[cell]
            .iter()
            .map(|&(_, _, h)| u64::from(weights[h as usize]))
            .sum::<u64>();
        // An open cell has two candidates or more at a fixpoint: where even
        // two would not beat the best, skip the count (a popcount is no
        // baseline x86-64 instruction).
        if 2 * best.1 >= best.0 * w {
            return;
        }
        let k = u64::from(state.cand(cell).count_ones());
        if k * best.1 < best.0 * w {
            best = (k, w);
            branch = Branch::Cell(cell as u16);
        }
    };
    // Two plain ranges rather than a chained iterator, which tests which
    // half it is in at every step.
    (start..cells.end).for_each(&mut consider_cell);
    (cells.start..start).for_each(&mut consider_cell);
    let mut consider = |slot: usize, k: u32| {
        let (k, w) = (u64::from(k), 1 + u64::from(weights[slot / g.n]));
        if k * best.1 < best.0 * w {
            best = (k, w);
            branch = place_branch(g, slot);
        }
    };
    if max_places == 2 {
        // Only two-place house-digits may count: take them from the
        // two-way set rather than test all 3n².
        state.sync_twos(g);
        let places = state.all_places();
        state
            .two_way_slots()
            .filter(|&slot| band.is_none_or(|b| slot_in_band(g, slot, places[slot], b)))
            .for_each(|slot| consider(slot, 2));
    } else {
        for (slot, &p) in state.all_places().iter().enumerate() {
            if let Some(k) = branch_places(p, max_places) {
                consider(slot, k);
            }
        }
    }
    branch
}

/// Charges a failure at `conflict` (see `State::conflict`) to its house, or
/// to the three houses of its cell.
pub(super) fn charge(g: &Tables, weights: &mut [u32], conflict: usize) {
    if conflict < 3 * g.n {
        weights[conflict] = weights[conflict].saturating_add(1);
    } else {
        for &(_, _, h) in &g.cell_houses[conflict - 3 * g.n] {
            weights[h as usize] = weights[h as usize].saturating_add(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// do, for every house of the 64×64 and 9×9 geometries and for places
    /// at every pair of positions; and the open band is that of the first
    /// open cell.
    #[test]
    fn bands_hold_what_their_cells_say() {
        for boxw in [3, 8] {
            let g = Tables::new(boxw);
            let n = g.n;
            let band_of = |cell: usize| cell / (n * boxw);
            for h in 0..3 * n {
                let slot = h * n + 1;
                for p in 0..n {
                    for q in p + 1..n {
                        let places = 1u64 << p | 1u64 << q;
                        let cells = [p, q].map(|k| usize::from(g.house_cells[h * n + k]));
                        for b in 0..boxw {
                            let want = cells.iter().all(|&c| band_of(c) == b);
                            assert_eq!(slot_in_band(&g, slot, places, b), want, "{h} {p} {q} {b}");
                        }
                    }
                }
            }
            let mut st = State::new(&g);
            let mut givens = vec![1u8; n * n];
            assert_eq!(open_band(&g, &st), Some(0));
            for first in [0, 7, 8, 9, n * boxw - 1, n * boxw, n * n - 1] {
                givens.fill(1);
                givens[first] = 0;
                st.reset(&g, &givens);
                st.overwrite_values(&givens);
                assert_eq!(open_band(&g, &st), Some(band_of(first)), "{first}");
            }
            st.overwrite_values(&vec![1; n * n]);
            assert_eq!(open_band(&g, &st), None);
        }
    }
}
