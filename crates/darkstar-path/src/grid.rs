//! `Grid<T>`: dense, row-major storage for anything laid over a map. Dense
//! grids, not hash maps keyed by position, because every map here is dense
//! and iteration order must be fixed.

use crate::geom::Pos;

/// A `width x height` rectangle of `T`, stored row by row. With the
/// `serde` feature it is saved as its width, height and cells, and read
/// back only when there are `width * height` cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Grid<T> {
    width: u32,
    height: u32,
    cells: Vec<T>,
}

/// A saved grid is read back only when its cells fill it: a count other
/// than `width * height` is an error, not a grid that panics when read.
#[cfg(feature = "serde")]
impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Grid<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Grid<T>, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(rename = "Grid")]
        struct Saved<T> {
            width: u32,
            height: u32,
            cells: Vec<T>,
        }
        let saved = Saved::<T>::deserialize(deserializer)?;
        let (width, height, found) = (saved.width, saved.height, saved.cells.len());
        Grid::from_vec(width, height, saved.cells).ok_or_else(|| {
            serde::de::Error::custom(format_args!(
                "a {width}x{height} grid holds {} cells, not {found}",
                width as u64 * height as u64
            ))
        })
    }
}

impl<T: Clone> Grid<T> {
    /// A grid with every cell set to `fill`.
    ///
    /// ```
    /// use darkstar_path::grid::Grid;
    /// use darkstar_path::geom::Pos;
    /// let mut g = Grid::new(3, 2, 0u8);
    /// g[Pos::new(2, 1)] = 7;
    /// assert_eq!(g.get(Pos::new(2, 1)), Some(&7));
    /// assert_eq!(g.get(Pos::new(3, 1)), None);
    /// ```
    pub fn new(width: u32, height: u32, fill: T) -> Grid<T> {
        Grid {
            width,
            height,
            cells: vec![fill; width as usize * height as usize],
        }
    }
}

impl<T> Grid<T> {
    /// A grid from its cells in row-major order; `None` if the count is not
    /// `width * height`.
    pub fn from_vec(width: u32, height: u32, cells: Vec<T>) -> Option<Grid<T>> {
        (cells.len() == width as usize * height as usize).then_some(Grid {
            width,
            height,
            cells,
        })
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when the grid has no cells.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// True when `p` lies on the grid.
    #[inline]
    pub fn contains(&self, p: Pos) -> bool {
        (p.x as u32) < self.width && (p.y as u32) < self.height
    }

    /// Row-major index of `p`, if it lies on the grid.
    #[inline]
    pub fn index_of(&self, p: Pos) -> Option<usize> {
        self.contains(p).then(|| p.row_major(self.width))
    }

    /// The position of row-major `index` (`index < len()`).
    #[inline]
    pub fn pos_of(&self, index: usize) -> Pos {
        Pos::from_row_major(index, self.width)
    }

    /// The cell at `p`, if on the grid.
    #[inline]
    pub fn get(&self, p: Pos) -> Option<&T> {
        self.index_of(p).map(|i| &self.cells[i])
    }

    /// The cell at `p` for writing, if on the grid.
    #[inline]
    pub fn get_mut(&mut self, p: Pos) -> Option<&mut T> {
        self.index_of(p).map(move |i| &mut self.cells[i])
    }

    /// All cells in row-major order.
    #[inline]
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// Every position in row-major order (the fixed iteration order).
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        let (w, h) = (self.width as i32, self.height as i32);
        (0..h).flat_map(move |y| (0..w).map(move |x| Pos::new(x, y)))
    }

    /// A grid of the same size with `f` applied to each cell.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid {
            width: self.width,
            height: self.height,
            cells: self.cells.iter().map(f).collect(),
        }
    }
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;
    /// Panics when `p` is off the grid: callers check with `contains`.
    fn index(&self, p: Pos) -> &T {
        let i = self.index_of(p).expect("position off the grid");
        &self.cells[i]
    }
}

impl<T> std::ops::IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, p: Pos) -> &mut T {
        let i = self.index_of(p).expect("position off the grid");
        &mut self.cells[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_and_far_positions_are_off_the_grid() {
        let g = Grid::new(4, 3, ());
        assert!(g.contains(Pos::new(3, 2)));
        for p in [
            Pos::new(-1, 0),
            Pos::new(0, -1),
            Pos::new(4, 0),
            Pos::new(0, 3),
        ] {
            assert!(!g.contains(p), "{p}");
            assert_eq!(g.index_of(p), None);
        }
    }

    #[test]
    fn index_and_pos_round_trip_in_row_major_order() {
        let g = Grid::new(5, 4, 0);
        for (i, p) in g.positions().enumerate() {
            assert_eq!(g.index_of(p), Some(i));
            assert_eq!(g.pos_of(i), p);
        }
        assert!(Grid::from_vec(2, 2, vec![1, 2, 3]).is_none());
    }
}
