//! ISS's sum lines, lunchboxes, indexing, counting circles and look-and-say
//! (and `Replicate`, copied out when read): read, written and read back; bad
//! arguments named; and on 4×4 to 6×6 boards, random rules a planted
//! solution keeps, counted by the front door and the reference engine alike,
//! each solution checked by a rule written out here.

use crate::common::{Rng, agrees_with_reference, planted_variant};
use ndoku::engine::Reference;
use ndoku::text::iss;
use ndoku::{Constraint, Puzzle, Solver};
use proptest::prelude::*;

/// How many solutions both engines count to.
const LIMIT: usize = 12;

/// The kinds [`derive`] draws: sum line, sum loop, lunchbox, column and
/// row indexing, counting circles, look-and-say.
const KINDS: usize = 7;

/// A line of 2 to 6 cells, each next to the last, from a random cell.
fn walk(n: usize, rng: &mut Rng) -> Vec<u32> {
    let mut cells = vec![rng.below(n * n) as u32];
    let len = rng.range(2, 6);
    while cells.len() < len {
        let c = *cells.last().unwrap() as usize;
        let (r, k) = (c / n, c % n);
        let next: Vec<u32> = [
            (r + 1, k),
            (r, k + 1),
            (r.wrapping_sub(1), k),
            (r, k.wrapping_sub(1)),
        ]
        .into_iter()
        .filter(|&(r, k)| r < n && k < n)
        .map(|(r, k)| (r * n + k) as u32)
        .filter(|c| !cells.contains(c))
        .collect();
        if next.is_empty() {
            break;
        }
        cells.push(next[rng.below(next.len())]);
    }
    cells
}

/// A constraint of kind `kind` that `grid` keeps, or `None`.
fn derive(kind: usize, n: usize, grid: &[u16], rng: &mut Rng) -> Option<Constraint> {
    let v = |c: u32| u64::from(grid[c as usize]);
    Some(match kind {
        0 | 1 => {
            // A line cut where its running sum first reaches a piece's.
            let cells = walk(n, rng);
            let is_loop = kind == 1 && cells.len() > 2;
            let start = if is_loop { rng.below(cells.len()) } else { 0 };
            let order: Vec<u32> = (0..cells.len())
                .map(|k| cells[(start + k) % cells.len()])
                .collect();
            let sum = v(order[0]) + if rng.chance(1, 2) { v(order[1]) } else { 0 };
            let mut part = 0;
            for &c in &order {
                part += v(c);
                if part == sum {
                    part = 0;
                } else if part > sum {
                    return None;
                }
            }
            (part == 0).then_some(Constraint::SumLine {
                cells,
                sum,
                is_loop,
            })?
        }
        2 => {
            let mut cells = walk(n, rng);
            cells.dedup_by(|a, b| grid[*a as usize] == grid[*b as usize]);
            let values: Vec<u16> = cells.iter().map(|&c| grid[c as usize]).collect();
            let mut seen = values.clone();
            seen.sort_unstable();
            seen.dedup();
            if seen.len() != values.len() || cells.len() < 2 {
                return None;
            }
            let lo = values.iter().position(|&x| x == seen[0])?;
            let top = *seen.last()?;
            let hi = values.iter().position(|&x| x == top)?;
            let sum = cells[lo.min(hi) + 1..lo.max(hi)]
                .iter()
                .map(|&c| v(c))
                .sum();
            Constraint::Lunchbox { cells, sum }
        }
        3 | 4 => {
            // Cells whose value points to their own column's (row's) number.
            let by_rows = kind == 4;
            let cells: Vec<u32> = (0..n * n)
                .map(|c| c as u32)
                .filter(|&c| {
                    let (r, k) = (c as usize / n, c as usize % n);
                    let x = usize::from(grid[c as usize]) - 1;
                    let at = if by_rows { x * n + k } else { r * n + x };
                    usize::from(grid[at]) == if by_rows { r } else { k } + 1
                })
                .filter(|_| rng.chance(1, 2))
                .collect();
            if cells.is_empty() {
                return None;
            }
            Constraint::Indexing { cells, by_rows }
        }
        5 => {
            // Circles on cells whose values each come as often as they say.
            let mut cells = Vec::new();
            for x in 1..=n as u16 {
                let at: Vec<u32> = (0..grid.len() as u32)
                    .filter(|&c| grid[c as usize] == x)
                    .collect();
                if usize::from(x) <= at.len() && rng.chance(1, 3) {
                    let mut at = at;
                    rng.shuffle(&mut at);
                    cells.extend(&at[..usize::from(x)]);
                }
            }
            if cells.is_empty() {
                return None;
            }
            Constraint::CountingCircles { cells }
        }
        _ => {
            let cells = walk(n, rng);
            let mut counts = Vec::new();
            for _ in 0..rng.range(1, 2) {
                let x = rng.range(1, n) as u16;
                if counts.iter().any(|&(_, y)| y == x) {
                    continue;
                }
                let k = cells.iter().filter(|&&c| grid[c as usize] == x).count() as u16;
                counts.push((k, x));
            }
            Constraint::LookAndSay { cells, counts }
        }
    })
}

/// Whether `grid` keeps `c`, by the rule as ISS states it: written out
/// here apart from the library's own checks.
fn keeps(n: usize, c: &Constraint, grid: &[u16]) -> bool {
    let v = |c: u32| u64::from(grid[c as usize]);
    match c {
        Constraint::SumLine {
            cells,
            sum,
            is_loop,
        } => {
            let starts = if *is_loop { cells.len() } else { 1 };
            (0..starts).any(|s| {
                let mut part = 0;
                for k in 0..cells.len() {
                    part += v(cells[(s + k) % cells.len()]);
                    if part == *sum {
                        part = 0;
                    }
                }
                part == 0 && {
                    // Every piece exactly: no running sum passed the target.
                    let mut p = 0;
                    (0..cells.len()).all(|k| {
                        p += v(cells[(s + k) % cells.len()]);
                        if p == *sum {
                            p = 0;
                        }
                        p < *sum
                    })
                }
            })
        }
        Constraint::Lunchbox { cells, sum } => {
            let values: Vec<u64> = cells.iter().map(|&c| v(c)).collect();
            let mut sorted = values.clone();
            sorted.sort_unstable();
            sorted.dedup();
            let lo = values.iter().position(|&x| x == sorted[0]).unwrap();
            let hi = values
                .iter()
                .position(|&x| x == *sorted.last().unwrap())
                .unwrap();
            sorted.len() == values.len()
                && values[lo.min(hi) + 1..lo.max(hi)].iter().sum::<u64>() == *sum
        }
        Constraint::Indexing { cells, by_rows } => cells.iter().all(|&c| {
            let (r, k) = (c as usize / n, c as usize % n);
            let x = v(c) as usize - 1;
            let at = if *by_rows { x * n + k } else { r * n + x };
            v(at as u32) as usize == if *by_rows { r } else { k } + 1
        }),
        Constraint::CountingCircles { cells } => cells
            .iter()
            .all(|&a| cells.iter().filter(|&&b| v(b) == v(a)).count() as u64 == v(a)),
        Constraint::LookAndSay { cells, counts } => counts.iter().all(|&(k, x)| {
            cells.iter().filter(|&&c| grid[c as usize] == x).count() == usize::from(k)
        }),
        _ => true,
    }
}

/// A planted grid of side `n` from `seed`, rules of `kinds` it keeps, and
/// the puzzle of those rules with about `keep` in `of` cells given.
fn planted(n: usize, seed: u64, kinds: &[usize], keep: usize, of: usize) -> (Puzzle, Vec<u16>) {
    planted_variant(n, seed, kinds.len(), (keep, of), |i, grid, rng| {
        let c = derive(kinds[i], n, grid, rng)?;
        assert!(keeps(n, &c, grid), "{c:?} derived from {grid:?}");
        Some(c)
    })
}

/// Counts `puzzle` by the front door and the reference engine, and checks
/// they agree, and that the solution found keeps each rule as written here.
fn agree(puzzle: &Puzzle, grid: &[u16]) -> Result<(), TestCaseError> {
    let n = puzzle.size();
    agrees_with_reference(puzzle, grid, LIMIT, |first| {
        match puzzle
            .rules()
            .constraints()
            .iter()
            .find(|c| !keeps(n, c, first))
        {
            Some(c) => Err(format!("{c:?} on {first:?}")),
            None => Ok(()),
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn each_new_kind_counts_as_the_reference(seed in any::<u64>(), kind in 0..KINDS, n in 4usize..=6) {
        let (puzzle, grid) = planted(n, seed, &[kind, kind, kind], 1, 3);
        agree(&puzzle, &grid)?;
    }

    #[test]
    fn new_kinds_together_count_as_the_reference(seed in any::<u64>(), kinds in prop::collection::vec(0..KINDS, 2..5), n in 4usize..=6) {
        let (puzzle, grid) = planted(n, seed, &kinds, 1, 4);
        agree(&puzzle, &grid)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The propagators of lunchboxes and counting circles, on boards of
    /// 4×4 to 9×9: with half the planted cells given, no planted value
    /// is lost (the planted grid is counted) and counts match the reference.
    #[test]
    fn lunchboxes_and_circles_count_as_the_reference(seed in any::<u64>(), circles in any::<bool>(), n in 4usize..=9) {
        let kind = if circles { 5 } else { 2 };
        let (puzzle, grid) = planted(n, seed, &[kind; 4], 1, 2);
        agree(&puzzle, &grid)?;
    }
}

#[test]
fn every_new_kind_is_drawn_and_constrains() {
    for kind in 0..KINDS {
        let found = (0..80).find_map(|seed| {
            let (puzzle, _) = planted(4, seed, &[kind; 3], 0, 1);
            (!puzzle.rules().constraints().is_empty()).then_some(puzzle)
        });
        let puzzle = found.unwrap_or_else(|| panic!("kind {kind} never drawn"));
        let count = Solver::new().count(&puzzle, 1000);
        assert_eq!(
            count,
            Reference::new().count_variant(&puzzle, 1000),
            "kind {kind}"
        );
        assert!(count.found() < 288, "kind {kind}: {count:?}");
    }
}

#[test]
fn each_type_reads_writes_and_reads_back() {
    for text in [
        ".Shape~4x4.SumLine~5~R1C1~R1C2~R2C2",
        ".Shape~4x4.SumLine~5~R1C1~R1C2~R2C2~R2C1~LOOP",
        ".Shape~4x4.Lunchbox~0~R1C1~R1C2~R1C3",
        ".Shape~4x4.Indexing~C~R1C1~R2C2.Indexing~R~R3C3",
        ".Shape~4x4.CountingCircles~R1C1~R2C3~R3C2",
        ".Shape~4x4.LookAndSay~1203~R1C1~R1C2~R2C1",
        ".Shape~4x4~0-3.LookAndSay~1003~R1C1~R1C2~R2C1",
    ] {
        let puzzle = iss::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            puzzle.rules().constraints().len(),
            if text.contains("~R~") { 2 } else { 1 },
            "{text}"
        );
        let written = iss::to_text(&puzzle).unwrap();
        assert_eq!(written, text, "written back as read");
        assert_eq!(iss::parse(&written).unwrap(), puzzle, "{text}");
    }
    // From 0, a look-and-say value is held one more: one 0 is one 1.
    let zero = iss::parse(".Shape~4x4~0-3.LookAndSay~10~R1C1").unwrap();
    assert_eq!(
        zero.rules().constraints(),
        &[Constraint::LookAndSay {
            cells: vec![0],
            counts: vec![(1, 1)]
        }]
    );
}

#[test]
fn replicate_copies_its_children_onto_its_targets() {
    // Targets `BI` (bits 0 and 9): the origin R1C1, and R3C2 nine cells on.
    let puzzle = iss::parse(".Shape~4x4.Replicate~BI.Thermo~R1C1~R2C1.~R1C3_4.End").unwrap();
    let again = iss::parse(".Shape~4x4.Thermo~R1C1~R2C1.~R1C3_4.Thermo~R3C2~R4C2.~R3C4_4").unwrap();
    assert_eq!(puzzle, again);
    // Written back copied out; from another origin, shifted from it.
    assert_eq!(
        iss::to_text(&puzzle).unwrap(),
        iss::to_text(&again).unwrap()
    );
    let shifted = iss::parse(".Shape~4x4.Replicate~B~R2C2.Thermo~R2C2~R2C3.End").unwrap();
    assert_eq!(
        shifted.rules().constraints(),
        &[Constraint::Thermometer {
            cells: vec![5, 6],
            slow: false
        }]
    );
    let off = iss::parse(".Shape~4x4.Replicate~I.Thermo~R1C1~R1C2.End").unwrap_err();
    assert!(off.to_string().contains("Replicate"), "{off}");
    let open = iss::parse(".Shape~4x4.Replicate~B.Thermo~R1C1~R1C2").unwrap_err();
    assert!(
        open.to_string().contains(".Replicate is never closed"),
        "{open}"
    );
}

#[test]
fn bad_arguments_name_the_constraint() {
    for (text, says) in [
        (
            ".Shape~4x4.SumLine~x~R1C1",
            "SumLine at column 11: \"x\" should be a whole number",
        ),
        (
            ".Shape~4x4.SumLine~0~R1C1~R1C2",
            "SumLine at column 11: sum line 1 has sum 0",
        ),
        (
            ".Shape~4x4.Lunchbox~3~R1C1",
            "Lunchbox at column 11: lunchbox 1 has 1 cells, needs 2 or more",
        ),
        (
            ".Shape~4x4.Indexing~X~R1C1",
            "Indexing at column 11: \"X\" should be R or C",
        ),
        (
            ".Shape~4x4.CountingCircles~R1C5",
            "CountingCircles at column 11 names cell R1C5, off the 4x4 board",
        ),
        (
            ".Shape~4x4.LookAndSay~123~R1C1",
            "LookAndSay at column 11: \"123\" should be (count, value) digit pairs",
        ),
        (
            ".Shape~4x4.LookAndSay~15~R1C1",
            "LookAndSay at column 11: look-and-say 1 lists value 5, out of 1 to 4",
        ),
        (
            ".Shape~4x4.LookAndSay~1222~R1C1~R1C2",
            "LookAndSay at column 11: look-and-say 1 lists value 2 twice",
        ),
        (
            ".Shape~4x4~0-3.SumLine~3~R1C1~R1C2",
            "unsupported constraint \"SumLine\" with values from 0 at column 15",
        ),
    ] {
        let err = iss::parse(text).unwrap_err().to_string();
        assert_eq!(err, says, "{text}");
    }
}
