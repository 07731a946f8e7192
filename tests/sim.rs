//! The simulation, through `Game::apply`: fog-of-war behaviour on ASCII
//! fixtures, units in each other's way, the search budget, determinism, and
//! the property that what a faction has not discovered cannot change
//! anything it does.

use darkstar::content::generator::maze_level;
use darkstar::content::level::{FactionSpec, Level, Spawn};
use darkstar::map::geom::Pos;
use darkstar::map::terrain::Terrain;
use darkstar::path::Replanner;
use darkstar::path::{SearchContext, SearchOptions};
use darkstar::sim::{Command, Event, Game, ReplanReason, SimConfig, WaitReason};
use proptest::prelude::*;

use crate::checked::Checked;
use crate::common::terrain_map;

/// Plays `level` until it settles or `turns` run out; every event with the
/// turn it happened on.
fn play(level: &Level, seed: u64, config: SimConfig, turns: u32) -> (Game, Vec<(u32, Event)>) {
    let mut game = Game::new(level, seed, config).expect("level starts");
    let mut events = Vec::new();
    for _ in 0..turns {
        if game.floor().is_settled() {
            break;
        }
        let turn = game.floor().turn() + 1;
        events.extend(game.apply(Command::Advance).into_iter().map(|e| (turn, e)));
    }
    (game, events)
}

fn parse(text: &str) -> Level {
    Level::parse(text, "fixture.txt".as_ref()).unwrap()
}

fn levels_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels")
}

/// `levels/dead-end.txt` with its one faction's settings changed.
fn dead_end(sight: u32, planner: Replanner, knows_map: bool) -> Level {
    let mut level = Level::load(&levels_dir().join("dead-end.txt")).unwrap();
    let f = &mut level.factions[0];
    (f.kinds[0].sight, f.planner, f.knows_map) = (sight, planner, knows_map);
    level
}

/// The pocket east of the start: the blind alley.
const POCKET: Pos = Pos::new(11, 1);

fn visited(events: &[(u32, Event)], cell: Pos) -> bool {
    events
        .iter()
        .any(|(_, e)| matches!(e, Event::Moved { to, .. } if *to == cell))
}

fn reached(events: &[(u32, Event)], monster: u32) -> bool {
    events
        .iter()
        .any(|(_, e)| matches!(e, Event::ReachedGoal { monster: m, .. } if *m == monster))
}

/// Touch only: the monster plans straight through the fog into the blind
/// alley, bumps the walls at its end, replans and still reaches the goal;
/// the steps into the alley and back count as wasted.
#[test]
fn a_blind_monster_walks_into_the_dead_end_bumps_replans_and_arrives() {
    for planner in [Replanner::AStar, Replanner::DStarLite] {
        let (game, events) = play(&dead_end(0, planner, false), 1, SimConfig::default(), 500);
        assert!(reached(&events, 0), "{planner:?}: {events:?}");
        assert!(
            visited(&events, POCKET),
            "{planner:?} never entered the alley"
        );
        let first_bump = events
            .iter()
            .position(|(_, e)| matches!(e, Event::Bumped { .. }));
        let first_replan = events.iter().position(|(_, e)| {
            matches!(
                e,
                Event::Replanned {
                    reason: ReplanReason::NewWall,
                    ..
                }
            )
        });
        let (Some(bump), Some(replan)) = (first_bump, first_replan) else {
            panic!("{planner:?}: no bump or no replan: {events:?}");
        };
        assert!(bump < replan, "{planner:?}: replanned before bumping");
        let stats = game.floor().monsters()[0].stats();
        assert!(
            stats.bumps >= 1 && stats.replans >= 1 && stats.wasted >= 2,
            "{stats:?}"
        );
        assert_eq!(game.floor().faction_stats(0), stats);
    }
}

/// The same monster knowing the map walks the optimal path and never sets
/// foot in the alley.
#[test]
fn with_full_knowledge_the_same_monster_never_enters_the_dead_end() {
    for planner in [Replanner::AStar, Replanner::DStarLite] {
        let level = dead_end(0, planner, true);
        let (game, events) = play(&level, 1, SimConfig::default(), 500);
        assert!(reached(&events, 0));
        assert!(!visited(&events, POCKET), "{planner:?} entered the alley");
        let optimal = SearchContext::new()
            .find_path(
                &level.terrain,
                level.spawns[0].at,
                level.factions[0].goal.unwrap(),
                &SearchOptions::default(),
            )
            .path()
            .unwrap()
            .len() as u64
            - 1;
        let stats = game.floor().monsters()[0].stats();
        assert_eq!(
            (stats.steps, stats.bumps, stats.replans, stats.wasted),
            (optimal, 0, 0, 0)
        );
    }
}

/// With sight, the monster replans the moment it sees the alley's end,
/// before it bumps into anything (it never does), and walks less.
#[test]
fn a_monster_with_sight_replans_as_soon_as_it_sees_the_wall() {
    for planner in [Replanner::AStar, Replanner::DStarLite] {
        let (blind, _) = play(&dead_end(0, planner, false), 1, SimConfig::default(), 500);
        let (game, events) = play(&dead_end(3, planner, false), 1, SimConfig::default(), 500);
        assert!(reached(&events, 0));
        assert!(
            events
                .iter()
                .all(|(_, e)| !matches!(e, Event::Bumped { .. }))
        );
        let replan = events
            .iter()
            .position(|(_, e)| {
                matches!(
                    e,
                    Event::Replanned {
                        reason: ReplanReason::NewWall,
                        ..
                    }
                )
            })
            .unwrap_or_else(|| panic!("{planner:?} never replanned"));
        // The replan comes straight after the sighting that caused it.
        assert!(matches!(events[replan - 1].1, Event::Discovered { .. }));
        let (seen, walked) = (
            game.floor().monsters()[0].stats(),
            blind.floor().monsters()[0].stats(),
        );
        assert!(seen.steps < walked.steps, "{seen:?} vs {walked:?}");
    }
}

/// Same level, same seed: the identical event sequence, twice; and the
/// RNG matters (another seed plays differently).
#[test]
fn the_same_seed_replays_the_identical_event_sequence() {
    let level = darkstar::content::generator::generate(
        &darkstar::content::generator::GenParams::default(),
        7,
    );
    let config = SimConfig::default();
    let (a_game, a) = play(&level, 7, config, 400);
    let (b_game, b) = play(&level, 7, config, 400);
    assert!(a.len() > 500, "too little happened to compare: {}", a.len());
    assert_eq!(a, b);
    for (x, y) in a_game
        .floor()
        .monsters()
        .iter()
        .zip(b_game.floor().monsters())
    {
        assert_eq!((x.pos(), x.stats()), (y.pos(), y.stats()));
    }
    let (_, c) = play(&level, 8, config, 400);
    assert_ne!(a, c, "the seed changed nothing");
}

/// Every monster of every faction gets through a maze full of dead ends,
/// squeezing past one another in its single-file corridors.
#[test]
fn every_faction_gets_through_a_maze() {
    let level = maze_level(3, 61, 31, 3);
    let (game, events) = play(&level, 3, SimConfig::default(), 6000);
    for m in game.floor().monsters() {
        assert!(
            !m.is_here(),
            "monster {} stuck at {}: {:?}",
            m.id(),
            m.pos(),
            m.stats()
        );
    }
    let blind = game.floor().faction_stats(0);
    let natives = game.floor().faction_stats(2);

    assert!(blind.bumps > 0 && blind.wasted > 0, "{blind:?}");
    assert_eq!((natives.bumps, natives.replans), (0, 0), "{natives:?}");
    assert!(natives.steps < blind.steps);
    assert!(
        events
            .iter()
            .any(|(_, e)| matches!(e, Event::Replanned { .. }))
    );
}

/// A unit that is not moving stands in the straight way across a room: the
/// monster plans round it (treated as unwalkable) rather than waiting for
/// ever; a different faction, so no swapping places. A* replans round it
/// (a `Blocked` replan); a field monster steers round it (a stopped unit's
/// cell is left out of its choice of steps) without replanning at all.
#[test]
fn a_stopped_unit_is_planned_around() {
    for planner in ["astar", "field"] {
        let level = parse(&format!(
            "name: room\nfaction: walkers glyph=w knows-map goal=1 planner={planner}\nfaction: statues glyph=s\nmap:\n\
             #########\n\
             #.......#\n\
             #w..s..1#\n\
             #.......#\n\
             #########\n"
        ));
        let statue = level.spawns[1].at;
        let (game, events) = play(&level, 1, SimConfig::default(), 100);
        assert!(reached(&events, 0), "{planner}: {events:?}");
        assert!(!visited(&events, statue), "{planner}");
        assert_eq!(
            game.floor().monsters()[1].pos(),
            statue,
            "the statue was pushed"
        );
        let blocked_replans = events.iter().any(|(_, e)| {
            matches!(
                e,
                Event::Replanned {
                    monster: 0,
                    reason: ReplanReason::Blocked,
                    ..
                }
            )
        });
        assert_eq!(blocked_replans, planner == "astar", "{planner}: {events:?}");
        let steps = game.floor().monsters()[0].stats().steps;
        assert!(steps <= 7, "{planner}: {steps} steps round one statue");
    }
}

/// A file of allies in a one-cell corridor all get to the goal, and two
/// factions meeting head on squeeze past each other.
#[test]
fn single_file_corridors_do_not_jam() {
    let level = parse(
        "name: corridor\nfaction: east glyph=e goal=1\nfaction: west glyph=w goal=2\nmap:\n\
         ##################\n\
         #2eeee.......www1#\n\
         ##################\n",
    );
    let (game, events) = play(&level, 5, SimConfig::default(), 200);
    for m in game.floor().monsters() {
        assert!(!m.is_here(), "monster {} stuck at {}", m.id(), m.pos());
    }
    assert_eq!(
        events
            .iter()
            .filter(|(_, e)| matches!(e, Event::ReachedGoal { .. }))
            .count(),
        7
    );
}

/// Hundreds of cells of searching with a budget of a few dozen a turn: no
/// turn spends more than the budget, a search runs over several turns (the
/// monster thinks meanwhile), nobody starves, and a search spread over
/// turns finds exactly the plan one run in a single turn does.
#[test]
fn searches_share_a_per_turn_budget_fairly() {
    let mut level = maze_level(11, 41, 21, 5);
    for f in &mut level.factions {
        f.planner = Replanner::AStar; // D* Lite repairs are charged, not sliced
    }
    let tight = SimConfig {
        expansion_budget: 40,
        detour_budget: 40,
        ..SimConfig::default()
    };
    let mut game = Game::new(&level, 11, tight).unwrap();
    let mut events = Vec::new();
    let mut thought_for = vec![0u32; game.floor().monsters().len()];
    for _ in 0..20_000 {
        if game.floor().is_settled() {
            break;
        }
        let turn = game.apply(Command::Advance);
        assert!(
            game.floor().spent_this_turn() <= tight.expansion_budget,
            "turn {} spent {}",
            game.floor().turn(),
            game.floor().spent_this_turn()
        );
        for e in &turn {
            if let Event::Waited {
                monster,
                reason: WaitReason::Thinking,
            } = e
            {
                thought_for[*monster as usize] += 1;
            }
        }
        events.extend(turn);
    }
    assert!(
        game.floor().monsters().iter().all(|m| !m.is_here()),
        "someone starved"
    );
    assert!(
        thought_for.iter().any(|&t| t >= 3),
        "no search spanned turns: {thought_for:?}"
    );
    // First plans: the same cost as with an unlimited budget (knowledge
    // does not change while a monster thinks about its first plan... but
    // other monsters may learn meanwhile, so compare on a lone monster).
    let mut alone = level.clone();
    alone.spawns.truncate(1);
    let first_plan = |config| {
        let (_, ev) = play(&alone, 11, config, 200);
        ev.into_iter()
            .find_map(|(t, e)| match e {
                Event::Planned { cost, .. } => Some((t, cost)),
                _ => None,
            })
            .unwrap()
    };
    let (slow_turn, slow_cost) = first_plan(tight);
    let (fast_turn, fast_cost) = first_plan(SimConfig::default());
    assert_eq!(slow_cost, fast_cost);
    assert!(slow_turn > fast_turn, "the sliced search took no longer");
}

/// Builds a level on `terrain`: a touch-only A* faction and a sighted D*
/// Lite faction, both heading for `goal`, monsters at `spawns`.
fn two_factions(terrain: darkstar::map::terrain::TerrainMap, goal: Pos, spawns: &[Pos]) -> Level {
    let mut blind = FactionSpec::new("blind", 'b');
    blind.goal = Some(goal);
    let mut scouts = FactionSpec::new("scouts", 's');
    (scouts.kinds[0].sight, scouts.planner, scouts.goal) = (2, Replanner::DStarLite, Some(goal));
    Level {
        name: "random".into(),
        description: String::new(),
        terrain,
        factions: vec![blind, scouts],
        spawns: spawns
            .iter()
            .enumerate()
            .map(|(i, &at)| Spawn {
                faction: i % 2,
                kind: 0,
                at,
            })
            .collect(),
        player: None,
        treasure: None,
        stairs: None,
        pack: Vec::new(),
    }
}

/// Changing the true contents of cells no faction has discovered changes
/// nothing: the same events, plans and costs, turn for turn. (A
/// faction's planners see only its knowledge; the rules reveal a cell
/// only by sight or touch.) A map with too little open ground is refused,
/// and a game whose factions came to know every cell changes none: the
/// run counts the games in which hidden cells changed, at least one in
/// two cases.
#[test]
fn hidden_changes_never_change_plans() {
    let config = ProptestConfig::with_cases(150);
    let games = Checked::new("games with hidden cells changed", &config);
    proptest!(config, |(
        map in terrain_map(16),
        picks in proptest::collection::vec((0u32..256, 0u32..256), 2..6),
        noise in proptest::collection::vec(0usize..Terrain::ALL.len(), 256),
        seed in 0u64..1000,
    )| {
        let passable: Vec<Pos> = map.grid().positions().filter(|&p| map.is_passable(p)).collect();
        prop_assume!(passable.len() >= 3);
        let mut cells: Vec<Pos> = picks.iter().map(|&(i, _)| passable[i as usize % passable.len()]).collect();
        cells.sort_by_key(|p| (p.y, p.x));
        cells.dedup();
        prop_assume!(cells.len() >= 2);
        let goal = cells.pop().unwrap();
        let level = two_factions(map.clone(), goal, &cells);
        let config = SimConfig::default();
        let (game, events) = play(&level, seed, config, 60);
        // Cells some faction knows at the end (all it ever learnt).
        let known = |p: Pos| game.floor().factions().iter().any(|f| f.knowledge().is_known(p));
        let mut altered = level.clone();
        let mut changed = 0;
        for (i, p) in map.grid().positions().enumerate() {
            if !known(p) {
                let t = Terrain::ALL[noise[i % noise.len()]];
                if map.get(p) != Some(t) {
                    changed += 1;
                }
                altered.terrain.set(p, t);
            }
        }
        let (other, again) = play(&altered, seed, config, 60);
        prop_assert_eq!(&events, &again, "{} hidden cells changed", changed);
        for (a, b) in game.floor().monsters().iter().zip(other.floor().monsters()) {
            prop_assert_eq!(a.plan().remaining(), b.plan().remaining());
        }
        games.add((changed > 0) as u64);
    });
    games.at_least(0.5);
}

/// Waits of each kind per monster, counted from the `Waited` events.
fn waited(events: &[(u32, Event)], monsters: usize, why: WaitReason) -> Vec<u64> {
    let mut n = vec![0; monsters];
    for (_, e) in events {
        if let Event::Waited { monster, reason } = e
            && *reason == why
        {
            n[*monster as usize] += 1;
        }
    }
    n
}

/// With a budget of a few expansions a turn, a lone monster that knows the
/// maze stands thinking until its one search is done: its think-waits are
/// exactly the turns before its plan came, every one of them a
/// budget-limited turn, and its monster-turns the turns it was on the
/// level. In a crowd, each monster's think-waits and unit-waits are its
/// waits of each kind. With the default budget nobody waits to think.
#[test]
fn think_waits_count_the_turns_spent_waiting_for_a_plan() {
    let mut level = maze_level(11, 41, 21, 5);
    for f in &mut level.factions {
        (f.planner, f.knows_map) = (Replanner::AStar, true);
    }
    let tight = SimConfig {
        expansion_budget: 7,
        detour_budget: 7,
        ..SimConfig::default()
    };
    let mut alone = level.clone();
    alone.spawns.truncate(1);
    let (game, events) = play(&alone, 11, tight, 2000);
    let planned = events
        .iter()
        .find_map(|(t, e)| matches!(e, Event::Planned { .. }).then_some(*t))
        .unwrap();
    let first_move = events
        .iter()
        .find_map(|(t, e)| matches!(e, Event::Moved { .. }).then_some(*t))
        .unwrap();
    assert!(planned > 3, "the search did not span turns: {planned}");
    assert_eq!(first_move, planned, "it moves the turn its plan comes");
    let stats = game.floor().monsters()[0].stats();
    assert_eq!(stats.think_waits, planned as u64 - 1);
    assert_eq!(stats.unit_waits, 0);
    assert_eq!(game.floor().budget_limited_turns(), planned as u64 - 1);
    assert!(!game.floor().monsters()[0].is_here());
    assert_eq!(game.floor().monster_turns(), game.floor().turn() as u64);

    let (game, events) = play(&level, 11, tight, 20_000);
    let n = game.floor().monsters().len();
    let think = waited(&events, n, WaitReason::Thinking);
    let unit = waited(&events, n, WaitReason::Blocked);
    for (i, m) in game.floor().monsters().iter().enumerate() {
        assert_eq!(m.stats().think_waits, think[i], "monster {i}");
        assert_eq!(m.stats().unit_waits, unit[i], "monster {i}");
    }
    assert!(game.floor().budget_limited_turns() > 0);
    assert!(think.iter().sum::<u64>() > 0);

    let (game, _) = play(&level, 11, SimConfig::default(), 20_000);
    assert!(
        game.floor()
            .monsters()
            .iter()
            .all(|m| m.stats().think_waits == 0)
    );
    assert_eq!(game.floor().budget_limited_turns(), 0);
    assert!(game.floor().monsters().iter().all(|m| !m.is_here()));
}

/// A monster that knows the map walks up a one-cell corridor to a unit of
/// another faction that never moves: from then on every action is a
/// unit-wait (no way round, nobody to swap with), and none is a
/// think-wait.
#[test]
fn unit_waits_count_the_actions_spent_behind_a_unit() {
    let level = parse(
        "name: corridor\nfaction: walkers glyph=w knows-map goal=1\nfaction: statues glyph=s\nmap:\n\
         ##########\n\
         #w....s.1#\n\
         ##########\n",
    );
    let turns = 40;
    let (game, events) = play(&level, 3, SimConfig::default(), turns);
    let walker = &game.floor().monsters()[0];
    assert_eq!(walker.pos(), Pos::new(5, 1), "it stops behind the statue");
    let stats = walker.stats();
    assert_eq!(stats.steps, 4);
    assert_eq!(stats.unit_waits, turns as u64 - 4);
    assert_eq!(stats.think_waits, 0);
    assert_eq!(waited(&events, 2, WaitReason::Blocked)[0], stats.unit_waits);
    assert_eq!(game.floor().monster_turns(), 2 * turns as u64);
    assert_eq!(game.floor().budget_limited_turns(), 0);
}

/// A faction holds at most `MAX_FIELDS` fields: six monsters sent to six
/// different cells share four, the least recently read reused for the
/// next target, and every monster still gets where it was sent.
#[test]
fn a_faction_holds_at_most_max_fields_and_every_target_is_served() {
    use darkstar::sim::{Command, Game, MAX_FIELDS};
    let level = parse(
        "name: t\nfaction: ants glyph=a knows-map planner=field\nmap:\n\
         ####################\n\
         #a.................#\n\
         #a.................#\n\
         #a........#........#\n\
         #a........#........#\n\
         #a.................#\n\
         #a.................#\n\
         ####################\n",
    );
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let goals: Vec<Pos> = (0..6).map(|i| Pos::new(18 - i, 1 + i)).collect();
    for (i, &goal) in goals.iter().enumerate() {
        game.apply(Command::SetGoal {
            monster: i as u32,
            goal: Some(goal),
        });
    }
    let mut most = 0;
    for _ in 0..60 {
        game.apply(Command::Advance);
        most = most.max(game.floor().factions()[0].fields().len());
        assert!(game.floor().factions()[0].fields().len() <= MAX_FIELDS);
    }
    assert_eq!(most, MAX_FIELDS, "the cap was never reached");
    for (m, goal) in game.floor().monsters().iter().zip(goals) {
        assert_eq!(m.pos(), goal, "monster {} did not get there", m.id());
    }
}

/// The 160x160 dungeon of `seed` with `monsters` monsters spread over it
/// in the four field factions of the scale benchmark.
fn spread_on_160(monsters: usize, seed: u64) -> Level {
    use darkstar::content::generator::{GenParams, generate, scale_factions, spread};
    let params = GenParams {
        width: 160,
        height: 160,
        ..GenParams::default()
    };
    let base = generate(&params, seed);
    let goal = base.factions[0].goal.unwrap();
    spread(
        &base,
        scale_factions(Replanner::Field, goal),
        monsters,
        seed,
    )
}

/// Plan, then act: a field monster never waits to think, whatever the
/// budget (the fields are brought up to date before anyone acts, outside
/// it), and the budget never runs out for want of field work. Every
/// faction moves, and its fields were both repaired and rebuilt as the
/// churn came and went.
#[test]
fn field_monsters_never_wait_to_think() {
    let level = spread_on_160(400, 1);
    let config = SimConfig {
        expansion_budget: 100,
        ..SimConfig::default()
    };
    let (game, events) = play(&level, 1, config, 120);
    assert_eq!(game.floor().budget_limited_turns(), 0);
    assert!(
        !events.iter().any(|(_, e)| matches!(
            e,
            Event::Waited {
                reason: WaitReason::Thinking,
                ..
            }
        )),
        "a field monster waited to think"
    );
    let (mut repairs, mut rebuilds) = (0, 0);
    let (mut rebuilt, mut repaired) = (0, 0);
    for f in 0..4 {
        let s = game.floor().faction_stats(f);
        assert_eq!(s.think_waits, 0, "faction {f}: {s:?}");
        assert!(s.steps > 100, "faction {f} stood still: {s:?}");
        let u = game.floor().factions()[f].field_updates();
        repairs += u.repairs;
        rebuilds += u.rebuilds;
        // The work told apart by kind: none of a kind that never ran, and
        // no more than all the cells expanded.
        assert!(u.rebuilds > 0 || u.rebuilt == 0, "faction {f}: {u:?}");
        assert!(u.repairs > 0 || u.repaired == 0, "faction {f}: {u:?}");
        assert!(u.rebuilt + u.repaired <= u.expanded, "faction {f}: {u:?}");
        (rebuilt, repaired) = (rebuilt + u.rebuilt, repaired + u.repaired);
    }
    assert!(
        rebuilt > 0 && repaired > 0,
        "{rebuilt} rebuilt, {repaired} repaired"
    );
    assert!(
        repairs > 0 && rebuilds > 4,
        "{repairs} repairs, {rebuilds} rebuilds"
    );
}

/// The factions' fields are updated in parallel: the game is the same,
/// hash for hash and turn for turn, on one thread, two and eight.
#[test]
fn threads_never_change_the_game() {
    let level = spread_on_160(300, 3);
    let hashes = |threads: usize| -> Vec<u64> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let mut game = Game::new(&level, 3, SimConfig::default()).unwrap();
            (0..60)
                .map(|_| {
                    game.apply(Command::Advance);
                    game.state_hash()
                })
                .collect()
        })
    };
    let one = hashes(1);
    assert_eq!(hashes(2), one);
    assert_eq!(hashes(8), one);
}

/// Fields toward the goal are grown for every field monster as the level
/// is set up, so nobody waits for a first plan: with a budget far too
/// small to grow them, the natives (who know the map, so their field never
/// needs repair) never think, and every one of them steps on turn 1.
#[test]
fn fields_are_grown_before_the_first_turn() {
    let level = spread_on_160(200, 2);
    let config = SimConfig {
        expansion_budget: 100,
        ..SimConfig::default()
    };
    let mut game = Game::new(&level, 2, config).unwrap();
    let natives: Vec<u32> = game
        .floor()
        .monsters()
        .iter()
        .filter(|m| m.faction() == 3)
        .map(|m| m.id())
        .collect();
    assert!(
        game.floor().faction_stats(3).expanded > 1000,
        "grown at set-up"
    );
    let events = game.apply(Command::Advance);
    let moved = natives
        .iter()
        .filter(|&&id| {
            events
                .iter()
                .any(|e| matches!(e, Event::Moved { monster, .. } if *monster == id))
        })
        .count();
    // (One may wait for a unit in its way.)
    assert!(
        moved * 10 >= natives.len() * 9,
        "{moved} of {} natives stepped on turn 1",
        natives.len()
    );
    for _ in 0..30 {
        game.apply(Command::Advance);
    }
    assert_eq!(game.floor().faction_stats(3).think_waits, 0);
}

/// A plan that gets dearer (not blocked) is replanned, with every planner:
/// the short upper corridor turns out, past a door (which blocks sight),
/// to hold five cells of swamp (three times floor); the monster sees them
/// all from the doorway, turns back and takes the longer lower corridor of
/// plain floor, never setting foot in the swamp. Knowing nothing beyond the
/// door at first, it plans the upper way (about 11 floor steps against 15
/// round); from the doorway the upper way costs 19, back and round 17.
/// (A corridor with no swamp, the control, is walked straight through.)
#[test]
fn a_plan_that_gets_dearer_is_replanned_by_every_planner() {
    for planner in ["astar", "dstar", "field"] {
        let level = parse(&format!(
            "name: t\nfaction: walkers glyph=w sight=6 planner={planner} goal=1\nmap:\n\
             ##############\n\
             #w.+,,,,,...1#\n\
             #.##########.#\n\
             #............#\n\
             ##############\n"
        ));
        let (game, events) = play(&level, 1, SimConfig::default(), 200);
        assert!(reached(&events, 0), "{planner}: never arrived");
        // It opens the door (a turn, without stepping in) and sees the
        // swamp beyond.
        assert!(
            events.iter().any(|(_, e)| matches!(
                e,
                Event::Door { by: 0, at, open: true } if *at == Pos::new(3, 1)
            )),
            "{planner}: never opened the door"
        );
        // A* and D* Lite see their path's rest priced higher (Costlier); a
        // field monster sees its cell's value rise, and with walls learnt
        // beside the swamp in the same look it counts a broken route.
        let replanned = events.iter().any(|(_, e)| match e {
            Event::Replanned {
                monster: 0, reason, ..
            } => {
                *reason == ReplanReason::Costlier
                    || (planner == "field" && *reason == ReplanReason::NewWall)
            }
            _ => false,
        });
        assert!(
            replanned,
            "{planner}: no replan for a dearer path: {events:?}"
        );
        // It turned back at the door it opened, never stepping in.
        let opened = events
            .iter()
            .position(|(_, e)| matches!(e, Event::Door { by: 0, .. }))
            .unwrap();
        let next = events[opened..].iter().find_map(|(_, e)| match e {
            Event::Moved { monster: 0, to, .. } => Some(*to),
            _ => None,
        });
        assert!(
            next.is_some_and(|to| to != Pos::new(3, 1)),
            "{planner}: did not turn back: {next:?}"
        );
        for x in 4..=8 {
            assert!(
                !visited(&events, Pos::new(x, 1)),
                "{planner}: waded into the swamp"
            );
        }
        assert!(
            visited(&events, Pos::new(6, 3)),
            "{planner}: did not go round"
        );
        assert_eq!(game.floor().monsters()[0].stats().bumps, 0, "{planner}");
        // The control: the same corridor without the swamp is not left.
        let plain = parse(&level.to_text().replace(",,,,,", "....."));
        let (_, events) = play(&plain, 1, SimConfig::default(), 200);
        assert!(
            reached(&events, 0) && !visited(&events, Pos::new(6, 3)),
            "{planner}: control"
        );
    }
}
