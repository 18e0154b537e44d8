//! A game in progress as a puzzle app keeps it: the player's entries and
//! pencil marks, undo, and hints that tell where to look, then which
//! technique, then the move; a mistake is caught before any step is given.
//!
//! ```text
//! cargo run --example game
//! ```

use ndoku::{Game, Hint, HintLevel, Logic, Puzzle, Rules};

/// A 9×9 puzzle (public domain) that SE rates 3.2, for its X-Wing.
const PUZZLE: &str =
    "700306001008000900320000074000060000050020040000908000246000397903000802000000000";

/// The puzzle as a [`Puzzle`]: classic 9×9 rules and its givens.
fn puzzle() -> Result<Puzzle, Box<dyn std::error::Error>> {
    let cells: Vec<u16> = PUZZLE.bytes().map(|b| u16::from(b - b'0')).collect();
    Ok(Puzzle::from_cells(Rules::classic(9)?, &cells)?)
}

/// The hint for `game` at every level, one line each.
fn hints(game: &Game) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let hint = Logic::new().hint(game)?;
    let geometry = game.rules().geometry();
    Ok([HintLevel::Where, HintLevel::Technique, HintLevel::Move]
        .iter()
        .map(|&level| format!("level {}: {}", level as u8, hint.describe(level, geometry)))
        .collect())
}

/// Plays the first `moves` hints: each step's placements become entries
/// and its eliminations leave the pencil marks. Returns the game.
fn play(mut game: Game, moves: usize) -> Result<Game, Box<dyn std::error::Error>> {
    for _ in 0..moves {
        let Hint::Step(step) = Logic::new().hint(&game)? else {
            break;
        };
        for (cell, value) in step.placements() {
            game.enter(cell.row, cell.col, value)?;
        }
        for (cell, value) in step.eliminations() {
            let (row, col) = (cell.row, cell.col);
            let marks: Vec<u16> = game
                .candidates(row, col)
                .iter()
                .filter(|&v| v != value)
                .collect();
            game.set_candidates(row, col, &marks)?;
        }
    }
    Ok(game)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle = puzzle()?;
    let game = Game::new(puzzle.clone());
    println!("a fresh game:");
    for line in hints(&game)? {
        println!("  {line}");
    }

    // Ten steps in, a slip: a value the row already holds.
    let mut game = play(game, 10)?;
    let (row, col) = (0..81)
        .map(|c| (c / 9, c % 9))
        .find(|&(r, c)| game.value(r, c).is_none())
        .ok_or("no empty cell")?;
    let given_in_row = (0..9).find_map(|c| game.value(row, c)).ok_or("empty row")?;
    game.enter(row, col, given_in_row)?;
    println!(
        "after ten steps and a wrong entry at R{}C{}:",
        row + 1,
        col + 1
    );
    for line in hints(&game)? {
        println!("  {line}");
    }
    game.undo();

    // The pencil marks as one line, Sukaku Explainer's 729 characters on
    // 9×9 (a token a cell on larger boards), which reads back.
    let marks = game.to_candidate_line();
    let back = Game::from_candidate_line(puzzle, &marks)?;
    println!("pencil marks: {}…", &marks[..36]);
    println!("marks read back: {}", back.to_candidate_line() == marks);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_tell_where_then_which_then_the_move() {
        let game = Game::new(puzzle().unwrap());
        let lines = hints(&game).unwrap();
        let Hint::Step(step) = Logic::new().hint(&game).unwrap() else {
            panic!("no step");
        };
        let place = step.location(game.rules().geometry());
        assert_eq!(lines[0], format!("level 1: look at {place}"));
        assert!(lines[1].contains(step.technique.name()), "{}", lines[1]);
        assert_eq!(lines[2], format!("level 3: {}", step.explanation()));
    }

    #[test]
    fn hinted_steps_keep_the_solution_and_a_slip_is_caught() {
        let puzzle = puzzle().unwrap();
        let solution = puzzle.solve().unwrap();
        let mut game = play(Game::new(puzzle), 20).unwrap();
        assert!(game.mistakes(&solution).is_empty());
        assert!(game.conflicts().is_empty());
        let n = 9;
        for c in 0..n * n {
            assert!(game.candidates(c / n, c % n).contains(solution.cells()[c]));
        }
        let open = (0..n * n)
            .find(|&c| game.value(c / n, c % n).is_none())
            .unwrap();
        let wrong = solution.cells()[open] % 9 + 1;
        game.enter(open / n, open % n, wrong).unwrap();
        let hint = Logic::new().hint(&game).unwrap();
        assert_eq!(
            hint,
            Hint::Mistakes {
                entries: vec![(open / n, open % n)],
                marks: Vec::new()
            }
        );
    }
}
