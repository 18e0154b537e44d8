//! The run-time engine's search state: a candidate mask per cell, and the only ways to change it (restrict, assign, undo).

use super::mask::Mask;
use super::model::{Model, Peers, push_cells};
use crate::engine::classic::state::Contradiction;

/// Marks a trail entry as an assignment rather than a change of mask.
const ASSIGNED: u32 = 1 << 31;

/// Where a trail entry keeps which word of the cell's mask it holds: the
/// cells take the bits below (a 400×400 board has 160,000 < 2^20).
const WORD_SHIFT: u32 = 20;

/// The cell of a trail entry.
const CELL: u32 = (1 << WORD_SHIFT) - 1;

/// Marks a trail entry as the peers an assignment took its value from, on
/// big boards: (cell | [`PEERS`] | group index << [`WORD_SHIFT`] | word
/// << [`PEER_WORD_SHIFT`], a word of bits), bit `b` set when the cell at
/// `64 * word + b` of that group (its chess moves for the index past its
/// groups) lost the value. One bit an elimination instead of one entry:
/// an empty 400×400 makes 64 million eliminations, 1 GB as entries.
const PEERS: u32 = 1 << 30;

/// Where a peers entry keeps its word of the group's bits, above the
/// group's index among the cell's groups (five bits); five bits more hold
/// it, for sets of up to 2,048 cells (a group has at most N ≤ 448).
const PEER_WORD_SHIFT: u32 = WORD_SHIFT + 5;

/// Whether big boards trail eliminations by assignment as bits of peers:
/// not in the `compact` WebAssembly build, for its size limit; it keeps an
/// entry an elimination.
const PEER_BITS: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// Whether layouts of houses alone may look for naked and hidden pairs
/// (see [`State::with_pairs`]): not in the `compact` WebAssembly build,
/// for its size limit (as [`PEER_BITS`]).
pub(super) const PAIRS: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// Candidates and assignments, changed only through [`State::restrict`] and
/// [`State::assign`], each of which records what it changed on the trail.
#[derive(Clone, Debug)]
pub(crate) struct State<M> {
    /// `cand[c]`: bit `d` set while value `d + 1` may still stand in cell `c`.
    cand: Vec<M>,
    /// `done[c]`: whether cell `c` has been assigned (its value removed from its peers).
    done: Vec<bool>,
    /// `placed[h]`: the values assigned in house `h`, up to 64×64 (the
    /// hidden-single checks skip them).
    placed: Vec<M>,
    /// Every change since the first decision, newest last: (cell | word
    /// index << `WORD_SHIFT`, that word of the mask before) for each word
    /// a change touched, or (cell | `ASSIGNED`, 0), or on big boards the
    /// peers an assignment took its value from (see [`PEERS`]). Changes
    /// before the first decision are never undone, and a big board makes
    /// millions; and a word a change rather than a mask keeps an entry to
    /// 16 bytes on any board.
    trail: Vec<(u32, u64)>,
    /// Whether changes go on the trail: from the first decision on.
    recording: bool,
    /// On big boards, `places[h * n + d]`: the cells of house `h` where
    /// value `d + 1` may stand, kept as candidates change, so that a hidden
    /// single shows when a count falls to one rather than by scanning
    /// every house a change touches (N cells each, thousands of times).
    places: Vec<u16>,
    /// On big boards, (house, value less one) whose places fell to one.
    singles: Vec<(u32, u32)>,
    /// The open cells by candidate count, on boards big enough that
    /// scanning every cell for the fewest would cost more than this.
    buckets: Buckets,
    /// Cells left with one candidate and not yet assigned.
    queue: Vec<u32>,
    /// Houses whose cells changed since their last hidden-single check.
    houses: Dirty,
    /// Constraints whose cells changed since they last ran.
    constraints: Dirty,
    /// Houses checked for hidden singles since their last check for locked
    /// candidates: the dearer check waits until the cheaper ones are done.
    locked: Dirty,
    /// Houses checked for locked candidates since their last check for
    /// pairs, on layouts of houses alone (see [`State::with_pairs`]).
    pairs: Dirty,
    /// Whether houses are checked for naked and hidden pairs, after locked
    /// candidates: layouts of houses alone up to 64×64, searched in the
    /// lowest-first value order (record 0030).
    pub(super) with_pairs: bool,
    /// Whether propagators may run their dearer exact checks (cages' value
    /// sets): off for the root's one pass, which most published puzzles
    /// end in, on from the search's first guess (record 0028).
    pub(super) exact: bool,
    /// Cells still open.
    open: usize,
    /// Changes of a mask so far, to tell whether a run changed anything.
    changes: u64,
    /// Each constraint's fingerprint of the inputs of its last run that
    /// changed nothing (0: none), so a run on the same inputs is skipped
    /// ([`State::unless_idle_on`]).
    idle: Vec<u64>,
    /// The constraint running now, the index into `idle`.
    running: usize,
    /// Undos so far: a note of a run that read beyond its inputs holds
    /// only until the next one ([`State::unless_idle_on`]).
    undos: u64,
    /// Assignments made, for statistics.
    pub(super) assignments: u64,
    /// What the last contradiction came from, for the search's failure weights.
    pub(super) culprit: Culprit,
    /// Where probing last left a state at its fixpoint (see
    /// [`State::probed_since`]); not in the `compact` WebAssembly build.
    #[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
    probed: Probed,
    /// Values `probe` ruled out since the last reset, for the tests.
    #[cfg(test)]
    pub(super) probes_failed: u64,
}

/// The trail length of the last state probing left at its fixpoint,
/// lowered by each undo below it, so that every change since is on the
/// trail past it; `None` before the first probe of a search and once an
/// undo goes below `floor`, where the first probe since `None` started
/// (the states below it were never probed); and each cell's look-ahead
/// score from its last probe, for the search's choice.
#[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
#[derive(Clone, Debug, Default)]
struct Probed {
    at: Option<usize>,
    floor: usize,
    scores: Vec<u64>,
}

/// A hash of what a constraint reads, for [`State::unless_idle_on`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fingerprint(u64);

impl Fingerprint {
    /// The fingerprint of nothing yet.
    pub(crate) fn new() -> Self {
        Self(0x243F_6A88_85A3_08D3)
    }

    /// Adds a mask's words.
    #[inline(always)]
    pub(crate) fn with<M: Mask>(self, mask: M) -> Self {
        (0..M::WORDS).fold(self, |f, i| f.with_word(mask.word(i)))
    }

    /// Adds one word.
    #[inline(always)]
    pub(crate) fn with_word(self, word: u64) -> Self {
        Self(
            (self.0 ^ word)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(27),
        )
    }
}

/// What a contradiction came from: the search charges a failure to the
/// cells of its culprit (see `search::Learned`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Culprit {
    /// Not known: a decision's own cell ran out of candidates.
    #[default]
    Unknown,
    /// A house of N cells (hidden singles, places, locked candidates).
    House(u32),
    /// A constraint beyond houses.
    Constraint(u32),
    /// Two cells that must differ: an assignment emptied a peer.
    Cells(u32, u32),
}

impl<M: Mask> State<M> {
    pub(super) fn new(m: &Model<M>) -> Self {
        Self {
            cand: vec![M::EMPTY; m.cells],
            done: vec![false; m.cells],
            placed: vec![M::EMPTY; m.house_count()],
            trail: Vec::with_capacity(m.cells.min(1 << 16) * 4),
            recording: false,
            places: vec![0; if M::BUCKETS { m.house_count() * m.n } else { 0 }],
            singles: Vec::new(),
            buckets: Buckets::new(if M::BUCKETS { m.cells } else { 0 }, m.n),
            queue: Vec::with_capacity(m.cells),
            houses: Dirty::new(m.house_count()),
            constraints: Dirty::new(m.constraint_count()),
            locked: Dirty::new(m.house_count()),
            pairs: Dirty::new(if PAIRS { m.house_count() } else { 0 }),
            with_pairs: false,
            exact: false,
            open: m.cells,
            changes: 0,
            idle: vec![0; m.constraint_count()],
            running: 0,
            undos: 0,
            assignments: 0,
            culprit: Culprit::Unknown,
            #[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
            probed: Probed::default(),
            #[cfg(test)]
            probes_failed: 0,
        }
    }

    /// Fits the buffers to model `m`, keeping what they have allocated.
    pub(super) fn fit(&mut self, m: &Model<M>) {
        self.cand.resize(m.cells, M::EMPTY);
        self.done.resize(m.cells, false);
        self.placed.resize(m.house_count(), M::EMPTY);
        self.buckets = Buckets::new(if M::BUCKETS { m.cells } else { 0 }, m.n);
        self.places = vec![0; if M::BUCKETS { m.house_count() * m.n } else { 0 }];
        self.houses = Dirty::new(m.house_count());
        self.constraints = Dirty::new(m.constraint_count());
        self.idle = vec![0; m.constraint_count()];
        self.locked = Dirty::new(m.house_count());
        if PAIRS {
            self.pairs = Dirty::new(m.house_count());
        }
        self.trail.clear();
        self.queue.clear();
    }

    /// Starts over from `givens` (one value a cell, 0 for empty): every
    /// candidate open, the givens and every constraint queued.
    pub(super) fn reset(&mut self, m: &Model<M>, givens: &[u16]) -> Result<(), Contradiction> {
        self.cand.fill(m.full);
        self.done.fill(false);
        self.placed.fill(M::EMPTY);
        self.trail.clear();
        self.recording = false;
        self.exact = false;
        if M::BUCKETS {
            self.buckets.fill(m.n);
            self.places.fill(m.n as u16);
            self.singles.clear();
        }
        self.queue.clear();
        self.houses.clear();
        self.constraints.clear();
        self.locked.clear();
        if PAIRS {
            self.pairs.clear();
        }
        self.open = m.cells;
        self.idle.fill(0);
        self.assignments = 0;
        #[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
        {
            self.probed.at = None;
            self.probed.scores.fill(0);
        }
        #[cfg(test)]
        {
            self.probes_failed = 0;
        }
        for k in 0..m.constraint_count() {
            self.constraints.push(k);
        }
        if M::BUCKETS {
            return self.place_givens(m, givens);
        }
        if m.full.is_single() {
            // One value (a 1×1 board): every cell starts with one candidate,
            // which no restriction changes, so queue its assignment here, as
            // `restrict` queues a cell it leaves with one. Unqueued, the cell
            // stayed open forever, and the search chose it again and again.
            self.queue.extend(0..m.cells as u32);
        }
        for (c, &v) in givens.iter().enumerate() {
            if v != 0 {
                self.restrict(m, c, M::bit(usize::from(v) - 1))?;
            }
        }
        Ok(())
    }

    /// On big boards, places the givens group by group rather than cell
    /// by cell: each open cell loses the values given in its groups, and
    /// the place counts are counted once from what is left. Removing each
    /// given from its N-odd peers one by one would cost a hundred times as much.
    fn place_givens(&mut self, m: &Model<M>, givens: &[u16]) -> Result<(), Contradiction> {
        let Peers::Grouped {
            groups_of,
            groups,
            moves,
        } = &m.peers
        else {
            unreachable!("big boards keep their peers grouped");
        };
        let given = |c: usize| usize::from(givens[c]).checked_sub(1).map(M::bit);
        // The values given in each group; a value given twice is a contradiction.
        let mut taken = vec![M::EMPTY; groups.len()];
        for (g, t) in taken.iter_mut().enumerate() {
            for &c in groups.of(g) {
                if let Some(bit) = given(c as usize) {
                    if t.meets(bit) {
                        return Err(Contradiction);
                    }
                    *t |= bit;
                }
            }
        }
        for c in 0..m.cells {
            let keep = match given(c) {
                Some(bit) => {
                    self.done[c] = true;
                    self.open -= 1;
                    bit
                }
                None => {
                    let mut out = M::EMPTY;
                    groups_of
                        .of(c)
                        .iter()
                        .for_each(|&g| out |= taken[g as usize]);
                    moves
                        .of(c)
                        .iter()
                        .filter_map(|&d| given(d as usize))
                        .for_each(|b| out |= b);
                    m.full & !out
                }
            };
            if keep.is_empty() {
                return Err(Contradiction);
            }
            self.cand[c] = keep;
            self.buckets.moved(c, m.n as u32, keep.count());
            if keep.is_single() && !self.done[c] {
                self.queue.push(c as u32);
            }
        }
        for h in 0..m.house_count() {
            let counts = &mut self.places[h * m.n..(h + 1) * m.n];
            counts.fill(0);
            for &c in m.house(h) {
                let mut cand = self.cand[c as usize];
                while !cand.is_empty() {
                    counts[cand.first()] += 1;
                    cand = cand.without_lowest();
                }
            }
            for (d, &k) in counts.iter().enumerate() {
                match k {
                    0 => return Err(Contradiction),
                    1 => self.singles.push((h as u32, d as u32)),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// The candidates of `cell`.
    #[inline(always)]
    pub(crate) fn cand(&self, cell: usize) -> M {
        self.cand[cell]
    }

    /// The values assigned in house `h` (none past 64×64).
    #[inline(always)]
    pub(crate) fn placed_in(&self, h: usize) -> M {
        self.placed[h]
    }

    /// Whether `cell` has been assigned.
    #[inline(always)]
    pub(crate) fn is_done(&self, cell: usize) -> bool {
        self.done[cell]
    }

    /// Runs `run` for the constraint running now unless its last run
    /// that changed nothing had the same `fingerprint` of its inputs (a
    /// hash of what it reads, which the constraint chooses): a cage is
    /// queued by every change in its house, most of which leave what it
    /// reads as it was. `run` returns whether it read beyond those inputs;
    /// such a run is noted only until the next undo (until then the cells
    /// beyond can only have lost candidates, so a run on the same inputs
    /// finds nothing there either). A fingerprint that collides only skips
    /// pruning, so a constraint must not pass one once its cells are all
    /// placed.
    ///
    /// # Errors
    ///
    /// A contradiction when `run` finds one.
    pub(crate) fn unless_idle_on(
        &mut self,
        fingerprint: Fingerprint,
        run: impl FnOnce(&mut Self) -> Result<bool, Contradiction>,
    ) -> Result<(), Contradiction> {
        // The note of a run beyond the inputs also holds the undo count.
        let until_undo = fingerprint.with_word(self.undos).0 | 1;
        let fingerprint = fingerprint.0 | 1;
        let k = self.running;
        if let Some(&idle) = self.idle.get(k)
            && (idle == fingerprint || idle == until_undo)
        {
            return Ok(());
        }
        let before = self.changes;
        let beyond = run(self)?;
        if self.changes == before
            && let Some(idle) = self.idle.get_mut(k)
        {
            *idle = if beyond { until_undo } else { fingerprint };
        }
        Ok(())
    }

    /// Says the running constraint is at its fixpoint after the changes it
    /// made so far: they need not run it again, so it leaves the queue
    /// (where they put it), unless a change by another put it there first.
    pub(crate) fn settled(&mut self) {
        self.constraints.remove(self.running);
    }

    /// Marks constraint `k` as the one running, for [`State::unless_idle_on`].
    pub(super) fn running(&mut self, k: usize) {
        self.running = k;
    }

    /// Cells still open.
    pub(super) fn open(&self) -> usize {
        self.open
    }

    /// The trail's length: a mark to undo back to. Taking one starts the
    /// recording: it is taken for each decision.
    pub(super) fn mark(&mut self) -> usize {
        self.recording = true;
        self.trail.len()
    }

    /// An open cell with the fewest candidates, when they are kept in
    /// buckets; `None` when every cell is placed.
    pub(super) fn fewest(&self) -> Option<usize> {
        self.buckets.fewest()
    }

    /// Puts the open cells with two candidates in `out`, on big boards
    /// (from the buckets); none elsewhere.
    pub(super) fn two_way(&self, out: &mut Vec<u32>) {
        out.clear();
        if let Some(set) = self.buckets.sets.get(2) {
            push_cells(out, set.iter().copied());
        }
    }

    /// Calls `f` on each cell whose candidates changed since the state
    /// probing last left at its fixpoint (some more than once), and
    /// returns `true`; `false`, calling nothing, when no state of this
    /// search since the last step back above it was probed.
    #[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
    pub(super) fn probed_since(&mut self, m: &Model<M>, f: impl FnMut(usize)) -> bool {
        if let Some(at) = self.probed.at {
            self.changed_since(m, at, f);
            return true;
        }
        self.probed.floor = self.trail.len();
        false
    }

    /// The `compact` WebAssembly build's, which never probes: `false`.
    #[cfg(all(feature = "compact", target_arch = "wasm32"))]
    pub(super) fn probed_since(&mut self, _m: &Model<M>, _f: impl FnMut(usize)) -> bool {
        false
    }

    /// Each cell's look-ahead score from its last probe (0 before one),
    /// for `cells` cells; none in the `compact` WebAssembly build.
    #[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
    pub(super) fn scores(&mut self, cells: usize) -> &mut [u64] {
        self.probed.scores.resize(cells, 0);
        &mut self.probed.scores
    }

    /// The `compact` WebAssembly build's, which never probes: none.
    #[cfg(all(feature = "compact", target_arch = "wasm32"))]
    pub(super) fn scores(&mut self, _cells: usize) -> &mut [u64] {
        &mut []
    }

    /// Records the state as probing leaves it: at its fixpoint.
    pub(super) fn probed_here(&mut self) {
        #[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
        {
            self.probed.at = Some(self.trail.len());
        }
    }

    /// Calls `f` on each cell whose candidates changed since trail length
    /// `mark` (some more than once), on big boards.
    pub(super) fn changed_since(&self, m: &Model<M>, mark: usize, mut f: impl FnMut(usize)) {
        for &(key, bits) in &self.trail[mark..] {
            let cell = (key & CELL) as usize;
            if M::BUCKETS && PEER_BITS && key & PEERS != 0 {
                // An assignment's peers, as bits of one of its sets.
                let j = (key >> WORD_SHIFT & 31) as usize;
                let w = (key >> PEER_WORD_SHIFT & 31) as usize;
                let set = m.peers.set(cell, j);
                let mut bits = bits;
                while bits != 0 {
                    f(set[w * 64 + bits.trailing_zeros() as usize] as usize);
                    bits &= bits - 1;
                }
            } else {
                f(cell);
            }
        }
    }

    /// The trail's length, without starting the recording.
    pub(super) fn trail_len(&self) -> usize {
        self.trail.len()
    }

    /// Undoes every change made since `mark`, newest first, and drops pending work.
    pub(super) fn undo(&mut self, m: &Model<M>, mark: usize) {
        self.undos += 1;
        // Taken out while it is read, so that the undo can borrow the state.
        let mut trail = std::mem::take(&mut self.trail);
        for &(key, old) in trail[mark..].iter().rev() {
            if M::BUCKETS && PEER_BITS && key & PEERS != 0 {
                self.give_back(m, key, old);
                continue;
            }
            if key & ASSIGNED != 0 {
                let c = (key & !ASSIGNED) as usize;
                self.done[c] = false;
                self.open += 1;
                if !M::BUCKETS {
                    for &h in m.houses_of(c) {
                        self.placed[h as usize] &= !self.cand[c];
                    }
                }
                continue;
            }
            let (c, i) = ((key & CELL) as usize, (key >> WORD_SHIFT) as usize);
            let now = self.cand[c];
            let before = now.with_word(i, old);
            if M::BUCKETS {
                self.buckets.moved(c, now.count(), before.count());
                let mut back = old & !now.word(i);
                while back != 0 {
                    let d = i * 64 + back.trailing_zeros() as usize;
                    back &= back - 1;
                    for &h in m.houses_of(c) {
                        self.places[h as usize * m.n + d] += 1;
                    }
                }
            }
            self.cand[c] = before;
        }
        trail.truncate(mark);
        self.trail = trail;
        #[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
        if let Some(at) = self.probed.at {
            self.probed.at = (mark >= self.probed.floor).then_some(at.min(mark));
        }
        self.queue.clear();
        self.singles.clear();
        self.houses.clear();
        self.constraints.clear();
        self.locked.clear();
        if PAIRS {
            self.pairs.clear();
        }
    }

    /// Keeps only the candidates of `cell` in `keep`, queueing what follows:
    /// the cell's assignment when one is left, and every check that reads it.
    ///
    /// # Errors
    ///
    /// A contradiction when no candidate is left.
    #[cfg_attr(not(all(feature = "compact", target_arch = "wasm32")), inline(always))]
    pub(crate) fn restrict(
        &mut self,
        m: &Model<M>,
        cell: usize,
        keep: M,
    ) -> Result<(), Contradiction> {
        let old = self.cand[cell];
        let new = old & keep;
        if new == old {
            return Ok(());
        }
        self.change(m, cell, old, new)
    }

    /// [`State::restrict`] once it changes something: most calls do not,
    /// so that check is inlined and this is not (but for the compact
    /// WebAssembly build's size).
    #[cfg_attr(not(all(feature = "compact", target_arch = "wasm32")), inline(never))]
    fn change(&mut self, m: &Model<M>, cell: usize, old: M, new: M) -> Result<(), Contradiction> {
        if new.is_empty() {
            return Err(Contradiction);
        }
        if self.recording {
            for i in 0..M::WORDS {
                if old.word(i) != new.word(i) {
                    self.trail
                        .push((cell as u32 | (i as u32) << WORD_SHIFT, old.word(i)));
                }
            }
        }
        self.set(m, cell, old, new)
    }

    /// Changes the candidates of `cell` from `old` to `new` (some left),
    /// queueing what follows, as [`State::restrict`] does once the change
    /// is on the trail.
    ///
    /// # Errors
    ///
    /// A contradiction when a value has no place left in a house.
    #[inline(always)]
    fn set(&mut self, m: &Model<M>, cell: usize, old: M, new: M) -> Result<(), Contradiction> {
        self.cand[cell] = new;
        self.changes += 1;
        if new.is_single() {
            self.queue.push(cell as u32);
        }
        if M::BUCKETS {
            self.buckets.moved(cell, old.count(), new.count());
            self.constraints.push_bits(m.constraints_of(cell));
            return self.count_places(m, cell, old & !new);
        }
        self.houses.push_bits(m.house_bits_of(cell));
        self.constraints.push_bits(m.constraints_of(cell));
        Ok(())
    }

    /// Takes the values `gone` from `cell` off its houses' place counts,
    /// queueing each (house, value) left with one place.
    ///
    /// # Errors
    ///
    /// A contradiction when a value has no place left in a house; the
    /// counts are all updated first, so that an undo restores them.
    fn count_places(&mut self, m: &Model<M>, cell: usize, gone: M) -> Result<(), Contradiction> {
        let mut none_left = false;
        let mut gone = gone;
        while !gone.is_empty() {
            let d = gone.first();
            gone = gone.without_lowest();
            for &h in m.houses_of(cell) {
                let p = &mut self.places[h as usize * m.n + d];
                *p -= 1;
                match *p {
                    0 => none_left = true,
                    1 => self.singles.push((h, d as u32)),
                    _ => {}
                }
            }
        }
        if none_left {
            return Err(Contradiction);
        }
        Ok(())
    }

    /// The next (house, value less one) whose places fell to one, on big boards.
    pub(super) fn next_single(&mut self) -> Option<(usize, usize)> {
        let (h, d) = self.singles.pop()?;
        Some((h as usize, d as usize))
    }

    /// Assigns `cell` its one candidate and removes it from the cell's peers.
    fn assign(&mut self, m: &Model<M>, cell: usize) -> Result<(), Contradiction> {
        let bit = self.cand[cell];
        self.done[cell] = true;
        self.open -= 1;
        if !M::BUCKETS {
            for &h in m.houses_of(cell) {
                self.placed[h as usize] |= bit;
            }
        }
        self.assignments += 1;
        if self.recording {
            self.trail.push((cell as u32 | ASSIGNED, 0));
        }
        let d = bit.first();
        if M::BUCKETS
            && PEER_BITS
            && self.recording
            && let Some(sets) = m.peers.sets(cell)
            && sets <= 32
        {
            for j in 0..sets {
                self.take_from(m, cell, d, j as u32, m.peers.set(cell, j))?;
            }
            return Ok(());
        }
        m.peers.try_each(cell, |p| {
            // Most peers lack the value: test before the call.
            if self.cand[p as usize].has(d)
                && let Err(e) = self.restrict(m, p as usize, !bit)
            {
                self.culprit = Culprit::Cells(cell as u32, p);
                return Err(e);
            }
            Ok(())
        })
    }

    /// Takes value `d` of assigned `cell` from the cells of `set` (the
    /// `j`-th of its groups, or its chess moves), trailing those that had it
    /// as bits of `set`, a word per 64 cells with any (see [`PEERS`]).
    ///
    /// # Errors
    ///
    /// A contradiction when a cell is left empty or a value without a place
    /// in a house; what was taken until then is on the trail.
    fn take_from(
        &mut self,
        m: &Model<M>,
        cell: usize,
        d: usize,
        j: u32,
        set: &[u32],
    ) -> Result<(), Contradiction> {
        let bit = M::bit(d);
        for (w, chunk) in set.chunks(64).enumerate() {
            let mut bits = 0u64;
            let mut out = Ok(());
            for (b, &p) in chunk.iter().enumerate() {
                let old = self.cand[p as usize];
                // Most peers lack the value; the cell itself is in its groups.
                if !old.has(d) || p as usize == cell {
                    continue;
                }
                let new = old & !bit;
                if new.is_empty() {
                    out = Err(Contradiction);
                } else {
                    bits |= 1 << b;
                    out = self.set(m, p as usize, old, new);
                }
                if out.is_err() {
                    self.culprit = Culprit::Cells(cell as u32, p);
                    break;
                }
            }
            if bits != 0 {
                let key = cell as u32 | PEERS | j << WORD_SHIFT | (w as u32) << PEER_WORD_SHIFT;
                self.trail.push((key, bits));
            }
            out?;
        }
        Ok(())
    }

    /// Undoes a peers entry (see [`PEERS`]): gives the value of its cell
    /// back to the peers its bits name.
    fn give_back(&mut self, m: &Model<M>, key: u32, bits: u64) {
        let cell = (key & CELL) as usize;
        let j = (key >> WORD_SHIFT & 31) as usize;
        let w = (key >> PEER_WORD_SHIFT & 31) as usize;
        let set = m.peers.set(cell, j);
        // The cell keeps its one value until its assignment is undone, after this.
        let d = self.cand[cell].first();
        let bit = M::bit(d);
        let mut bits = bits;
        while bits != 0 {
            let p = set[w * 64 + bits.trailing_zeros() as usize] as usize;
            bits &= bits - 1;
            let now = self.cand[p];
            self.buckets.moved(p, now.count(), now.count() + 1);
            for &h in m.houses_of(p) {
                self.places[h as usize * m.n + d] += 1;
            }
            self.cand[p] = now | bit;
        }
    }

    /// Makes every queued assignment.
    pub(super) fn assign_queued(&mut self, m: &Model<M>) -> Result<(), Contradiction> {
        while let Some(cell) = self.queue.pop() {
            let cell = cell as usize;
            if !self.done[cell] {
                self.assign(m, cell)?;
            }
        }
        Ok(())
    }

    /// The next house to check for hidden singles; it is queued for locked
    /// candidates in turn, but on boards past 64×64, where a check costs
    /// N² and prunes little, they are left out.
    pub(super) fn next_house(&mut self) -> Option<usize> {
        let h = self.houses.pop()?;
        if !M::BUCKETS {
            self.locked.push(h);
        }
        Some(h)
    }

    /// The next house to check for locked candidates.
    pub(super) fn next_locked(&mut self) -> Option<usize> {
        let h = self.locked.pop()?;
        if PAIRS && self.with_pairs {
            self.pairs.push(h);
        }
        Some(h)
    }

    /// The next house to check for naked and hidden pairs.
    pub(super) fn next_pairs(&mut self) -> Option<usize> {
        self.pairs.pop()
    }

    /// The next constraint to run.
    pub(super) fn next_constraint(&mut self) -> Option<usize> {
        self.constraints.pop()
    }
}

/// A set of indices with work queued, as bits: queueing one is an OR, and
/// the lowest comes out first.
#[derive(Clone, Debug)]
struct Dirty {
    words: Vec<u64>,
    /// No word below this one has a bit set.
    low: usize,
}

impl Dirty {
    /// An empty set for indices `0..len`.
    fn new(len: usize) -> Self {
        let words = vec![0; len.div_ceil(64)];
        let low = words.len();
        Self { words, low }
    }

    /// Queues `i`.
    #[inline(always)]
    fn push(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
        self.low = self.low.min(i / 64);
    }

    /// Takes the lowest index queued.
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        while let Some(&word) = self.words.get(self.low) {
            if word != 0 {
                self.words[self.low] = word & (word - 1);
                return Some(self.low * 64 + word.trailing_zeros() as usize);
            }
            self.low += 1;
        }
        None
    }

    /// Queues the indices of `bits`, (word index, bits) pairs.
    #[inline(always)]
    fn push_bits(&mut self, bits: &[(u32, u64)]) {
        let mut low = self.low;
        for &(w, b) in bits {
            self.words[w as usize] |= b;
            low = low.min(w as usize);
        }
        self.low = low;
    }

    /// Drops `i` from the queue.
    #[inline(always)]
    fn remove(&mut self, i: usize) {
        if let Some(word) = self.words.get_mut(i / 64) {
            *word &= !(1 << (i % 64));
        }
    }

    /// Drops every queued index.
    fn clear(&mut self) {
        let len = self.words.len();
        self.words[self.low.min(len)..].fill(0);
        self.low = len;
    }
}

/// Cells by candidate count: `sets[k]` holds the cells with `k` candidates
/// as bits, and `len[k]` how many. Cells with one candidate are placed
/// before each decision, so the open cells are those with two or more.
#[derive(Clone, Debug, Default)]
struct Buckets {
    sets: Vec<Vec<u64>>,
    len: Vec<u32>,
    cells: usize,
}

impl Buckets {
    /// Buckets for `cells` cells of up to `n` candidates; none for 0 cells.
    fn new(cells: usize, n: usize) -> Self {
        if cells == 0 {
            return Self::default();
        }
        Self {
            sets: vec![vec![0; cells.div_ceil(64)]; n + 1],
            len: vec![0; n + 1],
            cells,
        }
    }

    /// Every cell in bucket `n`, as when every candidate is open.
    fn fill(&mut self, n: usize) {
        for set in &mut self.sets {
            set.fill(0);
        }
        self.len.fill(0);
        let all = &mut self.sets[n];
        all.fill(u64::MAX);
        if !self.cells.is_multiple_of(64) {
            all[self.cells / 64] = (1 << (self.cells % 64)) - 1;
        }
        self.len[n] = self.cells as u32;
    }

    /// Moves `cell` from bucket `from` to bucket `to`.
    #[inline(always)]
    fn moved(&mut self, cell: usize, from: u32, to: u32) {
        let (w, b) = (cell / 64, 1u64 << (cell % 64));
        self.sets[from as usize][w] &= !b;
        self.len[from as usize] -= 1;
        self.sets[to as usize][w] |= b;
        self.len[to as usize] += 1;
    }

    /// The first cell of the lowest bucket of two or more, if any.
    fn fewest(&self) -> Option<usize> {
        let k = (2..self.len.len()).find(|&k| self.len[k] != 0)?;
        let set = &self.sets[k];
        let w = set.iter().position(|&w| w != 0)?;
        Some(w * 64 + set[w].trailing_zeros() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::{Fingerprint, State};
    use crate::engine::variant::mask::{Mask, Wide};
    use crate::engine::variant::propagate::compile;
    use crate::model::rules::{ChessRule, Rules};
    use crate::random;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    use std::hash::{DefaultHasher, Hash, Hasher};

    /// A fingerprint of what an undo must restore: candidates,
    /// assignments, place counts and buckets.
    fn print<M: Mask>(st: &State<M>) -> u64 {
        let mut h = DefaultHasher::new();
        st.cand
            .iter()
            .for_each(|c| (0..M::WORDS).for_each(|i| c.word(i).hash(&mut h)));
        (&st.done, st.open, &st.places).hash(&mut h);
        st.placed
            .iter()
            .for_each(|p| (0..M::WORDS).for_each(|i| p.word(i).hash(&mut h)));
        (&st.buckets.sets, &st.buckets.len).hash(&mut h);
        h.finish()
    }

    /// A run that changed nothing on a fingerprint is skipped on it again;
    /// a run that changed something, read beyond its inputs or failed is not.
    #[test]
    fn only_idle_runs_are_skipped() {
        let rules = Rules::boxes(3, 3)
            .unwrap()
            .with_cage(&[(0, 0), (0, 1)], Some(10))
            .unwrap()
            .with_cage(&[(1, 0), (1, 1)], Some(10))
            .unwrap();
        let (m, constraints) = compile::<u64>(&rules);
        assert!(constraints.len() >= 2);
        let mut st = State::new(&m);
        st.reset(&m, &vec![0; m.cells]).unwrap();
        let print = |x| Fingerprint::new().with_word(x);
        let runs = std::cell::Cell::new(0);
        let run = |st: &mut State<u64>, x: u64, cell: usize, beyond: bool| {
            st.unless_idle_on(print(x), |st| {
                runs.set(runs.get() + 1);
                st.restrict(&m, cell, !1).map(|()| beyond)
            })
        };
        // Cell 0 loses value 1 on the first run, so the second runs too;
        // it changes nothing, so the third and fourth are skipped.
        for _ in 0..4 {
            run(&mut st, 7, 0, false).unwrap();
        }
        // Each constraint keeps its own note.
        st.running(1);
        run(&mut st, 7, 0, false).unwrap();
        // A run that reads beyond its inputs is noted until the next undo.
        run(&mut st, 8, 0, true).unwrap();
        run(&mut st, 8, 0, true).unwrap();
        assert_eq!(runs.get(), 4);
        let mark = st.mark();
        st.undo(&m, mark);
        run(&mut st, 8, 0, true).unwrap();
        assert_eq!(runs.get(), 5);
        // A failed run is not noted either.
        st.restrict(&m, 5, 1).unwrap();
        let mut failed = 0;
        for _ in 0..2 {
            let step = st.unless_idle_on(print(9), |st| {
                failed += 1;
                st.restrict(&m, 5, !1).map(|()| false)
            });
            assert!(step.is_err());
        }
        assert_eq!(failed, 2);
    }

    /// On a big board (grouped peers, place counts, buckets, assignments
    /// trailed as bits of peers), random decisions and the undos of those
    /// that fail, then of every level, bring back each level's state
    /// exactly: through rows, columns, boxes, diagonals, a cage and chess
    /// moves, and through contradictions found halfway through an assignment.
    #[test]
    fn undo_restores_every_level_on_big_boards() {
        let rules = Rules::boxes(9, 9)
            .unwrap()
            .with_diagonals()
            .with_chess(ChessRule::AntiKnight)
            .with_cage(&[(0, 40), (3, 7), (10, 70), (80, 80)], None)
            .unwrap();
        let (m, constraints) = compile::<Wide<2>>(&rules);
        undo_restores_every_level(&m, &constraints, 2);
    }

    /// The same on a 9×9 killer with diagonals (hidden singles by house
    /// scans, the values placed in each house kept), where the values
    /// placed in each house also match the assigned cells at every level.
    #[test]
    fn undo_restores_every_level_on_small_boards() {
        let mut rules = Rules::boxes(3, 3).unwrap().with_diagonals();
        for (cells, sum) in [
            (&[(0, 0), (0, 1), (1, 0)][..], 12),
            (&[(4, 4), (4, 5)], 9),
            (&[(8, 8), (7, 8), (8, 7)], 13),
            (&[(2, 6), (3, 6)], 11),
        ] {
            rules = rules.with_cage(cells, Some(sum)).unwrap();
        }
        let (m, constraints) = compile::<u64>(&rules);
        undo_restores_every_level(&m, &constraints, 12);
    }

    /// Random decisions and the undos of those that fail, then of every
    /// level, on `seeds` searches: each undo brings back its level's state
    /// exactly, and the search fails somewhere and goes deep.
    fn undo_restores_every_level<M: Mask>(
        m: &crate::engine::variant::model::Model<M>,
        constraints: &crate::engine::variant::propagate::Constraints<M>,
        seeds: u64,
    ) {
        let (mut failed, mut deepest) = (0, 0);
        // An open cell with the fewest candidates, from the buckets or a scan.
        let fewest = |st: &State<M>| {
            st.fewest().or_else(|| {
                (0..m.cells)
                    .filter(|&c| !st.is_done(c))
                    .min_by_key(|&c| st.cand(c).count())
            })
        };
        // The values placed in each house are those of its assigned cells.
        let placed_match = |st: &State<M>| {
            (0..m.house_count()).all(|h| {
                let done = m
                    .house(h)
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| st.is_done(c));
                M::BUCKETS || st.placed_in(h) == done.fold(M::EMPTY, |u, c| u | st.cand(c))
            })
        };
        for seed in 0..seeds {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut st = State::new(m);
            st.reset(m, &vec![0; m.cells]).unwrap();
            st.propagate(m, constraints).unwrap();
            let mut levels = vec![(st.mark(), print(&st))];
            for _ in 0..2000 {
                let Some(cell) = fewest(&st) else { break };
                let cand = st.cand(cell);
                let bit = cand.nth(random::below(&mut rng, cand.count()));
                let ok = st
                    .restrict(m, cell, bit)
                    .and_then(|()| st.propagate(m, constraints));
                if ok.is_ok() {
                    assert!(placed_match(&st), "seed {seed}: values placed");
                    levels.push((st.mark(), print(&st)));
                    continue;
                }
                failed += 1;
                let &(mark, before) = levels.last().unwrap();
                st.undo(m, mark);
                assert_eq!(print(&st), before, "seed {seed}: undo after a failure");
                // Rule the failed value out, or step back when that fails too.
                let ok = st
                    .restrict(m, cell, !bit)
                    .and_then(|()| st.propagate(m, constraints));
                if ok.is_ok() {
                    levels.push((st.mark(), print(&st)));
                } else {
                    let (mark, before) = levels.pop().unwrap();
                    st.undo(m, mark);
                    assert_eq!(print(&st), before, "seed {seed}: undo of a level");
                    if levels.is_empty() {
                        break;
                    }
                }
            }
            deepest = deepest.max(levels.len());
            while let Some((mark, before)) = levels.pop() {
                st.undo(m, mark);
                assert_eq!(print(&st), before, "seed {seed}: unwinding");
            }
        }
        assert!(failed > 0, "no decision failed");
        assert!(deepest > 20, "the search went {deepest} levels deep");
    }
}
