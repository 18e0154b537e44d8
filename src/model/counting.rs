//! The checks of ISS's counting and segment rules on full and partial grids: sum lines, lunchboxes, indexing, counting circles, look-and-say, same-value sets.

use crate::model::cell::Cell;
use crate::model::constraint::{Constraint, indexed_line, indexing_number};

/// Why one of these constraints fails on `grid` (0 for empty), and the
/// cells that break it; `None` for the other constraints and when the
/// empty cells could still mend it.
pub(crate) fn broken(
    n: usize,
    constraint: &Constraint,
    grid: &[u16],
) -> Option<(String, Vec<u32>)> {
    let v = |c: u32| grid[c as usize];
    match constraint {
        Constraint::SumLine {
            cells,
            sum,
            is_loop,
        } => {
            let values: Vec<u16> = cells.iter().map(|&c| v(c)).collect();
            (!sum_line_fits(n, &values, *sum, *is_loop)).then(|| {
                (
                    format!("does not split into pieces summing to {sum}"),
                    cells.clone(),
                )
            })
        }
        Constraint::Lunchbox { cells, sum } => {
            for (i, &a) in cells.iter().enumerate() {
                if let Some(&b) = cells[..i].iter().find(|&&b| v(a) != 0 && v(b) == v(a)) {
                    return Some((format!("repeats {} at {}", v(a), name(n, a)), vec![b, a]));
                }
            }
            if cells.iter().any(|&c| v(c) == 0) {
                return None;
            }
            let at = |best: fn(u16, u16) -> bool| {
                (0..cells.len()).fold(0, |k, i| if best(v(cells[i]), v(cells[k])) { i } else { k })
            };
            let (lo, hi) = (at(|a, b| a < b), at(|a, b| a > b));
            let inner = &cells[lo.min(hi) + 1..lo.max(hi)];
            let got: u64 = inner.iter().map(|&c| u64::from(v(c))).sum();
            (got != *sum).then(|| {
                (
                    format!("sums to {got}, not {sum}, between its least and greatest"),
                    cells.clone(),
                )
            })
        }
        Constraint::Indexing { cells, by_rows } => cells.iter().find_map(|&c| {
            let x = usize::from(v(c));
            if x == 0 {
                return None;
            }
            let target = indexed_line(n, c, *by_rows).nth(x - 1)?;
            let want = usize::from(indexing_number(n, c, *by_rows));
            let y = usize::from(v(target));
            (y != 0 && y != want).then(|| {
                (
                    format!(
                        "at {} points to {}, which holds {y}, not {want}",
                        name(n, c),
                        name(n, target)
                    ),
                    vec![c, target],
                )
            })
        }),
        Constraint::CountingCircles { cells } => {
            let open = cells.iter().filter(|&&c| v(c) == 0).count();
            let mut count = vec![0usize; n + 1];
            for &c in cells {
                count[usize::from(v(c))] += 1;
            }
            let named: usize = (1..=n).filter(|&x| count[x] > 0).sum();
            let bad = (1..=n).find(|&x| count[x] > 0 && (count[x] > x || count[x] + open < x));
            match bad {
                Some(x) => Some((format!("holds {x} in {} circles", count[x]), cells.clone())),
                None => (named > cells.len()).then(|| {
                    (
                        format!(
                            "holds values that need {named} circles, more than {}",
                            cells.len()
                        ),
                        cells.clone(),
                    )
                }),
            }
        }
        Constraint::LookAndSay { cells, counts } => {
            let open = cells.iter().filter(|&&c| v(c) == 0).count();
            counts.iter().find_map(|&(k, x)| {
                let have = cells.iter().filter(|&&c| v(c) == x).count();
                let k = usize::from(k);
                (have > k || have + open < k)
                    .then(|| (format!("holds {x} {have} times, not {k}"), cells.clone()))
            })
        }
        Constraint::SameValues { cells, sets } => {
            let size = cells.len() / usize::from(*sets);
            let groups = || cells.chunks(size);
            // A value some set holds more often than another set can.
            let mut placed = cells.iter().map(|&c| v(c)).filter(|&x| x != 0);
            placed.find_map(|x| {
                let count = |g: &[u32]| g.iter().filter(|&&c| v(c) == x).count();
                let room = |g: &[u32]| count(g) + g.iter().filter(|&&c| v(c) == 0).count();
                let most = groups().map(count).max().unwrap_or(0);
                let least = groups().map(room).min().unwrap_or(0);
                (least < most).then(|| {
                    let why =
                        format!("holds {x} {most} times in one set, {least} at most in another");
                    (why, cells.clone())
                })
            })
        }
        _ => None,
    }
}

/// Whether `values` (0 for an open cell, which may hold 1 to `n`) can
/// split into pieces of consecutive cells each summing to `sum`; on a loop
/// the first piece may begin anywhere and run on round the end.
pub(crate) fn sum_line_fits(n: usize, values: &[u16], sum: u64, is_loop: bool) -> bool {
    if sum >= 128 {
        // Past the bitsets, only a line whose cells are all placed is judged.
        if values.contains(&0) {
            return true;
        }
        let fits = |start: usize| {
            let mut part = 0u64;
            for k in 0..values.len() {
                part += u64::from(values[(start + k) % values.len()]);
                if part == sum {
                    part = 0;
                } else if part > sum {
                    return false;
                }
            }
            part == 0
        };
        return if is_loop {
            (0..values.len()).any(fits)
        } else {
            fits(0)
        };
    }
    let s = sum as u32;
    let step = |state: u128, x: u32| piece_step(s, state, x);
    let run = |start: u128| {
        values.iter().fold(start, |state, &x| {
            if x != 0 {
                step(state, u32::from(x))
            } else {
                (1..=n as u32).fold(0, |acc, x| acc | step(state, x))
            }
        })
    };
    if is_loop {
        (0..s).any(|k| (run(1 << k) >> k) & 1 == 1)
    } else {
        run(1) & 1 == 1
    }
}

/// A sum line's states after value `x` (1 or more) from `state`, for
/// pieces summing to `sum` (below 128): bit s of a state is a piece open
/// with s so far, bit 0 none open.
pub(crate) fn piece_step(sum: u32, state: u128, x: u32) -> u128 {
    if x == 0 || x > sum {
        return 0;
    }
    let mut next = (state << x) & ((1u128 << sum) - 1);
    if (state >> (sum - x)) & 1 == 1 {
        next |= 1;
    }
    next
}

/// `R3C4` for a cell index on a board of side `n`.
fn name(n: usize, c: u32) -> Cell {
    Cell::from_index(c as usize, n)
}
