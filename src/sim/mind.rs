//! The minds of a floor, in one place: each monster's [`Mind`] (asleep
//! or awake, what it knows of the player and since when, the search it
//! makes where it lost the player, whether it flees, and its state of
//! mind as last settled) and what each faction's monsters share
//! ([`Intel`]: the places its wanderers are bound for). The map of the
//! dungeon is a faction's; where the player is, is each monster's own:
//! what it saw, heard, or was told by a kin's cry. The rules that settle
//! them are the floor's (`game/mind.rs`); behaviours read them through a
//! [`crate::sim::behaviour::Situation`], the screen and the bots through
//! [`crate::sim::Floor::mind`] and [`crate::sim::Floor::intel`].

use super::awareness::{Awareness, Search, WANDER_PLACES};
use super::fnv::{Fnv, hash_pos};
use super::monster::MonsterId;
use crate::clock::Turn;
use crate::map::geom::Pos;

/// How a monster came to know where the player is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Learnt {
    /// It saw the player there.
    Saw,
    /// It heard a noise there (a step, a fight, a door: it cannot tell
    /// whose).
    Heard,
    /// A kin's cry told it: where the crier saw the player.
    Told,
}

impl Learnt {
    /// The words the look box and watch use.
    pub fn words(self) -> &'static str {
        match self {
            Learnt::Saw => "saw you",
            Learnt::Heard => "heard a noise",
            Learnt::Told => "told by a cry",
        }
    }
}

/// Where a monster believes the player is, how it learnt it, and when.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Belief {
    /// Where it saw or heard the player, or was told it was.
    pub at: Pos,
    /// How it learnt it.
    pub how: Learnt,
    /// The turn it learnt it (or last saw the player there).
    pub since: Turn,
}

/// One monster's mind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mind {
    /// Asleep: it does nothing until a noise, or by chance the sight of
    /// the player, wakes it.
    asleep: bool,
    /// Where it believes the player is.
    pub(crate) knows: Option<Belief>,
    /// The search it makes round where it lost the player, if any.
    pub(crate) search: Option<Search>,
    /// Fleeing: set when its hit points fall to the share its kind flees
    /// at, cleared only once they are back above a higher share (so it
    /// does not turn at every scratch).
    pub(crate) fleeing: bool,
    /// Its state of mind, as last settled: before its behaviours read
    /// it, when it wakes, and for every monster at the end of each
    /// command (so what the screen and the bots read is the state now).
    state: Awareness,
}

impl Mind {
    /// True while it sleeps.
    pub fn is_asleep(&self) -> bool {
        self.asleep
    }
    /// Its state of mind (see [`Awareness`]).
    pub fn state(&self) -> Awareness {
        self.state
    }
    /// Where it believes the player is, how it learnt it, and when.
    pub fn knows(&self) -> Option<Belief> {
        self.knows
    }
    /// Where it believes the player is.
    pub fn player_seen(&self) -> Option<Pos> {
        self.knows.map(|b| b.at)
    }
    /// The search it makes round where it lost the player.
    pub fn search(&self) -> Option<Search> {
        self.search
    }
    /// True while it flees.
    pub fn is_fleeing(&self) -> bool {
        self.fleeing
    }
    /// It saw or heard the player at `at` on `turn` (or was told so): it
    /// hunts there, and any search is over.
    pub(crate) fn player_at(&mut self, at: Pos, how: Learnt, turn: Turn) {
        self.knows = Some(Belief {
            at,
            how,
            since: turn,
        });
        self.search = None;
    }
    /// Feeds what the mind keeps to the state hash (its state of mind is
    /// settled from the rest, so it is not).
    pub(crate) fn hash_into(&self, h: &mut Fnv) {
        let Mind {
            asleep,
            knows,
            search,
            fleeing,
            state: _,
        } = self;
        h.int(*asleep as i64);
        match knows {
            None => h.int(-1),
            Some(Belief { at, how, since }) => {
                hash_pos(h, Some(*at));
                h.int(*how as i64);
                h.int(*since as i64);
            }
        }
        hash_search(h, search);
        h.int(*fleeing as i64);
    }
}

/// Feeds a search to the state hash.
fn hash_search(h: &mut Fnv, search: &Option<Search>) {
    match search {
        None => h.int(-1),
        Some(Search {
            around,
            since,
            spot,
        }) => {
            hash_pos(h, Some(*around));
            h.int(*since as i64);
            hash_pos(h, *spot);
        }
    }
}

/// What a faction's monsters share besides the map: where its wanderers
/// are bound. Where the player is, each monster knows for itself
/// ([`Mind::knows`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Intel {
    /// Where its wanderers are bound (see [`WANDER_PLACES`]).
    pub(crate) wander: [Option<Pos>; WANDER_PLACES],
}

impl Intel {
    /// Where its wanderers are bound.
    pub fn wander_places(&self) -> &[Option<Pos>] {
        &self.wander
    }
    /// The place monster `id` is bound to wander to (its id picks one of
    /// [`WANDER_PLACES`]).
    pub fn wander_place(&self, id: MonsterId) -> Option<Pos> {
        self.wander[id as usize % WANDER_PLACES]
    }
    /// Feeds the intel to the state hash (all of it is state).
    pub(crate) fn hash_into(&self, h: &mut Fnv) {
        let Intel { wander } = self;
        for &p in wander {
            hash_pos(h, p);
        }
    }
}

/// Every mind on a floor: one a monster (by id) and one a faction (by
/// index).
#[derive(Clone, Debug, Default)]
pub struct Minds {
    monsters: Vec<Mind>,
    factions: Vec<Intel>,
}

impl Minds {
    /// Monster `id`'s mind.
    pub fn of(&self, id: MonsterId) -> &Mind {
        &self.monsters[id as usize]
    }
    /// Faction `fi`'s intel.
    pub fn intel(&self, fi: usize) -> &Intel {
        &self.factions[fi]
    }
    /// Monster `id`'s mind, to change.
    pub(crate) fn of_mut(&mut self, id: MonsterId) -> &mut Mind {
        &mut self.monsters[id as usize]
    }
    /// Faction `fi`'s intel, to change.
    pub(crate) fn intel_mut(&mut self, fi: usize) -> &mut Intel {
        &mut self.factions[fi]
    }
    /// The mind of the next monster placed (asleep or not; its state is
    /// settled once the floor is set up).
    pub(crate) fn add_monster(&mut self, asleep: bool) {
        let state = if asleep {
            Awareness::Asleep
        } else {
            Awareness::Idle
        };
        self.monsters.push(Mind {
            asleep,
            knows: None,
            search: None,
            fleeing: false,
            state,
        });
    }
    /// The intel of the next faction, knowing nothing of the player.
    pub(crate) fn add_faction(&mut self) {
        self.factions.push(Intel::default());
    }
    /// Monster `id` wakes.
    pub(crate) fn wake(&mut self, id: MonsterId) {
        self.monsters[id as usize].asleep = false;
    }
    /// Monster `id`'s state of mind is now `state`.
    pub(crate) fn settle(&mut self, id: MonsterId, state: Awareness) {
        self.monsters[id as usize].state = state;
    }
}
