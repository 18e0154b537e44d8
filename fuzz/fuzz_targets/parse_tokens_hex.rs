#![no_main]
//! Fuzzes the token format for every size (`Board::from_tokens`) and the 16×16 hex format (`from_hex`, `AnyBoard::parse_hex`).

use libfuzzer_sys::fuzz_target;
use ndoku::{AnyBoard, Board, Board16};
use ndoku_fuzz::{
    Alphabet, check_agree, check_model, check_parsed, check_round_trips, model_chars, model_tokens,
    text, with_box,
};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let s = text(rest);
    with_box!(selector, BOX => check_tokens::<BOX>(&s));
    check_hex(&s);
});

/// Parses `s` as tokens for `Board<BOX>` and checks the result.
fn check_tokens<const BOX: usize>(s: &str)
where
    AnyBoard: From<Board<BOX>>,
{
    let tokens = Board::<BOX>::from_tokens(s);
    check_parsed(&tokens, Some(BOX * BOX), check_round_trips);
    check_model("from_tokens", &tokens, model_tokens(s, BOX * BOX));
    check_agree("from_tokens and FromStr", &tokens, &s.parse());
}

/// Parses `s` as a 16×16 board in hex, and checks that it prints back the same.
fn check_hex(s: &str) {
    let hex = Board16::from_hex(s);
    check_parsed(&hex, Some(16), |board| {
        check_round_trips(board);
        assert_eq!(Board16::from_hex(&board.to_hex()).as_ref(), Ok(board));
    });
    check_model("from_hex", &hex, model_chars(s, 16, Alphabet::Hex));
    let any = AnyBoard::parse_hex(s);
    assert_eq!(any, hex.map(AnyBoard::B4), "parse_hex and from_hex differ");
}
