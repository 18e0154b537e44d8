#![no_main]
//! Fuzzes `AnyBoard`'s parsers, which read the board size from the text: `parse_line`, `parse_grid`, `parse_hex` and `FromStr`, and `Solver::count_line`, which must answer as `parse_line` and a search do.

use libfuzzer_sys::fuzz_target;
use ndoku::{AnyBoard, Solver};
use ndoku_fuzz::{check_any_round_trips, check_parsed, text};

fuzz_target!(|data: &[u8]| {
    let s = text(data);
    let line = AnyBoard::parse_line(&s);
    check_parsed(&line, None, check_any_round_trips);
    let grid = AnyBoard::parse_grid(&s);
    check_parsed(&grid, None, check_any_round_trips);
    assert_eq!(s.parse::<AnyBoard>(), grid, "FromStr is parse_grid");
    if let (Ok(line), Ok(grid)) = (&line, &grid)
        && line.size() == grid.size()
    {
        assert_eq!(
            line, grid,
            "parse_line and parse_grid read one size differently"
        );
    }
    check_count_line(&s, &line);
    let hex = AnyBoard::parse_hex(&s);
    check_parsed(&hex, Some(16), |board| {
        check_any_round_trips(board);
        let printed = board.to_hex().expect("a hex board is 16×16");
        assert_eq!(AnyBoard::parse_hex(&printed).as_ref(), Ok(board));
    });
});

/// `count_line` leaves the conflict check to the search: it must still give
/// `parse_line`'s error, or its puzzle with the count and first solution of a
/// search on it (the same small budget), and a first solution that completes it.
fn check_count_line(s: &str, line: &Result<AnyBoard, ndoku::ParseError>) {
    let mut solver = Solver::new().with_max_nodes(16);
    let answer = solver.count_line(s, 2);
    match (line, answer) {
        (Err(e), answer) => assert_eq!(answer.err().as_ref(), Some(e), "count_line error"),
        (Ok(puzzle), Ok(answer)) => {
            assert_eq!(&answer.puzzle, puzzle, "count_line puzzle");
            let searched = solver.count_and_solve(puzzle, 2);
            assert_eq!(
                (answer.count, answer.first.clone()),
                searched,
                "count_line answer"
            );
            if let Some(first) = &answer.first {
                assert!(
                    first.is_solved() && puzzle.is_completed_by(first),
                    "count_line solution"
                );
            }
        }
        (Ok(_), Err(e)) => panic!("parse_line read the line, count_line said {e}"),
    }
}
