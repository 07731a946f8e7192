//! The game's clock: a turn number. Every layer above the map counts in
//! it (when a cell was last seen, when an event happened, how long a run
//! took).

/// A turn number.
pub type Turn = u32;
