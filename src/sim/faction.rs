//! A faction: its settings, its shared knowledge of the map, and the log
//! of what it learnt, in order, that its monsters' plans catch up with.

use std::sync::Arc;

use super::behaviour::{Behaviour, Repertoire};
use super::fields::{FieldPolicy, FieldUpdates, Fields};
use super::log::Log;
use crate::clock::Turn;
use crate::fog::knowledge::{Knowledge, KnowledgeRules};
use crate::map::cost::Cost;
use crate::map::geom::Pos;
use crate::path::{Connectivity, Field, LiveIslands, SafetyMap};

/// Turns between updates of a faction's islands.
pub const ISLANDS_REFRESH: Turn = 32;

/// The factor, in tenths, by which a fleeing monster's distance from its
/// threat is turned into a goal: 12 (Brogue's -1.2). Above 10 so that the
/// relaxation can pull a cell toward an escape beyond a threat; not so
/// large that a monster runs through its pursuer for a marginally longer
/// corridor.
pub const FLEE_FACTOR_TENTHS: Cost = 12;
use crate::content::level::FactionSpec;
use crate::map::terrain::Terrain;

/// One faction in play.
#[derive(Clone, Debug)]
pub struct Faction {
    spec: FactionSpec,
    knowledge: Knowledge,
    /// Every cell whose planning cost changed, in order: cells learnt
    /// (each at most once: terrain never changes) and cells whose danger
    /// changed (deaths, decay, chokepoints). Compacted as its readers
    /// catch up (see [`Log`]).
    log: Log,
    /// Islands of what it knows, with the turn and log length they were
    /// last brought up to date at.
    islands: Option<(LiveIslands, Turn, usize)>,
    /// True when its log, from the first entry, holds every cell it
    /// learnt since it knew nothing (false once it learns unlogged, as a
    /// faction that knows the map does before play).
    logged_from_blank: bool,
    /// Walls it has learnt (seen or felt): a field monster whose route got
    /// dearer while this grew reports a broken route, not a dearer one.
    pub(crate) walls_learnt: u64,
    /// Its shared fields, one per target (monsters planning with
    /// [`crate::path::Replanner::Field`]).
    fields: Fields,
    /// What updating them has done so far.
    field_updates: FieldUpdates,
    /// The safety map its fleers walk down, with the threat and the
    /// knowledge revision it was made for: one for all who flee the same
    /// place, as Brogue keeps one, made again only when either changes
    /// (so the same as making it afresh for every step, at a fraction of
    /// the cost). Not in the state hash: it decides nothing a fresh one
    /// would not.
    safety: Option<(Pos, u64, SafetyMap)>,
    /// What its monsters do, by kind, first say first: its kinds'
    /// behaviours, each name resolved to its type when the game started.
    behaviours: Vec<Vec<Arc<dyn Behaviour>>>,
}

impl Faction {
    pub(crate) fn new(spec: FactionSpec, width: u32, height: u32) -> Faction {
        let mut knowledge =
            Knowledge::blank(width, height, spec.unknown_factor).with_danger_weight(spec.danger);
        if !spec.opens_doors {
            knowledge = knowledge.door_blind();
        }
        Faction {
            spec,
            knowledge,
            log: Log::default(),
            islands: None,
            logged_from_blank: true,
            walls_learnt: 0,
            fields: Fields::default(),
            field_updates: FieldUpdates::default(),
            safety: None,
            behaviours: Vec::new(),
        }
    }

    /// The behaviours of its kind `kind`, first say first.
    pub fn behaviours(&self, kind: usize) -> &[Arc<dyn Behaviour>] {
        self.behaviours.get(kind).map_or(&[], Vec::as_slice)
    }

    /// Resolves its kinds' behaviours in `known`; the first name it does
    /// not know, if any.
    pub(crate) fn resolve_behaviours(&mut self, known: &Repertoire) -> Result<(), String> {
        self.behaviours = self
            .spec
            .kinds
            .iter()
            .map(|k| {
                k.behaviours
                    .names()
                    .map(|n| known.get(n).ok_or_else(|| n.to_string()))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<_, _>>()?;
        Ok(())
    }

    /// Its settings.
    pub fn spec(&self) -> &FactionSpec {
        &self.spec
    }

    /// Its settings, to change (the player's, as it puts on armour).
    pub(crate) fn spec_mut(&mut self) -> &mut FactionSpec {
        &mut self.spec
    }

    /// What it knows: all its planners ever see.
    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    /// Its shared fields.
    pub fn fields(&self) -> &Fields {
        &self.fields
    }

    /// The field toward `target` (made if need be), caught up with what
    /// the faction learnt, with the knowledge it is over: for a read the
    /// turn's update could not foresee (a target set during the turn, a
    /// monster pushed off the cells it settled).
    pub(crate) fn field(&mut self, target: Pos, turn: Turn) -> (&mut Field, &Knowledge) {
        let field = self.fields.open(&self.knowledge, &self.log, target, turn);
        (field, &self.knowledge)
    }

    /// The plan phase of a turn for this faction: its islands brought up
    /// to date (see [`Faction::islands`]), then its fields. `readers` are
    /// `(target, cell)` of every monster of it heading somewhere by field,
    /// sorted; `plans` is whether any monster of it plans at all. Each
    /// target's field takes in everything learnt and is grown until every
    /// reader's cell is settled, but for readers its islands show cut off
    /// from their target (a field would search its whole island to say
    /// so; the monster reads "no route" off the islands). Independent of
    /// every other faction: the game runs these in parallel.
    pub(crate) fn plan_phase(
        &mut self,
        readers: &[(Pos, Pos)],
        plans: bool,
        turn: Turn,
        policy: FieldPolicy,
    ) {
        if plans {
            self.refresh_islands(turn);
        }
        let mut grouped: Vec<(Pos, Vec<Pos>)> = Vec::new();
        for &(target, cell) in readers {
            let reachable = self.islands().is_none_or(|i| i.connected(cell, target));
            match grouped.last_mut() {
                Some((t, cells)) if *t == target => {
                    if reachable {
                        cells.push(cell);
                    }
                }
                _ => grouped.push((target, if reachable { vec![cell] } else { Vec::new() })),
            }
        }
        self.fields.update(
            &self.knowledge,
            &self.log,
            &grouped,
            turn,
            &mut self.field_updates,
            policy,
        );
    }

    /// What its field updates have done so far (repairs, rebuilds, cells
    /// expanded).
    pub fn field_updates(&self) -> FieldUpdates {
        self.field_updates
    }

    /// What it learnt, in order (the part some reader may still need).
    pub fn log(&self) -> &Log {
        &self.log
    }

    /// Drops the log entries every reader has taken in: those before
    /// `read`, the least of its readers' positions.
    pub(crate) fn compact_log(&mut self, read: usize) {
        self.log.compact(read);
    }

    /// Learns `p` before play starts: not logged, since no plan exists yet.
    pub(crate) fn know(&mut self, p: Pos, terrain: Terrain) {
        self.knowledge.learn(p, terrain, 0);
        self.logged_from_blank = false;
    }

    /// The islands of what the faction knows (unknown cells walkable), as
    /// the plan phase last left them (`None` before a faction with plans
    /// has had one). Walls are otherwise only ever added to its
    /// knowledge, so islands only split: "not connected" by an older
    /// computation is still true, and a pre-check on them never refuses a
    /// route that exists. The one cell that turns from wall to passable,
    /// a door a door-blind faction sees open, drops them
    /// (`Faction::forget_islands`).
    pub fn islands(&self) -> Option<&LiveIslands> {
        self.islands.as_ref().map(|(i, _, _)| i)
    }

    /// Brings the islands up to date if it learnt something since, at most
    /// every [`ISLANDS_REFRESH`] turns: part of the plan phase, so during a
    /// turn every monster reads the same islands. They take in the cells
    /// logged since (in proportion to what it learnt), or are computed
    /// afresh, a pass over the map, when there are none yet or the log no
    /// longer holds what they missed (`Faction::islands_log_read`).
    fn refresh_islands(&mut self, turn: Turn) {
        match &mut self.islands {
            None => {
                // At the start of a level a faction knows little: one open
                // island brought up to date with the few cells it learnt
                // costs far less than a pass over the map. That needs the
                // log to hold every change since it knew nothing.
                let k = &self.knowledge;
                let cells = k.width() as usize * k.height() as usize;
                let islands = match self.log.since_exact(0) {
                    Some(learnt) if self.logged_from_blank && learnt.len() * 8 <= cells => {
                        let mut islands = LiveIslands::all_open(k.width(), k.height());
                        islands.update(k, learnt);
                        islands
                    }
                    _ => LiveIslands::of_entry_costs(k),
                };
                self.islands = Some((islands, turn, self.log.total()));
            }
            Some((islands, at, len))
                if *len != self.log.total() && turn >= *at + ISLANDS_REFRESH =>
            {
                match self.log.since_exact(*len) {
                    Some(cells) => islands.update(&self.knowledge, cells),
                    None => *islands = LiveIslands::of_entry_costs(&self.knowledge),
                }
                (*at, *len) = (turn, self.log.total());
            }
            Some(_) => {}
        }
    }

    /// How much of the log the islands have taken in, while they are worth
    /// keeping the rest for: a backlog longer than the map costs more to
    /// take in than a fresh computation, so the log may drop it.
    pub(crate) fn islands_log_read(&self) -> Option<usize> {
        let (_, _, len) = self.islands.as_ref()?;
        let cells = self.knowledge.width() as usize * self.knowledge.height() as usize;
        (self.log.total() - len <= cells).then_some(*len)
    }

    /// Drops its islands: a cell it took for a wall turned out passable
    /// (a door seen open), so islands may have joined. The next plan
    /// phase computes them afresh; till then every goal counts as
    /// reachable.
    pub(crate) fn forget_islands(&mut self) {
        self.islands = None;
    }

    /// The islands as last brought up to date, with the turn and log
    /// length of that (for the state hash: they decide reachability until
    /// the next update).
    #[cfg(test)]
    pub(crate) fn islands_cache(&self) -> Option<(&LiveIslands, Turn, usize)> {
        self.islands.as_ref().map(|(i, t, n)| (i, *t, *n))
    }

    /// The step a monster of this faction at `from` takes to flee
    /// `threat`: down the faction's safety map against it, over what the
    /// faction knows (see [`SafetyMap`]); `None` where no cell is safer.
    pub(crate) fn flee_step(&mut self, threat: Pos, from: Pos) -> Option<Pos> {
        let revision = self.knowledge.revision();
        let fresh = matches!(&self.safety, Some((t, r, _)) if (*t, *r) == (threat, revision));
        if !fresh {
            let map = SafetyMap::compute(
                &self.knowledge,
                &[threat],
                FLEE_FACTOR_TENTHS,
                Connectivity::Eight,
            );
            self.safety = Some((threat, revision, map));
        }
        let (_, _, map) = self.safety.as_ref()?;
        map.next_step(&self.knowledge, from)
    }

    /// Drops its safety map, which it makes again exactly as it was from
    /// its knowledge and the threat. (Its fields and islands are caches
    /// too, but their readers still read which cells happen to be settled
    /// and when the islands were last refreshed: see the state hash.)
    #[cfg(test)]
    pub(crate) fn drop_safety_map(&mut self) -> bool {
        self.safety.take().is_some()
    }

    /// Records planning-cost changes (danger) in the log.
    pub(crate) fn log_changes(&mut self, cells: Vec<Pos>) {
        self.log.extend(cells);
    }

    /// Splits into what the rules update and the log, for `fog::sight::look`.
    pub(crate) fn knowledge_mut(&mut self) -> (&mut Knowledge, &mut Log) {
        (&mut self.knowledge, &mut self.log)
    }
}

impl Faction {
    /// Feeds the faction to the state hash, with `intel`, its monsters'
    /// intel of the player, where that always stood. Destructured, so a
    /// new field is a compile error until it is placed:
    /// - state: its knowledge (beliefs, the cheapest known step, danger,
    ///   chokepoints), how much it has learnt (its log's length: readers
    ///   read it from where they left off) and the walls it learnt;
    /// - caches that still decide play, so hashed: its islands (kept as
    ///   of their last refresh, which their readers read) and its fields
    ///   (readers depend on which cells are settled; see
    ///   [`Fields::hash_into`]);
    /// - left out: its settings and behaviours (the level's set-up; the
    ///   player's armour and blow are hashed with the player), how its
    ///   islands are kept up to date (`logged_from_blank`), its update
    ///   counters (a report) and its safety map (made again whenever its
    ///   threat or knowledge changes).
    pub(crate) fn hash_into(&self, h: &mut super::fnv::Fnv, intel: &super::mind::Intel) {
        let Faction {
            spec: _,
            knowledge,
            log,
            islands,
            logged_from_blank: _,
            walls_learnt,
            fields,
            field_updates: _,
            safety: _,
            behaviours: _,
        } = self;
        super::fnv::hash_knowledge(h, knowledge);
        h.int(log.total() as i64);
        match islands {
            None => h.int(-1),
            Some((islands, turn, len)) => {
                h.int(*turn as i64);
                h.int(*len as i64);
                // Numbered as a fresh computation numbers them: the same
                // islands hash alike however they were reached.
                let islands = islands.to_islands();
                h.int(islands.count() as i64);
                h.u32s(islands.labels());
            }
        }
        intel.hash_into(h);
        h.int(*walls_learnt as i64);
        fields.hash_into(h);
    }
}
