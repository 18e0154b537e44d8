//! Logic on ISS's collections: every step on every puzzle ndoku reads and
//! ISS records a solution for keeps that solution, each walk under a cap.
//!
//! The puzzles come from ISS's runner (`../shared/bench/iss-anchor/run
//! --export`, under Node.js), as `benches/iss/suite` reads them; the test
//! skips with a message when the runner is absent. A sound step keeps every
//! solution, so each is judged against the solution ISS records, with no
//! search of ndoku's: the old test counted solutions of the collections
//! without one (MATHEMAGIC_KILLERS, TAREK_ALL), which took minutes. Each
//! walk stops after `sound_path`'s 2,000 steps (the longest takes 169); the
//! run takes about 20 s in the `ci` profile.

use std::path::Path;
use std::process::Command;

use std::time::Instant;

use crate::common::sound_path;

use ndoku::text::iss;

/// The line rules whose puzzles are counted apart.
const LINE_RULES: [&str; 4] = ["renban", "whisper", "between line", "lockout line"];

/// One exported puzzle: its collection, name, ISS text and ISS's solution.
struct Example {
    set: String,
    name: String,
    input: String,
    solution: String,
}

/// ISS's puzzles that record a solution, or `None` (with a message) when
/// its runner is absent.
fn examples() -> Option<Vec<Example>> {
    let anchor = std::env::var_os("ISS_ANCHOR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench/iss-anchor"),
        Into::into,
    );
    let run = anchor.join("run");
    if !run.exists() {
        eprintln!("skipped: {} is absent", run.display());
        return None;
    }
    let out = match Command::new(&run).arg("--export").output() {
        Ok(out) => out,
        Err(e) => {
            eprintln!("skipped: {} does not start: {e}", run.display());
            return None;
        }
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8 lines");
    let field = |v: &serde_json::Value, k: &str| {
        v.get(k)
            .and_then(|x| x.as_str())
            .unwrap_or_default()
            .to_owned()
    };
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
                Example {
                    set: field(&v, "set"),
                    name: field(&v, "name"),
                    input: one_line(&field(&v, "input")),
                    solution: field(&v, "solution"),
                }
            })
            .filter(|e| !e.solution.is_empty())
            .collect(),
    )
}

/// ISS text on one line, as `benches/iss/suite` feeds it to ndoku: comment
/// lines dropped, white space removed (ISS ignores both).
fn one_line(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.chars().filter(|c| !c.is_whitespace()))
        .collect()
}

/// ISS's solution as values: 1-9, or A=1, B=2, … past 9 values; with
/// values from 0 (`first` 0, up to 10 values), 0-9 as the solver's 1-10.
fn values(line: &str, n: usize, first: u16) -> Option<Vec<u16>> {
    line.chars()
        .map(|c| match c {
            '0'..='9' if first == 0 && n <= 10 => c.to_digit(10).map(|d| d as u16 + 1),
            '1'..='9' if n <= 9 => c.to_digit(10).map(|d| d as u16),
            'A'..='Z' | 'a'..='z' if n > 9 => {
                Some(c.to_ascii_uppercase() as u16 - u16::from(b'A') + 1)
            }
            _ => None,
        })
        .collect::<Option<Vec<u16>>>()
        .filter(|v| v.len() == n * n)
}

#[test]
#[ignore = "needs ../shared/bench/iss-anchor and Node.js, slow in debug: .ci/run runs it in release"]
fn steps_on_iss_collections_are_sound() {
    let Some(examples) = examples() else {
        return;
    };
    let (mut unread, mut walked, mut solved) = (0, 0, 0);
    let mut slowest = (std::time::Duration::ZERO, String::new());
    // Walked and solved among the puzzles with each line rule.
    let mut lines = LINE_RULES.map(|kind| (kind, 0, 0));
    let mut failures = Vec::new();
    for e in &examples {
        let at = format!("{} {:?}", e.set, e.name);
        let Ok(puzzle) = iss::parse(&e.input) else {
            unread += 1;
            continue;
        };
        // ndoku must read the puzzle as ISS means it: the recorded solution
        // keeps its givens and rules.
        let Some(solution) = values(&e.solution, puzzle.size(), puzzle.first_value()) else {
            failures.push(format!("{at}: ISS's solution does not read"));
            continue;
        };
        if !puzzle
            .cells()
            .iter()
            .zip(&solution)
            .all(|(&g, &v)| g == 0 || g == v)
        {
            failures.push(format!("{at}: ISS's solution drops a given"));
            continue;
        }
        if let Err(v) = puzzle.rules().check(&solution) {
            failures.push(format!("{at}: ISS's solution breaks a rule: {v}"));
            continue;
        }
        let start = Instant::now();
        match sound_path(&puzzle, &solution) {
            Ok((grid, _)) => {
                walked += 1;
                for (kind, w, s) in &mut lines {
                    if puzzle
                        .rules()
                        .constraints()
                        .iter()
                        .any(|c| c.kind() == *kind)
                    {
                        *w += 1;
                        *s += usize::from(grid.is_solved());
                    }
                }
                if grid.is_solved() {
                    solved += 1;
                    if grid.values() != solution {
                        failures.push(format!("{at}: solved to another grid"));
                    }
                }
            }
            Err(err) => failures.push(format!("{at}: {err}")),
        }
        if start.elapsed() > slowest.0 {
            slowest = (start.elapsed(), at);
        }
    }
    eprintln!(
        "walked {walked}, solved by logic alone {solved}, unread {unread}; slowest {} in {:?}",
        slowest.1, slowest.0
    );
    for (kind, w, s) in lines.iter().filter(|l| l.1 > 0) {
        eprintln!("with a {kind}: walked {w}, solved by logic alone {s}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(walked > 0, "no puzzle was walked");
}
