//! Killer cages: the combinations a cage can still take, the values they all need, and innies and outies of houses and bands.
//!
//! A cage's analysis walks its cells in order, keeping the sets of values
//! the cells so far can take (different values, within reach of the sum):
//! at most 2^k sets for a cage of k cells, so cages of up to
//! [`MAX_CAGE_CELLS`] cells get steps. Innies and outies turn a house or a
//! band of houses, N(N+1)/2 each, into a sum over a few cells that need not
//! differ: up to [`MAX_SUM_CELLS`] empty cells, tried value by value.

use crate::sort::SmallSort;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use smallvec::SmallVec;

use super::grid::{Candidates, Layout, bit, joined, values_of};
use super::step::{CellName, Step, Technique};
use super::sums::{MAX_CAGE_CELLS, SumCage, SumSet};

/// The most empty cells an innie or outie sum may have for a step.
const MAX_SUM_CELLS: usize = 4;

/// The most value sets a cage's analysis keeps at one cell before it gives up.
const MAX_SETS: usize = 1 << 16;

/// What a cage can still take: its value sets (masks) and, per cell, the
/// values some way of filling the cage gives it.
pub(crate) struct Analysis {
    pub(crate) combos: Vec<u64>,
    support: SmallVec<[u64; MAX_CAGE_CELLS]>,
}

/// The mask of `cell`: its value's bit when filled, else its candidates.
pub(crate) fn mask_of(g: &Candidates, cell: usize) -> u64 {
    match g.values[cell] {
        0 => g.masks[cell],
        v => bit(v),
    }
}

/// The sum of the values of a mask.
fn mask_sum(mask: u64) -> u64 {
    values_of(mask).map(u64::from).sum()
}

/// Whether `r` more different values outside `used` can bring `have` to `sum`.
fn reachable(n: usize, used: u64, have: u64, r: usize, sum: u64) -> bool {
    let free = super::grid::full_mask(n) & !used;
    if (free.count_ones() as usize) < r {
        return false;
    }
    let low: u64 = values_of(free).take(r).map(u64::from).sum();
    let high: u64 = {
        let all: SmallVec<[u16; 64]> = values_of(free).collect();
        all[all.len() - r..].iter().map(|&v| u64::from(v)).sum()
    };
    have + low <= sum && sum <= have + high
}

/// The last analysis of each cage of one layout, with the masks of its
/// cells it was made on: a step changes few cages, and each rung that
/// reads the cages would otherwise analyse them all again.
#[derive(Default)]
struct Memo {
    layout: Option<Arc<Layout>>,
    entries: Vec<Option<(Masks, Option<Rc<Analysis>>)>>,
}

/// The masks of a cage's cells.
type Masks = SmallVec<[u64; MAX_CAGE_CELLS]>;

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// [`analyse`] of cage `i` of `g`'s layout, remembered while its cells'
/// masks stay the same.
pub(crate) fn remembered(g: &Candidates, i: usize) -> Option<Rc<Analysis>> {
    let cage = &g.layout.cages.cages[i];
    let masks: Masks = cage.cells.iter().map(|&c| mask_of(g, c as usize)).collect();
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        let same = memo
            .layout
            .as_ref()
            .is_some_and(|l| Arc::ptr_eq(l, &g.layout));
        if !same {
            memo.layout = Some(Arc::clone(&g.layout));
            memo.entries = vec![None; g.layout.cages.cages.len()];
        }
        if let Some((seen, a)) = &memo.entries[i]
            && *seen == masks
        {
            return a.clone();
        }
        let a = analyse(g, cage).map(Rc::new);
        memo.entries[i] = Some((masks, a.clone()));
        a
    })
}

/// The combinations of `cage` that its cells' candidates allow, and the
/// values each cell keeps; `None` past [`MAX_SETS`] sets at a cell.
fn analyse(g: &Candidates, cage: &SumCage) -> Option<Analysis> {
    analyse_with(g, cage, 0)
}

/// [`analyse`], keeping only the combinations that hold every value of `need`.
fn analyse_with(g: &Candidates, cage: &SumCage, need: u64) -> Option<Analysis> {
    let n = g.size();
    let k = cage.cells.len();
    let masks: SmallVec<[u64; MAX_CAGE_CELLS]> =
        cage.cells.iter().map(|&c| mask_of(g, c as usize)).collect();
    let mut layers: Vec<Vec<u64>> = Vec::with_capacity(k + 1);
    layers.push(vec![0]);
    for (i, &m) in masks.iter().enumerate() {
        let mut next = Vec::new();
        for &used in &layers[i] {
            for v in values_of(m & !used) {
                let now = used | bit(v);
                if reachable(n, now, mask_sum(now), k - i - 1, cage.sum) {
                    next.push(now);
                }
            }
        }
        next.sort_small();
        next.dedup();
        if next.len() > MAX_SETS {
            return None;
        }
        layers.push(next);
    }
    let combos: Vec<u64> = layers[k]
        .iter()
        .copied()
        .filter(|&m| m & need == need)
        .collect();
    // Backwards: the sets from which the cage can still be completed, and
    // the values each cell takes on the way.
    let mut support: SmallVec<[u64; MAX_CAGE_CELLS]> = smallvec::smallvec![0; k];
    let mut good = combos.clone();
    for i in (0..k).rev() {
        let mut here = Vec::new();
        for &used in &layers[i] {
            let mut ok = false;
            for v in values_of(masks[i] & !used) {
                if good.binary_search(&(used | bit(v))).is_ok() {
                    support[i] |= bit(v);
                    ok = true;
                }
            }
            if ok {
                here.push(used);
            }
        }
        good = here;
    }
    Some(Analysis { combos, support })
}

/// The cells of a step's words: "R1C1-R1C3" for a run along a row or a
/// column, else "R1C1, R1C2 and R2C1".
pub(crate) fn cells_text(cells: &[u32], side: usize) -> String {
    let name = |c: u32| CellName {
        cell: c as usize,
        side,
    };
    let mut sorted: SmallVec<[u32; 16]> = cells.iter().copied().collect();
    sorted.sort_small();
    let len = sorted.len();
    if len >= 3 {
        let (first, last) = (sorted[0] as usize, sorted[len - 1] as usize);
        let row = first / side == last / side && last - first == len - 1;
        let col = first % side == last % side && last - first == (len - 1) * side;
        if row || col {
            return format!("{}-{}", name(sorted[0]), name(sorted[len - 1]));
        }
    }
    list_text(sorted.iter().map(|&c| name(c)))
}

/// Items as "a", "a and b", "a, b and c".
fn list_text<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        k => format!("{} and {}", items[..k - 1].join(", "), items[k - 1]),
    }
}

/// A combination as "6+8+9".
fn combo_text(g: &Candidates, mask: u64) -> String {
    joined(values_of(mask).map(|v| g.v(v)), "+")
}

/// "can only be 6+8+9", "can only be 1+9, 2+8 or 3+7", "has 6 combinations".
fn combos_text(g: &Candidates, combos: &[u64]) -> String {
    match combos.len() {
        1..=4 => {
            let mut sorted: SmallVec<[u64; 4]> = combos.iter().copied().collect();
            sorted.sort_stable_by_key(|&m| values_of(m).collect::<SmallVec<[u16; 16]>>());
            let items: Vec<String> = sorted.iter().map(|&m| combo_text(g, m)).collect();
            let k = items.len();
            let list = if k == 1 {
                items[0].clone()
            } else {
                format!("{} or {}", items[..k - 1].join(", "), items[k - 1])
            };
            format!("can only be {list}")
        }
        k => format!("has {k} combinations left"),
    }
}

/// Candidates as (cell, value), placed or removed.
pub(crate) type Moves = Vec<(usize, u16)>;

/// What removing `kept`'s complement from each of `cells` does, as the
/// placements (cells left with one value that lost some) and eliminations.
pub(crate) fn outcome(g: &Candidates, cells: &[u32], kept: &[u64]) -> (Moves, Moves) {
    let mut placements = Vec::new();
    let mut eliminations = Vec::new();
    for (&c, &keep) in cells.iter().zip(kept) {
        let c = c as usize;
        if g.values[c] != 0 {
            continue;
        }
        let gone = g.masks[c] & !keep;
        if gone == 0 {
            continue;
        }
        eliminations.extend(values_of(gone).map(|v| (c, v)));
        let left = g.masks[c] & keep;
        if left.count_ones() == 1 {
            placements.push((c, left.trailing_zeros() as u16 + 1));
        }
    }
    (placements, eliminations)
}

/// The words for a step's result: "9 must be in R1C3; 1 and 2 leave R1C1
/// and R1C2", the eliminations grouped by the values they remove, those of
/// placed cells left out.
pub(crate) fn result_text(
    g: &Candidates,
    placements: &[(usize, u16)],
    eliminations: &[(usize, u16)],
) -> String {
    let name = |cell: usize| g.cell_name(cell);
    let mut parts: Vec<String> = placements
        .iter()
        .map(|&(c, v)| format!("{} must be in {}", g.v(v), name(c)))
        .collect();
    // Each unplaced cell's removed values, then cells grouped by them.
    let mut by_cell: Vec<(usize, u64)> = Vec::new();
    for &(c, v) in eliminations {
        if placements.iter().any(|&(p, _)| p == c) {
            continue;
        }
        match by_cell.iter_mut().find(|(d, _)| *d == c) {
            Some((_, m)) => *m |= bit(v),
            None => by_cell.push((c, bit(v))),
        }
    }
    let mut groups: Vec<(u64, Vec<usize>)> = Vec::new();
    for (c, m) in by_cell {
        match groups.iter_mut().find(|(g, _)| *g == m) {
            Some((_, cells)) => cells.push(c),
            None => groups.push((m, vec![c])),
        }
    }
    for (m, cells) in groups {
        let verb = if m.count_ones() == 1 {
            "leaves"
        } else {
            "leave"
        };
        parts.push(format!(
            "{} {verb} {}",
            g.list(m),
            list_text(cells.into_iter().map(name))
        ));
    }
    parts.join("; ")
}

/// Cage combinations: a cage whose combinations (one when `one`, else
/// several) give some cell values it cannot take: those leave it, and a
/// cell left with one value gets it.
pub(crate) fn combinations(g: &Candidates, one: bool) -> Option<Step> {
    let cages = &g.layout.cages.cages;
    cages.iter().enumerate().find_map(|(i, cage)| {
        if cage.cells.iter().all(|&c| g.values[c as usize] != 0) {
            return None;
        }
        let a = remembered(g, i)?;
        if a.combos.is_empty() || (a.combos.len() == 1) != one {
            return None;
        }
        let (placements, eliminations) = outcome(g, &cage.cells, &a.support);
        if eliminations.is_empty() {
            return None;
        }
        let side = g.size();
        let text = format!(
            "cage combination: cage {} in {} {}; {}",
            g.total(cage.sum, cage.cells.len()),
            cells_text(&cage.cells, side),
            combos_text(g, &a.combos),
            result_text(g, &placements, &eliminations)
        );
        let combinations = u8::try_from(a.combos.len()).unwrap_or(u8::MAX);
        let marks: Vec<(usize, u16)> = cage
            .cells
            .iter()
            .zip(&a.support)
            .filter(|&(&c, _)| g.values[c as usize] == 0)
            .flat_map(|(&c, &m)| values_of(m & g.masks[c as usize]).map(move |v| (c as usize, v)))
            .collect();
        let mut step = Step::new(Technique::CageCombination { combinations }, text)
            .cells(cage.cells.iter().map(|&c| c as usize))
            .marks(marks)
            .remove(eliminations);
        for (c, v) in placements {
            step = step.place(c, v);
        }
        Some(step)
    })
}

/// Cage pointing: a value every combination of a cage holds, whose places
/// in the cage all see some cells outside it: it leaves them.
pub(crate) fn pointing(g: &Candidates) -> Option<Step> {
    let layout = &g.layout;
    let n = g.size();
    layout.cages.cages.iter().enumerate().find_map(|(i, cage)| {
        let a = remembered(g, i)?;
        let needed = a.combos.iter().fold(u64::MAX, |m, &c| m & c);
        if a.combos.is_empty() || needed == 0 {
            return None;
        }
        values_of(needed).find_map(|v| {
            let b = bit(v);
            if cage.cells.iter().any(|&c| g.values[c as usize] == v) {
                return None;
            }
            let places: SmallVec<[usize; 16]> = cage
                .cells
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| g.masks[c] & b != 0)
                .collect();
            let removed: Vec<(usize, u16)> = (0..n * n)
                .filter(|&c| {
                    g.masks[c] & b != 0
                        && !places.contains(&c)
                        && places.iter().all(|&p| layout.sees(c, p))
                })
                .map(|c| (c, v))
                .collect();
            if places.is_empty() || removed.is_empty() {
                return None;
            }
            let side = n;
            let names: Vec<String> = places
                .iter()
                .map(|&cell| CellName { cell, side }.to_string())
                .collect();
            let where_ = match names.len() {
                1 => names[0].clone(),
                k => format!("{} or {}", names[..k - 1].join(", "), names[k - 1]),
            };
            let text = format!(
                "cage pointing: cage {} in {} must hold {} (it {}), in {where_}; {}",
                g.total(cage.sum, cage.cells.len()),
                cells_text(&cage.cells, side),
                g.v(v),
                combos_text(g, &a.combos),
                result_text(g, &[], &removed)
            );
            Some(
                Step::new(Technique::CagePointing, text)
                    .cells(cage.cells.iter().map(|&c| c as usize))
                    .marks(places.iter().map(|&c| (c, v)))
                    .remove(removed),
            )
        })
    })
}

/// Cage claiming: a value whose places in a house all lie in one cage
/// must be in that cage, which keeps only the combinations that hold it.
pub(crate) fn claiming(g: &Candidates) -> Option<Step> {
    let layout = &g.layout;
    let cages = &layout.cages;
    if cages.cages.is_empty() {
        return None;
    }
    let n = g.size();
    layout.order_full.iter().find_map(|&h| {
        let house = &layout.houses[h];
        (1..=n as u16).find_map(|v| {
            let places = g.positions(h, v);
            if places == 0 {
                return None;
            }
            let mut owner = None;
            for p in values_of(places) {
                let c = house.cells[usize::from(p) - 1] as usize;
                let o = cages.owner[c];
                if o == usize::MAX || owner.is_some_and(|w| w != o) {
                    return None;
                }
                owner = Some(o);
            }
            let cage = &cages.cages[owner?];
            // A cage wholly inside the house holds its values anyway only
            // if every combination does: the plain analysis settles that.
            let a = analyse_with(g, cage, bit(v))?;
            let (placements, eliminations) = outcome(g, &cage.cells, &a.support);
            if eliminations.is_empty() || a.combos.is_empty() {
                return None;
            }
            let side = n;
            let text = format!(
                "cage claiming: {} of {} lies only in cage {} in {}, which then {}; {}",
                g.v(v),
                house.name(),
                g.total(cage.sum, cage.cells.len()),
                cells_text(&cage.cells, side),
                combos_text(g, &a.combos),
                result_text(g, &placements, &eliminations)
            );
            let mut step = Step::new(Technique::CageClaiming, text)
                .cells(cage.cells.iter().map(|&c| c as usize))
                .houses([h])
                .marks(values_of(places).map(|p| (house.cells[usize::from(p) - 1] as usize, v)))
                .remove(eliminations);
            for (c, v) in placements {
                step = step.place(c, v);
            }
            Some(step)
        })
    })
}

/// Innies and outies: the cells of a house or band of `houses` houses (from
/// `min` to `max`) that its whole cages leave out, or the cells its cages
/// reach outside it, have a known sum; values no way to reach it uses leave them.
pub(crate) fn innies_outies(g: &Candidates, min: usize, max: usize) -> Option<Step> {
    let sets = &g.layout.cages.sets;
    sets.iter()
        .filter(|s| (min..=max).contains(&s.houses))
        .find_map(|set| sum_step(g, set))
}

/// The step a sum of few cells gives, if any.
fn sum_step(g: &Candidates, set: &SumSet) -> Option<Step> {
    let mut placed = 0u64;
    let mut empty: SmallVec<[u32; MAX_SUM_CELLS]> = SmallVec::new();
    for &c in &set.cells {
        match g.values[c as usize] {
            0 => {
                if empty.len() == MAX_SUM_CELLS {
                    return None;
                }
                empty.push(c);
            }
            v => placed += u64::from(v),
        }
    }
    if empty.is_empty() || placed > set.sum {
        return None;
    }
    let rest = set.sum - placed;
    let kept = sum_support(g, &empty, rest);
    let (placements, eliminations) = outcome(g, &empty, &kept);
    if eliminations.is_empty() || kept.contains(&0) {
        return None;
    }
    let side = g.size();
    let what = if set.outies { "outies" } else { "innies" };
    let one = match (set.cells.len(), set.outies) {
        (1, false) => "its innie",
        (1, true) => "its outie",
        (_, false) => "its innies",
        (_, true) => "its outies",
    };
    // As the puzzle writes values: the region's cells, its cages' cells
    // (the region's less the innies, or more the outies) and the set's.
    let inside = set.houses * side;
    let caged = if set.outies {
        inside + set.cells.len()
    } else {
        inside - set.cells.len()
    };
    let (cages, sum) = (g.total(set.cages, caged), g.total(set.sum, set.cells.len()));
    let total = g.total(set.total, inside);
    let why = if set.outies {
        format!(
            "{what}: the cages in and across {} hold {cages}, {sum} more than its {total}",
            set.region
        )
    } else {
        format!(
            "{what}: the cages wholly inside {} hold {cages}, {sum} less than its {total}",
            set.region
        )
    };
    let all = joined(
        set.cells.iter().map(|&c| CellName {
            cell: c as usize,
            side,
        }),
        " + ",
    );
    let mut text = format!("{why}, so {one} {all} = {sum}");
    if placed > 0 {
        let left = joined(
            empty.iter().map(|&c| CellName {
                cell: c as usize,
                side,
            }),
            " + ",
        );
        let rest = g.total(rest, empty.len());
        text.push_str(&format!(", and with what is placed {left} = {rest}"));
    }
    if !(empty.len() == 1 && placements.len() == 1) {
        text.push_str("; ");
        text.push_str(&result_text(g, &placements, &eliminations));
    }
    let houses = u8::try_from(set.houses).unwrap_or(u8::MAX);
    let technique = if set.outies {
        Technique::Outies { houses }
    } else {
        Technique::Innies { houses }
    };
    let mut step = Step::new(technique, text)
        .cells(set.cells.iter().map(|&c| c as usize))
        .houses(set.house_ids.iter().copied())
        .remove(eliminations);
    for (c, v) in placements {
        step = step.place(c, v);
    }
    Some(step)
}

/// The values each of `cells` takes in some way of giving them candidates
/// that sum to `sum`, cells that see each other holding different values.
fn sum_support(g: &Candidates, cells: &[u32], sum: u64) -> SmallVec<[u64; MAX_SUM_CELLS]> {
    let k = cells.len();
    let masks: SmallVec<[u64; MAX_SUM_CELLS]> =
        cells.iter().map(|&c| g.masks[c as usize]).collect();
    let mut walk = Walk {
        g,
        cells,
        lows: masks
            .iter()
            .map(|&m| u64::from(m.trailing_zeros()) + 1)
            .collect(),
        highs: masks
            .iter()
            .map(|&m| 64 - u64::from(m.leading_zeros()))
            .collect(),
        masks,
        chosen: smallvec::smallvec![0; k],
        support: smallvec::smallvec![0; k],
    };
    walk.from(0, sum);
    walk.support
}

/// The search of [`sum_support`]: each cell's candidates in turn, within
/// the bounds the cells after it leave.
struct Walk<'a> {
    g: &'a Candidates,
    cells: &'a [u32],
    masks: SmallVec<[u64; MAX_SUM_CELLS]>,
    lows: SmallVec<[u64; MAX_SUM_CELLS]>,
    highs: SmallVec<[u64; MAX_SUM_CELLS]>,
    chosen: SmallVec<[u16; MAX_SUM_CELLS]>,
    support: SmallVec<[u64; MAX_SUM_CELLS]>,
}

impl Walk<'_> {
    /// Tries every value of cell `i` on, `left` still to reach.
    fn from(&mut self, i: usize, left: u64) {
        if i == self.cells.len() {
            if left == 0 {
                for (s, &v) in self.support.iter_mut().zip(&self.chosen) {
                    *s |= bit(v);
                }
            }
            return;
        }
        let low_rest: u64 = self.lows[i + 1..].iter().sum();
        let high_rest: u64 = self.highs[i + 1..].iter().sum();
        for v in values_of(self.masks[i]) {
            let v64 = u64::from(v);
            if v64 + low_rest > left || v64 + high_rest < left {
                continue;
            }
            let here = self.cells[i] as usize;
            let clash = (0..i)
                .any(|j| self.chosen[j] == v && self.g.layout.sees(here, self.cells[j] as usize));
            if clash {
                continue;
            }
            self.chosen[i] = v;
            self.from(i + 1, left - v64);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
