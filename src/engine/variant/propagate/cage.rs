//! Sum cages whose cells differ: the value combinations a cage still allows, kept to those its cells can hold; renban lines as cages of runs.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::{Fingerprint, State};

/// The most combinations a cage lists; past it the cage keeps bounds only.
const MAX_COMBOS: usize = 1 << 14;

/// Whether a value a cage needs leaves every cell that sees all its places
/// in the cage ([`CageSum::seen_by_all`]), rather than only the other cells
/// of houses holding them all: left out of the compact WebAssembly build,
/// for its size limit (as `search::HOUSES`).
/// Whether a renban line also reads each other house holding two of its
/// cells or more, for the values only it can hold there: not in the
/// compact WebAssembly build, for its size (as [`SEEN_BY_ALL`]).
const PARTIAL: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

const SEEN_BY_ALL: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// The most open cells for which each value set is checked exactly (a value
/// stays in a cell only if the set's other values can fill the other open
/// cells, [`Supports`]), as the Interactive Sudoku Solver's `Sum` does on
/// up to three: on more, the check costs more than it saves (record 0028).
/// 0 in the compact WebAssembly build, for its size.
const EXACT: usize = if cfg!(not(all(feature = "compact", target_arch = "wasm32"))) {
    3
} else {
    0
};

/// A cage of different values with a sum, as the sets of values (masks)
/// that fill it: a set stays possible while it holds every value placed in
/// the cage, each of its other values has an open cell to go to, and each
/// open cell has one of them. The cells keep the union of those sets, and a
/// value in every set with one cell left for it goes there.
///
/// A cage inside a house also reads the rest of the house (its complement,
/// as the Interactive Sudoku Solver's `Sum` does): a value the rest can no
/// longer hold must be in the cage, so a set without it is ruled out.
///
/// A renban line is such a cage whose sets are the runs of its length
/// ([`CageSum::renban`]).
pub(crate) struct CageSum<M> {
    /// The cage's cells.
    own: Vec<u32>,
    combos: Arc<Combos<M>>,
    /// The other cells of the smallest house holding the whole cage, or none.
    rest: Vec<u32>,
    /// For each other house holding two cells of it or more, its cells
    /// outside it (renban lines only): a value with no place there is in it.
    partial: Vec<Vec<u32>>,
    /// The cage's cells, then the rest and the partial houses' cells: what
    /// it reads and is run for.
    reads: Vec<u32>,
    /// The cells outside the cage that see each of its cells.
    seen: Seen,
}

impl<M: Mask> CageSum<M> {
    /// The cage on `cells` summing to `sum` with values `1..=N` of `m`, or
    /// `None` when it has more than `most` combinations (or too many to list).
    pub(crate) fn new(m: &Model<M>, cells: Vec<u32>, sum: u64, most: usize) -> Option<Self> {
        let combos = combinations_of(m.n, cells.len(), sum).filter(|c| c.sets.len() <= most)?;
        Self::of_sets(m, cells, combos)
    }

    /// The renban line on `cells`: its value sets are the runs of as many
    /// consecutive values of `1..=N` (none past N cells, which then fail).
    /// Its cells differ (the rules make them peers), so it is a cage whose
    /// sets are runs; it also reads the other houses holding two of its
    /// cells or more ([`PARTIAL`]).
    pub(crate) fn renban(m: &Model<M>, cells: Vec<u32>) -> Option<Self> {
        let runs = runs(m.n, cells.len());
        let mut line = Self::of_sets(m, cells, runs)?;
        if PARTIAL {
            line.read_partial_houses(m);
        }
        Some(line)
    }

    /// Lists in [`CageSum::partial`] each house holding two of its cells or
    /// more but not all (the smallest holding all is [`CageSum::rest`]),
    /// and reads their cells.
    fn read_partial_houses(&mut self, m: &Model<M>) {
        let mut houses: Vec<u32> = self
            .own
            .iter()
            .flat_map(|&c| m.houses_of(c as usize).iter().copied())
            .collect();
        houses.sort_unstable();
        for same in houses.chunk_by(|a, b| a == b) {
            if same.len() < 2 || same.len() == self.own.len() {
                continue;
            }
            let out: Vec<u32> = m
                .house(same[0] as usize)
                .iter()
                .filter(|c| !self.own.contains(c))
                .copied()
                .collect();
            for &c in &out {
                if !self.reads.contains(&c) {
                    self.reads.push(c);
                }
            }
            self.partial.push(out);
        }
    }

    /// The cells `cells`, which differ, filled by one of the value sets
    /// `combos`; `None` without a cell.
    fn of_sets(m: &Model<M>, cells: Vec<u32>, combos: Arc<Combos<M>>) -> Option<Self> {
        let first = *cells.first()? as usize;
        let rest = m
            .houses_of(first)
            .iter()
            .map(|&h| m.house(h as usize))
            .find(|house| cells.iter().all(|c| house.contains(c)))
            .map(|house| house.iter().filter(|c| !cells.contains(c)).copied())
            .map_or_else(Vec::new, Iterator::collect);
        let reads = cells.iter().chain(&rest).copied().collect();
        let seen = if SEEN_BY_ALL {
            Seen::new(m, &cells)
        } else {
            Seen::default()
        };
        Some(Self {
            own: cells,
            combos,
            rest,
            partial: Vec::new(),
            reads,
            seen,
        })
    }
}

impl<M: Mask> Constraint<M> for CageSum<M> {
    fn cells(&self) -> &[u32] {
        &self.reads
    }

    fn own_cells(&self) -> &[u32] {
        &self.own
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let (mut placed, mut free, mut open) = (M::EMPTY, M::EMPTY, 0);
        let mut inputs = Fingerprint::new();
        for &c in &self.own {
            let cand = st.cand(c as usize);
            inputs = inputs.with(cand);
            if st.is_done(c as usize) {
                placed |= cand;
            } else {
                free |= cand;
                open += 1;
            }
        }
        // Values the rest of the house cannot hold: every set holds them.
        let held = self
            .rest
            .iter()
            .fold(M::EMPTY, |u, &c| u | st.cand(c as usize));
        let mut must = if self.rest.is_empty() {
            placed
        } else {
            placed | (m.full & !held)
        };
        // And the values a house holding some of its cells has nowhere
        // else to put (renban lines only).
        for out in &self.partial {
            must |= m.full & !out.iter().fold(M::EMPTY, |u, &c| u | st.cand(c as usize));
        }
        if open == 0 {
            return self.settle(m, st, placed, free, must, open).map(|_| ());
        }
        // Most runs follow a change elsewhere in the house that leaves
        // `must` as it was (record 0039).
        let inputs = inputs
            .with(placed)
            .with(must)
            .with_word(u64::from(st.exact));
        st.unless_idle_on(inputs, |st| self.settle(m, st, placed, free, must, open))
    }
}

impl<M: Mask> CageSum<M> {
    /// Keeps the cage's value sets to those that fit, given the values
    /// `placed` in it, the candidates `free` of its `open` cells and the
    /// values it `must` hold; returns whether it read cells beyond its own
    /// (to take a needed value from the cells that see all its places).
    fn settle(
        &self,
        m: &Model<M>,
        st: &mut State<M>,
        placed: M,
        free: M,
        must: M,
        open: usize,
    ) -> Result<bool, Contradiction> {
        // Up to `EXACT` open cells, each cell keeps the values some set
        // gives it with the set's other values in the other open cells;
        // below the root only (`State::exact`), where it cut TAREK_ALL's
        // guesses by 31%: the root's one pass gains little for its cost.
        let required = if EXACT > 0 && st.exact && (2..=EXACT).contains(&open) {
            self.fill_exactly(m, st, placed, free, must)?
        } else {
            self.fill(m, st, placed, free, must)?
        };
        // A value every combination needs goes in one of its places here:
        // with one place left it goes there, and it leaves the rest of any
        // house that holds all its places.
        let (mut need, mut beyond) = (required, false);
        while !need.is_empty() {
            let bit = need.lowest();
            need = need.without_lowest();
            let places = || {
                self.own
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| !st.is_done(c) && st.cand(c).meets(bit))
            };
            let (Some(first), second) = (places().next(), places().nth(1)) else {
                return Err(Contradiction);
            };
            if second.is_none() {
                st.restrict(m, first, bit)?;
                continue;
            }
            beyond = true;
            if SEEN_BY_ALL && !self.seen.sets.is_empty() {
                self.seen.exclude(m, st, &self.own, bit)?;
                continue;
            }
            let mut shared = Houses::of(m, first);
            places().skip(1).for_each(|c| shared.keep_those_of(m, c));
            for h in shared.iter() {
                for &c in m.house(h) {
                    if st.cand(c as usize).meets(bit) && !self.own.contains(&c) {
                        st.restrict(m, c as usize, !bit)?;
                    }
                }
            }
        }
        Ok(beyond)
    }

    /// Keeps in each open cell the values of the sets that still fit (each
    /// holds `must`, lies in `free` past the `placed` values, and meets
    /// every open cell); returns the values every such set holds.
    fn fill(
        &self,
        m: &Model<M>,
        st: &mut State<M>,
        placed: M,
        free: M,
        must: M,
    ) -> Result<M, Contradiction> {
        let (mut allowed, mut required, mut fits_any) = (M::EMPTY, !M::EMPTY, false);
        self.each_fitting(st, placed, free, must, |rest| {
            fits_any = true;
            allowed |= rest;
            required &= rest;
        });
        if !fits_any {
            return Err(Contradiction);
        }
        for &c in &self.own {
            if !st.is_done(c as usize) {
                st.restrict(m, c as usize, allowed)?;
            }
        }
        // The sets that fit are those that fitted, and keep each value left.
        st.settled();
        Ok(required)
    }

    /// As [`CageSum::fill`], on two to [`EXACT`] open cells, keeping in each
    /// only the values some fitting set gives it in a full filling.
    fn fill_exactly(
        &self,
        m: &Model<M>,
        st: &mut State<M>,
        placed: M,
        free: M,
        must: M,
    ) -> Result<M, Contradiction> {
        let mut exact = Supports::<M>::new();
        for &c in &self.own {
            if !st.is_done(c as usize) {
                exact.open(c as usize);
            }
        }
        let (mut required, mut fits_any) = (!M::EMPTY, false);
        self.each_fitting(st, placed, free, must, |rest| {
            if exact.add(st, rest) {
                fits_any = true;
                required &= rest;
            }
        });
        if !fits_any {
            return Err(Contradiction);
        }
        for i in 0..exact.k {
            st.restrict(m, exact.cells[i], exact.sup[i])?;
        }
        // Each value left keeps the filling that supported it.
        st.settled();
        Ok(required)
    }

    /// Calls `f` on each value set that still fits, less the `placed`
    /// values: by the index where the sets have one, else set by set.
    #[inline(always)]
    fn each_fitting(&self, st: &State<M>, placed: M, free: M, must: M, mut f: impl FnMut(M)) {
        if let Some(index) = &self.combos.index {
            let mut live = self.live(st, index, placed, free, must);
            while live != 0 {
                f(self.combos.sets[live.trailing_zeros() as usize] & !placed);
                live &= live - 1;
            }
        } else {
            for &combo in self.combos.sets.iter() {
                let rest = combo & !placed;
                if self.fits(st, combo, rest, free, must) {
                    f(rest);
                }
            }
        }
    }

    /// The value sets that still fit, as bits of `index`: as
    /// [`CageSum::fits`] on each, by table look-ups a cell rather than a
    /// walk over the cells for each set.
    #[inline(always)]
    fn live(&self, st: &State<M>, index: &Index, placed: M, free: M, must: M) -> u64 {
        let word = |mask: M| mask.word(0);
        // Sets holding every needed value, and none outside what may stand.
        let mut live = index.holding_all(word(must)) & !index.meeting(!word(placed | free));
        for &c in &self.own {
            if !st.is_done(c as usize) {
                live &= index.meeting(word(st.cand(c as usize) & !placed));
            }
        }
        live
    }

    /// Whether a value set (`combo`, `rest` of it not placed) still fits.
    #[inline(always)]
    fn fits(&self, st: &State<M>, combo: M, rest: M, free: M, must: M) -> bool {
        combo & must == must
            && (rest & !free).is_empty()
            && self
                .own
                .iter()
                .all(|&c| st.is_done(c as usize) || st.cand(c as usize).meets(rest))
    }
}

/// The cells that must differ from each cell of a cage (in a house, a cage
/// or a chess move away), as bit sets over the board, on boards of up to
/// 256 cells: a value the cage needs leaves every cell outside it that sees
/// all its places in the cage (the Interactive Sudoku Solver's cell
/// exclusions), which on snake cages reaches cells sharing no one house
/// with them. Empty on bigger boards, which keep to the houses.
#[derive(Default)]
struct Seen {
    /// Cage cell `i`'s peers, less the cage's own cells.
    sets: Vec<[u64; 4]>,
}

impl Seen {
    fn new<M: Mask>(m: &Model<M>, own: &[u32]) -> Self {
        if m.cells > 256 {
            return Self::default();
        }
        let mut mine = [0u64; 4];
        for &c in own {
            mine[c as usize / 64] |= 1 << (c % 64);
        }
        let sets = own
            .iter()
            .map(|&c| {
                let mut set = [0u64; 4];
                m.peers
                    .each(c as usize, |p| set[p as usize / 64] |= 1 << (p % 64));
                std::array::from_fn(|w| set[w] & !mine[w])
            })
            .collect();
        Self { sets }
    }

    /// Removes `bit` from every cell that sees each open cell of `own`
    /// (the cage's cells, in order) that can hold it.
    fn exclude<M: Mask>(
        &self,
        m: &Model<M>,
        st: &mut State<M>,
        own: &[u32],
        bit: M,
    ) -> Result<(), Contradiction> {
        let mut all = [!0u64; 4];
        for (set, &c) in self.sets.iter().zip(own) {
            let c = c as usize;
            if !st.is_done(c) && st.cand(c).meets(bit) {
                all.iter_mut().zip(set).for_each(|(a, s)| *a &= s);
            }
        }
        for (w, mut word) in all.into_iter().enumerate() {
            while word != 0 {
                let c = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if st.cand(c).meets(bit) {
                    st.restrict(m, c, !bit)?;
                }
            }
        }
        Ok(())
    }
}

/// The orders of two and of three values, as positions.
const ORDERS: [&[[usize; 3]]; 4] = [
    &[],
    &[],
    &[[0, 1, 0], [1, 0, 0]],
    &[
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ],
];
const _: () = assert!(EXACT <= 3, "`ORDERS` lists orders of up to three values");

/// A cage's open cells (up to [`EXACT`]) and, for each, the values some
/// value set checked so far gives it in a full assignment: the set's values
/// go one a cell, each to a cell that holds it. Without it a cell keeps any
/// value of a set each cell meets, as in `{1,4,6}` for cells `{3,4,6}`,
/// `{1,3,6,7}` and `{1,3,6,7}`, where 6 cannot go in the first (4 must).
struct Supports<M> {
    /// How many open cells (two to [`EXACT`]; one open cell is exact already).
    k: usize,
    cells: [usize; EXACT],
    sup: [M; EXACT],
}

impl<M: Mask> Supports<M> {
    fn new() -> Self {
        Self {
            k: 0,
            cells: [0; EXACT],
            sup: [M::EMPTY; EXACT],
        }
    }

    /// Adds an open cell (at most [`EXACT`]).
    fn open(&mut self, cell: usize) {
        self.cells[self.k] = cell;
        self.k += 1;
    }

    /// Whether the values `rest` fill the open cells, one a cell (each in a
    /// cell holding it); if so, adds what each cell can take to its support.
    fn add(&mut self, st: &State<M>, rest: M) -> bool {
        let k = self.k;
        if rest.count() as usize != k {
            return false;
        }
        // The values of `rest`, lowest first, as masks (k is 2 or 3).
        let (x, yz) = (rest.lowest(), rest.without_lowest());
        let vals = [x, yz.lowest(), yz.without_lowest()];
        let mut cands = [M::EMPTY; EXACT];
        for (cand, &cell) in cands.iter_mut().zip(&self.cells).take(k) {
            *cand = st.cand(cell);
        }
        // Each order of the values that fits the cells.
        let mut fits = false;
        for order in ORDERS[k] {
            if (0..k).all(|i| cands[i].meets(vals[order[i]])) {
                fits = true;
                for (s, &p) in self.sup.iter_mut().zip(order).take(k) {
                    *s |= vals[p];
                }
            }
        }
        fits
    }
}

/// The houses a set of cells all lie in, narrowed cell by cell.
struct Houses {
    list: [u32; 8],
    len: usize,
}

impl Houses {
    /// The houses of `cell` (the first eight).
    fn of<M: Mask>(m: &Model<M>, cell: usize) -> Self {
        let mut list = [0; 8];
        let houses = m.houses_of(cell);
        let len = houses.len().min(8);
        list[..len].copy_from_slice(&houses[..len]);
        Self { list, len }
    }

    /// Keeps those that also hold `cell`.
    fn keep_those_of<M: Mask>(&mut self, m: &Model<M>, cell: usize) {
        let theirs = m.houses_of(cell);
        let mut kept = 0;
        for i in 0..self.len {
            if theirs.contains(&self.list[i]) {
                self.list[kept] = self.list[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.list[..self.len].iter().map(|&h| h as usize)
    }
}

/// Whether houses also read the cages that cross them ([`CageHouses`]):
/// left out of the compact WebAssembly build, for its size limit (as
/// `search::HOUSES`).
pub(super) const CAGE_HOUSES: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// A house and the cages that cross it (two of their cells or more in it,
/// not all): a value whose places in the house all lie in one such cage
/// leaves that cage's cells outside the house, which see them all
/// (pointing from a house into a cage, as ISS's exclusion groups do;
/// HS_KILLERS #5, record 0028). One a house, reading the house's cells
/// alone; it runs below the root only, and finds the crossings at its
/// first run there, so a puzzle solved without a guess pays only for the
/// watching.
pub(crate) struct CageHouses {
    /// Its house, by index in [`Crossings::which`].
    index: usize,
    /// What every house's [`CageHouses`] shares.
    shared: Arc<Crossings>,
}

/// What the [`CageHouses`] of one set of rules share: the cages' cells,
/// the crossed houses' cells, and the crossings, found once.
pub(crate) struct Crossings {
    /// The cells of the cages of three cells or more, end to end.
    cages: Vec<u32>,
    /// Where each of those cages ends in `cages`.
    ends: Vec<u32>,
    /// The houses some cage crosses, by index in the model.
    which: Vec<u32>,
    /// Their cells, N a house, end to end: what each [`CageHouses`] reads.
    houses: Vec<u32>,
    /// N, the cells of a house.
    n: usize,
    /// The crossings, found at the first run below the root.
    parts: OnceLock<Parts>,
}

/// Each crossed house's crossings, laid end to end as [`Model`]'s
/// meetings are.
struct Parts {
    /// `parts[start[i]..start[i + 1]]`: the crossings of house `which[i]`.
    start: Vec<u32>,
    /// Each crossing: where its cells begin in `cells`, then how many are
    /// in the house and the cage, in the house only, and in the cage only.
    parts: Vec<[u32; 4]>,
    cells: Vec<u32>,
}

impl Crossings {
    /// The houses of `m` that the cages of `cages` cross; `None` when none
    /// does. Found from each cell's cage and a count a cage, as a cage of
    /// two cells cannot cross a house, leaving one outside it.
    pub(crate) fn new<'a, M: Mask>(
        m: &Model<M>,
        cages: impl Iterator<Item = &'a [u32]>,
    ) -> Option<Arc<Self>> {
        let (mut cells, mut ends) = (Vec::new(), Vec::new());
        for cage in cages.filter(|c| c.len() >= 3) {
            cells.extend_from_slice(cage);
            ends.push(cells.len() as u32);
        }
        if ends.is_empty() {
            return None;
        }
        // Each cell's cage (the last, where cages overlap: a crossing then
        // may go unseen, which loses deductions, never answers).
        let mut cage_of = vec![u32::MAX; m.cells];
        let mut begin = 0;
        for (k, &end) in ends.iter().enumerate() {
            for &c in &cells[begin..end as usize] {
                cage_of[c as usize] = k as u32;
            }
            begin = end as usize;
        }
        let size = |k: usize| ends[k] - if k == 0 { 0 } else { ends[k - 1] };
        let mut count = vec![0u32; ends.len()];
        let (mut which, mut houses) = (Vec::new(), Vec::new());
        for h in 0..m.house_count() {
            let house = m.house(h);
            let of = || {
                house
                    .iter()
                    .map(|&c| cage_of[c as usize])
                    .filter(|&k| k != u32::MAX)
            };
            of().for_each(|k| count[k as usize] += 1);
            let crossed = of().any(|k| (2..size(k as usize)).contains(&count[k as usize]));
            of().for_each(|k| count[k as usize] = 0);
            if crossed {
                which.push(h as u32);
                houses.extend_from_slice(house);
            }
        }
        if which.is_empty() {
            return None;
        }
        Some(Arc::new(Self {
            cages: cells,
            ends,
            which,
            houses,
            n: m.n,
            parts: OnceLock::new(),
        }))
    }

    /// A [`CageHouses`] for each crossed house.
    pub(crate) fn houses(self: &Arc<Self>) -> impl Iterator<Item = CageHouses> + '_ {
        (0..self.which.len()).map(|index| CageHouses {
            index,
            shared: Arc::clone(self),
        })
    }

    /// The crossings, found the first time.
    fn parts<M: Mask>(&self, m: &Model<M>) -> &Parts {
        self.parts.get_or_init(|| {
            let mut begin = 0;
            let cages = self.ends.iter().map(|&end| {
                let cage = &self.cages[begin..end as usize];
                begin = end as usize;
                cage
            });
            // Each crossing as (its house's index in `which`, its entry in
            // `parts`), its cells laid out as they are found.
            let (mut found, mut cells) = (Vec::new(), Vec::new());
            for cage in cages {
                for h in crossed(m, cage) {
                    let Ok(i) = self.which.binary_search(&(h as u32)) else {
                        continue;
                    };
                    let (house, at) = (m.house(h), cells.len());
                    cells.extend(house.iter().filter(|c| cage.contains(c)));
                    let both = cells.len() - at;
                    cells.extend(house.iter().filter(|c| !cage.contains(c)));
                    let only = cells.len() - at - both;
                    cells.extend(cage.iter().filter(|c| !house.contains(c)));
                    let beyond = cells.len() - at - both - only;
                    found.push((i, [at, both, only, beyond].map(|x| x as u32)));
                }
            }
            // Stable: a house's crossings stay in the order of their cages.
            found.sort_by_key(|f| f.0);
            let mut start = vec![0u32; self.which.len() + 1];
            for &(i, _) in &found {
                start[i + 1] += 1;
            }
            for i in 0..self.which.len() {
                start[i + 1] += start[i];
            }
            let parts = found.into_iter().map(|f| f.1).collect();
            Parts {
                start,
                parts,
                cells,
            }
        })
    }
}

/// The houses of `m` that hold two cells of `cage` or more but not all,
/// each once.
pub(crate) fn crossed<M: Mask>(m: &Model<M>, cage: &[u32]) -> Vec<usize> {
    let mut houses: Vec<u32> = cage
        .iter()
        .flat_map(|&c| m.houses_of(c as usize).iter().copied())
        .collect();
    houses.sort_unstable();
    houses
        .chunk_by(|a, b| a == b)
        .filter(|run| run.len() >= 2 && run.len() < cage.len())
        .map(|run| run[0] as usize)
        .collect()
}

impl<M: Mask> Constraint<M> for CageHouses {
    fn cells(&self) -> &[u32] {
        let n = self.shared.n;
        &self.shared.houses[self.index * n..(self.index + 1) * n]
    }

    /// None: the cages' own propagators prime their cells' weights.
    fn own_cells(&self) -> &[u32] {
        &[]
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        // Below the root only (`State::exact`): most published killers
        // need no guess, and at the root it cost janko_killer 9.6% more
        // instructions (record 0028).
        if !st.exact {
            return Ok(());
        }
        let p = self.shared.parts(m);
        let union = |st: &State<M>, cells: &[u32]| {
            cells.iter().fold(M::EMPTY, |u, &c| u | st.cand(c as usize))
        };
        let mine = &p.parts[p.start[self.index] as usize..p.start[self.index + 1] as usize];
        for &[at, both, only, beyond] in mine {
            let (at, both, only, beyond) =
                (at as usize, both as usize, only as usize, beyond as usize);
            let (inside, rest) = p.cells[at..at + both + only + beyond].split_at(both);
            let (outside, beyond) = rest.split_at(only);
            let locked = union(st, inside) & !union(st, outside);
            if locked.is_empty() {
                continue;
            }
            for &c in beyond {
                if st.cand(c as usize).meets(locked) {
                    st.restrict(m, c as usize, !locked)?;
                }
            }
        }
        Ok(())
    }
}

/// Every run of `k` consecutive values of `1..=n`, as masks, lowest first.
fn runs<M: Mask>(n: usize, k: usize) -> Arc<Combos<M>> {
    let sets: Vec<M> = (k.max(1)..=n)
        .map(|top| M::range(top - k, top - 1))
        .collect();
    let index = Index::new(n, &sets);
    Arc::new(Combos { sets, index })
}

/// A cage's value sets, and where they are few enough, an index of them.
pub(crate) struct Combos<M> {
    /// Every set of the cage's size and sum.
    sets: Vec<M>,
    /// Up to 64 sets of values up to 64: which sets hold each value.
    index: Option<Index>,
}

/// Up to 64 value sets, as tables from four values at a time (a nibble of
/// a mask) to the bits of the sets that hold any or all of them: a cell's
/// candidates pick the sets it can take a value of in `N / 4` look-ups.
struct Index {
    /// `any[j][x]`: the sets holding a value of nibble `x` at `4 * j`.
    any: Vec<[u64; 16]>,
    /// `all[j][x]`: the sets holding every value of nibble `x` at `4 * j`.
    all: Vec<[u64; 16]>,
    /// Every set.
    every: u64,
}

impl Index {
    /// The index of `sets` of values `1..=n`, or `None` past 64 of either.
    fn new<M: Mask>(n: usize, sets: &[M]) -> Option<Self> {
        if sets.len() > 64 || n > 64 {
            return None;
        }
        let nibbles = n.div_ceil(4);
        let (mut any, mut all) = (vec![[0; 16]; nibbles], vec![[!0; 16]; nibbles]);
        for (j, (any, all)) in any.iter_mut().zip(&mut all).enumerate() {
            for x in 0..16 {
                for (i, set) in sets.iter().enumerate() {
                    let held = set.word(0) >> (4 * j) & x as u64;
                    if held != 0 {
                        any[x] |= 1 << i;
                    }
                    if held != x as u64 {
                        all[x] &= !(1 << i);
                    }
                }
            }
        }
        let every = u64::MAX.checked_shr(64 - sets.len() as u32).unwrap_or(0);
        Some(Self { any, all, every })
    }

    /// The sets holding some value of `values`.
    #[inline(always)]
    fn meeting(&self, values: u64) -> u64 {
        let mut out = 0;
        for (j, table) in self.any.iter().enumerate() {
            out |= table[(values >> (4 * j) & 15) as usize];
        }
        out
    }

    /// The sets holding every value of `values` (of values up to N).
    #[inline(always)]
    fn holding_all(&self, values: u64) -> u64 {
        let mut out = self.every;
        for (j, table) in self.all.iter().enumerate() {
            out &= table[(values >> (4 * j) & 15) as usize];
        }
        out
    }
}

/// Combinations by (mask type, n, k, sum), each an `Option<Arc<Combos<M>>>`:
/// `None` where there are too many to list.
type Listed = HashMap<(TypeId, usize, usize, u64), Box<dyn Any>>;

thread_local! {
    /// The combinations listed so far, by (n, k, sum): puzzles share most of theirs.
    static LISTED: RefCell<Listed> = RefCell::default();
}

/// [`combinations`], listed once a thread.
fn combinations_of<M: Mask>(n: usize, k: usize, sum: u64) -> Option<Arc<Combos<M>>> {
    LISTED.with_borrow_mut(|listed| {
        let list = || {
            combinations::<M>(n, k, sum).map(|sets| {
                let index = Index::new(n, &sets);
                Arc::new(Combos { sets, index })
            })
        };
        listed
            .entry((TypeId::of::<M>(), n, k, sum))
            .or_insert_with(|| Box::new(list()))
            .downcast_ref::<Option<Arc<Combos<M>>>>()
            .expect("each entry holds its own mask type")
            .clone()
    })
}

/// Every set of `k` different values of `1..=n` summing to `sum`, as masks
/// (bit `v - 1` for value `v`), or `None` past [`MAX_COMBOS`].
fn combinations<M: Mask>(n: usize, k: usize, sum: u64) -> Option<Vec<M>> {
    let mut out = Vec::new();
    // The sets in order, built on an explicit stack of chosen values.
    let mut chosen: Vec<u64> = Vec::with_capacity(k);
    let mut next = 1u64;
    let (n, k64) = (n as u64, k as u64);
    loop {
        let total: u64 = chosen.iter().sum();
        let left = k64 - chosen.len() as u64;
        // The least and most the remaining values can add, starting at `next`.
        let low = left * next + left * left.saturating_sub(1) / 2;
        let high = left * n - left * left.saturating_sub(1) / 2;
        let can = left == 0 || (next + left - 1 <= n && total + low <= sum && total + high >= sum);
        if left == 0 && total == sum {
            out.push(
                chosen
                    .iter()
                    .fold(M::EMPTY, |m, &v| m | M::bit(v as usize - 1)),
            );
            if out.len() > MAX_COMBOS {
                return None;
            }
        }
        if left > 0 && can {
            chosen.push(next);
            next += 1;
            continue;
        }
        // Step back: advance the last chosen value.
        loop {
            let Some(v) = chosen.pop() else {
                return Some(out);
            };
            if v < n {
                chosen.push(v + 1);
                next = v + 2;
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::propagate::brute::{
        below, distinct, domain, exact_when_fixed, model, projection, propagated, rng, sound,
    };

    /// A 9×9 solution grid, row by row (MATHEMAGIC_KILLERS #0's).
    const PLANTED: &str =
        "296718435385246197714395286952487613647153928138629574469871352573962841821534769";

    /// A snake of `k` cells of the 9×9 board from a random cell, each next
    /// to one before it, with different planted values and not all in one
    /// house; `None` when the walk does not make one.
    fn snake(r: &mut rand_chacha::ChaCha8Rng, k: usize) -> Option<Vec<u32>> {
        let value = |c: u32| PLANTED.as_bytes()[c as usize] - b'0';
        let mut cells = vec![below(r, 81) as u32];
        while cells.len() < k {
            let c = cells[below(r, cells.len())];
            let (row, col) = (c / 9, c % 9);
            let next = match below(r, 4) {
                0 if row > 0 => c - 9,
                1 if row < 8 => c + 9,
                2 if col > 0 => c - 1,
                3 if col < 8 => c + 1,
                _ => continue,
            };
            if cells.contains(&next) || cells.iter().any(|&d| value(d) == value(next)) {
                return None;
            }
            cells.push(next);
        }
        let box_of = |c: u32| c / 27 * 3 + c % 9 / 3;
        let one_house = |f: &dyn Fn(u32) -> u32| cells.iter().all(|&c| f(c) == f(cells[0]));
        let in_a_house = one_house(&|c| c / 9) || one_house(&|c| c % 9) || one_house(&box_of);
        (!in_a_house).then_some(cells)
    }

    #[test]
    fn open_cells_keep_exactly_the_values_of_some_filling() {
        // Cages cut from a planted grid, each cell's domain holding its
        // planted value: the planted values stay, and on up to `EXACT`
        // cells each value left has a filling of the cage (different
        // values, the sum) that uses it.
        let m = model(9);
        let (mut checked, mut pruned) = (0, 0);
        for seed in 0..5000 {
            let mut r = rng(seed);
            let k = 2 + below(&mut r, 5);
            let Some(cells) = snake(&mut r, k) else {
                continue;
            };
            let planted: Vec<usize> = cells
                .iter()
                .map(|&c| usize::from(PLANTED.as_bytes()[c as usize] - b'0'))
                .collect();
            let sum = planted.iter().sum::<usize>() as u64;
            let cage = CageSum::<u64>::new(&m, cells.clone(), sum, usize::MAX).unwrap();
            assert!(cage.rest.is_empty());
            let doms: Vec<u64> = planted.iter().map(|&v| domain(&mut r, 9, v, 2)).collect();
            let holds = |v: &[usize]| distinct(v) && v.iter().sum::<usize>() as u64 == sum;
            assert!(sound(&m, &cage, &doms, holds));
            if cells.len() <= EXACT {
                let kept = propagated(&m, &cage, &doms).unwrap();
                let support = projection(&doms, holds);
                assert_eq!(kept, support, "cells {cells:?} doms {doms:?}");
                checked += 1;
                pruned += usize::from(kept != doms);
            }
        }
        assert!(
            checked > 150 && pruned > 50,
            "{checked} cages, {pruned} pruned"
        );
    }

    /// A house's cage locks: a snake cage crossing houses, random domains
    /// over the cage and the houses holding the planted values (sparse
    /// outside the cage, so that values lock); each house's propagator
    /// keeps the planted values, and some others go.
    #[test]
    fn house_locked_values_leave_the_cage_but_planted_ones_stay() {
        let m = model(9);
        let value = |c: u32| usize::from(PLANTED.as_bytes()[c as usize] - b'0');
        let (mut made, mut pruned) = (0, 0);
        for seed in 0..4000 {
            let mut r = rng(seed + 9_000_000);
            let k = 3 + below(&mut r, 5);
            let Some(cells) = snake(&mut r, k) else {
                continue;
            };
            let shared = Crossings::new(&m, std::iter::once(cells.as_slice()))
                .expect("a snake crosses a house");
            made += 1;
            for con in shared.houses() {
                let house = Constraint::<u64>::cells(&con).to_vec();
                let mut seen: Vec<u32> = house.iter().chain(&cells).copied().collect();
                seen.sort_unstable();
                seen.dedup();
                let mut st = State::new(&m);
                st.reset(&m, &[0; 81]).expect("an empty board");
                st.exact = true;
                for &c in &seen {
                    let odds = if cells.contains(&c) { 2 } else { 4 };
                    let d = domain(&mut r, 9, value(c), odds);
                    st.restrict(&m, c as usize, d).expect("a value");
                }
                let before: Vec<u64> = seen.iter().map(|&c| st.cand(c as usize)).collect();
                con.propagate(&m, &mut st).expect("the planted values hold");
                for (&c, &d) in seen.iter().zip(&before) {
                    let (k, bit) = (st.cand(c as usize), 1u64 << (value(c) - 1));
                    assert_eq!(
                        k & bit,
                        bit,
                        "cell {c} lost its planted value: {d:b} to {k:b}"
                    );
                    assert_eq!(k & !d, 0, "cell {c} gained a value");
                }
                pruned += usize::from(
                    seen.iter()
                        .zip(&before)
                        .any(|(&c, &d)| st.cand(c as usize) != d),
                );
            }
        }
        assert!(
            made > 350 && pruned > 100,
            "{made} cages, {pruned} houses pruned"
        );
    }

    /// A renban line as a cage of runs, without the houses around it.
    fn runs_cage(m: &Model<u64>, cells: Vec<u32>) -> CageSum<u64> {
        let k = cells.len();
        CageSum::of_sets(m, cells, runs(m.n, k)).expect("a cell")
    }

    fn is_run(values: &[usize]) -> bool {
        let (lo, hi) = (values.iter().min().unwrap(), values.iter().max().unwrap());
        distinct(values) && hi - lo + 1 == values.len()
    }

    #[test]
    fn renban_keeps_every_value_of_a_solution() {
        // Cells no two of which share a house, so that they need not be
        // peers and the line reads no house.
        let m = model(6);
        let mut solvable = 0;
        for seed in 0..300 {
            let mut r = rng(seed);
            let k = 2 + below(&mut r, 3);
            let low = 1 + below(&mut r, 7 - k);
            let cells: Vec<u32> = [0, 9, 20, 25][..k].to_vec();
            let doms: Vec<u64> = (0..k)
                .map(|i| domain(&mut r, 6, low + (i * 5 + seed as usize) % k, 3))
                .collect();
            solvable += usize::from(sound(&m, &runs_cage(&m, cells), &doms, is_run));
        }
        assert!(solvable > 100, "only {solvable} cases had a solution");
    }

    #[test]
    fn renban_fails_exactly_when_fixed_cells_break_it() {
        let m = model(6);
        exact_when_fixed(&m, &runs_cage(&m, vec![0, 9, 20]), &[0b11_1111; 3], is_run);
    }

    /// A diamond in box 1 (R1C2, R2C1, R2C3, R3C2) whose row 2 has no 9
    /// outside it (its box does): 9 is on the line, so only the run 6-9 is left (a
    /// renban that did not read row 2 would keep 1-9).
    #[test]
    fn renban_holds_a_value_a_house_through_it_has_nowhere_else_for() {
        let m = model(9);
        let line = CageSum::<u64>::renban(&m, vec![1, 9, 11, 19]).expect("a line");
        let mut st = State::new(&m);
        st.reset(&m, &[0; 81]).expect("an empty board");
        st.exact = true;
        for c in [10, 12, 13, 14, 15, 16, 17] {
            st.restrict(&m, c, !(1 << 8)).expect("a value left");
        }
        line.propagate(&m, &mut st).expect("6-9 fits");
        for c in [1, 9, 11, 19] {
            assert_eq!(st.cand(c), 0b1_1110_0000, "cell {c}");
        }
    }

    /// Renban lines along runs of a planted grid's values (the cells of a
    /// house holding a run), with some of its values given: every solution
    /// keeps every rule, and the planted grid is among them.
    #[test]
    fn planted_renbans_keep_their_solution() {
        use crate::engine::variant::VariantSolver;
        use crate::model::constraint::Constraint as Rule;
        use crate::model::puzzle::Puzzle;
        use crate::model::rules::Rules;
        let value = |c: u32| u16::from(PLANTED.as_bytes()[c as usize] - b'0');
        let (mut found, mut shown) = (0, 0);
        for seed in 0..60 {
            let mut r = rng(seed + 7_000_000);
            let mut rules = Rules::classic(9).expect("9x9");
            for _ in 0..3 {
                let h = below(&mut r, 27);
                let house: Vec<u32> = (0..9u32)
                    .map(|i| match h / 9 {
                        0 => h as u32 * 9 + i,
                        1 => i * 9 + h as u32 % 9,
                        _ => (h as u32 % 9 / 3 * 3 + i / 3) * 9 + h as u32 % 3 * 3 + i % 3,
                    })
                    .collect();
                let k = 2 + below(&mut r, 4);
                let low = 1 + below(&mut r, 10 - k) as u16;
                let mut cells: Vec<u32> = house
                    .into_iter()
                    .filter(|&c| (low..low + k as u16).contains(&value(c)))
                    .collect();
                // In the line's order, shuffled.
                for i in (1..cells.len()).rev() {
                    cells.swap(i, below(&mut r, i + 1));
                }
                if let Ok(next) = rules.clone().with_constraint(Rule::Renban { cells }) {
                    rules = next;
                }
            }
            let mut puzzle = Puzzle::new(rules);
            for c in 0..81u32 {
                if below(&mut r, 3) == 0 {
                    puzzle
                        .set(c as usize / 9, c as usize % 9, value(c))
                        .expect("a planted value");
                }
            }
            let limit = 40;
            let solutions = VariantSolver::new().solutions(&puzzle, limit);
            let planted: Vec<u16> = (0..81).map(value).collect();
            for s in &solutions {
                assert!(
                    puzzle.is_completed_by(s),
                    "seed {seed}: a solution breaks a rule"
                );
            }
            if solutions.len() < limit {
                assert!(
                    solutions.iter().any(|s| s.cells() == planted.as_slice()),
                    "seed {seed}: the planted grid was lost"
                );
                found += 1;
            }
            shown += solutions.len();
        }
        assert!(
            found > 25 && shown > found,
            "{found} searches ended, {shown} solutions"
        );
    }

    fn brute(n: usize, k: usize, sum: u64) -> Vec<u64> {
        (0u64..1 << n)
            .filter(|m| m.count_ones() as usize == k)
            .filter(|m| {
                (0..n)
                    .filter(|d| m >> d & 1 == 1)
                    .map(|d| d as u64 + 1)
                    .sum::<u64>()
                    == sum
            })
            .collect()
    }

    #[test]
    fn combinations_are_every_set_with_the_sum() {
        for n in [4, 6, 9] {
            for k in 1..=n {
                for sum in 0..=(n * (n + 1) / 2 + 2) as u64 {
                    let mut got = combinations::<u64>(n, k, sum).unwrap();
                    got.sort_unstable();
                    assert_eq!(got, brute(n, k, sum), "n {n} k {k} sum {sum}");
                }
            }
        }
    }
}
