//! How the general engine searches: named strategies, and the presets that pick them for each board size.
//!
//! Every setting was chosen by measurement; the figures, and the ideas tried
//! and dropped, are in `docs/decisions/0002-general-engine-settings.md`.

/// Which rules propagation runs, and how it queues their checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Locked candidates (pointing and claiming).
    pub locked: bool,
    /// Naked and hidden pairs.
    pub pairs: bool,
    /// Queue a house-digit check only where it can act: the same fixpoint, less work.
    pub lazy: bool,
    /// Count the cells and house-digits left with two choices (a probe's reach).
    pub count_pairs: bool,
    /// Full all-different filtering of each house.
    pub alldiff: bool,
    /// Houses with more open cells than this are left to the other rules by the filter.
    pub alldiff_max: usize,
}

impl Default for Rules {
    /// Singles alone.
    fn default() -> Self {
        Self {
            locked: false,
            pairs: false,
            lazy: false,
            count_pairs: false,
            alldiff: false,
            alldiff_max: 64,
        }
    }
}

impl Rules {
    /// The 25×25 search and its probes: locked candidates and pairs, queued
    /// lazily, pairs counted, no all-different filter. Propagation with
    /// these has its own compiled copy, the rules as constants (see
    /// docs/decisions/0003-general-engine-hot-paths.md).
    pub(crate) const HARD25: Self = Self {
        locked: true,
        pairs: true,
        lazy: true,
        count_pairs: true,
        alldiff: false,
        alldiff_max: 64,
    };
}

/// Which preset a search asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) enum Preset {
    /// The fastest search measured for each size.
    #[default]
    Fastest,
    /// The plainer search the generator was built and measured on: probes
    /// with singles, no probe limits, failure weights, bands or sparse-board
    /// runs. It keeps what generated puzzles look like from changing.
    Steady,
}

/// How the general engine searches: four strategies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Config {
    /// What propagation runs.
    pub inference: Inference,
    /// Failed-literal probing of the two-way choices.
    pub probing: Probing,
    /// Where to branch, and which value to try first.
    pub branching: Branching,
    /// When a run starts over from the root.
    pub restarts: Restarts,
}

/// What propagation runs, beyond naked and hidden singles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Inference {
    /// Locked candidates. Default: from 16×16 up.
    pub locked: bool,
    /// Naked and hidden pairs. Default: 16×16 and 25×25.
    pub pairs: bool,
    /// All-different filtering of houses with at most this many open cells. Default: none.
    pub all_different: Option<usize>,
    /// The run from which pairs and full probes join in, as 25×25 has from the start. Default: never.
    pub stronger_from_run: Option<u64>,
}

/// Failed-literal probing: each choice of each pair tried, what fails ruled out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Probing {
    /// The run from which nodes are probed (1: from the start). Default: 1.
    pub from_run: u64,
    /// Below the root, probe only this many pairs, those that reached furthest. Default: all.
    pub limit: Option<usize>,
    /// Probes propagate as the search does and measure reach in pairs made, not trail length. Default: off.
    pub full: bool,
}

/// Where to branch, and in what order to try the choices there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Branching {
    /// The most places a house-digit may have to be branched on. Default: any.
    pub max_places: u32,
    /// The order of a branch point's choices. Default: lowest first.
    pub order: ValueOrder,
    /// Which side of a probed pair goes first. Default: the lower.
    pub probed_side: Side,
    /// Weigh branch points by failures charged to their houses, from this run. Default: off.
    pub weights_from_run: Option<u64>,
    /// Settle the board band by band, branching only in the topmost open band. Default: off.
    pub banded: bool,
}

/// The order of a branch point's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ValueOrder {
    /// The lowest digit or place first.
    Lowest,
    /// The digit that takes fewest candidates from other cells first.
    LeastConstraining,
    /// The same, and from the second run a house-digit's place likewise.
    LeastConstrainingPlaces,
}

/// Which side of a probed pair to try first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    /// The lower choice, as any other branch point.
    Lower,
    /// The choice whose probe reached further.
    Wider,
    /// The choice whose probe reached less far.
    Narrower,
}

/// When a run starts over from the root with new tie-breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Restarts {
    /// Restart runs that go long in a search for one solution. Default: on.
    pub first_solution: bool,
    /// Restart while no solution is found, counting or not, from this many open cells. Default: never.
    pub unsolved_from_open: Option<usize>,
    /// How long a run may go, in units of the Luby sequence. Default: N² guesses.
    pub unit: RunUnit,
    /// After this many failures a run goes back up a quarter of its depth. Default: never.
    pub partial_after: Option<u64>,
    /// Runs after the first try values in random order (with `unsolved_from_open`). Default: up to 36×36.
    pub shuffle_later_runs: bool,
}

/// What a run's length is counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RunUnit {
    /// This many guesses a unit.
    Guesses(u64),
    /// This many failed guesses a unit.
    Failures(u64),
}

impl Config {
    /// The settings `preset` picks for boxes of `boxw`×`boxw`, for a search
    /// that stops at its first solution (`first_only`) or counts.
    pub(crate) fn new(preset: Preset, boxw: usize, first_only: bool) -> Self {
        let fastest = preset == Preset::Fastest;
        let n2 = (boxw * boxw * boxw * boxw) as u64;
        let mut config = Self {
            inference: Inference {
                locked: boxw >= 4,
                pairs: false,
                all_different: None,
                stronger_from_run: None,
            },
            probing: Probing {
                from_run: 1,
                limit: None,
                full: false,
            },
            branching: Branching {
                max_places: u32::MAX,
                order: ValueOrder::Lowest,
                probed_side: Side::Lower,
                weights_from_run: None,
                banded: false,
            },
            restarts: Restarts {
                first_solution: first_only,
                unsolved_from_open: None,
                unit: RunUnit::Guesses(n2),
                partial_after: None,
                shuffle_later_runs: boxw <= 6,
            },
        };
        let (inference, probing, branching, restarts) = (
            &mut config.inference,
            &mut config.probing,
            &mut config.branching,
            &mut config.restarts,
        );
        if boxw >= 6 {
            // Big boards: two-place house-digits or cells, least constraining value.
            branching.max_places = 2;
            branching.order = ValueOrder::LeastConstraining;
            probing.from_run = 2;
        }
        match (boxw, fastest) {
            (4, _) => {
                inference.pairs = true;
                inference.all_different = Some(64);
                restarts.first_solution &= !fastest;
                if fastest {
                    probing.limit = Some(16);
                    restarts.unsolved_from_open = Some(200);
                }
            }
            (5, _) => {
                inference.pairs = true;
                restarts.first_solution = false;
                if fastest {
                    probing.limit = Some(12);
                    probing.full = true;
                    branching.probed_side = Side::Wider;
                    restarts.unsolved_from_open = Some(350);
                }
            }
            (6 | 7, true) => {
                // Sparse-board runs: probe and filter from the start, narrower side first.
                inference.all_different = Some(12);
                probing.from_run = 1;
                branching.probed_side = Side::Narrower;
                restarts.unit = RunUnit::Failures(16);
                restarts.unsolved_from_open = Some(0);
                if boxw == 6 {
                    inference.stronger_from_run = Some(4);
                } else {
                    branching.weights_from_run = Some(2);
                }
            }
            (6 | 7, false) => inference.all_different = Some(64),
            (8, true) => {
                inference.all_different = Some(32);
                probing.from_run = 1;
                branching.order = ValueOrder::LeastConstrainingPlaces;
                branching.weights_from_run = Some(1);
                branching.banded = true;
                if first_only {
                    restarts.partial_after = Some(300);
                }
            }
            _ => {}
        }
        config
    }

    /// The propagation rules these settings run.
    pub(crate) fn rules(&self) -> Rules {
        let Inference {
            locked,
            pairs,
            all_different,
            ..
        } = self.inference;
        Rules {
            locked,
            pairs,
            // Lazy queueing was measured with pairs and no filter (25×25).
            lazy: pairs && all_different.is_none(),
            count_pairs: self.probing.full,
            alldiff: all_different.is_some(),
            alldiff_max: all_different.unwrap_or(64),
        }
    }

    /// These settings with the inference [`Inference::stronger_from_run`]
    /// switches to: pairs, and probes as 25×25 has them.
    pub(crate) fn strengthened(self) -> Self {
        let mut stronger = self;
        stronger.inference.pairs = true;
        stronger.probing.full = true;
        if stronger.branching.probed_side == Side::Lower {
            stronger.branching.probed_side = Side::Wider;
        }
        stronger
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each preset's search for one solution differs from its count only in
    /// restarts, and a count never restarts runs that go long.
    #[test]
    fn first_only_changes_restarts_alone() {
        for boxw in 2..=8 {
            for preset in [Preset::Fastest, Preset::Steady] {
                let (first, count) = (
                    Config::new(preset, boxw, true),
                    Config::new(preset, boxw, false),
                );
                assert!(!count.restarts.first_solution);
                let mut same = first;
                same.restarts.first_solution = false;
                same.restarts.partial_after = None;
                let mut count = count;
                count.restarts.partial_after = None;
                assert_eq!(same, count, "{boxw} {preset:?}");
            }
        }
    }

    /// The steady preset has none of the newer measures.
    #[test]
    fn steady_has_plain_probes_and_no_weights() {
        for boxw in 2..=8 {
            let c = Config::new(Preset::Steady, boxw, true);
            assert!(!c.probing.full && c.probing.limit.is_none());
            assert!(c.branching.weights_from_run.is_none() && !c.branching.banded);
            assert!(c.restarts.unsolved_from_open.is_none());
        }
    }
}
