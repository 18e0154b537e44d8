//! SudokuPad's own format (`scl` and `ctc` payloads) read by
//! `ndoku::text::fpuzzles::parse`: givens, regions and killer cages come
//! through, plain and zipped, from links and bare payloads; drawings that may
//! be rules, and every malformed payload, are clear errors, never a panic.

use ndoku::text::fpuzzles::{self, FpuzzlesError};
use ndoku::{Puzzle, Rules};
use serde_json::{Value, json};

/// SudokuPad's JSON of `puzzle`: its cells and givens, its houses of the
/// layout as `regions`, and its cages with their sums. Written here from
/// the puzzle, so that reading it back checks every part.
fn scl_of(puzzle: &Puzzle) -> Value {
    let rules = puzzle.rules();
    let n = rules.size();
    let cells: Vec<Vec<Value>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| match puzzle.get(r, c) {
                    Some(v) => json!({ "value": v }),
                    None => json!({}),
                })
                .collect()
        })
        .collect();
    let map = rules.geometry().region_map();
    let count = map.iter().max().map_or(0, |&k| k + 1);
    let regions: Vec<Vec<[usize; 2]>> = (0..count)
        .map(|k| {
            (0..n * n)
                .filter(|&i| map[i] == k)
                .map(|i| [i / n, i % n])
                .collect()
        })
        .collect();
    let cages: Vec<Value> = rules
        .cages()
        .iter()
        .map(|cage| {
            let cells: Vec<[usize; 2]> = cage
                .cells()
                .iter()
                .map(|&i| [i as usize / n, i as usize % n])
                .collect();
            json!({ "cells": cells, "value": cage.sum().expect("a killer cage") })
        })
        .collect();
    json!({ "id": "test", "cellSize": 50, "cells": cells, "regions": regions, "cages": cages })
}

/// The payload of `scl` as a link carries it: lz-string in base64.
fn packed(scl: &str) -> String {
    lz_str::compress_to_base64(scl)
}

/// A 6×6 killer (janko) with a jigsaw layout and two givens.
fn jigsaw_killer() -> Puzzle {
    let json = r#"{"size":6,"grid":[
        [{"region":0,"value":4,"given":true},{"region":0},{"region":0},{"region":1},{"region":1},{"region":1}],
        [{"region":0},{"region":0},{"region":2},{"region":1},{"region":1},{"region":1}],
        [{"region":0},{"region":2},{"region":2},{"region":2},{"region":3},{"region":3}],
        [{"region":4},{"region":4},{"region":2},{"region":2},{"region":3},{"region":3}],
        [{"region":4},{"region":4},{"region":5},{"region":5},{"region":3},{"region":3}],
        [{"region":4},{"region":4},{"region":5},{"region":5},{"region":5},{"region":5,"value":3,"given":true}]],
        "killercage":[{"cells":["R1C2","R1C3"],"value":"8"},{"cells":["R6C4","R6C5"],"value":"8"},
        {"cells":["R3C4","R3C5"],"value":"4"}]}"#;
    fpuzzles::parse(json).expect("valid f-puzzles").puzzle
}

/// A 4×4 in SCL: R1C1 = 1, R4C4 = 3, the boxes as regions, one cage of 5
/// over R1C2 and R1C3, and a title as SudokuPad's metadata.
const TINY: &str = r#"{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":"3"}]],
 "regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],
 "cages":[{"cells":[[0,1],[0,2]],"value":5},{"value":"title: Tiny"},{"value":"author: Me"}]}"#;

/// TINY zipped as SudokuPad zips it: keys short and bare, empty cells left
/// out of their rows, strings in single quotes.
const TINY_ZIPPED: &str = "{ce:[[{v:1},,,],[,,,],[,,,],[,,,{v:3}]],\
 re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],\
 ca:[{ce:[[0,1],[0,2]],v:5,c:'#000000',c1:FF00AA,unique:t},{v:'title: Tiny'},{v:'author: Me'}]}";

fn tiny_expected() -> Puzzle {
    let rules = Rules::classic(4)
        .unwrap()
        .with_cage(&[(0, 1), (0, 2)], Some(5))
        .unwrap();
    let mut givens = vec![0u16; 16];
    givens[0] = 1;
    givens[15] = 3;
    Puzzle::from_cells(rules, &givens).unwrap()
}

#[test]
fn givens_regions_and_cages_come_through() {
    let expected = tiny_expected();
    for scl in [TINY.to_owned(), TINY_ZIPPED.to_owned()] {
        for prefix in ["scl", "ctc"] {
            let read = fpuzzles::parse(&format!("{prefix}{}", packed(&scl))).unwrap();
            assert_eq!(read.puzzle, expected, "{scl}");
            assert_eq!(read.title.as_deref(), Some("Tiny"));
            assert_eq!(read.other.get("author"), Some(&json!("Me")));
            let solution = read.puzzle.solve().expect("solvable");
            assert!(solution.is_solved());
            let values = solution.cells();
            assert_eq!((values[0], values[15]), (1, 3));
            assert_eq!(values[1] + values[2], 5);
        }
    }
}

#[test]
fn every_link_form_reads_the_same() {
    let expected = tiny_expected();
    let load = packed(TINY_ZIPPED);
    assert!(
        load.contains('+') || load.contains('/'),
        "a payload to escape: {load}"
    );
    for link in [
        format!("https://sudokupad.app/scl{load}"),
        format!("https://sudokupad.app/ctc{load}?setting-nogrid=1"),
        format!("https://sudokupad.app/?puzzleid=scl{load}&setting-x=1"),
        format!("https://sudokupad.app/sudoku/scl{load}#top"),
        format!("https://crackingthecryptic.com/sudoku/?puzzleid=ctc{load}"),
        format!(
            "sudokupad.app/scl{}",
            load.replace('+', "%2B").replace('/', "%2F")
        ),
        format!("https://sudokupad.app/scl{}", load.replace('+', " ")),
        format!("  ctc{load}  "),
    ] {
        assert!(fpuzzles::looks_like(&link), "{link}");
        assert_eq!(
            ndoku::text::TextFormat::of(&link),
            ndoku::text::TextFormat::Fpuzzles
        );
        assert_eq!(fpuzzles::parse(&link).unwrap().puzzle, expected, "{link}");
        assert_eq!(ndoku::text::read(&link).unwrap(), expected, "{link}");
    }
    // Not compressed: SCL as it is, percent-encoded in a link.
    let raw = TINY_ZIPPED
        .replace('{', "%7B")
        .replace('}', "%7D")
        .replace(' ', "%20")
        .replace('#', "%23");
    let read = fpuzzles::parse(&format!("https://sudokupad.app/scl{raw}")).unwrap();
    assert_eq!(read.puzzle, expected);
}

#[test]
fn regions_make_boxes_or_a_jigsaw_and_round_trip() {
    for puzzle in [
        jigsaw_killer(),
        Puzzle::parse_classic(
            "..329..4.5....6......1...6......17388..9....6.....3...2....9.5.....2.4....4635...",
        )
        .unwrap(),
    ] {
        let scl = scl_of(&puzzle).to_string();
        let read = fpuzzles::parse(&format!("https://sudokupad.app/scl{}", packed(&scl))).unwrap();
        assert_eq!(read.puzzle, puzzle, "{scl}");
        // What ndoku writes of it reads back the same.
        assert_eq!(fpuzzles::parse(&read.to_json()).unwrap(), read);
        assert_eq!(fpuzzles::parse(&read.to_link()).unwrap().puzzle, puzzle);
    }
    let jigsaw = fpuzzles::parse(&format!(
        "scl{}",
        packed(&scl_of(&jigsaw_killer()).to_string())
    ))
    .unwrap()
    .puzzle;
    assert!(jigsaw.rules().geometry().box_shape().is_none());
    assert_eq!(jigsaw.rules().cages().len(), 3);
    // The solution keeps the givens, the regions and the cages.
    let solution = jigsaw.solve().expect("solvable");
    assert!(solution.is_solved());
    assert!(jigsaw.rules().check(solution.cells()).is_ok());
    assert_eq!((solution.get(0, 0), solution.get(5, 5)), (Some(4), Some(3)));
}

#[test]
fn a_cage_marked_not_unique_is_a_sum_and_metadata_gives_the_solution() {
    let scl = TINY.replace(
        r#""value":5}"#,
        r#""value":5,"unique":false},{"value":"solution: 1234341243212143"}"#,
    );
    let read = fpuzzles::parse(&format!("scl{}", packed(&scl))).unwrap();
    assert!(read.puzzle.rules().cages().is_empty());
    assert_eq!(read.puzzle.rules().constraints().len(), 1);
    assert_eq!(
        read.solution,
        Some(vec![1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3])
    );
}

/// The message of reading `scl` as an `scl` payload.
fn error_of(scl: &str) -> String {
    match fpuzzles::parse(&format!("scl{}", packed(scl))) {
        Ok(read) => panic!("read {scl} as {:?}", read.puzzle),
        Err(e) => e.to_string(),
    }
}

#[test]
fn drawings_that_may_be_rules_are_refused_by_name() {
    let with = |extra: &str| TINY.replacen('{', &format!("{{{extra},"), 1);
    assert_eq!(
        error_of(&with(
            r#""lines":[{"wayPoints":[[0.5,0.5],[1.5,1.5]]},{"wayPoints":[[2.5,0.5],[3.5,1.5]]},{"wayPoints":[]}]"#
        )),
        "sudokupad payload draws 3 lines; ndoku reads givens, regions and killer cages from it; \
         export it as f-puzzles"
    );
    assert_eq!(
        error_of(&with(
            r#""arrows":[{"wayPoints":[[0.5,0.5],[1.5,1.5]]}],"overlays":[{"center":[1,1]},{"center":[2,2]}],"foglight":[[0,0]]"#
        )),
        "sudokupad payload draws 1 arrow and 2 overlays, and holds \"foglight\"; ndoku reads \
         givens, regions and killer cages from it; export it as f-puzzles"
    );
    // A cage with no total may be a killer cage without a sum, or an outline.
    let outline = TINY.replace(
        r#"{"value":"title: Tiny"}"#,
        r#"{"cells":[[2,2],[3,3]]},{"cells":[[2,0]],"value":"A"}"#,
    );
    assert!(error_of(&outline).contains("draws 2 cages without a total;"));
    // Empty drawings are none, and the zipped keys are read as theirs.
    let empty = with(r#""lines":[],"underlays":null,"settings":{"nogrid":true}"#);
    assert_eq!(
        fpuzzles::parse(&format!("scl{}", packed(&empty)))
            .unwrap()
            .puzzle,
        tiny_expected()
    );
    let zipped = TINY_ZIPPED.replacen('{', "{l:[{wp:[[0.5,0.5],[1.5,1.5]],th:2}],", 1);
    assert!(error_of(&zipped).contains("draws 1 line;"));
}

#[test]
fn every_bad_payload_is_a_clear_error() {
    let cases: Vec<(String, &str)> = vec![
        (
            TINY.replace(r#""value":1}"#, r#""value":5}"#),
            "value 5 at R1C1 is out of range 1..=4",
        ),
        (
            TINY.replace(r#""value":1}"#, r#""value":"x"}"#),
            "cell R1C1 value should be a whole number",
        ),
        (
            TINY.replace("[[0,1],[0,2]]", "[[0,1],[0,4]]"),
            "cage 1 cells names cell R1C5, off the 4x4 board",
        ),
        (
            TINY.replace("[[0,1],[0,2]]", "[[0,1],\"R1C3\"]"),
            "cage 1 cells should be a cell [row, column]",
        ),
        (
            TINY.replace("[[0,1],[0,2]]", "[[0,1],[0,1]]"),
            "cage 1 names cell R1C2 twice",
        ),
        (
            TINY.replace("[[0,0],[0,1],[1,0],[1,1]]", "[[0,0],[0,1],[1,0],[0,2]]"),
            "region 2 cell R1C3 should be a cell of no other region",
        ),
        (
            TINY.replace("[[0,0],[0,1],[1,0],[1,1]]", "[[0,0],[0,1],[1,0]]"),
            "cell R2C2 is in no region",
        ),
        (
            TINY.replace(
                "[[0,0],[0,1],[1,0],[1,1]]",
                "[[0,0],[0,1],[1,0],[1,1],[1,1]]",
            ),
            "region 1 cell R2C2 should be a cell of no other region",
        ),
        (
            TINY.replace(r#",{"value":"3"}"#, ""),
            "cells row 4 has 3 entries, expected 4",
        ),
        (
            TINY.replace(r#"{"value":"3"}"#, "5"),
            "cell R4C4 should be an object",
        ),
        (
            TINY.replace(r#"{"value":"3"}"#, r#"{"value":"3"},{}"#),
            "cells row 4 has 5 entries, expected 4",
        ),
        (
            TINY.replace(r#""regions""#, r#""regionz""#),
            "missing field \"regions\"",
        ),
        (
            TINY.replace(r#""cells""#, r#""cellz""#),
            "missing field \"cells\"",
        ),
        (
            "[1,2,3]".to_owned(),
            "the SudokuPad puzzle should be an object",
        ),
        (
            r#"{"cells":[]}"#.to_owned(),
            "cells should be a list of rows",
        ),
        (
            "{ce:[[,],[,]],re:[[[0,0],[0,1]],[[1,0],[1,1]]]".to_owned(),
            "the SudokuPad payload is not JSON, plain or zipped: expected `,` or `}` at byte 46",
        ),
        (
            "{ce:[[,],[,]],re:[[[0,0],[0,1]],[[1,0],[1,1]]]}x".to_owned(),
            "the SudokuPad payload is not JSON, plain or zipped: expected the end at byte 47",
        ),
        (
            "{ce:'unclosed}".to_owned(),
            "the SudokuPad payload is not JSON, plain or zipped: expected a closed string at byte 4",
        ),
        (
            "{ce:nope}".to_owned(),
            "the SudokuPad payload is not JSON, plain or zipped: expected a value at byte 4",
        ),
        (
            format!("{}1{}", "[".repeat(200), "]".repeat(200)),
            "the SudokuPad payload is not JSON, plain or zipped: expected less nesting at byte 129",
        ),
    ];
    for (scl, message) in cases {
        assert_eq!(error_of(&scl), message, "{scl}");
    }
    for (text, e) in [
        (
            "https://sudokupad.app/sclN4Igzg",
            FpuzzlesError::PadCompressed {
                prefix: "scl".into(),
            },
        ),
        (
            "ctc%%%%",
            FpuzzlesError::PadCompressed {
                prefix: "ctc".into(),
            },
        ),
        (
            "https://sudokupad.app/ctc$$$$",
            FpuzzlesError::PadCompressed {
                prefix: "ctc".into(),
            },
        ),
        ("https://sudokupad.app/", FpuzzlesError::SudokuPad),
        (
            "https://sudokupad.app/?setting-nogrid=1",
            FpuzzlesError::SudokuPad,
        ),
        (
            "https://sudokupad.app/someone/my-puzzle",
            FpuzzlesError::PadRemote("someone/my-puzzle".into()),
        ),
        (
            "https://sudokupad.app/scfABCDEF",
            FpuzzlesError::PadFormat("scf".into()),
        ),
    ] {
        assert_eq!(fpuzzles::parse(text).unwrap_err(), e, "{text}");
    }
    assert_eq!(
        FpuzzlesError::PadRemote("someone/my-puzzle".into()).to_string(),
        "the SudokuPad link names puzzle \"someone/my-puzzle\", kept on SudokuPad's server; \
         ndoku reads links that carry the puzzle (`scl`, `ctc` or `fpuzzles` payloads)"
    );
}

#[test]
fn mangled_payloads_never_panic() {
    // Every cut and every one-character change of the zipped and plain
    // texts, and of their compressed payloads: a puzzle or an error.
    let mut seen_errors = 0;
    for scl in [TINY, TINY_ZIPPED] {
        let load = packed(scl);
        let mut texts = Vec::new();
        for cut in 0..scl.len() {
            if scl.is_char_boundary(cut) {
                texts.push(format!("scl{}", packed(&scl[..cut])));
            }
        }
        for (i, _) in scl.char_indices() {
            for with in [
                "", "[", "]", "{", "}", ",", ":", "'", "\"", "\\", "9", "-1", "t", "#0",
            ] {
                let mut s = scl.to_owned();
                s.replace_range(i..i + 1, with);
                texts.push(format!("ctc{}", packed(&s)));
            }
        }
        for cut in 1..load.len() {
            texts.push(format!("scl{}", &load[..cut]));
        }
        for text in texts {
            match fpuzzles::parse(&text) {
                Ok(read) => assert_eq!(read.puzzle.size(), 4),
                Err(e) => {
                    let m = e.to_string();
                    assert!(!m.is_empty() && !m.ends_with('.'), "{m}");
                    seen_errors += 1;
                }
            }
        }
    }
    assert!(seen_errors > 100);
}
