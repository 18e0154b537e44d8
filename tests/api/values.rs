//! One candidate-set type, `model::Values`: what `Game::candidates` and
//! `logic::Candidates::candidates` both give, on every size, with serde.

use ndoku::logic::Candidates;
use ndoku::model::{Cell, Values};
use ndoku::{Game, Puzzle, Rules};

/// A 9×9 with a unique solution (singles and a hidden pair).
const PUZZLE: &str =
    "..329..4.5....6......1...6......17388..9....6.....3...2....9.5.....2.4....4635...";

#[test]
fn a_game_and_logic_give_the_same_set() {
    let puzzle = Puzzle::parse_classic(PUZZLE).unwrap();
    let solution = puzzle.solve().expect("solvable");
    let game = Game::new(puzzle.clone());
    let grid = Candidates::from_variant(&puzzle).unwrap();
    let n = puzzle.size();
    for c in 0..n * n {
        let (from_game, from_logic): (Values, Values) =
            (game.candidates(Cell::from_index(c, n)), grid.candidates(c));
        if puzzle.cells()[c] == 0 {
            assert_eq!(from_game, from_logic, "cell {c}");
            assert!(from_game.contains(solution.cells()[c]), "cell {c}");
            assert_eq!(from_game.len(), from_game.iter().count());
            assert_eq!(Values::from_mask(from_logic.mask().unwrap()), from_logic);
        } else {
            // A given: the game's marks are its value, logic's are none.
            assert_eq!(from_game.iter().collect::<Vec<_>>(), [puzzle.cells()[c]]);
            assert!(from_logic.is_empty());
        }
    }
}

#[test]
fn sets_hold_values_past_64() {
    let n = 100;
    let mut game = Game::new(Puzzle::new(Rules::classic(n).unwrap()));
    game.set_candidates(Cell::new(3, 4), &[1, 64, 65, 100])
        .unwrap();
    let marks = game.candidates(Cell::new(3, 4));
    assert_eq!(marks.iter().collect::<Vec<_>>(), [1, 64, 65, 100]);
    assert!(marks.contains(65) && !marks.contains(66) && !marks.contains(101));
    assert_eq!(marks.mask(), None);
    assert_eq!(game.candidates(Cell::new(0, 0)), Values::all(n));
    // Off the board: none.
    assert!(game.candidates(Cell::new(n, 0)).is_empty());
}

#[cfg(feature = "serde")]
#[test]
fn sets_serialize_as_their_values() {
    let set: Values = [3, 1, 70].into_iter().collect();
    let json = serde_json::to_string(&set).unwrap();
    assert_eq!(json, "[1,3,70]");
    assert_eq!(serde_json::from_str::<Values>(&json).unwrap(), set);
    let e = serde_json::from_str::<Values>("[1,401]").unwrap_err();
    assert!(
        e.to_string().contains("value 401 is out of range 1..=400"),
        "{e}"
    );
    assert!(serde_json::from_str::<Values>("[0]").is_err());
}
