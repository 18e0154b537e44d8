//! A game in progress as a puzzle app keeps it: the player's entries and
//! pencil marks, undo, and hints that tell where to look, then which
//! technique, then the move; a mistake is caught before any step is given.
//! Cells are `Cell`s throughout, the same in the game, the steps and the
//! hints; a step's houses are `HouseName`s a person reads ("box 3").
//!
//! ```text
//! cargo run --example game
//! ```

use ndoku::model::Cell;
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
    Ok([HintLevel::Where, HintLevel::Technique, HintLevel::Move]
        .iter()
        .map(|&level| format!("level {}: {}", level as u8, hint.describe(level)))
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
            game.enter(cell, value)?;
        }
        for (cell, value) in step.eliminations() {
            let marks: Vec<u16> = game
                .candidates(cell)
                .iter()
                .filter(|&v| v != value)
                .collect();
            game.set_candidates(cell, &marks)?;
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

    // The first hint's step: what to highlight, its cells and houses by name.
    if let Hint::Step(step) = Logic::new().hint(&game)? {
        let cells: Vec<String> = step.highlight.cells().map(|c| c.to_string()).collect();
        let houses: Vec<String> = step.highlight.houses().map(|h| h.to_string()).collect();
        println!(
            "  highlight: cells {}; houses {}",
            cells.join(" "),
            houses.join(", ")
        );
    }

    // Ten steps in, a slip: a value the row already holds.
    let mut game = play(game, 10)?;
    let cell = (0..81)
        .map(|c| Cell::from_index(c, 9))
        .find(|&cell| game.value(cell).is_none())
        .ok_or("no empty cell")?;
    let in_row = (0..9)
        .find_map(|col| game.value(Cell::new(cell.row, col)))
        .ok_or("empty row")?;
    game.enter(cell, in_row)?;
    println!("after ten steps and a wrong entry at {cell}:");
    for line in hints(&game)? {
        println!("  {line}");
    }
    for (a, b) in game.conflicts() {
        println!("  conflict: {a} and {b} both hold {in_row}");
    }
    game.undo();

    // Cells by name, as a user types them.
    let r1c2: Cell = "R1C2".parse()?;
    println!(
        "R1C2's pencil marks: {:?}",
        game.candidates(r1c2).iter().collect::<Vec<_>>()
    );

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
        let place = step.location();
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
        let answer = |cell: Cell| solution.cells()[cell.index(9)];
        let cells = (0..81).map(|c| Cell::from_index(c, 9));
        for cell in cells.clone() {
            assert!(game.candidates(cell).contains(answer(cell)), "{cell}");
        }
        let open = cells.clone().find(|&c| game.value(c).is_none()).unwrap();
        game.enter(open, answer(open) % 9 + 1).unwrap();
        let hint = Logic::new().hint(&game).unwrap();
        assert_eq!(
            hint,
            Hint::Mistakes {
                entries: vec![open],
                marks: Vec::new()
            }
        );
        assert_eq!(hint.cells(), vec![open]);
    }
}
