//! The safety map a fleeing monster walks down (Brogue's, and the
//! "Dijkstra maps visualized" recipe): the cost to the nearest threat,
//! times -1.2, then relaxed like any Dijkstra map. Walking downhill on it
//! leads away from every threat at once, and the factor above 1 makes a
//! far, open escape worth more than the nearest corner: a monster at bay
//! runs past its pursuer toward open ground rather than into a dead end
//! one step further away. Computed over whatever map it is given: for a
//! monster, its faction's knowledge, so it flees by what it knows.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Connectivity, CostMap, DistanceMap, step};
use crate::map::cost::{Cost, UNREACHED};
use crate::map::geom::Pos;
use crate::map::grid::Grid;

/// The factor, in tenths, by which distance from the threats is turned
/// into a goal: 12 (Brogue's -1.2). Above 10 so that the relaxation can
/// pull a cell toward an escape beyond a threat; not so large that a
/// monster runs through its pursuer for a marginally longer corridor.
pub const FLEE_FACTOR_TENTHS: Cost = 12;

/// For every cell the threats can reach, how good a place it is to flee
/// through: lower is safer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SafetyMap {
    /// The relaxed value plus an offset that keeps it non-negative
    /// ([`UNREACHED`] where no threat can reach: nothing to flee from).
    value: Grid<Cost>,
    connectivity: Connectivity,
}

impl SafetyMap {
    /// The safety map of `map` against `threats`.
    ///
    /// ```
    /// use darkstar::map::geom::Pos;
    /// use darkstar::map::terrain::AsciiMap;
    /// use darkstar::path::{Connectivity, SafetyMap};
    /// let a = AsciiMap::parse("T.f.......").unwrap();
    /// let threat = a.label('T').unwrap();
    /// let s = SafetyMap::compute(&a.map, &[threat], Connectivity::Eight);
    /// let me = a.label('f').unwrap();
    /// assert_eq!(s.next_step(&a.map, me), Some(Pos::new(3, 0))); // away
    /// ```
    pub fn compute<M: CostMap + ?Sized>(
        map: &M,
        threats: &[Pos],
        connectivity: Connectivity,
    ) -> SafetyMap {
        let near = DistanceMap::compute(map, threats, connectivity);
        let far = near
            .grid()
            .cells()
            .iter()
            .filter(|&&d| d != UNREACHED)
            .max()
            .copied()
            .unwrap_or(0);
        // value = offset - 1.2 * distance, kept at 0 or more.
        let offset = far * FLEE_FACTOR_TENTHS / 10;
        let (w, h) = (map.width(), map.height());
        let mut value = Grid::new(w, h, UNREACHED);
        let mut heap = BinaryHeap::new();
        for (i, &d) in near.grid().cells().iter().enumerate() {
            if d == UNREACHED {
                continue;
            }
            let p = Pos::from_row_major(i, w);
            let v = offset - d * FLEE_FACTOR_TENTHS / 10;
            value[p] = v;
            heap.push(Reverse((v, p.y, p.x)));
        }
        while let Some(Reverse((v, y, x))) = heap.pop() {
            let here = Pos::new(x, y);
            if v != value[here] {
                continue;
            }
            for &dir in connectivity.dirs() {
                let p = here.step(dir);
                if !map.contains(p) {
                    continue;
                }
                // From `p`, stepping to `here` costs the move back.
                let Some((_, c)) = step(map, p, dir.opposite(), connectivity) else {
                    continue;
                };
                if value[p] != UNREACHED && v + c < value[p] {
                    value[p] = v + c;
                    heap.push(Reverse((v + c, p.y, p.x)));
                }
            }
        }
        SafetyMap {
            value,
            connectivity,
        }
    }

    /// How safe `p` is (lower is safer), or `None` where no threat reaches.
    pub fn value(&self, p: Pos) -> Option<Cost> {
        self.value.get(p).copied().filter(|&v| v != UNREACHED)
    }

    /// The step a fleeing monster at `p` takes: the neighbour whose value
    /// plus the step's cost is least, if it leads somewhere safer (first
    /// in direction order on ties); `None` when nowhere is.
    pub fn next_step<M: CostMap + ?Sized>(&self, map: &M, p: Pos) -> Option<Pos> {
        let here = self.value(p)?;
        let mut best: Option<(Cost, Pos)> = None;
        for &dir in self.connectivity.dirs() {
            if let Some((to, c)) = step(map, p, dir, self.connectivity)
                && let Some(v) = self.value(to)
                && best.is_none_or(|(b, _)| v + c < b)
            {
                best = Some((v + c, to));
            }
        }
        // At most `here`: the step's cost is positive, so the cell stepped
        // to is strictly safer, and a monster never dithers.
        best.filter(|&(total, _)| total <= here).map(|(_, to)| to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::terrain::AsciiMap;

    fn flee(text: &str, steps: usize) -> Vec<Pos> {
        let a = AsciiMap::parse(text).unwrap();
        let s = SafetyMap::compute(&a.map, &[a.label('T').unwrap()], Connectivity::Eight);
        let mut at = a.label('f').unwrap();
        let mut path = vec![at];
        for _ in 0..steps {
            match s.next_step(&a.map, at) {
                Some(next) => at = next,
                None => break,
            }
            path.push(at);
        }
        path
    }

    /// Along a corridor with a pocket beside the fleer, it runs on down
    /// the corridor (far from the threat) rather than into the pocket
    /// (nearer, and a trap).
    #[test]
    fn a_fleer_runs_for_the_open_not_the_pocket() {
        let map = "\
####.#########
T.f..........#
##############";
        let path = flee(map, 20);
        assert!(path.iter().all(|p| p.y >= 1), "into the pocket: {path:?}");
        assert_eq!(path.last(), Some(&Pos::new(12, 1)), "{path:?}");
    }

    /// Cornered against a dead end with the way out past the threat's
    /// side, the factor above 1 pulls it round the loop rather than into
    /// the dead end's last cell.
    #[test]
    fn with_a_loop_it_circles_rather_than_cornering_itself() {
        let map = "\
##########
#........#
#.######.#
#.#f.T.#.#
#.##.#.#.#
#........#
##########";
        let path = flee(map, 40);
        let a = AsciiMap::parse(map).unwrap();
        let threat = a.label('T').unwrap();
        let far = path
            .iter()
            .map(|p| p.abs_delta(threat).0.max(p.abs_delta(threat).1))
            .max()
            .unwrap();
        assert!(far >= 4, "stayed cornered near the threat: {path:?}");
    }

    /// Every step it takes is downhill, so it never dithers.
    #[test]
    fn every_step_goes_downhill() {
        let map = "\
############
#....#.....#
#.T..#..f..#
#....#.....#
#..........#
############";
        let a = AsciiMap::parse(map).unwrap();
        let s = SafetyMap::compute(&a.map, &[a.label('T').unwrap()], Connectivity::Eight);
        let mut at = a.label('f').unwrap();
        for _ in 0..30 {
            let Some(next) = s.next_step(&a.map, at) else {
                break;
            };
            assert!(s.value(next) < s.value(at), "{at:?} -> {next:?}");
            at = next;
        }
    }
}
