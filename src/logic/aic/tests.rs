//! Tests of chains through the links rules beyond houses give: their words on real states, and that they keep a planted solution.

use crate::model::constraint::Constraint;
use crate::model::rules::Rules;

use super::super::cages::tests::grid;
use super::*;

/// `g` with only `keep` left in each listed cell (row, column, values).
fn narrowed(mut g: Candidates, keep: &[(usize, usize, &[u16])]) -> Candidates {
    let n = g.size();
    let mut gone = Vec::new();
    for &(r, c, values) in keep {
        let cell = r * n + c;
        let kept = values.iter().fold(0, |m, &v| m | bit(v));
        gone.extend(values_of(g.masks[cell] & !kept).map(|v| (cell, v)));
    }
    g.apply(&Step::new(Technique::PairRule, String::new()).remove(gone))
        .unwrap();
    g
}

fn white_dot() -> Rules {
    Rules::classic(9)
        .unwrap()
        .with_constraint(Constraint::kropki_white(0, 1))
        .unwrap()
}

#[test]
fn a_chain_through_a_white_dot_removes_its_start() {
    // R1C1 is 1 or 3, R1C2 is 2 or 4 with a white dot between them, R1C3
    // is 1 or 2: R1C1=1 makes R1C3 2, so R1C2 4, which the dot forbids beside 1.
    let g = narrowed(
        grid(white_dot(), &[]),
        &[(0, 0, &[1, 3]), (0, 1, &[2, 4]), (0, 2, &[1, 2])],
    );
    let step = constraint_chains(&g).expect("a step");
    assert_eq!(step.technique, Technique::ConstraintChain { nodes: 6 });
    assert_eq!(step.technique.tenths(), 50);
    assert_eq!(
        step.explanation(),
        "constraint chain: R1C1=1 → R1C3≠1 (row 1) → R1C3=2 (its cell) → \
         R1C2≠2 (row 1) → R1C2=4 (its cell) → R1C1≠1 (white dot between R1C1 and R1C2), \
         so 1 leaves R1C1"
    );
    assert_eq!(step.eliminations, vec![(0, 1)]);
}

#[test]
fn a_chain_needs_a_link_of_a_rule() {
    // The same cells without the dot: no chain through a rule.
    let g = narrowed(
        grid(Rules::classic(9).unwrap(), &[]),
        &[(0, 0, &[1, 3]), (0, 1, &[2, 4]), (0, 2, &[1, 2])],
    );
    assert!(constraint_chains(&g).is_none());
}

#[test]
fn a_chain_through_a_cage_names_the_cage() {
    // Cage 10 in R1C1 and R1C2, R1C1 1 or 3, R1C2 7 or 9, R1C4 1 or 9:
    // R1C1=1 needs 9 beside it, and R1C4 then has neither.
    let rules = Rules::classic(9)
        .unwrap()
        .with_cage(&[(0, 0), (0, 1)], Some(10))
        .unwrap();
    let g = narrowed(
        grid(rules, &[]),
        &[(0, 0, &[1, 3]), (0, 1, &[7, 9]), (0, 3, &[1, 9])],
    );
    let step = constraint_chains(&g).expect("a step");
    assert_eq!(step.technique, Technique::ConstraintChain { nodes: 6 });
    assert_eq!(step.eliminations, vec![(0, 1)]);
    let text = step.explanation();
    assert!(text.starts_with("constraint chain: R1C1=1 → "), "{text}");
    assert!(text.contains("(cage 10 in R1C1 and R1C2)"), "{text}");
    assert!(text.ends_with(", so 1 leaves R1C1"), "{text}");
}

#[test]
fn a_thermometer_orders_the_chain() {
    // A thermometer R1C1-R1C2: R1C1=5 leaves R1C2 only 6 of 4 and 6, and
    // R1C3 (5 or 6) then only 5, which R1C1 holds.
    let rules = Rules::classic(9)
        .unwrap()
        .with_constraint(Constraint::Thermometer {
            cells: vec![0, 1],
            slow: false,
        })
        .unwrap();
    let g = narrowed(
        grid(rules, &[]),
        &[(0, 0, &[3, 5]), (0, 1, &[4, 6]), (0, 2, &[5, 6])],
    );
    let step = constraint_chains(&g).expect("a step");
    assert_eq!(step.eliminations, vec![(0, 5)]);
    assert!(
        step.explanation().contains("(thermometer "),
        "{}",
        step.explanation()
    );
}

#[test]
fn chains_keep_a_planted_solution() {
    let s: Vec<u16> =
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
            .bytes()
            .map(|b| u16::from(b - b'0'))
            .collect();
    // The solution's white and black dots and X pairs, a thermometer on
    // its rising run R2C6-R2C9 (5, 1, 7, 5: R2C7-R2C8) and a cage.
    let mut rules = Rules::classic(9).unwrap();
    for a in 0..81u32 {
        for b in [a + 1, a + 9] {
            if (b == a + 1 && a % 9 == 8) || b >= 81 {
                continue;
            }
            let (x, y) = (s[a as usize], s[b as usize]);
            let dot = if x.abs_diff(y) == 1 {
                Some(Constraint::kropki_white(a, b))
            } else if x == 2 * y || y == 2 * x {
                Some(Constraint::kropki_black(a, b))
            } else if x + y == 10 {
                Some(Constraint::x(a, b))
            } else {
                None
            };
            if let Some(dot) = dot {
                rules = rules.with_constraint(dot).unwrap();
            }
        }
    }
    let rules = rules
        .with_constraint(Constraint::Thermometer {
            cells: vec![15, 16],
            slow: false,
        })
        .unwrap()
        .with_cage(&[(8, 0), (8, 1)], Some(u64::from(s[72] + s[73])))
        .unwrap();
    // Random states that keep the solution: each cell keeps its value and
    // one or two others.
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut found = 0;
    for _ in 0..40 {
        let keep: Vec<(usize, usize, Vec<u16>)> = (0..81)
            .map(|c| {
                let mut values = vec![s[c]];
                for _ in 0..1 + next() % 2 {
                    let w = (next() % 9) as u16 + 1;
                    if !values.contains(&w) {
                        values.push(w);
                    }
                }
                (c / 9, c % 9, values)
            })
            .collect();
        let keep: Vec<(usize, usize, &[u16])> = keep
            .iter()
            .map(|(r, c, v)| (*r, *c, v.as_slice()))
            .collect();
        let g = narrowed(grid(rules.clone(), &[]), &keep);
        if let Some(step) = constraint_chains(&g) {
            found += 1;
            let text = step.explanation();
            assert!(step.eliminations.iter().all(|&(c, v)| s[c] != v), "{text}");
            assert!(step.placements.iter().all(|&(c, v)| s[c] == v), "{text}");
            assert!(!step.eliminations.is_empty() || !step.placements.is_empty());
        }
    }
    assert!(found >= 10, "{found} chains in 40 states");
}
