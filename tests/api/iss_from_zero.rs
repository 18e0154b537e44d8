//! ISS puzzles with values from 0 (`.Shape~9x9~0-8`): read, solved, and written back in their own values.

use ndoku::text::iss;
use ndoku::{Puzzle, Solver};
use proptest::prelude::*;

/// A 6×6 grid (boxes of 2×3) with values 0 to 5, row by row.
const SIX: &str = "\
    012345\
    345012\
    123450\
    450123\
    234501\
    501234";

/// The 0-based value of each character of a solution line (`0`-`9`, `A`-`Z`).
fn digits(line: &str) -> Vec<u32> {
    line.chars()
        .map(|c| c.to_digit(36).expect("a value"))
        .collect()
}

/// ISS's name of cell `i` on a board of side `n`.
fn id(i: usize, n: usize) -> String {
    format!("R{}C{}", i / n + 1, i % n + 1)
}

/// Givens of every cell of `grid` but `free`, as an ISS given list.
fn givens_but(grid: &[u32], n: usize, free: &[usize]) -> String {
    let list: Vec<String> = (0..n * n)
        .filter(|i| !free.contains(i))
        .map(|i| format!("{}_{}", id(i, n), grid[i]))
        .collect();
    format!(".~{}", list.join("~"))
}

/// Reads `text`, checks its one solution prints as `want` in 0-based
/// values, and that the text it writes reads back as the same puzzle.
fn solves_to(text: &str, want: &str) -> Puzzle {
    let puzzle = iss::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(puzzle.first_value(), 0);
    let all = Solver::new().solutions(&puzzle, 2);
    assert_eq!(all.len(), 1, "{text}: {} solutions", all.len());
    assert_eq!(all[0].to_string(), want, "{text}");
    let written = iss::to_text(&puzzle).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(written.starts_with(".Shape~6x6~0-5"), "{written}");
    assert_eq!(iss::parse(&written).unwrap(), puzzle, "{text} -> {written}");
    puzzle
}

/// Each type whose meaning moves with values from 0: a 6×6 puzzle whose
/// only free cells are the constraint's, so the planted 0-based solution
/// is found only when the constraint is lowered with the right offset.
#[test]
fn each_lowered_type_keeps_its_zero_based_meaning() {
    let g = digits(SIX);
    let shape = ".Shape~6x6~0-5";
    let cases: Vec<(String, Vec<usize>)> = vec![
        // R1C1 + R1C2 = 0 + 1 (cells of a cage differ).
        (".Cage~1~R1C1~R1C2".into(), vec![0, 1]),
        // R1C3 + R2C3 = 2 + 5.
        (".Sum~7~R1C3~R2C3".into(), vec![2, 8]),
        // V: R2C4 + R2C3 = 0 + 5.
        (".V~R2C4~R2C3".into(), vec![9, 8]),
        // Black dot: 1 and 2 at R1C2, R1C3 (0-based 2 = 2·1).
        (".BlackDot~R1C2~R1C3".into(), vec![1, 2]),
        // White dot, greater-than, thermometer: unchanged.
        (".WhiteDot~R3C1~R3C2".into(), vec![12, 13]),
        // An arrow of one line cell: equal values, R1C1 and R3C6 (0).
        (".Arrow~R1C1~R3C6".into(), vec![0, 17]),
        // A little killer down-right from R1C1: 0+4+3+1+0+4 = 12.
        (".LittleKiller~12~R1C1".into(), vec![0, 7]),
        // Odd and even cells, given as lists of 0-based values.
        (".~R2C2_0_2_4.~R2C5_1_3_5".into(), vec![7, 10]),
        // A quadruple at R5C5: values 0, 1, 2, 3 around it.
        (".Quad~R5C5~0~1".into(), vec![28, 35]),
    ];
    for (constraint, free) in cases {
        let text = format!("{shape}{constraint}{}", givens_but(&g, 6, &free));
        solves_to(&text, SIX);
    }
}

/// With the givens gone from two cells of a row, the constraint alone
/// tells them apart: the right offset picks the planted order.
#[test]
fn sums_pick_the_planted_order() {
    let g = digits(SIX);
    // R1C1, R1C4, R2C1, R2C4 hold 0, 3 / 3, 0: the houses allow them
    // swapped too; R1C1 + R1C2 = 0 + 1 tells the planted one.
    let free = [0, 3, 6, 9];
    let open = iss::parse(&format!(".Shape~6x6~0-5{}", givens_but(&g, 6, &free))).unwrap();
    assert_eq!(Solver::new().solutions(&open, 3).len(), 2);
    let text = format!(".Shape~6x6~0-5.Sum~1~R1C1~R1C2{}", givens_but(&g, 6, &free));
    solves_to(&text, SIX);
    // X on 6×6 asks for 10: 5 + 5 only, never in a row; 4 + 6 is no value.
    let x = iss::parse(".Shape~6x6~0-5.X~R1C1~R1C2").unwrap();
    assert_eq!(Solver::new().solutions(&x, 1).len(), 0);
    // V: R1C1 (0) beside nothing summing to 5 but 5 itself: R1C2 = 5.
    let v = iss::parse(".Shape~6x6~0-5.V~R1C1~R1C2.~R1C1_0").unwrap();
    let all = Solver::new().solutions(&v, 50);
    assert!(!all.is_empty());
    assert!(all.iter().all(|s| s.to_string().starts_with("05")));
}

#[test]
fn killer_of_iss_examples_reads_and_round_trips() {
    let text = ".Shape~9x9~0-8.Cage~3~R1C1~R2C1.Cage~0~R3C1~R3C2.~R9C9_8~R1C1_0";
    let p = iss::parse(text).unwrap();
    assert_eq!(p.rules().cages()[0].sum(), Some(5)); // 3 + 2 cells
    assert_eq!(p.rules().cages()[1].sum(), None); // 0: no sum, as in ISS
    assert_eq!((p.get(8, 8), p.get(0, 0)), (Some(9), Some(1)));
    let written = iss::to_text(&p).unwrap();
    assert_eq!(
        written,
        ".Shape~9x9~0-8.Cage~3~R1C1~R2C1.Cage~~R3C1~R3C2.~R1C1_0~R9C9_8"
    );
    assert_eq!(iss::parse(&written).unwrap(), p);
    // Printed in its own values: the givens 0 and 8, `.` for empty.
    assert!(p.to_string().starts_with("0........"));
    assert!(p.to_string().ends_with(".8"));
    assert!(p.to_tokens().ends_with(". 8"));
    // The same text from 1 is another puzzle.
    let one = iss::parse(&text.replace("~0-8", "~1-9").replace("_0", "_1")).unwrap();
    assert_eq!(one.first_value(), 1);
    assert_ne!(one.rules(), p.rules());
}

#[test]
fn types_with_no_exact_form_are_named() {
    for (text, name) in [
        (".Shape~9x9~0-8.Arrow~R1C1~R1C2~R1C3", "Arrow"),
        (".Shape~9x9~0-8.Sandwich~10~R1", "Sandwich"),
        (".Shape~9x9~0-8.XSum~R1~10~", "XSum"),
        (".Shape~9x9~0-8.Skyscraper~R1~3~", "Skyscraper"),
        (".Shape~9x9~0-8.PillArrow~2~R1C1~R1C2~R2C2", "PillArrow"),
        (".Shape~9x9~0-8.Entropic~R1C1~R1C2~R1C3", "Entropic"),
        (".Shape~9x9~0-8.Zipper~R1C1~R1C2~R1C3", "Zipper"),
        (".Shape~9x9~0-8.DoubleArrow~R1C1~R1C2~R1C3", "DoubleArrow"),
        (
            ".Shape~9x9~0-8.RegionSumLine~R1C3~R1C4~R1C5~R1C6~R1C7",
            "RegionSumLine",
        ),
        (
            &format!(".Shape~9x9~0-8\n\n1{}", ".".repeat(80)),
            "puzzle line",
        ),
    ] {
        let err = iss::parse(text).unwrap_err().to_string();
        let want = format!("unsupported constraint \"{name}\" with values from 0 at");
        assert!(err.starts_with(&want), "{text}: {err}");
    }
    // Pieces of one length: the same offset each, so the line reads.
    assert!(iss::parse(".Shape~9x9~0-8.RegionSumLine~R1C2~R1C3~R1C4~R1C5").is_ok());
    // Values past the range.
    let err = iss::parse(".Shape~9x9~0-8.~R1C1_9")
        .unwrap_err()
        .to_string();
    assert!(err.contains("values from 0 to N-1"), "{err}");
    let err = iss::parse(".Shape~9x9~2-10").unwrap_err().to_string();
    assert!(err.contains("unsupported shape \"9x9~2-10\""), "{err}");
}

/// A small random planted grid, a few constraints of several types derived
/// from it in 0-based terms, and a checker of its own.
mod planted {
    /// A constraint as the test states it: ISS text and its 0-based check.
    pub enum Rule {
        Cage(Vec<usize>, u32),
        Sum(Vec<usize>, u32),
        V(usize, usize),
        X(usize, usize),
        Black(usize, usize),
        White(usize, usize),
        Greater(usize, usize),
        Equal(usize, usize),
        Killer(usize, u32),
        Parity(usize, u32),
        Quad(usize, Vec<u32>),
        /// No unmarked pair of neighbours is an X or V (`xv`), or a
        /// Kropki pair: the marks are the rule's pairs of that kind.
        Strict(bool, Vec<(usize, usize)>),
        Given(usize, u32),
    }

    /// The cells of the diagonal down-right from the left edge at `row`.
    pub fn diagonal(row: usize, n: usize) -> Vec<usize> {
        (0..n - row).map(|i| (row + i) * n + i).collect()
    }

    impl Rule {
        pub fn text(&self, n: usize) -> String {
            let id = |i: usize| super::id(i, n);
            let list = |cells: &[usize]| {
                cells
                    .iter()
                    .map(|&c| format!("~{}", id(c)))
                    .collect::<String>()
            };
            match self {
                Rule::Cage(c, s) => format!(".Cage~{s}{}", list(c)),
                Rule::Sum(c, s) => format!(".Sum~{s}{}", list(c)),
                Rule::V(a, b) => format!(".V~{}~{}", id(*a), id(*b)),
                Rule::X(a, b) => format!(".X~{}~{}", id(*a), id(*b)),
                Rule::Black(a, b) => format!(".BlackDot~{}~{}", id(*a), id(*b)),
                Rule::White(a, b) => format!(".WhiteDot~{}~{}", id(*a), id(*b)),
                Rule::Greater(a, b) => format!(".GreaterThan~{}~{}", id(*a), id(*b)),
                Rule::Equal(a, b) => format!(".Arrow~{}~{}", id(*a), id(*b)),
                Rule::Killer(row, s) => format!(".LittleKiller~{s}~{}", id(row * n)),
                Rule::Parity(c, p) => {
                    let v: Vec<String> = (0..n as u32)
                        .filter(|v| v % 2 == *p)
                        .map(|v| v.to_string())
                        .collect();
                    format!(".~{}_{}", id(*c), v.join("_"))
                }
                Rule::Quad(c, v) => {
                    let v: String = v.iter().map(|v| format!("~{v}")).collect();
                    format!(".Quad~{}{v}", id(*c))
                }
                Rule::Given(c, v) => format!(".~{}_{v}", id(*c)),
                Rule::Strict(true, _) => ".StrictXV".into(),
                Rule::Strict(false, _) => ".StrictKropki".into(),
            }
        }

        /// Whether 0-based values `g` keep it.
        pub fn holds(&self, g: &[u32], n: usize) -> bool {
            match self {
                Rule::Cage(c, s) => {
                    let mut seen: Vec<u32> = c.iter().map(|&i| g[i]).collect();
                    seen.sort_unstable();
                    seen.dedup();
                    seen.len() == c.len() && c.iter().map(|&i| g[i]).sum::<u32>() == *s
                }
                Rule::Sum(c, s) => c.iter().map(|&i| g[i]).sum::<u32>() == *s,
                Rule::V(a, b) => g[*a] + g[*b] == 5,
                Rule::X(a, b) => g[*a] + g[*b] == 10,
                Rule::Black(a, b) => g[*a] == 2 * g[*b] || g[*b] == 2 * g[*a],
                Rule::White(a, b) => g[*a].abs_diff(g[*b]) == 1,
                Rule::Greater(a, b) => g[*a] > g[*b],
                Rule::Equal(a, b) => g[*a] == g[*b],
                Rule::Killer(row, s) => diagonal(*row, n).iter().map(|&i| g[i]).sum::<u32>() == *s,
                Rule::Parity(c, p) => g[*c] % 2 == *p,
                Rule::Quad(c, v) => {
                    let mut around = vec![g[*c], g[c + 1], g[c + n], g[c + n + 1]];
                    v.iter().all(|x| match around.iter().position(|y| y == x) {
                        Some(k) => {
                            around.swap_remove(k);
                            true
                        }
                        None => false,
                    })
                }
                Rule::Given(c, v) => g[*c] == *v,
                Rule::Strict(xv, marked) => super::neighbours(n)
                    .into_iter()
                    .filter(|p| !marked.contains(p))
                    .all(|(i, j)| {
                        let (a, b) = (g[i], g[j]);
                        if *xv {
                            a + b != 5 && a + b != 10
                        } else {
                            a.abs_diff(b) != 1 && a != 2 * b && b != 2 * a
                        }
                    }),
            }
        }
    }
}

/// A random solved grid with values 0 to N-1 under boxes of 2×(N/2) (N
/// of 4 or 6): a pattern with its values, bands' rows and stacks' columns
/// shuffled by `seed`.
fn planted_grid(n: usize, seed: u64) -> Vec<u32> {
    let w = n / 2;
    let mut s = seed | 1;
    let mut next = |k: usize| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % k as u64) as usize
    };
    let mut values: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        values.swap(i, next(i + 1));
    }
    let mut rows: Vec<usize> = (0..n).collect();
    for band in rows.chunks_mut(2) {
        if next(2) == 1 {
            band.swap(0, 1);
        }
    }
    let mut cols: Vec<usize> = (0..n).collect();
    for stack in cols.chunks_mut(w) {
        for i in (1..w).rev() {
            stack.swap(i, next(i + 1));
        }
    }
    // Rows in bands of two, each band's second row a half turn on.
    let pattern = |r: usize, c: usize| (c + w * (r % 2) + r / 2) % n;
    (0..n * n)
        .map(|i| values[pattern(rows[i / n], cols[i % n])])
        .collect()
}

/// Every pair of orthogonal neighbours, the earlier cell first.
fn neighbours(n: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for i in 0..n * n {
        for j in [i + 1, i + n] {
            if j < n * n && (j != i + 1 || !j.is_multiple_of(n)) {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

/// Rules derived from the planted grid `g`: each true of it in 0-based
/// terms; with the top bit of `seed`, every X, V and Kropki pair marked
/// under ISS's negative rules, `StrictXV` and `StrictKropki`.
fn derive(g: &[u32], n: usize, seed: u64) -> Vec<planted::Rule> {
    use planted::Rule;
    let mut out = Vec::new();
    let pick = |k: u64, m: usize| ((seed >> (k * 5)) % m as u64) as usize;
    let r = pick(0, n);
    // A cage of two cells of a row.
    let (a, b) = (r * n + pick(1, n - 1), r * n + n - 1);
    out.push(Rule::Cage(vec![a, b], g[a] + g[b]));
    // A sum down a column.
    let c = pick(2, n);
    out.push(Rule::Sum(
        vec![c, n + c, 2 * n + c],
        g[c] + g[n + c] + g[2 * n + c],
    ));
    // A little killer from the left edge.
    let row = pick(3, n - 1);
    out.push(Rule::Killer(
        row,
        planted::diagonal(row, n).iter().map(|&i| g[i]).sum(),
    ));
    let pairs = neighbours(n);
    if seed >> 63 == 1 {
        let (mut xv, mut kropki) = (Vec::new(), Vec::new());
        for &(i, j) in &pairs {
            let (a, b) = (g[i], g[j]);
            if a + b == 5 {
                out.push(Rule::V(i, j));
                xv.push((i, j));
            } else if a + b == 10 {
                out.push(Rule::X(i, j));
                xv.push((i, j));
            }
            if a.abs_diff(b) == 1 {
                out.push(Rule::White(i, j));
                kropki.push((i, j));
            } else if a == 2 * b || b == 2 * a {
                out.push(Rule::Black(i, j));
                kropki.push((i, j));
            }
        }
        out.push(Rule::Strict(true, xv));
        out.push(Rule::Strict(false, kropki));
    }
    // Every pair of orthogonal neighbours that is a V, a black or white
    // dot, up to a few, and greater-than marks.
    let start = pick(4, pairs.len());
    let (mut v, mut black, mut white, mut greater) = (0, 0, 0, 0);
    for k in 0..pairs.len() {
        let (i, j) = pairs[(start + k) % pairs.len()];
        if g[i] + g[j] == 5 && v < 2 {
            out.push(Rule::V(i, j));
            v += 1;
        } else if g[i] != 0 && g[j] != 0 && (g[i] == 2 * g[j] || g[j] == 2 * g[i]) && black < 2 {
            out.push(Rule::Black(i, j));
            black += 1;
        } else if g[i].abs_diff(g[j]) == 1 && white < 2 {
            out.push(Rule::White(i, j));
            white += 1;
        } else if greater < 3 {
            let (hi, lo) = if g[i] > g[j] { (i, j) } else { (j, i) };
            out.push(Rule::Greater(hi, lo));
            greater += 1;
        }
    }
    // An arrow of one line cell: two cells of one value.
    let first = pick(5, n * n);
    if let Some(other) =
        (0..n * n).find(|&o| o / n != first / n && o % n != first % n && g[o] == g[first])
    {
        out.push(Rule::Equal(first, other));
    }
    let cell = pick(6, n * n);
    out.push(Rule::Parity(cell, g[cell] % 2));
    let top = pick(7, n - 1) * n + pick(8, n - 1);
    out.push(Rule::Quad(top, vec![g[top], g[top + n + 1]]));
    // A couple of givens, 0 among them when it falls there.
    for k in [10, 11] {
        let c = pick(k, n * n);
        out.push(Rule::Given(c, g[c]));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A planted 0-based solution and rules derived from it: the puzzle
    /// has solutions, and every one found keeps each rule when checked in
    /// 0-based values, read from the solution as printed.
    #[test]
    fn every_solution_keeps_the_zero_based_rules(six in any::<bool>(), seed in any::<u64>()) {
        let n = if six { 6 } else { 4 };
        let g = planted_grid(n, seed);
        let rules = derive(&g, n, seed);
        prop_assert!(rules.iter().all(|r| r.holds(&g, n)), "the test's own rules");
        let text = format!(".Shape~{n}x{n}~0-{}", n - 1)
            + &rules.iter().map(|r| r.text(n)).collect::<String>();
        let puzzle = iss::parse(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        let all = Solver::new().solutions(&puzzle, 200);
        prop_assert!(!all.is_empty(), "{}: no solution, yet {:?} keeps it", text, g);
        for s in &all {
            let found = digits(&s.to_string());
            for r in &rules {
                prop_assert!(r.holds(&found, n), "{}: {} broken by {}", text, r.text(n), s);
            }
        }
        // Written back and read again: the same puzzle.
        let written = iss::to_text(&puzzle).unwrap();
        prop_assert_eq!(iss::parse(&written).unwrap(), puzzle);
    }
}
