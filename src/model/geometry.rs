//! The layout of a board as data: its cells, its houses, each cell's houses and peers, and where houses meet.
//!
//! A [`Geometry`] is built once per layout and shared: boards check their
//! conflicts with it, the reference engine and the generator walk its
//! houses, and the engines build their own fast tables from it. Nothing here
//! assumes three houses per cell or square boxes: a house is a list of
//! cells, and a cell has as many houses as the layout gives it.

use crate::sort::SmallSort;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::error::{House, RulesError};
use crate::model::constraint::Diagonal;

/// A house as a person names it: "row 5", "column 3", "box 3", "region 4",
/// "diagonal ↘", "extra region 2". [`Geometry::house_name`] gives it,
/// [`Geometry::house_index`] finds the house it names, and a step's
/// [`Highlight::houses`](crate::logic::Highlight::houses) names its houses
/// with it.
///
/// It reads back from its text with [`FromStr`]; with the `serde` feature
/// it is that text, `"box 3"`.
///
/// ```
/// use ndoku::Rules;
/// use ndoku::model::HouseName;
///
/// let rules = Rules::classic(9)?.with_diagonals();
/// let g = rules.geometry();
/// let names: Vec<String> = [4, 11, 20, 27, 28].iter().map(|&h| g.house_name(h).to_string()).collect();
/// assert_eq!(names, ["row 5", "column 3", "box 3", "diagonal ↘", "diagonal ↗"]);
/// let name: HouseName = "box 3".parse()?;
/// assert_eq!(g.house_index(name), Some(20));
/// assert_eq!("diagonal ↗".parse::<HouseName>()?, g.house_name(28));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct HouseName {
    /// What kind of house it is.
    pub kind: House,
    /// Its number among the houses of its kind, from 1: rows top to
    /// bottom, columns left to right, boxes and regions row by row, the
    /// others in the order the rules add them. A main diagonal, which its
    /// direction names, has 0.
    pub number: usize,
    /// For a main diagonal, its direction: [`Diagonal::DownRight`] from the
    /// top left corner, [`Diagonal::UpRight`] from the bottom left.
    pub direction: Option<Diagonal>,
}

impl HouseName {
    /// A house of `kind`, `number` from 1, that is no main diagonal.
    #[must_use]
    pub fn new(kind: House, number: usize) -> Self {
        Self {
            kind,
            number,
            direction: None,
        }
    }
}

impl fmt::Display for HouseName {
    /// "row 5", "box 3", "diagonal ↘" (a main diagonal by its arrow),
    /// "extra region 2".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let arrow = match self.direction {
            Some(Diagonal::DownRight) => '↘',
            Some(Diagonal::UpRight) => '↗',
            Some(Diagonal::DownLeft) => '↙',
            Some(Diagonal::UpLeft) => '↖',
            None => return write!(f, "{} {}", self.kind, self.number),
        };
        write!(f, "{} {arrow}", self.kind)
    }
}

/// Text that names no house.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error(
    "invalid house name {name:?}: expected a kind and a number from 1, such as \"box 3\", or \"diagonal ↘\""
)]
#[non_exhaustive]
pub struct HouseNameError {
    /// The name as written.
    pub name: String,
}

impl FromStr for HouseName {
    type Err = HouseNameError;

    /// "row 5", "column 3", "box 3", "region 4", "extra region 2",
    /// "diagonal 2", or a main diagonal by its arrow, "diagonal ↘" (either
    /// case; the arrows ↘ ↗ ↙ ↖).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || HouseNameError {
            name: s.to_string(),
        };
        let lower = s.trim().to_lowercase();
        let (kind, rest) = lower.rsplit_once(' ').ok_or_else(err)?;
        let kind = match kind.trim_end() {
            "row" => House::Row,
            "column" => House::Column,
            "box" => House::Box,
            "region" => House::Region,
            "diagonal" => House::Diagonal,
            "extra region" => House::Extra,
            _ => return Err(err()),
        };
        let direction = match rest {
            "↘" => Some(Diagonal::DownRight),
            "↗" => Some(Diagonal::UpRight),
            "↙" => Some(Diagonal::DownLeft),
            "↖" => Some(Diagonal::UpLeft),
            _ => None,
        };
        match direction {
            Some(_) if kind != House::Diagonal => Err(err()),
            Some(direction) => Ok(Self {
                kind,
                number: 0,
                direction: Some(direction),
            }),
            None => {
                let number = rest
                    .parse::<usize>()
                    .ok()
                    .filter(|&k| k >= 1 && rest.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(err)?;
                Ok(Self::new(kind, number))
            }
        }
    }
}

#[cfg(feature = "serde")]
crate::model::cell::serde_by_name!(HouseName);

/// One house: cells that hold different values (all of `1..=N` when it has N cells).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HouseCells {
    kind: House,
    cells: Vec<u32>,
}

impl HouseCells {
    /// What kind of house this is.
    #[must_use]
    pub fn kind(&self) -> House {
        self.kind
    }

    /// Its cells (row-major indices), in the house's own order: left to right
    /// in a row, top to bottom in a column, row by row in a box.
    #[must_use]
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }
}

/// Two houses that share more than one cell, and the cells they share: a
/// box and a row or column through it. A digit whose places in one lie all
/// in the shared cells leaves the rest of the other (pointing and claiming).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Intersection {
    /// The two houses, by index into [`Geometry::houses`], lower first.
    pub houses: (usize, usize),
    /// The cells they share, in increasing order.
    pub cells: Vec<u32>,
}

/// Where a cell sits in one of its houses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Membership {
    /// The house, by index into [`Geometry::houses`].
    pub house: u32,
    /// The cell's position in the house's [`HouseCells::cells`].
    pub position: u32,
}

/// The layout of an N×N board: cells, houses, each cell's houses and peers,
/// and the intersections of houses.
///
/// Houses are numbered rows first (`0..N`), then columns (`N..2N`), then
/// boxes (`2N..3N`, left to right and top to bottom); a cell's houses come
/// in that order.
///
/// ```
/// use ndoku::model::{Geometry, House};
///
/// let g = Geometry::square(3); // 9×9, boxes of 3×3
/// assert_eq!((g.size(), g.cells(), g.houses().len()), (9, 81, 27));
/// let kinds: Vec<House> = g.houses_of(40).iter().map(|m| g.house(m.house as usize).kind()).collect();
/// assert_eq!(kinds, [House::Row, House::Column, House::Box]);
/// assert_eq!(g.peers(0).len(), 20);
/// ```
#[derive(Clone, Debug)]
pub struct Geometry {
    size: usize,
    /// The sides of a box, or `None` when the regions are irregular.
    box_shape: Option<(usize, usize)>,
    houses: Vec<HouseCells>,
    /// The tables that follow from the houses, built on first use: a rules
    /// value adds houses one at a time, and most of its geometries are
    /// never asked for peers.
    derived: OnceLock<Derived>,
}

/// What follows from a layout's houses: each cell's houses and peers, and
/// where houses meet.
#[derive(Clone, Debug)]
struct Derived {
    /// `memberships[member_start[c]..member_start[c + 1]]`: cell `c`'s houses.
    member_start: Vec<u32>,
    memberships: Vec<Membership>,
    /// `peer_list[peer_start[c]..peer_start[c + 1]]`: cell `c`'s peers.
    peer_start: Vec<u32>,
    peer_list: Vec<u32>,
    intersections: Vec<Intersection>,
}

/// Whether a value repeats among `cells` of `grid` (values below 64).
pub(crate) fn repeats_in(cells: &[u32], grid: &[u16]) -> bool {
    let mut mask = 0u64;
    for &c in cells {
        let bit = (1u64 << grid[c as usize]) & !1;
        if mask & bit != 0 {
            return true;
        }
        mask |= bit;
    }
    false
}

/// Whether a value repeats in a row, a column or a box of `h`×`w` cells of
/// `grid`, an N×N grid (row-major, 0 for empty, N below 64, values at most N).
fn lines_or_boxes_repeat(grid: &[u16], n: usize, (h, w): (usize, usize)) -> bool {
    debug_assert!(n < 64 && h * w == n && grid.len() == n * n);
    let (mut rows, mut cols, mut boxes) = ([0u64; 64], [0u64; 64], [0u64; 64]);
    let per_band = n / w;
    for (r, row) in grid.chunks_exact(n).enumerate() {
        for (c, &v) in row.iter().enumerate().filter(|&(_, &v)| v != 0) {
            let (bit, b) = (1u64 << v, r / h * per_band + c / w);
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                return true;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
    }
    false
}

impl PartialEq for Geometry {
    /// Layouts are equal when their houses are: the rest follows from them.
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size && self.box_shape == other.box_shape && self.houses == other.houses
    }
}

impl Eq for Geometry {}

impl Geometry {
    /// The classic layout with boxes of `box_rows`×`box_cols` cells: an N×N
    /// board with N = `box_rows`·`box_cols`.
    ///
    /// # Panics
    ///
    /// If either side is zero, or N is over 400.
    #[must_use]
    pub fn boxes(box_rows: usize, box_cols: usize) -> Self {
        let n = box_rows * box_cols;
        assert!(
            n > 0 && n <= MAX_SIZE,
            "boxes of {box_rows}x{box_cols} give no supported size"
        );
        let mut houses = lines(n);
        // Box b is band b / (boxes per band), stack b % (boxes per band).
        let per_band = n / box_cols;
        houses.extend((0..n).map(|b| {
            let (top, left) = ((b / per_band) * box_rows, (b % per_band) * box_cols);
            HouseCells {
                kind: House::Box,
                cells: (0..n)
                    .map(|k| ((top + k / box_cols) * n + left + k % box_cols) as u32)
                    .collect(),
            }
        }));
        Self::from_houses(n, Some((box_rows, box_cols)), houses)
    }

    /// A jigsaw layout: rows, columns, and irregular regions given as a map,
    /// `regions[row * n + col]` naming the region of each cell. Region names
    /// are any numbers; each must hold exactly `n` cells, and regions need not
    /// be connected. Regions are numbered in the order of their first cells.
    ///
    /// ```
    /// use ndoku::model::{Geometry, House};
    ///
    /// // 4×4 whose top two regions are the outer and the inner columns.
    /// let map = [0, 1, 1, 0, 0, 1, 1, 0, 2, 2, 3, 3, 2, 2, 3, 3];
    /// let g = Geometry::from_regions(4, &map)?;
    /// assert_eq!(g.house(8).kind(), House::Region);
    /// assert_eq!(g.house(8).cells(), [0, 3, 4, 7]);
    /// assert!(Geometry::from_regions(4, &[0; 16]).is_err());
    /// # Ok::<(), ndoku::RulesError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`RulesError::UnsupportedSize`] when `n` is 0 or over 400,
    /// [`RulesError::RegionMapLength`] when the map does not have `n²`
    /// entries, and [`RulesError::RegionSize`] when a region does not hold
    /// `n` cells.
    pub fn from_regions(n: usize, regions: &[usize]) -> Result<Self, RulesError> {
        if n == 0 || n > MAX_SIZE {
            return Err(RulesError::UnsupportedSize {
                size: n,
                max: MAX_SIZE,
            });
        }
        if regions.len() != n * n {
            return Err(RulesError::RegionMapLength {
                size: n,
                found: regions.len(),
            });
        }
        // The cells by region name, then the regions in the order of their first cells.
        let groups = match BY_FIRST_CELL.then(|| by_first_cell(n, regions)).flatten() {
            Some(groups) => groups,
            None => {
                let mut named: Vec<(usize, u32)> = regions
                    .iter()
                    .enumerate()
                    .map(|(c, &r)| (r, c as u32))
                    .collect();
                named.sort_small();
                let mut groups: Vec<(usize, Vec<u32>)> = named
                    .chunk_by(|a, b| a.0 == b.0)
                    .map(|run| (run[0].0, run.iter().map(|&(_, c)| c).collect()))
                    .collect();
                groups.sort_small_by_key(|(_, cells)| cells[0]);
                groups
            }
        };
        if let Some((r, cells)) = groups.iter().find(|(_, cells)| cells.len() != n) {
            return Err(RulesError::RegionSize {
                region: *r,
                found: cells.len(),
                size: n,
            });
        }
        let mut houses = lines(n);
        houses.extend(groups.into_iter().map(|(_, cells)| HouseCells {
            kind: House::Region,
            cells,
        }));
        Ok(Self::from_houses(n, None, houses))
    }

    /// This layout with more houses after its own, each a list of cells
    /// whose values differ; the caller has checked the cells are on the
    /// board and distinct within each house.
    pub(crate) fn with_houses(&self, extra: impl IntoIterator<Item = (House, Vec<u32>)>) -> Self {
        let mut geometry = Self::from_houses(self.size, self.box_shape, self.houses.clone());
        geometry.add_houses(extra);
        geometry
    }

    /// Adds `extra` houses after these, in place: a reader adding windows
    /// one by one cloned every house for each (10% of andoku_windoku's
    /// instructions, record 0033). The tables are made again on first use.
    pub(crate) fn add_houses(&mut self, extra: impl IntoIterator<Item = (House, Vec<u32>)>) {
        self.houses.extend(
            extra
                .into_iter()
                .map(|(kind, cells)| HouseCells { kind, cells }),
        );
        self.derived = OnceLock::new();
    }

    /// The classic layout with square boxes of `boxw`×`boxw` cells, built
    /// once and kept for the life of the program.
    ///
    /// # Panics
    ///
    /// If `boxw` is 0 or over 8.
    #[must_use]
    pub fn square(boxw: usize) -> &'static Self {
        static SQUARE: [OnceLock<Geometry>; 9] = [const { OnceLock::new() }; 9];
        assert!(
            (1..=8).contains(&boxw),
            "no square layout with boxes of side {boxw}"
        );
        SQUARE[boxw].get_or_init(|| Self::boxes(boxw, boxw))
    }

    /// A layout of `houses`; the tables that follow from them come on first use.
    fn from_houses(n: usize, box_shape: Option<(usize, usize)>, houses: Vec<HouseCells>) -> Self {
        Self {
            size: n,
            box_shape,
            houses,
            derived: OnceLock::new(),
        }
    }

    /// The cell-to-house, peer and intersection tables, built on first use.
    fn derived(&self) -> &Derived {
        self.derived
            .get_or_init(|| Derived::new(self.cells(), &self.houses))
    }

    /// N, the side of the board and the number of values.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of cells, N².
    #[must_use]
    pub fn cells(&self) -> usize {
        self.size * self.size
    }

    /// The sides of a box, (rows, columns), or `None` when the regions are
    /// irregular (a jigsaw layout).
    #[must_use]
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        self.box_shape
    }

    /// The box or region of each cell, row-major: boxes and regions numbered
    /// in house order from 0.
    ///
    /// ```
    /// let map = ndoku::model::Geometry::boxes(1, 2).region_map();
    /// assert_eq!(map, [0, 0, 1, 1]);
    /// ```
    #[must_use]
    pub fn region_map(&self) -> Vec<usize> {
        let mut map = vec![0; self.cells()];
        let regions = self
            .houses
            .iter()
            .filter(|h| matches!(h.kind, House::Box | House::Region));
        for (k, h) in regions.enumerate() {
            h.cells.iter().for_each(|&c| map[c as usize] = k);
        }
        map
    }

    /// Every house: rows, then columns, then boxes or regions, then any
    /// extra houses.
    #[must_use]
    pub fn houses(&self) -> &[HouseCells] {
        &self.houses
    }

    /// The name of house `h`, as a person reads it: "row 5", "box 3",
    /// "diagonal ↘".
    ///
    /// # Panics
    ///
    /// If `h` is not below `houses().len()`.
    #[must_use]
    pub fn house_name(&self, h: usize) -> HouseName {
        let house = &self.houses[h];
        let kind = house.kind;
        let number = self.houses[..h].iter().filter(|o| o.kind == kind).count() + 1;
        let direction = self.direction_of(house);
        HouseName {
            kind,
            number: if direction.is_some() { 0 } else { number },
            direction,
        }
    }

    /// The index of the house `name` names (as [`Geometry::house_name`]
    /// names it), for [`Geometry::house`]; `None` when the layout has no
    /// such house.
    ///
    /// ```
    /// use ndoku::Rules;
    /// use ndoku::model::{House, HouseName};
    ///
    /// let rules = Rules::classic(9)?;
    /// let g = rules.geometry();
    /// let h = g.house_index(HouseName::new(House::Column, 3)).unwrap();
    /// assert_eq!(g.house(h).cells()[..2], [2, 11]);
    /// assert_eq!(g.house_index(HouseName::new(House::Row, 10)), None);
    /// assert_eq!(g.house_index("diagonal ↘".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn house_index(&self, name: HouseName) -> Option<usize> {
        let mut of_kind = self
            .houses
            .iter()
            .enumerate()
            .filter(|(_, h)| h.kind == name.kind);
        match name.direction {
            Some(direction) => of_kind
                .find(|(_, h)| self.direction_of(h) == Some(direction))
                .map(|(i, _)| i),
            None => of_kind
                .nth(name.number.checked_sub(1)?)
                .filter(|(_, h)| self.direction_of(h).is_none())
                .map(|(i, _)| i),
        }
    }

    /// The direction of `house` when it is a main diagonal.
    fn direction_of(&self, house: &HouseCells) -> Option<Diagonal> {
        let kind = house.kind;
        let n = self.size;
        if kind != House::Diagonal || house.cells.len() != n {
            None
        } else if house
            .cells
            .iter()
            .enumerate()
            .all(|(i, &c)| c as usize == i * n + i)
        {
            Some(Diagonal::DownRight)
        } else if (house.cells.iter().enumerate()).all(|(i, &c)| c as usize == (n - 1 - i) * n + i)
        {
            Some(Diagonal::UpRight)
        } else {
            None
        }
    }

    /// House `h`.
    ///
    /// # Panics
    ///
    /// If `h` is not below `houses().len()`.
    #[must_use]
    pub fn house(&self, h: usize) -> &HouseCells {
        &self.houses[h]
    }

    /// The houses of `cell`, with its position in each, in house order.
    ///
    /// # Panics
    ///
    /// If `cell` is not below [`Geometry::cells`].
    #[must_use]
    pub fn houses_of(&self, cell: usize) -> &[Membership] {
        let d = self.derived();
        let (a, b) = (d.member_start[cell], d.member_start[cell + 1]);
        &d.memberships[a as usize..b as usize]
    }

    /// Whether a value repeats in a house of `grid` (row-major, 0 for empty,
    /// every value below 64: the caller checks).
    pub(crate) fn has_repeat(&self, grid: &[u16]) -> bool {
        let n = self.size;
        if let Some(shape) = self.box_shape
            && n < 64
            && self.houses.len() == 3 * n
        {
            // Rows, columns and boxes only (classic rules): their masks
            // follow from each cell's place, without the tables.
            return lines_or_boxes_repeat(grid, n, shape);
        }
        let Some(d) = self.derived.get() else {
            return self.houses.iter().any(|h| repeats_in(h.cells(), grid));
        };
        // Once each cell's houses are known, only the cells with a value
        // count: a puzzle's givens are checked in a few instructions each.
        let (mut small, mut large) = ([0u64; 192], Vec::new());
        let seen = match self.houses.len() {
            h if h <= small.len() => &mut small[..h],
            h => {
                large.resize(h, 0);
                &mut large[..]
            }
        };
        for (c, &v) in grid.iter().enumerate().filter(|&(_, &v)| v != 0) {
            let bit = 1u64 << v;
            let (a, b) = (d.member_start[c] as usize, d.member_start[c + 1] as usize);
            for m in &d.memberships[a..b] {
                let mask = &mut seen[m.house as usize];
                if *mask & bit != 0 {
                    return true;
                }
                *mask |= bit;
            }
        }
        false
    }

    /// The other cells that share a house with `cell`, each once, in the
    /// order of its houses and of their cells.
    ///
    /// # Panics
    ///
    /// If `cell` is not below [`Geometry::cells`].
    #[must_use]
    pub fn peers(&self, cell: usize) -> &[u32] {
        let d = self.derived();
        let (a, b) = (d.peer_start[cell], d.peer_start[cell + 1]);
        &d.peer_list[a as usize..b as usize]
    }

    /// Every pair of houses that share more than one cell.
    #[must_use]
    pub fn intersections(&self) -> &[Intersection] {
        &self.derived().intersections
    }
}

impl Derived {
    /// Builds the cell-to-house, peer and intersection tables for `houses`.
    fn new(cells: usize, houses: &[HouseCells]) -> Self {
        let mut per_cell: Vec<Vec<Membership>> = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for (p, &c) in house.cells.iter().enumerate() {
                per_cell[c as usize].push(Membership {
                    house: h as u32,
                    position: p as u32,
                });
            }
        }
        let (member_start, memberships) = flatten(per_cell.iter().map(|m| m.iter().copied()));
        let mut seen = vec![usize::MAX; cells];
        let (peer_start, peer_list) = flatten((0..cells).map(|c| {
            let mut list = Vec::new();
            for m in &per_cell[c] {
                for &q in &houses[m.house as usize].cells {
                    if q as usize != c && seen[q as usize] != c {
                        seen[q as usize] = c;
                        list.push(q);
                    }
                }
            }
            list
        }));
        Self {
            intersections: intersections(&per_cell),
            member_start,
            memberships,
            peer_start,
            peer_list,
        }
    }
}

/// The largest side a layout may have: hkociemba's 400×400, the largest
/// boards people publish.
pub(crate) const MAX_SIZE: usize = 400;

/// Whether [`Geometry::from_regions`] groups the cells of regions named
/// below N² in one pass ([`by_first_cell`]) rather than by sorting: a batch
/// of jigsaws reads a map a line. Not in the `compact` WebAssembly build,
/// which has no room for the code.
const BY_FIRST_CELL: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// The cells of each region of `regions` (a map of N² names), the regions
/// in the order of their first cells, each region's cells in order; `None`
/// when a name is N² or more.
fn by_first_cell(n: usize, regions: &[usize]) -> Option<Vec<(usize, Vec<u32>)>> {
    // `slot[name]`: where the region of that name is in the list.
    let mut slot = vec![u32::MAX; n * n];
    let mut groups: Vec<(usize, Vec<u32>)> = Vec::with_capacity(n);
    for (c, &name) in regions.iter().enumerate() {
        let s = slot.get_mut(name)?;
        if *s == u32::MAX {
            *s = groups.len() as u32;
            groups.push((name, Vec::with_capacity(n)));
        }
        groups[*s as usize].1.push(c as u32);
    }
    Some(groups)
}

/// The rows, then the columns, of an N×N board.
fn lines(n: usize) -> Vec<HouseCells> {
    let mut houses = Vec::with_capacity(3 * n);
    houses.extend((0..n).map(|r| HouseCells {
        kind: House::Row,
        cells: (0..n).map(|c| (r * n + c) as u32).collect(),
    }));
    houses.extend((0..n).map(|c| HouseCells {
        kind: House::Column,
        cells: (0..n).map(|r| (r * n + c) as u32).collect(),
    }));
    houses
}

/// Lists of items laid end to end, with where each starts (and, last, the total).
fn flatten<T, I: IntoIterator<Item = T>>(lists: impl Iterator<Item = I>) -> (Vec<u32>, Vec<T>) {
    let (mut start, mut all) = (vec![0u32], Vec::new());
    for list in lists {
        all.extend(list);
        start.push(all.len() as u32);
    }
    (start, all)
}

/// The pairs of houses that share two cells or more, with those cells.
fn intersections(per_cell: &[Vec<Membership>]) -> Vec<Intersection> {
    let mut shared: std::collections::BTreeMap<(usize, usize), Vec<u32>> = Default::default();
    for (c, members) in per_cell.iter().enumerate() {
        for (i, a) in members.iter().enumerate() {
            for b in &members[i + 1..] {
                let key = (a.house.min(b.house) as usize, a.house.max(b.house) as usize);
                shared.entry(key).or_default().push(c as u32);
            }
        }
    }
    shared
        .into_iter()
        .filter(|(_, cells)| cells.len() > 1)
        .map(|(houses, cells)| Intersection { houses, cells })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_added_in_place_remake_the_tables() {
        // R3C4 (cell 21) first shares no house with R2C2 (cell 10); a
        // window over R2C2..R4C4 makes them peers, tables already built.
        let mut g = Geometry::square(3).clone();
        assert!(!g.peers(10).contains(&21));
        let window = (1..4).flat_map(|r| (1..4).map(move |c| (r * 9 + c) as u32));
        g.add_houses([(House::Extra, window.collect())]);
        assert!(g.peers(10).contains(&21));
        assert_eq!(g.houses().len(), 28);
    }

    #[test]
    fn regions_group_as_sorted() {
        use rand_core::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(33);
        for n in 1..=12usize {
            for _ in 0..20 {
                // Any names below N², some regions larger than others.
                let names: Vec<usize> = (0..n).map(|_| rng.next_u32() as usize % (n * n)).collect();
                let map: Vec<usize> = (0..n * n)
                    .map(|_| names[rng.next_u32() as usize % n])
                    .collect();
                // By sorting: each region's cells in order, regions by first cell.
                let mut want: Vec<(usize, Vec<u32>)> = Vec::new();
                let mut distinct = names.clone();
                distinct.sort_small();
                distinct.dedup();
                for &name in &distinct {
                    let cells: Vec<u32> = (0..n * n)
                        .filter(|&c| map[c] == name)
                        .map(|c| c as u32)
                        .collect();
                    if !cells.is_empty() {
                        want.push((name, cells));
                    }
                }
                want.sort_stable_by_key(|(_, cells)| cells[0]);
                assert_eq!(by_first_cell(n, &map), Some(want), "{n}: {map:?}");
            }
            // A name past N² is left to the sort.
            let mut map = vec![0; n * n];
            map[n * n - 1] = n * n;
            assert_eq!(by_first_cell(n, &map), None);
        }
    }

    #[test]
    fn box_repeats_are_what_the_houses_find() {
        use rand_core::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(39);
        let (mut broken, mut kept) = (0, 0);
        for (h, w) in [
            (2, 2),
            (1, 5),
            (2, 3),
            (3, 2),
            (2, 4),
            (3, 3),
            (3, 4),
            (4, 4),
            (5, 5),
            (7, 9),
        ] {
            let (g, n) = (Geometry::boxes(h, w), h * w);
            for givens in [1, 2, 4, n / 2, n, 2 * n] {
                for _ in 0..20 {
                    let mut cells = vec![0u16; n * n];
                    for _ in 0..givens {
                        let cell = rng.next_u32() as usize % (n * n);
                        cells[cell] = (rng.next_u32() as usize % n + 1) as u16;
                    }
                    let expected = g.houses.iter().any(|h| repeats_in(h.cells(), &cells));
                    assert_eq!(g.has_repeat(&cells), expected, "{h}x{w}: {cells:?}");
                    if expected { broken += 1 } else { kept += 1 }
                }
            }
        }
        assert!(broken > 100 && kept > 100, "{broken} {kept}");
    }

    #[test]
    fn square_layouts_have_the_classic_counts() {
        for boxw in 1..=8 {
            let g = Geometry::square(boxw);
            let n = boxw * boxw;
            assert_eq!(g.houses().len(), 3 * n);
            for c in 0..n * n {
                assert_eq!(g.houses_of(c).len(), 3);
                let expected = if n == 1 {
                    0
                } else {
                    3 * (n - 1) - 2 * (boxw - 1)
                };
                assert_eq!(g.peers(c).len(), expected, "boxw {boxw} cell {c}");
                for m in g.houses_of(c) {
                    assert_eq!(
                        g.house(m.house as usize).cells()[m.position as usize],
                        c as u32
                    );
                }
            }
            // Each box meets boxw rows and boxw columns, in boxw cells each.
            let expected = if boxw == 1 { 0 } else { 2 * n * boxw };
            assert_eq!(g.intersections().len(), expected, "boxw {boxw}");
            assert!(g.intersections().iter().all(|i| i.cells.len() == boxw));
        }
    }

    #[test]
    fn rectangular_boxes_tile_the_board() {
        for (r, c) in [(2, 3), (3, 2), (2, 4), (3, 4), (4, 3), (2, 5)] {
            let g = Geometry::boxes(r, c);
            let n = r * c;
            let mut seen = vec![0; n * n];
            for h in &g.houses()[2 * n..] {
                assert_eq!(h.kind(), House::Box);
                for &cell in h.cells() {
                    seen[cell as usize] += 1;
                }
                // A box spans r rows and c columns.
                let rows: std::collections::BTreeSet<_> =
                    h.cells().iter().map(|&x| x as usize / n).collect();
                let cols: std::collections::BTreeSet<_> =
                    h.cells().iter().map(|&x| x as usize % n).collect();
                assert_eq!((rows.len(), cols.len()), (r, c));
            }
            assert!(seen.iter().all(|&k| k == 1), "{r}x{c}");
        }
    }

    #[test]
    fn peers_are_symmetric_and_share_a_house() {
        let g = Geometry::boxes(2, 3);
        for c in 0..g.cells() {
            for &p in g.peers(c) {
                assert!(g.peers(p as usize).contains(&(c as u32)));
                let shared = g
                    .houses_of(c)
                    .iter()
                    .any(|a| g.houses_of(p as usize).iter().any(|b| a.house == b.house));
                assert!(shared);
            }
        }
    }
}
