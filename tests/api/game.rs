//! A game as a puzzle tool uses it: house names, pencil marks on every size, and progressive hints.

use ndoku::logic::Candidates;
use ndoku::model::House;
use ndoku::{Game, Hint, HintLevel, Logic, Puzzle, Rules};

/// The first tutorial puzzle of `puzzles/9x9.txt`.
pub fn tutorial() -> Puzzle {
    let text = include_str!("../../puzzles/9x9.txt");
    let line = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap();
    let cells: Vec<u16> = line
        .trim()
        .bytes()
        .map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') })
        .collect();
    Puzzle::from_cells(Rules::classic(9).unwrap(), &cells).unwrap()
}

#[test]
fn houses_have_the_names_a_person_reads() {
    let rules = Rules::classic(9).unwrap().with_diagonals();
    let g = rules.geometry();
    let names: Vec<String> = (0..g.houses().len())
        .map(|h| g.house_name(h).to_string())
        .collect();
    assert_eq!(names[0], "row 1");
    assert_eq!(names[13], "column 5");
    assert_eq!(names[26], "box 9");
    assert_eq!(&names[27..], ["diagonal ↘", "diagonal ↗"]);
    // One diagonal alone keeps its direction; windows are extra regions.
    let anti = Rules::classic(9).unwrap().with_diagonal(true);
    assert_eq!(anti.geometry().house_name(27).to_string(), "diagonal ↗");
    let windows = Rules::classic(9).unwrap().with_windows().unwrap();
    let name = windows.geometry().house_name(30);
    assert_eq!((name.kind, name.number), (House::Extra, 4));
    assert_eq!(name.to_string(), "extra region 4");
    // Jigsaw regions by number.
    let map = [0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
    let jigsaw = Rules::jigsaw(4, &map).unwrap();
    assert_eq!(jigsaw.geometry().house_name(11).to_string(), "region 4");
}

/// A step on a diagonal names it by its arrow, in its words and in its
/// highlight's house names: found among the puzzles left by blanking an
/// X-Sudoku grid, not written down.
#[test]
fn steps_name_diagonals_by_their_arrow() {
    // A 4×4 X-Sudoku grid: rows, columns, boxes and both diagonals hold 1-4.
    let grid = [1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3u16];
    let rules = Rules::classic(4).unwrap().with_diagonals();
    assert!(rules.check(&grid).is_ok());
    let g = rules.geometry();
    let mut found = 0;
    for mask in 1u32..1 << 16 {
        let cells: Vec<u16> = (0..16)
            .map(|c| if mask >> c & 1 != 0 { 0 } else { grid[c] })
            .collect();
        let puzzle = Puzzle::from_cells(rules.clone(), &cells).unwrap();
        let Some(step) = Logic::new().next_step(&Candidates::from_variant(&puzzle).unwrap()) else {
            continue;
        };
        let names = step.highlight.house_names(g);
        let Some(diagonal) = names.iter().find(|n| n.kind == House::Diagonal) else {
            continue;
        };
        let said = diagonal.to_string();
        assert!(said == "diagonal ↘" || said == "diagonal ↗", "{said}");
        assert!(step.explanation().contains(&said), "{}", step.explanation());
        assert!(step.describe(HintLevel::Where, g).contains(&said));
        found += 1;
        if found == 3 {
            break;
        }
    }
    assert_eq!(found, 3, "no step on a diagonal");
}

#[test]
fn pencil_marks_write_and_read_on_every_size() {
    for n in [4, 9, 16, 25] {
        let puzzle = Puzzle::new(Rules::classic(n).unwrap());
        let mut game = Game::new(puzzle.clone());
        game.set_candidates(0, 1, &[2, n as u16]).unwrap();
        game.set_candidates(1, 0, &[]).unwrap();
        game.enter(2, 2, 1).unwrap();
        let line = game.to_candidate_line();
        assert!(!line.contains(char::is_whitespace), "n = {n}");
        let back = Game::from_candidate_line(puzzle.clone(), &line).unwrap();
        assert_eq!(
            back.candidates(0, 1).iter().collect::<Vec<_>>(),
            [2, n as u16],
            "n = {n}"
        );
        assert!(back.candidates(1, 0).is_empty(), "n = {n}");
        assert_eq!(back.candidates(0, 0), game.candidates(0, 0), "n = {n}");
        // Entries are no marks: the line reads back as marks alone.
        assert_eq!(back.value(2, 2), None);
        assert_eq!(back.candidates(2, 2).iter().collect::<Vec<_>>(), [1]);
        assert_eq!(back.to_candidate_line(), line, "n = {n}");
    }
    // Tokens on 9×9 too, and bad tokens named by cell.
    let puzzle = tutorial();
    let game = Game::new(puzzle.clone());
    let tokens: Vec<String> = (0..81)
        .map(|c| {
            let list: Vec<String> = game
                .candidates(c / 9, c % 9)
                .iter()
                .map(|v| v.to_string())
                .collect();
            list.join(",")
        })
        .collect();
    let back = Game::from_candidate_line(puzzle, &tokens.join("/")).unwrap();
    assert_eq!(back, game);
    let sixteen = Puzzle::new(Rules::classic(16).unwrap());
    let mut bad: Vec<&str> = vec!["1"; 256];
    bad[17] = "17";
    let err = Game::from_candidate_line(sixteen.clone(), &bad.join("/")).unwrap_err();
    assert!(err.to_string().contains("\"17\" at R2C2"), "{err}");
    let err = Game::from_candidate_line(sixteen, &bad[1..].join("/")).unwrap_err();
    assert!(err.to_string().contains("256 cells"), "{err}");
}

/// Each level tells more: where, then which technique there, then the move.
#[test]
fn hints_come_in_three_levels() {
    let puzzle = tutorial();
    let g = puzzle.rules().geometry();
    let mut game = Game::new(puzzle.clone());
    let Hint::Step(step) = Logic::new().hint(&game).unwrap() else {
        panic!("no step");
    };
    let hint = Hint::Step(step.clone());
    let place = step.location(g);
    let r#where = hint.describe(HintLevel::Where, g);
    let which = hint.describe(HintLevel::Technique, g);
    let the_move = hint.describe(HintLevel::Move, g);
    assert_eq!(r#where, format!("look at {place}"));
    assert!(!r#where.contains(step.technique.name()), "{where}");
    assert!(
        which.contains(step.technique.name()) && which.contains(&place),
        "{which}"
    );
    assert_eq!(the_move, step.explanation());
    for name in step.highlight.house_names(g) {
        assert!(place.contains(&name.to_string()), "{place}");
    }
    // Every step of the path: its place names its houses, or its cells.
    for step in Logic::new().solve_path(&puzzle).unwrap().steps {
        let place = step.location(g);
        assert!(!place.is_empty(), "{step}");
        if step.highlight.houses.is_empty() {
            assert!(place.starts_with('R'), "{place}");
        }
    }
    // Mistakes: that there are some, how many, then where.
    let solution = puzzle.solve().unwrap();
    let open = (0..81).find(|&c| puzzle.cells()[c] == 0).unwrap();
    game.enter(open / 9, open % 9, solution.cells()[open] % 9 + 1)
        .unwrap();
    let hint = Logic::new().hint(&game).unwrap();
    let cell = format!("R{}C{}", open / 9 + 1, open % 9 + 1);
    assert_eq!(hint.describe(HintLevel::Where, g), "some entries are wrong");
    assert_eq!(hint.describe(HintLevel::Technique, g), "1 wrong entry");
    assert_eq!(
        hint.describe(HintLevel::Move, g),
        format!("1 wrong entry: {cell}")
    );
    assert_eq!(HintLevel::from_number(2), Some(HintLevel::Technique));
    assert_eq!(HintLevel::from_number(4), None);
}

/// One cell type names a cell across steps (row-major indices), games and
/// mistakes ((row, column) from 0) and words ("R1C1").
#[test]
fn one_cell_type_converts_between_the_ways_cells_are_named() {
    use ndoku::model::Cell;
    let puzzle = tutorial();
    let mut game = Game::new(puzzle.clone());
    let hint = Logic::new().hint(&game).unwrap();
    let Hint::Step(step) = &hint else {
        panic!("no step");
    };
    let cells = hint.cells(9);
    assert!(!cells.is_empty());
    for (cell, value) in step.placements() {
        assert!(cells.contains(&cell), "{cells:?}");
        assert!(step.explanation().contains(&cell.to_string()), "{step}");
        assert_eq!(cell.to_string().parse::<Cell>().unwrap(), cell);
        // The same cell in the game's (row, column).
        let (row, col) = cell.into();
        game.enter(row, col, value).unwrap();
        assert_eq!(game.value(cell.row, cell.col), Some(value));
    }
    let solution = puzzle.solve().unwrap();
    let open = (0..81).find(|&c| game.grid()[c] == 0).unwrap();
    let cell = Cell::from_index(open, 9);
    game.enter(cell.row, cell.col, solution.cells()[open] % 9 + 1)
        .unwrap();
    let hint = Logic::new().hint(&game).unwrap();
    assert_eq!(hint.cells(9), vec![cell]);
    assert!(
        hint.describe(HintLevel::Move, puzzle.rules().geometry())
            .ends_with(&cell.to_string())
    );
    for bad in ["R0C1", "C1R1", "R1", "R1C", "R+1C1", "RxC1", ""] {
        let err = bad.parse::<Cell>().unwrap_err();
        assert!(err.to_string().contains(&format!("{bad:?}")), "{err}");
    }
    assert!(Cell::new(3, 8).is_on(9) && !Cell::new(9, 0).is_on(9));
}
