//! Items in play (see [`crate::sim::item`]): what lies where, the
//! player's pack, picking up, using, throwing and dropping, and the items
//! a run's depth starts with.

use rand::RngExt;

use super::*;
use crate::content::items::{Effect, Heal, ItemBook};
use crate::fog::flight::flight;
use crate::sim::action::Outcome;
use crate::sim::item::{Darkness, ItemKind};
use crate::sim::player::PLAYER_HP;

/// Most items the pack holds.
pub const PACK_SIZE: usize = crate::content::level::MAX_PACK;

impl Floor {
    /// The items on the floor, `(cell, kind)`, in the order they were put
    /// down.
    pub fn floor_items(&self) -> &[(Pos, ItemKind)] {
        &self.items
    }

    /// The cell a scroll of collapse read at `at` turns to wall: the
    /// first open cell beside it clockwise from the north, no door,
    /// nobody on it, no stairs, treasure or item on it; `None` (the
    /// scroll fizzles) if there is none. All of it in the reader's view,
    /// so a player (and a bot) can reckon it before reading.
    pub fn collapse_cell(&self, at: Pos) -> Option<Pos> {
        let play = self.play.as_ref();
        let marked = |p: Pos| {
            play.is_some_and(|pl| [pl.up, pl.stairs, pl.treasure].contains(&Some(p)))
                || self.items.iter().any(|&(q, _)| q == p)
        };
        Dir::ALL.into_iter().map(|d| at.step(d)).find(|&p| {
            self.world
                .get(p)
                .is_some_and(|t| t.is_passable() && t != Terrain::Door)
                && self.world.occupant(p).is_none()
                && !marked(p)
        })
    }

    /// The player's pack.
    pub fn pack(&self) -> &[ItemKind] {
        self.play.as_ref().map_or(&[], |p| &p.pack)
    }

    /// The darkness a scroll made on this level, while it lasts.
    pub fn darkness(&self) -> Option<Darkness> {
        self.darkness
    }

    /// Puts the items of depth `depth` of a run on its floor, as `book`'s
    /// lots lay them (see the header of `data/items.txt`): drawn with an
    /// RNG of their own from `seed` (so the monsters' draws are not
    /// moved), on floor cells no one stands on, away from the stairs and
    /// the Darkstar.
    pub(super) fn place_items(&mut self, seed: u64, depth: u32, book: &'static ItemBook) {
        let mut rng = crate::rng::sim_rng(seed ^ 0x1743_5a11_d00d_f00d);
        // The groups' picks are drawn first, in order, then the cells.
        let kinds: Vec<ItemKind> = book
            .laid_on(depth, |n| rng.random_range(0..n))
            .into_iter()
            .map(ItemKind::new)
            .collect();
        let play = self.play.as_ref();
        let marks: Vec<Pos> = [
            play.and_then(|p| p.up),
            play.and_then(|p| p.stairs),
            play.and_then(|p| p.treasure),
        ]
        .into_iter()
        .flatten()
        .collect();
        let mut free = self.free_floor(|p| !marks.contains(&p));
        for kind in kinds {
            if free.is_empty() {
                break;
            }
            let at = free.swap_remove(rng.random_range(0..free.len()));
            let n = kind.def().bundle as usize;
            self.items.extend(std::iter::repeat_n((at, kind), n));
        }
    }

    /// The player steps onto `at`: it picks up all that lies there (puts
    /// on armour and a sword at once), while its pack has room.
    pub(super) fn pick_up(&mut self, at: Pos, ev: &mut Vec<Event>) {
        while let Some(i) = self.items.iter().position(|&(p, _)| p == at) {
            let kind = self.items[i].1;
            let Some(play) = &mut self.play else { return };
            let me = self.monsters[play.player as usize].faction();
            if kind.is_worn() {
                // Put on only what is better than what it has.
                let spec = self.factions[me].spec_mut().kind_mut();
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
            self.items.remove(i);
            ev.push(Event::PickedUp { item: kind });
        }
    }

    /// The player uses the item in pack slot `slot`; false (no time) if
    /// there is none, it is thrown rather than used, or it would do
    /// nothing.
    pub(super) fn use_item(&mut self, id: usize, slot: usize, ev: &mut Vec<Event>) -> Outcome {
        let Some(&kind) = self.pack().get(slot) else {
            return Outcome::Failed(Event::NoSuchItem);
        };
        let at = self.monsters[id].pos();
        match kind.effect() {
            Effect::Heal(Heal::Full) => self.monsters[id].heal_to(PLAYER_HP),
            Effect::Heal(Heal::By(n)) => {
                let m = &mut self.monsters[id];
                m.heal_to(m.hp().saturating_add(n as i32).min(PLAYER_HP));
            }
            Effect::Map => {
                let f = self.monsters[id].faction();
                let (knowledge, log) = self.factions[f].knowledge_mut();
                let terrain = self.world.terrain();
                let mut cells = Vec::new();
                for p in terrain.grid().positions() {
                    if let Some(t) = terrain.get(p)
                        && knowledge.learn(p, t, self.turn) != Learnt::Nothing
                    {
                        cells.push(p);
                    }
                }
                log.extend_from_slice(&cells);
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
                self.world.collapse(cell);
                ev.push(Event::Collapsed { at: cell });
                // The reader saw it fall: its faction knows the wall (the
                // player's map, and its autopilot, no longer walk it).
                let f = self.monsters[id].faction();
                let (knowledge, log) = self.factions[f].knowledge_mut();
                if knowledge.learn(cell, Terrain::Wall, self.turn) != Learnt::Nothing {
                    log.push(cell);
                    ev.push(Event::Discovered {
                        faction: f,
                        by: id as MonsterId,
                        cells: vec![cell],
                    });
                }
            }
            Effect::Teleport => {
                let far = self.free_floor(|p| {
                    let (dx, dy) = p.abs_delta(at);
                    dx.max(dy) >= 10
                });
                if far.is_empty() {
                    return Outcome::Failed(Event::Fizzled { item: kind });
                }
                let to = far[self.rng.random_range(0..far.len())];
                self.world.remove(at);
                self.monsters[id].moved_to(to, self.world.width());
                self.world.place(id as MonsterId, to);
                ev.push(Event::Teleported { from: at, to });
                self.look(id, &[], ev);
            }
            Effect::Darkness { radius, turns } => {
                let dark = Darkness {
                    at,
                    radius,
                    until: self.turn + turns,
                };
                self.darkness = Some(dark);
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
        self.take_from_pack(slot);
        self.stand(id, None, ev)
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
        let at = self.monsters[id].pos();
        let (dx, dy) = at.abs_delta(target);
        let seen = self.player_view.as_ref().is_some_and(|v| v.sees(target));
        if kind.range().is_none_or(|r| dx.max(dy) > r) || !seen || target == at {
            return Outcome::Failed(Event::CannotThrow {
                item: kind,
                at: target,
            });
        }
        self.take_from_pack(slot);
        let done = self.stand(id, None, ev);
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
                let terrain = self.world.terrain();
                for p in flight(at, target, |p| terrain.is_opaque(p)) {
                    if self.world.terrain().is_opaque(p) {
                        ev.push(Event::DartStopped {
                            at: p,
                            aimed: target,
                        });
                        break;
                    }
                    if let Some(victim) = self.world.occupant(p) {
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

    /// The player drops the item in pack slot `slot` where it stands (if
    /// nothing lies there); false (no time) if it cannot.
    pub(super) fn drop_item(&mut self, id: usize, slot: usize, ev: &mut Vec<Event>) -> Outcome {
        let Some(&kind) = self.pack().get(slot) else {
            return Outcome::Failed(Event::NoSuchItem);
        };
        let at = self.monsters[id].pos();
        if self.items.iter().any(|&(p, _)| p == at) {
            return Outcome::Failed(Event::CannotDrop { item: kind });
        }
        self.take_from_pack(slot);
        self.items.push((at, kind));
        ev.push(Event::Dropped { item: kind });
        self.stand(id, None, ev)
    }

    /// The floor cells nobody stands on that `keep` keeps, in reading
    /// order.
    fn free_floor(&self, keep: impl Fn(Pos) -> bool) -> Vec<Pos> {
        self.world
            .terrain()
            .grid()
            .positions()
            .filter(|&p| {
                self.world.get(p) == Some(Terrain::Floor)
                    && self.world.occupant(p).is_none()
                    && keep(p)
            })
            .collect()
    }

    fn take_from_pack(&mut self, slot: usize) {
        if let Some(play) = &mut self.play
            && slot < play.pack.len()
        {
            play.pack.remove(slot);
        }
    }
}
