//! A small propagator of naked and hidden singles, with candidates kept per cell, for grading and quick checks.

use std::sync::OnceLock;

use crate::model::geometry::Geometry;

/// Where a pass of singles ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Settle {
    /// Every cell filled: the board's one solution (singles are forced moves).
    Solved,
    /// A cell, or a value in some house, has no place left: no solution.
    Contradiction,
    /// Singles ran out with cells still open.
    Stuck,
}

/// Fixed tables for one board size: the peers of each cell and the cells of each house.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    n: usize,
    /// `peers[i * np .. (i + 1) * np]`: the other cells of the houses of cell `i`.
    peers: Vec<u16>,
    /// Peers per cell.
    np: usize,
    /// `houses[h * n + k]`: cell `k` of house `h` (rows, then columns, then boxes).
    houses: Vec<u16>,
    /// `cell_houses[i]`: the row, column and box of cell `i`, as house numbers.
    cell_houses: Vec<[u8; 3]>,
}

impl Tables {
    /// The tables for boxes of side `boxw`, built once per size and kept.
    pub(crate) fn get(boxw: usize) -> &'static Self {
        static TABLES: [OnceLock<Tables>; 9] = [const { OnceLock::new() }; 9];
        TABLES[boxw].get_or_init(|| Self::new(boxw))
    }

    fn new(boxw: usize) -> Self {
        let g = Geometry::square(boxw);
        let n = g.size();
        let houses = g
            .houses()
            .iter()
            .flat_map(|h| h.cells())
            .map(|&c| c as u16)
            .collect();
        let peers: Vec<u16> = (0..g.cells())
            .flat_map(|c| g.peers(c))
            .map(|&p| p as u16)
            .collect();
        let np = peers.len() / g.cells();
        let cell_houses = (0..g.cells())
            .map(|c| {
                let mut three = [0u8; 3];
                for (slot, m) in three.iter_mut().zip(g.houses_of(c)) {
                    *slot = m.house as u8;
                }
                three
            })
            .collect();
        Self {
            n,
            peers,
            np,
            houses,
            cell_houses,
        }
    }
}

/// Candidates and values of a board, with singles propagated.
#[derive(Clone, Debug, Default)]
pub(crate) struct Singles {
    /// `cand[i]`: bit `v - 1` set while value `v` may go in cell `i`; one bit
    /// once the cell is filled.
    pub cand: Vec<u64>,
    /// `value[i]`: `0` while cell `i` is open.
    pub value: Vec<u8>,
    /// Open cells.
    pub open: usize,
    /// Cells to fill: their candidates are down to one.
    queue: Vec<u16>,
}

impl Singles {
    /// Loads `cells`, a valid board (no value twice in a house), and
    /// propagates singles (hidden ones too, with `hidden`).
    pub(crate) fn load(&mut self, t: &Tables, cells: &[u8], hidden: bool) -> Settle {
        let full = if t.n == 64 {
            u64::MAX
        } else {
            (1u64 << t.n) - 1
        };
        // Candidates from the values each house holds, in one pass each way,
        // rather than taking each given from its peers one by one.
        let mut used = [0u64; 3 * 64];
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 {
                for h in t.cell_houses[i] {
                    used[usize::from(h)] |= 1u64 << (v - 1);
                }
            }
        }
        self.cand.clear();
        self.value.clear();
        self.value.extend_from_slice(cells);
        self.queue.clear();
        self.open = 0;
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 {
                self.cand.push(1u64 << (v - 1));
                continue;
            }
            let [r, c, b] = t.cell_houses[i].map(usize::from);
            let cand = full & !(used[r] | used[c] | used[b]);
            if cand == 0 {
                return Settle::Contradiction;
            }
            if cand & (cand - 1) == 0 {
                self.queue.push(i as u16);
            }
            self.cand.push(cand);
            self.open += 1;
        }
        self.propagate(t, hidden)
    }

    /// Copies `other` into `self`, reusing the buffers.
    pub(crate) fn copy_from(&mut self, other: &Self) {
        self.cand.clone_from(&other.cand);
        self.value.clone_from(&other.value);
        self.open = other.open;
        self.queue.clone_from(&other.queue);
    }

    /// Propagates singles again, hidden ones too with `hidden`, from where
    /// the last pass stopped.
    pub(crate) fn resume(&mut self, t: &Tables, hidden: bool) -> Settle {
        self.propagate(t, hidden)
    }

    /// Fills cell `i` with `v` and propagates singles.
    pub(crate) fn place(&mut self, t: &Tables, i: usize, v: u8, hidden: bool) -> Settle {
        if self.assign(t, i, v).is_err() {
            return Settle::Contradiction;
        }
        self.propagate(t, hidden)
    }

    /// Fills cell `i` with `v` and takes `v` from its peers, queueing those
    /// left with one candidate. Errs when `v` may not go there, or a peer is
    /// left with none.
    fn assign(&mut self, t: &Tables, i: usize, v: u8) -> Result<(), ()> {
        let bit = 1u64 << (v - 1);
        if self.value[i] == v {
            return Ok(());
        }
        if self.value[i] != 0 || self.cand[i] & bit == 0 {
            return Err(());
        }
        self.value[i] = v;
        self.cand[i] = bit;
        self.open -= 1;
        let Self {
            cand, value, queue, ..
        } = self;
        for &p in &t.peers[i * t.np..(i + 1) * t.np] {
            let p = usize::from(p);
            let c = cand[p];
            if c & bit != 0 {
                let c = c & !bit;
                if c == 0 || value[p] != 0 {
                    return Err(());
                }
                cand[p] = c;
                if c & (c - 1) == 0 {
                    queue.push(p as u16);
                }
            }
        }
        Ok(())
    }

    /// Fills queued naked singles, then (with `hidden`) hidden singles, until
    /// nothing changes.
    fn propagate(&mut self, t: &Tables, hidden: bool) -> Settle {
        loop {
            while let Some(p) = self.queue.pop() {
                let p = usize::from(p);
                if self.value[p] == 0 {
                    let c = self.cand[p];
                    if self.assign(t, p, c.trailing_zeros() as u8 + 1).is_err() {
                        return Settle::Contradiction;
                    }
                }
            }
            if self.open == 0 {
                return Settle::Solved;
            }
            if !hidden {
                return Settle::Stuck;
            }
            match self.hidden_singles(t) {
                Err(()) => return Settle::Contradiction,
                Ok(false) => return Settle::Stuck,
                Ok(true) => {}
            }
        }
    }

    /// Fills the values that have one place left in a house, in one sweep
    /// over the houses; says whether it filled any.
    fn hidden_singles(&mut self, t: &Tables) -> Result<bool, ()> {
        let n = t.n;
        let mut found = false;
        for h in 0..3 * n {
            let cells = &t.houses[h * n..(h + 1) * n];
            let (mut once, mut twice, mut filled) = (0u64, 0u64, 0u64);
            for &i in cells {
                let i = usize::from(i);
                let c = self.cand[i];
                if self.value[i] == 0 {
                    twice |= once & c;
                    once |= c;
                } else {
                    filled |= c;
                }
            }
            let all = once | filled;
            if all.count_ones() as usize != n {
                return Err(());
            }
            let mut lone = once & !twice & !filled;
            while lone != 0 {
                let bit = lone & lone.wrapping_neg();
                lone &= lone - 1;
                let i = cells
                    .iter()
                    .map(|&i| usize::from(i))
                    .find(|&i| self.value[i] == 0 && self.cand[i] & bit != 0);
                let Some(i) = i else {
                    return Err(());
                };
                self.assign(t, i, bit.trailing_zeros() as u8 + 1)?;
                found = true;
            }
        }
        Ok(found)
    }
}
