//! Chains through the links variant rules imply: a candidate that leads to its own opposite through houses, cells, Kropki and XV pairs, thermometers and cages.
//!
//! A node is a candidate taken as true ("on") or false ("off"). On makes
//! off the other values of its cell, the value in its peers, and what a
//! rule between two cells, a thermometer or a cage's combinations forbid
//! beside it; off makes on the only other value of its cell, the only
//! other place of the value in a house, and the only other place in a cage
//! of a value every combination of the cage holds. A chain from a node to
//! its opposite through at least one rule's link proves the opposite.

use crate::sort::SmallSort;
use std::rc::Rc;

use super::cages::{Analysis, cells_text, remembered, result_text};
use super::grid::{Candidates, bit, values_of};
use super::step::{CellName, Step, Technique};

/// The most nodes a chain may have, both ends included.
const MAX_NODES: usize = 16;

/// Why one node of a chain leads to the next.
#[derive(Clone, Copy)]
enum Why {
    /// The node's cell: one value on, the others off; off, its only other value on.
    Cell,
    /// A house, by index: its other places, or the value's only other one.
    House(u32),
    /// Cells that must differ outside houses (chess moves, cages).
    Peer,
    /// A rule between two cells, by index into `beyond.pairs`.
    Pair(u32),
    /// A thermometer, by index into `beyond.chains`.
    Thermo(u32),
    /// A cage with a sum, by index into `cages.cages`.
    Cage(u32),
}

impl Why {
    /// Whether the link comes from a rule beyond houses and cells.
    fn is_rule(self) -> bool {
        matches!(self, Why::Pair(_) | Why::Thermo(_) | Why::Cage(_))
    }
}

/// The links of one grid, and the search's state: per node and whether
/// the chain has passed a rule's link so far (a state), its parent.
struct Net<'a> {
    g: &'a Candidates,
    n: usize,
    /// Per cell: its rules between two cells (index, which side it is).
    pairs: Vec<Vec<(u32, u8)>>,
    /// Per cell: its thermometers (index, its place on it).
    thermos: Vec<Vec<(u32, u32)>>,
    /// Per cage: its combinations, when the analysis has them.
    cages: Vec<Option<Rc<Analysis>>>,
    stamp: Vec<u32>,
    now: u32,
    parent: Vec<(u32, Why)>,
}

impl<'a> Net<'a> {
    fn new(g: &'a Candidates) -> Self {
        let (n, cells) = (g.size(), g.masks.len());
        let beyond = &g.layout.beyond;
        let mut pairs = vec![Vec::new(); cells];
        for (i, p) in beyond.pairs.iter().enumerate() {
            for side in 0..2 {
                pairs[p.cells[side] as usize].push((i as u32, side as u8));
            }
        }
        let mut thermos = vec![Vec::new(); cells];
        for (i, ch) in beyond.chains.iter().enumerate() {
            for (at, &c) in ch.cells.iter().enumerate() {
                thermos[c as usize].push((i as u32, at as u32));
            }
        }
        let cages = (0..g.layout.cages.cages.len())
            .map(|i| remembered(g, i))
            .collect();
        let states = cells * n * 4;
        Self {
            g,
            n,
            pairs,
            thermos,
            cages,
            stamp: vec![0; states],
            now: 0,
            parent: vec![(u32::MAX, Why::Cell); states],
        }
    }

    fn node(&self, cell: usize, value: u16, on: bool) -> u32 {
        (((cell * self.n + usize::from(value) - 1) << 1) | usize::from(on)) as u32
    }

    fn parts(&self, node: u32) -> (usize, u16, bool) {
        let cv = node as usize >> 1;
        (cv / self.n, (cv % self.n) as u16 + 1, node & 1 == 1)
    }

    /// The candidates of an empty cell, none of a filled one.
    fn mask(&self, cell: usize) -> u64 {
        if self.g.values[cell] == 0 {
            self.g.masks[cell]
        } else {
            0
        }
    }

    /// The cage of `cell` with its combinations, when it has one.
    fn cage(&self, cell: usize) -> Option<(usize, &Analysis)> {
        let k = *self.g.layout.cages.owner.get(cell)?;
        Some((k, self.cages.get(k)?.as_deref()?))
    }

    /// The nodes `node` leads to, each with why, into `out`.
    fn links(&self, node: u32, out: &mut Vec<(u32, Why)>) {
        let (c, v, on) = self.parts(node);
        let layout = &self.g.layout;
        let b = bit(v);
        out.clear();
        let mut off = |d: usize, w: u16, why: Why| {
            if self.mask(d) & bit(w) != 0 {
                out.push((self.node(d, w, false), why));
            }
        };
        if on {
            for w in values_of(self.mask(c) & !b) {
                off(c, w, Why::Cell);
            }
            for &h in &layout.cell_houses[c] {
                for &d in &layout.houses[h as usize].cells {
                    if d as usize != c {
                        off(d as usize, v, Why::House(h));
                    }
                }
            }
            for &d in &layout.peers[c] {
                off(d as usize, v, Why::Peer);
            }
            for &(i, side) in &self.pairs[c] {
                let p = &layout.beyond.pairs[i as usize];
                let d = p.cells[1 - usize::from(side)] as usize;
                let allowed = p.allows[usize::from(side)][usize::from(v) - 1];
                for w in values_of(self.mask(d) & !allowed) {
                    off(d, w, Why::Pair(i));
                }
            }
            for &(i, at) in &self.thermos[c] {
                let ch = &layout.beyond.chains[i as usize];
                let gap = u32::from(!ch.slow);
                for (j, &d) in ch.cells.iter().enumerate() {
                    let j = j as u32;
                    // Values a cell `j - at` places on must rise past (or
                    // fall below) by the gap each place.
                    let keeps = |w: u16| {
                        let (w, v) = (u32::from(w), u32::from(v));
                        if j > at {
                            w >= v + gap * (j - at)
                        } else {
                            w + gap * (at - j) <= v
                        }
                    };
                    for w in values_of(self.mask(d as usize)).filter(|&w| j != at && !keeps(w)) {
                        off(d as usize, w, Why::Thermo(i));
                    }
                }
            }
            if let Some((k, a)) = self.cage(c) {
                // What some combination holding `v` holds beside it.
                let with = a.combos.iter().filter(|&&m| m & b != 0);
                let beside = with.fold(0, |m, &x| m | x);
                for &d in &layout.cages.cages[k].cells {
                    if d as usize != c {
                        for w in values_of(self.mask(d as usize) & !beside) {
                            off(d as usize, w, Why::Cage(k as u32));
                        }
                    }
                }
            }
            return;
        }
        let m = self.mask(c);
        if m.count_ones() == 2 {
            let w = values_of(m & !b).next().unwrap_or(v);
            out.push((self.node(c, w, true), Why::Cell));
        }
        // The only other place of `v` among `cells`.
        let only = |cells: &[u32]| {
            let mut places = cells
                .iter()
                .map(|&d| d as usize)
                .filter(|&d| d != c && self.mask(d) & b != 0);
            let first = places.next();
            first.filter(|_| places.next().is_none())
        };
        for &h in &layout.cell_houses[c] {
            let cells = &layout.houses[h as usize].cells;
            if cells.len() == self.n
                && let Some(d) = only(cells)
            {
                out.push((self.node(d, v, true), Why::House(h)));
            }
        }
        if let Some((k, a)) = self.cage(c) {
            let cells = &layout.cages.cages[k].cells;
            let needed = a.combos.iter().fold(u64::MAX, |m, &x| m & x);
            let placed = cells.iter().any(|&d| self.g.values[d as usize] == v);
            if needed & b != 0
                && !placed
                && let Some(d) = only(cells)
            {
                out.push((self.node(d, v, true), Why::Cage(k as u32)));
            }
        }
    }

    /// The shortest chain from `source` to its opposite through a rule's
    /// link, of fewer than `bound` nodes: its nodes from the source on,
    /// each with why it follows from the one before.
    fn search(
        &mut self,
        source: u32,
        bound: usize,
        buf: &mut Vec<(u32, Why)>,
    ) -> Option<Vec<(u32, Why)>> {
        self.now += 1;
        let target = ((source ^ 1) << 1) | 1;
        let mut level = vec![source << 1];
        self.stamp[level[0] as usize] = self.now;
        self.parent[level[0] as usize] = (u32::MAX, Why::Cell);
        let mut nodes = 1;
        while !level.is_empty() && nodes + 1 < bound {
            nodes += 1;
            let mut next = Vec::new();
            for &s in &level {
                self.links(s >> 1, buf);
                for &(q, why) in buf.iter() {
                    let t = (q << 1) | (s & 1) | u32::from(why.is_rule());
                    if self.stamp[t as usize] == self.now {
                        continue;
                    }
                    self.stamp[t as usize] = self.now;
                    self.parent[t as usize] = (s, why);
                    if t == target {
                        return Some(self.trace(t));
                    }
                    next.push(t);
                }
            }
            level = next;
        }
        None
    }

    /// The chain ending at state `t`, from its source on.
    fn trace(&self, mut t: u32) -> Vec<(u32, Why)> {
        let mut chain = Vec::new();
        loop {
            let (p, why) = self.parent[t as usize];
            chain.push((t >> 1, why));
            if p == u32::MAX {
                break;
            }
            t = p;
        }
        chain.reverse();
        chain
    }

    /// "R1C2=5" for an on node, "R1C2≠5" for an off one.
    fn name(&self, node: u32) -> String {
        let (c, v, on) = self.parts(node);
        format!(
            "{}{}{}",
            self.g.cell_name(c),
            if on { "=" } else { "≠" },
            self.g.v(v)
        )
    }

    /// Why a link holds, in a step's words.
    fn why_text(&self, why: Why) -> String {
        let (layout, side) = (&self.g.layout, self.n);
        let name = |c: u32| CellName {
            cell: c as usize,
            side,
        };
        match why {
            Why::Cell => "its cell".to_owned(),
            Why::House(h) => layout.houses[h as usize].name().to_string(),
            Why::Peer => "they see each other".to_owned(),
            Why::Pair(i) => {
                let p = &layout.beyond.pairs[i as usize];
                format!(
                    "{} between {} and {}",
                    p.what,
                    name(p.cells[0]),
                    name(p.cells[1])
                )
            }
            Why::Thermo(i) => {
                let ch = &layout.beyond.chains[i as usize];
                let last = ch.cells[ch.cells.len() - 1];
                format!("{} {}-{}", ch.what, name(ch.cells[0]), name(last))
            }
            Why::Cage(k) => {
                let cage = &layout.cages.cages[k as usize];
                let sum = self.g.total(cage.sum, cage.cells.len());
                format!("cage {sum} in {}", cells_text(&cage.cells, side))
            }
        }
    }
}

/// The shortest chain (of at most [`MAX_NODES`] nodes, the first found of
/// equal length) from a candidate taken on to it off, or off to on,
/// through at least one link a rule beyond houses gives: the candidate
/// leaves its cell, or is placed. Nothing on rules without such links.
pub(crate) fn constraint_chains(g: &Candidates) -> Option<Step> {
    let layout = &g.layout;
    if layout.beyond.pairs.is_empty()
        && layout.beyond.chains.is_empty()
        && layout.cages.cages.is_empty()
    {
        return None;
    }
    let mut net = Net::new(g);
    let mut buf = Vec::new();
    let mut best: Option<Vec<(u32, Why)>> = None;
    for c in 0..g.masks.len() {
        for v in values_of(net.mask(c)) {
            for on in [true, false] {
                let bound = best.as_ref().map_or(MAX_NODES + 1, Vec::len);
                if let Some(chain) = net.search(net.node(c, v, on), bound, &mut buf) {
                    best = Some(chain);
                }
            }
        }
    }
    let chain = best?;
    let (c, v, on) = net.parts(chain[0].0);
    let (placements, eliminations) = if on {
        (Vec::new(), vec![(c, v)])
    } else {
        let others = values_of(g.masks[c] & !bit(v)).map(|w| (c, w));
        (vec![(c, v)], others.collect())
    };
    let mut words = net.name(chain[0].0);
    for &(node, why) in &chain[1..] {
        words += &format!(" → {} ({})", net.name(node), net.why_text(why));
    }
    let technique = Technique::ConstraintChain {
        nodes: chain.len() as u16,
    };
    let text = format!(
        "{}: {words}, so {}",
        technique.name(),
        result_text(g, &placements, &eliminations)
    );
    let mut cells: Vec<usize> = chain.iter().map(|&(p, _)| net.parts(p).0).collect();
    cells.sort_small();
    cells.dedup();
    let marks: Vec<(usize, u16)> = chain
        .iter()
        .map(|&(p, _)| {
            let (c, v, _) = net.parts(p);
            (c, v)
        })
        .collect();
    let mut step = Step::new(technique, text)
        .remove(eliminations)
        .cells(cells)
        .marks(marks);
    for (c, v) in placements {
        step = step.place(c, v);
    }
    Some(step)
}

#[cfg(test)]
mod tests;
