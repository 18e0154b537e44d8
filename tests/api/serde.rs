//! The `serde` feature: boards as strings in JSON (human-readable), as cell
//! bytes in CBOR (binary), and errors rather than panics for bad input.

use crate::common;

use common::{Rng, blank, pattern_grid, shuffle_grid};
use ndoku::{AnyBoard, Board, Board9, Board64};
use serde::{Deserialize, Serialize};

/// A half-empty board of each size, from the closed-form grid: not made by
/// the code under test.
fn sample<const BOX: usize>(seed: u64) -> Board<BOX> {
    let mut rng = Rng::new(seed);
    let cells = shuffle_grid(BOX, &pattern_grid(BOX), &mut rng);
    let full = Board::<BOX>::from_cells(&cells).unwrap();
    blank(&full, full.as_bytes().len() / 2, &mut rng)
}

fn to_cbor<T: Serialize>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    ciborium::into_writer(value, &mut out).unwrap();
    out
}

fn from_cbor<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, String> {
    ciborium::from_reader(bytes).map_err(|e| e.to_string())
}

fn round_trips<const BOX: usize>()
where
    AnyBoard: From<Board<BOX>>,
{
    for seed in 0..3 {
        let board = sample::<BOX>(seed);
        // JSON: the board is its line string (tokens on 64×64).
        let json = serde_json::to_string(&board).unwrap();
        assert_eq!(json, format!("\"{board}\""));
        assert_eq!(serde_json::from_str::<Board<BOX>>(&json).unwrap(), board);
        // CBOR: the board is its cells as one byte string.
        let cbor = to_cbor(&board);
        assert!(
            cbor.len() < board.as_bytes().len() + 8,
            "{} bytes",
            cbor.len()
        );
        assert_eq!(from_cbor::<Board<BOX>>(&cbor).unwrap(), board);
        // AnyBoard: the same encodings, the size read back from the data.
        let any = AnyBoard::from(board.clone());
        assert_eq!(serde_json::to_string(&any).unwrap(), json);
        assert_eq!(serde_json::from_str::<AnyBoard>(&json).unwrap(), any);
        assert_eq!(to_cbor(&any), cbor);
        assert_eq!(from_cbor::<AnyBoard>(&cbor).unwrap(), any);
    }
}

#[test]
fn every_size_round_trips() {
    round_trips::<2>();
    round_trips::<3>();
    round_trips::<4>();
    round_trips::<5>();
    round_trips::<6>();
    round_trips::<7>();
    round_trips::<8>();
}

#[test]
fn boards_inside_other_types() {
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Saved {
        name: String,
        puzzle: Board9,
        boards: Vec<AnyBoard>,
    }
    let saved = Saved {
        name: "tutorial".into(),
        puzzle: "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63.."
            .parse()
            .unwrap(),
        boards: vec![AnyBoard::empty(4).unwrap(), sample::<4>(7).into()],
    };
    let json = serde_json::to_string(&saved).unwrap();
    assert!(json.contains(r#""puzzle":"31.5784.2.29"#), "{json}");
    assert_eq!(serde_json::from_str::<Saved>(&json).unwrap(), saved);
    assert_eq!(from_cbor::<Saved>(&to_cbor(&saved)).unwrap(), saved);
}

#[test]
fn any_readable_format_deserializes() {
    // Grid text and token text, not only what serializing writes.
    let grid = "\"1 2 | 3 4\\n. . | . .\\n----+----\\n. . | . .\\n. . | . 1\\n\"";
    let board: Board<2> = serde_json::from_str(grid).unwrap();
    assert_eq!(board.givens(), 5);
    let tokens = format!("\"1{}\"", ",0".repeat(15));
    assert_eq!(
        serde_json::from_str::<Board<2>>(&tokens).unwrap().givens(),
        1
    );
    // An array of numbers is read as raw cells.
    let mut cells = vec![0u8; 16];
    cells[5] = 4;
    let array = serde_json::to_string(&cells).unwrap();
    assert_eq!(
        serde_json::from_str::<Board<2>>(&array).unwrap().get(1, 1),
        Some(4)
    );
    assert_eq!(serde_json::from_str::<AnyBoard>(&array).unwrap().size(), 4);
}

#[test]
fn bad_text_is_an_error_with_the_parse_message() {
    let cases: [(&str, &str); 5] = [
        (
            "\"12x4............\"",
            "invalid character 'x' at row 1, column 3",
        ),
        ("\"1234\"", "expected 16 cells for a 4x4 board, found 4"),
        (
            "\"11..............\"",
            "conflicts with the same value at row 1, column 1",
        ),
        ("\"\"", "no cells found"),
        ("17", "invalid type"),
    ];
    for (json, message) in cases {
        let e = serde_json::from_str::<Board<2>>(json)
            .unwrap_err()
            .to_string();
        assert!(e.contains(message), "{json}: {e}");
        let e = serde_json::from_str::<AnyBoard>(json)
            .unwrap_err()
            .to_string();
        if json != "\"1234\"" {
            assert!(e.contains(message), "{json}: {e}");
        }
    }
    // A 9×9 line is no 64×64 board, and a 20-cell line is no board at all.
    let nine = format!("\"{}\"", ".".repeat(81));
    assert!(serde_json::from_str::<Board64>(&nine).is_err());
    let e = serde_json::from_str::<AnyBoard>(&format!("\"{}\"", ".".repeat(20)))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("20 cells fit no board: the nearest are 4x4 (16 cells) and 9x9 (81 cells)"),
        "{e}"
    );
    // Not UTF-8 and NUL bytes inside the string.
    assert!(serde_json::from_str::<Board<2>>("\"\\u0000\\u0000\"").is_err());
    assert!(serde_json::from_slice::<Board<2>>(b"\"\xff\xfe\"").is_err());
}

#[test]
fn bad_cells_are_an_error() {
    // A value above N, two equal values in a row, the wrong number of cells.
    let mut cells = vec![0u8; 16];
    cells[0] = 5;
    let e = from_cbor::<Board<2>>(&to_cbor(&serde_bytes(&cells))).unwrap_err();
    assert!(
        e.contains("value 5 at row 1, column 1 is out of range 1..=4"),
        "{e}"
    );
    cells[0] = 1;
    cells[3] = 1;
    let e = from_cbor::<Board<2>>(&to_cbor(&serde_bytes(&cells))).unwrap_err();
    assert!(e.contains("conflicts"), "{e}");
    for len in [0, 15, 17, 80, 82, 5000] {
        let cells = vec![0u8; len];
        assert!(
            from_cbor::<Board<3>>(&to_cbor(&serde_bytes(&cells))).is_err(),
            "{len}"
        );
        assert!(
            from_cbor::<AnyBoard>(&to_cbor(&serde_bytes(&cells))).is_err(),
            "{len}"
        );
    }
    let e = from_cbor::<Board<3>>(&to_cbor(&serde_bytes(&[0; 80]))).unwrap_err();
    assert!(
        e.contains("expected 81 cells for a 9x9 board, found 80"),
        "{e}"
    );
    // A JSON array longer than any board is refused.
    let long = serde_json::to_string(&vec![0u8; 5000]).unwrap();
    assert!(serde_json::from_str::<AnyBoard>(&long).is_err());
    let e = serde_json::from_str::<Board9>("[0, 300]")
        .unwrap_err()
        .to_string();
    assert!(e.contains("300"), "{e}");
}

/// Bytes that serialize as a CBOR byte string (a `Vec<u8>` would be an array).
fn serde_bytes(cells: &[u8]) -> ciborium::Value {
    ciborium::Value::Bytes(cells.to_vec())
}

/// Generated puzzles and their difficulty serialize; outcomes, counts, stats,
/// levels and symmetries round-trip: a web backend returns them as they are.
#[test]
fn puzzles_outcomes_counts_and_stats_round_trip() {
    use ndoku::{Board4, Count, Generator, Level, Outcome, Solver, Symmetry};
    let puzzle = Generator::<2>::new(3).generate().unwrap();
    let json = serde_json::to_string(&puzzle).unwrap();
    assert!(json.contains(&format!("\"{}\"", puzzle.board)), "{json}");
    // Serialize only: a puzzle read back could not be trusted to be unique.
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["solution"], puzzle.solution.to_string());
    assert_eq!(value["difficulty"]["guesses"], puzzle.difficulty.guesses);
    assert_eq!(value["minimal"], puzzle.minimal);
    assert!(!to_cbor(&puzzle).is_empty());
    let mut solver = Solver::new();
    let outcomes = [
        solver.solve(&puzzle.board),
        Outcome::Unsolvable,
        Outcome::GaveUp,
    ];
    for outcome in outcomes {
        let json = serde_json::to_string(&outcome).unwrap();
        assert_eq!(
            serde_json::from_str::<Outcome<Board<2>>>(&json).unwrap(),
            outcome
        );
    }
    assert_eq!(
        serde_json::to_string(&Outcome::<Board<2>>::GaveUp).unwrap(),
        "\"gave_up\""
    );
    for count in [Count::Exact(1), Count::AtLeast(2), Count::GaveUp(0)] {
        let json = serde_json::to_string(&count).unwrap();
        assert_eq!(serde_json::from_str::<Count>(&json).unwrap(), count);
    }
    assert_eq!(
        serde_json::to_string(&Count::Exact(1)).unwrap(),
        r#"{"exact":1}"#
    );
    let _ = solver.count(&Board4::new(), 3);
    let stats = solver.stats();
    let json = serde_json::to_string(&stats).unwrap();
    assert!(json.contains("\"guesses\""), "{json}");
    assert_eq!(
        serde_json::from_str::<ndoku::engine::Stats>(&json).unwrap(),
        stats
    );
    for s in Symmetry::ALL {
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, format!("\"{s}\""));
        assert_eq!(serde_json::from_str::<Symmetry>(&json).unwrap(), s);
    }
    assert_eq!(serde_json::to_string(&Level::Hard).unwrap(), "\"hard\"");
    // Stats from a version with fewer counters still read.
    let old: ndoku::engine::Stats = serde_json::from_str(r#"{"guesses": 3}"#).unwrap();
    assert_eq!(old.guesses, 3);
}

#[test]
fn rules_and_variants_round_trip_and_are_checked() {
    use ndoku::model::ChessRule;
    use ndoku::{Puzzle, Rules};
    let map = [0, 1, 1, 0, 0, 1, 1, 0, 2, 2, 3, 3, 2, 2, 3, 3];
    let sets = [
        Rules::boxes(2, 3)
            .unwrap()
            .with_diagonals()
            .with_cage(&[(0, 0), (0, 1)], Some(3))
            .unwrap(),
        Rules::jigsaw(4, &map)
            .unwrap()
            .with_region(&[(0, 0), (3, 3)])
            .unwrap()
            .with_cage(&[(1, 1), (2, 2)], None)
            .unwrap(),
        Rules::classic(9)
            .unwrap()
            .with_windows()
            .unwrap()
            .with_disjoint_groups()
            .unwrap(),
        Rules::classic(9).unwrap().with_chess(ChessRule::AntiKnight),
    ];
    for rules in sets {
        let json = serde_json::to_string(&rules).unwrap();
        let back: Rules = serde_json::from_str(&json).unwrap();
        assert_eq!(back, rules, "{json}");
        let solution = Puzzle::new(rules.clone())
            .solve()
            .expect("these rules admit grids");
        let json = serde_json::to_string(&solution).unwrap();
        assert_eq!(serde_json::from_str::<Puzzle>(&json).unwrap(), solution);
        let mut broken = solution.cells().to_vec();
        broken.swap(0, 1);
        let json =
            serde_json::to_string(&serde_json::json!({ "rules": rules, "cells": broken })).unwrap();
        let err = serde_json::from_str::<Puzzle>(&json)
            .unwrap_err()
            .to_string();
        assert!(err.contains("repeats") || err.contains("sums to"), "{err}");
    }
    let err =
        serde_json::from_str::<Rules>(r#"{"size":4,"regions":[0,0,0,0,1,1,1,1,2,2,2,2,3,3,3]}"#)
            .unwrap_err()
            .to_string();
    assert!(err.contains("needs 16 cells, found 15"), "{err}");
    let err = serde_json::from_str::<Rules>(r#"{"size":6,"boxes":[2,2]}"#)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("boxes of 2x2 do not tile a 6x6 board"),
        "{err}"
    );
    let err = serde_json::from_str::<Rules>(r#"{"size":4,"cages":[{"cells":[0,16],"sum":5}]}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("off the 4x4 board"), "{err}");
}

use crate::game::tutorial;

/// A game in progress (entries, a wrong one, marks, an undo history)
/// saves as JSON and reloads equal: its hint, undo and marks are those of
/// the game saved. Hints, steps and ratings round-trip too.
#[test]
fn a_game_in_progress_saves_and_reloads() {
    use ndoku::model::Cell;
    use ndoku::{Game, Hint, Logic};
    let puzzle = tutorial();
    let solution = puzzle.solve().unwrap();
    let n = puzzle.size();
    let at = |c: usize| Cell::from_index(c, n);
    let mut game = Game::new(puzzle.clone());
    let open: Vec<usize> = (0..n * n).filter(|&c| puzzle.cells()[c] == 0).collect();
    for &c in &open[..5] {
        game.enter(at(c), solution.cells()[c]).unwrap();
    }
    let wrong = open[6];
    let bad = solution.cells()[wrong] % 9 + 1;
    game.enter(at(wrong), bad).unwrap();
    let marked = open[8];
    let keep = solution.cells()[marked];
    game.set_candidates(at(marked), &[keep, keep % 9 + 1])
        .unwrap();
    let json = serde_json::to_string(&game).unwrap();
    // The history names its cells, as steps and hints do.
    let saved: serde_json::Value = serde_json::from_str(&json).unwrap();
    let last = &saved["history"][6]["marks"];
    assert_eq!(last["cell"], at(marked).to_string(), "{json}");
    let mut back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.value(at(wrong)), Some(bad));
    assert_eq!(back.candidates(at(marked)), game.candidates(at(marked)));
    let hint = Logic::new().hint(&back).unwrap();
    assert_eq!(hint, Logic::new().hint(&game).unwrap());
    assert!(
        matches!(&hint, Hint::Mistakes { entries, .. } if entries == &[at(wrong)]),
        "{hint:?}"
    );
    // A hint's cells are written by name, and read back.
    let hint_json = serde_json::to_string(&hint).unwrap();
    assert_eq!(
        hint_json,
        format!(
            r#"{{"mistakes":{{"entries":["{}"],"marks":[]}}}}"#,
            at(wrong)
        )
    );
    assert_eq!(serde_json::from_str::<Hint>(&hint_json).unwrap(), hint);
    // The undo history came along: undoing the wrong entry leaves a step.
    assert!(back.undo() && back.undo());
    assert_eq!(back.value(at(wrong)), None);
    let Hint::Step(step) = Logic::new().hint(&back).unwrap() else {
        panic!("no step after undo");
    };
    let step_json = serde_json::to_string(&step).unwrap();
    assert!(step_json.contains("\"explanation\""), "{step_json}");
    // Cells are written by name, on the highlight's board.
    let value: serde_json::Value = serde_json::from_str(&step_json).unwrap();
    let named = |key: &str, pairs: Vec<(ndoku::model::Cell, u16)>| {
        let want: Vec<serde_json::Value> = pairs
            .iter()
            .map(|(c, v)| serde_json::json!([c.to_string(), v]))
            .collect();
        assert_eq!(value[key], serde_json::Value::from(want), "{step_json}");
    };
    named("placements", step.placements().collect());
    named("eliminations", step.eliminations().collect());
    assert_eq!(value["highlight"]["size"], 9, "{step_json}");
    let cells: Vec<String> = step.highlight.cells().map(|c| c.to_string()).collect();
    assert!(!cells.is_empty() && cells.iter().all(|c| c.starts_with('R')));
    assert_eq!(value["highlight"]["cells"], serde_json::json!(cells));
    // Houses by name too.
    let houses: Vec<String> = step.highlight.houses().map(|h| h.to_string()).collect();
    assert_eq!(value["highlight"]["houses"], serde_json::json!(houses));
    // A cell off the board, or no cell name, is an error that says so.
    let small = step_json.replace("\"size\":9", "\"size\":1");
    let err = serde_json::from_str::<ndoku::Step>(&small).unwrap_err();
    assert!(err.to_string().contains("off the 1×1 board"), "{err}");
    let bad = step_json.replacen("\"R", "\"X", 1);
    let err = serde_json::from_str::<ndoku::Step>(&bad).unwrap_err();
    assert!(err.to_string().contains("invalid cell name"), "{err}");
    let step_back: ndoku::Step = serde_json::from_str(&step_json).unwrap();
    assert_eq!(step_back, step);
    assert_eq!(step_back.explanation(), step.explanation());
    // Every step of a path and a rating round-trip.
    let path = Logic::new().solve_path(&puzzle).unwrap();
    for step in &path.steps {
        let json = serde_json::to_string(step).unwrap();
        assert_eq!(&serde_json::from_str::<ndoku::Step>(&json).unwrap(), step);
    }
    let rating = Logic::new().rate(&puzzle).unwrap();
    let json = serde_json::to_string(&rating).unwrap();
    assert_eq!(
        serde_json::from_str::<ndoku::Rating>(&json).unwrap(),
        rating
    );
}

/// A saved game that does not fit its puzzle is an error naming what is
/// wrong, never a panic.
#[test]
fn a_bad_saved_game_is_an_error() {
    use ndoku::Game;
    let puzzle = tutorial();
    let given = (0..81).find(|&c| puzzle.cells()[c] != 0).unwrap();
    let json = serde_json::to_string(&Game::new(puzzle)).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let err = |v: &serde_json::Value| {
        serde_json::from_value::<Game>(v.clone())
            .unwrap_err()
            .to_string()
    };
    let mut short = value.clone();
    short["entries"].as_array_mut().unwrap().pop();
    assert!(err(&short).contains("81 entries"), "{}", err(&short));
    let mut big = value.clone();
    big["entries"][80] = 10.into();
    assert!(err(&big).contains("value 10 at R9C9"), "{}", err(&big));
    let mut on_given = value.clone();
    on_given["entries"][given] = 1.into();
    assert!(err(&on_given).contains("is a given"), "{}", err(&on_given));
    value["history"] = serde_json::json!([{"entry": {"cell": "R10C1", "before": 0}}]);
    assert!(err(&value).contains("R10C1"), "{}", err(&value));
    value["history"] = serde_json::json!([{"entry": {"cell": "R0C1", "before": 0}}]);
    assert!(err(&value).contains("invalid cell name"), "{}", err(&value));
    value["history"] = serde_json::json!([{"entry": {"cell": 81, "before": 0}}]);
    assert!(err(&value).contains("invalid type"), "{}", err(&value));
}

/// A highlight's houses are written by name ("box 3", "diagonal ↘") and
/// read back equal, main diagonals included; a bad name is an error.
#[test]
fn highlights_name_their_houses_and_read_back() {
    use ndoku::Step;
    use ndoku::logic::Highlight;
    use ndoku::model::{House, HouseName};
    for (step, diagonal) in crate::game::diagonal_steps(4) {
        let json = serde_json::to_string(&step).unwrap();
        assert!(json.contains(&format!("\"{diagonal}\"")), "{json}");
        let back: Step = serde_json::from_str(&json).unwrap();
        assert_eq!(back, step);
        assert!(back.highlight.houses().eq(step.highlight.houses()));
    }
    // House names alone, and a bad one.
    let name: HouseName = serde_json::from_str("\"extra region 2\"").unwrap();
    assert_eq!(name, HouseName::new(House::Extra, 2));
    assert_eq!(serde_json::to_string(&name).unwrap(), "\"extra region 2\"");
    let bad = r#"{"size":9,"cells":[],"houses":["box 0"],"candidates":[]}"#;
    let err = serde_json::from_str::<Highlight>(bad).unwrap_err();
    assert!(
        err.to_string().contains("invalid house name \"box 0\""),
        "{err}"
    );
}
