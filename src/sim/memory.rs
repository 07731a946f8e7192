//! How much memory a game will need, estimated before anything big is
//! allocated, and a cap that refuses games past it with a clear error
//! instead of an allocation failure (which aborts the process, terminal
//! and all). Every term below counts what a structure of the simulation
//! really allocates per cell or per monster; the tests
//! `memory::the_estimate_covers_what_a_game_uses` and
//! `memory::a_crowd_that_fits_is_not_refused` in tests/ hold real games'
//! peaks against it.
//!
//! The estimate is made from a [`Footprint`] (map size, and how many
//! monsters each faction has, how they plan and how far they walk), which
//! can be had from a [`Level`], from a level file's outline before it is
//! built, or, before generating anything, from the generator's
//! parameters. A monster's trail (the cells of its walk) grows with how
//! far it walks ([`Walk`]), so a monster bound for its goal is charged its
//! way there from where it stands, not a walk across the map: a crowd
//! round its goal walks short ways.
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
//! let err = check(&huge, &SimConfig::default(), 1 << 30).unwrap_err();
//! assert!(err.to_string().contains("--max-memory"));
//! ```

use crate::content::generator::GenParams;
pub use crate::content::level::straight_steps;
use crate::content::level::{FactionSpec, Level, Outline};
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
/// The program itself, whatever the game: its code and libraries as
/// they are paged in, the allocator's arenas and the threads' stacks. A
/// game on a 5x3 level peaks at 4.8 MiB resident (5.2 MiB on 32 threads),
/// the default 80x40 dungeon at 5.6 MiB, of which the terms below count
/// under 1 MiB.
const PROCESS: u64 = 6 << 20;
/// A monster's fixed part: its `Monster` record (344 bytes, with its plan
/// and statistics), its trail's first two allocations (a 16-byte vector
/// and a 104-byte B-tree leaf) and its mind, 575 bytes a monster once the
/// game is made, and what a turn allocates for each, 67 bytes kept and 76
/// more while the turn is played: counted allocation by allocation over
/// the start and first turn of a 400x400 level with 25,000 and with
/// 50,000 monsters (the difference), 718 bytes before the allocator's
/// headers.
const MONSTER_FIXED: u64 = 768;
/// Per cell of a monster's trail, its loop-erased walk
/// ([`super::Trail`]): the cell in a `Vec<u32>` (4 bytes, up to twice that
/// as the vector doubles) and its entry in a `BTreeMap<u32, u32>` (8 bytes
/// of key and value in 104-byte leaves, which a walk's inserts, each next
/// to the last, split into leaves of 6 entries, and the internal nodes
/// above them: about 20). Measured: 25.5 to 28.7 bytes a cell, trails of
/// 30 to 3,000 cells.
const TRAIL_PER_CELL: u64 = 8 + 20;
/// Per cell of an A* or D* Lite monster's path: the cell (8) and its
/// planned cost (8). A field monster holds no path (its next step is read
/// off its faction's field), only its trail.
const PATH_PER_CELL: u64 = 8 + 8;
/// How long a monster's walk to its goal is, in tenths of the straight
/// line from its spawn (the larger of the distances across and down: a
/// diagonal step covers one of each). A monster bound for its goal walks
/// downhill on its faction's field (or along its plan), so its trail, the
/// walk with its loops cut out, is about its way there: the straight line,
/// made longer by the walls it goes round, the units it steps aside for
/// in a crowd and the ground it did not know. Measured as trail cells over
/// straight-line steps, summed over every monster of crowds played out
/// until all arrived: 1.70 on an open 64x64 room with 2,000 monsters,
/// 1.68 on a 96x96 dungeon with 1,500, 1.78 on a 128x128 one with 3,000,
/// 1.55 on a 256x256 one with 10,000 (1.30 at turn 5,000). A crowd cut
/// short counts less: 1.03 on an open 400x400 level with 100,000 at turn
/// 5,000 (31% of them arrived), 0.90 on a 512x512 dungeon with 20,000
/// (6%). A maze makes ways far longer than the line, which the cap's
/// slack absorbs only in part.
const WALK_TENTHS: u64 = 18;

/// How far a faction's monsters walk, which is how long their trails (and
/// an A* or D* Lite monster's path) grow.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Walk {
    /// To the faction's goal, from spawns this many straight-line steps
    /// from it in all (summed over its monsters; see [`straight_steps`]).
    ToGoal { steps: u64 },
    /// To the faction's goal from spawns not placed yet (a generated
    /// level weighed before it is generated, a bare map before its
    /// monsters are placed): each monster's straight line as long as two
    /// cells of the map can be apart, its longer side.
    ToGoalFromAnywhere,
    /// Nowhere fixed: its monsters hunt the player or wander. Each walks
    /// across the map and part-way back, its width plus its height.
    Roams,
    /// Nowhere: no goal, nothing to hunt or wander to. Its monsters stand
    /// where they are (a step aside for a passer-by fits in the trail's
    /// first allocations).
    Stays,
}

impl Walk {
    /// How a faction walks: `goal_steps` is the straight-line steps from
    /// its monsters to its goal, summed, where they are placed; `player`,
    /// whether the level has a player for it to hunt.
    fn of(spec: &FactionSpec, goal_steps: Option<u64>, player: bool) -> Walk {
        let wanders = spec.kinds.iter().any(|k| k.behaviours.wanders());
        if wanders || (player && spec.hunts()) {
            Walk::Roams
        } else if spec.goal.is_none() && spec.goal_label.is_none() {
            Walk::Stays
        } else {
            match goal_steps {
                Some(steps) => Walk::ToGoal { steps },
                None => Walk::ToGoalFromAnywhere,
            }
        }
    }
}

/// What decides a faction's memory.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FactionFootprint {
    pub planner: Replanner,
    pub monsters: u64,
    /// It hunts the player (one more field, for a field planner).
    pub hostile: bool,
    /// Its monsters flee when hurt (a safety map to keep).
    pub flees: bool,
    /// How far its monsters walk.
    pub walk: Walk,
}

impl FactionFootprint {
    /// A faction of `monsters` planning with `planner`, neither hostile
    /// nor fleeing, that roams (its monsters' walks taken as long as
    /// anything but a maze makes them).
    pub fn new(planner: Replanner, monsters: u64) -> FactionFootprint {
        FactionFootprint {
            planner,
            monsters,
            hostile: false,
            flees: false,
            walk: Walk::Roams,
        }
    }

    /// A faction of `spec` with `monsters` monsters, whose straight-line
    /// steps to its goal sum to `goal_steps` where they are placed.
    fn of_spec(spec: &FactionSpec, monsters: u64, goal_steps: Option<u64>, player: bool) -> Self {
        FactionFootprint {
            planner: spec.planner,
            monsters,
            hostile: spec.hunts(),
            flees: spec.kinds.iter().any(|k| k.behaviours.flees()),
            walk: Walk::of(spec, goal_steps, player),
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
        let mut steps = vec![0u64; level.factions.len()];
        for s in &level.spawns {
            if let Some(c) = counts.get_mut(s.faction) {
                *c += 1;
                if let Some(goal) = level.factions[s.faction].goal {
                    steps[s.faction] += straight_steps(s.at, goal);
                }
            }
        }
        let player = level.player.is_some();
        Footprint {
            width: level.terrain.width(),
            height: level.terrain.height(),
            factions: level
                .factions
                .iter()
                .zip(counts.into_iter().zip(steps))
                .map(|(f, (n, steps))| FactionFootprint::of_spec(f, n, Some(steps), player))
                .collect(),
            player,
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
                .zip(outline.monsters.iter().zip(&outline.goal_steps))
                .map(|(f, (&monsters, &steps))| {
                    FactionFootprint::of_spec(f, monsters, steps, outline.player)
                })
                .collect(),
            player: outline.player,
        }
    }

    /// The footprint of a generated level, from its parameters alone
    /// (nothing is generated): three factions of `monsters_per_faction`,
    /// all planning with fields and bound for a goal from spawns not yet
    /// placed; a play level's are hostile, and there is the player, whom
    /// they hunt. (At most: a level with too little floor places fewer.)
    pub fn of_generated(params: &GenParams, play: bool) -> Footprint {
        let n = params.monsters_per_faction.max(1) as u64;
        let factions = vec![
            FactionFootprint {
                planner: Replanner::Field,
                monsters: n,
                hostile: play,
                flees: false,
                walk: if play {
                    Walk::Roams
                } else {
                    Walk::ToGoalFromAnywhere
                },
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
    /// The program itself.
    pub process: u64,
    /// How many D* Lite planners, and the bytes of each.
    pub dstar_planners: u64,
    pub dstar_each: u64,
    /// The cells of every monster's walk counted (see [`Walk`]): its
    /// trail's, and for an A* or D* Lite monster its path's too.
    pub walked: u64,
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
            .saturating_add(self.process)
    }
}

/// The estimated memory of a game with this footprint.
pub fn estimate(fp: &Footprint, config: &SimConfig) -> MemoryEstimate {
    let cells = fp.cells();
    let factions = fp.factions.len() as u64 + fp.player as u64;
    // A walk with its loops cut out never enters a cell twice.
    let roam = (fp.width as u64 + fp.height as u64).min(cells);
    let far = (fp.width.max(fp.height) as u64 * WALK_TENTHS / 10).min(cells);
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
    // The cells of a faction's walks, all its monsters'.
    let walked = |f: &FactionFootprint| match f.walk {
        Walk::ToGoal { steps } => {
            (steps.saturating_mul(WALK_TENTHS) / 10).min(f.monsters.saturating_mul(cells))
        }
        Walk::ToGoalFromAnywhere => f.monsters.saturating_mul(far),
        Walk::Roams => f.monsters.saturating_mul(roam),
        Walk::Stays => 0,
    };
    // A field monster holds its trail; an A* or D* Lite one its path as
    // well (the way left to its goal, at most its walk) and its claims.
    let faction_monsters = |f: &FactionFootprint| match f.planner {
        Replanner::Field => f
            .monsters
            .saturating_mul(MONSTER_FIXED)
            .saturating_add(walked(f).saturating_mul(TRAIL_PER_CELL)),
        _ => f
            .monsters
            .saturating_mul(MONSTER_FIXED + claims)
            .saturating_add(walked(f).saturating_mul(TRAIL_PER_CELL + PATH_PER_CELL)),
    };
    let player = fp.player as u64 * (MONSTER_FIXED + roam * (TRAIL_PER_CELL + PATH_PER_CELL));
    let monsters = fp
        .factions
        .iter()
        .map(faction_monsters)
        .fold(player, u64::saturating_add);
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
        process: PROCESS,
        dstar_planners,
        dstar_each,
        walked: fp
            .factions
            .iter()
            .map(walked)
            .fold(fp.player as u64 * roam, u64::saturating_add),
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
    use crate::map::geom::Pos;

    #[test]
    fn bytes_read_as_people_write_them() {
        assert_eq!(bytes(100), "100 bytes");
        assert_eq!(bytes(2 << 30), "2.0 GiB");
        assert_eq!(bytes(41 * (1 << 20) + (1 << 19)), "41.5 MiB");
    }

    /// A level's monsters are charged their walks: one bound for its
    /// faction's goal 1.8 times its straight line there, one that hunts
    /// the player the map's width plus height (as the player), one with
    /// nowhere to go nothing.
    #[test]
    fn monsters_are_charged_the_walks_they_make() {
        let text = "name: walks\n\
                    faction: bound glyph=b goal=1\n\
                    faction: hunters glyph=h hostile\n\
                    faction: idle glyph=i\n\
                    map:\n\
                    ##########\n\
                    #b.....1.#\n\
                    #b......h#\n\
                    #i....b..#\n\
                    #@.......#\n\
                    ##########\n";
        let level = Level::parse(text, "walks.txt".as_ref()).unwrap();
        let fp = Footprint::of_level(&level);
        // Goal (7, 1): 6 steps from (1, 1) and (1, 2), 2 from (6, 3).
        assert_eq!(straight_steps(Pos::new(6, 3), Pos::new(7, 1)), 2);
        let walks: Vec<Walk> = fp.factions.iter().map(|f| f.walk).collect();
        assert_eq!(
            walks,
            [Walk::ToGoal { steps: 14 }, Walk::Roams, Walk::Stays]
        );
        let roam = 10 + 6;
        let e = estimate(&fp, &SimConfig::default());
        assert_eq!(e.walked, 14 * WALK_TENTHS / 10 + roam + roam);
        // With nobody to hunt, hunters without a goal stay where they are.
        let alone = Level::parse(&text.replace('@', "."), "alone.txt".as_ref()).unwrap();
        assert_eq!(Footprint::of_level(&alone).factions[1].walk, Walk::Stays);
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
