//! Pencilmark grids (classic rules plus cells' candidate sets) in the classic engines, checked against the run-time engine and `Reference`.
//!
//! The front [`Solver`] sends a classic board with [`Constraint::Candidates`]
//! to the 9×9 or classic engine, which starts from the candidate masks. Each
//! case plants a solution, gives cells random candidate sets that hold the
//! planted value, and checks that the count to two, and the solutions, are
//! those of the run-time engine (and of `Reference` on 4×4), and that every
//! solution keeps every candidate set.

use crate::common::{Rng, random_solved};
use ndoku::engine::variant::VariantSolver;
use ndoku::engine::{Reference, Route};
use ndoku::{Board, Constraint, Count, Outcome, Puzzle, Rules, Solver};

/// A pencilmark puzzle on the solved grid `grid` (side `n`): some cells
/// given, some with a candidate set of the planted value and up to `extra`
/// others, the rest open. The sets, for checking solutions against.
fn marked_puzzle(
    n: usize,
    grid: &[u8],
    rng: &mut Rng,
    extra: usize,
) -> (Puzzle, Vec<(usize, Vec<u16>)>) {
    let mut rules = Rules::classic(n).expect("a classic size");
    let mut cells = vec![0u16; n * n];
    let mut sets = Vec::new();
    for (i, &v) in grid.iter().enumerate() {
        match rng.below(8) {
            0 => cells[i] = u16::from(v),
            1..=5 => {
                let mut values = vec![u16::from(v)];
                for _ in 0..rng.below(extra + 1) {
                    values.push(rng.below(n) as u16 + 1);
                }
                values.sort_unstable();
                values.dedup();
                rng.shuffle(&mut values);
                sets.push((i, values.clone()));
                rules = rules
                    .with_constraint(Constraint::Candidates {
                        cell: i as u32,
                        values,
                    })
                    .expect("a valid candidate set");
            }
            _ => {}
        }
    }
    let puzzle = Puzzle::from_cells(rules, &cells).expect("the planted grid keeps it");
    (puzzle, sets)
}

/// Whether `solution` solves `puzzle`: a full grid its rules accept (rows,
/// columns, boxes and candidate sets), keeping the givens, with each
/// candidate set checked here as well.
fn keeps(puzzle: &Puzzle, sets: &[(usize, Vec<u16>)], solution: &Puzzle) -> bool {
    let cells = solution.cells();
    solution.is_solved()
        && puzzle.rules().check(cells).is_ok()
        && puzzle.is_completed_by(solution)
        && sets.iter().all(|(i, values)| values.contains(&cells[*i]))
}

/// A count and the solutions found, sorted.
type Found = (Count, Vec<Vec<u16>>);

/// Up to `limit` solutions, sorted, and the count, from the front solver
/// (the classic engines) and from the run-time engine.
fn both(puzzle: &Puzzle, limit: usize) -> (Found, Found) {
    let mut front = Solver::new().with_max_nodes(2_000_000);
    let mut found = Vec::new();
    let count = front.each_solution(puzzle, |s| {
        found.push(s.cells().to_vec());
        found.len() < limit
    });
    found.sort();
    let mut variant = VariantSolver::new().with_max_nodes(2_000_000);
    let mut other = Vec::new();
    let other_count = variant.each_solution(puzzle, |s| {
        other.push(s.cells().to_vec());
        other.len() < limit
    });
    other.sort();
    ((count, found), (other_count, other))
}

/// Plants `cases` puzzles of boxes of `BOX` and checks each as the module
/// says: the same count to two and first solution's validity through
/// `count_and_solve`, the same solutions up to 40 through `each_solution`.
fn check_marked<const BOX: usize>(seed: u64, cases: usize, extra: usize) {
    let n = BOX * BOX;
    let mut rng = Rng::new(seed);
    let (mut unique, mut several) = (0, 0);
    for case in 0..cases {
        let grid: Board<BOX> = random_solved(&mut rng);
        let (puzzle, sets) = marked_puzzle(n, grid.as_bytes(), &mut rng, extra);
        let want = if BOX == 3 {
            Route::Nine
        } else {
            Route::Classic
        };
        assert_eq!(Solver::route(&puzzle), want);
        let planted: Vec<u16> = grid.as_bytes().iter().map(|&v| u16::from(v)).collect();

        let mut front = Solver::new().with_max_nodes(2_000_000);
        let (count, first) = front.count_and_solve(&puzzle, 2);
        let mut variant = VariantSolver::new().with_max_nodes(2_000_000);
        let (want_count, _) = variant.count_and_solve(&puzzle, 2);
        assert_eq!(count, want_count, "seed {seed} case {case}: count to two");
        let first = first.expect("the planted solution at least");
        assert!(
            keeps(&puzzle, &sets, &first),
            "seed {seed} case {case}: {first:?}"
        );
        match count {
            Count::Exact(1) => {
                unique += 1;
                assert_eq!(first.cells(), &planted[..], "seed {seed} case {case}");
            }
            _ => several += 1,
        }
        let ((count, found), (want_count, want)) = both(&puzzle, 40);
        assert_eq!(count, want_count, "seed {seed} case {case}: count to 40");
        if matches!(count, Count::Exact(_)) {
            assert_eq!(found, want, "seed {seed} case {case}: the solutions");
            assert!(found.contains(&planted), "seed {seed} case {case}: planted");
        }
        for cells in &found {
            let s = Puzzle::from_cells(puzzle.rules().clone(), cells).expect("a solution");
            assert!(
                keeps(&puzzle, &sets, &s),
                "seed {seed} case {case}: {cells:?}"
            );
        }
        if BOX == 2 {
            let limit = 40;
            assert_eq!(
                Reference::new().count_variant(&puzzle, limit),
                count,
                "seed {seed} case {case}: Reference"
            );
        }
    }
    // Both kinds of case came up.
    assert!(unique > 0 && several > 0, "{unique} unique, {several} not");
}

#[test]
fn nine_by_nine_candidates_agree_with_the_run_time_engine() {
    check_marked::<3>(0x706d_0009, 150, 3);
}

#[test]
fn four_by_four_candidates_agree_with_reference() {
    check_marked::<2>(0x706d_0004, 300, 2);
}

#[test]
fn sixteen_by_sixteen_candidates_agree_with_the_run_time_engine() {
    check_marked::<4>(0x706d_0016, 30, 2);
}

/// Classic rules of side `n` with two candidate sets on cell 5: {1, 2}
/// and `second`.
fn two_sets(n: usize, second: Vec<u16>) -> Rules {
    let set = |values| Constraint::Candidates { cell: 5, values };
    Rules::classic(n)
        .unwrap()
        .with_constraint(set(vec![1, 2]))
        .unwrap()
        .with_constraint(set(second))
        .unwrap()
}

/// Two candidate sets on one cell keep the values common to both; with none
/// in common the cell is empty, and the puzzle unsolvable in every engine.
#[test]
fn disjoint_sets_on_a_cell_leave_no_solution() {
    for n in [4, 9, 16] {
        let rules = two_sets(n, vec![3]);
        let puzzle = Puzzle::new(rules);
        assert_ne!(Solver::route(&puzzle), Route::Variant);
        assert_eq!(Solver::new().count(&puzzle, 2), Count::Exact(0), "{n}");
        assert!(matches!(Solver::new().solve(&puzzle), Outcome::Unsolvable));
        assert_eq!(VariantSolver::new().count(&puzzle, 2), Count::Exact(0));
        // Overlapping sets keep the common value.
        let rules = two_sets(n, vec![2, 3]);
        let Outcome::Solved(s) = Solver::new().solve(&Puzzle::new(rules)) else {
            panic!("{n}: solvable");
        };
        assert_eq!(s.cells()[5], 2);
    }
}

/// A given outside its cell's candidate set is refused when the puzzle is
/// built, as before; candidate sets that leave a house short of a value
/// leave no solution.
#[test]
fn a_given_outside_its_set_is_refused_and_a_short_house_has_no_solution() {
    let rules = Rules::classic(9)
        .unwrap()
        .with_constraint(Constraint::Candidates {
            cell: 0,
            values: vec![1, 2],
        })
        .unwrap();
    let mut cells = vec![0u16; 81];
    cells[0] = 3;
    assert!(Puzzle::from_cells(rules.clone(), &cells).is_err());
    cells[0] = 2;
    assert!(Puzzle::from_cells(rules, &cells).is_ok());

    // No cell of row 1 may hold 9 (each is 1 to 8): every engine finds none.
    for n in [4, 9, 16] {
        let mut rules = Rules::classic(n).unwrap();
        for c in 0..n as u32 {
            rules = rules
                .with_constraint(Constraint::Candidates {
                    cell: c,
                    values: (1..n as u16).collect(),
                })
                .unwrap();
        }
        let puzzle = Puzzle::new(rules);
        assert_eq!(Solver::new().count(&puzzle, 2), Count::Exact(0), "{n}");
        assert_eq!(
            VariantSolver::new().count(&puzzle, 2),
            Count::Exact(0),
            "{n}"
        );
    }
}

/// A board with no candidate sets keeps its old route, and a candidate set
/// beside another rule goes to the run-time engine.
#[test]
fn routes() {
    let marks = Constraint::Candidates {
        cell: 0,
        values: vec![1],
    };
    assert_eq!(
        Solver::route(&Puzzle::new(Rules::classic(9).unwrap())),
        Route::Nine
    );
    let marked = Rules::classic(16)
        .unwrap()
        .with_constraint(marks.clone())
        .unwrap();
    assert_eq!(Solver::route(&Puzzle::new(marked)), Route::Classic);
    let diagonal = Rules::classic(9)
        .unwrap()
        .with_diagonals()
        .with_constraint(marks.clone())
        .unwrap();
    assert_eq!(Solver::route(&Puzzle::new(diagonal)), Route::Variant);
    let odd = Rules::classic(9)
        .unwrap()
        .with_constraint(marks.clone())
        .unwrap()
        .with_constraint(Constraint::Odd { cell: 1 })
        .unwrap();
    assert_eq!(Solver::route(&Puzzle::new(odd)), Route::Variant);
    let six = Rules::classic(6).unwrap().with_constraint(marks).unwrap();
    assert_eq!(Solver::route(&Puzzle::new(six)), Route::Variant);
}
