//! Levels to play on generated ground: where the player starts, the
//! stairs beside it, the treasure on the far goal, and the far cells where
//! monsters may start ([`play_ground`], shared with the depths of a run),
//! and the one-level game's three hostile factions ([`play_level`]).

use super::dungeon::{GenParams, generate};
use crate::content::level::{FactionSpec, Level};
use crate::map::geom::Pos;
use crate::map::terrain::Terrain;
use crate::path::{Connectivity, DistanceMap};
use crate::rng::{SimRng, sim_rng};

/// The ground of a level to play: a generated dungeon (`params`, `seed`)
/// with the player where the monsters would have started, the stairs
/// beside it, the treasure on the far goal, the floor cells at least 20
/// floor steps from the player (but the treasure's) where monsters may
/// start, and an RNG stream of its own for placing them (so play levels
/// do not change the generator's).
pub(crate) struct PlayGround {
    pub terrain: crate::map::terrain::TerrainMap,
    pub player: Pos,
    pub stairs: Option<Pos>,
    pub treasure: Option<Pos>,
    pub far: Vec<Pos>,
    pub rng: SimRng,
}

/// See [`PlayGround`].
pub(crate) fn play_ground(params: &GenParams, seed: u64) -> PlayGround {
    let base = generate(params, seed);
    let rng = sim_rng(seed ^ 0x9e37_79b9_7f4a_7c15);
    let terrain = base.terrain;
    let player = base.spawns.first().map_or(Pos::new(1, 1), |s| s.at);
    let stairs = base.spawns.get(1).map(|s| s.at);
    let treasure = base.factions.first().and_then(|f| f.goal);
    let dist = DistanceMap::compute(&terrain, &[player], Connectivity::Eight);
    let far_enough = 20 * crate::map::cost::STRAIGHT * crate::map::terrain::FLOOR_COST;
    let far: Vec<Pos> = terrain
        .grid()
        .positions()
        .filter(|&p| {
            terrain.get(p) == Some(Terrain::Floor)
                && dist.distance(p).is_some_and(|d| d >= far_enough)
                && Some(p) != treasure
        })
        .collect();
    PlayGround {
        terrain,
        player,
        stairs,
        treasure,
        far,
        rng,
    }
}

/// A level to play: a generated one (`params`, `seed`) with the player
/// where the monsters would have started, the stairs beside it, the
/// treasure on the far goal, and three hostile factions that hunt the
/// player (and fight one another) spread over the far parts of the map.
pub fn play_level(params: &GenParams, seed: u64) -> Level {
    let PlayGround {
        terrain,
        player,
        stairs,
        treasure,
        far: spots,
        mut rng,
    } = play_ground(params, seed);
    let mut factions = vec![
        FactionSpec::new("goblins", 'g'),
        FactionSpec::new("kobolds", 'k'),
        FactionSpec::new("zombies", 'z'),
    ];
    for (f, (one, sight)) in factions
        .iter_mut()
        .zip([("goblin", 6), ("kobold", 4), ("zombie", 2)])
    {
        let k = f.kind_mut();
        (k.one, k.sight) = (Some(one.to_string()), sight);
        k.behaviours =
            crate::content::behaviours::Behaviours::from_flags(false, false, true, false);
    }
    factions[2].kind_mut().speed = 70; // zombies shamble
    let monsters = params.monsters_per_faction.max(1) * factions.len();
    let spawns = super::deal_spawns(spots, factions.len(), monsters, &mut rng);
    Level {
        name: format!("{}-{seed}", params.style.name()),
        description: "Take the treasure ($) and get back to the stairs (>). The monsters hunt you by what they have seen; they fight each other too.".to_string(),
        terrain,
        factions,
        spawns,
        player: Some(player),
        treasure,
        stairs,
        pack: Vec::new(),
    }
}
