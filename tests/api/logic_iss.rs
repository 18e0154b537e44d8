//! Logic on ISS's exported examples and collections: every step on every
//! puzzle ndoku reads (classic, killers, arrows, little killers,
//! sandwiches, dots, lines…) keeps the solution, and the share each
//! collection's puzzles are solved by logic alone.
//!
//! The examples come from `../shared/bench/iss-anchor/run --export` (ISS's
//! runner, under Node.js); the tests skip with a message when it is
//! absent. Each puzzle is judged against its one solution as ndoku's
//! solver finds it, which must equal the one ISS records where it records
//! one; puzzles ndoku cannot read (types it lacks) and those with several
//! solutions are left out. The debug test walks the variant puzzles (those
//! with cages or constraints) of one line in four; its `#[ignore]`d twin
//! walks all of them in release under `.ci/run`.

use std::path::Path;
use std::process::Command;

use crate::common::*;

use ndoku::logic::Technique;
use ndoku::text::iss;
use ndoku::{Constraint, Count, Puzzle, Solver};

/// One exported puzzle: its collection, name, ISS text and ISS's solution.
struct Example {
    set: String,
    name: String,
    input: String,
    solution: Option<String>,
}

/// ISS's examples, or `None` (with a message) when its runner is absent.
fn examples() -> Option<Vec<Example>> {
    let anchor = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench/iss-anchor/run");
    if !anchor.exists() {
        eprintln!("skipped: {} is absent", anchor.display());
        return None;
    }
    let out = Command::new(&anchor)
        .arg("--export")
        .output()
        .expect("ISS's runner starts");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8 lines");
    let field =
        |v: &serde_json::Value, k: &str| v.get(k).and_then(|x| x.as_str()).map(String::from);
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
                Example {
                    set: field(&v, "set").unwrap_or_default(),
                    name: field(&v, "name").unwrap_or_default(),
                    input: field(&v, "input").unwrap_or_default(),
                    solution: field(&v, "solution"),
                }
            })
            .collect(),
    )
}

/// Per collection: read, unique and walked, solved by logic alone.
#[derive(Default)]
struct Reach {
    sets: Vec<(String, usize, usize, usize)>,
    unread: usize,
    steps: Vec<(&'static str, usize)>,
    failures: Vec<String>,
}

impl Reach {
    fn row(&mut self, set: &str) -> &mut (String, usize, usize, usize) {
        let at = match self.sets.iter().position(|s| s.0 == set) {
            Some(i) => i,
            None => {
                self.sets.push((set.to_owned(), 0, 0, 0));
                self.sets.len() - 1
            }
        };
        &mut self.sets[at]
    }

    fn report(&self, what: &str) {
        for (set, read, walked, solved) in &self.sets {
            eprintln!(
                "{what}: {set}: read {read}, one solution {walked}, solved by logic alone {solved} ({:.0}%)",
                100.0 * *solved as f64 / (*walked).max(1) as f64
            );
        }
        eprintln!("{what}: unread (types ndoku lacks) {}", self.unread);
        eprintln!("{what}: variant steps taken: {:?}", self.steps);
        assert!(self.failures.is_empty(), "{}", self.failures.join("\n"));
        assert!(self.sets.iter().any(|s| s.2 > 0), "no puzzle was walked");
    }
}

/// Walks every `every`-th puzzle (only those up to 9×9 with sums along
/// lines or sandwiches when `sums_only`).
fn walk(every: usize, sums_only: bool) -> Option<Reach> {
    let mut reach = Reach::default();
    for e in examples()?.into_iter().step_by(every) {
        let Ok(puzzle) = iss::parse(&e.input) else {
            reach.unread += 1;
            continue;
        };
        let rules = puzzle.rules();
        let sums = rules.constraints().iter().any(|c| {
            matches!(
                c,
                Constraint::Arrow { .. }
                    | Constraint::DoubleArrow { .. }
                    | Constraint::LittleKiller { .. }
                    | Constraint::Sum { .. }
                    | Constraint::Sandwich { .. }
            )
        });
        if sums_only && !(sums && puzzle.size() <= 9) {
            continue;
        }
        reach.row(&e.set).1 += 1;
        let at = format!("{} {:?}", e.set, e.name);
        if let Err(err) = judge(&puzzle, &e, &mut reach) {
            reach.failures.push(format!("{at}: {err}"));
        }
    }
    Some(reach)
}

/// The path of one puzzle with one solution, each step checked against it.
fn judge(puzzle: &Puzzle, e: &Example, reach: &mut Reach) -> Result<(), String> {
    let (count, solution) = Solver::new()
        .with_max_nodes(5_000_000)
        .count_and_solve(puzzle, 2);
    if count != Count::Exact(1) {
        return Ok(());
    }
    let solution = solution.ok_or("no solution")?;
    let n = puzzle.size();
    if let Some(recorded) = &e.solution
        && n <= 9
        && recorded.len() == n * n
    {
        let theirs: Vec<u16> = recorded
            .bytes()
            .map(|b| u16::from(b.wrapping_sub(b'0')))
            .collect();
        if theirs != solution.cells() {
            return Err("ndoku's solution differs from ISS's".into());
        }
    }
    reach.row(&e.set).2 += 1;
    let (grid, used) = sound_path(puzzle, solution.cells())?;
    for t in used {
        if matches!(
            t,
            Technique::SumBounds
                | Technique::Sandwich
                | Technique::PairRule
                | Technique::ChainBounds
                | Technique::CellDomain
                | Technique::CageCombination { .. }
                | Technique::CagePointing
                | Technique::CageClaiming
                | Technique::Innies { .. }
                | Technique::Outies { .. }
        ) {
            match reach.steps.iter_mut().find(|s| s.0 == t.name()) {
                Some(s) => s.1 += 1,
                None => reach.steps.push((t.name(), 1)),
            }
        }
    }
    if grid.is_solved() {
        if grid.values() != solution.cells() {
            return Err("solved to another grid".into());
        }
        reach.row(&e.set).3 += 1;
    }
    Ok(())
}

#[test]
#[ignore = "needs ../shared/bench/iss-anchor and Node.js, slow in debug: .ci/run runs it in release"]
fn steps_on_iss_examples_are_sound_in_full() {
    if let Some(reach) = walk(1, false) {
        reach.report("all");
    }
}

#[test]
#[ignore = "needs ../shared/bench/iss-anchor and Node.js, slow in debug: .ci/run runs it in release"]
fn sum_steps_on_iss_examples_are_sound() {
    if let Some(reach) = walk(1, true) {
        reach.report("sums");
    }
}
