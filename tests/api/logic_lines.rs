//! Logic on renban, whisper, between and lockout lines: every step on
//! puzzles planted on random grids keeps the planted grid.
//!
//! Each puzzle is a random 9×9 grid with lines drawn on it that its values
//! keep (random walks of king moves), and a random third of its cells
//! given. Logic without uniqueness keeps every solution, so each step must
//! place only the planted grid's values and never remove one, whether or
//! not the puzzle has other solutions.

use crate::common::*;

use ndoku::logic::Technique;
use ndoku::{Constraint, Logic, Puzzle, Rules};

/// The line rules, by name.
const KINDS: [&str; 4] = ["renban", "whisper", "between", "lockout"];

/// Whether the values `v` along a line keep the rule `kind`.
fn keeps(kind: &str, v: &[u16]) -> bool {
    let k = v.len();
    let (lo, hi) = (v[0].min(v[k - 1]), v[0].max(v[k - 1]));
    let inner = &v[1..k - 1];
    match kind {
        "renban" => {
            let (min, max) = (v.iter().min().unwrap(), v.iter().max().unwrap());
            let mut sorted = v.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            sorted.len() == k && usize::from(max - min) == k - 1
        }
        "whisper" => v.windows(2).all(|w| w[0].abs_diff(w[1]) >= 5),
        "between" => inner.iter().all(|&x| lo < x && x < hi),
        _ => hi - lo >= 4 && inner.iter().all(|&x| x < lo || x > hi),
    }
}

/// A random line of king moves on a 9×9 from a random cell, each cell once.
fn walk_line(rng: &mut Rng, len: usize) -> Vec<u32> {
    let mut cells = vec![rng.below(81) as u32];
    while cells.len() < len {
        let c = *cells.last().unwrap() as i32;
        let (r, col) = (c / 9, c % 9);
        let steps: Vec<u32> = (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (r + dr, col + dc)))
            .filter(|&(y, x)| (0..9).contains(&y) && (0..9).contains(&x))
            .map(|(y, x)| (y * 9 + x) as u32)
            .filter(|d| !cells.contains(d))
            .collect();
        if steps.is_empty() {
            break;
        }
        cells.push(steps[rng.below(steps.len())]);
    }
    cells
}

/// Up to `count` lines of `kind` that `grid` keeps, none sharing a cell.
fn lines_on(kind: &str, grid: &[u16], count: usize, rng: &mut Rng) -> Vec<Constraint> {
    let mut used = [false; 81];
    let mut out = Vec::new();
    for _ in 0..4000 {
        if out.len() == count {
            break;
        }
        let len = 3 + rng.below(4);
        let line = walk_line(rng, len);
        let values: Vec<u16> = line.iter().map(|&c| grid[c as usize]).collect();
        if line.len() < 3 || line.iter().any(|&c| used[c as usize]) || !keeps(kind, &values) {
            continue;
        }
        for &c in &line {
            used[c as usize] = true;
        }
        out.push(match kind {
            "renban" => Constraint::Renban { cells: line },
            "whisper" => Constraint::german_whisper(9, line),
            "between" => Constraint::Between { cells: line },
            _ => Constraint::lockout(9, line),
        });
    }
    out
}

/// Whether `t` is a step on the line rules.
fn on_lines(t: Technique) -> bool {
    matches!(
        t,
        Technique::RenbanWindow
            | Technique::WhisperNeighbours
            | Technique::BetweenLine
            | Technique::LockoutLine
    )
}

#[test]
fn line_steps_keep_the_planted_grid() {
    let mut rng = Rng::new(42);
    let mut failures = Vec::new();
    // (kind, puzzles, solved by logic, steps on the lines)
    let mut seen: Vec<(&str, usize, usize, usize)> = KINDS.iter().map(|&k| (k, 0, 0, 0)).collect();
    for round in 0..48 {
        let grid: Vec<u16> = random_solved::<3>(&mut rng)
            .as_bytes()
            .iter()
            .map(|&b| u16::from(b))
            .collect();
        let kind = KINDS[round % 4];
        let mut rules = Rules::classic(9).unwrap();
        for line in lines_on(kind, &grid, 8, &mut rng) {
            rules = rules.with_constraint(line).unwrap();
        }
        let mut givens = grid.clone();
        // Few givens, so that the ladder needs the lines.
        for i in rng.permutation(81).into_iter().take(66) {
            givens[i] = 0;
        }
        let puzzle = Puzzle::from_cells(rules, &givens).unwrap();
        match sound_path(&puzzle, &grid) {
            Ok((end, used)) => {
                let s = &mut seen[round % 4];
                s.1 += 1;
                s.2 += usize::from(end.is_solved());
                s.3 += used.iter().filter(|&&t| on_lines(t)).count();
            }
            Err(e) => failures.push(format!("round {round} ({kind}): {e}")),
        }
        let rating = Logic::new().rate(&puzzle);
        if let Ok(r) = rating
            && !r.unreasoned.is_empty()
        {
            failures.push(format!("round {round}: no step for {}", r.unreasoned));
        }
    }
    eprintln!("(rule, puzzles, solved by logic, steps on the lines): {seen:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(seen.iter().all(|s| s.3 > 0), "a rule had no step: {seen:?}");
}

/// A puzzle on between (or lockout) lines planted on a random grid, with
/// givens taken away while the ladder still solves it: (puzzle, the
/// rules the ladder had before these steps with the same givens, grid).
fn needing_lines(kind: &str, seed: u64) -> (Puzzle, Puzzle, Vec<u16>) {
    let mut rng = Rng::new(seed);
    let grid: Vec<u16> = random_solved::<3>(&mut rng)
        .as_bytes()
        .iter()
        .map(|&b| u16::from(b))
        .collect();
    let lines = lines_on(kind, &grid, 10, &mut rng);
    let mut rules = Rules::classic(9).unwrap();
    // Before, a between line gave the ladder nothing, a lockout line only
    // the rule between its ends (as a whisper of two cells).
    let mut before = Rules::classic(9).unwrap();
    for line in lines {
        if let Constraint::Lockout { cells, difference } = &line {
            let ends = vec![cells[0], cells[cells.len() - 1]];
            before = before
                .with_constraint(Constraint::Whisper {
                    cells: ends,
                    difference: *difference,
                })
                .unwrap();
        }
        rules = rules.with_constraint(line).unwrap();
    }
    let mut givens = grid.clone();
    for i in rng.permutation(81) {
        let kept = givens[i];
        givens[i] = 0;
        let p = Puzzle::from_cells(rules.clone(), &givens).unwrap();
        if !Logic::new().rate(&p).is_ok_and(|r| r.solved) {
            givens[i] = kept;
        }
    }
    let puzzle = Puzzle::from_cells(rules, &givens).unwrap();
    let old = Puzzle::from_cells(before, &givens).unwrap();
    (puzzle, old, grid)
}

#[test]
fn puzzles_the_ladder_was_stuck_on_now_solve() {
    use ndoku::Solver;
    for kind in ["between", "lockout"] {
        let (puzzle, old, grid) = needing_lines(kind, 7);
        // The ladder before had only `old`'s rules to go on, which leave
        // two solutions or more: its sound steps could not finish.
        let count = Solver::new().with_max_nodes(1_000_000).count(&old, 2);
        assert!(count.found() >= 2, "{kind}: {count:?}");
        let (end, used) = sound_path(&puzzle, &grid).unwrap();
        assert!(end.is_solved(), "{kind}");
        assert!(used.iter().any(|&t| on_lines(t)), "{kind}");
    }
}
