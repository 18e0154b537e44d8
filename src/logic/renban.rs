//! Renban windows: the runs of consecutive values a renban line's candidates can still fill, the values outside them and the values every run holds.
//!
//! A renban line of k cells holds k different consecutive values. A run
//! (window) of k values is feasible when its values can go to distinct
//! cells that hold them as candidates (a matching of cells to values):
//! values in no feasible run leave the line, and a value every feasible run
//! holds must be on it, placed when one cell of the line can hold it, else
//! removed from the cells outside the line that see all its places.

use smallvec::SmallVec;

use super::beyond::Line;
use super::cages::{cells_text, mask_of, outcome, result_text};
use super::grid::{Candidates, bit, full_mask, values_of};
use super::step::{Base, Step, Technique};

/// The first renban line whose feasible runs remove or place a value.
pub(crate) fn renbans(g: &Candidates) -> Option<Step> {
    super::beyond::first_step(&g.layout.beyond.renbans, |l| renban_step(g, l))
}

/// The values `start..start + k` as a mask.
fn run(start: usize, k: usize) -> u64 {
    full_mask(k) << (start - 1)
}

/// Whether each value of `window` can go to its own cell of `masks` (as
/// many cells as values).
pub(crate) fn fills(masks: &[u64], window: u64) -> bool {
    let mut owner = [usize::MAX; 64];
    (0..masks.len()).all(|i| {
        let mut seen = 0;
        augment(i, masks, window, &mut owner, &mut seen)
    })
}

/// Kuhn's augmenting path from cell `i` over the values of `window`.
fn augment(i: usize, masks: &[u64], window: u64, owner: &mut [usize; 64], seen: &mut u64) -> bool {
    for v in values_of(masks[i] & window) {
        let b = bit(v);
        if *seen & b != 0 {
            continue;
        }
        *seen |= b;
        let o = owner[usize::from(v) - 1];
        if o == usize::MAX || augment(o, masks, window, owner, seen) {
            owner[usize::from(v) - 1] = i;
            return true;
        }
    }
    false
}

/// The runs of a mask's values, as "3..8" or "1..4 or 6..9".
fn runs_text(base: Base, mask: u64) -> String {
    let mut parts = Vec::new();
    let mut rest = mask;
    while rest != 0 {
        let lo = rest.trailing_zeros();
        let len = (rest >> lo).trailing_ones();
        // Bit `lo` is value `lo + 1`.
        let (first, last) = (lo as u16 + 1, (lo + len) as u16);
        parts.push(format!("{}..{}", base.v(first), base.v(last)));
        rest &= !(full_mask(len as usize) << lo);
    }
    parts.join(" or ")
}

fn renban_step(g: &Candidates, line: &Line) -> Option<Step> {
    let n = g.size();
    let cells = &line.cells;
    let k = cells.len();
    if k < 2 || k > n || cells.iter().all(|&c| g.values[c as usize] != 0) {
        return None;
    }
    let masks: SmallVec<[u64; 16]> = cells.iter().map(|&c| mask_of(g, c as usize)).collect();
    let (mut union, mut common) = (0u64, full_mask(n));
    for start in 1..=n + 1 - k {
        let w = run(start, k);
        if fills(&masks, w) {
            union |= w;
            common &= w;
        }
    }
    if union == 0 {
        return None;
    }
    let keeps: SmallVec<[u64; 16]> = masks.iter().map(|m| m & union).collect();
    let (mut placements, mut eliminations) = outcome(g, cells, &keeps);
    // Values every run holds: placed in their one cell, or gone from the
    // cells that see all their places.
    let mut needed = 0u64;
    for v in values_of(common) {
        let places: SmallVec<[usize; 16]> = cells
            .iter()
            .zip(&keeps)
            .filter(|&(_, &m)| m & bit(v) != 0)
            .map(|(&c, _)| c as usize)
            .collect();
        if places.iter().any(|&c| g.values[c] != 0) {
            continue;
        }
        let before = (placements.len(), eliminations.len());
        if let [only] = places[..] {
            if !placements.contains(&(only, v)) {
                placements.push((only, v));
            }
        } else if let Some(&first) = places.first() {
            for &p in &g.layout.peers[first] {
                let p = p as usize;
                if g.values[p] == 0
                    && g.masks[p] & bit(v) != 0
                    && !cells.contains(&(p as u32))
                    && places.iter().all(|&q| g.layout.sees(p, q))
                {
                    eliminations.push((p, v));
                }
            }
        }
        if (placements.len(), eliminations.len()) != before {
            needed |= bit(v);
        }
    }
    if placements.is_empty() && eliminations.is_empty() {
        return None;
    }
    let mut text = format!(
        "renban {}: its {k} values are a run within {}",
        cells_text(cells, n),
        runs_text(g.base, union)
    );
    if needed != 0 {
        let verb = if needed.count_ones() == 1 {
            "is"
        } else {
            "are"
        };
        text.push_str(&format!(
            ", so {} {verb} on it whatever the run",
            g.list(needed)
        ));
    }
    text.push_str("; ");
    text.push_str(&result_text(g, &placements, &eliminations));
    let mut step = Step::new(Technique::RenbanWindow, text)
        .cells(cells.iter().map(|&c| c as usize))
        .remove(eliminations);
    for (c, v) in placements {
        step = step.place(c, v);
    }
    Some(step)
}

#[cfg(test)]
mod tests;
