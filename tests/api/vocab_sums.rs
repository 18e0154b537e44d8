//! The sum and n-ary rules (arrows, little killers, sums, region-sum and
//! zipper lines, sandwiches, X-sums, skyscrapers, renban, between and
//! lockout lines, quadruples) on 4×4 to 6×6 boards: random rules that a
//! planted solution keeps, most cells blank, counted by the front door and
//! by the reference engine alike.

use crate::common::{Rng, agrees_with_reference, planted_variant};
use ndoku::engine::Reference;
use ndoku::model::{Diagonal, Outside};
use ndoku::{Constraint, Puzzle, Rules, Solver};
use proptest::prelude::*;

/// How many solutions both engines count to.
const LIMIT: usize = 12;

/// Cells of `grid` (not in `taken`) holding `value`.
fn holding(grid: &[u16], taken: &[u32], value: usize) -> Vec<u32> {
    (0..grid.len() as u32)
        .filter(|&c| usize::from(grid[c as usize]) == value && !taken.contains(&c))
        .collect()
}

/// Up to `most` cells not in `taken` whose values sum to `total`, or `None`.
fn summing(
    grid: &[u16],
    taken: &[u32],
    total: usize,
    most: usize,
    rng: &mut Rng,
) -> Option<Vec<u32>> {
    let mut out = Vec::new();
    let mut left = total;
    let mut all = taken.to_vec();
    while left > 0 {
        if out.len() == most {
            return None;
        }
        // The rest at once, or a smaller value first.
        let v = if rng.chance(1, 2) || left == 1 {
            left.min(grid.len())
        } else {
            rng.range(1, left - 1)
        };
        let places = holding(grid, &all, v);
        if places.is_empty() {
            return None;
        }
        let c = places[rng.below(places.len())];
        out.push(c);
        all.push(c);
        left -= v;
    }
    Some(out)
}

/// A random cell not in `taken`.
fn cell(n: usize, taken: &[u32], rng: &mut Rng) -> u32 {
    loop {
        let c = rng.below(n * n) as u32;
        if !taken.contains(&c) {
            return c;
        }
    }
}

/// A random clue outside the board, at the end of a row or a column.
fn outside(n: usize, rng: &mut Rng) -> Outside {
    let (i, far) = (
        rng.below(n) as i32,
        if rng.chance(1, 2) { -1 } else { n as i32 },
    );
    if rng.chance(1, 2) {
        Outside { row: far, col: i }
    } else {
        Outside { row: i, col: far }
    }
}

/// The cells of a row or column seen from `clue`, nearest first.
fn line_from(n: usize, clue: Outside) -> Vec<u32> {
    let m = n as i32;
    (0..m)
        .map(|k| {
            let (r, c) = match (clue.row, clue.col) {
                (-1, c) => (k, c),
                (r, -1) => (r, k),
                (r, c) if r == m => (m - 1 - k, c),
                (r, _) => (r, m - 1 - k),
            };
            (r * m + c) as u32
        })
        .collect()
}

/// A constraint of kind `kind` that `grid` keeps, or `None` when the draw found none.
fn derive(kind: usize, n: usize, grid: &[u16], rng: &mut Rng) -> Option<Constraint> {
    let v = |c: u32| usize::from(grid[c as usize]);
    Some(match kind {
        0 => {
            // An arrow; a pill of two when its first cell holds 1 (1x: 11 to 1N).
            let pill = rng.chance(1, 3);
            let first = cell(n, &[], rng);
            let mut circle = vec![first];
            let total = if pill && v(first) == 1 {
                let second = cell(n, &circle, rng);
                circle.push(second);
                10 + v(second)
            } else {
                v(first)
            };
            let line = summing(grid, &circle, total, 6, rng)?;
            Constraint::Arrow { circle, line }
        }
        1 => {
            let a = cell(n, &[], rng);
            let b = cell(n, &[a], rng);
            let inner = summing(grid, &[a, b], v(a) + v(b), 5, rng)?;
            let mut cells = vec![a];
            cells.extend(inner);
            cells.push(b);
            Constraint::DoubleArrow { cells }
        }
        2 => {
            let clue = Outside {
                row: -1,
                col: rng.below(n) as i32,
            };
            let direction = if rng.chance(1, 2) {
                Diagonal::DownLeft
            } else {
                Diagonal::DownRight
            };
            let probe = Constraint::LittleKiller {
                clue,
                direction,
                sum: 0,
            };
            let sum = probe.cells(n).iter().map(|&c| v(c) as u64).sum();
            if sum == 0 {
                return None;
            }
            Constraint::LittleKiller {
                clue,
                direction,
                sum,
            }
        }
        3 => {
            let mut cells = Vec::new();
            for _ in 0..rng.range(1, 4) {
                cells.push(cell(n, &cells, rng));
            }
            let sum = cells.iter().map(|&c| v(c) as u64).sum();
            Constraint::Sum { cells, sum }
        }
        4 => {
            // A region-sum line through two boxes, a piece in each.
            let (h, w) = Rules::classic(n).ok()?.geometry().box_shape()?;
            let boxes = (n / h) * (n / w);
            let b1 = rng.below(boxes);
            let b2 = (b1 + 1 + rng.below(boxes - 1)) % boxes;
            let in_box = |b: usize| -> Vec<u32> {
                let (r0, c0) = (b / (n / w) * h, b % (n / w) * w);
                (0..h * w)
                    .map(|k| ((r0 + k / w) * n + c0 + k % w) as u32)
                    .collect()
            };
            let first: Vec<u32> = in_box(b1)
                .into_iter()
                .filter(|_| rng.chance(1, 3))
                .take(2)
                .collect();
            if first.is_empty() {
                return None;
            }
            let total: usize = first.iter().map(|&c| v(c)).sum();
            let second = in_box(b2);
            // Two cells of the second box with that sum, or one.
            let one = second.iter().find(|&&c| v(c) == total).map(|&c| vec![c]);
            let two = || {
                second.iter().enumerate().find_map(|(i, &a)| {
                    second[i + 1..]
                        .iter()
                        .find(|&&b| v(a) + v(b) == total)
                        .map(|&b| vec![a, b])
                })
            };
            let mut cells = first;
            cells.extend(if rng.chance(1, 2) {
                one.or_else(two)?
            } else {
                two().or(one)?
            });
            Constraint::RegionSumLine { cells }
        }
        5 => {
            // A zipper: pairs around the middle summing to it (odd) or to one total.
            let odd = rng.chance(1, 2);
            let middle = cell(n, &[], rng);
            let total = if odd {
                v(middle)
            } else {
                rng.range(3, 2 * n - 1)
            };
            let mut taken = if odd { vec![middle] } else { Vec::new() };
            let (mut front, mut back) = (Vec::new(), Vec::new());
            for _ in 0..rng.range(1, 3) {
                let a = cell(n, &taken, rng);
                if v(a) >= total {
                    continue;
                }
                let places = holding(
                    grid,
                    &{
                        let mut t = taken.clone();
                        t.push(a);
                        t
                    },
                    total - v(a),
                );
                let Some(&b) = places.first() else { continue };
                taken.extend([a, b]);
                front.push(a);
                back.push(b);
            }
            if front.is_empty() {
                return None;
            }
            let mut cells = front;
            if odd {
                cells.push(middle);
            }
            cells.extend(back.into_iter().rev());
            Constraint::Zipper { cells }
        }
        6 => {
            let clue = outside(n, rng);
            let line = line_from(n, clue);
            let at = |x: usize| line.iter().position(|&c| v(c) == x).unwrap();
            let (a, b) = (at(1), at(n));
            let sum = line[a.min(b) + 1..a.max(b)]
                .iter()
                .map(|&c| v(c) as u64)
                .sum();
            Constraint::Sandwich { clue, sum }
        }
        7 => {
            let clue = outside(n, rng);
            let line = line_from(n, clue);
            let sum = line[..v(line[0])].iter().map(|&c| v(c) as u64).sum();
            Constraint::XSum { clue, sum }
        }
        8 => {
            let clue = outside(n, rng);
            let mut top = 0;
            let count = line_from(n, clue)
                .iter()
                .filter(|&&c| {
                    let tall = v(c) > top;
                    top = top.max(v(c));
                    tall
                })
                .count() as u16;
            Constraint::Skyscraper { clue, count }
        }
        9 => {
            let k = rng.range(2, 4.min(n));
            let low = rng.range(1, n + 1 - k);
            let mut cells = Vec::new();
            for x in low..low + k {
                let places = holding(grid, &cells, x);
                cells.push(places[rng.below(places.len())]);
            }
            rng.shuffle(&mut cells);
            Constraint::Renban { cells }
        }
        10 | 11 => {
            // Between (10) or lockout (11): ends, and cells inside or outside their values.
            let a = cell(n, &[], rng);
            let b = cell(n, &[a], rng);
            let (lo, hi) = (v(a).min(v(b)), v(a).max(v(b)));
            let difference = rng.range(1, 3) as u16;
            if kind == 11 && hi - lo < usize::from(difference) {
                return None;
            }
            let mut cells = vec![a, b];
            for _ in 0..rng.range(1, 3) {
                let x = rng.range(1, n);
                let fits = if kind == 10 {
                    lo < x && x < hi
                } else {
                    x < lo || x > hi
                };
                let places = holding(grid, &cells, x);
                if fits && !places.is_empty() {
                    let c = places[rng.below(places.len())];
                    cells.insert(1, c);
                }
            }
            if kind == 10 {
                Constraint::Between { cells }
            } else {
                Constraint::Lockout { cells, difference }
            }
        }
        _ => {
            let (r, c) = (rng.below(n - 1), rng.below(n - 1));
            let cells: Vec<u32> = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                .iter()
                .map(|&(r, c)| (r * n + c) as u32)
                .collect();
            let mut values: Vec<u16> = cells.iter().map(|&c| grid[c as usize]).collect();
            rng.shuffle(&mut values);
            values.truncate(rng.range(1, 4));
            Constraint::Quadruple { cells, values }
        }
    })
}

/// The kinds [`derive`] draws from.
const KINDS: usize = 13;

/// A planted grid of size `n` from `seed`, rules of `kinds` it keeps, and
/// the puzzle of those rules with about `keep` in `of` cells given.
fn planted(n: usize, seed: u64, kinds: &[usize], keep: usize, of: usize) -> (Puzzle, Vec<u16>) {
    planted_variant(n, seed, kinds.len(), (keep, of), |i, grid, rng| {
        derive(kinds[i], n, grid, rng)
    })
}

/// Counts `puzzle` through the front door and the reference engine, and
/// checks that they agree, that the planted grid is among the solutions,
/// and that the solution found keeps every rule.
fn agree(puzzle: &Puzzle, grid: &[u16]) -> Result<(), TestCaseError> {
    agrees_with_reference(puzzle, grid, LIMIT, |first| {
        puzzle.rules().check(first).map_err(|e| e.to_string())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn each_kind_alone_counts_as_the_reference(seed in any::<u64>(), kind in 0..KINDS, n in 4usize..=6) {
        let (puzzle, grid) = planted(n, seed, &[kind, kind, kind], 1, 3);
        agree(&puzzle, &grid)?;
    }

    #[test]
    fn kinds_together_count_as_the_reference(seed in any::<u64>(), kinds in prop::collection::vec(0..KINDS, 2..6), n in 4usize..=6) {
        let (puzzle, grid) = planted(n, seed, &kinds, 1, 4);
        agree(&puzzle, &grid)?;
    }
}

#[test]
fn every_kind_is_drawn_and_constrains() {
    // Each kind gives a constraint on some seed, and with no givens at all
    // it leaves fewer solutions than the plain 4×4 board's 288.
    for kind in 0..KINDS {
        let found = (0..50).find_map(|seed| {
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
