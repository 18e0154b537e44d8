//! Killers through the run-time engine's route to learning (record 0031): counts to two and first solutions against the reference.

use crate::common::Rng;
use ndoku::engine::Reference;
use ndoku::engine::variant::VariantSolver;
use ndoku::{Count, Puzzle, Rules};

/// A random killer of 6×6 boxes over a planted grid (values relabelled):
/// connected cages of one to four cells, some cells in none, and up to
/// two givens.
fn killer(rng: &mut Rng) -> Puzzle {
    let mut rules = Rules::boxes(2, 3).unwrap();
    let n = rules.size();
    let empty = Puzzle::from_cells(rules.clone(), &[0; 36]).unwrap();
    let grid = Reference::new().solve_variant(&empty).solution().unwrap();
    let mut relabel: Vec<u16> = (1..=n as u16).collect();
    for i in (1..n).rev() {
        relabel.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    let values: Vec<u16> = grid
        .cells()
        .iter()
        .map(|&v| relabel[usize::from(v) - 1])
        .collect();
    let mut owned = [false; 36];
    for start in 0..36 {
        if owned[start] || rng.next_u64().is_multiple_of(3) {
            continue;
        }
        owned[start] = true;
        let mut cage = vec![start];
        while cage.len() < 1 + (rng.next_u64() % 4) as usize {
            let c = cage[cage.len() - 1];
            let d = if rng.next_u64().is_multiple_of(2) {
                c + 1
            } else {
                c + n
            };
            if d >= 36 || d % n == 0 || owned[d] || cage.iter().any(|&e| values[e] == values[d]) {
                break;
            }
            owned[d] = true;
            cage.push(d);
        }
        let sum = cage.iter().map(|&c| u64::from(values[c])).sum();
        let cells: Vec<(usize, usize)> = cage.iter().map(|&c| (c / n, c % n)).collect();
        rules = rules.with_cage(&cells, Some(sum)).unwrap();
    }
    let mut givens = [0u16; 36];
    for _ in 0..rng.next_u64() % 3 {
        let c = (rng.next_u64() % 36) as usize;
        givens[c] = values[c];
    }
    Puzzle::from_cells(rules, &givens).unwrap()
}

/// Counts to two and first solutions of small killers agree with the
/// reference, and every solution keeps every rule and the givens.
#[test]
fn killers_count_and_solve_as_the_reference() {
    let mut rng = Rng::new(0xca6e5);
    for _ in 0..60 {
        let puzzle = killer(&mut rng);
        let want = Reference::new().count_variant(&puzzle, 2);
        let mut solver = VariantSolver::new();
        assert_eq!(solver.count(&puzzle, 2), want);
        let solution = solver.solve(&puzzle).solution();
        assert_eq!(solution.is_some(), !matches!(want, Count::Exact(0)));
        if let Some(s) = solution {
            assert!(
                puzzle.rules().check(s.cells()).is_ok(),
                "a solution breaks a rule"
            );
            let kept = puzzle.cells().iter().zip(s.cells());
            assert!(kept.into_iter().all(|(g, v)| *g == 0 || g == v));
        }
    }
}
