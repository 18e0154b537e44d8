//! How much of the engine's speed the `ndoku solve` command keeps: the engine in
//! this process against the built binary as a whole process, on the same file,
//! in alternating rounds so that machine noise hits both.
//!
//! ```text
//! cargo build --release --features cli
//! cargo run --release --manifest-path tools/Cargo.toml --bin cli_overhead -- FILE [--rounds R] [--bin PATH]
//! ```
//!
//! `--bin` times another build of the binary instead of the one beside it.
//!
//! It prints the median time of each and the ratio of throughputs; the rest of
//! the difference is process start, reading, parsing, printing and writing.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use ndoku::{AnyBoard, Solver};

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The `ndoku` binary of the repository's release build (`target/release`).
fn binary() -> Result<PathBuf, String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let bin = root.join("target/release/ndoku");
    if bin.exists() {
        Ok(bin)
    } else {
        Err(format!(
            "{} is missing: run `cargo build --release --features cli` first",
            bin.display()
        ))
    }
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let (mut rounds, mut file, mut bin) = (5usize, None, None);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--rounds" => {
                rounds = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .ok_or("--rounds R")?
            }
            "--bin" => bin = Some(PathBuf::from(args.next().ok_or("--bin PATH")?)),
            _ => file = Some(a),
        }
    }
    let file = file.ok_or("usage: cli_overhead FILE [--rounds R] [--bin PATH]")?;
    let bin = match bin {
        Some(bin) => bin,
        None => binary()?,
    };
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    let boards = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(AnyBoard::parse_line)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{file}: {e}"))?;
    let mut solver = Solver::new();
    let (mut inside, mut outside) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let start = Instant::now();
        let mut solved = 0usize;
        for board in &boards {
            solved += usize::from(solver.solve(board).solution().is_some());
        }
        inside.push(start.elapsed());
        std::hint::black_box(solved);

        let start = Instant::now();
        let status = Command::new(&bin)
            .args(["solve", "--threads", "1", &file])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("{}: {e}", bin.display()))?;
        outside.push(start.elapsed());
        if !status.success() {
            return Err(format!("{} exited with {status}", bin.display()));
        }
    }
    let (inside, outside) = (median(inside), median(outside));
    println!("puzzles            {}", boards.len());
    println!("engine in-process  {:.1} ms", inside.as_secs_f64() * 1e3);
    println!("ndoku solve -j1    {:.1} ms", outside.as_secs_f64() * 1e3);
    println!(
        "cli keeps         {:.0}% of the engine's throughput",
        100.0 * inside.as_secs_f64() / outside.as_secs_f64()
    );
    Ok(())
}
