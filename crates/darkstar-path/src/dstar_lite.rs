//! D* Lite (Koenig and Likhachev, "D* Lite", AAAI 2002; the optimised
//! version of their Figure 4): incremental replanning for a unit moving
//! towards a fixed goal through a map whose costs it keeps discovering.
//! It searches backwards from the goal, so when a newly seen wall changes a
//! few costs only the part of the search those costs touch is redone, not
//! the whole search as with repeated A*.
//!
//! The map is any [`CostMap`] (a faction's knowledge of the map,
//! typically: see the `darkstar-fog` crate), read through the same movement rules as A*, so the costs
//! agree exactly: after any sequence of changes, [`DStarLite::cost`] equals
//! what a fresh A* finds on the same map (a property test checks it).
//!
//! Every monster of a D* Lite faction holds one planner, so its memory is
//! what limits how many there can be. A planner keeps its per-cell state
//! (g, rhs and queue key) in square tiles of [`TILE_SIDE`] cells a side,
//! allocated when the search first writes to one of their cells; a cell in
//! a tile never written reads as untouched (g = rhs = unreached, not
//! queued). Its memory is therefore proportional to the cells its search
//! touched, not to the map: on open ground, about the region between the
//! unit and its goal ([`DStarLite::memory_bytes`] reports it).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Connectivity, CostMap, Neighbours, cost_into, neighbours};
use crate::cost::{Cost, StepCosts, UNREACHED};
use crate::geom::{Dir, Pos};

/// A priority: `[min(g, rhs) + h + km, min(g, rhs)]`, compared in order.
type Key = (Cost, Cost);

/// A queue entry: the key, the cell's row-major index, and its address in
/// the tiles. Entries are ordered by `(key, index)` exactly as before the
/// state was tiled (the address follows from the index, so it never
/// decides an order), and the address costs no room: the two `u32`s fill
/// what would otherwise be padding after the key.
type Entry = Reverse<(Key, u32, u32)>;

/// log2 of [`TILE_SIDE`]: a power of two, so a cell's tile and its place in
/// the tile are a shift and a mask away from its coordinates.
const TILE_SHIFT: u32 = 4;
/// Cells along a side of a tile. 16 keeps the waste at the edge of a
/// search small (a tile is 8 KiB) while the directory stays small too
/// (one pointer per 256 cells).
pub const TILE_SIDE: u32 = 1 << TILE_SHIFT;
const TILE_MASK: u32 = TILE_SIDE - 1;
/// Cells in a tile.
const TILE_CELLS: usize = 1 << (2 * TILE_SHIFT);

/// The key of a cell that is not queued. No queued cell has it: a cell is
/// queued only while `g != rhs`, so `min(g, rhs)`, the key's second part,
/// is below [`UNREACHED`].
const NOT_QUEUED: Key = (UNREACHED, UNREACHED);

/// A cell's search state (32 bytes: the queue key is kept inline, with
/// [`NOT_QUEUED`] standing for none, rather than as an `Option` of 24).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Cell {
    g: Cost,
    rhs: Cost,
    key: Key,
}

/// What every cell of a tile never written holds.
const UNTOUCHED: Cell = Cell {
    g: UNREACHED,
    rhs: UNREACHED,
    key: NOT_QUEUED,
};

type Tile = [Cell; TILE_CELLS];

/// The per-cell state of a planner, in tiles allocated on first write.
///
/// A cell's address packs its tile's place in the directory and its own
/// place in the tile: `tile << 8 | local`. The directory's rows are a
/// power of two long (`1 << stride_shift` tiles, at most twice the tiles a
/// row needs), so that an address turns back into coordinates with shifts
/// and masks alone, never a division.
#[derive(Clone, Debug)]
struct Tiles {
    directory: Vec<Option<Box<Tile>>>,
    stride_shift: u32,
    allocated: usize,
}

impl Tiles {
    /// The tiles of a `width` x `height` map, or `None` when its
    /// addresses would not fit a `u32`.
    fn new(width: u32, height: u32) -> Option<Tiles> {
        let across = width.div_ceil(TILE_SIDE).max(1).next_power_of_two();
        let down = height.div_ceil(TILE_SIDE).max(1);
        let stride_shift = across.trailing_zeros();
        // Addresses are `u32`s: every map up to 65536 cells a side fits
        // (4096 tiles across, rounded up to a power of two, and down).
        let tiles = (down as u64) << stride_shift;
        if tiles * TILE_CELLS as u64 > 1 << 32 {
            return None;
        }
        Some(Tiles {
            directory: (0..tiles).map(|_| None).collect(),
            stride_shift,
            allocated: 0,
        })
    }

    /// The address of `p` (on the map).
    #[inline(always)]
    fn address(&self, p: Pos) -> u32 {
        let (x, y) = (p.x as u32, p.y as u32);
        let tile = ((y >> TILE_SHIFT) << self.stride_shift) | (x >> TILE_SHIFT);
        (tile << (2 * TILE_SHIFT)) | ((y & TILE_MASK) << TILE_SHIFT) | (x & TILE_MASK)
    }

    /// The cell at address `a`.
    #[inline(always)]
    fn pos(&self, a: u32) -> Pos {
        let tile = a >> (2 * TILE_SHIFT);
        let tx = tile & ((1 << self.stride_shift) - 1);
        let ty = tile >> self.stride_shift;
        Pos::new(
            ((tx << TILE_SHIFT) | (a & TILE_MASK)) as i32,
            ((ty << TILE_SHIFT) | ((a >> TILE_SHIFT) & TILE_MASK)) as i32,
        )
    }

    #[inline(always)]
    fn get(&self, a: u32) -> &Cell {
        match &self.directory[(a >> (2 * TILE_SHIFT)) as usize] {
            Some(tile) => &tile[a as usize & (TILE_CELLS - 1)],
            None => &UNTOUCHED,
        }
    }

    /// The cell at `a`, for writing: allocates its tile if need be.
    #[inline(always)]
    fn get_mut(&mut self, a: u32) -> &mut Cell {
        let slot = &mut self.directory[(a >> (2 * TILE_SHIFT)) as usize];
        if slot.is_none() {
            *slot = Some(Box::new([UNTOUCHED; TILE_CELLS]));
            self.allocated += 1;
        }
        match slot {
            Some(tile) => &mut tile[a as usize & (TILE_CELLS - 1)],
            None => unreachable!("allocated just above"),
        }
    }

    /// Sets rhs at `a`, allocating only if it changes.
    #[inline(always)]
    fn set_rhs(&mut self, a: u32, rhs: Cost) {
        if self.get(a).rhs != rhs {
            self.get_mut(a).rhs = rhs;
        }
    }

    /// Takes `a` off the queue (a cell of a tile never written is not on
    /// it: nothing to allocate).
    #[inline(always)]
    fn unqueue(&mut self, a: u32) {
        if self.get(a).key != NOT_QUEUED {
            self.get_mut(a).key = NOT_QUEUED;
        }
    }

    /// Every queued cell: its key and address.
    fn queued(&self) -> impl Iterator<Item = (Key, u32)> + '_ {
        self.directory
            .iter()
            .enumerate()
            .filter_map(|(t, tile)| tile.as_ref().map(|tile| (t, tile)))
            .flat_map(|(t, tile)| {
                tile.iter()
                    .enumerate()
                    .filter(|(_, c)| c.key != NOT_QUEUED)
                    .map(move |(local, c)| (c.key, ((t << (2 * TILE_SHIFT)) | local) as u32))
            })
    }

    /// Bytes held: the tiles and the directory.
    fn bytes(&self) -> usize {
        self.allocated * std::mem::size_of::<Tile>()
            + self.directory.capacity() * std::mem::size_of::<Option<Box<Tile>>>()
    }
}

/// An incremental planner from a moving start to a fixed goal.
///
/// It finds a cell's predecessors as the cells it can step to, which needs
/// legality to be symmetric for diagonals too (true of every map in this
/// crate: a diagonal's two corner cells are the same from either end).
///
/// ```
/// use darkstar_path::geom::Pos;
/// use darkstar_path::{Connectivity, CostMap, DStarLite, GridMap};
///
/// // A unit that believes the way east is open.
/// let mut known = GridMap::new(5, 3);
/// let (start, goal) = (Pos::new(0, 1), Pos::new(4, 1));
/// let mut plan = DStarLite::new(&known, start, goal, Connectivity::Eight, known.cheapest_steps());
/// assert_eq!(plan.next_step(&known), Some(Pos::new(1, 1)));
/// // It sees a wall across rows 0 and 1 ahead: the plan is repaired, not redone.
/// let walls = [Pos::new(2, 0), Pos::new(2, 1)];
/// for w in walls {
///     known.set(w, None);
/// }
/// plan.cells_changed(&known, &walls);
/// let path = plan.path(&known).unwrap();
/// assert!(path.contains(&Pos::new(2, 2)), "round by the bottom row: {path:?}");
/// plan.move_to(path[1]);
/// assert_eq!(plan.start(), path[1]);
/// ```
#[derive(Clone, Debug)]
pub struct DStarLite {
    width: u32,
    height: u32,
    connectivity: Connectivity,
    /// Lower bound of every step cost the map will ever have: the
    /// heuristic must stay admissible as costs change.
    floor: StepCosts,
    start: Pos,
    /// Where the start was when `km` was last brought up to date.
    last: Pos,
    goal: Pos,
    km: Cost,
    /// g, rhs and the key each open vertex is queued under.
    cells: Tiles,
    heap: BinaryHeap<Entry>,
    /// The heap is rebuilt from its live entries when it grows past this
    /// (see [`DStarLite::enqueue`]).
    compact_at: usize,
    expanded: u64,
}

/// Why [`DStarLite::try_new`] could not make a planner.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DStarError {
    /// The map's cells cannot all be addressed by the planner's `u32`
    /// tile addresses: every map up to 65536 cells a side can, and a
    /// wider or taller one may not.
    #[error("D* Lite: a {width}x{height} map is too large to address")]
    TooLarge {
        /// The map's width.
        width: u32,
        /// The map's height.
        height: u32,
    },
}

/// The lower of two floors, kind by kind.
fn lower(a: StepCosts, b: StepCosts) -> StepCosts {
    StepCosts {
        straight: a.straight.min(b.straight),
        diagonal: a.diagonal.min(b.diagonal),
    }
}

/// True when `cheapest` is below `floor` for either kind of step: the
/// heuristic built on `floor` would no longer be admissible.
fn breaks(cheapest: StepCosts, floor: StepCosts) -> bool {
    cheapest.straight < floor.straight || cheapest.diagonal < floor.diagonal
}

impl DStarLite {
    /// Plans from `start` to `goal` on `map`. `floor` should bound every
    /// step cost the map will ever have from below (for a faction's
    /// knowledge: the cheapest terrain there is, or the unknown cost if
    /// lower), so that the plan is only ever repaired. A floor above what
    /// the map charges is never trusted: the planner takes the lower of
    /// `floor` and [`CostMap::cheapest_steps`] now, and when a change
    /// makes a step cheaper than its floor ([`DStarLite::cells_changed`]
    /// sees `cheapest_steps` drop below it) it plans again from scratch
    /// on the lower floor, so its costs always agree with A*. Passing
    /// `map.cheapest_steps()` is therefore always right, and a true floor
    /// saves those fresh starts.
    ///
    /// # Panics
    ///
    /// When the map is too large for the planner to address (see
    /// [`DStarLite::try_new`], which refuses instead): every map up to
    /// 65536 cells a side fits, and a wider or taller one may not.
    pub fn new<M: CostMap + ?Sized>(
        map: &M,
        start: Pos,
        goal: Pos,
        connectivity: Connectivity,
        floor: StepCosts,
    ) -> DStarLite {
        match DStarLite::try_new(map, start, goal, connectivity, floor) {
            Ok(planner) => planner,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`DStarLite::new`], or [`DStarError::TooLarge`] for a map too
    /// large to address.
    ///
    /// ```
    /// use darkstar_path::dstar_lite::DStarError;
    /// use darkstar_path::geom::Pos;
    /// use darkstar_path::{Connectivity, CostMap, DStarLite, GridMap};
    /// let map = GridMap::new(8, 8);
    /// let (a, b) = (Pos::new(0, 0), Pos::new(7, 7));
    /// let plan = DStarLite::try_new(&map, a, b, Connectivity::Eight, map.cheapest_steps());
    /// assert!(plan.is_ok());
    /// ```
    pub fn try_new<M: CostMap + ?Sized>(
        map: &M,
        start: Pos,
        goal: Pos,
        connectivity: Connectivity,
        floor: StepCosts,
    ) -> Result<DStarLite, DStarError> {
        let (width, height) = (map.width(), map.height());
        let cells = Tiles::new(width, height).ok_or(DStarError::TooLarge { width, height })?;
        let mut planner = DStarLite {
            width,
            height,
            connectivity,
            floor: lower(floor, map.cheapest_steps()),
            start,
            last: start,
            goal,
            km: 0,
            cells,
            heap: BinaryHeap::new(),
            compact_at: Self::compact_floor(0),
            expanded: 0,
        };
        planner.plan(map);
        Ok(planner)
    }

    /// The first search, from the goal (the planner's state fresh).
    fn plan<M: CostMap + ?Sized>(&mut self, map: &M) {
        if map.contains(self.goal) && map.contains(self.start) {
            let ga = self.cells.address(self.goal);
            self.cells.get_mut(ga).rhs = 0;
            let key = self.key(self.goal, ga);
            self.enqueue(self.goal, ga, key);
            self.compute(map);
        }
    }

    /// Forgets the search and plans afresh from the current start on
    /// `floor` (what a broken floor calls for). The expansions go on
    /// counting.
    fn restart<M: CostMap + ?Sized>(&mut self, map: &M, floor: StepCosts) {
        self.floor = floor;
        self.last = self.start;
        self.km = 0;
        self.cells = Tiles::new(self.width, self.height).expect("addressed when first made");
        self.heap = BinaryHeap::new();
        self.compact_at = Self::compact_floor(0);
        self.plan(map);
    }

    /// Vertices expanded (taken off the queue and settled or raised) so far.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// The lower bound on step costs the heuristic was built on.
    pub fn floor(&self) -> StepCosts {
        self.floor
    }

    /// The goal it plans to.
    pub fn goal(&self) -> Pos {
        self.goal
    }

    /// King or rook moves.
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// The unit's current position.
    pub fn start(&self) -> Pos {
        self.start
    }

    /// The cost of the best path from the current start to the goal, or
    /// `None` if there is none.
    /// It is counted in units of [`STRAIGHT`](crate::cost::STRAIGHT): 470,832 a
    /// straight step onto a cell of factor 1, [`DIAGONAL`](crate::cost::DIAGONAL)
    /// (665,857) a diagonal one; [`to_tiles`](crate::cost::to_tiles) gives tiles.
    pub fn cost(&self) -> Option<Cost> {
        // rhs, not g: the optimised algorithm may stop with the start
        // locally underconsistent (g above rhs), and rhs is then the cost.
        let c = self.cells.get(self.address_checked(self.start)?).rhs;
        (c != UNREACHED).then_some(c)
    }

    /// The step to take from the current start: the neighbour minimising
    /// step cost plus its cost-to-goal (first in direction order on ties).
    pub fn next_step<M: CostMap + ?Sized>(&self, map: &M) -> Option<Pos> {
        if self.start == self.goal {
            return None;
        }
        self.cost()?;
        self.best_successor(map, self.start).map(|(p, _)| p)
    }

    /// The whole planned path from the current start (start first), by
    /// following [`DStarLite::next_step`]'s rule.
    pub fn path<M: CostMap + ?Sized>(&self, map: &M) -> Option<Vec<Pos>> {
        self.cost()?;
        let mut path = vec![self.start];
        let mut at = self.start;
        while at != self.goal {
            let (next, _) = self.best_successor(map, at)?;
            path.push(next);
            at = next;
            if path.len() as u64 > self.width as u64 * self.height as u64 {
                return None; // Cannot happen with consistent g; never loop.
            }
        }
        Some(path)
    }

    /// The unit moved to `to`, the next cell of its plan (where costs to
    /// the goal are already settled). After a move anywhere else, report
    /// `to` as changed ([`DStarLite::cells_changed`]) so the search
    /// settles it.
    pub fn move_to(&mut self, to: Pos) {
        self.start = to;
    }

    /// Costs around `cells` changed on `map` (cells learnt, walls found):
    /// repairs the plan. Steps into, out of and diagonally past each cell
    /// may have changed, so the cell and its eight neighbours are updated.
    /// If the map's [`CostMap::cheapest_steps`] is now below the floor
    /// (cheaper ground found than the floor allowed for), the heuristic
    /// would overestimate: the planner plans afresh instead, on the lower
    /// floor.
    pub fn cells_changed<M: CostMap + ?Sized>(&mut self, map: &M, cells: &[Pos]) {
        if cells.is_empty() {
            return;
        }
        let cheapest = map.cheapest_steps();
        if breaks(cheapest, self.floor) {
            self.restart(map, lower(self.floor, cheapest));
            return;
        }
        self.km += self.h(self.last, self.start);
        self.last = self.start;
        for &c in cells {
            for p in std::iter::once(c).chain(Dir::ALL.map(|d| c.step(d))) {
                if map.contains(p) && p != self.goal {
                    let a = self.cells.address(p);
                    // A cell the search never reached, beside a change it
                    // still cannot reach, stays untouched: no tile for it.
                    let rhs = self.lookahead(map, p);
                    self.cells.set_rhs(a, rhs);
                    self.update_vertex(p, a);
                }
            }
        }
        self.compute(map);
    }

    /// The bytes this planner holds now: its tiles, their directory, the
    /// queue's allocation and the planner itself.
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + self.cells.bytes()
            + self.heap.capacity() * std::mem::size_of::<Entry>()
    }

    /// Tiles allocated so far (each [`TILE_SIDE`] cells square): those the
    /// search has written to.
    pub fn tiles_touched(&self) -> usize {
        self.cells.allocated
    }

    /// The tiles covering the map (allocated or not).
    pub fn tiles_total(&self) -> usize {
        self.width.div_ceil(TILE_SIDE) as usize * self.height.div_ceil(TILE_SIDE) as usize
    }

    /// The bytes of one tile.
    pub const TILE_BYTES: usize = std::mem::size_of::<Tile>();

    fn index(&self, p: Pos) -> usize {
        p.row_major(self.width)
    }

    fn address_checked(&self, p: Pos) -> Option<u32> {
        ((p.x as u32) < self.width && (p.y as u32) < self.height).then(|| self.cells.address(p))
    }

    fn g(&self, p: Pos) -> Cost {
        self.cells.get(self.cells.address(p)).g
    }

    fn h(&self, a: Pos, b: Pos) -> Cost {
        self.connectivity.heuristic(self.floor, a, b)
    }

    fn key(&self, p: Pos, a: u32) -> Key {
        let c = self.cells.get(a);
        let m = c.g.min(c.rhs);
        (
            m.saturating_add(self.h(self.start, p))
                .saturating_add(self.km),
            m,
        )
    }

    /// The heap is never compacted below this many entries: a quarter of
    /// the cells of the tiles allocated (so a rebuild, a pass over every
    /// touched cell, comes only after that many pushes), and at least
    /// 1,024. Tied to the touched cells, not the map's, so that the queue
    /// too stays proportional to what the search touched.
    fn compact_floor(touched_cells: usize) -> usize {
        (touched_cells / 4).max(1024)
    }

    /// Queues cell `p` (address `a`) with `key`. Entries are deleted lazily
    /// (a cell re-keyed or made consistent leaves its old entry behind,
    /// skipped by [`DStarLite::top`]), so in a long game stale entries
    /// would pile up without bound; when the heap reaches `compact_at` it
    /// is rebuilt from the live entries alone. Pops come in the order of
    /// the entries' values `(key, cell)`, never of insertion, so this
    /// changes no result.
    fn enqueue(&mut self, p: Pos, a: u32, key: Key) {
        debug_assert!(key != NOT_QUEUED);
        self.cells.get_mut(a).key = key;
        self.heap.push(Reverse((key, self.index(p) as u32, a)));
        if self.heap.len() >= self.compact_at {
            let w = self.width as usize;
            let cells = &self.cells;
            let live: Vec<Entry> = cells
                .queued()
                .map(|(k, a)| {
                    let p = cells.pos(a);
                    Reverse((k, p.row_major(w as u32) as u32, a))
                })
                .collect();
            self.compact_at =
                (2 * live.len()).max(Self::compact_floor(self.cells.allocated * TILE_CELLS));
            self.heap = BinaryHeap::from(live);
        }
    }

    /// Entries in the heap, stale ones included (for tests of its bound).
    pub fn heap_len(&self) -> usize {
        self.heap.len()
    }

    /// Cells queued (live entries).
    pub fn queued_len(&self) -> usize {
        self.cells.queued().count()
    }

    /// The smallest live entry of the queue: its key, index and address.
    fn top(&mut self) -> Option<(Key, usize, u32)> {
        while let Some(&Reverse((key, i, a))) = self.heap.peek() {
            if self.cells.get(a).key == key {
                return Some((key, i as usize, a));
            }
            self.heap.pop(); // Superseded or removed.
        }
        None
    }

    fn update_vertex(&mut self, p: Pos, a: u32) {
        let c = *self.cells.get(a);
        if c.g != c.rhs {
            let key = self.key(p, a);
            if c.key != key {
                self.enqueue(p, a, key);
            }
        } else {
            self.cells.unqueue(a);
        }
    }

    /// min over successors s' of c(p, s') + g(s').
    fn lookahead<M: CostMap + ?Sized>(&self, map: &M, p: Pos) -> Cost {
        self.best_successor(map, p).map_or(UNREACHED, |(_, c)| c)
    }

    fn best_successor<M: CostMap + ?Sized>(&self, map: &M, p: Pos) -> Option<(Pos, Cost)> {
        let mut best: Option<(Pos, Cost)> = None;
        let steps = neighbours(map, p, self.index(p), self.connectivity);
        for k in 0..steps.len() {
            let n = steps.get(k);
            let total = n.cost.saturating_add(self.g(n.to));
            if total != UNREACHED && best.is_none_or(|(_, b)| total < b) {
                best = Some((n.to, total));
            }
        }
        best
    }

    /// The legal steps out of `u` (row-major index `ui`); by the `CostMap`
    /// contract (legality is symmetric, and a diagonal's two corners are
    /// the same cells from either end) these are exactly `u`'s
    /// predecessors.
    fn around<M: CostMap + ?Sized>(&self, map: &M, u: Pos, ui: usize) -> Neighbours {
        neighbours(map, u, ui, self.connectivity)
    }

    fn compute<M: CostMap + ?Sized>(&mut self, map: &M) {
        let start = self.start;
        let Some(sa) = self.address_checked(start) else {
            return;
        };
        while let Some((k_old, ui, ua)) = self.top() {
            let s = *self.cells.get(sa);
            if k_old >= self.key(start, sa) && s.rhs <= s.g {
                break;
            }
            let u = self.cells.pos(ua);
            let k_new = self.key(u, ua);
            let cu = *self.cells.get(ua);
            if k_old < k_new {
                self.enqueue(u, ua, k_new);
            } else if cu.g > cu.rhs {
                self.expanded += 1;
                let gu = cu.rhs;
                let c = self.cells.get_mut(ua);
                c.g = gu;
                c.key = NOT_QUEUED;
                let around = self.around(map, u, ui);
                for k in 0..around.len() {
                    let n = around.get(k);
                    if n.to != self.goal {
                        let na = self.cells.address(n.to);
                        let c = cost_into(map, (n.to, n.to_index), (u, ui), n.dir);
                        let rhs = self.cells.get(na).rhs.min(c.saturating_add(gu));
                        self.cells.set_rhs(na, rhs);
                        self.update_vertex(n.to, na);
                    }
                }
            } else {
                self.expanded += 1;
                let g_old = cu.g;
                self.cells.get_mut(ua).g = UNREACHED;
                let around = self.around(map, u, ui);
                for k in 0..around.len() {
                    let n = around.get(k);
                    let na = self.cells.address(n.to);
                    let c = cost_into(map, (n.to, n.to_index), (u, ui), n.dir);
                    if n.to != self.goal && self.cells.get(na).rhs == c.saturating_add(g_old) {
                        let rhs = self.lookahead(map, n.to);
                        self.cells.set_rhs(na, rhs);
                    }
                    self.update_vertex(n.to, na);
                }
                if u != self.goal {
                    let rhs = self.lookahead(map, u);
                    self.cells.set_rhs(ua, rhs);
                }
                self.update_vertex(u, ua);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid_map::GridMap;

    /// Addresses turn back into the cells they came from, on maps whose
    /// sides are and are not multiples of the tile side, and distinct
    /// cells get distinct addresses.
    #[test]
    fn addresses_round_trip() {
        for (w, h) in [(1, 1), (17, 33), (16, 16), (80, 40), (100, 3)] {
            let tiles = Tiles::new(w, h).unwrap();
            let mut seen = std::collections::BTreeSet::new();
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    let p = Pos::new(x, y);
                    let a = tiles.address(p);
                    assert_eq!(tiles.pos(a), p, "{w}x{h}");
                    assert!((a as usize >> 8) < tiles.directory.len());
                    assert!(seen.insert(a));
                }
            }
        }
        let tiles = Tiles::new(4096, 4096).unwrap();
        let corner = Pos::new(4095, 4095);
        assert_eq!(tiles.pos(tiles.address(corner)), corner);
        assert_eq!(tiles.directory.len(), 256 * 256);
    }

    /// A map past what the tiles can address is refused with a typed
    /// error by `try_new` (and `new` panics saying so), before anything
    /// is allocated.
    #[test]
    fn a_map_too_large_to_address_is_refused() {
        struct Huge(u32, u32);
        impl CostMap for Huge {
            fn width(&self) -> u32 {
                self.0
            }
            fn height(&self) -> u32 {
                self.1
            }
            fn step_cost(&self, _: crate::Step) -> Option<Cost> {
                None
            }
            fn cheapest_steps(&self) -> StepCosts {
                StepCosts::UNIT
            }
        }
        let (a, b) = (Pos::new(0, 0), Pos::new(1, 1));
        for (w, h) in [(65537, 65536), (65536, 65537), (16, 1 << 29), (1 << 29, 16)] {
            let refused =
                DStarLite::try_new(&Huge(w, h), a, b, Connectivity::Eight, StepCosts::UNIT);
            assert_eq!(
                refused.err(),
                Some(DStarError::TooLarge {
                    width: w,
                    height: h
                })
            );
        }
    }

    /// Reads never allocate; writes allocate their tile once; taking an
    /// untouched cell off the queue or giving it its own rhs allocates
    /// nothing.
    #[test]
    fn tiles_are_allocated_on_first_write_only() {
        let mut tiles = Tiles::new(100, 100).unwrap();
        let a = tiles.address(Pos::new(50, 70));
        assert_eq!(*tiles.get(a), UNTOUCHED);
        tiles.unqueue(a);
        tiles.set_rhs(a, UNREACHED);
        assert_eq!(tiles.allocated, 0);
        tiles.set_rhs(a, 7);
        tiles.get_mut(tiles.address(Pos::new(63, 79))).g = 3; // same tile
        assert_eq!(tiles.allocated, 1);
        assert_eq!(tiles.get(a).rhs, 7);
        assert_eq!(*tiles.get(tiles.address(Pos::new(49, 70))), UNTOUCHED);
        assert_eq!(tiles.bytes(), 8192 + tiles.directory.capacity() * 8);
    }

    /// A discovery far from everything the search reached changes nothing
    /// it knows and so allocates nothing; one on its path is repaired.
    #[test]
    fn far_changes_touch_no_tile() {
        let mut k = GridMap::new(512, 512);
        let (s, g) = (Pos::new(10, 10), Pos::new(40, 10));
        let mut d = DStarLite::new(&k, s, g, Connectivity::Eight, k.cheapest_steps());
        let before = d.tiles_touched();
        let bytes = d.memory_bytes();
        let far = Pos::new(400, 400);
        k.set(far, None);
        d.cells_changed(&k, &[far]);
        assert_eq!(d.tiles_touched(), before);
        assert_eq!(d.memory_bytes(), bytes);
        let near = Pos::new(25, 10);
        k.set(near, None);
        d.cells_changed(&k, &[near]);
        let path = d.path(&k).unwrap();
        assert!(!path.contains(&near));
        assert!(d.tiles_touched() < 16, "{} tiles", d.tiles_touched());
    }
}
