//! Logic on killer cages: every step on the shared janko killers is sound
//! against the solver's solution, and the share the ladder solves alone.
//!
//! The debug test walks one killer in ten; its `#[ignore]`d twin walks
//! them all in release under `.ci/run` and prints the share solved per
//! board size (issue 42's target: 95%).

use crate::common::*;

use ndoku::logic::Technique;
use ndoku::{Count, Logic, Puzzle, Solver};

const KILLERS: &str = "variants/janko_killer.jsonl";

/// What the walk of a set found: per board size, puzzles walked and
/// solved by logic alone, and the steps of each cage technique.
#[derive(Default)]
struct Reach {
    sizes: Vec<(usize, usize, usize)>,
    techniques: Vec<(&'static str, usize)>,
    failures: Vec<String>,
}

impl Reach {
    fn count(&mut self, size: usize, solved: bool) {
        let at = match self.sizes.iter().position(|s| s.0 == size) {
            Some(i) => i,
            None => {
                self.sizes.push((size, 0, 0));
                self.sizes.len() - 1
            }
        };
        self.sizes[at].1 += 1;
        self.sizes[at].2 += usize::from(solved);
    }

    fn saw(&mut self, technique: Technique) {
        let name = technique.name();
        match self.techniques.iter_mut().find(|t| t.0 == name) {
            Some(t) => t.1 += 1,
            None => self.techniques.push((name, 1)),
        }
    }

    /// The share solved over all sizes, after printing each.
    fn report(&mut self, what: &str) -> f64 {
        self.sizes.sort_unstable();
        let (mut all, mut solved) = (0, 0);
        for &(size, walked, done) in &self.sizes {
            eprintln!(
                "{what}: {size}x{size} killers solved by logic alone: {done}/{walked} ({:.1}%)",
                100.0 * done as f64 / walked as f64
            );
            all += walked;
            solved += done;
        }
        self.techniques.sort_unstable();
        eprintln!("{what}: cage steps taken: {:?}", self.techniques);
        assert!(self.failures.is_empty(), "{}", self.failures.join("\n"));
        solved as f64 / all.max(1) as f64
    }
}

/// Walks every `step`-th killer: each step of its path must place only
/// the solution's values and keep them all; returns what it found.
fn walk_killers(step: usize) -> Option<Reach> {
    let dir = shared_data_dir()?;
    let Ok(text) = std::fs::read_to_string(dir.join(KILLERS)) else {
        eprintln!("notice: {KILLERS} not found; skipping");
        return None;
    };
    let mut reach = Reach::default();
    for (line, p) in puzzle_lines(&text).into_iter().step_by(step) {
        let at = format!("{KILLERS}:{line}");
        let puzzle = ndoku::text::fpuzzles::parse(p)
            .unwrap_or_else(|e| panic!("{at}: {e}"))
            .puzzle;
        // Puzzles with two solutions (a few of janko's) judge nothing.
        let (count, solution) = Solver::new().count_and_solve(&puzzle, 2);
        if count != Count::Exact(1) {
            continue;
        }
        let solution = solution.expect("a solution");
        if let Err(e) = check_path(&puzzle, solution.cells(), &mut reach) {
            reach.failures.push(format!("{at}: {e}"));
        }
    }
    Some(reach)
}

/// The path of `puzzle`, each step checked against `solution`.
fn check_path(puzzle: &Puzzle, solution: &[u16], reach: &mut Reach) -> Result<(), String> {
    let logic = Logic::new();
    let (grid, used) = sound_path(puzzle, solution)?;
    for technique in used {
        if matches!(
            technique,
            Technique::CageCombination { .. }
                | Technique::CagePointing
                | Technique::CageClaiming
                | Technique::Innies { .. }
                | Technique::Outies { .. }
        ) {
            reach.saw(technique);
        }
    }
    let solved = grid.is_solved();
    if solved && grid.values() != solution {
        return Err("solved to another grid".to_string());
    }
    // The rating agrees with the path, and has a number when solved.
    let rating = logic.rate(puzzle).map_err(|e| e.to_string())?;
    if rating.solved != solved || rating.er.is_some() != solved || !rating.unreasoned.is_empty() {
        return Err(format!("rating {rating} disagrees with the path"));
    }
    reach.count(puzzle.size(), solved);
    Ok(())
}

#[test]
fn killer_steps_are_sound() {
    if let Some(mut reach) = walk_killers(10) {
        let share = reach.report("sample");
        // Most killers of the sample are solved: the cage steps do work.
        assert!(share > 0.5, "{share}");
    }
}

#[test]
#[ignore = "slow in debug: .ci/run runs it with cargo test --release -- --ignored"]
fn killer_steps_are_sound_in_full() {
    if let Some(mut reach) = walk_killers(1) {
        let share = reach.report("all");
        assert!(share > 0.5, "{share}");
    }
}

/// A 4×4 killer of janko's without givens, read as the CLI reads it: the
/// ladder solves it, and its first step is a cage step.
#[test]
fn a_killer_without_givens_gets_steps_and_a_rating() {
    let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2","R2C1"],"value":"9"},{"cells":["R1C3","R2C3","R3C3"],"value":"8"},{"cells":["R1C4","R2C4"],"value":"3"},{"cells":["R2C2","R3C2","R4C2"],"value":"7"},{"cells":["R3C1","R4C1"],"value":"4"},{"cells":["R3C4","R4C3","R4C4"],"value":"9"}]}"#;
    let puzzle = ndoku::text::fpuzzles::parse(json).unwrap().puzzle;
    let path = Logic::new().solve_path(&puzzle).unwrap();
    assert!(path.solved, "{:?}", path.steps);
    assert!(path.unreasoned.is_empty());
    assert_eq!(
        path.steps[0].explanation(),
        "cage combination: cage 9 in R1C1, R1C2 and R2C1 can only be 2+3+4; 1 leaves R1C1, R1C2 and R2C1"
    );
    let rating = Logic::new().rate(&puzzle).unwrap();
    assert!(rating.solved && rating.er.is_some(), "{rating}");
    let solution = puzzle.solve().unwrap();
    assert_eq!(path.grid.values(), solution.cells());
}
