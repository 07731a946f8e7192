//! The words for what happened: a [`Told`] event as the sentence the log
//! shows and the morgue keeps. One wording, whoever reads it; the front
//! end only lays the sentences out.

use super::told::{Actor, Detail, Told};
use crate::content::items::{Effect, Heal};
use crate::map::terrain::Terrain;
use crate::sim::{Event, PACK_SIZE, ReplanReason};

// The log says a stealth blow is "five times as hard": the build stops
// here if the rule and the words part.
const _: () = assert!(crate::sim::player::STEALTH_MULTIPLIER == 5);

/// How a sentence names monsters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Naming {
    /// As the player knows them: "the goblin" (all a player can tell of
    /// one).
    Player,
    /// As a watcher tells them apart: "goblin g3".
    Watcher,
}

impl Told {
    /// The sentence for this event, named as `naming` says; none for an
    /// event that has no words.
    pub fn sentence(&self, naming: Naming) -> Option<String> {
        let name = |a: &Option<Actor>, start: bool| named(a.as_ref(), naming, start);
        let you = |a: &Option<Actor>| a.as_ref().is_some_and(|a| a.player);
        let (who, whom) = (&self.who, &self.whom);
        Some(match &self.event {
            Event::Bumped { .. } if you(who) => "You walk into a wall.".to_string(),
            Event::Bumped { toward, .. } => {
                format!("{} bumps into a wall at {toward}.", name(who, true))
            }
            Event::Replanned { reason, .. } => {
                format!("{} {}.", name(who, true), replan_words(*reason))
            }
            Event::NoPath { .. } => format!("{} finds no way.", name(who, true)),
            Event::ReachedGoal { .. } => {
                format!("{} reaches its goal and leaves.", name(who, true))
            }
            Event::Died { .. } if you(who) => "You die...".to_string(),
            Event::Died { .. } if self.detail == Detail::KilledByPlayer => {
                format!("You kill {}!", name(who, false))
            }
            Event::Died { .. } => format!("{} dies.", name(who, true)),
            Event::Cried { .. } => match &self.detail {
                Detail::Cry { seen: false, .. } if naming == Naming::Player => {
                    "You hear a cry.".to_string()
                }
                Detail::Cry { verb, .. } => format!("{} {verb}!", name(who, true)),
                _ => format!("{} cries out!", name(who, true)),
            },
            Event::StealthBlow { .. } => format!(
                "{} never sees you coming: a sure blow, five times as hard.",
                name(who, true)
            ),
            Event::Attacked { damage, .. } => {
                let verb = if you(who) { "hit" } else { "hits" };
                format!(
                    "{} {verb} {} for {damage}.",
                    name(who, true),
                    name(whom, false)
                )
            }
            Event::Missed { .. } => {
                let verb = if you(who) { "miss" } else { "misses" };
                format!("{} {verb} {}.", name(who, true), name(whom, false))
            }
            Event::Woke { heard, .. } => format!(
                "{} {}.",
                name(who, true),
                match heard {
                    Some(_) => "wakes at a noise",
                    None => "wakes up",
                }
            ),
            Event::Door { open, .. } => {
                let s = if you(who) { "" } else { "s" };
                let what = if *open { "open" } else { "close" };
                format!("{} {what}{s} a door.", name(who, true))
            }
            Event::CannotClose { .. } if self.detail == Detail::DoorwayTaken => {
                "Somebody stands in the doorway.".to_string()
            }
            Event::CannotClose { .. } => "There is no open door there.".to_string(),
            Event::CannotOpen { .. } => "There is no closed door there to open.".to_string(),
            Event::OutOfReach { .. } => "It is out of reach.".to_string(),
            Event::Sneak { on: true } => {
                "You sneak: a turn more a step, unheard, and noticed only close by.".to_string()
            }
            Event::Sneak { on: false } => "You stop sneaking.".to_string(),
            Event::Searching { around, .. } => {
                format!(
                    "{} loses track and searches round {around}.",
                    name(who, true)
                )
            }
            Event::GaveUp { .. } => format!("{} gives up the search.", name(who, true)),
            Event::PickedUp { item } => match (item.defence(), item.blow(), &self.detail) {
                (Some(d), _, _) => format!("You put on {} (defence {d}).", item.name()),
                (_, Some(b), _) => format!("You wield {} ({b} a blow).", item.name()),
                (_, _, Detail::Count(n)) => format!("You pick up {n} {}.", item.plural()),
                _ => format!("You pick up {}.", item.name()),
            },
            Event::PackFull { item } => format!(
                "Your pack is full ({PACK_SIZE} of {PACK_SIZE} items): {} stays here.",
                item.name()
            ),
            Event::NoSuchItem => "You have nothing there.".to_string(),
            Event::NotUsable { item } if item.is_thrown() => {
                format!("{}: throw it (t).", capitalised(item.name()))
            }
            Event::NotUsable { item } => {
                format!("{}: you wear it already.", capitalised(item.name()))
            }
            Event::Fizzled { item } => {
                format!("{}: nothing happens here.", capitalised(item.name()))
            }
            Event::Used { item } => match item.effect() {
                Effect::Heal(Heal::Full) => "You feel whole again.".to_string(),
                Effect::Heal(Heal::By(_)) => "You feel better.".to_string(),
                Effect::Map => "The whole of this place lies plain in your mind.".to_string(),
                _ => return None,
            },
            Event::Collapsed { at } => format!("The ground at {at} falls in: a wall now."),
            Event::Teleported { .. } => "You are somewhere else.".to_string(),
            Event::Darkened { until, .. } => match self.detail {
                Detail::DarkRadius(Some(radius)) => format!(
                    "Darkness pools around you: no monster sees within {radius} of here until turn {until}."
                ),
                _ => format!("Darkness pools around you until turn {until}."),
            },
            Event::Lifted { at } => format!("The darkness at {at} lifts."),
            Event::CannotThrow { item, at } => match item.range() {
                Some(range) => {
                    format!("You cannot throw there ({at}): out of sight or range ({range}).")
                }
                None => format!("You cannot throw {}.", item.name()),
            },
            Event::DartStopped { at, aimed } => {
                // Named as the player knows the ground there.
                let what = match self.detail {
                    Detail::KnownGround(Some(Terrain::Door)) => "a closed door",
                    Detail::KnownGround(Some(Terrain::Wall)) => "a wall",
                    _ => "something solid",
                };
                if at == aimed {
                    format!("The dart hits {what} at {at}.")
                } else {
                    format!("The dart hits {what} at {at}, short of {aimed}.")
                }
            }
            Event::StoppedShort { at } => match self.detail {
                Detail::KnownGround(Some(t)) => {
                    format!("Hurt, you stop short of the {} at {at}.", t.name())
                }
                _ => format!("Hurt, you stop short of {at}."),
            },
            Event::Threw { item, at } if matches!(item.effect(), Effect::Noise { .. }) => {
                format!(
                    "{} clatters and shrieks at {at}.",
                    capitalised(&the(item.name()))
                )
            }
            Event::Threw { item, .. } => format!("You throw {}.", item.name()),
            Event::CannotDrop { .. } => "Something lies here already.".to_string(),
            Event::Dropped { item } => format!("You drop {}.", item.name()),
            Event::TookTreasure { .. } if self.detail == Detail::InRun => {
                "You take the Darkstar! Now carry it up and out of depth 1.".to_string()
            }
            Event::TookTreasure { .. } => "You take the treasure. Now for the stairs!".to_string(),
            Event::Won { .. } if self.detail == Detail::InRun => {
                "You climb out into the daylight with the Darkstar!".to_string()
            }
            Event::Won { .. } => "You escape with the treasure!".to_string(),
            Event::Depth { depth, down: true } => format!("You go down to depth {depth}."),
            Event::Depth { depth, down: false } => format!("You climb to depth {depth}."),
            Event::NoStairs { down: true } => "There are no stairs down here.".to_string(),
            Event::NoStairs { down: false } => "There are no stairs up here.".to_string(),
            Event::NeedDarkstar => {
                "You will not leave without the Darkstar: it lies on depth 10.".to_string()
            }
            // A step refused on what the player knows: into a known wall,
            // or diagonally between two cells where one is a wall (the
            // target itself known open: the corner is what stops it).
            Event::Blocked { .. } => match self.detail {
                Detail::KnownGround(Some(t)) if t.is_passable() => {
                    "You cannot squeeze past the corner.".to_string()
                }
                _ => "A wall.".to_string(),
            },
            Event::Moved { .. }
            | Event::Discovered { .. }
            | Event::Planned { .. }
            | Event::Waited { .. } => return None,
        })
    }
}

/// How a sentence names `actor`: "you"; as the player knows it, "the
/// goblin"; as a watcher tells it, "goblin g3". `start`: at the start of
/// a sentence (capitalised).
fn named(actor: Option<&Actor>, naming: Naming, start: bool) -> String {
    let name = match actor {
        None => "something".to_string(),
        Some(a) if a.player => "you".to_string(),
        Some(a) => match naming {
            Naming::Player => format!("the {}", a.noun),
            Naming::Watcher => format!("{} {}{}", a.noun, a.glyph, a.id),
        },
    };
    if start { capitalised(&name) } else { name }
}

/// Why a monster made a new plan, in plain words (the log's, never the
/// code's names for it).
pub fn replan_words(reason: ReplanReason) -> &'static str {
    match reason {
        ReplanReason::NewWall => "finds a wall in its way and plans again",
        ReplanReason::Costlier => "finds its way dearer than it thought and plans again",
        ReplanReason::Blocked => "plans a way round the one in its way",
    }
}

/// `s` with its first letter a capital.
///
/// ```
/// use darkstar::sim::chronicle::capitalised;
/// assert_eq!(capitalised("an orc"), "An orc");
/// assert_eq!(capitalised(""), "");
/// ```
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// "a noise-maker" as "the noise-maker": an item's name with the definite
/// article ("plate armour": "the plate armour").
fn the(name: &str) -> String {
    let bare = ["a ", "an "]
        .iter()
        .find_map(|a| name.strip_prefix(a))
        .unwrap_or(name);
    format!("the {bare}")
}
