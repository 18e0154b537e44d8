//! The sum and n-ary rules of the vocabulary as propagators: which module takes each named constraint.

use super::{
    Between, CageSum, Constraint as Propagator, Linear, Lockout, Quadruple, Sandwich, Skyscraper,
    XSum,
};
#[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
use super::{Circles, Counts, Lunchbox, Pieces, Same};
use crate::engine::variant::mask::Mask;
use crate::engine::variant::model::Model;
use crate::model::constraint::{Constraint, outside_line};
use crate::model::rules::Rules;
use crate::model::verify::region_pieces;

/// The propagator of constraint `index` of `rules` when it is a sum or an
/// n-ary rule (arrows, double arrows, little killers, sums, region-sum and
/// zipper lines, sandwiches, X-sums, skyscrapers, renban, between and
/// lockout lines, quadruples), which says all the constraint says once its
/// cells are placed; `None` for the others.
pub(crate) fn propagator<M: Mask>(
    m: &Model<M>,
    rules: &Rules,
    index: usize,
) -> Option<Box<dyn Propagator<M>>> {
    let n = rules.size();
    let ones = |cells: &[u32]| -> Vec<(u32, i64)> { cells.iter().map(|&c| (c, 1)).collect() };
    let line = |clue| outside_line(n, clue);
    Some(match &rules.constraints()[index] {
        Constraint::Arrow { circle, line } => {
            let k = circle.len() as u32;
            let pill = circle.iter().enumerate();
            let pill = pill.map(|(i, &c)| (c, 10i64.saturating_pow(k - 1 - i as u32)));
            let groups = vec![pill.collect(), ones(line)];
            Box::new(Linear::new(m, groups, None))
        }
        Constraint::DoubleArrow { cells } => {
            let (ends, inner) = (
                [cells[0], cells[cells.len() - 1]],
                &cells[1..cells.len() - 1],
            );
            Box::new(Linear::new(m, vec![ones(&ends), ones(inner)], None))
        }
        c @ (Constraint::LittleKiller { sum, .. } | Constraint::Sum { sum, .. }) => {
            let cells = c.cells(n);
            let group = Linear::new(m, vec![ones(&cells)], i64::try_from(*sum).ok());
            // Cells that all differ: a killer cage, by its combinations.
            if group.is_distinct() {
                return CageSum::new(m, cells, *sum, usize::MAX)
                    .map(|cage| Box::new(cage) as Box<dyn Propagator<M>>)
                    .or(Some(Box::new(group)));
            }
            Box::new(group)
        }
        Constraint::RegionSumLine { cells } => {
            let pieces = region_pieces(rules.geometry(), cells);
            Box::new(Linear::new(
                m,
                pieces.iter().map(|p| ones(p)).collect(),
                None,
            ))
        }
        Constraint::Zipper { cells } => {
            let l = cells.len();
            let mut groups: Vec<Vec<(u32, i64)>> = (0..l / 2)
                .map(|k| ones(&[cells[k], cells[l - 1 - k]]))
                .collect();
            if l % 2 == 1 {
                groups.push(ones(&[cells[l / 2]]));
            }
            Box::new(Linear::new(m, groups, None))
        }
        Constraint::Sandwich { clue, sum } => Box::new(Sandwich::new(line(*clue)?, *sum)),
        Constraint::XSum { clue, sum } => Box::new(XSum::new(line(*clue)?, *sum)),
        Constraint::Skyscraper { clue, count } => {
            Box::new(Skyscraper::new(line(*clue)?, usize::from(*count)).distinct(m))
        }
        Constraint::Renban { cells } => Box::new(CageSum::renban(m, cells.clone())?),
        Constraint::Between { cells } => Box::new(Between::new(cells.clone())),
        Constraint::Lockout { cells, difference } => {
            Box::new(Lockout::new(cells.clone(), usize::from(*difference)))
        }
        Constraint::Quadruple { cells, values } => {
            Box::new(Quadruple::new(cells.clone(), values.clone()))
        }
        // Left out of the compact wasm build, which checks them placed.
        #[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
        Constraint::LookAndSay { cells, counts } if counts.iter().any(|p| p.0 > 0) => {
            Box::new(Counts::new(cells.clone(), counts.clone()))
        }
        #[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
        Constraint::SameValues { cells, sets } => Box::new(Same::new(cells.clone(), *sets)),
        #[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
        Constraint::SumLine {
            cells,
            sum,
            is_loop,
        } => Box::new(Pieces::new(cells.clone(), *sum, *is_loop)?),
        #[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
        Constraint::Lunchbox { cells, sum } => Box::new(Lunchbox::new(cells.clone(), *sum, n)?),
        #[cfg(not(all(feature = "compact", target_arch = "wasm32")))]
        Constraint::CountingCircles { cells } => Box::new(Circles::new(m, cells.clone())?),
        _ => return None,
    })
}
