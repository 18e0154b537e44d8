//! ndoku in JavaScript: wasm-bindgen bindings of the library's front door.
//!
//! [`Puzzle`] (read by [`read_puzzle`] from any text ndoku reads), [`Solver`]
//! under limits, [`Logic`] (ratings and hints on a [`Game`]) and
//! [`generate`]. Results that are plain data (outcomes, counts, ratings,
//! hints, steps) come back as plain JS objects, so that a Web Worker can post
//! them; puzzles are [`Puzzle`] objects. Every error is a thrown JS `Error`
//! carrying ndoku's message.
#![deny(missing_docs)]

use std::sync::Arc;
use std::time::Duration;

use js_sys::{Array, JSON, Object, Reflect};
use ndoku::generate::{RatingRange, VariantGenerator};
use ndoku::model::{Cell, ChessRule, House};
use ndoku::text::fpuzzles;
use ndoku::{Count, Level, Limits, Outcome, Rules, Symmetry};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Limits of a search: a node budget, a time limit in milliseconds, a seed. */
export interface Limits { maxNodes?: number; timeLimitMs?: number; seed?: number }
/** A solve's answer: `solution` is set when `status` is "solved". */
export interface SolveOutcome { status: "solved" | "unsolvable" | "gaveUp"; solution?: Puzzle }
/** A count: "exact" (all found), "atLeast" (the limit was reached) or "gaveUp" (a limit ran out). */
export interface SolutionCount { kind: "exact" | "atLeast" | "gaveUp"; found: number; unique: boolean }
/** A rating on Sudoku Explainer's scale. `er` is null when the ladder stops short. */
export interface Rating { er: number | null; hardest: string | null; solved: boolean; steps: number; limited: boolean; text: string }
/** One step of logic. Cells are row-major indices from 0; candidates are [cell, value] pairs;
 * `houses` are the cells of each house the step rests on, `houseNames` their names ("row 5", "box 3").
 * Values are 1 to N, as `cells()` holds them; `firstValue` (1, or 0 for a puzzle whose values
 * start at 0, ISS's `~0-8`) says how the puzzle writes them: `v - 1 + firstValue`. */
export interface Step {
  technique: string; difficulty: number; explanation: string;
  placements: [number, number][]; eliminations: [number, number][];
  cells: number[]; houses: number[][]; houseNames: string[]; candidates: [number, number][];
  firstValue: number;
}
/** What a player should look at next. */
export interface Hint {
  kind: "step" | "mistakes" | "solved" | "stuck" | "notUnique";
  step?: Step; entries?: [number, number][]; marks?: [number, number][];
}
/** A puzzle's shape, to draw it: regions by cell, diagonals and extra regions as cell lists, cages. */
export interface Layout {
  size: number; boxShape: [number, number] | null; regions: number[];
  diagonals: number[][]; extraRegions: number[][]; chess: string[];
  cages: { cells: number[]; sum: number | null }[];
  title: string | null; fpuzzles: Record<string, unknown> | null;
}
/** Options of `generate`. `rules` names: "diagonals", "windows", "disjoint", "antiKnight", "antiKing", "jigsaw". */
export interface GenerateOptions {
  size?: number; boxRows?: number; boxCols?: number; rules?: string[];
  level?: "easy" | "medium" | "hard"; rating?: string; symmetry?: string;
  seed?: number; minimal?: boolean; maxNodes?: number;
}
/** A generated puzzle with its solution. */
export interface Generated { puzzle: Puzzle; solution: Puzzle; minimal: boolean }
"#;

/// A JS `Error` carrying `e`'s message.
fn err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A JS value of a JSON value (plain objects, arrays, numbers, strings).
fn js(value: &Value) -> JsValue {
    JSON::parse(&value.to_string()).unwrap_or(JsValue::NULL)
}

/// Sets `key` of `object` to `value`.
fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    // Setting a property of a plain object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), &value.into());
}

/// `key` of `options`, unless it is missing, `undefined` or `null`.
fn opt(options: &JsValue, key: &str) -> Option<JsValue> {
    if !options.is_object() {
        return None;
    }
    Reflect::get(options, &JsValue::from_str(key))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// The number at `key` of `options`, checked to be a whole number from 0.
fn opt_u64(options: &JsValue, key: &str) -> Result<Option<u64>, JsError> {
    match opt(options, key) {
        None => Ok(None),
        Some(v) => match v.as_f64() {
            Some(x) if x >= 0.0 && x.fract() == 0.0 && x <= 2f64.powi(53) => Ok(Some(x as u64)),
            _ => Err(JsError::new(&format!(
                "option {key} must be a whole number from 0, found {v:?}"
            ))),
        },
    }
}

/// The string at `key` of `options`.
fn opt_str(options: &JsValue, key: &str) -> Result<Option<String>, JsError> {
    match opt(options, key) {
        None => Ok(None),
        Some(v) => v
            .as_string()
            .map(Some)
            .ok_or_else(|| JsError::new(&format!("option {key} must be a string, found {v:?}"))),
    }
}

/// The boolean at `key` of `options`.
fn opt_bool(options: &JsValue, key: &str) -> Result<Option<bool>, JsError> {
    match opt(options, key) {
        None => Ok(None),
        Some(v) => v
            .as_bool()
            .map(Some)
            .ok_or_else(|| JsError::new(&format!("option {key} must be a boolean, found {v:?}"))),
    }
}

/// Reads any puzzle text ndoku knows: f-puzzles JSON, an f-puzzles or
/// SudokuPad link or its `load` string (keeping its title and drawing
/// keys), else what `ndoku::text::read` takes: a classic line, grid or
/// tokens of any size, ISS constraint text or a link, a killer code.
fn read_puzzle(text: &str) -> Result<Puzzle, JsError> {
    if fpuzzles::looks_like(text) {
        let read = fpuzzles::parse(text).map_err(err)?;
        let other = Value::Object(read.other.into_iter().collect());
        Ok(Puzzle {
            inner: read.puzzle,
            title: read.title,
            other: Some(other),
        })
    } else {
        // Classic text, ISS constraint text or links, killer codes.
        // A classic line's error as the classic reader words it.
        let inner = ndoku::text::read(text).map_err(|e| match e {
            ndoku::text::ReadError::Classic(e) => err(e),
            e => err(e),
        })?;
        Ok(Puzzle {
            inner,
            title: None,
            other: None,
        })
    }
}

/// A puzzle: its rules (any size, any rules) and givens.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Puzzle {
    inner: ndoku::Puzzle,
    /// The f-puzzles title, when read from f-puzzles.
    title: Option<String>,
    /// The f-puzzles keys that state no rule (drawings, rule text), when
    /// read from f-puzzles.
    other: Option<Value>,
}

impl Puzzle {
    /// A puzzle of `inner` with nothing beside it.
    fn of(inner: ndoku::Puzzle) -> Self {
        Self {
            inner,
            title: None,
            other: None,
        }
    }
}

#[wasm_bindgen]
impl Puzzle {
    /// Reads a puzzle from any text ndoku reads: a classic line, grid or
    /// tokens of any size, f-puzzles JSON, or an f-puzzles link.
    ///
    /// # Errors
    ///
    /// ndoku's message for text it cannot read.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<Puzzle, JsError> {
        read_puzzle(text)
    }

    /// Reads any text, as the constructor does.
    ///
    /// # Errors
    ///
    /// As the constructor.
    pub fn parse(text: &str) -> Result<Puzzle, JsError> {
        read_puzzle(text)
    }

    /// An empty puzzle of classic rules on `size`×`size`.
    ///
    /// # Errors
    ///
    /// ndoku's message for a size it has no classic rules for.
    pub fn empty(size: usize) -> Result<Puzzle, JsError> {
        Ok(Self::of(ndoku::Puzzle::new(
            Rules::classic(size).map_err(err)?,
        )))
    }

    /// The side N of the N×N board.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.inner.size()
    }

    /// How many cells hold a value.
    #[wasm_bindgen(getter)]
    pub fn givens(&self) -> usize {
        self.inner.givens()
    }

    /// Whether every cell holds a value and no rule is broken.
    #[wasm_bindgen(js_name = isSolved)]
    pub fn is_solved(&self) -> bool {
        self.inner.is_solved()
    }

    /// Whether `other`, under the same rules, keeps every value of this one.
    #[wasm_bindgen(js_name = isCompletedBy)]
    pub fn is_completed_by(&self, other: &Puzzle) -> bool {
        self.inner.is_completed_by(&other.inner)
    }

    /// The values row by row, 0 for an empty cell.
    pub fn cells(&self) -> Vec<u16> {
        self.inner.cells().to_vec()
    }

    /// The puzzle with `value` (0 to empty) at `row`, `col` (from 0).
    ///
    /// # Errors
    ///
    /// ndoku's message for a cell off the board or a value out of range.
    pub fn with(&self, row: usize, col: usize, value: u16) -> Result<Puzzle, JsError> {
        let mut out = self.clone();
        out.inner.set(row, col, value).map_err(err)?;
        Ok(out)
    }

    /// One line: `.` for empty, `1`-`9`, `A`-`Z`, `a`-`z` (numbers
    /// separated by spaces above 61 values).
    #[wasm_bindgen(js_name = toString)]
    pub fn to_line(&self) -> String {
        self.inner.to_string()
    }

    /// One line of values for boards up to 9×9, else numbers separated by
    /// spaces (0 for empty): what the page puts in `data-solution`.
    #[wasm_bindgen(js_name = toValues)]
    pub fn to_values(&self) -> String {
        if self.inner.size() <= 9 {
            self.inner.to_string()
        } else {
            self.inner.to_tokens().replace('\n', " ")
        }
    }

    /// A row a line, with box separators where the layout has boxes.
    #[wasm_bindgen(js_name = toGrid)]
    pub fn to_grid(&self) -> String {
        format!("{:#}", self.inner)
    }

    /// Numbers separated by spaces, 0 for empty, a row a line.
    #[wasm_bindgen(js_name = toTokens)]
    pub fn to_tokens(&self) -> String {
        self.inner.to_tokens()
    }

    /// f-puzzles JSON: the rules and givens, and the title and drawings it
    /// was read with.
    #[wasm_bindgen(js_name = toFpuzzles)]
    pub fn to_fpuzzles(&self) -> String {
        self.fpuzzle().to_json()
    }

    /// An f-puzzles link, as `toFpuzzles` writes the JSON.
    #[wasm_bindgen(js_name = toLink)]
    pub fn to_link(&self) -> String {
        self.fpuzzle().to_link()
    }

    /// Whether the rules are classic (rows, columns, boxes, nothing else).
    #[wasm_bindgen(js_name = isClassic)]
    pub fn is_classic(&self) -> bool {
        self.inner.rules().is_plain() && self.inner.rules().geometry().box_shape().is_some()
    }

    /// What it takes to draw the puzzle: regions, diagonals, extra regions,
    /// chess rules, cages, and the f-puzzles keys it was read with.
    #[wasm_bindgen(unchecked_return_type = "Layout")]
    pub fn layout(&self) -> JsValue {
        let rules = self.inner.rules();
        let geometry = rules.geometry();
        let houses = |kind: House| -> Vec<Vec<u32>> {
            geometry
                .houses()
                .iter()
                .filter(|h| h.kind() == kind)
                .map(|h| h.cells().to_vec())
                .collect()
        };
        let chess: Vec<&str> = rules
            .chess()
            .iter()
            .map(|c| match c {
                ChessRule::AntiKnight => "antiKnight",
                ChessRule::AntiKing => "antiKing",
                _ => "other",
            })
            .collect();
        let cages: Vec<Value> = rules
            .cages()
            .iter()
            .map(|c| json!({"cells": c.cells(), "sum": c.sum()}))
            .collect();
        js(&json!({
            "size": self.inner.size(),
            "boxShape": geometry.box_shape(),
            "regions": geometry.region_map(),
            "diagonals": houses(House::Diagonal),
            "extraRegions": houses(House::Extra),
            "chess": chess,
            "cages": cages,
            "title": self.title,
            "fpuzzles": self.other,
        }))
    }
}

impl Puzzle {
    /// The f-puzzles form, with the title and keys read beside the puzzle.
    fn fpuzzle(&self) -> fpuzzles::FPuzzle {
        let mut out = fpuzzles::FPuzzle::new(self.inner.clone());
        out.title.clone_from(&self.title);
        if let Some(Value::Object(map)) = &self.other {
            out.other = map.clone().into_iter().collect();
        }
        out
    }
}

/// The limits of `options` ({maxNodes, timeLimitMs, seed}).
fn limits_of(options: &JsValue) -> Result<Limits, JsError> {
    let mut limits = Limits::new();
    if let Some(n) = opt_u64(options, "maxNodes")? {
        limits = limits.with_max_nodes(n);
    }
    if let Some(ms) = opt_u64(options, "timeLimitMs")? {
        limits = limits.with_time_limit(Some(Duration::from_millis(ms)));
    }
    if let Some(seed) = opt_u64(options, "seed")? {
        limits = limits.with_seed(seed);
    }
    Ok(limits)
}

/// A solver: sends each puzzle to ndoku's fastest engine for it, under
/// limits (a node budget, a time limit, a seed).
#[wasm_bindgen]
pub struct Solver {
    inner: ndoku::Solver,
}

#[wasm_bindgen]
impl Solver {
    /// A solver under `limits` ({maxNodes, timeLimitMs, seed}, each
    /// optional): none by default.
    ///
    /// # Errors
    ///
    /// A message naming an option of the wrong type.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Limits")] limits: Option<JsValue>,
    ) -> Result<Solver, JsError> {
        let limits = limits.unwrap_or(JsValue::UNDEFINED);
        Ok(Self {
            inner: ndoku::Solver::new().with_limits(limits_of(&limits)?),
        })
    }

    /// Solves `puzzle`: {status: "solved", solution}, "unsolvable", or
    /// "gaveUp" when a limit ran out.
    #[wasm_bindgen(unchecked_return_type = "SolveOutcome")]
    pub fn solve(&mut self, puzzle: &Puzzle) -> JsValue {
        let out = Object::new();
        match self.inner.solve(&puzzle.inner) {
            Outcome::Solved(solution) => {
                set(&out, "status", "solved");
                set(&out, "solution", Puzzle::of(solution));
            }
            Outcome::Unsolvable => set(&out, "status", "unsolvable"),
            _ => set(&out, "status", "gaveUp"),
        }
        out.into()
    }

    /// Counts solutions up to `limit` (2 tells whether one is unique).
    #[wasm_bindgen(unchecked_return_type = "SolutionCount")]
    pub fn count(&mut self, puzzle: &Puzzle, limit: usize) -> JsValue {
        count_js(self.inner.count(&puzzle.inner, limit))
    }

    /// Guesses (search nodes) of the last search.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.inner.stats().guesses as f64
    }
}

/// A count as a plain object.
fn count_js(count: Count) -> JsValue {
    let (kind, found) = match count {
        Count::Exact(n) => ("exact", n),
        Count::AtLeast(n) => ("atLeast", n),
        Count::GaveUp(n) => ("gaveUp", n),
        _ => ("gaveUp", count.found()),
    };
    js(&json!({"kind": kind, "found": found, "unique": count == Count::Exact(1)}))
}

/// Solves `text` (any format) and gives the solution as one line, or
/// `undefined` when it has none.
///
/// # Errors
///
/// ndoku's message for text it cannot read.
#[wasm_bindgen]
pub fn solve(text: &str) -> Result<Option<String>, JsError> {
    let puzzle = read_puzzle(text)?;
    Ok(puzzle.inner.solve().map(|s| s.to_string()))
}

/// A game in progress: a puzzle, the player's entries and pencil marks.
#[wasm_bindgen]
pub struct Game {
    inner: ndoku::Game,
}

#[wasm_bindgen]
impl Game {
    /// A fresh game of `puzzle`: no entries, and every candidate no given
    /// rules out.
    #[wasm_bindgen(constructor)]
    pub fn new(puzzle: &Puzzle) -> Game {
        Self {
            inner: ndoku::Game::new(puzzle.inner.clone()),
        }
    }

    /// Writes `value` at `row`, `col` (from 0), or erases it with 0.
    ///
    /// # Errors
    ///
    /// ndoku's message for a given cell, a cell off the board or a value out of range.
    pub fn enter(&mut self, row: usize, col: usize, value: u16) -> Result<(), JsError> {
        self.inner.enter(Cell::new(row, col), value).map_err(err)
    }

    /// Sets the pencil marks of the empty cell at `row`, `col`.
    ///
    /// # Errors
    ///
    /// As `enter`.
    #[wasm_bindgen(js_name = setCandidates)]
    pub fn set_candidates(
        &mut self,
        row: usize,
        col: usize,
        values: &[u16],
    ) -> Result<(), JsError> {
        self.inner
            .set_candidates(Cell::new(row, col), values)
            .map_err(err)
    }

    /// The pencil marks of the cell at `row`, `col`; a filled cell's value.
    pub fn candidates(&self, row: usize, col: usize) -> Vec<u16> {
        self.inner.candidates(Cell::new(row, col)).iter().collect()
    }

    /// The values row by row, givens and entries, 0 for empty.
    pub fn grid(&self) -> Vec<u16> {
        self.inner.grid()
    }

    /// Applies a step's placements (as entries) and eliminations (removed
    /// from the pencil marks).
    ///
    /// # Errors
    ///
    /// A message for a step that does not fit the board.
    pub fn apply(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Step")] step: JsValue,
    ) -> Result<(), JsError> {
        let n = self.inner.puzzle().size();
        let pairs = |key: &str| -> Result<Vec<(usize, u16)>, JsError> {
            let Some(list) = opt(&step, key) else {
                return Ok(Vec::new());
            };
            Array::from(&list)
                .iter()
                .map(|pair| {
                    let pair = Array::from(&pair);
                    match (pair.get(0).as_f64(), pair.get(1).as_f64()) {
                        (Some(c), Some(v)) if c >= 0.0 && (c as usize) < n * n && v >= 1.0 => {
                            Ok((c as usize, v as u16))
                        }
                        _ => Err(JsError::new(&format!(
                            "step {key} must be [cell, value] pairs on the {n}x{n} board"
                        ))),
                    }
                })
                .collect()
        };
        for (cell, value) in pairs("placements")? {
            let cell = Cell::from_index(cell, n);
            self.inner.enter(cell, value).map_err(err)?;
        }
        for (cell, value) in pairs("eliminations")? {
            let cell = Cell::from_index(cell, n);
            if self.inner.value(cell).is_none() {
                let kept: Vec<u16> = self
                    .inner
                    .candidates(cell)
                    .into_iter()
                    .filter(|&v| v != value)
                    .collect();
                self.inner.set_candidates(cell, &kept).map_err(err)?;
            }
        }
        Ok(())
    }
}

/// Human-style logic: Sudoku Explainer's ladder of techniques on any rules.
#[wasm_bindgen]
pub struct Logic {
    inner: ndoku::Logic,
}

#[wasm_bindgen]
impl Logic {
    /// Logic with `options` ({assumeUnique, extras, maxSteps}, each optional).
    ///
    /// # Errors
    ///
    /// A message naming an option of the wrong type.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(
            unchecked_param_type = "{ assumeUnique?: boolean; extras?: boolean; maxSteps?: number }"
        )]
        options: Option<JsValue>,
    ) -> Result<Logic, JsError> {
        let options = options.unwrap_or(JsValue::UNDEFINED);
        let mut inner = ndoku::Logic::new();
        if let Some(yes) = opt_bool(&options, "assumeUnique")? {
            inner = inner.assume_unique(yes);
        }
        if let Some(yes) = opt_bool(&options, "extras")? {
            inner = inner.with_extras(yes);
        }
        if let Some(steps) = opt_u64(&options, "maxSteps")? {
            inner = inner.with_max_steps(steps as usize);
        }
        Ok(Self { inner })
    }

    /// The puzzle's rating on SE's scale.
    ///
    /// # Errors
    ///
    /// ndoku's message when the puzzle has no solution or is too big for the ladder.
    #[wasm_bindgen(unchecked_return_type = "Rating")]
    pub fn rate(&self, puzzle: &Puzzle) -> Result<JsValue, JsError> {
        let rating = self.inner.rate(&puzzle.inner).map_err(err)?;
        Ok(js(&json!({
            // In tenths, so that 3.2 reads 3.2 in JS rather than f32's 3.2000000476.
            "er": rating.tenths().map(|t| f64::from(t) / 10.0),
            "hardest": rating.hardest.map(|t| t.name()),
            "solved": rating.solved,
            "steps": rating.steps,
            "limited": rating.limited,
            "text": rating.to_string(),
        })))
    }

    /// What the player should look at next in `game`: their mistakes, else
    /// the next step with what to highlight and its explanation.
    ///
    /// # Errors
    ///
    /// ndoku's message when the puzzle has no solution.
    #[wasm_bindgen(unchecked_return_type = "Hint")]
    pub fn hint(&self, game: &Game) -> Result<JsValue, JsError> {
        let geometry = game.inner.rules().geometry();
        let out = match self.inner.hint(&game.inner).map_err(err)? {
            ndoku::Hint::Step(step) => {
                let houses: Vec<&[u32]> = step
                    .highlight
                    .houses()
                    .filter_map(|name| geometry.house_index(name))
                    .map(|h| geometry.house(h).cells())
                    .collect();
                let n = geometry.size();
                let at = |(cell, v): (Cell, u16)| (cell.index(n), v);
                json!({"kind": "step", "step": {
                    "technique": step.technique.name(),
                    "difficulty": f64::from(step.technique.tenths()) / 10.0,
                    "explanation": step.explanation(),
                    "placements": step.placements().map(at).collect::<Vec<_>>(),
                    "eliminations": step.eliminations().map(at).collect::<Vec<_>>(),
                    "cells": step.highlight.cells().map(|c| c.index(n)).collect::<Vec<_>>(),
                    "houses": houses,
                    "houseNames": step.highlight.houses()
                        .map(|h| h.to_string()).collect::<Vec<_>>(),
                    "candidates": step.highlight.candidates().map(at).collect::<Vec<_>>(),
                    "firstValue": step.first_value(),
                }})
            }
            ndoku::Hint::Mistakes { entries, marks } => {
                let pairs = |cells: Vec<Cell>| -> Vec<(usize, usize)> {
                    cells.into_iter().map(Into::into).collect()
                };
                json!({"kind": "mistakes", "entries": pairs(entries), "marks": pairs(marks)})
            }
            ndoku::Hint::Solved => json!({"kind": "solved"}),
            ndoku::Hint::NotUnique => json!({"kind": "notUnique"}),
            _ => json!({"kind": "stuck"}),
        };
        Ok(js(&out))
    }
}

/// The rules of `options`: `size` (or `boxRows`×`boxCols`) and rule names.
fn rules_of(options: &JsValue) -> Result<(Rules, bool), JsError> {
    let size = opt_u64(options, "size")?.unwrap_or(9) as usize;
    let mut rules = match (opt_u64(options, "boxRows")?, opt_u64(options, "boxCols")?) {
        (Some(r), Some(c)) => Rules::boxes(r as usize, c as usize).map_err(err)?,
        (None, None) => Rules::classic(size).map_err(err)?,
        _ => return Err(JsError::new("give both boxRows and boxCols, or neither")),
    };
    let mut jigsaw = false;
    if let Some(names) = opt(options, "rules") {
        for name in Array::from(&names).iter() {
            let name = name
                .as_string()
                .ok_or_else(|| JsError::new("rules must be a list of names"))?;
            rules = match name.as_str() {
                "diagonals" | "x" => rules.with_diagonals(),
                "windows" | "windoku" => rules.with_windows().map_err(err)?,
                "disjoint" => rules.with_disjoint_groups().map_err(err)?,
                "antiKnight" => rules.with_chess(ChessRule::AntiKnight),
                "antiKing" => rules.with_chess(ChessRule::AntiKing),
                "jigsaw" => {
                    jigsaw = true;
                    rules
                }
                other => {
                    return Err(JsError::new(&format!(
                        "unknown rule {other:?}: expected diagonals, windows, disjoint, antiKnight, antiKing or jigsaw"
                    )));
                }
            };
        }
    }
    Ok((rules, jigsaw))
}

/// Makes a puzzle with exactly one solution: by size (or box shape), rules
/// ("diagonals", "windows", "disjoint", "antiKnight", "antiKing",
/// "jigsaw"), level or SE rating range ("3.0-4.0"), symmetry and seed.
///
/// # Errors
///
/// ndoku's message for rules or options it cannot generate under.
#[wasm_bindgen(unchecked_return_type = "Generated")]
pub fn generate(
    #[wasm_bindgen(unchecked_param_type = "GenerateOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let (rules, jigsaw) = rules_of(&options)?;
    let seed = match opt_u64(&options, "seed")? {
        Some(seed) => seed,
        None => (js_sys::Math::random() * 2f64.powi(53)) as u64,
    };
    let mut generator = VariantGenerator::new(Arc::new(rules), seed);
    if jigsaw {
        generator = generator.with_random_regions();
    }
    if let Some(name) = opt_str(&options, "symmetry")? {
        generator = generator.with_symmetry(name.parse::<Symmetry>().map_err(err)?);
    }
    if let Some(name) = opt_str(&options, "level")? {
        generator = generator.with_level(name.parse::<Level>().map_err(err)?);
    }
    if let Some(range) = opt_str(&options, "rating")? {
        generator = generator.with_rating(range.parse::<RatingRange>().map_err(err)?);
    }
    if let Some(minimal) = opt_bool(&options, "minimal")? {
        generator = generator.with_minimal(minimal);
    }
    if let Some(nodes) = opt_u64(&options, "maxNodes")? {
        generator = generator.with_max_nodes(nodes);
    }
    let made = generator.generate().map_err(err)?;
    let out = Object::new();
    set(&out, "puzzle", Puzzle::of(made.puzzle));
    set(&out, "solution", Puzzle::of(made.solution));
    set(&out, "minimal", made.minimal);
    Ok(out.into())
}

/// The version of ndoku's binding.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
