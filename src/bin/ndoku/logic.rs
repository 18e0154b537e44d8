//! `ndoku rate`, `explain` and `hint`: human-style logic on each puzzle of a batch, read as `solve` reads it.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use ndoku::engine::variant::VariantSolver;
use ndoku::logic::Step;
use ndoku::logic::Technique;
use ndoku::model::Cell;
use ndoku::{AnyBoard, Count, Game, Hint, HintLevel, Logic, Puzzle, Rating, Solver};
use serde_json::{Value, json};

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
    /// Read classic puzzles whose values run from 0 to N-1 (`0`-`9`, then
    /// `A`-`Z`; `.` is empty): steps name values from 0, as do hints'
    /// grids.
    #[arg(long, conflicts_with = "hex")]
    pub from_zero: bool,
    /// Threads (at most 1024); 0 or none means every core.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=1024))]
    pub threads: u16,
}

/// How `rate`, `explain` and `hint` print their answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PathFormat {
    /// Tab-separated lines (`explain`: the rating line, then one step a
    /// line, then a blank line).
    #[default]
    Text,
    /// One JSON object a line a puzzle.
    Json,
}

/// What to print for each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// The ER first, a tab, the hardest technique.
    Rate(PathFormat),
    /// The whole path.
    Explain(PathFormat),
    /// A player's mistakes, else the next step, for lines `PUZZLE GRID
    /// [MARKS]`, told at a level.
    Hint(PathFormat, HintLevel),
}

impl Want {
    /// Whether the answers are JSON.
    fn json(self) -> bool {
        let (Want::Rate(f) | Want::Explain(f) | Want::Hint(f, _)) = self;
        f == PathFormat::Json
    }
}

/// The answer for one record of `rate`, `explain` or `hint`, read as
/// `job` reads puzzles for `solve`; an unreadable one prints `invalid`, a
/// tab and why.
pub fn answer(job: &Job, entry: &Entry<'_>, want: Want, out: &mut Vec<u8>) -> Reply {
    let answered = match want {
        Want::Hint(format, level) => hint(job, entry, format, level),
        _ => puzzle_of(job, entry).and_then(|read| rated(read, want, entry.line)),
    };
    let (verdict, error) = match answered {
        Ok((text, verdict)) => {
            out.extend_from_slice(text.as_bytes());
            (verdict, None)
        }
        Err((line, message)) => {
            let text = if want.json() {
                format!("{}\n", json!({"status": "invalid", "error": message}))
            } else {
                format!("invalid\t{message}\n")
            };
            out.extend_from_slice(text.as_bytes());
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
        Some(0) => return Ok((status("unsolvable", want.json()), Verdict::Unsolvable)),
        Some(1) => true,
        // A puzzle with several solutions is no puzzle to rate: the ladder is stuck on it.
        Some(_) => return Ok((status("multiple", want.json()), Verdict::Multiple)),
        None => false,
    };
    let verdict = if unique {
        Verdict::Solved
    } else {
        Verdict::Multiple
    };
    let logic = Logic::new().assume_unique(unique);
    let text = match want {
        Want::Rate(PathFormat::Text) => logic.rate(&puzzle).map(|r| format!("{}\n", rate_line(&r))),
        Want::Rate(PathFormat::Json) => logic.rate(&puzzle).map(|r| format!("{}\n", rate_json(&r))),
        Want::Explain(format) => logic.solve_path(&puzzle).map(|path| explain(&path, format)),
        Want::Hint(..) => unreachable!("answered by `hint`"),
    };
    text.map(|t| (t, verdict))
        .map_err(|e| (line, e.to_string()))
}

/// A hint for `PUZZLE GRID [MARKS]`: `mistakes` and the wrong entries,
/// `marks` and the cells whose marks lack the solution's value, `step`, its
/// difficulty and explanation, `solved`, or `stuck`. Cells print as R1C1.
/// The puzzle is in any one-line form `solve` reads but tokens: cells,
/// f-puzzles JSON (spaces and all), a link or a load string. Below
/// `HintLevel::Move` a step prints `where` or `technique` and its words,
/// mistakes print their kind and count; JSON prints one object.
fn hint(
    job: &Job,
    entry: &Entry<'_>,
    format: PathFormat,
    level: HintLevel,
) -> Result<(String, Verdict), (usize, String)> {
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
    let values = cells_of(grid, n, puzzle.first_value()).map_err(at)?;
    for (c, &v) in values.iter().enumerate() {
        let given = puzzle.cells()[c];
        if given != 0 && v != given {
            let cell = Cell::from_index(c, n);
            return Err(at(format!("the grid changes the given at {cell}")));
        }
        if given == 0 && v != 0 {
            (game.enter(Cell::from_index(c, n), v)).map_err(|e| at(e.to_string()))?;
        }
    }
    let hint = Logic::new().hint(&game).map_err(|e| at(e.to_string()))?;
    let text = match format {
        PathFormat::Json => format!("{}\n", hint_json(&hint, level)),
        PathFormat::Text => hint_line(&hint, level),
    };
    Ok((text, Verdict::Solved))
}

/// A hint as a tab-separated line: `mistakes` and the cells (`marks` for
/// marks alone), `step`, its difficulty and why; below the move, `where`
/// or `technique` and the hint's words (mistakes: `mistakes` and them).
fn hint_line(hint: &Hint, level: HintLevel) -> String {
    let names = |cells: &[Cell]| -> String {
        let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
        names.join(" ")
    };
    let said = hint.describe(level);
    match (hint, level) {
        (Hint::Mistakes { .. }, HintLevel::Where | HintLevel::Technique) => {
            format!("mistakes\t{said}\n")
        }
        (Hint::Mistakes { entries, .. }, _) if !entries.is_empty() => {
            format!("mistakes\t{}\n", names(entries))
        }
        (Hint::Mistakes { marks, .. }, _) => format!("marks\t{}\n", names(marks)),
        (Hint::Step(_), HintLevel::Where) => format!("where\t{said}\n"),
        (Hint::Step(step), HintLevel::Technique) => {
            format!("technique\t{:.1}\t{said}\n", step.difficulty())
        }
        (Hint::Step(step), _) => {
            format!("step\t{:.1}\t{}\n", step.difficulty(), step.explanation())
        }
        (Hint::Solved, _) => "solved\n".to_string(),
        (Hint::NotUnique, _) => "multiple\n".to_string(),
        _ => "stuck\n".to_string(),
    }
}

/// A hint as one JSON object: `status` (`mistakes`, `step`, `solved`,
/// `stuck`, `multiple`), `level`, `text` (the hint's words at the level),
/// and what the level shows: mistakes' `entries` and `marks` as `[row,
/// column]` from 1 (at the move); a step's `houses` by name, or its `cells`
/// when it names no house (where to look), its `technique` and
/// `difficulty` (from level 2), and at the move both, its `placements`,
/// `eliminations` and `candidates` as `[row, column, value]` and its
/// `explanation`.
fn hint_json(hint: &Hint, level: HintLevel) -> Value {
    let pairs = |cells: &[Cell]| -> Value {
        cells
            .iter()
            .map(|c| json!([c.row + 1, c.col + 1]))
            .collect()
    };
    let mut out = serde_json::Map::new();
    let status = match hint {
        Hint::Mistakes { .. } => "mistakes",
        Hint::Step(_) => "step",
        Hint::Solved => "solved",
        Hint::NotUnique => "multiple",
        _ => "stuck",
    };
    out.insert("status".into(), json!(status));
    out.insert("level".into(), json!(level as u8));
    out.insert("text".into(), json!(hint.describe(level)));
    match hint {
        Hint::Mistakes { entries, marks } if level == HintLevel::Move => {
            out.insert("entries".into(), pairs(entries));
            out.insert("marks".into(), pairs(marks));
        }
        Hint::Mistakes { entries, marks } if level == HintLevel::Technique => {
            out.insert("entries".into(), json!(entries.len()));
            out.insert("marks".into(), json!(marks.len()));
        }
        Hint::Step(step) => {
            let whole = step_json(step);
            // Where to look: the houses, or the cells when it names none (a
            // hidden single's cell is its answer).
            let place = if step.highlight.houses().next().is_none() {
                "cells"
            } else {
                "houses"
            };
            let keys: &[&str] = match level {
                HintLevel::Where => &[place],
                HintLevel::Technique => &[place, "technique", "difficulty"],
                HintLevel::Move => &[
                    "houses",
                    "cells",
                    "technique",
                    "difficulty",
                    "placements",
                    "eliminations",
                    "candidates",
                    "explanation",
                ],
            };
            for &key in keys {
                if let Some(v) = whole.get(key) {
                    out.insert(key.into(), v.clone());
                }
            }
        }
        _ => {}
    }
    Value::Object(out)
}

/// A step as JSON: `technique`, `difficulty`, `placements` and
/// `eliminations` as `[row, column, value]` (rows and columns from 1,
/// values as the puzzle writes them: from 0 for one whose values start
/// there), `explanation`, and its highlight: `cells` as `[row, column]`,
/// `houses` by name ("box 3") and `candidates` as `[row, column, value]`.
fn step_json(s: &Step) -> Value {
    let first = s.first_value();
    let triples = |v: &mut dyn Iterator<Item = (Cell, u16)>| -> Value {
        v.map(|(c, val)| json!([c.row + 1, c.col + 1, val - 1 + first]))
            .collect()
    };
    let houses: Vec<String> = s.highlight.houses().map(|h| h.to_string()).collect();
    let cells: Vec<Value> = s
        .highlight
        .cells()
        .map(|c| json!([c.row + 1, c.col + 1]))
        .collect();
    json!({
        "technique": s.technique.name(),
        "difficulty": (f64::from(s.technique.tenths()) / 10.0),
        "placements": triples(&mut s.placements()),
        "eliminations": triples(&mut s.eliminations()),
        "explanation": s.explanation(),
        "cells": cells,
        "houses": houses,
        "candidates": triples(&mut s.highlight.candidates()),
    })
}

/// `status` alone: a line of text, or a JSON object.
fn status(status: &str, json: bool) -> String {
    if json {
        format!("{}\n", json!({ "status": status }))
    } else {
        format!("{status}\n")
    }
}

/// A rating as one JSON object: `status` (`solved`, `stuck` or
/// `stopped` at the step limit), `rating` (the ER, or null), `hardest`
/// (null when no step), `steps`, and `text`, the rating in words.
fn rate_json(r: &Rating) -> Value {
    let status = if r.solved {
        "solved"
    } else if r.limited {
        "stopped"
    } else {
        "stuck"
    };
    json!({
        "status": status,
        "rating": r.tenths().map(|t| f64::from(t) / 10.0),
        "hardest": r.hardest.map(|t| t.name()),
        "steps": r.steps,
        "text": r.to_string(),
    })
}

/// A player's grid: one value a cell, `.` or `0` for empty, `1`-`9` then
/// `A`-`Z` (either case) for 10-35; for a puzzle whose values start at 0
/// (`first` 0), as it prints its grid: `.` for empty, `0`-`9` then `A`-`Z`.
fn cells_of(text: &str, n: usize, first: u16) -> Result<Vec<u16>, String> {
    let values: Vec<u16> = text
        .chars()
        .map(|ch| match (ch, first) {
            ('.', _) | ('0', 1) => Ok(0),
            (d, _) => d
                .to_digit(36)
                // The solver's values run from 1 either way.
                .map(|v| v as u16 + 1 - first)
                .filter(|&v| v > 0 && usize::from(v) <= n)
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
fn explain(path: &ndoku::logic::Path, format: PathFormat) -> String {
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
            let steps: Vec<Value> = path.steps.iter().map(step_json).collect();
            let rating = rating.map(|r| (f64::from(r) * 10.0).round() / 10.0);
            format!(
                "{}\n",
                json!({
                    "rating": rating,
                    "hardest": hardest.map(|t| t.name()),
                    "solved": path.solved,
                    "steps": steps,
                })
            )
        }
    }
}
