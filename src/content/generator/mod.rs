//! Procedural levels from a seed. Every random choice comes from the one
//! simulation RNG, seeded explicitly, so the same seed and parameters give
//! the same level on every machine.

mod crowd;
mod depth;
mod dungeon;
mod maze;
mod play;

pub use crowd::{packed, scale_factions, spread};
pub use depth::{
    DEPTH_HEIGHT, DEPTH_WIDTH, depth_level, depth_seed, kinds_on, packs_of, packs_on, total_hp,
};
pub use dungeon::{
    GenParams, MAX_GEN_SIDE, MIN_HEIGHT, MIN_WIDTH, NoFloor, Style, generate, populate_map,
};
pub use maze::{MAX_MAZE_SIDE, MIN_MAZE_SIDE, maze, maze_level};
pub use play::play_level;

use rand::RngExt;

use crate::content::level::{FactionSpec, Level, Spawn};
use crate::map::geom::Pos;
use crate::map::terrain::TerrainMap;
use crate::rng::SimRng;

/// The three factions of generated levels, all heading for `goal`, each
/// planning with one shared field (the default planner): the blind
/// (touch only) walk into every dead end; the scouts (sight 4) see some
/// coming; the natives know the map.
pub fn default_factions(goal: Pos) -> Vec<FactionSpec> {
    let mut factions = vec![
        FactionSpec::new("blind", 'b'),
        FactionSpec::new("scouts", 's'),
        FactionSpec::new("natives", 'n'),
    ];
    factions[1].kinds[0].sight = 4;
    factions[2].knows_map = true;
    factions[1].kinds[0].one = Some("scout".to_string());
    factions[2].kinds[0].one = Some("native".to_string());
    for f in &mut factions {
        f.goal = Some(goal);
        f.goal_label = Some('1');
    }
    factions
}

/// The one way monsters are placed: `monsters` spawns (fewer if `spots`
/// runs out) on cells drawn from `spots` at random with `rng`, dealt to
/// `factions` in turn (0, 1, ..., 0, 1, ...), listed in reading order as
/// the level format has them (monster ids follow that order).
pub(crate) fn deal_spawns(
    mut spots: Vec<Pos>,
    factions: usize,
    monsters: usize,
    rng: &mut SimRng,
) -> Vec<Spawn> {
    let factions = factions.max(1);
    let mut spawns: Vec<Spawn> = (0..monsters.min(spots.len()))
        .map(|i| Spawn {
            faction: i % factions,
            kind: 0,
            at: spots.swap_remove(rng.random_range(0..spots.len())),
        })
        .collect();
    spawns.sort_by_key(|s| (s.at.y, s.at.x));
    spawns
}

/// A level on `terrain` with [`default_factions`] heading for `goal`, and
/// `per_faction` monsters each (fewer if `spots` runs out) on cells taken
/// from `spots` in a seeded random order, a faction at a time in turn.
/// Spawns are listed in reading order, as the level format has them.
pub(crate) fn populate(
    terrain: TerrainMap,
    goal: Pos,
    spots: Vec<Pos>,
    per_faction: usize,
    rng: &mut SimRng,
    name: String,
    description: String,
) -> Level {
    let factions = default_factions(goal);
    let spawns = deal_spawns(spots, factions.len(), per_faction * factions.len(), rng);
    Level {
        name,
        description,
        terrain,
        factions,
        spawns,
        player: None,
        treasure: None,
        stairs: None,
        pack: Vec::new(),
    }
}
