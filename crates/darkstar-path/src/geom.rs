//! Positions and the eight compass directions, in the one fixed order every
//! search uses so that results never depend on anything but the input.

/// A cell position: `x` is the column, `y` the row, `(0, 0)` the top-left
/// (the Moving AI convention, and the order a terminal draws in).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pos {
    /// The column, from 0 at the left.
    pub x: i32,
    /// The row, from 0 at the top.
    pub y: i32,
}

impl Pos {
    /// A position from column and row.
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    /// Its index in row-major storage `width` columns wide: the one layout
    /// every grid, search and knowledge layer uses. The caller knows `self`
    /// is on the map (non-negative, `x < width`).
    ///
    /// ```
    /// use darkstar_path::geom::Pos;
    /// assert_eq!(Pos::new(2, 3).row_major(10), 32);
    /// assert_eq!(Pos::from_row_major(32, 10), Pos::new(2, 3));
    /// ```
    #[inline]
    pub const fn row_major(self, width: u32) -> usize {
        self.y as usize * width as usize + self.x as usize
    }

    /// The position at row-major `index` in storage `width` columns wide:
    /// the inverse of [`Pos::row_major`].
    #[inline]
    pub const fn from_row_major(index: usize, width: u32) -> Pos {
        let w = width as usize;
        Pos::new((index % w) as i32, (index / w) as i32)
    }

    /// The neighbouring position one step in `dir` (it may be off any map).
    ///
    /// ```
    /// use darkstar_path::geom::{Dir, Pos};
    /// assert_eq!(Pos::new(3, 3).step(Dir::NE), Pos::new(4, 2));
    /// ```
    #[inline]
    pub const fn step(self, dir: Dir) -> Pos {
        let (dx, dy) = dir.delta();
        Pos {
            x: self.x + dx,
            y: self.y + dy,
        }
    }

    /// Absolute column and row differences.
    #[inline]
    pub fn abs_delta(self, other: Pos) -> (u32, u32) {
        (self.x.abs_diff(other.x), self.y.abs_diff(other.y))
    }

    /// The direction of the single step from `self` to `other`, if they are
    /// distinct neighbours (8-connected).
    pub fn dir_to(self, other: Pos) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| self.step(d) == other)
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// One of the eight moves. The order of [`Dir::ALL`] is part of the contract:
/// the four straight moves first, then the diagonals, so a search can settle
/// the orthogonal steps before it asks whether a diagonal cuts a corner.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dir {
    /// North: up the screen, y - 1.
    N = 0,
    /// East: x + 1.
    E = 1,
    /// South: y + 1.
    S = 2,
    /// West: x - 1.
    W = 3,
    /// North-east.
    NE = 4,
    /// South-east.
    SE = 5,
    /// South-west.
    SW = 6,
    /// North-west.
    NW = 7,
}

impl Dir {
    /// Every direction, in the fixed neighbour order used everywhere.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::E,
        Dir::S,
        Dir::W,
        Dir::NE,
        Dir::SE,
        Dir::SW,
        Dir::NW,
    ];
    /// The four straight moves, in order.
    pub const STRAIGHT: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    /// The four diagonal moves, in order.
    pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

    /// `(dx, dy)` of one step; north is `y - 1`.
    #[inline]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
            Dir::NE => (1, -1),
            Dir::SE => (1, 1),
            Dir::SW => (-1, 1),
            Dir::NW => (-1, -1),
        }
    }

    /// Position of this direction in [`Dir::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction at `index` in [`Dir::ALL`] (`index < 8`).
    #[inline]
    pub const fn from_index(index: usize) -> Dir {
        Dir::ALL[index]
    }

    /// True for the four diagonal moves.
    #[inline]
    pub const fn is_diagonal(self) -> bool {
        self as u8 >= 4
    }

    /// The two straight moves a diagonal is made of (`NE` is `N` and `E`);
    /// for a straight move, the move itself twice.
    #[inline]
    pub const fn components(self) -> (Dir, Dir) {
        match self {
            Dir::NE => (Dir::N, Dir::E),
            Dir::SE => (Dir::S, Dir::E),
            Dir::SW => (Dir::S, Dir::W),
            Dir::NW => (Dir::N, Dir::W),
            straight => (straight, straight),
        }
    }

    /// The reverse move.
    #[inline]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::E => Dir::W,
            Dir::S => Dir::N,
            Dir::W => Dir::E,
            Dir::NE => Dir::SW,
            Dir::SE => Dir::NW,
            Dir::SW => Dir::NE,
            Dir::NW => Dir::SE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_straight_then_diagonal_and_indices_round_trip() {
        for (i, d) in Dir::ALL.into_iter().enumerate() {
            assert_eq!(d.index(), i);
            assert_eq!(Dir::from_index(i), d);
            assert_eq!(d.is_diagonal(), i >= 4);
            assert_eq!(d.opposite().opposite(), d);
            let p = Pos::new(5, 5);
            assert_eq!(p.step(d).step(d.opposite()), p);
            assert_eq!(p.dir_to(p.step(d)), Some(d));
        }
    }

    #[test]
    fn diagonal_components_add_up() {
        for d in Dir::DIAGONAL {
            let (a, b) = d.components();
            assert!(!a.is_diagonal() && !b.is_diagonal());
            assert_eq!(Pos::new(0, 0).step(a).step(b), Pos::new(0, 0).step(d));
        }
    }
}
