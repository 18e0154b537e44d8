//! Generation with rules drawn from the solved grid: Kropki dots and XV with all given, thermometers, arrows.

use ndoku::engine::variant::VariantSolver;
use ndoku::generate::{GeneratedPuzzle, VariantGenerator};
use ndoku::model::NegativeRule;
use ndoku::{Constraint, Count, Rules};

/// Checks a generated puzzle: unique, its solution keeps the givens and
/// every rule, and minimal for its half-turn symmetry (the default).
fn check(made: &GeneratedPuzzle) {
    let (p, s) = (&made.puzzle, &made.solution);
    assert_eq!(VariantSolver::new().count(p, 2), Count::Exact(1), "{p}");
    assert!(p.is_completed_by(s));
    assert!(s.is_solved());
    assert!(p.rules().check(s.cells()).is_ok());
    assert!(made.minimal);
    crate::common::assert_minimal_half_turn(p);
}

/// The orthogonal pairs of an `n`×`n` board, lower first.
fn pairs(n: u32) -> Vec<[u32; 2]> {
    let mut out = Vec::new();
    for c in 0..n * n {
        if c % n + 1 < n {
            out.push([c, c + 1]);
        }
        if c + n < n * n {
            out.push([c, c + n]);
        }
    }
    out
}

/// Whether `cells` are a line: each next to the one before, diagonals included.
fn is_line(n: u32, cells: &[u32]) -> bool {
    cells.windows(2).all(|w| {
        let (a, b) = (w[0], w[1]);
        (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1 && a != b
    })
}

#[test]
fn kropki_and_xv_give_every_dot_and_the_negative_rules() {
    for (rules, n) in [
        (Rules::classic(9).unwrap(), 9),
        (Rules::boxes(2, 3).unwrap(), 6),
    ] {
        let g = VariantGenerator::new(rules.clone(), 3).with_kropki_dots();
        let made = g.generate().unwrap();
        check(&made);
        assert_eq!(
            made,
            g.generate().unwrap(),
            "the same seed, the same puzzle"
        );
        let s = made.solution.cells();
        let constraints = made.puzzle.rules().constraints();
        for rule in [NegativeRule::White, NegativeRule::Black] {
            assert!(constraints.contains(&Constraint::Negative { rule }));
        }
        // A dot exactly where neighbours differ by one or double.
        for [a, b] in pairs(n) {
            let (x, y) = (s[a as usize], s[b as usize]);
            let dotted = constraints.iter().any(|c| {
                matches!(c, Constraint::Difference { cells, .. } | Constraint::Ratio { cells, .. }
                    if *cells == [a, b])
            });
            assert_eq!(
                dotted,
                x.abs_diff(y) == 1 || x == 2 * y || y == 2 * x,
                "{a} {b}"
            );
        }
        let xv = VariantGenerator::new(rules, 4)
            .with_xv()
            .generate()
            .unwrap();
        check(&xv);
        let s = xv.solution.cells();
        let constraints = xv.puzzle.rules().constraints();
        assert!(constraints.contains(&Constraint::Negative {
            rule: NegativeRule::Xv
        }));
        for [a, b] in pairs(n) {
            let sum = s[a as usize] + s[b as usize];
            let marked = constraints
                .iter()
                .any(|c| matches!(c, Constraint::Xv { cells, .. } if *cells == [a, b]));
            assert_eq!(marked, sum == 5 || sum == 10, "{a} {b}");
        }
    }
}

#[test]
fn thermometers_increase_and_arrows_sum_to_their_circles() {
    let g = VariantGenerator::new(Rules::classic(9).unwrap(), 5)
        .with_thermometers(6)
        .with_arrows(4);
    let mut seen = Vec::new();
    for i in 0..2 {
        let made = g.nth(i).unwrap();
        check(&made);
        assert_eq!(made, g.nth(i).unwrap(), "the same seed, the same puzzle");
        let s = made.solution.cells();
        let (mut thermos, mut arrows) = (0, 0);
        let mut used = [false; 81];
        for c in made.puzzle.rules().constraints() {
            let cells: Vec<u32> = match c {
                Constraint::Thermometer { cells, slow: false } => {
                    thermos += 1;
                    assert!(cells.len() >= 3 && is_line(9, cells), "{cells:?}");
                    assert!(
                        cells
                            .windows(2)
                            .all(|w| s[w[0] as usize] < s[w[1] as usize])
                    );
                    cells.clone()
                }
                Constraint::Arrow { circle, line } => {
                    arrows += 1;
                    assert_eq!(circle.len(), 1);
                    assert!(line.len() >= 2 && is_line(9, &[&circle[..], line].concat()));
                    let sum: u16 = line.iter().map(|&c| s[c as usize]).sum();
                    assert_eq!(sum, s[circle[0] as usize]);
                    [&circle[..], line].concat()
                }
                other => panic!("{other:?}"),
            };
            for c in cells {
                assert!(!used[c as usize], "cell {c} on two lines");
                used[c as usize] = true;
            }
        }
        assert!(thermos > 0 && thermos <= 6 && arrows > 0 && arrows <= 4);
        seen.push(made);
    }
    assert_ne!(seen[0], seen[1]);
    let other = VariantGenerator::new(Rules::classic(9).unwrap(), 6).with_thermometers(6);
    assert_ne!(other.generate().unwrap().puzzle, seen[0].puzzle);
}

#[test]
fn drawn_rules_take_a_level_rated_by_the_logic() {
    use ndoku::Level;
    let g = VariantGenerator::new(Rules::classic(9).unwrap(), 1)
        .with_xv()
        .with_level(Level::Medium);
    let made = g.generate().unwrap();
    let p = &made.puzzle;
    assert_eq!(VariantSolver::new().count(p, 2), Count::Exact(1));
    assert!(p.rules().check(made.solution.cells()).is_ok());
    let tenths = ndoku::Logic::new()
        .assume_unique(true)
        .rate(p)
        .unwrap()
        .tenths();
    assert!(
        tenths.is_some_and(|t| Level::Medium.band().contains(t)),
        "{tenths:?}"
    );
}
