//! Makes `puzzles/gallery.jsonl`: one 9×9 puzzle for each kind of constraint,
//! made by ndoku itself, as f-puzzles JSON lines, with `gallery.solutions.txt`.
//!
//! Each kind's constraints are drawn from a solved grid (lines along paths the
//! grid keeps, clues it gives), then `VariantGenerator` makes a unique puzzle
//! under them with as few givens as it can. Run from the repository root:
//! `cargo run --release --manifest-path tools/Cargo.toml --bin make_gallery`.
//! The seeds are fixed, so the files come out the same every time.

use std::fmt::Write as _;
use std::fs;

use ndoku::generate::VariantGenerator;
use ndoku::model::{Diagonal, Outside};
use ndoku::text::fpuzzles;
use ndoku::{Constraint, Count, Outcome, Rules, Solver};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng};

/// The side of every gallery puzzle.
const N: usize = 9;

/// A fixed-seed generator, with the one draw the gallery needs.
struct Rng(ChaCha8Rng);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }

    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
}

/// A random path of `len` distinct cells, each a king's step from the last,
/// avoiding `used`; `None` when it runs into a corner.
fn walk(rng: &mut Rng, len: usize, used: &[bool]) -> Option<Vec<u32>> {
    let mut path = vec![rng.below(N * N)];
    while path.len() < len {
        let last = *path.last()?;
        let (r, c) = ((last / N) as i32, (last % N) as i32);
        let steps: Vec<usize> = (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (r + dr, c + dc)))
            .filter(|&(a, b)| (0..N as i32).contains(&a) && (0..N as i32).contains(&b))
            .map(|(a, b)| a as usize * N + b as usize)
            .filter(|&x| !path.contains(&x))
            .collect();
        if steps.is_empty() {
            return None;
        }
        path.push(steps[rng.below(steps.len())]);
    }
    (!path.iter().any(|&x| used[x])).then(|| path.into_iter().map(|x| x as u32).collect())
}

/// Up to `count` lines of `min..=max` cells on which `make` gives a
/// constraint that `grid` keeps, on cells no other line uses.
fn lines(
    rng: &mut Rng,
    grid: &[u16],
    (count, min, max): (usize, usize, usize),
    make: impl Fn(Vec<u32>) -> Constraint,
) -> Vec<Constraint> {
    let mut used = vec![false; N * N];
    let mut found = Vec::new();
    for _ in 0..20_000 {
        if found.len() == count {
            break;
        }
        let len = min + rng.below(max - min + 1);
        let Some(path) = walk(rng, len, &used) else {
            continue;
        };
        let constraint = make(path.clone());
        if keeps(grid, &constraint) {
            path.iter().for_each(|&x| used[x as usize] = true);
            found.push(constraint);
        }
    }
    found
}

/// The outside clue at the start of row or column `k` (0..4N: top, bottom,
/// left, right) and the cells it looks along, nearest first.
fn edge(k: usize) -> (Outside, Vec<u32>) {
    let (side, i) = (k / N, k % N);
    let (n, ii) = (N as i32, i as i32);
    let (clue, cells): (Outside, Vec<usize>) = match side {
        0 => (
            Outside { row: -1, col: ii },
            (0..N).map(|r| r * N + i).collect(),
        ),
        1 => (
            Outside { row: n, col: ii },
            (0..N).rev().map(|r| r * N + i).collect(),
        ),
        2 => (
            Outside { row: ii, col: -1 },
            (0..N).map(|c| i * N + c).collect(),
        ),
        _ => (
            Outside { row: ii, col: n },
            (0..N).rev().map(|c| i * N + c).collect(),
        ),
    };
    (clue, cells.into_iter().map(|x| x as u32).collect())
}

/// The constraints of one kind drawn from `grid`.
fn draw(kind: &str, rng: &mut Rng, grid: &[u16]) -> Vec<Constraint> {
    let v = |x: u32| u64::from(grid[x as usize]);
    let n16 = N as u16;
    match kind {
        "little killer" => (1..N)
            .map(|c| {
                let cells = (0..N - c).map(|k| (k * N + c + k) as u32);
                Constraint::LittleKiller {
                    clue: Outside {
                        row: -1,
                        col: c as i32 - 1,
                    },
                    direction: Diagonal::DownRight,
                    sum: cells.map(v).sum(),
                }
            })
            .collect(),
        "sandwich" => (0..4 * N)
            .filter(|&k| (k / N).is_multiple_of(2))
            .map(|k| {
                let (clue, cells) = edge(k);
                let at = |t: u16| cells.iter().position(|&x| grid[x as usize] == t).unwrap();
                let (a, b) = (at(1).min(at(n16)), at(1).max(at(n16)));
                let sum = cells[a + 1..b].iter().map(|&x| v(x)).sum();
                Constraint::Sandwich { clue, sum }
            })
            .collect(),
        "x-sum" => (0..4 * N)
            .filter(|_| rng.below(3) == 0)
            .map(|k| {
                let (clue, cells) = edge(k);
                let x = grid[cells[0] as usize] as usize;
                Constraint::XSum {
                    clue,
                    sum: cells[..x].iter().map(|&c| v(c)).sum(),
                }
            })
            .collect(),
        "skyscraper" => (0..4 * N)
            .filter(|_| rng.below(2) == 0)
            .map(|k| {
                let (clue, cells) = edge(k);
                let (mut top, mut count) = (0, 0);
                for &c in &cells {
                    if grid[c as usize] > top {
                        (top, count) = (grid[c as usize], count + 1);
                    }
                }
                Constraint::Skyscraper { clue, count }
            })
            .collect(),
        "odd/even" => (0..(N * N) as u32)
            .filter(|_| rng.below(3) == 0)
            .map(|cell| {
                if v(cell) % 2 == 1 {
                    Constraint::Odd { cell }
                } else {
                    Constraint::Even { cell }
                }
            })
            .collect(),
        "minimum/maximum" => {
            let cells = 0..(N * N) as u32;
            cells
                .filter(|_| rng.below(2) == 0)
                .flat_map(|cell| [Constraint::Minimum { cell }, Constraint::Maximum { cell }])
                .filter(|c| keeps(grid, c))
                .collect()
        }
        "greater-than" => {
            // Every pair of side-by-side cells in a box: the classic inequality puzzle.
            let pairs = (0..(N * N) as u32).flat_map(|a| {
                let right = (a as usize % N % 3 != 2).then_some(a + 1);
                let down = (a as usize / N % 3 != 2).then_some(a + N as u32);
                right.into_iter().chain(down).map(move |b| (a, b))
            });
            pairs
                .map(|(a, b)| {
                    let cells = if v(a) > v(b) { [a, b] } else { [b, a] };
                    Constraint::GreaterThan { cells }
                })
                .collect()
        }
        "renban" => lines(rng, grid, (8, 3, 5), |cells| Constraint::Renban { cells }),
        "whispers" => lines(rng, grid, (8, 3, 6), |cells| {
            Constraint::german_whisper(N, cells)
        }),
        "palindrome" => lines(rng, grid, (6, 3, 5), |cells| Constraint::Palindrome {
            cells,
        }),
        "between" => lines(rng, grid, (8, 3, 5), |cells| Constraint::Between { cells }),
        "region-sum line" => lines(rng, grid, (6, 3, 6), |cells| Constraint::RegionSumLine {
            cells,
        }),
        "zipper" => lines(rng, grid, (6, 3, 5), |cells| Constraint::Zipper { cells }),
        "entropic" => lines(rng, grid, (6, 3, 6), |cells| Constraint::Entropic { cells }),
        "modular" => lines(rng, grid, (6, 3, 6), |cells| Constraint::Modular {
            cells,
            modulus: 3,
        }),
        "lockout" => lines(rng, grid, (6, 3, 5), |cells| Constraint::lockout(N, cells)),
        "double arrow" => lines(rng, grid, (6, 3, 5), |cells| Constraint::DoubleArrow {
            cells,
        }),
        "sum" => lines(rng, grid, (8, 2, 4), |cells| {
            let sum = cells.iter().map(|&c| v(c)).sum();
            Constraint::Sum { cells, sum }
        }),
        "quadruple" => (0..12)
            .map(|_| {
                let (r, c) = (rng.below(N - 1), rng.below(N - 1));
                let cells: Vec<u32> = [
                    r * N + c,
                    r * N + c + 1,
                    (r + 1) * N + c,
                    (r + 1) * N + c + 1,
                ]
                .map(|x| x as u32)
                .to_vec();
                let mut values: Vec<u16> = cells[..2].iter().map(|&x| grid[x as usize]).collect();
                values.sort_unstable();
                Constraint::Quadruple { cells, values }
            })
            .collect(),
        "clones" => {
            // Two 2×2 squares whose values agree cell by cell.
            let square = |r: usize, c: usize| -> Vec<u32> {
                [
                    r * N + c,
                    r * N + c + 1,
                    (r + 1) * N + c,
                    (r + 1) * N + c + 1,
                ]
                .map(|x| x as u32)
                .to_vec()
            };
            let mut found = Vec::new();
            for (r1, c1, r2, c2) in (0..N - 1).flat_map(|a| {
                (0..N - 1).flat_map(move |b| {
                    (0..N - 1).flat_map(move |x| (0..N - 1).map(move |y| (a, b, x, y)))
                })
            }) {
                let (a, b) = (square(r1, c1), square(r2, c2));
                let same = |k: usize| grid[a[k] as usize] == grid[b[k] as usize];
                if (r1, c1) < (r2, c2)
                    && a.iter().all(|x| !b.contains(x))
                    && (0..4).filter(|&k| same(k)).count() >= 3
                {
                    let keep: Vec<usize> = (0..4).filter(|&k| same(k)).collect();
                    found.push(Constraint::Clones {
                        cells: keep.iter().map(|&k| a[k]).collect(),
                        copies: keep.iter().map(|&k| b[k]).collect(),
                    });
                }
            }
            found.truncate(6);
            found
        }
        _ => unreachable!("no kind {kind}"),
    }
}

/// Whether `constraint` fits the board and `grid` keeps it.
fn keeps(grid: &[u16], constraint: &Constraint) -> bool {
    let rules = Rules::classic(N).expect("9x9");
    let rules = rules.with_constraint(constraint.clone());
    rules.is_ok_and(|r| r.check(grid).is_ok())
}

/// The kinds drawn from a grid; the generator's own (killer cages, Kropki,
/// XV, thermometers, arrows) are in `variants.jsonl`.
const KINDS: [&str; 19] = [
    "little killer",
    "sandwich",
    "x-sum",
    "skyscraper",
    "odd/even",
    "minimum/maximum",
    "greater-than",
    "renban",
    "whispers",
    "palindrome",
    "between",
    "region-sum line",
    "zipper",
    "entropic",
    "modular",
    "lockout",
    "double arrow",
    "sum",
    "quadruple",
];

fn main() {
    let mut puzzles = String::from(
        "# One 9x9 puzzle for each kind of constraint, made by ndoku (tools/src/bin/make_gallery.rs):\n\
         # each kind's clues are drawn from a solved grid, then VariantGenerator makes the puzzle\n\
         # unique with as few givens as it can. f-puzzles JSON, one a line; solutions in\n\
         # gallery.solutions.txt, line for line.\n",
    );
    let mut solutions = String::from("# Solutions of gallery.jsonl, line for line.\n");
    let mut solver = Solver::new().with_max_nodes(5_000_000);
    let classic = Rules::classic(N).expect("9x9");
    let kinds = KINDS.iter().copied().chain(["clones", "nonconsecutive"]);
    for (seed, kind) in kinds.enumerate() {
        let seed = 2026 + seed as u64;
        let mut rng = Rng::new(seed);
        let rules = if kind == "nonconsecutive" {
            classic
                .clone()
                .with_constraint(Constraint::Nonconsecutive)
                .expect("a global rule")
        } else {
            let grid = VariantGenerator::new(classic.clone(), seed)
                .generate()
                .expect("a grid")
                .solution;
            draw(kind, &mut rng, grid.cells())
                .into_iter()
                .try_fold(classic.clone(), Rules::with_constraint)
                .expect("drawn constraints fit the board")
        };
        let made = VariantGenerator::new(rules, seed)
            .with_max_nodes(2_000_000)
            .generate()
            .unwrap_or_else(|e| panic!("{kind}: {e}"));
        assert_eq!(solver.count(&made.puzzle, 2), Count::Exact(1), "{kind}");
        let Outcome::Solved(solution) = solver.solve(&made.puzzle) else {
            panic!("{kind}")
        };
        assert_eq!(solution, made.solution, "{kind}");
        let givens = made.puzzle.cells().iter().filter(|&&v| v != 0).count();
        let count = made.puzzle.rules().constraints().len();
        eprintln!("{kind}: {count} rules, {givens} givens");
        writeln!(puzzles, "# {kind}: {count} rules, {givens} givens").unwrap();
        writeln!(puzzles, "{}", fpuzzles::to_json(&made.puzzle)).unwrap();
        writeln!(solutions, "{solution}").unwrap();
    }
    fs::write("puzzles/gallery.jsonl", puzzles).expect("puzzles/ from the repository root");
    fs::write("puzzles/gallery.solutions.txt", solutions).expect("puzzles/");
}
