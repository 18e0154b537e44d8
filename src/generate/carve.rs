//! Carving a puzzle out of a solved grid: empty orbits of cells while the puzzle stays unique.

use std::sync::Arc;

use crate::engine::classic::Solver;
use crate::engine::outcome::{Count, Outcome};
use crate::logic::Logic;
use crate::model::board::Board;
use crate::model::geometry::Geometry;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;

use super::grade::{Level, by_singles};
use super::singles::{Settle, Singles, Tables};

/// What carving made.
pub(super) struct Carved<const BOX: usize> {
    /// The puzzle.
    pub board: Board<BOX>,
    /// Whether no orbit of givens left can be removed, as proven by searches
    /// that finished.
    pub minimal: bool,
}

/// Whether a puzzle stays unique once an orbit is emptied.
enum Check {
    Unique,
    Multiple,
    /// A search ran out of its budget.
    Unknown,
}

/// The node budgets of the uniqueness checks: a first pass over every orbit
/// with `first`, then passes over the orbits whose check ran out, each with
/// [`GROWTH`] times the budget of the one before, up to `max`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Budgets {
    pub first: u64,
    pub max: u64,
}

/// The first rating of a uniqueness technique (a unique rectangle, 4.5):
/// a path rated below it is sound without assuming one solution, so it
/// proves the puzzle has just one.
pub(super) const UNIQUENESS_TENTHS: u16 = 45;

/// What [`carve`] is asked for: stop at `target` givens (0: none), make the
/// puzzle `minimal` or stop at the first orbit that must stay, search with
/// `budgets`, and keep at or below `ceiling`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    pub target: usize,
    pub minimal: bool,
    pub budgets: Budgets,
    pub ceiling: Option<Level>,
}

/// How much each pass over the undecided orbits multiplies the budget.
const GROWTH: u64 = 8;

/// Empties the `orbits` of `solution`, in the order given, keeping each
/// removal that leaves the puzzle unique, until `target` givens are left.
/// Without `minimal`, stops at the first orbit that must stay.
///
/// With a `ceiling` (easy or medium), a removal is kept only while the
/// puzzle stays at or below that level: singles, or the engine's
/// propagation without a guess, still solve it, which also proves it unique
/// (every step is forced), so no uniqueness search runs. Such a puzzle is
/// not reported minimal.
///
/// With `minimal`, an orbit whose check runs out of the first budget stays for
/// now and is tried again once every other orbit has been, with larger
/// budgets: by then the puzzle has fewer givens, and an orbit that must stay
/// usually shows a second solution sooner. Showing that an orbit must stay
/// holds for good, since emptying more cells only adds solutions.
pub(super) fn carve<const BOX: usize>(
    solver: &mut Solver<BOX>,
    solution: &Board<BOX>,
    orbits: &[Vec<usize>],
    plan: Plan,
    scratch: &mut Scratch<BOX>,
) -> Carved<BOX> {
    let Plan {
        target,
        minimal,
        budgets,
        ceiling,
    } = plan;
    let known = solution.as_bytes();
    let n = BOX * BOX;
    let mut carver = Carver {
        grid: Grid::<BOX>::new(known),
        known,
        rows: Lines::new(n, |l, k| known[l * n + k]),
        cols: Lines::new(n, |l, k| known[k * n + l]),
        ceiling,
        scratch,
    };
    let mut budget = budgets.first.min(budgets.max);
    let mut proven = true;
    let mut todo: Vec<&[usize]> = orbits.iter().map(Vec::as_slice).collect();
    loop {
        set_budget(solver, budget);
        let mut undecided = Vec::new();
        for orbit in todo {
            if carver.grid.givens == target {
                proven = false;
                break;
            }
            if carver.grid.givens - orbit.len() < target {
                proven = false;
                continue;
            }
            match carver.remove(solver, orbit) {
                Check::Unique => {}
                _ if !minimal => {
                    proven = false;
                    break;
                }
                Check::Multiple => {}
                Check::Unknown => undecided.push(orbit),
            }
        }
        todo = undecided;
        if todo.is_empty() || budget >= budgets.max {
            break;
        }
        budget = budget.saturating_mul(GROWTH).min(budgets.max);
    }
    set_budget(solver, budgets.max);
    Carved {
        board: Board::from_checked_cells(&carver.grid.cells),
        minimal: proven && todo.is_empty() && ceiling.is_none(),
    }
}

/// The SE rating of `cells` in tenths ([`Logic::rate`] with uniqueness
/// techniques on), or `None` when the ladder does not solve them; when only
/// ratings below `top` matter and `top` is below 4.5, `None` too for one of
/// 4.5 or more, found sooner on the rungs below it
/// ([`Logic::below_uniqueness`]).
pub(super) fn rating<const BOX: usize>(
    cells: &[u8],
    top: Option<u16>,
    scratch: &mut Scratch<BOX>,
) -> Option<u16> {
    let cells: Vec<u16> = cells.iter().map(|&v| u16::from(v)).collect();
    let puzzle = Puzzle::from_cells(scratch.rules(), &cells).expect("a board keeps the rules");
    rating_logic(top).rate(&puzzle).ok()?.tenths()
}

/// The logic that [`rating`] rates with, for ratings up to `top`.
pub(super) fn rating_logic(top: Option<u16>) -> Logic {
    let logic = Logic::new().assume_unique(true);
    if top.is_some_and(|t| t < UNIQUENESS_TENTHS) {
        logic.below_uniqueness()
    } else {
        logic
    }
}

/// Whether `cells` are solved by singles (for an easy `ceiling`), or else by
/// the engine without a guess (for a medium one), as
/// [`Difficulty::of`](super::Difficulty) grades them. Either way the
/// solution found is the only one. Fewer givens only make this harder, so an
/// orbit that fails it must stay for good.
fn within<const BOX: usize>(
    solver: &mut Solver<BOX>,
    cells: &[u8],
    ceiling: Level,
    scratch: &mut Scratch<BOX>,
) -> bool {
    if by_singles(cells, scratch.tables, &mut scratch.base).is_some() {
        return true;
    }
    if ceiling == Level::Easy {
        return false;
    }
    // A budget of no guesses: the search gives up at its first one.
    let budget = solver.max_nodes();
    set_budget(solver, 0);
    let solved = matches!(
        solver.solve(&Board::from_checked_cells(cells)),
        Outcome::Solved(_)
    );
    set_budget(solver, budget);
    solved
}

/// Sets the node budget of `solver`.
fn set_budget<const BOX: usize>(solver: &mut Solver<BOX>, budget: u64) {
    if solver.max_nodes() != budget {
        *solver = std::mem::take(solver).with_max_nodes(budget);
    }
}

/// A puzzle being carved out of its solution `known`.
struct Carver<'a, const BOX: usize> {
    grid: Grid<BOX>,
    known: &'a [u8],
    rows: Lines,
    cols: Lines,
    /// The hardest level a removal may leave (see [`carve`]).
    ceiling: Option<Level>,
    scratch: &'a mut Scratch<BOX>,
}

impl<const BOX: usize> Carver<'_, BOX> {
    /// Empties `orbit` when the puzzle stays unique without it, and says
    /// whether it did; otherwise gives the orbit back.
    fn remove(&mut self, solver: &mut Solver<BOX>, orbit: &[usize]) -> Check {
        for &c in orbit {
            self.grid.clear(c);
        }
        let check = match self.ceiling {
            Some(level) => {
                if within(solver, &self.grid.cells, level, self.scratch) {
                    Check::Unique
                } else {
                    Check::Multiple
                }
            }
            None => self.search(solver, orbit),
        };
        if !matches!(check, Check::Unique) {
            for &c in orbit {
                self.grid.fill(c, self.known[c]);
            }
        }
        check
    }

    /// Whether the puzzle, with `orbit` just emptied, is still unique, by the
    /// quick tests and then a search.
    fn search(&mut self, solver: &mut Solver<BOX>, orbit: &[usize]) -> Check {
        let (grid, known) = (&mut self.grid, self.known);
        if grid.forced(orbit, known) {
            Check::Unique
        } else if grid.on_open_cycle(orbit, &self.rows, &self.cols) {
            Check::Multiple
        } else if BOX == 3 || BOX == 5 {
            // The 9×9 engine counts to two faster than the singles
            // propagator below can rule out each other value (generation
            // median 121 µs → 59 µs); on 16×16 it is the other way. On 25×25
            // a second solution can hide deep behind each other value that
            // still_unique tries in turn, while a count that tries the known
            // value first at each branch finds the known solution at once and
            // the nearest other one soon after (ten puzzles with every check
            // finishing: about 90 s a puzzle → a median of 7 s).
            if BOX == 5 {
                solver.set_hint(known);
            }
            let count = solver.count(&Board::from_checked_cells(&grid.cells), 2);
            if BOX == 5 {
                solver.set_hint(&[]);
            }
            match count {
                Count::Exact(1) => Check::Unique,
                Count::GaveUp(_) => Check::Unknown,
                _ => Check::Multiple,
            }
        } else {
            still_unique::<BOX>(solver, &grid.cells, orbit, known, self.scratch)
        }
    }
}

/// The lines (rows, or columns) of a solved grid, with where each value sits.
struct Lines {
    n: usize,
    /// `value[l * n + k]`: the value at position `k` of line `l`.
    value: Vec<u8>,
    /// `pos[l * (n + 1) + v]`: the position of value `v` in line `l`.
    pos: Vec<u8>,
}

impl Lines {
    fn new(n: usize, at: impl Fn(usize, usize) -> u8) -> Self {
        let mut value = vec![0; n * n];
        let mut pos = vec![0; n * (n + 1)];
        for l in 0..n {
            for k in 0..n {
                let v = at(l, k);
                value[l * n + k] = v;
                pos[l * (n + 1) + usize::from(v)] = k as u8;
            }
        }
        Self { n, value, pos }
    }

    /// Whether the cycle through position `k1` of lines `l1` and `l2` is all
    /// `open`: from `k`, the value of `l2` there is found in `l1` at the next
    /// position, until the cycle closes.
    fn cycle_is_open(
        &self,
        l1: usize,
        l2: usize,
        k1: usize,
        open: impl Fn(usize, usize) -> bool,
    ) -> bool {
        let n = self.n;
        let mut k = k1;
        loop {
            if !open(l1, k) || !open(l2, k) {
                return false;
            }
            let v = usize::from(self.value[l2 * n + k]);
            k = usize::from(self.pos[l1 * (n + 1) + v]);
            if k == k1 {
                return true;
            }
        }
    }
}

/// The puzzle being carved, with the values used in each house.
struct Grid<const BOX: usize> {
    geometry: &'static Geometry,
    cells: Vec<u8>,
    givens: usize,
    /// Bit `v - 1` of `used[h]` set while house `h` holds `v`: rows `0..N`,
    /// columns `N..2N`, boxes `2N..3N`.
    used: Vec<u64>,
}

impl<const BOX: usize> Grid<BOX> {
    const N: usize = BOX * BOX;
    const FULL: u64 = if BOX == 8 {
        u64::MAX
    } else {
        (1u64 << (BOX * BOX)) - 1
    };

    fn new(solution: &[u8]) -> Self {
        Self {
            geometry: Geometry::square(BOX),
            cells: solution.to_vec(),
            givens: solution.len(),
            used: vec![Self::FULL; 3 * Self::N],
        }
    }

    /// The row, column and box of cell `i`, as house numbers.
    fn houses(&self, i: usize) -> impl Iterator<Item = usize> + use<BOX> {
        self.geometry.houses_of(i).iter().map(|m| m.house as usize)
    }

    /// The cells of house `h`.
    fn house_cells(&self, h: usize) -> impl Iterator<Item = usize> + use<BOX> {
        self.geometry.house(h).cells().iter().map(|&c| c as usize)
    }

    fn clear(&mut self, i: usize) {
        let bit = 1u64 << (self.cells[i] - 1);
        for h in self.houses(i) {
            self.used[h] &= !bit;
        }
        self.cells[i] = 0;
        self.givens -= 1;
    }

    fn fill(&mut self, i: usize, v: u8) {
        let bit = 1u64 << (v - 1);
        for h in self.houses(i) {
            self.used[h] |= bit;
        }
        self.cells[i] = v;
        self.givens += 1;
    }

    /// The values that fit open cell `i`.
    fn candidates(&self, i: usize) -> u64 {
        Self::FULL & !self.houses(i).fold(0, |u, h| u | self.used[h])
    }

    /// Whether a cell of `orbit` lies on an empty swap cycle of the solution:
    /// cells of two rows of one band (or two columns of one stack) that hold
    /// the same values in each line, as `x y z` over `y z x`. Exchanging
    /// them between the two lines gives a second solution, so such a set
    /// must keep a given. The shortest, `x y` over `y x`, is a rectangle.
    fn on_open_cycle(&self, orbit: &[usize], rows: &Lines, cols: &Lines) -> bool {
        let n = Self::N;
        let open = |r: usize, c: usize| self.cells[r * n + c] == 0;
        orbit.iter().any(|&a| {
            let (r1, c1) = (a / n, a % n);
            let (band, stack) = (r1 - r1 % BOX, c1 - c1 % BOX);
            (band..band + BOX)
                .filter(|&r| r != r1)
                .any(|r2| rows.cycle_is_open(r1, r2, c1, open))
                || (stack..stack + BOX)
                    .filter(|&c| c != c1)
                    .any(|c2| cols.cycle_is_open(c1, c2, r1, |c, r| open(r, c)))
        })
    }

    /// Whether the emptied cells of `orbit` are forced back to their `known`
    /// values one after another, each a naked or a hidden single once the
    /// ones before it are filled: then the puzzle is as unique as it was.
    /// Leaves the orbit empty.
    fn forced(&mut self, orbit: &[usize], known: &[u8]) -> bool {
        let mut filled = 0;
        for &cell in orbit {
            let v = known[cell];
            let bit = 1u64 << (v - 1);
            let alone = self.candidates(cell) == bit
                || self.houses(cell).any(|h| {
                    self.house_cells(h)
                        .all(|j| j == cell || self.cells[j] != 0 || self.candidates(j) & bit == 0)
                });
            if !alone {
                break;
            }
            self.fill(cell, v);
            filled += 1;
        }
        for &cell in &orbit[..filled] {
            self.clear(cell);
        }
        filled == orbit.len()
    }
}

/// Scratch for uniqueness checks.
pub(super) struct Scratch<const BOX: usize> {
    tables: &'static Tables,
    base: Singles,
    /// One state per level of the small search.
    stack: Vec<Singles>,
    /// The classic rules of the size, shared by every puzzle rated, so that
    /// the logic's layout is built once.
    rules: Option<Arc<Rules>>,
}

impl<const BOX: usize> Scratch<BOX> {
    pub(super) fn new() -> Self {
        Self {
            tables: Tables::get(BOX),
            base: Singles::default(),
            stack: Vec::new(),
            rules: None,
        }
    }

    /// The tables of this size.
    pub(super) fn tables(&self) -> &'static Tables {
        self.tables
    }

    /// The classic rules of the size, built once.
    pub(super) fn rules(&mut self) -> Arc<Rules> {
        Arc::clone(self.rules.get_or_insert_with(|| {
            Arc::new(Rules::boxes(BOX, BOX).expect("every board size is a rules size"))
        }))
    }
}

/// Guesses the small search may make before the engine takes over. On 4×4,
/// singles with a few guesses settle nearly every check faster than a fresh
/// engine search; on 16×16 and up the engine's stronger propagation pays from
/// the start. (9×9 checks go to the 9×9 engine directly; see [`carve`].)
const QUICK_GUESSES: u32 = 64;

/// Whether `cells`, a puzzle whose only solution was `known` before the cells
/// of `orbit` were emptied, still has no other solution.
///
/// Another solution must differ from `known` in some cell of the orbit. So for
/// each cell of the orbit in turn, with the cells before it given back their
/// known values, it tries each other value that fits: singles settle most of
/// them, a small search with a few guesses most of the rest, and the engine
/// what is left.
fn still_unique<const BOX: usize>(
    solver: &mut Solver<BOX>,
    cells: &[u8],
    orbit: &[usize],
    known: &[u8],
    scratch: &mut Scratch<BOX>,
) -> Check {
    let Scratch {
        tables,
        base,
        stack,
        rules: _,
    } = scratch;
    match base.load(tables, cells, true) {
        Settle::Solved => return Check::Unique,
        Settle::Contradiction => unreachable!("the known solution fits"),
        Settle::Stuck => {}
    }
    let quick = if BOX <= 3 { QUICK_GUESSES } else { 0 };
    for &cell in orbit {
        let v = known[cell];
        if base.value[cell] == 0 {
            let mut others = base.cand[cell] & !(1u64 << (v - 1));
            while others != 0 {
                let w = others.trailing_zeros() as u8 + 1;
                others &= others - 1;
                if stack.is_empty() {
                    stack.push(Singles::default());
                }
                stack[0].copy_from(base);
                let settled = match stack[0].place(tables, cell, w, true) {
                    Settle::Stuck => {
                        let mut budget = quick;
                        search(tables, stack, &mut budget)
                    }
                    settled => Some(settled),
                };
                match settled {
                    Some(Settle::Solved) => return Check::Multiple,
                    Some(_) => continue,
                    None => {}
                }
                match solver.solve(&Board::from_checked_cells(&stack[0].value)) {
                    Outcome::Unsolvable => {}
                    Outcome::Solved(_) => return Check::Multiple,
                    _ => return Check::Unknown,
                }
            }
        }
        match base.place(tables, cell, v, true) {
            Settle::Solved => return Check::Unique,
            Settle::Contradiction => unreachable!("the known solution fits"),
            Settle::Stuck => {}
        }
    }
    Check::Unique
}

/// One decision of the quick search: the cell it guesses in, and the
/// candidates there not tried yet.
struct Guess {
    cell: usize,
    left: u64,
}

impl Guess {
    /// A guess in the open cell of `state` with the fewest candidates.
    fn at(state: &Singles) -> Self {
        let cell = (0..state.value.len())
            .filter(|&i| state.value[i] == 0)
            .min_by_key(|&i| state.cand[i].count_ones())
            .expect("a stuck state has an open cell");
        Self {
            cell,
            left: state.cand[cell],
        }
    }
}

/// Looks for a solution of `stack[0]`, a state where singles are stuck, by
/// guessing in cells with the fewest candidates: `Solved` when one is found,
/// `Contradiction` when there is none, `None` when `budget` guesses ran out.
/// `stack[0]` is left as it was.
///
/// Like the engine, it keeps its own stack rather than recursing: guess `d`
/// branches on state `stack[d]` and tries each candidate in `stack[d + 1]`.
fn search(tables: &Tables, stack: &mut Vec<Singles>, budget: &mut u32) -> Option<Settle> {
    let mut guesses: smallvec::SmallVec<[Guess; 16]> = smallvec::smallvec![Guess::at(&stack[0])];
    while let Some(guess) = guesses.last_mut() {
        if guess.left == 0 {
            guesses.pop(); // Every candidate failed: step back.
            continue;
        }
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let (cell, w) = (guess.cell, guess.left.trailing_zeros() as u8 + 1);
        guess.left &= guess.left - 1;
        let depth = guesses.len() - 1;
        if stack.len() == depth + 1 {
            stack.push(Singles::default());
        }
        let (lower, upper) = stack.split_at_mut(depth + 1);
        let next = &mut upper[0];
        next.copy_from(&lower[depth]);
        match next.place(tables, cell, w, true) {
            Settle::Solved => return Some(Settle::Solved),
            Settle::Contradiction => {}
            Settle::Stuck => guesses.push(Guess::at(next)),
        }
    }
    Some(Settle::Contradiction)
}
