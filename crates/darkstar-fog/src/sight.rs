//! Field of view: symmetric shadowcasting (Albert Ford, 2020). Symmetric
//! means that if a monster at A can see B, a monster at B can see A, so
//! factions never "see" one another unfairly. Rational slopes, no floating
//! point: the same cells are visible on every machine.

use crate::knowledge::{Belief, Knowledge, Learnt};
use darkstar_path::geom::Pos;

/// What a viewer looks at: the true map, as far as sight tells of it. A
/// game implements it for its map, and [`look`] learns what is seen into a
/// faction's [`Knowledge`] through it (so the knowledge never holds the
/// map).
pub trait Visible<B: Belief> {
    /// True when `p` blocks sight (true off the map).
    fn is_opaque(&self, p: Pos) -> bool;
    /// What a viewer who sees `p` learns it to be (`None` off the map).
    fn seen_as(&self, p: Pos) -> Option<B>;
}

/// What one viewer sees now: the cells within `radius` of `origin` that
/// shadowcasting lights, as a box of flags round it: cast once, when the
/// viewer looks ([`look_seeing`]), and read by whatever draws or decides
/// from it, so they agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldOfView {
    origin: Pos,
    radius: u32,
    /// Row-major over the (2 * radius + 1)-square box round `origin`.
    lit: Vec<bool>,
}

impl FieldOfView {
    /// Nothing seen, from `origin`.
    fn dark(origin: Pos, radius: u32) -> FieldOfView {
        let side = 2 * radius as usize + 1;
        FieldOfView {
            origin,
            radius,
            lit: vec![false; side * side],
        }
    }

    /// Where it is seen from.
    pub fn origin(&self) -> Pos {
        self.origin
    }

    /// True when `p` is seen.
    pub fn sees(&self, p: Pos) -> bool {
        self.index(p).is_some_and(|i| self.lit[i])
    }

    /// Every cell seen, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        let side = 2 * self.radius as i32 + 1;
        let r = self.radius as i32;
        self.lit
            .iter()
            .enumerate()
            .filter(|&(_, &l)| l)
            .map(move |(i, _)| {
                let (dx, dy) = (i as i32 % side - r, i as i32 / side - r);
                Pos::new(self.origin.x + dx, self.origin.y + dy)
            })
    }

    fn light(&mut self, p: Pos) {
        if let Some(i) = self.index(p) {
            self.lit[i] = true;
        }
    }

    fn index(&self, p: Pos) -> Option<usize> {
        let r = self.radius as i64;
        let side = 2 * r + 1;
        let (dx, dy) = (
            p.x as i64 - self.origin.x as i64 + r,
            p.y as i64 - self.origin.y as i64 + r,
        );
        ((0..side).contains(&dx) && (0..side).contains(&dy)).then(|| (dy * side + dx) as usize)
    }
}

/// [`look`], also keeping what was seen as a [`FieldOfView`]: one
/// shadowcast for both. The view's box is never larger than the map
/// needs (`2 D + 3` cells a side, `D` the farthest cell of the map from
/// `at`), however large the radius.
pub fn look_seeing<B: Belief>(
    knowledge: &mut Knowledge<B>,
    map: &impl Visible<B>,
    at: Pos,
    radius: u32,
    turn: u32,
) -> (Vec<Pos>, FieldOfView) {
    // Every cell revealed is within Chebyshev distance `far + 1` (see
    // `within_reach`): the view's box need not be larger.
    let far = farthest(knowledge, at);
    let box_radius = (radius as i64).min(far + 1).min(MAX_RADIUS as i64 / 2);
    let mut view = FieldOfView::dark(at, box_radius as u32);
    let changed = look_and(knowledge, map, at, radius, turn, |p| {
        view.light(p);
        true
    });
    (changed, view)
}

/// Everything `at` sees within `radius` on `map`, learnt into `knowledge`
/// on `turn`; returns the cells whose belief changed. A radius past the
/// map's size (twice the distance to its farthest cell) sees what that
/// radius sees, the whole map in sight: a look costs no more than the
/// map, however large the radius.
pub fn look<B: Belief>(
    knowledge: &mut Knowledge<B>,
    map: &impl Visible<B>,
    at: Pos,
    radius: u32,
    turn: u32,
) -> Vec<Pos> {
    look_and(knowledge, map, at, radius, turn, |_| true)
}

/// [`look`], but the cells `hidden` answers true for are not seen (they
/// still block or pass sight as they are): a monster looking into a
/// darkness it cannot see through.
pub fn look_unless<B: Belief>(
    knowledge: &mut Knowledge<B>,
    map: &impl Visible<B>,
    at: Pos,
    radius: u32,
    turn: u32,
    hidden: impl Fn(Pos) -> bool,
) -> Vec<Pos> {
    look_and(knowledge, map, at, radius, turn, |p| !hidden(p))
}

/// [`look`], telling `seen` of every cell in sight, which learns it only
/// if `seen` answers true: the one cast [`look`], [`look_unless`] and
/// [`look_seeing`] make.
fn look_and<B: Belief>(
    knowledge: &mut Knowledge<B>,
    map: &impl Visible<B>,
    at: Pos,
    radius: u32,
    turn: u32,
    mut seen: impl FnMut(Pos) -> bool,
) -> Vec<Pos> {
    let mut changed = Vec::new();
    visible_from(
        at,
        within_reach(knowledge, at, radius),
        |p| map.is_opaque(p),
        |p| {
            if seen(p)
                && let Some(t) = map.seen_as(p)
                && knowledge.learn(p, t, turn) != Learnt::Nothing
            {
                changed.push(p);
            }
        },
    );
    changed
}

/// `radius` cut down to what can matter on `knowledge`'s map seen from
/// `at`: no cell beyond it is seen whatever the radius. A row of cells
/// at Chebyshev distance `d` from `at` is reached only through one at
/// distance `d` less one that does not block sight, which off the map is
/// none; so every cell shadowcasting reveals is within `D + 1` of `at`
/// (`D` the farthest cell of the map), at most `2 (D + 1)` away (the
/// farthest square of `D + 1` holds is its diagonal, `1.42 (D + 1)`
/// away): a radius past that sees
/// exactly what that radius sees, and a look costs no more than the map,
/// however large the radius (a radius past the map's diagonal is the
/// whole map).
fn within_reach<B: Belief>(knowledge: &Knowledge<B>, at: Pos, radius: u32) -> u32 {
    let reach = 2 * (farthest(knowledge, at) + 1);
    (radius as i64).min(reach).min(MAX_RADIUS as i64) as u32
}

/// The Chebyshev distance from `at` to the farthest cell of the map.
fn farthest<B: Belief>(knowledge: &Knowledge<B>, at: Pos) -> i64 {
    let (w, h) = (knowledge.width() as i64, knowledge.height() as i64);
    let (x, y) = (at.x as i64, at.y as i64);
    x.abs()
        .max((w - 1 - x).abs())
        .max(y.abs())
        .max((h - 1 - y).abs())
}

/// The largest radius [`visible_from`] looks to: 2^30, past any map's
/// diagonal (a larger radius is taken as this), and small enough that
/// its arithmetic cannot overflow.
pub const MAX_RADIUS: u32 = 1 << 30;

/// A slope `num / den` with `den > 0`.
#[derive(Copy, Clone, Debug)]
struct Slope {
    num: i64,
    den: i64,
}

/// A row of a quadrant at `depth`, between two slopes.
#[derive(Copy, Clone, Debug)]
struct Row {
    depth: i64,
    start: Slope,
    end: Slope,
}

impl Row {
    /// Columns from `round_ties_up(depth * start)` to
    /// `round_ties_down(depth * end)`.
    fn columns(&self) -> std::ops::RangeInclusive<i64> {
        let (d, s, e) = (self.depth, self.start, self.end);
        let min = (2 * d * s.num + s.den).div_euclid(2 * s.den);
        let max = -((-(2 * d * e.num) + e.den).div_euclid(2 * e.den));
        min..=max
    }

    fn next(&self) -> Row {
        Row {
            depth: self.depth + 1,
            ..*self
        }
    }

    /// True when the centre of column `col` lies within the row's slopes:
    /// the test that keeps floor tiles symmetric.
    fn is_symmetric(&self, col: i64) -> bool {
        let (d, s, e) = (self.depth, self.start, self.end);
        col * s.den >= d * s.num && col * e.den <= d * e.num
    }
}

/// The slope through the left edge of `col` at `depth`.
fn slope(depth: i64, col: i64) -> Slope {
    Slope {
        num: 2 * col - 1,
        den: 2 * depth,
    }
}

/// Calls `reveal(p)` for every position visible from `origin` within
/// `radius` (Euclidean, rounded outwards: `dx² + dy² <= r² + r`), origin
/// included; `opaque(p)` says whether a position blocks sight (callers
/// answer `true` off the map). Radius 0 sees only the origin: touch only.
/// A radius past [`MAX_RADIUS`] is taken as that. A position may be
/// revealed more than once. The work is bounded by the cells seen and
/// those that block sight round them, not by the radius: with `opaque`
/// true off the map, a radius of a billion on a small map costs what
/// the map does.
///
/// ```
/// use darkstar_fog::sight::visible_from;
/// use darkstar_path::geom::Pos;
/// let rows = ["#######", "#@..#.#", "#######"];
/// let opaque = |p: Pos| rows.get(p.y as usize).and_then(|r| r.as_bytes().get(p.x as usize)) != Some(&b'.');
/// let mut seen = Vec::new();
/// visible_from(Pos::new(1, 1), 10, opaque, |p| seen.push(p));
/// assert!(seen.contains(&Pos::new(4, 1)), "the wall is seen");
/// assert!(!seen.contains(&Pos::new(5, 1)), "what is behind it is not");
/// ```
pub fn visible_from(
    origin: Pos,
    radius: u32,
    opaque: impl Fn(Pos) -> bool,
    mut reveal: impl FnMut(Pos),
) {
    reveal(origin);
    if radius == 0 {
        return;
    }
    let r = radius.min(MAX_RADIUS) as i64;
    let limit = r * r + r;
    // One stack for the four quadrants (each leaves it empty).
    let mut rows = Vec::new();
    for quadrant in 0..4 {
        let to_pos = |depth: i64, col: i64| {
            let (dx, dy) = match quadrant {
                0 => (col, -depth), // north
                1 => (depth, col),  // east
                2 => (col, depth),  // south
                _ => (-depth, col), // west
            };
            Pos::new(origin.x + dx as i32, origin.y + dy as i32)
        };
        let first = Row {
            depth: 1,
            start: Slope { num: -1, den: 1 },
            end: Slope { num: 1, den: 1 },
        };
        rows.push(first);
        while let Some(mut row) = rows.pop() {
            // A row that ends open goes on to the row behind it, which
            // is taken next (it would be pushed last, so popped first):
            // taken straight away instead, with no trip through the stack.
            while row.depth <= r {
                let mut prev_opaque: Option<bool> = None;
                for col in row.columns() {
                    let p = to_pos(row.depth, col);
                    let wall = opaque(p);
                    let in_range = row.depth * row.depth + col * col <= limit;
                    if in_range && (wall || row.is_symmetric(col)) {
                        reveal(p);
                    }
                    if prev_opaque == Some(true) && !wall {
                        row.start = slope(row.depth, col);
                    }
                    if prev_opaque == Some(false) && wall {
                        let mut next = row.next();
                        next.end = slope(row.depth, col);
                        rows.push(next);
                    }
                    prev_opaque = Some(wall);
                }
                if prev_opaque != Some(false) {
                    break;
                }
                row = row.next();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::Labelled;
    use darkstar_path::grid::Grid;
    use proptest::prelude::*;

    fn seen(map: &Labelled, from: Pos, radius: u32) -> Grid<bool> {
        let mut out = Grid::new(map.width(), map.height(), false);
        visible_from(
            from,
            radius,
            |p| !map.is_passable(p),
            |p| {
                if let Some(c) = out.get_mut(p) {
                    *c = true;
                }
            },
        );
        out
    }

    #[test]
    fn an_open_room_is_seen_whole_and_radius_limits_it() {
        let a = Labelled::parse(
            "
            #########
            #.......#
            #.......#
            #...@...#
            #.......#
            #########",
        );
        let at = a.label('@').unwrap();
        let all = seen(&a, at, 20);
        assert!(all.cells().iter().all(|&v| v), "every cell, walls included");
        let near = seen(&a, at, 1);
        let count = near.cells().iter().filter(|&&v| v).count();
        assert_eq!(count, 9, "radius 1: the 3x3 block");
        assert_eq!(seen(&a, at, 0).cells().iter().filter(|&&v| v).count(), 1);
    }

    #[test]
    fn pillars_cast_shadows() {
        let a = Labelled::parse(
            "
            @.#....",
        );
        let v = seen(&a, Pos::new(0, 0), 10);
        assert!(v[Pos::new(2, 0)]);
        assert!(!v[Pos::new(3, 0)]);
    }

    proptest! {
        /// If A sees B, B sees A (between floor cells: A and B are made
        /// floor, so every case checks a pair).
        #[test]
        fn sight_is_symmetric(mut cells in proptest::collection::vec(prop_oneof![3 => Just('.'), 1 => Just('#')], 144), a in (0i32..12, 0i32..12), b in (0i32..12, 0i32..12), radius in 1u32..9) {
            for (x, y) in [a, b] {
                cells[(y * 12 + x) as usize] = '.';
            }
            let text: String = cells.chunks(12).map(|r| r.iter().collect::<String>() + "\n").collect();
            let map = Labelled::parse(&text);
            let (a, b) = (Pos::new(a.0, a.1), Pos::new(b.0, b.1));
            prop_assert_eq!(seen(&map, a, radius)[b], seen(&map, b, radius)[a]);
        }
    }

    /// A radius far past the map sees as a radius of the map's size does:
    /// `visible_from` at u32::MAX used to see only its own cell (its
    /// square overflowed), and `look_seeing` allocated (2r + 1)² flags up
    /// front (r = 100,000 aborts). Each answers at once now, the view's
    /// box no larger than the map needs.
    #[test]
    fn a_radius_past_the_map_is_the_map() {
        use crate::OpenOrWall;
        let map = Labelled::parse(
            "
            ###########
            #....#....#
            #.##...#..#
            #....#.#..#
            ###########
            ",
        );
        let (w, h) = (map.width(), map.height());
        let at = Pos::new(1, 1);
        let whole = seen(&map, at, w + h);
        for radius in [100_000, 3_000_000_000, u32::MAX] {
            let clock = std::time::Instant::now();
            assert_eq!(seen(&map, at, radius), whole, "visible_from at {radius}");
            let mut k = Knowledge::<OpenOrWall>::new(w, h);
            let (changed, view) = look_seeing(&mut k, &map, at, radius, 1);
            let mut small = Knowledge::<OpenOrWall>::new(w, h);
            let (changed_small, view_small) = look_seeing(&mut small, &map, at, w + h, 1);
            assert_eq!(changed, changed_small, "look_seeing at {radius}");
            assert_eq!(
                view.cells().collect::<Vec<_>>(),
                view_small.cells().collect::<Vec<_>>()
            );
            assert!(
                view.lit.len() <= (2 * (w + h) as usize + 3).pow(2),
                "{}",
                view.lit.len()
            );
            assert!(
                clock.elapsed().as_secs() < 5,
                "{radius}: {:?}",
                clock.elapsed()
            );
        }
    }
}
