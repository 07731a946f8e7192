//! The true state of the level: terrain (its doors open and close) and
//! who stands where. Only the
//! game's rules read it (to move units, to decide what they see and what
//! they bump into); planners never get it, they get a faction's knowledge.

use super::MonsterId;
use crate::map::geom::Pos;
use crate::map::grid::Grid;
use crate::map::terrain::{Terrain, TerrainMap};

/// Terrain plus a dense occupancy grid (a monster id, or nobody).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct World {
    terrain: TerrainMap,
    /// `0`: nobody; otherwise the occupant's id plus one.
    occupant: Grid<u32>,
    /// Doors opened or closed so far: while 0 the terrain is the level's.
    altered: u64,
}

impl World {
    /// An empty world over `terrain`.
    pub fn new(terrain: TerrainMap) -> World {
        let occupant = Grid::new(terrain.width(), terrain.height(), 0);
        World {
            terrain,
            occupant,
            altered: 0,
        }
    }

    /// How many times the terrain has changed since the level began (a
    /// door opened or closed): while 0 it is the level's own.
    pub fn altered(&self) -> u64 {
        self.altered
    }

    /// The ground at `p` collapses into wall (a scroll of collapse).
    pub(crate) fn collapse(&mut self, p: Pos) {
        if self.terrain.get(p).is_some_and(|t| t != Terrain::Wall) {
            self.terrain.set(p, Terrain::Wall);
            self.altered += 1;
        }
    }

    /// A door at `p` opens or closes.
    pub(crate) fn set_door(&mut self, p: Pos, open: bool) {
        let t = if open {
            Terrain::OpenDoor
        } else {
            Terrain::Door
        };
        if self.terrain.get(p).is_some_and(|old| old != t) {
            self.terrain.set(p, t);
            self.altered += 1;
        }
    }

    /// The true terrain.
    pub fn terrain(&self) -> &TerrainMap {
        &self.terrain
    }

    /// Columns of the map.
    pub fn width(&self) -> u32 {
        self.terrain.width()
    }

    /// The true terrain at `p` (`None` off the map).
    pub fn get(&self, p: Pos) -> Option<Terrain> {
        self.terrain.get(p)
    }

    /// Who stands at `p`.
    pub fn occupant(&self, p: Pos) -> Option<MonsterId> {
        match self.occupant.get(p) {
            Some(&o) if o > 0 => Some(o - 1),
            _ => None,
        }
    }

    /// Puts `id` at `p` (which must be free).
    pub(crate) fn place(&mut self, id: MonsterId, p: Pos) {
        if let Some(o) = self.occupant.get_mut(p) {
            debug_assert_eq!(*o, 0, "{p} is taken");
            *o = id + 1;
        }
    }

    /// Clears `p`.
    pub(crate) fn remove(&mut self, p: Pos) {
        if let Some(o) = self.occupant.get_mut(p) {
            *o = 0;
        }
    }
}
