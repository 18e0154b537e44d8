//! The front door: `Solver` routes each puzzle to an engine and answers as that engine does, in the caller's type.

use crate::common::{Rng, planted};
use ndoku::engine::classic;
use ndoku::engine::variant::VariantSolver;
use ndoku::engine::{Route, Solvable};
use ndoku::{AnyBoard, Board, Board9, BoardError, Count, Limits, Outcome, Puzzle, Rules, Solver};

/// The same puzzle as a typed board, a `Puzzle` and an `AnyBoard` gets the
/// same count and the same first solution from the front door as from the
/// typed engine, each answer in the type it was asked in.
fn agrees<const BOX: usize>(board: &Board<BOX>, solver: &mut Solver)
where
    Board<BOX>: Solvable,
    AnyBoard: From<Board<BOX>>,
{
    let mut typed = classic::Solver::<BOX>::new();
    let (count, first) = typed.count_and_solve(board, 2);
    let puzzle = Puzzle::from(board);
    let any = AnyBoard::from(board.clone());

    assert_eq!(solver.count_and_solve(board, 2), (count, first.clone()));
    let (p_count, p_first) = solver.count_and_solve(&puzzle, 2);
    assert_eq!(p_count, count);
    assert_eq!(p_first, first.as_ref().map(Puzzle::from));
    let (a_count, a_first) = solver.count_and_solve(&any, 2);
    assert_eq!(a_count, count);
    assert_eq!(a_first, first.clone().map(AnyBoard::from));

    match (solver.solve(&puzzle), typed.solve(board)) {
        (Outcome::Solved(s), Outcome::Solved(t)) => {
            assert!(puzzle.is_completed_by(&s) && s.is_solved());
            assert_eq!(Board::<BOX>::try_from(&s), Ok(t));
        }
        (p, t) => assert_eq!(p.is_unsolvable(), t.is_unsolvable(), "{p:?} {t:?}"),
    }
}

#[test]
fn classic_puzzles_answer_alike_through_every_door() {
    let mut rng = Rng::new(39);
    let mut solver = Solver::new();
    for _ in 0..12 {
        agrees(&planted::<2>(9, &mut rng).0, &mut solver);
        agrees(&planted::<3>(55, &mut rng).0, &mut solver);
        agrees(&planted::<4>(140, &mut rng).0, &mut solver);
    }
    // A puzzle with several solutions and one with none.
    agrees(&Board::<3>::new(), &mut solver);
    let none: Board<3> =
        "3.65.84..52........87....31..3....2.9..8....5.5....6..13....25........74..52.63.."
            .parse()
            .unwrap();
    agrees(&none, &mut solver);
}

#[test]
fn routes_follow_the_rules() {
    let route = |rules: Rules| Solver::route(&Puzzle::new(rules));
    assert_eq!(route(Rules::classic(9).unwrap()), Route::Nine);
    assert_eq!(route(Rules::classic(4).unwrap()), Route::Classic);
    assert_eq!(route(Rules::classic(64).unwrap()), Route::Classic);
    for variant in [
        Rules::classic(6).unwrap(),
        Rules::classic(81).unwrap(),
        Rules::boxes(3, 3).unwrap().with_diagonals(),
        Rules::classic(9).unwrap().with_windows().unwrap(),
        Rules::classic(9)
            .unwrap()
            .with_cage(&[(0, 0), (0, 1)], Some(3))
            .unwrap(),
    ] {
        assert_eq!(route(variant), Route::Variant);
    }
    assert_eq!(Solver::route(&Board::<3>::new()), Route::Nine);
    assert_eq!(Solver::route(&AnyBoard::empty(16).unwrap()), Route::Classic);
}

#[test]
fn variant_rules_answer_as_the_run_time_engine_does() {
    let x = Rules::classic(9).unwrap().with_diagonals();
    let mut puzzle = Puzzle::new(x);
    puzzle.set(0, 0, 1).unwrap();
    puzzle.set(4, 4, 5).unwrap();
    let mut front = Solver::new().with_max_nodes(100_000);
    let mut engine = VariantSolver::new().with_max_nodes(100_000);
    assert_eq!(
        front.count_and_solve(&puzzle, 3),
        engine.count_and_solve(&puzzle, 3)
    );
    let solution = front.solve(&puzzle).solution().expect("solvable");
    assert!(puzzle.is_completed_by(&solution));
    assert!(puzzle.rules().check(solution.cells()).is_ok());
}

#[test]
fn limits_hold_on_every_route() {
    let limits = Limits::new().with_max_nodes(3);
    let mut solver = Solver::new().with_limits(limits);
    assert_eq!(solver.limits(), limits);
    for rules in [
        Rules::classic(9).unwrap(),
        Rules::classic(16).unwrap(),
        Rules::classic(9).unwrap().with_diagonals(),
    ] {
        let empty = Puzzle::new(rules);
        assert!(matches!(solver.count(&empty, usize::MAX), Count::GaveUp(_)));
        assert!(solver.stats().guesses <= 3, "{:?}", solver.stats());
    }
    // Set in place, the limits change and the engines stay.
    solver.set_limits(Limits::new());
    let board: Board<2> = "1.3..4..........".parse().unwrap();
    assert!(solver.count(&board, 1_000).is_complete());
}

#[test]
fn a_puzzle_that_is_no_classic_board_says_why() {
    let six = Puzzle::new(Rules::classic(6).unwrap());
    assert!(matches!(
        Board::<3>::try_from(&six),
        Err(BoardError::WrongCellCount { expected: 81, .. })
    ));
    let x = Puzzle::new(Rules::classic(9).unwrap().with_diagonals());
    let err = Board::<3>::try_from(&x).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a 9x9 puzzle with extra rules is not a classic board with square boxes"
    );
    let tall = Puzzle::new(Rules::boxes(3, 2).unwrap());
    assert!(matches!(
        Board::<3>::try_from(&tall),
        Err(BoardError::WrongCellCount { .. })
    ));
}

/// Classic puzzles read from text share one `Rules` of their size, as a
/// board's `Puzzle` does, so that a file of them builds the rules' tables once.
#[test]
fn classic_text_shares_the_rules_of_its_size() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let a: Puzzle = line.parse().unwrap();
    let b: Puzzle = line.replacen('4', ".", 1).parse().unwrap();
    assert!(std::ptr::eq(a.rules(), b.rules()));
    let board: Board9 = line.parse().unwrap();
    assert!(std::ptr::eq(Puzzle::from(&board).rules(), a.rules()));
    let six: Puzzle = ".".repeat(36).parse().unwrap();
    assert!(!std::ptr::eq(six.rules(), a.rules()));
}
