//! Sums whose values may repeat (little killers, sums), merged in pairs that share peers into one sum their cells' cliques bound tighter.
//!
//! Two parallel little killers each lose their values' slack to repeats;
//! merged, cells of the two that share a box join one clique, whose
//! different values bound the total far closer. As the Interactive Sudoku
//! Solver's combined sums: each sum is scored by its cliques' room left
//! once its total is placed, and two sums merge only when the merged one
//! scores better than both (or than the two together), best first.

use super::{Constraint, Constraints};
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;
use crate::model::constraint::Constraint as Rule;
use crate::model::rules::Rules;

/// Whether sums are merged: not in the compact WebAssembly build, for its
/// size (as `search::HOUSES`).
pub(crate) const COMBINE: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// The fewest cells of the smaller sum that must see the other for two
/// sums to be worth merging (the Interactive Sudoku Solver's six).
const RELATED: usize = 6;

/// A sum, merged or given: its cells (sorted), total and score.
#[derive(Clone)]
struct Record {
    cells: Vec<u32>,
    total: i64,
    score: i64,
    given: bool,
}

/// The merged sums of `rules`' little killers and sums, as constraints
/// (none when fewer than two are related).
pub(crate) fn combined<M: Mask>(m: &Model<M>, rules: &Rules) -> Constraints<M> {
    let n = rules.size();
    let sums: Vec<(Vec<u32>, i64)> = rules
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Rule::LittleKiller { sum, .. } | Rule::Sum { sum, .. } => {
                Some((c.cells(n), i64::try_from(*sum).ok()?))
            }
            _ => None,
        })
        .collect();
    let mut out: Constraints<M> = Vec::new();
    for (cells, total) in merge(m, sums) {
        let is_peer = |a: u32, b: u32| are_peers(m, a, b);
        let runs = cliques(&is_peer, cells);
        out.push(Box::new(CliqueSum::new(runs, total)));
    }
    out
}

/// Whether cells `a` and `b` must differ.
fn are_peers<M: Mask>(m: &Model<M>, a: u32, b: u32) -> bool {
    m.peers
        .try_each(a as usize, |p| if p == b { Err(()) } else { Ok(()) })
        .is_err()
}

/// `cells` in cliques of peers, greedily: each grows from the cell that
/// sees most of those left, then by the cell that sees most of the rest.
fn cliques(is_peer: &impl Fn(u32, u32) -> bool, cells: Vec<u32>) -> Vec<Vec<u32>> {
    let mut left = cells;
    let mut out = Vec::new();
    while !left.is_empty() {
        let (mut open, mut run) = (left.clone(), Vec::new());
        while !open.is_empty() {
            let sees = |c: u32| open.iter().filter(|&&d| is_peer(c, d)).count();
            let Some(&pick) = open
                .iter()
                .max_by(|&&a, &&b| sees(a).cmp(&sees(b)).then(b.cmp(&a)))
            else {
                break;
            };
            run.push(pick);
            left.retain(|&c| c != pick);
            open.retain(|&c| c != pick && is_peer(pick, c));
        }
        out.push(run);
    }
    out
}

/// A sum of cells in cliques of peers (values may repeat across cliques).
/// Each clique's least sum is the greater of two bounds: its cells' least
/// values made different upwards (each takes the least value above its
/// own least not yet taken), and the least values of their union; the
/// greatest likewise. A cell's value is then at most its clique's top
/// value of the least bound plus the room the total leaves (and the
/// mirror), as the Interactive Sudoku Solver's sums with exclusion groups.
pub(crate) struct CliqueSum {
    cells: Vec<u32>,
    /// Each clique's end in `cells`.
    ends: Vec<usize>,
    total: i64,
}

impl CliqueSum {
    /// The sum of `runs` (cliques of peers) to `total`.
    fn new(runs: Vec<Vec<u32>>, total: i64) -> Self {
        let mut ends = Vec::with_capacity(runs.len());
        let mut cells = Vec::new();
        for run in runs {
            cells.extend(run);
            ends.push(cells.len());
        }
        Self { cells, ends, total }
    }
}

/// One clique's bounds: (least sum, the value its bound rises from less
/// that sum) by each of the two ways, and the same downwards.
struct Run {
    least: i64,
    /// The least over both ways of (top value - least sum by that way).
    rise: i64,
    most: i64,
    /// The greatest over both ways of (bottom value - greatest sum).
    fall: i64,
}

/// The bounds of the clique of `cand`s (`None` when its cells cannot
/// hold different values).
fn run_bounds<M: Mask>(n: usize, cands: impl Iterator<Item = M> + Clone) -> Option<Run> {
    let (mut up, mut down, mut union, mut s) = (M::EMPTY, M::EMPTY, M::EMPTY, 0usize);
    for cand in cands {
        if cand.is_empty() {
            return None;
        }
        union |= cand;
        s += 1;
        let mut j = cand.first();
        while j < n && up.has(j) {
            j += 1;
        }
        let mut k = cand.last();
        while down.has(k) {
            k = k.checked_sub(1)?;
        }
        if j >= n {
            return None;
        }
        up |= M::bit(j);
        down |= M::bit(k);
    }
    if (union.count() as usize) < s {
        return None;
    }
    let sum = |mask: M| {
        let mut t = 0i64;
        let mut rest = mask;
        while !rest.is_empty() {
            t += rest.first() as i64 + 1;
            rest = rest.without_lowest();
        }
        t
    };
    // The s least and s greatest values of the union.
    let (mut low, mut high, mut rest) = (M::EMPTY, M::EMPTY, union);
    for _ in 0..s {
        low |= rest.lowest();
        rest = rest.without_lowest();
    }
    let mut rest = union;
    for _ in 0..s {
        let top = M::bit(rest.last());
        high |= top;
        rest &= !top;
    }
    let (g_least, u_least) = (sum(up), sum(low));
    let (g_most, u_most) = (sum(down), sum(high));
    let rise = (up.last() as i64 + 1 - g_least).min(low.last() as i64 + 1 - u_least);
    let fall = (down.first() as i64 + 1 - g_most).max(high.first() as i64 + 1 - u_most);
    Some(Run {
        least: g_least.max(u_least),
        rise,
        most: g_most.min(u_most),
        fall,
    })
}

impl<M: Mask> Constraint<M> for CliqueSum {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let mut runs = Vec::with_capacity(self.ends.len());
        let mut start = 0;
        for &end in &self.ends {
            let cands = self.cells[start..end].iter().map(|&c| st.cand(c as usize));
            runs.push(run_bounds(m.n, cands).ok_or(Contradiction)?);
            start = end;
        }
        let least: i64 = runs.iter().map(|r| r.least).sum();
        let most: i64 = runs.iter().map(|r| r.most).sum();
        if least > self.total || most < self.total {
            return Err(Contradiction);
        }
        let mut start = 0;
        for (r, &end) in runs.iter().zip(&self.ends) {
            // Values from `lo` to `hi` (1-based) keep the total within reach.
            let hi = r.rise + self.total - least + r.least;
            let lo = r.fall + self.total - most + r.most;
            if lo > 1 || hi < m.n as i64 {
                let (lo, hi) = (lo.max(1), hi.min(m.n as i64));
                if lo > hi {
                    return Err(Contradiction);
                }
                let keep = M::range(lo as usize - 1, hi as usize - 1);
                for &c in &self.cells[start..end] {
                    st.restrict(m, c as usize, keep)?;
                }
            }
            start = end;
        }
        Ok(())
    }
}

/// The merged sums (cells, total) of `sums`, greedily best first, each
/// better than the two it joins; the given sums themselves are left out.
fn merge<M: Mask>(m: &Model<M>, sums: Vec<(Vec<u32>, i64)>) -> Vec<(Vec<u32>, i64)> {
    if sums.len() < 2 {
        return Vec::new();
    }
    let peers = |a: u32| {
        let mut p = Vec::new();
        m.peers.each(a as usize, |d| p.push(d));
        p.sort_unstable();
        p
    };
    let mut seen = vec![Vec::new(); m.cells];
    for (cells, _) in &sums {
        for &c in cells {
            if seen[c as usize].is_empty() {
                seen[c as usize] = peers(c);
            }
        }
    }
    let is_peer = |a: u32, b: u32| seen[a as usize].binary_search(&b).is_ok();
    let mut active: Vec<Option<Record>> = Vec::new();
    for (mut cells, total) in sums {
        cells.sort_unstable();
        cells.dedup();
        let known = active.iter().flatten().any(|r| r.cells == cells);
        if let (false, Some(r)) = (known, record(m.n, &is_peer, cells, total, true)) {
            active.push(Some(r));
        }
    }
    // Candidate merges: (indices of the two, the merged record).
    let mut candidates: Vec<(usize, usize, Record)> = Vec::new();
    let consider = |active: &[Option<Record>], i: usize, j: usize| -> Option<Record> {
        let (a, b) = (active[i].as_ref()?, active[j].as_ref()?);
        if !related(&is_peer, a, b) {
            return None;
        }
        let mut cells = [a.cells.as_slice(), b.cells.as_slice()].concat();
        cells.sort_unstable();
        if active.iter().flatten().any(|r| r.cells == cells) {
            return None;
        }
        let c = record(m.n, &is_peer, cells, a.total + b.total, false)?;
        let better = c.score > a.score && c.score > b.score;
        (better || c.score > a.score + b.score).then_some(c)
    };
    for i in 0..active.len() {
        for j in i + 1..active.len() {
            if let Some(c) = consider(&active, i, j) {
                candidates.push((i, j, c));
            }
        }
    }
    loop {
        // Drop the merges whose parts are gone, then take the best.
        candidates.retain(|(i, j, c)| {
            active[*i].is_some()
                && active[*j].is_some()
                && !active.iter().flatten().any(|r| r.cells == c.cells)
        });
        let Some(best) = (0..candidates.len()).max_by(|&x, &y| {
            let (a, b) = (&candidates[x].2, &candidates[y].2);
            (a.score, &a.cells).cmp(&(b.score, &b.cells))
        }) else {
            break;
        };
        let (i, j, merged) = candidates.swap_remove(best);
        active[i] = None;
        active[j] = None;
        active.push(Some(merged));
        let k = active.len() - 1;
        for o in 0..k {
            if let Some(c) = consider(&active, o, k) {
                candidates.push((o, k, c));
            }
        }
    }
    active
        .into_iter()
        .flatten()
        .filter(|r| !r.given && r.score > 0)
        .map(|r| (r.cells, r.total))
        .collect()
}

/// Whether `a` and `b` share no cell and at least [`RELATED`] cells of the
/// smaller see a cell of the larger.
fn related(is_peer: &impl Fn(u32, u32) -> bool, a: &Record, b: &Record) -> bool {
    let (small, big) = if a.cells.len() < b.cells.len() {
        (a, b)
    } else {
        (b, a)
    };
    if small.cells.len() < RELATED || small.cells.iter().any(|c| big.cells.contains(c)) {
        return false;
    }
    let seeing = small
        .cells
        .iter()
        .filter(|&&c| big.cells.iter().any(|&d| is_peer(c, d)));
    seeing.count() >= RELATED
}

/// The record of a sum of `cells` to `total` on a board of `n` values:
/// its cells in cliques (greedily, the cell seeing most others first), and
/// the score: each clique's room for its values less the sum's slack (the
/// nearer of the total to its least or greatest). `None` when no values
/// of the cliques make the total.
fn record(
    n: usize,
    is_peer: &impl Fn(u32, u32) -> bool,
    cells: Vec<u32>,
    total: i64,
    given: bool,
) -> Option<Record> {
    let n = n as i64;
    let (mut least, mut room, mut groups) = (0i64, 0i64, 0i64);
    for run in cliques(is_peer, cells.clone()) {
        let size = run.len() as i64;
        least += size * (size + 1) / 2;
        room += (n - size).max(0) * size;
        groups += 1;
    }
    if total < least || total > least + room {
        return None;
    }
    let slack = (total - least).min(least + room - total);
    Some(Record {
        cells,
        total,
        score: room - groups * slack,
        given,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::VariantSolver;
    use crate::engine::variant::propagate::brute::{below, domain, model, rng, sound};
    use crate::model::puzzle::Puzzle;

    /// A solved N×N grid, drawn by `seed`.
    fn grid(n: usize, seed: u64) -> Vec<u16> {
        let empty = Puzzle::from_cells(Rules::classic(n).unwrap(), &vec![0; n * n]).unwrap();
        let solved = VariantSolver::new().with_seed(seed).solve(&empty);
        solved.solution().unwrap().cells().to_vec()
    }

    /// Six cells of a planted 6×6 grid and their sum (one more, now and
    /// then): every value some filling of the domains uses (peers
    /// different, the sum kept) stays, the planted values among them, and
    /// the sum fails only when no filling holds.
    #[test]
    fn clique_sums_keep_every_supported_value() {
        let m = model(6);
        let (mut solvable, mut pruned) = (0, 0);
        for seed in 0..400 {
            let mut r = rng(seed + 7_000_000);
            let g = grid(6, seed % 20 + 1);
            let mut cells: Vec<u32> = Vec::new();
            while cells.len() < 6 {
                let c = below(&mut r, 36) as u32;
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
            let planted: Vec<usize> = cells.iter().map(|&c| usize::from(g[c as usize])).collect();
            let total = planted.iter().sum::<usize>() as i64 + i64::from(seed % 7 == 0);
            let is_peer = |a: u32, b: u32| are_peers(&m, a, b);
            let con = CliqueSum::new(cliques(&is_peer, cells), total);
            // The domains in the order of the constraint's cells.
            let order = con.cells.clone();
            let value = |c: u32| usize::from(g[c as usize]);
            let doms: Vec<u64> = order
                .iter()
                .map(|&c| domain(&mut r, 6, value(c), 3))
                .collect();
            let holds = |v: &[usize]| {
                v.iter().sum::<usize>() as i64 == total
                    && (0..v.len()).all(|i| {
                        (i + 1..v.len()).all(|j| v[i] != v[j] || !is_peer(order[i], order[j]))
                    })
            };
            solvable += usize::from(sound(&m, &con, &doms, holds));
            let kept = crate::engine::variant::propagate::brute::propagated(&m, &con, &doms);
            pruned += usize::from(kept.is_none_or(|k| k != doms));
        }
        assert!(solvable > 250, "only {solvable} cases had a solution");
        assert!(pruned > 100, "pruned in only {pruned} cases");
    }

    /// Sums planted on a 9×9 grid (the cells holding 9 in rows 1-6, those
    /// holding 8, 7 and 6 there, each set one sum) merge, and every solution
    /// found keeps every rule; the planted grid is one of them.
    #[test]
    fn merged_sums_keep_a_planted_grid() {
        let mut merged = 0;
        for seed in 1..=12u64 {
            let g = grid(9, seed);
            let mut rules = Rules::classic(9).unwrap();
            for v in [9u16, 8, 7, 6] {
                let cells: Vec<u32> = (0..54).filter(|&c| g[c as usize] == v).collect();
                let sum = u64::from(v) * cells.len() as u64;
                rules = rules.with_constraint(Rule::Sum { cells, sum }).unwrap();
            }
            let m: Model<u64> = Model::new(&rules);
            merged += combined(&m, &rules).len();
            // Some of the grid given, so the count ends quickly.
            let givens: Vec<u16> = (0..81)
                .map(|c| {
                    if (c * 7 + seed as usize).is_multiple_of(3) {
                        g[c]
                    } else {
                        0
                    }
                })
                .collect();
            let puzzle = Puzzle::from_cells(rules.clone(), &givens).unwrap();
            let mut solver = VariantSolver::new();
            let (count, first) = solver.count_and_solve(&puzzle, 2);
            let first = first.expect("the planted grid solves it");
            let cells = first.cells();
            assert!(rules.check(cells).is_ok(), "seed {seed}: a rule broken");
            if count == crate::engine::outcome::Count::Exact(1) {
                assert_eq!(cells, &g[..], "seed {seed}");
            }
        }
        assert!(merged >= 12, "only {merged} merged sums");
    }
}
