//! Rules drawn from a solved grid for the variant generator: Kropki dots, XV, thermometers and arrows.

use std::sync::Arc;

use rand_chacha::ChaCha8Rng;

use crate::model::constraint::{Constraint, NegativeRule};
use crate::model::puzzle::Puzzle;
use crate::random::{below, shuffle};

/// The rules [`VariantGenerator`](super::VariantGenerator) draws from each
/// solved grid, besides killer cages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Derived {
    /// Every Kropki dot the grid has, with both negative rules.
    pub kropki: bool,
    /// Every X and V the grid has, with the negative rule.
    pub xv: bool,
    /// How many thermometers, along increasing paths.
    pub thermometers: usize,
    /// How many arrows, each line summing to its circle.
    pub arrows: usize,
}

/// The fewest cells a drawn thermometer has.
const MIN_THERMO: usize = 3;

/// The most cells a drawn thermometer or arrow line has.
const MAX_LINE: usize = 6;

/// Draws of a start per thermometer or arrow before it is left out.
const LINE_TRIES: usize = 200;

impl Derived {
    /// Whether anything is drawn.
    pub(crate) fn is_set(&self) -> bool {
        self.kropki || self.xv || self.thermometers > 0 || self.arrows > 0
    }

    /// `solution` under its rules and the constraints drawn from it with
    /// `rng`: every dot (X, V) where neighbours keep it and the negative
    /// rules, then thermometers and arrows on cells no earlier line uses.
    /// A thermometer or arrow that finds no room after [`LINE_TRIES`] starts
    /// is left out, so there may be fewer than asked.
    pub(crate) fn apply(&self, solution: &Puzzle, rng: &mut ChaCha8Rng) -> Puzzle {
        let n = solution.size();
        let values = solution.cells();
        let mut found: Vec<Constraint> = Vec::new();
        let pairs = orthogonal_pairs(n);
        if self.kropki {
            for &(a, b) in &pairs {
                let (x, y) = (values[a as usize], values[b as usize]);
                if x.abs_diff(y) == 1 {
                    found.push(Constraint::kropki_white(a, b));
                } else if x == 2 * y || y == 2 * x {
                    found.push(Constraint::kropki_black(a, b));
                }
            }
            found.push(Constraint::Negative {
                rule: NegativeRule::White,
            });
            found.push(Constraint::Negative {
                rule: NegativeRule::Black,
            });
        }
        if self.xv {
            for &(a, b) in &pairs {
                match values[a as usize] + values[b as usize] {
                    10 => found.push(Constraint::x(a, b)),
                    5 => found.push(Constraint::v(a, b)),
                    _ => {}
                }
            }
            found.push(Constraint::Negative {
                rule: NegativeRule::Xv,
            });
        }
        let mut used = vec![false; n * n];
        for _ in 0..self.thermometers {
            if let Some(cells) = thermometer(n, values, &mut used, rng) {
                found.push(Constraint::Thermometer { cells, slow: false });
            }
        }
        for _ in 0..self.arrows {
            if let Some((circle, line)) = arrow(n, values, &mut used, rng) {
                found.push(Constraint::Arrow {
                    circle: vec![circle],
                    line,
                });
            }
        }
        let mut rules = solution.rules().clone();
        for constraint in found {
            rules = rules
                .with_constraint(constraint)
                .expect("a constraint drawn on the board");
        }
        Puzzle::from_cells(Arc::new(rules), values)
            .expect("the solution keeps what it was drawn from")
    }
}

/// The pairs of orthogonal neighbours, lower first, row by row.
fn orthogonal_pairs(n: usize) -> Vec<(u32, u32)> {
    let mut out = Vec::with_capacity(2 * n * n);
    for c in 0..n * n {
        if c % n + 1 < n {
            out.push((c as u32, c as u32 + 1));
        }
        if c + n < n * n {
            out.push((c as u32, (c + n) as u32));
        }
    }
    out
}

/// The cells a king's move from `cell` (lines may run diagonally).
fn around(n: usize, cell: usize) -> Vec<usize> {
    let (r, c) = ((cell / n) as i64, (cell % n) as i64);
    let m = n as i64;
    let mut out = Vec::with_capacity(8);
    for dr in -1..=1 {
        for dc in -1..=1 {
            let (y, x) = (r + dr, c + dc);
            if (dr, dc) != (0, 0) && (0..m).contains(&y) && (0..m).contains(&x) {
                out.push((y * m + x) as usize);
            }
        }
    }
    out
}

/// A thermometer of [`MIN_THERMO`] to [`MAX_LINE`] unused cells whose
/// values increase from the bulb, drawn as a random walk to greater
/// neighbours; its cells are marked used.
fn thermometer(
    n: usize,
    values: &[u16],
    used: &mut [bool],
    rng: &mut ChaCha8Rng,
) -> Option<Vec<u32>> {
    let length = MIN_THERMO + below(rng, (MAX_LINE - MIN_THERMO + 1) as u32) as usize;
    let mut best: Vec<usize> = Vec::new();
    for _ in 0..LINE_TRIES {
        let start = below(rng, (n * n) as u32) as usize;
        if used[start] {
            continue;
        }
        let mut path = vec![start];
        while path.len() < length {
            let last = *path.last().expect("a bulb");
            let options: Vec<usize> = around(n, last)
                .into_iter()
                .filter(|&x| !used[x] && !path.contains(&x) && values[x] > values[last])
                .collect();
            if options.is_empty() {
                break;
            }
            path.push(options[below(rng, options.len() as u32) as usize]);
        }
        if path.len() > best.len() {
            best = path;
        }
        if best.len() == length {
            break;
        }
    }
    if best.len() < MIN_THERMO {
        return None;
    }
    best.iter().for_each(|&c| used[c] = true);
    Some(best.into_iter().map(|c| c as u32).collect())
}

/// An arrow: a circle on an unused cell and a line of 2 to [`MAX_LINE`]
/// unused cells from beside it whose values sum to the circle's, drawn as a
/// random walk that stops when the sum is reached; its cells are marked used.
fn arrow(
    n: usize,
    values: &[u16],
    used: &mut [bool],
    rng: &mut ChaCha8Rng,
) -> Option<(u32, Vec<u32>)> {
    for _ in 0..LINE_TRIES {
        let circle = below(rng, (n * n) as u32) as usize;
        let target = values[circle];
        if used[circle] || target < 3 {
            continue;
        }
        let mut line: Vec<usize> = Vec::new();
        let mut sum = 0;
        let mut last = circle;
        while sum < target && line.len() < MAX_LINE {
            let mut options: Vec<usize> = around(n, last)
                .into_iter()
                .filter(|&x| {
                    x != circle && !used[x] && !line.contains(&x) && sum + values[x] <= target
                })
                .collect();
            if options.is_empty() {
                break;
            }
            shuffle(rng, &mut options);
            let next = options[0];
            sum += values[next];
            line.push(next);
            last = next;
        }
        if sum == target && line.len() >= 2 {
            used[circle] = true;
            line.iter().for_each(|&c| used[c] = true);
            return Some((circle as u32, line.into_iter().map(|c| c as u32).collect()));
        }
    }
    None
}
