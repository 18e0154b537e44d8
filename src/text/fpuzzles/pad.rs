//! SudokuPad links and payloads: `fpuzzles` ones as f-puzzles, `scl` and `ctc` ones (SudokuPad's own format) for givens, regions and killer cages.
//!
//! A SudokuPad payload is a format prefix and the puzzle, compressed with
//! lz-string in base64: `fpuzzles` (or `fpuz`) carries an f-puzzles
//! `load` string; `scl` and `ctc` (the same format under two names)
//! carry SudokuPad's own JSON. That JSON comes plain or "zipped": keys
//! unquoted and shortened (`ce` for `cells`, `v` for `value`, `re` for
//! `regions`, `ca` for `cages`), strings in single quotes, `t` and `f` for
//! true and false, and an empty object left out of a list (`[,,]` is three).
//!
//! SCL draws a puzzle rather than stating its rules: a thermometer and a
//! drawn line are both `lines`, a killer cage and an outline both `cages`.
//! So only what is unambiguous is read: the `cells` and their `value`s (the
//! givens), the `regions`, and `cages` that carry a whole-number `value`
//! (killer cages). A cage whose value is `key: text` is metadata (`title`,
//! `author`, `rules`, `solution`). A payload that also draws `lines`,
//! `arrows`, `overlays`, `underlays` or cages with no total is refused with
//! an error that counts them, as is any other key: reading past a rule
//! would answer a different puzzle.

use super::{FPuzzle, FpuzzlesError, from_load};
use crate::text::sniff::{SUDOKUPAD_HOSTS, SUDOKUPAD_PREFIXES};

#[cfg(feature = "sudokupad")]
mod scl;

/// Reads a SudokuPad link or a bare payload (`scl…`, `ctc…`, `fpuzzles…`).
pub(super) fn read(text: &str) -> Result<FPuzzle, FpuzzlesError> {
    let payload = payload(text.trim());
    let Some(prefix) = prefix_of(payload) else {
        return Err(if payload.is_empty() {
            FpuzzlesError::SudokuPad
        } else {
            FpuzzlesError::PadRemote(payload.to_owned())
        });
    };
    let body = &payload[prefix.len()..];
    match prefix {
        "fpuzzles" | "fpuz" => from_load(body),
        #[cfg(feature = "sudokupad")]
        "scl" | "ctc" => scl::read(prefix, body),
        #[cfg(not(feature = "sudokupad"))]
        "scl" | "ctc" => Err(FpuzzlesError::PadFeature),
        _ => Err(FpuzzlesError::PadFormat(prefix.to_owned())),
    }
}

/// The format prefix `payload` starts with.
fn prefix_of(payload: &str) -> Option<&'static str> {
    SUDOKUPAD_PREFIXES
        .iter()
        .copied()
        .find(|p| payload.starts_with(p))
}

/// The payload of a link (its `puzzleid` parameter, or its path from the
/// first segment that starts with a format prefix), up to a `?`, `&` or
/// `#`; `text` itself when it names no SudokuPad host.
fn payload(text: &str) -> &str {
    let after_host = SUDOKUPAD_HOSTS
        .iter()
        .filter_map(|h| text.find(h).map(|i| i + h.len()))
        .min();
    let Some(at) = after_host else {
        return text;
    };
    let rest = &text[at..];
    let rest = match rest.find("puzzleid=") {
        Some(i) => &rest[i + "puzzleid=".len()..],
        None => rest.split_once('/').map_or("", |(_, path)| path),
    };
    let rest = &rest[..rest.find(['?', '&', '#']).unwrap_or(rest.len())];
    // base64 holds `/`: the payload starts at the first segment with a prefix.
    let starts = std::iter::once(0).chain(rest.match_indices('/').map(|(i, _)| i + 1));
    for start in starts {
        if prefix_of(&rest[start..]).is_some() {
            return &rest[start..];
        }
    }
    rest.trim_matches('/')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scl_and_ctc_need_the_sudokupad_feature() {
        let scl = r#"{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
            "regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],
                       [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}"#;
        let payload = lz_str::compress_to_base64(scl);
        for text in [
            format!("https://sudokupad.app/scl{payload}"),
            format!("ctc{payload}"),
        ] {
            let read = read(&text);
            // Built without it (the WebAssembly build), refused by name;
            // with it, read.
            #[cfg(not(feature = "sudokupad"))]
            assert_eq!(read, Err(FpuzzlesError::PadFeature), "{text}");
            #[cfg(feature = "sudokupad")]
            assert_eq!(read.map(|r| r.puzzle.get(0, 0)), Ok(Some(1)), "{text}");
        }
        // f-puzzles payloads need only `fpuzzles`.
        let json = r#"{"size":4,"grid":[[{"value":2},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
        let fpuzzles = format!("fpuzzles{}", lz_str::compress_to_base64(json));
        assert_eq!(read(&fpuzzles).map(|r| r.puzzle.get(0, 0)), Ok(Some(2)));
    }
}
