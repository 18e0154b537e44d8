//! ISS's same-value sets (`SameValues~k~cells`): read, written and read
//! back in ISS text and f-puzzles JSON; bad arguments named; and on 4×4 to
//! 6×6 boards, random sets a planted solution keeps, counted by the front
//! door and the reference engine alike, each solution checked by the rule
//! written out here.

use crate::common::{Rng, agrees_with_reference, planted_variant};
use ndoku::engine::Reference;
use ndoku::text::iss;
use ndoku::{Constraint, Count, Puzzle, Solver};
use proptest::prelude::*;

/// How many solutions both engines count to.
const LIMIT: usize = 12;

/// Sets of 1 to 3 cells, 2 or 3 of them, that `grid` fills with the same
/// values: the first set's cells drawn, each later set's a free cell of
/// each of those values.
fn derive(n: usize, grid: &[u16], rng: &mut Rng) -> Option<Constraint> {
    let (size, sets) = (rng.range(1, 3), rng.range(2, 3));
    let mut used = vec![false; n * n];
    let mut first = Vec::new();
    while first.len() < size {
        let c = rng.below(n * n);
        if !used[c] {
            used[c] = true;
            first.push(c as u32);
        }
    }
    let mut cells = first.clone();
    for _ in 1..sets {
        for &a in &first {
            let free: Vec<usize> = (0..n * n)
                .filter(|&c| !used[c] && grid[c] == grid[a as usize])
                .collect();
            let c = *free.get(rng.below(free.len().max(1)))?;
            used[c] = true;
            cells.push(c as u32);
        }
    }
    let sets = u16::try_from(sets).ok()?;
    Some(Constraint::SameValues { cells, sets })
}

/// Whether `grid` keeps same-value sets, by sorting each set's values.
fn keeps(cells: &[u32], sets: u16, grid: &[u16]) -> bool {
    let size = cells.len() / usize::from(sets);
    let sorted = |set: &[u32]| {
        let mut v: Vec<u16> = set.iter().map(|&c| grid[c as usize]).collect();
        v.sort_unstable();
        v
    };
    let first = sorted(&cells[..size]);
    cells.chunks(size).all(|set| sorted(set) == first)
}

/// A planted grid of side `n` from `seed`, `k` same-value constraints it
/// keeps, and about one cell in `of` given.
fn planted(n: usize, seed: u64, k: usize, of: usize) -> (Puzzle, Vec<u16>) {
    planted_variant(n, seed, k, (1, of), |_, grid, rng| derive(n, grid, rng))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn same_values_count_as_the_reference(seed in any::<u64>(), k in 1usize..4, n in 4usize..=6) {
        let (puzzle, grid) = planted(n, seed, k, 5);
        agrees_with_reference(&puzzle, &grid, LIMIT, |first| {
            for c in puzzle.rules().constraints() {
                let Constraint::SameValues { cells, sets } = c else { continue };
                if !keeps(cells, *sets, first) {
                    return Err(format!("{c:?} on {first:?}"));
                }
            }
            Ok(())
        })?;
    }
}

#[test]
fn same_values_constrain() {
    // Two sets of two cells on an empty 4x4: fewer solutions than 288.
    let text = ".Shape~4x4.SameValues~2~R1C1~R1C2~R3C3~R3C4";
    let puzzle = iss::parse(text).unwrap();
    let count = Solver::new().count(&puzzle, 1000);
    assert_eq!(count, Reference::new().count_variant(&puzzle, 1000));
    assert!(count.found() > 0 && count.found() < 288, "{count:?}");
    // Column 3 would need R1C1 and R1C2's values below, and row 2 the others
    // beside them: none.
    let none = iss::parse(".Shape~4x4.SameValues~2~R1C1~R1C2~R3C3~R4C3").unwrap();
    assert_eq!(Solver::new().count(&none, 10), Count::Exact(0));
}

#[test]
fn same_values_read_write_and_read_back() {
    for text in [
        ".Shape~4x4.SameValues~2~R1C1~R3C3",
        ".Shape~4x4.SameValues~3~R1C1~R2C3~R4C2",
        ".Shape~4x4.SameValues~2~R1C1~R1C2~R3C3~R4C3",
        ".Shape~4x4~0-3.SameValues~2~R1C1~R3C3",
    ] {
        let puzzle = iss::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(puzzle.rules().constraints().len(), 1, "{text}");
        let written = iss::to_text(&puzzle).unwrap();
        assert_eq!(written, text, "written back as read");
        assert_eq!(iss::parse(&written).unwrap(), puzzle, "{text}");
        #[cfg(feature = "fpuzzles")]
        if puzzle.first_value() == 1 {
            let json = ndoku::text::fpuzzles::to_json(&puzzle);
            assert!(json.contains("\"samevalues\""), "{json}");
            let back = ndoku::text::fpuzzles::parse(&json).unwrap();
            assert_eq!(back.puzzle.rules(), puzzle.rules(), "{json}");
        }
    }
    let puzzle = iss::parse(".Shape~4x4.SameValues~2~R1C1~R1C2~R3C3~R4C3").unwrap();
    assert_eq!(
        puzzle.rules().constraints(),
        &[Constraint::SameValues {
            cells: vec![0, 1, 10, 14],
            sets: 2
        }]
    );
}

#[test]
fn bad_same_values_name_the_constraint() {
    for (text, says) in [
        (
            ".Shape~4x4.SameValues~2~R1C1~R1C2~R2C1",
            "same values 1 has 3 cells, which do not make 2 sets of one size",
        ),
        (
            ".Shape~4x4.SameValues~1~R1C1~R1C2",
            "same values 1 has 1 sets, needs 2 or more",
        ),
        (
            ".Shape~4x4.SameValues~x~R1C1",
            "\"x\" should be a number of sets",
        ),
        (
            ".Shape~4x4.SameValues~2~R1C1~R1C1",
            "passes through R1C1 twice",
        ),
    ] {
        let e = iss::parse(text).unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
    }
}
