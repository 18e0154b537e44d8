//! The constraints beyond houses, compiled from [`Rules`]: the sum cages, and the sums the rule of 45 derives from them.

use crate::sort::SmallSort;
use std::collections::HashMap;
use std::sync::Arc;

use super::cage::{self, Crossings};
use super::{
    Bounds, CageSum, Chain, Constraint, Constraints, Domain, Linear, LinearCheck, NamedCheck, Pair,
    PairTable, combine, sums,
};
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::model::constraint::{Lowered, PairRule};
use crate::model::lower::lower;
use crate::model::rules::Rules;

/// The most cells a sum derived from the rule of 45 may span when its
/// cells need not differ: bounds on more cells prune almost nothing.
const MAX_LOOSE_SUM: usize = 6;

/// The most value combinations a derived sum of different values lists;
/// past it, the sum keeps bounds only: a derived sum is a hint, and a long
/// list costs each propagation more than it prunes.
const MAX_DERIVED_COMBOS: usize = 64;

/// The most rows (or columns) in a band the rule of 45 is applied to.
const MAX_BAND: usize = 4;

/// Compiles `rules`: the model's layout, and beside it the constraints
/// beyond houses (the sum cages, then the sums the rule of 45 derives
/// from them), which the model watches.
pub(crate) fn compile<M: Mask>(rules: &Rules) -> (Model<M>, Constraints<M>) {
    let mut model = Model::new(rules);
    let mut constraints: Constraints<M> = Vec::new();
    for cage in rules.cages() {
        if let Some(sum) = cage.sum() {
            constraints.push(sum_constraint(
                &model,
                cage.cells().to_vec(),
                sum,
                true,
                usize::MAX,
            ));
        }
    }
    let houses = (0..model.house_count()).map(|h| model.house(h));
    let (derived, signed) = derived_sums(rules, houses);
    // `mark[d] == a`: cell `d` must differ from cell `a`.
    let mut mark = vec![u32::MAX; model.cells];
    let mut caged = vec![false; model.cells];
    for cage in rules.cages().iter().filter(|c| c.sum().is_some()) {
        cage.cells().iter().for_each(|&c| caged[c as usize] = true);
    }
    for (cells, sum) in derived {
        let distinct = cells.iter().enumerate().all(|(i, &a)| {
            model.peers.each(a as usize, |d| mark[d as usize] = a);
            cells[i + 1..].iter().all(|&b| mark[b as usize] == a)
        });
        // Cells in no cage keep their sum however many: none bounds them yet.
        let uncaged = || cells.iter().all(|&c| !caged[c as usize]);
        if !distinct && cells.len() > MAX_LOOSE_SUM && uncaged() {
            let terms = cells.iter().map(|&c| (c, 1)).collect();
            constraints.push(Box::new(Linear::new(&model, vec![terms], Some(sum as i64))));
        } else if distinct || cells.len() <= MAX_LOOSE_SUM {
            constraints.push(sum_constraint(
                &model,
                cells,
                sum,
                distinct,
                MAX_DERIVED_COMBOS,
            ));
        }
    }
    for (plus, minus, total) in signed {
        let terms = plus
            .iter()
            .map(|&c| (c, 1))
            .chain(minus.iter().map(|&c| (c, -1)));
        let linear = Linear::new(&model, vec![terms.collect()], Some(total));
        constraints.push(Box::new(linear));
    }
    constraints.extend(vocabulary(&model, rules));
    if combine::COMBINE {
        constraints.extend(combine::combined(&model, rules));
    }
    // Last, so that they run once the sums have settled.
    if cage::CAGE_HOUSES {
        constraints.extend(cage_houses(&model, rules));
    }
    model.watch(constraints.iter().map(|con| con.cells()));
    (model, constraints)
}

/// The propagators of the rules' [`Constraint`](crate::Constraint)s, one
/// for each general form they lower to; relations of one kind share one
/// table.
fn vocabulary<M: Mask>(m: &Model<M>, rules: &Rules) -> Constraints<M> {
    if rules.constraints().is_empty() {
        return Vec::new();
    }
    // The sum and n-ary rules' own propagators, each taken once, in place
    // of the first of the forms it lowers to.
    let mut own: Vec<_> = (0..rules.constraints().len())
        .map(|i| sums::propagator(m, rules, i))
        .collect();
    let mine: Vec<bool> = own.iter().map(Option::is_some).collect();
    let n = rules.size();
    let shared = Arc::new(rules.clone());
    let mut tables: HashMap<PairRule, Arc<PairTable<M>>> = HashMap::new();
    let mut out: Constraints<M> = Vec::new();
    for (i, lowered) in lower(rules) {
        match lowered {
            Lowered::Domain { cell, values } => out.push(Box::new(Domain::new(cell, &values))),
            Lowered::Pair { cells, rule } => {
                let table = tables
                    .entry(rule)
                    .or_insert_with_key(|rule| Arc::new(PairTable::new(n, rule)));
                out.push(Box::new(Pair::new(cells, Arc::clone(table))));
            }
            Lowered::Chain { cells, slow } => out.push(Box::new(Chain::new(cells, slow))),
            Lowered::Linear { .. } | Lowered::Named { .. } if mine[i] => {
                out.extend(own[i].take());
            }
            // Whatever the propagators above say nothing of: checked.
            Lowered::Linear {
                cells,
                weights,
                total,
            } => out.push(Box::new(LinearCheck::new(cells, weights, total))),
            Lowered::Named { index } => {
                out.push(Box::new(NamedCheck::new(Arc::clone(&shared), index)));
            }
        }
    }
    // Those no general form read (renban, held by pairs too).
    out.extend(own.into_iter().flatten());
    out
}

/// A [`CageHouses`](super::cage::CageHouses) for each house a cage
/// crosses: a value locked in a house to a cage's cells leaves its other
/// cells. Not on boards past 64×64, which leave out locked candidates too.
fn cage_houses<M: Mask>(m: &Model<M>, rules: &Rules) -> Constraints<M> {
    if M::BUCKETS {
        return Vec::new();
    }
    let Some(shared) = Crossings::new(m, rules.cages().iter().map(|c| c.cells())) else {
        return Vec::new();
    };
    let houses = shared
        .houses()
        .map(|k| Box::new(k) as Box<dyn Constraint<M>>);
    houses.collect()
}

/// A sum over `cells`: by the value combinations it allows when they
/// differ and those are few enough to list, else by bounds.
fn sum_constraint<M: Mask>(
    m: &Model<M>,
    cells: Vec<u32>,
    sum: u64,
    distinct: bool,
    most: usize,
) -> Box<dyn Constraint<M>> {
    if distinct && let Some(cage) = CageSum::new(m, cells.clone(), sum, most) {
        return Box::new(cage);
    }
    Box::new(Bounds::new(cells, sum))
}

/// The sums the rule of 45 (N(N+1)/2 a house) proves: for each house, and
/// each band of consecutive rows or columns, the cells its cages inside
/// leave (innies) and the cells outside it that the cages crossing it
/// cover (outies). Only when the sum cages do not overlap.
///
/// Beside them, as the Interactive Sudoku Solver derives them, the
/// differences: the cages more than half inside a group stand for it, so
/// the cells they cover outside it less the group's cells they leave come
/// to their sums less the group's total (outies less innies), kept when
/// they span few cells (a cell or two on one side).
pub(crate) fn derived_sums<'a>(
    rules: &Rules,
    houses: impl Iterator<Item = &'a [u32]>,
) -> (Vec<(Vec<u32>, u64)>, Vec<Signed>) {
    let n = rules.size();
    let cages: Vec<(&[u32], u64)> = rules
        .cages()
        .iter()
        .filter_map(|c| Some((c.cells(), c.sum()?)))
        .collect();
    if cages.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let mut owner = vec![u32::MAX; n * n];
    for (k, (cells, _)) in cages.iter().enumerate() {
        for &c in *cells {
            if owner[c as usize] != u32::MAX {
                return (Vec::new(), Vec::new());
            }
            owner[c as usize] = k as u32;
        }
    }
    let mut groups: Vec<Vec<u32>> = houses.map(<[u32]>::to_vec).collect();
    // Bands of 2 and 3 rows, and of columns: wider ones cost more to
    // derive than their sums save in search (see docs/decisions).
    if n <= 16 {
        for len in 2..n.min(MAX_BAND + 1) {
            for first in 0..=n - len {
                let rows = (first * n..(first + len) * n).map(|c| c as u32);
                let cols =
                    (0..n).flat_map(|r| (first..first + len).map(move |c| (r * n + c) as u32));
                groups.push(rows.collect());
                groups.push(cols.collect());
            }
        }
    }
    let house_total = (n * (n + 1) / 2) as u64;
    let mut out: Vec<(Vec<u32>, u64)> = Vec::new();
    // `stamp[c] == g`: cell `c` is in group `g`; `met[k] == g`: cage `k` meets it.
    let (mut stamp, mut met) = (vec![usize::MAX; n * n], vec![usize::MAX; cages.len()]);
    // `wholly[k]`: whether cage `k`, which meets the group, lies wholly in it.
    let mut wholly = vec![false; cages.len()];
    // `half[k]`: whether cage `k`, which meets the group, lies more than half in it.
    let mut half = vec![false; cages.len()];
    let mut signed = Vec::new();
    let (mut touched, mut cells) = (Vec::new(), Vec::new());
    for (g, group) in groups.iter().enumerate() {
        let total = house_total * (group.len() / n) as u64;
        // Cells of one house differ; of a band, only bounds are worth keeping.
        let most = if group.len() == n {
            n - 1
        } else {
            MAX_LOOSE_SUM
        };
        touched.clear();
        for &c in group {
            stamp[c as usize] = g;
            let k = owner[c as usize];
            if k != u32::MAX && met[k as usize] != g {
                met[k as usize] = g;
                touched.push(k as usize);
            }
        }
        let mut in_sum = 0;
        for &k in &touched {
            wholly[k] = cages[k].0.iter().all(|&c| stamp[c as usize] == g);
            in_sum += if wholly[k] { cages[k].1 } else { 0 };
        }
        // Innies: the group's cells no cage wholly inside it covers. Cells
        // in no cage get a sum however many they are: none bounds them yet.
        let open = |c: u32| owner[c as usize] == u32::MAX || !wholly[owner[c as usize] as usize];
        cells.clear();
        cells.extend(group.iter().copied().filter(|&c| open(c)));
        let uncaged = cells.iter().all(|&c| owner[c as usize] == u32::MAX);
        let most = if uncaged { most.max(n - 1) } else { most };
        if (1..=most).contains(&cells.len()) && in_sum <= total {
            out.push((cells.clone(), total - in_sum));
        }
        // Outies: the cells outside the group of the cages that cover it.
        if group.iter().all(|&c| owner[c as usize] != u32::MAX) {
            let cover: u64 = touched.iter().map(|&k| cages[k].1).sum();
            cells.clear();
            let crossing = touched.iter().filter(|&&k| !wholly[k]);
            let outside = crossing.flat_map(|&k| cages[k].0.iter().copied());
            cells.extend(outside.filter(|&c| stamp[c as usize] != g));
            if (1..=MAX_LOOSE_SUM).contains(&cells.len()) && cover >= total {
                out.push((cells.clone(), cover - total));
            }
        }
        // Outies less innies, by the cages more than half inside.
        let (mut plus, mut minus, mut cover) = (Vec::new(), Vec::new(), 0);
        for &k in &touched {
            let inside = cages[k].0.iter().filter(|&&c| stamp[c as usize] == g);
            half[k] = 2 * inside.count() > cages[k].0.len();
            if half[k] {
                cover += cages[k].1;
                let outside = cages[k].0.iter().filter(|&&c| stamp[c as usize] != g);
                plus.extend(outside);
            }
        }
        let left =
            |c: &&u32| owner[**c as usize] == u32::MAX || !half[owner[**c as usize] as usize];
        minus.extend(group.iter().filter(left));
        let (a, b) = (plus.len(), minus.len());
        if a + b > MAX_LOOSE_SUM || a.min(b) > 2 {
            continue;
        }
        let delta = cover as i64 - total as i64;
        match (a, b) {
            (0, 0) => {}
            (_, 0) if delta > 0 => out.push((plus, delta as u64)),
            (0, _) if delta < 0 => out.push((minus, (-delta) as u64)),
            _ => signed.push((plus, minus, delta)),
        }
    }
    // One sum for each set of cells.
    out.iter_mut().for_each(|(cells, _)| cells.sort_small());
    out.sort_small();
    out.dedup_by(|a, b| a.0 == b.0);
    for (plus, minus, _) in &mut signed {
        plus.sort_small();
        minus.sort_small();
    }
    signed.sort_small();
    signed.dedup_by(|a, b| (&a.0, &a.1) == (&b.0, &b.1));
    (out, signed)
}

/// A sum with signs: the cells of `.0` less those of `.1` come to `.2`.
type Signed = (Vec<u32>, Vec<u32>, i64);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::VariantSolver;
    use crate::model::puzzle::Puzzle;

    /// A small xorshift, for the shapes of the cages.
    fn next(state: &mut u64) -> usize {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        (*state >> 11) as usize
    }

    /// A random 9×9 grid, tiled with cages of 1 to 5 cells of different
    /// values each, with their sums: the rules and the grid.
    fn planted(seed: u64) -> (Rules, Vec<u16>) {
        let n = 9;
        let empty = Puzzle::from_cells(Rules::classic(n).unwrap(), &[0; 81]).unwrap();
        let grid = VariantSolver::new().with_seed(seed).solve(&empty);
        let grid = grid.solution().unwrap().cells().to_vec();
        let mut rules = Rules::classic(n).unwrap();
        let (mut taken, mut state) = (vec![false; n * n], seed | 1);
        while let Some(start) = (0..n * n).find(|&c| !taken[c]) {
            let (mut cage, size) = (vec![start], 1 + next(&mut state) % 5);
            taken[start] = true;
            while cage.len() < size {
                let near = cage.iter().flat_map(|&c| {
                    let (r, k) = (c / n, c % n);
                    [
                        (r + 1, k),
                        (r, k + 1),
                        (r.wrapping_sub(1), k),
                        (r, k.wrapping_sub(1)),
                    ]
                });
                let fits: Vec<usize> = near
                    .filter(|&(r, k)| r < n && k < n)
                    .map(|(r, k)| r * n + k)
                    .filter(|&c| !taken[c] && cage.iter().all(|&x| grid[x] != grid[c]))
                    .collect();
                if fits.is_empty() {
                    break;
                }
                let c = fits[next(&mut state) % fits.len()];
                taken[c] = true;
                cage.push(c);
            }
            let sum = cage.iter().map(|&c| u64::from(grid[c])).sum();
            let cells: Vec<(usize, usize)> = cage.iter().map(|&c| (c / n, c % n)).collect();
            rules = rules.with_cage(&cells, Some(sum)).unwrap();
        }
        (rules, grid)
    }

    /// Uncaged cells of a band get one sum however many they are, and the
    /// search keeps it: killers of short cages along rows, a cell in three
    /// left out, each solved and checked.
    #[test]
    fn uncaged_cells_keep_their_band_sums() {
        let (n, mut long) = (9, 0);
        for seed in 1..=20 {
            let (_, grid) = planted(seed);
            let (mut rules, mut state) = (Rules::classic(n).unwrap(), seed | 1);
            for r in 0..n {
                let mut c = 0;
                while c < n {
                    if next(&mut state).is_multiple_of(3) {
                        c += 1;
                        continue;
                    }
                    let end = (c + 2 + next(&mut state) % 2).min(n);
                    let sum = (c..end).map(|k| u64::from(grid[r * n + k])).sum();
                    let cells: Vec<(usize, usize)> = (c..end).map(|k| (r, k)).collect();
                    rules = rules.with_cage(&cells, Some(sum)).unwrap();
                    c = end;
                }
            }
            let model: Model<u64> = Model::new(&rules);
            let houses = (0..model.house_count()).map(|h| model.house(h));
            let value = |c: &u32| u64::from(grid[*c as usize]);
            for (cells, sum) in derived_sums(&rules, houses).0 {
                assert_eq!(cells.iter().map(value).sum::<u64>(), sum, "seed {seed}");
                long += usize::from(cells.len() > MAX_LOOSE_SUM);
            }
            let puzzle = Puzzle::from_cells(rules.clone(), &[0; 81]).unwrap();
            let found = VariantSolver::new().with_seed(seed).solve(&puzzle);
            let found = found.solution().expect("the planted grid solves it");
            assert!(puzzle.is_completed_by(&found), "seed {seed}");
        }
        // The long sums were made, so they were checked.
        assert!(
            long > 10,
            "{long} sums over more than {MAX_LOOSE_SUM} cells"
        );
    }

    /// Killers of random cages on a planted grid, a third of its values
    /// given: every solution found keeps every rule, and the planted grid
    /// is among them (no propagator, the houses' cage locks among them,
    /// removed a planted value).
    #[test]
    fn planted_killers_keep_their_grid() {
        let (n, mut crossing) = (9, 0);
        for seed in 1..=30 {
            let (rules, grid) = planted(seed + 100);
            let model: Model<u64> = Model::new(&rules);
            crossing += rules
                .cages()
                .iter()
                .filter(|c| c.cells().len() >= 3 && !cage::crossed(&model, c.cells()).is_empty())
                .count();
            let mut state = seed | 1;
            let givens: Vec<u16> = (0..n * n)
                .map(|c| {
                    if next(&mut state).is_multiple_of(3) {
                        grid[c]
                    } else {
                        0
                    }
                })
                .collect();
            let puzzle = Puzzle::from_cells(rules, &givens).unwrap();
            let found = VariantSolver::new().solutions(&puzzle, 50);
            assert!(!found.is_empty(), "seed {seed}");
            for s in &found {
                assert!(puzzle.is_completed_by(s), "seed {seed}");
            }
            if found.len() < 50 {
                assert!(
                    found.iter().any(|s| s.cells() == grid.as_slice()),
                    "seed {seed}: the planted grid was lost"
                );
            }
        }
        assert!(crossing > 100, "{crossing} cages cross houses");
    }

    #[test]
    fn derived_sums_hold_on_planted_grids() {
        let (mut plain, mut signed) = (0, 0);
        for seed in 1..=40 {
            let (rules, grid) = planted(seed);
            let model: Model<u64> = Model::new(&rules);
            let houses = (0..model.house_count()).map(|h| model.house(h));
            let (sums, differences) = derived_sums(&rules, houses);
            let value = |c: &u32| i64::from(grid[*c as usize]);
            for (cells, sum) in &sums {
                assert_eq!(
                    cells.iter().map(value).sum::<i64>(),
                    *sum as i64,
                    "seed {seed}"
                );
            }
            for (plus, minus, total) in &differences {
                let got =
                    plus.iter().map(value).sum::<i64>() - minus.iter().map(value).sum::<i64>();
                assert_eq!(got, *total, "seed {seed}: {plus:?} less {minus:?}");
            }
            plain += sums.len();
            signed += differences.len();
        }
        // Both kinds are derived, so both were checked.
        assert!(
            plain > 40 && signed > 40,
            "{plain} sums, {signed} differences"
        );
    }
}
