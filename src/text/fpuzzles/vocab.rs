//! f-puzzles keys of the variant vocabulary: arrows, thermometers, dots, lines, outside clues and the global rules, read and written.

use crate::sort::SmallSort;
use serde_json::{Map, Value, json};

use super::FpuzzlesError;
use crate::model::constraint::{Constraint, Diagonal, NegativeRule, Outside};
use crate::model::rules::Rules;

/// The keys read here: f-puzzles' own, the extensions Rangsk's solver
/// reads, and ndoku's for rules f-puzzles has no key for.
pub(crate) const KEYS: &[&str] = &[
    "arrow",
    "doublearrow",
    "thermometer",
    "slowthermometer",
    "palindrome",
    "betweenline",
    "lockout",
    "renban",
    "whispers",
    "regionsumline",
    "entropicline",
    "modularline",
    "zipperline",
    "difference",
    "ratio",
    "xv",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "odd",
    "even",
    "minimum",
    "maximum",
    "quadruple",
    "candidates",
    "clone",
    "nonconsecutive",
    "negative",
    "greaterthan",
    "sum",
    "relation",
    "sumline",
    "lunchbox",
    "indexing",
    "countingcircles",
    "lookandsay",
    "samevalues",
];

/// What is wrong with a field: `WrongType`.
fn wrong(field: &str, expected: &'static str) -> FpuzzlesError {
    FpuzzlesError::WrongType {
        field: field.to_owned(),
        expected,
    }
}

/// The item's `values`: a list of numbers, or of numbers as text.
fn value_list(what: &str, item: &Value) -> Result<Vec<u16>, FpuzzlesError> {
    let bad = || wrong(&format!("{what} values"), "a list of values");
    item.get("values")
        .and_then(Value::as_array)
        .ok_or_else(bad)?
        .iter()
        .map(|v| {
            let k = v
                .as_u64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()));
            k.and_then(|k| u16::try_from(k).ok()).ok_or_else(bad)
        })
        .collect()
}

/// `R0C3` as (-1, 2): rows and columns from 0 to N+1 (the ring around
/// the grid), as f-puzzles names the places of outside clues.
fn place(what: &str, v: &Value, n: usize) -> Result<(i64, i64), FpuzzlesError> {
    let text = v.as_str().unwrap_or_default();
    let bad = || FpuzzlesError::CellName {
        what: what.to_owned(),
        found: if v.is_string() {
            text.to_owned()
        } else {
            v.to_string()
        },
    };
    let rest = text.strip_prefix(['R', 'r']).ok_or_else(bad)?;
    let (row, col) = rest.split_once(['C', 'c']).ok_or_else(bad)?;
    let number = |t: &str| -> Result<i64, FpuzzlesError> {
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        t.parse::<i64>().map_err(|_| bad())
    };
    let (r, c) = (number(row)?, number(col)?);
    if r > n as i64 + 1 || c > n as i64 + 1 {
        return Err(FpuzzlesError::OffBoard {
            what: what.to_owned(),
            found: text.to_owned(),
            size: n,
        });
    }
    Ok((r - 1, c - 1))
}

/// A cell on the board, as an index.
fn cell(what: &str, v: &Value, n: usize) -> Result<u32, FpuzzlesError> {
    match place(what, v, n)? {
        (r, c) if (0..n as i64).contains(&r) && (0..n as i64).contains(&c) => {
            Ok((r as usize * n + c as usize) as u32)
        }
        _ => Err(FpuzzlesError::OffBoard {
            what: what.to_owned(),
            found: v.as_str().unwrap_or_default().to_owned(),
            size: n,
        }),
    }
}

/// A list of cells.
fn cell_list(what: &str, v: Option<&Value>, n: usize) -> Result<Vec<u32>, FpuzzlesError> {
    v.and_then(Value::as_array)
        .ok_or_else(|| wrong(what, "a list of cell names"))?
        .iter()
        .map(|c| cell(what, c, n))
        .collect()
}

/// An item's `lines`: lists of cells.
fn lines(what: &str, item: &Value, n: usize) -> Result<Vec<Vec<u32>>, FpuzzlesError> {
    let field = format!("{what} lines");
    item.get("lines")
        .and_then(Value::as_array)
        .ok_or_else(|| wrong(&field, "a list of lines"))?
        .iter()
        .map(|line| cell_list(&field, Some(line), n))
        .collect()
}

/// An item's `value`, a number or the text of one; none when absent or empty.
fn number(what: &str, item: &Value) -> Result<Option<u64>, FpuzzlesError> {
    let field = format!("{what} value");
    let bad = || wrong(&field, "a whole number");
    match item.get("value") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s.trim().parse().map(Some).map_err(|_| bad()),
        Some(v) => v.as_u64().map(Some).ok_or_else(bad),
    }
}

/// An item's `key`, a list of pairs of small numbers; `expected` says
/// what the error expects.
fn number_pairs(
    item: &Value,
    what: &str,
    key: &str,
    expected: &'static str,
) -> Result<Vec<(u16, u16)>, FpuzzlesError> {
    let bad = || wrong(&format!("{what} {key}"), expected);
    let v = |x: &Value| x.as_u64().and_then(|k| u16::try_from(k).ok());
    item.get(key)
        .and_then(Value::as_array)
        .ok_or_else(bad)?
        .iter()
        .map(|p| {
            let p = p.as_array().filter(|p| p.len() == 2).ok_or_else(bad)?;
            v(&p[0]).zip(v(&p[1])).ok_or_else(bad)
        })
        .collect()
}

/// A number that fits a value or a small parameter.
fn small(what: &str, k: u64) -> Result<u16, FpuzzlesError> {
    u16::try_from(k).map_err(|_| wrong(&format!("{what} value"), "a number up to 65535"))
}

/// Whether the puzzle's fields hold a difference dot of 1 (f-puzzles'
/// white dot): then `nonconsecutive` is the negative rule of white dots.
pub(crate) fn has_white_dots(fields: &std::collections::BTreeMap<String, Value>) -> bool {
    fields
        .get("difference")
        .and_then(Value::as_array)
        .is_some_and(|items| {
            items
                .iter()
                .any(|i| matches!(number("", i), Ok(None | Some(1))))
        })
}

/// Adds the rules under `key`, one of [`KEYS`]. `white_dots`: whether the
/// puzzle has white dots (see [`has_white_dots`]).
pub(crate) fn read(
    rules: Rules,
    key: &str,
    value: &Value,
    white_dots: bool,
) -> Result<Rules, FpuzzlesError> {
    let n = rules.size();
    let mut found: Vec<Constraint> = Vec::new();
    let add = |found: &mut Vec<Constraint>, c: Constraint| -> Result<(), FpuzzlesError> {
        found.push(c);
        Ok(())
    };
    match key {
        "nonconsecutive" => {
            value.as_bool().ok_or_else(|| wrong(key, "true or false"))?;
            let c = if white_dots {
                Constraint::Negative {
                    rule: NegativeRule::White,
                }
            } else {
                Constraint::Nonconsecutive
            };
            return Ok(rules.with_constraint(c)?);
        }
        "negative" => {
            let items = value
                .as_array()
                .ok_or_else(|| wrong(key, "a list of \"ratio\" or \"xv\""))?;
            for item in items {
                let rule = match item.as_str() {
                    Some("ratio") => NegativeRule::Black,
                    Some("xv") => NegativeRule::Xv,
                    Some("difference") => NegativeRule::White,
                    _ => return Err(wrong(key, "a list of \"ratio\" or \"xv\"")),
                };
                add(&mut found, Constraint::Negative { rule })?;
            }
            return add_all(rules, found);
        }
        _ => {}
    }
    let items = value.as_array().ok_or_else(|| wrong(key, "a list"))?;
    for (i, item) in items.iter().enumerate() {
        let what = format!("{key} {}", i + 1);
        let what = what.as_str();
        let one = |field: &str| -> Result<u32, FpuzzlesError> {
            let v = item
                .get(field)
                .ok_or_else(|| wrong(&format!("{what} {field}"), "a cell name"))?;
            cell(what, v, n)
        };
        let two = || -> Result<[u32; 2], FpuzzlesError> {
            let cells = cell_list(&format!("{what} cells"), item.get("cells"), n)?;
            <[u32; 2]>::try_from(cells).map_err(|_| wrong(&format!("{what} cells"), "two cells"))
        };
        let clue = || -> Result<Outside, FpuzzlesError> {
            let v = item
                .get("cell")
                .ok_or_else(|| wrong(&format!("{what} cell"), "a cell name"))?;
            let (row, col) = place(what, v, n)?;
            Ok(Outside {
                row: row as i32,
                col: col as i32,
            })
        };
        let need = |k: Option<u64>| k.ok_or_else(|| wrong(&format!("{what} value"), "a number"));
        match key {
            "arrow" => {
                // A pill reads left to right, top to bottom: in row-major order.
                let mut circle = cell_list(&format!("{what} cells"), item.get("cells"), n)?;
                circle.sort_small();
                for line in lines(what, item, n)? {
                    let skip = line.iter().take_while(|c| circle.contains(c)).count();
                    let line = line[skip..].to_vec();
                    add(
                        &mut found,
                        Constraint::Arrow {
                            circle: circle.clone(),
                            line,
                        },
                    )?;
                }
            }
            "doublearrow" | "thermometer" | "slowthermometer" | "palindrome" | "betweenline"
            | "lockout" | "renban" | "whispers" | "regionsumline" | "entropicline"
            | "modularline" | "zipperline" => {
                let k = number(what, item)?.map(|k| small(what, k)).transpose()?;
                for cells in lines(what, item, n)? {
                    let c = match key {
                        "doublearrow" => Constraint::DoubleArrow { cells },
                        "thermometer" => Constraint::Thermometer { cells, slow: false },
                        "slowthermometer" => Constraint::Thermometer { cells, slow: true },
                        "palindrome" => Constraint::Palindrome { cells },
                        "betweenline" => Constraint::Between { cells },
                        "lockout" => match k {
                            Some(difference) => Constraint::Lockout { cells, difference },
                            None => Constraint::lockout(n, cells),
                        },
                        "renban" => Constraint::Renban { cells },
                        "whispers" => match k {
                            Some(difference) => Constraint::Whisper { cells, difference },
                            None => Constraint::german_whisper(n, cells),
                        },
                        "regionsumline" => Constraint::RegionSumLine { cells },
                        "entropicline" => Constraint::Entropic { cells },
                        "modularline" => Constraint::Modular {
                            cells,
                            modulus: k.unwrap_or(3),
                        },
                        _ => Constraint::Zipper { cells },
                    };
                    add(&mut found, c)?;
                }
            }
            "difference" | "ratio" | "greaterthan" => {
                let cells = two()?;
                let k = number(what, item)?.map(|k| small(what, k)).transpose()?;
                let c = match key {
                    "difference" => Constraint::Difference {
                        cells,
                        value: k.unwrap_or(1),
                    },
                    "ratio" => Constraint::Ratio {
                        cells,
                        value: k.unwrap_or(2),
                    },
                    _ => Constraint::GreaterThan { cells },
                };
                add(&mut found, c)?;
            }
            "xv" => {
                let cells = two()?;
                let sum = match item.get("value") {
                    Some(Value::String(s)) if s.eq_ignore_ascii_case("x") => 10,
                    Some(Value::String(s)) if s.eq_ignore_ascii_case("v") => 5,
                    _ => match number(what, item) {
                        Ok(Some(k)) => small(what, k)?,
                        _ => return Err(wrong(&format!("{what} value"), "\"X\" or \"V\"")),
                    },
                };
                add(&mut found, Constraint::Xv { cells, sum })?;
            }
            "littlekillersum" => {
                let Some(sum) = number(what, item)? else {
                    continue; // A clue left empty says nothing.
                };
                let clue = clue()?;
                let direction = match item.get("direction").and_then(Value::as_str) {
                    Some(d) => match d.to_ascii_uppercase().as_str() {
                        "UL" => Diagonal::UpLeft,
                        "UR" => Diagonal::UpRight,
                        "DL" => Diagonal::DownLeft,
                        "DR" => Diagonal::DownRight,
                        _ => return Err(wrong(&format!("{what} direction"), "UL, UR, DL or DR")),
                    },
                    None => inward(n, clue)
                        .ok_or_else(|| wrong(&format!("{what} direction"), "UL, UR, DL or DR"))?,
                };
                add(
                    &mut found,
                    Constraint::LittleKiller {
                        clue,
                        direction,
                        sum,
                    },
                )?;
            }
            "sandwichsum" | "xsum" | "skyscraper" => {
                let Some(k) = number(what, item)? else {
                    continue;
                };
                let clue = clue()?;
                let c = match key {
                    "sandwichsum" => Constraint::Sandwich { clue, sum: k },
                    "xsum" => Constraint::XSum { clue, sum: k },
                    _ => Constraint::Skyscraper {
                        clue,
                        count: small(what, k)?,
                    },
                };
                add(&mut found, c)?;
            }
            "odd" | "even" | "minimum" | "maximum" => {
                let cell = one("cell")?;
                let c = match key {
                    "odd" => Constraint::Odd { cell },
                    "even" => Constraint::Even { cell },
                    "minimum" => Constraint::Minimum { cell },
                    _ => Constraint::Maximum { cell },
                };
                add(&mut found, c)?;
            }
            "quadruple" => {
                let cells = cell_list(&format!("{what} cells"), item.get("cells"), n)?;
                let values = value_list(what, item)?;
                add(&mut found, Constraint::Quadruple { cells, values })?;
            }
            "candidates" => {
                let cell = one("cell")?;
                let values = value_list(what, item)?;
                add(&mut found, Constraint::Candidates { cell, values })?;
            }
            "clone" => {
                let cells = cell_list(&format!("{what} cells"), item.get("cells"), n)?;
                let copies = cell_list(&format!("{what} cloneCells"), item.get("cloneCells"), n)?;
                add(&mut found, Constraint::Clones { cells, copies })?;
            }
            "sum" => {
                let cells = cell_list(&format!("{what} cells"), item.get("cells"), n)?;
                let sum = need(number(what, item)?)?;
                add(&mut found, Constraint::Sum { cells, sum })?;
            }
            "relation" => {
                let cells = two()?;
                let pairs = number_pairs(item, what, "pairs", "a list of value pairs")?;
                add(&mut found, Constraint::Relation { cells, pairs })?;
            }
            "sumline" => {
                let sum = need(number(what, item)?)?;
                let is_loop = item.get("loop").and_then(Value::as_bool).unwrap_or(false);
                for cells in lines(what, item, n)? {
                    add(
                        &mut found,
                        Constraint::SumLine {
                            cells,
                            sum,
                            is_loop,
                        },
                    )?;
                }
            }
            "lunchbox" => {
                let cells = cell_list(&format!("{what} cells"), item.get("cells"), n)?;
                let sum = number(what, item)?.unwrap_or(0);
                add(&mut found, Constraint::Lunchbox { cells, sum })?;
            }
            "indexing" => {
                let cells = cell_list(&format!("{what} cells"), item.get("cells"), n)?;
                let by_rows = item.get("rows").and_then(Value::as_bool).unwrap_or(false);
                add(&mut found, Constraint::Indexing { cells, by_rows })?;
            }
            "countingcircles" => {
                let cells = cell_list(&format!("{what} cells"), item.get("cells"), n)?;
                add(&mut found, Constraint::CountingCircles { cells })?;
            }
            "lookandsay" => {
                let cells = cell_list(&format!("{what} cells"), item.get("cells"), n)?;
                let counts = number_pairs(item, what, "counts", "a list of (count, value) pairs")?;
                add(&mut found, Constraint::LookAndSay { cells, counts })?;
            }
            "samevalues" => {
                let cells = cell_list(&format!("{what} cells"), item.get("cells"), n)?;
                let sets = item
                    .get("sets")
                    .and_then(Value::as_u64)
                    .and_then(|k| u16::try_from(k).ok())
                    .ok_or_else(|| wrong(&format!("{what} sets"), "a number of sets"))?;
                add(&mut found, Constraint::SameValues { cells, sets })?;
            }
            _ => return Err(FpuzzlesError::Unsupported(key.to_owned())),
        }
    }
    add_all(rules, found)
}

/// `rules` with each of `found`, checked as it is added.
fn add_all(rules: Rules, found: Vec<Constraint>) -> Result<Rules, FpuzzlesError> {
    let mut rules = rules;
    for c in found {
        rules = rules.with_constraint(c)?;
    }
    Ok(rules)
}

/// The one diagonal from an outside `clue` that enters the grid, if only
/// one does (from a corner).
fn inward(n: usize, clue: Outside) -> Option<Diagonal> {
    let all = [
        Diagonal::UpLeft,
        Diagonal::UpRight,
        Diagonal::DownLeft,
        Diagonal::DownRight,
    ];
    let mut going = all
        .into_iter()
        .filter(|&d| !crate::model::constraint::diagonal(n, clue, d).is_empty());
    let first = going.next()?;
    going.next().is_none().then_some(first)
}

/// Writes the constraints of `rules` into `out` under their keys.
pub(crate) fn write(rules: &Rules, out: &mut Map<String, Value>) {
    let n = rules.size();
    let name = |c: u32| format!("R{}C{}", c as usize / n + 1, c as usize % n + 1);
    let names = |cells: &[u32]| cells.iter().map(|&c| name(c)).collect::<Vec<_>>();
    let outside = |o: Outside| format!("R{}C{}", i64::from(o.row) + 1, i64::from(o.col) + 1);
    let mut keys: Map<String, Value> = Map::new();
    let mut push = |key: &str, item: Value| {
        let list = keys.entry(key).or_insert_with(|| json!([]));
        if let Value::Array(items) = list {
            items.push(item);
        }
    };
    let (mut negative, mut nonconsecutive) = (Vec::new(), false);
    for c in rules.constraints() {
        let line = |cells: &[u32]| json!({ "lines": [names(cells)] });
        match c {
            Constraint::Relation { cells, pairs } => {
                push("relation", json!({ "cells": names(cells), "pairs": pairs }));
            }
            Constraint::Difference { cells, value } => push(
                "difference",
                if *value == 1 {
                    json!({ "cells": names(cells) })
                } else {
                    json!({ "cells": names(cells), "value": value.to_string() })
                },
            ),
            Constraint::Ratio { cells, value } => push(
                "ratio",
                if *value == 2 {
                    json!({ "cells": names(cells) })
                } else {
                    json!({ "cells": names(cells), "value": value.to_string() })
                },
            ),
            Constraint::Xv { cells, sum } => {
                let value = match sum {
                    10 => "X".to_owned(),
                    5 => "V".to_owned(),
                    s => s.to_string(),
                };
                push("xv", json!({ "cells": names(cells), "value": value }));
            }
            Constraint::GreaterThan { cells } => {
                push("greaterthan", json!({ "cells": names(cells) }));
            }
            Constraint::Thermometer { cells, slow } => push(
                if *slow {
                    "slowthermometer"
                } else {
                    "thermometer"
                },
                line(cells),
            ),
            Constraint::Arrow { circle, line } => {
                let mut drawn = vec![circle[circle.len() - 1]];
                drawn.extend(line);
                push(
                    "arrow",
                    json!({ "cells": names(circle), "lines": [names(&drawn)] }),
                );
            }
            Constraint::DoubleArrow { cells } => push("doublearrow", line(cells)),
            Constraint::Palindrome { cells } => push("palindrome", line(cells)),
            Constraint::Between { cells } => push("betweenline", line(cells)),
            Constraint::Renban { cells } => push("renban", line(cells)),
            Constraint::RegionSumLine { cells } => push("regionsumline", line(cells)),
            Constraint::Entropic { cells } => push("entropicline", line(cells)),
            Constraint::Zipper { cells } => push("zipperline", line(cells)),
            Constraint::Lockout { cells, difference } => {
                push(
                    "lockout",
                    json!({ "lines": [names(cells)], "value": difference.to_string() }),
                );
            }
            Constraint::Whisper { cells, difference } => {
                push(
                    "whispers",
                    json!({ "lines": [names(cells)], "value": difference.to_string() }),
                );
            }
            Constraint::Modular { cells, modulus } => {
                push(
                    "modularline",
                    json!({ "lines": [names(cells)], "value": modulus.to_string() }),
                );
            }
            Constraint::LittleKiller {
                clue,
                direction,
                sum,
            } => {
                let d = match direction {
                    Diagonal::UpLeft => "UL",
                    Diagonal::UpRight => "UR",
                    Diagonal::DownLeft => "DL",
                    Diagonal::DownRight => "DR",
                };
                push(
                    "littlekillersum",
                    json!({ "cell": outside(*clue), "direction": d, "value": sum.to_string() }),
                );
            }
            Constraint::Sandwich { clue, sum } => push(
                "sandwichsum",
                json!({ "cell": outside(*clue), "value": sum.to_string() }),
            ),
            Constraint::XSum { clue, sum } => push(
                "xsum",
                json!({ "cell": outside(*clue), "value": sum.to_string() }),
            ),
            Constraint::Skyscraper { clue, count } => push(
                "skyscraper",
                json!({ "cell": outside(*clue), "value": count.to_string() }),
            ),
            Constraint::Odd { cell } => push("odd", json!({ "cell": name(*cell) })),
            Constraint::Even { cell } => push("even", json!({ "cell": name(*cell) })),
            Constraint::Minimum { cell } => push("minimum", json!({ "cell": name(*cell) })),
            Constraint::Maximum { cell } => push("maximum", json!({ "cell": name(*cell) })),
            Constraint::Candidates { cell, values } => push(
                "candidates",
                json!({ "cell": name(*cell), "values": values }),
            ),
            Constraint::Quadruple { cells, values } => {
                push(
                    "quadruple",
                    json!({ "cells": names(cells), "values": values }),
                );
            }
            Constraint::Clones { cells, copies } => push(
                "clone",
                json!({ "cells": names(cells), "cloneCells": names(copies) }),
            ),
            Constraint::Sum { cells, sum } => {
                push(
                    "sum",
                    json!({ "cells": names(cells), "value": sum.to_string() }),
                );
            }
            Constraint::SumLine {
                cells,
                sum,
                is_loop,
            } => {
                let mut item = json!({ "lines": [names(cells)], "value": sum.to_string() });
                if *is_loop {
                    item["loop"] = json!(true);
                }
                push("sumline", item);
            }
            Constraint::Lunchbox { cells, sum } => push(
                "lunchbox",
                json!({ "cells": names(cells), "value": sum.to_string() }),
            ),
            Constraint::Indexing { cells, by_rows } => push(
                "indexing",
                json!({ "cells": names(cells), "rows": by_rows }),
            ),
            Constraint::CountingCircles { cells } => {
                push("countingcircles", json!({ "cells": names(cells) }));
            }
            Constraint::LookAndSay { cells, counts } => push(
                "lookandsay",
                json!({ "cells": names(cells), "counts": counts }),
            ),
            Constraint::SameValues { cells, sets } => {
                push("samevalues", json!({ "cells": names(cells), "sets": sets }))
            }
            Constraint::Nonconsecutive
            | Constraint::Negative {
                rule: NegativeRule::White,
            } => nonconsecutive = true,
            Constraint::Negative {
                rule: NegativeRule::Black,
            } => negative.push("ratio"),
            Constraint::Negative {
                rule: NegativeRule::Xv,
            } => negative.push("xv"),
        }
    }
    if nonconsecutive {
        keys.insert("nonconsecutive".into(), json!(true));
    }
    if !negative.is_empty() {
        keys.insert("negative".into(), json!(negative));
    }
    out.extend(keys);
}
