//! Times puzzle generation: per-puzzle wall time, givens, difficulty and minimality.
//!
//! `cargo run --release --manifest-path tools/Cargo.toml --bin generate_times -- [BOX] [COUNT] [SYMMETRY] [SEED] [MAX_NODES]`, for
//! example `-- 4 100 rotate180`. It prints the mean, median and max time per
//! puzzle, the mean givens and how many puzzles were of each level.

use std::time::{Duration, Instant};

use ndoku::{Generated, Generator, Level, Symmetry};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).map_or(default, String::as_str).to_owned();
    let number = |i: usize, name: &str, default: &str| -> u64 {
        arg(i, default)
            .parse()
            .unwrap_or_else(|_| usage(&format!("{name} is a whole number")))
    };
    let boxw = number(0, "BOX", "3");
    let count = number(1, "COUNT", "1000");
    if count == 0 {
        usage("COUNT is at least 1");
    }
    let symmetry = match arg(2, "rotate180").as_str() {
        "none" => Symmetry::None,
        "rotate180" => Symmetry::Rotate180,
        "rotate90" => Symmetry::Rotate90,
        "horizontal" => Symmetry::Horizontal,
        "vertical" => Symmetry::Vertical,
        "diagonal" => Symmetry::Diagonal,
        other => usage(&format!("unknown symmetry {other:?}")),
    };
    let seed = number(3, "SEED", "1");
    let nodes = args.get(4).map(|_| number(4, "MAX_NODES", "0"));
    let count = count as usize;
    match boxw {
        2 => run::<2>(count, symmetry, seed, nodes),
        3 => run::<3>(count, symmetry, seed, nodes),
        4 => run::<4>(count, symmetry, seed, nodes),
        5 => run::<5>(count, symmetry, seed, nodes),
        6 => run::<6>(count, symmetry, seed, nodes),
        7 => run::<7>(count, symmetry, seed, nodes),
        8 => run::<8>(count, symmetry, seed, nodes),
        _ => usage("BOX runs from 2 to 8"),
    }
}

/// Prints what is wrong and how to call the example, and exits with status 2.
fn usage(problem: &str) -> ! {
    eprintln!("error: {problem}");
    eprintln!(
        "usage: generate [BOX] [COUNT] [SYMMETRY] [SEED] [MAX_NODES]  \
         (SYMMETRY: none, rotate180, rotate90, horizontal, vertical, diagonal)"
    );
    std::process::exit(2)
}

fn run<const BOX: usize>(count: usize, symmetry: Symmetry, seed: u64, nodes: Option<u64>) {
    let mut generator = Generator::<BOX>::new(seed).with_symmetry(symmetry);
    if let Some(nodes) = nodes {
        generator = generator.with_max_nodes(nodes);
    }
    let mut times = Vec::with_capacity(count);
    let mut puzzles: Vec<Generated<BOX>> = Vec::with_capacity(count);
    let wall = Instant::now();
    for i in 0..count as u64 {
        let t = Instant::now();
        let puzzle = generator
            .nth(i)
            .expect("no target or level: always a puzzle");
        times.push(t.elapsed());
        puzzles.push(puzzle);
    }
    let wall = wall.elapsed();
    let slowest = (0..count).max_by_key(|&i| times[i]).unwrap_or(0);
    times.sort_unstable();
    let n = BOX * BOX;
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    let givens: usize = puzzles.iter().map(|p| p.board.givens()).sum();
    let level = |l: Level| puzzles.iter().filter(|p| p.difficulty.level() == l).count();
    println!(
        "{n}x{n} {symmetry}, {count} puzzles: mean {:.1} us, median {:.1} us, max {:.1} us; \
         mean givens {:.2}; minimal {}; easy {}, medium {}, hard {}; slowest #{slowest}",
        us(wall) / count as f64,
        us(times[count / 2]),
        us(times[count - 1]),
        givens as f64 / count as f64,
        puzzles.iter().filter(|p| p.minimal).count(),
        level(Level::Easy),
        level(Level::Medium),
        level(Level::Hard),
    );
}
