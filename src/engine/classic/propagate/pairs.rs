//! Naked and hidden pairs: two cells of a house that must hold two digits between them.

use super::Rule;
use crate::engine::classic::bits::{first_bit, two_bits};
use crate::engine::classic::state::{Contradiction, State};
use crate::engine::classic::tables::Tables;

/// Where digit `slot % n` has two places in house `slot / n`, and another
/// digit has the same two, the two cells hold those two digits: clears the
/// other digits from them.
pub(super) struct HiddenPair;

impl Rule for HiddenPair {
    #[inline(always)]
    fn apply<const FIXED: bool>(
        g: &Tables,
        st: &mut State,
        slot: usize,
    ) -> Result<(), Contradiction> {
        let n = g.n;
        let (h, d) = g.split(slot);
        let m = st.places(slot);
        // The other digit has both cells as candidates: trying only the
        // digits they share finds the same (lowest) one as a scan of every
        // digit of the house, for less. See docs/decisions/0003-general-engine-hot-paths.md.
        let (c1, c2) = (
            g.house_cells[h * n + m.trailing_zeros() as usize] as usize,
            g.house_cells[h * n + 63 - m.leading_zeros() as usize] as usize,
        );
        let shared = st.cand(c1) & st.cand(c2) & !(1u64 << d);
        let Some(e) = first_bit(shared, |e| st.places(h * n + e) == m) else {
            return Ok(());
        };
        let keep = (1u64 << d) | (1u64 << e);
        let mut at = m;
        while at != 0 {
            let p = at.trailing_zeros() as usize;
            at &= at - 1;
            let cell = g.house_cells[h * n + p] as usize;
            let mut others = st.cand(cell) & !keep;
            while others != 0 {
                let x = others.trailing_zeros() as usize;
                others &= others - 1;
                st.eliminate_with::<FIXED>(g, cell, x)?;
            }
        }
        Ok(())
    }
}

/// Where open `cell` has two candidates and another open cell of one of its
/// houses has the same two, those two cells hold them: clears the two digits
/// from the rest of that house.
pub(super) struct NakedPair;

impl Rule for NakedPair {
    #[inline(always)]
    fn apply<const FIXED: bool>(
        g: &Tables,
        st: &mut State,
        cell: usize,
    ) -> Result<(), Contradiction> {
        let n = g.n;
        let m = st.cand(cell);
        if st.value(cell) != 0 || !two_bits(m) {
            return Ok(());
        }
        // The house by `h * n`, not the `base` of `cell_houses`, and in a
        // loop: both measured cheaper here. See
        // docs/decisions/0003-general-engine-hot-paths.md.
        for &(_, p, h) in &g.cell_houses[cell] {
            let h = h as usize;
            let cells = &g.house_cells[h * n..h * n + n];
            // The other cell has both digits as candidates: trying only the
            // places the two digits share finds the same (first) cell as a
            // scan of the house.
            let (x, y) = (m.trailing_zeros() as usize, 63 - m.leading_zeros() as usize);
            let shared = st.places(h * n + x) & st.places(h * n + y) & !(1u64 << p);
            let Some(q) = first_bit(shared, |q| {
                st.value(cells[q] as usize) == 0 && st.cand(cells[q] as usize) == m
            }) else {
                continue;
            };
            let mut digits = m;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut rest = st.places(h * n + d) & !(1u64 << p) & !(1u64 << q);
                while rest != 0 {
                    let r = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    st.eliminate_with::<FIXED>(g, g.house_cells[h * n + r] as usize, d)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::classic::config::Rules;
    use crate::engine::classic::state::State;
    use crate::engine::classic::tables::Tables;

    /// Singles, with or without pairs.
    fn pairs(on: bool) -> Rules {
        Rules {
            pairs: on,
            ..Rules::default()
        }
    }

    /// An empty 4×4 state with pair reasoning on.
    fn empty_4x4() -> (Tables, State) {
        let g = Tables::new(2);
        let mut st = State::new(&g);
        st.reset(&g, &[0; 16]);
        st.set_rules(pairs(true));
        (g, st)
    }

    /// Removes each of `digits` from each of `cells`.
    fn eliminate_all(g: &Tables, st: &mut State, cells: &[usize], digits: &[usize]) {
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
        assert_eq!((st.cand(0), st.cand(1)), (0b0011, 0b0011));
        // Without pairs, the same eliminations leave the two cells alone.
        let (g, mut plain) = empty_4x4();
        plain.set_rules(pairs(false));
        eliminate_all(&g, &mut plain, &[2, 3], &[0, 1]);
        plain.propagate(&g).unwrap();
        assert_eq!((plain.cand(0), plain.cand(1)), (0b1111, 0b1111));
    }

    #[test]
    fn naked_pair_clears_its_digits_from_the_rest_of_each_shared_house() {
        let (g, mut st) = empty_4x4();
        // Cells 0 and 1 (row 0, box 0) can only hold digits 0 and 1.
        eliminate_all(&g, &mut st, &[0, 1], &[2, 3]);
        st.propagate(&g).unwrap();
        for cell in [2, 3, 4, 5] {
            assert_eq!(st.cand(cell), 0b1100, "cell {cell}");
        }
        // Cell 8 shares no house with both: untouched.
        assert_eq!(st.cand(8), 0b1111);
    }
}
