#![no_main]
//! Fuzzes the line format: `Board::from_line` and `FromStr` for every size, and `AnyBoard::parse_line`.

use libfuzzer_sys::fuzz_target;
use ndoku::{AnyBoard, Board};
use ndoku_fuzz::{
    Alphabet, check_agree, check_any_round_trips, check_model, check_parsed, check_round_trips,
    model_chars, text, with_box,
};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let s = text(rest);
    with_box!(selector, BOX => check::<BOX>(&s));
});

/// Parses `s` as a line for `Board<BOX>` and as any board, and checks each result.
fn check<const BOX: usize>(s: &str)
where
    AnyBoard: From<Board<BOX>>,
{
    let n = BOX * BOX;
    let line = Board::<BOX>::from_line(s);
    check_parsed(&line, Some(n), check_round_trips);
    check_model("from_line", &line, model_chars(s, n, Alphabet::Standard));
    let from_str = s.parse::<Board<BOX>>();
    check_parsed(&from_str, Some(n), check_round_trips);
    check_agree("from_line and FromStr", &line, &from_str);
    let any = AnyBoard::parse_line(s);
    check_parsed(&any, None, check_any_round_trips);
    if let (Ok(board), Ok(any)) = (&line, &any)
        && any.size() == n
    {
        assert_eq!(
            any.as_bytes(),
            board.as_bytes(),
            "from_line and parse_line differ"
        );
    }
}
