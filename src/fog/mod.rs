//! What a faction knows and fears, as the game rules it. The machinery is
//! the `darkstar-fog` crate's: a faction's [`knowledge`] of the map (the
//! only thing its planners may read), [`sight`] (symmetric shadowcasting,
//! and learning what is seen), [`flight`] (the way a thrown thing flies)
//! and [`noise`] and [`danger`] maps. What is the game's lives here: the
//! terrain as what a faction believes, a closed door as a wall to those
//! who cannot open one, and how loud a noise is and how much a death
//! weighs. Above `map/` and `path/` (knowledge is a cost map), below the
//! simulation.

// No unsafe code here: the searches, the fog, the map and the
// simulation are safe Rust, and the compiler keeps them so (the few
// system calls live in `content::textfile`, `record::save` and `ui`).
#![forbid(unsafe_code)]

pub mod danger;
pub mod knowledge;
pub mod noise;
pub mod sight;

pub use darkstar_fog::flight;
