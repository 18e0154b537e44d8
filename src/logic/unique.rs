//! Uniqueness: unique rectangles types 1-4 and BUG+1, sound only on a puzzle with one solution.

use super::grid::{Candidates, bit, first_combination, values_of};
use super::step::{Step, Technique};
use super::subsets::value_list;

/// Four empty cells on two rows and two columns, where swapping two values
/// breaks no rule: a deadly pattern a unique puzzle must avoid.
struct Rectangle {
    /// Corners in order: (r1, c1), (r1, c2), (r2, c1), (r2, c2).
    cells: [usize; 4],
}

/// The sides of a rectangle, by corner index.
const SIDES: [[usize; 2]; 4] = [[0, 1], [2, 3], [0, 2], [1, 3]];

/// The easiest unique rectangle: types 1, 2 and 4 first (SE 4.5), then
/// type 3 with the smallest naked set.
pub(crate) fn unique_rectangle(g: &Candidates) -> Option<Step> {
    if !g.layout.swappable {
        return None;
    }
    let rects = rectangles(g);
    let mut best: Option<Step> = None;
    for rect in &rects {
        let shared = rect.cells.iter().fold(u64::MAX, |m, &c| m & g.masks[c]);
        for a in values_of(shared) {
            for b in values_of(shared).filter(|&b| b > a) {
                let pair = bit(a) | bit(b);
                let found = type1(g, rect, pair)
                    .or_else(|| type2(g, rect, pair))
                    .or_else(|| type4(g, rect, pair))
                    .or_else(|| type3(g, rect, pair));
                if let Some(step) = found {
                    if step.technique.tenths() == 45 {
                        return Some(step);
                    }
                    if best
                        .as_ref()
                        .is_none_or(|s| step.technique.tenths() < s.technique.tenths())
                    {
                        best = Some(step);
                    }
                }
            }
        }
    }
    best
}

/// Every rectangle of empty cells whose houses each hold none of its
/// corners or one side of it.
fn rectangles(g: &Candidates) -> Vec<Rectangle> {
    let n = g.size();
    let layout = &g.layout;
    let open = |c: usize| g.values[c] == 0 && g.masks[c].count_ones() >= 2;
    let mut out = Vec::new();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if !cells.iter().all(|&c| open(c)) {
                        continue;
                    }
                    let common = cells.iter().fold(u64::MAX, |m, &c| m & g.masks[c]);
                    if common.count_ones() < 2 {
                        continue;
                    }
                    let ok = (0..layout.houses.len()).all(|h| {
                        let inside: Vec<usize> = (0..4)
                            .filter(|&i| layout.houses[h].cells.contains(&(cells[i] as u32)))
                            .collect();
                        inside.is_empty() || SIDES.iter().any(|s| s[..] == inside[..])
                    });
                    if ok {
                        out.push(Rectangle { cells });
                    }
                }
            }
        }
    }
    out
}

fn names(g: &Candidates, cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| g.cell_name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

fn ur_step(
    g: &Candidates,
    rect: &Rectangle,
    pair: u64,
    technique: Technique,
    what: String,
) -> Step {
    let text = format!(
        "{}: {} would hold only {} in two ways, so {what}",
        technique.name(),
        names(g, &rect.cells),
        value_list(pair)
    );
    Step::new(technique, text).cells(rect.cells).marks(
        rect.cells
            .iter()
            .flat_map(|&c| values_of(g.masks[c] & pair).map(move |v| (c, v))),
    )
}

/// Three corners hold only the pair: the pair leaves the fourth.
fn type1(g: &Candidates, rect: &Rectangle, pair: u64) -> Option<Step> {
    let extra: Vec<usize> = rect
        .cells
        .iter()
        .copied()
        .filter(|&c| g.masks[c] != pair)
        .collect();
    let [odd] = extra[..] else { return None };
    let eliminations = values_of(pair).map(|v| (odd, v)).collect();
    let what = format!("{} leave {}", value_list(pair), g.cell_name(odd));
    Some(ur_step(g, rect, pair, Technique::UniqueRectangle1, what).remove(eliminations))
}

/// The side of corners holding only the pair (the floor), and the other
/// side (the roof), when there is such a split.
fn floor_and_roof(g: &Candidates, rect: &Rectangle, pair: u64) -> Option<([usize; 2], [usize; 2])> {
    let exact: Vec<usize> = (0..4).filter(|&i| g.masks[rect.cells[i]] == pair).collect();
    let floor = SIDES.iter().find(|s| s[..] == exact[..])?;
    let roof: Vec<usize> = (0..4).filter(|i| !floor.contains(i)).collect();
    Some((
        [rect.cells[floor[0]], rect.cells[floor[1]]],
        [rect.cells[roof[0]], rect.cells[roof[1]]],
    ))
}

/// The roof's corners both hold the pair and one same extra value: it
/// leaves every cell that sees both.
fn type2(g: &Candidates, rect: &Rectangle, pair: u64) -> Option<Step> {
    let (_, roof) = floor_and_roof(g, rect, pair)?;
    let extra = g.masks[roof[0]] & !pair;
    if extra.count_ones() != 1 || g.masks[roof[1]] & !pair != extra {
        return None;
    }
    let z = values_of(extra).next()?;
    let layout = &g.layout;
    let eliminations: Vec<(usize, u16)> = (0..g.masks.len())
        .filter(|&c| !rect.cells.contains(&c) && g.masks[c] & extra != 0)
        .filter(|&c| layout.sees(c, roof[0]) && layout.sees(c, roof[1]))
        .map(|c| (c, z))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let what = format!(
        "{z} is in {} or {}, and leaves the cells that see both",
        g.cell_name(roof[0]),
        g.cell_name(roof[1])
    );
    Some(ur_step(g, rect, pair, Technique::UniqueRectangle2, what).remove(eliminations))
}

/// The roof's extra values, with other cells of a house both roof corners
/// share, form a naked set: its values leave the house's other cells.
fn type3(g: &Candidates, rect: &Rectangle, pair: u64) -> Option<Step> {
    let (_, roof) = floor_and_roof(g, rect, pair)?;
    let extra = (g.masks[roof[0]] | g.masks[roof[1]]) & !pair;
    if extra == 0 {
        return None;
    }
    let layout = &g.layout;
    let shared: Vec<usize> = layout.cell_houses[roof[0]]
        .iter()
        .filter(|h| layout.cell_houses[roof[1]].contains(h))
        .map(|&h| h as usize)
        .collect();
    let mut best: Option<Step> = None;
    for h in shared {
        let others: Vec<usize> = g.empty_cells(h).filter(|c| !roof.contains(c)).collect();
        for k in 1..others.len() {
            let found = first_combination(others.len(), k, |idx| {
                let chosen: Vec<usize> = idx.iter().map(|&i| others[i]).collect();
                let union = chosen.iter().fold(extra, |m, &c| m | g.masks[c]);
                if union.count_ones() as usize != k + 1 {
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
                let technique = Technique::UniqueRectangle3 {
                    values: (k + 1) as u8,
                };
                let what = format!(
                    "{} act as one cell with {}, a naked set with {} in {}",
                    names(g, &roof),
                    value_list(extra),
                    names(g, &chosen),
                    layout.houses[h].name()
                );
                Some(
                    ur_step(g, rect, pair, technique, what)
                        .remove(eliminations)
                        .houses([h]),
                )
            });
            if let Some(step) = found {
                if best
                    .as_ref()
                    .is_none_or(|s| step.technique.tenths() < s.technique.tenths())
                {
                    best = Some(step);
                }
                break;
            }
        }
    }
    best
}

/// One value of the pair has no place in a house of the roof but the roof:
/// the other value leaves the roof.
fn type4(g: &Candidates, rect: &Rectangle, pair: u64) -> Option<Step> {
    let (_, roof) = floor_and_roof(g, rect, pair)?;
    let layout = &g.layout;
    let shared = layout.cell_houses[roof[0]]
        .iter()
        .filter(|h| layout.cell_houses[roof[1]].contains(h))
        .map(|&h| h as usize);
    for h in shared.filter(|&h| layout.houses[h].cells.len() == g.size()) {
        for locked in values_of(pair) {
            let places = g.positions(h, locked);
            if places.count_ones() != 2 {
                continue;
            }
            let other = values_of(pair & !bit(locked)).next()?;
            let what = format!(
                "{locked} in {} lies only in {} and {}, so {other} leaves them",
                layout.houses[h].name(),
                g.cell_name(roof[0]),
                g.cell_name(roof[1])
            );
            let eliminations = vec![(roof[0], other), (roof[1], other)];
            return Some(
                ur_step(g, rect, pair, Technique::UniqueRectangle4, what)
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
