//! What a plan decides from, read-only: its faction's knowledge and what
//! the faction has made of it (the discovery log, islands, shared fields),
//! the units the monster senses, and an explicit budget of search work.
//! The game builds these for each decision; a plan cannot reach the true
//! map through them (the senses answer who stands where, never what the
//! ground is).

use crate::fog::knowledge::Knowledge;
use crate::map::geom::Pos;
use crate::path::{LiveIslands, SearchContext};
use crate::sim::fields::Fields;
use crate::sim::log::Log;
use crate::sim::monster::{Monster, MonsterId};
use crate::sim::world::World;

/// What a monster knows as it decides.
pub struct Context<'a> {
    /// Its cell.
    pub(crate) at: Pos,
    /// Its faction's knowledge: all a plan ever searches.
    pub(crate) knowledge: &'a Knowledge,
    /// Every cell whose belief changed, in order.
    pub(crate) log: &'a Log,
    /// Its faction's islands, as its knowledge stands.
    islands: Option<&'a LiveIslands>,
    /// Its faction's shared fields, exact as of the turn's start.
    pub(crate) fields: &'a Fields,
    /// Walls its faction has learnt so far.
    pub(crate) walls_learnt: u64,
    /// The units it senses.
    pub(crate) senses: Senses<'a>,
}

impl<'a> Context<'a> {
    pub(crate) fn new(
        at: Pos,
        knowledge: &'a Knowledge,
        log: &'a Log,
        islands: Option<&'a LiveIslands>,
        fields: &'a Fields,
        walls_learnt: u64,
        senses: Senses<'a>,
    ) -> Self {
        Context {
            at,
            knowledge,
            log,
            islands,
            fields,
            walls_learnt,
            senses,
        }
    }

    /// False when the islands show `goal` cut off from the monster's cell
    /// (the islands pre-check: no search needed to say "no path").
    pub(crate) fn reachable(&self, goal: Pos) -> bool {
        self.islands.is_none_or(|i| i.connected(self.at, goal))
    }
}

/// Search work a decision may do: what is left of the turn's budget, the
/// cap on a search for a way round units, and scratch memory for it.
/// Plans charge what they spend; the game charges it to the monster and
/// the turn.
pub struct Budget<'a> {
    left: u64,
    detour: u64,
    spent: u64,
    pub(crate) scratch: &'a mut SearchContext,
}

impl<'a> Budget<'a> {
    /// `left` expansions of the turn's budget, searches round units capped
    /// at `detour`.
    pub(crate) fn new(left: u64, detour: u64, scratch: &'a mut SearchContext) -> Self {
        Budget {
            left,
            detour,
            spent: 0,
            scratch,
        }
    }

    /// The most a search round units may expand now.
    pub(crate) fn detour_cap(&self) -> u64 {
        self.detour.min(self.left.saturating_sub(self.spent))
    }

    /// Charges `expanded` cells of search (a repair may go over: it runs
    /// at once, and is charged all the same).
    pub(crate) fn spend(&mut self, expanded: u64) {
        self.spent += expanded;
    }

    /// What was spent.
    pub(crate) fn spent(&self) -> u64 {
        self.spent
    }
}

/// A unit as another senses it: who, whose, and what it is doing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unit {
    pub(crate) id: MonsterId,
    pub(crate) faction: usize,
    /// It did not step on its last action.
    pub(crate) stopped: bool,
    /// The cell it steps to next, as its plan says.
    pub(crate) heading: Option<Pos>,
}

/// The units a monster senses round it: those next to it, allies near it
/// and the cells their plans claim. Built over the world's occupants and
/// the monsters; the ground itself is not to be had from it.
#[derive(Copy, Clone)]
pub struct Senses<'a> {
    world: &'a World,
    monsters: &'a [Monster],
    me: MonsterId,
    at: Pos,
    faction: usize,
    avoid_radius: u32,
    claim_radius: u32,
}

impl<'a> Senses<'a> {
    /// What monster `me` (at `at`, of `faction`) senses: stopped allies
    /// within `avoid_radius` are planned round, and allies' paths within
    /// `claim_radius` claim cells.
    pub(crate) fn new(
        world: &'a World,
        monsters: &'a [Monster],
        me: &Monster,
        avoid_radius: u32,
        claim_radius: u32,
    ) -> Self {
        Senses {
            world,
            monsters,
            me: me.id(),
            at: me.pos(),
            faction: me.faction(),
            avoid_radius,
            claim_radius,
        }
    }

    /// The unit on `p`, if any.
    pub(crate) fn unit_at(&self, p: Pos) -> Option<Unit> {
        let o = self.world.occupant(p)?;
        let m = &self.monsters[o as usize];
        Some(Unit {
            id: o,
            faction: m.faction(),
            stopped: m.is_stopped(),
            heading: m.plan().next_step(),
        })
    }

    /// Whose `u` is: true for the monster's own faction.
    pub(crate) fn is_ally(&self, u: &Unit) -> bool {
        u.faction == self.faction && u.id != self.me
    }

    /// Cells on the future paths of allies near the monster (within the
    /// claim radius of it, at most twice that many cells along each path),
    /// one entry per ally per cell, sorted.
    pub(crate) fn claims_near(&self) -> Vec<usize> {
        let r = self.claim_radius as i32;
        if r == 0 {
            return Vec::new();
        }
        let width = self.world.width();
        let at = self.at;
        let near = |p: Pos| {
            let (dx, dy) = p.abs_delta(at);
            dx.max(dy) as i32 <= r
        };
        let mut claims = Vec::new();
        for (_, o) in self.world.units_within(at, r) {
            let ally = &self.monsters[o as usize];
            if o == self.me || ally.faction() != self.faction {
                continue;
            }
            let future = ally.plan().remaining().iter().skip(1).take(2 * r as usize);
            claims.extend(future.filter(|&&p| near(p)).map(|p| p.row_major(width)));
        }
        claims.sort_unstable();
        claims
    }

    /// Cells of the units the monster plans around: every unit next to it,
    /// and stopped units of its own faction within the avoid radius.
    /// Row-major order, so the list is sorted.
    pub(crate) fn units_to_avoid(&self) -> Vec<usize> {
        let r = self.avoid_radius as i32;
        let width = self.world.width();
        let at = self.at;
        let mut out = Vec::new();
        for (p, o) in self.world.units_within(at, r) {
            let other = &self.monsters[o as usize];
            let (dx, dy) = p.abs_delta(at);
            let adjacent = dx.max(dy) == 1;
            if adjacent || (other.faction() == self.faction && other.is_stopped() && o != self.me) {
                out.push(p.row_major(width));
            }
        }
        out
    }

    /// How far it avoids stopped allies (the window of a search round
    /// units).
    pub(crate) fn avoid_radius(&self) -> u32 {
        self.avoid_radius
    }
}
