//! The candidate grid logic works on: each cell's value or candidate mask, and the houses and peers of the rules.

use crate::sort::SmallSort;
use std::sync::Arc;

use smallvec::SmallVec;

use crate::error::House;
use crate::model::cell::Cell;
use crate::model::game::Game;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::model::values::Values;

use super::error::LogicError;
use super::step::{Base, CellName, HouseName, Step, ValueList, ValueName};

/// The largest board logic handles: candidates are bits of a `u64`.
pub const MAX_SIZE: usize = 64;

/// One house as logic sees it: its kind, its number among houses of that
/// kind (from 1), and its cells.
#[derive(Clone, Debug)]
pub(crate) struct HouseInfo {
    pub(crate) kind: House,
    pub(crate) name: HouseName,
    pub(crate) cells: Vec<u32>,
}

impl HouseInfo {
    /// "row 4", "box 5", "diagonal ↘".
    pub(crate) fn name(&self) -> HouseName {
        self.name
    }

    /// Whether the house is a box or a jigsaw region (SE's "block").
    pub(crate) fn is_box(&self) -> bool {
        matches!(self.kind, House::Box | House::Region)
    }

    /// Whether the house is a row or a column.
    pub(crate) fn is_line(&self) -> bool {
        matches!(self.kind, House::Row | House::Column)
    }
}

/// Where a house meets another: the other house, the shared cells as
/// positions in each, and the intersection's index.
#[derive(Debug)]
pub(crate) struct Meet {
    pub(crate) other: usize,
    pub(crate) here: u64,
    pub(crate) there: u64,
    pub(crate) intersection: usize,
}

/// What follows from the rules, built once per rules value: houses, the
/// houses of each cell, peers as lists and as bit rows, and intersections.
#[derive(Debug)]
pub(crate) struct Layout {
    pub(crate) n: usize,
    pub(crate) houses: Vec<HouseInfo>,
    /// The houses of N cells, where each value must appear once: the ones
    /// hidden singles, hidden subsets and fish reason about.
    pub(crate) full: Vec<usize>,
    /// Each cell's houses (all sizes), in house order.
    pub(crate) cell_houses: Vec<Vec<u32>>,
    /// Each cell's houses with its position in each.
    places_of: Vec<Vec<(u32, u32)>>,
    /// Each cell's peers: houses, cages and chess moves.
    pub(crate) peers: Vec<Vec<u32>>,
    peer_bits: Vec<u64>,
    words: usize,
    /// Pairs of full houses sharing two cells or more, with the shared cells.
    pub(crate) intersections: Vec<(usize, usize, Vec<u32>)>,
    /// Where each house meets the others, in intersection order.
    pub(crate) meets: Vec<Vec<Meet>>,
    /// The houses values can lock from (those that meet another), boxes
    /// first (`[0]`) and the others (`[1]`).
    pub(crate) lock_sources: [Vec<usize>; 2],
    /// Houses in SE's order (boxes and regions, columns, rows, the rest):
    /// all of them, and those of N cells.
    pub(crate) order_all: Vec<usize>,
    pub(crate) order_full: Vec<usize>,
    /// Whether deadly patterns mean what they mean in classic Sudoku: no
    /// chess rule, cage or constraint can tell two swapped values apart.
    pub(crate) swappable: bool,
    /// The cages with sums, and the innies and outies they give.
    pub(crate) cages: super::sums::CageLayout,
    /// The constraints beyond cages that lower into pairs, chains and domains.
    pub(crate) beyond: super::beyond::Beyond,
}

impl Layout {
    fn new(rules: &Rules) -> Self {
        let g = rules.geometry();
        let n = g.size();
        let cells = n * n;
        let houses: Vec<HouseInfo> = g
            .houses()
            .iter()
            .enumerate()
            .map(|(i, h)| HouseInfo {
                kind: h.kind(),
                name: g.house_name(i),
                cells: h.cells().to_vec(),
            })
            .collect();
        let full = (0..houses.len())
            .filter(|&h| houses[h].cells.len() == n)
            .collect();
        let mut cell_houses = vec![Vec::new(); cells];
        let mut places_of = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for (p, &c) in house.cells.iter().enumerate() {
                cell_houses[c as usize].push(h as u32);
                places_of[c as usize].push((h as u32, p as u32));
            }
        }
        let peers: Vec<Vec<u32>> = (0..cells).map(|c| rules.peers(c)).collect();
        let words = cells.div_ceil(64);
        let mut peer_bits = vec![0u64; cells * words];
        for (c, list) in peers.iter().enumerate() {
            for &p in list {
                peer_bits[c * words + p as usize / 64] |= 1 << (p % 64);
            }
        }
        let intersections: Vec<(usize, usize, Vec<u32>)> = g
            .intersections()
            .iter()
            .filter(|i| houses[i.houses.0].cells.len() == n && houses[i.houses.1].cells.len() == n)
            .map(|i| (i.houses.0, i.houses.1, i.cells.clone()))
            .collect();
        let at = |h: usize, shared: &[u32]| {
            houses[h]
                .cells
                .iter()
                .enumerate()
                .filter(|(_, c)| shared.contains(c))
                .fold(0u64, |m, (p, _)| m | 1 << p)
        };
        let mut lock_sources: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        let mut all_meets = Vec::with_capacity(houses.len());
        for (house, info) in houses.iter().enumerate() {
            let meets: Vec<Meet> = intersections
                .iter()
                .enumerate()
                .filter_map(|(i, (a, b, shared))| {
                    let other = if *a == house { *b } else { *a };
                    (*a == house || *b == house).then(|| Meet {
                        other,
                        here: at(house, shared),
                        there: at(other, shared),
                        intersection: i,
                    })
                })
                .collect();
            if !meets.is_empty() {
                lock_sources[usize::from(!info.is_box())].push(house);
            }
            all_meets.push(meets);
        }
        let cages = super::sums::CageLayout::new(rules);
        let rank = |h: usize| match houses[h].kind {
            House::Box | House::Region => 0,
            House::Column => 1,
            House::Row => 2,
            _ => 3,
        };
        let mut order_all: Vec<usize> = (0..houses.len()).collect();
        order_all.sort_stable_by_key(|&h| rank(h));
        let order_full = order_all
            .iter()
            .copied()
            .filter(|&h| houses[h].cells.len() == n)
            .collect();
        Self {
            n,
            order_all,
            order_full,
            meets: all_meets,
            lock_sources,
            houses,
            full,
            cell_houses,
            places_of,
            peers,
            peer_bits,
            words,
            intersections,
            swappable: rules.chess().is_empty()
                && rules.cages().is_empty()
                && rules.constraints().is_empty(),
            cages,
            beyond: super::beyond::Beyond::new(rules),
        }
    }

    /// Whether cells `a` and `b` must differ (a cell does not see itself).
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        self.peer_bits[a * self.words + b / 64] & 1 << (b % 64) != 0
    }

    /// How many 64-bit words a set of all the board's cells takes.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// The peers of `cell` as a set; `W` must be at least [`Layout::words`].
    pub(crate) fn peer_set<const W: usize>(&self, cell: usize) -> CellSet<W> {
        let mut out = CellSet::EMPTY;
        out.0[..self.words].copy_from_slice(&self.peer_bits[cell * self.words..][..self.words]);
        out
    }
}

/// A set of cells as bits, `W` words wide: searches that pair many groups
/// of cells test "sees all of" and "shares a cell with" in a few word operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellSet<const W: usize>([u64; W]);

impl<const W: usize> CellSet<W> {
    /// No cell.
    pub(crate) const EMPTY: Self = Self([0; W]);
    /// Every cell (and the padding past the board).
    pub(crate) const ALL: Self = Self([u64::MAX; W]);

    /// Adds `cell`.
    pub(crate) fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    /// Whether `cell` is in the set.
    pub(crate) fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] & 1 << (cell % 64) != 0
    }

    /// The cells in both sets.
    pub(crate) fn and(self, other: Self) -> Self {
        Self(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The cells in either set.
    pub(crate) fn or(self, other: Self) -> Self {
        Self(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The cells of this set not in `other`.
    pub(crate) fn minus(self, other: Self) -> Self {
        Self(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// Whether the set has no cell.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the sets share a cell.
    pub(crate) fn meets(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// Whether every cell of this set is in `other`.
    pub(crate) fn within(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    /// How many cells the set has.
    pub(crate) fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
}

/// Calls `$run::<W>($($arg),*)` with the narrowest [`CellSet`] width `W`
/// (1, 2, 4, 8, 16, 32 or 64 words) that holds the layout's cells; with
/// the `compact` feature, 4 or 64 words (two copies of `$run`, not seven).
macro_rules! by_width {
    ($layout:expr, $run:ident($($arg:expr),*)) => {
        match $layout.words() {
            #[cfg(not(feature = "compact"))]
            1 => $run::<1>($($arg),*),
            #[cfg(not(feature = "compact"))]
            2 => $run::<2>($($arg),*),
            #[cfg(not(feature = "compact"))]
            3..=4 => $run::<4>($($arg),*),
            // `compact` keeps two widths: up to 16×16, and the rest.
            #[cfg(feature = "compact")]
            1..=4 => $run::<4>($($arg),*),
            #[cfg(not(feature = "compact"))]
            5..=8 => $run::<8>($($arg),*),
            #[cfg(not(feature = "compact"))]
            9..=16 => $run::<16>($($arg),*),
            #[cfg(not(feature = "compact"))]
            17..=32 => $run::<32>($($arg),*),
            _ => $run::<64>($($arg),*),
        }
    };
}
pub(crate) use by_width;

thread_local! {
    /// The last rules a grid was built on, and their layout: a batch of
    /// puzzles under one shared rules value builds it once.
    static LAST_LAYOUT: std::cell::RefCell<Option<(Arc<Rules>, Arc<Layout>)>> =
        const { std::cell::RefCell::new(None) };
}

/// The layout of `rules`, reused when the same rules value comes again.
fn layout_of(rules: &Arc<Rules>) -> Arc<Layout> {
    LAST_LAYOUT.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((r, layout)) = last.as_ref()
            && Arc::ptr_eq(r, rules)
        {
            return Arc::clone(layout);
        }
        let layout = Arc::new(Layout::new(rules));
        *last = Some((Arc::clone(rules), Arc::clone(&layout)));
        layout
    })
}

/// A board for human-style logic: each cell's value, or its candidates as
/// a mask (bit `v - 1` for value `v`), on rules of any size up to 64×64.
///
/// Build one from a puzzle ([`Candidates::from_variant`]: every value no
/// given rules out) or from a player's game and pencil marks
/// ([`Candidates::from_game`]); [`Logic::next_step`](super::Logic::next_step)
/// reads it and [`Candidates::apply`] plays a step on it.
///
/// ```
/// use ndoku::{Rules, Puzzle};
/// use ndoku::logic::Candidates;
///
/// let puzzle = Puzzle::from_cells(Rules::classic(4)?, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])?;
/// let grid = Candidates::from_variant(&puzzle)?;
/// assert_eq!(grid.value(0), Some(1));
/// assert_eq!(grid.candidates(1).iter().collect::<Vec<_>>(), [2, 3, 4]);
/// assert_eq!(grid.candidates(1).mask(), Some(0b1110));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Candidates {
    pub(crate) layout: Arc<Layout>,
    /// Candidates of each empty cell; 0 for a filled cell.
    pub(crate) masks: Vec<u64>,
    /// The value of each cell, 0 for empty.
    pub(crate) values: Vec<u16>,
    /// `places[h * N + v - 1]`: where value `v` is a candidate in house `h`,
    /// as positions in the house; kept in step with `masks` by [`Candidates::refresh`].
    places: Vec<u64>,
    /// Per house, the values with exactly one, two and three places there
    /// (`few[h][k - 1]`), kept with `places`.
    few: Vec<[u64; 3]>,
    /// How many empty cells each house has, kept with `places`.
    empty: Vec<u32>,
    /// How steps' words write values: from the puzzle's first value.
    pub(crate) base: Base,
}

impl Candidates {
    /// The candidates of `puzzle`: each empty cell holds every value that no
    /// given it must differ from holds.
    ///
    /// # Errors
    ///
    /// [`LogicError::TooLarge`] above 64×64, and [`LogicError::NoCandidates`]
    /// for an empty cell every value is ruled out of.
    pub fn from_variant(puzzle: &Puzzle) -> Result<Self, LogicError> {
        let n = puzzle.size();
        check_size(n)?;
        let full = full_mask(n);
        let empty = puzzle.cells().iter().map(|_| full).collect();
        let grid = Self::build(puzzle.shared_rules(), puzzle.cells().to_vec(), empty)?;
        Ok(grid.written_from(puzzle.first_value()))
    }

    /// The candidates of a game in progress: givens and entries are values,
    /// and an empty cell holds its pencil marks less any value a filled
    /// peer holds.
    ///
    /// # Errors
    ///
    /// [`LogicError::TooLarge`] above 64×64, [`LogicError::Conflict`] when
    /// two filled cells that must differ hold the same value, and
    /// [`LogicError::NoCandidates`] for an empty cell left with none.
    pub fn from_game(game: &Game) -> Result<Self, LogicError> {
        let n = game.puzzle().size();
        check_size(n)?;
        if let Some(&(first, second)) = game.conflicts().first() {
            return Err(LogicError::Conflict { first, second });
        }
        let values = game.grid();
        let marks = (0..n * n)
            // Logic takes boards up to 64×64, whose marks a mask holds.
            .map(|c| game.candidates(Cell::from_index(c, n)).mask().unwrap_or(0))
            .collect();
        let grid = Self::build(game.puzzle().shared_rules(), values, marks)?;
        Ok(grid.written_from(game.puzzle().first_value()))
    }

    /// The grid with steps' words writing values from `first` (0 or 1).
    fn written_from(mut self, first: u16) -> Self {
        self.base = Base::from_first(first);
        self
    }

    fn build(
        rules: &Arc<Rules>,
        values: Vec<u16>,
        mut masks: Vec<u64>,
    ) -> Result<Self, LogicError> {
        let layout = layout_of(rules);
        for (c, &v) in values.iter().enumerate() {
            if v != 0 {
                masks[c] = 0;
                for &p in &layout.peers[c] {
                    masks[p as usize] &= !bit(v);
                }
            }
        }
        let mut grid = Self {
            layout,
            masks,
            values,
            places: Vec::new(),
            few: Vec::new(),
            empty: Vec::new(),
            base: Base::default(),
        };
        grid.refresh();
        grid.alive(0..grid.masks.len())?;
        Ok(grid)
    }

    /// N, the side of the board.
    #[must_use]
    pub fn size(&self) -> usize {
        self.layout.n
    }

    /// The value of `cell` (row-major), or `None` when it is empty or off the board.
    #[must_use]
    pub fn value(&self, cell: usize) -> Option<u16> {
        self.values.get(cell).copied().filter(|&v| v != 0)
    }

    /// The candidates of `cell` (row-major); none for a filled cell or one
    /// off the board. [`Values::mask`] gives them as a mask, bit `v - 1` for
    /// value `v`.
    #[must_use]
    pub fn candidates(&self, cell: usize) -> Values {
        Values::from_mask(self.masks.get(cell).copied().unwrap_or(0))
    }

    /// Whether every cell holds a value.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The values, row-major, 0 for empty.
    #[must_use]
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// `step`, found on this grid, as a user sees it: on this board, its
    /// houses named.
    pub(crate) fn finish(&self, step: Step) -> Step {
        step.on(self.layout.n, self.base, |h| self.layout.houses[h].name())
    }

    /// Plays `step`: removes its eliminations, then writes its placements,
    /// each taking its value out of the cell's peers.
    ///
    /// # Errors
    ///
    /// [`LogicError::BadStep`] when the step names a cell off the board, a
    /// value out of range or a filled cell, and
    /// [`LogicError::NoCandidates`] when the step leaves an empty cell with
    /// none (it contradicts the grid). The grid is left as it was on the
    /// first error, and may be part-changed on the second.
    pub fn apply(&mut self, step: &Step) -> Result<(), LogicError> {
        let n = self.size();
        let all = step.eliminations.iter().chain(&step.placements);
        if let Some(&(cell, value)) = all
            .clone()
            .find(|&&(c, v)| c >= n * n || v == 0 || usize::from(v) > n || self.values[c] != 0)
        {
            return Err(LogicError::BadStep { cell, value });
        }
        for &(cell, value) in &step.eliminations {
            self.cut(cell, bit(value));
        }
        for &(cell, value) in &step.placements {
            self.place(cell, value);
        }
        self.debug_check_tables();
        self.alive(0..n * n)
    }

    /// Places a single found on this grid (its cell empty, its value a
    /// candidate there): [`Candidates::apply`] without a [`Step`]. Only the
    /// cell's peers can be left without candidates, so only they are checked.
    ///
    /// # Errors
    ///
    /// [`LogicError::NoCandidates`] for the first peer left with none.
    pub(crate) fn place_single(&mut self, cell: usize, value: u16) -> Result<(), LogicError> {
        debug_assert!(self.values[cell] == 0 && self.masks[cell] & bit(value) != 0);
        self.place(cell, value);
        self.debug_check_tables();
        self.alive(self.layout.peers[cell].iter().map(|&p| p as usize))
    }

    /// In debug builds, that the tables kept step by step match tables built afresh.
    fn debug_check_tables(&self) {
        #[cfg(debug_assertions)]
        {
            let mut fresh = self.clone();
            fresh.refresh();
            debug_assert!(fresh.places == self.places && fresh.empty == self.empty);
            debug_assert!(fresh.few == self.few);
        }
    }

    /// Rebuilds the table of each value's places in each house from the masks.
    pub(crate) fn refresh(&mut self) {
        let n = self.size();
        let layout = &self.layout;
        self.places.clear();
        self.places.resize(layout.houses.len() * n, 0);
        self.empty.clear();
        self.empty.resize(layout.houses.len(), 0);
        for (h, house) in layout.houses.iter().enumerate() {
            for (p, &c) in house.cells.iter().enumerate() {
                self.empty[h] += u32::from(self.values[c as usize] == 0);
                let mut mask = self.masks[c as usize];
                while mask != 0 {
                    let v = mask.trailing_zeros() as usize;
                    self.places[h * n + v] |= 1 << p;
                    mask &= mask - 1;
                }
            }
        }
        self.few = self
            .places
            .chunks(n.max(1))
            .map(|house| {
                let mut few = [0u64; 3];
                for (v, p) in house.iter().enumerate() {
                    if let Some(k) = few.get_mut((p.count_ones() as usize).wrapping_sub(1)) {
                        *k |= 1 << v;
                    }
                }
                few
            })
            .collect();
    }

    /// Takes the values of `mask` out of `cell`'s candidates, and out of
    /// its places in its houses.
    fn cut(&mut self, cell: usize, mask: u64) {
        let n = self.size();
        let mut gone = self.masks[cell] & mask;
        self.masks[cell] &= !mask;
        while gone != 0 {
            let v = gone.trailing_zeros() as usize;
            for &(h, p) in &self.layout.places_of[cell] {
                drop_place(&mut self.places, &mut self.few, n, h as usize, v, p);
            }
            gone &= gone - 1;
        }
    }

    /// Writes `value` in `cell` and takes it out of the cell's peers.
    fn place(&mut self, cell: usize, value: u16) {
        self.values[cell] = value;
        self.cut(cell, u64::MAX);
        for &(h, _) in &self.layout.places_of[cell] {
            self.empty[h as usize] -= 1;
        }
        // `cut` for one value, inlined: a placement's peers are most cuts.
        let (n, b, v) = (self.layout.n, bit(value), usize::from(value) - 1);
        for &p in &self.layout.peers[cell] {
            let p = p as usize;
            if self.masks[p] & b != 0 {
                self.masks[p] &= !b;
                for &(h, at) in &self.layout.places_of[p] {
                    drop_place(&mut self.places, &mut self.few, n, h as usize, v, at);
                }
            }
        }
    }

    /// That no cell of `cells` is empty without candidates; else
    /// [`LogicError::NoCandidates`] for the first such cell by index.
    fn alive(&self, cells: impl IntoIterator<Item = usize>) -> Result<(), LogicError> {
        let dead = cells
            .into_iter()
            .filter(|&c| self.values[c] == 0 && self.masks[c] == 0)
            .min();
        match dead {
            Some(cell) => Err(LogicError::NoCandidates {
                cell: Cell::from_index(cell, self.size()),
            }),
            None => Ok(()),
        }
    }

    /// The cells of house `h` where `value` is a candidate, as a bit mask of
    /// positions in the house.
    pub(crate) fn positions(&self, h: usize, value: u16) -> u64 {
        self.places[h * self.size() + usize::from(value) - 1]
    }

    /// The empty cells of house `h`.
    pub(crate) fn empty_cells(&self, h: usize) -> impl Iterator<Item = usize> + '_ {
        self.layout.houses[h]
            .cells
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| self.values[c] == 0)
    }

    /// The values with exactly `k` places in house `h` (`k` from 1 to 3), as a mask.
    pub(crate) fn with_places(&self, h: usize, k: usize) -> u64 {
        self.few[h][k - 1]
    }

    /// The places of each value in house `h`, value 1 first.
    pub(crate) fn house_places(&self, h: usize) -> &[u64] {
        let n = self.size();
        &self.places[h * n..(h + 1) * n]
    }

    /// How many empty cells house `h` has.
    pub(crate) fn empty_count(&self, h: usize) -> usize {
        self.empty[h] as usize
    }

    /// How many cells hold each value, value 1 first.
    pub(crate) fn placed(&self) -> SmallVec<[usize; MAX_SIZE]> {
        let mut out: SmallVec<[usize; MAX_SIZE]> = smallvec::smallvec![0; self.size()];
        for &v in self.values.iter().filter(|&&v| v != 0) {
            out[usize::from(v) - 1] += 1;
        }
        out
    }

    /// `value` (1 to N) as the puzzle writes it, for a step's words.
    pub(crate) fn v(&self, value: u16) -> ValueName {
        self.base.v(value)
    }

    /// The values of `mask` as the puzzle writes them: "3, 5 and 7".
    pub(crate) fn list(&self, mask: u64) -> ValueList {
        self.base.list(mask)
    }

    /// A total of `cells` values (a cage's sum) as the puzzle writes it:
    /// with values from 0, each value one less.
    pub(crate) fn total(&self, sum: u64, cells: usize) -> i64 {
        self.base.sum(i64::try_from(sum).unwrap_or(i64::MAX), cells)
    }

    /// "R4C6", rows and columns from 1.
    pub(crate) fn cell_name(&self, cell: usize) -> CellName {
        CellName {
            cell,
            side: self.size(),
        }
    }
}

/// Takes place `at` of house `h` from value `v` (from 0) in `places`, and
/// keeps `few` in step: the value goes from `k + 1` places to `k`.
fn drop_place(places: &mut [u64], few: &mut [[u64; 3]], n: usize, h: usize, v: usize, at: u32) {
    let left = &mut places[h * n + v];
    *left &= !(1 << at);
    let k = left.count_ones() as usize;
    let few = &mut few[h];
    if k < 3 {
        few[k] &= !(1 << v);
    }
    if (1..=3).contains(&k) {
        few[k - 1] |= 1 << v;
    }
}

/// `items` written one after another with `sep` between them.
pub(crate) fn joined<T: std::fmt::Display>(
    items: impl IntoIterator<Item = T>,
    sep: &str,
) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for (i, item) in items.into_iter().enumerate() {
        let _ = write!(out, "{}{item}", if i == 0 { "" } else { sep });
    }
    out
}

/// The bit of `value` in a candidate mask.
pub(crate) fn bit(value: u16) -> u64 {
    1 << (value - 1)
}

/// The values of a mask, in increasing order.
pub(crate) fn values_of(mask: u64) -> impl Iterator<Item = u16> {
    let mut bits = mask;
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let v = bits.trailing_zeros() as u16 + 1;
            bits &= bits - 1;
            v
        })
    })
}

/// Every value of 1..=n.
pub(crate) fn full_mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

fn check_size(n: usize) -> Result<(), LogicError> {
    if n > MAX_SIZE {
        return Err(LogicError::TooLarge { size: n });
    }
    Ok(())
}

/// Calls `found` on each `k`-subset of `0..len` in lexicographic order,
/// until it returns `Some`.
pub(crate) fn first_combination<T>(
    len: usize,
    k: usize,
    mut found: impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    if k == 0 || k > len {
        return None;
    }
    let mut idx: SmallVec<[usize; 8]> = (0..k).collect();
    loop {
        if let Some(t) = found(&idx) {
            return Some(t);
        }
        // The rightmost index that can still move, moved, and those after it reset.
        let i = (0..k).rev().find(|&i| idx[i] < len - k + i)?;
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// Calls `found` on each `k`-subset of `0..len` in colexicographic order
/// (SE's `Permutations`: by the subset's bits as a number), until it
/// returns `Some`.
pub(crate) fn colex_combination<T>(
    len: usize,
    k: usize,
    mut found: impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    if k == 0 || k > len {
        return None;
    }
    let mut idx: SmallVec<[usize; 8]> = (0..k).collect();
    loop {
        if let Some(t) = found(&idx) {
            return Some(t);
        }
        // The lowest index that can move up, moved, and those below it reset.
        let i = (0..k).find(|&i| idx[i] + 1 < if i + 1 < k { idx[i + 1] } else { len })?;
        idx[i] += 1;
        for (j, slot) in idx.iter_mut().enumerate().take(i) {
            *slot = j;
        }
    }
}

/// What a search's sets are made of (cells, values from 1 or lines) and
/// their masks, for [`fitting_sets`]: one buffer on the stack, filled
/// anew for each house or value searched.
pub(crate) struct Pool {
    pub(crate) items: [usize; MAX_SIZE],
    pub(crate) masks: [u64; MAX_SIZE],
}

impl Pool {
    pub(crate) fn new() -> Self {
        Self {
            items: [0; MAX_SIZE],
            masks: [0; MAX_SIZE],
        }
    }
}

/// Calls `found` on each `k`-subset of `0..masks.len()` whose masks have
/// `k` bits between them, in lexicographic order, until it returns
/// `Some`. Pairs and triples are plain loops, and a triple's first two
/// are dropped as soon as they hold too many bits.
pub(crate) fn fitting_sets<T>(
    masks: &[u64],
    k: usize,
    mut found: impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    let len = masks.len();
    let fits = |m: u64| m.count_ones() as usize <= k;
    match k {
        2 => {
            for i in 0..len {
                for j in i + 1..len {
                    if fits(masks[i] | masks[j])
                        && let Some(t) = found(&[i, j])
                    {
                        return Some(t);
                    }
                }
            }
            None
        }
        3 => {
            for i in 0..len {
                for j in i + 1..len {
                    let two = masks[i] | masks[j];
                    if !fits(two) {
                        continue;
                    }
                    for (l, &third) in masks.iter().enumerate().skip(j + 1) {
                        if fits(two | third)
                            && let Some(t) = found(&[i, j, l])
                        {
                            return Some(t);
                        }
                    }
                }
            }
            None
        }
        _ => first_combination(len, k, |idx| {
            let union = idx.iter().fold(0, |m, &i| m | masks[i]);
            if fits(union) { found(idx) } else { None }
        }),
    }
}
