//! Tests of the steps on pair rules, thermometers and odd and even cells: their words on real states.

use crate::model::constraint::{Constraint, NegativeRule};
use crate::model::rules::Rules;

use super::super::cages::tests::grid;
use super::*;

fn with(c: Constraint) -> Rules {
    Rules::classic(9).unwrap().with_constraint(c).unwrap()
}

#[test]
fn a_black_dot_keeps_values_with_a_double_or_a_half() {
    let g = grid(with(Constraint::kropki_black(0, 1)), &[]);
    let step = pairs(&g).expect("a step");
    assert_eq!(step.technique, Technique::PairRule);
    assert_eq!(step.technique.tenths(), 20);
    assert_eq!(
        step.explanation(),
        "black dot between R1C1 and R1C2: 5, 7 and 9 leave R1C1 and R1C2"
    );
}

#[test]
fn an_x_next_to_a_placed_cell_places_its_partner() {
    let g = grid(with(Constraint::x(0, 1)), &[(0, 0, 3)]);
    let step = pairs(&g).expect("a step");
    assert_eq!(
        step.explanation(),
        "X between R1C1 and R1C2: 7 must be in R1C2"
    );
    assert_eq!(step.placements, vec![(1, 7)]);
}

#[test]
fn a_negative_rule_removes_what_a_missing_dot_would_say() {
    // No white dot anywhere: R1C2 next to a 5 is neither 4 nor 6.
    let rules = with(Constraint::Negative {
        rule: NegativeRule::White,
    });
    let g = grid(rules, &[(0, 0, 5)]);
    let step = pairs(&g).expect("a step");
    assert_eq!(
        step.explanation(),
        "no white dot between R1C1 and R1C2: 4 and 6 leave R1C2"
    );
}

#[test]
fn a_thermometer_bounds_each_cell_by_its_place() {
    let thermo = Constraint::Thermometer {
        cells: vec![0, 1, 2],
        slow: false,
    };
    let g = grid(with(thermo), &[]);
    let step = chains(&g).expect("a step");
    assert_eq!(step.technique, Technique::ChainBounds);
    assert_eq!(step.technique.tenths(), 16);
    assert_eq!(
        step.explanation(),
        "thermometer bounds: values rise from R1C1 to R1C3; 8 and 9 leave R1C1; \
         1 and 9 leave R1C2; 1 and 2 leave R1C3"
    );
}

#[test]
fn an_even_cell_loses_the_odd_values() {
    let g = grid(with(Constraint::Even { cell: 4 }), &[]);
    let step = domains(&g).expect("a step");
    assert_eq!(step.technique, Technique::CellDomain);
    assert_eq!(
        step.explanation(),
        "even cell R1C5: 1, 3, 5, 7 and 9 leave R1C5"
    );
}
