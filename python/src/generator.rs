//! `Generator` for Python: puzzles with one solution from a seed, classic or under any rules.

use std::time::{SystemTime, UNIX_EPOCH};

use ndoku::generate::{GeneratedPuzzle, RatingRange, VariantGenerator};
use ndoku::logic::Technique;
use ndoku::model::ChessRule;
use ndoku::{GenerateError, Generated, Generator, Level, Puzzle, Rules, Symmetry};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::error::Failure;
use crate::puzzle::PyPuzzle;

/// The generator behind a `Generator`: the typed one for classic boards
/// with square boxes (4x4 to 64x64), the variant one for any other rules.
#[derive(Clone)]
enum Inner {
    B2(Generator<2>),
    B3(Generator<3>),
    B4(Generator<4>),
    B5(Generator<5>),
    B6(Generator<6>),
    B7(Generator<7>),
    B8(Generator<8>),
    Variant(VariantGenerator),
}

/// Applies `$body` to the generator inside `$inner`, bound to `$g`.
macro_rules! each {
    ($inner:expr, $g:ident => $body:expr) => {
        match $inner {
            Inner::B2($g) => $body,
            Inner::B3($g) => $body,
            Inner::B4($g) => $body,
            Inner::B5($g) => $body,
            Inner::B6($g) => $body,
            Inner::B7($g) => $body,
            Inner::B8($g) => $body,
            Inner::Variant($g) => $body,
        }
    };
}

/// What a generated puzzle of either generator says about itself.
trait Made {
    fn into_generated(self) -> PyGenerated;
}

impl<const BOX: usize> Made for Generated<BOX> {
    fn into_generated(self) -> PyGenerated {
        PyGenerated {
            puzzle: PyPuzzle::of(Puzzle::from(&self.board)),
            solution: PyPuzzle::of(Puzzle::from(&self.solution)),
            index: self.index,
            attempts: self.attempts,
            minimal: self.minimal,
            level: Some(level_name(self.difficulty.level())),
        }
    }
}

impl Made for GeneratedPuzzle {
    fn into_generated(self) -> PyGenerated {
        PyGenerated {
            puzzle: PyPuzzle::of(self.puzzle),
            solution: PyPuzzle::of(self.solution),
            index: self.index,
            attempts: self.attempts,
            minimal: self.minimal,
            level: None,
        }
    }
}

/// The name of a level.
fn level_name(level: Level) -> &'static str {
    match level {
        Level::Easy => "easy",
        Level::Medium => "medium",
        _ => "hard",
    }
}

/// The options a generator is made with, as Python passed them.
struct Options {
    symmetry: Symmetry,
    givens: Option<usize>,
    level: Option<Level>,
    rating: Option<RatingRange>,
    technique: Option<Technique>,
    minimal: bool,
    attempts: Option<u32>,
    max_nodes: Option<u64>,
}

/// Sets the options shared by both generators on `$g`.
macro_rules! shared_options {
    ($g:expr, $o:expr) => {{
        let mut g = $g.with_symmetry($o.symmetry).with_minimal($o.minimal);
        if let Some(level) = $o.level {
            g = g.with_level(level);
        }
        if let Some(range) = $o.rating {
            g = g.with_rating(range);
        }
        if let Some(technique) = $o.technique {
            g = g.with_technique(technique);
        }
        if let Some(attempts) = $o.attempts {
            g = g.with_attempts(attempts);
        }
        if let Some(nodes) = $o.max_nodes {
            g = g.with_max_nodes(nodes);
        }
        g
    }};
}

/// A classic generator of box side `BOX` with `options`.
fn classic<const BOX: usize>(seed: u64, o: &Options) -> Generator<BOX> {
    let g = shared_options!(Generator::<BOX>::new(seed), o);
    match o.givens {
        Some(target) => g.with_givens(target),
        None => g,
    }
}

/// A rating range from Python: "3.0-4.0", "3.2", 3.2, or (3.0, 4.0).
fn rating_range(obj: &Bound<'_, PyAny>) -> PyResult<RatingRange> {
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(text
            .to_cow()?
            .parse::<RatingRange>()
            .map_err(Failure::from)?);
    }
    let tenths = |er: f64| -> PyResult<u16> {
        if (0.0..=20.0).contains(&er) {
            Ok((er * 10.0).round() as u16)
        } else {
            Err(PyValueError::new_err(format!(
                "a rating of {er} is off Sudoku Explainer's scale (0.0 to 20.0)"
            )))
        }
    };
    if let Ok((lo, hi)) = obj.extract::<(f64, f64)>() {
        return Ok(RatingRange::tenths(tenths(lo)?, tenths(hi)?));
    }
    let er: f64 = obj.extract().map_err(|_| {
        PyValueError::new_err(
            "rating should be a range as text (\"3.0-4.0\"), a number, or (low, high)",
        )
    })?;
    Ok(RatingRange::tenths(tenths(er)?, tenths(er)?))
}

/// A seed from the clock, for a generator made without one.
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Makes puzzles with exactly one solution, reproducibly from a seed: the
/// same seed and options give the same puzzles (within one version of
/// ndoku). Puzzle `i` of the sequence is `nth(i)`.
///
/// Classic boards with square boxes (size 4, 9, 16, ..., 64) go to ndoku's
/// typed generator, which also takes a `givens` target and reports each
/// puzzle's `level`; any other size or rules (`boxes`, `jigsaw`,
/// `diagonals`, `windows`, `disjoint_groups`, `anti_knight`, `anti_king`,
/// or the rules of a `Puzzle` passed as `rules`) go to the variant
/// generator. `level` is "easy", "medium" or "hard"; `rating` an SE range
/// ("3.0-4.0", (3.0, 4.0) or 3.2); `technique` a name ("x-wing");
/// `symmetry` one of "none", "rotate180", "rotate90", "horizontal",
/// "vertical", "diagonal". Generation runs without the GIL; `batch` uses
/// every core.
#[pyclass(name = "Generator", module = "ndoku", frozen)]
pub struct PyGenerator {
    inner: Inner,
    /// The seed.
    #[pyo3(get)]
    seed: u64,
    /// The side of the board.
    #[pyo3(get)]
    size: usize,
}

#[pymethods]
impl PyGenerator {
    /// A generator with these options.
    #[new]
    #[pyo3(signature = (size = 9, *, seed = None, symmetry = String::from("rotate180"), givens = None,
        level = None, rating = None, technique = None, minimal = true, attempts = None,
        max_nodes = None, boxes = None, jigsaw = false, diagonals = false, windows = false,
        disjoint_groups = false, anti_knight = false, anti_king = false, rules = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        size: usize,
        seed: Option<u64>,
        symmetry: String,
        givens: Option<usize>,
        level: Option<String>,
        rating: Option<&Bound<'_, PyAny>>,
        technique: Option<String>,
        minimal: bool,
        attempts: Option<u32>,
        max_nodes: Option<u64>,
        boxes: Option<(usize, usize)>,
        jigsaw: bool,
        diagonals: bool,
        windows: bool,
        disjoint_groups: bool,
        anti_knight: bool,
        anti_king: bool,
        rules: Option<PyRef<'_, PyPuzzle>>,
    ) -> PyResult<Self> {
        let seed = seed.unwrap_or_else(clock_seed);
        let options = Options {
            symmetry: symmetry.parse().map_err(Failure::from)?,
            givens,
            level: level
                .map(|s| s.parse::<Level>())
                .transpose()
                .map_err(Failure::from)?,
            rating: rating.map(rating_range).transpose()?,
            technique: technique
                .map(|s| s.parse::<Technique>())
                .transpose()
                .map_err(Failure::from)?,
            minimal,
            attempts,
            max_nodes,
        };
        let variant = boxes.is_some()
            || jigsaw
            || diagonals
            || windows
            || disjoint_groups
            || anti_knight
            || anti_king
            || rules.is_some();
        let square = (2..=8).find(|b| b * b == size);
        let inner = match (variant, square) {
            (false, Some(2)) => Inner::B2(classic(seed, &options)),
            (false, Some(3)) => Inner::B3(classic(seed, &options)),
            (false, Some(4)) => Inner::B4(classic(seed, &options)),
            (false, Some(5)) => Inner::B5(classic(seed, &options)),
            (false, Some(6)) => Inner::B6(classic(seed, &options)),
            (false, Some(7)) => Inner::B7(classic(seed, &options)),
            (false, Some(8)) => Inner::B8(classic(seed, &options)),
            _ => {
                if givens.is_some() {
                    return Err(PyValueError::new_err(
                        "a givens target is for classic boards with square boxes only (4, 9, 16, ... 64)",
                    ));
                }
                let rules = match rules {
                    Some(p) => p.inner.rules().clone(),
                    None => variant_rules(size, boxes, jigsaw)?,
                };
                let mut rules = rules;
                if diagonals {
                    rules = rules.with_diagonals();
                }
                if windows {
                    rules = rules.with_windows().map_err(Failure::from)?;
                }
                if disjoint_groups {
                    rules = rules.with_disjoint_groups().map_err(Failure::from)?;
                }
                if anti_knight {
                    rules = rules.with_chess(ChessRule::AntiKnight);
                }
                if anti_king {
                    rules = rules.with_chess(ChessRule::AntiKing);
                }
                let mut g = shared_options!(VariantGenerator::new(rules, seed), options);
                if jigsaw {
                    g = g.with_random_regions();
                }
                Inner::Variant(g)
            }
        };
        let size = each!(&inner, g => g_size(g));
        Ok(Self { inner, seed, size })
    }

    /// The first puzzle of the sequence, `nth(0)`.
    fn generate(&self, py: Python<'_>) -> PyResult<PyGenerated> {
        self.nth(py, 0)
    }

    /// Puzzle `index` of the sequence: it depends only on the seed, the
    /// options and `index`.
    fn nth(&self, py: Python<'_>, index: u64) -> PyResult<PyGenerated> {
        let inner = &self.inner;
        let made: Result<PyGenerated, GenerateError> =
            py.detach(|| each!(inner, g => g.nth(index).map(Made::into_generated)));
        Ok(made.map_err(Failure::from)?)
    }

    /// Puzzles `start` to `start + count - 1` of the sequence, in order,
    /// made on every core. Raises the first error, if any.
    #[pyo3(signature = (count, start = 0))]
    fn batch(&self, py: Python<'_>, count: usize, start: u64) -> PyResult<Vec<PyGenerated>> {
        let inner = &self.inner;
        let made: Result<Vec<PyGenerated>, GenerateError> = py.detach(|| {
            each!(inner, g => g
                .par_batch(start, count)
                .into_iter()
                .map(|r| r.map(Made::into_generated))
                .collect())
        });
        Ok(made.map_err(Failure::from)?)
    }

    fn __repr__(&self) -> String {
        let kind = match self.inner {
            Inner::Variant(_) => "variant",
            _ => "classic",
        };
        format!("<Generator {kind} {0}x{0}, seed {1}>", self.size, self.seed)
    }
}

/// The side of the boards a generator makes.
trait Side {
    fn side(&self) -> usize;
}

impl<const BOX: usize> Side for Generator<BOX> {
    fn side(&self) -> usize {
        BOX * BOX
    }
}

impl Side for VariantGenerator {
    fn side(&self) -> usize {
        self.rules().size()
    }
}

/// The side of `g`'s boards.
fn g_size(g: &impl Side) -> usize {
    g.side()
}

/// The rules of a variant generator before its extra rules: boxes of
/// `boxes`, a jigsaw placeholder (each puzzle draws its own layout), or
/// the classic boxes of `size`.
fn variant_rules(size: usize, boxes: Option<(usize, usize)>, jigsaw: bool) -> PyResult<Rules> {
    let rules = match boxes {
        Some((r, c)) => Rules::boxes(r, c).map_err(Failure::from)?,
        None => Rules::classic(size).map_err(Failure::from)?,
    };
    if jigsaw {
        let map = rules.geometry().region_map();
        return Ok(Rules::jigsaw(rules.size(), &map).map_err(Failure::from)?);
    }
    Ok(rules)
}

/// A generated puzzle: it has exactly one solution.
#[pyclass(name = "Generated", module = "ndoku", frozen)]
pub struct PyGenerated {
    /// The puzzle.
    #[pyo3(get)]
    puzzle: PyPuzzle,
    /// Its solution.
    #[pyo3(get)]
    solution: PyPuzzle,
    /// Its index in the generator's sequence.
    #[pyo3(get)]
    index: u64,
    /// Grids it took.
    #[pyo3(get)]
    attempts: u32,
    /// Whether it is proven minimal for its symmetry.
    #[pyo3(get)]
    minimal: bool,
    /// "easy", "medium" or "hard" (classic boards only; None for variants).
    #[pyo3(get)]
    level: Option<&'static str>,
}

#[pymethods]
impl PyGenerated {
    fn __str__(&self) -> String {
        self.puzzle.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Generated #{} {}x{}, {} givens>",
            self.index,
            self.puzzle.inner.size(),
            self.puzzle.inner.size(),
            self.puzzle.inner.givens()
        )
    }
}
