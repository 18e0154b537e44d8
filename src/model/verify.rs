//! Checking constraints: each as it is added to rules, and each on a full or partial grid.

use crate::model::constraint::{Constraint, Outside, diagonal, neighbours, outside_line, third};
use crate::model::counting;
use crate::model::geometry::Geometry;
use crate::sort::SmallSort;

/// `R3C4` for a cell index on a board of side `n`.
pub(crate) fn name(n: usize, c: u32) -> String {
    let c = c as usize;
    format!("R{}C{}", c / n + 1, c % n + 1)
}

/// `R0C4` for an outside cell, as f-puzzles names it.
fn outside_name(o: Outside) -> String {
    format!("R{}C{}", i64::from(o.row) + 1, i64::from(o.col) + 1)
}

/// Whether `a` and `b` share a side on a board of side `n`.
pub(crate) fn orthogonal(n: usize, a: u32, b: u32) -> bool {
    let (a, b) = (a as usize, b as usize);
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    ra.abs_diff(rb) + ca.abs_diff(cb) == 1
}

/// Every pair of orthogonal neighbours, lower first.
pub(crate) fn orthogonal_pairs(n: usize) -> impl Iterator<Item = (u32, u32)> {
    (0..n * n).flat_map(move |c| {
        let right = (c % n + 1 < n).then_some((c as u32, c as u32 + 1));
        let down = (c + n < n * n).then_some((c as u32, (c + n) as u32));
        right.into_iter().chain(down)
    })
}

/// Checks `constraint` against a board of side `n`, and puts it in its
/// normal form (a relation's pairs sorted). `Err` says what is wrong.
pub(crate) fn validate(n: usize, constraint: &mut Constraint) -> Result<(), String> {
    let total = (n * n) as u32;
    let on_board = |cells: &[u32]| -> Result<(), String> {
        match cells.iter().find(|&&c| c >= total) {
            Some(&c) => Err(format!(
                "names cell {} (index {c}), off the {n}x{n} board",
                name(n, c)
            )),
            None => Ok(()),
        }
    };
    let once = |cells: &[u32]| -> Result<(), String> {
        on_board(cells)?;
        for (i, c) in cells.iter().enumerate() {
            if cells[..i].contains(c) {
                return Err(format!("passes through {} twice", name(n, *c)));
            }
        }
        Ok(())
    };
    let at_least = |cells: &[u32], k: usize| -> Result<(), String> {
        if cells.len() < k {
            return Err(format!("has {} cells, needs {k} or more", cells.len()));
        }
        once(cells)
    };
    let dot = |cells: &[u32; 2]| -> Result<(), String> {
        once(cells)?;
        if orthogonal(n, cells[0], cells[1]) {
            Ok(())
        } else {
            Err(format!(
                "joins {} and {}, which are not orthogonal neighbours",
                name(n, cells[0]),
                name(n, cells[1])
            ))
        }
    };
    let line_clue = |clue: Outside| -> Result<(), String> {
        match outside_line(n, clue) {
            Some(_) => Ok(()),
            None => Err(format!(
                "has its clue at {}, not outside the end of a row or column of the {n}x{n} board",
                outside_name(clue)
            )),
        }
    };
    match constraint {
        Constraint::Relation { cells, pairs } => {
            once(cells)?;
            if let Some(&(a, b)) = pairs
                .iter()
                .find(|&&(a, b)| a == 0 || b == 0 || usize::from(a.max(b)) > n)
            {
                return Err(format!("allows the pair ({a}, {b}), out of 1 to {n}"));
            }
            pairs.sort_small();
            pairs.dedup();
        }
        Constraint::Difference { cells, .. } | Constraint::Xv { cells, .. } => dot(cells)?,
        Constraint::Ratio { cells, value } => {
            dot(cells)?;
            if *value == 0 {
                return Err("has ratio 0".to_owned());
            }
        }
        Constraint::GreaterThan { cells } => once(cells)?,
        Constraint::Thermometer { cells, .. }
        | Constraint::Renban { cells }
        | Constraint::Whisper { cells, .. }
        | Constraint::Palindrome { cells }
        | Constraint::RegionSumLine { cells }
        | Constraint::Zipper { cells }
        | Constraint::Entropic { cells }
        | Constraint::Sum { cells, .. } => at_least(cells, 1)?,
        Constraint::Modular { cells, modulus } => {
            at_least(cells, 1)?;
            if *modulus == 0 {
                return Err("has modulus 0".to_owned());
            }
        }
        Constraint::Between { cells } | Constraint::Lockout { cells, .. } => at_least(cells, 2)?,
        Constraint::DoubleArrow { cells } => at_least(cells, 3)?,
        Constraint::Arrow { circle, line } => {
            if circle.is_empty() {
                return Err("has no circle".to_owned());
            }
            if line.is_empty() {
                return Err("has no line".to_owned());
            }
            if circle.len() > 9 {
                return Err(format!("has a pill of {} cells, more than 9", circle.len()));
            }
            let all: Vec<u32> = circle.iter().chain(line.iter()).copied().collect();
            once(&all)?;
        }
        Constraint::LittleKiller {
            clue, direction, ..
        } => {
            let m = n as i32;
            let around = |x: i32| (-1..=m).contains(&x);
            let edge = |x: i32| x == -1 || x == m;
            if !(around(clue.row) && around(clue.col) && (edge(clue.row) || edge(clue.col))) {
                return Err(format!(
                    "has its clue at {}, not outside the {n}x{n} board",
                    outside_name(*clue)
                ));
            }
            if diagonal(n, *clue, *direction).is_empty() {
                return Err(format!(
                    "points from {} away from the board",
                    outside_name(*clue)
                ));
            }
        }
        Constraint::Sandwich { clue, .. }
        | Constraint::XSum { clue, .. }
        | Constraint::Skyscraper { clue, .. } => line_clue(*clue)?,
        Constraint::Odd { cell }
        | Constraint::Even { cell }
        | Constraint::Minimum { cell }
        | Constraint::Maximum { cell } => on_board(&[*cell])?,
        Constraint::Candidates { cell, values } => {
            on_board(&[*cell])?;
            if values.is_empty() {
                return Err("lists no value".to_owned());
            }
            if let Some(v) = values.iter().find(|&&v| v == 0 || usize::from(v) > n) {
                return Err(format!("lists value {v}, out of 1 to {n}"));
            }
        }
        Constraint::Quadruple { cells, values } => {
            if cells.len() != 4 {
                return Err(format!("has {} cells, needs 4", cells.len()));
            }
            once(cells)?;
            let mut sorted = cells.clone();
            sorted.sort_small();
            let c = sorted[0] as usize;
            let square = c % n + 1 < n
                && sorted == [c, c + 1, c + n, c + n + 1].map(|c| c as u32)
                && c + n + 1 < n * n;
            if !square {
                return Err("does not cover a 2x2 square".to_owned());
            }
            if values.is_empty() || values.len() > 4 {
                return Err(format!("lists {} values, needs 1 to 4", values.len()));
            }
            if let Some(v) = values.iter().find(|&&v| v == 0 || usize::from(v) > n) {
                return Err(format!("lists value {v}, out of 1 to {n}"));
            }
        }
        Constraint::Clones { cells, copies } => {
            at_least(cells, 1)?;
            once(copies)?;
            if cells.len() != copies.len() {
                return Err(format!(
                    "clones {} cells into {}",
                    cells.len(),
                    copies.len()
                ));
            }
        }
        Constraint::SumLine { cells, sum, .. } => {
            at_least(cells, 1)?;
            if *sum == 0 {
                return Err("has sum 0".to_owned());
            }
        }
        Constraint::Lunchbox { cells, .. } => at_least(cells, 2)?,
        Constraint::Indexing { cells, .. } | Constraint::CountingCircles { cells } => {
            at_least(cells, 1)?;
        }
        Constraint::LookAndSay { cells, counts } => {
            at_least(cells, 1)?;
            if counts.is_empty() {
                return Err("lists no value".to_owned());
            }
            for (i, &(_, v)) in counts.iter().enumerate() {
                if v == 0 || usize::from(v) > n {
                    return Err(format!("lists value {v}, out of 1 to {n}"));
                }
                if counts[..i].iter().any(|&(_, w)| w == v) {
                    return Err(format!("lists value {v} twice"));
                }
            }
        }
        Constraint::SameValues { cells, sets } => {
            once(cells)?;
            let k = usize::from(*sets);
            if k < 2 {
                return Err(format!("has {k} sets, needs 2 or more"));
            }
            if cells.is_empty() || !cells.len().is_multiple_of(k) {
                return Err(format!(
                    "has {} cells, which do not make {k} sets of one size",
                    cells.len()
                ));
            }
        }
        Constraint::Nonconsecutive | Constraint::Negative { .. } => {}
    }
    Ok(())
}

/// The pairs of cells `constraint` makes hold different values (beyond
/// what the named rule says of other cells), lower first.
pub(crate) fn differ(n: usize, constraint: &Constraint) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut push = |a: u32, b: u32| out.push((a.min(b), a.max(b)));
    let within = |cells: &[u32], k: usize, push: &mut dyn FnMut(u32, u32)| {
        for (i, &a) in cells.iter().enumerate() {
            for &b in cells.iter().skip(i + 1).take(k) {
                push(a, b);
            }
        }
    };
    match constraint {
        Constraint::Relation { cells, pairs } if pairs.iter().all(|(a, b)| a != b) => {
            push(cells[0], cells[1]);
        }
        Constraint::Difference { cells, value } if *value > 0 => push(cells[0], cells[1]),
        Constraint::Ratio { cells, value } if *value > 1 => push(cells[0], cells[1]),
        Constraint::Xv { cells, sum } if sum % 2 == 1 => push(cells[0], cells[1]),
        Constraint::GreaterThan { cells } => push(cells[0], cells[1]),
        Constraint::Thermometer { cells, slow: false }
        | Constraint::Renban { cells }
        | Constraint::Lunchbox { cells, .. } => {
            within(cells, usize::MAX, &mut push);
        }
        Constraint::Whisper { cells, difference } if *difference > 0 => {
            within(cells, 1, &mut push);
        }
        Constraint::Entropic { cells } => within(cells, 2, &mut push),
        Constraint::Modular { cells, modulus } => {
            within(cells, usize::from(*modulus) - 1, &mut push);
        }
        Constraint::Lockout { cells, difference } if *difference > 0 => {
            push(cells[0], cells[cells.len() - 1]);
        }
        Constraint::Minimum { cell } | Constraint::Maximum { cell } => {
            for b in neighbours(n, *cell) {
                push(*cell, b);
            }
        }
        _ => {}
    }
    out
}

/// Why `constraint` fails on `grid` (0 for empty), and the cells that
/// break it: `None` when nothing breaks it that is wholly placed or that
/// the empty cells could not mend. Checks needed conditions on a partial
/// grid and the whole rule on a full one.
pub(crate) fn broken(
    geometry: &Geometry,
    all: &[Constraint],
    constraint: &Constraint,
    grid: &[u16],
) -> Option<(String, Vec<u32>)> {
    let n = geometry.size();
    let v = |c: u32| grid[c as usize];
    let nm = |c: u32| name(n, c);
    let pair_fail = |a: u32, b: u32, ok: &dyn Fn(u16, u16) -> bool, what: &str| {
        (v(a) != 0 && v(b) != 0 && !ok(v(a), v(b)))
            .then(|| (format!("{what} at {} and {}", nm(a), nm(b)), vec![a, b]))
    };
    match constraint {
        Constraint::Relation { cells, pairs } => pair_fail(
            cells[0],
            cells[1],
            &|a, b| pairs.binary_search(&(a, b)).is_ok(),
            "does not allow the pair",
        ),
        Constraint::Difference { cells, value } => pair_fail(
            cells[0],
            cells[1],
            &|a, b| a.abs_diff(b) == *value,
            &format!("does not hold a difference of {value}"),
        ),
        Constraint::Ratio { cells, value } => pair_fail(
            cells[0],
            cells[1],
            &|a, b| {
                u32::from(a) == u32::from(*value) * u32::from(b)
                    || u32::from(b) == u32::from(*value) * u32::from(a)
            },
            &format!("does not hold a ratio of {value}"),
        ),
        Constraint::Xv { cells, sum } => pair_fail(
            cells[0],
            cells[1],
            &|a, b| u32::from(a) + u32::from(b) == u32::from(*sum),
            &format!("does not sum to {sum}"),
        ),
        Constraint::GreaterThan { cells } => {
            pair_fail(cells[0], cells[1], &|a, b| a > b, "is not greater")
        }
        Constraint::Thermometer { cells, slow } => {
            // Each placed value at least the last placed one's plus the steps between.
            let mut last: Option<(usize, u16)> = None;
            for (i, &c) in cells.iter().enumerate() {
                let x = v(c);
                let low = if *slow { 1 } else { i + 1 };
                let high = if *slow {
                    n
                } else {
                    n.saturating_sub(cells.len() - 1 - i)
                };
                if x != 0 && !(low..=high).contains(&usize::from(x)) {
                    return Some((format!("cannot hold {x} at {}", nm(c)), vec![c]));
                }
                if x == 0 {
                    continue;
                }
                if let Some((j, y)) = last {
                    let gap = if *slow { 0 } else { i - j };
                    if usize::from(x) < usize::from(y) + gap {
                        return Some((
                            format!("does not increase at {}", nm(c)),
                            vec![cells[j], c],
                        ));
                    }
                }
                last = Some((i, x));
            }
            None
        }
        Constraint::Arrow { .. }
        | Constraint::DoubleArrow { .. }
        | Constraint::LittleKiller { .. }
        | Constraint::Sum { .. } => {
            let (cells, weights, total) = constraint.linear(n)?;
            let why = match constraint {
                Constraint::Arrow { .. } => "does not sum to its circle".to_owned(),
                Constraint::DoubleArrow { .. } => "does not sum to its ends".to_owned(),
                _ => format!("does not sum to {total}"),
            };
            linear_fail(n, grid, &cells, &weights, total).then_some((why, cells))
        }
        Constraint::Sandwich { clue, sum } => {
            let line = outside_line(n, *clue)?;
            let at = |x: usize| line.iter().position(|&c| usize::from(v(c)) == x);
            let (a, b) = (at(1)?, at(n)?);
            let inner = &line[a.min(b) + 1..a.max(b)];
            let values = inner.iter().map(|&c| u64::from(v(c)));
            (values.clone().all(|x| x != 0) && values.sum::<u64>() != *sum).then(|| {
                (
                    format!("does not sum to {sum} between 1 and {n}"),
                    inner.to_vec(),
                )
            })
        }
        Constraint::XSum { clue, sum } => {
            let line = outside_line(n, *clue)?;
            let x = usize::from(v(line[0]));
            if x == 0 {
                return None;
            }
            let first = &line[..x.min(line.len())];
            let values = first.iter().map(|&c| u64::from(v(c)));
            (values.clone().all(|x| x != 0) && values.sum::<u64>() != *sum)
                .then(|| (format!("does not sum to {sum}"), first.to_vec()))
        }
        Constraint::Skyscraper { clue, count } => {
            let line = outside_line(n, *clue)?;
            if line.iter().any(|&c| v(c) == 0) {
                return None;
            }
            let mut top = 0;
            let seen = line
                .iter()
                .filter(|&&c| {
                    let tall = v(c) > top;
                    top = top.max(v(c));
                    tall
                })
                .count();
            (seen != usize::from(*count))
                .then(|| (format!("sees {seen}, not {count}"), line.clone()))
        }
        Constraint::Odd { cell } => (v(*cell) != 0 && v(*cell) % 2 == 0).then(|| {
            (
                format!("holds even {} at {}", v(*cell), nm(*cell)),
                vec![*cell],
            )
        }),
        Constraint::Even { cell } => (v(*cell) % 2 == 1).then(|| {
            (
                format!("holds odd {} at {}", v(*cell), nm(*cell)),
                vec![*cell],
            )
        }),
        Constraint::Minimum { cell } | Constraint::Maximum { cell } => {
            let min = matches!(constraint, Constraint::Minimum { .. });
            let x = v(*cell);
            let b = neighbours(n, *cell)
                .find(|&b| x != 0 && v(b) != 0 && if min { x >= v(b) } else { x <= v(b) })?;
            let word = if min { "below" } else { "above" };
            Some((
                format!("at {} is not {word} {}", nm(*cell), nm(b)),
                vec![*cell, b],
            ))
        }
        Constraint::Renban { cells } => {
            let placed: Vec<u32> = cells.iter().copied().filter(|&c| v(c) != 0).collect();
            for (i, &a) in placed.iter().enumerate() {
                if let Some(&b) = placed[..i].iter().find(|&&b| v(b) == v(a)) {
                    return Some((format!("repeats {} at {}", v(a), nm(a)), vec![b, a]));
                }
            }
            let lo = placed.iter().map(|&c| v(c)).min()?;
            let hi = placed.iter().map(|&c| v(c)).max()?;
            (usize::from(hi - lo) >= cells.len()).then(|| {
                (
                    format!(
                        "holds {lo} and {hi}, too far apart for {} cells",
                        cells.len()
                    ),
                    placed,
                )
            })
        }
        Constraint::Whisper { cells, difference } => cells.windows(2).find_map(|w| {
            pair_fail(
                w[0],
                w[1],
                &|a, b| a.abs_diff(b) >= *difference,
                &format!("differs by less than {difference}"),
            )
        }),
        Constraint::Palindrome { cells } => {
            let l = cells.len();
            (0..l / 2).find_map(|i| {
                pair_fail(
                    cells[i],
                    cells[l - 1 - i],
                    &|a, b| a == b,
                    "does not mirror",
                )
            })
        }
        Constraint::Clones { cells, copies } => cells
            .iter()
            .zip(copies)
            .find_map(|(&a, &b)| pair_fail(a, b, &|a, b| a == b, "does not clone")),
        Constraint::Between { cells } => {
            let (a, b) = (v(cells[0]), v(cells[cells.len() - 1]));
            if a == 0 || b == 0 {
                return None;
            }
            let (lo, hi) = (a.min(b), a.max(b));
            let inner = &cells[1..cells.len() - 1];
            if let Some(&c) = inner
                .iter()
                .find(|&&c| v(c) != 0 && !(lo < v(c) && v(c) < hi))
            {
                return Some((
                    format!("holds {} at {}, not between {lo} and {hi}", v(c), nm(c)),
                    vec![c],
                ));
            }
            (lo + 1 >= hi && !inner.is_empty()).then(|| {
                (
                    format!("has ends {lo} and {hi}, with no value between them"),
                    vec![cells[0], cells[cells.len() - 1]],
                )
            })
        }
        Constraint::Lockout { cells, difference } => {
            let (a, b) = (v(cells[0]), v(cells[cells.len() - 1]));
            if a == 0 || b == 0 {
                return None;
            }
            let (first, last) = (cells[0], cells[cells.len() - 1]);
            if a.abs_diff(b) < *difference {
                return Some((
                    format!("has ends {a} and {b}, less than {difference} apart"),
                    vec![first, last],
                ));
            }
            let (lo, hi) = (a.min(b), a.max(b));
            let c = cells[1..cells.len() - 1]
                .iter()
                .find(|&&c| (lo..=hi).contains(&v(c)) && v(c) != 0)?;
            Some((
                format!(
                    "holds {} at {}, between its ends {lo} and {hi}",
                    v(*c),
                    nm(*c)
                ),
                vec![*c],
            ))
        }
        Constraint::Zipper { cells } => {
            let l = cells.len();
            let pairs: Vec<(u32, u32)> = (0..l / 2).map(|i| (cells[i], cells[l - 1 - i])).collect();
            let sum = |(a, b): (u32, u32)| {
                (v(a) != 0 && v(b) != 0).then(|| u32::from(v(a)) + u32::from(v(b)))
            };
            let target = if l % 2 == 1 {
                Some(u32::from(v(cells[l / 2])))
                    .filter(|&t| t != 0)
                    .map(|t| (t, cells[l / 2]))
            } else {
                pairs.iter().find_map(|&p| sum(p).map(|s| (s, p.0)))
            };
            let (t, at) = target?;
            let (a, b) = pairs
                .iter()
                .copied()
                .find(|&p| sum(p).is_some_and(|s| s != t))?;
            Some((
                format!("sums {} and {} to other than {t}", nm(a), nm(b)),
                vec![a, b, at],
            ))
        }
        Constraint::Entropic { cells } => window_pairs(cells, 3).find_map(|(a, b)| {
            pair_fail(a, b, &|x, y| third(n, x) != third(n, y), "repeats a third")
        }),
        Constraint::Modular { cells, modulus } => {
            let m = *modulus;
            window_pairs(cells, usize::from(m)).find_map(|(a, b)| {
                pair_fail(
                    a,
                    b,
                    &|x, y| x % m != y % m,
                    &format!("repeats a value modulo {m}"),
                )
            })
        }
        Constraint::RegionSumLine { cells } => {
            let pieces = region_pieces(geometry, cells);
            let sums: Vec<Option<u64>> = pieces
                .iter()
                .map(|p| {
                    let values = p.iter().map(|&c| u64::from(v(c)));
                    values.clone().all(|x| x != 0).then(|| values.sum())
                })
                .collect();
            let first = sums.iter().position(Option::is_some)?;
            let other = sums.iter().position(|&s| s.is_some() && s != sums[first])?;
            let mut broke = pieces[first].clone();
            broke.extend(&pieces[other]);
            Some((
                format!(
                    "sums to {} and to {} in two boxes",
                    sums[first]?, sums[other]?
                ),
                broke,
            ))
        }
        Constraint::Candidates { cell, values } => (v(*cell) != 0 && !values.contains(&v(*cell)))
            .then(|| {
                (
                    format!("holds {} at {}, not a listed value", v(*cell), nm(*cell)),
                    vec![*cell],
                )
            }),
        Constraint::Quadruple { cells, values } => {
            let empty = cells.iter().filter(|&&c| v(c) == 0).count();
            let mut missing = 0;
            let mut listed = values.clone();
            listed.sort_small();
            listed.dedup();
            for x in listed {
                let need = values.iter().filter(|&&y| y == x).count();
                let have = cells.iter().filter(|&&c| v(c) == x).count();
                missing += need.saturating_sub(have);
            }
            (missing > empty).then(|| ("misses a listed value".to_owned(), cells.clone()))
        }
        Constraint::SumLine { .. }
        | Constraint::Lunchbox { .. }
        | Constraint::Indexing { .. }
        | Constraint::CountingCircles { .. }
        | Constraint::LookAndSay { .. }
        | Constraint::SameValues { .. } => counting::broken(n, constraint, grid),
        Constraint::Nonconsecutive => orthogonal_pairs(n).find_map(|(a, b)| {
            pair_fail(a, b, &|x, y| x.abs_diff(y) != 1, "holds consecutive values")
        }),
        Constraint::Negative { rule } => {
            let rule = *rule;
            let marked = marked_pairs(n, all, rule);
            orthogonal_pairs(n)
                .filter(|p| marked.binary_search(p).is_err())
                .find_map(|(a, b)| {
                    pair_fail(
                        a,
                        b,
                        &|x, y| negative_allows(rule, x, y),
                        "has no mark between",
                    )
                })
        }
    }
}

/// Whether values `x` and `y` may stand side by side without a mark under
/// the negative `rule`.
pub(crate) fn negative_allows(
    rule: crate::model::constraint::NegativeRule,
    x: u16,
    y: u16,
) -> bool {
    use crate::model::constraint::NegativeRule;
    match rule {
        NegativeRule::White => x.abs_diff(y) != 1,
        NegativeRule::Black => u32::from(x) != 2 * u32::from(y) && u32::from(y) != 2 * u32::from(x),
        NegativeRule::Xv => !matches!(x + y, 5 | 10),
    }
}

/// The orthogonal pairs, lower first and sorted, that carry a mark the
/// negative `rule` looks at: any Kropki dot for the dot rules, an X or V
/// (any pair sum) for XV.
pub(crate) fn marked_pairs(
    n: usize,
    all: &[Constraint],
    rule: crate::model::constraint::NegativeRule,
) -> Vec<(u32, u32)> {
    use crate::model::constraint::NegativeRule;
    let mut out: Vec<(u32, u32)> = all
        .iter()
        .filter_map(|c| match (rule, c) {
            (
                NegativeRule::White | NegativeRule::Black,
                Constraint::Difference { cells, .. } | Constraint::Ratio { cells, .. },
            )
            | (NegativeRule::Xv, Constraint::Xv { cells, .. }) => Some(*cells),
            _ => None,
        })
        .filter(|c| orthogonal(n, c[0], c[1]))
        .map(|c| (c[0].min(c[1]), c[0].max(c[1])))
        .collect();
    out.sort_small();
    out.dedup();
    out
}

/// The pieces of `cells` (a line) in one box or region each: a new piece
/// where the line enters another.
pub(crate) fn region_pieces(geometry: &Geometry, cells: &[u32]) -> Vec<Vec<u32>> {
    let region = |c: u32| geometry.houses_of(c as usize)[2].house;
    let mut pieces: Vec<Vec<u32>> = Vec::new();
    for &c in cells {
        match pieces.last_mut() {
            Some(p) if region(p[0]) == region(c) => p.push(c),
            _ => pieces.push(vec![c]),
        }
    }
    pieces
}

/// The pairs of cells fewer than `k` steps apart along `cells`.
pub(crate) fn window_pairs(cells: &[u32], k: usize) -> impl Iterator<Item = (u32, u32)> + '_ {
    cells.iter().enumerate().flat_map(move |(i, &a)| {
        cells
            .iter()
            .skip(i + 1)
            .take(k.saturating_sub(1))
            .map(move |&b| (a, b))
    })
}

/// Whether `Σ weights[i]·value(cells[i]) == total` cannot hold whatever
/// values of 1 to `n` the empty cells take.
pub(crate) fn linear_fail(
    n: usize,
    grid: &[u16],
    cells: &[u32],
    weights: &[i64],
    total: i64,
) -> bool {
    let (mut lo, mut hi) = (0i128, 0i128);
    for (&c, &w) in cells.iter().zip(weights) {
        let (w, x) = (i128::from(w), i128::from(grid[c as usize]));
        if x != 0 {
            lo += w * x;
            hi += w * x;
        } else {
            let (a, b) = (w, w * n as i128);
            lo += a.min(b);
            hi += a.max(b);
        }
    }
    !(lo..=hi).contains(&i128::from(total))
}
