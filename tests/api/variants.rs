//! Run-time rules: the variant engine against the reference backtracker on
//! random rule sets, planted solutions, and errors for bad rules.
//!
//! Every case comes from a seed (see [`common::Rng`]). Rules are drawn from
//! a random layout (4×4 boxes, 6×6 boxes of 2×3 or 3×2, 4×4 and 5×5 jigsaws
//! with random region maps) plus random extras (diagonals, extra regions,
//! anti-knight, anti-king, cages with and without sums). Where the rules are
//! built around a known grid, that grid is checked with [`Rules::check`]
//! before it is used as a planted solution.

use crate::common;

use common::Rng;
use ndoku::engine::Reference;
use ndoku::engine::variant::VariantSolver;
use ndoku::model::ChessRule;
use ndoku::{Count, Outcome, Puzzle, Rules};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Guesses the variant engine may make on one of these small boards before
/// a test calls it stuck.
const MAX_NODES: u64 = 200_000;

/// Guesses the variant engine may make looking for a grid that keeps
/// random rules.
const PLANT_NODES: u64 = 5_000;

/// Steps the reference may take before a comparison is skipped.
const REF_STEPS: u64 = 40_000;

// ---------------------------------------------------------------------------
// Random grids, region maps and rules
// ---------------------------------------------------------------------------

/// The layouts the tests draw from.
#[derive(Clone, Copy, Debug)]
enum Layout {
    /// Boxes of rows×cols.
    Boxes(usize, usize),
    /// A random jigsaw of side N.
    Jigsaw(usize),
}

impl Layout {
    fn size(self) -> usize {
        match self {
            Layout::Boxes(r, c) => r * c,
            Layout::Jigsaw(n) => n,
        }
    }

    fn random(rng: &mut Rng) -> Self {
        match rng.below(5) {
            0 => Layout::Boxes(2, 2),
            1 => Layout::Boxes(2, 3),
            2 => Layout::Boxes(3, 2),
            3 => Layout::Jigsaw(4),
            _ => Layout::Jigsaw(5),
        }
    }
}

/// A random full grid with boxes of `h`×`w`: the closed-form pattern
/// `((r % h)·w + r / h + c) % N + 1`, with rows shuffled within bands, bands,
/// columns within stacks, stacks and values.
fn boxes_grid(h: usize, w: usize, rng: &mut Rng) -> Vec<u16> {
    let n = h * w;
    let values = rng.permutation(n);
    // h rows a band, n / h bands; w columns a stack, n / w stacks.
    let rows = grouped_order(h, n / h, rng);
    let cols = grouped_order(w, n / w, rng);
    let mut grid = Vec::with_capacity(n * n);
    for &r in &rows {
        for &c in &cols {
            let v = ((r % h) * w + r / h + c) % n;
            grid.push(values[v] as u16 + 1);
        }
    }
    grid
}

/// An order of `size`·`groups` lines that keeps each group of `size` together.
fn grouped_order(size: usize, groups: usize, rng: &mut Rng) -> Vec<usize> {
    let mut order = Vec::with_capacity(size * groups);
    for g in rng.permutation(groups) {
        order.extend(rng.permutation(size).into_iter().map(|k| g * size + k));
    }
    order
}

/// A random Latin square of side `n`: `(r + c) % n` with rows, columns and
/// values shuffled.
fn latin_grid(n: usize, rng: &mut Rng) -> Vec<u16> {
    let (rows, cols, values) = (rng.permutation(n), rng.permutation(n), rng.permutation(n));
    let mut grid = Vec::with_capacity(n * n);
    for &r in &rows {
        for &c in &cols {
            grid.push(values[(r + c) % n] as u16 + 1);
        }
    }
    grid
}

/// A random region map of `n` regions of `n` cells, not necessarily
/// connected, under random names. With `grid`, each region takes one cell
/// of each value of it, so `grid` keeps the regions.
fn region_map(n: usize, grid: Option<&[u16]>, rng: &mut Rng) -> Vec<usize> {
    // Region names: any numbers, not 0..n in order.
    let names: Vec<usize> = rng.permutation(n).iter().map(|&k| 7 * k + 3).collect();
    let mut map = vec![0; n * n];
    match grid {
        Some(grid) => {
            for v in 1..=n as u16 {
                let cells: Vec<usize> = (0..n * n).filter(|&c| grid[c] == v).collect();
                for (region, cell) in rng.permutation(n).into_iter().zip(cells) {
                    map[cell] = names[region];
                }
            }
        }
        None => {
            for (k, cell) in rng.permutation(n * n).into_iter().enumerate() {
                map[cell] = names[k / n];
            }
        }
    }
    map
}

/// (row, column) of a cell index.
fn rc(n: usize, cell: usize) -> (usize, usize) {
    (cell / n, cell % n)
}

/// The rules in a few lines, for failure messages (their `Debug` form
/// prints the geometry's tables): the houses after rows and columns, the
/// chess rules and the cages, cells as row-major indices.
fn describe(rules: &Rules) -> String {
    let n = rules.size();
    let houses: Vec<String> = rules.geometry().houses()[2 * n..]
        .iter()
        .map(|h| format!("{} {:?}", h.kind(), h.cells()))
        .collect();
    let cages: Vec<String> = rules
        .cages()
        .iter()
        .map(|c| format!("cage {:?} sum {:?}", c.cells(), c.sum()))
        .collect();
    format!(
        "{n}x{n}; {}; chess {:?}; {}",
        houses.join(", "),
        rules.chess(),
        cages.join(", ")
    )
}

/// A random group of up to `size` distinct cells grown from a random cell by
/// orthogonal steps, avoiding `taken` cells and, with `grid`, repeated values.
fn grow_group(
    n: usize,
    size: usize,
    taken: &[bool],
    grid: Option<&[u16]>,
    rng: &mut Rng,
) -> Vec<usize> {
    let free: Vec<usize> = (0..n * n).filter(|&c| !taken[c]).collect();
    if free.is_empty() {
        return Vec::new();
    }
    let mut group = vec![free[rng.below(free.len())]];
    while group.len() < size {
        let fits = |c: usize| {
            !taken[c]
                && !group.contains(&c)
                && grid.is_none_or(|g| group.iter().all(|&x| g[x] != g[c]))
        };
        let mut next: Vec<usize> = Vec::new();
        for &x in &group {
            let (r, c) = rc(n, x);
            let steps = [(0, 1), (1, 0), (0, -1), (-1, 0)];
            for (dr, dc) in steps {
                let (rr, cc) = (r as isize + dr, c as isize + dc);
                if (0..n as isize).contains(&rr) && (0..n as isize).contains(&cc) {
                    let y = rr as usize * n + cc as usize;
                    if fits(y) && !next.contains(&y) {
                        next.push(y);
                    }
                }
            }
        }
        if next.is_empty() {
            break;
        }
        group.push(next[rng.below(next.len())]);
    }
    group
}

/// A random sum that `k` different values of `1..=n` can reach.
fn random_sum(n: usize, k: usize, rng: &mut Rng) -> u64 {
    let (min, max) = (k * (k + 1) / 2, k * (2 * n - k + 1) / 2);
    rng.range(min, max) as u64
}

/// Random rules and, when one is known, a grid that keeps them (checked
/// with [`Rules::check`]).
struct Case {
    rules: Rules,
    planted: Option<Vec<u16>>,
}

/// Draws a random rule set. With `want_planted`, the extras are chosen so
/// that a known grid keeps them wherever that is cheap, and the engine is
/// asked for one otherwise (the grid is checked, not trusted); rule sets
/// without a grid are drawn again, up to 20 times.
fn random_case(rng: &mut Rng, want_planted: bool) -> Result<Case, TestCaseError> {
    for _ in 0..20 {
        let case = one_case(rng, want_planted)?;
        if case.planted.is_some() || !want_planted {
            return Ok(case);
        }
    }
    one_case(rng, want_planted)
}

/// One draw of [`random_case`].
fn one_case(rng: &mut Rng, want_planted: bool) -> Result<Case, TestCaseError> {
    let layout = Layout::random(rng);
    let n = layout.size();
    let (mut rules, base) = match layout {
        Layout::Boxes(h, w) => (Rules::boxes(h, w).unwrap(), boxes_grid(h, w, rng)),
        Layout::Jigsaw(n) => {
            let base = latin_grid(n, rng);
            let planted_map = rng.chance(2, 3);
            let map = region_map(n, planted_map.then_some(&base[..]), rng);
            (Rules::jigsaw(n, &map).unwrap(), base)
        }
    };
    // Houses and chess rules; windows and disjoint groups need boxes.
    match rng.below(4) {
        0 => rules = rules.with_diagonals(),
        1 => rules = rules.with_diagonal(rng.chance(1, 2)),
        _ => {}
    }
    for _ in 0..rng.below(3) {
        // An extra region of 2 to N cells, scattered; with values of the
        // base grid all different half the time.
        let size = rng.range(2, n);
        let taken = vec![false; n * n];
        let cells: Vec<usize> = if rng.chance(1, 2) {
            let mut picked: Vec<usize> = Vec::new();
            for c in rng.permutation(n * n) {
                if picked.len() < size && picked.iter().all(|&x| base[x] != base[c]) {
                    picked.push(c);
                }
            }
            picked
        } else {
            grow_group(n, size, &taken, None, rng)
        };
        let cells: Vec<(usize, usize)> = cells.iter().map(|&c| rc(n, c)).collect();
        rules = rules.with_region(&cells).unwrap();
    }
    if let Layout::Boxes(h, w) = layout {
        if h == w && rng.chance(1, 5) {
            rules = rules.with_windows().unwrap();
        }
        if rng.chance(1, 6) {
            rules = rules.with_disjoint_groups().unwrap();
        }
    }
    if rng.chance(1, 4) {
        rules = rules.with_chess(ChessRule::AntiKnight);
    }
    if rng.chance(1, 5) {
        rules = rules.with_chess(ChessRule::AntiKing);
    }
    // A grid for these rules: the base grid if it keeps them, else one the
    // engine finds, relabelled at random (which keeps houses and chess rules).
    let planted = if rules.check(&base).is_ok() {
        Some(base)
    } else if want_planted || rng.chance(1, 2) {
        let empty = Puzzle::new(rules.clone());
        match VariantSolver::new()
            .with_max_nodes(PLANT_NODES)
            .solve(&empty)
        {
            Outcome::Solved(s) => {
                let values = rng.permutation(n);
                let grid: Vec<u16> = s
                    .cells()
                    .iter()
                    .map(|&v| values[usize::from(v) - 1] as u16 + 1)
                    .collect();
                prop_assert!(
                    rules.check(s.cells()).is_ok() && rules.check(&grid).is_ok(),
                    "the engine's grid breaks {}: {}",
                    describe(&rules),
                    s
                );
                Some(grid)
            }
            // Proving some random rule sets have no grid takes the
            // engine more guesses than these tests spend (a 6×6 with two
            // scattered extra regions took 256,116, as the reference
            // confirmed): such a set is drawn again.
            _ => None,
        }
    } else {
        None
    };
    // Cages: around the planted grid (distinct values, its sum or none),
    // or anywhere with a random reachable sum; disjoint or overlapping.
    let overlap = rng.chance(1, 3);
    let mut taken = vec![false; n * n];
    for _ in 0..rng.below(5) {
        let size = if rng.chance(1, 6) {
            rng.range(1, n)
        } else {
            rng.range(1, 4.min(n))
        };
        let group = grow_group(n, size, &taken, planted.as_deref(), rng);
        if group.is_empty() {
            break;
        }
        if !overlap {
            for &c in &group {
                taken[c] = true;
            }
        }
        let sum = if rng.chance(1, 4) {
            None
        } else {
            Some(match &planted {
                Some(grid) => group.iter().map(|&c| u64::from(grid[c])).sum(),
                None => random_sum(n, group.len(), rng),
            })
        };
        let cells: Vec<(usize, usize)> = group.iter().map(|&c| rc(n, c)).collect();
        rules = rules.with_cage(&cells, sum).unwrap();
    }
    if let Some(grid) = &planted {
        prop_assert!(
            rules.check(grid).is_ok(),
            "planted grid breaks {}",
            describe(&rules)
        );
    }
    Ok(Case { rules, planted })
}

/// Givens for a case: a random share of the planted grid's cells, or, with
/// none, a few random values placed where the rules allow them.
fn random_givens(case: &Case, rng: &mut Rng) -> Puzzle {
    let n = case.rules.size();
    match &case.planted {
        Some(grid) => {
            let keep = rng.below(45);
            let cells: Vec<u16> = grid
                .iter()
                .map(|&v| if rng.below(100) < keep { v } else { 0 })
                .collect();
            Puzzle::from_cells(case.rules.clone(), &cells)
                .expect("a planted grid's cells keep the rules")
        }
        None => {
            let mut puzzle = Puzzle::new(case.rules.clone());
            for _ in 0..rng.below(n * n / 2) {
                let (r, c) = rc(n, rng.below(n * n));
                let _ = puzzle.set(r, c, rng.range(1, n) as u16);
            }
            puzzle
        }
    }
}

/// Checks a solution the engine returned: it keeps every rule (by
/// [`Rules::check`]), fills every cell and keeps the givens.
fn check_solution(puzzle: &Puzzle, solution: &Puzzle) -> Result<(), TestCaseError> {
    prop_assert!(
        solution.cells().iter().all(|&v| v != 0),
        "not full: {} for {}",
        solution,
        puzzle
    );
    let checked = puzzle.rules().check(solution.cells());
    prop_assert!(
        checked.is_ok(),
        "{:?}: {} for {}",
        checked,
        solution,
        puzzle
    );
    prop_assert!(
        puzzle.is_completed_by(solution),
        "{} does not complete {}",
        solution,
        puzzle
    );
    prop_assert!(solution.is_solved());
    let kept = puzzle
        .cells()
        .iter()
        .zip(solution.cells())
        .all(|(&g, &v)| g == 0 || g == v);
    prop_assert!(kept, "{} drops a given of {}", solution, puzzle);
    Ok(())
}

// ---------------------------------------------------------------------------
// Counts agree with the reference
// ---------------------------------------------------------------------------

/// The variant engine's count of `puzzle` up to `limit` is the reference's,
/// and every solution it shows keeps the rules and givens. Returns false
/// when the reference ran out of steps (the comparison is then partial).
fn counts_agree(puzzle: &Puzzle, limit: usize) -> Result<bool, TestCaseError> {
    let reference = Reference::new().with_max_steps(REF_STEPS);
    let expected = reference.count_variant(puzzle, limit);
    let mut solver = VariantSolver::new().with_max_nodes(MAX_NODES);
    // A full count only where the reference showed it is small.
    let limit = match expected {
        Count::GaveUp(found) => limit.min(found + 3),
        _ => limit,
    };
    let (count, first) = solver.count_and_solve(puzzle, limit);
    let rules = describe(puzzle.rules());
    match expected {
        Count::GaveUp(found) => prop_assert!(
            count.found() >= found.min(limit),
            "engine {:?}, reference found {} before its budget, {} {}",
            count,
            found,
            rules,
            puzzle
        ),
        _ => prop_assert_eq!(count, expected, "{}\n{:#}", rules, puzzle),
    }
    prop_assert_eq!(first.is_some(), count.found() > 0);
    if let Some(first) = &first {
        check_solution(puzzle, first)?;
    }
    let all = solver.solutions(puzzle, limit.min(8));
    prop_assert_eq!(all.len(), count.found().min(8), "{} {}", rules, puzzle);
    for (i, s) in all.iter().enumerate() {
        check_solution(puzzle, s)?;
        prop_assert!(all[..i].iter().all(|t| t != s), "repeated solution {}", s);
    }
    // The reference's own first solution keeps the rules too.
    if let Outcome::Solved(s) = reference.solve_variant(puzzle) {
        check_solution(puzzle, &s)?;
        prop_assert!(count.found() > 0, "reference solved {} to {}", puzzle, s);
    }
    Ok(!matches!(expected, Count::GaveUp(_)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Random rules, random givens, small limits.
    #[test]
    fn counts_match_the_reference(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let want_planted = rng.chance(3, 4);
        let case = random_case(&mut rng, want_planted)?;
        let puzzle = random_givens(&case, &mut rng);
        let limit = [1, 2, 3, usize::MAX][rng.below(4)];
        counts_agree(&puzzle, limit)?;
        // A limit of 0 asks for nothing.
        let zero = VariantSolver::new().with_max_nodes(MAX_NODES).count(&puzzle, 0);
        prop_assert_eq!(zero, Reference::new().count_variant(&puzzle, 0));
    }

    /// Around a planted grid with a share of it given (less on smaller
    /// boards): full counts.
    #[test]
    fn full_counts_match_the_reference(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let case = random_case(&mut rng, true)?;
        let Some(grid) = &case.planted else {
            return Ok(());
        };
        let n = case.rules.size();
        let keep = rng.range(10 * (n - 4), 50);
        let cells: Vec<u16> = grid.iter().map(|&v| if rng.below(100) < keep { v } else { 0 }).collect();
        let puzzle = Puzzle::from_cells(case.rules.clone(), &cells).unwrap();
        let complete = counts_agree(&puzzle, usize::MAX)?;
        prop_assert!(complete || puzzle.size() > 4, "reference gave up on 4x4 {}", puzzle);
    }
}

// ---------------------------------------------------------------------------
// Planted solutions
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A planted grid with cells blanked solves, to the planted grid when unique.
    #[test]
    fn planted_grids_solve(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let case = random_case(&mut rng, true)?;
        let Some(grid) = &case.planted else {
            // Twenty rule sets in a row without a grid: rare, and no test.
            return Ok(());
        };
        let n = case.rules.size();
        let blanks = rng.range(0, n * n);
        let mut cells = grid.clone();
        for c in rng.permutation(n * n).into_iter().take(blanks) {
            cells[c] = 0;
        }
        let puzzle = Puzzle::from_cells(case.rules.clone(), &cells).unwrap();
        prop_assert_eq!(puzzle.givens(), n * n - blanks);
        let planted = Puzzle::from_cells(case.rules.clone(), grid).unwrap();
        prop_assert!(puzzle.is_completed_by(&planted));

        let mut solver = VariantSolver::new().with_max_nodes(MAX_NODES);
        let solution = match solver.solve(&puzzle) {
            Outcome::Solved(s) => s,
            other => {
                prop_assert!(false, "{:?} on planted {}\n{:#}", other, describe(&case.rules), puzzle);
                unreachable!()
            }
        };
        check_solution(&puzzle, &solution)?;
        let count = solver.count(&puzzle, 2);
        prop_assert!(count.found() >= 1, "{:?} on {}", count, puzzle);
        prop_assert!(count.is_complete(), "{:?} on {}", count, puzzle);
        if count == Count::Exact(1) {
            prop_assert_eq!(solution.cells(), &grid[..], "unique, but not the planted grid");
        }
        // The reference agrees when it finishes.
        let r = Reference::new().with_max_steps(REF_STEPS).count_variant(&puzzle, 2);
        if r.is_complete() {
            prop_assert_eq!(r, count, "{}\n{:#}", describe(&case.rules), puzzle);
        }
    }
}

/// `rules` with killer cages of 1 to `most` cells of different values of
/// `grid` tiling the board, each with its sum in `grid`.
fn killer_tiling(mut rules: Rules, grid: &[u16], most: usize, rng: &mut Rng) -> Rules {
    let n = rules.size();
    let mut taken = vec![false; n * n];
    while taken.iter().any(|&t| !t) {
        let group = grow_group(n, rng.range(1, most), &taken, Some(grid), rng);
        for &c in &group {
            taken[c] = true;
        }
        let sum = group.iter().map(|&c| u64::from(grid[c])).sum();
        let cells: Vec<(usize, usize)> = group.iter().map(|&c| rc(n, c)).collect();
        rules = rules.with_cage(&cells, Some(sum)).unwrap();
    }
    rules
}

/// Killer cages tiling a planted 6×6 grid, every one with its sum, few
/// givens: the cages alone must carry the search.
#[test]
fn planted_killer_tilings_solve() {
    for seed in 0..12u64 {
        let mut rng = Rng::new(seed);
        let grid = boxes_grid(2, 3, &mut rng);
        let n = 6;
        let rules = killer_tiling(Rules::boxes(2, 3).unwrap(), &grid, 4, &mut rng);
        assert!(rules.check(&grid).is_ok());
        let mut cells = vec![0u16; n * n];
        for c in rng.permutation(n * n).into_iter().take(4) {
            cells[c] = grid[c];
        }
        let puzzle = Puzzle::from_cells(rules.clone(), &cells).unwrap();
        let mut solver = VariantSolver::new().with_max_nodes(MAX_NODES);
        let (count, first) = solver.count_and_solve(&puzzle, 2);
        assert!(
            count.is_complete() && count.found() >= 1,
            "{count:?} {}",
            describe(&rules)
        );
        let first = first.unwrap();
        assert!(rules.check(first.cells()).is_ok() && puzzle.is_completed_by(&first));
        if count == Count::Exact(1) {
            assert_eq!(first.cells(), &grid[..], "seed {seed}");
        }
        let r = Reference::new()
            .with_max_steps(2_000_000)
            .count_variant(&puzzle, 2);
        if r.is_complete() {
            assert_eq!(r, count, "seed {seed}: {}", describe(&rules));
        }
    }
}

/// Killer cages of up to five cells tiling a planted 4×4 or 6×6 grid,
/// crossing houses, with no givens or two: every solution the engine shows
/// keeps the rules and givens, the planted grid is among them whenever the
/// count is complete, and the count is the reference's. The cages' house
/// complements and the derived differences of outies and innies must not
/// cut a solution (record 0029).
#[test]
fn planted_killers_keep_every_solution() {
    for seed in 0..48u64 {
        let mut rng = Rng::new(seed ^ 0x6b11);
        let (h, w) = if seed % 2 == 0 { (2, 2) } else { (2, 3) };
        let grid = boxes_grid(h, w, &mut rng);
        let rules = killer_tiling(Rules::boxes(h, w).unwrap(), &grid, 5, &mut rng);
        keeps_every_solution(seed, &rules, &grid, 2 * (seed as usize % 2), &mut rng);
    }
}

/// Killer cages of up to five cells tiling a planted 6×6 anti-knight grid,
/// no givens or two: a value a cage needs leaves every cell that sees all
/// its places in the cage, by a house or a knight's move (record 0028), and
/// that must cut no solution. The planted grid is the first anti-knight 6×6
/// the engine finds, its values relabelled at random.
#[test]
fn planted_anti_knight_killers_keep_every_solution() {
    let plain = Rules::boxes(2, 3)
        .unwrap()
        .with_chess(ChessRule::AntiKnight);
    let empty = Puzzle::from_cells(plain.clone(), &[0u16; 36]).unwrap();
    let mut first = Vec::new();
    let found = VariantSolver::new().each_solution(&empty, |s| {
        first = s.cells().to_vec();
        false
    });
    assert_eq!(found, Count::AtLeast(1));
    assert!(plain.check(&first).is_ok());
    for seed in 0..24u64 {
        let mut rng = Rng::new(seed ^ 0x4b1e);
        let relabel = rng.permutation(6);
        let grid: Vec<u16> = first
            .iter()
            .map(|&v| relabel[v as usize - 1] as u16 + 1)
            .collect();
        let rules = killer_tiling(plain.clone(), &grid, 5, &mut rng);
        assert!(rules.check(&grid).is_ok());
        keeps_every_solution(seed, &rules, &grid, 2 * (seed as usize % 2), &mut rng);
    }
}

/// With `givens` cells of the planted `grid` given at random: every
/// solution the engine shows (up to 40) keeps the rules and givens, the
/// planted grid is among them whenever the count is complete, and the
/// count is the reference's.
fn keeps_every_solution(seed: u64, rules: &Rules, grid: &[u16], givens: usize, rng: &mut Rng) {
    let limit = 40;
    let mut cells = vec![0u16; grid.len()];
    for c in rng.permutation(grid.len()).into_iter().take(givens) {
        cells[c] = grid[c];
    }
    let puzzle = Puzzle::from_cells(rules.clone(), &cells).unwrap();
    let (mut planted_seen, mut shown) = (false, 0);
    let count = VariantSolver::new()
        .with_max_nodes(MAX_NODES)
        .each_solution(&puzzle, |s| {
            assert!(rules.check(s.cells()).is_ok() && puzzle.is_completed_by(s));
            planted_seen |= s.cells() == grid;
            shown += 1;
            shown < limit
        });
    assert!(count.is_complete(), "seed {seed}: {count:?}");
    assert!(
        planted_seen || count == Count::AtLeast(limit),
        "seed {seed}: planted grid lost, {count:?}"
    );
    let r = Reference::new()
        .with_max_steps(5_000_000)
        .count_variant(&puzzle, limit);
    assert!(r.is_complete(), "seed {seed}: reference {r:?}");
    assert_eq!(r, count, "seed {seed}: {}", describe(rules));
}

// ---------------------------------------------------------------------------
// Bad rules give errors
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A region map of the wrong length, or with a region of the wrong size.
    #[test]
    fn bad_region_maps_are_errors(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let n = rng.range(2, 9);
        let mut map = region_map(n, None, &mut rng);
        // Too short or too long.
        let len = if rng.chance(1, 2) { rng.below(n * n) } else { n * n + rng.range(1, 5) };
        let mut wrong = map.clone();
        wrong.resize(len, map[0]);
        let err = Rules::jigsaw(n, &wrong).unwrap_err().to_string();
        prop_assert!(err.contains(&format!("{}x{}", n, n)), "{}", err);
        prop_assert!(err.contains(&format!("found {len}")), "{}", err);
        // One cell moved from its region to another: two regions the wrong size.
        let from = rng.below(n * n);
        let to = loop {
            let c = rng.below(n * n);
            if map[c] != map[from] {
                break c;
            }
        };
        let (small, big) = (map[from], map[to]);
        map[from] = big;
        let err = Rules::jigsaw(n, &map).unwrap_err().to_string();
        let first = map.iter().position(|&r| r == small || r == big).unwrap();
        let (named, found) = if map[first] == small { (small, n - 1) } else { (big, n + 1) };
        prop_assert_eq!(err, format!("region {named} has {found} cells, expected {n}"));
    }

    /// Cages and extra regions with off-board cells, repeated cells, no cells,
    /// too many cells or sums out of reach, after other rules.
    #[test]
    fn bad_cages_and_regions_are_errors(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let case = random_case(&mut rng, false)?;
        let n = case.rules.size();
        let rules = case.rules;
        let cage = rules.cages().len() + 1;
        let good: Vec<(usize, usize)> = rng.permutation(n * n).into_iter().take(rng.range(1, n - 1)).map(|c| rc(n, c)).collect();

        let mut off = good.clone();
        let bad = if rng.chance(1, 2) { (n + rng.below(3), rng.below(n)) } else { (rng.below(n), n + rng.below(3)) };
        off.insert(rng.below(off.len() + 1), bad);
        let place = format!("R{}C{}", bad.0 + 1, bad.1 + 1);
        let err = rules.clone().with_cage(&off, None).unwrap_err().to_string();
        prop_assert_eq!(&err, &format!("cage {cage} names cell {place}, off the {n}x{n} board"));
        let err = rules.clone().with_region(&off).unwrap_err().to_string();
        prop_assert!(err.starts_with("extra region ") && err.contains(&place), "{}", err);

        let mut twice = good.clone();
        let again = good[rng.below(good.len())];
        twice.insert(rng.below(twice.len() + 1), again);
        let place = format!("R{}C{}", again.0 + 1, again.1 + 1);
        let err = rules.clone().with_cage(&twice, Some(3)).unwrap_err().to_string();
        prop_assert_eq!(&err, &format!("cage {cage} names cell {place} twice"));
        let err = rules.clone().with_region(&twice).unwrap_err().to_string();
        prop_assert!(err.ends_with(&format!("names cell {place} twice")), "{}", err);

        let err = rules.clone().with_cage(&[], Some(3)).unwrap_err().to_string();
        prop_assert_eq!(err, format!("cage {cage} has no cells"));
        let all: Vec<(usize, usize)> = (0..n + 1).map(|c| rc(n, c)).collect();
        let err = rules.clone().with_cage(&all, None).unwrap_err().to_string();
        prop_assert!(err.starts_with(&format!("cage {cage} has {} cells", n + 1)), "{}", err);

        let k = good.len() as u64;
        let (min, max) = (k * (k + 1) / 2, k * (2 * n as u64 - k + 1) / 2);
        let sum = if rng.chance(1, 2) { rng.below(min as usize) as u64 } else { max + 1 + rng.below(9) as u64 };
        let err = rules.clone().with_cage(&good, Some(sum)).unwrap_err().to_string();
        prop_assert_eq!(
            err,
            format!("cage {cage} of {k} cells cannot sum to {sum}: different values there sum to {min} to {max}")
        );
        // The edges of the range are fine.
        prop_assert!(rules.clone().with_cage(&good, Some(min)).is_ok());
        prop_assert!(rules.with_cage(&good, Some(max)).is_ok());
    }
}

/// Rules that need boxes, sizes out of range, and grids that break a rule.
#[test]
fn other_rule_errors_name_the_rule() {
    let jigsaw = Rules::jigsaw(4, &[0, 0, 1, 1, 0, 2, 1, 1, 0, 2, 3, 3, 2, 2, 3, 3]).unwrap();
    let err = jigsaw.clone().with_windows().unwrap_err().to_string();
    assert!(err.starts_with("windows needs"), "{err}");
    let err = jigsaw.with_disjoint_groups().unwrap_err().to_string();
    assert!(err.starts_with("disjoint groups needs"), "{err}");
    let err = Rules::boxes(2, 3)
        .unwrap()
        .with_windows()
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("windows needs"), "{err}");
    for n in [0, 401] {
        let err = Rules::classic(n).unwrap_err().to_string();
        assert!(err.contains(&format!("{n}x{n}")), "{err}");
        assert!(Rules::jigsaw(n, &[]).is_err());
    }
    assert!(Rules::boxes(20, 21).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A planted grid with two cells of one house, cage or chess pair made
    /// equal is refused by `Puzzle::from_cells`, naming both cells.
    #[test]
    fn broken_grids_name_both_cells(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let case = random_case(&mut rng, true)?;
        let Some(grid) = &case.planted else {
            return Ok(());
        };
        let n = case.rules.size();
        let (a, b) = loop {
            let (a, b) = (rng.below(n * n), rng.below(n * n));
            if a < b && grid[a] != grid[b] {
                break (a, b);
            }
        };
        // R(b) now repeats the value of R(a), which its row already holds.
        let mut cells = grid.clone();
        cells[b] = cells[a];
        let text = match Puzzle::from_cells(case.rules.clone(), &cells) {
            Ok(v) => {
                prop_assert!(false, "{} accepted under {:?}", v, case.rules);
                unreachable!()
            }
            Err(e) => e.to_string(),
        };
        let (r, c) = rc(n, b);
        prop_assert!(text.contains(&format!("R{}C{}", r + 1, c + 1)), "{}", text);
        prop_assert!(text.starts_with(&format!("value {} at ", cells[b])), "{}", text);
    }
}

/// An extra region's number in an error counts the extra regions before
/// it, not the diagonals: the first region after `with_diagonals` is
/// `extra region 1`.
#[test]
fn extra_regions_are_numbered_among_extra_regions() {
    let rules = Rules::classic(4).unwrap().with_diagonals();
    let err = rules.with_region(&[(0, 0), (4, 0)]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "extra region 1 names cell R5C1, off the 4x4 board"
    );
}
