//! Darkstar: a roguelike whose monsters find their way by what their
//! faction knows. This library is the headless core (grids, terrain costs,
//! optimal pathfinding, fog of war, the simulation, levels, readers for the
//! Moving AI benchmarks) plus, behind the `tui` feature, the terminal front
//! end in `ui`: only `src/ui/` and `src/main.rs` touch the terminal, and
//! `cargo build --lib --no-default-features` builds everything else.

pub mod cost;
pub mod demo;
pub mod explore;
pub mod fov;
pub mod geom;
pub mod grid;
pub mod influence;
pub mod knowledge;
pub mod level;
pub mod mapgen;
pub mod movingai;
pub mod path;
pub mod replay;
pub mod rng;
pub mod save;
pub mod sim;
pub mod sweep;
pub mod terrain;
pub mod textfile;
#[cfg(feature = "tui")]
pub mod ui;
