//! The game's amounts of danger (the danger map is `darkstar-fog`'s: where
//! a faction's monsters died, danger that spreads and fades, and where the
//! passages it knows are narrow). Danger is counted in the units of the
//! terrain cost factors (floor is [`FLOOR_COST`], 10), so the smallest, a
//! chokepoint's [`CHOKE_DANGER`] of 1, adds a tenth of a floor step at
//! weight 1 and survives the arithmetic.
//!
//! [`FLOOR_COST`]: crate::map::terrain::FLOOR_COST

pub use darkstar_fog::danger::{DangerRules, Influence};

/// Danger a death leaves on its cell: with weight 1, twice floor (20
/// against floor's 10), fading to nothing three cells away; so a few
/// deaths in a pass outweigh a detour of a couple of dozen steps. A
/// multiple of `DEATH_RADIUS + 1`, so every ring of the spread gets an
/// exact share (20, 15, 10, 5).
pub const DEATH_DANGER: u16 = 20;
/// Cells within this many steps (Chebyshev) of a death get some of it:
/// `DEATH_DANGER * (R + 1 - d) / (R + 1)` at distance `d`.
pub const DEATH_RADIUS: i32 = 3;
/// Danger of a chokepoint (a cell whose neighbours split in two or more
/// groups without it: a corridor, a doorway): with weight 1, a tenth of
/// floor (1 against floor's 10), the least a cost factor can add; enough
/// to prefer open ground at equal length, not to detour (a route one
/// step longer must save ten chokepoints to win).
pub const CHOKE_DANGER: u16 = 1;
/// All danger halves every this many turns.
pub const DECAY_PERIOD: u32 = 25;
/// The most a cell's danger can add to its entering cost factor: twenty
/// times floor (200 against floor's 10), whatever the weight. Finite, so
/// danger is never a ban.
pub const MAX_PENALTY: u16 = 200;
/// Most danger a cell can hold: five times what [`MAX_PENALTY`] needs at
/// weight 1, so a place of many deaths stays at the cap for a couple of
/// decay periods instead of dropping below it at the first halving.
const MAX_DANGER: u16 = 1_000;

/// The game's danger, as the danger map takes it.
pub const RULES: DangerRules = DangerRules {
    death: DEATH_DANGER,
    death_radius: DEATH_RADIUS,
    choke: CHOKE_DANGER,
    max_penalty: MAX_PENALTY,
    max_danger: MAX_DANGER,
};
