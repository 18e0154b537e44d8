//! The general engine's settings for each board size, each with the measurements that chose it.
//!
//! Every choice below was measured on the sets the engine issue names (and on
//! planted big boards); the comments keep the figures, and the ideas tried and
//! dropped, next to the setting they concern, so that a later change starts
//! from what is known.

/// How the general engine searches boards of one size, for one kind of search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tuning {
    /// Naked and hidden pairs in propagation.
    pub pairs: bool,
    /// House-digit checks queued only where they can act (see `State::lazy`).
    pub lazy: bool,
    /// Full all-different filtering of each house from the start.
    pub alldiff: bool,
    /// The most open cells of a house that all-different filtering looks at.
    pub alldiff_max: usize,
    /// The most places a house-digit may have to be branched on.
    pub max_places: u32,
    /// The most pairs a probe pass probes away from the root, ranked by how
    /// far their choices reached when last probed (`None`: every pair).
    pub probe_pairs: Option<usize>,
    /// Try the least constraining value first.
    pub lcv: bool,
    /// With `lcv`, from the first restart on, order a house-digit's places
    /// by what they constrain too, not only a cell's digits.
    pub lcv_places: bool,
    /// Restart runs that go long (only searches for one solution).
    pub restarts: bool,
    /// A probe's reach counts the pairs and singles it makes, not its trail.
    pub reach_in_pairs: bool,
    /// Probes propagate with locked candidates and pairs, as the search does.
    pub full_probes: bool,
    /// Try first the side of a probed pair whose probe reached further.
    pub wider_first: bool,
    /// The run from which the search propagates pairs and probes as 25×25
    /// does from the start (`pairs`, `reach_in_pairs`, `full_probes` and
    /// `wider_first` all on), where it starts cheaper (`u64::MAX`: never).
    pub full_from_run: u64,
    /// Sparse-board runs (36×36, 49×49): probe from the first run, try the
    /// narrower side of a probed pair first, restart by failures.
    pub sparse_runs: bool,
    /// Weigh branch points by the failures charged to their houses.
    pub weighted: bool,
    /// Failed guesses after which a weighted run goes back up part of its depth.
    pub partial_failures: u64,
    /// The guesses a unit of the Luby sequence allows a run (`N²`), where runs
    /// are counted by guesses.
    pub restart_base: u64,
    /// Probe from the first run, not only from the first restart on.
    pub probe_first_run: bool,
    /// Weigh branch points from the first run, not only from the second.
    pub weigh_first_run: bool,
    /// Settle the board band by band (rows of boxes, from the top): branch,
    /// and probe, only in the topmost band with an open cell.
    pub banded: bool,
    /// Open cells at the root (once the givens have propagated) from which
    /// a search, counting or not, restarts as long as it has found no
    /// solution, where `restarts` is off (`usize::MAX`: never).
    pub sparse_open: usize,
    /// With `sparse_open`, the runs after the first try values in random
    /// order, not in the order the search prefers.
    pub shuffle_later_runs: bool,
}

impl Tuning {
    /// These settings with the inference `full_from_run` switches to: the
    /// pairs, probes and side order 25×25 uses throughout.
    pub(crate) fn strengthened(self) -> Self {
        Self {
            pairs: true,
            reach_in_pairs: true,
            full_probes: true,
            wider_first: true,
            ..self
        }
    }

    /// The settings for boxes of `boxw`×`boxw`; `generating` for the
    /// generator's searches (see `Solver::for_generation`), `first_only` for a
    /// search that stops at its first solution.
    pub(crate) fn new(boxw: usize, generating: bool, first_only: bool) -> Self {
        // Naked and hidden pairs pay on 16×16 and 25×25 (a quarter fewer
        // microseconds a puzzle on the tough 16×16 set, the median hard 25×25
        // nearly three times faster); from 36×36 up they measured neutral.
        let pairs = boxw == 4 || boxw == 5;
        // Checks queued only where they can act (see `State::lazy`): the
        // same fixpoint, so the same searches, for 12–14% fewer instructions
        // on the hard 25×25 set (#9 first solution 3,817M to 3,284M). Other
        // sizes keep their measured code paths. On 64×64 the same fixpoint
        // is not the same search: the checks run in another order, so a
        // contradiction may show in another house and charge its failure
        // there (#11 took 15,010 guesses instead of 7,701).
        let lazy = boxw == 5;
        // On 64×64 a search for one solution settles the board band by band
        // (a band is a row of boxes): it branches, and probes, only in the
        // topmost band that has an open cell, and it probes and filters
        // for all-different from its first run (houses of at most
        // `ALLDIFF_MAX_OPEN_64` open cells). Boards with 30% kept then go
        // straight down: seeds 0–15 at 30k guesses, all 16 solved in the
        // first run, 2,050–3,600 guesses each (35.5k in all), against 4
        // unsolved and the rest 7.7k–18.6k (10 of them in the third run);
        // seeds 16–31 and 32–47 likewise, all in the first run (36.1k and
        // 40.4k guesses, the most 3,631). The unfilled part stays whole
        // bands, so the columns' missing digits keep many ways to go (for a
        // Latin square, any k×n Latin rectangle extends a row: Hall's
        // theorem), where before the descent left scattered holes that
        // no completion fitted and a run first failed at 250–500 open
        // cells. Each part is needed (seeds 0–15, guesses in all, boards
        // solved in the first run): the band alone, probing and filtering
        // from the first restart as before, 99.8k and none (every board in
        // the second run, straight after its descent, 6,145–6,317 guesses);
        // with probing from the first run, 84.1k and 4; with the filter
        // from the first run, 62.1k and 10; with both, 34.0k and 16 (empty
        // board 3,682 guesses). Probing only the band's pairs gave the same
        // (34.2k, 16) at a third of the time a board. Other parts to settle
        // first: the band with the fewest open cells, 100.7k and none
        // (with probing and the filter from the first run, 34.8k and 16);
        // the topmost row, 99.1k and none (33.4k and 16, but the empty board
        // 7,807 guesses without them); the band or stack with the fewest
        // open cells, or the row or column, gave up on the empty board and
        // on the first boards at 30k guesses. A cheap first run (neither
        // probing nor the filter, banded) ended after 30 or 100 failures,
        // then runs with both: 62.2k and 68.2k guesses, the empty board
        // 7,221 and 7,466 (its cheap run failed too), median 170 and 176 ms
        // against 147 ms with both from the start (a loaded machine). The
        // generator keeps its searches.
        //
        // Side by side with the search before (alternating, two rounds
        // each, 30k guesses, a machine loaded by other work): seeds 0–15,
        // median 65 ms against 1.47–1.56 s, the slowest 118–119 ms against
        // 6.9–7.8 s (4 gave up); seeds 16–31, median 50–74 ms against
        // 1.16–1.34 s, the slowest 119–171 ms (1 gave up). The empty board
        // takes 3,688 guesses and 85–103 ms against 3,910 and 58–64 ms.
        // Other shares kept, seeds 0–7: 10%, 25.8k guesses in all and a
        // median of 82 ms against 75.4k and 653 ms; 20%, 21.7k and 53 ms
        // against 89.5k and 734 ms; 50% gave up on all 8 either way (at
        // 30k guesses, 3.5–5.6 s a board against 12–15 s).
        let banded = boxw == 8 && !generating;
        // Full all-different filtering of each house (outside probes, whose
        // many propagations it would make dear): on 16×16 it takes the tough
        // set from 50 guesses a puzzle to 1.3 (median 1.18 ms → 0.22 ms, max
        // 28 ms → 1.5 ms) for 10–30% on the easier sets; on 36×36 and 49×49
        // sparse boards it cuts guesses five- to thirtyfold. On 25×25 it was
        // neutral. On 64×64 searches that do not settle the board band by
        // band, its cost per node outweighed it from the start (see
        // `banded` above, and the notes on the first restart below).
        let alldiff = matches!(boxw, 4 | 6 | 7) || banded;
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
        let max_places = if boxw <= 5 { u32::MAX } else { 2 };
        let lcv = boxw >= 6;
        let restarts = first_only
            && match boxw {
                4 => generating,
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
        // 3,337M instructions against 3,284M. Reusing it also for the choices
        // equivalent to it (each assigning the other, see `frame::Memo`)
        // does pay, the same searches: on #8 a pass's stretch between finds
        // repeats 144k choices and has 517k equivalent to one probed (of
        // 3.6M probes), #8 45.7G instructions to 41.6G, #7 713.0M to 633.0M,
        // #4 6,390M to 6,069M; #8 user time 7.8 s to 6.9 s, and 6.84 s to
        // 6.53 s on a quieter machine (medians of three, alternating), but
        // #4 2.87 s against 2.91 s (three rounds each), and over all 16
        // 1.14 s a puzzle to 1.10 s. Tree-based lookahead, as in the march SAT
        // solvers (probe a choice nested inside the probes of the choices it
        // implies, so their propagation is paid once), was measured before it
        // was built: on #8, 83% of the successful probes assign another
        // choice of their pass, and nesting each inside the widest probe it
        // implies would save up to 88% of the probes' trail (the changes
        // they make); but only within a stretch between
        // finds do the probes stay valid to build on, and there the repeats
        // and equivalents above are 25% of the trail, all other probed
        // choices that a probe implies a further 10%, and nesting in the
        // pass's own order (keeping a probe propagated while the next ones
        // imply it) 0.6% (1.0% knowing every implication). The rest needs
        // the pass reordered into trees and its finds put off to the tree's
        // end, which changes the searches. On the solution path of each
        // of the 16, the wider side was the wrong one in 57–82% of the
        // frames, but wrong wider sides mostly fail fast: on #8 the costly
        // ones were at depths 2 and 3 (10k and 8k guesses to refute).
        // Switching a frame to the other side of its pair once the first
        // has run for B guesses, in the top D frames, back to the first
        // side (afresh) only once the other is refuted, and with no
        // switching under such a return: B 2,000, D 4, 62k (#8 10.7k, #14
        // 7.0k, #4 2.6k, but #0 18.8k and #3 11.2k); 1,500 and 2, 79k;
        // 4,000 and 3, 78k; 1,000 at any depth, 135k (#9 75k), and 1,000
        // without the rule for returns, 211k. On #8 the search is the same
        // tree whatever the inference added (its trace: the wrong side at
        // depth 3 takes 10.1k guesses to refute, the wrong one at depth 4
        // 8.3k, then 4k to the solution; the pairs branched on there,
        // (58,15), (26,18) and (11,9) in house-digit terms, recur in both
        // subtrees of the root), and no tie-break seed makes it short: with
        // eight other seeds it was still unsolved at 12k guesses. So it
        // does not lack stronger propagation: all-different filtering of
        // each digit's plane (rows against columns: X-wings, swordfish and
        // every larger fish) in the search, #8 25.1k guesses against 25.0k,
        // and in probes as well, 24.3k at 2.7 times the time; each probe
        // also running a full probe pass in its child (double lookahead,
        // ruling out choices that fail two levels down) in the top frame or
        // top three, 25.3k and 25.1k; probe passes repeated while they find
        // something, in the top four frames 67.6k in all (#8 25.9k), at
        // every depth 55.1k (#8 21.4k, #14 9.6k, #0 7.3k) but at about
        // twice the work a guess; after a pass that found something, one
        // more pass over only the pairs with a cell that its finds changed,
        // 62.0k (#8 23.9k), up to five such passes 59.5k (#8 23.0k), but on
        // #3, #4 and #15, side by side, 9% fewer guesses took 4% more time.
        // Nor is it the side order at the top: the
        // narrower side first in the top one, two or three frames only,
        // 108k, 115k and 94k (capped at 30k each: #9 past 30k every time;
        // #8 24.8k, 23.0k, 12.5k).
        //
        // Nor does it lack backjumping or learning from its decisions.
        // Conflict-directed backjumping was built and measured: each
        // elimination kept the decision levels it rested on (a bit per
        // frame; a single's from the eliminations that made it, locked
        // candidates' and pairs' from the eliminations outside their
        // pattern, a ruled-out choice's from its refutation less its own
        // frame, a failed probe's from its contradiction less the probed
        // choice, a probe's common elimination's from both sides plus what
        // left the pair two choices), a contradiction the union over its
        // emptied cell or house-digit, and a dead frame also popped every
        // frame above the highest level its refutation rested on. The
        // searches stayed the same: the same guesses on all 16 (#0 9,130
        // against 9,129, #8 24,952). On #8, 3,746 frames died (mean depth
        // 20, deepest 35), their refutations rested on 4.9 levels on
        // average, and 2,394 jumps skipped 8,773 frames, every one of
        // them on its last choice: once a probed pair's first side is
        // refuted, ruling it out forces the other side at the levels
        // below, so nothing under it rests on its own frame, and stepping
        // back through it costs no guess anyway. No refutation under a
        // frame's first choice went without that choice. The tracking cost
        // 65% more instructions (#7 957M to 1,579M). Learning each
        // refutation's decisions as a nogood (15.5k on #8, 5.7 decisions
        // on average) would prune nothing either: in no later state were
        // all of one's decisions made, nor all but one with the last still
        // open. CaDiCaL needs 31.6k conflicts and 62.7k decisions on #8 in
        // 2.2 s (#0 51.7k in 3.6 s, #14 137k in 10.1 s), a search no
        // smaller than ndoku's 25k guesses: it wins on the cost of a node
        // (some 70 µs a conflict against some 400 µs a probed guess), not
        // on the size of its tree. Clauses over implied literals (a first
        // UIP, with each rule's eliminations explained lazily and each
        // probe find explained from the probe's own graph before it is
        // undone) are untried, and a much larger change.
        //
        // #8 is heavy-tailed in the tie-breaks and value order, but so are
        // the others (`with_seed` shuffles the value order too, so these
        // runs dropped the wider side first; see [`PROBE_PAIRS_25`] for
        // draws of the tie-breaks alone, and for the cheaper passes that
        // came next): first solutions with `with_seed` 1 to 5, #8 1,942,
        // 13,886, 20,104, 16,704 and 1,585 guesses (25.0k without a seed),
        // #0 8.5k, 7.9k, 6.5k, 12.4k and 6.7k (9.1k), #14 6.5k, 4.4k, 8.5k,
        // 10.9k and 2.3k (12.1k). Restarts until the first solution, later
        // runs with values shuffled, as sparse boards have
        // (`SPARSE_OPEN_25` 0): 302k guesses over the 16 with runs of 625
        // guesses times the Luby sequence (#8 98.2k, #0 66.6k, #9 33.6k),
        // 186k with 2,500 (#8 52.0k, #0 27.5k, #14 47.1k), and with 5,000
        // #8 12.7k but #0 27.9k; against 66.7k without. Phase saving (try
        // first, in a frame, the choice that puts a cell's value as the
        // search last undid it, as SAT solvers do): 62.7k, #8 11.5k and #0
        // 2.8k, but #4 10.5k (3.9k), #9 4.4k (1.4k) and #14 15.7k, slower
        // than CaDiCaL on #4, #8 and #9 where now only #8 is.
        let reach_in_pairs = boxw == 5 && !generating;
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
        let full_probes = boxw == 5 && !generating;
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
        let wider_first = full_probes;
        // Tree-based lookahead was then built for 25×25 (`frame::tree`,
        // commit ac2158b on branch tree25), measured and dropped. The
        // pass's choices form a forest, each under the first choice of the
        // pass it assigns at once (through a pair of the state); a choice
        // is probed on top of its parent's open probe, a failure there is
        // a failed choice of the node, its reach is the parent's plus its
        // own increment (checked equal to a probe alone, both measures),
        // its eliminations the parent's and its own; each find is applied
        // at once, the open probes undone and probed again on the new
        // state where the walk needs them. Propagation fell by 38% a guess
        // and instructions by 17% (#9: 1.29M a guess against 1.55M, 1,625
        // guesses and 2,094M against 1,423 and 2,203M; building the forest
        // and the common eliminations over chains of probes cost back
        // half), but the passes are weaker, since a choice is probed once,
        // not again for each later pair after a find: from the same nodes
        // (main's search of #9, 1,408 passes) a forest pass left 1,348
        // candidates on average against 1,320 (more in 610 nodes, fewer in
        // 327, the same pair chosen in 998; parents as in the third
        // variant below). First solutions over gecode_frisch_minimal_16:
        // 83.7k guesses against 66.7k (#8 30.0k against 25.0k, #7 7.0k
        // against 0.4k, #0 10.2k against 9.1k, #15 5.1k against 5.6k),
        // with two other tie-break seeds 75.9k and 75.9k against 66.7k and
        // 66.6k; over the 16, alternating, three rounds on a busy machine,
        // 27.5, 29.6 and 29.5 s against 27.9, 25.6 and 24.9 s (#8 9.6–11.4
        // s against 7.9–10.5 s). Counting to two, side by side, 248k
        // guesses against 217k, 201 s against 209 s (#8 37.2k against
        // 31.7k guesses, 46.0 s against 44.9 s). On #9 a pass holds some
        // 205 choices: 55 probed at a root (21 changes each), 72 nested (32
        // changes each beyond their parent's), the rest failing with a
        // parent or falling to a find, and 6.5 finds, each undoing the
        // open probes. Variants: finds put off to the end of the pass (all
        // probes from one state), about 120k guesses (#8 45.1k, #7 1.1k);
        // to the end of each tree, 82.8k (#8 29.8k); each choice under the
        // implied choice that itself implies the most choices of the pass,
        // 8% less trail a pass on #9 but 89.6k guesses; probing again,
        // alone, a side of a pair probed before a find (so that a pair is
        // judged by two probes of one state, as `frame::probe_pairs`
        // judges it), 79.3k guesses and a shortfall of 18 candidates a
        // pass instead of 28, but #9 at 1.63M instructions a guess.
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
        let sparse_runs = matches!(boxw, 6 | 7) && !generating;
        let alldiff_max = if sparse_runs {
            ALLDIFF_MAX_OPEN
        } else if banded {
            ALLDIFF_MAX_OPEN_64
        } else {
            64
        };
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
        let weighted = boxw >= 7 && !generating;
        // Before the banded search, 64×64 switched all-different filtering
        // (see `alldiff` above) on at the first restart: the runs after it
        // solved 3 of the 8 boards with 30% kept within 30k guesses (207k
        // guesses in all), against 1 (216k) without it (2 of 8 within
        // 100k), while the empty board, solved in the first run, kept its
        // 3,910 guesses and 0.13 s (11,758 guesses and 2.7 s with the filter
        // from the start). The notes below on 64×64 all predate `banded`.
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
        // order, 220k and 7 (random places only, 170k and 4). With this
        // place order, doubling every run's guess budget from the second
        // run on (most boards were solved in the third run, after a second
        // that rarely solves one): seeds 0–15, 284k guesses and 2 unsolved
        // against 259k and 4 (0–7 122k against 92k, 8–15 162k against
        // 167k), within the noise of these heavy tails.
        //
        // Traced with this place order (seeds 0–15): a probing run descends
        // some 2,100 decisions, the top ~1,400 with no pair to probe (so by
        // the weighted choice), and first fails at 200–500 open cells. The
        // first probing run (run 2) solved 1 of 16 boards; run 3 solved 10,
        // mostly straight after its descent (0–40 failures): the failures
        // charged in a probing run steer the next one. Those of a longer
        // first run stand in for them only in part: with a first run of
        // 8,192 or 16,384 guesses, run 2 solved 2 and 4 of the 16. Also tried on
        // seeds 0–15 at 30k guesses, against 259k and 4 unsolved: runs from
        // the second also restarted after 25, 50, 100 or 200 failures times
        // the Luby sequence, 371k and 7, 357k and 8, 354k and 7, 284k and 3
        // (fewer failures charged, worse runs after); a first run of 1,
        // 2,048, 8,192 or 16,384 guesses instead of 4,096, 311k and 4, 338k
        // and 5 (the empty board 5,753 guesses), 278k and 2, 408k and 8.
        //
        // Probes kept across nodes, tried on 64×64 and dropped. A pair
        // whose houses (those of its two cells) showed no change since its
        // last probe (which failed neither side and found nothing) kept
        // that probe's reach instead of being probed again: a guess took a
        // third of the instructions (#11 solved in 6,229 guesses and 1,299M,
        // against 7,701 and 4,761M), but the stale reaches chose worse
        // pairs: seeds 0–31 at 30k guesses, 498k guesses and 8 unsolved
        // against 467k and 5, and a median time over the 32, side by side
        // on a busy machine, of 2.77 s against 2.52 s. Kept only while no
        // cell changed in the houses of any cell either side changed (so
        // that probing again would do exactly the same, and the searches
        // stayed the same): too few pairs qualify, as a 64×64 probe reaches
        // most houses, and #11 took 5,122M instructions against 4,761M.
        let lcv_places = boxw == 8 && !generating;
        let partial_failures = if boxw == 8 {
            PARTIAL_FAILURES_64
        } else {
            PARTIAL_FAILURES
        };
        Self {
            pairs,
            lazy,
            alldiff,
            alldiff_max,
            max_places,
            probe_pairs: match boxw {
                _ if generating => None,
                4 => Some(PROBE_PAIRS_16),
                5 => Some(PROBE_PAIRS_25),
                _ => None,
            },
            lcv,
            lcv_places,
            restarts,
            reach_in_pairs,
            full_probes,
            wider_first,
            sparse_runs,
            weighted,
            partial_failures,
            restart_base: (boxw * boxw * boxw * boxw) as u64,
            probe_first_run: boxw <= 5 || sparse_runs || banded,
            weigh_first_run: boxw == 8,
            banded,
            full_from_run: if boxw == 6 && !generating {
                FULL_FROM_RUN_36
            } else {
                u64::MAX
            },
            sparse_open: match boxw {
                _ if generating => usize::MAX,
                4 => SPARSE_OPEN_16,
                5 => SPARSE_OPEN_25,
                6 => SPARSE_OPEN_36,
                7 => SPARSE_OPEN_49,
                _ => usize::MAX,
            },
            // See `SPARSE_OPEN_49`.
            shuffle_later_runs: boxw <= 6,
        }
    }
}

/// Failed guesses after which a run on 49×49 went back up a quarter of its
/// depth, before 49×49 restarted by failures (see `Tuning::new`; only
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
/// With the place order of `Tuning::lcv_places`, over seeds 0–15 (259k
/// guesses, 4 unsolved at 300 going back to three quarters of the depth):
/// 150 failures, 300k and 6; going back to half the depth, 269k and 3;
/// 100 failures and half the depth, 245k and 4; 100 failures and 60% of
/// the depth, 230k and 2, but on seeds 16–31 263k and 3 against 208k and
/// 1 (over the 32, 493k and 5 against 467k and 5).
const PARTIAL_FAILURES_64: u64 = 300;

/// Open cells at the root from which a 16×16 search restarts as long as it
/// has found no solution (see `Tuning::sparse_open`). 16×16 keeps no
/// restarts otherwise (see `restarts` in `Tuning::new`), but a sparse board
/// can still walk into a heavy tail: a planted board with 14 givens took
/// 2,060,594 guesses (15 s) to its first solution; restarting by guesses
/// (256 times the Luby sequence) until the first solution, it took 418 (5
/// ms), and counting to two 2,600 (34 ms). 450 planted boards with 200 to
/// 256 blanks, first solutions and counts to two: 154.5 and 2,350 guesses
/// a puzzle before, 149.4 and 2,326 after, none over a million either way.
/// Its later runs try values in random order, as on 25×25 (see
/// [`SPARSE_OPEN_25`]), which here changed little: over 3,000 planted boards
/// with 200 to 256 blanks, first solutions took 448,164 guesses in all
/// against 448,955, the slowest 697 against 755.
/// The 16×16 sets in `../shared/data` have at most 175 open cells before
/// their givens propagate, so their searches stay as they were.
const SPARSE_OPEN_16: usize = 200;

/// [`SPARSE_OPEN_16`] for 25×25, where the runs after the first also try
/// values in random order (see `Search::pick`): restarts that only move the
/// tie-breaks did not cure the tails (below), probably because full probes
/// leave few ties. Over 10,000 planted boards with 261 to 625 blanks, at
/// most 20,000 guesses each, 13 gave up without restarts (at 393 to 624
/// blanks, 377 to 465 open cells at the root; one with 373 blanks took over
/// 100,000 guesses with six of eight seeds, and 61 and 67 with the other
/// two), 2,557k guesses in all; with them none did, the slowest took 5,786
/// guesses, and 2,285k in all (the 99th percentile 1,692 against 1,255:
/// restarts cost some boards that finish in a few thousand). Restarts that
/// kept the value order still gave up on 2 of 4,000. The
/// gecode_frisch_minimal_16 puzzles have 319 to 340 open cells at the root,
/// so their searches stay as they were.
const SPARSE_OPEN_25: usize = 350;

/// [`SPARSE_OPEN_16`] for 36×36: every board, so that counting searches,
/// which have no restarts otherwise, restart (by failures, see
/// `Tuning::sparse_runs`) until their first solution, and reach
/// [`FULL_FROM_RUN_36`]. Counting to two, at most 20,000 guesses each: 40
/// boards at the hardness peak (600 to 760 of 1,296 cells blank), 17
/// finished before and 30 after (517k guesses in all against 330k); 24
/// boards with about 30% kept, 23 and 24 (37.9k against 19.0k); 24 with
/// 0 to 15% kept and 24 with 57% to 77% kept, and 12 unique puzzles from
/// the generator, the same searches. Searches for one solution restart
/// anyway; in them this only shuffles the value order of later runs: the
/// boards with 30% kept (seeds 0–31) and the empty board search as before,
/// the 40 at the peak solve 30 against 29.
const SPARSE_OPEN_36: usize = 0;

/// [`SPARSE_OPEN_36`] for 49×49: every board, so that counting searches
/// restart until their first solution, as searches for one solution do.
/// Here the later runs keep the least-constraining value order rather than
/// shuffling it (`Tuning::shuffle_later_runs`). Planted boards with 1,440
/// to 2,401 of 2,401 cells blank (seeds 0–71), counting to two, at most
/// 20,000 guesses each: 8 of 72 gave up before, 1 after (a board whose
/// first solution gives up too), 332k guesses in all against 221k. One
/// with 2,370 blanks gave up before and took 2,441 guesses after, one more
/// than its first solution. With the value order shuffled, 5 gave up, and
/// so did the first solutions of two boards that take 7,353 and 8,646
/// guesses without it. On 36×36 the shuffle pays: of 40 peak boards, 32
/// solve with it and 28 without, and as many count to two. Searches for
/// one solution restart anyway, so on 49×49 they search as before.
const SPARSE_OPEN_49: usize = 0;

/// The run from which a 36×36 search propagates pairs and probes fully (see
/// `Tuning::full_from_run`): from the fourth, after 64 failures. Boards at
/// the hardness peak, random solved grids with 600 to 760 of 1,296 cells
/// blanked, at most 20,000 guesses each: of 40 such boards 21 solved
/// before and 28 after (with full probes from the first run 29, with them
/// from the second 27, from the eighth 26), of another 40, 21 and 29; the
/// slowest solved took 5.8 s, the rest under 1.4 s. A guess after the
/// switch costs about twice as much (117 s for the second 40 boards against
/// 82 s, most of it in those that gave up either way). Boards with 30% kept
/// solve within three runs, so their searches stay as they were; from the
/// first run, their median went from 5.5 ms to 10.6 ms.
const FULL_FROM_RUN_36: u64 = 4;

/// The most open cells of a house that the banded 64×64 search filters for
/// all-different (see `Tuning::banded`). Seeds 0–15 with 30% kept, guesses
/// in all, median time (a loaded machine, the empty board's time after):
/// every house, 34.0k, 147 ms (empty 358 ms, 3,688 guesses; 0.5–0.66 s
/// against main's 0.09–0.11 s, side by side); 56 and 48 the same searches
/// (a house with more open cells never yielded anything), 105 and 143 ms
/// (empty 135 and 170 ms); 40, 35.2k, 84 ms (79 ms); 32, 35.5k, 63 ms
/// (114 ms); 24, 35.9k, 55 ms (70 ms), but on seeds 16–31 and 32–47 some
/// boards went to a second run (the most 6,182 and 6,239 guesses, against
/// 3,631 and 3,595 at 32); 16, 44.7k, 46 ms but the slowest 354 ms.
const ALLDIFF_MAX_OPEN_64: usize = 32;

/// Failed guesses a unit of the Luby sequence allows a run on 36×36 and
/// 49×49 (see `Tuning::new`). Over 16 boards with 30% kept, 49×49: 47k
/// guesses in all at 16 (the slowest 8.3k), 62k at 8 (9.6k), 60k at 64
/// (12.0k).
pub(super) const RESTART_FAILURES: u64 = 16;

/// The most open cells of a house that 36×36 and 49×49 filter for
/// all-different (see `State::alldiff_max`): at 12, half the time a run of
/// the unlimited filter, and no fewer first runs solved (see
/// `Tuning::new`).
const ALLDIFF_MAX_OPEN: usize = 12;

/// The most pairs a 25×25 probe pass probes below the root (see
/// `Tuning::probe_pairs` and `frame::keep_promising`): those whose choices
/// reached furthest when last probed, or failed. Full passes made a guess
/// cost some 175 µs (some 150 probes), which is where CaDiCaL won on #8 of
/// gecode_frisch_minimal_16 (see `Tuning::new`); limited ones cost some 35
/// µs for about three times the guesses. First solutions over the 16,
/// alternating, two runs each: 11.7 s against 8.4 s (66.7k guesses against
/// 227k), #8 4.47 s against 3.33 s (24.9k against 91k; CaDiCaL 1.34 s),
/// #0 1.58 against 0.36, #3 0.80 against 0.47, #14 2.02 against 1.17, while
/// #4 (0.64 against 0.79), #7 (0.07 against 0.28) and #11 (0.04 against
/// 0.13) lost, all still well under CaDiCaL. Counting to two, 35.6 s
/// against 19.6 s, each puzzle faster (#9 12.3 s against 5.9 s, #8 5.7
/// against 3.4).
///
/// Other limits, and the variants below, were judged over four draws of the
/// tie-breaks: the default and three seeds that moved only the tie-breaks
/// (as `Solver::with_tie_seed` does now; `with_seed` also shuffles the value
/// order, which undoes the side order of
/// `Tuning::wider_first`: with it #9's first solution took 68k–79k guesses, not
/// 1.4k, so the seeded #8 figures in `Tuning::new` measure a random value
/// order). First solutions over the 16, seconds in all: full passes 11.4–11.6
/// (#8 3.2–3.3 times CaDiCaL's time); 12 pairs 6.9–8.4 (#8 1.5–2.7 times); 6,
/// 8.9–10.9; 8, 6.6–8.7; 10, 6.7–7.9; 16, 6.0–7.9; 24, 7.0–7.8. Dropped:
/// ranking a pair by the larger reach of its two choices, 7.3–9.3 s (#8 2.4–2.8
/// times), or by the smaller, 14–21 s; ranking 4 or 100 times higher a pair
/// with a cell in a house of the last guess's cell, 6.8–8.1 s and 9.4–11.8 s
/// (against 6.3–7.6 s in the same runs); a second pass, limited or full, after
/// a pass that found something, 9.3 s and 14.4 s on the default draw;
/// never-probed choices ranked as if they had reached 60, 150 or 400, or
/// house-digit pairs not doubled, within noise over six draws (#8 no better); a
/// full pass every 16th node, the same as without; full passes in the top four
/// frames, 7.8–8.4 s; the side with the lower index first rather than the
/// wider, 8.2–10.0 s (#8 0.9–2.0 times, #9 1.5–1.6), the narrower first, #9
/// 9–14 times; restarts (Luby, 500 to 10,000 guesses a unit, later runs
/// shuffled or not), 13–65 s; switching a frame in the top 4 (or 8) to the
/// other side of its pair once the first has run for 2,000 (or 5,000) guesses,
/// back to the first afresh once the other is refuted, 10.8–18.5 s against
/// 6.3–7.6 s: #8 beat CaDiCaL in two draws of four (0.64 and 0.67 times its
/// time), but #9 switched from its short side into the other's long refutation
/// (9–17 times CaDiCaL's time) in all the rest. Alternating instead, each
/// side with twice the last side's budget until one is refuted (complete, and
/// bounding the waste on #9), on the default draw: top 4 frames from 2,000
/// guesses, 23.4 s (#8 4.5 s, #9 5.6 s, #3 4.3 s); top 2 from 4,000, 12.2 s
/// (#8 2.3 s, but #0 2.3 s and #3 2.4 s), against 7.6 s. With full passes, no probes
/// below depth 30 took #8 70k guesses (4.7 s), below depth 20, 3.75M (18 s): a
/// guess without probes costs some 4 µs.
///
/// Also dropped, over eight draws of the tie-breaks (the default and
/// `Solver::with_tie_seed` 1–7): probing besides the 12 every pair with a
/// choice that failed when last probed, 6.7 s mean against 7.1 s on the
/// first four draws but 7.5 s against 7.0 s on the other four, #8 no better
/// (2.0 against 2.0 times CaDiCaL's default time on the first four); up to
/// the larger of 12 and the failed pairs plus 4, or 12 plus up to 12 failed
/// pairs, the same; probes without locked candidates or without pairs
/// (cheaper probes, weaker finds), 9.4–12.2 s and 9.7–11.0 s; the side of
/// fewer estimated solutions first (the sum over open cells of ln(r!)/r for
/// r candidates, as maxSD's Bregman–Minc bound per house), 190k–238k guesses
/// in all against 189k–227k, no better than the wider side; the side of
/// more, 288k–401k guesses (with house-digits in the sum too), 13–23 s (#9
/// 12–19 times CaDiCaL).
///
/// Measured against CaDiCaL over draws, #8 is not a loss: CaDiCaL's
/// default run of #8 is its luckiest by far. With `--seed` 0 to 7 it took
/// 1.32, 8.44, 4.62, 6.08, 6.78, 8.51, 9.71 and 6.89 s (median 6.83 s), and
/// with the variables renumbered and the clauses shuffled (six draws)
/// 2.0–11.8 s; ndoku's eight tie-break draws took 1.8–3.3 s (median 2.65
/// s). Over the 16, the medians of the eight draws put ndoku ahead on every
/// puzzle (ratios 0.02–0.39, #8 0.39, the totals 6.5 s against 42.9 s), and
/// its slowest draw ahead of CaDiCaL's slowest on every puzzle too; by the
/// default runs alone, #8 is 2.3 times CaDiCaL's time (3.08 s against 1.32
/// s) and the rest 0.02–0.39. `benches/sat-seeds` times CaDiCaL's draws.
///
/// Cutting probes short was measured and dropped too. On #8, probes that
/// grow the trail by 128 entries or more are 23% of the probes and 67% of
/// their work, most of them ending in a contradiction. Stopping a probe's
/// propagation once its trail reached a cap and counting it as a success
/// (sound: what it found so far still follows from its choice), over the
/// same eight draws, the 16 first solutions took 7.0 s in all on average
/// uncapped, 7.0 s with a cap of 1,024, 7.3 s with 512 and 8.3 s with 384
/// (#8's median 2.68, 2.69, 2.78 and 3.18 s): the long probes are the
/// failures the search needs.
///
/// Learning was prototyped outside `main` (branch `learn-probe-nogoods`):
/// each trail entry kept its reason, and nogoods were learned from failed
/// probes and refuted choices (the choice plus the facts from before it
/// that its contradiction rested on, and with first-UIP clauses over
/// implied facts as well), watched by two facts. Counts agreed with the
/// search without learning on 64 variants of the hard set. #8 took 61,445
/// guesses with the decision nogoods and 55,473 with first-UIP clauses too,
/// against 91,002, at 6 to 17 times the time a guess in the naive
/// prototype: even free, learning would leave #8 above CaDiCaL's default
/// run, so it was not brought into the engine.
///
/// Planted boards (`bench_big --box 5`, 100 boards each, at most 20,000
/// guesses): all solved either way; with 10%, 25% and 40% kept, medians
/// 2.1, 1.9 and 2.5 ms against 1.8, 1.3 and 0.9 ms, the slowest 2.4, 2.4
/// and 9.8 ms against 2.9, 5.4 and 12.8 ms. The empty board took 454
/// guesses (2.4 ms) against 1,102 (5.3 ms).
const PROBE_PAIRS_25: usize = 12;

/// [`PROBE_PAIRS_25`] for 16×16, where probes propagate singles only and
/// reach is counted in trail entries. Most 16×16 passes have fewer pairs
/// than this, so only the hard sets change. Medians of three rounds, two
/// runs each, microseconds a puzzle: blue_ultimate_15 counted to two 29.2k
/// against 24.8k (12 pairs, 25.8k; 20, 24.4k; 8, 27.0k), its first
/// solutions 17.4k against 13.7k; tarek_tough_206 166 against 158;
/// gecode_janko_55, kaggle_3000 and tarek_first_20 the same. Planted boards
/// (`bench_big --box 4`, 400 boards each, first solutions): all solved
/// either way, with 15%, 25%, 35% and 45% kept 52.7k, 35.9k, 14.7k and 3.0k
/// guesses in all against 52.3k, 36.0k, 14.9k and 3.1k, 419, 353, 312 and
/// 134 ms against 396, 309, 221 and 99 ms, the most guesses a board 400
/// against 192.
///
/// 36×36 and 49×49 probe every pair still. Limited to 16 pairs, 20 boards
/// at the 36×36 hardness peak (47% kept): 9 gave up at 20,000 guesses
/// against 6, in 18 s in all against 64 s; at 80,000 guesses 5 gave up, in
/// 54 s, some boards solved that had not and others not that had (466 ms
/// against giving up after 6 s): the same heavy tail at the same cost.
///
/// The generator's searches probe every pair still, so its puzzles stay as
/// they were. With limited passes (`examples/generate`, rotate180), ten
/// 25×25 puzzles took 42.2 s against 41.1 s (median 3.35 s against 2.68 s,
/// the slowest 14.8 s against 14.3 s), within the noise of their heavy
/// tail; forty 16×16 puzzles, median 18.6 ms against 14.0 ms.
const PROBE_PAIRS_16: usize = 16;
