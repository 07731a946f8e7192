//! Behaviours: what a monster does, as the ordered list its kind gives
//! (the bestiary's `behaviours:`, a level's flags). Each behaviour is a
//! small type that looks at a read-only [`Situation`] and either passes
//! or makes a [`Choice`]; the first that chooses decides the monster's
//! action, and the game performs it under the rules. A monster whose
//! list passes entirely follows its plan to its faction's goal.
//!
//! Adding a behaviour is one small type implementing [`Behaviour`] and
//! its name in a [`Repertoire`]; a kind lists it by that name. The
//! built-in ones are in `builtin.rs`.
//!
//! A monster's state of mind (where it believes the player is, the search
//! it makes, the place its faction's wanderers are bound for) is the
//! game's to keep up to date, from what the monster senses, before any of
//! its behaviours is asked, when one of them reads it
//! ([`Behaviour::reads_mind`]): the behaviours only read it.

mod builtin;

use std::fmt::Debug;
use std::sync::Arc;

pub use builtin::{Asleep, Cry, Flee, Hunt, Melee, Search, Wander};

use super::Action;
use super::awareness::Awareness;
use super::faction::Faction;
use super::game::Floor;
use super::mind::{Intel, Mind};
use super::monster::{Monster, MonsterId};
use crate::map::geom::Pos;

/// What a behaviour chose.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Not this behaviour's business now: the next one decides.
    Pass,
    /// This action.
    Act(Action),
    /// It sleeps through the action, unless the sight of the player wakes
    /// it (the game's roll); woken, the next behaviour decides.
    Doze,
    /// A step down its faction's safety map away from this threat; if
    /// none is free (cornered), the next behaviour decides.
    FleeFrom(Pos),
    /// Go to this place (or nowhere): its plan chooses the step.
    HeadFor(Option<Pos>),
}

/// One behaviour.
pub trait Behaviour: Debug + Send + Sync {
    /// The name kinds list it by.
    fn name(&self) -> &str;
    /// What it would have the monster do now.
    fn choose(&self, now: &Situation) -> Choice;
    /// True when it reads the monster's state of mind (see the module's
    /// header), which the game then settles before the monster acts.
    fn reads_mind(&self) -> bool {
        false
    }
}

/// What a monster about to act can know: itself, its faction and what it
/// senses, read-only.
pub struct Situation<'a> {
    game: &'a Floor,
    id: MonsterId,
}

impl<'a> Situation<'a> {
    pub(crate) fn new(game: &'a Floor, id: MonsterId) -> Situation<'a> {
        Situation { game, id }
    }
    /// The monster.
    pub fn me(&self) -> &Monster {
        &self.game.monsters()[self.id as usize]
    }
    /// Its faction.
    pub fn faction(&self) -> &Faction {
        &self.game.factions()[self.me().faction()]
    }
    /// Its state of mind, as last settled: before the first behaviour
    /// that reads the mind ([`Behaviour::reads_mind`]) is asked, when it
    /// wakes, and at the end of every command. A behaviour that reads it
    /// should say so; otherwise it may read a state settled before this
    /// action (at the end of the last command, or at the monster's last
    /// action).
    pub fn awareness(&self) -> Awareness {
        self.game.awareness(self.id)
    }
    /// Hurt enough to flee, what from (see `Floor::threat`).
    pub fn threat(&self) -> Option<Pos> {
        self.game.threat(self.id as usize)
    }
    /// A unit of another faction next to it, within reach.
    pub fn enemy_beside(&self) -> Option<MonsterId> {
        self.game.enemy_beside(self.id as usize)
    }
    /// Where the player is, if the monster sees it now.
    pub fn player_in_sight(&self) -> Option<Pos> {
        let at = self.game.player().filter(|p| p.is_here())?.pos();
        self.game.sees(self.id as usize, at).then_some(at)
    }
    /// Its mind: asleep or not, and its state of mind.
    pub fn mind(&self) -> &Mind {
        self.game.mind(self.id)
    }
    /// What its faction shares: where its wanderers are bound.
    pub fn intel(&self) -> &Intel {
        self.game.intel(self.me().faction())
    }
    /// Where it believes the player is: where it saw or heard it, or a
    /// kin's cry told it.
    pub fn player_seen(&self) -> Option<Pos> {
        self.mind().player_seen()
    }
    /// The cell it searches now.
    pub fn search_spot(&self) -> Option<Pos> {
        self.mind().search().and_then(|s| s.spot)
    }
    /// The place its faction sends it wandering.
    pub fn wander_place(&self) -> Option<Pos> {
        self.intel().wander_place(self.id)
    }
}

/// The behaviours a game knows, by name.
#[derive(Clone, Debug)]
pub struct Repertoire {
    known: Vec<Arc<dyn Behaviour>>,
}

impl Repertoire {
    /// The built-in behaviours
    /// ([`crate::content::behaviours::BUILTIN`]).
    pub fn builtin() -> Repertoire {
        Repertoire {
            known: vec![
                Arc::new(Asleep),
                Arc::new(Flee),
                Arc::new(Melee),
                Arc::new(Hunt),
                Arc::new(Search),
                Arc::new(Wander),
                Arc::new(Cry),
            ],
        }
    }
    /// This one and `behaviour` (which replaces one of the same name).
    pub fn with(mut self, behaviour: Arc<dyn Behaviour>) -> Repertoire {
        self.known.retain(|b| b.name() != behaviour.name());
        self.known.push(behaviour);
        self
    }
    /// The behaviour named `name`.
    pub fn get(&self, name: &str) -> Option<Arc<dyn Behaviour>> {
        self.known.iter().find(|b| b.name() == name).cloned()
    }
    /// True when it knows `name` (what a bestiary read for this game is
    /// checked with: [`crate::content::bestiary::Bestiary::parse_knowing`]).
    pub fn knows(&self, name: &str) -> bool {
        self.known.iter().any(|b| b.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names the data layers accept are exactly the behaviours the
    /// game knows built in, in the same order.
    #[test]
    fn the_builtin_repertoire_is_the_builtin_names() {
        let known = Repertoire::builtin();
        let names: Vec<&str> = known.known.iter().map(|b| b.name()).collect();
        assert_eq!(names, crate::content::behaviours::BUILTIN);
    }
}
