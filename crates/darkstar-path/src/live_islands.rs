//! Islands kept up to date as cells close and open, at a cost in proportion
//! to what changed rather than to the map: for a unit that learns its map
//! a few walls at a time, recomputing [`Islands`] over the whole map every
//! few turns costs far more than its searches.
//!
//! The islands are those of eight-way moves without corner cutting, or of
//! four-way moves: the same islands, since a diagonal step without corner
//! cutting joins two cells already joined through both cells beside it.
//! Closing a cell can split its island. Which pieces it falls into is
//! found by breadth-first searches from the open cells around it, one per
//! side, run in lockstep: searches that meet are one piece, and the
//! searching stops as soon as all but one piece are used up, so the cost
//! is that of the pieces split off, never of the big piece that stays. A
//! look at the eight cells around first settles the common case (the
//! neighbours are joined right beside the cell) without searching at all.
//! Opening a cell joins the islands around it; the smaller are relabelled
//! into the largest.

use super::EntryCosts;
use crate::geom::Pos;
use crate::grid::Grid;
use crate::islands::Islands;

/// The cells around a cell in ring order (north, then clockwise): each is
/// four-way adjacent to the next, so a run of open cells in the ring is
/// joined within it. Even entries are the four-way neighbours.
const RING: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// Islands of a map whose costs depend only on the entered cell, kept up
/// to date by [`LiveIslands::update`] with the cells that may have changed.
/// Its labels are its own (they depend on the order of changes);
/// [`LiveIslands::to_islands`] numbers them as [`Islands::of_entry_costs`]
/// does, for comparing and hashing.
///
/// ```
/// use darkstar_path::geom::Pos;
/// use darkstar_path::{Connectivity, GridMap, Islands, LiveIslands};
/// let mut map = GridMap::from_rows(&["....", "....", "...."], |_| Some(1)).unwrap();
/// let mut islands = LiveIslands::of_entry_costs(&map);
/// assert!(islands.connected(Pos::new(0, 0), Pos::new(3, 0)));
/// // A wall across the middle, learnt cell by cell.
/// let wall = [Pos::new(2, 0), Pos::new(2, 1), Pos::new(2, 2)];
/// for &p in &wall {
///     map.set(p, None);
/// }
/// islands.update(&map, &wall);
/// assert!(!islands.connected(Pos::new(0, 0), Pos::new(3, 0)));
/// assert_eq!(islands.to_islands(), Islands::of_entry_costs(&map, Connectivity::Eight));
/// ```
#[derive(Clone, Debug)]
pub struct LiveIslands {
    width: u32,
    height: u32,
    labels: Vec<u32>,
    /// Whether each cell is closed (a wall). Zero is open and label 0 is
    /// the largest island's, so a map mostly open (a blank knowledge)
    /// needs neither written: both start as zeroed allocations.
    closed: Vec<bool>,
    /// Cells per label (0 for a label not in use).
    sizes: Vec<u32>,
    /// Labels not in use, to reuse before growing `sizes`.
    free: Vec<u32>,
    count: u32,
    /// The lockstep searches' marks: 0, or 1 + the search that reached
    /// the cell. Cleared after each split over the cells it reached, so
    /// a byte a cell, and pages of the map no split reached are never
    /// touched (it starts as a zeroed allocation).
    seen: Vec<u8>,
    queues: [Vec<usize>; 4],
}

impl LiveIslands {
    /// The islands of `map` as they are: a pass over the map, joining
    /// each row's runs of open cells to the runs they touch in the row
    /// above (a union-find over runs, so a cell is read once). The largest
    /// island is labelled 0 and open cells are zero, so only walls and the
    /// other islands' cells are written.
    pub fn of_entry_costs<M: EntryCosts + ?Sized>(map: &M) -> LiveIslands {
        let (w, h) = (map.width() as usize, map.height() as usize);
        // The runs of open cells, row after row, as (start index, end
        // index).
        let mut runs: Vec<(usize, usize)> = Vec::new();
        let mut parent: Vec<u32> = Vec::new();
        let mut above = 0..0;
        for y in 0..h {
            let row = runs.len();
            let mut run_from = None;
            for x in 0..w {
                let i = y * w + x;
                match (map.entry_factor(i).is_some(), run_from) {
                    (true, None) => run_from = Some(i),
                    (false, Some(from)) => {
                        runs.push((from, i));
                        run_from = None;
                    }
                    _ => {}
                }
            }
            if let Some(from) = run_from {
                runs.push((from, (y + 1) * w));
            }
            parent.extend(row as u32..runs.len() as u32);
            // Join each run with the runs above whose columns overlap it.
            let mut a = above.start;
            for r in row..runs.len() {
                let (from, to) = (runs[r].0 - y * w, runs[r].1 - y * w);
                while a < above.end {
                    let (af, at) = (runs[a].0 - (y - 1) * w, runs[a].1 - (y - 1) * w);
                    if at <= from {
                        a += 1;
                        continue;
                    }
                    if af >= to {
                        break;
                    }
                    union(&mut parent, a as u32, r as u32);
                    if at > to {
                        break; // it may touch the next run too
                    }
                    a += 1;
                }
            }
            above = row..runs.len();
        }
        // Cells per set of runs, by root; the largest set takes label 0
        // (the first such in cell order, for a fixed labelling).
        let mut cells_of_root = vec![0u32; runs.len()];
        for (r, &(from, to)) in runs.iter().enumerate() {
            let root = find(&mut parent, r as u32) as usize;
            cells_of_root[root] += (to - from) as u32;
        }
        let largest = (0..runs.len()).max_by_key(|&r| (cells_of_root[r], std::cmp::Reverse(r)));
        let mut islands = LiveIslands::unlabelled(map.width(), map.height());
        let mut label_of_root = vec![u32::MAX; runs.len()];
        if let Some(r) = largest {
            label_of_root[r] = islands.fresh_label();
            islands.sizes[0] = cells_of_root[r];
        }
        // Every other label in cell order: a label for each other set of
        // runs, one for each wall between them.
        let mut next_cell = 0;
        let walls_to = |islands: &mut LiveIslands, from: usize, to: usize| {
            for i in from..to {
                let wall = islands.fresh_label();
                islands.labels[i] = wall;
                islands.closed[i] = true;
                islands.sizes[wall as usize] = 1;
            }
        };
        for (r, &(from, to)) in runs.iter().enumerate() {
            walls_to(&mut islands, next_cell, from);
            next_cell = to;
            let root = find(&mut parent, r as u32) as usize;
            if label_of_root[root] == u32::MAX {
                label_of_root[root] = islands.fresh_label();
            }
            let label = label_of_root[root];
            if label != 0 {
                islands.labels[from..to].fill(label);
                islands.sizes[label as usize] += (to - from) as u32;
            }
        }
        walls_to(&mut islands, next_cell, w * h);
        islands
    }

    /// The islands of a `width` x `height` map with every cell open (a
    /// knowledge that has learnt nothing): one island, made without a
    /// pass over the map.
    ///
    /// ```
    /// use darkstar_path::geom::Pos;
    /// use darkstar_path::{GridMap, LiveIslands};
    /// let open = GridMap::from_rows(&["...", "..."], |_| Some(1)).unwrap();
    /// assert_eq!(
    ///     LiveIslands::all_open(3, 2).to_islands(),
    ///     LiveIslands::of_entry_costs(&open).to_islands()
    /// );
    /// assert!(LiveIslands::all_open(3, 2).connected(Pos::new(0, 0), Pos::new(2, 1)));
    /// ```
    pub fn all_open(width: u32, height: u32) -> LiveIslands {
        let mut islands = LiveIslands::unlabelled(width, height);
        if !islands.labels.is_empty() {
            let all = islands.fresh_label();
            islands.sizes[all as usize] = islands.labels.len() as u32;
        }
        islands
    }

    /// Every cell open and labelled 0, but no label in use yet (no
    /// island counted): what both constructors start from, all of it
    /// zeroed allocations.
    fn unlabelled(width: u32, height: u32) -> LiveIslands {
        let cells = width as usize * height as usize;
        LiveIslands {
            width,
            height,
            labels: vec![0; cells],
            closed: vec![false; cells],
            sizes: Vec::new(),
            free: Vec::new(),
            count: 0,
            seen: vec![0; cells],
            queues: Default::default(),
        }
    }

    /// Takes in `cells`, the cells of `map` whose passability may have
    /// changed since these islands were made or last updated (in any
    /// order, repeats allowed; a cell that did not change costs a look).
    /// Afterwards they are `map`'s islands, provided every cell that
    /// changed is in `cells`.
    ///
    /// # Panics
    /// If `map` is not the size these islands were made for.
    pub fn update<M: EntryCosts + ?Sized>(&mut self, map: &M, cells: &[Pos]) {
        assert_eq!(
            (map.width(), map.height()),
            (self.width, self.height),
            "islands updated from a map of another size"
        );
        for &p in cells {
            let Some(i) = self.index(p) else { continue };
            let now = map.entry_factor(i).is_some();
            if now == self.closed[i] {
                if now {
                    self.open_cell(i);
                } else {
                    self.close_cell(i);
                }
            }
        }
    }

    /// True when a path from `a` to `b` exists (both on the map).
    #[inline]
    pub fn connected(&self, a: Pos, b: Pos) -> bool {
        match (self.index(a), self.index(b)) {
            (Some(i), Some(j)) => self.labels[i] == self.labels[j],
            _ => false,
        }
    }

    /// Number of islands, walls' singleton islands included.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// The same islands labelled as [`Islands::of_entry_costs`] labels
    /// them (in row-major order of each island's first cell): equal to it
    /// on the same map. A pass over the map.
    pub fn to_islands(&self) -> Islands {
        let mut renumber = vec![u32::MAX; self.sizes.len()];
        let mut next = 0;
        let labels = self
            .labels
            .iter()
            .map(|&l| {
                let r = &mut renumber[l as usize];
                if *r == u32::MAX {
                    *r = next;
                    next += 1;
                }
                *r
            })
            .collect();
        let grid = Grid::from_vec(self.width, self.height, labels).expect("one label a cell");
        Islands::from_labels(grid, next)
    }

    fn index(&self, p: Pos) -> Option<usize> {
        (p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && (p.y as u32) < self.height)
            .then(|| p.y as usize * self.width as usize + p.x as usize)
    }

    /// The four-way neighbours of cell `i` on the map: north, east,
    /// south, west.
    fn neighbours(&self, i: usize) -> [Option<usize>; 4] {
        let (w, h) = (self.width as usize, self.height as usize);
        let (x, y) = (i % w, i / w);
        [
            (y > 0).then(|| i - w),
            (x + 1 < w).then_some(i + 1),
            (y + 1 < h).then_some(i + w),
            (x > 0).then(|| i - 1),
        ]
    }

    fn open_at(&self, i: usize, (dx, dy): (i32, i32)) -> Option<usize> {
        let w = self.width as usize;
        let p = Pos::new((i % w) as i32 + dx, (i / w) as i32 + dy);
        self.index(p).filter(|&j| !self.closed[j])
    }

    /// A label not in use, with no cells yet; counted as an island.
    fn fresh_label(&mut self) -> u32 {
        self.count += 1;
        match self.free.pop() {
            Some(l) => l,
            None => {
                self.sizes.push(0);
                (self.sizes.len() - 1) as u32
            }
        }
    }

    fn drop_label(&mut self, label: u32) {
        self.sizes[label as usize] = 0;
        self.free.push(label);
        self.count -= 1;
    }

    /// Cell `c`, open, closes: it becomes an island of its own, and its
    /// island may split.
    fn close_cell(&mut self, c: usize) {
        self.closed[c] = true;
        let island = self.labels[c];
        if self.sizes[island as usize] == 1 {
            // It was an island of one: it still is.
            return;
        }
        self.sizes[island as usize] -= 1;
        let wall = self.fresh_label();
        self.labels[c] = wall;
        self.sizes[wall as usize] = 1;
        // One open neighbour from each run of open cells around it: the
        // runs are joined within the ring, so only runs can fall apart.
        let mut probes = [0usize; 4];
        let mut found = 0;
        let Some(start) = (0..8).find(|&k| self.open_at(c, RING[k]).is_none()) else {
            return; // all eight open: nothing can split
        };
        let mut in_run_with_probe = false;
        for step in 1..=8 {
            let k = (start + step) % 8;
            match self.open_at(c, RING[k]) {
                None => in_run_with_probe = false,
                Some(j) if k % 2 == 0 && !in_run_with_probe => {
                    probes[found] = j;
                    found += 1;
                    in_run_with_probe = true;
                }
                Some(_) => {}
            }
        }
        if found >= 2 {
            self.split(island, &probes[..found]);
        }
    }

    /// The island `island` lost a cell and the `probes` (open cells of
    /// it, at most four) may now lie in different pieces: each piece but
    /// one gets a label of its own.
    fn split(&mut self, island: u32, probes: &[usize]) {
        self.search_pieces(island, probes);
        for queue in &self.queues[..probes.len()] {
            for &i in queue {
                self.seen[i] = 0;
            }
        }
    }

    /// The searches of [`LiveIslands::split`], leaving the cells they
    /// reached marked in `seen` and listed in `queues`.
    fn search_pieces(&mut self, island: u32, probes: &[usize]) {
        let k = probes.len();
        // Which search each search's piece has turned out to be (a small
        // union-find), and which pieces are settled under a label of their
        // own.
        let mut root: [usize; 4] = [0, 1, 2, 3];
        let mut done = [false; 4];
        let mut heads = [0usize; 4];
        for (g, &p) in probes.iter().enumerate() {
            self.queues[g].clear();
            self.queues[g].push(p);
            self.seen[p] = 1 + g as u8;
        }
        let find = |root: &[usize; 4], mut g: usize| {
            while root[g] != g {
                g = root[g];
            }
            g
        };
        loop {
            for (g, head) in heads.iter_mut().enumerate().take(k) {
                let Some(&i) = self.queues[g].get(*head) else {
                    continue;
                };
                *head += 1;
                for j in self.neighbours(i).into_iter().flatten() {
                    if self.closed[j] {
                        continue;
                    }
                    if self.seen[j] != 0 {
                        let (a, b) = (find(&root, g), find(&root, (self.seen[j] - 1) as usize));
                        if a != b {
                            root[a.max(b)] = a.min(b);
                        }
                    } else {
                        self.seen[j] = 1 + g as u8;
                        self.queues[g].push(j);
                    }
                }
            }
            // The pieces still open to question: each search's root, once.
            let mut pieces = [usize::MAX; 4];
            let mut n = 0;
            for g in 0..k {
                let r = find(&root, g);
                if !done[r] && !pieces[..n].contains(&r) {
                    pieces[n] = r;
                    n += 1;
                }
            }
            if n <= 1 {
                return;
            }
            // A piece whose searches are all used up is split off, while
            // another piece remains to keep the island's label.
            for &r in &pieces[..n] {
                let finished = (0..k)
                    .filter(|&g| find(&root, g) == r)
                    .all(|g| heads[g] == self.queues[g].len());
                if finished && n > 1 {
                    self.relabel_piece(island, r, k, &root);
                    done[r] = true;
                    n -= 1;
                }
            }
            if n <= 1 {
                return;
            }
        }
    }

    /// Gives the cells the searches in piece `r` visited a new label.
    fn relabel_piece(&mut self, island: u32, r: usize, k: usize, root: &[usize; 4]) {
        let label = self.fresh_label();
        let mut size = 0;
        for g in 0..k {
            let mut h = g;
            while root[h] != h {
                h = root[h];
            }
            if h != r {
                continue;
            }
            for &i in &self.queues[g] {
                self.labels[i] = label;
            }
            size += self.queues[g].len() as u32;
        }
        self.sizes[label as usize] = size;
        self.sizes[island as usize] -= size;
    }

    /// Cell `c`, closed, opens: the islands around it join, the smaller
    /// relabelled into the largest.
    fn open_cell(&mut self, c: usize) {
        self.closed[c] = false;
        let mut around = [u32::MAX; 4];
        let mut n = 0;
        for j in self.neighbours(c).into_iter().flatten() {
            let l = self.labels[j];
            if !self.closed[j] && !around[..n].contains(&l) {
                around[n] = l;
                n += 1;
            }
        }
        if n == 0 {
            return; // an island of one, under its own label
        }
        // The largest island keeps its label (the first of equals).
        let keep = (0..n).fold(0, |best, m| {
            if self.sizes[around[m] as usize] > self.sizes[around[best] as usize] {
                m
            } else {
                best
            }
        });
        let into = around[keep];
        self.drop_label(self.labels[c]);
        self.labels[c] = into;
        self.sizes[into as usize] += 1;
        let mut stack = Vec::new();
        for &l in around[..n].iter().filter(|&&l| l != into) {
            stack.push(c);
            while let Some(i) = stack.pop() {
                for j in self.neighbours(i).into_iter().flatten() {
                    if !self.closed[j] && self.labels[j] == l {
                        self.labels[j] = into;
                        stack.push(j);
                    }
                }
            }
            self.sizes[into as usize] += self.sizes[l as usize];
            self.drop_label(l);
        }
    }
}

/// The root of run `r`'s set, halving the path on the way.
fn find(parent: &mut [u32], mut r: u32) -> u32 {
    while parent[r as usize] != r {
        let up = parent[parent[r as usize] as usize];
        parent[r as usize] = up;
        r = up;
    }
    r
}

/// Joins the sets of runs `a` and `b` (the lower root wins, for a fixed
/// outcome).
fn union(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb) as usize] = ra.min(rb);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Connectivity;
    use crate::grid_map::GridMap;
    use proptest::prelude::*;

    /// Random walls closed and opened one batch at a time: after every
    /// update the islands equal a fresh computation. A start with every
    /// cell open is also taken from [`LiveIslands::all_open`].
    fn check(w: u32, h: u32, start: &[bool], batches: &[Vec<(usize, bool)>]) {
        let mut first = GridMap::new(w, h);
        for (i, &open) in start.iter().enumerate() {
            first.set(Pos::from_row_major(i, w), open.then_some(1));
        }
        let mut starts = vec![LiveIslands::of_entry_costs(&first)];
        if start.iter().all(|&open| open) {
            starts.push(LiveIslands::all_open(w, h));
        }
        for mut live in starts {
            let mut map = first.clone();
            assert_eq!(
                live.to_islands(),
                Islands::of_entry_costs(&map, Connectivity::Eight)
            );
            for batch in batches {
                let mut cells = Vec::new();
                for &(i, open) in batch {
                    let p = Pos::from_row_major(i % (w * h) as usize, w);
                    map.set(p, open.then_some(1));
                    cells.push(p);
                }
                live.update(&map, &cells);
                let fresh = Islands::of_entry_costs(&map, Connectivity::Eight);
                assert_eq!(live.to_islands(), fresh);
                assert_eq!(live.count(), fresh.count());
                let used: u32 = live.sizes.iter().sum();
                assert_eq!(used as usize, (w * h) as usize, "sizes add up to the map");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]
        #[test]
        fn updates_match_a_fresh_computation(
            (w, h) in (1u32..14, 1u32..14),
            density in 0u32..60,
            seed in any::<u64>(),
            batches in prop::collection::vec(
                prop::collection::vec((any::<usize>(), prop::bool::weighted(0.3)), 1..12), 1..12),
        ) {
            // A cheap deterministic scatter of walls from the seed.
            let mut s = seed | 1;
            let start: Vec<bool> = (0..w * h).map(|_| {
                s ^= s << 13; s ^= s >> 7; s ^= s << 17;
                (s % 100) as u32 >= density
            }).collect();
            check(w, h, &start, &batches);
        }

        /// The same from a map with every cell open (a blank knowledge),
        /// made by [`LiveIslands::all_open`] as well as by a pass.
        #[test]
        fn updates_from_all_open_match_a_fresh_computation(
            (w, h) in (1u32..14, 1u32..14),
            batches in prop::collection::vec(
                prop::collection::vec((any::<usize>(), prop::bool::weighted(0.3)), 1..12), 1..12),
        ) {
            check(w, h, &vec![true; (w * h) as usize], &batches);
        }
    }

    #[test]
    fn a_wall_across_a_corridor_splits_it_and_opening_it_joins_again() {
        let start = vec![true; 7];
        check(
            7,
            1,
            &start,
            &[
                vec![(3, false)],
                vec![(5, false)],
                vec![(3, true)],
                vec![(5, true)],
            ],
        );
    }
}
