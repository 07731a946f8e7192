//! One unit crossing terrain it does not know, to a goal: the experiment at
//! the heart of Darkstar, played by the game itself. [`traverse`] builds a
//! one-faction, one-monster level on the map and runs the simulation's own
//! turn loop and plans (the same [`Plan`](crate::sim::Plan), search
//! queue and budget every monster uses), so what tests and benchmarks
//! measure here is what a player watches: with
//! [`Replanner::AStar`] a fresh A* whenever a learnt wall breaks the rest
//! of the path, with [`Replanner::DStarLite`] a repair of the unit's own
//! search, with [`Replanner::Field`] the faction's shared field.

use crate::clock::Turn;
use crate::content::level::{FactionSpec, Level, Spawn};
use crate::map::geom::Pos;
use crate::map::terrain::TerrainMap;
use crate::path::Replanner;
use crate::sim::{Command, Game, GameError, Presence, SimConfig};

/// How a traverse went: the unit's counters (see [`crate::sim::Stats`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Traverse {
    /// True when the unit reached the goal.
    pub reached: bool,
    /// Turns played.
    pub turns: Turn,
    /// Steps walked.
    pub steps: u64,
    /// Moves lost walking into walls it did not know.
    pub bumps: u64,
    /// Plans made or repaired after the first.
    pub replans: u64,
    /// Cells expanded by its searches and repairs, the first included.
    pub expanded: u64,
}

/// Walks one unit from `start` to `goal` over `map`, which it does not
/// know, with sight `radius` (0: touch only), planning with `replanner`,
/// for at most `max_turns` turns, under the default [`SimConfig`].
///
/// ```
/// use darkstar::map::geom::Pos;
/// use darkstar::map::terrain::TerrainMap;
/// use darkstar::path::Replanner;
/// use darkstar::sim::traverse;
/// let map = TerrainMap::from_ascii("#######\n#.....#\n#######").unwrap();
/// let t = traverse(&map, Pos::new(1, 1), Pos::new(5, 1), 0, Replanner::AStar, 50).unwrap();
/// assert!(t.reached);
/// assert_eq!((t.steps, t.bumps), (4, 0));
/// ```
pub fn traverse(
    map: &TerrainMap,
    start: Pos,
    goal: Pos,
    radius: u32,
    replanner: Replanner,
    max_turns: Turn,
) -> Result<Traverse, GameError> {
    let mut unit = FactionSpec::new("unit", 'u');
    unit.kind_mut().sight = radius;
    unit.planner = replanner;
    unit.goal = Some(goal);
    let level = Level {
        name: "traverse".into(),
        description: "one unit crossing unknown terrain".into(),
        terrain: map.clone(),
        factions: vec![unit],
        spawns: vec![Spawn {
            faction: 0,
            kind: 0,
            at: start,
        }],
        player: None,
        treasure: None,
        stairs: None,
        pack: Vec::new(),
    };
    let mut game = Game::new(&level, 1, SimConfig::default())?;
    while !game.floor().is_settled() && game.floor().turn() < max_turns {
        game.apply(Command::Advance);
    }
    let m = &game.floor().monsters()[0];
    let s = m.stats();
    Ok(Traverse {
        reached: matches!(m.presence(), Presence::Escaped(_)),
        turns: game.floor().turn(),
        steps: s.steps,
        bumps: s.bumps,
        replans: s.replans,
        // The monster's own searches and its faction's field updates.
        expanded: game.floor().faction_stats(0).expanded,
    })
}
