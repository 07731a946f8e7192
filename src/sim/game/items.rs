//! Items in play (see [`crate::sim::item`]): what lies where, the
//! player's pack, picking up, using, throwing and dropping, and the items
//! a run's depth starts with.

use rand::RngExt;

use super::ground::Ground;
use super::units::Units;
use super::{Floor, perform};
use crate::content::items::{Effect, Heal, ItemBook};
use crate::fog::flight::flight;
use crate::fog::knowledge::Learnt;
use crate::map::geom::{Dir, Pos};
use crate::map::terrain::Terrain;
use crate::sim::action::Outcome;
use crate::sim::event::Event;
use crate::sim::faction::Faction;
use crate::sim::item::{Darkness, ItemKind};
use crate::sim::monster::MonsterId;
use crate::sim::player::PLAYER_HP;

/// Most items the pack holds.
pub const PACK_SIZE: usize = crate::content::level::MAX_PACK;

impl Floor {
    /// The items on the floor, `(cell, kind)`, in the order they were put
    /// down.
    pub fn floor_items(&self) -> &[(Pos, ItemKind)] {
        &self.ground.items
    }

    /// The cell a scroll of collapse read at `at` turns to wall: the
    /// first open cell beside it clockwise from the north, no door,
    /// nobody on it, no stairs, treasure or item on it; `None` (the
    /// scroll fizzles) if there is none. All of it in the reader's view,
    /// so a player (and a bot) can reckon it before reading.
    pub fn collapse_cell(&self, at: Pos) -> Option<Pos> {
        let play = self.units.play.as_ref();
        let marked = |p: Pos| {
            play.is_some_and(|pl| [pl.up, pl.stairs, pl.treasure].contains(&Some(p)))
                || self.ground.has_item(p)
        };
        Dir::ALL.into_iter().map(|d| at.step(d)).find(|&p| {
            self.ground
                .world
                .get(p)
                .is_some_and(|t| t.is_passable() && t != Terrain::Door)
                && self.ground.world.occupant(p).is_none()
                && !marked(p)
        })
    }

    /// The player's pack.
    pub fn pack(&self) -> &[ItemKind] {
        self.units.pack()
    }

    /// The darkness a scroll made on this level, while it lasts.
    pub fn darkness(&self) -> Option<Darkness> {
        self.ground.darkness
    }

    /// The player uses the item in pack slot `slot`; false (no time) if
    /// there is none, it is thrown rather than used, or it would do
    /// nothing.
    pub(super) fn use_item(&mut self, id: usize, slot: usize, ev: &mut Vec<Event>) -> Outcome {
        let Some(&kind) = self.pack().get(slot) else {
            return Outcome::Failed(Event::NoSuchItem);
        };
        let at = self.units.monsters[id].pos();
        match kind.effect() {
            Effect::Heal(Heal::Full) => self.units.monsters[id].heal_to(PLAYER_HP),
            Effect::Heal(Heal::By(n)) => {
                let m = &mut self.units.monsters[id];
                m.heal_to(m.hp().saturating_add(n as i32).min(PLAYER_HP));
            }
            Effect::Map => {
                let f = self.units.monsters[id].faction();
                let (terrain, turn) = (self.ground.world.terrain(), self.turn);
                let cells = self.factions[f].learn(|knowledge, log| {
                    let mut cells = Vec::new();
                    for p in terrain.grid().positions() {
                        if let Some(t) = terrain.get(p)
                            && knowledge.learn(p, t, turn) != Learnt::Nothing
                        {
                            cells.push(p);
                        }
                    }
                    log.extend_from_slice(&cells);
                    cells
                });
                ev.push(Event::Discovered {
                    faction: f,
                    by: id as MonsterId,
                    cells,
                });
            }
            Effect::Collapse => {
                let Some(cell) = self.collapse_cell(at) else {
                    return Outcome::Failed(Event::Fizzled { item: kind });
                };
                self.ground.world.collapse(cell);
                ev.push(Event::Collapsed { at: cell });
                // The reader saw it fall: its faction knows the wall (the
                // player's map, and its autopilot, no longer walk it).
                let f = self.units.monsters[id].faction();
                let turn = self.turn;
                let learnt = self.factions[f].learn(|knowledge, log| {
                    let learnt = knowledge.learn(cell, Terrain::Wall, turn) != Learnt::Nothing;
                    if learnt {
                        log.push(cell);
                    }
                    learnt
                });
                if learnt {
                    ev.push(Event::Discovered {
                        faction: f,
                        by: id as MonsterId,
                        cells: vec![cell],
                    });
                }
            }
            Effect::Teleport => {
                let far = self.ground.free_floor(|p| {
                    let (dx, dy) = p.abs_delta(at);
                    dx.max(dy) >= 10
                });
                if far.is_empty() {
                    return Outcome::Failed(Event::Fizzled { item: kind });
                }
                let to = far[self.rng.random_range(0..far.len())];
                self.ground.world.remove(at);
                self.units.monsters[id].moved_to(to, self.ground.world.width());
                self.ground.world.place(id as MonsterId, to);
                ev.push(Event::Teleported { from: at, to });
                self.look(id, &[], ev);
            }
            Effect::Darkness { radius, turns } => {
                let dark = Darkness {
                    at,
                    radius,
                    until: self.turn + turns,
                };
                self.ground.darkness = Some(dark);
                ev.push(Event::Darkened {
                    at,
                    until: dark.until,
                });
            }
            Effect::Noise { .. }
            | Effect::Missile { .. }
            | Effect::Armour { .. }
            | Effect::Weapon { .. } => {
                return Outcome::Failed(Event::NotUsable { item: kind });
            }
        }
        ev.push(Event::Used { item: kind });
        self.units.take_from_pack(slot);
        perform::stand(&mut self.units, id, None, ev)
    }

    /// The player throws the item in pack slot `slot` at `target`, a cell
    /// it sees within the item's range; false (no time) if it cannot.
    pub(super) fn throw_item(
        &mut self,
        id: usize,
        slot: usize,
        target: Pos,
        ev: &mut Vec<Event>,
    ) -> Outcome {
        let Some(&kind) = self.pack().get(slot) else {
            return Outcome::Failed(Event::NoSuchItem);
        };
        let at = self.units.monsters[id].pos();
        let (dx, dy) = at.abs_delta(target);
        let seen = self
            .units
            .player_view
            .as_ref()
            .is_some_and(|v| v.sees(target));
        if kind.range().is_none_or(|r| dx.max(dy) > r) || !seen || target == at {
            return Outcome::Failed(Event::CannotThrow {
                item: kind,
                at: target,
            });
        }
        self.units.take_from_pack(slot);
        let done = perform::stand(&mut self.units, id, None, ev);
        ev.push(Event::Threw {
            item: kind,
            at: target,
        });
        match kind.effect() {
            Effect::Noise { loudness, .. } => self.noise(target, loudness, ev),
            Effect::Missile { damage, .. } => {
                // The dart flies the way the player's sight saw the
                // target (`fog::flight`, the shadowcast's own rays): the
                // first unit on it takes the dart; what blocks sight
                // stops it, and says where.
                let terrain = self.ground.world.terrain();
                for p in flight(at, target, |p| terrain.is_opaque(p)) {
                    if self.ground.world.terrain().is_opaque(p) {
                        ev.push(Event::DartStopped {
                            at: p,
                            aimed: target,
                        });
                        break;
                    }
                    if let Some(victim) = self.ground.world.occupant(p) {
                        self.strike(id, victim as usize, damage, ev);
                        break;
                    }
                }
            }
            // Nothing else has a range (checked above).
            _ => {}
        }
        done
    }
}

/// The player steps onto `at`: it picks up all that lies there (puts
/// on armour and a sword at once), while its pack has room.
pub(super) fn pick_up(
    ground: &mut Ground,
    units: &mut Units,
    factions: &mut [Faction],
    at: Pos,
    ev: &mut Vec<Event>,
) {
    while let Some(i) = ground.items.iter().position(|&(p, _)| p == at) {
        let kind = ground.items[i].1;
        let Some(play) = &mut units.play else { return };
        let me = units.monsters[play.player as usize].faction();
        if kind.is_worn() {
            // Put on only what is better than what it has.
            let spec = factions[me].spec_mut().kind_mut();
            if let Some(d) = kind.defence() {
                spec.defence = spec.defence.max(d);
            }
            if let Some(b) = kind.blow()
                && b.mean_tenths() > spec.damage.mean_tenths()
            {
                spec.damage = b;
            }
        } else {
            if play.pack.len() >= PACK_SIZE {
                ev.push(Event::PackFull { item: kind });
                return;
            }
            play.pack.push(kind);
            play.pack.sort();
        }
        ground.items.remove(i);
        ev.push(Event::PickedUp { item: kind });
    }
}

/// The player drops the item in pack slot `slot` where it stands (if
/// nothing lies there); false (no time) if it cannot.
pub(super) fn drop_item(
    ground: &mut Ground,
    units: &mut Units,
    id: usize,
    slot: usize,
    ev: &mut Vec<Event>,
) -> Outcome {
    let Some(&kind) = units.pack().get(slot) else {
        return Outcome::Failed(Event::NoSuchItem);
    };
    let at = units.monsters[id].pos();
    if ground.has_item(at) {
        return Outcome::Failed(Event::CannotDrop { item: kind });
    }
    units.take_from_pack(slot);
    ground.items.push((at, kind));
    ev.push(Event::Dropped { item: kind });
    perform::stand(units, id, None, ev)
}

/// Puts the items of depth `depth` of a run on its floor, as `book`'s
/// lots lay them (see the header of `data/items.txt`): drawn with an
/// RNG of their own from `seed` (so the monsters' draws are not
/// moved), on floor cells no one stands on, away from the stairs and
/// the Darkstar.
pub(super) fn place_items(
    ground: &mut Ground,
    units: &Units,
    seed: u64,
    depth: u32,
    book: &'static ItemBook,
) {
    let mut rng = crate::rng::sim_rng(seed ^ 0x1743_5a11_d00d_f00d);
    // The groups' picks are drawn first, in order, then the cells.
    let kinds: Vec<ItemKind> = book
        .laid_on(depth, |n| rng.random_range(0..n))
        .into_iter()
        .map(ItemKind::new)
        .collect();
    let play = units.play.as_ref();
    let marks: Vec<Pos> = [
        play.and_then(|p| p.up),
        play.and_then(|p| p.stairs),
        play.and_then(|p| p.treasure),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut free = ground.free_floor(|p| !marks.contains(&p));
    for kind in kinds {
        if free.is_empty() {
            break;
        }
        let at = free.swap_remove(rng.random_range(0..free.len()));
        let n = kind.def().bundle as usize;
        ground.items.extend(std::iter::repeat_n((at, kind), n));
    }
}
