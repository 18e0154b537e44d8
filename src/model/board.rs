//! The board: an N×N grid of cells that never holds two equal values in one house.

use smallvec::SmallVec;

use crate::error::{BoardError, House};
use crate::model::geometry::Geometry;

/// Cell storage: one byte per cell, `0` for empty, `1..=N` for a value.
///
/// Stable Rust cannot name `[u8; BOX * BOX * BOX * BOX]` for a generic `BOX`, so the
/// cells live in a [`SmallVec`] with inline room for 81 cells. A 9×9 board (and a
/// 4×4) therefore never touches the heap; 16×16 and larger take one allocation,
/// which is small beside the work of solving them. A sealed per-size trait
/// carrying `[u8; 256]` and friends would also work, but it would put a trait
/// bound on every generic function of the crate for no measured gain.
pub(crate) type Cells = SmallVec<[u8; 81]>;

/// Set in a byte-to-value map for a byte that is no cell (values stay below it).
pub(crate) const NO_CELL: u8 = 0x80;

/// The board sides the crate supports, smallest first.
pub(crate) const SIDES: [usize; 7] = [4, 9, 16, 25, 36, 49, 64];

/// The values seen so far in each row, column and box, `M >= N` of each kind:
/// how the parse pass finds a repeat as it reads.
struct HouseValues<const M: usize> {
    /// Bit `d` of `used[i]`: row, column and box `i` hold digit `d` (value
    /// `d + 1`). One array rather than three: one clearing instead of three.
    used: [[u64; 3]; M],
}

impl<const M: usize> HouseValues<M> {
    fn new() -> Self {
        Self { used: [[0; 3]; M] }
    }

    /// Notes digit `d` (0-based) in row `r`, column `c` and box `b`, and says
    /// whether one of them held it already.
    #[inline(always)]
    fn add(&mut self, r: usize, c: usize, b: usize, d: u8) -> bool {
        let bit = 1u64 << d;
        let held = (self.used[r][0] | self.used[c][1] | self.used[b][2]) & bit != 0;
        self.used[r][0] |= bit;
        self.used[c][1] |= bit;
        self.used[b][2] |= bit;
        held
    }
}

/// A Sudoku board with boxes of `BOX`×`BOX` cells, so `N = BOX * BOX` rows,
/// columns, boxes and values.
///
/// `BOX` runs from 2 (4×4) to 8 (64×64); any other value is rejected at compile
/// time. A board holds givens (filled cells) and empty cells, and it never holds
/// the same value twice in a row, column or box: every way to build or change one
/// checks that, and returns a [`BoardError`] instead.
///
/// Boards parse from text with [`FromStr`](std::str::FromStr) and print with
/// [`Display`](std::fmt::Display); see the [crate docs](crate#formats).
///
/// ```
/// use ndoku::Board9;
///
/// let mut board = Board9::new();
/// board.set(0, 0, 5)?;
/// assert_eq!(board.get(0, 0), Some(5));
/// assert!(board.set(0, 8, 5).is_err()); // 5 is already in row 1
/// assert_eq!(board.givens(), 1);
/// # Ok::<(), ndoku::BoardError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board<const BOX: usize> {
    cells: Cells,
}

/// A 4×4 board.
pub type Board4 = Board<2>;
/// The classic 9×9 board.
pub type Board9 = Board<3>;
/// A 16×16 board.
pub type Board16 = Board<4>;
/// A 25×25 board.
pub type Board25 = Board<5>;
/// A 36×36 board.
pub type Board36 = Board<6>;
/// A 49×49 board.
pub type Board49 = Board<7>;
/// A 64×64 board.
pub type Board64 = Board<8>;

impl<const BOX: usize> Board<BOX> {
    /// The side of the board, and the largest value: `BOX * BOX`.
    ///
    /// Using it for a `BOX` outside `2..=8` is a compile-time error.
    pub const N: usize = {
        assert!(BOX >= 2 && BOX <= 8, "Board<BOX> needs BOX in 2..=8");
        BOX * BOX
    };

    /// The number of cells: `N * N`.
    pub const CELLS: usize = Self::N * Self::N;

    /// An empty board.
    #[must_use]
    pub fn new() -> Self {
        Self {
            cells: smallvec::smallvec![0; Self::CELLS],
        }
    }

    /// A board from its cells in row-major order: `0` for empty, `1..=N` for a value.
    ///
    /// # Errors
    ///
    /// [`BoardError::WrongCellCount`] for a slice that is not `N * N` long,
    /// [`BoardError::ValueOutOfRange`] for a value above `N`, [`BoardError::Conflict`]
    /// for two equal values in one house.
    pub fn from_cells(values: &[u8]) -> Result<Self, BoardError> {
        let n = Self::N;
        if values.len() != Self::CELLS {
            return Err(BoardError::WrongCellCount {
                expected: Self::CELLS,
                found: values.len(),
                size: n,
            });
        }
        if let Some(i) = values.iter().position(|&v| usize::from(v) > n) {
            return Err(BoardError::ValueOutOfRange {
                value: values[i].into(),
                row: i / n,
                col: i % n,
                size: n,
            });
        }
        let board = Self {
            cells: SmallVec::from_slice(values),
        };
        board.check_conflicts()?;
        Ok(board)
    }

    /// A board of the N×N cells `bytes`, each read through `map` (byte to value:
    /// `0` empty, `1..=N`, or [`NO_CELL`] set for a byte that is no cell), with
    /// conflicts checked in the same pass. `None` when some byte is no cell.
    pub(crate) fn from_mapped(bytes: &[u8], map: &[u8; 256]) -> Option<Result<Self, BoardError>> {
        let (board, repeat) = Self::read_mapped::<true>(bytes, map)?;
        Some(if repeat {
            board.check_conflicts().map(|()| board)
        } else {
            Ok(board)
        })
    }

    /// [`Board::from_mapped`] without the conflict check: the board may hold
    /// two equal values in a house, which breaks the type's promise, so the
    /// caller must check it ([`Board::check_conflicts`]) before anyone else
    /// sees it, or prove it clean some other way (a solution that keeps its
    /// givens).
    pub(crate) fn from_mapped_unchecked(bytes: &[u8], map: &[u8; 256]) -> Option<Self> {
        if BOX == 3 && bytes.len() == 81 {
            let mut board = Self {
                cells: Cells::from_elem(0, 81),
            };
            if digits_and_dots(bytes, &mut board.cells) {
                return Some(board);
            }
        }
        Self::read_mapped::<false>(bytes, map).map(|(board, _)| board)
    }

    /// The cells of [`Board::from_mapped`], and (with `CHECK`) whether a value
    /// repeats in a house.
    fn read_mapped<const CHECK: bool>(bytes: &[u8], map: &[u8; 256]) -> Option<(Self, bool)> {
        if bytes.len() != Self::CELLS {
            return None;
        }
        // The masks are cleared for every board, so no more of them than the
        // size needs.
        let (cells, seen, repeat) = if BOX <= 4 {
            Self::scan::<16, CHECK>(bytes, map)
        } else {
            Self::scan::<64, CHECK>(bytes, map)
        };
        (seen & NO_CELL == 0).then_some((Self { cells }, repeat))
    }

    /// Reads `bytes` through `map` into cells, row by row and box by box, and
    /// (with `CHECK`) notes whether a value repeats in a house: the cells, every
    /// value ORed together, and whether one repeats. `M >= N` houses of each
    /// kind.
    fn scan<const M: usize, const CHECK: bool>(bytes: &[u8], map: &[u8; 256]) -> (Cells, u8, bool) {
        let n = Self::N;
        let mut cells = Cells::from_elem(0, Self::CELLS);
        let mut used = HouseValues::<M>::new();
        let (mut seen, mut repeat) = (0u8, false);
        let rows = cells.chunks_exact_mut(n).zip(bytes.chunks_exact(n));
        for (r, (out, text)) in rows.enumerate() {
            let spans = out.chunks_exact_mut(BOX).zip(text.chunks_exact(BOX));
            for (s, (out, text)) in spans.enumerate() {
                let b = r / BOX * BOX + s;
                for (k, (cell, &byte)) in out.iter_mut().zip(text).enumerate() {
                    let v = map[usize::from(byte)];
                    *cell = v;
                    seen |= v;
                    if CHECK && v != 0 {
                        // A byte that is no cell marks a bit too; the caller
                        // drops the board for it.
                        repeat |= used.add(r, s * BOX + k, b, v.wrapping_sub(1) & 63);
                    }
                }
            }
        }
        (cells, seen, repeat)
    }

    /// Finds a conflict among the filled cells, in one pass over house masks; only
    /// when there is one does it look for the exact pair of cells.
    pub(crate) fn check_conflicts(&self) -> Result<(), BoardError> {
        let (n, geometry) = (Self::N, Geometry::square(BOX));
        let mut used = [0u64; 3 * 64];
        for (cell, &v) in self.cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let bit = 1u64 << (v - 1);
            let mut repeat = false;
            for m in geometry.houses_of(cell) {
                repeat |= used[m.house as usize] & bit != 0;
                used[m.house as usize] |= bit;
            }
            if repeat {
                let (other, house) = self
                    .find_conflict(geometry, cell, v)
                    .expect("a repeated bit has a cell that holds it");
                return Err(BoardError::Conflict {
                    value: v.into(),
                    row: cell / n,
                    col: cell % n,
                    other_row: other / n,
                    other_col: other % n,
                    house,
                });
            }
        }
        Ok(())
    }

    /// The value at (`row`, `col`), both 0-based, or `None` for an empty cell.
    ///
    /// # Panics
    ///
    /// If `row` or `col` is `N` or more.
    #[must_use]
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        assert!(
            row < Self::N && col < Self::N,
            "cell ({row}, {col}) is outside the board"
        );
        self.get_index(row * Self::N + col)
    }

    /// The value of cell `index` in row-major order, or `None` for an empty cell.
    ///
    /// # Panics
    ///
    /// If `index` is `CELLS` or more.
    #[must_use]
    pub fn get_index(&self, index: usize) -> Option<u8> {
        match self.cells[index] {
            0 => None,
            v => Some(v),
        }
    }

    /// Puts `value` (`1..=N`) at (`row`, `col`), replacing what was there.
    ///
    /// # Errors
    ///
    /// [`BoardError::OutOfBounds`] for a cell outside the board,
    /// [`BoardError::ValueOutOfRange`] for a value outside `1..=N`, and
    /// [`BoardError::Conflict`] when another cell of the same row, column or box
    /// holds `value` already. On error the board is unchanged.
    pub fn set(&mut self, row: usize, col: usize, value: u8) -> Result<(), BoardError> {
        let n = Self::N;
        if row >= n || col >= n {
            return Err(BoardError::OutOfBounds { row, col, size: n });
        }
        if value == 0 || usize::from(value) > n {
            return Err(BoardError::ValueOutOfRange {
                value: value.into(),
                row,
                col,
                size: n,
            });
        }
        if let Some((other, house)) =
            self.find_conflict(Geometry::square(BOX), row * n + col, value)
        {
            return Err(BoardError::Conflict {
                value: value.into(),
                row,
                col,
                other_row: other / n,
                other_col: other % n,
                house,
            });
        }
        self.cells[row * n + col] = value;
        Ok(())
    }

    /// Empties the cell at (`row`, `col`) and returns what it held.
    ///
    /// # Errors
    ///
    /// [`BoardError::OutOfBounds`] for a cell outside the board.
    pub fn clear(&mut self, row: usize, col: usize) -> Result<Option<u8>, BoardError> {
        let n = Self::N;
        if row >= n || col >= n {
            return Err(BoardError::OutOfBounds { row, col, size: n });
        }
        let old = std::mem::take(&mut self.cells[row * n + col]);
        Ok((old != 0).then_some(old))
    }

    /// The number of filled cells.
    #[must_use]
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled. Since a board never holds a conflict, a full
    /// board is a solved one.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Whether every given of `self` stands, with the same value, in `other`.
    #[must_use]
    pub fn is_completed_by(&self, other: &Self) -> bool {
        self.cells
            .iter()
            .zip(other.cells.iter())
            .all(|(&a, &b)| a == 0 || a == b)
    }

    /// The cells in row-major order: `None` for empty, `Some(value)` for filled.
    #[must_use]
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Option<u8>> + '_ {
        self.cells.iter().map(|&v| (v != 0).then_some(v))
    }

    /// The cells as raw bytes in row-major order: `0` for empty, `1..=N` for a value.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.cells
    }

    /// Builds a board from raw cells that the caller has already checked: the right
    /// length, values in range, and no conflict. Used by the solvers, whose results
    /// hold by construction.
    pub(crate) fn from_checked_cells(cells: &[u8]) -> Self {
        debug_assert_eq!(cells.len(), Self::CELLS);
        debug_assert!(Self::from_cells(cells).is_ok());
        Self {
            cells: SmallVec::from_slice(cells),
        }
    }

    /// The first other cell of a house of `cell` that holds `value`, with the
    /// kind of house they share, in the order of the cell's houses.
    fn find_conflict(&self, geometry: &Geometry, cell: usize, value: u8) -> Option<(usize, House)> {
        geometry.houses_of(cell).iter().find_map(|m| {
            let house = geometry.house(m.house as usize);
            let other = house
                .cells()
                .iter()
                .map(|&i| i as usize)
                .find(|&i| i != cell && self.cells[i] == value)?;
            Some((other, house.kind()))
        })
    }
}

impl<const BOX: usize> Default for Board<BOX> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const BOX: usize> std::fmt::Debug for Board<BOX> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board<{BOX}>(\"{self}\")")
    }
}

/// `0x01` in every byte of a word.
const LOW_BYTES: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte of a word.
const HIGH_BYTES: u64 = 0x8080_8080_8080_8080;

/// The bytes of `x` that are not zero, as `0x80` in each (exact: adding
/// `0x7f` to a byte's low seven bits carries into its top bit only, never
/// out of the byte). The 9×9 engine reads its givens with it too.
pub(crate) fn nonzero_bytes(x: u64) -> u64 {
    (((x & !HIGH_BYTES) + !HIGH_BYTES) | x) & HIGH_BYTES
}

/// The bytes of `x` that are zero, as `0x80` in each (exact, as
/// [`nonzero_bytes`]). The general engine finds its first open cell with it.
pub(crate) fn zero_bytes(x: u64) -> u64 {
    !nonzero_bytes(x) & HIGH_BYTES
}

/// The cells of an 81-byte line written only with `1`-`9`, `0` and `.` (the
/// commonest 9×9 input), read eight bytes at a time: what the standard table
/// gives those bytes, in about a third of the instructions of a lookup a byte,
/// which shows in batches of easy puzzles. False for any other byte or
/// length, which the table then reads (and names); `cells` is then left
/// part written.
fn digits_and_dots(bytes: &[u8], cells: &mut [u8]) -> bool {
    if bytes.len() != 81 || cells.len() != 81 {
        return false;
    }
    let mut words = bytes.chunks_exact(8);
    let mut out = cells.chunks_exact_mut(8);
    for (text, cell) in (&mut words).zip(&mut out) {
        let Ok(text) = text.try_into() else {
            return false;
        };
        let w = u64::from_le_bytes(text);
        // `0`-`9` become 0-9, `.` becomes 0x1e.
        let t = w ^ (LOW_BYTES * u64::from(b'0'));
        let dots = zero_bytes(t ^ (LOW_BYTES * 0x1e));
        // Bytes of 10 and up (or with the top bit set) that are not dots.
        let big = (((t & !HIGH_BYTES) + LOW_BYTES * 0x76) | t) & HIGH_BYTES & !dots;
        if big != 0 {
            return false;
        }
        // Dots to 0: clear every bit of each dot byte.
        let values = t & !((dots >> 7) * 0xff);
        cell.copy_from_slice(&values.to_le_bytes());
    }
    let (last, cell) = (words.remainder(), out.into_remainder());
    for (c, &b) in cell.iter_mut().zip(last) {
        *c = match b {
            b'.' => 0,
            b'0'..=b'9' => b - b'0',
            _ => return false,
        };
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight-bytes-at-a-time reader gives what the table gives, byte for
    /// byte, or declines: every byte value at a position in the first word, a
    /// middle word, the last whole word and the last (odd) byte, beside dots
    /// and digits that a carry or borrow between bytes could spoil.
    #[test]
    fn digits_and_dots_agree_with_the_table() {
        let table = crate::text::format::plain_table_9();
        let base: Vec<u8> = (0..81).map(|i| b".0123456789"[(i * 7) % 11]).collect();
        let read = |line: &[u8]| {
            line.iter()
                .map(|&b| table[usize::from(b)])
                .collect::<Vec<_>>()
        };
        let reads = |line: &[u8]| {
            let mut cells = [0u8; 81];
            digits_and_dots(line, &mut cells).then_some(cells)
        };
        assert_eq!(reads(&base).map(Vec::from), Some(read(&base)));
        for k in [0, 1, 7, 8, 37, 71, 79, 80] {
            for b in 0..=255u8 {
                let mut line = base.clone();
                line[k] = b;
                let want = read(&line);
                match reads(&line) {
                    Some(cells) => assert_eq!(&cells[..], &want[..], "byte {b:#x} at {k}"),
                    None => assert!(
                        !matches!(b, b'.' | b'0'..=b'9'),
                        "byte {b:#x} at {k} declined"
                    ),
                }
            }
        }
        assert!(reads(&base[..80]).is_none());
    }

    #[test]
    fn set_rejects_each_kind_of_conflict() {
        let mut b = Board9::new();
        b.set(4, 4, 7).unwrap();
        let row = b.set(4, 0, 7).unwrap_err();
        assert!(matches!(
            row,
            BoardError::Conflict {
                house: House::Row,
                other_row: 4,
                other_col: 4,
                ..
            }
        ));
        let col = b.set(8, 4, 7).unwrap_err();
        assert!(matches!(
            col,
            BoardError::Conflict {
                house: House::Column,
                ..
            }
        ));
        let bx = b.set(3, 3, 7).unwrap_err();
        assert!(matches!(
            bx,
            BoardError::Conflict {
                house: House::Box,
                other_row: 4,
                other_col: 4,
                ..
            }
        ));
        assert_eq!(b.givens(), 1);
        // Setting the same cell again (replacing it) is not a conflict with itself.
        b.set(4, 4, 7).unwrap();
    }

    #[test]
    fn set_rejects_out_of_range_and_out_of_bounds() {
        let mut b = Board4::new();
        assert!(matches!(
            b.set(0, 0, 5),
            Err(BoardError::ValueOutOfRange { value: 5, .. })
        ));
        assert!(matches!(
            b.set(0, 0, 0),
            Err(BoardError::ValueOutOfRange { value: 0, .. })
        ));
        assert!(matches!(
            b.set(4, 0, 1),
            Err(BoardError::OutOfBounds { row: 4, .. })
        ));
        assert!(matches!(
            b.clear(0, 4),
            Err(BoardError::OutOfBounds { col: 4, .. })
        ));
        assert_eq!(b, Board4::new());
    }

    #[test]
    fn clear_returns_old_value() {
        let mut b = Board16::new();
        b.set(15, 15, 16).unwrap();
        assert_eq!(b.get(15, 15), Some(16));
        assert_eq!(b.clear(15, 15), Ok(Some(16)));
        assert_eq!(b.clear(15, 15), Ok(None));
        assert!(!b.is_solved());
    }

    #[test]
    fn nine_by_nine_stays_inline() {
        let b = Board9::new();
        assert!(!b.cells.spilled());
        assert_eq!(Board9::CELLS, 81);
        assert_eq!(Board64::N, 64);
    }

    #[test]
    fn from_cells_checks_length() {
        assert!(Board4::from_cells(&[0; 15]).is_err());
        assert!(Board4::from_cells(&[0; 17]).is_err());
        assert!(Board4::from_cells(&[0; 16]).is_ok());
    }
}
