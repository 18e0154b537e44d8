//! Intersections: pointing and claiming, direct (they leave a hidden single) and plain.

use smallvec::SmallVec;

use super::grid::{Candidates, bit};
use super::seen::{Locked, Seen};
use super::step::{Step, Technique};

/// A value of one house whose places all lie where it meets another: the
/// value leaves the rest of the other house. `direct` looks only for those
/// that leave a hidden single in a house of the first one's kind, and
/// places it. Pointing (from a box) comes before claiming, as in SE.
#[cfg(test)]
pub(crate) fn locking(g: &Candidates, direct: bool) -> Option<Step> {
    locking_seen(g, direct, &mut Seen::default())
}

/// [`locking`] within a climb: a direct search that finds nothing keeps
/// the first lock in `seen`, and the plain search takes it from there.
pub(crate) fn locking_seen(g: &Candidates, direct: bool, seen: &mut Seen) -> Option<Step> {
    if !direct && let Some(first) = seen.locked {
        let at = first?;
        // A plain lock always steps; the scan below stays for safety.
        if let Some(step) = lock_at(g, at, false) {
            return Some(step);
        }
    }
    let mut first = None;
    let found = [true, false]
        .into_iter()
        .find_map(|from_box| locking_from(g, direct, from_box, &mut first));
    if direct && found.is_none() {
        seen.locked = Some(first);
    }
    found
}

/// The locks from boxes (`from_box`) or from other houses, in SE's order;
/// `first` keeps the first one met.
fn locking_from(
    g: &Candidates,
    direct: bool,
    from_box: bool,
    first: &mut Option<Locked>,
) -> Option<Step> {
    let layout = &g.layout;
    for v in 1..=g.size() as u16 {
        for &house in &layout.lock_sources[usize::from(!from_box)] {
            let p = g.positions(house, v);
            if p.count_ones() < 2 {
                continue;
            }
            // A quick test on the position masks first: most pairs lock nothing.
            for m in &layout.meets[house] {
                if p & !m.here != 0 || g.positions(m.other, v) & !m.there == 0 {
                    continue;
                }
                let at = Locked {
                    value: v,
                    src: house,
                    dst: m.other,
                    intersection: m.intersection,
                };
                first.get_or_insert(at);
                if let Some(step) = lock_at(g, at, direct) {
                    return Some(step);
                }
            }
        }
    }
    None
}

fn lock_at(g: &Candidates, at: Locked, direct: bool) -> Option<Step> {
    let shared = &g.layout.intersections[at.intersection].2;
    lock(g, at.value, at.src, at.dst, shared, direct)
}

/// Value `v` of house `src`, locked in the cells `shared` with `dst`.
fn lock(
    g: &Candidates,
    v: u16,
    src: usize,
    dst: usize,
    shared: &[u32],
    direct: bool,
) -> Option<Step> {
    let layout = &g.layout;
    let b = bit(v);
    let has = |c: &u32| g.masks[*c as usize] & b != 0;
    let places: SmallVec<[usize; 16]> = layout.houses[src]
        .cells
        .iter()
        .filter(|c| has(c))
        .map(|&c| c as usize)
        .collect();
    if places.len() < 2 || !places.iter().all(|&c| shared.contains(&(c as u32))) {
        return None;
    }
    let removed: SmallVec<[usize; 16]> = layout.houses[dst]
        .cells
        .iter()
        .filter(|c| has(c) && !shared.contains(c))
        .map(|&c| c as usize)
        .collect();
    if removed.is_empty() {
        return None;
    }
    // Most direct locks leave no single: that is settled before the step is built.
    let single = if direct {
        Some(left_single(g, v, src, &removed)?)
    } else {
        None
    };
    let (src_h, dst_h) = (&layout.houses[src], &layout.houses[dst]);
    let pointing = src_h.is_box();
    let eliminations: Vec<(usize, u16)> = removed.iter().map(|&c| (c, v)).collect();
    let step = Step::new(Technique::Pointing, String::new())
        .cells(places.iter().copied())
        .houses([src, dst])
        .marks(places.iter().map(|&c| (c, v)));
    let names = [src_h.name(), dst_h.name()];
    let Some((cell, third)) = single else {
        let technique = if pointing {
            Technique::Pointing
        } else {
            Technique::Claiming
        };
        return Some(
            step.remove(eliminations)
                .with_technique(technique)
                .with_locked_words(v, names, None),
        );
    };
    let technique = if pointing {
        Technique::DirectPointing
    } else {
        Technique::DirectClaiming
    };
    let third_name = (layout.houses[third].name(), g.cell_name(cell));
    // A direct step only places, as in SE: what it would remove shows why.
    Some(
        step.marks(eliminations)
            .with_technique(technique)
            .with_locked_words(v, names, Some(third_name))
            .place(cell, v)
            .houses([third]),
    )
}

/// The single a lock of `v` from `src` leaves by removing it from the
/// cells `removed`: another full house of the source's kind left with one
/// place for `v`, as (that cell, the house). Only houses holding a removed
/// cell can be; the first by index.
fn left_single(g: &Candidates, v: u16, src: usize, removed: &[usize]) -> Option<(usize, usize)> {
    let layout = &g.layout;
    let kind = layout.houses[src].kind;
    let mut hits: SmallVec<[(usize, usize); 8]> = SmallVec::new();
    for &c in removed {
        for &h in &layout.cell_houses[c] {
            let (h, house) = (h as usize, &layout.houses[h as usize]);
            if h == src || house.kind != kind || house.cells.len() != g.size() {
                continue;
            }
            match hits.iter_mut().find(|(k, _)| *k == h) {
                Some((_, hit)) => *hit += 1,
                None => hits.push((h, 1)),
            }
        }
    }
    let third = hits
        .iter()
        .filter(|&&(h, hit)| {
            let count = g.positions(h, v).count_ones() as usize;
            count >= 2 && count - hit == 1
        })
        .map(|&(h, _)| h)
        .min()?;
    let cell = layout.houses[third]
        .cells
        .iter()
        .map(|&c| c as usize)
        .find(|&c| g.masks[c] & bit(v) != 0 && !removed.contains(&c))?;
    Some((cell, third))
}
