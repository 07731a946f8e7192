//! The minds of a floor, in one place: each monster's [`Mind`] (asleep
//! or awake, and its state of mind as last settled) and what each
//! faction's monsters share of the player ([`Intel`]: where it last saw
//! or heard the player, the search it makes round where it lost it, the
//! places its wanderers are bound for). The rules that settle them are
//! the floor's (`game/mind.rs`); behaviours read them through a
//! [`crate::sim::behaviour::Situation`], the screen and the bots through
//! [`crate::sim::Floor::mind`] and [`crate::sim::Floor::intel`].

use super::awareness::{Awareness, Search, WANDER_PLACES};
use super::monster::MonsterId;
use crate::map::geom::Pos;

/// One monster's mind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mind {
    /// Asleep: it does nothing until a noise, or by chance the sight of
    /// the player, wakes it.
    asleep: bool,
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
}

/// What a faction's monsters share of the player: hunting, searching and
/// wandering are the faction's business, decided once for all its
/// monsters over what it knows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Intel {
    /// Where its monsters last saw or heard the player.
    pub(crate) player_seen: Option<Pos>,
    /// The search it makes round where it lost the player, if any.
    pub(crate) search: Option<Search>,
    /// Where its wanderers are bound (see [`WANDER_PLACES`]).
    pub(crate) wander: [Option<Pos>; WANDER_PLACES],
}

impl Intel {
    /// Where its monsters last saw or heard the player.
    pub fn player_seen(&self) -> Option<Pos> {
        self.player_seen
    }
    /// The search it makes round where it lost the player.
    pub fn search(&self) -> Option<Search> {
        self.search
    }
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
    pub(crate) fn hash_into(&self, h: &mut super::fnv::Fnv) {
        use super::fnv::hash_pos;
        let Intel {
            player_seen,
            search,
            wander,
        } = self;
        hash_pos(h, *player_seen);
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
        for &p in wander {
            hash_pos(h, p);
        }
    }
    /// It saw or heard the player at `at`: it hunts there, and any search
    /// is over.
    pub(crate) fn player_at(&mut self, at: Pos) {
        self.player_seen = Some(at);
        self.search = None;
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
        self.monsters.push(Mind { asleep, state });
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
