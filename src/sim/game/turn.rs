//! A turn: time passes (energy, healing, danger decay), the fields are
//! brought up to date (plan), every monster acts (act), the discovery
//! logs are compacted; and a death.

use super::ground::Ground;
use super::queue::Planning;
use super::units::Units;
use super::{ACTION_READY, Floor, MAX_ACTIONS, play};
use crate::clock::Turn;
use crate::fog::danger::DECAY_PERIOD;
use crate::map::geom::Pos;
use crate::path::Replanner;
use crate::sim::event::Event;
use crate::sim::faction::Faction;
use crate::sim::fields::FieldPolicy;
use crate::sim::monster::MonsterId;
use crate::sim::player::PlayOutcome;

/// Maps of fewer cells than this update their factions' fields one after
/// another, not in parallel: on an 80x40 depth a faction's update takes
/// microseconds, less than handing it to another thread, and the pool's
/// idle threads spinning between such turns took an eighth of the time of
/// checking a long run's replay. The result is the same either way (each
/// faction's update is its own and serial).
pub const PARALLEL_PLAN_CELLS: u64 = 128 * 128;

impl Floor {
    /// The plan phase, at the start of every turn (and once as the level
    /// is set up, so nobody's first action waits for a plan): every
    /// faction with plans to make takes down what a step costs over its
    /// knowledge now, and its fields take that in and grow until the cell
    /// of every monster reading them is settled (see `sim/fields.rs`), by
    /// repair or rebuild, whichever its cost model finds cheaper. Factions are independent, so they are updated in
    /// parallel (rayon's pool: all cores unless the caller's pool says
    /// otherwise); each faction's update is serial, so the result is the
    /// same with any number of threads.
    pub(super) fn update_fields(&mut self) {
        self.update_fields_by(FieldPolicy::Chosen);
    }

    /// The plan phase alone, bringing fields up to date by `policy`: what
    /// `Command::Advance` does first (with [`FieldPolicy::Chosen`]), for
    /// benchmarks that weigh one kind of update against another on the
    /// same state. Deterministic like the rest of the game.
    pub fn update_fields_by(&mut self, policy: FieldPolicy) {
        plan_phase(
            &self.ground,
            &self.units,
            &mut self.factions,
            self.turn,
            policy,
        );
    }

    /// A turn: time passes and the fields are brought up to date (plan),
    /// then every monster acts (act).
    pub(super) fn advance(&mut self, ev: &mut Vec<Event>) {
        self.begin_turn(FieldPolicy::Chosen);
        self.units.turn_starts.push((ev.len(), self.turn));
        if let Some(dark) = self.ground.darkness
            && self.turn >= dark.until
        {
            self.ground.darkness = None;
            ev.push(Event::Lifted { at: dark.at });
        }
        self.act_phase(ev);
    }

    /// The start of a turn: energy, healing, danger's decay, then the
    /// plan phase (fields updated by `policy`). After it, every value a
    /// monster reads from a field is exact over its faction's knowledge.
    fn begin_turn(&mut self, policy: FieldPolicy) {
        self.turn += 1;
        self.planning.spent = 0;
        self.planning.limited_now = false;
        self.monster_turns += self
            .units
            .monsters
            .iter()
            .filter(|m| m.is_here() && !m.is_player())
            .count() as u64;
        play::regenerate(&mut self.units, &self.factions, self.turn);
        if self.turn.is_multiple_of(DECAY_PERIOD) {
            for f in &mut self.factions {
                f.learn(|knowledge, log| log.extend(knowledge.decay()));
            }
        }
        for m in self.units.monsters.iter_mut().filter(|m| m.is_here()) {
            m.gain_energy();
        }
        self.update_fields_by(policy);
    }

    /// The rest of a turn: searches left over from last turn, then every
    /// monster in id order acts while it has the energy; the discovery
    /// logs are compacted.
    fn act_phase(&mut self, ev: &mut Vec<Event>) {
        self.planning.pump(&mut self.units, &self.factions, ev);
        for id in 0..self.units.monsters.len() {
            let mut actions = 0;
            while actions < MAX_ACTIONS
                && !self.units.monsters[id].is_player()
                && self.units.monsters[id].is_here()
                && self.units.monsters[id].energy() >= ACTION_READY
                && self
                    .units
                    .play
                    .as_ref()
                    .is_none_or(|p| p.outcome == PlayOutcome::Playing)
            {
                self.act(id, ev);
                actions += 1;
            }
        }
        self.planning.budget_limited += self.planning.limited_now as u64;
        compact_logs(&self.units, &mut self.factions, &self.planning);
    }
}

/// The plan phase alone, bringing fields up to date by `policy`: what
/// `Command::Advance` does first (with [`FieldPolicy::Chosen`]), for
/// benchmarks that weigh one kind of update against another on the
/// same state. Deterministic like the rest of the game.
/// The plan phase alone, bringing the fields of `factions` up to date by
/// `policy` for the readers among `units` on `ground` on `turn` (see
/// [`Floor::update_fields_by`]).
pub(super) fn plan_phase(
    ground: &Ground,
    units: &Units,
    factions: &mut [Faction],
    turn: Turn,
    policy: FieldPolicy,
) {
    use rayon::prelude::*;
    let mut readers: Vec<Vec<(Pos, Pos)>> = vec![Vec::new(); factions.len()];
    let mut plans = vec![false; factions.len()];
    for m in units.monsters.iter() {
        if m.is_here()
            && !m.is_player()
            && let Some(goal) = m.plan().goal()
        {
            plans[m.faction()] = true;
            if m.plan().kind() == Replanner::Field {
                readers[m.faction()].push((goal, m.pos()));
            }
        }
    }
    for r in &mut readers {
        r.sort_unstable_by_key(|&(t, c)| (t.y, t.x, c.y, c.x));
        r.dedup();
    }
    let work = readers.into_iter().zip(plans).collect::<Vec<_>>();
    // A faction that plans with fields takes in the costs of the turn's
    // start even with no reader yet: one may head somewhere mid-turn.
    let has_work = |f: &Faction, r: &[(Pos, Pos)], plans: bool| {
        plans || !r.is_empty() || !f.fields().is_empty() || f.spec().planner == Replanner::Field
    };
    let busy = (factions.iter().zip(&work))
        .filter(|(f, (r, plans))| has_work(f, r, *plans))
        .count();
    let cells = ground.world.terrain().width() as u64 * ground.world.terrain().height() as u64;
    if busy <= 1 || cells < PARALLEL_PLAN_CELLS {
        // Too little to share: handing it to the pool's threads (and
        // waking them, and their spinning for more) costs more than
        // it saves.
        for (f, (r, plans)) in factions.iter_mut().zip(work) {
            if has_work(f, &r, plans) {
                f.plan_phase(&r, turn, policy);
            }
        }
        return;
    }
    factions
        .par_iter_mut()
        .zip(work)
        // One task a faction, so idle threads steal whole factions: a
        // faction's work varies tenfold (the blind rebuild the whole
        // map, the natives nothing), and halves split by count would
        // leave one thread the two dearest.
        .with_max_len(1)
        .filter(|(f, (r, plans))| has_work(f, r, *plans))
        .for_each(|(f, (r, _))| f.plan_phase(&r, turn, policy));
}

/// Monster `monster` dies on `turn`: off the ground, out of the search
/// queue, its faction's danger where it fell; the player's death loses
/// the game.
pub(super) fn kill(
    ground: &mut Ground,
    units: &mut Units,
    factions: &mut [Faction],
    planning: &mut Planning,
    turn: Turn,
    monster: MonsterId,
    ev: &mut Vec<Event>,
) {
    let Some(m) = units.monsters.get_mut(monster as usize) else {
        return;
    };
    if !m.is_here() {
        return;
    }
    m.died(turn);
    let (at, fi) = (m.pos(), m.faction());
    ground.world.remove(at);
    planning.unqueue(monster);
    let f = &mut factions[fi];
    f.learn(|knowledge, log| log.extend(knowledge.death(at)));
    ev.push(Event::Died { monster, at });
    if let Some(play) = &mut units.play
        && play.player == monster
    {
        play.outcome = PlayOutcome::Lost(turn);
    }
}

/// Drops each faction's log entries that all its readers have taken
/// in: every path plan of a monster still on the level (but the
/// player's, which nothing reads the log for), a suspended search, the
/// faction's fields and its islands.
pub(super) fn compact_logs(units: &Units, factions: &mut [Faction], planning: &Planning) {
    let mut read: Vec<usize> = factions.iter().map(|f| f.log().total()).collect();
    for m in units
        .monsters
        .iter()
        .filter(|m| m.is_here() && !m.is_player())
    {
        if let Some(seen) = m.plan().log_seen() {
            read[m.faction()] = read[m.faction()].min(seen);
        }
    }
    if let (Some(s), Some(&head)) = (&planning.queue.suspended, planning.queue.waiting.front()) {
        let f = units.monsters[head as usize].faction();
        read[f] = read[f].min(s.log_len);
    }
    for (f, r) in factions.iter_mut().zip(read) {
        let r = f.fields_log_read().map_or(r, |fr| fr.min(r));
        f.compact_log(r);
    }
}

#[cfg(test)]
mod tests {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    use rand::RngExt;

    use super::*;
    use crate::content::generator::{GenParams, Style, generate};
    use crate::fog::knowledge::Knowledge;
    use crate::map::cost::{Cost, UNREACHED};
    use crate::map::geom::Dir;
    use crate::path::Connectivity;
    use crate::sim::game::{Game, SimConfig, queue};

    /// The optimal cost from every cell to `target` over `map`, by a plain
    /// Dijkstra written here: backward from the target, each cell's
    /// predecessors found by trying the one legal-move rule
    /// ([`crate::path::step`]) from every neighbour.
    fn brute_force(map: &Knowledge, target: Pos) -> Vec<Cost> {
        let w = map.width();
        let mut dist = vec![UNREACHED; (w * map.height()) as usize];
        let mut heap = BinaryHeap::new();
        dist[target.row_major(w)] = 0;
        heap.push(Reverse((0, target.y, target.x)));
        while let Some(Reverse((d, y, x))) = heap.pop() {
            let n = Pos::new(x, y);
            if d > dist[n.row_major(w)] {
                continue;
            }
            for dir in Dir::ALL {
                let c = n.step(dir.opposite());
                let Some((to, cost)) = crate::path::step(map, c, dir, Connectivity::Eight) else {
                    continue;
                };
                debug_assert_eq!(to, n);
                let slot = &mut dist[c.row_major(w)];
                if d + cost < *slot {
                    *slot = d + cost;
                    heap.push(Reverse((d + cost, c.y, c.x)));
                }
            }
        }
        dist
    }

    /// A small generated level: the three default factions reading
    /// fields, unknown ground dearer than floor, danger weighed.
    fn level(seed: u64) -> crate::content::level::Level {
        let styles = [Style::Dungeon, Style::Cave, Style::Maze];
        let mut level = generate(
            &GenParams {
                width: 44 + 4 * (seed as u32 % 4),
                height: 28,
                style: styles[seed as usize % styles.len()],
                monsters_per_faction: 6,
            },
            seed,
        );
        for (i, f) in level.factions.iter_mut().enumerate() {
            f.planner = Replanner::Field;
            f.unknown_factor = 2 + (seed + i as u64) % 2;
            f.danger = 30;
        }
        level
    }

    /// The act phase of a turn, then, one time in `odds` (drawn with
    /// `rng`), a monster on the level killed: deaths, then decay, change
    /// danger, so costs change under the plans.
    fn act_and_sometimes_kill(game: &mut Floor, rng: &mut crate::rng::SimRng, odds: u32) {
        let mut ev = Vec::new();
        game.act_phase(&mut ev);
        if rng.random_range(0..odds) == 0 {
            let here: Vec<MonsterId> = game
                .units
                .monsters
                .iter()
                .filter(|m| m.is_here())
                .map(|m| m.id())
                .collect();
            if !here.is_empty() {
                kill(
                    &mut game.ground,
                    &mut game.units,
                    &mut game.factions,
                    &mut game.planning,
                    game.turn,
                    here[rng.random_range(0..here.len())],
                    &mut ev,
                );
            }
        }
    }

    /// Plays `level` for `turns` turns with fields updated by `policy`,
    /// killing a monster now and then (deaths, then decay, change danger),
    /// and checks at the start of every turn, after the plan phase, that
    /// every value a field monster reads equals the brute force over its
    /// faction's knowledge then. Returns the state hash of every turn and
    /// the field updates made (repairs, rebuilds).
    fn play_checked(
        level: &crate::content::level::Level,
        seed: u64,
        turns: u32,
        policy: FieldPolicy,
    ) -> (Vec<u64>, u64, u64) {
        let mut game = Game::new(level, seed, SimConfig::default()).unwrap().floor;
        let mut rng = crate::rng::sim_rng(seed ^ 0x5eed);
        let mut hashes = Vec::new();
        let mut checked = 0;
        for _ in 0..turns {
            game.begin_turn(policy);
            let mut truth: Vec<(usize, Pos, Vec<Cost>)> = Vec::new();
            for m in game
                .units
                .monsters
                .iter()
                .filter(|m| m.is_here() && !m.is_player())
            {
                let Some(goal) = m.plan().goal() else {
                    continue;
                };
                let f = &game.factions[m.faction()];
                let i = match truth
                    .iter()
                    .position(|(fi, g, _)| *fi == m.faction() && *g == goal)
                {
                    Some(i) => i,
                    None => {
                        truth.push((m.faction(), goal, brute_force(f.knowledge(), goal)));
                        truth.len() - 1
                    }
                };
                let want = truth[i].2[m.pos().row_major(f.knowledge().width())];
                let read = f
                    .fields()
                    .get(goal)
                    .and_then(|field| field.settled_value(m.pos()));
                if queue::goal_reachable(&game.units, &game.factions, m.id() as usize) {
                    let want = Some(want).filter(|&v| v != UNREACHED);
                    assert_eq!(
                        read,
                        Some(want),
                        "seed {seed} {policy:?} turn {}: monster {} at {}",
                        game.turn,
                        m.id(),
                        m.pos()
                    );
                    checked += 1;
                } else {
                    // The islands said no route: none exists.
                    assert_eq!(want, UNREACHED, "seed {seed} turn {}", game.turn);
                }
            }
            act_and_sometimes_kill(&mut game, &mut rng, 6);
            hashes.push(game.state_hash());
        }
        assert!(checked > 100, "seed {seed}: only {checked} reads checked");
        let (mut repairs, mut rebuilds) = (0, 0);
        for f in &game.factions {
            repairs += f.field_updates().repairs;
            rebuilds += f.field_updates().rebuilds;
        }
        (hashes, repairs, rebuilds)
    }

    /// The fields' rule, checked on whole games: at the start of
    /// every turn, every value a monster reads from any field is exact
    /// over its faction's knowledge at that moment (terrain, unknown
    /// ground at 2 or 3 times floor, danger with deaths and decay), on
    /// generated levels of three styles with every discovery the play
    /// makes; with fields repaired, rebuilt, or either as the cost model
    /// chooses (and it chooses both); and the game is the same on one
    /// thread and on two, and whichever way the fields are kept (they
    /// are caches).
    #[test]
    fn every_field_read_is_exact_at_the_start_of_every_turn() {
        let (mut repairs, mut rebuilds) = (0, 0);
        for seed in 0..6 {
            let level = level(seed);
            let (repaired, ..) = play_checked(&level, seed, 120, FieldPolicy::Repair);
            let (rebuilt, ..) = play_checked(&level, seed, 120, FieldPolicy::Rebuild);
            let pool = |n| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .unwrap()
            };
            let (one, r, b) =
                pool(1).install(|| play_checked(&level, seed, 120, FieldPolicy::Chosen));
            let (two, ..) =
                pool(2).install(|| play_checked(&level, seed, 120, FieldPolicy::Chosen));
            assert_eq!(one, two, "seed {seed}: threads changed the game");
            // Fields are caches: how they are kept changes no play.
            assert_eq!(one, repaired, "seed {seed}: repairing changed the game");
            assert_eq!(one, rebuilt, "seed {seed}: rebuilding changed the game");
            repairs += r;
            rebuilds += b;
        }
        assert!(
            repairs > 0 && rebuilds > 0,
            "{repairs} repairs, {rebuilds} rebuilds"
        );
    }

    /// A faction's islands, taken in with every change it logs
    /// (`LiveIslands::update`), equal the islands computed afresh from
    /// its knowledge at every moment a reader may read them, from the
    /// first (one open island and the log, or a pass for a faction that
    /// knew the map before play), in real games: each planner, walls
    /// learnt by touch and by sight, doors, danger from deaths changing
    /// costs all along.
    #[test]
    fn islands_kept_up_to_date_equal_islands_computed_afresh() {
        use crate::path::{Connectivity, Islands};
        let planners = [Replanner::AStar, Replanner::DStarLite, Replanner::Field];
        let mut updates = 0;
        for seed in 0..6u64 {
            let mut level = level(seed);
            for (i, f) in level.factions.iter_mut().enumerate() {
                f.planner = planners[(seed as usize + i) % planners.len()];
                // One faction on odd seeds knows the map before play
                // (learnt unlogged), the others learn it all in play.
                f.knows_map = i == 0 && seed % 2 == 1;
            }
            let mut game = Game::new(&level, seed, SimConfig::default()).unwrap().floor;
            let mut rng = crate::rng::sim_rng(seed ^ 0x151a);
            let mut seen: Vec<usize> = vec![0; game.factions.len()];
            let mut check = |game: &Floor, when: &str| {
                for (fi, f) in game.factions.iter().enumerate() {
                    let islands = f.islands().expect("islands from the start of play");
                    if f.log().total() != seen[fi] {
                        updates += 1;
                        seen[fi] = f.log().total();
                    }
                    assert_eq!(
                        islands.to_islands(),
                        Islands::of_entry_costs(f.knowledge(), Connectivity::Eight),
                        "seed {seed}, faction {fi}, turn {} {when}",
                        game.turn
                    );
                }
            };
            check(&game, "as play starts");
            for _ in 0..400 {
                game.begin_turn(FieldPolicy::Chosen);
                check(&game, "after the plan phase");
                act_and_sometimes_kill(&mut game, &mut rng, 40);
                check(&game, "after the act phase");
            }
        }
        assert!(updates >= 200, "only {updates} changes taken in");
    }
}
