//! Conflict-driven learning for layouts of houses, chess rules and killer cages: (cell, value) literals, first-UIP nogoods, backjumping (record 0031).

mod cage;
mod order;

pub(super) use cage::{is_killer, killer_cages};

use super::mask::Mask;
use super::model::Model;
use crate::engine::limits::Meter;
use crate::engine::stats::Stats;
use crate::sort::SmallSort;

/// Whether the learning search is built: not in the `compact` WebAssembly
/// build, for its size limit (as `search::HOUSES`).
pub(super) const LEARN: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// Conflicts in a unit of a restart run's Luby share.
const RESTART_UNIT: u64 = 100;

/// Learned clauses kept before the first reduction, and what each
/// reduction adds to the next one's threshold.
const REDUCE_FIRST: usize = 2000;
const REDUCE_STEP: usize = 300;

/// How much each conflict's activity bump grows over the last one's.
const VAR_DECAY: f64 = 0.95;

/// Why a variable has its value.
#[derive(Clone, Copy, Debug)]
enum Reason {
    /// A decision, a given or a unit at the root.
    None,
    /// The trail literal (a cell's value) that ruled this one out.
    Lit(u32),
    /// Every other value left the cell (a naked single).
    Cell,
    /// The value left every other place of this house (a hidden single).
    House(u32),
    /// A clause, whose first literal this is.
    Clause(u32),
    /// A cage's sum, with the explanation stored at this index (`cage.rs`).
    Sum(u32),
}

/// The clauses, laid end to end, each found by where it starts (its
/// reference): its length, its distinct decision levels when learned
/// (lower is better; 0 for kept clauses) with [`LEARNT`] set if learned,
/// then its literals, of which the first two are watched. One read finds
/// a clause's literals: 4-8% less time than a `Vec` a clause on sparse
/// proofs (record 0040).
#[derive(Default)]
struct Arena {
    words: Vec<u32>,
}

/// The bit of an arena clause's second word that marks it learned.
const LEARNT: u32 = 1 << 31;

/// The words before a clause's literals in the arena.
const HEAD: usize = 2;

impl Arena {
    /// Adds a clause; its reference.
    fn push(&mut self, lits: &[u32], lbd: u32, learnt: bool) -> u32 {
        let at = self.words.len() as u32;
        self.words.push(lits.len() as u32);
        self.words.push(lbd | if learnt { LEARNT } else { 0 });
        self.words.extend_from_slice(lits);
        at
    }

    /// The literals of clause `at`.
    #[inline(always)]
    fn lits(&self, at: u32) -> &[u32] {
        let at = at as usize;
        let len = self.words[at] as usize;
        &self.words[at + HEAD..at + HEAD + len]
    }

    /// The literals of clause `at`, to reorder.
    #[inline(always)]
    fn lits_mut(&mut self, at: u32) -> &mut [u32] {
        let at = at as usize;
        let len = self.words[at] as usize;
        &mut self.words[at + HEAD..at + HEAD + len]
    }

    /// Clause `at`'s distinct levels and whether it was learned.
    fn lbd(&self, at: u32) -> (u32, bool) {
        let w = self.words[at as usize + 1];
        (w & !LEARNT, w & LEARNT != 0)
    }

    /// Every clause's reference, in order.
    fn refs(&self) -> impl Iterator<Item = u32> + '_ {
        let mut at = 0;
        std::iter::from_fn(move || {
            (at < self.words.len()).then(|| {
                let r = at;
                at += HEAD + self.words[at] as usize;
                r as u32
            })
        })
    }
}

/// Per literal, the clauses watching it (see `Cdcl::watched`): a list is
/// made at a literal's first watch, since most never get one and an empty
/// list would cost 24 bytes a literal (143 MB on a 144×144 board).
struct Watches {
    /// Per literal: its list's index plus one, 0 before its first watch;
    /// empty when every literal has its list from the start.
    slot: Vec<u32>,
    lists: Vec<Vec<(u32, u32)>>,
}

impl Watches {
    /// No watches over `lits` literals; each literal's list made at once
    /// when `eager` (boards up to 64×64: one lookup a visit, 2% fewer
    /// instructions on minimal 16×16 jigsaws), else at its first watch
    /// (past 64×64, where most literals are never watched).
    fn new(lits: usize, eager: bool) -> Self {
        if eager {
            Self {
                slot: Vec::new(),
                lists: vec![Vec::new(); lits],
            }
        } else {
            Self {
                slot: vec![0; lits],
                lists: Vec::new(),
            }
        }
    }

    /// The index of `lit`'s list, made first if `make`; `None` if it has none.
    #[inline(always)]
    fn index(&mut self, lit: u32, make: bool) -> Option<usize> {
        if self.slot.is_empty() {
            return Some(lit as usize);
        }
        let s = &mut self.slot[lit as usize];
        if *s == 0 {
            if !make {
                return None;
            }
            self.lists.push(Vec::new());
            *s = self.lists.len() as u32;
        }
        Some(*s as usize - 1)
    }

    /// Adds `watch` to `lit`'s list.
    #[inline]
    fn push(&mut self, lit: u32, watch: (u32, u32)) {
        if let Some(i) = self.index(lit, true) {
            self.lists[i].push(watch);
        }
    }

    /// Takes `lit`'s list out, to be [`Watches::put`] back.
    #[inline]
    fn take(&mut self, lit: u32) -> Vec<(u32, u32)> {
        match self.index(lit, false) {
            Some(i) => std::mem::take(&mut self.lists[i]),
            None => Vec::new(),
        }
    }

    /// Puts back `lit`'s list, taken by [`Watches::take`].
    #[inline]
    fn put(&mut self, lit: u32, list: Vec<(u32, u32)>) {
        if let Some(i) = self.index(lit, false) {
            self.lists[i] = list;
        }
    }

    /// Empties every list.
    fn clear(&mut self) {
        self.lists.iter_mut().for_each(Vec::clear);
    }
}

/// The answer of a learning search.
pub(super) enum Answer {
    /// A solution: a value (from 1) a cell.
    Solved(Vec<u16>),
    /// No solution.
    None,
    /// The budget or time limit ran out.
    Budget,
}

/// Decisions each of [`Learner`]'s searches makes in a turn: turns that
/// doubled each round took up to three times the decisions of the search
/// that ends (record 0040).
const SHARE: u64 = 1000;

/// The learning searches of one puzzle in turns, each resuming where it
/// stopped, the first to end answering: a [`Cdcl`] deciding a value of a
/// cell of fewest values, which finds the first solutions of sparse
/// layouts, and one deciding by activity ([`Cdcl::by_activity`]), which
/// proves no solution in a tenth of the conflicts or less (record 0040).
pub(super) struct Learner {
    searches: Vec<Cdcl>,
    /// The search whose turn it is, and the decisions left of its turn.
    next: usize,
    left: u64,
    share: u64,
}

impl Learner {
    /// Both searches of `m`'s layout from `givens`, as [`Cdcl::new`].
    pub(super) fn new<M: Mask>(m: &Model<M>, givens: &[u16], free: u64) -> Self {
        let by_cells = Cdcl::new(m, givens, free);
        let by_activity = Cdcl::new(m, givens, free).by_activity();
        Self {
            searches: vec![by_cells, by_activity],
            next: 0,
            left: SHARE,
            share: SHARE,
        }
    }

    /// `cdcl` alone: killers and boards past 64×64, both by activity (a
    /// second search would double a big board's memory).
    pub(super) fn single(cdcl: Cdcl) -> Self {
        Self {
            searches: vec![cdcl],
            next: 0,
            left: u64::MAX,
            share: u64::MAX,
        }
    }

    /// Adds killer cages to each search, as [`Cdcl::with_sums`].
    pub(super) fn with_sums(&mut self, cages: &[(Vec<u32>, u64)]) -> bool {
        self.searches
            .iter_mut()
            .fold(true, |ok, s| s.with_sums(cages) & ok)
    }

    /// Rules out solution `values` in each search, as [`Cdcl::block`].
    pub(super) fn block(&mut self, values: &[u16]) -> bool {
        self.searches
            .iter_mut()
            .fold(true, |ok, s| s.block(values) & ok)
    }

    /// The literals set when the last search to run stopped.
    pub(super) fn assignments(&self) -> u64 {
        self.searches[self.next].assignments()
    }

    /// As [`Cdcl::solve`], the searches taking turns: each makes its share
    /// of decisions, then the next goes on from where it stopped.
    pub(super) fn solve(&mut self, limits: &mut Meter, stats: &mut Stats) -> Answer {
        loop {
            if self.left == 0 {
                self.next = (self.next + 1) % self.searches.len();
                self.left = self.share;
            }
            let (real, start) = (*limits, stats.guesses);
            *limits = real.capped(start.saturating_add(self.left));
            let answer = self.searches[self.next].solve(limits, stats);
            *limits = real.resumed(stats.guesses);
            self.left -= (stats.guesses - start).min(self.left);
            if !matches!(answer, Answer::Budget) || limits.reached(stats.guesses) {
                return answer;
            }
        }
    }
}

/// A CDCL search over the literals "cell `c` holds value `v`" (variable
/// `c * n + v`; literal `2x` for it holding, `2x + 1` for not), with the
/// rules kept natively rather than as clauses: a value taken leaves its
/// cell's other values and its peers (reason: that literal), a cell with
/// one value left takes it, a house with one place left for a value puts
/// it there. Its cells are the ones it holds (`kept`), which are the
/// board's own unless [`Cdcl::without_givens`] left the givens out.
pub(super) struct Cdcl {
    n: usize,
    /// The board's cells this search holds (its cell `i` is board cell
    /// `kept[i]`): all of them, or the open ones ([`Cdcl::without_givens`]).
    kept: Vec<u32>,
    /// The board's givens when the given cells are left out, to put back
    /// in its solutions; empty when every cell is held.
    board: Vec<u16>,
    /// Each cell's peers, laid end to end.
    peers: Vec<u32>,
    peer_at: Vec<u32>,
    /// Each cell's houses, as (house, position in it), laid end to end.
    homes: Vec<(u32, u32)>,
    home_at: Vec<u32>,
    /// The houses' cells, `n` a house ([`OUT`] for a given cell left out).
    houses: Vec<u32>,
    /// Per variable: 1 true, -1 false, 0 open.
    val: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    /// Words of a mask of values or places: one up to 64×64.
    w: usize,
    /// Per cell: its values not ruled out, `w` words a cell (one word a
    /// cell is what the cage sums of `cage.rs` read, killers being up to
    /// 64×64).
    cand: Vec<u64>,
    /// Per (house, value): its places not ruled out, `w` words each.
    places: Vec<u64>,
    /// True literals, oldest first.
    trail: Vec<u32>,
    /// Where each decision level starts on the trail.
    lim: Vec<usize>,
    /// The next trail literal to propagate.
    head: usize,
    clauses: Arena,
    /// Per literal: the clauses watching it, looked at when it turns false,
    /// each with a literal of it (a blocker) that satisfies it when true.
    watches: Watches,
    activity: Vec<f64>,
    bump: f64,
    seen: Vec<bool>,
    /// The true literals of the last conflict.
    conflict: Vec<u32>,
    learnts: usize,
    reduce_at: usize,
    /// A killer's cage sums, none on layouts of houses alone.
    sums: cage::Sums,
    /// The restart schedule (Luby pair, conflicts in this run), kept when
    /// [`Cdcl::solve`] stops at its budget, so that a search resumed in
    /// turns takes the path of one run straight through; reset by
    /// [`Cdcl::block`].
    runs: ((u64, u64), u64),
    /// The open variables by activity when decisions follow it
    /// ([`Cdcl::by_activity`]); none when they take a cell of fewest values.
    order: Option<order::Order>,
    /// The root's trail length when [`Cdcl::drop_fixed_peers`] last ran.
    pruned: usize,
}

/// What a mask of `w` words holds: no bit, one (its index), or more.
enum Lone {
    Empty,
    One(usize),
    Many,
}

/// The word of a mask of `W` words (0: any number) that holds bit `i`:
/// always the first for one word, where `i` is below 64.
#[inline(always)]
fn word<const W: usize>(i: usize) -> usize {
    if W == 1 { 0 } else { i / 64 }
}

/// [`lone`] of the mask of `w` words at `at` in `words`, one word read
/// alone when `W` is 1.
#[inline(always)]
fn lone_at<const W: usize>(words: &[u64], at: usize, w: usize) -> Lone {
    if W == 1 {
        match words[at] {
            0 => Lone::Empty,
            x if x & (x - 1) == 0 => Lone::One(x.trailing_zeros() as usize),
            _ => Lone::Many,
        }
    } else {
        lone(&words[at..at + w])
    }
}

/// Whether the mask `words` holds no bit, one or more.
#[inline(always)]
fn lone(words: &[u64]) -> Lone {
    let mut one = None;
    for (k, &x) in words.iter().enumerate() {
        if x == 0 {
            continue;
        }
        if x & (x - 1) != 0 || one.is_some() {
            return Lone::Many;
        }
        one = Some(64 * k + x.trailing_zeros() as usize);
    }
    one.map_or(Lone::Empty, Lone::One)
}

/// The value-precedence symmetry breaking: the house whose open cells fix
/// the order in which interchangeable values first appear.
const PRECEDENCE_HOUSE: usize = 0;

/// A house's place held by a given cell that [`Cdcl::without_givens`]
/// left out.
const OUT: u32 = u32::MAX;

impl Cdcl {
    /// The search of `m`'s layout from `givens`, breaking the symmetry of
    /// the values in `free` (a mask of values the givens leave out).
    pub(super) fn new<M: Mask>(m: &Model<M>, givens: &[u16], free: u64) -> Self {
        Self::build(m, givens, free, false)
    }

    /// As [`Cdcl::new`], holding the open cells alone: each given's value
    /// leaves its peers at the root, and the given stays its value's place
    /// in its houses. Layouts of houses alone (no cage sums): a 144×144
    /// board with 70% of its cells given holds 3.3× fewer variables.
    pub(super) fn without_givens<M: Mask>(m: &Model<M>, givens: &[u16], free: u64) -> Self {
        Self::build(m, givens, free, true)
    }

    /// [`Cdcl::new`], or [`Cdcl::without_givens`] when `drop`.
    fn build<M: Mask>(m: &Model<M>, givens: &[u16], free: u64, drop: bool) -> Self {
        let n = m.n;
        let kept: Vec<u32> = (0..m.cells as u32)
            .filter(|&c| !drop || givens[c as usize] == 0)
            .collect();
        let mut index = vec![OUT; m.cells];
        for (i, &c) in kept.iter().enumerate() {
            index[c as usize] = i as u32;
        }
        let cells = kept.len();
        let (mut peers, mut peer_at) = (Vec::new(), vec![0u32]);
        for &c in &kept {
            m.peers.each(c as usize, |p| {
                if p != c && index[p as usize] != OUT {
                    peers.push(index[p as usize]);
                }
            });
            peer_at.push(peers.len() as u32);
        }
        let (mut homes, mut home_at) = (Vec::new(), vec![0u32]);
        let mut pos = vec![Vec::new(); cells];
        for h in 0..m.house_count() {
            for (i, &c) in m.house(h).iter().enumerate() {
                if index[c as usize] != OUT {
                    pos[index[c as usize] as usize].push((h as u32, i as u32));
                }
            }
        }
        for p in &pos {
            homes.extend_from_slice(p);
            home_at.push(homes.len() as u32);
        }
        let houses: Vec<u32> = (0..m.house_count())
            .flat_map(|h| m.house(h).iter().map(|&c| index[c as usize]))
            .collect();
        let w = n.div_ceil(64);
        // Every value (or place): all ones but past `n` in the last word.
        let full: Vec<u64> = (0..w)
            .map(|k| match n - 64 * k {
                r if r >= 64 => u64::MAX,
                r => (1u64 << r) - 1,
            })
            .collect();
        let vars = cells * n;
        let mut places = full.repeat(m.house_count() * n);
        if drop {
            // A given cell is a place of its own value alone.
            for (h, house) in houses.chunks(n).enumerate() {
                for (i, &c) in house.iter().enumerate() {
                    if c == OUT {
                        let g = usize::from(givens[m.house(h)[i] as usize]) - 1;
                        for v in (0..n).filter(|&v| v != g) {
                            places[(h * n + v) * w + i / 64] &= !(1 << (i % 64));
                        }
                    }
                }
            }
        }
        let mut s = Self {
            n,
            board: if drop { givens.to_vec() } else { Vec::new() },
            kept,
            peers,
            peer_at,
            homes,
            home_at,
            houses,
            val: vec![0; vars],
            level: vec![0; vars],
            reason: vec![Reason::None; vars],
            w,
            cand: full.repeat(cells),
            places,
            trail: Vec::with_capacity(vars),
            lim: Vec::new(),
            head: 0,
            clauses: Arena::default(),
            watches: Watches::new(2 * vars, w == 1),
            activity: vec![0.0; vars],
            bump: 1.0,
            seen: vec![false; vars],
            conflict: Vec::new(),
            learnts: 0,
            reduce_at: REDUCE_FIRST,
            sums: cage::Sums::default(),
            runs: ((1, 1), 0),
            order: None,
            pruned: 0,
        };
        for (c, &g) in givens.iter().enumerate() {
            if g == 0 {
                continue;
            }
            let v = usize::from(g) - 1;
            if !drop {
                if !s.set(2 * (c * n + v) as u32, Reason::None) {
                    s.conflict.push(u32::MAX);
                }
                continue;
            }
            // Left out: its value leaves its peers; two givens alike fail.
            let mut ok = true;
            m.peers.each(c, |p| match index[p as usize] {
                OUT => ok &= p as usize == c || givens[p as usize] != g,
                i => ok &= s.set(2 * (i as usize * n + v) as u32 + 1, Reason::None),
            });
            if !ok {
                s.conflict.push(u32::MAX);
            }
        }
        s.precedence(free);
        s
    }

    /// This search deciding the most active open literal true, as SAT
    /// solvers branch, rather than a value of a cell of fewest values:
    /// proofs of no solution take far fewer conflicts, first solutions
    /// of sparse layouts often more (record 0040).
    pub(super) fn by_activity(mut self) -> Self {
        self.order = Some(order::Order::new(self.val.len()));
        self
    }

    /// Adds value precedence for the values of `free` along the open cells
    /// of one house: the k-th free value stands in a cell only if the
    /// (k-1)-th stands in an earlier one. Any solution has a relabelling
    /// of the free values that keeps it, so solvability is unchanged.
    fn precedence(&mut self, free: u64) {
        let n = self.n;
        if free.count_ones() < 2 || self.houses.is_empty() {
            return;
        }
        let values: Vec<usize> = (0..n).filter(|&v| free >> v & 1 != 0).collect();
        let house = self.houses[PRECEDENCE_HOUSE * n..(PRECEDENCE_HOUSE + 1) * n].to_vec();
        let open: Vec<usize> = house
            .iter()
            .filter(|&&c| c != OUT)
            .map(|&c| c as usize)
            .filter(|&c| !(0..n).any(|v| self.val[c * n + v] == 1))
            .collect();
        for (i, &c) in open.iter().enumerate() {
            for k in 1..values.len() {
                let mut lits = vec![2 * (c * n + values[k]) as u32 + 1];
                lits.extend(
                    open[..i]
                        .iter()
                        .map(|&d| 2 * (d * n + values[k - 1]) as u32),
                );
                if lits.len() == 1 {
                    if !self.set(lits[0], Reason::None) {
                        self.conflict.push(u32::MAX);
                    }
                } else {
                    self.attach(lits, 0, false);
                }
            }
        }
    }

    /// The value of literal `lit`: 1 true, -1 false, 0 open.
    #[inline(always)]
    fn value(&self, lit: u32) -> i8 {
        let v = self.val[(lit >> 1) as usize];
        if lit & 1 == 0 { v } else { -v }
    }

    /// The current decision level.
    fn decision_level(&self) -> u32 {
        self.lim.len() as u32
    }

    /// Makes `lit` true for `reason`; false when it is false already.
    #[inline]
    fn set(&mut self, lit: u32, reason: Reason) -> bool {
        match self.value(lit) {
            1 => true,
            -1 => false,
            _ => {
                self.enqueue(lit, reason);
                true
            }
        }
    }

    /// Makes open `lit` true for `reason`, ruling its value out of the
    /// cell's and the houses' masks when it says a cell lacks a value.
    #[inline]
    fn enqueue(&mut self, lit: u32, reason: Reason) {
        let x = (lit >> 1) as usize;
        self.val[x] = if lit & 1 == 0 { 1 } else { -1 };
        self.level[x] = self.decision_level();
        self.reason[x] = reason;
        self.trail.push(lit);
        if lit & 1 != 0 {
            self.flip(x);
        }
    }

    /// Flips variable `x`'s bit in its cell's mask and in its houses'
    /// place masks: clears it when the value is ruled out, sets it back
    /// when that is undone.
    #[inline(always)]
    fn flip(&mut self, x: usize) {
        if self.w == 1 {
            self.flip_in::<1>(x);
        } else {
            self.flip_in::<0>(x);
        }
    }

    /// [`Cdcl::flip`] with masks of `W` words (0: `w`, read at run time).
    #[inline(always)]
    fn flip_in<const W: usize>(&mut self, x: usize) {
        let (n, w) = (self.n, self.words::<W>());
        let (c, v) = (x / n, x % n);
        self.cand[c * w + word::<W>(v)] ^= 1 << (v % 64);
        for &(h, i) in &self.homes[self.home_at[c] as usize..self.home_at[c + 1] as usize] {
            let i = i as usize;
            self.places[(h as usize * n + v) * w + word::<W>(i)] ^= 1 << (i % 64);
        }
    }

    /// Undoes every level past `level`.
    fn cancel_until(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let to = self.lim[level as usize];
        self.sums_cancel(to);
        for k in (to..self.trail.len()).rev() {
            let lit = self.trail[k];
            let x = (lit >> 1) as usize;
            self.val[x] = 0;
            if lit & 1 != 0 {
                self.flip(x);
            }
            if let Some(order) = &mut self.order {
                order.insert(x, &self.activity);
            }
        }
        self.trail.truncate(to);
        self.lim.truncate(level as usize);
        self.head = to;
    }

    /// Propagates the trail to a fixpoint, the rules first, then the cage
    /// sums of a killer; false on a conflict, whose true literals are left
    /// in `conflict`.
    fn propagate(&mut self) -> bool {
        loop {
            if !self.propagate_rules() {
                return false;
            }
            match self.sums_step() {
                None => return true,
                Some(true) => {}
                Some(false) => return false,
            }
        }
    }

    /// The words of a mask: `W`, or with 0, `w` (boards past 64×64): one
    /// word is a constant, so boards up to 64×64 pay nothing for the rest.
    #[inline(always)]
    fn words<const W: usize>(&self) -> usize {
        if W == 0 { self.w } else { W }
    }

    /// Propagates the trail by the pairwise rules and houses to a fixpoint;
    /// false on a conflict, whose true literals are left in `conflict`.
    fn propagate_rules(&mut self) -> bool {
        if self.w == 1 {
            self.propagate_in::<1>()
        } else {
            self.propagate_in::<0>()
        }
    }

    /// [`Cdcl::propagate_rules`] with masks of `W` words (0: `w`).
    fn propagate_in<const W: usize>(&mut self) -> bool {
        let (n, w) = (self.n, self.words::<W>());
        while self.head < self.trail.len() {
            let t = self.trail[self.head];
            self.head += 1;
            let x = (t >> 1) as usize;
            let (c, v) = (x / n, x % n);
            if t & 1 == 0 {
                // The cell's other values, and the value in its peers.
                for k in 0..w {
                    let mut others = self.cand[c * w + k];
                    if k == word::<W>(v) {
                        others &= !(1 << (v % 64));
                    }
                    while others != 0 {
                        let y = c * n + 64 * k + others.trailing_zeros() as usize;
                        others &= others - 1;
                        if self.val[y] == 1 {
                            self.conflict.clear();
                            self.conflict.extend([t, 2 * y as u32]);
                            return false;
                        }
                        self.enqueue(2 * y as u32 + 1, Reason::Lit(t));
                    }
                }
                for k in self.peer_at[c] as usize..self.peer_at[c + 1] as usize {
                    let y = self.peers[k] as usize * n + v;
                    match self.val[y] {
                        0 => self.enqueue(2 * y as u32 + 1, Reason::Lit(t)),
                        1 => {
                            self.conflict.clear();
                            self.conflict.extend([t, 2 * y as u32]);
                            return false;
                        }
                        _ => {}
                    }
                }
            } else {
                match lone_at::<W>(&self.cand, c * w, w) {
                    Lone::Empty => {
                        self.conflict.clear();
                        self.conflict
                            .extend((0..n).map(|u| 2 * (c * n + u) as u32 + 1));
                        return false;
                    }
                    Lone::One(u) => {
                        let y = c * n + u;
                        if self.val[y] == 0 {
                            self.enqueue(2 * y as u32, Reason::Cell);
                        }
                    }
                    Lone::Many => {}
                }
                for j in self.home_at[c] as usize..self.home_at[c + 1] as usize {
                    let h = self.homes[j].0 as usize;
                    let at = (h * n + v) * w;
                    match lone_at::<W>(&self.places, at, w) {
                        Lone::Empty => {
                            self.conflict.clear();
                            let house = &self.houses[h * n..(h + 1) * n];
                            self.conflict.extend(
                                house
                                    .iter()
                                    .filter(|&&p| p != OUT)
                                    .map(|&p| 2 * (p as usize * n + v) as u32 + 1),
                            );
                            return false;
                        }
                        Lone::One(i) => {
                            // A given left out holds the value already.
                            let p = self.houses[h * n + i];
                            let y = p as usize * n + v;
                            if p != OUT && self.val[y] == 0 {
                                self.enqueue(2 * y as u32, Reason::House(h as u32));
                            }
                        }
                        Lone::Many => {}
                    }
                }
            }
            if !self.watched(t ^ 1) {
                return false;
            }
        }
        true
    }

    /// Visits the clauses watching `false_lit`, which just turned false:
    /// each finds another literal to watch, or implies its other watched
    /// one, or is a conflict (false then).
    #[inline(always)]
    fn watched(&mut self, false_lit: u32) -> bool {
        let mut list = self.watches.take(false_lit);
        let (mut i, mut j) = (0, 0);
        let mut ok = true;
        while i < list.len() {
            let (ci, blocker) = list[i];
            i += 1;
            // A true blocker satisfies the clause without reading it.
            if self.value(blocker) == 1 {
                list[j] = (ci, blocker);
                j += 1;
                continue;
            }
            let lits = self.clauses.lits_mut(ci);
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let v0 = {
                let v = self.val[(first >> 1) as usize];
                if first & 1 == 0 { v } else { -v }
            };
            if v0 == 1 {
                list[j] = (ci, first);
                j += 1;
                continue;
            }
            // Another literal not false to watch.
            let mut moved = false;
            for k in 2..lits.len() {
                let l = lits[k];
                let v = self.val[(l >> 1) as usize];
                let v = if l & 1 == 0 { v } else { -v };
                if v != -1 {
                    lits.swap(1, k);
                    self.watches.push(l, (ci, first));
                    moved = true;
                    break;
                }
            }
            if moved {
                continue;
            }
            list[j] = (ci, first);
            j += 1;
            if v0 == -1 {
                self.conflict.clear();
                let lits = self.clauses.lits(ci);
                self.conflict.extend(lits.iter().map(|&l| l ^ 1));
                ok = false;
                while i < list.len() {
                    list[j] = list[i];
                    j += 1;
                    i += 1;
                }
                break;
            }
            self.enqueue(first, Reason::Clause(ci));
        }
        list.truncate(j);
        self.watches.put(false_lit, list);
        ok
    }

    /// Pushes to `out` the true literals that implied variable `x`.
    fn reasons(&self, x: usize, out: &mut Vec<u32>) {
        let n = self.n;
        let (c, v) = (x / n, x % n);
        match self.reason[x] {
            Reason::None => {}
            Reason::Lit(t) => out.push(t),
            Reason::Cell => out.extend(
                (0..n)
                    .filter(|&w| w != v)
                    .map(|w| 2 * (c * n + w) as u32 + 1),
            ),
            Reason::House(h) => {
                let house = &self.houses[h as usize * n..(h as usize + 1) * n];
                out.extend(
                    house
                        .iter()
                        .filter(|&&p| p as usize != c && p != OUT)
                        .map(|&p| 2 * (p as usize * n + v) as u32 + 1),
                );
            }
            Reason::Clause(ci) => {
                out.extend(self.clauses.lits(ci)[1..].iter().map(|&l| l ^ 1));
            }
            Reason::Sum(at) => out.extend_from_slice(self.sum_reason(at)),
        }
    }

    /// Bumps variable `x`'s activity.
    fn bump_var(&mut self, x: usize) {
        self.activity[x] += self.bump;
        if let Some(order) = &mut self.order {
            order.raised(x, &self.activity);
        }
        if self.activity[x] > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.bump *= 1e-100;
        }
    }

    /// First-UIP analysis of the conflict: the learned clause (its
    /// asserting literal first, a literal of the level to jump to second)
    /// and that level.
    fn analyze(&mut self) -> (Vec<u32>, u32) {
        let level = self.decision_level();
        let mut learnt = vec![0u32];
        let mut pending = 0;
        let mut lits = std::mem::take(&mut self.conflict);
        let mut buf = Vec::new();
        let mut k = self.trail.len();
        let uip;
        loop {
            for &t in &lits {
                let x = (t >> 1) as usize;
                if self.seen[x] || self.level[x] == 0 {
                    continue;
                }
                self.seen[x] = true;
                self.bump_var(x);
                if self.level[x] == level {
                    pending += 1;
                } else {
                    learnt.push(t ^ 1);
                }
            }
            // The newest seen literal of this level.
            loop {
                k -= 1;
                if self.seen[(self.trail[k] >> 1) as usize] {
                    break;
                }
            }
            let t = self.trail[k];
            let x = (t >> 1) as usize;
            self.seen[x] = false;
            pending -= 1;
            if pending == 0 {
                uip = t;
                break;
            }
            buf.clear();
            self.reasons(x, &mut buf);
            std::mem::swap(&mut lits, &mut buf);
        }
        learnt[0] = uip ^ 1;
        // Drops literals whose reasons are all in the clause already.
        let mut keep = vec![learnt[0]];
        for &l in &learnt[1..] {
            let x = (l >> 1) as usize;
            buf.clear();
            self.reasons(x, &mut buf);
            let implied = !matches!(self.reason[x], Reason::None)
                && buf.iter().all(|&t| {
                    let y = (t >> 1) as usize;
                    self.seen[y] || self.level[y] == 0
                });
            if !implied {
                keep.push(l);
            }
        }
        for &l in &learnt[1..] {
            self.seen[(l >> 1) as usize] = false;
        }
        let mut learnt = keep;
        // The level to jump to: the highest of the rest, second.
        let mut back = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for i in 1..learnt.len() {
                if self.level[(learnt[i] >> 1) as usize] > self.level[(learnt[best] >> 1) as usize]
                {
                    best = i;
                }
            }
            learnt.swap(1, best);
            back = self.level[(learnt[1] >> 1) as usize];
        }
        // Kept for its room, emptied: `solve`, resumed after its budget,
        // reads a conflict left here as one at the root.
        lits.clear();
        self.conflict = lits;
        self.bump /= VAR_DECAY;
        (learnt, back)
    }

    /// Adds clause `lits` (two literals or more), watching its first two.
    fn attach(&mut self, lits: Vec<u32>, lbd: u32, learnt: bool) -> u32 {
        let ci = self.clauses.push(&lits, lbd, learnt);
        self.watches.push(lits[0], (ci, lits[1]));
        self.watches.push(lits[1], (ci, lits[0]));
        if learnt {
            self.learnts += 1;
        }
        ci
    }

    /// The distinct decision levels of `lits`.
    fn lbd(&self, lits: &[u32]) -> u32 {
        let mut levels: Vec<u32> = lits
            .iter()
            .map(|&l| self.level[(l >> 1) as usize])
            .collect();
        levels.sort_small();
        levels.dedup();
        levels.len() as u32
    }

    /// Deletes about half the learned clauses, those of most levels first,
    /// keeping those that are reasons now and those of two levels.
    fn reduce(&mut self) {
        let mut cands: Vec<(u32, usize, u32)> = Vec::new();
        for ci in self.clauses.refs() {
            let (lbd, learnt) = self.clauses.lbd(ci);
            if !learnt || lbd <= 2 {
                continue;
            }
            let lits = self.clauses.lits(ci);
            let x = (lits[0] >> 1) as usize;
            let locked =
                self.value(lits[0]) == 1 && matches!(self.reason[x], Reason::Clause(r) if r == ci);
            if !locked {
                cands.push((lbd, lits.len(), ci));
            }
        }
        cands.sort_small_by(|a, b| b.cmp(a));
        let mut gone: Vec<u32> = cands[..cands.len() / 2].iter().map(|c| c.2).collect();
        gone.sort_small();
        self.learnts -= gone.len();
        // The kept clauses, moved up: each reason that names one follows it.
        let mut kept = Arena::default();
        let mut moved = Vec::new();
        for ci in self.clauses.refs() {
            if gone.binary_search(&ci).is_err() {
                let (lbd, learnt) = self.clauses.lbd(ci);
                moved.push((ci, kept.push(self.clauses.lits(ci), lbd, learnt)));
            }
        }
        for &lit in &self.trail {
            let x = (lit >> 1) as usize;
            if let Reason::Clause(r) = self.reason[x] {
                let i = moved.partition_point(|&(old, _)| old < r);
                self.reason[x] = Reason::Clause(moved[i].1);
            }
        }
        self.clauses = kept;
        self.watches.clear();
        for ci in self.clauses.refs() {
            let lits = self.clauses.lits(ci);
            self.watches.push(lits[0], (ci, lits[1]));
            self.watches.push(lits[1], (ci, lits[0]));
        }
    }

    /// Searches until a solution, a proof that there is none, or the
    /// limits; each decision counts as a guess, each conflict as a backtrack.
    pub(super) fn solve(&mut self, limits: &mut Meter, stats: &mut Stats) -> Answer {
        if !self.conflict.is_empty() || !self.propagate() {
            return Answer::None;
        }
        if self.decision_level() == 0 && self.trail.len() > self.pruned {
            self.drop_fixed_peers();
        }
        let (mut luby, mut run) = self.runs;
        loop {
            if !self.propagate() {
                stats.backtracks += 1;
                run += 1;
                if self.decision_level() == 0 {
                    return Answer::None;
                }
                let (learnt, back) = self.analyze();
                self.cancel_until(back);
                if learnt.len() == 1 {
                    self.enqueue(learnt[0], Reason::None);
                } else {
                    let lbd = self.lbd(&learnt);
                    let first = learnt[0];
                    let ci = self.attach(learnt, lbd, true);
                    self.enqueue(first, Reason::Clause(ci));
                }
                continue;
            }
            if run >= RESTART_UNIT * luby.1 {
                let (u, v) = luby;
                luby = if u & u.wrapping_neg() == v {
                    (u + 1, 1)
                } else {
                    (u, 2 * v)
                };
                run = 0;
                stats.restarts += 1;
                self.cancel_until(0);
                continue;
            }
            if self.learnts >= self.reduce_at + self.trail.len() / 1_000_000 {
                self.reduce();
                self.reduce_at += REDUCE_STEP;
            }
            let lit = if self.order.is_some() {
                self.pick_active()
            } else {
                self.pick_cell()
            };
            let Some(lit) = lit else {
                return Answer::Solved(self.solution());
            };
            if limits.reached(stats.guesses) {
                self.runs = (luby, run);
                return Answer::Budget;
            }
            stats.guesses += 1;
            self.lim.push(self.trail.len());
            self.enqueue(lit, Reason::None);
        }
    }

    /// Drops the cells fixed at the root from every peer list, and empties
    /// their own: their values have left their peers for good, so a literal
    /// set true would only read them. On a 144×144 board with 70% of its
    /// cells given, 2.3× less time (record 0041).
    fn drop_fixed_peers(&mut self) {
        let (n, w) = (self.n, self.w);
        let fixed: Vec<bool> = (0..self.cand.len() / w)
            .map(|c| match lone(&self.cand[c * w..(c + 1) * w]) {
                Lone::One(u) => self.val[c * n + u] == 1,
                _ => false,
            })
            .collect();
        let (mut from, mut kept) = (0, 0);
        for (c, &fixed_c) in fixed.iter().enumerate() {
            let end = self.peer_at[c + 1] as usize;
            for k in from..end {
                let p = self.peers[k];
                if !fixed_c && !fixed[p as usize] {
                    self.peers[kept] = p;
                    kept += 1;
                }
            }
            from = end;
            self.peer_at[c + 1] = kept as u32;
        }
        self.peers.truncate(kept);
        self.pruned = self.trail.len();
    }

    /// The board's values, every variable set: the givens left out, and
    /// each held cell's true literal (0 where none is, never in a solution).
    fn solution(&self) -> Vec<u16> {
        let n = self.n;
        let mut values = if self.board.is_empty() {
            vec![0; self.kept.len()]
        } else {
            self.board.clone()
        };
        for (c, &b) in self.kept.iter().enumerate() {
            values[b as usize] = (0..n)
                .find(|&v| self.val[c * n + v] == 1)
                .map_or(0, |v| v as u16 + 1);
        }
        values
    }

    /// Rules out the solution `values` (of the board) for good, as a
    /// clause of the cells not fixed at the root; false when none is left
    /// to differ.
    pub(super) fn block(&mut self, values: &[u16]) -> bool {
        self.cancel_until(0);
        self.runs = ((1, 1), 0);
        self.conflict.clear();
        let n = self.n;
        let lits: Vec<u32> = self
            .kept
            .iter()
            .map(|&b| values[b as usize])
            .enumerate()
            .map(|(c, v)| 2 * (c * n + usize::from(v) - 1) as u32 + 1)
            .filter(|&l| self.value(l) == 0)
            .collect();
        match lits.len() {
            0 => false,
            1 => {
                self.enqueue(lits[0], Reason::None);
                true
            }
            _ => {
                self.attach(lits, 0, false);
                true
            }
        }
    }

    /// The literals set when the search stopped (the trail's length).
    pub(super) fn assignments(&self) -> u64 {
        self.trail.len() as u64
    }

    /// The open cell with the fewest values left, ties to the most active
    /// one (its values' highest activity), and its most active value (the
    /// least active took more CPU, record 0031).
    fn pick_cell(&self) -> Option<u32> {
        if self.w > 1 {
            return self.pick_in::<0>();
        }
        // One word a mask: as `pick_in`, which took 14% more instructions
        // on minimal 16×16 jigsaws.
        let n = self.n;
        let mut fewest = u32::MAX;
        for c in 0..self.cand.len() {
            let k = self.cand[c];
            if k & (k - 1) == 0 && self.val[c * n + k.trailing_zeros() as usize] == 1 {
                continue;
            }
            fewest = fewest.min(k.count_ones());
        }
        if fewest == u32::MAX {
            return None;
        }
        let mut best: Option<(f64, usize)> = None;
        for c in 0..self.cand.len() {
            let k = self.cand[c];
            if k.count_ones() != fewest
                || (k & (k - 1) == 0 && self.val[c * n + k.trailing_zeros() as usize] == 1)
            {
                continue;
            }
            let mut a = 0.0f64;
            let mut m = k;
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                a = a.max(self.activity[c * n + v]);
            }
            if best.is_none_or(|b| a > b.0) {
                best = Some((a, c));
            }
        }
        let (_, c) = best?;
        let mut m = self.cand[c];
        let mut pick = (f64::NAN, 0usize);
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            let a = self.activity[c * n + v];
            if pick.0.is_nan() || a > pick.0 {
                pick = (a, v);
            }
        }
        Some(2 * (c * n + pick.1) as u32)
    }

    /// The most active open literal, as true; `None` when every variable
    /// is set (a solution). With [`Cdcl::by_activity`] only. The set
    /// variables above it leave the order; it stays until it is set and
    /// popped, so that the order holds every open variable even when the
    /// search stops at its budget before deciding it.
    fn pick_active(&mut self) -> Option<u32> {
        let order = self.order.as_mut()?;
        while let Some(x) = order.top() {
            if self.val[x] == 0 {
                return Some(2 * x as u32);
            }
            order.pop(&self.activity);
        }
        None
    }

    /// [`Cdcl::pick_cell`] with masks of `W` words (0: `w`).
    fn pick_in<const W: usize>(&self) -> Option<u32> {
        let (n, w) = (self.n, self.words::<W>());
        let cells = self.cand.len() / w;
        // A cell's values left, 0 when it holds one (placed).
        let left = |c: usize| -> u32 {
            let k = &self.cand[c * w..(c + 1) * w];
            match lone(k) {
                Lone::One(v) if self.val[c * n + v] == 1 => 0,
                _ => k.iter().map(|x| x.count_ones()).sum(),
            }
        };
        // The fewest values of an open cell first: only its cells' values'
        // activities are read then.
        let mut fewest = u32::MAX;
        for c in 0..cells {
            let k = left(c);
            if k > 0 {
                fewest = fewest.min(k);
            }
        }
        if fewest == u32::MAX {
            return None;
        }
        // The highest activity of a value left in cell `c`, and that value.
        let most = |c: usize| {
            let mut pick = (f64::NAN, 0usize);
            for k in 0..w {
                let mut m = self.cand[c * w + k];
                while m != 0 {
                    let v = 64 * k + m.trailing_zeros() as usize;
                    m &= m - 1;
                    let a = self.activity[c * n + v];
                    if pick.0.is_nan() || a > pick.0 {
                        pick = (a, v);
                    }
                }
            }
            pick
        };
        let mut best: Option<(f64, usize)> = None;
        for c in 0..cells {
            if left(c) != fewest {
                continue;
            }
            let a = most(c).0;
            if best.is_none_or(|b| a > b.0) {
                best = Some((a, c));
            }
        }
        let (_, c) = best?;
        Some(2 * (c * n + most(c).1) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::{Answer, Cdcl, Learner};
    use crate::engine::limits::Meter;
    use crate::engine::outcome::Count;
    use crate::engine::outcome::Stop;
    use crate::engine::reference::Reference;
    use crate::engine::stats::Stats;
    use crate::engine::variant::mask::{Mask, Wide};
    use crate::engine::variant::model::Model;
    use crate::engine::variant::propagate::compile;
    use crate::engine::variant::search::{Learned, Search};
    use crate::engine::variant::state::State;
    use crate::generate::VariantGenerator;
    use crate::model::puzzle::Puzzle;
    use crate::model::rules::{ChessRule, Rules};
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    /// Searches `givens` under `rules` on the path past 64×64 (`Wide<2>`
    /// masks) within `max_nodes` guesses, learning from the `handoff`-th
    /// failure (`u64::MAX`: never), until `want` solutions: how it
    /// stopped, its statistics and the solutions shown.
    fn big_run(
        rules: &Rules,
        givens: &[u16],
        handoff: u64,
        max_nodes: u64,
        want: usize,
    ) -> (Stop, Stats, Vec<Vec<u16>>) {
        let (m, constraints) = compile::<Wide<2>>(rules);
        let (mut st, mut frames, mut stats) = (State::new(&m), Vec::new(), Stats::default());
        let mut learned = Learned::new(m.cells, false);
        learned.big_handoff = handoff;
        let mut search = Search {
            m: &m,
            constraints: &constraints,
            st: &mut st,
            frames: &mut frames,
            limits: Meter::new(max_nodes, None, 256),
            stats: &mut stats,
            rng: None,
            learned,
        };
        let mut found = Vec::new();
        let stop = search.run(givens, |st| {
            found.push(
                (0..m.cells)
                    .map(|c| st.cand(c).first() as u16 + 1)
                    .collect(),
            );
            found.len() < want
        });
        (stop, stats, found)
    }

    /// An 81×81 grid off the pattern family (the generator's mixed grid
    /// of `seed`) with about `keep`% of its cells kept: (the grid, the givens).
    fn kept(seed: u64, keep: u64) -> (Rules, Vec<u16>, Vec<u16>) {
        let rules = Rules::boxes(9, 9).unwrap();
        let grid = VariantGenerator::start_grid(&rules, seed, 81 * 81).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(1);
        let grid: Vec<u16> = grid.cells().to_vec();
        let givens = grid
            .iter()
            .map(|&v| if rng.next_u64() % 100 < keep { v } else { 0 })
            .collect();
        (rules, grid, givens)
    }

    /// Whether `values` completes `givens` under `rules`.
    fn completes(rules: &Rules, givens: &[u16], values: &[u16]) -> bool {
        rules.check(values).is_ok() && givens.iter().zip(values).all(|(&g, &v)| g == 0 || g == v)
    }

    /// `grid` with values `a` and `b` swapped on the cells that hold them
    /// and are linked to `from` (a cell holding one), house by house, the
    /// two cells of each house that hold them: another solution grid.
    fn chain_swap(rules: &Rules, grid: &[u16], from: usize, a: u16, b: u16) -> Vec<u16> {
        let (m, _) = compile::<Wide<2>>(rules);
        let mut swapped = grid.to_vec();
        let mut todo = vec![from];
        let mut seen = vec![false; grid.len()];
        seen[from] = true;
        while let Some(c) = todo.pop() {
            swapped[c] = if grid[c] == a { b } else { a };
            for h in 0..m.house_count() {
                let house = m.house(h);
                if house.contains(&(c as u32)) {
                    for &p in house {
                        let p = p as usize;
                        if (grid[p] == a || grid[p] == b) && !seen[p] {
                            seen[p] = true;
                            todo.push(p);
                        }
                    }
                }
            }
        }
        swapped
    }

    /// Past 64×64, learning solves a board the plain search (probing from
    /// its first failure) gives up on: an 81×81 mixed grid with 65% of its
    /// cells kept, which the plain search leaves unsolved after 300
    /// guesses (86 failures), is solved and counted to two by learning
    /// from the first failure within 10,000 guesses (2,640, with 828
    /// conflicts), the two solutions distinct and each keeping the givens
    /// and the rules.
    #[test]
    fn learning_solves_a_big_board_the_plain_search_gives_up_on() {
        let (rules, _, givens) = kept(5, 65);
        let (stop, stats, found) = big_run(&rules, &givens, u64::MAX, 300, 1);
        assert!(
            matches!(stop, Stop::Budget) && found.is_empty(),
            "the plain search solved it: {stats}"
        );
        let (stop, stats, found) = big_run(&rules, &givens, 1, 10_000, 2);
        assert!(
            matches!(stop, Stop::Enough),
            "not solved by learning: {stats}"
        );
        assert!(stats.restarts > 0, "learning never ran: {stats}");
        assert_eq!(found.len(), 2);
        assert_ne!(found[0], found[1], "a solution shown twice");
        for values in &found {
            assert!(completes(&rules, &givens, values), "a wrong solution");
        }
    }

    /// Past 64×64, learning counts as the plain search does, and finds a
    /// planted second solution. On an 81×81 mixed grid with a chain of two
    /// values past 64 (in the masks' second word) swapped and its cells
    /// blank, learning from the start (no plain phase) shows the same
    /// solutions as the plain search, the grid and the swap among them.
    #[test]
    fn learning_counts_past_64_as_the_plain_search() {
        let (rules, grid, _) = kept(5, 100);
        let mut planted = vec![grid.clone()];
        let mut givens = grid.clone();
        let (a, b) = (70, 75);
        let from = grid.iter().position(|&v| v == a).unwrap();
        let swapped = chain_swap(&rules, &grid, from, a, b);
        assert!(completes(&rules, &[], &swapped));
        for (g, (&x, &y)) in givens.iter_mut().zip(grid.iter().zip(&swapped)) {
            if x != y {
                *g = 0;
            }
        }
        planted.push(swapped);
        let (stop, _, mut want) = big_run(&rules, &givens, u64::MAX, 100_000, 1000);
        assert!(matches!(stop, Stop::Exhausted));
        let (stop, learnt, mut found) = big_run(&rules, &givens, 0, 100_000, 1000);
        assert!(matches!(stop, Stop::Exhausted));
        assert!(learnt.backtracks > 0, "learning never failed: {learnt}");
        for values in &found {
            assert!(completes(&rules, &givens, values), "a wrong solution");
        }
        want.sort_unstable();
        found.sort_unstable();
        assert_eq!(found.len(), want.len(), "learning counted otherwise");
        assert_eq!(found, want);
        assert!(
            planted.iter().all(|p| found.contains(p)),
            "a planted grid missed"
        );
    }

    /// Learning stopped at its budget every few decisions and resumed
    /// takes the path of one search straight through, its restart
    /// schedule kept (`Cdcl::runs`): the same answer, decisions, conflicts
    /// and restarts. On 9×9 boxes with diagonals and a chess rule and a few
    /// random givens (hundreds of conflicts, dozens of restarts in all).
    #[test]
    fn resumed_learning_takes_the_path_of_one_run() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x137);
        let (mut restarts, mut solved, mut proofs) = (0, 0, 0);
        for k in 0..24 {
            let chess = [ChessRule::AntiKnight, ChessRule::AntiKing][k % 2];
            let rules = Rules::boxes(3, 3)
                .unwrap()
                .with_diagonals()
                .with_chess(chess);
            let m = Model::<u64>::new(&rules);
            let mut givens = vec![0u16; 81];
            for _ in 0..3 + rng.next_u64() % 4 {
                let c = (rng.next_u64() % 81) as usize;
                givens[c] = (rng.next_u64() % 9) as u16 + 1;
            }
            let mut straight = Stats::default();
            let mut limits = Meter::new(u64::MAX, None, 1);
            let want = Cdcl::new(&m, &givens, 0).solve(&mut limits, &mut straight);
            let step = 1 + rng.next_u64() % 8;
            let mut cdcl = Cdcl::new(&m, &givens, 0);
            let mut resumed = Stats::default();
            let got = loop {
                let mut limits = Meter::new(resumed.guesses.saturating_add(step), None, 1);
                match cdcl.solve(&mut limits, &mut resumed) {
                    Answer::Budget => {}
                    answer => break answer,
                }
            };
            match (&want, &got) {
                (Answer::Solved(a), Answer::Solved(b)) => {
                    assert_eq!(a, b, "another solution");
                    solved += 1;
                }
                (Answer::None, Answer::None) => proofs += 1,
                _ => panic!("another answer on {givens:?}"),
            }
            assert_eq!(
                (straight.guesses, straight.backtracks, straight.restarts),
                (resumed.guesses, resumed.backtracks, resumed.restarts),
                "another path on {givens:?}"
            );
            restarts += straight.restarts;
        }
        assert!(
            restarts >= 20 && solved >= 3 && proofs >= 3,
            "{restarts} restarts, {solved} solved, {proofs} proofs"
        );
    }

    /// Every solution, enumerated by learning with a blocking clause after
    /// each, is found: so no learned clause ever cut one. Checked against
    /// the reference's count on 6×6 layouts with chess rules and a few
    /// givens of a planted grid (up to 300 solutions each, thousands of
    /// conflicts in all), deciding by cells, by activity, or both in
    /// turns of a few decisions.
    #[test]
    fn learning_enumerates_every_solution() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x1ea2);
        let (mut checked, mut conflicts) = (0, 0);
        for _ in 0..120 {
            let mut rules = Rules::boxes(2, 3).unwrap();
            if rng.next_u64().is_multiple_of(2) {
                rules = rules.with_diagonal(rng.next_u64().is_multiple_of(2));
            }
            let chess = [ChessRule::AntiKnight, ChessRule::AntiKing];
            if rng.next_u64().is_multiple_of(2) {
                rules = rules.with_chess(chess[(rng.next_u64() % 2) as usize]);
            }
            let empty = Puzzle::from_cells(rules.clone(), &[0; 36]).unwrap();
            let Some(grid) = Reference::new().solve_variant(&empty).solution() else {
                continue;
            };
            let mut givens = vec![0u16; 36];
            for _ in 0..4 + rng.next_u64() % 6 {
                let c = (rng.next_u64() % 36) as usize;
                givens[c] = grid.cells()[c];
            }
            let puzzle = Puzzle::from_cells(rules.clone(), &givens).unwrap();
            let Count::Exact(want) = Reference::new().count_variant(&puzzle, 301) else {
                continue;
            };
            let m = Model::<u64>::new(&rules);
            let mut cdcl = match rng.next_u64() % 4 {
                0 => Learner::single(Cdcl::new(&m, &givens, 0)),
                1 => Learner::single(Cdcl::new(&m, &givens, 0).by_activity()),
                2 => Learner::single(Cdcl::without_givens(&m, &givens, 0).by_activity()),
                _ => {
                    let mut both = Learner::new(&m, &givens, 0);
                    both.share = 1 + rng.next_u64() % 5;
                    both.left = both.share;
                    both
                }
            };
            let mut stats = Stats::default();
            // Half the searches stop every few decisions and resume.
            let step = if rng.next_u64().is_multiple_of(2) {
                1 + rng.next_u64() % 8
            } else {
                u64::MAX
            };
            let mut found = Vec::new();
            loop {
                let mut limits = Meter::new(stats.guesses.saturating_add(step), None, 1);
                let values = match cdcl.solve(&mut limits, &mut stats) {
                    Answer::Solved(values) => values,
                    Answer::Budget => continue,
                    Answer::None => break,
                };
                assert!(
                    rules.check(&values).is_ok(),
                    "a learned solution breaks a rule"
                );
                assert!(values.iter().all(|&v| v > 0), "a cell left open");
                assert!(values.iter().zip(&givens).all(|(v, g)| *g == 0 || v == g));
                assert!(!found.contains(&values), "a solution shown twice");
                found.push(values.clone());
                if !cdcl.block(&values) {
                    break;
                }
            }
            assert_eq!(found.len(), want, "{givens:?} on {rules:?}");
            checked += 1;
            conflicts += stats.backtracks;
        }
        assert!(
            checked >= 20 && conflicts >= 1000,
            "{checked} puzzles, {conflicts} conflicts"
        );
    }
}
