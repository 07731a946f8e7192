//! How far a noise carries: a noise is heard a number of steps away
//! through open ground (the true map: sound does not care what anyone
//! knows), round corners and along corridors. A hearer hears a noise when
//! the steps between them, times 100, are at most its hearing times the
//! noise's loudness in percent (of the loudest noise a game has, say a
//! fight's); what it learns is a place, not who made the noise. How loud
//! each noise is, is the game's rule.
//!
//! [`NoiseReach::compute`] stops a noise at whatever is not open ground;
//! [`NoiseReach::damped`] lets it through what damps it, each cell
//! costing the steps its damping says (DCSS damps a noise twelvefold
//! through rock and eightfold through a closed door).
//!
//! ```
//! use darkstar_fog::noise::{NoiseReach, radius};
//! use darkstar_path::geom::Pos;
//! // A wall from (4, 0) to (4, 1): round its end, not through it.
//! let on_map = |p: Pos| (0..9).contains(&p.x) && (0..3).contains(&p.y);
//! let wall = |p: Pos| p.x == 4 && p.y < 2;
//! let reach = NoiseReach::compute(|p| on_map(p) && !wall(p), Pos::new(2, 0), 10);
//! assert_eq!(reach.steps(Pos::new(6, 0)), Some(6));
//! // Hearing 12 hears a noise of loudness 50 six steps away, not seven.
//! assert!(reach.heard(Pos::new(6, 0), 12, 50));
//! assert_eq!(radius(12, 50), 6);
//! // Through the wall, which damps it twelvefold: 12 + 1 steps
//! // straight through is more than the 6 round its end.
//! let damping = |p: Pos| on_map(p).then(|| if wall(p) { 12 } else { 1 });
//! let damped = NoiseReach::damped(damping, Pos::new(3, 0), 20);
//! assert_eq!(damped.steps(Pos::new(5, 0)), Some(6));
//! assert_eq!(damped.steps(Pos::new(4, 0)), Some(12));
//! ```

use darkstar_path::geom::{Dir, Pos};

/// How loud a noise is, in percent of a reference noise: a hearer with
/// hearing `h` hears it up to `h * loudness / 100` steps away.
pub type Loudness = u32;

/// The steps from a noise's cell to every cell within its reach, eight
/// ways without cutting corners (as monsters move), each cell entered
/// costing its damping in steps (one through open ground).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoiseReach {
    origin: Pos,
    /// Half the side of the box of cells kept round the origin: at most
    /// the radius, and grown (doubling) only as far as the noise reaches.
    half: u32,
    /// Row-major over the (2 * half + 1)-square box round the origin;
    /// `u32::MAX` where the noise does not reach.
    steps: Vec<u32>,
}

/// The damping of open ground: a step costs one step.
pub const OPEN: u32 = 1;

/// The half side a noise's box starts at (if its radius is no less): a
/// box any game's noise fits, grown only for a wider reach.
const FIRST_HALF: u32 = 64;

impl NoiseReach {
    /// The reach of a noise at `origin`, through the cells `passable`
    /// says sound goes through (false off the map), up to `radius` steps
    /// (what the keenest hearer could hear of it): a breadth-first count,
    /// stopped by whatever is not passable.
    pub fn compute(passable: impl Fn(Pos) -> bool, origin: Pos, radius: u32) -> NoiseReach {
        NoiseReach::damped(|p| passable(p).then_some(OPEN), origin, radius)
    }

    /// The reach of a noise at `origin` up to `radius` steps, where
    /// entering cell `p` costs `damping(p)` steps ([`OPEN`] through open
    /// ground, more through what damps sound; a damping below one counts
    /// as one) and `None` stops it (off the map, or what no sound
    /// passes). A diagonal step passes only between two open cells, so a
    /// noise turns a corner of rock or a door as a monster does. With
    /// every damping [`OPEN`] or `None`, this is [`NoiseReach::compute`].
    /// Exact (Dijkstra's order, in buckets of whole steps).
    ///
    /// Its memory and time follow the cells the noise reaches, not the
    /// radius: the box of cells it keeps starts small and doubles as the
    /// noise spreads, so a radius past the map (with `damping` `None`
    /// off it) costs what the map does, never `(2 radius + 1)²` cells.
    pub fn damped(damping: impl Fn(Pos) -> Option<u32>, origin: Pos, radius: u32) -> NoiseReach {
        let half = radius.min(FIRST_HALF);
        let side = 2 * half as usize + 1;
        let mut reach = NoiseReach {
            origin,
            half,
            steps: vec![u32::MAX; side * side],
        };
        if damping(origin).is_none() {
            return reach;
        }
        let Some(start) = reach.index(origin) else {
            return reach;
        };
        reach.steps[start] = 0;
        // Cells by the steps to them so far, 0 to `radius`; a cell found
        // nearer later is filed again and its older entry skipped. Only
        // buckets holding cells exist, so they too follow the reach, not
        // the radius.
        let mut buckets: std::collections::BTreeMap<u32, Vec<Pos>> =
            std::collections::BTreeMap::new();
        buckets.insert(0, vec![origin]);
        while let Some((d, cells)) = buckets.pop_first() {
            for here in cells {
                let Some(i) = reach.index(here) else { continue };
                if reach.steps[i] != d || d == radius {
                    continue;
                }
                for dir in Dir::ALL {
                    let p = here.step(dir);
                    let Some(cost) = damping(p) else { continue };
                    if dir.is_diagonal() && !open_corner(&damping, here, dir) {
                        continue;
                    }
                    let to = d.saturating_add(cost.max(OPEN));
                    if to > radius {
                        continue;
                    }
                    // Every cell within `to` steps is within Chebyshev
                    // distance `to` of the origin, and so within a box
                    // grown to `to`.
                    let j = match reach.index(p) {
                        Some(j) => Some(j),
                        None if reach.half < radius => {
                            reach.grow(to, radius);
                            reach.index(p)
                        }
                        None => None,
                    };
                    if let Some(j) = j
                        && to < reach.steps[j]
                    {
                        reach.steps[j] = to;
                        buckets.entry(to).or_default().push(p);
                    }
                }
            }
        }
        reach
    }

    /// Grows the box to a half side of at least `need` (doubling, at most
    /// `radius`), keeping every cell's steps.
    fn grow(&mut self, need: u32, radius: u32) {
        let half = need.max(self.half.saturating_mul(2)).min(radius);
        let side = 2 * half as usize + 1;
        let mut steps = vec![u32::MAX; side * side];
        let old = 2 * self.half as usize + 1;
        let shift = (half - self.half) as usize;
        for (row, cells) in self.steps.chunks_exact(old).enumerate() {
            let at = (row + shift) * side + shift;
            steps[at..at + old].copy_from_slice(cells);
        }
        self.half = half;
        self.steps = steps;
    }

    /// Steps from the noise to `p`, if it reaches.
    pub fn steps(&self, p: Pos) -> Option<u32> {
        self.index(p)
            .map(|i| self.steps[i])
            .filter(|&d| d != u32::MAX)
    }

    /// True when a hearer at `p` with hearing `hearing` hears a noise of
    /// `loudness` made at the origin.
    pub fn heard(&self, p: Pos, hearing: u32, loudness: Loudness) -> bool {
        self.steps(p)
            .is_some_and(|d| d as u64 * 100 <= hearing as u64 * loudness as u64)
    }

    /// Where the noise was made.
    pub fn origin(&self) -> Pos {
        self.origin
    }

    /// Bytes held by its box of cells (for tests that the memory follows
    /// the reach, not the radius).
    pub fn memory_bytes(&self) -> usize {
        self.steps.capacity() * std::mem::size_of::<u32>()
    }

    fn index(&self, p: Pos) -> Option<usize> {
        let r = self.half as i64;
        let (dx, dy) = (
            p.x as i64 - self.origin.x as i64 + r,
            p.y as i64 - self.origin.y as i64 + r,
        );
        let side = 2 * r + 1;
        ((0..side).contains(&dx) && (0..side).contains(&dy)).then(|| (dy * side + dx) as usize)
    }
}

/// The farthest any hearer could hear a noise of `loudness`, with the
/// keenest hearing `hearing`: the radius to compute.
pub fn radius(hearing: u32, loudness: Loudness) -> u32 {
    (hearing as u64 * loudness as u64 / 100) as u32
}

/// True when both cells a diagonal step from `from` in `dir` passes
/// between are open ground (the corner rule every search and move keeps).
fn open_corner(damping: &impl Fn(Pos) -> Option<u32>, from: Pos, dir: Dir) -> bool {
    let (a, b) = dir.components();
    let open = |p: Pos| damping(p).is_some_and(|c| c <= OPEN);
    open(from.step(a)) && open(from.step(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::Labelled;
    use proptest::prelude::*;

    const FIGHT: Loudness = 100;
    const FOOTSTEP: Loudness = 40;

    /// A noise goes along the corridor and round its bend, not through
    /// the rock between; its steps are a breadth-first count.
    #[test]
    fn noise_follows_the_corridors() {
        let a = Labelled::parse(
            "\
N.......#
#######.#
H.......#",
        );
        let (n, h) = (a.label('N').unwrap(), a.label('H').unwrap());
        let reach = NoiseReach::compute(|p| a.is_passable(p), n, 30);
        // Two rows apart as the crow flies; 16 steps round the bend (no
        // corner cut at either end of it).
        assert_eq!(reach.steps(h), Some(16));
        assert!(reach.heard(h, 16, FIGHT));
        assert!(!reach.heard(h, 15, FIGHT));
        // Twice as loud.
        assert!(reach.heard(h, 8, 200));
        assert!(!reach.heard(h, 16, FOOTSTEP));
        // A short radius stops it.
        assert_eq!(
            NoiseReach::compute(|p| a.is_passable(p), n, 15).steps(h),
            None
        );
        assert_eq!(radius(16, FOOTSTEP), 6);
    }

    /// Sealed rooms hear nothing of each other, and a corner is not a way.
    #[test]
    fn rock_and_corners_stop_it() {
        let a = Labelled::parse(
            "\
N.#.H
..#..
##...",
        );
        let reach = NoiseReach::compute(|p| a.is_passable(p), a.label('N').unwrap(), 20);
        assert_eq!(reach.steps(a.label('H').unwrap()), None);
        let b = Labelled::parse("N#\n#H");
        let reach = NoiseReach::compute(|p| b.is_passable(p), b.label('N').unwrap(), 5);
        assert_eq!(reach.steps(b.label('H').unwrap()), None);
    }

    /// DCSS's damping: rock twelvefold, a closed door eightfold.
    fn dcss(a: &Labelled) -> impl Fn(Pos) -> Option<u32> + '_ {
        move |p| {
            a.at(p).map(|c| match c {
                '#' => 12,
                '+' => 8,
                _ => OPEN,
            })
        }
    }

    /// A shut door damps a noise: a fight in the next room is heard
    /// through it (1 + 8 + 1 + 1 steps), a footstep is not; where there
    /// is a way round, the shorter of the two counts; rock damps more.
    #[test]
    fn a_door_and_rock_damp_a_noise() {
        let a = Labelled::parse(
            "\
N.+.H
..#..",
        );
        let (n, h) = (a.label('N').unwrap(), a.label('H').unwrap());
        let reach = NoiseReach::damped(dcss(&a), n, 40);
        assert_eq!(reach.steps(h), Some(11));
        assert!(reach.heard(h, 11, FIGHT));
        assert!(!reach.heard(h, 10, FIGHT));
        assert!(!reach.heard(h, 16, FOOTSTEP));
        // The door open: four steps. Stopped by the door: never.
        let open = |p: Pos| a.at(p).map(|c| if c == '#' { 12 } else { OPEN });
        assert_eq!(NoiseReach::damped(open, n, 40).steps(h), Some(4));
        assert_eq!(
            NoiseReach::compute(|p| a.is_passable(p), n, 40).steps(h),
            None
        );
        // A way round below, eight steps (no corner cut): shorter than
        // through the door.
        let b = Labelled::parse(
            "\
N.+.H
..#..
..#..
.....",
        );
        assert_eq!(NoiseReach::damped(dcss(&b), n, 40).steps(h), Some(8));
        // Rock two cells thick: 1 + 12 + 12 + 1 + 1.
        let c = Labelled::parse("N.##.H");
        let (n, h) = (c.label('N').unwrap(), c.label('H').unwrap());
        let reach = NoiseReach::damped(dcss(&c), n, 40);
        assert_eq!(reach.steps(h), Some(27));
        assert_eq!(reach.steps(Pos::new(2, 0)), Some(13));
        assert_eq!(NoiseReach::damped(dcss(&c), n, 26).steps(h), None);
    }

    /// A random map of open ground, rock and doors, a place in it and a
    /// radius.
    fn map_and_place() -> impl Strategy<Value = (Labelled, Pos, u32)> {
        (3usize..=10, 3usize..=10).prop_flat_map(|(w, h)| {
            let cell = prop_oneof![5 => Just('.'), 3 => Just('#'), 1 => Just('+')];
            (
                proptest::collection::vec(cell, w * h),
                0..w as i32,
                0..h as i32,
                0u32..=30,
            )
                .prop_map(move |(cells, x, y, radius)| {
                    let text: String = cells
                        .chunks(w)
                        .map(|r| r.iter().collect::<String>() + "\n")
                        .collect();
                    (Labelled::parse(&text), Pos::new(x, y), radius)
                })
        })
    }

    /// The steps to every cell by relaxing every step over and over until
    /// none shortens (Bellman and Ford): no queue, no order.
    fn relaxed(damping: &impl Fn(Pos) -> Option<u32>, origin: Pos, radius: u32) -> Vec<(Pos, u32)> {
        let r = radius as i32;
        let cells: Vec<Pos> = (-r..=r)
            .flat_map(|dy| (-r..=r).map(move |dx| Pos::new(origin.x + dx, origin.y + dy)))
            .collect();
        let mut steps: std::collections::BTreeMap<(i32, i32), u32> = Default::default();
        if damping(origin).is_some() {
            steps.insert((origin.x, origin.y), 0);
        }
        loop {
            let mut changed = false;
            for &here in &cells {
                let Some(&d) = steps.get(&(here.x, here.y)) else {
                    continue;
                };
                for dir in Dir::ALL {
                    let p = here.step(dir);
                    let Some(c) = damping(p) else { continue };
                    if dir.is_diagonal() {
                        let (a, b) = dir.components();
                        let open = |q: Pos| damping(q) == Some(OPEN);
                        if !open(here.step(a)) || !open(here.step(b)) {
                            continue;
                        }
                    }
                    let to = d + c;
                    if to <= radius && steps.get(&(p.x, p.y)).is_none_or(|&old| to < old) {
                        steps.insert((p.x, p.y), to);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        cells
            .into_iter()
            .filter_map(|p| steps.get(&(p.x, p.y)).map(|&d| (p, d)))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// The damped reach is exact: every cell's steps are those of the
        /// relaxation, and no other cell is reached; stopped at doors
        /// (`compute`), it is the same relaxation with doors as rock.
        #[test]
        fn the_damped_reach_is_exact((map, origin, radius) in map_and_place()) {
            let damping = dcss(&map);
            for (reach, damping) in [
                (NoiseReach::damped(&damping, origin, radius), &damping as &dyn Fn(Pos) -> Option<u32>),
                (NoiseReach::compute(|p| map.is_passable(p), origin, radius), &|p: Pos| map.is_passable(p).then_some(OPEN)),
            ] {
                let want = relaxed(&damping, origin, radius);
                let r = radius as i32;
                let reached = (-r..=r)
                    .flat_map(|dy| (-r..=r).map(move |dx| Pos::new(origin.x + dx, origin.y + dy)))
                    .filter(|&p| reach.steps(p).is_some())
                    .count();
                prop_assert_eq!(reached, want.len());
                for (p, d) in want {
                    prop_assert_eq!(reach.steps(p), Some(d), "{}", p);
                }
            }
        }
    }

    /// A noise with a radius far past the map (100,000 steps used to
    /// allocate (2r + 1)² cells up front and abort; u32::MAX more) hears
    /// as one whose radius is the map's size, at once, its box of cells
    /// no larger than the reach needs.
    #[test]
    fn a_radius_past_the_map_is_the_map() {
        let map = Labelled::parse(
            "
            #########
            #...#...#
            #.#.#.#.#
            #.#...#.#
            #########
            ",
        );
        let origin = Pos::new(1, 1);
        let whole = NoiseReach::compute(|p| map.is_passable(p), origin, 9 + 5);
        for radius in [100_000, 3_000_000_000, u32::MAX] {
            let clock = std::time::Instant::now();
            let reach = NoiseReach::compute(|p| map.is_passable(p), origin, radius);
            assert!(
                clock.elapsed().as_secs() < 5,
                "{radius}: {:?}",
                clock.elapsed()
            );
            for p in map.positions() {
                assert_eq!(reach.steps(p), whole.steps(p), "{radius}: {p}");
            }
            assert!(
                reach.memory_bytes() <= 4 * (2 * 64 + 1) * (2 * 64 + 1),
                "{radius}: {}",
                reach.memory_bytes()
            );
        }
        // A reach wider than the first box grows it, and keeps every count.
        let long = NoiseReach::compute(
            |p| p.y == 0 && (0..300).contains(&p.x),
            Pos::new(0, 0),
            u32::MAX,
        );
        assert_eq!(long.steps(Pos::new(299, 0)), Some(299));
        assert_eq!(long.steps(Pos::new(150, 0)), Some(150));
        assert_eq!(long.steps(Pos::new(300, 0)), None);
    }
}
