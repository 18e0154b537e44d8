//! Tests of whisper neighbours: their words on real states.

use crate::model::constraint::Constraint;
use crate::model::rules::Rules;

use super::super::cages::tests::grid;
use super::*;

#[test]
fn a_middle_cell_loses_values_whose_neighbours_would_need_one_value() {
    let rules = Rules::classic(9)
        .unwrap()
        .with_constraint(Constraint::german_whisper(9, vec![0, 1, 2]))
        .unwrap();
    let g = grid(rules, &[]);
    let step = whispers(&g).expect("a step");
    assert_eq!(step.technique, Technique::WhisperNeighbours);
    assert_eq!(step.technique.tenths(), 25);
    assert_eq!(
        step.explanation(),
        "whisper R1C1-R1C3: the neighbours R1C1 and R1C3 of R1C2 see each other, so they \
         cannot both be 9 (beside 4) or both be 1 (beside 6); 4 and 6 leave R1C2"
    );
}

#[test]
fn neighbours_that_do_not_see_each_other_may_share_a_value() {
    // R1C1 and R3C4 share no house: both may be 9 beside a 4.
    let rules = Rules::classic(9)
        .unwrap()
        .with_constraint(Constraint::german_whisper(9, vec![0, 1, 2 * 9 + 3]))
        .unwrap();
    assert!(whispers(&grid(rules, &[])).is_none());
    assert_eq!(apart(9, 4, 5), 0b1_0000_0000);
    assert_eq!(apart(9, 5, 5), 0);
}
