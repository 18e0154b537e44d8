//! Tests of the cage steps: their words and results on real states.

use std::sync::Arc;

use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;

use super::super::grid::Candidates;
use super::*;

/// The grid of `rules` with `givens` as (row, column, value).
pub(crate) fn grid(rules: Rules, givens: &[(usize, usize, u16)]) -> Candidates {
    let n = rules.size();
    let mut cells = vec![0u16; n * n];
    for &(r, c, v) in givens {
        cells[r * n + c] = v;
    }
    let puzzle = Puzzle::from_cells(Arc::new(rules), &cells).unwrap();
    Candidates::from_variant(&puzzle).unwrap()
}

fn cage(rules: Rules, cells: &[(usize, usize)], sum: u64) -> Rules {
    rules.with_cage(cells, Some(sum)).unwrap()
}

#[test]
fn a_cage_with_one_combination_places_what_only_one_cell_can_hold() {
    let rules = cage(Rules::classic(9).unwrap(), &[(0, 0), (0, 1), (0, 2)], 23);
    // 9 in columns 1 and 2 leaves R1C3 the cage's only place for it.
    let g = grid(rules, &[(4, 0, 9), (7, 1, 9)]);
    let step = combinations(&g, true).expect("a step");
    assert_eq!(
        step.technique,
        Technique::CageCombination { combinations: 1 }
    );
    assert_eq!(step.technique.tenths(), 14);
    assert_eq!(
        step.explanation(),
        "cage combination: cage 23 in R1C1-R1C3 can only be 6+8+9; 9 must be in R1C3; \
         1, 2, 3, 4, 5 and 7 leave R1C1 and R1C2"
    );
    assert_eq!(step.placements, vec![(2, 9)]);
    assert!(step.eliminations.contains(&(2, 6)) && step.eliminations.contains(&(0, 7)));
    assert!(
        !step
            .eliminations
            .iter()
            .any(|&(c, v)| c < 2 && matches!(v, 6 | 8))
    );
    // Several combinations are the other rung's.
    assert!(combinations(&g, false).is_none());
}

#[test]
fn a_cage_with_several_combinations_drops_what_none_allows() {
    let rules = cage(Rules::classic(9).unwrap(), &[(0, 0), (0, 1)], 10);
    let g = grid(rules, &[]);
    assert!(combinations(&g, true).is_none());
    let step = combinations(&g, false).expect("a step");
    assert_eq!(
        step.technique,
        Technique::CageCombination { combinations: 4 }
    );
    assert_eq!(step.technique.tenths(), 24);
    assert_eq!(
        step.explanation(),
        "cage combination: cage 10 in R1C1 and R1C2 can only be 1+9, 2+8, 3+7 or 4+6; \
         5 leaves R1C1 and R1C2"
    );
    assert_eq!(step.eliminations, vec![(0, 5), (1, 5)]);
}

#[test]
fn a_cage_combination_reads_the_cells_candidates() {
    // 1 and 9 out of R1C2 (column 2): 1+9 no longer fits.
    let rules = cage(Rules::classic(9).unwrap(), &[(0, 0), (0, 1)], 10);
    let g = grid(rules, &[(4, 1, 9), (5, 1, 1)]);
    let step = combinations(&g, false).expect("a step");
    assert_eq!(
        step.technique,
        Technique::CageCombination { combinations: 3 }
    );
    assert_eq!(
        step.explanation(),
        "cage combination: cage 10 in R1C1 and R1C2 can only be 2+8, 3+7 or 4+6; \
         1, 5 and 9 leave R1C1; 5 leaves R1C2"
    );
}

#[test]
fn cage_pointing_removes_a_needed_value_from_what_sees_its_places() {
    let rules = cage(Rules::classic(4).unwrap(), &[(0, 0), (0, 1)], 7);
    let g = grid(rules, &[]);
    let step = pointing(&g).expect("a step");
    assert_eq!(step.technique, Technique::CagePointing);
    assert_eq!(step.technique.tenths(), 27);
    assert_eq!(
        step.explanation(),
        "cage pointing: cage 7 in R1C1 and R1C2 must hold 3 (it can only be 3+4), \
         in R1C1 or R1C2; 3 leaves R1C3, R1C4, R2C1 and R2C2"
    );
}

#[test]
fn innies_of_a_row_place_its_last_cell() {
    let rules = cage(Rules::classic(4).unwrap(), &[(0, 0), (0, 1), (0, 2)], 6);
    let g = grid(rules, &[]);
    let step = innies_outies(&g, 1, 1).expect("a step");
    assert_eq!(step.technique, Technique::Innies { houses: 1 });
    assert_eq!(step.technique.tenths(), 29);
    assert_eq!(
        step.explanation(),
        "innies: the cages wholly inside row 1 hold 6, 4 less than its 10, so its innie R1C4 = 4"
    );
    assert_eq!(step.placements, vec![(3, 4)]);
}

#[test]
fn innies_of_two_cells_keep_what_reaches_their_sum() {
    let rules = cage(Rules::classic(4).unwrap(), &[(0, 0), (0, 1)], 7);
    let g = grid(rules, &[]);
    let step = innies_outies(&g, 1, 1).expect("a step");
    assert_eq!(
        step.explanation(),
        "innies: the cages wholly inside row 1 hold 7, 3 less than its 10, \
         so its innies R1C3 + R1C4 = 3; 3 and 4 leave R1C3 and R1C4"
    );
}

#[test]
fn outies_of_a_row_sum_to_what_its_cages_hold_past_it() {
    let rules = cage(Rules::classic(4).unwrap(), &[(0, 0), (0, 1)], 7);
    let rules = cage(rules, &[(0, 2), (0, 3), (1, 3)], 6);
    let g = grid(rules, &[]);
    let set = g
        .layout
        .cages
        .sets
        .iter()
        .find(|s| s.outies && s.region == "row 1")
        .expect("row 1 has outies");
    let step = sum_step(&g, set).expect("a step");
    assert_eq!(step.technique, Technique::Outies { houses: 1 });
    assert_eq!(
        step.explanation(),
        "outies: the cages in and across row 1 hold 13, 3 more than its 10, so its outie R2C4 = 3"
    );
    assert_eq!(step.placements, vec![(7, 3)]);
}

#[test]
fn innies_of_a_band_count_each_house() {
    // Rows 1-2 of a 4×4 hold 20; cages of 7 and 10 inside leave R2C4 = 3.
    let rules = cage(Rules::classic(4).unwrap(), &[(0, 0), (0, 1), (1, 0)], 7);
    let rules = cage(rules, &[(0, 2), (0, 3), (1, 1), (1, 2)], 10);
    let g = grid(rules, &[]);
    let step = innies_outies(&g, 2, 2).expect("a step");
    assert_eq!(step.technique, Technique::Innies { houses: 2 });
    assert_eq!(step.technique.tenths(), 31);
    assert_eq!(
        step.explanation(),
        "innies: the cages wholly inside rows 1-2 hold 17, 3 less than its 20, so its innie R2C4 = 3"
    );
}

#[test]
fn no_cages_no_steps() {
    let g = grid(Rules::classic(9).unwrap(), &[]);
    assert!(combinations(&g, true).is_none() && pointing(&g).is_none());
    assert!(innies_outies(&g, 1, usize::MAX).is_none());
    assert!(g.layout.cages.cages.is_empty() && g.layout.cages.sets.is_empty());
}

#[test]
fn cage_claiming_keeps_the_combinations_with_a_house_value() {
    // 4 at R2C3 leaves box 1 only R1C1 and R1C2 for 4: the cage holds it.
    let rules = cage(Rules::classic(4).unwrap(), &[(0, 0), (0, 1)], 5);
    let g = grid(rules, &[(1, 2, 4)]);
    let step = claiming(&g).expect("a step");
    assert_eq!(step.technique, Technique::CageClaiming);
    assert_eq!(step.technique.tenths(), 28);
    assert_eq!(
        step.explanation(),
        "cage claiming: 4 of box 1 lies only in cage 5 in R1C1 and R1C2, which then can only be 1+4; \
         2 and 3 leave R1C1 and R1C2"
    );
}
