//! SudokuPad's own format (`scl`, `ctc`): zipped JSON whose givens, regions and killer cages are read.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::super::{Cell, FPuzzle, FpuzzlesError, build, wrong};
use crate::error::RulesError;

/// Reads the body of an `scl` or `ctc` payload (after its prefix).
pub(super) fn read(prefix: &str, body: &str) -> Result<FPuzzle, FpuzzlesError> {
    from_scl(&decompress(prefix, body)?)
}

/// Top-level keys that state no rule: the puzzle's name and rule text,
/// SudokuPad's settings and videos.
const HARMLESS: &[&str] = &[
    "id", "cellSize", "metadata", "metaData", "settings", "title", "author", "rules", "videos",
    "duration",
];

/// Top-level keys that draw: SudokuPad cannot tell a rule from a drawing
/// among them, so a payload with any is refused.
const DRAWINGS: &[(&str, &str, &str)] = &[
    ("lines", "line", "lines"),
    ("arrows", "arrow", "arrows"),
    ("overlays", "overlay", "overlays"),
    ("underlays", "underlay", "underlays"),
];

/// SudokuPad's zipped keys and the keys they stand for.
const ZIPPED_KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
];

/// The deepest nesting of zipped JSON read (serde_json's own limit).
const MAX_DEPTH: usize = 128;

/// The text of an `scl` or `ctc` payload: percent-decoded, and
/// decompressed unless it is already JSON.
fn decompress(prefix: &str, body: &str) -> Result<String, FpuzzlesError> {
    let text = percent_decode(body);
    if text.trim_start().starts_with('{') {
        return Ok(text);
    }
    // base64 has no space: one is a `+` that a link's query turned into one.
    let text = text.replace(' ', "+");
    super::super::lz::decompress_base64(&text)?
        .filter(|s| !s.trim().is_empty())
        .ok_or_else(|| FpuzzlesError::PadCompressed {
            prefix: prefix.to_owned(),
        })
}

/// `%XX` escapes replaced by their bytes; malformed ones kept as they are.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && let Some((hi, lo)) = bytes
                .get(i + 1..i + 3)
                .and_then(|h| hex(h[0]).zip(hex(h[1])))
        {
            out.push((hi * 16 + lo) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads SCL JSON, plain or zipped, into the f-puzzles puzzle it states.
fn from_scl(text: &str) -> Result<FPuzzle, FpuzzlesError> {
    let scl = match serde_json::from_str::<Value>(text) {
        Ok(value) => value,
        Err(_) => unzip(text)?,
    };
    let Value::Object(top) = scl else {
        return Err(wrong("the SudokuPad puzzle", "an object"));
    };
    let mut unread = Unread::default();
    for (key, value) in &top {
        if matches!(key.as_str(), "cells" | "regions" | "cages") || HARMLESS.contains(&key.as_str())
        {
            continue;
        }
        let count = value.as_array().map_or(1, Vec::len);
        if value.is_null() || count == 0 {
            continue;
        }
        match DRAWINGS.iter().find(|(k, ..)| k == key) {
            Some(&(_, one, many)) => unread.add(count, one, many),
            None => unread.keys.push(key.clone()),
        }
    }
    let mut grid = read_cells(top.get("cells"))?;
    let n = grid.len();
    read_regions(top.get("regions"), &mut grid)?;
    let mut meta = BTreeMap::new();
    if let Some(Value::Object(m)) = top.get("metadata").or_else(|| top.get("metaData")) {
        for (k, v) in m {
            meta.entry(k.clone()).or_insert_with(|| v.clone());
        }
    }
    for key in ["title", "author", "rules"] {
        if let Some(v) = top.get(key) {
            meta.entry(key.to_owned()).or_insert_with(|| v.clone());
        }
    }
    let (killers, sums) = read_cages(top.get("cages"), n, &mut meta, &mut unread)?;
    if let Some(found) = unread.describe() {
        return Err(FpuzzlesError::PadDrawings { found });
    }
    let mut fields = BTreeMap::new();
    fields.insert("size".to_owned(), json!(n));
    if !killers.is_empty() {
        fields.insert("killercage".to_owned(), Value::Array(killers));
    }
    if !sums.is_empty() {
        fields.insert("sum".to_owned(), Value::Array(sums));
    }
    for (from, to) in [
        ("title", "title"),
        ("author", "author"),
        ("rules", "ruleset"),
    ] {
        if let Some(Value::String(s)) = meta.get(from) {
            fields.insert(to.to_owned(), json!(s));
        }
    }
    if let Some(solution) = meta.get("solution").and_then(|s| solution(s, n)) {
        fields.insert("solution".to_owned(), solution);
    }
    build(grid, fields)
}

/// What a payload holds that ndoku does not read: counts of drawings by
/// kind, and other keys by name.
#[derive(Default)]
struct Unread {
    drawn: Vec<(usize, &'static str, &'static str)>,
    keys: Vec<String>,
}

impl Unread {
    fn add(&mut self, count: usize, one: &'static str, many: &'static str) {
        match self.drawn.iter_mut().find(|(_, o, _)| *o == one) {
            Some(entry) => entry.0 += count,
            None => self.drawn.push((count, one, many)),
        }
    }

    /// `draws 3 lines and 1 arrow, and holds "foglight"`, or `None` when
    /// nothing was left unread.
    fn describe(&self) -> Option<String> {
        let mut parts = Vec::new();
        if !self.drawn.is_empty() {
            let items: Vec<String> = self
                .drawn
                .iter()
                .map(|&(k, one, many)| format!("{k} {}", if k == 1 { one } else { many }))
                .collect();
            parts.push(format!("draws {}", and_list(&items)));
        }
        if !self.keys.is_empty() {
            let keys: Vec<String> = self.keys.iter().map(|k| format!("{k:?}")).collect();
            parts.push(format!("holds {}", and_list(&keys)));
        }
        (!parts.is_empty()).then(|| parts.join(", and "))
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The `cells`: N rows of N cell objects, their `value`s the givens.
fn read_cells(cells: Option<&Value>) -> Result<Vec<Vec<Cell>>, FpuzzlesError> {
    let rows = cells
        .ok_or(FpuzzlesError::Missing("cells"))?
        .as_array()
        .ok_or_else(|| wrong("cells", "a list of rows"))?;
    let n = rows.len();
    if n == 0 {
        return Err(wrong("cells", "a list of rows"));
    }
    let max = crate::model::geometry::MAX_SIZE;
    if n > max {
        return Err(RulesError::UnsupportedSize { size: n, max }.into());
    }
    let mut grid = Vec::with_capacity(n);
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .ok_or_else(|| wrong(&format!("cells row {}", r + 1), "a list of cells"))?;
        if row.len() != n {
            return Err(super::super::shape(
                format!("cells row {}", r + 1),
                row.len(),
                n,
            ));
        }
        let mut out = Vec::with_capacity(n);
        for (c, cell) in row.iter().enumerate() {
            let place = || format!("cell R{}C{}", r + 1, c + 1);
            let cell = cell
                .as_object()
                .ok_or_else(|| wrong(&place(), "an object"))?;
            let value = match cell.get("value") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) if s.trim().is_empty() => None,
                Some(Value::String(s)) => {
                    Some(json!(s.trim().parse::<i64>().map_err(|_| {
                        wrong(&format!("{} value", place()), "a whole number")
                    })?))
                }
                Some(v) => Some(v.clone()),
            };
            out.push(Cell {
                value,
                given: None,
                region: None,
            });
        }
        grid.push(out);
    }
    Ok(grid)
}

/// A cell `[row, column]` from 0, checked to lie on a board of side `n`.
fn cell(what: &str, v: &Value, n: usize) -> Result<(usize, usize), FpuzzlesError> {
    let pair = v
        .as_array()
        .filter(|p| p.len() == 2)
        .and_then(|p| p[0].as_u64().zip(p[1].as_u64()))
        .ok_or_else(|| wrong(what, "a cell [row, column]"))?;
    let (r, c) = pair;
    if r >= n as u64 || c >= n as u64 {
        return Err(FpuzzlesError::OffBoard {
            what: what.to_owned(),
            found: format!("R{}C{}", r.saturating_add(1), c.saturating_add(1)),
            size: n,
        });
    }
    Ok((r as usize, c as usize))
}

/// The cells of a region or cage: a list of `[row, column]`.
fn cell_list(what: &str, v: &Value, n: usize) -> Result<Vec<(usize, usize)>, FpuzzlesError> {
    v.as_array()
        .ok_or_else(|| wrong(what, "a list of cells"))?
        .iter()
        .map(|c| cell(what, c, n))
        .collect()
}

/// Writes each cell's region into `grid` from the `regions`, which must
/// cover every cell once.
fn read_regions(regions: Option<&Value>, grid: &mut [Vec<Cell>]) -> Result<(), FpuzzlesError> {
    let n = grid.len();
    let regions = regions
        .and_then(Value::as_array)
        .filter(|r| !r.is_empty())
        .ok_or(FpuzzlesError::Missing("regions"))?;
    for (k, region) in regions.iter().enumerate() {
        let what = format!("region {}", k + 1);
        for (r, c) in cell_list(&what, region, n)? {
            if grid[r][c].region.is_some() {
                return Err(wrong(
                    &format!("{what} cell R{}C{}", r + 1, c + 1),
                    "a cell of no other region",
                ));
            }
            grid[r][c].region = Some(json!(k));
        }
    }
    for (r, row) in grid.iter().enumerate() {
        if let Some(c) = row.iter().position(|cell| cell.region.is_none()) {
            return Err(RulesError::NoRegion { row: r, col: c }.into());
        }
    }
    Ok(())
}

/// The `cages`: killer cages (a whole-number value) as f-puzzles
/// `killercage` items, those marked `unique: false` as `sum` items;
/// metadata (`title: …`) into `meta`; the rest counted as drawings.
fn read_cages(
    cages: Option<&Value>,
    n: usize,
    meta: &mut BTreeMap<String, Value>,
    unread: &mut Unread,
) -> Result<(Vec<Value>, Vec<Value>), FpuzzlesError> {
    let (mut killers, mut sums) = (Vec::new(), Vec::new());
    let Some(cages) = cages.filter(|c| !c.is_null()) else {
        return Ok((killers, sums));
    };
    let cages = cages.as_array().ok_or_else(|| wrong("cages", "a list"))?;
    for (i, cage) in cages.iter().enumerate() {
        let what = format!("cage {}", i + 1);
        let cage = cage.as_object().ok_or_else(|| wrong(&what, "an object"))?;
        let text = match cage.get("value") {
            Some(Value::String(s)) => Some(s.trim().to_owned()),
            Some(Value::Number(k)) => Some(k.to_string()),
            _ => None,
        };
        if let Some((key, rest)) = text.as_deref().and_then(meta_tag) {
            meta.entry(key.to_owned()).or_insert_with(|| json!(rest));
            continue;
        }
        let cells = match cage.get("cells") {
            None | Some(Value::Null) => Vec::new(),
            Some(v) => cell_list(&format!("{what} cells"), v, n)?,
        };
        if cells.is_empty() {
            continue;
        }
        if let Some(&(row, col)) = cells
            .iter()
            .enumerate()
            .find_map(|(i, c)| cells[..i].contains(c).then_some(c))
        {
            return Err(RulesError::RepeatedCell { what, row, col }.into());
        }
        let names: Vec<String> = cells
            .iter()
            .map(|(r, c)| format!("R{}C{}", r + 1, c + 1))
            .collect();
        match text.as_deref().and_then(|t| t.parse::<u64>().ok()) {
            Some(sum) if cage.get("unique") == Some(&Value::Bool(false)) => {
                sums.push(json!({ "cells": names, "value": sum }));
            }
            Some(sum) => killers.push(json!({ "cells": names, "value": sum.to_string() })),
            None => unread.add(1, "cage without a total", "cages without a total"),
        }
    }
    Ok((killers, sums))
}

/// `title: My puzzle` as (`title`, `My puzzle`): SudokuPad's metadata.
fn meta_tag(text: &str) -> Option<(&str, &str)> {
    let (key, rest) = text.split_once(':')?;
    let plain = !key.is_empty() && !key.contains(char::is_whitespace);
    plain.then(|| (key, rest.trim()))
}

/// A solution given as N² digits, as f-puzzles' list; `None` otherwise
/// (a solution is not a rule, so one ndoku cannot read is passed over).
fn solution(value: &Value, n: usize) -> Option<Value> {
    let digits: Vec<u32> = value
        .as_str()?
        .trim()
        .chars()
        .map(|c| c.to_digit(10))
        .collect::<Option<_>>()?;
    let fits = digits.len() == n * n && digits.iter().all(|&d| (1..=n as u32).contains(&d));
    fits.then(|| json!(digits))
}

/// Reads SudokuPad's zipped JSON, with its keys made whole again.
fn unzip(text: &str) -> Result<Value, FpuzzlesError> {
    let mut reader = Unzip { text, at: 0 };
    let value = reader.value(0, false)?;
    reader.space();
    if reader.at < text.len() {
        return Err(reader.fail("the end"));
    }
    Ok(value)
}

/// A reader of zipped JSON: where it is in the text.
struct Unzip<'a> {
    text: &'a str,
    at: usize,
}

impl Unzip<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn fail(&self, expected: &'static str) -> FpuzzlesError {
        FpuzzlesError::PadZipped {
            expected,
            at: self.at,
        }
    }

    fn value(&mut self, depth: usize, after_colon: bool) -> Result<Value, FpuzzlesError> {
        if depth > MAX_DEPTH {
            return Err(self.fail("less nesting"));
        }
        self.space();
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(q @ (b'\'' | b'"')) => self.string(q).map(Value::String),
            Some(_) => self.token(after_colon),
            None => Err(self.fail("a value")),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, FpuzzlesError> {
        self.at += 1;
        let mut map = Map::new();
        self.space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Object(map));
        }
        loop {
            self.space();
            let key = match self.peek() {
                Some(q @ (b'\'' | b'"')) => self.string(q)?,
                _ => match self.word() {
                    Some(word) => word.to_owned(),
                    None => return Err(self.fail("a key")),
                },
            };
            self.space();
            if self.peek() != Some(b':') {
                return Err(self.fail("`:`"));
            }
            self.at += 1;
            let value = self.value(depth + 1, true)?;
            let key = ZIPPED_KEYS
                .iter()
                .find(|(short, _)| *short == key)
                .map_or(key, |(_, long)| (*long).to_owned());
            map.insert(key, value);
            if !self.more(b'}', "`,` or `}`")? {
                return Ok(Value::Object(map));
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, FpuzzlesError> {
        self.at += 1;
        let mut items = Vec::new();
        loop {
            self.space();
            // An empty object is left out: `[,]` holds two.
            match self.peek() {
                Some(b',' | b']') => items.push(Value::Object(Map::new())),
                _ => items.push(self.value(depth + 1, false)?),
            }
            if !self.more(b']', "`,` or `]`")? {
                return Ok(Value::Array(items));
            }
        }
    }

    /// After an item, past any space: `true` on a comma (another item
    /// follows), `false` on `close`; else the error expecting `expected`.
    fn more(&mut self, close: u8, expected: &'static str) -> Result<bool, FpuzzlesError> {
        self.space();
        let more = match self.peek() {
            Some(b',') => true,
            Some(c) if c == close => false,
            _ => return Err(self.fail(expected)),
        };
        self.at += 1;
        Ok(more)
    }

    /// A string in `quote`s, with JSON's escapes and `\'`.
    fn string(&mut self, quote: u8) -> Result<String, FpuzzlesError> {
        let start = self.at;
        self.at += 1;
        let mut out = String::new();
        loop {
            let rest = &self.text[self.at..];
            let Some(c) = rest.chars().next() else {
                self.at = start;
                return Err(self.fail("a closed string"));
            };
            self.at += c.len_utf8();
            match c {
                c if c as u32 == u32::from(quote) => return Ok(out),
                '\\' => {
                    let Some(e) = self.text[self.at..].chars().next() else {
                        return Err(self.fail("an escape"));
                    };
                    self.at += e.len_utf8();
                    out.push(match e {
                        'b' => '\u{8}',
                        'f' => '\u{c}',
                        'n' => '\n',
                        'r' => '\r',
                        't' => '\t',
                        'u' => self.unicode()?,
                        other => other,
                    });
                }
                c => out.push(c),
            }
        }
    }

    /// The character of a `\uXXXX` escape, joining a surrogate pair.
    fn unicode(&mut self) -> Result<char, FpuzzlesError> {
        let hex4 = |r: &mut Self| -> Option<u32> {
            let h = r.text.get(r.at..r.at + 4)?;
            let v = u32::from_str_radix(h, 16).ok()?;
            r.at += 4;
            Some(v)
        };
        let hi = hex4(self).ok_or_else(|| self.fail("four hex digits"))?;
        if (0xD800..0xDC00).contains(&hi) && self.text[self.at..].starts_with("\\u") {
            let back = self.at;
            self.at += 2;
            match hex4(self) {
                Some(lo) if (0xDC00..0xE000).contains(&lo) => {
                    let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                    return Ok(char::from_u32(c).unwrap_or('\u{FFFD}'));
                }
                _ => self.at = back,
            }
        }
        Ok(char::from_u32(hi).unwrap_or('\u{FFFD}'))
    }

    /// A bare word: a key, a number, `t`, `f`, or a colour.
    fn word(&mut self) -> Option<&str> {
        let start = self.at;
        while self.peek().is_some_and(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'#' | b'-' | b'+' | b'.')
        }) {
            self.at += 1;
        }
        (self.at > start).then(|| &self.text[start..self.at])
    }

    /// A bare value: `t`, `f`, `null`, a number, or a colour (`#0`, `#F`,
    /// or six hex digits after a key, SudokuPad's zipped `#RRGGBB`).
    fn token(&mut self, after_colon: bool) -> Result<Value, FpuzzlesError> {
        let start = self.at;
        let Some(word) = self.word() else {
            return Err(self.fail("a value"));
        };
        let value = match word {
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" => json!("#000000"),
            "#F" => json!("#FFFFFF"),
            w if after_colon && w.len() == 6 && w.bytes().all(|b| b.is_ascii_hexdigit()) => {
                json!(format!("#{w}"))
            }
            w if w.starts_with('#') => json!(w),
            w => match serde_json::from_str::<serde_json::Number>(w) {
                Ok(k) => Value::Number(k),
                Err(_) => {
                    self.at = start;
                    return Err(self.fail("a value"));
                }
            },
        };
        Ok(value)
    }
}
