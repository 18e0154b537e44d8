//! ISS's variant constraint types as ndoku's `Constraint`, read from their arguments and written back.
//!
//! | ISS | ndoku |
//! |---|---|
//! | `Thermo~cells` | [`Constraint::Thermometer`] |
//! | `Arrow~circle~line…` | [`Constraint::Arrow`] |
//! | `PillArrow~k~pill…~line…` | [`Constraint::Arrow`] with a pill of `k` cells, read in row order |
//! | `DoubleArrow~cells` | [`Constraint::DoubleArrow`] |
//! | `WhiteDot`, `BlackDot`, `X`, `V`, `GreaterThan` `~cells` | a [`Constraint::Difference`] (1), [`Constraint::Ratio`] (2), [`Constraint::Xv`] (10, 5) or [`Constraint::GreaterThan`] for each orthogonally adjacent pair, earlier cell first |
//! | `StrictKropki`, `StrictXV` | [`Constraint::Negative`] (white and black; XV) |
//! | `AntiConsecutive` | [`Constraint::Nonconsecutive`] |
//! | `LittleKiller~sum~first cell` | [`Constraint::LittleKiller`] |
//! | `Sandwich~sum~R3` | [`Constraint::Sandwich`] |
//! | `XSum~R3~from left~from right`, `Skyscraper~…` | [`Constraint::XSum`], [`Constraint::Skyscraper`] |
//! | `Renban`, `Palindrome`, `Between`, `RegionSumLine`, `Zipper`, `Entropic` `~cells` | the line of that name |
//! | `Whisper~difference~cells`, `Modular~m~cells`, `Lockout~difference~cells` | [`Constraint::Whisper`] (difference 5 when none), [`Constraint::Modular`], [`Constraint::Lockout`] |
//! | `Quad~top left~values` | [`Constraint::Quadruple`] |
//! | `Sum~sum~cells` | [`Constraint::Sum`] |
//! | `SumLine~sum~cells` (`~LOOP` last: a loop) | [`Constraint::SumLine`] |
//! | `Lunchbox~sum~cells` | [`Constraint::Lunchbox`] |
//! | `Indexing~C~cells`, `Indexing~R~cells` | [`Constraint::Indexing`] |
//! | `CountingCircles~cells` | [`Constraint::CountingCircles`] |
//! | `LookAndSay~clue~cells` | [`Constraint::LookAndSay`] (from 0: each value one more) |
//! | `SameValues~sets~cells` | [`Constraint::SameValues`] |
//! | a given of several values, all odd or all even | [`Constraint::Odd`], [`Constraint::Even`] |
//! | a given of several other values; a pencilmark grid's cell | [`Constraint::Candidates`] |
//!
//! With values from 0 (`.Shape~9x9~0-8`) the solver still holds 1 to N, a
//! value u as u + 1, and each type is read in the form that keeps its
//! 0-based meaning ([`read`] with `zero`): sums of k cells hold their total
//! plus k (cages, little killers, `Sum`), X and V pairs sum to 12 and 7,
//! a black dot is a [`Constraint::Relation`] of its 0-based pairs (and
//! `StrictKropki`, `StrictXV` one on each unmarked pair of neighbours), an
//! arrow of one line cell an equal pair, given values and quads one more; order,
//! differences and classes mod m do not move (thermometers, whispers,
//! renban, modular lines, a double arrow of two middle cells, an even
//! zipper). A type with no exact form is an error that names it (a
//! skyscraper: ISS sees a 0 only first in its row).

use crate::model::constraint::{Constraint, Diagonal, NegativeRule, Outside};
use crate::sort::SmallSort;

/// An ISS constraint's type and arguments, as read.
pub(crate) struct Args<'a> {
    /// The type.
    pub name: &'a str,
    /// The arguments after it.
    pub args: &'a [String],
}

/// Why an ISS constraint could not be read as ndoku's.
pub(crate) enum Problem {
    /// An argument of the wrong form: the argument and what it should be.
    Argument(String, &'static str),
    /// A cell name off the board (or of no cell form: `None` for the
    /// second).
    Cell(String, bool),
    /// A constraint whose meaning with values from 0 has no exact form in
    /// ndoku's rules (an arrow of several line cells, a sandwich).
    FromZero,
}

/// The constraints an ISS item of type `name` states on a board of side
/// `n`, with values from 0 when `zero` (each value held as one more);
/// `Ok(None)` for a type this module does not read.
///
/// # Errors
///
/// A [`Problem`] naming the argument at fault, or [`Problem::FromZero`].
pub(crate) fn read(
    item: &Args<'_>,
    n: usize,
    zero: bool,
) -> Result<Option<Vec<Constraint>>, Problem> {
    let args = item.args;
    let cells = |list: &[String]| -> Result<Vec<u32>, Problem> {
        list.iter().map(|a| cell(a, n)).collect()
    };
    let number = |i: usize, expected| -> Result<u64, Problem> {
        let a = args.get(i).map_or("", String::as_str);
        a.trim()
            .parse()
            .map_err(|_| Problem::Argument(a.to_owned(), expected))
    };
    let small = |i: usize, expected| -> Result<u16, Problem> {
        let v = number(i, expected)?;
        u16::try_from(v).map_err(|_| Problem::Argument(v.to_string(), expected))
    };
    let rest = |i: usize| args.get(i..).unwrap_or_default();
    let one = |c: Constraint| Ok(Some(vec![c]));
    // With values from 0, a sum of k cells holds its total plus k.
    let shift = |k: usize| if zero { k as u64 } else { 0 };
    let exact = |ok: bool| {
        if ok || !zero {
            Ok(())
        } else {
            Err(Problem::FromZero)
        }
    };
    match item.name {
        "Thermo" => one(Constraint::Thermometer {
            cells: cells(args)?,
            slow: false,
        }),
        "Arrow" => {
            let all = cells(args)?;
            let (circle, line) = all.split_at(all.len().min(1));
            if zero && let ([c], [l]) = (circle, line) {
                // One line cell: the circle equals it, whatever the base.
                return one(equal_pair(*c, *l, n));
            }
            exact(false)?;
            one(Constraint::Arrow {
                circle: circle.to_vec(),
                line: line.to_vec(),
            })
        }
        "PillArrow" => {
            exact(false)?;
            let k = small(0, "the pill's size, 2 or 3")? as usize;
            let all = cells(rest(1))?;
            let (pill, line) = all.split_at(k.min(all.len()));
            let mut pill = pill.to_vec();
            pill.sort_small(); // read left to right, top to bottom
            one(Constraint::Arrow {
                circle: pill,
                line: line.to_vec(),
            })
        }
        "DoubleArrow" => {
            // Two ends against two middle cells: the offsets cancel.
            exact(args.len() == 4)?;
            one(Constraint::DoubleArrow {
                cells: cells(args)?,
            })
        }
        "WhiteDot" | "BlackDot" | "X" | "V" | "GreaterThan" => {
            let pairs = adjacent_pairs(&cells(args)?, n);
            Ok(Some(
                pairs
                    .into_iter()
                    .map(|(a, b)| match (item.name, zero) {
                        ("WhiteDot", _) => Constraint::kropki_white(a, b),
                        ("BlackDot", false) => Constraint::kropki_black(a, b),
                        ("BlackDot", true) => black_dot_from_zero(a, b, n),
                        ("X", false) => Constraint::x(a, b),
                        ("V", false) => Constraint::v(a, b),
                        ("X" | "V", true) => Constraint::Xv {
                            cells: [a, b],
                            sum: if item.name == "X" { 12 } else { 7 },
                        },
                        _ => Constraint::greater_than(a, b),
                    })
                    .collect(),
            ))
        }
        "StrictKropki" => Ok(Some(vec![
            Constraint::Negative {
                rule: NegativeRule::White,
            },
            Constraint::Negative {
                rule: NegativeRule::Black,
            },
        ])),
        "StrictXV" => one(Constraint::Negative {
            rule: NegativeRule::Xv,
        }),
        "AntiConsecutive" => one(Constraint::Nonconsecutive),
        "LittleKiller" => {
            let sum = number(0, "a whole number")?;
            let first = args.get(1).map_or("", String::as_str);
            let at = cell(first, n)?;
            let (clue, direction) = little_killer(at as usize, n).ok_or_else(|| {
                Problem::Argument(
                    first.to_owned(),
                    "a cell on the edge where ISS's diagonals start",
                )
            })?;
            let mut killer = Constraint::LittleKiller {
                clue,
                direction,
                sum,
            };
            let line = killer.cells(n).len();
            if let Constraint::LittleKiller { sum, .. } = &mut killer {
                *sum += shift(line);
            }
            one(killer)
        }
        "Sandwich" => {
            exact(false)?;
            let sum = number(0, "a whole number")?;
            let id = args.get(1).map_or("", String::as_str);
            let clue = line_clue(id, true, n)?;
            one(Constraint::Sandwich { clue, sum })
        }
        "XSum" | "Skyscraper" => {
            // ISS sees no 0 building but a first one: no offset fits.
            exact(false)?;
            let id = args.first().map_or("", String::as_str);
            let mut out = Vec::new();
            for (i, forward) in [(1, true), (2, false)] {
                if args.get(i).is_none_or(|a| a.is_empty()) {
                    continue;
                }
                let clue = line_clue(id, forward, n)?;
                out.push(if item.name == "XSum" {
                    Constraint::XSum {
                        clue,
                        sum: number(i, "a whole number")?,
                    }
                } else {
                    Constraint::Skyscraper {
                        clue,
                        count: small(i, "a whole number")?,
                    }
                });
            }
            Ok(Some(out))
        }
        "Renban" => one(Constraint::Renban {
            cells: cells(args)?,
        }),
        "Palindrome" => one(Constraint::Palindrome {
            cells: cells(args)?,
        }),
        "Between" => one(Constraint::Between {
            cells: cells(args)?,
        }),
        "RegionSumLine" => one(Constraint::RegionSumLine {
            cells: cells(args)?,
        }),
        "Zipper" => {
            // Pairs against pairs (even length); not a pair against the middle.
            exact(args.len().is_multiple_of(2))?;
            one(Constraint::Zipper {
                cells: cells(args)?,
            })
        }
        "Entropic" => {
            // ISS has entropic lines on values 1 to 9 only.
            exact(false)?;
            one(Constraint::Entropic {
                cells: cells(args)?,
            })
        }
        "Whisper" => {
            // A German whisper may leave its difference out: 5.
            let given = args.first().is_some_and(|a| a.parse::<u16>().is_ok());
            let difference = if given {
                small(0, "a whole number")?
            } else {
                5
            };
            let cells = cells(if given { rest(1) } else { args })?;
            one(Constraint::Whisper { cells, difference })
        }
        "Modular" => one(Constraint::Modular {
            modulus: small(0, "a whole number")?,
            cells: cells(rest(1))?,
        }),
        "Lockout" => one(Constraint::Lockout {
            difference: small(0, "a whole number")?,
            cells: cells(rest(1))?,
        }),
        "Quad" => {
            let top = args.first().map_or("", String::as_str);
            let at = cell(top, n)? as usize;
            if at / n + 1 >= n || at % n + 1 >= n {
                return Err(Problem::Argument(
                    top.to_owned(),
                    "the top left cell of a 2x2 square",
                ));
            }
            let cells = [at, at + 1, at + n, at + n + 1].map(|c| c as u32).to_vec();
            let values = (1..args.len())
                .map(|i| small(i, "a value").map(|v| v + u16::from(zero)))
                .collect::<Result<_, _>>()?;
            one(Constraint::Quadruple { cells, values })
        }
        "Sum" => {
            let sum = args.first().map_or("", String::as_str);
            if sum.contains('_') {
                return Ok(None); // with coefficients: no ndoku form
            }
            let cells = cells(rest(1))?;
            one(Constraint::Sum {
                sum: number(0, "a whole number")? + shift(cells.len()),
                cells,
            })
        }
        "SumLine" => {
            // A piece's sum moves with its length: no offset fits.
            exact(false)?;
            let is_loop = args.last().is_some_and(|a| a == "LOOP");
            let end = args.len() - usize::from(is_loop);
            one(Constraint::SumLine {
                sum: number(0, "a whole number")?,
                cells: cells(&args[1.min(end)..end])?,
                is_loop,
            })
        }
        "Lunchbox" => {
            exact(false)?;
            one(Constraint::Lunchbox {
                sum: number(0, "a whole number")?,
                cells: cells(rest(1))?,
            })
        }
        "Indexing" => {
            exact(false)?;
            let by_rows = match args.first().map(String::as_str) {
                Some("R") => true,
                Some("C") => false,
                found => {
                    return Err(Problem::Argument(
                        found.unwrap_or_default().to_owned(),
                        "R or C",
                    ));
                }
            };
            one(Constraint::Indexing {
                cells: cells(rest(1))?,
                by_rows,
            })
        }
        "CountingCircles" => {
            exact(false)?;
            let end = args.len() - usize::from(args.last().is_some_and(|a| a == "LOOP"));
            one(Constraint::CountingCircles {
                cells: cells(&args[..end])?,
            })
        }
        "LookAndSay" => {
            let clue = args.first().map_or("", String::as_str);
            let digits: Vec<u16> = clue
                .chars()
                .map(|d| d.to_digit(10).map(|d| d as u16))
                .collect::<Option<_>>()
                .filter(|d: &Vec<u16>| !d.is_empty() && d.len().is_multiple_of(2))
                .ok_or_else(|| Problem::Argument(clue.to_owned(), "(count, value) digit pairs"))?;
            // With values from 0, each value is held as one more.
            let counts = digits
                .chunks(2)
                .map(|p| (p[0], p[1] + u16::from(zero)))
                .collect();
            one(Constraint::LookAndSay {
                cells: cells(rest(1))?,
                counts,
            })
        }
        "SameValues" => one(Constraint::SameValues {
            sets: small(0, "a number of sets")?,
            cells: cells(rest(1))?,
        }),
        _ => Ok(None),
    }
}

/// The constraint a given of several `values` states: an odd or even cell,
/// when the values are every odd (even) value of 1..=N; else the cell's
/// candidates.
pub(crate) fn candidates(cell: u32, values: &[u16], n: usize) -> Constraint {
    let mut sorted = values.to_vec();
    sorted.sort_small();
    sorted.dedup();
    let of = |start: u16| (start..=n as u16).step_by(2).collect::<Vec<_>>();
    if sorted == of(1) {
        Constraint::Odd { cell }
    } else if sorted == of(2) {
        Constraint::Even { cell }
    } else {
        Constraint::Candidates {
            cell,
            values: sorted,
        }
    }
}

/// Two cells that hold the same value: an arrow of one line cell.
fn equal_pair(a: u32, b: u32, n: usize) -> Constraint {
    Constraint::Relation {
        cells: [a, b],
        pairs: (1..=n as u16).map(|v| (v, v)).collect(),
    }
}

/// A black dot with values from 0: one 0-based value twice the other,
/// held as the pairs of values one more (0 and 0, which no two neighbours
/// hold, left out).
fn black_dot_from_zero(a: u32, b: u32, n: usize) -> Constraint {
    Constraint::Relation {
        cells: [a, b],
        pairs: black_pairs(n),
    }
}

/// The pairs of [`black_dot_from_zero`], in order.
fn black_pairs(n: usize) -> Vec<(u16, u16)> {
    pairs_from_zero(n, |u, w| u == 2 * w || w == 2 * u)
}

/// The value pairs of two different values (as held, from 1) whose 0-based
/// values `u`, `w` keep `keep`, in order.
fn pairs_from_zero(n: usize, keep: impl Fn(u16, u16) -> bool) -> Vec<(u16, u16)> {
    let mut pairs = Vec::new();
    for x in 1..=n as u16 {
        for y in 1..=n as u16 {
            if x != y && keep(x - 1, y - 1) {
                pairs.push((x, y));
            }
        }
    }
    pairs
}

/// ISS's negative rules with values from 0: `StrictKropki` (no Kropki
/// dot: neither consecutive nor one twice the other) and `StrictXV` (no X
/// or V: no sum of 5 or 10), each the table of the value pairs a pair of
/// neighbours without a mark may hold.
pub(crate) fn strict_pairs(n: usize, xv: bool) -> Vec<(u16, u16)> {
    if xv {
        pairs_from_zero(n, |u, w| u + w != 5 && u + w != 10)
    } else {
        pairs_from_zero(n, |u, w| u.abs_diff(w) != 1 && u != 2 * w && w != 2 * u)
    }
}

/// Whether a constraint marks its pair for a negative rule with values
/// from 0: a Kropki dot (`xv` false) or an X or V (`xv` true).
pub(crate) fn marks(c: &Constraint, n: usize, xv: bool) -> Option<[u32; 2]> {
    match c {
        Constraint::Xv { cells, sum: 12 | 7 } if xv => Some(*cells),
        Constraint::Difference { cells, value: 1 } if !xv => Some(*cells),
        Constraint::Relation { cells, pairs } if !xv && *pairs == black_pairs(n) => Some(*cells),
        _ => None,
    }
}

/// The ISS text of a constraint (with its leading `.`), or what ISS lacks
/// to state it.
///
/// With values from 0 (`zero`), as [`read`] reads it back: each value one
/// less, sums of k cells k less.
///
/// # Errors
///
/// The constraint's kind (`slow thermometer`), when ISS has no type for it
/// (with values from 0: none whose meaning stays).
pub(crate) fn write(c: &Constraint, n: usize, zero: bool) -> Result<String, &'static str> {
    if zero {
        return write_from_zero(c, n);
    }
    let id = |c: u32| cell_id(c as usize, n);
    let list = |cells: &[u32]| cell_list(cells, n);
    let line = |name: &str, cells: &[u32]| format!(".{name}{}", list(cells));
    Ok(match c {
        Constraint::Difference { cells, value: 1 } => line("WhiteDot", cells),
        Constraint::Ratio { cells, value: 2 } => line("BlackDot", cells),
        Constraint::Xv { cells, sum: 10 } => line("X", cells),
        Constraint::Xv { cells, sum: 5 } => line("V", cells),
        Constraint::GreaterThan { cells } => line("GreaterThan", cells),
        Constraint::Thermometer { cells, slow: false } => line("Thermo", cells),
        Constraint::Arrow { circle, line: l } if circle.len() == 1 => {
            format!(".Arrow{}{}", list(circle), list(l))
        }
        Constraint::Arrow { circle, line: l }
            if (2..=3).contains(&circle.len()) && circle.is_sorted() =>
        {
            format!(".PillArrow~{}{}{}", circle.len(), list(circle), list(l))
        }
        Constraint::DoubleArrow { cells } => line("DoubleArrow", cells),
        Constraint::LittleKiller {
            clue,
            direction,
            sum,
        } => {
            let (dr, dc) = direction.step();
            let first = (clue.row + dr) * n as i32 + clue.col + dc;
            let theirs = u32::try_from(first)
                .ok()
                .filter(|&f| little_killer(f as usize, n) == Some((*clue, *direction)));
            match theirs {
                Some(f) => format!(".LittleKiller~{sum}~{}", id(f)),
                None => return Err("little killer ISS places on no edge"),
            }
        }
        Constraint::Sandwich { clue, sum } => match line_name(*clue, n) {
            Some((name, _)) => format!(".Sandwich~{sum}~{name}"),
            None => return Err("sandwich"),
        },
        Constraint::XSum { clue, sum } => outside("XSum", *clue, &sum.to_string(), n)?,
        Constraint::Skyscraper { clue, count } => {
            outside("Skyscraper", *clue, &count.to_string(), n)?
        }
        Constraint::Odd { cell } => {
            let odd: Vec<String> = (1..=n).step_by(2).map(|v| v.to_string()).collect();
            format!(".~{}_{}", id(*cell), odd.join("_"))
        }
        Constraint::Even { cell } => {
            let even: Vec<String> = (2..=n).step_by(2).map(|v| v.to_string()).collect();
            format!(".~{}_{}", id(*cell), even.join("_"))
        }
        Constraint::Candidates { cell, values } => {
            let values: Vec<String> = values.iter().map(u16::to_string).collect();
            format!(".~{}_{}", id(*cell), values.join("_"))
        }
        Constraint::Renban { cells } => line("Renban", cells),
        Constraint::Whisper { cells, difference } => {
            format!(".Whisper~{difference}{}", list(cells))
        }
        Constraint::Palindrome { cells } => line("Palindrome", cells),
        Constraint::Between { cells } => line("Between", cells),
        Constraint::RegionSumLine { cells } => line("RegionSumLine", cells),
        Constraint::Zipper { cells } => line("Zipper", cells),
        Constraint::Entropic { cells } => line("Entropic", cells),
        Constraint::Modular { cells, modulus } => format!(".Modular~{modulus}{}", list(cells)),
        Constraint::Lockout { cells, difference } => {
            format!(".Lockout~{difference}{}", list(cells))
        }
        Constraint::Quadruple { cells, values } => {
            let top = cells.iter().min().copied().unwrap_or(0);
            let values: String = values.iter().map(|v| format!("~{v}")).collect();
            format!(".Quad~{}{values}", id(top))
        }
        Constraint::Sum { cells, sum } => format!(".Sum~{sum}{}", list(cells)),
        Constraint::SumLine {
            cells,
            sum,
            is_loop,
        } => {
            let end = if *is_loop { "~LOOP" } else { "" };
            format!(".SumLine~{sum}{}{end}", list(cells))
        }
        Constraint::Lunchbox { cells, sum } => format!(".Lunchbox~{sum}{}", list(cells)),
        Constraint::Indexing { cells, by_rows } => {
            let kind = if *by_rows { "R" } else { "C" };
            format!(".Indexing~{kind}{}", list(cells))
        }
        Constraint::CountingCircles { cells } => line("CountingCircles", cells),
        Constraint::LookAndSay { cells, counts } => {
            format!(".LookAndSay~{}{}", look_and_say(counts, 0)?, list(cells))
        }
        Constraint::SameValues { cells, sets } => format!(".SameValues~{sets}{}", list(cells)),
        Constraint::Nonconsecutive => ".AntiConsecutive".into(),
        Constraint::Negative {
            rule: NegativeRule::Xv,
        } => ".StrictXV".into(),
        // Both Kropki rules: `StrictKropki`, written by the caller.
        Constraint::Negative { .. } => return Err("negative rule for one kind of Kropki dot"),
        other => return Err(other.kind()),
    })
}

/// The pairs of [`equal_pair`].
fn equal_values(n: usize) -> Vec<(u16, u16)> {
    (1..=n as u16).map(|v| (v, v)).collect()
}

/// `cells` as ISS writes them after a type's name: `~R1C1~R1C2`.
fn cell_list(cells: &[u32], n: usize) -> String {
    cells
        .iter()
        .map(|&c| format!("~{}", cell_id(c as usize, n)))
        .collect()
}

/// [`write`] with values from 0: the types whose meaning [`read`] keeps,
/// their values and sums written as 0-based.
fn write_from_zero(c: &Constraint, n: usize) -> Result<String, &'static str> {
    let id = |c: u32| cell_id(c as usize, n);
    let list = |cells: &[u32]| cell_list(cells, n);
    let values = |values: &mut dyn Iterator<Item = u16>| {
        values.map(|v| (v - 1).to_string()).collect::<Vec<_>>()
    };
    let k = |cells: &[u32]| cells.len() as u64;
    Ok(match c {
        Constraint::Relation { cells, pairs } if *pairs == equal_values(n) => {
            format!(".Arrow{}", list(cells))
        }
        Constraint::Relation { cells, pairs } if *pairs == black_pairs(n) => {
            format!(".BlackDot{}", list(cells))
        }
        Constraint::Xv { cells, sum: 12 } => format!(".X{}", list(cells)),
        Constraint::Xv { cells, sum: 7 } => format!(".V{}", list(cells)),
        Constraint::DoubleArrow { cells } if cells.len() == 4 => write(c, n, false)?,
        Constraint::Zipper { cells } if cells.len().is_multiple_of(2) => write(c, n, false)?,
        Constraint::Difference { value: 1, .. }
        | Constraint::GreaterThan { .. }
        | Constraint::Thermometer { slow: false, .. }
        | Constraint::Renban { .. }
        | Constraint::Whisper { .. }
        | Constraint::Palindrome { .. }
        | Constraint::Between { .. }
        | Constraint::RegionSumLine { .. }
        | Constraint::Modular { .. }
        | Constraint::Lockout { .. }
        | Constraint::SameValues { .. }
        | Constraint::Nonconsecutive => write(c, n, false)?,
        Constraint::LittleKiller { sum, .. } => {
            let line = k(&c.cells(n));
            let Some(zero_sum) = sum.checked_sub(line) else {
                return Err("little killer with values from 0");
            };
            let text = write(c, n, false)?;
            let (head, _) = text.split_once('~').unwrap_or_default();
            let first = text.rsplit('~').next().unwrap_or_default();
            format!("{head}~{zero_sum}~{first}")
        }
        Constraint::Sum { cells, sum } => match sum.checked_sub(k(cells)) {
            Some(s) => format!(".Sum~{s}{}", list(cells)),
            None => return Err("sum with values from 0"),
        },
        Constraint::Odd { cell } => {
            let v = values(&mut (1..=n as u16).step_by(2));
            format!(".~{}_{}", id(*cell), v.join("_"))
        }
        Constraint::Even { cell } => {
            let v = values(&mut (2..=n as u16).step_by(2));
            format!(".~{}_{}", id(*cell), v.join("_"))
        }
        Constraint::Candidates { cell, values: vs } => {
            let v = values(&mut vs.iter().copied());
            format!(".~{}_{}", id(*cell), v.join("_"))
        }
        Constraint::Quadruple { cells, values: vs } => {
            let top = cells.iter().min().copied().unwrap_or(0);
            let v: String = values(&mut vs.iter().copied())
                .iter()
                .map(|v| format!("~{v}"))
                .collect();
            format!(".Quad~{}{v}", id(top))
        }
        Constraint::LookAndSay { cells, counts } => {
            format!(".LookAndSay~{}{}", look_and_say(counts, 1)?, list(cells))
        }
        Constraint::Arrow { .. } => return Err("arrow with values from 0"),
        Constraint::Ratio { .. } => return Err("ratio dot with values from 0"),
        Constraint::Sandwich { .. } => return Err("sandwich with values from 0"),
        Constraint::XSum { .. } => return Err("x-sum with values from 0"),
        Constraint::Skyscraper { .. } => return Err("skyscraper with values from 0"),
        Constraint::Entropic { .. } => return Err("entropic line with values from 0"),
        Constraint::Negative { .. } => return Err("negative rule with values from 0"),
        Constraint::Xv { .. } => return Err("pair sum with values from 0"),
        Constraint::DoubleArrow { .. } => return Err("double arrow with values from 0"),
        Constraint::Zipper { .. } => return Err("zipper line with values from 0"),
        other => return Err(other.kind()),
    })
}

/// A look-and-say clue as ISS writes it, each value `shift` less: a digit
/// for each count and value, or what it cannot say.
fn look_and_say(counts: &[(u16, u16)], shift: u16) -> Result<String, &'static str> {
    let mut out = String::new();
    for &(k, v) in counts {
        let v = v - shift;
        if k > 9 || v > 9 {
            return Err("look-and-say count or value past 9");
        }
        out.push_str(&format!("{k}{v}"));
    }
    Ok(out)
}

/// An outside clue of a double-line type (`XSum`, `Skyscraper`): `~R3~v~`
/// from the left or top, `~R3~~v` from the right or bottom.
fn outside(name: &str, clue: Outside, value: &str, n: usize) -> Result<String, &'static str> {
    match line_name(clue, n) {
        Some((id, true)) => Ok(format!(".{name}~{id}~{value}~")),
        Some((id, false)) => Ok(format!(".{name}~{id}~~{value}")),
        None => Err("outside clue off the ends of rows and columns"),
    }
}

/// The row or column (`R3`, `C4`) a clue stands at the end of, and
/// whether at its start (left, top).
fn line_name(clue: Outside, n: usize) -> Option<(String, bool)> {
    let m = n as i32;
    let digit = |k: i32| char::from_digit(k as u32 + 1, 17);
    if (0..m).contains(&clue.row) && (clue.col == -1 || clue.col == m) {
        Some((format!("R{}", digit(clue.row)?), clue.col == -1))
    } else if (0..m).contains(&clue.col) && (clue.row == -1 || clue.row == m) {
        Some((format!("C{}", digit(clue.col)?), clue.row == -1))
    } else {
        None
    }
}

/// The clue of a row or column named `R3` or `C4`: at its start (left,
/// top) when `forward`, else at its end.
fn line_clue(id: &str, forward: bool, n: usize) -> Result<Outside, Problem> {
    let bad = || Problem::Argument(id.to_owned(), "a row or column such as R3 or C4");
    let (kind, k) = id.split_at(id.len().min(1));
    let k = match k.len() {
        1 => k.chars().next().and_then(|c| c.to_digit(17)),
        _ => k.parse().ok(),
    }
    .map(|k| k as i32 - 1)
    .filter(|k| (0..n as i32).contains(k))
    .ok_or_else(bad)?;
    let end = if forward { -1 } else { n as i32 };
    match kind {
        "R" | "r" => Ok(Outside { row: k, col: end }),
        "C" | "c" => Ok(Outside { row: end, col: k }),
        _ => Err(bad()),
    }
}

/// The clue and direction of ISS's little killer whose diagonal starts at
/// `first`: from the left edge down and right, the right edge up and left,
/// the top down and left, the bottom up and right, as ISS lays them out;
/// `None` for a cell where none starts.
fn little_killer(first: usize, n: usize) -> Option<(Outside, Diagonal)> {
    let (r, c, m) = ((first / n) as i32, (first % n) as i32, n as i32);
    let (clue, direction) = if c == 0 && r <= m - 2 {
        ((r - 1, -1), Diagonal::DownRight)
    } else if c == m - 1 && (1..=m - 2).contains(&r) {
        ((r + 1, m), Diagonal::UpLeft)
    } else if r == 0 && c >= 1 {
        ((-1, c + 1), Diagonal::DownLeft)
    } else if r == m - 1 && (1..=m - 2).contains(&c) {
        ((m, c - 1), Diagonal::UpRight)
    } else {
        return None;
    };
    Some((
        Outside {
            row: clue.0,
            col: clue.1,
        },
        direction,
    ))
}

/// Every pair of orthogonally adjacent cells among `cells`, the earlier
/// cell of the list first, as ISS pairs the cells of a dot.
fn adjacent_pairs(cells: &[u32], n: usize) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            let (ra, ca, rb, cb) = (
                a as usize / n,
                a as usize % n,
                b as usize / n,
                b as usize % n,
            );
            if ra.abs_diff(rb) + ca.abs_diff(cb) == 1 {
                out.push((a, b));
            }
        }
    }
    out
}

/// A cell name as a row-major index on a board of side `n`.
fn cell(name: &str, n: usize) -> Result<u32, Problem> {
    match parse_cell(name) {
        Some(Some((r, c))) if r < n && c < n => Ok((r * n + c) as u32),
        Some(_) => Err(Problem::Cell(name.to_owned(), true)),
        None => Err(Problem::Cell(name.to_owned(), false)),
    }
}

/// ISS's name of cell `i` on a board of side `n`: `R1C1`, rows and columns
/// past 9 as `a` to `g`.
pub(crate) fn cell_id(i: usize, n: usize) -> String {
    let digit = |k: usize| char::from_digit(k as u32 + 1, 17).unwrap_or('?');
    format!("R{}C{}", digit(i / n), digit(i % n))
}

/// A cell name as (row, column), 0-based: `R1C1`, with one base-17 digit
/// each (`RaCg`), or decimal numbers (`R10C12`); `Some(None)` for one of
/// that form off every board (row 0); `None` for another form.
pub(crate) fn parse_cell(name: &str) -> Option<Option<(usize, usize)>> {
    let rest = name.strip_prefix(['R', 'r'])?;
    // `RcC1`: row 12, whose digit is the letter that splits the others.
    let (row, col) = match rest.as_bytes() {
        [_, b'C' | b'c', _] => (&rest[..1], &rest[2..]),
        _ => rest.split_once(['C', 'c'])?,
    };
    let number = |t: &str| -> Option<usize> {
        match t.len() {
            0 => None,
            1 => t.chars().next()?.to_digit(17).map(|d| d as usize),
            _ if t.bytes().all(|b| b.is_ascii_digit()) => t.parse().ok(),
            _ => None,
        }
    };
    let (r, c) = (number(row)?, number(col)?);
    Some(r.checked_sub(1).zip(c.checked_sub(1)))
}
