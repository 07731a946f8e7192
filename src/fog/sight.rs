//! Field of view, as `darkstar-fog` casts it (symmetric shadowcasting:
//! if a monster at A can see B, a monster at B can see A), over the
//! game's true map: walls and closed doors block sight, and a viewer
//! learns the terrain it sees.

use crate::map::geom::Pos;
use crate::map::terrain::{Terrain, TerrainMap};

pub use darkstar_fog::sight::*;

impl Visible<Terrain> for TerrainMap {
    #[inline]
    fn is_opaque(&self, p: Pos) -> bool {
        TerrainMap::is_opaque(self, p)
    }
    #[inline]
    fn seen_as(&self, p: Pos) -> Option<Terrain> {
        self.get(p)
    }
}
