#![no_main]
//! Fuzzes solving and counting on small budgets, for every size: `Solver`, `Solver` and `Reference` must agree wherever both answers are definite.
//!
//! Input: four header bytes (size, count limit, budget, flags), then the board,
//! either as text for `FromStr` or as one byte per cell (its value modulo
//! `N + 1`, dropped where it would conflict with the cells before it).

use libfuzzer_sys::fuzz_target;
use ndoku::{AnyBoard, Outcome<AnyBoard>, Solver, Board, Count, Outcome, Solver};
use ndoku::engine::classic::Engine;
use ndoku::engine::Reference;
use ndoku_fuzz::{
    check_board, check_count, check_counts_agree, check_error, check_solution, with_box,
};

/// Count limits to choose from: none, one, the uniqueness check, and more.
const LIMITS: [usize; 6] = [0, 1, 2, 3, 7, usize::MAX];

/// What the header bytes ask for.
struct Header {
    limit: usize,
    /// The budget byte, scaled per size into nodes and reference steps.
    budget: u64,
    engine: Engine,
    seed: Option<u64>,
    text: bool,
}

fuzz_target!(|data: &[u8]| {
    let [size, limit, budget, flags, rest @ ..] = data else {
        return;
    };
    let header = Header {
        limit: LIMITS[usize::from(*limit) % LIMITS.len()],
        budget: u64::from(*budget),
        engine: if flags & 1 == 0 {
            Engine::Auto
        } else {
            Engine::General
        },
        seed: (flags & 2 != 0).then(|| u64::from(*flags) << 8 | u64::from(*budget)),
        text: flags & 4 != 0,
    };
    with_box!(size, BOX => {
        if let Some(puzzle) = puzzle::<BOX>(&header, rest) {
            check::<BOX>(&header, &puzzle);
        }
    });
});

/// The puzzle the input describes, or `None` for text that does not parse
/// (after checking its error).
fn puzzle<const BOX: usize>(header: &Header, rest: &[u8]) -> Option<Board<BOX>> {
    let n = BOX * BOX;
    if header.text {
        let parsed = String::from_utf8_lossy(rest).parse::<Board<BOX>>();
        return parsed.map_err(|e| check_error(&e, Some(n))).ok();
    }
    let mut board = Board::<BOX>::new();
    for (i, &byte) in rest.iter().take(n * n).enumerate() {
        let value = byte % (n as u8 + 1);
        if value != 0 {
            // A value that conflicts with an earlier cell is left out.
            let _ = board.set(i / n, i % n, value);
        }
    }
    Some(board)
}

/// Node budget for the fast engine: smaller as a guess gets dearer.
fn nodes<const BOX: usize>(budget: u64) -> u64 {
    match BOX {
        2 => budget,
        3 => budget * 4,
        4 => budget / 2,
        5 => budget / 8,
        6 => budget / 32,
        _ => budget / 64,
    }
}

/// Step budget for the reference engine, whose steps are cheap but many.
fn steps<const BOX: usize>(budget: u64) -> u64 {
    match BOX {
        2 => budget * 64,
        3 => budget * 64,
        4 => budget * 16,
        5 => budget * 4,
        _ => budget,
    }
}

/// Solves and counts `puzzle` with every engine and checks each answer and
/// every pair of definite answers.
fn check<const BOX: usize>(header: &Header, puzzle: &Board<BOX>)
where
    AnyBoard: From<Board<BOX>>,
{
    check_board(puzzle);
    let limit = header.limit;
    let max_nodes = nodes::<BOX>(header.budget);
    let mut solver = Solver::<BOX>::new()
        .with_max_nodes(max_nodes)
        .with_engine(header.engine);
    if let Some(seed) = header.seed {
        solver = solver.with_seed(seed);
    }
    let (count, first, outcome) = run_fast(&mut solver, puzzle, limit);

    let reference = Reference::new().with_max_steps(steps::<BOX>(header.budget));
    let ref_count = reference.count(puzzle, limit);
    check_count(ref_count, limit);
    let ref_outcome = reference.solve(puzzle);
    check_outcome_and_count(puzzle, &ref_outcome, ref_count, None);
    check_counts_agree("fast engine and reference", count, ref_count);
    check_outcomes_agree(&outcome, &ref_outcome, count, ref_count);

    if BOX == 3 {
        // The two engines of 9×9 against each other.
        let other = match header.engine {
            Engine::Auto => Engine::General,
            _ => Engine::Auto,
        };
        let mut other = Solver::<BOX>::new()
            .with_max_nodes(max_nodes)
            .with_engine(other);
        let (other_count, _, other_outcome) = run_fast(&mut other, puzzle, limit);
        check_counts_agree("9×9 engines", count, other_count);
        check_outcomes_agree(&outcome, &other_outcome, count, other_count);
    }
    if header.engine == Engine::Auto && header.seed.is_none() {
        check_any_solver(puzzle, max_nodes, limit, (&outcome, count, &first));
    }
    if BOX == 2 {
        check_against_truth(puzzle, count, ref_count, limit);
    }
}

/// Runs `solve`, `count_and_solve` and `count` on one solver, checks each and
/// that they agree, and returns the count, first solution and outcome.
fn run_fast<const BOX: usize>(
    solver: &mut Solver<BOX>,
    puzzle: &Board<BOX>,
    limit: usize,
) -> (Count, Option<Board<BOX>>, Outcome<Board<BOX>>) {
    let max_nodes = solver.max_nodes();
    let outcome = solver.solve(puzzle);
    assert!(
        solver.stats().guesses <= max_nodes,
        "{:?} over {max_nodes}",
        solver.stats()
    );
    let (count, first) = solver.count_and_solve(puzzle, limit);
    let stats = solver.stats();
    assert!(stats.guesses <= max_nodes, "{stats:?} over {max_nodes}");
    check_count(count, limit);
    if limit > 0 {
        assert_eq!(
            stats.solutions,
            count.found() as u64,
            "{stats:?} for {count:?}"
        );
    }
    assert_eq!(
        first.is_some(),
        count.found() > 0,
        "{count:?} with {first:?}"
    );
    check_outcome_and_count(puzzle, &outcome, count, first.as_ref());
    assert_eq!(
        solver.count(puzzle, limit),
        count,
        "count and count_and_solve differ"
    );
    (count, first, outcome)
}

/// Checks an outcome and a count of the same engine: a solution is one, and
/// neither contradicts the other; a unique puzzle's solution is `first`.
fn check_outcome_and_count<const BOX: usize>(
    puzzle: &Board<BOX>,
    outcome: &Outcome<Board<BOX>>,
    count: Count,
    first: Option<&Board<BOX>>,
) {
    match outcome {
        Outcome::Solved(solution) => {
            check_solution(puzzle, solution);
            assert_ne!(count, Count::Exact(0), "solved, yet counted none");
            if let (Count::Exact(1), Some(first)) = (count, first) {
                assert_eq!(solution, first, "a unique puzzle solved two ways");
            }
        }
        Outcome::Unsolvable => assert_eq!(count.found(), 0, "unsolvable, yet counted {count:?}"),
        Outcome::GaveUp => {}
        other => panic!("an Outcome the fuzz checks do not know: {other:?}"),
    }
    if let Some(first) = first {
        check_solution(puzzle, first);
    }
}

/// Checks two engines' outcomes on one puzzle: no solution against a proof of
/// none, and one solution for a puzzle either counted as unique.
fn check_outcomes_agree<const BOX: usize>(
    a: &Outcome<Board<BOX>>,
    b: &Outcome<Board<BOX>>,
    a_count: Count,
    b_count: Count,
) {
    let solved = |o: &Outcome<Board<BOX>>| matches!(o, Outcome::Solved(_));
    let none = |o: &Outcome<Board<BOX>>, c: Count| *o == Outcome::Unsolvable || c == Count::Exact(0);
    assert!(
        !(solved(a) && none(b, b_count)),
        "{a:?} against {b:?} / {b_count:?}"
    );
    assert!(
        !(solved(b) && none(a, a_count)),
        "{b:?} against {a:?} / {a_count:?}"
    );
    let unique = a_count == Count::Exact(1) || b_count == Count::Exact(1);
    if let (true, Outcome::Solved(x), Outcome::Solved(y)) = (unique, a, b) {
        assert_eq!(x, y, "a unique puzzle solved two ways");
    }
}

/// Checks that `Solver` gives what `Solver` gave with the same budget.
fn check_any_solver<const BOX: usize>(
    puzzle: &Board<BOX>,
    max_nodes: u64,
    limit: usize,
    (outcome, count, first): (&Outcome<Board<BOX>>, Count, &Option<Board<BOX>>),
) where
    AnyBoard: From<Board<BOX>>,
{
    let any = AnyBoard::from(puzzle.clone());
    let mut solver = Solver::new().with_max_nodes(max_nodes);
    assert_eq!(
        solver.solve(&any),
        Outcome::from(outcome.clone()),
        "Solver::solve"
    );
    let (any_count, any_first) = solver.count_and_solve(&any, limit);
    assert_eq!(any_count, count, "Solver::count_and_solve");
    assert_eq!(
        any_first,
        first.clone().map(AnyBoard::from),
        "Solver's first solution"
    );
    assert_eq!(solver.count(&any, limit), count, "Solver::count");
}

/// 4×4 only, where every count is cheap: the budgeted counts against the
/// unbudgeted one.
fn check_against_truth<const BOX: usize>(
    puzzle: &Board<BOX>,
    count: Count,
    ref_count: Count,
    limit: usize,
) {
    let Count::Exact(total) = Solver::<BOX>::new().count(puzzle, usize::MAX) else {
        panic!("a 4×4 has fewer than usize::MAX solutions");
    };
    let truth = match limit {
        0 => Count::AtLeast(0),
        l if total < l => Count::Exact(total),
        l => Count::AtLeast(l),
    };
    check_counts_agree("fast engine and the full count", count, truth);
    check_counts_agree("reference and the full count", ref_count, truth);
    assert_eq!(
        puzzle.count_solutions(limit),
        truth.found(),
        "count_solutions"
    );
    let solution = puzzle.solve();
    assert_eq!(
        solution.is_some(),
        total > 0,
        "solve() on {total} solutions"
    );
    if let Some(solution) = solution {
        check_solution(puzzle, &solution);
    }
}
