//! Tree-based lookahead for a probe pass: each choice probed on top of the probe of a choice it implies.

use smallvec::SmallVec;

use super::{Branch, Frame, ProbeScratch, Probed, reach};
use crate::engine::state::{Contradiction, Geometry, State, two_bits};

/// No choice, probe or pair.
const NIL: u32 = u32::MAX;

/// A choice whose probe failed, or that an earlier find ruled out.
const FAILED: u32 = u32::MAX - 1;

/// The forest of a pass's choices (see [`probe_forest`]).
#[derive(Clone, Debug, Default)]
pub(super) struct Forest {
    /// `at[cell * n + digit]`: the choice's index in `choices`, or [`NIL`].
    at: Vec<u32>,
    /// The pass's choices, (cell, digit), in the order of their pairs.
    choices: Vec<(u16, u8)>,
    /// Per choice: the choice it is probed on top of, or [`NIL`] for a root.
    parent: Vec<u32>,
    /// Per choice: its first child and its next sibling, or [`NIL`].
    child: Vec<u32>,
    sibling: Vec<u32>,
    /// Per choice: the pairs it is a side of (at most a cell and three
    /// house-digits), [`NIL`] for none.
    sides: Vec<[u32; 4]>,
    /// Per choice: its probe in the memo, [`FAILED`], or [`NIL`] while not
    /// probed.
    probe: Vec<u32>,
    /// Per choice: whether its result is complete (its probe undone).
    done: Vec<bool>,
    /// The pairs scored: the branch, its two choices, and their indices
    /// within the branch (lower first).
    pairs: Vec<(Branch, u32, u32, u8, u8)>,
    /// Per pair: whether it found something (a failed side or eliminations
    /// common to both), which leaves it unscored.
    found: Vec<bool>,
    /// The choices in depth-first order, parents before their children.
    order: Vec<u32>,
    /// The probes nested at the moment, innermost last: (choice, trail mark
    /// before it).
    open: Vec<(u32, usize)>,
    /// Failed choices not yet ruled out.
    failed: Vec<u32>,
    /// Pairs with both sides complete, not yet checked for finds.
    ready: Vec<u32>,
}

impl Forest {
    /// Empties the forest for a pass on a board of `n` digits.
    fn clear(&mut self, n: usize) {
        if self.at.len() != n * n * n {
            self.at.clear();
            self.at.resize(n * n * n, NIL);
        }
        for &(c, d) in &self.choices {
            self.at[usize::from(c) * n + usize::from(d)] = NIL;
        }
        self.choices.clear();
        self.parent.clear();
        self.child.clear();
        self.sibling.clear();
        self.sides.clear();
        self.probe.clear();
        self.done.clear();
        self.pairs.clear();
        self.found.clear();
        self.order.clear();
        self.open.clear();
        self.failed.clear();
        self.ready.clear();
    }

    /// The index of choice (`cell`, `digit`), added if new, and whether it
    /// was new.
    fn choice(&mut self, n: usize, cell: usize, digit: usize) -> (u32, bool) {
        let i = cell * n + digit;
        if self.at[i] != NIL {
            return (self.at[i], false);
        }
        let k = self.choices.len() as u32;
        self.at[i] = k;
        self.choices.push((cell as u16, digit as u8));
        self.parent.push(NIL);
        self.child.push(NIL);
        self.sibling.push(NIL);
        self.sides.push([NIL; 4]);
        self.probe.push(NIL);
        self.done.push(false);
        (k, true)
    }

    /// Notes that choice `x` is a side of pair `p`.
    fn add_side(&mut self, x: u32, p: u32) {
        if let Some(s) = self.sides[x as usize].iter_mut().find(|s| **s == NIL) {
            *s = p;
        }
    }

    /// Whether `y` is `x` or lies under `x` in the forest.
    fn under(&self, mut y: u32, x: u32) -> bool {
        while y != NIL {
            if y == x {
                return true;
            }
            y = self.parent[y as usize];
        }
        false
    }

    /// Marks choice `x` complete with `probe` (a memo index or [`FAILED`]),
    /// and queues its pairs whose other side is complete too.
    fn complete(&mut self, x: u32, probe: u32) {
        self.probe[x as usize] = probe;
        self.done[x as usize] = true;
        for p in self.sides[x as usize] {
            if p == NIL {
                break;
            }
            let (_, a, b, _, _) = self.pairs[p as usize];
            let other = if a == x { b } else { a };
            if self.done[other as usize] {
                self.ready.push(p);
            }
        }
    }
}

/// Calls `visit` with each choice that choice `(c, d)` assigns at once in
/// `st` (see `frame::implies`): the other side of each pair of the state
/// one of whose sides it excludes. Stops when `visit` returns true.
fn implied(
    g: &Geometry,
    st: &State,
    c: usize,
    d: usize,
    mut visit: impl FnMut(usize, usize) -> bool,
) {
    // The cell's other digits: each one's house-digits with two places.
    let mut others = st.cand[c] & !(1u64 << d);
    while others != 0 {
        let e = others.trailing_zeros() as usize;
        others &= others - 1;
        for &(base, p, _) in &g.cell_houses[c] {
            let m = st.places[usize::from(base) + e];
            if two_bits(m) {
                let q = (m & !(1u64 << p)).trailing_zeros() as usize;
                if visit(g.house_cells[usize::from(base) + q] as usize, e) {
                    return;
                }
            }
        }
    }
    // The digit's other places in the cell's houses: each one's cell if it
    // has two candidates, and its house-digits with two places.
    for &(base, p, _) in &g.cell_houses[c] {
        let mut peers = st.places[usize::from(base) + d] & !(1u64 << p);
        while peers != 0 {
            let q = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            let peer = g.house_cells[usize::from(base) + q] as usize;
            let m = st.cand[peer];
            if two_bits(m) && visit(peer, (m & !(1u64 << d)).trailing_zeros() as usize) {
                return;
            }
            for &(base2, p2, _) in &g.cell_houses[peer] {
                let m2 = st.places[usize::from(base2) + d];
                if two_bits(m2) {
                    let q2 = (m2 & !(1u64 << p2)).trailing_zeros() as usize;
                    let there = g.house_cells[usize::from(base2) + q2] as usize;
                    if there != c && visit(there, d) {
                        return;
                    }
                }
            }
        }
    }
}

/// Probes each of `pairs`, as `frame::probe_pairs` does, but in a forest:
/// a choice that assigns another choice of the pass at once (see
/// [`implied`]) is probed on top of that one's probe, whose fixpoint its own
/// contains, so the propagation they share is paid once. A nested probe
/// that fails is a failed choice of the node; its reach is its parent's
/// plus its own increment, its eliminations its parent's and its own.
/// Finds are put off to the end of each tree. Returns the best pair, and
/// whether anything was ruled out.
pub(super) fn probe_forest(
    g: &Geometry,
    st: &mut State,
    scratch: &mut ProbeScratch,
    pairs: &[Branch],
) -> Result<(Option<Branch>, bool), Contradiction> {
    let n = g.n;
    let mut f = std::mem::take(&mut scratch.forest);
    f.clear(n);
    // A contradiction ends a pass part way, leaving finds unmade.
    scratch.pending.clear();
    scratch.memo.next_stretch(n);
    collect(g, st, &mut f, pairs);
    plant(g, st, &mut f);
    let result = walk(g, st, scratch, &mut f);
    scratch.forest = f;
    result
}

/// The pass's choices and the pairs to score: a pair both of whose choices
/// an earlier pair holds is skipped, as `frame::probe_pairs` skips one
/// whose choices it probed already.
fn collect(g: &Geometry, st: &State, f: &mut Forest, pairs: &[Branch]) {
    for &branch in pairs {
        let frame = Frame::new(branch, u64::MAX, 0);
        let choices = frame.live(g, st);
        if choices.count_ones() != 2 {
            continue;
        }
        let (a, b) = (
            choices.trailing_zeros() as usize,
            63 - choices.leading_zeros() as usize,
        );
        let (ca, da) = frame.assignment(g, a);
        let (cb, db) = frame.assignment(g, b);
        let (xa, new_a) = f.choice(g.n, ca, da);
        let (xb, new_b) = f.choice(g.n, cb, db);
        if !new_a && !new_b {
            continue;
        }
        let p = f.pairs.len() as u32;
        f.pairs.push((branch, xa, xb, a as u8, b as u8));
        f.found.push(false);
        f.add_side(xa, p);
        f.add_side(xb, p);
    }
}

/// Gives each choice a parent: the first choice of the pass it assigns at
/// once that is not under it already; then orders the choices depth first.
fn plant(g: &Geometry, st: &State, f: &mut Forest) {
    let n = g.n;
    for x in 0..f.choices.len() as u32 {
        let (c, d) = f.choices[x as usize];
        let mut parent = NIL;
        implied(g, st, usize::from(c), usize::from(d), |cy, dy| {
            let y = f.at[cy * n + dy];
            if y != NIL && !f.under(y, x) {
                parent = y;
                return true;
            }
            false
        });
        f.parent[x as usize] = parent;
    }
    // Children in the order of the choices.
    for x in (0..f.choices.len() as u32).rev() {
        let p = f.parent[x as usize];
        if p != NIL {
            f.sibling[x as usize] = f.child[p as usize];
            f.child[p as usize] = x;
        }
    }
    for root in 0..f.choices.len() as u32 {
        if f.parent[root as usize] != NIL {
            continue;
        }
        let mut x = root;
        'tree: loop {
            f.order.push(x);
            if f.child[x as usize] != NIL {
                x = f.child[x as usize];
                continue;
            }
            loop {
                if x == root {
                    break 'tree;
                }
                if f.sibling[x as usize] != NIL {
                    x = f.sibling[x as usize];
                    break;
                }
                x = f.parent[x as usize];
            }
        }
    }
}

/// Probes the choices in the forest's order, each on top of its parent,
/// applying each find as soon as it shows (undoing the open probes, which
/// are probed again on the new state where the walk needs them); then
/// scores the pairs.
fn walk(
    g: &Geometry,
    st: &mut State,
    scratch: &mut ProbeScratch,
    f: &mut Forest,
) -> Result<(Option<Branch>, bool), Contradiction> {
    let mut progress = false;
    for i in 0..f.order.len() {
        let x = f.order[i];
        let p = f.parent[x as usize];
        if p != NIL && f.probe[p as usize] == FAILED {
            // It assigns its parent, which fails: ruling that out rules
            // this one out too.
            f.complete(x, FAILED);
            continue;
        }
        while let Some(&(top, _)) = f.open.last() {
            if top == p {
                break;
            }
            close(g, st, scratch, f);
        }
        progress |= settle(g, st, scratch, f)?;
        if p != NIL && f.open.is_empty() && !reopen(g, st, scratch, f, p) {
            f.complete(x, FAILED);
            continue;
        }
        let (c, d) = f.choices[x as usize];
        match nest(g, st, scratch, f, usize::from(c), usize::from(d)) {
            Some((k, mark)) => {
                f.probe[x as usize] = k;
                f.open.push((x, mark));
            }
            None => f.complete(x, FAILED),
        }
        if f.probe[x as usize] == FAILED {
            f.failed.push(x);
        }
    }
    while !f.open.is_empty() {
        close(g, st, scratch, f);
    }
    progress |= settle(g, st, scratch, f)?;
    Ok((score(g, st, scratch, f), progress))
}

/// Probes `digit` at `cell` on top of the open probes, and keeps it open:
/// returns its index in the memo and the trail mark before it, or `None`
/// when it fails (undone) or was ruled out already.
fn nest(
    g: &Geometry,
    st: &mut State,
    scratch: &mut ProbeScratch,
    f: &Forest,
    cell: usize,
    digit: usize,
) -> Option<(u32, usize)> {
    if st.cand[cell] & (1 << digit) == 0 {
        return None;
    }
    let mark = st.mark();
    let made = (st.pairs_made, st.assignments);
    st.queue(cell, digit);
    let failed = st.propagate(g).is_err();
    if failed {
        st.undo(g, mark);
        return None;
    }
    let memo = &mut scratch.memo;
    let up = f.open.last().map_or(NIL, |&(top, _)| f.probe[top as usize]);
    let below = if up == NIL {
        0
    } else {
        memo.probes[up as usize].reach
    };
    let grown = reach(st, scratch.reach_in_pairs, mark, made) as u32;
    let k = memo.probes.len() as u32;
    memo.probes.push(Probed {
        cell: cell as u16,
        digit: digit as u8,
        start: 0,
        len: 0,
        reach: below + grown,
        up,
    });
    Some((k, mark))
}

/// Probes again, on the current state, the chain of choices from the root
/// of `p`'s tree down to `p` (a find undid them), and keeps them open.
/// Returns false when one of them fails or was ruled out: then it and the
/// rest of the chain are marked failed.
fn reopen(
    g: &Geometry,
    st: &mut State,
    scratch: &mut ProbeScratch,
    f: &mut Forest,
    p: u32,
) -> bool {
    let mut chain: SmallVec<[u32; 16]> = SmallVec::new();
    let mut a = p;
    while a != NIL {
        chain.push(a);
        a = f.parent[a as usize];
    }
    for j in (0..chain.len()).rev() {
        let a = chain[j];
        let (c, d) = f.choices[a as usize];
        let (c, d) = (usize::from(c), usize::from(d));
        let nested = if f.probe[a as usize] == FAILED {
            None
        } else {
            nest(g, st, scratch, f, c, d)
        };
        let Some((k, mark)) = nested else {
            if f.probe[a as usize] != FAILED {
                f.failed.push(a);
            }
            for &b in &chain[..=j] {
                f.probe[b as usize] = FAILED;
            }
            return false;
        };
        f.probe[a as usize] = k;
        f.open.push((a, mark));
    }
    true
}

/// Undoes the innermost open probe, keeping its own eliminations.
fn close(g: &Geometry, st: &mut State, scratch: &mut ProbeScratch, f: &mut Forest) {
    let (x, mark) = f.open.pop().expect("an open probe");
    let k = f.probe[x as usize];
    let memo = &mut scratch.memo;
    let (start, elims) = (memo.elims.len(), &mut memo.elims);
    st.undo_visiting(g, mark, |c, d| elims.push((c as u32) << 6 | d as u32));
    let probed = &mut memo.probes[k as usize];
    probed.start = start as u32;
    probed.len = (memo.elims.len() - start) as u32;
    if !f.done[x as usize] {
        f.complete(x, k);
    }
}

/// Checks the pairs now complete for eliminations common to both sides;
/// if there are finds (those, or failed choices), undoes the open probes
/// and applies them. Returns whether it applied anything.
fn settle(
    g: &Geometry,
    st: &mut State,
    scratch: &mut ProbeScratch,
    f: &mut Forest,
) -> Result<bool, Contradiction> {
    check_ready(scratch, f);
    if f.failed.is_empty() && scratch.pending.is_empty() {
        return Ok(false);
    }
    while !f.open.is_empty() {
        close(g, st, scratch, f);
    }
    check_ready(scratch, f);
    for &x in &f.failed {
        let (c, d) = f.choices[x as usize];
        st.rule_out(g, usize::from(c), usize::from(d))?;
    }
    f.failed.clear();
    if !scratch.pending.is_empty() {
        for &(cell, d) in &scratch.pending {
            st.eliminate(g, cell as usize, usize::from(d))?;
        }
        scratch.pending.clear();
        st.propagate(g)?;
    }
    Ok(true)
}

/// Checks each pair whose two sides are complete: one that failed, or
/// eliminations common to both (added to `scratch.pending`), make it a
/// find.
fn check_ready(scratch: &mut ProbeScratch, f: &mut Forest) {
    for i in 0..f.ready.len() {
        let p = f.ready[i] as usize;
        let (_, a, b, _, _) = f.pairs[p];
        let (ka, kb) = (f.probe[a as usize], f.probe[b as usize]);
        if ka == FAILED || kb == FAILED {
            f.found[p] = true;
            continue;
        }
        common(scratch, ka, kb);
        if !scratch.common.is_empty() {
            scratch.pending.extend_from_slice(&scratch.common);
            f.found[p] = true;
        }
    }
    f.ready.clear();
}

/// Fills `scratch.common` with what the probes `ka` and `kb` both
/// eliminate (each with its parents'), in the second's trail order.
fn common(scratch: &mut ProbeScratch, ka: u32, kb: u32) {
    let memo = &scratch.memo;
    let chain = |mut k: u32| {
        let mut ks: SmallVec<[u32; 16]> = SmallVec::new();
        while k != NIL {
            ks.push(k);
            k = memo.probes[k as usize].up;
        }
        ks
    };
    let (first, touched) = (&mut scratch.first, &mut scratch.touched);
    for k in chain(ka) {
        let pa = memo.probes[k as usize];
        for &e in &memo.elims[pa.start as usize..][..pa.len as usize] {
            let (cell, d) = ((e >> 6) as usize, e & 63);
            if first[cell] == 0 {
                touched.push(cell as u32);
            }
            first[cell] |= 1 << d;
        }
    }
    scratch.common.clear();
    for &k in chain(kb).iter().rev() {
        let pb = memo.probes[k as usize];
        for &e in memo.elims[pb.start as usize..][..pb.len as usize]
            .iter()
            .rev()
        {
            if first[(e >> 6) as usize] & (1 << (e & 63)) != 0 {
                scratch.common.push(((e >> 6), (e & 63) as u8));
            }
        }
    }
    for &cell in touched.iter() {
        first[cell as usize] = 0;
    }
    touched.clear();
}

/// The pair whose two probes reached furthest, of those that found nothing
/// (scored as in `frame::probe_pairs`), setting `scratch.wider` and
/// `scratch.narrower`.
fn score(g: &Geometry, st: &State, scratch: &mut ProbeScratch, f: &Forest) -> Option<Branch> {
    let mut best: Option<(usize, Branch)> = None;
    for (p, &(branch, xa, xb, a, b)) in f.pairs.iter().enumerate() {
        if f.found[p] || Frame::new(branch, u64::MAX, 0).live(g, st).count_ones() != 2 {
            continue;
        }
        let (ka, kb) = (f.probe[xa as usize], f.probe[xb as usize]);
        if ka == FAILED || kb == FAILED {
            continue;
        }
        let memo = &scratch.memo;
        let grown_a = memo.probes[ka as usize].reach as usize;
        let grown_b = memo.probes[kb as usize].reach as usize;
        let weight = if matches!(branch, Branch::Place { .. }) {
            2
        } else {
            1
        };
        let score = (grown_a + 1) * (grown_b + 1) * weight;
        if score > best.map_or(0, |b| b.0) {
            best = Some((score, branch));
            (scratch.wider, scratch.narrower) = if grown_b > grown_a { (b, a) } else { (a, b) };
        }
    }
    best.map(|(_, branch)| branch)
}

#[cfg(test)]
mod tests {
    use super::super::probe;
    use super::*;

    /// A forest pass only ever removes what no solution needs: along the
    /// path to a known solution of each 25×25 sample puzzle (less a third
    /// of its givens, so that there is more to probe), no pass fails the
    /// node or takes a digit of that solution, and the passes do find
    /// things (failed choices or common eliminations).
    #[test]
    fn forest_finds_keep_the_solution() {
        let g = Geometry::new(5);
        let mut st = State::new(&g);
        let mut scratch = ProbeScratch {
            reach_in_pairs: true,
            full: true,
            tree: true,
            ..ProbeScratch::default()
        };
        let puzzles = include_str!("../../../puzzles/25x25.txt").lines();
        let solutions = include_str!("../../../puzzles/25x25.solutions.txt").lines();
        let is_data = |l: &&str| !l.starts_with('#') && !l.is_empty();
        let mut found = 0;
        for (line, answer) in puzzles.filter(is_data).zip(solutions.filter(is_data)) {
            let board: crate::Board<5> = line.parse().expect("a sample puzzle");
            let solution: crate::Board<5> = answer.parse().expect("its solution");
            assert!(solution.is_solved() && board.is_completed_by(&solution));
            let digit = |c: usize| usize::from(solution.as_bytes()[c]) - 1;
            let mut givens = board.as_bytes().to_vec();
            for v in givens.iter_mut().filter(|v| **v != 0).step_by(3) {
                *v = 0;
            }
            st.reset(&g, &givens);
            (st.pairs, st.lazy, st.count_pairs) = (true, true, true);
            st.propagate(&g).expect("the givens propagate");
            for _ in 0..100 {
                let before: u32 = st.cand.iter().map(|m| m.count_ones()).sum();
                probe(&g, &mut st, &mut scratch, None).expect("the path is alive");
                let after: u32 = st.cand.iter().map(|m| m.count_ones()).sum();
                found += before - after;
                for c in 0..g.n * g.n {
                    assert!(st.cand[c] >> digit(c) & 1 == 1, "cell {c} lost its digit");
                }
                // Go deeper along the solution, at the first open cell
                // with the fewest candidates.
                let Some(c) = (0..g.n * g.n)
                    .filter(|&c| st.value[c] == 0)
                    .min_by_key(|&c| st.cand[c].count_ones())
                else {
                    break;
                };
                st.queue(c, digit(c));
                st.propagate(&g).expect("the solution propagates");
            }
        }
        assert!(found > 40, "the passes found only {found} eliminations");
    }
}
