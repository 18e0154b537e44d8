//! All-different filtering of one house: removes every candidate that no way of filling the house's open cells can use.
//!
//! The open cells of a house and the digits it still lacks form a bipartite
//! graph, with an edge for each candidate. Every completion of the house is a
//! perfect matching of that graph, so a candidate is possible only if some
//! perfect matching uses its edge (Régin's filtering). With one perfect
//! matching in hand, an unmatched edge (cell `i`, digit `d`) is in another one
//! exactly when it closes an alternating cycle: when `d` can reach the digit
//! matched to `i` by edges "the cell holding this digit could take that one".
//! So the filter finds a matching, then the strongly connected components of
//! that graph on digits, and removes the edges between components.
//!
//! Singles, pairs and locked candidates find only the smallest of these
//! patterns (Hall sets); this finds them all, at a cost of a few thousand
//! steps a house. It pays where search otherwise wanders in subtrees that a
//! hidden Hall set has already doomed: the tough 16×16 puzzles and sparse big
//! boards.

use super::Rule;
use crate::engine::classic::state::{Contradiction, State};
use crate::engine::classic::tables::Tables;

/// No cell or digit: an unmatched vertex.
const FREE: u8 = u8::MAX;

/// Filters one house (its item) for all-different.
pub(super) struct AllDifferent;

impl Rule for AllDifferent {
    fn apply<const FIXED: bool>(g: &Tables, st: &mut State, h: usize) -> Result<(), Contradiction> {
        filter_house(g, st, h)
    }
}

/// Removes from the open cells of house `h` every candidate that no
/// completion of the house uses. Fails when the house has no completion at all.
pub(crate) fn filter_house(g: &Tables, st: &mut State, h: usize) -> Result<(), Contradiction> {
    let n = g.n;
    // The open cells of the house, renumbered 0..k, and their candidates.
    let mut cells = [0u16; 64];
    let mut cand = [0u64; 64];
    let mut k = 0;
    for &cell in &g.house_cells[h * n..h * n + n] {
        if st.value(cell as usize) == 0 {
            cells[k] = cell;
            cand[k] = st.cand(cell as usize);
            k += 1;
        }
    }
    if k <= 1 || k > st.active_rules::<false>().alldiff_max {
        // Singles settle one cell; see `Rules::alldiff_max` for the rest.
        return Ok(());
    }
    let (cells, cand) = (&cells[..k], &cand[..k]);
    let mut digit_of = [FREE; 64]; // The digit matched to each cell.
    let mut cell_of = [FREE; 64]; // The cell matched to each digit.
    let mut taken = 0u64; // Matched digits.
    for i in 0..k {
        let free = cand[i] & !taken;
        if free != 0 {
            let d = free.trailing_zeros() as usize;
            digit_of[i] = d as u8;
            cell_of[d] = i as u8;
            taken |= 1 << d;
        }
    }
    for i in 0..k {
        if digit_of[i] == FREE && !augment(cand, i, &mut digit_of, &mut cell_of) {
            return Err(st.fail_at(h)); // Fewer digits than cells can take them.
        }
    }
    // The alternating graph, on digits: `d → e` when the cell holding `d` in
    // the matching could take `e` instead. Its nodes are the digits the
    // house lacks, and a digit's edges are its cell's candidates as they
    // stand, so building it costs one word a digit.
    let mut next = [0u64; 64];
    for i in 0..k {
        let d = usize::from(digit_of[i]);
        next[d] = cand[i] & !(1u64 << d);
    }
    let component = components(&next, taken_digits(&digit_of[..k]));
    // A candidate stays when its digit is in the component of the cell's
    // matched digit.
    let mut within = [0u64; 64];
    for &d in &digit_of[..k] {
        within[usize::from(component[usize::from(d)])] |= 1u64 << d;
    }
    for i in 0..k {
        let keep = within[usize::from(component[usize::from(digit_of[i])])];
        let mut gone = cand[i] & !keep;
        while gone != 0 {
            let d = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            st.eliminate(g, usize::from(cells[i]), d)?;
        }
    }
    Ok(())
}

/// The set of digits in `digits`.
fn taken_digits(digits: &[u8]) -> u64 {
    digits.iter().fold(0, |m, &d| m | 1u64 << d)
}

/// Finds an alternating path from unmatched cell `start` to a free digit, by
/// breadth-first search over cells, and flips it. Returns false when there is
/// none.
fn augment(cand: &[u64], start: usize, digit_of: &mut [u8; 64], cell_of: &mut [u8; 64]) -> bool {
    let mut queue = [0u8; 64];
    let (mut head, mut tail) = (0, 1);
    queue[0] = start as u8;
    let mut seen = 0u64; // Digits reached.
    let mut via = [0u8; 64]; // The cell each reached digit was reached from.
    while head < tail {
        let i = usize::from(queue[head]);
        head += 1;
        let mut fresh = cand[i] & !seen;
        seen |= fresh;
        while fresh != 0 {
            let d = fresh.trailing_zeros() as usize;
            fresh &= fresh - 1;
            via[d] = i as u8;
            if cell_of[d] == FREE {
                // Flip the path back to `start`.
                let mut d = d;
                loop {
                    let i = usize::from(via[d]);
                    let previous = digit_of[i];
                    digit_of[i] = d as u8;
                    cell_of[d] = i as u8;
                    if i == start {
                        return true;
                    }
                    d = usize::from(previous);
                }
            }
            queue[tail] = cell_of[d];
            tail += 1;
        }
    }
    false
}

/// The strongly connected components of the graph on `nodes` with edges
/// `next[i]` (a set of nodes), as a component number per node (Kosaraju's two
/// passes, each a depth-first search kept on an explicit stack, with sets of
/// unvisited nodes so that each step finds its next node in one instruction).
fn components(next: &[u64; 64], nodes: u64) -> [u8; 64] {
    // Pass 1: nodes in order of finishing.
    let mut order = [0u8; 64];
    let mut finished = 0;
    let mut unvisited = nodes;
    let mut stack = [0u8; 64];
    while unvisited != 0 {
        let root = unvisited.trailing_zeros() as usize;
        unvisited &= !(1u64 << root);
        stack[0] = root as u8;
        let mut depth = 1;
        while depth > 0 {
            let i = usize::from(stack[depth - 1] & 63);
            let ahead = next[i] & unvisited;
            if ahead != 0 {
                let j = ahead.trailing_zeros() as usize;
                unvisited &= !(1u64 << j);
                stack[depth & 63] = j as u8;
                depth += 1;
            } else {
                order[finished & 63] = i as u8;
                finished += 1;
                depth -= 1;
            }
        }
    }
    // Pass 2: on the reversed graph, in reverse finishing order, each search
    // collects one component.
    let back = reversed(next, nodes);
    let mut component = [0u8; 64];
    let mut unassigned = nodes;
    let mut count = 0u8;
    for &root in order[..finished].iter().rev() {
        let root = usize::from(root & 63);
        if unassigned & (1u64 << root) == 0 {
            continue;
        }
        unassigned &= !(1u64 << root);
        let mut todo = 1u64 << root;
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            component[i] = count;
            let reach = back[i] & unassigned;
            unassigned &= !reach;
            todo |= reach;
        }
        count += 1;
    }
    component
}

/// The graph on `nodes` with edges `next` reversed: `back[j]` holds `i`
/// where `next[i]` holds `j`: by transposing the bit matrix, whose cost
/// spans the highest node however few there are, or, where the nodes are
/// few (`2k² ≤ 5 · size · log2(size)`), by setting one bit per edge. Both
/// give the same graph. See docs/decisions/0008-alldiff-graph-reversal.md.
fn reversed(next: &[u64; 64], nodes: u64) -> [u64; 64] {
    // Every node and edge lies within the first `size` rows and bits.
    let size = (64 - nodes.leading_zeros() as usize).next_power_of_two();
    let k = nodes.count_ones() as usize;
    if 2 * k * k > 5 * size * size.trailing_zeros() as usize {
        let mut back = *next;
        transpose(&mut back, size);
        return back;
    }
    let mut back = [0u64; 64];
    let mut from = nodes;
    while from != 0 {
        let i = from.trailing_zeros() as usize;
        from &= from - 1;
        let mut to = next[i];
        while to != 0 {
            let j = to.trailing_zeros() as usize;
            to &= to - 1;
            back[j] |= 1u64 << i;
        }
    }
    back
}

/// Transposes the `size`×`size` bit matrix in the first `size` rows and bits
/// of `m` in place (bit `c` of row `r` to bit `r` of row `c`), for `size` a
/// power of two up to 64 and `m` zero outside it, by swapping ever smaller
/// off-diagonal blocks: log2(`size`) rounds of `size / 2` word operations
/// instead of one step per set bit. Sized to the house (16 for a 16×16
/// board, not 64), as measured in docs/decisions/0008-alldiff-graph-reversal.md.
fn transpose(m: &mut [u64; 64], size: usize) {
    let mut width = size / 2;
    // The low `width` bits of each block of `2 * width`.
    let mut low = 0x0000_0000_ffff_ffffu64;
    let mut w = 32;
    while w > width {
        w >>= 1;
        low ^= low << w;
    }
    while width != 0 {
        let mut r = 0;
        while r < size {
            // Row `r`'s high half-block swaps with row `r + width`'s low one.
            let t = ((m[r] >> width) ^ m[r | width]) & low;
            m[r | width] ^= t;
            m[r] ^= t << width;
            r = ((r | width) + 1) & !width;
        }
        width >>= 1;
        low ^= low << width;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn components_of_a_cycle_and_a_tail() {
        // 0 → 1 → 2 → 0 is a cycle; 3 → 0 hangs off it.
        let mut next = [0u64; 64];
        next[..4].copy_from_slice(&[0b0010, 0b0100, 0b0001, 0b0001]);
        let c = components(&next, 0b1111);
        assert_eq!(c[0], c[1]);
        assert_eq!(c[1], c[2]);
        assert_ne!(c[3], c[0]);
    }

    #[test]
    fn transpose_moves_each_bit_across_the_diagonal() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut m = [0u64; 64];
        for row in &mut m {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            *row = state;
        }
        for size in [1, 2, 4, 8, 16, 32, 64] {
            // The matrix cut down to its first `size` rows and bits.
            let keep = if size == 64 {
                u64::MAX
            } else {
                (1u64 << size) - 1
            };
            let mut cut = [0u64; 64];
            for (c, row) in cut.iter_mut().zip(&m).take(size) {
                *c = row & keep;
            }
            let mut t = cut;
            transpose(&mut t, size);
            for (r, row) in cut.iter().enumerate() {
                for (c, column) in t.iter().enumerate() {
                    assert_eq!((column >> r) & 1, (row >> c) & 1, "{size}: ({r}, {c})");
                }
            }
        }
    }

    #[test]
    fn reversed_turns_each_edge_round_by_bits_or_by_transpose() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        // Few nodes spread up to the last (edges set one by one) and many
        // (transposed), each with random edges among the nodes only.
        for nodes in [1u64 << 63 | 0b1011, 0x8421_0000_0000_0005, u64::MAX, 0xffff] {
            let mut next = [0u64; 64];
            for (i, row) in next.iter_mut().enumerate() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if nodes >> i & 1 == 1 {
                    *row = state & nodes;
                }
            }
            let back = reversed(&next, nodes);
            for (i, row) in next.iter().enumerate() {
                for (j, column) in back.iter().enumerate() {
                    assert_eq!((column >> i) & 1, (row >> j) & 1, "{nodes:x}: ({i}, {j})");
                }
            }
        }
    }

    /// The candidates that some way of giving each of `cand`'s cells a
    /// different digit uses, by trying every way.
    fn used_by_some_completion(cand: &[u16]) -> Vec<u16> {
        let k = cand.len();
        let mut used = vec![0u16; k];
        let mut pick = vec![0usize; k];
        // Depth-first over cells, on an explicit stack: `pick[i]` is the next
        // digit to try in cell `i`.
        let (mut i, mut taken) = (0usize, 0u16);
        loop {
            if i == k {
                for (j, &d) in pick.iter().enumerate() {
                    used[j] |= 1 << (d - 1);
                }
                i -= 1;
                taken &= !(1 << (pick[i] - 1));
                continue;
            }
            let next = (pick[i]..9).find(|&d| cand[i] & !taken & (1 << d) != 0);
            match next {
                Some(d) => {
                    pick[i] = d + 1;
                    taken |= 1 << d;
                    i += 1;
                    if i < k {
                        pick[i] = 0;
                    }
                }
                None => {
                    if i == 0 {
                        return used;
                    }
                    i -= 1;
                    taken &= !(1 << (pick[i] - 1));
                }
            }
        }
    }

    proptest! {
        /// On row 0 of an empty 9×9 state with some candidates removed, the
        /// filter keeps exactly the candidates some completion of the row uses,
        /// and fails exactly when there is none.
        #[test]
        fn keeps_exactly_what_some_completion_uses(
            masks in prop::collection::vec(
                prop_oneof![
                    1u16..512,
                    // Two or three candidates: tight sets, and pruning, are common.
                    prop::collection::vec(0u16..9, 2..4)
                        .prop_map(|ds| ds.iter().fold(0, |m, &d| m | 1 << d)),
                ],
                9,
            )
        ) {
            let g = Tables::new(3);
            let mut st = State::new(&g);
            st.reset(&g, &[0; 81]);
            let expected = used_by_some_completion(&masks);
            let mut removed = Ok(());
            for (cell, &m) in masks.iter().enumerate() {
                for d in 0..9 {
                    if m & (1 << d) == 0 {
                        removed = removed.and_then(|()| st.eliminate(&g, cell, d));
                    }
                }
            }
            // A digit with no place left in the row fails on the spot.
            let result = removed.and_then(|()| filter_house(&g, &mut st, 0));
            if expected.contains(&0) {
                prop_assert!(result.is_err(), "{:?}", masks);
            } else {
                prop_assert!(result.is_ok(), "{:?}", masks);
                let found: Vec<u16> = (0..9).map(|c| st.cand(c) as u16).collect();
                prop_assert_eq!(found, expected, "{:?}", masks);
            }
        }
    }
}
