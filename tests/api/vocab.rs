//! The variant vocabulary (`Constraint`): planted solutions under random constraints of every kind, solved by `Solver` and counted against `Reference`; the errors; f-puzzles round trips.

use ndoku::engine::Reference;
use ndoku::engine::variant::VariantSolver;
use ndoku::model::{Diagonal, NegativeRule, Outside};
use ndoku::{Constraint, Count, Puzzle, Rules, RulesError, Solver, Violation};
use proptest::prelude::*;

use crate::common::Rng;

/// The most solutions counted.
const LIMIT: usize = 6;

/// A random solved grid of classic rules of side `n`.
fn plant(n: usize, seed: u64) -> Vec<u16> {
    let rules = Rules::classic(n).unwrap();
    let solved = VariantSolver::new()
        .with_seed(seed)
        .solve(&Puzzle::new(rules))
        .solution()
        .expect("an empty board has solutions");
    assert!(solved.rules().check(solved.cells()).is_ok());
    solved.cells().to_vec()
}

/// A random walk of up to `len` cells, each a king's move from the last,
/// never twice through one cell.
fn walk(rng: &mut Rng, n: usize, len: usize) -> Vec<u32> {
    let mut cells = vec![rng.below(n * n) as u32];
    while cells.len() < len {
        let last = *cells.last().unwrap() as i64;
        let (r, c) = (last / n as i64, last % n as i64);
        let mut next: Vec<u32> = Vec::new();
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (rr, cc) = (r + dr, c + dc);
                if (0..n as i64).contains(&rr) && (0..n as i64).contains(&cc) {
                    let d = (rr * n as i64 + cc) as u32;
                    if !cells.contains(&d) {
                        next.push(d);
                    }
                }
            }
        }
        if next.is_empty() {
            break;
        }
        cells.push(next[rng.below(next.len())]);
    }
    cells
}

/// Whether `c` keeps `grid` under classic rules of side `n`.
fn keeps(n: usize, grid: &[u16], c: &Constraint) -> bool {
    Rules::classic(n)
        .unwrap()
        .with_constraint(c.clone())
        .is_ok_and(|r| r.check(grid).is_ok())
}

/// The longest prefix of at least `least` cells of `cells` for which
/// `make` gives a constraint `grid` keeps.
fn longest(
    n: usize,
    grid: &[u16],
    cells: &[u32],
    least: usize,
    make: impl Fn(Vec<u32>) -> Constraint,
) -> Option<Constraint> {
    (least..=cells.len())
        .rev()
        .map(|k| make(cells[..k].to_vec()))
        .find(|c| keeps(n, grid, c))
}

/// An orthogonal neighbour pair.
fn dot_cells(rng: &mut Rng, n: usize) -> [u32; 2] {
    let c = rng.below(n * n);
    if c % n + 1 < n && (c + n >= n * n || rng.chance(1, 2)) {
        [c as u32, c as u32 + 1]
    } else if c + n < n * n {
        [c as u32, (c + n) as u32]
    } else {
        [c as u32 - 1, c as u32]
    }
}

/// Random cells, each once, that do not include `not`.
fn some_cells(rng: &mut Rng, n: usize, k: usize, not: &[u32]) -> Vec<u32> {
    let mut all: Vec<u32> = (0..(n * n) as u32).filter(|c| !not.contains(c)).collect();
    rng.shuffle(&mut all);
    all.truncate(k);
    all
}

/// A random outside clue at the end of a row or column.
fn line_clue(rng: &mut Rng, n: usize) -> Outside {
    let k = rng.below(n) as i32;
    let edge = if rng.chance(1, 2) { -1 } else { n as i32 };
    if rng.chance(1, 2) {
        Outside { row: edge, col: k }
    } else {
        Outside { row: k, col: edge }
    }
}

/// Cells whose values sum to `target` taken greedily from a shuffle.
fn summing(rng: &mut Rng, n: usize, grid: &[u16], target: u64, not: &[u32]) -> Option<Vec<u32>> {
    let mut sum = 0;
    let mut out = Vec::new();
    for c in some_cells(rng, n, n * n, not) {
        let v = u64::from(grid[c as usize]);
        if sum + v <= target {
            sum += v;
            out.push(c);
        }
        if sum == target {
            return Some(out);
        }
    }
    None
}

/// A constraint of kind `kind` (0 to 31) that `grid` keeps, if one is found.
fn derive(rng: &mut Rng, n: usize, grid: &[u16], kind: usize) -> Option<Constraint> {
    let v = |c: u32| grid[c as usize];
    let len = rng.range(2, n.min(6));
    let path = walk(rng, n, len);
    let c = match kind {
        0 => {
            let cells = [path[0], *some_cells(rng, n, 1, &path[..1]).first()?];
            let mut pairs = vec![(v(cells[0]), v(cells[1]))];
            for _ in 0..rng.below(n * 2) {
                pairs.push((rng.range(1, n) as u16, rng.range(1, n) as u16));
            }
            Constraint::Relation { cells, pairs }
        }
        1 => {
            let cells = dot_cells(rng, n);
            Constraint::Difference {
                cells,
                value: v(cells[0]).abs_diff(v(cells[1])),
            }
        }
        2 => {
            let cells = dot_cells(rng, n);
            let (a, b) = (v(cells[0]).max(v(cells[1])), v(cells[0]).min(v(cells[1])));
            if a % b != 0 {
                return None;
            }
            Constraint::Ratio {
                cells,
                value: a / b,
            }
        }
        3 => {
            let cells = dot_cells(rng, n);
            Constraint::Xv {
                cells,
                sum: v(cells[0]) + v(cells[1]),
            }
        }
        4 => {
            let (a, b) = (path[0], path[path.len() - 1]);
            if v(a) > v(b) {
                Constraint::greater_than(a, b)
            } else {
                Constraint::greater_than(b, a)
            }
        }
        5 | 6 => {
            let slow = kind == 6;
            return longest(n, grid, &path, 1, |cells| Constraint::Thermometer {
                cells,
                slow,
            });
        }
        7 => {
            let k = if rng.chance(1, 4) { 2 } else { 1 };
            let circle = path[..k.min(path.len())].to_vec();
            let target = circle.iter().fold(0u64, |t, &c| t * 10 + u64::from(v(c)));
            let line = summing(rng, n, grid, target, &circle)?;
            Constraint::Arrow { circle, line }
        }
        8 => {
            let ends = some_cells(rng, n, 2, &[]);
            let line = summing(rng, n, grid, u64::from(v(ends[0]) + v(ends[1])), &ends)?;
            let mut cells = vec![ends[0]];
            cells.extend(line);
            cells.push(ends[1]);
            Constraint::DoubleArrow { cells }
        }
        9 => {
            let edge = |rng: &mut Rng| if rng.chance(1, 2) { -1 } else { n as i32 };
            let k = rng.range(0, n - 1) as i32;
            let clue = if rng.chance(1, 2) {
                Outside {
                    row: edge(rng),
                    col: k,
                }
            } else {
                Outside {
                    row: k,
                    col: edge(rng),
                }
            };
            let all = [
                Diagonal::UpLeft,
                Diagonal::UpRight,
                Diagonal::DownLeft,
                Diagonal::DownRight,
            ];
            let direction = all[rng.below(4)];
            let probe = Constraint::LittleKiller {
                clue,
                direction,
                sum: 0,
            };
            let cells = probe.cells(n);
            if cells.is_empty() {
                return None;
            }
            let sum = cells.iter().map(|&c| u64::from(v(c))).sum();
            Constraint::LittleKiller {
                clue,
                direction,
                sum,
            }
        }
        10..=12 => {
            let clue = line_clue(rng, n);
            let probe = Constraint::Sandwich { clue, sum: 0 };
            let line = probe.cells(n);
            let values: Vec<u16> = line.iter().map(|&c| v(c)).collect();
            match kind {
                10 => {
                    let a = values.iter().position(|&x| x == 1)?;
                    let b = values.iter().position(|&x| usize::from(x) == n)?;
                    let sum = values[a.min(b) + 1..a.max(b)]
                        .iter()
                        .map(|&x| u64::from(x))
                        .sum();
                    Constraint::Sandwich { clue, sum }
                }
                11 => {
                    let x = usize::from(values[0]);
                    let sum = values[..x].iter().map(|&x| u64::from(x)).sum();
                    Constraint::XSum { clue, sum }
                }
                _ => {
                    let mut top = 0;
                    let count = values
                        .iter()
                        .filter(|&&x| {
                            let seen = x > top;
                            top = top.max(x);
                            seen
                        })
                        .count() as u16;
                    Constraint::Skyscraper { clue, count }
                }
            }
        }
        13 => Constraint::Odd { cell: path[0] },
        14 => Constraint::Even { cell: path[0] },
        15 => Constraint::Minimum { cell: path[0] },
        16 => Constraint::Maximum { cell: path[0] },
        17 => return longest(n, grid, &path, 2, |cells| Constraint::Renban { cells }),
        18 => {
            let difference = rng.range(1, n / 2) as u16;
            return longest(n, grid, &path, 2, |cells| Constraint::Whisper {
                cells,
                difference,
            });
        }
        19 | 20 => {
            // Pairs of cells holding equal values, mirrored.
            let x = path[0];
            let same: Vec<u32> = (0..(n * n) as u32)
                .filter(|&c| c != x && v(c) == v(x))
                .collect();
            let y = same[rng.below(same.len())];
            if kind == 19 {
                let k = rng.below(2);
                let mid = some_cells(rng, n, k, &[x, y]);
                let mut cells = vec![x];
                cells.extend(mid);
                cells.push(y);
                Constraint::Palindrome { cells }
            } else {
                Constraint::Clones {
                    cells: vec![x],
                    copies: vec![y],
                }
            }
        }
        21 => {
            let ends = some_cells(rng, n, 2, &[]);
            let (lo, hi) = (v(ends[0]).min(v(ends[1])), v(ends[0]).max(v(ends[1])));
            let mut cells = vec![ends[0]];
            let inner: Vec<u32> = some_cells(rng, n, n * n, &ends)
                .into_iter()
                .filter(|&c| lo < v(c) && v(c) < hi)
                .take(rng.range(1, 3))
                .collect();
            if inner.is_empty() {
                return None;
            }
            cells.extend(inner);
            cells.push(ends[1]);
            Constraint::Between { cells }
        }
        22 => {
            let k = rng.range(2, 4);
            let cells = some_cells(rng, n, k, &[]);
            return longest(n, grid, &cells, 2, |cells| Constraint::RegionSumLine {
                cells,
            });
        }
        23 => {
            // Around a middle cell, pairs summing to it.
            let mid = path[0];
            let mut pairs = Vec::new();
            let mut used = vec![mid];
            for a in some_cells(rng, n, n * n, &[mid]) {
                if used.contains(&a) || v(a) >= v(mid) {
                    continue;
                }
                let want = v(mid) - v(a);
                if let Some(b) =
                    (0..(n * n) as u32).find(|&b| !used.contains(&b) && b != a && v(b) == want)
                {
                    used.extend([a, b]);
                    pairs.push((a, b));
                }
                if pairs.len() == 2 {
                    break;
                }
            }
            if pairs.is_empty() {
                return None;
            }
            let mut cells: Vec<u32> = pairs.iter().map(|p| p.0).collect();
            cells.push(mid);
            cells.extend(pairs.iter().rev().map(|p| p.1));
            Constraint::Zipper { cells }
        }
        24 => return longest(n, grid, &path, 2, |cells| Constraint::Entropic { cells }),
        25 => {
            let modulus = rng.range(2, 4) as u16;
            return longest(n, grid, &path, 2, |cells| Constraint::Modular {
                cells,
                modulus,
            });
        }
        26 => {
            let difference = rng.range(1, n / 2) as u16;
            let ends = some_cells(rng, n, 2, &[]);
            let (lo, hi) = (v(ends[0]).min(v(ends[1])), v(ends[0]).max(v(ends[1])));
            let inner: Vec<u32> = some_cells(rng, n, n * n, &ends)
                .into_iter()
                .filter(|&c| !(lo..=hi).contains(&v(c)))
                .take(rng.range(0, 2))
                .collect();
            let mut cells = vec![ends[0]];
            cells.extend(inner);
            cells.push(ends[1]);
            Constraint::Lockout { cells, difference }
        }
        27 => {
            let c = rng.below(n * n - n);
            let c = if c % n + 1 == n { c - 1 } else { c } as u32;
            let cells = vec![c, c + 1, c + n as u32, c + n as u32 + 1];
            let k = rng.range(1, 4);
            let values = cells[..k].iter().map(|&c| v(c)).collect();
            Constraint::Quadruple { cells, values }
        }
        28 => {
            let k = rng.range(1, 4);
            let cells = some_cells(rng, n, k, &[]);
            let sum = cells.iter().map(|&c| u64::from(v(c))).sum();
            Constraint::Sum { cells, sum }
        }
        29 => {
            // The planted value and up to two others, in any order.
            let mut values = vec![v(path[0])];
            for _ in 0..rng.below(3) {
                values.push(rng.range(1, n) as u16);
            }
            rng.shuffle(&mut values);
            Constraint::Candidates {
                cell: path[0],
                values,
            }
        }
        _ => return None,
    };
    keeps(n, grid, &c).then_some(c)
}

/// Every orthogonal pair keeping a white dot (`kind` 0), a black dot (1)
/// or an X or V (2), and the negative rule that says all are given.
fn all_marks(n: usize, grid: &[u16], kind: usize) -> Vec<Constraint> {
    let v = |c: u32| grid[c as usize];
    let mut out = Vec::new();
    for c in 0..(n * n) as u32 {
        let right = (c as usize % n + 1 < n).then_some(c + 1);
        let down = (c as usize + n < n * n).then_some(c + n as u32);
        for d in [right, down].into_iter().flatten() {
            let (a, b) = (v(c), v(d));
            match kind {
                0 if a.abs_diff(b) == 1 => out.push(Constraint::kropki_white(c, d)),
                1 if a == 2 * b || b == 2 * a => out.push(Constraint::kropki_black(c, d)),
                2 if a + b == 10 => out.push(Constraint::x(c, d)),
                2 if a + b == 5 => out.push(Constraint::v(c, d)),
                _ => {}
            }
        }
    }
    let rule = [NegativeRule::White, NegativeRule::Black, NegativeRule::Xv][kind];
    out.push(Constraint::Negative { rule });
    out
}

/// Plants a grid of side `n`, derives `kinds` constraints from it, blanks
/// cells, and checks what the engines find.
fn planted_case(
    seed: u64,
    n: usize,
    kinds: &[usize],
    blanks: usize,
    marks: Option<usize>,
) -> Result<(), TestCaseError> {
    let mut rng = Rng::new(seed);
    let grid = plant(n, seed);
    let mut rules = Rules::classic(n).unwrap();
    for &kind in kinds {
        for _ in 0..20 {
            if let Some(c) = derive(&mut rng, n, &grid, kind) {
                rules = rules.with_constraint(c).unwrap();
                break;
            }
        }
    }
    if let Some(kind) = marks {
        for c in all_marks(n, &grid, kind) {
            rules = rules.with_constraint(c).unwrap();
        }
    }
    prop_assert!(rules.check(&grid).is_ok(), "{:?}", rules.check(&grid));
    let mut cells = grid.clone();
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    for &c in &order[..blanks.min(n * n)] {
        cells[c] = 0;
    }
    let puzzle = Puzzle::from_cells(rules.clone(), &cells).unwrap();
    let found = VariantSolver::new().solutions(&puzzle, LIMIT);
    for s in &found {
        prop_assert!(
            rules.check(s.cells()).is_ok(),
            "{:?}",
            rules.check(s.cells())
        );
        prop_assert!(cells.iter().zip(s.cells()).all(|(&g, &v)| g == 0 || g == v));
    }
    if found.len() < LIMIT {
        prop_assert!(
            found.iter().any(|s| s.cells() == grid.as_slice()),
            "planted missing"
        );
    }
    let count = Solver::new().count(&puzzle, LIMIT);
    let expected = if found.len() < LIMIT {
        Count::Exact(found.len())
    } else {
        Count::AtLeast(LIMIT)
    };
    prop_assert_eq!(count, expected);
    // Logic's steps hold for every solution, so for the planted one: a
    // value it places is the planted value, and a candidate it keeps.
    // Told the puzzle is unique (it may not be), Logic must still leave
    // deadly patterns alone under constraints, which tell swapped values
    // apart; without constraints they may cut a second solution.
    let logic = ndoku::Logic::new().assume_unique(!rules.constraints().is_empty());
    let path = logic.with_max_steps(300).solve_path(&puzzle);
    let path = path.map_err(|e| TestCaseError::fail(format!("logic: {e}")))?;
    for (c, &v) in path.grid.values().iter().enumerate() {
        prop_assert!(v == 0 || v == grid[c], "logic placed {} at {}", v, c);
        if v == 0 {
            prop_assert!(
                path.grid.candidates(c).contains(grid[c]),
                "logic removed {} at {}",
                grid[c],
                c
            );
        }
    }
    let reference = Reference::new()
        .with_max_steps(300_000)
        .count_variant(&puzzle, LIMIT);
    if !matches!(reference, Count::GaveUp(_)) {
        prop_assert_eq!(count, reference, "rules {:?}", rules.constraints());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn planted_small_boards_keep_every_constraint(
        seed in any::<u64>(),
        n in 4usize..=6,
        kinds in prop::collection::vec(0usize..30, 1..6),
        share in 50usize..=90,
    ) {
        planted_case(seed, n, &kinds, n * n * share / 100, None)?;
    }

    #[test]
    fn planted_small_boards_with_all_marks_given(
        seed in any::<u64>(),
        n in 4usize..=6,
        marks in 0usize..3,
        share in 40usize..=80,
    ) {
        planted_case(seed, n, &[], n * n * share / 100, Some(marks))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn planted_9x9_keeps_every_constraint(
        seed in any::<u64>(),
        kinds in prop::collection::vec(0usize..30, 3..10),
    ) {
        planted_case(seed, 9, &kinds, 30, None)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    #[ignore = "slow in debug builds: .ci/run runs it with cargo test --release -- --ignored"]
    fn planted_boards_keep_every_constraint_in_full(
        seed in any::<u64>(),
        n in 4usize..=9,
        kinds in prop::collection::vec(0usize..30, 1..10),
        share in 40usize..=90,
        marks in prop::option::of(0usize..3),
    ) {
        let blanks = if n > 6 { 30 + share / 4 } else { n * n * share / 100 };
        planted_case(seed, n, &kinds, blanks, marks)?;
    }
}

#[test]
fn nonconsecutive_counts_agree_with_the_reference() {
    for n in [4, 5, 6] {
        let rules = Rules::classic(n)
            .unwrap()
            .with_constraint(Constraint::Nonconsecutive)
            .unwrap();
        let puzzle = Puzzle::new(rules.clone());
        let count = Solver::new().count(&puzzle, 50);
        let reference = Reference::new().count_variant(&puzzle, 50);
        assert_eq!(count, reference, "{n}");
        for s in VariantSolver::new().solutions(&puzzle, 50) {
            assert!(rules.check(s.cells()).is_ok());
        }
    }
}

#[test]
fn each_bad_constraint_names_itself() {
    let r = || Rules::classic(9).unwrap();
    let cases = [
        (
            Constraint::Thermometer {
                cells: vec![0, 1, 0],
                slow: false,
            },
            "thermometer 1 passes through R1C1 twice",
        ),
        (
            Constraint::Renban { cells: vec![0, 81] },
            "renban 1 names cell R10C1 (index 81), off the 9x9 board",
        ),
        (
            Constraint::Arrow {
                circle: vec![],
                line: vec![1, 2],
            },
            "arrow 1 has no circle",
        ),
        (
            Constraint::Arrow {
                circle: vec![0],
                line: vec![],
            },
            "arrow 1 has no line",
        ),
        (
            Constraint::kropki_white(0, 2),
            "white dot 1 joins R1C1 and R1C3, which are not orthogonal neighbours",
        ),
        (
            Constraint::LittleKiller {
                clue: Outside { row: 3, col: 3 },
                direction: Diagonal::DownRight,
                sum: 10,
            },
            "little killer 1 has its clue at R4C4, not outside the 9x9 board",
        ),
        (
            Constraint::LittleKiller {
                clue: Outside { row: -1, col: 3 },
                direction: Diagonal::UpRight,
                sum: 10,
            },
            "little killer 1 points from R0C4 away from the board",
        ),
        (
            Constraint::Sandwich {
                clue: Outside { row: -1, col: -1 },
                sum: 10,
            },
            "sandwich 1 has its clue at R0C0, not outside the end of a row or column of the 9x9 board",
        ),
        (
            Constraint::Candidates {
                cell: 3,
                values: vec![],
            },
            "candidates 1 lists no value",
        ),
        (
            Constraint::Candidates {
                cell: 3,
                values: vec![2, 0],
            },
            "candidates 1 lists value 0, out of 1 to 9",
        ),
        (
            Constraint::Quadruple {
                cells: vec![0, 1, 9, 10],
                values: vec![10],
            },
            "quadruple 1 lists value 10, out of 1 to 9",
        ),
        (
            Constraint::Quadruple {
                cells: vec![0, 1, 2, 3],
                values: vec![1],
            },
            "quadruple 1 does not cover a 2x2 square",
        ),
        (
            Constraint::Relation {
                cells: [0, 1],
                pairs: vec![(0, 1)],
            },
            "relation 1 allows the pair (0, 1), out of 1 to 9",
        ),
        (
            Constraint::Clones {
                cells: vec![0, 1],
                copies: vec![80],
            },
            "clone 1 clones 2 cells into 1",
        ),
        (
            Constraint::Modular {
                cells: vec![0, 1],
                modulus: 0,
            },
            "modular line 1 has modulus 0",
        ),
        (
            Constraint::DoubleArrow { cells: vec![0, 1] },
            "double arrow 1 has 2 cells, needs 3 or more",
        ),
    ];
    for (c, expected) in cases {
        let err = r().with_constraint(c).unwrap_err();
        assert!(matches!(err, RulesError::Constraint { .. }));
        assert_eq!(err.to_string(), expected);
    }
    // Numbered among those of its kind.
    let err = r()
        .with_constraint(Constraint::Renban { cells: vec![0, 1] })
        .unwrap()
        .with_constraint(Constraint::kropki_white(0, 1))
        .unwrap()
        .with_constraint(Constraint::Renban { cells: vec![5, 5] })
        .unwrap_err();
    assert_eq!(err.to_string(), "renban 2 passes through R1C6 twice");
}

#[test]
fn check_names_the_broken_constraint_on_partial_grids() {
    let rules = Rules::classic(4)
        .unwrap()
        .with_constraint(Constraint::Thermometer {
            cells: vec![0, 1, 2],
            slow: false,
        })
        .unwrap()
        .with_constraint(Constraint::Arrow {
            circle: vec![15],
            line: vec![14, 13],
        })
        .unwrap();
    let mut grid = [0u16; 16];
    assert!(rules.check(&grid).is_ok());
    // A bulb of 3 on a thermometer of 3 cells of 1..=4 cannot rise twice.
    grid[0] = 3;
    let err = rules.check(&grid).unwrap_err();
    assert_eq!(err.to_string(), "thermometer 1 cannot hold 3 at R1C1");
    assert!(matches!(err, Violation::Constraint { ref cells, .. } if cells == &[(0, 0)]));
    grid[0] = 0;
    // An arrow of two cells cannot sum to a circle of 1.
    grid[15] = 1;
    assert_eq!(
        rules.check(&grid).unwrap_err().to_string(),
        "arrow 1 does not sum to its circle"
    );
    grid[15] = 3;
    assert!(rules.check(&grid).is_ok());
}

#[test]
fn constraints_count_in_equality_and_peers() {
    let a = Rules::classic(4)
        .unwrap()
        .with_constraint(Constraint::Renban { cells: vec![0, 5] })
        .unwrap()
        .with_constraint(Constraint::kropki_black(2, 3))
        .unwrap();
    let b = Rules::classic(4)
        .unwrap()
        .with_constraint(Constraint::kropki_black(2, 3))
        .unwrap()
        .with_constraint(Constraint::Renban { cells: vec![0, 5] })
        .unwrap();
    assert_eq!(a, b);
    assert_ne!(a, Rules::classic(4).unwrap());
    assert!(!a.is_plain());
    // Renban cells differ; a clone does not.
    let c = Rules::classic(9)
        .unwrap()
        .with_constraint(Constraint::Renban { cells: vec![0, 80] })
        .unwrap()
        .with_constraint(Constraint::Clones {
            cells: vec![1],
            copies: vec![79],
        })
        .unwrap();
    assert!(c.peers(0).contains(&80));
    assert!(!c.peers(1).contains(&79));
}

#[cfg(feature = "fpuzzles")]
mod fpuzzles_keys {
    use ndoku::text::fpuzzles;

    /// A 4×4 puzzle's JSON with `rest` after its grid.
    fn with(rest: &str) -> String {
        let row = r#"[{},{},{},{}]"#;
        format!(r#"{{"size":4,"grid":[{row},{row},{row},{row}]{rest}}}"#)
    }

    #[test]
    fn every_key_reads_and_round_trips() {
        let cases = [
            r#","arrow":[{"cells":["R1C1"],"lines":[["R1C1","R2C2","R3C3"]]}]"#,
            r#","arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2","R2C3","R3C3","R4C4"]]}]"#,
            r#","doublearrow":[{"lines":[["R1C1","R2C2","R3C3"]]}]"#,
            r#","thermometer":[{"lines":[["R1C1","R1C2","R1C3"]]}]"#,
            r#","slowthermometer":[{"lines":[["R1C1","R2C2"]]}]"#,
            r#","palindrome":[{"lines":[["R1C1","R2C2","R3C1"]]}]"#,
            r#","betweenline":[{"lines":[["R1C1","R2C2","R3C1"]]}]"#,
            r#","lockout":[{"lines":[["R1C1","R2C2","R3C1"]]}]"#,
            r#","renban":[{"lines":[["R1C1","R2C2"]]}]"#,
            r#","whispers":[{"lines":[["R1C1","R2C2"]],"value":"2"}]"#,
            r#","regionsumline":[{"lines":[["R1C2","R1C3"]]}]"#,
            r#","entropicline":[{"lines":[["R1C1","R2C2","R3C3"]]}]"#,
            r#","modularline":[{"lines":[["R1C1","R2C2","R3C3"]]}]"#,
            r#","zipperline":[{"lines":[["R1C1","R2C2","R3C3"]]}]"#,
            r#","difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R2C2"],"value":"2"}]"#,
            r#","ratio":[{"cells":["R1C1","R1C2"]}],"negative":["ratio"]"#,
            r#","xv":[{"cells":["R1C1","R1C2"],"value":"V"}],"negative":["xv"]"#,
            r#","littlekillersum":[{"cell":"R0C1","direction":"DR","value":"10"}]"#,
            r#","sandwichsum":[{"cell":"R0C2","value":"3"}]"#,
            r#","xsum":[{"cell":"R5C2","value":"6"}]"#,
            r#","skyscraper":[{"cell":"R2C0","value":"2"}]"#,
            r#","odd":[{"cell":"R1C1"}],"even":[{"cell":"R1C2"}]"#,
            r#","minimum":[{"cell":"R1C1"}],"maximum":[{"cell":"R4C4"}]"#,
            r#","quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,2]}]"#,
            r#","candidates":[{"cell":"R2C3","values":[1,3,4]}]"#,
            r#","clone":[{"cells":["R1C1"],"cloneCells":["R4C4"]}]"#,
            r#","nonconsecutive":true"#,
            r#","difference":[{"cells":["R1C1","R1C2"]}],"nonconsecutive":true"#,
            r#","greaterthan":[{"cells":["R1C1","R1C2"]}]"#,
            r#","sum":[{"cells":["R1C1","R1C2"],"value":"4"}]"#,
            r#","relation":[{"cells":["R1C1","R3C3"],"pairs":[[1,2],[2,1]]}]"#,
        ];
        for rest in cases {
            let read = fpuzzles::parse(&with(rest)).unwrap_or_else(|e| panic!("{rest}: {e}"));
            assert!(!read.puzzle.rules().constraints().is_empty(), "{rest}");
            let again = fpuzzles::parse(&read.to_json()).unwrap();
            assert_eq!(again, read, "{rest}: {}", read.to_json());
        }
    }

    #[test]
    fn a_pill_reads_left_to_right_and_top_to_bottom() {
        let rest = r#","arrow":[{"cells":["R1C2","R1C1"],"lines":[["R1C2","R2C3"]]}]"#;
        let read = fpuzzles::parse(&with(rest)).unwrap();
        assert_eq!(
            read.puzzle.rules().constraints(),
            [ndoku::Constraint::Arrow {
                circle: vec![0, 1],
                line: vec![6],
            }]
        );
    }

    #[test]
    fn a_bad_item_names_its_key_and_index() {
        let cases = [
            (
                r#","thermometer":[{"lines":[["R1C1","R1C2"]]},{"lines":"R1C1"}]"#,
                "thermometer 2 lines should be a list of lines",
            ),
            (
                r#","xv":[{"cells":["R1C1","R1C2"],"value":"Q"}]"#,
                "xv 1 value should be \"X\" or \"V\"",
            ),
            (
                r#","littlekillersum":[{"cell":"R7C1","direction":"DR","value":"5"}]"#,
                "littlekillersum 1 names cell R7C1, off the 4x4 board",
            ),
            (
                r#","sandwichsum":[{"cell":"R2C2","value":"5"}]"#,
                "sandwich 1 has its clue at R2C2",
            ),
        ];
        for (rest, expected) in cases {
            let err = fpuzzles::parse(&with(rest)).unwrap_err().to_string();
            assert!(err.contains(expected), "{rest}: {err}");
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn constraints_round_trip_through_serde() {
    let rules = Rules::classic(6)
        .unwrap()
        .with_constraint(Constraint::Thermometer {
            cells: vec![0, 1, 2],
            slow: true,
        })
        .unwrap()
        .with_constraint(Constraint::LittleKiller {
            clue: Outside { row: -1, col: 0 },
            direction: Diagonal::DownRight,
            sum: 21,
        })
        .unwrap()
        .with_constraint(Constraint::Negative {
            rule: NegativeRule::Xv,
        })
        .unwrap();
    let puzzle = Puzzle::new(rules);
    let json = serde_json::to_string(&puzzle).unwrap();
    let back: Puzzle = serde_json::from_str(&json).unwrap();
    assert_eq!(back, puzzle);
    assert_eq!(back.rules().constraints(), puzzle.rules().constraints());
    // A constraint that cannot stand is refused on the way in.
    let mut bad: serde_json::Value = serde_json::from_str(&json).unwrap();
    let list = bad["rules"]["constraints"].as_array_mut().unwrap();
    list.push(serde_json::json!({ "Renban": { "cells": [0, 0] } }));
    let err = serde_json::from_value::<Puzzle>(bad)
        .unwrap_err()
        .to_string();
    assert!(err.contains("renban 1 passes through R1C1 twice"), "{err}");
}

#[test]
fn generated_puzzles_under_constraints_are_unique_and_keep_them() {
    use ndoku::generate::VariantGenerator;
    let rules = Rules::classic(4)
        .unwrap()
        .with_constraint(Constraint::Thermometer {
            cells: vec![12, 8, 9],
            slow: false,
        })
        .unwrap()
        .with_constraint(Constraint::Arrow {
            circle: vec![3],
            line: vec![6, 5],
        })
        .unwrap();
    let empty = Puzzle::new(rules.clone());
    let grids = Reference::new().count_variant(&empty, usize::MAX);
    assert!(matches!(grids, Count::Exact(k) if k > 1), "{grids:?}");
    assert_eq!(Solver::new().count(&empty, usize::MAX), grids);
    for seed in 0..4 {
        let made = VariantGenerator::new(rules.clone(), seed)
            .generate()
            .unwrap();
        assert!(rules.check(made.solution.cells()).is_ok());
        assert_eq!(
            Reference::new().count_variant(&made.puzzle, 2),
            Count::Exact(1),
            "{seed}"
        );
        let found = Reference::new()
            .solve_variant(&made.puzzle)
            .solution()
            .unwrap();
        assert_eq!(found.cells(), made.solution.cells());
    }
}

/// The Miracle Sudoku (Mitchell Lee, 2020): anti-king, anti-knight and
/// nonconsecutive, with two givens, has one solution.
#[test]
fn the_miracle_sudoku_has_one_solution() {
    use ndoku::model::ChessRule;
    let rules = Rules::classic(9)
        .unwrap()
        .with_chess(ChessRule::AntiKing)
        .with_chess(ChessRule::AntiKnight)
        .with_constraint(Constraint::Nonconsecutive)
        .unwrap();
    let mut cells = vec![0u16; 81];
    (cells[4 * 9 + 2], cells[5 * 9 + 6]) = (1, 2);
    let puzzle = Puzzle::from_cells(rules.clone(), &cells).unwrap();
    let (count, solution) = Solver::new().count_and_solve(&puzzle, 2);
    assert_eq!(count, Count::Exact(1));
    let solution = solution.unwrap();
    assert!(rules.check(solution.cells()).is_ok());
    let first_row: Vec<u16> = solution.cells()[..9].to_vec();
    assert_eq!(first_row, [4, 8, 3, 7, 2, 6, 1, 5, 9]);
}

#[test]
fn a_game_shows_repeats_a_constraint_forbids() {
    let rules = Rules::classic(9)
        .unwrap()
        .with_constraint(Constraint::Renban { cells: vec![0, 80] })
        .unwrap();
    let mut game = ndoku::Game::new(Puzzle::new(rules));
    let (first, last) = (ndoku::model::Cell::new(0, 0), ndoku::model::Cell::new(8, 8));
    game.enter(first, 5).unwrap();
    game.enter(last, 5).unwrap();
    assert_eq!(game.conflicts(), [(first, last)]);
}

/// Values placed in a grid, as (cell, value).
type Placed = Vec<(usize, u16)>;

#[test]
fn check_names_each_kind_it_finds_broken() {
    let top = Outside { row: -1, col: 0 };
    let cases: Vec<(Constraint, Placed, &str)> = vec![
        (
            Constraint::kropki_white(0, 1),
            vec![(0, 1), (1, 3)],
            "white dot 1 does not hold a difference of 1 at R1C1 and R1C2",
        ),
        (
            Constraint::kropki_black(0, 1),
            vec![(0, 1), (1, 3)],
            "black dot 1 does not hold a ratio of 2 at R1C1 and R1C2",
        ),
        (
            Constraint::x(0, 1),
            vec![(0, 1), (1, 3)],
            "X 1 does not sum to 10 at R1C1 and R1C2",
        ),
        (
            Constraint::greater_than(0, 1),
            vec![(0, 1), (1, 3)],
            "greater-than 1 is not greater at R1C1 and R1C2",
        ),
        (
            Constraint::Odd { cell: 0 },
            vec![(0, 2)],
            "odd cell 1 holds even 2 at R1C1",
        ),
        (
            Constraint::Candidates {
                cell: 5,
                values: vec![1, 3],
            },
            vec![(5, 2)],
            "candidates 1 holds 2 at R2C2, not a listed value",
        ),
        (
            Constraint::Minimum { cell: 5 },
            vec![(5, 3), (1, 1)],
            "minimum 1 at R2C2 is not below R1C2",
        ),
        (
            Constraint::Renban { cells: vec![0, 1] },
            vec![(0, 1), (1, 3)],
            "renban 1 holds 1 and 3, too far apart for 2 cells",
        ),
        (
            Constraint::Whisper {
                cells: vec![0, 1],
                difference: 2,
            },
            vec![(0, 1), (1, 2)],
            "whisper 1 differs by less than 2 at R1C1 and R1C2",
        ),
        (
            Constraint::Palindrome {
                cells: vec![0, 1, 2],
            },
            vec![(0, 1), (2, 2)],
            "palindrome 1 does not mirror at R1C1 and R1C3",
        ),
        (
            Constraint::Sandwich { clue: top, sum: 4 },
            vec![(0, 1), (4, 2), (8, 3), (12, 4)],
            "sandwich 1 does not sum to 4 between 1 and 4",
        ),
        (
            Constraint::Skyscraper {
                clue: top,
                count: 2,
            },
            vec![(0, 1), (4, 2), (8, 3), (12, 4)],
            "skyscraper 1 sees 4, not 2",
        ),
        (
            Constraint::Clones {
                cells: vec![0],
                copies: vec![5],
            },
            vec![(0, 1), (5, 2)],
            "clone 1 does not clone at R1C1 and R2C2",
        ),
        (
            Constraint::Nonconsecutive,
            vec![(0, 1), (1, 2)],
            "nonconsecutive holds consecutive values at R1C1 and R1C2",
        ),
        (
            Constraint::Negative {
                rule: NegativeRule::Xv,
            },
            vec![(0, 1), (1, 4)],
            "negative XV has no mark between at R1C1 and R1C2",
        ),
    ];
    for (c, placed, expected) in cases {
        let rules = Rules::classic(4).unwrap().with_constraint(c).unwrap();
        let mut grid = [0u16; 16];
        for &(cell, v) in &placed {
            grid[cell] = v;
        }
        let err = rules.check(&grid).unwrap_err();
        assert_eq!(err.to_string(), expected);
        assert!(matches!(err, Violation::Constraint { .. }));
    }
}
