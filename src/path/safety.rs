//! The safety map a fleeing monster walks down (Brogue's, and the
//! "Dijkstra maps visualized" recipe): the cost to the nearest threat,
//! times -1.2, then relaxed like any Dijkstra map. Walking downhill on it
//! leads away from every threat at once, and the factor above 1 makes a
//! far, open escape worth more than the nearest corner: a monster at bay
//! runs past its pursuer toward open ground rather than into a dead end
//! one step further away. Computed over whatever map it is given: for a
//! monster, its faction's knowledge, so it flees by what it knows.

use super::{Connectivity, CostMap, DistanceMap};
use crate::map::cost::{Cost, UNREACHED};
use crate::map::geom::Pos;

/// The factor, in tenths, by which distance from the threats is turned
/// into a goal: 12 (Brogue's -1.2). Above 10 so that the relaxation can
/// pull a cell toward an escape beyond a threat; not so large that a
/// monster runs through its pursuer for a marginally longer corridor.
pub const FLEE_FACTOR_TENTHS: Cost = 12;

/// For every cell the threats can reach, how good a place it is to flee
/// through: lower is safer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SafetyMap {
    /// The relaxed values, kept at 0 or more by an offset (a distance
    /// map seeded with them: the same relaxation and flow as any other).
    value: DistanceMap,
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
        // Every reached cell starts at offset - 1.2 * its distance (0 or
        // more), then the relaxation pulls each toward cheaper escapes.
        let offset = far * FLEE_FACTOR_TENTHS / 10;
        let width = map.width();
        let seeds: Vec<(Pos, Cost)> = near
            .grid()
            .cells()
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d != UNREACHED)
            .map(|(i, &d)| {
                (
                    Pos::from_row_major(i, width),
                    offset - d * FLEE_FACTOR_TENTHS / 10,
                )
            })
            .collect();
        SafetyMap {
            value: DistanceMap::compute_seeded(map, &seeds, connectivity),
        }
    }

    /// How safe `p` is (lower is safer), or `None` where no threat reaches.
    pub fn value(&self, p: Pos) -> Option<Cost> {
        self.value.distance(p)
    }

    /// The step a fleeing monster at `p` takes: down the map, to the
    /// neighbour whose value plus the step's cost is its own (first in
    /// direction order on ties), so always somewhere strictly safer;
    /// `None` where nowhere is.
    pub fn next_step<M: CostMap + ?Sized>(&self, map: &M, p: Pos) -> Option<Pos> {
        self.value.next_step(map, p)
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
