//! The `generate` subcommand: puzzles from a seed, one per line, made in parallel and printed in order.

use std::io::{self, Write};

use clap::{Args, ValueEnum};
use ndoku::{Board, GenerateError, Generator, Level, Puzzle, Symmetry};

use crate::job::{Format, hex_digit};

/// Options of `ndoku generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Box side: 2 for 4×4, 3 for 9×9, 4 for 16×16, up to 8 for 64×64.
    #[arg(long = "box", value_name = "B", default_value_t = 3,
          value_parser = clap::value_parser!(u8).range(2..=8))]
    pub boxw: u8,
    /// How many puzzles.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub count: u64,
    /// The seed: the same seed and options give the same puzzles. Without it,
    /// one is taken from the clock and printed on stderr.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// The symmetry of the givens.
    #[arg(long, value_enum, default_value = "rotate180")]
    pub symmetry: SymmetryArg,
    /// Stop removing givens at this many.
    #[arg(long, value_name = "G")]
    pub givens: Option<usize>,
    /// Only puzzles of this level: `easy` (singles solve it), `medium` (the
    /// engine solves it without guessing) or `hard` (it needs guessing). Easy
    /// and medium puzzles keep the givens they need to stay at their level,
    /// so they need not be minimal.
    #[arg(long, value_enum, value_name = "L")]
    pub level: Option<LevelArg>,
    /// Grids to try per puzzle before giving up on `--givens` or `--level`
    /// (at least 1). A 9×9 medium puzzle with `--symmetry rotate90` takes
    /// some 40 attempts on average, so the default of 100 fails for some.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub attempts: u32,
    /// How to print: `line`, `grid` (box rules, a blank line after each) or `tokens`.
    #[arg(long, value_enum, default_value = "line")]
    pub format: Format,
    /// Print the solution after each puzzle, after a tab (after the puzzle's
    /// grid with `--format grid`).
    #[arg(long)]
    pub with_solution: bool,
    /// Print 16×16 puzzles in hex (`0`-`F` for 1-16, `.` empty), as `solve
    /// --hex` reads them (`--box 4` only; tokens stay numbers).
    #[arg(long)]
    pub hex: bool,
    /// Worker threads (at most 1024); 0 or none means every core.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=1024))]
    pub threads: u16,
}

/// The symmetries, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// No symmetry.
    None,
    /// Half-turn rotation.
    #[value(alias = "180")]
    Rotate180,
    /// Quarter-turn rotation.
    #[value(alias = "90")]
    Rotate90,
    /// Mirror top to bottom.
    Horizontal,
    /// Mirror left to right.
    Vertical,
    /// Mirror in the main diagonal.
    Diagonal,
}

impl From<SymmetryArg> for Symmetry {
    fn from(s: SymmetryArg) -> Self {
        match s {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotate180 => Symmetry::Rotate180,
            SymmetryArg::Rotate90 => Symmetry::Rotate90,
            SymmetryArg::Horizontal => Symmetry::Horizontal,
            SymmetryArg::Vertical => Symmetry::Vertical,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        }
    }
}

/// The levels, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// Singles solve it.
    Easy,
    /// The engine solves it without guessing; singles do not.
    Medium,
    /// The engine has to guess.
    Hard,
}

impl From<LevelArg> for Level {
    fn from(l: LevelArg) -> Self {
        match l {
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Hard => Level::Hard,
        }
    }
}

/// Puzzles made per round: enough to keep every thread busy, few enough that
/// output starts soon and memory stays small.
const ROUND: usize = 64;

/// Makes the puzzles, writes them to `out` in order (`failed` for one that
/// could not be made) and each error to `err`.
/// Sets `status` as it goes: 0, or 1 once a puzzle could not be made (so
/// that output cut short still exits with what it reported).
pub fn run(
    args: &GenerateArgs,
    seed: u64,
    out: &mut impl Write,
    err: &mut impl Write,
    status: &mut u8,
) -> io::Result<()> {
    match args.boxw {
        2 => sized::<2>(args, seed, out, err, status),
        3 => sized::<3>(args, seed, out, err, status),
        4 => sized::<4>(args, seed, out, err, status),
        5 => sized::<5>(args, seed, out, err, status),
        6 => sized::<6>(args, seed, out, err, status),
        7 => sized::<7>(args, seed, out, err, status),
        _ => sized::<8>(args, seed, out, err, status),
    }
}

fn sized<const BOX: usize>(
    args: &GenerateArgs,
    seed: u64,
    out: &mut impl Write,
    err: &mut impl Write,
    status: &mut u8,
) -> io::Result<()> {
    let mut generator = Generator::<BOX>::new(seed).with_symmetry(args.symmetry.into());
    if let Some(g) = args.givens {
        generator = generator.with_givens(g);
    }
    if let Some(l) = args.level {
        generator = generator.with_level(l.into());
    }
    generator = generator.with_attempts(args.attempts);
    let mut start = 0u64;
    while start < args.count {
        let count = (args.count - start).min(ROUND as u64) as usize;
        for (k, result) in generator.par_batch(start, count).into_iter().enumerate() {
            match result {
                Ok(puzzle) => out.write_all(print(&puzzle, args).as_bytes())?,
                Err(e) => {
                    *status = 1;
                    report(err, start + k as u64, &e)?;
                    out.write_all(failed(args).as_bytes())?;
                }
            }
        }
        out.flush()?;
        start += count as u64;
    }
    Ok(())
}

/// Says on `err` why puzzle `index` could not be made.
fn report(err: &mut impl Write, index: u64, e: &GenerateError) -> io::Result<()> {
    writeln!(err, "error: puzzle {}: {e}", index + 1)
}

/// What stands in the output for a puzzle that could not be made, so that
/// the Kth record is always puzzle K.
fn failed(args: &GenerateArgs) -> &'static str {
    match (args.format, args.with_solution) {
        // A puzzle and its solution are two blocks: so is a failure.
        (Format::Grid, true) => "failed\n\nfailed\n\n",
        (Format::Grid, false) => "failed\n\n",
        _ => "failed\n",
    }
}

/// A puzzle (and its solution, when asked) as printed.
fn print<const BOX: usize>(puzzle: &Puzzle<BOX>, args: &GenerateArgs) -> String {
    let show = |b: &Board<BOX>| match (args.format, args.hex) {
        (Format::Line, false) => b.to_string(),
        (Format::Line, true) => b.to_string().chars().map(hex_digit).collect(),
        (Format::Tokens, _) => b.to_tokens(),
        (Format::Grid, false) => format!("{b:#}").trim_end().to_owned(),
        (Format::Grid, true) => format!("{b:#}").trim_end().chars().map(hex_digit).collect(),
    };
    let (sep, end) = match args.format {
        Format::Grid => ("\n\n", "\n\n"),
        _ => ("\t", "\n"),
    };
    let mut text = show(&puzzle.board);
    if args.with_solution {
        text.push_str(sep);
        text.push_str(&show(&puzzle.solution));
    }
    text.push_str(end);
    text
}
