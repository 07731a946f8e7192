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

    /// The units within `r` steps of `at` (the square round it, as far as
    /// the map goes) and where they stand, in row-major order: each row
    /// read off as one slice of the occupancy grid, not cell by cell.
    pub(crate) fn units_within(
        &self,
        at: Pos,
        r: i32,
    ) -> impl Iterator<Item = (Pos, MonsterId)> + '_ {
        let (w, h) = (self.occupant.width() as i32, self.occupant.height() as i32);
        let (x0, x1) = ((at.x - r).max(0), (at.x + r).min(w - 1));
        let (y0, y1) = ((at.y - r).max(0), (at.y + r).min(h - 1));
        // (No columns when `at` lies off the map by more than `r`.)
        let rows = (y0..=y1).filter(move |_| x0 <= x1);
        rows.flat_map(move |y| {
            let start = (y * w + x0) as usize;
            let row = &self.occupant.cells()[start..=start + (x1 - x0) as usize];
            row.iter()
                .enumerate()
                .filter(|&(_, &o)| o > 0)
                .map(move |(i, &o)| (Pos::new(x0 + i as i32, y), o - 1))
        })
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

impl World {
    /// Feeds the world to the state hash: how often its terrain changed
    /// and every cell of it now, by its glyph (a stable id). Who stands
    /// where is left out: it is where the units that are here stand,
    /// hashed with them.
    pub(crate) fn hash_into(&self, h: &mut super::fnv::Fnv) {
        let World {
            terrain,
            occupant: _,
            altered,
        } = self;
        h.int(*altered as i64);
        let bytes: Vec<u8> = terrain
            .grid()
            .cells()
            .iter()
            .map(|&c| c.glyph() as u8)
            .collect();
        h.u8s(&bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    /// The units within a radius, read a row slice at a time, are those a
    /// walk of the square cell by cell finds, in the same order, on 200
    /// seeded random worlds, with squares running off every edge.
    #[test]
    fn units_within_are_the_square_walked_cell_by_cell() {
        for seed in 0..200 {
            let mut rng = crate::rng::sim_rng(seed);
            let (w, h) = (rng.random_range(1..14), rng.random_range(1..14));
            let mut world = World::new(TerrainMap::filled(w, h, Terrain::Floor));
            let mut id = 0;
            for i in 0..(w * h) as usize {
                if rng.random_range(0..3) == 0 {
                    world.place(id, Pos::from_row_major(i, w));
                    id += 1;
                }
            }
            let at = Pos::new(rng.random_range(0..w as i32), rng.random_range(0..h as i32));
            let r = rng.random_range(0..10);
            let mut walked = Vec::new();
            for y in at.y - r..=at.y + r {
                for x in at.x - r..=at.x + r {
                    let p = Pos::new(x, y);
                    walked.extend(world.occupant(p).map(|o| (p, o)));
                }
            }
            let read: Vec<_> = world.units_within(at, r).collect();
            assert_eq!(read, walked, "seed {seed}");
        }
    }
}
