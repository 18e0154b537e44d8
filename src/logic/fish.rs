//! Fish on rows and columns: X-Wing, Swordfish and Jellyfish, plain (SE's ladder) and finned or sashimi (extras, not rated).

use crate::error::House;

use super::grid::{Candidates, Pool, bit, first_combination, fitting_sets, joined, values_of};
use super::step::{Step, Technique};

/// The rows or the columns, by house index, in order.
pub(crate) fn lines(g: &Candidates, kind: House) -> Vec<usize> {
    (0..g.layout.houses.len())
        .filter(|&h| g.layout.houses[h].kind == kind)
        .collect()
}

/// A fish on value `v`: base lines and the cover lines that cross them,
/// by house index.
struct Fish {
    v: u16,
    bases: Vec<usize>,
    covers: Vec<usize>,
}

impl Fish {
    /// On the base lines `chosen` (indices into `base`), and the cover lines
    /// at the positions of `cover_mask`.
    fn new(v: u16, base: &[usize], chosen: &[usize], cover: &[usize], cover_mask: u64) -> Self {
        Self {
            v,
            bases: chosen.iter().map(|&i| base[i]).collect(),
            covers: values_of(cover_mask)
                .map(|p| cover[p as usize - 1])
                .collect(),
        }
    }

    fn cells<'a>(&self, g: &'a Candidates, lines: &'a [usize]) -> impl Iterator<Item = usize> + 'a {
        lines
            .iter()
            .flat_map(|&h| g.layout.houses[h].cells.iter().map(|&c| c as usize))
    }

    /// The cells of the cover lines outside the base lines that hold `v`
    /// and see every fin.
    fn eliminations(&self, g: &Candidates, fins: &[usize]) -> Vec<(usize, u16)> {
        let base_cells: Vec<usize> = self.cells(g, &self.bases).collect();
        self.cells(g, &self.covers)
            .filter(|c| g.masks[*c] & bit(self.v) != 0 && !base_cells.contains(c))
            .filter(|&c| fins.iter().all(|&f| g.layout.sees(c, f)))
            .map(|c| (c, self.v))
            .collect()
    }

    /// The step: `what` follows "V in BASES lies", `marked` are highlighted.
    fn step(
        &self,
        g: &Candidates,
        technique: Technique,
        what: &str,
        eliminations: Vec<(usize, u16)>,
        marked: &[usize],
    ) -> Step {
        let names = |hs: &[usize]| -> String {
            joined(hs.iter().map(|&h| g.layout.houses[h].name()), ", ")
        };
        let v = g.v(self.v);
        let text = format!(
            "{}: {v} in {} lies {what} {}, so {v} leaves the rest of those{}",
            technique.name(),
            names(&self.bases),
            names(&self.covers),
            if marked.is_empty() {
                ""
            } else {
                " that see every fin"
            }
        );
        Step::new(technique, text)
            .remove(eliminations)
            .cells(marked.iter().copied())
            .houses(self.bases.iter().chain(&self.covers).copied())
            .marks(marked.iter().map(|&c| (c, self.v)))
    }
}

/// A value whose places in `degree` lines (columns first, as SE) lie on
/// `degree` crossing lines: it leaves the rest of those crossing lines.
/// `finned` looks for fish with fins instead (see [`fish_on`]).
pub(crate) fn fish(g: &Candidates, degree: usize, finned: bool) -> Option<Step> {
    use Technique::*;
    let technique = match (degree, finned) {
        (2, false) => XWing,
        (3, false) => Swordfish,
        (_, false) => Jellyfish,
        (2, true) => FinnedXWing,
        (3, true) => FinnedSwordfish,
        (_, true) => FinnedJellyfish,
    };
    let (rows, cols) = (lines(g, House::Row), lines(g, House::Column));
    let placed = g.placed();
    let mut pool = Pool::new();
    [(&cols, &rows), (&rows, &cols)]
        .into_iter()
        .find_map(|(base, cover)| {
            (1..=g.size() as u16)
                .filter(|&v| finned || placed[usize::from(v) - 1] + 2 * degree <= g.size())
                .find_map(|v| fish_on(g, v, degree, (base, cover), technique, finned, &mut pool))
        })
}

/// The most cover positions a finned fish's base lines may add.
const MAX_FIN_COVERS: usize = 2;

/// A fish on `v` with base lines among `base`. With `finned`, the base
/// lines may hold `v` outside the cover lines too, in fins: either the fish
/// holds or a fin does, so `v` leaves every cell of the cover lines outside
/// the base lines that sees every fin. Sashimi fish, whose base lines lack
/// some corners, are among them.
fn fish_on(
    g: &Candidates,
    v: u16,
    degree: usize,
    (base, cover): (&[usize], &[usize]),
    technique: Technique,
    finned: bool,
    pool: &mut Pool,
) -> Option<Step> {
    let fins_allowed = if finned { MAX_FIN_COVERS } else { 0 };
    let least = if finned { 1 } else { 2 };
    // The base lines that can take part (indices into `base`), and their places.
    let mut len = 0;
    for (i, &h) in base.iter().enumerate() {
        let places = g.positions(h, v);
        pool.items[len] = i;
        pool.masks[len] = places;
        len += usize::from((least..=(degree + fins_allowed) as u32).contains(&places.count_ones()));
    }
    let (pool, pool_places) = (&pool.items[..len], &pool.masks[..len]);
    let search = |idx: &[usize]| {
        let union = idx.iter().fold(0, |m, &i| m | pool_places[i]);
        let spread = union.count_ones() as usize;
        if spread < degree + usize::from(finned) || spread > degree + fins_allowed {
            return None;
        }
        if !finned {
            // Every base place lies on a cover line: the fish removes
            // something only when the cover lines hold more places.
            let inside: u32 = idx.iter().map(|&i| pool_places[i].count_ones()).sum();
            let covered: u32 = values_of(union)
                .map(|p| g.positions(cover[p as usize - 1], v).count_ones())
                .sum();
            if covered == inside {
                return None;
            }
        }
        let chosen: Vec<usize> = idx.iter().map(|&i| pool[i]).collect();
        let positions: Vec<u16> = values_of(union).collect();
        first_combination(positions.len(), degree, |cidx| {
            let cover_mask = cidx.iter().fold(0u64, |m, &i| m | 1 << (positions[i] - 1));
            let fish = Fish::new(v, base, &chosen, cover, cover_mask);
            let fins: Vec<usize> = chosen
                .iter()
                .flat_map(|&i| {
                    values_of(g.positions(base[i], v) & !cover_mask)
                        .map(move |p| g.layout.houses[base[i]].cells[p as usize - 1] as usize)
                })
                .collect();
            let eliminations = fish.eliminations(g, &fins);
            let what = if finned { "in" } else { "only in" };
            (!eliminations.is_empty()).then(|| fish.step(g, technique, what, eliminations, &fins))
        })
    };
    // A plain fish's base places lie on exactly `degree` cover lines.
    if finned {
        first_combination(pool.len(), degree, search)
    } else {
        fitting_sets(pool_places, degree, search)
    }
}
