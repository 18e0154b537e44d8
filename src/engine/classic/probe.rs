//! Failed-literal probing: try both sides of every two-way choice, keep what both prove, and rank the choices for branching.

use super::bits::two_bits;
use super::branch::{in_band, place_branch};
use super::config::Rules;
use super::frame::{Branch, Frame};
use super::state::{Contradiction, State};
use super::tables::Tables;
use crate::engine::noise::Noise;
use crate::sort::SmallSort;

/// Scratch space for [`probe`].
#[derive(Clone, Debug, Default)]
pub(crate) struct ProbeScratch {
    /// Digits probed per cell in the current pass.
    tried: Vec<u64>,
    /// The cells set in `tried`, to clear it cheaply.
    tried_cells: Vec<u32>,
    /// The pairs of the current pass, kept to reuse their space.
    pairs: Vec<Branch>,
    /// Eliminations the first choice of a pair led to, per cell.
    first: Vec<u64>,
    /// The cells set in `first`, to clear it cheaply.
    touched: Vec<u32>,
    /// Eliminations both choices of a pair led to.
    common: Vec<(u32, u8)>,
    /// Whether a choice's reach counts the pairs and assignments it makes
    /// rather than every change (see [`probe_pass`]).
    pub reach_in_pairs: bool,
    /// Whether probes propagate with locked candidates and pairs, as the
    /// search does, rather than with singles only (see [`probe`]).
    pub full: bool,
    /// The choice of the pair [`probe`] returned whose probe reached
    /// further (the first of the two on a tie).
    pub wider: u8,
    /// The other choice of that pair: the one whose probe reached less far.
    pub narrower: u8,
    /// Probes kept for reuse within a pass (see [`Memo`]).
    memo: Memo,
    /// With a banded search (see `Branching::banded`), the band whose pairs
    /// alone are probed.
    pub band: Option<usize>,
    /// The most pairs a pass probes away from the root (see
    /// `Probing::limit`); `None` probes them all.
    pub limit: Option<usize>,
    /// With a `limit`, each choice's reach when it was last probed, by
    /// `cell * n + digit`, or [`PROBE_FIRST`], for the pass to rank its
    /// pairs by (see [`keep_promising`]).
    seen: Vec<u32>,
    /// The pairs of a limited pass with their ranks and places in the pass,
    /// kept to reuse their space.
    ranked: Vec<(u64, u32, Branch)>,
}

/// The reach a limited pass credits a choice with that was never probed in
/// this search, or that failed when it last was: beyond any real reach, so
/// that such choices are probed first.
const PROBE_FIRST: u32 = 1 << 24;

impl ProbeScratch {
    /// Forgets what earlier searches' probes reached, so that a search's
    /// passes depend on its own probes alone, not on the puzzles solved before.
    pub fn forget(&mut self, g: &Tables) {
        self.seen.clear();
        if self.limit.is_some() {
            self.seen.resize(g.n * g.n * g.n, PROBE_FIRST);
        }
    }

    /// Notes the (cell, digit) choices of a pair as probed in this pass.
    #[inline(always)]
    fn note_tried(&mut self, choices: [(usize, usize); 2]) {
        for (c, d) in choices {
            if self.tried[c] == 0 {
                self.tried_cells.push(c as u32);
            }
            self.tried[c] |= 1 << d;
        }
    }

    /// Sets `common` to what the probes `pa` and `pb` of a pair both
    /// eliminate, in `pb`'s trail order.
    #[inline(always)]
    fn keep_common(&mut self, pa: Probed, pb: Probed) {
        let memo = &self.memo;
        let (first, touched) = (&mut self.first, &mut self.touched);
        for &e in &memo.elims[pa.start as usize..][..pa.len as usize] {
            let (cell, d) = ((e >> 6) as usize, e & 63);
            if first[cell] == 0 {
                touched.push(cell as u32);
            }
            first[cell] |= 1 << d;
        }
        self.common.clear();
        for &e in memo.elims[pb.start as usize..][..pb.len as usize]
            .iter()
            .rev()
        {
            if first[(e >> 6) as usize] & (1 << (e & 63)) != 0 {
                self.common.push(((e >> 6), (e & 63) as u8));
            }
        }
        for &cell in &self.touched {
            self.first[cell as usize] = 0;
        }
        self.touched.clear();
    }

    /// Notes the reach of `digit` at `cell`'s probe, or `None` when it failed.
    fn note_reach(&mut self, g: &Tables, cell: usize, digit: usize, reach: Option<usize>) {
        if let Some(seen) = self.seen.get_mut(cell * g.n + digit) {
            *seen = reach.map_or(PROBE_FIRST, |r| r.min(PROBE_FIRST as usize - 1) as u32);
        }
    }
}

/// What the probe of one choice found: its reach and its eliminations.
#[derive(Clone, Copy, Debug)]
struct Probed {
    /// The choice: `digit` at `cell`.
    cell: u16,
    digit: u8,
    /// Its eliminations are `Memo::elims[start..start + len]`, newest first.
    start: u32,
    len: u32,
    /// Its reach (see [`reach`]).
    reach: u32,
}

/// The probes of the current stretch of a pass (from its start or its last
/// find to the next), so that a choice probed again, or one equivalent to a
/// choice probed already, is not propagated again. The fixpoint a choice
/// reaches from a given state is unique (every rule only removes more as
/// candidates go), and so are its eliminations, whether it fails, and its
/// reach: the trail measure counts the changes of that fixpoint, and the
/// pair measure the assignments plus the cells and house-digits that went
/// from more than two choices to two or fewer, which each does at most once
/// on any path. Two choices that each assign the other reach the same
/// fixpoint, so the one probed second may take the first's result.
///
/// The searches stay the same, with less work on every size (see
/// docs/decisions/0004-probing.md). Its tables hold a pair of words per
/// cell and digit, 4 MB on 64×64.
#[derive(Clone, Debug, Default)]
struct Memo {
    /// The current stretch, counted from 1 (0 in `own` and `by` is none).
    stretch: u32,
    /// `own[cell * n + digit]`: (stretch, index in `probes`) of the
    /// choice's own probe.
    own: Vec<(u32, u32)>,
    /// `by[cell * n + digit]`: (stretch, index in `probes`) of a probe
    /// whose fixpoint assigned the choice.
    by: Vec<(u32, u32)>,
    /// The successful probes of the current stretch.
    probes: Vec<Probed>,
    /// Their eliminations, `cell << 6 | digit`.
    elims: Vec<u32>,
}

impl Memo {
    /// Starts a new stretch, for `n * n` cells of `n` digits: what was
    /// probed before no longer holds.
    fn next_stretch(&mut self, n: usize) {
        if self.stretch == u32::MAX || self.own.len() != n * n * n {
            self.own.clear();
            self.own.resize(n * n * n, (0, 0));
            self.by.clear();
            self.by.resize(n * n * n, (0, 0));
            self.stretch = 0;
        }
        self.stretch += 1;
        self.probes.clear();
        self.elims.clear();
    }

    /// A probe of this stretch whose result is that of `digit` at `cell`:
    /// its own, or that of a choice it assigned (see [`implies`]) whose
    /// probe assigned it in turn.
    fn find(&self, g: &Tables, st: &State, cell: usize, digit: usize) -> Option<usize> {
        let i = cell * g.n + digit;
        let (stretch, k) = self.own[i];
        if stretch == self.stretch {
            return Some(k as usize);
        }
        let (stretch, k) = self.by[i];
        let other = self.probes.get(k as usize)?;
        (stretch == self.stretch
            && implies(
                g,
                st,
                (cell, digit),
                (usize::from(other.cell), usize::from(other.digit)),
            ))
        .then_some(k as usize)
    }
}

/// Whether choice `a`, (cell, digit), assigns choice `b` at once: `a`
/// excludes the other choice of a pair of the state that holds `b` (`b`'s
/// cell with two candidates, or `b`'s digit with two places in one of its
/// houses), which leaves `b` a single.
fn implies(g: &Tables, st: &State, a: (usize, usize), b: (usize, usize)) -> bool {
    let (c, d) = a;
    let excludes = |cx: usize, dx: usize| {
        if cx == c {
            dx != d
        } else {
            dx == d && (0..3).any(|k| g.cell_houses[c][k].2 == g.cell_houses[cx][k].2)
        }
    };
    let (cb, db) = b;
    let m = st.cand(cb);
    if two_bits(m) && excludes(cb, (m & !(1u64 << db)).trailing_zeros() as usize) {
        return true;
    }
    g.cell_houses[cb].iter().any(|&(base, p, _)| {
        let places = st.places(usize::from(base) + db);
        two_bits(places) && {
            let q = (places & !(1u64 << p)).trailing_zeros() as usize;
            excludes(g.house_cells[usize::from(base) + q] as usize, db)
        }
    })
}

/// Failed-literal probing: tries both choices of each pair (a cell with two
/// candidates, or a digit with two places left in a house) with propagation,
/// and undoes them. A choice that leads to a contradiction is ruled out, and
/// what both choices eliminate is eliminated, for good (at this node). One pass
/// per node. Returns the pair whose two choices propagate furthest (by
/// [`pair_score`] of their [`reach`]), the best place to branch, or `None`
/// when there is no pair.
///
/// Away from the `root`, a pass with a `limit` probes only that many pairs,
/// those whose choices reached furthest when last probed (see
/// [`keep_promising`]).
///
/// # Errors
///
/// A contradiction when both choices of some pair fail: the node is dead.
pub(crate) fn probe(
    g: &Tables,
    st: &mut State,
    scratch: &mut ProbeScratch,
    noise: Option<&mut Noise>,
    root: bool,
) -> Result<Option<Branch>, Contradiction> {
    let n = g.n;
    scratch.tried.resize(n * n, 0);
    scratch.first.resize(n * n, 0);
    // Probes propagate singles only, except with `full` (locked candidates
    // and pairs, where their finds pay for their cost), and never filter for
    // all-different; one pass a node. See docs/decisions/0004-probing.md.
    let rules = st.active_rules::<false>();
    let Rules {
        locked,
        pairs,
        alldiff,
        ..
    } = rules;
    st.set_rules(if scratch.full {
        Rules {
            alldiff: false,
            ..rules
        }
    } else {
        Rules {
            locked: false,
            pairs: false,
            alldiff: false,
            ..rules
        }
    });
    let mark = st.mark();
    let result = probe_pass(g, st, scratch, noise, root);
    st.set_rules(rules);
    let (best, progress) = result?;
    // With `full` (and no all-different filter), what the finds eliminated
    // was propagated by every rule already.
    if progress && (alldiff || (!scratch.full && (locked || pairs))) {
        // What the finds eliminated was propagated without locked candidates,
        // pairs or all-different filtering: check only what they changed (the
        // state was at its fixpoint before), far cheaper than a full recheck.
        st.queue_checks_since(g, mark);
        st.propagate(g)?;
    }
    // A pair from before a find may have lost a choice since: then let the
    // caller choose afresh.
    Ok(best.filter(|&b| Frame::new(b, u64::MAX, 0).live(g, st).count_ones() == 2))
}

/// How far a probed choice reached since `mark`: the changes on the trail,
/// or, `in_pairs`, the cells and house-digits it left with two choices plus
/// the assignments it made (`made` holds both counters from before it), as
/// lookahead SAT solvers count new binary clauses: on the hard 25×25 set
/// the second led to fewer guesses for less work (docs/decisions/0004-probing.md).
fn reach(st: &State, in_pairs: bool, mark: usize, made: (u64, u64)) -> usize {
    if in_pairs {
        (st.pairs_made() - made.0 + st.assignments() - made.1) as usize
    } else {
        st.mark() - mark
    }
}

/// One pass of [`probe`] over the pairs of the current state.
///
/// Returns the best pair, and whether anything was ruled out.
fn probe_pass(
    g: &Tables,
    st: &mut State,
    scratch: &mut ProbeScratch,
    noise: Option<&mut Noise>,
    root: bool,
) -> Result<(Option<Branch>, bool), Contradiction> {
    for &cell in &scratch.tried_cells {
        scratch.tried[cell as usize] = 0;
    }
    scratch.tried_cells.clear();
    // Collect first: probing changes the state the tests read. Into a kept
    // vector, from the two-way sets (see `State::sync_twos`), clearing only
    // the `tried` cells set. See docs/decisions/0004-probing.md.
    let mut pairs = std::mem::take(&mut scratch.pairs);
    collect_pairs(g, st, &mut pairs);
    if let Some(band) = scratch.band {
        pairs.retain(|&b| in_band(g, st, b, band));
    }
    if let Some(noise) = noise.filter(|_| !pairs.is_empty()) {
        // Ties go to the first pair, so start from a random one.
        let k = noise.below(pairs.len() as u32) as usize;
        pairs.rotate_left(k);
    }
    if let Some(limit) = scratch.limit.filter(|&k| !root && pairs.len() > k) {
        keep_promising(g, st, scratch, &mut pairs, limit);
    }
    let result = probe_pairs(g, st, scratch, &pairs);
    scratch.pairs = pairs;
    result
}

/// Sets `pairs` to the pairs of the state: its open cells with two
/// candidates, then its house-digits with two places.
fn collect_pairs(g: &Tables, st: &mut State, pairs: &mut Vec<Branch>) {
    pairs.clear();
    st.sync_twos(g);
    let open = st.two_way_cells().filter(|&c| st.value(c) == 0);
    pairs.extend(open.map(|c| Branch::Cell(c as u16)));
    pairs.extend(st.two_way_slots().map(|slot| place_branch(g, slot)));
}

/// A pair's score from the reach of its two choices: the product of the
/// reach of both plus one, as in lookahead SAT solvers, doubled for a
/// house-digit pair, which measured fewer guesses on the hard 25×25 set.
fn pair_score(branch: Branch, reach_a: u64, reach_b: u64) -> u64 {
    let weight = if matches!(branch, Branch::Place { .. }) {
        2
    } else {
        1
    };
    (reach_a + 1) * (reach_b + 1) * weight
}

/// Cuts `pairs` to the `limit` most promising, for a limited pass: by the
/// [`pair_score`] of their two choices' reach when last probed, where a
/// choice never probed in this search, or that failed when it last was,
/// counts as [`PROBE_FIRST`]. Ties keep their order in `pairs`.
///
/// The pairs that reached far are the ones likely to be chosen for
/// branching, and a choice that failed once is the likeliest to fail again
/// (see `Probing::limit`, and docs/decisions/0004-probing.md).
fn keep_promising(
    g: &Tables,
    st: &State,
    scratch: &mut ProbeScratch,
    pairs: &mut Vec<Branch>,
    limit: usize,
) {
    let mut ranked = std::mem::take(&mut scratch.ranked);
    ranked.clear();
    let seen = |(cell, digit): (usize, usize)| {
        scratch
            .seen
            .get(cell * g.n + digit)
            .map_or(PROBE_FIRST, |&r| r)
    };
    ranked.extend(pairs.iter().enumerate().filter_map(|(i, &branch)| {
        let [(_, a), (_, b)] = two_choices(g, st, branch)?;
        let rank = pair_score(branch, u64::from(seen(a)), u64::from(seen(b)));
        Some((rank, i as u32, branch))
    }));
    // The `limit` best, by rank and then by place in `pairs`: a key unique to
    // each pair, so the selection and the sort after it need not be stable,
    // which measured far cheaper. See docs/decisions/0004-probing.md.
    let key = |&(rank, i, _): &(u64, u32, Branch)| (std::cmp::Reverse(rank), i);
    if ranked.len() > limit {
        ranked.select_nth_unstable_by_key(limit, key);
        ranked.truncate(limit);
    }
    ranked.sort_small_by_key(key);
    pairs.clear();
    pairs.extend(ranked.iter().map(|&(_, _, branch)| branch));
    scratch.ranked = ranked;
}

/// The two choices of `branch`, each as its index in the branch's frame and
/// its (cell, digit) assignment, or `None` when it does not have exactly two
/// left.
fn two_choices(g: &Tables, st: &State, branch: Branch) -> Option<[(usize, (usize, usize)); 2]> {
    let frame = Frame::new(branch, u64::MAX, 0);
    let choices = frame.live(g, st);
    if choices.count_ones() != 2 {
        return None;
    }
    let (a, b) = (
        choices.trailing_zeros() as usize,
        63 - choices.leading_zeros() as usize,
    );
    Some([(a, frame.assignment(g, a)), (b, frame.assignment(g, b))])
}

/// Probes each of `pairs` in turn, for [`probe_pass`]: returns the best pair,
/// and whether anything was ruled out.
fn probe_pairs(
    g: &Tables,
    st: &mut State,
    scratch: &mut ProbeScratch,
    pairs: &[Branch],
) -> Result<(Option<Branch>, bool), Contradiction> {
    let mut best: Option<(u64, Branch)> = None;
    let mut progress = false;
    scratch.memo.next_stretch(g.n);
    for &branch in pairs {
        // None when changed by an earlier probe in this pass.
        let Some([(a, (ca, da)), (b, (cb, db))]) = two_choices(g, st, branch) else {
            continue;
        };
        if scratch.tried[ca] & (1 << da) != 0 && scratch.tried[cb] & (1 << db) != 0 {
            continue; // both probed already this pass, and neither failed
        }
        scratch.note_tried([(ca, da), (cb, db)]);
        let Some(ka) = probe_choice(g, st, scratch, ca, da) else {
            st.rule_out(g, ca, da)?;
            scratch.memo.next_stretch(g.n);
            progress = true;
            continue;
        };
        let Some(kb) = probe_choice(g, st, scratch, cb, db) else {
            st.rule_out(g, cb, db)?;
            scratch.memo.next_stretch(g.n);
            progress = true;
            continue;
        };
        let (pa, pb) = (scratch.memo.probes[ka], scratch.memo.probes[kb]);
        scratch.keep_common(pa, pb);
        if !scratch.common.is_empty() {
            for &(cell, d) in &scratch.common {
                st.eliminate(g, cell as usize, d as usize)?;
            }
            st.propagate(g)?;
            scratch.memo.next_stretch(g.n);
            progress = true;
            continue;
        }
        let (grown_a, grown_b) = (pa.reach, pb.reach);
        let score = pair_score(branch, u64::from(grown_a), u64::from(grown_b));
        if score > best.map_or(0, |b| b.0) {
            best = Some((score, branch));
            (scratch.wider, scratch.narrower) = if grown_b > grown_a {
                (b as u8, a as u8)
            } else {
                (a as u8, b as u8)
            };
        }
    }
    Ok((best.map(|(_, branch)| branch), progress))
}

/// Probes `digit` at `cell` from the current state and undoes it, or takes
/// the result of a probe of this stretch that reached the same
/// fixpoint (see [`Memo`]). Returns the probe's index in `scratch.memo`, or
/// `None` when the choice fails.
fn probe_choice(
    g: &Tables,
    st: &mut State,
    scratch: &mut ProbeScratch,
    cell: usize,
    digit: usize,
) -> Option<usize> {
    let memo = &mut scratch.memo;
    if let Some(k) = memo.find(g, st, cell, digit) {
        return Some(k);
    }
    let mark = st.mark();
    let made = (st.pairs_made(), st.assignments());
    st.queue(cell, digit);
    if st.propagate(g).is_err() {
        st.undo(g, mark);
        scratch.note_reach(g, cell, digit, None);
        return None;
    }
    let grown = reach(st, scratch.reach_in_pairs, mark, made);
    scratch.note_reach(g, cell, digit, Some(grown));
    let memo = &mut scratch.memo;
    let k = memo.probes.len();
    memo.own[cell * g.n + digit] = (memo.stretch, k as u32);
    // What the probe assigned and eliminated is noted in the walk that
    // undoes it. See docs/decisions/0004-probing.md.
    let (start, stretch, n) = (memo.elims.len(), memo.stretch, g.n);
    let (elims, by) = (&mut memo.elims, &mut memo.by);
    st.undo_visiting(g, mark, |c, d, assigned| {
        if assigned {
            by[c * n + d] = (stretch, k as u32);
        } else {
            elims.push((c as u32) << 6 | d as u32);
        }
    });
    memo.probes.push(Probed {
        cell: cell as u16,
        digit: digit as u8,
        start: start as u32,
        len: (memo.elims.len() - start) as u32,
        reach: grown as u32,
    });
    Some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What probing `digit` at `cell` alone from `st` gives, undone after:
    /// its eliminations (sorted), its reach in pairs, and its assignments;
    /// `None` when it fails.
    fn alone(g: &Tables, st: &mut State, cell: usize, digit: usize) -> Option<Outcome> {
        let mark = st.mark();
        let made = (st.pairs_made(), st.assignments());
        st.queue(cell, digit);
        if st.propagate(g).is_err() {
            st.undo(g, mark);
            return None;
        }
        let grown = reach(st, true, mark, made);
        let (mut elims, mut assigned) = (Vec::new(), Vec::new());
        st.undo_visiting(g, mark, |c, d, was_assigned| {
            if was_assigned {
                assigned.push((c, d));
            } else {
                elims.push((c, d));
            }
        });
        elims.sort_small();
        Some((elims, grown, assigned))
    }

    type Outcome = (Vec<(usize, usize)>, usize, Vec<(usize, usize)>);

    /// The choices of the pairs of `st`: both choices of each cell with two
    /// candidates and of each house-digit with two places.
    fn pair_choices(g: &Tables, st: &State) -> Vec<(usize, usize)> {
        let n = g.n;
        let mut choices = Vec::new();
        for (c, &m) in st.all_cand().iter().enumerate() {
            if st.value(c) == 0 && two_bits(m) {
                choices
                    .extend([m.trailing_zeros(), 63 - m.leading_zeros()].map(|d| (c, d as usize)));
            }
        }
        for (slot, &m) in st.all_places().iter().enumerate() {
            if two_bits(m) {
                for p in [m.trailing_zeros(), 63 - m.leading_zeros()] {
                    choices.push((g.house_cells[slot / n * n + p as usize] as usize, slot % n));
                }
            }
        }
        choices.sort_small();
        choices.dedup();
        choices
    }

    /// The claim [`Memo`] rests on: a choice that [`implies`] a choice
    /// whose probe assigns it reaches the same fixpoint, with the same
    /// eliminations and the same reach (on the 25×25 sample puzzles with
    /// full propagation, after the givens and after a few guesses).
    #[test]
    fn equivalent_choices_probe_alike() {
        let g = Tables::new(5);
        let mut st = State::new(&g);
        let mut checked = 0;
        let lines = include_str!("../../../puzzles/25x25.txt").lines();
        for line in lines.filter(|l| !l.starts_with('#')) {
            reset_open(&g, &mut st, line);
            for _ in 0..40 {
                let choices = pair_choices(&g, &st);
                let probed: Vec<_> = choices
                    .iter()
                    .map(|&(c, d)| alone(&g, &mut st, c, d))
                    .collect();
                for (i, &a) in choices.iter().enumerate() {
                    for (j, &b) in choices.iter().enumerate() {
                        let Some(of_b) = &probed[j] else { continue };
                        if i == j || !of_b.2.contains(&a) || !implies(&g, &st, a, b) {
                            continue;
                        }
                        let of_a = probed[i].as_ref().expect("b's fixpoint holds a's");
                        assert_eq!((&of_a.0, of_a.1), (&of_b.0, of_b.1), "{a:?} ≡ {b:?}");
                        checked += 1;
                    }
                }
                // Go deeper: the lowest digit of the first open cell with
                // the fewest candidates.
                let Some(c) = (0..g.n * g.n)
                    .filter(|&c| st.value(c) == 0)
                    .min_by_key(|&c| st.cand(c).count_ones())
                else {
                    break;
                };
                st.queue(c, st.cand(c).trailing_zeros() as usize);
                if st.propagate(&g).is_err() {
                    break;
                }
            }
        }
        assert!(checked > 100, "only {checked} equivalent choices");
    }

    /// Resets `st` to the 25×25 puzzle `line` without a quarter of its
    /// givens, so that guesses go further and pairs are many, propagated
    /// with pairs as 25×25 searches propagate.
    fn reset_open(g: &Tables, st: &mut State, line: &str) {
        let board: crate::Board<5> = line.parse().expect("a sample puzzle");
        let mut givens = board.as_bytes().to_vec();
        for v in givens.iter_mut().filter(|v| **v != 0).step_by(4) {
            *v = 0;
        }
        st.reset(g, &givens);
        st.set_rules(Rules {
            locked: true,
            pairs: true,
            lazy: true,
            count_pairs: true,
            ..Rules::default()
        });
        st.propagate(g).expect("the givens propagate");
    }

    /// The first 25×25 sample puzzle, as [`reset_open`] leaves it.
    fn open_25x25() -> (Tables, State) {
        let g = Tables::new(5);
        let mut st = State::new(&g);
        let line = include_str!("../../../puzzles/25x25.txt")
            .lines()
            .find(|l| !l.starts_with('#'))
            .expect("a sample puzzle");
        reset_open(&g, &mut st, line);
        (g, st)
    }

    /// The choices whose reach a pass noted: those `seen` no longer
    /// credits with [`PROBE_FIRST`].
    fn noted(scratch: &ProbeScratch) -> usize {
        scratch.seen.iter().filter(|&&r| r != PROBE_FIRST).count()
    }

    /// Away from the root, a limited pass probes at most its limit of
    /// pairs; at the root, and without a limit, it probes them all; and
    /// forgetting starts every choice over at [`PROBE_FIRST`].
    #[test]
    fn a_limited_pass_probes_at_most_its_limit_below_the_root() {
        let (g, st) = open_25x25();
        let limited = |root: bool| {
            let mut st = st.clone();
            let mut scratch = ProbeScratch {
                limit: Some(3),
                reach_in_pairs: true,
                ..ProbeScratch::default()
            };
            scratch.forget(&g);
            assert_eq!(scratch.seen.len(), g.n * g.n * g.n);
            assert_eq!(noted(&scratch), 0);
            probe(&g, &mut st, &mut scratch, None, root).expect("the puzzle is solvable");
            let (pairs, probed) = (scratch.pairs.len(), noted(&scratch));
            scratch.forget(&g);
            assert_eq!(noted(&scratch), 0);
            (pairs, probed)
        };
        let (pairs, below) = limited(false);
        assert_eq!(pairs, 3, "the pass kept its limit of pairs");
        assert!(
            (1..=6).contains(&below),
            "{below} choices noted below the root"
        );
        let (pairs, at_root) = limited(true);
        assert!(pairs > 20, "only {pairs} pairs at the root");
        assert!(at_root > 6, "{at_root} choices noted at the root");
        // Without a limit nothing is noted: `seen` stays empty.
        let mut scratch = ProbeScratch::default();
        scratch.forget(&g);
        probe(&g, &mut st.clone(), &mut scratch, None, false).expect("solvable");
        assert!(scratch.seen.is_empty());
        assert!(scratch.pairs.len() > 20);
    }

    /// [`keep_promising`] keeps the pairs whose choices' reach, as last
    /// noted, has the largest product (house-digit pairs doubled), and
    /// puts first a pair with a choice that failed when last probed.
    #[test]
    fn limited_passes_keep_the_pairs_that_reached_furthest() {
        let (g, mut st) = open_25x25();
        let mut scratch = ProbeScratch {
            limit: Some(5),
            ..ProbeScratch::default()
        };
        scratch.forget(&g);
        let mut pairs = Vec::new();
        collect_pairs(&g, &mut st, &mut pairs);
        assert!(pairs.len() > 20, "only {} pairs", pairs.len());
        // Every choice reached (cell + 3 * digit) % 50, but one pair's
        // first choice failed.
        let failed = pairs[pairs.len() / 2];
        let rank = |scratch: &ProbeScratch, branch: Branch| {
            let [(_, a), (_, b)] = two_choices(&g, &st, branch).expect("a pair");
            let reach = |(c, d): (usize, usize)| u64::from(scratch.seen[c * g.n + d]);
            pair_score(branch, reach(a), reach(b))
        };
        for &branch in &pairs {
            for (_, (c, d)) in two_choices(&g, &st, branch).expect("a pair") {
                scratch.note_reach(&g, c, d, Some((c + 3 * d) % 50));
            }
        }
        let [(_, (c, d)), _] = two_choices(&g, &st, failed).expect("a pair");
        scratch.note_reach(&g, c, d, None);
        let all = pairs.clone();
        keep_promising(&g, &st, &mut scratch, &mut pairs, 5);
        assert_eq!(pairs.len(), 5);
        assert_eq!(pairs[0], failed, "the failed choice's pair comes first");
        let lowest_kept = pairs.iter().map(|&b| rank(&scratch, b)).min();
        for dropped in all.iter().filter(|b| !pairs.contains(b)) {
            assert!(rank(&scratch, *dropped) <= lowest_kept.expect("kept some"));
        }
    }
}
