//! Equivalence transforms: relabeling values, permuting rows, columns, bands and stacks, and transposing.
//!
//! Each transform maps a valid board to a valid board and a solution of one to a
//! solution of the other, so it keeps the number of solutions. They are how the
//! generator varies its grids, and how tests make isomorphic puzzles.

use rand_core::Rng;
use thiserror::Error;

use crate::model::board::Board;

/// A transform argument that does not describe a permutation of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum TransformError {
    /// An order of rows, columns, bands or stacks that is not a permutation of `0..size`.
    #[error("the order is not a permutation of 0..{size}")]
    NotAPermutation {
        /// How many items the order must permute.
        size: usize,
    },
    /// A relabeling that is not a permutation of the values `1..=size`.
    #[error("the relabeling is not a permutation of 1..={size}")]
    NotARelabeling {
        /// The side of the board, which is also the largest value.
        size: usize,
    },
    /// A band or stack index past the last one.
    #[error("band or stack {index} is out of range 0..{count}")]
    OutOfRange {
        /// The index asked for.
        index: usize,
        /// The number of bands (or stacks) of the board: `BOX`.
        count: usize,
    },
}

/// Checks that `order` is a permutation of `0..size`.
fn check_order(order: &[usize], size: usize) -> Result<(), TransformError> {
    let mut seen = [false; 64];
    let ok = order.len() == size
        && order
            .iter()
            .all(|&i| i < size && !std::mem::replace(&mut seen[i], true));
    if ok {
        Ok(())
    } else {
        Err(TransformError::NotAPermutation { size })
    }
}

/// Checks that `index` is a band or stack of a board with boxes of side `count`.
fn check_index(index: usize, count: usize) -> Result<(), TransformError> {
    if index < count {
        Ok(())
    } else {
        Err(TransformError::OutOfRange { index, count })
    }
}

/// A composition of equivalence transforms for boards of one size: a
/// relabeling of the values, a permutation of the rows that keeps each band
/// together, one of the columns that keeps each stack together, and an optional
/// transposition, applied in that order.
///
/// ```
/// use ndoku::Board9;
/// use ndoku::model::Transform;
///
/// let puzzle: Board9 =
///     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
/// let t = Transform::<3>::random(7);
/// let twin = t.apply(&puzzle);
/// assert_eq!(twin.givens(), puzzle.givens());
/// assert_eq!(twin.count_solutions(2), puzzle.count_solutions(2));
/// assert_eq!(t.inverse().apply(&twin), puzzle);
/// # Ok::<(), ndoku::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transform<const BOX: usize> {
    /// `values[v]`: the new value of value `v` (index 0 unused, kept at 0).
    values: Vec<u8>,
    /// `rows[r]`: the source row of row `r`.
    rows: Vec<usize>,
    /// `cols[c]`: the source column of column `c`.
    cols: Vec<usize>,
    /// Whether to transpose after the rest.
    transpose: bool,
}

impl<const BOX: usize> Transform<BOX> {
    /// The transform that changes nothing.
    #[must_use]
    pub fn identity() -> Self {
        let n = Board::<BOX>::N;
        Self {
            values: (0..=n as u8).collect(),
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            transpose: false,
        }
    }

    /// A transform drawn at random, reproducibly, from `seed`: every relabeling,
    /// band, row, stack and column order and transposition is equally likely.
    #[must_use]
    pub fn random(seed: u64) -> Self {
        use rand_core::SeedableRng;
        Self::random_with(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed))
    }

    /// A transform drawn at random from `rng`.
    pub(crate) fn random_with(rng: &mut impl Rng) -> Self {
        let n = Board::<BOX>::N;
        let mut values: Vec<u8> = (0..=n as u8).collect();
        crate::random::shuffle(rng, &mut values[1..]);
        let lines = |rng: &mut _| {
            let mut bands: Vec<usize> = (0..BOX).collect();
            crate::random::shuffle(rng, &mut bands);
            let mut out = Vec::with_capacity(n);
            for band in bands {
                let mut within: Vec<usize> = (0..BOX).collect();
                crate::random::shuffle(rng, &mut within);
                out.extend(within.into_iter().map(|k| band * BOX + k));
            }
            out
        };
        let rows = lines(rng);
        let cols = lines(rng);
        let transpose = crate::random::below(rng, 2) == 1;
        Self {
            values,
            rows,
            cols,
            transpose,
        }
    }

    /// Applies the transform to `board`.
    #[must_use]
    pub fn apply(&self, board: &Board<BOX>) -> Board<BOX> {
        let n = Board::<BOX>::N;
        let src = board.as_bytes();
        let mut out = vec![0u8; n * n];
        for r in 0..n {
            for c in 0..n {
                let v = self.values[usize::from(src[self.rows[r] * n + self.cols[c]])];
                let i = if self.transpose { c * n + r } else { r * n + c };
                out[i] = v;
            }
        }
        Board::from_checked_cells(&out)
    }

    /// The relabeling that replaces each value `v` by `map[v - 1]`, as
    /// [`Board::relabel`] does.
    ///
    /// # Errors
    ///
    /// [`TransformError::NotARelabeling`] when `map` is not a permutation of `1..=N`.
    pub fn relabeling(map: &[u8]) -> Result<Self, TransformError> {
        let n = Board::<BOX>::N;
        let zero_based: Vec<usize> = map
            .iter()
            .map(|&v| usize::from(v).wrapping_sub(1))
            .collect();
        check_order(&zero_based, n).map_err(|_| TransformError::NotARelabeling { size: n })?;
        let mut t = Self::identity();
        t.values[1..].copy_from_slice(map);
        Ok(t)
    }

    /// The band order of [`Board::permute_bands`]: band `k` becomes the old band `order[k]`.
    ///
    /// # Errors
    ///
    /// [`TransformError::NotAPermutation`] when `order` is not a permutation of `0..BOX`.
    pub fn band_order(order: &[usize]) -> Result<Self, TransformError> {
        check_order(order, BOX)?;
        let mut t = Self::identity();
        t.rows = (0..Board::<BOX>::N)
            .map(|r| order[r / BOX] * BOX + r % BOX)
            .collect();
        Ok(t)
    }

    /// The row order within one band of [`Board::permute_rows`].
    ///
    /// # Errors
    ///
    /// [`TransformError::OutOfRange`] for a band past `BOX - 1`, and
    /// [`TransformError::NotAPermutation`] when `order` is not a permutation of `0..BOX`.
    pub fn row_order(band: usize, order: &[usize]) -> Result<Self, TransformError> {
        check_index(band, BOX)?;
        check_order(order, BOX)?;
        let mut t = Self::identity();
        for (k, &from) in order.iter().enumerate() {
            t.rows[band * BOX + k] = band * BOX + from;
        }
        Ok(t)
    }

    /// The stack order of [`Board::permute_stacks`].
    ///
    /// # Errors
    ///
    /// As [`Transform::band_order`].
    pub fn stack_order(order: &[usize]) -> Result<Self, TransformError> {
        let bands = Self::band_order(order)?;
        Ok(Self {
            cols: bands.rows,
            rows: bands.cols,
            ..bands
        })
    }

    /// The column order within one stack of [`Board::permute_columns`].
    ///
    /// # Errors
    ///
    /// As [`Transform::row_order`].
    pub fn column_order(stack: usize, order: &[usize]) -> Result<Self, TransformError> {
        let rows = Self::row_order(stack, order)?;
        Ok(Self {
            cols: rows.rows,
            rows: rows.cols,
            ..rows
        })
    }

    /// The mirror in the main diagonal of [`Board::transpose`].
    #[must_use]
    pub fn transposition() -> Self {
        Self {
            transpose: true,
            ..Self::identity()
        }
    }

    /// This transform, then `next`: one transform that maps a board as the
    /// two in turn do.
    ///
    /// ```
    /// use ndoku::Board9;
    /// use ndoku::model::Transform;
    ///
    /// let puzzle: Board9 =
    ///     "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..".parse()?;
    /// let swap = Transform::<3>::band_order(&[2, 1, 0])?
    ///     .then(&Transform::relabeling(&[9, 8, 7, 6, 5, 4, 3, 2, 1])?)
    ///     .then(&Transform::transposition());
    /// let by_hand = puzzle.permute_bands(&[2, 1, 0])?.relabel(&[9, 8, 7, 6, 5, 4, 3, 2, 1])?.transpose();
    /// assert_eq!(swap.apply(&puzzle), by_hand);
    /// assert_eq!(swap.inverse().apply(&by_hand), puzzle);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn then(&self, next: &Self) -> Self {
        // A transform reads output cell (r, c) from source cell (rows[r], cols[c]),
        // or with `transpose` (rows[c], cols[r]); chaining reads `next`'s source
        // through this one's.
        let through = |outer: &[usize], inner: &[usize]| -> Vec<usize> {
            inner.iter().map(|&i| outer[i]).collect()
        };
        let (rows, cols) = if self.transpose {
            (
                through(&self.rows, &next.cols),
                through(&self.cols, &next.rows),
            )
        } else {
            (
                through(&self.rows, &next.rows),
                through(&self.cols, &next.cols),
            )
        };
        Self {
            values: self
                .values
                .iter()
                .map(|&v| next.values[usize::from(v)])
                .collect(),
            rows,
            cols,
            transpose: self.transpose != next.transpose,
        }
    }

    /// The transform that undoes this one.
    #[must_use]
    pub fn inverse(&self) -> Self {
        let n = Board::<BOX>::N;
        let invert = |p: &[usize]| {
            let mut q = vec![0; p.len()];
            for (i, &j) in p.iter().enumerate() {
                q[j] = i;
            }
            q
        };
        let mut values = vec![0u8; n + 1];
        for (v, &w) in self.values.iter().enumerate() {
            values[usize::from(w)] = v as u8;
        }
        let (rows, cols) = if self.transpose {
            // (T ∘ P)⁻¹ = P⁻¹ ∘ T, and transposing first swaps the roles of the
            // row and column orders.
            (invert(&self.cols), invert(&self.rows))
        } else {
            (invert(&self.rows), invert(&self.cols))
        };
        Self {
            values,
            rows,
            cols,
            transpose: self.transpose,
        }
    }
}

impl<const BOX: usize> Default for Transform<BOX> {
    fn default() -> Self {
        Self::identity()
    }
}

impl<const BOX: usize> Board<BOX> {
    /// The board with each value `v` replaced by `map[v - 1]`.
    ///
    /// ```
    /// use ndoku::Board4;
    ///
    /// let board: Board4 = "12..............".parse()?;
    /// assert_eq!(board.relabel(&[4, 3, 2, 1])?.to_string(), "43..............");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TransformError::NotARelabeling`] when `map` is not a permutation of `1..=N`.
    pub fn relabel(&self, map: &[u8]) -> Result<Self, TransformError> {
        let n = Self::N;
        let zero_based: Vec<usize> = map
            .iter()
            .map(|&v| usize::from(v).wrapping_sub(1))
            .collect();
        check_order(&zero_based, n).map_err(|_| TransformError::NotARelabeling { size: n })?;
        let out: Vec<u8> = self
            .as_bytes()
            .iter()
            .map(|&v| if v == 0 { 0 } else { map[usize::from(v) - 1] })
            .collect();
        Ok(Self::from_checked_cells(&out))
    }

    /// The board with the rows of band `band` (rows `band * BOX ..`) reordered:
    /// row `k` of the band becomes its old row `order[k]`.
    ///
    /// # Errors
    ///
    /// [`TransformError::OutOfRange`] for a band past `BOX - 1`, and
    /// [`TransformError::NotAPermutation`] when `order` is not a permutation of `0..BOX`.
    pub fn permute_rows(&self, band: usize, order: &[usize]) -> Result<Self, TransformError> {
        check_index(band, BOX)?;
        check_order(order, BOX)?;
        Ok(self.map_lines(
            |r| {
                if r / BOX == band {
                    band * BOX + order[r % BOX]
                } else {
                    r
                }
            },
            |c| c,
        ))
    }

    /// The board with its bands reordered: band `k` becomes the old band `order[k]`.
    ///
    /// # Errors
    ///
    /// [`TransformError::NotAPermutation`] when `order` is not a permutation of `0..BOX`.
    pub fn permute_bands(&self, order: &[usize]) -> Result<Self, TransformError> {
        check_order(order, BOX)?;
        Ok(self.map_lines(|r| order[r / BOX] * BOX + r % BOX, |c| c))
    }

    /// The board with the columns of stack `stack` (columns `stack * BOX ..`)
    /// reordered: column `k` of the stack becomes its old column `order[k]`.
    ///
    /// # Errors
    ///
    /// [`TransformError::OutOfRange`] for a stack past `BOX - 1`, and
    /// [`TransformError::NotAPermutation`] when `order` is not a permutation of `0..BOX`.
    pub fn permute_columns(&self, stack: usize, order: &[usize]) -> Result<Self, TransformError> {
        Ok(self.transpose().permute_rows(stack, order)?.transpose())
    }

    /// The board with its stacks reordered: stack `k` becomes the old stack `order[k]`.
    ///
    /// # Errors
    ///
    /// [`TransformError::NotAPermutation`] when `order` is not a permutation of `0..BOX`.
    pub fn permute_stacks(&self, order: &[usize]) -> Result<Self, TransformError> {
        Ok(self.transpose().permute_bands(order)?.transpose())
    }

    /// The board mirrored in its main diagonal: rows become columns.
    #[must_use]
    pub fn transpose(&self) -> Self {
        let n = Self::N;
        let src = self.as_bytes();
        let out: Vec<u8> = (0..n * n).map(|i| src[(i % n) * n + i / n]).collect();
        Self::from_checked_cells(&out)
    }

    /// The board whose cell (`r`, `c`) holds this board's cell (`row(r)`, `col(c)`).
    fn map_lines(&self, row: impl Fn(usize) -> usize, col: impl Fn(usize) -> usize) -> Self {
        let n = Self::N;
        let src = self.as_bytes();
        let out: Vec<u8> = (0..n * n)
            .map(|i| src[row(i / n) * n + col(i % n)])
            .collect();
        Self::from_checked_cells(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_arguments_are_errors() {
        let b = Board::<2>::new();
        assert_eq!(
            b.relabel(&[1, 2, 3, 3]),
            Err(TransformError::NotARelabeling { size: 4 })
        );
        assert_eq!(
            b.relabel(&[0, 1, 2, 3]),
            Err(TransformError::NotARelabeling { size: 4 })
        );
        assert_eq!(
            b.permute_bands(&[0]),
            Err(TransformError::NotAPermutation { size: 2 })
        );
        assert_eq!(
            b.permute_rows(2, &[1, 0]),
            Err(TransformError::OutOfRange { index: 2, count: 2 })
        );
        assert_eq!(
            b.permute_columns(0, &[1, 1]).unwrap_err().to_string(),
            "the order is not a permutation of 0..2"
        );
    }

    #[test]
    fn single_moves_land_where_documented() {
        let mut b = Board::<2>::new();
        b.set(0, 1, 3).unwrap();
        assert_eq!(b.transpose().get(1, 0), Some(3));
        assert_eq!(b.permute_rows(0, &[1, 0]).unwrap().get(1, 1), Some(3));
        assert_eq!(b.permute_bands(&[1, 0]).unwrap().get(2, 1), Some(3));
        assert_eq!(b.permute_columns(0, &[1, 0]).unwrap().get(0, 0), Some(3));
        assert_eq!(b.permute_stacks(&[1, 0]).unwrap().get(0, 3), Some(3));
        assert_eq!(b.relabel(&[2, 1, 4, 3]).unwrap().get(0, 1), Some(4));
    }

    #[test]
    fn random_transforms_invert() {
        let grid = Board::<3>::new().solve().unwrap();
        for seed in 0..20 {
            let t = Transform::<3>::random(seed);
            let image = t.apply(&grid);
            assert!(image.is_solved());
            assert_eq!(t.inverse().apply(&image), grid, "seed {seed}");
        }
        assert_eq!(Transform::<3>::identity().apply(&grid), grid);
    }
}
