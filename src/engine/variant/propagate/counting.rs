//! Look-and-say counts, sum lines' pieces, counting circles and same-value sets as propagators: a value's count kept between its placed and possible cells, a line's values kept when some cutting into pieces takes them, circles' values by the sets that count them.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;
use crate::model::counting::piece_step;

/// Look-and-say: each `(count, value)` held by exactly `count` of `cells`.
/// A value placed that often leaves the other cells; one that only that
/// many cells can hold is in each of them.
pub(crate) struct Counts {
    cells: Vec<u32>,
    counts: Vec<(u16, u16)>,
}

impl Counts {
    /// The counts of `counts` on `cells`.
    pub(crate) fn new(cells: Vec<u32>, counts: Vec<(u16, u16)>) -> Self {
        Self { cells, counts }
    }
}

impl<M: Mask> Constraint<M> for Counts {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        for &(k, x) in &self.counts {
            let x = usize::from(x);
            if x == 0 || x > m.n {
                return Err(Contradiction);
            }
            let bit = M::bit(x - 1);
            let (placed, possible) = tally(st, &self.cells, bit);
            let k = usize::from(k);
            if placed > k || possible < k {
                return Err(Contradiction);
            }
            if placed == k && possible > k {
                settle(m, st, &self.cells, bit, false)?;
            } else if possible == k && placed < k {
                settle(m, st, &self.cells, bit, true)?;
            }
        }
        Ok(())
    }
}

/// How many of `cells` hold the value `bit` placed, and how many may hold it.
fn tally<M: Mask>(st: &State<M>, cells: &[u32], bit: M) -> (usize, usize) {
    cells.iter().fold((0, 0), |(placed, possible), &c| {
        let cand = st.cand(c as usize);
        (
            placed + usize::from(cand == bit),
            possible + usize::from(cand.meets(bit)),
        )
    })
}

/// Places (`fill`) or removes the value `bit` in each of `cells` that may
/// hold it and does not yet.
fn settle<M: Mask>(
    m: &Model<M>,
    st: &mut State<M>,
    cells: &[u32],
    bit: M,
    fill: bool,
) -> Result<(), Contradiction> {
    let keep = if fill { bit } else { !bit };
    for &c in cells {
        let cand = st.cand(c as usize);
        if cand.meets(bit) && cand != bit {
            st.restrict(m, c as usize, keep)?;
        }
    }
    Ok(())
}

/// A sum line of a sum below 128: each cell keeps the values some cutting
/// of the line into pieces of that sum gives it, found by the partial sums
/// reachable from the start (bit s: a piece open with s so far) and those
/// from which the end is reachable. On a loop, for each partial sum the
/// first cell may start with.
pub(crate) struct Pieces {
    cells: Vec<u32>,
    sum: u32,
    is_loop: bool,
}

impl Pieces {
    /// The line, `None` for a sum past the bitsets (128 or more).
    pub(crate) fn new(cells: Vec<u32>, sum: u64, is_loop: bool) -> Option<Self> {
        (1..128).contains(&sum).then_some(Self {
            cells,
            sum: sum as u32,
            is_loop,
        })
    }

    /// The states after value `x` from `state`.
    fn step(&self, state: u128, x: u32) -> u128 {
        piece_step(self.sum, state, x)
    }

    /// The states before value `x` that lead into `after`.
    fn back(&self, after: u128, x: u32) -> u128 {
        let s = self.sum;
        if x > s {
            return 0;
        }
        let mut before = (after >> x) & ((1u128 << s) - 1);
        if after & 1 == 1 {
            before |= 1u128 << (s - x);
        }
        before & ((1u128 << s) - 1)
    }
}

impl<M: Mask> Constraint<M> for Pieces {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let len = self.cells.len();
        let cand: Vec<M> = self.cells.iter().map(|&c| st.cand(c as usize)).collect();
        let cand = &cand;
        let values = |i: usize| (0..m.n.min(self.sum as usize)).filter(move |&b| cand[i].has(b));
        let mut keep = vec![M::EMPTY; len];
        let starts = if self.is_loop { self.sum } else { 1 };
        let (mut fwd, mut bwd) = (vec![0u128; len + 1], vec![0u128; len + 1]);
        for start in 0..starts {
            fwd[0] = 1u128 << start;
            for i in 0..len {
                fwd[i + 1] = values(i).fold(0, |acc, b| acc | self.step(fwd[i], b as u32 + 1));
            }
            if fwd[len] >> start & 1 == 0 {
                continue;
            }
            bwd[len] = 1u128 << start;
            for i in (0..len).rev() {
                bwd[i] = values(i).fold(0, |acc, b| acc | self.back(bwd[i + 1], b as u32 + 1));
            }
            for i in 0..len {
                for b in values(i) {
                    if self.step(fwd[i], b as u32 + 1) & bwd[i + 1] != 0 {
                        keep[i] |= M::bit(b);
                    }
                }
            }
        }
        for (&c, &k) in self.cells.iter().zip(&keep) {
            st.restrict(m, c as usize, k)?;
        }
        Ok(())
    }
}

/// The largest board whose sets of values are listed (2^N sets looked at
/// once per constraint); past it counting circles are checked placed.
const MAX_CIRCLE_VALUES: usize = 16;

/// Counting circles: a value in one of `cells` is in exactly that many of
/// them, so the values they hold are different values summing to the
/// number of circles.
///
/// A value stays in the circles when some such set holds it that takes
/// every placed value, leaves no circle without a value and has each of
/// its values placed at most that often and possible in that many groups
/// of circles that see each other (cells of a group hold a value once).
/// A value every set holds fills its places when it has just enough of
/// them, and its one place in a group when it has just enough groups.
pub(crate) struct Circles {
    cells: Vec<u32>,
    /// The sets of values summing to the number of circles, bit `i` value `i + 1`.
    combos: Vec<u64>,
    /// Groups of circles that all see each other, as indices into `cells`.
    groups: Vec<Vec<usize>>,
    /// For each group, the cells outside it that see all of it.
    beyond: Vec<Vec<u32>>,
}

impl Circles {
    /// The counting circles `cells` on `m`'s board; `None` past
    /// [`MAX_CIRCLE_VALUES`].
    pub(crate) fn new<M: Mask>(m: &Model<M>, mut cells: Vec<u32>) -> Option<Self> {
        let n = m.n;
        if n > MAX_CIRCLE_VALUES {
            return None;
        }
        cells.sort_unstable();
        cells.dedup();
        let len = cells.len() as u64;
        let combos = (0u64..1 << n)
            .filter(|&set| {
                (0..n)
                    .filter(|i| set >> i & 1 == 1)
                    .map(|i| i as u64 + 1)
                    .sum::<u64>()
                    == len
            })
            .collect();
        // Greedy, as ISS groups them: each circle joins the first group it
        // sees wholly.
        let mut seen = vec![false; m.cells];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            seen.iter_mut().for_each(|s| *s = false);
            m.peers.each(c as usize, |d| seen[d as usize] = true);
            match groups
                .iter_mut()
                .find(|g| g.iter().all(|&j| seen[cells[j] as usize]))
            {
                Some(g) => g.push(i),
                None => groups.push(vec![i]),
            }
        }
        // `count[d]`: how many of a group's circles cell `d` sees.
        let mut count = vec![0usize; m.cells];
        let beyond = groups
            .iter()
            .map(|g| {
                count.iter_mut().for_each(|k| *k = 0);
                for &i in g {
                    seen.iter_mut().for_each(|s| *s = false);
                    m.peers.each(cells[i] as usize, |d| seen[d as usize] = true);
                    seen.iter()
                        .zip(&mut count)
                        .for_each(|(&s, k)| *k += usize::from(s));
                }
                let inside = |d: usize| g.iter().any(|&i| cells[i] as usize == d);
                (0..m.cells)
                    .filter(|&d| g.len() > 1 && count[d] == g.len() && !inside(d))
                    .map(|d| d as u32)
                    .collect()
            })
            .collect();
        Some(Self {
            cells,
            combos,
            groups,
            beyond,
        })
    }
}

impl<M: Mask> Constraint<M> for Circles {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let n = m.n;
        let w: Vec<u64> = self
            .cells
            .iter()
            .map(|&c| st.cand(c as usize).word(0))
            .collect();
        let (mut all, mut fixed) = (0u64, 0u64);
        let (mut placed, mut possible, mut groups) = ([0u32; 64], [0u32; 64], [0u32; 64]);
        for &x in &w {
            all |= x;
            if x.count_ones() == 1 {
                fixed |= x;
                placed[x.trailing_zeros() as usize] += 1;
            }
        }
        for g in &self.groups {
            let union = g.iter().fold(0, |u, &i| u | w[i]);
            for b in 0..n {
                possible[b] += g.iter().filter(|&&i| w[i] >> b & 1 == 1).count() as u32;
                groups[b] += (union >> b & 1) as u32;
            }
        }
        // The values each of whose counts can still be met.
        let fit = (0..n)
            .filter(|&b| placed[b] <= b as u32 + 1 && groups[b] > b as u32)
            .fold(0u64, |f, b| f | 1 << b);
        let (mut allowed, mut required) = (0u64, all);
        for &s in &self.combos {
            if s & !(fit & all) == 0 && fixed & !s == 0 && w.iter().all(|&x| x & s != 0) {
                allowed |= s;
                required &= s;
            }
        }
        if allowed == 0 {
            return Err(Contradiction);
        }
        for &c in &self.cells {
            st.restrict(m, c as usize, M::EMPTY.with_word(0, allowed))?;
        }
        for b in (0..n).filter(|&b| required >> b & 1 == 1 && placed[b] <= b as u32) {
            let (bit, want) = (M::bit(b), b as u32 + 1);
            if possible[b] == want {
                for &c in &self.cells {
                    if st.cand(c as usize).meets(bit) {
                        st.restrict(m, c as usize, bit)?;
                    }
                }
            } else if groups[b] == want {
                // Each group that can hold the value holds it once.
                for (g, beyond) in self.groups.iter().zip(&self.beyond) {
                    let mut at = g
                        .iter()
                        .filter(|&&i| st.cand(self.cells[i] as usize).meets(bit));
                    match (at.next(), at.next()) {
                        (Some(&i), None) => st.restrict(m, self.cells[i] as usize, bit)?,
                        (Some(_), Some(_)) => {
                            for &d in beyond {
                                if st.cand(d as usize).meets(bit) {
                                    st.restrict(m, d as usize, !bit)?;
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }
}

/// Same-value sets: each value is held as often in every set, so its count
/// lies between the most any set has placed and the fewest places any set
/// has. A value some set cannot hold leaves them all; a set with only that
/// many places fills them, one with that many placed drops the rest.
pub(crate) struct Same {
    cells: Vec<u32>,
    size: usize,
}

impl Same {
    /// `cells` cut in order into `sets` sets.
    pub(crate) fn new(cells: Vec<u32>, sets: u16) -> Self {
        let size = cells.len() / usize::from(sets.max(1));
        Self { cells, size }
    }
}

impl<M: Mask> Constraint<M> for Same {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let mut left = self
            .cells
            .iter()
            .fold(M::EMPTY, |u, &c| u | st.cand(c as usize));
        let mut tallies = Vec::with_capacity(self.cells.len() / self.size.max(1));
        while !left.is_empty() {
            let bit = left.lowest();
            left = left.without_lowest();
            tallies.clear();
            tallies.extend(self.cells.chunks(self.size).map(|set| tally(st, set, bit)));
            let lo = tallies.iter().map(|t| t.0).max().unwrap_or(0);
            let hi = tallies.iter().map(|t| t.1).min().unwrap_or(0);
            if lo > hi {
                return Err(Contradiction);
            }
            for (set, &(placed, possible)) in self.cells.chunks(self.size).zip(&tallies) {
                if possible == lo && placed < lo {
                    settle(m, st, set, bit, true)?;
                } else if placed == hi && possible > hi {
                    settle(m, st, set, bit, false)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Circles;
    use crate::engine::variant::model::Model;
    use crate::engine::variant::propagate::brute::{below, domain, model, rng, sound};

    /// Whether cells `a` and `b` of `m` see each other.
    fn sees(m: &Model<u64>, a: u32, b: u32) -> bool {
        let mut found = false;
        m.peers.each(a as usize, |d| found |= d == b);
        found
    }

    /// Planted circles on boards of 4 to 9: for a few values of small sum,
    /// each placed that many times on cells that do not see each other;
    /// the circles lose no value some filling of the domains (each holding
    /// the planted value, circles that see each other different) allows.
    #[test]
    fn keep_every_supported_value_of_planted_circles() {
        let mut r = rng(43);
        for n in 4..=9 {
            let m = model(n);
            let mut tried = 0;
            while tried < 100 {
                let (mut cells, mut values) = (Vec::new(), Vec::new());
                let mut left = 7;
                for x in (1..=n).rev() {
                    if x > left || below(&mut r, 3) != 0 {
                        continue;
                    }
                    let mut placed = 0;
                    for _ in 0..50 {
                        let c = below(&mut r, n * n) as u32;
                        let clash = cells
                            .iter()
                            .zip(&values)
                            .any(|(&d, &y)| d == c || (y == x && sees(&m, c, d)));
                        if !clash {
                            cells.push(c);
                            values.push(x);
                            placed += 1;
                            if placed == x {
                                break;
                            }
                        }
                    }
                    if placed < x {
                        cells.truncate(cells.len() - placed);
                        values.truncate(values.len() - placed);
                    } else {
                        left -= x;
                    }
                }
                if cells.is_empty() {
                    continue;
                }
                tried += 1;
                let con = Circles::new(&m, cells.clone()).unwrap();
                // The propagator reads its circles sorted.
                let order: Vec<usize> = con
                    .cells
                    .iter()
                    .map(|c| cells.iter().position(|d| d == c).unwrap())
                    .collect();
                let doms: Vec<u64> = order
                    .iter()
                    .map(|&i| domain(&mut r, n, values[i], 3))
                    .collect();
                let seen: Vec<(usize, usize)> = (0..order.len())
                    .flat_map(|i| (i + 1..order.len()).map(move |j| (i, j)))
                    .filter(|&(i, j)| sees(&m, con.cells[i], con.cells[j]))
                    .collect();
                let holds = |a: &[usize]| {
                    seen.iter().all(|&(i, j)| a[i] != a[j])
                        && a.iter()
                            .all(|&x| a.iter().filter(|&&y| y == x).count() == x)
                };
                assert!(sound(&m, &con, &doms, holds), "{cells:?} {values:?}");
            }
        }
    }
}
