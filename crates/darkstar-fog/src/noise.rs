//! How far a noise carries: a noise is heard a number of steps away
//! through open ground (the true map: sound does not care what anyone
//! knows), round corners and along corridors, not through rock. A hearer
//! hears a noise when the steps between them, times 100, are at most its
//! hearing times the noise's loudness in percent (of the loudest noise a
//! game has, say a fight's); what it learns is a place, not who made the
//! noise. How loud each noise is, is the game's rule.
//!
//! ```
//! use darkstar_fog::noise::{NoiseReach, radius};
//! use darkstar_path::geom::Pos;
//! // A wall from (4, 0) to (4, 1): round its end, not through it.
//! let passable = |p: Pos| (0..9).contains(&p.x) && (0..3).contains(&p.y) && !(p.x == 4 && p.y < 2);
//! let reach = NoiseReach::compute(passable, Pos::new(2, 0), 10);
//! assert_eq!(reach.steps(Pos::new(6, 0)), Some(6));
//! // Hearing 12 hears a noise of loudness 50 six steps away, not seven.
//! assert!(reach.heard(Pos::new(6, 0), 12, 50));
//! assert_eq!(radius(12, 50), 6);
//! ```

use std::collections::VecDeque;

use darkstar_path::geom::{Dir, Pos};

/// How loud a noise is, in percent of a reference noise: a hearer with
/// hearing `h` hears it up to `h * loudness / 100` steps away.
pub type Loudness = u32;

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
    /// The reach of a noise at `origin`, through the cells `passable`
    /// says sound goes through (false off the map), up to `radius` steps
    /// (what the keenest hearer could hear of it).
    pub fn compute(passable: impl Fn(Pos) -> bool, origin: Pos, radius: u32) -> NoiseReach {
        let side = 2 * radius as usize + 1;
        let mut reach = NoiseReach {
            origin,
            radius,
            steps: vec![u32::MAX; side * side],
        };
        if !passable(origin) {
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
                if !passable(p) || corner_blocked(&passable, here, dir) {
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
fn corner_blocked(passable: &impl Fn(Pos) -> bool, from: Pos, dir: Dir) -> bool {
    if !dir.is_diagonal() {
        return false;
    }
    let (a, b) = dir.components();
    !passable(from.step(a)) || !passable(from.step(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::Labelled;

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
}
