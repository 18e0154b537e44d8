//! Puzzles whose values run from 0: logic's words and a step's values name them as the grid prints them, and a printed solution reads back.

use ndoku::logic::{Candidates, Technique};
use ndoku::model::Cell;
use ndoku::text::iss;
use ndoku::{Game, Hint, Logic, Puzzle};

/// ISS's "0-indexed: Classic sudoku" and its recorded solution.
const CLASSIC: &str = ".Shape~9x9~0-8.~R1C1_4~R1C2_2~R1C5_6~R2C1_5~R2C4_0~R2C5_8~R2C6_4~R3C2_8~R3C3_7~R3C8_5~R4C1_7~R4C5_5~R4C9_2~R5C1_3~R5C4_7~R5C6_2~R5C9_0~R6C1_6~R6C5_1~R6C9_5~R7C2_5~R7C7_1~R7C8_7~R8C4_3~R8C5_0~R8C6_8~R8C9_4~R9C5_7~R9C8_6~R9C9_8";
const CLASSIC_SOLUTION: &str =
    "423567801561084237087231456748650312315742680602813745850426173176308524234175068";

/// The value a single's words place: "naked single: R1C1 can only be 4",
/// "hidden single: 4 in box 1 has one place, R1C1", "full house: R1C1 is
/// the last empty cell of row 1, 4".
fn single_value(words: &str) -> &str {
    if let Some(rest) = words.strip_prefix("hidden single: ") {
        rest.split(' ').next().unwrap_or("")
    } else {
        words.rsplit([' ', ',']).next().unwrap_or("")
    }
}

/// Every step of the path places what the solution prints at its cells,
/// in its words as in its values read with [`ndoku::logic::Step::first_value`].
#[test]
fn steps_name_values_as_the_grid_prints_them() {
    let puzzle = iss::parse(CLASSIC).unwrap();
    assert_eq!(puzzle.first_value(), 0);
    let solution: Vec<char> = CLASSIC_SOLUTION.chars().collect();
    let path = Logic::new().solve_path(&puzzle).unwrap();
    assert!(path.solved);
    let mut singles = 0;
    for step in &path.steps {
        let words = step.explanation();
        assert_eq!(step.first_value(), 0, "{words}");
        for (cell, value) in step.placements() {
            let printed = solution[cell.row * 9 + cell.col];
            let shown = value - 1 + step.first_value();
            assert_eq!(shown.to_string(), printed.to_string(), "{words}");
            if matches!(
                step.technique,
                Technique::FullHouse
                    | Technique::HiddenSingleBox
                    | Technique::HiddenSingleLine
                    | Technique::NakedSingle
            ) {
                assert_eq!(single_value(&words), printed.to_string(), "{words}");
                singles += 1;
            }
        }
        // An elimination never names the solution's value of its cell.
        for (cell, value) in step.eliminations() {
            let printed = solution[cell.row * 9 + cell.col];
            assert_ne!((value - 1).to_string(), printed.to_string(), "{words}");
        }
    }
    assert!(singles > 40, "{singles} singles");
}

/// A hint on a game of a 0-based puzzle names the value its grid shows,
/// and the same puzzle written from 1 names one more.
#[test]
fn a_hint_names_the_value_the_grid_shows() {
    // 0123 / 2301 / 1032 / 3210 with R1C4 empty: a full house, 3.
    let grid = "0123230110323210";
    let givens: String = grid
        .chars()
        .enumerate()
        .filter(|&(i, _)| i != 3)
        .map(|(i, v)| format!("~R{}C{}_{v}", i / 4 + 1, i % 4 + 1))
        .collect();
    let zero = iss::parse(&format!(".Shape~4x4~0-3.{givens}")).unwrap();
    let Hint::Step(step) = Logic::new().hint(&Game::new(zero)).unwrap() else {
        panic!("a step");
    };
    assert_eq!(
        step.explanation(),
        "full house: R1C4 is the last empty cell of box 2, 3"
    );
    assert_eq!(step.first_value(), 0);
    let one = Puzzle::parse_classic("123.341221434321").unwrap();
    let Hint::Step(step) = Logic::new().hint(&Game::new(one)).unwrap() else {
        panic!("a step");
    };
    assert_eq!(
        step.explanation(),
        "full house: R1C4 is the last empty cell of box 2, 4"
    );
    assert_eq!(step.first_value(), 1);
}

/// A killer's words name its cages by the sums ISS gives them and its
/// combinations in 0-based values; innies add up as the puzzle writes them.
#[test]
fn cage_words_keep_the_puzzles_sums() {
    // ISS's "0-indexed: 0-8 Killer", its first cages.
    let text = ".Shape~9x9~0-8.Cage~3~R1C1~R2C1.Cage~4~R3C1~R3C2.Cage~3~R3C3~R4C3.Cage~8~R1C4~R2C4~R3C4.Cage~9~R1C8~R1C9.Cage~6~R2C7~R2C8.Cage~13~R2C9~R3C9.Cage~11~R3C8~R4C8.Cage~9~R3C6~R3C7.Cage~9~R4C5~R4C6.Cage~12~R5C7~R5C8.Cage~4~R5C2~R5C3.Cage~5~R6C2~R7C2.Cage~3~R7C1~R8C1.Cage~7~R9C1~R9C2.Cage~10~R8C2~R8C3.Cage~7~R7C3~R7C4.Cage~7~R6C4~R6C5.Cage~16~R7C6~R8C6~R9C6.Cage~13~R6C7~R7C7.Cage~12~R7C8~R7C9.Cage~13~R8C9~R9C9";
    let puzzle = iss::parse(text).unwrap();
    let path = Logic::new().solve_path(&puzzle).unwrap();
    let words: Vec<String> = path
        .steps
        .iter()
        .map(|s| s.explanation().into_owned())
        .collect();
    assert_eq!(
        words[0],
        "cage combination: cage 3 in R1C1 and R2C1 can only be 0+3 or 1+2; 4, 5, 6, 7 and 8 leave R1C1 and R2C1"
    );
    let innies = words
        .iter()
        .find(|w| w.starts_with("innies: "))
        .expect("an innies step");
    // Box 3: cages of 9 (two cells) and 6 and 13 (two each) inside, 28
    // less than the box's 0 + 1 + ... + 8 = 36; its three innies sum to 8.
    assert!(
        innies.starts_with("innies: the cages wholly inside box 3 hold 28, 8 less than its 36, so its innies R1C7 + R3C7 + R3C8 = 8"),
        "{innies}"
    );
}

/// A solution printed from 0 reads back as the same values with
/// [`Puzzle::parse_classic_from_zero`], as a line, a grid and tokens; the
/// plain reader takes its `0` for empty.
#[test]
fn a_solution_printed_from_zero_reads_back() {
    for text in [
        CLASSIC,
        ".Shape~6x6~0-5.~R1C5_3~R2C2_0~R2C4_2~R2C6_4~R3C4_1~R4C3_2~R5C1_5~R5C3_1~R5C5_4~R6C2_4",
        ".Shape~16x16~0-15.~R1C1_0~R2C2_15~R16C16_10",
    ] {
        let puzzle = iss::parse(text).unwrap();
        let solution = puzzle.solve().expect("a solution");
        let line = solution.to_string();
        assert!(line.contains('0'), "{line}");
        for printed in [line.clone(), format!("{solution:#}"), solution.to_tokens()] {
            let back = Puzzle::parse_classic_from_zero(&printed)
                .unwrap_or_else(|e| panic!("{printed}: {e}"));
            assert_eq!(back.first_value(), 0);
            assert_eq!(back.cells(), solution.cells(), "{printed}");
            assert_eq!(back.to_string(), line);
        }
        // The plain reader: `0` is empty, so another (unsolved) grid.
        let plain = Puzzle::parse_classic(&line).unwrap();
        assert!(plain.givens() < solution.givens(), "{line}");
        // The puzzle itself, `.` for empty, reads back too.
        let givens = Puzzle::parse_classic_from_zero(&puzzle.to_string()).unwrap();
        assert_eq!(givens.cells(), puzzle.cells());
    }
    // Past N-1 is no value; `.` and `_` are empty.
    assert!(Puzzle::parse_classic_from_zero("0124............").is_err());
    assert!(Puzzle::parse_classic_from_zero("0 1 2 4 . . . . . . . . . . . .").is_err());
    let four = Puzzle::parse_classic_from_zero("0123_...........").unwrap();
    assert_eq!(four.givens(), 4);
    assert_eq!(four.to_string(), "0123............");
    // The candidates logic builds from it write values from 0.
    let step = Logic::new()
        .next_step(
            &Candidates::from_variant(
                &Puzzle::parse_classic_from_zero("012.............").unwrap(),
            )
            .unwrap(),
        )
        .unwrap();
    assert!(step.explanation().ends_with(", 3"), "{step}");
}

/// A game's pencil marks on a puzzle from 0 print as its grid prints values
/// (the solution's printed digit at its own place in each cell) and read
/// back as the same marks and the same hint; the puzzle written from 1
/// prints each digit one more, as before.
#[test]
fn pencil_marks_print_and_read_back_from_zero() {
    let puzzle = iss::parse(CLASSIC).unwrap();
    let solution: Vec<char> = CLASSIC_SOLUTION.chars().collect();
    let mut game = Game::new(puzzle.clone());
    // R1C3 (solution 3) keeps 3 and 5 as written: held 4 and 6.
    game.set_candidates(Cell::new(0, 2), &[4, 6]).unwrap();
    let line = game.to_candidate_line();
    assert_eq!(line.len(), 729);
    for (cell, &printed) in solution.iter().enumerate() {
        let place = printed.to_digit(10).unwrap() as usize;
        assert_eq!(
            line.as_bytes()[cell * 9 + place] as char,
            printed,
            "cell {cell}"
        );
    }
    assert_eq!(&line[18..27], "...3.5...");
    let back = Game::from_candidate_line(puzzle.clone(), &line).unwrap();
    assert_eq!(back.to_candidate_line(), line);
    for c in 0..81 {
        let cell = Cell::from_index(c, 9);
        assert_eq!(back.candidates(cell), game.candidates(cell), "{cell}");
    }
    let words = |g: &Game| match Logic::new().hint(g).unwrap() {
        Hint::Step(step) => step.explanation().into_owned(),
        other => panic!("{other:?}"),
    };
    assert_eq!(words(&back), words(&game));
    // The same puzzle from 1: every digit one more, `0` no value.
    let one = puzzle.clone().with_values_from_zero(false);
    let mut from_one = Game::new(one.clone());
    from_one.set_candidates(Cell::new(0, 2), &[4, 6]).unwrap();
    let line_one = from_one.to_candidate_line();
    let up: String = line
        .chars()
        .map(|c| c.to_digit(10).map_or(c, |d| char::from(b'1' + d as u8)))
        .collect();
    assert_eq!(line_one, up);
    assert!(Game::from_candidate_line(one, &line).is_err());
    assert!(Game::from_candidate_line(puzzle, &line_one).is_err());
    // On 16×16, tokens from 0: `0,15/…`.
    let big = iss::parse(".Shape~16x16~0-15.~R1C1_0~R2C2_15~R16C16_10").unwrap();
    let tokens = Game::new(big.clone()).to_candidate_line();
    assert!(
        tokens.starts_with("0/1,2,3,4,5,6,7,8,9,10,11,12,13,14/"),
        "{}",
        &tokens[..60]
    );
    let back = Game::from_candidate_line(big.clone(), &tokens).unwrap();
    assert_eq!(back.to_candidate_line(), tokens);
    assert!(Game::from_candidate_line(big, &tokens.replacen("14/", "16/", 1)).is_err());
}
