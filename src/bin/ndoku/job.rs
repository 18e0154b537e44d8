//! One puzzle's work: parse it, search, and say the answer in the input's notation.

use std::io::Write as _;

use ndoku::text::sniff::LineShape;
use ndoku::{AnyBoard, Count, Limits, ParseError, Puzzle, Solver};

use crate::input::{Entry, MAX_TYPED_SIDE, Shape};

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Print a solution; with `unique`, `multiple` when there are several.
    Solve {
        /// Whether to prove the solution unique.
        unique: bool,
        /// How to print solutions.
        format: Format,
    },
    /// Print the number of solutions up to `limit`, or `>limit`.
    Count {
        /// The largest count printed exactly.
        limit: usize,
    },
    /// Print `unique`, `multiple` or `unsolvable`, the size and the givens.
    Check,
    /// Human-style logic: `rate`, `explain` or `hint` (see [`crate::logic`]).
    Logic(crate::logic::Want),
}

/// How solutions are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One line: one character a cell (tokens on 64×64); `solve` keeps the
    /// input's notation (letter case, tokens or hex).
    Line,
    /// A grid with box rules, followed by a blank line.
    Grid,
    /// Numbers separated by spaces on one line.
    Tokens,
    /// The Interactive Sudoku Solver's constraint text on one line: the
    /// puzzle's rules with every cell given (boards past 16×16, which ISS
    /// cannot hold, in the line format).
    Iss,
}

/// Everything that decides the answer for a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// What to do.
    pub mode: Mode,
    /// Whether input (and output) is 16×16 hex.
    pub hex: bool,
    /// Whether classic input has values from 0 to N-1 (and prints so).
    pub from_zero: bool,
    /// The node budget per search.
    pub max_nodes: u64,
    /// The time limit per search, if any.
    pub time_limit: Option<std::time::Duration>,
}

impl Job {
    /// The node budget and time limit as a solver takes them.
    pub fn limits(&self) -> Limits {
        Limits::new()
            .with_max_nodes(self.max_nodes)
            .with_time_limit(self.time_limit)
    }
}

/// How a puzzle ended, for the summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Solved, or (for `check` and `count`) exactly one solution.
    Solved,
    /// More than one solution (only known when the mode looks).
    Multiple,
    /// No solution.
    Unsolvable,
    /// The line could not be read, or its givens conflict.
    Invalid,
    /// The node budget ran out.
    GaveUp,
}

/// The answer for one puzzle; what stdout gets is in the caller's buffer.
#[derive(Clone, Debug)]
pub struct Reply {
    /// How it ended.
    pub verdict: Verdict,
    /// Guesses the searches made.
    pub guesses: u64,
    /// For an invalid puzzle: its line and the message.
    pub error: Option<(usize, String)>,
}

/// How the input wrote its values, so that solutions come back the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Notation {
    Upper,
    Lower,
    Tokens,
    /// 16×16 hex, its letters in lower case when the input's were.
    Hex {
        lower: bool,
    },
}

impl Notation {
    /// The notation of `text`, once it is known to hold a board of side `n`.
    fn of(text: &str, n: usize, hex: bool) -> Self {
        if hex {
            let lower = text.bytes().any(|b| matches!(b, b'a'..=b'f'))
                && !text.bytes().any(|b| matches!(b, b'A'..=b'F'));
            return Notation::Hex { lower };
        }
        // The commonest input, one line of N×N symbols, needs no word count.
        if text.len() == n * n && n <= 61 {
            return Self::letter_case(text, n);
        }
        let mut words = 0usize;
        let mut wide = false;
        let mut numeric = true;
        for w in ndoku::text::sniff::words(text) {
            words += 1;
            wide |= w.len() > 1 && w.bytes().all(|b| b.is_ascii_digit());
            numeric &= w.bytes().all(|b| b.is_ascii_digit()) || w == "." || w == "_";
        }
        // One line of N×N numbers, each its own word, is the token format
        // even when every value is a single digit (as `to_tokens` prints a
        // 4×4 or 9×9 board); on several lines it is a spaced grid.
        let spaced_numbers = numeric && !text.contains('\n');
        if text.contains(',') || ((wide || spaced_numbers) && words == n * n) || n > 61 {
            Notation::Tokens
        } else {
            Self::letter_case(text, n)
        }
    }

    /// The case of the letters in character notation: lower when `text` has
    /// lower-case letters and no upper-case ones, on a board whose values have
    /// letters in both cases (10 to 35 values), else upper.
    fn letter_case(text: &str, n: usize) -> Self {
        if (10..=35).contains(&n)
            && text.bytes().any(|b| b.is_ascii_lowercase())
            && !text.bytes().any(|b| b.is_ascii_uppercase())
        {
            Notation::Lower
        } else {
            Notation::Upper
        }
    }

    /// Appends `board` to `out` in this notation and `format`, line break(s) included.
    fn print(self, board: &AnyBoard, format: Format, out: &mut Vec<u8>) {
        let text = match (format, self) {
            (Format::Line, Notation::Upper) if line(board, false, out) => return,
            (Format::Line, Notation::Lower) if line(board, true, out) => return,
            (Format::Tokens, _) | (Format::Line, Notation::Tokens) => board.to_tokens(),
            (Format::Line, Notation::Hex { lower }) => {
                let hex = board.to_hex().unwrap_or_else(|| board.to_string());
                if lower { hex.to_ascii_lowercase() } else { hex }
            }
            (Format::Line, _) => board.to_string(),
            (Format::Grid, Notation::Hex { lower }) => {
                let hex: String = format!("{board:#}").chars().map(hex_digit).collect();
                if lower { hex.to_ascii_lowercase() } else { hex }
            }
            (Format::Grid, Notation::Lower) => format!("{board:#}").to_ascii_lowercase(),
            (Format::Grid, _) => format!("{board:#}"),
            (Format::Iss, _) => iss_text(&classic_puzzle(board)),
        };
        out.extend_from_slice(text.as_bytes());
        if !text.ends_with('\n') {
            out.push(b'\n');
        }
        if format == Format::Grid {
            out.push(b'\n');
        }
    }
}

/// The line format's symbol for each value, `.` for empty (as the library's).
const SYMBOLS: &[u8; 62] = b".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// [`SYMBOLS`] for every byte value, with the letters in lower case when `lower`
/// is set (for boards of up to 35 values); `?` past the last symbol.
const fn symbol_table(lower: bool) -> [u8; 256] {
    let mut t = [b'?'; 256];
    let mut v = 0;
    while v < SYMBOLS.len() {
        t[v] = if lower {
            SYMBOLS[v].to_ascii_lowercase()
        } else {
            SYMBOLS[v]
        };
        v += 1;
    }
    t
}

const UPPER: [u8; 256] = symbol_table(false);
const LOWER: [u8; 256] = symbol_table(true);

/// `0x01` in every byte of a word.
const LOW: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;
/// `b'0'` in every byte of a word.
const DIGIT_ZERO: u64 = 0x3030_3030_3030_3030;

/// Appends `board` and a line break to `out` in the line format, in lower case
/// when `lower` is set: the same text as `board.to_string()`, made in one pass
/// since batches print many. Returns false, appending nothing, for a board too
/// big for single characters.
fn line(board: &AnyBoard, lower: bool, out: &mut Vec<u8>) -> bool {
    if board.size() >= SYMBOLS.len() {
        return false;
    }
    let table = if lower { &LOWER } else { &UPPER };
    let values = board.as_bytes();
    let start = out.len();
    // Sized first, then written in place: no capacity check a byte.
    out.resize(start + values.len() + 1, b'\n');
    let symbols = &mut out[start..start + values.len()];
    let mut rest = (symbols, values);
    if board.size() <= 9 {
        // Digits only: eight cells at a time, `1`-`9` as `v + b'0'` and
        // empty (0) as `.`, two below `0`.
        let (mut words, mut cells) = (rest.0.chunks_exact_mut(8), rest.1.chunks_exact(8));
        for (symbol, cell) in (&mut words).zip(&mut cells) {
            let w = u64::from_le_bytes(cell.try_into().expect("eight cells"));
            let empty = !((w | HIGH).wrapping_sub(LOW)) & HIGH;
            symbol.copy_from_slice(&(w + DIGIT_ZERO - (empty >> 6)).to_le_bytes());
        }
        rest = (words.into_remainder(), cells.remainder());
    }
    for (symbol, &v) in rest.0.iter_mut().zip(rest.1) {
        *symbol = table[usize::from(v)];
    }
    true
}

/// Appends `puzzle` and a line break to `out` in the line format: the same
/// text as `puzzle.to_string()`, without the formatter. Returns false,
/// appending nothing, for a board too big for single characters or one
/// whose values are written from 0 (which the formatter writes).
fn puzzle_line(puzzle: &Puzzle, out: &mut Vec<u8>) -> bool {
    if puzzle.size() >= SYMBOLS.len() || puzzle.first_value() == 0 {
        return false;
    }
    let (cells, start) = (puzzle.cells(), out.len());
    // Sized first, then written in place, as `line` does.
    out.resize(start + cells.len() + 1, b'\n');
    for (symbol, &v) in out[start..].iter_mut().zip(cells) {
        *symbol = UPPER[usize::from(v)];
    }
    true
}

/// The line of the input an ISS error is on: the record's first line, and
/// the error's line within it.
fn iss_line(entry: &Entry<'_>, e: &ndoku::text::iss::IssError) -> usize {
    use ndoku::text::iss::IssError;
    let within = match e {
        IssError::Unsupported { at, .. }
        | IssError::UnsupportedFromZero { at, .. }
        | IssError::Unknown { at, .. }
        | IssError::UnsupportedShape { at, .. }
        | IssError::Argument { at, .. }
        | IssError::OffBoard { at, .. }
        | IssError::NoDot { at, .. }
        | IssError::Nesting { at, .. }
        | IssError::Rules { at, .. } => at.line,
        _ => 1,
    };
    entry.line + within - 1
}

/// A classic board as a puzzle of the run-time model, for the writers that take one.
fn classic_puzzle(board: &AnyBoard) -> Puzzle {
    let cells: Vec<u16> = board.as_bytes().iter().map(|&v| u16::from(v)).collect();
    ndoku::Rules::classic(board.size())
        .ok()
        .and_then(|rules| Puzzle::from_cells(rules, &cells).ok())
        .unwrap_or_else(|| board.to_string().parse().expect("a board reads back"))
}

/// The ISS text of `puzzle`, or its line when ISS cannot state it (past 16×16).
pub fn iss_text(puzzle: &Puzzle) -> String {
    ndoku::text::iss::to_text(puzzle).unwrap_or_else(|_| puzzle.to_string())
}

/// A character of a standard 16×16 grid (`1`-`9`, `A`-`G`) in hex (`0`-`F`).
pub fn hex_digit(c: char) -> char {
    let value = match c {
        '1'..='9' => c as u32 - '0' as u32,
        'A'..='G' => c as u32 - 'A' as u32 + 10,
        _ => return c,
    };
    char::from_digit(value - 1, 16).map_or(c, |d| d.to_ascii_uppercase())
}

/// A puzzle and what one search found: its count up to the mode's limit, and
/// the first solution.
struct Searched {
    puzzle: AnyBoard,
    count: Count,
    first: Option<AnyBoard>,
}

/// A puzzle as read for the logic commands: a classic board for the typed
/// engines, or one for the run-time model.
pub enum Read {
    /// A classic board of a typed engine.
    Board(AnyBoard),
    /// An f-puzzles puzzle, a classic board larger than 64×64, or one whose
    /// boxes are not square.
    Variant(Puzzle),
}

impl Job {
    /// The puzzle of `entry` when it is for the run-time model before the
    /// typed engines are tried: an f-puzzles puzzle, ISS text, a classic
    /// board larger than 64×64, or any classic one with values from 0
    /// (`--from-zero`); `None` for the rest.
    fn read_variant(&self, entry: &Entry<'_>) -> Option<Result<Puzzle, (usize, String)>> {
        let text = *entry.text.as_ref().ok()?;
        if !ndoku::text::fpuzzles::looks_like(text) && ndoku::text::iss::looks_like(text) {
            let read =
                ndoku::text::iss::parse(text).map_err(|e| (iss_line(entry, &e), e.to_string()));
            return Some(read);
        }
        if ndoku::text::fpuzzles::looks_like(text) {
            match ndoku::text::fpuzzles::parse(text) {
                // A bare load string that does not decompress may be a
                // classic line that starts the same way (`N4Ig…` on 25×25).
                Err(ndoku::text::fpuzzles::FpuzzlesError::Link) if is_bare_load(text) => {}
                read => {
                    return Some(
                        read.map(|r| r.puzzle)
                            .map_err(|e| (entry.line, e.to_string())),
                    );
                }
            }
        }
        // Values from 0: the run-time model reads them, and its puzzle
        // prints them back so.
        if self.from_zero {
            let read = Puzzle::parse_classic_from_zero(text)
                .map_err(|e| (line_of(entry, text, Some(&e)), e.to_string()));
            return Some(read);
        }
        if !self.hex && is_large(text, entry.shape) {
            let read = Puzzle::parse_classic(text)
                .map_err(|e| (line_of(entry, text, Some(&e)), e.to_string()));
            return Some(read);
        }
        None
    }

    /// The puzzle of `entry` after the typed engines failed to read it: a
    /// line of N×N cells for a side with no typed board (6×6 in boxes of
    /// 2×3, 12×12 in 3×4), which the run-time model reads; `None` for the rest.
    fn read_unboxed(&self, entry: &Entry<'_>) -> Option<Result<Puzzle, (usize, String)>> {
        let text = *entry.text.as_ref().ok()?;
        // A line or a grid of N×N cells for a side with no typed board (6×6
        // in boxes of 2×3, 12×12 in 3×4): the run-time model reads it.
        (!self.hex && is_unboxed(text, entry.shape)).then(|| {
            Puzzle::parse_classic(text).map_err(|e| (line_of(entry, text, Some(&e)), e.to_string()))
        })
    }

    /// Reads the puzzle of `entry` as `solve` does, without searching it:
    /// every form `solve` reads (f-puzzles JSON, links and load strings,
    /// lines, tokens, grids, hex with `--hex`), or the line and message of
    /// why it cannot be read.
    pub fn read(&self, entry: &Entry<'_>) -> Result<Read, (usize, String)> {
        if let Some(read) = self.read_variant(entry) {
            return read.map(Read::Variant);
        }
        let text = entry.text.clone().map_err(|m| (entry.line, m))?;
        match self.parse_board(text, entry.shape) {
            Ok(board) => Ok(Read::Board(board)),
            Err((error, message)) => match self.read_unboxed(entry) {
                Some(read) => read.map(Read::Variant),
                None => Err((line_of(entry, text, error.as_ref()), message)),
            },
        }
    }

    /// The answer for one record, with what stdout gets appended to `out`. It
    /// never panics on any text.
    pub fn run(&self, solver: &mut Solver, entry: Entry<'_>, out: &mut Vec<u8>) -> Reply {
        if let Mode::Logic(want) = self.mode {
            return crate::logic::answer(self, &entry, want, out);
        }
        if let Some(read) = self.read_variant(&entry) {
            return self.run_variant(solver, read, out);
        }
        let searched = entry
            .text
            .clone()
            .map_err(|m| (entry.line, m))
            .and_then(|text| {
                self.search(solver, text, entry.shape)
                    .map(|s| (s, text))
                    .map_err(|(error, message)| (line_of(&entry, text, error.as_ref()), message))
            });
        let (searched, text) = match searched {
            Ok(found) => found,
            Err(_) if let Some(read) = self.read_unboxed(&entry) => {
                return self.run_variant(solver, read, out);
            }
            Err((line, message)) => {
                out.extend_from_slice(b"invalid\n");
                self.end_record(out);
                return Reply {
                    verdict: Verdict::Invalid,
                    guesses: 0,
                    error: Some((line, message)),
                };
            }
        };
        let verdict = match self.mode {
            Mode::Solve { unique, format } => {
                let notation = Notation::of(text, searched.puzzle.size(), self.hex);
                let found = (searched.count, searched.first);
                let verdict = solved(found, unique, out, |b, out| {
                    notation.print(b, format, out);
                });
                if verdict != Verdict::Solved {
                    self.end_record(out);
                }
                verdict
            }
            Mode::Count { limit } => counted(searched.count, limit, out),
            Mode::Check => {
                let (n, givens) = (searched.puzzle.size(), searched.puzzle.givens());
                checked(searched.count, n, givens, out)
            }
            Mode::Logic(_) => unreachable!("answered by the logic"),
        };
        Reply {
            verdict,
            guesses: solver.stats().guesses,
            error: None,
        }
    }

    /// The answer for a puzzle read into the run-time model (an f-puzzles
    /// puzzle, or a classic board larger than 64×64), or the line and
    /// message of why it could not be read.
    fn run_variant(
        &self,
        solver: &mut Solver,
        read: Result<Puzzle, (usize, String)>,
        out: &mut Vec<u8>,
    ) -> Reply {
        let puzzle = match read {
            Ok(puzzle) => puzzle,
            Err(error) => {
                out.extend_from_slice(b"invalid\n");
                self.end_record(out);
                let (verdict, guesses) = (Verdict::Invalid, 0);
                return Reply {
                    verdict,
                    guesses,
                    error: Some(error),
                };
            }
        };
        let found = solver.count_and_solve(&puzzle, self.limit());
        let guesses = solver.stats().guesses;
        let verdict = match self.mode {
            Mode::Solve { unique, format } => {
                let verdict = solved(found, unique, out, |v: &Puzzle, out| {
                    let text = match format {
                        Format::Line => {
                            // Straight into the output: a batch prints a line a puzzle.
                            if !puzzle_line(v, out) {
                                let _ = writeln!(out, "{v}");
                            }
                            return;
                        }
                        Format::Grid => format!("{v:#}\n"),
                        Format::Tokens => v.to_tokens().replace('\n', " "),
                        Format::Iss => iss_text(v),
                    };
                    out.extend_from_slice(text.as_bytes());
                    out.push(b'\n');
                });
                if verdict != Verdict::Solved {
                    self.end_record(out);
                }
                verdict
            }
            Mode::Count { limit } => counted(found.0, limit, out),
            Mode::Check => {
                let (n, givens) = (puzzle.size(), puzzle.givens());
                checked(found.0, n, givens, out)
            }
            Mode::Logic(_) => unreachable!("answered by the logic"),
        };
        Reply {
            verdict,
            guesses,
            error: None,
        }
    }

    /// Ends an answer that is a word (`invalid`, `unsolvable`, ...) as a
    /// solution ends: with a blank line in grid format, so that every record
    /// of the output is a block of its own.
    fn end_record(&self, out: &mut Vec<u8>) {
        if let Mode::Solve {
            format: Format::Grid,
            ..
        } = self.mode
        {
            out.push(b'\n');
        }
    }

    /// How many solutions the mode needs counted: one to solve, two to tell
    /// unique from multiple, one past the limit to print `>limit`.
    fn limit(&self) -> usize {
        match self.mode {
            Mode::Solve { unique: false, .. } => 1,
            Mode::Solve { unique: true, .. } | Mode::Check | Mode::Logic(_) => 2,
            Mode::Count { limit } => limit.saturating_add(1),
        }
    }

    /// Reads the puzzle in `text` and searches it, or says why it cannot,
    /// with the row the error is in where it names one.
    fn search(
        &self,
        solver: &mut Solver,
        text: &str,
        shape: Shape,
    ) -> Result<Searched, (Option<ParseError>, String)> {
        let limit = self.limit();
        let search = |puzzle: AnyBoard| {
            let (count, first) = solver.count_and_solve(&puzzle, limit);
            Searched {
                puzzle,
                count,
                first,
            }
        };
        if self.hex || shape != Shape::Line {
            return self.parse_board(text, shape).map(search);
        }
        self.refuse_hex_lookalike(text)?;
        // The commonest case: reading and searching in one call.
        solver
            .count_line(text, limit)
            .map(|a| Searched {
                puzzle: a.puzzle,
                count: a.count,
                first: a.first,
            })
            .map_err(parse_error)
    }

    /// Reads the classic puzzle in `text` for a typed engine, or says why
    /// it cannot, with the row the error is in where it names one.
    fn parse_board(
        &self,
        text: &str,
        shape: Shape,
    ) -> Result<AnyBoard, (Option<ParseError>, String)> {
        self.refuse_hex_lookalike(text)?;
        match (self.hex, shape) {
            (true, _) => AnyBoard::parse_hex(text),
            (false, Shape::Line) => AnyBoard::parse_line(text),
            (false, Shape::Grid | Shape::LargeGrid) => AnyBoard::parse_grid(text),
        }
        .map_err(parse_error)
    }

    /// Refuses 16×16 cells that read as hex as well, without `--hex`.
    fn refuse_hex_lookalike(&self, text: &str) -> Result<(), (Option<ParseError>, String)> {
        if !self.hex && ndoku::text::sniff::could_be_hex(text) {
            return Err((
                None,
                "16x16 cells with 0 and no G read as hex as well: pass --hex for hex \
                 (0-F), or write empty cells as '.'"
                    .to_owned(),
            ));
        }
        Ok(())
    }
}

/// A parse error with its message.
fn parse_error(e: ParseError) -> (Option<ParseError>, String) {
    let message = e.to_string();
    (Some(e), message)
}

/// The line `error` in `entry` (whose text is `text`) is on: for a grid, the
/// line of the row it names, where that row's line shows it (the character
/// or token at its place, or the length it reports); else the entry's first
/// line. A bad character past the end of a long row is placed by the count
/// of cells, on another row than its line: that one keeps the first line.
fn line_of(entry: &Entry<'_>, text: &str, error: Option<&ParseError>) -> usize {
    let Some(row) = error.and_then(ParseError::row) else {
        return entry.line;
    };
    let Some(&line) = entry.rows.get(row) else {
        return entry.line;
    };
    let Some(row_text) = text
        .lines()
        .filter(|l| ndoku::text::sniff::cells(l).next().is_some())
        .nth(row)
    else {
        return entry.line;
    };
    let cells = || ndoku::text::sniff::cells(row_text);
    let shows = match error {
        Some(ParseError::InvalidChar { ch, col, .. }) => cells().nth(*col) == Some(*ch),
        Some(ParseError::InvalidToken { token, col, .. }) => ndoku::text::sniff::words(row_text)
            .nth(*col)
            .is_some_and(|w| w.starts_with(token.as_str())),
        Some(ParseError::WrongRowLength { found, .. }) => {
            cells().count() == *found || ndoku::text::sniff::words(row_text).count() == *found
        }
        // Value and conflict errors come from a grid whose rows all have their
        // cells, so its rows are its lines.
        _ => true,
    };
    if shows { line } else { entry.line }
}

/// Prints the solution of `searched` with `print`, or why there is none; with
/// `unique`, `multiple` when the count says so.
fn solved<T>(
    (count, first): (Count, Option<T>),
    unique: bool,
    out: &mut Vec<u8>,
    print: impl Fn(&T, &mut Vec<u8>),
) -> Verdict {
    let multiple = unique && count != Count::Exact(1);
    let (word, verdict): (&[u8], _) = match (count, first) {
        (Count::GaveUp(_), _) => (b"gave-up\n", Verdict::GaveUp),
        (_, None) => (b"unsolvable\n", Verdict::Unsolvable),
        (_, Some(_)) if multiple => (b"multiple\n", Verdict::Multiple),
        (_, Some(solution)) => {
            print(&solution, out);
            (b"", Verdict::Solved)
        }
    };
    out.extend_from_slice(word);
    verdict
}

/// Whether the puzzle in `text` is for the run-time model, larger than
/// 64×64: a grid read as one ([`Shape::LargeGrid`]), or a line of more cells
/// than a 64×64 board has (a 400×400 board in tokens). Lines too short to
/// hold that many cells are not counted.
fn is_large(text: &str, shape: Shape) -> bool {
    const CELLS: usize = MAX_TYPED_SIDE * MAX_TYPED_SIDE;
    match shape {
        Shape::LargeGrid => true,
        Shape::Grid => false,
        Shape::Line => text.len() > CELLS && ndoku::text::sniff::cell_count(text) > CELLS,
    }
}

/// Whether the puzzle in `text` is of a side up to 64 that no typed board
/// has and that has boxes ([`is_unboxed_square`]); for a grid, the width
/// most of its rows have, so that the run-time model's error names a row
/// that is off, and a typed grid with a typo in a row stays typed.
fn is_unboxed(text: &str, shape: Shape) -> bool {
    let width = || {
        let mut widths: Vec<(usize, usize)> = Vec::new();
        let rows = text.lines().map(LineShape::of).filter(LineShape::has_cells);
        for w in rows.filter_map(|row| row.row_width()) {
            match widths.iter_mut().find(|(k, _)| *k == w) {
                Some((_, count)) => *count += 1,
                None => widths.push((w, 1)),
            }
        }
        widths
            .into_iter()
            .max_by_key(|&(_, count)| count)
            .map(|(w, _)| w)
    };
    is_unboxed_square(text)
        || (shape == Shape::Grid && width().is_some_and(|n| !AnyBoard::SIZES.contains(&n)))
}

/// Whether `text` holds N×N cells for a side N up to 64 that no typed
/// board has and that has boxes: 6, 8, 10, 12 and the like, whose boxes
/// are not square. A prime side would have no box rule (a 9-cell line is
/// rather a row, or a typo), so it stays an error.
pub fn is_unboxed_square(text: &str) -> bool {
    let cells = ndoku::text::sniff::cell_count(text);
    let side = cells.isqrt();
    let composite = (2..side).any(|d| side.is_multiple_of(d));
    side * side == cells && composite && side <= MAX_TYPED_SIDE && !AnyBoard::SIZES.contains(&side)
}

/// Whether `text` is neither JSON nor a link (f-puzzles or SudokuPad): a
/// bare f-puzzles load string, or a line that looks like one.
fn is_bare_load(text: &str) -> bool {
    let text = text.trim_start();
    !text.starts_with('{') && !text.starts_with("http") && !text.contains("f-puzzles.com")
}

/// Prints what `check` says of a count: `unique`, `multiple`, `unsolvable`
/// or `gave-up`, then the size and the givens.
fn checked(count: Count, n: usize, givens: usize, out: &mut Vec<u8>) -> Verdict {
    let (word, verdict) = match count {
        Count::Exact(0) => ("unsolvable", Verdict::Unsolvable),
        Count::Exact(1) => ("unique", Verdict::Solved),
        Count::GaveUp(_) => ("gave-up", Verdict::GaveUp),
        _ => ("multiple", Verdict::Multiple),
    };
    let _ = writeln!(out, "{word}\t{n}x{n}\t{givens}");
    verdict
}

/// Prints `found`: exact up to `limit`, `>limit` above.
fn counted(found: Count, limit: usize, out: &mut Vec<u8>) -> Verdict {
    let verdict = match found {
        Count::Exact(n) if n <= limit => {
            let _ = write!(out, "{n}");
            match n {
                0 => Verdict::Unsolvable,
                1 => Verdict::Solved,
                _ => Verdict::Multiple,
            }
        }
        Count::GaveUp(_) => {
            out.extend_from_slice(b"gave-up");
            Verdict::GaveUp
        }
        _ => {
            // `--limit` is at least 1: more than it is more than one.
            let _ = write!(out, ">{limit}");
            Verdict::Multiple
        }
    };
    out.push(b'\n');
    verdict
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_digits_shift_by_one() {
        let mapped: String = "1 9 | A G . -+".chars().map(hex_digit).collect();
        assert_eq!(mapped, "0 8 | 9 F . -+");
    }

    #[test]
    fn puzzle_lines_match_the_library_display() {
        for n in [4, 6, 9, 12, 35, 61, 62, 64] {
            // The first row holds every value, the rest is empty.
            let cells: Vec<u16> = (1..=n as u16)
                .chain(std::iter::repeat_n(0, n * n - n))
                .collect();
            let puzzle = Puzzle::from_cells(ndoku::Rules::classic(n).unwrap(), &cells).unwrap();
            let mut out = Vec::new();
            let printed = puzzle_line(&puzzle, &mut out).then(|| String::from_utf8(out).unwrap());
            let expected = (n < SYMBOLS.len()).then(|| format!("{puzzle}\n"));
            assert_eq!(printed, expected, "{n}x{n}");
        }
    }

    #[test]
    fn lines_match_the_library_display() {
        for n in AnyBoard::SIZES {
            let mut tokens: Vec<String> = (1..=n).map(|v| v.to_string()).collect();
            tokens.resize(n * n, "0".into());
            let board = AnyBoard::parse_line(&tokens.join(" ")).unwrap();
            let printed = |lower| {
                let mut out = Vec::new();
                line(&board, lower, &mut out).then(|| String::from_utf8(out).unwrap())
            };
            if n < SYMBOLS.len() {
                assert_eq!(printed(false), Some(format!("{board}\n")));
            } else {
                assert_eq!(printed(false), None);
            }
            if n <= 35 {
                let lower = format!("{board}\n").to_ascii_lowercase();
                assert_eq!(printed(true), Some(lower));
            }
        }
    }

    #[test]
    fn notation_follows_the_input() {
        assert_eq!(Notation::of("1.3.", 4, false), Notation::Upper);
        assert_eq!(Notation::of("a.b.G", 16, false), Notation::Upper);
        assert_eq!(Notation::of("a.b.g", 16, false), Notation::Lower);
        assert_eq!(Notation::of("a.b.g", 36, false), Notation::Upper);
        assert_eq!(Notation::of("1,2", 4, false), Notation::Tokens);
        // Single-digit tokens on one line, as `to_tokens` prints small boards.
        let spaced = "1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 0";
        assert_eq!(Notation::of(spaced, 4, false), Notation::Tokens);
        assert_eq!(
            Notation::of(&spaced.replace(" 0", " ."), 4, false),
            Notation::Tokens
        );
        // The same cells as a spaced grid, or spaced letters, stay characters.
        let grid = "1 2 | 3 4\n3 4 | 1 2\n2 1 | 4 3\n4 3 | 2 .";
        assert_eq!(Notation::of(grid, 4, false), Notation::Upper);
        let letters = (0..256)
            .map(|i| if i % 2 == 0 { "a" } else { "." })
            .collect::<Vec<_>>();
        assert_eq!(Notation::of(&letters.join(" "), 16, false), Notation::Lower);
        assert_eq!(
            Notation::of("1.3.", 16, true),
            Notation::Hex { lower: false }
        );
    }
}
