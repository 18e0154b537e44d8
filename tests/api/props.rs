//! Property tests: planted puzzles always solve, every format round-trips, and no
//! text panics the parsers.

use crate::common;

use common::{
    Rng, blank, check_message, check_solution, checked_outcome, grid_errors, partial_errors,
    pattern_grid, planted, random_solved, shuffle_grid, solution_errors,
};
use ndoku::engine::Reference;
use ndoku::{AnyBoard, Board, Count, Outcome, ParseError, Solver};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

// ---------------------------------------------------------------------------
// Planted puzzles solve
// ---------------------------------------------------------------------------

/// A random solved grid from `seed` with `blanks` cells emptied must solve to a
/// valid grid keeping its givens; when the fast engine says it is unique, the
/// solution must be the planted grid. The reference engine, when given steps,
/// must agree (a reference that runs out of steps skips only its own check).
fn planted_solves<const BOX: usize>(
    seed: u64,
    blanks: usize,
    ref_steps: Option<u64>,
) -> Result<(), TestCaseError> {
    let mut rng = Rng::new(seed);
    let (puzzle, grid) = planted::<BOX>(blanks, &mut rng);
    prop_assert_eq!(
        puzzle.givens(),
        Board::<BOX>::CELLS - blanks.min(Board::<BOX>::CELLS)
    );
    prop_assert!(puzzle.is_completed_by(&grid));

    let mut solver = Solver::new().with_max_nodes(1_000_000);
    let out = solver.solve(&puzzle);
    prop_assert!(!out.gave_up(), "fast engine gave up on {}", puzzle);
    let sol = checked_outcome(&puzzle, out);
    prop_assert!(
        sol.is_some(),
        "planted puzzle reported unsolvable: {}",
        puzzle
    );
    let sol = sol.unwrap();

    let count = solver.count(&puzzle, 2);
    prop_assert!(count.found() >= 1, "{:?} on {}", count, puzzle);
    if count == Count::Exact(1) {
        prop_assert_eq!(&sol, &grid, "unique puzzle solved to another grid");
    }

    if let Some(steps) = ref_steps {
        let r = Reference::new().with_max_steps(steps);
        match r.solve(&puzzle) {
            Outcome::GaveUp => {}
            Outcome::Solved(s) => {
                check_solution(&puzzle, &s);
                if count == Count::Exact(1) {
                    prop_assert_eq!(&s, &grid);
                }
            }
            other => prop_assert!(false, "reference: {:?} on {}", other, puzzle),
        }
        let rc = r.count(&puzzle, 2);
        if rc.is_complete() {
            prop_assert_eq!(rc, count, "engines disagree on {}", puzzle);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn planted_4x4_solves(seed in any::<u64>(), blanks in 0usize..=16) {
        planted_solves::<2>(seed, blanks, Some(u64::MAX))?;
    }

}

proptest! {
    // 32 cases in debug; the 256 of before in the `_in_full` twin, which
    // `.ci/run` runs in release.
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn planted_9x9_solves(seed in any::<u64>(), blanks in 0usize..=81) {
        planted_solves::<3>(seed, blanks, Some(300_000))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    #[ignore = "slow in debug builds: .ci/run runs it with cargo test --release -- --ignored"]
    fn planted_9x9_solves_in_full(seed in any::<u64>(), blanks in 0usize..=81) {
        planted_solves::<3>(seed, blanks, Some(300_000))?;
    }
}

/// A case `planted_16x16_solves` once found: 14 givens, where the search,
/// before it restarted on sparse boards until its first solution, took over
/// two million guesses to its first solution.
#[test]
fn planted_16x16_heavy_tail_case() {
    planted_solves::<4>(12_767_239_127_329_955_693, 242, None).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn planted_16x16_solves(seed in any::<u64>(), blanks in 0usize..=256) {
        // The reference only where few cells are open.
        let steps = (blanks <= 60).then_some(200_000);
        planted_solves::<4>(seed, blanks, steps)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Every share of blanks: boards with 350 or more open cells restart until
    /// their first solution, which cured their heavy tails (see
    /// `sparse_25x25_heavy_tail_cases_solve_within_budget` in `solve.rs`).
    #[test]
    fn planted_25x25_solves(seed in any::<u64>(), blanks in 0usize..=625) {
        planted_solves::<5>(seed, blanks, None)?;
    }
}

// ---------------------------------------------------------------------------
// Print → parse round trips
// ---------------------------------------------------------------------------

/// Every format `board` prints in reads back as the same board.
fn round_trips<const BOX: usize>(board: &Board<BOX>) -> Result<(), TestCaseError> {
    let n = Board::<BOX>::N;
    prop_assert_eq!(partial_errors(BOX, board.as_bytes()), None);
    prop_assert_eq!(&Board::<BOX>::from_cells(board.as_bytes()).unwrap(), board);

    let line = board.to_string();
    prop_assert_eq!(&line.parse::<Board<BOX>>().unwrap(), board, "{}", line);
    if n <= 61 {
        prop_assert_eq!(line.chars().count(), n * n);
        prop_assert!(!line.contains(char::is_whitespace));
        prop_assert_eq!(&Board::<BOX>::from_line(&line).unwrap(), board);
        // Each character stands for its cell.
        for (i, ch) in line.chars().enumerate() {
            let want = match board.get_index(i) {
                None => '.',
                Some(v @ 1..=9) => char::from(b'0' + v),
                Some(v @ 10..=35) => char::from(b'A' + v - 10),
                Some(v) => char::from(b'a' + v - 36),
            };
            prop_assert_eq!(ch, want, "cell {}", i);
        }
        if n <= 35 {
            let lower = line.to_lowercase();
            prop_assert_eq!(&lower.parse::<Board<BOX>>().unwrap(), board);
        }
    }

    let grid = format!("{board:#}");
    prop_assert_eq!(
        grid.lines().count(),
        n + BOX - 1,
        "rows and rules:\n{}",
        grid
    );
    prop_assert_eq!(&Board::<BOX>::from_grid(&grid).unwrap(), board, "{}", grid);
    prop_assert_eq!(&grid.parse::<Board<BOX>>().unwrap(), board);

    let tokens = board.to_tokens();
    prop_assert_eq!(tokens.split(' ').count(), n * n);
    prop_assert_eq!(&Board::<BOX>::from_tokens(&tokens).unwrap(), board);
    let commas = tokens.replace(' ', ",");
    prop_assert_eq!(&commas.parse::<Board<BOX>>().unwrap(), board);
    prop_assert_eq!(&Board::<BOX>::from_tokens(&commas).unwrap(), board);
    for (t, v) in tokens.split(' ').zip(board.iter()) {
        prop_assert_eq!(t.parse::<u8>().unwrap(), v.unwrap_or(0));
    }
    Ok(())
}

/// A random board of box size `BOX`: a random solved grid with a `fill`% of its
/// cells kept.
fn random_board<const BOX: usize>(seed: u64, fill: usize) -> Board<BOX> {
    let mut rng = Rng::new(seed);
    let grid = random_solved::<BOX>(&mut rng);
    let cells = Board::<BOX>::CELLS;
    blank(&grid, cells - cells * fill / 100, &mut rng)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn round_trip_4x4(seed in any::<u64>(), fill in 0usize..=100) {
        round_trips(&random_board::<2>(seed, fill))?;
    }

    #[test]
    fn round_trip_9x9(seed in any::<u64>(), fill in 0usize..=100) {
        round_trips(&random_board::<3>(seed, fill))?;
    }

    #[test]
    fn round_trip_16x16_and_hex(seed in any::<u64>(), fill in 0usize..=100) {
        let b = random_board::<4>(seed, fill);
        round_trips(&b)?;
        let hex = b.to_hex();
        prop_assert_eq!(hex.len(), 256);
        prop_assert_eq!(&ndoku::Board16::from_hex(&hex).unwrap(), &b);
        prop_assert_eq!(&ndoku::Board16::from_hex(&hex.to_lowercase()).unwrap(), &b);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn round_trip_25x25(seed in any::<u64>(), fill in 0usize..=100) {
        round_trips(&random_board::<5>(seed, fill))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn round_trip_36x36(seed in any::<u64>(), fill in 0usize..=100) {
        round_trips(&random_board::<6>(seed, fill))?;
    }

    #[test]
    fn round_trip_49x49(seed in any::<u64>(), fill in 0usize..=100) {
        round_trips(&random_board::<7>(seed, fill))?;
    }

    #[test]
    fn round_trip_64x64(seed in any::<u64>(), fill in 0usize..=100) {
        round_trips(&random_board::<8>(seed, fill))?;
    }
}

// ---------------------------------------------------------------------------
// Parsers never panic
// ---------------------------------------------------------------------------

/// Characters the parsers treat specially, some that are invalid everywhere,
/// and multi-byte ones (including Unicode white space).
const FUZZ_CHARS: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\
                          ........._ \t\n\r|+-,é日🦀\u{a0}\u{2028}\u{200b}ßİ\u{0}";

fn fuzz_text(max_len: usize) -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = FUZZ_CHARS.chars().collect();
    prop::collection::vec(prop::sample::select(alphabet), 0..max_len)
        .prop_map(|v| v.into_iter().collect())
}

fn fuzz_tokens(max_len: usize) -> impl Strategy<Value = String> {
    let token = prop_oneof![
        8 => (0u32..70).prop_map(|v| v.to_string()),
        3 => Just(".".to_string()),
        1 => Just("_".to_string()),
        1 => Just("|".to_string()),
        1 => Just("-+-".to_string()),
        1 => Just("007".to_string()),
        1 => Just("99999999999999999999999".to_string()),
        1 => Just("x".to_string()),
        1 => Just("1é".to_string()),
        1 => Just("-1".to_string()),
    ];
    let sep = prop::sample::select(vec![" ", ",", "\n", ", ", "\t", "  "]);
    prop::collection::vec((token, sep), 0..max_len)
        .prop_map(|v| v.into_iter().map(|(t, s)| t + s).collect())
}

/// What any parse result must satisfy: a board is valid and prints back to
/// itself; an error is well-formed and, where it names a character, names one
/// that is in the text.
fn check_parse<const BOX: usize>(
    text: &str,
    result: Result<Board<BOX>, ParseError>,
) -> Result<(), TestCaseError> {
    let n = Board::<BOX>::N;
    match result {
        Ok(b) => {
            prop_assert_eq!(partial_errors(BOX, b.as_bytes()), None, "{:?}", text);
            prop_assert_eq!(b.to_string().parse::<Board<BOX>>().unwrap(), b);
        }
        Err(e) => {
            check_message(&e.to_string());
            match e {
                ParseError::InvalidChar { ch, .. } => {
                    prop_assert!(text.contains(ch), "{:?} not in {:?}", ch, text)
                }
                ParseError::WrongCellCount {
                    expected,
                    found,
                    size,
                } => {
                    prop_assert_eq!(expected, n * n);
                    prop_assert_eq!(size, n);
                    prop_assert_ne!(found, n * n);
                }
                ParseError::WrongRowLength {
                    expected, found, ..
                } => {
                    prop_assert_eq!(expected, n);
                    prop_assert_ne!(found, n);
                }
                ParseError::InvalidToken { token, .. } => {
                    prop_assert!(token.chars().count() <= 16);
                    prop_assert!(text.contains(&*token), "{:?} not in {:?}", token, text);
                }
                _ => {}
            }
        }
    }
    Ok(())
}

fn parsers_survive<const BOX: usize>(text: &str) -> Result<(), TestCaseError> {
    check_parse::<BOX>(text, text.parse())?;
    check_parse::<BOX>(text, Board::<BOX>::from_line(text))?;
    check_parse::<BOX>(text, Board::<BOX>::from_grid(text))?;
    check_parse::<BOX>(text, Board::<BOX>::from_tokens(text))?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn parsers_never_panic_on_symbol_soup(text in fuzz_text(300)) {
        parsers_survive::<2>(&text)?;
        parsers_survive::<3>(&text)?;
        parsers_survive::<4>(&text)?;
        check_parse::<4>(&text, ndoku::Board16::from_hex(&text))?;
        parsers_survive::<6>(&text)?;
        parsers_survive::<8>(&text)?;
    }

    #[test]
    fn parsers_never_panic_on_near_4x4_text(text in fuzz_text(40)) {
        parsers_survive::<2>(&text)?;
    }

    #[test]
    fn parsers_never_panic_on_any_string(text in any::<String>()) {
        parsers_survive::<2>(&text)?;
        parsers_survive::<3>(&text)?;
        parsers_survive::<5>(&text)?;
        check_parse::<4>(&text, ndoku::Board16::from_hex(&text))?;
        parsers_survive::<7>(&text)?;
    }

    #[test]
    fn parsers_never_panic_on_token_soup(text in fuzz_tokens(40)) {
        parsers_survive::<2>(&text)?;
        parsers_survive::<3>(&text)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Text of about the right length for 9×9 and 16×16, so that many cases get
    /// past the length checks to the value and conflict checks.
    #[test]
    fn parsers_never_panic_on_board_sized_text(
        nine in fuzz_text(100),
        hex in prop::collection::vec(prop::sample::select("0123456789abcdefABCDEFG.......... |".chars().collect::<Vec<_>>()), 250..262),
        tokens in fuzz_tokens(270),
    ) {
        parsers_survive::<3>(&nine)?;
        let hex: String = hex.into_iter().collect();
        check_parse::<4>(&hex, ndoku::Board16::from_hex(&hex))?;
        parsers_survive::<4>(&hex)?;
        parsers_survive::<4>(&tokens)?;
        parsers_survive::<8>(&tokens)?;
    }

    /// One foreign character dropped into a valid line is reported at its cell.
    #[test]
    fn invalid_char_is_reported_where_it_stands(
        seed in any::<u64>(),
        fill in 0usize..=100,
        pos in any::<prop::sample::Index>(),
        ch in prop::sample::select(vec!['x', '?', '*', '#', 'é', '日', '🦀', '\u{0}', '/']),
    ) {
        fn check<const BOX: usize>(seed: u64, fill: usize, i: usize, ch: char) -> Result<(), TestCaseError> {
            let n = Board::<BOX>::N;
            let b = random_board::<BOX>(seed, fill);
            let mut chars: Vec<char> = b.to_string().chars().collect();
            chars[i] = ch;
            let text: String = chars.into_iter().collect();
            let want = ParseError::InvalidChar { ch, row: i / n, col: i % n };
            prop_assert_eq!(text.parse::<Board<BOX>>().unwrap_err(), want.clone());
            prop_assert_eq!(Board::<BOX>::from_line(&text).unwrap_err(), want);
            Ok(())
        }
        check::<2>(seed, fill, pos.index(16), ch)?;
        check::<3>(seed, fill, pos.index(81), ch)?;
        check::<4>(seed, fill, pos.index(256), ch)?;
        check::<5>(seed, fill, pos.index(625), ch)?;
    }
}

// ---------------------------------------------------------------------------
// The test helpers themselves
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The independent checker rejects any grid with one cell changed or two
    /// different cells swapped, and a solution that changes a given; every
    /// transform of a valid grid stays valid.
    #[test]
    fn checker_catches_broken_grids(
        seed in any::<u64>(),
        a in any::<prop::sample::Index>(),
        b in any::<prop::sample::Index>(),
        delta in 1u8..9,
    ) {
        let mut rng = Rng::new(seed);
        let grid = random_solved::<3>(&mut rng);
        let cells = grid.as_bytes().to_vec();
        prop_assert_eq!(grid_errors(3, &cells), None);
        prop_assert_eq!(solution_errors(&grid, &grid), None);
        prop_assert_eq!(grid_errors(3, &shuffle_grid(3, &cells, &mut rng)), None);
        prop_assert_eq!(grid_errors(2, &pattern_grid(2)), None);
        prop_assert_eq!(grid_errors(8, &pattern_grid(8)), None);

        let (i, j) = (a.index(81), b.index(81));
        let mut changed = cells.clone();
        changed[i] = (changed[i] - 1 + delta) % 9 + 1;
        prop_assert!(grid_errors(3, &changed).is_some());
        let mut emptied = cells.clone();
        emptied[i] = 0;
        prop_assert!(grid_errors(3, &emptied).is_some());
        prop_assert!(partial_errors(3, &emptied).is_none());
        if cells[i] != cells[j] {
            let mut swapped = cells.clone();
            swapped.swap(i, j);
            prop_assert!(grid_errors(3, &swapped).is_some());
        }
        // A valid grid that differs from the puzzle's givens is no solution of it.
        let other = ndoku::Board9::from_cells(&shuffle_grid(3, &cells, &mut rng)).unwrap();
        let puzzle = blank(&grid, 40, &mut rng);
        let keeps = puzzle.iter().zip(other.iter()).all(|(p, o)| p.is_none() || p == o);
        prop_assert_eq!(solution_errors(&puzzle, &other).is_none(), keeps);
    }
}

// ---------------------------------------------------------------------------
// The one-line fast path agrees with building from cells
// ---------------------------------------------------------------------------

/// A line of exactly N×N symbols with `givens` random values (so with few of
/// them it is often free of conflicts, with many rarely), an empty marker
/// elsewhere, and now and then one stray character: the values, the text, and
/// where the stray character went.
fn plain_line_text<const BOX: usize>(seed: u64, givens: usize) -> (Vec<u8>, String, Option<usize>) {
    let mut rng = Rng::new(seed);
    let (n, cells) = (Board::<BOX>::N, Board::<BOX>::CELLS);
    let mut values = vec![0u8; cells];
    for _ in 0..givens.min(cells) {
        values[rng.below(cells)] = rng.range(1, n) as u8;
    }
    let empties = ['.', '0', '_'];
    let mut text: Vec<char> = values
        .iter()
        .map(|&v| match v {
            0 => empties[rng.below(3)],
            1..=9 => char::from(b'0' + v),
            _ => char::from(b'A' + v - 10),
        })
        .collect();
    let stray = rng.chance(1, 4).then(|| rng.below(cells));
    if let Some(i) = stray {
        text[i] = ['x', ' ', '|', 'z'][rng.below(4)];
    }
    (values, text.into_iter().collect(), stray)
}

/// A line from [`plain_line_text`] must parse exactly as building the board
/// from its values does: the same board, or the same conflict, or the stray
/// character named.
fn plain_line_agrees<const BOX: usize>(seed: u64, givens: usize) -> Result<(), TestCaseError> {
    let n = Board::<BOX>::N;
    let (values, text, stray) = plain_line_text::<BOX>(seed, givens);
    let parsed = Board::<BOX>::from_line(&text);
    match (stray, parsed) {
        (Some(_), Err(ParseError::InvalidChar { .. } | ParseError::WrongCellCount { .. })) => {}
        (Some(i), other) if n >= 16 && text.as_bytes()[i] == b'z' => {
            // A lower-case letter is a value on 16×16 and up.
            prop_assert!(other.is_ok() || matches!(other, Err(ParseError::Board(_))));
        }
        (Some(i), other) => prop_assert!(false, "stray {:?} at {i} gave {:?}", &text[i..=i], other),
        (None, parsed) => {
            let built = Board::<BOX>::from_cells(&values).map_err(ParseError::from);
            prop_assert_eq!(parsed, built, "{:?}", text);
        }
    }
    Ok(())
}

/// `Solver::count_line`, which leaves the conflict check to the search when
/// it can, must answer a line from [`plain_line_text`] exactly as parsing it
/// and then searching does: the same error, or the same puzzle, count and
/// first solution, which completes the puzzle.
fn count_line_agrees<const BOX: usize>(seed: u64, givens: usize) -> Result<(), TestCaseError> {
    let (_, text, _) = plain_line_text::<BOX>(seed, givens);
    let mut solver = Solver::new().with_max_nodes(20_000);
    let answer = solver
        .count_line(&text, 2)
        .map(|a| (a.puzzle, a.count, a.first));
    let expected = AnyBoard::parse_line(&text).map(|puzzle| {
        let (count, first) = solver.count_and_solve(&puzzle, 2);
        (puzzle, count, first)
    });
    prop_assert_eq!(&answer, &expected, "{:?}", text);
    if let Ok((puzzle, _, Some(first))) = &answer {
        prop_assert!(
            first.is_solved() && puzzle.is_completed_by(first),
            "{:?}",
            text
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn plain_lines_parse_as_their_cells_build(seed in any::<u64>(), givens in 0usize..=40) {
        plain_line_agrees::<2>(seed, givens / 4)?;
        plain_line_agrees::<3>(seed, givens)?;
        plain_line_agrees::<4>(seed, givens * 2)?;
        plain_line_agrees::<5>(seed, givens * 3)?;
    }

    #[test]
    fn count_line_answers_as_parse_then_search(seed in any::<u64>(), givens in 0usize..=40) {
        count_line_agrees::<2>(seed, givens / 4)?;
        count_line_agrees::<3>(seed, givens)?;
        count_line_agrees::<4>(seed, givens * 2)?;
    }
}
