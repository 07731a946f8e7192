//! The turn loop: the rules of movement, sight and bumping, applied to the
//! true world, with every monster's plan made over its faction's knowledge
//! (see [`super::ai`]). Deterministic: monsters act in id order, every
//! search visits neighbours in one fixed order and breaks ties one fixed
//! way, energy is integer, the one RNG is seeded and owned here, and no
//! hash map is iterated.
//!
//! Energy: each turn a monster gains its speed ([`NORMAL_SPEED`] is one
//! floor step a turn) and acts while it has at least [`ACTION_READY`];
//! each action spends what it costs ([`move_energy`], [`WAIT_ENERGY`]), so
//! a swamp step takes three turns and a road step seven tenths of one.
//!
//! Searches: A* requests go into a first-come-first-served queue that gets
//! [`SimConfig::expansion_budget`] expansions a turn, so hundreds of
//! monsters replanning at once never stall a turn; a search that runs out
//! goes on next turn, first in line, over a snapshot of the knowledge it
//! started on (so it is still an optimal search, and nobody starves), and
//! its path is then checked against what was learnt meanwhile like any
//! other. D* Lite repairs are charged to the same budget but run at once:
//! they are small, and that is the point of them.

use std::collections::VecDeque;

use rand::RngExt;

use super::Command;
use super::ai::{Planner, ReplanReason, Status};
use super::event::{Event, WaitReason};
use super::faction::Faction;
use super::monster::{Monster, MonsterId, Presence};
use super::play::{MONSTER_HP, PlayOutcome, PlayState};
use super::stats::{Stats, Trail, index};
use super::world::World;
use crate::content::level::Level;
use crate::fog::danger::DECAY_PERIOD;
use crate::fog::knowledge::{Knowledge, Learnt, Turn};
use crate::map::cost::Cost;
use crate::map::geom::{Dir, Pos};
use crate::map::terrain::Terrain;
use crate::path::{Connectivity, Outcome, SearchContext, SearchOptions, WithObstacles};
use crate::rng::{SimRng, sim_rng};
use crate::{fog::sight::look, path::Replanner};

pub use crate::content::level::NORMAL_SPEED;
/// A monster acts while it has at least this much energy.
pub const ACTION_READY: i64 = 100;
/// Standing still (waiting, thinking, or a move lost to a bump) costs what
/// a straight floor step does, so a blocked monster takes its turn.
pub const WAIT_ENERGY: i64 = 100;
/// At most this many actions a turn, whatever the speed and terrain.
const MAX_ACTIONS: u32 = 32;

/// Energy a step costs: ten times the entering cost factor of the target
/// cell for a straight step (floor: 100), fourteen for a diagonal. Time
/// approximates the diagonal by 1.4; plans use the exact costs, so this
/// decides how long a step takes, never which route is best.
pub fn move_energy(enter_factor: Cost, diagonal: bool) -> i64 {
    enter_factor as i64 * if diagonal { 14 } else { 10 }
}

/// Settings of the simulation that are not part of a level.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SimConfig {
    /// A* expansions the search queue may spend a turn (D* Lite repairs
    /// are charged to it too). The default, 20,000, keeps a turn of 1,000
    /// monsters replanning on a 512x512 map near 6 ms (see README); small
    /// levels never reach it.
    pub expansion_budget: u64,
    /// Most actions a monster waits for a moving unit to clear its way
    /// before it plans around it (drawn from 1 to this for each hold-up; a
    /// stopped unit is planned around at once).
    pub patience: u32,
    /// Stopped units of its own faction within this many cells are planned
    /// around (adjacent units always are).
    pub avoid_radius: u32,
    /// Most expansions a search for a way round units in the way may take
    /// (it runs at once, charged to the turn's budget).
    pub detour_budget: u64,
    /// A* plans treat cells on the future paths of allies within this many
    /// cells as claimed (dearer, see [`crate::sim::ai::CLAIM_PENALTY`]);
    /// 0 turns claims off.
    pub claim_radius: u32,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            expansion_budget: 20_000,
            patience: 2,
            avoid_radius: 8,
            detour_budget: 2_000,
            claim_radius: 8,
        }
    }
}

/// Why a level cannot start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("monster {monster} spawns at {at}, which is not free, passable ground")]
    BadSpawn { monster: usize, at: Pos },
    #[error("faction {faction}'s goal {at} is off the map")]
    BadGoal { faction: String, at: Pos },
}

/// A search that ran out of budget and goes on next turn.
#[derive(Clone, Debug)]
pub(super) struct Suspended {
    /// The knowledge it started on.
    pub(super) snapshot: Knowledge,
    /// The faction's log length then.
    pub(super) log_len: usize,
    /// Where it searches from (the monster may since have been pushed).
    pub(super) from: Pos,
    /// Expansions it has made so far: with the snapshot, the start, and
    /// the planner's goal, blocked cells and claims (which cannot change
    /// while it is queued), they determine the search context's state.
    pub(super) expanded: u64,
}

/// A* requests, first come first served.
#[derive(Clone, Debug, Default)]
pub(super) struct SearchQueue {
    pub(super) waiting: VecDeque<MonsterId>,
    /// Scratch memory of the searches, but for a suspended one's progress.
    ctx: SearchContext,
    /// The head's search, when it ran out of budget.
    pub(super) suspended: Option<Suspended>,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) seed: u64,
    pub(super) turn: Turn,
    pub(super) world: World,
    pub(super) factions: Vec<Faction>,
    pub(super) monsters: Vec<Monster>,
    pub(super) rng: SimRng,
    pub(super) queue: SearchQueue,
    /// For short searches round units, apart from the queue's (which may
    /// hold a suspended search).
    detour_ctx: SearchContext,
    pub(super) config: SimConfig,
    /// Expansions spent this turn.
    pub(super) spent: u64,
    /// The player, the treasure and the stairs, on a level to play.
    pub(super) play: Option<PlayState>,
    /// The turn's budget ran out with searches still waiting.
    pub(super) limited_now: bool,
    /// Turns that ended so (see [`Game::budget_limited_turns`]).
    pub(super) budget_limited: u64,
    /// Monsters on the level (not the player) summed over turns played.
    pub(super) monster_turns: u64,
    /// Field reads the budget ran out on, first come first served: the
    /// monster, its faction, the field's target and the cell it asked
    /// about. At the start of the next turn these fields grow first, so a
    /// field whose monsters come late in the turn order is not starved by
    /// another faction's repairs.
    pub(super) field_waits: VecDeque<(MonsterId, usize, Pos, Pos)>,
}

impl Game {
    /// Starts `level` with `seed`: monsters placed in the level's order with
    /// a random head start of energy (so equal-speed monsters are not in
    /// lockstep), and every monster looks around once.
    pub fn new(level: &Level, seed: u64, config: SimConfig) -> Result<Game, GameError> {
        let terrain = &level.terrain;
        let mut world = World::new(terrain.clone());
        let mut rng = sim_rng(seed);
        let mut factions = Vec::new();
        for spec in &level.factions {
            if let Some(goal) = spec.goal
                && terrain.get(goal).is_none()
            {
                return Err(GameError::BadGoal {
                    faction: spec.name.clone(),
                    at: goal,
                });
            }
            let mut f = Faction::new(spec.clone(), terrain.width(), terrain.height());
            if spec.knows_map {
                for p in terrain.grid().positions() {
                    f.know(p, terrain.grid()[p]);
                }
                // Chokepoints judged on the way need no telling: no plan
                // exists yet.
                f.knowledge_mut().0.drain_danger_changes();
            }
            factions.push(f);
        }
        let mut monsters = Vec::new();
        for (i, s) in level.spawns.iter().enumerate() {
            if !terrain.is_passable(s.at) || world.occupant(s.at).is_some() {
                return Err(GameError::BadSpawn {
                    monster: i,
                    at: s.at,
                });
            }
            let spec = &level.factions[s.faction];
            let id = i as MonsterId;
            world.place(id, s.at);
            monsters.push(Monster {
                id,
                faction: s.faction,
                pos: s.at,
                presence: Presence::Here,
                energy: rng.random_range(0..spec.speed.max(1) as i64),
                speed: spec.speed,
                planner: Planner::new(spec.planner, spec.goal),
                stats: Stats::default(),
                trail: Trail::new(index(s.at, terrain.width())),
                still: 0,
                blocked_waits: 0,
                patience: 0,
                hp: MONSTER_HP,
                is_player: false,
            });
        }
        let mut game = Game {
            seed,
            turn: 0,
            world,
            factions,
            monsters,
            rng,
            queue: SearchQueue::default(),
            detour_ctx: SearchContext::new(),
            config,
            spent: 0,
            play: None,
            limited_now: false,
            budget_limited: 0,
            monster_turns: 0,
            field_waits: VecDeque::new(),
        };
        if let Some(at) = level.player {
            game.add_player(at, level.treasure, level.stairs)?;
        }
        let mut ignored = Vec::new();
        for id in 0..game.monsters.len() {
            game.look(id, &[], &mut ignored);
        }
        game.grow_fields();
        Ok(game)
    }

    /// Before the first turn, as the level is set up: every field monster's
    /// first read is made in full, outside any turn's budget, so the
    /// faction's field toward its goal covers its monsters before play
    /// starts (as a roguelike computes its maps when a level loads) and
    /// nobody waits for a first plan. Each read is charged to its monster;
    /// what it cost shows in `expanded`. The work is one search from the
    /// goal per faction, at most the map: on a 512x512 dungeon with four
    /// factions about a million expansions in all.
    fn grow_fields(&mut self) {
        for id in 0..self.monsters.len() {
            let m = &self.monsters[id];
            if m.is_player || m.planner.kind() != Replanner::Field {
                continue;
            }
            let Some(goal) = m.planner.goal() else {
                continue;
            };
            let (fi, at) = (m.faction, m.pos);
            let (field, knowledge) = self.factions[fi].field(goal, 0);
            let before = field.expanded();
            field.value(knowledge, at);
            let expanded = field.expanded() - before;
            self.monsters[id].stats.expanded += expanded;
        }
    }

    /// Does what `command` asks; returns what happened, in order.
    pub fn apply(&mut self, command: Command) -> Vec<Event> {
        let mut events = Vec::new();
        match command {
            Command::Advance => self.advance(&mut events),
            Command::SetGoal { monster, goal } => {
                if let Some(m) = self.monsters.get_mut(monster as usize) {
                    m.planner = Planner::new(m.planner.kind(), goal);
                    self.unqueue(monster);
                }
            }
            Command::Kill { monster } => self.kill(monster, &mut events),
            Command::Player(action) => self.player_turn(action, &mut events),
        }
        events
    }

    /// The seed the game started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Turns played.
    pub fn turn(&self) -> Turn {
        self.turn
    }
    /// The true world (for the rules, the UI and tests; never for planners).
    pub fn world(&self) -> &World {
        &self.world
    }
    pub fn factions(&self) -> &[Faction] {
        &self.factions
    }
    pub fn monsters(&self) -> &[Monster] {
        &self.monsters
    }
    pub fn config(&self) -> &SimConfig {
        &self.config
    }
    /// Expansions spent by searches this turn.
    pub fn spent_this_turn(&self) -> u64 {
        self.spent
    }
    /// Turns whose search budget ran out while requests still waited in
    /// the queue: turns in which some monster's plan was held back.
    pub fn budget_limited_turns(&self) -> u64 {
        self.budget_limited
    }
    /// Monsters on the level (not counting the player) summed over the
    /// turns played: what think-waits are a share of.
    pub fn monster_turns(&self) -> u64 {
        self.monster_turns
    }
    /// A* requests waiting for the search budget.
    pub fn queued_searches(&self) -> usize {
        self.queue.waiting.len()
    }

    /// A faction's counters: its monsters' summed.
    pub fn faction_stats(&self, faction: usize) -> Stats {
        let mut s = Stats::default();
        for m in self.monsters.iter().filter(|m| m.faction == faction) {
            s += m.stats;
        }
        s
    }

    /// True when nothing more can happen: every monster has left, or has
    /// no goal, or has no path on what its faction knows with nobody in
    /// its way (knowledge only ever adds walls, so that is final).
    pub fn is_settled(&self) -> bool {
        if let Some(play) = &self.play {
            return play.outcome != PlayOutcome::Playing;
        }
        self.monsters.iter().all(|m| {
            !m.is_here()
                || m.planner.goal().is_none()
                || (m.planner.status() == Status::NoPath && m.planner.blocked().is_empty())
        })
    }

    /// Takes `monster`'s request out of the search queue.
    pub(super) fn unqueue(&mut self, monster: MonsterId) {
        if self.queue.waiting.front() == Some(&monster) {
            // The suspended search, if any, was this monster's.
            self.queue.suspended = None;
        }
        self.queue.waiting.retain(|&w| w != monster);
    }

    pub(super) fn kill(&mut self, monster: MonsterId, ev: &mut Vec<Event>) {
        let Some(m) = self.monsters.get_mut(monster as usize) else {
            return;
        };
        if !m.is_here() {
            return;
        }
        m.presence = Presence::Dead(self.turn);
        let (at, fi) = (m.pos, m.faction);
        self.world.remove(at);
        self.unqueue(monster);
        let f = &mut self.factions[fi];
        let (knowledge, _) = f.knowledge_mut();
        let changed = knowledge.death(at);
        f.log_changes(changed);
        ev.push(Event::Died { monster, at });
        if let Some(play) = &mut self.play
            && play.player == monster
        {
            play.outcome = PlayOutcome::Lost(self.turn);
        }
    }

    pub(super) fn advance(&mut self, ev: &mut Vec<Event>) {
        self.turn += 1;
        self.spent = 0;
        self.limited_now = false;
        self.monster_turns += self
            .monsters
            .iter()
            .filter(|m| m.is_here() && !m.is_player)
            .count() as u64;
        self.regenerate();
        if self.turn.is_multiple_of(DECAY_PERIOD) {
            for f in &mut self.factions {
                let (knowledge, _) = f.knowledge_mut();
                let changed = knowledge.decay();
                f.log_changes(changed);
            }
        }
        for m in self.monsters.iter_mut().filter(|m| m.is_here()) {
            m.energy = (m.energy + m.speed as i64).min(ACTION_READY + m.speed as i64);
        }
        // Searches left over from last turn go first.
        self.pump(ev);
        self.serve_field_waits();
        for id in 0..self.monsters.len() {
            let mut actions = 0;
            while actions < MAX_ACTIONS
                && !self.monsters[id].is_player
                && self.monsters[id].is_here()
                && self.monsters[id].energy >= ACTION_READY
                && self
                    .play
                    .as_ref()
                    .is_none_or(|p| p.outcome == PlayOutcome::Playing)
            {
                self.act(id, ev);
                actions += 1;
            }
        }
        self.budget_limited += self.limited_now as u64;
        self.tend_fields();
        self.compact_logs();
    }

    /// Each faction's fields catch up with its log, and those no monster
    /// of it heads for any more are dropped.
    fn tend_fields(&mut self) {
        // (faction, target) of every field monster here: one pass over the
        // monsters, not one per faction.
        let mut targets: Vec<(usize, Pos)> = self
            .monsters
            .iter()
            .filter(|m| m.is_here() && !m.is_player)
            .filter(|m| m.planner.kind() == Replanner::Field)
            .filter_map(|m| m.planner.goal().map(|g| (m.faction, g)))
            .collect();
        targets.sort_unstable_by_key(|&(f, p)| (f, p.y, p.x));
        targets.dedup();
        for (fi, f) in self.factions.iter_mut().enumerate() {
            if f.fields().is_empty() {
                continue;
            }
            let lo = targets.partition_point(|&(tf, _)| tf < fi);
            let hi = targets.partition_point(|&(tf, _)| tf <= fi);
            let mine: Vec<Pos> = targets[lo..hi].iter().map(|&(_, p)| p).collect();
            f.tend_fields(&mine);
        }
    }

    /// Drops each faction's log entries that all its readers have taken
    /// in: every monster still on the level (but the player, whose plan
    /// nothing reads the log for) and a suspended search.
    fn compact_logs(&mut self) {
        let mut read: Vec<usize> = self.factions.iter().map(|f| f.log().total()).collect();
        for m in self.monsters.iter().filter(|m| m.is_here() && !m.is_player) {
            read[m.faction] = read[m.faction].min(m.planner.log_seen());
        }
        if let (Some(s), Some(&head)) = (&self.queue.suspended, self.queue.waiting.front()) {
            let f = self.monsters[head as usize].faction;
            read[f] = read[f].min(s.log_len);
        }
        for (f, r) in self.factions.iter_mut().zip(read) {
            let r = f.fields().log_read().map_or(r, |fr| fr.min(r));
            f.compact_log(r);
        }
    }

    /// One action of monster `id`.
    fn act(&mut self, id: usize, ev: &mut Vec<Event>) {
        if self.factions[self.monsters[id].faction].spec().hostile && self.hostile_act(id, ev) {
            return;
        }
        self.sync(id, ev);
        let m = &self.monsters[id];
        if m.planner.goal().is_none() {
            return self.stand(id, None, ev);
        }
        if m.planner.kind() == Replanner::Field {
            return self.act_field(id, ev);
        }
        if m.planner.status() == Status::NeedsPlan {
            self.request_plan(id, ev);
        }
        let m = &self.monsters[id];
        let Some(next) = m.planner.next_step() else {
            let thinking = matches!(m.planner.status(), Status::Queued | Status::NeedsPlan);
            return self.stand(id, thinking.then_some(WaitReason::Thinking), ev);
        };
        self.walk_to(id, next, ev);
    }

    /// Monster `id` goes for `next`, the step its plan says: it bumps into
    /// a wall it did not know, meets a unit, or steps.
    pub(super) fn walk_to(&mut self, id: usize, next: Pos, ev: &mut Vec<Event>) {
        let at = self.monsters[id].pos;
        let Some(dir) = at.dir_to(next) else {
            // Plans only step to neighbours; never trust that blindly.
            self.monsters[id].planner.request(None);
            return self.stand(id, Some(WaitReason::Thinking), ev);
        };
        // Legality first: a unit diagonally past a wall corner is no more
        // to be swapped with or waited for than stepped to.
        if crate::path::step(self.world.terrain(), at, dir, Connectivity::Eight).is_none() {
            return self.bump(id, next, dir, ev);
        }
        if let Some(other) = self.world.occupant(next) {
            return self.collide(id, other as usize, ev);
        }
        self.step(id, next, dir, ev);
    }

    /// Spends an action standing still.
    pub(super) fn stand(&mut self, id: usize, reason: Option<WaitReason>, ev: &mut Vec<Event>) {
        let m = &mut self.monsters[id];
        m.energy -= WAIT_ENERGY;
        m.still += 1;
        if let Some(reason) = reason {
            match reason {
                WaitReason::Thinking => m.stats.think_waits += 1,
                WaitReason::Blocked => m.stats.unit_waits += 1,
            }
            ev.push(Event::Waited {
                monster: m.id,
                reason,
            });
        }
    }

    /// A unit stands on the next cell. If it is heading into this monster's
    /// cell, the two squeeze past each other; an ally with nowhere to step
    /// (thinking, idle, lost) swaps places with it (as allies do in most
    /// roguelikes): single-file corridors would jam otherwise. An ally
    /// waiting in line is not pushed back: that would only swap it back. Anyone else: wait for it to move on,
    /// and plan around it once it is stopped or patience runs out.
    pub(super) fn collide(&mut self, id: usize, other: usize, ev: &mut Vec<Event>) {
        let (me, them) = (&self.monsters[id], &self.monsters[other]);
        let head_on = them.planner.next_step() == Some(me.pos);
        let idle_ally = them.faction == me.faction && them.planner.next_step().is_none();
        if head_on || idle_ally {
            return self.swap(id, other, head_on, ev);
        }
        let stopped = them.is_stopped();
        let stuck = them.still >= crate::sim::steer::STUCK_ACTIONS;
        let m = &mut self.monsters[id];
        if m.blocked_waits == 0 {
            // Patience is drawn afresh for each hold-up, so two monsters
            // waiting on each other do not give up in the same action; a
            // stopped unit is planned around at once.
            m.patience = if stopped {
                0
            } else {
                self.rng.random_range(1..=self.config.patience.max(1))
            };
        }
        if m.blocked_waits >= m.patience {
            let found = match self.monsters[id].planner.kind() {
                // A field monster already steers round stopped units when
                // it can; it detours only round a unit that has not moved
                // for a while (see `steer::STUCK_ACTIONS`). One that will
                // move on: it waits.
                Replanner::Field => stuck && self.field_detour(id, ev),
                _ => self.detour(id, ev),
            };
            if found {
                self.monsters[id].blocked_waits = 0;
            } else {
                // Hemmed in: keep the plan and wait a while before trying
                // again, rather than search again every action.
                let m = &mut self.monsters[id];
                m.patience = m.blocked_waits + 1 + self.rng.random_range(2..=6);
                m.blocked_waits += 1;
            }
        } else {
            self.monsters[id].blocked_waits += 1;
        }
        self.stand(id, Some(WaitReason::Blocked), ev);
    }

    /// Plans round the units in the way; true if a way round was found. An
    /// A* search capped at the detour budget, whatever the faction's
    /// planner: a detour round a unit is short, and not finding one cheaply
    /// means waiting is better. (Cutting a maze corridor in D* Lite's graph
    /// would raise every cost behind it, then lower them all again when the
    /// unit moves on.) D* Lite takes its plan back at its next repair.
    fn detour(&mut self, id: usize, ev: &mut Vec<Event>) -> bool {
        let avoid = self.units_to_avoid(id);
        let m = &mut self.monsters[id];
        let f = &self.factions[m.faction];
        let Some(goal) = m.planner.goal() else {
            return false;
        };
        let left = self.config.expansion_budget.saturating_sub(self.spent);
        let cap = self.config.detour_budget.min(left);
        if cap == 0 {
            return false;
        }
        let options = SearchOptions {
            max_expansions: Some(cap),
            ..SearchOptions::default()
        };
        let view = WithObstacles::new(f.knowledge(), &avoid);
        let outcome = self.detour_ctx.find_path(&view, m.pos, goal, &options);
        let expanded = self.detour_ctx.stats().expanded;
        let log_len = f.log().total();
        let found = m
            .planner
            .take_detour(outcome, avoid, f.knowledge(), log_len);
        self.charge(id, expanded);
        if found {
            self.announce(id, Some(ReplanReason::Blocked), ev);
        }
        found
    }

    /// Monster `id` steps into its ally `other`'s cell and `other` into
    /// its; `head_on` when that is where `other` was going anyway.
    fn swap(&mut self, id: usize, other: usize, head_on: bool, ev: &mut Vec<Event>) {
        let (from, to) = (self.monsters[id].pos, self.monsters[other].pos);
        let Some(dir) = from.dir_to(to) else {
            return self.stand(id, Some(WaitReason::Blocked), ev);
        };
        self.world.remove(to);
        self.step(id, to, dir, ev);
        let width = self.world.terrain().width();
        let o = &mut self.monsters[other];
        o.pos = from;
        o.stats.steps += 1;
        o.trail.push(index(from, width));
        o.stats.wasted = o.stats.steps.saturating_sub(o.trail.len());
        o.still = 0;
        let f = &self.factions[o.faction];
        if head_on {
            o.planner.advanced(from);
        } else {
            let expanded = o.planner.displaced(f.knowledge(), from);
            o.stats.expanded += expanded;
            self.spent += expanded;
        }
        let o = &mut self.monsters[other];
        let monster = o.id;
        ev.push(Event::Moved {
            monster,
            from: to,
            to: from,
        });
        let arrived =
            o.planner.goal() == Some(from) && self.factions[o.faction].spec().goal == Some(from);
        self.look(other, &Self::corners(to, dir.opposite()), ev);
        if arrived {
            self.monsters[other].presence = Presence::Escaped(self.turn);
            ev.push(Event::ReachedGoal { monster, at: from });
            return;
        }
        self.world.place(monster, from);
        self.sync(other, ev);
        self.refresh_intent(other);
    }

    /// A step on the true map.
    pub(super) fn step(&mut self, id: usize, to: Pos, dir: Dir, ev: &mut Vec<Event>) {
        let width = self.world.terrain().width();
        let factor = self
            .world
            .get(to)
            .and_then(Terrain::enter_cost)
            .unwrap_or(0);
        let m = &mut self.monsters[id];
        let from = m.pos;
        m.energy -= move_energy(factor, dir.is_diagonal());
        m.pos = to;
        m.still = 0;
        m.blocked_waits = 0;
        m.stats.steps += 1;
        m.trail.push(index(to, width));
        m.stats.wasted = m.stats.steps - m.trail.len();
        m.planner.advanced(to);
        let monster = m.id;
        // Only its faction's goal takes a monster off the level (a hunter
        // reaching where it last saw the player stays).
        let arrived =
            m.planner.goal() == Some(to) && self.factions[m.faction].spec().goal == Some(to);
        self.world.remove(from);
        ev.push(Event::Moved { monster, from, to });
        self.look(id, &Self::corners(from, dir), ev);
        if arrived {
            self.monsters[id].presence = Presence::Escaped(self.turn);
            ev.push(Event::ReachedGoal { monster, at: to });
            return;
        }
        self.world.place(monster, to);
        // Replan at once if what it saw broke its path: before any bump.
        self.sync(id, ev);
        self.refresh_intent(id);
    }

    /// A step into a wall the monster did not know: it feels the cells that
    /// stopped it (the target, and for a diagonal the two corners), loses
    /// the move and replans.
    pub(super) fn bump(&mut self, id: usize, toward: Pos, dir: Dir, ev: &mut Vec<Event>) {
        let m = &mut self.monsters[id];
        m.stats.bumps += 1;
        let (at, monster) = (m.pos, m.id);
        ev.push(Event::Bumped { monster, toward });
        let mut touched = Self::corners(at, dir);
        touched.insert(0, toward);
        if !self.look(id, &touched, ev) {
            // It bumped into something its faction knew: its plan is wrong.
            self.monsters[id].planner.request(None);
        }
        self.stand(id, None, ev);
        self.sync(id, ev);
    }

    /// The monster looks around with its faction's sight, and feels the
    /// `touched` cells (the corners it just squeezed between: a diagonal
    /// step passes right by them, so even a blind monster learns them).
    /// True if its faction learnt anything.
    pub(super) fn look(&mut self, id: usize, touched: &[Pos], ev: &mut Vec<Event>) -> bool {
        let m = &self.monsters[id];
        let f = &mut self.factions[m.faction];
        let sight = f.spec().sight;
        let (knowledge, log) = f.knowledge_mut();
        let mut cells = look(knowledge, self.world.terrain(), m.pos, sight, self.turn);
        for &p in touched {
            if let Some(t) = self.world.get(p)
                && knowledge.learn(p, t, self.turn) != Learnt::Nothing
            {
                cells.push(p);
            }
        }
        // Chokepoints re-judged on what was learnt change costs too.
        log.extend(knowledge.drain_danger_changes());
        if cells.is_empty() {
            return false;
        }
        let walls = cells
            .iter()
            .filter(|&&p| knowledge.terrain(p) == Some(Terrain::Wall))
            .count();

        log.extend_from_slice(&cells);
        f.walls_learnt += walls as u64;
        ev.push(Event::Discovered {
            faction: m.faction,
            by: m.id,
            cells,
        });
        true
    }

    /// The two cells a step from `from` in `dir` passes between (none for a
    /// straight step).
    fn corners(from: Pos, dir: Dir) -> Vec<Pos> {
        if !dir.is_diagonal() {
            return Vec::new();
        }
        let (a, b) = dir.components();
        vec![from.step(a), from.step(b)]
    }

    /// Brings the monster's plan up to date with its faction's knowledge.
    pub(super) fn sync(&mut self, id: usize, ev: &mut Vec<Event>) {
        let m = &mut self.monsters[id];
        if m.planner.status() == Status::Queued {
            return; // Checked when the search comes back.
        }
        let f = &self.factions[m.faction];
        let sync = m.planner.sync(f.knowledge(), f.log());
        self.charge(id, sync.expanded);
        if sync.broken || sync.costlier {
            let reason = if sync.broken {
                ReplanReason::NewWall
            } else {
                ReplanReason::Costlier
            };
            match self.monsters[id].planner.kind() {
                Replanner::AStar => self.request_plan(id, ev),
                Replanner::DStarLite => self.announce(id, Some(reason), ev),
                // A field plan's sync reports nothing: the monster finds
                // out from its cell's value at its next read (steer.rs).
                Replanner::Field => {}
            }
        }
    }

    /// Makes (D* Lite) or queues (A*) a plan over the faction's knowledge.
    /// Units are not planned around here but where they are met (see
    /// [`Game::collide`]): a whole-map search that fails because a unit
    /// stands in a corridor would be wasted, since units move.
    ///
    /// First the islands pre-check: a goal on another island of what the
    /// faction knows is answered "no path" at once, without a search. An
    /// A* plan also steers round cells allies near it have claimed. (A
    /// field plan is read, not requested: see [`Game::act_field`].)
    fn request_plan(&mut self, id: usize, ev: &mut Vec<Event>) {
        let reachable = self.goal_reachable(id);
        let claims = match self.monsters[id].planner.kind() {
            Replanner::AStar => self.claims_near(id),
            Replanner::DStarLite | Replanner::Field => Vec::new(),
        };
        let m = &mut self.monsters[id];
        let f = &self.factions[m.faction];
        m.planner.clear_blocked();
        m.planner.set_claims(claims);
        if !reachable {
            let reason =
                m.planner
                    .install(Outcome::Unreachable, f.knowledge(), f.log().total(), m.pos);
            return self.announce(id, reason, ev);
        }
        match m.planner.kind() {
            Replanner::AStar => {
                if m.planner.status() != Status::Queued {
                    m.planner.queued();
                    self.queue.waiting.push_back(m.id);
                }
                self.pump(ev);
            }
            Replanner::DStarLite => {
                let expanded = m
                    .planner
                    .plan_incremental(f.knowledge(), m.pos, f.log().total());
                self.charge(id, expanded);
                self.announce(id, None, ev);
            }
            Replanner::Field => m.planner.request(None),
        }
    }

    /// Runs queued A* searches, first come first served, until the turn's
    /// budget is spent.
    fn pump(&mut self, ev: &mut Vec<Event>) {
        while self.spent < self.config.expansion_budget {
            let Some(&id) = self.queue.waiting.front() else {
                break;
            };
            let left = self.config.expansion_budget - self.spent;
            let m = &self.monsters[id as usize];
            let f = &self.factions[m.faction];
            let q = &mut self.queue;
            let outcome = match (&q.suspended, m.planner.goal()) {
                (Some(s), _) => q
                    .ctx
                    .resume(&m.planner.view(&s.snapshot), left)
                    .unwrap_or(Outcome::Unreachable),
                (None, Some(goal)) => {
                    let options = SearchOptions {
                        max_expansions: Some(left),
                        ..SearchOptions::default()
                    };
                    q.ctx
                        .find_path(&m.planner.view(f.knowledge()), m.pos, goal, &options)
                }
                (None, None) => Outcome::Unreachable,
            };
            let expanded = q.ctx.stats().expanded;
            if outcome == Outcome::OutOfBudget {
                match &mut q.suspended {
                    Some(s) => s.expanded += expanded,
                    None => {
                        q.suspended = Some(Suspended {
                            snapshot: f.knowledge().snapshot(),
                            log_len: f.log().total(),
                            from: m.pos,
                            expanded,
                        })
                    }
                }
                self.charge(id as usize, expanded);
                break;
            }
            let suspended = q.suspended.take();
            q.waiting.pop_front();
            self.charge(id as usize, expanded);
            let f = &self.factions[self.monsters[id as usize].faction];
            let (knowledge, log_len) = match &suspended {
                Some(s) => (&s.snapshot, s.log_len),
                None => (f.knowledge(), f.log().total()),
            };
            // A suspended search started where the monster stood then; an
            // ally may have swapped it to a neighbouring cell since.
            let m = &mut self.monsters[id as usize];
            let reason = m.planner.install(outcome, knowledge, log_len, m.pos);
            self.announce(id as usize, reason, ev);
        }
        // The loop ends on an empty queue or a spent budget: anyone still
        // waiting was held back by the budget.
        if !self.queue.waiting.is_empty() {
            self.limited_now = true;
        }
    }

    /// Reports a plan just made or repaired.
    fn announce(&mut self, id: usize, reason: Option<ReplanReason>, ev: &mut Vec<Event>) {
        let m = &mut self.monsters[id];
        let monster = m.id;
        match (m.planner.status(), m.planner.cost(), reason) {
            (Status::Ready, Some(cost), None) => ev.push(Event::Planned { monster, cost }),
            (Status::Ready, cost, Some(reason)) => {
                m.stats.replans += 1;
                ev.push(Event::Replanned {
                    monster,
                    reason,
                    cost,
                });
            }
            (Status::NoPath, ..) => ev.push(Event::NoPath { monster }),
            _ => {}
        }
    }

    /// Charges search work to a monster and to the turn's budget.
    pub(super) fn charge(&mut self, id: usize, expanded: u64) {
        self.monsters[id].stats.expanded += expanded;
        self.spent += expanded;
    }

    /// False when the faction's knowledge shows the monster's goal on
    /// another island (walls it knows enclose one or the other).
    pub(super) fn goal_reachable(&mut self, id: usize) -> bool {
        let m = &self.monsters[id];
        let Some(goal) = m.planner.goal() else {
            return true;
        };
        let at = m.pos;
        self.factions[m.faction]
            .islands(self.turn)
            .connected(at, goal)
    }

    /// Cells on the future paths of allies near monster `id` (within the
    /// claim radius of it, at most twice that many cells along each path),
    /// one entry per ally per cell, sorted.
    fn claims_near(&self, id: usize) -> Vec<usize> {
        let r = self.config.claim_radius as i32;
        if r == 0 {
            return Vec::new();
        }
        let m = &self.monsters[id];
        let width = self.world.terrain().width() as usize;
        let near = |p: Pos| {
            let (dx, dy) = p.abs_delta(m.pos);
            dx.max(dy) as i32 <= r
        };
        let mut claims = Vec::new();
        for y in m.pos.y - r..=m.pos.y + r {
            for x in m.pos.x - r..=m.pos.x + r {
                let Some(o) = self.world.occupant(Pos::new(x, y)) else {
                    continue;
                };
                let ally = &self.monsters[o as usize];
                if o == m.id || ally.faction != m.faction {
                    continue;
                }
                let future = ally.planner.remaining().iter().skip(1).take(2 * r as usize);
                claims.extend(
                    future
                        .filter(|&&p| near(p))
                        .map(|p| p.row_major(width as u32)),
                );
            }
        }
        claims.sort_unstable();
        claims
    }

    /// Cells of the units monster `id` plans around: every unit next to it,
    /// and stopped units of its own faction within the avoid radius.
    /// Row-major order, so the list is sorted.
    pub(super) fn units_to_avoid(&self, id: usize) -> Vec<usize> {
        let m = &self.monsters[id];
        let r = self.config.avoid_radius as i32;
        let width = self.world.terrain().width() as usize;
        let mut out = Vec::new();
        for y in m.pos.y - r..=m.pos.y + r {
            for x in m.pos.x - r..=m.pos.x + r {
                let p = Pos::new(x, y);
                let Some(o) = self.world.occupant(p) else {
                    continue;
                };
                let other = &self.monsters[o as usize];
                let (dx, dy) = p.abs_delta(m.pos);
                let adjacent = dx.max(dy) == 1;
                if adjacent || (other.faction == m.faction && other.is_stopped() && o != m.id) {
                    out.push(p.row_major(width as u32));
                }
            }
        }
        out
    }
}
