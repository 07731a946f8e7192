//! A depth of the dungeon: a generated dungeon for the run's seed and the
//! depth's number, peopled from the bestiary with the kinds that live
//! there. Deeper depths hold more kinds (two, plus one every three
//! depths) and more packs (one more each depth, shared among the
//! kinds), and the bestiary's kinds grow stronger with depth, so a deeper
//! depth is more dangerous, a step at a time; every faction of the
//! bestiary is one faction here (one knowledge layer each: a raven's eyes
//! serve the blind trolls), so deeper depths hold more rival factions,
//! which fight one another as they fight the player.
//!
//! Every faction does what its kind's behaviours say (in the built-in
//! bestiary all hunt, and wander when they have nothing to hunt);
//! sleepers start asleep. A pack starts together: its members on the
//! floor cells nearest one cell drawn among those far from the player.
//!
//! ```
//! use darkstar::content::bestiary::Bestiary;
//! use darkstar::content::generator::depth_level;
//! let level = depth_level(7, 3, &Bestiary::builtin());
//! assert!(level.player.is_some() && level.factions.len() >= 2);
//! let kinds = level.factions.iter().flat_map(|f| &f.kinds);
//! assert!(kinds.clone().all(|k| k.behaviours.hunts() && k.behaviours.wanders()));
//! ```

use rand::RngExt;

use super::dungeon::{GenParams, Style};
use super::play::{PlayGround, play_ground};
use crate::content::bestiary::{Bestiary, DEPTHS, Kind};
use crate::content::level::{FactionSpec, KindSpec, Level, Spawn};

/// Columns of a depth: it fits an 80-column terminal across.
pub const DEPTH_WIDTH: u32 = 80;
/// Rows of a depth: taller than a terminal; the camera follows the player.
pub const DEPTH_HEIGHT: u32 = 40;

/// How many kinds a depth holds: two, and one more every three depths.
pub fn kinds_on(depth: u32) -> usize {
    2 + depth as usize / 3
}

/// How many packs a depth holds, all its kinds together: one more than
/// the depth's number (two on depth 1, one of each of its kinds). One
/// more each depth, not a second pack of every kind at once: doubling
/// them all on depth 5 made a step in danger there (the brawler bot lost
/// 10 hit points on depth 4 and 28 on depth 5; docs/manual.md, "Difficulty
/// as the bots measure it").
pub fn packs_on(depth: u32) -> u32 {
    depth + 1
}

/// How many packs the `i`th of a depth's `kinds` kinds (in the
/// bestiary's order) brings: the depth's packs shared out evenly, the
/// first kinds taking what does not divide (a kind earlier in the
/// bestiary is a weaker one).
///
/// ```
/// use darkstar::content::generator::{packs_of, packs_on};
/// assert_eq!((0..3).map(|i| packs_of(4, 3, i)).collect::<Vec<_>>(), [2, 2, 1]);
/// assert_eq!((0..5).map(|i| packs_of(10, 5, i)).sum::<u32>(), packs_on(10));
/// ```
pub fn packs_of(depth: u32, kinds: usize, i: usize) -> u32 {
    let (total, kinds) = (packs_on(depth), kinds.max(1) as u32);
    total / kinds + u32::from((i as u32) < total % kinds)
}

/// The seed a depth's map is generated from: the run's seed and the
/// depth's number mixed (SplitMix64's constants), so every depth differs
/// and each comes from the seed alone.
pub fn depth_seed(seed: u64, depth: u32) -> u64 {
    let mut z = seed ^ (depth as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Depth `depth` (1 to [`DEPTHS`]; clamped) of the run with seed `seed`,
/// peopled from `bestiary`: the player on the up-stairs' side, the
/// stairs beside it, the treasure on the far goal.
pub fn depth_level(seed: u64, depth: u32, bestiary: &Bestiary) -> Level {
    let depth = depth.clamp(1, DEPTHS);
    let params = GenParams {
        width: DEPTH_WIDTH,
        height: DEPTH_HEIGHT,
        style: Style::Dungeon,
        monsters_per_faction: 1,
    };
    let PlayGround {
        terrain,
        player,
        stairs,
        treasure,
        mut far,
        mut rng,
    } = play_ground(&params, depth_seed(seed, depth));
    // Which kinds: drawn without repeats among those living here, then
    // kept in the bestiary's order (so factions are listed the same way
    // whatever the draw).
    let mut living: Vec<(usize, &Kind)> = bestiary
        .kinds()
        .iter()
        .enumerate()
        .filter(|(_, k)| k.lives_on(depth))
        .collect();
    let mut chosen = Vec::new();
    while chosen.len() < kinds_on(depth) && !living.is_empty() {
        chosen.push(living.swap_remove(rng.random_range(0..living.len())));
    }
    chosen.sort_by_key(|&(i, _)| i);
    let mut factions: Vec<FactionSpec> = Vec::new();
    // The bestiary's faction of each of `factions`: kinds of one faction
    // share it (named for the first of them).
    let mut bestiary_factions: Vec<&str> = Vec::new();
    let mut spawns = Vec::new();
    let kinds = chosen.len();
    for (i, (_, kind)) in chosen.into_iter().enumerate() {
        let (faction, k) = match bestiary_factions.iter().position(|&f| f == kind.faction) {
            Some(f) => {
                let mut more = KindSpec::new(kind.glyph);
                more.take_kind(kind);
                factions[f].kinds.push(more);
                (f, factions[f].kinds.len() - 1)
            }
            None => {
                let mut spec = FactionSpec::new(&kind.plural, kind.glyph);
                spec.take_kind(kind);
                factions.push(spec);
                bestiary_factions.push(&kind.faction);
                (factions.len() - 1, 0)
            }
        };
        for _ in 0..packs_of(depth, kinds, i) {
            if far.is_empty() {
                break;
            }
            let size = rng.random_range(kind.pack.0..=kind.pack.1.max(kind.pack.0)) as usize;
            let anchor = far[rng.random_range(0..far.len())];
            // The pack: the free far cells nearest the anchor (ties in
            // reading order, as `far` is listed).
            far.sort_by_key(|p| {
                let (dx, dy) = p.abs_delta(anchor);
                (dx.max(dy), p.y, p.x)
            });
            for at in far.drain(..size.min(far.len())) {
                spawns.push(Spawn {
                    faction,
                    kind: k,
                    at,
                });
            }
            far.sort_by_key(|p| (p.y, p.x));
        }
    }
    spawns.sort_by_key(|s: &Spawn| (s.at.y, s.at.x));
    let names: Vec<&str> = factions.iter().map(|f| f.name.as_str()).collect();
    Level {
        name: format!("depth-{depth}"),
        description: format!(
            "Depth {depth} of the dungeon of seed {seed}: {}. The Darkstar ($) lies on depth {DEPTHS}: carry it up and out of depth 1 (<).",
            names.join(", ")
        ),
        terrain,
        factions,
        spawns,
        player: Some(player),
        treasure,
        stairs,
        pack: Vec::new(),
    }
}

/// Every monster a depth holds, with its faction's hit points: what makes
/// a depth dangerous (the sum grows with depth; see the tests).
pub fn total_hp(level: &Level) -> i64 {
    level
        .spawns
        .iter()
        .map(|s| level.factions[s.faction].kinds[s.kind].hp as i64)
        .sum()
}
