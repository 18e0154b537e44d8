//! Differential tests: the fast engine against the reference backtracker on many
//! generated puzzles (unique, with several solutions, and with none), and a
//! reused `Solver` against fresh ones.
//!
//! The cases come from a seeded PRNG, so a failure names a seed and a case that
//! reproduce it. `NDOKU_DIFF_SCALE=10` runs ten times as many cases.
//!
//! The heavy tests run a first share of their cases (about a tenth) in a debug
//! `cargo test`, and all of them (the same seeds, so that share again and the
//! rest) in their
//! `..._in_full` twins, `#[ignore]`d, which `.ci/run` runs in release:
//! `cargo test --release --test api -- --ignored differential::`.

use crate::common;

use std::collections::BTreeMap;

use common::*;
use ndoku::engine::Reference;
use ndoku::{Board, Count, Outcome, Solver};

/// How many times the default number of cases to run.
fn scale() -> usize {
    std::env::var("NDOKU_DIFF_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// How much of a heavy test to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    /// A first share of the cases (about a tenth): a debug `cargo test`.
    Quick,
    /// Every case: the `#[ignore]`d twin, run in release.
    Full,
}

impl Run {
    /// How many cases this run makes, of `full` in a full run and `quick`
    /// in a quick one (each times `NDOKU_DIFF_SCALE`). The cases come from
    /// the same seed either way, so a quick run's cases are the first of a
    /// full run's.
    fn cases(self, full: usize, quick: usize) -> usize {
        scale()
            * match self {
                Run::Quick => quick,
                Run::Full => full,
            }
    }
}

/// Kinds of generated puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// A solved grid with random cells emptied: one or several solutions.
    Planted,
    /// Emptied cell by cell while it stays unique.
    Dug,
    /// A planted puzzle with one given changed to another value that does not
    /// conflict directly: usually no solution.
    ChangedGiven,
    /// A planted puzzle with a wrong (non-conflicting) value added in an empty
    /// cell: often no solution.
    WrongGiven,
}

const KINDS: [Kind; 4] = [
    Kind::Planted,
    Kind::Dug,
    Kind::ChangedGiven,
    Kind::WrongGiven,
];

/// A puzzle of `kind` with about `blanks` empty cells.
fn make<const BOX: usize>(kind: Kind, blanks: usize, rng: &mut Rng) -> Board<BOX> {
    let n = Board::<BOX>::N;
    let (puzzle, grid) = planted::<BOX>(blanks, rng);
    match kind {
        Kind::Planted => puzzle,
        Kind::Dug => dig(&grid, blanks, rng),
        Kind::ChangedGiven | Kind::WrongGiven => {
            let want_filled = kind == Kind::ChangedGiven;
            let cells: Vec<usize> = (0..n * n)
                .filter(|&i| puzzle.get_index(i).is_some() == want_filled)
                .collect();
            let mut p = puzzle.clone();
            // Try a few cells and values; keep the first change `set` accepts.
            for _ in 0..50 {
                if cells.is_empty() {
                    break;
                }
                let i = cells[rng.below(cells.len())];
                let (r, c) = (i / n, i % n);
                let v = rng.range(1, n) as u8;
                if Some(v) == grid.get(r, c) {
                    continue;
                }
                if p.set(r, c, v).is_ok() {
                    assert_eq!(p.get(r, c), Some(v));
                    break;
                }
            }
            p
        }
    }
}

/// Empties cells of `grid` in random order, keeping each removal only while the
/// puzzle stays unique (by the fast engine; the comparison checks it), until
/// `max_blanks` cells are empty or no cell can go.
fn dig<const BOX: usize>(grid: &Board<BOX>, max_blanks: usize, rng: &mut Rng) -> Board<BOX> {
    let n = Board::<BOX>::N;
    let mut solver = Solver::new().with_max_nodes(100_000);
    let mut p = grid.clone();
    let mut blanks = 0;
    for i in rng.permutation(n * n) {
        if blanks >= max_blanks {
            break;
        }
        let (r, c) = (i / n, i % n);
        let v = p.clear(r, c).unwrap().unwrap();
        if solver.count(&p, 2) == Count::Exact(1) {
            blanks += 1;
        } else {
            p.set(r, c, v).unwrap();
        }
    }
    p
}

/// Tallies of a differential run.
#[derive(Default, Debug)]
struct Tally {
    agreed: usize,
    skipped: usize,
    /// Agreed cases by (kind, count found, complete).
    outcomes: BTreeMap<(Kind, usize), usize>,
}

/// Generates `cases` puzzles per kind in `kinds` and compares the engines on each
/// at `limit`. The same `Solver` is reused for every case, and each result is
/// also checked against a fresh `Solver`.
fn differential<const BOX: usize>(
    seed: u64,
    cases: usize,
    kinds: &[Kind],
    blanks: (usize, usize),
    limit: usize,
    ref_steps: u64,
) -> Tally {
    let mut rng = Rng::new(seed);
    let mut shared = Solver::new().with_max_nodes(5_000_000);
    let mut tally = Tally::default();
    for case in 0..cases {
        for &kind in kinds {
            let b = rng.range(blanks.0, blanks.1);
            let puzzle = make::<BOX>(kind, b, &mut rng);
            let ctx = format!("BOX {BOX} seed {seed} case {case} {kind:?} ({b} blanks)");
            let result = compare_engines(&mut shared, &puzzle, limit, ref_steps, &ctx);
            let count = match result {
                Compared::Agreed(c) => {
                    tally.agreed += 1;
                    c
                }
                Compared::Skipped(c) => {
                    tally.skipped += 1;
                    c
                }
            };
            *tally.outcomes.entry((kind, count.found())).or_default() += 1;
            if kind == Kind::Dug {
                assert_eq!(
                    count,
                    Count::Exact(1),
                    "{ctx}: dug puzzle not unique: {puzzle}"
                );
            }
            // A fresh solver sees the same thing as the reused one.
            let mut fresh = Solver::new();
            assert_eq!(fresh.count(&puzzle, limit), count, "{ctx}: fresh solver");
            assert_eq!(
                fresh.solve(&puzzle),
                shared.solve(&puzzle),
                "{ctx}: fresh and reused solvers solve differently: {puzzle}"
            );
            assert_eq!(fresh.stats(), shared.stats(), "{ctx}: stats differ");
        }
    }
    eprintln!(
        "BOX {BOX} seed {seed}: {} compared, {} skipped (reference out of steps); by (kind, count): {:?}",
        tally.agreed, tally.skipped, tally.outcomes
    );
    tally
}

/// Checks that the run met its coverage goals: almost every case compared, and
/// each wanted count seen.
fn assert_coverage(t: &Tally, want: &[(Kind, usize)]) {
    let total = t.agreed + t.skipped;
    assert!(
        t.agreed * 100 >= total * 95,
        "only {} of {total} cases compared",
        t.agreed
    );
    for w in want {
        assert!(
            t.outcomes.contains_key(w),
            "no case of {w:?} generated: {:?}",
            t.outcomes
        );
    }
}

#[test]
fn engines_agree_on_4x4() {
    let s = scale();
    // Any number of blanks: from full boards to empty ones with 288 solutions.
    let t = differential::<2>(1, 500 * s, &KINDS, (0, 16), 10, u64::MAX);
    assert_coverage(
        &t,
        &[
            (Kind::Planted, 1),
            (Kind::Planted, 10),
            (Kind::ChangedGiven, 0),
            (Kind::WrongGiven, 0),
        ],
    );
    // Exact counts of many solutions (limit far above 288).
    let t = differential::<2>(2, 100 * s, &[Kind::Planted], (8, 16), 1_000, u64::MAX);
    assert!(t.outcomes.keys().any(|&(_, c)| c > 10), "{:?}", t.outcomes);
    assert_eq!(t.skipped, 0);
}

fn nine_planted(run: Run) {
    let t = differential::<3>(
        3,
        run.cases(800, 80),
        &[Kind::Planted],
        (20, 60),
        3,
        2_000_000,
    );
    assert_coverage(&t, &[(Kind::Planted, 1), (Kind::Planted, 3)]);
    // Nearly empty boards: many solutions.
    let t = differential::<3>(
        4,
        run.cases(100, 10),
        &[Kind::Planted],
        (64, 81),
        10,
        1_000_000,
    );
    assert_coverage(&t, &[(Kind::Planted, 10)]);
}

#[test]
fn engines_agree_on_9x9_planted() {
    nine_planted(Run::Quick);
}

#[test]
#[ignore = "slow in debug builds: .ci/run runs it with cargo test --release -- --ignored"]
fn engines_agree_on_9x9_planted_in_full() {
    nine_planted(Run::Full);
}

fn nine_dug_unique(run: Run) {
    let t = differential::<3>(5, run.cases(60, 6), &[Kind::Dug], (40, 64), 3, 20_000_000);
    assert_coverage(&t, &[(Kind::Dug, 1)]);
}

#[test]
fn engines_agree_on_9x9_dug_unique() {
    nine_dug_unique(Run::Quick);
}

#[test]
#[ignore = "slow in debug builds: .ci/run runs it with cargo test --release -- --ignored"]
fn engines_agree_on_9x9_dug_unique_in_full() {
    nine_dug_unique(Run::Full);
}

fn nine_without_solutions(run: Run) {
    let t = differential::<3>(
        6,
        run.cases(400, 40),
        &[Kind::ChangedGiven, Kind::WrongGiven],
        (25, 55),
        3,
        5_000_000,
    );
    assert_coverage(&t, &[(Kind::ChangedGiven, 0), (Kind::WrongGiven, 0)]);
}

#[test]
fn engines_agree_on_9x9_without_solutions() {
    nine_without_solutions(Run::Quick);
}

#[test]
#[ignore = "slow in debug builds: .ci/run runs it with cargo test --release -- --ignored"]
fn engines_agree_on_9x9_without_solutions_in_full() {
    nine_without_solutions(Run::Full);
}

fn sixteen_few_blanks(run: Run) {
    let t = differential::<4>(7, run.cases(40, 12), &KINDS, (10, 60), 3, 2_000_000);
    assert_coverage(&t, &[(Kind::Planted, 1), (Kind::ChangedGiven, 0)]);
}

#[test]
fn engines_agree_on_16x16_with_few_blanks() {
    sixteen_few_blanks(Run::Quick);
}

#[test]
#[ignore = "slow in debug builds: .ci/run runs it with cargo test --release -- --ignored"]
fn engines_agree_on_16x16_with_few_blanks_in_full() {
    sixteen_few_blanks(Run::Full);
}

#[test]
fn engines_agree_on_25x25_with_few_blanks() {
    let t = differential::<5>(
        8,
        6 * scale(),
        &[Kind::Planted, Kind::ChangedGiven],
        (10, 40),
        3,
        2_000_000,
    );
    assert_coverage(&t, &[(Kind::Planted, 1)]);
}

/// A puzzle with exactly `k` solutions on a 9x9: a planted puzzle with many blanks.
fn several_solutions_9x9(rng: &mut Rng) -> (Board<3>, usize) {
    loop {
        let (p, _) = planted::<3>(rng.range(50, 58), rng);
        if let Count::Exact(k) = Reference::new().with_max_steps(5_000_000).count(&p, 500)
            && k >= 5
        {
            return (p, k);
        }
    }
}

fn second_full_search(run: Run) {
    let mut rng = Rng::new(11);
    let mut solver = Solver::new();
    let puzzles = match run {
        Run::Quick => 3,
        Run::Full => 10,
    };
    for _ in 0..puzzles {
        let (p, k) = several_solutions_9x9(&mut rng);
        let first = solver.count(&p, usize::MAX);
        let stats = solver.stats();
        assert_eq!(first, Count::Exact(k), "{p}");
        assert_eq!(stats.solutions, k as u64);
        let second = solver.count(&p, usize::MAX);
        assert_eq!(second, first, "second search differs on {p}");
        assert_eq!(solver.stats(), stats, "second search's stats differ on {p}");
        // A stopped search (limit reached) leaves nothing behind either.
        assert_eq!(solver.count(&p, 2), Count::AtLeast(2));
        assert_eq!(solver.count(&p, usize::MAX), first);
        let sol = checked_outcome(&p, solver.solve(&p)).expect("solvable");
        assert_eq!(Solver::new().solve(&p), Outcome::Solved(sol));
    }
    // The 288 grids of the 4x4, twice on one solver.
    let mut s = Solver::new();
    let empty = Board::<2>::new();
    assert_eq!(s.count(&empty, usize::MAX), Count::Exact(288));
    assert_eq!(s.count(&empty, usize::MAX), Count::Exact(288));
}

#[test]
fn a_second_full_search_gives_the_same_result() {
    second_full_search(Run::Quick);
}

#[test]
#[ignore = "slow in debug builds: .ci/run runs it with cargo test --release -- --ignored"]
fn a_second_full_search_gives_the_same_result_in_full() {
    second_full_search(Run::Full);
}

#[test]
fn solving_a_then_b_then_a_matches_fresh_solvers() {
    fn check<const BOX: usize>(puzzles: &[Board<BOX>]) {
        let mut reused = Solver::new();
        // A, B, A, ... in every order of pairs, counting and solving.
        for a in puzzles {
            for b in puzzles {
                for p in [a, b, a] {
                    let mut fresh = Solver::new();
                    assert_eq!(reused.solve(p), fresh.solve(p), "{p}");
                    assert_eq!(reused.stats(), fresh.stats(), "{p}");
                    assert_eq!(reused.count(p, 50), fresh.count(p, 50), "{p}");
                    assert_eq!(reused.stats(), fresh.stats(), "{p}");
                }
            }
        }
    }
    let mut rng = Rng::new(12);
    let tutorial: Board<3> =
        "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63.."
            .parse()
            .unwrap();
    let none: Board<3> =
        "3.65.84..52........87....31..3....2.9..8....5.5....6..13....25........74..52.63.."
            .parse()
            .unwrap();
    let (several, _) = several_solutions_9x9(&mut rng);
    let dug = dig(&random_solved::<3>(&mut rng), 60, &mut rng);
    let changed = make::<3>(Kind::ChangedGiven, 40, &mut rng);
    check::<3>(&[tutorial, none, several, dug, changed, Board::new()]);

    let mut p4 = vec![Board::<2>::new()];
    for k in [0, 5, 10, 14] {
        p4.push(make::<2>(Kind::Planted, k, &mut rng));
        p4.push(make::<2>(Kind::WrongGiven, k, &mut rng));
    }
    check::<2>(&p4);

    let mut p16 = Vec::new();
    for kind in KINDS {
        p16.push(make::<4>(kind, 100, &mut rng));
    }
    p16.push(Board::new());
    check::<4>(&p16);
}

#[test]
fn a_budgeted_solver_recovers_after_giving_up() {
    let mut rng = Rng::new(13);
    let hard = Board::<3>::new();
    let easy = dig(&random_solved::<3>(&mut rng), 45, &mut rng);
    let mut budgeted = Solver::new().with_max_nodes(200);
    assert!(matches!(
        budgeted.count(&hard, usize::MAX),
        Count::GaveUp(_)
    ));
    let after = budgeted.count(&easy, 2);
    let fresh = Solver::new().with_max_nodes(200).count(&easy, 2);
    assert_eq!(after, fresh);
    if after.is_complete() {
        assert_eq!(after, Reference::new().count(&easy, 2));
    }
    assert!(matches!(
        budgeted.count(&hard, usize::MAX),
        Count::GaveUp(_)
    ));
    assert_eq!(
        budgeted.solve(&easy),
        Solver::new().with_max_nodes(200).solve(&easy)
    );
}
