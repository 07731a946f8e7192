//! A* over a [`DenseMap`]: the same search as the general loop in
//! `astar.rs` (the same pops and pushes in the same order, so the same
//! path, cost, expansions and pushes), with what the arrays allow.
//!
//! - A cell's legal moves are one byte, read once an expansion; a step
//!   costs its entered cell's factor times the unit of its kind (no
//!   factor read at all where every cell has the same one: [`Price`]).
//! - The eight moves are relaxed in place, unrolled, with no list of
//!   neighbours in between: each move has a branch of its own, which the
//!   processor predicts far better than one branch shared by all
//!   (on the bench's arena2 problems, in `cachegrind`'s model: 1.5
//!   mispredicted branches and 334 instructions an expansion, the map's
//!   reading included, against 3.6 and 574 for the general loop).
//! - A state is 8 bytes, not 16: a 16-bit stamp, `g` complemented in 44
//!   bits and the direction the cell was entered by (its parent is one
//!   step back). Complemented, `g` orders the packed words the other way,
//!   so one comparison of a neighbour's word with the word it would get
//!   says whether to relax it: a word of this search's open stamp and a
//!   `g` no worse, or of its closed stamp, is at least as large; a stale
//!   stamp is smaller. Half the bytes is half the cache lines the
//!   neighbours' loads touch on a map larger than the cache.
//!
//! Costs fit: a [`DenseMap`] whose cells times its dearest step reach
//! 2^44 is searched by the general loop instead ([`DenseMap::serves`]).
//! Stamps wrap after 2^15 searches: the states are cleared then.

use super::{Outcome, SearchStats};
use crate::buckets::BucketQueue;
use crate::cost::{Cost, StepCosts};
use crate::dense_map::{DenseMap, G_BITS};
use crate::geom::{Dir, Pos};
use crate::{Connectivity, CostMap};

/// `g`'s bits in a packed state (complemented).
const G_MASK: u64 = (1 << G_BITS) - 1;
/// Where the stamp starts.
const STAMP: u32 = G_BITS + 4;
/// The direction field of the start (which no step entered).
const START: u64 = 8;

/// The searches' states over dense maps, one `u64` a cell, valid only
/// under this search's stamps: `generation` open, `generation + 1`
/// closed (0, which zeroed memory holds, is never a search's).
#[derive(Clone, Debug, Default)]
pub(super) struct PackedStates {
    states: Vec<u64>,
    generation: u64,
}

/// The open list the two loops share (the context's).
pub(super) struct Open<'a> {
    pub(super) heap: &'a mut BucketQueue,
    pub(super) stack: &'a mut Vec<u32>,
    /// The f being expanded (kept for a resumed search).
    pub(super) f_now: &'a mut Cost,
}

/// What a search over a dense map is after, and what its heuristic is
/// built from.
#[derive(Copy, Clone, Debug)]
pub(super) struct Goal {
    pub(super) cell: Pos,
    /// The heuristic's steps: the map's cheapest, with a diagonal at most
    /// two straight steps, or exactly two when moves are rook moves (so
    /// the octile formula is the Manhattan one, as the general search's
    /// heuristic is).
    steps: StepCosts,
}

impl Goal {
    pub(super) fn new(map: &DenseMap, cell: Pos) -> Goal {
        let cheapest = map.cheapest_steps();
        let diagonal = match map.connectivity() {
            Connectivity::Four => 2 * cheapest.straight,
            _ => cheapest.diagonal.min(2 * cheapest.straight),
        };
        Goal {
            cell,
            steps: StepCosts {
                straight: cheapest.straight,
                diagonal,
            },
        }
    }

    /// The general search's heuristic (octile or Manhattan) from `(x, y)`.
    #[inline(always)]
    fn h(&self, x: i32, y: i32) -> Cost {
        let dx = x.abs_diff(self.cell.x) as Cost;
        let dy = y.abs_diff(self.cell.y) as Cost;
        let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
        self.steps.diagonal * lo + self.steps.straight * (hi - lo)
    }
}

/// What a step into a cell costs, by its index in `Dir::ALL`: the
/// search loop is compiled once for each way of pricing.
pub(super) trait Price {
    fn step(&self, cell: usize, dir: usize) -> Cost;
}

/// The unit step of each move in `Dir::ALL` order.
fn units() -> [Cost; 8] {
    Dir::ALL.map(|d| StepCosts::UNIT.for_dir(d))
}

/// Every cell's own factor (read for each step).
pub(super) struct PerCell<'a> {
    factor: &'a [u32],
    units: [Cost; 8],
}

impl<'a> PerCell<'a> {
    pub(super) fn new(factor: &'a [u32]) -> PerCell<'a> {
        PerCell {
            factor,
            units: units(),
        }
    }
}

impl Price for PerCell<'_> {
    #[inline(always)]
    fn step(&self, cell: usize, dir: usize) -> Cost {
        self.factor[cell] as Cost * self.units[dir]
    }
}

/// One factor for every cell (no factor read at all).
pub(super) struct Uniform([Cost; 8]);

impl Uniform {
    pub(super) fn new(factor: u32) -> Uniform {
        Uniform(units().map(|u| u * factor as Cost))
    }
}

impl Price for Uniform {
    #[inline(always)]
    fn step(&self, _: usize, dir: usize) -> Cost {
        self.0[dir]
    }
}

impl PackedStates {
    /// Starts a search from `start` toward `goal` on `map`.
    pub(super) fn seed(&mut self, map: &DenseMap, open: Open<'_>, start: Pos, goal: &Goal) {
        let len = map.width() as usize * map.height() as usize;
        if self.states.len() < len {
            self.states.resize(len, 0);
        }
        if self.generation + 2 >= 1 << (64 - STAMP) {
            self.states.fill(0);
            self.generation = 0;
        }
        self.generation += 2;
        let s = start.row_major(map.width());
        self.states[s] = self.generation << STAMP | G_MASK << 4 | START;
        *open.f_now = goal.h(start.x, start.y);
        open.heap.clear(*open.f_now, map.cheapest_steps());
        open.stack.clear();
        open.stack.push(s as u32);
    }

    /// The search from where [`PackedStates::seed`] or an earlier slice
    /// left it, for at most `budget` expansions, its steps priced by
    /// `price` (what `map`'s factors say, or one factor for all).
    #[inline(never)]
    pub(super) fn run<P: Price, K: Keep>(
        &mut self,
        map: &DenseMap,
        open: Open<'_>,
        goal: &Goal,
        budget: u64,
        (stats, path_costs): (&mut SearchStats, &mut Vec<Cost>),
        (price, keep): (P, K),
    ) -> Outcome {
        let w = map.width() as usize;
        let moves = map.moves_array();
        let open_stamp = self.generation;
        let closed = open_stamp + 1;
        let Open {
            heap,
            stack,
            f_now: f_saved,
        } = open;
        let states = self.states.as_mut_slice();
        let target = goal.cell.row_major(map.width()) as u32;
        let reciprocal = super::width_reciprocal(map.width(), map.height());
        let offsets: [usize; 8] = Dir::ALL.map(|d| {
            let (dx, dy) = d.delta();
            (dy as isize * w as isize + dx as isize) as usize
        });
        let (mut expanded, mut pushed) = (stats.expanded, stats.pushed);
        let mut f_now = *f_saved;
        let outcome = loop {
            let (state, from_heap) = match stack.pop() {
                Some(s) => (s, None),
                None => match heap.pop() {
                    Some((f, s)) => {
                        f_now = f;
                        (s, Some(f))
                    }
                    None => break Outcome::Unreachable,
                },
            };
            let u = state as usize;
            let word = states[u];
            if word >> STAMP == closed {
                // Stale: a cheaper entry for this cell closed it already.
                continue;
            }
            if state == target {
                states[u] = word + (1 << STAMP);
                break Outcome::Found {
                    path: reconstruct(states, map.width(), &offsets, u, path_costs),
                    cost: !(word >> 4) & G_MASK,
                };
            }
            if expanded >= budget {
                match from_heap {
                    Some(f) => heap.push(f, state),
                    None => stack.push(state),
                }
                *f_saved = f_now;
                break Outcome::OutOfBudget;
            }
            states[u] = word + (1 << STAMP);
            expanded += 1;
            let g = !(word >> 4) & G_MASK;
            // A neighbour's word is this one's open, less its step: with
            // `g` complemented, `open | !(g + step) << 4` is `here - step << 4`.
            let here = open_stamp << STAMP | (!g & G_MASK) << 4;
            let y = if reciprocal != 0 {
                ((u as u64 * reciprocal) >> super::RECIPROCAL_SHIFT) as usize
            } else {
                u / w
            };
            let (x, y) = ((u - y * w) as i32, y as i32);
            let m = moves[u];
            // One move, in place: `d` is its index in `Dir::ALL`.
            macro_rules! relax {
                ($d:expr) => {
                    let n = u.wrapping_add(offsets[$d]);
                    // (The move's legality is settled in `m`: a cell left
                    // out by `keep` leaves every other move as it was.)
                    if m & (1 << $d) != 0 && keep.keeps(n) {
                        let (dx, dy) = Dir::ALL[$d].delta();
                        let step = price.step(n, $d);
                        let word = here - (step << 4);
                        if states[n] < word {
                            let ng = g + step;
                            states[n] = word | $d;
                            let f = ng + goal.h(x + dx, y + dy);
                            if f == f_now {
                                stack.push(n as u32);
                            } else {
                                heap.push(f, n as u32);
                            }
                            pushed += 1;
                        }
                    }
                };
            }
            // `Dir::ALL`'s order: the straight moves, then the diagonals.
            relax!(0);
            relax!(1);
            relax!(2);
            relax!(3);
            relax!(4);
            relax!(5);
            relax!(6);
            relax!(7);
        };
        (stats.expanded, stats.pushed) = (expanded, pushed);
        outcome
    }
}

/// Which cells a search over a dense map may step to.
pub(super) trait Keep {
    /// True when the cell at row-major `index` may be stepped to.
    fn keeps(&self, index: usize) -> bool;
}

/// Every cell (what [`crate::SearchContext::find_path`] searches).
pub(super) struct Everything;

impl Keep for Everything {
    #[inline(always)]
    fn keeps(&self, _: usize) -> bool {
        true
    }
}

/// A query's corridor ([`crate::SearchContext::find_path_in`]).
impl Keep for crate::dead_ends::Corridor<'_> {
    #[inline(always)]
    fn keeps(&self, index: usize) -> bool {
        self.allows_index(index)
    }
}

/// Walks the entering moves back from `end` to the start.
fn reconstruct(
    states: &[u64],
    width: u32,
    offsets: &[usize; 8],
    end: usize,
    costs: &mut Vec<Cost>,
) -> Vec<Pos> {
    let mut path = Vec::new();
    costs.clear();
    let mut s = end;
    loop {
        let word = states[s];
        path.push(Pos::from_row_major(s, width));
        costs.push(!(word >> 4) & G_MASK);
        let d = word & 0xf;
        if d == START {
            break;
        }
        s = s.wrapping_sub(offsets[d as usize]);
    }
    path.reverse();
    costs.reverse();
    path
}

#[cfg(test)]
mod tests {
    use crate::cost::{Cost, StepCosts};
    use crate::geom::Pos;
    use crate::{
        Connectivity, CostMap, DenseMap, GridMap, SearchContext, SearchOptions, SearchStats,
    };
    use proptest::prelude::*;

    /// Every slice of a search from `start` to `goal` with `options`
    /// (each at most `budget` expansions when there is one): its outcome,
    /// stats and path costs.
    fn slices<M: CostMap>(
        ctx: &mut SearchContext,
        map: &M,
        (start, goal): (Pos, Pos),
        options: &SearchOptions,
    ) -> Vec<(crate::Outcome, SearchStats, Vec<Cost>)> {
        let mut out = vec![];
        let mut outcome = ctx.find_path(map, start, goal, options);
        loop {
            out.push((outcome.clone(), ctx.stats(), ctx.path_costs().to_vec()));
            if outcome != crate::Outcome::OutOfBudget {
                return out;
            }
            outcome = ctx
                .resume(map, options.max_expansions.unwrap_or(u64::MAX))
                .expect("a search out of budget resumes");
        }
    }

    proptest! {
        /// A search over a `DenseMap` is the search over the map it was
        /// read from: every slice's outcome (path and cost), expansions,
        /// pushes and path costs, for all three rules of moves, uniform and
        /// mixed factors, budgets, and one context shared by both kinds of
        /// search and by several queries (their stamps and open list).
        #[test]
        fn a_dense_map_is_searched_as_the_map_it_was_read_from(
            cells in proptest::collection::vec(0u8..8, 13 * 9),
            mixed in any::<bool>(),
            queries in proptest::collection::vec((0i32..13, 0i32..9, 0i32..13, 0i32..9), 1..4),
            budget in proptest::option::of(1u64..40),
            connectivity in proptest::sample::select(vec![
                Connectivity::Eight, Connectivity::Four, Connectivity::EightCuttingCorners,
            ]),
        ) {
            let mut map = GridMap::new(13, 9);
            for (i, &c) in cells.iter().enumerate() {
                // One cell in four a wall; the rest of factor 1 to 6, or 2.
                let factor = if mixed { c as Cost - 1 } else { 2 };
                map.set(Pos::from_row_major(i, 13), (c > 1).then_some(factor));
            }
            let dense = DenseMap::new(&map, connectivity).unwrap();
            prop_assert!(dense.serves(connectivity));
            let options = SearchOptions { connectivity, max_expansions: budget, ..SearchOptions::default() };
            let mut shared = SearchContext::new();
            let mut checked = 0;
            for (sx, sy, gx, gy) in queries {
                let ends = (Pos::new(sx, sy), Pos::new(gx, gy));
                let want = slices(&mut SearchContext::new(), &map, ends, &options);
                prop_assert_eq!(&slices(&mut shared, &dense, ends, &options), &want);
                prop_assert_eq!(&slices(&mut shared, &map, ends, &options), &want);
                checked += want.len();
            }
            prop_assert!(checked > 0);
        }
    }

    #[test]
    fn a_search_resumed_on_the_other_kind_of_map_starts_again() {
        let map = GridMap::new(30, 4);
        let dense = DenseMap::new(&map, Connectivity::Eight).unwrap();
        let (s, g) = (Pos::new(0, 0), Pos::new(29, 3));
        let whole = SearchContext::new().find_path(&map, s, g, &SearchOptions::default());
        for (first, then) in [
            (&dense as &dyn CostMap, &map as &dyn CostMap),
            (&map, &dense),
        ] {
            let mut ctx = SearchContext::new();
            let tight = SearchOptions {
                max_expansions: Some(5),
                ..SearchOptions::default()
            };
            assert_eq!(
                ctx.find_path(first, s, g, &tight),
                crate::Outcome::OutOfBudget
            );
            assert_eq!(ctx.resume(then, 1000), Some(whole.clone()));
            assert_eq!(ctx.stats().expanded, 29, "from the start again");
        }
    }

    #[test]
    fn stamps_wrap_and_the_states_are_cleared() {
        let rows = ["S....", ".###.", "....G"];
        let map = GridMap::from_rows(rows, |c| (c != '#').then_some(1)).unwrap();
        let dense = DenseMap::new(&map, Connectivity::Eight).unwrap();
        let (s, g) = (Pos::new(0, 0), Pos::new(4, 2));
        let options = SearchOptions::default();
        let mut ctx = SearchContext::new();
        let first = ctx.find_path(&dense, s, g, &options);
        assert_eq!(first, ctx.find_path(&map, s, g, &options));
        ctx.packed.generation = (1 << (64 - super::STAMP)) - 6;
        for _ in 0..4 {
            assert_eq!(ctx.find_path(&dense, s, g, &options), first);
        }
        assert!(ctx.packed.generation < 10, "wrapped and restarted");
    }

    #[test]
    fn a_map_whose_costs_could_overflow_the_states_is_searched_the_general_way() {
        let dear = 1 << 30;
        let rows = ["....", ".#..", "...."];
        let map = GridMap::from_rows(rows, |c| (c != '#').then_some(dear)).unwrap();
        let dense = DenseMap::new(&map, Connectivity::Eight).unwrap();
        assert!(
            !dense.serves(Connectivity::Eight),
            "12 cells at 2^30 a unit step"
        );
        assert!(!dense.serves(Connectivity::Four), "read for another rule");
        let (s, g) = (Pos::new(0, 0), Pos::new(3, 2));
        let mut ctx = SearchContext::new();
        let out = ctx.find_path(&dense, s, g, &SearchOptions::default());
        assert_eq!(
            out,
            SearchContext::new().find_path(&map, s, g, &SearchOptions::default())
        );
        assert_eq!(
            out.cost(),
            Some(dear * (StepCosts::UNIT.diagonal + 3 * StepCosts::UNIT.straight))
        );
    }
}
