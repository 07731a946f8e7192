//! The AI's side of the type boundary: a monster's plan, made and kept up
//! to date over its faction's [`Knowledge`] and nothing else. Every method
//! that reads a map takes `&Knowledge` (not any [`CostMap`]), and this
//! module imports neither the world nor the terrain map, so the planner
//! cannot be handed the true map by mistake: `tests/type_boundary.rs`
//! checks that each public entry point refuses a `TerrainMap` at compile
//! time, with the error pinned. The public API is what a screen reads (kind,
//! goal, status, cost, the path, its cost map) plus the three calls a
//! single unit's driver needs (`plan_incremental`, `advanced`, `sync`);
//! the rest of the state machine is the game's (`pub(crate)`).
//!
//! Units the monster can sense (adjacent ones, and stopped ones of its own
//! faction nearby) are planned around as obstacles, per the classic
//! article; distant moving units are not, since they will have moved.
//!
//! [`CostMap`]: crate::path::CostMap

use super::log::Log;
use crate::fog::knowledge::Knowledge;
use crate::map::cost::Cost;
use crate::map::cost::StepCosts;
use crate::map::geom::Pos;
use crate::path::Replanner;
use crate::path::astar::path_cost;
use crate::path::{Connectivity, CostMap, DStarLite, Outcome, SearchOptions, Step, WithObstacles};

/// Why a monster replanned.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReplanReason {
    /// A wall its faction just learnt (seen or bumped) lies on its path.
    NewWall,
    /// The rest of its path now costs more than when it was planned
    /// (danger, or worse ground seen on it): a better way may exist.
    Costlier,
    /// A unit stands in its way and is not moving off.
    Blocked,
}

/// Where a monster's plan stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// It has none and must ask for one.
    NeedsPlan,
    /// Its A* request is in the game's queue of searches.
    Queued,
    /// It has a path to follow.
    Ready,
    /// No path exists on what its faction knows (with the units it plans
    /// around); since knowledge only ever adds walls, without units in the
    /// way that is for good.
    NoPath,
}

/// What bringing a plan up to date did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Sync {
    /// Cells expanded doing it (D* Lite repairs; A* checks expand none).
    pub expanded: u64,
    /// The rest of the path crossed a newly known wall.
    pub broken: bool,
    /// The rest of the path is still legal but dearer than planned.
    pub costlier: bool,
    /// D* Lite repaired (or rebuilt) its plan: the plan is now optimal on
    /// what the faction knows.
    pub repaired: bool,
}

/// One monster's plan.
#[derive(Clone, Debug)]
pub struct Planner {
    kind: Replanner,
    goal: Option<Pos>,
    status: Status,
    /// The path, from where the monster stood when it was made; `path[next]`
    /// is the next cell to step to.
    path: Vec<Pos>,
    next: usize,
    cost: Option<Cost>,
    /// `costs[i]`: the planned cost from `path[0]` to `path[i]`.
    costs: Vec<Cost>,
    /// Cells of units planned around: sorted row-major indices.
    blocked: Vec<usize>,
    /// Cells on allies' planned paths, one entry per ally (sorted row-major
    /// indices): each costs [`CLAIM_PENALTY`] more per claim (A* only).
    claims: Vec<usize>,
    dstar: Option<Box<DStarLite>>,
    /// D* Lite: cells learnt since its last repair. It repairs when the rest
    /// of its path breaks (as A* replans), or before anything else that
    /// runs its search, so it never searches on half-told costs.
    pending: Vec<Pos>,
    /// `pending`'s length after its last deduplication.
    pending_deduped: usize,
    /// How much of its faction's discovery log the plan has taken in.
    log_seen: usize,
    /// Why the request in the queue was made (`None`: the first plan).
    reason: Option<ReplanReason>,
    /// Field: what the monster's cell should be worth at its next read:
    /// the cell it read from with its value then (if it did not get to
    /// move), and the cell it chose to step to with that one's value. A
    /// higher value means its route broke or got dearer: found in O(1).
    expect: [Option<(Pos, Cost)>; 2],
    /// Field: the path is a detour round units (followed to its end), not
    /// a step read off the field.
    detour: bool,
    /// Field: walls its faction had learnt at its last read (a value that
    /// rose with new walls is a broken route, without them a dearer one).
    walls_seen: u64,
}

impl Planner {
    /// A planner of `kind` heading for `goal` (none: the monster idles).
    pub fn new(kind: Replanner, goal: Option<Pos>) -> Planner {
        Planner {
            kind,
            goal,
            status: Status::NeedsPlan,
            path: Vec::new(),
            next: 0,
            cost: None,
            costs: Vec::new(),
            blocked: Vec::new(),
            claims: Vec::new(),
            dstar: None,
            pending: Vec::new(),
            pending_deduped: 0,
            log_seen: 0,
            reason: None,
            expect: [None; 2],
            detour: false,
            walls_seen: 0,
        }
    }

    /// Repeated A* or D* Lite.
    pub fn kind(&self) -> Replanner {
        self.kind
    }

    /// Where it is heading.
    pub fn goal(&self) -> Option<Pos> {
        self.goal
    }

    /// How much of its faction's discovery log the plan has taken in.
    pub(crate) fn log_seen(&self) -> usize {
        self.log_seen
    }

    /// Where the plan stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Cost of the plan when it was made or last repaired.
    pub fn cost(&self) -> Option<Cost> {
        self.cost
    }

    /// The rest of the plan: the monster's cell, then every cell to the goal
    /// (empty without a plan). Drawn straight through unknown cells.
    pub fn remaining(&self) -> &[Pos] {
        match self.status {
            Status::Ready => &self.path[self.next.saturating_sub(1).min(self.path.len())..],
            _ => &[],
        }
    }

    /// The cell to step to next.
    pub fn next_step(&self) -> Option<Pos> {
        match self.status {
            Status::Ready => self.path.get(self.next).copied(),
            _ => None,
        }
    }

    /// Cells of the units it plans around.
    pub(crate) fn blocked(&self) -> &[usize] {
        &self.blocked
    }

    /// The map it plans over: its faction's knowledge with the units it
    /// plans around made impassable and its allies' claimed cells dearer.
    pub fn view<'a>(&'a self, knowledge: &'a Knowledge) -> PlanView<'a> {
        PlanView {
            units: WithObstacles::new(knowledge, &self.blocked),
            claims: &self.claims,
        }
    }

    /// Plans the next A* search round allies' claimed cells (sorted
    /// row-major indices, one entry per claim).
    pub(crate) fn set_claims(&mut self, claims: Vec<usize>) {
        self.claims = claims;
    }

    /// Takes `path` as the plan, costing it on `knowledge` as this planner
    /// sees it; false (and no plan) if some step is not legal there.
    fn set_path(&mut self, path: Vec<Pos>, knowledge: &Knowledge) -> bool {
        let view = self.view(knowledge);
        let mut costs = Vec::with_capacity(path.len());
        let mut total = 0;
        costs.push(0);
        for pair in path.windows(2) {
            let step = pair[0]
                .dir_to(pair[1])
                .and_then(|d| crate::path::step(&view, pair[0], d, Connectivity::Eight));
            let Some((_, c)) = step else {
                self.path.clear();
                self.costs.clear();
                self.cost = None;
                return false;
            };
            total += c;
            costs.push(total);
        }
        self.path = path;
        self.costs = costs;
        self.next = 1;
        self.cost = Some(total);
        self.status = Status::Ready;
        true
    }

    /// What the rest of the path cost when it was planned.
    fn planned_rest(&self) -> Cost {
        let from = self
            .next
            .saturating_sub(1)
            .min(self.costs.len().saturating_sub(1));
        self.costs.last().copied().unwrap_or(0) - self.costs.get(from).copied().unwrap_or(0)
    }

    /// The monster stepped to `to`, the plan's next cell.
    pub fn advanced(&mut self, to: Pos) {
        self.next += 1;
        if let Some(d) = &mut self.dstar {
            d.move_to(to);
        }
    }

    /// Marks that a plan must be made (for `reason`; `None`: the first).
    pub(crate) fn request(&mut self, reason: Option<ReplanReason>) {
        self.status = Status::NeedsPlan;
        self.reason = reason;
        self.path.clear();
        self.detour = false;
    }

    /// Field: what the last read expected cell `at` to be worth now
    /// (`None`: nothing, after a push, mid-detour or before its first
    /// read).
    pub(super) fn expected(&self, at: Pos) -> Option<Cost> {
        self.expect
            .iter()
            .flatten()
            .find(|(p, _)| *p == at)
            .map(|&(_, c)| c)
    }

    /// Field: the monster at `at`, whose cell is worth `value`, will step
    /// to `next`, worth `next_value` (none: it stays). Drawn and claimed
    /// as a two-cell path.
    pub(super) fn set_intent(&mut self, at: Pos, next: Option<(Pos, Cost)>, value: Cost) {
        self.path.clear();
        self.path.push(at);
        self.path.extend(next.map(|(p, _)| p));
        self.costs.clear();
        self.costs.push(0);
        if let Some((_, e)) = next {
            self.costs.push(value.saturating_sub(e));
        }
        self.next = 1;
        self.cost = Some(value);
        self.expect = [Some((at, value)), next];
        self.status = Status::Ready;
        self.detour = false;
    }

    /// Field: walls the faction had learnt at the last read.
    pub(super) fn walls_seen(&self) -> u64 {
        self.walls_seen
    }

    pub(super) fn set_walls_seen(&mut self, walls: u64) {
        self.walls_seen = walls;
    }

    /// Field: after a step, where the monster at `at` is likely to go next
    /// (read off the field without searching), for allies to see; what it
    /// expects of its cell is unchanged.
    pub(super) fn set_hint(&mut self, at: Pos, next: Option<Pos>) {
        self.path.clear();
        self.path.push(at);
        self.path.extend(next);
        self.costs.truncate(1);
        if next.is_some() {
            self.costs.push(0);
        }
        self.next = 1;
    }

    /// Field: no route to the goal on what the faction knows.
    pub(super) fn set_no_path(&mut self) {
        self.path.clear();
        self.costs.clear();
        self.cost = None;
        self.expect = [None; 2];
        self.detour = false;
        self.status = Status::NoPath;
    }

    /// Field: follows `path` (a detour round units, from the monster's
    /// cell) to its end, where the field is read again, expecting the end
    /// cell's value then.
    pub(super) fn set_detour(&mut self, path: Vec<Pos>, value: Cost, expect: Cost) {
        let (start, end) = (path[0], path[path.len() - 1]);
        self.expect = [Some((start, value)), Some((end, expect))];
        self.path = path;
        self.costs.clear();
        self.costs.push(0);
        self.next = 1;
        self.cost = Some(value);
        self.status = Status::Ready;
        self.detour = true;
    }

    /// Field: the monster is on a detour round units with steps left (its
    /// next action follows it without reading the field).
    pub fn on_detour(&self) -> bool {
        self.detour && self.next < self.path.len()
    }

    /// Its A* request went into the queue.
    pub(crate) fn queued(&mut self) {
        self.status = Status::Queued;
    }

    /// Installs a finished A* search, made over `knowledge` (the faction's,
    /// or the snapshot a long search ran on) when the faction's discovery
    /// log was `log_len` long, for the monster now standing at `at`;
    /// returns why it was requested.
    ///
    /// A search that ran over several turns started where the monster
    /// stood then, and an ally may have swapped it to another cell since:
    /// the plan then starts at `at`, joining the path at its furthest cell
    /// that is `at` or a legal step from it. If no cell of the path is, the
    /// plan is asked for again (from where the monster stands).
    pub(crate) fn install(
        &mut self,
        outcome: Outcome,
        knowledge: &Knowledge,
        log_len: usize,
        at: Pos,
    ) -> Option<ReplanReason> {
        self.log_seen = log_len;
        let found = match outcome {
            Outcome::Found { path, .. } if path.first() == Some(&at) => {
                self.set_path(path, knowledge)
            }
            Outcome::Found { path, .. } => {
                if !self.join(&path, knowledge, at) {
                    self.request(self.reason);
                    return None;
                }
                true
            }
            _ => false,
        };
        if !found {
            self.path.clear();
            self.cost = None;
            self.status = Status::NoPath;
        }
        self.reason.take()
    }

    /// Takes `path` joined from `at` as the plan (see [`Planner::install`]);
    /// false if no cell of it is `at` or a legal step from it.
    fn join(&mut self, path: &[Pos], knowledge: &Knowledge, at: Pos) -> bool {
        for i in (0..path.len()).rev() {
            let (dx, dy) = path[i].abs_delta(at);
            if dx.max(dy) > 1 {
                continue;
            }
            let from = i + usize::from(path[i] == at);
            let mut joined = Vec::with_capacity(path.len() - from + 1);
            joined.push(at);
            joined.extend_from_slice(&path[from..]);
            if self.set_path(joined, knowledge) {
                return true;
            }
        }
        false
    }

    /// Takes a detour round units found by a capped A* search (the caller's,
    /// over `view` with `blocked` impassable); a detour that was not found
    /// leaves the plan as it was. Returns whether it was taken.
    pub(crate) fn take_detour(
        &mut self,
        outcome: Outcome,
        blocked: Vec<usize>,
        knowledge: &Knowledge,
        log_len: usize,
    ) -> bool {
        let Outcome::Found { path, .. } = outcome else {
            return false;
        };
        let old = std::mem::replace(&mut self.blocked, blocked);
        let claims = std::mem::take(&mut self.claims);
        if !self.set_path(path, knowledge) {
            self.blocked = old;
            self.claims = claims;
            return false;
        }
        self.log_seen = log_len;
        true
    }

    /// The monster was pushed to `to` (next to where it stood) by an ally
    /// swapping places with it: its path steps back first, still legal,
    /// one step longer. (D* Lite settles the new start at its next repair.)
    /// Returns the cells expanded (a D* Lite repair, if the step back is
    /// not legal on what the faction knows).
    pub(crate) fn displaced(&mut self, knowledge: &Knowledge, to: Pos) -> u64 {
        if self.kind == Replanner::Field {
            // Its next read starts from the new cell; nothing is expected
            // of it (the push, not a discovery, moved it).
            self.path.clear();
            self.expect = [None; 2];
            self.detour = false;
            return 0;
        }
        if let Some(d) = &mut self.dstar {
            d.move_to(to);
        }
        if self.status != Status::Ready {
            return 0;
        }
        let from = self.next.saturating_sub(1).min(self.path.len());
        let mut path = Vec::with_capacity(self.path.len() - from + 1);
        path.push(to);
        path.extend_from_slice(&self.path[from..]);
        if self.set_path(path, knowledge) {
            return 0;
        }
        match self.dstar {
            Some(_) => self.flush(knowledge),
            None => {
                self.request(Some(ReplanReason::Blocked));
                0
            }
        }
    }

    /// D* Lite only: makes the first plan from `at`, at once; returns the
    /// cells expanded.
    pub fn plan_incremental(&mut self, knowledge: &Knowledge, at: Pos, log_len: usize) -> u64 {
        let Some(goal) = self.goal else { return 0 };
        // The heuristic's floor: the cheapest step known now. Cheaper ground
        // found later (a road) means starting afresh (see `flush`).
        let floor = knowledge.cheapest_steps();
        self.claims.clear(); // D* Lite's graph cannot follow allies' moves
        let d = DStarLite::new(knowledge, at, goal, Connectivity::Eight, floor);
        let expanded = d.expanded();
        self.dstar = Some(Box::new(d));
        self.pending.clear();
        self.pending_deduped = 0;
        self.log_seen = log_len;
        self.reason = None;
        self.refresh(knowledge);
        expanded
    }

    /// Takes in what the faction learnt since the plan last looked (`log`:
    /// every cell whose belief changed, in order). A* checks that the rest
    /// of its path is still legal, in O(path length), and asks for a new
    /// plan if not; D* Lite repairs its plan.
    pub fn sync(&mut self, knowledge: &Knowledge, log: &Log) -> Sync {
        if self.kind == Replanner::Field {
            // The faction's field takes in the log; the monster finds out
            // at its next read, from its cell's value (see `expected`).
            self.log_seen = log.total();
            return Sync::default();
        }
        let new = log.since(self.log_seen);
        self.log_seen = log.total();
        if new.is_empty() {
            return Sync::default();
        }
        let rest = if self.status == Status::Ready {
            Some(path_cost(
                &self.view(knowledge),
                self.remaining(),
                &SearchOptions::default(),
            ))
        } else {
            None
        };
        let broken = rest == Some(None);
        let costlier = matches!(rest, Some(Some(c)) if c > self.planned_rest());
        let (mut expanded, mut repaired) = (0, false);
        match &self.dstar {
            Some(d) => {
                let floor_changed = d.floor() != knowledge.cheapest_steps();
                self.pending.extend_from_slice(new);
                self.dedupe_pending();
                if broken || costlier || floor_changed {
                    expanded = self.flush(knowledge);
                    repaired = true;
                }
            }
            None if broken => self.request(Some(ReplanReason::NewWall)),
            None if costlier => self.request(Some(ReplanReason::Costlier)),
            None => {}
        }
        Sync {
            expanded,
            broken,
            costlier,
            repaired,
        }
    }

    /// D* Lite: keeps the pending cells to one entry a cell, so a plan
    /// that goes long unbroken (danger decaying round it every 25 turns)
    /// holds at most one entry per cell of the map. The order does not
    /// matter: a repair recomputes each pending cell from the final
    /// knowledge, the same however often and in whatever order. Sorted and
    /// deduplicated whenever the list has doubled since last time.
    fn dedupe_pending(&mut self) {
        if self.pending.len() >= self.pending_deduped.max(512) * 2 {
            self.pending.sort_unstable_by_key(|p| (p.y, p.x));
            self.pending.dedup();
            self.pending_deduped = self.pending.len();
        }
    }

    /// Cells waiting for D* Lite's next repair (for tests of its bound).
    pub fn pending_len(&self) -> usize {
        self.pending.len()
    }

    /// Forgets the units it planned around (a new plan is about to be made
    /// over the bare knowledge).
    pub(crate) fn clear_blocked(&mut self) {
        self.blocked.clear();
    }

    /// D* Lite: takes in every pending change and settles its current start
    /// (which a detour or a push may have taken off its plan), or, if ground
    /// cheaper than its heuristic's floor is now known, starts afresh on the
    /// new floor, which keeps the heuristic admissible; then reads off the
    /// path. D* Lite plans over the bare knowledge: units in the way are
    /// the business of detours. Returns the cells expanded.
    fn flush(&mut self, knowledge: &Knowledge) -> u64 {
        let Some(d) = &mut self.dstar else { return 0 };
        let before = d.expanded();
        let expanded = if d.floor() != knowledge.cheapest_steps() {
            let (at, goal) = (d.start(), d.goal());
            **d = DStarLite::new(
                knowledge,
                at,
                goal,
                d.connectivity(),
                knowledge.cheapest_steps(),
            );
            d.expanded()
        } else {
            self.pending.push(d.start());
            d.cells_changed(knowledge, &self.pending);
            d.expanded() - before
        };
        self.pending.clear();
        self.pending_deduped = 0;
        self.blocked.clear();
        self.refresh(knowledge);
        expanded
    }

    /// Feeds what decides this plan's future to the state hash (see
    /// [`crate::sim::hash`] for what is left out, and why).
    pub(crate) fn hash_into(&self, h: &mut super::fnv::Fnv) {
        h.int(self.kind as i64);
        super::fnv::hash_pos(h, self.goal);
        h.int(self.status as i64);
        // The path before the monster's cell is never read again; the
        // rest is, with what it was planned to cost from here on.
        let rest = self.remaining();
        h.int(rest.len() as i64);
        for &p in rest {
            super::fnv::hash_pos(h, Some(p));
        }
        h.int(self.next as i64);
        h.int(self.planned_rest() as i64);
        h.int(self.cost.map_or(-1, |c| c as i64));
        h.usizes(&self.blocked);
        h.usizes(&self.claims);
        h.int(self.pending.len() as i64);
        for &p in &self.pending {
            super::fnv::hash_pos(h, Some(p));
        }
        h.int(self.log_seen as i64);
        h.int(self.reason.map_or(-1, |r| r as i64));
        for e in self.expect {
            super::fnv::hash_pos(h, e.map(|(p, _)| p));
            h.int(e.map_or(-1, |(_, c)| c as i64));
        }
        h.int(self.detour as i64);
        h.int(self.walls_seen as i64);
        match &self.dstar {
            None => h.int(-1),
            Some(d) => {
                super::fnv::hash_pos(h, Some(d.start()));
                super::fnv::hash_pos(h, Some(d.goal()));
                h.int(d.floor().straight as i64);
                h.int(d.floor().diagonal as i64);
                h.int(d.expanded() as i64);
                h.int(d.cost().map_or(-1, |c| c as i64));
            }
        }
    }

    /// D* Lite: reads the path off the repaired plan.
    fn refresh(&mut self, knowledge: &Knowledge) {
        let Some(d) = &self.dstar else { return };
        let found = match d.path(knowledge) {
            Some(path) => self.set_path(path, knowledge),
            None => false,
        };
        if !found {
            self.path.clear();
            self.cost = None;
            self.status = Status::NoPath;
        }
    }

    /// Bytes the plan holds: the planner itself, its vectors' capacities
    /// and its D* Lite, if any (boxed: its record and its allocations).
    pub fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        size_of::<Self>()
            + self.path.capacity() * size_of::<Pos>()
            + self.costs.capacity() * size_of::<Cost>()
            + (self.blocked.capacity() + self.claims.capacity()) * size_of::<usize>()
            + self.pending.capacity() * size_of::<Pos>()
            + self
                .dstar
                .as_ref()
                .map_or(0, |d| size_of::<DStarLite>() + d.memory_bytes())
    }
}

/// Extra entering cost factor of a cell for each ally whose planned path
/// claims it: half of floor. An ally's route three cells long is worth a
/// detour of about one and a half steps, so a group spreads over parallel
/// routes of nearly equal length instead of queueing on the best one.
pub const CLAIM_PENALTY: Cost = 5;

/// What a planner searches: its faction's knowledge, the units it plans
/// around (impassable), and cells claimed by allies' paths (dearer). Built
/// only from a [`Knowledge`], so still never the true map.
#[derive(Clone, Debug)]
pub struct PlanView<'a> {
    /// The knowledge with the units planned around made impassable.
    units: WithObstacles<'a, Knowledge>,
    claims: &'a [usize],
}

impl PlanView<'_> {
    #[inline]
    fn claims_on(&self, index: usize) -> Cost {
        if self.claims.is_empty() {
            return 0;
        }
        let lo = self.claims.partition_point(|&c| c < index);
        let hi = self.claims.partition_point(|&c| c <= index);
        (hi - lo) as Cost
    }
}

impl CostMap for PlanView<'_> {
    #[inline]
    fn width(&self) -> u32 {
        self.units.width()
    }
    #[inline]
    fn height(&self) -> u32 {
        self.units.height()
    }
    #[inline]
    fn step_cost(&self, step: Step) -> Option<Cost> {
        let base = self.units.step_cost(step)?;
        let claims = self.claims_on(step.to_index);
        Some(base + claims * CLAIM_PENALTY * StepCosts::UNIT.for_dir(step.dir))
    }
    #[inline]
    fn cheapest_steps(&self) -> StepCosts {
        self.units.cheapest_steps()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::cost::{DIAGONAL, STRAIGHT};
    use crate::map::geom::Dir;
    use crate::map::terrain::{FLOOR_COST, Terrain};
    use crate::path::SearchContext;
    use rand::RngExt;

    /// A* over a plan's view is optimal with allies' claims on it: against
    /// a brute-force Dijkstra whose rule is written here (a step enters a
    /// cell believed passable, a diagonal needs both cells beside it
    /// believed passable too; it costs the entered cell's factor, unknown
    /// ground at `unknown` x floor, plus [`CLAIM_PENALTY`] per claim on it,
    /// times the straight or diagonal base), on 300 seeded random maps
    /// with unknown ground dearer than floor and repeated claims.
    #[test]
    fn a_star_is_optimal_over_claimed_cells() {
        for seed in 0..300 {
            let mut rng = crate::rng::sim_rng(seed);
            let (w, h) = (rng.random_range(3..10), rng.random_range(3..10));
            let unknown = rng.random_range(1..4u64);
            let mut k = Knowledge::new(w, h, unknown);
            let kinds = [Terrain::Floor, Terrain::Wall, Terrain::Road, Terrain::Swamp];
            for i in 0..(w * h) as usize {
                if rng.random_range(0..3) > 0 {
                    let t = kinds[rng.random_range(0..kinds.len())];
                    k.learn(Pos::from_row_major(i, w), t, 1);
                }
            }
            let mut claims: Vec<usize> = (0..rng.random_range(0..12))
                .map(|_| rng.random_range(0..(w * h) as usize))
                .collect();
            claims.sort_unstable();
            let at = |rng: &mut crate::rng::SimRng| {
                Pos::new(rng.random_range(0..w as i32), rng.random_range(0..h as i32))
            };
            let (start, goal) = (at(&mut rng), at(&mut rng));
            let passable = |p: Pos| {
                p.x >= 0
                    && p.y >= 0
                    && p.x < w as i32
                    && p.y < h as i32
                    && k.terrain(p).is_none_or(Terrain::is_passable)
            };
            if !passable(start) {
                continue;
            }
            let factor = |p: Pos| {
                let i = p.row_major(w);
                let terrain = k
                    .terrain(p)
                    .map_or(unknown * FLOOR_COST, |t| t.enter_cost().unwrap());
                terrain + CLAIM_PENALTY * claims.iter().filter(|&&c| c == i).count() as Cost
            };
            // Brute force: Bellman-Ford style relaxation until nothing changes.
            let mut best = vec![None::<Cost>; (w * h) as usize];
            best[start.row_major(w)] = Some(0);
            loop {
                let mut changed = false;
                for i in 0..best.len() {
                    let Some(d) = best[i] else { continue };
                    let p = Pos::from_row_major(i, w);
                    for dir in Dir::ALL {
                        let (dx, dy) = dir.delta();
                        let to = Pos::new(p.x + dx, p.y + dy);
                        let diagonal = dx != 0 && dy != 0;
                        if !passable(to)
                            || (diagonal
                                && !(passable(Pos::new(p.x + dx, p.y))
                                    && passable(Pos::new(p.x, p.y + dy))))
                        {
                            continue;
                        }
                        let nd = d + factor(to) * if diagonal { DIAGONAL } else { STRAIGHT };
                        let slot = &mut best[to.row_major(w)];
                        if slot.is_none_or(|b| nd < b) {
                            *slot = Some(nd);
                            changed = true;
                        }
                    }
                }
                if !changed {
                    break;
                }
            }
            let want = if passable(goal) {
                best[goal.row_major(w)]
            } else {
                None
            };
            let mut planner = Planner::new(Replanner::AStar, Some(goal));
            planner.set_claims(claims.clone());
            let got = SearchContext::new()
                .find_path(&planner.view(&k), start, goal, &SearchOptions::default())
                .cost();
            assert_eq!(got, want, "seed {seed}: {w}x{h}, claims {claims:?}");
        }
    }
}
