//! `ndoku rate` and `ndoku explain`: one answer line per puzzle, in input order, on every core.
#![cfg(feature = "cli")]

use crate::run;
use run::ndoku;

/// Bank puzzles (public domain) and Sukaku Explainer's rating of each.
const RATED: &[(&str, &str)] = &[
    (
        "700306001008000900320000074000060000050020040000908000246000397903000802000000000",
        "3.2\tx-wing",
    ),
    (
        "005000700090507040000000000080090020050304080170000063500000009002040800300906004",
        "4.2\txy-wing",
    ),
    (
        "000000000100604009002805300000512000018309540006000900603708102004000800001020400",
        "4.5\tunique rectangle",
    ),
    (
        "100800570000009210090040000300900050007000300020006008000020040071400000064007003",
        "2.0\tdirect hidden pair",
    ),
];

#[test]
fn rate_prints_se_ratings_in_input_order() {
    let input: String = RATED.iter().map(|(p, _)| format!("{p}\n")).collect();
    let run = ndoku(&["rate", "-j", "2"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected: Vec<&str> = RATED.iter().map(|(_, r)| *r).collect();
    assert_eq!(run.lines(), expected);
}

#[test]
fn rate_says_beyond_and_invalid_without_inventing_numbers() {
    // A solved grid with a deadly rectangle emptied: two solutions, so no
    // step of the ladder (uniqueness is not assumed) can place a value.
    let stuck = "31.5784.252.1347.8487629531263415987974863125851792643138947256692351874745286319";
    let run = ndoku(&["rate"], format!("{stuck}\n123\n").as_bytes());
    assert_eq!(run.code, 1);
    let lines = run.lines();
    assert!(lines[0].starts_with("beyond\tafter "), "{lines:?}");
    assert!(lines[1].starts_with("invalid\t"), "{lines:?}");
}

#[test]
fn explain_json_has_rating_and_steps_with_rows_and_columns_from_one() {
    let (puzzle, rating) = RATED[0];
    let run = ndoku(
        &["explain", "--format", "json"],
        format!("{puzzle}\n").as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(run.lines()[0]).expect("one JSON object");
    assert_eq!(v["rating"].as_f64(), Some(3.2), "{rating}");
    assert_eq!(v["solved"], true);
    let steps = v["steps"].as_array().expect("steps");
    let placed: usize = steps
        .iter()
        .map(|s| s["placements"].as_array().map_or(0, Vec::len))
        .sum();
    let empty = puzzle.bytes().filter(|&b| b == b'0').count();
    assert_eq!(placed, empty, "every empty cell is placed once");
    for s in steps {
        for triple in s["placements"]
            .as_array()
            .unwrap()
            .iter()
            .chain(s["eliminations"].as_array().unwrap())
        {
            let t: Vec<u64> = triple
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .collect();
            assert!(
                t.len() == 3 && t.iter().all(|&x| (1..=9).contains(&x)),
                "{triple}"
            );
        }
    }
}

#[test]
fn explain_text_prints_the_rating_then_a_step_a_line() {
    let (puzzle, _) = RATED[3];
    let run = ndoku(&["explain"], format!("{puzzle}\n").as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines[0], "2.0");
    assert!(
        lines[1..]
            .iter()
            .take_while(|l| !l.is_empty())
            .all(|l| l.contains('\t'))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("2.0\tdirect hidden pair: "))
    );
}

#[test]
fn hint_gives_mistakes_then_marks_then_a_step() {
    let (puzzle, _) = RATED[0];
    let cells: Vec<u16> = puzzle.bytes().map(|b| u16::from(b - b'0')).collect();
    let rules = ndoku::Rules::classic(9).unwrap();
    let solution = ndoku::Puzzle::from_cells(rules, &cells)
        .unwrap()
        .solve()
        .unwrap();
    let first = cells.iter().position(|&v| v == 0).unwrap();
    let right = solution.cells()[first];
    let wrong = if right == 9 { 1 } else { right + 1 };
    let name = format!("R{}C{}", first / 9 + 1, first % 9 + 1);
    // A wrong entry.
    let mut grid = puzzle.as_bytes().to_vec();
    grid[first] = b'0' + wrong as u8;
    let grid = String::from_utf8(grid).unwrap();
    // Pencil marks without the solution's value at the first empty cell.
    let marks: String = cells
        .iter()
        .enumerate()
        .flat_map(|(c, &given)| {
            (1..=9u16).map(move |v| {
                let on = if given != 0 {
                    v == given
                } else {
                    c != first || v != right
                };
                if on { char::from(b'0' + v as u8) } else { '.' }
            })
        })
        .collect();
    let input = format!("{puzzle} {grid}\n{puzzle} {puzzle} {marks}\n{puzzle} {puzzle}\n");
    let run = ndoku(&["hint"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines[0], format!("mistakes\t{name}"));
    assert_eq!(lines[1], format!("marks\t{name}"));
    assert!(lines[2].starts_with("step\t1."), "{lines:?}");
}
