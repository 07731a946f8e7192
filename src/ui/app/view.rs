//! What is shown and where: overlays and the faction whose eyes they use,
//! the selected and followed monster, the camera and look cursor clamped
//! to the map view, reveal and the player's-eyes view: what the app's
//! parts add up to on screen.

use crate::map::geom::Pos;
use crate::sim::MonsterId;

use super::camera::{centred_origin, clamp_origin};
use super::{App, Cursor, Inspector};
use crate::ui::mode::{Mode, Overlay};

impl App {
    /// What the map shows until an overlay key is pressed (and again when
    /// it is pressed twice): the combined view watching, the player's own
    /// view playing.
    pub fn default_overlay(mode: Mode) -> Overlay {
        match mode {
            Mode::Watch => Overlay::Combined,
            Mode::Play => Overlay::None,
        }
    }

    /// The factions `f`/Tab cycles through: watching, those with monsters
    /// of their own (not the player's); playing, all.
    pub(crate) fn viewable_factions(&self) -> Vec<usize> {
        let n = self.game.factions().len();
        if self.mode == Mode::Play {
            return (0..n).collect();
        }
        let mine: Vec<usize> = (0..n)
            .filter(|&f| {
                self.game
                    .monsters()
                    .iter()
                    .any(|m| m.faction() == f && !m.is_player())
            })
            .collect();
        if mine.is_empty() {
            (0..n).collect()
        } else {
            mine
        }
    }

    /// Watch: the selected monster: the one picked with `m`/`M` while it
    /// is on the map and of the viewed faction (or the player, whom a
    /// played game's replay follows), else that faction's first on the
    /// map.
    pub fn selected(&self) -> Option<MonsterId> {
        self.camera.selected(&self.game, self.faction)
    }

    /// True while the camera follows the selected (or inspected) monster.
    pub fn following(&self) -> bool {
        self.camera.following()
    }

    /// The monster the camera centres on, if following: the inspected
    /// one while the inspector is open, else the selected one.
    pub(super) fn followed(&self) -> Option<Pos> {
        if !self.camera.following() {
            return None;
        }
        let id = self
            .screen::<Inspector>()
            .map(|i| i.monster)
            .or(self.selected())?;
        self.game.monsters().get(id as usize).map(|m| m.pos())
    }

    /// The viewed faction's name.
    pub(in crate::ui) fn faction_name(&self) -> String {
        self.game
            .factions()
            .get(self.faction)
            .map_or("-".to_string(), |f| f.spec().name.clone())
    }

    /// Centres the camera on `p` (in the view as laid out).
    pub(in crate::ui) fn centre_on(&mut self, p: Pos) {
        let size = self.camera.view_size();
        self.camera.set_origin(centred_origin(&self.game, p, size));
    }

    /// The cursor's cell, while looking or picking where to travel (the
    /// map marks it; playing, the view centres on it).
    pub fn cursor(&self) -> Option<Pos> {
        self.screen::<Cursor>().map(Cursor::at)
    }

    /// The top-left world cell of a `width` x `height` map view, always
    /// on the map (never showing blank space past its edges; 0 when the
    /// map is smaller): centred on the followed monster when watching and
    /// following, else the camera; centred on the player when playing or
    /// watching through the player's eyes.
    pub fn view_origin(&self, width: u16, height: u16) -> Pos {
        let size = (width, height);
        let Some(player) = self.game.player().filter(|_| self.through_eyes()) else {
            return match self.followed() {
                Some(p) => centred_origin(&self.game, p, size),
                None => clamp_origin(&self.game, self.camera.origin(), size),
            };
        };
        let centre = self.cursor().unwrap_or(player.pos());
        centred_origin(&self.game, centre, size)
    }

    /// Play: the AI overlays on or off. The first time marks the game, in
    /// its recording too, for good.
    pub(super) fn toggle_reveal(&mut self) {
        if self.mode != Mode::Play {
            return;
        }
        self.reveal = !self.reveal;
        if !self.reveal {
            self.close::<Inspector>();
            if self.overlay != Overlay::Cost {
                self.overlay = Overlay::None;
            }
            return self.say("Reveal off: your own view (the game stays REVEALED).".to_string());
        }
        if self.revealed_at.is_none() {
            let turn = self.game.turn();
            self.revealed_at = Some(turn);
            self.recorder.reveal(turn);
        }
        self.say(
            "REVEALED: v d p c f i show what the monsters know; the game is marked so.".to_string(),
        );
    }

    /// Watching a played game: through the player's eyes, or the true map.
    pub(super) fn toggle_eyes(&mut self) {
        if self.mode != Mode::Watch || self.game.player().is_none() {
            return self.say("No player in this game: no eyes to see through.".to_string());
        }
        self.eyes = !self.eyes;
        self.say(
            if self.eyes {
                "Through the player's eyes: what they knew and saw (@ again: the true map)."
            } else {
                "The true map."
            }
            .to_string(),
        );
    }

    /// Watching through the player's eyes from the start (`replay --eyes`).
    pub fn with_eyes(mut self) -> App {
        if self.game.player().is_some() && self.mode == Mode::Watch {
            self.eyes = true;
        }
        self
    }

    /// True when the player sees cell `p` now: the simulation's view of
    /// it (see [`crate::sim::Floor::player_view`]), as the map lights it.
    pub fn player_sees(&self, p: Pos) -> bool {
        let here = self.game.player().is_some_and(|m| m.is_here());
        here && self.game.player_view().is_some_and(|v| v.sees(p))
    }
}
