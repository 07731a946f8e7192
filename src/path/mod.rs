//! The searches, which are the `darkstar-path` crate's (re-exported here
//! so the game names them in one place), and what of searching belongs to
//! the game: [`Replanner`] names the three ways a faction can plan (in
//! level files, reports and the legend), and `true_map.rs` makes the true
//! map a cost map for the searches that may read it (benchmarks, the
//! generator, the demo; never the AI).

// No unsafe code here: the searches, the fog, the map and the
// simulation are safe Rust, and the compiler keeps them so (the few
// system calls live in `content::textfile`, `record::save` and `ui`).
#![forbid(unsafe_code)]

mod replanner;
mod true_map;

pub use darkstar_path::*;
pub use replanner::Replanner;
