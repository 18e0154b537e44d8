//! Chains on SE's rules: bidirectional X-, Y- and XY-cycles and forcing
//! X- and XY-chains, grown breadth first from one candidate at a time.
//!
//! A node is a candidate taken as true ("on") or false ("off"). On makes
//! off the value in the other cells of its houses (and, with Y-links, the
//! other values of its cell); off makes on the only other place of the value
//! in a house (X-link) or the only other value of a bivalue cell (Y-link).

use super::grid::{Candidates, bit, values_of};
use super::step::{Step, Technique, chain_difficulty};
use crate::error::House;
use crate::sort::SmallSort;

const NONE: u32 = u32::MAX;

/// Which links a search uses: X (places of a value), Y (values of a cell).
#[derive(Clone, Copy)]
pub(crate) struct Links {
    pub(crate) x: bool,
    pub(crate) y: bool,
}

/// A found chain, with SE's sort key: difficulty (as SE sums it, in
/// floating point), node count, kind (X before Y before XY).
struct Found {
    difficulty: f64,
    nodes: usize,
    kind: u8,
    technique: Technique,
    /// The chain's nodes, from its end back to its start.
    chain: Vec<u32>,
    eliminations: Vec<(usize, u16)>,
    /// Where SE's scan meets it: of equal keys, the first met wins.
    pos: usize,
}

impl Found {
    fn beats(&self, other: Option<&Found>) -> bool {
        other.is_none_or(|o| before((self.difficulty, self.nodes, self.kind), self.pos, o))
    }
}

/// Whether a chain with this key would sort before `best`.
fn key_less(key: (f64, usize, u8), best: &Found) -> bool {
    match key.0.partial_cmp(&best.difficulty) {
        Some(std::cmp::Ordering::Less) => true,
        Some(std::cmp::Ordering::Equal) => (key.1, key.2) < (best.nodes, best.kind),
        _ => false,
    }
}

/// Whether a chain with this key, met at scan position `pos`, would sort
/// before `best`: a smaller key, or an equal one met earlier.
fn before(key: (f64, usize, u8), pos: usize, best: &Found) -> bool {
    key_less(key, best)
        || (key.0 == best.difficulty && key.1 == best.nodes && key.2 == best.kind && pos < best.pos)
}

/// The search state: per node its parent and depth, stamped per search.
pub(crate) struct Net<'a> {
    pub(crate) g: &'a Candidates,
    n: usize,
    /// Per cell, its houses in SE's order: box, row, column, then others.
    pub(crate) houses: Vec<Vec<u32>>,
    mark: Vec<u32>,
    stamp: u32,
    parent: Vec<u32>,
    depth: Vec<u16>,
    cell_mark: Vec<u32>,
    cell_stamp: u32,
    /// The candidates the links read: the grid's, or a dynamic chain's.
    pub(crate) work: Vec<u64>,
    /// What `off_to_on` found, and why: `CELL` or the house.
    pub(crate) out: Vec<u32>,
    pub(crate) causes: Vec<u32>,
    /// The links of `work`, kept while it does not change.
    tables: Option<Tables>,
    /// The most nodes a unary chain may have in this pass.
    cap: usize,
    /// Per node, the sources of a batch that reached it, those that
    /// reached it at the last level, and at the next (one bit per source).
    reached: Vec<u64>,
    front: Vec<u64>,
    front_next: Vec<u64>,
    /// The cycle search's buffers, kept from one source to the next.
    bufs: CycleBufs,
    /// `forcing_batch`'s two levels and touched nodes, kept likewise.
    batch_bufs: [Vec<u32>; 3],
    /// Per candidate, `cycle_eliminations`' flags (all 0 between calls),
    /// and the candidates it set.
    seen: Vec<u8>,
    touched: Vec<u32>,
}

/// What one cycle search fills: the closing off nodes, the arena of
/// (node, parent index), the arena indices of the two levels, and the
/// chain of a closing (most remove nothing, and are dropped).
#[derive(Default)]
struct CycleBufs {
    closers: Vec<u32>,
    arena: Vec<(u32, u32)>,
    on_level: Vec<u32>,
    off_level: Vec<u32>,
    chain: Vec<u32>,
}

/// Per candidate (cell·n + value − 1): the off nodes its truth makes
/// (house peers, SE's order), and the on nodes with their causes its
/// falsehood makes through houses.
struct Tables {
    off_start: Vec<u32>,
    off: Vec<u32>,
    on_start: Vec<u32>,
    on: Vec<(u32, u32)>,
}

/// The cause of an on node that is its cell's last value.
pub(crate) const CELL: u32 = u32::MAX - 1;

impl Tables {
    /// Shows `visit` the nodes node `p` of `work` (a board of side `n`)
    /// leads to, in SE's order, each with its cause (`CELL` or the house;
    /// unused for off nodes): an on node makes off the other values of its
    /// cell (Y-links, with `links.y`) and its value in its peers; an off
    /// node makes on the other value of a bivalue cell (with `links.y`)
    /// and its value's only other place in a house (with `links.x`). No
    /// node comes twice: `freeze` lists each once.
    fn links(&self, work: &[u64], n: usize, p: u32, links: Links, mut visit: impl FnMut(u32, u32)) {
        let cv = p as usize >> 1;
        let cell = cv / n;
        let others = work[cell] & !(1 << (cv % n));
        let node =
            |w: u16, on: bool| (((cell * n + usize::from(w) - 1) << 1) | usize::from(on)) as u32;
        if p & 1 == 1 {
            if links.y {
                values_of(others).for_each(|w| visit(node(w, false), CELL));
            }
            let range = self.off_start[cv] as usize..self.off_start[cv + 1] as usize;
            self.off[range].iter().for_each(|&q| visit(q, CELL));
        } else {
            if links.y && work[cell].count_ones() == 2 {
                values_of(others)
                    .take(1)
                    .for_each(|w| visit(node(w, true), CELL));
            }
            if links.x {
                let range = self.on_start[cv] as usize..self.on_start[cv + 1] as usize;
                self.on[range]
                    .iter()
                    .for_each(|&(q, cause)| visit(q, cause));
            }
        }
    }
}

impl<'a> Net<'a> {
    pub(crate) fn new(g: &'a Candidates) -> Self {
        let layout = &g.layout;
        let n = g.size();
        let rank = |h: u32| match layout.houses[h as usize].kind {
            House::Box | House::Region => 0,
            House::Row => 1,
            House::Column => 2,
            _ => 3,
        };
        let houses = layout
            .cell_houses
            .iter()
            .map(|hs| {
                let mut v = hs.clone();
                v.sort_stable_by_key(|&h| rank(h));
                v
            })
            .collect();
        let nodes = n * n * n * 2;
        Self {
            g,
            n,
            houses,
            mark: vec![0; nodes],
            stamp: 0,
            parent: vec![NONE; nodes],
            depth: vec![0; nodes],
            cell_mark: vec![0; n * n],
            cell_stamp: 0,
            work: g.masks.clone(),
            out: Vec::new(),
            causes: Vec::new(),
            tables: None,
            cap: usize::MAX,
            reached: vec![0; nodes],
            front: vec![0; nodes],
            front_next: vec![0; nodes],
            bufs: CycleBufs::default(),
            batch_bufs: Default::default(),
            seen: vec![0; n * n * n],
            touched: Vec::new(),
        }
    }

    /// Builds the link tables of `work`, which must then stay as it is.
    pub(crate) fn freeze(&mut self) {
        self.tables = None;
        let cvs = self.work.len() * self.n;
        let mut t = Tables {
            off_start: Vec::with_capacity(cvs + 1),
            off: Vec::new(),
            on_start: Vec::with_capacity(cvs + 1),
            on: Vec::new(),
        };
        for cv in 0..cvs {
            t.off_start.push(t.off.len() as u32);
            t.on_start.push(t.on.len() as u32);
            let (cell, value) = (cv / self.n, (cv % self.n) as u16 + 1);
            if self.work[cell] & bit(value) == 0 {
                continue;
            }
            self.on_to_off(self.node(cell, value, true), false);
            t.off.extend_from_slice(&self.out);
            self.off_to_on(self.node(cell, value, false), Links { x: true, y: false });
            t.on.extend(self.out.iter().copied().zip(self.causes.iter().copied()));
        }
        t.off_start.push(t.off.len() as u32);
        t.on_start.push(t.on.len() as u32);
        self.tables = Some(t);
    }

    pub(crate) fn node(&self, cell: usize, value: u16, on: bool) -> u32 {
        (((cell * self.n + usize::from(value) - 1) << 1) | usize::from(on)) as u32
    }

    pub(crate) fn parts(&self, node: u32) -> (usize, u16, bool) {
        let i = node as usize;
        let cv = i >> 1;
        (cv / self.n, (cv % self.n) as u16 + 1, i & 1 == 1)
    }

    pub(crate) fn fresh(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
    }

    pub(crate) fn has(&self, node: u32) -> bool {
        self.mark[node as usize] == self.stamp
    }

    pub(crate) fn insert(&mut self, node: u32, parent: u32) {
        self.mark[node as usize] = self.stamp;
        self.parent[node as usize] = parent;
        self.depth[node as usize] = if parent == NONE {
            0
        } else {
            self.depth[parent as usize] + 1
        };
    }

    /// The nodes `on` makes off, in SE's order, into `self.out`.
    pub(crate) fn on_to_off(&mut self, node: u32, y: bool) {
        let (cell, value, _) = self.parts(node);
        let g = self.g;
        self.out.clear();
        if let Some(t) = &self.tables {
            let out = &mut self.out;
            t.links(&self.work, self.n, node, Links { x: true, y }, |q, _| {
                out.push(q)
            });
            return;
        }
        if y {
            for w in values_of(self.work[cell] & !bit(value)) {
                self.out.push(self.node(cell, w, false));
            }
        }
        self.cell_stamp = self.cell_stamp.wrapping_add(1);
        if self.cell_stamp == 0 {
            self.cell_mark.fill(0);
            self.cell_stamp = 1;
        }
        let stamp = self.cell_stamp;
        self.cell_mark[cell] = stamp;
        let b = bit(value);
        for hi in 0..self.houses[cell].len() {
            let h = self.houses[cell][hi] as usize;
            for &d in &g.layout.houses[h].cells {
                let d = d as usize;
                if self.work[d] & b != 0 && self.cell_mark[d] != stamp {
                    self.cell_mark[d] = stamp;
                    self.out.push(self.node(d, value, false));
                }
            }
        }
        // Peers outside houses (chess moves, cages).
        for &d in &g.layout.peers[cell] {
            let d = d as usize;
            if self.work[d] & b != 0 && self.cell_mark[d] != stamp {
                self.cell_mark[d] = stamp;
                self.out.push(self.node(d, value, false));
            }
        }
    }

    /// The nodes `off` makes on, in SE's order, into `self.out`.
    pub(crate) fn off_to_on(&mut self, node: u32, links: Links) {
        let (cell, value, _) = self.parts(node);
        let g = self.g;
        self.out.clear();
        self.causes.clear();
        if let Some(t) = &self.tables {
            // No node comes twice: the other value of the cell is not a
            // place of this value, and `freeze` listed each place once.
            let (out, causes) = (&mut self.out, &mut self.causes);
            t.links(&self.work, self.n, node, links, |on, cause| {
                out.push(on);
                causes.push(cause);
            });
            return;
        }
        if links.y && self.work[cell].count_ones() == 2 {
            let other = values_of(self.work[cell] & !bit(value)).next();
            if let Some(w) = other {
                self.out.push(self.node(cell, w, true));
                self.causes.push(CELL);
            }
        }
        if !links.x {
            return;
        }
        {
            let b = bit(value);
            for hi in 0..self.houses[cell].len() {
                let h = self.houses[cell][hi] as usize;
                let cells = &g.layout.houses[h].cells;
                if cells.len() != self.n {
                    continue;
                }
                let mut other = NONE;
                for &d in cells {
                    if d as usize != cell && self.work[d as usize] & b != 0 {
                        if other != NONE {
                            other = NONE;
                            break;
                        }
                        other = d;
                    }
                }
                if other != NONE {
                    let on = self.node(other as usize, value, true);
                    if !self.out.contains(&on) {
                        self.out.push(on);
                        self.causes.push(h as u32);
                    }
                }
            }
        }
    }

    /// The chain from `node` back to its start, `node` first.
    pub(crate) fn chain(&self, mut node: u32) -> Vec<u32> {
        let mut chain = vec![node];
        while self.parent[node as usize] != NONE {
            node = self.parent[node as usize];
            chain.push(node);
        }
        chain
    }

    /// A cycle through `source` (on), closed by off node `last`: the value
    /// of each link leaves the cells outside the cycle that see an on node
    /// and an off node of it.
    fn cycle_eliminations(&mut self, chain: &[u32]) -> Vec<(usize, u16)> {
        let g = self.g;
        let n = self.n;
        // Per candidate, whether an on (1) or off (2) node sees it; the
        // candidates set are listed so that only they are read and reset.
        let (seen, touched) = (&mut self.seen, &mut self.touched);
        touched.clear();
        // The chain's cells, stamped, so that a peer in it is skipped.
        self.cell_stamp = self.cell_stamp.wrapping_add(1);
        if self.cell_stamp == 0 {
            self.cell_mark.fill(0);
            self.cell_stamp = 1;
        }
        let stamp = self.cell_stamp;
        for &p in chain {
            self.cell_mark[(p as usize >> 1) / n] = stamp;
        }
        for &p in chain {
            let i = p as usize >> 1;
            let (cell, value) = (i / n, (i % n) as u16 + 1);
            let flag = if p & 1 == 1 { 1 } else { 2 };
            for &d in &g.layout.peers[cell] {
                let d = d as usize;
                if g.masks[d] & bit(value) != 0 && self.cell_mark[d] != stamp {
                    let at = d * n + usize::from(value) - 1;
                    if seen[at] == 0 {
                        touched.push(at as u32);
                    }
                    seen[at] |= flag;
                }
            }
        }
        // In candidate order, as a scan of every candidate would list them.
        touched.sort_small();
        let mut out = Vec::new();
        for &at in touched.iter() {
            let at = at as usize;
            if seen[at] == 3 {
                out.push((at / n, (at % n) as u16 + 1));
            }
            seen[at] = 0;
        }
        out
    }

    /// Whether a strong link leads into (`cell`, `value`): a cycle closes,
    /// and a chain from the candidate taken off ends, through one.
    fn strong(&mut self, cell: usize, value: u16, links: Links) -> bool {
        self.off_to_on(self.node(cell, value, false), links);
        !self.out.is_empty()
    }

    /// SE's unary chaining over every candidate, in SE's scan order: from
    /// each candidate's on node the first cycle back to it that removes
    /// something, then a forcing chain from it on to it off, then from it
    /// off to it on. Keeps in `best` what sorts first; `pass` orders the
    /// positions of one pass after those of earlier passes.
    fn unary_pass(&mut self, links: Links, pass: usize, best: &mut Option<Found>) {
        let kind = match (links.x, links.y) {
            (true, false) => 2,
            (false, true) => 3,
            _ => 4,
        };
        let (n, g) = (self.n, self.g);
        let mut candidates = Vec::new();
        for cell in 0..g.masks.len() {
            let count = g.masks[cell].count_ones();
            if count < 2 || (!links.x && count != 2) {
                continue;
            }
            for value in values_of(g.masks[cell]) {
                let pos = pass + 3 * (cell * n + usize::from(value) - 1);
                candidates.push((cell, value, pos, self.strong(cell, value, links)));
            }
        }
        // The forcing chains first, all at once: the shortest sets a bound
        // the cycles met before it may tie and those after must beat.
        if links.x {
            let base = if links.y { 70 } else { 66 };
            if let Some(found) = self.forcing_all(&candidates, links, base, kind, best.as_ref())
                && found.beats(best.as_ref())
            {
                *best = Some(found);
            }
        }
        let cycle_base = if kind == 4 { 70 } else { 65 };
        for &(cell, value, pos, strong) in &candidates {
            if strong
                && let Some(found) =
                    self.cycle(cell, value, links, cycle_base, kind, pos, best.as_ref())
                && found.beats(best.as_ref())
            {
                *best = Some(found);
            }
        }
    }

    /// The forcing chain that sorts first of all `candidates`' (on to off,
    /// and off to on where a strong link leads in), if it beats `best`.
    /// Breadth first from 64 sources at a time, one bit each: a source's
    /// levels are those of its own search, so its first meeting with its
    /// target has the fewest nodes; the one chain kept is then traced
    /// alone by `forcing`.
    fn forcing_all(
        &mut self,
        candidates: &[(usize, u16, usize, bool)],
        links: Links,
        base: u16,
        kind: u8,
        best: Option<&Found>,
    ) -> Option<Found> {
        let mut sources = Vec::with_capacity(candidates.len() * 2);
        for &(cell, value, pos, strong) in candidates {
            sources.push((self.node(cell, value, true), pos + 1));
            if strong {
                sources.push((self.node(cell, value, false), pos + 2));
            }
        }
        // The fewest nodes met so far, and by which source.
        let mut winner: Option<(usize, usize)> = None;
        for (b, batch) in sources.chunks(64).enumerate() {
            if let Some((nodes, i)) =
                self.forcing_batch(batch, links, base, kind, best, winner.map(|w| w.0))
            {
                winner = Some((nodes, b * 64 + i));
            }
        }
        let (_, i) = winner?;
        let (source, pos) = sources[i];
        let (cell, value, on) = self.parts(source);
        let mut found = self.forcing(cell, value, on, links, base, kind, None)?;
        found.pos = pos;
        Some(found)
    }

    /// One batch of `forcing_all`: the fewest nodes with which a source of
    /// `batch` meets its target, below `bound` and sorting before `best`,
    /// and the first source (in `batch`'s order) that does.
    #[allow(clippy::too_many_arguments)]
    fn forcing_batch(
        &mut self,
        batch: &[(u32, usize)],
        links: Links,
        base: u16,
        kind: u8,
        best: Option<&Found>,
        bound: Option<usize>,
    ) -> Option<(usize, usize)> {
        let x_too = Links {
            x: true,
            y: links.y,
        };
        // The levels and the nodes touched, in buffers kept between batches.
        let [mut level, mut next, mut touched] = std::mem::take(&mut self.batch_bufs);
        level.clear();
        next.clear();
        touched.clear();
        for (i, &(source, _)) in batch.iter().enumerate() {
            let s = source as usize;
            if self.reached[s] == 0 {
                touched.push(source);
                level.push(source);
            }
            self.reached[s] |= 1 << i;
            self.front[s] |= 1 << i;
        }
        let mut depth = 0usize;
        let mut result = None;
        while !level.is_empty() {
            // A target met from this level has depth + 2 nodes.
            let nodes = depth + 2;
            let (difficulty, _) = chain_difficulty(base, nodes);
            let first_pos = batch[0].1;
            if nodes > self.cap
                || bound.is_some_and(|m| nodes >= m)
                || best.is_some_and(|o| !before((difficulty, nodes, kind), first_pos, o))
            {
                break;
            }
            next.clear();
            let tables = self
                .tables
                .as_ref()
                .expect("cycles_and_chains builds the tables");
            let (reached, front_next) = (&mut self.reached, &mut self.front_next);
            for &p in &level {
                let bits = std::mem::take(&mut self.front[p as usize]);
                // The sources new to a node `p` leads to reach it now.
                tables.links(&self.work, self.n, p, x_too, |q, _| {
                    let q = q as usize;
                    let new = bits & !reached[q];
                    if new != 0 {
                        if reached[q] == 0 {
                            touched.push(q as u32);
                        }
                        reached[q] |= new;
                        if front_next[q] == 0 {
                            next.push(q as u32);
                        }
                        front_next[q] |= new;
                    }
                });
            }
            let met = batch
                .iter()
                .enumerate()
                .find(|&(i, &(source, _))| self.reached[(source ^ 1) as usize] & (1 << i) != 0);
            if let Some((i, &(_, pos))) = met
                && best.is_none_or(|o| before((difficulty, nodes, kind), pos, o))
            {
                result = Some((nodes, i));
                break;
            }
            std::mem::swap(&mut level, &mut next);
            std::mem::swap(&mut self.front, &mut self.front_next);
            depth += 1;
        }
        for &q in &touched {
            self.reached[q as usize] = 0;
            self.front[q as usize] = 0;
            self.front_next[q as usize] = 0;
        }
        self.batch_bufs = [level, next, touched];
        result
    }

    /// SE's cycle search: on nodes are met once, but an off node is met
    /// again from every on node that is not its descendant, so a chain can
    /// come back to the cell it started from. Chains live in `arena` as
    /// (node, index of parent). An off node met again makes no new on
    /// node (its first meeting did), so only those that close the cycle,
    /// through a strong link into the source, are kept again.
    #[allow(clippy::too_many_arguments)]
    fn cycle(
        &mut self,
        cell: usize,
        value: u16,
        links: Links,
        base: u16,
        kind: u8,
        pos: usize,
        best: Option<&Found>,
    ) -> Option<Found> {
        // The buffers are lent out for the search and put back after it.
        let mut bufs = std::mem::take(&mut self.bufs);
        let found = self.cycle_in(&mut bufs, cell, value, links, base, kind, pos, best);
        self.bufs = bufs;
        found
    }

    /// `cycle` on buffers `bufs`.
    #[allow(clippy::too_many_arguments)]
    fn cycle_in(
        &mut self,
        bufs: &mut CycleBufs,
        cell: usize,
        value: u16,
        links: Links,
        base: u16,
        kind: u8,
        pos: usize,
        best: Option<&Found>,
    ) -> Option<Found> {
        let CycleBufs {
            closers,
            arena,
            on_level,
            off_level,
            chain,
        } = bufs;
        let source = self.node(cell, value, true);
        self.off_to_on(source ^ 1, links);
        closers.clear();
        closers.extend(self.out.iter().map(|&p| p ^ 1));
        self.fresh();
        self.insert(source, NONE);
        arena.clear();
        arena.push((source, NONE));
        on_level.clear();
        on_level.push(0);
        off_level.clear();
        // For a cycle of `nodes` distinct nodes: its difficulty, whether it
        // may win, and whether the search stops before it.
        let cap = self.cap;
        let fate = |nodes: usize| {
            let (difficulty, _) = chain_difficulty(base, nodes);
            let closes =
                nodes >= 4 && best.is_none_or(|b| before((difficulty, nodes, kind), pos, b));
            (difficulty, closes, (!closes && nodes >= 4) || nodes > cap)
        };
        let mut length = 0usize;
        while !on_level.is_empty() {
            // A cycle closed at this level has `length + 2` distinct nodes:
            // when none can win, stop before the level is grown.
            let (difficulty, closes, stop) = fate(length + 2);
            if stop {
                return None;
            }
            // On the last level only the off nodes that can close the
            // cycle matter: the others would lead on to no level.
            let last = fate(length + 4).2;
            length += 1;
            off_level.clear();
            for &pi in on_level.iter() {
                let p = arena[pi as usize].0;
                self.on_to_off(p, links.y);
                for i in 0..self.out.len() {
                    let q = self.out[i];
                    if last && !closers.contains(&q) {
                        continue;
                    }
                    // An off node never met cannot be an ancestor.
                    let again = self.has(q);
                    if !again || (closers.contains(&q) && !descends(arena, pi, q)) {
                        self.mark[q as usize] = self.stamp;
                        off_level.push(arena.len() as u32);
                        arena.push((q, pi));
                    }
                }
            }
            length += 1;
            on_level.clear();
            // On the last level only closing matters.
            for &pi in off_level.iter() {
                let p = arena[pi as usize].0;
                self.off_to_on(p, links);
                for i in 0..self.out.len() {
                    let q = self.out[i];
                    if q == source && closes {
                        arena_chain(arena, pi, chain);
                        let eliminations = self.cycle_eliminations(chain);
                        if !eliminations.is_empty() {
                            let nodes = length as u16;
                            let technique = match kind {
                                2 => Technique::XCycle { nodes },
                                3 => Technique::YCycle { nodes },
                                _ => Technique::XyCycle { nodes },
                            };
                            return Some(Found {
                                difficulty,
                                nodes: length,
                                kind,
                                technique,
                                chain: chain.clone(),
                                eliminations,
                                pos,
                            });
                        }
                    }
                    if !last && !self.has(q) {
                        self.insert(q, NONE);
                        on_level.push(arena.len() as u32);
                        arena.push((q, pi));
                    }
                }
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    fn forcing(
        &mut self,
        cell: usize,
        value: u16,
        start_on: bool,
        links: Links,
        base: u16,
        kind: u8,
        best: Option<&Found>,
    ) -> Option<Found> {
        let source = self.node(cell, value, start_on);
        let target = source ^ 1;
        self.fresh();
        self.insert(source, NONE);
        let (mut on_level, mut off_level) = if start_on {
            (vec![source], Vec::new())
        } else {
            (Vec::new(), vec![source])
        };
        let mut next = Vec::new();
        let x_too = Links {
            x: true,
            y: links.y,
        };
        while !on_level.is_empty() || !off_level.is_empty() {
            for phase_on in [true, false] {
                let level = if phase_on { &on_level } else { &off_level };
                if level.is_empty() {
                    continue;
                }
                // A target reached from this level has depth + 2 nodes.
                let nodes = usize::from(self.depth[level[0] as usize]) + 2;
                let (difficulty, _) = chain_difficulty(base, nodes);
                if nodes > self.cap || best.is_some_and(|b| !key_less((difficulty, nodes, kind), b))
                {
                    return None;
                }
                next.clear();
                for &p in level {
                    if phase_on {
                        self.on_to_off(p, links.y);
                    } else {
                        self.off_to_on(p, x_too);
                    }
                    for i in 0..self.out.len() {
                        let q = self.out[i];
                        if q == target {
                            let mut chain = self.chain(p);
                            chain.insert(0, q);
                            let eliminations = if start_on {
                                vec![(cell, value)]
                            } else {
                                values_of(self.g.masks[cell] & !bit(value))
                                    .map(|w| (cell, w))
                                    .collect()
                            };
                            let technique = if links.y {
                                Technique::ForcingChain {
                                    nodes: nodes as u16,
                                }
                            } else {
                                Technique::ForcingXChain {
                                    nodes: nodes as u16,
                                }
                            };
                            return Some(Found {
                                difficulty,
                                nodes,
                                kind,
                                technique,
                                chain,
                                eliminations,
                                pos: 0,
                            });
                        }
                        if !self.has(q) {
                            self.insert(q, p);
                            next.push(q);
                        }
                    }
                }
                if phase_on {
                    off_level.append(&mut next);
                    on_level.clear();
                } else {
                    on_level.append(&mut next);
                    off_level.clear();
                }
            }
        }
        None
    }

    /// "R1C2=5" for an on node, "R1C2≠5" for an off one.
    pub(crate) fn name(&self, node: u32) -> String {
        let (cell, value, on) = self.parts(node);
        format!(
            "{}{}{}",
            self.g.cell_name(cell),
            if on { "=" } else { "≠" },
            self.g.v(value)
        )
    }
}

/// Whether `node` is an ancestor of arena entry `at` (or `at` itself).
fn descends(arena: &[(u32, u32)], mut at: u32, node: u32) -> bool {
    while at != NONE {
        let (n, parent) = arena[at as usize];
        if n == node {
            return true;
        }
        at = parent;
    }
    false
}

/// Fills `chain` with the nodes from arena entry `at` back to the root,
/// `at` first.
fn arena_chain(arena: &[(u32, u32)], mut at: u32, chain: &mut Vec<u32>) {
    chain.clear();
    while at != NONE {
        chain.push(arena[at as usize].0);
        at = arena[at as usize].1;
    }
}

/// SE's first chaining rule: bidirectional cycles (X, Y, then XY) and
/// forcing X- and XY-chains; the easiest by SE's difficulty, then length.
pub(crate) fn cycles_and_chains(g: &Candidates) -> Option<Step> {
    let mut net = Net::new(g);
    net.freeze();
    let mut best: Option<Found> = None;
    // Positions of a pass come after those of the passes before it.
    let stride = 3 * g.masks.len() * g.size();
    net.unary_pass(Links { x: true, y: false }, 0, &mut best);
    net.unary_pass(Links { x: false, y: true }, stride, &mut best);
    // XY-chains, short ones first: all share one base, so the first pass
    // that finds one within its cap has found SE's choice.
    for cap in [8, 12, 16, usize::MAX] {
        net.cap = cap;
        net.unary_pass(Links { x: true, y: true }, 2 * stride, &mut best);
        let done = cap == usize::MAX
            || best.as_ref().is_some_and(|b| {
                b.kind == 4 || !key_less((chain_difficulty(70, cap + 1).0, cap + 1, 4), b)
            });
        if done {
            break;
        }
    }
    let found = best?;
    let path: Vec<String> = found.chain.iter().rev().map(|&p| net.name(p)).collect();
    let removed: Vec<String> = found
        .eliminations
        .iter()
        .map(|&(c, v)| format!("{}≠{}", g.cell_name(c), g.v(v)))
        .collect();
    let text = format!(
        "{}: {}, so {}",
        found.technique.name(),
        path.join(" → "),
        removed.join(", ")
    );
    let mut cells_seen: Vec<usize> = found.chain.iter().map(|&p| net.parts(p).0).collect();
    cells_seen.sort_small();
    cells_seen.dedup();
    let marks: Vec<(usize, u16)> = found
        .chain
        .iter()
        .map(|&p| {
            let (c, v, _) = net.parts(p);
            (c, v)
        })
        .collect();
    Some(
        Step::new(found.technique, text)
            .remove(found.eliminations)
            .cells(cells_seen)
            .marks(marks),
    )
}
