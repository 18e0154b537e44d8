//! Logic on Kropki dots, X and V with their negative rules, and
//! thermometers: every step on puzzles built from real solutions is sound.
//!
//! Each puzzle is a rated 9×9 of the shared data with half its givens,
//! and the dots, letters or thermometers its solution has: when that has
//! one solution, every step of its path must place only the solution's
//! values and keep them all.

use crate::common::*;

use ndoku::logic::Technique;
use ndoku::model::NegativeRule;
use ndoku::{Constraint, Count, Logic, Puzzle, Rules, Solver};

const SET: &str = "rated/9x9/se_medium_sample.txt";

/// The right and down neighbours of a 9×9, as (first, second) cells.
fn neighbours() -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for c in 0..81u32 {
        if c % 9 < 8 {
            out.push((c, c + 1));
        }
        if c / 9 < 8 {
            out.push((c, c + 9));
        }
    }
    out
}

/// The three rule sets a solution gives: white and black dots with the
/// negative white rule; X and V with the negative rule; thermometers along
/// each row's rising runs of three or more.
fn rule_sets(s: &[u16]) -> Vec<(&'static str, Rules)> {
    let classic = || Rules::classic(9).unwrap();
    let mut dots = classic();
    let mut xv = classic();
    for (a, b) in neighbours() {
        let (x, y) = (s[a as usize], s[b as usize]);
        if x.abs_diff(y) == 1 {
            dots = dots
                .with_constraint(Constraint::kropki_white(a, b))
                .unwrap();
        } else if x == 2 * y || y == 2 * x {
            dots = dots
                .with_constraint(Constraint::kropki_black(a, b))
                .unwrap();
        }
        if x + y == 10 {
            xv = xv.with_constraint(Constraint::x(a, b)).unwrap();
        } else if x + y == 5 {
            xv = xv.with_constraint(Constraint::v(a, b)).unwrap();
        }
    }
    let dots = dots
        .with_constraint(Constraint::Negative {
            rule: NegativeRule::White,
        })
        .unwrap();
    let xv = xv
        .with_constraint(Constraint::Negative {
            rule: NegativeRule::Xv,
        })
        .unwrap();
    let mut thermos = classic();
    for r in 0..9u32 {
        let mut run = vec![r * 9];
        for c in 1..=9u32 {
            let rising = c < 9 && s[(r * 9 + c) as usize] > s[(r * 9 + c - 1) as usize];
            if rising {
                run.push(r * 9 + c);
                continue;
            }
            if run.len() >= 3 {
                let cells = std::mem::take(&mut run);
                thermos = thermos
                    .with_constraint(Constraint::Thermometer { cells, slow: false })
                    .unwrap();
            }
            run = vec![r * 9 + c];
        }
    }
    vec![("dots", dots), ("xv", xv), ("thermometers", thermos)]
}

#[test]
fn pair_and_thermometer_steps_are_sound() {
    let Some(dir) = shared_data_dir() else {
        return;
    };
    let Ok(text) = std::fs::read_to_string(dir.join(SET)) else {
        eprintln!("notice: {SET} not found; skipping");
        return;
    };
    let mut failures = Vec::new();
    let mut seen: Vec<(&'static str, usize, usize, usize)> = Vec::new();
    for (line, p) in puzzle_lines(&text).into_iter().step_by(25) {
        let givens: Vec<u16> = p.bytes().take(81).map(|b| u16::from(b - b'0')).collect();
        let classic = Puzzle::from_cells(Rules::classic(9).unwrap(), &givens).unwrap();
        let solution = classic.solve().unwrap().cells().to_vec();
        // Every other given.
        let mut half = givens.clone();
        let mut keep = false;
        for v in half.iter_mut().filter(|v| **v != 0) {
            keep = !keep;
            if !keep {
                *v = 0;
            }
        }
        for (what, rules) in rule_sets(&solution) {
            // Half the givens when that keeps one solution, else all.
            let mut puzzle = Puzzle::from_cells(rules.clone(), &half).unwrap();
            if Solver::new().with_max_nodes(200_000).count(&puzzle, 2) != Count::Exact(1) {
                puzzle = Puzzle::from_cells(rules, &givens).unwrap();
            }
            let (solved, used) = walk(&puzzle, &solution).unwrap_or_else(|e| {
                failures.push(format!("{SET}:{line} {what}: {e}"));
                (false, 0)
            });
            match seen.iter_mut().find(|s| s.0 == what) {
                Some(s) => {
                    s.1 += 1;
                    s.2 += usize::from(solved);
                    s.3 += used;
                }
                None => seen.push((what, 1, usize::from(solved), used)),
            }
        }
    }
    eprintln!("(rules, puzzles walked, solved by logic, steps on the rules): {seen:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Each rule set was walked, and its steps were used.
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert!(seen.iter().all(|s| s.3 > 0), "{seen:?}");
}

/// Walks the path of `puzzle`, checking each step against `solution`:
/// whether it solved it, and how many steps used the constraints.
fn walk(puzzle: &Puzzle, solution: &[u16]) -> Result<(bool, usize), String> {
    let logic = Logic::new();
    let (grid, steps) = sound_path(puzzle, solution)?;
    let used = steps
        .iter()
        .filter(|t| {
            matches!(
                t,
                Technique::PairRule | Technique::ChainBounds | Technique::CellDomain
            )
        })
        .count();
    let rating = logic.rate(puzzle).map_err(|e| e.to_string())?;
    if !rating.unreasoned.is_empty() {
        return Err(format!("claims no step for {}", rating.unreasoned));
    }
    Ok((grid.is_solved(), used))
}
