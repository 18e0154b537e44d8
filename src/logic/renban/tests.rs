//! Tests of renban windows: their words on real states.

use crate::model::constraint::Constraint;
use crate::model::rules::Rules;

use super::super::cages::tests::grid;
use super::*;

fn renban(cells: Vec<u32>) -> Rules {
    Rules::classic(9)
        .unwrap()
        .with_constraint(Constraint::Renban { cells })
        .unwrap()
}

#[test]
fn values_in_no_run_leave_and_values_in_every_run_leave_the_cells_that_see_them() {
    // 3 in row 1 outside the line: runs 4..7 to 6..9 are left.
    let g = grid(renban(vec![0, 1, 2, 3]), &[(0, 4, 3)]);
    let step = renbans(&g).expect("a step");
    assert_eq!(step.technique, Technique::RenbanWindow);
    assert_eq!(step.technique.tenths(), 21);
    assert_eq!(
        step.explanation(),
        "renban R1C1-R1C4: its 4 values are a run within 4..9, so 6 and 7 are on it \
         whatever the run; 1 and 2 leave R1C1, R1C2, R1C3 and R1C4; 6 and 7 leave R1C6, \
         R1C7, R1C8 and R1C9"
    );
}

#[test]
fn a_value_every_run_holds_with_one_place_is_placed() {
    // A run of 5 on 9×9 always holds 5; only R1C5 of the line can.
    let g = grid(renban(vec![0, 1, 2, 3, 4]), &[(1, 2, 5), (4, 3, 5)]);
    let step = renbans(&g).expect("a step");
    assert_eq!(
        step.explanation(),
        "renban R1C1-R1C5: its 5 values are a run within 1..9, so 5 is on it whatever \
         the run; 5 must be in R1C5"
    );
    assert_eq!(step.placements, vec![(4, 5)]);
}

#[test]
fn runs_need_a_cell_for_each_value() {
    // Two cells of 1 or 2 leave the third no value of the run 1..3 but 3,
    // which it lacks.
    let masks = [0b011, 0b011, 0b1011];
    assert!(!fills(&masks, 0b111));
    assert!(fills(&[0b011, 0b110, 0b111], 0b111));
    assert_eq!(runs_text(Base::default(), 0b1_1110_1111), "1..4 or 6..9");
    // Written from 0, each value one less.
    assert_eq!(
        runs_text(Base::from_first(0), 0b1_1110_1111),
        "0..3 or 5..8"
    );
}
