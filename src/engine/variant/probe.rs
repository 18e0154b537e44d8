//! Failed-literal probing past 64×64: each value of each two-candidate cell is tried, and one that fails is ruled out.
//!
//! The search calls it only once it has stepped back (record 0019, "Deferred
//! probing"): boards that singles and first-fewest branching solve without a
//! failure (the empty boards, the generator's grids, the `--reached` boards)
//! never pay for it.

use super::mask::Mask;
use super::model::Model;
use super::propagate::Constraints;
use super::state::State;
use crate::engine::classic::state::Contradiction;

/// Whether boards past 64×64 probe: not in the `compact` WebAssembly build,
/// for its size limit (as `search::HOUSES`).
pub(super) const PROBE: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

impl<M: Mask> State<M> {
    /// Tries each value of each open cell with two candidates, from a state
    /// at its propagation fixpoint; a value whose propagation fails is ruled
    /// out (the other one placed and propagated, on the trail as the node's
    /// own changes), in rounds until one rules out nothing. Each probe is
    /// undone to its mark, so a round costs two propagations a two-way cell.
    ///
    /// # Errors
    ///
    /// A contradiction when both values of a cell fail: the node has no
    /// solution.
    pub(super) fn probe(
        &mut self,
        m: &Model<M>,
        constraints: &Constraints<M>,
    ) -> Result<(), Contradiction> {
        // Taken out while it is read, so that the probes can borrow the state.
        let mut cells = std::mem::take(&mut self.probe_cells);
        let out = self.probe_rounds(m, constraints, &mut cells);
        self.probe_cells = cells;
        out
    }

    /// The rounds of [`State::probe`], over `cells` as scratch.
    fn probe_rounds(
        &mut self,
        m: &Model<M>,
        constraints: &Constraints<M>,
        cells: &mut Vec<u32>,
    ) -> Result<(), Contradiction> {
        loop {
            self.two_way(cells);
            let mut ruled_out = false;
            for &c in cells.iter() {
                let c = c as usize;
                let cand = self.cand(c);
                // An earlier probe's ruling may have placed it since.
                if self.is_done(c) || cand.count() != 2 {
                    continue;
                }
                let a = cand.lowest();
                let b = cand.without_lowest();
                let keep = if self.fails(m, constraints, c, a) {
                    b
                } else if self.fails(m, constraints, c, b) {
                    a
                } else {
                    continue;
                };
                self.probes_failed += 1;
                ruled_out = true;
                self.restrict(m, c, keep)
                    .and_then(|()| self.propagate(m, constraints))?;
            }
            if !ruled_out {
                return Ok(());
            }
        }
    }

    /// Whether placing `value` (one bit) in `cell` fails under propagation;
    /// the state is as before either way.
    fn fails(&mut self, m: &Model<M>, constraints: &Constraints<M>, cell: usize, value: M) -> bool {
        self.probes += 1;
        let mark = self.mark();
        let failed = self
            .restrict(m, cell, value)
            .and_then(|()| self.propagate(m, constraints))
            .is_err();
        self.undo(m, mark);
        failed
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::variant::mask::{Mask, Wide};
    use crate::engine::variant::propagate::compile;
    use crate::engine::variant::state::State;
    use crate::generate::VariantGenerator;
    use crate::model::rules::Rules;
    use crate::random;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// Probing never rules out a value of a planted solution: on mixed
    /// 16×16 grids run through the big-board path (`Wide<2>` masks), with
    /// random givens from the grid and then random decisions that agree
    /// with it, every probe at every level keeps the grid's value in each
    /// cell and never fails; and it does rule values out.
    #[test]
    fn probes_keep_the_planted_solution() {
        let rules = Rules::boxes(4, 4).unwrap();
        let (m, constraints) = compile::<Wide<2>>(&rules);
        let mut ruled_out = 0;
        for seed in 0..12 {
            let grid = VariantGenerator::start_grid(&rules, seed, 256).unwrap();
            let planted: Vec<u16> = grid.cells().to_vec();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let keep = 25 + random::below(&mut rng, 20);
            let givens: Vec<u16> = planted
                .iter()
                .map(|&v| {
                    if random::below(&mut rng, 100) < keep {
                        v
                    } else {
                        0
                    }
                })
                .collect();
            let mut st = State::new(&m);
            st.reset(&m, &givens).unwrap();
            st.propagate(&m, &constraints).unwrap();
            st.mark();
            for _ in 0..m.cells {
                let before: Vec<u32> = (0..m.cells).map(|c| st.cand(c).count()).collect();
                st.probe(&m, &constraints)
                    .unwrap_or_else(|_| panic!("seed {seed}: a probe fails the planted grid"));
                for (c, &v) in planted.iter().enumerate() {
                    let d = usize::from(v) - 1;
                    assert!(st.cand(c).has(d), "seed {seed}: cell {c} lost {v}");
                    ruled_out += before[c] - st.cand(c).count();
                }
                // A decision that agrees with the grid, on a random open cell.
                let open: Vec<usize> = (0..m.cells).filter(|&c| !st.is_done(c)).collect();
                if open.is_empty() {
                    break;
                }
                let c = open[random::below(&mut rng, open.len() as u32) as usize];
                st.restrict(&m, c, Wide::<2>::bit(usize::from(planted[c]) - 1))
                    .and_then(|()| st.propagate(&m, &constraints))
                    .unwrap();
            }
        }
        assert!(ruled_out > 50, "probes ruled out only {ruled_out} values");
    }
}
