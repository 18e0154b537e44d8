//! The run-time engine's search: an explicit stack of decisions, each advanced to its next candidate or undone.

use super::learn;
use super::mask::Mask;
use super::model::Model;
use super::probe::PROBE;
use super::propagate::Constraints;
use super::state::{Culprit, State};
use crate::engine::classic::state::Contradiction;
use crate::engine::limits::Meter;
use crate::engine::outcome::Stop;
use crate::engine::stats::Stats;
use crate::model::rules::Rules;
use crate::random;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::sync::Arc;

/// How far a run may go before the search restarts: this many failures
/// times the run's term of the Luby sequence (1, 1, 2, 1, 1, 2, 4, …).
/// Runs of 100 cut MATHEMAGIC_KILLERS' deep proofs short: 1,000 answers
/// #0-#2 within a million guesses (record 0028).
const RESTART_UNIT: u64 = 1000;

/// The restart unit of sparse layouts of houses alone: proofs of no
/// solution there take up to four times the guesses with runs of 100
/// (record 0030).
const SPARSE_RESTART_UNIT: u64 = 1000;

/// The seed of the value order a sparse layout of houses alone draws:
/// fixed, so that a search is repeatable.
const SPARSE_SEED: u64 = 0x5eed;

/// How much each failure's weight grows over the last one's: the weights of
/// old failures decay by its inverse, so that the choice follows where the
/// search fails now. Slowly, as the Interactive Sudoku Solver's conflict
/// scores (halved every 16,384 conflicts): 0.95 took ISS's TAREK_ALL
/// killers 4,455 guesses a puzzle, 0.9999 with [`PRIME`] 1,583 (record 0028).
const GROWTH: f64 = 1.0 / 0.9999;

/// What a cell's weight starts at, per constraint that reads it, in units
/// of that constraint's priority as ISS gives a sum: max(2N - cells, N),
/// so that cells of small cages are tried first before anything fails.
const PRIME: f64 = 2.0;

/// Whether layouts of houses alone try one of the values placed nowhere
/// yet and branch on a value's two places in a house: not in the `compact`
/// WebAssembly build, for its size limit (as `state::PEER_BITS`).
const HOUSES: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// Guesses the plain search makes on a layout of houses alone before
/// learning takes over (record 0031): its drawn order finds most first
/// solutions in a few, at a tenth of a decision's cost by learning.
const PLAIN_FIRST: u64 = 2000;

/// The plain search's share where the givens leave one value or none out
/// (minimal jigsaws): 11% less time on the 16×16 ones than 2,000, which
/// the sparse sets keep for their first solutions (record 0031).
const PLAIN_FIRST_GIVEN: u64 = 500;

/// Learning decisions in the first of learning's turns with the plain
/// search for a first solution (each turn doubles): random rule set
/// 3/137, whose learning wanders for 218,000 decisions where the plain
/// search finds one in 188,788 guesses (record 0031).
const LEARN_TURN: u64 = 1000;

/// Plain guesses a turn per learning decision of the turn before: a
/// plain guess costs a tenth of a decision or less on sparse layouts, so
/// proofs pay about a quarter more; 2 took #137 3.6 s (record 0031).
const PLAIN_TURN: u64 = 3;

/// Solutions shown by learning before a count past them goes back to the
/// plain search: each costs a blocking clause of every open cell.
const LEARN_SHOWN: usize = 2;

/// The guesses a killer's plain search makes before it hands over to
/// learning with the cages' sums: below 30,000 TAREK_ALL's hard killers
/// took longer, learning being slower a decision (record 0031).
const KILLER_HANDOFF: u64 = 30_000;

/// The failures the plain search makes past 64×64 (probing from the
/// first) before learning takes over (record 0019): the boards that never
/// step back, or step back a little, keep their path.
const BIG_HANDOFF: u64 = 20;

/// The literals (cells times values) up to which a board past 64×64 may
/// go to learning, for its memory (about 70 bytes a literal): up to
/// 161×161.
const BIG_LITERALS: usize = 1 << 22;

/// A [`Frame::value`] that says the frame tries a cell's values.
const VALUES: u32 = u32::MAX;

/// One decision: a cell and the candidates not yet tried there, or a house
/// and the places of one value not yet tried in it (as positions in the
/// house); the one being tried, and the trail length to undo to before
/// trying the next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame<M> {
    /// The cell, or with a [`Frame::value`], the house.
    cell: u32,
    /// [`VALUES`], or the value (less one) placed in house `cell`.
    value: u32,
    left: M,
    now: M,
    mark: usize,
}

/// Where the search branches next: on a cell's values, or on the places of
/// a value (less one) in a house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    Cell(usize),
    Place(usize, usize),
}

/// What a search learns as it fails, on boards up to 64×64: a weight per
/// cell, the failures charged to the houses, constraints and peers that
/// read it, each newer one weighing more (dom/wdeg with decay); and the
/// runs between restarts.
pub(crate) struct Learned {
    /// Whether the search weighs failures and restarts: for rules with
    /// constraints beyond houses (cages, lines, dots). Layouts of houses
    /// alone (jigsaws, diagonals, chess rules) keep the fewest candidates,
    /// ties to the cell whose values failed most: minimal 16×16 jigsaws
    /// took 1.2-3.1 s that way and gave up at 10 s with weights (record 0028).
    weighted: bool,
    /// `fails[c]`: values that failed at cell `c`, when not `weighted`.
    fails: Vec<u32>,
    /// `weight[c]`: one, plus its priority (see [`Learned::prime`]), plus
    /// the failures charged to cell `c`.
    weight: Vec<f64>,
    /// What the next failure adds: it grows by [`GROWTH`] a failure.
    bump: f64,
    /// The current run's share and the next's, as Knuth's reluctant
    /// doubling (u, v): `v` runs through the Luby sequence 1, 1, 2, 1, 1,
    /// 2, 4, … as [`Learned::next_run`] steps it.
    luby: (u64, u64),
    /// Failures in the current run.
    run_failures: u64,
    /// Failures a unit of share: [`RESTART_UNIT`] (the tests take fewer).
    unit: u64,
    /// Whether every value is like every other but for the givens: rules of
    /// houses alone (and cells that differ), on boards up to 64×64. Two
    /// values that no cell holds yet can then be swapped in any solution,
    /// so a decision need try only one of them (record 0030).
    pub(crate) symmetric: bool,
    /// Whether a decision of this search left out such values.
    pruned: bool,
    /// Whether the weighted search restarts: not where the rules hold sums
    /// whose values may repeat (little killers), whose first solutions
    /// the restarts keep cutting short (record 0036, session 13), nor
    /// renban lines, whose proofs of no solution each run starts over
    /// (record 0037, "Zero solution: Renban").
    restarts: bool,
    /// Whether the weighted search may branch on a value's two places in
    /// a house: not where the rules hold sums (killers, little killers),
    /// where TAREK_ALL took 16% more guesses (record 0036).
    weighted_places: bool,
    /// Whether the search may branch on a value's two places in a house:
    /// rules as for [`Learned::symmetric`] whose givens leave a value out
    /// (sparse searches, as proofs of no solution are; record 0030).
    places: bool,
    /// Whether a search of houses alone may go on by learning (record
    /// 0031): always, but in tests of the plain search.
    learn: bool,
    /// Guesses the plain search makes before learning takes over, on
    /// layouts where it may ([`PLAIN_FIRST`]; the tests force 0).
    pub(crate) plain_first: u64,
    /// Learning decisions in the first turn of [`Search::turns`]
    /// ([`LEARN_TURN`]; the tests take fewer).
    pub(crate) learn_turn: u64,
    /// The rules searched, for a killer that may go to learning (see
    /// [`Search::killer`]); set by [`Learned::with_rules`].
    killer: Option<Arc<Rules>>,
    /// The guesses a killer's plain search makes before learning takes
    /// over: [`KILLER_HANDOFF`], 0 in tests that force learning.
    pub(crate) handoff: u64,
    /// The failures a board past 64×64 makes before learning takes over:
    /// [`BIG_HANDOFF`] (the tests take others).
    pub(crate) big_handoff: u64,
    /// The failure count at which the plain search past 64×64 stops for
    /// learning: `u64::MAX` but in that search's first phase.
    big_cap: u64,
}

impl Learned {
    /// Nothing learnt yet, for a board of `cells` cells; `weighted` as above.
    pub(crate) fn new(cells: usize, weighted: bool) -> Self {
        Self {
            weighted,
            fails: vec![0; cells],
            weight: vec![1.0; cells],
            bump: 1.0,
            luby: (1, 1),
            run_failures: 0,
            // Unweighted searches restart only when sparse (`places`).
            unit: if weighted {
                RESTART_UNIT
            } else {
                SPARSE_RESTART_UNIT
            },
            symmetric: !weighted && HOUSES,
            pruned: false,
            restarts: true,
            weighted_places: true,
            places: false,
            learn: learn::LEARN,
            plain_first: PLAIN_FIRST,
            learn_turn: LEARN_TURN,
            killer: None,
            handoff: KILLER_HANDOFF,
            big_handoff: BIG_HANDOFF,
            big_cap: u64::MAX,
        }
    }

    /// This with the `rules` it searches: a killer may go to learning
    /// ([`Learned::killer`]), rules with sums whose values may repeat or
    /// renban lines do not restart ([`Learned::restarts`]), and rules with no sums at all
    /// may branch on places by weight ([`Learned::weighted_places`]).
    pub(crate) fn with_rules(mut self, rules: Arc<Rules>) -> Self {
        self.restarts = !rules.constraints().iter().any(|c| {
            matches!(
                c,
                crate::model::constraint::Constraint::LittleKiller { .. }
                    | crate::model::constraint::Constraint::Sum { .. }
                    | crate::model::constraint::Constraint::Renban { .. }
            )
        });
        self.weighted_places = self.restarts && rules.cages().iter().all(|c| c.sum().is_none());
        self.killer = Some(rules);
        self
    }

    /// Starts each cell's weight at its priority (see [`PRIME`]): the sum,
    /// over the constraints beyond houses that hold it, of max(2N - cells,
    /// N), as ISS ranks the cells of sums. Nothing when not `weighted`.
    pub(crate) fn prime<M: Mask>(&mut self, m: &Model<M>, constraints: &Constraints<M>) {
        if !self.weighted {
            return;
        }
        let n = m.n as f64;
        for k in constraints {
            let cells = k.own_cells();
            let priority = (2.0 * n - cells.len() as f64).max(n) * PRIME;
            cells
                .iter()
                .for_each(|&c| self.weight[c as usize] += priority);
        }
    }

    /// Charges a failure to the cells of `culprit` and to `cell`, the
    /// decision's cell when its value failed (as ISS's conflict scores
    /// do), and makes the next one weigh more.
    fn charge<M: Mask>(
        &mut self,
        m: &Model<M>,
        constraints: &Constraints<M>,
        culprit: Culprit,
        cell: Option<usize>,
    ) {
        let bump = self.bump;
        if let Some(c) = cell {
            self.weight[c] += bump;
        }
        let mut add = |cells: &[u32]| cells.iter().for_each(|&c| self.weight[c as usize] += bump);
        match culprit {
            Culprit::Unknown => {}
            Culprit::House(h) => add(m.house(h as usize)),
            Culprit::Constraint(k) => add(constraints[k as usize].cells()),
            Culprit::Cells(a, b) => add(&[a, b]),
        }
        self.bump *= GROWTH;
        if self.bump > 1e100 {
            // Scale every weight down alike: the order they give stays.
            self.weight.iter_mut().for_each(|w| *w *= 1e-100);
            self.bump *= 1e-100;
        }
    }

    /// The current run's share, in units of [`RESTART_UNIT`] failures.
    fn share(&self) -> u64 {
        self.luby.1
    }

    /// Starts the next run, with the next share of the Luby sequence.
    fn next_run(&mut self) {
        let (u, v) = self.luby;
        self.luby = if u & u.wrapping_neg() == v {
            (u + 1, 1)
        } else {
            (u, 2 * v)
        };
        self.run_failures = 0;
    }
}

/// One search over a model. It keeps its decisions on its own stack rather
/// than recursing, so that a board of thousands of open cells cannot
/// overflow the call stack, and so that a step back is an undo to a mark.
pub(crate) struct Search<'a, M> {
    pub m: &'a Model<M>,
    /// The constraints beyond houses the model watches.
    pub constraints: &'a Constraints<M>,
    pub st: &'a mut State<M>,
    pub frames: &'a mut Vec<Frame<M>>,
    pub limits: Meter,
    pub stats: &'a mut Stats,
    /// With a seed, the order values are tried in is drawn from it; else lowest first.
    pub rng: Option<ChaCha8Rng>,
    /// Failure weights and restart runs (see [`Learned`]).
    pub learned: Learned,
}

impl<M: Mask> Search<'_, M> {
    /// Runs from `givens`, showing each solution to `on_solution` (the
    /// state, every cell with one candidate), which says whether to go on.
    ///
    /// On layouts of houses alone, values that appear nowhere yet are
    /// interchangeable, so a search for the first solution tries only one
    /// of them at each decision (see [`Learned::symmetric`]). When it did
    /// so and finds a solution that is not enough, it shows a second at
    /// once, the first with two values the givens leave out swapped, and
    /// if that is not enough either, searches again in full, skipping both.
    pub(crate) fn run(
        &mut self,
        givens: &[u16],
        mut on_solution: impl FnMut(&State<M>) -> bool,
    ) -> Stop {
        if learn::LEARN
            && let Some(stop) = self.killer(givens, &mut on_solution)
        {
            return stop;
        }
        if learn::LEARN
            && M::BUCKETS
            && let Some(stop) = self.big(givens, &mut on_solution)
        {
            return stop;
        }
        if !HOUSES {
            // Never leaves a value out, so never asks for a second search.
            return self
                .run_once(givens, false, &[], &mut on_solution)
                .unwrap_or(Stop::Exhausted);
        }
        self.learned.pruned = false;
        // A random value order (a generator's grid) searches as it did
        // before either: every value, cell by cell.
        let ordered = self.learned.symmetric && self.rng.is_none();
        let mut symmetric = ordered && !M::BUCKETS;
        let given = givens
            .iter()
            .filter(|&&v| v > 0)
            .fold(M::EMPTY, |u, &v| u | M::bit(usize::from(v) - 1));
        let out = self.m.full & !given;
        self.learned.places = ordered && !out.is_empty();
        // Pairs where the search branches on cells alone: 24% fewer
        // guesses on minimal 16×16 jigsaws; the sparse proofs, which
        // branch on places, took 1% more with them (record 0030).
        self.st.with_pairs = ordered && !M::BUCKETS && !self.learned.places;
        if symmetric && self.learned.places {
            // Sparse layouts of houses alone have heavy tails in the value
            // order: draw it, and restart ([`SPARSE_RESTART_UNIT`]). Not
            // past 64×64, where the pattern's values lead (record 0019).
            self.rng = Some(ChaCha8Rng::seed_from_u64(SPARSE_SEED));
        }
        // Values are interchangeable only while the givens leave two out:
        // then a decision may skip some, and a solution swap two.
        symmetric &= !out.without_lowest().is_empty();
        let mut shown = Vec::new();
        // Layouts of houses alone search plainly for a while, then by
        // learning (record 0031).
        let mut learn = learn::LEARN && self.learned.learn && ordered && !M::BUCKETS;
        loop {
            let once = if std::mem::take(&mut learn) {
                match self.hybrid(givens, out, symmetric, &mut on_solution) {
                    Ok(once) => once,
                    Err(skip) => {
                        // A count past what learning shows: search in full.
                        return self
                            .run_once(givens, false, &skip, &mut on_solution)
                            .unwrap_or(Stop::Exhausted);
                    }
                }
            } else {
                self.run_once(givens, symmetric, &shown, &mut on_solution)
            };
            match once {
                Ok(stop) => return stop,
                Err(first) => {
                    // Two values the givens leave out trade places in any
                    // solution: the first with them swapped is a second.
                    let (a, b) = (out.first(), out.without_lowest().first());
                    let second = self.swapped(&first, a, b);
                    shown.push(first);
                    if let Some(second) = second {
                        self.stats.solutions += 1;
                        if !on_solution(self.st) {
                            return Stop::Enough;
                        }
                        shown.push(second);
                    }
                    symmetric = false;
                    self.stats.restarts += 1;
                }
            }
        }
    }

    /// A layout of houses alone: the plain search for
    /// [`Learned::plain_first`] guesses (at most [`PLAIN_FIRST_GIVEN`]
    /// unless `symmetric`), then learning (see
    /// [`Search::learn`]) with the solutions shown so far blocked. As
    /// `Search::run_once` with `symmetric` (how it stopped, or the first
    /// solution's candidates for the swap); or, when `on_solution` asks for
    /// more than learning shows ([`LEARN_SHOWN`]), every solution shown,
    /// for a full search to skip.
    fn hybrid(
        &mut self,
        givens: &[u16],
        free: M,
        symmetric: bool,
        on_solution: &mut impl FnMut(&State<M>) -> bool,
    ) -> Result<Result<Stop, Vec<M>>, Vec<Vec<M>>> {
        let mut shown: Vec<Vec<M>> = Vec::new();
        let share = if symmetric {
            self.learned.plain_first
        } else {
            self.learned.plain_first.min(PLAIN_FIRST_GIVEN)
        };
        if share > 0 {
            // The plain phase stops at its share as at a budget; the real
            // limits then go on from where it stopped.
            let (real, cells) = (self.limits, self.m.cells);
            self.limits = real.capped(self.stats.guesses.saturating_add(share));
            let once = self.run_once(givens, symmetric, &[], &mut |st: &State<M>| {
                shown.push((0..cells).map(|c| st.cand(c)).collect());
                on_solution(st)
            });
            self.limits = real.resumed(self.stats.guesses);
            if !matches!(once, Ok(Stop::Budget)) || self.limits.reached(self.stats.guesses) {
                return Ok(once);
            }
            if shown.len() >= LEARN_SHOWN {
                // A count past what learning shows: search in full.
                return Err(shown);
            }
        }
        // Values are interchangeable only while the givens leave two out.
        let free = if symmetric { free } else { M::EMPTY };
        self.learn(givens, free, shown, on_solution)
    }

    /// Solutions of a layout of houses alone by learning (see
    /// [`learn::Learner`]), none of those in `shown`, each shown to
    /// `on_solution` in the state and then blocked. With `free` values
    /// (two or more the givens leave out), the first only, as
    /// `Search::run_once` with symmetry, learning in turns with the plain
    /// search ([`Search::turns`]); else up to [`LEARN_SHOWN`] in all,
    /// then every one shown for a full search to skip.
    fn learn(
        &mut self,
        givens: &[u16],
        free: M,
        mut shown: Vec<Vec<M>>,
        on_solution: &mut impl FnMut(&State<M>) -> bool,
    ) -> Result<Result<Stop, Vec<M>>, Vec<Vec<M>>> {
        let symmetric = !free.is_empty();
        let free = (0..self.m.n)
            .filter(|&v| free.has(v))
            .fold(0u64, |f, v| f | 1 << v);
        let mut cdcl = learn::Learner::new(self.m, givens, free);
        let values = |s: &[M]| -> Vec<u16> { s.iter().map(|c| c.first() as u16 + 1).collect() };
        for s in &shown {
            if !cdcl.block(&values(s)) {
                return Ok(Ok(Stop::Exhausted));
            }
        }
        loop {
            let answer = if symmetric {
                match self.turns(&mut cdcl, givens, on_solution) {
                    Ok(answer) => answer,
                    Err(plain) => return Ok(plain),
                }
            } else {
                cdcl.solve(&mut self.limits, self.stats)
            };
            self.st.assignments += cdcl.assignments();
            let learn::Answer::Solved(values) = answer else {
                return Ok(Ok(match answer {
                    learn::Answer::Budget => Stop::Budget,
                    _ => Stop::Exhausted,
                }));
            };
            let held = self
                .st
                .reset(self.m, &values)
                .and_then(|()| self.st.propagate(self.m, self.constraints));
            debug_assert!(held.is_ok(), "a learned solution breaks a rule");
            if held.is_err() {
                // Never, unless learning is wrong: then the plain search
                // answers, rather than a wrong "no solution".
                return Err(shown);
            }
            self.stats.solutions += 1;
            if !on_solution(self.st) {
                return Ok(Ok(Stop::Enough));
            }
            let solution: Vec<M> = (0..self.m.cells).map(|c| self.st.cand(c)).collect();
            if symmetric {
                return Ok(Err(solution));
            }
            shown.push(solution);
            if shown.len() >= LEARN_SHOWN {
                return Err(shown);
            }
            if !cdcl.block(&values) {
                return Ok(Ok(Stop::Exhausted));
            }
        }
    }

    /// Learning and the plain search in turns, for a first solution where
    /// values are interchangeable: `cdcl` for [`Learned::learn_turn`]
    /// decisions, doubled each turn, then the plain search for
    /// [`PLAIN_TURN`] guesses per decision of the turn. Each resumes where
    /// it stopped (the plain search where its first phase or last turn
    /// did: learning touches neither its state nor its frames), so each
    /// takes the path of one search straight through. How learning ended, or
    /// how a plain turn did (as `Search::run_once` with symmetry).
    fn turns(
        &mut self,
        cdcl: &mut learn::Learner,
        givens: &[u16],
        on_solution: &mut impl FnMut(&State<M>) -> bool,
    ) -> Result<learn::Answer, Result<Stop, Vec<M>>> {
        let mut turn = self.learned.learn_turn;
        // Whether the plain search has begun: its first phase, unless
        // the tests skip it.
        let mut started = self.learned.plain_first > 0;
        loop {
            // Each turn stops at its share as at a budget; the real limits
            // then go on from where it stopped.
            let real = self.limits;
            self.limits = real.capped(self.stats.guesses.saturating_add(turn));
            let answer = cdcl.solve(&mut self.limits, self.stats);
            self.limits = real.resumed(self.stats.guesses);
            if !matches!(answer, learn::Answer::Budget) || self.limits.reached(self.stats.guesses) {
                return Ok(answer);
            }
            let real = self.limits;
            let plain = turn.saturating_mul(PLAIN_TURN);
            self.limits = real.capped(self.stats.guesses.saturating_add(plain));
            let once = if std::mem::replace(&mut started, true) {
                self.go_on(true, &[], on_solution, true)
            } else {
                self.run_once(givens, true, &[], on_solution)
            };
            self.limits = real.resumed(self.stats.guesses);
            if !matches!(once, Ok(Stop::Budget)) || self.limits.reached(self.stats.guesses) {
                return Err(once);
            }
            turn = turn.saturating_mul(2);
        }
    }

    /// A killer's search (record 0031): the plain search for its first
    /// [`Learned::handoff`] guesses, then, if it has not ended, learning
    /// with the cages' sums from the givens, past the solutions already
    /// shown (blocked), unless it would hold fewer than half the derived
    /// sums and differences (`KillerSums::holds_most`). `None`
    /// when the rules are not a killer it takes.
    fn killer(
        &mut self,
        givens: &[u16],
        on_solution: &mut impl FnMut(&State<M>) -> bool,
    ) -> Option<Stop> {
        if M::BUCKETS || self.rng.is_some() || !self.learned.learn {
            return None;
        }
        let rules = Arc::clone(self.learned.killer.as_ref()?);
        if !learn::is_killer(&rules) {
            return None;
        }
        let (real, cells) = (self.limits, self.m.cells);
        let mut shown: Vec<Vec<u16>> = Vec::new();
        if self.learned.handoff > 0 {
            let cap = self.stats.guesses.saturating_add(self.learned.handoff);
            self.limits = real.capped(cap);
            let mut show = |st: &State<M>| {
                shown.push((0..cells).map(|c| st.cand(c).first() as u16 + 1).collect());
                on_solution(st)
            };
            let stop = self
                .run_once(givens, false, &[], &mut show)
                .unwrap_or(Stop::Exhausted);
            self.limits = real.resumed(self.stats.guesses);
            if !matches!(stop, Stop::Budget) || self.limits.reached(self.stats.guesses) {
                return Some(stop);
            }
        }
        let Some(sums) = learn::killer_cages(&rules, self.m).filter(|s| s.holds_most()) else {
            // A cage of too many value sets, or learning would lack most
            // of what the plain search derives: the plain search in full,
            // past the solutions shown.
            return Some(self.plain_past(givens, &shown, on_solution));
        };
        // Decisions by activity alone: on 16×16 and 12×12 killers they
        // answer more than by cells or both in turns (record 0040).
        let mut cdcl = learn::Learner::single(learn::Cdcl::new(self.m, givens, 0).by_activity());
        if !cdcl.with_sums(&sums.cages) || !shown.iter().all(|s| cdcl.block(s)) {
            return Some(Stop::Exhausted);
        }
        let stop = self.learned_solutions(&mut cdcl, &mut shown, on_solution);
        if stop.is_none() {
            // Never, unless learning is wrong: the plain search answers.
            self.learned.learn = false;
        }
        stop
    }

    /// A layout of houses alone past 64×64 (record 0019): the plain search
    /// (probing once a value fails) until its [`Learned::big_handoff`]-th
    /// failure, then, if it has not ended, learning from the givens past
    /// the solutions already shown (blocked), each solution shown and then
    /// blocked. `None` when learning does not take the board: a drawn
    /// value order, constraints beyond houses, or more literals than
    /// [`BIG_LITERALS`].
    fn big(
        &mut self,
        givens: &[u16],
        on_solution: &mut impl FnMut(&State<M>) -> bool,
    ) -> Option<Stop> {
        if self.rng.is_some()
            || !self.learned.learn
            || !self.constraints.is_empty()
            || self.m.cells * self.m.n > BIG_LITERALS
        {
            return None;
        }
        let (real, cells) = (self.limits, self.m.cells);
        let mut shown: Vec<Vec<u16>> = Vec::new();
        if self.learned.big_handoff > 0 {
            // `Search::fail` caps the meter at the handoff's failure.
            self.learned.big_cap = self
                .learned
                .run_failures
                .saturating_add(self.learned.big_handoff);
            let mut show = |st: &State<M>| {
                shown.push((0..cells).map(|c| st.cand(c).first() as u16 + 1).collect());
                on_solution(st)
            };
            let stop = self
                .run_once(givens, false, &[], &mut show)
                .unwrap_or(Stop::Exhausted);
            self.learned.big_cap = u64::MAX;
            self.limits = real.resumed(self.stats.guesses);
            if !matches!(stop, Stop::Budget) || self.limits.reached(self.stats.guesses) {
                return Some(stop);
            }
        }
        // By activity: a 144×144 board at 70% given takes 1.4× fewer
        // decisions, and each skips the scan of every cell (record 0041).
        let cdcl = learn::Cdcl::without_givens(self.m, givens, 0).by_activity();
        let mut cdcl = learn::Learner::single(cdcl);
        if !shown.iter().all(|s| cdcl.block(s)) {
            return Some(Stop::Exhausted);
        }
        // Never `None` unless learning is wrong: then the plain search
        // answers, past the solutions shown.
        let stop = self.learned_solutions(&mut cdcl, &mut shown, on_solution);
        Some(stop.unwrap_or_else(|| self.plain_past(givens, &shown, on_solution)))
    }

    /// The solutions `cdcl` finds, each put in the state, checked by the
    /// rules, shown to `on_solution`, added to `shown` and blocked, until
    /// the search or `on_solution` stops (how). `None` when a learned
    /// solution breaks a rule: never, unless learning is wrong.
    fn learned_solutions(
        &mut self,
        cdcl: &mut learn::Learner,
        shown: &mut Vec<Vec<u16>>,
        on_solution: &mut impl FnMut(&State<M>) -> bool,
    ) -> Option<Stop> {
        loop {
            let answer = cdcl.solve(&mut self.limits, self.stats);
            self.st.assignments += cdcl.assignments();
            let values = match answer {
                learn::Answer::None => return Some(Stop::Exhausted),
                learn::Answer::Budget => return Some(Stop::Budget),
                learn::Answer::Solved(values) => values,
            };
            let held = self
                .st
                .reset(self.m, &values)
                .and_then(|()| self.st.propagate(self.m, self.constraints));
            debug_assert!(held.is_ok(), "a learned solution breaks a rule");
            if held.is_err() {
                return None;
            }
            self.stats.solutions += 1;
            if !on_solution(self.st) {
                return Some(Stop::Enough);
            }
            if !cdcl.block(&values) {
                return Some(Stop::Exhausted);
            }
            shown.push(values);
        }
    }

    /// The plain search in full, past the solutions `shown` (values from 1
    /// a cell).
    fn plain_past(
        &mut self,
        givens: &[u16],
        shown: &[Vec<u16>],
        on_solution: &mut impl FnMut(&State<M>) -> bool,
    ) -> Stop {
        let skip: Vec<Vec<M>> = shown
            .iter()
            .map(|s| s.iter().map(|&v| M::bit(usize::from(v) - 1)).collect())
            .collect();
        self.run_once(givens, false, &skip, on_solution)
            .unwrap_or(Stop::Exhausted)
    }

    /// Puts `solution` with values `a` and `b` (less one) swapped in the
    /// state, every cell placed, and returns its candidates; `None` if it
    /// does not hold (never, when the rules are houses alone and the
    /// givens hold neither value).
    fn swapped(&mut self, solution: &[M], a: usize, b: usize) -> Option<Vec<M>> {
        let values: Vec<u16> = solution
            .iter()
            .map(|&c| {
                let d = c.first();
                let d = if d == a {
                    b
                } else if d == b {
                    a
                } else {
                    d
                };
                d as u16 + 1
            })
            .collect();
        let held = self
            .st
            .reset(self.m, &values)
            .and_then(|()| self.st.propagate(self.m, self.constraints));
        debug_assert!(
            held.is_ok(),
            "a swap of interchangeable values breaks a rule"
        );
        held.ok()?;
        Some((0..self.m.cells).map(|c| self.st.cand(c)).collect())
    }

    /// One search from `givens`, trying one interchangeable value a
    /// decision while `symmetric` and no solution is found, and not showing
    /// the solutions in `skip`. How it stopped; or, when `symmetric` and it
    /// must go on past the first solution, that solution's candidates.
    #[inline(always)]
    fn run_once(
        &mut self,
        givens: &[u16],
        symmetric: bool,
        skip: &[Vec<M>],
        on_solution: &mut impl FnMut(&State<M>) -> bool,
    ) -> Result<Stop, Vec<M>> {
        self.frames.clear();
        if self
            .st
            .reset(self.m, givens)
            .and_then(|()| self.st.propagate(self.m, self.constraints))
            .is_err()
        {
            return Ok(Stop::Exhausted);
        }
        self.go_on(symmetric, skip, on_solution, false)
    }

    /// The loop of `Search::run_once`; with `resume`, going on from where
    /// it stopped at its budget (the newest decision's next candidate
    /// first), the state and frames as it left them.
    #[inline(always)]
    fn go_on(
        &mut self,
        symmetric: bool,
        skip: &[Vec<M>],
        on_solution: &mut impl FnMut(&State<M>) -> bool,
        resume: bool,
    ) -> Result<Stop, Vec<M>> {
        if resume && let Some(stop) = self.advance() {
            return Ok(stop);
        }
        loop {
            if self.restart_due() {
                if self.restart().is_err() {
                    return Ok(Stop::Exhausted);
                }
                continue;
            }
            // Past 64×64, once a value has failed: probe the two-way cells;
            // a node where both values of one fail fails as a decision does.
            let mut probed = None;
            if PROBE && M::BUCKETS && self.learned.run_failures > 0 {
                match self.st.probe(self.m, self.constraints) {
                    Ok(best) => probed = best.map(Choice::Cell),
                    Err(_) => {
                        self.stats.backtracks += 1;
                        self.fail(None);
                        if let Some(stop) = self.advance() {
                            return Ok(stop);
                        }
                        continue;
                    }
                }
            }
            // Descend: a solution, or one more decision.
            match probed.or_else(|| self.pick()) {
                None => {
                    let seen = skip
                        .iter()
                        .any(|s| (0..self.m.cells).all(|c| self.st.cand(c) == s[c]));
                    if !seen {
                        self.stats.solutions += 1;
                        if !on_solution(self.st) {
                            return Ok(Stop::Enough);
                        }
                        if symmetric {
                            return Err((0..self.m.cells).map(|c| self.st.cand(c)).collect());
                        }
                    }
                }
                Some(Choice::Cell(cell)) => {
                    let mut left = self.st.cand(cell);
                    if symmetric {
                        // Of the values placed nowhere yet, the first stands for all.
                        let fresh = left & !self.used();
                        if !fresh.without_lowest().is_empty() {
                            left &= !fresh.without_lowest();
                            self.learned.pruned = true;
                        }
                    }
                    self.frames.push(Frame {
                        cell: cell as u32,
                        value: VALUES,
                        left,
                        now: M::EMPTY,
                        mark: self.st.mark(),
                    });
                }
                Some(Choice::Place(h, d)) => self.frames.push(Frame {
                    cell: h as u32,
                    value: d as u32,
                    // Never chosen without `HOUSES`; an empty frame is popped.
                    left: if HOUSES { self.places(h, d) } else { M::EMPTY },
                    now: M::EMPTY,
                    mark: self.st.mark(),
                }),
            }
            if let Some(stop) = self.advance() {
                return Ok(stop);
            }
        }
    }

    /// The values placed in some cell.
    fn used(&self) -> M {
        (0..self.m.cells)
            .filter(|&c| self.st.is_done(c))
            .fold(M::EMPTY, |u, c| u | self.st.cand(c))
    }

    /// Moves the newest decision to its next candidate that propagates
    /// without contradiction, stepping back past decisions with none left.
    /// `None` once a candidate holds; else why the search stops.
    fn advance(&mut self) -> Option<Stop> {
        let (m, constraints) = (self.m, self.constraints);
        loop {
            let Some(f) = self.frames.last_mut() else {
                return Some(Stop::Exhausted);
            };
            self.st.undo(m, f.mark);
            let (house, value) = (f.cell as usize, f.value);
            let left = if !HOUSES || value == VALUES {
                f.left & self.st.cand(house)
            } else {
                f.left & self.places(house, value as usize)
            };
            if left.is_empty() {
                self.frames.pop();
                self.stats.backtracks += 1;
                continue;
            }
            if self.limits.reached(self.stats.guesses) {
                return Some(Stop::Budget);
            }
            self.stats.guesses += 1;
            self.st.exact = true;
            let one = match &mut self.rng {
                Some(rng) => left.nth(random::below(rng, left.count())),
                None if HOUSES && value != VALUES => left.lowest(),
                None => match self.m.pattern.get(house) {
                    Some(&v) if left.meets(M::bit(usize::from(v))) => M::bit(usize::from(v)),
                    _ => left.lowest(),
                },
            };
            // The cell and value tried: `one` of the cell's values, or the
            // value at place `one` of the house.
            let (cell, bit) = if !HOUSES || value == VALUES {
                (house, one)
            } else {
                (m.house(house)[one.first()] as usize, M::bit(value as usize))
            };
            let f = self.frames.last_mut().expect("the decision at hand");
            f.left = left & !one;
            f.now = one;
            self.st.culprit = Culprit::Unknown;
            if self
                .st
                .restrict(m, cell, bit)
                .and_then(|()| self.st.propagate(m, constraints))
                .is_ok()
            {
                return None;
            }
            // The value failed here: rule it out for the candidates left, and
            // keep what follows under the decision's new mark.
            self.stats.backtracks += 1;
            self.fail(Some(cell));
            let f = self.frames.last_mut().expect("the decision just tried");
            self.st.undo(m, f.mark);
            f.now = M::EMPTY;
            self.st.culprit = Culprit::Unknown;
            if self
                .st
                .restrict(m, cell, !bit)
                .and_then(|()| self.st.propagate(m, constraints))
                .is_ok()
            {
                f.mark = self.st.mark();
            } else {
                self.fail(None);
                self.frames.pop();
            }
        }
    }

    /// Charges the contradiction just found to its culprit's cells, or,
    /// unweighted, to `cell` when a value failed there.
    fn fail(&mut self, cell: Option<usize>) {
        self.learned.run_failures += 1;
        if M::BUCKETS && self.learned.run_failures == self.learned.big_cap {
            // Past 64×64: stop at the next guess, for learning (`Search::big`).
            self.limits = self.limits.capped(self.stats.guesses);
        }
        if !self.learned.weighted {
            if let Some(c) = cell {
                self.learned.fails[c] = self.learned.fails[c].saturating_add(1);
            }
        } else if !M::BUCKETS {
            let culprit = std::mem::take(&mut self.st.culprit);
            self.learned.charge(self.m, self.constraints, culprit, cell);
        }
    }

    /// Whether the run has used up its share: [`RESTART_UNIT`] failures
    /// times its Luby term. Only a search with no solution yet restarts, so
    /// that none is shown twice, and only up to 64×64, where the failure
    /// weights (or, on sparse layouts of houses alone, the drawn value
    /// order, which goes on from run to run) steer each run elsewhere.
    fn restart_due(&self) -> bool {
        !M::BUCKETS
            && ((self.learned.weighted && self.learned.restarts) || self.learned.places)
            && self.stats.solutions == 0
            && self.learned.run_failures >= self.learned.unit * self.learned.share()
    }

    /// Starts the next run from the first decision's state, keeping what
    /// it proved: the values of its cell (or the places of its value)
    /// already tried and exhausted are ruled out. The shares grow without
    /// bound, so some run finishes and the search stays complete.
    ///
    /// # Errors
    ///
    /// A contradiction when ruling them out leaves none: no solution.
    fn restart(&mut self) -> Result<(), Contradiction> {
        self.stats.restarts += 1;
        self.learned.next_run();
        let Some(&root) = self.frames.first() else {
            return Ok(());
        };
        self.frames.clear();
        let (m, keep) = (self.m, root.left | root.now);
        self.st.undo(m, root.mark);
        if !HOUSES || root.value == VALUES {
            self.st.restrict(m, root.cell as usize, keep)
        } else {
            let d = root.value as usize;
            m.house(root.cell as usize)
                .iter()
                .enumerate()
                .try_for_each(|(i, &c)| {
                    let c = c as usize;
                    if !keep.meets(M::bit(i)) && self.st.cand(c).has(d) {
                        self.st.restrict(m, c, !M::bit(d))
                    } else {
                        Ok(())
                    }
                })
        }
        .and_then(|()| self.st.propagate(m, self.constraints))
    }

    /// The places of value `d` (less one) in house `h`, as positions in it.
    fn places(&self, h: usize, d: usize) -> M {
        let mut at = M::EMPTY;
        for (i, &c) in self.m.house(h).iter().enumerate() {
            if self.st.cand(c as usize).has(d) {
                at |= M::bit(i);
            }
        }
        at
    }

    /// Calls `f` with each house, value (less one) with exactly two places
    /// left in it, and those two cells.
    fn each_two_placed(&self, mut f: impl FnMut(usize, usize, [usize; 2])) {
        for h in 0..self.m.house_count() {
            let house = self.m.house(h);
            // Values with one place or more, two or more, three or more.
            let (mut one, mut two, mut three) = (M::EMPTY, M::EMPTY, M::EMPTY);
            for &c in house {
                let cand = self.st.cand(c as usize);
                three |= two & cand;
                two |= one & cand;
                one |= cand;
            }
            let mut pick = two & !three;
            while !pick.is_empty() {
                let d = pick.first();
                pick = pick.without_lowest();
                let mut at = house
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.st.cand(c).has(d));
                if let (Some(a), Some(b)) = (at.next(), at.next()) {
                    f(h, d, [a, b]);
                }
            }
        }
    }

    /// Of the values with two places left in a house, the one whose two
    /// cells' values failed most (the first on a tie), as (house, value
    /// less one); `None` when no value has two places.
    fn two_places(&self) -> Option<(usize, usize)> {
        let mut best: Option<(u32, usize, usize)> = None;
        self.each_two_placed(|h, d, [a, b]| {
            let fails = self.learned.fails[a] + self.learned.fails[b];
            if best.is_none_or(|k| fails > k.0) {
                best = Some((fails, h, d));
            }
        });
        best.map(|(_, h, d)| (h, d))
    }

    /// Of the values with two places left in a house, the one whose heavier
    /// cell weighs most, as (house, value less one), when half that weight
    /// reaches `score` (the later on a tie, as ISS); else `None`.
    fn weighted_places(&self, score: f64) -> Option<(usize, usize)> {
        let mut best: Option<(f64, usize, usize)> = None;
        self.each_two_placed(|h, d, [a, b]| {
            let half = 0.5 * self.learned.weight[a].max(self.learned.weight[b]);
            if half >= best.map_or(score, |k| k.0) {
                best = Some((half, h, d));
            }
        });
        best.map(|(_, h, d)| (h, d))
    }

    /// Where to branch next: on boards up to 64×64, the open cell with the
    /// fewest candidates for its failure weight, or `None` when every cell
    /// is placed. With no failures yet, that is the first with the fewest
    /// candidates. Unweighted, when that cell has three candidates or more
    /// and the givens leave a value out ([`Learned::places`]), a value with
    /// two places in a house is chosen instead (see
    /// [`Search::two_places`]): the proofs of hard_cases' 9×9 jigsaws with
    /// a diagonal take a tenth of the guesses (record 0030).
    fn pick(&self) -> Option<Choice> {
        if self.st.open() == 0 {
            return None;
        }
        if M::BUCKETS {
            return self.st.fewest().map(Choice::Cell);
        }
        if !self.learned.weighted {
            // Fewest candidates, ties to the cell with the most failures.
            let mut best = (u32::MAX, 0u32, 0);
            for cell in 0..self.m.cells {
                if self.st.is_done(cell) {
                    continue;
                }
                let (k, fails) = (self.st.cand(cell).count(), self.learned.fails[cell]);
                if k < best.0 || (k == best.0 && fails > best.1) {
                    best = (k, fails, cell);
                }
            }
            if HOUSES
                && self.learned.places
                && best.0 > 2
                && let Some((h, d)) = self.two_places()
            {
                return Some(Choice::Place(h, d));
            }
            return Some(Choice::Cell(best.2));
        }
        // Candidates over weight, compared as cross products: (k, w, cell).
        let weight = &self.learned.weight;
        let mut best = (f64::INFINITY, 1.0, 0);
        for (cell, &w) in weight.iter().enumerate() {
            if self.st.is_done(cell) {
                continue;
            }
            let k = f64::from(self.st.cand(cell).count());
            if k * best.1 < best.0 * w {
                best = (k, w, cell);
            }
        }
        // As ISS: past two candidates, a value with two places in a house
        // whose heavier cell weighs at least twice the cell's weight per candidate.
        if HOUSES
            && self.learned.weighted_places
            && best.0 > 2.0
            && let Some((h, d)) = self.weighted_places(best.1 / best.0)
        {
            return Some(Choice::Place(h, d));
        }
        Some(Choice::Cell(best.2))
    }
}

#[cfg(test)]
mod tests {
    use super::{Learned, Search};
    use crate::engine::limits::Meter;
    use crate::engine::reference::Reference;
    use crate::engine::stats::Stats;
    use crate::engine::variant::mask::Mask;
    use crate::engine::variant::model::Model;
    use crate::engine::variant::propagate::Constraints;
    use crate::engine::variant::propagate::compile;
    use crate::engine::variant::state::State;
    use crate::model::puzzle::Puzzle;
    use crate::model::rules::{ChessRule, Rules};
    use crate::random;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// Runs a search of `rules` from `givens` with `learned` (given the
    /// compiled model), showing each solution's values to `visit`: (the
    /// statistics, whether the search left values out).
    fn search(
        rules: &Rules,
        givens: Option<&[u16]>,
        learned: impl FnOnce(&Model<u64>, &Constraints<u64>) -> Learned,
        mut visit: impl FnMut(Vec<usize>) -> bool,
    ) -> (Stats, bool) {
        let (model, constraints) = compile::<u64>(rules);
        let (mut st, mut frames, mut stats) = (State::new(&model), Vec::new(), Stats::default());
        let empty = vec![0; model.cells];
        let mut search = Search {
            m: &model,
            constraints: &constraints,
            st: &mut st,
            frames: &mut frames,
            limits: Meter::new(u64::MAX, None, 256),
            stats: &mut stats,
            rng: None,
            learned: learned(&model, &constraints),
        };
        let _ = search.run(givens.unwrap_or(&empty), |st| {
            visit((0..model.cells).map(|c| st.cand(c).first() + 1).collect())
        });
        let pruned = search.learned.pruned;
        (stats, pruned)
    }

    /// Takes a solution a search to `limit` shows: it keeps `rules` and
    /// `givens` and was not shown before; returns whether to go on.
    fn take_shown(
        rules: &Rules,
        givens: &[u16],
        shown: &mut Vec<Vec<usize>>,
        values: Vec<usize>,
        limit: usize,
    ) -> bool {
        let cells: Vec<u16> = values.iter().map(|&v| v as u16).collect();
        assert!(rules.check(&cells).is_ok(), "a solution breaks a rule");
        assert!(givens.iter().zip(&cells).all(|(g, v)| *g == 0 || g == v));
        assert!(!shown.contains(&values), "a solution shown twice");
        shown.push(values);
        shown.len() < limit
    }

    /// Counts every solution of an empty board under `rules`, restarting
    /// every `unit` failures: (solutions, restarts).
    fn count(rules: &Rules, unit: u64) -> (u64, u64) {
        let learned = |model: &Model<u64>, constraints: &Constraints<u64>| {
            let mut learned = Learned::new(model.cells, true);
            learned.prime(model, constraints);
            learned.unit = unit;
            learned
        };
        let (stats, _) = search(rules, None, learned, |_| true);
        (stats.solutions, stats.restarts)
    }

    /// Rules with a renban line search without restarts (each run would
    /// start a proof of no solution over); rules of houses and dots keep them.
    #[test]
    fn renban_lines_turn_restarts_off() {
        use crate::model::constraint::Constraint;
        let learned = |rules: Rules| Learned::new(81, true).with_rules(std::sync::Arc::new(rules));
        let line = Constraint::Renban {
            cells: vec![1, 9, 11, 19],
        };
        let plain = Rules::classic(9).unwrap();
        assert!(learned(plain.clone()).restarts);
        assert!(!learned(plain.with_constraint(line).unwrap()).restarts);
    }

    /// Restarting after every failure or two finds the same solutions as
    /// never restarting, on rule sets with many solutions and with none.
    #[test]
    fn counts_stay_exact_across_restarts() {
        let sets = [
            Rules::boxes(2, 3).unwrap().with_diagonals(),
            Rules::boxes(2, 3)
                .unwrap()
                .with_chess(ChessRule::AntiKnight),
            Rules::boxes(2, 2).unwrap().with_chess(ChessRule::AntiKing),
            Rules::boxes(2, 3)
                .unwrap()
                .with_diagonals()
                .with_chess(ChessRule::AntiKing),
        ];
        let mut restarted = 0;
        for rules in &sets {
            let (plain, _) = count(rules, u64::MAX / 64);
            let (often, restarts) = count(rules, 1);
            assert_eq!(often, plain, "{rules:?}");
            restarted += restarts;
        }
        assert!(restarted > 0, "no search restarted");
    }

    /// Rules with a sum whose values may repeat keep their first dive (no
    /// restart, record 0036, session 13); the same rules without it restart.
    #[test]
    fn sums_that_may_repeat_keep_their_first_dive() {
        use crate::model::constraint::Constraint;
        let plain = Rules::boxes(2, 3)
            .unwrap()
            .with_diagonals()
            .with_chess(ChessRule::AntiKing);
        let sum = Constraint::Sum {
            cells: vec![0, 35],
            sum: 7,
        };
        let with = plain.clone().with_constraint(sum).unwrap();
        for (rules, restarts) in [(&plain, true), (&with, false)] {
            let learned = |model: &Model<u64>, constraints: &Constraints<u64>| {
                let mut learned = Learned::new(model.cells, true);
                learned.prime(model, constraints);
                learned.unit = 1;
                learned.with_rules(std::sync::Arc::new(rules.clone()))
            };
            let (stats, _) = search(rules, None, learned, |_| true);
            assert_eq!(stats.restarts > 0, restarts, "{rules:?}: {stats:?}");
        }
    }

    /// Counts the solutions of `rules` with `givens` (as many as there
    /// are, or one), branching unweighted, with or without trying one value
    /// of those placed nowhere yet: (solutions, whether any value was left out).
    fn count_symmetric(
        rules: &Rules,
        givens: &[u16],
        symmetric: bool,
        all: bool,
        unit: Option<u64>,
    ) -> (u64, bool) {
        let learned = |model: &Model<u64>, _: &Constraints<u64>| {
            let mut learned = Learned::new(model.cells, false);
            learned.symmetric = symmetric;
            // The plain search's symmetry, not learning's.
            learned.learn = false;
            if let Some(unit) = unit {
                learned.unit = unit;
            }
            learned
        };
        let mut shown = Vec::new();
        let (stats, pruned) = search(rules, Some(givens), learned, |values| {
            assert!(
                givens
                    .iter()
                    .zip(&values)
                    .all(|(&g, &v)| g == 0 || usize::from(g) == v),
                "a solution drops a given"
            );
            assert!(!shown.contains(&values), "a solution shown twice");
            shown.push(values);
            all
        });
        (stats.solutions, pruned)
    }

    /// Trying one value of those placed nowhere yet finds a solution
    /// exactly when trying them all does, and counting all goes on in full
    /// to the same count (restarting or not, showing the first solution
    /// with two values swapped), which branching on cells alone (without a
    /// value's two places in a house) finds too: on rule sets of houses
    /// alone with a few random givens, many of them unsolvable.
    #[test]
    fn symmetry_keeps_proofs_and_counts() {
        let sets = [
            Rules::boxes(2, 3).unwrap().with_diagonals(),
            Rules::boxes(2, 3)
                .unwrap()
                .with_chess(ChessRule::AntiKnight),
            Rules::boxes(2, 3)
                .unwrap()
                .with_diagonals()
                .with_chess(ChessRule::AntiKing),
            Rules::boxes(2, 2).unwrap().with_diagonals(),
        ];
        let (mut rng, mut unsolvable, mut pruned) = (ChaCha8Rng::seed_from_u64(30), 0, 0);
        for rules in &sets {
            let cells = rules.size() * rules.size();
            for _ in 0..40 {
                let mut givens = vec![0u16; cells];
                for _ in 0..2 + random::below(&mut rng, 3) {
                    let c = random::below(&mut rng, cells as u32) as usize;
                    givens[c] = random::below(&mut rng, rules.size() as u32) as u16 + 1;
                }
                let (plain, _) = count_symmetric(rules, &givens, false, true, None);
                // Branching by cells alone, as weighted searches do.
                let by_cells = |model: &Model<u64>, _: &Constraints<u64>| {
                    let mut learned = Learned::new(model.cells, true);
                    learned.unit = u64::MAX / 64;
                    learned
                };
                let (reference, _) = search(rules, Some(&givens), by_cells, |_| true);
                assert_eq!(plain, reference.solutions, "{rules:?} {givens:?}");
                let (first, left_out) = count_symmetric(rules, &givens, true, false, None);
                assert_eq!(first, plain.min(1), "{rules:?} {givens:?}");
                let (every, _) = count_symmetric(rules, &givens, true, true, None);
                assert_eq!(every, plain, "{rules:?} {givens:?}");
                // Sparse searches restart; after every failure here.
                for all in [false, true] {
                    let (found, _) = count_symmetric(rules, &givens, true, all, Some(1));
                    assert_eq!(found, if all { plain } else { plain.min(1) });
                }
                unsolvable += u32::from(plain == 0);
                pruned += u32::from(left_out);
            }
        }
        assert!(unsolvable > 10, "only {unsolvable} unsolvable");
        assert!(pruned > 40, "values left out in only {pruned} searches");
    }

    /// A 6×6 jigsaw: six connected regions of six cells.
    #[rustfmt::skip]
    const JIGSAW6: [usize; 36] = [
        0, 0, 0, 1, 1, 1,
        0, 0, 2, 2, 1, 1,
        0, 2, 2, 2, 1, 3,
        4, 4, 2, 5, 3, 3,
        4, 4, 5, 5, 3, 3,
        4, 4, 5, 5, 5, 3,
    ];

    /// Naked and hidden pairs keep every solution: on planted grids of
    /// layouts of houses alone (a 6×6 jigsaw, diagonals, anti-king) with
    /// random givens that hold every value, counting with them (branching
    /// on cells, unweighted) finds the count of a search without them
    /// (weighted, which never checks pairs), the planted grid among the
    /// solutions (`propagate::subsets`' tests check what they rule out).
    #[test]
    fn pairs_keep_every_solution() {
        let regions = JIGSAW6;
        let sets = [
            Rules::jigsaw(6, &regions).unwrap(),
            Rules::jigsaw(6, &regions).unwrap().with_diagonal(false),
            Rules::boxes(2, 3).unwrap().with_diagonals(),
            Rules::boxes(2, 4).unwrap().with_chess(ChessRule::AntiKing),
        ];
        let (mut rng, mut checked) = (ChaCha8Rng::seed_from_u64(41), 0);
        for rules in &sets {
            let mut planted = Vec::new();
            let first = |model: &Model<u64>, _: &Constraints<u64>| Learned::new(model.cells, false);
            search(rules, None, first, |values| {
                planted = values;
                false
            });
            let n = rules.size();
            assert_eq!(planted.len(), n * n, "{rules:?} has no solution");
            for _ in 0..40 {
                let keep = 2 + random::below(&mut rng, 3);
                let givens: Vec<u16> = planted
                    .iter()
                    .map(|&v| {
                        let kept = random::below(&mut rng, 10) < keep;
                        if kept { v as u16 } else { 0 }
                    })
                    .collect();
                if (1..=n as u16).any(|v| !givens.contains(&v)) {
                    continue;
                }
                checked += 1;
                let mut found = false;
                let (with, _) = search(
                    rules,
                    Some(&givens),
                    |model, _| Learned::new(model.cells, false),
                    |values| {
                        found |= values == planted;
                        true
                    },
                );
                let by_cells = |model: &Model<u64>, _: &Constraints<u64>| {
                    let mut learned = Learned::new(model.cells, true);
                    learned.unit = u64::MAX / 64;
                    learned
                };
                let (without, _) = search(rules, Some(&givens), by_cells, |_| true);
                assert_eq!(with.solutions, without.solutions, "{rules:?} {givens:?}");
                assert!(found, "{rules:?} {givens:?}: the planted grid is lost");
            }
        }
        assert!(checked > 60, "only {checked} puzzles hold every value");
    }

    /// The shares run through the Luby sequence, each power of two first
    /// at run 2^k - 1.
    #[test]
    fn runs_share_as_the_luby_sequence() {
        let mut learned = Learned::new(1, true);
        let mut shares = Vec::new();
        for _ in 0..(1 << 12) - 1 {
            shares.push(learned.share());
            learned.next_run();
        }
        assert_eq!(shares[..15], [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        for k in 1..=12 {
            assert_eq!(shares[(1 << k) - 2], 1 << (k - 1), "run {}", (1 << k) - 1);
            assert!(shares[..(1 << k) - 2].iter().all(|&s| s < 1 << (k - 1)));
        }
    }

    /// Counting by learning where the givens hold every value or all but
    /// one (no symmetry to break: a blocking clause after each solution),
    /// or all but two or three (value precedence, then the swap),
    /// forced from the start or after a few plain guesses (whose solutions
    /// learning must then block), to one, two, three (past what learning
    /// shows, so the plain search goes on skipping them) and up to 300,
    /// agrees with the reference; every solution keeps the givens and the
    /// rules and is shown once. On 6×6 layouts of houses alone, planted
    /// grids relabelled at random, some givens changed (no solution).
    #[test]
    fn learning_counts_where_values_are_given() {
        let regions = JIGSAW6;
        let sets = [
            Rules::jigsaw(6, &regions).unwrap().with_diagonal(true),
            Rules::boxes(2, 3).unwrap().with_diagonals(),
            Rules::boxes(2, 3)
                .unwrap()
                .with_chess(ChessRule::AntiKnight),
            Rules::jigsaw(6, &regions).unwrap(),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(0x41c);
        let (mut counted, mut none, mut unique, mut past_two) = (0, 0, 0, 0);
        for rules in &sets {
            let n = rules.size();
            let mut planted = Vec::new();
            let first = |model: &Model<u64>, _: &Constraints<u64>| Learned::new(model.cells, false);
            search(rules, None, first, |values| {
                planted = values;
                false
            });
            assert_eq!(planted.len(), n * n, "{rules:?} has no solution");
            for _ in 0..25 {
                // A random relabelling of the planted grid, some of it given.
                let mut perm: Vec<usize> = (1..=n).collect();
                for i in (1..n).rev() {
                    perm.swap(i, random::below(&mut rng, i as u32 + 1) as usize);
                }
                let grid: Vec<u16> = planted.iter().map(|&v| perm[v - 1] as u16).collect();
                let keep = 1 + random::below(&mut rng, 3);
                let mut givens: Vec<u16> = grid
                    .iter()
                    .map(|&v| {
                        if random::below(&mut rng, 10) < keep {
                            v
                        } else {
                            0
                        }
                    })
                    .collect();
                // Every value given, all but the last (no symmetry), or all
                // but two or three (precedence, and the swap for a second).
                let hold = n as u16 - random::below(&mut rng, 4) as u16;
                for v in 1..=hold {
                    if !givens.contains(&v) {
                        let c = grid.iter().position(|&g| g == v).unwrap();
                        givens[c] = v;
                    }
                }
                if random::below(&mut rng, 2) == 0 {
                    let c = random::below(&mut rng, (n * n) as u32) as usize;
                    givens[c] = random::below(&mut rng, hold as u32) as u16 + 1;
                }
                let Ok(puzzle) = Puzzle::from_cells(rules.clone(), &givens) else {
                    continue;
                };
                for limit in [1, 2, 3, 300] {
                    let want = Reference::new().count_variant(&puzzle, limit).found();
                    for plain_first in [0, 3] {
                        let learned = |model: &Model<u64>, _: &Constraints<u64>| {
                            let mut learned = Learned::new(model.cells, false);
                            learned.plain_first = plain_first;
                            learned
                        };
                        let mut shown: Vec<Vec<usize>> = Vec::new();
                        search(rules, Some(&givens), learned, |values| {
                            take_shown(rules, &givens, &mut shown, values, limit)
                        });
                        assert_eq!(shown.len(), want, "{rules:?} {givens:?} to {limit}");
                    }
                    counted += 1;
                    none += usize::from(limit == 300 && want == 0);
                    unique += usize::from(limit == 300 && want == 1);
                    past_two += usize::from(limit == 300 && want > 2);
                }
            }
        }
        assert!(
            counted >= 200 && none >= 5 && unique >= 5 && past_two >= 5,
            "{counted} counts: {none} with none, {unique} unique, {past_two} past two"
        );
    }

    /// Learning in turns with the plain search (a turn of one decision,
    /// then two plain guesses, doubling), where the givens leave two values
    /// or more out, counts to one, two and 300 as the reference does, every
    /// solution keeping the givens and the rules and shown once: so a plain
    /// turn's budget never passes for an end, and a solution found by
    /// either search is taken. On 6×6 layouts of houses alone with
    /// a few random givens, many of them unsolvable.
    #[test]
    fn turns_with_the_plain_search_keep_counts() {
        let regions = JIGSAW6;
        let sets = [
            Rules::boxes(2, 3).unwrap().with_diagonals(),
            Rules::boxes(2, 3)
                .unwrap()
                .with_chess(ChessRule::AntiKnight),
            Rules::jigsaw(6, &regions).unwrap().with_diagonal(true),
            Rules::boxes(2, 3)
                .unwrap()
                .with_diagonals()
                .with_chess(ChessRule::AntiKing),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(0x137);
        let (mut counted, mut none, mut turned) = (0, 0, 0);
        for rules in &sets {
            let n = rules.size();
            for _ in 0..30 {
                let mut givens = vec![0u16; n * n];
                for _ in 0..2 + random::below(&mut rng, 3) {
                    let c = random::below(&mut rng, (n * n) as u32) as usize;
                    givens[c] = random::below(&mut rng, n as u32 - 2) as u16 + 1;
                }
                let Ok(puzzle) = Puzzle::from_cells(rules.clone(), &givens) else {
                    continue;
                };
                for limit in [1, 2, 300] {
                    let want = Reference::new().count_variant(&puzzle, limit).found();
                    let learned = |model: &Model<u64>, _: &Constraints<u64>| {
                        let mut learned = Learned::new(model.cells, false);
                        learned.plain_first = 0;
                        learned.learn_turn = 1;
                        learned
                    };
                    let mut shown: Vec<Vec<usize>> = Vec::new();
                    let (stats, _) = search(rules, Some(&givens), learned, |values| {
                        take_shown(rules, &givens, &mut shown, values, limit)
                    });
                    assert_eq!(shown.len(), want, "{rules:?} {givens:?} to {limit}");
                    counted += 1;
                    none += usize::from(want == 0);
                    // Past one learning decision, a plain turn ran.
                    turned += usize::from(limit == 1 && stats.guesses > 3);
                }
            }
        }
        assert!(
            counted >= 250 && none >= 30 && turned >= 20,
            "{counted} counts: {none} with none, {turned} past a plain turn"
        );
    }
}
