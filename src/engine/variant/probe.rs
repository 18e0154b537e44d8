//! Failed-literal probing past 64×64: each value of two-candidate cells is tried, and one that fails is ruled out.
//!
//! The search calls it only once it has stepped back (record 0019, "Deferred
//! probing"): boards that singles and first-fewest branching solve without a
//! failure (the empty boards, the generator's grids, the `--reached` boards)
//! never pay for it.

use std::cmp::Reverse;

use super::mask::Mask;
use super::model::Model;
use super::propagate::Constraints;
use super::state::State;
use crate::engine::classic::state::Contradiction;

/// Whether boards past 64×64 probe: not in the `compact` WebAssembly build,
/// for its size limit (as `search::HOUSES`).
pub(super) const PROBE: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

impl<M: Mask> State<M> {
    /// Tries each value of open cells with two candidates, from a state at
    /// its propagation fixpoint; a value whose propagation fails is ruled
    /// out (the other one placed and propagated, on the trail as the node's
    /// own changes), in rounds until one rules out nothing. Each probe is
    /// undone to its mark, so a round costs two propagations a cell.
    ///
    /// The first probe of a search (and the first after a step back above
    /// it) tries every two-way cell; later ones, only those in a house of a
    /// cell changed since the last state probing left at its fixpoint, and
    /// each later round only those near the rulings of the round before:
    /// elsewhere a probe mostly repeats one that held (a heuristic cut: a
    /// probe's propagation may still reach a change further off).
    ///
    /// Returns the two-way cell whose two values placed the most cells (the
    /// product of the counts, plus one each) when it was last probed, here
    /// or at a node above, for the search to branch on, as look-ahead SAT
    /// solvers choose; `None` with no two-way cell.
    ///
    /// # Errors
    ///
    /// A contradiction when both values of a cell fail: the node has no
    /// solution.
    pub(super) fn probe(
        &mut self,
        m: &Model<M>,
        constraints: &Constraints<M>,
    ) -> Result<Option<usize>, Contradiction> {
        // Lists a node: their cost is lost in the probes' propagations, and
        // the state keeps no field for them (the `compact` build's size).
        let (mut cells, mut near) = (Vec::new(), vec![false; m.house_count()]);
        let mut local = self.probed_since(m, |c| mark_houses(m, &mut near, c));
        loop {
            let round = self.trail_len();
            self.two_way(&mut cells);
            if local {
                cells.retain(|&c| m.houses_of(c as usize).iter().any(|&h| near[h as usize]));
            }
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
                let (fa, ka) = self.fails(m, constraints, c, a);
                let (fb, kb) = if fa {
                    (false, 0)
                } else {
                    self.fails(m, constraints, c, b)
                };
                let keep = if fa {
                    b
                } else if fb {
                    a
                } else {
                    self.scores(m.cells)[c] = (ka + 1) * (kb + 1);
                    continue;
                };
                #[cfg(test)]
                {
                    self.probes_failed += 1;
                }
                ruled_out = true;
                self.restrict(m, c, keep)
                    .and_then(|()| self.propagate(m, constraints))?;
            }
            if !ruled_out {
                self.probed_here();
                // Of every two-way cell, as scored when last probed.
                self.two_way(&mut cells);
                let scores = self.scores(m.cells);
                let best = cells
                    .iter()
                    .max_by_key(|&&c| (scores[c as usize], Reverse(c)));
                return Ok(best.map(|&c| c as usize));
            }
            // The next round: the two-way cells near this one's rulings.
            near.fill(false);
            self.changed_since(m, round, |c| mark_houses(m, &mut near, c));
            local = true;
        }
    }

    /// Whether placing `value` (one bit) in `cell` fails under propagation,
    /// and how many cells it placed; the state is as before either way.
    fn fails(
        &mut self,
        m: &Model<M>,
        constraints: &Constraints<M>,
        cell: usize,
        value: M,
    ) -> (bool, u64) {
        let (mark, placed) = (self.mark(), self.assignments);
        let failed = self
            .restrict(m, cell, value)
            .and_then(|()| self.propagate(m, constraints))
            .is_err();
        let placed = self.assignments - placed;
        self.undo(m, mark);
        (failed, placed)
    }
}

/// Marks the houses of `cell` in `near` (one flag a house).
fn mark_houses<M: Mask>(m: &Model<M>, near: &mut [bool], cell: usize) {
    for &h in m.houses_of(cell) {
        near[h as usize] = true;
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::limits::Meter;
    use crate::engine::outcome::Stop;
    use crate::engine::stats::Stats;
    use crate::engine::variant::mask::{Mask, Wide};
    use crate::engine::variant::propagate::compile;
    use crate::engine::variant::search::{Learned, Search};
    use crate::engine::variant::state::State;
    use crate::generate::VariantGenerator;
    use crate::model::rules::Rules;
    use crate::random;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    /// A big board the plain search must step back on is solved once it
    /// probes: `tools/bench_huge`'s 81×81 mixed grid of seed 2 with 65% of
    /// its cells kept (record 0019: 1,167 guesses without probing, about 20
    /// with). The solution keeps the givens and every house holds each value
    /// once; the probes ran and ruled values out.
    #[test]
    fn a_big_board_that_fails_is_solved_by_probing() {
        let rules = Rules::boxes(9, 9).unwrap();
        let grid = VariantGenerator::start_grid(&rules, 2, 81 * 81).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        rng.set_stream(1);
        let givens: Vec<u16> = grid
            .cells()
            .iter()
            .map(|&v| if rng.next_u64() % 100 < 65 { v } else { 0 })
            .collect();
        let mut solution = Vec::new();
        let (stop, stats, probes_failed) = run::<Wide<2>>(&rules, &givens, 200, |values| {
            solution = values;
            false
        });
        assert!(
            matches!(stop, Stop::Enough),
            "not solved in 200 guesses: {stats}"
        );
        assert!(stats.backtracks > 0, "the search never stepped back");
        assert!(probes_failed > 0, "no probe ruled a value out");
        assert!(
            givens
                .iter()
                .zip(&solution)
                .all(|(&g, &v)| g == 0 || g == v)
        );
        rules
            .check(&solution)
            .expect("a solution that keeps the rules");
    }

    /// What a probe after the first reads as changed since the last state
    /// probing left covers every cell whose candidates differ from that
    /// state: after a decision, after a step back to the first probed
    /// state and a decision there, and none is named once the search
    /// steps back above where the first probe started.
    #[test]
    fn probes_see_every_change_since_the_last_probed_state() {
        let rules = Rules::boxes(4, 4).unwrap();
        let (m, constraints) = compile::<Wide<2>>(&rules);
        let mut checked = 0;
        for seed in 0..8 {
            let grid = VariantGenerator::start_grid(&rules, seed, 256).unwrap();
            let planted: Vec<u16> = grid.cells().to_vec();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let givens: Vec<u16> = planted
                .iter()
                .map(|&v| {
                    if random::below(&mut rng, 100) < 30 {
                        v
                    } else {
                        0
                    }
                })
                .collect();
            let mut st = State::new(&m);
            st.reset(&m, &givens).unwrap();
            st.propagate(&m, &constraints).unwrap();
            let decide = |st: &mut State<Wide<2>>, rng: &mut ChaCha8Rng| {
                let open: Vec<usize> = (0..m.cells).filter(|&c| !st.is_done(c)).collect();
                if let Some(&c) = open.get(random::below(rng, open.len().max(1) as u32) as usize) {
                    st.restrict(&m, c, Wide::<2>::bit(usize::from(planted[c]) - 1))
                        .and_then(|()| st.propagate(&m, &constraints))
                        .unwrap();
                }
            };
            // A decision above the first probe, as the search's are.
            let root = st.mark();
            decide(&mut st, &mut rng);
            assert!(!st.probed_since(&m, |_| {}), "seed {seed}: no probe yet");
            st.probe(&m, &constraints).unwrap();
            let first: Vec<_> = (0..m.cells).map(|c| st.cand(c)).collect();
            let probed = st.mark();
            // Every cell that differs from `since` is named.
            let covers = |st: &mut State<Wide<2>>, since: &[Wide<2>]| {
                let mut named = vec![false; m.cells];
                assert!(st.probed_since(&m, |c| named[c] = true));
                (0..m.cells).all(|c| named[c] || st.cand(c) == since[c])
            };
            decide(&mut st, &mut rng);
            assert!(covers(&mut st, &first), "seed {seed}: after a decision");
            st.probe(&m, &constraints).unwrap();
            st.mark();
            decide(&mut st, &mut rng);
            // Back to the first probed state, and a decision there.
            st.undo(&m, probed);
            decide(&mut st, &mut rng);
            assert!(covers(&mut st, &first), "seed {seed}: after a step back");
            checked += usize::from(st.trail_len() > probed);
            st.undo(&m, root);
            assert!(
                !st.probed_since(&m, |_| {}),
                "seed {seed}: above the first probe"
            );
        }
        assert!(
            checked > 3,
            "only {checked} decisions after a step back changed anything"
        );
    }

    /// Searches `givens` under `rules` with masks `M` (past 64×64's path,
    /// probing once a value fails, for `Wide<2>`) within `max_nodes`
    /// guesses, showing each solution's values to `visit`: how it stopped,
    /// its statistics and the values its probes ruled out.
    fn run<M: Mask>(
        rules: &Rules,
        givens: &[u16],
        max_nodes: u64,
        mut visit: impl FnMut(Vec<u16>) -> bool,
    ) -> (Stop, Stats, u64) {
        let (m, constraints) = compile::<M>(rules);
        let (mut st, mut frames, mut stats) = (State::new(&m), Vec::new(), Stats::default());
        let mut search = Search {
            m: &m,
            constraints: &constraints,
            st: &mut st,
            frames: &mut frames,
            limits: Meter::new(max_nodes, None, 256),
            stats: &mut stats,
            rng: None,
            learned: Learned::new(m.cells, false),
        };
        let stop = search.run(givens, |st| {
            visit(
                (0..m.cells)
                    .map(|c| st.cand(c).first() as u16 + 1)
                    .collect(),
            )
        });
        (stop, stats, st.probes_failed)
    }

    /// Counts every solution of `givens` under `rules` with masks `M`: (the
    /// solutions, the values probes ruled out).
    fn count<M: Mask>(rules: &Rules, givens: &[u16]) -> (u64, u64) {
        let (_, stats, probes_failed) = run::<M>(rules, givens, u64::MAX, |_| true);
        (stats.solutions, probes_failed)
    }

    /// Probing keeps counts exact: on 6×6 boxes with a few random givens,
    /// and on 9×9 grids with 40–55% of their cells kept, every other one
    /// with a kept value changed (many unsolvable, some with dozens of
    /// solutions), the big-board path with its probes finds as many
    /// solutions as the small-board path, which never probes; and its
    /// probes rule values out.
    #[test]
    fn probing_keeps_counts_exact() {
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        let (mut ruled_out, mut unsolvable, mut many) = (0, 0, 0);
        let six = Rules::boxes(2, 3).unwrap();
        for _ in 0..40 {
            let mut givens = vec![0u16; 36];
            for _ in 0..4 + random::below(&mut rng, 5) {
                givens[random::below(&mut rng, 36) as usize] =
                    random::below(&mut rng, 6) as u16 + 1;
            }
            let (wide, probed) = count::<Wide<2>>(&six, &givens);
            assert_eq!(wide, count::<u64>(&six, &givens).0, "{givens:?}");
            ruled_out += probed;
        }
        let nine = Rules::boxes(3, 3).unwrap();
        for seed in 0..24 {
            let grid = VariantGenerator::start_grid(&nine, seed, 81).unwrap();
            let keep = 40 + random::below(&mut rng, 16);
            let mut givens: Vec<u16> = grid
                .cells()
                .iter()
                .map(|&v| {
                    if random::below(&mut rng, 100) < keep {
                        v
                    } else {
                        0
                    }
                })
                .collect();
            if seed % 2 == 1 {
                let c = random::below(&mut rng, 81) as usize;
                if givens[c] != 0 {
                    givens[c] = random::below(&mut rng, 9) as u16 + 1;
                }
            }
            let (wide, probed) = count::<Wide<2>>(&nine, &givens);
            assert_eq!(wide, count::<u64>(&nine, &givens).0, "{givens:?}");
            ruled_out += probed;
            unsolvable += u32::from(wide == 0);
            many += u32::from(wide > 10);
        }
        assert!(ruled_out > 20, "probes ruled out only {ruled_out} values");
        assert!(unsolvable > 3, "only {unsolvable} unsolvable");
        assert!(many > 3, "only {many} with over 10 solutions");
    }

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
