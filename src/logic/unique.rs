//! Uniqueness: unique rectangles types 1-4 and BUG+1, sound only on a puzzle with one solution.

use crate::error::House;

use super::grid::{Candidates, bit, first_combination, values_of};
use super::step::{Step, Technique};
use super::subsets::value_list;

/// The longest loop searched: SE has no limit, but loops past 10 cells
/// all rate alike and cost the most to find.
const MAX_LOOP: usize = 14;

/// A loop of empty cells that all hold two values `pair`, each house
/// holding none of its cells or two, one at an odd place and one at an even
/// place: the two values could swap along it, a deadly pattern.
struct Loop {
    cells: Vec<usize>,
    pair: u64,
}

/// The easiest unique rectangle or loop, by difficulty then type, as SE.
pub(crate) fn unique_loop(g: &Candidates) -> Option<Step> {
    if !g.layout.swappable {
        return None;
    }
    let mut best: Option<(u16, u8, Step)> = None;
    for start in (0..g.masks.len()).filter(|&c| g.masks[c].count_ones() == 2) {
        let pair = g.masks[start];
        let mut found = Vec::new();
        let mut path = vec![start];
        search(g, pair, &mut path, None, &mut found);
        for cells in found {
            let lp = Loop { cells, pair };
            for step in [type1(g, &lp), type2(g, &lp), type3(g, &lp), type4(g, &lp)]
                .into_iter()
                .flatten()
            {
                let Technique::UniqueLoop { kind, .. } = step.technique else {
                    continue;
                };
                let key = (step.technique.tenths(), kind);
                if best.as_ref().is_none_or(|(t, k, _)| key < (*t, *k)) {
                    best = Some((key.0, key.1, step));
                }
            }
        }
    }
    best.map(|(_, _, step)| step)
}

/// Extends `path` through houses of another kind than the last link's,
/// into cells holding both values of `pair`; a path back to its start of
/// 4 cells or more that is a deadly pattern joins `found`.
fn search(
    g: &Candidates,
    pair: u64,
    path: &mut Vec<usize>,
    last: Option<House>,
    found: &mut Vec<Vec<usize>>,
) {
    let layout = &g.layout;
    let cell = *path.last().unwrap_or(&0);
    for &h in &layout.cell_houses[cell] {
        let house = &layout.houses[h as usize];
        if Some(house.kind) == last {
            continue;
        }
        for &next in &house.cells {
            let next = next as usize;
            if next == path[0] && path.len() >= 4 {
                if path.len().is_multiple_of(2)
                    && is_deadly(g, path)
                    && !found.iter().any(|f| same_loop(f, path))
                {
                    found.push(path.clone());
                }
            } else if !path.contains(&next)
                && path.len() < MAX_LOOP
                && g.masks[next] & pair == pair
                && extras_allowed(g, pair, path, next)
            {
                path.push(next);
                search(g, pair, path, Some(house.kind), found);
                path.pop();
            }
        }
    }
}

/// SE's bound on a loop's cells with more than the pair: two, or any
/// number whose extra values are one same value.
fn extras_allowed(g: &Candidates, pair: u64, path: &[usize], next: usize) -> bool {
    let cells = path.iter().chain([&next]);
    let extra: Vec<u64> = cells
        .map(|&c| g.masks[c] & !pair)
        .filter(|&m| m != 0)
        .collect();
    let union = extra.iter().fold(0, |m, &e| m | e);
    extra.len() <= 2 || union.count_ones() == 1
}

/// Whether two loops hold the same cells.
fn same_loop(a: &[usize], b: &[usize]) -> bool {
    a.len() == b.len() && a.iter().all(|c| b.contains(c))
}

/// Each house holds none of the loop's cells, or one at an even place and
/// one at an odd place.
fn is_deadly(g: &Candidates, cells: &[usize]) -> bool {
    let layout = &g.layout;
    let mut seen: Vec<(u32, usize)> = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        for &h in &layout.cell_houses[c] {
            if seen.contains(&(h, i % 2)) {
                return false;
            }
            seen.push((h, i % 2));
        }
    }
    seen.iter()
        .all(|&(h, parity)| seen.contains(&(h, 1 - parity)))
}

fn names(g: &Candidates, cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| g.cell_name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The loop's cells with more than the pair.
fn extra_cells(g: &Candidates, lp: &Loop) -> Vec<usize> {
    lp.cells
        .iter()
        .copied()
        .filter(|&c| g.masks[c] != lp.pair)
        .collect()
}

/// The set of a type 3 step: its size, and whether it is hidden.
type SetOf = (u8, bool);

fn loop_step(g: &Candidates, lp: &Loop, kind: u8, (values, hidden): SetOf, what: String) -> Step {
    let technique = Technique::UniqueLoop {
        kind,
        cells: lp.cells.len() as u8,
        values,
        hidden,
    };
    let text = format!(
        "{} type {kind}: {} would hold only {} in two ways, so {what}",
        technique.name(),
        names(g, &lp.cells),
        value_list(lp.pair)
    );
    Step::new(technique, text)
        .cells(lp.cells.iter().copied())
        .marks(
            lp.cells
                .iter()
                .flat_map(|&c| values_of(g.masks[c] & lp.pair).map(move |v| (c, v))),
        )
}

/// One cell has more than the pair: the pair leaves it.
fn type1(g: &Candidates, lp: &Loop) -> Option<Step> {
    let [odd] = extra_cells(g, lp)[..] else {
        return None;
    };
    let eliminations = values_of(lp.pair).map(|v| (odd, v)).collect();
    let what = format!("{} leave {}", value_list(lp.pair), g.cell_name(odd));
    Some(loop_step(g, lp, 1, (0, false), what).remove(eliminations))
}

/// The cells with more than the pair all have one same extra value: it
/// leaves every cell that sees them all.
fn type2(g: &Candidates, lp: &Loop) -> Option<Step> {
    let extras = extra_cells(g, lp);
    let extra = extras.iter().fold(0, |m, &c| m | g.masks[c]) & !lp.pair;
    if extras.len() < 2 || extra.count_ones() != 1 {
        return None;
    }
    let z = values_of(extra).next()?;
    let layout = &g.layout;
    let eliminations: Vec<(usize, u16)> = (0..g.masks.len())
        .filter(|&c| !extras.contains(&c) && g.masks[c] & extra != 0)
        .filter(|&c| extras.iter().all(|&e| layout.sees(c, e)))
        .map(|c| (c, z))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let what = format!(
        "{z} is in {} and leaves the cells that see them all",
        names(g, &extras)
    );
    Some(loop_step(g, lp, 2, (0, false), what).remove(eliminations))
}

/// The houses both `cells` lie in.
fn shared_houses(g: &Candidates, cells: [usize; 2]) -> Vec<usize> {
    let layout = &g.layout;
    layout.cell_houses[cells[0]]
        .iter()
        .filter(|h| layout.cell_houses[cells[1]].contains(h))
        .map(|&h| h as usize)
        .collect()
}

/// Two cells with more than the pair, in one house: their extra values,
/// with other cells of the house, form a naked set whose values leave the
/// house's other cells.
fn type3(g: &Candidates, lp: &Loop) -> Option<Step> {
    let [r1, r2] = extra_cells(g, lp)[..] else {
        return None;
    };
    let extra = (g.masks[r1] | g.masks[r2]) & !lp.pair;
    if extra.count_ones() < 2 {
        return None;
    }
    let layout = &g.layout;
    let mut best: Option<Step> = None;
    for h in shared_houses(g, [r1, r2]) {
        let others: Vec<usize> = g.empty_cells(h).filter(|&c| c != r1 && c != r2).collect();
        let empty = others.len() + 2;
        for k in 1..others.len() {
            let degree = k + 1;
            if degree * 2 > empty || (degree as u32) < extra.count_ones() {
                continue;
            }
            let found = first_combination(others.len(), k, |idx| {
                let chosen: Vec<usize> = idx.iter().map(|&i| others[i]).collect();
                if chosen.iter().any(|&c| g.masks[c].count_ones() < 2) {
                    return None;
                }
                let union = chosen.iter().fold(extra, |m, &c| m | g.masks[c]);
                if union.count_ones() as usize != degree {
                    return None;
                }
                let eliminations: Vec<(usize, u16)> = others
                    .iter()
                    .filter(|c| !chosen.contains(c))
                    .flat_map(|&c| values_of(g.masks[c] & union).map(move |v| (c, v)))
                    .collect();
                if eliminations.is_empty() {
                    return None;
                }
                let what = format!(
                    "{} act as one cell of {}, a naked set with {} in {}",
                    names(g, &[r1, r2]),
                    value_list(extra),
                    names(g, &chosen),
                    layout.houses[h].name()
                );
                Some(
                    loop_step(g, lp, 3, (degree as u8, false), what)
                        .remove(eliminations)
                        .houses([h]),
                )
            });
            if let Some(step) = found {
                keep_easier(&mut best, step);
                break;
            }
        }
        let full = layout.houses[h].cells.len() == g.size();
        if let Some(step) = full
            .then(|| hidden_type3(g, lp, [r1, r2], extra, h))
            .flatten()
        {
            keep_easier(&mut best, step);
        }
    }
    best
}

fn keep_easier(best: &mut Option<Step>, step: Step) {
    if best
        .as_ref()
        .is_none_or(|s| step.technique.tenths() < s.technique.tenths())
    {
        *best = Some(step);
    }
}

/// Type 3 with a hidden set: in house `h`, the pair's values and `d - 2`
/// others (not extras) have `d` places between them when the second extra
/// cell is left out, the first standing for both: other values leave
/// those places but the loop's.
fn hidden_type3(
    g: &Candidates,
    lp: &Loop,
    [r1, r2]: [usize; 2],
    extra: u64,
    h: usize,
) -> Option<Step> {
    let layout = &g.layout;
    let house = &layout.houses[h];
    let empty = g.empty_count(h);
    let skip = !(1u64 << house.cells.iter().position(|&c| c as usize == r2)?);
    let at = |v: u16| g.positions(h, v) & skip;
    let others: Vec<u16> = (1..=g.size() as u16)
        .filter(|&v| (lp.pair | extra) & bit(v) == 0)
        .collect();
    let least = (extra.count_ones() as usize).max(2);
    (least..=others.len() + 2)
        .take_while(|d| 2 * d < empty)
        .find_map(|d| {
            let pair_places = values_of(lp.pair).fold(0, |m, v| m | at(v));
            let found = |chosen: &[u16]| {
                let places = chosen.iter().fold(pair_places, |m, &v| m | at(v));
                let nonempty =
                    chosen.iter().all(|&v| at(v) != 0) && values_of(lp.pair).all(|v| at(v) != 0);
                (nonempty && places.count_ones() as usize == d).then_some(places)
            };
            let step = |chosen: &[u16], places: u64| {
                let set = chosen.iter().fold(lp.pair, |m, &v| m | bit(v));
                let cells: Vec<usize> = values_of(places)
                    .map(|p| house.cells[p as usize - 1] as usize)
                    .filter(|&c| c != r1 && c != r2)
                    .collect();
                let eliminations: Vec<(usize, u16)> = cells
                    .iter()
                    .flat_map(|&c| values_of(g.masks[c] & !set).map(move |v| (c, v)))
                    .collect();
                (!eliminations.is_empty()).then(|| {
                    let what = format!(
                        "{} stand as one, and {} have only {} besides in {}",
                        names(g, &[r1, r2]),
                        value_list(set),
                        names(g, &cells),
                        house.name()
                    );
                    loop_step(g, lp, 3, (d as u8, true), what)
                        .remove(eliminations)
                        .houses([h])
                })
            };
            if d == 2 {
                return found(&[]).and_then(|p| step(&[], p));
            }
            first_combination(others.len(), d - 2, |idx| {
                let chosen: Vec<u16> = idx.iter().map(|&i| others[i]).collect();
                found(&chosen).and_then(|p| step(&chosen, p))
            })
        })
}

/// Two cells with more than the pair, in one house where one value of the
/// pair has no other place: the other value leaves them.
fn type4(g: &Candidates, lp: &Loop) -> Option<Step> {
    let [r1, r2] = extra_cells(g, lp)[..] else {
        return None;
    };
    let layout = &g.layout;
    for h in shared_houses(g, [r1, r2]) {
        if layout.houses[h].cells.len() != g.size() {
            continue;
        }
        for locked in values_of(lp.pair) {
            if g.positions(h, locked).count_ones() != 2 {
                continue;
            }
            let other = values_of(lp.pair & !bit(locked)).next()?;
            let what = format!(
                "{locked} in {} lies only in {} and {}, so {other} leaves them",
                layout.houses[h].name(),
                g.cell_name(r1),
                g.cell_name(r2)
            );
            let eliminations = vec![(r1, other), (r2, other)];
            return Some(
                loop_step(g, lp, 4, (0, false), what)
                    .remove(eliminations)
                    .houses([h]),
            );
        }
    }
    None
}

/// Every empty cell holds two candidates but one, which holds three, and
/// every value has two places or none in each house but for that cell's
/// extra value: that value goes in the cell, or the puzzle has two solutions.
pub(crate) fn bug_plus_one(g: &Candidates) -> Option<Step> {
    if !g.layout.swappable {
        return None;
    }
    let empty: Vec<usize> = (0..g.masks.len()).filter(|&c| g.values[c] == 0).collect();
    let wide: Vec<usize> = empty
        .iter()
        .copied()
        .filter(|&c| g.masks[c].count_ones() != 2)
        .collect();
    let [cell] = wide[..] else { return None };
    if g.masks[cell].count_ones() != 3 {
        return None;
    }
    let layout = &g.layout;
    let v = values_of(g.masks[cell]).find(|&v| {
        layout.cell_houses[cell]
            .iter()
            .filter(|&&h| layout.houses[h as usize].cells.len() == g.size())
            .all(|&h| g.positions(h as usize, v).count_ones() == 3)
    })?;
    let balanced = layout.full.iter().all(|&h| {
        (1..=g.size() as u16).all(|w| {
            let mut count = g.positions(h, w).count_ones();
            if w == v && layout.houses[h].cells.contains(&(cell as u32)) {
                count -= 1;
            }
            count == 0 || count == 2
        })
    });
    if !balanced {
        return None;
    }
    let text = format!(
        "bug+1: every empty cell but {} holds two candidates, so it must be {v}",
        g.cell_name(cell)
    );
    Some(
        Step::new(Technique::BugPlusOne, text)
            .place(cell, v)
            .cells([cell])
            .marks([(cell, v)]),
    )
}
