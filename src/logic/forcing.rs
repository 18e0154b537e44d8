//! Forcing chains that follow a hypothesis everywhere it leads, on SE's
//! rules: nishio (7.5), cell and region forcing chains (8.0) and dynamic
//! forcing chains (8.5), each plus SE's length addition.
//!
//! A branch assumes one candidate true (or false) and applies every link
//! that follows, breadth first, on nodes before off nodes. A dynamic
//! branch also takes its off nodes out of the grid as it goes, so later
//! links see the smaller grid; such an on node then depends on every off
//! node that emptied its cell or house (its hidden parents), which SE
//! counts in the chain's length.

use super::chains::{CELL, Links, Net};
use super::grid::{Candidates, bit, values_of};
use super::step::chain_difficulty;
use super::step::{Step, Technique};

const NONE: u32 = u32::MAX;

/// Which of SE's three rules a search is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    Nishio,
    Multiple,
    Dynamic,
}

impl Rule {
    fn base(self) -> u16 {
        match self {
            Rule::Nishio => 75,
            Rule::Multiple => 80,
            Rule::Dynamic => 85,
        }
    }
}

/// What a branch knows of one node it met.
#[derive(Clone, Copy)]
struct Info {
    parent: u32,
    /// For an on node: `CELL` or the house that left it, else `NONE`.
    cause: u32,
    /// How many off nodes had left the grid when the node was met.
    time: u32,
    /// When the node, an off one, left the grid (dynamic), else `NONE`.
    applied: u32,
}

const ABSENT: Info = Info {
    parent: NONE,
    cause: NONE,
    time: NONE,
    applied: NONE,
};

/// A node met as the second half of a contradiction, never stored.
#[derive(Clone, Copy)]
struct Clash {
    on: u32,
    off: u32,
    /// The one of the two just found (the other is in the branch), and
    /// what it would have been stored with.
    new: u32,
    info: Info,
}

/// One hypothesis followed to its end or to a contradiction.
struct Branch {
    order: Vec<u32>,
    info: Vec<Info>,
    member: Vec<bool>,
    clash: Option<Clash>,
}

impl Branch {
    fn has(&self, node: u32) -> bool {
        self.member[node as usize]
    }
}

struct Search<'a> {
    net: Net<'a>,
    rule: Rule,
    nodes: usize,
    seen: Vec<u32>,
    seen_stamp: u32,
    stack: Vec<u32>,
    /// Branches done with, cleared, for `branch` to fill again: a fresh
    /// one sets a record for every node, and most branches are short.
    spare: Vec<Branch>,
}

/// A found step with SE's sort key.
struct Found {
    difficulty: f64,
    nodes: usize,
    kind: u8,
    technique: Technique,
    eliminations: Vec<(usize, u16)>,
    text: String,
}

impl<'a> Search<'a> {
    fn new(g: &'a Candidates, rule: Rule) -> Self {
        let n = g.size();
        let nodes = n * n * n * 2;
        let mut net = Net::new(g);
        if rule == Rule::Multiple {
            net.freeze();
        }
        Self {
            net,
            rule,
            nodes,
            seen: vec![0; nodes],
            seen_stamp: 0,
            stack: Vec::new(),
            spare: Vec::new(),
        }
    }

    /// Follows `start` (SE's `doChaining`): Y-links but in nishio, and
    /// off nodes leave the grid in dynamic rules.
    fn branch(&mut self, start: u32) -> Branch {
        let g = self.net.g;
        let y = self.rule != Rule::Nishio;
        let dynamic = self.rule != Rule::Multiple;
        if dynamic {
            self.net.work.copy_from_slice(&g.masks);
        }
        let nodes = self.nodes;
        let mut b = self.spare.pop().unwrap_or_else(|| Branch {
            order: Vec::new(),
            info: vec![ABSENT; nodes],
            member: vec![false; nodes],
            clash: None,
        });
        b.order.push(start);
        b.member[start as usize] = true;
        b.info[start as usize].time = 0;
        let mut on_q = std::collections::VecDeque::new();
        let mut off_q = std::collections::VecDeque::new();
        if start & 1 == 1 {
            on_q.push_back(start);
        } else {
            off_q.push_back(start);
        }
        let mut applied = 0u32;
        let mut out = Vec::new();
        let mut causes = Vec::new();
        loop {
            let (p, from_on) = match on_q.pop_front() {
                Some(p) => (p, true),
                None => match off_q.pop_front() {
                    Some(p) => (p, false),
                    None => return b,
                },
            };
            let time = applied;
            if from_on {
                self.net.on_to_off(p, y);
                causes.clear();
                causes.resize(self.net.out.len(), NONE);
            } else {
                self.net.off_to_on(p, Links { x: true, y });
                causes.clone_from(&self.net.causes);
                if dynamic {
                    let (cell, value, _) = self.net.parts(p);
                    self.net.work[cell] &= !bit(value);
                    b.info[p as usize].applied = applied;
                    applied += 1;
                }
            }
            out.clone_from(&self.net.out);
            for (&q, &cause) in out.iter().zip(&causes) {
                let info = Info {
                    parent: p,
                    cause,
                    time,
                    applied: NONE,
                };
                if b.has(q ^ 1) {
                    let (on, off) = if from_on { (q ^ 1, q) } else { (q, q ^ 1) };
                    b.clash = Some(Clash {
                        on,
                        off,
                        new: q,
                        info,
                    });
                    return b;
                }
                if !b.has(q) {
                    b.member[q as usize] = true;
                    b.info[q as usize] = info;
                    b.order.push(q);
                    if from_on {
                        off_q.push_back(q);
                    } else {
                        on_q.push_back(q);
                    }
                }
            }
        }
    }

    /// Clears `b` (only its members hold records) and keeps it for reuse.
    fn recycle(&mut self, mut b: Branch) {
        for &q in &b.order {
            b.member[q as usize] = false;
            b.info[q as usize] = ABSENT;
        }
        b.order.clear();
        b.clash = None;
        self.spare.push(b);
    }

    /// How many distinct nodes `node` rests on in `b`, itself included
    /// (SE's ancestor count), hidden parents too.
    fn ancestors(&mut self, b: &Branch, node: u32) -> usize {
        self.seen_stamp = self.seen_stamp.wrapping_add(1);
        if self.seen_stamp == 0 {
            self.seen.fill(0);
            self.seen_stamp = 1;
        }
        let stamp = self.seen_stamp;
        let g = self.net.g;
        self.stack.clear();
        self.stack.push(node);
        let mut count = 0;
        let mut first = true;
        while let Some(p) = self.stack.pop() {
            if self.seen[p as usize] == stamp {
                continue;
            }
            self.seen[p as usize] = stamp;
            count += 1;
            // The clash's new node is not stored: it brings its own info.
            let info = match b.clash {
                Some(c) if first && c.new == p => c.info,
                _ => b.info[p as usize],
            };
            first = false;
            if info.parent != NONE {
                self.stack.push(info.parent);
            }
            if info.cause == NONE || p & 1 == 0 {
                continue;
            }
            let (cell, value, _) = self.net.parts(p);
            let hidden = |off: u32| b.has(off) && b.info[off as usize].applied < info.time;
            if info.cause == CELL {
                for u in values_of(g.masks[cell] & !bit(value)) {
                    let off = self.net.node(cell, u, false);
                    if hidden(off) {
                        self.stack.push(off);
                    }
                }
            } else {
                for &d in &g.layout.houses[info.cause as usize].cells {
                    let d = d as usize;
                    if d != cell && g.masks[d] & bit(value) != 0 {
                        let off = self.net.node(d, value, false);
                        if hidden(off) {
                            self.stack.push(off);
                        }
                    }
                }
            }
        }
        count
    }

    /// The eliminations that make `target` hold.
    fn removals(&self, target: u32) -> Vec<(usize, u16)> {
        let (cell, value, on) = self.net.parts(target);
        if on {
            values_of(self.net.g.masks[cell] & !bit(value))
                .map(|w| (cell, w))
                .collect()
        } else {
            vec![(cell, value)]
        }
    }

    /// Keeps in `best` the step `nodes` long, of sort `kind`, if it
    /// sorts first.
    #[allow(clippy::too_many_arguments)]
    fn offer(
        &self,
        best: &mut Option<Found>,
        nodes: usize,
        kind: u8,
        form: Form,
        target: u32,
        why: &dyn Fn() -> String,
    ) {
        let (difficulty, _) = chain_difficulty(self.rule.base(), nodes);
        let better = best
            .as_ref()
            .is_none_or(|b| match difficulty.partial_cmp(&b.difficulty) {
                Some(std::cmp::Ordering::Less) => true,
                Some(std::cmp::Ordering::Equal) => (nodes, kind) < (b.nodes, b.kind),
                _ => false,
            });
        if !better {
            return;
        }
        let eliminations = self.removals(target);
        if eliminations.is_empty() {
            return;
        }
        let technique = technique(self.rule, form, u16::try_from(nodes).unwrap_or(u16::MAX));
        let text = format!(
            "{}: {}, so {}",
            technique.name(),
            why(),
            eliminations
                .iter()
                .map(|&(c, v)| format!("{}≠{}", self.net.g.cell_name(c), self.net.g.v(v)))
                .collect::<Vec<_>>()
                .join(", ")
        );
        *best = Some(Found {
            difficulty,
            nodes,
            kind,
            technique,
            eliminations,
            text,
        });
    }

    /// SE's multiple-chains search over every cell (its cell order).
    fn run(&mut self) -> Option<Found> {
        let g = self.net.g;
        let mut best = None;
        for cell in 0..g.masks.len() {
            let count = g.masks[cell].count_ones();
            if count > 2 || (count > 1 && self.rule != Rule::Multiple) {
                self.cell(cell, count, &mut best);
            }
        }
        best
    }

    fn cell(&mut self, cell: usize, count: u32, best: &mut Option<Found>) {
        let g = self.net.g;
        let rule = self.rule;
        let contradictions = rule != Rule::Multiple;
        let double = rule == Rule::Dynamic && count >= 3;
        let mut on_branches: Vec<Branch> = Vec::new();
        for value in values_of(g.masks[cell]) {
            let on = self.net.node(cell, value, true);
            let b_on = self.branch(on);
            let name = self.net.name(on);
            if contradictions && let Some(c) = b_on.clash {
                let nodes = self.ancestors(&b_on, c.on) + self.ancestors(&b_on, c.off);
                self.offer(best, nodes, 7, Form::Contradiction, on ^ 1, &|| {
                    format!("{name} leads to a contradiction")
                });
            }
            if contradictions || double {
                let b_off = self.branch(on ^ 1);
                if contradictions && let Some(c) = b_off.clash {
                    let nodes = self.ancestors(&b_off, c.on) + self.ancestors(&b_off, c.off);
                    self.offer(best, nodes, 7, Form::Contradiction, on, &|| {
                        format!("{} leads to a contradiction", self.net.name(on ^ 1))
                    });
                }
                if double {
                    // On in both cases, then off in both.
                    for want_on in [true, false] {
                        for i in 0..b_on.order.len() {
                            let t = b_on.order[i];
                            if (t & 1 == 1) == want_on && b_off.has(t) {
                                let nodes = self.ancestors(&b_on, t) + self.ancestors(&b_off, t);
                                self.offer(best, nodes, 1, Form::Double, t, &|| {
                                    format!(
                                        "{name} and its opposite both lead to {}",
                                        self.net.name(t)
                                    )
                                });
                            }
                        }
                    }
                }
                self.recycle(b_off);
            }
            if rule != Rule::Nishio {
                self.regions(cell, value, &b_on, best);
            }
            on_branches.push(b_on);
        }
        if rule != Rule::Nishio {
            self.reduce(&on_branches, 5, Form::Cell, best, &|| {
                format!("every value of {} leads there", g.cell_name(cell))
            });
        }
        for b in on_branches {
            self.recycle(b);
        }
    }

    /// Region forcing chains on `value` from the houses whose first place
    /// for it is `cell` (SE's rule).
    fn regions(&mut self, cell: usize, value: u16, b_on: &Branch, best: &mut Option<Found>) {
        let g = self.net.g;
        let n = g.size();
        for hi in 0..self.net.houses[cell].len() {
            let h = self.net.houses[cell][hi] as usize;
            let cells = &g.layout.houses[h].cells;
            if cells.len() != n {
                continue;
            }
            let places: Vec<usize> = cells
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| g.masks[c] & bit(value) != 0)
                .collect();
            if places.len() < 2 || places[0] != cell {
                continue;
            }
            let others: Vec<Branch> = places[1..]
                .iter()
                .map(|&c| {
                    let on = self.net.node(c, value, true);
                    self.branch(on)
                })
                .collect();
            let mut all: Vec<&Branch> = vec![b_on];
            all.extend(others.iter());
            let (house, shown) = (g.layout.houses[h].name(), g.v(value));
            self.reduce_refs(&all, 6, Form::Region, best, &|| {
                format!("every place of {shown} in {house} leads there")
            });
            for b in others {
                self.recycle(b);
            }
        }
    }

    fn reduce(
        &mut self,
        branches: &[Branch],
        kind: u8,
        form: Form,
        best: &mut Option<Found>,
        why: &dyn Fn() -> String,
    ) {
        let refs: Vec<&Branch> = branches.iter().collect();
        self.reduce_refs(&refs, kind, form, best, why);
    }

    /// What every branch makes on, then off: each a step.
    fn reduce_refs(
        &mut self,
        branches: &[&Branch],
        kind: u8,
        form: Form,
        best: &mut Option<Found>,
        why: &dyn Fn() -> String,
    ) {
        let Some(first) = branches.first() else {
            return;
        };
        for want_on in [true, false] {
            for &t in &first.order {
                if (t & 1 == 1) != want_on || !branches.iter().all(|b| b.has(t)) {
                    continue;
                }
                let nodes = branches.iter().map(|b| self.ancestors(b, t)).sum();
                let target_name = self.net.name(t);
                self.offer(best, nodes, kind, form, t, &|| {
                    format!("{}: {target_name}", why())
                });
            }
        }
    }
}

/// What a forcing step concludes from.
#[derive(Clone, Copy)]
enum Form {
    Contradiction,
    Double,
    Cell,
    Region,
}

/// The technique of a `form` step under `rule`, `nodes` long.
fn technique(rule: Rule, form: Form, nodes: u16) -> Technique {
    match (rule, form) {
        (Rule::Nishio, _) => Technique::NishioForcingChain { nodes },
        (_, Form::Contradiction) => Technique::ContradictionForcingChain { nodes },
        (_, Form::Double) => Technique::DoubleForcingChain { nodes },
        (Rule::Dynamic, Form::Cell) => Technique::DynamicCellForcingChains { nodes },
        (Rule::Dynamic, Form::Region) => Technique::DynamicRegionForcingChains { nodes },
        (_, Form::Cell) => Technique::CellForcingChains { nodes },
        (_, Form::Region) => Technique::RegionForcingChains { nodes },
    }
}

fn step_of(found: Found) -> Step {
    let cells: Vec<usize> = found.eliminations.iter().map(|&(c, _)| c).collect();
    Step::new(found.technique, found.text)
        .remove(found.eliminations)
        .cells(cells)
}

/// SE's nishio forcing chains: a candidate whose truth or falsehood
/// leads, on X-links in a shrinking grid, to a contradiction.
pub(crate) fn nishio_chains(g: &Candidates) -> Option<Step> {
    Search::new(g, Rule::Nishio).run().map(step_of)
}

/// SE's multiple forcing chains: cell and region forcing chains on
/// static X- and Y-links.
pub(crate) fn multiple_chains(g: &Candidates) -> Option<Step> {
    Search::new(g, Rule::Multiple).run().map(step_of)
}

/// SE's dynamic forcing chains: contradictions, double implications, and
/// cell and region forcing chains in a shrinking grid.
pub(crate) fn dynamic_chains(g: &Candidates) -> Option<Step> {
    Search::new(g, Rule::Dynamic).run().map(step_of)
}
