//! How loud the game's noises are, and how far they carry over its true
//! map (the reach is `darkstar-fog`'s: through passable ground, round
//! corners and along corridors, not through rock). A monster hears a noise
//! when the steps between them, times 100, are at most its hearing times
//! the noise's loudness in percent of a fight's.

use crate::map::geom::Pos;
use crate::map::terrain::TerrainMap;

pub use darkstar_fog::noise::{Loudness, NoiseReach, radius};

/// A fight: the reference loudness.
pub const FIGHT: Loudness = 100;
/// A door opened or closed.
pub const DOOR: Loudness = 75;
/// An ordinary step.
pub const FOOTSTEP: Loudness = 40;

/// The reach of a noise at `origin` over the true map, up to `radius`
/// steps (what the keenest hearer could hear of it).
///
/// ```
/// use darkstar::fog::noise::reach;
/// use darkstar::map::geom::Pos;
/// use darkstar::map::terrain::AsciiMap;
/// let a = AsciiMap::parse("....#....\n....#....\n.........").unwrap();
/// let reach = reach(&a.map, Pos::new(2, 0), 10);
/// // Round the wall's end, not through it.
/// assert_eq!(reach.steps(Pos::new(6, 0)), Some(6));
/// ```
pub fn reach(terrain: &TerrainMap, origin: Pos, radius: u32) -> NoiseReach {
    NoiseReach::compute(|p| terrain.is_passable(p), origin, radius)
}
