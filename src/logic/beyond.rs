//! What the ladder reads from constraints beyond houses and cages: their two-cell rules, chains, cell domains and sums, in lowered form, sandwiches and whole lines.

use crate::model::constraint::{Constraint, Lowered, NegativeRule, outside_line};
use crate::model::lower::lower;
use crate::model::rules::Rules;

/// A rule between two cells: for each value of one, the values of the
/// other it allows, both ways.
#[derive(Debug)]
pub(crate) struct PairTable {
    pub(crate) cells: [u32; 2],
    /// `allows[0][v - 1]`: the second cell's values that value `v` of the
    /// first allows; `allows[1]` the other way.
    pub(crate) allows: [Vec<u64>; 2],
    /// What the rule is, in a step's words: "white dot", "no X or V".
    pub(crate) what: &'static str,
}

/// Values that increase along cells (never decrease when `slow`).
#[derive(Debug)]
pub(crate) struct Chain {
    pub(crate) cells: Vec<u32>,
    pub(crate) slow: bool,
    pub(crate) what: &'static str,
}

/// A cell kept to some values.
#[derive(Debug)]
pub(crate) struct Domain {
    pub(crate) cell: u32,
    pub(crate) values: u64,
    pub(crate) what: &'static str,
}

/// A weighted sum, `Σ weights[i]·value(cells[i]) == total`: an arrow (a
/// pill's cells weighted by their powers of ten), a double arrow, a little
/// killer, a sum, a region-sum line or zipper line's pieces.
#[derive(Debug)]
pub(crate) struct LineSum {
    pub(crate) cells: Vec<u32>,
    pub(crate) weights: Vec<i64>,
    pub(crate) total: i64,
    /// What the sum is: "arrow", "little killer".
    pub(crate) what: &'static str,
    /// The clue's value, for little killers and sums.
    pub(crate) clue: Option<u64>,
}

/// A sandwich clue: the cells between 1 and N of `cells` (a row or a
/// column) sum to `sum`.
#[derive(Debug)]
pub(crate) struct SandwichClue {
    pub(crate) cells: Vec<u32>,
    pub(crate) sum: u64,
}

/// A line the ladder reasons about as a whole (a renban, whisper, between
/// or lockout line): its cells in order and its least difference (whispers
/// and lockout lines; 0 for the others).
#[derive(Debug)]
pub(crate) struct Line {
    pub(crate) cells: Vec<u32>,
    pub(crate) difference: u16,
}

/// The constraints of a rules value the ladder has steps for, built once
/// per rules with the layout.
#[derive(Debug, Default)]
pub(crate) struct Beyond {
    pub(crate) pairs: Vec<PairTable>,
    pub(crate) chains: Vec<Chain>,
    pub(crate) domains: Vec<Domain>,
    pub(crate) sums: Vec<LineSum>,
    pub(crate) sandwiches: Vec<SandwichClue>,
    pub(crate) renbans: Vec<Line>,
    pub(crate) whispers: Vec<Line>,
    pub(crate) betweens: Vec<Line>,
    pub(crate) lockouts: Vec<Line>,
}

impl Beyond {
    /// The pairs, chains and domains of the constraints of `rules` that
    /// lower wholly into them, its sandwiches and its renban, whisper,
    /// between and lockout lines; nothing past 64×64.
    pub(crate) fn new(rules: &Rules) -> Self {
        let n = rules.size();
        let mut out = Self::default();
        if rules.constraints().is_empty() || n > 64 {
            return out;
        }
        let lowered = lower(rules);
        let constraints = rules.constraints();
        let whole = wholly(&lowered, constraints);
        for c in constraints {
            let line = |cells: &Vec<u32>, difference: u16| Line {
                cells: cells.clone(),
                difference,
            };
            match c {
                Constraint::Sandwich { clue, sum } => {
                    if let Some(cells) = outside_line(n, *clue) {
                        out.sandwiches.push(SandwichClue { cells, sum: *sum });
                    }
                }
                Constraint::Renban { cells } => out.renbans.push(line(cells, 0)),
                Constraint::Whisper { cells, difference } if *difference > 0 => {
                    out.whispers.push(line(cells, *difference));
                }
                Constraint::Between { cells } => out.betweens.push(line(cells, 0)),
                Constraint::Lockout { cells, difference } => {
                    out.lockouts.push(line(cells, *difference));
                }
                _ => {}
            }
        }
        for (i, form) in &lowered {
            if !whole[*i] {
                continue;
            }
            let what = label(&constraints[*i]);
            match form {
                Lowered::Pair { cells, rule } => {
                    let table = |first: bool| -> Vec<u64> {
                        (1..=n as u16)
                            .map(|v| {
                                (1..=n as u16)
                                    .filter(|&w| {
                                        if first {
                                            rule.allows(n, v, w)
                                        } else {
                                            rule.allows(n, w, v)
                                        }
                                    })
                                    .fold(0u64, |m, w| m | 1 << (w - 1))
                            })
                            .collect()
                    };
                    out.pairs.push(PairTable {
                        cells: *cells,
                        allows: [table(true), table(false)],
                        what,
                    });
                }
                Lowered::Chain { cells, slow } => out.chains.push(Chain {
                    cells: cells.clone(),
                    slow: *slow,
                    what,
                }),
                Lowered::Domain { cell, values } => out.domains.push(Domain {
                    cell: *cell,
                    values: values.iter().fold(0u64, |m, &v| m | 1 << (v - 1)),
                    what,
                }),
                Lowered::Linear {
                    cells,
                    weights,
                    total,
                } => out.sums.push(LineSum {
                    cells: cells.clone(),
                    weights: weights.clone(),
                    total: *total,
                    what,
                    clue: match &constraints[*i] {
                        Constraint::LittleKiller { sum, .. } | Constraint::Sum { sum, .. } => {
                            Some(*sum)
                        }
                        _ => None,
                    },
                }),
                Lowered::Named { .. } => {}
            }
        }
        out
    }
}

/// Whether the ladder has its steps on whole lines (renban windows, whisper
/// neighbours, between and lockout lines): not in the `compact`
/// WebAssembly build (the npm package), for its size limit (they add
/// 4.2 KB gzipped to its 400 KB).
pub(crate) const LINES: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// The first step `step` finds on one of `lines`; none without [`LINES`].
pub(crate) fn first_step(
    lines: &[Line],
    step: impl FnMut(&Line) -> Option<super::step::Step>,
) -> Option<super::step::Step> {
    if !LINES {
        return None;
    }
    lines.iter().find_map(step)
}

/// Whether each of `constraints` lowers wholly into pairs, chains, domains
/// and sums, or is a sandwich, between or lockout line (with [`LINES`]).
fn wholly(lowered: &[(usize, Lowered)], constraints: &[Constraint]) -> Vec<bool> {
    let mut whole = vec![true; constraints.len()];
    for (i, form) in lowered {
        let line = matches!(
            constraints[*i],
            Constraint::Between { .. } | Constraint::Lockout { .. }
        );
        if matches!(form, Lowered::Named { .. })
            && !matches!(constraints[*i], Constraint::Sandwich { .. })
            && !(line && LINES)
        {
            whole[*i] = false;
        }
    }
    whole
}

/// How many constraints of `rules` the ladder has no step for: those that
/// do not lower wholly into pairs, chains, domains and sums, sandwiches,
/// between and lockout lines (with [`LINES`]) aside.
pub(crate) fn unreasoned(rules: &Rules) -> usize {
    if rules.constraints().is_empty() {
        return 0;
    }
    if rules.size() > 64 {
        return rules.constraints().len();
    }
    let lowered = lower(rules);
    wholly(&lowered, rules.constraints())
        .iter()
        .filter(|&&w| !w)
        .count()
}

/// A constraint's name in a step's words.
fn label(c: &Constraint) -> &'static str {
    match c {
        Constraint::Negative {
            rule: NegativeRule::White,
        } => "no white dot",
        Constraint::Negative {
            rule: NegativeRule::Black,
        } => "no black dot",
        Constraint::Negative {
            rule: NegativeRule::Xv,
        } => "no X or V",
        Constraint::Xv { sum: 10, .. } => "X",
        Constraint::Xv { sum: 5, .. } => "V",
        other => other.kind(),
    }
}
