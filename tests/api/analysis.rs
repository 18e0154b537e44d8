//! True candidates and per-candidate counts: planted solutions, the
//! reference backtracker on small boards, unique and unsolvable puzzles,
//! and budgets that run out.

use crate::common;

use std::time::Duration;

use common::{Rng, planted};
use ndoku::engine::Reference;
use ndoku::engine::variant::VariantSolver;
use ndoku::{Analysis, Board4, Board9, Count, Puzzle, Rules};
use proptest::prelude::*;

/// A generous budget for the small boards here: every search ends.
const NODES: u64 = 1_000_000;

/// The reference's count of solutions of `puzzle` with `v` at `cell`, up to `limit`.
fn reference_count(puzzle: &Puzzle, cell: usize, v: u16, limit: usize) -> Count {
    let n = puzzle.size();
    let mut placed = puzzle.clone();
    if puzzle.cells()[cell] != 0 && puzzle.cells()[cell] != v {
        return Count::Exact(0);
    }
    if placed.set(cell / n, cell % n, v).is_err() {
        return Count::Exact(0);
    }
    Reference::new().count_variant(&placed, limit)
}

/// Checks the analysis of `puzzle` against the reference, candidate by candidate.
fn cross_check(puzzle: &Puzzle, limit: usize) -> Result<(), TestCaseError> {
    let n = puzzle.size();
    let analysis = Analysis::new().with_max_nodes(NODES);
    let truth = analysis.true_candidates(puzzle);
    let counts = analysis.candidate_counts(puzzle, limit);
    prop_assert!(truth.is_complete() && counts.is_complete());
    prop_assert_eq!(
        counts.total(),
        Reference::new().count_variant(puzzle, limit),
        "total of {}",
        puzzle
    );
    for cell in 0..n * n {
        for v in 1..=n as u16 {
            let (r, c) = (cell / n, cell % n);
            let want = reference_count(puzzle, cell, v, limit);
            prop_assert_eq!(counts.get(r, c, v), want, "{} r{}c{} v{}", puzzle, r, c, v);
            prop_assert_eq!(
                truth.contains(r, c, v),
                want.found() > 0,
                "{} r{}c{} v{}",
                puzzle,
                r,
                c,
                v
            );
        }
    }
    Ok(())
}

/// A random grid under `rules`, with `blanks` cells emptied.
fn planted_variant(rules: Rules, blanks: usize, rng: &mut Rng) -> (Puzzle, Puzzle) {
    let empty = Puzzle::new(rules);
    let grid = VariantSolver::new()
        .with_seed(rng.next_u64())
        .solve(&empty)
        .solution()
        .expect("these rules have grids");
    let n = grid.size();
    let mut puzzle = grid.clone();
    for i in rng.permutation(n * n).into_iter().take(blanks) {
        puzzle
            .set(i / n, i % n, 0)
            .expect("clearing keeps the rules");
    }
    (puzzle, grid)
}

/// A 9×9 puzzle with a planted grid, from `seed`: (puzzle, grid).
fn planted9(seed: u64, blanks: usize) -> (Puzzle, Board9) {
    let (puzzle, grid) = planted::<3>(blanks, &mut Rng::new(seed));
    (Puzzle::from(&puzzle), grid)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A planted grid's values are always true candidates.
    #[test]
    fn planted_values_are_true(seed in any::<u64>(), blanks in 30usize..64) {
        let (puzzle, grid) = planted9(seed, blanks);
        let truth = Analysis::new().with_max_nodes(NODES).true_candidates(&puzzle);
        prop_assert!(truth.is_complete());
        prop_assert_eq!(truth.has_solution(), Some(true));
        for (r, c) in (0..81).map(|i| (i / 9, i % 9)) {
            let v = grid.get(r, c).expect("a full grid");
            prop_assert!(truth.contains(r, c, u16::from(v)), "{} r{}c{}", puzzle, r, c);
        }
    }

    /// Under a tight budget, what is decided agrees with the full analysis:
    /// a value proven true is true, and a true value is never ruled out.
    #[test]
    fn a_tight_budget_never_answers_wrong(seed in any::<u64>(), blanks in 50usize..70) {
        let (puzzle, _) = planted9(seed, blanks);
        let full = Analysis::new().with_max_nodes(NODES).true_candidates(&puzzle);
        let tight = Analysis::new().with_max_nodes(1).true_candidates(&puzzle);
        prop_assert!(full.is_complete());
        for r in 0..9 {
            for c in 0..9 {
                let mut seen = tight.get(r, c);
                for &v in &seen {
                    prop_assert!(full.contains(r, c, v));
                }
                seen.extend(tight.undecided_at(r, c));
                for v in full.get(r, c) {
                    prop_assert!(seen.contains(&v), "r{}c{} v{} ruled out", r, c, v);
                }
            }
        }
    }

    /// 4×4 classic: the analysis agrees with the reference on every candidate.
    #[test]
    fn agrees_with_reference_4x4(seed in any::<u64>(), blanks in 4usize..=16) {
        let mut rng = Rng::new(seed);
        let (puzzle, _) = planted::<2>(blanks, &mut rng);
        cross_check(&Puzzle::from(&puzzle), 3)?;
    }

    /// 6×6 with a killer cage whose sum a random grid sets: the analysis
    /// agrees with the reference.
    #[test]
    fn agrees_with_reference_6x6_killer(seed in any::<u64>(), blanks in 10usize..22) {
        let mut rng = Rng::new(seed);
        let rules = Rules::boxes(2, 3).expect("2x3 boxes");
        let (_, grid) = planted_variant(rules.clone(), 0, &mut rng);
        let cage = [(2, 1), (2, 2), (2, 3)]; // one row: distinct values
        let sum: u16 = cage.iter().map(|&(r, c)| grid.get(r, c).expect("full")).sum();
        let killer = rules.with_cage(&cage, Some(u64::from(sum))).expect("a cage the grid keeps");
        let (puzzle, _) = planted_variant(killer, blanks, &mut rng);
        cross_check(&puzzle, 4)?;
    }

    /// 6×6 with diagonals: the analysis agrees with the reference.
    #[test]
    fn agrees_with_reference_6x6_x(seed in any::<u64>(), blanks in 8usize..20) {
        let mut rng = Rng::new(seed);
        let rules = Rules::boxes(2, 3).expect("2x3 boxes").with_diagonals();
        let (puzzle, _) = planted_variant(rules, blanks, &mut rng);
        cross_check(&puzzle, 4)?;
    }
}

const UNIQUE: &str =
    "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..";

#[test]
fn a_unique_puzzle_has_its_solution_as_true_candidates() {
    let board: Board9 = UNIQUE.parse().unwrap();
    let solution = board.solve().unwrap();
    let puzzle = Puzzle::from(&board);
    let analysis = Analysis::new();
    let truth = analysis.true_candidates(&puzzle);
    let counts = analysis.candidate_counts(&puzzle, 5);
    assert_eq!(counts.total(), Count::Exact(1));
    for r in 0..9 {
        for c in 0..9 {
            let v = u16::from(solution.get(r, c).unwrap());
            assert_eq!(truth.get(r, c), [v], "r{r}c{c}");
            for w in 1..=9 {
                let want = Count::Exact(usize::from(w == v));
                assert_eq!(counts.get(r, c, w), want, "r{r}c{c} v{w}");
            }
        }
    }
}

#[test]
fn a_puzzle_without_solution_has_no_true_candidates() {
    // 3 cannot go in row 1: its two free cells share a box with the 3 at R2C3.
    let board: Board4 = "12....3.........".parse().unwrap();
    let puzzle = Puzzle::from(&board);
    let analysis = Analysis::new().with_max_nodes(NODES);
    let truth = analysis.true_candidates(&puzzle);
    assert!(truth.is_complete());
    assert_eq!(truth.has_solution(), Some(false));
    let counts = analysis.candidate_counts(&puzzle, 3);
    assert_eq!(counts.total(), Count::Exact(0));
    for r in 0..4 {
        for c in 0..4 {
            assert!(truth.get(r, c).is_empty());
            for v in 1..=4 {
                assert_eq!(counts.get(r, c, v), Count::Exact(0));
            }
        }
    }
}

#[test]
fn two_solutions_give_two_true_candidates_where_they_differ() {
    // Emptying a deadly rectangle leaves two solutions.
    let mut rng = Rng::new(29);
    let (grid, cells) = common::grid_with_rectangle::<3>(&mut rng);
    let mut board = grid.clone();
    for &(r, c) in &cells {
        board.clear(r, c).unwrap();
    }
    let puzzle = Puzzle::from(&board);
    let truth = Analysis::new().true_candidates(&puzzle);
    let counts = Analysis::new().candidate_counts(&puzzle, 10);
    assert_eq!(counts.total(), Count::Exact(2));
    for &(r, c) in &cells {
        let (a, b) = (
            grid.get(r, c).unwrap(),
            grid.get(r, cells[1].1 + cells[0].1 - c).unwrap(),
        );
        let mut want = vec![u16::from(a), u16::from(b)];
        want.sort_unstable();
        assert_eq!(truth.get(r, c), want, "r{r}c{c}");
        assert_eq!(counts.get(r, c, u16::from(a)), Count::Exact(1));
    }
}

#[test]
fn a_spent_budget_leaves_candidates_undecided() {
    let empty = Puzzle::from(&Board9::new());
    let analysis = Analysis::new().with_max_nodes(0);
    let truth = analysis.true_candidates(&empty);
    assert!(!truth.is_complete());
    assert!(!truth.undecided().is_empty());
    assert_eq!(truth.get(0, 0).len() + truth.undecided_at(0, 0).len(), 9);
    let counts = analysis.candidate_counts(&empty, 5);
    assert!(!counts.is_complete());
    assert!(matches!(counts.total(), Count::GaveUp(_)));
}

#[test]
fn no_time_leaves_everything_undecided() {
    let board: Board9 = UNIQUE.parse().unwrap();
    let puzzle = Puzzle::from(&board);
    let analysis = Analysis::new().with_time_limit(Some(Duration::ZERO));
    let truth = analysis.true_candidates(&puzzle);
    assert_eq!(truth.has_solution(), None);
    for r in 0..9 {
        for c in 0..9 {
            assert!(truth.get(r, c).is_empty(), "r{r}c{c}");
        }
    }
    assert!(!truth.undecided().is_empty());
    let counts = analysis.candidate_counts(&puzzle, 2);
    assert_eq!(counts.total(), Count::GaveUp(0));
    assert!(!counts.is_complete());
}
