//! Times the run-time engine on boards past 64×64, as the big-board issue
//! names them: empty boards, random solution grids with a share of their
//! cells kept (solved, then counted to two), and files of boxed text such
//! as hkociemba's 400×400 boards.
//!
//! ```text
//! cargo run --release --manifest-path tools/Cargo.toml --bin bench_huge -- \
//!     [--size N | --boxes RxC] [--empty] [--keep PERCENT] [--seeds K] [--max-nodes N] [FILE...]
//! ```
//!
//! Each board gets one line: what it is, the seconds to solve, to count to
//! two, the guesses, and the peak memory of the process so far. Every
//! solution is checked with `Variant::is_completed_by`. With `DUMP_TOKENS=DIR`
//! each kept-cells board is also written to DIR in tokens, for other solvers.

use std::time::Instant;

use ndoku::{Count, Rules, Variant, VariantOutcome, VariantSolver};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

struct Options {
    rules: Option<Rules>,
    empty: bool,
    keep: Option<u64>,
    seeds: u64,
    max_nodes: u64,
    files: Vec<String>,
}

fn options() -> Options {
    let mut o = Options {
        rules: None,
        empty: false,
        keep: None,
        seeds: 1,
        max_nodes: u64::MAX,
        files: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().expect("a value after the option");
        match a.as_str() {
            "--size" => o.rules = Some(Rules::classic(value().parse().unwrap()).unwrap()),
            "--boxes" => {
                let v = value();
                let (r, c) = v.split_once('x').expect("RxC");
                o.rules = Some(Rules::boxes(r.parse().unwrap(), c.parse().unwrap()).unwrap());
            }
            "--empty" => o.empty = true,
            "--keep" => o.keep = Some(value().parse().unwrap()),
            "--seeds" => o.seeds = value().parse().unwrap(),
            "--max-nodes" => o.max_nodes = value().parse().unwrap(),
            _ => o.files.push(a),
        }
    }
    o
}

/// The peak resident memory of this process so far, in MiB.
fn peak_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

/// Reads boxed text (its rows are the lines with a `|`): numbers and
/// `.`, anything else a separator.
fn read_board(path: &str) -> Variant {
    let text = std::fs::read_to_string(path).expect("a readable file");
    let rows: Vec<&str> = text.lines().filter(|l| l.contains('|')).collect();
    let cells: Vec<u16> = rows
        .join(" ")
        .split(|c: char| c.is_whitespace() || "|+-,".contains(c))
        .filter(|t| !t.is_empty())
        .map(|t| if t == "." { 0 } else { t.parse().expect("a number") })
        .collect();
    let n = (cells.len() as f64).sqrt().round() as usize;
    Variant::from_cells(Rules::classic(n).expect("a supported size"), &cells).expect("a valid board")
}

/// Solves `puzzle`, checks the solution, and counts to two: one line.
fn run(what: &str, puzzle: &Variant, solver: &mut VariantSolver) -> Option<Variant> {
    let start = Instant::now();
    let outcome = solver.solve(puzzle);
    let solve_s = start.elapsed().as_secs_f64();
    let guesses = solver.stats().guesses;
    let solution = match outcome {
        VariantOutcome::Solved(s) => {
            assert!(puzzle.is_completed_by(&s), "{what}: a wrong solution");
            Some(s)
        }
        _ => None,
    };
    let start = Instant::now();
    let count = solver.count(puzzle, 2);
    let count_s = start.elapsed().as_secs_f64();
    let count = match count {
        Count::Exact(1) => "unique".to_owned(),
        Count::Exact(k) => format!("{k} solutions"),
        Count::AtLeast(k) => format!("at least {k}"),
        _ => "?".to_owned(),
    };
    println!(
        "{what}\tgivens {}\tsolve {solve_s:.3} s\t{}\tcount {count_s:.3} s\t{count}\tguesses {guesses}\tpeak {:.0} MiB",
        puzzle.givens(),
        if solution.is_some() { "solved" } else { "NOT SOLVED" },
        peak_mib()
    );
    solution
}

/// A random permutation of `0..k`.
fn permutation(k: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let mut p: Vec<usize> = (0..k).collect();
    for i in (1..k).rev() {
        p.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    p
}

/// `grid` with its values relabelled, its bands and the rows in each,
/// and its stacks and the columns in each, put in a random order: a
/// random grid of the same layout (boxes of h×w).
fn shuffled(grid: &Variant, rng: &mut ChaCha8Rng) -> Variant {
    let n = grid.size();
    let (h, w) = grid.rules().geometry().box_shape().expect("boxes");
    let values = permutation(n, rng);
    let order = |groups: usize, each: usize, rng: &mut ChaCha8Rng| -> Vec<usize> {
        let outer = permutation(groups, rng);
        outer
            .iter()
            .flat_map(|&g| permutation(each, rng).into_iter().map(move |i| g * each + i))
            .collect()
    };
    let rows = order(n / h, h, rng);
    let cols = order(n / w, w, rng);
    let cells: Vec<u16> = (0..n * n)
        .map(|c| {
            let v = grid.cells()[rows[c / n] * n + cols[c % n]];
            values[usize::from(v) - 1] as u16 + 1
        })
        .collect();
    Variant::from_cells(grid.rules().clone(), &cells).expect("a shuffled grid keeps the rules")
}

fn main() {
    let o = options();
    let mut solver = VariantSolver::new().with_max_nodes(o.max_nodes);
    for file in &o.files {
        let puzzle = read_board(file);
        run(file, &puzzle, &mut solver);
    }
    let Some(rules) = o.rules else { return };
    let n = rules.size();
    let empty = Variant::new(rules);
    if o.empty {
        run(&format!("{n}x{n} empty"), &empty, &mut solver);
    }
    let Some(keep) = o.keep else { return };
    let grid = VariantSolver::new().solve(&empty).solution().expect("an empty board has solutions");
    for seed in 0..o.seeds {
        let start = Instant::now();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let grid = shuffled(&grid, &mut rng);
        let grid_s = start.elapsed().as_secs_f64();
        let cells: Vec<u16> = grid
            .cells()
            .iter()
            .map(|&v| if rng.next_u64() % 100 < keep { v } else { 0 })
            .collect();
        let puzzle = Variant::from_cells(grid.rules().clone(), &cells).expect("a grid's own values");
        let what = format!("{n}x{n} keep {keep}% seed {seed} (shuffled grid {grid_s:.2} s)");
        if let Ok(dir) = std::env::var("DUMP_TOKENS") {
            std::fs::write(format!("{dir}/{n}_{keep}_{seed}.txt"), puzzle.to_tokens()).unwrap();
        }
        if let Some(s) = run(&what, &puzzle, &mut solver) {
            assert!(puzzle.is_completed_by(&s));
        }
    }
}
