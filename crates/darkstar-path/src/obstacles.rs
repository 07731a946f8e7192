//! Units as obstacles: a [`CostMap`] that forbids a few extra cells on top
//! of another map. Following the classic article, a unit plans around
//! units that are stopped or standing next to it (they will still be there
//! when it arrives), but not around distant moving ones (they will have
//! moved), so the list is short and a linear scan beats any set.

use super::{CostMap, EntryCosts, Step};
use crate::cost::{Cost, StepCosts};
use crate::geom::Pos;

/// `map`, with the cells in `blocked` (row-major indices) impassable:
/// other units as walls for one search, without touching the map.
///
/// ```
/// use darkstar_path::geom::Pos;
/// use darkstar_path::{Connectivity, GridMap, WithObstacles, find_path};
///
/// let corridor = GridMap::new(5, 1);
/// let other = [WithObstacles::index_of(&corridor, Pos::new(2, 0))];
/// let with_unit = WithObstacles::new(&corridor, &other);
/// // Single file: no way past the other unit, so wait or re-plan.
/// assert!(find_path(&with_unit, Pos::new(0, 0), Pos::new(4, 0), Connectivity::Eight).is_none());
/// assert!(find_path(&corridor, Pos::new(0, 0), Pos::new(4, 0), Connectivity::Eight).is_some());
/// ```
#[derive(Copy, Clone, Debug)]
pub struct WithObstacles<'m, M: ?Sized> {
    /// The map under the obstacles.
    pub map: &'m M,
    /// Row-major indices of the blocked cells (a few: they are searched
    /// linearly).
    pub blocked: &'m [usize],
}

impl<'m, M: CostMap + ?Sized> WithObstacles<'m, M> {
    /// `map` with `blocked` cells impassable.
    pub fn new(map: &'m M, blocked: &'m [usize]) -> Self {
        WithObstacles { map, blocked }
    }

    /// The row-major index of `p` on `map`, for building `blocked`.
    pub fn index_of(map: &M, p: Pos) -> usize {
        p.row_major(map.width())
    }
}

impl<M: CostMap + ?Sized> CostMap for WithObstacles<'_, M> {
    #[inline]
    fn width(&self) -> u32 {
        self.map.width()
    }
    #[inline]
    fn height(&self) -> u32 {
        self.map.height()
    }
    #[inline(always)]
    fn step_cost(&self, step: Step) -> Option<Cost> {
        // Both ends, so legality stays symmetric (the planning unit's own
        // cell is never in the list). The list is nearly always empty, and
        // saying so first saves the two `contains` their set-up: 3.5% of
        // the replan bench's sight-4 games, which ask for every neighbour.
        if !self.blocked.is_empty()
            && (self.blocked.contains(&step.to_index) || self.blocked.contains(&step.from_index))
        {
            return None;
        }
        self.map.step_cost(step)
    }
    #[inline]
    fn cheapest_steps(&self) -> StepCosts {
        self.map.cheapest_steps()
    }
}

impl<M: EntryCosts + ?Sized> EntryCosts for WithObstacles<'_, M> {
    #[inline]
    fn entry_factor(&self, index: usize) -> Option<Cost> {
        if self.blocked.contains(&index) {
            return None;
        }
        self.map.entry_factor(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid_map::fixture::Labelled;
    use crate::{Outcome, SearchContext, SearchOptions};

    #[test]
    fn a_unit_goes_round_a_stopped_one_and_waits_behind_one_in_a_corridor() {
        let a = Labelled::parse(
            "
            .....
            S.1.G
            .....",
        );
        let (s, g, other) = (
            a.label('S').unwrap(),
            a.label('G').unwrap(),
            a.label('1').unwrap(),
        );
        let blocked = [WithObstacles::index_of(&a.map, other)];
        let map = WithObstacles::new(&a.map, &blocked);
        let out = SearchContext::new().find_path(&map, s, g, &SearchOptions::default());
        let path = out.path().unwrap();
        assert!(!path.contains(&other), "goes round: {path:?}");
        assert_eq!(path.len(), 5, "and loses nothing: diagonals round it");

        let corridor = Labelled::parse("S.1.G");
        let blocked = [WithObstacles::index_of(&corridor.map, other)];
        let map = WithObstacles::new(&corridor.map, &blocked);
        assert_eq!(
            SearchContext::new().find_path(&map, s, g, &SearchOptions::default()),
            Outcome::Unreachable,
            "single file: no way past, so the caller waits or re-plans"
        );
    }
}
