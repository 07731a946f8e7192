//! The true state of the level: terrain and who stands where. Only the
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
}

impl World {
    /// An empty world over `terrain`.
    pub fn new(terrain: TerrainMap) -> World {
        let occupant = Grid::new(terrain.width(), terrain.height(), 0);
        World { terrain, occupant }
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
