//! Solves every f-puzzles JSON line of the files given (default: every
//! `../shared/data/variants/*.jsonl`), counting to two, and prints per file
//! the puzzles, how many are unique, disagreements with the file's
//! solution, and the median and total time; one run, in this process.

use std::time::Instant;

use ndoku::Count;
use ndoku::engine::variant::VariantSolver;
use ndoku::text::fpuzzles;

fn main() {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        let dir = std::fs::read_dir("../shared/data/variants").expect("../shared/data/variants");
        files = dir
            .map(|e| e.unwrap().path().display().to_string())
            .filter(|p| p.ends_with(".jsonl"))
            .collect();
        files.sort();
    }
    println!("file\tpuzzles\tunique\tmultiple\tbad\tmedian_us\tmax_us\ttotal_ms\tguesses");
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable file");
        let mut solver = VariantSolver::new();
        let (mut times, mut unique, mut multiple, mut bad, mut guesses) = (Vec::new(), 0, 0, 0, 0);
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let start = Instant::now();
            let read = match fpuzzles::parse(line) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("{file}:{}: {e}", i + 1);
                    bad += 1;
                    continue;
                }
            };
            let (count, solution) = solver.count_and_solve(&read.puzzle, 2);
            times.push(start.elapsed().as_secs_f64() * 1e6);
            guesses += solver.stats().guesses;
            let solution = solution.filter(|s| read.puzzle.is_completed_by(s));
            match (count, solution) {
                (Count::Exact(1), Some(s)) => {
                    unique += 1;
                    if read
                        .solution
                        .as_deref()
                        .is_some_and(|want| want != s.cells())
                    {
                        eprintln!("{file}:{}: differs from the file's solution", i + 1);
                        bad += 1;
                    }
                }
                (Count::AtLeast(2), Some(_)) => multiple += 1,
                (c, _) => {
                    eprintln!("{file}:{}: {c}", i + 1);
                    bad += 1;
                }
            }
        }
        let total: f64 = times.iter().sum();
        times.sort_by(f64::total_cmp);
        let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
        let max = times.last().copied().unwrap_or(0.0);
        let name = file.rsplit('/').next().unwrap_or(&file);
        println!(
            "{name}\t{}\t{unique}\t{multiple}\t{bad}\t{median:.1}\t{max:.0}\t{:.2}\t{guesses}",
            times.len(),
            total / 1e3
        );
    }
}
