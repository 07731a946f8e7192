//! The built-in behaviours, one small type each (see
//! [`crate::content::behaviours::BUILTIN`] for what each does).

use super::{Behaviour, Choice, Situation};
use crate::content::behaviours::Builtin;
use crate::sim::Action;
use crate::sim::awareness::Awareness;

/// Asleep, it does nothing until it wakes.
#[derive(Debug)]
pub struct Asleep;

impl Behaviour for Asleep {
    fn name(&self) -> &str {
        Builtin::Asleep.name()
    }
    fn choose(&self, now: &Situation) -> Choice {
        if now.mind().is_asleep() {
            Choice::Doze
        } else {
            Choice::Pass
        }
    }
}

/// Hurt, with the player about, it runs.
#[derive(Debug)]
pub struct Flee;

impl Behaviour for Flee {
    fn name(&self) -> &str {
        Builtin::Flee.name()
    }
    fn choose(&self, now: &Situation) -> Choice {
        now.threat().map_or(Choice::Pass, Choice::FleeFrom)
    }
}

/// It hits an enemy next to it.
#[derive(Debug)]
pub struct Melee;

impl Behaviour for Melee {
    fn name(&self) -> &str {
        Builtin::Melee.name()
    }
    fn choose(&self, now: &Situation) -> Choice {
        now.enemy_beside()
            .map_or(Choice::Pass, |enemy| Choice::Act(Action::Attack(enemy)))
    }
}

/// It believes it knows where the player is (it saw or heard it there,
/// or a kin's cry told it): it goes there.
#[derive(Debug)]
pub struct Hunt;

impl Behaviour for Hunt {
    fn name(&self) -> &str {
        Builtin::Hunt.name()
    }
    fn choose(&self, now: &Situation) -> Choice {
        head_for(now, Awareness::Hunting, now.player_seen())
    }
    fn reads_mind(&self) -> bool {
        true
    }
}

/// Its faction lost the player: it searches where.
#[derive(Debug)]
pub struct Search;

impl Behaviour for Search {
    fn name(&self) -> &str {
        Builtin::Search.name()
    }
    fn choose(&self, now: &Situation) -> Choice {
        head_for(now, Awareness::Searching, now.search_spot())
    }
    fn reads_mind(&self) -> bool {
        true
    }
}

/// Nothing to do and nowhere to be: it wanders.
#[derive(Debug)]
pub struct Wander;

impl Behaviour for Wander {
    fn name(&self) -> &str {
        Builtin::Wander.name()
    }
    fn choose(&self, now: &Situation) -> Choice {
        head_for(now, Awareness::Wandering, now.wander_place())
    }
    fn reads_mind(&self) -> bool {
        true
    }
}

/// To `place` when the monster's state of mind is `state` (which says
/// which of hunting, searching and wandering holds); no place (nowhere
/// drawn to wander to): it has nowhere to go.
fn head_for(now: &Situation, state: Awareness, place: Option<crate::map::geom::Pos>) -> Choice {
    if now.awareness() != state {
        return Choice::Pass;
    }
    Choice::HeadFor(place)
}

/// It cries out when it first sets eyes on the player: the game makes
/// the noise (see `Floor::settle_mind`) where it stands, as loud as its
/// kind's voice; as a choice it always passes.
#[derive(Debug)]
pub struct Cry;

impl Behaviour for Cry {
    fn name(&self) -> &str {
        Builtin::Cry.name()
    }
    fn choose(&self, _now: &Situation) -> Choice {
        Choice::Pass
    }
}
