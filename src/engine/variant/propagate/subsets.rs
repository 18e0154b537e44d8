//! Naked and hidden pairs in a house of N cells, for layouts of houses alone.

use super::super::mask::Mask;
use super::super::model::Model;
use super::super::state::State;
use crate::engine::classic::state::Contradiction;

/// Two cells of `house` left with the same two values take them from the
/// rest of it (a naked pair); two values left in the same two cells of it
/// take those cells (a hidden pair). Boards up to 64×64: a value's places
/// are a word of positions.
///
/// # Errors
///
/// A contradiction when a restriction leaves a cell empty.
pub(super) fn pairs<M: Mask>(
    m: &Model<M>,
    st: &mut State<M>,
    house: &[u32],
) -> Result<(), Contradiction> {
    debug_assert!(house.len() <= 64, "places as a word");
    // Values with one place or more, two or more, three or more; and the
    // cells of two candidates.
    let (mut one, mut two, mut three) = (M::EMPTY, M::EMPTY, M::EMPTY);
    let mut twos = [(0u32, M::EMPTY); 64];
    let mut k = 0;
    for &c in house {
        let cand = st.cand(c as usize);
        three |= two & cand;
        two |= one & cand;
        one |= cand;
        if cand.count() == 2 {
            twos[k] = (c, cand);
            k += 1;
        }
    }
    for i in 0..k {
        for j in i + 1..k {
            let pair = twos[i].1;
            if twos[j].1 != pair {
                continue;
            }
            let (a, b) = (twos[i].0, twos[j].0);
            for &c in house {
                if c != a && c != b && st.cand(c as usize).meets(pair) {
                    st.restrict(m, c as usize, !pair)?;
                }
            }
        }
    }
    // Hidden pairs, among the values that had two places before the naked
    // pairs above took any: their places are found again now.
    let exactly = two & !three;
    if exactly.without_lowest().is_empty() {
        return Ok(());
    }
    // `places[d]`: the positions in the house of value `d + 1`, for those
    // of two places.
    let mut places = [0u64; 64];
    for (i, &c) in house.iter().enumerate() {
        let mut hit = st.cand(c as usize) & exactly;
        while !hit.is_empty() {
            places[hit.first()] |= 1 << i;
            hit = hit.without_lowest();
        }
    }
    let mut rest = exactly;
    while !rest.is_empty() {
        let d = rest.first();
        rest = rest.without_lowest();
        let at = places[d];
        if at.count_ones() != 2 {
            // A naked pair took one of its places: left to the hidden singles.
            continue;
        }
        let mut others = rest;
        while !others.is_empty() {
            let e = others.first();
            others = others.without_lowest();
            if places[e] != at {
                continue;
            }
            let keep = M::bit(d) | M::bit(e);
            let (p, q) = (at.trailing_zeros(), 63 - at.leading_zeros());
            for pos in [p, q] {
                let c = house[pos as usize] as usize;
                if !(st.cand(c) & !keep).is_empty() {
                    st.restrict(m, c, keep)?;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::pairs;
    use crate::engine::variant::mask::Mask;
    use crate::engine::variant::propagate::compile;
    use crate::engine::variant::state::State;
    use crate::model::rules::Rules;

    /// A naked pair takes its values from the rest of its row, and a hidden
    /// pair takes its two cells, and nothing else changes.
    #[test]
    fn pairs_rule_out_what_they_should() {
        let (m, _) = compile::<u64>(&Rules::boxes(2, 3).unwrap());
        let row = |r: u32| -> Vec<u32> { (6 * r..6 * r + 6).collect() };
        let house = |cells: &[u32]| (0..m.house_count()).find(|&h| m.house(h) == cells).unwrap();
        let mut st = State::new(&m);
        st.reset(&m, &[0; 36]).unwrap();
        // Row 0: cells 0 and 1 keep {1, 2}; cell 2 keeps {1, 2, 3}.
        st.restrict(&m, 0, 0b11).unwrap();
        st.restrict(&m, 1, 0b11).unwrap();
        st.restrict(&m, 2, 0b111).unwrap();
        // Row 1: values 3 and 4 only in cells 6 and 7.
        for c in 8..12 {
            st.restrict(&m, c, !0b1100).unwrap();
        }
        let before: Vec<u64> = (0..36).map(|c| st.cand(c)).collect();
        pairs(&m, &mut st, m.house(house(&row(0)))).unwrap();
        assert_eq!(st.cand(2), 0b100, "the naked pair leaves 3");
        for c in 3..6 {
            assert_eq!(st.cand(c), m.full & !0b11, "cell {c}");
        }
        pairs(&m, &mut st, m.house(house(&row(1)))).unwrap();
        assert_eq!(
            (st.cand(6), st.cand(7)),
            (0b1100, 0b1100),
            "the hidden pair"
        );
        let changed = [2, 3, 4, 5, 6, 7];
        for c in (0..36).filter(|c| !changed.contains(c)) {
            assert_eq!(st.cand(c), before[c], "cell {c}");
        }
        // Two values in the same two cells with a third there: not a naked pair.
        let mut st = State::new(&m);
        st.reset(&m, &[0; 36]).unwrap();
        st.restrict(&m, 0, 0b11).unwrap();
        st.restrict(&m, 1, 0b111).unwrap();
        pairs(&m, &mut st, m.house(house(&row(0)))).unwrap();
        assert!(
            (2..6).all(|c| st.cand(c) == m.full),
            "no pair, nothing ruled out"
        );
        assert!(st.cand(1).count() == 3);
    }
}
