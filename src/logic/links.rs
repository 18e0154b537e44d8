//! Two strong links joined by a weak one (SE's turbot fish): skyscraper, 2-string kite, turbot fish, empty rectangle.

use crate::error::House;

use super::grid::{Candidates, bit};
use super::step::{Step, Technique};

/// A strong link on one value: at least one of its two ends holds it.
/// An end is a cell, or a group of cells of a box on one line (grouped).
struct Link {
    house: usize,
    ends: [Vec<usize>; 2],
    /// On classic rules, each end's row, column and box when all its cells
    /// share it (`u32::MAX` when not): two ends see each other only through
    /// a house they share.
    shared: [[u32; 3]; 2],
}

impl Link {
    fn new(g: &Candidates, house: usize, ends: [Vec<usize>; 2]) -> Self {
        let houses = &g.layout.cell_houses;
        let shared = |end: &[usize]| -> [u32; 3] {
            let mut out = [u32::MAX; 3];
            if g.layout.plain {
                for (k, slot) in out.iter_mut().enumerate() {
                    let h = houses[end[0]][k];
                    if end.iter().all(|&c| houses[c][k] == h) {
                        *slot = h;
                    }
                }
            }
            out
        };
        let shared = [shared(&ends[0]), shared(&ends[1])];
        Self {
            house,
            ends,
            shared,
        }
    }

    /// Whether end `e` of this link and end `f` of `other` may see each
    /// other: always on other rules than classic.
    fn may_see(&self, e: usize, other: &Link, f: usize, plain: bool) -> bool {
        let (x, y) = (&self.shared[e], &other.shared[f]);
        !plain || (0..3).any(|k| x[k] != u32::MAX && x[k] == y[k])
    }

    fn grouped(&self) -> bool {
        self.ends.iter().any(|e| e.len() > 1)
    }
}

/// The easiest chain of two strong links on one value whose inner ends see
/// each other: the value leaves every cell that sees both outer ends. Of
/// equally hard chains, the one that removes the most comes first, then
/// one through a box, as in SE's sort.
pub(crate) fn two_links(g: &Candidates) -> Option<Step> {
    let mut best: Option<(Rank, Step)> = None;
    for v in 1..=g.size() as u16 {
        best = best_on(g, v, best);
    }
    best.map(|(_, step)| step)
}

/// How a chain ranks: easier first, then more eliminations, then SE's
/// name order (a box link before a row and a column).
type Rank = (u16, std::cmp::Reverse<usize>, u8);

fn rank(technique: Technique, eliminations: usize) -> Rank {
    let name = u8::from(technique == Technique::TwoStringKite);
    (technique.tenths(), std::cmp::Reverse(eliminations), name)
}

/// `best`, or a chain on `v` that ranks before it.
fn best_on(g: &Candidates, v: u16, mut best: Option<(Rank, Step)>) -> Option<(Rank, Step)> {
    const ENDS: [(usize, usize); 4] = [(0, 0), (0, 1), (1, 0), (1, 1)];
    let links = strong_links(g, v);
    let plain = g.layout.plain;
    for (i, a) in links.iter().enumerate() {
        for b in &links[i + 1..] {
            // Which pairs of inner ends may see each other: a cheap test first.
            let joins = ENDS.map(|(ea, eb)| a.may_see(1 - ea, b, eb, plain));
            if a.house == b.house || !joins.contains(&true) {
                continue;
            }
            let technique = technique_of(g, a, b);
            let bar = best.as_ref().map_or(u16::MAX, |(r, _)| r.0);
            if technique.tenths() > bar {
                continue;
            }
            for (ea, eb) in ENDS
                .into_iter()
                .zip(joins)
                .filter(|(_, j)| *j)
                .map(|(e, _)| e)
            {
                let Some(eliminations) = chain(
                    g,
                    v,
                    [&a.ends[ea], &a.ends[1 - ea]],
                    [&b.ends[eb], &b.ends[1 - eb]],
                ) else {
                    continue;
                };
                let r = rank(technique, eliminations.len());
                if best.as_ref().is_none_or(|(b, _)| r < *b) {
                    best = Some((
                        r,
                        chain_step(g, v, technique, (a, ea), (b, eb), eliminations),
                    ));
                }
            }
        }
    }
    best
}

/// The technique a chain of links `a` and `b` makes, by SE's names and ratings.
fn technique_of(g: &Candidates, a: &Link, b: &Link) -> Technique {
    let layout = &g.layout;
    let (ka, kb) = (layout.houses[a.house].kind, layout.houses[b.house].kind);
    let grouped_box = |l: &Link| l.grouped() && layout.houses[l.house].is_box();
    if grouped_box(a) || grouped_box(b) {
        Technique::EmptyRectangle
    } else if a.grouped() || b.grouped() {
        Technique::GroupedTwoLinks
    } else if ka == kb && matches!(ka, House::Row | House::Column) {
        Technique::Skyscraper
    } else if layout.houses[a.house].is_line() && layout.houses[b.house].is_line() {
        Technique::TwoStringKite
    } else {
        Technique::TurbotFish
    }
}

/// The strong links of `v`: houses where it has two places, and houses
/// whose places split in two where another house crosses them, one part
/// on the crossing and the rest in one other house (grouped).
fn strong_links(g: &Candidates, v: u16) -> Vec<Link> {
    let layout = &g.layout;
    let mut out = Vec::new();
    for &h in &layout.full {
        let cells: Vec<usize> = layout.houses[h]
            .cells
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| g.masks[c] & bit(v) != 0)
            .collect();
        if cells.len() == 2 {
            out.push(Link::new(g, h, [vec![cells[0]], vec![cells[1]]]));
        } else if cells.len() > 2 {
            out.extend(splits(g, h, &cells));
        }
    }
    out
}

/// House `h`'s places split by each house crossing it into the part on
/// the crossing and the rest, when the rest lies in one house but `h`.
fn splits(g: &Candidates, h: usize, cells: &[usize]) -> Vec<Link> {
    let layout = &g.layout;
    let mut out = Vec::new();
    for (a, b, shared) in &layout.intersections {
        if *a != h && *b != h {
            continue;
        }
        let (on, off): (Vec<usize>, Vec<usize>) =
            cells.iter().partition(|&&c| shared.contains(&(c as u32)));
        if on.is_empty() || off.is_empty() || !in_one_house(g, h, &off) {
            continue;
        }
        out.push(Link::new(g, h, [on, off]));
    }
    out
}

/// Whether `cells` are one cell, or lie together in a house other than `h`.
fn in_one_house(g: &Candidates, h: usize, cells: &[usize]) -> bool {
    let layout = &g.layout;
    cells.len() == 1
        || layout.cell_houses[cells[0]]
            .iter()
            .any(|&k| k as usize != h && cells.iter().all(|&c| layout.cell_houses[c].contains(&k)))
}

/// The eliminations of the chain outer1 = inner1 - inner2 = outer2 on
/// `v`, given as `[outer1, inner1]` and `[inner2, outer2]`, if the inner
/// ends see each other and some cell sees both outer ends.
fn chain(g: &Candidates, v: u16, a: [&[usize]; 2], b: [&[usize]; 2]) -> Option<Vec<(usize, u16)>> {
    let layout = &g.layout;
    let ([outer1, inner1], [inner2, outer2]) = (a, b);
    let disjoint = |x: &[usize], y: &[usize]| x.iter().all(|c| !y.contains(c));
    let weak = disjoint(inner1, inner2)
        && inner1
            .iter()
            .all(|&x| inner2.iter().all(|&y| layout.sees(x, y)));
    if !weak || !disjoint(outer1, inner2) || !disjoint(outer2, inner1) {
        return None;
    }
    let in_chain = |c: &usize| {
        [outer1, inner1, inner2, outer2]
            .iter()
            .any(|e| e.contains(c))
    };
    let sees_all = |c: usize, end: &[usize]| end.iter().all(|&e| layout.sees(c, e));
    // A cell that sees the first outer end is one of its first cell's peers.
    let eliminations: Vec<(usize, u16)> = layout.peers[outer1[0]]
        .iter()
        .map(|&c| c as usize)
        .filter(|c| g.masks[*c] & bit(v) != 0 && !in_chain(c))
        .filter(|&c| sees_all(c, outer1) && sees_all(c, outer2))
        .map(|c| (c, v))
        .collect();
    (!eliminations.is_empty()).then_some(eliminations)
}

/// The step of a chain: `a.ends[ea]` is its first outer end, `b.ends[1 - eb]` its second.
fn chain_step(
    g: &Candidates,
    v: u16,
    technique: Technique,
    (a, ea): (&Link, usize),
    (b, eb): (&Link, usize),
    eliminations: Vec<(usize, u16)>,
) -> Step {
    let layout = &g.layout;
    let (outer1, inner1) = (&a.ends[ea], &a.ends[1 - ea]);
    let (inner2, outer2) = (&b.ends[eb], &b.ends[1 - eb]);
    let cells: Vec<usize> = [outer1, inner1, inner2, outer2]
        .into_iter()
        .flatten()
        .copied()
        .collect();
    let names = |e: &[usize]| -> String {
        e.iter()
            .map(|&c| g.cell_name(c))
            .collect::<Vec<_>>()
            .join("+")
    };
    let text = format!(
        "{}: {v} is in {} or {} ({} and {}), and {} sees {}, so {v} is in {} or {}",
        technique.name(),
        names(outer1),
        names(inner1),
        layout.houses[a.house].name(),
        layout.houses[b.house].name(),
        names(inner1),
        names(inner2),
        names(outer1),
        names(outer2)
    );
    Step::new(technique, text)
        .remove(eliminations)
        .cells(cells.iter().copied())
        .houses([a.house, b.house])
        .marks(cells.iter().map(|&c| (c, v)))
}
