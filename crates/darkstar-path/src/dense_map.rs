//! A map read once into two dense arrays for A*: each cell's legal moves
//! as a byte (the corner rule and the map's own legality applied) and the
//! factor its steps are priced by on entering it. Built for a map that
//! does not change (a level's terrain, a benchmark's map); a
//! [`SearchContext`](crate::SearchContext) given one runs a search loop
//! specialised for these arrays, with the same result as over the map it
//! was read from (the same path, cost and expansions).
//!
//! Why a copy: a search over any [`CostMap`] asks the map for each step
//! and works out the corner rule from the answers, eight questions an
//! expansion. Read once, a cell's moves are one byte and a step's cost a
//! multiplication, and the loop over them is unrolled with no list of
//! neighbours in between (see `astar/dense.rs`).
//!
//! ```
//! use darkstar_path::geom::Pos;
//! use darkstar_path::{Connectivity, DenseMap, GridMap, SearchContext, SearchOptions};
//!
//! let rows = [".......", "...#...", "...#...", "......."];
//! let map = GridMap::from_rows(&rows, |c| (c != '#').then_some(1)).unwrap();
//! let dense = DenseMap::new(&map, Connectivity::Eight).unwrap();
//! let (a, b) = (Pos::new(1, 1), Pos::new(5, 2));
//! let mut ctx = SearchContext::new();
//! let over_dense = ctx.find_path(&dense, a, b, &SearchOptions::default());
//! let over_map = ctx.find_path(&map, a, b, &SearchOptions::default());
//! assert_eq!(over_dense, over_map);
//! ```

use std::fmt;

use crate::cost::{Cost, DIAGONAL, STRAIGHT, StepCosts};
use crate::geom::{Dir, Pos};
use crate::{Connectivity, CostMap, Step, neighbours};

/// The bits of a cost that a search over a [`DenseMap`] keeps for `g`
/// (see `astar/dense.rs`): a map on which a path could cost more is
/// searched the general way instead.
pub(crate) const G_BITS: u32 = 44;

/// A map read into dense arrays for A* (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DenseMap {
    width: u32,
    height: u32,
    connectivity: Connectivity,
    cheapest: StepCosts,
    /// Bit `d` set when the move in `Dir::ALL[d]` out of the cell is legal
    /// under `connectivity`.
    moves: Vec<u8>,
    /// What a step into the cell costs, in units of
    /// [`StepCosts::UNIT`]; 0 for a cell no legal move enters.
    factor: Vec<u32>,
    /// The one factor of every cell a move enters, when they share one.
    uniform: Option<u32>,
    /// Whether every path's cost fits the search's [`G_BITS`].
    fits: bool,
}

/// Why a map cannot be read into a [`DenseMap`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DenseMapError {
    /// A step's cost is not the cell it enters' factor times the unit
    /// cost of its kind ([`StepCosts::UNIT`]), or another step into the
    /// same cell implies another factor: the map's costs do not depend on
    /// the entered cell alone, as the arrays assume.
    NotPerCell {
        /// Where the step starts.
        from: Pos,
        /// Which way it goes.
        dir: Dir,
        /// What it costs.
        cost: Cost,
    },
}

impl fmt::Display for DenseMapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DenseMapError::NotPerCell { from, dir, cost } => write!(
                f,
                "the step {dir:?} from {from} costs {cost}, which is not a whole factor \
                 of the cell it enters shared by every step into it"
            ),
        }
    }
}

impl std::error::Error for DenseMapError {}

impl DenseMap {
    /// Reads `map` under `connectivity`: every legal step of every cell,
    /// as the searches see them. Fails when a step's cost is not a
    /// per-cell factor times [`StepCosts::UNIT`] (see
    /// [`DenseMapError::NotPerCell`]); every map whose costs depend only
    /// on the entered cell ([`EntryCosts`](crate::EntryCosts)) can be read.
    pub fn new<M: CostMap + ?Sized>(
        map: &M,
        connectivity: Connectivity,
    ) -> Result<DenseMap, DenseMapError> {
        let (width, height) = (map.width(), map.height());
        let cells = width as usize * height as usize;
        let mut moves = vec![0u8; cells];
        let mut factor = vec![0u32; cells];
        let mut largest: Cost = 0;
        let mut from = Pos::new(0, 0);
        for (i, m) in moves.iter_mut().enumerate() {
            for n in neighbours(map, from, i, connectivity) {
                let unit = StepCosts::UNIT.for_dir(n.dir);
                // By constant divisors, which compile to multiplications:
                // dividing by `unit` was most of the time a map took.
                let f = if n.dir.is_diagonal() {
                    n.cost / DIAGONAL
                } else {
                    n.cost / STRAIGHT
                };
                let misfit = DenseMapError::NotPerCell {
                    from,
                    dir: n.dir,
                    cost: n.cost,
                };
                if f * unit != n.cost || f == 0 || f > u32::MAX as Cost {
                    return Err(misfit);
                }
                match factor[n.to_index] {
                    0 => factor[n.to_index] = f as u32,
                    had if had as Cost != f => return Err(misfit),
                    _ => {}
                }
                *m |= 1 << n.dir.index();
                largest = largest.max(n.cost);
            }
            // The next cell in row-major order, without a division.
            from.x += 1;
            if from.x == width as i32 {
                from = Pos::new(0, from.y + 1);
            }
        }
        let mut entered = factor.iter().copied().filter(|&f| f != 0);
        let first = entered.next();
        let uniform = first.filter(|&f| entered.all(|g| g == f));
        // A path visits a cell at most once, so no g reaches the cells
        // times the dearest step.
        let fits = (cells as u128) * (largest as u128) < 1u128 << G_BITS;
        Ok(DenseMap {
            width,
            height,
            connectivity,
            cheapest: map.cheapest_steps(),
            moves,
            factor,
            uniform,
            fits,
        })
    }

    /// The rule of moves it was read with.
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// The legal moves out of the cell at row-major `index`: bit `d` for
    /// `Dir::ALL[d]`.
    pub fn moves(&self, index: usize) -> u8 {
        self.moves[index]
    }

    /// Bytes it holds.
    pub fn memory_bytes(&self) -> usize {
        self.moves.capacity() + self.factor.capacity() * 4
    }

    /// Each cell's moves, for the search loop.
    pub(crate) fn moves_array(&self) -> &[u8] {
        &self.moves
    }

    /// Each cell's factor, for the search loop.
    pub(crate) fn factors(&self) -> &[u32] {
        &self.factor
    }

    /// The factor every cell shares, if they do.
    pub(crate) fn uniform(&self) -> Option<u32> {
        self.uniform
    }

    /// Whether the specialised loop may search it with `connectivity`:
    /// the moves were read for that rule, and every cost fits its nodes.
    pub(crate) fn serves(&self, connectivity: Connectivity) -> bool {
        self.fits && self.connectivity == connectivity
    }
}

/// As a map its legal steps are its moves: a diagonal the corner rule
/// refused is not a step at all (so searches over it with its own
/// connectivity answer as over the map it was read from).
impl CostMap for DenseMap {
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
        (self.moves[step.from_index] >> step.dir.index() & 1 != 0)
            .then(|| self.factor[step.to_index] as Cost * StepCosts::UNIT.for_dir(step.dir))
    }
    #[inline]
    fn cheapest_steps(&self) -> StepCosts {
        self.cheapest
    }
    #[inline]
    fn dense(&self) -> Option<&DenseMap> {
        Some(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GridMap;

    #[test]
    fn moves_are_the_searches_steps_and_costs_the_maps() {
        let rows = ["..#.", ".#..", "....", "#..."];
        let map = GridMap::from_rows(rows, |c| (c == '.').then_some(3)).unwrap();
        for connectivity in [
            Connectivity::Eight,
            Connectivity::Four,
            Connectivity::EightCuttingCorners,
        ] {
            let dense = DenseMap::new(&map, connectivity).unwrap();
            assert_eq!(dense.uniform(), Some(3));
            for i in 0..16 {
                let from = Pos::from_row_major(i, 4);
                let want: Vec<_> = neighbours(&map, from, i, connectivity).collect();
                let got: Vec<_> = neighbours(&dense, from, i, connectivity).collect();
                assert_eq!(got, want, "{from} {connectivity:?}");
            }
        }
    }

    /// A map whose step into a cell costs differently from two sides.
    struct Lopsided;
    impl CostMap for Lopsided {
        fn width(&self) -> u32 {
            3
        }
        fn height(&self) -> u32 {
            1
        }
        fn step_cost(&self, step: Step) -> Option<Cost> {
            Some(StepCosts::UNIT.for_dir(step.dir) * if step.dir == Dir::E { 1 } else { 2 })
        }
        fn cheapest_steps(&self) -> StepCosts {
            StepCosts::UNIT
        }
    }

    #[test]
    fn costs_that_are_not_per_cell_are_refused_naming_the_step() {
        let err = DenseMap::new(&Lopsided, Connectivity::Eight).unwrap_err();
        assert_eq!(
            err,
            DenseMapError::NotPerCell {
                from: Pos::new(2, 0),
                dir: Dir::W,
                cost: 2 * StepCosts::UNIT.straight
            }
        );
        assert!(err.to_string().contains("W from (2, 0)"), "{err}");
    }
}
