//! Times ndoku's solver on puzzle files: median microseconds per puzzle over
//! several rounds, counting solutions up to 2 (solve and prove unique), one
//! reused `Solver` per size. A bench example, run with `--release`:
//!
//! ```text
//! cargo run --release --manifest-path tools/Cargo.toml --bin bench_sets -- [--rounds R] [--max N] [--engine general|variant] [--first] [--each] [--seed S | --tie-seed S] FILE...
//! ```
//!
//! `--first` times finding one solution (checked) instead of counting to 2, the
//! work a SAT solver does on a single call; `--each` prints every puzzle's
//! median time and guesses, for comparing puzzle by puzzle. `--seed` and
//! `--tie-seed` set the solver's seed (`Solver::with_seed`, or
//! `Solver::with_tie_seed`, which shuffles tie-breaks only): another draw of
//! a heavy-tailed search. `--engine variant` runs the run-time engine
//! (`VariantSolver`) on the same classic puzzles instead, to weigh it against
//! the classic one (issue #41's "one engine for every layout").
//!
//! Files are line-format puzzle lists; the size comes from the first puzzle.

use std::time::Instant;

use ndoku::engine::classic::Engine;
use ndoku::engine::classic::Solver;
use ndoku::engine::variant::VariantSolver;
use ndoku::{Board, Puzzle};

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut rounds, mut max, mut engine, mut files) =
        (3usize, usize::MAX, Engine::Auto, Vec::new());
    let mut how = How::default();
    let mut variant = false;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--rounds" => {
                rounds = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--rounds R")
            }
            "--first" => how.first = true,
            "--each" => how.each = true,
            "--max" => max = args.next().and_then(|v| v.parse().ok()).expect("--max N"),
            "--seed" => {
                how.seed = Some((
                    args.next().and_then(|v| v.parse().ok()).expect("--seed S"),
                    true,
                ))
            }
            "--tie-seed" => {
                how.seed = Some((
                    args.next()
                        .and_then(|v| v.parse().ok())
                        .expect("--tie-seed S"),
                    false,
                ))
            }
            "--engine" => {
                engine = match args.next().as_deref() {
                    Some("general") => Engine::General,
                    Some("variant") => {
                        variant = true;
                        Engine::Auto
                    }
                    _ => Engine::Auto,
                }
            }
            _ => files.push(a),
        }
    }
    println!(
        "{:<40} {:>7} {:>10} {:>10} {:>10} {:>10}",
        "file", "puzzles", "median us", "max us", "guesses", "us/puzzle"
    );
    for file in files {
        let text = match std::fs::read_to_string(&file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("skipping {file}: {e}");
                continue;
            }
        };
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .take(max)
            .collect();
        let cells = lines.first().map_or(0, |l| l.len());
        if variant {
            run_variant(&file, &lines, rounds, how);
            continue;
        }
        match cells {
            16 => run::<2>(&file, &lines, rounds, engine, how),
            81 => run::<3>(&file, &lines, rounds, engine, how),
            256 => run::<4>(&file, &lines, rounds, engine, how),
            625 => run::<5>(&file, &lines, rounds, engine, how),
            _ => eprintln!("skipping {file}: {cells} cells per line"),
        }
    }
}

/// What to time and print.
#[derive(Clone, Copy, Debug, Default)]
struct How {
    /// Find one solution rather than count to 2.
    first: bool,
    /// Print a line per puzzle.
    each: bool,
    /// The solver's seed, and whether it shuffles values too (`--seed`)
    /// rather than only tie-breaks (`--tie-seed`).
    seed: Option<(u64, bool)>,
}

fn run<const BOX: usize>(file: &str, lines: &[&str], rounds: usize, engine: Engine, how: How) {
    let boards: Vec<Board<BOX>> = lines.iter().filter_map(|l| l.parse().ok()).collect();
    let mut solver = Solver::<BOX>::new().with_engine(engine);
    solver = match how.seed {
        Some((seed, true)) => solver.with_seed(seed),
        Some((seed, false)) => solver.with_tie_seed(seed),
        None => solver,
    };
    let mut per_puzzle = vec![Vec::with_capacity(rounds); boards.len()];
    let mut totals = Vec::with_capacity(rounds);
    let mut guesses = vec![0u64; boards.len()];
    for _ in 0..rounds {
        let round = Instant::now();
        for (i, b) in boards.iter().enumerate() {
            let t = Instant::now();
            if how.first {
                let solution = solver.solve(b).solution();
                per_puzzle[i].push(t.elapsed().as_secs_f64() * 1e6);
                let solved = solution.is_some_and(|s| s.is_solved() && b.is_completed_by(&s));
                assert!(solved, "{file}: puzzle {i} not solved");
            } else {
                let count = solver.count(b, 2);
                per_puzzle[i].push(t.elapsed().as_secs_f64() * 1e6);
                assert!(count.is_complete(), "{file}: puzzle {i} did not finish");
            }
            guesses[i] = solver.stats().guesses;
        }
        totals.push(round.elapsed().as_secs_f64() * 1e6 / boards.len().max(1) as f64);
    }
    report(file, &mut per_puzzle, &guesses, &mut totals, how);
}

/// [`run`] with the run-time engine: each line read as a [`Puzzle`] of any
/// size, solved by a reused [`VariantSolver`].
fn run_variant(file: &str, lines: &[&str], rounds: usize, how: How) {
    let puzzles: Vec<Puzzle> = lines.iter().filter_map(|l| l.parse().ok()).collect();
    let mut solver = VariantSolver::new();
    if let Some((seed, _)) = how.seed {
        solver = solver.with_seed(seed);
    }
    let mut per_puzzle = vec![Vec::with_capacity(rounds); puzzles.len()];
    let mut totals = Vec::with_capacity(rounds);
    let mut guesses = vec![0u64; puzzles.len()];
    for _ in 0..rounds {
        let round = Instant::now();
        for (i, p) in puzzles.iter().enumerate() {
            let t = Instant::now();
            if how.first {
                let solution = solver.solve(p).solution();
                per_puzzle[i].push(t.elapsed().as_secs_f64() * 1e6);
                let solved = solution.is_some_and(|s| s.is_solved() && p.is_completed_by(&s));
                assert!(solved, "{file}: puzzle {i} not solved");
            } else {
                let count = solver.count(p, 2);
                per_puzzle[i].push(t.elapsed().as_secs_f64() * 1e6);
                assert!(count.is_complete(), "{file}: puzzle {i} did not finish");
            }
            guesses[i] = solver.stats().guesses;
        }
        totals.push(round.elapsed().as_secs_f64() * 1e6 / puzzles.len().max(1) as f64);
    }
    report(file, &mut per_puzzle, &guesses, &mut totals, how);
}

/// Prints a file's line (and each puzzle's, with `--each`): medians over
/// the rounds.
fn report(file: &str, per_puzzle: &mut [Vec<f64>], guesses: &[u64], totals: &mut [f64], how: How) {
    if how.each {
        for (i, times) in per_puzzle.iter_mut().enumerate() {
            times.sort_by(f64::total_cmp);
            println!(
                "  #{i:<3} {:>12.1} us {:>10} guesses",
                times[times.len() / 2],
                guesses[i]
            );
        }
    }
    let count = per_puzzle.len();
    let guesses = guesses.iter().sum::<u64>();
    let mut medians: Vec<f64> = per_puzzle
        .iter_mut()
        .map(|v| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        })
        .collect();
    medians.sort_by(f64::total_cmp);
    totals.sort_by(f64::total_cmp);
    let name = std::path::Path::new(file)
        .file_name()
        .map_or(file.into(), |n| n.to_string_lossy());
    println!(
        "{:<40} {:>7} {:>10.1} {:>10.1} {:>10.1} {:>10.2}",
        name,
        count,
        medians.get(medians.len() / 2).copied().unwrap_or(0.0),
        medians.last().copied().unwrap_or(0.0),
        guesses as f64 / count.max(1) as f64,
        totals[totals.len() / 2],
    );
}
