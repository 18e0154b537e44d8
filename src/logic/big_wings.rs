//! Big wings: WXYZ- to TUVWXYZ-Wing (SE's ALS-XZ with a bivalue cell) on SE's ladder, and ALS-XZ (an extra, not rated).

use crate::sort::SmallSort;
use std::collections::HashSet;

use super::grid::{Candidates, bit, values_of};
use super::step::{Step, Technique};

/// A wing found, with what SE sorts its hints by.
struct Wing {
    /// The set: `k` cells that see each other, holding `k + 1` values.
    set: Vec<usize>,
    /// The bivalue cell.
    pincer: usize,
    /// A value of the pincer whose places in the set all see it: it cannot
    /// be both in the pincer and in the set.
    link: u16,
    /// The pincer's other value: the one removed, or the second link.
    other: u16,
    /// Whether both values link (SE's kind 2).
    double: bool,
    technique: Technique,
    /// SE's suffix: kind, largest cell, the set's candidate count.
    suffix: String,
    eliminations: Vec<(usize, u16)>,
}

/// The wing of `k` cells (3 for WXYZ, 4 VWXYZ, 5 UVWXYZ, 6 TUVWXYZ): `k`
/// cells that see each other hold `k + 1` values between them, and a
/// bivalue cell holds two of them, x and z, where x's places in the set
/// all see the bivalue cell. One of x's places holds it, so z is in the
/// bivalue cell or in the set, and leaves every cell that sees all its
/// places in both. When z links too, the set and the cell are locked:
/// each other value of the set leaves the cells that see its places.
///
/// As SE: the set's cells in increasing order, the bivalue cell after;
/// of the wings that remove something, the easiest, then the one that
/// removes most, then SE's suffix (kind, largest cell, candidate count)
/// highest as text, then the first found.
pub(crate) fn wing(g: &Candidates, k: usize) -> Option<Step> {
    let most = k + 1;
    let pool: Vec<usize> = (0..g.masks.len())
        .filter(|&c| (2..=most).contains(&(g.masks[c].count_ones() as usize)))
        .collect();
    let pincers: Vec<usize> = pool
        .iter()
        .copied()
        .filter(|&c| g.masks[c].count_ones() == 2)
        .collect();
    if pincers.is_empty() || pool.len() < k {
        return None;
    }
    let mut search = Search {
        g,
        k,
        pincers: &pincers,
        set: Vec::with_capacity(k),
        buffers: vec![Vec::new(); k],
        best: None,
    };
    search.grow(&pool, 0);
    search.best.map(|w| wing_step(g, w))
}

/// The search for a wing of `k` cells: the set so far, and the best wing.
struct Search<'a> {
    g: &'a Candidates,
    k: usize,
    pincers: &'a [usize],
    set: Vec<usize>,
    /// The cells that may follow the set, one buffer a depth.
    buffers: Vec<Vec<usize>>,
    best: Option<Wing>,
}

impl Search<'_> {
    /// Adds each of `cands` (cells after the set's last that see all of
    /// it, in increasing order) to the set while it holds at most `k + 1`
    /// values, and looks for a pincer when the set is full.
    fn grow(&mut self, cands: &[usize], union: u64) {
        let g = self.g;
        let need = self.k - self.set.len();
        for (i, &c) in cands.iter().enumerate() {
            if cands.len() - i < need {
                break;
            }
            let u = union | g.masks[c];
            if u.count_ones() as usize > self.k + 1 {
                continue;
            }
            self.set.push(c);
            if need == 1 {
                if u.count_ones() as usize == self.k + 1 {
                    self.pincers(u);
                }
            } else {
                // Only cells that keep the set within k + 1 values can
                // follow; each depth reuses its buffer.
                let depth = self.set.len();
                let mut next = std::mem::take(&mut self.buffers[depth]);
                next.clear();
                next.extend(cands[i + 1..].iter().copied().filter(|&d| {
                    (u | g.masks[d]).count_ones() as usize <= self.k + 1 && g.layout.sees(c, d)
                }));
                self.grow(&next, u);
                self.buffers[depth] = next;
            }
            self.set.pop();
        }
    }

    /// Tries each bivalue cell outside the full set, holding two of its
    /// values and seeing one of its cells at least.
    fn pincers(&mut self, union: u64) {
        let g = self.g;
        let layout = &g.layout;
        // A set harder than the best wing so far cannot win.
        let tenths = self.technique(false).tenths();
        if self
            .best
            .as_ref()
            .is_some_and(|b| b.technique.tenths() < tenths)
        {
            return;
        }
        for &yz in self.pincers {
            let pm = g.masks[yz];
            if pm & !union != 0
                || self.set.contains(&yz)
                || !self.set.iter().any(|&c| layout.sees(c, yz))
            {
                continue;
            }
            // The pincer's two values, lower first.
            let x = pm.trailing_zeros() as u16 + 1;
            let z = (pm & (pm - 1)).trailing_zeros() as u16 + 1;
            // A value links when each of its places in the set sees the pincer.
            let links = |v: u16| {
                self.set
                    .iter()
                    .all(|&c| g.masks[c] & bit(v) == 0 || layout.sees(c, yz))
            };
            let wing = match (links(x), links(z)) {
                (true, true) => self.double(union, yz, x, z),
                (true, false) => self.single(yz, x, z),
                (false, true) => self.single(yz, z, x),
                (false, false) => None,
            };
            if let Some(w) = wing
                && self.best.as_ref().is_none_or(|b| better(&w, b))
            {
                self.best = Some(w);
            }
        }
    }

    /// The cells outside the wing holding `v` that see every cell of the
    /// set holding it, and the pincer when `pincer` is set.
    fn seeing(&self, v: u16, yz: usize, pincer: bool) -> Vec<(usize, u16)> {
        let g = self.g;
        let layout = &g.layout;
        let holds = |c: usize| g.masks[c] & bit(v) != 0;
        // Every such cell is a peer of the pincer, or of a place of v.
        let anchor = if pincer {
            Some(yz)
        } else {
            self.set.iter().copied().find(|&c| holds(c))
        };
        let Some(anchor) = anchor else {
            return Vec::new();
        };
        layout.peers[anchor]
            .iter()
            .map(|&d| d as usize)
            .filter(|&d| holds(d) && d != yz && !self.set.contains(&d))
            .filter(|&d| self.set.iter().all(|&c| !holds(c) || layout.sees(c, d)))
            .map(|d| (d, v))
            .collect()
    }

    /// A wing linked on `link` only: `other` leaves the cells that see its
    /// places in the set and the pincer.
    fn single(&self, yz: usize, link: u16, other: u16) -> Option<Wing> {
        let eliminations = self.seeing(other, yz, true);
        (!eliminations.is_empty()).then(|| self.wing(yz, link, other, false, eliminations))
    }

    /// A wing linked on both values: each value of the set but x and z
    /// leaves the cells that see its places in the set, and x and z those
    /// that see their places in the set and the pincer. SE calls it kind 2
    /// when it removes a value of the set's own, or both x and z.
    fn double(&self, union: u64, yz: usize, x: u16, z: u16) -> Option<Wing> {
        let pm = self.g.masks[yz];
        let weak: Vec<(usize, u16)> = values_of(union & !pm)
            .flat_map(|w| self.seeing(w, yz, false))
            .collect();
        let on_x = self.seeing(x, yz, true);
        let on_z = self.seeing(z, yz, true);
        let (link, other, double) = match (weak.is_empty(), on_x.is_empty(), on_z.is_empty()) {
            // Only x goes: a single wing linked on z.
            (true, _, true) => (z, x, false),
            // Only z goes: a single wing linked on x.
            (true, true, false) => (x, z, false),
            _ => (x, z, true),
        };
        let mut eliminations = weak;
        eliminations.extend(on_x);
        eliminations.extend(on_z);
        (!eliminations.is_empty()).then(|| self.wing(yz, link, other, double, eliminations))
    }

    fn wing(
        &self,
        yz: usize,
        link: u16,
        other: u16,
        double: bool,
        mut eliminations: Vec<(usize, u16)>,
    ) -> Wing {
        let g = self.g;
        let technique = self.technique(double);
        let largest = self.largest();
        let size: u32 = self.set.iter().map(|&c| g.masks[c].count_ones()).sum();
        eliminations.sort_small();
        Wing {
            set: self.set.clone(),
            pincer: yz,
            link,
            other,
            double,
            technique,
            suffix: format!("{}{largest}{size}", if double { 2 } else { 1 }),
            eliminations,
        }
    }
}

impl Search<'_> {
    /// The most candidates a cell of the set holds.
    fn largest(&self) -> u8 {
        let most = self.set.iter().map(|&c| self.g.masks[c].count_ones());
        most.max().unwrap_or(0) as u8
    }

    /// The technique of a wing on the set.
    fn technique(&self, double: bool) -> Technique {
        let largest = self.largest();
        match self.k {
            3 => Technique::WxyzWing { largest, double },
            4 => Technique::VwxyzWing { largest, double },
            5 => Technique::UvwxyzWing { largest, double },
            _ => Technique::TuvwxyzWing { largest, double },
        }
    }
}

/// Whether SE sorts wing `a` before `b`: easier, then more eliminations,
/// then the higher suffix as text.
fn better(a: &Wing, b: &Wing) -> bool {
    let key = |w: &Wing| {
        (
            w.technique.tenths(),
            std::cmp::Reverse(w.eliminations.len()),
        )
    };
    match key(a).cmp(&key(b)) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => a.suffix > b.suffix,
    }
}

fn wing_step(g: &Candidates, w: Wing) -> Step {
    let union = w.set.iter().fold(0, |m, &c| m | g.masks[c]);
    let names: Vec<String> = w.set.iter().map(|&c| g.cell_name(c).to_string()).collect();
    let values: Vec<String> = values_of(union).map(|v| g.v(v).to_string()).collect();
    let name = w.technique.name();
    let text = if w.double {
        format!(
            "{name}: {} hold {} between them and {} holds {} and {}; neither can be in both, so the {} cells hold each of those values once, and each leaves the cells that see all its places there",
            names.join(", "),
            values.join(", "),
            g.cell_name(w.pincer),
            g.v(w.link),
            g.v(w.other),
            w.set.len() + 1,
        )
    } else {
        format!(
            "{name}: {} hold {} between them and {} holds {} and {}; {} cannot be in both, so {} is in one of them and leaves the cells that see all its places there",
            names.join(", "),
            values.join(", "),
            g.cell_name(w.pincer),
            g.v(w.link.min(w.other)),
            g.v(w.link.max(w.other)),
            g.v(w.link),
            g.v(w.other)
        )
    };
    let cells: Vec<usize> = w.set.iter().copied().chain([w.pincer]).collect();
    Step::new(w.technique, text)
        .remove(w.eliminations)
        .cells(cells.iter().copied())
        .marks(
            cells
                .into_iter()
                .flat_map(|c| values_of(g.masks[c]).map(move |v| (c, v))),
        )
}

/// The most cells an ALS of [`als_xz`] has.
const ALS_CELLS: usize = 4;

/// An almost locked set: cells of one house holding one value more than
/// their count.
struct Als {
    cells: Vec<usize>,
    mask: u64,
}

/// ALS-XZ (not in SE's ladder): two almost locked sets A and B (n cells of
/// a house with n + 1 values) that share no cell, and a value x of both
/// whose places in A all see its places in B, so x is in one set at most.
/// Then each other value z of both is in A or B, and leaves the cells that
/// see all its places in both. With two such values (doubly linked) each
/// set is locked less one of them: every value leaves the cells that see
/// all its places in its set, or in both for the two links. Sets of up to
/// four cells; the fewest cells first, then the most eliminations.
pub(crate) fn als_xz(g: &Candidates) -> Option<Step> {
    let sets = almost_locked_sets(g);
    let layout = &g.layout;
    let mut best: Option<(usize, Step)> = None;
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            let common = a.mask & b.mask;
            if common.count_ones() < 2 || a.cells.iter().any(|c| b.cells.contains(c)) {
                continue;
            }
            let cells = a.cells.len() + b.cells.len();
            if best.as_ref().is_some_and(|(n, _)| *n < cells) {
                continue;
            }
            let places = |s: &Als, v: u16| -> Vec<usize> {
                s.cells
                    .iter()
                    .copied()
                    .filter(|&c| g.masks[c] & bit(v) != 0)
                    .collect()
            };
            // A value links when each of its places in A sees each in B.
            let holds = |c: usize, v: u16| g.masks[c] & bit(v) != 0;
            let links: Vec<u16> = values_of(common)
                .filter(|&v| {
                    a.cells
                        .iter()
                        .filter(|&&p| holds(p, v))
                        .all(|&p| b.cells.iter().all(|&q| !holds(q, v) || layout.sees(p, q)))
                })
                .collect();
            if links.is_empty() || links.len() > 2 {
                continue;
            }
            // The cells outside both sets holding v that see all of `ends`.
            let seeing = |v: u16, ends: &[usize]| -> Vec<(usize, u16)> {
                (0..g.masks.len())
                    .filter(|&d| g.masks[d] & bit(v) != 0)
                    .filter(|d| !a.cells.contains(d) && !b.cells.contains(d))
                    .filter(|&d| ends.iter().all(|&e| layout.sees(e, d)))
                    .map(|d| (d, v))
                    .collect()
            };
            let both = |v: u16| [places(a, v), places(b, v)].concat();
            let double = links.len() == 2;
            let mut eliminations: Vec<(usize, u16)> = if double {
                let own = |s: &Als| {
                    values_of(s.mask & !links_mask(&links))
                        .flat_map(|v| seeing(v, &places(s, v)))
                        .collect::<Vec<_>>()
                };
                let mut e = own(a);
                e.extend(own(b));
                e.extend(links.iter().flat_map(|&v| seeing(v, &both(v))));
                e
            } else {
                values_of(common & !bit(links[0]))
                    .flat_map(|z| seeing(z, &both(z)))
                    .collect()
            };
            eliminations.sort_small();
            eliminations.dedup();
            if eliminations.is_empty() {
                continue;
            }
            let better = match &best {
                None => true,
                Some((n, s)) => cells < *n || s.eliminations.len() < eliminations.len(),
            };
            if !better {
                continue;
            }
            let name = |s: &Als| {
                let cells: Vec<String> = s
                    .cells
                    .iter()
                    .map(|&c| g.cell_name(c).to_string())
                    .collect();
                let values: Vec<String> = values_of(s.mask).map(|v| g.v(v).to_string()).collect();
                format!("{} ({})", cells.join(", "), values.join(", "))
            };
            let technique = Technique::AlsXz {
                cells: cells as u8,
                double,
            };
            let text = if double {
                format!(
                    "als-xz: almost locked sets {} and {} each hold {} and {} at most once between them, so both sets are locked and every value leaves the cells that see all its places",
                    name(a),
                    name(b),
                    g.v(links[0]),
                    g.v(links[1])
                )
            } else {
                format!(
                    "als-xz: almost locked sets {} and {} cannot both hold {}, so the other values they share are in one of them and leave the cells that see all their places",
                    name(a),
                    name(b),
                    g.v(links[0])
                )
            };
            let pattern: Vec<usize> = a.cells.iter().chain(&b.cells).copied().collect();
            let step = Step::new(technique, text)
                .remove(eliminations)
                .cells(pattern.iter().copied())
                .marks(
                    pattern
                        .into_iter()
                        .flat_map(|c| values_of(g.masks[c]).map(move |v| (c, v))),
                );
            best = Some((cells, step));
        }
    }
    best.map(|(_, s)| s)
}

fn links_mask(links: &[u16]) -> u64 {
    links.iter().fold(0, |m, &v| m | bit(v))
}

/// Every almost locked set of up to [`ALS_CELLS`] cells in a house, each
/// once, by size then house order.
fn almost_locked_sets(g: &Candidates) -> Vec<Als> {
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    let mut sets = Vec::new();
    for h in 0..g.layout.houses.len() {
        let empty: Vec<usize> = g.empty_cells(h).collect();
        let mut set = Vec::new();
        grow_als(g, &empty, 0, &mut set, 0, &mut |cells, mask| {
            if seen.insert(cells.to_vec()) {
                sets.push(Als {
                    cells: cells.to_vec(),
                    mask,
                });
            }
        });
    }
    sets.sort_stable_by_key(|s| s.cells.len());
    sets
}

/// Subsets of `empty` from `from` on, added to `set`, whose values number
/// at most [`ALS_CELLS`] + 1; each with one value more than cells is found.
fn grow_als(
    g: &Candidates,
    empty: &[usize],
    from: usize,
    set: &mut Vec<usize>,
    union: u64,
    found: &mut impl FnMut(&[usize], u64),
) {
    for i in from..empty.len() {
        let u = union | g.masks[empty[i]];
        if u.count_ones() as usize > ALS_CELLS + 1 {
            continue;
        }
        set.push(empty[i]);
        if u.count_ones() as usize == set.len() + 1 {
            found(set, u);
        }
        if set.len() < ALS_CELLS {
            grow_als(g, empty, i + 1, set, u, found);
        }
        set.pop();
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::logic::Logic;
    use crate::model::puzzle::Puzzle;
    use crate::model::rules::Rules;

    /// Bank puzzles (public domain) whose SE rating a big wing sets, with
    /// the bank's rating; for UVWXYZ- and TUVWXYZ-Wing the vendored SE's
    /// (the bank, rated by another SE version, says 7.1 and 8.3).
    const RATED: &[(&str, u16, &str)] = &[
        (
            "087020600000600005900715004005000210706000503028000900800163009600007000009080360",
            55,
            "wxyz-wing",
        ),
        (
            "500020004210305087000000000360501029000040000900000001000804000700103008090602070",
            56,
            "wxyz-wing",
        ),
        (
            "000610050000003009004000706600400001002070300100005002703000600900500000080094000",
            63,
            "vwxyz-wing",
        ),
        (
            "000000090706300000003016720009803060007060400080105900031450600000008503060000000",
            64,
            "vwxyz-wing",
        ),
        (
            "000000000005289300200704008000000000040105080030607040900453001010000020007902600",
            66,
            "uvwxyz-wing",
        ),
        // The bank says 8.3; the vendored SE takes TUVWXYZ-Wing, as ndoku.
        (
            "024070180007108200000000000003090600700365004090000050200030006000702000500000001",
            75,
            "tuvwxyz-wing",
        ),
    ];

    fn puzzle(line: &str) -> Puzzle {
        let cells: Vec<u16> = line.bytes().map(|b| u16::from(b - b'0')).collect();
        Puzzle::from_cells(Rules::classic(9).unwrap(), &cells).unwrap()
    }

    #[test]
    fn nine_by_nine_ratings_match_se() {
        let logic = Logic::new().assume_unique(true);
        for &(line, se, name) in RATED {
            let rating = logic.rate(&puzzle(line)).unwrap();
            assert_eq!(rating.tenths(), Some(se), "{line}: {rating}");
            assert_eq!(rating.hardest.map(Technique::name), Some(name), "{line}");
        }
    }

    /// The first step of `line`'s path that `pick` takes.
    fn first_step(line: &str, pick: impl Fn(Technique) -> bool) -> Step {
        let path = Logic::new()
            .assume_unique(true)
            .solve_path(&puzzle(line))
            .unwrap();
        path.steps.into_iter().find(|s| pick(s.technique)).unwrap()
    }

    #[test]
    fn doubly_linked_wings_are_se_s_kind_2() {
        // SE: "WXYZ-Wing 237: Cells r5c9,r7c9,r8c9,r9c7 on values 2,7".
        let step = first_step(
            "250000031000304000304070509100080006003207900800000005000731000000429000000000000",
            |t| matches!(t, Technique::WxyzWing { .. }),
        );
        assert_eq!(
            step.technique,
            Technique::WxyzWing {
                largest: 3,
                double: true
            }
        );
        assert_eq!(step.highlight.cells, vec![44, 62, 71, 78]);
        // SE: "VWXYZ-Wing 2411: Cells r1c1,r2c1,r2c3,r3c3,r5c3 on values 5,9",
        // then "VWXYZ-Wing 128: Cells r4c1,r4c2,r5c3,r6c1,r2c3 on value 4".
        let line =
            "071000300000090008800100007000257400060408030007639000900005003500040000002000950";
        let step = first_step(line, |t| matches!(t, Technique::VwxyzWing { .. }));
        assert_eq!(
            step.technique,
            Technique::VwxyzWing {
                largest: 4,
                double: true
            }
        );
        assert_eq!(step.highlight.cells, vec![0, 9, 11, 20, 38]);
        let step = first_step(line, |t| {
            matches!(t, Technique::VwxyzWing { double: false, .. })
        });
        assert_eq!(step.highlight.cells, vec![27, 28, 38, 45, 11]);
        assert!(step.eliminations.iter().all(|&(_, v)| v == 4));
    }

    /// A board of `rules` with every candidate, but `cells` hold only theirs.
    fn board(rules: Rules, cells: &[(usize, &[u16])]) -> Candidates {
        let mut g = Candidates::from_variant(&Puzzle::new(rules)).unwrap();
        for &(c, values) in cells {
            g.masks[c] = values.iter().fold(0, |m, &v| m | bit(v));
        }
        g.refresh();
        g
    }

    fn set(v: &[(usize, u16)]) -> BTreeSet<(usize, u16)> {
        v.iter().copied().collect()
    }

    #[test]
    fn six_by_six_wxyz_wing() {
        let six = || Rules::boxes(2, 3).unwrap();
        // R1C1-R1C3 hold 1-4; R4C3 holds 1 and 4, and sees the only 4 of
        // the set: 1 is in R4C3 or the set, and leaves R2C3, which sees
        // its places R1C1, R1C3 and R4C3.
        let set_cells: [(usize, &[u16]); 3] = [(0, &[1, 2]), (1, &[2, 3]), (2, &[1, 3, 4])];
        let mut cells = set_cells.to_vec();
        cells.push((20, &[1, 4]));
        let g = board(six(), &cells);
        let step = wing(&g, 3).unwrap();
        assert_eq!(
            step.technique,
            Technique::WxyzWing {
                largest: 3,
                double: false
            }
        );
        assert_eq!(step.eliminations, vec![(8, 1)]);
        assert!(wing(&g, 4).is_none());
        // With R2C1 holding 1 and 4 instead, both link: R1C1, R1C2, R1C3
        // and R2C1 hold 1-4 once each. Three sets with a bivalue pincer
        // tie; SE's order takes the first.
        let mut cells = set_cells.to_vec();
        cells.push((6, &[1, 4]));
        let g = board(six(), &cells);
        let step = wing(&g, 3).unwrap();
        assert_eq!(
            step.technique,
            Technique::WxyzWing {
                largest: 3,
                double: true
            }
        );
        assert_eq!(step.highlight.cells, vec![0, 1, 2, 6]);
        let mut expected: Vec<(usize, u16)> = [3, 4, 5, 7, 8]
            .iter()
            .flat_map(|&c| [(c, 2), (c, 3)])
            .collect();
        expected.extend([(7, 1), (8, 1), (7, 4), (8, 4)]);
        assert_eq!(set(&step.eliminations), set(&expected));
    }

    #[test]
    fn nine_by_nine_tuvwxyz_wing_on_a_built_board() {
        // R1C1-R1C6 hold 1-2, 2-3, ..., 6-7; R5C1 holds 1 and 7 and sees
        // the only 1 of the set, so 7 leaves R5C6, which sees R1C6 and R5C1.
        let cells: Vec<(usize, &[u16])> = vec![
            (0, &[1, 2]),
            (1, &[2, 3]),
            (2, &[3, 4]),
            (3, &[4, 5]),
            (4, &[5, 6]),
            (5, &[6, 7]),
            (36, &[1, 7]),
        ];
        let g = board(Rules::classic(9).unwrap(), &cells);
        let step = wing(&g, 6).unwrap();
        assert_eq!(
            step.technique,
            Technique::TuvwxyzWing {
                largest: 2,
                double: false
            }
        );
        assert_eq!(step.technique.tenths(), 75);
        assert_eq!(step.eliminations, vec![(41, 7)]);
        assert_eq!(step.highlight.cells, vec![0, 1, 2, 3, 4, 5, 36]);
        assert!(step.explanation().starts_with("tuvwxyz-wing: R1C1, "));
    }

    #[test]
    fn six_by_six_als_xz_is_an_extra() {
        // A = R1C1, R1C2 (1, 2, 3 in row 1), B = R3C1, R3C3 (1, 3, 4 in
        // row 3): 1 is in A or B, not both (R1C1 sees R3C1), so 3 is in one
        // and leaves the cells that see R1C2 and R3C3.
        let cells: [(usize, &[u16]); 4] =
            [(0, &[1, 2]), (1, &[2, 3]), (12, &[1, 4]), (14, &[3, 4])];
        let g = board(Rules::boxes(2, 3).unwrap(), &cells);
        let step = als_xz(&g).unwrap();
        assert_eq!(
            step.technique,
            Technique::AlsXz {
                cells: 4,
                double: false
            }
        );
        assert!(!step.technique.is_rated());
        assert_eq!(step.eliminations, vec![(2, 3), (8, 3), (13, 3), (19, 3)]);
    }

    #[test]
    fn wing_difficulties_are_se_s() {
        let t = |largest| Technique::WxyzWing {
            largest,
            double: false,
        };
        assert_eq!([t(2), t(3), t(4)].map(Technique::tenths), [55, 56, 55]);
        let t = |largest| Technique::VwxyzWing {
            largest,
            double: true,
        };
        assert_eq!(
            [t(2), t(3), t(4), t(5)].map(Technique::tenths),
            [63, 64, 63, 62]
        );
    }
}
