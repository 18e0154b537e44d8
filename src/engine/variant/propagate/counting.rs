//! Look-and-say counts and sum lines' pieces as propagators: a value's count kept between its placed and possible cells, a line's values kept when some cutting into pieces takes them.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;
use crate::model::counting::piece_step;

/// Look-and-say: each `(count, value)` held by exactly `count` of `cells`.
/// A value placed that often leaves the other cells; one that only that
/// many cells can hold is in each of them.
pub(crate) struct Counts {
    cells: Vec<u32>,
    counts: Vec<(u16, u16)>,
}

impl Counts {
    /// The counts of `counts` on `cells`.
    pub(crate) fn new(cells: Vec<u32>, counts: Vec<(u16, u16)>) -> Self {
        Self { cells, counts }
    }
}

impl<M: Mask> Constraint<M> for Counts {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        for &(k, x) in &self.counts {
            let x = usize::from(x);
            if x == 0 || x > m.n {
                return Err(Contradiction);
            }
            let bit = M::bit(x - 1);
            let (mut placed, mut possible) = (0, 0);
            for &c in &self.cells {
                let cand = st.cand(c as usize);
                placed += usize::from(cand == bit);
                possible += usize::from(cand.meets(bit));
            }
            let k = usize::from(k);
            if placed > k || possible < k {
                return Err(Contradiction);
            }
            if placed == k && possible > k {
                for &c in &self.cells {
                    if st.cand(c as usize) != bit {
                        st.restrict(m, c as usize, !bit)?;
                    }
                }
            } else if possible == k && placed < k {
                for &c in &self.cells {
                    if st.cand(c as usize).meets(bit) {
                        st.restrict(m, c as usize, bit)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// A sum line of a sum below 128: each cell keeps the values some cutting
/// of the line into pieces of that sum gives it, found by the partial sums
/// reachable from the start (bit s: a piece open with s so far) and those
/// from which the end is reachable. On a loop, for each partial sum the
/// first cell may start with.
pub(crate) struct Pieces {
    cells: Vec<u32>,
    sum: u32,
    is_loop: bool,
}

impl Pieces {
    /// The line, `None` for a sum past the bitsets (128 or more).
    pub(crate) fn new(cells: Vec<u32>, sum: u64, is_loop: bool) -> Option<Self> {
        (1..128).contains(&sum).then_some(Self {
            cells,
            sum: sum as u32,
            is_loop,
        })
    }

    /// The states after value `x` from `state`.
    fn step(&self, state: u128, x: u32) -> u128 {
        piece_step(self.sum, state, x)
    }

    /// The states before value `x` that lead into `after`.
    fn back(&self, after: u128, x: u32) -> u128 {
        let s = self.sum;
        if x > s {
            return 0;
        }
        let mut before = (after >> x) & ((1u128 << s) - 1);
        if after & 1 == 1 {
            before |= 1u128 << (s - x);
        }
        before & ((1u128 << s) - 1)
    }
}

impl<M: Mask> Constraint<M> for Pieces {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let len = self.cells.len();
        let cand: Vec<M> = self.cells.iter().map(|&c| st.cand(c as usize)).collect();
        let cand = &cand;
        let values = |i: usize| (0..m.n.min(self.sum as usize)).filter(move |&b| cand[i].has(b));
        let mut keep = vec![M::EMPTY; len];
        let starts = if self.is_loop { self.sum } else { 1 };
        let (mut fwd, mut bwd) = (vec![0u128; len + 1], vec![0u128; len + 1]);
        for start in 0..starts {
            fwd[0] = 1u128 << start;
            for i in 0..len {
                fwd[i + 1] = values(i).fold(0, |acc, b| acc | self.step(fwd[i], b as u32 + 1));
            }
            if fwd[len] >> start & 1 == 0 {
                continue;
            }
            bwd[len] = 1u128 << start;
            for i in (0..len).rev() {
                bwd[i] = values(i).fold(0, |acc, b| acc | self.back(bwd[i + 1], b as u32 + 1));
            }
            for i in 0..len {
                for b in values(i) {
                    if self.step(fwd[i], b as u32 + 1) & bwd[i + 1] != 0 {
                        keep[i] |= M::bit(b);
                    }
                }
            }
        }
        for (&c, &k) in self.cells.iter().zip(&keep) {
            st.restrict(m, c as usize, k)?;
        }
        Ok(())
    }
}

/// Same-value sets: each value is held as often in every set, so its count
/// lies between the most any set has placed and the fewest places any set
/// has. A value some set cannot hold leaves them all; a set with only that
/// many places fills them, one with that many placed drops the rest.
pub(crate) struct Same {
    cells: Vec<u32>,
    size: usize,
}

impl Same {
    /// `cells` cut in order into `sets` sets.
    pub(crate) fn new(cells: Vec<u32>, sets: u16) -> Self {
        let size = cells.len() / usize::from(sets.max(1));
        Self { cells, size }
    }
}

impl<M: Mask> Constraint<M> for Same {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let mut left = self
            .cells
            .iter()
            .fold(M::EMPTY, |u, &c| u | st.cand(c as usize));
        while !left.is_empty() {
            let bit = left.lowest();
            left = left.without_lowest();
            let count = |st: &State<M>, set: &[u32]| {
                set.iter().fold((0, 0), |(placed, possible), &c| {
                    let cand = st.cand(c as usize);
                    (
                        placed + usize::from(cand == bit),
                        possible + usize::from(cand.meets(bit)),
                    )
                })
            };
            let (mut lo, mut hi) = (0, usize::MAX);
            for set in self.cells.chunks(self.size) {
                let (placed, possible) = count(st, set);
                lo = lo.max(placed);
                hi = hi.min(possible);
            }
            if lo > hi {
                return Err(Contradiction);
            }
            for set in self.cells.chunks(self.size) {
                let (placed, possible) = count(st, set);
                let keep = if possible == lo && placed < lo {
                    bit
                } else if placed == hi && possible > hi {
                    !bit
                } else {
                    continue;
                };
                for &c in set {
                    let cand = st.cand(c as usize);
                    if cand.meets(bit) && cand != bit {
                        st.restrict(m, c as usize, keep)?;
                    }
                }
            }
        }
        Ok(())
    }
}
