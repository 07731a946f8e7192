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
//! and `patience` counters, its counters (but the cells expanded for
//! it) and loop-erased trail, and its
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
//! discovery log, where it last saw the player, its search (where, since
//! when, the cell it is going to) and its wanderers' places, the walls it
//! has learnt (which name a field monster's replans); the terrain as it is
//! now and
//! how often it changed; the player's state; in a run, the depth, the
//! run's seed and the hash of every depth left; the items on the floor
//! and in the pack, a darkness read, and the player's defence and blow.
//!
//! Every struct of the game is destructured where it is hashed (the
//! floor and its parts here, a monster, a faction, its intel, the world
//! and a run beside their types), so a field added anywhere is a compile
//! error until it is hashed or said to be left out, with the reason.
//! Each piece is one of:
//! - state, which decides the future and cannot be rebuilt from the
//!   rest: terrain and beliefs, units, minds, items, the RNG, the turn,
//!   the run; each monster's plan (its path, goal, status and what its
//!   strategy keeps); the search queue, a suspended search, the turn's
//!   spent budget (budgets decide play);
//! - a cache, made again exactly from the state, so left out: a
//!   faction's islands (its knowledge's, taken in with every change it
//!   logs), its fields, their cost model and the costs of the turn's start
//!   they are read over (made again at the next plan phase, before
//!   anything reads them), its safety map, the searches' scratch. A test
//!   drops them all between commands at random and plays on to the same
//!   events and hashes (`dropping_every_cache_changes_no_event_and_no_hash`
//!   below, and `digest::tests::dropping_every_cache_changes_no_play`);
//! - a report no rule reads, hashed as it always was: a monster's
//!   counters (but the cells expanded for it, which a cache dropped and
//!   grown again changes), the budget-limited turns and monster-turns;
//! - left out, below.
//!
//! Everything is hashed by stable ids, never by the order of an enum:
//! terrain (known or true) by its glyph in the level format, items by
//! their words in the item book, a monster's kind by its place in its
//! level's faction, flags as flags. So a terrain, an item or a kind may
//! be added anywhere without moving a hash; what does move one is a
//! change in play, and then the replay version goes up.
//!
//! What is left out, and why it cannot change what happens next:
//! - What the player sees and remembers (its view, the monsters it saw,
//!   the doors it shut): no rule reads them (the autopilot and the screen
//!   do, and their choices come back as commands), and a replay rebuilds
//!   them.
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

use super::ground::Ground;
use super::queue::{Planning, SearchQueue, Suspended};
use super::units::Units;
use super::{Floor, Game, SimConfig};
use crate::sim::fnv::{Fnv, hash_knowledge, hash_pos};
use crate::sim::item::Darkness;
use crate::sim::player::{PlayOutcome, PlayState};

impl Game {
    /// The state hash: everything that can change what happens next (see
    /// the module notes for what is left out, and why): the floor's, and
    /// in a run its depth, its seed and the hash of every depth left.
    pub fn state_hash(&self) -> u64 {
        // The record is no state: a replay rebuilds it.
        let Game {
            floor,
            run,
            chronicle: _,
        } = self;
        let mut h = Fnv::default();
        h.word(floor.state_hash());
        if let Some(run) = run {
            run.hash_into(&mut h);
        }
        h.finish()
    }
}

impl Floor {
    /// The state hash of this floor alone (see the module notes). Every
    /// struct is destructured, so a field added anywhere in the floor is
    /// a compile error here until it is hashed or said to be left out.
    pub fn state_hash(&self) -> u64 {
        let Floor {
            seed,
            turn,
            rng,
            monster_turns,
            in_run: _, // set-up: a depth of a run is one from the start
            ground,
            units,
            minds,
            factions,
            planning,
        } = self;
        let Planning {
            config,
            queue,
            detour_ctx: _, // scratch, overwritten by the next detour
            spent,
            limited_now,
            budget_limited,
        } = planning;
        let SimConfig {
            expansion_budget,
            patience,
            avoid_radius,
            detour_budget,
            claim_radius,
        } = config;
        let mut h = Fnv::default();
        h.int(*turn as i64);
        h.int(*seed as i64);
        h.bytes(&rng.get_word_pos().to_le_bytes());
        for v in [
            *expansion_budget,
            *patience as u64,
            *avoid_radius as u64,
            *detour_budget,
            *claim_radius as u64,
            *spent,
            *limited_now as u64,
            *budget_limited,
            *monster_turns,
        ] {
            h.int(v as i64);
        }
        let Units {
            monsters,
            play,
            player_view: _, // what the player last saw: the screen's, decides nothing
            // What the player remembers: the autopilot's and the screen's,
            // no rule reads it, and a replay rebuilds it.
            recall: _,
            // Where the last command's turns began among its events: the
            // chronicle's, no rule reads it.
            turn_starts: _,
        } = units;
        h.int(monsters.len() as i64);
        for m in monsters {
            m.hash_into(&mut h);
            minds.of(m.id()).hash_into(&mut h);
        }
        let SearchQueue {
            waiting,
            ctx: _, // scratch, but for a suspended search's progress (below)
            suspended,
        } = queue;
        h.int(waiting.len() as i64);
        for &id in waiting {
            h.int(id as i64);
        }
        match suspended {
            None => h.int(-1),
            Some(Suspended {
                snapshot,
                log_len,
                from,
                expanded,
            }) => {
                h.int(*log_len as i64);
                hash_pos(&mut h, Some(*from));
                h.int(*expanded as i64);
                hash_knowledge(&mut h, snapshot);
            }
        }
        let Ground {
            world,
            items,
            darkness,
        } = ground;
        // The terrain as it is now (doors move, collapse makes walls),
        // each cell by its glyph.
        world.hash_into(&mut h);
        h.int(factions.len() as i64);
        for (fi, f) in factions.iter().enumerate() {
            f.hash_into(&mut h, minds.intel(fi));
        }
        match play {
            None => h.int(-1),
            Some(PlayState {
                player,
                treasure,
                stairs,
                carrying,
                outcome,
                sneaking,
                up,
                pack: _, // hashed with the items, below
            }) => {
                h.int(*player as i64);
                hash_pos(&mut h, *treasure);
                hash_pos(&mut h, *stairs);
                h.int(*carrying as i64);
                h.int(match outcome {
                    PlayOutcome::Playing => 0,
                    PlayOutcome::Won(t) => 1 + 2 * *t as i64,
                    PlayOutcome::Lost(t) => 2 + 2 * *t as i64,
                });
                h.int(*sneaking as i64);
                hash_pos(&mut h, *up);
            }
        }
        // Items, by their stable ids (the words of the item book): on the
        // floor, in the pack; a darkness read; what the player wears.
        h.int(items.len() as i64);
        for &(p, k) in items {
            hash_pos(&mut h, Some(p));
            h.bytes(k.word().as_bytes());
        }
        let pack = units.pack();
        h.int(pack.len() as i64);
        for &k in pack {
            h.bytes(k.word().as_bytes());
        }
        match darkness {
            None => h.int(-1),
            Some(Darkness { at, radius, until }) => {
                hash_pos(&mut h, Some(*at));
                h.int(*radius as i64);
                h.int(*until as i64);
            }
        }
        if let Some(p) = units.player() {
            let spec = &factions[p.faction()].spec().kinds[p.kind()];
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
    use crate::fog::knowledge::{Knowledge, KnowledgeRules};
    use crate::map::geom::Pos;
    use crate::map::terrain::Terrain;
    use crate::sim::mind::Minds;
    use crate::sim::monster::MonsterId;
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
        let changes: [(&str, Change); 27] = [
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
                g.floor.factions[0].learn(|k, _| k.learn(Pos::new(20, 2), Terrain::Wall, 0));
            }),
            ("danger", |g| {
                g.floor.factions[0].learn(|k, _| k.death(Pos::new(20, 2)));
            }),
            ("log length", |g| {
                g.floor.factions[0].learn(|_, log| log.push(Pos::new(1, 1)))
            }),
            ("player seen", |g| {
                let last = g.floor.units.monsters.len() as MonsterId - 1;
                let saw = crate::sim::mind::Learnt::Saw;
                g.floor.minds.of_mut(last).player_at(Pos::new(1, 1), saw, 0)
            }),
            ("search", |g| {
                let last = g.floor.units.monsters.len() as MonsterId - 1;
                g.floor.minds.of_mut(last).search = Some(crate::sim::Search {
                    around: Pos::new(1, 1),
                    since: 0,
                    spot: None,
                })
            }),
            ("fleeing", |g| {
                let last = g.floor.units.monsters.len() as MonsterId - 1;
                g.floor.minds.of_mut(last).fleeing = true;
            }),
            ("wander place", |g| {
                g.floor.minds.intel_mut(0).wander[1] = Some(Pos::new(1, 1))
            }),
            ("asleep", |g| {
                g.floor.minds = Minds::default();
                for m in &g.floor.units.monsters {
                    g.floor.minds.add_monster(true);
                    let _ = m;
                }
                for _ in &g.floor.factions {
                    g.floor.minds.add_faction();
                }
            }),
            ("hit points", |g| {
                g.floor.units.monsters[0].hurt(1);
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
        // The fields are caches: dropped, the state is the same.
        let mut dropped = game.clone();
        dropped.drop_caches();
        assert!(dropped.floor.factions[0].fields().is_empty());
        assert_eq!(dropped.state_hash(), game.state_hash());
        let changes: [(&str, Change); 3] = [
            ("walls learnt", |g| g.floor.factions[0].walls_learnt += 1),
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

    /// Every cache dropped before random commands of bot runs deep in
    /// the dungeon (where monsters flee down safety maps and read fields
    /// in crowds) changes no event and no state hash: the factions'
    /// islands, fields and safety maps, the searches' scratch memory.
    /// (`digest::tests::dropping_every_cache_changes_no_play` checks the
    /// same over games of every kind against the golden digest.)
    #[test]
    fn dropping_every_cache_changes_no_event_and_no_hash() {
        use crate::sim::bot::{Style, play_run_from};
        let (mut dropped_caches, mut commands) = (0, 0);
        for seed in 1..=4u64 {
            let play = |drop: bool, dropped: &mut u64| {
                let mut rng = crate::rng::sim_rng(seed ^ 0xd20b);
                let mut record = Vec::new();
                play_run_from(seed, 4, Style::Brawler, 1_500, |game, command| {
                    if drop && rng.random_range(0..3) == 0 {
                        *dropped += game.drop_caches();
                    }
                    let events = game.apply(command);
                    record.push((events.clone(), game.state_hash()));
                    events
                })
                .unwrap();
                record
            };
            let kept = play(false, &mut 0);
            let dropped = play(true, &mut dropped_caches);
            assert_eq!(
                kept, dropped,
                "seed {seed}: dropping the caches changed play"
            );
            commands += kept.len();
        }
        assert!(commands > 1_000, "{commands} commands");
        assert!(dropped_caches > 100, "{dropped_caches} caches dropped");
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
