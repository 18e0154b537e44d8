//! The 9×9 engine: candidates kept as one 27-bit word per digit and band, propagated with table lookups.
//!
//! A band is three rows of boxes. For each digit and band, one `u32` holds the 27
//! cells of the band where the digit may still go (bit `row * 9 + col`, row within
//! the band). Placing a digit is a handful of and-nots; a whole band of one digit
//! is checked at once against the six ways a digit can sit in a band (one cell per
//! row and per box), which finds hidden singles and locked candidates in rows and
//! boxes without looking at a single cell. Naked singles come from bit-sliced
//! counts across the nine digit words of each band.
//! Once those are exhausted, each changed digit's stacks are checked the same
//! way against the ways a digit can sit in a stack (locked candidates in
//! columns, and through them hidden singles in columns).
//!
//! The search has the same shape as the general engine: an explicit stack of
//! frames, one per decision, each trying the next candidate of one cell. Here a
//! frame saves the whole 200-byte grid (its candidates and its placement
//! counts) rather than a trail mark, because copying it back is cheaper than
//! replaying a trail of single-bit changes. Hard
//! puzzles branch, as tdoku does, on a digit with two placements left in a
//! band or stack (see [`Grid::choose_config`]), else on a cell with two
//! candidates, of the digit with the fewest cells solved: placing that digit
//! tells the most. Easy puzzles, those the givens leave with few open cells,
//! start with a quicker choice and lighter propagation, and turn to these
//! only if they turn out hard (see [`EASY_OPEN`]); sparse ones, with many
//! solutions, branch on cells only (see [`CONFIG_OPEN`]). Once every
//! alternative but one of a frame is used up, that last one is taken
//! outright, not ruled in by eliminating the one before it.

use super::limits::Meter;
use super::stats::Stats;
use crate::engine::outcome::Stop;
use crate::model::board::nonzero_bytes;

/// Bit 0 of each of a band's three rows: multiplying a 9-bit set of columns by
/// it gives those columns' cells in the band.
const ROWS3: u32 = 1 | 1 << 9 | 1 << 18;

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// `COUNT9[c]`: how many of the nine bits of `c` are set (popcount is not a
/// baseline x86-64 instruction, and a table beats the bit tricks here).
const COUNT9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut c = 0;
    while c < 512 {
        t[c] = (c as u32).count_ones() as u8;
        c += 1;
    }
    t
};

/// The six permutations of three rows onto three boxes (or bands onto
/// columns): `PERMS[p][r]` is where row `r` goes.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// `PERM_MATRIX[p]`: permutation `p` as a 3×3 bit matrix (bit `row * 3 +
/// col`).
const PERM_MATRIX: [u16; 6] = {
    let mut t = [0u16; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            t[p] |= 1 << (r * 3 + PERMS[p][r]);
            r += 1;
        }
        p += 1;
    }
    t
};

/// `FITTING[m]`, for `m` a 3×3 bit matrix (bit `row * 3 + col`): the
/// permutations (bit `p` of [`PERMS`]) whose matrices fit inside `m`.
const FITTING: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            if m as u16 & PERM_MATRIX[p] == PERM_MATRIX[p] {
                t[m] |= 1 << p;
            }
            p += 1;
        }
        m += 1;
    }
    t
};

/// `PERMUTATIONS[m]`, for `m` a 3×3 bit matrix (bit `row * 3 + col`): the union
/// of the permutation matrices that fit inside `m`, zero when none does. A digit
/// sits in a band as such a permutation of rows onto boxes, and in a stack as one
/// of bands onto columns.
const PERMUTATIONS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            if FITTING[m] & (1 << p) != 0 {
                t[m] |= PERM_MATRIX[p];
            }
            p += 1;
        }
        m += 1;
    }
    t
};

/// `FIT_COUNT[m]`: how many permutations fit inside `m` (see [`FITTING`]).
const FIT_COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = FITTING[m].count_ones() as u8;
        m += 1;
    }
    t
};

/// `CONFIG_CELLS[p]`: the cells of a band word whose minirows follow
/// permutation `p` (row `r` in box `PERMS[p][r]`).
const CONFIG_CELLS: [u32; 6] = {
    let mut t = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            t[p] |= 7 << (r * 9 + PERMS[p][r] * 3);
            r += 1;
        }
        p += 1;
    }
    t
};

/// The first three columns of each band's nine, in a word of three bands.
const STACK: u32 = 7 | 7 << 9 | 7 << 18;

/// `PERMUTATIONS` with each of the nine bits `row * 3 + col` spread out to
/// `unit << (row * 9 + col * stride)`: 27-bit words of three 9-bit rows.
const fn spread_permutations(unit: u32, stride: usize) -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 9 {
            if PERMUTATIONS[m] & (1 << k) != 0 {
                t[m] |= unit << ((k / 3) * 9 + (k % 3) * stride);
            }
            k += 1;
        }
        m += 1;
    }
    t
}

/// `STACK_ALLOWED[m]`, for `m` a stack's 3×3 matrix of bands onto its columns:
/// `PERMUTATIONS[m]` spread out to bit `band * 9 + col`, the layout of
/// [`STACK`].
const STACK_ALLOWED: [u32; 512] = spread_permutations(1, 1);

/// `PLACEMENTS[m]`, for `m` a 9-bit set of occupied minirows (bit `row * 3 + box`):
/// the cells of every minirow that takes part in some placement of a digit in the
/// band (one minirow per row and per box, all inside `m`). Zero when none fits.
const PLACEMENTS: [u32; 512] = spread_permutations(7, 3);

/// `BAND_PEERS[p]`: the other cells of cell `p`'s row and box within its band.
const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (r, c) = (p / 9, p % 9);
        let row = 0x1ff << (r * 9);
        let bx = (0x7 * ROWS3) << (c / 3 * 3);
        t[p] = (row | bx) & !(1 << p);
        p += 1;
    }
    t
};

/// The candidates of a whole board.
#[derive(Clone, Copy, Debug)]
struct Grid {
    /// `cand[word(d, b)]`: where digit `d` may go in band `b`. A solved cell
    /// keeps its own digit's bit. A band's nine digits are adjacent, so that
    /// a spill works on them as vectors (see [`Grid::update`]).
    cand: [u32; 27],
    /// Cells of each band not yet solved.
    open: [u32; 3],
    /// Words changed since [`Grid::choose_config`] last counted their
    /// digit's placements into `counts`.
    stale: u32,
    /// Each digit's placements in each band and stack, as
    /// [`Grid::choose_config`] last counted them (bytes 0 to 5).
    counts: [u64; 9],
}

/// A cell: its band and its bit within the band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    band: u8,
    bit: u8,
}

impl Cell {
    fn from_index(i: usize) -> Self {
        CELLS[i]
    }
}

/// `CELLS[i]`: cell `i` of the board, row by row (a table spares placing each
/// given a division).
const CELLS: [Cell; 81] = {
    let mut t = [Cell { band: 0, bit: 0 }; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = Cell {
            band: (i / 27) as u8,
            bit: (i % 27) as u8,
        };
        i += 1;
    }
    t
};

/// The index in `Grid::cand` (and the bit in a set of words) of digit
/// `d`'s word in band `b`: bands nine words apart, digits adjacent.
#[inline(always)]
const fn word(d: usize, b: usize) -> usize {
    b * 9 + d
}

/// `BAND_OF[i]`: the band of word `i` (`i / 9`, without the arithmetic).
const BAND_OF: [u8; 27] = {
    let mut t = [0u8; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = (i / 9) as u8;
        i += 1;
    }
    t
};

/// The digits (bits 0 to 8) with a word in the set of words `s`.
#[inline(always)]
fn digits_of(s: u32) -> u32 {
    (s | s >> 9 | s >> 18) & 0x1ff
}

/// A contradiction: a cell, or a digit in some house, has no candidate left.
struct Contradiction;

/// Change tracking for one propagation: the words changed since their band
/// was last checked, and the digits whose stacks may have news.
struct Checked {
    /// Words changed since the band sweep last checked them.
    dirty: u32,
    /// Words updated since their digit's stacks were last checked.
    stacks: u32,
    /// Cells solved in this propagation, counted as they are solved: cheaper
    /// than counting the open cells lost at the end.
    solved: u32,
    /// Whether propagation checks stacks (see [`Grid::columns`]); off while
    /// an easy puzzle's search is young (see [`EASY_OPEN`]).
    stacks_on: bool,
}

impl Checked {
    /// Tracking for a grid that was a fixed point and has since changed in
    /// the words of `dirty` only.
    fn reset(&mut self, dirty: u32) {
        self.dirty = dirty;
        self.stacks = 0;
    }
}

impl Grid {
    /// The candidate digits of `cell`, as a 9-bit mask.
    fn digits(&self, cell: Cell) -> u32 {
        let (b, p) = (cell.band as usize, cell.bit);
        (0..9).fold(0, |m, d| m | ((self.cand[word(d, b)] >> p) & 1) << d)
    }

    /// Digit `d`'s words of bands 0 and 1 as one `u64`.
    #[inline(always)]
    fn low_bands(&self, d: usize) -> u64 {
        join(self.cand[word(d, 0)], self.cand[word(d, 1)])
    }

    /// Digit `d`'s three words, bands 0 to 2.
    #[inline(always)]
    fn digit_words(&self, d: usize) -> [u32; 3] {
        [
            self.cand[word(d, 0)],
            self.cand[word(d, 1)],
            self.cand[word(d, 2)],
        ]
    }

    fn is_open(&self, cell: Cell) -> bool {
        self.open[cell.band as usize] & (1 << cell.bit) != 0
    }

    /// Places digit `d` at `cell`: clears the rest of its row and box from the
    /// digit's word, so that the band sweep finds the cell alone in its row and
    /// solves it (clearing the cell from the other digits and the column from
    /// the other bands). When `d` may no longer go there, this empties the row
    /// and the sweep reports the contradiction.
    /// Returns the word changed.
    fn assign(&mut self, d: usize, cell: Cell) -> usize {
        let i = word(d, cell.band as usize);
        self.cand[i] &= !BAND_PEERS[cell.bit as usize];
        i
    }

    /// The grid with the givens solved outright: `given[i]` holds the cells of
    /// word `i` given its digit, and `lines[i]` their rows and boxes in the
    /// band. Each digit keeps its given cells and loses every filled cell, and
    /// the rows, boxes and columns of its givens. The first sweep then finds
    /// the givens solved, rather than solving them in one pass and checking
    /// every word again in the next. Computed word by word rather than given
    /// by given, which costs more (see docs/decisions/0016-nine-search.md).
    /// `None` when two givens of a digit share a column across bands (the
    /// caller checks rows and boxes).
    fn from_givens(given: &[u32; 27], lines: &[u32; 27]) -> Option<Self> {
        let mut filled = [0u32; 3];
        for (f, words) in filled.iter_mut().zip(given.chunks_exact(9)) {
            *f = words.iter().fold(0, |f, &w| f | w);
        }
        let open = filled.map(|f| BAND & !f);
        let mut cand = [0u32; 27];
        for d in 0..9 {
            let g = [given[word(d, 0)], given[word(d, 1)], given[word(d, 2)]];
            // Columns by band, bands 0 and 1 in one `u64`.
            let x = join(g[0], g[1]);
            let x = (x | x >> 9 | x >> 18) & join(0x1ff, 0x1ff);
            let (c0, c1, c2) = (x as u32, (x >> 32) as u32, fold_columns(g[2]));
            if c0 & c1 | (c0 | c1) & c2 != 0 {
                return None;
            }
            let cols = (c0 | c1 | c2) * ROWS3;
            for b in 0..3 {
                cand[word(d, b)] = open[b] & !(cols | lines[word(d, b)]) | g[b];
            }
        }
        Some(Self {
            cand,
            open,
            stale: BAND,
            counts: [0; 9],
        })
    }

    /// Removes digit `d` from `cell`. Returns the word changed.
    fn eliminate(&mut self, d: usize, cell: Cell) -> usize {
        let i = word(d, cell.band as usize);
        self.cand[i] &= !(1 << cell.bit);
        i
    }

    /// Draws every consequence that singles and placements give, until nothing
    /// changes: bands first (cheapest, and most productive), then naked singles,
    /// then stacks (which also give hidden singles in columns). `checked` holds
    /// the words as they were at the last point where nothing was left to draw.
    #[inline(always)]
    fn propagate(&mut self, checked: &mut Checked, stats: &mut Stats) -> Result<(), Contradiction> {
        checked.solved = 0;
        let result = self.propagate_uncounted(checked);
        stats.propagations += u64::from(checked.solved);
        result
    }

    /// [`Grid::propagate`] without the count of cells solved.
    fn propagate_uncounted(&mut self, checked: &mut Checked) -> Result<(), Contradiction> {
        loop {
            self.sweep_bands(checked)?;
            if self.naked_singles(checked)? {
                continue;
            }
            if checked.stacks != 0 && checked.stacks_on && self.columns(checked)? {
                continue;
            }
            // Other orders and stronger rules measured and dropped: see
            // docs/decisions/0011-nine-singles-and-stacks.md and
            // 0012-nine-dropped-inference.md.
            self.stale |= checked.stacks;
            return Ok(());
        }
    }

    /// Checks changed word `i` against the placements a digit can have in a
    /// band (locked candidates in rows and boxes), and solves the open cells left
    /// alone in their row: clears them from the other digits of the band and
    /// their columns from the digit's other bands. Returns `next`, the marks
    /// of the words to update in the next pass, with the other words this
    /// changed added and word `i` taken out; adds the cells solved to
    /// `solved`.
    #[inline(always)]
    fn update(&mut self, i: usize, next: u32, solved: &mut u32) -> Result<u32, Contradiction> {
        let a = self.cand[i];
        // The masks below change no value; they spare bounds checks.
        let b = BAND_OF[i] as usize;
        let d = i - 9 * b;
        let (occupied, singles) = if ROW_TABLE {
            rows_of(a)
        } else {
            (occupied_minirows(a), 0)
        };
        let filtered = a & PLACEMENTS[(occupied & 0x1ff) as usize];
        if filtered == 0 {
            return Err(Contradiction);
        }
        // The filter mostly keeps every cell, and then the rows alone are
        // those of `a`, already looked up.
        let singles = if !ROW_TABLE {
            row_singles(filtered)
        } else if filtered == a {
            singles
        } else {
            rows_of(filtered).1
        };
        let alone = singles & self.open[b];
        let mut next = next;
        if alone != 0 {
            // The placement filter has already cleared their rows and boxes in
            // this word; the clears below also hit the word itself, which is
            // written back last.
            self.open[b] &= !alone;
            // Bit `e` for each digit `e` whose word lost a cell: the band's
            // nine words are adjacent, and the compiler works them as
            // vectors (see docs/decisions/0027-nine-vs-tdoku.md).
            let (bands, _) = self.cand.as_chunks_mut::<9>();
            let mut hit = 0;
            for (e, w) in bands[b].iter_mut().enumerate() {
                hit |= u32::from(*w & alone != 0) << e;
                *w &= !alone;
            }
            next |= hit << (9 * b);
            // In different rows and boxes, so in different columns.
            let cols = fold_columns(alone);
            *solved += u32::from(COUNT9[cols as usize]);
            let cols = cols * ROWS3;
            // One bounds check for the digit's three words, not one each.
            if let Some(words) = self.cand.get_mut(d..d + 19) {
                let mut lost = 0;
                for k in 0..3 {
                    let w = &mut words[9 * k];
                    lost |= u32::from(*w & cols != 0) << (9 * k);
                    *w &= !cols;
                }
                next |= lost << d;
            }
        }
        self.cand[i] = filtered;
        // Word `i` is checked now, whatever marked it before.
        Ok(next & !(1 << i))
    }

    /// Updates the words known to have changed, then every changed word, pass
    /// after pass, until a pass changes no other word.
    ///
    /// A spill marks exactly the words it changes (see [`Grid::update`]), and
    /// an update clears its own word's mark, so a word hit and then updated
    /// later in the same pass is not updated again. Words go lowest first.
    /// See docs/decisions/0010-nine-band-sweep.md for the alternatives.
    fn sweep_bands(&mut self, checked: &mut Checked) -> Result<(), Contradiction> {
        let mut dirty = checked.dirty;
        checked.dirty = 0;
        // Cells solved, counted in a register and stored once at the end,
        // not at every spill.
        let mut solved = checked.solved;
        let result = 'sweep: loop {
            let mut next = 0;
            // Every word of the pass is updated (or the propagation fails, and
            // then nothing is kept): one mark for their stacks, not one each.
            checked.stacks |= dirty;
            while dirty != 0 {
                let i = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                match self.update(i, next, &mut solved) {
                    Ok(marks) => next = marks,
                    Err(contradiction) => break 'sweep Err(contradiction),
                }
            }
            if next == 0 {
                break Ok(());
            }
            dirty = next;
        };
        checked.solved = solved;
        result
    }

    /// Places every open cell with one candidate left; fails on a cell with none.
    fn naked_singles(&mut self, checked: &mut Checked) -> Result<bool, Contradiction> {
        // All three bands at once: cheaper than only the bands the sweep
        // touched, and the same. One word at a time (see
        // docs/decisions/0011-nine-singles-and-stacks.md); lanes of four
        // words were measured and dropped (0027-nine-vs-tdoku.md).
        let (mut ones0, mut twos0) = (0u32, 0u32);
        let (mut ones1, mut twos1) = (0u32, 0u32);
        let (mut ones2, mut twos2) = (0u32, 0u32);
        for d in 0..9 {
            let [x, z, y] = self.digit_words(d);
            twos0 |= ones0 & x;
            ones0 |= x;
            twos1 |= ones1 & z;
            ones1 |= z;
            twos2 |= ones2 & y;
            ones2 |= y;
        }
        let empty = (ones0 ^ BAND) | (ones1 ^ BAND) | (ones2 ^ BAND);
        let singles0 = ones0 & !twos0 & self.open[0];
        let singles1 = ones1 & !twos1 & self.open[1];
        let singles2 = ones2 & !twos2 & self.open[2];
        if empty | singles0 | singles1 | singles2 == 0 {
            return Ok(false);
        }
        if empty != 0 {
            return Err(Contradiction);
        }
        let singles = [singles0, singles1, singles2];
        for (b, &singles) in singles.iter().enumerate() {
            if singles != 0 {
                for d in 0..9 {
                    let mut cells = singles & self.cand[word(d, b)];
                    while cells != 0 {
                        let p = cells.trailing_zeros() as usize;
                        cells &= cells - 1;
                        self.cand[word(d, b)] &= !BAND_PEERS[p];
                        checked.dirty |= 1 << word(d, b);
                    }
                }
            }
        }
        // Variants measured and dropped: see
        // docs/decisions/0011-nine-singles-and-stacks.md.
        Ok(true)
    }

    /// For each digit changed since its last visit: checks each stack against the
    /// placements a digit can have there (one column per box, one box per column:
    /// locked candidates in columns). Says whether anything changed.
    ///
    /// Hidden singles in columns need no pass of their own: a column left to one
    /// band takes that band's whole share of the stack, so its box keeps that
    /// column only; one row there makes the box a single minirow, and the band
    /// sweep then finds the cell alone in its row. See
    /// docs/decisions/0011-nine-singles-and-stacks.md for what was measured.
    fn columns(&mut self, checked: &mut Checked) -> Result<bool, Contradiction> {
        let mut changed = false;
        // Bit `d` for each digit `d` with a changed word.
        let s = std::mem::take(&mut checked.stacks);
        self.stale |= s;
        if self.open == [0; 3] {
            // Solved: every digit already holds one cell per column. (Cheaper
            // than sparing this test's branch.)
            return Ok(false);
        }
        let mut digits = digits_of(s);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            // The `min` changes no value; it spares bounds checks.
            let d = d.min(8);
            let w = self.digit_words(d);
            // Columns by band, nine bits each: stack `s` is bits `3s..3s+3` of each.
            // Bands 0 and 1 folded together in one `u64`.
            let x = join(w[0], w[1]);
            let x = (x | x >> 9 | x >> 18) & join(0x1ff, 0x1ff);
            let all = x as u32 | ((x >> 32) as u32) << 9 | fold_columns(w[2]) << 18;
            let mut allowed = 0;
            for s in 0..3 {
                let y = (all >> (3 * s)) & STACK;
                // The stack's 3×3 matrix, bit `band * 3 + col`: one multiply
                // lands bands 0, 1 and 2 side by side at bits 12..21 (the
                // other copies land elsewhere, all on distinct bits, so
                // nothing carries into them).
                let v =
                    STACK_ALLOWED[((y.wrapping_mul(1 | 1 << 6 | 1 << 12) >> 12) & 0x1ff) as usize];
                if v == 0 {
                    return Err(Contradiction);
                }
                allowed |= v << (3 * s);
            }
            if allowed == all {
                // Mostly so: the stacks allow every column the digit still has.
                continue;
            }
            // Without a branch on each word: stored whether changed or not,
            // which predicts better.
            let mut lost = 0;
            for (b, &x) in w.iter().enumerate() {
                let y = x & (((allowed >> (9 * b)) & 0x1ff) * ROWS3);
                lost |= u32::from(y != x) << word(d, b);
                self.cand[word(d, b)] = y;
            }
            checked.dirty |= lost;
            changed |= lost != 0;
        }
        Ok(changed)
    }

    /// The open cell to branch on, with its digits: a cell with two candidates
    /// (preferring digits with the fewest cells solved, whose placement tells
    /// the most), else the first with the fewest. The minima are taken over
    /// keys of count and digit without a branch, each a tree of four levels:
    /// more instructions, fewer mispredictions. With `quick`, the first
    /// bivalue cell in board order instead, as the sudoku crate does (see
    /// [`QUICK_GUESSES`]). See docs/decisions/0013-nine-cell-choice.md.
    fn choose(&self, quick: bool) -> (Cell, u32) {
        // Bands 0 and 1 of a digit side by side in one `u64` (they are
        // adjacent words), band 2 on its own: two operations do the work of
        // three.
        let high = |d: usize| self.cand[word(d, 2)];
        let (mut ones, mut twos, mut threes) = (0u64, 0u64, 0u64);
        let (mut ones2, mut twos2, mut threes2) = (0u32, 0u32, 0u32);
        for d in 0..9 {
            let (x, y) = (self.low_bands(d), high(d));
            threes |= twos & x;
            twos |= ones & x;
            ones |= x;
            threes2 |= twos2 & y;
            twos2 |= ones2 & y;
            ones2 |= y;
        }
        let open = join(self.open[0], self.open[1]);
        let pairs = twos & !threes & open;
        let pairs2 = twos2 & !threes2 & self.open[2];
        if quick && pairs | u64::from(pairs2) != 0 {
            let cell = first_cell(pairs, pairs2);
            return (cell, self.digits(cell));
        }
        if pairs | u64::from(pairs2) != 0 {
            // Among the bivalue cells, one holding the digit with the fewest
            // cells solved, and of those, one whose other digit has the fewest.
            let mut solved = [0u32; 9];
            let mut keys = [u32::MAX; 9];
            for ((d, n), k) in solved.iter_mut().enumerate().zip(&mut keys) {
                let (x, y) = (self.low_bands(d), high(d));
                // A digit's solved cells are all in different columns.
                let s = x & !open;
                let s = s as u32 | (s >> 32) as u32 | (y & !self.open[2]);
                *n = u32::from(COUNT9[fold_columns(s) as usize]);
                *k = if (x & pairs) | u64::from(y & pairs2) != 0 {
                    *n << 4 | d as u32
                } else {
                    u32::MAX
                };
            }
            let d = (min9(&keys) & 15) as usize;
            let (x, x2) = (self.low_bands(d) & pairs, high(d) & pairs2);
            // Every bivalue cell of `d` has some other digit, so this finds one.
            for ((e, &n), k) in solved.iter().enumerate().zip(&mut keys) {
                let (y, y2) = (x & self.low_bands(e), x2 & high(e));
                *k = if e != d && y | u64::from(y2) != 0 {
                    n << 4 | e as u32
                } else {
                    u32::MAX
                };
            }
            let other = (min9(&keys) & 15) as usize;
            let cell = first_cell(x & self.low_bands(other), x2 & high(other));
            return (cell, 1 << d | 1 << other);
        }
        (0..81)
            .map(Cell::from_index)
            .filter(|&c| self.is_open(c))
            .map(|c| (c, self.digits(c)))
            .min_by_key(|&(_, digits)| COUNT9[digits as usize])
            .expect("an unsolved grid has an open cell")
    }

    /// Takes alternative `k` of `branch` (see [`Branch`]). Returns the words
    /// changed, one bit each.
    #[inline(always)]
    fn take(&mut self, branch: Branch, k: usize) -> u32 {
        match branch {
            Branch::Cell(cell) => 1 << self.assign(k, cell),
            Branch::Band(i) => {
                self.cand[usize::from(i)] &= CONFIG_CELLS[k];
                1 << i
            }
            Branch::Stack(d, s) => {
                let (d, s) = (usize::from(d), usize::from(s));
                let stack = (7 << (3 * s)) * ROWS3;
                for (b, &c) in PERMS[k].iter().enumerate() {
                    let column = (1 << (3 * s + c)) * ROWS3;
                    self.cand[word(d, b)] &= !stack | column;
                }
                ROWS3 << d
            }
        }
    }

    /// A digit's placements in a band or stack to branch on, as tdoku does:
    /// of the bands and stacks not yet settled, the one with the fewest
    /// placements over all digits, and in it the first digit with two.
    /// `None` when no digit there has exactly two. A placement is a
    /// permutation of the band's rows onto its boxes (or the stack's bands
    /// onto its columns) that the digit's candidates allow: taking one
    /// confines the digit to three minirows (or minicolumns), which tells
    /// more than one cell would, and settles the band sooner. Bands 0 and 1
    /// of a digit are worked in one `u64`, the stacks' matrices come from one
    /// transpose, and the unit is chosen without a branch. Each digit's
    /// counts are kept in the grid and counted again only once its words have
    /// changed (`stale`): a node mostly differs from the last one counted in
    /// a few digits. See docs/decisions/0015-nine-placement-branches.md and
    /// 0027-nine-vs-tdoku.md.
    fn choose_config(&mut self) -> Option<(Branch, u32)> {
        // Bytes 0 to 5, one a unit, and 2 in each.
        const UNITS: u64 = 0x0101_0101_0101;
        const TWOS: u64 = 2 * UNITS;
        // Only the digits changed since the last count are counted again.
        let s = std::mem::take(&mut self.stale);
        let mut digits = digits_of(s);
        while digits != 0 {
            // The `min` changes no value; it spares bounds checks.
            let d = digits.trailing_zeros().min(8) as usize;
            digits &= digits - 1;
            self.counts[d] = self.placement_counts(d);
        }
        debug_assert!((0..9).all(|d| self.counts[d] == self.placement_counts(d)));
        // Placements summed over the digits, a byte for each band (bytes 0
        // to 2) and stack (3 to 5): at most 54 each, so no byte carries.
        let mut totals = 0u64;
        // The digits with two placements in each unit: digits 0 to 7 as
        // bits 0 to 7 of the unit's byte, digit 8 as bit 0 of another.
        let (mut with_two, mut eighth_two) = (0u64, 0u64);
        for (d, &counts) in self.counts.iter().enumerate() {
            totals += counts;
            // Bit 7 of each unit's byte where the digit has two placements
            // (a byte is at most 6, so adding 0x7f carries out of none).
            let two = (((counts ^ TWOS) + 0x7f * UNITS) & (0x80 * UNITS)) ^ (0x80 * UNITS);
            if d < 8 {
                with_two |= two >> (7 - d);
            } else {
                eighth_two = two >> 7;
            }
        }
        // A settled band or stack has one placement for each digit.
        // Keys of placements and unit, without a branch: a settled one's key
        // has bit 16 set, above every other's.
        let key = |j: u64| {
            let t = (totals >> (8 * j)) & 0xff;
            u64::from(t < 10) << 16 | t << 3 | j
        };
        let best = key(0)
            .min(key(1))
            .min(key(2).min(key(3)))
            .min(key(4).min(key(5)));
        if best >> 16 != 0 {
            return None;
        }
        let j = (best & 7) as usize;
        let digits = (with_two >> (8 * j)) & 0xff | ((eighth_two >> (8 * j)) & 1) << 8;
        if digits == 0 {
            return None;
        }
        let d = digits.trailing_zeros() as usize;
        let (m, branch) = if j < 3 {
            let branch = Branch::Band(word(d, j) as u8);
            (band_matrix(self.cand[word(d, j)]), branch)
        } else {
            let w = self.digit_words(d);
            let branch = Branch::Stack(d as u8, (j - 3) as u8);
            (stack_matrix(stack_columns(&w), j - 3), branch)
        };
        Some((branch, u32::from(FITTING[m])))
    }

    /// Digit `d`'s placements in each band (bytes 0 to 2) and stack (bytes 3
    /// to 5), as [`Grid::choose_config`] keeps them in `counts`.
    #[inline(always)]
    fn placement_counts(&self, d: usize) -> u64 {
        let (x, y) = (self.low_bands(d), self.cand[word(d, 2)]);
        // Bands 0 and 1 in one `u64`, as in `Grid::columns`.
        let bands = occupied_minirows2(x);
        let cols = (x | x >> 9 | x >> 18) & join(0x1ff, 0x1ff);
        let all = cols as u32 | ((cols >> 32) as u32) << 9 | fold_columns(y) << 18;
        let stacks = stack_matrices(all);
        let count = |m: u32| u64::from(FIT_COUNT[(m & 0x1ff) as usize]);
        count(bands as u32)
            | count((bands >> 32) as u32) << 8
            | count(occupied_minirows(y)) << 16
            | count(stacks) << 24
            | count(stacks >> 9) << 32
            | count(stacks >> 18) << 40
    }

    /// The solved board, one value byte per cell.
    fn values(&self, out: &mut [u8; 81]) {
        for (band, words) in out.chunks_exact_mut(27).zip(self.cand.chunks_exact(9)) {
            for (d, &bits) in words.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    band[bits.trailing_zeros() as usize] = d as u8 + 1;
                    bits &= bits - 1;
                }
            }
        }
    }
}

/// The first cell of a set given as bands 0 and 1 (`low`, as in
/// [`join`]) and band 2 (`high`), which are not both empty.
fn first_cell(low: u64, high: u32) -> Cell {
    if low != 0 {
        let p = low.trailing_zeros();
        Cell {
            band: (p / 32) as u8,
            bit: (p % 32) as u8,
        }
    } else {
        Cell {
            band: 2,
            bit: high.trailing_zeros() as u8,
        }
    }
}

/// The least of nine keys, as a tree of minima (four deep, not a chain of
/// nine).
#[inline(always)]
fn min9(k: &[u32; 9]) -> u32 {
    let a = k[0].min(k[1]).min(k[2].min(k[3]));
    let b = k[4].min(k[5]).min(k[6].min(k[7]));
    a.min(b).min(k[8])
}

/// Two band words side by side in one `u64`, `lo` in the low half: two bands
/// worked at once, where a `u32` would take two operations.
#[inline(always)]
fn join(lo: u32, hi: u32) -> u64 {
    u64::from(lo) | u64::from(hi) << 32
}

/// The columns (9 bits) where band word `x` has a candidate.
fn fold_columns(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 0x1ff
}

/// Band word `x`'s 3×3 matrix of rows onto boxes (bit `row * 3 + box`:
/// the minirows holding a candidate), the index of [`FITTING`].
#[inline(always)]
fn band_matrix(x: u32) -> usize {
    (occupied_minirows(x) & 0x1ff) as usize
}

/// A digit's columns by band (bits `9 * band + col`) from its three words.
#[inline(always)]
fn stack_columns(w: &[u32; 3]) -> u32 {
    fold_columns(w[0]) | fold_columns(w[1]) << 9 | fold_columns(w[2]) << 18
}

/// Stack `s`'s 3×3 matrix of bands onto its columns (bit `band * 3 +
/// col`), from a digit's columns by band, the index of [`FITTING`]: one
/// multiply lands the three bands side by side (see [`Grid::columns`]).
#[inline(always)]
fn stack_matrix(all: u32, s: usize) -> usize {
    let y = (all >> (3 * s)) & STACK;
    ((y.wrapping_mul(1 | 1 << 6 | 1 << 12) >> 12) & 0x1ff) as usize
}

/// The minirows of band word `a` that hold a candidate, as the 9-bit index of
/// [`PLACEMENTS`] (bit `row * 3 + box`), gathered by two multiplies, faster
/// than three table lookups (see docs/decisions/0010-nine-band-sweep.md).
/// Each multiply adds shifted copies of bits that all land on distinct
/// places, so nothing carries into the bits kept.
#[inline(always)]
fn occupied_minirows(a: u32) -> u32 {
    // Bit `3k`: minirow `k` (row `k / 3`, box `k % 3`) holds a candidate.
    let m = (a | a >> 1 | a >> 2) & 0o111_111_111;
    // Shifting a row's minirow bits 0, 3, 6 by 4, 2, 0 puts them side by side
    // at bits 4..7 of the row.
    let rows = m.wrapping_mul(1 | 1 << 2 | 1 << 4) & (7 << 4 | 7 << 13 | 7 << 22);
    // Shifting rows 0, 1, 2 (bits 4, 13, 22) by 12, 6, 0 puts them side by
    // side at bits 16..25.
    (rows.wrapping_mul(1 | 1 << 6 | 1 << 12) >> 16) & 0x1ff
}

/// [`occupied_minirows`] of two band words at once, `x` as in [`join`]: the
/// low word's minirows at bits 0..9, the high word's at 32..41. The
/// multiplies keep the halves apart: the low half's partial products reach
/// bit 36 at most, below the high half's bits kept (48..57 before the
/// shift), and a carry out of bits 36..38 stops at bit 39, which no
/// product fills.
#[inline(always)]
fn occupied_minirows2(x: u64) -> u64 {
    let m = (x | x >> 1 | x >> 2) & join(0o111_111_111, 0o111_111_111);
    const ROWS: u32 = 7 << 4 | 7 << 13 | 7 << 22;
    let rows = m.wrapping_mul(1 | 1 << 2 | 1 << 4) & join(ROWS, ROWS);
    (rows.wrapping_mul(1 | 1 << 6 | 1 << 12) >> 16) & join(0x1ff, 0x1ff)
}

/// The three stacks' 3×3 matrices of bands onto columns, stack `s`'s at bits
/// `9s..9s+9` (bit `band * 3 + col`, as [`stack_matrix`] gives them one at a
/// time), from a digit's columns by band (bit `9 * band + 3 * s + col`): a
/// transpose of the 3×3 blocks of three bits, each block moving by six bits
/// for each step between its band and its stack.
#[inline(always)]
fn stack_matrices(all: u32) -> u32 {
    all & (7 | 7 << 12 | 7 << 24)
        | (all & (7 << 3 | 7 << 15)) << 6
        | (all & 7 << 6) << 12
        | (all >> 6) & (7 << 3 | 7 << 15)
        | (all >> 12) & 7 << 6
}

/// `SINGLE9[x]`: `x` when it has exactly one bit set, else 0.
const SINGLE9: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        if (x as u32).count_ones() == 1 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
};

/// Whether [`Grid::update`] takes a band word's occupied minirows and rows
/// alone from [`ROW_INFO`], one lookup a row for both, rather than
/// multiplies and [`row_singles`]: not in the compact WebAssembly build,
/// whose size counts more than its speed.
const ROW_TABLE: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// `ROW_INFO[r]`, for `r` a row's nine cells: the cell when it is alone
/// (bits 0 to 8, as [`SINGLE9`]), and the boxes where the row has a cell
/// (bits 36 to 38).
const ROW_INFO: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut r = 0;
    while r < 512 {
        let mut k = 0;
        while k < 3 {
            if r & (7 << (3 * k)) != 0 {
                t[r] |= 1 << (36 + k);
            }
            k += 1;
        }
        t[r] |= SINGLE9[r] as u64;
        r += 1;
    }
    t
};

/// Band word `a`'s occupied minirows (as [`occupied_minirows`]) and the
/// cells alone in their row (as [`row_singles`]), one lookup in
/// [`ROW_INFO`] a row: fewer instructions than the two apart (see
/// docs/decisions/0027-nine-vs-tdoku.md).
#[inline(always)]
fn rows_of(a: u32) -> (u32, u32) {
    let c = ROW_INFO[(a & 0x1ff) as usize]
        | ROW_INFO[((a >> 9) & 0x1ff) as usize] << 9
        | ROW_INFO[((a >> 18) & 0x1ff) as usize] << 18;
    // The boxes of rows 0, 1 and 2 are at bits 0, 9 and 18 of `c >> 36`:
    // the multiply lands them side by side at bits 12 to 20, every partial
    // product on bits of its own, so nothing carries into them.
    let boxes = ((c >> 36) as u32).wrapping_mul(1 | 1 << 6 | 1 << 12) >> 12;
    (boxes & 0x1ff, c as u32)
}

/// The cells of band word `a` that are alone in their row: one lookup a
/// row. The three lookups run side by side, where bit tricks were a chain
/// that the spill's branch in [`Grid::update`] waits on (see
/// docs/decisions/0010-nine-band-sweep.md).
#[inline(always)]
fn row_singles(a: u32) -> u32 {
    let single = |r: u32| u32::from(SINGLE9[(r & 0x1ff) as usize]);
    single(a) | single(a >> 9) << 9 | single(a >> 18) << 18
}

/// Open cells, once the givens have propagated, below which a puzzle is
/// easy: its search branches on the first bivalue cell for its first
/// [`QUICK_GUESSES`] guesses, a fifth of the cost of the smart choice, which
/// pays only on hard puzzles. See docs/decisions/0014-nine-easy-puzzles.md.
const EASY_OPEN: u32 = 55;

/// Guesses an easy puzzle's search makes with the quick choice before it
/// turns to the smart one (see [`EASY_OPEN`]): it has turned out hard.
const QUICK_GUESSES: u64 = 16;

/// Open cells at the root below which an easy puzzle's search also leaves
/// out the stack check (see [`Grid::columns`]) while it chooses quickly:
/// with so few cells open, what the check finds is rarely worth its cost.
const TERSE_OPEN: u32 = 50;

/// Open cells at the root (once the givens have propagated) from which a
/// search branches on cells only, never on a digit's placements (see
/// [`Grid::choose_config`]): placement branches cut the guesses of hard
/// puzzles, but a wrong one near the top of a sparse board with many
/// solutions can cost a large subtree. See
/// docs/decisions/0015-nine-placement-branches.md.
const CONFIG_OPEN: u32 = 60;

/// Guesses after which a search that has found no solution yet, branching on
/// placements, starts over from its first frame's grid and branches on cells
/// only: it bounds what a placement taken wrong near the top can cost on a
/// board with many solutions (see [`CONFIG_OPEN`]).
const CONFIG_RESTART: u64 = 256;

/// No candidate is being explored under a frame yet.
const NONE: u8 = u8::MAX;

/// Where a frame branches: the digits of a cell, or the placements
/// (permutations, see [`PERMS`]) of one digit in a band or a stack.
#[derive(Clone, Copy, Debug)]
enum Branch {
    /// Alternative `d`: digit `d` in the cell.
    Cell(Cell),
    /// Alternative `p`: band word `i`'s digit in the minirows of
    /// permutation `p` ([`CONFIG_CELLS`]).
    Band(u8),
    /// Alternative `p`: digit `d` in stack `s`, band `b` in the stack's
    /// column `PERMS[p][b]`.
    Stack(u8, u8),
}

/// One decision: the grid before it, where it branches, the alternatives left
/// to try, and the one being explored.
#[derive(Clone, Copy, Debug)]
struct Frame {
    saved: Grid,
    branch: Branch,
    remaining: u32,
    current: u8,
}

impl Frame {
    /// Puts back the grid the frame saved and rules out there the choice
    /// explored last; with one choice left, takes that one outright instead
    /// (the same fixed point, without the naked-single pass that would place
    /// it). Returns the words changed, to propagate, or `None` when several
    /// placements are left: the next turn tries one from the saved grid.
    #[inline(always)]
    fn close_current(&mut self, grid: &mut Grid) -> Option<u32> {
        *grid = self.saved;
        let d = usize::from(std::mem::replace(&mut self.current, NONE));
        let rest = self.remaining;
        let single = rest & rest.wrapping_sub(1) == 0 && rest != 0;
        Some(match self.branch {
            // Always so on a bivalue cell.
            Branch::Cell(cell) if single => 1 << grid.assign(rest.trailing_zeros() as usize, cell),
            Branch::Cell(cell) => 1 << grid.eliminate(d, cell),
            branch if single => grid.take(branch, rest.trailing_zeros() as usize),
            _ => return None,
        })
    }

    /// Takes the frame's lowest choice left on `grid`, its own grid (fresh,
    /// or with a choice just ruled out). Returns the words changed.
    #[inline(always)]
    fn try_next(&mut self, grid: &mut Grid) -> u32 {
        let d = self.remaining.trailing_zeros() as usize;
        self.remaining &= !(1 << d);
        self.current = d as u8;
        grid.take(self.branch, d)
    }

    /// After the choice explored last was ruled out and `grid` propagated
    /// cleanly: whether to descend from `grid`, the frame having nothing
    /// left to try (its last placement taken, or its cell placed). Else the
    /// frame keeps `grid`, and the next turn tries the digits left there.
    #[inline(always)]
    fn settle(&mut self, grid: &Grid) -> bool {
        let Branch::Cell(cell) = self.branch else {
            self.remaining = 0;
            return true;
        };
        if !grid.is_open(cell) {
            // Its last digit is forced, and the grid is already that
            // branch's fixed point: nothing to save.
            self.remaining = 0;
            return true;
        }
        self.saved = *grid;
        self.remaining &= grid.digits(cell);
        false
    }
}

/// Scratch space for the 9×9 engine: the frame stack.
#[derive(Clone, Debug)]
pub(crate) struct Nine {
    frames: Vec<Frame>,
    /// Open cells at the root from which the search branches on cells only:
    /// [`CONFIG_OPEN`], which the tests move to force either way.
    config_open: u32,
}

impl Default for Nine {
    fn default() -> Self {
        Self {
            frames: Vec::new(),
            config_open: CONFIG_OPEN,
        }
    }
}

impl Nine {
    /// Searches `givens` (81 bytes, 0 empty), calling `on_solution` for each
    /// solution until it says stop, or the node budget runs out. Without
    /// `values` it passes an empty slice rather than writing the solution out.
    /// With `allowed` (see [`allowed_words`]), each cell keeps only its
    /// listed candidates from the start: a pencilmark grid.
    ///
    /// One compiled copy serves every caller (`dyn`, never inlined): as a
    /// generic, each entry point got its own copy, laid out by luck. See
    /// docs/decisions/0016-nine-search.md, and 0013-nine-cell-choice.md for
    /// the digit orders tried.
    #[inline(never)]
    pub fn search(
        &mut self,
        givens: &[u8],
        allowed: Option<&[u32; 27]>,
        limits: &mut Meter,
        stats: &mut Stats,
        values: bool,
        on_solution: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Stop {
        let Some(mut grid) = Grid::from_cells(givens, stats) else {
            return Stop::Exhausted;
        };
        // A cell, given or not, left without a digit here is found empty by
        // the first propagation's naked-single count.
        if MARKS && let Some(allowed) = allowed {
            for (c, a) in grid.cand.iter_mut().zip(allowed) {
                *c &= a;
            }
        }
        // Every word is checked once.
        let mut checked = Checked {
            dirty: (1 << 27) - 1,
            stacks: 0,
            solved: 0,
            stacks_on: true,
        };
        if grid.propagate(&mut checked, stats).is_err() {
            return Stop::Exhausted;
        }
        let search = Search::new(
            &mut self.frames,
            grid,
            checked,
            limits,
            stats,
            self.config_open,
        );
        search.run(values, on_solution)
    }
}

/// Whether [`Nine::search`] takes cells' candidate sets: not in the compact
/// WebAssembly build, whose front solver sends them to the run-time engine.
const MARKS: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// Each cell's candidate values (`allowed[cell]`, bit `v - 1` for value `v`,
/// 81 cells row by row) in the 9×9 engine's layout: bit `cell % 27` of word
/// `word(v - 1, cell / 27)` set while `v` may stand at `cell`.
pub(crate) fn allowed_words(allowed: &[u64]) -> [u32; 27] {
    let mut words = [0u32; 27];
    for (i, &a) in allowed.iter().enumerate().take(81) {
        let cell = Cell::from_index(i);
        for d in 0..9 {
            words[word(d, cell.band as usize)] |= ((a >> d) as u32 & 1) << cell.bit;
        }
    }
    words
}

impl Grid {
    /// The grid of `givens` (81 bytes, 0 empty) with the givens solved
    /// outright (see [`Grid::from_givens`]), each counted as a propagation.
    /// `None` when two givens of a digit share a house.
    #[inline(always)]
    fn from_cells(givens: &[u8], stats: &mut Stats) -> Option<Self> {
        let givens: &[u8; 81] = givens.try_into().expect("81 cells");
        let mut placed = 0;
        let (mut given, mut lines) = ([0u32; 27], [0u32; 27]);
        // Givens of a digit that share a row or a box.
        let mut clash = 0;
        for (half, mut cells) in filled_cells(givens).into_iter().enumerate() {
            while cells != 0 {
                let i = (half * 64 + cells.trailing_zeros() as usize).min(80);
                cells &= cells - 1;
                let cell = Cell::from_index(i);
                let w = word(usize::from(givens[i] - 1), cell.band as usize);
                let bit = 1 << cell.bit;
                clash |= lines[w] & bit;
                given[w] |= bit;
                lines[w] |= BAND_PEERS[cell.bit as usize];
                placed += 1;
            }
        }
        stats.propagations += placed;
        Self::from_givens(&given, &lines).filter(|_| clash == 0)
    }
}

/// The filled cells of `givens` as bits, cells 0..64 and 64..81: eight cells
/// at a time (most are empty), each eight one load, without a branch, so
/// that one loop over them all places the givens (a loop over each eight's
/// filled cells mispredicted its exit about once an eight).
#[inline(always)]
fn filled_cells(givens: &[u8; 81]) -> [u64; 2] {
    let mut filled = [0u64; 2];
    for (k, chunk) in givens[..80].chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(chunk.try_into().expect("chunks of eight"));
        // Bit 7 of each byte: the byte is not zero.
        let nonzero = nonzero_bytes(x);
        // Bit 7 of byte `j` to bit `56 + j`: each lands on a place of its own.
        let bits = (nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        filled[k / 8] |= bits << (8 * (k % 8));
    }
    filled[1] |= u64::from(givens[80] != 0) << 16;
    filled
}

/// One search of the 9×9 engine, from a root grid that has propagated: the
/// grid, the frame stack and the counters.
///
/// An explicit stack rather than recursion, as in the general engine: a
/// frame's saved grid is its undo, the loop can stop on a budget or go on
/// after a solution, and a restart just clears the stack.
struct Search<'a> {
    /// The frames, `frames[..depth]`; those above are left from earlier
    /// searches and overwritten in place (see [`Search::push_branch`]).
    frames: &'a mut Vec<Frame>,
    depth: usize,
    /// The current node's grid, a fixed point of propagation.
    grid: Grid,
    checked: Checked,
    limits: &'a mut Meter,
    stats: &'a mut Stats,
    /// An easy puzzle, which starts with quick choices (see [`EASY_OPEN`]).
    easy: bool,
    /// An easy puzzle that also leaves out the stack check while it
    /// chooses quickly (see [`TERSE_OPEN`]).
    terse: bool,
    /// Whether the search may branch on placements (see [`CONFIG_OPEN`]);
    /// cleared for good when it starts over (see [`CONFIG_RESTART`]).
    configs: bool,
}

impl<'a> Search<'a> {
    /// A search from `grid`, the root, which `checked` left a fixed point.
    /// How settled the givens left the board decides how to search it.
    #[inline(always)]
    fn new(
        frames: &'a mut Vec<Frame>,
        grid: Grid,
        checked: Checked,
        limits: &'a mut Meter,
        stats: &'a mut Stats,
        config_open: u32,
    ) -> Self {
        let open = grid.open.iter().map(|o| o.count_ones()).sum::<u32>();
        Self {
            frames,
            depth: 0,
            grid,
            checked,
            limits,
            stats,
            easy: open < EASY_OPEN,
            terse: open < TERSE_OPEN,
            configs: open < config_open,
        }
    }

    /// Descends and advances until the search is exhausted, `on_solution`
    /// says it has enough, or the budget runs out.
    #[inline(always)]
    fn run(mut self, values: bool, on_solution: &mut dyn FnMut(&[u8]) -> bool) -> Stop {
        let mut solution = [0u8; 81];
        loop {
            if self.descend() {
                self.stats.solutions += 1;
                if values {
                    self.grid.values(&mut solution);
                }
                if !on_solution(&solution[..if values { 81 } else { 0 }]) {
                    return Stop::Enough;
                }
            }
            if let Err(stop) = self.advance() {
                return stop;
            }
        }
    }

    /// Returns whether the grid is solved; else pushes a frame for its
    /// branch point, first starting over if that is due.
    #[inline(always)]
    fn descend(&mut self) -> bool {
        if self.grid.open == [0; 3] {
            return true;
        }
        let quick = self.easy && self.stats.guesses < QUICK_GUESSES;
        self.checked.stacks_on = !(quick && self.terse);
        if self.restart_due() {
            self.restart();
        }
        self.push_branch(quick);
        false
    }

    /// Whether a search branching on placements has gone on too long
    /// without a solution (see [`CONFIG_RESTART`]).
    #[inline(always)]
    fn restart_due(&self) -> bool {
        self.configs && self.stats.solutions == 0 && self.stats.guesses >= CONFIG_RESTART
    }

    /// Starts over from the first frame's grid (the root, less what has
    /// been refuted there), branching on cells only from now on.
    #[inline(always)]
    fn restart(&mut self) {
        self.configs = false;
        if self.depth > 0 {
            self.grid = self.frames[0].saved;
        }
        self.depth = 0;
        self.stats.restarts += 1;
    }

    /// Pushes a frame for the grid's branch point: a digit's placements
    /// where allowed and one has two, else a cell (quickly chosen with
    /// `quick`).
    #[inline(always)]
    fn push_branch(&mut self, quick: bool) {
        let config = if quick || !self.configs {
            None
        } else {
            self.grid.choose_config()
        };
        let (branch, remaining) = config.unwrap_or_else(|| {
            let (cell, digits) = self.grid.choose(quick);
            (Branch::Cell(cell), digits)
        });
        // Written in place where a frame is left from before: a push
        // builds the frame on the stack and copies it again into the
        // vector, two copies of the grid rather than one.
        if let Some(frame) = self.frames.get_mut(self.depth) {
            frame.saved = self.grid;
            frame.branch = branch;
            frame.remaining = remaining;
            frame.current = NONE;
        } else {
            self.frames.push(Frame {
                saved: self.grid,
                branch,
                remaining,
                current: NONE,
            });
        }
        self.depth += 1;
    }

    /// Moves on to the next node: the top frame's next choice that
    /// propagates cleanly, backing up through frames that have none left.
    /// `Err` when the search is over.
    #[inline(always)]
    fn advance(&mut self) -> Result<(), Stop> {
        loop {
            let Some(frame) = self
                .depth
                .checked_sub(1)
                .and_then(|top| self.frames.get_mut(top))
            else {
                return Err(Stop::Exhausted);
            };
            let closing = frame.current != NONE;
            let dirty = if closing {
                let Some(dirty) = frame.close_current(&mut self.grid) else {
                    continue;
                };
                dirty
            } else {
                if frame.remaining == 0 {
                    self.backtrack();
                    continue;
                }
                if self.limits.reached(self.stats.guesses) {
                    return Err(Stop::Budget);
                }
                self.stats.guesses += 1;
                frame.try_next(&mut self.grid)
            };
            // One call for both cases: the propagation is inlined here, and
            // once is enough. A saved grid is a fixed point, so only the
            // words changed since it need checking.
            self.checked.reset(dirty);
            let ok = self.grid.propagate(&mut self.checked, self.stats).is_ok();
            if !closing {
                if ok {
                    return Ok(());
                }
                continue;
            }
            if !ok {
                self.backtrack();
                continue;
            }
            if frame.settle(&self.grid) {
                return Ok(());
            }
        }
    }

    /// Pops the top frame: it has no choice left.
    #[inline(always)]
    fn backtrack(&mut self) {
        self.stats.backtracks += 1;
        self.depth -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use crate::engine::noise::Noise;

    #[test]
    fn placements_table() {
        // All nine minirows occupied: every cell may stay.
        assert_eq!(PLACEMENTS[0x1ff], BAND);
        // Only the diagonal minirows: exactly those cells.
        let diag = 1 | 1 << 4 | 1 << 8;
        assert_eq!(PLACEMENTS[diag], 7 | 7 << 12 | 7 << 24);
        // Row 0 confined to box 0 and row 1 confined to box 0: no placement.
        assert_eq!(PLACEMENTS[1 | 1 << 3 | 0b111 << 6], 0);
    }

    #[test]
    fn occupied_minirows_match_row_by_row() {
        // Every row pattern, in each row of the band, and a few mixes.
        let boxes = |r: u32| (0..3).fold(0, |m, k| m | u32::from(r & 7 << (3 * k) != 0) << k);
        for r in 0..512u32 {
            for row in 0..3 {
                assert_eq!(occupied_minirows(r << (9 * row)), boxes(r) << (3 * row));
            }
            let mixed = (r * 7) & 0x1ff;
            let a = r | (r ^ 0x1ff) << 9 | mixed << 18;
            let expected = boxes(r) | boxes(r ^ 0x1ff) << 3 | boxes(mixed) << 6;
            assert_eq!(occupied_minirows(a), expected);
        }
    }

    #[test]
    fn two_bands_and_three_stacks_at_once() {
        // Band pairs against one band at a time, over every row pattern in
        // each row and mixes; stacks against one stack at a time.
        let mut rng = Noise::new(0x7374_6163);
        for r in 0..512u32 {
            for row in 0..3 {
                let (lo, hi) = (r << (9 * row), (r ^ 0x1ff) << (9 * (2 - row)));
                for (lo, hi) in [(lo, hi), (hi, lo), (BAND, lo), (lo, BAND)] {
                    let two = occupied_minirows2(join(lo, hi));
                    assert_eq!(two as u32, occupied_minirows(lo), "{lo:x} {hi:x}");
                    assert_eq!((two >> 32) as u32, occupied_minirows(hi), "{lo:x} {hi:x}");
                }
            }
        }
        for _ in 0..20_000 {
            let (lo, hi) = (rng.below(1 << 27), rng.below(1 << 27));
            let two = occupied_minirows2(join(lo, hi));
            assert_eq!(
                two,
                u64::from(occupied_minirows(lo)) | u64::from(occupied_minirows(hi)) << 32
            );
            let all = lo;
            let m = stack_matrices(all);
            for s in 0..3 {
                assert_eq!(
                    (m >> (9 * s)) & 0x1ff,
                    stack_matrix(all, s) as u32,
                    "{all:x} {s}"
                );
            }
        }
    }

    /// [`Grid::choose_config`] as first written: the counts one unit at a
    /// time, then the first digit with two in the unit chosen.
    fn choose_config_reference(g: &Grid) -> Option<(String, u32)> {
        let count = |d: usize, j: usize| {
            let w = g.digit_words(d);
            let m = if j < 3 {
                band_matrix(w[j])
            } else {
                stack_matrix(stack_columns(&w), j - 3)
            };
            (FIT_COUNT[m], FITTING[m])
        };
        let totals: Vec<u32> = (0..6)
            .map(|j| (0..9).map(|d| u32::from(count(d, j).0)).sum())
            .collect();
        let j = (0..6)
            .filter(|&j| totals[j] > 9)
            .min_by_key(|&j| (totals[j], j))?;
        let d = (0..9).find(|&d| count(d, j).0 == 2)?;
        let branch = if j < 3 {
            Branch::Band(word(d, j) as u8)
        } else {
            Branch::Stack(d as u8, (j - 3) as u8)
        };
        Some((format!("{branch:?}"), u32::from(count(d, j).1)))
    }

    #[test]
    fn choose_config_matches_its_reference() {
        // Random words, dense and sparse, and some units settled.
        let mut rng = Noise::new(0x636f_6e66);
        let (mut some, mut none) = (0, 0);
        // One grid kept from case to case, its changed words marked stale,
        // as propagation marks them: only those digits are counted again.
        let mut kept = Grid {
            cand: [0; 27],
            open: [BAND; 3],
            stale: BAND,
            counts: [0; 9],
        };
        for case in 0..20_000 {
            let mut grid = Grid {
                cand: [0; 27],
                open: [BAND; 3],
                stale: BAND,
                counts: [0; 9],
            };
            for w in &mut grid.cand {
                *w = rng.below(1 << 27) | rng.below(1 << 27);
                if case % 2 == 0 {
                    *w &= rng.below(1 << 27);
                }
                if case % 5 == 0 {
                    *w &= CONFIG_CELLS[rng.below(6) as usize];
                }
            }
            let got = grid.choose_config().map(|(b, r)| (format!("{b:?}"), r));
            let want = choose_config_reference(&grid);
            assert_eq!(got, want, "{:?}", grid.cand);
            // The kept grid takes a few of this case's words.
            for (i, &w) in grid.cand.iter().enumerate() {
                if rng.below(4) == 0 && kept.cand[i] != w {
                    kept.cand[i] = w;
                    kept.stale |= 1 << i;
                }
            }
            let got = kept.choose_config().map(|(b, r)| (format!("{b:?}"), r));
            assert_eq!(got, choose_config_reference(&kept), "{:?}", kept.cand);
            some += usize::from(want.is_some());
            none += usize::from(want.is_none());
        }
        assert!(some > 1_000 && none > 1_000, "{some} {none}");
    }

    #[test]
    fn rows_of_is_occupied_minirows_and_row_singles() {
        // Every row pattern in each row, and random words.
        let mut rng = Noise::new(0x726f_7769);
        let words = (0..512u32)
            .flat_map(|r| {
                [
                    r,
                    r << 9,
                    r << 18,
                    r | (r ^ 0x1ff) << 9 | ((r * 7) & 0x1ff) << 18,
                ]
            })
            .chain((0..20_000).map(|_| rng.below(1 << 27) & rng.below(1 << 27)));
        for a in words {
            assert_eq!(rows_of(a), (occupied_minirows(a), row_singles(a)), "{a:x}");
        }
    }

    #[test]
    fn row_singles_keep_the_rows_of_one_cell() {
        let mut rng = Noise::new(0x726f_7773);
        for _ in 0..20_000 {
            let a = rng.below(1 << 27) & rng.below(1 << 27);
            let expected = (0..3).fold(0, |m, r| {
                let row = (a >> (9 * r)) & 0x1ff;
                m | if row.count_ones() == 1 {
                    row << (9 * r)
                } else {
                    0
                }
            });
            assert_eq!(row_singles(a), expected, "{a:x}");
        }
    }

    #[test]
    fn band_peers_exclude_self() {
        assert_eq!(BAND_PEERS[0].count_ones(), 8 + 6);
        assert_eq!(BAND_PEERS[0] & 1, 0);
        assert_eq!(BAND_PEERS[26] & (1 << 26), 0);
    }

    /// The engine's compiled-in layout is the shared 9×9 geometry: a cell's
    /// peers within its band are its band peers, and the rest of its peers
    /// are the column's cells in the other bands.
    #[test]
    fn band_peers_are_the_geometrys_peers() {
        let g = crate::model::geometry::Geometry::square(3);
        for i in 0..81 {
            let Cell { band, bit } = Cell::from_index(i);
            let (mut within, mut outside) = (0u32, 0usize);
            for &p in g.peers(i) {
                let q = Cell::from_index(p as usize);
                if q.band == band {
                    within |= 1 << q.bit;
                } else {
                    assert_eq!(p as usize % 9, i % 9, "cell {i}: peer {p}");
                    outside += 1;
                }
            }
            assert_eq!(within, BAND_PEERS[usize::from(bit)], "cell {i}");
            assert_eq!(outside, 6, "cell {i}");
        }
    }

    /// Searches a puzzle string up to its first solution, with the stats.
    fn first(puzzle: &str) -> (Stop, Stats) {
        let givens: Vec<u8> = puzzle
            .bytes()
            .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
            .collect();
        let mut stats = Stats::default();
        let stop = Nine::default().search(
            &givens,
            None,
            &mut Meter::new(100_000, None, 1),
            &mut stats,
            true,
            &mut |_| false,
        );
        (stop, stats)
    }

    #[test]
    fn sparse_and_empty_boards_solve_quickly() {
        for puzzle in [
            "...9...84....5...............7.........4...27........1.....4...................9.",
            ".................................................................................",
        ] {
            let (stop, stats) = first(puzzle);
            assert!(matches!(stop, Stop::Enough));
            assert!(stats.guesses < 200, "{puzzle}: {} guesses", stats.guesses);
        }
    }

    /// A number in `0..n` from the engine's own noise.
    fn below(rng: &mut Noise, n: usize) -> usize {
        rng.below(n as u32) as usize
    }

    /// 0, 1 and 2 in random order.
    fn three(rng: &mut Noise) -> [usize; 3] {
        let mut p = [0, 1, 2];
        for i in (1..3).rev() {
            p.swap(i, below(rng, i + 1));
        }
        p
    }

    /// The nine rows (or columns) in a random order that keeps bands (or
    /// stacks) together.
    fn lines(rng: &mut Noise) -> [usize; 9] {
        let mut out = [0; 9];
        for (k, outer) in three(rng).into_iter().enumerate() {
            for (j, inner) in three(rng).into_iter().enumerate() {
                out[k * 3 + j] = outer * 3 + inner;
            }
        }
        out
    }

    /// A random solved grid: the empty board's first solution with its
    /// digits, bands, stacks, rows and columns shuffled.
    fn random_grid(rng: &mut Noise) -> [u8; 81] {
        let mut first = [0u8; 81];
        Nine::default().search(
            &[0; 81],
            None,
            &mut Meter::new(1_000, None, 1),
            &mut Stats::default(),
            true,
            &mut |v| {
                first.copy_from_slice(v);
                false
            },
        );
        let (rows, cols) = (lines(rng), lines(rng));
        let mut digits: [u8; 9] = std::array::from_fn(|d| d as u8 + 1);
        for i in (1..9).rev() {
            digits.swap(i, below(rng, i + 1));
        }
        std::array::from_fn(|i| digits[usize::from(first[rows[i / 9] * 9 + cols[i % 9]]) - 1])
    }

    /// Whether `v` is a solved grid (no value repeated in a house, no cell
    /// empty) that keeps the givens of `puzzle`.
    fn completes(puzzle: &[u8; 81], v: &[u8]) -> bool {
        let (Ok(given), Ok(solved)) = (Board::<3>::from_cells(puzzle), Board::<3>::from_cells(v))
        else {
            return false;
        };
        solved.is_solved() && given.is_completed_by(&solved)
    }

    /// Counts the solutions of `puzzle` up to `limit`, with branches on a
    /// digit's placements allowed (`config_open` 82) or not (0), checking
    /// every solution.
    fn count_with(puzzle: &[u8; 81], config_open: u32, limit: u64) -> (u64, Stats) {
        let mut nine = Nine {
            config_open,
            ..Nine::default()
        };
        let (mut stats, mut found) = (Stats::default(), 0);
        let stop = nine.search(
            puzzle,
            None,
            &mut Meter::new(1_000_000, None, 1),
            &mut stats,
            true,
            &mut |v| {
                assert!(completes(puzzle, v), "{puzzle:?} gave {v:?}");
                found += 1;
                found < limit
            },
        );
        assert!(!matches!(stop, Stop::Budget));
        (found, stats)
    }

    #[test]
    fn placement_branches_find_what_cell_branches_find() {
        // Sparse boards, from 17 givens (many solutions, where a placement
        // branch can lead far astray before the search starts over) to 40;
        // a third with a wrong given among them (often no solution at all).
        let mut rng = Noise::new(0x6e69_6e65);
        let (mut differed, mut restarted, mut unsolvable, mut several) = (0, 0, 0, 0);
        for case in 0..400 {
            let grid = random_grid(&mut rng);
            let mut puzzle = [0u8; 81];
            for _ in 0..17 + below(&mut rng, 24) {
                let i = below(&mut rng, 81);
                puzzle[i] = grid[i];
            }
            if case % 3 == 0 {
                let i = below(&mut rng, 81);
                puzzle[i] = grid[i] % 9 + 1;
            }
            let (placements, with) = count_with(&puzzle, 82, 3);
            let (cells, without) = count_with(&puzzle, 0, 3);
            assert_eq!(placements, cells, "case {case}: {puzzle:?}");
            assert_eq!(without.restarts, 0);
            differed += usize::from(with.guesses != without.guesses);
            restarted += usize::from(with.restarts > 0);
            unsolvable += usize::from(cells == 0);
            several += usize::from(cells == 3);
        }
        // The cases above took every path: placement branches changed the
        // search, some searches started over, and both kinds of answer came.
        eprintln!(
            "{differed} differed, {restarted} restarted, {unsolvable} unsolvable, {several} with 3+"
        );
        assert!(differed >= 100 && restarted >= 1, "{differed} {restarted}");
        assert!(unsolvable >= 20 && several >= 100, "{unsolvable} {several}");
    }

    #[test]
    fn contradictory_givens_have_no_solution() {
        // Clashes in a row, in a box, and in a column across bands (also with
        // the digit given nine times, so that its stacks go unchecked), all
        // found before any guess.
        let mut column = [b'.'; 81];
        column[0] = b'1';
        column[27] = b'1';
        let full_digit = "1........\
                          ...1.....\
                          ......1..\
                          1........\
                          ....1....\
                          .......1.\
                          ..1......\
                          .....1...\
                          ........1";
        for puzzle in [
            "11".to_string() + &".".repeat(79),
            "1........1".to_string() + &".".repeat(71),
            String::from_utf8(column.to_vec()).unwrap(),
            full_digit.replace(' ', ""),
        ] {
            let (stop, stats) = first(&puzzle);
            assert!(matches!(stop, Stop::Exhausted), "{puzzle}");
            assert_eq!((stats.solutions, stats.guesses), (0, 0), "{puzzle}");
        }
    }
}
