//! The chronicle: the game's own record, fed every event as it happens
//! (by [`Game::apply`]), as DCSS's core keeps the record its character
//! dump is written from. It counts the player's kills by kind, the damage
//! taken and dealt, who dealt the killing blow and every event by kind;
//! it tells each event ([`Told`]: the units named as they were, whether
//! the player could know of it) and keeps the last ones the player
//! perceived, with repeats counted. The morgue, the end screen, the bots'
//! reports and `darkstar run`'s summary all read it; the log on screen
//! words what it told. It is rebuilt by replaying a game's commands, so a
//! resumed save has it whole, and it is no part of the state hash.
//!
//! ```
//! use darkstar::content::level::Level;
//! use darkstar::map::geom::Dir;
//! use darkstar::sim::chronicle::Naming;
//! use darkstar::sim::{Action, Command, Game, SimConfig};
//! let text = "name: cell\nmap:\n#####\n#@..#\n#####\n";
//! let level = Level::parse(text, "cell.txt".as_ref()).unwrap();
//! let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
//! game.apply(Command::Player(Action::Walk(Dir::N)));
//! let said: Vec<String> = game
//!     .chronicle()
//!     .last_said()
//!     .filter_map(|s| s.told.sentence(Naming::Player))
//!     .collect();
//! assert_eq!(said, ["A wall."]);
//! ```

mod perceive;
mod told;
mod words;

use std::collections::{BTreeMap, VecDeque};

pub use perceive::perceives;
pub use told::{Actor, Detail, Told};
pub use words::{Naming, capitalised, replan_words};

use super::{Event, Game, MonsterId};
use crate::clock::Turn;

/// Perceived events the morgue's last messages give (a run of the same
/// sentence is one).
pub const LAST_SAID: usize = 20;

/// Perceived events kept (a run of the same sentence is one): what a
/// resumed game's message history starts with, as many as the history
/// holds.
pub const SAID_KEPT: usize = 500;

/// A perceived event as the morgue keeps it: the last of a run of events
/// that read the same, and how many there were.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    pub told: Told,
    pub times: u32,
}

/// The game's record (see the module header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chronicle {
    kills: u32,
    kills_by_kind: BTreeMap<String, u32>,
    damage_taken: i32,
    damage_dealt: i32,
    killer: Option<Actor>,
    /// The last blow (attacker, target) on this depth: a death follows
    /// its blow.
    last_blow: Option<(MonsterId, MonsterId)>,
    events: [u64; Event::KINDS.len()],
    /// The events of the last command, told.
    latest: Vec<Told>,
    last_said: VecDeque<Said>,
}

impl Default for Chronicle {
    fn default() -> Chronicle {
        Chronicle {
            kills: 0,
            kills_by_kind: BTreeMap::new(),
            damage_taken: 0,
            damage_dealt: 0,
            killer: None,
            last_blow: None,
            events: [0; Event::KINDS.len()],
            latest: Vec::new(),
            last_said: VecDeque::new(),
        }
    }
}

impl Chronicle {
    /// Takes in `events`, what `game` just did (after it did it) on a
    /// command given on turn `before`: each told with the turn it happened
    /// on.
    pub(super) fn record(&mut self, game: &Game, events: &[Event], before: Turn) {
        self.latest.clear();
        let is_player = |m: MonsterId| game.floor().monsters()[m as usize].is_player();
        for (i, e) in events.iter().enumerate() {
            self.events[e.kind()] += 1;
            let mut killed_by_player = false;
            match *e {
                Event::Attacked {
                    attacker,
                    target,
                    damage,
                } => {
                    if is_player(target) {
                        self.damage_taken += damage;
                    }
                    if is_player(attacker) {
                        self.damage_dealt += damage;
                    }
                    self.last_blow = Some((attacker, target));
                }
                Event::Died { monster, .. } => match self.last_blow {
                    Some((by, on)) if on == monster && is_player(monster) => {
                        self.killer = Some(Actor::of(game, by));
                    }
                    Some((by, on)) if on == monster && is_player(by) => {
                        killed_by_player = true;
                        self.kills += 1;
                        let noun = Actor::of(game, monster).noun;
                        *self.kills_by_kind.entry(noun).or_default() += 1;
                    }
                    _ => {}
                },
                // Another depth numbers its units afresh.
                Event::Depth { .. } => self.last_blow = None,
                _ => {}
            }
            // Alike things picked up at once (a bundle of darts) are told
            // once, counted: "You pick up 3 darts.", not "... x3".
            let picked_up = matches!(e, Event::PickedUp { .. });
            if picked_up && i > 0 && events[i - 1] == *e {
                continue;
            }
            if Told::is_worded(e) {
                let mut told = Told::of(game, e, killed_by_player);
                told.turn = game.turn_of_event(i, before);
                let alike = events[i..].iter().take_while(|&x| x == e).count();
                if picked_up && alike > 1 {
                    told.detail = Detail::Count(alike as u32);
                }
                if told.perceived {
                    self.remember(told.clone());
                }
                self.latest.push(told);
            }
        }
    }

    /// Keeps `told` among the last said, counted on the last one when it
    /// reads the same.
    fn remember(&mut self, told: Told) {
        let Some(sentence) = told.sentence(Naming::Player) else {
            return;
        };
        if let Some(last) = self.last_said.back_mut()
            && last.told.sentence(Naming::Player).as_ref() == Some(&sentence)
        {
            last.times += 1;
            last.told = told;
            return;
        }
        if self.last_said.len() == SAID_KEPT {
            self.last_said.pop_front();
        }
        self.last_said.push_back(Said { told, times: 1 });
    }

    /// Monsters the player's blows killed.
    pub fn kills(&self) -> u32 {
        self.kills
    }

    /// The same by kind (the name of one), in name order.
    pub fn kills_by_kind(&self) -> impl Iterator<Item = (&str, u32)> {
        self.kills_by_kind.iter().map(|(k, &n)| (k.as_str(), n))
    }

    /// Hit points the player lost to blows.
    pub fn damage_taken(&self) -> i32 {
        self.damage_taken
    }

    /// Hit points the player's blows took.
    pub fn damage_dealt(&self) -> i32 {
        self.damage_dealt
    }

    /// Who dealt the blow that killed the player, as it was.
    pub fn killer(&self) -> Option<&Actor> {
        self.killer.as_ref()
    }

    /// Events of each kind so far, in [`Event::KINDS`] order.
    pub fn event_counts(&self) -> &[u64; Event::KINDS.len()] {
        &self.events
    }

    /// The events of the last command, told, in order (those with words:
    /// see [`Told::is_worded`]).
    pub fn latest(&self) -> &[Told] {
        &self.latest
    }

    /// The last events the player perceived, oldest first (at most
    /// [`LAST_SAID`]; a run of events that read the same is one): the
    /// morgue's last messages.
    pub fn last_said(&self) -> impl DoubleEndedIterator<Item = &Said> + ExactSizeIterator {
        self.last_said
            .iter()
            .skip(self.last_said.len().saturating_sub(LAST_SAID))
    }

    /// The events the player perceived, oldest first, at most
    /// [`SAID_KEPT`] (a run of events that read the same is one): what a
    /// resumed game's message history starts with.
    pub fn said(&self) -> impl DoubleEndedIterator<Item = &Said> + ExactSizeIterator {
        self.last_said.iter()
    }
}
