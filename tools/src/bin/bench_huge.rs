//! Times the run-time engine on boards past 64×64, as the big-board issue
//! names them: empty boards, random solution grids with a share of their
//! cells kept (solved, then counted to two), and files of boxed text such
//! as hkociemba's 400×400 boards.
//!
//! ```text
//! cargo run --release --manifest-path tools/Cargo.toml --bin bench_huge -- \
//!     [--size N | --boxes RxC] [--empty] [--keep PERCENT] [--seeds K] [--max-nodes N]
//!     [--mix F] [--tries K] [--time-limit S] [--target | --reached] [FILE...]
//! ```
//!
//! Each board gets one line: what it is, the seconds to solve, to count to
//! two, the guesses, and the peak memory of the process so far. Every
//! solution is checked with `Puzzle::is_completed_by`. With `DUMP_TOKENS=DIR`
//! each kept-cells board is also written to DIR in tokens, for other solvers
//! (`tools/sat_kept.py` runs CaDiCaL on them), and read back as a FILE.
//!
//! A kept-cells grid is the engine's empty-board solution shuffled by value,
//! band, row, stack and column; `--mix F` then applies F·N² random chain
//! swaps, which leave that pattern family (the library generator's code,
//! `VariantGenerator::start_grid`, which makes 0.1·N² of them). `--tries K` retries a failed
//! solve under K seeded value orders. `--target` runs the issue's table
//! (81×81 to 400×400 at the kept shares it names, `--seeds` grids each,
//! mixed with N² swaps unless `--mix` says, 50,000 guesses unless
//! `--max-nodes` says) and ends with a summary row a board; `--reached`
//! does the same at the smallest shares the engine was seen to manage.
//! `--solve-only` skips the count to two of FILEs and kept-cells boards.
//! `--time-limit S` stops each solve and each count after S seconds (boards
//! the engine probes run at hundreds of guesses a second, not thousands).

use std::time::Instant;

use ndoku::engine::variant::VariantSolver;
use ndoku::generate::VariantGenerator;
use ndoku::{Count, Outcome, Puzzle, Rules};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

struct Options {
    rules: Option<Rules>,
    empty: bool,
    keep: Option<u64>,
    seeds: u64,
    max_nodes: u64,
    time_limit: Option<std::time::Duration>,
    mix: Option<f64>,
    tries: u64,
    target: bool,
    reached: bool,
    solve_only: bool,
    files: Vec<String>,
}

fn options() -> Options {
    let mut o = Options {
        rules: None,
        empty: false,
        keep: None,
        seeds: 1,
        max_nodes: u64::MAX,
        time_limit: None,
        mix: None,
        tries: 0,
        target: false,
        reached: false,
        solve_only: false,
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
            "--target" => o.target = true,
            "--reached" => {
                o.target = true;
                o.reached = true;
            }
            "--time-limit" => {
                o.time_limit = Some(std::time::Duration::from_secs_f64(value().parse().unwrap()));
            }
            "--solve-only" => o.solve_only = true,
            "--tries" => o.tries = value().parse().unwrap(),
            "--mix" => o.mix = Some(value().parse().unwrap()),
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

/// Reads boxed text (its rows are the lines with a `|`), or with no `|`,
/// tokens (as `DUMP_TOKENS` writes them): numbers and `.`, anything else
/// a separator.
fn read_board(path: &str) -> Puzzle {
    let text = std::fs::read_to_string(path).expect("a readable file");
    let boxed = text.contains('|');
    let rows: Vec<&str> = text.lines().filter(|l| !boxed || l.contains('|')).collect();
    let cells: Vec<u16> = rows
        .join(" ")
        .split(|c: char| c.is_whitespace() || "|+-,".contains(c))
        .filter(|t| !t.is_empty())
        .map(|t| {
            if t == "." {
                0
            } else {
                t.parse().expect("a number")
            }
        })
        .collect();
    let n = (cells.len() as f64).sqrt().round() as usize;
    Puzzle::from_cells(Rules::classic(n).expect("a supported size"), &cells).expect("a valid board")
}

/// What one board came to: solved, counted, at what cost.
struct Report {
    solved: bool,
    unique: bool,
    guesses: u64,
    seconds: f64,
}

/// Solves `puzzle`, checks the solution, and counts to two: one line.
fn run(what: &str, puzzle: &Puzzle, solver: &mut VariantSolver, count: bool) -> Report {
    let start = Instant::now();
    let outcome = solver.solve(puzzle);
    let solve_s = start.elapsed().as_secs_f64();
    let mut guesses = solver.stats().guesses;
    let solution = match outcome {
        Outcome::Solved(s) => {
            assert!(puzzle.is_completed_by(&s), "{what}: a wrong solution");
            Some(s)
        }
        _ => None,
    };
    let start = Instant::now();
    let count_run = count;
    let count = if count {
        let k = solver.count(puzzle, 2);
        guesses += solver.stats().guesses;
        k
    } else {
        Count::GaveUp(0)
    };
    let count_s = start.elapsed().as_secs_f64();
    let unique = count == Count::Exact(1);
    let count = match count {
        Count::Exact(1) => "unique".to_owned(),
        Count::Exact(k) => format!("{k} solutions"),
        Count::AtLeast(k) => format!("at least {k}"),
        Count::GaveUp(0) if !count_run => "not counted".to_owned(),
        _ => "?".to_owned(),
    };
    println!(
        "{what}\tgivens {}\tsolve {solve_s:.3} s\t{}\tcount {count_s:.3} s\t{count}\tguesses {guesses}\tpeak {:.0} MiB",
        puzzle.givens(),
        if solution.is_some() {
            "solved"
        } else {
            "NOT SOLVED"
        },
        peak_mib()
    );
    Report {
        solved: solution.is_some(),
        unique,
        guesses,
        seconds: solve_s + count_s,
    }
}

/// The kept-cell boards the big-board issue names: size, box rows, kept %.
const TARGETS: [(usize, usize, u64); 11] = [
    (81, 9, 45),
    (81, 9, 50),
    (90, 9, 65),
    (100, 10, 45),
    (100, 10, 50),
    (132, 11, 65),
    (144, 12, 55),
    (144, 12, 60),
    (225, 15, 55),
    (225, 15, 60),
    (400, 20, 65),
];

/// The smallest kept shares (in steps of 5%) at which the engine solved
/// every one of three mixed grids of these boards within the budget.
const REACHED: [(usize, usize, u64); 7] = [
    (81, 9, 70),
    (90, 9, 70),
    (100, 10, 70),
    (132, 11, 75),
    (144, 12, 75),
    (225, 15, 80),
    (400, 20, 80),
];

/// The guess budget of each solve and count in `--target`, unless `--max-nodes` says.
const TARGET_NODES: u64 = 50_000;

/// A random grid of `rules` from `seed` (the generator's grid: the
/// engine's empty-board solution shuffled, then `mix`·N² chain swaps) with
/// about `keep`% of its cells kept.
fn kept_puzzle(rules: &Rules, keep: u64, seed: u64, mix: f64) -> (Puzzle, String) {
    let n = rules.size();
    let start = Instant::now();
    let moves = (mix * (n * n) as f64) as usize;
    let grid = VariantGenerator::start_grid(rules, seed, moves).expect("a grid of boxes");
    let grid_s = start.elapsed().as_secs_f64();
    // The kept cells are drawn from another stream than the grid's.
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(1);
    let cells: Vec<u16> = grid
        .cells()
        .iter()
        .map(|&v| if rng.next_u64() % 100 < keep { v } else { 0 })
        .collect();
    let puzzle = Puzzle::from_cells(grid.rules().clone(), &cells).expect("a grid's own values");
    if let Ok(dir) = std::env::var("DUMP_TOKENS") {
        std::fs::write(format!("{dir}/{n}_{keep}_{seed}.txt"), puzzle.to_tokens()).unwrap();
    }
    let what = format!(
        "{n}x{n} keep {keep}% seed {seed} (grid {grid_s:.2} s, {} two-cell trades)",
        VariantGenerator::swappable_pairs(&grid)
    );
    (puzzle, what)
}

/// The middle of `xs` (the upper middle of an even count).
fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs.get(xs.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Runs the issue's table of kept-cell boards, `seeds` of each, and
/// prints a summary row a board: solved and unique of the seeds, median
/// guesses and seconds (solve and count), peak memory so far.
fn targets(o: &Options) {
    let mut rows = Vec::new();
    let table: &[(usize, usize, u64)] = if o.reached { &REACHED } else { &TARGETS };
    for &(n, h, keep) in table {
        let rules = Rules::boxes(h, n / h).expect("a supported size");
        let budget = if o.max_nodes == u64::MAX {
            TARGET_NODES
        } else {
            o.max_nodes
        };
        let mut solver = VariantSolver::new()
            .with_max_nodes(budget)
            .with_time_limit(o.time_limit);
        let reports: Vec<Report> = (0..o.seeds)
            .map(|seed| {
                let (puzzle, what) = kept_puzzle(&rules, keep, seed, o.mix.unwrap_or(1.0));
                run(&what, &puzzle, &mut solver, true)
            })
            .collect();
        rows.push(format!(
            "| {n}×{n} ({h}×{}) | {keep}% | {}/{} | {}/{} | {:.0} | {:.2} s | {:.0} MiB |",
            n / h,
            reports.iter().filter(|r| r.solved).count(),
            reports.len(),
            reports.iter().filter(|r| r.unique).count(),
            reports.len(),
            median(reports.iter().map(|r| r.guesses as f64).collect()),
            median(reports.iter().map(|r| r.seconds).collect()),
            peak_mib()
        ));
    }
    println!("\n| board | kept | solved | unique | median guesses | median time | peak memory |");
    println!("|---|---|---|---|---|---|---|");
    rows.iter().for_each(|r| println!("{r}"));
}

fn main() {
    let o = options();
    if o.target {
        return targets(&o);
    }
    let mut solver = VariantSolver::new()
        .with_max_nodes(o.max_nodes)
        .with_time_limit(o.time_limit);
    for file in &o.files {
        let puzzle = read_board(file);
        run(file, &puzzle, &mut solver, !o.solve_only);
    }
    let Some(rules) = o.rules else { return };
    let n = rules.size();
    if o.empty {
        run(
            &format!("{n}x{n} empty"),
            &Puzzle::new(rules.clone()),
            &mut solver,
            !o.solve_only,
        );
    }
    let Some(keep) = o.keep else { return };
    for seed in 0..o.seeds {
        let (puzzle, what) = kept_puzzle(&rules, keep, seed, o.mix.unwrap_or(0.0));
        if !run(&what, &puzzle, &mut solver, !o.solve_only).solved && o.tries > 0 {
            // Restarts: the same budget again under seeded value orders.
            let start = Instant::now();
            let hit = (1..=o.tries).find(|&t| {
                let mut s = VariantSolver::new()
                    .with_max_nodes(o.max_nodes)
                    .with_seed(t);
                s.solve(&puzzle).solution().is_some()
            });
            println!(
                "  restarts: {hit:?} of {} in {:.2} s",
                o.tries,
                start.elapsed().as_secs_f64()
            );
        }
    }
}
