//! Steps on constraints beyond houses and cages: two-cell rules (Kropki dots, X and V, their negative rules, and the like), thermometer bounds, odd and even cells.

use smallvec::SmallVec;

use super::beyond::{Chain, PairTable};
use super::cages::{mask_of, outcome, result_text};
use super::grid::{Candidates, bit, values_of};
use super::step::{CellName, Step, Technique};

/// Odd and even cells (and any rule that keeps a cell to some values):
/// the other values leave it.
pub(crate) fn domains(g: &Candidates) -> Option<Step> {
    let side = g.size();
    g.layout.beyond.domains.iter().find_map(|d| {
        let c = d.cell as usize;
        let gone = g.masks[c] & !d.values;
        if g.values[c] != 0 || gone == 0 {
            return None;
        }
        let eliminations: Vec<(usize, u16)> = values_of(gone).map(|v| (c, v)).collect();
        let placements: Vec<(usize, u16)> = Vec::new();
        let text = format!(
            "{} {}: {}",
            d.what,
            CellName { cell: c, side },
            result_text(g, &placements, &eliminations)
        );
        Some(
            Step::new(Technique::CellDomain, text)
                .cells([c])
                .remove(eliminations),
        )
    })
}

/// A rule between two cells: a value of one that no candidate of the other
/// goes with (different values when the cells see each other) leaves it.
pub(crate) fn pairs(g: &Candidates) -> Option<Step> {
    let side = g.size();
    g.layout
        .beyond
        .pairs
        .iter()
        .find_map(|p| pair_step(g, p, side))
}

fn pair_step(g: &Candidates, p: &PairTable, side: usize) -> Option<Step> {
    let [a, b] = p.cells.map(|c| c as usize);
    if g.values[a] != 0 && g.values[b] != 0 {
        return None;
    }
    let (ma, mb) = (mask_of(g, a), mask_of(g, b));
    let sees = g.layout.sees(a, b);
    let kept = |m: u64, other: u64, allows: &[u64]| {
        values_of(m)
            .filter(|&v| {
                let same = if sees { bit(v) } else { 0 };
                allows[usize::from(v) - 1] & other & !same != 0
            })
            .fold(0u64, |k, v| k | bit(v))
    };
    let keep = [kept(ma, mb, &p.allows[0]), kept(mb, ma, &p.allows[1])];
    let (placements, eliminations) = outcome(g, &p.cells, &keep);
    if eliminations.is_empty() || keep.contains(&0) {
        return None;
    }
    let name = |cell: usize| CellName { cell, side };
    let text = format!(
        "{} between {} and {}: {}",
        p.what,
        name(a),
        name(b),
        result_text(g, &placements, &eliminations)
    );
    let mut step = Step::new(Technique::PairRule, text)
        .cells([a, b])
        .remove(eliminations);
    for (c, v) in placements {
        step = step.place(c, v);
    }
    Some(step)
}

/// Thermometers: each cell lies above the least values of the cells before
/// it and below the greatest of those after it; values outside leave it.
pub(crate) fn chains(g: &Candidates) -> Option<Step> {
    let side = g.size();
    g.layout
        .beyond
        .chains
        .iter()
        .find_map(|ch| chain_step(g, ch, side))
}

fn chain_step(g: &Candidates, ch: &Chain, side: usize) -> Option<Step> {
    let k = ch.cells.len();
    let gap = u32::from(!ch.slow);
    let masks: SmallVec<[u64; 16]> = ch.cells.iter().map(|&c| mask_of(g, c as usize)).collect();
    if masks.contains(&0) {
        return None;
    }
    let mut low: SmallVec<[u32; 16]> = SmallVec::with_capacity(k);
    for (i, &m) in masks.iter().enumerate() {
        let least = m.trailing_zeros() + 1;
        low.push(if i == 0 {
            least
        } else {
            least.max(low[i - 1] + gap)
        });
    }
    let mut high: SmallVec<[u32; 16]> = smallvec::smallvec![0; k];
    for i in (0..k).rev() {
        let most = 64 - masks[i].leading_zeros();
        high[i] = if i + 1 == k {
            most
        } else {
            most.min(high[i + 1].saturating_sub(gap))
        };
    }
    let keeps: SmallVec<[u64; 16]> = (0..k)
        .map(|i| {
            values_of(masks[i])
                .filter(|&v| (low[i]..=high[i]).contains(&u32::from(v)))
                .fold(0u64, |m, v| m | bit(v))
        })
        .collect();
    let (placements, eliminations) = outcome(g, &ch.cells, &keeps);
    if eliminations.is_empty() || keeps.contains(&0) {
        return None;
    }
    let name = |cell: u32| CellName {
        cell: cell as usize,
        side,
    };
    let order = if ch.slow { "never fall" } else { "rise" };
    let text = format!(
        "{} bounds: values {order} from {} to {}; {}",
        ch.what,
        name(ch.cells[0]),
        name(ch.cells[k - 1]),
        result_text(g, &placements, &eliminations)
    );
    let mut step = Step::new(Technique::ChainBounds, text)
        .cells(ch.cells.iter().map(|&c| c as usize))
        .remove(eliminations);
    for (c, v) in placements {
        step = step.place(c, v);
    }
    Some(step)
}

#[cfg(test)]
mod tests;
