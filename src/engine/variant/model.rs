//! The run-time engine's tables, compiled from [`Rules`]: peers, the houses that take hidden singles, and the constraints that are not houses.

use std::collections::HashSet;

use super::propagate::{Bounds, CageSum, Constraint};
use crate::rules::Rules;

/// The most cells a sum derived from the rule of 45 may span when its
/// cells need not differ: bounds on more cells prune almost nothing.
const MAX_LOOSE_SUM: usize = 6;

/// What the search reads of the rules, laid out for its loops.
pub(crate) struct Model {
    /// N², the cells.
    pub cells: usize,
    /// Every candidate: the low N bits.
    pub full: u64,
    /// The houses of N cells, which hold every value once.
    pub houses: Vec<Vec<u32>>,
    /// The constraints that are not houses: cage sums, and sums derived from them.
    pub constraints: Vec<Box<dyn Constraint>>,
    /// `peer_list[peer_start[c]..peer_start[c + 1]]`: the cells that must differ from `c`.
    peer_start: Vec<u32>,
    peer_list: Vec<u32>,
    /// The same for the houses of N cells each cell is in.
    house_start: Vec<u32>,
    house_list: Vec<u32>,
    /// The same for the constraints that read each cell.
    constraint_start: Vec<u32>,
    constraint_list: Vec<u32>,
}

impl Model {
    /// Compiles `rules`: peers from every house, cage and chess move; the
    /// sum cages; and the sums the rule of 45 derives from them.
    pub fn new(rules: &Rules) -> Self {
        let n = rules.size();
        let cells = n * n;
        let g = rules.geometry();
        let mut differ = Pairs::new(cells);
        let mut link = |group: &[u32]| {
            for &a in group {
                for &b in group {
                    if a != b {
                        differ.insert(a, b);
                    }
                }
            }
        };
        for h in g.houses() {
            link(h.cells());
        }
        for cage in rules.cages() {
            link(cage.cells());
        }
        for (a, b) in rules.chess_pairs() {
            link(&[a, b]);
        }
        let houses: Vec<Vec<u32>> = g
            .houses()
            .iter()
            .filter(|h| h.cells().len() == n)
            .map(|h| h.cells().to_vec())
            .collect();
        let mut constraints: Vec<Box<dyn Constraint>> = Vec::new();
        for cage in rules.cages() {
            if let Some(sum) = cage.sum() {
                constraints.push(sum_constraint(n, cage.cells().to_vec(), sum, true));
            }
        }
        for (cells, sum) in derived_sums(rules, &houses) {
            let distinct = cells
                .iter()
                .all(|&a| cells.iter().all(|&b| a == b || differ.contains(a, b)));
            if distinct || cells.len() <= MAX_LOOSE_SUM {
                constraints.push(sum_constraint(n, cells, sum, distinct));
            }
        }
        let (peer_start, peer_list) = flatten((0..cells).map(|c| differ.of(c)).collect());
        let mut by_cell = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for &c in house {
                by_cell[c as usize].push(h as u32);
            }
        }
        let (house_start, house_list) = flatten(by_cell);
        let mut by_cell = vec![Vec::new(); cells];
        for (k, con) in constraints.iter().enumerate() {
            for &c in con.cells() {
                by_cell[c as usize].push(k as u32);
            }
        }
        let (constraint_start, constraint_list) = flatten(by_cell);
        Self {
            cells,
            full: if n == 64 { u64::MAX } else { (1 << n) - 1 },
            houses,
            constraints,
            peer_start,
            peer_list,
            house_start,
            house_list,
            constraint_start,
            constraint_list,
        }
    }

    /// The cells that must differ from `cell`.
    #[inline(always)]
    pub fn peers(&self, cell: usize) -> &[u32] {
        &self.peer_list[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// The houses of N cells that hold `cell`.
    #[inline(always)]
    pub fn houses_of(&self, cell: usize) -> &[u32] {
        &self.house_list[self.house_start[cell] as usize..self.house_start[cell + 1] as usize]
    }

    /// The constraints that read `cell`.
    #[inline(always)]
    pub fn constraints_of(&self, cell: usize) -> &[u32] {
        let (a, b) = (self.constraint_start[cell], self.constraint_start[cell + 1]);
        &self.constraint_list[a as usize..b as usize]
    }
}

/// Which pairs of cells must differ: a bit matrix, a row of words a cell.
struct Pairs {
    words: usize,
    bits: Vec<u64>,
}

impl Pairs {
    fn new(cells: usize) -> Self {
        let words = cells.div_ceil(64);
        Self {
            words,
            bits: vec![0; words * cells],
        }
    }

    fn insert(&mut self, a: u32, b: u32) {
        let (a, b) = (a as usize, b as usize);
        self.bits[a * self.words + b / 64] |= 1 << (b % 64);
    }

    fn contains(&self, a: u32, b: u32) -> bool {
        let (a, b) = (a as usize, b as usize);
        self.bits[a * self.words + b / 64] >> (b % 64) & 1 != 0
    }

    /// The cells that must differ from `a`, in increasing order.
    fn of(&self, a: usize) -> Vec<u32> {
        let row = &self.bits[a * self.words..(a + 1) * self.words];
        let mut out = Vec::new();
        for (w, &word) in row.iter().enumerate() {
            let mut m = word;
            while m != 0 {
                out.push((w * 64 + m.trailing_zeros() as usize) as u32);
                m &= m - 1;
            }
        }
        out
    }
}

/// A sum over `cells`: by the value combinations it allows when they
/// differ and those are few enough to list, else by bounds.
fn sum_constraint(n: usize, cells: Vec<u32>, sum: u64, distinct: bool) -> Box<dyn Constraint> {
    if distinct && let Some(cage) = CageSum::new(n, cells.clone(), sum) {
        return Box::new(cage);
    }
    Box::new(Bounds::new(cells, sum))
}

/// The sums the rule of 45 (N(N+1)/2 a house) proves: for each house, and
/// each band of consecutive rows or columns, the cells its cages inside
/// leave (innies) and the cells outside it that the cages crossing it
/// cover (outies). Only when the sum cages do not overlap.
fn derived_sums(rules: &Rules, houses: &[Vec<u32>]) -> Vec<(Vec<u32>, u64)> {
    let n = rules.size();
    let cages: Vec<(&[u32], u64)> = rules
        .cages()
        .iter()
        .filter_map(|c| Some((c.cells(), c.sum()?)))
        .collect();
    let mut owner = vec![usize::MAX; n * n];
    for (k, (cells, _)) in cages.iter().enumerate() {
        for &c in *cells {
            if owner[c as usize] != usize::MAX {
                return Vec::new();
            }
            owner[c as usize] = k;
        }
    }
    if cages.is_empty() {
        return Vec::new();
    }
    let mut groups: Vec<Vec<u32>> = houses.to_vec();
    // Bands of 2 to N-1 rows, and of columns (small boards only: N² groups).
    if n <= 16 {
        for len in 2..n {
            for first in 0..=n - len {
                let rows = (first * n..(first + len) * n).map(|c| c as u32).collect();
                let cols = (0..n * n).filter(|c| (first..first + len).contains(&(c % n)));
                groups.push(rows);
                groups.push(cols.map(|c| c as u32).collect());
            }
        }
    }
    let house_total = (n * (n + 1) / 2) as u64;
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for group in &groups {
        let total = house_total * (group.len() / n) as u64;
        let mut inside = vec![false; n * n];
        group.iter().for_each(|&c| inside[c as usize] = true);
        let mut touched: Vec<usize> = group
            .iter()
            .filter_map(|&c| Some(owner[c as usize]).filter(|&k| k != usize::MAX))
            .collect();
        touched.sort_unstable();
        touched.dedup();
        let whole = |k: &usize| cages[*k].0.iter().all(|&c| inside[c as usize]);
        // Innies: the group's cells no cage wholly inside it covers.
        let in_sum: u64 = touched
            .iter()
            .filter(|k| whole(k))
            .map(|&k| cages[k].1)
            .sum();
        let innies: Vec<u32> = group
            .iter()
            .copied()
            .filter(|&c| owner[c as usize] == usize::MAX || !whole(&owner[c as usize]))
            .collect();
        if !innies.is_empty() && innies.len() < n && in_sum <= total {
            push_sum(&mut out, &mut seen, innies, total - in_sum);
        }
        // Outies: the cells outside the group of the cages that cover it.
        if group.iter().all(|&c| owner[c as usize] != usize::MAX) {
            let cover: u64 = touched.iter().map(|&k| cages[k].1).sum();
            let outies: Vec<u32> = touched
                .iter()
                .flat_map(|&k| cages[k].0.iter().copied())
                .filter(|&c| !inside[c as usize])
                .collect();
            if !outies.is_empty() && outies.len() < n && cover >= total {
                push_sum(&mut out, &mut seen, outies, cover - total);
            }
        }
    }
    out
}

/// Adds a derived sum unless one on the same cells is there already.
fn push_sum(
    out: &mut Vec<(Vec<u32>, u64)>,
    seen: &mut HashSet<Vec<u32>>,
    mut cells: Vec<u32>,
    sum: u64,
) {
    cells.sort_unstable();
    if seen.insert(cells.clone()) {
        out.push((cells, sum));
    }
}

/// Lists laid end to end, with where each starts (and, last, the total).
fn flatten(lists: Vec<Vec<u32>>) -> (Vec<u32>, Vec<u32>) {
    let (mut start, mut all) = (vec![0u32], Vec::new());
    for list in lists {
        all.extend(list);
        start.push(all.len() as u32);
    }
    (start, all)
}
