//! What a faction knows and fears: its [`knowledge`] of the map (the only
//! thing its planners may read), [`sight`] (symmetric shadowcasting, and
//! learning what is seen) and its [`danger`] map (deaths and chokepoints).
//! Above `map/` and `path/` (knowledge is a cost map), below the
//! simulation.

pub mod danger;
pub mod knowledge;
pub mod noise;
pub mod sight;
