//! The one random number generator of the simulation: ChaCha8, seeded from
//! a `u64`, passed in explicitly. ChaCha's output is specified bit for bit,
//! so the same seed gives the same game on every machine and every build;
//! `StdRng` promises no such thing across rand versions.

// No unsafe code here: the searches, the fog, the map and the
// simulation are safe Rust, and the compiler keeps them so (the few
// system calls live in `content::textfile`, `record::save` and `ui`).
#![forbid(unsafe_code)]

use rand::SeedableRng;

/// The simulation's RNG.
pub type SimRng = rand_chacha::ChaCha8Rng;

/// A simulation RNG for `seed`.
///
/// ```
/// use rand::RngExt;
/// let mut a = darkstar::rng::sim_rng(7);
/// let mut b = darkstar::rng::sim_rng(7);
/// assert_eq!(a.random_range(0..1000u32), b.random_range(0..1000u32));
/// ```
pub fn sim_rng(seed: u64) -> SimRng {
    SimRng::seed_from_u64(seed)
}
