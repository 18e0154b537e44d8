//! Wings: XY-Wing and XYZ-Wing (SE's ladder), and W-Wing (an extra, not rated).

use super::grid::{Candidates, bit, values_of};
use super::step::{Step, Technique};

/// A pivot of two candidates (three for `xyz`) and two bivalue pincers it
/// sees, sharing one value z: z leaves every cell that sees both pincers
/// (and the pivot, for XYZ).
pub(crate) fn xy_wing(g: &Candidates, xyz: bool) -> Option<Step> {
    let layout = &g.layout;
    let pivot_size = if xyz { 3 } else { 2 };
    let technique = if xyz {
        Technique::XyzWing
    } else {
        Technique::XyWing
    };
    (0..g.masks.len())
        .filter(|&p| g.masks[p].count_ones() == pivot_size)
        .find_map(|pivot| {
            let pm = g.masks[pivot];
            let pincers: Vec<usize> = layout.peers[pivot]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| g.masks[c].count_ones() == 2 && (g.masks[c] & !pm).count_ones() <= 1)
                .collect();
            pincers.iter().enumerate().find_map(|(i, &a)| {
                pincers[i + 1..].iter().find_map(|&b| {
                    let (ma, mb) = (g.masks[a], g.masks[b]);
                    let union = pm | ma | mb;
                    let common = pm & ma & mb;
                    let shape = union.count_ones() == 3
                        && ma != mb
                        && if xyz {
                            common.count_ones() == 1 && ma | mb == pm
                        } else {
                            common == 0 && (ma & mb).count_ones() == 1
                        };
                    if !shape {
                        return None;
                    }
                    let z = ma & mb;
                    let zv = values_of(z).next()?;
                    let eliminations: Vec<(usize, u16)> = (0..g.masks.len())
                        .filter(|&c| c != pivot && c != a && c != b && g.masks[c] & z != 0)
                        .filter(|&c| layout.sees(c, a) && layout.sees(c, b))
                        .filter(|&c| !xyz || layout.sees(c, pivot))
                        .map(|c| (c, zv))
                        .collect();
                    if eliminations.is_empty() {
                        return None;
                    }
                    let shown = g.v(zv);
                    let text = format!(
                        "{}: pivot {} with pincers {} and {}, so {shown} leaves the cells that see {}",
                        technique.name(),
                        g.cell_name(pivot),
                        g.cell_name(a),
                        g.cell_name(b),
                        if xyz { "all three" } else { "both pincers" }
                    );
                    Some(
                        Step::new(technique, text)
                            .remove(eliminations)
                            .cells([pivot, a, b])
                            .marks(
                                [pivot, a, b]
                                    .into_iter()
                                    .flat_map(|c| values_of(g.masks[c]).map(move |v| (c, v))),
                            ),
                    )
                })
            })
        })
}

/// Two cells with the same two candidates x and y that do not see each
/// other, and a strong link on x whose ends each see one of them: y
/// leaves every cell that sees both.
pub(crate) fn w_wing(g: &Candidates) -> Option<Step> {
    let layout = &g.layout;
    let pairs: Vec<usize> = (0..g.masks.len())
        .filter(|&c| g.masks[c].count_ones() == 2)
        .collect();
    pairs.iter().enumerate().find_map(|(i, &a)| {
        pairs[i + 1..]
            .iter()
            .filter(|&&b| g.masks[b] == g.masks[a] && !layout.sees(a, b))
            .find_map(|&b| {
                let mask = g.masks[a];
                values_of(mask).find_map(|x| {
                    let y = values_of(mask & !bit(x)).next()?;
                    let (l1, l2) = link_between(g, x, a, b)?;
                    let eliminations: Vec<(usize, u16)> = (0..g.masks.len())
                        .filter(|&c| c != a && c != b && g.masks[c] & bit(y) != 0)
                        .filter(|&c| layout.sees(c, a) && layout.sees(c, b))
                        .map(|c| (c, y))
                        .collect();
                    if eliminations.is_empty() {
                        return None;
                    }
                    let (sx, sy) = (g.v(x), g.v(y));
                    let text = format!(
                        "w-wing: {} and {} hold {sx} and {sy}, and {sx} is in {} or {}, so {sy} leaves the cells that see both",
                        g.cell_name(a),
                        g.cell_name(b),
                        g.cell_name(l1),
                        g.cell_name(l2)
                    );
                    Some(
                        Step::new(Technique::WWing, text)
                            .remove(eliminations)
                            .cells([a, b, l1, l2])
                            .marks([(a, x), (a, y), (b, x), (b, y), (l1, x), (l2, x)]),
                    )
                })
            })
    })
}

/// A house where `x` has two places, one seeing `a` and the other `b`.
fn link_between(g: &Candidates, x: u16, a: usize, b: usize) -> Option<(usize, usize)> {
    let layout = &g.layout;
    layout.full.iter().find_map(|&h| {
        let cells: Vec<usize> = layout.houses[h]
            .cells
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| g.masks[c] & bit(x) != 0)
            .collect();
        if cells.len() != 2 || cells.contains(&a) || cells.contains(&b) {
            return None;
        }
        let (p, q) = (cells[0], cells[1]);
        if layout.sees(p, a) && layout.sees(q, b) {
            Some((p, q))
        } else if layout.sees(q, a) && layout.sees(p, b) {
            Some((q, p))
        } else {
            None
        }
    })
}
