//! The search state: candidate masks for cells and house-digits, the undo trail, and propagation (singles, locked candidates, pairs).

/// Marks a trail entry as an assignment rather than an elimination.
const ASSIGNED: u32 = 1 << 31;

/// Fixed geometry of a board size: which cells make up each house, and where
/// each cell sits in its three houses. Built once per solver.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    /// Side of a box.
    pub boxw: usize,
    /// Side of the board.
    pub n: usize,
    /// `house_cells[h * n + p]`: the cell at position `p` of house `h`. Houses
    /// `0..n` are rows, `n..2n` columns, `2n..3n` boxes.
    pub house_cells: Vec<u16>,
    /// `cell_houses[c]`: the houses of cell `c` (row, column, box), each as
    /// (`h * n`, position, `h`): `h * n` is the first of the house's
    /// house-digits, so that a digit's slot takes an addition rather than a
    /// multiplication where every elimination and its undo reach it; the
    /// house `h` is below 192.
    pub cell_houses: Vec<[(u16, u8, u8); 3]>,
    /// `cell_bits[c][k]`: the bit of cell `c`'s position in its `k`th
    /// house, `1 << p` for `cell_houses[c][k]`'s `p`, loaded rather than
    /// shifted where an elimination or its undo takes or gives back a
    /// place (#7 first solution 582.2M to 574.4M instructions).
    pub cell_bits: Vec<[u64; 3]>,
    /// `segment[p]`: the positions of a house that share position `p`'s
    /// box segment (in a row or column) or box row (in a box).
    pub segment: [u64; 64],
    /// `stripe[p]`: the positions of a box in position `p`'s box column.
    pub stripe: [u64; 64],
    /// `quot[i]`, `rem[i]`: `i / boxw` and `i % boxw`, for `i` below `n`.
    pub quot: [u8; 64],
    pub rem: [u8; 64],
    /// `house_digit[slot]`: the house and digit of house-digit `slot`
    /// (`house * n + digit`), looked up rather than divided out.
    house_digit: Vec<(u8, u8)>,
}

impl Geometry {
    pub fn new(boxw: usize) -> Self {
        let n = boxw * boxw;
        let mut house_cells = vec![0u16; 3 * n * n];
        let mut cell_houses = vec![[(0u16, 0u8, 0u8); 3]; n * n];
        let mut cell_bits = vec![[0u64; 3]; n * n];
        for r in 0..n {
            for c in 0..n {
                let cell = r * n + c;
                let b = (r / boxw) * boxw + c / boxw;
                let bp = (r % boxw) * boxw + c % boxw;
                let houses = [(r, c), (n + c, r), (2 * n + b, bp)];
                for (k, &(h, p)) in houses.iter().enumerate() {
                    house_cells[h * n + p] = cell as u16;
                    cell_houses[cell][k] = ((h * n) as u16, p as u8, h as u8);
                    cell_bits[cell][k] = 1 << p;
                }
            }
        }
        let seg = (1u64 << boxw) - 1;
        let (mut segment, mut stripes) = ([0u64; 64], [0u64; 64]);
        for p in 0..n {
            segment[p] = seg << (boxw * (p / boxw));
            stripes[p] = stripe(boxw) << (p % boxw);
        }
        let (mut quot, mut rem) = ([0u8; 64], [0u8; 64]);
        for i in 0..n {
            (quot[i], rem[i]) = ((i / boxw) as u8, (i % boxw) as u8);
        }
        let house_digit = (0..3 * n * n)
            .map(|s| ((s / n) as u8, (s % n) as u8))
            .collect();
        Self {
            boxw,
            n,
            house_cells,
            cell_houses,
            cell_bits,
            segment,
            stripe: stripes,
            quot,
            rem,
            house_digit,
        }
    }

    /// The house and digit of house-digit `slot`: `(slot / n, slot % n)`.
    #[inline(always)]
    pub fn split(&self, slot: usize) -> (usize, usize) {
        let (h, d) = self.house_digit[slot];
        (usize::from(h), usize::from(d))
    }
}

/// A contradiction: some cell or house-digit has no candidate left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// Candidates and assignments, changed only through [`State::assign`] and
/// [`State::eliminate`], each of which records what it changed on the trail.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// `cand[c]`: bit `d` set while digit `d` (0-based) may still stand in cell `c`.
    pub cand: Vec<u64>,
    /// `places[h * n + d]`: bit `p` set while digit `d` may stand at position `p` of house `h`.
    pub places: Vec<u64>,
    /// `value[c]`: 0 while cell `c` is open, else its digit plus one.
    pub value: Vec<u8>,
    /// Every change since the search began, newest last.
    trail: Vec<u32>,
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
    /// Whether to look for locked candidates at all.
    pub locked: bool,
    /// Whether to look for naked and hidden pairs.
    pub pairs: bool,
    /// Whether an elimination queues a house-digit for the locked-candidates
    /// and hidden-pair checks only when one of them can act on it (its
    /// places lie in one box segment or box column, or, with `pairs`, are
    /// two), rather than whenever it changes. The fixpoint is the same.
    pub lazy: bool,
    /// Cells left with two candidates since the last naked-pair check.
    bivalue: Vec<u32>,
    /// Whether to filter houses for all-different ([`super::alldiff`]).
    pub alldiff: bool,
    /// Houses changed since they were last filtered.
    houses: Worklist,
    /// Houses with more open cells than this are left to the other rules
    /// by the all-different filter: a Hall set that propagation misses is
    /// rare among many open cells, and filtering them is dear (see
    /// `Tuning::new` for 36×36 and 49×49).
    pub alldiff_max: usize,
    /// Cells still open.
    pub open: usize,
    /// Assignments made, for statistics.
    pub assignments: u64,
    /// Times a cell or house-digit was left with two choices, a measure of
    /// reach for probing, kept only with `count_pairs`.
    pub pairs_made: u64,
    /// Whether to keep `pairs_made` (only probing that measures reach in
    /// pairs reads it, and the checks cost a tenth of every elimination).
    pub count_pairs: bool,
    /// Where the last contradiction showed: house `h` (`0..3n`) when one of
    /// its digits ran out of places, `3n + cell` when a cell ran out of
    /// candidates or was asked for two digits.
    pub conflict: usize,
}

impl State {
    pub fn new(g: &Geometry) -> Self {
        let n = g.n;
        Self {
            cand: vec![0; n * n],
            places: vec![0; 3 * n * n],
            value: vec![0; n * n],
            trail: Vec::with_capacity(n * n * n),
            two_cells: vec![0; (n * n).div_ceil(64)],
            two_slots: vec![0; (3 * n * n).div_ceil(64)],
            synced: 0,
            queue: Vec::with_capacity(n * n),
            changed: Worklist::new(3 * n * n),
            locked: g.boxw >= 4,
            pairs: false,
            lazy: false,
            bivalue: Vec::with_capacity(n * n),
            alldiff: false,
            houses: Worklist::new(3 * n),
            alldiff_max: 64,
            open: 0,
            assignments: 0,
            pairs_made: 0,
            count_pairs: false,
            conflict: 0,
        }
    }

    /// Starts over from `givens` (one byte per cell, 0 empty), queueing each given.
    pub fn reset(&mut self, g: &Geometry, givens: &[u8]) {
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
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Undoes every change made since `mark`, newest first, and drops pending work.
    pub fn undo(&mut self, g: &Geometry, mark: usize) {
        self.undo_visiting(g, mark, |_, _, _| {});
    }

    /// [`State::undo`], showing `visit` each (cell, digit) elimination and
    /// assignment it undoes, newest first, with whether it was an
    /// assignment: what a probe eliminated and assigned is read in the same
    /// walk of the trail that undoes it.
    pub fn undo_visiting(
        &mut self,
        g: &Geometry,
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
        g: &Geometry,
        mark: usize,
        visit: &mut impl FnMut(usize, usize, bool),
    ) {
        // The masks, values and trail as local slices, read once: through
        // the fields, each store to a mask made the compiler load the
        // slices' addresses and lengths again for the next (#7 first
        // solution 625.4M to 622.2M instructions). Walking the trail as a
        // slice and cutting it once, with the fields as they were, cost
        // more than popping it (631.4M to 635.1M). So did copying a probe's
        // trail whole into `Memo` rather than taking its eliminations from
        // `visit` (622.2M to 622.9M, with assignments skipped where read;
        // 632.2M filtered as copied), and so did a cell's three houses
        // written out here as `eliminate_houses` does (589.2M to 592.7M, as
        // an array of three 598.7M).
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
        // indexes `cand` the compiler drops their bounds checks (#7 first
        // solution 574.4M to 567.1M instructions, #8 0.986 of the time).
        // The three checks on `places` remain, a quarter of this loop:
        // unchecked (sound while the trail holds only digits below n, with
        // the geometry's size asserted once a call) they took #7 to 548.6M
        // and #8 a further 0.9% of the time, too little to give up what
        // README promises, no `unsafe` (the fuzzing there runs without
        // AddressSanitizer on the strength of it).
        let (houses, cell_bits) = (&g.cell_houses[..cand.len()], &g.cell_bits[..cand.len()]);
        let mut opened = 0;
        for &e in trail[mark.min(trail.len())..].iter().rev() {
            if e & ASSIGNED != 0 {
                let cell = (e & !ASSIGNED) as usize;
                visit(cell, usize::from(value[cell]) - 1, true);
                value[cell] = 0;
                opened += 1;
            } else {
                let (cell, d) = ((e >> 6) as usize, (e & 63) as usize);
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
        trail.truncate(mark);
        self.open += opened;
    }

    /// Brings the two-way sets up to date with the trail: notes the masks
    /// each elimination since they were last synced changed. Walking those
    /// few changes, rather than testing every one of the n² cells and 3n²
    /// house-digits, is what lets [`State::two_way_cells`] and
    /// [`State::two_way_slots`] answer at the cost of the pairs alone.
    pub fn sync_twos(&mut self, g: &Geometry) {
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
            let e = self.trail[i];
            if e & ASSIGNED == 0 {
                self.note_twos(g, (e >> 6) as usize, (e & 63) as usize);
            }
        }
        self.synced = self.trail.len();
    }

    /// Notes in the two-way sets whether `cell` and the slots of `d` in its
    /// houses have two choices now.
    #[inline(always)]
    fn note_twos(&mut self, g: &Geometry, cell: usize, d: usize) {
        let sets = (&mut self.two_cells[..], &mut self.two_slots[..]);
        note_twos_in(sets, (&self.cand, &self.places), g, cell, d);
    }

    /// The cells with two candidates, open or not (an assigned cell has
    /// one, but for a moment inside propagation), in row-major order, as
    /// of the last [`State::sync_twos`].
    pub fn two_way_cells(&self) -> impl Iterator<Item = usize> + '_ {
        set_bits(&self.two_cells)
    }

    /// The house-digit slots with two places, in slot order, as of the last
    /// [`State::sync_twos`].
    pub fn two_way_slots(&self) -> impl Iterator<Item = usize> + '_ {
        set_bits(&self.two_slots)
    }

    /// The first open cell with two candidates at or after `start`, or else
    /// the first before it, as of the last [`State::sync_twos`].
    pub fn first_two_way_cell(&self, start: usize) -> Option<usize> {
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
    /// propagates: a recheck of every house-digit, house and two-way cell, for
    /// a state that was at its fixpoint at `mark`. Every rule only ever
    /// removes more as candidates go, and a pattern it acts on (a locked
    /// digit, a pair, a Hall set) that has no changed part was already acted
    /// on at `mark`, so the fixpoint reached is the same as after a full
    /// recheck, at the cost of the changed places only. On 25×25 the full
    /// recheck after probing was a twentieth of the search.
    pub fn recheck_since(&mut self, g: &Geometry, mark: usize) -> Result<(), Contradiction> {
        let n = g.n;
        // Cells already queued for the naked-pair check (up to 64×64 cells).
        let mut queued = [0u64; 64];
        for &e in &self.trail[mark..] {
            if e & ASSIGNED != 0 {
                continue;
            }
            let (cell, d) = ((e >> 6) as usize, (e & 63) as usize);
            for &(_, _, h) in &g.cell_houses[cell] {
                if self.locked || self.pairs {
                    self.changed.push(h as usize * n + d);
                }
                if self.alldiff {
                    self.houses.push(h as usize);
                }
            }
            let (word, bit) = (cell / 64 % 64, 1u64 << (cell % 64));
            if self.pairs
                && self.value[cell] == 0
                && two_bits(self.cand[cell])
                && queued[word] & bit == 0
            {
                queued[word] |= bit;
                self.bivalue.push(cell as u32);
            }
        }
        self.propagate(g)
    }

    /// Empties the worklists of the locked-candidates, pair and all-different checks.
    fn clear_changed(&mut self) {
        self.changed.clear();
        self.bivalue.clear();
        self.houses.clear();
    }

    /// Asks for `digit` at `cell`; [`State::propagate`] makes it so.
    pub fn queue(&mut self, cell: usize, digit: usize) {
        self.queue.push((cell as u32) << 6 | digit as u32);
    }

    /// Makes every queued assignment, and every naked or hidden single they lead
    /// to, until nothing changes or a contradiction shows.
    pub fn propagate(&mut self, g: &Geometry) -> Result<(), Contradiction> {
        if self.switches::<false>() == Switches::HARD25 {
            self.propagate_with::<true>(g)
        } else {
            self.propagate_with::<false>(g)
        }
    }

    /// The rule switches: read from the state, or with `FIXED` the
    /// constants [`Switches::HARD25`], which the caller has checked.
    #[inline(always)]
    fn switches<const FIXED: bool>(&self) -> Switches {
        if FIXED {
            Switches::HARD25
        } else {
            Switches {
                locked: self.locked,
                pairs: self.pairs,
                lazy: self.lazy,
                count_pairs: self.count_pairs,
                alldiff: self.alldiff,
            }
        }
    }

    /// [`State::propagate`], with the switches fixed at compile time when
    /// `FIXED` (see [`Switches::HARD25`]).
    fn propagate_with<const FIXED: bool>(&mut self, g: &Geometry) -> Result<(), Contradiction> {
        let sw = self.switches::<FIXED>();
        loop {
            while let Some(e) = self.queue.pop() {
                let (cell, d) = ((e >> 6) as usize, (e & 63) as usize);
                match self.value[cell] {
                    0 if self.cand[cell] & (1 << d) != 0 => self.assign::<FIXED>(g, cell, d)?,
                    v if usize::from(v) == d + 1 => {}
                    _ => {
                        self.conflict = 3 * g.n + cell;
                        return Err(Contradiction);
                    }
                }
            }
            if let Some(slot) = self.changed.pop() {
                if sw.locked {
                    self.locked_candidates::<FIXED>(g, slot)?;
                }
                if sw.pairs && two_bits(self.places[slot]) {
                    self.hidden_pair::<FIXED>(g, slot)?;
                }
                continue;
            }
            if let Some(cell) = self.bivalue.pop() {
                self.naked_pair::<FIXED>(g, cell as usize)?;
                continue;
            }
            let Some(h) = self.houses.pop() else {
                return Ok(());
            };
            super::alldiff::filter_house(g, self, h)?;
        }
    }

    // The pair and locked-candidates checks are inlined into
    // `propagate_with`: kept out of line, #7's first solution took 608.5M
    // instructions against 565.2M.

    /// Where digit `slot % n` has two places in house `slot / n`, and another
    /// digit has the same two, the two cells hold those two digits: clears the
    /// other digits from them.
    fn hidden_pair<const FIXED: bool>(
        &mut self,
        g: &Geometry,
        slot: usize,
    ) -> Result<(), Contradiction> {
        let n = g.n;
        let (h, d) = g.split(slot);
        let m = self.places[slot];
        // The other digit has both cells as candidates: trying only the
        // digits they share finds the same (lowest) one as a scan of every
        // digit of the house. With the naked-pair search below, that took
        // 2% off the instructions counting tarek_tough_206's first 40
        // puzzles to two (90.2M to 88.5M), and 15% off the first solution
        // of gecode_frisch_minimal_16 #9 with probes that check pairs too
        // (1,791M to 1,527M).
        let (c1, c2) = (
            g.house_cells[h * n + m.trailing_zeros() as usize] as usize,
            g.house_cells[h * n + 63 - m.leading_zeros() as usize] as usize,
        );
        let shared = self.cand[c1] & self.cand[c2] & !(1u64 << d);
        let Some(e) = first_bit(shared, |e| self.places[h * n + e] == m) else {
            return Ok(());
        };
        let keep = (1u64 << d) | (1u64 << e);
        let mut at = m;
        while at != 0 {
            let p = at.trailing_zeros() as usize;
            at &= at - 1;
            let cell = g.house_cells[h * n + p] as usize;
            let mut others = self.cand[cell] & !keep;
            while others != 0 {
                let x = others.trailing_zeros() as usize;
                others &= others - 1;
                self.eliminate_with::<FIXED>(g, cell, x)?;
            }
        }
        Ok(())
    }

    /// Where open `cell` has two candidates and another open cell of one of its
    /// houses has the same two, those two cells hold them: clears the two digits
    /// from the rest of that house.
    fn naked_pair<const FIXED: bool>(
        &mut self,
        g: &Geometry,
        cell: usize,
    ) -> Result<(), Contradiction> {
        let n = g.n;
        let m = self.cand[cell];
        if self.value[cell] != 0 || !two_bits(m) {
            return Ok(());
        }
        // The house by `h * n`, not the `base` of `cell_houses`: with
        // `base` the first solution of #7 took 576.3M instructions against
        // 575.2M. Nor are the three houses written out one after another, as
        // `eliminate_houses` has them: 577.8M against 574.4M.
        for &(_, p, h) in &g.cell_houses[cell] {
            let h = h as usize;
            let cells = &g.house_cells[h * n..h * n + n];
            // The other cell has both digits as candidates: trying only the
            // places the two digits share finds the same (first) cell as a
            // scan of the house.
            let (x, y) = (m.trailing_zeros() as usize, 63 - m.leading_zeros() as usize);
            let shared = self.places[h * n + x] & self.places[h * n + y] & !(1u64 << p);
            let Some(q) = first_bit(shared, |q| {
                self.value[cells[q] as usize] == 0 && self.cand[cells[q] as usize] == m
            }) else {
                continue;
            };
            let mut digits = m;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut rest = self.places[h * n + d] & !(1u64 << p) & !(1u64 << q);
                while rest != 0 {
                    let r = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    self.eliminate_with::<FIXED>(g, g.house_cells[h * n + r] as usize, d)?;
                }
            }
        }
        Ok(())
    }

    /// Where a digit's places in one house all lie in the house's intersection
    /// with another house, removes the digit from the rest of that other house
    /// (pointing and claiming).
    fn locked_candidates<const FIXED: bool>(
        &mut self,
        g: &Geometry,
        slot: usize,
    ) -> Result<(), Contradiction> {
        let (n, w) = (g.n, g.boxw);
        let (h, d) = g.split(slot);
        let m = self.places[slot];
        if m & m.wrapping_sub(1) == 0 {
            return Ok(()); // placed, or about to be: singles cover it
        }
        // Positions by box row and column come from tables, not divisions
        // by the box width (`quot`, `rem`, `segment`, `stripe`).
        let p = m.trailing_zeros() as usize;
        // (house to clear, positions in it to keep)
        let target = if h < 2 * n {
            // A row or column: are its places inside one box?
            if m & !g.segment[p] != 0 {
                return Ok(());
            }
            let k = usize::from(g.quot[p]);
            let line = if h < n { h } else { h - n };
            let (lq, lr) = (usize::from(g.quot[line]), usize::from(g.rem[line]));
            if h < n {
                // Row `line`, box (line / w, k): keep the box's row `line % w`.
                (2 * n + lq * w + k, g.segment[lr * w])
            } else {
                // Column `line`, box (k, line / w): keep the box's column `line % w`.
                (2 * n + k * w + lq, g.stripe[lr])
            }
        } else {
            let b = h - 2 * n;
            let (bq, br) = (usize::from(g.quot[b]), usize::from(g.rem[b]));
            if m & !g.segment[p] == 0 {
                // Inside the box's row p / w: clear the rest of that row.
                (bq * w + usize::from(g.quot[p]), g.segment[br * w])
            } else if m & !g.stripe[p] == 0 {
                // Inside the box's column p % w: clear the rest of that column.
                (n + br * w + usize::from(g.rem[p]), g.segment[bq * w])
            } else {
                return Ok(());
            }
        };
        let (house, keep) = target;
        let mut rest = self.places[house * n + d] & !keep;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.eliminate_with::<FIXED>(g, g.house_cells[house * n + p] as usize, d)?;
        }
        Ok(())
    }

    /// Puts `d` at `cell`: removes its other candidates and removes `d` from its peers.
    fn assign<const FIXED: bool>(
        &mut self,
        g: &Geometry,
        cell: usize,
        d: usize,
    ) -> Result<(), Contradiction> {
        self.value[cell] = d as u8 + 1;
        self.trail.push(cell as u32 | ASSIGNED);
        self.open -= 1;
        self.assignments += 1;
        let mut others = self.cand[cell] & !(1u64 << d);
        if FIXED {
            // The cell's own part of eliminating its other digits, in one
            // step: the same trail, the candidates left at `d` alone, and a
            // pair counted if they pass through two (an assigned cell queues
            // no single or pair). The trail comes first, so that a
            // contradiction part way undoes to the same state (its count of
            // pairs may differ then, but reach is read only from probes that
            // succeed). #7 first solution 727.7M to 722.0M instructions.
            // Pushed one by one: as one `extend` of the trail, 565.6M
            // against 565.2M.
            let mut rest = others;
            while rest != 0 {
                let e = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.trail.push((cell as u32) << 6 | e as u32);
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
        g: &Geometry,
        d: usize,
        k: usize,
        (base, _, _): (u16, u8, u8),
        bit: u64,
    ) -> Result<(), Contradiction> {
        let slot = usize::from(base) + d;
        let mut peers = self.places[slot] & !bit;
        if FIXED {
            // Each peer's elimination would take its place from this
            // house-digit too, one at a time, down to `p` alone: with no
            // all-different filter nothing reads it on the way (its single
            // is this cell, its checks then find nothing), so it goes in
            // one step, counted as a pair if it passes through two.
            // Undoing the peers' eliminations restores it as before. With
            // the pair tests of `propagate_with` and `naked_pair` made
            // without a popcount, #7 first solution 811M to 757M.
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

    /// Rules digit `d` out of `cell` for good, as a choice proven wrong, and
    /// propagates what follows.
    pub fn rule_out(&mut self, g: &Geometry, cell: usize, d: usize) -> Result<(), Contradiction> {
        self.eliminate(g, cell, d)?;
        self.propagate(g)
    }

    /// Whether the locked-candidates or hidden-pair check (as switched on,
    /// `(locked, pairs)`) can act on a digit whose places in a house (a box
    /// if `is_box`) are `m` (`two`: whether they are exactly two): two or more
    /// places, all in one box segment of a row or column, in one row or
    /// column of a box, or (with pairs) exactly two.
    #[inline(always)]
    fn may_act(
        g: &Geometry,
        (locked, pairs): (bool, bool),
        is_box: bool,
        m: u64,
        two: bool,
    ) -> bool {
        if m & m.wrapping_sub(1) == 0 {
            return false;
        }
        let p = m.trailing_zeros() as usize & 63;
        (pairs && two) || (locked && (m & !g.segment[p] == 0 || (is_box && m & !g.stripe[p] == 0)))
    }

    /// Removes digit `d` from `cell`'s candidates, queueing any single it leaves.
    ///
    /// Inlined into its callers: on a hard 16×16 search the call itself was a
    /// tenth of the instructions an elimination takes, and the CPU time fell
    /// by about that much.
    #[inline(always)]
    pub fn eliminate(&mut self, g: &Geometry, cell: usize, d: usize) -> Result<(), Contradiction> {
        self.eliminate_with::<false>(g, cell, d)
    }

    /// [`State::eliminate`], with the switches fixed at compile time when
    /// `FIXED` (see [`Switches::HARD25`]).
    #[inline(always)]
    fn eliminate_with<const FIXED: bool>(
        &mut self,
        g: &Geometry,
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
        g: &Geometry,
        cell: usize,
        d: usize,
        skip: Option<usize>,
    ) -> Result<(), Contradiction> {
        let Switches {
            pairs, count_pairs, ..
        } = self.switches::<FIXED>();
        let bit = 1u64 << d;
        // The mask read once and stored before the trail grows: after the
        // push the compiler would load `cand` and test the index again
        // (#7 first solution 631.4M to 625.4M instructions).
        let had = self.cand[cell];
        if had & bit == 0 {
            return Ok(());
        }
        let left = had & !bit;
        self.cand[cell] = left;
        self.trail.push((cell as u32) << 6 | d as u32);
        if left == 0 {
            self.conflict = 3 * g.n + cell;
            return Err(Contradiction);
        }
        let pair = two_bits(left);
        if count_pairs {
            self.pairs_made += u64::from(pair);
        }
        // With the switches fixed the cell is open here (an assigned cell
        // keeps its digit alone, taken in one step by `assign`), but
        // skipping the test then cost more: 576.8M against 574.4M.
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
        g: &Geometry,
        cell: usize,
        d: usize,
        skip: Option<usize>,
    ) -> Result<(), Contradiction> {
        // The three houses one after another rather than in a loop: the
        // loop's count and its test of `skip` were a twentieth of the
        // instructions where an assignment's peers skip a house (#7 first
        // solution 622.2M to 607.0M, and 589.2M with `assign`'s houses
        // likewise). Taking `places` and `value` as slices once, as `undo_to`
        // does, cost more here (631.4M to 637.7M, before either change), and
        // after them, with the three houses a closure over the fields split
        // apart, far more (582.2M to 876.1M).
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
        g: &Geometry,
        (base, _, h): (u16, u8, u8),
        bit: u64,
        is_box: bool,
        d: usize,
    ) -> Result<(), Contradiction> {
        // The switches, read once: the stores below go through pointers the
        // compiler cannot tell from them, so it would read them again.
        let Switches {
            locked,
            pairs,
            lazy,
            count_pairs,
            alldiff,
        } = self.switches::<FIXED>();
        // Indexing without bounds checks here and in `eliminate_core` (the
        // places, the hidden single's cell and value, the worklist's flag)
        // took #7's first solution from 625.4M instructions to 614.1M: too
        // little for the crate's first `unsafe`, resting on invariants
        // (digits below n) kept far from here.
        let base = usize::from(base);
        let slot = base + d;
        let left = self.places[slot] & !bit;
        self.places[slot] = left;
        if left == 0 {
            self.conflict = usize::from(h);
            return Err(Contradiction);
        }
        // Only counting pairs and the lazy check read `two`: sizes with
        // neither skip the test (4.7% of the instructions on 16×16).
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
    g: &Geometry,
    cell: usize,
    d: usize,
) {
    set_bit(cells, cell, two_bits(cand[cell]));
    for &(base, _, _) in &g.cell_houses[cell] {
        let slot = usize::from(base) + d;
        set_bit(slots, slot, two_bits(places[slot]));
    }
}

/// The rule switches of a [`State`], as propagation reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Switches {
    locked: bool,
    pairs: bool,
    lazy: bool,
    count_pairs: bool,
    alldiff: bool,
}

impl Switches {
    /// The 25×25 search and its probes: locked candidates and pairs, queued
    /// lazily, pairs counted, no all-different filter. Propagation with
    /// these has its own copy, with the switches as constants: the tests
    /// and branches on them were some 15% of the instructions of a hard
    /// 25×25 search (gecode_frisch_minimal_16 #7 first solution, 957M to
    /// 811M, the same search).
    const HARD25: Self = Self {
        locked: true,
        pairs: true,
        lazy: true,
        count_pairs: true,
        alldiff: false,
    };
}

/// The lowest set bit of `bits` whose index `keep` accepts.
#[inline(always)]
fn first_bit(mut bits: u64, mut keep: impl FnMut(usize) -> bool) -> Option<usize> {
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        if keep(i) {
            return Some(i);
        }
        bits &= bits - 1;
    }
    None
}

/// Whether `x` has exactly two bits set, without a popcount (not a baseline
/// x86-64 instruction, and this runs on every elimination). With its lowest
/// bit cleared, `x` leaves one bit exactly when that bit is above all of
/// the ones it less one sets: a comparison rather than a second test and
/// branch (#7 first solution 567.1M to 565.2M instructions, #8 about 1%
/// less time).
pub(crate) fn two_bits(x: u64) -> bool {
    let rest = x & x.wrapping_sub(1);
    let below = rest.wrapping_sub(1);
    below < rest ^ below
}

/// Sets bit `i` of the bitset `words` to `on`.
#[inline(always)]
fn set_bit(words: &mut [u64], i: usize, on: bool) {
    let (w, b) = (i / 64, i % 64);
    words[w] = words[w] & !(1 << b) | u64::from(on) << b;
}

/// Sets bit `i` of the bitset `words` to whether `masks[i]` has two bits.
fn rebuild_bits(words: &mut [u64], masks: &[u64]) {
    for (word, chunk) in words.iter_mut().zip(masks.chunks(64)) {
        *word = chunk
            .iter()
            .enumerate()
            .fold(0, |w, (i, &m)| w | u64::from(two_bits(m)) << i);
    }
}

/// The indices of the set bits of the bitset `words`, lowest first.
fn set_bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    word_bits(words.iter().copied().enumerate())
}

/// The indices of the set bits of (word index, word) pairs, in their order.
fn word_bits(words: impl Iterator<Item = (usize, u64)>) -> impl Iterator<Item = usize> {
    words.flat_map(|(w, mut bits)| {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                w * 64 + i
            })
        })
    })
}

/// Indices waiting for a check, each queued at most once until it is taken.
///
/// Its items, the trail, the queue and `bivalue` stay `Vec`s: as stacks
/// that grow out of line on their buffer alone (so that no pointer into
/// the state reaches the grower, in the hope that the compiler would then
/// stop loading each buffer's address and length again after every store),
/// #7's first solution took 605.2M instructions against 574.4M.
#[derive(Clone, Debug)]
struct Worklist {
    items: Vec<u32>,
    /// `queued[i]`: whether `i` is in `items`.
    queued: Vec<bool>,
}

impl Worklist {
    /// An empty worklist for indices `0..len`.
    fn new(len: usize) -> Self {
        Self {
            items: Vec::with_capacity(len),
            queued: vec![false; len],
        }
    }

    /// Queues `i`, unless it is queued already.
    fn push(&mut self, i: usize) {
        if !self.queued[i] {
            self.queued[i] = true;
            self.items.push(i as u32);
        }
    }

    /// Takes the index queued last.
    fn pop(&mut self) -> Option<usize> {
        let i = self.items.pop()? as usize;
        self.queued[i] = false;
        Some(i)
    }

    /// Drops every queued index.
    fn clear(&mut self) {
        for &i in &self.items {
            self.queued[i as usize] = false;
        }
        self.items.clear();
    }
}

/// Positions `0, w, 2w, …` of a box: its first column.
fn stripe(w: usize) -> u64 {
    (0..w).fold(0, |m, i| m | 1 << (i * w))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty 4×4 state with pair reasoning on.
    fn empty_4x4() -> (Geometry, State) {
        let g = Geometry::new(2);
        let mut st = State::new(&g);
        st.reset(&g, &[0; 16]);
        st.pairs = true;
        (g, st)
    }

    /// Removes each of `digits` from each of `cells`.
    fn eliminate_all(g: &Geometry, st: &mut State, cells: &[usize], digits: &[usize]) {
        for &cell in cells {
            for &d in digits {
                st.eliminate(g, cell, d).unwrap();
            }
        }
    }

    #[test]
    fn hidden_pair_clears_the_other_digits_of_its_two_cells() {
        let (g, mut st) = empty_4x4();
        // Digits 0 and 1 can only go in cells 0 and 1 of row 0.
        eliminate_all(&g, &mut st, &[2, 3], &[0, 1]);
        st.propagate(&g).unwrap();
        assert_eq!((st.cand[0], st.cand[1]), (0b0011, 0b0011));
        // Without pairs, the same eliminations leave the two cells alone.
        let (g, mut plain) = empty_4x4();
        plain.pairs = false;
        eliminate_all(&g, &mut plain, &[2, 3], &[0, 1]);
        plain.propagate(&g).unwrap();
        assert_eq!((plain.cand[0], plain.cand[1]), (0b1111, 0b1111));
    }

    #[test]
    fn naked_pair_clears_its_digits_from_the_rest_of_each_shared_house() {
        let (g, mut st) = empty_4x4();
        // Cells 0 and 1 (row 0, box 0) can only hold digits 0 and 1.
        eliminate_all(&g, &mut st, &[0, 1], &[2, 3]);
        st.propagate(&g).unwrap();
        for cell in [2, 3, 4, 5] {
            assert_eq!(st.cand[cell], 0b1100, "cell {cell}");
        }
        // Cell 8 shares no house with both: untouched.
        assert_eq!(st.cand[8], 0b1111);
    }

    #[test]
    fn two_bits_is_a_popcount_of_two() {
        let mut xs: Vec<u64> = (0..1 << 16).collect();
        for i in 0..64 {
            for j in 0..64 {
                xs.extend([
                    1u64 << i | 1 << j,
                    u64::MAX >> i,
                    (1u64 << i | 1 << j) | 1 << 63,
                ]);
            }
        }
        for x in xs {
            assert_eq!(two_bits(x), x.count_ones() == 2, "{x:#x}");
        }
    }

    #[test]
    fn cell_bits_are_the_bits_of_the_cells_positions() {
        for boxw in 2..=8 {
            let g = Geometry::new(boxw);
            for (houses, bits) in g.cell_houses.iter().zip(&g.cell_bits) {
                for (&(_, p, _), &bit) in houses.iter().zip(bits) {
                    assert_eq!(bit, 1u64 << p, "box width {boxw}");
                }
            }
        }
    }

    /// Propagation on every board size, from a few cells of a valid
    /// pattern down the board, undone whole, leaves every mask as it was:
    /// the undo's cell tables, cut to the length of `cand`, serve every size.
    #[test]
    fn undo_restores_every_mask_on_each_size() {
        for boxw in 2..=8 {
            let g = Geometry::new(boxw);
            let n = g.n;
            let mut st = State::new(&g);
            st.reset(&g, &vec![0; n * n]);
            (st.pairs, st.lazy, st.count_pairs) = (true, true, true);
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
        let (g, mut st) = empty_4x4();
        let mark = st.mark();
        eliminate_all(&g, &mut st, &[0, 1], &[2, 3]);
        st.propagate(&g).unwrap();
        st.undo(&g, mark);
        assert!(st.cand.iter().all(|&m| m == 0b1111));
        assert!(st.places.iter().all(|&m| m == 0b1111));
    }
}
