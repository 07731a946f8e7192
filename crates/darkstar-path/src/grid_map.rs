//! A ready-made cost map for a stranger's grid: each cell a terrain factor
//! (`Some(1)` plain ground, `Some(3)` a swamp, `None` a wall), stepping
//! into a cell costing its factor times a straight or diagonal step
//! ([`StepCosts::UNIT`]). Every search takes it as it is, and the fast
//! fresh search of a field reads it through [`EntryCosts`]. With it, a
//! one-off search is a call: [`find_path`] (A*) and [`distances`] (a
//! Dijkstra map from many sources), as the `pathfinding` crate offers,
//! beside the reusable [`SearchContext`] and [`DistanceMap`] for speed.
//!
//! ```
//! use darkstar_path::geom::Pos;
//! use darkstar_path::grid_map::{GridMap, find_path};
//! use darkstar_path::Connectivity;
//!
//! // '#' a wall, ',' a swamp (three times the cost), '.' floor.
//! let map = GridMap::from_rows(&["....#", ".##.#", ",,..."], |c| match c {
//!     '#' => None,
//!     ',' => Some(3),
//!     _ => Some(1),
//! })
//! .unwrap();
//! let (path, cost) = find_path(&map, Pos::new(0, 0), Pos::new(4, 2), Connectivity::Eight).unwrap();
//! assert_eq!(path.first(), Some(&Pos::new(0, 0)));
//! assert_eq!(path.last(), Some(&Pos::new(4, 2)));
//! // Round the wall by the top: six straight steps, as a diagonal may not
//! // cut a wall's corner, and the swamp below would cost more.
//! assert_eq!(path.len(), 7);
//! assert_eq!(cost, 6 * darkstar_path::cost::STRAIGHT);
//! ```

use crate::cost::{Cost, StepCosts, max_factor};
use crate::geom::Pos;
use crate::{
    Connectivity, CostMap, DistanceMap, EntryCosts, Outcome, SearchContext, SearchOptions, Step,
};

/// A grid of terrain factors: `None` impassable, `Some(f)` (at least 1)
/// entered for `f` times a step's unit cost.
///
/// With the `serde` feature it is saved as its width, height and factors
/// (row by row), and read back only as [`GridMap::from_rows`] would have
/// made it: a factor count other than `width * height`, a factor of 0 or
/// past [`GridMap::max_factor`], or more than [`GridMap::MAX_CELLS`] cells
/// is an error.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GridMap {
    width: u32,
    height: u32,
    factors: Vec<Option<Cost>>,
    /// The least factor on the map (1 when all are walls): the heuristic's
    /// bound, kept up to date by [`GridMap::set`]. Not saved: found again
    /// when read in.
    #[cfg_attr(feature = "serde", serde(skip))]
    cheapest: Cost,
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for GridMap {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GridMap, D::Error> {
        use serde::de::Error;
        #[derive(serde::Deserialize)]
        #[serde(rename = "GridMap")]
        struct Saved {
            width: u32,
            height: u32,
            factors: Vec<Option<Cost>>,
        }
        let Saved {
            width,
            height,
            factors,
        } = Saved::deserialize(deserializer)?;
        check_size(width as u64, height as u64).map_err(D::Error::custom)?;
        let cells = width as u64 * height as u64;
        if factors.len() as u64 != cells {
            return Err(D::Error::custom(format_args!(
                "a {width}x{height} grid holds {cells} factors, not {}",
                factors.len()
            )));
        }
        let max = max_factor(cells);
        for (i, &f) in factors.iter().enumerate() {
            let (x, y) = ((i % width as usize) as u32, (i / width as usize) as u32);
            match f {
                Some(0) => return Err(D::Error::custom(GridError::ZeroFactor { x, y })),
                Some(factor) if factor > max => {
                    let e = GridError::FactorTooLarge { x, y, factor, max };
                    return Err(D::Error::custom(e));
                }
                _ => {}
            }
        }
        let cheapest = factors.iter().flatten().copied().min().unwrap_or(1);
        Ok(GridMap {
            width,
            height,
            factors,
            cheapest,
        })
    }
}

/// Why rows could not make a [`GridMap`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// No rows, or an empty first row.
    #[error("a grid needs at least one row and one column")]
    Empty,
    /// A row of another length than the first (rows counted from 1).
    #[error("row {row} has {found} cells where the first has {expected}")]
    Ragged {
        /// The row, counted from 1.
        row: usize,
        /// Its length.
        found: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A factor of 0: a free step would break every search's bound.
    #[error("the cell at ({x}, {y}) costs 0; factors start at 1")]
    ZeroFactor {
        /// Its column.
        x: u32,
        /// Its row.
        y: u32,
    },
    /// A factor past [`max_factor`] of the map's cells: a path through
    /// such cells could cost more than a [`Cost`] holds.
    #[error("the cell at ({x}, {y}) costs {factor}; factors on this map stop at {max}")]
    FactorTooLarge {
        /// Its column.
        x: u32,
        /// Its row.
        y: u32,
        /// Its factor.
        factor: Cost,
        /// The largest this map allows: [`max_factor`] of its cells.
        max: Cost,
    },
    /// More than [`GridMap::MAX_CELLS`] cells.
    #[error("a {width}x{height} grid has more than {} cells", GridMap::MAX_CELLS)]
    TooLarge {
        /// The columns asked for.
        width: u64,
        /// The rows asked for.
        height: u64,
    },
}

impl GridMap {
    /// The most cells a grid may have: 2^28 (16384 x 16384), 4 GiB of
    /// factors. Past it [`GridMap::try_new`] and [`GridMap::from_rows`]
    /// refuse, and [`GridMap::new`] panics.
    pub const MAX_CELLS: u64 = 1 << 28;

    /// A `width` x `height` grid of plain ground (factor 1).
    ///
    /// # Panics
    ///
    /// When it would have more than [`GridMap::MAX_CELLS`] cells (see
    /// [`GridMap::try_new`], which refuses instead).
    pub fn new(width: u32, height: u32) -> GridMap {
        match GridMap::try_new(width, height) {
            Ok(map) => map,
            Err(e) => panic!("GridMap::new: {e}"),
        }
    }

    /// A `width` x `height` grid of plain ground (factor 1), or
    /// [`GridError::TooLarge`] past [`GridMap::MAX_CELLS`] cells.
    ///
    /// ```
    /// use darkstar_path::{GridError, GridMap};
    /// assert!(GridMap::try_new(4096, 4096).is_ok());
    /// assert_eq!(
    ///     GridMap::try_new(65536, 65536),
    ///     Err(GridError::TooLarge { width: 65536, height: 65536 })
    /// );
    /// ```
    pub fn try_new(width: u32, height: u32) -> Result<GridMap, GridError> {
        check_size(width as u64, height as u64)?;
        Ok(GridMap {
            width,
            height,
            factors: vec![Some(1); width as usize * height as usize],
            cheapest: 1,
        })
    }

    /// The largest factor a cell of this map may have: [`max_factor`] of
    /// its cells.
    pub fn max_factor(&self) -> Cost {
        max_factor(self.width as u64 * self.height as u64)
    }

    /// A grid from rows of characters (any iterator of string slices or
    /// strings: an array, a `Vec<String>`, `text.lines()`), each given its
    /// factor by `factor` (`None`: a wall). Refused: no rows or an empty one
    /// ([`GridError::Empty`]), rows of other lengths
    /// ([`GridError::Ragged`]), a factor of 0 ([`GridError::ZeroFactor`])
    /// or past [`max_factor`] of the map's cells
    /// ([`GridError::FactorTooLarge`]), more than
    /// [`GridMap::MAX_CELLS`] cells ([`GridError::TooLarge`]).
    ///
    /// ```
    /// use darkstar_path::GridMap;
    /// let text = "..#.\n....\n";
    /// let map = GridMap::from_rows(text.lines(), |c| (c == '.').then_some(1)).unwrap();
    /// // Its size, with no trait to import.
    /// assert_eq!((map.width(), map.height()), (4, 2));
    /// let rows: Vec<String> = vec!["..".into(), ".".into()];
    /// assert!(GridMap::from_rows(&rows, |_| Some(1)).is_err(), "ragged");
    /// ```
    pub fn from_rows<S: AsRef<str>>(
        rows: impl IntoIterator<Item = S>,
        factor: impl Fn(char) -> Option<Cost>,
    ) -> Result<GridMap, GridError> {
        let (mut width, mut height) = (0, 0);
        let mut factors = Vec::new();
        for (y, row) in rows.into_iter().enumerate() {
            let row = row.as_ref();
            let found = row.chars().count();
            if y == 0 {
                width = found;
            }
            if found == 0 {
                return Err(GridError::Empty);
            }
            if found != width {
                return Err(GridError::Ragged {
                    row: y + 1,
                    found,
                    expected: width,
                });
            }
            // Refused before the row is read in: the rows may come from
            // an iterator of any length.
            check_size(width as u64, y as u64 + 1)?;
            for (x, c) in row.chars().enumerate() {
                let f = factor(c);
                if f == Some(0) {
                    return Err(GridError::ZeroFactor {
                        x: x as u32,
                        y: y as u32,
                    });
                }
                factors.push(f);
            }
            height = y + 1;
        }
        if height == 0 {
            return Err(GridError::Empty);
        }
        let max = max_factor(width as u64 * height as u64);
        if let Some((i, factor)) = factors
            .iter()
            .enumerate()
            .find_map(|(i, f)| f.filter(|&f| f > max).map(|f| (i, f)))
        {
            return Err(GridError::FactorTooLarge {
                x: (i % width) as u32,
                y: (i / width) as u32,
                factor,
                max,
            });
        }
        let cheapest = factors.iter().flatten().copied().min().unwrap_or(1);
        Ok(GridMap {
            width: width as u32,
            height: height as u32,
            factors,
            cheapest,
        })
    }

    /// Its width in cells (what [`CostMap::width`] says, here without the
    /// trait in scope).
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Its height in cells (what [`CostMap::height`] says).
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The factor of `p` (`None`: a wall, or off the map).
    pub fn get(&self, p: Pos) -> Option<Cost> {
        self.contains(p)
            .then(|| self.factors[p.row_major(self.width)])
            .flatten()
    }

    /// Sets the factor of `p` (on the map; a factor of 0 is taken as 1,
    /// and one past [`GridMap::max_factor`] as that largest factor, so
    /// that no path's cost can overflow).
    pub fn set(&mut self, p: Pos, factor: Option<Cost>) {
        if !self.contains(p) {
            return;
        }
        let max = self.max_factor();
        let factor = factor.map(|f| f.clamp(1, max));
        let i = p.row_major(self.width);
        let old = std::mem::replace(&mut self.factors[i], factor);
        match factor {
            Some(f) if f < self.cheapest => self.cheapest = f,
            // The cheapest cell made dearer: find the least again.
            _ if old == Some(self.cheapest) => {
                self.cheapest = self.factors.iter().flatten().copied().min().unwrap_or(1);
            }
            _ => {}
        }
    }
}

/// Refuses a grid of more than [`GridMap::MAX_CELLS`] cells.
fn check_size(width: u64, height: u64) -> Result<(), GridError> {
    if width.saturating_mul(height) > GridMap::MAX_CELLS {
        return Err(GridError::TooLarge { width, height });
    }
    Ok(())
}

impl CostMap for GridMap {
    #[inline]
    fn width(&self) -> u32 {
        self.width
    }
    #[inline]
    fn height(&self) -> u32 {
        self.height
    }
    #[inline]
    fn step_cost(&self, step: Step) -> Option<Cost> {
        // Leaving a wall is as illegal as entering one: legality must be
        // symmetric, as the searches require.
        self.factors[step.from_index]?;
        let factor = self.factors[step.to_index]?;
        Some(factor * StepCosts::UNIT.for_dir(step.dir))
    }
    #[inline]
    fn cheapest_steps(&self) -> StepCosts {
        StepCosts::UNIT.scaled(self.cheapest)
    }
}

impl EntryCosts for GridMap {
    #[inline]
    fn entry_factor(&self, index: usize) -> Option<Cost> {
        self.factors[index]
    }
}

/// The cheapest path from `start` to `goal` on `map`, moving as
/// `connectivity` says, and its cost, or `None` if there is none. A search
/// of its own each call; for many, keep a [`SearchContext`].
/// The cost is counted in units of [`STRAIGHT`](crate::cost::STRAIGHT): 470,832 a
/// straight step onto a cell of factor 1, [`DIAGONAL`](crate::cost::DIAGONAL)
/// (665,857) a diagonal one; [`to_tiles`](crate::cost::to_tiles) gives tiles.
pub fn find_path<M: CostMap + ?Sized>(
    map: &M,
    start: Pos,
    goal: Pos,
    connectivity: Connectivity,
) -> Option<(Vec<Pos>, Cost)> {
    let options = SearchOptions {
        connectivity,
        ..SearchOptions::default()
    };
    match SearchContext::new().find_path(map, start, goal, &options) {
        Outcome::Found { path, cost } => Some((path, cost)),
        Outcome::Unreachable | Outcome::OutOfBudget => None,
    }
}

/// The cost from every cell of `map` to the nearest of `sources`, moving
/// as `connectivity` says: a Dijkstra map, as many monsters heading for
/// the same places read.
/// Distances are counted in units of [`STRAIGHT`](crate::cost::STRAIGHT): 470,832 a
/// straight step onto a cell of factor 1, [`DIAGONAL`](crate::cost::DIAGONAL)
/// (665,857) a diagonal one; [`to_tiles`](crate::cost::to_tiles) gives tiles.
///
/// ```
/// use darkstar_path::cost::STRAIGHT;
/// use darkstar_path::geom::Pos;
/// use darkstar_path::grid_map::{GridMap, distances};
/// use darkstar_path::Connectivity;
///
/// let map = GridMap::new(5, 1);
/// let field = distances(&map, &[Pos::new(0, 0), Pos::new(4, 0)], Connectivity::Eight);
/// assert_eq!(field.distance(Pos::new(2, 0)), Some(2 * STRAIGHT));
/// assert_eq!(field.distance(Pos::new(3, 0)), Some(STRAIGHT));
/// ```
pub fn distances<M: CostMap + ?Sized>(
    map: &M,
    sources: &[Pos],
    connectivity: Connectivity,
) -> DistanceMap {
    DistanceMap::compute(map, sources, connectivity)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entry_costs_mismatch;

    #[test]
    fn bad_rows_are_refused_and_entry_costs_keep_their_contract() {
        assert_eq!(
            GridMap::from_rows::<&str>([], |_| Some(1)),
            Err(GridError::Empty)
        );
        assert_eq!(
            GridMap::from_rows(["...", ".."], |_| Some(1)),
            Err(GridError::Ragged {
                row: 2,
                found: 2,
                expected: 3
            })
        );
        assert_eq!(
            GridMap::from_rows(["a0"], |c| (c == 'a').then_some(1).or(Some(0))),
            Err(GridError::ZeroFactor { x: 1, y: 0 })
        );
        let mut map = GridMap::from_rows(["..#", ",.#", "..."], |c| match c {
            '#' => None,
            ',' => Some(3),
            _ => Some(2),
        })
        .unwrap();
        assert_eq!(entry_costs_mismatch(&map), None);
        assert_eq!(map.cheapest_steps(), StepCosts::UNIT.scaled(2));
        map.set(Pos::new(2, 0), Some(1));
        assert_eq!(map.cheapest_steps(), StepCosts::UNIT);
        map.set(Pos::new(2, 0), None);
        assert_eq!(map.cheapest_steps(), StepCosts::UNIT.scaled(2));
        assert_eq!(map.get(Pos::new(0, 1)), Some(3));
        assert_eq!(map.get(Pos::new(9, 9)), None);
        assert_eq!(entry_costs_mismatch(&map), None);
    }

    #[test]
    fn a_walled_off_goal_has_no_path() {
        let map = GridMap::from_rows([".#."], |c| (c == '.').then_some(1)).unwrap();
        assert_eq!(
            find_path(&map, Pos::new(0, 0), Pos::new(2, 0), Connectivity::Eight),
            None
        );
        assert_eq!(
            distances(&map, &[Pos::new(0, 0)], Connectivity::Eight).distance(Pos::new(2, 0)),
            None
        );
    }
}

/// Test maps drawn as text, as the searches' unit tests write them:
/// `#` a wall, anything else floor of factor [`fixture::FLOOR`], and every
/// character but `.` and `#` a label naming its cell. Rows may be
/// indented and blank lines are skipped.
#[cfg(test)]
pub(crate) mod fixture {
    use super::*;

    /// The factor of a floor cell (ten, as a game's floor might cost).
    pub(crate) const FLOOR: Cost = 10;

    /// A labelled map.
    pub(crate) struct Labelled {
        pub(crate) map: GridMap,
        labels: Vec<(char, Pos)>,
    }

    impl Labelled {
        pub(crate) fn parse(text: &str) -> Labelled {
            let rows: Vec<&str> = text
                .lines()
                .map(str::trim)
                .filter(|r| !r.is_empty())
                .collect();
            let map = GridMap::from_rows(&rows, |c| (c != '#').then_some(FLOOR)).unwrap();
            let labels = rows
                .iter()
                .enumerate()
                .flat_map(|(y, r)| {
                    r.chars()
                        .enumerate()
                        .filter(|&(_, c)| c != '.' && c != '#')
                        .map(move |(x, c)| (c, Pos::new(x as i32, y as i32)))
                })
                .collect();
            Labelled { map, labels }
        }

        pub(crate) fn label(&self, c: char) -> Option<Pos> {
            self.labels.iter().find(|l| l.0 == c).map(|l| l.1)
        }
    }
}

/// The `serde` feature: a map saved and read back is the same map (its
/// searches' answers too), and a tampered save is refused when read.
#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;
    use crate::grid::Grid;

    fn swampy() -> GridMap {
        GridMap::from_rows(["..#.", ",,#.", "...."], |c| match c {
            '#' => None,
            ',' => Some(3),
            _ => Some(2),
        })
        .unwrap()
    }

    #[test]
    fn serde_round_trips_a_grid_map_and_its_searches() {
        let map = swampy();
        let json = serde_json::to_string(&map).unwrap();
        let back: GridMap = serde_json::from_str(&json).unwrap();
        assert_eq!(back, map, "the cheapest factor is found again too");
        let (from, to) = (Pos::new(0, 0), Pos::new(3, 0));
        assert_eq!(
            find_path(&back, from, to, Connectivity::Eight),
            find_path(&map, from, to, Connectivity::Eight)
        );
        let p: Pos = serde_json::from_str(&serde_json::to_string(&to).unwrap()).unwrap();
        assert_eq!(p, to);
    }

    #[test]
    fn serde_refuses_a_tampered_grid_map() {
        let json = serde_json::to_value(swampy()).unwrap();
        let tampered = |f: &dyn Fn(&mut serde_json::Value)| {
            let mut v = json.clone();
            f(&mut v);
            serde_json::from_value::<GridMap>(v)
                .expect_err("a tampered map is refused")
                .to_string()
        };
        let short = tampered(&|v| {
            v["factors"].as_array_mut().unwrap().pop();
        });
        assert!(short.contains("12 factors, not 11"), "{short}");
        let wide = tampered(&|v| v["width"] = 5.into());
        assert!(wide.contains("15 factors, not 12"), "{wide}");
        let zero = tampered(&|v| v["factors"][1] = 0.into());
        assert!(zero.contains("(1, 0) costs 0"), "{zero}");
        let dear = tampered(&|v| v["factors"][5] = u64::MAX.into());
        assert!(dear.contains("(1, 1) costs"), "{dear}");
        let huge = tampered(&|v| {
            v["width"] = 1_000_000.into();
            v["height"] = 1_000_000.into();
        });
        assert!(huge.contains("more than"), "{huge}");
    }

    #[test]
    fn serde_round_trips_a_grid_and_refuses_a_short_one() {
        let mut grid = Grid::new(3, 2, 0u16);
        grid[Pos::new(2, 1)] = 7;
        let json = serde_json::to_string(&grid).unwrap();
        assert_eq!(serde_json::from_str::<Grid<u16>>(&json).unwrap(), grid);
        let short = r#"{"width":3,"height":2,"cells":[0,0,0,0,0]}"#;
        let e = serde_json::from_str::<Grid<u16>>(short).unwrap_err();
        assert!(e.to_string().contains("holds 6 cells, not 5"), "{e}");
    }
}
