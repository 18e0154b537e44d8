//! Sum bounds along lines: arrows and pills, double arrows, little killers, sums, region-sum and zipper lines.
//!
//! A sum `Σ w·x = total` keeps in each cell only the values the least and
//! greatest sums of the other cells allow. Cells that all see each other
//! hold different values, so their least sum is also that of the smallest
//! values they can take together (three cells of a row: at least 1+2+3);
//! elsewhere values may repeat.

use crate::sort::SmallSort;
use smallvec::SmallVec;

use super::beyond::LineSum;
use super::cages::{cells_text, mask_of, outcome, result_text};
use super::grid::{Candidates, bit, values_of};
use super::step::{Step, Technique};

/// Sum bounds: the first sum along a line whose bounds remove candidates.
pub(crate) fn sums(g: &Candidates) -> Option<Step> {
    g.layout.beyond.sums.iter().find_map(|s| sum_step(g, s))
}

/// A term of a sum: cells of one weight that all see each other.
struct Group {
    weight: i64,
    cells: SmallVec<[usize; 9]>,
}

/// The least and greatest sums of cells with `masks` that all see each
/// other (or not, when `distinct` is false); `None` when they cannot be filled.
pub(crate) fn range(masks: &[u64], distinct: bool) -> Option<(i64, i64)> {
    if masks.contains(&0) {
        return None;
    }
    let low: i64 = masks
        .iter()
        .map(|m| i64::from(m.trailing_zeros()) + 1)
        .sum();
    let high: i64 = masks
        .iter()
        .map(|m| 64 - i64::from(m.leading_zeros()))
        .sum();
    if !distinct || masks.len() < 2 {
        return Some((low, high));
    }
    let union = masks.iter().fold(0, |u, m| u | m);
    let k = masks.len();
    if (union.count_ones() as usize) < k {
        return None;
    }
    let values: SmallVec<[i64; 64]> = values_of(union).map(i64::from).collect();
    let least: i64 = values[..k].iter().sum();
    let most: i64 = values[values.len() - k..].iter().sum();
    Some((low.max(least), high.min(most)))
}

/// A group's contribution `weight · Σ`, as (least, greatest).
fn scaled(weight: i64, (low, high): (i64, i64)) -> (i64, i64) {
    let (a, b) = (weight.saturating_mul(low), weight.saturating_mul(high));
    (a.min(b), a.max(b))
}

/// The cells of `s` in groups: equal weights, each group's cells all
/// seeing each other, in the order of the cells.
fn groups(g: &Candidates, s: &LineSum) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    for (&c, &w) in s.cells.iter().zip(&s.weights) {
        let c = c as usize;
        match out
            .iter_mut()
            .find(|gr| gr.weight == w && gr.cells.iter().all(|&d| g.layout.sees(c, d)))
        {
            Some(gr) => gr.cells.push(c),
            None => out.push(Group {
                weight: w,
                cells: smallvec::smallvec![c],
            }),
        }
    }
    out
}

fn sum_step(g: &Candidates, s: &LineSum) -> Option<Step> {
    if s.cells.iter().all(|&c| g.values[c as usize] != 0) {
        return None;
    }
    let groups = groups(g, s);
    let masks =
        |cells: &[usize]| -> SmallVec<[u64; 9]> { cells.iter().map(|&c| mask_of(g, c)).collect() };
    let mut ranges: SmallVec<[(i64, i64); 16]> = SmallVec::new();
    for gr in &groups {
        ranges.push(scaled(gr.weight, range(&masks(&gr.cells), true)?));
    }
    let (all_low, all_high) = ranges.iter().fold((0i64, 0i64), |(a, b), r| {
        (a.saturating_add(r.0), b.saturating_add(r.1))
    });
    let mut keeps: Vec<u64> = Vec::with_capacity(s.cells.len());
    for &c in &s.cells {
        let c = c as usize;
        let (gi, gr) = groups
            .iter()
            .enumerate()
            .find(|(_, gr)| gr.cells.contains(&c))?;
        if g.values[c] != 0 {
            keeps.push(bit(g.values[c]));
            continue;
        }
        // The other groups' sums, then the rest of this one's without v.
        let rest_low = all_low - ranges[gi].0;
        let rest_high = all_high - ranges[gi].1;
        let others: SmallVec<[usize; 9]> = gr.cells.iter().copied().filter(|&d| d != c).collect();
        let keep = values_of(g.masks[c])
            .filter(|&v| {
                let without: SmallVec<[u64; 9]> =
                    others.iter().map(|&d| mask_of(g, d) & !bit(v)).collect();
                let Some(r) = range(&without, true) else {
                    return false;
                };
                let (low, high) = scaled(gr.weight, r);
                let here = gr.weight.saturating_mul(i64::from(v));
                // One other cell and the rest known: it needs one value.
                if let ([d], true) = (&others[..], rest_low == rest_high) {
                    let need = s.total - rest_low - here;
                    return need % gr.weight == 0
                        && (1..=64).contains(&(need / gr.weight))
                        && mask_of(g, *d) & !bit(v) & bit((need / gr.weight) as u16) != 0;
                }
                let (low, high) = (low + rest_low + here, high + rest_high + here);
                (low..=high).contains(&s.total)
            })
            .fold(0u64, |m, v| m | bit(v));
        keeps.push(keep);
    }
    let (placements, eliminations) = outcome(g, &s.cells, &keeps);
    if eliminations.is_empty() || keeps.contains(&0) {
        return None;
    }
    let text = format!(
        "{}; {}",
        sum_words(g, s, &groups, &ranges),
        result_text(g, &placements, &eliminations)
    );
    let mut step = Step::new(Technique::SumBounds, text)
        .cells(s.cells.iter().map(|&c| c as usize))
        .remove(eliminations);
    for (c, v) in placements {
        step = step.place(c, v);
    }
    Some(step)
}

/// "between 6 and 24", or "exactly 6".
fn range_text((low, high): (i64, i64)) -> String {
    if low == high {
        format!("exactly {low}")
    } else {
        format!("between {low} and {high}")
    }
}

/// Why a sum bounds its cells: "arrow R1C1: its line R1C2-R1C4 sums to
/// between 6 and 24, its circle is between 1 and 9"; "little killer 12 on
/// R1C2, R2C3 and R3C4: the cells sum to 12".
fn sum_words(g: &Candidates, s: &LineSum, groups: &[Group], ranges: &[(i64, i64)]) -> String {
    let side = g.size();
    let mut plus: Vec<u32> = Vec::new();
    let mut minus: Vec<u32> = Vec::new();
    let (mut p, mut m) = ((0i64, 0i64), (0i64, 0i64));
    // Sums as the puzzle writes values: from 0, each value one less, so a
    // group's sums `weight` less a cell, and the total all of those less.
    let mut total = s.total;
    for (gr, r) in groups.iter().zip(ranges) {
        let cells = gr.cells.iter().map(|&c| c as u32);
        let off = gr.weight * g.total(0, gr.cells.len());
        let r = (r.0 + off, r.1 + off);
        total += off;
        if gr.weight > 0 {
            plus.extend(cells);
            p = (p.0 + r.0, p.1 + r.1);
        } else {
            minus.extend(cells);
            m = (m.0 - r.1, m.1 - r.0);
        }
    }
    let clue = s
        .clue
        .map(|v| i64::try_from(v).unwrap_or(i64::MAX) + total - s.total);
    // The circle and ends keep their order, so that a pill reads as a number.
    minus.sort_stable_by_key(|c| s.cells.iter().position(|d| d == c));
    let names = |cells: &[u32]| -> String {
        if cells.len() == 1 || s.what != "arrow" {
            cells_text(cells, side)
        } else {
            super::grid::joined(
                cells.iter().map(|&c| super::step::CellName {
                    cell: c as usize,
                    side,
                }),
                "",
            )
        }
    };
    match s.what {
        "arrow" => format!(
            "arrow {}: its line {} sums to {}, its circle {}",
            names(&minus),
            cells_text(&plus, side),
            range_text(p),
            if minus.len() > 1 {
                format!("(a pill read as a number) is {}", range_text(m))
            } else {
                format!("is {}", range_text(m))
            }
        ),
        "double arrow" => format!(
            "double arrow {}: the cells between its ends sum to {}, its ends {} to {}",
            cells_text(&s.cells, side),
            range_text(p),
            cells_text(&minus, side),
            range_text(m)
        ),
        _ if minus.is_empty() => {
            let clue = clue.map(|v| format!(" {v}")).unwrap_or_default();
            format!(
                "{}{clue} on {}: the cells sum to {total}",
                s.what,
                cells_text(&plus, side),
            )
        }
        _ => {
            let more = match total {
                0 => "as much as".to_owned(),
                t if t > 0 => format!("{t} more than"),
                t => format!("{} less than", -t),
            };
            format!(
                "{}: {} sum to {more} {}, which sum to {}",
                s.what,
                cells_text(&plus, side),
                cells_text(&minus, side),
                range_text(m)
            )
        }
    }
}

#[cfg(test)]
mod tests;
