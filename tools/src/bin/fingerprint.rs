//! Prints the search statistics of every puzzle in the shared sets, of
//! generated puzzles and of big boards, one line each, so that two builds can
//! be diffed: a change of structure must leave every line the same.
//!
//! ```text
//! cargo run --release --manifest-path tools/Cargo.toml --bin fingerprint -- [--quick] > prints.txt
//! ```
//!
//! Reads `../shared/data` beside the repository root; sets that are missing are skipped.

use std::path::Path;

use ndoku::engine::Stats;
use ndoku::engine::classic::Engine;
use ndoku::engine::classic::Solver;
use ndoku::{Board, Generator, Level, Symmetry};

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    let cap = if quick { 200 } else { usize::MAX };
    for set in [
        "9x9/17_clue",
        "9x9/forum_hardest_1106",
        "9x9/forum_hardest_1905_11plus",
        "9x9/magictour_top1465",
        "9x9/norvig_hardest",
        "9x9/serg_benchmark",
        "9x9/top95",
    ] {
        let boards = read::<3>(&data.join(format!("{set}.txt")), cap);
        sets(set, "auto", &boards, Solver::new(), true);
        let few: Vec<_> = boards.iter().take(cap.min(500)).cloned().collect();
        sets(
            set,
            "general",
            &few,
            Solver::new().with_engine(Engine::General),
            true,
        );
    }
    for set in [
        "16x16/blue_ultimate_15",
        "16x16/gecode_janko_55",
        "16x16/kaggle_3000",
        "16x16/tarek_first_20",
        "16x16/tarek_tough_206",
    ] {
        let boards = read::<4>(&data.join(format!("{set}.txt")), cap);
        sets(set, "count", &boards, Solver::new(), true);
        sets(set, "first", &boards, Solver::new(), false);
        let few: Vec<_> = boards.iter().take(20).cloned().collect();
        sets(set, "seed7", &few, Solver::new().with_seed(7), false);
    }
    for set in [
        "25x25/gecode_extra_givens_2",
        "25x25/gecode_frisch_minimal_16",
    ] {
        let boards = read::<5>(
            &data.join(format!("{set}.txt")),
            if quick { 4 } else { cap },
        );
        sets(set, "first", &boards, Solver::new(), false);
        if !quick {
            sets(set, "count", &boards, Solver::new(), true);
        }
    }
    let four = read::<2>(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../puzzles/4x4.txt")
            .as_path(),
        cap,
    );
    sets("4x4", "count", &four, Solver::new(), true);
    generated::<2>(8);
    generated::<3>(if quick { 6 } else { 20 });
    generated::<4>(if quick { 2 } else { 6 });
    generated::<5>(if quick { 1 } else { 2 });
    big::<6>(quick);
    big::<7>(quick);
    big::<8>(quick);
}

fn read<const BOX: usize>(path: &Path, cap: usize) -> Vec<Board<BOX>> {
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipping {}", path.display());
        return Vec::new();
    };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.parse().ok())
        .take(cap)
        .collect()
}

fn line(stats: Stats) -> String {
    format!(
        "g={} b={} p={} s={} r={}",
        stats.guesses, stats.backtracks, stats.propagations, stats.solutions, stats.restarts
    )
}

fn sets<const BOX: usize>(
    set: &str,
    how: &str,
    boards: &[Board<BOX>],
    mut solver: Solver<BOX>,
    count: bool,
) {
    for (i, b) in boards.iter().enumerate() {
        let answer = if count {
            format!("{:?}", solver.count(b, 2))
        } else {
            let s = solver.solve(b).solution();
            assert!(
                s.as_ref()
                    .is_some_and(|s| s.is_solved() && b.is_completed_by(s))
            );
            "solved".to_string()
        };
        println!("{set} {how} #{i} {answer} {}", line(solver.stats()));
    }
}

fn generated<const BOX: usize>(n: u64) {
    let size = BOX * BOX;
    let gens = [
        ("plain", Generator::<BOX>::new(11)),
        (
            "rot180",
            Generator::<BOX>::new(12).with_symmetry(Symmetry::Rotate180),
        ),
        ("easy", Generator::<BOX>::new(13).with_level(Level::Easy)),
        (
            "medium",
            Generator::<BOX>::new(14).with_level(Level::Medium),
        ),
    ];
    for (name, g) in gens {
        for i in 0..n {
            match g.nth(i) {
                Ok(p) => println!(
                    "gen{size} {name} #{i} {} {:?} minimal={} attempts={}",
                    p.board, p.difficulty, p.minimal, p.attempts
                ),
                Err(e) => println!("gen{size} {name} #{i} error {e}"),
            }
        }
    }
}

fn big<const BOX: usize>(quick: bool) {
    let size = BOX * BOX;
    let empty = Board::<BOX>::new();
    let mut solver = Solver::<BOX>::new();
    let _ = solver.solve(&empty);
    println!("big{size} empty {}", line(solver.stats()));
    let rounds = if quick { 1 } else { 3 };
    for k in 0..rounds {
        let grid = Generator::<BOX>::new(k).grid(0).expect("a grid");
        let mut bytes = grid.as_bytes().to_vec();
        let mut x = 0x9E37_79B9_7F4A_7C15u64 ^ k;
        for b in bytes.iter_mut() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x % 10 >= 3 {
                *b = 0;
            }
        }
        let puzzle = Board::<BOX>::from_cells(&bytes).expect("a subset of a grid");
        let s = solver.solve(&puzzle).solution();
        assert!(s.is_some_and(|s| s.is_solved() && puzzle.is_completed_by(&s)));
        println!("big{size} kept30 #{k} {}", line(solver.stats()));
    }
}
