//! One reader for every puzzle text ndoku knows: the format told from the text, and named in errors.

use crate::error::ParseError;
use crate::model::puzzle::Puzzle;
use crate::text::iss::{self, IssError};

/// The formats [`read`] tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TextFormat {
    /// A classic puzzle: one line of cells, a grid, or tokens, any size
    /// ([`Puzzle::parse_classic`]).
    Classic,
    /// f-puzzles JSON, an f-puzzles or SudokuPad link, a bare `load`
    /// string, or a bare SudokuPad payload (`scl…`, `ctc…`)
    /// ([`crate::text::fpuzzles`], feature `fpuzzles`).
    Fpuzzles,
    /// The Interactive Sudoku Solver's constraint text or page link
    /// ([`iss`]).
    Iss,
    /// ISS's short killer code, or SudoCue's long killer format ([`iss`]).
    KillerCode,
}

impl std::fmt::Display for TextFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TextFormat::Classic => "a classic puzzle",
            TextFormat::Fpuzzles => "f-puzzles",
            TextFormat::Iss => "ISS constraint text",
            TextFormat::KillerCode => "a killer code",
        })
    }
}

impl TextFormat {
    /// The format `text` is taken for, from the text alone: f-puzzles when
    /// it is JSON (`{`), an f-puzzles or SudokuPad link, or starts as a
    /// `load` string (`N4Ig`) or a SudokuPad payload (`scl`, `ctc`) does; a killer code when it is 81 characters
    /// of cage sums and arrows or starts `3x3:`; ISS when it is constraint
    /// text (a `.` and a type name, or any `~`), a link with a `q`
    /// parameter, or a pencilmark grid (N³ characters, each cell's values in
    /// their places: `12.......` a cell, 729 characters on 9×9); else classic.
    ///
    /// ```
    /// use ndoku::text::TextFormat;
    ///
    /// assert_eq!(TextFormat::of(".Cage~3~R1C1~R1C2"), TextFormat::Iss);
    /// assert_eq!(TextFormat::of(r#"{"size":4}"#), TextFormat::Fpuzzles);
    /// assert_eq!(TextFormat::of(&".".repeat(81)), TextFormat::Classic);
    /// assert_eq!(TextFormat::of(&"1.3456789".repeat(81)), TextFormat::Iss);
    /// ```
    #[must_use]
    pub fn of(text: &str) -> Self {
        let t = text.trim();
        let fpuzzles = t.starts_with('{')
            || t.contains("f-puzzles.com/")
            || t.starts_with("N4Ig")
            || crate::text::sniff::is_sudokupad(t);
        if fpuzzles {
            TextFormat::Fpuzzles
        } else if iss::is_killer_code(t) || t.starts_with("3x3:") {
            TextFormat::KillerCode
        } else if iss::looks_like(t) {
            TextFormat::Iss
        } else {
            TextFormat::Classic
        }
    }
}

/// Text that [`read`] could not read: the format it took the text for,
/// and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// Taken for a classic puzzle.
    #[error("read as a classic puzzle: {0}")]
    Classic(#[source] ParseError),
    /// Taken for f-puzzles.
    #[cfg(feature = "fpuzzles")]
    #[error("read as f-puzzles: {0}")]
    Fpuzzles(#[source] crate::text::fpuzzles::FpuzzlesError),
    /// Taken for ISS text or a killer code.
    #[error("read as {format}: {source}")]
    Iss {
        /// [`TextFormat::Iss`] or [`TextFormat::KillerCode`].
        format: TextFormat,
        /// What is wrong.
        source: IssError,
    },
    /// f-puzzles text, in a build without the `fpuzzles` feature.
    #[error("this is f-puzzles text, which needs ndoku's `fpuzzles` feature")]
    NeedsFpuzzles,
}

impl ReadError {
    /// The format the text was taken for.
    #[must_use]
    pub fn format(&self) -> TextFormat {
        match self {
            ReadError::Classic(_) => TextFormat::Classic,
            #[cfg(feature = "fpuzzles")]
            ReadError::Fpuzzles(_) => TextFormat::Fpuzzles,
            ReadError::Iss { format, .. } => *format,
            ReadError::NeedsFpuzzles => TextFormat::Fpuzzles,
        }
    }
}

/// Reads a puzzle in any text ndoku knows, telling the format from the
/// text as [`TextFormat::of`] does: a classic line, grid or tokens of any
/// size; f-puzzles JSON or a link (with the `fpuzzles` feature); ISS
/// constraint text or a link; or a killer code. The one reader for tools
/// that take what their users paste.
///
/// ```
/// use ndoku::text::{self, TextFormat};
///
/// let classic = text::read(&format!("1{}", ".".repeat(15)))?;
/// assert_eq!(classic.size(), 4);
/// let iss = text::read(".Shape~6x6.AntiKing.~R1C1_1")?;
/// assert_eq!((iss.size(), iss.get(0, 0)), (6, Some(1)));
/// let err = text::read(".Shape~6x6.RellikCage~5~R1C1~R1C2").unwrap_err();
/// assert_eq!(err.format(), TextFormat::Iss);
/// assert_eq!(
///     err.to_string(),
///     "read as ISS constraint text: unsupported constraint \"RellikCage\" at column 11"
/// );
/// # Ok::<(), ndoku::text::ReadError>(())
/// ```
///
/// # Errors
///
/// A [`ReadError`] that says what the text was taken for and what is
/// wrong with it as that.
pub fn read(text: &str) -> Result<Puzzle, ReadError> {
    match TextFormat::of(text) {
        TextFormat::Fpuzzles => read_fpuzzles(text),
        format @ (TextFormat::Iss | TextFormat::KillerCode) => {
            iss::parse(text).map_err(|source| ReadError::Iss { format, source })
        }
        TextFormat::Classic => Puzzle::parse_classic(text).map_err(ReadError::Classic),
    }
}

/// Reads f-puzzles text; a bare `load` string that does not decompress
/// may be a classic line that starts the same way (`N4Ig…` on 25×25).
#[cfg(feature = "fpuzzles")]
fn read_fpuzzles(text: &str) -> Result<Puzzle, ReadError> {
    use crate::text::fpuzzles::{self, FpuzzlesError};
    match fpuzzles::parse(text) {
        Ok(read) => Ok(read.puzzle),
        Err(FpuzzlesError::Link) if !text.contains(['{', '/']) => {
            Puzzle::parse_classic(text).map_err(|_| ReadError::Fpuzzles(FpuzzlesError::Link))
        }
        Err(e) => Err(ReadError::Fpuzzles(e)),
    }
}

/// Without the `fpuzzles` feature: a bare `load`-like string may still be
/// a classic line; anything else says the feature is needed.
#[cfg(not(feature = "fpuzzles"))]
fn read_fpuzzles(text: &str) -> Result<Puzzle, ReadError> {
    if !text.contains(['{', '/'])
        && let Ok(puzzle) = Puzzle::parse_classic(text)
    {
        return Ok(puzzle);
    }
    Err(ReadError::NeedsFpuzzles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_is_told_apart_and_named_in_errors() {
        let killer = ">>>>>>>>j".repeat(9);
        assert_eq!(TextFormat::of(&killer), TextFormat::KillerCode);
        assert_eq!(read(&killer).unwrap().rules().cages().len(), 9);
        let bad_killer = format!("^{}", &killer[1..]);
        let err = read(&bad_killer).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("read as a killer code: killer code:"),
            "{err}"
        );
        // A classic line that starts with an empty cell is classic.
        let line = format!(".{}", "1".repeat(80));
        assert_eq!(TextFormat::of(&line), TextFormat::Classic);
        let err = read(&line).unwrap_err();
        assert_eq!(err.format(), TextFormat::Classic);
        assert!(
            err.to_string().starts_with("read as a classic puzzle: "),
            "{err}"
        );
        // A pencilmark grid, each cell's values in their places, is ISS's,
        // though 729 cells would make a 27×27 line.
        let marks = format!("..34.....{}", "123456789".repeat(80));
        assert_eq!(TextFormat::of(&marks), TextFormat::Iss);
        assert_eq!(
            read(&marks).unwrap().rules().constraints(),
            [crate::Constraint::Candidates {
                cell: 0,
                values: vec![3, 4]
            }]
        );
        let unplaced = format!("..43.....{}", "123456789".repeat(80));
        assert_eq!(TextFormat::of(&unplaced), TextFormat::Classic);
        let link = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.AntiKnight";
        assert_eq!(TextFormat::of(link), TextFormat::Iss);
        assert_eq!(read(link).unwrap().rules().chess().len(), 1);
        assert_eq!(TextFormat::of("{}"), TextFormat::Fpuzzles);
        let err = read(r#"{"size":4}"#).unwrap_err();
        assert_eq!(err.format(), TextFormat::Fpuzzles);
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn f_puzzles_reads_and_a_classic_line_like_a_load_string_falls_back() {
        let json =
            crate::text::fpuzzles::to_json(&Puzzle::parse_classic("1...............").unwrap());
        assert_eq!(read(&json).unwrap().get(0, 0), Some(1));
        assert_eq!(
            read(r#"{"size":4}"#).unwrap_err().to_string(),
            "read as f-puzzles: missing field \"grid\""
        );
        // 25×25: `N`, `4`, `I`, `g` are values there.
        let line = format!("N4Ig{}", ".".repeat(625 - 4));
        assert_eq!(read(&line).unwrap().size(), 25);
    }
}
