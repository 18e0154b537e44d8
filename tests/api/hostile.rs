//! Hostile input for the library, one test per row of the table in issue #6
//! that applies to it (the command line has its own in `tests/cli/cli.rs`): every
//! input ends in a clear error or result, within bounds, and never a panic.
//!
//! A counting allocator measures, per thread, the largest single allocation and
//! the peak of live bytes, so that "no giant allocation" and "memory stays
//! bounded" are checked rather than assumed.

use crate::common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use common::{Rng, check_solution, pattern_grid};
use ndoku::engine::Reference;
use ndoku::model::House;
use ndoku::{AnyBoard, Board, Board9, Board64, BoardError, Count, Outcome, ParseError, Solver};

// ---------------------------------------------------------------------------
// Allocation accounting
// ---------------------------------------------------------------------------

struct Counting;

thread_local! {
    /// Bytes allocated and not yet freed by this thread (frees of memory that
    /// another thread allocated can take it below zero, hence signed).
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The highest `LIVE` since the last [`measure`] started.
    static PEAK: Cell<isize> = const { Cell::new(0) };
    /// The largest single allocation since the last [`measure`] started.
    static BIGGEST: Cell<usize> = const { Cell::new(0) };
}

fn track(delta: isize, size: usize) {
    // `try_with`: the thread-locals may be gone while a thread shuts down.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
    let _ = BIGGEST.try_with(|big| big.set(big.get().max(size)));
}

// SAFETY: every call is passed on to `System` unchanged; the counting only
// touches thread-locals that need no allocation.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        track(layout.size() as isize, layout.size());
        // SAFETY: the caller upholds `alloc`'s contract, which `System` shares.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        track(-(layout.size() as isize), 0);
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What `f` allocated on this thread: (largest single allocation, peak of live
/// bytes above what was live when it started).
fn measure<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    BIGGEST.with(|b| b.set(0));
    let out = f();
    let peak = PEAK.with(Cell::get) - base;
    (out, BIGGEST.with(Cell::get), peak.max(0) as usize)
}

const KIB: usize = 1024;
const MIB: usize = 1024 * KIB;

/// The bounds below can fail: the counter sees a big allocation, and the peak
/// of what is live at once.
#[test]
fn the_allocation_counter_counts() {
    let (len, biggest, peak) = measure(|| {
        let small = vec![1u8; 10 * KIB];
        let big = vec![1u8; MIB];
        drop(big);
        small.len()
    });
    assert_eq!(len, 10 * KIB);
    assert!(biggest >= MIB, "{biggest}");
    assert!((MIB + 10 * KIB..2 * MIB).contains(&peak), "{peak}");
    let ((), biggest, peak) = measure(|| ());
    assert_eq!((biggest, peak), (0, 0));
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// A parser of boards of one size.
type SizedParser<const BOX: usize> = fn(&str) -> Result<Board<BOX>, ParseError>;
/// A parser of boards of any size.
type AnyParser = fn(&str) -> Result<AnyBoard, ParseError>;

/// Every way the library parses text into a board of size `BOX`, by name.
fn sized_parsers<const BOX: usize>() -> Vec<(&'static str, SizedParser<BOX>)> {
    vec![
        ("from_str", |s| s.parse::<Board<BOX>>()),
        ("from_line", Board::<BOX>::from_line),
        ("from_grid", Board::<BOX>::from_grid),
        ("from_tokens", Board::<BOX>::from_tokens),
    ]
}

/// Every way the library parses text of any size.
fn any_parsers() -> [(&'static str, AnyParser); 4] {
    [
        ("AnyBoard::parse_line", AnyBoard::parse_line),
        ("AnyBoard::parse_grid", AnyBoard::parse_grid),
        ("AnyBoard::from_str", |s| s.parse::<AnyBoard>()),
        ("AnyBoard::parse_hex", AnyBoard::parse_hex),
    ]
}

/// Feeds `text` to every parser, sized (all of `BOX` 2 to 8 and hex) and not;
/// returns how many accepted it. None may panic.
fn parse_everywhere(text: &str) -> usize {
    fn sized<const BOX: usize>(text: &str, ok: &mut usize) {
        for (_, parse) in sized_parsers::<BOX>() {
            *ok += usize::from(parse(text).is_ok());
        }
    }
    let mut ok = 0;
    for_each_box!(sized, text, &mut ok);
    ok += usize::from(Board::<4>::from_hex(text).is_ok());
    for (_, parse) in any_parsers() {
        ok += usize::from(parse(text).is_ok());
    }
    ok
}

/// The nearest board side to `cells` cells (the smaller one on a tie), worked
/// out here rather than taken from the library.
fn nearest(cells: usize) -> usize {
    let mut best = 4usize;
    for n in [4usize, 9, 16, 25, 36, 49, 64] {
        if (n * n).abs_diff(cells) < (best * best).abs_diff(cells) {
            best = n;
        }
    }
    best
}

// ---------------------------------------------------------------------------
// Empty input, or only comments
// ---------------------------------------------------------------------------

#[test]
fn empty_and_blank_text_is_the_empty_error() {
    fn sized<const BOX: usize>(text: &str) {
        for (name, parse) in sized_parsers::<BOX>() {
            assert_eq!(parse(text), Err(ParseError::Empty), "{name} {BOX} {text:?}");
        }
    }
    for text in [
        "",
        " ",
        "\n",
        "\r\n\r\n",
        "\t \n  \n",
        "|",
        "+---+---+\n|  |\n",
        " , ,",
    ] {
        if !text.contains(',') {
            for_each_box!(sized, text);
            assert_eq!(
                Board::<4>::from_hex(text),
                Err(ParseError::Empty),
                "{text:?}"
            );
        }
        for (name, parse) in any_parsers() {
            if name == "AnyBoard::parse_hex" && text.contains(',') {
                continue; // Hex has no commas: ',' is an invalid character there.
            }
            assert_eq!(parse(text), Err(ParseError::Empty), "{name} {text:?}");
        }
    }
    assert_eq!(Board9::from_tokens(" , ,"), Err(ParseError::Empty));
    assert_eq!(ParseError::Empty.to_string(), "no cells found");
}

#[test]
fn comments_are_not_cells_the_library_reads() {
    // The library parses one puzzle; skipping `#` comment lines is the job of
    // whoever splits a file into puzzles (the command line, examples/batch.rs).
    // A comment handed to a parser is an error, never a board or a panic.
    for text in [
        "# a comment",
        "#",
        "# 1.3..4..........\n# another",
        "#\n#\n",
    ] {
        assert_eq!(parse_everywhere(text), 0, "{text:?}");
    }
    assert_eq!(
        "#...............".parse::<ndoku::Board4>(),
        Err(ParseError::InvalidChar {
            ch: '#',
            row: 0,
            col: 0
        })
    );
}

// ---------------------------------------------------------------------------
// A line of 10 MB
// ---------------------------------------------------------------------------

/// Parses `dots` (a line of dots) and `zeros` (as many `0` tokens) as boards
/// of `BOX`, with `FromStr` or with every parser: the wrong-length error that
/// names the length, and no allocation beyond a few KiB (the cells of one
/// board), so the input is never copied or split into a vector of tokens.
fn long_line_sized<const BOX: usize>(dots: &str, zeros: &str, every_parser: bool) {
    let n = Board::<BOX>::N;
    let parsers = sized_parsers::<BOX>();
    let parsers = if every_parser {
        &parsers[..]
    } else {
        &parsers[..1]
    };
    for (name, parse) in parsers {
        // 64×64 reads only tokens (a run of dots is one token that is no
        // number, checked below).
        let tokens = BOX == 8 || *name == "from_tokens";
        let text = if tokens { zeros } else { dots };
        let found = dots.len();
        let (result, biggest, peak) = measure(|| parse(text));
        let want = ParseError::WrongCellCount {
            expected: n * n,
            found,
            size: n,
        };
        assert_eq!(result, Err(want), "{name} {n}x{n}");
        let message = result.unwrap_err().to_string();
        assert!(message.contains(&found.to_string()), "{message}");
        assert!(
            biggest <= 16 * KIB,
            "{name} {n}x{n}: one allocation of {biggest} bytes"
        );
        assert!(
            peak <= 64 * KIB,
            "{name} {n}x{n}: {peak} bytes live at once"
        );
    }
    if BOX == 8 && every_parser {
        let e = Board::<BOX>::from_tokens(dots).unwrap_err();
        assert_eq!(
            e,
            ParseError::InvalidToken {
                token: ".".repeat(16),
                row: 0,
                col: 0
            }
        );
    }
}

/// The same for the `AnyBoard` parsers, which name the nearest size below: 64×64.
fn long_line_any(text: &str, found: usize, parsers: &[(&'static str, AnyParser)]) {
    for (name, parse) in parsers {
        let (result, biggest, peak) = measure(|| parse(text));
        let want = if *name == "AnyBoard::parse_hex" {
            // Hex is 16×16 only; spaces are layout, so `0` tokens are cells.
            ParseError::WrongCellCount {
                expected: 256,
                found,
                size: 16,
            }
        } else {
            ParseError::NoSizeFits {
                found,
                smaller: Some(64),
                larger: None,
            }
        };
        assert_eq!(result, Err(want), "{name}");
        assert!(
            biggest <= 16 * KIB,
            "{name}: one allocation of {biggest} bytes"
        );
        assert!(peak <= 64 * KIB, "{name}: {peak} bytes live at once");
    }
}

/// A 10 MB line through the two readers `FromStr` picks between (characters
/// on 9×9, tokens on 64×64) and through `AnyBoard`.
#[test]
fn a_ten_megabyte_line_is_a_length_error_without_big_allocations() {
    let len = 10 * MIB;
    let (dots, zeros) = (".".repeat(len), "0 ".repeat(len / 2));
    long_line_sized::<3>(&dots, "", false);
    long_line_sized::<8>(&dots[..len / 2], &zeros, false);
    long_line_any(&dots, len, &any_parsers()[..1]);
}

/// A line of 256 Ki cells, far past any board, through every parser.
#[test]
fn a_long_line_is_a_length_error_for_every_parser() {
    let len = 256 * KIB;
    let (dots, zeros) = (".".repeat(len), "0 ".repeat(len));
    for_each_box!(long_line_sized, &dots, &zeros, true);
    long_line_any(&dots, len, &any_parsers());
    long_line_any(&zeros, len, &any_parsers());
}

// ---------------------------------------------------------------------------
// A binary file; NUL bytes and invalid UTF-8
// ---------------------------------------------------------------------------

#[test]
fn binary_bytes_nul_and_invalid_utf8_are_errors() {
    let mut rng = Rng::new(6);
    let mut cases: Vec<Vec<u8>> = vec![
        vec![0; 81],
        vec![0xFF; 81],
        [0xC0, 0x80].repeat(8), // An overlong NUL: invalid UTF-8.
        b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0".to_vec(),
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
    ];
    // Random bytes of each board's length (and its tokens' length), and some
    // random lengths, each with at least one byte that is not UTF-8.
    for len in [16, 81, 256, 625, 1296, 2401, 4096, 8192, 3, 100, 1000] {
        for _ in 0..4 {
            let mut bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            bytes[rng.below(len)] = 0xFF;
            cases.push(bytes);
        }
    }
    for bytes in &cases {
        let text = String::from_utf8_lossy(bytes);
        assert_eq!(parse_everywhere(&text), 0, "{text:?}");
    }

    // A NUL inside an otherwise good line is named where it stands.
    let mut line = String::from(
        "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..",
    );
    line.replace_range(40..41, "\0");
    let e = line.parse::<Board9>().unwrap_err();
    assert_eq!(
        e,
        ParseError::InvalidChar {
            ch: '\0',
            row: 4,
            col: 4
        }
    );
    assert_eq!(e.to_string(), "invalid character '\\0' at row 5, column 5");
    // So is the replacement character that stands for invalid UTF-8.
    let lossy = String::from_utf8_lossy(b"1.3..4...\xff......");
    assert_eq!(
        AnyBoard::parse_line(&lossy),
        Err(ParseError::InvalidChar {
            ch: '\u{FFFD}',
            row: 2,
            col: 1
        })
    );
    // And a NUL token in the token format.
    assert!(matches!(
        Board64::from_tokens(&format!("1 \0 {}", "0 ".repeat(4094))),
        Err(ParseError::InvalidToken { row: 0, col: 1, .. })
    ));
}

// ---------------------------------------------------------------------------
// Every wrong length between the valid sizes
// ---------------------------------------------------------------------------

/// Every length up to 1,400 (past 36×36) in debug; up to 4,296 (one row
/// past 64×64) in the `_in_full` twin, which `.ci/run` runs in release.
#[test]
fn every_wrong_length_is_the_length_error_for_any_board() {
    wrong_lengths_for_any_board(1_400);
}

#[test]
#[ignore = "slow in debug builds; run in release"]
fn every_wrong_length_is_the_length_error_for_any_board_in_full() {
    wrong_lengths_for_any_board(4096 + 200);
}

fn wrong_lengths_for_any_board(longest: usize) {
    let dots = ".".repeat(4096 + 200);
    let commas = "0,".repeat(4096 + 200);
    for len in 1..=longest {
        let n = nearest(len);
        let want = if n * n == len {
            continue;
        } else {
            let sides = [4usize, 9, 16, 25, 36, 49, 64];
            Err(ParseError::NoSizeFits {
                found: len,
                smaller: sides.into_iter().rev().find(|&s| s * s < len),
                larger: sides.into_iter().find(|&s| s * s > len),
            })
        };
        assert_eq!(AnyBoard::parse_line(&dots[..len]), want, "{len} dots");
        assert_eq!(
            AnyBoard::parse_line(&commas[..2 * len]),
            want,
            "{len} tokens"
        );
    }
    for (len, size) in [
        (16, 4),
        (81, 9),
        (256, 16),
        (625, 25),
        (1296, 36),
        (2401, 49),
    ] {
        assert_eq!(AnyBoard::parse_line(&dots[..len]).unwrap().size(), size);
    }
    assert_eq!(
        AnyBoard::parse_line(&commas[..2 * 4096]).unwrap().size(),
        64
    );
}

/// Every length on every size to 36×36; on 49×49 and 64×64, where parsing
/// every length is slow in debug, the first row's worth and the lengths
/// within a row of the board's. The `_in_full` twin, which `.ci/run` runs in
/// release, takes every length on every size.
#[test]
fn every_wrong_length_is_the_length_error_for_each_size() {
    wrong_lengths_for_each_size(false);
}

#[test]
#[ignore = "slow in debug builds; run in release"]
fn every_wrong_length_is_the_length_error_for_each_size_in_full() {
    wrong_lengths_for_each_size(true);
}

fn wrong_lengths_for_each_size(full: bool) {
    fn sized<const BOX: usize>(full: bool) {
        let (n, cells) = (Board::<BOX>::N, Board::<BOX>::CELLS);
        // Up to one row more than a board. 64×64 has only the token format.
        let (text, width) = if BOX == 8 {
            ("0 ".repeat(cells + n), 2)
        } else {
            (".".repeat(cells + n), 1)
        };
        let every = full || BOX <= 6;
        let lengths = (1..=cells + n).filter(|&len| every || len <= n || len + n >= cells);
        for len in lengths.filter(|&len| len != cells) {
            let want = Err(ParseError::WrongCellCount {
                expected: cells,
                found: len,
                size: n,
            });
            assert_eq!(
                text[..width * len].parse::<Board<BOX>>(),
                want,
                "{n}x{n} {len}"
            );
        }
        assert!(text[..width * cells].parse::<Board<BOX>>().is_ok());
    }
    for_each_box!(sized, full);
}

// ---------------------------------------------------------------------------
// Givens that conflict in a row, column and box, at the edges of the board
// ---------------------------------------------------------------------------

/// Two equal givens at `a` and `b` (0-based), parsed from text: the conflict
/// error in `house`, naming both cells.
fn assert_conflict<const BOX: usize>(a: (usize, usize), b: (usize, usize), house: House) {
    let n = Board::<BOX>::N;
    let value = n as u8; // The largest value, the one with the widest symbol.
    let mut cells = vec![0u8; n * n];
    cells[a.0 * n + a.1] = value;
    cells[b.0 * n + b.1] = value;
    let text: Vec<String> = cells.iter().map(|v| v.to_string()).collect();
    let text = text.join(" ");
    let e = text.parse::<Board<BOX>>().unwrap_err();
    let ParseError::Board(BoardError::Conflict {
        value: v,
        row,
        col,
        other_row,
        other_col,
        house: h,
    }) = e.clone()
    else {
        panic!("{n}x{n} {a:?} {b:?}: {e:?}");
    };
    assert_eq!((v, h), (n, house), "{n}x{n} {a:?} {b:?}");
    let mut named = [(row, col), (other_row, other_col)];
    named.sort();
    assert_eq!(named, [a, b], "{n}x{n}: {e}");
    let message = e.to_string();
    for (r, c) in [a, b] {
        assert!(
            message.contains(&format!("row {}, column {}", r + 1, c + 1)),
            "{message}"
        );
    }
    assert!(message.ends_with(&format!("in one {house}")), "{message}");
    // The same from raw cells and from `set`.
    assert!(matches!(
        Board::<BOX>::from_cells(&cells),
        Err(BoardError::Conflict { .. })
    ));
    let mut board = Board::<BOX>::new();
    board.set(a.0, a.1, value).unwrap();
    let e = board.set(b.0, b.1, value).unwrap_err();
    assert_eq!(
        e,
        BoardError::Conflict {
            value: n,
            row: b.0,
            col: b.1,
            other_row: a.0,
            other_col: a.1,
            house
        }
    );
    // AnyBoard finds the size and reports the same conflict.
    let parsed = text.parse::<Board<BOX>>().unwrap_err();
    assert_eq!(AnyBoard::parse_line(&text), Err(parsed.clone()));
    // So does the line format, where the size has symbols for its values.
    if BOX < 8 {
        let symbol = match value {
            1..=9 => char::from(b'0' + value),
            10..=35 => char::from(b'A' + value - 10),
            _ => char::from(b'a' + value - 36),
        };
        let line: String = cells
            .iter()
            .map(|&v| if v == 0 { '.' } else { symbol })
            .collect();
        assert_eq!(line.parse::<Board<BOX>>(), Err(parsed.clone()), "{line}");
        assert_eq!(AnyBoard::parse_line(&line), Err(parsed));
    }
}

#[test]
fn a_bad_character_past_a_rows_end_is_still_placed_on_the_board() {
    // Found by fuzzing: a bad character past the end of a long grid row, or
    // below the last row, has no place in the grid; the count of cells
    // places it instead, on the board.
    let long_row = ".3.65.84..\n52.......\n.87....31\n..3.....2..9G5483\n..79...D...\n13....25.\n.......74\n..52.63..\n";
    let many_lines = format!(
        "763298145541376289982(54367429~617388{}3794{}",
        "\n".repeat(60),
        "C".repeat(60)
    );
    let short = "1........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.x\n";
    for text in [long_row, &many_lines, short] {
        let sized = sized_parsers::<3>()
            .into_iter()
            .map(|(name, parse)| (name, 9, parse(text).map(|_| ())));
        // Hex reads a 16×16 board; the rest of these texts are 9×9 ones.
        let any = any_parsers().into_iter().map(|(name, parse)| {
            let side = if name == "AnyBoard::parse_hex" { 16 } else { 9 };
            (name, side, parse(text).map(|_| ()))
        });
        for (name, side, result) in sized.chain(any) {
            if let Err(ParseError::InvalidChar { row, col, .. }) = result {
                assert!(row < side && col < side, "{name}: {result:?} for {text:?}");
            }
        }
    }
    // The first case is named at its place in the row count.
    assert!(matches!(
        Board9::from_grid(long_row),
        Err(ParseError::InvalidChar { ch: 'G', .. })
    ));
}

#[test]
fn conflicts_at_the_edges_name_both_cells() {
    fn sized<const BOX: usize>() {
        let last = Board::<BOX>::N - 1;
        let b = BOX - 1;
        // Rows: the first and the last, corner to corner.
        assert_conflict::<BOX>((0, 0), (0, last), House::Row);
        assert_conflict::<BOX>((last, 0), (last, last), House::Row);
        // Columns: the first and the last, corner to corner.
        assert_conflict::<BOX>((0, 0), (last, 0), House::Column);
        assert_conflict::<BOX>((0, last), (last, last), House::Column);
        // Boxes: the four corner boxes, across their diagonals.
        assert_conflict::<BOX>((0, 0), (b, b), House::Box);
        assert_conflict::<BOX>((0, last), (b, last - b), House::Box);
        assert_conflict::<BOX>((last - b, 0), (last, b), House::Box);
        assert_conflict::<BOX>((last - b, last - b), (last, last), House::Box);
    }
    for_each_box!(sized);
}

// ---------------------------------------------------------------------------
// The empty 64×64 board
// ---------------------------------------------------------------------------

#[test]
fn the_empty_64x64_board_is_solved() {
    let budget = 200_000;
    let empty = Board64::new();
    let mut solver = Solver::new().with_max_nodes(budget);
    let (outcome, _, peak) = measure(|| solver.solve(&empty));
    let Outcome::Solved(solution) = outcome else {
        panic!(
            "gave up on the empty 64x64 board: {outcome:?}, {:?}",
            solver.stats()
        );
    };
    check_solution(&empty, &solution);
    assert!(solver.stats().guesses <= budget);
    assert!(peak <= 64 * MIB, "{peak} bytes live at once");
}

// ---------------------------------------------------------------------------
// A 64×64 board whose contradiction only shows deep in the search
// ---------------------------------------------------------------------------

/// A board with no solution that no rule short of search sees: values `1..=k`
/// may go, in box 0, only in its first `k - 1` cells of row 0 (givens in the
/// other rows of the band rule out rows 1 to BOX-1, givens in the other bands
/// of the stack rule out the other columns). Each value has `k - 1` places in
/// the box and in row 0, so no single and no locked candidate is wrong; only
/// trying them shows that `k` values do not fit in `k - 1` cells.
fn pigeonhole<const BOX: usize>(k: usize) -> Board<BOX> {
    assert!((2..=BOX).contains(&k));
    let mut board = Board::<BOX>::new();
    for v in 1..=k {
        for r in 1..BOX {
            board.set(r, BOX * r + v - 1, v as u8).unwrap();
        }
        for c in k - 1..BOX {
            let band = c - (k - 1) + 1;
            board.set(BOX * band + v - 1, c, v as u8).unwrap();
        }
    }
    board
}

#[test]
fn the_pigeonhole_board_has_no_solution() {
    // Checked on 9×9 by the plain backtracker, which knows no rules at all.
    for k in 2..=3 {
        assert_eq!(
            Reference::new().solve(&pigeonhole::<3>(k)),
            Outcome::Unsolvable
        );
        assert_eq!(
            Reference::new().count(&pigeonhole::<3>(k), 2),
            Count::Exact(0)
        );
    }
    // And by the fast engine where the board is small enough to finish.
    assert_eq!(
        Solver::new().solve(&pigeonhole::<3>(3)),
        Outcome::Unsolvable
    );
    assert_eq!(
        Solver::new().solve(&pigeonhole::<4>(3)),
        Outcome::Unsolvable
    );
    assert_eq!(
        Solver::new().solve(&pigeonhole::<5>(4)),
        Outcome::Unsolvable
    );
}

/// Three digits with two cells between them: a two-place house-digit branch
/// settles it on big boards too (a cell-only search gave up here).
#[test]
fn a_pigeonhole_on_big_boards_is_proven_unsolvable() {
    let mut s6 = Solver::new().with_max_nodes(1_000);
    assert_eq!(s6.solve(&pigeonhole::<6>(3)), Outcome::Unsolvable);
    let mut s8 = Solver::new().with_max_nodes(1_000);
    assert_eq!(s8.solve(&pigeonhole::<8>(3)), Outcome::Unsolvable);
    assert_eq!(s8.count(&pigeonhole::<8>(3), 2), Count::Exact(0));
}

#[test]
fn a_deep_contradiction_on_64x64_ends_within_the_budget() {
    let budget = 5_000;
    for k in [3, 8] {
        let puzzle = pigeonhole::<8>(k);
        let mut solver = Solver::new().with_max_nodes(budget);
        let (outcome, _, peak) = measure(|| solver.solve(&puzzle));
        assert!(
            matches!(outcome, Outcome::Unsolvable | Outcome::GaveUp),
            "k {k}: {outcome:?}"
        );
        assert!(solver.stats().guesses <= budget, "{:?}", solver.stats());
        assert!(peak <= 64 * MIB, "{peak} bytes live at once");
        let (count, _, peak) = measure(|| solver.count(&puzzle, usize::MAX));
        assert!(
            matches!(count, Count::Exact(0) | Count::GaveUp(0)),
            "k {k}: {count:?}"
        );
        assert!(solver.stats().guesses <= budget, "{:?}", solver.stats());
        assert!(peak <= 64 * MIB, "{peak} bytes live at once");
    }
}

// ---------------------------------------------------------------------------
// count(usize::MAX) on the empty 9×9
// ---------------------------------------------------------------------------

#[test]
fn counting_the_empty_9x9_stops_at_the_budget() {
    let budget = 10_000;
    let mut solver = Solver::new().with_max_nodes(budget);
    let count = solver.count(&Board9::new(), usize::MAX);
    assert!(matches!(count, Count::GaveUp(n) if n > 0), "{count:?}");
    assert!(!count.is_complete());
    assert!(solver.stats().guesses <= budget);
    assert_eq!(solver.stats().solutions as usize, count.found());
    // The same search with count_and_solve keeps a first solution, a real one.
    let (again, first) = solver.count_and_solve(&Board9::new(), usize::MAX);
    assert_eq!(again, count);
    check_solution(&Board9::new(), &first.expect("it found solutions"));
    // Solver, the same budget.
    let any = AnyBoard::empty(9).unwrap();
    let count = Solver::new().with_max_nodes(budget).count(&any, usize::MAX);
    assert!(matches!(count, Count::GaveUp(n) if n > 0), "{count:?}");
}

// ---------------------------------------------------------------------------
// Solutions of hostile-but-valid boards are checked independently
// ---------------------------------------------------------------------------

#[test]
fn full_and_nearly_full_boards_of_every_size_solve_to_themselves() {
    fn sized<const BOX: usize>() {
        let grid = Board::<BOX>::from_cells(&pattern_grid(BOX)).unwrap();
        let mut solver = Solver::new().with_max_nodes(1_000);
        assert_eq!(solver.solve(&grid), Outcome::Solved(grid.clone()));
        let mut holed = grid.clone();
        let last = Board::<BOX>::N - 1;
        for (r, c) in [(0, 0), (0, last), (last, 0), (last, last)] {
            holed.clear(r, c).unwrap();
        }
        let solution = solver.solve(&holed).solution().expect("it has one");
        check_solution(&holed, &solution);
        assert_eq!(solution, grid);
    }
    for_each_box!(sized);
}
