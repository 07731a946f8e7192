//! The player's tally: kills (by kind), damage taken and the killer,
//! folded from a game's events as they happen. The front end keeps one
//! for the game on screen; checking a save folds one in the same pass
//! that restores the game, so resuming never plays a save twice.

use super::{Event, Game, MonsterId};

/// The player's record in a game, for the end screen and the morgue:
/// counted from the events as they happen (for a resumed save, in the
/// same pass that checks it), so it is exact.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Monsters the player's blows killed.
    pub kills: u32,
    /// The same by kind (the name of one), in name order.
    pub kills_by_kind: std::collections::BTreeMap<String, u32>,
    /// Hit points the player lost to blows.
    pub damage_taken: i32,
    /// Who dealt the blow that killed the player.
    pub killer: Option<MonsterId>,
    /// The last blow (attacker, target): a death follows its blow.
    last_blow: Option<(MonsterId, MonsterId)>,
}

impl Tally {
    /// The last blow (attacker, target), if any: a death that follows its
    /// blow was dealt by it.
    pub fn last_blow(&self) -> Option<(MonsterId, MonsterId)> {
        self.last_blow
    }

    /// Counts one event of `game`'s (after `game` applied it).
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
                Some((by, on)) if on == monster && is_player(by) => {
                    self.kills += 1;
                    let m = &game.monsters()[monster as usize];
                    let one = game.factions()[m.faction()].spec().one().to_string();
                    *self.kills_by_kind.entry(one).or_default() += 1;
                }
                _ => {}
            },
            _ => {}
        }
    }
}
