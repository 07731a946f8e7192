//! A faction: its settings, its shared knowledge of the map, and the log
//! of what it learnt, in order, that its monsters' plans catch up with.

use crate::geom::Pos;
use crate::knowledge::Knowledge;
use crate::level::FactionSpec;
use crate::terrain::Terrain;

/// One faction in play.
#[derive(Clone, Debug)]
pub struct Faction {
    spec: FactionSpec,
    knowledge: Knowledge,
    /// Every cell whose belief changed, in the order learnt. Terrain never
    /// changes, so each cell appears at most once: bounded by the map.
    log: Vec<Pos>,
}

impl Faction {
    pub(crate) fn new(spec: FactionSpec, width: u32, height: u32) -> Faction {
        let knowledge = Knowledge::new(width, height, spec.unknown_factor);
        Faction {
            spec,
            knowledge,
            log: Vec::new(),
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

    /// Cells learnt so far, in order.
    pub fn log(&self) -> &[Pos] {
        &self.log
    }

    /// Learns `p` before play starts: not logged, since no plan exists yet.
    pub(crate) fn know(&mut self, p: Pos, terrain: Terrain) {
        self.knowledge.learn(p, terrain, 0);
    }

    /// Splits into what the rules update and the log, for `explore::look`.
    pub(crate) fn knowledge_mut(&mut self) -> (&mut Knowledge, &mut Vec<Pos>) {
        (&mut self.knowledge, &mut self.log)
    }
}
