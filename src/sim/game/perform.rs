//! The rules, in one place: [`Game::perform`] applies an action any
//! actor decided, the player's or a monster's, on the true world, and
//! says what came of it ([`Outcome`]). A walk is a step, a bump into a
//! wall it did not know, or a meeting with a unit or a door (the
//! player's meeting with a unit is an attack; a monster's a swap with an
//! ally, a wait, or a way round; a door opens for whoever can open it);
//! a swap is two steps; an attack may kill. The player's items and the
//! stairs are in `items.rs` and `run.rs`, called from here.

use rand::RngExt;

use super::act::{self, FieldRead};
use super::queue;
use super::units::Units;
use super::{Floor, WAIT_ENERGY, items, play, sight, turn};
use crate::content::dice::Dice;
use crate::fog::noise;
use crate::map::geom::{Dir, Pos};
use crate::map::terrain::Terrain;
use crate::path::Connectivity;
use crate::sim::action::{Action, Outcome};
use crate::sim::awareness::Awareness;
use crate::sim::event::{Event, WaitReason};
use crate::sim::faction::Faction;
use crate::sim::monster::MonsterId;
use crate::sim::plan::FIELD_STUCK_ACTIONS;
use crate::sim::player::STEALTH_MULTIPLIER;

impl Floor {
    /// Actor `id` does `action`, and whatever it turns into: a done
    /// action's energy is spent here, a failed one's event told.
    pub(super) fn perform(&mut self, id: usize, action: Action, ev: &mut Vec<Event>) -> Outcome {
        let mut action = action;
        loop {
            match self.rule(id, action, ev) {
                Outcome::Alternate(instead) => action = instead,
                Outcome::Done(energy) => {
                    // Taking the stairs hands the game to another depth
                    // (where `id` may be someone else); it costs nothing.
                    if energy != 0 {
                        self.units.monsters[id].spend(energy);
                    }
                    return Outcome::Done(energy);
                }
                Outcome::Failed(why) => {
                    ev.push(why.clone());
                    return Outcome::Failed(why);
                }
            }
        }
    }

    /// The rule for one action. [`Action::Think`] runs the search queue
    /// and hands over to what the plan then says.
    fn rule(&mut self, id: usize, action: Action, ev: &mut Vec<Event>) -> Outcome {
        let m = &self.units.monsters[id];
        let is_player = m.is_player();
        match action {
            Action::Walk(dir) => self.walk(id, dir, ev),
            Action::Wait(reason) => stand(&mut self.units, id, reason, ev),
            Action::Attack(target) => self.attack(id, target as usize, ev),
            Action::Open(dir) => self.open(id, dir, ev),
            Action::Close(dir) => self.close(id, dir, ev),
            Action::Think if is_player => stand(&mut self.units, id, None, ev),
            Action::Think => {
                self.planning
                    .think(&self.ground, &mut self.units, &self.factions, id, ev);
                let m = &self.units.monsters[id];
                Outcome::Alternate(m.plan().follow(m.pos()))
            }
            // The rest are the player's: a monster has no pack, no stairs
            // to take and no sneaking.
            Action::Sneak | Action::Use(_) | Action::Throw(..) | Action::Drop(_) if !is_player => {
                Outcome::Failed(Event::NoSuchItem)
            }
            // The run takes the stairs (`Game::apply`); a floor has none
            // to take.
            Action::Descend | Action::Ascend => Outcome::Failed(Event::NoStairs {
                down: action == Action::Descend,
            }),
            Action::Sneak => self.sneak(ev),
            Action::Use(slot) => self.use_item(id, slot as usize, ev),
            Action::Throw(slot, at) => self.throw_item(id, slot as usize, at, ev),
            Action::Drop(slot) => {
                items::drop_item(&mut self.ground, &mut self.units, id, slot as usize, ev)
            }
        }
    }

    /// The player starts or stops sneaking: no time.
    fn sneak(&mut self, ev: &mut Vec<Event>) -> Outcome {
        let Some(play) = &mut self.units.play else {
            return Outcome::Failed(Event::NoSuchItem);
        };
        play.sneaking = !play.sneaking;
        ev.push(Event::Sneak { on: play.sneaking });
        Outcome::Done(0)
    }

    /// Actor `id` goes one cell `dir`: it bumps into a wall it did not
    /// know, meets a unit or a door, or steps. The player is refused a
    /// walk into a wall it knows (no time; a monster's plan never asks
    /// for one but by mistake, which the bump corrects). A diagonal past
    /// a wall corner is no more an attack than a step, for anyone.
    fn walk(&mut self, id: usize, dir: Dir, ev: &mut Vec<Event>) -> Outcome {
        let at = self.units.monsters[id].pos();
        let next = at.step(dir);
        match self.meets(at, dir) {
            // Legality first: a unit diagonally past a wall corner is no
            // more to be swapped with, waited for or hit than stepped to.
            Meeting::Wall => {
                let (a, b) = dir.components();
                let knowledge = self.factions[self.units.monsters[id].faction()].knowledge();
                if self.units.monsters[id].is_player()
                    && [next, at.step(a), at.step(b)]
                        .iter()
                        .all(|&p| knowledge.is_known(p))
                {
                    return Outcome::Failed(Event::Blocked { at: next });
                }
                self.bump(id, next, dir, ev)
            }
            // Nobody stands in a closed door: it opens, or it is a wall.
            Meeting::Door if opens_doors(&self.units, &self.factions, id) => {
                Outcome::Alternate(Action::Open(dir))
            }
            Meeting::Door => self.bump(id, next, dir, ev),
            Meeting::Unit(other) if self.units.monsters[id].is_player() => {
                Outcome::Alternate(Action::Attack(other))
            }
            Meeting::Unit(other) => self.collide(id, other as usize, ev),
            Meeting::Ground => self.step(id, next, dir, ev),
        }
    }

    /// What a walk from `at` in `dir` meets on the true map: the rule
    /// [`Floor::walk`] follows, and the player's wading asks first.
    pub(super) fn meets(&self, at: Pos, dir: Dir) -> Meeting {
        let next = at.step(dir);
        if crate::path::step(self.ground.world.terrain(), at, dir, Connectivity::Eight).is_none() {
            Meeting::Wall
        } else if self.ground.world.get(next) == Some(Terrain::Door) {
            Meeting::Door
        } else if let Some(other) = self.ground.world.occupant(next) {
            Meeting::Unit(other)
        } else {
            Meeting::Ground
        }
    }

    /// Actor `id` opens the closed door a step away in `dir`: a turn,
    /// and the noise of a door. It looks again at once (the door no
    /// longer hides what is behind it); it steps through on its next
    /// action.
    fn open(&mut self, id: usize, dir: Dir, ev: &mut Vec<Event>) -> Outcome {
        let at = self.units.monsters[id].pos();
        let door = at.step(dir);
        let legal =
            crate::path::step(self.ground.world.terrain(), at, dir, Connectivity::Eight).is_some();
        if !legal
            || self.ground.world.get(door) != Some(Terrain::Door)
            || !opens_doors(&self.units, &self.factions, id)
        {
            return Outcome::Failed(Event::CannotOpen { at: door });
        }
        self.ground.world.set_door(door, true);
        self.door_moved(id, dir, true, ev)
    }

    /// Actor `id` closes the open door a step away in `dir` (nobody may
    /// stand in it).
    fn close(&mut self, id: usize, dir: Dir, ev: &mut Vec<Event>) -> Outcome {
        let door = self.units.monsters[id].pos().step(dir);
        if self.ground.world.get(door) != Some(Terrain::OpenDoor)
            || self.ground.world.occupant(door).is_some()
        {
            return Outcome::Failed(Event::CannotClose { at: door });
        }
        self.ground.world.set_door(door, false);
        self.door_moved(id, dir, false, ev)
    }

    /// What opening or closing the door a step away in `dir` costs and
    /// tells: the turn, the event, the noise, and a fresh look for the one
    /// who did it.
    fn door_moved(&mut self, id: usize, dir: Dir, open: bool, ev: &mut Vec<Event>) -> Outcome {
        let from = self.units.monsters[id].pos();
        let at = from.step(dir);
        let done = stand(&mut self.units, id, None, ev);
        ev.push(Event::Door {
            by: id as MonsterId,
            at,
            open,
        });
        self.noise(at, noise::DOOR, ev);
        // It felt the door it moved, even blind, and, reaching across a
        // diagonal, the corners it reached between: whether the reach was
        // allowed depended on them, as a diagonal step's does.
        let mut felt = sight::corners(from, dir);
        felt.push(at);
        self.look(id, &felt, ev);
        self.planning
            .sync(&self.ground, &mut self.units, &self.factions, id, ev);
        // Whoever has the door in sight sees it move, standing still or
        // not (monsters otherwise look after their own steps).
        for other in 0..self.units.monsters.len() {
            if other != id
                && self.units.monsters[other].is_here()
                && sight::sees(&self.ground, &self.units, &self.factions, other, at)
            {
                self.look(other, &[], ev);
                self.planning
                    .sync(&self.ground, &mut self.units, &self.factions, other, ev);
            }
        }
        done
    }

    /// A unit stands on the next cell. If it is heading into this monster's
    /// cell, the two squeeze past each other; an ally with nowhere to step
    /// (thinking, idle, lost) swaps places with it (as allies do in most
    /// roguelikes): single-file corridors would jam otherwise. An ally
    /// waiting in line is not pushed back: that would only swap it back.
    /// Anyone else: wait for it to move on, and go round it once it is
    /// stopped or patience runs out.
    fn collide(&mut self, id: usize, other: usize, ev: &mut Vec<Event>) -> Outcome {
        let (me, them) = (&self.units.monsters[id], &self.units.monsters[other]);
        let head_on = them.plan().next_step() == Some(me.pos());
        let idle_ally = them.faction() == me.faction() && them.plan().next_step().is_none();
        if head_on || idle_ally {
            return self.swap(id, other, head_on, ev);
        }
        let stopped = them.is_stopped();
        let stuck = them.still() >= FIELD_STUCK_ACTIONS;
        // Patience is drawn afresh for each hold-up, so two monsters
        // waiting on each other do not give up in the same action; a
        // stopped unit is gone round at once.
        let (rng, most) = (&mut self.rng, self.planning.config.patience.max(1));
        let go_round = self.units.monsters[id].held_up(|| {
            if stopped {
                0
            } else {
                rng.random_range(1..=most)
            }
        });
        if go_round {
            if stuck {
                act::prepare(
                    &mut self.units,
                    &mut self.factions,
                    self.turn,
                    id,
                    FieldRead::Round,
                );
            }
            let news = self.planning.with_plan(
                &self.ground,
                &mut self.units,
                &self.factions,
                id,
                |plan, ctx, budget| plan.go_round(ctx, budget, stuck),
            );
            if news.is_some() {
                queue::announce(&mut self.units, id, news, ev);
                self.units.monsters[id].end_hold_up();
            } else {
                // Hemmed in: keep the plan and wait a while before trying
                // again, rather than search again every action.
                let extra = self.rng.random_range(2..=6);
                let m = &mut self.units.monsters[id];
                m.wait_longer(extra);
                m.waited_for_unit();
            }
        } else {
            self.units.monsters[id].waited_for_unit();
        }
        stand(&mut self.units, id, Some(WaitReason::Blocked), ev)
    }

    /// Monster `id` steps into its ally `other`'s cell and `other` into
    /// its: two steps, the second taking no time from `other` (`head_on`
    /// when that is where `other` was going anyway; otherwise it was
    /// pushed, and its plan is told so).
    fn swap(&mut self, id: usize, other: usize, head_on: bool, ev: &mut Vec<Event>) -> Outcome {
        let (from, to) = (
            self.units.monsters[id].pos(),
            self.units.monsters[other].pos(),
        );
        let Some(dir) = from.dir_to(to) else {
            return stand(&mut self.units, id, Some(WaitReason::Blocked), ev);
        };
        self.ground.world.remove(to);
        let done = self.step(id, to, dir, ev);
        let width = self.ground.world.width();
        let o = &mut self.units.monsters[other];
        o.moved_to(from, width);
        if head_on {
            o.plan_mut().advanced(from);
        } else {
            let f = &self.factions[o.faction()];
            let expanded = o.plan_mut().pushed(f.knowledge(), from);
            self.planning.charge(&mut self.units, other, expanded);
        }
        let monster = self.units.monsters[other].id();
        ev.push(Event::Moved {
            monster,
            from: to,
            to: from,
        });
        self.land(other, from, &sight::corners(to, dir.opposite()), ev);
        done
    }

    /// A step on the true map: its energy is the ground's.
    fn step(&mut self, id: usize, to: Pos, dir: Dir, ev: &mut Vec<Event>) -> Outcome {
        let factor = self
            .ground
            .world
            .get(to)
            .and_then(Terrain::enter_cost)
            .unwrap_or(0);
        let from = self.units.monsters[id].pos();
        let sneaking = self.units.monsters[id].is_player() && self.units.sneaking();
        let width = self.ground.world.width();
        let m = &mut self.units.monsters[id];
        m.moved_to(to, width);
        let energy = super::player_step_energy(factor, dir.is_diagonal(), sneaking);
        m.end_hold_up();
        m.plan_mut().advanced(to);
        let monster = m.id();
        self.ground.world.remove(from);
        ev.push(Event::Moved { monster, from, to });
        self.land(id, to, &sight::corners(from, dir), ev);
        if self.units.monsters[id].is_player() {
            play::player_arrived(
                &mut self.ground,
                &mut self.units,
                &mut self.factions,
                self.in_run,
                self.turn,
                to,
                ev,
            );
        }
        Outcome::Done(energy)
    }

    /// Monster `id` has just moved onto `at` (not yet placed there): it
    /// looks (feeling the `touched` corners it squeezed between), then
    /// leaves the level if `at` is its faction's goal and its plan's (a
    /// hunter reaching where it last saw the player stays), or else stands
    /// there and takes in what it saw at once, before any bump. Shared by
    /// both steps of a swap.
    fn land(&mut self, id: usize, at: Pos, touched: &[Pos], ev: &mut Vec<Event>) {
        let m = &self.units.monsters[id];
        let monster = m.id();
        let arrived =
            m.plan().goal() == Some(at) && self.factions[m.faction()].spec().goal == Some(at);
        if m.is_player() && !self.units.sneaking() {
            // The player's footfall: what a sleeper near enough hears.
            self.noise(at, noise::FOOTSTEP, ev);
        }
        self.look(id, touched, ev);
        if arrived {
            self.units.monsters[id].escaped(self.turn);
            ev.push(Event::ReachedGoal { monster, at });
            return;
        }
        self.ground.world.place(monster, at);
        self.planning
            .sync(&self.ground, &mut self.units, &self.factions, id, ev);
        act::prepare(
            &mut self.units,
            &mut self.factions,
            self.turn,
            id,
            FieldRead::Cell,
        );
        self.planning.with_plan(
            &self.ground,
            &mut self.units,
            &self.factions,
            id,
            |plan, ctx, _| plan.look_ahead(ctx),
        );
    }

    /// A step into a wall the monster did not know: it feels the cells that
    /// stopped it (the target, and for a diagonal the two corners), loses
    /// the move and replans.
    fn bump(&mut self, id: usize, toward: Pos, dir: Dir, ev: &mut Vec<Event>) -> Outcome {
        let m = &mut self.units.monsters[id];
        m.counted_bump();
        let (at, monster) = (m.pos(), m.id());
        ev.push(Event::Bumped { monster, toward });
        let mut touched = sight::corners(at, dir);
        touched.insert(0, toward);
        if !self.look(id, &touched, ev) {
            // It bumped into something its faction knew: its plan is wrong.
            self.units.monsters[id].plan_mut().forget();
        }
        let done = stand(&mut self.units, id, None, ev);
        self.planning
            .sync(&self.ground, &mut self.units, &self.factions, id, ev);
        done
    }

    /// `id` swings at `target`: it hits with its faction's accuracy less
    /// the target's defence, in percent (at least 5, at most 95; a margin
    /// of 100 or more always hits and rolls nothing, the level format's
    /// default), for its faction's damage dice, on the simulation's RNG;
    /// at no hit points left the target dies.
    /// The target must stand next to it, past no wall corner.
    fn attack(&mut self, id: usize, target: usize, ev: &mut Vec<Event>) -> Outcome {
        let at = self.units.monsters[id].pos();
        let Some(there) = self
            .units
            .monsters
            .get(target)
            .filter(|t| t.is_here())
            .map(|t| t.pos())
        else {
            return Outcome::Failed(Event::OutOfReach { at });
        };
        let within = at.dir_to(there).is_some_and(|d| {
            crate::path::step(self.ground.world.terrain(), at, d, Connectivity::Eight).is_some()
        });
        if !within || target == id {
            return Outcome::Failed(Event::OutOfReach { at: there });
        }
        let dice = self.kind_of(&self.units.monsters[id]).damage;
        self.units.monsters[id].stood_still();
        if self.units.monsters[id].is_player() && self.unaware(target) {
            ev.push(Event::StealthBlow {
                target: target as MonsterId,
            });
            let damage = dice.roll(&mut self.rng) * STEALTH_MULTIPLIER;
            self.land_blow(id, target, damage, ev);
            // A kill unawares makes no more noise than a step; a victim
            // that lives cries out as a fight does.
            let loudness = match self.units.monsters[target].is_here() {
                true => noise::FIGHT,
                false => noise::FOOTSTEP,
            };
            self.noise(self.units.monsters[id].pos(), loudness, ev);
        } else {
            self.strike(id, target, dice, ev);
        }
        Outcome::Done(WAIT_ENERGY)
    }

    /// True when monster `id` has not noticed the player: asleep, or
    /// neither fleeing it nor hunting it (its faction does not know where
    /// the player is: wandering, searching the wrong place, heading
    /// elsewhere). What the look box says of it tells the player which.
    pub fn unaware(&self, id: usize) -> bool {
        !matches!(
            self.awareness(id as MonsterId),
            Awareness::Hunting | Awareness::Fleeing
        )
    }

    /// `id`'s blow (or dart) at `target` for `dice`: it lands with `id`'s
    /// faction's accuracy less the target's defence (see
    /// [`Game::attack`]); the noise of a fight either way.
    pub(super) fn strike(&mut self, id: usize, target: usize, dice: Dice, ev: &mut Vec<Event>) {
        let accuracy = self.kind_of(&self.units.monsters[id]).accuracy;
        let defence = self.kind_of(&self.units.monsters[target]).defence;
        let chance = super::hit_chance(accuracy, defence);
        let hits = chance >= 100 || self.rng.random_range(0..100) < chance;
        if hits {
            let damage = dice.roll(&mut self.rng);
            self.land_blow(id, target, damage, ev);
        } else {
            ev.push(Event::Missed {
                attacker: id as MonsterId,
                target: target as MonsterId,
            });
        }
        self.noise(self.units.monsters[id].pos(), noise::FIGHT, ev);
    }

    /// `id`'s blow lands on `target` for `damage`: at no hit points left
    /// the target dies.
    fn land_blow(&mut self, id: usize, target: usize, damage: i32, ev: &mut Vec<Event>) {
        let dies = self.units.monsters[target].hurt(damage);
        ev.push(Event::Attacked {
            attacker: id as MonsterId,
            target: target as MonsterId,
            damage,
        });
        if dies {
            turn::kill(
                &mut self.ground,
                &mut self.units,
                &mut self.factions,
                &mut self.planning,
                self.turn,
                target as MonsterId,
                ev,
            );
        }
    }
}

/// An action standing still: it takes a wait's energy.
/// An action of monster `id` standing still: it takes a wait's energy.
pub(super) fn stand(
    units: &mut Units,
    id: usize,
    reason: Option<WaitReason>,
    ev: &mut Vec<Event>,
) -> Outcome {
    let m = &mut units.monsters[id];
    m.stood_still();
    if let Some(reason) = reason {
        m.counted_wait(reason);
        ev.push(Event::Waited {
            monster: m.id(),
            reason,
        });
    }
    Outcome::Done(WAIT_ENERGY)
}

/// What a walk meets ([`Floor::meets`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Meeting {
    /// A wall, or a corner it may not pass diagonally (or the map's edge).
    Wall,
    /// A closed door.
    Door,
    /// A unit standing there.
    Unit(MonsterId),
    /// Open ground to step onto.
    Ground,
}

/// True when `id` opens doors (the player does, and the monsters of a
/// faction that opens them).
fn opens_doors(units: &Units, factions: &[Faction], id: usize) -> bool {
    let m = &units.monsters[id];
    m.is_player() || factions[m.faction()].spec().opens_doors
}
