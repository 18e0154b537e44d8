//! `ndoku rate`, `explain` and `hint`: human-style logic on each puzzle of a batch, read as `solve` reads it.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use ndoku::engine::variant::VariantSolver;
use ndoku::logic::Technique;
use ndoku::{AnyBoard, Count, Game, Hint, Logic, Puzzle, Rating, Solver};

use crate::input::{Entry, Shape};
use crate::job::{Job, Read, Reply, Verdict};

/// The arguments of `rate`, `explain` and `hint`.
#[derive(Debug, Args)]
pub struct LogicArgs {
    /// Puzzle files, in any form `solve` reads (lines, tokens, a grid,
    /// f-puzzles JSON, links and load strings); standard input when none is
    /// given, or for `-`.
    pub files: Vec<PathBuf>,
    /// Read 16×16 puzzles in hex: `0`-`F` are the values 1-16, `.` is empty.
    #[arg(long)]
    pub hex: bool,
    /// Threads (at most 1024); 0 or none means every core.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=1024))]
    pub threads: u16,
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// The ER first, a tab, the hardest technique.
    Rate,
    /// The whole path.
    Explain(PathFormat),
    /// A player's mistakes, else the next step, for lines `PUZZLE GRID
    /// [MARKS]`.
    Hint,
}

/// The answer for one record of `rate`, `explain` or `hint`, read as
/// `job` reads puzzles for `solve`; an unreadable one prints `invalid`, a
/// tab and why.
pub fn answer(job: &Job, entry: &Entry<'_>, want: Want, out: &mut Vec<u8>) -> Reply {
    let answered = match want {
        Want::Hint => hint(job, entry),
        _ => puzzle_of(job, entry).and_then(|read| rated(read, want, entry.line)),
    };
    let (verdict, error) = match answered {
        Ok((text, verdict)) => {
            out.extend_from_slice(text.as_bytes());
            (verdict, None)
        }
        Err((line, message)) => {
            out.extend_from_slice(format!("invalid\t{message}\n").as_bytes());
            (Verdict::Invalid, Some((line, message)))
        }
    };
    Reply {
        verdict,
        guesses: 0,
        error,
    }
}

/// A puzzle read by `job` as the run-time model, and how many solutions it
/// has (0, 1, or 2 for more, or `None` when the search gave up), classic
/// boards counted by their own fast engines.
fn puzzle_of(job: &Job, entry: &Entry<'_>) -> Result<(Puzzle, Option<usize>), (usize, String)> {
    let known = |c: Count| match c {
        Count::Exact(k) | Count::AtLeast(k) => Some(k),
        _ => None,
    };
    let board = match job.read(entry)? {
        Read::Variant(puzzle) => {
            let count = VariantSolver::new()
                .with_max_nodes(MAX_NODES)
                .count(&puzzle, 2);
            return Ok((puzzle, known(count)));
        }
        Read::Board(board) => board,
    };
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

/// The rating or path of a puzzle read at `line`, and its verdict.
fn rated(
    (puzzle, count): (Puzzle, Option<usize>),
    want: Want,
    line: usize,
) -> Result<(String, Verdict), (usize, String)> {
    // Uniqueness steps only for a puzzle proven to have one solution.
    let unique = match count {
        Some(0) => return Ok(("unsolvable\n".to_string(), Verdict::Unsolvable)),
        Some(1) => true,
        // A puzzle with several solutions is no puzzle to rate: the ladder is stuck on it.
        Some(_) => return Ok(("multiple\n".to_string(), Verdict::Multiple)),
        None => false,
    };
    let verdict = if unique {
        Verdict::Solved
    } else {
        Verdict::Multiple
    };
    let logic = Logic::new().assume_unique(unique);
    let text = match want {
        Want::Rate => logic.rate(&puzzle).map(|r| format!("{}\n", rate_line(&r))),
        Want::Explain(format) => logic
            .solve_path(&puzzle)
            .map(|path| explain(&puzzle, &path, format)),
        Want::Hint => unreachable!("answered by `hint`"),
    };
    text.map(|t| (t, verdict))
        .map_err(|e| (line, e.to_string()))
}

/// A hint for `PUZZLE GRID [MARKS]`: `mistakes` and the wrong entries,
/// `marks` and the cells whose marks lack the solution's value, `step`, its
/// difficulty and explanation, `solved`, or `stuck`. Cells print as R1C1.
/// The puzzle is in any one-line form `solve` reads but tokens: cells,
/// f-puzzles JSON (spaces and all), a link or a load string.
fn hint(job: &Job, entry: &Entry<'_>) -> Result<(String, Verdict), (usize, String)> {
    let at = |m: String| (entry.line, m);
    let line = entry.text.clone().map_err(at)?;
    let split = crate::input::json_end(line.as_bytes())
        .unwrap_or_else(|| line.find(char::is_whitespace).unwrap_or(line.len()));
    let (field, rest) = line.split_at(split);
    let puzzle_entry = Entry {
        line: entry.line,
        text: Ok(field),
        shape: Shape::Line,
        rows: &[],
    };
    let (puzzle, _) = puzzle_of(job, &puzzle_entry)?;
    let n = puzzle.size();
    let mut fields = rest.split_whitespace();
    let grid = fields
        .next()
        .ok_or_else(|| at("a hint line is PUZZLE GRID [MARKS]".into()))?;
    let mut game = match fields.next() {
        Some(marks) => {
            Game::from_candidate_line(puzzle.clone(), marks).map_err(|e| at(e.to_string()))?
        }
        None => Game::new(puzzle.clone()),
    };
    let values = cells_of(grid, n).map_err(at)?;
    for (c, &v) in values.iter().enumerate() {
        let given = puzzle.cells()[c];
        if given != 0 && v != given {
            return Err(at(format!(
                "the grid changes the given at R{}C{}",
                c / n + 1,
                c % n + 1
            )));
        }
        if given == 0 && v != 0 {
            game.enter(c / n, c % n, v).map_err(|e| at(e.to_string()))?;
        }
    }
    let names = |cells: &[(usize, usize)]| -> String {
        let names: Vec<String> = cells
            .iter()
            .map(|(r, c)| format!("R{}C{}", r + 1, c + 1))
            .collect();
        names.join(" ")
    };
    let hint = Logic::new().hint(&game).map_err(|e| at(e.to_string()))?;
    let text = match hint {
        Hint::Mistakes { entries, .. } if !entries.is_empty() => {
            format!("mistakes\t{}\n", names(&entries))
        }
        Hint::Mistakes { marks, .. } => format!("marks\t{}\n", names(&marks)),
        Hint::Step(step) => format!("step\t{:.1}\t{}\n", step.difficulty(), step.explanation()),
        Hint::Solved => "solved\n".to_string(),
        Hint::NotUnique => "multiple\n".to_string(),
        _ => "stuck\n".to_string(),
    };
    Ok((text, Verdict::Solved))
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
