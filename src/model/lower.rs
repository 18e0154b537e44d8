//! Lowering named constraints into the engines' general forms: domains, pairs, chains, weighted sums.

use crate::sort::SmallSort;
use std::sync::Arc;

use crate::model::constraint::{
    Constraint, Lowered, NegativeRule, PairRule, indexed_line, indexing_number, neighbours,
};
use crate::model::rules::Rules;
use crate::model::verify::{marked_pairs, orthogonal_pairs, region_pieces, window_pairs};

/// Every constraint of `rules` in general forms, each with the index of
/// the constraint it comes from. Together they say exactly what the named
/// constraints say: a constraint no general form holds wholly also gives
/// [`Lowered::Named`].
pub(crate) fn lower(rules: &Rules) -> Vec<(usize, Lowered)> {
    let n = rules.size();
    let mut out = Vec::new();
    for (i, c) in rules.constraints().iter().enumerate() {
        let mut push = |l: Lowered| out.push((i, l));
        let pair = |a: u32, b: u32, rule: PairRule| Lowered::Pair {
            cells: [a, b],
            rule,
        };
        let sum = |cells: Vec<u32>, weights: Vec<i64>, total: i64| Lowered::Linear {
            cells,
            weights,
            total,
        };
        match c {
            Constraint::Relation { cells, pairs } => push(pair(
                cells[0],
                cells[1],
                PairRule::Table(Arc::new(pairs.clone())),
            )),
            Constraint::Difference { cells, value } => {
                push(pair(cells[0], cells[1], PairRule::Difference(*value)));
            }
            Constraint::Ratio { cells, value } => {
                push(pair(cells[0], cells[1], PairRule::Ratio(*value)));
            }
            Constraint::Xv { cells, sum } => push(pair(cells[0], cells[1], PairRule::Sum(*sum))),
            Constraint::GreaterThan { cells } => push(pair(cells[0], cells[1], PairRule::Greater)),
            Constraint::Thermometer { cells, slow } => push(Lowered::Chain {
                cells: cells.clone(),
                slow: *slow,
            }),
            Constraint::Arrow { .. }
            | Constraint::DoubleArrow { .. }
            | Constraint::LittleKiller { .. }
            | Constraint::Sum { .. } => {
                if let Some((cells, weights, total)) = c.linear(n) {
                    push(sum(cells, weights, total));
                }
            }
            Constraint::Odd { cell } | Constraint::Even { cell } => {
                let odd = matches!(c, Constraint::Odd { .. });
                let values = (1..=n as u16).filter(|v| (v % 2 == 1) == odd).collect();
                push(Lowered::Domain {
                    cell: *cell,
                    values,
                });
            }
            Constraint::Candidates { cell, values } => {
                let mut values = values.clone();
                values.sort_small();
                values.dedup();
                push(Lowered::Domain {
                    cell: *cell,
                    values,
                });
            }
            Constraint::Minimum { cell } => {
                for b in neighbours(n, *cell) {
                    push(pair(b, *cell, PairRule::Greater));
                }
            }
            Constraint::Maximum { cell } => {
                for b in neighbours(n, *cell) {
                    push(pair(*cell, b, PairRule::Greater));
                }
            }
            Constraint::Renban { cells } => {
                let k = u16::try_from(cells.len()).unwrap_or(u16::MAX);
                // Different values less than k apart are k in a row.
                for (a, b) in window_pairs(cells, usize::MAX) {
                    push(pair(a, b, PairRule::Within(k)));
                }
            }
            Constraint::Whisper { cells, difference } => {
                for w in cells.windows(2) {
                    push(pair(w[0], w[1], PairRule::Apart(*difference)));
                }
            }
            Constraint::Palindrome { cells } => {
                let l = cells.len();
                for k in 0..l / 2 {
                    push(pair(cells[k], cells[l - 1 - k], PairRule::Equal));
                }
            }
            Constraint::Clones { cells, copies } => {
                for (&a, &b) in cells.iter().zip(copies) {
                    if a != b {
                        push(pair(a, b, PairRule::Equal));
                    }
                }
            }
            Constraint::SameValues { cells, sets } => {
                let size = cells.len() / usize::from(*sets);
                if size == 1 {
                    // Sets of one cell: every cell holds the first one's value.
                    for &b in &cells[1..] {
                        push(pair(cells[0], b, PairRule::Equal));
                    }
                } else {
                    push(Lowered::Named { index: i });
                }
            }
            Constraint::RegionSumLine { cells } => {
                let pieces = region_pieces(rules.geometry(), cells);
                for p in &pieces[1..] {
                    let mut cells = pieces[0].clone();
                    let mut weights = vec![1; cells.len()];
                    cells.extend(p);
                    weights.extend(p.iter().map(|_| -1));
                    push(sum(cells, weights, 0));
                }
            }
            Constraint::Zipper { cells } => {
                let l = cells.len();
                let pairs: Vec<[u32; 2]> =
                    (0..l / 2).map(|k| [cells[k], cells[l - 1 - k]]).collect();
                if l % 2 == 1 {
                    for p in &pairs {
                        push(sum(vec![p[0], p[1], cells[l / 2]], vec![1, 1, -1], 0));
                    }
                } else {
                    for p in pairs.iter().skip(1) {
                        let (q, r) = (pairs[0], p);
                        push(sum(vec![q[0], q[1], r[0], r[1]], vec![1, 1, -1, -1], 0));
                    }
                }
            }
            Constraint::Entropic { cells } => {
                for (a, b) in window_pairs(cells, 3) {
                    push(pair(a, b, PairRule::ThirdDiffer));
                }
                // Two windows of three side by side hold each third once.
                for w in cells.windows(4) {
                    push(pair(w[0], w[3], PairRule::ThirdEqual));
                }
            }
            Constraint::Modular { cells, modulus } => {
                let m = usize::from(*modulus);
                for (a, b) in window_pairs(cells, m) {
                    push(pair(a, b, PairRule::ModDiffer(*modulus)));
                }
                // Two windows side by side hold every remainder once: the
                // cells `m` apart share one.
                for w in cells.windows(m + 1) {
                    push(pair(w[0], w[m], PairRule::ModEqual(*modulus)));
                }
            }
            Constraint::Lockout { cells, difference } => {
                let last = cells[cells.len() - 1];
                push(pair(cells[0], last, PairRule::Apart(*difference)));
                push(Lowered::Named { index: i });
            }
            Constraint::Nonconsecutive => {
                for (a, b) in orthogonal_pairs(n) {
                    push(pair(a, b, PairRule::Apart(2)));
                }
            }
            Constraint::Negative { rule } => {
                let marked = marked_pairs(n, rules.constraints(), *rule);
                let not = PairRule::Not {
                    white: *rule == NegativeRule::White,
                    black: *rule == NegativeRule::Black,
                    xv: *rule == NegativeRule::Xv,
                };
                for p in orthogonal_pairs(n).filter(|p| marked.binary_search(p).is_err()) {
                    push(pair(p.0, p.1, not.clone()));
                }
            }
            Constraint::Lunchbox { cells, .. } => {
                for (a, b) in window_pairs(cells, usize::MAX) {
                    push(pair(a, b, PairRule::Apart(1)));
                }
                push(Lowered::Named { index: i });
            }
            Constraint::Indexing { cells, by_rows } => {
                // With rows (columns) as houses, `c`'s number stands at
                // place k of its line exactly when `c` holds k + 1.
                for &c in cells {
                    let own = indexing_number(n, c, *by_rows);
                    for (k, d) in indexed_line(n, c, *by_rows).enumerate() {
                        if d == c {
                            continue;
                        }
                        let at = k as u16 + 1;
                        let pairs = (1..=n as u16)
                            .flat_map(|a| (1..=n as u16).map(move |b| (a, b)))
                            .filter(|&(a, b)| (a == at) == (b == own))
                            .collect();
                        push(pair(c, d, PairRule::Table(Arc::new(pairs))));
                    }
                }
            }
            Constraint::LookAndSay { cells, counts } => {
                let gone: Vec<u16> = counts.iter().filter(|p| p.0 == 0).map(|p| p.1).collect();
                if !gone.is_empty() {
                    let values: Vec<u16> = (1..=n as u16).filter(|x| !gone.contains(x)).collect();
                    for &cell in cells {
                        push(Lowered::Domain {
                            cell,
                            values: values.clone(),
                        });
                    }
                }
                if counts.iter().any(|p| p.0 > 0) {
                    push(Lowered::Named { index: i });
                }
            }
            Constraint::SumLine { .. } | Constraint::CountingCircles { .. } => {
                push(Lowered::Named { index: i });
            }
            Constraint::Sandwich { .. }
            | Constraint::XSum { .. }
            | Constraint::Skyscraper { .. }
            | Constraint::Between { .. }
            | Constraint::Quadruple { .. } => push(Lowered::Named { index: i }),
        }
    }
    out
}
