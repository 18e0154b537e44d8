#![no_main]
//! Fuzzes the grid format: `Board::from_grid` and `FromStr` for every size, and `AnyBoard::parse_grid`.

use libfuzzer_sys::fuzz_target;
use ndoku::{AnyBoard, Board};
use ndoku_fuzz::{
    Alphabet, check_agree, check_any_round_trips, check_model, check_parsed, check_round_trips,
    grid_is_tokens, model_chars, model_tokens, text, with_box,
};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let s = text(rest);
    with_box!(selector, BOX => check::<BOX>(&s));
});

/// Parses `s` as a grid for `Board<BOX>` and as any board, and checks each result.
fn check<const BOX: usize>(s: &str)
where
    AnyBoard: From<Board<BOX>>,
{
    let n = BOX * BOX;
    let grid = Board::<BOX>::from_grid(s);
    check_parsed(&grid, Some(n), check_round_trips);
    // Token text (always on 64×64, which has no single-character alphabet)
    // is read as tokens.
    let model = if grid_is_tokens(s, n) {
        model_tokens(s, n)
    } else {
        model_chars(s, n, Alphabet::Standard)
    };
    check_model("from_grid", &grid, model);
    let from_str = s.parse::<Board<BOX>>();
    check_agree("from_grid and FromStr", &grid, &from_str);
    let any = AnyBoard::parse_grid(s);
    check_parsed(&any, None, check_any_round_trips);
    assert_eq!(
        s.parse::<AnyBoard>(),
        any,
        "AnyBoard's FromStr is parse_grid"
    );
    if let (Ok(board), Ok(any)) = (&grid, &any)
        && any.size() == n
    {
        assert_eq!(
            any.as_bytes(),
            board.as_bytes(),
            "from_grid and parse_grid differ"
        );
    }
}
