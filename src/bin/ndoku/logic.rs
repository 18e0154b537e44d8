//! `ndoku rate`, `explain` and `hint`: human-style logic over puzzle files, one answer line per puzzle, on every core.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use ndoku::engine::variant::VariantSolver;
use ndoku::logic::Technique;
use ndoku::{AnyBoard, Count, Game, Hint, Logic, Puzzle, Rating, Solver};
use rayon::prelude::*;

/// The arguments of `rate` and `explain`.
#[derive(Debug, Args)]
pub struct LogicArgs {
    /// Puzzle files, one puzzle a line (a line of cells, or an f-puzzles JSON
    /// object); standard input when none is given, or for `-`.
    files: Vec<PathBuf>,
    /// Threads (at most 1024); 0 or none means every core.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=1024))]
    threads: u16,
}

/// How `explain` prints a path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PathFormat {
    /// The rating line, then one step a line, then a blank line.
    #[default]
    Text,
    /// One JSON object a puzzle: `rating`, `hardest`, `solved` and `steps`.
    Json,
}

/// What to print for each puzzle.
#[derive(Clone, Copy, Debug)]
pub enum Want {
    /// The ER first, a tab, the hardest technique.
    Rate,
    /// The whole path.
    Explain(PathFormat),
    /// A player's mistakes, else the next step, for lines `PUZZLE GRID
    /// [MARKS]`.
    Hint,
}

/// Runs `rate` or `explain` on the files of `args`.
pub fn run(args: &LogicArgs, want: Want) -> ExitCode {
    let lines = match read_lines(&args.files) {
        Ok(lines) => lines,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => usize::from(n),
    };
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("error: cannot start {threads} threads: {e}");
            return ExitCode::from(2);
        }
    };
    let answers: Vec<(bool, String)> =
        pool.install(|| lines.par_iter().map(|line| answer(line, want)).collect());
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (_, text) in &answers {
        if let Err(e) = out.write_all(text.as_bytes()) {
            if e.kind() == io::ErrorKind::BrokenPipe {
                break;
            }
            eprintln!("error: cannot write: {e}");
            return ExitCode::from(2);
        }
    }
    let _ = out.flush();
    ExitCode::from(u8::from(answers.iter().any(|(ok, _)| !ok)))
}

/// The puzzle lines of the files (stdin for none or `-`): blank lines and
/// `#` comments left out.
fn read_lines(files: &[PathBuf]) -> Result<Vec<String>, String> {
    let mut texts = Vec::new();
    if files.is_empty() || files.iter().any(|f| f.as_os_str() == "-") {
        let mut text = String::new();
        io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("<stdin>: {e}"))?;
        texts.push(text);
    }
    for f in files.iter().filter(|f| f.as_os_str() != "-") {
        texts.push(std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?);
    }
    Ok(texts
        .iter()
        .flat_map(|t| t.lines())
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect())
}

/// A puzzle from a line: f-puzzles JSON, or cells (the first field); and
/// how many solutions it has (0, 1, or 2 for more, or `None` when the
/// search gave up), classic boards counted by their own fast engines.
fn puzzle_of(line: &str) -> Result<(Puzzle, Option<usize>), String> {
    let known = |c: Count| match c {
        Count::Exact(k) | Count::AtLeast(k) => Some(k),
        _ => None,
    };
    let counted = |puzzle: Puzzle| {
        let count = known(
            VariantSolver::new()
                .with_max_nodes(MAX_NODES)
                .count(&puzzle, 2),
        );
        Ok((puzzle, count))
    };
    if line.starts_with('{') {
        let puzzle = ndoku::text::fpuzzles::parse(line)
            .map(|p| p.puzzle)
            .map_err(|e| e.to_string())?;
        return counted(puzzle);
    }
    let field = line.split_whitespace().next().unwrap_or("");
    // A side with no typed board (6×6 in boxes of 2×3, 12×12 in 3×4) is
    // read by the run-time model.
    if crate::job::is_unboxed_square(field) {
        return counted(Puzzle::parse_classic(field).map_err(|e| e.to_string())?);
    }
    let board: AnyBoard = field
        .parse()
        .map_err(|e: ndoku::ParseError| e.to_string())?;
    let count = known(Solver::new().with_max_nodes(MAX_NODES).count(&board, 2));
    let puzzle = match &board {
        AnyBoard::B2(b) => Puzzle::from(b),
        AnyBoard::B3(b) => Puzzle::from(b),
        AnyBoard::B4(b) => Puzzle::from(b),
        AnyBoard::B5(b) => Puzzle::from(b),
        AnyBoard::B6(b) => Puzzle::from(b),
        AnyBoard::B7(b) => Puzzle::from(b),
        AnyBoard::B8(b) => Puzzle::from(b),
    };
    Ok((puzzle, count))
}

/// The search budget for counting a puzzle's solutions.
const MAX_NODES: u64 = 1_000_000;

/// The answer for one line, and whether the puzzle could be read and rated.
fn answer(line: &str, want: Want) -> (bool, String) {
    if matches!(want, Want::Hint) {
        return match hint(line) {
            Ok(text) => (true, text),
            Err(e) => (false, format!("invalid\t{e}\n")),
        };
    }
    let (puzzle, count) = match puzzle_of(line) {
        Ok(p) => p,
        Err(e) => return (false, format!("invalid\t{e}\n")),
    };
    // Uniqueness steps only for a puzzle proven to have one solution; a
    // puzzle with several is no puzzle to rate (the ladder is stuck on it).
    let unique = match count {
        Some(0) => return (true, "unsolvable\n".to_string()),
        Some(1) => true,
        Some(_) => return (true, "multiple\n".to_string()),
        None => false,
    };
    let logic = Logic::new().assume_unique(unique);
    match want {
        Want::Rate => match logic.rate(&puzzle) {
            Ok(r) => (true, format!("{}\n", rate_line(&r))),
            Err(e) => (false, format!("invalid\t{e}\n")),
        },
        Want::Explain(format) => match logic.solve_path(&puzzle) {
            Ok(path) => (true, explain(&puzzle, &path, format)),
            Err(e) => (false, format!("invalid\t{e}\n")),
        },
        Want::Hint => unreachable!("answered above"),
    }
}

/// A hint for `PUZZLE GRID [MARKS]`: `mistakes` and the wrong entries,
/// `marks` and the cells whose marks lack the solution's value, `step`, its
/// difficulty and explanation, `solved`, or `stuck`. Cells print as R1C1.
fn hint(line: &str) -> Result<String, String> {
    let mut fields = line.split_whitespace();
    let (puzzle, _) = puzzle_of(fields.next().unwrap_or(""))?;
    let n = puzzle.size();
    let grid = fields.next().ok_or("a hint line is PUZZLE GRID [MARKS]")?;
    let mut game = match fields.next() {
        Some(marks) => {
            Game::from_candidate_line(puzzle.clone(), marks).map_err(|e| e.to_string())?
        }
        None => Game::new(puzzle.clone()),
    };
    let values = cells_of(grid, n)?;
    for (c, &v) in values.iter().enumerate() {
        let given = puzzle.cells()[c];
        if given != 0 && v != given {
            return Err(format!(
                "the grid changes the given at R{}C{}",
                c / n + 1,
                c % n + 1
            ));
        }
        if given == 0 && v != 0 {
            game.enter(c / n, c % n, v).map_err(|e| e.to_string())?;
        }
    }
    let names = |cells: &[(usize, usize)]| -> String {
        let names: Vec<String> = cells
            .iter()
            .map(|(r, c)| format!("R{}C{}", r + 1, c + 1))
            .collect();
        names.join(" ")
    };
    Ok(match Logic::new().hint(&game).map_err(|e| e.to_string())? {
        Hint::Mistakes { entries, .. } if !entries.is_empty() => {
            format!("mistakes\t{}\n", names(&entries))
        }
        Hint::Mistakes { marks, .. } => format!("marks\t{}\n", names(&marks)),
        Hint::Step(step) => format!("step\t{:.1}\t{}\n", step.difficulty(), step.explanation()),
        Hint::Solved => "solved\n".to_string(),
        Hint::NotUnique => "multiple\n".to_string(),
        _ => "stuck\n".to_string(),
    })
}

/// A player's grid: one value a cell, `.` or `0` for empty, `1`-`9` then
/// `A`-`Z` (either case) for 10-35.
fn cells_of(text: &str, n: usize) -> Result<Vec<u16>, String> {
    let values: Vec<u16> = text
        .chars()
        .map(|ch| match ch {
            '.' | '0' => Ok(0),
            d => d
                .to_digit(36)
                .map(|v| v as u16)
                .filter(|&v| usize::from(v) <= n)
                .ok_or_else(|| format!("{ch:?} is no value of a {n}x{n} grid")),
        })
        .collect::<Result<_, _>>()?;
    if values.len() != n * n {
        return Err(format!(
            "the grid has {} cells, the puzzle {}",
            values.len(),
            n * n
        ));
    }
    Ok(values)
}

/// "4.2\txy-wing", or the rating's words for a path that stopped, the
/// first after a tab: "stuck\tno step of the ladder applies after 12 steps
/// (hardest 3.6 naked triple)".
fn rate_line(r: &Rating) -> String {
    match r.er {
        Some(er) => format!("{er:.1}\t{}", r.hardest.map_or("none", |t| t.name())),
        None => r.to_string().replacen(": ", "\t", 1),
    }
}

/// The path as text or one JSON line.
fn explain(puzzle: &Puzzle, path: &ndoku::logic::Path, format: PathFormat) -> String {
    let n = puzzle.size();
    let hardest = path
        .steps
        .iter()
        .map(|s| s.technique)
        .filter(|t| t.is_rated())
        .fold(None, |best: Option<Technique>, t| match best {
            Some(b) if b.tenths() >= t.tenths() => Some(b),
            _ => Some(t),
        });
    let rating = path
        .solved
        .then(|| hardest.map_or(0.0, Technique::difficulty));
    match format {
        PathFormat::Text => {
            let head = match rating {
                Some(er) => format!("{er:.1}"),
                None if path.unreasoned.is_empty() => format!(
                    "stuck\tno step of the ladder applies after {} steps",
                    path.steps.len()
                ),
                None => format!(
                    "stuck\tno step of the ladder applies after {} steps; it has no step for {}",
                    path.steps.len(),
                    path.unreasoned
                ),
            };
            let mut out = format!("{head}\n");
            for step in &path.steps {
                out.push_str(&format!(
                    "{:.1}\t{}\n",
                    step.difficulty(),
                    step.explanation()
                ));
            }
            out.push('\n');
            out
        }
        PathFormat::Json => {
            let triples = |v: &[(usize, u16)]| -> String {
                let items: Vec<String> = v
                    .iter()
                    .map(|&(c, val)| format!("[{},{},{val}]", c / n + 1, c % n + 1))
                    .collect();
                format!("[{}]", items.join(","))
            };
            let steps: Vec<String> = path
                .steps
                .iter()
                .map(|s| {
                    format!(
                        "{{\"technique\":{},\"difficulty\":{:.1},\"placements\":{},\"eliminations\":{},\"explanation\":{}}}",
                        json_string(s.technique.name()),
                        s.difficulty(),
                        triples(&s.placements),
                        triples(&s.eliminations),
                        json_string(&s.explanation())
                    )
                })
                .collect();
            format!(
                "{{\"rating\":{},\"hardest\":{},\"solved\":{},\"steps\":[{}]}}\n",
                rating.map_or("null".to_string(), |r| format!("{r:.1}")),
                hardest.map_or("null".to_string(), |t| json_string(t.name())),
                path.solved,
                steps.join(",")
            )
        }
    }
}

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
