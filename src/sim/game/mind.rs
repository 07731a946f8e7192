//! The rules of a monster's mind (kept in the floor's [`Minds`]):
//! [`Floor::awareness`] reads which state holds (see [`Awareness`]),
//! settled by [`Floor::settle_state`] before its behaviours read it, when
//! it wakes, and for every monster at the end of each command; and
//! [`Floor::settle_mind`] keeps its faction's side of it up to date
//! before its behaviours read it (hunt, search and wander, in
//! `crate::sim::behaviour`). Hunting, searching and wandering are faction
//! business, decided once for all its monsters, over what the faction
//! knows (its [`Intel`]): the place it last saw or heard the player; the
//! search round the place it lost it (the ground there it has not seen
//! since, nearest the searcher first, one cell after another, until
//! [`SEARCH_TURNS`] have passed or none is left); the places its
//! wanderers are bound for, drawn at random among the cells it believes
//! walkable.

use super::*;
use crate::fog::knowledge::Knowledge;
use crate::sim::awareness::{
    Awareness, SEARCH_RADIUS, SEARCH_TURNS, Search, WANDER_DRAWS, WANDER_PLACES,
};
use crate::sim::player::STEALTH_RANGE;

impl Floor {
    /// Monster `id`'s state of mind (see [`Awareness`]), as last settled:
    /// the state now, outside a command and wherever a rule or a
    /// behaviour reads it.
    pub fn awareness(&self, id: MonsterId) -> Awareness {
        self.minds.of(id).state()
    }

    /// Settles monster `id`'s state of mind: the first state that holds,
    /// in [`Awareness`]'s order.
    pub(super) fn settle_state(&mut self, id: MonsterId) {
        let state = self.state_now(id);
        self.minds.settle(id, state);
    }

    /// Settles every monster's state of mind.
    pub(super) fn settle_states(&mut self) {
        for id in 0..self.monsters.len() {
            self.settle_state(id as MonsterId);
        }
    }

    /// The state of mind that holds for monster `id` now.
    fn state_now(&self, id: MonsterId) -> Awareness {
        let m = &self.monsters[id as usize];
        let (fi, kind) = (m.faction(), self.kind_of(m));
        let intel = self.minds.intel(fi);
        if self.minds.of(id).is_asleep() {
            Awareness::Asleep
        } else if self.is_fleeing(id as usize) {
            Awareness::Fleeing
        } else if kind.behaviours.hunts() && intel.player_seen.is_some() {
            Awareness::Hunting
        } else if kind.behaviours.searches() && intel.search.is_some() {
            Awareness::Searching
        } else if kind.behaviours.wanders() && self.factions[fi].spec().goal.is_none() {
            Awareness::Wandering
        } else if m.plan().goal().is_some() {
            Awareness::Heading
        } else {
            Awareness::Idle
        }
    }

    /// Before monster `id`'s behaviours read its state of mind: a hunter
    /// notes the player if it sees it (one that cries, noticing it, cries
    /// out: a fight's noise where the player stands; and, got to where the player was
    /// with the player gone, its faction loses track and searches); a
    /// search under way moves on to its next spot (or ends); a wanderer's
    /// place is drawn afresh if it must be.
    pub(super) fn settle_mind(&mut self, id: usize, ev: &mut Vec<Event>) {
        let (at, fi) = (self.monsters[id].pos(), self.monsters[id].faction());
        if self.kind_of(&self.monsters[id]).behaviours.hunts() {
            // A faction already after the player keeps it in sight; one
            // that is not must notice it first.
            if let Some(player) = self.player().filter(|p| p.is_here()).map(|p| p.pos())
                && self.sees(id, player)
            {
                let hunting = self.minds.intel(fi).player_seen.is_some();
                if hunting || self.notices(at, player) {
                    self.minds.intel_mut(fi).player_at(player);
                }
                // Noticed just now by one that cries: whoever hears it
                // wakes and hunts the player's place (its blind kin too).
                if !hunting
                    && self.minds.intel(fi).player_seen.is_some()
                    && self.kind_of(&self.monsters[id]).behaviours.cries()
                {
                    ev.push(Event::Cried {
                        monster: id as MonsterId,
                    });
                    self.noise(player, crate::fog::noise::FIGHT, ev);
                }
            }
            if self.minds.intel(fi).player_seen == Some(at) {
                // Got to where the player was, and it is gone: lost track.
                self.lose_track(fi, at, ev);
            }
        }
        let mut state = self.state_now(id as MonsterId);
        if state == Awareness::Searching && self.search_spot(id, ev).is_none() {
            // The search just ended: the next state takes over.
            state = self.state_now(id as MonsterId);
        }
        if state == Awareness::Wandering {
            self.wander_place(id);
        }
        self.minds.settle(id as MonsterId, state);
    }

    /// The player's stealth range now ([`STEALTH_RANGE`], halved while
    /// sneaking): how far off a monster that sees it may notice it.
    pub fn stealth_range(&self) -> u32 {
        match self.play.as_ref().is_some_and(|p| p.sneaking) {
            true => STEALTH_RANGE / 2,
            false => STEALTH_RANGE,
        }
    }

    /// A monster at `at` that sees the player at `player` and has not
    /// noticed it notices it this turn: never beyond the stealth range
    /// `r`; within it, at once, unless the player sneaks: then by a chance
    /// of `(r + 1 - d) / (r + 1)` at `d` steps (seven in eight beside it,
    /// one in eight at the edge). Rolled only then, so a game where
    /// nobody sneaks draws nothing more.
    pub(super) fn notices(&mut self, at: Pos, player: Pos) -> bool {
        let (dx, dy) = at.abs_delta(player);
        let (d, r) = (dx.max(dy), self.stealth_range());
        let sneaking = self.play.as_ref().is_some_and(|p| p.sneaking);
        d <= r && (!sneaking || self.rng.random_range(0..r + 1) < r + 1 - d)
    }

    /// Faction `fi` lost the player at `at`: it searches round there.
    fn lose_track(&mut self, fi: usize, at: Pos, ev: &mut Vec<Event>) {
        let intel = self.minds.intel_mut(fi);
        intel.player_seen = None;
        intel.search = Some(Search {
            around: at,
            since: self.turn,
            spot: None,
        });
        ev.push(Event::Searching {
            faction: fi,
            around: at,
        });
    }

    /// The cell monster `id`'s faction searches now: the one it was going
    /// to, unless a searcher stands on it, it has been seen since the
    /// search began, or it turned out a wall; then the one nearest the
    /// searcher (in steps over what the faction knows) within
    /// [`SEARCH_RADIUS`] of the place, not seen since. The search ends (`None`) after
    /// [`SEARCH_TURNS`] or when no such cell is left.
    fn search_spot(&mut self, id: usize, ev: &mut Vec<Event>) -> Option<Pos> {
        let m = &self.monsters[id];
        let s = self.minds.intel(m.faction()).search?;
        let knowledge = self.factions[m.faction()].knowledge();
        let stale = |p: Pos| {
            p == m.pos()
                || knowledge.last_seen(p) >= s.since && knowledge.is_known(p)
                || !knowledge.is_passable(p)
                || (m.plan().goal() == Some(p) && m.plan().status() == Status::NoPath)
        };
        let spot = if self.turn >= s.since + SEARCH_TURNS {
            None
        } else {
            s.spot
                .filter(|&p| !stale(p))
                .or_else(|| nearest_unseen(knowledge, s.around, s.since, m.pos()))
        };
        let fi = m.faction();
        self.minds.intel_mut(fi).search = spot.map(|p| Search { spot: Some(p), ..s });
        if spot.is_none() {
            ev.push(Event::GaveUp { faction: fi });
        }
        spot
    }

    /// The place monster `id` wanders to: its faction's place for it (its
    /// id picks one of [`WANDER_PLACES`]), drawn afresh when one of them
    /// stands on it, it turned out a wall, or there is no way there; kept
    /// as the faction's place for it.
    fn wander_place(&mut self, id: usize) -> Option<Pos> {
        let m = &self.monsters[id];
        let (fi, at) = (m.faction(), m.pos());
        let k = m.id() as usize % WANDER_PLACES;
        let knowledge = self.factions[fi].knowledge();
        let current = self.minds.intel(fi).wander[k].filter(|&p| {
            p != at
                && knowledge.is_passable(p)
                && !(m.plan().goal() == Some(p) && m.plan().status() == Status::NoPath)
        });
        if current.is_some() {
            return current;
        }
        let (w, h) = (knowledge.width() as i32, knowledge.height() as i32);
        let mut drawn = None;
        for _ in 0..WANDER_DRAWS {
            let p = Pos::new(self.rng.random_range(0..w), self.rng.random_range(0..h));
            let f = &self.factions[fi];
            let reachable = f.islands().is_none_or(|i| i.connected(at, p));
            if p != at && f.knowledge().is_passable(p) && reachable {
                drawn = Some(p);
                break;
            }
        }
        self.minds.intel_mut(fi).wander[k] = drawn;
        drawn
    }
}

/// The nearest cell to `from` (the searcher), in steps over `knowledge`
/// (eight ways, no corner cutting), that lies within [`SEARCH_RADIUS`] of
/// `around`, that the faction has not seen since turn `since`, and that it
/// believes it could stand on: the player's explore, over the faction's
/// knowledge, kept to the place searched. From `around` if the searcher
/// is outside that square. Breadth first in [`Dir`] order, so ties go the
/// same way every time.
fn nearest_unseen(knowledge: &Knowledge, around: Pos, since: Turn, from: Pos) -> Option<Pos> {
    let side = 2 * SEARCH_RADIUS + 1;
    let index = |p: Pos| {
        let (dx, dy) = (
            p.x - around.x + SEARCH_RADIUS,
            p.y - around.y + SEARCH_RADIUS,
        );
        (dx >= 0 && dy >= 0 && dx < side && dy < side).then(|| (dy * side + dx) as usize)
    };
    let start = if index(from).is_some() { from } else { around };
    let mut visited = vec![false; (side * side) as usize];
    let mut queue = VecDeque::from([start]);
    visited[index(start)?] = true;
    while let Some(p) = queue.pop_front() {
        let unseen = !knowledge.is_known(p) || knowledge.last_seen(p) < since;
        if unseen && p != from && p != around {
            return Some(p);
        }
        for d in Dir::ALL {
            let Some((q, _)) = crate::path::step(knowledge, p, d, Connectivity::Eight) else {
                continue;
            };
            if let Some(i) = index(q)
                && !visited[i]
            {
                visited[i] = true;
                queue.push_back(q);
            }
        }
    }
    None
}
