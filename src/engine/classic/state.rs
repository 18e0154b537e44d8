//! The search state: candidate masks for cells and house-digits, and the only ways to change them (assign, eliminate, undo).

use super::bits::{Worklist, rebuild_bits, set_bit, set_bits, two_bits, word_bits};
use super::config::Rules;
use super::tables::Tables;
use super::trail::{Change, Trail};

pub(crate) use crate::engine::outcome::Contradiction;

/// Candidates and assignments, changed only through [`State::assign`] and
/// [`State::eliminate`], each of which records what it changed on the trail.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// `cand[c]`: bit `d` set while digit `d` (0-based) may still stand in cell `c`.
    cand: Vec<u64>,
    /// `places[h * n + d]`: bit `p` set while digit `d` may stand at position `p` of house `h`.
    places: Vec<u64>,
    /// `value[c]`: 0 while cell `c` is open, else its digit plus one.
    value: Vec<u8>,
    /// Every change since the search began, newest last.
    trail: Trail,
    /// Bit `c % 64` of word `c / 64`: whether cell `c` had exactly two
    /// candidates when the trail was `synced` long (see [`State::sync_twos`]).
    two_cells: Vec<u64>,
    /// The same for house-digit slots: exactly two places.
    two_slots: Vec<u64>,
    /// The trail length up to which `two_cells` and `two_slots` are right.
    synced: usize,
    /// Assignments found by propagation and not yet made: `cell << 6 | digit`.
    queue: Vec<u32>,
    /// House-digits whose places changed since they were last checked for
    /// locked candidates and hidden pairs: `house * n + digit`.
    changed: Worklist,
    /// The rules propagation runs, and how it queues their checks.
    rules: Rules,
    /// Cells left with two candidates since the last naked-pair check.
    bivalue: Vec<u32>,
    /// Houses changed since they were last filtered.
    houses: Worklist,
    /// Cells still open.
    open: usize,
    /// Assignments made, for statistics.
    assignments: u64,
    /// Times a cell or house-digit was left with two choices, a measure of
    /// reach for probing, kept only with `count_pairs`.
    pairs_made: u64,
    /// Where the last contradiction showed: house `h` (`0..3n`) when one of
    /// its digits ran out of places, `3n + cell` when a cell ran out of
    /// candidates or was asked for two digits.
    conflict: usize,
}

impl State {
    pub(super) fn new(g: &Tables) -> Self {
        let n = g.n;
        Self {
            cand: vec![0; n * n],
            places: vec![0; 3 * n * n],
            value: vec![0; n * n],
            trail: Trail::with_capacity(n * n * n),
            two_cells: vec![0; (n * n).div_ceil(64)],
            two_slots: vec![0; (3 * n * n).div_ceil(64)],
            synced: 0,
            queue: Vec::with_capacity(n * n),
            changed: Worklist::new(3 * n * n),
            rules: Rules {
                locked: g.boxw >= 4,
                ..Rules::default()
            },
            bivalue: Vec::with_capacity(n * n),
            houses: Worklist::new(3 * n),
            open: 0,
            assignments: 0,
            pairs_made: 0,
            conflict: 0,
        }
    }

    /// Starts over from `givens` (one byte per cell, 0 empty), queueing each given.
    pub(super) fn reset(&mut self, g: &Tables, givens: &[u8]) {
        let n = g.n;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        self.cand.fill(full);
        self.places.fill(full);
        self.value.fill(0);
        self.trail.clear();
        self.queue.clear();
        self.clear_changed();
        let two = u64::from(two_bits(full)).wrapping_neg();
        self.two_cells.fill(two);
        self.two_slots.fill(two);
        self.synced = 0;
        self.open = n * n;
        self.assignments = 0;
        for (c, &v) in givens.iter().enumerate() {
            if v != 0 {
                self.queue.push((c as u32) << 6 | u32::from(v - 1));
            }
        }
    }

    /// The trail's length: a mark to undo back to.
    pub(super) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Undoes every change made since `mark`, newest first, and drops pending work.
    pub(super) fn undo(&mut self, g: &Tables, mark: usize) {
        self.undo_visiting(g, mark, |_, _, _| {});
    }

    /// [`State::undo`], showing `visit` each (cell, digit) elimination and
    /// assignment it undoes, newest first, with whether it was an
    /// assignment: what a probe eliminated and assigned is read in the same
    /// walk of the trail that undoes it.
    pub(super) fn undo_visiting(
        &mut self,
        g: &Tables,
        mark: usize,
        mut visit: impl FnMut(usize, usize, bool),
    ) {
        // Changes made since the two-way sets were synced were never noted
        // in them (probes make and undo most of those), so their undo needs
        // no note either; older ones do.
        let synced = self.synced.max(mark);
        self.undo_to::<false>(g, synced, &mut visit);
        if mark < synced {
            self.undo_to::<true>(g, mark, &mut visit);
            self.synced = mark;
        }
        self.queue.clear();
        self.clear_changed();
    }

    /// Undoes changes, newest first, down to trail length `mark`, showing
    /// `visit` each elimination and assignment; with `NOTE`, notes each
    /// restored mask in the two-way sets.
    #[inline(always)]
    fn undo_to<const NOTE: bool>(
        &mut self,
        g: &Tables,
        mark: usize,
        visit: &mut impl FnMut(usize, usize, bool),
    ) {
        // Locals rather than fields: through the fields the compiler reloads
        // each slice's address and length after every store to a mask.
        // See docs/decisions/0003-general-engine-hot-paths.md.
        let Self {
            trail,
            cand,
            places,
            value,
            two_cells,
            two_slots,
            ..
        } = self;
        let (cand, places, value) = (&mut cand[..], &mut places[..], &mut value[..]);
        // The cell tables cut to the length of `cand`, so that once a cell
        // indexes `cand` the compiler drops their bounds checks; those on
        // `places` stay, as the crate has no `unsafe`.
        let (houses, cell_bits) = (&g.cell_houses[..cand.len()], &g.cell_bits[..cand.len()]);
        let mut opened = 0;
        for &e in trail.since(mark).iter().rev() {
            match Trail::decode(e) {
                Change::Assigned(cell) => {
                    visit(cell, usize::from(value[cell]) - 1, true);
                    value[cell] = 0;
                    opened += 1;
                }
                Change::Eliminated(cell, d) => {
                    visit(cell, d, false);
                    cand[cell] |= 1 << d;
                    let bits = &cell_bits[cell];
                    for (k, &(base, _, _)) in houses[cell].iter().enumerate() {
                        places[usize::from(base) + d] |= bits[k];
                    }
                    if NOTE {
                        note_twos_in((two_cells, two_slots), (cand, places), g, cell, d);
                    }
                }
            }
        }
        trail.truncate(mark);
        self.open += opened;
    }

    /// Brings the two-way sets up to date with the trail: notes the masks
    /// each elimination since they were last synced changed. Walking those
    /// few changes, rather than testing every one of the n² cells and 3n²
    /// house-digits, is what lets [`State::two_way_cells`] and
    /// [`State::two_way_slots`] answer at the cost of the pairs alone.
    pub(super) fn sync_twos(&mut self, g: &Tables) {
        // A change costs some forty instructions to note, a mask some five
        // to test afresh: past n²/2 changes (the givens' propagation, or a
        // long descent on a small board) a rebuild is cheaper.
        if 2 * (self.trail.len() - self.synced) > g.n * g.n {
            rebuild_bits(&mut self.two_cells, &self.cand);
            rebuild_bits(&mut self.two_slots, &self.places);
            self.synced = self.trail.len();
            return;
        }
        for i in self.synced..self.trail.len() {
            if let Change::Eliminated(cell, d) = self.trail.change(i) {
                self.note_twos(g, cell, d);
            }
        }
        self.synced = self.trail.len();
    }

    /// Notes in the two-way sets whether `cell` and the slots of `d` in its
    /// houses have two choices now.
    #[inline(always)]
    fn note_twos(&mut self, g: &Tables, cell: usize, d: usize) {
        let sets = (&mut self.two_cells[..], &mut self.two_slots[..]);
        note_twos_in(sets, (&self.cand, &self.places), g, cell, d);
    }

    /// The cells with two candidates, open or not (an assigned cell has
    /// one, but for a moment inside propagation), in row-major order, as
    /// of the last [`State::sync_twos`].
    pub(super) fn two_way_cells(&self) -> impl Iterator<Item = usize> + '_ {
        set_bits(&self.two_cells)
    }

    /// The house-digit slots with two places, in slot order, as of the last
    /// [`State::sync_twos`].
    pub(super) fn two_way_slots(&self) -> impl Iterator<Item = usize> + '_ {
        set_bits(&self.two_slots)
    }

    /// The first open cell with two candidates at or after `start`, or else
    /// the first before it, as of the last [`State::sync_twos`].
    pub(super) fn first_two_way_cell(&self, start: usize) -> Option<usize> {
        let open = |&c: &usize| self.value[c] == 0;
        let (word, bit) = (start / 64, start % 64);
        let head = self.two_cells[word] & (u64::MAX << bit);
        let from_start = std::iter::once((word, head))
            .chain((word + 1..self.two_cells.len()).map(|w| (w, self.two_cells[w])));
        word_bits(from_start)
            .find(open)
            .or_else(|| self.two_way_cells().take_while(|&c| c < start).find(open))
    }

    /// Queues, for the locked-candidates, pair and all-different checks (each
    /// as switched on), the house-digits and houses that lost a candidate
    /// since `mark` and the open cells it left with two candidates, and
    /// leaves them for propagation: with it, a recheck of every house-digit, house and two-way cell, for
    /// a state that was at its fixpoint at `mark`. Every rule only ever
    /// removes more as candidates go, and a pattern it acts on (a locked
    /// digit, a pair, a Hall set) that has no changed part was already acted
    /// on at `mark`, so the fixpoint reached is the same as after a full
    /// recheck, at the cost of the changed places only (see
    /// docs/decisions/0004-probing.md).
    pub(super) fn queue_checks_since(&mut self, g: &Tables, mark: usize) {
        let n = g.n;
        // Cells already queued for the naked-pair check (up to 64×64 cells).
        let mut queued = [0u64; 64];
        let rules = self.rules;
        for i in mark..self.trail.len() {
            let Change::Eliminated(cell, d) = self.trail.change(i) else {
                continue;
            };
            for &(_, _, h) in &g.cell_houses[cell] {
                if rules.locked || rules.pairs {
                    self.changed.push(h as usize * n + d);
                }
                if rules.alldiff {
                    self.houses.push(h as usize);
                }
            }
            let (word, bit) = (cell / 64 % 64, 1u64 << (cell % 64));
            if rules.pairs
                && self.value[cell] == 0
                && two_bits(self.cand[cell])
                && queued[word] & bit == 0
            {
                queued[word] |= bit;
                self.bivalue.push(cell as u32);
            }
        }
    }

    /// Empties the worklists of the locked-candidates, pair and all-different checks.
    fn clear_changed(&mut self) {
        self.changed.clear();
        self.bivalue.clear();
        self.houses.clear();
    }

    /// Asks for `digit` at `cell`; [`State::propagate`] makes it so.
    pub(super) fn queue(&mut self, cell: usize, digit: usize) {
        self.queue.push((cell as u32) << 6 | digit as u32);
    }

    /// Puts `d` at `cell`: removes its other candidates and removes `d` from its peers.
    pub(super) fn assign<const FIXED: bool>(
        &mut self,
        g: &Tables,
        cell: usize,
        d: usize,
    ) -> Result<(), Contradiction> {
        self.value[cell] = d as u8 + 1;
        self.trail.assigned(cell);
        self.open -= 1;
        self.assignments += 1;
        let mut others = self.cand[cell] & !(1u64 << d);
        if FIXED {
            // The cell's own eliminations in one step, trail first, so that a
            // contradiction part way undoes to the same state. See
            // docs/decisions/0003-general-engine-hot-paths.md.
            let mut rest = others;
            while rest != 0 {
                let e = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.trail.eliminated(cell, e);
            }
            self.pairs_made += u64::from(others & others.wrapping_sub(1) != 0);
            self.cand[cell] = 1u64 << d;
            while others != 0 {
                let e = others.trailing_zeros() as usize;
                others &= others - 1;
                self.eliminate_houses::<FIXED>(g, cell, e, None)?;
            }
        }
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            self.eliminate_with::<FIXED>(g, cell, e)?;
        }
        // The three houses one after another rather than in a loop, so that
        // each knows which house its peers' eliminations skip (see
        // `eliminate_houses`).
        let [row, column, boxed] = g.cell_houses[cell];
        let [row_bit, column_bit, box_bit] = g.cell_bits[cell];
        self.clear_peers::<FIXED>(g, d, 0, row, row_bit)?;
        self.clear_peers::<FIXED>(g, d, 1, column, column_bit)?;
        self.clear_peers::<FIXED>(g, d, 2, boxed, box_bit)
    }

    /// [`State::assign`]'s part in the `k`th house of the assigned cell,
    /// whose `cell_houses` entry is `(base, p, h)` and `cell_bits` entry
    /// `bit`: removes `d` from the house's other cells.
    #[inline(always)]
    fn clear_peers<const FIXED: bool>(
        &mut self,
        g: &Tables,
        d: usize,
        k: usize,
        (base, _, _): (u16, u8, u8),
        bit: u64,
    ) -> Result<(), Contradiction> {
        let slot = usize::from(base) + d;
        let mut peers = self.places[slot] & !bit;
        if FIXED {
            // The house-digit cleared in one step rather than a place a
            // peer: with no all-different filter nothing reads it on the
            // way, and undoing the peers restores it. See
            // docs/decisions/0003-general-engine-hot-paths.md.
            self.pairs_made += u64::from(peers & peers.wrapping_sub(1) != 0);
            while peers != 0 {
                let q = peers.trailing_zeros() as usize;
                peers &= peers - 1;
                let peer = g.house_cells[usize::from(base) + q] as usize;
                self.eliminate_core::<FIXED>(g, peer, d, Some(k))?;
            }
            self.places[slot] = bit;
            return Ok(());
        }
        while peers != 0 {
            let q = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            self.eliminate_with::<FIXED>(g, g.house_cells[usize::from(base) + q] as usize, d)?;
        }
        Ok(())
    }

    /// Whether the locked-candidates or hidden-pair check (as switched on,
    /// `(locked, pairs)`) can act on a digit whose places in a house (a box
    /// if `is_box`) are `m` (`two`: whether they are exactly two): two or more
    /// places, all in one box segment of a row or column, in one row or
    /// column of a box, or (with pairs) exactly two.
    #[inline(always)]
    fn may_act(g: &Tables, (locked, pairs): (bool, bool), is_box: bool, m: u64, two: bool) -> bool {
        if m & m.wrapping_sub(1) == 0 {
            return false;
        }
        let p = m.trailing_zeros() as usize & 63;
        (pairs && two) || (locked && (m & !g.segment[p] == 0 || (is_box && m & !g.stripe[p] == 0)))
    }

    /// Removes digit `d` from `cell`'s candidates, queueing any single it
    /// leaves. Inlined: the call was a tenth of an elimination's cost.
    #[inline(always)]
    pub(super) fn eliminate(
        &mut self,
        g: &Tables,
        cell: usize,
        d: usize,
    ) -> Result<(), Contradiction> {
        self.eliminate_with::<false>(g, cell, d)
    }

    /// The rules propagation runs, as set, or with `FIXED` the constants
    /// [`Rules::HARD25`], which the caller has checked.
    #[inline(always)]
    pub(super) fn active_rules<const FIXED: bool>(&self) -> Rules {
        if FIXED { Rules::HARD25 } else { self.rules }
    }

    /// Sets the rules propagation runs from now on. Every rule is sound at
    /// any time, so they may change mid-search; a weaker set simply leaves
    /// more for the search.
    pub(super) fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// The candidates of `cell`: bit `d` while digit `d` may stand there.
    #[inline(always)]
    pub(super) fn cand(&self, cell: usize) -> u64 {
        self.cand[cell]
    }

    /// The places of house-digit `slot` (`house * n + digit`): bit `p` while
    /// the digit may stand at position `p` of the house.
    #[inline(always)]
    pub(super) fn places(&self, slot: usize) -> u64 {
        self.places[slot]
    }

    /// Every cell's candidates, row-major.
    #[cfg(test)]
    pub(super) fn all_cand(&self) -> &[u64] {
        &self.cand
    }

    /// Sets the cells' values without propagating anything: for tests that
    /// read the values alone.
    #[cfg(test)]
    pub(super) fn overwrite_values(&mut self, values: &[u8]) {
        self.value.copy_from_slice(values);
    }

    /// Every house-digit's places, by slot.
    #[inline(always)]
    pub(super) fn all_places(&self) -> &[u64] {
        &self.places
    }

    /// The value of `cell`: 0 while open, else its digit plus one.
    #[inline(always)]
    pub(super) fn value(&self, cell: usize) -> u8 {
        self.value[cell]
    }

    /// Every cell's value, row-major (0: open).
    pub(super) fn values(&self) -> &[u8] {
        &self.value
    }

    /// Cells still open.
    #[inline(always)]
    pub(super) fn open(&self) -> usize {
        self.open
    }

    /// Assignments made since the last reset.
    pub(super) fn assignments(&self) -> u64 {
        self.assignments
    }

    /// Times a cell or house-digit was left with two choices, counted only
    /// with [`Rules::count_pairs`]: a measure of a probe's reach.
    pub(super) fn pairs_made(&self) -> u64 {
        self.pairs_made
    }

    /// Where the last contradiction showed: house `h` (`0..3n`) when one of
    /// its digits ran out of places, `3n + cell` when a cell ran out of
    /// candidates or was asked for two digits.
    pub(super) fn conflict(&self) -> usize {
        self.conflict
    }

    /// A contradiction found by a rule at `place` (as [`State::conflict`] reads it).
    #[inline(always)]
    pub(super) fn fail_at(&mut self, place: usize) -> Contradiction {
        self.conflict = place;
        Contradiction
    }

    /// Takes the next queued assignment, (cell, digit).
    #[inline(always)]
    pub(super) fn next_queued(&mut self) -> Option<(usize, usize)> {
        let e = self.queue.pop()?;
        Some(((e >> 6) as usize, (e & 63) as usize))
    }

    /// Takes the next house-digit queued for the locked-candidates and hidden-pair checks.
    #[inline(always)]
    pub(super) fn next_changed(&mut self) -> Option<usize> {
        self.changed.pop()
    }

    /// Takes the next cell queued for the naked-pair check.
    #[inline(always)]
    pub(super) fn next_bivalue(&mut self) -> Option<usize> {
        self.bivalue.pop().map(|c| c as usize)
    }

    /// Takes the next house queued for all-different filtering.
    #[inline(always)]
    pub(super) fn next_house(&mut self) -> Option<usize> {
        self.houses.pop()
    }

    /// Removes digit `d` from `cell`'s candidates, queueing any single it
    /// leaves, with the rules fixed at compile time when `FIXED` (see
    /// [`Rules::HARD25`]): what every propagation rule calls.
    #[inline(always)]
    pub(super) fn eliminate_with<const FIXED: bool>(
        &mut self,
        g: &Tables,
        cell: usize,
        d: usize,
    ) -> Result<(), Contradiction> {
        self.eliminate_core::<FIXED>(g, cell, d, None)
    }

    /// [`State::eliminate_with`], leaving alone the places of `d` in the
    /// `skip`th house of `cell` (row, column, box), when given.
    #[inline(always)]
    fn eliminate_core<const FIXED: bool>(
        &mut self,
        g: &Tables,
        cell: usize,
        d: usize,
        skip: Option<usize>,
    ) -> Result<(), Contradiction> {
        let Rules {
            pairs, count_pairs, ..
        } = self.active_rules::<FIXED>();
        let bit = 1u64 << d;
        // The mask read once and stored before the trail grows: after the
        // push the compiler would load `cand` and test the index again.
        let had = self.cand[cell];
        if had & bit == 0 {
            return Ok(());
        }
        let left = had & !bit;
        self.cand[cell] = left;
        self.trail.eliminated(cell, d);
        if left == 0 {
            self.conflict = 3 * g.n + cell;
            return Err(Contradiction);
        }
        let pair = two_bits(left);
        if count_pairs {
            self.pairs_made += u64::from(pair);
        }
        // With the switches fixed the cell is open here, but the test of
        // `value` stays: skipping it measured dearer. See
        // docs/decisions/0003-general-engine-hot-paths.md.
        if left & (left - 1) == 0 && self.value[cell] == 0 {
            self.queue(cell, left.trailing_zeros() as usize); // naked single
        } else if pairs && pair && self.value[cell] == 0 {
            self.bivalue.push(cell as u32);
        }
        self.eliminate_houses::<FIXED>(g, cell, d, skip)
    }

    /// The houses' part of [`State::eliminate_core`]: takes `cell`'s place
    /// from the places of `d` in its houses (but the `skip`th), queueing any
    /// hidden single and the checks that may act.
    #[inline(always)]
    fn eliminate_houses<const FIXED: bool>(
        &mut self,
        g: &Tables,
        cell: usize,
        d: usize,
        skip: Option<usize>,
    ) -> Result<(), Contradiction> {
        // The three houses one after another rather than in a loop, whose
        // count and test of `skip` cost more; fields, not locals, which here
        // cost more too. See docs/decisions/0003-general-engine-hot-paths.md.
        let [row, column, boxed] = g.cell_houses[cell];
        let [row_bit, column_bit, box_bit] = g.cell_bits[cell];
        if skip != Some(0) {
            self.eliminate_house::<FIXED>(g, row, row_bit, false, d)?;
        }
        if skip != Some(1) {
            self.eliminate_house::<FIXED>(g, column, column_bit, false, d)?;
        }
        if skip != Some(2) {
            self.eliminate_house::<FIXED>(g, boxed, box_bit, true, d)?;
        }
        Ok(())
    }

    /// One house's part of [`State::eliminate_houses`]: takes the place `p`
    /// (whose bit is `bit`) from the places of `d` in the house whose
    /// `cell_houses` entry is `(base, p, h)` (a box if `is_box`), queueing a
    /// hidden single and the checks that may act.
    #[inline(always)]
    fn eliminate_house<const FIXED: bool>(
        &mut self,
        g: &Tables,
        (base, _, h): (u16, u8, u8),
        bit: u64,
        is_box: bool,
        d: usize,
    ) -> Result<(), Contradiction> {
        // The switches, read once: the stores below go through pointers the
        // compiler cannot tell from them, so it would read them again.
        let Rules {
            locked,
            pairs,
            lazy,
            count_pairs,
            alldiff,
            ..
        } = self.active_rules::<FIXED>();
        // Bounds-checked indexing: unchecked gained too little for the
        // crate's first `unsafe`. See docs/decisions/0003-general-engine-hot-paths.md.
        let base = usize::from(base);
        let slot = base + d;
        let left = self.places[slot] & !bit;
        self.places[slot] = left;
        if left == 0 {
            self.conflict = usize::from(h);
            return Err(Contradiction);
        }
        // Only counting pairs and the lazy check read `two`: sizes with
        // neither skip the test.
        let two = if count_pairs || lazy {
            two_bits(left)
        } else {
            false
        };
        if count_pairs {
            self.pairs_made += u64::from(two);
        }
        if (locked || pairs) && (!lazy || Self::may_act(g, (locked, pairs), is_box, left, two)) {
            self.changed.push(slot);
        }
        if alldiff {
            self.houses.push(usize::from(h));
        }
        if left & (left - 1) == 0 {
            let there = g.house_cells[base + left.trailing_zeros() as usize] as usize;
            if self.value[there] == 0 {
                self.queue(there, d); // hidden single
            }
        }
        Ok(())
    }
}

/// [`State::note_twos`] on the two-way sets `(cells, slots)` and the masks
/// `(cand, places)` of a state, borrowed apart from the rest of it.
#[inline(always)]
fn note_twos_in(
    (cells, slots): (&mut [u64], &mut [u64]),
    (cand, places): (&[u64], &[u64]),
    g: &Tables,
    cell: usize,
    d: usize,
) {
    set_bit(cells, cell, two_bits(cand[cell]));
    for &(base, _, _) in &g.cell_houses[cell] {
        let slot = usize::from(base) + d;
        set_bit(slots, slot, two_bits(places[slot]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Propagation on every board size, from a few cells of a valid
    /// pattern down the board, undone whole, leaves every mask as it was:
    /// the undo's cell tables, cut to the length of `cand`, serve every size.
    #[test]
    fn undo_restores_every_mask_on_each_size() {
        for boxw in 2..=8 {
            let g = Tables::new(boxw);
            let n = g.n;
            let mut st = State::new(&g);
            st.reset(&g, &vec![0; n * n]);
            st.set_rules(Rules {
                locked: boxw >= 4,
                pairs: true,
                lazy: true,
                count_pairs: true,
                ..Rules::default()
            });
            let (cand, places) = (st.cand.clone(), st.places.clone());
            let mark = st.mark();
            for r in (0..n).rev().step_by(2) {
                // The pattern: row r, column c holds (r * w + r / w + c) % n.
                let c = n - 1 - r;
                st.queue(r * n + c, (r * boxw + r / boxw + c) % n);
                st.propagate(&g).expect("a pattern's cells do not clash");
            }
            assert!(st.mark() > mark, "box width {boxw}");
            st.undo(&g, mark);
            assert_eq!((&st.cand, &st.places), (&cand, &places), "box width {boxw}");
        }
    }

    #[test]
    fn undo_restores_what_pairs_eliminated() {
        let g = Tables::new(2);
        let mut st = State::new(&g);
        st.reset(&g, &[0; 16]);
        st.set_rules(Rules {
            pairs: true,
            ..Rules::default()
        });
        let mark = st.mark();
        for cell in [0, 1] {
            for d in [2, 3] {
                st.eliminate(&g, cell, d).unwrap();
            }
        }
        st.propagate(&g).unwrap();
        st.undo(&g, mark);
        assert!(st.cand.iter().all(|&m| m == 0b1111));
        assert!(st.places.iter().all(|&m| m == 0b1111));
    }
}
