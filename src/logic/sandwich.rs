//! Sandwich clues: the places 1 and N can take in a row or column, given the sum of the cells between them.

use crate::sort::SmallSort;
use smallvec::SmallVec;

use super::beyond::SandwichClue;
use super::cages::{mask_of, result_text};
use super::grid::{Candidates, bit, values_of};
use super::lines::range;
use super::step::{Step, Technique};

/// Sandwiches: a 1 or N of a row or column whose every partner leaves
/// cells between them that cannot sum to the clue leaves that place.
pub(crate) fn sandwiches(g: &Candidates) -> Option<Step> {
    g.layout
        .beyond
        .sandwiches
        .iter()
        .find_map(|s| sandwich_step(g, s))
}

fn sandwich_step(g: &Candidates, s: &SandwichClue) -> Option<Step> {
    let n = g.size();
    let cells: SmallVec<[usize; 64]> = s.cells.iter().map(|&c| c as usize).collect();
    if cells.len() != n || cells.iter().all(|&c| g.values[c] != 0) {
        return None;
    }
    let (one, top) = (bit(1), bit(n as u16));
    let masks: SmallVec<[u64; 64]> = cells.iter().map(|&c| mask_of(g, c)).collect();
    let distinct = cells
        .iter()
        .enumerate()
        .all(|(i, &a)| cells[i + 1..].iter().all(|&b| g.layout.sees(a, b)));
    let ones: SmallVec<[usize; 64]> = (0..n).filter(|&i| masks[i] & one != 0).collect();
    let tops: SmallVec<[usize; 64]> = (0..n).filter(|&i| masks[i] & top != 0).collect();
    let (mut keep_one, mut keep_top, mut gaps) = (0u64, 0u64, 0u64);
    for &a in &ones {
        for &b in tops.iter().filter(|&&b| b != a) {
            let (lo, hi) = (a.min(b), a.max(b));
            let between: SmallVec<[u64; 64]> =
                masks[lo + 1..hi].iter().map(|m| m & !(one | top)).collect();
            if range(&between, distinct)
                .is_some_and(|(l, h)| (l..=h).contains(&i64::try_from(s.sum).unwrap_or(i64::MAX)))
            {
                keep_one |= 1 << a;
                keep_top |= 1 << b;
                gaps |= 1 << (hi - lo - 1);
            }
        }
    }
    let mut eliminations: Vec<(usize, u16)> = Vec::new();
    for (&i, value, keep) in ones
        .iter()
        .map(|i| (i, 1u16, keep_one))
        .chain(tops.iter().map(|i| (i, n as u16, keep_top)))
    {
        if keep & 1 << i == 0 && g.values[cells[i]] == 0 {
            eliminations.push((cells[i], value));
        }
    }
    if eliminations.is_empty() || keep_one == 0 || keep_top == 0 {
        return None;
    }
    eliminations.sort_small();
    let placements: Vec<(usize, u16)> = cells
        .iter()
        .filter_map(|&c| {
            let left = g.masks[c]
                & !eliminations
                    .iter()
                    .filter(|e| e.0 == c)
                    .fold(0, |m, e| m | bit(e.1));
            (g.values[c] == 0 && left.count_ones() == 1 && left != g.masks[c])
                .then(|| (c, left.trailing_zeros() as u16 + 1))
        })
        .collect();
    let line = if cells[1] == cells[0] + 1 || cells[0] == cells[1] + 1 {
        format!("row {}", cells[0] / n + 1)
    } else {
        format!("column {}", cells[0] % n + 1)
    };
    let counts: Vec<String> = values_of(gaps).map(|k| (k - 1).to_string()).collect();
    let counts = match counts.len() {
        1 => counts[0].clone(),
        k => format!("{} or {}", counts[..k - 1].join(", "), counts[k - 1]),
    };
    let word = if gaps == 1 << 1 { "cell" } else { "cells" };
    let text = format!(
        "sandwich {} on {line}: the cells between 1 and {n} sum to {}, so {counts} {word} lie between them; {}",
        s.sum,
        s.sum,
        result_text(g, &placements, &eliminations)
    );
    let mut step = Step::new(Technique::Sandwich, text)
        .cells(cells.iter().copied())
        .remove(eliminations);
    for (c, v) in placements {
        step = step.place(c, v);
    }
    Some(step)
}

#[cfg(test)]
mod tests;
