//! What monsters see and feel: a look round after every step, the cells
//! felt in a bump or squeezed past on a diagonal, and whether one unit
//! sees another. What is seen goes into the faction's knowledge and its
//! discovery log. The rules here take the parts they read and change:
//! the ground (what there is to see), the units (who looks, and the
//! player's view), the factions (what they learn).

use super::ground::Ground;
use super::units::Units;
use crate::clock::Turn;
use crate::fog::knowledge::Learnt;
use crate::fog::sight::{look as look_plain, look_seeing, look_unless, visible_from};
use crate::map::geom::{Dir, Pos};
use crate::map::terrain::Terrain;
use crate::sim::event::Event;
use crate::sim::faction::Faction;
use crate::sim::plan::Status;

/// Monster `id` looks around with its faction's sight on `turn`, and
/// feels the `touched` cells (the corners it just squeezed between: a
/// diagonal step passes right by them, so even a blind monster learns
/// them). True if its faction learnt anything.
pub(super) fn look(
    ground: &Ground,
    units: &mut Units,
    factions: &mut [Faction],
    turn: Turn,
    id: usize,
    touched: &[Pos],
    ev: &mut Vec<Event>,
) -> bool {
    let m = &units.monsters[id];
    let f = &mut factions[m.faction()];
    let sight = f.spec().kinds[m.kind()].sight;
    let terrain = ground.world.terrain();
    let player_view = &mut units.player_view;
    let (cells, walls, reopened) = f.learn(|knowledge, log| {
        let opened = knowledge.opened();
        let mut cells = if m.is_player() {
            // The player's view is kept from this same shadowcast: the
            // one the screen, the autopilot and the log read.
            let (cells, view) = look_seeing(knowledge, terrain, m.pos(), sight, turn);
            *player_view = Some(view);
            cells
        } else if let Some(dark) = ground.darkness {
            look_unless(knowledge, terrain, m.pos(), sight, turn, |p| dark.covers(p))
        } else {
            look_plain(knowledge, terrain, m.pos(), sight, turn)
        };
        for &p in touched {
            if let Some(t) = ground.world.get(p)
                && knowledge.learn(p, t, turn) != Learnt::Nothing
            {
                cells.push(p);
            }
        }
        // Chokepoints re-judged on what was learnt change costs too.
        log.extend(knowledge.drain_danger_changes());
        log.extend_from_slice(&cells);
        let walls = cells
            .iter()
            .filter(|&&p| knowledge.belief(p) == Some(Terrain::Wall))
            .count();
        (cells, walls, knowledge.opened() != opened)
    });
    if cells.is_empty() {
        return false;
    }
    f.walls_learnt += walls as u64;
    let faction = m.faction();
    ev.push(Event::Discovered {
        faction,
        by: m.id(),
        cells,
    });
    if reopened {
        reopened_door(units, faction);
    }
    true
}

/// Faction `fi` saw a door open that it had taken for a wall: its
/// islands joined round it (taken in with the cell), and its monsters
/// that had found no way plan afresh.
fn reopened_door(units: &mut Units, fi: usize) {
    for m in &mut units.monsters {
        if m.faction() == fi && m.plan().status() == Status::NoPath {
            m.retarget(m.plan().goal());
        }
    }
}

/// The two cells a step from `from` in `dir` passes between (none for a
/// straight step).
pub(super) fn corners(from: Pos, dir: Dir) -> Vec<Pos> {
    if !dir.is_diagonal() {
        return Vec::new();
    }
    let (a, b) = dir.components();
    vec![from.step(a), from.step(b)]
}

/// True when monster `id` can see `target` with its faction's sight
/// (never into a darkness, unless it is the player).
pub(super) fn sees(
    ground: &Ground,
    units: &Units,
    factions: &[Faction],
    id: usize,
    target: Pos,
) -> bool {
    let m = &units.monsters[id];
    if !m.is_player() && ground.darkness.is_some_and(|d| d.covers(target)) {
        return false;
    }
    let sight = factions[m.faction()].spec().kinds[m.kind()].sight;
    let (dx, dy) = m.pos().abs_delta(target);
    if dx.max(dy) > sight {
        return false;
    }
    let mut seen = false;
    let terrain = ground.world.terrain();
    visible_from(
        m.pos(),
        sight,
        |p| terrain.is_opaque(p),
        |p| seen |= p == target,
    );
    seen
}

/// The cells a monster with sight `sight` at `at` could see, as far as
/// `knowledge` (the player's) knows the map: what it has not seen counts
/// as open, off the map as rock. The senses the autopilot keeps out of
/// (see `crate::sim::autopilot::care`): the same shadowcast as a
/// monster's own sight, over what the player can know of it.
pub(crate) fn seen_as_known(
    knowledge: &crate::fog::knowledge::Knowledge,
    at: Pos,
    sight: u32,
    mut reveal: impl FnMut(Pos),
) {
    let (w, h) = (knowledge.width() as i32, knowledge.height() as i32);
    let on_map = |p: Pos| (0..w).contains(&p.x) && (0..h).contains(&p.y);
    let opaque = |p: Pos| !on_map(p) || knowledge.belief(p).is_some_and(|t| t.is_opaque());
    visible_from(at, sight, opaque, |p| {
        if on_map(p) {
            reveal(p)
        }
    });
}
