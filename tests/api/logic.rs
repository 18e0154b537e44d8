//! Soundness of human-style logic on real puzzle sets from `../shared/data`
//! (see its `SOURCES.md`): the solver solves each puzzle, then the path of
//! steps is walked, and every placement must be the solution's value and no
//! elimination may remove it. Every test skips with a notice when the data
//! is absent.
//!
//! A debug `cargo test` takes a sample of each set; the `..._in_full`
//! twins, `#[ignore]`d, take every puzzle, in release under `.ci/run`.

use crate::common;

use std::sync::Arc;

use common::*;
use ndoku::logic::Candidates;
use ndoku::{Board, Logic, Puzzle, Rules};

/// What a walk of the path found.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    solved: usize,
    steps: usize,
    failures: Vec<String>,
}

impl Tally {
    /// Walks `puzzle`'s path with every rung (uniqueness when the puzzle has
    /// one solution, and the extras), checking each step against `solution`.
    fn walk(&mut self, at: &str, puzzle: &Puzzle, solution: &[u16], unique: bool) {
        self.puzzles += 1;
        let logic = Logic::new().assume_unique(unique).with_extras(true);
        let mut grid = match Candidates::from_variant(puzzle) {
            Ok(g) => g,
            Err(e) => return self.failures.push(format!("{at}: no grid: {e}")),
        };
        let n = puzzle.size();
        if let Some(c) = (0..n * n)
            .find(|&c| grid.value(c).is_none() && !grid.candidates(c).contains(solution[c]))
        {
            return self.failures.push(format!(
                "{at}: cell {c} lacks its solution value from the start"
            ));
        }
        while let Some(step) = logic.next_step(&grid) {
            self.steps += 1;
            let index = |(cell, v): (ndoku::model::Cell, u16)| (cell.index(n), v);
            let wrong_place = step
                .placements()
                .map(index)
                .find(|&(c, v)| solution[c] != v);
            let wrong_cut = step
                .eliminations()
                .map(index)
                .find(|&(c, v)| solution[c] == v);
            if let Some((c, v)) = wrong_place.or(wrong_cut) {
                return self.failures.push(format!(
                    "{at}: {} is wrong at cell {c} value {v}: {step}",
                    step.technique
                ));
            }
            if let Err(e) = grid.apply(&step) {
                return self.failures.push(format!("{at}: {step}: {e}"));
            }
        }
        if grid.is_solved() {
            self.solved += 1;
        }
    }

    /// Checks every puzzle of `jobs` (where it is, and the puzzle), split
    /// across the machine's cores, and adds what each walk found.
    fn check_all(&mut self, jobs: Vec<(String, Puzzle)>) {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let shards: Vec<Tally> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let jobs = &jobs;
                    s.spawn(move || {
                        let mut tally = Tally::default();
                        for (at, puzzle) in jobs.iter().skip(t).step_by(threads) {
                            tally.check(at, puzzle);
                        }
                        tally
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a shard"))
                .collect()
        });
        for shard in shards {
            self.puzzles += shard.puzzles;
            self.solved += shard.solved;
            self.steps += shard.steps;
            self.failures.extend(shard.failures);
        }
    }

    /// Solves `puzzle`, then walks its path against the solution.
    fn check(&mut self, at: &str, puzzle: &Puzzle) {
        let Some(solution) = puzzle.solve() else {
            return self.failures.push(format!("{at}: no solution"));
        };
        let unique = puzzle.count_solutions(2) == 1;
        self.walk(at, puzzle, solution.cells(), unique);
    }

    #[track_caller]
    fn finish(self, what: &str) {
        eprintln!(
            "{what}: {} puzzles, {} solved by the ladder, {} steps checked",
            self.puzzles, self.solved, self.steps
        );
        assert!(
            self.failures.is_empty(),
            "{what}: {} unsound paths:\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

/// The puzzles of a line file of boxes `BOX`×`BOX`: the first field of a
/// line is the puzzle (rated files add a rating after it).
fn line_set<const BOX: usize>(rel: &str, step: usize, tally: &mut Tally) {
    let Some(dir) = shared_data_dir() else {
        return;
    };
    let Ok(text) = std::fs::read_to_string(dir.join(rel)) else {
        eprintln!("notice: {rel} not found; skipping");
        return;
    };
    let rules = Arc::new(Rules::classic(BOX * BOX).expect("classic rules"));
    let mut jobs = Vec::new();
    for (line, p) in puzzle_lines(&text).into_iter().step_by(step) {
        let at = format!("{rel}:{line}");
        let field = p.split_whitespace().next().unwrap_or("");
        let board: Board<BOX> = field
            .parse()
            .unwrap_or_else(|e| panic!("{at}: does not parse: {e}"));
        let puzzle = Puzzle::from(&board);
        let puzzle =
            Puzzle::from_cells(Arc::clone(&rules), puzzle.cells()).expect("a board's cells");
        jobs.push((at, puzzle));
    }
    tally.check_all(jobs);
}

const RATED: &[&str] = &[
    "rated/9x9/se_easy_sample.txt",
    "rated/9x9/se_medium_sample.txt",
    "rated/9x9/se_hard_sample.txt",
    "rated/9x9/se_diabolical_sample.txt",
];

const POOLS: &[&str] = &[
    "rated/9x9/se_hard_pool.txt",
    "rated/9x9/se_diabolical_pool.txt",
];

/// One puzzle in this many of the big sets (the 9×9 pools, Kaggle's
/// 16×16) is walked by the full tests.
const POOL_STEP: usize = 6;

const OTHER_9X9: &[&str] = &["9x9/top95.txt", "9x9/magictour_top1465.txt"];

const SIXTEEN: &[&str] = &[
    "16x16/gecode_janko_55.txt",
    "16x16/kaggle_3000.txt",
    "16x16/tarek_first_20.txt",
];

/// One puzzle in eight of the rated samples, and some other 9×9 puzzles.
#[test]
fn nine_by_nine_paths_are_sound() {
    let mut tally = Tally::default();
    for rel in RATED {
        line_set::<3>(rel, 8, &mut tally);
    }
    line_set::<3>(OTHER_9X9[0], 5, &mut tally);
    tally.finish("9x9 sample");
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn nine_by_nine_paths_are_sound_in_full() {
    let mut tally = Tally::default();
    for rel in RATED.iter().chain(OTHER_9X9) {
        line_set::<3>(rel, 1, &mut tally);
    }
    // The pools hold 59,000 puzzles of the samples' two hardest bands:
    // one in six (9,900) keeps their spread and takes a sixth of the time,
    // the largest share of CI's release step before.
    for rel in POOLS {
        line_set::<3>(rel, POOL_STEP, &mut tally);
    }
    tally.finish("9x9 in full");
}

/// A few 16×16 puzzles.
#[test]
fn sixteen_paths_are_sound() {
    let mut tally = Tally::default();
    line_set::<4>(SIXTEEN[0], 11, &mut tally);
    line_set::<4>(SIXTEEN[1], 300, &mut tally);
    tally.finish("16x16 sample");
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn sixteen_paths_are_sound_in_full() {
    let mut tally = Tally::default();
    line_set::<4>(SIXTEEN[0], 1, &mut tally);
    line_set::<4>(SIXTEEN[2], 1, &mut tally);
    // Kaggle's 3,000 are alike (generated the same way): one in six.
    line_set::<4>(SIXTEEN[1], POOL_STEP, &mut tally);
    tally.finish("16x16 in full");
}

#[cfg(feature = "fpuzzles")]
use common::VARIANT_FILES;

/// Every `step`-th puzzle of the f-puzzles variant sets: diagonals,
/// windows, jigsaw, killer cages.
#[cfg(feature = "fpuzzles")]
fn variant_sets(step: usize) -> Tally {
    let mut tally = Tally::default();
    let Some(dir) = shared_data_dir() else {
        return tally;
    };
    for rel in VARIANT_FILES {
        let Ok(text) = std::fs::read_to_string(dir.join(rel)) else {
            eprintln!("notice: {rel} not found; skipping");
            continue;
        };
        let mut jobs = Vec::new();
        for (line, p) in puzzle_lines(&text).into_iter().step_by(step) {
            let at = format!("{rel}:{line}");
            let fp = ndoku::text::fpuzzles::parse(p).unwrap_or_else(|e| panic!("{at}: {e}"));
            jobs.push((at, fp.puzzle));
        }
        tally.check_all(jobs);
    }
    tally
}

#[cfg(feature = "fpuzzles")]
#[test]
fn variant_paths_are_sound() {
    variant_sets(20).finish("variant sample");
}

#[cfg(feature = "fpuzzles")]
#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn variant_paths_are_sound_in_full() {
    variant_sets(1).finish("variants in full");
}
