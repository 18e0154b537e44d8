//! Subsets: naked and hidden pairs, triples and quads, and the direct hidden pair and triple.

use super::grid::{Candidates, Pool, fitting_sets, values_of};
use super::seen::{HiddenSet, Seen};
use super::step::{Step, Technique};

/// `degree` cells of a house with `degree` candidates between them: those
/// values leave the house's other cells.
pub(crate) fn naked(g: &Candidates, degree: usize) -> Option<Step> {
    let technique = match degree {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    let mut pool = Pool::new();
    g.layout
        .order_all
        .iter()
        .copied()
        .find_map(|h| naked_in(g, h, degree, technique, &mut pool))
}

fn naked_in(
    g: &Candidates,
    h: usize,
    degree: usize,
    technique: Technique,
    pool: &mut Pool,
) -> Option<Step> {
    if g.empty_count(h) < 2 * degree {
        return None;
    }
    // The cells with 2 to `degree` candidates, and their masks.
    let mut len = 0;
    for c in g.empty_cells(h) {
        pool.items[len] = c;
        pool.masks[len] = g.masks[c];
        len += usize::from((2..=degree as u32).contains(&g.masks[c].count_ones()));
    }
    if len < degree {
        return None;
    }
    let (pool, masks) = (&pool.items[..len], &pool.masks[..len]);
    fitting_sets(masks, degree, |idx| {
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
            g.list(union),
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
    hidden_seen(g, degree, direct, &mut Seen::default())
}

/// [`hidden`] within a climb: a direct search for pairs or triples that
/// finds nothing keeps the first plain set in `seen`, and the plain search
/// takes it from there.
pub(crate) fn hidden_seen(
    g: &Candidates,
    degree: usize,
    direct: bool,
    seen: &mut Seen,
) -> Option<Step> {
    let technique = match (degree, direct) {
        (2, true) => Technique::DirectHiddenPair,
        (3, true) => Technique::DirectHiddenTriple,
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let slot = matches!(degree, 2 | 3).then(|| degree - 2);
    if !direct && let Some(first) = slot.and_then(|i| seen.hidden[i]) {
        return first.map(|set| hidden_step(g, set, technique, None));
    }
    let mut first = None;
    let mut pool = Pool::new();
    let found = g
        .layout
        .order_full
        .iter()
        .find_map(|&h| hidden_in(g, h, degree, direct, technique, &mut first, &mut pool));
    if direct
        && found.is_none()
        && let Some(i) = slot
    {
        seen.hidden[i] = Some(first);
    }
    found
}

/// The first set of house `h`; `first` keeps the first plain set met.
fn hidden_in(
    g: &Candidates,
    h: usize,
    degree: usize,
    direct: bool,
    technique: Technique,
    first: &mut Option<HiddenSet>,
    pool: &mut Pool,
) -> Option<Step> {
    let empty = g.empty_count(h);
    // A plain set needs more cells than it fills, or it removes nothing.
    let plain_fits = empty > 2 * degree;
    if empty <= degree || (!direct && !plain_fits) {
        return None;
    }
    let n = g.size() as u16;
    let places = g.house_places(h);
    let house = &g.layout.houses[h].cells;
    // The values with 2 to `degree` places: most houses have too few.
    let mut len = 0;
    if degree <= 3 {
        let few = (2..=degree).fold(0, |m, k| m | g.with_places(h, k));
        if few.count_ones() < degree as u32 {
            return None;
        }
        for v in values_of(few) {
            pool.items[len] = usize::from(v);
            pool.masks[len] = places[usize::from(v) - 1];
            len += 1;
        }
    } else {
        for (i, &p) in places.iter().enumerate() {
            pool.items[len] = i + 1;
            pool.masks[len] = p;
            len += usize::from((2..=degree as u32).contains(&p.count_ones()));
        }
    }
    if len < degree {
        return None;
    }
    let (pool, pool_places) = (&pool.items[..len], &pool.masks[..len]);
    fitting_sets(pool_places, degree, |idx| {
        let within = idx.iter().fold(0, |m, &i| m | places[pool[i] - 1]);
        if within.count_ones() as usize != degree {
            return None;
        }
        let set_mask = idx.iter().fold(0u64, |m, &i| m | 1 << (pool[i] - 1));
        // Tests on the masks first: most sets remove nothing, or place nothing.
        if !values_of(within).any(|i| g.masks[house[i as usize - 1] as usize] & !set_mask != 0) {
            return None;
        }
        let set = HiddenSet {
            house: h,
            values: set_mask,
            places: within,
        };
        if plain_fits {
            first.get_or_insert(set);
        }
        let single = if direct {
            // Another value the set's cells leave with one place in the house.
            let v = (1..=n)
                .filter(|v| set_mask & 1 << (v - 1) == 0)
                .find(|&v| {
                    let p = places[v as usize - 1];
                    p.count_ones() > 1 && (p & !within).count_ones() == 1
                })?;
            let at = (places[v as usize - 1] & !within).trailing_zeros() as usize;
            Some((house[at] as usize, v))
        } else {
            None
        };
        Some(hidden_step(g, set, technique, single))
    })
}

/// The step of a hidden set; `single` is what a direct one places.
fn hidden_step(
    g: &Candidates,
    set: HiddenSet,
    technique: Technique,
    single: Option<(usize, u16)>,
) -> Step {
    let HiddenSet {
        house: h,
        values: set_mask,
        places: within,
    } = set;
    let house = &g.layout.houses[h].cells;
    let cells: Vec<usize> = values_of(within)
        .map(|i| house[i as usize - 1] as usize)
        .collect();
    let eliminations: Vec<(usize, u16)> = cells
        .iter()
        .flat_map(|&c| values_of(g.masks[c] & !set_mask).map(move |v| (c, v)))
        .collect();
    // A direct step only places, as in SE: what it would remove shows why.
    let (removed, shown) = if single.is_some() {
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
    let name = g.layout.houses[h].name();
    let Some((cell, v)) = single else {
        return step.with_hidden_words(set_mask, g.size(), name, None);
    };
    step.with_hidden_words(set_mask, g.size(), name, Some((v, g.cell_name(cell))))
        .place(cell, v)
}
