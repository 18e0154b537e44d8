//! The run-time engine's branching on a value's two places in a house when weights lead (ISS's house candidates): counts as the reference on less-than pairs, and ISS's "A kind of magic" counted to two.

use crate::common::{agrees_with_reference, planted_variant};
use ndoku::engine::variant::VariantSolver;
use ndoku::text::iss;
use ndoku::{Constraint, Count};
use proptest::prelude::*;

/// A two-cell thermometer between orthogonal neighbours, lower first as
/// the planted `grid` has them.
fn pair(n: usize, grid: &[u16], rng: &mut crate::common::Rng) -> Option<Constraint> {
    let a = rng.below(n * n);
    let (r, k) = (a / n, a % n);
    let b = if rng.chance(1, 2) && k + 1 < n {
        a + 1
    } else if r + 1 < n {
        a + n
    } else {
        return None;
    };
    let (lo, hi) = if grid[a] < grid[b] { (a, b) } else { (b, a) };
    Some(Constraint::Thermometer {
        cells: vec![lo as u32, hi as u32],
        slow: false,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Less-than pairs from a planted grid on 4×4 to 6×6 with few givens
    /// (the weighted search branches on places): counts as the reference,
    /// the planted grid among the solutions.
    #[test]
    fn less_than_pairs_count_as_the_reference(seed in any::<u64>(), n in 4usize..=6, draws in 3usize..12) {
        let (puzzle, grid) = planted_variant(n, seed, draws, (1, 5), |_, g, rng| pair(n, g, rng));
        agrees_with_reference(&puzzle, &grid, 12, |_| Ok(()))?;
    }
}

/// ISS's "A kind of magic": 19 two-cell thermometers, no givens, unique.
/// Branching on cells alone took over 3 million guesses to count it to
/// two; on places as ISS does, about 0.7 million (record 0036).
#[test]
fn a_kind_of_magic_counts_to_one_within_budget() {
    let text = ".Thermo~R1C2~R2C3.Thermo~R3C2~R2C1.Thermo~R4C2~R5C1.Thermo~R6C2~R5C3\
        .Thermo~R7C2~R8C1.Thermo~R9C2~R8C3.Thermo~R9C4~R8C4.Thermo~R9C6~R8C5\
        .Thermo~R9C7~R8C6.Thermo~R9C8~R8C9.Thermo~R7C8~R8C7.Thermo~R7C6~R7C7\
        .Thermo~R6C6~R5C5.Thermo~R6C8~R5C9.Thermo~R4C8~R5C7.Thermo~R3C8~R2C9\
        .Thermo~R1C8~R2C7.Thermo~R3C6~R2C5.Thermo~R1C4~R2C4.";
    let puzzle = iss::parse(text).unwrap();
    let mut solver = VariantSolver::new().with_max_nodes(1_500_000);
    let mut seen = Vec::new();
    let count = solver.each_solution(&puzzle, |s| {
        seen.push(s.cells().to_vec());
        seen.len() < 2
    });
    assert_eq!(count, Count::Exact(1), "{}", solver.stats());
    let want: Vec<u16> =
        "953218746816374529274956381621749835385162497749835162132687954497523618568491273"
            .bytes()
            .map(|b| u16::from(b - b'0'))
            .collect();
    assert_eq!(seen, vec![want]);
}
