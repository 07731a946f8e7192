//! The units part of a floor: every monster (the player among them, by
//! id), the player's side of the game (the treasure, the stairs, the
//! pack, how it ends), what the player saw when it last looked and what
//! it remembers.

use crate::fog::sight::FieldOfView;
use crate::sim::monster::Monster;
use crate::sim::player::{PlayOutcome, PlayState};

/// The units of a floor.
#[derive(Clone, Debug, Default)]
pub(super) struct Units {
    /// Every monster, by id.
    pub(super) monsters: Vec<Monster>,
    /// The player, the treasure and the stairs, on a level to play.
    pub(super) play: Option<PlayState>,
    /// What the player saw when it last looked (after its last step, or
    /// its bump): computed by the simulation, once, with what it learnt.
    pub(super) player_view: Option<FieldOfView>,
    /// What the player remembers beyond what it sees now: the monsters
    /// it saw, the doors it shut.
    pub(super) recall: crate::sim::recall::Recall,
    /// Where in the last command's events each turn it played began (the
    /// index of its first event, and the turn): so each event is told
    /// with the turn it happened on (a slow step's blows, each on its
    /// own). What happened, for the chronicle; no rule reads it.
    pub(super) turn_starts: Vec<(usize, crate::clock::Turn)>,
}

impl Units {
    /// The player, on a level to play.
    pub(super) fn player(&self) -> Option<&Monster> {
        self.play
            .as_ref()
            .map(|p| &self.monsters[p.player as usize])
    }

    /// True while the player plays on (on a level to play).
    pub(super) fn playing(&self) -> bool {
        self.play
            .as_ref()
            .is_some_and(|p| p.outcome == PlayOutcome::Playing)
    }

    /// True while the player sneaks.
    pub(super) fn sneaking(&self) -> bool {
        self.play.as_ref().is_some_and(|p| p.sneaking)
    }

    /// Where the player stands, while it is on the level.
    pub(super) fn player_at(&self) -> Option<crate::map::geom::Pos> {
        self.player().filter(|p| p.is_here()).map(|p| p.pos())
    }

    /// The player's pack.
    pub(super) fn pack(&self) -> &[crate::sim::item::ItemKind] {
        self.play.as_ref().map_or(&[], |p| &p.pack)
    }

    /// Takes what is in pack slot `slot` out of the player's pack.
    pub(super) fn take_from_pack(&mut self, slot: usize) {
        if let Some(play) = &mut self.play
            && slot < play.pack.len()
        {
            play.pack.remove(slot);
        }
    }
}
