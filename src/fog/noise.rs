//! How far a noise carries: a fight, a door, a footfall or a thrown
//! noise-maker is heard a number of steps away through open ground (the
//! true dungeon: sound does not care what anyone knows), round corners
//! and along corridors, not through rock. A monster hears a noise when
//! the steps between them, times 100, are at most its hearing times the
//! noise's loudness in percent; what it learns is a place, not who made
//! the noise.

use std::collections::VecDeque;

use crate::map::geom::{Dir, Pos};
use crate::map::terrain::TerrainMap;

/// How loud a noise is, in percent of a fight's: a hearer with hearing
/// `h` hears it up to `h * loudness / 100` steps away.
pub type Loudness = u32;

/// A fight: the reference loudness.
pub const FIGHT: Loudness = 100;
/// A door opened or closed.
pub const DOOR: Loudness = 75;
/// An ordinary step.
pub const FOOTSTEP: Loudness = 40;

/// The steps from a noise's cell to every cell within its reach, through
/// passable ground, eight ways without cutting corners (as monsters move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoiseReach {
    origin: Pos,
    radius: u32,
    /// Row-major over the (2 * radius + 1)-square box round the origin;
    /// `u32::MAX` where the noise does not reach.
    steps: Vec<u32>,
}

impl NoiseReach {
    /// The reach of a noise at `origin` over `terrain`, up to `radius`
    /// steps (what the keenest hearer could hear of it).
    ///
    /// ```
    /// use darkstar::fog::noise::NoiseReach;
    /// use darkstar::map::geom::Pos;
    /// use darkstar::map::terrain::AsciiMap;
    /// let a = AsciiMap::parse("....#....\n....#....\n.........").unwrap();
    /// let reach = NoiseReach::compute(&a.map, Pos::new(2, 0), 10);
    /// // Round the wall's end, not through it.
    /// assert_eq!(reach.steps(Pos::new(6, 0)), Some(6));
    /// ```
    pub fn compute(terrain: &TerrainMap, origin: Pos, radius: u32) -> NoiseReach {
        let side = 2 * radius as usize + 1;
        let mut reach = NoiseReach {
            origin,
            radius,
            steps: vec![u32::MAX; side * side],
        };
        if !terrain.is_passable(origin) {
            return reach;
        }
        let Some(start) = reach.index(origin) else {
            return reach;
        };
        reach.steps[start] = 0;
        let mut queue = VecDeque::from([origin]);
        while let Some(here) = queue.pop_front() {
            let d = reach.steps[reach.index(here).unwrap_or(start)];
            if d == radius {
                continue;
            }
            for dir in Dir::ALL {
                let p = here.step(dir);
                if !terrain.is_passable(p) || corner_blocked(terrain, here, dir) {
                    continue;
                }
                if let Some(i) = reach.index(p)
                    && reach.steps[i] == u32::MAX
                {
                    reach.steps[i] = d + 1;
                    queue.push_back(p);
                }
            }
        }
        reach
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

    fn index(&self, p: Pos) -> Option<usize> {
        let r = self.radius as i64;
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

/// True when a diagonal step from `from` in `dir` passes a wall corner
/// (the rule every search and move keeps).
fn corner_blocked(terrain: &TerrainMap, from: Pos, dir: Dir) -> bool {
    if !dir.is_diagonal() {
        return false;
    }
    let (a, b) = dir.components();
    !terrain.is_passable(from.step(a)) || !terrain.is_passable(from.step(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::terrain::AsciiMap;

    /// A noise goes along the corridor and round its bend, not through
    /// the rock between; its steps are a breadth-first count.
    #[test]
    fn noise_follows_the_corridors() {
        let a = AsciiMap::parse(
            "\
N.......#
#######.#
H.......#",
        )
        .unwrap();
        let (n, h) = (a.label('N').unwrap(), a.label('H').unwrap());
        let reach = NoiseReach::compute(&a.map, n, 30);
        // Two rows apart as the crow flies; 16 steps round the bend (no
        // corner cut at either end of it).
        assert_eq!(reach.steps(h), Some(16));
        assert!(reach.heard(h, 16, FIGHT));
        assert!(!reach.heard(h, 15, FIGHT));
        // Twice a fight's, as the built-in noise-maker (data/items.txt).
        assert!(reach.heard(h, 8, 200));
        assert!(!reach.heard(h, 16, FOOTSTEP));
        // A short radius stops it.
        assert_eq!(NoiseReach::compute(&a.map, n, 15).steps(h), None);
        assert_eq!(radius(16, FOOTSTEP), 6);
    }

    /// Sealed rooms hear nothing of each other, and a corner is not a way.
    #[test]
    fn rock_and_corners_stop_it() {
        let a = AsciiMap::parse(
            "\
N.#.H
..#..
##...",
        )
        .unwrap();
        let reach = NoiseReach::compute(&a.map, a.label('N').unwrap(), 20);
        assert_eq!(reach.steps(a.label('H').unwrap()), None);
        let b = AsciiMap::parse("N#\n#H").unwrap();
        let reach = NoiseReach::compute(&b.map, b.label('N').unwrap(), 5);
        assert_eq!(reach.steps(b.label('H').unwrap()), None);
    }
}
