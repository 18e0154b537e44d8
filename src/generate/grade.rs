//! The difficulty signal: which techniques a puzzle needs, from a singles-only pass and a fresh engine run.

use std::fmt;

use crate::engine::classic::Solver;
use crate::engine::outcome::Outcome;
use crate::error::{UnknownName, by_name};
use crate::model::board::Board;

use super::rated::RatingRange;
use super::singles::{Settle, Singles, Tables};

/// The hardest technique a puzzle needed, in increasing order of strength.
///
/// The first two come from a small pass of the generator's own that applies
/// only singles; the last two from the fast engine ([`Solver`]), whose
/// propagation goes beyond singles: on 9×9 it checks each digit's possible
/// placements across a band (which covers locked candidates and more), and on
/// 16×16 and larger it finds locked candidates and, up to 25×25, tries each
/// candidate of a few cells with singles to rule out those that fail.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Grade {
    /// Naked singles alone solve it: some open cell always has one candidate left.
    NakedSingles,
    /// Naked and hidden singles solve it (hidden singles were needed: a value
    /// with one place left in a row, column or box).
    HiddenSingles,
    /// Singles do not solve it, but the engine's propagation does, without a guess.
    EnginePropagation,
    /// The engine had to guess.
    Guessing,
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Grade::NakedSingles => "naked singles",
            Grade::HiddenSingles => "hidden singles",
            Grade::EnginePropagation => "engine propagation",
            Grade::Guessing => "guessing",
        })
    }
}

/// A difficulty level that [`Generator::with_level`](crate::Generator::with_level) can ask for.
///
/// On 9×9 a level is a named band of the Sudoku Explainer rating that
/// [`Logic::rate`](crate::Logic::rate) gives (uniqueness techniques on),
/// taken from SE's own generator, which names five: Easy 1.0-1.2, Medium
/// 1.3-1.5, Hard 1.6-2.5, Fiendish 2.6-6.0 and Diabolical 6.1 and up.
/// ndoku's three levels join SE's two lowest and leave out the highest:
///
/// | level | SE rating ([`Level::band`]) | SE's name | what it takes |
/// |---|---|---|---|
/// | `Easy` | 1.0-1.5 | Easy, Medium | hidden singles |
/// | `Medium` | 1.6-2.5 | Hard | direct pointing, claiming and hidden pairs, naked singles |
/// | `Hard` | 2.6-6.0 | Fiendish | locked candidates, subsets, fish, wings, uniqueness |
///
/// For puzzles past 6.0, or any other band, ask for the band:
/// [`Generator::with_rating`](crate::Generator::with_rating).
///
/// Elsewhere, where rating every puzzle would be slow (16×16 and up) or the
/// scale does not spread (4×4, which singles solve), and for the variant
/// generator, a level is a [`Grade`] of the generator's engine, what it took
/// the engine to solve the puzzle: singles, the engine's propagation, or
/// guessing. On 9×9 the two agree in order but overlap widely: on 60 9×9
/// puzzles a grade (seed 5), the ratings were 1.2-2.3 for singles, 1.7-2.8
/// for the propagation and 2.0-7.3 for guessing.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Level {
    /// On 9×9 rated 1.0-1.5; elsewhere singles alone solve it
    /// ([`Grade::NakedSingles`] or [`Grade::HiddenSingles`]).
    Easy,
    /// On 9×9 rated 1.6-2.5; elsewhere singles do not, but the engine solves
    /// it without guessing ([`Grade::EnginePropagation`]).
    Medium,
    /// On 9×9 rated 2.6-6.0; elsewhere the engine has to guess ([`Grade::Guessing`]).
    Hard,
}

impl Level {
    /// The band of SE ratings the level names on 9×9 (see [`Level`]).
    ///
    /// ```
    /// use ndoku::Level;
    ///
    /// assert_eq!(Level::Medium.band().to_string(), "1.6-2.5");
    /// assert_eq!(Level::of_rating(32), Some(Level::Hard));
    /// assert_eq!(Level::of_rating(61), None);
    /// ```
    #[must_use]
    pub fn band(self) -> RatingRange {
        match self {
            Level::Easy => RatingRange::tenths(10, 15),
            Level::Medium => RatingRange::tenths(16, 25),
            Level::Hard => RatingRange::tenths(26, 60),
        }
    }

    /// The level whose band holds a rating of `tenths`, if any: none below
    /// 1.0 or above 6.0.
    #[must_use]
    pub fn of_rating(tenths: u16) -> Option<Level> {
        [Level::Easy, Level::Medium, Level::Hard]
            .into_iter()
            .find(|l| l.band().contains(tenths))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        })
    }
}

impl std::str::FromStr for Level {
    type Err = UnknownName;

    /// Reads a level by the name `Display` gives it (`easy`, `medium`,
    /// `hard`), in any letter case.
    ///
    /// # Errors
    ///
    /// [`UnknownName`] for any other name, listing the names there are.
    ///
    /// ```
    /// use ndoku::Level;
    ///
    /// assert_eq!("Hard".parse::<Level>()?, Level::Hard);
    /// let e = "tricky".parse::<Level>().unwrap_err();
    /// assert_eq!(e.to_string(), r#"unknown level "tricky", expected one of: easy, medium, hard"#);
    /// # Ok::<(), ndoku::generate::UnknownName>(())
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        by_name(s, "level", &[Level::Easy, Level::Medium, Level::Hard])
    }
}

/// How hard a puzzle was to solve: the technique it needed and the engine's guesses.
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Difficulty {
    /// The hardest technique needed.
    pub grade: Grade,
    /// Guesses the generator's engine made to solve the puzzle (zero when
    /// singles solve it, since the engine's propagation includes them). When
    /// the engine ran out of its node budget, the budget (and the technique is
    /// [`Grade::Guessing`], even under a budget of zero). On 9×9 and smaller
    /// that is what a fresh [`Solver`] makes; from 16×16 up the generator's
    /// searches keep the settings they were measured with, which are not a
    /// fresh `Solver`'s, so a fresh `Solver` can guess a different number of
    /// times.
    pub guesses: u64,
    /// Guesses the engine undid on the way (see [`Stats::backtracks`](crate::engine::Stats::backtracks)).
    pub backtracks: u64,
}

/// The singles a puzzle needs when singles alone solve it: naked ones, or
/// naked and hidden ones; `None` when they do not.
pub(crate) fn by_singles(cells: &[u8], tables: &Tables, singles: &mut Singles) -> Option<Grade> {
    if singles.load(tables, cells, false) == Settle::Solved {
        return Some(Grade::NakedSingles);
    }
    // Singles only add values, so going on from where naked ones stopped
    // ends where naked and hidden ones together would from the start.
    (singles.resume(tables, true) == Settle::Solved).then_some(Grade::HiddenSingles)
}

impl Difficulty {
    /// The level this difficulty falls in.
    #[must_use]
    pub fn level(&self) -> Level {
        match self.grade {
            Grade::NakedSingles | Grade::HiddenSingles => Level::Easy,
            Grade::EnginePropagation => Level::Medium,
            Grade::Guessing => Level::Hard,
        }
    }

    /// Whether singles (naked and hidden) alone solve the puzzle.
    #[must_use]
    pub fn singles_only(&self) -> bool {
        self.level() == Level::Easy
    }

    /// Grades `puzzle`, a puzzle with one solution, with the singles pass and,
    /// when singles are not enough, with `solver`.
    pub(crate) fn of<const BOX: usize>(
        puzzle: &Board<BOX>,
        solver: &mut Solver<BOX>,
        tables: &Tables,
        singles: &mut Singles,
    ) -> Self {
        if let Some(technique) = by_singles(puzzle.as_bytes(), tables, singles) {
            return Self {
                grade: technique,
                guesses: 0,
                backtracks: 0,
            };
        }
        let outcome = solver.solve(puzzle);
        let stats = solver.stats();
        // A search that gave up needed guesses, even under a budget of none.
        let gave_up = matches!(outcome, Outcome::GaveUp);
        let guesses = if gave_up {
            solver.max_nodes()
        } else {
            stats.guesses
        };
        Self {
            grade: if guesses == 0 && !gave_up {
                Grade::EnginePropagation
            } else {
                Grade::Guessing
            },
            guesses,
            backtracks: stats.backtracks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grade(puzzle: &str) -> Difficulty {
        let board: Board<3> = puzzle.parse().unwrap();
        let tables = Tables::get(3);
        Difficulty::of(&board, &mut Solver::new(), tables, &mut Singles::default())
    }

    #[test]
    fn grades_known_puzzles() {
        let grid: Board<3> = Board::new().solve().unwrap();
        let mut one_hole = grid.clone();
        one_hole.clear(4, 4).unwrap();
        assert_eq!(grade(&one_hole.to_string()).grade, Grade::NakedSingles);
        // Every open cell has two candidates or more at the start, so the first
        // move has to be a hidden single; singles then finish it.
        let hidden =
            "......83..3......98..635.7..862....4...8.3...9....631..6.154..21......4..24......";
        assert_eq!(grade(hidden).grade, Grade::HiddenSingles);
        let medium =
            "14.........8.2..7.3.5.4.....6.2.4..9..7...2..9..7.8.6.....9.6.4.8..1.3.........85";
        let d = grade(medium);
        assert_eq!(
            (d.grade, d.guesses, d.level()),
            (Grade::EnginePropagation, 0, Level::Medium)
        );
        // AI Escargot needs guessing.
        let escargot =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
        let d = grade(escargot);
        assert_eq!(d.grade, Grade::Guessing);
        assert!(d.guesses > 0 && d.level() == Level::Hard && !d.singles_only());
    }

    #[test]
    fn naked_singles_alone_stall_on_the_hidden_single_puzzle() {
        // Naked singles done the slow way, with `Board::set` as the judge.
        let mut board: Board<3> =
            "......83..3......98..635.7..862....4...8.3...9....631..6.154..21......4..24......"
                .parse()
                .unwrap();
        loop {
            let single = (0..81).find_map(|i| {
                let (r, c) = (i / 9, i % 9);
                if board.get(r, c).is_some() {
                    return None;
                }
                let fits: Vec<u8> = (1..=9u8)
                    .filter(|&v| board.clone().set(r, c, v).is_ok())
                    .collect();
                (fits.len() == 1).then(|| (r, c, fits[0]))
            });
            let Some((r, c, v)) = single else { break };
            board.set(r, c, v).unwrap();
        }
        assert!(!board.is_solved(), "naked singles alone solved it");
    }
}
