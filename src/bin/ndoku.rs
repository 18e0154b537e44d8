//! `ndoku`: solve, count and check N×N Sudoku puzzles (4×4 to 400×400) from files or stdin.

#[path = "ndoku/batch.rs"]
mod batch;
#[path = "ndoku/generate.rs"]
mod generate;
#[path = "ndoku/input.rs"]
mod input;
#[path = "ndoku/job.rs"]
mod job;
#[path = "ndoku/logic.rs"]
mod logic;

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use batch::{Options, Sinks};
use input::Source;
use job::{Format, Job, Mode};

/// Solve, count and check N×N Sudoku puzzles, 4×4 to 400×400.
///
/// Each FILE holds one puzzle per line, or a single puzzle in grid format; blank
/// lines are skipped, and a `#` starts a comment to the end of its line. The
/// size comes from the number of cells. Past 64×64 (up to 400×400, boxes of
/// h×w with h the largest divisor of N not above its root) cells are numbers,
/// on one line or a row a line with optional `|`, `+` and `-` box rules, and
/// solutions print as numbers. Every puzzle gets one output line, in input
/// order.
///
/// Exit status: 0 when every puzzle was read, 1 when any was invalid, 2 for a
/// usage error or a file that could not be read.
#[derive(Debug, Parser)]
#[command(name = "ndoku", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print each puzzle's solution, or `unsolvable`, `invalid`, `gave-up`.
    Solve {
        /// Print `multiple` for a puzzle with more than one solution.
        #[arg(long)]
        unique: bool,
        /// How to print solutions: `line` keeps the input's notation (letter case,
        /// tokens or hex), `grid` prints box rules and a blank line after each.
        #[arg(long, value_enum, default_value = "line")]
        format: Format,
        #[command(flatten)]
        common: Common,
    },
    /// Print each puzzle's number of solutions, `>LIMIT` when there are more.
    Count {
        /// The largest count printed exactly (at least 1).
        #[arg(long, default_value_t = 1000, value_parser = parse_limit)]
        limit: usize,
        #[command(flatten)]
        common: Common,
    },
    /// Print `unique`, `multiple`, `unsolvable` or `gave-up`, a tab, the size
    /// (`9x9`), a tab, and the number of givens; or `invalid`.
    Check {
        #[command(flatten)]
        common: Common,
    },
    /// Make puzzles with exactly one solution, one per line; `--with-solution`
    /// adds a tab and the solution.
    Generate(generate::GenerateArgs),
    /// Print each puzzle's rating on the Sudoku Explainer scale (ER), a tab,
    /// and its hardest technique; `stuck`, a tab and how far the ladder got
    /// when no step of it applies; `multiple` or `unsolvable` for a puzzle
    /// without one solution.
    Rate {
        /// `text`: a line a puzzle; `json`: one object a puzzle.
        #[arg(long, value_enum, default_value = "text")]
        format: logic::PathFormat,
        #[command(flatten)]
        args: logic::LogicArgs,
    },
    /// For each line `PUZZLE GRID [MARKS]` (a player's grid, and their
    /// pencil marks as `Game::to_candidate_line` writes them: Sukaku
    /// Explainer's 729-character line on 9×9; both with values as the
    /// puzzle writes them, from 0 for ISS's `~0-8`): `mistakes` or `marks`
    /// and the cells, else `step`, its difficulty and why.
    Hint {
        /// `text`: a line a puzzle; `json`: one object a puzzle.
        #[arg(long, value_enum, default_value = "text")]
        format: logic::PathFormat,
        /// How much to tell: 1 where to look, 2 which technique (and
        /// where), 3 the move.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=3))]
        level: u8,
        #[command(flatten)]
        args: logic::LogicArgs,
    },
    /// Print each puzzle's path of human-style steps.
    Explain {
        /// `text`: the rating, then a step a line; `json`: one object a puzzle.
        #[arg(long, value_enum, default_value = "text")]
        format: logic::PathFormat,
        #[command(flatten)]
        args: logic::LogicArgs,
    },
}

#[derive(Debug, Args)]
struct Common {
    /// Puzzle files; standard input (named `<stdin>` in messages) when none is
    /// given, or for `-`.
    files: Vec<PathBuf>,
    /// Read (and print) 16×16 puzzles in hex: `0`-`F` are the values 1-16, `.` is empty.
    #[arg(long)]
    hex: bool,
    /// Read classic puzzles whose values run from 0 to N-1, as such a
    /// puzzle prints its solutions: `0`-`9`, then `A`-`Z` (up to 36
    /// values), or numbers from 0 as tokens; `.` is empty. Answers print
    /// from 0 too.
    #[arg(long, conflicts_with = "hex")]
    from_zero: bool,
    /// Give up on a puzzle after this many guesses: it prints `gave-up`.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Give up on a puzzle after searching it for this many seconds (a
    /// decimal, such as 0.5): it prints `gave-up`. Where that falls depends
    /// on the machine and its load; `--max-nodes` gives the same answers on
    /// every run.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Solver threads (at most 1024); 0 or none means every core. The main
    /// thread reads and prints beside them.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=1024))]
    threads: u16,
    /// Print a summary on stderr: puzzles, outcomes, wall time, rate, guesses.
    #[arg(long)]
    stats: bool,
    /// Hide the progress bar (shown on runs longer than a second, when stderr is a
    /// terminal and stdout is not).
    #[arg(long, short)]
    quiet: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (mode, common) = match cli.command {
        Command::Solve {
            unique,
            format,
            common,
        } => (Mode::Solve { unique, format }, common),
        Command::Count { limit, common } => (Mode::Count { limit }, common),
        Command::Check { common } => (Mode::Check, common),
        Command::Generate(args) => return run_generate(&args),
        Command::Rate { format, args } => return run_logic(args, logic::Want::Rate(format)),
        Command::Hint {
            format,
            level,
            args,
        } => {
            let level = ndoku::HintLevel::from_number(level).unwrap_or_default();
            return run_logic(args, logic::Want::Hint(format, level));
        }
        Command::Explain { format, args } => {
            return run_logic(args, logic::Want::Explain(format));
        }
    };
    let options = Options {
        job: Job {
            mode,
            hex: common.hex,
            from_zero: common.from_zero,
            max_nodes: common.max_nodes.unwrap_or(u64::MAX),
            time_limit: common.time_limit,
        },
        stats: common.stats,
        // A bar only where it cannot mix with the answers: stderr a terminal,
        // stdout not one.
        progress: !common.quiet && io::stderr().is_terminal() && !io::stdout().is_terminal(),
    };
    run_batch(common.files, &options, common.threads)
}

/// `rate`, `explain` and `hint`: the batch of `solve`, whose reader takes
/// every input form, with the logic answering each puzzle.
fn run_logic(args: logic::LogicArgs, want: logic::Want) -> ExitCode {
    let options = Options {
        job: Job {
            mode: Mode::Logic(want),
            hex: args.hex,
            from_zero: args.from_zero,
            max_nodes: u64::MAX,
            time_limit: None,
        },
        stats: false,
        progress: false,
    };
    run_batch(args.files, &options, args.threads)
}

/// Answers the puzzles of `files` (stdin for none, or for `-`) in order on
/// `threads` threads, and gives the exit status.
fn run_batch(files: Vec<PathBuf>, options: &Options, threads: u16) -> ExitCode {
    let sources: Vec<Source> = if files.is_empty() {
        vec![Source::Stdin]
    } else {
        let source = |p: PathBuf| match p.to_str() {
            Some("-") => Source::Stdin,
            _ => Source::File(p),
        };
        files.into_iter().map(source).collect()
    };
    let pool = match thread_pool(threads) {
        Ok(pool) => pool,
        Err(code) => return code,
    };
    let total = sources.iter().map(Source::len).sum();
    let mut out = io::BufWriter::with_capacity(64 << 10, io::stdout());
    let mut err = io::stderr();
    let mut sinks = Sinks::new(&mut out, &mut err, options.progress, total);
    let (summary, result) = batch::run(&sources, options, &pool, &mut sinks);
    exit_status(result.map(|()| summary.exit_code()), summary.exit_code())
}

/// Reads `count --limit`: a whole number from 1 (with 0, every puzzle with
/// a solution would print `>0`, which says nothing a count should).
fn parse_limit(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("the limit must be at least 1 (`count` prints counts up to it, `>LIMIT` past it; `check` tells none from one from several)".to_owned()),
        Ok(limit) => Ok(limit),
        Err(_) => Err(format!("expected a whole number from 1, found '{text}'")),
    }
}

/// Reads `--time-limit`: a number of seconds, zero or more.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("expected a number of seconds, found '{text}'"))?;
    Duration::try_from_secs_f64(seconds).map_err(|_| {
        if seconds.is_sign_negative() || seconds.is_nan() {
            format!("expected zero or more seconds, found '{text}'")
        } else {
            format!("'{text}' seconds is too long a time limit (at most about 1.8e19)")
        }
    })
}

/// A pool of `threads` workers, one per core for 0; or, when it cannot start,
/// the exit status after saying why.
fn thread_pool(threads: u16) -> Result<rayon::ThreadPool, ExitCode> {
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => usize::from(n),
    };
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| {
            eprintln!("error: cannot start {threads} threads: {e}");
            ExitCode::from(2)
        })
}

/// The exit status of a run that ended with `code`, or with an error writing
/// stdout: a closed pipe is a reader that had enough, not a failure, so the
/// run ends with `so_far`, the status of what it answered before.
fn exit_status(result: io::Result<u8>, so_far: u8) -> ExitCode {
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(so_far),
        Err(e) => {
            eprintln!("error: {}", batch::output_error(&e));
            ExitCode::from(2)
        }
    }
}

/// `ndoku generate`: makes the puzzles on a pool of `--threads` threads.
fn run_generate(args: &generate::GenerateArgs) -> ExitCode {
    if args.hex && args.boxw != 4 {
        eprintln!(
            "error: --hex is for 16x16 boards (--box 4), not --box {}",
            args.boxw
        );
        return ExitCode::from(2);
    }
    let rules = match generate::variant_rules(args) {
        Ok(rules) => rules,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let seed = args.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        eprintln!("ndoku: seed {now}");
        now
    });
    let pool = match thread_pool(args.threads) {
        Ok(pool) => pool,
        Err(code) => return code,
    };
    let mut out = io::BufWriter::with_capacity(64 << 10, io::stdout());
    let mut err = io::stderr();
    let mut status = 0;
    let result = pool.install(|| generate::run(args, rules, seed, &mut out, &mut err, &mut status));
    exit_status(result.map(|()| status), status)
}
