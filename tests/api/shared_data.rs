//! Real puzzle sets from `../shared/data` (see its `SOURCES.md`): puzzles nobody
//! on this project wrote. Every test skips with a notice when the data is absent.
//!
//! The slow sets are `#[ignore]`d; run them with
//! `cargo test --release --test api -- --ignored --nocapture shared_data::`,
//! which also prints how long each puzzle took. `NDOKU_MAX_NODES` overrides the node budget
//! per puzzle of those runs. Of the bigger sets that are quick in release, a
//! debug `cargo test` takes one puzzle in ten, and an `..._in_full` twin,
//! `#[ignore]`d, takes every puzzle, in release under `.ci/run`.
//!
//! The f-puzzles variant sets (`variants/*.jsonl`) need the `fpuzzles`
//! feature: `cargo test --features fpuzzles --test api shared_data::variant`.

use crate::common;

use std::time::{Duration, Instant};

use common::*;
use ndoku::engine::Reference;
use ndoku::{Board, Count, Solver};

/// The puzzles of one file of the shared data, with their line numbers, or
/// `None` (and a notice) when the data is not there.
fn load<const BOX: usize>(rel: &str) -> Option<Vec<(usize, Board<BOX>)>> {
    let path = shared_data_dir()?.join(rel);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("notice: {} not found; skipping", path.display());
        return None;
    };
    let puzzles: Vec<(usize, Board<BOX>)> = puzzle_lines(&text)
        .into_iter()
        .map(|(line, p)| {
            let b = p
                .parse()
                .unwrap_or_else(|e| panic!("{rel}:{line}: does not parse: {e}"));
            (line, b)
        })
        .collect();
    assert!(!puzzles.is_empty(), "{rel}: no puzzles");
    Some(puzzles)
}

/// Median and maximum of some durations.
fn summary(times: &mut [Duration]) -> String {
    times.sort();
    let total: Duration = times.iter().sum();
    format!(
        "total {:.3?}, median {:.3?}, max {:.3?} per puzzle",
        total,
        times[times.len() / 2],
        times[times.len() - 1]
    )
}

/// The node budget for the slow sets.
fn slow_budget() -> u64 {
    std::env::var("NDOKU_MAX_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000_000)
}

/// Every puzzle of `rel` must be solved to a valid grid keeping its givens and
/// proven unique (`count(2) == Exact(1)`), each within `max_nodes` guesses.
/// Prints the time each `count(2)` took; collects every failure before failing.
fn solve_unique_set<const BOX: usize>(rel: &str, max_nodes: u64) {
    solve_unique_sample::<BOX>(rel, max_nodes, 1);
}

/// [`solve_unique_set`] on every `step`-th puzzle of `rel` from the first.
fn solve_unique_sample<const BOX: usize>(rel: &str, max_nodes: u64, step: usize) {
    let Some(mut puzzles) = load::<BOX>(rel) else {
        return;
    };
    puzzles = puzzles.into_iter().step_by(step).collect();
    let mut solver = Solver::new().with_max_nodes(max_nodes);
    let mut times = Vec::with_capacity(puzzles.len());
    let mut guesses = Vec::with_capacity(puzzles.len());
    let mut failures = Vec::new();
    for (line, p) in &puzzles {
        // Timed: count(2), which finds a solution and proves it unique.
        let start = Instant::now();
        let count = solver.count(p, 2);
        times.push(start.elapsed());
        let counted = solver.stats();
        guesses.push(counted.guesses);
        if count != Count::Exact(1) {
            failures.push(format!(
                "{rel}:{line}: count(2) = {count:?} after {} guesses",
                counted.guesses
            ));
            continue;
        }
        if checked_outcome(p, solver.solve(p)).is_none() {
            failures.push(format!("{rel}:{line}: counted 1 but solve did not solve"));
        }
    }
    guesses.sort_unstable();
    eprintln!(
        "{rel}: {} puzzles, {}; guesses median {}, max {}",
        puzzles.len(),
        summary(&mut times),
        guesses[guesses.len() / 2],
        guesses[guesses.len() - 1]
    );
    assert!(
        failures.is_empty(),
        "{} of {} puzzles failed (budget {max_nodes} guesses):\n{}",
        failures.len(),
        puzzles.len(),
        failures.join("\n")
    );
}

/// The serg benchmark: puzzles with several solutions. Both engines must give
/// the same `count(2)`; where the reference runs out of steps, the fast
/// engine's counts at limits 2 and 3 must be consistent instead. Every puzzle's
/// solution is checked: one puzzle in ten in debug, all in the `_in_full` twin.
#[test]
fn serg_benchmark_engines_agree() {
    serg_benchmark_sample(10);
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn serg_benchmark_engines_agree_in_full() {
    serg_benchmark_sample(1);
}

/// [`serg_benchmark_engines_agree`] on every `step`-th puzzle from the first.
fn serg_benchmark_sample(step: usize) {
    let rel = "9x9/serg_benchmark.txt";
    let Some(mut puzzles) = load::<3>(rel) else {
        return;
    };
    puzzles = puzzles.into_iter().step_by(step).collect();
    let reference = Reference::new().with_max_steps(10_000_000);
    let mut solver = Solver::new().with_max_nodes(1_000_000);
    let (mut compared, mut fallback) = (0usize, 0usize);
    let (mut unique, mut several, mut none) = (0usize, 0usize, 0usize);
    let (mut fast_times, mut ref_times) = (Vec::new(), Vec::new());
    for (line, p) in &puzzles {
        let t = Instant::now();
        let fast = solver.count(p, 2);
        fast_times.push(t.elapsed());
        assert!(fast.is_complete(), "{rel}:{line}: fast engine gave up");
        let t = Instant::now();
        let slow = reference.count(p, 2);
        ref_times.push(t.elapsed());
        if slow.is_complete() {
            assert_eq!(fast, slow, "{rel}:{line}: engines disagree on {p}");
            compared += 1;
        } else {
            // At least what the reference found, and limit 3 agrees with limit 2.
            assert!(fast.found() >= slow.found().min(2), "{rel}:{line}");
            let three = solver.count(p, 3);
            assert!(three.is_complete(), "{rel}:{line}");
            let agrees = match fast {
                Count::Exact(k) => three == Count::Exact(k),
                _ => three.found() >= 2,
            };
            assert!(
                agrees,
                "{rel}:{line}: count(2) {fast:?} but count(3) {three:?}"
            );
            fallback += 1;
        }
        match fast {
            Count::Exact(0) => none += 1,
            Count::Exact(1) => unique += 1,
            _ => several += 1,
        }
        let sol = checked_outcome(p, solver.solve(p));
        assert_eq!(sol.is_some(), fast.found() > 0, "{rel}:{line}");
    }
    eprintln!(
        "{rel}: {} puzzles; {compared} compared with the reference, {fallback} checked by limit 3 vs 2; \
         {several} with several solutions, {unique} unique, {none} without",
        puzzles.len()
    );
    eprintln!("  fast engine: {}", summary(&mut fast_times));
    eprintln!("  reference:   {}", summary(&mut ref_times));
    assert!(
        compared * 100 >= puzzles.len() * 99,
        "only {compared} of {} compared with the reference",
        puzzles.len()
    );
    // This set is made of puzzles with several solutions.
    assert!(
        several * 2 > puzzles.len(),
        "{several} with several solutions"
    );
}

#[test]
fn janko_16x16_are_solved_and_unique() {
    solve_unique_set::<4>("16x16/gecode_janko_55.txt", 1_000_000);
}

#[test]
fn kaggle_16x16_are_solved_and_unique() {
    solve_unique_sample::<4>("16x16/kaggle_3000.txt", 1_000_000, 10);
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn kaggle_16x16_are_solved_and_unique_in_full() {
    solve_unique_set::<4>("16x16/kaggle_3000.txt", 1_000_000);
}

#[test]
fn tarek_first_20_are_solved_and_unique() {
    solve_unique_set::<4>("16x16/tarek_first_20.txt", 1_000_000);
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn tarek_tough_206_are_solved_and_unique() {
    solve_unique_set::<4>("16x16/tarek_tough_206.txt", slow_budget());
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn blue_ultimate_15_are_solved_and_unique() {
    solve_unique_set::<4>("16x16/blue_ultimate_15.txt", slow_budget());
}

#[test]
fn gecode_extra_givens_25x25_are_solved_and_unique() {
    solve_unique_set::<5>("25x25/gecode_extra_givens_2.txt", 1_000_000);
}

#[test]
#[ignore = "seconds to minutes per puzzle: cargo test --release --test api -- --ignored shared_data::frisch"]
fn frisch_minimal_25x25_are_solved_and_unique() {
    solve_unique_set::<5>("25x25/gecode_frisch_minimal_16.txt", slow_budget());
}

/// The 9×9 sets parse, and a sample of each solves uniquely (the full sets are
/// for benchmarks).
#[test]
fn nine_by_nine_sets_sample() {
    for (rel, step) in [
        ("9x9/top95.txt", 1),
        ("9x9/norvig_hardest.txt", 1),
        ("9x9/magictour_top1465.txt", 7),
        ("9x9/forum_hardest_1106.txt", 5),
        ("9x9/17_clue.txt", 500),
    ] {
        let Some(puzzles) = load::<3>(rel) else {
            continue;
        };
        let mut solver = Solver::new().with_max_nodes(1_000_000);
        let mut times = Vec::new();
        for (line, p) in puzzles.iter().step_by(step) {
            let t = Instant::now();
            assert_eq!(solver.count(p, 2), Count::Exact(1), "{rel}:{line}");
            checked_outcome(p, solver.solve(p)).expect("solvable");
            times.push(t.elapsed());
        }
        eprintln!(
            "{rel}: {} of {} puzzles (one in {step}), {}",
            times.len(),
            puzzles.len(),
            summary(&mut times)
        );
    }
}

// ---------------------------------------------------------------------------
// Variants: f-puzzles JSON Lines (`variants/*.jsonl`)
// ---------------------------------------------------------------------------

#[cfg(feature = "fpuzzles")]
use common::VARIANT_FILES;

/// Every puzzle of every variant file is read, solved and counted; one in
/// ten is also counted by the reference engine, under a small budget (the
/// reference is slow in debug: every puzzle, with a larger budget, in the
/// `_in_full` twin, in release under `.ci/run`).
#[cfg(feature = "fpuzzles")]
#[test]
fn variant_sets_agree_with_their_solutions() {
    for rel in VARIANT_FILES {
        variant_set_sample(rel, 10, 50_000);
    }
}

#[cfg(feature = "fpuzzles")]
#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn variant_sets_agree_with_their_solutions_in_full() {
    for rel in VARIANT_FILES {
        variant_set_sample(rel, 1, 200_000);
    }
}

/// Reads every line of `rel` (a missing file skips with a notice), and for
/// every puzzle:
///
/// - the file's `solution` keeps the rules (`Rules::check`) and completes the
///   puzzle, so the puzzle has at least one solution;
/// - `count(2)` finishes with 1 or 2, never 0;
/// - with 1, the solution found is the file's;
/// - with 2, two distinct solutions from `VariantSolver::solutions` each keep
///   the rules and the givens (some janko puzzles have two: CP-SAT agrees);
/// - on every `step`-th puzzle from the first, the reference engine's
///   `count_variant(2)`, a rules check written apart from `Rules::check` and
///   the run-time engine, gives the same count wherever it finishes within
///   `max_steps`.
#[cfg(feature = "fpuzzles")]
fn variant_set_sample(rel: &str, step: usize, max_steps: u64) {
    use ndoku::Puzzle;
    use ndoku::engine::variant::VariantSolver;
    use ndoku::text::fpuzzles;

    let Some(dir) = shared_data_dir() else {
        return;
    };
    let path = dir.join(rel);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("notice: {} not found; skipping", path.display());
        return;
    };
    let mut read = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let p = fpuzzles::parse(line)
            .unwrap_or_else(|e| panic!("{rel}:{}: does not parse: {e}", i + 1));
        read.push((i + 1, p));
    }
    assert!(!read.is_empty(), "{rel}: no puzzles");
    let reference = Reference::new().with_max_steps(max_steps);
    let mut solver = VariantSolver::new().with_max_nodes(1_000_000);
    let (mut times, mut failures) = (Vec::new(), Vec::new());
    let (mut several, mut sampled, mut compared) = (0usize, 0usize, 0usize);
    for (k, (line, fp)) in read.iter().enumerate() {
        let at = format!("{rel}:{line}");
        let p = &fp.puzzle;
        let Some(cells) = &fp.solution else {
            failures.push(format!("{at}: no solution field"));
            continue;
        };
        if let Err(e) = p.rules().check(cells) {
            failures.push(format!("{at}: the file's solution breaks a rule: {e}"));
            continue;
        }
        let file_solution = Puzzle::from_cells(p.rules().clone(), cells)
            .expect("a grid that keeps the rules is a variant");
        if !p.is_completed_by(&file_solution) {
            failures.push(format!(
                "{at}: the file's solution does not keep the givens"
            ));
            continue;
        }
        let start = Instant::now();
        let (count, first) = solver.count_and_solve(p, 2);
        times.push(start.elapsed());
        match count {
            Count::Exact(1) => {
                if first.as_ref() != Some(&file_solution) {
                    failures.push(format!("{at}: unique, but not the file's solution"));
                }
            }
            Count::AtLeast(2) => {
                several += 1;
                let two = solver.solutions(p, 2);
                let kept = two.iter().all(|s| {
                    s.rules().check(s.cells()).is_ok() && s.is_solved() && p.is_completed_by(s)
                });
                let distinct = two.len() == 2 && two[0] != two[1];
                if !distinct || !kept {
                    failures.push(format!(
                        "{at}: count(2) = {count:?}, but solutions(2) gave {} solutions, \
                         distinct: {distinct}, all valid: {kept}",
                        two.len()
                    ));
                }
            }
            other => failures.push(format!(
                "{at}: count(2) = {other:?}, though the file's solution keeps the rules"
            )),
        }
        if k % step != 0 {
            continue;
        }
        sampled += 1;
        let slow = reference.count_variant(p, 2);
        if slow.is_complete() {
            compared += 1;
            if slow != count {
                failures.push(format!("{at}: engine {count:?}, reference {slow:?}"));
            }
        }
    }
    eprintln!(
        "{rel}: {} puzzles, engine {}; {several} with two solutions; \
         {compared} of {sampled} (one in {step}) confirmed by the reference \
         within {max_steps} steps",
        read.len(),
        summary(&mut times)
    );
    assert!(
        failures.is_empty(),
        "{} of {} puzzles failed:\n{}",
        failures.len(),
        read.len(),
        failures.join("\n")
    );
}
