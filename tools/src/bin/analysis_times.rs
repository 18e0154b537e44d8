//! Times true candidates and per-candidate counts on generated puzzles, as made and with givens removed.
use std::time::Instant;

use ndoku::{Analysis, Generator, Puzzle};

fn main() {
    let nines = Generator::<3>::new(1).batch(0, 100);
    let sixteens = Generator::<4>::new(1).batch(0, 10);
    let sets: [(&str, Vec<Puzzle>); 2] = [
        (
            "9x9",
            nines
                .iter()
                .map(|p| Puzzle::from(&p.as_ref().unwrap().board))
                .collect(),
        ),
        (
            "16x16",
            sixteens
                .iter()
                .map(|p| Puzzle::from(&p.as_ref().unwrap().board))
                .collect(),
        ),
    ];
    for (file, puzzles) in sets {
        // The same puzzles with their first 4 givens removed: many solutions.
        let loose: Vec<Puzzle> = puzzles
            .iter()
            .map(|p| {
                let mut p = p.clone();
                let n = p.size();
                let givens: Vec<usize> =
                    (0..n * n).filter(|&i| p.cells()[i] != 0).take(4).collect();
                for i in givens {
                    p.set(i / n, i % n, 0).expect("clearing");
                }
                p
            })
            .collect();
        let analysis = Analysis::new().with_max_nodes(100_000);
        for (what, set) in [("as given", &puzzles), ("4 givens removed", &loose)] {
            let start = Instant::now();
            let mut true_total = 0;
            for p in set {
                let t = analysis.true_candidates(p);
                let n = p.size();
                true_total += (0..n * n).map(|i| t.get(i / n, i % n).len()).sum::<usize>();
            }
            let tc = start.elapsed().as_secs_f64() * 1000.0 / set.len() as f64;
            let start = Instant::now();
            for p in set {
                let _ = analysis.candidate_counts(p, 10);
            }
            let cc = start.elapsed().as_secs_f64() * 1000.0 / set.len() as f64;
            println!(
                "{file} {what}: true candidates {tc:.2} ms a puzzle ({:.0} a puzzle), counts to 10 {cc:.2} ms",
                true_total as f64 / set.len() as f64
            );
        }
    }
}
