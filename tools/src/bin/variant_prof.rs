//! Splits the time of solving f-puzzles lines into parsing, and counting to two (a developer's probe).

use std::time::Instant;

use ndoku::engine::variant::VariantSolver;
use ndoku::text::fpuzzles;

fn main() {
    for file in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&file).expect("readable file");
        let lines: Vec<&str> = text.lines().collect();
        let t = Instant::now();
        let read: Vec<_> = lines.iter().map(|l| fpuzzles::parse(l).unwrap()).collect();
        let parse = t.elapsed();
        let mut solver = VariantSolver::new();
        let mut runs = Vec::new();
        let mut guesses = 0;
        for _ in 0..5 {
            let t = Instant::now();
            guesses = 0;
            for r in &read {
                let _ = solver.count(&r.puzzle, 2);
                guesses += solver.stats().guesses;
            }
            runs.push(t.elapsed());
        }
        runs.sort();
        let mut first = Vec::new();
        for _ in 0..5 {
            let t = Instant::now();
            for r in &read {
                let _ = solver.solve(&r.puzzle);
            }
            first.push(t.elapsed());
        }
        first.sort();
        println!("  solve (first solution) median of 5 {:?}", first[2]);
        println!(
            "{file}: parse {parse:?} count-to-2 median of 5 {:?} (min {:?}), {guesses} guesses",
            runs[2], runs[0]
        );
    }
}
