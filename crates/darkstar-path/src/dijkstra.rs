//! Multi-source Dijkstra: the cost from every cell to the nearest of many
//! targets, and a flow field that walks any unit downhill to it. One search
//! serves every unit that wants "the nearest X" (food, exits, enemies), as
//! the classic article suggests, instead of one A* per unit and target.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Connectivity, CostMap, step};
use crate::cost::{Cost, PATH_COST_LIMIT, UNREACHED};
use crate::geom::Pos;
use crate::grid::Grid;

/// For each cell, the cost of the cheapest path from it to the nearest
/// source, and which source that is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap {
    dist: Grid<Cost>,
    nearest: Grid<u32>,
    connectivity: Connectivity,
}

impl DistanceMap {
    /// Runs Dijkstra backwards from all `sources` at once. Costs are those
    /// of walking *to* the sources (the map's step costs may depend on
    /// direction, so each relaxation asks for the step towards the source).
    /// Ties between sources go to the one listed first.
    ///
    /// ```
    /// use darkstar_path::geom::Pos;
    /// use darkstar_path::{Connectivity, DistanceMap, GridMap};
    /// let map = GridMap::new(8, 1);
    /// let sources = [Pos::new(0, 0), Pos::new(7, 0)];
    /// let d = DistanceMap::compute(&map, &sources, Connectivity::Eight);
    /// let me = Pos::new(4, 0);
    /// assert_eq!(d.nearest_source(me), Some(1)); // three steps east, not four west
    /// assert_eq!(d.next_step(&map, me), Some(Pos::new(5, 0)));
    /// ```
    pub fn compute<M: CostMap + ?Sized>(
        map: &M,
        sources: &[Pos],
        connectivity: Connectivity,
    ) -> DistanceMap {
        let seeds: Vec<(Pos, Cost)> = sources.iter().map(|&s| (s, 0)).collect();
        DistanceMap::compute_seeded(map, &seeds, connectivity)
    }

    /// The largest start a seed of [`DistanceMap::compute_seeded`] may
    /// have: twice [`PATH_COST_LIMIT`], so that a start plus any path's
    /// cost fits a [`Cost`] with room to spare.
    pub const MAX_SEED: Cost = 2 * PATH_COST_LIMIT;

    /// [`DistanceMap::compute`] from sources that start at a cost of their
    /// own (a source worth less is a better place to reach): each cell
    /// gets the least of a source's start plus the cost of walking to it.
    /// The safety map ([`super::SafetyMap`]) seeds every cell so. Ties go
    /// to the source listed first.
    ///
    /// # Panics
    ///
    /// When a seed's start is past [`DistanceMap::MAX_SEED`]: a start
    /// plus a path's cost could then overflow.
    pub fn compute_seeded<M: CostMap + ?Sized>(
        map: &M,
        seeds: &[(Pos, Cost)],
        connectivity: Connectivity,
    ) -> DistanceMap {
        if let Some(&(p, start)) = seeds.iter().find(|s| s.1 > Self::MAX_SEED) {
            panic!(
                "DistanceMap::compute_seeded: the seed at {p} starts at {start}, past the largest, {}",
                Self::MAX_SEED
            );
        }
        DistanceMap::search(map, seeds, connectivity, None)
    }

    /// The step [`DistanceMap::next_step`] would take from `from` on the
    /// map [`DistanceMap::compute`] makes of `sources`, found by the same
    /// search stopped once `from` is settled: every cell nearer the
    /// sources than `from` is settled before it, and the step goes to
    /// one of them, so the step is the same, at the cost of the ball
    /// round the sources out to `from` instead of the whole map. The
    /// autopilot asks for one step at a time toward the nearest of many
    /// cells (unknown ground to explore, items), near at hand on a big
    /// map.
    ///
    /// ```
    /// use darkstar_path::geom::Pos;
    /// use darkstar_path::{Connectivity, DistanceMap, GridMap};
    /// let map = GridMap::new(8, 1);
    /// let sources = [Pos::new(0, 0), Pos::new(7, 0)];
    /// let me = Pos::new(4, 0);
    /// let full = DistanceMap::compute(&map, &sources, Connectivity::Eight);
    /// let step = DistanceMap::step_toward(&map, &sources, Connectivity::Eight, me);
    /// assert_eq!(step, full.next_step(&map, me));
    /// ```
    pub fn step_toward<M: CostMap + ?Sized>(
        map: &M,
        sources: &[Pos],
        connectivity: Connectivity,
        from: Pos,
    ) -> Option<Pos> {
        let seeds: Vec<(Pos, Cost)> = sources.iter().map(|&s| (s, 0)).collect();
        DistanceMap::search(map, &seeds, connectivity, Some(from)).next_step(map, from)
    }

    /// The search behind both: all of it, or until `stop` is settled.
    fn search<M: CostMap + ?Sized>(
        map: &M,
        seeds: &[(Pos, Cost)],
        connectivity: Connectivity,
        stop: Option<Pos>,
    ) -> DistanceMap {
        let (w, h) = (map.width(), map.height());
        let mut dist = Grid::new(w, h, UNREACHED);
        let mut nearest = Grid::new(w, h, u32::MAX);
        let mut heap = BinaryHeap::new();
        for (i, &(s, start)) in seeds.iter().enumerate() {
            if let Some(d) = dist.get_mut(s)
                && (start, i as u32) < (*d, nearest[s])
            {
                *d = start;
                nearest[s] = i as u32;
                heap.push(Reverse((start, nearest[s], s.y, s.x)));
            }
        }
        while let Some(Reverse((d, src, y, x))) = heap.pop() {
            let here = Pos::new(x, y);
            if d != dist[here] || src != nearest[here] {
                continue;
            }
            if stop == Some(here) {
                break;
            }
            for &dir in connectivity.dirs() {
                // A neighbour `p` reaches `here` by the opposite move.
                let p = here.step(dir);
                if !map.contains(p) {
                    continue;
                }
                let Some((_, c)) = step(map, p, dir.opposite(), connectivity) else {
                    continue;
                };
                let nd = d + c;
                if (nd, src) < (dist[p], nearest[p]) {
                    dist[p] = nd;
                    nearest[p] = src;
                    heap.push(Reverse((nd, src, p.y, p.x)));
                }
            }
        }
        DistanceMap {
            dist,
            nearest,
            connectivity,
        }
    }

    /// The cost from `p` to its nearest source, or `None` if no source can
    /// be reached (or `p` is off the map).
    /// It is counted in units of [`STRAIGHT`](crate::cost::STRAIGHT): 470,832 a
    /// straight step onto a cell of factor 1, [`DIAGONAL`](crate::cost::DIAGONAL)
    /// (665,857) a diagonal one; [`to_tiles`](crate::cost::to_tiles) gives tiles.
    pub fn distance(&self, p: Pos) -> Option<Cost> {
        self.dist.get(p).copied().filter(|&d| d != UNREACHED)
    }

    /// The index (into the `sources` given) of the source nearest `p`.
    pub fn nearest_source(&self, p: Pos) -> Option<usize> {
        self.distance(p).map(|_| self.nearest[p] as usize)
    }

    /// The flow field: the neighbour to step to from `p` on a cheapest path
    /// to the nearest source (first in direction order on ties), or `None`
    /// at a source or where no source can be reached.
    pub fn next_step<M: CostMap + ?Sized>(&self, map: &M, p: Pos) -> Option<Pos> {
        downhill(map, p, self.connectivity, |q| self.distance(q))
    }

    /// Follows the flow field from `p` to its nearest source; the cells
    /// visited, `p` first, or `None` if no source is reachable.
    pub fn path_from<M: CostMap + ?Sized>(&self, map: &M, p: Pos) -> Option<Vec<Pos>> {
        self.distance(p)?;
        let mut path = vec![p];
        let mut at = p;
        while let Some(next) = self.next_step(map, at) {
            path.push(next);
            at = next;
        }
        (self.distance(at) == Some(0)).then_some(path)
    }

    /// The whole grid of distances ([`UNREACHED`] where none).
    pub fn grid(&self) -> &Grid<Cost> {
        &self.dist
    }
}
/// The step down a map of `value`s from `p`: to the legal neighbour whose
/// value plus the step's cost is `p`'s own value, the first in direction
/// order on ties, so always to a strictly lower value (a flow field's
/// step); `None` where `p` has no value or no neighbour is on a cheapest
/// way down (at a source).
pub(crate) fn downhill<M: CostMap + ?Sized>(
    map: &M,
    p: Pos,
    connectivity: Connectivity,
    value: impl Fn(Pos) -> Option<Cost>,
) -> Option<Pos> {
    let here = value(p)?;
    let mut best: Option<(Cost, Pos)> = None;
    for &dir in connectivity.dirs() {
        if let Some((to, c)) = step(map, p, dir, connectivity)
            && let Some(v) = value(to)
            && best.is_none_or(|(b, _)| c + v < b)
        {
            best = Some((c + v, to));
        }
    }
    best.filter(|&(total, _)| total == here).map(|(_, to)| to)
}
