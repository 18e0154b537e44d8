//! The general engine's lookup tables, derived from a layout's [`Geometry`] for its hot loops.

use crate::model::geometry::Geometry;

/// The general engine's lookup tables for one layout, built from its
/// [`Geometry`]: which cells make up each house, and where each cell sits
/// in its three houses. Built once per solver.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// Side of a box.
    pub boxw: usize,
    /// Side of the board.
    pub n: usize,
    /// `house_cells[h * n + p]`: the cell at position `p` of house `h`. Houses
    /// `0..n` are rows, `n..2n` columns, `2n..3n` boxes.
    pub house_cells: Vec<u16>,
    /// `cell_houses[c]`: the houses of cell `c` (row, column, box), each as
    /// (`h * n`, position, `h`): `h * n` is the first of the house's
    /// house-digits, so that a digit's slot takes an addition rather than a
    /// multiplication where every elimination and its undo reach it; the
    /// house `h` is below 192.
    pub cell_houses: Vec<[(u16, u8, u8); 3]>,
    /// `cell_bits[c][k]`: the bit of cell `c`'s position in its `k`th
    /// house, `1 << p` for `cell_houses[c][k]`'s `p`, loaded rather than
    /// shifted where an elimination or its undo takes or gives back a
    /// place (see docs/decisions/0003-general-engine-hot-paths.md).
    pub cell_bits: Vec<[u64; 3]>,
    /// `segment[p]`: the positions of a house that share position `p`'s
    /// box segment (in a row or column) or box row (in a box).
    pub segment: [u64; 64],
    /// `stripe[p]`: the positions of a box in position `p`'s box column.
    pub stripe: [u64; 64],
    /// `quot[i]`, `rem[i]`: `i / boxw` and `i % boxw`, for `i` below `n`.
    pub quot: [u8; 64],
    pub rem: [u8; 64],
    /// `house_digit[slot]`: the house and digit of house-digit `slot`
    /// (`house * n + digit`), looked up rather than divided out.
    house_digit: Vec<(u8, u8)>,
}

impl Tables {
    pub fn new(boxw: usize) -> Self {
        let geometry = Geometry::square(boxw);
        let n = geometry.size();
        let mut house_cells = vec![0u16; 3 * n * n];
        let mut cell_houses = vec![[(0u16, 0u8, 0u8); 3]; n * n];
        let mut cell_bits = vec![[0u64; 3]; n * n];
        for (h, house) in geometry.houses().iter().enumerate() {
            for (p, &cell) in house.cells().iter().enumerate() {
                house_cells[h * n + p] = cell as u16;
            }
        }
        for (cell, (houses, bits)) in cell_houses.iter_mut().zip(&mut cell_bits).enumerate() {
            // Rows, columns and boxes: three houses a cell, in that order.
            for (k, m) in geometry.houses_of(cell).iter().enumerate() {
                let (h, p) = (m.house as usize, m.position as usize);
                houses[k] = ((h * n) as u16, p as u8, h as u8);
                bits[k] = 1 << p;
            }
        }
        let seg = (1u64 << boxw) - 1;
        let (mut segment, mut stripes) = ([0u64; 64], [0u64; 64]);
        for p in 0..n {
            segment[p] = seg << (boxw * (p / boxw));
            stripes[p] = stripe(boxw) << (p % boxw);
        }
        let (mut quot, mut rem) = ([0u8; 64], [0u8; 64]);
        for i in 0..n {
            (quot[i], rem[i]) = ((i / boxw) as u8, (i % boxw) as u8);
        }
        let house_digit = (0..3 * n * n)
            .map(|s| ((s / n) as u8, (s % n) as u8))
            .collect();
        Self {
            boxw,
            n,
            house_cells,
            cell_houses,
            cell_bits,
            segment,
            stripe: stripes,
            quot,
            rem,
            house_digit,
        }
    }

    /// The house and digit of house-digit `slot`: `(slot / n, slot % n)`.
    #[inline(always)]
    pub fn split(&self, slot: usize) -> (usize, usize) {
        let (h, d) = self.house_digit[slot];
        (usize::from(h), usize::from(d))
    }
}

/// Positions `0, w, 2w, …` of a box: its first column.
fn stripe(w: usize) -> u64 {
    (0..w).fold(0, |m, i| m | 1 << (i * w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_bits_are_the_bits_of_the_cells_positions() {
        for boxw in 2..=8 {
            let g = Tables::new(boxw);
            for (houses, bits) in g.cell_houses.iter().zip(&g.cell_bits) {
                for (&(_, p, _), &bit) in houses.iter().zip(bits) {
                    assert_eq!(bit, 1u64 << p, "box width {boxw}");
                }
            }
        }
    }
}
