//! Whisper lines beyond pairs: a value of a cell whose two neighbours on the line see each other, and could only both take one and the same value beside it, leaves the cell.
//!
//! Neighbours on a whisper differ by at least its difference (5 on a 9×9
//! German whisper). The pair rule already removes a value no neighbour
//! value goes with; this step looks at both neighbours of a cell at once:
//! when they see each other they must differ, so a value of the middle
//! cell beside which each can only take the same single value (on a 9×9
//! German whisper, 4 beside two 9s, 6 beside two 1s) leaves it.

use super::beyond::Line;
use super::cages::{cells_text, mask_of, result_text};
use super::grid::{Candidates, bit, full_mask, values_of};
use super::step::{CellName, Step, Technique};

/// The first whisper cell whose neighbours rule out one of its values.
pub(crate) fn whispers(g: &Candidates) -> Option<Step> {
    super::beyond::first_step(&g.layout.beyond.whispers, |l| whisper_step(g, l))
}

/// The values of 1..=n at least `d` from `v`.
fn apart(n: usize, v: u16, d: u16) -> u64 {
    let mut m = 0;
    if v > d {
        m |= full_mask(usize::from(v - d));
    }
    if usize::from(v) + usize::from(d) <= n {
        m |= full_mask(n) & !full_mask(usize::from(v + d) - 1);
    }
    m
}

fn whisper_step(g: &Candidates, line: &Line) -> Option<Step> {
    let n = g.size();
    let d = line.difference;
    line.cells.windows(3).find_map(|w| {
        let [a, c, b] = [w[0], w[1], w[2]].map(|x| x as usize);
        if g.values[c] != 0 || !g.layout.sees(a, b) {
            return None;
        }
        let (ma, mb) = (mask_of(g, a), mask_of(g, b));
        // Each removed value with the one value both neighbours would need
        // (a value one neighbour has no partner for is the pair rule's).
        let mut gone: Vec<(u16, u16)> = Vec::new();
        for v in values_of(g.masks[c]) {
            let near = apart(n, v, d);
            let (ca, cb) = (ma & near, mb & near);
            if ca == cb && ca.count_ones() == 1 {
                gone.push((v, ca.trailing_zeros() as u16 + 1));
            }
        }
        if gone.is_empty() {
            return None;
        }
        let name = |cell: usize| CellName { cell, side: n };
        let why: Vec<String> = gone
            .iter()
            .map(|&(v, u)| format!("both be {} (beside {})", g.v(u), g.v(v)))
            .collect();
        let eliminations: Vec<(usize, u16)> = gone.iter().map(|&(v, _)| (c, v)).collect();
        let left = g.masks[c] & !gone.iter().fold(0, |m, &(v, _)| m | bit(v));
        if left == 0 {
            return None;
        }
        let placements: Vec<(usize, u16)> = if left.count_ones() == 1 {
            vec![(c, left.trailing_zeros() as u16 + 1)]
        } else {
            Vec::new()
        };
        let text = format!(
            "whisper {}: the neighbours {} and {} of {} see each other, so they cannot {}; {}",
            cells_text(&line.cells, n),
            name(a),
            name(b),
            name(c),
            or_list(&why),
            result_text(g, &placements, &eliminations)
        );
        let mut step = Step::new(Technique::WhisperNeighbours, text)
            .cells([a, c, b])
            .remove(eliminations);
        for (p, v) in placements {
            step = step.place(p, v);
        }
        Some(step)
    })
}

/// Items as "a", "a or b", "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests;
