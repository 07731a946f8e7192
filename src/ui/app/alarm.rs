//! What the alarm overlay ([`Overlay::Alarm`](crate::ui::mode::Overlay))
//! draws, in a game with a player: each monster that believes it knows
//! where the player is, and where ([`beliefs`], read from the minds as
//! they are), and the cries of the last [`CRY_TURNS`] turns, each where
//! it rose and how far it carried ([`Cry`], kept by the app from the
//! events of each command as it is played, since the floor moves on).
//! How far a cry carries is the simulation's own rule
//! ([`crate::sim::Floor::cry_reach`]): over the true map, as far as the
//! keenest ear among the monsters on the level could hear it. Nothing
//! here changes the game.

use crate::clock::Turn;
use crate::fog::noise::NoiseReach;
use crate::map::geom::Pos;
use crate::sim::{Belief, Event, Game, MonsterId};

use super::App;

/// Turns a cry stays drawn after the command it rose in (it is always
/// drawn on the frame after that command, however many turns it took).
pub const CRY_TURNS: Turn = 5;

/// A cry, as the alarm overlay draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cry {
    /// Who cried.
    pub crier: MonsterId,
    /// Where it stood when it cried: where the cry rose.
    pub at: Pos,
    /// The turn the command it rose in ended on.
    pub turn: Turn,
    /// How far it carried, as the game worked it out for its hearers
    /// (`None`: nobody on the level hears at all).
    pub reach: Option<NoiseReach>,
}

impl Cry {
    /// True when the cry reached cell `p` (as far as the keenest ear on
    /// the level could hear it).
    pub fn reached(&self, p: Pos) -> bool {
        self.reach.as_ref().is_some_and(|r| r.steps(p).is_some())
    }
}

/// The cries among `events`, the events of one command that `game` has
/// just played, each from where its crier stood when it cried (where its
/// first step after the cry began; else where it stands now), its reach
/// worked out on the floor as the command left it. Cries on a depth the
/// player then left are gone with it.
pub fn cries_in(game: &Game, events: &[Event]) -> Vec<Cry> {
    let here = events
        .iter()
        .rposition(|e| matches!(e, Event::Depth { .. }))
        .map_or(0, |i| i + 1);
    let events = &events[here..];
    let turn = game.floor().turn();
    events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let Event::Cried { monster } = *e else {
                return None;
            };
            let crier = game.floor().monsters().get(monster as usize)?;
            let at = events[i + 1..]
                .iter()
                .find_map(|e| match *e {
                    Event::Moved {
                        monster: m, from, ..
                    } if m == monster => Some(from),
                    _ => None,
                })
                .unwrap_or(crier.pos());
            Some(Cry {
                crier: monster,
                at,
                turn,
                reach: game.floor().cry_reach(monster, at),
            })
        })
        .collect()
}

/// Every monster on the level (not the player) that believes it knows
/// where the player is, with what it believes, by id: none in a game
/// without a player.
pub fn beliefs(game: &Game) -> Vec<(MonsterId, Belief)> {
    if game.floor().player().is_none() {
        return Vec::new();
    }
    game.floor()
        .monsters()
        .iter()
        .filter(|m| m.is_here() && !m.is_player())
        .filter_map(|m| game.floor().mind(m.id()).knows().map(|b| (m.id(), b)))
        .collect()
}

impl App {
    /// The cries the alarm overlay draws, oldest first: those that rose
    /// in the commands that ended less than [`CRY_TURNS`] turns ago (so
    /// always those of the last command, however long it took).
    pub fn cries(&self) -> impl Iterator<Item = &Cry> {
        let turn = self.game.floor().turn();
        self.cries.iter().filter(move |c| c.turn + CRY_TURNS > turn)
    }

    /// Takes in the cries among `events`, the events of the command just
    /// played (in play, watch or playback), and lets those older than
    /// [`CRY_TURNS`] go (all of them on another depth).
    pub(super) fn hear_cries(&mut self, events: &[Event]) {
        if events.iter().any(|e| matches!(e, Event::Depth { .. })) {
            self.cries.clear();
        }
        let turn = self.game.floor().turn();
        self.cries.retain(|c| c.turn + CRY_TURNS > turn);
        self.cries.extend(cries_in(&self.game, events));
    }
}
