//! Tests of sandwich clues: their words on real states.

use crate::model::constraint::{Constraint, Outside};
use crate::model::rules::Rules;

use super::super::cages::tests::grid;
use super::*;

fn with(c: Constraint) -> Rules {
    Rules::classic(9).unwrap().with_constraint(c).unwrap()
}

#[test]
fn a_sandwich_of_zero_puts_1_beside_9() {
    // 9 in R1C5: 1 must be beside it, in R1C4 or R1C6.
    let clue = Constraint::Sandwich {
        clue: Outside { row: 0, col: -1 },
        sum: 0,
    };
    let g = grid(with(clue), &[(0, 4, 9)]);
    let step = sandwiches(&g).expect("a step");
    assert_eq!(step.technique, Technique::Sandwich);
    assert_eq!(step.technique.tenths(), 22);
    assert_eq!(
        step.explanation(),
        "sandwich 0 on row 1: the cells between 1 and 9 sum to 0, so 0 cells lie between them; \
         1 leaves R1C1, R1C2, R1C3, R1C7, R1C8 and R1C9"
    );
}

#[test]
fn a_large_sandwich_keeps_1_and_9_far_apart() {
    // 30 takes 5 cells (8+7+6+5+4) or 6 (from 2+3+4+5+6+7 = 27 up): with 1
    // in R1C1, 9 lies in R7C1 or R8C1.
    let clue = Constraint::Sandwich {
        clue: Outside { row: -1, col: 0 },
        sum: 30,
    };
    let g = grid(with(clue), &[(0, 0, 1)]);
    let step = sandwiches(&g).expect("a step");
    assert_eq!(
        step.explanation(),
        "sandwich 30 on column 1: the cells between 1 and 9 sum to 30, so 5 or 6 cells lie \
         between them; 9 leaves R2C1, R3C1, R4C1, R5C1, R6C1 and R9C1"
    );
}
