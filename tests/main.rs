//! The one integration-test binary: each module is one area.

#[cfg(feature = "tui")]
mod autopilot;
mod awareness;
mod behaviours;
mod bots;
mod checked;
mod cli;
mod common;
mod crowds;
mod danger;
mod digest;
mod exclusions;
mod field_trace;
mod fields;
mod fog;
mod game_costs;
mod golden;
mod items;
mod layers;
mod levels;
mod mapgen;
mod memory;
#[cfg(feature = "tui")]
mod morgue;
mod movingai;
mod parsers;
mod play;
mod readme;
mod rebuild;
mod replays;
mod run_of_depths;
#[cfg(feature = "tui")]
mod saves;
mod searches;
#[cfg(feature = "tui")]
mod signals;
mod sim;
mod sweeps;
mod teaching;
#[cfg(feature = "tui")]
mod title;
#[cfg(feature = "tui")]
mod ui;
