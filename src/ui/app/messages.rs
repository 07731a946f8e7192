//! The message log's one writer: what the chronicle told of the last
//! command ([`crate::sim::chronicle`], which words events and decides what
//! the player could know), laid into the log and the flashes.

use crate::sim::Event;
use crate::sim::MonsterId;
use crate::sim::chronicle::Naming;

use super::App;
use crate::ui::mode::Mode;

impl App {
    /// "a goblin", "an orc": one of monster `m`'s kind, by the name its
    /// faction gives one ([`crate::content::level::FactionSpec::one_of`]).
    pub(super) fn one_of(&self, m: MonsterId) -> String {
        let monster = &self.game.floor().monsters()[m as usize];
        self.game.floor().factions()[monster.faction()]
            .spec()
            .a_one_of(monster.kind())
    }

    /// Puts the last command's events in the log (and its bumps in the
    /// flashes), as the chronicle told them. Through the player's eyes
    /// (playing, or a replay watched with `@`) only what the player could
    /// know: their own deeds, and what happens where they see; plans,
    /// unseen fights and other monsters' bumps stay out. Playing, monsters
    /// are named as the player knows them ("the goblin"); watching, so
    /// that each is told apart ("goblin g3").
    pub(super) fn tell_latest(&mut self) {
        let eyes = self.through_eyes();
        let naming = match self.mode {
            Mode::Play => Naming::Player,
            Mode::Watch => Naming::Watcher,
        };
        for told in self.game.chronicle().latest() {
            if eyes && !told.perceived {
                continue;
            }
            let Some(line) = told.sentence(naming) else {
                continue;
            };
            if let Event::Bumped { toward, .. } = told.event {
                self.flashes.push((toward, told.turn));
            }
            self.log.push(Some(told.turn), line);
        }
    }

    /// Puts in the log the last events the player perceived before the
    /// game was saved (the chronicle keeps them, rebuilt with the game),
    /// so a resumed game's log says where the player is, not how the
    /// depth began.
    pub(super) fn tell_last_said(&mut self) {
        let said: Vec<(u32, String, u32)> = self
            .game
            .chronicle()
            .said()
            .filter_map(|s| {
                let line = s.told.sentence(Naming::Player)?;
                Some((s.told.turn, line, s.times))
            })
            .collect();
        for (turn, line, times) in said {
            self.log.push_times(Some(turn), line, times);
        }
    }

    /// Adds a message that belongs to no turn to the log.
    pub(in crate::ui) fn say(&mut self, line: String) {
        self.log.push(None, line);
    }
}
