//! Chains of strong links on one value joined by weak ones (SE's StrongLinks): skyscraper, kite, turbot fish and empty rectangle of two links, and chains and X-loops of 3 to 6.

use crate::sort::SmallSort;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use crate::error::House;

use super::grid::{Candidates, CellSet, Layout, bit, by_width, joined};
use super::step::{Step, Technique};

/// A strong link on one value: at least one of its two ends holds it.
/// An end is a cell, or a group of cells of a box on one line (grouped).
struct Link<const W: usize> {
    house: usize,
    ends: [End<W>; 2],
    /// What the link brings to the technique of a chain: see [`Sort`].
    sort: Sort,
}

/// One end of a link: its cells, as a set, and the cells that see every
/// one of them.
struct End<const W: usize> {
    set: CellSet<W>,
    seen: CellSet<W>,
}

/// A link's part in the technique of a chain, as [`technique_of`] reads
/// it: grouped in a box (or region), grouped elsewhere, or plain in a row,
/// a column or another house.
#[derive(Clone, Copy)]
enum Sort {
    GroupedBox,
    Grouped,
    Row,
    Column,
    Other,
}

/// The links of one value, with the peer sets of the cells met so far in
/// the search (kept across values).
struct Links<const W: usize> {
    links: Vec<Link<W>>,
    /// Each cell's peers; left empty on wide boards, which read each from
    /// the layout.
    peers: Vec<CellSet<W>>,
}

impl<const W: usize> Links<W> {
    fn new(layout: &Layout, cells: usize) -> Self {
        // Up to 16x16 a search keeps each cell's peers: the same cells end
        // links of many values, and the layout copies them out word by word.
        let peers = if W <= 4 {
            (0..cells).map(|c| layout.peer_set(c)).collect()
        } else {
            Vec::new()
        };
        Self {
            links: Vec::new(),
            peers,
        }
    }

    /// The end of the places `places` of a house whose cells are `house`.
    fn end(&self, layout: &Layout, house: &[u32], mut places: u64) -> End<W> {
        let (mut set, mut seen) = (CellSet::EMPTY, CellSet::ALL);
        while places != 0 {
            let c = house[places.trailing_zeros() as usize] as usize;
            places &= places - 1;
            set.insert(c);
            let peers = self.peers.get(c).copied();
            seen = seen.and(peers.unwrap_or_else(|| layout.peer_set(c)));
        }
        End { set, seen }
    }

    /// Adds the link of house `h` between the places `ends` (positions in `h`).
    fn push(&mut self, layout: &Layout, h: usize, ends: [u64; 2]) {
        let info = &layout.houses[h];
        let grouped = ends[0].count_ones() > 1 || ends[1].count_ones() > 1;
        let sort = match (grouped, info.is_line()) {
            (true, _) if info.is_box() => Sort::GroupedBox,
            (true, _) => Sort::Grouped,
            (false, true) if info.kind == House::Row => Sort::Row,
            (false, true) => Sort::Column,
            (false, false) => Sort::Other,
        };
        let first = self.end(layout, &info.cells, ends[0]);
        let second = self.end(layout, &info.cells, ends[1]);
        self.links.push(Link {
            house: h,
            ends: [first, second],
            sort,
        });
    }
}

/// The easiest chain of two strong links on one value whose inner ends see
/// each other: the value leaves every cell that sees both outer ends. Of
/// equally hard chains, the one that removes the most comes first, then
/// one through a box, as in SE's sort.
pub(crate) fn two_links(g: &Candidates) -> Option<Step> {
    by_width!(g.layout, two_links_in(g))
}

/// The best chain of two links of each value, on the grid it was last
/// searched on.
struct TwoCache {
    layout: Arc<Layout>,
    /// Per full house, the places it shares with each other house, where
    /// they are two or more: see [`shared_places`].
    shared: Vec<Vec<u64>>,
    /// Per value (`v - 1`): its places as bits, and its best chain then.
    values: Vec<(Vec<u64>, Option<Chain>)>,
}

/// A chain of two links as the search keeps it: its rank and its step.
type Chain = (Rank, Step);

thread_local! {
    /// A value's chains depend on its places alone, and most values keep
    /// theirs from one step to the next: each is searched again only then.
    static LAST_TWO: RefCell<Option<TwoCache>> = const { RefCell::new(None) };
}

fn two_links_in<const W: usize>(g: &Candidates) -> Option<Step> {
    LAST_TWO.with(|last| {
        let mut last = last.borrow_mut();
        // Kept only for the same layout: a value's places say nothing else.
        let kept = last.take().filter(|c| Arc::ptr_eq(&c.layout, &g.layout));
        let cache = last.insert(kept.unwrap_or_else(|| TwoCache {
            layout: Arc::clone(&g.layout),
            shared: shared_places(&g.layout),
            values: vec![(Vec::new(), None); g.size()],
        }));
        let (places, words) = places_by_value(g);
        let tenths = TECHNIQUES.map(Technique::tenths);
        let mut links: Option<Links<W>> = None;
        for v in 1..=g.size() as u16 {
            let now = &places[(usize::from(v) - 1) * words..][..words];
            let (known, found) = &mut cache.values[usize::from(v) - 1];
            if known.as_slice() != now {
                let links = links.get_or_insert_with(|| Links::new(&g.layout, g.masks.len()));
                strong_links(g, v, &cache.shared, links);
                *found = best_on(g, v, links, &tenths);
                known.clear();
                known.extend_from_slice(now);
            }
        }
        // The least rank, the first value's on a tie: what a search of the
        // values in turn that keeps a chain only when it ranks before finds.
        let mut best: Option<&Chain> = None;
        for found in cache.values.iter().filter_map(|(_, f)| f.as_ref()) {
            if best.is_none_or(|b| found.0 < b.0) {
                best = Some(found);
            }
        }
        best.map(|(_, step)| step.clone())
    })
}

/// The cells holding each value as bits, `words` words a value (value 1
/// first), and `words`.
fn places_by_value(g: &Candidates) -> (Vec<u64>, usize) {
    let words = g.masks.len().div_ceil(64);
    let mut places = vec![0u64; g.size() * words];
    for (c, &mask) in g.masks.iter().enumerate() {
        for v in super::grid::values_of(mask) {
            places[(usize::from(v) - 1) * words + c / 64] |= 1 << (c % 64);
        }
    }
    (places, words)
}

/// How a chain ranks: easier first, then more eliminations, then SE's
/// name order (a box link before a row and a column).
type Rank = (u16, std::cmp::Reverse<usize>, u8);

fn rank(technique: Technique, eliminations: usize) -> Rank {
    let name = u8::from(technique == Technique::TwoStringKite);
    (technique.tenths(), std::cmp::Reverse(eliminations), name)
}

/// The cells holding `v`.
fn holding<const W: usize>(g: &Candidates, v: u16) -> CellSet<W> {
    let mut holds = CellSet::EMPTY;
    for (c, &m) in g.masks.iter().enumerate() {
        if m & bit(v) != 0 {
            holds.insert(c);
        }
    }
    holds
}

/// The best chain on `v`, the first found of equal rank; `tenths` are
/// those of [`TECHNIQUES`].
fn best_on<const W: usize>(
    g: &Candidates,
    v: u16,
    links: &Links<W>,
    tenths: &[u16; 5],
) -> Option<Chain> {
    let holds = holding::<W>(g, v);
    let mut best: Option<Chain> = None;
    // The difficulty to beat: a chain harder than the best so far is not built.
    let mut bar = u16::MAX;
    let all = &links.links;
    for (i, a) in all.iter().enumerate() {
        // The easiest technique `a` can make, as technique_of decides: a
        // plain line any, another plain link a turbot fish or a grouped one,
        // a grouped link a grouped one.
        let floor = match a.sort {
            Sort::GroupedBox | Sort::Grouped => tenths[0].min(tenths[1]),
            Sort::Row | Sort::Column => tenths.iter().copied().min().unwrap_or(0),
            Sort::Other => tenths[0].min(tenths[1]).min(tenths[4]),
        };
        if floor > bar {
            continue;
        }
        let [a0, a1] = &a.ends;
        // The cells holding `v` that see each end of `a`, as an outer end.
        let near = [holds.and(a0.seen), holds.and(a1.seen)];
        let classes = &CLASSES[a.sort as usize];
        // A house's links come together: those after `a` in its house
        // are passed over at once.
        let same = all[i + 1..].iter().take_while(|b| b.house == a.house);
        for b in &all[i + 1 + same.count()..] {
            let [b0, b1] = &b.ends;
            // Bit k: the inner ends of chain k (a's end 1 - ea with b's end
            // eb, for (ea, eb) = (k >> 1, k & 1)) see each other.
            let joins = u8::from(b0.set.within(&a1.seen))
                | u8::from(b1.set.within(&a1.seen)) << 1
                | u8::from(b0.set.within(&a0.seen)) << 2
                | u8::from(b1.set.within(&a0.seen)) << 3;
            if joins == 0 {
                continue;
            }
            let class = classes[b.sort as usize];
            if tenths[class] > bar {
                continue;
            }
            // Of those, the chains whose outer ends see a common cell
            // holding `v` (few): only they can remove anything.
            let hits = u8::from(joins & 1 != 0 && near[0].meets(&b1.seen))
                | u8::from(joins & 2 != 0 && near[0].meets(&b0.seen)) << 1
                | u8::from(joins & 4 != 0 && near[1].meets(&b1.seen)) << 2
                | u8::from(joins & 8 != 0 && near[1].meets(&b0.seen)) << 3;
            let mut left = hits;
            while left != 0 {
                let k = left.trailing_zeros() as usize;
                left &= left - 1;
                let (ea, eb) = (k >> 1, k & 1);
                let chain = [&a.ends[ea], &a.ends[1 - ea], &b.ends[eb], &b.ends[1 - eb]];
                let Some(removed) = eliminations(near[ea], chain) else {
                    continue;
                };
                let technique = TECHNIQUES[class];
                let r = rank(technique, removed.len());
                if best.as_ref().is_none_or(|(b, _)| r < *b) {
                    let houses = [a.house, a.house, b.house, b.house];
                    let step = chain_step(g, v, technique, chain, houses, removed);
                    bar = r.0;
                    best = Some((r, step));
                }
            }
        }
    }
    best
}

/// The techniques of two strong links, as [`technique_of`] numbers them.
const TECHNIQUES: [Technique; 5] = [
    Technique::EmptyRectangle,
    Technique::GroupedTwoLinks,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
];

/// [`technique_of`] for each two sorts of link, looked up in the search.
const CLASSES: [[usize; 5]; 5] = {
    const SORTS: [Sort; 5] = [
        Sort::GroupedBox,
        Sort::Grouped,
        Sort::Row,
        Sort::Column,
        Sort::Other,
    ];
    let mut out = [[0; 5]; 5];
    let mut i = 0;
    while i < 5 {
        let mut j = 0;
        while j < 5 {
            out[i][j] = technique_of(SORTS[i], SORTS[j]);
            j += 1;
        }
        i += 1;
    }
    out
};

/// The technique (index into [`TECHNIQUES`]) a chain of links of sorts `a`
/// and `b` makes, by SE's names and ratings.
const fn technique_of(a: Sort, b: Sort) -> usize {
    use Sort::{Column, Grouped, GroupedBox, Row};
    match (a, b) {
        (GroupedBox, _) | (_, GroupedBox) => 0,
        (Grouped, _) | (_, Grouped) => 1,
        (Row, Row) | (Column, Column) => 2,
        (Row | Column, Row | Column) => 3,
        _ => 4,
    }
}

/// The strong links of `v`, into `out`: houses where it has two places,
/// and houses whose places split in two where another house crosses them,
/// one part on the crossing and the rest in one other house (grouped).
fn strong_links<const W: usize>(g: &Candidates, v: u16, shared: &[Vec<u64>], out: &mut Links<W>) {
    let layout = &g.layout;
    out.links.clear();
    for &h in &layout.full {
        let places = g.positions(h, v);
        let count = places.count_ones();
        if count == 2 {
            let first = places & places.wrapping_neg();
            out.push(layout, h, [first, places & !first]);
        } else if count > 2 {
            for m in &layout.meets[h] {
                let (on, off) = (places & m.here, places & !m.here);
                if on != 0 && off != 0 && in_one_house(&shared[h], off) {
                    out.push(layout, h, [on, off]);
                }
            }
        }
    }
}

/// Whether the places `off` of a house are one cell, or lie together in
/// another house, given the places the house shares with each (`shared`).
fn in_one_house(shared: &[u64], off: u64) -> bool {
    off & (off - 1) == 0 || shared.iter().any(|&s| off & !s == 0)
}

/// The places each full house shares with each other house, where they are
/// two or more (indexed by house; empty for the other houses).
fn shared_places(layout: &Layout) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new(); layout.houses.len()];
    let mut masks = vec![0u64; layout.houses.len()];
    for &h in &layout.full {
        for (p, &c) in layout.houses[h].cells.iter().enumerate() {
            for &k in &layout.cell_houses[c as usize] {
                masks[k as usize] |= 1 << p;
            }
        }
        masks[h] = 0;
        for mask in &mut masks {
            if mask.count_ones() >= 2 {
                out[h].push(*mask);
            }
            *mask = 0;
        }
    }
    out
}

/// The eliminations of the chain outer1 = inner1 - inner2 = outer2, given
/// as those four ends whose inner ends see each other: the cells of `near`
/// (those holding the value that see outer1) that see outer2 too, when the
/// outer ends share no cell with the other link's inner end.
fn eliminations<const W: usize>(near: CellSet<W>, chain: [&End<W>; 4]) -> Option<CellSet<W>> {
    let [outer1, inner1, inner2, outer2] = chain;
    // Most chains see no common cell: that test goes first.
    let both = near.and(outer2.seen);
    if both.is_empty() || outer1.set.meets(&inner2.set) || outer2.set.meets(&inner1.set) {
        return None;
    }
    let in_chain = outer1.set.or(inner1.set).or(inner2.set).or(outer2.set);
    let removed = both.minus(in_chain);
    (!removed.is_empty()).then_some(removed)
}

/// The step of a chain of `ends` (outer1, inner1, inner2, outer2) in
/// `houses` (those of their links), removing `v` from the cells of `removed`.
fn chain_step<const W: usize>(
    g: &Candidates,
    v: u16,
    technique: Technique,
    ends: [&End<W>; 4],
    houses: [usize; 4],
    removed: CellSet<W>,
) -> Step {
    let layout = &g.layout;
    // Each end's cells in the order of its house.
    let lists: [Vec<usize>; 4] = std::array::from_fn(|k| {
        let house = &layout.houses[houses[k]].cells;
        house
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| ends[k].set.contains(c))
            .collect()
    });
    let [outer1, inner1, inner2, outer2] = lists.each_ref().map(Vec::as_slice);
    let houses = [houses[0], houses[2]];
    // Listed in the order of the first outer cell's peers.
    let eliminations: Vec<(usize, u16)> = layout.peers[outer1[0]]
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| removed.contains(c))
        .map(|c| (c, v))
        .collect();
    let cells: Vec<usize> = lists.concat();
    let names = |e: &[usize]| -> String { joined(e.iter().map(|&c| g.cell_name(c)), "+") };
    let shown = g.v(v);
    let text = format!(
        "{}: {shown} is in {} or {} ({} and {}), and {} sees {}, so {shown} is in {} or {}",
        technique.name(),
        names(outer1),
        names(inner1),
        layout.houses[houses[0]].name(),
        layout.houses[houses[1]].name(),
        names(inner1),
        names(inner2),
        names(outer1),
        names(outer2)
    );
    Step::new(technique, text)
        .remove(eliminations)
        .cells(cells.iter().copied())
        .houses(houses)
        .marks(cells.iter().map(|&c| (c, v)))
}

/// A strong link as SE's `StrongLinks(n)` takes it: a house whose places
/// of the value (2 to 6 of them) split into two ends, at least one of
/// which holds the value.
struct Chained {
    house: usize,
    /// The ends' cells; a grouped box end may hold the cell where the
    /// box's row and column parts cross even when the value is not there.
    ends: [Cells; 2],
    /// Every place of the value in the house.
    places: Cells,
    grouped: bool,
    /// SE's house type: 0 box or region, 1 row, 2 column, 3 other.
    kind: u8,
}

/// A few cells (a link's places or an end), kept inline: the tables of
/// every value are built at each step, and a heap list per link cost more
/// than the search itself.
type Cells = smallvec::SmallVec<[usize; 8]>;

/// SE's house type of house `h`: 0 box or region, 1 row, 2 column, 3 other.
fn kind_of(g: &Candidates, h: usize) -> u8 {
    match g.layout.houses[h].kind {
        House::Box | House::Region => 0,
        House::Row => 1,
        House::Column => 2,
        _ => 3,
    }
}

/// The house of `kind` that cell `c` lies in.
fn line_of(g: &Candidates, c: usize, kind: House) -> Option<u32> {
    let layout = &g.layout;
    layout.cell_houses[c]
        .iter()
        .copied()
        .find(|&h| layout.houses[h as usize].kind == kind)
}

/// What the links of every value read of the layout, looked up once: each
/// cell's row, column and box, and the full houses in link order.
struct Lines {
    rows: Vec<Option<u32>>,
    columns: Vec<Option<u32>>,
    boxes: Vec<Option<u32>>,
    /// The houses of N cells, boxes first, then rows, columns and others.
    order: Vec<usize>,
}

impl Lines {
    fn new(g: &Candidates) -> Self {
        let layout = &g.layout;
        let cells = 0..g.masks.len();
        let mut order = layout.full.clone();
        order.sort_stable_by_key(|&h| kind_of(g, h));
        Self {
            rows: cells.clone().map(|c| line_of(g, c, House::Row)).collect(),
            columns: cells
                .clone()
                .map(|c| line_of(g, c, House::Column))
                .collect(),
            boxes: cells
                .map(|c| {
                    layout.cell_houses[c]
                        .iter()
                        .copied()
                        .find(|&h| layout.houses[h as usize].is_box())
                })
                .collect(),
            order,
        }
    }

    /// The row (`House::Row`) or else the column of cell `c`.
    fn line(&self, c: usize, kind: House) -> Option<u32> {
        if kind == House::Row {
            self.rows[c]
        } else {
            self.columns[c]
        }
    }
}

/// The strong links of `v` for chains of 3 links or more, as SE finds
/// them, boxes first, then rows, columns and other houses.
fn chained_links(g: &Candidates, lines: &Lines, v: u16) -> Vec<Chained> {
    let layout = &g.layout;
    let mut out = Vec::new();
    for &h in &lines.order {
        let places: Cells = layout.houses[h]
            .cells
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| g.masks[c] & bit(v) != 0)
            .collect();
        if places.len() < 2 || places.len() > 6 {
            continue;
        }
        let kind = kind_of(g, h);
        let link = |ends: [Cells; 2]| Chained {
            house: h,
            ends,
            places: places.clone(),
            grouped: places.len() > 2,
            kind,
        };
        if places.len() == 2 {
            // SE leaves out a box's two places on one line: the line's link.
            let (a, b) = (places[0], places[1]);
            let aligned = [House::Row, House::Column]
                .into_iter()
                .any(|k| lines.line(a, k).is_some() && lines.line(a, k) == lines.line(b, k));
            if kind != 0 || !aligned {
                out.push(link([smallvec::smallvec![a], smallvec::smallvec![b]]));
            }
            continue;
        }
        match kind {
            0 => out.extend(box_splits(g, lines, h, &places).into_iter().map(link)),
            1 | 2 => out.extend(line_split(lines, &places).map(link)),
            _ => {}
        }
    }
    out
}

/// A grouped link in box `h` as SE splits it: about the first cell (the
/// heart) whose row and column hold every place, the column part against
/// the row part; a part of one cell stands alone and the other takes the
/// heart. Else, from 4 places, the places on two rows (or two columns) of
/// the box, and both ways when they make a rectangle.
fn box_splits(g: &Candidates, lines: &Lines, h: usize, places: &[usize]) -> Vec<[Cells; 2]> {
    let layout = &g.layout;
    for &heart in &layout.houses[h].cells {
        let heart = heart as usize;
        let (row, col) = (lines.rows[heart], lines.columns[heart]);
        let on = |c: usize, k: House, l: Option<u32>| l.is_some() && lines.line(c, k) == l;
        let others = || places.iter().copied().filter(|&c| c != heart);
        if !others().all(|c| on(c, House::Row, row) || on(c, House::Column, col)) {
            continue;
        }
        let down: Cells = others().filter(|&c| on(c, House::Column, col)).collect();
        let across: Cells = others().filter(|&c| on(c, House::Row, row)).collect();
        if down.is_empty() || across.is_empty() {
            return Vec::new();
        }
        let with_heart = |mut part: Cells| {
            part.push(heart);
            part
        };
        return vec![if across.len() == 1 {
            [across, with_heart(down)]
        } else if down.len() == 1 {
            [down, with_heart(across)]
        } else if places.contains(&heart) {
            [with_heart(down), with_heart(across)]
        } else {
            [down, across]
        }];
    }
    if places.len() < 4 {
        return Vec::new();
    }
    let split = |k: House| -> Option<[Cells; 2]> {
        let first = lines.line(places[0], k);
        let (a, b): (Cells, Cells) = places
            .iter()
            .copied()
            .partition(|&c| lines.line(c, k) == first);
        let second = lines.line(*b.first()?, k);
        b.iter()
            .all(|&c| lines.line(c, k) == second)
            .then_some([a, b])
    };
    match split(House::Row) {
        Some(rows) => {
            let mut out = vec![rows];
            if places.len() == 4 {
                out.extend(split(House::Column));
            }
            out
        }
        None => split(House::Column).into_iter().collect(),
    }
}

/// A grouped link in a line: its places lie in exactly two boxes, the
/// places in one against those in the other.
fn line_split(lines: &Lines, places: &[usize]) -> Option<[Cells; 2]> {
    let box_of = |c: usize| lines.boxes[c];
    let first = box_of(places[0])?;
    let (a, b): (Cells, Cells) = places
        .iter()
        .copied()
        .partition(|&c| box_of(c) == Some(first));
    let second = box_of(*b.first()?)?;
    b.iter()
        .all(|&c| box_of(c) == Some(second))
        .then_some([a, b])
}

/// The houses an end lies in: two at most on classic rules.
type Homes = smallvec::SmallVec<[u32; 4]>;

/// The houses of N cells that hold every cell of `cells`, in SE's order
/// for a weak link's house: columns, rows, boxes, others.
fn homes(g: &Candidates, cells: &[usize]) -> Homes {
    let layout = &g.layout;
    let rank = |h: &u32| match layout.houses[*h as usize].kind {
        House::Column => 0,
        House::Row => 1,
        House::Box | House::Region => 2,
        _ => 3,
    };
    let mut out: Homes = layout.cell_houses[cells[0]]
        .iter()
        .copied()
        .filter(|&h| layout.houses[h as usize].cells.len() == g.size())
        .filter(|h| cells.iter().all(|&c| layout.cell_houses[c].contains(h)))
        .collect();
    out.sort_stable_by_key(rank);
    out
}

/// The tables of one value's links that the chain search reads.
struct Tables {
    v: u16,
    links: Vec<Chained>,
    /// `joins[join_start[a]..join_start[a + 1]]`: the ends that share a
    /// house with end `a`, and that house, in order.
    joins: Vec<(usize, usize)>,
    join_start: Vec<usize>,
    /// `disjoint[i * m + j]`: whether links `i` and `j` share no cell.
    disjoint: Vec<bool>,
    /// `seen[a * words..][..words]`: the cells holding the value that see
    /// every cell of end `a`, as bits.
    seen: Vec<u64>,
}

/// The tables of the last grid searched, and of each value on the last
/// grid it was built for.
struct TableCache {
    layout: Arc<Layout>,
    /// The last grid's candidates, and the tables of its values.
    masks: Vec<u64>,
    all: Rc<Vec<Rc<Tables>>>,
    lines: Lines,
    /// Per value (`v - 1`): its places as bits, and its tables then.
    values: Vec<(Vec<u64>, Option<Rc<Tables>>)>,
}

thread_local! {
    /// The 3- to 6-link rungs of one step search the same grid and build
    /// its tables once; a value's tables depend on its places alone, and
    /// most values keep theirs from one step to the next.
    static LAST_TABLES: RefCell<Option<TableCache>> = const { RefCell::new(None) };
}

/// The tables of every value with 3 links or more on `g`, reused when the
/// same grid comes again, and per value when its places are the same.
fn tables_of(g: &Candidates) -> Rc<Vec<Rc<Tables>>> {
    LAST_TABLES.with(|last| {
        let mut last = last.borrow_mut();
        let cache = match last.as_mut() {
            Some(cache) if Arc::ptr_eq(&cache.layout, &g.layout) => cache,
            _ => last.insert(TableCache {
                layout: Arc::clone(&g.layout),
                masks: Vec::new(),
                all: Rc::new(Vec::new()),
                lines: Lines::new(g),
                values: vec![(Vec::new(), None); g.size()],
            }),
        };
        if cache.masks == g.masks {
            return Rc::clone(&cache.all);
        }
        let (places, words) = places_by_value(g);
        let mut all = Vec::new();
        for v in 1..=g.size() as u16 {
            let now = &places[(usize::from(v) - 1) * words..][..words];
            let (known, tables) = &mut cache.values[usize::from(v) - 1];
            if known.as_slice() != now {
                *tables = tables_on(g, &cache.lines, v).map(Rc::new);
                known.clear();
                known.extend_from_slice(now);
            }
            all.extend(tables.clone());
        }
        cache.masks.clone_from(&g.masks);
        cache.all = Rc::new(all);
        Rc::clone(&cache.all)
    })
}

/// The tables of `v`'s links, when it has 3 or more. Each table is one
/// flat list: they are built for every value at each step.
fn tables_on(g: &Candidates, lines: &Lines, v: u16) -> Option<Tables> {
    let words = g.masks.len().div_ceil(64);
    let links = chained_links(g, lines, v);
    if links.len() < 3 {
        return None;
    }
    let disjoint = disjoint_links(&links, words);
    let (joins, join_start) = end_joins(g, &links, &disjoint);
    let seen = ends_seen(g, v, &links, words);
    Some(Tables {
        v,
        links,
        joins,
        join_start,
        disjoint,
        seen,
    })
}

/// `disjoint[i * m + j]`: whether links `i` and `j` (of `m`) share no cell.
fn disjoint_links(links: &[Chained], words: usize) -> Vec<bool> {
    let m = links.len();
    // Each link's places as bits, `words` words a link.
    let mut places = vec![0u64; m * words];
    for (i, l) in links.iter().enumerate() {
        for &c in &l.places {
            places[i * words + c / 64] |= 1 << (c % 64);
        }
    }
    let bits = |i: usize| &places[i * words..(i + 1) * words];
    let mut disjoint = vec![false; m * m];
    for i in 0..m {
        for j in 0..m {
            disjoint[i * m + j] = i != j && bits(i).iter().zip(bits(j)).all(|(x, y)| x & y == 0);
        }
    }
    disjoint
}

/// Tables `joins` and `join_start` of [`Tables`]: which ends of disjoint
/// links share a house, and the first such house in SE's order.
fn end_joins(
    g: &Candidates,
    links: &[Chained],
    disjoint: &[bool],
) -> (Vec<(usize, usize)>, Vec<usize>) {
    let layout = &g.layout;
    let m = links.len();
    let end = |a: usize| &links[a / 2].ends[a % 2];
    let homes: Vec<Homes> = (0..2 * m).map(|a| homes(g, end(a))).collect();
    // The ends in each house, in increasing order: those of house `h` are
    // `house_ends[house_start[h]..house_start[h + 1]]`.
    let mut house_start = vec![0usize; layout.houses.len() + 1];
    for &h in homes.iter().flatten() {
        house_start[h as usize + 1] += 1;
    }
    for h in 0..layout.houses.len() {
        house_start[h + 1] += house_start[h];
    }
    let mut fill = house_start.clone();
    let mut house_ends = vec![0usize; house_start[layout.houses.len()]];
    for (a, list) in homes.iter().enumerate() {
        for &h in list {
            house_ends[fill[h as usize]] = a;
            fill[h as usize] += 1;
        }
    }
    // `joined[b] == a + 1` once end `b` is joined to end `a`.
    let mut joined = vec![0usize; 2 * m];
    let mut joins = Vec::new();
    let mut join_start = Vec::with_capacity(2 * m + 1);
    for a in 0..2 * m {
        join_start.push(joins.len());
        // The first of `a`'s houses, in SE's order, that `b` lies in too.
        for &h in &homes[a] {
            let h = h as usize;
            for &b in &house_ends[house_start[h]..house_start[h + 1]] {
                if disjoint[a / 2 * m + b / 2] && joined[b] != a + 1 {
                    joined[b] = a + 1;
                    joins.push((b, h));
                }
            }
        }
        let from = join_start[a];
        joins[from..].sort_small();
    }
    join_start.push(joins.len());
    (joins, join_start)
}

/// Per end, `words` words: the cells holding `v` that see all its cells.
fn ends_seen(g: &Candidates, v: u16, links: &[Chained], words: usize) -> Vec<u64> {
    let layout = &g.layout;
    let mut seen = vec![0u64; 2 * links.len() * words];
    for (a, cells) in links.iter().flat_map(|l| &l.ends).enumerate() {
        for c in layout.peers[cells[0]].iter().map(|&c| c as usize) {
            if g.masks[c] & bit(v) != 0 && cells.iter().all(|&x| layout.sees(c, x)) {
                seen[a * words + c / 64] |= 1 << (c % 64);
            }
        }
    }
    seen
}

/// A chain being built on one value: its links, each with the end it is
/// entered by, and the tables the search reads.
struct Walk<'a> {
    g: &'a Candidates,
    v: u16,
    n: usize,
    links: &'a [Chained],
    joins: &'a [(usize, usize)],
    join_start: &'a [usize],
    disjoint: &'a [bool],
    seen: &'a [u64],
    /// Words of a cell set in `seen`.
    words: usize,
    path: Vec<(usize, usize)>,
    weak: Vec<usize>,
    best: Option<(ChainRank, Step)>,
}

/// How a chain of strong links ranks, as SE sorts them: easier first,
/// then more eliminations, then SE's name suffix, then the order SE
/// searches its house types in (their sorted list, read from the last).
type ChainRank = (u16, std::cmp::Reverse<usize>, String, Vec<u8>);

/// The easiest chain of `n` strong links (3 to 6) on one value, as SE's
/// `StrongLinks(n)` picks it: by difficulty, then the most eliminations,
/// then SE's name suffix and house types, then value.
pub(crate) fn link_chains(g: &Candidates, n: usize) -> Option<Step> {
    let tables = tables_of(g);
    let mut best: Option<(ChainRank, Step)> = None;
    for t in tables.iter().filter(|t| t.links.len() >= n) {
        let mut walk = Walk {
            g,
            v: t.v,
            n,
            links: &t.links,
            joins: &t.joins,
            join_start: &t.join_start,
            disjoint: &t.disjoint,
            seen: &t.seen,
            words: g.masks.len().div_ceil(64),
            path: Vec::with_capacity(n),
            weak: Vec::with_capacity(n),
            best: best.take(),
        };
        for i in 0..t.links.len() {
            for s in 0..2 {
                walk.path.push((i, s));
                walk.extend();
                walk.path.pop();
            }
        }
        best = walk.best;
    }
    best.map(|(_, step)| step)
}

impl Walk<'_> {
    /// The technique of the links so far, as a chain of `n`: also the
    /// least difficulty a chain through them can have.
    fn technique(&self, ring: bool) -> Technique {
        let kinds = self
            .path
            .iter()
            .fold(0u8, |m, &(i, _)| m | 1 << self.links[i].kind);
        Technique::StrongLinks {
            links: self.n as u8,
            boxed: kinds & 1 != 0,
            crossed: kinds & 6 == 6,
            grouped: kinds & 8 != 0 || self.path.iter().any(|&(i, _)| self.links[i].grouped),
            ring,
        }
    }

    fn extend(&mut self) {
        if let Some((rank, _)) = &self.best
            && rank.0 < self.technique(false).tenths()
        {
            return;
        }
        if self.path.len() == self.n {
            self.close();
            return;
        }
        let (last, enter) = self.path[self.path.len() - 1];
        let exit = 2 * last + 1 - enter;
        let m = self.links.len();
        for k in self.join_start[exit]..self.join_start[exit + 1] {
            let (b, h) = self.joins[k];
            let j = b / 2;
            // A chain ending on a link before its first is met from the
            // other end (`close` keeps each chain once): not built here.
            if self.path.len() + 1 == self.n && j < self.path[0].0 {
                continue;
            }
            if self.path.iter().any(|&(i, _)| !self.disjoint[i * m + j]) {
                continue;
            }
            self.path.push((j, b % 2));
            self.weak.push(h);
            self.extend();
            self.path.pop();
            self.weak.pop();
        }
    }

    /// The house ends `a` and `b` share, first in SE's order, when their
    /// links are disjoint.
    fn between(&self, a: usize, b: usize) -> Option<usize> {
        let joins = &self.joins[self.join_start[a]..self.join_start[a + 1]];
        joins.iter().find(|&&(x, _)| x == b).map(|&(_, h)| h)
    }

    /// The cells holding the value that see every cell of end `a`, as bits.
    fn seen_by(&self, a: usize) -> &[u64] {
        &self.seen[a * self.words..(a + 1) * self.words]
    }

    /// The cells holding the value that see every cell of ends `a` and
    /// `b`, outside `skip`'s houses.
    fn victims(&self, a: usize, b: usize, skip: &[usize]) -> Vec<usize> {
        let layout = &self.g.layout;
        let mut out = Vec::new();
        for (w, (x, y)) in self.seen_by(a).iter().zip(self.seen_by(b)).enumerate() {
            let mut both = x & y;
            while both != 0 {
                let c = w * 64 + both.trailing_zeros() as usize;
                both &= both - 1;
                if !skip
                    .iter()
                    .any(|&h| layout.cell_houses[c].contains(&(h as u32)))
                {
                    out.push(c);
                }
            }
        }
        out
    }

    /// A chain of `n` links is built: its eliminations, once per chain.
    fn close(&mut self) {
        let (first, s) = self.path[0];
        let (last, f) = self.path[self.n - 1];
        let (start, end) = (2 * first + s, 2 * last + 1 - f);
        // Each chain once: a loop from its least link, entered by end 0; an
        // open chain from the end whose link comes first.
        let open_once = first < last;
        let ring_once = s == 0 && self.path.iter().all(|&(i, _)| i >= first);
        if !open_once && !ring_once {
            return;
        }
        let ring = self.between(start, end);
        if ring.is_some() && !ring_once || ring.is_none() && !open_once {
            return;
        }
        let base: Vec<usize> = self
            .path
            .iter()
            .map(|&(i, _)| self.links[i].house)
            .collect();
        let mut total = 0;
        let mut cells: Vec<usize> = Vec::new();
        if ring.is_some() {
            let mut add = |found: Vec<usize>| {
                total += found.len();
                for c in found {
                    if !cells.contains(&c) {
                        cells.push(c);
                    }
                }
            };
            add(self.victims(start, end, &base));
            for w in 0..self.n - 1 {
                let (i, e) = self.path[w];
                let (j, k) = self.path[w + 1];
                add(self.victims(2 * i + 1 - e, 2 * j + k, &base));
            }
        } else {
            if self
                .seen_by(start)
                .iter()
                .zip(self.seen_by(end))
                .all(|(x, y)| x & y == 0)
            {
                return;
            }
            let mut skip = base;
            skip.extend(&self.weak);
            cells = self.victims(start, end, &skip);
            total = cells.len();
        }
        if cells.is_empty() {
            return;
        }
        cells.sort_small();
        let technique = self.technique(ring.is_some());
        let mut kinds: Vec<u8> = self.path.iter().map(|&(i, _)| self.links[i].kind).collect();
        kinds.sort_small_by(|a, b| b.cmp(a));
        let rank = (
            technique.tenths(),
            std::cmp::Reverse(total),
            self.suffix(),
            kinds,
        );
        if self.best.as_ref().is_some_and(|(b, _)| *b <= rank) {
            return;
        }
        let step = self.step(technique, ring, cells);
        self.best = Some((rank, step));
    }
    /// SE's name suffix: how many links are grouped, then the links' house
    /// types in chain order, rows and columns told apart only when mixed,
    /// read from the end that comes first.
    fn suffix(&self) -> String {
        let kinds: Vec<u8> = self.path.iter().map(|&(i, _)| self.links[i].kind).collect();
        let grouped = self
            .path
            .iter()
            .filter(|&&(i, _)| self.links[i].grouped)
            .count();
        let digits = |k: &[u8]| k.iter().map(|d| char::from(b'0' + d)).collect::<String>();
        let reversed: Vec<u8> = kinds.iter().rev().copied().collect();
        let set = if digits(&kinds) <= digits(&reversed) {
            kinds
        } else {
            reversed
        };
        let swap = |d: &u8| match d {
            1 => 2,
            2 => 1,
            d => *d,
        };
        let names = if set.contains(&1) {
            let swapped: Vec<u8> = set.iter().map(swap).collect();
            let back: Vec<u8> = swapped.iter().rev().copied().collect();
            [digits(&set), digits(&swapped), digits(&back)]
                .into_iter()
                .min()
                .unwrap_or_default()
        } else {
            digits(
                &set.iter()
                    .map(|&d| if d == 2 { 1 } else { d })
                    .collect::<Vec<_>>(),
            )
        };
        format!("{grouped}{names}")
    }

    fn step(&self, technique: Technique, ring: Option<usize>, cells: Vec<usize>) -> Step {
        let (g, v, links) = (self.g, self.v, self.links);
        let layout = &g.layout;
        let names = |e: &[usize]| -> String {
            joined(
                e.iter()
                    .filter(|&&c| g.masks[c] & bit(v) != 0)
                    .map(|&c| g.cell_name(c)),
                "+",
            )
        };
        let strong: Vec<String> = self
            .path
            .iter()
            .map(|&(i, e)| {
                format!(
                    "{}={} ({})",
                    names(&links[i].ends[e]),
                    names(&links[i].ends[1 - e]),
                    layout.houses[links[i].house].name()
                )
            })
            .collect();
        let (first, s) = self.path[0];
        let (last, f) = self.path[self.n - 1];
        let shown = g.v(v);
        let result = if ring.is_some() {
            format!(
                "the chain closes into a loop, so {shown} leaves every cell that sees both ends of a weak link"
            )
        } else {
            format!(
                "each link's end sees the next one's start, so {shown} is in {} or {} and leaves the cells that see both",
                names(&links[first].ends[s]),
                names(&links[last].ends[1 - f])
            )
        };
        let text = format!(
            "{}: {shown} in {}; {result}",
            technique.name(),
            strong.join(", ")
        );
        let marked: Vec<usize> = self
            .path
            .iter()
            .flat_map(|&(i, _)| links[i].ends.iter().flatten().copied())
            .filter(|&c| g.masks[c] & bit(v) != 0)
            .collect();
        let mut houses: Vec<usize> = self.path.iter().map(|&(i, _)| links[i].house).collect();
        houses.extend(&self.weak);
        houses.extend(ring);
        Step::new(technique, text)
            .remove(cells.into_iter().map(|c| (c, v)).collect())
            .cells(marked.iter().copied())
            .houses(houses)
            .marks(marked.into_iter().map(|c| (c, v)))
    }
}
