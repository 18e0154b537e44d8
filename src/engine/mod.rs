//! The fast engine: [`Solver`], an iterative search over candidate bitmasks with singles propagation and an undo trail.
//!
//! The general engine keeps every candidate mask in a `u64`, whatever the size.
//! Masks as narrow as the size allows (`u16` up to 16×16, `u32` for 25×25)
//! were measured and cost as much or more: the same nodes, and under callgrind
//! 2–4% more instructions on the 16×16 sets (tarek_tough_206,
//! blue_ultimate_15, kaggle_3000) and on 4×4, the same count on 25×25, where
//! the smaller footprint only saves D1 misses that were already under 0.05%
//! of data accesses. Timed runs were within noise. One width costs nothing.

mod alldiff;
mod frame;
mod nine;
mod state;

use crate::board::Board;
use crate::outcome::{Count, Outcome, Stop};
use frame::{Branch, Frame, NONE, ProbeScratch, choose, choose_weighted, probe};
use state::{Geometry, State};

/// Counters from the last search, a difficulty signal for puzzle tools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Stats {
    /// Choices tried at branch points (guesses). Zero means singles alone solved it.
    pub guesses: u64,
    /// Choices that led to a contradiction, or were exhausted, and were undone.
    pub backtracks: u64,
    /// Assignments made by propagation, givens and guesses included.
    pub propagations: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Times the search started over from the root (see [`Solver::with_seed`]).
    pub restarts: u64,
}

/// A reusable solver for boards of one size.
///
/// It owns its scratch space (candidate masks, the undo trail, the frame stack),
/// so solving a batch with one `Solver` allocates nothing per puzzle.
///
/// # How it searches
///
/// Each frame of an explicit stack is one decision. A step either tries the top
/// frame's next choice and propagates until nothing changes, or, when the frame
/// has no choice left, pops it and goes back to the frame below. Popping the last
/// frame means the search is over. A choice that fails is also ruled out for the
/// rest of its frame (eliminated and propagated), so later choices see what the
/// failure proved; counting is the same loop, going on after each solution as if
/// it had failed.
///
/// The stack is a `Vec` of small frames rather than the call stack because a
/// 64×64 search can be thousands of decisions deep, and because an explicit
/// stack lets the loop stop on a budget, count solutions and start over without
/// unwinding anything.
///
/// There are two engines ([`Engine`]), both of that shape:
///
/// - **9×9**: one 27-bit word per digit and band. Table lookups check a digit's
///   whole band (and stack) against the six ways it can sit there, which gives
///   hidden singles and locked candidates in rows, columns and boxes at once;
///   bit-sliced counts give naked singles. A frame saves the 128-byte grid.
/// - **General** (every size): candidate masks per cell and per house-digit,
///   naked and hidden singles, from 16×16 up locked candidates, on 16×16
///   and 25×25 naked and hidden pairs, and on 16×16, 36×36 and 49×49 (on
///   64×64 from a search's first restart) full all-different filtering of
///   each house (every candidate that no completion of the house uses is
///   removed). Every change
///   goes on a trail, so stepping back undoes exactly what the frame did. It
///   branches on the cell with the fewest candidates or the house-digit with the
///   fewest places; it first probes every pair (a two-way cell or
///   house-digit) both ways, rules out what fails or what both ways
///   eliminate, and branches on the pair that propagates furthest (on
///   64×64 only once a search has restarted; probes propagate singles,
///   on 25×25 locked candidates and pairs as well). From 36×36 up
///   it tries the least constraining value first (on 36×36 and 49×49,
///   of a probed pair, the side whose probe reached less far; on 64×64,
///   from a search's first restart, a house-digit also tries first the
///   place that takes the fewest candidates from other cells). Ties
///   between branch points start from a seeded place, and a search for one
///   solution restarts long runs except on 16×16 and 25×25
///   ([`Solver::with_seed`]); on 36×36 and 49×49 a run is long by its
///   failures, elsewhere by its guesses. From 49×49 up such a search also
///   weighs cells, from its second run (64×64: its first), by the failures
///   met in their houses, and on 64×64 a run that keeps failing goes back
///   up a quarter of its depth and tries again from there.
///
/// ```
/// use ndoku::{Board9, Outcome, Solver};
///
/// let puzzle: Board9 =
///     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
/// let mut solver = Solver::new();
/// let Outcome::Solved(solution) = solver.solve(&puzzle) else { panic!("it has a solution") };
/// assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
/// println!("{solution} after {} guesses", solver.stats().guesses);
/// # Ok::<(), ndoku::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver<const BOX: usize> {
    max_nodes: u64,
    engine: Engine,
    seed: Option<u64>,
    stats: Stats,
    /// Scratch for the 9×9 engine (an empty stack until first used).
    nine: nine::Nine,
    /// Scratch for the general engine, built on first use.
    general: Option<Box<General>>,
    /// Values to try first, one per cell (0: none), in the general engine.
    hint: Vec<u8>,
    /// Whether this solver serves the generator, which keeps the search it
    /// was built on (see [`Solver::for_generation`]).
    generating: bool,
}

/// The general engine's scratch: fixed geometry, candidate state and trail, frames.
#[derive(Clone, Debug)]
struct General {
    geometry: Geometry,
    state: State,
    frames: Vec<Frame>,
    /// Probing scratch.
    probe: ProbeScratch,
    /// Failures charged to each house in this search (from 49×49 up).
    weights: Vec<u32>,
}

/// Which search a [`Solver`] runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The fastest engine for the board size: a specialised one for 9×9, the
    /// general one otherwise.
    #[default]
    Auto,
    /// The general engine, for every size: per-cell and per-house-digit candidate
    /// masks with an undo trail.
    General,
}

impl<const BOX: usize> Solver<BOX> {
    /// A solver with no node budget.
    pub fn new() -> Self {
        let _ = Board::<BOX>::N; // Rejects a BOX outside 2..=8 at compile time.
        Self {
            max_nodes: u64::MAX,
            engine: Engine::Auto,
            seed: None,
            stats: Stats::default(),
            nine: nine::Nine::default(),
            general: None,
            hint: Vec::new(),
            generating: false,
        }
    }

    /// Keeps the search the generator was built and measured on: on 25×25,
    /// probing measures a choice's reach by its trail growth, and from 49×49
    /// up there are no failure weights or partial restarts. Which of the
    /// generator's searches end within their budgets, and the grid its fill
    /// finds, shape the puzzles it makes, which stay as they were; and the
    /// newer measures made generation slower (see `search_general`).
    pub(crate) fn for_generation(mut self) -> Self {
        self.generating = true;
        self
    }

    /// Makes the general engine try, at each branch point, the choice that
    /// agrees with `hint` (a value per cell, row-major; 0 for none) first, so
    /// that solutions close to `hint` are found early. An empty `hint` clears
    /// it. The 9×9 engine ignores it.
    pub(crate) fn set_hint(&mut self, hint: &[u8]) {
        self.hint.clear();
        self.hint.extend_from_slice(hint);
    }

    /// Sets the node budget: each search stops with [`Outcome::GaveUp`] or
    /// [`Count::GaveUp`] once it has tried `max_nodes` choices.
    pub fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = max_nodes;
        self
    }

    /// Randomises tie-breaks between equally good branch points, and the order
    /// in which values are tried, from `seed`.
    ///
    /// Without a seed the general engine (16×16 and up) still breaks ties from
    /// a fixed seed, because always starting from the first cell walks some
    /// sparse boards into a hopeless corner; and when it looks for one solution
    /// (except on 16×16 and 25×25, where it measured worse) it restarts a
    /// search that runs long, a run's share of guesses following the Luby
    /// sequence so the search stays complete. Results are the same on every run either way. Search
    /// times on big boards are heavy-tailed, and a different seed is a different
    /// draw; only a given seed also shuffles the order values are tried in.
    /// Counting more than one solution never restarts.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// Chooses the engine. [`Engine::Auto`], the default, picks the fastest for
    /// the size; the others exist to compare engines and to test one against another.
    pub fn with_engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// The node budget.
    pub fn max_nodes(&self) -> u64 {
        self.max_nodes
    }

    /// Counters from the last search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Finds a solution of `board`, or shows there is none.
    pub fn solve(&mut self, board: &Board<BOX>) -> Outcome<BOX> {
        match self.count_and_solve(board, 1) {
            (Count::GaveUp(_), _) => Outcome::GaveUp,
            (_, Some(solution)) => Outcome::Solved(solution),
            (_, None) => Outcome::Unsolvable,
        }
    }

    /// Counts the solutions of `board`, stopping once it has found `limit`.
    pub fn count(&mut self, board: &Board<BOX>, limit: usize) -> Count {
        if limit == 0 {
            self.stats = Stats::default();
            return Count::AtLeast(0);
        }
        let mut found = 0usize;
        // No solution is kept, so the engine need not write one out.
        let stop = self.search(board, limit == 1, false, |_| {
            found += 1;
            found < limit
        });
        stop.count(found)
    }

    /// Counts the solutions of `board` up to `limit`, as [`Solver::count`] does,
    /// and keeps the first one found: one search answers "is it unique, and
    /// what is the solution" (`limit` 2).
    ///
    /// ```
    /// use ndoku::{Board9, Count, Solver};
    ///
    /// let puzzle: Board9 =
    ///     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
    /// let (count, first) = Solver::new().count_and_solve(&puzzle, 2);
    /// assert_eq!(count, Count::Exact(1));
    /// assert!(first.is_some_and(|s| puzzle.is_completed_by(&s)));
    /// # Ok::<(), ndoku::ParseError>(())
    /// ```
    pub fn count_and_solve(
        &mut self,
        board: &Board<BOX>,
        limit: usize,
    ) -> (Count, Option<Board<BOX>>) {
        if limit == 0 {
            self.stats = Stats::default();
            return (Count::AtLeast(0), None);
        }
        let mut found = 0usize;
        let mut first = None;
        let stop = self.search(board, limit == 1, true, |value| {
            if first.is_none() {
                first = Some(Board::from_checked_cells(value));
            }
            found += 1;
            found < limit
        });
        (stop.count(found), first)
    }

    /// The loop: choose a branch, try its next choice and propagate, step back
    /// when a frame runs out. `on_solution` sees each solution (one value byte
    /// per cell; without `values`, an engine may pass an empty slice instead)
    /// and says whether to go on.
    fn search(
        &mut self,
        board: &Board<BOX>,
        first_only: bool,
        values: bool,
        mut on_solution: impl FnMut(&[u8]) -> bool,
    ) -> Stop {
        if BOX == 3 && self.engine == Engine::Auto {
            self.stats = Stats::default();
            return self.nine.search(
                board.as_bytes(),
                self.max_nodes,
                &mut self.stats,
                values,
                &mut on_solution,
            );
        }
        self.search_general(board, first_only, on_solution)
    }

    /// The general engine's loop. With `restarts`, used only when the caller
    /// stops at the first solution, a run that exceeds its share of guesses
    /// starts over from the root with fresh random tie-breaks; the shares follow
    /// the Luby sequence, which grows without bound, so a run eventually
    /// finishes and the search stays complete.
    fn search_general(
        &mut self,
        board: &Board<BOX>,
        first_only: bool,
        mut on_solution: impl FnMut(&[u8]) -> bool,
    ) -> Stop {
        let general = self.general.get_or_insert_with(|| {
            let geometry = Geometry::new(BOX);
            let state = State::new(&geometry);
            Box::new(General {
                geometry,
                state,
                frames: Vec::new(),
                probe: ProbeScratch::default(),
                weights: Vec::new(),
            })
        });
        let g = &general.geometry;
        let st = &mut general.state;
        let frames = &mut general.frames;
        let probing_scratch = &mut general.probe;
        let weights = &mut general.weights;
        let stats = &mut self.stats;
        *stats = Stats::default();
        frames.clear();
        st.reset(g, board.as_bytes());
        // Naked and hidden pairs pay on 16×16 and 25×25 (a quarter fewer
        // microseconds a puzzle on the tough 16×16 set, the median hard 25×25
        // nearly three times faster); from 36×36 up they measured neutral.
        st.pairs = BOX == 4 || BOX == 5;
        // Checks queued only where they can act (see `State::lazy`): the
        // same fixpoint, so the same searches, for 12–14% fewer instructions
        // on the hard 25×25 set (#9 first solution 3,817M to 3,284M). Other
        // sizes keep their measured code paths.
        st.lazy = BOX == 5;
        // Full all-different filtering of each house (outside probes, whose
        // many propagations it would make dear): on 16×16 it takes the tough
        // set from 50 guesses a puzzle to 1.3 (median 1.18 ms → 0.22 ms, max
        // 28 ms → 1.5 ms) for 10–30% on the easier sets; on 36×36 and 49×49
        // sparse boards it cuts guesses five- to thirtyfold. On 25×25 it was
        // neutral, and on 64×64 from the start its cost per node outweighs
        // it (64×64 switches it on later, see `late_alldiff`).
        st.alldiff = matches!(BOX, 4 | 6 | 7);
        // Measured defaults (see the closing notes of the engine work): wide
        // house-digit branching pays on hard 16×16 and 25×25 puzzles; from
        // 36×36 up it thrashes on sparse boards, where only a two-place
        // house-digit beats a cell (it settles a pigeonhole, three digits in
        // two cells, in two guesses) and the least-constraining value goes
        // first. Restarts cure the heavy tails of sparse big boards, but on
        // hard 16×16 and 25×25 puzzles they throw away more than they save:
        // first solutions of blue_ultimate_15 took 912 guesses a puzzle with
        // them and 375 without (the slowest 0.53 s against 0.15 s), while
        // none of 1,000 planted 16×16 boards with 5% to 33% kept reached a
        // first restart's 256 guesses. The generator keeps them on 16×16, so
        // that the puzzles it makes stay the same.
        // Probing pays up to 25×25 from the start. On 64×64, and in the
        // generator's searches from 36×36 up, it starts with the first
        // restart, so only searches that run long pay for it (36×36 and
        // 49×49 otherwise probe from the start, see `sparse_runs` below):
        // with the all-different filter that way it solves all eight sparse
        // 49×49 test boards (four gave up at 100k guesses without it), while
        // the short searches of generation keep their speed (a 36×36 puzzle
        // in 0.7 s, against 4.5 s with probing from the start).
        let max_places = if BOX <= 5 { u32::MAX } else { 2 };
        let lcv = BOX >= 6;
        let restarts = first_only
            && match BOX {
                4 => self.generating,
                5 => false,
                _ => true,
            };
        // On 25×25 a probe's reach counts the pairs and singles it makes
        // (see `frame::reach`), except in the generator's searches: which of
        // its uniqueness checks end within their budget, and the grid its
        // fill search finds, shape the puzzle made, and the new measure
        // changed the 25×25 test puzzles and their time (index 0 took 45 s
        // against 2.7 s, index 1 14 s against 77 s: heavy tails either way),
        // so generation keeps the trail measure.
        //
        // Tried on 25×25 and dropped (guesses to the first solution over
        // gecode_frisch_minimal_16, 247k with singles-only probes, which
        // all but the last few tries below used; other tie-break seeds give
        // 222k and 255k, so only larger gaps mean anything): failure
        // weights (dom/wdeg, charged by search and probe failures)
        // multiplying a pair's reach, 216k, and 554k with geometric
        // restarts; all-different filtering for guesses in the top three
        // frames, 202k, but 254k and 250k with the other two seeds;
        // probing three-way choices (prune only) in the top 3 or 8 frames,
        // 250k and 218k; probing to a fixpoint in the top five, 258k. Trying
        // first the choice of highest solution density (Bregman–Minc
        // bounds per house, as in Zanarini and Pesant's maxSD) is decided
        // by the house-digit pairs and cuts both ways, puzzle by puzzle
        // and whatever the seed: #0 5k–16k and #8 19k–39k instead of
        // 47k and 85k, but #9 over 60k instead of 3.7k (its count to two
        // takes 360k guesses, the wrong side first walks into that) and
        // #4 30k instead of 13k; the least dense first turns it round (#4
        // 7.7k, #9 19k, #0 and #8 over 60k), so no ordering wins them all.
        // Branching on the cell of the densest literal gave up at 100k
        // guesses on five of the first nine puzzles. With singles-only
        // probes: restarts (Luby, 625 guesses a unit) keeping reduced
        // nld-nogoods from each run's decisions (Lecoutre et al. 2007),
        // watched like clauses, 277k (275k with the same tie-breaks each
        // run), 317k trying the wider-reaching side of a pair first in every
        // other run; trying that side first always, 376k (#9 over 200k; the
        // narrower side first, 265k), in the top three frames only 210k, in
        // the top eight 253k. Probes with locked candidates but not pairs,
        // 186k, with pairs but not locked candidates, 131k; full probes in
        // the top four frames only, 209k, and from the 1,500th guess on,
        // 90k; a second probe pass with full propagation over the 4, 16 or
        // 48 best pairs by singles-only reach, 194k, 109k and 87k guesses,
        // the last 9% less time than singles-only probes where full probes
        // took a third less. With full probes: skipping in a probe pass the
        // pairs whose two choices earlier probes had made, 110k and 190k
        // guesses (two tie-break seeds) against 70k and 57k; failure weights
        // (dom/wdeg, charged by search and probe failures) multiplying a
        // pair's score, 62k against 67k, #8 unchanged (26.6k); house-digit
        // pairs counting once, 59k (two tie-break seeds alike: #14 2.8k
        // instead of 12k, #0 7.8k instead of 9.1k, but #4 6.5k instead of
        // 3.9k, #8 25k either way), three times, 70k; scores that favour
        // the pair's weaker side, (lo+1)²(hi+1) and 4(lo+1)+hi, 70k and
        // 100k; the narrower side first from depth 2 on, 68k (#8 8.8k, but
        // #9 18k instead of 1.4k). Keeping a choice's probe for the rest of
        // its pass, so that a choice in several pairs propagates once until
        // the next find, saved nothing (finds come every few pairs): #9 took
        // 3,337M instructions against 3,284M. On the solution path of each
        // of the 16, the wider side was the wrong one in 57–82% of the
        // frames, but wrong wider sides mostly fail fast: on #8 the costly
        // ones were at depths 2 and 3 (10k and 8k guesses to refute).
        // Switching a frame to the other side of its pair once the first
        // has run for B guesses, in the top D frames, back to the first
        // side (afresh) only once the other is refuted, and with no
        // switching under such a return: B 2,000, D 4, 62k (#8 10.7k, #14
        // 7.0k, #4 2.6k, but #0 18.8k and #3 11.2k); 1,500 and 2, 79k;
        // 4,000 and 3, 78k; 1,000 at any depth, 135k (#9 75k), and 1,000
        // without the rule for returns, 211k.
        probing_scratch.reach_in_pairs = BOX == 5 && !self.generating;
        // On 25×25 probes propagate with locked candidates and pairs, as the
        // search does (see `frame::probe`), again except for the generator,
        // whose puzzles stay as they were. First solutions over
        // gecode_frisch_minimal_16, singles-only probes against full ones:
        // 247k guesses against 70k (with `with_seed(1)`, over 421k against
        // 124k), 46–49 s against 30–34 s in all; the slowest, #8, 16.8–19.0 s
        // (84,849 guesses) against 6.4–6.6 s (13,285), #0 8.1–8.3 s against
        // 7.7–9.4 s, #7 3.4–3.7 s against 2.0–2.2 s, #9 0.67–0.69 s against
        // 0.24–0.30 s, #15 3.6 s against 0.47 s, while #3 (4.7–5.1 s against
        // 5.9–6.9 s), #4 (2.1–2.2 against 2.5–2.7) and #5 (0.55–0.65 against
        // 0.78–0.80) lost, each guess costing about 2.7 times as much.
        probing_scratch.full = BOX == 5 && !self.generating;
        // With full probes, 25×25 tries first the side of the chosen pair
        // whose probe reached further. First solutions over
        // gecode_frisch_minimal_16, for three tie-break seeds: 66.7k, 66.7k
        // and 66.6k guesses against 69.9k, 57.3k and 67.2k trying the
        // pair's first place or digit first; the hard puzzles all but #8
        // gain (#0 8.9k–9.1k guesses against 15.8k–17.6k, #3 4.7k against
        // 1.7k–14.6k, #4 3.7k–3.9k against 6.0k–6.5k, #5 0.4k against
        // 1.3k–1.5k, #7 0.4k against 4.9k), while #8 (25k against 13k–24k),
        // #14 (12k against 7k) and #15 (5.5k against 1.1k) lose. With
        // singles-only probes the same order sent #9 past 200k guesses
        // (3.7k otherwise), and the narrower side first, with full probes,
        // sends #9 past 60k.
        let wider_first = probing_scratch.full;
        // On 36×36 and 49×49, searches for one solution (the generator's
        // aside) probe from the first run, try first the side of the chosen
        // pair whose probe reached less far, filter for all-different only
        // houses with at most `ALLDIFF_MAX_OPEN` open cells, and restart
        // after a number of failures rather than guesses. Sparse boards
        // (30% of a random solution kept) go some three quarters of the way
        // down without a failure, then thrash: a run that is doomed shows
        // it only there. Of 32 first runs on 49×49 (8 boards, 4 tie-break
        // seeds), none solved its board within 1,800 guesses without
        // probing; 10 with probes, 1 trying the wider side of a pair first,
        // 13 the narrower, and as many (11–19, within noise) with the filter
        // limited to houses of 4 to 16 open cells, at half the time a run.
        // Restarting after 16 failures times the Luby sequence abandons a
        // doomed run soon after it starts to fail. Over 16 boards: 49×49
        // 47k guesses in all against 153k (the slowest 8.3k against one
        // that gave up at 30k), 36×36 10.8k against 23.0k. The generator's
        // searches keep the old ones (see `for_generation`).
        //
        // Tried on 49×49 and dropped (first runs solved of those 32, or
        // guesses over 8 boards): all-different filtering of each digit's
        // rows against its columns as well, 13 of 32 with probes, and
        // without them still no first run solved; trying first the most
        // constraining value, a random one, the lowest, or the one that
        // least shrinks tight cells (Geelen's promise): no first run
        // solved; breaking MRV ties by the open cells of a cell's houses
        // (most or fewest), or dividing by them: two or three more boards
        // past 10k guesses; probing only 8 or 32 pairs a node; scoring a
        // pair by the larger reach of its sides (19 of 32, within noise),
        // the smaller (6) or the sum (7) instead of the product; reach in
        // pairs made (9); keeping each cell's last value across restarts
        // (phase saving): no fewer guesses. On 64×64 these settings left 5
        // of 8 boards unsolved at 30k guesses (4 of 8 with the filter from
        // the start), against 1 of 8 as it is, so 64×64 keeps its own.
        let sparse_runs = matches!(BOX, 6 | 7) && !self.generating;
        let narrower_first = sparse_runs;
        st.alldiff_max = if sparse_runs { ALLDIFF_MAX_OPEN } else { 64 };
        st.count_pairs = probing_scratch.reach_in_pairs;
        let shuffle_values = self.seed.is_some();
        // Ties start from a pseudo-random place even without a seed: starting
        // every scan at cell 0 walks some sparse boards into the same hopeless
        // corner (a 16×16 with 33 givens: over 1M guesses, against 135).
        let mut noise = (BOX >= 4 || self.seed.is_some())
            .then(|| Noise::new(self.seed.unwrap_or(DEFAULT_SEED)));
        let restart_base = (BOX * BOX * BOX * BOX) as u64;
        // From 49×49 up, sparse boards thrash near the bottom of a run: on a
        // 64×64 board with 30% kept, a run goes some 2,100 decisions deep,
        // to about 300 open cells, and every failure after that stays within
        // twenty levels of that depth until the restart. Two measures help.
        // From the second run (on 64×64 from the first), branching weighs
        // each cell by the failures charged to its houses (dom/wdeg: a
        // failure is charged to the house whose digit ran out of places, or
        // to the three houses of the cell that did), counted since the
        // search began, so later runs settle first the houses that failed.
        // And every `PARTIAL_FAILURES` failed guesses a run goes back to
        // three quarters of its depth and descends afresh from there. Over
        // 32 of the 49×49 boards with 30% kept: 359k guesses in all (median
        // 6,180, max 39,724) against 421k (10,103, 51,840); the empty 49×49
        // board is unchanged (2,147). Weighing from the first run did as
        // well on those boards (341k, 6,790, 35,617) but made 49×49
        // generation a quarter slower (the weighted choice scans every cell
        // and house-digit; the plain one stops at the first two-way cell);
        // from the second run, generation keeps its speed (3.8 s a puzzle
        // either way). The empty 64×64 board takes 3,910 guesses instead of
        // 7,739 when weighing from the first run, but 20,023 from the second,
        // hence the first there. No 64×64 board with 30% kept was solved
        // within 30k guesses either way (8 tried). On 36×36 the weights were
        // neutral (22.0k guesses against 23.0k over 16 boards), so 36×36
        // keeps the plain choice. The generator goes without both: a 64×64
        // puzzle (seed 1) took 24.6 s with them against 17.1 s without.
        // Since 49×49 restarts after a few failures (`sparse_runs`), it
        // keeps the weights but no longer goes back up part of a run.
        let weighted = BOX >= 7 && !self.generating;
        if weighted {
            weights.clear();
            weights.resize(3 * g.n, 0);
        }
        // On 64×64, all-different filtering (see `st.alldiff` above) from
        // the first restart on: the runs after it solved 3 of the 8 boards
        // with 30% kept within 30k guesses (207k guesses in all), against 1
        // (216k) without it (2 of 8 within 100k), while the empty board,
        // solved in the first run, keeps its 3,910 guesses and 0.13 s
        // (11,758 guesses and 2.7 s with the filter from the start). The
        // generator's searches go without it.
        let late_alldiff = BOX == 8 && !self.generating;
        // On 64×64, from the first restart on, a house-digit branch tries
        // first the place that takes the fewest candidates from other cells
        // (its cell's other candidates and the digit's other places in the
        // cell's two other houses, see `Frame::least_constraining`), as a
        // cell branch orders its digits, rather than the first place: most
        // branches there are probed house-digit pairs, and the first place
        // leans every run the same way. Boards with 30% kept, at 30k
        // guesses, guesses in all and boards unsolved, against before:
        // seeds 0–7 92k and none (127k, 1), 8–15 167k and 4 (179k, 5),
        // 16–23 83k and none (157k, 3), 24–31 125k and 1 (143k, 2); over
        // the 32, 467k and 5 against 605k and 11. From the first run it
        // also helped those boards (0–7 111k, 1; 16–23 113k, 2) but the
        // empty board took 11,876 guesses instead of 3,910, so the first
        // run keeps the first place. The same place by its cell's
        // candidates alone: 171k and 2 on seeds 0–7.
        //
        // What a 64×64 run with 30% kept does (traced): it goes some 2,000
        // to 2,300 decisions deep, to 250–400 open cells, before its first
        // failed guess (without probing, in the first run, often by 1,900
        // open cells), then thrashes there; a run that solves its board
        // mostly does so straight after that descent or within a few
        // hundred failures, so every run costs at least ~2,100 guesses and
        // no board takes fewer. Tried on 64×64 and dropped (seeds 0–7 at
        // 30k guesses, guesses in all and boards unsolved, against 127k
        // and 1 as it was; those 8 boards were a lucky draw, 16–23 gave
        // 157k and 3, so only large gaps mean anything): probing and the
        // filter from the first run, 190k and 5 (empty board 11,778
        // guesses); the same with houses filtered at 12 open cells or
        // fewer, 218k and 7, and without failure weights 240k and 8;
        // probing only below 600 open cells with that filter, 240k and 8,
        // and with restarts by failures (16 × Luby) 214k and 6; probing
        // and the full filter from the first run with the narrower side
        // first, 131k and 3, seeds 8–15 102k and 1, 16–23 199k and 5 (24
        // boards 432k and 9 against 463k and 9, the empty board 3,714
        // guesses but five times slower), without the narrower side 214k
        // and 5 (8–15 184k and 5), filtering houses of 24 open cells or
        // fewer 191k and 5, restarting by failures (64 × Luby) 192k and 5;
        // the narrower side first from the first restart, 156k and 3;
        // partial restarts after 100 failures keeping 90% of the depth,
        // 161k and 4; a restart unit of 8,192 guesses, 166k and 3 (with
        // partial restarts after 150 failures, 173k and 4); probing to a
        // fixpoint below 600 open cells, 136k and 1 but 168k and 4 on
        // 8–15, at every node 165k and 4; ending the first run after 150
        // failures, 157k and 3 (100: 169k and 4); branching by the
        // weighted choice instead of the best probed pair once a failure
        // is charged, 240k and 8; a pair's score times one plus the
        // failures of its houses, 179k and 3; house-digit pairs scoring
        // once, 150k and 3, four times, 173k and 4; reach in pairs made
        // (as on 25×25), 220k and 6; house-digit branches of up to three
        // places, 190k and 5 (empty 11,834 guesses); probe refutations
        // charged and counted as failures, 167k and 3; values in random
        // order, 220k and 7 (random places only, 170k and 4).
        let lcv_places = BOX == 8 && !self.generating;
        let partial_failures = if BOX == 8 {
            PARTIAL_FAILURES_64
        } else {
            PARTIAL_FAILURES
        };
        let mut run_failures = 0u64;
        // Failed guesses in this run, partial restarts or not.
        let mut run_failures_all = 0u64;
        let mut charged = false;
        let mut run = 1u64;
        let mut run_guesses = 0u64;
        let consistent = st.propagate(g).is_ok();
        let root = st.mark();
        let stop = 'search: {
            if !consistent {
                break 'search Stop::Exhausted;
            }
            loop {
                // Descend: a solution, or a new branch point.
                let probed = if BOX <= 5 || run > 1 || sparse_runs {
                    // From 36×36 up, only after the first restart: see above.
                    probe(g, st, probing_scratch, noise.as_mut())
                } else {
                    Ok(None)
                };
                if probed.is_err() {
                    // Lookahead proved the current choice wrong: advance past it.
                } else if st.open == 0 {
                    stats.solutions += 1;
                    if !on_solution(&st.value) {
                        break 'search Stop::Enough;
                    }
                } else {
                    let branch = match probed {
                        Ok(Some(best)) => best,
                        // Until a failure is charged, the plain choice is the
                        // same and, stopping at the first two-way cell, cheaper.
                        _ if weighted && charged && (run > 1 || BOX == 8) => {
                            choose_weighted(g, st, max_places, weights, noise.as_mut())
                        }
                        _ => choose(g, st, max_places, noise.as_mut()),
                    };
                    let remaining = match branch {
                        Branch::Cell(c) => st.cand[c as usize],
                        Branch::Place { house, digit } => {
                            st.places[house as usize * g.n + digit as usize]
                        }
                    };
                    let mut frame = Frame::new(branch, remaining, st.mark());
                    if wider_first && matches!(probed, Ok(Some(_))) {
                        frame.first = probing_scratch.wider;
                    }
                    if narrower_first && matches!(probed, Ok(Some(_))) {
                        frame.first = probing_scratch.narrower;
                    }
                    frames.push(frame);
                }
                // Advance: the top frame's next choice that propagates cleanly,
                // stepping back through exhausted frames.
                loop {
                    // Only searches that restart have a run budget to check.
                    let budget = if restarts {
                        restart_base * luby(run)
                    } else {
                        u64::MAX
                    };
                    let over = if sparse_runs {
                        run_failures_all >= RESTART_FAILURES * luby(run)
                    } else {
                        run_guesses >= budget
                    };
                    if restarts && over {
                        // Restart: back to the root, with new tie-breaks.
                        frames.clear();
                        st.undo(g, root);
                        stats.restarts += 1;
                        run += 1;
                        run_guesses = 0;
                        run_failures = 0;
                        run_failures_all = 0;
                        if late_alldiff {
                            // Filter the root for all-different again: the
                            // undo took back what the last run's filter found.
                            st.alldiff = true;
                            if st.recheck(g).is_err() {
                                break 'search Stop::Exhausted;
                            }
                        }
                        break;
                    }
                    if restarts
                        && weighted
                        && !sparse_runs
                        && run_failures >= partial_failures
                        // Runs of more than four units have none, so that
                        // plain runs still grow without bound and the
                        // search stays complete.
                        && budget <= 4 * restart_base
                    {
                        run_failures = 0;
                        let keep = frames.len() * 3 / 4;
                        if keep >= 1 {
                            // Back to the state in which frame `keep` was
                            // pushed, under the same choices above it.
                            st.undo(g, frames[keep].mark);
                            frames.truncate(keep);
                            break;
                        }
                    }
                    let Some(frame) = frames.last_mut() else {
                        break 'search Stop::Exhausted;
                    };
                    st.undo(g, frame.mark);
                    if frame.current != NONE {
                        // The choice explored last is used up: rule it out here.
                        let (cell, d) = frame.assignment(g, frame.current as usize);
                        frame.current = NONE;
                        let refuted = st.rule_out(g, cell, d);
                        if refuted.is_err() {
                            if weighted {
                                charge(g, weights, st.conflict);
                                charged = true;
                            }
                            stats.backtracks += 1;
                            frames.pop();
                            continue;
                        }
                        frame.mark = st.mark();
                    }
                    let live = frame.live(g, st);
                    if live == 0 {
                        stats.backtracks += 1;
                        frames.pop();
                        continue;
                    }
                    if stats.guesses == self.max_nodes {
                        break 'search Stop::Budget;
                    }
                    stats.guesses += 1;
                    run_guesses += 1;
                    let hinted = (!self.hint.is_empty())
                        .then(|| frame.hinted(g, &self.hint, live))
                        .flatten();
                    let k = match (hinted, noise.as_mut().filter(|_| shuffle_values)) {
                        (Some(k), _) => k,
                        (None, Some(noise)) => nth_bit(live, noise.below(live.count_ones())),
                        (None, None) if frame.first != NONE && live >> frame.first & 1 == 1 => {
                            frame.first as usize
                        }
                        (None, None) if lcv => {
                            frame.least_constraining(g, st, live, lcv_places && run > 1)
                        }
                        (None, None) => live.trailing_zeros() as usize,
                    };
                    frame.remaining &= !(1u64 << k);
                    frame.current = k as u8;
                    let (cell, d) = frame.assignment(g, k);
                    st.queue(cell, d);
                    if st.propagate(g).is_ok() {
                        break;
                    }
                    if weighted {
                        charge(g, weights, st.conflict);
                        charged = true;
                        run_failures += 1;
                    }
                    run_failures_all += 1;
                }
            }
        };
        stats.propagations = st.assignments;
        stop
    }
}

/// Failed guesses after which a run on 49×49 went back up a quarter of its
/// depth, before 49×49 restarted by failures (see `search_general`; only
/// 64×64 still does it, with [`PARTIAL_FAILURES_64`]). Measured on 8 of the 49×49 boards
/// with 30% kept, without the weights: 69k guesses in all at 600 (149k with
/// no partial restarts), 175k at 300; counting guesses instead of failures
/// (600), 73k, but the empty 49×49 board then took 8,968 guesses instead of
/// 2,147. Samples this small are noisy: these searches are heavy-tailed.
const PARTIAL_FAILURES: u64 = 600;

/// [`PARTIAL_FAILURES`] on 64×64, where the runs after the first restart
/// filter for all-different. Over 16 boards with 30% kept, at 30k guesses:
/// 10 solved, 306k guesses in all, against 6 and 416k at 600. On the first
/// 8 of those boards 150 solved 5, 200 solved 2, 300 solved 7, 600 and
/// 1,200 solved 3: these heavy-tailed searches make small samples noisy.
/// The empty board is unchanged (3,910 guesses).
const PARTIAL_FAILURES_64: u64 = 300;

/// Failed guesses a unit of the Luby sequence allows a run on 36×36 and
/// 49×49 (see `search_general`). Over 16 boards with 30% kept, 49×49: 47k
/// guesses in all at 16 (the slowest 8.3k), 62k at 8 (9.6k), 60k at 64
/// (12.0k).
const RESTART_FAILURES: u64 = 16;

/// The most open cells of a house that 36×36 and 49×49 filter for
/// all-different (see `State::alldiff_max`): at 12, half the time a run of
/// the unlimited filter, and no fewer first runs solved (see
/// `search_general`).
const ALLDIFF_MAX_OPEN: usize = 12;

/// Charges a failure at `conflict` (see `State::conflict`) to its house, or
/// to the three houses of its cell.
fn charge(g: &state::Geometry, weights: &mut [u32], conflict: usize) {
    if conflict < 3 * g.n {
        weights[conflict] = weights[conflict].saturating_add(1);
    } else {
        for &(h, _) in &g.cell_houses[conflict - 3 * g.n] {
            weights[h as usize] = weights[h as usize].saturating_add(1);
        }
    }
}

/// The seed of the search noise when the caller gives none, so that results
/// are the same on every run.
const DEFAULT_SEED: u64 = 0x6e64_6f6b_7573_6565;

/// The `i`-th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, …
fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// The position of the `n`-th (from 0) set bit of `bits`.
fn nth_bit(mut bits: u64, n: u32) -> usize {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as usize
}

/// Search noise: SplitMix64, used only to break ties and order values. It
/// needs to be fast and reproducible, not statistically strong.
#[derive(Clone, Debug)]
pub(crate) struct Noise(u64);

impl Noise {
    fn new(seed: u64) -> Self {
        Self(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        (((self.next() >> 32) * u64::from(n)) >> 32) as u32
    }
}

impl<const BOX: usize> Default for Solver<BOX> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const BOX: usize> Board<BOX> {
    /// The first solution the default [`Solver`] finds, or `None` when there is none.
    ///
    /// It has no budget: for puzzles from untrusted sources, use
    /// [`Solver::with_max_nodes`] and handle [`Outcome::GaveUp`].
    pub fn solve(&self) -> Option<Board<BOX>> {
        with_cached_solver(|s: &mut Solver<BOX>| s.solve(self).solution())
    }

    /// Counts solutions, stopping once it has found `limit`: `count_solutions(2)`
    /// is 1 exactly when the puzzle is unique.
    ///
    /// It has no budget, so a large `limit` on a board with few givens can run for
    /// a very long time (the empty 9×9 board has about 6.7×10²¹ solutions). To bound
    /// the work, use [`Solver::with_max_nodes`] and [`Solver::count`], which return
    /// [`Count::GaveUp`] when the budget runs out.
    pub fn count_solutions(&self, limit: usize) -> usize {
        with_cached_solver(|s: &mut Solver<BOX>| s.count(self, limit).found())
    }
}

/// Runs `f` with this thread's cached solver for boards of `BOX`, so that the
/// [`Board`] shortcuts allocate nothing per call after the first.
fn with_cached_solver<const BOX: usize, R>(f: impl FnOnce(&mut Solver<BOX>) -> R) -> R {
    use std::any::Any;
    use std::cell::RefCell;
    thread_local! {
        static SOLVERS: RefCell<[Option<Box<dyn Any>>; 9]> = RefCell::new(Default::default());
    }
    SOLVERS.with(|cell| {
        // A nested call (none exists today) gets a fresh solver rather than a panic.
        let Ok(mut slots) = cell.try_borrow_mut() else {
            return f(&mut Solver::new());
        };
        let solver = slots[BOX]
            .get_or_insert_with(|| Box::new(Solver::<BOX>::new()))
            .downcast_mut::<Solver<BOX>>()
            .expect("slot BOX holds a Solver<BOX>");
        f(solver)
    })
}
