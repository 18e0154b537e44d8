//! A game in progress: givens, a player's entries (even when they conflict), pencil marks, and undo.
//!
//! A [`Game`] knows the rules of its puzzle and what a player has written; it
//! knows nothing of solving. It says where entries conflict and, given a
//! solution, which are mistakes.

use crate::sort::SmallSort;
use std::fmt;

use crate::model::cell::Cell;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::model::values::Values;

/// A move a [`Game`] refuses, and where.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// A cell off the board.
    #[error("cell {cell} is off the {size}x{size} board")]
    OffBoard {
        /// The cell.
        cell: Cell,
        /// The side of the board.
        size: usize,
    },
    /// A value outside `1..=N`.
    #[error("value {value} at {cell} is out of range 1..={size}")]
    Value {
        /// The value given.
        value: u16,
        /// The cell.
        cell: Cell,
        /// The side of the board.
        size: usize,
    },
    /// A change to a given cell.
    #[error("{cell} is a given")]
    Given {
        /// The cell.
        cell: Cell,
    },
    /// Pencil-mark text of the wrong length or with a bad character.
    #[error("{0}")]
    Marks(String),
}

/// One change, kept for undo: a cell's entry or its marks before it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Edit {
    Entry { cell: usize, before: u16 },
    Marks { cell: usize, before: Box<[u64]> },
}

/// A game in progress on any [`Rules`]: the puzzle's givens, the player's
/// entries (kept even when they conflict, so that the game can show the
/// conflict), pencil marks for the empty cells, and an undo history.
///
/// Cells are [`Cell`]s, as in [`Step`](crate::Step)s and
/// [`Hint`](crate::Hint)s: `Cell::new(row, col)` from 0, or an "R1C1" name
/// parsed. A cell off the board is an error that names it
/// ([`GameError::OffBoard`]), never a panic.
///
/// With the `serde` feature a game saves and reloads whole, undo history
/// included: its puzzle, each cell's entry (0 for none), each cell's marks
/// as a list of values, and the history. Reading checks it all against the
/// puzzle and names what is wrong.
///
/// ```
/// use ndoku::{Game, Rules, Puzzle};
/// use ndoku::model::Cell;
///
/// let puzzle = Puzzle::from_cells(Rules::classic(4)?, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])?;
/// let mut game = Game::new(puzzle);
/// let r1c2 = Cell::new(0, 1);
/// assert_eq!(game.candidates(r1c2).iter().collect::<Vec<_>>(), [2, 3, 4]); // 1 is in the row
/// game.enter(r1c2, 1)?; // a conflict, which a game keeps
/// assert_eq!(game.conflicts(), vec![(Cell::new(0, 0), r1c2)]);
/// assert!(game.undo());
/// assert!(game.conflicts().is_empty());
/// assert!(game.enter("R1C1".parse()?, 2).is_err()); // a given
/// assert_eq!(
///     game.enter(Cell::new(4, 0), 2).unwrap_err().to_string(),
///     "cell R5C1 is off the 4x4 board"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "saved::GameData", try_from = "saved::GameData")
)]
pub struct Game {
    puzzle: Puzzle,
    entries: Vec<u16>,
    /// Each cell's pencil marks as bits (bit `v - 1` for value `v`), in
    /// `words` words a cell, so that a board of any size has them.
    marks: Vec<u64>,
    words: usize,
    history: Vec<Edit>,
}

impl Game {
    /// A fresh game of `puzzle`: no entries, and in each empty cell the
    /// pencil marks of every value no given it must differ from holds.
    #[must_use]
    pub fn new(puzzle: Puzzle) -> Self {
        let n = puzzle.size();
        let words = n.div_ceil(64);
        let givens = puzzle.cells();
        let groups: Vec<&[u32]> = puzzle.rules().groups().collect();
        // The values given in each group, then in each cell's groups and chess moves.
        let mut taken = vec![0u64; groups.len() * words];
        for (g, cells) in groups.iter().enumerate() {
            for &c in *cells {
                if let Some(d) = usize::from(givens[c as usize]).checked_sub(1) {
                    taken[g * words + d / 64] |= 1 << (d % 64);
                }
            }
        }
        let mut marks = vec![0u64; n * n * words];
        for (g, cells) in groups.iter().enumerate() {
            for &c in *cells {
                let seen = &mut marks[c as usize * words..(c as usize + 1) * words];
                seen.iter_mut()
                    .zip(&taken[g * words..(g + 1) * words])
                    .for_each(|(m, t)| *m |= t);
            }
        }
        for (a, b) in puzzle.rules().chess_pairs() {
            for (c, d) in [(a, b), (b, a)] {
                if let Some(v) = usize::from(givens[d as usize]).checked_sub(1) {
                    marks[c as usize * words + v / 64] |= 1 << (v % 64);
                }
            }
        }
        // What is left: every value not seen; a given's own value alone.
        for (cell, &v) in givens.iter().enumerate() {
            let own = &mut marks[cell * words..(cell + 1) * words];
            for (i, m) in own.iter_mut().enumerate() {
                *m = !*m & word_of_values(n, i);
            }
            if v != 0 {
                own.fill(0);
                own[(usize::from(v) - 1) / 64] = 1 << ((v - 1) % 64);
            }
        }
        Self {
            entries: vec![0; n * n],
            marks,
            words,
            history: Vec::new(),
            puzzle,
        }
    }

    /// The puzzle: its rules and givens.
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The value in `cell`: a given or an entry; `None` for an empty cell
    /// or one off the board.
    #[must_use]
    pub fn value(&self, cell: Cell) -> Option<u16> {
        let c = self.index(cell).ok()?;
        let v = self.puzzle.cells()[c].max(self.entries[c]);
        (v != 0).then_some(v)
    }

    /// Whether `cell` holds a given.
    #[must_use]
    pub fn is_given(&self, cell: Cell) -> bool {
        self.index(cell).is_ok_and(|c| self.puzzle.cells()[c] != 0)
    }

    /// Writes `value` in `cell`, or erases it with 0. Entries that break a
    /// rule are kept: [`Game::conflicts`] shows them.
    ///
    /// # Errors
    ///
    /// [`GameError::OffBoard`], [`GameError::Value`], or
    /// [`GameError::Given`] for a given cell.
    pub fn enter(&mut self, cell: Cell, value: u16) -> Result<(), GameError> {
        let c = self.open_index(cell)?;
        self.check_value(cell, value, true)?;
        let before = std::mem::replace(&mut self.entries[c], value);
        self.history.push(Edit::Entry { cell: c, before });
        Ok(())
    }

    /// The pencil marks of `cell`; a filled cell's is its value, and a cell
    /// off the board has none.
    ///
    /// ```
    /// use ndoku::{Game, Puzzle};
    /// use ndoku::model::Cell;
    ///
    /// let game = Game::new(Puzzle::parse_classic("1...............")?);
    /// let marks = game.candidates(Cell::new(0, 1));
    /// assert_eq!(marks.iter().collect::<Vec<_>>(), [2, 3, 4]);
    /// assert!(!marks.contains(1) && marks.len() == 3);
    /// assert_eq!(marks.mask(), Some(0b1110));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn candidates(&self, cell: Cell) -> Values {
        let Ok(c) = self.index(cell) else {
            return Values::EMPTY;
        };
        if let Some(v) = self.value(cell) {
            return std::iter::once(v).collect();
        }
        Values::from_words(self.marks_of(c))
    }

    /// Sets the pencil marks of `cell`, which holds no given.
    ///
    /// # Errors
    ///
    /// As [`Game::enter`], for the cell and each value.
    pub fn set_candidates(&mut self, cell: Cell, candidates: &[u16]) -> Result<(), GameError> {
        let c = self.open_index(cell)?;
        let mut mask = vec![0u64; self.words];
        for &v in candidates {
            self.check_value(cell, v, false)?;
            mask[usize::from(v - 1) / 64] |= 1 << ((v - 1) % 64);
        }
        let before = self.marks_of(c).into();
        self.marks_of_mut(c).copy_from_slice(&mask);
        self.history.push(Edit::Marks { cell: c, before });
        Ok(())
    }

    /// Undoes the last entry or change of pencil marks; `false` when there
    /// is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(Edit::Entry { cell, before }) => self.entries[cell] = before,
            Some(Edit::Marks { cell, before }) => self.marks_of_mut(cell).copy_from_slice(&before),
            None => return false,
        }
        true
    }

    /// Every pair of filled cells that must differ (by a house, a cage, a
    /// chess rule or a constraint such as a renban) and hold the same value,
    /// lower cell first, in cell order.
    #[must_use]
    pub fn conflicts(&self) -> Vec<(Cell, Cell)> {
        let n = self.puzzle.size();
        let at = |c: usize| Cell::from_index(c, n);
        let grid = self.grid();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        // In each group, the cells of each value, paired.
        let mut holders: Vec<u32> = Vec::new();
        for cells in self.puzzle.rules().groups() {
            holders.clear();
            holders.extend(cells.iter().filter(|&&c| grid[c as usize] != 0));
            holders.sort_small_by_key(|&c| (grid[c as usize], c));
            for (i, &a) in holders.iter().enumerate() {
                let same = holders[i + 1..]
                    .iter()
                    .take_while(|&&b| grid[b as usize] == grid[a as usize]);
                pairs.extend(same.map(|&b| (a.min(b), a.max(b))));
            }
        }
        let differ = self.puzzle.rules().differ_pairs().iter().copied();
        let chess = self.puzzle.rules().chess_pairs().chain(differ);
        pairs.extend(
            chess
                .filter(|&(a, b)| grid[a as usize] != 0 && grid[a as usize] == grid[b as usize])
                .map(|(a, b)| (a.min(b), a.max(b))),
        );
        pairs.sort_small();
        pairs.dedup();
        pairs
            .into_iter()
            .map(|(a, b)| (at(a as usize), at(b as usize)))
            .collect()
    }

    /// The entries that differ from `solution`, in cell order.
    #[must_use]
    pub fn mistakes(&self, solution: &Puzzle) -> Vec<Cell> {
        let n = self.puzzle.size();
        let theirs = solution.cells();
        (0..n * n)
            .filter(|&c| {
                self.entries[c] != 0 && theirs.get(c).is_some_and(|&s| s != self.entries[c])
            })
            .map(|c| Cell::from_index(c, n))
            .collect()
    }

    /// Every cell's value (given or entry), 0 for empty, row by row.
    #[must_use]
    pub fn grid(&self) -> Vec<u16> {
        self.puzzle
            .cells()
            .iter()
            .zip(&self.entries)
            .map(|(&g, &e)| g.max(e))
            .collect()
    }

    /// The pencil marks as one line without spaces, on every size (a filled
    /// cell has its value alone), each value as the puzzle writes it: from
    /// 0 when [`Puzzle::first_value`] is 0.
    ///
    /// Up to 9×9, N characters a cell: the `k`-th value (from 1) at place
    /// `k - 1` where it is a candidate, `.` elsewhere. On 9×9 this is
    /// Sukaku Explainer's 729-character line (`1`-`9`; `0`-`8` for a puzzle
    /// from 0). On larger boards, a token a cell, cells joined by `/`: the
    /// cell's candidates joined by `,`, or `.` for none (`1,5,12/3/./…`).
    /// [`Game::from_candidate_line`] reads both forms back.
    ///
    /// ```
    /// use ndoku::{Game, Puzzle, Rules};
    ///
    /// let game = Game::new(Puzzle::new(Rules::classic(16)?));
    /// let line = game.to_candidate_line();
    /// assert!(line.starts_with("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16/"));
    /// assert_eq!(Game::from_candidate_line(game.puzzle().clone(), &line)?, game);
    /// // Values from 0: the same marks, each written one less.
    /// let zero = Game::new(Puzzle::new(Rules::classic(4)?).with_values_from_zero(true));
    /// assert!(zero.to_candidate_line().starts_with("0123"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_candidate_line(&self) -> String {
        let n = self.puzzle.size();
        if n > 9 {
            let cells: Vec<String> = (0..n * n)
                .map(|cell| {
                    let list = self.written_marks(cell);
                    if list.is_empty() {
                        ".".to_string()
                    } else {
                        list
                    }
                })
                .collect();
            return cells.join("/");
        }
        // The held value v (1 to N) is written v - shift.
        let shift = 1 - self.puzzle.first_value();
        let mut out = String::with_capacity(n * n * n);
        for cell in 0..n * n {
            for v in 1..=n as u16 {
                out.push(if self.has_mark(cell, v) {
                    char::from(b'0' + (v - shift) as u8)
                } else {
                    '.'
                });
            }
        }
        out
    }

    /// A game of `puzzle` with the pencil marks of `line`, as
    /// [`Game::to_candidate_line`] writes it, values as the puzzle writes
    /// them ([`Puzzle::first_value`]): N characters a cell up to 9×9, the
    /// `k`-th value's digit or `.`, `*` or `_` (or `0`, when values start
    /// at 1) for a value that is not a candidate; or on any size a token a
    /// cell joined by `/`, each its values joined by `,` (`.` or nothing for
    /// none).
    ///
    /// ```
    /// use ndoku::{Game, Puzzle};
    /// use ndoku::model::Cell;
    ///
    /// // A 4×4 from 0: R1C1 holds 0, 1 or 3 (1, 2 and 4 as held), R1C2 3 alone.
    /// let puzzle = Puzzle::parse_classic_from_zero("................")?;
    /// let line = format!("01.3...3{}", "0123".repeat(14));
    /// let game = Game::from_candidate_line(puzzle, &line)?;
    /// assert_eq!(game.candidates(Cell::new(0, 0)).iter().collect::<Vec<_>>(), [1, 2, 4]);
    /// assert_eq!(game.to_candidate_line(), line);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::Marks`] for a line of the wrong length, a bad character
    /// or value, a digit at another digit's place, or a given whose cell
    /// lacks it.
    pub fn from_candidate_line(puzzle: Puzzle, line: &str) -> Result<Self, GameError> {
        let n = puzzle.size();
        let line = line.trim();
        let mut game = Game::new(puzzle);
        let masks = if n > 9 || line.contains(['/', ',']) {
            game.marks_of_tokens(line)?
        } else {
            game.marks_of_places(line)?
        };
        for (cell, mask) in masks.chunks(game.words).enumerate() {
            let given = game.puzzle.cells()[cell];
            let d = usize::from(given).saturating_sub(1);
            if given != 0 && mask[d / 64] >> (d % 64) & 1 == 0 {
                return Err(GameError::Marks(format!(
                    "the given {} at {} is not among its candidates",
                    given - 1 + game.puzzle.first_value(),
                    Cell::from_index(cell, n)
                )));
            }
            if given == 0 {
                game.marks_of_mut(cell).copy_from_slice(mask);
            }
        }
        Ok(game)
    }

    /// The marks of `cell` as the puzzle writes its values, joined by `,`
    /// (empty for none): a token of [`Game::to_candidate_line`] and a cell
    /// of the `Display` form.
    fn written_marks(&self, cell: usize) -> String {
        let shift = 1 - self.puzzle.first_value();
        let list: Vec<String> = (1..=self.puzzle.size() as u16)
            .filter(|&v| self.has_mark(cell, v))
            .map(|v| (v - shift).to_string())
            .collect();
        list.join(",")
    }

    /// The marks of a line of N characters a cell, `words` words a cell.
    fn marks_of_places(&self, line: &str) -> Result<Vec<u64>, GameError> {
        let n = self.puzzle.size();
        let chars: Vec<char> = line.chars().collect();
        if chars.len() != n * n * n {
            return Err(GameError::Marks(format!(
                "a {n}x{n} candidate line has {} characters, found {}",
                n * n * n,
                chars.len()
            )));
        }
        let first = u32::from(self.puzzle.first_value());
        let mut masks = vec![0u64; n * n * self.words];
        for (i, &ch) in chars.iter().enumerate() {
            let (cell, k) = (i / n, i % n);
            match ch {
                '.' | '*' | '_' => {}
                // `0` is no value when values start at 1.
                '0' if first == 1 => {}
                d if d.to_digit(10) == Some(k as u32 + first) => {
                    masks[cell * self.words + k / 64] |= 1 << (k % 64);
                }
                _ => {
                    return Err(GameError::Marks(format!(
                        "invalid character {ch:?} at R{}C{}, place {}",
                        cell / n + 1,
                        cell % n + 1,
                        k + 1
                    )));
                }
            }
        }
        Ok(masks)
    }

    /// The marks of a line of a token a cell joined by `/`, each the cell's
    /// values joined by `,`.
    fn marks_of_tokens(&self, line: &str) -> Result<Vec<u64>, GameError> {
        let n = self.puzzle.size();
        let tokens: Vec<&str> = line.split('/').map(str::trim).collect();
        if tokens.len() != n * n {
            return Err(GameError::Marks(format!(
                "a {n}x{n} candidate line has {} cells joined by '/', found {}",
                n * n,
                tokens.len()
            )));
        }
        // The written value u is held as u + shift, 1 to N.
        let shift = 1 - usize::from(self.puzzle.first_value());
        let mut masks = vec![0u64; n * n * self.words];
        for (cell, token) in tokens.iter().enumerate() {
            if matches!(*token, "" | "." | "-") {
                continue;
            }
            for value in token.split(',').map(str::trim) {
                let v = value
                    .parse::<usize>()
                    .ok()
                    .map(|u| u + shift)
                    .filter(|v| (1..=n).contains(v))
                    .ok_or_else(|| {
                        GameError::Marks(format!(
                            "candidate {value:?} at R{}C{} is no value of a {n}x{n} board",
                            cell / n + 1,
                            cell % n + 1
                        ))
                    })?;
                masks[cell * self.words + (v - 1) / 64] |= 1 << ((v - 1) % 64);
            }
        }
        Ok(masks)
    }

    /// The rules of the puzzle.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        self.puzzle.rules()
    }

    /// The marks of `cell`, as kept (a filled cell's are those of before its entry).
    fn marks_of(&self, cell: usize) -> &[u64] {
        &self.marks[cell * self.words..(cell + 1) * self.words]
    }

    fn marks_of_mut(&mut self, cell: usize) -> &mut [u64] {
        &mut self.marks[cell * self.words..(cell + 1) * self.words]
    }

    /// Whether `v` is marked in `cell`; a filled cell has its value alone.
    fn has_mark(&self, cell: usize, v: u16) -> bool {
        match self.puzzle.cells()[cell].max(self.entries[cell]) {
            0 => {
                let d = usize::from(v - 1);
                self.marks_of(cell)[d / 64] >> (d % 64) & 1 != 0
            }
            filled => filled == v,
        }
    }

    /// The row-major index of `cell`, on the board.
    fn index(&self, cell: Cell) -> Result<usize, GameError> {
        let size = self.puzzle.size();
        if !cell.is_on(size) {
            return Err(GameError::OffBoard { cell, size });
        }
        Ok(cell.index(size))
    }

    /// The row-major index of `cell`, on the board and no given.
    fn open_index(&self, cell: Cell) -> Result<usize, GameError> {
        let c = self.index(cell)?;
        if self.puzzle.cells()[c] != 0 {
            return Err(GameError::Given { cell });
        }
        Ok(c)
    }

    fn check_value(&self, cell: Cell, value: u16, zero: bool) -> Result<(), GameError> {
        let size = self.puzzle.size();
        if (value == 0 && !zero) || usize::from(value) > size {
            return Err(GameError::Value { value, cell, size });
        }
        Ok(())
    }
}

/// Word `i` of the set of values `1..=n`.
fn word_of_values(n: usize, i: usize) -> u64 {
    match n.saturating_sub(i * 64) {
        0 => 0,
        k if k >= 64 => u64::MAX,
        k => (1 << k) - 1,
    }
}

impl fmt::Display for Game {
    /// Every cell's candidates, numbers joined by `,`, cells separated by
    /// spaces, a row a line: the general pencil-mark form for every size.
    /// Values as the puzzle writes them (from 0 when
    /// [`Puzzle::first_value`] is 0).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.puzzle.size();
        for row in 0..n {
            let cells: Vec<String> = (0..n)
                .map(|col| self.written_marks(row * n + col))
                .collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        Ok(())
    }
}

/// A [`Game`] as serde writes it, checked when read.
#[cfg(feature = "serde")]
mod saved {
    use super::{Cell, Edit, Game, Puzzle, Values};

    /// One change of the undo history, its cell by name.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub(super) enum EditData {
        Entry { cell: Cell, before: u16 },
        Marks { cell: Cell, before: Vec<u16> },
    }

    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(rename = "Game")]
    pub(super) struct GameData {
        puzzle: Puzzle,
        entries: Vec<u16>,
        marks: Vec<Vec<u16>>,
        #[serde(default)]
        history: Vec<EditData>,
    }

    impl From<Game> for GameData {
        fn from(game: Game) -> Self {
            let n = game.puzzle.size();
            let marks = (0..n * n)
                .map(|c| Values::from_words(game.marks_of(c)).iter().collect())
                .collect();
            let history = game
                .history
                .iter()
                .map(|edit| match edit {
                    Edit::Entry { cell, before } => EditData::Entry {
                        cell: Cell::from_index(*cell, n),
                        before: *before,
                    },
                    Edit::Marks { cell, before } => EditData::Marks {
                        cell: Cell::from_index(*cell, n),
                        before: Values::from_words(before).iter().collect(),
                    },
                })
                .collect();
            Self {
                puzzle: game.puzzle,
                entries: game.entries,
                marks,
                history,
            }
        }
    }

    impl TryFrom<GameData> for Game {
        type Error = String;

        fn try_from(data: GameData) -> Result<Self, String> {
            let n = data.puzzle.size();
            let cells = n * n;
            let at = |c: usize| Cell::from_index(c, n);
            let mut game = Game::new(data.puzzle);
            if data.entries.len() != cells || data.marks.len() != cells {
                return Err(format!(
                    "a {n}x{n} game has {cells} entries and {cells} cells of marks, found {} and {}",
                    data.entries.len(),
                    data.marks.len()
                ));
            }
            let value = |v: u16, c: usize, zero: bool| {
                if (v == 0 && !zero) || usize::from(v) > n {
                    Err(format!("value {v} at {} is out of range 1..={n}", at(c)))
                } else {
                    Ok(v)
                }
            };
            let words = game.words;
            let mask = |list: &[u16], c: usize| -> Result<Box<[u64]>, String> {
                let mut mask = vec![0u64; words].into_boxed_slice();
                for &v in list {
                    let d = usize::from(value(v, c, false)? - 1);
                    mask[d / 64] |= 1 << (d % 64);
                }
                Ok(mask)
            };
            for (c, (&v, list)) in data.entries.iter().zip(&data.marks).enumerate() {
                if v != 0 && game.puzzle.cells()[c] != 0 {
                    return Err(format!("{} is a given, and has an entry", at(c)));
                }
                game.entries[c] = value(v, c, true)?;
                let m = mask(list, c)?;
                if game.puzzle.cells()[c] == 0 {
                    game.marks_of_mut(c).copy_from_slice(&m);
                }
            }
            for edit in data.history {
                let name = match &edit {
                    EditData::Entry { cell, .. } | EditData::Marks { cell, .. } => *cell,
                };
                if !name.is_on(n) || game.puzzle.cells()[name.index(n)] != 0 {
                    return Err(format!(
                        "the history changes {name}, which is no open cell of the {n}x{n} board"
                    ));
                }
                let cell = name.index(n);
                game.history.push(match edit {
                    EditData::Entry { before, .. } => Edit::Entry {
                        cell,
                        before: value(before, cell, true)?,
                    },
                    EditData::Marks { before, .. } => Edit::Marks {
                        cell,
                        before: mask(&before, cell)?,
                    },
                });
            }
            Ok(game)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nine() -> Puzzle {
        let line =
            "31.5784.2.29.3...84..629.312.3.1..8..7.863..58.1.9.6..13....25.692.5..747..2.63..";
        let cells: Vec<u16> = line
            .bytes()
            .map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') })
            .collect();
        Puzzle::from_cells(Rules::classic(9).unwrap(), &cells).unwrap()
    }

    #[test]
    fn candidate_lines_round_trip_and_keep_every_solution_value() {
        let puzzle = nine();
        let solution = puzzle.solve().unwrap();
        let game = Game::new(puzzle.clone());
        let line = game.to_candidate_line();
        assert_eq!(line.len(), 729);
        // Marks from the givens never remove a value of the solution.
        for (cell, &v) in solution.cells().iter().enumerate() {
            assert!(game.has_mark(cell, v), "cell {cell}");
        }
        let back = Game::from_candidate_line(puzzle.clone(), &line).unwrap();
        assert_eq!(back.to_candidate_line(), line);
        let bad = line.replacen('5', "x", 1);
        assert!(
            Game::from_candidate_line(puzzle.clone(), &bad)
                .unwrap_err()
                .to_string()
                .contains("invalid character")
        );
        assert!(Game::from_candidate_line(puzzle, &line[1..]).is_err());
    }

    /// A puzzle from 0 writes its marks from 0 and reads them back so; its
    /// 1-based twin writes each digit one more, and reads `0` as no value.
    #[test]
    fn candidate_lines_follow_the_first_value() {
        let one = nine();
        let zero = nine().with_values_from_zero(true);
        let mut games = [Game::new(one.clone()), Game::new(zero.clone())];
        for game in &mut games {
            game.set_candidates(Cell::new(0, 2), &[4, 6]).unwrap();
        }
        let [line_one, line_zero] = [0, 1].map(|i| games[i].to_candidate_line());
        // R1C1 is the given 3; R1C3 holds 4 and 6 (3 and 5 from 0).
        assert!(
            line_one.starts_with("..3......1...........4.6..."),
            "{line_one}"
        );
        assert!(
            line_zero.starts_with("..2......0...........3.5..."),
            "{line_zero}"
        );
        let shifted: String = line_one
            .chars()
            .map(|c| c.to_digit(10).map_or(c, |d| char::from(b'0' + d as u8 - 1)))
            .collect();
        assert_eq!(line_zero, shifted);
        // Marks as held, 1 to N, whichever way they are written.
        let marks = |game: &Game| -> Vec<Vec<u16>> {
            (0..81)
                .map(|c| game.candidates(Cell::from_index(c, 9)).iter().collect())
                .collect()
        };
        assert_eq!(marks(&games[0]), marks(&games[1]));
        let back = Game::from_candidate_line(zero.clone(), &line_zero).unwrap();
        assert_eq!(marks(&back), marks(&games[1]));
        assert_eq!(back.to_candidate_line(), line_zero);
        assert!(back.to_string().starts_with("2 0 3,5 4"), "{back}");
        assert!(games[0].to_string().starts_with("3 1 4,6 5"));
        // The 1-based line is no line of the puzzle from 0 (its `9`s are
        // past 8), and the line from 0 reads on the 1-based puzzle with
        // its `0`s as no value: every value moves, so a given is missing.
        assert!(Game::from_candidate_line(zero.clone(), &line_one).is_err());
        let err = Game::from_candidate_line(one.clone(), &line_zero).unwrap_err();
        assert!(err.to_string().contains("invalid character"), "{err}");
        // `0` and `.` are both empty on the 1-based puzzle, a value from 0.
        let dots = line_one.replace('.', "0");
        let back = Game::from_candidate_line(one, &dots).unwrap();
        assert_eq!(marks(&back), marks(&games[0]));
        assert!(Game::from_candidate_line(zero.clone(), &line_zero.replace('.', "0")).is_err());
        // Tokens take the same values, on every size.
        let tokens: Vec<String> = (0..81)
            .map(|c| {
                let list: Vec<String> = (1..=9u16)
                    .filter(|&v| games[1].has_mark(c, v))
                    .map(|v| (v - 1).to_string())
                    .collect();
                list.join(",")
            })
            .collect();
        let back = Game::from_candidate_line(zero.clone(), &tokens.join("/")).unwrap();
        assert_eq!(marks(&back), marks(&games[1]));
        let nine_from_one = tokens.join("/").replace('0', "9");
        assert!(Game::from_candidate_line(zero, &nine_from_one).is_err());
    }

    #[test]
    fn entries_conflict_undo_and_mistakes() {
        let puzzle = nine();
        let solution = puzzle.solve().unwrap();
        let mut game = Game::new(puzzle);
        let r1c3 = Cell::new(0, 2);
        assert_eq!(game.enter(r1c3, solution.cells()[2]), Ok(()));
        assert!(game.mistakes(&solution).is_empty() && game.conflicts().is_empty());
        // 3 is a given in row 1 and in column 3: conflicts with both, and a
        // mistake, kept until undone.
        game.enter(r1c3, 3).unwrap();
        assert_eq!(
            game.conflicts(),
            vec![(Cell::new(0, 0), r1c3), (r1c3, Cell::new(3, 2))]
        );
        assert_eq!(game.mistakes(&solution), vec![r1c3]);
        assert!(game.undo() && game.undo() && !game.undo());
        assert_eq!(game.value(r1c3), None);
        assert_eq!(
            game.enter(Cell::new(0, 0), 1),
            Err(GameError::Given {
                cell: Cell::new(0, 0)
            })
        );
        assert!(game.enter(Cell::new(9, 0), 1).is_err() && game.enter(r1c3, 10).is_err());
        game.set_candidates(r1c3, &[4, 6]).unwrap();
        assert_eq!(game.candidates(r1c3).iter().collect::<Vec<_>>(), [4, 6]);
        assert!(
            game.to_string()
                .lines()
                .next()
                .unwrap()
                .starts_with("3 1 4,6 5")
        );
    }

    #[test]
    fn big_boards_have_marks_past_64_values() {
        let rules = Rules::classic(81).unwrap();
        let grid = Puzzle::new(rules.clone()).solve().unwrap();
        let mut cells = grid.cells().to_vec();
        cells[0] = 0;
        cells[80] = 0;
        let puzzle = Puzzle::from_cells(rules, &cells).unwrap();
        let mut game = Game::new(puzzle.clone());
        let (first, last) = (Cell::new(0, 0), Cell::new(0, 80));
        assert_eq!(
            game.candidates(first).iter().collect::<Vec<_>>(),
            [grid.cells()[0]]
        );
        assert_eq!(
            game.candidates(last).iter().collect::<Vec<_>>(),
            [grid.cells()[80]]
        );
        game.set_candidates(first, &[70, 81]).unwrap();
        assert_eq!(game.candidates(first).iter().collect::<Vec<_>>(), [70, 81]);
        game.enter(last, grid.cells()[1]).unwrap();
        let conflicts = game.conflicts();
        assert!(
            conflicts.contains(&(Cell::new(0, 1), last)),
            "{conflicts:?}"
        );
        assert!(
            conflicts
                .iter()
                .all(|&(a, b)| game.value(a) == game.value(b))
        );
        assert!(game.undo() && game.undo());
        assert!(game.conflicts().is_empty());
        assert_eq!(
            game.candidates(first).iter().collect::<Vec<_>>(),
            [grid.cells()[0]]
        );
        let line = ".".repeat(81 * 81 * 81);
        assert!(Game::from_candidate_line(puzzle, &line).is_err());
    }
}
