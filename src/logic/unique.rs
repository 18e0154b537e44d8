//! Uniqueness: unique rectangles and loops types 1-4 and BUG types 1-4, sound only on a puzzle with one solution.

use crate::error::House;
use crate::sort::SmallSort;

use super::grid::{Candidates, bit, colex_combination, first_combination, joined, values_of};
use super::step::{Step, Technique};

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
    let mut search = LoopSearch::new(g);
    for start in (0..g.masks.len()).filter(|&c| g.masks[c].count_ones() == 2) {
        let pair = g.masks[start];
        for cells in search.loops(start, pair) {
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

/// The depth-first search for deadly loops from a start cell. It keeps
/// what the path holds as it grows, so that each cell costs the same at
/// any depth: which cells, and at which parities of place each house
/// holds them. A path with two cells of one house at places of one parity
/// is no deadly loop's start, and is not extended.
struct LoopSearch<'a> {
    g: &'a Candidates,
    pair: u64,
    path: Vec<usize>,
    on_path: Vec<bool>,
    /// Per house, bit 0 (1) when a path cell lies there at an even (odd) place.
    parities: Vec<u8>,
    /// How many houses hold one path cell: a deadly loop leaves none.
    lone: usize,
    found: Vec<Vec<usize>>,
}

impl<'a> LoopSearch<'a> {
    fn new(g: &'a Candidates) -> Self {
        Self {
            g,
            pair: 0,
            path: Vec::new(),
            on_path: vec![false; g.masks.len()],
            parities: vec![0; g.layout.houses.len()],
            lone: 0,
            found: Vec::new(),
        }
    }

    /// The deadly loops through `start` of cells holding `pair` (the
    /// start's candidates), in the order found, each once.
    fn loops(&mut self, start: usize, pair: u64) -> Vec<Vec<usize>> {
        self.pair = pair;
        if self.push(start) {
            // The start holds the pair alone: no extras yet.
            self.extend(None, 0, 0);
            self.pop();
        }
        std::mem::take(&mut self.found)
    }

    /// Adds `cell` to the path, unless a house would then hold two path
    /// cells at places of one parity.
    fn push(&mut self, cell: usize) -> bool {
        let g = self.g;
        let parity = 1 << (self.path.len() % 2);
        let houses = &g.layout.cell_houses[cell];
        if houses
            .iter()
            .any(|&h| self.parities[h as usize] & parity != 0)
        {
            return false;
        }
        for &h in houses {
            let held = &mut self.parities[h as usize];
            *held |= parity;
            if *held == 3 {
                self.lone -= 1;
            } else {
                self.lone += 1;
            }
        }
        self.on_path[cell] = true;
        self.path.push(cell);
        true
    }

    /// Takes the last cell off the path.
    fn pop(&mut self) {
        let g = self.g;
        let Some(cell) = self.path.pop() else {
            return;
        };
        let parity = 1 << (self.path.len() % 2);
        for &h in &g.layout.cell_houses[cell] {
            let held = &mut self.parities[h as usize];
            if *held == 3 {
                self.lone += 1;
            } else {
                self.lone -= 1;
            }
            *held &= !parity;
        }
        self.on_path[cell] = false;
    }

    /// Extends the path through houses of another kind than the last
    /// link's, into cells holding both values of the pair; a path back to
    /// its start of 4 cells or more that is a deadly pattern joins
    /// `found`. `extras` and `union` are how many path cells hold more
    /// than the pair, and those values.
    fn extend(&mut self, last: Option<House>, extras: usize, union: u64) {
        let g = self.g;
        let layout = &g.layout;
        let pair = self.pair;
        let cell = *self.path.last().unwrap_or(&0);
        let (a, b) = (
            pair.trailing_zeros() as u16 + 1,
            64 - pair.leading_zeros() as u16,
        );
        for &h in &layout.cell_houses[cell] {
            let house = &layout.houses[h as usize];
            if Some(house.kind) == last {
                continue;
            }
            // Only cells holding the pair, the start among them, go on or close.
            let mut holding = g.positions(h as usize, a) & g.positions(h as usize, b);
            while holding != 0 {
                let next = house.cells[holding.trailing_zeros() as usize] as usize;
                holding &= holding - 1;
                let len = self.path.len();
                if next == self.path[0] && len >= 4 {
                    if len.is_multiple_of(2)
                        && self.lone == 0
                        && !self.found.iter().any(|f| same_loop(f, &self.path))
                    {
                        self.found.push(self.path.clone());
                    }
                } else if len < MAX_LOOP && !self.on_path[next] {
                    // SE's bound on cells with more than the pair: two, or
                    // any number whose extra values are one same value.
                    let more = g.masks[next] & !pair;
                    let (extras, union) = (extras + usize::from(more != 0), union | more);
                    if (extras <= 2 || union.count_ones() == 1) && self.push(next) {
                        self.extend(Some(house.kind), extras, union);
                        self.pop();
                    }
                }
            }
        }
    }
}

/// Whether two loops hold the same cells.
fn same_loop(a: &[usize], b: &[usize]) -> bool {
    a.len() == b.len() && a.iter().all(|c| b.contains(c))
}

fn names(g: &Candidates, cells: &[usize]) -> String {
    joined(cells.iter().map(|&c| g.cell_name(c)), ", ")
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
        g.list(lp.pair)
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
    let what = format!("{} leave {}", g.list(lp.pair), g.cell_name(odd));
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
        "{} is in {} and leaves the cells that see them all",
        g.v(z),
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
                    g.list(extra),
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
                        g.list(set),
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
                "{} in {} lies only in {} and {}, so {} leaves them",
                g.v(locked),
                layout.houses[h].name(),
                g.cell_name(r1),
                g.cell_name(r2),
                g.v(other)
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

/// The bivalue universal grave (BUG) that removing some cells' extra
/// values would leave, found as SE finds it: its extra ("bug") cells, the
/// extra values of each, and the cells that see every bug cell.
struct Grave {
    cells: Vec<usize>,
    extras: Vec<u64>,
    all: u64,
    common: Vec<usize>,
}

/// The houses BUG reasons on, as SE visits them: boxes and regions, rows,
/// columns, then the others of N cells.
fn bug_houses(g: &Candidates) -> Vec<usize> {
    let layout = &g.layout;
    let rank = |h: &usize| match layout.houses[*h].kind {
        House::Box | House::Region => 0,
        House::Row => 1,
        House::Column => 2,
        _ => 3,
    };
    let mut houses = layout.full.clone();
    houses.sort_stable_by_key(rank);
    houses
}

impl Grave {
    /// Adds `cell` as a bug cell with extra value `v`; false when the bug
    /// cells have two extra values or more and no cell sees them all, which
    /// rules out types 2 and 3 (SE then gives up).
    fn add(&mut self, g: &Candidates, cell: usize, v: u16) -> bool {
        let at = match self.cells.iter().position(|&c| c == cell) {
            Some(i) => i,
            None => {
                self.common = if self.cells.is_empty() {
                    g.layout.peers[cell].iter().map(|&c| c as usize).collect()
                } else {
                    let layout = &g.layout;
                    self.common
                        .iter()
                        .copied()
                        .filter(|&c| layout.sees(c, cell))
                        .collect()
                };
                self.cells.push(cell);
                self.extras.push(0);
                self.cells.len() - 1
            }
        };
        self.extras[at] |= bit(v);
        self.all |= bit(v);
        self.common.retain(|c| !self.cells.contains(c));
        !(self.cells.len() > 1 && self.all.count_ones() > 1 && self.common.is_empty())
    }

    /// The grave of `g`, if removing the extra values leaves every empty
    /// cell two candidates and every value two places or none per house.
    fn find(g: &Candidates, houses: &[usize]) -> Option<Self> {
        let layout = &g.layout;
        let mut grave = Grave {
            cells: Vec::new(),
            extras: Vec::new(),
            all: 0,
            common: Vec::new(),
        };
        // SE's fix by lksudoku: when every odd count is of one value, each
        // cell of three candidates or more where it lies is a bug cell.
        let mut only: Option<(u16, Vec<usize>)> = None;
        let mut one_value = true;
        for &h in houses {
            for v in 1..=g.size() as u16 {
                let places = g.positions(h, v);
                if places.count_ones() == 0 || places.count_ones() == 2 {
                    continue;
                }
                let wide: Vec<usize> = values_of(places)
                    .map(|p| layout.houses[h].cells[p as usize - 1] as usize)
                    .filter(|&c| g.masks[c].count_ones() >= 3)
                    .collect();
                match &mut only {
                    None => only = Some((v, wide.clone())),
                    Some((w, cells)) if one_value => {
                        if *w == v {
                            cells.extend(
                                wide.iter()
                                    .filter(|c| !cells.contains(c))
                                    .collect::<Vec<_>>(),
                            );
                        } else {
                            one_value = false;
                        }
                    }
                    _ => {}
                }
                match wide[..] {
                    [] => return None,
                    [cell] if !grave.add(g, cell, v) => return None,
                    // Several: another house tells which of them is the bug cell.
                    _ => {}
                }
            }
        }
        if let (true, Some((v, cells))) = (one_value, only)
            && cells.len() > grave.cells.len()
        {
            for c in cells {
                if !grave.cells.contains(&c) && !grave.add(g, c, v) {
                    return None;
                }
            }
        }
        // Without the extras, a grave: two candidates a cell, two places a house.
        let mask = |c: usize| {
            grave
                .cells
                .iter()
                .position(|&b| b == c)
                .map_or(g.masks[c], |i| g.masks[c] & !grave.extras[i])
        };
        let pairs = (0..g.masks.len()).all(|c| g.values[c] != 0 || mask(c).count_ones() == 2);
        let balanced = houses.iter().all(|&h| {
            let mut counts = vec![0u8; g.size()];
            for &c in &layout.houses[h].cells {
                for v in values_of(mask(c as usize)) {
                    counts[usize::from(v) - 1] += 1;
                }
            }
            counts.iter().all(|&k| k == 0 || k == 2)
        });
        (pairs && balanced && !grave.cells.is_empty()).then_some(grave)
    }
}

/// A bivalue universal grave (BUG) and its extra values, SE's types 1-4:
/// removing every bug cell's extra values would leave each empty cell two
/// candidates and each value two places or none in each house, a puzzle
/// with two solutions; so some bug cell holds an extra value. Type 1 (one
/// bug cell): its extra value goes there. Type 2 (one extra value): it
/// leaves every cell that sees all bug cells. Type 3: the bug cells act as
/// one cell of their extra values, with other cells of a house a naked
/// set. Type 4: two bug cells of a house share a value with two places
/// there, so each keeps only it and its extras.
pub(crate) fn bug(g: &Candidates) -> Option<Step> {
    if !g.layout.swappable {
        return None;
    }
    let houses = bug_houses(g);
    let grave = Grave::find(g, &houses)?;
    if let [cell] = grave.cells[..] {
        return Some(bug_type1(g, cell, grave.all));
    }
    if grave.all.count_ones() == 1 {
        bug_type2(g, &grave).or_else(|| bug_type4(g, &grave, &houses))
    } else if !grave.common.is_empty() {
        bug_type4(g, &grave, &houses).or_else(|| bug_type3(g, &grave, &houses))
    } else {
        None
    }
}

/// One bug cell: it holds its extra value (a placement), or one of its
/// extra values, so its other values leave it.
fn bug_type1(g: &Candidates, cell: usize, extras: u64) -> Step {
    let step = Step::new(Technique::BugPlusOne, String::new())
        .cells([cell])
        .marks(values_of(extras).map(|v| (cell, v)));
    if extras.count_ones() == 1 {
        let v = values_of(extras).next().unwrap_or(1);
        let text = format!(
            "bug+1: every empty cell but {} holds two candidates, so it must be {}",
            g.cell_name(cell),
            g.v(v)
        );
        step.place(cell, v).with_text(text)
    } else {
        let text = format!(
            "bug+1: every empty cell but {} holds two candidates, so it holds {}",
            g.cell_name(cell),
            g.list(extras)
        );
        let eliminations = values_of(g.masks[cell] & !extras)
            .map(|v| (cell, v))
            .collect();
        step.remove(eliminations).with_text(text)
    }
}

/// One extra value, in every bug cell: it leaves every cell that sees them all.
fn bug_type2(g: &Candidates, grave: &Grave) -> Option<Step> {
    let v = values_of(grave.all).next()?;
    let eliminations: Vec<(usize, u16)> = grave
        .common
        .iter()
        .filter(|&&c| g.masks[c] & grave.all != 0)
        .map(|&c| (c, v))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let shown = g.v(v);
    let text = format!(
        "bug type 2: without {shown} in {} every empty cell would hold two candidates, so {shown} is in one of them and leaves the cells that see them all",
        names(g, &grave.cells)
    );
    Some(
        Step::new(Technique::BugType2, text)
            .remove(eliminations)
            .cells(grave.cells.iter().copied())
            .marks(grave.cells.iter().map(|&c| (c, v))),
    )
}

/// The houses that hold every one of `cells`, in `houses`' order.
fn houses_holding<'a>(
    g: &'a Candidates,
    houses: &'a [usize],
    cells: &'a [usize],
) -> impl Iterator<Item = usize> + 'a {
    let layout = &g.layout;
    houses.iter().copied().filter(move |&h| {
        cells
            .iter()
            .all(|&c| layout.cell_houses[c].contains(&(h as u32)))
    })
}

/// Two bug cells in one house, sharing one value that is no extra: that
/// value has only them as places there, and one of them holds its extra,
/// so each keeps only its extras and the shared value.
fn bug_type4(g: &Candidates, grave: &Grave, houses: &[usize]) -> Option<Step> {
    let [c1, c2] = grave.cells[..] else {
        return None;
    };
    let shared = g.masks[c1] & g.masks[c2] & !grave.all;
    if shared.count_ones() != 1 {
        return None;
    }
    let v = values_of(shared).next()?;
    let h = houses_holding(g, houses, &[c1, c2]).next()?;
    let eliminations: Vec<(usize, u16)> = [(c1, grave.extras[0]), (c2, grave.extras[1])]
        .into_iter()
        .flat_map(|(c, extras)| values_of(g.masks[c] & !extras & !shared).map(move |w| (c, w)))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let shown = g.v(v);
    let text = format!(
        "bug type 4: {} hold an extra value, and {shown} has only them as places in {}, so each keeps only {shown} and its extras",
        names(g, &[c1, c2]),
        g.layout.houses[h].name()
    );
    Some(
        Step::new(Technique::BugType4, text)
            .remove(eliminations)
            .cells([c1, c2])
            .houses([h])
            .marks([(c1, v), (c2, v)]),
    )
}

/// The bug cells, which all lie in one house, act as one cell of their
/// extra values; with `d - 1` other cells of that house that see them all
/// they make a naked set of `d` values: each value leaves the cells that
/// see every cell of the set holding it. SE looks from `d` = 2 to 6, in
/// boxes, rows then columns, and takes the first.
fn bug_type3(g: &Candidates, grave: &Grave, houses: &[usize]) -> Option<Step> {
    let layout = &g.layout;
    let homes: Vec<usize> = houses_holding(g, houses, &grave.cells).collect();
    for degree in 2..=6usize {
        for &h in &homes {
            let mut others: Vec<usize> = grave
                .common
                .iter()
                .copied()
                .filter(|&c| layout.cell_houses[c].contains(&(h as u32)))
                .collect();
            others.sort_small();
            if others.len() < degree {
                continue;
            }
            let found = colex_combination(others.len(), degree - 1, |idx| {
                let chosen: Vec<usize> = idx.iter().map(|&i| others[i]).collect();
                if chosen.iter().any(|&c| g.masks[c].count_ones() < 2) {
                    return None;
                }
                let union = chosen.iter().fold(0, |m, &c| m | g.masks[c]);
                if union.count_ones() as usize != degree || grave.all & !union != 0 {
                    return None;
                }
                let holders = |v: u16| -> Vec<usize> {
                    chosen
                        .iter()
                        .chain(&grave.cells)
                        .copied()
                        .filter(|&c| g.masks[c] & bit(v) != 0)
                        .collect()
                };
                let eliminations: Vec<(usize, u16)> = values_of(union)
                    .flat_map(|v| {
                        let holding = holders(v);
                        layout.peers[holding[0]]
                            .iter()
                            .map(|&c| c as usize)
                            .filter(|&c| g.masks[c] & bit(v) != 0)
                            .filter(|&c| holding.iter().all(|&x| layout.sees(c, x)))
                            .map(|c| (c, v))
                            .collect::<Vec<_>>()
                    })
                    .collect();
                if eliminations.is_empty() {
                    return None;
                }
                let text = format!(
                    "bug type 3: one of {} holds one of {}, so they act as one cell and make a naked set of {} with {} in {}",
                    names(g, &grave.cells),
                    g.list(grave.all),
                    g.list(union),
                    names(g, &chosen),
                    layout.houses[h].name()
                );
                let technique = Technique::BugType3 {
                    values: degree as u8,
                };
                Some(
                    Step::new(technique, text)
                        .remove(eliminations)
                        .cells(grave.cells.iter().chain(&chosen).copied())
                        .houses([h])
                        .marks(
                            grave
                                .cells
                                .iter()
                                .zip(&grave.extras)
                                .flat_map(|(&c, &e)| values_of(e).map(move |v| (c, v))),
                        ),
                )
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
