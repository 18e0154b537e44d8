//! Subsets: naked and hidden pairs, triples and quads, and the direct hidden pair and triple.

use smallvec::SmallVec;

use super::grid::{Candidates, first_combination, values_of};
use super::step::{Step, Technique};

/// `degree` cells of a house with `degree` candidates between them: those
/// values leave the house's other cells.
pub(crate) fn naked(g: &Candidates, degree: usize) -> Option<Step> {
    let technique = match degree {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    g.layout
        .order_all
        .iter()
        .copied()
        .find_map(|h| naked_in(g, h, degree, technique))
}

fn naked_in(g: &Candidates, h: usize, degree: usize, technique: Technique) -> Option<Step> {
    if g.empty_count(h) < 2 * degree {
        return None;
    }
    let mut pool: SmallVec<[usize; 64]> = SmallVec::new();
    for c in g.empty_cells(h) {
        if (2..=degree as u32).contains(&g.masks[c].count_ones()) {
            pool.push(c);
        }
    }
    if pool.len() < degree {
        return None;
    }
    first_combination(pool.len(), degree, |idx| {
        let union = idx.iter().fold(0, |m, &i| m | g.masks[pool[i]]);
        if union.count_ones() as usize != degree {
            return None;
        }
        let in_set = |c: usize| idx.iter().any(|&i| pool[i] == c);
        if !g
            .empty_cells(h)
            .any(|c| !in_set(c) && g.masks[c] & union != 0)
        {
            return None;
        }
        let cells: Vec<usize> = idx.iter().map(|&i| pool[i]).collect();
        let eliminations: Vec<(usize, u16)> = g
            .empty_cells(h)
            .filter(|&c| !in_set(c))
            .flat_map(|c| values_of(g.masks[c] & union).map(move |v| (c, v)))
            .collect();
        let names: Vec<String> = cells.iter().map(|&c| g.cell_name(c).to_string()).collect();
        let text = format!(
            "{}: {} hold only {} in {}, so those values leave its other cells",
            technique.name(),
            names.join(", "),
            value_list(union),
            g.layout.houses[h].name()
        );
        Some(
            Step::new(technique, text)
                .remove(eliminations)
                .cells(cells.iter().copied())
                .houses([h])
                .marks(
                    cells
                        .iter()
                        .flat_map(|&c| values_of(g.masks[c]).map(move |v| (c, v))),
                ),
        )
    })
}

/// `degree` values with `degree` places between them in a house: other
/// values leave those cells. `direct` looks only for sets whose
/// eliminations leave another value one place in the house, and places it.
pub(crate) fn hidden(g: &Candidates, degree: usize, direct: bool) -> Option<Step> {
    let technique = match (degree, direct) {
        (2, true) => Technique::DirectHiddenPair,
        (3, true) => Technique::DirectHiddenTriple,
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    g.layout
        .order_full
        .iter()
        .copied()
        .find_map(|h| hidden_in(g, h, degree, direct, technique))
}

fn hidden_in(
    g: &Candidates,
    h: usize,
    degree: usize,
    direct: bool,
    technique: Technique,
) -> Option<Step> {
    let empty = g.empty_count(h);
    if empty <= degree || (!direct && empty <= 2 * degree) {
        return None;
    }
    let n = g.size() as u16;
    let places = g.house_places(h);
    let house = &g.layout.houses[h].cells;
    // The values with 2 to `degree` places, on the stack: most houses have too few.
    let (mut values, mut len) = ([0u16; 64], 0);
    for (i, p) in places.iter().enumerate() {
        values[len] = i as u16 + 1;
        len += usize::from((2..=degree as u32).contains(&p.count_ones()));
    }
    if len < degree {
        return None;
    }
    let pool = &values[..len];
    let cells_of = |mask: u64| -> Vec<usize> {
        values_of(mask)
            .map(|i| house[i as usize - 1] as usize)
            .collect()
    };
    first_combination(pool.len(), degree, |idx| {
        let within = idx.iter().fold(0, |m, &i| m | places[pool[i] as usize - 1]);
        if within.count_ones() as usize != degree {
            return None;
        }
        let set_mask = idx.iter().fold(0u64, |m, &i| m | 1 << (pool[i] - 1));
        // Tests on the masks first: most sets remove nothing, or place nothing.
        if !values_of(within).any(|i| g.masks[house[i as usize - 1] as usize] & !set_mask != 0) {
            return None;
        }
        let single = if direct {
            // Another value the set's cells leave with one place in the house.
            let v = (1..=n)
                .filter(|v| set_mask & 1 << (v - 1) == 0)
                .find(|&v| {
                    let p = places[v as usize - 1];
                    p.count_ones() > 1 && (p & !within).count_ones() == 1
                })?;
            Some((cells_of(places[v as usize - 1] & !within)[0], v))
        } else {
            None
        };
        let cells = cells_of(within);
        let eliminations: Vec<(usize, u16)> = cells
            .iter()
            .flat_map(|&c| values_of(g.masks[c] & !set_mask).map(move |v| (c, v)))
            .collect();
        let names: Vec<String> = cells.iter().map(|&c| g.cell_name(c).to_string()).collect();
        let what = format!(
            "{} have only {} for places in {}",
            value_list(set_mask),
            names.join(", "),
            g.layout.houses[h].name()
        );
        // A direct step only places, as in SE: what it would remove shows why.
        let (removed, shown) = if direct {
            (Vec::new(), eliminations)
        } else {
            (eliminations, Vec::new())
        };
        let step = Step::new(technique, String::new())
            .remove(removed)
            .marks(shown)
            .cells(cells.iter().copied())
            .houses([h])
            .marks(
                cells
                    .iter()
                    .flat_map(|&c| values_of(g.masks[c] & set_mask).map(move |v| (c, v))),
            );
        let Some((cell, v)) = single else {
            let text = format!(
                "{}: {what}, so other values leave those cells",
                technique.name()
            );
            return Some(step.with_text(text));
        };
        let text = format!(
            "{}: {what}, which leaves {v} one place in {}, {}",
            technique.name(),
            g.layout.houses[h].name(),
            g.cell_name(cell)
        );
        Some(step.with_text(text).place(cell, v))
    })
}

/// "3, 5 and 7".
pub(crate) fn value_list(mask: u64) -> String {
    let vals: Vec<String> = values_of(mask).map(|v| v.to_string()).collect();
    match vals.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => vals.join(""),
    }
}
