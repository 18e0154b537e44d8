//! Tests of between and lockout lines: their words on real states.

use crate::model::constraint::Constraint;
use crate::model::rules::Rules;

use super::super::cages::tests::grid;
use super::*;

fn with(c: Constraint) -> Rules {
    Rules::classic(9).unwrap().with_constraint(c).unwrap()
}

#[test]
fn a_between_line_bounds_its_cells_and_its_ends() {
    let line = Constraint::Between {
        cells: vec![0, 1, 2, 3, 4],
    };
    let g = grid(with(line), &[(0, 0, 2)]);
    let step = betweens(&g).expect("a step");
    assert_eq!(step.technique, Technique::BetweenLine);
    assert_eq!(step.technique.tenths(), 18);
    assert_eq!(
        step.explanation(),
        "between line R1C1-R1C5: its cells lie strictly between its ends R1C1 and R1C5, \
         which differ by at least 4 as 3 of its cells see each other; 1 and 9 leave R1C2, \
         R1C3 and R1C4; 1, 3, 4 and 5 leave R1C5"
    );
}

#[test]
fn a_lockout_line_keeps_its_cells_outside_its_ends() {
    let g = grid(with(Constraint::lockout(9, vec![0, 1, 2, 3])), &[(0, 0, 5)]);
    let step = lockouts(&g).expect("a step");
    assert_eq!(step.technique, Technique::LockoutLine);
    assert_eq!(
        step.explanation(),
        "lockout line R1C1-R1C4: its ends R1C1 and R1C4 differ by at least 4, and its \
         other cells lie outside the range from one to the other; 2, 3, 4, 6, 7 and 8 \
         leave R1C4"
    );
}
