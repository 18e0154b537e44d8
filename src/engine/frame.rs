//! One decision of the search: where it branches, what is left to try there, and where its trail begins.

use super::state::{Contradiction, Geometry, State};

/// Where a frame branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Branch {
    /// Try each candidate digit of one cell.
    Cell(u16),
    /// Try each remaining place of one digit in one house.
    Place {
        /// The house: rows `0..n`, columns `n..2n`, boxes `2n..3n`.
        house: u16,
        /// The digit, 0-based.
        digit: u8,
    },
}

/// No choice is being explored under the frame yet.
pub(crate) const NONE: u8 = u8::MAX;

/// One decision: a branch point, the choices left there, the choice being
/// explored, and the trail length to undo to before trying another.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub branch: Branch,
    /// Choices not yet tried: digits of a cell, or positions of a house.
    pub remaining: u64,
    /// The choice whose subtree is being explored, or [`NONE`].
    pub current: u8,
    /// The trail length this frame's choices start from.
    pub mark: usize,
}

impl Frame {
    pub fn new(branch: Branch, remaining: u64, mark: usize) -> Self {
        Self {
            branch,
            remaining,
            current: NONE,
            mark,
        }
    }

    /// The (cell, digit) assignment that choice `k` of this frame stands for.
    pub fn assignment(&self, g: &Geometry, k: usize) -> (usize, usize) {
        match self.branch {
            Branch::Cell(cell) => (cell as usize, k),
            Branch::Place { house, digit } => (
                g.house_cells[house as usize * g.n + k] as usize,
                digit as usize,
            ),
        }
    }

    /// The choices still possible in `state`: untried ones that propagation has
    /// not ruled out since.
    pub fn live(&self, g: &Geometry, state: &State) -> u64 {
        match self.branch {
            Branch::Cell(cell) => self.remaining & state.cand[cell as usize],
            Branch::Place { house, digit } => {
                self.remaining & state.places[house as usize * g.n + digit as usize]
            }
        }
    }
}

/// Picks where to branch: the open cell with the fewest candidates (MRV), or,
/// when strictly fewer, the house-digit with the fewest places. Ties go to the
/// first in row-major order, so the search is deterministic.
pub(crate) fn choose(g: &Geometry, state: &State, places_too: bool) -> Branch {
    let mut best = u32::MAX;
    let mut branch = Branch::Cell(0);
    for (cell, (&cand, &value)) in state.cand.iter().zip(&state.value).enumerate() {
        if value != 0 {
            continue;
        }
        let k = cand.count_ones();
        if k < best {
            best = k;
            branch = Branch::Cell(cell as u16);
            if k <= 2 {
                return branch;
            }
        }
    }
    if places_too {
        for (slot, &p) in state.places.iter().enumerate() {
            let k = p.count_ones();
            if k >= 2 && k < best {
                best = k;
                branch = Branch::Place {
                    house: (slot / g.n) as u16,
                    digit: (slot % g.n) as u8,
                };
                if k == 2 {
                    break;
                }
            }
        }
    }
    branch
}

/// Failed-literal probing: tries each value of each two-candidate cell, and
/// each place of each digit with two places left in a house, with propagation,
/// and undoes it; a value that leads to a contradiction is ruled out for good
/// (at this node). Repeats while that finds something. Returns the branch whose
/// two choices propagate furthest (the product of the trail growth of both, as
/// in lookahead SAT solvers), or `None` when there is no such pair.
///
/// `tried` is scratch: one mask per cell of the digits already probed in a pass.
///
/// # Errors
///
/// A contradiction when both choices of some pair fail: the node is dead.
pub(crate) fn probe(
    g: &Geometry,
    st: &mut State,
    tried: &mut Vec<u64>,
) -> Result<Option<Branch>, Contradiction> {
    let n = g.n;
    tried.resize(n * n, 0);
    loop {
        tried.fill(0);
        let mut best: Option<(usize, Branch)> = None;
        let mut progress = false;
        let pairs = (0..n * n)
            .filter(|&c| st.value[c] == 0 && st.cand[c].count_ones() == 2)
            .map(|c| Branch::Cell(c as u16))
            .chain(
                (0..3 * n * n)
                    .filter(|&s| st.places[s].count_ones() == 2)
                    .map(|s| Branch::Place {
                        house: (s / n) as u16,
                        digit: (s % n) as u8,
                    }),
            );
        // Collect first: probing changes the state the filters read.
        let pairs: smallvec::SmallVec<[Branch; 64]> = pairs.collect();
        for branch in pairs {
            let mut score = 1usize;
            let frame = Frame::new(branch, u64::MAX, 0);
            let mut choices = frame.live(g, st);
            if choices.count_ones() != 2 {
                continue; // changed by an earlier probe in this pass
            }
            while choices != 0 {
                let k = choices.trailing_zeros() as usize;
                choices &= choices - 1;
                let (cell, d) = frame.assignment(g, k);
                let grown = if tried[cell] & (1 << d) != 0 {
                    1 // probed already this pass, and it did not fail
                } else {
                    tried[cell] |= 1 << d;
                    let mark = st.mark();
                    st.queue(cell, d);
                    let outcome = st.propagate(g);
                    let grown = st.mark() - mark;
                    st.undo(g, mark);
                    if outcome.is_err() {
                        st.eliminate(g, cell, d)?;
                        st.propagate(g)?;
                        progress = true;
                        score = 0;
                        break;
                    }
                    grown
                };
                score *= grown + 1;
            }
            if score > best.map_or(0, |b| b.0) {
                best = Some((score, branch));
            }
        }
        if !progress {
            return Ok(best.map(|(_, branch)| branch));
        }
    }
}
