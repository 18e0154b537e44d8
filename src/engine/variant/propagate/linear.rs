//! Weighted sums of groups of cells that all come to one total: arrows, pills, little killers, sums whose values may repeat, region-sum and zipper lines.
//!
//! One shape covers them: groups of cells, each cell with an integer
//! coefficient, every group's weighted sum equal to one total, which is
//! given or left open. An arrow is two groups (the circle, or a pill's
//! cells weighted by powers of ten, and the line); a little killer or a
//! sum cage one group with its total; a region-sum line one group for each
//! of its segments; a zipper line one group for each pair of cells
//! equidistant from its middle (and the middle cell alone on an odd line).
//!
//! A pill of k cells reads as a k-digit decimal number, its first cell
//! the leading digit: with k = 2, cells holding 1 and 4 make 14; on any
//! board it is `Σ pill[i]·10^(k-1-i)`, as the rules define it
//! ([`Constraint::Arrow`](crate::Constraint::Arrow)), so that on a 16×16
//! board 12 and 3 make 123 and 1 and 12 make 22. The Interactive Sudoku
//! Solver, past 9×9, also holds the pill's cells after the first to one
//! decimal digit (1 to 9), so that the number is its digits written side
//! by side: [`Linear::with_digits`] adds that, for rules that ask for it.

use smallvec::SmallVec;

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;
use crate::sort::SmallSort;
use std::sync::OnceLock;

/// Whether groups of different values narrow their cells by the slack
/// their least and greatest sums of different values leave
/// ([`Linear::by_runs`]), and look for their tightest runs of peers: not in
/// the compact WebAssembly build, for its size limit (as `search::HOUSES`).
const RUNS: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// The widest range of sums (in values) a group's reachable sums are kept
/// for as a set; past it the constraint keeps bounds only.
const MAX_SPAN: i64 = 1 << 12;
const _: () = assert!(MAX_SPAN >= 64, "a span in a word is narrow");

/// Groups of weighted cells whose sums are all one total, given or not.
///
/// Each propagation bounds every group's sum by its cells' least and
/// greatest values (and, in a group of cells that must all differ with one
/// coefficient, by the least and greatest sums of different values), and
/// where the ranges are narrow it keeps, for each group, the set of sums
/// its cells can still make: the total lies in every group's set, and a
/// value stays in a cell while the group's other cells can make up the rest
/// of some such total.
#[cfg_attr(test, derive(Clone))]
pub(crate) struct Linear {
    /// Every cell read, once.
    cells: Vec<u32>,
    /// The terms (cell, coefficient), group by group.
    terms: Vec<(u32, i64)>,
    /// Each group's terms: `terms[start..end]`, and whether its cells must
    /// all differ and share one coefficient.
    groups: Vec<Group>,
    /// The total, when given.
    total: Option<i64>,
    /// Cells held to one decimal digit (a pill's cells after the first, on
    /// boards past 9×9).
    digits: Vec<u32>,
    /// Whether [`Linear::exact`] may run: one group with a total, of up
    /// to 32 terms.
    exact_ok: bool,
    /// Each term's peers among the terms, as bits (for [`Linear::exact`]),
    /// made at its first run: most puzzles never reach one, and making
    /// them for every derived sum cost janko_killer 2% more instructions.
    near: OnceLock<Vec<u32>>,
}

/// The most open cells [`Linear::exact`] fills by trying their values.
const EXACT: usize = 3;

/// Whether [`Linear::exact`] runs: not in the compact WebAssembly build,
/// for its size (as `search::HOUSES`).
const EXACT_ON: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// One group's terms, and whether their cells must all differ (as peers)
/// with one coefficient.
#[derive(Clone)]
struct Group {
    start: usize,
    end: usize,
    distinct: bool,
    /// With one coefficient, the terms split into runs of cells that are
    /// all peers (`terms[a..b]` each), which hold different values; else empty.
    cliques: Vec<(usize, usize)>,
}

impl Linear {
    /// The groups `groups` of (cell, coefficient), each summing to `total`
    /// when given, else to one total they share. A cell twice in a group
    /// counts with its coefficients added; a group of cells that are all
    /// peers in `m` with one coefficient is known to hold different values.
    pub(crate) fn new<M: Mask>(
        m: &Model<M>,
        groups: Vec<Vec<(u32, i64)>>,
        total: Option<i64>,
    ) -> Self {
        let mut terms = Vec::new();
        let mut out = Vec::new();
        for group in groups {
            let start = terms.len();
            for (cell, coef) in group {
                match terms[start..]
                    .iter_mut()
                    .find(|t: &&mut (u32, i64)| t.0 == cell)
                {
                    Some(t) => t.1 += coef,
                    None => terms.push((cell, coef)),
                }
            }
            // Terms that cancel read nothing.
            let mut kept = start;
            for i in start..terms.len() {
                if terms[i].1 != 0 {
                    terms[kept] = terms[i];
                    kept += 1;
                }
            }
            terms.truncate(kept);
            let cliques = cliques(m, &mut terms[start..], start);
            let distinct = cliques.len() == 1 && terms.len() - start > 1;
            out.push(Group {
                start,
                end: terms.len(),
                distinct,
                cliques,
            });
        }
        let mut cells: Vec<u32> = terms.iter().map(|t| t.0).collect();
        cells.sort_small();
        cells.dedup();
        let exact_ok = EXACT_ON && out.len() == 1 && total.is_some() && terms.len() <= 32;
        Self {
            cells,
            terms,
            groups: out,
            total,
            digits: Vec::new(),
            exact_ok,
            near: OnceLock::new(),
        }
    }

    /// Whether it is one group of cells that must all differ.
    pub(crate) fn is_distinct(&self) -> bool {
        self.groups.len() == 1 && self.groups[0].distinct
    }

    /// The same, with `cells` held to values 1..=9 (a pill's digits after
    /// the first, on boards past 9×9, as the Interactive Sudoku Solver reads them).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn with_digits(mut self, cells: Vec<u32>) -> Self {
        for &c in &cells {
            if !self.cells.contains(&c) {
                self.cells.push(c);
            }
        }
        self.digits = cells;
        self
    }
}

/// With one coefficient, puts `terms` (the group's, from `start` in the
/// whole list) in runs of cells that are all peers and returns the runs;
/// else none. Of first-fit partitions in the given order and in shuffled
/// orders, the one with the greatest sum of squared run sizes is kept: its
/// runs' least sums of different values bound the group tightest (a long
/// line's 32 cells: 80 in line order, 98 at best, which pins a pill's 98).
fn cliques<M: Mask>(m: &Model<M>, terms: &mut [(u32, i64)], start: usize) -> Vec<(usize, usize)> {
    let k = terms.len();
    if k == 0 || terms.iter().any(|t| t.1 != terms[0].1) {
        return Vec::new();
    }
    let mut order: Vec<usize> = (0..k).collect();
    let direct = |i: usize, j: usize| are_peers(m, terms[i].0 as usize, terms[j].0);
    let mut best = first_fit(direct, &order);
    if !RUNS {
        return lay_out(terms, best, start);
    }
    // `peer[i * k + j]`: terms `i` and `j` must differ.
    let peer: Vec<bool> = match shuffles(k) {
        0 => Vec::new(),
        _ => (0..k * k).map(|x| direct(x / k, x % k)).collect(),
    };
    let score = |runs: &[Vec<usize>]| runs.iter().map(|r| r.len() * r.len()).sum::<usize>();
    let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ k as u64;
    for _ in 0..shuffles(k) {
        for i in (1..k).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            order.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let runs = first_fit(|i, j| peer[i * k + j], &order);
        if score(&runs) > score(&best) {
            best = runs;
        }
    }
    lay_out(terms, best, start)
}

/// Puts `terms` in the order of `runs` (indices into them) and returns the
/// runs' places (from `start` in the whole list).
fn lay_out(terms: &mut [(u32, i64)], runs: Vec<Vec<usize>>, start: usize) -> Vec<(usize, usize)> {
    let old: Vec<(u32, i64)> = terms.to_vec();
    let mut out = Vec::with_capacity(runs.len());
    let mut at = 0;
    for run in runs {
        for (j, &i) in run.iter().enumerate() {
            terms[at + j] = old[i];
        }
        out.push((start + at, start + at + run.len()));
        at += run.len();
    }
    out
}

/// How many shuffled orders [`cliques`] tries for a group of `k` cells:
/// none where first fit is already best (three cells or fewer), few where
/// each try costs much.
fn shuffles(k: usize) -> usize {
    match k {
        0..=3 => 0,
        4..=64 => 256,
        65..=256 => 16,
        _ => 0,
    }
}

/// Runs of terms that are all peers (`peer(i, j)`: terms `i` and `j` must
/// differ), each term, taken in `order`, joining the first run it fits.
fn first_fit(peer: impl Fn(usize, usize) -> bool, order: &[usize]) -> Vec<Vec<usize>> {
    let mut runs: Vec<Vec<usize>> = Vec::new();
    for &i in order {
        match runs.iter_mut().find(|run| run.iter().all(|&j| peer(i, j))) {
            Some(run) => run.push(i),
            None => runs.push(vec![i]),
        }
    }
    runs
}

/// Whether cells `a` and `b` must differ.
fn are_peers<M: Mask>(m: &Model<M>, a: usize, b: u32) -> bool {
    m.peers
        .try_each(a, |p| if p == b { Err(()) } else { Ok(()) })
        .is_err()
}

/// The least and greatest of `coef × v` over the values `v` of `cand`.
fn term_range<M: Mask>(cand: M, coef: i64) -> (i64, i64) {
    let (lo, hi) = (cand.first() as i64 + 1, cand.last() as i64 + 1);
    if coef > 0 {
        (coef * lo, coef * hi)
    } else {
        (coef * hi, coef * lo)
    }
}

/// The `k`-th least (or greatest) value of `union`, or `None` when it holds
/// fewer than `k`.
fn nth<M: Mask>(union: M, k: usize, greatest: bool) -> Option<i64> {
    if k == 0 || (union.count() as usize) < k {
        return None;
    }
    let mut m = union;
    for _ in 1..k {
        let i = if greatest { m.last() } else { m.first() };
        m &= !M::bit(i);
    }
    let i = if greatest { m.last() } else { m.first() };
    Some(i as i64 + 1)
}

/// The sum of the `k` least (or greatest) values of `union`, or `None`
/// when it holds fewer than `k`.
fn extreme_sum<M: Mask>(union: M, k: usize, greatest: bool) -> Option<i64> {
    if (union.count() as usize) < k {
        return None;
    }
    let mut m = union;
    let mut sum = 0;
    for _ in 0..k {
        let i = if greatest { m.last() } else { m.first() };
        sum += i as i64 + 1;
        m &= !M::bit(i);
    }
    Some(sum)
}

impl<M: Mask> Constraint<M> for Linear {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        for &c in &self.digits {
            st.restrict(m, c as usize, M::range(0, 8))?;
        }
        // Each group's plain bounds, and the total's, narrowed by the
        // bounds of different values where the cells must differ.
        let (mut t_lo, mut t_hi) = match self.total {
            Some(t) => (t, t),
            None => (i64::MIN, i64::MAX),
        };
        let mut plain = SmallVec::<[(i64, i64); 8]>::new();
        // Each group's least and greatest sums of different values (unweighted).
        let mut distinct = SmallVec::<[(i64, i64); 8]>::new();
        for g in &self.groups {
            let (mut lo, mut hi) = (0i64, 0i64);
            for &(c, coef) in &self.terms[g.start..g.end] {
                let cand = st.cand(c as usize);
                let (a, b) = term_range(cand, coef);
                lo += a;
                hi += b;
            }
            plain.push((lo, hi));
            let (mut dlo, mut dhi) = (lo, hi);
            if !g.cliques.is_empty() {
                // Each run of peers holds different values: its least and
                // greatest sums of different values bound it.
                let coef = self.terms[g.start].1;
                let (mut least, mut most) = (0, 0);
                for &(a, b) in &g.cliques {
                    let union = self.terms[a..b]
                        .iter()
                        .fold(M::EMPTY, |u, &(c, _)| u | st.cand(c as usize));
                    least += extreme_sum(union, b - a, false).ok_or(Contradiction)?;
                    most += extreme_sum(union, b - a, true).ok_or(Contradiction)?;
                }
                if RUNS {
                    distinct.push((least, most));
                }
                let (a, b) = if coef > 0 {
                    (coef * least, coef * most)
                } else {
                    (coef * most, coef * least)
                };
                dlo = dlo.max(a);
                dhi = dhi.min(b);
            }
            t_lo = t_lo.max(dlo);
            t_hi = t_hi.min(dhi);
        }
        if self.groups.is_empty() {
            return Ok(());
        }
        if t_lo > t_hi {
            return Err(Contradiction);
        }
        let narrow = plain.iter().all(|&(lo, hi)| hi - lo < MAX_SPAN);
        // Spans under 64 are narrow too (`MAX_SPAN` is wider).
        let in_a_word = t_hi - t_lo < 64 && plain.iter().all(|&(lo, hi)| hi - lo < 64);
        if in_a_word && !slices_only() {
            self.by_sets_in_a_word(m, st, &plain, t_lo, t_hi)?;
        } else if narrow && t_hi - t_lo < MAX_SPAN {
            self.by_sets(m, st, &plain, t_lo, t_hi)?;
        } else {
            self.by_bounds(m, st, &plain, t_lo, t_hi)?;
        }
        // Last, as the sets read `plain` of the candidates before; the runs'
        // sums from before only loosen what it removes.
        if RUNS && !distinct.is_empty() {
            self.by_runs(m, st, &distinct, t_lo, t_hi)?;
        }
        if EXACT_ON && self.exact_ok && st.exact {
            self.exact(m, st)?;
        }
        Ok(())
    }
}

impl Linear {
    /// Each term's peers among the terms, as bits; empty unless `exact_ok`.
    fn near<M: Mask>(&self, m: &Model<M>) -> &[u32] {
        self.near.get_or_init(|| {
            if !self.exact_ok {
                return Vec::new();
            }
            let terms = &self.terms;
            terms
                .iter()
                .map(|&(a, _)| {
                    terms.iter().enumerate().fold(0, |bits, (j, &(b, _))| {
                        bits | u32::from(a != b && are_peers(m, a as usize, b)) << j
                    })
                })
                .collect()
        })
    }

    /// One group with a total and at most [`EXACT`] open cells, two of them
    /// peers: keeps each open cell's values that the others, different
    /// where they are peers, complete to the total (the sets of sums above
    /// let peers repeat a value; the Interactive Sudoku Solver's `Sum`
    /// does the same on up to three cells).
    fn exact<M: Mask>(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let (mut open, mut k, mut left) = ([0usize; EXACT], 0, self.total.unwrap_or(0));
        for (i, &(c, coef)) in self.terms.iter().enumerate() {
            let cand = st.cand(c as usize);
            if cand.is_single() {
                left -= coef * (cand.first() as i64 + 1);
            } else if k == EXACT {
                return Ok(());
            } else {
                open[k] = i;
                k += 1;
            }
        }
        let near = self.near(m);
        let peers = |a: usize, b: usize| near[open[a]] >> open[b] & 1 != 0;
        if k < 2 || !(0..k).any(|a| (a + 1..k).any(|b| peers(a, b))) {
            return Ok(());
        }
        // Each open cell less the values of its placed peers among the terms.
        let mut bar = [M::EMPTY; EXACT];
        for (a, b) in open.iter().zip(bar.iter_mut()).take(k) {
            let mut seen = near[*a];
            while seen != 0 {
                let cand = st.cand(self.terms[seen.trailing_zeros() as usize].0 as usize);
                seen &= seen - 1;
                if cand.is_single() {
                    *b |= cand;
                }
            }
        }
        let term = |i: usize| {
            let (c, coef) = self.terms[open[i]];
            (c as usize, coef, st.cand(c as usize) & !bar[i])
        };
        // The last open cell's value, given the others' `vals` (as bits).
        let last = |rest: i64, vals: &[usize]| -> Option<usize> {
            let (_, coef, cand) = term(k - 1);
            if rest % coef != 0 {
                return None;
            }
            let v = rest / coef - 1;
            let fits = (0..M::BITS as i64).contains(&v)
                && cand.has(v as usize)
                && (0..k - 1).all(|a| !peers(a, k - 1) || vals[a] != v as usize);
            fits.then_some(v as usize)
        };
        let mut keep = [M::EMPTY; EXACT];
        let mut vals = [0usize; EXACT];
        let (_, c0, cand0) = term(0);
        let mut r0 = cand0;
        while !r0.is_empty() {
            vals[0] = r0.first();
            r0 = r0.without_lowest();
            let rest0 = left - c0 * (vals[0] as i64 + 1);
            if k == 2 {
                if let Some(v) = last(rest0, &vals) {
                    keep[0] |= M::bit(vals[0]);
                    keep[1] |= M::bit(v);
                }
                continue;
            }
            let (_, c1, cand1) = term(1);
            let mut r1 = cand1;
            while !r1.is_empty() {
                vals[1] = r1.first();
                r1 = r1.without_lowest();
                if peers(0, 1) && vals[0] == vals[1] {
                    continue;
                }
                if let Some(v) = last(rest0 - c1 * (vals[1] as i64 + 1), &vals) {
                    keep[0] |= M::bit(vals[0]);
                    keep[1] |= M::bit(vals[1]);
                    keep[2] |= M::bit(v);
                }
            }
        }
        for (i, &kept) in keep.iter().enumerate().take(k) {
            st.restrict(m, self.terms[open[i]].0 as usize, kept)?;
        }
        Ok(())
    }

    /// In each group of runs of peers, whose least and greatest sums of
    /// different values are `distinct` (in order): a cell of a run of `s`
    /// cells whose values' `s`-th least is `u` raises the run's sum by at
    /// least `v - u` when it holds `v > u`, so `v` is at most `u` plus the
    /// room between the least sum and the greatest total; and likewise
    /// down from the `s`-th greatest.
    fn by_runs<M: Mask>(
        &self,
        m: &Model<M>,
        st: &mut State<M>,
        distinct: &[(i64, i64)],
        t_lo: i64,
        t_hi: i64,
    ) -> Result<(), Contradiction> {
        let with_runs = self.groups.iter().filter(|g| !g.cliques.is_empty());
        for (g, &(least, most)) in with_runs.zip(distinct) {
            if g.cliques.iter().all(|&(a, b)| b - a == 1) {
                continue;
            }
            // The group's unweighted sum lies in `x_lo..=x_hi`.
            let coef = self.terms[g.start].1;
            let (x_lo, x_hi) = if coef > 0 {
                (div_ceil(t_lo, coef), div_floor(t_hi, coef))
            } else {
                (div_ceil(t_hi, coef), div_floor(t_lo, coef))
            };
            let (up, down) = (x_hi.saturating_sub(least), most.saturating_sub(x_lo));
            let s_max = g.cliques.iter().map(|&(a, b)| b - a).max().unwrap_or(0) as i64;
            if up >= M::BITS as i64 && down >= M::BITS as i64 || s_max < 2 {
                continue;
            }
            for &(a, b) in &g.cliques {
                let run = &self.terms[a..b];
                let union = run
                    .iter()
                    .fold(M::EMPTY, |u, &(c, _)| u | st.cand(c as usize));
                let (Some(u), Some(w)) = (nth(union, b - a, false), nth(union, b - a, true)) else {
                    return Err(Contradiction);
                };
                let keep = value_range::<M>(w.saturating_sub(down), u.saturating_add(up));
                for &(c, _) in run {
                    st.restrict(m, c as usize, keep)?;
                }
            }
        }
        Ok(())
    }

    /// Keeps each cell's values within what the group's other cells' least
    /// and greatest sums leave for a total in `t_lo..=t_hi`.
    fn by_bounds<M: Mask>(
        &self,
        m: &Model<M>,
        st: &mut State<M>,
        plain: &[(i64, i64)],
        t_lo: i64,
        t_hi: i64,
    ) -> Result<(), Contradiction> {
        for (g, &(lo, hi)) in self.groups.iter().zip(plain) {
            for &(c, coef) in &self.terms[g.start..g.end] {
                let (a, b) = term_range(st.cand(c as usize), coef);
                // This term lies in [t_lo - (hi - b), t_hi - (lo - a)].
                let (least, most) = (t_lo.saturating_sub(hi - b), t_hi.saturating_sub(lo - a));
                let (vlo, vhi) = if coef > 0 {
                    (div_ceil(least, coef), div_floor(most, coef))
                } else {
                    (div_ceil(most, coef), div_floor(least, coef))
                };
                st.restrict(m, c as usize, value_range::<M>(vlo, vhi))?;
            }
        }
        Ok(())
    }

    /// Keeps, for each group, the sums its cells can make, and each value
    /// whose cell can reach, with the group's other cells, a sum every
    /// group can make.
    fn by_sets<M: Mask>(
        &self,
        m: &Model<M>,
        st: &mut State<M>,
        plain: &[(i64, i64)],
        t_lo: i64,
        t_hi: i64,
    ) -> Result<(), Contradiction> {
        let t_bits = (t_hi - t_lo) as usize + 1;
        let t_words = words(t_bits);
        let shape = |&(lo, hi): &(i64, i64)| words((hi - lo) as usize + 1);
        let sets_len: usize = (self.groups.iter().zip(plain))
            .map(|(g, p)| shape(p) * (g.end - g.start + 1))
            .sum();
        let widest = plain.iter().map(shape).max().unwrap_or(0);
        SCRATCH.with_borrow_mut(|scratch| {
            let (buf, leasts) = (&mut scratch.words, &mut scratch.leasts);
            buf.clear();
            buf.resize(2 * t_words + sets_len + 2 * widest, 0);
            leasts.clear();
            let (totals, rest) = buf.split_at_mut(t_words);
            let (seen, rest) = rest.split_at_mut(t_words);
            let (sets, rest) = rest.split_at_mut(sets_len);
            let (need_buf, earlier_buf) = rest.split_at_mut(widest);
            totals.fill(u64::MAX);
            trim(totals, t_bits);
            // Each group's sums, less its least, after each of its cells,
            // laid end to end; and each term's least as they were made (a
            // cell in two groups may lose values in between).
            let mut at = 0;
            for (g, &(lo, hi)) in self.groups.iter().zip(plain) {
                let w = words((hi - lo) as usize + 1);
                let k = g.end - g.start;
                let f = &mut sets[at..at + w * (k + 1)];
                at += w * (k + 1);
                f[0] = 1;
                for (i, &(c, coef)) in self.terms[g.start..g.end].iter().enumerate() {
                    let cand = st.cand(c as usize);
                    let least = term_range(cand, coef).0;
                    leasts.push(least);
                    let (prev, next) = f[i * w..(i + 2) * w].split_at_mut(w);
                    each_value(cand, |v| {
                        or_shifted(next, prev, (coef * v - least) as usize);
                    });
                }
                // Sums the group can make, within the totals' range.
                let made = &f[k * w..];
                seen.fill(0);
                if t_lo >= lo {
                    or_from(seen, made, (t_lo - lo) as usize);
                } else {
                    or_shifted(seen, made, (lo - t_lo) as usize);
                }
                totals
                    .iter_mut()
                    .zip(seen.iter())
                    .for_each(|(t, s)| *t &= s);
            }
            trim(totals, t_bits);
            if totals.iter().all(|&w| w == 0) {
                return Err(Contradiction);
            }
            let mut at = 0;
            for (g, &(lo, hi)) in self.groups.iter().zip(plain) {
                let span = (hi - lo) as usize + 1;
                let w = words(span);
                let k = g.end - g.start;
                let f = &sets[at..at + w * (k + 1)];
                at += w * (k + 1);
                // `need`: the sums (less the group's least) still to be made
                // good after the cell at hand; from the back, the totals.
                let (mut need, mut earlier) = (&mut need_buf[..w], &mut earlier_buf[..w]);
                need.fill(0);
                if t_lo >= lo {
                    or_shifted(need, totals, (t_lo - lo) as usize);
                } else {
                    or_from(need, totals, (lo - t_lo) as usize);
                }
                trim(need, span);
                let terms = &self.terms[g.start..g.end];
                for i in (0..k).rev() {
                    let (c, coef) = terms[i];
                    let (cand, least) = (st.cand(c as usize), leasts[g.start + i]);
                    let prev = &f[i * w..(i + 1) * w];
                    let mut keep = M::EMPTY;
                    earlier.fill(0);
                    each_value(cand, |v| {
                        let s = (coef * v - least) as usize;
                        if meets_shifted(prev, s, need) {
                            keep |= M::bit(v as usize - 1);
                            or_from(earlier, need, s);
                        }
                    });
                    st.restrict(m, c as usize, keep)?;
                    std::mem::swap(&mut need, &mut earlier);
                }
            }
            Ok(())
        })
    }

    /// [`Linear::by_sets`] where every span of sums fits in one word, as
    /// on boards up to 9×9 and most cages: shifts of a `u64` rather than
    /// of slices (record 0039).
    fn by_sets_in_a_word<M: Mask>(
        &self,
        m: &Model<M>,
        st: &mut State<M>,
        plain: &[(i64, i64)],
        t_lo: i64,
        t_hi: i64,
    ) -> Result<(), Contradiction> {
        let mut totals = low_bits(t_hi - t_lo + 1);
        SCRATCH.with_borrow_mut(|scratch| {
            let (made, leasts) = (&mut scratch.words, &mut scratch.leasts);
            made.clear();
            leasts.clear();
            // Each group's sums, less its least, after each of its cells.
            for (g, &(lo, _)) in self.groups.iter().zip(plain) {
                let mut sums = 1u64;
                made.push(sums);
                for &(c, coef) in &self.terms[g.start..g.end] {
                    let cand = st.cand(c as usize);
                    let least = term_range(cand, coef).0;
                    leasts.push(least);
                    let mut next = 0;
                    each_value(cand, |v| next |= shl(sums, coef * v - least));
                    sums = next;
                    made.push(sums);
                }
                totals &= shr(sums, t_lo - lo);
            }
            if totals == 0 {
                return Err(Contradiction);
            }
            // From the back, the sums still to be made good after each cell.
            let mut at = 0;
            for (g, &(lo, hi)) in self.groups.iter().zip(plain) {
                let k = g.end - g.start;
                let sums = &made[at..=at + k];
                at += k + 1;
                let mut need = shl(totals, t_lo - lo) & low_bits(hi - lo + 1);
                for i in (0..k).rev() {
                    let (c, coef) = self.terms[g.start + i];
                    let (cand, least) = (st.cand(c as usize), leasts[g.start + i]);
                    let (mut keep, mut earlier) = (M::EMPTY, 0);
                    each_value(cand, |v| {
                        let s = coef * v - least;
                        if shl(sums[i], s) & need != 0 {
                            keep |= M::bit(v as usize - 1);
                            earlier |= shr(need, s);
                        }
                    });
                    st.restrict(m, c as usize, keep)?;
                    need = earlier;
                }
            }
            Ok(())
        })
    }
}

#[cfg(test)]
thread_local! {
    /// Whether [`Linear::by_sets`] runs where sums fit in a word, for a
    /// test to check one against the other.
    static SLICES_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether a test asks for [`Linear::by_sets`] alone: never outside tests.
fn slices_only() -> bool {
    #[cfg(test)]
    if SLICES_ONLY.get() {
        return true;
    }
    false
}

/// The lowest `bits` bits (up to 64) set.
fn low_bits(bits: i64) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// `word << s` for a shift of any sign, bits past 64 lost.
fn shl(word: u64, s: i64) -> u64 {
    match s {
        0..64 => word << s,
        -63..0 => word >> -s,
        _ => 0,
    }
}

/// `word >> s` for a shift of any sign.
fn shr(word: u64, s: i64) -> u64 {
    shl(word, -s)
}

/// Buffers [`Linear`] reuses from one propagation to the next.
#[derive(Default)]
struct Scratch {
    words: Vec<u64>,
    leasts: Vec<i64>,
}

thread_local! {
    /// This thread's buffers: a propagation runs to its end before the next.
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// Calls `f` on each value (1-based) of `cand`.
fn each_value<M: Mask>(cand: M, mut f: impl FnMut(i64)) {
    let mut c = cand;
    while !c.is_empty() {
        f(c.first() as i64 + 1);
        c = c.without_lowest();
    }
}

/// 64-bit words for `bits` bits.
fn words(bits: usize) -> usize {
    bits.div_ceil(64)
}

/// Clears the bits from `bits` on.
fn trim(set: &mut [u64], bits: usize) {
    for (i, w) in set.iter_mut().enumerate() {
        let lo = i * 64;
        if lo >= bits {
            *w = 0;
        } else if bits - lo < 64 {
            *w &= (1u64 << (bits - lo)) - 1;
        }
    }
}

/// `dst |= src << s` (bit `i` of `src` to bit `i + s`), within `dst`.
fn or_shifted(dst: &mut [u64], src: &[u64], s: usize) {
    let (ws, bs) = (s / 64, s % 64);
    for (i, &w) in src.iter().enumerate() {
        if w == 0 {
            continue;
        }
        if let Some(d) = dst.get_mut(i + ws) {
            *d |= w << bs;
        }
        if bs != 0
            && let Some(d) = dst.get_mut(i + ws + 1)
        {
            *d |= w >> (64 - bs);
        }
    }
}

/// `dst |= src >> s` (bit `i + s` of `src` to bit `i`), within `dst`.
fn or_from(dst: &mut [u64], src: &[u64], s: usize) {
    let (ws, bs) = (s / 64, s % 64);
    for (i, d) in dst.iter_mut().enumerate() {
        let lo = src.get(i + ws).copied().unwrap_or(0);
        let hi = src.get(i + ws + 1).copied().unwrap_or(0);
        *d |= if bs == 0 {
            lo
        } else {
            lo >> bs | hi << (64 - bs)
        };
    }
}

/// Whether `(a << s) & b` is not empty.
fn meets_shifted(a: &[u64], s: usize, b: &[u64]) -> bool {
    let (ws, bs) = (s / 64, s % 64);
    b.iter().enumerate().skip(ws).any(|(j, &w)| {
        let i = j - ws;
        let lo = a.get(i).copied().unwrap_or(0) << bs;
        let carry = if bs != 0 && i > 0 {
            a[i - 1] >> (64 - bs)
        } else {
            0
        };
        w & (lo | carry) != 0
    })
}

/// `a / b` rounded down.
fn div_floor(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `a / b` rounded up.
fn div_ceil(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// The values `lo..=hi` (1-based) as a mask, empty when none is on the board.
fn value_range<M: Mask>(lo: i64, hi: i64) -> M {
    let lo = lo.max(1);
    let hi = hi.min(M::BITS as i64);
    if hi < lo {
        return M::EMPTY;
    }
    M::range(lo as usize - 1, hi as usize - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::propagate::brute::{
        below, domain, exact_when_fixed, model, projection, propagated, rng, sound,
    };

    /// Whether `values` (in the order of `con.cells`) keep every group at
    /// one total, with cells that are peers in `m` apart.
    fn holds(m: &Model<u64>, con: &Linear, values: &[usize]) -> bool {
        let at = |c: u32| values[con.cells.iter().position(|&d| d == c).unwrap()];
        let apart = con.cells.iter().enumerate().all(|(i, &a)| {
            con.cells[i + 1..]
                .iter()
                .all(|&b| !are_peers(m, a as usize, b) || at(a) != at(b))
        });
        let mut totals = con.groups.iter().map(|g| {
            let terms = &con.terms[g.start..g.end];
            terms.iter().map(|&(c, k)| k * at(c) as i64).sum::<i64>()
        });
        let Some(first) = totals.next() else {
            return false;
        };
        apart
            && con.digits.iter().all(|&c| at(c) <= 9)
            && con.total.is_none_or(|t| t == first)
            && totals.all(|t| t == first)
    }

    /// Whether `values` (in the order of `con.cells`) keep every group at
    /// one total, each group of peers all different (what the constraint
    /// checks on its own once its cells are fixed).
    fn holds_fixed(con: &Linear, values: &[usize]) -> bool {
        let at = |c: u32| values[con.cells.iter().position(|&d| d == c).unwrap()];
        let mut totals = con.groups.iter().map(|g| {
            let terms = &con.terms[g.start..g.end];
            let distinct = !g.distinct
                || terms
                    .iter()
                    .enumerate()
                    .all(|(i, a)| terms[i + 1..].iter().all(|b| at(a.0) != at(b.0)));
            distinct.then(|| terms.iter().map(|&(c, k)| k * at(c) as i64).sum::<i64>())
        });
        let Some(Some(first)) = totals.next() else {
            return false;
        };
        con.digits.iter().all(|&c| at(c) <= 9)
            && con.total.is_none_or(|t| t == first)
            && totals.all(|t| t == Some(first))
    }

    /// Random groups on the first two rows of a 6×6 board, a planted value
    /// in each cell, and the total of the first group's planted sum (or none).
    fn random(seed: u64) -> (Linear, Vec<usize>) {
        let m = model(6);
        let mut r = rng(seed);
        let planted: Vec<usize> = (0..12).map(|_| below(&mut r, 6) + 1).collect();
        let coefs = [1, 1, 1, 1, 2, -1, 10, 3];
        let mut groups = Vec::new();
        for _ in 0..1 + below(&mut r, 3) {
            let k = below(&mut r, 4);
            let g: Vec<(u32, i64)> = (0..k)
                .map(|_| (below(&mut r, 12) as u32, coefs[below(&mut r, coefs.len())]))
                .collect();
            groups.push(g);
        }
        let sum = |g: &Vec<(u32, i64)>| -> i64 {
            g.iter().map(|&(c, k)| k * planted[c as usize] as i64).sum()
        };
        let total = (below(&mut r, 2) == 0).then(|| sum(&groups[0]));
        let con = Linear::new(&m, groups, total);
        let values = con.cells.iter().map(|&c| planted[c as usize]).collect();
        (con, values)
    }

    /// `doms` (in the order of `con.cells`) with the value of each single
    /// one taken from its peers, as the houses do.
    fn settled(m: &Model<u64>, con: &Linear, mut doms: Vec<u64>) -> Vec<u64> {
        let mut changed = true;
        while changed {
            changed = false;
            for (a, &ca) in con.cells.iter().enumerate() {
                for (b, &cb) in con.cells.iter().enumerate() {
                    let seen = a != b && are_peers(m, ca as usize, cb);
                    if seen && doms[a].is_single() && doms[b] & doms[a] != 0 {
                        doms[b] &= !doms[a];
                        changed = true;
                    }
                }
            }
        }
        doms
    }

    #[test]
    fn keeps_every_value_of_a_solution() {
        let m = model(6);
        let mut solvable = 0;
        for seed in 0..400 {
            let (con, planted) = random(seed);
            let mut r = rng(seed + 1_000_000);
            let doms: Vec<u64> = planted.iter().map(|&v| domain(&mut r, 6, v, 2)).collect();
            solvable += usize::from(sound(&m, &con, &doms, |v| holds(&m, &con, v)));
            let loose = |g: &Group| g.cliques.iter().all(|&(a, b)| b - a == 1);
            let one = con.groups.len() == 1 && con.total.is_some();
            if one && con.cells.len() <= EXACT {
                // Up to `EXACT` cells: every value left has a solution with
                // peers apart ([`Linear::exact`]).
                let doms = settled(&m, &con, doms);
                let support = projection(&doms, |v| holds(&m, &con, v));
                let kept = propagated(&m, &con, &doms).unwrap_or(vec![0; doms.len()]);
                // Peers left one equal value each: the houses reject them.
                let none = support.iter().all(|&s| s == 0);
                if !(none && kept.iter().all(|k| k.is_single())) {
                    assert_eq!(kept, support, "doms {doms:?}");
                }
            } else if one && loose(&con.groups[0]) {
                // One group of cells that may repeat: every value left has a solution.
                let support = projection(&doms, |v| holds_fixed(&con, v));
                let kept = propagated(&m, &con, &doms);
                assert_eq!(
                    kept.unwrap_or(vec![0; doms.len()]),
                    support,
                    "doms {doms:?}"
                );
            }
        }
        assert!(solvable > 100, "only {solvable} cases had a solution");
    }

    #[test]
    fn sums_in_a_word_prune_as_sums_in_slices() {
        let m = model(6);
        let mut differ = 0;
        for seed in 0..600 {
            let (con, planted) = random(seed);
            let mut r = rng(seed + 3_000_000);
            let doms: Vec<u64> = planted.iter().map(|&v| domain(&mut r, 6, v, 3)).collect();
            let words = propagated(&m, &con, &doms);
            SLICES_ONLY.set(true);
            let slices = propagated(&m, &con, &doms);
            SLICES_ONLY.set(false);
            assert_eq!(words, slices, "seed {seed}, doms {doms:?}");
            differ += usize::from(words.as_ref() != Some(&doms));
        }
        assert!(differ > 100, "only {differ} cases pruned");
    }

    #[test]
    fn fails_exactly_when_fixed_cells_break_it() {
        let m = model(6);
        for seed in 0..150 {
            let (con, planted) = random(seed);
            let mut r = rng(seed + 2_000_000);
            let doms: Vec<u64> = planted.iter().map(|&v| domain(&mut r, 6, v, 4)).collect();
            if doms.iter().map(|d| d.count_ones()).product::<u32>() <= 400 {
                exact_when_fixed(&m, &con, &doms, |v| holds_fixed(&con, v));
            }
        }
    }

    #[test]
    fn a_pill_on_a_big_board_reads_decimal_digits() {
        // 16×16: a pill R1C1-R1C2 over a line R2C1, R2C2, R2C3 (not peers all).
        let m = model(16);
        let pill = vec![(0, 10), (1, 1)];
        let line = vec![(16, -1), (17, -1), (18, -1)];
        let mut groups = vec![pill];
        groups[0].extend(line);
        let con = Linear::new(&m, groups, Some(0)).with_digits(vec![1]);
        let mut r = rng(7);
        let mut solvable = 0;
        for _ in 0..200 {
            let doms: Vec<u64> = con.cells.iter().map(|_| domain(&mut r, 16, 0, 3)).collect();
            solvable += usize::from(sound(&m, &con, &doms, |v| holds(&m, &con, v)));
        }
        assert!(solvable > 20, "only {solvable} cases had a solution");
        // The second digit of 1x is at most 9: 1 and 10 never make 20.
        let at = |c: u32| con.cells.iter().position(|&d| d == c).unwrap();
        let mut values = vec![0; 5];
        values[at(0)] = 1;
        values[at(1)] = 10;
        values[at(16)] = 8;
        values[at(17)] = 6;
        values[at(18)] = 6;
        assert!(crate::engine::variant::propagate::brute::fails_on(
            &m, &con, &values
        ));
        values[at(1)] = 9;
        values[at(18)] = 5;
        assert!(!crate::engine::variant::propagate::brute::fails_on(
            &m, &con, &values
        ));
    }

    #[test]
    fn wide_sums_keep_bounds() {
        // Coefficients wide enough that the sets give way to bounds.
        let m = model(9);
        let con = Linear::new(&m, vec![vec![(0, 1000), (10, 1), (20, -1000)]], Some(1005));
        let mut r = rng(3);
        for _ in 0..200 {
            let doms: Vec<u64> = con.cells.iter().map(|_| domain(&mut r, 9, 0, 2)).collect();
            sound(&m, &con, &doms, |v| holds(&m, &con, v));
        }
        exact_when_fixed(&m, &con, &[0b111, 0b111_1111, 0b11], |v| {
            holds_fixed(&con, v)
        });
    }

    /// A solved 9×9 grid, the same for a seed.
    fn planted_grid(seed: u64) -> Vec<u16> {
        use crate::engine::variant::VariantSolver;
        use crate::model::puzzle::Puzzle;
        use crate::model::rules::Rules;
        let empty = Puzzle::from_cells(Rules::classic(9).unwrap(), &[0; 81]).unwrap();
        let grid = VariantSolver::new().with_seed(seed).solve(&empty);
        grid.solution().unwrap().cells().to_vec()
    }

    /// Long sums of low values planted in a grid (so that their least sums
    /// of different values bind): the runs keep every planted value, with a
    /// positive or a negative coefficient, and they do prune.
    #[test]
    fn long_sums_keep_a_planted_grid() {
        let m = model(9);
        let mut pruned = 0;
        for seed in 0..300 {
            let grid = planted_grid(seed / 10);
            let mut r = rng(seed + 3_000_000);
            let low = 2 + below(&mut r, 4) as u16;
            let mut cells: Vec<u32> = (0..81).filter(|&c| grid[c as usize] <= low).collect();
            for i in (1..cells.len()).rev() {
                cells.swap(i, below(&mut r, i + 1));
            }
            cells.truncate(4 + below(&mut r, 24));
            let sum: i64 = cells.iter().map(|&c| i64::from(grid[c as usize])).sum();
            let coef = if seed % 3 == 0 { -2 } else { 1 };
            let terms = cells.iter().map(|&c| (c, coef)).collect();
            let con = Linear::new(&m, vec![terms], Some(coef * sum));
            let doms: Vec<u64> = con
                .cells
                .iter()
                .map(|&c| {
                    let odds = 1 + below(&mut r, 3);
                    domain(&mut r, 9, usize::from(grid[c as usize]), odds)
                })
                .collect();
            let vals: Vec<u16> = con.cells.iter().map(|&c| grid[c as usize]).collect();
            let kept = propagated(&m, &con, &doms).unwrap_or_else(|| {
                panic!(
                    "seed {seed}: cells {:?} values {vals:?} doms {doms:?} coef {coef} runs {:?}",
                    con.cells, con.groups[0].cliques
                )
            });
            for (i, &c) in con.cells.iter().enumerate() {
                let v = grid[c as usize];
                assert_ne!(kept[i] & 1 << (v - 1), 0, "seed {seed}: cell {c} lost {v}");
                pruned += (doms[i] & !kept[i]).count_ones();
            }
        }
        assert!(pruned > 1000, "only {pruned} values pruned");
    }

    /// A pill arrow whose line's planted values sum to its pill's: every
    /// solution the engine finds keeps the arrow and the houses.
    #[test]
    fn solutions_keep_planted_arrows() {
        use crate::engine::variant::VariantSolver;
        use crate::model::constraint::Constraint as Rule;
        use crate::model::puzzle::Puzzle;
        use crate::model::rules::Rules;
        let mut checked = 0;
        for seed in 0..60u64 {
            let grid = planted_grid(seed);
            let mut r = rng(seed + 4_000_000);
            // A pill of two cells in a row, and a line of other cells whose
            // values sum to its number, smallest values first.
            let a = (below(&mut r, 9) * 9 + below(&mut r, 8)) as u32;
            let pill = [a, a + 1];
            let number = 10 * i64::from(grid[a as usize]) + i64::from(grid[a as usize + 1]);
            let mut rest: Vec<u32> = (0..81).filter(|c| !pill.contains(c)).collect();
            for i in (1..rest.len()).rev() {
                rest.swap(i, below(&mut r, i + 1));
            }
            let (mut line, mut left) = (Vec::new(), number);
            for c in rest {
                let v = i64::from(grid[c as usize]);
                if v <= left && (v <= 3 || left - v == 0) {
                    line.push(c);
                    left -= v;
                }
            }
            if left != 0 || line.len() < 2 {
                continue;
            }
            let arrow = Rule::Arrow {
                circle: pill.to_vec(),
                line: line.clone(),
            };
            let rules = Rules::classic(9).unwrap().with_constraint(arrow).unwrap();
            let givens: Vec<u16> = grid
                .iter()
                .map(|&v| if below(&mut r, 4) == 0 { v } else { 0 })
                .collect();
            let puzzle = Puzzle::from_cells(rules, &givens).unwrap();
            let found = VariantSolver::new().solutions(&puzzle, 3);
            assert!(!found.is_empty(), "seed {seed}: the planted grid solves it");
            for s in &found {
                let v = |c: u32| i64::from(s.cells()[c as usize]);
                assert_eq!(
                    10 * v(pill[0]) + v(pill[1]),
                    line.iter().map(|&c| v(c)).sum::<i64>()
                );
                for h in 0..27 {
                    let cells: Vec<usize> = (0..9)
                        .map(|i| match h / 9 {
                            0 => (h % 9) * 9 + i,
                            1 => i * 9 + h % 9,
                            _ => ((h % 9) / 3 * 3 + i / 3) * 9 + (h % 3) * 3 + i % 3,
                        })
                        .collect();
                    let mut seen = 0u32;
                    cells.iter().for_each(|&c| seen |= 1 << s.cells()[c]);
                    assert_eq!(seen.count_ones(), 9, "seed {seed}: house {h}");
                }
                checked += 1;
            }
        }
        assert!(checked > 20, "only {checked} solutions checked");
    }
}
