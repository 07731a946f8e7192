//! An event as it was told: the event, the units it names resolved to
//! what they were when it happened (a depth numbers its units afresh, so
//! an id alone means nothing once the player has taken the stairs), the
//! few facts of the moment its wording needs, and whether the player
//! could know of it. Data, not text: [`Told::sentence`] words it, for
//! the log on screen and for the morgue alike.

use super::perceive::perceives;
use crate::clock::Turn;
use crate::map::terrain::Terrain;
use crate::sim::{Event, Game, MonsterId};

/// A unit named by an event, as it was then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// Its id on the depth it was on.
    pub id: MonsterId,
    /// The player.
    pub player: bool,
    /// The name of one of its kind: "goblin".
    pub noun: String,
    /// Its kind's glyph.
    pub glyph: char,
}

impl Actor {
    /// Monster `id` of `game`'s current depth.
    pub fn of(game: &Game, id: MonsterId) -> Actor {
        let m = &game.floor().monsters()[id as usize];
        Actor {
            id,
            player: m.is_player(),
            noun: game.floor().factions()[m.faction()]
                .spec()
                .one_of(m.kind())
                .to_string(),
            glyph: game.floor().kind_of(m).glyph,
        }
    }

    /// "a goblin", "an orc": one of its kind with its article.
    pub fn a_noun(&self) -> String {
        let article = match self.noun.chars().next() {
            Some(c) if "aeiouAEIOU".contains(c) => "an",
            _ => "a",
        };
        format!("{article} {}", self.noun)
    }
}

/// What else the wording of an event needs, found when it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    None,
    /// A death dealt by the player's blow.
    KilledByPlayer,
    /// A door that would not close: someone stands in the doorway.
    DoorwayTaken,
    /// Darkness read: its radius (gone already if it lifted before the
    /// player could act).
    DarkRadius(Option<u32>),
    /// What the player knows of the ground at the event's cell (a dart
    /// stopped there; a step refused there).
    KnownGround(Option<Terrain>),
    /// In a run of the dungeon (the treasure is the Darkstar).
    InRun,
    /// How many alike came at once (items picked up together).
    Count(u32),
    /// How the crier cried out, as its kind's voice says it ("shrieks"),
    /// and whether the player saw it (else only heard it).
    Cry {
        verb: String,
        seen: bool,
    },
}

/// One event as told (see the module header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    /// The turn it happened on.
    pub turn: Turn,
    pub event: Event,
    /// The unit the event is about (the mover, the attacker, the one who
    /// opened the door), as it was.
    pub who: Option<Actor>,
    /// The unit it was done to (the target of a blow).
    pub whom: Option<Actor>,
    pub detail: Detail,
    /// The player could know of it: their own deeds, and what happens
    /// where they see ([`perceives`]). Never, in a game without a player.
    pub perceived: bool,
}

impl Told {
    /// Event `e` of `game`, told just after `game` applied it;
    /// `killed_by_player`: the blow before a death was the player's.
    pub fn of(game: &Game, e: &Event, killed_by_player: bool) -> Told {
        let actor = |id: MonsterId| Some(Actor::of(game, id));
        let (who, whom) = match *e {
            Event::Bumped { monster, .. }
            | Event::Replanned { monster, .. }
            | Event::NoPath { monster }
            | Event::ReachedGoal { monster, .. }
            | Event::Died { monster, .. }
            | Event::Woke { monster, .. }
            | Event::Searching { monster, .. }
            | Event::GaveUp { monster }
            | Event::Cried { monster } => (actor(monster), None),
            Event::StealthBlow { target } => (actor(target), None),
            Event::Attacked {
                attacker, target, ..
            }
            | Event::Missed { attacker, target } => (actor(attacker), actor(target)),
            Event::Door { by, .. } => (actor(by), None),
            _ => (None, None),
        };
        let known_ground = |at| {
            game.floor()
                .player()
                .and_then(|p| game.floor().factions()[p.faction()].knowledge().belief(at))
        };
        let detail = match *e {
            Event::Died { .. } if killed_by_player => Detail::KilledByPlayer,
            Event::CannotClose { at } if game.floor().world().occupant(at).is_some() => {
                Detail::DoorwayTaken
            }
            Event::Darkened { .. } => Detail::DarkRadius(game.floor().darkness().map(|d| d.radius)),
            Event::DartStopped { at, .. } | Event::Blocked { at } | Event::StoppedShort { at } => {
                Detail::KnownGround(known_ground(at))
            }
            Event::Cried { monster } => {
                let m = &game.floor().monsters()[monster as usize];
                Detail::Cry {
                    verb: game.floor().kind_of(m).voice.verb.clone(),
                    seen: game.floor().player_sees(m.pos()),
                }
            }
            Event::TookTreasure { .. } | Event::Won { .. } if game.depth().is_some() => {
                Detail::InRun
            }
            _ => Detail::None,
        };
        Told {
            turn: game.floor().turn(),
            event: e.clone(),
            who,
            whom,
            detail,
            perceived: perceives(game, e),
        }
    }

    /// True for the events that have words ([`Told::sentence`] may still
    /// say nothing of one, as it is named): the rest (steps, plans, waits,
    /// discoveries) are never told, so are never kept.
    pub fn is_worded(e: &Event) -> bool {
        !matches!(
            e,
            Event::Moved { .. }
                | Event::Discovered { .. }
                | Event::Planned { .. }
                | Event::Waited { .. }
        )
    }
}
