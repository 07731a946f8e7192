//! Playing: the player (`@`) and its own fog of war, bump-to-attack
//! fighting, hostile factions that hunt the player by what they have seen,
//! and the treasure to take to the stairs.

use super::ground::Ground;
use super::perform::Meeting;
use super::units::Units;
use super::{ACTION_READY, Floor, GameError, NORMAL_SPEED, items};
use crate::clock::Turn;
use crate::content::items::ItemDef;
use crate::content::level::FactionSpec;
use crate::fog::sight::FieldOfView;
use crate::map::geom::{Dir, Pos};
use crate::map::terrain::{FLOOR_COST, Terrain};
use crate::path::Replanner;
use crate::sim::action::Action;
use crate::sim::event::Event;
use crate::sim::faction::Faction;
use crate::sim::item::ItemKind;
use crate::sim::monster::{Monster, MonsterId, Spawned};
use crate::sim::plan::Plan;
use crate::sim::player::{PLAYER_HP, PLAYER_SIGHT, PlayOutcome, PlayState, REGEN_TURNS};

/// Turns the world plays on, at most, after one player action (a player
/// slowed to a crawl must not hang the game).
const MAX_TURNS_PER_ACTION: u32 = 100;

impl Floor {
    /// Puts the player on the level at `at`, in a faction of its own,
    /// carrying `pack` (sorted, as every pack is).
    pub(super) fn add_player(
        &mut self,
        at: Pos,
        treasure: Option<Pos>,
        stairs: Option<Pos>,
        pack: &[&'static ItemDef],
    ) -> Result<(), GameError> {
        let id = self.units.monsters.len();
        if !self.ground.world.terrain().is_passable(at) || self.ground.world.occupant(at).is_some()
        {
            return Err(GameError::BadSpawn { monster: id, at });
        }
        let terrain = self.ground.world.terrain();
        let mut spec = FactionSpec::new("you", '@');
        spec.kind_mut().sight = PLAYER_SIGHT;
        spec.kind_mut().damage = crate::sim::player::PLAYER_DAMAGE;
        spec.danger = 0;
        self.factions
            .push(Faction::new(spec, terrain.width(), terrain.height()));
        let width = terrain.width();
        self.units.monsters.push(Monster::new(
            Spawned {
                id: id as MonsterId,
                faction: self.factions.len() - 1,
                kind: 0,
                at,
                energy: ACTION_READY,
                speed: NORMAL_SPEED,
                plan: Plan::new(Replanner::AStar, None),
                hp: PLAYER_HP,
                is_player: true,
            },
            width,
        ));
        self.minds.add_faction();
        self.minds.add_monster(false);
        self.ground.world.place(id as MonsterId, at);
        self.units.play = Some(PlayState {
            player: id as MonsterId,
            treasure,
            stairs,
            carrying: false,
            outcome: PlayOutcome::Playing,
            sneaking: false,
            up: Some(at),
            pack: {
                let mut pack: Vec<ItemKind> = pack.iter().map(|&d| ItemKind::new(d)).collect();
                pack.sort();
                pack
            },
        });
        self.look(id, &[], &mut Vec::new());
        Ok(())
    }

    /// What the player saw when it last looked (after each step or bump,
    /// and at the start): computed once by the simulation with what its
    /// faction learnt; what the screen lights, and, while the player is
    /// on the level, what the autopilot and the log count as seen. A dead
    /// player's is its last sight (the death screen shows it).
    pub fn player_view(&self) -> Option<&FieldOfView> {
        self.units.player_view.as_ref()
    }

    /// True when the player, on the level, sees cell `p` now (its
    /// [`Floor::player_view`]): what the screen lights, and what the
    /// chronicle counts as perceived.
    pub fn player_sees(&self, p: Pos) -> bool {
        let here = self.player().is_some_and(|m| m.is_here());
        here && self.player_view().is_some_and(|v| v.sees(p))
    }

    /// What the player remembers of this level beyond what it sees now
    /// (see [`crate::sim::recall`]).
    pub fn recall(&self) -> &crate::sim::recall::Recall {
        &self.units.recall
    }

    /// The player's side of the game, on a level to play.
    pub fn play_state(&self) -> Option<&PlayState> {
        self.units.play.as_ref()
    }

    /// The player, on a level to play.
    pub fn player(&self) -> Option<&Monster> {
        self.units.player()
    }

    /// The player acts, then, if the action was done, the world plays on
    /// until the player can act again. A slow step is waded first (see
    /// [`Floor::wade`]).
    pub(super) fn player_turn(&mut self, action: Action, ev: &mut Vec<Event>) {
        let Some(play) = &self.units.play else { return };
        if play.outcome != PlayOutcome::Playing {
            return;
        }
        let id = play.player as usize;
        let from = self.units.monsters[id].pos();
        let waded = match action {
            Action::Walk(dir) => match self.wade(id, dir, ev) {
                Some(waded) => waded.map(|energy| (energy, from.step(dir))),
                None => return,
            },
            _ => None,
        };
        if !self.perform(id, action, ev).is_done() {
            return;
        }
        // The time waded was the step's: it is not paid twice (unless the
        // walk met something else at the end, a monster stepped in).
        if let Some((energy, to)) = waded
            && self.units.monsters[id].pos() == to
        {
            self.units.monsters[id].spend(-energy);
        }
        // Stairs make another depth this game: its player's number.
        let Some(id) = self.units.play.as_ref().map(|p| p.player as usize) else {
            return;
        };
        self.play_on(id, false, ev);
    }

    /// A step slower than onto floor (onto swamp, water or rubble, or any
    /// step sneaking) is waded before it is taken: the player pays
    /// the time beyond a floor step's where it stands, the world playing
    /// on, then steps as onto floor. Hurt meanwhile, it stops short: the
    /// step is not taken, the time left of it is not paid, and the player
    /// chooses again (a slow step is no longer a string of blows taken
    /// without a say). `Some(None)`: no wading (a floor step, or a walk
    /// that meets a wall, a door or a unit); `Some(Some(energy))`: waded,
    /// the step to be taken; `None`: stopped short, or the game ended.
    fn wade(&mut self, id: usize, dir: Dir, ev: &mut Vec<Event>) -> Option<Option<i64>> {
        let from = self.units.monsters[id].pos();
        if self.meets(from, dir) != Meeting::Ground {
            return Some(None);
        }
        let to = from.step(dir);
        let Some(ground) = self.ground.world.get(to).and_then(Terrain::enter_cost) else {
            return Some(None);
        };
        let step = super::player_step_energy(ground, dir.is_diagonal(), self.units.sneaking());
        let extra = step - super::move_energy(FLOOR_COST, dir.is_diagonal());
        if extra <= 0 {
            return Some(None);
        }
        self.units.monsters[id].spend(extra);
        let hurt = self.play_on(id, true, ev);
        if self.units.play.as_ref()?.outcome != PlayOutcome::Playing {
            return None;
        }
        if hurt {
            self.units.monsters[id].ready_now();
            ev.push(Event::StoppedShort { at: to });
            return None;
        }
        Some(Some(extra))
    }

    /// The world plays on until player `id` can act again (or the game
    /// ends); with `stop_when_hurt`, also until it loses a hit point,
    /// which is returned.
    fn play_on(&mut self, id: usize, stop_when_hurt: bool, ev: &mut Vec<Event>) -> bool {
        let hp = self.units.monsters[id].hp();
        for _ in 0..MAX_TURNS_PER_ACTION {
            if self.is_settled() || self.units.monsters[id].energy() >= ACTION_READY {
                break;
            }
            self.advance(ev);
            if stop_when_hurt && self.units.monsters[id].hp() < hp {
                return true;
            }
        }
        false
    }
}

/// At the start of a turn: the player regains a hit point if the
/// turn's number is a multiple of [`REGEN_TURNS`]; a monster of a kind
/// that flees, if it is a multiple of [`MONSTER_REGEN_TURNS`] (a fleer
/// licks its wounds and, past two thirds of its hit points, comes back:
/// see `mind.rs`). Other monsters do not (a wounded one stays wounded:
/// fights are the player's to win).
pub(super) fn regenerate(units: &mut Units, factions: &[Faction], turn: Turn) {
    if turn.is_multiple_of(MONSTER_REGEN_TURNS) {
        for m in units
            .monsters
            .iter_mut()
            .filter(|m| m.is_here() && !m.is_player())
        {
            let kind = &factions[m.faction()].spec().kinds[m.kind()];
            if kind.behaviours.flees() && m.hp() < kind.hp {
                m.heal_to(m.hp() + 1);
            }
        }
    }
    let Some(play) = &units.play else { return };
    if play.outcome != PlayOutcome::Playing || !turn.is_multiple_of(REGEN_TURNS) {
        return;
    }
    let player = &mut units.monsters[play.player as usize];
    if player.is_here() && player.hp() < PLAYER_HP {
        player.heal_to(player.hp() + 1);
    }
}

/// A monster of a kind that flees regains a hit point every this many
/// turns: a rat from one hit point to its full three in forty, a kobold
/// from the two it flees at to the five it comes back at in sixty.
pub const MONSTER_REGEN_TURNS: Turn = 20;

/// The treasure is taken where it lies; the stairs with it win.
pub(super) fn player_arrived(
    ground: &mut Ground,
    units: &mut Units,
    factions: &mut [Faction],
    in_run: bool,
    turn: Turn,
    at: Pos,
    ev: &mut Vec<Event>,
) {
    items::pick_up(ground, units, factions, at, ev);
    let Some(play) = &mut units.play else { return };
    if play.treasure == Some(at) && !play.carrying {
        play.carrying = true;
        ev.push(Event::TookTreasure { at });
    }
    // In a run the stairs are taken with `>` and `<` (see `run.rs`).
    if !in_run && play.stairs == Some(at) && play.carrying {
        play.outcome = PlayOutcome::Won(turn);
        ev.push(Event::Won { turn });
    }
}
