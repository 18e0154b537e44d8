//! Killer generation: random cages of different values with their sums, unique puzzles, solutions that keep the cages, reproducible.

use ndoku::engine::variant::VariantSolver;
use ndoku::generate::{GeneratedPuzzle, VariantGenerator};
use ndoku::{Count, Puzzle, Rules, Symmetry};

/// Checks a generated killer: unique, its solution keeps every rule and
/// the givens, and its cages are a partition of the board into connected
/// cells of different values whose sum is the cage's.
fn check(made: &GeneratedPuzzle) {
    let (p, s) = (&made.puzzle, &made.solution);
    let n = p.size();
    assert_eq!(VariantSolver::new().count(p, 2), Count::Exact(1), "{p}");
    assert!(p.is_completed_by(s));
    assert!(s.is_solved());
    assert!(p.rules().check(s.cells()).is_ok());
    let cages = p.rules().cages();
    let mut seen = vec![0; n * n];
    for cage in cages {
        let cells: Vec<usize> = cage.cells().iter().map(|&c| c as usize).collect();
        assert!((1..=5).contains(&cells.len()), "{cells:?}");
        let values: Vec<u16> = cells.iter().map(|&c| s.cells()[c]).collect();
        let sum: u64 = values.iter().map(|&v| u64::from(v)).sum();
        assert_eq!(cage.sum(), Some(sum), "{cells:?}");
        for (i, v) in values.iter().enumerate() {
            assert!(!values[..i].contains(v), "{cells:?} repeats {v}");
        }
        cells.iter().for_each(|&c| seen[c] += 1);
        // Connected: every cell reached from the first, side to side.
        let mut reached = vec![cells[0]];
        let mut k = 0;
        while k < reached.len() {
            let c = reached[k];
            for &d in &cells {
                let near = (c / n).abs_diff(d / n) + (c % n).abs_diff(d % n) == 1;
                if near && !reached.contains(&d) {
                    reached.push(d);
                }
            }
            k += 1;
        }
        assert_eq!(reached.len(), cells.len(), "{cells:?} is not connected");
    }
    assert!(
        seen.iter().all(|&k| k == 1),
        "the cages cover each cell once"
    );
}

#[test]
fn killers_are_unique_and_keep_their_cages() {
    let cases = [
        (Rules::classic(4).unwrap(), Symmetry::Rotate180),
        (Rules::boxes(2, 3).unwrap(), Symmetry::None),
        (Rules::classic(9).unwrap(), Symmetry::Rotate180),
    ];
    for (rules, symmetry) in cases {
        let generator = VariantGenerator::new(rules, 7)
            .with_killer_cages()
            .with_symmetry(symmetry);
        for i in 0..2 {
            let made = generator.nth(i).unwrap();
            check(&made);
            assert_eq!(
                made,
                generator.nth(i).unwrap(),
                "the same seed, the same puzzle"
            );
        }
        assert_ne!(generator.nth(0).unwrap(), generator.nth(1).unwrap());
    }
}

#[test]
fn killer_givens_are_minimal_or_none() {
    // Half-turn symmetry, the default.
    let generator = VariantGenerator::new(Rules::boxes(2, 3).unwrap(), 1).with_killer_cages();
    let mut none = 0;
    for made in generator.batch(0, 6) {
        let made = made.unwrap();
        check(&made);
        assert!(made.minimal);
        let p = &made.puzzle;
        none += usize::from(p.givens() == 0);
        // Each pair of givens is needed: without it there is a second solution.
        crate::common::assert_minimal_half_turn(p);
    }
    assert!(none > 0, "some 6×6 killer needs no givens");
}

#[test]
fn killers_go_on_other_rules() {
    let rules = Rules::classic(6).unwrap().with_diagonals();
    let made = VariantGenerator::new(rules, 3)
        .with_killer_cages()
        .with_random_regions()
        .generate()
        .unwrap();
    check(&made);
    assert_eq!(made.puzzle.rules().geometry().houses().len(), 3 * 6 + 2);
}

#[test]
fn killers_meet_a_rating_or_a_level_by_the_logic() {
    use ndoku::Level;
    use ndoku::generate::RatingRange;
    let rate = |p: &Puzzle| {
        ndoku::Logic::new()
            .assume_unique(true)
            .rate(p)
            .unwrap()
            .tenths()
    };
    let range = RatingRange::tenths(20, 30);
    let rated = VariantGenerator::new(Rules::classic(9).unwrap(), 5)
        .with_killer_cages()
        .with_rating(range);
    for made in rated.batch(0, 2) {
        let made = made.unwrap();
        check(&made);
        let tenths = rate(&made.puzzle);
        assert!(tenths.is_some_and(|t| range.contains(t)), "{tenths:?}");
    }
    // A level is its band, on 6×6 as on 9×9.
    for (rules, level) in [
        (Rules::boxes(2, 3).unwrap(), Level::Easy),
        (Rules::classic(9).unwrap(), Level::Medium),
    ] {
        let generator = VariantGenerator::new(rules, 2)
            .with_killer_cages()
            .with_level(level);
        let made = generator.generate().unwrap();
        check(&made);
        let tenths = rate(&made.puzzle);
        assert!(
            tenths.is_some_and(|t| level.band().contains(t)),
            "{level}: {tenths:?}"
        );
        assert_eq!(made, generator.generate().unwrap());
    }
    // A range and a band that do not overlap are never met.
    let none = VariantGenerator::new(Rules::classic(9).unwrap(), 1)
        .with_killer_cages()
        .with_level(Level::Easy)
        .with_rating(RatingRange::tenths(30, 40));
    assert!(matches!(
        none.generate(),
        Err(ndoku::GenerateError::RatingNotMet { .. })
    ));
}
