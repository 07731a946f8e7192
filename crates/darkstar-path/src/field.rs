//! Shared fields: one search toward one target that serves every unit
//! heading there. For any cell it gives the exact optimal cost to the
//! target over a [`CostMap`] (a faction's knowledge of the map,
//! typically: see the `darkstar-fog` crate) and the next step
//! of an optimal route, so a thousand monsters of a faction share one
//! search instead of running a thousand.
//!
//! The algorithm:
//! - **Backward search from the target**, as in Silver's Reverse Resumable
//!   A* ("Cooperative Pathfinding", AIIDE 2005): the field value of a cell
//!   `c` is `v(c) = min over legal steps c->n of cost(c->n) + v(n)`, with
//!   `v(target) = 0`. Relaxing backward from a cell `u` asks the map for the
//!   cost of the step *from* the neighbour *into* `u` (costs depend on the
//!   entered cell, legality is symmetric), so values are exactly forward
//!   path costs.
//! - **Lazy growth**, RRA* generalised to many starts: the search is only
//!   run until the cell asked about is settled, then paused; the next
//!   question resumes it where it stopped. A cell near the target costs a
//!   few expansions, not a whole-map Dijkstra. The heuristic is zero (the
//!   queries come from many monsters in every direction), which keeps the
//!   search exact after any change of costs and needs no `km` correction.
//! - **Incremental repair**, Koenig and Likhachev's Lifelong Planning A*
//!   (Koenig, Likhachev and Furcy, "Lifelong Planning A*", AIJ 2004) as
//!   used backward by D* Lite (AAAI 2002): each cell keeps `g` (its value
//!   as last expanded) and `rhs` (the one-step lookahead over its
//!   neighbours' `g`). When costs around some cells change,
//!   [`Field::cells_changed`] recomputes `rhs` of those cells and their
//!   eight neighbours and queues the inconsistent ones; the next queries
//!   propagate the change only as far as it matters to them. Nothing is
//!   ever recomputed from scratch.
//!
//! A cell's value is final when it is locally consistent (`g == rhs`) and
//! its key `min(g, rhs)` is at most the queue's top key: every cell that
//! could still lower or raise it would have to come off the queue first.
//! When it is final, its best neighbours are final too (their values are
//! strictly lower), so [`Field::next_step`] reads eight neighbours, O(1).
//! An unreachable cell is only known to be one when the queue is empty,
//! i.e. after the whole component of the target has been searched; use
//! [`Field::value_within`] to bound that work per call.
//!
//! Determinism: neighbours in [`Dir`] order, the queue ordered by
//! `(key, cell index)` (never by insertion), ties of [`Field::next_step`]
//! to the cheapest step, then the first direction. No hashing anywhere.
//!
//! The queue is an indexed 4-ary heap (`KeyedHeap`): a cell is in it at
//! most once and is re-keyed in place, so no superseded entries pile up
//! (LPA* re-keys cells all the time; a lazily deleted heap spent most of
//! its time popping dead entries).
//!
//! Memory: 28 bytes per cell (`g`, `rhs` and the queued key, `u64` each,
//! and the cell's place in the heap, `u32`), plus 16 bytes per cell
//! queued.

use super::chunks::Chunks;
use super::keyed_heap::KeyedHeap;
use super::rebuild::{How, Logged, Rebuild};
use super::{Connectivity, CostMap, EntryCosts, cost_into, neighbours};
use crate::cost::{Cost, UNREACHED};
use crate::geom::{Dir, Pos};

/// Sentinel of [`Field::queued`]: the cell is not on the queue. A queued
/// cell is inconsistent, so one of `g`, `rhs` is finite and its key is
/// never this.
const NOT_QUEUED: Cost = Cost::MAX;

/// A field query ran out of its expansion budget before the cell's value
/// was final. The search keeps its progress: ask again (this turn or a
/// later one) to resume it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Unsettled;

/// The cost from every cell to one target, and the way there, grown
/// lazily and repaired incrementally (see the [module docs](self)).
///
/// ```
/// use darkstar_path::geom::Pos;
/// use darkstar_path::{Connectivity, Field, GridMap};
///
/// let mut known = GridMap::new(40, 40);
/// let target = Pos::new(20, 20);
/// let mut field = Field::new(&known, target, Connectivity::Eight);
/// // Two straight floor steps away: grown just far enough to know that.
/// let two = field.value(&known, Pos::new(22, 20)).unwrap();
/// assert!(field.expanded() < 100);
/// assert_eq!(field.next_step(&known, Pos::new(22, 20)), Some(Pos::new(21, 20)));
///
/// // A wall is learnt on the way: repair, and the same question is
/// // answered by the next step around it.
/// known.set(Pos::new(21, 20), None);
/// let before = field.version();
/// field.cells_changed(&known, &[Pos::new(21, 20)]);
/// assert!(field.version() > before);
/// assert!(field.value(&known, Pos::new(22, 20)).unwrap() > two);
/// assert_ne!(field.next_step(&known, Pos::new(22, 20)), Some(Pos::new(21, 20)));
/// ```
#[derive(Clone, Debug)]
pub struct Field {
    width: u32,
    height: u32,
    connectivity: Connectivity,
    target: Pos,
    /// Each cell's value as last expanded.
    g: Vec<Cost>,
    /// Each cell's one-step lookahead: `min cost(c->n) + g(n)` (0 at the
    /// target).
    rhs: Vec<Cost>,
    /// The key each queued cell is queued under ([`NOT_QUEUED`]: none).
    queued: Vec<Cost>,
    heap: KeyedHeap,
    /// Every cell whose `g`, `rhs` or queued key is not the unreached
    /// one lies in one of these chunks (marked as cells are queued, see
    /// `enqueue`), so a rebuild resets and installs only these.
    touched: Chunks,
    /// The chunks touched before the rebuild under way (kept between
    /// rebuilds for its buffer).
    was: Chunks,
    /// Cells the last rebuild settled: when that was a good part of the
    /// map, the next is installed over the whole map without marking
    /// chunks (which costs the fresh search a store a cell).
    last_settled: u64,
    expanded: u64,
    version: u64,
}

impl Field {
    /// A field toward `target` on `map`, not grown yet (nothing is
    /// searched until a cell is asked about). A target off the map makes
    /// every cell unreachable.
    pub fn new<M: CostMap + ?Sized>(map: &M, target: Pos, connectivity: Connectivity) -> Field {
        let len = map.width() as usize * map.height() as usize;
        let mut field = Field {
            width: map.width(),
            height: map.height(),
            connectivity,
            target,
            g: vec![UNREACHED; len],
            rhs: vec![UNREACHED; len],
            queued: vec![NOT_QUEUED; len],
            heap: KeyedHeap::new(len),
            touched: Chunks::default(),
            was: Chunks::default(),
            last_settled: 0,
            expanded: 0,
            version: 0,
        };
        field.touched.reset(len);
        if let Some(ti) = field.index_checked(target) {
            field.rhs[ti] = 0;
            field.enqueue(ti, 0);
        }
        field
    }

    /// The cell every route leads to.
    pub fn target(&self) -> Pos {
        self.target
    }

    /// King or rook moves.
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// Cells expanded (taken off the queue and settled or raised) since the
    /// field was made: what callers charge to a per-turn budget, by the
    /// difference over a call.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// How many repairs changed the field: a caller that remembers the
    /// version it last read at can skip re-reading when it is unchanged.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Bytes the field holds: per cell `g`, `rhs` and queued key (24), plus
    /// the heap's allocation and the two sets of touched chunks (a byte
    /// per 64 cells each).
    pub fn memory_bytes(&self) -> usize {
        let cell = std::mem::size_of::<Cost>();
        3 * cell * self.g.len()
            + self.heap.memory_bytes()
            + self.touched.memory_bytes()
            + self.was.memory_bytes()
    }

    /// Each cell's `g`, `rhs` and queued key (`u64::MAX`: not queued), in
    /// row-major order: the field's whole state but for the heap's stale
    /// entries (for a game's state hash).
    pub fn cells(&self) -> [&[Cost]; 3] {
        [&self.g, &self.rhs, &self.queued]
    }

    /// Entries in the heap (one per queued cell: nothing goes stale).
    pub fn heap_len(&self) -> usize {
        self.heap.len()
    }

    /// Cells queued (live entries).
    pub fn queued_len(&self) -> usize {
        self.queued.iter().filter(|&&k| k != NOT_QUEUED).count()
    }

    /// The optimal cost from `cell` to the target over `map`, or `None` if
    /// there is no route (or `cell` is off the map). Resumes the search
    /// until the value is final; O(1) when it already is. `map` must be
    /// the map the field was made and repaired on.
    /// It is counted in units of [`STRAIGHT`](crate::cost::STRAIGHT): 470,832 a
    /// straight step onto a cell of factor 1, [`DIAGONAL`](crate::cost::DIAGONAL)
    /// (665,857) a diagonal one; [`to_tiles`](crate::cost::to_tiles) gives tiles.
    pub fn value<M: CostMap + ?Sized>(&mut self, map: &M, cell: Pos) -> Option<Cost> {
        self.value_within(map, cell, u64::MAX)
            .expect("an unbounded search always settles")
    }

    /// [`Field::value`], expanding at most `budget` cells in this call;
    /// `Err(Unsettled)` when the budget ran out first (progress is kept).
    pub fn value_within<M: CostMap + ?Sized>(
        &mut self,
        map: &M,
        cell: Pos,
        budget: u64,
    ) -> Result<Option<Cost>, Unsettled> {
        let Some(i) = self.index_checked(cell) else {
            return Ok(None);
        };
        self.settle(map, i, budget)?;
        Ok(Some(self.g[i]).filter(|&v| v != UNREACHED))
    }

    /// Grows the field until every cell worth less than `below` is
    /// final: afterwards [`Field::raw_value`] is exact wherever it is below
    /// `below`, and every cell whose optimal cost is below `below` has it
    /// (a cell queued would have a key under `below`, under the queue's
    /// top). For reading a neighbourhood of values at once, as a way
    /// round units back onto the field does.
    ///
    /// ```
    /// use darkstar_path::geom::Pos;
    /// use darkstar_path::{Connectivity, Field, GridMap};
    ///
    /// let known = GridMap::new(30, 30);
    /// let mut field = Field::new(&known, Pos::new(0, 0), Connectivity::Eight);
    /// let three = 3 * field.value(&known, Pos::new(1, 0)).unwrap();
    /// field.settle_below(&known, three);
    /// for x in 0..30 {
    ///     for y in 0..30 {
    ///         let p = Pos::new(x, y);
    ///         if let Some(v) = field.raw_value(p).filter(|&v| v < three) {
    ///             assert_eq!(field.settled_value(p), Some(Some(v)));
    ///         }
    ///     }
    /// }
    /// // Two straight steps from the target: below three, so final.
    /// assert_eq!(field.settled_value(Pos::new(2, 0)), Some(Some(2 * three / 3)));
    /// ```
    pub fn settle_below<M: CostMap + ?Sized>(&mut self, map: &M, below: Cost) {
        while self.top().is_some_and(|(key, _)| key < below) {
            self.expand_top(map);
        }
    }

    /// The value of `cell` if it is final already, without searching:
    /// `Some(Some(cost))`, `Some(None)` for a cell known unreachable, `None`
    /// when the field has not settled it (yet, or since a repair).
    pub fn settled_value(&self, cell: Pos) -> Option<Option<Cost>> {
        let i = self.index_checked(cell)?;
        self.is_settled(i)
            .then(|| Some(self.g[i]).filter(|&v| v != UNREACHED))
    }

    /// The step to take from `cell` on an optimal route to the target: the
    /// neighbour minimising step cost plus its value (on ties, the cheaper
    /// step, then the first in direction order). `None` at the target and
    /// where there is no route.
    pub fn next_step<M: CostMap + ?Sized>(&mut self, map: &M, cell: Pos) -> Option<Pos> {
        self.next_step_within(map, cell, u64::MAX)
            .expect("an unbounded search always settles")
    }

    /// [`Field::next_step`], expanding at most `budget` cells in this call.
    pub fn next_step_within<M: CostMap + ?Sized>(
        &mut self,
        map: &M,
        cell: Pos,
        budget: u64,
    ) -> Result<Option<Pos>, Unsettled> {
        if self.value_within(map, cell, budget)?.is_none() || cell == self.target {
            return Ok(None);
        }
        // `cell` is final and consistent, so the minimum below is its value
        // and every neighbour attaining it is final (its key is lower).
        Ok(self.best_successor(map, cell).map(|(p, _, _)| p))
    }

    /// Points the field at a new `target`, forgetting everything but its
    /// allocations (a hunter's target moves with the player it saw: the
    /// cells' buffers are reused rather than allocated afresh). Counts as
    /// a change of [`Field::version`]; [`Field::expanded`] keeps counting.
    pub fn retarget<M: CostMap + ?Sized>(&mut self, map: &M, target: Pos) {
        debug_assert_eq!(
            (map.width(), map.height()),
            (self.width, self.height),
            "a field is retargeted on the map it was made for"
        );
        self.g.fill(UNREACHED);
        self.rhs.fill(UNREACHED);
        self.queued.fill(NOT_QUEUED);
        self.heap.clear();
        self.touched.reset(self.g.len());
        self.target = target;
        self.version += 1;
        if let Some(ti) = self.index_checked(target) {
            self.rhs[ti] = 0;
            self.enqueue(ti, 0);
        }
    }

    /// Throws the field's state away and grows it afresh toward its target
    /// until every cell of `readers` is settled (or the target's component
    /// is exhausted), by the fast backward Dijkstra of
    /// [`rebuild`](super::rebuild) over `map`, with `scratch`'s buffers
    /// (reused from call to call; one serves any number of fields). For a
    /// turn on which a faction learnt so much that repairing would cost
    /// more than growing again.
    ///
    /// Its cost follows the cells reached, not the map: the state thrown
    /// away is reset only in the chunks of 64 cells the field had
    /// touched, and the new one installed only in those the search
    /// reached (when the last rebuild settled a quarter of the map or
    /// more, the whole map is installed instead, which spares the search
    /// marking its chunks).
    ///
    /// The result is installed as an LPA* state, so that queries, lazy
    /// growth and repairs ([`Field::cells_changed`]) go on from it exactly
    /// as from a field grown by LPA*: the cells settled (every reachable
    /// cell, or exactly those of value below a bound at most one cheapest
    /// step above the largest reader's value) have `g = rhs =` their value
    /// and are not queued; the frontier (reached, not settled) has `g`
    /// unreached and `rhs` its tentative value (the one-step lookahead
    /// over the settled cells), and is queued under it; every other cell
    /// is unreached. Values are exact, so every answer ([`Field::value`],
    /// [`Field::next_step`], [`Field::descents`] of a settled cell) equals
    /// a grown field's. (The difference from a field grown by LPA* to the
    /// same readers: LPA* stops as soon as the last reader is settled,
    /// this search at the end of a bucket of values, so some more cells
    /// are settled, and `g` of the cells past the last reader's value may
    /// differ, which only [`Field::raw_value`], [`Field::route`] and
    /// [`Field::cells`] show.)
    ///
    /// Counts as a change of [`Field::version`], like
    /// [`Field::retarget`]; the cells settled are added to
    /// [`Field::expanded`], one each (what LPA* would have expanded to
    /// settle them). Where `map` does not fit the fast search's arrays
    /// (see [`rebuild`](super::rebuild)), the field is grown by LPA*
    /// instead, with the same result.
    ///
    /// # Panics
    ///
    /// When `map` is not of the size the field was made for.
    ///
    /// ```
    /// use darkstar_path::geom::Pos;
    /// use darkstar_path::{Connectivity, Field, GridMap, Rebuild};
    ///
    /// let known = GridMap::new(40, 40);
    /// let mut field = Field::new(&known, Pos::new(20, 20), Connectivity::Eight);
    /// let mut scratch = Rebuild::new();
    /// let reader = Pos::new(30, 25);
    /// field.rebuild(&known, &[reader], &mut scratch);
    /// assert!(field.settled_value(reader).is_some(), "no search needed");
    /// let mut grown = Field::new(&known, Pos::new(20, 20), Connectivity::Eight);
    /// assert_eq!(field.value(&known, reader), grown.value(&known, reader));
    /// assert_eq!(field.value(&known, Pos::new(0, 0)), grown.value(&known, Pos::new(0, 0)));
    /// ```
    pub fn rebuild<M: EntryCosts + ?Sized>(
        &mut self,
        map: &M,
        readers: &[Pos],
        scratch: &mut Rebuild,
    ) {
        self.rebuild_logged(map, readers, scratch, None);
    }

    /// [`Field::rebuild`] over a map whose changes are logged: with
    /// `logged`, `scratch` reads again only the cells logged since the
    /// map it last read (when it read one with a mark), in proportion to
    /// what changed instead of to the map. The same field either way.
    pub fn rebuild_logged<M: EntryCosts + ?Sized>(
        &mut self,
        map: &M,
        readers: &[Pos],
        scratch: &mut Rebuild,
        logged: Option<Logged<'_>>,
    ) {
        assert_eq!(
            (map.width(), map.height()),
            (self.width, self.height),
            "Field::rebuild: a field is rebuilt on a map of the size it was made for"
        );
        self.version += 1;
        // Only queued cells have a queued key: taking them out leaves
        // `queued` all NOT_QUEUED without a pass over the map.
        let queued = &mut self.queued;
        self.heap.clear_each(|i| queued[i] = NOT_QUEUED);
        debug_assert!(self.queued.iter().all(|&k| k == NOT_QUEUED));
        // The fresh search needs `rhs` unreached everywhere: only the
        // chunks touched can hold anything else. Their `g` is reset once
        // the chunks the search reaches are known (those it installs).
        let cells = self.g.len();
        let mark_chunks = self.last_settled.saturating_mul(4) <= cells as u64;
        std::mem::swap(&mut self.touched, &mut self.was);
        self.touched.reset(cells);
        for r in self.was.ranges(cells) {
            self.rhs[r].fill(UNREACHED);
        }
        let how = How {
            logged,
            mark_chunks,
        };
        let grown = self
            .index_checked(self.target)
            .and_then(|ti| scratch.grow(map, ti, readers, self.connectivity, &mut self.rhs, how));
        let Some(grown) = grown else {
            for r in self.was.ranges(cells) {
                self.g[r].fill(UNREACHED);
            }
            if let Some(ti) = self.index_checked(self.target) {
                // Too large for the fast search's arrays: grow by LPA*.
                self.rhs[ti] = 0;
                self.enqueue(ti, 0);
                for &r in readers {
                    self.value(map, r);
                }
            }
            return;
        };
        self.expanded += grown.settled;
        self.last_settled = grown.settled;
        let bound = grown.bound;
        if mark_chunks {
            self.touched.union_with(scratch.settled());
            for &u in scratch.frontier() {
                self.touched.mark(u as usize);
            }
        } else {
            self.touched.fill(cells);
        }
        for r in self.was.ranges_not_in(&self.touched, cells) {
            self.g[r].fill(UNREACHED);
        }
        // Below the bound a cell is settled (g is its value), at or above
        // it is on the frontier (queued under its value; `queued` is
        // NOT_QUEUED everywhere else already), or unreached.
        for r in self.touched.ranges(cells) {
            for (g, &rhs) in self.g[r.clone()].iter_mut().zip(&self.rhs[r]) {
                *g = if rhs < bound { rhs } else { UNREACHED };
            }
        }
        for &u in scratch.frontier() {
            let (i, rhs) = (u as usize, self.rhs[u as usize]);
            self.queued[i] = rhs;
            self.heap.set(i, rhs);
        }
    }

    /// The value `cell` had when last expanded, without searching (`None`:
    /// never reached, or off the map). Exact where the cell is settled;
    /// for drawing, elsewhere.
    pub fn raw_value(&self, cell: Pos) -> Option<Cost> {
        let i = self.index_checked(cell)?;
        Some(self.g[i]).filter(|&v| v != UNREACHED)
    }

    /// The legal steps out of `cell` into neighbours whose value is below
    /// `below` (the value of `cell`, once settled): `(neighbour, step
    /// cost, step cost + its value)`, in direction order, at most eight.
    /// Every such neighbour is settled (its key is below any queued one),
    /// so each is a step that makes progress toward the target, and those
    /// whose total equals `below` are exactly the optimal steps. What
    /// local steering chooses among.
    pub fn descents<M: CostMap + ?Sized>(&self, map: &M, cell: Pos, below: Cost) -> Descents {
        let mut out = Descents::default();
        let Some(i) = self.index_checked(cell) else {
            return out;
        };
        let steps = neighbours(map, cell, i, self.connectivity);
        for k in 0..steps.len() {
            let n = steps.get(k);
            let g = self.g[n.to_index];
            if g < below {
                out.items[out.len] = (n.to, n.cost, n.cost.saturating_add(g));
                out.len += 1;
            }
        }
        out
    }

    /// The route from `from` as the field stands, without searching: each
    /// step to the best neighbour by value, while values fall, for at most
    /// `max` steps (the whole route where the cells are settled; for
    /// drawing a monster's route off the field).
    pub fn route<M: CostMap + ?Sized>(&self, map: &M, from: Pos, max: usize) -> Vec<Pos> {
        let mut out = vec![from];
        let mut at = from;
        let Some(mut v) = self.raw_value(from) else {
            return out;
        };
        while out.len() <= max && at != self.target {
            let Some((next, _, _)) = self.best_successor(map, at) else {
                break;
            };
            match self.raw_value(next) {
                Some(nv) if nv < v => (at, v) = (next, nv),
                _ => break,
            }
            out.push(at);
        }
        out
    }

    /// Costs around `cells` changed on `map` (a wall learnt, terrain
    /// learnt, danger added or decayed): repairs the field. Steps into, out
    /// of and diagonally past each cell may have changed, so the cell and
    /// its eight neighbours get their lookahead recomputed; the work of
    /// propagating it is left to the next queries.
    pub fn cells_changed<M: CostMap + ?Sized>(&mut self, map: &M, cells: &[Pos]) {
        if cells.is_empty() {
            return;
        }
        self.version += 1;
        for &c in cells {
            for p in std::iter::once(c).chain(Dir::ALL.map(|d| c.step(d))) {
                if let Some(i) = self.index_checked(p)
                    && p != self.target
                {
                    self.rhs[i] = self.lookahead(map, p);
                    self.update_vertex(i);
                }
            }
        }
    }

    /// Runs the search until cell `i` is final or `budget` expansions were
    /// made.
    fn settle<M: CostMap + ?Sized>(
        &mut self,
        map: &M,
        i: usize,
        budget: u64,
    ) -> Result<(), Unsettled> {
        let mut spent = 0;
        while !self.is_settled(i) {
            if spent >= budget {
                return Err(Unsettled);
            }
            spent += 1;
            self.expand_top(map);
        }
        Ok(())
    }

    /// Whether cell `i`'s value is final: consistent, and no queued cell
    /// has a lower key.
    fn is_settled(&self, i: usize) -> bool {
        if self.g[i] != self.rhs[i] {
            return false;
        }
        match self.top() {
            None => true,
            Some((top, _)) => self.g[i] <= top,
        }
    }

    /// Takes the top cell off the queue and expands it (LPA*'s
    /// ComputeShortestPath body, backward, with a zero heuristic). The
    /// queue must not be empty.
    fn expand_top<M: CostMap + ?Sized>(&mut self, map: &M) {
        let Some((_, ui)) = self.top() else {
            return;
        };
        self.expanded += 1;
        self.queued[ui] = NOT_QUEUED;
        self.heap.remove(ui);
        let u = self.pos(ui);
        let around = neighbours(map, u, ui, self.connectivity);
        if self.g[ui] > self.rhs[ui] {
            // Overconsistent: its value drops to rhs; neighbours may now
            // route through it.
            self.g[ui] = self.rhs[ui];
            let gu = self.g[ui];
            for k in 0..around.len() {
                let n = around.get(k);
                if n.to != self.target {
                    let c = cost_into(map, (n.to, n.to_index), (u, ui), n.dir);
                    let via = c.saturating_add(gu);
                    if via < self.rhs[n.to_index] {
                        self.rhs[n.to_index] = via;
                        self.update_vertex(n.to_index);
                    }
                }
            }
        } else {
            // Underconsistent: its value rose; neighbours that routed
            // through it look again, and so does it.
            let g_old = self.g[ui];
            self.g[ui] = UNREACHED;
            for k in 0..around.len() {
                let n = around.get(k);
                if n.to != self.target {
                    let c = cost_into(map, (n.to, n.to_index), (u, ui), n.dir);
                    if self.rhs[n.to_index] == c.saturating_add(g_old) {
                        self.rhs[n.to_index] = self.lookahead(map, n.to);
                        self.update_vertex(n.to_index);
                    }
                }
            }
            if u != self.target {
                self.rhs[ui] = self.lookahead(map, u);
            }
            self.update_vertex(ui);
        }
    }

    /// Queues cell `i` if it is inconsistent (under its current key), or
    /// takes it off the queue if consistent.
    fn update_vertex(&mut self, i: usize) {
        if self.g[i] != self.rhs[i] {
            let key = self.g[i].min(self.rhs[i]);
            if self.queued[i] != key {
                self.enqueue(i, key);
            }
        } else if self.queued[i] != NOT_QUEUED {
            self.queued[i] = NOT_QUEUED;
            self.heap.remove(i);
        }
    }

    /// min over legal steps p->n of cost(p->n) + g(n).
    fn lookahead<M: CostMap + ?Sized>(&self, map: &M, p: Pos) -> Cost {
        self.best_successor(map, p).map_or(UNREACHED, |(_, _, c)| c)
    }

    /// The neighbour of `p` minimising step cost plus `g`, with that step's
    /// cost and the total; ties to the cheaper step, then the first
    /// direction.
    fn best_successor<M: CostMap + ?Sized>(&self, map: &M, p: Pos) -> Option<(Pos, Cost, Cost)> {
        let mut best: Option<(Pos, Cost, Cost)> = None;
        let steps = neighbours(map, p, self.index(p), self.connectivity);
        for k in 0..steps.len() {
            let n = steps.get(k);
            let total = n.cost.saturating_add(self.g[n.to_index]);
            if total != UNREACHED && best.is_none_or(|(_, bc, bt)| (total, n.cost) < (bt, bc)) {
                best = Some((n.to, n.cost, total));
            }
        }
        best
    }

    /// Queues cell `i` with `key` (re-keying it if it is queued).
    fn enqueue(&mut self, i: usize, key: Cost) {
        // A cell leaves the unreached state only through here: a finite
        // `rhs` with an unreached `g` is inconsistent, so queued; and `g`
        // becomes finite only as a queued cell is expanded (a rebuild's
        // install marks its own).
        self.touched.mark(i);
        self.queued[i] = key;
        self.heap.set(i, key);
    }

    /// The smallest entry of the queue: `(key, cell index)`.
    #[inline]
    fn top(&self) -> Option<(Cost, usize)> {
        self.heap.peek()
    }

    fn index(&self, p: Pos) -> usize {
        p.row_major(self.width)
    }

    fn index_checked(&self, p: Pos) -> Option<usize> {
        ((p.x as u32) < self.width && (p.y as u32) < self.height).then(|| self.index(p))
    }

    fn pos(&self, i: usize) -> Pos {
        Pos::from_row_major(i, self.width)
    }

    /// Takes one cell off the queue and expands it, exactly as a query's
    /// search would next: the cell and its value after the expansion
    /// (`UNREACHED` when it was raised). `None` when the queue is empty.
    /// For recording the field's search step by step (the search
    /// inspector's `FieldTrace`); queries never need it.
    #[cfg(feature = "trace")]
    pub(crate) fn expand_one<M: CostMap + ?Sized>(&mut self, map: &M) -> Option<(Pos, Cost)> {
        let (_, i) = self.top()?;
        self.expand_top(map);
        Some((self.pos(i), self.g[i]))
    }
}

/// The downhill steps out of a cell (see [`Field::descents`]), inline.
#[derive(Copy, Clone, Debug)]
pub struct Descents {
    items: [(Pos, Cost, Cost); 8],
    len: usize,
}

impl Default for Descents {
    fn default() -> Self {
        Descents {
            items: [(Pos::new(0, 0), 0, 0); 8],
            len: 0,
        }
    }
}

impl Descents {
    /// `(neighbour, step cost, step cost + its value)` of each.
    pub fn as_slice(&self) -> &[(Pos, Cost, Cost)] {
        &self.items[..self.len]
    }
}
