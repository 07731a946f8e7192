//! What a monster is about, as the player and the watcher are told: the
//! state its decisions come from (see `game/mind.rs`, which decides what
//! each state does). Where the player is, and the search it makes where
//! it lost it, is each monster's own; the places its wanderers are bound
//! for, its faction's.

use crate::clock::Turn;
use crate::map::geom::Pos;

/// A monster's state of mind, in the order it is decided: the first that
/// holds is the one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Awareness {
    /// It does nothing until a noise wakes it, or, with the player in its
    /// sight, by chance.
    Asleep,
    /// Hurt, it runs from the player down a safety map over what its
    /// faction knows.
    Fleeing,
    /// It saw or heard the player, or a kin's cry told it where: it goes
    /// to that place.
    Hunting,
    /// It reached where it believed the player was and found nothing (or
    /// learnt nothing of it for long): it goes to the nearest ground
    /// round there its faction has not seen since, for a while.
    Searching,
    /// Nothing to hunt and no goal: it walks to places its faction
    /// believes walkable (and so into dead ends it has not found).
    Wandering,
    /// It heads for its faction's goal.
    Heading,
    /// It stands where it is.
    Idle,
}

impl Awareness {
    /// The word the look box and watch use.
    pub fn word(self) -> &'static str {
        match self {
            Awareness::Asleep => "asleep",
            Awareness::Fleeing => "fleeing",
            Awareness::Hunting => "hunting",
            Awareness::Searching => "searching",
            Awareness::Wandering => "wandering",
            Awareness::Heading => "heading",
            Awareness::Idle => "idle",
        }
    }
}

/// Turns a monster searches before it gives up.
pub const SEARCH_TURNS: Turn = 30;
/// Turns a monster hunts a place it has learnt nothing new of (not seen
/// the player, heard nothing, been told nothing) before it searches there
/// as if it had got there.
pub const FORGET_TURNS: Turn = 60;
/// How far from where it lost the player a monster searches (cells, in
/// steps over what it knows).
pub const SEARCH_RADIUS: i32 = 8;
/// Places a wandering faction is bound for at once: its monsters take
/// them by turns (so a faction roams in two bands, and shares one field
/// per place).
pub const WANDER_PLACES: usize = 2;
/// Random draws a faction makes for a new place to wander to before it
/// gives up for the turn.
pub const WANDER_DRAWS: u32 = 16;

/// A monster's search round the place it lost the player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Search {
    /// Where it last knew the player to be.
    pub around: Pos,
    /// The turn it lost track: cells seen since then are searched.
    pub since: Turn,
    /// The cell its searchers are going to now.
    pub spot: Option<Pos>,
}
