//! Helpers shared by the integration tests.
//!
//! Everything here is computed without the library's own notion of validity:
//! [`solution_errors`] checks rows, columns and boxes itself rather than calling
//! `Board::is_solved`, and solved grids come from a closed-form pattern or from a
//! solver run whose result is checked before use. Each test binary uses only part
//! of this module.
#![allow(dead_code)]

use std::path::PathBuf;

use ndoku::engine::Reference;
use ndoku::{Board, Count, Outcome, Solver};

/// A tiny deterministic PRNG (xorshift64*), so that every generated case can be
/// reproduced from the seed printed with a failure.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        // Scramble the seed (splitmix64) so that nearby seeds give unrelated streams;
        // xorshift must never start from 0.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Self(if z == 0 { 0x2545_F491_4F6C_DD1D } else { z })
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0);
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

/// Calls `$f::<BOX>(args…)` for every box size, 2 to 8.
#[macro_export]
macro_rules! for_each_box {
    ($f:ident $(, $arg:expr)*) => {{
        $f::<2>($($arg),*);
        $f::<3>($($arg),*);
        $f::<4>($($arg),*);
        $f::<5>($($arg),*);
        $f::<6>($($arg),*);
        $f::<7>($($arg),*);
        $f::<8>($($arg),*);
    }};
}

// ---------------------------------------------------------------------------
// Independent validity checks
// ---------------------------------------------------------------------------

/// What is wrong with `cells` (row-major, box side `boxw`) as a complete, valid
/// grid, or `None` when every row, column and box holds each of `1..=N` once.
pub fn grid_errors(boxw: usize, cells: &[u8]) -> Option<String> {
    let n = boxw * boxw;
    if cells.len() != n * n {
        return Some(format!(
            "grid has {} cells, expected {}",
            cells.len(),
            n * n
        ));
    }
    if let Some(i) = cells.iter().position(|&v| v == 0 || usize::from(v) > n) {
        return Some(format!(
            "cell ({}, {}) holds {}, expected 1..={n}",
            i / n,
            i % n,
            cells[i]
        ));
    }
    for h in 0..n {
        let houses: [(&str, Vec<usize>); 3] = [
            ("row", (0..n).map(|c| h * n + c).collect()),
            ("column", (0..n).map(|r| r * n + h).collect()),
            (
                "box",
                (0..n)
                    .map(|k| {
                        let (br, bc) = ((h / boxw) * boxw, (h % boxw) * boxw);
                        (br + k / boxw) * n + bc + k % boxw
                    })
                    .collect(),
            ),
        ];
        for (kind, idx) in houses {
            let mut seen = vec![false; n + 1];
            for &i in &idx {
                let v = usize::from(cells[i]);
                if seen[v] {
                    return Some(format!("{kind} {h} holds {v} twice"));
                }
                seen[v] = true;
            }
        }
    }
    None
}

/// Whether the filled cells of `cells` have no repeat in any house (a valid,
/// possibly partial board).
pub fn partial_errors(boxw: usize, cells: &[u8]) -> Option<String> {
    let n = boxw * boxw;
    if cells.len() != n * n {
        return Some(format!(
            "board has {} cells, expected {}",
            cells.len(),
            n * n
        ));
    }
    for (i, &a) in cells.iter().enumerate() {
        if usize::from(a) > n {
            return Some(format!("cell {i} holds {a}, above {n}"));
        }
        if a == 0 {
            continue;
        }
        let (r, c) = (i / n, i % n);
        for (j, &b) in cells.iter().enumerate().skip(i + 1) {
            let (r2, c2) = (j / n, j % n);
            let same_box = r / boxw == r2 / boxw && c / boxw == c2 / boxw;
            if a == b && (r == r2 || c == c2 || same_box) {
                return Some(format!("{a} at ({r}, {c}) and ({r2}, {c2})"));
            }
        }
    }
    None
}

/// The cells of `board` read one by one through `get`, which also checks that
/// `get`, `get_index`, `iter` and `as_bytes` agree.
pub fn cells_of<const BOX: usize>(board: &Board<BOX>) -> Vec<u8> {
    let n = Board::<BOX>::N;
    let bytes = board.as_bytes();
    assert_eq!(bytes.len(), n * n, "as_bytes has the wrong length");
    assert_eq!(board.iter().len(), n * n, "iter has the wrong length");
    let mut out = Vec::with_capacity(n * n);
    for (i, it) in board.iter().enumerate() {
        let (r, c) = (i / n, i % n);
        let v = board.get(r, c);
        assert_eq!(v, it, "get and iter disagree at ({r}, {c})");
        assert_eq!(v, board.get_index(i), "get and get_index disagree at {i}");
        assert_eq!(v.unwrap_or(0), bytes[i], "get and as_bytes disagree at {i}");
        assert_ne!(v, Some(0), "get returned Some(0) at ({r}, {c})");
        out.push(v.unwrap_or(0));
    }
    out
}

/// What is wrong with `solution` as a solution of `puzzle`: it must be complete,
/// every row, column and box must hold `1..=N` once, and every given of
/// `puzzle` must stand in it unchanged.
pub fn solution_errors<const BOX: usize>(
    puzzle: &Board<BOX>,
    solution: &Board<BOX>,
) -> Option<String> {
    let sol = cells_of(solution);
    if let Some(e) = grid_errors(BOX, &sol) {
        return Some(e);
    }
    let given = cells_of(puzzle);
    let n = Board::<BOX>::N;
    given
        .iter()
        .zip(&sol)
        .position(|(&g, &s)| g != 0 && g != s)
        .map(|i| {
            format!(
                "given {} at ({}, {}) became {}",
                given[i],
                i / n,
                i % n,
                sol[i]
            )
        })
}

/// Panics unless `solution` is a valid, complete solution of `puzzle`.
#[track_caller]
pub fn check_solution<const BOX: usize>(puzzle: &Board<BOX>, solution: &Board<BOX>) {
    if let Some(e) = solution_errors(puzzle, solution) {
        panic!("invalid solution: {e}\npuzzle:   {puzzle}\nsolution: {solution}");
    }
    // The library's own view must agree with the independent one.
    assert!(solution.is_solved(), "valid grid not reported as solved");
    assert!(
        puzzle.is_completed_by(solution),
        "is_completed_by disagrees"
    );
}

// ---------------------------------------------------------------------------
// Solved grids and their symmetries
// ---------------------------------------------------------------------------

/// The closed-form solved grid `((r % B) * B + r / B + c) % N + 1`, built without
/// any solver.
pub fn pattern_grid(boxw: usize) -> Vec<u8> {
    let n = boxw * boxw;
    let mut cells = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            cells.push((((r % boxw) * boxw + r / boxw + c) % n + 1) as u8);
        }
    }
    cells
}

/// Relabels the values of `cells` by `perm` (value `v` becomes `perm[v - 1] + 1`).
pub fn relabel(cells: &[u8], perm: &[usize]) -> Vec<u8> {
    cells
        .iter()
        .map(|&v| {
            if v == 0 {
                0
            } else {
                perm[usize::from(v) - 1] as u8 + 1
            }
        })
        .collect()
}

/// Transposes an `n`×`n` grid.
pub fn transpose(n: usize, cells: &[u8]) -> Vec<u8> {
    (0..n * n).map(|i| cells[(i % n) * n + i / n]).collect()
}

/// A row order that keeps bands together: bands permuted by `bands`, rows
/// within band `b` permuted by `within[b]`.
pub fn band_order(boxw: usize, bands: &[usize], within: &[Vec<usize>]) -> Vec<usize> {
    let mut order = Vec::with_capacity(boxw * boxw);
    for &b in bands {
        for &r in &within[b] {
            order.push(b * boxw + r);
        }
    }
    order
}

/// New row `i` is old row `order[i]`.
pub fn permute_rows(n: usize, cells: &[u8], order: &[usize]) -> Vec<u8> {
    let mut out = Vec::with_capacity(n * n);
    for &r in order {
        out.extend_from_slice(&cells[r * n..(r + 1) * n]);
    }
    out
}

/// New column `j` is old column `order[j]`.
pub fn permute_cols(n: usize, cells: &[u8], order: &[usize]) -> Vec<u8> {
    let mut out = Vec::with_capacity(n * n);
    for r in 0..n {
        out.extend(order.iter().map(|&c| cells[r * n + c]));
    }
    out
}

/// A random validity-preserving transform of a grid (full or partial): value
/// relabeling, rows within bands, bands, columns within stacks, stacks, and
/// transposition.
pub fn shuffle_grid(boxw: usize, cells: &[u8], rng: &mut Rng) -> Vec<u8> {
    let n = boxw * boxw;
    let mut g = relabel(cells, &rng.permutation(n));
    let bands = rng.permutation(boxw);
    let within: Vec<Vec<usize>> = (0..boxw).map(|_| rng.permutation(boxw)).collect();
    g = permute_rows(n, &g, &band_order(boxw, &bands, &within));
    let stacks = rng.permutation(boxw);
    let within: Vec<Vec<usize>> = (0..boxw).map(|_| rng.permutation(boxw)).collect();
    g = permute_cols(n, &g, &band_order(boxw, &stacks, &within));
    if rng.chance(1, 2) {
        g = transpose(n, &g);
    }
    g
}

/// The empty board's solution from the fast engine, checked independently.
pub fn solved_empty<const BOX: usize>() -> Board<BOX> {
    let empty = Board::<BOX>::new();
    let sol = Solver::new()
        .solve(&empty)
        .solution()
        .expect("the empty board has a solution");
    check_solution(&empty, &sol);
    sol
}

/// A grid seeded with random permutations in the boxes of the main diagonal
/// (which never conflict with each other) and completed by the fast engine:
/// many more distinct grids than the transforms of one grid reach. `None` if the
/// engine did not finish within its budget.
pub fn seeded_grid<const BOX: usize>(rng: &mut Rng) -> Option<Board<BOX>> {
    let n = Board::<BOX>::N;
    let mut cells = vec![0u8; n * n];
    for b in 0..BOX {
        let perm = rng.permutation(n);
        for (k, &v) in perm.iter().enumerate() {
            let (r, c) = (b * BOX + k / BOX, b * BOX + k % BOX);
            cells[r * n + c] = v as u8 + 1;
        }
    }
    let seed = Board::<BOX>::from_cells(&cells).expect("diagonal boxes never conflict");
    let sol = Solver::new()
        .with_max_nodes(20_000)
        .solve(&seed)
        .solution()?;
    check_solution(&seed, &sol);
    Some(sol)
}

/// A random solved grid: the pattern grid, the engine's solution of the empty
/// board, or a seeded grid (small boards only), then a random symmetry
/// transform. Checked independently before it is returned.
pub fn random_solved<const BOX: usize>(rng: &mut Rng) -> Board<BOX> {
    let base: Vec<u8> = match rng.below(3) {
        0 => pattern_grid(BOX),
        1 if BOX <= 5 => solved_empty::<BOX>().as_bytes().to_vec(),
        2 if BOX <= 4 => match seeded_grid::<BOX>(rng) {
            Some(b) => b.as_bytes().to_vec(),
            None => pattern_grid(BOX),
        },
        _ => pattern_grid(BOX),
    };
    let cells = shuffle_grid(BOX, &base, rng);
    assert_eq!(grid_errors(BOX, &cells), None, "transform broke the grid");
    Board::<BOX>::from_cells(&cells).expect("a valid grid builds a board")
}

/// `grid` with `blanks` cells, chosen at random, emptied.
pub fn blank<const BOX: usize>(grid: &Board<BOX>, blanks: usize, rng: &mut Rng) -> Board<BOX> {
    let n = Board::<BOX>::N;
    let mut order = rng.permutation(n * n);
    order.truncate(blanks.min(n * n));
    let mut b = grid.clone();
    for i in order {
        b.clear(i / n, i % n).expect("in bounds");
    }
    b
}

/// A puzzle with a planted solution: a random solved grid with `blanks` cells
/// emptied. Returns (puzzle, planted solution).
pub fn planted<const BOX: usize>(blanks: usize, rng: &mut Rng) -> (Board<BOX>, Board<BOX>) {
    let grid = random_solved::<BOX>(rng);
    (blank(&grid, blanks, rng), grid)
}

/// A "deadly pattern" in a solved grid: cells (r1, c1), (r1, c2), (r2, c1),
/// (r2, c2) in two rows, two columns and exactly two boxes, holding a, b / b, a.
/// Emptying them leaves exactly two solutions. Returns the four (row, col).
pub fn find_deadly_rectangle<const BOX: usize>(grid: &Board<BOX>) -> Option<[(usize, usize); 4]> {
    let n = Board::<BOX>::N;
    let v = |r: usize, c: usize| grid.get(r, c).expect("full grid");
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let same_band = r1 / BOX == r2 / BOX;
                    let same_stack = c1 / BOX == c2 / BOX;
                    // Two boxes: the rows share a band or the columns share a stack, not both.
                    if same_band == same_stack {
                        continue;
                    }
                    if v(r1, c1) == v(r2, c2) && v(r1, c2) == v(r2, c1) {
                        return Some([(r1, c1), (r1, c2), (r2, c1), (r2, c2)]);
                    }
                }
            }
        }
    }
    None
}

/// A solved grid that holds a deadly rectangle, with the rectangle. Tries random
/// grids from `rng` until one has one.
pub fn grid_with_rectangle<const BOX: usize>(rng: &mut Rng) -> (Board<BOX>, [(usize, usize); 4]) {
    for _ in 0..1000 {
        let grid = match seeded_grid::<BOX>(rng) {
            Some(g) => Board::from_cells(&shuffle_grid(BOX, g.as_bytes(), rng)).unwrap(),
            None => continue,
        };
        if let Some(rect) = find_deadly_rectangle(&grid) {
            return (grid, rect);
        }
    }
    panic!("no grid with a deadly rectangle found");
}

// ---------------------------------------------------------------------------
// Engine helpers
// ---------------------------------------------------------------------------

/// Checks an outcome against what is known of the puzzle: a solution must be
/// valid and keep the givens. Returns the solution, if any.
#[track_caller]
pub fn checked_outcome<const BOX: usize>(
    puzzle: &Board<BOX>,
    outcome: Outcome<Board<BOX>>,
) -> Option<Board<BOX>> {
    match outcome {
        Outcome::Solved(sol) => {
            check_solution(puzzle, &sol);
            Some(sol)
        }
        _ => None,
    }
}

/// The result of comparing the two engines on one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compared {
    /// Both engines finished and agreed on this count.
    Agreed(Count),
    /// The reference engine ran out of steps; the fast engine's count is given.
    Skipped(Count),
}

/// Counts the solutions of `puzzle` with both engines (limit `limit`) and checks
/// that they agree exactly, then that `solve` agrees with the count on both
/// engines: no solution when the count is 0, a valid one otherwise, and the same
/// one from both when the solution is unique. `solver` is reused across calls on
/// purpose. The reference engine gets `ref_steps` steps; if it gives up, the
/// case is skipped after checking that what it did find is consistent.
#[track_caller]
pub fn compare_engines<const BOX: usize>(
    solver: &mut Solver,
    puzzle: &Board<BOX>,
    limit: usize,
    ref_steps: u64,
    context: &str,
) -> Compared {
    let reference = Reference::new().with_max_steps(ref_steps);
    let fast = solver.count(puzzle, limit);
    assert!(
        fast.is_complete(),
        "{context}: fast engine gave up: {fast:?} on {puzzle}"
    );
    assert_eq!(
        solver.stats().solutions,
        fast.found() as u64,
        "{context}: stats().solutions disagrees with the count on {puzzle}"
    );
    match fast {
        Count::Exact(k) => assert!(k < limit, "{context}: Exact({k}) at limit {limit}"),
        Count::AtLeast(k) => assert_eq!(k, limit, "{context}: AtLeast({k}) at limit {limit}"),
        other => unreachable!("{other:?}"),
    }
    let slow = reference.count(puzzle, limit);
    if let Count::GaveUp(k) = slow {
        // The reference found `k` solutions before giving up: there are at least
        // that many, so the fast engine must have found as many (up to the limit).
        assert!(
            fast.found() >= k.min(limit),
            "{context}: reference found {k} solutions, fast engine {fast:?} on {puzzle}"
        );
        return Compared::Skipped(fast);
    }
    assert_eq!(
        fast, slow,
        "{context}: engines disagree (fast, reference) on {puzzle}"
    );

    let fast_sol = checked_outcome(puzzle, solver.solve(puzzle));
    let slow_out = reference.solve(puzzle);
    if slow_out.gave_up() {
        // It counted with the same budget, so it must solve within it too.
        panic!("{context}: reference counted but gave up solving {puzzle}");
    }
    let slow_sol = checked_outcome(puzzle, slow_out);
    assert_eq!(
        fast_sol.is_some(),
        fast.found() > 0,
        "{context}: fast solve disagrees with its count {fast:?} on {puzzle}"
    );
    assert_eq!(
        slow_sol.is_some(),
        fast.found() > 0,
        "{context}: reference solve disagrees with the count {fast:?} on {puzzle}"
    );
    if fast == Count::Exact(1) {
        assert_eq!(
            fast_sol, slow_sol,
            "{context}: unique puzzle solved differently on {puzzle}"
        );
    }
    Compared::Agreed(fast)
}

// ---------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------

/// The shared puzzle data directory (`../shared/data` from the repo root), or
/// `None` with a notice on stderr when it is absent.
pub fn shared_data_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "notice: {} not found; skipping tests on shared puzzle data",
            dir.display()
        );
        None
    }
}

/// The puzzles of a one-puzzle-per-line file: blank lines and `#` comments are
/// skipped. Returns (line number, text).
pub fn puzzle_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// Whether an error message follows the house style: starts lowercase, does not
/// end in punctuation.
#[track_caller]
pub fn check_message(msg: &str) {
    let first = msg.chars().next().expect("message is not empty");
    assert!(
        first.is_lowercase(),
        "message does not start lowercase: {msg:?}"
    );
    let last = msg.chars().last().unwrap();
    assert!(
        !matches!(last, '.' | '!' | '?' | ':' | ';' | ',') && !last.is_whitespace(),
        "message ends with punctuation or space: {msg:?}"
    );
}

/// The f-puzzles variant files of the shared data (`variants/*.jsonl`),
/// relative to [`shared_data_dir`].
pub const VARIANT_FILES: &[&str] = &[
    "variants/andoku_x.jsonl",
    "variants/andoku_windoku.jsonl",
    "variants/andoku_jigsaw.jsonl",
    "variants/andoku_jigsaw_x.jsonl",
    "variants/andoku_jigsaw_windoku.jsonl",
    "variants/janko_jigsaw.jsonl",
    "variants/janko_killer.jsonl",
];

/// The path of `puzzle` step by step (at most 2,000), each step checked
/// against `solution`: it places only its values and never removes one.
/// Returns the grid where the path stops and the techniques of its steps.
pub fn sound_path(
    puzzle: &ndoku::Puzzle,
    solution: &[u16],
) -> Result<(ndoku::logic::Candidates, Vec<ndoku::logic::Technique>), String> {
    let logic = ndoku::Logic::new();
    let mut grid = ndoku::logic::Candidates::from_variant(puzzle).map_err(|e| e.to_string())?;
    let mut used = Vec::new();
    let n = puzzle.size();
    while !grid.is_solved() && used.len() < 2_000 {
        let Some(step) = logic.next_step(&grid) else {
            break;
        };
        for (cell, v) in step.placements() {
            let c = cell.index(n);
            if solution[c] != v {
                return Err(format!("{} places {v} at {c}", step.explanation()));
            }
        }
        for (cell, v) in step.eliminations() {
            let c = cell.index(n);
            if solution[c] == v {
                return Err(format!("{} removes {v} at {c}", step.explanation()));
            }
        }
        if step.placements().next().is_none() && step.eliminations().next().is_none() {
            return Err(format!("{} does nothing", step.explanation()));
        }
        grid.apply(&step).map_err(|e| e.to_string())?;
        used.push(step.technique);
    }
    Ok((grid, used))
}

/// Asserts that `p`'s givens are symmetric under a half turn and each pair
/// is needed: without it, the puzzle has a second solution.
pub fn assert_minimal_half_turn(p: &ndoku::Puzzle) {
    let last = p.cells().len() - 1;
    for c in (0..p.cells().len()).filter(|&c| p.cells()[c] != 0) {
        assert_ne!(p.cells()[last - c], 0, "symmetric");
        let mut cells = p.cells().to_vec();
        cells[c] = 0;
        cells[last - c] = 0;
        let fewer = ndoku::Puzzle::from_cells(p.rules().clone(), &cells).unwrap();
        let count = ndoku::engine::variant::VariantSolver::new().count(&fewer, 2);
        assert_eq!(count, Count::AtLeast(2), "the givens at {c} are needed");
    }
}

/// A classic grid of side `n` solved from `seed`, rules of the constraints
/// `derive` draws from it (`draws` calls, the call's index first), checked
/// to keep the grid, and the puzzle of those rules with about `keep` in
/// `of` cells given: (the puzzle, the grid).
pub fn planted_variant(
    n: usize,
    seed: u64,
    draws: usize,
    (keep, of): (usize, usize),
    mut derive: impl FnMut(usize, &[u16], &mut Rng) -> Option<ndoku::Constraint>,
) -> (ndoku::Puzzle, Vec<u16>) {
    use ndoku::{Puzzle, Rules};
    let mut rules = Rules::classic(n).unwrap();
    let empty = Puzzle::from_cells(rules.clone(), &vec![0; n * n]).unwrap();
    let grid = ndoku::engine::variant::VariantSolver::new()
        .with_seed(seed)
        .solve(&empty)
        .solution()
        .expect("an empty board solves")
        .cells()
        .to_vec();
    let mut rng = Rng::new(seed);
    for i in 0..draws {
        if let Some(c) = derive(i, &grid, &mut rng) {
            rules = rules
                .with_constraint(c.clone())
                .unwrap_or_else(|e| panic!("{c:?} on {grid:?}: {e}"));
        }
    }
    assert!(
        rules.check(&grid).is_ok(),
        "{:?} breaks {rules:?}",
        rules.check(&grid)
    );
    let givens: Vec<u16> = grid
        .iter()
        .map(|&v| if rng.chance(keep, of) { v } else { 0 })
        .collect();
    (Puzzle::from_cells(rules, &givens).unwrap(), grid)
}

/// Counts `puzzle` (planted from `grid`) to `limit` through the front door
/// and the reference engine and checks they agree, that there is a
/// solution, that the one found completes the puzzle and passes `keeps`,
/// and that a unique one is the planted grid.
pub fn agrees_with_reference(
    puzzle: &ndoku::Puzzle,
    grid: &[u16],
    limit: usize,
    keeps: impl Fn(&[u16]) -> Result<(), String>,
) -> Result<(), proptest::test_runner::TestCaseError> {
    use proptest::{prop_assert, prop_assert_eq};
    let (count, first) = Solver::new().count_and_solve(puzzle, limit);
    let reference = Reference::new().count_variant(puzzle, limit);
    prop_assert_eq!(count, reference, "{:?}", puzzle.rules().constraints());
    prop_assert!(count.found() >= 1);
    let first = first.expect("a solution");
    prop_assert!(puzzle.is_completed_by(&first));
    if let Err(why) = keeps(first.cells()) {
        prop_assert!(false, "{}", why);
    }
    if count == Count::Exact(1) {
        prop_assert_eq!(first.cells(), grid);
    }
    Ok(())
}
