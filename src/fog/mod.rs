//! What a faction knows and fears: its [`knowledge`] of the map (the only
//! thing its planners may read), [`sight`] (symmetric shadowcasting, and
//! learning what is seen), [`flight`] (the way a thrown thing flies: a ray
//! of that sight) and its [`danger`] map (deaths and chokepoints).
//! Above `map/` and `path/` (knowledge is a cost map), below the
//! simulation.

// No unsafe code here: the searches, the fog, the map and the
// simulation are safe Rust, and the compiler keeps them so (the few
// system calls live in `content::textfile`, `record::save` and `ui`).
#![forbid(unsafe_code)]

pub mod danger;
pub mod flight;
pub mod knowledge;
pub mod noise;
pub mod sight;
