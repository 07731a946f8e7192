//! A hash of a game's state, the same on every machine (FNV-1a over
//! integers in a fixed order, and a word-at-a-time variant for whole
//! grids), for replays' sync checks: two games with the same hash on a
//! turn are, as far as anything that can change what happens next goes,
//! the same game.
//!
//! What is hashed: the turn, the seed and the RNG's position, the
//! settings, the turn's spent search budget and whether it ran out with
//! searches waiting, the budget-limited turns and monster-turns counted
//! so far (what `darkstar run` reports); every monster (id, faction,
//! cell, presence, hit points, energy, speed, its `still`, `blocked_waits`
//! and `patience` counters, its counters and loop-erased trail, and its
//! plan: its strategy, status, goal, the rest of its path and what that
//! was planned to cost, and what its strategy keeps: blocked cells,
//! claims, how much of the log it has read, why it asked for a plan (A*);
//! pending changes and its search's start, goal, floor, expansions and
//! cost (D* Lite); what its last read expected and the walls it had seen
//! then (a field)); the search queue (waiting
//! order; a suspended search's start, expansions so far, the log length
//! and the knowledge snapshot it runs on); every faction's knowledge
//! (belief per cell, the cheapest known step, danger per cell,
//! chokepoints, the order decay visits dangerous cells), the length of its
//! discovery log, its islands (when computed, and every label), where it
//! last saw the player, its search (where, since when, the cell it is
//! going to) and its wanderers' places, the walls it has learnt (which name a field
//! monster's replans), its shared fields (see
//! [`super::fields::Fields::hash_into`]); the terrain as it is now and
//! how often it changed; the player's state; in a run, the depth, the
//! run's seed and the hash of every depth left; the items on the floor
//! and in the pack, a darkness read, and the player's defence and blow.
//!
//! Everything is hashed by stable ids, never by the order of an enum:
//! terrain (known or true) by its glyph in the level format, items by
//! their words in the item book, a monster's kind by its place in its
//! level's faction, flags as flags. So a terrain, an item or a kind may
//! be added anywhere without moving a hash; what does move one is a
//! change in play, and then the replay version goes up.
//!
//! What is left out, and why it cannot change what happens next:
//! - The world's occupancy grid: it is where the monsters that are here
//!   stand (hashed).
//! - The entries of a faction's discovery log: planners read the log from
//!   where they left off (`log_seen`, hashed, with the log's length), and
//!   the log is compacted once all have read an entry. An A* plan only asks
//!   whether anything new came in; D* Lite takes the new cells as cells to
//!   re-check, and re-checking a cell whose cost did not change changes
//!   nothing, while every cost is hashed through the knowledge.
//! - The last-seen turn of each known cell: nothing in the rules reads it
//!   (it is for display).
//! - The danger map's penalties: computed from danger, chokepoints and the
//!   weight, all hashed.
//! - Search contexts' memory (the queue's and the detour one's): scratch,
//!   overwritten by the next search, except a suspended search's progress,
//!   which is determined by what is hashed of it (its snapshot, start,
//!   expansions so far) and the planner's goal, blocked cells and claims
//!   (hashed, and unchanged while it waits in the queue).
//! - A D* Lite planner's g and rhs tables and heap (a map's worth of
//!   numbers per monster: hashing them every few turns would cost more
//!   than playing). They follow deterministically from its start, goal
//!   and the knowledge changes fed to it, and what they decide, the path,
//!   is hashed along with its start, goal, cost floor, expansions and the
//!   cost of its plan; a difference in them shows in the hash as soon as
//!   it changes a plan.
//! - A fleeing faction's kept safety map, and its knowledge's revision
//!   count: the map is made again whenever its threat or the revision
//!   changes, so it is always the map a fresh making would give from what
//!   is hashed (the knowledge and where the faction saw the player).

use super::{Floor, Game};
use crate::fog::knowledge::Knowledge;
use crate::map::terrain::Terrain;
use crate::sim::fnv::{Fnv, hash_pos};
use crate::sim::monster::Presence;
use crate::sim::player::PlayOutcome;

/// A belief byte as a stable id: the terrain's glyph in the level format
/// (`?` for unknown), never the order of the `Terrain` enum, so adding
/// or reordering terrain moves no hash.
const STABLE_BELIEF: [u8; 256] = {
    let mut table = [b'?'; 256];
    let mut i = 0;
    while i < Terrain::ALL.len() {
        table[Terrain::ALL[i] as usize] = Terrain::ALL[i].glyph() as u8;
        i += 1;
    }
    table
};

/// Cells by their stable ids (see [`STABLE_BELIEF`]).
fn stable(bytes: &[u8]) -> Vec<u8> {
    bytes.iter().map(|&b| STABLE_BELIEF[b as usize]).collect()
}

/// What decides a faction's planning costs from here on (see the module
/// notes): beliefs, the cheapest step known, danger and chokepoints.
fn hash_knowledge(h: &mut Fnv, k: &Knowledge) {
    h.u8s(&stable(k.belief_bytes()));
    h.int(k.unknown_cost() as i64);
    let cheapest = crate::path::CostMap::cheapest_steps(k);
    h.int(cheapest.straight as i64);
    h.int(cheapest.diagonal as i64);
    let influence = k.influence();
    h.int(influence.weight() as i64);
    let (danger, choke, dangerous, undrained) = influence.state();
    h.u16s(danger);
    h.bools(choke);
    h.u32s(dangerous);
    h.int(undrained as i64);
}

impl Game {
    /// The state hash: everything that can change what happens next (see
    /// the module notes for what is left out, and why): the floor's, and
    /// in a run its depth, its seed and the hash of every depth left.
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv::default();
        h.word(self.floor.state_hash());
        if let (Some(depth), Some(seed)) = (self.depth(), self.run_seed()) {
            h.int(depth as i64);
            h.int(seed as i64);
            for (d, floor) in self.other_depths() {
                h.int(d as i64);
                h.word(floor.state_hash());
            }
        }
        h.finish()
    }
}

impl Floor {
    /// The state hash of this floor alone (see the module notes).
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv::default();
        h.int(self.turn as i64);
        h.int(self.seed as i64);
        h.bytes(&self.rng.get_word_pos().to_le_bytes());
        let c = &self.planning.config;
        for v in [
            c.expansion_budget,
            c.patience as u64,
            c.avoid_radius as u64,
            c.detour_budget,
            c.claim_radius as u64,
            self.planning.spent,
            self.planning.limited_now as u64,
            self.planning.budget_limited,
            self.monster_turns,
        ] {
            h.int(v as i64);
        }
        h.int(self.units.monsters.len() as i64);
        for m in &self.units.monsters {
            h.int(m.id() as i64);
            h.int(m.faction() as i64);
            h.int(m.kind() as i64);
            hash_pos(&mut h, Some(m.pos()));
            h.int(m.hp() as i64);
            h.int(m.energy());
            h.int(m.speed() as i64);
            h.int(m.is_player() as i64);
            h.int(self.minds.of(m.id()).is_asleep() as i64);
            h.int(match m.presence() {
                Presence::Here => 0,
                Presence::Escaped(t) => 1 + 2 * t as i64,
                Presence::Dead(t) => 2 + 2 * t as i64,
            });
            for v in [m.still(), m.blocked_waits(), m.patience()] {
                h.int(v as i64);
            }
            let s = m.stats();
            for v in [
                s.steps,
                s.bumps,
                s.replans,
                s.expanded,
                s.wasted,
                s.think_waits,
                s.unit_waits,
            ] {
                h.int(v as i64);
            }
            h.u32s(m.trail().cells());
            m.plan().hash_into(&mut h);
        }
        let q = &self.planning.queue;
        h.int(q.waiting.len() as i64);
        for &id in &q.waiting {
            h.int(id as i64);
        }
        match &q.suspended {
            None => h.int(-1),
            Some(s) => {
                h.int(s.log_len as i64);
                hash_pos(&mut h, Some(s.from));
                h.int(s.expanded as i64);
                hash_knowledge(&mut h, &s.snapshot);
            }
        }
        // The terrain as it is now (doors move, collapse makes walls),
        // each cell by its glyph.
        h.int(self.ground.world.altered() as i64);
        let t = self.ground.world.terrain();
        let bytes: Vec<u8> = t.grid().cells().iter().map(|&c| c.glyph() as u8).collect();
        h.u8s(&bytes);
        h.int(self.factions.len() as i64);
        for (fi, f) in self.factions.iter().enumerate() {
            hash_knowledge(&mut h, f.knowledge());
            h.int(f.log().total() as i64);
            match f.islands_cache() {
                None => h.int(-1),
                Some((islands, turn, len)) => {
                    h.int(turn as i64);
                    h.int(len as i64);
                    // Numbered as a fresh computation numbers them: the
                    // same islands hash alike however they were reached.
                    let islands = islands.to_islands();
                    h.int(islands.count() as i64);
                    h.u32s(islands.labels());
                }
            }
            let intel = self.minds.intel(fi);
            hash_pos(&mut h, intel.player_seen());
            match intel.search() {
                None => h.int(-1),
                Some(s) => {
                    hash_pos(&mut h, Some(s.around));
                    h.int(s.since as i64);
                    hash_pos(&mut h, s.spot);
                }
            }
            for &p in intel.wander_places() {
                hash_pos(&mut h, p);
            }
            h.int(f.walls_learnt as i64);
            f.fields().hash_into(&mut h);
        }
        match &self.units.play {
            None => h.int(-1),
            Some(play) => {
                h.int(play.player as i64);
                hash_pos(&mut h, play.treasure);
                hash_pos(&mut h, play.stairs);
                h.int(play.carrying as i64);
                h.int(match play.outcome {
                    PlayOutcome::Playing => 0,
                    PlayOutcome::Won(t) => 1 + 2 * t as i64,
                    PlayOutcome::Lost(t) => 2 + 2 * t as i64,
                });
                h.int(play.sneaking as i64);
                hash_pos(&mut h, play.up);
            }
        }
        // Items, by their stable ids (the words of the item book): on the
        // floor, in the pack; a darkness read; what the player wears.
        h.int(self.ground.items.len() as i64);
        for &(p, k) in &self.ground.items {
            hash_pos(&mut h, Some(p));
            h.bytes(k.word().as_bytes());
        }
        h.int(self.pack().len() as i64);
        for &k in self.pack() {
            h.bytes(k.word().as_bytes());
        }
        match self.ground.darkness {
            None => h.int(-1),
            Some(dark) => {
                hash_pos(&mut h, Some(dark.at));
                h.int(dark.radius as i64);
                h.int(dark.until as i64);
            }
        }
        if let Some(p) = self.player() {
            let spec = self.kind_of(p);
            let d = spec.damage;
            for v in [
                spec.defence as i64,
                d.count as i64,
                d.sides as i64,
                d.bonus as i64,
            ] {
                h.int(v);
            }
        }
        h.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::level::Level;
    use crate::fog::knowledge::KnowledgeRules;
    use crate::map::geom::Pos;
    use crate::map::terrain::Terrain;
    use crate::sim::{Command, SimConfig};
    use rand::RngExt;

    /// Twelve monsters in a corridor with a tiny search budget: searches
    /// wait in the queue and one is suspended.
    fn busy_game() -> Game {
        let text = "name: t\nfaction: crowd glyph=c sight=3 planner=astar goal=1\nmap:\n##########################\n#cccc#..................##\n#cccc...................1#\n#cccc#..................##\n##########################\n";
        let level = Level::parse(text, "t".as_ref()).unwrap();
        let config = SimConfig {
            expansion_budget: 5,
            ..SimConfig::default()
        };
        let mut game = Game::new(&level, 1, config).unwrap();
        for _ in 0..3 {
            game.apply(Command::Advance);
        }
        assert!(
            game.floor.planning.queue.waiting.len() >= 2,
            "{}",
            game.floor.planning.queue.waiting.len()
        );
        assert!(game.floor.planning.queue.suspended.is_some());
        game
    }

    type Change = fn(&mut Game);

    /// Two games that differ only in one piece of state that can change
    /// what happens next hash differently.
    #[test]
    fn every_piece_of_state_that_decides_the_future_is_hashed() {
        let game = busy_game();
        let base = game.state_hash();
        assert_eq!(game.clone().state_hash(), base);
        let changes: [(&str, Change); 22] = [
            ("patience", |g| g.floor.units.monsters[0].wait_longer(1000)),
            ("still", |g| g.floor.units.monsters[0].stood_still()),
            ("blocked waits", |g| {
                g.floor.units.monsters[0].waited_for_unit()
            }),
            ("energy", |g| g.floor.units.monsters[0].spend(-1)),
            ("queue order", |g| g.floor.planning.queue.waiting.swap(0, 1)),
            ("queue contents", |g| {
                g.floor.planning.queue.waiting.pop_back();
            }),
            ("suspended search", |g| {
                g.floor.planning.queue.suspended = None
            }),
            ("suspended progress", |g| {
                g.floor.planning.queue.suspended.as_mut().unwrap().expanded += 1
            }),
            ("suspended snapshot", |g| {
                let s = g.floor.planning.queue.suspended.as_mut().unwrap();
                s.snapshot.learn(Pos::new(20, 2), Terrain::Wall, 0);
            }),
            ("plan status", |g| {
                g.floor.units.monsters[11].plan_mut().forget()
            }),
            ("claims", |g| {
                let p = g.floor.units.monsters[0].plan_mut().as_astar_mut().unwrap();
                p.ask(
                    true,
                    vec![30],
                    &Knowledge::blank(1, 1, 1),
                    0,
                    Pos::new(0, 0),
                );
            }),
            ("beliefs", |g| {
                g.floor.factions[0]
                    .knowledge_mut()
                    .0
                    .learn(Pos::new(20, 2), Terrain::Wall, 0);
            }),
            ("danger", |g| {
                g.floor.factions[0].knowledge_mut().0.death(Pos::new(20, 2));
            }),
            ("log length", |g| {
                g.floor.factions[0].log_changes(vec![Pos::new(1, 1)])
            }),
            ("player seen", |g| {
                g.floor.minds.intel_mut(0).player_seen = Some(Pos::new(1, 1))
            }),
            ("rng", |g| {
                g.floor.rng.random_range(0..10);
            }),
            ("spent budget", |g| g.floor.planning.spent += 1),
            ("budget ran out", |g| {
                g.floor.planning.limited_now = !g.floor.planning.limited_now
            }),
            ("budget-limited turns", |g| {
                g.floor.planning.budget_limited += 1
            }),
            ("monster-turns", |g| g.floor.monster_turns += 1),
            ("think-waits", |g| {
                g.floor.units.monsters[0].counted_wait(crate::sim::WaitReason::Thinking)
            }),
            ("unit-waits", |g| {
                g.floor.units.monsters[0].counted_wait(crate::sim::WaitReason::Blocked)
            }),
        ];
        for (what, change) in changes {
            let mut other = game.clone();
            change(&mut other);
            assert_ne!(other.state_hash(), base, "{what} is not hashed");
        }
    }

    /// The same for the state of field planning.
    #[test]
    fn the_state_of_field_planning_is_hashed() {
        let level = crate::content::generator::generate(
            &crate::content::generator::GenParams::default(),
            3,
        );
        assert!(
            level
                .factions
                .iter()
                .all(|f| f.planner == crate::path::Replanner::Field)
        );
        let mut game = Game::new(&level, 3, SimConfig::default()).unwrap();
        for _ in 0..5 {
            game.apply(Command::Advance);
        }
        assert!(!game.floor.factions[0].fields().is_empty());
        let base = game.state_hash();
        let changes: [(&str, Change); 5] = [
            ("walls learnt", |g| g.floor.factions[0].walls_learnt += 1),
            ("a field's cells", |g| {
                let target = g.floor.factions[0].fields().iter().next().unwrap().target();
                let (field, known) = g.floor.factions[0].field(target, 5);
                field.retarget(known, Pos::new(1, 1));
            }),
            ("a new field", |g| {
                g.floor.factions[0].field(Pos::new(1, 1), 5);
            }),
            ("what a read expects", |g| {
                let at = g.floor.units.monsters[0].pos();
                g.floor.units.monsters[0]
                    .plan_mut()
                    .pushed(&Knowledge::blank(1, 1, 1), at);
            }),
            ("walls a read saw", |g| {
                // The read after a wall was learnt records it.
                let me = g
                    .floor
                    .units
                    .monsters
                    .iter()
                    .position(|m| m.is_here())
                    .unwrap();
                g.floor.factions[g.floor.units.monsters[me].faction()].walls_learnt += 1;
                let mut ev = Vec::new();
                g.floor.act(me, &mut ev);
                g.floor.factions[g.floor.units.monsters[me].faction()].walls_learnt -= 1;
            }),
        ];
        for (what, change) in changes {
            let mut other = game.clone();
            change(&mut other);
            assert_ne!(other.state_hash(), base, "{what} is not hashed");
        }
    }

    #[test]
    fn word_hashing_sees_every_element() {
        let hash = |f: &dyn Fn(&mut Fnv)| {
            let mut h = Fnv::default();
            f(&mut h);
            h.finish()
        };
        let a: Vec<u16> = (0..11).collect();
        for i in 0..a.len() {
            let mut b = a.clone();
            b[i] ^= 0x8000;
            assert_ne!(hash(&|h| h.u16s(&a)), hash(&|h| h.u16s(&b)), "{i}");
        }
        let bytes = [7u8; 13];
        assert_ne!(
            hash(&|h| h.u8s(&bytes)),
            hash(&|h| h.u8s(&bytes[..12])),
            "length counts"
        );
        let flags = [true, false, true];
        assert_ne!(
            hash(&|h| h.bools(&flags)),
            hash(&|h| h.bools(&[true, true, true]))
        );
    }
}
