//! Jump point search (Harabor and Grastien, 2011) for grids where every
//! open cell costs the same, with the movement rule of every other search
//! here: eight ways, and a diagonal only when both straight steps beside
//! it are open (no cutting a wall's corner, no squeezing between two).
//!
//! Under that rule a straight move has a forced neighbour where a cell
//! beside it is open and the cell behind that one is not (the neighbour
//! cannot be reached as cheaply by a diagonal from behind), and a diagonal
//! move has none: it stops where a straight jump along either of its
//! components finds something. So a search expands only jump points, and
//! every path it finds is as cheap as A*'s: the same integer costs
//! ([`STRAIGHT`](crate::cost::STRAIGHT), [`DIAGONAL`](crate::cost::DIAGONAL)), exact on every Moving AI length (a test
//! holds it to A* on every scenario and on random maps).
//!
//! Jumps read the grid as bits: four copies of it (rows, columns, and
//! both mirrored, so every straight jump runs "east" along a line), each
//! line padded with blocked cells, and a straight jump tests 64 cells at a
//! time for a blocked cell or a forced neighbour. Building the
//! [`JumpGrid`] is the one per-map step; a [`JumpPointSearch`] keeps only
//! buffers between queries (generation-stamped, so a query costs what it
//! touches).
//!
//! ```
//! use darkstar_path::cost::{DIAGONAL, STRAIGHT};
//! use darkstar_path::geom::Pos;
//! use darkstar_path::jps::{JumpGrid, JumpPointSearch};
//! use darkstar_path::Outcome;
//!
//! let rows = ["........", "...#....", "...#....", "........"];
//! let grid = JumpGrid::new(8, 4, |p| rows[p.y as usize].as_bytes()[p.x as usize] == b'.');
//! let mut search = JumpPointSearch::new();
//! let Outcome::Found { path, cost } = search.find_path(&grid, Pos::new(0, 1), Pos::new(7, 2)) else {
//!     panic!("no path");
//! };
//! assert_eq!((path[0], path[path.len() - 1]), (Pos::new(0, 1), Pos::new(7, 2)));
//! assert_eq!(cost, 4 * STRAIGHT + 3 * DIAGONAL); // over the wall's top end
//! ```

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::Outcome;
use crate::cost::{Cost, StepCosts};
use crate::geom::Pos;

/// Lines of bits: one line per row (or column), each padded with a
/// blocked cell at both ends and a blocked line above and below, so a jump
/// needs no bounds test; a cell's bit is 1 when it is open.
#[derive(Clone, Debug, Default)]
struct Lines {
    /// Words per line, with one to spare so a 64-bit window can be read
    /// at any bit of the line.
    stride: usize,
    words: Vec<u64>,
}

impl Lines {
    /// `count` lines of `len` cells, `open(line, pos)` saying which are
    /// open.
    fn new(count: u32, len: u32, open: impl Fn(u32, u32) -> bool) -> Lines {
        let stride = (len as usize + 2) / 64 + 2;
        let mut words = vec![0; stride * (count as usize + 2)];
        for line in 0..count {
            let base = (line as usize + 1) * stride;
            for pos in 0..len {
                if open(line, pos) {
                    let bit = pos as usize + 1;
                    words[base + bit / 64] |= 1 << (bit % 64);
                }
            }
        }
        Lines { stride, words }
    }

    /// The 64 bits of padded line `line` from padded bit `bit` on.
    #[inline(always)]
    fn window(&self, line: usize, bit: usize) -> u64 {
        let at = line * self.stride + bit / 64;
        let shift = bit % 64;
        let low = self.words[at] >> shift;
        // (A shift by 64 is not a shift: the high word is left out then.)
        let high = (self.words[at + 1] << 1) << (63 - shift);
        low | high
    }

    /// True when padded bit `bit` of padded line `line` is open.
    #[inline(always)]
    fn open(&self, line: usize, bit: usize) -> bool {
        self.words[line * self.stride + bit / 64] >> (bit % 64) & 1 != 0
    }

    /// Moving "east" along padded line `line` from padded bit `from`:
    /// `Ok(bit)` of the first cell with a forced neighbour, or `Err(bit)`
    /// of the first blocked cell, whichever comes first.
    #[inline]
    fn scan(&self, line: usize, from: usize) -> Result<usize, usize> {
        let mut bit = from + 1;
        loop {
            let here = self.window(line, bit);
            let (up, up_behind) = (self.window(line - 1, bit), self.window(line - 1, bit - 1));
            let (down, down_behind) = (self.window(line + 1, bit), self.window(line + 1, bit - 1));
            let forced = (up & !up_behind) | (down & !down_behind);
            let stop = !here | forced;
            if stop != 0 {
                let at = bit + stop.trailing_zeros() as usize;
                return if here >> (at - bit) & 1 == 0 {
                    Err(at)
                } else {
                    Ok(at)
                };
            }
            bit += 64;
        }
    }

    fn memory_bytes(&self) -> usize {
        self.words.capacity() * 8
    }
}

/// A grid of open and blocked cells, every open cell costing the same, as
/// jump point search reads it (see the [module docs](self)). Built once
/// per map.
#[derive(Clone, Debug)]
pub struct JumpGrid {
    width: u32,
    height: u32,
    /// The factor every step's unit cost is multiplied by.
    factor: Cost,
    /// Rows, x from 0 (jumps east); rows mirrored (west); columns, y from
    /// 0 (south); columns mirrored (north).
    east: Lines,
    west: Lines,
    south: Lines,
    north: Lines,
}

impl JumpGrid {
    /// A `width` x `height` grid whose open cells are those `open` answers
    /// true for, each step at unit cost ([`crate::cost::STRAIGHT`] or
    /// [`crate::cost::DIAGONAL`]).
    pub fn new(width: u32, height: u32, open: impl Fn(Pos) -> bool) -> JumpGrid {
        let cells: Vec<bool> = (0..height as i32)
            .flat_map(|y| (0..width as i32).map(move |x| Pos::new(x, y)))
            .map(&open)
            .collect();
        let at = |x: u32, y: u32| cells[y as usize * width as usize + x as usize];
        let (w, h) = (width, height);
        JumpGrid {
            width,
            height,
            factor: 1,
            east: Lines::new(h, w, |y, x| at(x, y)),
            west: Lines::new(h, w, |y, x| at(w - 1 - x, y)),
            south: Lines::new(w, h, at),
            north: Lines::new(w, h, |x, y| at(x, h - 1 - y)),
        }
    }

    /// The grid of a [`crate::EntryCosts`] map whose passable cells all
    /// have the same entry factor (steps cost that factor times the unit),
    /// or `None` when they differ: jump point search needs uniform costs.
    pub fn from_entry_costs<M: crate::EntryCosts + ?Sized>(map: &M) -> Option<JumpGrid> {
        let (w, h) = (map.width(), map.height());
        let mut factor = None;
        for i in 0..w as usize * h as usize {
            match (map.entry_factor(i), factor) {
                (Some(f), None) => factor = Some(f),
                (Some(f), Some(g)) if f != g => return None,
                _ => {}
            }
        }
        let mut grid = JumpGrid::new(w, h, |p| map.entry_factor(p.row_major(w)).is_some());
        grid.factor = factor.unwrap_or(1);
        Some(grid)
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// True when `p` is on the grid and open.
    #[inline]
    pub fn is_open(&self, p: Pos) -> bool {
        p.x >= -1
            && p.y >= -1
            && p.x <= self.width as i32
            && p.y <= self.height as i32
            && self.east.open((p.y + 1) as usize, (p.x + 1) as usize)
    }

    /// Bytes it holds.
    pub fn memory_bytes(&self) -> usize {
        self.east.memory_bytes()
            + self.west.memory_bytes()
            + self.south.memory_bytes()
            + self.north.memory_bytes()
    }

    /// A straight jump from `p` (open) by `(dx, dy)` (one of them 0): the
    /// jump point it reaches (a cell with a forced neighbour, or `goal`)
    /// and how many steps away, or `None` at a wall first.
    #[inline]
    fn jump_straight(&self, p: Pos, (dx, dy): (i32, i32), goal: Pos) -> Option<(Pos, u32)> {
        let (w, h) = (self.width as i32, self.height as i32);
        // Which lines, which line, where along it, and where the goal is
        // along it if it lies on it ahead.
        let (lines, line, pos, goal_pos) = match (dx, dy) {
            (1, 0) => (&self.east, p.y, p.x, (goal.y == p.y).then_some(goal.x)),
            (-1, 0) => (
                &self.west,
                p.y,
                w - 1 - p.x,
                (goal.y == p.y).then_some(w - 1 - goal.x),
            ),
            (0, 1) => (&self.south, p.x, p.y, (goal.x == p.x).then_some(goal.y)),
            _ => (
                &self.north,
                p.x,
                h - 1 - p.y,
                (goal.x == p.x).then_some(h - 1 - goal.y),
            ),
        };
        let from = pos as usize + 1;
        let found = lines.scan(line as usize + 1, from);
        let stop = match found {
            Ok(bit) => bit,
            // The goal is reached if it lies before the wall.
            Err(bit) => bit - 1,
        };
        let at = match goal_pos.map(|g| g as usize + 1) {
            Some(g) if g > from && g <= stop => g,
            _ => found.ok()?,
        };
        let steps = (at - from) as u32;
        Some((
            Pos::new(p.x + dx * steps as i32, p.y + dy * steps as i32),
            steps,
        ))
    }

    /// A diagonal jump from `p` by `(dx, dy)`: the first cell where a
    /// straight jump along either component finds something (or `goal`),
    /// and how many steps away, or `None` where the diagonal is blocked
    /// first.
    #[inline]
    fn jump_diagonal(&self, p: Pos, (dx, dy): (i32, i32), goal: Pos) -> Option<(Pos, u32)> {
        let mut at = p;
        let mut steps = 0;
        loop {
            let next = Pos::new(at.x + dx, at.y + dy);
            if !(self.is_open(Pos::new(at.x + dx, at.y))
                && self.is_open(Pos::new(at.x, at.y + dy))
                && self.is_open(next))
            {
                return None;
            }
            at = next;
            steps += 1;
            if at == goal
                || self.jump_straight(at, (dx, 0), goal).is_some()
                || self.jump_straight(at, (0, dy), goal).is_some()
            {
                return Some((at, steps));
            }
        }
    }
}

/// What a search did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct JumpStats {
    /// Jump points taken off the open list and expanded.
    pub expanded: u64,
    /// Jump points put on the open list (or found cheaper there).
    pub pushed: u64,
}

/// Reusable jump point search: allocate once, search many times. Its
/// arrays grow to the largest grid searched and are invalidated by a
/// generation stamp; nothing of a query but these buffers survives it.
#[derive(Clone, Debug, Default)]
pub struct JumpPointSearch {
    /// Per cell: the generation its entries belong to.
    stamp: Vec<u32>,
    /// Per cell: the best cost from the start found so far.
    g: Vec<Cost>,
    /// Per cell: the jump point it was reached from (row-major), and
    /// whether it is closed (the top bit).
    parent: Vec<u32>,
    generation: u32,
    /// (f, larger g first, cell): explicit ties, so the same query finds
    /// the same path everywhere.
    open: BinaryHeap<Reverse<(Cost, Reverse<Cost>, u32)>>,
    stats: JumpStats,
}

/// The closed flag of [`JumpPointSearch::parent`].
const CLOSED: u32 = 1 << 31;

impl JumpPointSearch {
    /// A search with empty buffers.
    pub fn new() -> JumpPointSearch {
        JumpPointSearch::default()
    }

    /// What the last search did.
    pub fn stats(&self) -> JumpStats {
        self.stats
    }

    /// Bytes its buffers hold.
    pub fn memory_bytes(&self) -> usize {
        self.stamp.capacity() * 4
            + self.g.capacity() * 8
            + self.parent.capacity() * 4
            + self.open.capacity() * std::mem::size_of::<Reverse<(Cost, Reverse<Cost>, u32)>>()
    }

    /// The cheapest path from `start` to `goal` on `grid` (every cell of
    /// it, start and goal included) and its cost, or
    /// [`Outcome::Unreachable`]. The cost is what A* finds on the same
    /// grid; the path may differ from A*'s where several are as cheap.
    /// It is counted in units of [`STRAIGHT`](crate::cost::STRAIGHT): 470,832 a
    /// straight step, [`DIAGONAL`](crate::cost::DIAGONAL) (665,857) a diagonal
    /// one; [`to_tiles`](crate::cost::to_tiles) gives tiles.
    pub fn find_path(&mut self, grid: &JumpGrid, start: Pos, goal: Pos) -> Outcome {
        self.stats = JumpStats::default();
        let on = |p: Pos| (p.x as u32) < grid.width && (p.y as u32) < grid.height;
        if start == goal && on(start) {
            // As A* answers it, open or not.
            return Outcome::Found {
                path: vec![start],
                cost: 0,
            };
        }
        if !(on(start) && on(goal) && grid.is_open(start) && grid.is_open(goal)) {
            return Outcome::Unreachable;
        }
        self.reset(grid);
        let w = grid.width;
        let unit = StepCosts::UNIT.scaled(grid.factor);
        let h = |p: Pos| {
            let (dx, dy) = p.abs_delta(goal);
            unit.octile(dx, dy)
        };
        let s = start.row_major(w) as u32;
        self.visit(s, 0, s);
        self.open.push(Reverse((h(start), Reverse(0), s)));
        while let Some(Reverse((_, Reverse(g), cell))) = self.open.pop() {
            let i = cell as usize;
            if self.parent[i] & CLOSED != 0 || g > self.g[i] {
                continue;
            }
            self.parent[i] |= CLOSED;
            self.stats.expanded += 1;
            let at = Pos::from_row_major(i, w);
            if at == goal {
                return Outcome::Found {
                    path: self.path(w, start, goal),
                    cost: g,
                };
            }
            let from = Pos::from_row_major((self.parent[i] & !CLOSED) as usize, w);
            let heading = ((at.x - from.x).signum(), (at.y - from.y).signum());
            for dir in successors(grid, at, heading) {
                let jump = if dir.0 != 0 && dir.1 != 0 {
                    grid.jump_diagonal(at, dir, goal)
                        .map(|(p, n)| (p, n as Cost * unit.diagonal))
                } else {
                    grid.jump_straight(at, dir, goal)
                        .map(|(p, n)| (p, n as Cost * unit.straight))
                };
                let Some((to, cost)) = jump else {
                    continue;
                };
                let j = to.row_major(w);
                let ng = g + cost;
                if self.stamp[j] == self.generation
                    && (self.parent[j] & CLOSED != 0 || self.g[j] <= ng)
                {
                    continue;
                }
                self.visit(j as u32, ng, cell);
                self.stats.pushed += 1;
                self.open.push(Reverse((ng + h(to), Reverse(ng), j as u32)));
            }
        }
        Outcome::Unreachable
    }

    /// Readies the buffers for a search on `grid`: a new generation.
    fn reset(&mut self, grid: &JumpGrid) {
        let cells = grid.width as usize * grid.height as usize;
        if self.stamp.len() < cells {
            self.stamp.resize(cells, 0);
            self.g.resize(cells, 0);
            self.parent.resize(cells, 0);
        }
        self.open.clear();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    #[inline]
    fn visit(&mut self, cell: u32, g: Cost, parent: u32) {
        let i = cell as usize;
        self.stamp[i] = self.generation;
        self.g[i] = g;
        self.parent[i] = parent;
    }

    /// Every cell from `start` to `goal`, the straight and diagonal runs
    /// between jump points filled in.
    fn path(&self, w: u32, start: Pos, goal: Pos) -> Vec<Pos> {
        let mut points = vec![goal];
        let mut at = goal;
        while at != start {
            at = Pos::from_row_major((self.parent[at.row_major(w)] & !CLOSED) as usize, w);
            points.push(at);
        }
        points.reverse();
        let mut path = vec![start];
        for pair in points.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let (dx, dy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
            let mut p = a;
            while p != b {
                p = Pos::new(p.x + dx, p.y + dy);
                path.push(p);
            }
        }
        path
    }
}

/// The directions worth jumping in from `at`, reached heading `(dx, dy)`
/// (`(0, 0)` at the start: all eight). Straight: on, and each side with a
/// forced neighbour and the diagonal toward it; diagonal: on and its two
/// components. A jump in a blocked direction finds nothing.
fn successors(grid: &JumpGrid, at: Pos, (dx, dy): (i32, i32)) -> Successors {
    let mut out = Successors::default();
    let open = |x: i32, y: i32| grid.is_open(Pos::new(at.x + x, at.y + y));
    match (dx, dy) {
        (0, 0) => {
            for d in crate::geom::Dir::ALL {
                out.push(d.delta());
            }
        }
        (dx, 0) => {
            out.push((dx, 0));
            for side in [-1, 1] {
                if open(0, side) && !open(-dx, side) {
                    out.push((0, side));
                    out.push((dx, side));
                }
            }
        }
        (0, dy) => {
            out.push((0, dy));
            for side in [-1, 1] {
                if open(side, 0) && !open(side, -dy) {
                    out.push((side, 0));
                    out.push((side, dy));
                }
            }
        }
        (dx, dy) => {
            out.push((dx, 0));
            out.push((0, dy));
            out.push((dx, dy));
        }
    }
    out
}

/// At most eight directions, inline.
#[derive(Default)]
struct Successors {
    dirs: [(i32, i32); 8],
    len: usize,
}

impl Successors {
    fn push(&mut self, d: (i32, i32)) {
        self.dirs[self.len] = d;
        self.len += 1;
    }
}

impl Iterator for Successors {
    type Item = (i32, i32);
    fn next(&mut self) -> Option<(i32, i32)> {
        (self.len > 0).then(|| {
            self.len -= 1;
            self.dirs[self.len]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::STRAIGHT;
    use crate::grid_map::GridMap;
    use crate::{Connectivity, SearchContext, SearchOptions};
    use proptest::prelude::*;

    /// A random grid of open and blocked cells, and two places on it.
    fn query() -> impl Strategy<Value = (Vec<bool>, u32, u32, Pos, Pos)> {
        (1u32..40, 1u32..12).prop_flat_map(|(w, h)| {
            let cells = (w * h) as usize;
            (
                proptest::collection::vec(prop::bool::weighted(0.7), cells),
                Just(w),
                Just(h),
                (0..w as i32, 0..h as i32).prop_map(|(x, y)| Pos::new(x, y)),
                (0..w as i32, 0..h as i32).prop_map(|(x, y)| Pos::new(x, y)),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Jump point search costs what A* costs on the same grid, and its
        /// path is a legal one of that cost.
        #[test]
        fn it_costs_what_astar_costs((cells, w, h, start, goal) in query()) {
            let open = |p: Pos| cells[p.row_major(w)];
            let grid = JumpGrid::new(w, h, open);
            let mut map = GridMap::new(w, h);
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    let p = Pos::new(x, y);
                    map.set(p, open(p).then_some(1));
                }
            }
            let want = SearchContext::new().find_path(&map, start, goal, &SearchOptions::default());
            let got = JumpPointSearch::new().find_path(&grid, start, goal);
            prop_assert_eq!(got.cost(), want.cost());
            if let Some(path) = got.path() {
                prop_assert_eq!((path[0], path[path.len() - 1]), (start, goal));
                let options = SearchOptions { connectivity: Connectivity::Eight, ..SearchOptions::default() };
                prop_assert_eq!(crate::astar::path_cost(&map, path, &options), got.cost());
            }
        }
    }

    #[test]
    fn straight_windows_cross_words() {
        // A corridor longer than a word, with a pillar beside it past
        // the first 64 cells: the jump stops where the pillar forces.
        let w = 200;
        let grid = JumpGrid::new(w, 3, |p| !(p.y == 0 && (p.x == 130 || p.x == 10)));
        let goal = Pos::new(199, 2);
        assert_eq!(
            grid.jump_straight(Pos::new(11, 1), (1, 0), goal),
            Some((Pos::new(131, 1), 120))
        );
        assert_eq!(
            grid.jump_straight(Pos::new(199, 1), (-1, 0), goal),
            Some((Pos::new(129, 1), 70))
        );
        assert_eq!(grid.jump_straight(Pos::new(150, 1), (1, 0), goal), None);
        assert_eq!(
            grid.jump_straight(Pos::new(199, 0), (0, 1), goal),
            Some((goal, 2))
        );
    }

    #[test]
    fn a_uniform_entry_cost_map_becomes_a_grid_and_a_mixed_one_does_not() {
        let mut map = GridMap::new(4, 1);
        map.set(Pos::new(1, 0), None);
        for x in [0, 2, 3] {
            map.set(Pos::new(x, 0), Some(3));
        }
        let grid = JumpGrid::from_entry_costs(&map).unwrap();
        assert!(!grid.is_open(Pos::new(1, 0)) && grid.is_open(Pos::new(2, 0)));
        let out = JumpPointSearch::new().find_path(&grid, Pos::new(2, 0), Pos::new(3, 0));
        assert_eq!(out.cost(), Some(3 * STRAIGHT));
        map.set(Pos::new(0, 0), Some(1));
        assert!(JumpGrid::from_entry_costs(&map).is_none());
    }
}
