//! How a monster of a faction that plans with shared fields moves: it
//! reads its faction's field toward its goal at its cell, O(1): the turn's
//! plan phase settled the cell of every monster reading the field, exact
//! as of the turn's start (see `sim/fields.rs`); only a read that phase
//! could not foresee (a target set during the turn, a monster pushed off
//! the cells it settled) catches the field up and grows it there and then.
//! A field monster never waits to think. It chooses among the steps that
//! go downhill on the field (each one nearer the goal, so it can never
//! walk in circles), judged by what its faction knows now: a step into a
//! wall learnt since the turn began is no step, so it takes the best other
//! one, or stands for the turn if none is left
//! by step cost + the neighbour's value + local penalties for units in the
//! way and cells allies are about to step to. Without anyone about, that
//! is the optimal step; in a crowd, monsters spread over the equally good
//! and nearly as good steps instead of queueing on one. When a unit blocks
//! the way and will not move, a capped local search finds the cheapest way
//! round it back onto the field.
//!
//! A monster's route breaks when its faction learns a wall on it or its
//! ground turns out dearer: its cell's value is then above what it read
//! when it chose the step (O(1) to see, no path to re-cost), and it
//! counts a replan.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::ai::{ReplanReason, Status};
use super::event::Event;
use super::game::Game;
use crate::map::cost::{Cost, StepCosts, UNREACHED};
use crate::map::geom::{Dir, Pos};
use crate::map::terrain::FLOOR_COST;
use crate::path::{Connectivity, Field, WithObstacles, neighbours};

/// Penalty of stepping into a cell a unit stands on (it has moved on
/// this turn or will soon): a floor step, about what waiting for it costs.
/// Enough to prefer an equally good free cell, not to leave the route.
const OCCUPIED_PENALTY: Cost = FLOOR_COST;

/// Penalty of stepping into a cell an adjacent ally is about to step to,
/// per such ally: half a floor step (as A*'s claimed-path penalty,
/// [`super::ai::CLAIM_PENALTY`]), so two monsters side by side take two
/// parallel equally good cells rather than one after the other.
const CLAIMED_PENALTY: Cost = FLOOR_COST / 2;

/// A field monster detours round a unit only once that unit has not
/// moved for this many actions: a crowd filing through a corridor stands
/// still an action here and there, and detouring round every such pause
/// sends monsters the long way round (in the 200-monster crowd of
/// tests/crowds.rs, detouring round any unit that stood still once made
/// the last arrival 686 turns instead of about 510).
pub(crate) const STUCK_ACTIONS: u32 = 8;

/// A detour round units is taken only if it costs at most this many
/// straight floor steps more than the route through them: past that,
/// waiting for the way to clear is better (with 5 the crowd above took 659
/// turns, with 2, 518; a few steps round a stuck unit is what a detour is
/// for).
const DETOUR_SLACK_STEPS: Cost = 3;

impl Game {
    /// One action of a field-planning monster `id` (which has a goal).
    pub(super) fn act_field(&mut self, id: usize, ev: &mut Vec<Event>) {
        let m = &self.monsters[id];
        if m.planner.on_detour()
            && let Some(next) = m.planner.next_step()
        {
            return self.walk_to(id, next, ev);
        }
        let Some(goal) = m.planner.goal() else {
            return self.stand(id, None, ev);
        };
        let (at, fi, status) = (m.pos, m.faction, m.planner.status());
        // The islands pre-check: a goal on another island of what the
        // faction knows has no route, and the field need not say so by
        // searching the whole island.
        if !self.goal_reachable(id) {
            return self.no_field_route(id, ev);
        }
        let turn = self.turn;
        let settled = self.factions[fi]
            .field_as_updated(goal)
            .and_then(|field| field.settled_value(at));
        let read = match settled {
            Some(read) => read,
            None => {
                // Unforeseen by the plan phase: caught up and grown now,
                // outside the budget (the faction's work, charged to the
                // monster that needed it).
                let (field, knowledge) = self.factions[fi].field(goal, turn);
                let before = field.expanded();
                let read = field.value(knowledge, at);
                let expanded = field.expanded() - before;
                self.monsters[id].stats.expanded += expanded;
                read
            }
        };
        let Some(value) = read else {
            return self.no_field_route(id, ev);
        };
        if at == goal {
            // A hunter where it last saw the player (the faction's own goal
            // takes a monster off the level on arrival).
            let m = &mut self.monsters[id];
            m.planner.set_intent(at, None, 0);
            return self.stand(id, None, ev);
        }
        let walls = self.factions[fi].walls_learnt;
        let m = &self.monsters[id];
        let reason = match m.planner.expected(at) {
            Some(e) if value > e && m.planner.walls_seen() != walls => Some(ReplanReason::NewWall),
            Some(e) if value > e => Some(ReplanReason::Costlier),
            _ => None,
        };
        let first = status != Status::Ready;
        // A settled cell off the target always had a downhill step (the
        // one its value came from), but walls learnt since the turn began
        // may close them all: then the monster stands this turn, and the
        // next turn's field goes round them.
        let Some((next, expect)) = self.steer(id, goal, value) else {
            return self.stand(id, None, ev);
        };
        let m = &mut self.monsters[id];
        m.planner.set_intent(at, Some((next, expect)), value);
        m.planner.set_walls_seen(walls);
        let monster = m.id;
        if let Some(reason) = reason {
            m.stats.replans += 1;
            ev.push(Event::Replanned {
                monster,
                reason,
                cost: Some(value),
            });
        } else if first {
            ev.push(Event::Planned {
                monster,
                cost: value,
            });
        }
        self.walk_to(id, next, ev)
    }

    /// The field says there is no route from the monster's cell.
    fn no_field_route(&mut self, id: usize, ev: &mut Vec<Event>) {
        let m = &mut self.monsters[id];
        if m.planner.status() != Status::NoPath {
            m.planner.set_no_path();
            ev.push(Event::NoPath { monster: m.id });
        }
        self.stand(id, None, ev)
    }

    /// Chooses monster `id`'s step among the downhill steps of the field
    /// toward `goal` from its cell, worth `value` (settled): the least
    /// step cost + value + penalties (ties: the cheaper step, then the
    /// first direction). Returns the step and the value of its cell.
    /// Stopped units' cells are left out while any other step is left.
    fn steer(&self, id: usize, goal: Pos, value: Cost) -> Option<(Pos, Cost)> {
        let m = &self.monsters[id];
        let f = &self.factions[m.faction];
        let field = f.fields().get(goal)?;
        let descents = field.descents(f.knowledge(), m.pos, value);
        let mut best: Option<(Cost, Cost, Pos, Cost)> = None;
        let mut fallback: Option<(Cost, Cost, Pos, Cost)> = None;
        for &(n, step, total) in descents.as_slice() {
            let unit = m.pos.dir_to(n).map_or(0, |d| StepCosts::UNIT.for_dir(d));
            let candidate = (total, step, n, total - step);
            if fallback.is_none_or(|b| (total, step) < (b.0, b.1)) {
                fallback = Some(candidate);
            }
            let mut score = total;
            if let Some(o) = self.world.occupant(n) {
                let other = &self.monsters[o as usize];
                if other.is_stopped() {
                    continue;
                }
                score = score.saturating_add(OCCUPIED_PENALTY * unit);
            }
            let claims = Dir::ALL
                .iter()
                .filter_map(|&d| self.world.occupant(n.step(d)))
                .filter(|&o| {
                    let ally = &self.monsters[o as usize];
                    o != m.id && ally.faction == m.faction && ally.planner.next_step() == Some(n)
                })
                .count() as Cost;
            score = score.saturating_add(claims * CLAIMED_PENALTY * unit);
            if best.is_none_or(|b| (score, step) < (b.0, b.1)) {
                best = Some((score, step, n, total - step));
            }
        }
        best.or(fallback).map(|(_, _, next, expect)| (next, expect))
    }

    /// After monster `id` moved: its next step as its faction's field
    /// stands (no search, no budget), so that allies see where it is
    /// going (to swap with it head-on, not to push it back, and to steer
    /// clear of the cell it claims). Its next action reads the field
    /// properly.
    pub(super) fn refresh_intent(&mut self, id: usize) {
        let m = &self.monsters[id];
        if m.planner.on_detour() {
            return;
        }
        let Some(goal) = m.planner.goal() else { return };
        let f = &self.factions[m.faction];
        let Some(field) = f.fields().get(goal) else {
            return;
        };
        let next = field.raw_value(m.pos).and_then(|v| {
            let d = field.descents(f.knowledge(), m.pos, v);
            d.as_slice()
                .iter()
                .min_by_key(|&&(_, step, total)| (total, step))
                .map(|&(n, _, _)| n)
        });
        let at = m.pos;
        self.monsters[id].planner.set_hint(at, next);
    }

    /// A way round the units in monster `id`'s way back onto its field: a
    /// Dijkstra from its cell over its faction's knowledge with those
    /// units impassable, within the avoid radius and the detour budget
    /// (both from [`super::SimConfig`]), to the cell `c` minimising the
    /// distance to it plus its value, among cells below the monster's own
    /// value (so the detour makes progress). Taken if it costs at most
    /// [`DETOUR_SLACK_STEPS`] floor steps more than the monster's value.
    /// True if one was taken.
    pub(super) fn field_detour(&mut self, id: usize, ev: &mut Vec<Event>) -> bool {
        let avoid = self.units_to_avoid(id);
        let m = &self.monsters[id];
        let Some(goal) = m.planner.goal() else {
            return false;
        };
        let f = &self.factions[m.faction];
        let Some(field) = f.fields().get(goal) else {
            return false;
        };
        let Some(value) = m
            .planner
            .cost()
            .filter(|_| m.planner.status() == Status::Ready)
        else {
            return false;
        };
        let left = self.config.expansion_budget.saturating_sub(self.spent);
        let cap = self.config.detour_budget.min(left);
        if cap == 0 {
            return false;
        }
        let view = WithObstacles::new(f.knowledge(), &avoid);
        let slack = DETOUR_SLACK_STEPS * StepCosts::UNIT.scaled(FLOOR_COST).straight;
        let (found, expanded) = local_exit(
            &view,
            field,
            m.pos,
            self.config.avoid_radius,
            cap,
            value,
            value.saturating_add(slack),
        );
        self.charge(id, expanded);
        let Some((path, end_value)) = found else {
            return false;
        };
        let m = &mut self.monsters[id];
        m.planner.set_detour(path, value, end_value);
        m.stats.replans += 1;
        ev.push(Event::Replanned {
            monster: m.id,
            reason: ReplanReason::Blocked,
            cost: Some(value),
        });
        true
    }
}

/// The search of [`Game::field_detour`]: Dijkstra from `from` on `map`
/// within Chebyshev `radius`, at most `cap` expansions, to the cell `c`
/// with `field` value below `below` minimising distance + value, if that
/// is at most `limit`. Returns the path (from `from` to `c`) and `c`'s
/// value, and the expansions made. Dense arrays over the window, no
/// hashing; ties broken by `(total, cell index)`.
fn local_exit<M: crate::path::CostMap + ?Sized>(
    map: &M,
    field: &Field,
    from: Pos,
    radius: u32,
    cap: u64,
    below: Cost,
    limit: Cost,
) -> (Option<(Vec<Pos>, Cost)>, u64) {
    let r = radius.max(1) as i32;
    let side = (2 * r + 1) as usize;
    let local = |p: Pos| -> Option<usize> {
        let (dx, dy) = (p.x - from.x + r, p.y - from.y + r);
        (dx >= 0 && dy >= 0 && (dx as usize) < side && (dy as usize) < side)
            .then(|| dy as usize * side + dx as usize)
    };
    let at = |i: usize| {
        Pos::new(
            from.x - r + (i % side) as i32,
            from.y - r + (i / side) as i32,
        )
    };
    let mut dist = vec![UNREACHED; side * side];
    let mut parent = vec![u32::MAX; side * side];
    let mut heap = BinaryHeap::new();
    let start = local(from).expect("the centre");
    dist[start] = 0;
    heap.push(Reverse((0, start)));
    let mut best: Option<(Cost, usize, Cost)> = None;
    let mut expanded = 0;
    let width = map.width() as usize;
    while let Some(Reverse((d, u))) = heap.pop() {
        if d > dist[u] {
            continue;
        }
        if best.is_some_and(|(b, _, _)| d >= b) || expanded >= cap {
            break; // Values are never negative: nothing later is better.
        }
        expanded += 1;
        let p = at(u);
        if u != start
            && let Some(v) = field.raw_value(p).filter(|&v| v < below)
        {
            let total = d.saturating_add(v);
            if total <= limit && best.is_none_or(|(b, bi, _)| (total, u) < (b, bi)) {
                best = Some((total, u, v));
            }
        }
        let index = p.row_major(width as u32);
        for n in neighbours(map, p, index, Connectivity::Eight) {
            let Some(ni) = local(n.to) else { continue };
            let nd = d.saturating_add(n.cost);
            if nd < dist[ni] {
                dist[ni] = nd;
                parent[ni] = u as u32;
                heap.push(Reverse((nd, ni)));
            }
        }
    }
    let found = best.map(|(_, end, v)| {
        let mut path = vec![at(end)];
        let mut i = end;
        while i != start {
            i = parent[i] as usize;
            path.push(at(i));
        }
        path.reverse();
        (path, v)
    });
    (found, expanded)
}
