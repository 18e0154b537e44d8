//! Compares ndoku's ratings with Sudoku Explainer's: reads rated files
//! (`PUZZLE RATING` lines, the rating SE's), rates each puzzle with
//! `Logic::rate` (uniqueness on: the puzzles are unique, and SE assumes it),
//! and prints, per bucket (SE below 5.0, and from 5.0) and per file: the
//! count, exact agreement, a confusion table (SE rating against ndoku's, by
//! 0.1), the puzzles ndoku could not finish, and ndoku's median and mean
//! time. Run with `--release`:
//!
//! ```text
//! cargo run --release --manifest-path tools/Cargo.toml --bin se_compare -- [--max N] [--show K] FILE_OR_DIR...
//! ```
//!
//! `--explain PUZZLE` prints ndoku's path for one puzzle instead. `--max N` takes the first N puzzles of each file; `--show K` lists K
//! disagreeing puzzles of each bucket with both ratings.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ndoku::{Logic, Puzzle, Rating, Rules};

/// One rated puzzle and what ndoku made of it.
struct Row {
    line: String,
    se: u16,
    ndoku: Option<u16>,
    rating: Rating,
    time: Duration,
}

/// A group of rows and its figures.
#[derive(Default)]
struct Bucket<'a> {
    rows: Vec<&'a Row>,
}

impl Bucket<'_> {
    fn print(&self, name: &str, show: usize) {
        let n = self.rows.len();
        if n == 0 {
            return;
        }
        let exact = self.rows.iter().filter(|r| r.ndoku == Some(r.se)).count();
        let stuck: Vec<&&Row> = self.rows.iter().filter(|r| !r.rating.solved).collect();
        let mut times: Vec<Duration> = self.rows.iter().map(|r| r.time).collect();
        times.sort();
        let mean = times.iter().sum::<Duration>() / n as u32;
        println!(
            "== {name}: {n} puzzles, exact {exact} ({:.2}%), not finished {} ({:.1}%), median {:.1?}, mean {:.1?} per puzzle",
            100.0 * exact as f64 / n as f64,
            stuck.len(),
            100.0 * stuck.len() as f64 / n as f64,
            times[n / 2],
            mean
        );
        self.confusion();
        for r in self
            .rows
            .iter()
            .filter(|r| r.ndoku != Some(r.se))
            .take(show)
        {
            println!(
                "   differs: {} SE {} ndoku {}",
                r.line,
                tenths(r.se),
                r.rating
            );
        }
    }

    /// SE's rating by row, ndoku's by column ("--" for not finished).
    fn confusion(&self) {
        let mut table: BTreeMap<u16, BTreeMap<Option<u16>, usize>> = BTreeMap::new();
        for r in &self.rows {
            *table.entry(r.se).or_default().entry(r.ndoku).or_default() += 1;
        }
        println!("   SE  | ndoku rating: count");
        for (se, row) in &table {
            let cells: Vec<String> = row
                .iter()
                .map(|(nd, c)| format!("{}:{c}", nd.map_or("--".to_string(), tenths)))
                .collect();
            println!("   {} | {}", tenths(*se), cells.join("  "));
        }
    }
}

fn tenths(t: u16) -> String {
    format!("{}.{}", t / 10, t % 10)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut max, mut show, mut inputs) = (usize::MAX, 5usize, Vec::new());
    while let Some(a) = args.next() {
        match a.as_str() {
            "--max" => max = args.next().and_then(|v| v.parse().ok()).expect("--max N"),
            "--explain" => {
                explain(&args.next().expect("--explain PUZZLE"));
                return;
            }
            "--show" => show = args.next().and_then(|v| v.parse().ok()).expect("--show K"),
            _ => inputs.push(PathBuf::from(a)),
        }
    }
    let files = expand(&inputs);
    let logic = Logic::new().assume_unique(true);
    let rules = std::sync::Arc::new(Rules::classic(9).expect("9x9 rules"));
    let mut per_file: Vec<(String, Vec<Row>)> = Vec::new();
    for file in &files {
        let text =
            std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let rows = text
            .lines()
            .filter_map(parse_line)
            .take(max)
            .map(|(line, se)| rate(&logic, &rules, line, se))
            .collect();
        per_file.push((file.display().to_string(), rows));
    }
    let all: Vec<&Row> = per_file.iter().flat_map(|(_, rows)| rows).collect();
    let below = Bucket {
        rows: all.iter().copied().filter(|r| r.se < 50).collect(),
    };
    let above = Bucket {
        rows: all.iter().copied().filter(|r| r.se >= 50).collect(),
    };
    below.print("SE below 5.0", show);
    above.print("SE 5.0 and up", show);
    for (name, rows) in &per_file {
        let bucket = Bucket {
            rows: rows.iter().collect(),
        };
        bucket.print(name, 0);
    }
}

/// Prints ndoku's path for one puzzle, a step a line.
fn explain(line: &str) {
    let cells: Vec<u16> = line
        .bytes()
        .map(|b| {
            if b.is_ascii_digit() {
                u16::from(b - b'0')
            } else {
                0
            }
        })
        .collect();
    let puzzle =
        Puzzle::from_cells(Rules::classic(9).expect("9x9 rules"), &cells).expect("a valid puzzle");
    let logic = Logic::new().assume_unique(true);
    let path = logic.solve_path(&puzzle).expect("a puzzle logic can hold");
    let mut grid =
        ndoku::logic::Candidates::from_variant(&puzzle).expect("a puzzle logic can hold");
    for step in &path.steps {
        println!("{:.1} {step}", step.difficulty());
        grid.apply(step).expect("a sound step");
        if std::env::var_os("MARKS").is_some() {
            println!("{}", marks(&grid));
            let values: String = grid
                .values()
                .iter()
                .map(|v| char::from(b'0' + *v as u8))
                .collect();
            println!("{values}");
        }
    }
    println!("solved: {}", path.solved);
}

/// The grid's candidates as SE's 729-character line.
fn marks(grid: &ndoku::logic::Candidates) -> String {
    (0..81)
        .flat_map(|c| {
            (1..=9u16).map(move |v| {
                let on = grid.value(c) == Some(v) || grid.candidates(c).contains(v);
                if on { char::from(b'0' + v as u8) } else { '.' }
            })
        })
        .collect()
}

/// The rated files among `inputs`: files as given, directories' `.txt` files.
fn expand(inputs: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in inputs {
        if p.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(p)
                .expect("readable directory")
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "txt"))
                .collect();
            files.sort();
            out.extend(files);
        } else {
            out.push(Path::new(p).to_path_buf());
        }
    }
    out
}

/// `PUZZLE RATING` as the puzzle and the rating in tenths.
fn parse_line(line: &str) -> Option<(String, u16)> {
    let mut parts = line.split_whitespace();
    let puzzle = parts.next()?;
    let rating: f64 = parts.next()?.parse().ok()?;
    (puzzle.len() == 81 && !line.starts_with('#'))
        .then(|| (puzzle.to_string(), (rating * 10.0).round() as u16))
}

fn rate(logic: &Logic, rules: &std::sync::Arc<Rules>, line: String, se: u16) -> Row {
    let cells: Vec<u16> = line
        .bytes()
        .map(|b| {
            if b.is_ascii_digit() {
                u16::from(b - b'0')
            } else {
                0
            }
        })
        .collect();
    let puzzle = Puzzle::from_cells(std::sync::Arc::clone(rules), &cells).expect("a valid puzzle");
    let start = Instant::now();
    let rating = logic.rate(&puzzle).expect("a puzzle logic can hold");
    let time = start.elapsed();
    Row {
        line,
        se,
        ndoku: rating.tenths(),
        rating,
        time,
    }
}
