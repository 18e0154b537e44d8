//! The run-time engine's learning search (record 0031): counts and first solutions against the reference on small sparse layouts of houses alone.

use crate::common::Rng;
use ndoku::engine::Reference;
use ndoku::engine::variant::VariantSolver;
use ndoku::model::ChessRule;
use ndoku::{Count, Puzzle, Rules};

/// A 5×5 jigsaw: five connected regions of five cells.
#[rustfmt::skip]
const JIGSAW5: [usize; 25] = [
    0, 0, 0, 1, 1,
    0, 0, 1, 1, 1,
    2, 2, 2, 3, 3,
    2, 4, 4, 3, 3,
    2, 4, 4, 4, 3,
];

/// A 6×6 jigsaw: six connected regions of six cells.
#[rustfmt::skip]
const JIGSAW6: [usize; 36] = [
    0, 0, 0, 1, 1, 1,
    0, 0, 2, 2, 1, 1,
    0, 2, 2, 2, 1, 3,
    4, 4, 2, 5, 3, 3,
    4, 4, 5, 5, 3, 3,
    4, 4, 5, 5, 5, 3,
];

/// A random layout of houses alone, 4×4 to 6×6: boxes or a jigsaw, with
/// any of the diagonals, anti-knight and anti-king.
fn layout(rng: &mut Rng) -> Rules {
    let mut rules = match rng.next_u64() % 4 {
        0 => Rules::boxes(2, 2).unwrap(),
        1 => Rules::jigsaw(5, &JIGSAW5).unwrap(),
        2 => Rules::boxes(2, 3).unwrap(),
        _ => Rules::jigsaw(6, &JIGSAW6).unwrap(),
    };
    if rng.next_u64().is_multiple_of(3) {
        rules = rules.with_diagonal(false);
    }
    if rng.next_u64().is_multiple_of(3) {
        rules = rules.with_diagonal(true);
    }
    if rng.next_u64().is_multiple_of(3) {
        rules = rules.with_chess(ChessRule::AntiKnight);
    }
    if rng.next_u64().is_multiple_of(3) {
        rules = rules.with_chess(ChessRule::AntiKing);
    }
    rules
}

/// A puzzle of `rules` with up to four random givens, drawn from the
/// lowest N - 2 values so that two values or more are left out (where
/// the learning search runs); givens may clash (no solution).
fn sparse(rules: Rules, rng: &mut Rng) -> Puzzle {
    let n = rules.size();
    let mut cells = vec![0u16; n * n];
    for _ in 0..rng.next_u64() % 5 {
        let c = rng.next_u64() as usize % (n * n);
        cells[c] = (rng.next_u64() % (n as u64 - 2)) as u16 + 1;
    }
    // A clash of two givens in one house is refused here; keep those out.
    Puzzle::from_cells(rules.clone(), &cells)
        .unwrap_or_else(|_| Puzzle::from_cells(rules, &vec![0; n * n]).unwrap())
}

/// Counting to two, to five and solving agree with the reference on 300
/// random sparse layouts of houses alone (a fifth or more unsolvable),
/// and every first solution keeps the givens and every rule.
#[test]
fn learned_counts_match_the_reference() {
    let mut rng = Rng::new(31);
    let (mut unsolvable, mut unique, mut many) = (0, 0, 0);
    for _ in 0..300 {
        let puzzle = sparse(layout(&mut rng), &mut rng);
        let mut solver = VariantSolver::new();
        for limit in [2, 5] {
            let want = Reference::new().count_variant(&puzzle, limit);
            let (got, first) = solver.count_and_solve(&puzzle, limit);
            assert_eq!(got, want, "count to {limit}: {puzzle:?}");
            match (&want, first) {
                (Count::Exact(0), first) => assert!(first.is_none(), "{puzzle:?}"),
                (_, Some(first)) => assert!(puzzle.is_completed_by(&first), "{puzzle:?}"),
                (_, None) => panic!("no first solution: {puzzle:?}"),
            }
            if limit == 2 {
                match want {
                    Count::Exact(0) => unsolvable += 1,
                    Count::Exact(1) => unique += 1,
                    _ => many += 1,
                }
            }
        }
        let solved = solver.solve(&puzzle).solution();
        match solved {
            Some(s) => assert!(puzzle.is_completed_by(&s), "{puzzle:?}"),
            None => assert_eq!(
                Reference::new().count_variant(&puzzle, 1),
                Count::Exact(0),
                "{puzzle:?}"
            ),
        }
    }
    assert!(unsolvable > 60, "only {unsolvable} unsolvable");
    assert!(many > 60, "only {many} with several solutions");
    let _ = unique;
}

/// Every solution of a sparse puzzle is shown once: enumerating all of
/// them (learning for the first, then the full search) finds the
/// reference's count.
#[test]
fn learned_enumeration_is_complete() {
    let mut rng = Rng::new(131);
    let mut checked = 0;
    for _ in 0..60 {
        let puzzle = sparse(layout(&mut rng), &mut rng);
        let want = Reference::new().count_variant(&puzzle, 200);
        let mut shown = Vec::new();
        let got = VariantSolver::new().each_solution(&puzzle, |s| {
            assert!(puzzle.is_completed_by(s), "{puzzle:?}");
            assert!(!shown.contains(s), "a solution shown twice: {puzzle:?}");
            shown.push(s.clone());
            shown.len() < 200
        });
        assert_eq!(got, want, "{puzzle:?}");
        checked += u32::from(matches!(want, Count::Exact(k) if k > 2));
    }
    assert!(checked > 5, "only {checked} with more than two solutions");
}

/// The learning search stops at the node budget: an empty 12×12 with
/// anti-knight and anti-king (a hard proof) gives up at ten guesses.
#[test]
fn learned_search_keeps_the_budget() {
    let rules = Rules::boxes(3, 4)
        .unwrap()
        .with_chess(ChessRule::AntiKnight)
        .with_chess(ChessRule::AntiKing);
    let mut cells = vec![0u16; 144];
    cells[0] = 1;
    let puzzle = Puzzle::from_cells(rules, &cells).unwrap();
    let mut solver = VariantSolver::new().with_max_nodes(10);
    let count = solver.count(&puzzle, 2);
    assert!(matches!(count, Count::GaveUp(_)), "{count:?}");
    assert!(solver.stats().guesses <= 10, "{}", solver.stats());
}

/// On 8×8 and 9×9 boxes with chess rules and diagonals and up to five
/// givens (proofs of no solution with conflicts deep in the search),
/// counting to two by learning agrees with the search without it (a
/// caller's seed turns learning off), and keeps the givens and the rules.
#[test]
fn learned_counts_match_the_plain_search_on_bigger_boards() {
    let mut rng = Rng::new(0x31);
    let (mut compared, mut unsolvable) = (0, 0);
    for k in 0..60 {
        let mut rules = if k % 2 == 0 {
            Rules::boxes(2, 4).unwrap()
        } else {
            Rules::boxes(3, 3).unwrap()
        };
        if !rng.next_u64().is_multiple_of(3) {
            rules = rules.with_chess(ChessRule::AntiKnight);
        }
        if !rng.next_u64().is_multiple_of(3) {
            rules = rules.with_chess(ChessRule::AntiKing);
        }
        if rng.next_u64().is_multiple_of(2) {
            rules = rules.with_diagonals();
        }
        let n = rules.size();
        let mut cells = vec![0u16; n * n];
        for _ in 0..1 + rng.next_u64() % 5 {
            let c = rng.next_u64() as usize % (n * n);
            cells[c] = (rng.next_u64() % (n as u64 - 2)) as u16 + 1;
        }
        let Ok(puzzle) = Puzzle::from_cells(rules, &cells) else {
            continue;
        };
        let plain = VariantSolver::new()
            .with_seed(1)
            .with_max_nodes(200_000)
            .count(&puzzle, 2);
        if matches!(plain, Count::GaveUp(_)) {
            continue;
        }
        let (got, first) = VariantSolver::new().count_and_solve(&puzzle, 2);
        assert_eq!(got, plain, "{puzzle:?}");
        if let Some(first) = first {
            assert!(puzzle.is_completed_by(&first), "{puzzle:?}");
        }
        compared += 1;
        unsolvable += u32::from(plain == Count::Exact(0));
    }
    assert!(compared > 20, "only {compared} compared");
    assert!(unsolvable > 3, "only {unsolvable} unsolvable");
}

/// A minimal 14×14 jigsaw (`generate --jigsaw --size 14 --seed 7`): every
/// value is given, so nothing is left out, and the plain search takes
/// 7,256 guesses to count it to two: past its 500 the count goes on by
/// learning, a blocking clause after the first solution (record 0031).
#[rustfmt::skip]
const JIGSAW14_REGIONS: [usize; 196] = [
     0,  0,  0,  0,  1,  1,  1,  1,  2,  2,  2,  2,  2,  2,
     3,  3,  0,  0,  4,  4,  4,  1,  1,  1,  1,  2,  2,  2,
     3,  0,  0,  0,  4,  4,  4,  4,  4,  4,  1,  1,  1,  2,
     3,  3,  3,  0,  0,  0,  4,  5,  5,  4,  1,  1,  2,  2,
     3,  3,  3,  0,  5,  0,  5,  5,  4,  4,  4,  1,  2,  6,
     3,  3,  7,  5,  5,  5,  5,  5,  5,  5,  5,  5,  2,  6,
     3,  7,  7,  7,  7,  8,  8,  8,  8,  9,  6,  6,  6,  6,
     3,  7,  7,  7,  7,  8,  8, 10,  9,  9,  9,  9,  6,  6,
     3, 11,  7,  7,  8,  8, 10, 10,  9,  9,  9,  9,  6,  6,
    11, 11,  7,  8,  8,  8, 10, 12, 12,  9,  6,  6,  6,  6,
    11, 11,  7,  7,  8, 10, 10, 12, 12,  9,  9,  9, 13, 13,
    11, 11, 11, 11,  8, 10, 12, 12, 12,  9, 13, 13, 13, 13,
    11, 11, 11, 11,  8, 10, 12, 12, 12, 12, 13, 13, 13, 13,
    11, 10, 10, 10, 10, 10, 10, 12, 12, 12, 13, 13, 13, 13,
];

#[rustfmt::skip]
const JIGSAW14_GIVENS: [u16; 196] = [
     0,  8,  0,  0, 13,  0,  0,  0,  0,  1,  0,  0,  0,  0,
     0, 11,  0,  0,  9,  0,  6,  0,  0,  0,  8,  0,  0,  0,
     0,  0,  0, 13,  0,  2,  0,  1, 10,  4,  0,  0, 11,  0,
     0,  0,  0,  0,  1,  0,  0, 10,  0,  7,  0,  0,  0, 14,
     0,  0,  0,  0,  0,  0,  0,  0, 12,  0,  0,  0,  8,  0,
     0, 10,  0, 12,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  9,  0,  0, 14, 12,  0,  0,  0,  0, 10,  0,  4,  0,
     0, 13,  0,  8,  0,  0,  0,  0, 14,  2,  0,  0,  5,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,  0, 13,  0, 12,  0,
     0,  6,  0,  0,  0,  5,  0,  0,  0,  0,  0,  0,  0,  0,
     4,  0,  0,  0,  3,  0, 11,  0,  0,  9,  0,  0,  0,  0,
     0,  5,  0,  0,  6, 13,  4,  0,  9,  0, 12,  0,  0,  0,
     0,  0,  0,  9,  0,  0,  0,  2,  0, 10,  0,  0,  6,  0,
     0,  0,  0,  0,  2,  0,  0,  0,  0,  5,  0,  0,  3,  0,
];

/// Counting the minimal 14×14 jigsaw to two goes on by learning after the
/// plain search's share and agrees with the plain search alone (a seed
/// turns learning off): unique; and with any of four givens taken away
/// (each is needed), two solutions, both keeping the givens and the rules.
#[test]
fn learned_counts_to_two_where_every_value_is_given() {
    let rules = Rules::jigsaw(14, &JIGSAW14_REGIONS).unwrap();
    let given: Vec<usize> = (0..196).filter(|&c| JIGSAW14_GIVENS[c] != 0).collect();
    for drop in [None, Some(0), Some(13), Some(26), Some(51)] {
        let mut cells = JIGSAW14_GIVENS;
        if let Some(k) = drop {
            cells[given[k]] = 0;
        }
        let puzzle = Puzzle::from_cells(rules.clone(), &cells).unwrap();
        let plain = VariantSolver::new().with_seed(1).count(&puzzle, 2);
        let mut solver = VariantSolver::new();
        let mut shown = Vec::new();
        let got = solver.each_solution(&puzzle, |s| {
            assert!(puzzle.is_completed_by(s), "{drop:?}");
            assert!(!shown.contains(s), "a solution shown twice: {drop:?}");
            shown.push(s.clone());
            shown.len() < 2
        });
        let want = if drop.is_none() {
            Count::Exact(1)
        } else {
            Count::AtLeast(2)
        };
        assert_eq!(plain, want, "{drop:?}");
        assert_eq!(got, want, "{drop:?}");
    }
}
