//! Crowds for scale tests and benchmarks: a generated level's spawns
//! replaced by many monsters, placed as a user would place them by hand
//! (random floor cells, or packed into one room), in factions that share
//! the level's goal.

use crate::content::level::{FactionSpec, Level, Spawn};
use crate::map::geom::Pos;
use crate::map::terrain::Terrain;
use crate::path::Replanner;
use crate::rng::sim_rng;

/// The four factions of the scale scenario, all planning with `planner`
/// and heading for `goal` (labelled `1`): touch only; sight 4; sight 8
/// preferring known ground (unknown costs twice floor); natives who know
/// the map.
pub fn scale_factions(planner: Replanner, goal: Pos) -> Vec<FactionSpec> {
    let mut factions = vec![
        FactionSpec::new("blind", 'b'),
        FactionSpec::new("eyes", 'e'),
        FactionSpec::new("wary", 'w'),
        FactionSpec::new("natives", 'n'),
    ];
    factions[1].kinds[0].sight = 4;
    (factions[2].kinds[0].sight, factions[2].unknown_factor) = (8, 2);
    factions[3].knows_map = true;
    factions[3].kinds[0].one = Some("native".to_string());
    for f in &mut factions {
        (f.goal, f.goal_label, f.planner) = (Some(goal), Some('1'), planner);
    }
    factions
}

/// `base` with its spawns replaced by `monsters` monsters on distinct
/// random floor cells (not the goal), dealt to `factions` in turn, chosen
/// with `seed`; spawns in row-major order. Fewer if there is less floor.
pub fn spread(base: &Level, factions: Vec<FactionSpec>, monsters: usize, seed: u64) -> Level {
    let goal = factions.first().and_then(|f| f.goal);
    let cells: Vec<Pos> = base
        .terrain
        .grid()
        .positions()
        .filter(|&p| base.terrain.get(p) == Some(Terrain::Floor) && Some(p) != goal)
        .collect();
    let mut rng = sim_rng(seed);
    let spawns = super::deal_spawns(cells, factions.len(), monsters, &mut rng);
    Level {
        spawns,
        factions,
        player: None,
        ..base.clone()
    }
}

/// `base` with its spawns replaced by up to `monsters` monsters of one
/// faction (`faction`) packed into the passable cells nearest `start`
/// (breadth first, so they fill the room `start` is in before spilling
/// out): the crowd scenario. Any passable ground, not only floor: the
/// generator lays rubble, water and roads across rooms, and a crowd
/// confined to floor would stop at the first patch of it.
pub fn packed(base: &Level, faction: FactionSpec, start: Pos, monsters: usize) -> Level {
    let t = &base.terrain;
    let goal = faction.goal;
    let mut seen = vec![false; t.width() as usize * t.height() as usize];
    let index = |p: Pos| p.row_major(t.width());
    let mut queue = std::collections::VecDeque::new();
    let mut spawns = Vec::new();
    if t.is_passable(start) {
        seen[index(start)] = true;
        queue.push_back(start);
    }
    while let Some(p) = queue.pop_front() {
        if spawns.len() >= monsters {
            break;
        }
        if Some(p) != goal {
            spawns.push(Spawn {
                faction: 0,
                kind: 0,
                at: p,
            });
        }
        for d in crate::map::geom::Dir::ALL {
            let q = p.step(d);
            if t.is_passable(q) && !seen[index(q)] {
                seen[index(q)] = true;
                queue.push_back(q);
            }
        }
    }
    spawns.sort_by_key(|s| (s.at.y, s.at.x));
    Level {
        spawns,
        factions: vec![faction],
        player: None,
        ..base.clone()
    }
}
