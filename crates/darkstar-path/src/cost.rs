//! Integer path costs. One straight step on the cheapest ground costs
//! [`STRAIGHT`] units and one diagonal step [`DIAGONAL`]; the pair is a
//! continued-fraction convergent of sqrt(2), so integer arithmetic (exact,
//! portable, deterministic) reproduces Euclidean octile lengths to about
//! 1.6e-12 per diagonal step. That is what lets one integer A* serve both the
//! game and the Moving AI benchmarks, whose optimal lengths use sqrt(2).

use crate::geom::Dir;

/// A path cost in fixed-point units (see [`STRAIGHT`]).
pub type Cost = u64;

/// Cost units of one straight step at unit terrain cost. The denominator of
/// the convergent 665857/470832 of sqrt(2): large enough that the diagonal
/// error (1.6e-12 per step) is far below the 1e-6 the benchmarks check, small
/// enough that a path across a 4096x4096 map at terrain cost 255 stays below
/// 2^53 and converts to `f64` exactly.
pub const STRAIGHT: Cost = 470_832;

/// Cost units of one diagonal step at unit terrain cost: the numerator of the
/// convergent, so `DIAGONAL / STRAIGHT` = 1.4142135623746899 (sqrt(2) is
/// 1.4142135623730951).
pub const DIAGONAL: Cost = 665_857;

/// A cost that no reachable cell has: "not reached".
pub const UNREACHED: Cost = Cost::MAX;

/// The most a path's steps may add up to: 2^61 units. Every search adds a
/// path's cost, one more step, a turn penalty per step and a heuristic
/// below this, so nothing overflows a [`Cost`] and no real cost reaches
/// [`UNREACHED`]. The bound is kept at construction, never in the
/// searches' loops: a map of `cells` cells may charge at most
/// [`max_step_cost`]`(cells)` a step (so that a path through every cell
/// stays within this), and the crates' cost maps refuse or clamp factors
/// past [`max_factor`]`(cells)`, each as its docs say.
pub const PATH_COST_LIMIT: Cost = 1 << 61;

/// The dearest one step may be on a map of `cells` cells:
/// [`PATH_COST_LIMIT`] shared among them (the whole limit for an empty
/// map). Part of the [`crate::CostMap`] contract.
///
/// ```
/// use darkstar_path::cost::{max_step_cost, PATH_COST_LIMIT};
/// assert_eq!(max_step_cost(1 << 20), PATH_COST_LIMIT >> 20);
/// ```
pub const fn max_step_cost(cells: u64) -> Cost {
    match PATH_COST_LIMIT.checked_div(cells) {
        Some(cost) => cost,
        None => PATH_COST_LIMIT,
    }
}

/// The largest terrain factor on a map of `cells` cells: a diagonal step
/// into a cell of this factor ([`DIAGONAL`] times it) costs at most
/// [`max_step_cost`]`(cells)`. About 206,000 on a 4096x4096 map, 3.4
/// billion on a 64x64 one.
///
/// ```
/// use darkstar_path::cost::{max_factor, max_step_cost, DIAGONAL};
/// let cells = 4096 * 4096;
/// assert!(max_factor(cells) * DIAGONAL <= max_step_cost(cells));
/// assert!((max_factor(cells) + 1) * DIAGONAL > max_step_cost(cells));
/// ```
pub const fn max_factor(cells: u64) -> Cost {
    max_step_cost(cells) / DIAGONAL
}

/// Converts a cost to tiles (straight steps at unit terrain cost).
///
/// ```
/// use darkstar_path::cost::{to_tiles, DIAGONAL, STRAIGHT};
/// assert_eq!(to_tiles(3 * STRAIGHT), 3.0);
/// assert!((to_tiles(DIAGONAL) - 2f64.sqrt()).abs() < 2e-12);
/// ```
pub fn to_tiles(cost: Cost) -> f64 {
    cost as f64 / STRAIGHT as f64
}

/// The cost of a straight and of a diagonal step: the base unit of a map, or
/// the cheapest steps anywhere on it (the heuristic's lower bound).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StepCosts {
    /// The cost of a straight step.
    pub straight: Cost,
    /// The cost of a diagonal step.
    pub diagonal: Cost,
}

impl StepCosts {
    /// Unit terrain: [`STRAIGHT`] and [`DIAGONAL`].
    pub const UNIT: StepCosts = StepCosts {
        straight: STRAIGHT,
        diagonal: DIAGONAL,
    };

    /// The cost of one step in `dir`: straight or diagonal.
    #[inline]
    pub const fn for_dir(self, dir: Dir) -> Cost {
        if dir.is_diagonal() {
            self.diagonal
        } else {
            self.straight
        }
    }

    /// Both base costs multiplied by a terrain factor.
    pub const fn scaled(self, factor: Cost) -> StepCosts {
        StepCosts {
            straight: self.straight * factor,
            diagonal: self.diagonal * factor,
        }
    }

    /// The octile distance for a displacement of `(dx, dy)` cells: the cost
    /// of the cheapest path on open ground. A diagonal dearer than two
    /// straight steps is never worth taking, so it is capped at twice the
    /// straight cost to keep the bound admissible.
    #[inline]
    pub fn octile(self, dx: u32, dy: u32) -> Cost {
        let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
        let diagonal = self.diagonal.min(2 * self.straight);
        diagonal * lo as Cost + self.straight * (hi - lo) as Cost
    }

    /// The Manhattan distance, for 4-connected movement.
    #[inline]
    pub fn manhattan(self, dx: u32, dy: u32) -> Cost {
        self.straight * (dx as Cost + dy as Cost)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diagonal_is_sqrt2_to_twelve_places() {
        let ratio = DIAGONAL as f64 / STRAIGHT as f64;
        assert!((ratio - std::f64::consts::SQRT_2).abs() < 2e-12, "{ratio}");
    }

    #[test]
    fn octile_matches_the_formula_and_is_symmetric() {
        let u = StepCosts::UNIT;
        assert_eq!(u.octile(0, 0), 0);
        assert_eq!(u.octile(3, 1), DIAGONAL + 2 * STRAIGHT);
        assert_eq!(u.octile(1, 3), u.octile(3, 1));
        let steep = StepCosts {
            straight: 1,
            diagonal: 5,
        };
        assert_eq!(steep.octile(1, 1), 2, "diagonal capped at two straights");
    }
}
