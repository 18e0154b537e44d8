//! Region maps as layouts: the boxes of some shape when the regions are boxes, else a jigsaw.

use crate::error::RulesError;
use crate::model::rules::Rules;
use crate::sort::SmallSort;

/// The layout a region map (`map[row * n + col]` names each cell's region)
/// describes: boxes of some shape when its regions are the boxes of that
/// shape, whatever their names, so that rules which need boxes (windows,
/// disjoint groups) hold on them; else a jigsaw.
///
/// # Errors
///
/// As [`Rules::jigsaw`].
pub(crate) fn from_regions(n: usize, map: &[usize]) -> Result<Rules, RulesError> {
    let rows = (1..=n)
        .filter(|h| n.is_multiple_of(*h))
        .find(|&h| map.len() == n * n && are_boxes(n, h, map));
    match rows {
        Some(h) => Rules::boxes(h, n / h),
        None => Rules::jigsaw(n, map),
    }
}

/// Whether `map` splits the cells into the boxes of `rows`×(N / `rows`)
/// cells, whatever their names: each box's cells share a name, and no two
/// boxes share one. Read by arithmetic, since a batch reads a map a line.
fn are_boxes(n: usize, rows: usize, map: &[usize]) -> bool {
    let cols = n / rows;
    // Box of (r, c), numbered as `Geometry::boxes` numbers them.
    let box_of = |cell: usize| (cell / n / rows) * rows + (cell % n) / cols;
    let mut names: Vec<Option<usize>> = vec![None; n];
    let same = map.iter().enumerate().all(|(cell, &name)| {
        let slot = &mut names[box_of(cell)];
        *slot.get_or_insert(name) == name
    });
    if !same {
        return false;
    }
    let mut distinct: Vec<usize> = names.into_iter().flatten().collect();
    distinct.sort_small();
    distinct.windows(2).all(|w| w[0] != w[1])
}

#[cfg(test)]
mod tests {
    use super::{are_boxes, from_regions};
    use crate::model::geometry::Geometry;

    /// The region map of boxes of `rows`×`cols`, each name passed through `name`.
    fn boxes(rows: usize, cols: usize, name: impl Fn(usize) -> usize) -> Vec<usize> {
        Geometry::boxes(rows, cols)
            .region_map()
            .into_iter()
            .map(name)
            .collect()
    }

    #[test]
    fn boxes_of_every_shape_are_found_whatever_their_names() {
        for n in 1..=12usize {
            for rows in (1..=n).filter(|h| n.is_multiple_of(*h)) {
                let map = boxes(rows, n / rows, |b| 1000 - 7 * b);
                for other in (1..=n).filter(|h| n.is_multiple_of(*h)) {
                    // Two shapes split the cells alike only when they are one.
                    let alike = other == rows || n == 1;
                    assert_eq!(are_boxes(n, other, &map), alike, "{n}: {rows} vs {other}");
                }
                let rules = from_regions(n, &map).expect("boxes");
                assert!(rules.geometry().box_shape().is_some());
            }
        }
    }

    #[test]
    fn maps_that_are_not_boxes_are_jigsaws_or_errors() {
        // 2×3 boxes with two cells of the first two boxes traded: a jigsaw.
        let mut map = boxes(2, 3, |b| b);
        map.swap(2, 3);
        assert!(!are_boxes(6, 2, &map));
        let rules = from_regions(6, &map).expect("a jigsaw");
        assert_eq!(rules.geometry().box_shape(), None);
        // Two boxes under one name: neither boxes nor a jigsaw.
        let map = boxes(2, 3, |b| b.min(4));
        assert!(!are_boxes(6, 2, &map));
        assert!(from_regions(6, &map).is_err());
        // The wrong length.
        assert!(from_regions(6, &map[1..]).is_err());
    }
}
