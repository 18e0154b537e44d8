//! Killer cages in the learning search: each cage's sum as the value sets that fill it, with the literals that explain each removal (record 0031).

use super::{Cdcl, Reason};
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::propagate::derived_sums;
use crate::model::rules::Rules;

/// The most value sets a cage may list; a killer with a cage of more does
/// not go to learning.
const MAX_COMBOS: usize = 1 << 12;

/// A killer cage: its cells (which differ, as peers) and the value sets
/// (bit `v` for value `v + 1`) of its size whose values reach its sum.
struct Cage {
    cells: Vec<u32>,
    combos: Vec<u64>,
}

/// The sums of a killer's cages, their work queue, and the explanations
/// of what they forced, laid end to end (a length, then the true literals
/// that forced it), in trail order.
#[derive(Default)]
pub(super) struct Sums {
    cages: Vec<Cage>,
    /// Each cell's cages, laid end to end.
    of: Vec<u32>,
    of_at: Vec<u32>,
    /// Cages to run, and whether each is queued.
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// The next trail literal whose cages are to be queued.
    head: usize,
    /// The explanations, each at the `u32` a [`Reason::Sum`] names.
    expl: Vec<u32>,
    /// Scratch: per variable, the pass that last put it in an explanation,
    /// and per value set, why it is ruled out now.
    stamp: Vec<u32>,
    pass: u32,
    kill: Vec<u32>,
}

/// A value set not ruled out.
const LIVE: u32 = u32::MAX;

/// A killer's sums as learning holds them (see [`killer_cages`]), and how
/// many of the facts the plain search derives from them it leaves out.
pub(crate) struct KillerSums {
    /// The cages' sums, then the derived sums learning holds, as (cells,
    /// sum).
    pub(crate) cages: Vec<(Vec<u32>, u64)>,
    /// The sums and differences the rule of 45 derives (as
    /// `propagate::compile` does).
    derived: usize,
    /// Of those, the ones learning leaves out: differences, and sums of
    /// cells that may repeat or of too many value sets.
    left_out: usize,
}

impl KillerSums {
    /// Whether learning holds at least half the derived facts: on
    /// MATHEMAGIC's killers it holds 3 of 31 and gives up on all 14,
    /// where the plain search alone answers them (record 0031).
    pub(crate) fn holds_most(&self) -> bool {
        2 * self.left_out <= self.derived
    }
}

/// The sum cages of `rules` as (cells, sum) when it is a killer the
/// learning search takes: houses, chess moves and cages only (no other
/// constraint), a cage with a sum at least, and no cage of more than
/// [`MAX_COMBOS`] value sets. After them, the sums of cells that differ
/// which the rule of 45 derives from them (as `propagate::compile` does),
/// of few enough value sets.
pub(crate) fn killer_cages<M: Mask>(rules: &Rules, m: &Model<M>) -> Option<KillerSums> {
    if !is_killer(rules) {
        return None;
    }
    let mut cages: Vec<(Vec<u32>, u64)> = rules
        .cages()
        .iter()
        .filter_map(|c| Some((c.cells().to_vec(), c.sum()?)))
        .collect();
    let small = cages
        .iter()
        .all(|(cells, sum)| combos(rules.size(), cells.len(), *sum).is_some());
    if cages.is_empty() || !small {
        return None;
    }
    let houses = (0..m.house_count()).map(|h| m.house(h));
    let (sums, differences) = derived_sums(rules, houses);
    let derived = sums.len() + differences.len();
    let mut left_out = differences.len();
    let mut mark = vec![u32::MAX; m.cells];
    for (cells, sum) in sums {
        // `mark[d] == a`: cell `d` must differ from cell `a`.
        let distinct = cells.iter().enumerate().all(|(i, &a)| {
            m.peers.each(a as usize, |d| mark[d as usize] = a);
            cells[i + 1..].iter().all(|&b| mark[b as usize] == a)
        });
        if distinct && combos(rules.size(), cells.len(), sum).is_some() {
            cages.push((cells, sum));
        } else {
            left_out += 1;
        }
    }
    Some(KillerSums {
        cages,
        derived,
        left_out,
    })
}

/// Whether `rules` may be a killer [`killer_cages`] takes: houses, chess
/// moves and cages alone, a cage with a sum, up to 64×64 (cheap to ask).
pub(crate) fn is_killer(rules: &Rules) -> bool {
    rules.constraints().is_empty()
        && rules.size() <= 64
        && rules.cages().iter().any(|c| c.sum().is_some())
}

/// The sets of `k` different values of `1..=n` that sum to `sum` (bit
/// `v` for value `v + 1`), or `None` past [`MAX_COMBOS`].
fn combos(n: usize, k: usize, sum: u64) -> Option<Vec<u64>> {
    /// Adds the sets that take `k` more values from `from..n` (0-based)
    /// summing to `left` (1-based) to `set`; false past the cap.
    fn go(n: usize, from: usize, k: usize, left: u64, set: u64, out: &mut Vec<u64>) -> bool {
        if k == 0 {
            if left == 0 {
                out.push(set);
            }
            return out.len() <= MAX_COMBOS;
        }
        for v in from..n {
            let least = (k as u64) * (v as u64 + 1) + (k as u64 * (k as u64 - 1)) / 2;
            if least > left {
                break;
            }
            if !go(n, v + 1, k - 1, left - (v as u64 + 1), set | 1 << v, out) {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    go(n, 0, k, sum, 0, &mut out).then_some(out)
}

impl Cdcl {
    /// Adds the sums of `cages` (as [`killer_cages`] gives them) to the
    /// search; false when one cannot be met at all (no solution).
    pub(in crate::engine::variant) fn with_sums(&mut self, cages: &[(Vec<u32>, u64)]) -> bool {
        // Cage cells are board cells: every cell must be held.
        debug_assert!(self.board.is_empty(), "sums on a search without givens");
        let cells = self.cand.len();
        let mut lists = vec![Vec::new(); cells];
        for (i, (own, sum)) in cages.iter().enumerate() {
            let combos = combos(self.n, own.len(), *sum).unwrap_or_default();
            if combos.is_empty() {
                return false;
            }
            own.iter().for_each(|&c| lists[c as usize].push(i as u32));
            self.sums.cages.push(Cage {
                cells: own.clone(),
                combos,
            });
        }
        let s = &mut self.sums;
        s.of_at = vec![0];
        for l in &lists {
            s.of.extend_from_slice(l);
            s.of_at.push(s.of.len() as u32);
        }
        s.queued = vec![true; cages.len()];
        s.queue = (0..cages.len() as u32).collect();
        s.stamp = vec![0; self.val.len()];
        true
    }

    /// Runs the queued cages (those whose cells changed since) until one
    /// forces something or fails: `Some(true)` when it forced literals (the
    /// rules propagate them first), `Some(false)` on a conflict (its true
    /// literals in `conflict`), `None` when every cage holds.
    pub(super) fn sums_step(&mut self) -> Option<bool> {
        if self.sums.cages.is_empty() {
            return None;
        }
        let n = self.n;
        while self.sums.head < self.trail.len() {
            let c = (self.trail[self.sums.head] >> 1) as usize / n;
            self.sums.head += 1;
            let s = &mut self.sums;
            for &k in &s.of[s.of_at[c] as usize..s.of_at[c + 1] as usize] {
                if !s.queued[k as usize] {
                    s.queued[k as usize] = true;
                    s.queue.push(k);
                }
            }
        }
        while let Some(k) = self.sums.queue.pop() {
            self.sums.queued[k as usize] = false;
            let before = self.trail.len();
            if !self.run_cage(k as usize) {
                return Some(false);
            }
            if self.trail.len() > before {
                return Some(true);
            }
        }
        None
    }

    /// Forgets the queue and the explanations of the trail's literals from
    /// `to` on, before they are undone.
    pub(super) fn sums_cancel(&mut self, to: usize) {
        if self.sums.cages.is_empty() {
            return;
        }
        let s = &mut self.sums;
        for &k in &s.queue {
            s.queued[k as usize] = false;
        }
        s.queue.clear();
        s.head = s.head.min(to);
        let first = self.trail[to..]
            .iter()
            .find_map(|&l| match self.reason[(l >> 1) as usize] {
                Reason::Sum(at) => Some(at as usize),
                _ => None,
            });
        if let Some(at) = first {
            s.expl.truncate(at);
        }
    }

    /// The true literals that forced a literal for a cage's sum.
    pub(super) fn sum_reason(&self, at: u32) -> &[u32] {
        let at = at as usize;
        &self.sums.expl[at + 2..at + 2 + self.sums.expl[at] as usize]
    }

    /// Why value set `j` of cage `k` is ruled out, as `kill` holds it:
    /// value `v` (below 64) has no cell left in the cage, or the cage's
    /// `i`-th cell (64 + i) has none of its values left.
    fn kill_lits(&self, k: usize, j: usize, out: &mut Vec<u32>) {
        let n = self.n;
        let cage = &self.sums.cages[k];
        let why = self.sums.kill[j] as usize;
        if why < 64 {
            out.extend(
                cage.cells
                    .iter()
                    .map(|&c| 2 * (c as usize * n + why) as u32 + 1),
            );
        } else {
            let c = cage.cells[why - 64] as usize;
            let mut set = cage.combos[j];
            while set != 0 {
                let v = set.trailing_zeros() as usize;
                set &= set - 1;
                out.push(2 * (c * n + v) as u32 + 1);
            }
        }
    }

    /// Cage `k`'s sum: its value sets not ruled out, a value in none of
    /// them leaves the cage, a value in all of them with one place left
    /// goes there; false on a conflict (none left).
    fn run_cage(&mut self, k: usize) -> bool {
        let n = self.n;
        let cage = &self.sums.cages[k];
        let cells = &cage.cells;
        let union = cells.iter().fold(0u64, |u, &c| u | self.cand[c as usize]);
        let (mut allowed, mut required) = (0u64, u64::MAX);
        let mut kill = std::mem::take(&mut self.sums.kill);
        kill.clear();
        for &set in &cage.combos {
            let missing = set & !union;
            let why = if missing != 0 {
                missing.trailing_zeros()
            } else if let Some(i) = cells.iter().position(|&c| self.cand[c as usize] & set == 0) {
                64 + i as u32
            } else {
                allowed |= set;
                required &= set;
                LIVE
            };
            kill.push(why);
        }
        self.sums.kill = kill;
        if allowed == 0 {
            // Every value set is ruled out: a conflict.
            let mut lits = Vec::new();
            self.explain(k, u64::MAX, true, &mut lits);
            self.conflict.clear();
            self.conflict.extend(lits);
            return false;
        }
        let size = self.sums.cages[k].cells.len();
        let cell = |s: &Self, i: usize| s.sums.cages[k].cells[i] as usize;
        let mut lits = Vec::new();
        // Values in no value set left leave the cage's cells.
        let mut out = union & !allowed;
        while out != 0 {
            let v = out.trailing_zeros() as usize;
            out &= out - 1;
            lits.clear();
            self.explain(k, 1 << v, true, &mut lits);
            for i in 0..size {
                let x = cell(self, i) * n + v;
                if self.val[x] == 0 {
                    let at = self.push_expl(k, &lits);
                    self.enqueue(2 * x as u32 + 1, Reason::Sum(at));
                } else if self.val[x] == 1 {
                    // Placed, yet in no value set: `explain` said so.
                    lits.push(2 * x as u32);
                    self.conflict.clear();
                    self.conflict.extend(lits.iter().copied());
                    return false;
                }
            }
        }
        // Values every set holds, with one place left in the cage, go there.
        let mut must = required & allowed;
        while must != 0 {
            let v = must.trailing_zeros() as usize;
            must &= must - 1;
            let mut places = (0..size).filter(|&i| self.cand[cell(self, i)] >> v & 1 != 0);
            let (Some(i), None) = (places.next(), places.next()) else {
                continue;
            };
            let x = cell(self, i) * n + v;
            if self.val[x] != 0 {
                continue;
            }
            lits.clear();
            self.explain(k, 1 << v, false, &mut lits);
            for d in (0..size).filter(|&d| d != i) {
                lits.push(2 * (cell(self, d) * n + v) as u32 + 1);
            }
            let at = self.push_expl(k, &lits);
            self.enqueue(2 * x as u32, Reason::Sum(at));
        }
        true
    }

    /// Pushes to `out` (without repeats) why each ruled-out value set of
    /// cage `k` that holds a value of `values` (`with`), or holds none of
    /// them (not `with`), is out.
    fn explain(&mut self, k: usize, values: u64, with: bool, out: &mut Vec<u32>) {
        self.sums.pass = self.sums.pass.wrapping_add(1);
        if self.sums.pass == 0 {
            self.sums.stamp.fill(0);
            self.sums.pass = 1;
        }
        let mut buf = Vec::new();
        for j in 0..self.sums.kill.len() {
            let set = self.sums.cages[k].combos[j];
            if self.sums.kill[j] == LIVE || (set & values != 0) != with {
                continue;
            }
            buf.clear();
            self.kill_lits(k, j, &mut buf);
            for &l in &buf {
                let x = (l >> 1) as usize;
                if self.sums.stamp[x] != self.sums.pass {
                    self.sums.stamp[x] = self.sums.pass;
                    out.push(l);
                }
            }
        }
    }

    /// Stores cage `k`'s explanation `lits`, returning where
    /// [`Cdcl::sum_reason`] reads it.
    fn push_expl(&mut self, k: usize, lits: &[u32]) -> u32 {
        let at = self.sums.expl.len() as u32;
        self.sums.expl.extend([lits.len() as u32, k as u32]);
        self.sums.expl.extend_from_slice(lits);
        at
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Answer, Cdcl, Reason};
    use super::killer_cages;
    use crate::engine::limits::Meter;
    use crate::engine::outcome::Count;
    use crate::engine::reference::Reference;
    use crate::engine::stats::Stats;
    use crate::engine::variant::mask::Mask;
    use crate::engine::variant::model::Model;
    use crate::engine::variant::propagate::compile;
    use crate::engine::variant::search::{Learned, Search};
    use crate::engine::variant::state::State;
    use crate::model::puzzle::Puzzle;
    use crate::model::rules::Rules;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};
    use std::sync::Arc;

    /// A random killer of 4×4 or 6×6 boxes (a diagonal at times): random
    /// connected cages of one to four cells over a planted grid with its
    /// values relabelled, their sums from it, and up to three givens.
    fn killer(rng: &mut ChaCha8Rng) -> (Rules, Vec<u16>) {
        let mut rules = if rng.next_u64().is_multiple_of(2) {
            Rules::boxes(2, 2).unwrap()
        } else {
            Rules::boxes(2, 3).unwrap()
        };
        if rng.next_u64().is_multiple_of(3) {
            rules = rules.with_diagonal(false);
        }
        let n = rules.size();
        let empty = Puzzle::from_cells(rules.clone(), &vec![0; n * n]).unwrap();
        let grid = Reference::new().solve_variant(&empty).solution().unwrap();
        let mut relabel: Vec<u16> = (1..=n as u16).collect();
        for i in (1..n).rev() {
            relabel.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        let values: Vec<u16> = grid
            .cells()
            .iter()
            .map(|&v| relabel[usize::from(v) - 1])
            .collect();
        let mut owner = vec![false; n * n];
        for start in 0..n * n {
            if owner[start] || rng.next_u64().is_multiple_of(3) {
                continue;
            }
            let mut cage = vec![start];
            owner[start] = true;
            let want = 1 + (rng.next_u64() % 4) as usize;
            while cage.len() < want {
                let c = cage[(rng.next_u64() % cage.len() as u64) as usize];
                let (r, col) = (c / n, c % n);
                let next = [(r + 1, col), (r, col + 1), (r.wrapping_sub(1), col)];
                let (r, col) = next[(rng.next_u64() % 3) as usize];
                if r >= n || col >= n {
                    break;
                }
                let d = r * n + col;
                if owner[d] || cage.iter().any(|&e| values[e] == values[d]) {
                    break;
                }
                owner[d] = true;
                cage.push(d);
            }
            let sum = cage.iter().map(|&c| u64::from(values[c])).sum();
            let cells: Vec<(usize, usize)> = cage.iter().map(|&c| (c / n, c % n)).collect();
            rules = rules.with_cage(&cells, Some(sum)).unwrap();
        }
        let mut givens = vec![0u16; n * n];
        for _ in 0..rng.next_u64() % 4 {
            let c = (rng.next_u64() % (n * n) as u64) as usize;
            givens[c] = values[c];
        }
        (rules, givens)
    }

    impl Cdcl {
        /// Checks every literal on the trail that a sum forced: its
        /// explanation's literals are all true and set before it, and they
        /// alone (with the cage) force it: no way to fill the cage that
        /// keeps them makes it false. Returns how many were checked.
        fn audit(&self, cages: &[(Vec<u32>, u64)]) -> usize {
            let n = self.n;
            let mut checked = 0;
            for (at, &lit) in self.trail.iter().enumerate() {
                let x = (lit >> 1) as usize;
                let Reason::Sum(e) = self.reason[x] else {
                    continue;
                };
                let why = self.sum_reason(e);
                for &l in why {
                    assert_eq!(self.value(l), 1, "an explanation's literal is not true");
                    let before = self.trail[..at].contains(&l);
                    assert!(
                        before,
                        "an explanation's literal comes after what it forced"
                    );
                }
                let c = (x / n) as u32;
                let (cells, sum) = &cages[self.sums.expl[e as usize + 1] as usize];
                // Each cage cell's values the explanation leaves.
                let mut dom: Vec<u64> = vec![(1u64 << n) - 1; cells.len()];
                for &l in why {
                    let (d, v) = ((l >> 1) as usize / n, (l >> 1) as usize % n);
                    if let Some(i) = cells.iter().position(|&e| e as usize == d) {
                        if l & 1 == 0 {
                            dom[i] = 1 << v;
                        } else {
                            dom[i] &= !(1 << v);
                        }
                    }
                }
                let i = cells.iter().position(|&e| e == c).unwrap();
                let mut pick = vec![0usize; cells.len()];
                let broken = fill(&dom, *sum, 0, 0, &mut pick, &mut |pick| {
                    let holds = pick[i] == x % n;
                    holds != (lit & 1 == 0)
                });
                assert!(!broken, "an explanation that does not force its literal");
                checked += 1;
            }
            checked
        }
    }

    /// Whether some filling of the cage from domains `dom` with different
    /// values summing to `sum` (cells `i..` left to fill) makes `bad` true.
    fn fill(
        dom: &[u64],
        sum: u64,
        i: usize,
        used: u64,
        pick: &mut Vec<usize>,
        bad: &mut impl FnMut(&[usize]) -> bool,
    ) -> bool {
        if i == dom.len() {
            return sum == 0 && bad(pick);
        }
        let mut left = dom[i] & !used;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            if (v as u64) < sum {
                pick[i] = v;
                if fill(dom, sum - v as u64 - 1, i + 1, used | 1 << v, pick, bad) {
                    return true;
                }
            }
        }
        false
    }

    /// Every literal a cage's sum forces is explained by true literals set
    /// before it that force it on their own; and every solution enumerated
    /// by learning (a blocking clause after each) keeps every rule, as many
    /// as the reference counts: so no explanation nor learned clause cut one.
    #[test]
    fn killers_by_learning_keep_every_solution() {
        let mut rng = ChaCha8Rng::seed_from_u64(0xca6e);
        let (mut puzzles, mut audited, mut conflicts) = (0, 0, 0);
        for _ in 0..150 {
            let (rules, givens) = killer(&mut rng);
            let m = Model::<u64>::new(&rules);
            let cages = killer_cages(&rules, &m).unwrap().cages;
            let puzzle = Puzzle::from_cells(rules.clone(), &givens).unwrap();
            let Count::Exact(want) = Reference::new().count_variant(&puzzle, 41) else {
                continue;
            };
            let mut cdcl = Cdcl::new(&m, &givens, 0);
            let mut found: Vec<Vec<u16>> = Vec::new();
            let mut stats = Stats::default();
            if cdcl.with_sums(&cages) {
                loop {
                    // One decision at a time, auditing the trail after each.
                    let mut limits = Meter::new(stats.guesses + 1, None, 1);
                    match cdcl.solve(&mut limits, &mut stats) {
                        Answer::Budget => {
                            audited += cdcl.audit(&cages);
                        }
                        Answer::None => break,
                        Answer::Solved(values) => {
                            audited += cdcl.audit(&cages);
                            assert!(rules.check(&values).is_ok(), "a solution breaks a rule");
                            assert!(values.iter().zip(&givens).all(|(v, g)| *g == 0 || v == g));
                            assert!(!found.contains(&values), "a solution shown twice");
                            found.push(values.clone());
                            if !cdcl.block(&values) {
                                break;
                            }
                        }
                    }
                }
            }
            assert_eq!(found.len(), want, "{givens:?} on {rules:?}");
            puzzles += 1;
            conflicts += stats.backtracks;
        }
        assert!(
            puzzles >= 100 && audited >= 1000 && conflicts >= 100,
            "{puzzles} puzzles, {audited} forced literals, {conflicts} conflicts"
        );
    }

    /// The search's route (the knob [`Learned::handoff`] at 0 to 3 guesses
    /// of the plain search first) counts small killers to two as the
    /// reference does, and each solution keeps every rule.
    #[test]
    fn the_killer_route_counts_to_two() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x2c4e);
        for _ in 0..150 {
            let (rules, givens) = killer(&mut rng);
            let puzzle = Puzzle::from_cells(rules.clone(), &givens).unwrap();
            // Past two, so that learning blocks more of the solutions the
            // plain search showed, and the plain search skips more.
            let limit = 2 + (rng.next_u64() % 7) as usize;
            let want = match Reference::new().count_variant(&puzzle, limit) {
                Count::Exact(k) | Count::AtLeast(k) => k,
                Count::GaveUp(_) => continue,
            };
            let (model, constraints) = compile::<u64>(&rules);
            let (mut st, mut frames, mut stats) =
                (State::new(&model), Vec::new(), Stats::default());
            let mut learned = Learned::new(model.cells, true).with_rules(Arc::new(rules.clone()));
            learned.handoff = rng.next_u64() % 4;
            let mut search = Search {
                m: &model,
                constraints: &constraints,
                st: &mut st,
                frames: &mut frames,
                limits: Meter::new(u64::MAX, None, 256),
                stats: &mut stats,
                rng: None,
                learned,
            };
            let mut found: Vec<Vec<u16>> = Vec::new();
            let _ = search.run(&givens, |st| {
                let values: Vec<u16> = (0..model.cells)
                    .map(|c| st.cand(c).first() as u16 + 1)
                    .collect();
                assert!(rules.check(&values).is_ok(), "a solution breaks a rule");
                assert!(!found.contains(&values), "a solution shown twice");
                found.push(values);
                found.len() < limit
            });
            assert_eq!(found.len(), want, "{givens:?} on {rules:?}");
        }
    }
}
