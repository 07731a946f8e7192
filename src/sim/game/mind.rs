//! The rules of a monster's mind (kept in the floor's [`Minds`]):
//! [`Floor::awareness`] reads which state holds (see [`Awareness`]),
//! settled by [`Floor::settle_state`] before its behaviours read it, when
//! it wakes, and for every monster at the end of each command; and
//! [`Floor::settle_mind`] keeps what it knows up to date before its
//! behaviours read it (hunt, search and wander, in
//! `crate::sim::behaviour`). Where the player is, each monster knows for
//! itself: where it saw it, heard a noise, or was told by a kin's cry
//! (which tells where the crier saw the player, not where it went). Got
//! there and found nothing, it searches round the place (the ground there
//! its faction has not seen since, nearest first, one cell after another,
//! until [`SEARCH_TURNS`] have passed or none is left); a place it has not
//! confirmed for [`FORGET_TURNS`] it searches as if it had got there.
//! Wandering is its faction's business: the places its wanderers are
//! bound for, drawn at random among the cells it believes walkable.

use std::collections::VecDeque;

use rand::RngExt;

use super::ground::Ground;
use super::units::Units;
use super::{Floor, sight};
use crate::clock::Turn;
use crate::fog::knowledge::Knowledge;
use crate::fog::noise::{self, Loudness, NoiseReach};
use crate::map::geom::{Dir, Pos};
use crate::path::Connectivity;
use crate::rng::SimRng;
use crate::sim::awareness::{
    Awareness, FORGET_TURNS, SEARCH_RADIUS, SEARCH_TURNS, Search, WANDER_DRAWS, WANDER_PLACES,
};
use crate::sim::event::Event;
use crate::sim::faction::Faction;
use crate::sim::mind::{Learnt, Minds};
use crate::sim::monster::{Monster, MonsterId};
use crate::sim::plan::Status;
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
        settle_fleeing(&self.units, &self.factions, &mut self.minds, id as usize);
        let state = state_now(&self.ground, &self.units, &self.factions, &self.minds, id);
        self.minds.settle(id, state);
    }

    /// Settles every monster's state of mind.
    pub(super) fn settle_states(&mut self) {
        for id in 0..self.units.monsters.len() {
            self.settle_state(id as MonsterId);
        }
    }

    /// What a hurt monster of a faction that flees runs from: the player
    /// in its sight, or where it believes the player is (see `threat`).
    pub(crate) fn threat(&self, id: usize) -> Option<Pos> {
        threat(&self.ground, &self.units, &self.factions, &self.minds, id)
    }

    /// The player's stealth range now ([`STEALTH_RANGE`], halved while
    /// sneaking): how far off a monster that sees it may notice it.
    pub fn stealth_range(&self) -> u32 {
        stealth_range(&self.units)
    }

    /// How far off a sleeper that sees the player may wake at the sight
    /// of it now: half the [`Floor::stealth_range`] (seven steps, three
    /// sneaking; see `wakes_at_sight`).
    pub fn wake_range(&self) -> u32 {
        wake_range_if(self.units.sneaking())
    }

    /// What monster `id` would make of the player where it stands, on its
    /// next turn, by the game's own rules ([`wake_chance`] for a sleeper,
    /// [`notice_chance`] for one awake that has not noticed it, the reach
    /// of a step): what the look box shows of a monster the player sees.
    /// `None` when the player is not here, or the monster already knows
    /// where it is (hunting) or never hunts it.
    pub fn notice_odds(&self, id: MonsterId) -> Option<NoticeOdds> {
        let player = self.units.player_at()?;
        let m = &self.units.monsters[id as usize];
        let kind = self.kind_of(m);
        let asleep = self.minds.of(id).is_asleep();
        if !asleep && (!kind.behaviours.hunts() || self.minds.of(id).knows().is_some()) {
            return None;
        }
        let sneaking = self.units.sneaking();
        let (dx, dy) = m.pos().abs_delta(player);
        let steps = dx.max(dy);
        let sees = sight::sees(
            &self.ground,
            &self.units,
            &self.factions,
            id as usize,
            player,
        );
        let chance = match (sees, asleep) {
            (false, _) => (0, 1),
            (true, true) => wake_chance(steps, sneaking),
            (true, false) => notice_chance(steps, sneaking),
        };
        let hears_within = noise::radius(kind.hearing, noise::FOOTSTEP);
        let hears_steps = !sneaking
            && self
                .noise_reach(player, noise::FOOTSTEP)
                .is_some_and(|r| r.heard(m.pos(), kind.hearing, noise::FOOTSTEP));
        Some(NoticeOdds {
            asleep,
            sees,
            chance,
            hears_within,
            hears_steps,
        })
    }

    /// How far a noise of `loudness` made at `at` carries, as the game
    /// works it out for whoever may hear it: over the true map, as far as
    /// the keenest ear among the monsters here (not the player's) could
    /// hear it. A monster at `p` hears it when `reach.heard(p, its
    /// hearing, loudness)`. `None` when no monster here hears at all.
    pub fn noise_reach(&self, at: Pos, loudness: Loudness) -> Option<NoiseReach> {
        noise_reach(&self.ground, &self.units, &self.factions, at, loudness)
    }

    /// The reach of monster `crier`'s cry (its kind's voice), were it to
    /// cry from `at` on the floor as it is: [`Floor::noise_reach`] at
    /// its loudness, the reach its cry's hearers are found in.
    pub fn cry_reach(&self, crier: MonsterId, at: Pos) -> Option<NoiseReach> {
        let m = &self.units.monsters[crier as usize];
        self.noise_reach(at, self.kind_of(m).voice.loudness)
    }

    /// Before monster `id` acts: a hunter that sees the player notes where
    /// (one already hunting keeps it in sight; one that is not must notice
    /// it first), and one that cries cries out on first setting eyes on it
    /// (its kin that hear learn where it saw the player); got to
    /// where it believed the player was, with the player gone, or having
    /// believed it there unconfirmed for [`FORGET_TURNS`], it searches
    /// round there; a search under way moves on to its next spot (or
    /// ends); a wanderer's place is drawn afresh if it must be; and it
    /// flees or stops fleeing as its hit points say.
    pub(super) fn settle_mind(&mut self, id: usize, ev: &mut Vec<Event>) {
        let m = &self.units.monsters[id];
        let at = m.pos();
        let mid = id as MonsterId;
        let behaviours = &self.kind_of(m).behaviours;
        let (hunts, cries) = (behaviours.hunts(), behaviours.cries());
        let turn = self.turn;
        if hunts {
            if let Some(player) = self.units.player_at()
                && sight::sees(&self.ground, &self.units, &self.factions, id, player)
            {
                let before = self.minds.of(mid).knows();
                if before.is_some() || notices(&self.units, &mut self.rng, at, player) {
                    self.minds.of_mut(mid).player_at(player, Learnt::Saw, turn);
                }
                // It cries on first setting eyes on the player: one that
                // only heard it (or was told) cries once it sees it.
                let saw_before = before.is_some_and(|b| b.how == Learnt::Saw);
                let sees_now = self
                    .minds
                    .of(mid)
                    .knows()
                    .is_some_and(|b| b.how == Learnt::Saw);
                if !saw_before && sees_now && cries {
                    ev.push(Event::Cried { monster: mid });
                    let (ground, units, factions) = (&self.ground, &self.units, &self.factions);
                    cry(
                        ground,
                        units,
                        factions,
                        &mut self.minds,
                        turn,
                        id,
                        player,
                        ev,
                    );
                }
            }
            if let Some(belief) = self.minds.of(mid).knows()
                && (belief.at == at || turn >= belief.since + FORGET_TURNS)
            {
                // Got to where the player was, and it is gone; or never
                // got there and learnt nothing new for long: lost track.
                lose_track(&mut self.minds, turn, id, belief.at, ev);
            }
        }
        settle_fleeing(&self.units, &self.factions, &mut self.minds, id);
        let (ground, units, factions) = (&self.ground, &self.units, &self.factions);
        let mut state = state_now(ground, units, factions, &self.minds, mid);
        if state == Awareness::Searching
            && search_spot(units, factions, &mut self.minds, self.turn, id, ev).is_none()
        {
            // The search just ended: the next state takes over.
            state = state_now(ground, units, factions, &self.minds, mid);
        }
        if state == Awareness::Wandering {
            wander_place(units, factions, &mut self.minds, &mut self.rng, id);
        }
        self.minds.settle(mid, state);
    }
}

/// The state of mind that holds for monster `id` now: the first of
/// [`Awareness`]'s states that does.
fn state_now(
    ground: &Ground,
    units: &Units,
    factions: &[Faction],
    minds: &Minds,
    id: MonsterId,
) -> Awareness {
    let m = &units.monsters[id as usize];
    let f = &factions[m.faction()];
    let behaviours = &f.spec().kinds[m.kind()].behaviours;
    let mind = minds.of(id);
    if mind.is_asleep() {
        Awareness::Asleep
    } else if threat(ground, units, factions, minds, id as usize).is_some() {
        Awareness::Fleeing
    } else if behaviours.hunts() && mind.knows().is_some() {
        Awareness::Hunting
    } else if behaviours.searches() && mind.search().is_some() {
        Awareness::Searching
    } else if behaviours.wanders() && f.spec().goal.is_none() {
        Awareness::Wandering
    } else if m.plan().goal().is_some() {
        Awareness::Heading
    } else {
        Awareness::Idle
    }
}

/// What a fleeing monster runs from: the player in its sight, or where
/// it believes the player is. `None`: it is not fleeing (see
/// [`settle_fleeing`]) or knows of nothing to run from.
fn threat(
    ground: &Ground,
    units: &Units,
    factions: &[Faction],
    minds: &Minds,
    id: usize,
) -> Option<Pos> {
    if !minds.of(id as MonsterId).is_fleeing() {
        return None;
    }
    units
        .player_at()
        .filter(|&p| sight::sees(ground, units, factions, id, p))
        .or(minds.of(id as MonsterId).player_seen())
}

/// Monster `id` of a kind that flees starts to flee once its hit points
/// are down to [`FLEE_AT`] of its kind's, and stops only once they are
/// back above [`RALLY_AT`] (Brogue's hysteresis: it does not turn at
/// every scratch).
fn settle_fleeing(units: &Units, factions: &[Faction], minds: &mut Minds, id: usize) {
    let m = &units.monsters[id];
    let kind = &factions[m.faction()].spec().kinds[m.kind()];
    let mind = minds.of_mut(id as MonsterId);
    let (hp, full) = (m.hp() as i64, kind.hp as i64);
    if !kind.behaviours.flees() {
        mind.fleeing = false;
    } else if hp * FLEE_AT.1 <= full * FLEE_AT.0 {
        mind.fleeing = true;
    } else if hp * RALLY_AT.1 > full * RALLY_AT.0 {
        mind.fleeing = false;
    }
}

/// The share of its hit points a monster that flees flees at: a third.
pub const FLEE_AT: (i64, i64) = (1, 3);
/// The share above which it stops fleeing: two thirds.
pub const RALLY_AT: (i64, i64) = (2, 3);

/// The player's stealth range now ([`STEALTH_RANGE`], halved while
/// sneaking): how far off a monster that sees it may notice it.
fn stealth_range(units: &Units) -> u32 {
    stealth_range_if(units.sneaking())
}

/// The player's stealth range, sneaking or not ([`STEALTH_RANGE`],
/// halved sneaking).
pub fn stealth_range_if(sneaking: bool) -> u32 {
    match sneaking {
        true => STEALTH_RANGE / 2,
        false => STEALTH_RANGE,
    }
}

/// How far off a sleeper that sees the player may wake at the sight,
/// sneaking or not: half the stealth range.
pub fn wake_range_if(sneaking: bool) -> u32 {
    stealth_range_if(sneaking) / 2
}

/// A monster at `at` that sees the player at `player` and has not
/// noticed it notices it this turn, by [`notice_chance`]. Rolled only
/// when the chance is neither nothing nor certain, so a game where nobody
/// sneaks draws nothing more.
fn notices(units: &Units, rng: &mut SimRng, at: Pos, player: Pos) -> bool {
    let (dx, dy) = at.abs_delta(player);
    rolls(rng, notice_chance(dx.max(dy), units.sneaking()))
}

/// True, by chance `(n, d)` (`n` in `d`): no draw when it is nothing or
/// certain.
pub(super) fn rolls(rng: &mut SimRng, (n, d): (u32, u32)) -> bool {
    n >= d || n > 0 && rng.random_range(0..d) < n
}

/// What a monster would make of the player where it stands (see
/// [`Floor::notice_odds`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NoticeOdds {
    /// It sleeps: it wakes, rather than notices.
    pub asleep: bool,
    /// It sees the player's cell.
    pub sees: bool,
    /// The chance, `n` in `d`, that it wakes or notices the player by
    /// sight on its next turn (nothing if it does not see it).
    pub chance: (u32, u32),
    /// Steps of sound (round walls, doors damping) within which it hears
    /// the player's steps; none while the player sneaks.
    pub hears_within: u32,
    /// It would hear the player's next step from here (walking).
    pub hears_steps: bool,
}

/// The chance, `n` in `d`, that an awake monster that sees the player
/// `steps` off (and has not noticed it) notices it this turn: never
/// beyond the stealth range `r`; within it, at once, unless the player
/// sneaks: then `(r + 1 - steps)` in `(r + 1)` (seven in eight beside
/// it, one in eight at the edge). The rule the game rolls and the look
/// box shows.
pub fn notice_chance(steps: u32, sneaking: bool) -> (u32, u32) {
    let r = stealth_range_if(sneaking);
    match (steps <= r, sneaking) {
        (false, _) => (0, 1),
        (true, false) => (1, 1),
        (true, true) => (r + 1 - steps, r + 1),
    }
}

/// The chance, `n` in `d`, that a sleeper that sees the player `steps`
/// off wakes at the sight this turn: never beyond the wake range `r`
/// (half the stealth range: seven steps, three sneaking); within it,
/// `(r + 1 - steps)` in `2 (r + 1)`: seven in sixteen beside it walking,
/// three in eight sneaking, one in eight three steps off sneaking. The
/// rule the game rolls and the look box shows.
pub fn wake_chance(steps: u32, sneaking: bool) -> (u32, u32) {
    let r = wake_range_if(sneaking);
    match steps <= r {
        false => (0, 1),
        true => (r + 1 - steps, 2 * (r + 1)),
    }
}

/// Monster `id` lost the player at `at` on `turn`: it searches round
/// there.
fn lose_track(minds: &mut Minds, turn: Turn, id: usize, at: Pos, ev: &mut Vec<Event>) {
    let mind = minds.of_mut(id as MonsterId);
    mind.knows = None;
    mind.search = Some(Search {
        around: at,
        since: turn,
        spot: None,
    });
    ev.push(Event::Searching {
        monster: id as MonsterId,
        around: at,
    });
}

/// The cell monster `id`'s faction searches now: the one it was going
/// to, unless a searcher stands on it, it has been seen since the search
/// began, or it turned out a wall; then the one nearest the searcher (in
/// steps over what the faction knows) within [`SEARCH_RADIUS`] of the
/// place, not seen since. The search ends (`None`) after [`SEARCH_TURNS`]
/// or when no such cell is left.
fn search_spot(
    units: &Units,
    factions: &[Faction],
    minds: &mut Minds,
    turn: Turn,
    id: usize,
    ev: &mut Vec<Event>,
) -> Option<Pos> {
    let m = &units.monsters[id];
    let fi = m.faction();
    let s = minds.of(id as MonsterId).search()?;
    let knowledge = factions[fi].knowledge();
    let stale = |p: Pos| {
        p == m.pos()
            || knowledge.last_seen(p) >= s.since && knowledge.is_known(p)
            || !knowledge.is_passable(p)
            || (m.plan().goal() == Some(p) && m.plan().status() == Status::NoPath)
    };
    let spot = if turn >= s.since + SEARCH_TURNS {
        None
    } else {
        s.spot
            .filter(|&p| !stale(p))
            .or_else(|| nearest_unseen(knowledge, s.around, s.since, m.pos()))
    };
    minds.of_mut(id as MonsterId).search = spot.map(|p| Search { spot: Some(p), ..s });
    if spot.is_none() {
        ev.push(Event::GaveUp {
            monster: id as MonsterId,
        });
    }
    spot
}

/// The place monster `id` wanders to: its faction's place for it (its id
/// picks one of [`WANDER_PLACES`]), drawn afresh (on `rng`) when one of
/// them stands on it, it turned out a wall, or there is no way there;
/// kept as the faction's place for it.
fn wander_place(
    units: &Units,
    factions: &[Faction],
    minds: &mut Minds,
    rng: &mut SimRng,
    id: usize,
) -> Option<Pos> {
    let m = &units.monsters[id];
    let (fi, at) = (m.faction(), m.pos());
    let k = m.id() as usize % WANDER_PLACES;
    let f = &factions[fi];
    let knowledge = f.knowledge();
    let current = minds.intel(fi).wander[k].filter(|&p| {
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
        let p = Pos::new(rng.random_range(0..w), rng.random_range(0..h));
        let reachable = f.islands().is_none_or(|i| i.connected(at, p));
        if p != at && knowledge.is_passable(p) && reachable {
            drawn = Some(p);
            break;
        }
    }
    minds.intel_mut(fi).wander[k] = drawn;
    drawn
}

/// Monster `id` wakes (at a noise made at `heard`, or at a sight): its
/// state of mind is settled again at once.
pub(super) fn wake(
    ground: &Ground,
    units: &Units,
    factions: &[Faction],
    minds: &mut Minds,
    id: usize,
    heard: Option<Pos>,
    ev: &mut Vec<Event>,
) {
    minds.wake(id as MonsterId);
    settle_fleeing(units, factions, minds, id);
    let state = state_now(ground, units, factions, minds, id as MonsterId);
    minds.settle(id as MonsterId, state);
    ev.push(Event::Woke {
        monster: id as MonsterId,
        heard,
    });
}

/// A noise of `loudness` at `at` on `turn`, heard by every monster whose
/// hearing carries that far over the true map (see
/// [`crate::fog::noise`]): a sleeper wakes, and a monster that hunts goes
/// to the place (it learns a place, not who was there: the player's
/// footfall and a fight between others sound alike). One that sees the
/// player again hunts it there instead.
#[allow(clippy::too_many_arguments)]
pub(super) fn noise(
    ground: &Ground,
    units: &Units,
    factions: &[Faction],
    minds: &mut Minds,
    turn: Turn,
    at: Pos,
    loudness: Loudness,
    ev: &mut Vec<Event>,
) {
    for id in hearers(ground, units, factions, at, loudness) {
        hear(ground, units, factions, minds, id, Some(at), ev);
        if hunts(units, factions, id) {
            minds
                .of_mut(id as MonsterId)
                .player_at(at, Learnt::Heard, turn);
        }
    }
}

/// Monster `crier` noticed the player at `player` and cries out, as loud
/// as its kind's voice, where it stands: its kin that hear it learn where
/// it saw the player (told, not where the player goes next); anyone else
/// who hears it learns only that a noise rose there. A sleeper it reaches
/// wakes.
#[allow(clippy::too_many_arguments)]
fn cry(
    ground: &Ground,
    units: &Units,
    factions: &[Faction],
    minds: &mut Minds,
    turn: Turn,
    crier: usize,
    player: Pos,
    ev: &mut Vec<Event>,
) {
    let m = &units.monsters[crier];
    let (at, kin) = (m.pos(), m.faction());
    let loudness = factions[kin].spec().kinds[m.kind()].voice.loudness;
    for id in hearers(ground, units, factions, at, loudness) {
        if id == crier {
            continue;
        }
        hear(ground, units, factions, minds, id, Some(at), ev);
        if !hunts(units, factions, id) {
            continue;
        }
        let mind = minds.of_mut(id as MonsterId);
        if units.monsters[id].faction() == kin {
            // What it saw itself this turn stands over what it is told.
            if mind
                .knows()
                .is_none_or(|b| b.how != Learnt::Saw || b.since < turn)
            {
                mind.player_at(player, Learnt::Told, turn);
            }
        } else {
            mind.player_at(at, Learnt::Heard, turn);
        }
    }
}

/// Every monster but the player that hears a noise of `loudness` at `at`,
/// by id.
fn hearers(
    ground: &Ground,
    units: &Units,
    factions: &[Faction],
    at: Pos,
    loudness: Loudness,
) -> Vec<usize> {
    let kind = |m: &Monster| &factions[m.faction()].spec().kinds[m.kind()];
    let Some(reach) = noise_reach(ground, units, factions, at, loudness) else {
        return Vec::new();
    };
    units
        .monsters
        .iter()
        .enumerate()
        .filter(|(_, m)| {
            !m.is_player() && m.is_here() && reach.heard(m.pos(), kind(m).hearing, loudness)
        })
        .map(|(id, _)| id)
        .collect()
}

/// How far a noise of `loudness` at `at` carries over the true map: as
/// far as the keenest ear among the monsters here (not the player's)
/// could hear it; `None` when none hears at all (see [`hearers`]).
fn noise_reach(
    ground: &Ground,
    units: &Units,
    factions: &[Faction],
    at: Pos,
    loudness: Loudness,
) -> Option<NoiseReach> {
    let keenest = units
        .monsters
        .iter()
        .filter(|m| m.is_here() && !m.is_player())
        .map(|m| factions[m.faction()].spec().kinds[m.kind()].hearing)
        .max()
        .filter(|&h| h > 0)?;
    Some(noise::reach(
        ground.world.terrain(),
        at,
        noise::radius(keenest, loudness),
    ))
}

/// Monster `id` heard a noise at `at`: it wakes if it slept.
fn hear(
    ground: &Ground,
    units: &Units,
    factions: &[Faction],
    minds: &mut Minds,
    id: usize,
    at: Option<Pos>,
    ev: &mut Vec<Event>,
) {
    if minds.of(id as MonsterId).is_asleep() {
        wake(ground, units, factions, minds, id, at, ev);
    }
}

/// True when monster `id`'s faction hunts the player: what it hears, it
/// goes to (and, hurt, runs from).
fn hunts(units: &Units, factions: &[Faction], id: usize) -> bool {
    factions[units.monsters[id].faction()].spec().hunts()
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

#[cfg(test)]
mod tests {
    use rand::RngExt;

    use super::*;
    use crate::sim::{Action, Command, Game, SimConfig};

    /// Every monster's stored state of mind is the state that holds now
    /// after every command (what the screen and the bots read), in runs
    /// played by random keys down several depths, where monsters sleep,
    /// wake, flee, hunt, search and wander.
    #[test]
    fn every_mind_is_settled_after_every_command() {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 1..=3u64 {
            let mut game = Game::new_run(seed, 1 + 3 * (seed as u32 - 1), SimConfig::default())
                .expect("a run starts");
            let mut keys = crate::rng::sim_rng(seed ^ 0x3117d);
            for _ in 0..600 {
                let dir = Dir::ALL[keys.random_range(0..Dir::ALL.len())];
                let action = match keys.random_range(0..10) {
                    0 => Action::Wait(None),
                    1 => Action::Descend,
                    _ => Action::Walk(dir),
                };
                game.apply(Command::Player(action));
                let f = game.floor();
                for m in &f.units.monsters {
                    let now = state_now(&f.ground, &f.units, &f.factions, &f.minds, m.id());
                    assert_eq!(f.awareness(m.id()), now, "seed {seed}, monster {}", m.id());
                    seen.insert(now.word());
                }
                if !f.units.playing() {
                    break;
                }
            }
        }
        for state in ["asleep", "hunting", "wandering"] {
            assert!(seen.contains(state), "{state} never held: {seen:?}");
        }
    }

    /// A fleer starts to flee at a third of its hit points and stops only
    /// above two thirds: healed to a half, it still flees.
    #[test]
    fn fleeing_has_hysteresis() {
        let level = crate::content::level::Level::parse(
            "name: run\nfaction: kobolds glyph=k sight=8 hp=12 flees hostile\nmap:\n\
             ######\n\
             #@..k#\n\
             ######\n",
            std::path::Path::new("run.txt"),
        )
        .unwrap();
        let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
        let floor = &mut game.floor;
        let fleeing_at = |floor: &mut Floor, hp: i32| {
            floor.units.monsters[0].heal_to(hp);
            floor.settle_state(0);
            floor.minds.of(0).is_fleeing()
        };
        let walk: Vec<bool> = [12, 5, 4, 6, 8, 9, 4]
            .into_iter()
            .map(|hp| fleeing_at(floor, hp))
            .collect();
        // 12 and 5 are above a third; 4 is a third: it flees; 6 and 8 are
        // not above two thirds: it still does; 9 is: it stops; 4 again.
        assert_eq!(walk, [false, false, true, true, true, false, true]);
    }
}
