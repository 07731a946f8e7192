//! The safety map a fleeing monster walks down (Brogue's, and the
//! "Dijkstra maps visualized" recipe): the cost to the nearest threat,
//! times a factor above 1 (Brogue's 1.2), negated, then relaxed like any Dijkstra map. Walking downhill on it
//! leads away from every threat at once, and the factor above 1 makes a
//! far, open escape worth more than the nearest corner: a monster at bay
//! runs past its pursuer toward open ground rather than into a dead end
//! one step further away. Computed over whatever map it is given: for a
//! monster, its faction's knowledge, so it flees by what it knows.
//!
//! Computed fast: both Dijkstras run over the map read into dense arrays
//! with Dial's buckets (the machinery of [`super::rebuild`]), the second
//! queueing its many sources bucket by bucket as the search reaches their
//! values. A map that does not fit the arrays is searched by
//! [`DistanceMap`] instead; the values are the same either way (a test
//! holds the two equal on random maps), since shortest-path values do not
//! depend on the order a search settles cells in.

use super::dense::Dense;
use super::dial::{Batch, Buckets, MAX_BUCKETS, Relax};
use super::dijkstra::downhill;
use super::{Connectivity, CostMap, DistanceMap, EntryCosts};
use crate::cost::{Cost, DIAGONAL, STRAIGHT, UNREACHED};
use crate::geom::Pos;
use crate::grid::Grid;

/// Brogue's factor, in tenths, by which distance from the threats is
/// turned into a goal (its -1.2): a good `factor_tenths` for
/// [`SafetyMap::compute`]. Above 10 so that the relaxation can pull a cell
/// toward an escape beyond a threat; not so large that a monster runs
/// through its pursuer for a marginally longer corridor.
pub const BROGUE_FACTOR_TENTHS: Cost = 12;

/// The largest factor, in tenths, a safety map takes (twice the
/// distance): a larger `factor_tenths` is taken as this, so that the
/// seeds (the distance to the farthest cell times the factor) stay
/// within [`DistanceMap::MAX_SEED`] and no value overflows.
pub const MAX_FACTOR_TENTHS: Cost = 20;

/// For every cell the threats can reach, how good a place it is to flee
/// through: lower is safer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SafetyMap {
    /// The relaxed values, kept at 0 or more by an offset ([`UNREACHED`]
    /// where no threat reaches).
    value: Grid<Cost>,
    connectivity: Connectivity,
}

impl SafetyMap {
    /// The safety map of `map` against `threats`, distance from them
    /// turned into a goal by `factor_tenths` (at most
    /// [`MAX_FACTOR_TENTHS`]: a larger factor is taken as that).
    ///
    /// ```
    /// use darkstar_path::geom::Pos;
    /// use darkstar_path::safety::BROGUE_FACTOR_TENTHS;
    /// use darkstar_path::{Connectivity, GridMap, SafetyMap};
    /// let map = GridMap::new(10, 1);
    /// let (threat, me) = (Pos::new(0, 0), Pos::new(2, 0));
    /// let s = SafetyMap::compute(&map, &[threat], BROGUE_FACTOR_TENTHS, Connectivity::Eight);
    /// assert_eq!(s.next_step(&map, me), Some(Pos::new(3, 0))); // away
    /// ```
    pub fn compute<M: EntryCosts + ?Sized>(
        map: &M,
        threats: &[Pos],
        factor_tenths: Cost,
        connectivity: Connectivity,
    ) -> SafetyMap {
        let factor_tenths = factor_tenths.min(MAX_FACTOR_TENTHS);
        let value = fast(map, threats, factor_tenths, connectivity)
            .unwrap_or_else(|| by_distance_maps(map, threats, factor_tenths, connectivity));
        SafetyMap {
            value,
            connectivity,
        }
    }

    /// The same, always by two [`DistanceMap`]s (binary heap, any cost
    /// map): what a map too large for the fast search's arrays gets, and
    /// what tests hold the fast search to. `factor_tenths` is clamped as
    /// there.
    pub fn compute_by_distance_maps<M: CostMap + ?Sized>(
        map: &M,
        threats: &[Pos],
        factor_tenths: Cost,
        connectivity: Connectivity,
    ) -> SafetyMap {
        SafetyMap {
            value: by_distance_maps(
                map,
                threats,
                factor_tenths.min(MAX_FACTOR_TENTHS),
                connectivity,
            ),
            connectivity,
        }
    }

    /// How safe `p` is (lower is safer), or `None` where no threat reaches.
    /// It is counted in units of [`STRAIGHT`]: 470,832 a
    /// straight step onto a cell of factor 1, [`DIAGONAL`]
    /// (665,857) a diagonal one; [`to_tiles`](crate::cost::to_tiles) gives tiles.
    pub fn value(&self, p: Pos) -> Option<Cost> {
        self.value.get(p).copied().filter(|&v| v != UNREACHED)
    }

    /// The step a fleeing monster at `p` takes: down the map, to the
    /// neighbour whose value plus the step's cost is its own (first in
    /// direction order on ties), so always somewhere strictly safer;
    /// `None` where nowhere is.
    pub fn next_step<M: CostMap + ?Sized>(&self, map: &M, p: Pos) -> Option<Pos> {
        downhill(map, p, self.connectivity, |q| self.value(q))
    }
}

/// The seed of a cell at distance `d` from the nearest threat, the
/// farthest reached cell being at `far`: `tenths / 10 * (far - d)`, rounded
/// as the tenths fall, 0 or more.
fn seed(far: Cost, d: Cost, tenths: Cost) -> Cost {
    far * tenths / 10 - d * tenths / 10
}

/// The values by two [`DistanceMap`]s.
fn by_distance_maps<M: CostMap + ?Sized>(
    map: &M,
    threats: &[Pos],
    tenths: Cost,
    connectivity: Connectivity,
) -> Grid<Cost> {
    let near = DistanceMap::compute(map, threats, connectivity);
    let far = near
        .grid()
        .cells()
        .iter()
        .filter(|&&d| d != UNREACHED)
        .max()
        .copied()
        .unwrap_or(0);
    // Every reached cell starts at offset - factor * its distance (0 or
    // more), then the relaxation pulls each toward cheaper escapes.
    let width = map.width();
    let seeds: Vec<(Pos, Cost)> = near
        .grid()
        .cells()
        .iter()
        .enumerate()
        .filter(|&(_, &d)| d != UNREACHED)
        .map(|(i, &d)| (Pos::from_row_major(i, width), seed(far, d, tenths)))
        .collect();
    DistanceMap::compute_seeded(map, &seeds, connectivity)
        .grid()
        .clone()
}

/// The values by Dial's buckets over the map read into dense arrays, or
/// `None` when it does not fit them (a factor too large for the arrays or
/// the buckets, or values that could overflow).
fn fast<M: EntryCosts + ?Sized>(
    map: &M,
    threats: &[Pos],
    tenths: Cost,
    connectivity: Connectivity,
) -> Option<Grid<Cost>> {
    let (w, h) = (map.width(), map.height());
    let cells = w as usize * h as usize;
    let mut dense = Dense::default();
    let (least, most) = dense.load(map, connectivity)?;
    // A route's cost is below cells * most * DIAGONAL; with the seeds'
    // factor on top it must stay well inside a u64.
    if cells as u128 * most as u128 * DIAGONAL as u128 * tenths.max(12) as u128 >= 12 << 59 {
        return None;
    }
    let shift = (least * STRAIGHT).ilog2();
    let ahead = ((most * DIAGONAL) >> shift) as usize + 2;
    if ahead > MAX_BUCKETS {
        return None;
    }
    let mut buckets = Buckets::default();
    let ring = ahead.next_power_of_two();
    // From the threats: the distance to the nearest.
    let mut sources: Vec<(u32, Cost)> = threats
        .iter()
        .filter(|&&t| t.x >= 0 && t.y >= 0 && (t.x as u32) < w && (t.y as u32) < h)
        .map(|t| (t.row_major(w) as u32, 0))
        .collect();
    sources.sort_unstable();
    sources.dedup();
    let mut near = vec![UNREACHED; cells];
    buckets.reset(shift, ring);
    spread(
        &mut buckets,
        Relax::new(&dense, shift, usize::MAX),
        &sources,
        &mut near,
    );
    // Then from every reached cell, seeded by how far it is.
    let far = near
        .iter()
        .filter(|&&d| d != UNREACHED)
        .max()
        .copied()
        .unwrap_or(0);
    sources.clear();
    sources.extend(
        near.iter()
            .enumerate()
            .filter(|&(_, &d)| d != UNREACHED)
            .map(|(i, &d)| (i as u32, seed(far, d, tenths))),
    );
    // Bucket by bucket is all the order the search needs.
    sources.sort_unstable_by_key(|&(_, v)| v >> shift);
    let mut value = near;
    value.fill(UNREACHED);
    buckets.reset(shift, ring);
    spread(
        &mut buckets,
        Relax::new(&dense, shift, usize::MAX),
        &sources,
        &mut value,
    );
    Grid::from_vec(w, h, value)
}

/// Dijkstra from many sources, each starting at its own value, over the
/// whole of what they reach: `sources` (cell, start value) in order of
/// their buckets, `dist` [`UNREACHED`] everywhere. A source is queued
/// when the search comes to its bucket, so the ring need only span the
/// dearest step, however far apart the sources' values lie; one lowered
/// before then by a cheaper route was queued (and settled) through it.
fn spread(buckets: &mut Buckets, mut relax: Relax<'_>, sources: &[(u32, Cost)], dist: &mut [Cost]) {
    let shift = buckets.shift;
    for &(i, v) in sources {
        let d = &mut dist[i as usize];
        *d = (*d).min(v);
    }
    let Some(&(_, first)) = sources.first() else {
        return;
    };
    buckets.current = first >> shift;
    let mut next = 0;
    let mut batch = Batch::default();
    loop {
        // The sources of this bucket still at a value in it: a relaxation
        // within the bucket queues nothing, taking them for queued.
        while let Some(&(i, v)) = sources.get(next)
            && v >> shift == buckets.current
        {
            next += 1;
            if dist[i as usize] >> shift == buckets.current {
                let b = buckets.bucket(v);
                b.room(1);
                b.put(i, true);
            }
        }
        relax.settle_current(buckets, &mut batch, dist);
        if !buckets.advance(sources.get(next).map(|&(_, v)| v >> shift)) {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid_map::fixture::Labelled;

    fn flee(text: &str, steps: usize) -> Vec<Pos> {
        let a = Labelled::parse(text);
        let s = SafetyMap::compute(
            &a.map,
            &[a.label('T').unwrap()],
            BROGUE_FACTOR_TENTHS,
            Connectivity::Eight,
        );
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
        let a = Labelled::parse(map);
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
        let a = Labelled::parse(map);
        let s = SafetyMap::compute(
            &a.map,
            &[a.label('T').unwrap()],
            BROGUE_FACTOR_TENTHS,
            Connectivity::Eight,
        );
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
