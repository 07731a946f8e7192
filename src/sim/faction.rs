//! A faction: its settings, its shared knowledge of the map, and the log
//! of what it learnt, in order, that its monsters' plans catch up with.

use std::sync::Arc;

use super::behaviour::{Behaviour, Repertoire};
use super::fields::{FieldPolicy, FieldUpdates, Fields};
use super::log::Log;
use super::turn_costs::TurnCosts;
use crate::clock::Turn;
use crate::fog::knowledge::{Knowledge, KnowledgeRules};
use crate::map::cost::Cost;
use crate::map::geom::Pos;
use crate::path::{Connectivity, Field, LiveIslands, SafetyMap};

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
    /// Islands of what it knows, with the length of the log they have
    /// taken in: made as play starts ([`Faction::start_islands`]) and
    /// from then on taken in with every change logged, so they are always
    /// the islands of its knowledge as it stands.
    islands: Option<(LiveIslands, usize)>,
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
    /// What a step cost over its knowledge at the turn's plan phase: what
    /// its fields are grown over all turn (`None` before a plan phase, or
    /// dropped).
    turn_costs: Option<TurnCosts>,
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
            turn_costs: None,
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

    /// The field toward `target` (made if need be) over the costs of the
    /// turn's start, grown until `cell` is settled, with those costs: for
    /// a read in the middle of a turn the plan phase did not foresee (a
    /// target set during the turn, a monster pushed off the cells it
    /// settled, a way round units).
    ///
    /// # Panics
    /// Before the faction's first plan phase.
    pub(crate) fn field(&mut self, target: Pos, cell: Pos, turn: Turn) -> (&mut Field, &TurnCosts) {
        let costs = self
            .turn_costs
            .as_ref()
            .expect("a field is read after a plan phase");
        let field = self.fields.open(
            costs,
            &self.log,
            target,
            cell,
            turn,
            &mut self.field_updates,
        );
        (field, costs)
    }

    /// The plan phase of a turn for this faction: it takes down what a
    /// step costs over its knowledge now (the turn's costs), and brings
    /// its fields up to date over them. `readers` are `(target, cell)` of
    /// every monster of it heading somewhere by field, sorted. Each
    /// target's field takes in the turn's costs and is grown until every
    /// reader's cell is settled, but for readers its islands show cut off
    /// from their target (a field would search its whole island to say
    /// so; the monster reads "no route" off the islands). Independent of
    /// every other faction: the game runs these in parallel.
    pub(crate) fn plan_phase(&mut self, readers: &[(Pos, Pos)], turn: Turn, policy: FieldPolicy) {
        // The costs of the turn's start: what every field is read over
        // until the next plan phase.
        let costs = match &mut self.turn_costs {
            Some(costs) => {
                costs.take_in(&self.knowledge, &self.log);
                costs
            }
            None => self
                .turn_costs
                .insert(TurnCosts::of(&self.knowledge, self.log.total())),
        };
        let mut grouped: Vec<(Pos, Vec<Pos>)> = Vec::new();
        for &(target, cell) in readers {
            let reachable = self
                .islands
                .as_ref()
                .is_none_or(|(i, _)| i.connected(cell, target));
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
            costs,
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
    /// it knows it now (`None` only before play starts): every change of
    /// its knowledge is taken in as it is logged, so whether two cells are
    /// joined is a question about its knowledge, never about when the
    /// islands were last brought up to date.
    pub fn islands(&self) -> Option<&LiveIslands> {
        self.islands.as_ref().map(|(i, _)| i)
    }

    /// Makes its islands as play starts, from what it knows then. At the
    /// start of a level a faction knows little: one open island brought
    /// up to date with the few cells it learnt costs far less than a pass
    /// over the map, which needs the log to hold every change since it
    /// knew nothing.
    pub(crate) fn start_islands(&mut self) {
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
        self.islands = Some((islands, self.log.total()));
    }

    /// Takes the cells logged since into its islands (a look at each, and
    /// a search where a cell closed off part of an island), so they stay
    /// its knowledge's islands; a door it took for a wall seen open joins
    /// the islands round it.
    fn take_in_log(&mut self) {
        if let Some((islands, read)) = &mut self.islands {
            islands.update(&self.knowledge, self.log.since(*read));
            *read = self.log.total();
        }
    }

    /// The least log position its fields and the costs they are read
    /// over have not taken in (`None`: none kept): what the log keeps for
    /// them.
    pub(crate) fn fields_log_read(&self) -> Option<usize> {
        let costs = self.turn_costs.as_ref().map(TurnCosts::read);
        match (self.fields.log_read(), costs) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Drops every cache it keeps, which it makes again exactly from its
    /// knowledge: its islands (made afresh at once, by a pass over the
    /// map), its fields and the costs they are read over (made again at
    /// the next plan phase, before anything reads them) and its safety
    /// map. What the tests that caches decide no play do between
    /// commands. Returns how many it dropped.
    #[cfg(test)]
    pub(crate) fn drop_caches(&mut self) -> usize {
        let islands = self.islands.is_some();
        if islands {
            let fresh = LiveIslands::of_entry_costs(&self.knowledge);
            self.islands = Some((fresh, self.log.total()));
        }
        let fields = std::mem::take(&mut self.fields).len();
        let costs = self.turn_costs.take().is_some();
        islands as usize + fields + costs as usize + self.safety.take().is_some() as usize
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

    /// Lets `learn` change what it knows, logging every cell whose cost
    /// changed (as `fog::sight::look` does); the islands take the logged
    /// cells in after.
    pub(crate) fn learn<R>(&mut self, learn: impl FnOnce(&mut Knowledge, &mut Log) -> R) -> R {
        let out = learn(&mut self.knowledge, &mut self.log);
        self.take_in_log();
        out
    }
}

impl Faction {
    /// Feeds the faction to the state hash, with `intel`, its monsters'
    /// intel of the player, where that always stood. Destructured, so a
    /// new field is a compile error until it is placed:
    /// - state: its knowledge (beliefs, the cheapest known step, danger,
    ///   chokepoints), how much it has learnt (its log's length: readers
    ///   read it from where they left off) and the walls it learnt;
    /// - left out: its caches, each made again exactly from its
    ///   knowledge (its islands, as it stands; its safety map; its fields
    ///   and their cost model, and the costs they are read over, as of the
    ///   next plan phase, before which nothing reads them: dropped and made
    ///   again, they change no play); its settings and behaviours (the
    ///   level's set-up; the player's armour and blow are hashed with the
    ///   player), how its islands were first made (`logged_from_blank`)
    ///   and its update counters (a report).
    pub(crate) fn hash_into(&self, h: &mut super::fnv::Fnv, intel: &super::mind::Intel) {
        let Faction {
            spec: _,
            knowledge,
            log,
            islands: _,
            logged_from_blank: _,
            walls_learnt,
            fields: _,
            turn_costs: _,
            field_updates: _,
            safety: _,
            behaviours: _,
        } = self;
        super::fnv::hash_knowledge(h, knowledge);
        h.int(log.total() as i64);
        intel.hash_into(h);
        h.int(*walls_learnt as i64);
    }
}
