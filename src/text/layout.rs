//! Region maps as layouts: the boxes of some shape when the regions are boxes, else a jigsaw.

use std::collections::BTreeMap;

use crate::error::RulesError;
use crate::model::rules::Rules;

/// The layout a region map (`map[row * n + col]` names each cell's region)
/// describes: boxes of some shape when its regions are the boxes of that
/// shape, whatever their names, so that rules which need boxes (windows,
/// disjoint groups) hold on them; else a jigsaw.
///
/// # Errors
///
/// As [`Rules::jigsaw`].
pub(crate) fn from_regions(n: usize, map: &[usize]) -> Result<Rules, RulesError> {
    let boxes = (1..=n)
        .filter(|h| n.is_multiple_of(*h))
        .filter_map(|h| Rules::boxes(h, n / h).ok())
        .find(|b| same_partition(&b.geometry().region_map(), map));
    match boxes {
        Some(boxes) => Ok(boxes),
        None => Rules::jigsaw(n, map),
    }
}

/// Whether two region maps split the cells alike, whatever their names.
fn same_partition(a: &[usize], b: &[usize]) -> bool {
    let mut names = BTreeMap::new();
    let mut taken = BTreeMap::new();
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(&x, &y)| *names.entry(x).or_insert(y) == y && *taken.entry(y).or_insert(x) == x)
}
