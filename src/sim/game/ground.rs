//! The ground part of a floor: the true world (terrain, doors, who
//! stands where), the items lying on it and a darkness read on it. What
//! a rule that moves a unit, a door or an item touches; the monsters'
//! plans never see it (they plan over their faction's knowledge).

use crate::map::geom::Pos;
use crate::map::terrain::Terrain;
use crate::sim::item::{Darkness, ItemKind};
use crate::sim::world::World;

/// The true world of a floor and what lies on it.
#[derive(Clone, Debug)]
pub(super) struct Ground {
    /// Terrain as it is now, and who stands where.
    pub(super) world: World,
    /// Items on the floor, in the order they were put down (see
    /// `items.rs`).
    pub(super) items: Vec<(Pos, ItemKind)>,
    /// A scroll of darkness read on this level, until it lifts.
    pub(super) darkness: Option<Darkness>,
}

impl Ground {
    /// The ground of `world`, bare.
    pub(super) fn new(world: World) -> Ground {
        Ground {
            world,
            items: Vec::new(),
            darkness: None,
        }
    }

    /// True when an item lies on `p`.
    pub(super) fn has_item(&self, p: Pos) -> bool {
        self.items.iter().any(|&(q, _)| q == p)
    }

    /// The floor cells nobody stands on that `keep` keeps, in reading
    /// order.
    pub(super) fn free_floor(&self, keep: impl Fn(Pos) -> bool) -> Vec<Pos> {
        self.world
            .terrain()
            .grid()
            .positions()
            .filter(|&p| {
                self.world.get(p) == Some(Terrain::Floor)
                    && self.world.occupant(p).is_none()
                    && keep(p)
            })
            .collect()
    }
}
