//! Criterion benches: solve-and-prove-unique (`count(2)`) over the sample puzzles,
//! over the public sets in `../shared/data` when they are present, and the fast
//! engine against the reference engine on the same puzzles (a ratio measured in
//! one run). Run with `cargo bench`; `cargo bench -- 9x9` picks a group.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use ndoku::Board;
use ndoku::engine::Reference;
use ndoku::engine::classic::{Engine, Solver};

/// Puzzle lines of a file: neither blank nor comments; at most `max`, spread evenly.
fn puzzle_lines(path: &Path, max: usize) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(path).ok()?;
    let lines: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let step = lines.len().div_ceil(max.max(1)).max(1);
    Some(lines.into_iter().step_by(step).collect())
}

fn boards<const BOX: usize>(lines: &[String]) -> Vec<Board<BOX>> {
    lines.iter().filter_map(|l| l.parse().ok()).collect()
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Benches `count(2)` over every puzzle of one file with one reused solver.
fn bench_file<const BOX: usize>(c: &mut Criterion, group: &str, path: &Path, max: usize) {
    let Some(lines) = puzzle_lines(path, max) else {
        println!("notice: {} is absent; skipping it", path.display());
        return;
    };
    let boards = boards::<BOX>(&lines);
    let name = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let mut solver = Solver::<BOX>::new();
    c.benchmark_group(group)
        .bench_function(format!("{name} ({} puzzles)", boards.len()), |b| {
            b.iter(|| {
                boards
                    .iter()
                    .map(|p| solver.count(black_box(p), 2).found())
                    .sum::<usize>()
            })
        });
}

fn samples(c: &mut Criterion) {
    let dir = repo().join("puzzles");
    bench_file::<2>(c, "samples", &dir.join("4x4.txt"), usize::MAX);
    bench_file::<3>(c, "samples", &dir.join("9x9.txt"), usize::MAX);
    bench_file::<4>(c, "samples", &dir.join("16x16.txt"), usize::MAX);
    bench_file::<5>(c, "samples", &dir.join("25x25.txt"), usize::MAX);
}

fn shared(c: &mut Criterion) {
    let data = repo().join("../shared/data");
    if !data.is_dir() {
        println!(
            "notice: {} is absent; skipping the public sets",
            data.display()
        );
        return;
    }
    for set in [
        "17_clue",
        "magictour_top1465",
        "forum_hardest_1905_11plus",
        "serg_benchmark",
        "top95",
    ] {
        bench_file::<3>(c, "9x9", &data.join(format!("9x9/{set}.txt")), 200);
    }
    for set in [
        "gecode_janko_55",
        "kaggle_3000",
        "tarek_first_20",
        "tarek_tough_206",
    ] {
        bench_file::<4>(c, "16x16", &data.join(format!("16x16/{set}.txt")), 40);
    }
}

/// The fast engines against the reference backtracker on the same 9×9 puzzles:
/// the ratio of the two medians is the speed-up, measured in one run.
fn engines(c: &mut Criterion) {
    let Some(lines) = puzzle_lines(&repo().join("puzzles/9x9.txt"), usize::MAX) else {
        return;
    };
    let boards = boards::<3>(&lines);
    let mut group = c.benchmark_group("engines 9x9 samples");
    let mut nine = Solver::<3>::new();
    group.bench_function("specialised 9x9", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|p| nine.count(black_box(p), 2).found())
                .sum::<usize>()
        })
    });
    let mut general = Solver::<3>::new().with_engine(Engine::General);
    group.bench_function("general", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|p| general.count(black_box(p), 2).found())
                .sum::<usize>()
        })
    });
    let reference = Reference::new();
    group.bench_function("reference", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|p| reference.count(black_box(p), 2).found())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = samples, engines, shared
}
criterion_main!(benches);
