//! How loud the game's noises are, and how far they carry over its true
//! map (the reach is `darkstar-fog`'s): through open ground, round
//! corners and along corridors, and damped by what is shut: a closed door
//! counts as [`DOOR_DAMPING`] steps, rock as [`WALL_DAMPING`] (DCSS's
//! eightfold and twelvefold). A monster hears a noise when the steps
//! between them, times 100, are at most its hearing times the noise's
//! loudness in percent of a fight's.

use crate::map::geom::Pos;
use crate::map::terrain::{Terrain, TerrainMap};

pub use darkstar_fog::noise::{Loudness, NoiseReach, OPEN, radius};

/// The steps a noise spends passing a closed door.
pub const DOOR_DAMPING: u32 = 8;
/// The steps a noise spends passing a cell of rock.
pub const WALL_DAMPING: u32 = 12;

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
/// let round = reach(&a.map, Pos::new(2, 0), 20);
/// // Round the wall's end (six steps), not through it (1 + 12 + 1 + 1).
/// assert_eq!(round.steps(Pos::new(6, 0)), Some(6));
/// // A shut door between two rooms: 1 + 8 + 1 + 1.
/// let b = AsciiMap::parse("#####\n..+..\n#####").unwrap();
/// assert_eq!(reach(&b.map, Pos::new(0, 1), 20).steps(Pos::new(4, 1)), Some(11));
/// ```
pub fn reach(terrain: &TerrainMap, origin: Pos, radius: u32) -> NoiseReach {
    NoiseReach::damped(|p| terrain.get(p).map(damping), origin, radius)
}

/// The steps a noise spends entering a cell of `terrain`.
pub fn damping(terrain: Terrain) -> u32 {
    match terrain {
        Terrain::Wall => WALL_DAMPING,
        Terrain::Door => DOOR_DAMPING,
        _ => OPEN,
    }
}
