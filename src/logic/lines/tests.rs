//! Tests of sum bounds along lines: their words on real states, and that they keep what a solution needs.

use crate::model::constraint::{Constraint, Diagonal, Outside};
use crate::model::rules::Rules;

use super::super::cages::tests::grid;
use super::*;

fn with(c: Constraint) -> Rules {
    Rules::classic(9).unwrap().with_constraint(c).unwrap()
}

#[test]
fn an_arrow_line_bounds_its_circle_from_below() {
    // A line of three cells in row 1 sums to at least 1+2+3.
    let arrow = Constraint::Arrow {
        circle: vec![0],
        line: vec![1, 2, 3],
    };
    let g = grid(with(arrow), &[]);
    let step = sums(&g).expect("a step");
    assert_eq!(step.technique, Technique::SumBounds);
    assert_eq!(step.technique.tenths(), 19);
    assert_eq!(
        step.explanation(),
        "arrow R1C1: its line R1C2-R1C4 sums to between 6 and 24, its circle is between 1 and 9; \
         1, 2, 3, 4 and 5 leave R1C1; 7, 8 and 9 leave R1C2, R1C3 and R1C4"
    );
}

#[test]
fn a_placed_arrow_line_places_its_circle() {
    let arrow = Constraint::Arrow {
        circle: vec![0],
        line: vec![10, 20],
    };
    let g = grid(with(arrow), &[(1, 1, 3), (2, 2, 4)]);
    let step = sums(&g).expect("a step");
    assert_eq!(
        step.explanation(),
        "arrow R1C1: its line R2C2 and R3C3 sums to exactly 7, its circle is between 1 and 9; \
         7 must be in R1C1"
    );
    assert_eq!(step.placements, vec![(0, 7)]);
}

#[test]
fn a_pill_reads_as_a_number() {
    // A line of two cells of a row sums to at most 17: the pill is 1x, and
    // at most 17.
    let arrow = Constraint::Arrow {
        circle: vec![0, 1],
        line: vec![2, 3],
    };
    let g = grid(with(arrow), &[]);
    let step = sums(&g).expect("a step");
    assert_eq!(
        step.explanation(),
        "arrow R1C1R1C2: its line R1C3 and R1C4 sums to between 3 and 17, its circle \
         (a pill read as a number) is between 11 and 99; 1 must be in R1C1; 8 and 9 leave R1C2; \
         1 leaves R1C3 and R1C4"
    );
}

#[test]
fn a_little_killer_keeps_values_the_others_can_reach() {
    // R1C2 and R2C1, both in box 1, sum to 4: 1+3 or 3+1, never 2+2.
    let lk = Constraint::LittleKiller {
        clue: Outside { row: -1, col: 2 },
        direction: Diagonal::DownLeft,
        sum: 4,
    };
    let g = grid(with(lk), &[]);
    let step = sums(&g).expect("a step");
    assert_eq!(
        step.explanation(),
        "little killer 4 on R1C2 and R2C1: the cells sum to 4; \
         2, 4, 5, 6, 7, 8 and 9 leave R1C2 and R2C1"
    );
}

#[test]
fn a_sum_lets_values_repeat_where_cells_do_not_see_each_other() {
    // R1C1 and R2C4 see no common house: 2+2 stays.
    let sum = Constraint::Sum {
        cells: vec![0, 12],
        sum: 4,
    };
    let g = grid(with(sum), &[]);
    let step = sums(&g).expect("a step");
    assert_eq!(
        step.explanation(),
        "sum 4 on R1C1 and R2C4: the cells sum to 4; 4, 5, 6, 7, 8 and 9 leave R1C1 and R2C4"
    );
}
