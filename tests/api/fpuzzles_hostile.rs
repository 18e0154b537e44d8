//! Hostile input for the f-puzzles reader (`ndoku::text::fpuzzles::parse`): random
//! bytes and JSON-ish text, real puzzles mutated (cut short, characters
//! flipped, numbers made huge, negative, fractional or text, keys repeated,
//! brackets nested ten thousand deep), and random lz-string load strings and
//! links. Whatever comes in, `parse` must not panic and must end in a puzzle
//! or an error whose message reads like the crate's others: not empty,
//! starting lower case, no trailing period. A puzzle it reads must search
//! (under a small node budget) without panicking, and any solution must keep
//! the rules and the givens.

use ndoku::engine::variant::VariantSolver;
use ndoku::text::fpuzzles::{self, FpuzzlesError};
use ndoku::{Count, Outcome, Puzzle};
use proptest::prelude::*;

/// Real puzzles from the shared data (`../shared/data/variants`), copied here
/// so that the test stands alone, and puzzles written for this test with the
/// constraints and fields those files do not use.
fn samples() -> Vec<String> {
    let mut out: Vec<String> = [
        // janko_killer.jsonl, 4×4 killer.
        r#"{"size":4,"title":"1_4x4","grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2","R2C1"],"value":"9"},{"cells":["R1C3","R2C3","R3C3"],"value":"8"},{"cells":["R1C4","R2C4"],"value":"3"},{"cells":["R2C2","R3C2","R4C2"],"value":"7"},{"cells":["R3C1","R4C1"],"value":"4"},{"cells":["R3C4","R4C3","R4C4"],"value":"9"}],"solution":[2,3,4,1,4,1,3,2,3,2,1,4,1,4,2,3]}"#,
        // janko_killer.jsonl, 6×6 killer.
        r#"{"size":6,"title":"11_6x6","grid":[[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}]],"killercage":[{"cells":["R1C1","R2C1","R2C2"],"value":"7"},{"cells":["R1C2","R1C3"],"value":"8"},{"cells":["R1C4","R2C4"],"value":"5"},{"cells":["R1C5","R1C6","R2C5"],"value":"12"},{"cells":["R2C3","R3C3"],"value":"10"},{"cells":["R2C6","R3C6"],"value":"10"},{"cells":["R3C1","R3C2"],"value":"7"},{"cells":["R3C4","R3C5"],"value":"4"},{"cells":["R4C1","R5C1"],"value":"9"},{"cells":["R4C2","R4C3"],"value":"4"},{"cells":["R4C4","R5C4"],"value":"9"},{"cells":["R4C5","R4C6"],"value":"6"},{"cells":["R5C2","R6C1","R6C2"],"value":"11"},{"cells":["R5C3","R6C3"],"value":"7"},{"cells":["R5C5","R5C6","R6C6"],"value":"9"},{"cells":["R6C4","R6C5"],"value":"8"}],"solution":[4,5,3,2,6,1,2,1,6,3,5,4,5,2,4,1,3,6,6,3,1,5,4,2,3,6,2,4,1,5,1,4,5,6,2,3]}"#,
        // janko_jigsaw.jsonl, 5×5 jigsaw.
        r#"{"size":5,"title":"5_5x5","grid":[[{"region":0},{"region":0},{"value":5,"given":true,"region":1},{"region":1},{"region":1}],[{"region":0},{"region":0},{"value":1,"given":true,"region":0},{"region":2},{"region":1}],[{"value":4,"given":true,"region":3},{"region":3},{"region":4},{"region":2},{"region":1}],[{"region":3},{"region":4},{"region":4},{"region":2},{"region":2}],[{"region":3},{"value":2,"given":true,"region":3},{"value":3,"given":true,"region":4},{"region":4},{"region":2}]],"solution":[2,3,5,4,1,5,4,1,3,2,4,5,2,1,3,3,1,4,2,5,1,2,3,5,4]}"#,
        // andoku_x.jsonl, 9×9 X-Sudoku.
        r#"{"size":9,"title":"standard_x_1.txt#1","grid":[[{},{},{},{},{},{},{"value":9,"given":true},{},{"value":7,"given":true}],[{"value":5,"given":true},{},{},{"value":9,"given":true},{"value":7,"given":true},{"value":8,"given":true},{"value":1,"given":true},{"value":3,"given":true},{}],[{},{},{},{},{},{"value":2,"given":true},{},{"value":8,"given":true},{"value":5,"given":true}],[{"value":9,"given":true},{"value":2,"given":true},{},{},{"value":1,"given":true},{},{"value":8,"given":true},{},{"value":3,"given":true}],[{},{},{},{"value":3,"given":true},{"value":8,"given":true},{"value":5,"given":true},{},{},{}],[{"value":6,"given":true},{},{"value":8,"given":true},{},{"value":4,"given":true},{},{},{"value":5,"given":true},{"value":1,"given":true}],[{"value":3,"given":true},{"value":4,"given":true},{},{"value":6,"given":true},{},{},{},{},{}],[{},{"value":5,"given":true},{"value":2,"given":true},{"value":4,"given":true},{"value":9,"given":true},{"value":7,"given":true},{},{},{"value":6,"given":true}],[{"value":1,"given":true},{},{"value":6,"given":true},{},{},{},{},{},{}]],"diagonal+":true,"diagonal-":true,"solution":[2,8,1,5,3,4,9,6,7,5,6,4,9,7,8,1,3,2,7,9,3,1,6,2,4,8,5,9,2,5,7,1,6,8,4,3,4,1,7,3,8,5,6,2,9,6,3,8,2,4,9,7,5,1,3,4,9,6,2,1,5,7,8,8,5,2,4,9,7,3,1,6,1,7,6,8,5,3,2,9,4]}"#,
        // Written here: one diagonal, an extra region, a cage without a sum,
        // rules switched off, a given that is not given, and drawings.
        r##"{"size":4,"title":"# not a comment","author":"test","ruleset":"rules","grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{"value":3,"given":false}],[{},{},{},{"c":"#FF0000","centerPencilMarks":[1,2]}]],"diagonal-":true,"antiking":false,"extraregion":[{"cells":["R1C2","R2C3","R3C4","R4C1"]}],"cage":[{"cells":["R2C1","R3C1"],"value":""}],"text":[{"cells":["R1C1"],"value":"hi"}],"line":[],"circle":[{"cells":["R2C2"]}]}"##,
    ]
    .map(str::to_owned)
    .into();
    // 6×6 with anti-knight, disjoint groups, a cage with a numeric sum and
    // lower-case cell names, and a 9×9 with anti-king and the other diagonal.
    let empty = |n: usize| {
        let row = format!("[{}]", vec!["{}"; n].join(","));
        format!("[{}]", vec![row; n].join(","))
    };
    out.push(format!(
        r#"{{"size":6,"grid":{},"antiknight":true,"disjointgroups":true,"killercage":[{{"cells":["r1c1","r1c2"],"value":3}}]}}"#,
        empty(6)
    ));
    out.push(format!(
        r#"{{"size":9,"grid":{},"antiking":true,"diagonal+":true,"killercage":[{{"cells":["R5C5","R5C6","R6C5"],"value":"24"}}]}}"#,
        empty(9)
    ));
    out
}

/// Parses `text`, and checks what comes back: an error that reads well, or a
/// puzzle that searches safely to solutions that keep its rules.
fn check(text: &str) -> Result<(), FpuzzlesError> {
    match fpuzzles::parse(text) {
        Ok(read) => {
            check_puzzle(&read.puzzle);
            if let Some(solution) = &read.solution {
                assert_eq!(solution.len(), read.puzzle.cells().len());
            }
            Ok(())
        }
        Err(e) => {
            check_message(&e);
            Err(e)
        }
    }
}

/// An error message: not empty, lower case first, no trailing period.
fn check_message(e: &FpuzzlesError) {
    let m = e.to_string();
    let first = m.chars().next().expect("an empty error message");
    assert!(!first.is_uppercase(), "upper case first: {m:?}");
    assert!(!m.ends_with('.'), "trailing period: {m:?}");
    assert!(!m.contains('\n'), "more than one line: {m:?}");
}

/// Searches `puzzle` under a budget of 10,000 guesses: nothing panics, and
/// any solution keeps the rules and the givens.
fn check_puzzle(puzzle: &Puzzle) {
    let rules = puzzle.rules();
    assert!(rules.check(puzzle.cells()).is_ok(), "givens break a rule");
    let solved = |s: &Puzzle| {
        assert!(s.cells().iter().all(|&v| v != 0), "not full: {s}");
        assert!(rules.check(s.cells()).is_ok(), "breaks a rule: {s}");
        assert!(puzzle.is_completed_by(s), "not a solution: {s}");
    };
    let mut solver = VariantSolver::new().with_max_nodes(10_000);
    let outcome = solver.solve(puzzle);
    if let Outcome::Solved(s) = &outcome {
        solved(s);
    }
    let (count, first) = solver.count_and_solve(puzzle, 2);
    if let Some(s) = &first {
        solved(s);
    }
    // Solve and count agree where both finished.
    match (&outcome, count) {
        (Outcome::Solved(_), Count::Exact(0))
        | (Outcome::Unsolvable, Count::Exact(1..) | Count::AtLeast(_)) => {
            panic!("solve gave {outcome:?}, count gave {count:?}")
        }
        _ => {}
    }
    assert_eq!(first.is_some(), count.found() > 0, "count {count:?}");
    // What `to_json` writes reads back, with the same givens and solutions.
    let json = fpuzzles::to_json(puzzle);
    let again =
        fpuzzles::parse(&json).unwrap_or_else(|e| panic!("to_json unreadable: {e}: {json}"));
    assert_eq!(again.puzzle.cells(), puzzle.cells());
    if let Some(s) = &first {
        assert!(
            again.puzzle.rules().check(s.cells()).is_ok(),
            "to_json lost a rule: {json}"
        );
    }
}

/// Values that can stand where a number does in f-puzzles JSON.
const ODD_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "-9223372036854775809",
    "3.5",
    "1e999",
    "-0",
    "1e30",
    "1000000000000000000000000000000",
    "18446744073709551616",
    "9223372036854775808",
    "4294967297",
    "65",
    "1000000",
    "\"7\"",
    "\"\"",
    "\" 12 \"",
    "\"1e3\"",
    "null",
    "true",
    "[]",
    "{}",
    "[1]",
];

/// One change to a real puzzle's text.
#[derive(Clone, Debug)]
enum Mutation {
    /// Cut at a fraction (per mille) of the length.
    Truncate(u16),
    /// Put `ch` at a fraction of the length in place of the character there.
    Flip(u16, char),
    /// Replace the k-th run of digits (wrapping) with an odd value.
    Number(usize, usize),
    /// Repeat a key: `key: value` right after the opening brace, or inside
    /// the first cell.
    DuplicateKey(&'static str, usize, bool),
    /// Insert `depth` opening brackets (or braces) at a fraction of the length.
    Nest(u16, usize, bool),
    /// Delete `len` characters from a fraction of the length.
    Delete(u16, usize),
    /// Swap the values of two keys by renaming the first to the second.
    Rename(&'static str, &'static str),
}

const KEYS: &[&str] = &[
    "size",
    "grid",
    "value",
    "given",
    "region",
    "cells",
    "killercage",
    "cage",
    "extraregion",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "solution",
    "title",
    "thermometer",
    "arrow",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = 0u16..=1000;
    prop_oneof![
        at.clone().prop_map(Mutation::Truncate),
        (at.clone(), any::<char>()).prop_map(|(a, c)| Mutation::Flip(a, c)),
        (
            at.clone(),
            prop::sample::select(b"{}[]\":,0123456789-.eE ntf".to_vec())
        )
            .prop_map(|(a, c)| Mutation::Flip(a, char::from(c))),
        (0usize..400, 0..ODD_NUMBERS.len()).prop_map(|(k, v)| Mutation::Number(k, v)),
        (
            prop::sample::select(KEYS),
            0..ODD_NUMBERS.len(),
            any::<bool>()
        )
            .prop_map(|(k, v, cell)| Mutation::DuplicateKey(k, v, cell)),
        (
            at.clone(),
            prop_oneof![1usize..200, Just(10_000)],
            any::<bool>()
        )
            .prop_map(|(a, d, brace)| Mutation::Nest(a, d, brace)),
        (at.clone(), 1usize..40).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (prop::sample::select(KEYS), prop::sample::select(KEYS))
            .prop_map(|(a, b)| Mutation::Rename(a, b)),
    ]
}

/// The character boundary nearest below `per_mille` of `text`'s length.
fn place(text: &str, per_mille: u16) -> usize {
    let mut i = text.len() * usize::from(per_mille) / 1000;
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut s = text.to_owned();
    match *m {
        Mutation::Truncate(a) => s.truncate(place(&s, a)),
        Mutation::Flip(a, ch) => {
            let i = place(&s, a);
            let end = s[i..].chars().next().map_or(i, |c| i + c.len_utf8());
            s.replace_range(i..end, ch.encode_utf8(&mut [0; 4]));
        }
        Mutation::Number(k, v) => {
            let runs: Vec<(usize, usize)> = digit_runs(&s);
            if !runs.is_empty() {
                let (a, b) = runs[k % runs.len()];
                s.replace_range(a..b, ODD_NUMBERS[v]);
            }
        }
        Mutation::DuplicateKey(key, v, cell) => {
            let at = if cell {
                s.find("[[{").map(|i| i + 3)
            } else {
                s.find('{').map(|i| i + 1)
            };
            if let Some(i) = at {
                s.insert_str(i, &format!("{key:?}:{},", ODD_NUMBERS[v]));
            }
        }
        Mutation::Nest(a, depth, brace) => {
            let i = place(&s, a);
            let open = if brace { "{\"a\":" } else { "[" };
            s.insert_str(i, &open.repeat(depth));
        }
        Mutation::Delete(a, n) => {
            let i = place(&s, a);
            let end: usize = s[i..].chars().take(n).map(char::len_utf8).sum::<usize>() + i;
            s.replace_range(i..end, "");
        }
        Mutation::Rename(a, b) => s = s.replacen(&format!("{a:?}"), &format!("{b:?}"), 1),
    }
    s
}

/// The byte ranges of the runs of ASCII digits in `s`.
fn digit_runs(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

/// A real puzzle with one to three mutations.
fn mutated() -> impl Strategy<Value = String> {
    (
        prop::sample::select(samples()),
        prop::collection::vec(mutation(), 1..=3),
    )
        .prop_map(|(text, ms)| ms.iter().fold(text, |s, m| apply(&s, m)))
}

/// JSON built from the f-puzzles vocabulary: objects whose keys are the
/// reader's, and values of every type, nested a few levels.
fn json_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::{Value, json};
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-3i64..80).prop_map(|n| json!(n)),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        "R[0-9]{1,2}C[0-9]{1,2}".prop_map(Value::String),
        "[0-9]{0,3}".prop_map(Value::String),
        ".{0,8}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 64, 10, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..10).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(KEYS), inner), 0..6).prop_map(|kv| {
                Value::Object(kv.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
            }),
        ]
    })
}

/// The keys of the constraints the reader supports.
const CONSTRAINTS: &[&str] = &[
    "killercage",
    "extraregion",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
];

/// A constraint's value for a board of `n`: mostly `true` or a list of
/// cages or regions of cells near the board (one past its edge at times)
/// with sums near their reach, and at times any JSON.
fn constraint_value(n: usize) -> impl Strategy<Value = serde_json::Value> {
    use serde_json::{Map, Value, json};
    let name = (1..=n + 1, 1..=n + 1).prop_map(|(r, c)| json!(format!("R{r}C{c}")));
    let most = n * (n + 1) / 2 + 1;
    let item = (
        prop::collection::vec(name, 1..=n),
        prop::option::of(prop_oneof![
            4 => (1..=most).prop_map(|s| json!(s.to_string())),
            1 => (1..=most).prop_map(|s| json!(s)),
            1 => json_value(),
        ]),
    )
        .prop_map(|(cells, value)| {
            let mut c = Map::new();
            c.insert("cells".into(), Value::Array(cells));
            if let Some(v) = value {
                c.insert("value".into(), v);
            }
            Value::Object(c)
        });
    prop_oneof![
        3 => Just(json!(true)),
        4 => prop::collection::vec(item, 0..4).prop_map(Value::Array),
        1 => json_value(),
    ]
}

/// A puzzle-shaped object: a small size; a grid of that shape (at times a
/// row short or a cell long) with a few givens, and regions that are a
/// valid map, a damaged one, or none; and a few constraints.
fn puzzle_shaped() -> impl Strategy<Value = String> {
    use serde_json::{Map, Value, json};
    (1usize..=6)
        .prop_flat_map(|n| {
            let cell = (0u8..24, 1..=n as i64, prop::option::of(any::<bool>()));
            let key = prop_oneof![
                4 => prop::sample::select(CONSTRAINTS),
                1 => prop::sample::select(KEYS),
            ];
            (
                Just(n),
                prop::collection::vec(cell, n * n),
                0u8..5,
                prop::collection::vec((key, constraint_value(n)), 0..4),
                0u8..10,
                json_value(),
            )
        })
        .prop_map(|(n, cells, layout, constraints, damage, odd)| {
            let h = (1..=n)
                .filter(|d| d * d <= n && n % d == 0)
                .max()
                .unwrap_or(1);
            let w = n / h;
            let mut grid: Vec<Vec<Value>> = (0..n)
                .map(|r| {
                    (0..n)
                        .map(|c| {
                            let (kind, value, given) = cells[r * n + c];
                            let mut o = Map::new();
                            match kind {
                                0..=2 => {
                                    o.insert("value".into(), json!(value));
                                }
                                3 => {
                                    o.insert("value".into(), odd.clone());
                                }
                                _ => {}
                            }
                            if let Some(g) = given {
                                o.insert("given".into(), json!(g));
                            }
                            let region = match layout {
                                1 => Some(json!(r)),
                                2 => Some(json!((r / h) * (n / w) + c / w)),
                                3 if kind == 4 => Some(json!(value)),
                                3 => Some(json!(r)),
                                4 if kind == 5 => None,
                                4 => Some(json!(c)),
                                _ => None,
                            };
                            if let Some(k) = region {
                                o.insert("region".into(), k);
                            }
                            Value::Object(o)
                        })
                        .collect()
                })
                .collect();
            match damage {
                0 => {
                    grid.pop();
                }
                1 => grid[0].push(json!({})),
                _ => {}
            }
            let mut o = Map::new();
            o.insert("size".into(), json!(n));
            o.insert("grid".into(), json!(grid));
            for (k, v) in constraints {
                if k != "size" && k != "grid" {
                    o.insert(k.to_owned(), v);
                }
            }
            Value::Object(o).to_string()
        })
}

/// A text as a bare load string or a link, in the ways links come.
fn as_load(json: &str, how: u8) -> String {
    let load = lz_str::compress_to_base64(json);
    match how % 5 {
        0 => load,
        1 => format!("https://www.f-puzzles.com/?load={load}"),
        2 => format!(
            "https://www.f-puzzles.com/?load={}&embed=true",
            load.replace('+', "%2B")
        ),
        3 => format!("  f-puzzles.com/?load={}  ", load.replace('+', " ")),
        _ => format!("see https://www.f-puzzles.com/?load={load}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_text_never_panics(text in "\\PC{0,300}") {
        let _ = check(&text);
        let _ = check(&format!("{{{text}"));
        let _ = check(&format!("N4Ig{text}"));
    }

    #[test]
    fn json_ish_text_never_panics(text in "\\{[{}\\[\\]\":, 0-9a-zRC+\\-.]{0,300}") {
        let _ = check(&text);
    }

    #[test]
    fn random_json_never_panics(v in json_value()) {
        let _ = check(&v.to_string());
    }

    #[test]
    fn puzzle_shaped_json_never_panics(text in puzzle_shaped()) {
        let _ = check(&text);
    }

    #[test]
    fn mutated_puzzles_never_panic(text in mutated()) {
        let _ = check(&text);
    }

}

// Fewer cases: lz-string compression is slow in a debug build.
proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// A load string or link reads as the text it carries: the same
    /// puzzle, or for text that is not a puzzle, an error.
    #[test]
    fn load_strings_read_as_their_text(text in prop_oneof![mutated(), puzzle_shaped(), "\\PC{0,100}"], how in any::<u8>()) {
        let direct = check(&text);
        let linked = check(&as_load(&text, how));
        if text.trim_start().starts_with('{') {
            prop_assert_eq!(linked, direct);
            // Real f-puzzles JSON opens with a quoted ASCII key, and its
            // bare load string with `N4Ig`; a wide third character changes that.
            let quoted = text.starts_with(r#"{""#)
                && text[2..].chars().next().is_some_and(|c| c.is_ascii_alphabetic());
            prop_assert!(fpuzzles::looks_like(&as_load(&text, how)) || !quoted);
        } else {
            prop_assert!(linked.is_err());
        }
    }

    /// Damaged load strings and links: cut, flipped, or random base64.
    #[test]
    fn damaged_load_strings_never_panic(
        text in prop_oneof![mutated(), "\\PC{0,100}"],
        how in any::<u8>(),
        m in mutation(),
        noise in "[A-Za-z0-9+/=%& -]{0,200}",
    ) {
        let _ = check(&apply(&as_load(&text, how), &m));
        let _ = check(&format!("N4Ig{noise}"));
        let _ = check(&format!("https://www.f-puzzles.com/?load={noise}"));
    }
}

/// The first `parse` error of `text`, as a message.
fn error(text: &str) -> String {
    match check(text) {
        Ok(()) => panic!("read: {text}"),
        Err(e) => e.to_string(),
    }
}

/// An empty grid of `n` rows of `n` cells.
fn grid(n: usize) -> String {
    let row = format!("[{}]", vec!["{}"; n].join(","));
    format!("[{}]", vec![row; n].join(","))
}

/// The 4×4 puzzle with no givens and `extra` after its grid.
fn four(extra: &str) -> String {
    format!(r#"{{"size":4,"grid":{}{extra}}}"#, grid(4))
}

#[test]
fn sizes_out_of_range_are_errors() {
    assert!(error(r#"{"size":0,"grid":[]}"#).contains("size should be a whole number from 1"));
    for n in ["401", "1000000", "18446744073709551615"] {
        let e = error(&format!(r#"{{"size":{n},"grid":[]}}"#));
        assert!(
            e.contains(&format!("a {n}x{n} board is not supported")),
            "{e}"
        );
    }
    for n in ["-1", "9.0", "3.5", "1e300", "\"9\"", "null", "[9]"] {
        let e = error(&format!(r#"{{"size":{n},"grid":{}}}"#, grid(9)));
        assert!(e.contains("size should be"), "{n}: {e}");
    }
    // Past what a float holds: not JSON serde_json reads.
    let e = error(&format!(r#"{{"size":1e999,"grid":{}}}"#, grid(9)));
    assert!(e.starts_with("invalid JSON: number out of range"), "{e}");
    // The smallest board reads and solves; 64×64, the largest, reads.
    check(&format!(r#"{{"size":1,"grid":{}}}"#, grid(1))).unwrap();
    let big = fpuzzles::parse(&format!(r#"{{"size":64,"grid":{}}}"#, grid(64))).unwrap();
    assert_eq!(big.puzzle.size(), 64);
}

#[test]
fn grids_of_the_wrong_shape_are_errors() {
    let cases = [
        (r#"{"size":4}"#.to_owned(), "missing field \"grid\""),
        (r#"{"grid":[]}"#.to_owned(), "missing field \"size\""),
        (
            r#"{"size":4,"grid":{}}"#.to_owned(),
            "grid should be a list of rows",
        ),
        (
            r#"{"size":4,"grid":[1,2,3,4]}"#.to_owned(),
            "grid row 1 should be a list of cells",
        ),
        (
            r#"{"size":4,"grid":[[1]]}"#.to_owned(),
            "cell R1C1 should be an object",
        ),
        (
            format!(r#"{{"size":4,"grid":{}}}"#, grid(3)),
            "grid has 3 entries, expected 4",
        ),
        (
            format!(r#"{{"size":4,"grid":{}}}"#, grid(5)),
            "grid has 5 entries, expected 4",
        ),
        (
            r#"{"size":2,"grid":[[{},{}],[{}]]}"#.to_owned(),
            "grid row 2 has 1 entries, expected 2",
        ),
        (
            r#"{"size":1,"grid":[[{}]],"solution":[1,1]}"#.to_owned(),
            "solution has 2 entries, expected 1",
        ),
        // Not starting with a brace: read as a load string.
        (r#"[]"#.to_owned(), "the f-puzzles link does not decompress"),
        ("{".to_owned(), "invalid JSON"),
        ("{}".to_owned(), "missing field \"size\""),
        ("".to_owned(), "the f-puzzles link does not decompress"),
    ];
    for (text, want) in cases {
        let e = error(&text);
        assert!(e.contains(want), "{text}: {e}");
    }
}

#[test]
fn regions_of_the_wrong_size_are_errors() {
    let cell = |k: &str| format!(r#"{{"region":{k}}}"#);
    let map = |ks: [[&str; 4]; 4]| {
        let rows = ks.map(|r| format!("[{}]", r.map(cell).join(",")));
        format!(r#"{{"size":4,"grid":[{}]}}"#, rows.join(","))
    };
    let good = [
        ["0", "0", "1", "1"],
        ["0", "0", "1", "1"],
        ["2", "2", "3", "3"],
        ["2", "2", "3", "3"],
    ];
    check(&map(good)).unwrap();
    let mut five = good;
    five[3][3] = "2";
    assert_eq!(error(&map(five)), "region 2 has 5 cells, expected 4");
    for bad in ["-1", "3.5", "1e30", "\"3\"", "true", "[3]"] {
        let mut odd = good;
        odd[3][3] = bad;
        assert_eq!(
            error(&map(odd)),
            "cell R4C4 region should be a whole number",
            "{bad}"
        );
    }
    let mut huge = good;
    huge[3][3] = "18446744073709551615";
    let e = error(&map(huge));
    assert!(
        e.contains("has 1 cells, expected 4") || e.contains("has 3 cells"),
        "{e}"
    );
}

#[test]
fn cage_sums_out_of_reach_are_errors() {
    let cage = |sum: &str| {
        four(&format!(
            r#","killercage":[{{"cells":["R1C1","R1C2"],"value":{sum}}}]"#
        ))
    };
    for sum in ["0", "\"0\""] {
        assert_eq!(
            error(&cage(sum)),
            "cage 1 of 2 cells cannot sum to 0: different values there sum to 3 to 7"
        );
    }
    for sum in [
        "1000000000000000000000000000000",
        "\"1000000000000000000000000000000\"",
        "1e30",
        "-3",
        "3.5",
        "\"3.5\"",
        "\"x\"",
        "true",
        "[3]",
    ] {
        assert_eq!(
            error(&cage(sum)),
            "killercage 1 value should be a whole number",
            "{sum}"
        );
    }
    // u64::MAX fits the type, not the cage.
    assert!(error(&cage("18446744073709551615")).contains("cannot sum to 18446744073709551615"));
    // No sum, or an empty one: a cage whose values differ.
    for sum in ["null", "\"\"", "\"  \""] {
        check(&cage(sum)).unwrap();
    }
    check(&cage("\" 7 \"")).unwrap();
}

#[test]
fn cell_names_off_the_board_or_malformed_are_errors() {
    let cage = |name: &str| four(&format!(r#","killercage":[{{"cells":["R1C1",{name}]}}]"#));
    let region = |name: &str| four(&format!(r#","extraregion":[{{"cells":[{name}]}}]"#));
    for (name, want) in [
        (r#""R0C1""#, "names cell R0C1, off the 4x4 board"),
        (r#""R1C0""#, "names cell R1C0, off the 4x4 board"),
        (r#""R1C99""#, "names cell R1C99, off the 4x4 board"),
        (
            r#""R99999999999999999999C1""#,
            "names cell R99999999999999999999C1, off the 4x4 board",
        ),
        (
            r#""R18446744073709551615C1""#,
            "names cell R18446744073709551615C1, off the 4x4 board",
        ),
        (r#""R-1C1""#, "which is not of the form R1C1"),
        (r#""R1""#, "which is not of the form R1C1"),
        (r#""""#, "which is not of the form R1C1"),
        ("11", r#"names cell "11", which is not"#),
        ("null", r#"names cell "null", which is not"#),
        (r#""R1C1""#, "names cell R1C1 twice"),
    ] {
        let e = error(&cage(name));
        assert!(
            e.starts_with("killercage 1 ") || e.starts_with("cage 1 "),
            "{name}: {e}"
        );
        assert!(e.contains(want), "{name}: {e}");
        assert!(
            error(&region(&format!(r#""R1C1",{name}"#))).contains("region 1"),
            "{name}"
        );
    }
    // Lower case reads as upper case.
    let lower = check(&four(
        r#","killercage":[{"cells":["r1c1","r1c2"],"value":"3"}]"#,
    ));
    assert!(lower.is_ok());
    assert!(
        error(&four(r#","killercage":[{"cells":"R1C1"}]"#))
            .contains("killercage 1 cells should be a list of cell names")
    );
    assert!(error(&four(r#","killercage":[{}]"#)).contains("killercage 1 cells should be"));
    assert!(error(&four(r#","killercage":[{"cells":[]}]"#)).contains("has no cells"));
    assert!(
        error(&four(r#","killercage":{"cells":["R1C1"]}"#)).contains("killercage should be a list")
    );
}

#[test]
fn odd_values_are_errors() {
    let given = |v: &str| {
        format!(
            r#"{{"size":4,"grid":[[{{"value":{v}}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]]}}"#
        )
    };
    for v in [
        "3.5",
        "\"3\"",
        "true",
        "[3]",
        "{}",
        "1e30",
        "18446744073709551615",
    ] {
        let e = error(&given(v));
        assert!(e.starts_with("cell R1C1 value should be"), "{v}: {e}");
    }
    for v in ["0", "-1", "5", "256", "9223372036854775807"] {
        let e = error(&given(v));
        assert!(e.contains("at R1C1 is out of range 1..=4"), "{v}: {e}");
    }
    check(&given("null")).unwrap();
    check(&given("4")).unwrap();
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    for (depth, open, close) in [
        (200, "[", "]"),
        (10_000, "[", "]"),
        (10_000, "{\"a\":", "}"),
        (1_000_000, "[", "]"),
    ] {
        let deep = open.repeat(depth);
        // Closed, as valid JSON nested deeper than serde_json reads.
        let closed = format!("{deep}1{}", close.repeat(depth));
        let mut texts = vec![
            format!(r#"{{"size":4,"grid":{closed}}}"#),
            format!(r#"{{"size":4,"grid":{deep}"#),
        ];
        if depth <= 10_000 {
            texts.extend([
                format!(r#"{{"size":4,"grid":{},"killercage":{closed}}}"#, grid(4)),
                format!(r#"{{"size":4,"grid":{},"title":{closed}}}"#, grid(4)),
                format!(r#"{{"size":4,"grid":{},"solution":{closed}}}"#, grid(4)),
                format!(r#"{{"size":{closed},"grid":{}}}"#, grid(4)),
                format!(r#"{{"a":{closed},"size":4,"grid":{}}}"#, grid(4)),
                format!(r#"{{"size":4,"grid":[[{{"value":{closed}}}]]}}"#),
                format!(r#"{{"size":4,"grid":{},"killercage":{deep}}}"#, grid(4)),
                format!(r#"{{"size":4,"title":{deep}"#),
                format!(r#"{{"size":{deep}"#),
                format!("{{{deep}"),
            ]);
        }
        for text in texts {
            let e = error(&text);
            assert!(
                e.starts_with("invalid JSON") || e.contains("should be"),
                "{}...: {e}",
                &text[..40]
            );
            // lz-string compression is slow in a debug build.
            if depth <= 10_000 {
                assert_eq!(error(&as_load(&text, 1)), e);
            }
        }
    }
}

#[test]
fn duplicate_keys_are_read_or_named() {
    // At the top level, the last of a repeated key counts; in a cell, a
    // repeated field is an error.
    let twice = format!(r#"{{"size":9,"size":4,"grid":{}}}"#, grid(4));
    check(&twice).unwrap();
    let cell = r#"{"size":1,"grid":[[{"value":1,"value":1}]]}"#;
    assert!(error(cell).contains("duplicate field"));
}

/// Thousands of constraints: read and searched in bounded time. Extra
/// regions cost the square of their number to add, so past 1000 they are an
/// error; cages cost their number.
#[test]
fn many_constraints_stay_fast() {
    let start = std::time::Instant::now();
    let pairs = |k: usize| vec![r#"{"cells":["R1C1","R2C2"]}"#; k].join(",");
    check(&four(&format!(r#","extraregion":[{}]"#, pairs(1000)))).unwrap();
    assert_eq!(
        error(&four(&format!(r#","extraregion":[{}]"#, pairs(1001)))),
        "extraregion has 1001 entries, more than the 1000 ndoku reads"
    );
    check(&four(&format!(r#","killercage":[{}]"#, pairs(20_000)))).unwrap();
    // The largest board, with 1000 extra regions of 64 cells each: its rows.
    let row = |r: usize| {
        let cells: Vec<String> = (1..=64)
            .map(|c| format!(r#""R{}C{c}""#, r % 64 + 1))
            .collect();
        format!(r#"{{"cells":[{}]}}"#, cells.join(","))
    };
    let rows: Vec<String> = (0..1000).map(row).collect();
    let big = format!(
        r#"{{"size":64,"grid":{},"extraregion":[{}]}}"#,
        grid(64),
        rows.join(",")
    );
    assert_eq!(fpuzzles::parse(&big).unwrap().puzzle.size(), 64);
    let elapsed = start.elapsed();
    assert!(elapsed.as_secs() < 20, "{elapsed:?}");
}

#[test]
fn the_samples_read_and_solve() {
    for text in samples() {
        let read = fpuzzles::parse(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        check_puzzle(&read.puzzle);
        if let Some(s) = &read.solution {
            assert!(read.puzzle.rules().check(s).is_ok());
        }
        assert_eq!(check(&as_load(&text, 0)), Ok(()));
    }
}

/// A bare load string of JSON opening with any ASCII key is recognised,
/// whatever the key's first letter.
#[test]
fn bare_load_strings_of_any_key_look_like_fpuzzles() {
    for c in ('a'..='z').chain('A'..='Z') {
        let json = format!(r#"{{"{c}ize":4,"grid":[]}}"#);
        let load = lz_str::compress_to_base64(&json);
        assert!(fpuzzles::looks_like(&load), "{json} as {load}");
    }
}
