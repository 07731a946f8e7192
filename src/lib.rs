//! Darkstar: a roguelike whose monsters find their way by what their
//! faction knows. This library is the headless core plus, behind the `tui`
//! feature, the terminal front end. Its folders are its layers, each
//! importing only those above it in this list:
//!
//! - [`rng`]: the one named, seeded, portable random number generator;
//! - [`clock`]: the turn number;
//! - [`map`]: positions, grids and integer costs (`darkstar-path`'s), and
//!   the terrain;
//! - [`path`]: the cost-map trait and the searches (A*, Dijkstra, D* Lite,
//!   fields, islands), which are the `darkstar-path` crate's, and the
//!   game's names for them;
//! - [`fog`]: a faction's knowledge, sight, noise and danger (the
//!   `darkstar-fog` crate's) and the game's rules for them;
//! - [`content`]: levels, the generator, the Moving AI readers;
//! - [`sim`]: the game state, its turn loop and the planners' scheduling;
//! - [`record`]: replays and saves;
//! - `ui` (feature `ui`): the screens, on ratatui's buffers, taking keys
//!   and time from whichever front end drives them; with feature `tui`
//!   (the default), the terminal front end too. Only `src/ui/` and the
//!   binary touch the terminal, and `cargo build --lib
//!   --no-default-features` builds everything else: the core, which uses
//!   no operating system's crate and builds for `wasm32-unknown-unknown`
//!   too, where it plays the same games (`web/`, `tools/wasm-digest.sh`);
//!   the screens (`--features ui`) build there as well.
//!
//! `tests/layers.rs` checks the order.

pub mod clock;
pub mod content;
pub mod fog;
pub mod map;
pub mod path;
pub mod record;
pub mod rng;
pub mod sim;
#[cfg(feature = "ui")]
pub mod ui;
