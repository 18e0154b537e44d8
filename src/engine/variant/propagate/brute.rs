//! Test support for the propagators: every assignment of a constraint's cells, against what its propagation keeps.

use super::Constraint;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::propagate::compile;
use crate::engine::variant::state::State;
use crate::model::rules::Rules;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// The model of an N×N board (boxes as f-puzzles draws them), with no
/// constraint beyond houses.
pub(crate) fn model(n: usize) -> Model<u64> {
    compile::<u64>(&Rules::classic(n).expect("a supported size")).0
}

/// A random source for the tests, the same on every run.
pub(crate) fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A draw below `n`.
pub(crate) fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    crate::random::below(rng, n as u32) as usize
}

/// A domain of values `1..=n` holding `value` (when not 0) and each other
/// value with chance one in `odds`.
pub(crate) fn domain(rng: &mut ChaCha8Rng, n: usize, value: usize, odds: usize) -> u64 {
    let mut d = if value == 0 { 0 } else { 1 << (value - 1) };
    for v in 0..n {
        if below(rng, odds) == 0 {
            d |= 1 << v;
        }
    }
    if d == 0 { 1 << below(rng, n) } else { d }
}

/// Runs `con` once on `doms` (a domain for each of its cells, as masks,
/// in the order of [`Constraint::cells`]) over the model `m`, and checks
/// that it keeps every value some assignment satisfying `holds` (values
/// `1..=n`, in the same order) uses, and fails only when none does.
/// Returns whether some assignment holds.
pub(crate) fn sound<C: Constraint<u64>>(
    m: &Model<u64>,
    con: &C,
    doms: &[u64],
    holds: impl Fn(&[usize]) -> bool,
) -> bool {
    let support = projection(doms, holds);
    let got = propagated(m, con, doms);
    let any = support.iter().all(|&s| s != 0);
    if any {
        let kept = got.unwrap_or_else(|| panic!("failed with a solution: doms {doms:?}"));
        for (i, (&k, &s)) in kept.iter().zip(&support).enumerate() {
            assert_eq!(
                k & s,
                s,
                "cell {i} lost a supported value: doms {doms:?}, kept {k:b}, support {s:b}"
            );
        }
    }
    any
}

/// The values some assignment of `doms` satisfying `holds` takes, cell by
/// cell (all empty when none does).
pub(crate) fn projection(doms: &[u64], holds: impl Fn(&[usize]) -> bool) -> Vec<u64> {
    let mut support = vec![0u64; doms.len()];
    let mut values = vec![0usize; doms.len()];
    each(doms, 0, &mut values, &mut |vals| {
        if holds(vals) {
            for (s, &v) in support.iter_mut().zip(vals) {
                *s |= 1 << (v - 1);
            }
        }
    });
    support
}

/// The domains `con` leaves of `doms` after one run, or `None` when it fails.
pub(crate) fn propagated<C: Constraint<u64>>(
    m: &Model<u64>,
    con: &C,
    doms: &[u64],
) -> Option<Vec<u64>> {
    let cells = con.cells().to_vec();
    assert_eq!(cells.len(), doms.len(), "a domain for each cell");
    let mut st = State::new(m);
    st.reset(m, &vec![0; m.cells]).expect("an empty board");
    // Checks at full strength, as below the root.
    st.exact = true;
    for (&c, &d) in cells.iter().zip(doms) {
        st.restrict(m, c as usize, d)
            .expect("a domain with a value");
    }
    con.propagate(m, &mut st).ok()?;
    Some(cells.iter().map(|&c| st.cand(c as usize)).collect())
}

/// Calls `f` on each assignment of values from `doms`.
fn each(doms: &[u64], i: usize, values: &mut [usize], f: &mut impl FnMut(&[usize])) {
    if i == doms.len() {
        f(values);
        return;
    }
    let mut d = doms[i];
    while d != 0 {
        values[i] = d.first() + 1;
        d = d.without_lowest();
        each(doms, i + 1, values, f);
    }
}

/// Whether `con` fails on cells fixed to `values`, as masks.
pub(crate) fn fails_on<C: Constraint<u64>>(m: &Model<u64>, con: &C, values: &[usize]) -> bool {
    let mut st = State::new(m);
    st.reset(m, &vec![0; m.cells]).expect("an empty board");
    for (&c, &v) in con.cells().iter().zip(values) {
        if st.restrict(m, c as usize, 1 << (v - 1)).is_err() {
            return true;
        }
    }
    con.propagate(m, &mut st).is_err()
}

/// Checks that `con` fails on every assignment of `doms` that breaks
/// `holds` and passes each that keeps it (with each cell one value).
pub(crate) fn exact_when_fixed<C: Constraint<u64>>(
    m: &Model<u64>,
    con: &C,
    doms: &[u64],
    holds: impl Fn(&[usize]) -> bool,
) {
    let mut values = vec![0usize; doms.len()];
    each(doms, 0, &mut values, &mut |vals| {
        assert_eq!(
            fails_on(m, con, vals),
            !holds(vals),
            "fixed to {vals:?}: holds {}",
            holds(vals)
        );
    });
}

/// Whether `values` all differ.
pub(crate) fn distinct(values: &[usize]) -> bool {
    values
        .iter()
        .enumerate()
        .all(|(i, v)| !values[i + 1..].contains(v))
}

/// Checks that `con` on a line of `n` cells fails on exactly the rows of
/// different values `1..=n` that break `holds`.
pub(crate) fn exact_on_rows<C: Constraint<u64>>(
    m: &Model<u64>,
    con: &C,
    n: usize,
    holds: impl Fn(&[usize]) -> bool,
) {
    let doms = vec![(1u64 << n) - 1; n];
    let mut values = vec![0usize; n];
    each(&doms, 0, &mut values, &mut |row| {
        if distinct(row) {
            assert_eq!(fails_on(m, con, row), !holds(row), "row {row:?}");
        }
    });
}
