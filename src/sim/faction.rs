//! A faction: its settings, its shared knowledge of the map, and the log
//! of what it learnt, in order, that its monsters' plans catch up with.

use crate::geom::Pos;
use crate::knowledge::{Knowledge, Turn};
use crate::path::{Connectivity, Islands};

/// Turns between recomputations of a faction's islands.
pub const ISLANDS_REFRESH: Turn = 32;
use crate::level::FactionSpec;
use crate::terrain::Terrain;

/// One faction in play.
#[derive(Clone, Debug)]
pub struct Faction {
    spec: FactionSpec,
    knowledge: Knowledge,
    /// Every cell whose planning cost changed, in order: cells learnt
    /// (each at most once: terrain never changes) and cells whose danger
    /// changed (deaths, decay, chokepoints).
    log: Vec<Pos>,
    /// Islands of what it knows, with the turn and log length they were
    /// computed at.
    islands: Option<(Islands, Turn, usize)>,
    /// Where its monsters last saw the player (hostile factions hunt it).
    pub(crate) player_seen: Option<Pos>,
}

impl Faction {
    pub(crate) fn new(spec: FactionSpec, width: u32, height: u32) -> Faction {
        let knowledge =
            Knowledge::new(width, height, spec.unknown_factor).with_danger_weight(spec.danger);
        Faction {
            spec,
            knowledge,
            log: Vec::new(),
            islands: None,
            player_seen: None,
        }
    }

    /// Its settings.
    pub fn spec(&self) -> &FactionSpec {
        &self.spec
    }

    /// What it knows: all its planners ever see.
    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    /// Where its monsters last saw the player.
    pub fn player_seen(&self) -> Option<Pos> {
        self.player_seen
    }

    /// Cells learnt so far, in order.
    pub fn log(&self) -> &[Pos] {
        &self.log
    }

    /// Learns `p` before play starts: not logged, since no plan exists yet.
    pub(crate) fn know(&mut self, p: Pos, terrain: Terrain) {
        self.knowledge.learn(p, terrain, 0);
    }

    /// The islands of what the faction knows (unknown cells walkable).
    /// Walls are only ever added to its knowledge, so islands only ever
    /// split: "not connected" by an older computation is still true. They
    /// are recomputed (a pass over the map) at most every
    /// [`ISLANDS_REFRESH`] turns, and only if it learnt something since.
    pub(crate) fn islands(&mut self, turn: Turn) -> &Islands {
        let stale = match &self.islands {
            None => true,
            Some((_, at, len)) => *len != self.log.len() && turn >= at + ISLANDS_REFRESH,
        };
        if stale {
            let islands = Islands::compute(&self.knowledge, Connectivity::Eight);
            self.islands = Some((islands, turn, self.log.len()));
        }
        &self.islands.as_ref().expect("just computed").0
    }

    /// The islands last computed, with the turn and log length they were
    /// computed at (for the state hash: they decide reachability until
    /// recomputed).
    pub(crate) fn islands_cache(&self) -> Option<(&Islands, Turn, usize)> {
        self.islands.as_ref().map(|(i, t, n)| (i, *t, *n))
    }

    /// Records planning-cost changes (danger) in the log.
    pub(crate) fn log_changes(&mut self, cells: Vec<Pos>) {
        self.log.extend(cells);
    }

    /// Splits into what the rules update and the log, for `explore::look`.
    pub(crate) fn knowledge_mut(&mut self) -> (&mut Knowledge, &mut Vec<Pos>) {
        (&mut self.knowledge, &mut self.log)
    }
}
