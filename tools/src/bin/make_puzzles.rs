//! Makes the sample puzzles in `puzzles/` with ndoku itself: a shuffled full grid,
//! then cells blanked one by one while the puzzle keeps exactly one solution.
//!
//! Run from the repository root: `cargo run --release --manifest-path tools/Cargo.toml --bin make_puzzles`.
//! The seed is fixed, so the files come out the same every time.

use std::fmt::Write as _;
use std::fs;

use ndoku::engine::classic::Solver;
use ndoku::{Board, Count};

/// SplitMix64: a tiny, fixed-seed generator, enough to shuffle.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

/// A random full grid: the pattern `(BOX*(r%BOX) + r/BOX + c) % N`, with values
/// relabelled and rows, columns, bands and stacks shuffled (all of which keep it
/// a solution).
fn full_grid<const BOX: usize>(rng: &mut Rng) -> Board<BOX> {
    let n = BOX * BOX;
    let values = rng.permutation(n);
    let lines = |rng: &mut Rng| -> Vec<usize> {
        let bands = rng.permutation(BOX);
        bands
            .into_iter()
            .flat_map(|band| {
                rng.permutation(BOX)
                    .into_iter()
                    .map(move |k| band * BOX + k)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let rows = lines(rng);
    let cols = lines(rng);
    let mut cells = Vec::with_capacity(n * n);
    for &r in &rows {
        for &c in &cols {
            cells.push(values[(BOX * (r % BOX) + r / BOX + c) % n] as u8 + 1);
        }
    }
    Board::from_cells(&cells).expect("the pattern is a solution")
}

/// A puzzle with one solution, blanking cells of a random grid in random order
/// until only `keep` givens are left or no cell can go (a budget bounds each check).
fn make<const BOX: usize>(rng: &mut Rng, keep: usize) -> (Board<BOX>, Board<BOX>) {
    let n = BOX * BOX;
    let solution = full_grid::<BOX>(rng);
    let mut puzzle = solution.clone();
    let mut solver = Solver::<BOX>::new().with_max_nodes(20_000);
    for cell in rng.permutation(n * n) {
        if puzzle.givens() <= keep {
            break;
        }
        let (row, col) = (cell / n, cell % n);
        let value = puzzle.clear(row, col).expect("in bounds").expect("filled");
        if solver.count(&puzzle, 2) != Count::Exact(1) {
            puzzle.set(row, col, value).expect("it was there");
        }
    }
    (puzzle, solution)
}

/// Writes `NAME.txt` and `NAME.solutions.txt` under `puzzles/`.
fn write(name: &str, header: &str, lines: &[(String, String)]) {
    let mut puzzles = String::from(header);
    let mut solutions = String::new();
    for (puzzle, solution) in lines {
        writeln!(puzzles, "{puzzle}").expect("strings take writes");
        writeln!(solutions, "{solution}").expect("strings take writes");
    }
    fs::create_dir_all("puzzles").expect("can make puzzles/");
    fs::write(format!("puzzles/{name}.txt"), puzzles).expect("can write puzzles");
    fs::write(format!("puzzles/{name}.solutions.txt"), solutions).expect("can write solutions");
}

/// `count` generated puzzles of one size as text lines, each checked again.
fn generated<const BOX: usize>(rng: &mut Rng, count: usize, keep: usize) -> Vec<(String, String)> {
    (0..count)
        .map(|_| {
            let (puzzle, solution) = make::<BOX>(rng, keep);
            assert_eq!(puzzle.count_solutions(2), 1);
            assert!(puzzle.is_completed_by(&solution));
            (puzzle.to_string(), solution.to_string())
        })
        .collect()
}

const GENERATED: &str = "# Made by `cargo run --release --manifest-path tools/Cargo.toml --bin make_puzzles` (fixed seed): a shuffled\n\
# full grid, then cells blanked while the puzzle keeps exactly one solution.\n\
# The solutions, line for line, are in the .solutions.txt file beside this one.\n";

fn main() {
    let mut rng = Rng(2024);
    let size = |n: usize| format!("# {n}x{n} puzzles, one per line.\n{GENERATED}");
    write("4x4", &size(4), &generated::<2>(&mut rng, 5, 0));

    let one = "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..";
    let none = "3.65.84..52........87....31..3....2.9..8....5.5....6..13....25........74..52.63..";
    let one_board: Board<3> = one.parse().expect("a valid puzzle");
    assert_eq!(one_board.count_solutions(2), 1);
    let none_board: Board<3> = none.parse().expect("a valid puzzle");
    assert_eq!(none_board.count_solutions(1), 0);
    let mut nine = vec![
        (
            one.to_string(),
            one_board.solve().expect("solvable").to_string(),
        ),
        (none.to_string(), "unsolvable".to_string()),
    ];
    nine.extend(generated::<3>(&mut rng, 4, 0));
    let header = format!(
        "{}\
# The first two are classic tutorial puzzles. The first has one solution.\n\
# The second has NO solution: the tutorial that printed it showed a \"solved\"\n\
# grid that still had zeros in it. ndoku prints `unsolvable` for it.\n",
        size(9)
    );
    write("9x9", &header, &nine);

    write("16x16", &size(16), &generated::<4>(&mut rng, 3, 256 / 2));
    write(
        "25x25",
        &size(25),
        &generated::<5>(&mut rng, 2, 625 * 55 / 100),
    );
}
