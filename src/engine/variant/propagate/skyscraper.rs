//! Skyscrapers: from a side of a row or column, the clue counts the cells taller than every cell before them.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;

/// Whether a line of cells that all differ ends at a tallest value of at
/// least its length: not in the compact WebAssembly build, for its size
/// limit (as `search::HOUSES`).
const TOP: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// The largest board the walk runs on: it costs about N⁴ steps.
const MAX_WALK: usize = 16;

/// A skyscraper clue on a line of cells read from the clue's side: the
/// number of cells whose value exceeds every value before them is `seen`.
///
/// It walks the line with the states (tallest so far, seen so far) that
/// the candidates allow from the front, and those from which the clue can
/// still be met from the back; a value stays in a cell when it leads from
/// one to the other. That keeps every value some filling of the line with
/// its candidates uses (whether or not its values differ).
pub(crate) struct Skyscraper {
    cells: Vec<u32>,
    seen: usize,
    /// The least the tallest value may be after the last cell: the number
    /// of cells when they all differ (a full row's tallest is N), else 0.
    top: usize,
}

impl Skyscraper {
    /// The clue `seen` on `cells`, from the clue's side.
    pub(crate) fn new(cells: Vec<u32>, seen: usize) -> Self {
        Self {
            cells,
            seen,
            top: 0,
        }
    }

    /// The same, knowing that cells that are all peers in `m` hold
    /// different values, so the tallest is at least their number.
    pub(crate) fn distinct<M: Mask>(mut self, m: &Model<M>) -> Self {
        let all = TOP
            && self.cells.iter().enumerate().all(|(i, &a)| {
                let later = &self.cells[i + 1..];
                let mut met = 0;
                m.peers
                    .each(a as usize, |p| met += usize::from(later.contains(&p)));
                met == later.len()
            });
        if all {
            self.top = self.cells.len();
        }
        self
    }

    /// On big boards: a cell `i` from the clue holds at most N - seen + 1 + i
    /// (past it, at most `i` cells before it, itself and the N - v taller
    /// values could be seen), and once every cell is placed the count is
    /// checked.
    fn by_heights<M: Mask>(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let n = m.n;
        for (i, &c) in self.cells.iter().enumerate() {
            let most = (n + 1 + i).saturating_sub(self.seen).min(n);
            if most == 0 {
                return Err(Contradiction);
            }
            st.restrict(m, c as usize, M::range(0, most - 1))?;
        }
        let mut tallest = 0;
        let mut seen = 0;
        for &c in &self.cells {
            let cand = st.cand(c as usize);
            if !cand.is_single() {
                return Ok(());
            }
            let v = cand.first() + 1;
            seen += usize::from(v > tallest);
            tallest = tallest.max(v);
        }
        if seen == self.seen {
            Ok(())
        } else {
            Err(Contradiction)
        }
    }
}

impl<M: Mask> Constraint<M> for Skyscraper {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let (n, len) = (m.n, self.cells.len());
        if self.seen > len || self.seen == 0 && len > 0 {
            return Err(Contradiction);
        }
        if n > MAX_WALK {
            return self.by_heights(m, st);
        }
        // A state (tallest, seen) at `tallest * (len + 1) + seen`; tallest 0 before any cell.
        let width = len + 1;
        let states = (n + 1) * width;
        let cand: Vec<M> = self.cells.iter().map(|&c| st.cand(c as usize)).collect();
        // `front[i]`: the states before cell i the candidates allow.
        let mut front = vec![false; states * (len + 1)];
        front[0] = true;
        for i in 0..len {
            let (before, after) = front[i * states..(i + 2) * states].split_at_mut(states);
            for t in 0..=n {
                for k in 0..=i.min(len) {
                    if !before[t * width + k] {
                        continue;
                    }
                    let mut c = cand[i];
                    while !c.is_empty() {
                        let v = c.first() + 1;
                        c = c.without_lowest();
                        let next = if v > t {
                            v * width + k + 1
                        } else {
                            t * width + k
                        };
                        after[next] = true;
                    }
                }
            }
        }
        // From the back: `back` holds the states after cell i that reach the clue.
        let top = if TOP { self.top } else { 0 };
        let ends = |s: usize| s % width == self.seen && s / width >= top;
        let mut back: Vec<bool> = (0..states).map(ends).collect();
        let mut earlier = vec![false; states];
        for i in (0..len).rev() {
            let before = &front[i * states..(i + 1) * states];
            let mut keep = M::EMPTY;
            earlier.fill(false);
            for t in 0..=n {
                for k in 0..=i {
                    let s = t * width + k;
                    let mut c = cand[i];
                    while !c.is_empty() {
                        let v = c.first() + 1;
                        c = c.without_lowest();
                        let next = if v > t { v * width + k + 1 } else { s };
                        if back[next] {
                            earlier[s] = true;
                            if before[s] {
                                keep |= M::bit(v - 1);
                            }
                        }
                    }
                }
            }
            st.restrict(m, self.cells[i] as usize, keep)?;
            std::mem::swap(&mut back, &mut earlier);
        }
        if len == 0 || !back[0] {
            return if len == 0 && self.seen == 0 {
                Ok(())
            } else {
                Err(Contradiction)
            };
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::propagate::brute::{
        domain, exact_when_fixed, model, projection, propagated, rng, sound,
    };
    use crate::random::shuffle;

    /// How many of `values` exceed every value before them.
    fn seen(values: &[usize]) -> usize {
        let mut tallest = 0;
        values
            .iter()
            .filter(|&&v| {
                let taller = v > tallest;
                tallest = tallest.max(v);
                taller
            })
            .count()
    }

    #[test]
    fn keeps_exactly_the_values_of_some_filling() {
        let m = model(6);
        let mut solvable = 0;
        for seed in 0..300 {
            let mut r = rng(seed);
            let mut row: Vec<usize> = (1..=6).collect();
            shuffle(&mut r, &mut row);
            let clue = if seed % 7 == 0 {
                1 + seed as usize % 6
            } else {
                seen(&row)
            };
            let con = Skyscraper::new((0..6).collect(), clue);
            let doms: Vec<u64> = row.iter().map(|&v| domain(&mut r, 6, v, 3)).collect();
            solvable += usize::from(sound(&m, &con, &doms, |v| seen(v) == clue));
            // Without the values' differences, the walk is exact.
            let support = projection(&doms, |v| seen(v) == clue);
            let kept = propagated(&m, &con, &doms).unwrap_or(vec![0; 6]);
            assert_eq!(kept, support, "doms {doms:?} clue {clue}");
        }
        assert!(solvable > 100, "only {solvable} cases had a solution");
    }

    #[test]
    fn fails_exactly_when_fixed_cells_break_it() {
        let m = model(4);
        for clue in 0..6 {
            let con = Skyscraper::new(vec![12, 8, 4, 0], clue);
            exact_when_fixed(&m, &con, &[0b1111; 4], |v| seen(v) == clue);
        }
    }

    #[test]
    fn big_boards_keep_every_value_of_a_solution_by_heights() {
        // 25×25, a line of 5 cells: the bound on heights alone, then the count.
        let m = model(25);
        let mut r = rng(11);
        let mut solvable = 0;
        for clue in 1..=5 {
            let con = Skyscraper::new(vec![0, 1, 2, 3, 4], clue);
            for _ in 0..40 {
                let doms: Vec<u64> = (0..5).map(|_| domain(&mut r, 25, 0, 12)).collect();
                solvable += usize::from(sound(&m, &con, &doms, |v| seen(v) == clue));
            }
            exact_when_fixed(&m, &con, &[0b1_0000_0000_0000_0000_0001_1001; 5], |v| {
                seen(v) == clue
            });
        }
        assert!(solvable > 20, "only {solvable} cases had a solution");
    }

    /// Rows of a planted 9×9 grid and their clues from either side: a row
    /// of peers keeps every value of its fillings with different values
    /// (so the planted row), and its tallest at the end is 9, which prunes
    /// more than the walk alone.
    #[test]
    fn rows_of_peers_keep_a_planted_row() {
        use crate::engine::variant::propagate::brute::{below, distinct};
        let m = model(9);
        let (mut solvable, mut more) = (0, 0);
        for seed in 0..200 {
            let mut r = rng(seed + 5_000_000);
            let mut row: Vec<usize> = (1..=9).collect();
            shuffle(&mut r, &mut row);
            let clue = seen(&row);
            let start = 9 * below(&mut r, 9) as u32;
            let cells: Vec<u32> = if seed % 2 == 0 {
                (start..start + 9).collect()
            } else {
                (start..start + 9).rev().collect()
            };
            let con = Skyscraper::new(cells.clone(), clue).distinct(&m);
            assert_eq!(con.top, 9);
            let doms: Vec<u64> = row.iter().map(|&v| domain(&mut r, 9, v, 3)).collect();
            let holds = |v: &[usize]| distinct(v) && seen(v) == clue;
            solvable += usize::from(sound(&m, &con, &doms, holds));
            let plain = propagated(&m, &Skyscraper::new(cells, clue), &doms).unwrap();
            let kept = propagated(&m, &con, &doms).unwrap();
            more += usize::from(kept != plain);
        }
        assert_eq!(solvable, 200);
        assert!(more > 20, "the tallest pruned more in only {more} cases");
        // Cells that need not differ keep the walk alone.
        assert_eq!(Skyscraper::new(vec![0, 10, 40], 1).distinct(&m).top, 0);
    }
}
