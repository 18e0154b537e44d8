#![no_main]
//! Fuzzes `AnyBoard`'s parsers, which read the board size from the text: `parse_line`, `parse_grid`, `parse_hex` and `FromStr`.

use libfuzzer_sys::fuzz_target;
use ndoku::AnyBoard;
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
    let hex = AnyBoard::parse_hex(&s);
    check_parsed(&hex, Some(16), |board| {
        check_any_round_trips(board);
        let printed = board.to_hex().expect("a hex board is 16×16");
        assert_eq!(AnyBoard::parse_hex(&printed).as_ref(), Ok(board));
    });
});
