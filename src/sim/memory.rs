//! How much memory a game will need, estimated before anything big is
//! allocated, and a cap that refuses games past it with a clear error
//! instead of an allocation failure (which aborts the process, terminal
//! and all). Every term below counts what a structure of the simulation
//! really allocates per cell or per monster; the test
//! `memory::the_estimate_covers_what_a_game_uses` in tests/ measures a
//! real game's peak against it.
//!
//! The estimate is made from a [`Footprint`] (map size, and how many
//! monsters each faction has and how they plan), which can be had from a
//! [`Level`] or, before generating anything, from the generator's
//! parameters.
//!
//! ```
//! use darkstar::content::generator::GenParams;
//! use darkstar::sim::SimConfig;
//! use darkstar::sim::memory::{DEFAULT_MAX_MEMORY, Footprint, check};
//! let small = Footprint::of_generated(&GenParams::default(), false);
//! assert!(check(&small, &SimConfig::default(), DEFAULT_MAX_MEMORY).is_ok());
//! let huge = Footprint::of_generated(
//!     &GenParams { width: 1024, height: 1024, monsters_per_faction: 10_000, ..GenParams::default() },
//!     false,
//! );
//! let err = check(&huge, &SimConfig::default(), DEFAULT_MAX_MEMORY).unwrap_err();
//! assert!(err.to_string().contains("--max-memory"));
//! ```

use crate::content::generator::GenParams;
use crate::content::level::{Level, Outline};
use crate::path::Replanner;

use super::SimConfig;

/// The cap a game's estimated memory must stay under unless the player
/// says otherwise (`--max-memory`): 2 GiB, a quarter of a modest machine.
pub const DEFAULT_MAX_MEMORY: u64 = 2 << 30;

/// The true world a cell: terrain (1 byte) and occupant (a `u32`).
const WORLD_PER_CELL: u64 = 1 + 4;
/// A faction's knowledge a cell: belief (1), last seen turn (4), danger
/// (2), chokepoint flag (1), danger penalty (2), the list of dangerous
/// cells (4, when every cell is), its islands (a label, 4, whether the
/// cell is closed, 1, and a split's search mark, 1) and its discovery log
/// (8 a cell learnt: each cell is learnt at most once, and the log is
/// compacted as its readers catch up).
const FACTION_PER_CELL: u64 = 1 + 4 + 2 + 1 + 2 + 4 + (4 + 1 + 1) + 8;
/// An A* search context a cell: its 16-byte node record and, at worst, a
/// 4-byte entry in its open list. The game keeps two (the search queue's
/// and the one for detours round units).
const SEARCH_PER_CELL: u64 = 16 + 4;
/// A suspended search keeps a snapshot of the knowledge it started on:
/// beliefs, last seen turns and the danger grids.
const SNAPSHOT_PER_CELL: u64 = 1 + 4 + 2 + 1 + 2 + 4;
/// One D* Lite planner per cell its search touched: the cell's state in
/// its tile (g, rhs and queue key, 32 bytes; tiles are allocated on first
/// write, see [`crate::path::dstar_lite`]) and its heap, whose entries (24
/// bytes) run to about a quarter of the touched cells at their peak (the
/// heap is compacted past that).
const DSTAR_PER_TOUCHED_CELL: u64 = 32 + 24 / 4;
/// The share of the map (1 in this many cells) a D* Lite monster's search
/// is taken to touch. A search from a start to a goal over ground it barely
/// knows touches about the box between them (the cells whose estimate ties
/// with the optimum form a parallelogram inside it) plus a margin; with
/// monsters spread over the map and one goal, that box averages about a
/// ninth of the map. Repairs round the walls a unit discovers spread it
/// further: a walk across a generated 512x512 dungeon from the spawn
/// farthest from the goal touched 54% of the tiles by its end (the test
/// `memory::d_star_lite_memory_stays_proportional_over_a_long_walk`),
/// nearer spawns far less. A quarter is the middle of that range; a maze
/// can make a search touch the whole map, which the cap's slack absorbs
/// only in part.
const DSTAR_TOUCHED_SHARE: u64 = 4;
/// Directory bytes per tile of the map: one pointer a tile, rows rounded
/// up to a power of two tiles (at most twice).
const DSTAR_DIRECTORY_PER_TILE: u64 = 2 * 8;
/// Cells in a D* Lite tile.
const DSTAR_TILE_CELLS: u64 = 16 * 16;
/// One shared field a cell: g, rhs and the queued key (8 bytes each), the
/// cell's place in the heap (4), and the heap's 16-byte entries, one per
/// queued cell (a quarter of the cells, generously: the frontier and the
/// cells repairs left queued).
const FIELD_PER_CELL: u64 = 8 + 8 + 8 + 4 + 16 / 4;
/// The buffers of a faction's fast rebuilds ([`crate::path::Rebuild`]),
/// one set a faction planning with fields: a cell's entry factor (4), its
/// legal moves (1), whether it is settled (1), and its place in the
/// buckets (4, at worst once a cell).
const REBUILD_PER_CELL: u64 = 4 + 1 + 1 + 4;
/// What a faction planning with fields reads them over all turn: each
/// cell's entry factor at the turn's plan phase (4, `TurnCosts`).
const TURN_COSTS_PER_CELL: u64 = 4;
/// Fields a faction of field planners holds: its goal's; a hostile one
/// also hunts where it last saw the player, and keeps the field of the
/// last such target as a spare for its buffers. (The cap is
/// [`super::MAX_FIELDS`] and a spare; a faction reaches it only while the
/// player keeps moving in and out of sight, which the slack absorbs.)
fn fields_per_faction(hostile: bool) -> u64 {
    if hostile { 3 } else { 1 }
}
/// A faction that flees keeps the safety map its fleers walk down (its
/// value a cell, see [`crate::path::SafetyMap`]).
const SAFETY_PER_CELL: u64 = 8;
/// Making one (one at a time): the map in dense arrays (entry factor 4,
/// legal moves 1, padded passability 1), the distance to the threat (8),
/// the sources (16) and their place in Dial's buckets (4).
const SAFETY_MAKING_PER_CELL: u64 = 4 + 1 + 1 + 8 + 16 + 4;
/// A monster's fixed part: the `Monster` record with its planner and
/// statistics.
const MONSTER_FIXED: u64 = 512;
/// Per cell of a monster's path: the cell (8), its planned cost (8), and
/// its trail's loop-erased walk (a `u32` and an ordered-map entry, about
/// 40). A field monster holds no path (its next step is read off its
/// faction's field), only the trail.
const PATH_PER_CELL: u64 = 8 + 8 + TRAIL_PER_CELL;
const TRAIL_PER_CELL: u64 = 4 + 40;

/// What decides a faction's memory.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FactionFootprint {
    pub planner: Replanner,
    pub monsters: u64,
    /// It hunts the player (one more field, for a field planner).
    pub hostile: bool,
    /// Its monsters flee when hurt (a safety map to keep).
    pub flees: bool,
}

impl FactionFootprint {
    pub fn new(planner: Replanner, monsters: u64) -> FactionFootprint {
        FactionFootprint {
            planner,
            monsters,
            hostile: false,
            flees: false,
        }
    }
}

/// What decides a game's memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Footprint {
    pub width: u32,
    pub height: u32,
    /// Each faction's planner and monster count.
    pub factions: Vec<FactionFootprint>,
    /// A player (`@`): one more faction (its own fog) and monster.
    pub player: bool,
}

impl Footprint {
    /// The footprint of a level.
    pub fn of_level(level: &Level) -> Footprint {
        let mut counts = vec![0u64; level.factions.len()];
        for s in &level.spawns {
            if let Some(c) = counts.get_mut(s.faction) {
                *c += 1;
            }
        }
        Footprint {
            width: level.terrain.width(),
            height: level.terrain.height(),
            factions: level
                .factions
                .iter()
                .zip(counts)
                .map(|(f, n)| FactionFootprint {
                    planner: f.planner,
                    monsters: n,
                    hostile: f.hunts(),
                    flees: f.kinds.iter().any(|k| k.behaviours.flees()),
                })
                .collect(),
            player: level.player.is_some(),
        }
    }

    /// The footprint of the game a level file outlines
    /// ([`Level::outline`]): what its header and grid declare, weighed
    /// before the level is built.
    pub fn of_outline(outline: &Outline) -> Footprint {
        Footprint {
            width: outline.width,
            height: outline.height,
            factions: outline
                .factions
                .iter()
                .zip(&outline.monsters)
                .map(|(f, &monsters)| FactionFootprint {
                    planner: f.planner,
                    monsters,
                    hostile: f.hunts(),
                    flees: f.kinds.iter().any(|k| k.behaviours.flees()),
                })
                .collect(),
            player: outline.player,
        }
    }

    /// The footprint of a generated level, from its parameters alone
    /// (nothing is generated): three factions of `monsters_per_faction`,
    /// all planning with fields; a play level's are hostile, and there is
    /// the player. (At most: a level with too little floor places fewer.)
    pub fn of_generated(params: &GenParams, play: bool) -> Footprint {
        let n = params.monsters_per_faction.max(1) as u64;
        let factions = vec![
            FactionFootprint {
                planner: Replanner::Field,
                monsters: n,
                hostile: play,
                flees: false,
            };
            3
        ];
        Footprint {
            width: params.width,
            height: params.height,
            factions,
            player: play,
        }
    }

    fn cells(&self) -> u64 {
        self.width as u64 * self.height as u64
    }

    fn monsters(&self) -> u64 {
        self.factions.iter().map(|f| f.monsters).sum::<u64>() + self.player as u64
    }
}

/// The estimate, term by term (bytes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoryEstimate {
    /// The true world.
    pub world: u64,
    /// Every faction's knowledge, danger, islands and log (and a fleeing
    /// faction's safety map).
    pub knowledge: u64,
    /// The A* search contexts and a suspended search's snapshot.
    pub searches: u64,
    /// Every monster's record, path and trail.
    pub monsters: u64,
    /// D* Lite planners (one a monster of a D* Lite faction).
    pub dstar: u64,
    /// Shared fields (a few per faction planning with fields).
    pub fields: u64,
    /// How many D* Lite planners, and the bytes of each.
    pub dstar_planners: u64,
    pub dstar_each: u64,
}

impl MemoryEstimate {
    /// All of it.
    pub fn total(&self) -> u64 {
        self.world
            .saturating_add(self.knowledge)
            .saturating_add(self.searches)
            .saturating_add(self.monsters)
            .saturating_add(self.dstar)
            .saturating_add(self.fields)
    }
}

/// The estimated memory of a game with this footprint.
pub fn estimate(fp: &Footprint, config: &SimConfig) -> MemoryEstimate {
    let cells = fp.cells();
    let factions = fp.factions.len() as u64 + fp.player as u64;
    // A path is typically a few times the map's side; mazes make longer
    // ones, which the cap's slack absorbs.
    let path = (2 * (fp.width as u64 + fp.height as u64)).min(cells);
    // Claimed cells and units planned round, per plan.
    let claims = 8 * (2 * config.claim_radius as u64 + 1).pow(2);
    let dstar_planners: u64 = fp
        .factions
        .iter()
        .filter(|f| f.planner == Replanner::DStarLite)
        .map(|f| f.monsters)
        .sum();
    let fields: u64 = fp
        .factions
        .iter()
        .filter(|f| f.planner == Replanner::Field)
        .map(|f| fields_per_faction(f.hostile))
        .sum();
    let field_factions = fp
        .factions
        .iter()
        .filter(|f| f.planner == Replanner::Field)
        .count() as u64;
    let per_monster = |f: &FactionFootprint| match f.planner {
        // A field monster holds only its trail: the loop-erased walk it
        // has made, which on the way to its goal is about its route, at
        // most the map's width plus height on a dungeon (the path term
        // above is twice that, for plans drawn through unknown ground).
        Replanner::Field => MONSTER_FIXED + (path / 2) * TRAIL_PER_CELL,
        _ => MONSTER_FIXED + path * PATH_PER_CELL + claims,
    };
    let monsters = fp
        .factions
        .iter()
        .map(|f| f.monsters.saturating_mul(per_monster(f)))
        .fold(0u64, u64::saturating_add)
        .saturating_add(fp.player as u64 * (MONSTER_FIXED + path * PATH_PER_CELL));
    let fleeing = fp.factions.iter().filter(|f| f.flees).count() as u64;
    let safety = (fleeing
        .saturating_mul(cells)
        .saturating_mul(SAFETY_PER_CELL))
    .saturating_add(
        u64::from(fleeing > 0).saturating_mul(cells.saturating_mul(SAFETY_MAKING_PER_CELL)),
    );
    let dstar_each = (cells / DSTAR_TOUCHED_SHARE)
        .saturating_mul(DSTAR_PER_TOUCHED_CELL)
        .saturating_add(cells.div_ceil(DSTAR_TILE_CELLS) * DSTAR_DIRECTORY_PER_TILE);
    MemoryEstimate {
        world: cells * WORLD_PER_CELL,
        knowledge: cells
            .saturating_mul(FACTION_PER_CELL)
            .saturating_mul(factions)
            .saturating_add(safety),
        searches: cells.saturating_mul(2 * SEARCH_PER_CELL + SNAPSHOT_PER_CELL),
        monsters,
        dstar: dstar_planners.saturating_mul(dstar_each),
        fields: fields
            .saturating_mul(cells)
            .saturating_mul(FIELD_PER_CELL)
            .saturating_add(
                field_factions.saturating_mul(cells * (REBUILD_PER_CELL + TURN_COSTS_PER_CELL)),
            ),
        dstar_planners,
        dstar_each,
    }
}

/// A game that would need more memory than allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "this game would need about {} of memory ({}), over the {} limit; raise the limit with --max-memory or choose a smaller level",
    bytes(.estimate.total()), .detail, bytes(*.cap)
)]
pub struct MemoryError {
    pub estimate: MemoryEstimate,
    pub cap: u64,
    /// What takes the most, in words.
    pub detail: String,
}

/// Refuses a game whose estimate is over `cap` bytes.
pub fn check(fp: &Footprint, config: &SimConfig, cap: u64) -> Result<MemoryEstimate, MemoryError> {
    let e = estimate(fp, config);
    if e.total() <= cap {
        return Ok(e);
    }
    let map = format!("{}x{}", fp.width, fp.height);
    let detail = if e.dstar >= e.total() / 2 {
        format!(
            "{} D* Lite monsters at {} each on {map}",
            e.dstar_planners,
            bytes(e.dstar_each)
        )
    } else if e.fields >= e.total() / 2 {
        format!("the factions' shared fields over {map} cells")
    } else if e.monsters >= e.total() / 2 {
        format!("{} monsters on {map}", fp.monsters())
    } else {
        format!(
            "{} factions' knowledge of {map} cells",
            fp.factions.len() + fp.player as usize
        )
    };
    Err(MemoryError {
        estimate: e,
        cap: cap.max(1),
        detail,
    })
}

/// Bytes as people read them: `41.2 GiB`, `512.0 MiB`.
pub fn bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_read_as_people_write_them() {
        assert_eq!(bytes(100), "100 bytes");
        assert_eq!(bytes(2 << 30), "2.0 GiB");
        assert_eq!(bytes(41 * (1 << 20) + (1 << 19)), "41.5 MiB");
    }

    #[test]
    fn d_star_lite_dominates_where_it_should() {
        let fp = Footprint {
            width: 1024,
            height: 1024,
            factions: vec![FactionFootprint::new(Replanner::DStarLite, 300)],
            player: false,
        };
        let e = check(&fp, &SimConfig::default(), DEFAULT_MAX_MEMORY).unwrap_err();
        assert!(e.detail.contains("300 D* Lite monsters"), "{e}");
        assert_eq!(
            e.estimate.dstar_each,
            1024 * 1024 / 4 * DSTAR_PER_TOUCHED_CELL + 4096 * 16
        );
        assert_eq!(
            DSTAR_TILE_CELLS * 32,
            crate::path::DStarLite::TILE_BYTES as u64
        );
    }
}
