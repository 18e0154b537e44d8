//! Between and lockout lines: the values the line's ends and its other cells can take together.
//!
//! The cells of a between line lie strictly between its ends' values; the
//! cells of a lockout line lie outside the range from one end's value to
//! the other's, and its ends differ by at least its difference. Each pair
//! of end values is tried: it stands when every other cell keeps a value it
//! allows and the cells of the line in one house keep as many values as
//! they are cells (they must differ). An end's value, or a cell's, that no
//! pair that stands allows leaves it: the ends bound the line and the line
//! bounds the ends.

use smallvec::SmallVec;

use super::beyond::Line;
use super::cages::{cells_text, mask_of, outcome, result_text};
use super::grid::{Candidates, bit, full_mask, values_of};
use super::step::{CellName, Step, Technique};

/// The first between line whose ends and cells bound each other.
pub(crate) fn betweens(g: &Candidates) -> Option<Step> {
    super::beyond::first_step(&g.layout.beyond.betweens, |l| line_step(g, l, false))
}

/// The first lockout line whose ends and cells bound each other.
pub(crate) fn lockouts(g: &Candidates) -> Option<Step> {
    super::beyond::first_step(&g.layout.beyond.lockouts, |l| line_step(g, l, true))
}

/// The line's inner cells (by index) that share a house, each set of two or
/// more once.
fn groups(g: &Candidates, inner: &[u32]) -> SmallVec<[u64; 8]> {
    let mut out: SmallVec<[u64; 8]> = SmallVec::new();
    if inner.len() > 64 {
        return out;
    }
    for &c in inner {
        for &h in &g.layout.cell_houses[c as usize] {
            let set = inner
                .iter()
                .enumerate()
                .filter(|&(_, &d)| g.layout.cell_houses[d as usize].contains(&h))
                .fold(0u64, |s, (i, _)| s | 1 << i);
            if set.count_ones() > 1 && !out.contains(&set) {
                out.push(set);
            }
        }
    }
    out
}

fn line_step(g: &Candidates, line: &Line, lockout: bool) -> Option<Step> {
    let n = g.size();
    let cells = &line.cells;
    let k = cells.len();
    if k < 3 || cells.iter().all(|&c| g.values[c as usize] != 0) {
        return None;
    }
    let (first, last) = (cells[0] as usize, cells[k - 1] as usize);
    let inner = &cells[1..k - 1];
    let masks: SmallVec<[u64; 16]> = inner.iter().map(|&c| mask_of(g, c as usize)).collect();
    let groups = groups(g, inner);
    let full = full_mask(n);
    let mut keep_ends = [0u64; 2];
    let mut keep_inner: SmallVec<[u64; 16]> = smallvec::smallvec![0; inner.len()];
    let mut restricted: SmallVec<[u64; 16]> = smallvec::smallvec![0; inner.len()];
    for a in values_of(mask_of(g, first)) {
        for b in values_of(mask_of(g, last)) {
            let (lo, hi) = (a.min(b), a.max(b));
            let allowed = if lockout {
                if hi - lo < line.difference {
                    continue;
                }
                full & !(full_mask(usize::from(hi)) & !full_mask(usize::from(lo) - 1))
            } else {
                full_mask(usize::from(hi) - 1) & !full_mask(usize::from(lo))
            };
            for (r, m) in restricted.iter_mut().zip(&masks) {
                *r = m & allowed;
            }
            let stands = !restricted.contains(&0)
                && groups.iter().all(|&s| {
                    let union = values_of_indices(s).fold(0u64, |u, i| u | restricted[i]);
                    union.count_ones() >= s.count_ones()
                });
            if stands {
                keep_ends[0] |= bit(a);
                keep_ends[1] |= bit(b);
                for (kp, r) in keep_inner.iter_mut().zip(&restricted) {
                    *kp |= r;
                }
            }
        }
    }
    let mut keeps: SmallVec<[u64; 16]> = SmallVec::with_capacity(k);
    keeps.push(keep_ends[0]);
    keeps.extend(keep_inner.iter().copied());
    keeps.push(keep_ends[1]);
    if keeps.contains(&0) {
        return None;
    }
    let (placements, eliminations) = outcome(g, cells, &keeps);
    if eliminations.is_empty() {
        return None;
    }
    let name = |cell: usize| CellName { cell, side: n };
    let line_text = cells_text(cells, n);
    let pattern = if lockout {
        format!(
            "lockout line {line_text}: its ends {} and {} differ by at least {}, and its other cells lie outside the range from one to the other",
            name(first),
            name(last),
            line.difference
        )
    } else {
        let most = groups.iter().map(|s| s.count_ones()).max().unwrap_or(1);
        let apart = if most > 1 {
            format!(
                ", which differ by at least {} as {most} of its cells see each other",
                most + 1
            )
        } else {
            String::new()
        };
        format!(
            "between line {line_text}: its cells lie strictly between its ends {} and {}{apart}",
            name(first),
            name(last)
        )
    };
    let technique = if lockout {
        Technique::LockoutLine
    } else {
        Technique::BetweenLine
    };
    let text = format!("{pattern}; {}", result_text(g, &placements, &eliminations));
    let mut step = Step::new(technique, text)
        .cells(cells.iter().map(|&c| c as usize))
        .remove(eliminations);
    for (c, v) in placements {
        step = step.place(c, v);
    }
    Some(step)
}

/// The indices of the set bits of `set`.
fn values_of_indices(set: u64) -> impl Iterator<Item = usize> {
    values_of(set).map(|v| usize::from(v) - 1)
}

#[cfg(test)]
mod tests;
