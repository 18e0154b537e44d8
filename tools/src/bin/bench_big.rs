//! Times the engine on the big boards the engine issue names: the empty 36×36,
//! 49×49 and 64×64 boards, and boards with a share of a random solution kept
//! (and on 16×16 or 25×25 ones, with `--box 4` or `--box 5`).
//!
//! ```text
//! cargo run --release --manifest-path tools/Cargo.toml --bin bench_big -- [--seeds K] [--from S] [--keep PERCENT] [--max-nodes N] [--box B]
//! ```
//!
//! The boards with a share kept use seeds `S..S + K` (`S` 0 unless given).
//!
//! For each size it prints one line per board: the time, the guesses, and
//! whether it was solved (every solution is checked against its puzzle).

use std::time::{Duration, Instant};

use ndoku::engine::classic::Solver;
use ndoku::{Board, Generator, Outcome};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

struct Options {
    seeds: u64,
    from: u64,
    keep: usize,
    max_nodes: u64,
    only: Option<usize>,
}

/// A random solved grid with `keep`% of its cells left, the rest blanked.
fn kept<const BOX: usize>(seed: u64, keep: usize) -> Board<BOX> {
    let grid = Generator::<BOX>::new(seed)
        .grid(0)
        .expect("an empty board has a solution");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut board = grid.clone();
    for i in 0..Board::<BOX>::CELLS {
        if (rng.next_u32() % 100) as usize >= keep {
            let _ = board.clear(i / Board::<BOX>::N, i % Board::<BOX>::N);
        }
    }
    board
}

/// Solves `board` and prints a line; panics on a wrong answer.
fn run<const BOX: usize>(label: &str, board: &Board<BOX>, options: &Options) -> Duration {
    let mut solver = Solver::<BOX>::new().with_max_nodes(options.max_nodes);
    let start = Instant::now();
    let outcome = solver.solve(board);
    let took = start.elapsed();
    let verdict = match &outcome {
        Outcome::Solved(s) => {
            assert!(board.is_completed_by(s), "wrong solution for {label}");
            "solved"
        }
        Outcome::Unsolvable => "unsolvable",
        Outcome::GaveUp => "gave up",
        _ => "other",
    };
    let n = Board::<BOX>::N;
    println!(
        "{n}x{n} {label:<12} {:>10.1} ms {:>9} guesses  {verdict}",
        took.as_secs_f64() * 1e3,
        solver.stats().guesses
    );
    took
}

fn size<const BOX: usize>(options: &Options) {
    if options.only.is_some_and(|b| b != BOX) {
        return;
    }
    run("empty", &Board::<BOX>::new(), options);
    let mut times: Vec<Duration> = (options.from..options.from + options.seeds)
        .map(|seed| {
            let board = kept::<BOX>(seed, options.keep);
            run(&format!("{}% #{seed}", options.keep), &board, options)
        })
        .collect();
    times.sort();
    if let Some(median) = times.get(times.len() / 2) {
        let n = Board::<BOX>::N;
        println!(
            "{n}x{n} median {:.1} ms, max {:.1} ms over {} boards",
            median.as_secs_f64() * 1e3,
            times.last().map_or(0.0, |t| t.as_secs_f64() * 1e3),
            times.len()
        );
    }
}

fn main() {
    let mut options = Options {
        seeds: 5,
        from: 0,
        keep: 30,
        max_nodes: 100_000,
        only: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next().and_then(|v| v.parse::<u64>().ok());
        match (a.as_str(), value) {
            ("--seeds", Some(v)) => options.seeds = v,
            ("--from", Some(v)) => options.from = v,
            ("--keep", Some(v)) => options.keep = v as usize,
            ("--max-nodes", Some(v)) => options.max_nodes = v,
            ("--box", Some(v)) => options.only = Some(v as usize),
            _ => {
                eprintln!(
                    "usage: bench_big [--seeds K] [--from S] [--keep PERCENT] [--max-nodes N] [--box B]"
                );
                std::process::exit(2);
            }
        }
    }
    // 16×16 and 25×25 only when asked for: the engine issue's big sizes
    // start at 36×36.
    if options.only == Some(4) {
        size::<4>(&options);
    }
    if options.only == Some(5) {
        size::<5>(&options);
    }
    size::<6>(&options);
    size::<7>(&options);
    size::<8>(&options);
}
