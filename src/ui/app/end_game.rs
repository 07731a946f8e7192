//! End of game and new game: the player's tally for the end screen, and
//! the new game the end screen asks the binary to start.

use crate::content::level::Level;
use crate::record::replay::{Item, Replay, ReplayError};
use crate::sim::{Event, Game, MonsterId};

use super::App;

impl App {
    /// True when the end screen asked for a new game.
    pub fn wants_new_game(&self) -> bool {
        self.new_game
    }

    /// A new game on this game's level with the next seed and the same
    /// settings, played or watched as this one was (what `n` on the end
    /// screen asks for).
    pub fn next_game(&self) -> Result<App, ReplayError> {
        let replay = self.recorder.replay();
        if let crate::record::replay::LevelSource::Run { depth } = replay.level {
            // A new seed: a new dungeon.
            let seed = replay.seed.wrapping_add(1);
            return Ok(App::play_run(seed, depth)?);
        }
        let level = replay.level()?;
        let seed = self.game.seed().wrapping_add(1);
        Ok(App::start(&level, seed, self.mode, replay.config)?)
    }
}

/// The player's record in a game, for the end screen: counted from the
/// events as they happen (and, for a resumed save, from its replay played
/// again), so it is exact.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Monsters the player's blows killed.
    pub kills: u32,
    /// Hit points the player lost to blows.
    pub damage_taken: i32,
    /// Who dealt the blow that killed the player.
    pub killer: Option<MonsterId>,
    /// The last blow (attacker, target): a death follows its blow.
    pub(super) last_blow: Option<(MonsterId, MonsterId)>,
}

impl Tally {
    /// Counts one event of `game`'s.
    pub fn count(&mut self, game: &Game, e: &Event) {
        let is_player = |m: MonsterId| game.monsters()[m as usize].is_player();
        match *e {
            Event::Attacked {
                attacker,
                target,
                damage,
            } => {
                if is_player(target) {
                    self.damage_taken += damage;
                }
                self.last_blow = Some((attacker, target));
            }
            Event::Died { monster, .. } => match self.last_blow {
                Some((by, on)) if on == monster && is_player(monster) => self.killer = Some(by),
                Some((by, on)) if on == monster && is_player(by) => self.kills += 1,
                _ => {}
            },
            _ => {}
        }
    }

    /// The tally of a recorded game: its commands played again on a new
    /// game of `level`.
    pub fn of_replay(replay: &Replay, level: &Level) -> Tally {
        let mut tally = Tally::default();
        let Ok(mut game) = replay.start_on(level) else {
            return tally;
        };
        for item in &replay.items {
            if let Item::Command(_, c) = item {
                for e in game.apply(c.clone()) {
                    tally.count(&game, &e);
                }
            }
        }
        tally
    }
}
