//! Playing: the player (`@`) and its own fog of war, bump-to-attack
//! fighting, hostile factions that hunt the player by what they have seen,
//! and the treasure to take to the stairs.

use rand::RngExt;

use super::ai::Planner;
use super::faction::Faction;
use super::game::{ACTION_READY, Game, GameError, NORMAL_SPEED};
use super::monster::{Monster, MonsterId, Spawned};
use super::player::{PLAYER_HP, PLAYER_SIGHT, PlayOutcome, PlayState, REGEN_TURNS};
use super::{Event, PlayerAction};
use crate::content::level::FactionSpec;
use crate::fog::sight::visible_from;
use crate::map::geom::{Dir, Pos};
use crate::path::Connectivity;
use crate::path::Replanner;

/// Turns the world plays on, at most, after one player action (a player
/// slowed to a crawl must not hang the game).
const MAX_TURNS_PER_ACTION: u32 = 100;

impl Game {
    /// Puts the player on the level at `at`, in a faction of its own.
    pub(super) fn add_player(
        &mut self,
        at: Pos,
        treasure: Option<Pos>,
        stairs: Option<Pos>,
    ) -> Result<(), GameError> {
        let id = self.monsters.len();
        if !self.world.terrain().is_passable(at) || self.world.occupant(at).is_some() {
            return Err(GameError::BadSpawn { monster: id, at });
        }
        let terrain = self.world.terrain();
        let mut spec = FactionSpec::new("you", '@');
        spec.sight = PLAYER_SIGHT;
        spec.danger = 0;
        self.factions
            .push(Faction::new(spec, terrain.width(), terrain.height()));
        let width = terrain.width();
        self.monsters.push(Monster::new(
            Spawned {
                id: id as MonsterId,
                faction: self.factions.len() - 1,
                at,
                energy: ACTION_READY,
                speed: NORMAL_SPEED,
                planner: Planner::new(Replanner::AStar, None),
                hp: PLAYER_HP,
                is_player: true,
            },
            width,
        ));
        self.world.place(id as MonsterId, at);
        self.play = Some(PlayState {
            player: id as MonsterId,
            treasure,
            stairs,
            carrying: false,
            outcome: PlayOutcome::Playing,
        });
        self.look(id, &[], &mut Vec::new());
        Ok(())
    }

    /// At the start of a turn: the player regains a hit point if the
    /// turn's number is a multiple of [`REGEN_TURNS`]. Monsters do not
    /// (a wounded one stays wounded: fights are the player's to win).
    pub(super) fn regenerate(&mut self) {
        let Some(play) = &self.play else { return };
        if play.outcome != PlayOutcome::Playing || !self.turn.is_multiple_of(REGEN_TURNS) {
            return;
        }
        let player = &mut self.monsters[play.player as usize];
        if player.is_here() && player.hp < PLAYER_HP {
            player.hp += 1;
        }
    }

    /// The player's side of the game, on a level to play.
    pub fn play_state(&self) -> Option<&PlayState> {
        self.play.as_ref()
    }

    /// The player, on a level to play.
    pub fn player(&self) -> Option<&Monster> {
        self.play
            .as_ref()
            .map(|p| &self.monsters[p.player as usize])
    }

    /// The player acts, then the world plays on until the player can act
    /// again.
    pub(super) fn player_turn(&mut self, action: PlayerAction, ev: &mut Vec<Event>) {
        let Some(play) = &self.play else { return };
        if play.outcome != PlayOutcome::Playing {
            return;
        }
        let id = play.player as usize;
        if !self.player_acts(id, action, ev) {
            return;
        }
        for _ in 0..MAX_TURNS_PER_ACTION {
            if self.is_settled() || self.monsters[id].energy >= ACTION_READY {
                break;
            }
            self.advance(ev);
        }
    }

    /// The player's action; false if it took no time (walking into a wall
    /// the player already knew). A diagonal past a wall corner is no more
    /// an attack than a move, for the player as for monsters.
    fn player_acts(&mut self, id: usize, action: PlayerAction, ev: &mut Vec<Event>) -> bool {
        let PlayerAction::Move(dir) = action else {
            self.stand(id, None, ev);
            return true;
        };
        let at = self.monsters[id].pos;
        let to = at.step(dir);
        if crate::path::step(self.world.terrain(), at, dir, Connectivity::Eight).is_some() {
            if let Some(other) = self.world.occupant(to) {
                self.attack(id, other as usize, ev);
                return true;
            }
            self.step(id, to, dir, ev);
            self.player_arrived(to, ev);
            return true;
        }
        let (a, b) = dir.components();
        let knowledge = self.factions[self.monsters[id].faction].knowledge();
        if [to, at.step(a), at.step(b)]
            .iter()
            .all(|&p| knowledge.is_known(p))
        {
            ev.push(Event::Blocked { at: to });
            return false;
        }
        self.bump(id, to, dir, ev);
        true
    }

    /// The treasure is taken where it lies; the stairs with it win.
    fn player_arrived(&mut self, at: Pos, ev: &mut Vec<Event>) {
        let turn = self.turn;
        let Some(play) = &mut self.play else { return };
        if play.treasure == Some(at) && !play.carrying {
            play.carrying = true;
            ev.push(Event::TookTreasure { at });
        }
        if play.stairs == Some(at) && play.carrying {
            play.outcome = PlayOutcome::Won(turn);
            ev.push(Event::Won { turn });
        }
    }

    /// `id` hits `target`: two to four points of damage (the simulation
    /// RNG decides); at no hit points left it dies.
    pub(super) fn attack(&mut self, id: usize, target: usize, ev: &mut Vec<Event>) {
        let damage = self.rng.random_range(2..=4);
        let attacker = &mut self.monsters[id];
        attacker.energy -= super::WAIT_ENERGY;
        attacker.still += 1;
        let victim = &mut self.monsters[target];
        victim.hp -= damage;
        ev.push(Event::Attacked {
            attacker: id as MonsterId,
            target: target as MonsterId,
            damage,
        });
        if victim.hp <= 0 {
            self.kill(target as MonsterId, ev);
        }
    }

    /// A hostile monster's business before walking: hit an enemy next to
    /// it (a unit of another faction, the player included), or else look
    /// for the player and head where it was last seen. True if the action
    /// was used.
    pub(super) fn hostile_act(&mut self, id: usize, ev: &mut Vec<Event>) -> bool {
        let (at, fi) = (self.monsters[id].pos, self.monsters[id].faction);
        for d in Dir::ALL {
            let p = at.step(d);
            let Some(o) = self.world.occupant(p) else {
                continue;
            };
            let legal =
                crate::path::step(self.world.terrain(), at, d, Connectivity::Eight).is_some();
            if legal && self.monsters[o as usize].faction != fi {
                self.attack(id, o as usize, ev);
                return true;
            }
        }
        if let Some(player) = self.player().filter(|p| p.is_here()).map(|p| p.pos)
            && self.sees(id, player)
        {
            self.factions[fi].player_seen = Some(player);
        }
        let seen = self.factions[fi].player_seen;
        let m = &self.monsters[id];
        if seen.is_some() && seen == Some(m.pos) {
            // Got to where the player was, and it is gone: lost track.
            self.factions[fi].player_seen = None;
        }
        let target = self.factions[fi]
            .player_seen
            .or(self.factions[fi].spec().goal);
        let m = &mut self.monsters[id];
        if m.planner.goal() != target {
            m.planner = Planner::new(m.planner.kind(), target);
            self.unqueue(id as MonsterId);
        }
        false
    }

    /// True when monster `id` can see `target` with its faction's sight.
    fn sees(&self, id: usize, target: Pos) -> bool {
        let m = &self.monsters[id];
        let sight = self.factions[m.faction].spec().sight;
        let (dx, dy) = m.pos.abs_delta(target);
        if dx.max(dy) > sight {
            return false;
        }
        let mut seen = false;
        let terrain = self.world.terrain();
        visible_from(
            m.pos,
            sight,
            |p| terrain.is_opaque(p),
            |p| seen |= p == target,
        );
        seen
    }
}
