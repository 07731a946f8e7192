//! Fog of war for grid games: what each faction knows of the map, and
//! planning over that alone. A faction's [`Knowledge`] holds, for every
//! cell, what it last saw there (any [`Belief`] type: a game's terrain) or
//! that it has not seen it, and is a cost map for every search of
//! `darkstar-path`: unknown cells are planned through as walkable, at an
//! optimistic cost, so a monster heads into the dark and replans when it
//! finds a wall. The knowledge never holds the true map, so a planner
//! handed one cannot cheat.
//!
//! - [`knowledge`]: a faction's beliefs, last-seen turns, and its costs.
//! - [`sight`]: symmetric shadowcasting over an opacity closure, and
//!   learning what is seen from a map that is [`Visible`].
//! - [`flight`]: the cells a thrown thing crosses, in sight's geometry.
//! - [`noise`]: how far a noise carries through the true map, stopped or
//!   damped by what it passes.
//! - [`danger`]: deaths and chokepoints as extra planning cost.
//!
//! ```
//! use darkstar_fog::{Knowledge, OpenOrWall, Visible, sight::look};
//! use darkstar_path::{Connectivity, find_path, geom::Pos};
//!
//! // The true map: a wall across the middle, with a gap at the bottom.
//! struct Cave;
//! impl Visible<OpenOrWall> for Cave {
//!     fn is_opaque(&self, p: Pos) -> bool { self.seen_as(p) != Some(OpenOrWall::Open) }
//!     fn seen_as(&self, p: Pos) -> Option<OpenOrWall> {
//!         let inside = (0..9).contains(&p.x) && (0..5).contains(&p.y);
//!         inside.then_some(if p.x == 4 && p.y < 4 { OpenOrWall::Wall } else { OpenOrWall::Open })
//!     }
//! }
//! let mut known = Knowledge::<OpenOrWall>::new(9, 5);
//! let (me, goal) = (Pos::new(0, 0), Pos::new(8, 0));
//! // Knowing nothing, the monster plans straight through the wall.
//! assert_eq!(find_path(&known, me, goal, Connectivity::Eight).unwrap().0.len(), 9);
//! // It looks, learns the wall, and plans round by the gap.
//! look(&mut known, &Cave, me, 8, 1);
//! assert_eq!(known.belief(Pos::new(4, 0)), Some(OpenOrWall::Wall));
//! assert!(find_path(&known, me, goal, Connectivity::Eight).unwrap().0.len() > 9);
//! ```

// No unsafe code: the fog is safe Rust, and the compiler keeps it so.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod danger;
pub mod flight;
pub mod knowledge;
pub mod noise;
pub mod sight;

pub use knowledge::{Belief, Knowledge, Learnt};
pub use sight::{FieldOfView, Visible};

use darkstar_path::cost::Cost;

/// The simplest belief: a cell is open ground (entering it costs 1) or a
/// wall. For a game whose map is walls and floor; a game with terrain
/// costs has its own [`Belief`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpenOrWall {
    /// Walkable, at unit cost.
    Open,
    /// Not walkable.
    Wall,
}

impl Belief for OpenOrWall {
    const ALL: &'static [OpenOrWall] = &[OpenOrWall::Open, OpenOrWall::Wall];
    fn index(self) -> usize {
        self as usize
    }
    fn enter_cost(self) -> Option<Cost> {
        match self {
            OpenOrWall::Open => Some(1),
            OpenOrWall::Wall => None,
        }
    }
}

/// Test maps drawn as text: `#` and `+` walls (opaque), anything else
/// open, and every character but `.`, `#` and `+` a label naming its
/// cell. Rows may be indented and blank lines are skipped.
#[cfg(test)]
pub(crate) mod fixture {
    use super::*;
    use darkstar_path::geom::Pos;

    #[derive(Debug, Clone)]
    pub(crate) struct Labelled {
        rows: Vec<Vec<char>>,
    }

    impl Labelled {
        pub(crate) fn parse(text: &str) -> Labelled {
            let rows: Vec<Vec<char>> = text
                .lines()
                .map(str::trim)
                .filter(|r| !r.is_empty())
                .map(|r| r.chars().collect())
                .collect();
            assert!(rows.iter().all(|r| r.len() == rows[0].len()), "ragged");
            Labelled { rows }
        }
        pub(crate) fn at(&self, p: Pos) -> Option<char> {
            let row = self.rows.get(usize::try_from(p.y).ok()?)?;
            row.get(usize::try_from(p.x).ok()?).copied()
        }
        pub(crate) fn width(&self) -> u32 {
            self.rows[0].len() as u32
        }
        pub(crate) fn height(&self) -> u32 {
            self.rows.len() as u32
        }
        pub(crate) fn is_passable(&self, p: Pos) -> bool {
            self.at(p).is_some_and(|c| c != '#' && c != '+')
        }
        pub(crate) fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
            (0..self.height() as i32)
                .flat_map(move |y| (0..self.width() as i32).map(move |x| Pos::new(x, y)))
        }
        pub(crate) fn label(&self, c: char) -> Option<Pos> {
            self.positions().find(|&p| self.at(p) == Some(c))
        }
    }

    impl Visible<OpenOrWall> for Labelled {
        fn is_opaque(&self, p: Pos) -> bool {
            !self.is_passable(p)
        }
        fn seen_as(&self, p: Pos) -> Option<OpenOrWall> {
            self.at(p).map(|_| {
                if self.is_passable(p) {
                    OpenOrWall::Open
                } else {
                    OpenOrWall::Wall
                }
            })
        }
    }
}

/// The README's example, run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
