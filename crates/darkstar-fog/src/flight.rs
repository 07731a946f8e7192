//! The flight of a thrown thing: the cells it crosses on its way to the
//! cell it was aimed at, in the geometry of the sight that let it be
//! aimed ([`crate::sight`], symmetric shadowcasting), so that what
//! the thrower sees, it can hit.
//!
//! The shadowcast looks along rays from the centre of the viewer's cell,
//! by rational slopes. Its rows run across the major axis (a quadrant's
//! depth); a ray crosses row `d` on the row's centre line, `d * slope`
//! columns aside, and an opaque cell of the row blocks the rays that cross
//! the inside of its width there (a ray through a corner passes). A thrown
//! thing flies along one such ray: on each row it crosses the cell whose
//! width holds the crossing, and where the crossing is a corner between
//! two cells, the open one of them (the nearer the thrower's own row or
//! column when both are).
//!
//! Why a target the thrower sees is reached without meeting an opaque
//! cell (tested below on random maps, for every cell seen). The cast
//! keeps, row by row, intervals of slopes `[start, end]` nothing has
//! blocked; the interval a cell at depth `D` is lit in came from one
//! interval on each row `d < D` before it, each narrowing the last, and
//! it came from a run of open cells `f1..=f2` of that row: its start is
//! the row's start (and the first column the row scans is the start's
//! crossing rounded, so `d * start >= f1 - 1/2`) or the right edge of the
//! opaque cell before `f1` (`d * start = f1 - 1/2`), and its end likewise
//! `d * end <= f2 + 1/2`. So a ray whose slope lies in the lit interval
//! crosses row `d` within `[f1 - 1/2, f2 + 1/2]`: inside the width of an
//! open cell, or on a corner with an open cell on at least one side. An
//! open cell is lit when its centre's slope is in the interval: the ray
//! to its centre is in it. An opaque cell is lit when the interval
//! crosses the inside of its width at its depth: then one of the
//! interval's ends does (or the centre's slope is in it), and each end of
//! an interval other than the quadrant's edge is the edge of an opaque
//! cell nearer the thrower, a slope `(2w + 1) / 2d'`. So the flight tries
//! the ray to the target's centre, then those edge slopes whose ray
//! crosses the target's width, and takes the first that crosses only open
//! cells before the target; a cell on a diagonal lies in two quadrants,
//! and both are tried. Only a view out of date (the ground changed since
//! the thrower looked) leaves none: then it flies to the target's centre
//! and stops at the first opaque cell.

use darkstar_path::geom::Pos;

/// The cells a thing thrown from `from` at `to` crosses, `to` last (and
/// `from` left out; none when they are the same cell). `opaque` says what
/// blocks sight, as it did for the thrower's view: when the view lit
/// `to`, every cell before `to` is open.
///
/// ```
/// use darkstar_fog::flight::flight;
/// use darkstar_path::geom::Pos;
/// // A pillar at (1, 1): the crossing of row 1 is the corner between
/// // (0, 1) and (1, 1), and the flight takes the open side.
/// let pillar = |p: Pos| p == Pos::new(1, 1);
/// let cells = flight(Pos::new(0, 0), Pos::new(1, 2), pillar);
/// assert_eq!(cells, [Pos::new(0, 1), Pos::new(1, 2)]);
/// ```
pub fn flight(from: Pos, to: Pos, opaque: impl Fn(Pos) -> bool) -> Vec<Pos> {
    let (dx, dy) = (to.x as i64 - from.x as i64, to.y as i64 - from.y as i64);
    if (dx, dy) == (0, 0) {
        return Vec::new();
    }
    // The frames whose rows the target lies on: one, or two on a diagonal.
    let mut frames = Vec::with_capacity(2);
    if dy.abs() >= dx.abs() {
        frames.push(Frame::new(from, false, dy, dx));
    }
    if dx.abs() >= dy.abs() {
        frames.push(Frame::new(from, true, dx, dy));
    }
    let clear = |cells: &[Pos]| cells[..cells.len() - 1].iter().all(|&p| !opaque(p));
    let centre = frames[0].cells(frames[0].centre(), &opaque);
    if clear(&centre) {
        return centre;
    }
    for frame in &frames {
        for slope in frame.edge_slopes() {
            let cells = frame.cells(slope, &opaque);
            if clear(&cells) {
                return cells;
            }
        }
    }
    centre
}

/// A slope `num / den` across the rows, `den > 0`, at most 1 either way.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Slope {
    num: i64,
    den: i64,
}

/// The rows of one quadrant, as the shadowcast lays them out: `depth`
/// along the major axis (`x` when `across_x`), columns across it; the
/// target `depth` rows away and `col` columns aside.
struct Frame {
    from: Pos,
    across_x: bool,
    /// The major axis's direction, 1 or -1.
    sign: i64,
    depth: i64,
    col: i64,
}

impl Frame {
    fn new(from: Pos, across_x: bool, major: i64, minor: i64) -> Frame {
        Frame {
            from,
            across_x,
            sign: major.signum(),
            depth: major.abs(),
            col: minor,
        }
    }

    /// Column `col` of row `depth`.
    fn at(&self, depth: i64, col: i64) -> Pos {
        let (major, minor) = (self.sign * depth, col);
        let (dx, dy) = if self.across_x {
            (major, minor)
        } else {
            (minor, major)
        };
        Pos::new(
            (self.from.x as i64 + dx) as i32,
            (self.from.y as i64 + dy) as i32,
        )
    }

    /// The ray to the target's centre.
    fn centre(&self) -> Slope {
        Slope {
            num: self.col,
            den: self.depth,
        }
    }

    /// The edge slopes `(2w + 1) / 2d'` of rows nearer than the target
    /// whose rays cross the inside of the target's width: the nearest to
    /// the centre's first, then the lesser, each once.
    fn edge_slopes(&self) -> Vec<Slope> {
        let (depth, col) = (self.depth, self.col);
        let mut slopes = Vec::new();
        for d in 1..depth {
            for w in -d..d {
                let num = 2 * w + 1;
                // Crossing the target's row within half a cell of its
                // centre: |depth * num / 2d - col| < 1/2.
                if (depth * num - 2 * d * col).abs() < d {
                    slopes.push(Slope { num, den: 2 * d });
                }
            }
        }
        // Off the centre by |num * depth - col * den| / (den * depth): the
        // same `depth` for all, so compare |num * depth - col * den| / den.
        slopes.sort_by(|a, b| {
            let off = |s: &Slope| (s.num * depth - col * s.den).abs();
            (off(a) * b.den)
                .cmp(&(off(b) * a.den))
                .then((a.num * b.den).cmp(&(b.num * a.den)))
        });
        slopes.dedup_by(|a, b| a.num * b.den == b.num * a.den);
        slopes
    }

    /// The cells the ray of `slope` crosses, rows 1 to the target's.
    fn cells(&self, slope: Slope, opaque: impl Fn(Pos) -> bool) -> Vec<Pos> {
        let Slope { num, den } = slope;
        (1..=self.depth)
            .map(|d| {
                // The crossing d * num / den, rounded half up; a corner
                // when d * num / den + 1/2 is whole.
                let up = (2 * d * num + den).div_euclid(2 * den);
                if (2 * d * num + den).rem_euclid(2 * den) != 0 {
                    return self.at(d, up);
                }
                let (near, far) = if up > 0 { (up - 1, up) } else { (up, up - 1) };
                let (near, far) = (self.at(d, near), self.at(d, far));
                if opaque(near) && !opaque(far) {
                    far
                } else {
                    near
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Visible;
    use crate::fixture::Labelled;
    use crate::sight::visible_from;
    use proptest::prelude::*;

    /// Bresenham's line from the `(0, 0)` of a map to `(1, 2)` goes by
    /// `(1, 1)`, a pillar, while the shadowcast sees `(1, 2)` past the
    /// pillar's corner: the flight goes by `(0, 1)`. And through a wall
    /// the view no longer knows of (closed since), it stops there.
    #[test]
    fn a_flight_passes_a_pillar_by_the_side_the_sight_does() {
        let a = Labelled::parse("@...\n.#..\n.x..\n");
        let (from, to) = (a.label('@').unwrap(), a.label('x').unwrap());
        let mut seen = false;
        visible_from(from, 8, |p| a.is_opaque(p), |p| seen |= p == to);
        assert!(seen);
        let cells = flight(from, to, |p| a.is_opaque(p));
        assert_eq!(cells, [Pos::new(0, 1), to]);
        let walled = |p: Pos| a.is_opaque(p) || p == Pos::new(0, 1);
        assert_eq!(flight(from, to, walled), [Pos::new(0, 1), to]);
        assert!(flight(from, from, walled).is_empty());
    }

    /// Aimed at a wall seen only past a corner, where the ray to its
    /// centre crosses another wall, the flight takes the edge ray the
    /// sight saw it by: the left edge of that other wall.
    #[test]
    fn a_wall_seen_past_a_corner_is_reached_by_the_edge_ray() {
        let a = Labelled::parse(".#..\n.#..\n....\n@...\n");
        let (from, to) = (a.label('@').unwrap(), Pos::new(1, 0));
        let opaque = |p: Pos| a.is_opaque(p);
        let mut seen = false;
        visible_from(from, 8, opaque, |p| seen |= p == to);
        assert!(seen, "the wall at {to} is seen");
        // The ray to its centre, 1/3, crosses row 2 at 2/3: inside (1, 1).
        let frame = Frame::new(from, false, -3, 1);
        let centre = frame.cells(frame.centre(), opaque);
        assert_eq!(centre, [Pos::new(0, 2), Pos::new(1, 1), to]);
        // The edge of (1, 1), 1/4, crosses row 2 on its corner.
        assert_eq!(
            flight(from, to, opaque),
            [Pos::new(0, 2), Pos::new(0, 1), to]
        );
    }

    /// A random map of open cells and pillars (and closed doors), 12 by
    /// 12, and a place on it made open.
    fn map_and_place() -> impl Strategy<Value = (Labelled, Pos, u32)> {
        (
            proptest::collection::vec(
                prop_oneof![6 => Just('.'), 2 => Just('#'), 1 => Just('+'), 1 => Just(':')],
                144,
            ),
            (0i32..12, 0i32..12),
            1u32..10,
        )
            .prop_map(|(mut cells, (x, y), radius)| {
                cells[(y * 12 + x) as usize] = '.';
                let text: String = cells
                    .chunks(12)
                    .map(|r| r.iter().collect::<String>() + "\n")
                    .collect();
                (Labelled::parse(&text), Pos::new(x, y), radius)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// For every cell the shadowcast lights (off the map too, where
        /// everything is opaque), the flight there crosses only open
        /// cells before it and is a line: one row a step, at most a
        /// column aside, within a cell of the ray to the target's centre.
        #[test]
        fn every_cell_seen_is_reached_through_open_cells((map, from, radius) in map_and_place()) {
            let opaque = |p: Pos| map.is_opaque(p);
            let mut lit = Vec::new();
            visible_from(from, radius, opaque, |p| lit.push(p));
            for &to in lit.iter().filter(|&&p| p != from) {
                let cells = flight(from, to, opaque);
                prop_assert_eq!(cells.last(), Some(&to));
                let (dx, dy) = (to.x - from.x, to.y - from.y);
                let depth = dx.abs().max(dy.abs());
                prop_assert_eq!(cells.len(), depth as usize);
                let mut at = from;
                for (i, &p) in cells.iter().enumerate() {
                    let (sx, sy) = (p.x - at.x, p.y - at.y);
                    prop_assert!(sx.abs() <= 1 && sy.abs() <= 1, "{:?}", cells);
                    // Within a cell of the centre ray: |p - from - (i+1)/depth * (dx, dy)| < 1.
                    let d = i as i32 + 1;
                    prop_assert!(((p.x - from.x) * depth - d * dx).abs() < depth, "{:?}", cells);
                    prop_assert!(((p.y - from.y) * depth - d * dy).abs() < depth, "{:?}", cells);
                    if p != to {
                        prop_assert!(!opaque(p), "{} to {}: {} is opaque: {:?}", from, to, p, cells);
                    }
                    at = p;
                }
                // An open target is reached by the ray to its centre:
                // within half a cell of it.
                if !opaque(to) {
                    for (i, &p) in cells.iter().enumerate() {
                        let d = i as i32 + 1;
                        prop_assert!(2 * ((p.x - from.x) * depth - d * dx).abs() <= depth, "{:?}", cells);
                        prop_assert!(2 * ((p.y - from.y) * depth - d * dy).abs() <= depth, "{:?}", cells);
                    }
                }
            }
        }
    }
}
