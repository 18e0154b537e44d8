//! Quadruples: the given values all appear among the cells around a point, a repeated value as often as given.

use super::Constraint;
use crate::engine::classic::state::Contradiction;
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::engine::variant::state::State;

/// A quadruple: each of `values` (1-based, repeats counted) in a cell of
/// its own among `cells` (the two to four around a point).
///
/// It tries each way of giving the values cells of their own (at most
/// 4! = 24): a cell keeps the value some way that the candidates allow
/// gives it, and all its candidates when some such way gives it none.
/// That keeps exactly the values of the solutions of the quadruple alone.
pub(crate) struct Quadruple {
    cells: Vec<u32>,
    values: Vec<u16>,
}

impl Quadruple {
    /// The quadruple of `values` on `cells`.
    pub(crate) fn new(cells: Vec<u32>, values: Vec<u16>) -> Self {
        Self { cells, values }
    }
}

impl<M: Mask> Constraint<M> for Quadruple {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, m: &Model<M>, st: &mut State<M>) -> Result<(), Contradiction> {
        let cand: Vec<M> = self.cells.iter().map(|&c| st.cand(c as usize)).collect();
        let bits: Vec<Option<M>> = self
            .values
            .iter()
            .map(|&v| {
                (1..=m.n)
                    .contains(&usize::from(v))
                    .then(|| M::bit(usize::from(v) - 1))
            })
            .collect();
        let Some(bits) = bits.into_iter().collect::<Option<Vec<M>>>() else {
            return Err(Contradiction);
        };
        let mut keep = vec![M::EMPTY; cand.len()];
        let mut given = vec![M::EMPTY; cand.len()];
        if !assign(&cand, &bits, 0, &mut given, &mut keep) {
            return Err(Contradiction);
        }
        for (&c, &k) in self.cells.iter().zip(&keep) {
            st.restrict(m, c as usize, k)?;
        }
        Ok(())
    }
}

/// Gives `bits[i..]` cells of their own among those `given` leaves free
/// (empty), in every way `cand` allows, adding to `keep` what each cell may
/// hold in a way that works. Whether some way works.
fn assign<M: Mask>(cand: &[M], bits: &[M], i: usize, given: &mut [M], keep: &mut [M]) -> bool {
    if i == bits.len() {
        for ((k, &g), &c) in keep.iter_mut().zip(given.iter()).zip(cand) {
            *k |= if g.is_empty() { c } else { g };
        }
        return true;
    }
    let mut any = false;
    for j in 0..cand.len() {
        if given[j].is_empty() && cand[j].meets(bits[i]) {
            given[j] = bits[i];
            any |= assign(cand, bits, i + 1, given, keep);
            given[j] = M::EMPTY;
        }
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::propagate::brute::{
        below, domain, exact_when_fixed, model, projection, propagated, rng, sound,
    };

    /// Whether each of `want` appears in `values`, as often as it is listed.
    fn holds(want: &[u16], values: &[usize]) -> bool {
        want.iter().all(|&w| {
            let need = want.iter().filter(|&&x| x == w).count();
            values.iter().filter(|&&v| v == usize::from(w)).count() >= need
        })
    }

    #[test]
    fn keeps_exactly_the_values_of_some_filling() {
        let m = model(6);
        let cells = vec![0, 1, 6, 7];
        let mut solvable = 0;
        for seed in 0..300 {
            let mut r = rng(seed);
            let want: Vec<u16> = (0..1 + below(&mut r, 4))
                .map(|_| 1 + below(&mut r, 6) as u16)
                .collect();
            let doms: Vec<u64> = (0..4)
                .map(|i| domain(&mut r, 6, want.get(i).map_or(0, |&v| usize::from(v)), 2))
                .collect();
            let con = Quadruple::new(cells.clone(), want.clone());
            solvable += usize::from(sound(&m, &con, &doms, |v| holds(&want, v)));
            let support = projection(&doms, |v| holds(&want, v));
            assert_eq!(
                propagated(&m, &con, &doms).unwrap_or(vec![0; 4]),
                support,
                "{doms:?} {want:?}"
            );
        }
        assert!(solvable > 100, "only {solvable} cases had a solution");
    }

    #[test]
    fn fails_exactly_when_fixed_cells_break_it() {
        let m = model(4);
        for want in [vec![1, 2], vec![3, 3], vec![1, 2, 4], vec![2]] {
            let con = Quadruple::new(vec![0, 1, 4, 5], want.clone());
            exact_when_fixed(&m, &con, &[0b1111; 4], |v| holds(&want, v));
        }
    }
}
