//! The sums a killer's rules give: its cages with sums, and the innies and outies of its houses and bands of houses.

use crate::error::House;
use crate::model::rules::Rules;
use crate::sort::SmallSort;

/// The largest cage whose sum the ladder reasons about.
pub(crate) const MAX_CAGE_CELLS: usize = 16;

/// The most cells an innie or outie set is kept with (some may be filled later).
const MAX_SET_CELLS: usize = 12;

/// A cage with a sum, as the ladder reads it.
#[derive(Debug)]
pub(crate) struct SumCage {
    pub(crate) cells: Vec<u32>,
    pub(crate) sum: u64,
}

/// A sum the rule of 45 derives: a house or band (`region`, `houses` of
/// them) whose innies or outies (`cells`) add up to `sum`.
#[derive(Debug)]
pub(crate) struct SumSet {
    pub(crate) region: String,
    pub(crate) houses: usize,
    pub(crate) house_ids: Vec<usize>,
    pub(crate) outies: bool,
    /// The region's total, N(N+1)/2 a house.
    pub(crate) total: u64,
    /// The sums of the cages the words name: wholly inside for innies,
    /// inside or across for outies.
    pub(crate) cages: u64,
    pub(crate) cells: Vec<u32>,
    pub(crate) sum: u64,
}

/// The cages with sums of a rules value, and the innie and outie sums they
/// give; built once per rules with the layout.
#[derive(Debug, Default)]
pub(crate) struct CageLayout {
    pub(crate) cages: Vec<SumCage>,
    /// Each cell's cage among `cages`, `usize::MAX` for none (or when
    /// cages overlap).
    pub(crate) owner: Vec<usize>,
    pub(crate) sets: Vec<SumSet>,
}

impl CageLayout {
    /// The sum cages of `rules` with at most [`MAX_CAGE_CELLS`] cells, and
    /// the innies and outies of its full houses and bands of rows and
    /// columns (when no two cages share a cell).
    pub(crate) fn new(rules: &Rules) -> Self {
        let n = rules.size();
        let cages: Vec<SumCage> = rules
            .cages()
            .iter()
            .filter_map(|c| {
                let sum = c.sum()?;
                (c.cells().len() <= MAX_CAGE_CELLS).then(|| SumCage {
                    cells: c.cells().to_vec(),
                    sum,
                })
            })
            .collect();
        if cages.is_empty() {
            return Self::default();
        }
        let mut owner = vec![usize::MAX; n * n];
        let mut overlap = false;
        for (i, cage) in rules.cages().iter().enumerate() {
            for &c in cage.cells() {
                overlap |= owner[c as usize] != usize::MAX;
                owner[c as usize] = i;
            }
        }
        let mut sets = Vec::new();
        let mut mine = vec![usize::MAX; n * n];
        if !overlap {
            for region in regions(rules) {
                add_sets(rules, &owner, n, region, &mut sets);
            }
            for (i, cage) in cages.iter().enumerate() {
                for &c in &cage.cells {
                    mine[c as usize] = i;
                }
            }
        }
        Self {
            cages,
            owner: mine,
            sets,
        }
    }
}

/// A house or band of houses: its name, how many houses, their indices.
struct Region {
    name: String,
    house_ids: Vec<usize>,
}

/// The full houses one by one, then bands of 2 to N - 1 consecutive rows
/// and of columns.
fn regions(rules: &Rules) -> Vec<Region> {
    let n = rules.size();
    let houses = rules.geometry().houses();
    let mut counts: Vec<(House, usize)> = Vec::new();
    let mut named: Vec<(House, usize)> = Vec::with_capacity(houses.len());
    for h in houses {
        let k = match counts.iter_mut().find(|(kind, _)| *kind == h.kind()) {
            Some((_, k)) => {
                *k += 1;
                *k
            }
            None => {
                counts.push((h.kind(), 1));
                1
            }
        };
        named.push((h.kind(), k));
    }
    let full = |h: usize| houses[h].cells().len() == n;
    let mut out: Vec<Region> = (0..houses.len())
        .filter(|&h| full(h))
        .map(|h| Region {
            name: format!("{} {}", named[h].0, named[h].1),
            house_ids: vec![h],
        })
        .collect();
    for (kind, word) in [(House::Row, "rows"), (House::Column, "columns")] {
        let mut lines: Vec<usize> = (0..houses.len())
            .filter(|&h| named[h].0 == kind && full(h))
            .collect();
        lines.sort_stable_by_key(|&h| named[h].1);
        if lines.len() != n {
            continue;
        }
        for k in 2..n {
            for first in 0..=n - k {
                out.push(Region {
                    name: format!("{word} {}-{}", first + 1, first + k),
                    house_ids: lines[first..first + k].to_vec(),
                });
            }
        }
    }
    out
}

/// The innie and outie sums of `region`, when each has few enough cells.
fn add_sets(rules: &Rules, owner: &[usize], n: usize, region: Region, sets: &mut Vec<SumSet>) {
    let mut inside = vec![false; n * n];
    for &h in &region.house_ids {
        for &c in rules.geometry().houses()[h].cells() {
            inside[c as usize] = true;
        }
    }
    let total = (region.house_ids.len() * n * (n + 1) / 2) as u64;
    let all = rules.cages();
    let whole = |i: usize| all[i].cells().iter().all(|&c| inside[c as usize]);
    let mut touched: Vec<usize> = (0..n * n)
        .filter(|&c| inside[c] && owner[c] != usize::MAX)
        .map(|c| owner[c])
        .collect();
    touched.sort_small();
    touched.dedup();
    // Cages wholly inside, with sums.
    let mut within = 0u64;
    for &i in &touched {
        if let (true, Some(s)) = (whole(i), all[i].sum()) {
            within += s;
        }
    }
    let innies: Vec<u32> = (0..n * n)
        .filter(|&c| {
            inside[c]
                && !(owner[c] != usize::MAX && whole(owner[c]) && all[owner[c]].sum().is_some())
        })
        .map(|c| c as u32)
        .collect();
    if innies.is_empty() || within > total {
        return;
    }
    let innie_sum = total - within;
    if innies.len() <= MAX_SET_CELLS {
        sets.push(SumSet {
            region: region.name.clone(),
            houses: region.house_ids.len(),
            house_ids: region.house_ids.clone(),
            outies: false,
            total,
            cages: within,
            cells: innies.clone(),
            sum: innie_sum,
        });
    }
    // Outies: every innie lies in a cage with a sum that reaches outside.
    if innies
        .iter()
        .any(|&c| owner[c as usize] == usize::MAX || all[owner[c as usize]].sum().is_none())
    {
        return;
    }
    let mut across = 0u64;
    let mut outies = Vec::new();
    for &i in touched.iter().filter(|&&i| !whole(i)) {
        across += all[i].sum().unwrap_or(0);
        outies.extend(all[i].cells().iter().filter(|&&c| !inside[c as usize]));
    }
    let cages = within + across;
    if outies.is_empty() || outies.len() > MAX_SET_CELLS || cages < total {
        return;
    }
    outies.sort_small();
    sets.push(SumSet {
        region: region.name,
        houses: region.house_ids.len(),
        house_ids: region.house_ids,
        outies: true,
        total,
        cages,
        cells: outies,
        sum: cages - total,
    });
}
