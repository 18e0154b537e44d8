//! A game as a puzzle tool uses it: house names, pencil marks on every size, and progressive hints.

use ndoku::logic::Candidates;
use ndoku::model::{Cell, House, HouseName};
use ndoku::{Game, Hint, HintLevel, Logic, Puzzle, Rules, Step};

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

/// A 4×4 X-Sudoku: rows, columns, boxes and both diagonals hold 1-4.
pub fn x_sudoku() -> Rules {
    Rules::classic(4).unwrap().with_diagonals()
}

/// The first `count` steps that rest on a diagonal, with the diagonal,
/// among the puzzles left by blanking a 4×4 X-Sudoku grid: found, not
/// written down.
pub fn diagonal_steps(count: usize) -> Vec<(Step, HouseName)> {
    let grid = [1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3u16];
    let rules = x_sudoku();
    assert!(rules.check(&grid).is_ok());
    let mut found = Vec::new();
    for mask in 1u32..1 << 16 {
        let cells: Vec<u16> = (0..16)
            .map(|c| if mask >> c & 1 != 0 { 0 } else { grid[c] })
            .collect();
        let puzzle = Puzzle::from_cells(rules.clone(), &cells).unwrap();
        let Some(step) = Logic::new().next_step(&Candidates::from_variant(&puzzle).unwrap()) else {
            continue;
        };
        let Some(diagonal) = step.highlight.houses().find(|n| n.kind == House::Diagonal) else {
            continue;
        };
        found.push((step, diagonal));
        if found.len() == count {
            break;
        }
    }
    assert_eq!(found.len(), count, "too few steps on a diagonal");
    found
}

/// A step on a diagonal names it by its arrow, in its words and in its
/// highlight's houses, and the name finds the diagonal's cells.
#[test]
fn steps_name_diagonals_by_their_arrow() {
    let rules = x_sudoku();
    let g = rules.geometry();
    for (step, diagonal) in diagonal_steps(3) {
        let said = diagonal.to_string();
        assert!(said == "diagonal ↘" || said == "diagonal ↗", "{said}");
        assert!(step.explanation().contains(&said), "{}", step.explanation());
        assert!(step.describe(HintLevel::Where).contains(&said));
        // The name finds its house, whose cells are a main diagonal's.
        let h = g.house_index(diagonal).unwrap();
        assert_eq!(g.house_name(h), diagonal);
        let down = g.house(h).cells().iter().all(|&c| c / 4 == c % 4);
        let up = g.house(h).cells().iter().all(|&c| c / 4 + c % 4 == 3);
        assert_eq!(
            (down, up),
            (said.ends_with('↘'), said.ends_with('↗')),
            "{said}"
        );
    }
}

#[test]
fn pencil_marks_write_and_read_on_every_size() {
    for n in [4, 9, 16, 25] {
        let puzzle = Puzzle::new(Rules::classic(n).unwrap());
        let mut game = Game::new(puzzle.clone());
        let (r1c2, r2c1, r3c3) = (Cell::new(0, 1), Cell::new(1, 0), Cell::new(2, 2));
        game.set_candidates(r1c2, &[2, n as u16]).unwrap();
        game.set_candidates(r2c1, &[]).unwrap();
        game.enter(r3c3, 1).unwrap();
        let line = game.to_candidate_line();
        assert!(!line.contains(char::is_whitespace), "n = {n}");
        let back = Game::from_candidate_line(puzzle.clone(), &line).unwrap();
        assert_eq!(
            back.candidates(r1c2).iter().collect::<Vec<_>>(),
            [2, n as u16],
            "n = {n}"
        );
        assert!(back.candidates(r2c1).is_empty(), "n = {n}");
        let r1c1 = Cell::new(0, 0);
        assert_eq!(back.candidates(r1c1), game.candidates(r1c1), "n = {n}");
        // Entries are no marks: the line reads back as marks alone.
        assert_eq!(back.value(r3c3), None);
        assert_eq!(back.candidates(r3c3).iter().collect::<Vec<_>>(), [1]);
        assert_eq!(back.to_candidate_line(), line, "n = {n}");
    }
    // Tokens on 9×9 too, and bad tokens named by cell.
    let puzzle = tutorial();
    let game = Game::new(puzzle.clone());
    let tokens: Vec<String> = (0..81)
        .map(|c| {
            let list: Vec<String> = game
                .candidates(Cell::from_index(c, 9))
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
    let mut game = Game::new(puzzle.clone());
    let Hint::Step(step) = Logic::new().hint(&game).unwrap() else {
        panic!("no step");
    };
    let hint = Hint::Step(step.clone());
    let place = step.location();
    let r#where = hint.describe(HintLevel::Where);
    let which = hint.describe(HintLevel::Technique);
    let the_move = hint.describe(HintLevel::Move);
    assert_eq!(r#where, format!("look at {place}"));
    assert!(!r#where.contains(step.technique.name()), "{where}");
    assert!(
        which.contains(step.technique.name()) && which.contains(&place),
        "{which}"
    );
    assert_eq!(the_move, step.explanation());
    for name in step.highlight.houses() {
        assert!(place.contains(&name.to_string()), "{place}");
    }
    // Every step of the path: its place names its houses, or its cells.
    for step in Logic::new().solve_path(&puzzle).unwrap().steps {
        let place = step.location();
        assert!(!place.is_empty(), "{step}");
        if step.highlight.houses().next().is_none() {
            assert!(place.starts_with('R'), "{place}");
        }
    }
    // Mistakes: that there are some, how many, then where.
    let solution = puzzle.solve().unwrap();
    let open = (0..81).find(|&c| puzzle.cells()[c] == 0).unwrap();
    game.enter(Cell::from_index(open, 9), solution.cells()[open] % 9 + 1)
        .unwrap();
    let hint = Logic::new().hint(&game).unwrap();
    let cell = format!("R{}C{}", open / 9 + 1, open % 9 + 1);
    assert_eq!(hint.describe(HintLevel::Where), "some entries are wrong");
    assert_eq!(hint.describe(HintLevel::Technique), "1 wrong entry");
    assert_eq!(
        hint.describe(HintLevel::Move),
        format!("1 wrong entry: {cell}")
    );
    assert_eq!(HintLevel::from_number(2), Some(HintLevel::Technique));
    assert_eq!(HintLevel::from_number(4), None);
}

/// One cell type names a cell across steps, games, hints and words
/// ("R1C1"), and converts to and from (row, column) and row-major indices.
#[test]
fn one_cell_type_names_cells_everywhere() {
    let puzzle = tutorial();
    let mut game = Game::new(puzzle.clone());
    let hint = Logic::new().hint(&game).unwrap();
    let Hint::Step(step) = &hint else {
        panic!("no step");
    };
    let cells = hint.cells();
    assert!(!cells.is_empty());
    for (cell, value) in step.placements() {
        assert!(cells.contains(&cell), "{cells:?}");
        assert!(step.explanation().contains(&cell.to_string()), "{step}");
        assert_eq!(cell.to_string().parse::<Cell>().unwrap(), cell);
        // The step's cell is the game's cell, and a pair converts to it.
        game.enter(cell, value).unwrap();
        assert_eq!(game.value(Cell::from((cell.row, cell.col))), Some(value));
    }
    let solution = puzzle.solve().unwrap();
    let open = (0..81).find(|&c| game.grid()[c] == 0).unwrap();
    let cell = Cell::from_index(open, 9);
    game.enter(cell, solution.cells()[open] % 9 + 1).unwrap();
    let hint = Logic::new().hint(&game).unwrap();
    assert_eq!(hint.cells(), vec![cell]);
    assert!(hint.describe(HintLevel::Move).ends_with(&cell.to_string()));
    for bad in ["R0C1", "C1R1", "R1", "R1C", "R+1C1", "RxC1", ""] {
        let err = bad.parse::<Cell>().unwrap_err();
        assert!(err.to_string().contains(&format!("{bad:?}")), "{err}");
    }
    assert!(Cell::new(3, 8).is_on(9) && !Cell::new(9, 0).is_on(9));
}

/// A solved grid of side `n` (boxes of side √n), found by the solver.
fn solved(n: usize) -> Puzzle {
    Puzzle::new(Rules::classic(n).unwrap()).solve().unwrap()
}

/// A game's moves take cells on 9×9 and 16×16: entries, conflicts with the
/// givens, mistakes against the solution and undo, all through `Cell`; a
/// cell off the board is an error that names it.
#[test]
fn games_take_cells_on_nine_and_sixteen() {
    for n in [9, 16] {
        let grid = solved(n);
        // Every other cell given.
        let cells: Vec<u16> = (0..n * n)
            .map(|c| if c % 2 == 0 { grid.cells()[c] } else { 0 })
            .collect();
        let puzzle = Puzzle::from_cells(Rules::classic(n).unwrap(), &cells).unwrap();
        let mut game = Game::new(puzzle.clone());
        let r1c2 = Cell::new(0, 1);
        let right = grid.cells()[1];
        assert!(game.is_given(Cell::new(0, 0)) && !game.is_given(r1c2));
        assert!(game.candidates(r1c2).contains(right), "n = {n}");
        game.enter(r1c2, right).unwrap();
        assert_eq!(game.value(r1c2), Some(right));
        assert!(game.conflicts().is_empty() && game.mistakes(&grid).is_empty());
        // R1C1's value at R1C2: a conflict with R1C1 (row and box), and a mistake.
        let first = grid.cells()[0];
        game.enter(r1c2, first).unwrap();
        let conflicts = game.conflicts();
        assert!(
            conflicts.contains(&(Cell::new(0, 0), r1c2)),
            "{conflicts:?}"
        );
        for &(a, b) in &conflicts {
            assert!(a < b && game.value(a) == game.value(b), "{a} {b}");
            assert!(a == r1c2 || b == r1c2, "{a} {b}");
        }
        assert_eq!(game.mistakes(&grid), vec![r1c2]);
        assert!(game.undo());
        assert_eq!(game.value(r1c2), Some(right));
        assert!(game.undo() && !game.undo());
        assert_eq!(game.value(r1c2), None);
        // Named cells: parsed, and off the board.
        let last: Cell = format!("R{n}C{n}").parse().unwrap();
        assert_eq!(last.index(n), n * n - 1);
        assert_eq!(game.is_given(last), puzzle.cells()[n * n - 1] != 0);
        for off in [Cell::new(n, 0), Cell::new(0, n), Cell::new(usize::MAX, 3)] {
            let err = game.enter(off, 1).unwrap_err();
            let name = format!("R{}C{}", off.row as u128 + 1, off.col + 1);
            assert_eq!(
                err.to_string(),
                format!("cell {name} is off the {n}x{n} board")
            );
            assert!(game.set_candidates(off, &[1]).is_err());
            assert_eq!((game.value(off), game.is_given(off)), (None, false));
            assert!(game.candidates(off).is_empty());
        }
        let given = Cell::new(0, 0);
        assert_eq!(
            game.enter(given, 1).unwrap_err().to_string(),
            "R1C1 is a given"
        );
        assert_eq!(
            game.enter(r1c2, n as u16 + 1).unwrap_err().to_string(),
            format!("value {} at R1C2 is out of range 1..={n}", n + 1)
        );
    }
}

/// A hint's mistakes are the cells whose entries (or marks) the solution
/// does not keep, as `Cell`s: checked against the solution.
#[test]
fn hints_name_mistakes_by_cell_against_the_solution() {
    let puzzle = tutorial();
    let solution = puzzle.solve().unwrap();
    let mut game = Game::new(puzzle.clone());
    let open: Vec<Cell> = (0..81)
        .filter(|&c| puzzle.cells()[c] == 0)
        .map(|c| Cell::from_index(c, 9))
        .collect();
    let answer = |cell: Cell| solution.cells()[cell.index(9)];
    // Right entries at the first three, wrong ones at the next two, marks
    // without the answer at the sixth.
    for &cell in &open[..3] {
        game.enter(cell, answer(cell)).unwrap();
    }
    for &cell in &open[3..5] {
        game.enter(cell, answer(cell) % 9 + 1).unwrap();
    }
    let marked = open[5];
    game.set_candidates(marked, &[answer(marked) % 9 + 1])
        .unwrap();
    let Hint::Mistakes { entries, marks } = Logic::new().hint(&game).unwrap() else {
        panic!("no mistakes");
    };
    let wrong: Vec<Cell> = open
        .iter()
        .copied()
        .filter(|&c| game.value(c).is_some_and(|v| v != answer(c)))
        .collect();
    assert_eq!(entries, wrong);
    assert_eq!(entries, game.mistakes(&solution));
    assert_eq!(marks, vec![marked]);
    assert!(!game.candidates(marked).contains(answer(marked)));
    let hint = Logic::new().hint(&game).unwrap();
    assert_eq!(hint.cells(), [&open[3..5], &open[5..6]].concat());
}

/// Every house a step's highlight names is a house of the puzzle's geometry
/// (found by name, named back the same) and holds the step's cells: a
/// single's house its cell, a subset's or a pointing's houses all its
/// cells, any other house some of them.
#[test]
fn highlight_houses_are_the_geometry_s_and_hold_the_step_s_cells() {
    // The tutorial, an X-Wing puzzle (SE 3.2), and an X-Sudoku.
    let xwing = "700306001008000900320000074000060000050020040000908000246000397903000802000000000";
    let x = Rules::classic(9).unwrap().with_diagonals();
    let mut puzzles = vec![tutorial(), Puzzle::parse_classic(xwing).unwrap()];
    let x_grid = Puzzle::new(x.clone()).solve().unwrap();
    let blanked: Vec<u16> = (0..81)
        .map(|c| {
            if c % 3 == 0 || c % 7 == 0 {
                0
            } else {
                x_grid.cells()[c]
            }
        })
        .collect();
    puzzles.push(Puzzle::from_cells(x, &blanked).unwrap());
    use ndoku::logic::Technique as T;
    let mut named = 0;
    for puzzle in &puzzles {
        let g = puzzle.rules().geometry();
        let path = Logic::new().solve_path(puzzle).unwrap();
        assert!(!path.steps.is_empty());
        for step in &path.steps {
            let mut cells: Vec<usize> = step.highlight.cells().map(|c| c.index(9)).collect();
            cells.extend(step.placements().map(|(c, _)| c.index(9)));
            cells.extend(step.eliminations().map(|(c, _)| c.index(9)));
            if matches!(step.technique, T::XWing | T::Swordfish | T::Jellyfish) {
                // A fish: its base and cover lines; each elimination lies
                // in a cover.
                let lines: Vec<usize> = step
                    .highlight
                    .houses()
                    .map(|name| g.house_index(name).unwrap())
                    .collect();
                let degree = usize::from(step.technique == T::XWing) * 2
                    + usize::from(step.technique == T::Swordfish) * 3
                    + usize::from(step.technique == T::Jellyfish) * 4;
                assert_eq!(lines.len(), 2 * degree, "{step}");
                for (c, _) in step.eliminations() {
                    let c = c.index(9) as u32;
                    assert!(
                        lines.iter().any(|&h| g.house(h).cells().contains(&c)),
                        "{step}"
                    );
                }
            }
            for name in step.highlight.houses() {
                let h = g
                    .house_index(name)
                    .unwrap_or_else(|| panic!("{name} in {step}"));
                assert_eq!(g.house_name(h), name);
                assert_eq!(name.to_string().parse::<HouseName>().unwrap(), name);
                let house = g.house(h).cells();
                let holds = |c: &usize| house.contains(&(*c as u32));
                let all = match step.technique {
                    T::FullHouse | T::HiddenSingleBox | T::HiddenSingleLine => {
                        step.placements().all(|(c, _)| holds(&c.index(9)))
                    }
                    T::Pointing | T::Claiming | T::NakedPair | T::NakedTriple | T::HiddenPair => {
                        step.highlight.cells().all(|c| holds(&c.index(9)))
                    }
                    T::XWing | T::Swordfish | T::Jellyfish => true,
                    _ => cells.iter().any(holds),
                };
                assert!(all, "{name} and {step}");
                named += 1;
            }
        }
    }
    assert!(named > 50, "{named} houses named");
}
