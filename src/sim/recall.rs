//! What the player remembers of a level beyond what it sees now: each
//! monster it has seen, where and in what state it last saw it, and the
//! doors it shut itself. DCSS and Brogue draw a monster seen and not seen
//! since where it was last seen; Darkstar's autopilot routes round what
//! the player remembers (see `autopilot::care`), so that explore and
//! travel do not walk back into a sleeping ogre's sight because it went
//! out of view.
//!
//! The memory is the player's, grounded in what the screen showed: it
//! learns a monster only while the player sees it, and forgets one only
//! when it sees the cell it remembered it on and the monster is not
//! there (it moved, or died out of sight), never from the truth. It is
//! kept by the floor, updated after every command from the player's view
//! and the command's events, so a replay (and so a resumed save) rebuilds
//! it; no rule of the game reads it, so it is left out of the state hash.

use super::event::Event;
use super::game::Floor;
use super::{Awareness, MonsterId};
use crate::clock::Turn;
use crate::map::geom::Pos;
use crate::map::terrain::Terrain;

/// A monster's state when the player last saw it, as the look box said
/// it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    /// Asleep.
    Asleep,
    /// Running away.
    Fleeing,
    /// Awake, hostile and not running: a threat.
    Awake,
    /// Not hostile: it goes its own way.
    Harmless,
}

impl Seen {
    /// How the player saw monster `m` of `floor` just now.
    pub fn of(floor: &Floor, m: MonsterId) -> Seen {
        let monster = &floor.monsters()[m as usize];
        if !floor.kind_of(monster).behaviours.fights() {
            return Seen::Harmless;
        }
        match floor.awareness(m) {
            Awareness::Asleep => Seen::Asleep,
            Awareness::Fleeing => Seen::Fleeing,
            _ => Seen::Awake,
        }
    }

    /// True for a monster that would come for the player: awake, hostile,
    /// not running away.
    pub fn is_threat(self) -> bool {
        self == Seen::Awake
    }
}

/// One monster the player has seen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sighting {
    pub id: MonsterId,
    /// Where the player saw it last.
    pub at: Pos,
    /// On which turn.
    pub turn: Turn,
    /// In what state.
    pub seen: Seen,
    /// True while the player sees it now.
    pub in_view: bool,
}

/// What the player remembers of the level it is on (see the module).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recall {
    /// By id.
    sightings: Vec<Sighting>,
    /// The doors the player shut and believes shut still, in reading
    /// order.
    shut: Vec<Pos>,
    /// The places the player marked for the autopilot to keep out of,
    /// one a cell, in reading order.
    marks: Vec<Mark>,
}

/// The farthest a mark reaches: a room's worth.
pub const ROOM_REACH: u32 = 7;

/// A place the player marked by hand for travel and explore to keep out
/// of (DCSS's exclusions): the cell `at` alone (`reach` 0), or every cell
/// within `reach` steps of it in its sight, over the map as the player
/// knows it (a room, [`ROOM_REACH`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mark {
    pub at: Pos,
    pub reach: u32,
}

impl Recall {
    /// Every monster the player remembers, those in view among them, by
    /// id.
    pub fn sightings(&self) -> &[Sighting] {
        &self.sightings
    }

    /// The monsters the player remembers and does not see now, by id.
    pub fn out_of_view(&self) -> impl Iterator<Item = &Sighting> {
        self.sightings.iter().filter(|s| !s.in_view)
    }

    /// What the player remembers of monster `m`, if anything.
    pub fn of(&self, m: MonsterId) -> Option<&Sighting> {
        self.sightings
            .binary_search_by_key(&m, |s| s.id)
            .ok()
            .map(|i| &self.sightings[i])
    }

    /// The doors the player shut and believes shut still, in reading
    /// order.
    pub fn shut_doors(&self) -> &[Pos] {
        &self.shut
    }

    /// The places the player marked, in reading order of their cells.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The mark on cell `at`, if any.
    pub fn mark_at(&self, at: Pos) -> Option<Mark> {
        self.marks.iter().copied().find(|m| m.at == at)
    }

    /// Marks `at` with `reach` (see [`Mark`]; at most [`ROOM_REACH`]), or
    /// takes its mark away (`None`).
    pub(crate) fn set_mark(&mut self, at: Pos, reach: Option<u32>) {
        let i = self
            .marks
            .binary_search_by_key(&(at.y, at.x), |m| (m.at.y, m.at.x));
        match (i, reach) {
            (Ok(i), Some(reach)) => self.marks[i].reach = reach.min(ROOM_REACH),
            (Ok(i), None) => {
                self.marks.remove(i);
            }
            (Err(i), Some(reach)) => self.marks.insert(
                i,
                Mark {
                    at,
                    reach: reach.min(ROOM_REACH),
                },
            ),
            (Err(_), None) => {}
        }
    }

    /// Learns from what the player of `floor` sees now and what `events`
    /// (a command's) showed it: every monster in view is remembered where
    /// it stands, in the state it is in; one remembered on a cell the
    /// player now sees empty of it is forgotten. A door the player shut is
    /// remembered until it believes the door open (it opened it, or saw it
    /// open). Nothing changes while the player is not on the level.
    pub(crate) fn update(&mut self, floor: &Floor, events: &[Event]) {
        let Some(player) = floor.player().filter(|p| p.is_here()) else {
            return;
        };
        let Some(view) = floor.player_view() else {
            return;
        };
        let known = floor.factions()[player.faction()].knowledge();
        for s in &mut self.sightings {
            s.in_view = false;
        }
        for m in floor.monsters() {
            if m.is_player() || !m.is_here() || !view.sees(m.pos()) {
                continue;
            }
            let sighting = Sighting {
                id: m.id(),
                at: m.pos(),
                // The turn the player looked (as the map's last seen).
                turn: known.last_seen(m.pos()),
                seen: Seen::of(floor, m.id()),
                in_view: true,
            };
            match self.sightings.binary_search_by_key(&m.id(), |s| s.id) {
                Ok(i) => self.sightings[i] = sighting,
                Err(i) => self.sightings.insert(i, sighting),
            }
        }
        self.sightings.retain(|s| s.in_view || !view.sees(s.at));
        for e in events {
            if let Event::Door {
                by,
                at,
                open: false,
            } = *e
                && by == player.id()
                && let Err(i) = self
                    .shut
                    .binary_search_by_key(&(at.y, at.x), |p| (p.y, p.x))
            {
                self.shut.insert(i, at);
            }
        }
        let known = floor.factions()[player.faction()].knowledge();
        self.shut
            .retain(|&p| known.belief(p) == Some(Terrain::Door));
    }
}
