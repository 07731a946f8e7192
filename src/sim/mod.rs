//! The headless simulation: the true world, factions with their knowledge,
//! monsters with their plans, and a deterministic turn loop driven by
//! [`Command`]s that returns [`Event`]s. Nothing here draws or reads the
//! terminal; the UI renders a `&Game`.
//!
//! ```
//! use darkstar::content::level::Level;
//! use darkstar::sim::{Command, Event, Game, SimConfig};
//! let text = "name: hall\nfaction: orcs glyph=o goal=1\nmap:\n#######\n#o...1#\n#######\n";
//! let level = Level::parse(text, "hall.txt".as_ref()).unwrap();
//! let mut game = Game::new(&level, 7, SimConfig::default()).unwrap();
//! let mut events = Vec::new();
//! while !game.floor().is_settled() {
//!     events.extend(game.apply(Command::Advance));
//! }
//! assert!(events.iter().any(|e| matches!(e, Event::ReachedGoal { monster: 0, .. })));
//! assert_eq!(game.floor().monsters()[0].stats().steps, 4);
//! ```

// No unsafe code here: the searches, the fog, the map and the
// simulation are safe Rust, and the compiler keeps them so (the few
// system calls live in `content::textfile`, `record::save` and `ui`).
#![forbid(unsafe_code)]

mod action;
pub mod autopilot;
mod awareness;
pub mod behaviour;
pub mod bot;
pub mod chronicle;
mod command;
pub mod digest;
mod event;
mod faction;
mod fields;
mod fnv;
mod game;
pub mod item;
mod log;
pub mod memory;
mod mind;
mod monster;
pub mod plan;
mod player;
pub mod recall;
mod report;
mod stats;
pub mod sweep;
mod traverse;
mod turn_costs;
mod world;

pub use action::{Action, Outcome};
pub use awareness::{Awareness, SEARCH_RADIUS, SEARCH_TURNS, Search, WANDER_PLACES};
pub use chronicle::Chronicle;
pub use command::Command;
pub use event::{Event, WaitReason};
pub use faction::{FLEE_FACTOR_TENTHS, Faction};
pub use fields::{
    FieldPolicy, FieldUpdates, Fields, MAX_FIELDS, REBUILD_NS_PER_CELL, REBUILD_NS_PER_MAP_CELL,
    REPAIR_NS_PER_EXPANSION, Update, choose as choose_update,
};
pub use fnv::Fnv;
pub use game::{
    ACTION_READY, Floor, Game, GameError, NORMAL_SPEED, NoticeOdds, PACK_SIZE, SimConfig, Stairs,
    WAIT_ENERGY, hit_chance, move_energy, notice_chance, player_step_energy, stealth_range_if,
    wake_chance, wake_range_if,
};
pub use log::Log;
pub use mind::{Belief, Intel, Learnt, Mind, Minds};
pub use monster::{Monster, MonsterId, Presence};
pub use plan::{AStarPlan, DStarPlan, FieldPlan, Plan, ReplanReason, Status};
pub use player::{
    MONSTER_HP, PLAYER_DAMAGE, PLAYER_HP, PLAYER_SIGHT, PlayOutcome, PlayState, REGEN_TURNS,
    SNEAK_EXTRA, STEALTH_MULTIPLIER, STEALTH_RANGE,
};
pub use report::{Report, percent, run_headless, run_headless_with};
pub use stats::{Stats, Trail};
pub use traverse::{Traverse, traverse};
pub use turn_costs::TurnCosts;
pub use world::World;
