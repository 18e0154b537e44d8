//! Boards past 64×64 in the run-time model: square and rectangular boxes,
//! solved and counted, every answer checked against the rules.
//!
//! The 400×400 boards of `../shared/data/400x400` are `#[ignore]`d (slow in
//! a debug build); `.ci/run` runs them in release.

use ndoku::engine::Reference;
use ndoku::engine::variant::VariantSolver;
use ndoku::generate::{GeneratedPuzzle, VariantGenerator};
use ndoku::{Count, Level, Puzzle, Rules};

/// A small seeded generator (xorshift), so that boards are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, k: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % k as u64) as usize
    }

    fn permutation(&mut self, k: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..k).collect();
        for i in (1..k).rev() {
            p.swap(i, self.below(i + 1));
        }
        p
    }
}

/// A solution of the empty board of `rules`, found by the engine and
/// checked here, with its values, bands, rows, stacks and columns put in
/// a random order: a random grid of the layout.
fn random_grid(rules: Rules, rng: &mut Rng) -> Puzzle {
    let empty = Puzzle::new(rules);
    let grid = VariantSolver::new()
        .solve(&empty)
        .solution()
        .expect("an empty board has solutions");
    assert!(grid.is_solved() && empty.is_completed_by(&grid));
    let n = grid.size();
    let (h, w) = grid.rules().geometry().box_shape().expect("boxes");
    let values = rng.permutation(n);
    let mut order = |groups: usize, each: usize| -> Vec<usize> {
        let outer = rng.permutation(groups);
        let mut out = Vec::new();
        for g in outer {
            out.extend(rng.permutation(each).into_iter().map(|i| g * each + i));
        }
        out
    };
    let rows = order(n / h, h);
    let cols = order(n / w, w);
    let cells: Vec<u16> = (0..n * n)
        .map(|c| values[usize::from(grid.cells()[rows[c / n] * n + cols[c % n]]) - 1] as u16 + 1)
        .collect();
    Puzzle::from_cells(grid.rules().clone(), &cells).expect("a shuffled grid keeps the rules")
}

/// The generator's grid of side `n` from `seed`, with `moves` chain swaps
/// (the library's mixer): checked to keep every rule and to have two
/// lines that trade a pair of cells, as random grids do (and no 81×81 or
/// 90×90 pattern grid).
fn mixed(n: usize, seed: u64, moves: usize) -> Puzzle {
    let grid = VariantGenerator::start_grid(&Rules::classic(n).unwrap(), seed, moves).unwrap();
    grid.rules()
        .check(grid.cells())
        .expect("chain swaps keep the rules");
    assert!(grid.is_solved());
    assert!(VariantGenerator::swappable_pairs(&grid) > 0);
    grid
}

/// `grid` with about `keep`% of its cells left.
fn kept(grid: &Puzzle, keep: usize, rng: &mut Rng) -> Puzzle {
    let cells: Vec<u16> = grid
        .cells()
        .iter()
        .map(|&v| if rng.below(100) < keep { v } else { 0 })
        .collect();
    Puzzle::from_cells(grid.rules().clone(), &cells).expect("a grid's own values")
}

/// Solves `puzzle`, planted from `grid`, and checks the answer: it keeps
/// the givens and every rule, and where the count says unique, it is `grid`.
fn solve_and_check(puzzle: &Puzzle, grid: &Puzzle) {
    let mut solver = VariantSolver::new();
    let (count, first) = solver.count_and_solve(puzzle, 2);
    let first = first.expect("a planted puzzle has a solution");
    assert!(
        puzzle.is_completed_by(&first),
        "the solution breaks a rule or a given"
    );
    match count {
        Count::Exact(1) => assert_eq!(first, *grid, "unique, but not the planted grid"),
        Count::AtLeast(2) => {}
        other => panic!("a planted puzzle counted {other:?}"),
    }
}

/// With the top rows of the first two boxes blanked, the engine's count
/// (up to 20) agrees with the reference backtracker's, and each solution
/// it lists keeps the rules: a count that is a proof, checked independently.
fn counts_agree_with_the_reference(grid: &Puzzle) {
    let n = grid.size();
    let (h, w) = grid.rules().geometry().box_shape().expect("boxes");
    let mut cells = grid.cells().to_vec();
    for r in 0..h.min(3) {
        for c in 0..2 * w {
            cells[r * n + c] = 0;
        }
    }
    let puzzle = Puzzle::from_cells(grid.rules().clone(), &cells).unwrap();
    let mut solver = VariantSolver::new();
    let count = solver.count(&puzzle, 20);
    assert_eq!(count, Reference::new().count_variant(&puzzle, 20));
    let solutions = solver.solutions(&puzzle, 20);
    assert_eq!(solutions.len(), count.found());
    assert!(solutions.iter().all(|s| puzzle.is_completed_by(s)));
    assert!(solutions.contains(grid));
}

#[test]
fn square_81x81_boards_are_solved_and_counted() {
    let mut rng = Rng(81);
    let grid = random_grid(Rules::classic(81).unwrap(), &mut rng);
    assert_eq!(grid.rules().geometry().box_shape(), Some((9, 9)));
    for keep in [75, 90] {
        solve_and_check(&kept(&grid, keep, &mut rng), &grid);
    }
    counts_agree_with_the_reference(&grid);
}

#[test]
fn irregular_81x81_and_90x90_grids_are_solved_and_counted() {
    for n in [81, 90] {
        let mut rng = Rng(n as u64 + 1);
        let grid = mixed(n, n as u64, n * n / 4);
        solve_and_check(&kept(&grid, 80, &mut rng), &grid);
        counts_agree_with_the_reference(&grid);
    }
}

#[test]
fn rectangular_90x90_boards_are_solved_and_counted() {
    let mut rng = Rng(90);
    let grid = random_grid(Rules::classic(90).unwrap(), &mut rng);
    assert_eq!(grid.rules().geometry().box_shape(), Some((9, 10)));
    solve_and_check(&kept(&grid, 80, &mut rng), &grid);
    counts_agree_with_the_reference(&grid);
}

#[test]
fn sizes_past_400_are_refused() {
    let err = Rules::classic(401).unwrap_err().to_string();
    assert!(err.contains("401x401"), "{err}");
    assert!(Rules::classic(400).is_ok());
}

/// Reads hkociemba's boxed text with the library's parser: the rows and
/// box rules, without the notes after them.
fn boxed(path: &str) -> Option<Puzzle> {
    let text = std::fs::read_to_string(path).ok()?;
    let rows: Vec<&str> = text.lines().filter(|l| l.contains(['|', '+'])).collect();
    Some(Puzzle::parse_classic(&rows.join("\n")).expect("the boxed text reads"))
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn kociemba_400x400_boards_are_solved_and_unique() {
    for name in ["kociemba_singles_1", "kociemba_singles_2"] {
        let path = format!("../shared/data/400x400/{name}.txt");
        let Some(puzzle) = boxed(&path) else {
            eprintln!("skipped: {path} is absent");
            continue;
        };
        let mut solver = VariantSolver::new();
        let (count, solution) = solver.count_and_solve(&puzzle, 2);
        let solution = solution.expect("a solution");
        assert!(puzzle.is_completed_by(&solution), "{name}");
        assert_eq!(count, Count::Exact(1), "{name}");
    }
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn bigger_boards_are_solved_and_counted_in_full() {
    for (n, keep) in [(100, 70), (132, 75), (144, 75), (225, 80)] {
        let mut rng = Rng(n as u64);
        let grid = random_grid(Rules::classic(n).unwrap(), &mut rng);
        solve_and_check(&kept(&grid, keep, &mut rng), &grid);
        counts_agree_with_the_reference(&grid);
    }
    for (n, keep) in [(81, 75), (100, 75), (132, 80), (144, 80), (225, 85)] {
        let mut rng = Rng(n as u64 + 1);
        let grid = mixed(n, n as u64, n * n);
        solve_and_check(&kept(&grid, keep, &mut rng), &grid);
        counts_agree_with_the_reference(&grid);
    }
    let empty = Puzzle::new(Rules::classic(400).unwrap());
    let grid = VariantSolver::new()
        .solve(&empty)
        .solution()
        .expect("a solution");
    assert!(empty.is_completed_by(&grid));
}

/// An easy puzzle of `rules` from the generator: singles alone solve it
/// (the engine, whose propagation past 64×64 is singles alone, with no
/// guess), it keeps its solution, which keeps every rule and is the grid
/// the generator starts from, it is unique, and the same seed makes it
/// again.
fn easy_puzzle_is_unique_and_solved_by_singles(rules: Rules, seed: u64) -> GeneratedPuzzle {
    let n = rules.size();
    let generator = VariantGenerator::new(rules.clone(), seed).with_level(Level::Easy);
    let made = generator.generate().expect("a grid of boxes");
    assert!(made.puzzle.is_completed_by(&made.solution));
    assert!(rules.check(made.solution.cells()).is_ok());
    assert_eq!(made.attempts, 1);
    // The grid is the shuffled pattern grid after 0.1·N² chain swaps.
    let start = VariantGenerator::start_grid(&rules, seed, n * n / 10);
    assert_eq!(start.as_ref(), Some(&made.solution));
    let mut singles = VariantSolver::new().with_max_nodes(0);
    assert_eq!(
        singles.solve(&made.puzzle).solution(),
        Some(made.solution.clone())
    );
    assert_eq!(VariantSolver::new().count(&made.puzzle, 2), Count::Exact(1));
    assert_eq!(
        generator.generate().unwrap(),
        made,
        "the same seed, the same puzzle"
    );
    made
}

/// Whether `rules` past 64×64 make easy puzzles off the pattern family,
/// on boards whose pattern grids have no two lines that trade a pair of
/// cells (81×81, 90×90): the unmixed grid of the seed has none, and the
/// generator's solution has some.
fn off_the_pattern_family(rules: Rules, seed: u64) {
    let pattern = VariantGenerator::start_grid(&rules, seed, 0).unwrap();
    assert_eq!(VariantGenerator::swappable_pairs(&pattern), 0);
    let made = easy_puzzle_is_unique_and_solved_by_singles(rules, seed);
    assert!(VariantGenerator::swappable_pairs(&made.solution) > 0);
}

#[test]
fn easy_81x81_puzzles_are_generated() {
    let n = 81 * 81;
    let made = easy_puzzle_is_unique_and_solved_by_singles(Rules::classic(81).unwrap(), 5);
    assert!(VariantGenerator::swappable_pairs(&made.solution) > 0);
    let givens = made.puzzle.givens();
    assert!(
        givens < n * 3 / 4,
        "{givens} givens of {n}: carving stopped early"
    );
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn easy_81x81_and_90x90_puzzles_are_off_the_pattern_family() {
    for (n, seed) in [(81, 8), (90, 9)] {
        let rules = Rules::classic(n).unwrap();
        off_the_pattern_family(rules.clone(), seed);
        // Another seed, another grid.
        let other = VariantGenerator::new(rules.clone(), seed + 1).with_level(Level::Easy);
        let first = VariantGenerator::new(rules, seed).with_level(Level::Easy);
        assert_ne!(other.generate().unwrap(), first.generate().unwrap());
    }
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn easy_puzzles_to_144x144_are_generated_in_full() {
    for n in [90, 100, 132, 144] {
        let rules = Rules::classic(n).unwrap();
        let made = easy_puzzle_is_unique_and_solved_by_singles(rules, n as u64);
        let givens = made.puzzle.givens();
        eprintln!("{n}x{n}: {givens} givens of {}", n * n);
    }
}
