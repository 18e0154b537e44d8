//! `rate`, `hint` and `explain` as a puzzle tool reads them: JSON, house names, hint levels, and pencil marks on every size.
#![cfg(feature = "cli")]

use crate::run;
use run::ndoku;
use serde_json::Value;

/// A bank puzzle (public domain) SE rates 3.2, x-wing.
const XWING: &str =
    "700306001008000900320000074000060000050020040000908000246000397903000802000000000";

fn json_lines(run: &run::Run) -> Vec<Value> {
    run.lines()
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn rate_json_gives_a_rating_or_a_status() {
    let stuck = "31.5784.252.1347.8487629531263415987974863125851792643138947256692351874745286319";
    let input = format!("{XWING}\n{stuck}\n123\n");
    let run = ndoku(&["rate", "--format", "json"], input.as_bytes());
    assert_eq!(run.code, 1);
    let v = json_lines(&run);
    assert_eq!(v.len(), 3, "{:?}", run.stdout);
    assert_eq!(v[0]["status"], "solved");
    assert_eq!(v[0]["rating"].as_f64(), Some(3.2));
    assert_eq!(v[0]["hardest"], "x-wing");
    assert_eq!(v[0]["text"], "3.2 x-wing");
    assert!(v[0]["steps"].as_u64().unwrap() > 40);
    assert_eq!(v[1]["status"], "multiple");
    assert_eq!(v[2]["status"], "invalid");
    assert!(
        v[2]["error"]
            .as_str()
            .unwrap()
            .contains("3 cells fit no board"),
        "{}",
        v[2]
    );
}

/// Each step of `explain --format json` carries its highlight: cells from
/// 1, houses by name, and a hidden single's house is the one its words name.
#[test]
fn explain_json_carries_highlight_cells_and_named_houses() {
    let run = ndoku(
        &["explain", "--format", "json"],
        format!("{XWING}\n").as_bytes(),
    );
    let v = json_lines(&run);
    let steps = v[0]["steps"].as_array().unwrap();
    let mut singles = 0;
    for s in steps {
        let cells = s["cells"].as_array().unwrap();
        assert!(
            !cells.is_empty() || !s["houses"].as_array().unwrap().is_empty(),
            "{s}"
        );
        for cell in cells {
            let rc: Vec<u64> = cell
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .collect();
            assert!(
                rc.len() == 2 && rc.iter().all(|x| (1..=9).contains(x)),
                "{s}"
            );
        }
        let houses: Vec<&str> = s["houses"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_str().unwrap())
            .collect();
        assert!(
            houses
                .iter()
                .all(|h| ["row ", "column ", "box "].iter().any(|k| h.starts_with(k))),
            "{s}"
        );
        if s["technique"] == "hidden single" {
            let words = s["explanation"].as_str().unwrap();
            assert!(words.contains(&format!("in {} has", houses[0])), "{s}");
            singles += 1;
        }
    }
    assert!(singles > 0);
}

/// `hint --level 1|2|3`: where to look, then the technique, then the move;
/// `--format json` shows only what the level tells.
#[test]
fn hint_levels_tell_where_then_which_then_the_move() {
    let input = format!("{XWING} {XWING}\n");
    let text = |level: &str| {
        let run = ndoku(&["hint", "--level", level], input.as_bytes());
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    let (one, two, three) = (text("1"), text("2"), text("3"));
    let step = three.strip_prefix("step\t").expect(&three);
    let (difficulty, words) = step.trim_end().split_once('\t').unwrap();
    let technique = words.split(':').next().unwrap();
    let place = one.strip_prefix("where\tlook at ").expect(&one).trim_end();
    assert!(!one.contains(technique), "{one}");
    assert_eq!(
        two.trim_end(),
        format!(
            "technique\t{difficulty}\t{}",
            two.split('\t').nth(2).unwrap().trim_end()
        )
    );
    assert!(
        two.contains(technique) && two.trim_end().ends_with(place),
        "{two}"
    );
    let json = |level: &str| {
        let run = ndoku(
            &["hint", "--format", "json", "--level", level],
            input.as_bytes(),
        );
        json_lines(&run).remove(0)
    };
    let (j1, j2, j3) = (json("1"), json("2"), json("3"));
    assert_eq!(j1["status"], "step");
    assert_eq!(j1["text"], one.strip_prefix("where\t").unwrap().trim_end());
    assert!(
        j1.get("technique").is_none() && j1.get("explanation").is_none(),
        "{j1}"
    );
    assert_eq!(j2["technique"], technique);
    assert!(j2.get("placements").is_none(), "{j2}");
    assert_eq!(j3["explanation"], words);
    assert_eq!(j3["houses"], j1["houses"]);
    assert!(
        !j3["placements"].as_array().unwrap().is_empty()
            || !j3["eliminations"].as_array().unwrap().is_empty()
    );
    let refused = ndoku(&["hint", "--level", "4"], input.as_bytes());
    assert_eq!(refused.code, 2);
}

/// A wrong entry: level 1 says there are mistakes, level 3 where; JSON
/// gives the cells from 1.
#[test]
fn hint_json_names_mistakes() {
    let first = XWING.find('0').unwrap();
    let mut grid = XWING.as_bytes().to_vec();
    // 7 is a given of row 1, so 7 at its first empty cell is wrong.
    grid[first] = b'7';
    let input = format!("{XWING} {}\n", String::from_utf8(grid).unwrap());
    let run = ndoku(&["hint", "--format", "json"], input.as_bytes());
    let v = json_lines(&run).remove(0);
    assert_eq!(v["status"], "mistakes");
    assert_eq!(
        v["entries"],
        serde_json::json!([[first / 9 + 1, first % 9 + 1]])
    );
    let run = ndoku(&["hint", "--level", "1"], input.as_bytes());
    assert_eq!(run.stdout, "mistakes\tsome entries are wrong\n");
}

/// Pencil marks on 16×16: a token a cell, joined by `/`, as
/// `Game::to_candidate_line` writes them; a mark left out is found.
#[test]
fn hint_reads_pencil_marks_on_16x16() {
    let puzzle = "....F.D94.B.E1..CB.63E51F.D92...153.46..8.A........G.2.......C.4AE....6.7...F5.95...782...EA..6.D6C4.....FG..B...2789F.5.4.D3AE14..B..93G..F.8.2...D2.18E..3B4763...6.742A18..CG.......F.B74....6.B..9.ED..G1.3.EF59B786....CG4...A1D..G.7869E.5.4......5.F.76..";
    let cells: Vec<u16> = puzzle
        .chars()
        .map(|ch| ch.to_digit(17).map_or(0, |d| d as u16))
        .collect();
    let p = ndoku::Puzzle::from_cells(ndoku::Rules::classic(16).unwrap(), &cells).unwrap();
    let solution = p.solve().unwrap();
    let mut game = ndoku::Game::new(p);
    let open = cells.iter().position(|&v| v == 0).unwrap();
    let all: Vec<u16> = (1..=16).filter(|&v| v != solution.cells()[open]).collect();
    game.set_candidates(ndoku::model::Cell::from_index(open, 16), &all)
        .unwrap();
    let marks = game.to_candidate_line();
    let run = ndoku(&["hint"], format!("{puzzle} {puzzle} {marks}\n").as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!("marks\tR{}C{}\n", open / 16 + 1, open % 16 + 1)
    );
    let fresh = ndoku::Game::new(
        ndoku::Puzzle::from_cells(ndoku::Rules::classic(16).unwrap(), &cells).unwrap(),
    );
    let run = ndoku(
        &["hint"],
        format!("{puzzle} {puzzle} {}\n", fresh.to_candidate_line()).as_bytes(),
    );
    assert!(run.stdout.starts_with("step\t"), "{}", run.stdout);
}

/// ISS's "0-indexed: 6x6": values 0 to 5, and its recorded solution.
const SIX_FROM_ZERO: &str =
    ".~R1C5_3~R2C2_0~R2C4_2~R2C6_4~R3C4_1~R4C3_2~R5C1_5~R5C3_1~R5C5_4~R6C2_4.Shape~6x6~0-5";
const SIX_SOLUTION: &str = "214035305214430152152403521340043521";

/// A puzzle whose values start at 0: `solve` prints its solution from 0,
/// `--from-zero` reads that line back (the plain reader takes `0` for
/// empty), and `hint` reads a grid from 0 and names values as it prints them.
#[test]
fn values_from_zero_print_read_back_and_hint_as_printed() {
    let solved = ndoku(&["solve"], format!("{SIX_FROM_ZERO}\n").as_bytes());
    assert_eq!(solved.lines(), [SIX_SOLUTION], "{}", solved.stderr);
    let back = ndoku(
        &["solve", "--from-zero"],
        format!("{SIX_SOLUTION}\n").as_bytes(),
    );
    assert_eq!(back.lines(), [SIX_SOLUTION], "{}", back.stderr);
    let plain = ndoku(&["solve"], format!("{SIX_SOLUTION}\n").as_bytes());
    assert_ne!(plain.lines(), [SIX_SOLUTION]);
    // The solution with R1C1 emptied: a full house of its printed value.
    let open = format!(".{}", &SIX_SOLUTION[1..]);
    let explained = ndoku(&["explain", "--from-zero"], format!("{open}\n").as_bytes());
    assert_eq!(
        explained.lines()[1],
        "1.0\tfull house: R1C1 is the last empty cell of box 1, 2",
        "{}",
        explained.stderr
    );
    // A hint on the givens, as a grid from 0: the step's values as printed.
    let mut grid = vec!['.'; 36];
    for given in SIX_FROM_ZERO.split('.').nth(1).unwrap().split('~').skip(1) {
        let (cell, value) = given.split_once('_').unwrap();
        let (r, c) = cell[1..].split_once('C').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        grid[(r - 1) * 6 + c - 1] = value.chars().next().unwrap();
    }
    let grid: String = grid.into_iter().collect();
    let run = ndoku(
        &["hint", "--format", "json"],
        format!("{SIX_FROM_ZERO} {grid}\n").as_bytes(),
    );
    let v = json_lines(&run);
    assert_eq!(v[0]["status"], "step", "{}", run.stdout);
    let solution: Vec<char> = SIX_SOLUTION.chars().collect();
    let placements = v[0]["placements"].as_array().unwrap();
    assert!(!placements.is_empty(), "{}", v[0]);
    for p in placements {
        let [r, c, value] = [0, 1, 2].map(|i| p[i].as_u64().unwrap() as usize);
        let printed = solution[(r - 1) * 6 + c - 1];
        assert_eq!(value.to_string(), printed.to_string(), "{}", v[0]);
        let words = v[0]["explanation"].as_str().unwrap();
        assert!(
            words.contains(&format!(" {printed} ")) || words.ends_with(&format!(" {printed}")),
            "{words}"
        );
    }
}

/// `hint` reads a puzzle from 0's pencil marks (MARKS) as its grid writes
/// values: `0`-`5` on 6×6, ISS text or a line read `--from-zero`. Marks
/// that lack R1C1's printed `2` are a mistake; marks of `2` alone there
/// leave 4 one place in box 1; the 1-based line is refused.
#[test]
fn hint_reads_pencil_marks_from_zero() {
    let grid = "....3..0.2.4...1....2...5.1.4..4....";
    let all = "012345".repeat(36);
    let lacking = format!("01.345{}", &all[6..]);
    let only = format!("..2...{}", &all[6..]);
    for (puzzle, args) in [(SIX_FROM_ZERO, &[][..]), (grid, &["--from-zero"][..])] {
        let hint = |marks: &str| {
            let run = ndoku(
                &[&["hint"], args].concat(),
                format!("{puzzle} {grid} {marks}\n").as_bytes(),
            );
            run.stdout
        };
        assert!(hint(&all).starts_with("step\t"), "{}", hint(&all));
        assert_eq!(hint(&lacking), "marks\tR1C1\n");
        assert_eq!(
            hint(&only),
            "step\t1.2\thidden single: 4 in box 1 has one place, R1C3\n"
        );
        let one_based = "123456".repeat(36);
        assert!(
            hint(&one_based).starts_with("invalid\tinvalid character '1' at R1C1, place 1"),
            "{}",
            hint(&one_based)
        );
    }
}
