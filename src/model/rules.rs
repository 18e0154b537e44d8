//! Rules as data: a layout of houses, and the constraints that are not houses (chess moves, cages).
//!
//! [`Rules`] knows what a valid grid is and checks one; it knows nothing of
//! solving. The run-time engine ([`VariantSolver`](crate::engine::variant::VariantSolver))
//! compiles a `Rules` into its own tables.

use crate::sort::SmallSort;
use std::sync::{Arc, OnceLock};

use crate::error::{House, RulesError, Violation};
use crate::model::constraint::Constraint;
use crate::model::geometry::{Geometry, MAX_SIZE, repeats_in};
use crate::model::verify;

/// Cells that hold different values and, with a sum, add up to it: a killer cage.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    cells: Vec<u32>,
    sum: Option<u64>,
}

impl Cage {
    /// Its cells, as row-major indices, in the order given.
    #[must_use]
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// The sum its values must reach, if it has one.
    #[must_use]
    pub fn sum(&self) -> Option<u64> {
        self.sum
    }
}

/// A chess move whose two ends must hold different values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChessRule {
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart differ.
    AntiKing,
}

impl ChessRule {
    /// The moves, as (row, column) steps; half of each pair, since a move
    /// and its reverse join the same two cells.
    fn steps(self) -> &'static [(isize, isize)] {
        match self {
            ChessRule::AntiKnight => &[(1, 2), (2, 1), (1, -2), (2, -1)],
            // A king's other steps stay in a row or a column, which differ anyway.
            ChessRule::AntiKing => &[(1, 1), (1, -1)],
        }
    }
}

/// The rules of a puzzle known at run time: a layout (rows, columns, boxes
/// or irregular regions, and extra regions) and the constraints that are
/// not houses (anti-knight, anti-king, killer cages). Every rule works alone
/// and with any other.
///
/// ```
/// use ndoku::Rules;
///
/// // 6×6 with boxes of 2×3, both diagonals, and a cage of two cells summing to 3.
/// let rules = Rules::boxes(2, 3)?.with_diagonals().with_cage(&[(0, 0), (0, 1)], Some(3))?;
/// assert_eq!(rules.size(), 6);
/// assert_eq!(rules.cages()[0].sum(), Some(3));
/// // A cage no two different values of 1..=6 can fill.
/// assert!(Rules::boxes(2, 3)?.with_cage(&[(0, 0), (0, 1)], Some(12)).is_err());
/// # Ok::<(), ndoku::RulesError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Rules {
    geometry: Geometry,
    chess: Vec<ChessRule>,
    cages: Vec<Cage>,
    /// The constraints beyond houses and cages, in the order added.
    constraints: Vec<Constraint>,
    /// Pairs of cells the constraints make differ, lower first.
    differ: Vec<(u32, u32)>,
    /// Houses after the layout's own (diagonals, windows, extra regions).
    extra_houses: usize,
    /// Extra regions added by [`Rules::with_region`], to number the next.
    regions_added: usize,
}

impl PartialEq for Rules {
    /// Rules are equal when they hold the same layout, and the same extra
    /// houses, chess rules and cages in any order.
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (&self.geometry, &other.geometry);
        let layout = 3 * a.size();
        let extra = |g: &Geometry| {
            sorted(
                g.houses()[layout.min(g.houses().len())..]
                    .iter()
                    .map(|h| (h.kind(), h.cells().to_vec()))
                    .collect(),
            )
        };
        let cages = |r: &Rules| sorted(r.cages.iter().map(|c| (c.cells.clone(), c.sum)).collect());
        let chess = |r: &Rules| sorted(r.chess.iter().map(|&c| c as u8).collect());
        let constraints =
            |r: &Rules| sorted(r.constraints.iter().map(|c| format!("{c:?}")).collect());
        a.size() == b.size()
            && a.box_shape() == b.box_shape()
            && a.houses().len() == b.houses().len()
            && a.houses()[..layout] == b.houses()[..layout]
            && extra(a) == extra(b)
            && chess(self) == chess(other)
            && cages(self) == cages(other)
            && constraints(self) == constraints(other)
    }
}

impl Eq for Rules {}

impl Rules {
    /// Whether `other` was built the same way: the same houses, chess rules
    /// and cages in the same order. Cheaper than `==`, and enough to reuse
    /// what was compiled for one of them.
    pub(crate) fn is_built_as(&self, other: &Rules) -> bool {
        self.geometry == other.geometry
            && self.chess == other.chess
            && self.cages == other.cages
            && self.constraints == other.constraints
    }
}

impl Rules {
    /// The largest side N a board may have: 400.
    pub const MAX_SIZE: usize = MAX_SIZE;

    /// A classic N×N board as f-puzzles draws it: boxes of h×w cells, h the
    /// largest divisor of N not above √N and w = N/h (6: 2×3; 12: 3×4; a
    /// prime N: rows of 1×N, so no box rule).
    ///
    /// # Errors
    ///
    /// [`RulesError::UnsupportedSize`] when `n` is 0 or over 400.
    pub fn classic(n: usize) -> Result<Self, RulesError> {
        check_size(n)?;
        let h = (1..=n)
            .take_while(|d| d * d <= n)
            .filter(|&d| n.is_multiple_of(d))
            .max()
            .unwrap_or(1);
        Self::boxes(h, n / h)
    }

    /// [`Rules::classic`] of side `n`, shared: built once per side up to 64,
    /// so that puzzles read one by one
    /// from a file share their rules rather than build them each.
    ///
    /// # Errors
    ///
    /// As [`Rules::classic`].
    pub(crate) fn classic_shared(n: usize) -> Result<Arc<Self>, RulesError> {
        static CLASSIC: [OnceLock<Arc<Rules>>; 65] = [const { OnceLock::new() }; 65];
        match CLASSIC.get(n) {
            Some(slot) if n > 0 => {
                if let Some(rules) = slot.get() {
                    return Ok(Arc::clone(rules));
                }
                let rules = Arc::new(Self::classic(n)?);
                Ok(Arc::clone(slot.get_or_init(|| rules)))
            }
            _ => Ok(Arc::new(Self::classic(n)?)),
        }
    }

    /// Boxes of `rows`×`cols` cells, on a board of N = `rows`·`cols`.
    ///
    /// # Errors
    ///
    /// [`RulesError::UnsupportedSize`] when N is 0 or over 400.
    pub fn boxes(rows: usize, cols: usize) -> Result<Self, RulesError> {
        let n = rows.saturating_mul(cols);
        check_size(n)?;
        Ok(Self::from_geometry(Geometry::boxes(rows, cols)))
    }

    /// Irregular regions (jigsaw), given as a map: `regions[row * n + col]`
    /// names the region of each cell; see [`Geometry::from_regions`].
    ///
    /// # Errors
    ///
    /// As [`Geometry::from_regions`]: the wrong size, or a region without
    /// exactly `n` cells.
    pub fn jigsaw(n: usize, regions: &[usize]) -> Result<Self, RulesError> {
        Ok(Self::from_geometry(Geometry::from_regions(n, regions)?))
    }

    /// Rules with the layout `geometry` and nothing else.
    #[must_use]
    pub fn from_geometry(geometry: Geometry) -> Self {
        Self {
            geometry,
            chess: Vec::new(),
            cages: Vec::new(),
            constraints: Vec::new(),
            differ: Vec::new(),
            extra_houses: 0,
            regions_added: 0,
        }
    }

    /// These rules with both main diagonals as houses (X-Sudoku).
    #[must_use]
    pub fn with_diagonals(self) -> Self {
        self.with_diagonal(false).with_diagonal(true)
    }

    /// These rules with one main diagonal as a house: top left to bottom
    /// right (f-puzzles' `diagonal-`), or with `anti`, bottom left to top
    /// right (`diagonal+`).
    #[must_use]
    pub fn with_diagonal(self, anti: bool) -> Self {
        let n = self.size();
        let cells = (0..n)
            .map(|i| if anti { (n - 1 - i) * n + i } else { i * n + i } as u32)
            .collect();
        self.add_house(House::Diagonal, cells)
    }

    /// These rules with the Windoku windows as houses: on a board with
    /// square boxes of b×b, the (b-1)² squares of b×b cells one cell in from
    /// each box's top left corner (four on 9×9).
    ///
    /// # Errors
    ///
    /// [`RulesError::NeedsBoxes`] on a layout without square boxes.
    pub fn with_windows(self) -> Result<Self, RulesError> {
        let b = match self.geometry.box_shape() {
            Some((r, c)) if r == c && r > 1 => r,
            _ => {
                return Err(RulesError::NeedsBoxes {
                    rule: "windows",
                    needs: "square boxes",
                });
            }
        };
        let n = self.size();
        let mut rules = self;
        for top in (0..b - 1).map(|k| 1 + k * (b + 1)) {
            for left in (0..b - 1).map(|k| 1 + k * (b + 1)) {
                let cells = (0..n)
                    .map(|k| ((top + k / b) * n + left + k % b) as u32)
                    .collect();
                rules = rules.add_house(House::Extra, cells);
            }
        }
        Ok(rules)
    }

    /// These rules with disjoint groups as houses: the cells at the same
    /// place in every box.
    ///
    /// # Errors
    ///
    /// [`RulesError::NeedsBoxes`] on a jigsaw layout.
    pub fn with_disjoint_groups(self) -> Result<Self, RulesError> {
        let Some((h, w)) = self.geometry.box_shape() else {
            return Err(RulesError::NeedsBoxes {
                rule: "disjoint groups",
                needs: "boxes",
            });
        };
        let n = self.size();
        let mut rules = self;
        for k in 0..n {
            let cells = (0..n / h)
                .flat_map(|br| {
                    (0..n / w).map(move |bc| ((br * h + k / w) * n + bc * w + k % w) as u32)
                })
                .collect();
            rules = rules.add_house(House::Extra, cells);
        }
        Ok(rules)
    }

    /// These rules with an extra region: cells, as (row, column), whose
    /// values differ (with N cells, they hold 1..=N).
    ///
    /// # Errors
    ///
    /// [`RulesError::OffBoard`], [`RulesError::RepeatedCell`],
    /// [`RulesError::NoCells`] or [`RulesError::TooManyCells`].
    pub fn with_region(self, cells: &[(usize, usize)]) -> Result<Self, RulesError> {
        let what = format!("extra region {}", self.regions_added + 1);
        let mut rules = self.with_house(House::Extra, &what, cells)?;
        rules.regions_added += 1;
        Ok(rules)
    }

    /// These rules with a chess rule: cells a knight's (or king's) move
    /// apart hold different values.
    #[must_use]
    pub fn with_chess(mut self, rule: ChessRule) -> Self {
        if !self.chess.contains(&rule) {
            self.chess.push(rule);
        }
        self
    }

    /// These rules with a cage: cells, as (row, column), whose values differ
    /// and, with a sum, add up to it.
    ///
    /// # Errors
    ///
    /// [`RulesError::OffBoard`], [`RulesError::RepeatedCell`],
    /// [`RulesError::NoCells`], [`RulesError::TooManyCells`], or
    /// [`RulesError::UnreachableSum`] when different values in that many
    /// cells cannot add up to the sum.
    pub fn with_cage(
        mut self,
        cells: &[(usize, usize)],
        sum: Option<u64>,
    ) -> Result<Self, RulesError> {
        let what = format!("cage {}", self.cages.len() + 1);
        let cells = self.cell_list(&what, cells)?;
        if let Some(sum) = sum {
            let (n, k) = (self.size() as u64, cells.len() as u64);
            let (min, max) = (k * (k + 1) / 2, k * (2 * n - k + 1) / 2);
            if !(min..=max).contains(&sum) {
                return Err(RulesError::UnreachableSum {
                    what,
                    cells: cells.len(),
                    sum,
                    min,
                    max,
                });
            }
        }
        self.cages.push(Cage { cells, sum });
        Ok(self)
    }

    /// These rules with a [`Constraint`] beyond houses and cages: a
    /// thermometer, an arrow, a dot, a line, an outside clue, a global
    /// rule. A global rule added twice counts once.
    ///
    /// ```
    /// use ndoku::{Constraint, Rules};
    ///
    /// let rules = Rules::classic(9)?.with_constraint(Constraint::Arrow {
    ///     circle: vec![0],
    ///     line: vec![10, 20],
    /// })?;
    /// assert_eq!(rules.constraints().len(), 1);
    /// let err = Rules::classic(9)?
    ///     .with_constraint(Constraint::Renban { cells: vec![0, 1, 0] })
    ///     .unwrap_err();
    /// assert_eq!(err.to_string(), "renban 1 passes through R1C1 twice");
    /// # Ok::<(), ndoku::RulesError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`RulesError::Constraint`], naming the constraint (`thermometer 2`,
    /// numbered among those of its kind) and what is wrong: a cell off the
    /// board, a line through one cell twice, a dot between cells that are
    /// not neighbours, an arrow without a circle, a clue that is not
    /// outside, a value out of range.
    pub fn with_constraint(mut self, constraint: Constraint) -> Result<Self, RulesError> {
        let mut constraint = constraint;
        let n = self.size();
        if let Err(problem) = verify::validate(n, &mut constraint) {
            return Err(RulesError::Constraint {
                what: self.constraint_name(&constraint, self.constraints.len()),
                problem,
            });
        }
        if matches!(
            constraint,
            Constraint::Nonconsecutive | Constraint::Negative { .. }
        ) && self.constraints.contains(&constraint)
        {
            return Ok(self);
        }
        self.differ.extend(verify::differ(n, &constraint));
        self.constraints.push(constraint);
        Ok(self)
    }

    /// The constraints beyond houses and cages, in the order added.
    #[must_use]
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The pairs of cells the constraints make hold different values (a
    /// renban's, a strict thermometer's, a dot's), lower first.
    pub(crate) fn differ_pairs(&self) -> &[(u32, u32)] {
        &self.differ
    }

    /// `thermometer 2`: the kind of `constraint` numbered among those of
    /// its kind in the first `before` constraints.
    fn constraint_name(&self, constraint: &Constraint, before: usize) -> String {
        let kind = constraint.kind();
        let k = self.constraints[..before]
            .iter()
            .filter(|c| c.kind() == kind)
            .count();
        match constraint {
            Constraint::Nonconsecutive | Constraint::Negative { .. } => kind.to_owned(),
            _ => format!("{kind} {}", k + 1),
        }
    }

    /// N, the side of the board and the number of values.
    #[must_use]
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// The layout: rows, columns, boxes or regions, and the extra houses
    /// (diagonals, windows, disjoint groups, extra regions) after them.
    #[must_use]
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The chess rules in force.
    #[must_use]
    pub fn chess(&self) -> &[ChessRule] {
        &self.chess
    }

    /// The cages, in the order added.
    #[must_use]
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The groups of cells whose values differ: every house, then every cage.
    pub(crate) fn groups(&self) -> impl Iterator<Item = &[u32]> {
        let houses = self.geometry.houses().iter().map(|h| h.cells());
        houses.chain(self.cages.iter().map(|c| c.cells()))
    }

    /// Whether these are the classic rules of boxes and nothing more.
    #[must_use]
    pub fn is_plain(&self) -> bool {
        self.extra_houses == 0
            && self.chess.is_empty()
            && self.cages.is_empty()
            && self.constraints.is_empty()
    }

    /// Every pair of cells a chess move apart, lower first.
    pub fn chess_pairs(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let n = self.size() as isize;
        self.chess.iter().flat_map(move |rule| {
            (0..n * n).flat_map(move |cell| {
                let (r, c) = (cell / n, cell % n);
                rule.steps().iter().filter_map(move |&(dr, dc)| {
                    let (rr, cc) = (r + dr, c + dc);
                    let inside = (0..n).contains(&rr) && (0..n).contains(&cc);
                    inside.then(|| (cell as u32, (rr * n + cc) as u32))
                })
            })
        })
    }

    /// The cells that must differ from `cell` (a row-major index): those
    /// sharing a house or a cage with it, a chess move away, or made to
    /// differ by a constraint (a strict thermometer, a renban, a dot...);
    /// each once, in increasing order.
    ///
    /// # Panics
    ///
    /// If `cell` is off the board.
    #[must_use]
    pub fn peers(&self, cell: usize) -> Vec<u32> {
        let n = self.size() as isize;
        let mut out: Vec<u32> = self.geometry.peers(cell).to_vec();
        for cage in self
            .cages
            .iter()
            .filter(|c| c.cells.contains(&(cell as u32)))
        {
            out.extend(cage.cells.iter().filter(|&&c| c as usize != cell));
        }
        for &(a, b) in &self.differ {
            if a as usize == cell {
                out.push(b);
            } else if b as usize == cell {
                out.push(a);
            }
        }
        let (r, c) = (cell as isize / n, cell as isize % n);
        for rule in &self.chess {
            for &(dr, dc) in rule.steps() {
                for (rr, cc) in [(r + dr, c + dc), (r - dr, c - dc)] {
                    if (0..n).contains(&rr) && (0..n).contains(&cc) {
                        out.push((rr * n + cc) as u32);
                    }
                }
            }
        }
        out.sort_small();
        out.dedup();
        out
    }

    /// Checks a grid, one value a cell in row-major order (0 for empty),
    /// against every rule: no repeats where values must differ, every full
    /// cage at its sum, and every [`Constraint`] kept. Empty cells break
    /// nothing: on a partial grid a constraint is broken only when what its
    /// placed values say cannot hold whatever the empty cells take (a
    /// thermometer that falls, an arrow whose line already passes its
    /// circle), and never with none of its cells placed.
    ///
    /// ```
    /// use ndoku::Rules;
    ///
    /// let rules = Rules::boxes(1, 2)?.with_cage(&[(0, 0), (1, 0)], Some(3))?;
    /// assert!(rules.check(&[1, 2, 2, 1]).is_ok());
    /// assert!(rules.check(&[1, 0, 0, 0]).is_ok());
    /// let err = rules.check(&[1, 2, 1, 2]).unwrap_err();
    /// assert_eq!(err.to_string(), "value 1 at R1C1 repeats at R2C1: one column");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first [`Violation`] found.
    pub fn check(&self, grid: &[u16]) -> Result<(), Violation> {
        let n = self.size();
        if grid.len() != n * n || grid.iter().any(|&v| usize::from(v) > n) {
            return Err(Violation::Shape {
                expected: n * n,
                found: grid.len(),
                size: n,
            });
        }
        let at = |c: u32| (c as usize / n, c as usize % n);
        let repeat = |a: u32, b: u32, why: String| Violation::Repeat {
            value: grid[a as usize],
            first: at(a.min(b)),
            second: at(a.max(b)),
            why,
        };
        // Each group's cells, with what it is: a house's kind, or a cage's number.
        let groups = self
            .geometry
            .houses()
            .iter()
            .map(|h| (Ok(h.kind()), h.cells()));
        let cages = self
            .cages
            .iter()
            .enumerate()
            .map(|(i, c)| (Err(i + 1), c.cells()));
        let why = |what: Result<House, usize>| match what {
            Ok(kind) => format!("one {kind}"),
            Err(cage) => format!("cage {cage}"),
        };
        // A mask per group finds no repeat in a few instructions a cell (the
        // common case); on a repeat, the loop below names it.
        let repeats = n >= 64
            || self.geometry.has_repeat(grid)
            || self.cages.iter().any(|c| repeats_in(c.cells(), grid));
        if repeats {
            // `seen[v]`: the cell of the group at hand holding `v`, stamped with the group.
            let mut seen = vec![(usize::MAX, 0u32); n + 1];
            for (g, (what, cells)) in groups.chain(cages).enumerate() {
                for &c in cells {
                    let v = usize::from(grid[c as usize]);
                    if v != 0 && seen[v].0 == g {
                        return Err(repeat(seen[v].1, c, why(what)));
                    }
                    seen[v] = (g, c);
                }
            }
        }
        if let Some((a, b)) = self
            .chess_pairs()
            .find(|&(a, b)| grid[a as usize] != 0 && grid[a as usize] == grid[b as usize])
        {
            let why = match self
                .chess
                .iter()
                .find(|r| r.steps().iter().any(|&s| step(n, a, b) == s))
            {
                Some(ChessRule::AntiKing) => "anti-king",
                _ => "anti-knight",
            };
            return Err(repeat(a, b, why.to_owned()));
        }
        for (i, cage) in self.cages.iter().enumerate() {
            let values = cage.cells.iter().map(|&c| u64::from(grid[c as usize]));
            if let Some(sum) = cage.sum
                && values.clone().all(|v| v != 0)
                && values.clone().sum::<u64>() != sum
            {
                return Err(Violation::Sum {
                    cage: i + 1,
                    sum,
                    found: values.sum(),
                });
            }
        }
        for (i, constraint) in self.constraints.iter().enumerate() {
            if let Some(err) = self.broken(i, constraint, grid) {
                return Err(err);
            }
        }
        Ok(())
    }

    /// The [`Violation`] of constraint `i` on `grid` (checked in shape),
    /// if it is broken.
    pub(crate) fn broken(
        &self,
        i: usize,
        constraint: &Constraint,
        grid: &[u16],
    ) -> Option<Violation> {
        let n = self.size();
        // A constraint none of whose cells holds a value is not broken by the
        // grid, even one no values could keep (a pill no line can reach).
        let reads = constraint.cells(n);
        if !reads.is_empty() && reads.iter().all(|&c| grid[c as usize] == 0) {
            return None;
        }
        let (broken, cells) = verify::broken(&self.geometry, &self.constraints, constraint, grid)?;
        Some(Violation::Constraint {
            what: self.constraint_name(constraint, i),
            broken,
            cells: cells
                .iter()
                .map(|&c| (c as usize / n, c as usize % n))
                .collect(),
        })
    }

    /// These rules on another layout of the same size: its rows, columns and
    /// boxes or regions, with these rules' extra houses, chess rules and cages.
    pub(crate) fn on_layout(&self, layout: Geometry) -> Self {
        debug_assert_eq!(layout.size(), self.size());
        let own = 3 * self.size();
        let extra = self.geometry.houses()[own..]
            .iter()
            .map(|h| (h.kind(), h.cells().to_vec()));
        Self {
            geometry: layout.with_houses(extra),
            chess: self.chess.clone(),
            cages: self.cages.clone(),
            constraints: self.constraints.clone(),
            differ: self.differ.clone(),
            extra_houses: self.extra_houses,
            regions_added: self.regions_added,
        }
    }

    /// These rules with a house of `kind` on `cells`, checked as
    /// [`Rules::with_region`] checks them, `what` naming it in errors.
    pub(crate) fn with_house(
        self,
        kind: House,
        what: &str,
        cells: &[(usize, usize)],
    ) -> Result<Self, RulesError> {
        let cells = self.cell_list(what, cells)?;
        Ok(self.add_house(kind, cells))
    }

    /// Adds a house after the layout's own.
    fn add_house(mut self, kind: House, cells: Vec<u32>) -> Self {
        self.geometry.add_houses([(kind, cells)]);
        self.extra_houses += 1;
        self
    }

    /// `cells` as indices, checked: on the board, each once, one to N of them.
    fn cell_list(&self, what: &str, cells: &[(usize, usize)]) -> Result<Vec<u32>, RulesError> {
        let n = self.size();
        if cells.is_empty() {
            return Err(RulesError::NoCells {
                what: what.to_owned(),
            });
        }
        let mut list: Vec<u32> = Vec::with_capacity(cells.len());
        for &(row, col) in cells {
            if row >= n || col >= n {
                let (what, size) = (what.to_owned(), n);
                return Err(RulesError::OffBoard {
                    what,
                    row,
                    col,
                    size,
                });
            }
            let c = (row * n + col) as u32;
            if list.contains(&c) {
                return Err(RulesError::RepeatedCell {
                    what: what.to_owned(),
                    row,
                    col,
                });
            }
            list.push(c);
        }
        if list.len() > n {
            let (what, found, size) = (what.to_owned(), list.len(), n);
            return Err(RulesError::TooManyCells { what, found, size });
        }
        Ok(list)
    }
}

/// `v`, sorted.
fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort_small();
    v
}

/// The (row, column) step from cell `a` to cell `b`, lower first.
fn step(n: usize, a: u32, b: u32) -> (isize, isize) {
    let (a, b, n) = (a as isize, b as isize, n as isize);
    (b / n - a / n, b % n - a % n)
}

/// Whether `n` is a side the engines hold.
fn check_size(n: usize) -> Result<(), RulesError> {
    if n == 0 || n > MAX_SIZE {
        return Err(RulesError::UnsupportedSize {
            size: n,
            max: MAX_SIZE,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_sizes_take_the_f_puzzles_box_shapes() {
        for (n, shape) in [
            (4, (2, 2)),
            (6, (2, 3)),
            (8, (2, 4)),
            (9, (3, 3)),
            (12, (3, 4)),
            (15, (3, 5)),
            (7, (1, 7)),
            (81, (9, 9)),
            (90, (9, 10)),
            (132, (11, 12)),
            (400, (20, 20)),
            (397, (1, 397)),
        ] {
            assert_eq!(
                Rules::classic(n).unwrap().geometry().box_shape(),
                Some(shape),
                "{n}"
            );
        }
        assert!(Rules::classic(0).is_err() && Rules::classic(401).is_err());
    }

    #[test]
    fn windows_and_groups_are_houses_of_n_cells() {
        let r = Rules::boxes(3, 3)
            .unwrap()
            .with_windows()
            .unwrap()
            .with_disjoint_groups()
            .unwrap();
        let extra = &r.geometry().houses()[27..];
        assert_eq!(extra.len(), 4 + 9);
        assert!(extra.iter().all(|h| h.cells().len() == 9));
        assert_eq!(extra[0].cells()[..3], [10, 11, 12]);
        assert_eq!(extra[4].cells()[..3], [0, 3, 6]);
        assert!(Rules::boxes(2, 3).unwrap().with_windows().is_err());
    }

    #[test]
    fn chess_pairs_are_the_moves() {
        let knight = Rules::classic(9).unwrap().with_chess(ChessRule::AntiKnight);
        // A knight on a 9×9 has 2·(2·7·8) moves counted once each.
        assert_eq!(knight.chess_pairs().count(), 2 * 7 * 8 * 2);
        let king = Rules::classic(9).unwrap().with_chess(ChessRule::AntiKing);
        assert_eq!(king.chess_pairs().count(), 2 * 8 * 8);
    }

    #[test]
    fn peers_are_symmetric_and_cover_every_rule() {
        let r = Rules::classic(6)
            .unwrap()
            .with_diagonals()
            .with_chess(ChessRule::AntiKnight)
            .with_cage(&[(0, 0), (5, 5)], None)
            .unwrap();
        for c in 0..36 {
            let peers = r.peers(c);
            assert!(!peers.contains(&(c as u32)));
            for &p in &peers {
                assert!(r.peers(p as usize).contains(&(c as u32)), "{c} {p}");
                // Two cells that must differ cannot hold the same value.
                let mut grid = [0u16; 36];
                (grid[c], grid[p as usize]) = (1, 1);
                assert!(r.check(&grid).is_err(), "{c} {p}");
            }
        }
        assert!(r.peers(0).contains(&35) && r.peers(0).contains(&8)); // cage, knight
    }

    #[test]
    fn cages_are_checked_as_they_are_added() {
        let r = Rules::classic(9).unwrap();
        let err = r.clone().with_cage(&[(0, 0), (9, 0)], Some(3)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cage 1 names cell R10C1, off the 9x9 board"
        );
        let err = r.clone().with_cage(&[(0, 0), (0, 0)], None).unwrap_err();
        assert_eq!(err.to_string(), "cage 1 names cell R1C1 twice");
        let err = r
            .clone()
            .with_cage(&[(0, 0), (0, 1)], Some(18))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "cage 1 of 2 cells cannot sum to 18: different values there sum to 3 to 17"
        );
        assert!(r.with_cage(&[(0, 0), (0, 1)], Some(17)).is_ok());
    }

    #[test]
    fn check_names_the_broken_rule() {
        let r = Rules::boxes(2, 2)
            .unwrap()
            .with_diagonals()
            .with_chess(ChessRule::AntiKing);
        let mut grid = [0u16; 16];
        (grid[0], grid[5]) = (1, 1);
        let e = r.check(&grid).unwrap_err();
        assert!(e.to_string().contains("one box"), "{e}");
        let r = Rules::from_geometry(
            Geometry::from_regions(4, &[0, 0, 1, 1, 2, 0, 0, 1, 2, 2, 3, 1, 2, 3, 3, 3]).unwrap(),
        )
        .with_chess(ChessRule::AntiKing);
        let mut grid = [0u16; 16];
        (grid[1], grid[4]) = (2, 2);
        assert_eq!(
            r.check(&grid).unwrap_err().to_string(),
            "value 2 at R1C2 repeats at R2C1: anti-king"
        );
    }
}
