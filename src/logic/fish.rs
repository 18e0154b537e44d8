//! Basic fish on rows and columns: X-Wing, Swordfish and Jellyfish.

use crate::error::House;

use super::grid::{Candidates, bit, first_combination, values_of};
use super::step::{Step, Technique};

/// The rows or the columns, by house index, in order.
pub(crate) fn lines(g: &Candidates, kind: House) -> Vec<usize> {
    (0..g.layout.houses.len())
        .filter(|&h| g.layout.houses[h].kind == kind)
        .collect()
}

/// A value whose places in `degree` lines (columns first, as SE) lie on
/// `degree` crossing lines: it leaves the rest of those crossing lines.
pub(crate) fn fish(g: &Candidates, degree: usize) -> Option<Step> {
    let technique = match degree {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let (rows, cols) = (lines(g, House::Row), lines(g, House::Column));
    [(&cols, &rows), (&rows, &cols)]
        .into_iter()
        .find_map(|(base, cover)| {
            (1..=g.size() as u16)
                .filter(|&v| g.placed(v) + 2 * degree <= g.size())
                .find_map(|v| fish_on(g, v, degree, base, cover, technique))
        })
}

fn fish_on(
    g: &Candidates,
    v: u16,
    degree: usize,
    base: &[usize],
    cover: &[usize],
    technique: Technique,
) -> Option<Step> {
    let places: Vec<u64> = base.iter().map(|&h| g.positions(h, v)).collect();
    let pool: Vec<usize> = (0..base.len())
        .filter(|&i| (2..=degree as u32).contains(&places[i].count_ones()))
        .collect();
    first_combination(pool.len(), degree, |idx| {
        let chosen: Vec<usize> = idx.iter().map(|&i| pool[i]).collect();
        let union = chosen.iter().fold(0, |m, &i| m | places[i]);
        if union.count_ones() as usize != degree {
            return None;
        }
        let base_cells: Vec<usize> = chosen
            .iter()
            .flat_map(|&i| g.layout.houses[base[i]].cells.iter().map(|&c| c as usize))
            .collect();
        let covers: Vec<usize> = values_of(union).map(|p| cover[p as usize - 1]).collect();
        let eliminations: Vec<(usize, u16)> = covers
            .iter()
            .flat_map(|&h| g.layout.houses[h].cells.iter().map(|&c| c as usize))
            .filter(|c| g.masks[*c] & bit(v) != 0 && !base_cells.contains(c))
            .map(|c| (c, v))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let fins: Vec<usize> = base_cells
            .iter()
            .copied()
            .filter(|&c| g.masks[c] & bit(v) != 0)
            .collect();
        let name = |hs: &mut dyn Iterator<Item = usize>| -> String {
            hs.map(|h| g.layout.houses[h].name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let text = format!(
            "{}: {v} in {} lies only in {}, so {v} leaves the rest of those",
            technique.name(),
            name(&mut chosen.iter().map(|&i| base[i])),
            name(&mut covers.iter().copied())
        );
        Some(
            Step::new(technique, text)
                .remove(eliminations)
                .cells(fins.iter().copied())
                .houses(
                    chosen
                        .iter()
                        .map(|&i| base[i])
                        .chain(covers.iter().copied()),
                )
                .marks(fins.iter().map(|&c| (c, v))),
        )
    })
}
