//! Aligned exclusion: aligned pair (SE 6.2) and triplet (SE 7.5) exclusion, in SE's search order.

use super::grid::{Candidates, bit, values_of};
use super::step::{Step, Technique};
use crate::sort::SmallSort;

/// The cells that may take part, in row-major order, with their excluders.
struct Bases {
    /// The base cells: two candidates or more, no peer with one, and at
    /// least one excluder.
    cells: Vec<usize>,
    /// For each base cell, its excluders as a bit set of cells (`words`
    /// words a base cell): peers with two to `degree` candidates.
    excluders: Vec<u64>,
    /// Whether a cell is a base cell, as a bit set of cells.
    is_base: Vec<u64>,
    words: usize,
}

impl Bases {
    fn new(g: &Candidates, degree: u32) -> Self {
        let cells_total = g.masks.len();
        let words = cells_total.div_ceil(64);
        let mut bases = Self {
            cells: Vec::new(),
            excluders: Vec::new(),
            is_base: vec![0; words],
            words,
        };
        let mut set = vec![0u64; words];
        for c in 0..cells_total {
            if g.masks[c].count_ones() < 2 {
                continue;
            }
            set.fill(0);
            let mut single = false;
            let mut any = false;
            for &p in &g.layout.peers[c] {
                match g.masks[p as usize].count_ones() {
                    1 => single = true,
                    k if k >= 2 && k <= degree => {
                        set[p as usize / 64] |= 1 << (p % 64);
                        any = true;
                    }
                    _ => {}
                }
            }
            // SE skips a cell beside a naked single, and one nothing excludes from.
            if !single && any {
                bases.is_base[c / 64] |= 1 << (c % 64);
                bases.cells.push(c);
                bases.excluders.extend_from_slice(&set);
            }
        }
        bases
    }

    /// The excluders of the `i`th base cell.
    fn of(&self, i: usize) -> &[u64] {
        &self.excluders[i * self.words..(i + 1) * self.words]
    }
}

/// The cells of a bit set, in increasing order.
fn members(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(w, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                w * 64 + b
            })
        })
    })
}

/// Two cells (any two, as in SE: they need not see each other) that both
/// see two or more bivalue cells: a pair of their values that would take
/// both candidates of one of those, or repeat a value in a house, is out;
/// a value of a base cell left in no allowed pair leaves it.
pub(crate) fn pair(g: &Candidates) -> Option<Step> {
    let bases = Bases::new(g, 2);
    let k = bases.cells.len();
    let mut common = vec![0u64; bases.words];
    // SE's order: the second cell's index outer, the first's inner.
    for j in 1..k {
        for i in 0..j {
            for (w, slot) in common.iter_mut().enumerate() {
                *slot = bases.of(i)[w] & bases.of(j)[w];
            }
            if common.iter().map(|w| w.count_ones()).sum::<u32>() < 2 {
                continue;
            }
            let cells = [bases.cells[i], bases.cells[j]];
            if !pair_excludes(g, cells, &common) {
                continue;
            }
            if let Some(step) = exclude(g, &cells, &common) {
                return Some(step);
            }
        }
    }
    None
}

/// Whether a value of one of `cells` is in no allowed pair, without
/// building the step: a bivalue excluder holding x rules out only the
/// partner value its other candidate.
fn pair_excludes(g: &Candidates, cells: [usize; 2], common: &[u64]) -> bool {
    let (m0, m1) = (g.masks[cells[0]], g.masks[cells[1]]);
    let sees = g.layout.sees(cells[0], cells[1]);
    let mut allowed1 = 0;
    for v in values_of(m0) {
        let x = bit(v);
        let mut blocked = if sees { x } else { 0 };
        for e in members(common) {
            let m = g.masks[e];
            if m & x != 0 {
                blocked |= m & !x;
            }
        }
        let partners = m1 & !blocked;
        if partners == 0 {
            return true;
        }
        allowed1 |= partners;
    }
    m1 & !allowed1 != 0
}

/// Three cells: a first pair as in [`pair`], and a third that one of them
/// sees with two or three candidates; the three see two or more cells of
/// two or three candidates in common. A triple of values that would take
/// every candidate of one of those, or repeat in a house, is out.
pub(crate) fn triplet(g: &Candidates) -> Option<Step> {
    let bases = Bases::new(g, 3);
    let k = bases.cells.len();
    if k < 3 {
        return None;
    }
    let words = bases.words;
    let mut pair_common = vec![0u64; words];
    let mut common = vec![0u64; words];
    let mut tail: Vec<usize> = Vec::new();
    for j in 1..k {
        for i in 0..j {
            let (c0, c1) = (bases.cells[i], bases.cells[j]);
            let (e0, e1) = (bases.of(i), bases.of(j));
            let mut enough = false;
            for w in 0..words {
                pair_common[w] = e0[w] & e1[w];
                enough |= pair_common[w] != 0;
            }
            // The three share at least two excluders, so the first two must.
            if !enough || pair_common.iter().map(|w| w.count_ones()).sum::<u32>() < 2 {
                continue;
            }
            // The third cell: an excluder of the first, then of the second,
            // that is a base cell itself (SE's order).
            tail.clear();
            tail.extend(members(e0).filter(|&c| c != c1 && is_in(&bases.is_base, c)));
            tail.extend(
                members(e1).filter(|&c| c != c0 && !is_in(e0, c) && is_in(&bases.is_base, c)),
            );
            for &c2 in &tail {
                let Ok(idx) = bases.cells.binary_search(&c2) else {
                    continue;
                };
                let e2 = bases.of(idx);
                let mut count = 0;
                for w in 0..words {
                    common[w] = pair_common[w] & e2[w];
                    count += common[w].count_ones();
                }
                if count < 2 {
                    continue;
                }
                if let Some(step) = exclude(g, &[c0, c1, c2], &common) {
                    return Some(step);
                }
            }
        }
    }
    None
}

fn is_in(set: &[u64], c: usize) -> bool {
    set[c / 64] & 1 << (c % 64) != 0
}

/// Calls `visit` on every way to give each cell (three at most) one of
/// its values.
fn each_combination(masks: &[u64], visit: &mut impl FnMut(&[u16])) {
    fn go(masks: &[u64], at: usize, values: &mut [u16; 3], visit: &mut impl FnMut(&[u16])) {
        if at == masks.len() {
            visit(&values[..at]);
            return;
        }
        for v in values_of(masks[at]) {
            values[at] = v;
            go(masks, at + 1, values, visit);
        }
    }
    go(masks, 0, &mut [0; 3], visit);
}

/// The step for base `cells` and their common excluders, when some value
/// of a base cell is in no allowed combination.
fn exclude(g: &Candidates, cells: &[usize], common: &[u64]) -> Option<Step> {
    let d = cells.len();
    let mut masks = [0u64; 3];
    let mut sees = [[false; 3]; 3];
    for a in 0..d {
        masks[a] = g.masks[cells[a]];
        for b in a + 1..d {
            sees[a][b] = g.layout.sees(cells[a], cells[b]);
        }
    }
    let masks = &masks[..d];
    // What rules a combination out: `Some(None)` a repeat in a house,
    // `Some(Some(e))` excluder `e` left empty; `None` when it is allowed.
    let verdict = |values: &[u16]| -> Option<Option<usize>> {
        let repeat = (0..d).any(|a| (a + 1..d).any(|b| values[a] == values[b] && sees[a][b]));
        if repeat {
            return Some(None);
        }
        let union = values.iter().fold(0u64, |m, &v| m | bit(v));
        members(common)
            .find(|&e| g.masks[e] & !union == 0)
            .map(Some)
    };
    // Which values of each base cell some allowed combination uses.
    let mut allowed = [0u64; 3];
    each_combination(masks, &mut |values| {
        if verdict(values).is_none() {
            for (a, &v) in allowed.iter_mut().zip(values) {
                *a |= bit(v);
            }
        }
    });
    let eliminations: Vec<(usize, u16)> = cells
        .iter()
        .zip(masks.iter().zip(&allowed))
        .flat_map(|(&c, (&m, &a))| values_of(m & !a).map(move |v| (c, v)))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    // The excluders that rule out a combination using a removed value.
    let mut lockers: Vec<usize> = Vec::new();
    each_combination(masks, &mut |values| {
        let relevant = (0..d).any(|i| allowed[i] & bit(values[i]) == 0);
        if let Some(Some(e)) = verdict(values).filter(|_| relevant)
            && !lockers.contains(&e)
        {
            lockers.push(e);
        }
    });
    lockers.sort_small();
    Some(step(g, cells, eliminations, &lockers))
}

/// The step: its eliminations, the base cells and excluders, and why.
fn step(
    g: &Candidates,
    cells: &[usize],
    eliminations: Vec<(usize, u16)>,
    lockers: &[usize],
) -> Step {
    let technique = if cells.len() == 2 {
        Technique::AlignedPairExclusion
    } else {
        Technique::AlignedTripletExclusion
    };
    let names: Vec<String> = cells.iter().map(|&c| g.cell_name(c).to_string()).collect();
    let seen: Vec<String> = lockers
        .iter()
        .map(|&c| format!("{} ({})", g.cell_name(c), g.list(g.masks[c])))
        .collect();
    let out: Vec<String> = eliminations
        .iter()
        .map(|&(c, v)| format!("{} in {}", g.v(v), g.cell_name(c)))
        .collect();
    let text = format!(
        "{}: {} {} see {}, and every way to fill them with {} takes all of one of those or repeats a value in a house, so {} must go",
        technique.name(),
        join(&names, "and"),
        if cells.len() == 2 { "both" } else { "all" },
        join(&seen, "and"),
        join(&out, "or"),
        if out.len() == 1 { "it" } else { "they" }
    );
    let shown: Vec<usize> = cells.iter().chain(lockers).copied().collect();
    Step::new(technique, text)
        .remove(eliminations)
        .cells(shown.iter().copied())
        .marks(
            shown
                .iter()
                .flat_map(|&c| values_of(g.masks[c]).map(move |v| (c, v))),
        )
}

/// "a, b and c" (or `word` in place of "and").
fn join(items: &[String], word: &str) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::logic::Logic;
    use crate::model::puzzle::Puzzle;
    use crate::model::rules::Rules;

    /// A 9×9 grid from 729 pencil marks (SE's format: nine places a cell,
    /// a digit where it is a candidate): a cell with one mark is filled.
    fn from_marks(marks: &str) -> Candidates {
        let rules = Arc::new(Rules::classic(9).unwrap());
        let b = marks.as_bytes();
        let mask_of = |c: usize| {
            (0..9).fold(0u64, |m, v| {
                m | u64::from(b[c * 9 + v].is_ascii_digit()) << v
            })
        };
        let values: Vec<u16> = (0..81)
            .map(|c| {
                let m = mask_of(c);
                if m.count_ones() == 1 {
                    m.trailing_zeros() as u16 + 1
                } else {
                    0
                }
            })
            .collect();
        let mut g = Candidates::from_variant(&Puzzle::from_cells(rules, &values).unwrap()).unwrap();
        for c in (0..81).filter(|&c| values[c] == 0) {
            g.masks[c] = mask_of(c);
        }
        g.refresh();
        g
    }

    /// From puzzle 901006080600000500080300096100030000020060050000080009340007020002000008010500403
    /// (SE 7.5), the first step the vendored SE takes there: aligned
    /// triplet exclusion on R1C7, R3C6 and R1C9.
    const TRIPLET: &str = concat!(
        "........9..3.5.7..1.........2.4......2.45.7.......6....23...7.........8..2.4..7.",
        "......6.....3...7.....4..7..12.4...8912.4..7.912.4...89....5....1.34..7..12.4...",
        "...2..............8....45.7....3......1..45.7..1..4.....1.....7..........9.....6",
        "...1............567.9....56789.2.4..7.9..3.......2.45...9.2...678....4.67...2.4.",
        ".7.....4..78..2.........3...7891..4..7.9.....6...1..4....91.3...78.....5....1..4",
        "..7.....45.7......567....3.567..12.4..7.........8.12.45....123..67..1.34.67.....",
        ".....9..3.........4..........6.891....6.891.......9......7..1....6..9.2.........",
        "..5........5.7......567.9.2.......1..4.6..91..4....9..3......1.....7.91.....7...",
        "......8.......78.1.............6789....5.....2......9.2.....89...4..........67..",
        "..3......",
    );

    #[test]
    fn nine_by_nine_triplet_is_the_next_step_where_se_takes_it() {
        let g = from_marks(TRIPLET);
        let step = triplet(&g).unwrap();
        assert_eq!(step.technique, Technique::AlignedTripletExclusion);
        assert_eq!(step.eliminations, vec![(6, 2)]);
        assert_eq!(&step.highlight.cells[..3], &[6, 23, 8]);
        assert!(aligned_pair_finds_nothing(&g));
        // Every rung before it, chains included, finds nothing.
        let next = Logic::new().assume_unique(true).next_step(&g).unwrap();
        assert_eq!(next, g.finish(step.clone()));
        assert!(
            step.explanation()
                .starts_with("aligned triplet exclusion: R1C7, R3C6 and R1C9 all see ")
        );
    }

    fn aligned_pair_finds_nothing(g: &Candidates) -> bool {
        pair(g).is_none()
    }

    /// From puzzle 005040703400006050702010080500000100000571000003000009090050807050400002607080300
    /// (SE 5.5), where the ladder below aligned pair exclusion stops.
    /// (SE takes a WXYZ-Wing first there: an aligned pair whose second
    /// cell has k values is a wing of k + 1 cells, so SE's pair, after
    /// the wings of up to five cells, is seldom met.)
    const PAIR: &str = concat!(
        "1.......91....6.......5.....2.....89...4......2.....89......7...2...6..9..3......",
        "...4.......3....8........89......7...23.....9.....6....2......9....5....1........",
        "......7....3..6....2.........3.....91............5.......4.6..9.......8....4.6...",
        "....5.....2.4..78....4.6.8..23....89.23..6..9.234...891.........2...67.....4.6.8.",
        ".2.....89.2.4...8....4.6.89....5..........7..1.........2.4.6.....3.........4.6.8.",
        "12.....8.12.4..78...3.......2...6.8..2...6....2.4...8.....5.....2...67..........9",
        ".23..............91..4.....1....6.......5.....23.............8.1..4.6.........7..",
        "..3....8.....5....1......8....4.......3..6..9......7.......6..91....6..9.2.......",
        ".....6....2.4...........7..12......9.......8..2......9..3......1..4....9....5....",
    );

    #[test]
    fn nine_by_nine_pair_where_easier_rungs_stop() {
        use crate::logic::{
            big_wings, fish, intersections, links, singles, subsets, unique, wings,
        };
        let g = from_marks(PAIR);
        let easier = [
            singles::hidden_single(&g),
            singles::naked_single(&g),
            intersections::locking(&g, false),
            subsets::naked(&g, 2),
            subsets::naked(&g, 3),
            subsets::naked(&g, 4),
            subsets::hidden(&g, 2, false),
            subsets::hidden(&g, 3, false),
            subsets::hidden(&g, 4, false),
            fish::fish(&g, 2, false),
            fish::fish(&g, 3, false),
            fish::fish(&g, 4, false),
            links::two_links(&g),
            wings::xy_wing(&g, false),
            wings::xy_wing(&g, true),
            unique::unique_loop(&g),
            links::link_chains(&g, 3),
            unique::bug(&g),
            links::link_chains(&g, 4),
        ];
        assert!(easier.iter().all(Option::is_none));
        // SE tries the WXYZ-Wing before the pair, and one fires here: on
        // SE's ladder the pair is the wing's, so it is checked on its own.
        assert!(big_wings::wing(&g, 3).is_some());
        let step = pair(&g).unwrap();
        assert_eq!(step.technique, Technique::AlignedPairExclusion);
        // R4C6 = 2 would leave R8C5 (3, 6 or 9) nothing: R6C5, R7C6 and
        // R9C6 each pair 2 with one of them.
        assert_eq!(step.eliminations, vec![(32, 2)]);
        assert_eq!(step.highlight.cells, vec![32, 67, 49, 59, 77]);
        assert_eq!(
            step.explanation(),
            "aligned pair exclusion: R4C6 and R8C5 both see R6C5 (2 and 6), R7C6 (2 and 3) \
             and R9C6 (2 and 9), and every way to fill them with 2 in R4C6 takes all of one \
             of those or repeats a value in a house, so it must go"
        );
    }

    #[test]
    fn nine_by_nine_triplet_sets_the_rating() {
        let line =
            "004071089300000400091600000100000930000080000069000002000007390003000005540920700";
        let cells: Vec<u16> = line.bytes().map(|b| u16::from(b - b'0')).collect();
        let puzzle = Puzzle::from_cells(Rules::classic(9).unwrap(), &cells).unwrap();
        let rating = Logic::new().assume_unique(true).rate(&puzzle).unwrap();
        assert_eq!(rating.tenths(), Some(75), "{rating}");
        assert_eq!(rating.hardest, Some(Technique::AlignedTripletExclusion));
    }

    /// A 6×6 board of 2×3 boxes, every candidate but those cut.
    fn six(cut: &[(usize, &[u16])]) -> Candidates {
        let rules = Rules::boxes(2, 3).unwrap();
        let mut g = Candidates::from_variant(&Puzzle::new(rules)).unwrap();
        for &(c, values) in cut {
            for &v in values {
                g.masks[c] &= !bit(v);
            }
        }
        g.refresh();
        g
    }

    #[test]
    fn six_by_six_pair_removes_a_value_no_partner_allows() {
        // R1C2 holds 1, 2 or 3; R2C1 {1, 2} and R2C2 {1, 3} see R1C1 and
        // R1C2. With 1 in R1C1, R1C2 can be neither 1 (the row), 2 (R2C1
        // would be empty) nor 3 (R2C2 would be).
        let g = six(&[(1, &[4, 5, 6]), (6, &[3, 4, 5, 6]), (7, &[2, 4, 5, 6])]);
        let step = pair(&g).unwrap();
        assert_eq!(step.technique, Technique::AlignedPairExclusion);
        assert_eq!(step.eliminations, vec![(0, 1)]);
        assert_eq!(step.highlight.cells, vec![0, 1, 6, 7]);
        // The same marks on a jigsaw whose regions part R2C1 from R1C2 and
        // R2C2 from R1C1: no cell sees both, so nothing is excluded.
        let jigsaw = Rules::jigsaw(
            6,
            &[
                0, 1, 1, 1, 1, 1, 0, 2, 2, 2, 2, 1, 0, 2, 2, 3, 3, 3, 0, 4, 4, 3, 3, 3, 0, 4, 4, 4,
                4, 5, 0, 5, 5, 5, 5, 5,
            ],
        )
        .unwrap();
        let mut g = Candidates::from_variant(&Puzzle::new(jigsaw)).unwrap();
        for (c, keep) in [(1, 0b111u64), (6, 0b11), (7, 0b101)] {
            g.masks[c] = keep;
        }
        g.refresh();
        assert!(pair(&g).is_none());
    }
}
