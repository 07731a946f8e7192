//! The message log's wording: events turned into sentences as they happen
//! (naming monsters as the player knows them), and the log's one writer.

use crate::content::items::{Effect, Heal};
use crate::fog::knowledge::Turn;
use crate::map::terrain::Terrain;
use crate::sim::{Event, MonsterId};

use super::App;
use crate::ui::log::capitalised;
use crate::ui::mode::Mode;

impl App {
    /// "a goblin", "an orc": one of monster `m`'s faction, by the name its
    /// faction gives one ([`crate::content::level::FactionSpec::one`]).
    pub(super) fn one_of(&self, m: MonsterId) -> String {
        let monster = &self.game.monsters()[m as usize];
        self.game.factions()[monster.faction()].spec().a_one()
    }

    /// Puts what matters of event `e` in the log (and the flashes), and
    /// counts it in the tally. Playing, the log says only what the player
    /// knows: their own deeds, and what happens where they see; plans,
    /// unseen fights and other monsters' bumps stay out.
    pub(super) fn note(&mut self, e: Event, turn: Turn) {
        self.tally.count(&self.game, &e);
        // Through the player's eyes (playing, or a replay watched with
        // `@`), only what the player could know.
        let play = self.through_eyes();
        let is_player = |app: &App, m: MonsterId| app.game.monsters()[m as usize].is_player();
        let seen = |app: &App, m: MonsterId| {
            let monster = &app.game.monsters()[m as usize];
            monster.is_player() || app.player_sees(monster.pos())
        };
        let line = match e {
            Event::Bumped { monster, toward } if is_player(self, monster) => {
                self.flashes.push((toward, turn));
                "You walk into a wall.".to_string()
            }
            Event::Bumped { .. } | Event::Replanned { .. } | Event::NoPath { .. } if play => {
                return;
            }
            Event::Bumped { monster, toward } => {
                self.flashes.push((toward, turn));
                format!(
                    "{} bumps into a wall at {toward}.",
                    self.name(monster, true)
                )
            }
            Event::Replanned {
                monster, reason, ..
            } => format!("{} {}.", self.name(monster, true), replan_words(reason)),
            Event::NoPath { monster } => format!("{} finds no way.", self.name(monster, true)),
            Event::ReachedGoal { at, .. } if play && !self.player_sees(at) => return,
            Event::ReachedGoal { monster, .. } => {
                format!("{} reaches its goal and leaves.", self.name(monster, true))
            }
            Event::Died { monster, .. } if is_player(self, monster) => "You die...".to_string(),
            Event::Died { at, .. } if play && !self.player_sees(at) => return,
            Event::Died { monster, .. } => match self.tally.last_blow() {
                Some((by, on)) if on == monster && is_player(self, by) => {
                    format!("You kill {}!", self.name(monster, false))
                }
                _ => format!("{} dies.", self.name(monster, true)),
            },
            Event::Attacked {
                attacker, target, ..
            } if play && !seen(self, attacker) && !seen(self, target) => return,
            Event::Attacked {
                attacker,
                target,
                damage,
            } => {
                let verb = if is_player(self, attacker) {
                    "hit"
                } else {
                    "hits"
                };
                format!(
                    "{} {verb} {} for {damage}.",
                    self.name(attacker, true),
                    self.name(target, false)
                )
            }
            Event::Missed { attacker, target }
                if play && !seen(self, attacker) && !seen(self, target) =>
            {
                return;
            }
            Event::Missed { attacker, target } => {
                let verb = if is_player(self, attacker) {
                    "miss"
                } else {
                    "misses"
                };
                format!(
                    "{} {verb} {}.",
                    self.name(attacker, true),
                    self.name(target, false)
                )
            }
            Event::Woke { monster, .. } if play && !seen(self, monster) => return,
            Event::Woke { monster, heard } => format!(
                "{} {}.",
                self.name(monster, true),
                match heard {
                    Some(_) => "wakes at a noise",
                    None => "wakes up",
                }
            ),
            Event::Door { by, at, .. } if play && !seen(self, by) && !self.player_sees(at) => {
                return;
            }
            Event::Door { by, open, .. } => {
                let s = if is_player(self, by) { "" } else { "s" };
                let what = if open { "open" } else { "close" };
                format!("{} {what}{s} a door.", self.name(by, true))
            }
            Event::CannotClose { at } => {
                if self.game.world().occupant(at).is_some() {
                    "Somebody stands in the doorway.".to_string()
                } else {
                    "There is no open door there.".to_string()
                }
            }
            Event::CannotOpen { .. } => "There is no closed door there to open.".to_string(),
            Event::OutOfReach { .. } => "It is out of reach.".to_string(),
            Event::Sneak { on: true } => {
                "You sneak: half speed, and nobody hears your steps.".to_string()
            }
            Event::Sneak { on: false } => "You stop sneaking.".to_string(),
            Event::Searching { faction, around } if !play => format!(
                "The {} lose track and search round {around}.",
                self.game.factions()[faction].spec().name
            ),
            Event::GaveUp { faction } if !play => format!(
                "The {} give up the search.",
                self.game.factions()[faction].spec().name
            ),
            Event::PickedUp { item } => match (item.defence(), item.blow()) {
                (Some(d), _) => format!("You put on {} (defence {d}).", item.name()),
                (_, Some(b)) => format!("You wield {} ({b} a blow).", item.name()),
                _ => format!("You pick up {}.", item.name()),
            },
            Event::PackFull { item } => format!("Your pack is full: {} stays here.", item.name()),
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
                _ => return,
            },
            Event::Collapsed { at } => format!("The ground at {at} falls in: a wall now."),
            Event::Teleported { .. } => "You are somewhere else.".to_string(),
            // The radius is the darkness's own (the event does not carry
            // it); gone already if it lifted before the player could act.
            Event::Darkened { until, .. } => match self.game.darkness() {
                Some(dark) => format!(
                    "Darkness pools around you: no monster sees within {} of here until turn {until}.",
                    dark.radius
                ),
                None => format!("Darkness pools around you until turn {until}."),
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
                let known = self
                    .game
                    .player()
                    .and_then(|p| self.game.factions()[p.faction()].knowledge().terrain(at));
                let what = match known {
                    Some(Terrain::Door) => "a closed door",
                    Some(Terrain::Wall) => "a wall",
                    _ => "something solid",
                };
                if at == aimed {
                    format!("The dart hits {what} at {at}.")
                } else {
                    format!("The dart hits {what} at {at}, short of {aimed}.")
                }
            }
            Event::Threw { item, at } if matches!(item.effect(), Effect::Noise { .. }) => {
                format!(
                    "{} clatters and shrieks at {at}.",
                    capitalised(&the(item.name()))
                )
            }
            Event::Threw { item, .. } => format!("You throw {}.", item.name()),
            Event::CannotDrop { .. } => "Something lies here already.".to_string(),
            Event::Dropped { item } => format!("You drop {}.", item.name()),
            Event::TookTreasure { .. } if self.game.depth().is_some() => {
                "You take the Darkstar! Now carry it up and out of depth 1.".to_string()
            }
            Event::TookTreasure { .. } => "You take the treasure. Now for the stairs!".to_string(),
            Event::Won { .. } if self.game.depth().is_some() => {
                "You climb out into the daylight with the Darkstar!".to_string()
            }
            Event::Depth { depth, down: true } => format!("You go down to depth {depth}."),
            Event::Depth { depth, down: false } => format!("You climb to depth {depth}."),
            Event::NoStairs { down: true } => "There are no stairs down here.".to_string(),
            Event::NoStairs { down: false } => "There are no stairs up here.".to_string(),
            Event::NeedDarkstar => {
                "You will not leave without the Darkstar: it lies on depth 10.".to_string()
            }
            Event::Won { .. } => "You escape with the treasure!".to_string(),
            // A step refused on what the player knows: into a known wall,
            // or diagonally between two cells where one is a wall (the
            // target itself known open: the corner is what stops it).
            Event::Blocked { at } => {
                let open = self.game.player().is_some_and(|p| {
                    let k = self.game.factions()[p.faction()].knowledge();
                    k.terrain(at).is_some_and(|t| t.is_passable())
                });
                if open {
                    "You cannot squeeze past the corner.".to_string()
                } else {
                    "A wall.".to_string()
                }
            }
            _ => return,
        };
        self.log.push(Some(turn), line);
    }

    /// How the log names monster `m`: "you"; playing, "the goblin" (all
    /// the player can tell of it); watching, "goblin g3" (which one).
    /// `start`: at the start of a sentence (capitalised).
    pub(super) fn name(&self, m: MonsterId, start: bool) -> String {
        let monster = &self.game.monsters()[m as usize];
        let noun = self.game.factions()[monster.faction()]
            .spec()
            .one_of(monster.kind());
        let glyph = self.game.kind_of(monster).glyph;
        let name = if monster.is_player() {
            "you".to_string()
        } else if self.mode == Mode::Play {
            format!("the {noun}")
        } else {
            format!("{noun} {glyph}{m}")
        };
        if start { capitalised(&name) } else { name }
    }

    /// Adds a message that belongs to no turn to the log.
    pub(in crate::ui) fn say(&mut self, line: String) {
        self.log.push(None, line);
    }
}

/// Why a monster made a new plan, in plain words (the log's, never the
/// code's names for it).
pub fn replan_words(reason: crate::sim::ReplanReason) -> &'static str {
    match reason {
        crate::sim::ReplanReason::NewWall => "finds a wall in its way and plans again",
        crate::sim::ReplanReason::Costlier => {
            "finds its way dearer than it thought and plans again"
        }
        crate::sim::ReplanReason::Blocked => "plans a way round the one in its way",
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
